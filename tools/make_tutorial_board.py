"""Write ``data/boards/tutorial.json``: a small hand-drawn teaching board, "a compressed Europe".

It is NOT the real map. Land is drawn below as a text mask on a triangular lattice (one character per
milepost; every other text line is shifted half a step east when drawn, so neighbours are exactly one
lattice unit apart). Britain, Ireland, Scandinavia and the continent are separate land masses joined
only by ferries and the Chunnel. Every worked example of the rulebook ("Build Phase Rules", "Building
Ferry Ports", "Building the Chunnel") reproduces exactly on it; the script checks each one with
:func:`eb_core.costs.path_cost` and with an independent cheapest-path search before writing the file,
and stores the paths in ``meta["examples"]``.

Run from the repository root::

    python tools/make_tutorial_board.py          # writes data/boards/tutorial.json
    python tools/make_tutorial_board.py --check  # only checks, prints the map

Mask legend: ``' '`` sea (no milepost), ``'.'`` clear, ``'m'`` mountain, ``'X'`` alpine; upper-case
letters are city centres (see ``CITIES``), digits are ferry/Chunnel ports (see ``PORTS``), ``'z'`` and
``'k'`` are clear mileposts where a worked example ends. North is at the top (``y`` grows northwards).
"""
from __future__ import annotations

import argparse
import heapq
import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from eb_core.board import Board  # noqa: E402
from eb_core.costs import path_cost, segment_cost  # noqa: E402
from eb_core.rules import ruleset  # noqa: E402

MASK = """
                   m..m    ....
     ..           m..O..mm...S.
...  ...          m.......m....
..T  2...          m......mm...
...  .....           ...7..
...  1....
.U.   .B...            .8.
       .....     ..........
      ......    ........G.......
      .......  ..H...........E..
      ...L...  .................
      ......   ......R........
      .3...5   6.N...........
              .................
     ...4.......k....F...........
     ........P...................
      ...................K.....W.
      ...........mmm.Z.mm........
       ......Y.....mmmmmmm...
     mmmm.......mmmm...mXm..
    ..........  mmmX.z.XmXm
    ......       mmm.m.....
    ..D....            ..M...
      ..               ......
"""

# marker -> (city name, size)
CITIES = {
    "L": ("London", "major"), "H": ("Holland", "major"), "R": ("Ruhr", "major"), "E": ("Berlin", "major"),
    "P": ("Paris", "major"), "W": ("Wien", "major"), "M": ("Milano", "major"), "D": ("Madrid", "major"),
    "O": ("Oslo", "key"), "S": ("Stockholm", "key"),
    "N": ("Antwerpen", "medium"), "Z": ("Zürich", "medium"), "B": ("Birmingham", "medium"),
    "K": ("München", "medium"), "G": ("Hamburg", "medium"),
    "F": ("Frankfurt", "small"), "U": ("Dublin", "small"), "T": ("Belfast", "small"), "Y": ("Lyon", "small"),
}
# marker -> port name (a port that is also a city uses the city's marker, see FERRIES)
PORTS = {"1": "Liverpool", "2": "Stranraer", "3": "Portsmouth", "4": "Le Havre", "5": "Folkestone",
         "6": "Calais", "7": "Malmö", "8": "Sassnitz"}
WAYPOINTS = {"z": "Zürich example end", "k": "Calais example end"}
FERRIES = [  # (name, port marker, port marker, cost) -- costs: rulebook "Building Ferry Ports" / facts file
    ("Liverpool–Dublin", "1", "U", 6),
    ("Stranraer–Belfast", "2", "T", 4),
    ("Portsmouth–Le Havre", "3", "4", 4),
    ("Malmö–Sassnitz", "7", "8", 4),
]
TUNNEL = ("Chunnel", "5", "6", 17, 3)  # rulebook "Building the Chunnel": 17M, three underground mileposts

