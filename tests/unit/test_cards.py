"""Cards and decks: value types, the eb-deck/1 schema, malformed files, the tutorial deck.

Rulebook sections: "Components > Cards", "Setting Up the Game", "Event Card Effects".
"""
from __future__ import annotations

import dataclasses
import importlib.util
import json
import sys
from pathlib import Path

import pytest

import eb_core as eb
from eb_core.cards import DURATIONS, EVENT_KINDS, Deck, Demand, DemandCard, EventCard, load_deck

ROOT = Path(__file__).resolve().parents[2]
DECKS = ROOT / "data" / "decks"


def _deckgen():
    """tools/deckgen.py as a module (tools/ is not a package)."""
    if "eb_deckgen" not in sys.modules:
        spec = importlib.util.spec_from_file_location("eb_deckgen", ROOT / "tools" / "deckgen.py")
        mod = importlib.util.module_from_spec(spec)
        sys.modules["eb_deckgen"] = mod
        spec.loader.exec_module(mod)
    return sys.modules["eb_deckgen"]


def _card(cid, label, *demands):
    return {"id": cid, "label": label, "demands": [{"city": c, "load": ld, "payout": p} for c, ld, p in demands]}


def minimal_doc() -> dict:
    """A small valid deck: two demand cards, one flood, one starter set."""
    return {
        "schema": "eb-deck/1",
        "name": "mini",
        "demand_cards": [
            _card(1, "1", ("Paris", "Wine", 12), ("Berlin", "Cheese", 14), ("Madrid", "Beer", 30)),
            _card(2, "2", ("London", "Wine", 20), ("Wien", "Cheese", 15), ("Milano", "Beer", 11)),
        ],
        "event_cards": [
            {"id": 3, "label": "3", "kind": "flood", "title": "Flood: Rhein", "duration": "one-round",
             "params": {"river": "Rhein"}},
        ],
        "starter_sets": [[
            _card(4, "S1", ("Paris", "Cheese", 8), ("Berlin", "Wine", 9), ("Madrid", "Cheese", 25)),
            _card(5, "S2", ("London", "Cheese", 9), ("Wien", "Beer", 8), ("Milano", "Wine", 7)),
            _card(6, "S3", ("Ruhr", "Wine", 6), ("Holland", "Beer", 5), ("Paris", "Beer", 10)),
        ]],
    }


def write(tmp_path: Path, doc) -> Path:
    p = tmp_path / "deck.json"
    p.write_text(json.dumps(doc) if not isinstance(doc, str) else doc, encoding="utf-8")
    return p


# ------------------------------------------------------------------------------------------ value types
def test_minimal_deck_loads_with_ids_labels_and_draw_pile(tmp_path):
    deck = load_deck(write(tmp_path, minimal_doc()))
    assert deck.name == "mini"
    assert [c.id for c in deck.demand_cards] == [1, 2]
    assert deck.draw_pile() == (1, 2, 3), "the draw deck is demand + event cards, never the starters"
    assert [c.label for c in deck.starter_cards] == ["S1", "S2", "S3"]
    assert deck.starter_sets[0] == deck.starter_cards
    assert deck.card(3).kind == "flood" and deck.card(3).params["river"] == "Rhein"
    assert deck.card(1).demands[0] == Demand("Paris", "Wine", 12)
    assert deck.is_event(3) and not deck.is_event(1)
    with pytest.raises(KeyError, match="no card 99"):
        deck.card(99)


def test_cards_are_frozen_with_pasteable_reprs():
    card = DemandCard(7, "7", (Demand("Paris", "Wine", 12), Demand("Berlin", "Cheese", 14),
                               Demand("Madrid", "Beer", 30)))
    ev = EventCard(160, "160", "tax", "Excess Profits Tax", "immediate",
                   {"brackets": [[50, 10], [100, 15], [150, 20], [200, 25]]})
    for obj in (card, card.demands[0], ev):
        assert eval(repr(obj)) == obj, repr(obj)
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.label = "8"  # type: ignore[misc]
    with pytest.raises(TypeError):
        ev.params["brackets"] = ()  # type: ignore[index]
    assert hash(ev) == hash(eval(repr(ev)))
    assert card.best_payout == 30 and card.cities == ("Paris", "Berlin", "Madrid")
    assert card.demand("Berlin", "Cheese") == Demand("Berlin", "Cheese", 14)
    assert card.demand("Berlin", "Wine") is None
    assert str(card) == "card 7: Wine to Paris for 12M; Cheese to Berlin for 14M; Beer to Madrid for 30M"


def test_to_dict_round_trips(tmp_path):
    doc = minimal_doc()
    deck = load_deck(write(tmp_path, doc))
    again = Deck.from_dict(deck.to_dict())
    assert again.to_dict() == deck.to_dict()
    assert again.demand_cards == deck.demand_cards and again.event_cards == deck.event_cards
    assert deck.to_dict()["demand_cards"] == doc["demand_cards"]


