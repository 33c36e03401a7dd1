"""Generate data/boards/<board>.json (schema eb-board/1) from data/geo/<board>/ and the board's facts file.

    python tools/mapgen/generate.py --board north_america   # writes data/boards/north_america.json
    python tools/mapgen/generate.py                         # the default board: europe
    python tools/mapgen/generate.py --check                 # every board: exit 1 if a committed file differs
    python tools/mapgen/generate.py --board eastern_us --check
    python tools/mapgen/generate.py --board europe --out x.json

One pipeline for every board (europe, north_america, eastern_us); every hand-picked number and place of a
board lives in its module configs/<board>.py.  Deterministic; needs only numpy, scipy, shapely (and
networkx for Empire Express starting track); reads nothing but the committed extracts and the facts file.
A turned board (configs LATTICE = "north-south") lays the same lattice with rows along the north axis, so
straight lines of mileposts run north-south and none east-west.  Steps:

1. A triangular lattice at SPACING_KM on a Lambert azimuthal equal-area projection; milepost x, y in
   lattice units (neighbours 1 apart, rows sqrt(3)/2 apart, row 0 in the south, odd rows shifted by 1/2,
   y grows to the north).  Land = the land mask at the lattice point, inside C.PLAY_AREA, not in a
   large lake, not on a dropped land mass.
2. Cities at their real positions: major/key cities first (centre + 6 neighbours), then medium, then
   small; each takes the nearest land milepost such that no two cities' mileposts touch (when the nearest
   one is taken, the city moves to a neighbouring milepost and the report says so).
3. Ferry ports / Chunnel ends at the nearest coastal land milepost that is not a city (Dublin and Belfast
   are both the city and the port); the Chunnel gets three underground mileposts.
4. Edges between neighbouring land mileposts, tagged with the named rivers they cross, lakes and ocean
   inlets; an edge whose middle is mostly sea, or that joins Great Britain, Ireland and the continent to
   one another, is dropped.  Land not connected to any city (Corsica, Sardinia, ...) is dropped.
5. Terrain from the elevation of each milepost's cell, per region (C.TERRAIN_REGIONS).
6. Seas: per milepost, its distance from each sea's coast (coast = 0, nearest mileposts = 1, counted
   over edges), the seas split at the two boundary flags (C.SEA_RULES).
7. Country: the nearest city or C.COUNTRY_SEEDS place.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
import time
from collections import deque
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import configs  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
R_EARTH = 6371.0
SQ3 = math.sqrt(3) / 2
# neighbour offsets (dr, dc) for even and odd rows (odd rows are shifted half a step east)
NB = {0: ((0, 1), (0, -1), (1, -1), (1, 0), (-1, -1), (-1, 0)),
      1: ((0, 1), (0, -1), (1, 0), (1, 1), (-1, 0), (-1, 1))}
FWD = {0: ((0, 1), (1, -1), (1, 0)), 1: ((0, 1), (1, 0), (1, 1))}   # each undirected pair once


# --------------------------------------------------------------------------------------------- geography
class Projection:
    """Lambert azimuthal equal-area projection (sphere), km."""

    def __init__(self, lat0: float, lon0: float):
        self.p0, self.lon0 = math.radians(lat0), lon0

    def fwd(self, lat, lon):
        p, lam = np.radians(lat), np.radians(np.asarray(lon) - self.lon0)
        k = np.sqrt(2 / (1 + math.sin(self.p0) * np.sin(p) + math.cos(self.p0) * np.cos(p) * np.cos(lam)))
        return (R_EARTH * k * np.cos(p) * np.sin(lam),
                R_EARTH * k * (math.cos(self.p0) * np.sin(p) - math.sin(self.p0) * np.cos(p) * np.cos(lam)))

    def inv(self, x, y):
        x, y = np.asarray(x, float), np.asarray(y, float)
        rho = np.maximum(np.hypot(x, y), 1e-9)
        c = 2 * np.arcsin(np.clip(rho / (2 * R_EARTH), -1, 1))
        lat = np.degrees(np.arcsin(np.cos(c) * math.sin(self.p0) + y * np.sin(c) * math.cos(self.p0) / rho))
        lon = self.lon0 + np.degrees(np.arctan2(x * np.sin(c), rho * math.cos(self.p0) * np.cos(c)
                                                - y * math.sin(self.p0) * np.sin(c)))
        return lat, lon


class Grid:
    """A lat/lon raster (row 0 = north edge) with nearest-cell look-up."""

    def __init__(self, values, bbox, step):
        self.v, self.bbox, self.step = values, tuple(float(b) for b in bbox), float(step)

    def __call__(self, lat, lon, outside=0):
        lon_min, lat_min, lon_max, lat_max = self.bbox
        lat, lon = np.asarray(lat, float), np.asarray(lon, float)
        i = np.floor((lat_max - lat) / self.step).astype(int)
        j = np.floor((lon - lon_min) / self.step).astype(int)
        ok = (i >= 0) & (i < self.v.shape[0]) & (j >= 0) & (j < self.v.shape[1])
        out = np.full(lat.shape, outside, dtype=self.v.dtype)
        out[ok] = self.v[i[ok], j[ok]]
        return out


def geo_dir(C) -> Path:
    """data/geo/<board>/: the committed extracts of one board."""
    return ROOT / "data" / "geo" / C.NAME


def out_path(C) -> Path:
    return ROOT / "data" / "boards" / f"{C.NAME}.json"


def load_geo(C):
    GEO = geo_dir(C)
    lm = np.load(GEO / "landmask.npz")
    shape = tuple(int(s) for s in lm["shape"])
    land = np.unpackbits(lm["bits"])[: shape[0] * shape[1]].reshape(shape).astype(bool)
    el = np.load(GEO / "elevation.npz")
    lakes = json.load(open(GEO / "lakes.json", encoding="utf-8"))["lakes"]
    coast = json.load(open(GEO / "coast.json", encoding="utf-8"))["land"]
    rivers = json.load(open(GEO / "rivers.json", encoding="utf-8"))["rivers"]
    return dict(land=Grid(land, lm["bbox"], lm["step"]), land_raw=land, land_bbox=lm["bbox"], land_step=lm["step"],
                elev=Grid(el["metres"], el["bbox"], el["step"]), lakes=lakes, coast=coast, rivers=rivers)


# --------------------------------------------------------------------------------------------- generator
def generate(C) -> tuple[dict, dict]:
    """Build the board document of the board configured by module ``C`` and a report (counts, nudges,
    timings)."""
    import shapely
    from scipy import ndimage
    from scipy.spatial import cKDTree
    from shapely.geometry import LineString, Polygon

    t0 = time.perf_counter()
    geo = load_geo(C)
    facts = json.load(open(ROOT / C.FACTS, encoding="utf-8"))
    turned = C.LATTICE == "north-south"

    def swap(a, b):
        """Internal lattice frame <-> projection plane.  The generator lays rows along its first axis; on a
        turned ("north-south") board that axis is north, so rows run north-south."""
        return (b, a) if turned else (a, b)
    proj = Projection(*C.PROJ_CENTER)
    s = C.SPACING_KM
    report: dict = {"nudged": [], "forced_on": []}

    # ---- 1. lattice ------------------------------------------------------------------------------------
    area = Polygon(C.PLAY_AREA)
    ring = np.asarray(area.exterior.segmentize(0.2).coords)
    ax, ay = swap(*proj.fwd(ring[:, 1], ring[:, 0]))
    x0, y0 = ax.min() - s, ay.min() - s
    nrow = int((ay.max() + s - y0) / (s * SQ3)) + 1
    ncol = int((ax.max() + s - x0) / s) + 2
    rr, cc = np.meshgrid(np.arange(nrow), np.arange(ncol), indexing="ij")
    U = cc + 0.5 * (rr % 2)                     # lattice units
    V = rr * SQ3
    LAT, LON = proj.inv(*swap(x0 + U * s, y0 + V * s))

    def to_units(lat, lon):
        x, y = swap(*proj.fwd(lat, lon))
        return (np.asarray(x) - x0) / s, (np.asarray(y) - y0) / s

    def nearest_node(u, v):
        r = int(round(v / SQ3))
        best = None
        for r2 in (r - 1, r, r + 1):
            if 0 <= r2 < nrow:
                c2 = int(round(u - 0.5 * (r2 % 2)))
                for c3 in (c2 - 1, c2, c2 + 1):
                    if 0 <= c3 < ncol:
                        d = math.hypot(U[r2, c3] - u, V[r2, c3] - v)
                        if best is None or d < best[0]:
                            best = (d, r2, c3)
        return best[1], best[2]

    def neighbours(r, c):
        for dr, dc in NB[r % 2]:
            r2, c2 = r + dr, c + dc
            if 0 <= r2 < nrow and 0 <= c2 < ncol:
                yield r2, c2

    def hexdist(a, b):
        # offset (odd-r) -> cube coordinates
        def cube(r, c):
            q = c - (r - (r & 1)) // 2
            return q, r, -q - r
        (q1, r1, s1), (q2, r2, s2) = cube(*a), cube(*b)
        return max(abs(q1 - q2), abs(r1 - r2), abs(s1 - s2))

    mask = geo["land"](LAT, LON, outside=False).astype(bool)
    inside = shapely.contains_xy(area, LON, LAT)
    lake_polys_units = []
    lake_polys_ll = []
    for lk in geo["lakes"]:
        pts = np.asarray(lk["ring"])
        lake_polys_ll.append(Polygon(pts))
        lu, lv = to_units(pts[:, 1], pts[:, 0])
        lake_polys_units.append(Polygon(np.column_stack([lu, lv])).buffer(0))
    in_lake = np.zeros(mask.shape, bool)
    for p in lake_polys_ll:
        in_lake |= shapely.contains_xy(p, LON, LAT)
    # land masses: connected pieces of the land mask (4-connectivity keeps narrow straits apart)
    labels, _ = ndimage.label(geo["land_raw"])
    lgrid = Grid(labels, geo["land_bbox"], geo["land_step"])

    def landmass_at(lat, lon):
        lab = int(lgrid(np.array([lat]), np.array([lon]))[0])
        if lab:
            return lab
        for rad in (1, 2, 3):          # a forced-on coastal point: the nearest land cell's label
            st = float(geo["land_step"]) * rad
            for dla in (-st, 0, st):
                for dlo in (-st, 0, st):
                    lab = int(lgrid(np.array([lat + dla]), np.array([lon + dlo]))[0])
                    if lab:
                        return lab
        return 0

    node_mass = lgrid(LAT, LON)
    dropped_mass = {landmass_at(la, lo) for la, lo in C.DROP_LANDMASSES.values()} - {0}
    land = mask & inside & ~in_lake & ~np.isin(node_mass, list(dropped_mass))
    sea_node = ~mask & ~in_lake                  # open water lattice points (inside or outside the area)

    # countries: nearest seed on the same side of the sea (Great Britain / Ireland / the continent)
    sep = {landmass_at(la, lo): nm for nm, (la, lo) in C.SEPARATE_LANDMASSES.items()}
    seeds = [(cf["country"], cf["lat"], cf["lon"]) for cf in facts["cities"]] + list(C.COUNTRY_SEEDS)
    seed_uv = np.column_stack(to_units(np.array([x[1] for x in seeds]), np.array([x[2] for x in seeds])))
    seed_group = np.array([sep.get(landmass_at(x[1], x[2]), "") for x in seeds])
    ctrees = {g: (cKDTree(seed_uv[seed_group == g]), np.nonzero(seed_group == g)[0]) for g in set(sep.values())}
    ctrees[""] = (cKDTree(seed_uv), np.arange(len(seeds)))

    def country_at(lat, lon):
        tree, ids = ctrees[sep.get(landmass_at(lat, lon), "")]
        return seeds[int(ids[tree.query(np.array(to_units(lat, lon), float))[1]])][0]

    # ---- 2. cities -------------------------------------------------------------------------------------
    cities_f = facts["cities"]
    order = sorted(range(len(cities_f)), key=lambda i: ({"major": 0, "key": 1, "medium": 2, "small": 3}
                                                          [cities_f[i]["size"]], i))
    port_cities = {p["name"] for f in facts["ferries"] for p in f["ports"] if p.get("lat") is None}

    def coastal(r, c):
        return any(sea_node[r2, c2] for r2, c2 in neighbours(r, c))

    taken: dict[tuple[int, int], str] = {}
    exempt: set[tuple[int, int]] = set()       # switched-on points: their edges are kept over water
    group_of: dict[tuple[int, int], str] = {}   # side of the sea of switched-on points
    country_of: dict[tuple[int, int], str] = {}

    def group(rc):
        if rc in group_of:
            return group_of[rc]
        return sep.get(landmass_at(LAT[rc], LON[rc]), "")
    placed: dict[str, list[tuple[int, int]]] = {}
    for i in order:
        cf = cities_f[i]
        u, v = to_units(cf["lat"], cf["lon"])
        u, v = float(u), float(v)
        red = cf["size"] in ("major", "key")
        r0, c0 = nearest_node(u, v)
        cands = [(r, c) for r in range(max(0, r0 - 3), min(nrow, r0 + 4))
                 for c in range(max(0, c0 - 3), min(ncol, c0 + 4))]
        cands.sort(key=lambda rc: (math.hypot(U[rc] - u, V[rc] - v), rc))
        nearest_land = next((rc for rc in cands if land[rc]), None)
        choice, best = None, None
        for rc in cands:
            d = math.hypot(U[rc] - u, V[rc] - v)
            if d > 1.6 or (choice is not None and not red):
                break
            if not land[rc] or (cf["name"] in port_cities and not coastal(*rc)):
                continue
            mps = [rc] + (list(neighbours(*rc)) if red else [])
            if red and len(mps) != 7:
                continue
            forced = [m for m in mps if not land[m]]
            if red and (len(forced) > getattr(C, "RED_AREA_MAX_FORCED", 3) or any(not inside[m] for m in mps)):
                continue
            if any(hexdist(m, t) < getattr(C, "CITY_MIN_GAP", 2) for m in mps for t in taken):
                continue
            score = d + C.RED_AREA_FORCE_PENALTY * len(forced)
            if best is None or score < best:   # red areas: fewest points switched on, then nearest
                choice, best = (rc, mps, forced), score
        if choice is None:
            raise SystemExit(f"cannot place {cf['name']}: no free land milepost within 1.6 of its position")
        rc, mps, forced = choice
        for m in forced:
            land[m] = True
            exempt.add(m)
            group_of[m] = group(rc)
            report["forced_on"].append(f"{cf['name']} red area ({LAT[m]:.2f}, {LON[m]:.2f})")
        if rc != nearest_land:
            report["nudged"].append(f"{cf['name']}: {math.hypot(U[rc] - u, V[rc] - v):.2f} from its position "
                                    f"(nearest land milepost {math.hypot(U[nearest_land] - u, V[nearest_land] - v):.2f}"
                                    f" is taken or too close to another city)")
        for m in mps:
            taken[m] = cf["name"]
        placed[cf["name"]] = mps

    # ---- 3. ports --------------------------------------------------------------------------------------
    port_at: dict[tuple[int, int], str] = {}

    def place_port(p):
        """The nearest coastal milepost on the port's own land mass that is not a city; a lattice point
        just off the coast is switched on when no land milepost is close (ports sit on the coast)."""
        if p.get("lat") is None:
            rc = placed[p["name"]][0]
            port_at[rc] = p["name"]
            return rc
        u, v = to_units(p["lat"], p["lon"])
        want = p["country"]
        r0, c0 = nearest_node(float(u), float(v))
        best = None
        for r in range(max(0, r0 - 3), min(nrow, r0 + 4)):
            for c in range(max(0, c0 - 3), min(ncol, c0 + 4)):
                rc = (r, c)
                d = math.hypot(U[rc] - u, V[rc] - v)
                if d > 1.5 or rc in taken or rc in port_at or not inside[rc]:
                    continue
                if land[rc]:
                    if not coastal(r, c) or country_at(LAT[rc], LON[rc]) != want:
                        continue
                    score = d
                elif sea_node[rc] and d <= C.PORT_FORCE_MAX_DIST:
                    same = [t for t in neighbours(r, c) if land[t] and country_at(LAT[t], LON[t]) == want]
                    if not same:
                        continue
                    score = d + C.PORT_FORCE_PENALTY
                else:
                    continue
                if best is None or (score, rc) < best[0]:
                    best = ((score, rc), rc)
        if best is None:
            raise SystemExit(f"no coastal milepost for port {p['name']} near ({p['lat']}, {p['lon']}); ports so far {port_at}")
        rc = best[1]
        if not land[rc]:
            land[rc] = True
            report["forced_on"].append(f"port {p['name']} ({LAT[rc]:.2f}, {LON[rc]:.2f})")
            same = [t for t in neighbours(*rc) if land[t] and t != rc and country_at(LAT[t], LON[t]) == want]
            group_of[rc] = group(same[0])
        country_of[rc] = want
        exempt.add(rc)
        port_at[rc] = p["name"]
        return rc

    crossings = []
    for kind, items in (("tunnel", facts["tunnels"]), ("ferry", facts["ferries"])):   # the Chunnel first
        for f in items:
            crossings.append((kind, f, [place_port(p) for p in f["ports"]]))
    crossings.sort(key=lambda x: x[0] == "tunnel")                                  # ferries listed first

    # ---- 4. edges --------------------------------------------------------------------------------------
    frac = (np.arange(C.EDGE_SAMPLES) + 1) / (C.EDGE_SAMPLES + 1)
    pairs = []
    for r, c in zip(*np.nonzero(land)):
        for dr, dc in FWD[r % 2]:
            r2, c2 = r + dr, c + dc
            if 0 <= r2 < nrow and 0 <= c2 < ncol and land[r2, c2]:
                pairs.append((r, c, r2, c2))
    P = np.array(pairs)
    ua, va, ub, vb = U[P[:, 0], P[:, 1]], V[P[:, 0], P[:, 1]], U[P[:, 2], P[:, 3]], V[P[:, 2], P[:, 3]]
    su = ua[:, None] + (ub - ua)[:, None] * frac
    sv = va[:, None] + (vb - va)[:, None] * frac
    slat, slon = proj.inv(*swap(x0 + su * s, y0 + sv * s))
    sea_s = ~geo["land"](slat, slon, outside=False).astype(bool)
    sea_frac = sea_s.mean(1)
    name_a = np.array([group((r, c)) for r, c, _, _ in pairs])
    name_b = np.array([group((r, c)) for _, _, r, c in pairs])
    ex = np.array([(r, c) in exempt or (r2, c2) in exempt for r, c, r2, c2 in pairs], bool)
    keep = ((sea_frac <= C.INLET_MAX_SEA_FRACTION) | ex) & ~((name_a != name_b) & (name_a != "") & (name_b != ""))
    sep_block = (name_a != name_b) & (name_a != "") & (name_b != "")
    mu, mv = (U[P[:, 0], P[:, 1]] + U[P[:, 2], P[:, 3]]) / 2, (V[P[:, 0], P[:, 1]] + V[P[:, 2], P[:, 3]]) / 2
    for strait, (la, lo) in C.STRAITS.items():          # straits the printed board bridges (inlet crossings)
        su, sv = to_units(la, lo)
        d = np.where(~keep & ~sep_block, np.hypot(mu - su, mv - sv), np.inf)
        k = int(np.argmin(d))
        if d[k] > 0.6:
            raise SystemExit(f"strait {strait}: no dropped edge near ({la}, {lo})")
        keep[k] = True
        report.setdefault("straits_bridged", []).append(strait)
    all_lines = shapely.linestrings(np.stack([np.column_stack([ua, va]), np.column_stack([ub, vb])], 1))
    if C.LAKE_DROP_MIN_KM2 is not None:          # lakes no track crosses (the Great Lakes on the US board)
        big = [p for p, lk in zip(lake_polys_units, geo["lakes"]) if lk["area_km2"] >= C.LAKE_DROP_MIN_KM2]
        hit = np.unique(shapely.STRtree(big).query(all_lines, predicate="intersects")[0]) if big else []
        # ... except inside one red area (a point switched on in the lake for Chicago's red area)
        hit = np.array([k for k in hit if taken.get(tuple(P[k, :2])) is None
                        or taken.get(tuple(P[k, :2])) != taken.get(tuple(P[k, 2:]))], dtype=int)
        report["edges_dropped_big_lakes"] = int(keep[hit].sum()) if len(hit) else 0
        keep[hit] = False
    # named lakes (barriers on the Empire Express board): the lake polygon holding each named point; where
    # one GSHHG polygon holds two named lakes (Michigan-Huron), an edge takes the name of the nearer point
    lake_names: dict[int, list] = {}
    for nm, (la, lo) in (getattr(C, "LAKE_NAMES", None) or {}).items():
        pu, pv = to_units(la, lo)
        k = [i for i, p in enumerate(lake_polys_units) if p.contains(shapely.points(float(pu), float(pv)))]
        if not k:
            raise SystemExit(f"lake {nm}: no lake polygon of data/geo/{C.NAME}/lakes.json contains ({la}, {lo})")
        lake_names.setdefault(k[0], []).append((nm, float(pu), float(pv)))   # one polygon may hold two lakes
    P, sea_s, slat, slon = P[keep], sea_s[keep], slat[keep], slon[keep]
    inlet = sea_s.sum(1) >= C.INLET_MIN_SEA_SAMPLES
    report["edges_dropped_open_sea"] = int((~keep).sum())
    report["dropped_edges"] = [f"({LAT[r, c]:.2f}, {LON[r, c]:.2f})-({LAT[r2, c2]:.2f}, {LON[r2, c2]:.2f}) "
                               f"sea {sf:.2f}" for (r, c, r2, c2), sf, k in zip(pairs, sea_frac, keep) if not k]

    # river and lake tags
    eu_a = np.column_stack([U[P[:, 0], P[:, 1]], V[P[:, 0], P[:, 1]]])
    eu_b = np.column_stack([U[P[:, 2], P[:, 3]], V[P[:, 2], P[:, 3]]])
    elines = shapely.linestrings(np.stack([eu_a, eu_b], 1))
    river_units = {}
    for nm, pts in geo["rivers"].items():
        pts = np.asarray(pts)
        ru, rv = to_units(pts[:, 1], pts[:, 0])
        river_units[nm] = LineString(np.column_stack([ru, rv]))
    rnames = list(river_units)
    rtree = shapely.STRtree([river_units[k] for k in rnames])
    e_rivers: list[list[str]] = [[] for _ in range(len(P))]
    hits = rtree.query(elines, predicate="intersects")
    for ei, ri in sorted(zip(hits[0].tolist(), hits[1].tolist())):
        e_rivers[ei].append(rnames[ri])
    ltree = shapely.STRtree(lake_polys_units)
    e_lake = np.zeros(len(P), bool)
    lhits = ltree.query(elines, predicate="intersects")
    e_lake[np.unique(lhits[0])] = True
    # heavy black lines (Empire Express): edges over the named lakes and over ocean inlets
    e_barrier: list[str | None] = [None] * len(P)
    if C.BARRIERS:
        def one_city(ei):              # an edge inside one city's mileposts (a red area) is never a barrier
            a, b = taken.get(tuple(P[ei, :2])), taken.get(tuple(P[ei, 2:]))
            return a is not None and a == b
        for ei, li in sorted(zip(lhits[0].tolist(), lhits[1].tolist())):
            # a heavy black line along the shore: the edge runs over the lake for a real distance (a shore
            # milepost's edge that only nicks the simplified outline is not across the line)
            over = elines[ei].intersection(lake_polys_units[li]).length
            if (li in lake_names and e_barrier[ei] is None and not one_city(ei)
                    and over >= C.BARRIERS.get("lake_min_units", 0.0)):
                mx, my = np.asarray(elines[ei].centroid.coords[0])
                e_barrier[ei] = min(lake_names[li], key=lambda t: math.hypot(t[1] - mx, t[2] - my))[0]
        for ei in np.nonzero(inlet)[0]:
            if e_barrier[ei] is None and not one_city(ei):
                e_barrier[ei] = C.BARRIERS["inlet"]

    # land not connected to any city (islands without ferries) is dropped (on a board with heavy black
    # lines: land cut off by them too)
    node_list = list(zip(*np.nonzero(land)))
    idx = {rc: i for i, rc in enumerate(node_list)}
    parent = list(range(len(node_list)))

    def find(a):
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    def union(a, b):
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)

    for (r, c, r2, c2), bar in zip(P, e_barrier):
        if bar is None:
            union(idx[(r, c)], idx[(r2, c2)])
    for _, _, ports in crossings:
        union(idx[ports[0]], idx[ports[1]])
    city_roots = {find(idx[m]) for mps in placed.values() for m in mps}
    alive = [rc for rc in node_list if find(idx[rc]) in city_roots]
    report["mileposts_dropped_unconnected"] = len(node_list) - len(alive)
    mid = {rc: i for i, rc in enumerate(alive)}
    n_land = len(alive)
    kept = np.array([(r, c) in mid and (r2, c2) in mid for r, c, r2, c2 in P], bool)
    P, sea_s, slat, slon, inlet = P[kept], sea_s[kept], slat[kept], slon[kept], inlet[kept]
    e_lake, elines = e_lake[kept], elines[kept]
    e_rivers = [x for x, k in zip(e_rivers, kept) if k]
    e_barrier = [x for x, k in zip(e_barrier, kept) if k]

    # ---- 5. terrain ------------------------------------------------------------------------------------
    au = np.array([U[rc] for rc in alive])
    av = np.array([V[rc] for rc in alive])
    alat = np.array([LAT[rc] for rc in alive])
    alon = np.array([LON[rc] for rc in alive])
    offs = [(0.0, 0.0)] + [(rad * math.cos(a + sh), rad * math.sin(a + sh))
                           for rad, sh, k in ((0.25, 0.0, 6), (0.45, math.pi / 12, 12))
                           for a in np.arange(k) * 2 * math.pi / k]
    samp = np.array([geo["elev"](*proj.inv(*swap(x0 + (au + du) * s, y0 + (av + dv) * s))) for du, dv in offs],
                    float)
    z_high = np.sort(samp, 0)[-3]
    relief = samp.max(0) - samp.min(0)
    terrain = np.array(["clear"] * n_land, dtype=object)
    region_of = np.full(n_land, "", dtype=object)
    for name, lo0, la0, lo1, la1, mz, mrel, az, arel in C.TERRAIN_REGIONS:
        sel = (region_of == "") & (alon >= lo0) & (alon <= lo1) & (alat >= la0) & (alat <= la1)
        region_of[sel] = name
        mtn = sel & (z_high >= mz) & (relief >= mrel)
        terrain[mtn] = "mountain"
        if az is not None:
            terrain[sel & (z_high >= az) & (relief >= arel)] = "alpine"
    city_idx = [mid[m] for mps in placed.values() for m in mps]
    terrain[city_idx] = "clear"                 # a city milepost costs the city's price, never terrain
    region_counts = {}
    for name, *_ in C.TERRAIN_REGIONS:
        sel = region_of == name
        region_counts[name] = {"mountain": int(((terrain == "mountain") & sel).sum()),
                               "alpine": int(((terrain == "alpine") & sel).sum())}

    # ---- 6. seas ---------------------------------------------------------------------------------------
    sea_polys = [(nm, Polygon(poly)) for nm, poly in C.SEA_RULES]
    sea_names = list(C.SEA_NAMES)

    def classify(lat, lon):
        out = np.full(np.shape(lat), C.SEA_DEFAULT, dtype=object)
        done = np.zeros(np.shape(lat), bool)
        for nm, poly in sea_polys:
            hit = ~done & shapely.contains_xy(poly, lon, lat)
            out[hit] = nm
            done |= hit
        return out

    node_sea = classify(LAT, LON)
    adj: list[list[int]] = [[] for _ in range(n_land)]
    for r, c, r2, c2 in P:
        a, b = mid[(r, c)], mid[(r2, c2)]
        adj[a].append(b)
        adj[b].append(a)
    seas = {}
    inlet_sea = classify(slat, slon)
    for sn in sea_names:
        dist = np.full(n_land, C.SEA_FAR, dtype=int)
        q = deque()
        for i, rc in enumerate(alive):
            if any(sea_node[m] and node_sea[m] == sn for m in neighbours(*rc)):
                dist[i] = 1
        for k in np.nonzero(inlet)[0]:
            if np.any(sea_s[k] & (inlet_sea[k] == sn)):
                for rc in ((P[k, 0], P[k, 1]), (P[k, 2], P[k, 3])):
                    dist[mid[rc]] = 1
        q.extend(np.nonzero(dist == 1)[0].tolist())
        while q:
            a = q.popleft()
            for b in adj[a]:
                if dist[b] > dist[a] + 1:
                    dist[b] = dist[a] + 1
                    q.append(b)
        seas[sn] = dist

    # ---- 7. countries ----------------------------------------------------------------------------------
    country = [country_of.get(rc) or country_at(la, lo) for rc, la, lo in zip(alive, alat, alon)]

    # ---- assemble ----------------------------------------------------------------------------------
    mileposts = []
    for i, rc in enumerate(alive):
        mx, my = swap(float(U[rc]), round(float(V[rc]), 4))
        m = {"id": i, "x": mx, "y": my, "terrain": str(terrain[i]),
             "lat": round(float(alat[i]), 4), "lon": round(float(alon[i]), 4), "country": country[i]}
        if rc in port_at:
            m["port"] = port_at[rc]
        mileposts.append(m)
    ferries, tunnels = [], []
    for kind, f, ports in crossings:
        pid = [mid[p] for p in ports]
        d = {"name": f["name"], "ports": pid, "port_names": [p["name"] for p in f["ports"]], "cost": f["cost"]}
        if kind == "tunnel":
            inner = []
            (ua_, va_), (ub_, vb_) = (U[ports[0]], V[ports[0]]), (U[ports[1]], V[ports[1]])
            k_n = int(f["mileposts"])
            for j in range(1, k_n + 1):
                t = j / (k_n + 1)
                uu, vv = ua_ + (ub_ - ua_) * t, va_ + (vb_ - va_) * t
                la, lo = proj.inv(*swap(x0 + uu * s, y0 + vv * s))
                inner.append(len(mileposts))
                mx, my = swap(round(float(uu), 4), round(float(vv), 4))
                mileposts.append({"id": len(mileposts), "x": mx, "y": my,
                                  "terrain": "clear", "lat": round(float(la), 4), "lon": round(float(lo), 4),
                                  "underground": True})
                for sn in sea_names:
                    seas[sn] = np.append(seas[sn], min(seas[sn][pid[0]], seas[sn][pid[1]]))
            d["mileposts"] = inner
            tunnels.append(d)
        else:
            ferries.append(d)
    edges = []
    for k, (r, c, r2, c2) in enumerate(P):
        a, b = sorted((mid[(r, c)], mid[(r2, c2)]))
        e = {"a": a, "b": b}
        if e_rivers[k]:
            e["rivers"] = e_rivers[k]
        if e_lake[k]:
            e["lake"] = True
        if inlet[k]:
            e["inlet"] = True
        if e_barrier[k]:
            e["barrier"] = e_barrier[k]
            e["impassable"] = True
        edges.append(e)
    edges.sort(key=lambda e: (e["a"], e["b"]))
    cities = []
    for cf in cities_f:
        mps = [mid[m] for m in placed[cf["name"]]]
        cities.append({"name": cf["name"], "size": cf["size"], "center": mps[0], "mileposts": mps,
                       "loads": list(cf["loads"]), "aliases": list(cf.get("aliases", [])),
                       "country": cf["country"]})

    # drawing (lattice units, 0.01)
    from shapely.geometry import box
    frame = box(au.min() - 2, av.min() - 2, au.max() + 2, av.max() + 2)

    def plane(a):
        """(n, 2) internal-frame points as plane x, y (x east, y north)."""
        return a[:, ::-1] if turned else a

    def poly_units(ring, tol=0.0):
        pts = np.asarray(ring)
        pu, pv = to_units(pts[:, 1], pts[:, 0])
        p = Polygon(np.column_stack([pu, pv])).buffer(0).intersection(frame)
        if tol:
            p = p.simplify(tol)
        out = []
        for q in ([p] if p.geom_type == "Polygon" else list(getattr(p, "geoms", []))):
            if q.geom_type == "Polygon" and q.area > 0.05:
                out.append(plane(np.round(np.asarray(q.exterior.coords), 2)).tolist())
        return out

    draw_land = [r for lnd in geo["coast"] for r in poly_units(lnd["ring"], getattr(C, "DRAW_SIMPLIFY", 0.03))]
    draw_lakes = [r for lk in geo["lakes"] for r in poly_units(lk["ring"])]
    draw_rivers = {}
    for nm, line in river_units.items():
        g = line.simplify(0.03).intersection(frame)
        parts = [g] if g.geom_type == "LineString" else list(getattr(g, "geoms", []))
        draw_rivers[nm] = [plane(np.round(np.asarray(p.coords), 2)).tolist() for p in parts if not p.is_empty]
    flags = []
    for fl in facts.get("flags", []):
        fu, fv = swap(*to_units(fl["lat"], fl["lon"]))
        flags.append({"name": fl["name"], "x": round(float(fu), 2), "y": round(float(fv), 2)})

    tcount = {t: int(sum(1 for m in mileposts if m["terrain"] == t and not m.get("underground")))
              for t in ("clear", "mountain", "alpine")}
    river_x = {nm: sum(1 for e in edges if nm in e.get("rivers", ())) for nm in C.RIVER_ANCHORS}
    doc = {
        "schema": "eb-board/1", "name": C.NAME, "title": C.TITLE, "game": C.GAME,
        "notes": C.NOTES % s,
        "spacing_km": s,
        **({"lattice": {"orientation": C.LATTICE}} if turned else {}),
        "mileposts": mileposts, "edges": edges, "cities": cities, "loads": dict(facts["loads"]),
        "ferries": ferries, "tunnels": tunnels,
        **({"starting_track": starting_track(C, facts, mileposts, edges, cities, to_units, swap)}
           if getattr(C, "STARTING_TRACK", None) else {}),
        "seas": {k: [int(x) for x in v] for k, v in seas.items()},
        "drawing": {"land": draw_land, "lakes": draw_lakes, "rivers": draw_rivers, "flags": flags},
        "meta": {
            "generator": "tools/mapgen/generate.py",
            "parameters": {"spacing_km": s, "projection": "Lambert azimuthal equal-area",
                           "projection_center": list(C.PROJ_CENTER), "origin_km": [round(x0, 3), round(y0, 3)],
                           "lattice": ("row r, column c: y = c + (r % 2) / 2, x = r * sqrt(3) / 2 (columns of "
                                       "mileposts run north-south); y grows north" if turned else
                                       "row r, column c: x = c + (r % 2) / 2, y = r * sqrt(3) / 2; y grows north"),
                           "lake_min_km2": C.LAKE_MIN_KM2, "inlet_max_sea_fraction": C.INLET_MAX_SEA_FRACTION,
                           "inlet_min_sea_samples": C.INLET_MIN_SEA_SAMPLES, "edge_samples": C.EDGE_SAMPLES,
                           "sea_far": C.SEA_FAR},
            "sources": C.SOURCES,
            "counts": {"land_mileposts": n_land, "underground_mileposts": len(mileposts) - n_land,
                       "edges": len(edges), "terrain": tcount,
                       "river_edges": sum(1 for e in edges if e.get("rivers")),
                       "lake_edges": sum(1 for e in edges if e.get("lake")),
                       "inlet_edges": sum(1 for e in edges if e.get("inlet")),
                       **({"barrier_edges": sum(1 for e in edges if e.get("barrier"))} if C.BARRIERS else {})},
            "terrain_by_region": region_counts,
            "river_crossings": river_x,
            "river_aliases": C.RIVER_ALIASES,
            "city_nudges": report["nudged"],
            "forced_on": report["forced_on"],
        },
    }
    doc["meta"]["sha256"] = content_sha256(doc)
    report.update(doc["meta"]["counts"], terrain_by_region=region_counts, river_crossings=river_x,
                  seconds=round(time.perf_counter() - t0, 2))
    return doc, report


def starting_track(C, facts, mileposts, edges, cities, to_units, swap) -> dict[str, list[list[int]]]:
    """Empire Express track symbols: per colour, the cheapest track (clear 1, mountain 2, city 3, river +1)
    through the waypoints of ``C.STARTING_TRACK`` (city names or lat/lon), never over a barrier, never inside a
    major city's red area and never on another colour's segment.  Pairs of neighbouring milepost ids."""
    import networkx as nx

    by_name = {c["name"]: c for c in cities}
    red = {m: c["name"] for c in cities if len(c["mileposts"]) > 1 for m in c["mileposts"]}
    city_mp = {m for c in cities for m in c["mileposts"]}
    xy = np.array([(m["x"], m["y"]) for m in mileposts])

    def node(w):
        if isinstance(w, str):
            c = by_name[w]
            return ("city", w) if len(c["mileposts"]) > 1 else c["center"]
        u, v = swap(*to_units(*w))
        return int(np.argmin(np.hypot(xy[:, 0] - float(u), xy[:, 1] - float(v))))

    g = nx.Graph()
    for e in edges:
        a, b = e["a"], e["b"]
        if e.get("barrier") or (a in red and b in red and red[a] == red[b]):
            continue
        w = {a: 0.0, b: 0.0}
        for x in (a, b):
            w[x] = 3 if x in city_mp else (2 if mileposts[x]["terrain"] == "mountain" else 1)
        g.add_edge(a, b, w=(w[a] + w[b]) / 2 + (1 if e.get("rivers") else 0))
    for c in cities:                   # a major city is one node: track reaches any corner, passes through
        if len(c["mileposts"]) > 1:
            g.add_edges_from(((("city", c["name"]), m) for m in c["mileposts"]), w=0.0)
    used: set[tuple[int, int]] = set()
    out = {}
    for colour, waypoints in C.STARTING_TRACK.items():
        pairs: list[list[int]] = []
        for leg in waypoints:
            nodes = [node(w) for w in leg]
            for a, b in zip(nodes[:-1], nodes[1:]):
                h = g.copy()
                h.remove_edges_from(used)
                path = nx.shortest_path(h, a, b, weight="w")
                for p, q in zip(path[:-1], path[1:]):
                    if isinstance(p, tuple) or isinstance(q, tuple):
                        continue
                    pq = (min(p, q), max(p, q))
                    if pq not in used and not (p in red and q in red and red[p] == red[q]):
                        used.add(pq)
                        pairs.append(list(pq))
        out[colour] = pairs
    return out


def content_sha256(doc: dict) -> str:
    """sha256 of the board's canonical JSON without ``meta.sha256`` (what the tests recompute)."""
    d = dict(doc)
    d["meta"] = {k: v for k, v in doc.get("meta", {}).items() if k != "sha256"}
    return hashlib.sha256(json.dumps(d, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
                          .encode("utf-8")).hexdigest()


def dumps(doc: dict) -> str:
    """Compact JSON with one milepost / edge / city per line (readable diffs)."""
    lines = ["{"]
    keys = list(doc)
    for k_i, k in enumerate(keys):
        v = doc[k]
        end = "," if k_i < len(keys) - 1 else ""
        if k in ("mileposts", "edges", "cities", "ferries", "tunnels") and v:
            lines.append(f" {json.dumps(k)}:[")
            for j, item in enumerate(v):
                lines.append("  " + json.dumps(item, ensure_ascii=False, separators=(",", ":"))
                             + ("," if j < len(v) - 1 else ""))
            lines.append(" ]" + end)
        elif k in ("seas", "drawing", "meta"):
            lines.append(f" {json.dumps(k)}:{{")
            sub = list(v)
            for j, sk in enumerate(sub):
                lines.append(f"  {json.dumps(sk, ensure_ascii=False)}:"
                             + json.dumps(v[sk], ensure_ascii=False, separators=(",", ":"))
                             + ("," if j < len(sub) - 1 else ""))
            lines.append(" }" + end)
        else:
            lines.append(f" {json.dumps(k)}:" + json.dumps(v, ensure_ascii=False, separators=(",", ":")) + end)
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--board", choices=configs.BOARDS, default=None,
                    help="which board (default: europe; with --check and no --board: every board)")
    ap.add_argument("--out", default=None, help="output file (default data/boards/<board>.json)")
    ap.add_argument("--check", action="store_true", help="compare with the committed board instead of writing")
    ap.add_argument("--verbose", action="store_true", help="also list the edges dropped as open sea")
    a = ap.parse_args(argv)
    boards = [a.board] if a.board else (list(configs.BOARDS) if a.check else ["europe"])
    if a.out and len(boards) > 1:
        ap.error("--out needs --board")
    status = 0
    for board in boards:
        C = configs.load(board)
        out = Path(a.out) if a.out else out_path(C)
        doc, rep = generate(C)
        if not a.verbose:
            rep.pop("dropped_edges", None)
        text = dumps(doc)
        if a.check:
            same = out.exists() and out.read_text(encoding="utf-8") == text
            print(f"{board}: " + ("identical" if same else f"DIFFERENT from {out}"))
            status |= 0 if same else 1
            continue
        out.write_text(text, encoding="utf-8")
        print(f"wrote {out}: {len(text.encode()) / 1024:.0f} KB, sha256 {doc['meta']['sha256'][:16]}...")
        print(json.dumps({k: v for k, v in rep.items()}, indent=1, ensure_ascii=False))
    return status


if __name__ == "__main__":
    sys.exit(main())
