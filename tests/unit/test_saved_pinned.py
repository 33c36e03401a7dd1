"""Saved games read back (``eb-game/1``, :meth:`Game.from_dict` / ``from_json``): behaviour pinned by a
mutation audit of ``eb_core/engine/saved.py``.

A user who loads a malformed file gets a :class:`eb.DataFileError` naming the file and the field path of
the first bad value, and the document is left as it was; every case here is one the loader checks that no
other test held in place -- a field of the document's top level, of its ``rules``, ``state`` or
``history``, and a deck that does not fit the board.
"""
from __future__ import annotations

import copy
import json

import pytest

import eb_core as eb
from support import refuses_corrupt_game, saved_tutorial_game


@pytest.fixture(scope="module")
def saved() -> dict:
    """A tutorial-board game after one build and one turn, as ``Game.to_dict`` writes it."""
    return saved_tutorial_game()


TUTORIAL_MILEPOSTS = len(eb.load_board("tutorial").mileposts)


def _top(key, value):
    return lambda d: d.__setitem__(key, value)


def _rule(key, value):
    return lambda d: d["rules"].__setitem__(key, value)


def _state(key, value):
    return lambda d: d["state"].__setitem__(key, value)


def _ann(key, value):
    return lambda d: d["state"]["players"][0].__setitem__(key, value)


CORRUPTIONS = [
    # (description, change, field named, words in the message)
    # -- the document's top level (Game.to_dict: schema, rules, board, deck, state, history, interludes)
    ("a field the format has not", _top("notes", "Ann's game"), "notes", "unknown field of a saved game"),
    ("history an object", _top("history", {"type": "EndTurn"}), "history", "expected a list of actions"),
    ("history entry a number", _top("history", [5]), "history[0]", "expected an action"),
    ("history pick-up of load 3", _top("history", [{"type": "PickUp", "load": 3}]), "history[0].load",
     "PickUp.load must be a non-empty name, got 3"),
    ("history move through 'x'", _top("history", [{"type": "EndTurn"}, {"type": "Move", "path": [1, "x"]}]),
     "history[1].path[1]", "must be a milepost id (an int), got 'x'"),
    ("history build through -1", _top("history", [{"type": "Build", "path": [-1, 2]}]), "history[0].path[0]",
     "(>= 0), got -1"),
    # -- rules: each field checked for its type (Ruleset)
    ("rules a list", _top("rules", ["europe-standard"]), "rules", "expected a JSON object"),
    ("removed events a word", _rule("removed_events", "Strike"), "rules.removed_events",
     "expected a list of strings, got 'Strike'"),
    ("removed event a number", _rule("removed_events", ["Strike", 3]), "rules.removed_events[1]", "got 3"),
    ("victory cash null", _rule("victory_cash", None), "rules.victory_cash", "expected a whole number"),
    ("mercy payout share true", _rule("mercy_payout_share", True), "rules.mercy_payout_share",
     "expected a number from 0 to 1, got True"),
    ("mercy payout share a word", _rule("mercy_payout_share", "half"), "rules.mercy_payout_share", "got 'half'"),
    ("mercy payout share 1.5", _rule("mercy_payout_share", 1.5), "rules.mercy_payout_share", "got 1.5"),
    ("mercy payout share -0.5", _rule("mercy_payout_share", -0.5), "rules.mercy_payout_share", "got -0.5"),
    ("events 'yes'", _rule("events", "yes"), "rules.events", "expected true or false, got 'yes'"),
    ("bridges a number", _rule("bridges", 3), "rules.bridges", "expected a string, got 3"),
    ("terrain costs a list", _rule("terrain_cost", [1]), "rules.terrain_cost", "expected a JSON object"),
    ("mountain costs -2M", _rule("terrain_cost", {"mountain": -2}), "rules.terrain_cost.mountain", "got -2"),
    ("upgrades a train", _rule("upgrades", "9/2"), "rules.upgrades", "expected a JSON object, got '9/2'"),
    ("upgrade from 'fast'", _rule("upgrades", {"fast": ["12/2"]}), "rules.upgrades.fast", "got 'fast'"),
    ("upgrades not a list", _rule("upgrades", {"9/2": "12/2"}), "rules.upgrades.9/2",
     "expected a list of trains, got '12/2'"),
    ("upgrade to 'fast'", _rule("upgrades", {"9/2": ["fast"]}), "rules.upgrades.9/2[0]", "got 'fast'"),
    ("mercy loan of three numbers", _rule("mercy_loan", [10, 20, 30]), "rules.mercy_loan",
     "expected a pair of whole numbers"),
    ("mercy loan a number", _rule("mercy_loan", 5), "rules.mercy_loan", "expected a pair of whole numbers, got 5"),
    ("mercy loan of -1", _rule("mercy_loan", [10, -1]), "rules.mercy_loan[1]", "got -1"),
    ("demo players a number", _rule("demo_players", 5), "rules.demo_players", "expected a list, got 5"),
    # -- state: what it names must be on the board or in the deck
    ("train one past the last milepost", _ann("position", TUTORIAL_MILEPOSTS), "state.players[0].position",
     f"{TUTORIAL_MILEPOSTS} is not a milepost of board 'tutorial' (0..{TUTORIAL_MILEPOSTS - 1})"),
    ("previous milepost off the board", _ann("prev", TUTORIAL_MILEPOSTS), "state.players[0].prev",
     "is not a milepost of board 'tutorial'"),
    ("built out of Atlantis", _ann("built_out_of", ["London", "Atlantis"]), "state.players[0].built_out_of[1]",
     "Atlantis"),
    ("card 9999 in the draw pile", _state("draw_pile", [9999]), "state.draw_pile[0]", "no card 9999"),
    ("a warehouse in Atlantis", _state("warehouses", {"Atlantis": {"Beer": 1}}), "state.warehouses.Atlantis",
     "Atlantis"),
    ("gold in London's warehouse", _state("warehouses", {"London": {"Gold": 1}}), "state.warehouses.London.Gold",
     "no load 'Gold'"),
    # -- Right of Way: "Only one section of track may be built between two mileposts" -- the first build's
    # segment listed again, the other way round, in Ben's crayon
    ("a segment listed twice", lambda d: d["state"]["track"]["segments"].append(
        [d["state"]["track"]["segments"][0][1], d["state"]["track"]["segments"][0][0], 1]),
     "state.track.segments[1]", "is listed twice (also at segments[0]): only one section of track"),
    # -- a deck whose cards name cities the board has not
    ("the Europe deck on the tutorial board", _top("deck", "europe"), "deck",
     "deck 'europe' names cities board 'tutorial' does not have"),
]