# Rivers: polylines through "triangle centres" between mileposts, given as (line, column, side) where
# side "n"/"s" is the centre of the triangle just north/south-east of that milepost. A river never passes
# through a milepost; every edge it cuts is a bridge.
RIVERS: dict[str, list[tuple[int, int, str]]] = {
    "Thames": [(10, c, "s") for c in range(6, 14)],
    "Schelde": [(10, c, "s") for c in range(14, 19)] + [(11, 18, "s"), (12, 18, "s"), (13, 19, "s")],
    "Rhein": [(18, 19, "s"), (17, 19, "n"), (16, 19, "n"), (15, 19, "n"), (14, 19, "n"), (13, 20, "n"),
              (12, 20, "n"), (11, 19, "n"), (10, 19, "n")] + [(10, c, "n") for c in range(18, 13, -1)],
    "Seine": [(17, 16, "s"), (17, 15, "s"), (16, 14, "s"), (15, 13, "s")] + [(14, c, "s") for c in range(12, 6, -1)]
             + [(14, 7, "n")],
    "Donau": [(16, c, "s") for c in range(23, 34)],
}
# closed polygons, same point notation: thin bands between two rows of mileposts
LAKES: dict[str, list[tuple[int, int, str]]] = {
    "Zürichsee": [(18, 19, "s"), (18, 22, "s"), (19, 22, "n"), (19, 19, "n")]}
INLETS: dict[str, list[tuple[int, int, str]]] = {
    "Oslofjord": [(2, 19, "s"), (2, 21, "s"), (3, 21, "n"), (3, 19, "n")]}

SQ3 = math.sqrt(3.0)


class Lattice:
    """The text mask turned into lattice positions."""

    def __init__(self, mask: str):
        lines = mask.strip("\n").split("\n")
        if len(lines) % 2:
            lines.append("")  # an even number of rows keeps "odd rows (from the south) shifted"
        self.lines = lines
        self.nrows = len(lines)
        self.cells: dict[tuple[int, int], str] = {}
        for t, line in enumerate(lines):
            for c, ch in enumerate(line):
                if ch != " ":
                    self.cells[(t, c)] = ch

    def xy(self, t: float, c: float) -> tuple[float, float]:
        r = self.nrows - 1 - t
        return (c + (0.5 if int(t) % 2 == 0 else 0.0), r * SQ3 / 2)

    def point(self, t: int, c: int, side: str) -> tuple[float, float]:
        x, y = self.xy(t, c)
        return (x + 0.5, y + (SQ3 / 6 if side == "n" else -SQ3 / 6))

    def neighbours(self, t: int, c: int) -> list[tuple[int, int]]:
        up_down = (c, c + 1) if t % 2 == 0 else (c - 1, c)
        out = [(t, c - 1), (t, c + 1)] + [(t + d, cc) for d in (-1, 1) for cc in up_down]
        return [p for p in out if p in self.cells]

    def find(self, ch: str) -> tuple[int, int]:
        hits = [p for p, v in self.cells.items() if v == ch]
        if len(hits) != 1:
            raise SystemExit(f"marker {ch!r} appears {len(hits)} times in the mask")
        return hits[0]


def _cross(p, q, r, s) -> bool:
    """Do segments p-q and r-s intersect (properly or touching)?"""
    def orient(a, b, c):
        v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return 0 if abs(v) < 1e-12 else (1 if v > 0 else -1)
    o1, o2, o3, o4 = orient(p, q, r), orient(p, q, s), orient(r, s, p), orient(r, s, q)
    return o1 != o2 and o3 != o4


def _inside(pt, poly) -> bool:
    x, y = pt
    n, inside = len(poly), False
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _hits_polyline(a, b, line) -> bool:
    return any(_cross(a, b, line[i], line[i + 1]) for i in range(len(line) - 1))


def _hits_polygon(a, b, poly) -> bool:
    return _hits_polyline(a, b, poly + [poly[0]]) or _inside(a, poly) or _inside(b, poly)

TERRAIN = {".": "clear", "m": "mountain", "X": "alpine"}

# Seas for the Gale and Strike events (facts file: Atlantic / Northern Seas / Mediterranean). Each sea
# position of the mask (and a two-position margin around it) belongs to one sea; the two boundary flags
# sit where the rulebook puts them: north-west of Nantes (west end of the Channel) and south-east of
# Sevilla (south of Iberia).
FLAGS = {"Atlantic / Northern Seas": (13.0, 4.5), "Atlantic / Mediterranean": (24.0, 8.0)}  # (line, x)
FAR = 99  # distance recorded for mileposts that cannot reach a sea's coast over land


def sea_of(t: int, c: int) -> str | None:
    """The sea a sea position (text line ``t``, column ``c``) belongs to (``None``: land off the map)."""
    if 9 <= t <= 19 and c >= 26:
        return None                     # east of the drawn continent: more land, not sea
    if t >= 20 and c >= 8:
        return "Mediterranean"          # south of France, Italy; Iberia's south coast east of the flag
    if c <= 5 and t <= 12 or c <= 4 or (t >= 14 and c <= 7) or t >= 20:
        return "Atlantic"               # Irish Sea, west of Ireland, western Channel, Bay of Biscay, Iberia
    if t <= 1 and c <= 9:
        return "Atlantic"               # north of Scotland
    return "Northern Seas"              # North Sea, Channel east of the flag, Skagerrak, Baltic


