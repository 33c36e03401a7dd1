"""The Empire Builder (US) board generated from real geography (data/boards/north_america.json).

Checks what a player of the printed US board would recognise (shared/reference/game_facts.md, "Empire
Builder, US"; rules: shared/rules/empire_builder_us_overview.txt): the six major cities with their red
areas, every medium and small city with its loads, Chicago and New York offering Tourists, about 2,100 land
mileposts of clear and mountain terrain only, the lattice turned so that straight lines of mileposts run
north-south, the named rivers as crossings, the Great Lakes and the open ocean impassable, no ferries,
the three seas for gales, and that the generator reproduces the committed file from the committed extracts.
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
FACTS = json.loads((ROOT / "data" / "sources" / "north_america_facts.json").read_text(encoding="utf-8"))
BOARD_FILE = ROOT / "data" / "boards" / "north_america.json"
MAJORS = ["Seattle", "Los Angeles", "Kansas City", "Chicago", "Atlanta", "New York"]
RIVERS = ["Mississippi", "Missouri", "Ohio", "Arkansas", "Red", "Platte", "Tennessee", "Columbia", "Snake",
          "Colorado", "Rio Grande", "Hudson", "St. Lawrence"]
# game_facts.md, "Empire Builder, US": the cities and loads of the printed board
FACTS_CITIES = {
    "San Francisco": ("medium", {"Sugar", "Fruit", "Imports"}), "Denver": ("medium", {"Lead"}),
    "Minneapolis": ("medium", {"Corn"}), "Detroit": ("medium", {"Cars"}), "Toronto": ("medium", {"Cars", "Machinery"}),
    "Montreal": ("medium", {"Imports"}), "Boston": ("medium", {"Fish", "Machinery"}),
    "Philadelphia": ("medium", {"Imports"}), "Savannah": ("medium", {"Cotton", "Tobacco"}),
    "New Orleans": ("medium", {"Rice"}), "Houston": ("medium", {"Oil", "Rice"}), "Dallas": ("medium", {"Oil", "Cotton"}),
    "Vancouver": ("small", {"Fish", "Nickel"}), "Portland OR": ("small", {"Copper", "Fish", "Wood"}),
    "Boise": ("small", {"Lead"}), "Calgary": ("small", {"Cattle", "Lead"}), "Regina": ("small", {"Cattle", "Uranium"}),
    "Billings": ("small", {"Sheep", "Cattle"}), "Cheyenne": ("small", {"Cattle"}),
    "Salt Lake City": ("small", {"Coal", "Sheep"}), "Winnipeg": ("small", {"Oats", "Wheat"}), "Fargo": ("small", {"Oats"}),
    "Omaha": ("small", {"Oats", "Wheat"}), "Duluth": ("small", {"Coal", "Iron"}), "Des Moines": ("small", {"Corn", "Swine"}),
    "Sudbury": ("small", {"Nickel"}), "Cincinnati": ("small", {"Coal", "Machinery"}), "Portland ME": ("small", {"Wood"}),
    "Buffalo": ("small", {"Machinery"}), "Pittsburgh": ("small", {"Steel"}), "Washington": ("small", set()),
    "Norfolk": ("small", {"Imports", "Fish"}), "Raleigh": ("small", {"Tobacco", "Machinery"}),
    "Knoxville": ("small", {"Machinery"}), "Birmingham": ("small", {"Iron", "Steel"}),
    "Jacksonville": ("small", {"Machinery"}), "Tampa": ("small", {"Fruit"}), "Miami": ("small", {"Cattle"}),
    "Memphis": ("small", {"Bauxite"}), "St. Louis": ("small", {"Corn", "Swine"}),
    "Oklahoma City": ("small", {"Oil", "Wheat"}), "Santa Fe": ("small", {"Coal", "Uranium"}), "Las Vegas": ("small", set()),
    "Phoenix": ("small", {"Copper"}), "San Diego": ("small", {"Fruit", "Machinery"}), "El Paso": ("small", {"Machinery"}),
}
# allowed directions of a turned lattice: straight lines run north-south, none east-west
ALLOWED_DEGREES = {30, 90, 150, 210, 270, 330}


@pytest.fixture(scope="module")
def board():
    return eb.load_board("north_america")


@pytest.fixture(scope="module")
def doc():
    return json.loads(BOARD_FILE.read_text(encoding="utf-8"))


def km(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 2 * 6371 * math.asin(math.sqrt(h))


def reachable(board, start):
    seen, q = {start}, deque([start])
    while q:
        a = q.popleft()
        for b in board.neighbors(a):
            if b not in seen:
                seen.add(b)
                q.append(b)
    return seen


# ------------------------------------------------------------------------------------------ cities and loads
def test_six_majors_with_red_areas_of_seven_mileposts(board):
    assert sorted(c.name for c in board.major_cities) == sorted(MAJORS)
    for c in board.major_cities:
        assert len(c.mileposts) == 7 and c.mileposts[0] == c.center, c.name
        assert set(c.mileposts[1:]) == set(board.neighbors(c.center)), f"{c.name}: ring is not the centre's six"
        assert all(board.milepost(m).terrain.value == "clear" for m in c.mileposts)


def test_every_facts_file_city_with_its_loads(board):
    sizes = Counter(c.size.value for c in board.cities)
    assert sizes == {"major": 6, "medium": 12, "small": 34}, sizes
    for name, (size, loads) in FACTS_CITIES.items():
        c = board.city(name)
        assert (c.size.value, set(c.loads)) == (size, loads), name
    assert set(board.city("Chicago").loads) == {"Tourists"} and set(board.city("New York").loads) == {"Tourists"}
    assert not any(c.loads for c in board.major_cities if c.name not in ("Chicago", "New York"))
    used = {ld for c in board.cities for ld in c.loads}
    assert set(board.loads) == used and all(3 <= n <= 4 for n in board.loads.values()), board.loads
    assert board.city("Washington DC") is board.city("Washington")


def test_cities_sit_at_their_real_positions(board):
    """Every city centre is within about one milepost of the real city (red areas may move a little inland)."""
    far = {}
    for cf in FACTS["cities"]:
        m = board.milepost(board.city(cf["name"]).center)
        d = km(cf["lat"], cf["lon"], m.lat, m.lon)
        if d > 1.2 * board.spacing_km:
            far[cf["name"]] = round(d)
    assert not far, f"cities placed too far from their real position (km): {far}"


def test_no_two_cities_share_a_milepost(board):
    owner = {}
    for c in board.cities:
        for m in c.mileposts:
            assert m not in owner, f"{c.name} and {owner[m]} share milepost {m}"
            owner[m] = c.name


# ------------------------------------------------------------------------------------------ lattice
def test_land_milepost_count_near_the_printed_board(board, doc):
    land = [m for m in board.mileposts if not m.underground]
    assert 1950 <= len(land) <= 2250, len(land)
    assert doc["meta"]["counts"]["land_mileposts"] == len(land)


def test_lattice_is_turned_north_south(board, doc):
    """Printed US board: straight lines of mileposts run north-south and none east-west."""
    assert doc["lattice"] == {"orientation": "north-south"}
    directions = Counter()
    for e in board.edges:
        a, b = board.milepost(e.a), board.milepost(e.b)
        d = math.hypot(b.x - a.x, b.y - a.y)
        assert abs(d - 1) < 1e-3, f"edge {e.a}-{e.b} is {d} apart"
        ang = round(math.degrees(math.atan2(b.y - a.y, b.x - a.x))) % 360
        assert ang in ALLOWED_DEGREES, f"edge {e.a}-{e.b} runs at {ang} degrees"
        directions[ang % 180] += 1
    assert set(directions) == {30, 90, 150}, directions
    # a column: mileposts with the same x are 1 apart north-south
    xs = Counter(round(m.x, 3) for m in board.mileposts)
    assert max(xs.values()) >= 30
    # y north: Seattle is north of Los Angeles, New York east of Chicago
    p = {n: board.milepost(board.city(n).center) for n in MAJORS}
    assert p["Seattle"].y > p["Los Angeles"].y and p["New York"].x > p["Chicago"].x > p["Kansas City"].x


def test_every_city_reachable_over_land(board):
    seen = reachable(board, board.city("Kansas City").center)
    missing = [c.name for c in board.cities if c.center not in seen]
    assert not missing, missing
    assert len(seen) == len(board.mileposts), "some mileposts are cut off from the rest of the board"
    assert not board.ferries and not board.tunnels


# ------------------------------------------------------------------------------------------ terrain, water
def test_clear_and_mountain_only_in_the_named_ranges(board, doc):
    land = [m for m in board.mileposts if not m.underground]
    t = Counter(m.terrain.value for m in land)
    assert set(t) == {"clear", "mountain"}, t
    assert 450 <= t["mountain"] <= 700, t
    regions = doc["meta"]["terrain_by_region"]
    for r in ("Rocky Mountains", "Cascades and Sierra Nevada", "Coast Ranges", "Appalachians"):
        assert regions[r]["mountain"] >= 20, regions
    # the Great Plains and the Midwest are clear: nothing between Omaha, Kansas City, Chicago and Dallas
    plains = [m for m in land if 33 <= m.lat <= 42 and -97 <= m.lon <= -88 and m.terrain.value == "mountain"]
    assert not plains, plains[:5]
    # Denver sits at the foot of the Rockies: mountains within 2 mileposts west of it
    dn = board.milepost(board.city("Denver").center)
    assert any(m.terrain.value == "mountain" and m.lon < dn.lon and board.distance(dn.id, m.id) <= 2.01 for m in land)


def test_named_rivers_are_crossings(board, doc):
    per = Counter(r for e in board.edges for r in e.rivers)
    assert set(per) == set(RIVERS), per
    missing = [r for r in RIVERS if per[r] < 4]
    assert not missing, f"rivers with fewer than 4 crossings: {missing}; all: {dict(per)}"
    assert 350 <= sum(1 for e in board.edges if e.rivers) <= 550
    assert set(doc["drawing"]["rivers"]) == set(RIVERS)


def reachable_without(board, start, river, max_lat=90.0):
    """Mileposts reachable from ``start`` without crossing ``river`` and without going north of ``max_lat``."""
    seen, q = {start}, deque([start])
    while q:
        a = q.popleft()
        for b in board.neighbors(a):
            if b not in seen and river not in board.edge(a, b).rivers and board.milepost(b).lat <= max_lat:
                seen.add(b)
                q.append(b)
    return seen


def test_the_mississippi_divides_east_and_west(board):
    """South of its headwaters in Minnesota (45 N), no track goes east from Kansas City without a bridge."""
    west = reachable_without(board, board.city("Kansas City").center, "Mississippi", max_lat=45.0)
    for east in ("Chicago", "Atlanta", "New York", "Birmingham"):
        assert board.city(east).center not in west, f"{east} reachable from Kansas City without a bridge"
    for w in ("Denver", "Omaha", "Dallas", "Houston"):
        assert board.city(w).center in west, w


def test_great_lakes_and_open_ocean_are_impassable(board):
    """No edge crosses the Great Lakes (middle of Lake Michigan, Superior, Erie); few ocean inlets."""
    for e in board.edges:
        a, b = board.milepost(e.a), board.milepost(e.b)
        mid = ((a.lat + b.lat) / 2, (a.lon + b.lon) / 2)
        # the middle of Lake Michigan, Lake Superior and Lake Erie
        for lake in ((43.6, -87.1), (47.6, -87.5), (42.2, -81.3)):
            assert km(*mid, *lake) > 40, f"edge {e.a}-{e.b} crosses a Great Lake near {lake}"
    # ocean inlets exist (Chesapeake Bay, Puget Sound, San Francisco Bay ...) but few: open sea has no edges
    inlets = [e for e in board.edges if e.inlet]
    assert 10 <= len(inlets) <= 80, len(inlets)


def test_three_seas_for_gales(board):
    assert set(board.seas) == {"Atlantic", "Gulf", "Pacific"}

    def d(sea, city):
        return int(board.seas[sea][board.city(city).center])
    assert d("Pacific", "Seattle") <= 2 and d("Pacific", "San Francisco") == 1 and d("Pacific", "Los Angeles") <= 2
    assert d("Gulf", "Houston") <= 2 and d("Gulf", "New Orleans") <= 2 and d("Gulf", "Tampa") <= 2
    assert d("Atlantic", "Boston") == 1 and d("Atlantic", "Miami") <= 2 and d("Atlantic", "Savannah") <= 2
    assert d("Atlantic", "Tampa") > 2 and d("Gulf", "Savannah") > 2
    assert d("Pacific", "Chicago") > 15 and d("Atlantic", "Chicago") > 8 and d("Gulf", "Chicago") > 8
    assert all(len(v) == len(board.mileposts) for v in board.seas.values())


def test_countries_us_and_canada(board):
    c = Counter(m.country for m in board.mileposts)
    assert set(c) == {"US", "CA"} and c["CA"] > 150, c
    for city in ("Vancouver", "Calgary", "Regina", "Winnipeg", "Toronto", "Montreal", "Sudbury"):
        assert board.milepost(board.city(city).center).country == "CA", city
    for city in ("Seattle", "Detroit", "Buffalo", "Duluth", "Portland ME"):
        assert board.milepost(board.city(city).center).country == "US", city


# ------------------------------------------------------------------------------------------ the file
def test_file_is_small_and_checksummed(doc):
    assert BOARD_FILE.stat().st_size < 1_000_000
    sys.path.insert(0, str(ROOT / "tools" / "mapgen"))
    try:
        from generate import content_sha256
    finally:
        sys.path.pop(0)
    assert doc["meta"]["sha256"] == content_sha256(doc), "board content changed without regenerating"
    assert doc["game"] == "us" and doc["spacing_km"] == 70.0


def test_generator_reproduces_the_committed_board():
    """tools/mapgen/generate.py --board north_america on the committed extracts gives the committed file."""
    pytest.importorskip("shapely", reason="the generator needs shapely (pip install -e '.[mapgen]')")
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "mapgen" / "generate.py"), "--board", "north_america",
                        "--check"], capture_output=True, text=True, timeout=120, check=False)
    assert r.returncode == 0, r.stdout + r.stderr
