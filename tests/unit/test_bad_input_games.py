"""Bad input to the board loader, :meth:`Game.new` and saved games (:meth:`Game.from_dict` / ``from_json``).

The standard: bad input gets a clear, typed error naming the rule or the field, and changes nothing; a
malformed data file names the file and the field. Valid input behaves as before.
"""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import eb_core as eb
from eb_core.board import data_dir
from eb_core.rules import RULESETS, VARIANTS
from eb_core.state import GameState
from support import refuses_corrupt_game, saved_tutorial_game

TUTORIAL = data_dir() / "boards" / "tutorial.json"


@pytest.fixture()
def doc() -> dict:
    """A fresh, mutable copy of the tutorial board document."""
    return json.loads(TUTORIAL.read_text(encoding="utf-8"))


def _index(doc: dict, name: str) -> int:
    return next(i for i, c in enumerate(doc["cities"]) if c["name"] == name)


def _refused(tmp_path: Path, doc: dict, field: str, *words: str) -> eb.BoardFileError:
    p = tmp_path / "bad_board.json"
    p.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(eb.BoardFileError) as info:
        eb.load_board(p)
    err = info.value
    assert err.path == str(p) and err.field == field, str(err)
    assert str(err).startswith(f"{p}: field {field!r}: ")
    for w in words:
        assert w in str(err)
    return err


# ------------------------------------------------------------------------------------------ board files
def test_alias_naming_another_city_is_refused(tmp_path, doc):
    """Holland with the alias "London" would make board.city("London") return Holland."""
    i = _index(doc, "Holland")
    doc["cities"][i]["aliases"] = ["London"]
    assert _index(doc, "London") < i
    _refused(tmp_path, doc, f"cities[{i}].aliases[0]", "'London'", "unique")


def test_alias_naming_another_city_ignores_case_and_accents_as_lookups_do(tmp_path, doc):
    i = len(doc["cities"]) - 1
    assert _index(doc, "Zürich") < i
    doc["cities"][i]["aliases"] = ["zurich"]     # board.city("zurich") is Zürich
    _refused(tmp_path, doc, f"cities[{i}].aliases[0]", "Zürich")


def test_city_named_like_an_earlier_alias_is_refused(tmp_path, doc):
    i, j = _index(doc, "London"), _index(doc, "Holland")
    doc["cities"][i]["aliases"] = ["Holland"]
    assert i < j
    _refused(tmp_path, doc, f"cities[{j}].name", "appears twice", f"cities[{i}].aliases[0]")


def test_two_cities_sharing_an_alias_is_refused(tmp_path, doc):
    i, j = sorted((_index(doc, "London"), _index(doc, "Paris")))
    doc["cities"][i]["aliases"] = ["Zed"]
    doc["cities"][j]["aliases"] = ["ZED"]
    _refused(tmp_path, doc, f"cities[{j}].aliases[0]", "'ZED'", f"cities[{i}].aliases[0]")


@pytest.mark.parametrize("name", [" ", "--", "\t"])
def test_city_name_without_a_letter_is_refused(tmp_path, doc, name):
    doc["cities"][0]["name"] = name
    _refused(tmp_path, doc, "cities[0].name", "no letter or digit")


def test_blank_alias_is_refused(tmp_path, doc):
    doc["cities"][0]["aliases"] = ["  "]
    _refused(tmp_path, doc, "cities[0].aliases[0]", "no letter or digit")


def test_ferry_whose_ports_are_one_milepost_is_refused(tmp_path, doc):
    port = doc["ferries"][0]["ports"][0]
    doc["ferries"][0]["ports"] = [port, port]
    _refused(tmp_path, doc, "ferries[0].ports[1]", f"milepost {port}")


def test_two_crossings_with_one_name_are_refused(tmp_path, doc):
    doc["ferries"][1]["name"] = doc["ferries"][0]["name"]
    _refused(tmp_path, doc, "ferries[1].name", "ferries[0]", "unique")