def build(mask: str = MASK) -> dict:
    """The board document (``eb-board/1``) drawn by ``mask``, without the worked examples."""
    lat = Lattice(mask)
    facts = json.loads((ROOT / "data" / "sources" / "europe_facts.json").read_text(encoding="utf-8"))
    fcity = {c["name"]: c for c in facts["cities"]}
    order = sorted(lat.cells)                     # north to south, west to east
    ids = {p: i for i, p in enumerate(order)}
    centres = {ch: lat.find(ch) for ch in CITIES}
    red: dict[tuple[int, int], str] = {}
    for ch, (name, size) in CITIES.items():
        if size in ("major", "key"):
            nb = lat.neighbours(*centres[ch])
            if len(nb) != 6:
                raise SystemExit(f"{name}: its red area needs 6 land neighbours, has {len(nb)}")
            for p in nb:
                red[p] = name
    mileposts = []
    for p in order:
        ch = lat.cells[p]
        x, y = lat.xy(*p)
        terrain = TERRAIN.get(ch, "clear")
        if p in red and terrain != "clear":
            raise SystemExit(f"{red[p]}: red-area milepost at line {p[0]} column {p[1]} must be clear")
        mp = {"id": ids[p], "x": round(x, 6), "y": round(y, 6), "terrain": terrain}
        if ch in PORTS:
            mp["port"] = PORTS[ch]
        mileposts.append(mp)
    for ch, (name, _) in CITIES.items():
        for _name, a, b, _cost in FERRIES:  # a port that is also a city: label it
            if ch in (a, b):
                mileposts[ids[centres[ch]]]["port"] = name
    edges = []
    river_lines = {n: [lat.point(*q) for q in pts] for n, pts in RIVERS.items()}
    lake_polys = {n: [lat.point(*q) for q in pts] for n, pts in LAKES.items()}
    inlet_polys = {n: [lat.point(*q) for q in pts] for n, pts in INLETS.items()}
    for p in order:
        for q in lat.neighbours(*p):
            if ids[q] <= ids[p]:
                continue
            a, b = lat.xy(*p), lat.xy(*q)
            e = {"a": ids[p], "b": ids[q]}
            rivers = [n for n, line in river_lines.items() if _hits_polyline(a, b, line)]
            if rivers:
                e["rivers"] = rivers
            if any(_hits_polygon(a, b, poly) for poly in lake_polys.values()):
                e["lake"] = True
            if any(_hits_polygon(a, b, poly) for poly in inlet_polys.values()):
                e["inlet"] = True
            edges.append(e)
    for polys in (lake_polys, inlet_polys):
        for n, poly in polys.items():
            wet = [p for p in order if _inside(lat.xy(*p), poly)]
            if wet:
                raise SystemExit(f"water {n!r} covers mileposts {wet}")
    cities, used_loads = [], {}
    for ch, (name, size) in CITIES.items():
        f = fcity[name]
        if f["size"] != size:
            raise SystemExit(f"{name} is a {f['size']} city in the facts file, not {size}")
        c = centres[ch]
        mps = [ids[c]] + ([ids[q] for q in lat.neighbours(*c)] if size in ("major", "key") else [])
        cities.append({"name": name, "size": size, "center": ids[c], "mileposts": mps, "loads": f["loads"],
                       "aliases": f["aliases"], "country": f["country"]})
        for ld in f["loads"]:
            used_loads[ld] = facts["loads"][ld]
    ferries = [{"name": n, "ports": [ids[lat.find(a)], ids[lat.find(b)]],
                "port_names": [PORTS.get(a) or CITIES[a][0], PORTS.get(b) or CITIES[b][0]], "cost": cost}
               for n, a, b, cost in FERRIES]
    tname, ta, tb, tcost, tn = TUNNEL
    pa, pb = lat.xy(*lat.find(ta)), lat.xy(*lat.find(tb))
    under = []
    for k in range(1, tn + 1):
        f = k / (tn + 1)
        under.append(len(mileposts))
        mileposts.append({"id": len(mileposts), "x": round(pa[0] + f * (pb[0] - pa[0]), 6),
                          "y": round(pa[1] + f * (pb[1] - pa[1]), 6), "terrain": "clear", "underground": True})
    tunnels = [{"name": tname, "ports": [ids[lat.find(ta)], ids[lat.find(tb)]],
                "port_names": [PORTS[ta], PORTS[tb]], "cost": tcost, "mileposts": under}]
    # seas: coastal mileposts are 1 from their sea's coast, others count over edges (the coast is 0)
    width = max(len(line) for line in lat.lines)
    adj: dict[int, list[int]] = {i: [] for i in range(len(order))}
    for e in edges:
        adj[e["a"]].append(e["b"])
        adj[e["b"]].append(e["a"])
    seas: dict[str, list[int]] = {}
    for sea in ("Atlantic", "Northern Seas", "Mediterranean"):
        dist = [FAR] * len(mileposts)
        frontier = []
        for p in order:
            t, c = p
            up_down = (c, c + 1) if t % 2 == 0 else (c - 1, c)
            around = [(t, c - 1), (t, c + 1)] + [(t + d, cc) for d in (-1, 1) for cc in up_down]
            if any(q not in lat.cells and -2 <= q[1] <= width + 2 and sea_of(*q) == sea for q in around):
                dist[ids[p]] = 1
                frontier.append(ids[p])
        while frontier:
            nxt = []
            for u in frontier:
                for v in adj[u]:
                    if dist[v] > dist[u] + 1:
                        dist[v] = dist[u] + 1
                        nxt.append(v)
            frontier = nxt
        seas[sea] = dist
    flags = [{"name": n, "x": c, "y": round((lat.nrows - 1 - t) * SQ3 / 2, 4)} for n, (t, c) in FLAGS.items()]
    doc = {
        "schema": "eb-board/1",
        "name": "tutorial",
        "title": "Tutorial board — a compressed Europe (not the real map)",
        "game": "europe",
        "notes": NOTES,
        "mileposts": mileposts,
        "edges": edges,
        "cities": cities,
        "loads": dict(sorted(used_loads.items())),
        "ferries": ferries,
        "tunnels": tunnels,
        "seas": seas,
        "drawing": {
            "flags": flags,
            "rivers": {n: [[[round(x, 4), round(y, 4)] for x, y in line]] for n, line in river_lines.items()},
            "lakes": [[[round(x, 4), round(y, 4)] for x, y in poly] for poly in lake_polys.values()],
        },
        "meta": {"generator": "tools/make_tutorial_board.py", "mask": lat.lines,
                 "waypoints": {WAYPOINTS[ch]: ids[lat.find(ch)] for ch in WAYPOINTS}},
    }
    return doc


