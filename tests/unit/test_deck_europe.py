"""The Europe deck (data/decks/europe.json): counts, fit to the board, calibration, events, starters.

Rulebook: "Components" (157 Demand Cards, 22 Event Cards, 18 Starter Cards), "Setting Up the Game"
(six starter sets S1-S3 ... S16-S18), "Event Card Effects"; printed-deck statistics from
shared/reference/game_facts.md ("Payout = 1.1 x distance + 1.5, correlation 0.95").
"""
from __future__ import annotations

import copy
import math
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

import eb_core as eb

ROOT = Path(__file__).resolve().parents[2]
BOARD_FILE = ROOT / "data" / "boards" / "europe.json"
DECK_FILE = ROOT / "data" / "decks" / "europe.json"
IRELAND = ("Belfast", "Dublin", "Cork")


from test_cards import _deckgen  # noqa: E402  (tools/deckgen.py loaded once, as a module)


@pytest.fixture(scope="module")
def deck():
    return eb.load_deck("europe")


@pytest.fixture(scope="module")
def board():
    return eb.load_board("europe")


@pytest.fixture(scope="module")
def geo(deck):
    """The geometry the deck was made from: the board, or the lat/lon fallback before the board existed."""
    gen = _deckgen()
    g = gen.geometry_for(gen.PROFILES["europe"])
    if g.kind != deck.meta["geometry"]:
        pytest.fail(f"the deck was made from {deck.meta['geometry']!r} geometry but {g.kind!r} is available now; "
                    f"run `python tools/deckgen.py europe --seed {deck.meta['seed']}`")
    return g


def _distance(geo, city: str, load: str) -> float:
    """Straight-line mileposts from the nearest source of ``load`` to ``city``."""
    return min(geo.dist(s, city) for s, p in geo.places.items() if load in p.loads)


# --------------------------------------------------------------------------------------------- counts
def test_counts_match_the_components_list(deck):
    assert len(deck.demand_cards) == 157, "157 Demand Cards (rulebook: Components)"
    assert len(deck.event_cards) == 22, "22 Event Cards (rulebook: Components)"
    assert len(deck.starter_cards) == 18, "18 Starter Cards (rulebook: Components)"
    assert len(deck.starter_sets) == 6 and all(len(s) == 3 for s in deck.starter_sets)
    assert all(len(c.demands) == 3 for c in deck.demand_cards + deck.starter_cards)
    assert [c.label for s in deck.starter_sets for c in s] == [f"S{i}" for i in range(1, 19)]
    assert [c.id for c in deck.demand_cards] == list(range(1, 158))
    assert [c.id for c in deck.event_cards] == list(range(158, 180))
    assert [c.id for c in deck.starter_cards] == list(range(180, 198))
    assert len(deck.draw_pile()) == 179


def test_fits_the_board(deck, board, geo):
    deck.validate_against(board)


def test_no_demand_at_its_own_source_and_pairs_unique(deck, geo):
    pairs = Counter()
    for card, d in deck.demands(starters=True):
        assert d.city in geo.places, f"card {card.label}: no city {d.city}"
        assert d.load in geo.loads, f"card {card.label}: no load {d.load}"
        assert d.load not in geo.places[d.city].loads, f"card {card.label}: {d.city} itself offers {d.load}"
        pairs[(d.city, d.load)] += 1
    dup = [p for p, n in pairs.items() if n > 1]
    assert not dup, f"(city, load) pairs appearing more than once: {dup}"
    for card in deck.demand_cards + deck.starter_cards:
        assert len(set(card.cities)) == 3, f"card {card.label} names a city twice: {card}"
        assert len({d.load for d in card.demands}) == 3, f"card {card.label} names a load twice: {card}"