def test_shuffle_is_seeded():
    deck = load_deck("europe")
    a, b, c = deck.shuffled(7), deck.shuffled(7), deck.shuffled(8)
    assert a == b, "same seed, same order"
    assert a != c, "another seed, another order"
    assert sorted(a) == sorted(deck.draw_pile())
    assert not set(a) & {c.id for c in deck.starter_cards}


def test_unknown_deck_name_lists_the_available_ones():
    with pytest.raises(KeyError, match="europe"):
        load_deck("no-such-deck")


# ------------------------------------------------------------------------------------ malformed files
def _mut(path, value):
    def f(doc):
        obj = doc
        for k in path[:-1]:
            obj = obj[k]
        if value is _DELETE:
            del obj[path[-1]]
        else:
            obj[path[-1]] = value
    return f


_DELETE = object()

MALFORMED = [
    ("wrong schema", _mut(["schema"], "eb-deck/2"), "schema", "eb-deck/1"),
    ("no name", _mut(["name"], _DELETE), "name", "missing"),
    ("no demand cards", _mut(["demand_cards"], []), "demand_cards", "at least one"),
    ("two demands among threes", _mut(["demand_cards", 0, "demands"], [{"city": "Paris", "load": "Wine", "payout": 3},
                                                                         {"city": "Roma", "load": "Beer", "payout": 9}]),
     "demand_cards[0].demands", "same number"),
    ("one demand", _mut(["demand_cards", 0, "demands"], [{"city": "Paris", "load": "Wine", "payout": 3}]),
     "demand_cards[0].demands", "at least 2"),
    ("four demands", _mut(["demand_cards", 0, "demands"],
                          [{"city": c, "load": "Wine", "payout": 3} for c in ("Paris", "Lyon", "Wien", "Bern")]),
     "demand_cards[0].demands", "at most 3"),
    ("two demands, one city", _mut(["demand_cards", 0, "demands"],
                                   [{"city": "Paris", "load": "Wine", "payout": 3}] * 2),
     "demand_cards[0].demands[1].city", "twice"),
    ("negative payout", _mut(["demand_cards", 1, "demands", 2, "payout"], -4), "demand_cards[1].demands[2].payout",
     "positive"),
    ("payout as text", _mut(["demand_cards", 1, "demands", 2, "payout"], "12"),
     "demand_cards[1].demands[2].payout", "expected a whole number"),
    ("missing city", _mut(["demand_cards", 0, "demands", 1, "city"], _DELETE), "demand_cards[0].demands[1].city",
     "missing"),
    ("same city twice on a card", _mut(["demand_cards", 0, "demands", 1, "city"], "Paris"),
     "demand_cards[0].demands[1].city", "twice"),
    ("duplicate id", _mut(["demand_cards", 1, "id"], 1), "demand_cards[1].id", "already used"),
    ("duplicate label", _mut(["demand_cards", 1, "label"], "1"), "demand_cards[1].label", "already used"),
    ("repeated (city, load)", _mut(["demand_cards", 1, "demands", 0], {"city": "Paris", "load": "Wine", "payout": 9}),
     "demand_cards[1].demands[0]", "once"),
    ("unknown event kind", _mut(["event_cards", 0, "kind"], "earthquake"), "event_cards[0].kind", "unknown event"),
    ("flood without river", _mut(["event_cards", 0, "params"], {}), "event_cards[0].params.river", "missing"),
    ("flood lasting forever", _mut(["event_cards", 0, "duration"], "permanent"), "event_cards[0].duration",
     "one-round"),
    ("bad duration", _mut(["event_cards", 0, "duration"], "forever"), "event_cards[0].duration",
     "expected 'immediate', 'one-round', 'lasting' or 'permanent'"),
    ("unknown parameter", _mut(["event_cards", 0, "params", "depth"], 3), "event_cards[0].params.depth",
     "unknown parameter"),
    ("coastal strike without radius", _mut(["event_cards", 0], {"id": 3, "kind": "strike", "title": "Strike",
                                                                "duration": "one-round",
                                                                "params": {"variant": "coastal"}}),
     "event_cards[0].params.radius", "missing"),
    ("tax brackets falling", _mut(["event_cards", 0], {"id": 3, "kind": "tax", "title": "Tax", "duration": "immediate",
                                                       "params": {"brackets": [[100, 15], [50, 10]]}}),
     "event_cards[0].params.brackets", "rising"),
    # Excess Profits Tax: one tax per bracket of cash (50, 100, 150, 200M): two brackets at one amount are refused
    ("tax brackets repeating a cash amount", _mut(["event_cards", 0], {
        "id": 3, "kind": "tax", "title": "Tax", "duration": "immediate",
        "params": {"brackets": [[50, 10], [100, 15], [100, 20], [200, 25]]}}),
     "event_cards[0].params.brackets", "rising"),
    ("starter set of two", _mut(["starter_sets", 0], minimal_doc()["starter_sets"][0][:2]), "starter_sets[0]",
     "exactly 3"),
    ("starter without S", _mut(["starter_sets", 0, 1, "label"], "5"), "starter_sets[0][1].label", "'S'"),
    ("demand card labelled S", _mut(["demand_cards", 0, "label"], "S9"), "demand_cards[0].label", "starter"),
    ("starter id clash", _mut(["starter_sets", 0, 2, "id"], 3), "starter_sets[0][2].id", "already used"),
]


