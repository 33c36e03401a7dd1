"""The Empire Builder: Europe board generated from real geography (data/boards/europe.json).

Checks what a player of the printed board would recognise: the 60 cities with their classes and loads,
red areas, the ferries and the Chunnel at their rulebook prices, Britain and Ireland joined to the continent
only by sea, mountains and the high Alps in roughly the printed numbers, the 21 named rivers, the seas
counted as the rulebook's "Events > Counting Mileposts" counts them, and that the generator reproduces the
committed file from the committed extracts.
"""
from __future__ import annotations

import json
import math
import subprocess
import sys
from collections import Counter, deque
from pathlib import Path

import pytest

import eb_core as eb

ROOT = Path(__file__).resolve().parents[2]
FACTS = json.loads((ROOT / "data" / "sources" / "europe_facts.json").read_text(encoding="utf-8"))
BOARD_FILE = ROOT / "data" / "boards" / "europe.json"
RIVERS = ["Rhein", "Donau", "Elbe", "Oder", "Wisła", "Seine", "Loire", "Rhône", "Garonne", "Po", "Ebro", "Tajo",
          "Duero", "Guadalquivir", "Thames", "Severn", "Trent", "Shannon", "Maas", "Sava", "Tevere"]


@pytest.fixture(scope="module")
def board():
    return eb.load_board("europe")


def reachable(board, start, *, crossings=True):
    """Mileposts reachable from ``start`` over edges (and ferries / the Chunnel if ``crossings``)."""
    seen, q = {start}, deque([start])
    while q:
        a = q.popleft()
        nxt = list(board.neighbors(a))
        if crossings:
            for cr in board.crossings_at(a):
                nxt += list(cr.path_from(a))
        for b in nxt:
            if b not in seen:
                seen.add(b)
                q.append(b)
    return seen


