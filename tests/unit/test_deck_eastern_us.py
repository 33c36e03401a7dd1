"""The Empire Express deck (data/decks/eastern_us.json): two deliveries per card, calibrated like Europe's.

Rulebook: shared/rules/empire_express_rulebook.txt, "Demand Cards" ("Each card has two possible deliveries
on it; you may only use ONE").  Cards 1-13 are checked in test_eastern_us_board.py; here the rest of the
deck: the Europe deck's model (1.1 x distance + 1.5 plus a premium for costly routes) on the Express board.
The deck is read as JSON: ``eb.load_deck`` still expects three demands per card
(see ``test_the_deck_loader_accepts_the_deck``).
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

import eb_core as eb

ROOT = Path(__file__).resolve().parents[2]
DECK_FILE = ROOT / "data" / "decks" / "eastern_us.json"

from test_cards import _deckgen  # noqa: E402  (tools/deckgen.py loaded once, as a module)


@pytest.fixture(scope="module")
def deck():
    return json.loads(DECK_FILE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def geo():
    gen = _deckgen()
    return gen.geometry_for(gen.PROFILES["eastern_us"])


def demands(deck, first=1):
    return [(int(c["label"]), d) for c in deck["demand_cards"] if int(c["label"]) >= first for d in c["demands"]]


def distance(geo, city, load):
    return min(geo.dist(s, city) for s, p in geo.places.items() if load in p.loads)


def test_two_deliveries_per_card_and_the_deck_fits_the_board(deck, geo):
    assert len(deck["demand_cards"]) == 100 and deck["meta"]["model"]["demands_per_card"] == 2
    pairs = Counter()
    for c in deck["demand_cards"]:
        ds = c["demands"]
        assert len(ds) == 2 and ds[0]["city"] != ds[1]["city"] and ds[0]["load"] != ds[1]["load"], c
        for d in ds:
            assert d["city"] in geo.places and d["load"] in geo.loads and d["payout"] >= 5, c
            assert d["load"] not in geo.places[d["city"]].loads, f"card {c['label']}: {d['city']} offers {d['load']}"
            pairs[(d["city"], d["load"])] += 1
    assert max(pairs.values()) == 1
    assert not deck["starter_sets"], "Empire Express has no starter cards (the demo uses cards 1-12)"


def test_payouts_follow_distance_like_the_europe_deck(deck, geo):
    rows = demands(deck, first=14)
    pay = np.array([d["payout"] for _l, d in rows], float)
    dist = np.array([distance(geo, d["city"], d["load"]) for _l, d in rows])
    r = float(np.corrcoef(dist, pay)[0, 1])
    slope, icpt = np.polyfit(dist, pay, 1)
    msg = f"r = {r:.3f}, payout = {slope:.3f} x d + {icpt:.2f} (model 1.1 x d + 1.5 plus premium)"
    assert r >= 0.9 and 0.9 <= slope <= 1.3 and -3 <= icpt <= 6, msg


def test_every_card_has_a_short_and_a_long_delivery(deck):
    pay = sorted(d["payout"] for _l, d in demands(deck, first=14))
    mid = pay[len(pay) // 2]
    for c in deck["demand_cards"][13:]:
        p = sorted(d["payout"] for d in c["demands"])
        assert p[0] <= mid <= p[1], c


def test_destinations_by_city_class_and_loads_by_chips(deck, geo):
    cities = Counter(d["city"] for _l, d in demands(deck))
    by = {}
    for name, p in geo.places.items():
        by.setdefault(p.size, []).append(cities.get(name, 0))
    assert min(by["major"]) > max(by["small"]) and np.mean(by["major"]) > np.mean(by["medium"]) > np.mean(by["small"])
    loads = Counter(d["load"] for _l, d in demands(deck, first=14))   # cards 1-13 are written as the rulebook says
    assert set(loads) == set(geo.loads)
    per_chip = {ld: loads[ld] / geo.loads[ld] for ld in geo.loads}
    assert max(per_chip.values()) - min(per_chip.values()) <= 1.5, per_chip


def test_events_adapted_to_the_eastern_us(deck, geo):
    ev = deck["event_cards"]
    kinds = Counter(e["kind"] for e in ev)
    assert kinds == {"derailment": 2, "flood": 4, "gale": 1, "snow": 2, "strike": 3, "tax": 1}, kinds
    assert {e["params"]["river"] for e in ev if e["kind"] == "flood"} <= geo.rivers
    assert {e["params"]["city"] for e in ev if e["kind"] == "snow"} == {"Buffalo", "Syracuse"}
    ids = [c["id"] for c in deck["demand_cards"] + ev]
    assert ids == list(range(1, len(ids) + 1))


def test_generator_reproduces_the_committed_file(deck, geo):
    gen = _deckgen()
    seed = deck["meta"]["seed"]
    cmd = f"python tools/deckgen.py eastern_us --seed {seed}"
    assert deck["meta"]["command"] == cmd
    if geo.digest != deck["meta"]["source_sha256"]:
        pytest.fail(f"the board file changed since the deck was generated; run `{cmd}`")
    text = gen.dumps(gen.generate(gen.PROFILES["eastern_us"], seed, geo))
    assert text == DECK_FILE.read_text(encoding="utf-8"), f"data/decks/eastern_us.json differs; run `{cmd}`"


def test_the_deck_loader_accepts_the_deck():
    deck = eb.load_deck("eastern_us")
    deck.validate_against(eb.load_board("eastern_us"))
    assert all(len(c.demands) == 2 for c in deck.demand_cards)