NOTES = (
    "A small hand-drawn teaching board: a compressed Europe, NOT the real map (distances, coastlines and "
    "terrain are simplified; use the 'europe' board for real play). Four land masses: Ireland (Dublin, "
    "Belfast), Britain (London, Birmingham; ports Liverpool, Stranraer, Portsmouth, Folkestone), "
    "Scandinavia (Oslo, Stockholm; port Malmö) and the continent (Holland, Ruhr, Berlin, Paris, Wien, "
    "Milano, Madrid, Antwerpen, Zürich, Frankfurt, Hamburg, München, Lyon; ports Le Havre, Calais, "
    "Sassnitz), joined only by the ferries Liverpool–Dublin (6), Stranraer–Belfast (4), Portsmouth–Le "
    "Havre (4), Malmö–Sassnitz (4) and the Chunnel Folkestone–Calais (17, three underground mileposts). "
    "Rivers Thames, Schelde, Rhein, Seine and Donau, the lake Zürichsee, the Oslofjord inlet, mountains "
    "and a few alpine mileposts in the Alps between Zürich and Milano. Every worked example of the "
    "rulebook (Build Phase Rules, Building Ferry Ports, Building the Chunnel) reproduces exactly and is "
    "the cheapest build between its ends; meta['examples'] holds each example's path, cost and rulebook "
    "section, meta['mask'] the hand-drawn map. Generated by tools/make_tutorial_board.py."
)


def cheapest(board: Board, rules, sources, targets, owned=()) -> tuple[int, list[int]]:
    """Independent Dijkstra over lattice edges with :func:`segment_cost` (used to check the examples)."""
    targets = set(targets)
    dist = {s: 0 for s in sources}
    prev: dict[int, int] = {}
    heap = [(0, s) for s in sorted(sources)]
    while heap:
        d, u = heapq.heappop(heap)
        if d > dist.get(u, math.inf):
            continue
        if u in targets:
            path = [u]
            while path[-1] in prev:
                path.append(prev[path[-1]])
            return d, path[::-1]
        for v in board.neighbors(u):
            seg = segment_cost(board, rules, u, v, owned_crossings=owned)
            if seg is None:
                continue
            nd = d + seg.total
            if nd < dist.get(v, math.inf):
                dist[v], prev[v] = nd, u
                heapq.heappush(heap, (nd, v))
    raise SystemExit(f"no path from {sorted(sources)[:3]} to {sorted(targets)[:3]}")