def km(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 2 * 6371 * math.asin(math.sqrt(h))


# ------------------------------------------------------------------------------------------ cities and loads
def test_city_classes_loads_and_chips_match_the_facts(board):
    sizes = Counter(c.size.value for c in board.cities)
    assert sizes == {"major": 8, "key": 2, "medium": 19, "small": 31}, sizes
    assert len(board.loads) == 29 and sum(board.loads.values()) == 92, board.loads
    assert board.loads == FACTS["loads"]
    for cf in FACTS["cities"]:
        c = board.city(cf["name"])
        assert (c.size.value, list(c.loads), c.country) == (cf["size"], cf["loads"], cf["country"]), cf["name"]
        for al in cf["aliases"]:
            assert board.city(al) is c
    assert set(board.city("Holland").loads) == {"Cheese", "Flowers"}
    assert board.city("Amsterdam") is board.city("Holland")


def test_cities_sit_at_their_real_positions(board):
    """Each city centre is within one milepost (44 km) of the real city; nudges are listed in meta."""
    far = {}
    for cf in FACTS["cities"]:
        m = board.milepost(board.city(cf["name"]).center)
        d = km(cf["lat"], cf["lon"], m.lat, m.lon)
        if d > board.spacing_km:
            far[cf["name"]] = round(d)
    assert not far, f"cities placed too far from their real position (km): {far}"


def test_no_two_cities_share_or_touch_mileposts(board):
    owner = {}
    for c in board.cities:
        for m in c.mileposts:
            assert m not in owner, f"{c.name} and {owner[m]} share milepost {m}"
            owner[m] = c.name
    touching = sorted({tuple(sorted((owner[a], owner[b]))) for a in owner for b in board.neighbors(a)
                       if b in owner and owner[b] != owner[a]})
    assert not touching, f"cities whose mileposts are neighbours: {touching}"


def test_red_areas_are_a_centre_and_its_six_neighbours(board):
    red = [c for c in board.cities if c.has_red_area]
    assert sorted(c.name for c in red) == sorted(["Berlin", "Holland", "London", "Madrid", "Milano", "Paris", "Ruhr",
                                                  "Wien", "Oslo", "Stockholm"])
    for c in red:
        assert len(c.mileposts) == 7 and c.mileposts[0] == c.center, c
        assert set(c.mileposts[1:]) == set(board.neighbors(c.center)), f"{c.name}: ring is not the centre's six"
        assert all(board.is_red_area(c.center, m) for m in c.mileposts[1:])
        assert all(board.milepost(m).terrain.value == "clear" for m in c.mileposts)


def test_red_area_bridges_keep_their_river(board):
    """Red-area edges crossing a river keep the tag (public bridges, e.g. the Seine in Paris)."""
    expect = {"Paris": "Seine", "London": "Thames", "Wien": "Donau", "Ruhr": "Rhein"}
    for city, river in expect.items():
        c = board.city(city)
        rivers = {r for e in board.public_edges if board.city_at(e.a) is c for r in e.rivers}
        assert river in rivers, f"{city} red area crosses {sorted(rivers)}, expected {river}"


# ------------------------------------------------------------------------------------------ connectivity
def test_every_city_reachable_from_london(board):
    seen = reachable(board, board.city("London").center)
    missing = [c.name for c in board.cities if c.center not in seen]
    assert not missing, f"not reachable from London with edges, ferries and the Chunnel: {missing}"
    assert len(seen) == len(board.mileposts), "some mileposts are cut off from the rest of the board"


def test_every_major_city_can_reach_every_other(board):
    majors = board.major_cities
    assert len(majors) == 8
    for a in majors:
        seen = reachable(board, a.center)
        assert all(b.center in seen for b in majors), a.name


def test_britain_and_ireland_joined_to_the_continent_only_by_sea(board):
    """Rulebook: Building Ferry Ports / Building the Chunnel are the only ways across."""
    land_london = reachable(board, board.city("London").center, crossings=False)
    for city in ("Paris", "Holland", "Bruxelles", "Dublin", "Belfast"):
        assert board.city(city).center not in land_london, f"London reaches {city} without a ferry"
    for city in ("Birmingham", "Glasgow", "Aberdeen", "Cardiff", "Newcastle"):
        assert board.city(city).center in land_london, city
    land_dublin = reachable(board, board.city("Dublin").center, crossings=False)
    assert {board.city(c).center for c in ("Cork", "Belfast")} <= land_dublin
    assert board.city("Glasgow").center not in land_dublin


def test_scandinavia_reaches_the_continent_over_the_danish_straits(board):
    land = reachable(board, board.city("Hamburg").center, crossings=False)
    assert {board.city(c).center for c in ("Århus", "København", "Göteborg", "Oslo", "Stockholm")} <= land


# ------------------------------------------------------------------------------------------ ferries, Chunnel
def test_ferries_and_chunnel_at_rulebook_prices(board):
    costs = {f.name: f.cost for f in board.ferries}
    assert len(costs) == 9, costs
    assert costs["Newcastle–Esbjerg"] == 14 and costs["Liverpool–Dublin"] == 6
    assert costs["Stranraer–Belfast"] == 4 and costs["Portsmouth–Le Havre"] == 4
    assert all(v == 4 for k, v in costs.items() if k not in ("Newcastle–Esbjerg", "Liverpool–Dublin")), costs
    (ch,) = board.tunnels
    assert (ch.name, ch.cost, len(ch.mileposts)) == ("Chunnel", 17, 3)
    assert all(board.milepost(m).underground for m in ch.mileposts)
    assert [board.milepost(p).country for p in ch.ports] == ["GB", "FR"]
    # the underground mileposts lie between the two ends, one step apart or less
    path = (ch.ports[0],) + ch.path_from(ch.ports[0])
    steps = [board.distance(a, b) for a, b in zip(path, path[1:])]
    assert all(s <= 1.0 for s in steps), steps


def test_ferry_ports_are_coastal_and_on_the_right_side(board):
    for cr in board.crossings:
        for p, name, pf in zip(cr.ports, cr.port_names, next(f for f in FACTS["ferries"] + FACTS["tunnels"]
                                                            if f["name"] == cr.name)["ports"]):
            m = board.milepost(p)
            near = {s: int(d[p]) for s, d in board.seas.items()}
            assert min(near.values()) == 1, f"{cr.name}: port {name} is not on a coast: {near}"
            assert m.port == name and not m.underground
            assert m.country == pf["country"], f"{cr.name}: {name} is in {m.country}, expected {pf['country']}"
            if pf["lat"] is not None:
                assert km(pf["lat"], pf["lon"], m.lat, m.lon) < 1.5 * board.spacing_km, name
    for city in ("Dublin", "Belfast"):
        assert board.is_port(board.city(city).center), f"{city} is both the city and the ferry port"


# ------------------------------------------------------------------------------------------ terrain, water
def test_terrain_counts_like_the_printed_board(board):
    land = [m for m in board.mileposts if not m.underground]
    t = Counter(m.terrain.value for m in land)
    assert 1800 <= len(land) <= 2400, len(land)
    assert 350 <= t["mountain"] <= 550, t
    assert 25 <= t["alpine"] <= 50, t
    outside_alps = [(m.lat, m.lon) for m in land if m.terrain.value == "alpine"
                    and not (43.5 <= m.lat <= 48.3 and 5.0 <= m.lon <= 16.5)]
    assert not outside_alps, f"alpine mileposts outside the Alps: {outside_alps}"
    regions = board.meta["terrain_by_region"]
    for r in ("Alps", "Pyrenees", "Apennines", "Carpathians", "Scandinavian mountains", "Scottish Highlands",
              "Black Forest", "Massif Central", "Dinaric Alps", "Cantabrian range", "Sudetes and Bohemia"):
        assert regions[r]["mountain"] > 0, f"no mountains in {r}: {regions}"


def test_the_21_rivers_are_named_crossings(board):
    per = Counter(r for e in board.edges for r in e.rivers)
    missing = [r for r in RIVERS if per[r] < 3]
    assert not missing, f"rivers with fewer than 3 crossings: {missing}; all: {dict(per)}"
    assert set(per) == set(RIVERS)
    assert set(board.drawing["rivers"]) == set(RIVERS)


def test_lakes_and_inlets(board):
    assert sum(e.lake for e in board.edges) >= 20          # Léman, Bodensee, Vänern, Balaton ...
    assert sum(e.inlet for e in board.edges) >= 40         # fjords, firths, estuaries, the Danish straits
    geneve, lausanne = (46.2, 6.15), (46.52, 6.63)
    near_leman = [e for e in board.edges if e.lake and any(
        km(*geneve, board.milepost(x).lat, board.milepost(x).lon) < 80 or
        km(*lausanne, board.milepost(x).lat, board.milepost(x).lon) < 80 for x in (e.a, e.b))]
    assert near_leman, "no lake crossing near Lac Léman"


# ------------------------------------------------------------------------------------------ seas
def test_counting_mileposts_from_the_coast_rulebook_example(board):
    """Events > Counting Mileposts: 'The centers of Milan and Berlin are four mileposts from the seacoast.'"""
    def coast(city):
        return min(int(d[board.city(city).center]) for d in board.seas.values())
    assert coast("Milano") == 4, {s: int(d[board.city("Milano").center]) for s, d in board.seas.items()}
    assert coast("Berlin") == 4, {s: int(d[board.city("Berlin").center]) for s, d in board.seas.items()}


def test_sevilla_is_near_two_seas(board):
    """Gale Ocean / Sea Boundary Flags: 'the city of Seville is within four mileposts of both the Atlantic and
    the Mediterranean'."""
    s = board.city("Sevilla").center
    d = {k: int(v[s]) for k, v in board.seas.items()}
    assert d["Atlantic"] <= 4 and d["Mediterranean"] <= 4, d


def test_seas_follow_the_boundary_flags(board):
    assert set(board.seas) == {"Atlantic", "Northern Seas", "Mediterranean"}
    d = lambda sea, city: int(board.seas[sea][board.city(city).center])  # noqa: E731
    assert d("Atlantic", "Nantes") == 1 and d("Northern Seas", "Nantes") <= 4     # the flag northwest of Nantes
    assert d("Atlantic", "Bordeaux") <= 2 and d("Northern Seas", "Bordeaux") > 4
    assert d("Northern Seas", "Hamburg") <= 2 and d("Atlantic", "Hamburg") > 10
    assert d("Mediterranean", "Marseille") == 1 and d("Atlantic", "Marseille") > 4
    assert d("Atlantic", "Dublin") == 1 and d("Atlantic", "Lisboa") == 1 and d("Atlantic", "Porto") == 1
    assert d("Northern Seas", "København") == 1 and d("Northern Seas", "Oslo") <= 2
    assert d("Mediterranean", "Napoli") == 1 and d("Mediterranean", "Barcelona") == 1
    n = len(board.mileposts)
    assert all(len(v) == n for v in board.seas.values())


def test_countries_for_the_iberian_rail_strike(board):
    iberia = Counter(m.country for m in board.mileposts if m.country in ("ES", "PT"))
    assert iberia["ES"] > 150 and iberia["PT"] > 40, iberia
    for city, cc in (("Madrid", "ES"), ("Lisboa", "PT"), ("Bilbao", "ES"), ("Toulouse", "FR"), ("Bordeaux", "FR")):
        assert all(board.milepost(m).country == cc for m in board.city(city).mileposts), city
    assert all(m.country for m in board.mileposts if not m.underground)


# ------------------------------------------------------------------------------------------ the file
def test_lattice_geometry(board):
    for e in board.edges:
        assert abs(board.distance(e.a, e.b) - 1.0) < 1e-3, e
    ys = sorted({round(m.y, 4) for m in board.mileposts if not m.underground})
    assert all(abs((b - a) / (math.sqrt(3) / 2) - round((b - a) / (math.sqrt(3) / 2))) < 1e-3
               for a, b in zip(ys, ys[1:]))


def test_a_milepost_is_named_after_a_city_on_its_own_side_of_the_water(board):
    """Narration names a bare milepost "a clear milepost near <city>": the city must be on the same land,
    never across the sea as the crow flies (beside Calais, London is nearer than Paris)."""
    british = {c.name for c in board.cities if c.name in ("London", "Birmingham", "Manchester", "Glasgow")}
    for port, wrong in (("Calais", british), ("Stranraer", {"Belfast", "Dublin"})):
        at = [m.id for m in board.mileposts if m.port == port]
        beside = [n for m in at for n in board.neighbors(m) if board.landmark(n) is None]
        assert beside, port
        for n in beside:
            assert board.near(n) not in wrong, (port, board.place(n))
    assert board.place(beside[0]) == "a clear milepost near Glasgow"    # beside Stranraer, in Scotland


def test_an_alpine_milepost_is_named_with_an(board):
    alpine = [m.id for m in board.mileposts if m.terrain.value == "alpine"]
    assert len(alpine) >= 30                                               # the Alps (game_facts.md: 36)
    names = {board.place(n) for n in alpine}
    assert all(n.startswith("an alpine milepost near ") for n in names), names
    assert "an alpine milepost near Torino" in names
    a, b = next((a, b) for a in alpine for b in board.neighbors(a) if b in alpine and board.place(a) == board.place(b))
    assert board.between(a, b) == f"between two alpine mileposts near {board.near(a)}"


def test_file_is_small_and_checksummed():
    size = BOARD_FILE.stat().st_size
    assert size < 1_500_000, f"{size} bytes"
    sys.path.insert(0, str(ROOT / "tools" / "mapgen"))
    try:
        from generate import content_sha256
    finally:
        sys.path.pop(0)
    doc = json.loads(BOARD_FILE.read_text(encoding="utf-8"))
    assert doc["meta"]["sha256"] == content_sha256(doc), "board content changed without regenerating"


@pytest.mark.slow   # left out of `make test-fast`
def test_generator_reproduces_the_committed_board():
    """tools/mapgen/generate.py on the committed data/geo extracts gives the committed file byte for byte."""
    pytest.importorskip("shapely", reason="the generator needs shapely (pip install -e '.[mapgen]')")
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "mapgen" / "generate.py"), "--board", "europe",
                        "--check"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