def test_tunnel_named_like_a_ferry_is_refused(tmp_path, doc):
    """Ferries and tunnels share one look-up (board.crossing), case and accents aside."""
    doc["tunnels"][0]["name"] = doc["ferries"][2]["name"].upper()
    _refused(tmp_path, doc, "tunnels[0].name", "ferries[2]")


@pytest.mark.parametrize("name", ["europe", "north_america", "eastern_us", "tutorial"])
def test_bundled_boards_still_load_with_their_own_spellings_as_aliases(name):
    """An alias spelling its own city without accents (Zürich: Zurich) is not a clash."""
    board = eb.load_board(name)
    for c in board.cities:
        for al in c.aliases:
            assert board.city(al) is c


# ------------------------------------------------------------------------------------------ Game.new
def test_players_as_one_string_is_refused():
    with pytest.raises(eb.InvalidAction, match="list of names.*'Ann'") as info:
        eb.Game.new("europe-standard", board="tutorial", players="Ann")
    assert info.value.field == "players"


@pytest.mark.parametrize("players, field, words", [
    (["Ann", "Ann"], "players[1]", "already the name of players[0]"),
    (["Ann", " ann "], "players[1]", "already the name of players[0]"),
    (["", None], "players[0]", "non-blank"),
    (["Ann", None], "players[1]", "non-blank"),
    (["Ann", 5], "players[1]", "non-blank"),
])
def test_player_names_must_be_distinct_nonblank_strings(players, field, words):
    with pytest.raises(eb.InvalidAction) as info:
        eb.Game.new("europe-standard", board="tutorial", players=players)
    assert info.value.field == field and words in str(info.value)


@pytest.mark.parametrize("kw, field", [({"board": 5}, "board"), ({"deck": 5}, "deck"), ({"rules": 5}, "rules")])
def test_board_deck_or_rules_of_a_wrong_type_is_refused(kw, field):
    args = {"rules": "europe-standard", "board": "tutorial", **kw}
    with pytest.raises(eb.InvalidAction) as info:
        eb.Game.new(**args)
    assert info.value.field == field and "5" in str(info.value)
    assert not isinstance(info.value, AttributeError)


@pytest.mark.parametrize("kw", [{"board": "atlantis"}, {"deck": "atlantis"}, {"rules": "atlantis"}])
def test_unknown_board_deck_or_rules_name_is_an_unknown_name(kw):
    with pytest.raises(eb.UnknownName, match="atlantis"):
        eb.Game.new(**{"rules": "europe-standard", "board": "tutorial", **kw})


def _deck_with(tmp_path: Path, change) -> Path:
    doc = eb.load_deck("tutorial").to_dict()
    change(doc)
    p = tmp_path / "bad_deck.json"
    p.write_text(json.dumps(doc), encoding="utf-8")
    return p


def test_deck_that_does_not_fit_the_board_is_refused_before_the_game_starts(tmp_path):
    """A flood on a river the board does not have used to raise mid-game, after the card left the pile."""
    def flood_amazon(doc):
        i = next(i for i, e in enumerate(doc["event_cards"]) if "river" in e["params"])
        doc["event_cards"][i]["params"]["river"] = "Amazon"
    p = _deck_with(tmp_path, flood_amazon)
    for _ in range(2):    # the verdict is kept per deck and board: the same error again
        with pytest.raises(eb.DeckFileError) as info:
            eb.Game.new("europe-standard", board="tutorial", deck=p)
        assert info.value.path == str(p)
        assert info.value.field.startswith("event_cards[") and info.value.field.endswith("].params.river")
        assert "Amazon" in str(info.value)


def test_deck_demanding_a_load_the_board_lacks_is_refused(tmp_path):
    def unobtainium(doc):
        doc["demand_cards"][0]["demands"][0]["load"] = "Unobtainium"
    with pytest.raises(eb.DeckFileError, match=r"demand_cards\[0\]\.demands\[0\]\.load.*Unobtainium"):
        eb.Game.new("europe-standard", board="tutorial", deck=_deck_with(tmp_path, unobtainium))