def test_destination_frequency_by_city_class(deck, geo):
    counts = Counter(d.city for _c, d in deck.demands())
    by_class: dict[str, list[int]] = {}
    for name, p in geo.places.items():
        by_class.setdefault(p.size, []).append(counts.get(name, 0))
    mean = {k: sum(v) / len(v) for k, v in by_class.items()}
    report = {k: (round(mean[k], 2), min(v), max(v)) for k, v in by_class.items()}
    # printed deck: each major on 12 cards, each medium ~9, each small ~5 (scaled up from 146 to 157 cards)
    assert 11.5 <= mean["major"] <= 14, report
    assert 8 <= mean["medium"] <= 11, report
    assert 8 <= mean["key"] <= 11, report
    assert 4.5 <= mean["small"] <= 6.5, report
    assert min(by_class["major"]) > max(by_class["small"]), report
    assert counts["Roma"] >= 8 and counts["Venezia"] >= 4, "Roma and Venezia offer nothing but are destinations"


def test_loads_are_demanded_in_proportion_to_their_chips(deck, geo):
    counts = Counter(d.load for _c, d in deck.demands())
    assert set(counts) == set(geo.loads), f"never demanded: {set(geo.loads) - set(counts)}"
    per_chip = {ld: counts[ld] / geo.loads[ld] for ld in geo.loads}
    assert max(per_chip.values()) - min(per_chip.values()) <= 1.0, per_chip


# ----------------------------------------------------------------------------------------- calibration
def test_payouts_follow_distance_like_the_printed_deck(deck, geo):
    rows = [(card.label, d, _distance(geo, d.city, d.load)) for card, d in deck.demands()]
    pay = np.array([d.payout for _l, d, _x in rows], dtype=float)
    dist = np.array([x for _l, _d, x in rows])
    r = float(np.corrcoef(dist, pay)[0, 1])
    slope, icpt = np.polyfit(dist, pay, 1)
    resid = pay - (1.1 * dist + 1.5)
    worst = sorted(zip(resid, rows), key=lambda t: -abs(t[0]))[:8]
    explain = (f"r = {r:.3f}, payout = {slope:.3f} x d + {icpt:.2f}; furthest from 1.1 x d + 1.5:\n"
               + "\n".join(f"  card {lab}: {d} at {x:.1f} mileposts ({res:+.1f})" for res, (lab, d, x) in worst))
    assert r >= 0.9, explain
    assert 0.9 <= slope <= 1.3, explain
    assert -3 <= icpt <= 6, explain


def test_payout_range_and_quartiles_near_the_printed_deck(deck):
    pay = [d.payout for _c, d in deck.demands()]
    q1, q2, q3 = np.percentile(pay, [25, 50, 75])
    msg = f"min {min(pay)}, quartiles {q1}/{q2}/{q3}, max {max(pay)} (printed: 5, 16/23/32, 73)"
    assert min(pay) >= 5, msg
    assert 60 <= max(pay) <= 85, msg
    assert abs(q1 - 16) <= 4 and abs(q2 - 23) <= 4 and abs(q3 - 32) <= 5, msg


def test_water_routes_pay_above_the_distance_line(deck, geo):
    """Deliveries to Ireland of loads not found in the British Isles need ferries: they pay above 1.1d + 1.5."""
    isles = set(IRELAND) | {"London", "Birmingham", "Manchester", "Glasgow", "Aberdeen", "Cardiff", "Newcastle"}
    island_loads = {ld for c in isles if c in geo.places for ld in geo.places[c].loads}
    res = [d.payout - (1.1 * _distance(geo, d.city, d.load) + 1.5)
           for _c, d in deck.demands() if d.city in IRELAND and d.load not in island_loads]
    assert len(res) >= 5, res
    assert np.mean(res) >= 2.0, f"mean premium for shipping to Ireland {np.mean(res):.1f}M: {res}"


