"""The North America deck (data/decks/north_america.json): calibration on the printed US deck, events.

Printed US deck (shared/reference/game_facts.md, "Empire Builder, US"): 136 demand cards x 3 demands;
payout about 0.96 x (straight-line milepost distance from the nearest supply city) + 1.6, r about 0.96;
payouts 6-55M with quartiles 14 / 20.5 / 28; each load demanded 13-16 times.  The event deck adapts the
Europe kinds (overview: "Special Rules & Edge Cases" describes only floods in detail).

The deck is read as JSON here: ``eb.load_deck`` still lists only Europe's seas for gales (see
``test_the_deck_loader_accepts_the_deck``).
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

import eb_core as eb

ROOT = Path(__file__).resolve().parents[2]
DECK_FILE = ROOT / "data" / "decks" / "north_america.json"

from test_cards import _deckgen  # noqa: E402  (tools/deckgen.py loaded once, as a module)


@pytest.fixture(scope="module")
def deck():
    return json.loads(DECK_FILE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def board():
    return eb.load_board("north_america")


@pytest.fixture(scope="module")
def geo():
    gen = _deckgen()
    return gen.geometry_for(gen.PROFILES["north_america"])


def demands(deck, starters=False):
    cards = deck["demand_cards"] + ([c for s in deck["starter_sets"] for c in s] if starters else [])
    return [(c["label"], d) for c in cards for d in c["demands"]]


def distance(geo, city, load):
    return min(geo.dist(s, city) for s, p in geo.places.items() if load in p.loads)


def test_counts(deck):
    assert len(deck["demand_cards"]) == 136
    assert all(len(c["demands"]) == 3 for c in deck["demand_cards"])
    assert len(deck["starter_sets"]) == 6 and all(len(s) == 3 for s in deck["starter_sets"])
    assert deck["board"] == "north_america"


def test_fits_the_board(deck, geo):
    pairs = Counter()
    for label, d in demands(deck, starters=True):
        assert d["city"] in geo.places and d["load"] in geo.loads, (label, d)
        assert d["load"] not in geo.places[d["city"]].loads, f"card {label}: {d['city']} itself offers {d['load']}"
        pairs[(d["city"], d["load"])] += 1
    assert max(pairs.values()) == 1
    for c in deck["demand_cards"]:
        assert len({d["city"] for d in c["demands"]}) == 3 and len({d["load"] for d in c["demands"]}) == 3, c


def test_payouts_follow_distance_like_the_printed_us_deck(deck, geo):
    rows = demands(deck)
    pay = np.array([d["payout"] for _l, d in rows], float)
    dist = np.array([distance(geo, d["city"], d["load"]) for _l, d in rows])
    r = float(np.corrcoef(dist, pay)[0, 1])
    slope, icpt = np.polyfit(dist, pay, 1)
    msg = f"r = {r:.3f}, payout = {slope:.3f} x d + {icpt:.2f} (printed: 0.96 x d + 1.6, r 0.96)"
    assert r >= 0.9, msg
    assert 0.85 <= slope <= 1.1, msg
    assert -2 <= icpt <= 6, msg


def test_payout_range_and_quartiles_near_the_printed_us_deck(deck):
    pay = [d["payout"] for _l, d in demands(deck)]
    q1, q2, q3 = np.percentile(pay, [25, 50, 75])
    msg = f"min {min(pay)}, quartiles {q1}/{q2}/{q3}, max {max(pay)} (printed: 6, 14/20.5/28, 55)"
    assert min(pay) >= 6 and 45 <= max(pay) <= 55, msg
    assert abs(q1 - 14) <= 2 and abs(q2 - 20.5) <= 2 and abs(q3 - 28) <= 2.5, msg


def test_each_load_demanded_13_to_16_times(deck, geo):
    counts = Counter(d["load"] for _l, d in demands(deck))
    assert set(counts) == set(geo.loads)
    assert all(13 <= n <= 16 for n in counts.values()), counts


def test_major_cities_are_destinations_more_often(deck, geo):
    counts = Counter(d["city"] for _l, d in demands(deck))
    by = {}
    for name, p in geo.places.items():
        by.setdefault(p.size, []).append(counts.get(name, 0))
    assert min(by["major"]) > max(by["medium"]) >= min(by["medium"]) > max(by["small"]), by
    assert counts["Washington"] >= 5 and counts["Las Vegas"] >= 5, "cities offering nothing are destinations"


def test_starter_sets_are_short(deck, geo):
    for s in deck["starter_sets"]:
        for c in s:
            assert c["label"].startswith("S")
            for d in c["demands"]:
                assert distance(geo, d["city"], d["load"]) <= 12.5 and d["payout"] <= 20, (c["label"], d)


def test_events_adapted_to_north_america(deck, board):
    ev = deck["event_cards"]
    kinds = Counter(e["kind"] for e in ev)
    assert kinds == {"derailment": 3, "flood": 5, "gale": 3, "snow": 3, "fog": 2, "strike": 4, "tax": 1}, kinds
    floods = {e["params"]["river"] for e in ev if e["kind"] == "flood"}
    assert floods == {"Mississippi", "Missouri", "Ohio", "Arkansas", "Columbia"} and floods <= set(board.rivers())
    assert {e["params"]["sea"] for e in ev if e["kind"] == "gale"} == {"Atlantic", "Gulf", "Pacific"} == set(board.seas)
    snow = {e["params"]["city"] for e in ev if e["kind"] == "snow"}
    assert snow == {"Minneapolis", "Denver", "Salt Lake City"}
    for e in ev:
        if "city" in e["params"]:
            assert board.city(e["params"]["city"]).name == e["params"]["city"]
    rail = next(e for e in ev if e["kind"] == "strike" and e["params"]["variant"] == "rail")
    assert rail["params"]["countries"] == ["CA"]
    (tax,) = [e for e in ev if e["kind"] == "tax"]
    assert tax["params"]["brackets"] == [[50, 10], [100, 15], [150, 20], [200, 25]]
    ids = [c["id"] for c in deck["demand_cards"] + ev + [c for s in deck["starter_sets"] for c in s]]
    assert ids == list(range(1, len(ids) + 1))


def test_generator_reproduces_the_committed_file(deck, geo):
    gen = _deckgen()
    seed = deck["meta"]["seed"]
    cmd = f"python tools/deckgen.py north_america --seed {seed}"
    assert deck["meta"]["command"] == cmd
    if geo.digest != deck["meta"]["source_sha256"]:
        pytest.fail(f"the board file changed since the deck was generated; run `{cmd}`")
    text = gen.dumps(gen.generate(gen.PROFILES["north_america"], seed, geo))
    assert text == DECK_FILE.read_text(encoding="utf-8"), f"data/decks/north_america.json differs; run `{cmd}`"


def test_the_deck_loader_accepts_the_deck(board):
    deck = eb.load_deck("north_america")
    deck.validate_against(board)
    assert len(deck.demand_cards) == 136