def show(doc: dict) -> str:
    lines = doc["meta"]["mask"]
    return "\n".join(f"{t:2d} " + (" " if t % 2 == 0 else "") + " ".join(row) for t, row in enumerate(lines))


BUILD = "Build Phase Rules"
FERRY = "Build Phase Rules > Building Ferry Ports"
CHUNNEL = "Build Phase Rules > Building the Chunnel"


def add_examples(doc: dict, *, strict: bool = True) -> list[str]:
    """Find each worked example's path on the board, check it, store it in ``meta["examples"]``.

    Returns the list of problems (empty when every example reproduces the rulebook's number).
    """
    board = Board.from_dict(doc)
    rules = ruleset("europe-standard")
    problems: list[str] = []
    ex: dict[str, dict] = {}

    def mps(name):
        return board.city(name).mileposts if board.has_city(name) else (port(name),)

    def port(name):
        return next(m.id for m in board.mileposts if m.port == name)

    def add(key, path, want, rule, text, owned=()):
        segs = path_cost(board, rules, path, owned_crossings=owned)
        got = sum(s.total for s in segs)
        item = {"path": [int(p) for p in path], "cost": want, "rule": rule, "text": text}
        if owned:
            item["owned_crossings"] = list(owned)
        ex[key] = item
        if got != want:
            problems.append(f"{key}: {got}M, rulebook says {want}M: " + "; ".join(s.explain() for s in segs))
        return segs

    def best(key, src, dst, want, rule, text, owned=()):
        cost, path = cheapest(board, rules, mps(src) if isinstance(src, str) else src,
                              mps(dst) if isinstance(dst, str) else dst, owned)
        if cost != want:
            problems.append(f"{key}: cheapest {src}->{dst} costs {cost}M, not {want}M")
        return add(key, path, want, rule, text, owned)

    segs = best("antwerp", "Holland", "Antwerpen", 6, BUILD + " > Bridges over Rivers, Lakes and Ocean Inlets",
                "Example 1 (Antwerp): Bridge over rivers - 3m (1+2m); into medium city - 3m; total build cost - 6m.")
    if [(s.base_label, bool(s.water)) for s in segs] != [("clear", True), ("medium city Antwerpen", False)]:
        problems.append("antwerp: expected clear+river, then Antwerpen: " + "; ".join(s.explain() for s in segs))
    z = doc["meta"]["waypoints"]["Zürich example end"]
    segs = best("zurich", "Zürich", (z,), 7, BUILD + " > Bridges over Rivers, Lakes and Ocean Inlets",
                "Example 2 (Zurich): 1 mountain milepost - 2m; bridge over lake - 4m (1+3m); "
                "1 clear milepost - 1m; total build cost - 7m.")
    if [s.explain() for s in segs] != ["2M mountain", "1M clear + 3M bridge (lake)", "1M clear"]:
        problems.append("zurich: " + "; ".join(s.explain() for s in segs))
    ed = ("Example: Starting from London, Ed spends 5M to build to Birmingham. He continues to build out of "
          "London towards Portsmouth, spending an additional 5M: 1M for the first milepost, and then 4 to build "
          "into Portsmouth Ferry. For the last part of his build for the turn, he spends 8M to build into Paris "
          "from Le Havre. Since he already built out of a Major city twice for the turn, he'd have to wait till "
          "the following turn to build out of Paris and save himself 4M.")
    best("london_birmingham", "London", "Birmingham", 5, FERRY, ed)
    segs = best("london_portsmouth", "London", "Portsmouth", 5, FERRY, ed)
    if [s.total for s in segs] != [1, 4]:
        problems.append("london_portsmouth: " + "; ".join(s.explain() for s in segs))
    best("le_havre_paris", "Le Havre", "Paris", 8, FERRY, ed)
    best("paris_le_havre", "Paris", "Le Havre", 4, FERRY, ed, owned=("Portsmouth–Le Havre",))
    jeff = ("Example: Starting from London, Jeff spends 18M to build to Folkestone: 1M for the first milepost, "
            "and then 17 to build the Chunnel. For the last part of his build, he builds south from Calais "
            "spending his last 2M for the turn.")
    segs = best("london_folkestone", "London", "Folkestone", 18, CHUNNEL, jeff)
    if [s.total for s in segs] != [1, 17]:
        problems.append("london_folkestone: " + "; ".join(s.explain() for s in segs))
    k = doc["meta"]["waypoints"]["Calais example end"]
    segs = best("calais_south", "Calais", (k,), 2, CHUNNEL, jeff, owned=("Chunnel",))
    if board.milepost(k).y >= board.milepost(port("Calais")).y:
        problems.append("calais_south must end south of Calais")
    lp = ("When a small or medium city is also a ferry port, you pay only the cost of the ferry line to connect "
          "to both the ferry and the city. E.g., it costs 6 million to build to Liverpool / Dublin and 4 million "
          "to build to Stranraer / Belfast.")
    for key, pname, toward, want in (("liverpool_dublin", "Liverpool", "Birmingham", 6),
                                     ("stranraer_belfast", "Stranraer", "Birmingham", 4)):
        p = port(pname)
        c = board.city(toward).center
        land = [n for n in board.neighbors(p) if board.city_at(n) is None]
        start = min(land, key=lambda n: (board.distance(n, c), n))
        add(key, [start, p], want, FERRY, lp)
    # Frankfurt: the longest straight east-west run of mileposts through Frankfurt (fog examples).
    f = board.city("Frankfurt").center
    fy = board.milepost(f).y
    row = sorted((m for m in board.mileposts if abs(m.y - fy) < 1e-6 and not m.underground), key=lambda m: m.x)
    xs = [m.x for m in row]
    i = next(j for j, m in enumerate(row) if m.id == f)
    lo, hi = i, i
    while lo > 0 and xs[lo] - xs[lo - 1] == 1 and board.city_at(row[lo - 1].id) is None:
        lo -= 1
    while hi + 1 < len(row) and xs[hi + 1] - xs[hi] == 1 and board.city_at(row[hi + 1].id) is None:
        hi += 1
    lo, hi = max(lo, i - 1), min(hi, i + 11)   # from 1 west of Frankfurt to 11 east of it
    line = [m.id for m in row[lo:hi + 1]]
    if len(line) != 13 or any(board.milepost(m).terrain.value != "clear" for m in line):
        problems.append(f"frankfurt_fog_line: {len(line)} mileposts, need 13 clear ones in a row")
    ex["frankfurt_fog_line"] = {
        "path": line, "cost": sum(s.total for s in path_cost(board, rules, line)),
        "rule": "Events > Fog",  # see the rulebook's fog examples (12-speed train near Frankfurt)
        "text": "A straight line of clear mileposts through Frankfurt (small city), west to east, for the fog "
                "examples: a 12-speed train moving toward or away from Frankfurt.",
        "frankfurt_index": line.index(f)}
    doc["meta"]["examples"] = ex
    return problems


