"""The Empire Express board generated from real geography (data/boards/eastern_us.json) and the
introductory cards of its deck (data/decks/eastern_us.json, cards 1-13).

Rulebook: shared/rules/empire_express_rulebook.txt — Demo Set Up ("Mileposts connect vertically, or
diagonally (never horizontally)"; the four colours' track symbols, start cities and loads), Build Track
("You cannot cross any heavy black lines (such as those along the Atlantic coast or the Great Lakes)"),
Demand Cards (the example card), Empire Express Introductory Strategies (every payout it names).
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
BOARD_FILE = ROOT / "data" / "boards" / "eastern_us.json"
DECK_FILE = ROOT / "data" / "decks" / "eastern_us.json"
FACTS = json.loads((ROOT / "data" / "sources" / "eastern_us_facts.json").read_text(encoding="utf-8"))
# the cities and loads the rulebook names
RULEBOOK = {"Pittsburgh": "Steel", "Charleston": "Coal", "Knoxville": "Marble", "Akron": "Tires",
            "Boston": "Electronics", "New York": "Passengers", "Hartford": "Machinery", "Chicago": "Passengers",
            "Columbus": "Swine", "Washington": "Passengers", "Roanoke": "Wood", "Charlotte": "Cotton",
            "Harrisburg": "Textiles"}
START = {"orange": ("Pittsburgh", "Steel"), "red": ("Charleston", "Coal"), "blue": ("Knoxville", "Marble"),
         "green": ("Akron", "Tires")}


@pytest.fixture(scope="module")
def board():
    return eb.load_board("eastern_us")


@pytest.fixture(scope="module")
def doc():
    return json.loads(BOARD_FILE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def cards():
    """Demand cards by label (the deck is read as JSON: two deliveries per card)."""
    return {c["label"]: c["demands"] for c in json.loads(DECK_FILE.read_text(encoding="utf-8"))["demand_cards"]}


def open_edges(doc):
    """Neighbour lists over the edges a track may use (no barrier)."""
    adj: dict[int, set[int]] = {}
    for e in doc["edges"]:
        if not e.get("barrier"):
            adj.setdefault(e["a"], set()).add(e["b"])
            adj.setdefault(e["b"], set()).add(e["a"])
    return adj


def track_reach(doc, pairs, start, majors):
    """Mileposts a train reaches from ``start`` along ``pairs`` (free passage through major cities)."""
    adj: dict[int, set[int]] = {}
    for a, b in pairs:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    for c in majors:
        for m in c["mileposts"]:
            adj.setdefault(m, set()).update(x for x in c["mileposts"] if x != m)
    seen, q = {start}, deque([start])
    while q:
        a = q.popleft()
        for b in adj.get(a, ()):
            if b not in seen:
                seen.add(b)
                q.append(b)
    return seen


# ------------------------------------------------------------------------------------------ cities
def test_the_rulebooks_cities_and_loads(board):
    for city, load in RULEBOOK.items():
        assert load in board.city(city).loads, f"{city} offers {board.city(city).loads}, rulebook: {load}"
    offered = Counter(ld for c in board.cities for ld in c.loads)
    assert offered["Tobacco"] >= 1 and offered["Chemicals"] >= 1
    assert "Chemicals" in board.city("Charleston").loads and "Tobacco" in board.city("Winston-Salem").loads
    assert board.city("Charleston WV") is board.city("Charleston")
    assert board.city("Washington DC") is board.city("Washington")
    assert sorted(c.name for c in board.major_cities) == ["Chicago", "New York", "Washington"]
    for c in board.major_cities:
        assert len(c.mileposts) == 7 and c.mileposts[0] == c.center, c.name
        assert all(abs(board.distance(c.center, m) - 1) < 1e-3 for m in c.mileposts[1:]), c.name
    readings = [c["name"] for c in FACTS["cities"] if c["reading"] != "rulebook"]
    assert len(readings) >= 10 and set(RULEBOOK) <= {c["name"] for c in FACTS["cities"] if c["reading"] == "rulebook"}


def test_area_from_chicago_to_boston_and_south_to_charlotte_and_knoxville(board):
    p = {n: board.milepost(board.city(n).center) for n in ("Chicago", "Boston", "Charlotte", "Knoxville", "Portland")}
    assert p["Chicago"].x < p["Knoxville"].x < p["Charlotte"].x < p["Boston"].x
    assert p["Charlotte"].y < p["Boston"].y and p["Knoxville"].y < p["Chicago"].y
    assert 1200 <= len(board.mileposts) <= 1900
    assert all(m.country == "US" for m in board.mileposts)


# ------------------------------------------------------------------------------------------ lattice
def test_mileposts_connect_vertically_or_diagonally_never_horizontally(board, doc):
    assert doc["lattice"] == {"orientation": "north-south"}
    for e in board.edges:
        a, b = board.milepost(e.a), board.milepost(e.b)
        assert abs(math.hypot(b.x - a.x, b.y - a.y) - 1) < 1e-3
        ang = round(math.degrees(math.atan2(b.y - a.y, b.x - a.x))) % 180
        assert ang in (30, 90, 150), f"edge {e.a}-{e.b} at {ang} degrees"


def test_scale_fits_the_rulebooks_payouts(board):
    """The spacing was chosen so that the named payouts fit 1.1 x distance + 1.5 (Europe's deck model)."""
    def d(a, b):
        return board.distance(board.city(a).center, board.city(b).center)
    named = [(d("Pittsburgh", "Boston"), 1, 33), (d("New York", "Boston"), 1, 9), (d("Hartford", "Boston"), 1, 7),
             (d("Chicago", "Charleston"), 1, 20), (d("Akron", "New York") + d("Pittsburgh", "New York"), 2, 48),
             (d("New York", "Akron"), 1, 18), (d("Winston-Salem", "New York"), 1, 28),
             (d("Charleston", "Knoxville"), 1, 12)]
    pred = [1.1 * x + 1.5 * n for x, n, _p in named]
    obs = [p for _x, _n, p in named]
    mean_p, mean_o = sum(pred) / len(pred), sum(obs) / len(obs)
    cov = sum((a - mean_p) * (b - mean_o) for a, b in zip(pred, obs))
    r = cov / math.sqrt(sum((a - mean_p) ** 2 for a in pred) * sum((b - mean_o) ** 2 for b in obs))
    assert r >= 0.95, (r, list(zip(pred, obs)))
    assert abs(sum(pred) - sum(obs)) / sum(obs) < 0.05, "the scale is off on average"
    assert all(abs(a - b) <= 7 for a, b in zip(pred, obs)), list(zip(pred, obs))


# ------------------------------------------------------------------------------------------ water
def test_heavy_black_lines_are_kept_as_barriers(board, doc):
    bars = Counter(e["barrier"] for e in doc["edges"] if e.get("barrier"))
    assert bars["Atlantic coast"] >= 10 and sum(v for k, v in bars.items() if k.startswith("Lake")) >= 2, bars
    assert set(bars) <= {"Atlantic coast", "Lake Michigan", "Lake Huron", "Lake Erie", "Lake Ontario", "Lake St. Clair"}
    for e in doc["edges"]:
        if e.get("barrier"):
            assert e["impassable"] is True and (e.get("inlet") or e.get("lake")), e
    # the loader's Edge.impassable: no track over them
    assert sum(e.impassable for e in board.edges) == sum(bars.values())
    # no heavy black line inside a major city
    assert not any(e.impassable and board.is_red_area(e.a, e.b) for e in board.edges)


def test_every_city_reachable_without_crossing_a_heavy_line(board):
    start = board.city("Chicago").center
    seen, q = {start}, deque([start])
    while q:
        a = q.popleft()
        for b in board.neighbors(a):
            if b not in seen:
                seen.add(b)
                q.append(b)
    assert len(seen) == len(board.mileposts), "land cut off by heavy black lines should have been dropped"


def test_rivers_are_crossings(board):
    per = Counter(r for e in board.edges for r in e.rivers)
    for r in ("Ohio", "Susquehanna", "Delaware", "Potomac", "Hudson", "Connecticut", "Allegheny", "Tennessee"):
        assert per[r] >= 4, per
    # Pittsburgh lies where the Allegheny and the Monongahela make the Ohio
    pit = board.city("Pittsburgh").center
    near = {r for e in board.edges if pit in (e.a, e.b) or board.distance(pit, e.a) <= 1.01 for r in e.rivers}
    assert {"Ohio", "Allegheny", "Monongahela"} & near, near


# ------------------------------------------------------------------------------------------ starting track
def test_starting_track_pairs_are_edges_of_one_colour_each(board, doc):
    st = doc["starting_track"]
    assert set(st) == {"orange", "red", "blue", "green"}
    seen = {}
    for colour, pairs in st.items():
        assert pairs, colour
        for a, b in pairs:
            e = board.edge(a, b)
            assert e is not None and not e.impassable, f"{colour}: {a}-{b} is not an open edge"
            assert not board.is_red_area(a, b), f"{colour}: track inside a major city"
            key = (min(a, b), max(a, b))
            assert key not in seen, f"{colour} and {seen.get(key)} share the segment {key}"
            seen[key] = colour


def test_each_colours_introductory_plan_runs_on_its_starting_track(board, doc):
    """You start with no money: each colour's first deliveries must be possible on its own track."""
    majors = [c for c in doc["cities"] if c["size"] == "major"]
    reach = {col: track_reach(doc, pairs, board.city(START[col][0]).center, majors)
             for col, pairs in doc["starting_track"].items()}

    def at(col, city):
        return board.city(city).center in reach[col]
    assert at("orange", "Pittsburgh") and at("orange", "New York") and at("orange", "Hartford") and at("orange", "Boston")
    assert at("red", "Columbus") and at("red", "Chicago")
    assert at("blue", "Roanoke") and at("blue", "Washington")
    assert at("green", "Pittsburgh") and at("green", "New York") and not at("green", "Harrisburg")
    assert not at("red", "Akron") and not at("blue", "Charlotte"), "the rulebook's detours are to be built"


# ------------------------------------------------------------------------------------------ cards 1-12
def _has(cards, label, city, load, payout=None):
    hits = [d for d in cards[label] if d["city"] == city and d["load"] == load]
    return bool(hits) and (payout is None or hits[0]["payout"] == payout)


def test_cards_carry_every_payout_the_introductory_strategies_name(cards):
    assert all(len(cards[str(i)]) == 2 for i in range(1, 101)), "two deliveries per card"
    # Orange, cards 1-3
    assert _has(cards, "1", "Boston", "Steel", 33) and _has(cards, "1", "Pittsburgh", "Electronics")
    assert _has(cards, "2", "Boston", "Passengers", 9)
    assert _has(cards, "3", "Boston", "Machinery", 7)
    # Red, cards 4-6
    assert _has(cards, "4", "Chicago", "Coal") and _has(cards, "5", "Chicago", "Swine")
    assert _has(cards, "6", "Chicago", "Tires") and _has(cards, "6", "Charleston", "Passengers", 20)
    # Blue, cards 7-9: cotton pays 9 more than wood; passengers Washington -> Charlotte on the wood card
    assert _has(cards, "7", "Washington", "Marble")
    wood = next(d["payout"] for d in cards["8"] if d["load"] == "Wood")
    assert _has(cards, "8", "Washington", "Wood") and _has(cards, "8", "Charlotte", "Passengers")
    assert _has(cards, "9", "Washington", "Cotton", wood + 9)
    # Green, cards 10-12: tires and steel to New York 48 together; textiles, or passengers to Akron 18
    tires = next(d["payout"] for d in cards["10"] if d["load"] == "Tires" and d["city"] == "New York")
    steel = next(d["payout"] for d in cards["11"] if d["load"] == "Steel" and d["city"] == "New York")
    assert tires + steel == 48
    assert _has(cards, "12", "New York", "Textiles") and _has(cards, "12", "Akron", "Passengers", 18)
    # the example card of "Demand Cards"
    assert _has(cards, "13", "New York", "Tobacco", 28) and _has(cards, "13", "Knoxville", "Chemicals", 12)


def test_starting_loads_have_their_deliveries_on_the_colours_cards(cards, board):
    firsts = {"orange": ("1", "2", "3"), "red": ("4", "5", "6"), "blue": ("7", "8", "9"), "green": ("10", "11", "12")}
    for colour, labels in firsts.items():
        city, load = START[colour]
        assert load in board.city(city).loads
        assert any(d["load"] == load for lab in labels for d in cards[lab]), f"{colour}: nothing wants {load}"


# ------------------------------------------------------------------------------------------ the file
def test_file_checksummed_and_reproduced(doc):
    assert BOARD_FILE.stat().st_size < 1_000_000 and doc["game"] == "express"
    sys.path.insert(0, str(ROOT / "tools" / "mapgen"))
    try:
        from generate import content_sha256
    finally:
        sys.path.pop(0)
    assert doc["meta"]["sha256"] == content_sha256(doc)
    pytest.importorskip("shapely", reason="the generator needs shapely (pip install -e '.[mapgen]')")
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "mapgen" / "generate.py"), "--board", "eastern_us",
                        "--check"], capture_output=True, text=True, timeout=120, check=False)
    assert r.returncode == 0, r.stdout + r.stderr