@pytest.mark.parametrize("what,mutate,field,words", MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_deck_names_file_and_field(tmp_path, what, mutate, field, words):
    doc = minimal_doc()
    mutate(doc)
    path = write(tmp_path, doc)
    with pytest.raises(eb.DeckFileError) as err:
        load_deck(path)
    e = err.value
    assert isinstance(e, ValueError)
    assert e.path == str(path), e
    assert e.field == field, f"{what}: expected field {field!r}, got {e.field!r}: {e}"
    assert words in str(e), f"{what}: {e}"
    assert str(path) in str(e)


def test_not_json_and_missing_file(tmp_path):
    with pytest.raises(eb.DeckFileError, match="not valid JSON") as err:
        load_deck(write(tmp_path, "{ nope"))
    assert err.value.field == "<json>"
    with pytest.raises(eb.DeckFileError, match="cannot read"):
        load_deck(tmp_path / "missing.json")
    with pytest.raises(eb.DeckFileError, match="JSON object"):
        load_deck(write(tmp_path, "[1, 2]"))


def test_every_event_kind_has_its_rulebook_duration():
    assert set(EVENT_KINDS) == {"derailment", "flood", "gale", "snow", "fog", "strike", "tax", "irish-boom"}
    for kind, (durations, _req, _opt) in EVENT_KINDS.items():
        assert set(durations) <= set(DURATIONS), kind
    assert EVENT_KINDS["irish-boom"][0] == ("permanent",)
    assert EVENT_KINDS["derailment"][0] == ("immediate",) and EVENT_KINDS["tax"][0] == ("immediate",)
    assert EVENT_KINDS["flood"][0] == ("one-round",)


# ------------------------------------------------------------------------------- checks against a board
@pytest.fixture(scope="module")
def tutorial_board():
    return eb.load_board("tutorial")


def _board_doc(board) -> dict:
    """A valid deck for ``board``: three real demands per card, taken from the board's own cities."""
    gen = _deckgen()
    geo = gen.BoardGeometry(board, Path(board.source))
    cands = sorted(gen.candidates(geo), key=lambda c: (c.city, c.load))
    picked, cities, loads = [], set(), set()
    for c in cands:
        if c.city not in cities and c.load not in loads:
            picked.append(c)
            cities.add(c.city)
            loads.add(c.load)
        if len(picked) == 3:
            break
    return {"schema": "eb-deck/1", "name": "x",
            "demand_cards": [_card(1, "1", *[(c.city, c.load, 10) for c in picked])]}


def test_validate_against_board_accepts_a_fitting_deck(tutorial_board):
    deck = Deck.from_dict(_board_doc(tutorial_board))
    assert deck.validate_against(tutorial_board) is deck
    assert deck.problems(tutorial_board) == []


def test_validate_against_board_names_city_load_and_own_source(tutorial_board):
    b = tutorial_board
    doc = _board_doc(b)
    doc["demand_cards"][0]["demands"][1]["city"] = "Atlantis"
    with pytest.raises(eb.DeckFileError, match="Atlantis") as err:
        Deck.from_dict(doc, "x.json").validate_against(b)
    assert err.value.field == "demand_cards[0].demands[1].city"

    doc = _board_doc(b)
    doc["demand_cards"][0]["demands"][2]["load"] = "Unobtainium"
    with pytest.raises(eb.DeckFileError) as err:
        Deck.from_dict(doc).validate_against(b)
    assert err.value.field == "demand_cards[0].demands[2].load"

    src = next(c for c in b.cities if c.loads)
    doc = _board_doc(b)
    doc["demand_cards"][0]["demands"][0].update(city=src.name, load=src.loads[0])
    for d in doc["demand_cards"][0]["demands"][1:]:
        assert d["city"] != src.name or pytest.skip("fixture clash")
    with pytest.raises(eb.DeckFileError, match="own source") as err:
        Deck.from_dict(doc).validate_against(b)
    assert err.value.field == "demand_cards[0].demands[0]"


def test_validate_against_board_checks_event_rivers_and_cities(tutorial_board):
    doc = _board_doc(tutorial_board)
    doc["event_cards"] = [{"id": 2, "kind": "flood", "title": "Flood: Styx", "duration": "one-round",
                           "params": {"river": "Styx"}},
                          {"id": 3, "kind": "fog", "title": "Fog: Atlantis", "duration": "one-round",
                           "params": {"city": "Atlantis", "radius": 4}}]
    probs = Deck.from_dict(doc).problems(tutorial_board)
    assert [f for f, _ in probs] == ["event_cards[0].params.river", "event_cards[1].params.city"], probs
    assert probs[0][1].startswith("river 'Styx' is not on board 'tutorial' (choose from "), probs[0][1]
    assert "[" not in probs[0][1], "the rivers in words, not a Python list"


# -------------------------------------------------------------------------------------- the tutorial deck
@pytest.fixture(scope="module")
def tutorial_deck(tutorial_board):
    return load_deck("tutorial")


def test_tutorial_deck_fits_the_tutorial_board(tutorial_deck, tutorial_board):
    d = tutorial_deck
    assert d.board == "tutorial"
    assert 40 <= len(d.demand_cards) <= 60, len(d.demand_cards)
    assert len(d.starter_sets) == 6 and all(len(s) == 3 for s in d.starter_sets)
    assert [c.label for c in d.starter_cards] == [f"S{i}" for i in range(1, 19)]
    assert 5 <= len(d.event_cards) <= 22
    d.validate_against(tutorial_board)
    pairs = [(x.city, x.load) for _c, x in d.demands(starters=True)]
    assert len(pairs) == len(set(pairs)), "each (city, load) pair appears once"
    assert {e.kind for e in d.event_cards} >= {"derailment", "flood", "tax"}


def test_tutorial_deck_reproduces_from_its_seed(tutorial_deck):
    gen = _deckgen()
    committed = (DECKS / "tutorial.json").read_text(encoding="utf-8")
    seed = tutorial_deck.meta["seed"]
    board_sha = gen.geometry_for(gen.PROFILES["tutorial"]).digest
    if board_sha != tutorial_deck.meta["source_sha256"]:
        pytest.fail("data/boards/tutorial.json changed since the deck was generated; run "
                    f"`python tools/deckgen.py tutorial --seed {seed}`")
    text = gen.dumps(gen.generate(gen.PROFILES["tutorial"], seed))
    assert text == committed, f"regenerate with `python tools/deckgen.py tutorial --seed {seed}`"


def test_a_gale_on_a_sea_the_board_lacks_is_refused_naming_the_field():
    """Gales name one of the board's seas (rulebook: Gale Ocean / Sea Boundary Flags): a Baltic gale loads as
    a deck, and is refused against the Europe board, whose seas are Northern Seas, Atlantic, Mediterranean."""
    doc = eb.load_deck("europe").to_dict()
    doc["event_cards"][0] = {"id": doc["event_cards"][0]["id"], "kind": "gale", "title": "Gales",
                             "duration": "one-round", "params": {"sea": "Baltic", "radius": 4}}
    deck = eb.cards.Deck.from_dict(doc, "baltic.json")
    with pytest.raises(eb.DeckFileError) as ei:
        deck.validate_against(eb.load_board("europe"))
    assert ei.value.field == "event_cards[0].params.sea" and "Baltic" in str(ei.value)



def test_validate_against_board_wants_cities_spelt_as_the_board_prints_them(tutorial_board):
    """A demand card names its city as the board does: "Munich" is found by ``board.city`` (an alias) but a
    deck must write "München", so the cards, the map and the tables agree."""
    doc = _board_doc(tutorial_board)
    doc["demand_cards"][0]["demands"][0]["city"] = "Munich"
    for d in doc["demand_cards"][0]["demands"][1:]:
        assert d["city"] != "München" or pytest.skip("fixture clash")
    probs = Deck.from_dict(doc).problems(tutorial_board)
    assert ("demand_cards[0].demands[0].city", "write the city as the board does: 'München', not 'Munich'") in probs


def test_a_rail_strike_in_a_country_the_board_lacks_is_refused_naming_the_field():
    """Iberian Rail Strike: "every train in the struck countries" -- a country with no milepost on the board
    (a typo such as "EP" for Spain) is a problem of the deck, named by its field."""
    doc = eb.load_deck("europe").to_dict()
    i = next(i for i, e in enumerate(doc["event_cards"]) if e["title"] == "Iberian Rail Strike")
    doc["event_cards"][i]["params"]["countries"] = ["ES", "EP"]
    probs = Deck.from_dict(doc).problems(eb.load_board("europe"))
    assert [f for f, _ in probs] == [f"event_cards[{i}].params.countries[1]"], probs