def check_board(doc: dict) -> list[str]:
    """Whole-board checks: separate cities, everything reachable, every load has a source."""
    board = Board.from_dict(doc)
    problems = []
    import networkx as nx

    g = board.to_networkx()
    comp = nx.node_connected_component(g, board.city("London").center)
    for c in board.cities:
        if c.center not in comp:
            problems.append(f"{c.name} is not reachable from London")
        for m in c.mileposts:
            for n in board.neighbors(m):
                other = board.city_at(n)
                if other is not None and other is not c:
                    problems.append(f"{c.name} touches {other.name} ({m}-{n})")
    for ld in board.loads:
        if not board.sources(ld):
            problems.append(f"load {ld} has no source city")
    real = [m for m in board.mileposts if not m.underground]
    if len(real) > 450:
        problems.append(f"{len(real)} mileposts, at most 450 wanted")
    return problems


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="check and print, do not write")
    ap.add_argument("--out", default=str(ROOT / "data" / "boards" / "tutorial.json"))
    args = ap.parse_args(argv)
    doc = build()
    problems = check_board(doc) + add_examples(doc)
    if args.check or problems:
        print(show(doc))
        b = Board.from_dict(doc)
        print(b)
        for key, e in doc["meta"].get("examples", {}).items():
            print(key, e["cost"], e["path"])
    for p in problems:
        print("PROBLEM:", p)
    if problems:
        return 1
    if not args.check:
        text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
        Path(args.out).write_text(text + "\n", encoding="utf-8")
        print(f"wrote {args.out}: {Board.from_dict(doc)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