@pytest.mark.parametrize("what, change, field, words", CORRUPTIONS, ids=[c[0] for c in CORRUPTIONS])
def test_corrupt_saved_game_names_the_file_and_the_field(saved, what, change, field, words):
    refuses_corrupt_game(saved, change, field, words)


def test_a_saved_game_whose_deck_does_not_fit_its_board_names_the_file(saved, tmp_path):
    """``eb.load_position(path)`` of a saved game pairing the tutorial board with the Europe deck names the
    file and its ``deck`` field (it raised an InvalidAction naming neither)."""
    path = tmp_path / "saved.json"
    path.write_text(json.dumps({**saved, "deck": "europe"}), encoding="utf-8")
    with pytest.raises(eb.DataFileError) as err:
        eb.load_position(path)
    assert (err.value.path, err.value.field) == (str(path), "deck")
    assert "Aberdeen" in str(err.value)


def test_a_new_game_whose_deck_does_not_fit_its_board_names_the_deck_argument():
    """``Game.new`` with the Europe deck on the tutorial board is refused naming its ``deck`` argument and
    the cities the board lacks, before a card could be drawn."""
    with pytest.raises(eb.InvalidAction) as err:
        eb.Game.new("europe-standard", board="tutorial", deck="europe", seed=5)
    assert err.value.field == "deck"
    assert "names cities board 'tutorial' does not have (Aberdeen, Barcelona, Beograd, ...)" in str(err.value)


@pytest.mark.parametrize("share", [0, 1, 0.5])
def test_mercy_payout_share_from_0_to_1_loads(saved, share):
    """``rules.mercy_payout_share`` is a number from 0 to 1, both ends included: the saved game loads with
    it."""
    d = copy.deepcopy(saved)
    d["rules"]["mercy_payout_share"] = share
    assert eb.Game.from_dict(d).rules.mercy_payout_share == share


def test_the_last_milepost_of_the_board_is_a_position(saved):
    """``state.players[0].position`` may be the board's last milepost (one past it is refused above)."""
    d = copy.deepcopy(saved)
    d["state"]["players"][0]["position"] = TUTORIAL_MILEPOSTS - 1
    assert eb.Game.from_dict(d).state.players[0].position == TUTORIAL_MILEPOSTS - 1