def test_deck_of_another_board_keeps_its_message():
    with pytest.raises(eb.InvalidAction, match="deck 'europe' names cities board 'tutorial' does not have"):
        eb.Game.new("europe-standard", board="tutorial", deck="europe")


def test_valid_games_are_set_up_as_before():
    a = eb.Game.new("europe-standard", board="tutorial", players=("Ann", "Ben", "Cy"), seed=11)
    b = eb.Game.new("europe-standard", board="tutorial", players=["Ann", "Ben", "Cy"], seed=11)
    assert a.to_json() == b.to_json()
    assert [p.name for p in a.state.players] == ["Ann", "Ben", "Cy"]


# ------------------------------------------------------------------------------------------ saved games
@pytest.fixture(scope="module")
def saved() -> dict:
    d = saved_tutorial_game()
    d["state"]["players"][0]["loads"] = ["Beer"]
    d["state"]["players"][0]["position"] = eb.load_board("tutorial").city("London").center
    assert eb.Game.from_dict(copy.deepcopy(d)).to_dict() == d
    return d


def _set(path: str, value):
    def change(d):
        *keys, last = path
        for k in keys:
            d = d[k]
        if value is _DELETE:
            del d[last]
        else:
            d[last] = value
    return change


_DELETE = object()

CORRUPTIONS = [
    # (description, change, field named, words in the message)
    ("no state", _set(["state"], _DELETE), "state", "missing"),
    ("no rules", _set(["rules"], _DELETE), "rules", "missing"),
    ("board not a name", _set(["board"], 5), "board", "got 5"),
    ("deck not a name", _set(["deck"], [1]), "deck", "a list of 1"),
    ("cash a word", _set(["state", "players", 0, "cash"], "lots"), "state.players[0].cash",
     "expected a whole number, got 'lots'"),
    ("cash missing", _set(["state", "players", 0, "cash"], _DELETE), "state.players[0].cash", "missing"),
    ("cash negative", _set(["state", "players", 0, "cash"], -10), "state.players[0].cash", "-10"),
    ("unknown player field", _set(["state", "players", 0, "wallet"], 3), "state.players[0].wallet", "unknown"),
    ("position off the board", _set(["state", "players", 0, "position"], 99999), "state.players[0].position",
     "99999"),
    ("unknown card in hand", _set(["state", "players", 0, "hand"], [9999]), "state.players[0].hand[0]", "9999"),
    ("unknown load", _set(["state", "players", 0, "loads"], ["Unobtainium"]), "state.players[0].loads[0]",
     "Unobtainium"),
    ("train no train", _set(["state", "players", 0, "train"], "fast"), "state.players[0].train", "'fast'"),
    ("phase lunch", _set(["state", "phase"], "lunch"), "state.phase", "'lunch'"),
    ("current seat 7", _set(["state", "current"], 7), "state.current", "seat 7"),
    ("no players", _set(["state", "players"], []), "state.players", "1 to 6"),
    ("card pile", _set(["state", "draw_pile"], [1, "x"]), "state.draw_pile[1]", "'x'"),
    ("track garbage", _set(["state", "track"], "garbage"), "state.track", "'garbage'"),
    ("segment off the lattice", _set(["state", "track", "segments"], [[0, 400, 0]]), "state.track.segments[0]",
     "0-400"),
    ("segment of seat 5", _set(["state", "track", "segments"], [[0, 1, 5]]), "state.track.segments[0][2]", "seat 5"),
    ("unknown ferry", _set(["state", "track", "crossings"], {"Atlantis Ferry": [0]}),
     "state.track.crossings.Atlantis Ferry", "Atlantis"),
    ("unknown bank load", _set(["state", "bank", "Gold"], 3), "state.bank.Gold", "Gold"),
    ("history extra key", _set(["history"], [{"type": "EndTurn", "extra": 1}]), "history[0].extra", "unknown"),
    ("history missing key", _set(["history"], [{"type": "Move"}]), "history[0].path", "missing"),
    ("history unknown type", _set(["history"], [{"type": "Fly"}]), "history[0].type", "'Fly'"),
    ("rules train", _set(["rules", "start_train"], "fast"), "rules.start_train", "'fast'"),
    ("rules cash a word", _set(["rules", "start_cash"], "fifty"), "rules.start_cash", "'fifty'"),
    ("rules three trains", _set(["rules", "trains"], 3), "rules.trains", "3"),
    ("rules negative victory", _set(["rules", "victory_cash"], -1), "rules.victory_cash", "-1"),
    ("schema", _set(["schema"], "eb-game/2"), "schema", "eb-game/2"),
]