def test_every_card_holds_a_short_and_a_long_delivery(deck):
    """Each card is dealt one demand from each payout third."""
    pay = sorted(d.payout for _c, d in deck.demands())
    low, high = pay[len(pay) // 3], pay[2 * len(pay) // 3]
    for c in deck.demand_cards:
        p = sorted(d.payout for d in c.demands)
        assert p[0] <= low and p[2] >= high, f"card {c.label}: {c}"


# ----------------------------------------------------------------------------------------------- events
def test_event_mix(deck):
    kinds = Counter(e.kind for e in deck.event_cards)
    assert kinds == {"derailment": 3, "flood": 5, "gale": 3, "snow": 3, "fog": 2, "strike": 4, "tax": 1,
                     "irish-boom": 1}, kinds
    assert {e.params["sea"] for e in deck.events_of_kind("gale")} == {"Northern Seas", "Atlantic", "Mediterranean"}
    assert "Ebro" in {e.params["river"] for e in deck.events_of_kind("flood")}
    assert "Torino" in {e.params["city"] for e in deck.events_of_kind("snow")}
    assert "Frankfurt" in {e.params["city"] for e in deck.events_of_kind("fog")}
    assert {e.params["variant"] for e in deck.events_of_kind("strike")} == {"coastal", "inland", "wildcat", "rail"}
    rail = next(e for e in deck.events_of_kind("strike") if e.params["variant"] == "rail")
    assert set(rail.params["countries"]) == {"ES", "PT"}, "Iberian Rail Strike"
    (tax,) = deck.events_of_kind("tax")
    assert tax.params["brackets"] == ((50, 10), (100, 15), (150, 20), (200, 25))
    (irish,) = deck.events_of_kind("irish-boom")
    assert irish.duration == "permanent" and set(irish.params["cities"]) == set(IRELAND)
    assert irish.params["bonus"] == 4
    for e in deck.events_of_kind("derailment"):
        assert e.params == {"draw": 2, "radius": 3}, "draw two cards, trains within 3 mileposts"


def test_event_durations_follow_the_rulebook(deck):
    want = {"derailment": "immediate", "tax": "immediate", "flood": "one-round", "gale": "one-round",
            "snow": "one-round", "fog": "one-round", "strike": "one-round", "irish-boom": "permanent"}
    for e in deck.event_cards:
        assert e.duration == want[e.kind], e
    for e in deck.events_of_kind("snow") + deck.events_of_kind("fog"):
        assert e.params["radius"] == 4, e


def test_event_rivers_and_cities_exist_on_the_board(deck, board, geo):
    rivers = set(board.rivers())
    for e in deck.event_cards:
        if "river" in e.params:
            assert e.params["river"] in rivers, f"{e.title}: board rivers {sorted(rivers)}"
        if "city" in e.params:
            assert board.city(e.params["city"]).name == e.params["city"]
        if "sea" in e.params and board.seas:
            assert e.params["sea"] in board.seas


# --------------------------------------------------------------------------------------------- starters
def test_starter_sets_are_short_gentle_routes_near_majors(deck, geo):
    majors = [n for n, p in geo.places.items() if p.size == "major"]
    main_median = float(np.median([d.payout for _c, d in deck.demands()]))
    for i, s in enumerate(deck.starter_sets):
        pays = [d.payout for c in s for d in c.demands]
        assert max(pays) <= 20, f"set {i + 1}: {[str(c) for c in s]}"
        assert np.median(pays) <= 0.6 * main_median, f"set {i + 1} is not gentle: {pays} (deck median {main_median})"
        for c in s:
            for d in c.demands:
                near = min(geo.dist(m, d.city) for m in majors)
                assert near <= 14, f"{c.label}: {d.city} is {near:.1f} mileposts from the nearest major city"
                assert _distance(geo, d.city, d.load) <= 12.5, f"{c.label}: {d} is not a short delivery"


# -------------------------------------------------------------------------------------- reproducibility
@pytest.mark.slow   # left out of `make test-fast`
def test_generator_reproduces_the_committed_file(deck, geo):
    gen = _deckgen()
    seed = deck.meta["seed"]
    cmd = f"python tools/deckgen.py europe --seed {seed}"
    assert deck.meta["command"] == cmd
    if geo.digest != deck.meta["source_sha256"]:
        pytest.fail(f"the board (or facts) file changed since the deck was generated; run `{cmd}`")
    text = gen.dumps(gen.generate(gen.PROFILES["europe"], seed, geo))
    assert text == DECK_FILE.read_text(encoding="utf-8"), f"data/decks/europe.json differs; run `{cmd}`"
    other = gen.generate(gen.PROFILES["europe"], seed + 1, geo)
    assert gen.dumps(other) != text, "another seed gives another deck"


def test_deck_was_made_from_the_board_once_it_exists(deck):
    if BOARD_FILE.exists():
        assert deck.meta["geometry"] == "board", "regenerate the deck now that data/boards/europe.json exists"
    else:
        assert deck.meta["geometry"] == "latlon-fallback"
    assert math.isfinite(deck.meta["model"]["kappa"])


def test_every_payout_is_the_documented_model(deck, geo):
    """Oracle: recompute 1.1 d + 1.5 + premium from the board for every demand; only the noise may differ."""
    m = deck.meta["model"]
    worst = []
    for card, d in deck.demands(starters=True):
        src = min((s for s, p in geo.places.items() if d.load in p.loads), key=lambda s: (geo.dist(s, d.city), s))
        dist = geo.dist(src, d.city)
        cost = geo.cost(src, d.city)
        premium = m["alpha"] * max(0.0, cost - m["kappa"] * dist)
        model = m["slope"] * dist + m["intercept"] + premium
        worst.append((abs(d.payout - max(m["min_payout"], model)), card.label, str(d), src, dist, cost, premium))
    worst.sort(reverse=True)
    limit = 3 * m["noise_sd"] + 0.5 + 0.01  # noise is clipped at 3 sd, then rounded (kappa stored to 4 places)
    assert worst[0][0] <= limit, "\n".join(
        f"card {lab}: {txt}: from {src} {dist:.1f} mileposts, route {cost:.0f}M, premium {pr:.1f}M, off by {off:.1f}"
        for off, lab, txt, src, dist, cost, pr in worst[:5])
    assert np.mean([w[0] for w in worst]) <= 1.5 * m["noise_sd"], "noise larger than documented"


def test_costly_routes_earn_a_premium(deck, geo):
    """A route with ferries or alpine passes pays more than an overland one of the same distance."""
    m = deck.meta["model"]
    prem = []
    for _c, d in deck.demands():
        src = min((s for s, p in geo.places.items() if d.load in p.loads), key=lambda s: (geo.dist(s, d.city), s))
        prem.append(m["alpha"] * max(0.0, geo.cost(src, d.city) - m["kappa"] * geo.dist(src, d.city)))
    share = sum(p > 0 for p in prem) / len(prem)
    assert 0.2 <= share <= 0.8, f"{share:.0%} of demands carry a premium"
    assert max(prem) >= 8, f"largest premium only {max(prem):.1f}M"


def test_generator_names_only_rivers_and_cities_of_the_board():
    """Events are fitted to the board: river spellings mapped, missing features dropped or refused."""
    gen = _deckgen()

    class Fake:
        places = {"Frankfurt": None, "Dublin": None}
        rivers = {"Rhine"}
        seas = {"Atlantic"}
        countries: set[str] = set()

    assert gen._event_fits(gen._flood("Rhein"), Fake)["params"]["river"] == "Rhine"
    assert gen._event_fits(gen._flood("Rhein"), Fake)["title"] == "Flood: Rhine"
    assert gen._event_fits(gen._flood("Ebro"), Fake) is None
    assert gen._event_fits(gen._fog("Frankfurt"), Fake)["params"]["city"] == "Frankfurt"
    assert gen._event_fits(gen._snow("Torino"), Fake) is None
    assert gen._event_fits(gen._gale("Mediterranean"), Fake) is None
    assert gen._event_fits(gen.STRIKE_IBERIA, Fake) is None, "no Spanish or Portuguese mileposts"
    assert gen._event_fits(gen.IRISH, Fake)["params"]["cities"] == ["Dublin"]
    europe = gen.PROFILES["europe"]
    assert not europe.optional_events, "the Europe deck must refuse a board without its rivers and cities"
    assert len(europe.events) == 22


def test_generator_refuses_a_board_without_the_ebro(geo):
    gen = _deckgen()
    dry = copy.copy(geo)
    dry.rivers = set(geo.rivers or ()) - {"Ebro"}
    with pytest.raises(SystemExit, match="Flood: Ebro"):
        gen.generate(gen.PROFILES["europe"], 1, dry)