@pytest.mark.parametrize("what, change, field, words", CORRUPTIONS, ids=[c[0] for c in CORRUPTIONS])
def test_corrupt_saved_game_names_the_field(saved, what, change, field, words):
    refuses_corrupt_game(saved, change, field, words)


@pytest.mark.parametrize("text, field", [("garbage", "<json>"), ("[]", "<root>"), ("null", "<root>"),
                                         ('{"schema": "eb-game/1"', "<json>"), (None, "<json>")])
def test_saved_game_that_is_not_a_json_object(text, field):
    with pytest.raises(eb.DataFileError) as info:
        eb.Game.from_json(text)
    assert info.value.field == field and str(info.value).startswith("<game>: ")


def test_game_state_alone_names_the_field():
    with pytest.raises(eb.InvalidAction, match=r"field 'players\[0\]\.cash': expected a whole number, got 'lots'"):
        GameState.from_dict({"players": [{"name": "Ann", "cash": "lots", "train": "9/2"}]})
    with pytest.raises(eb.InvalidAction) as info:
        GameState.from_dict({"players": [{"name": "Ann", "cash": 1, "train": "9/2"}], "winners": [3]})
    assert info.value.field == "winners[0]"


def _games():
    yield "europe-standard", ()
    for name in RULESETS:
        yield name, ()
    for v in VARIANTS:
        yield "europe-standard", (v,)
    yield "europe-basic", ("run-two-trains", "mercy")


@pytest.mark.parametrize("name, variants", list(_games()))
def test_every_ruleset_and_variant_still_round_trips(name, variants):
    """Valid saved games load as before: the checks refuse nothing a game writes."""
    try:
        rules = eb.ruleset(name, *variants)
    except eb.InvalidAction:
        pytest.skip("variant not offered with this ruleset")
    g = eb.Game.new(rules, seed=3)
    for _ in range(12):
        if g.over:
            break
        g.apply(g.legal_actions()[-1])
    text = g.to_json()
    assert eb.Game.from_json(text).to_json() == text


def test_a_saved_game_file_with_a_mistake_is_named_by_its_path(tmp_path):
    """``eb.load_position(path)`` of a saved game names the file and the field, as a board file's errors do."""
    g = eb.position("board: tutorial\nplayer Ann: at London\nplayer Ben:")
    d = json.loads(g.to_json())
    d["state"]["players"][0]["cash"] = "lots"
    path = tmp_path / "saved.json"
    path.write_text(json.dumps(d), encoding="utf-8")
    with pytest.raises(eb.DataFileError) as err:
        eb.load_position(path)
    assert err.value.path == str(path) and err.value.field == "state.players[0].cash"
    assert "expected a whole number" in str(err.value)


def test_a_saved_game_may_carry_a_train_its_rules_do_not_deal():
    """Notebook 03 replays a position under the Basic game's rules (reverse anywhere) with the standard
    game's 9/2 train: a saved game is checked for malformed data, not for a train the rules would deal."""
    g = eb.position("board: tutorial\nphase: operations\nplayer Ann: at London, train 9/2\nplayer Ben:")
    swapped = eb.Game.from_dict({**g.to_dict(), "rules": eb.ruleset("europe-basic").to_dict()})
    assert str(swapped.player(0).train) == "9/2" and swapped.rules.reverse_anywhere
