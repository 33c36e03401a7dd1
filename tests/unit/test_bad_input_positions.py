"""Bad input to positions and text commands (eb_core.positions, the PlaceTrain and Deliver refusals): a clear,
typed error naming the rule or the field -- and the file, for a position file --, in words (places and
money, never bare lists), and nothing changed.

Rulebook: ../shared/rules/empire_builder_europe_rulebook.txt (Starting the Game > Starting Your Train: "place
your train (pawn) in any city (including ports)").
"""
from __future__ import annotations

import json

import pytest

import eb_core as eb
from eb_core import rulebook as R
from eb_core.actions import Deliver
from eb_core.positions import PositionError, parse_action, position, position_from_dict, position_from_text, try_action

T = "board: tutorial\n"


def _fails(text_or_dict) -> PositionError:
    with pytest.raises(PositionError) as info:
        position(text_or_dict)
    return info.value


# -- a player line: each field once (track and ferry may repeat), each name once whatever its case
def test_a_field_given_twice_on_one_player_line_is_refused_naming_the_line_and_the_field():
    err = _fails(T + "player Ann: cash 5, cash 6\n")
    assert (err.where, err.field) == ("line 2 (player Ann)", "cash")
    assert "given twice" in str(err)


def test_track_and_ferry_may_repeat_on_a_line():
    g = position(T + "player Ann: track London-Birmingham, track Paris-Lyon, ferry Chunnel, ferry Liverpool–Dublin")
    assert eb.load_board("tutorial").city("Lyon").center in {m for s in g.state.track.segments_of(0) for m in s}
    assert g.state.track.owned_crossings(0) >= {"Chunnel", "Liverpool–Dublin"}


def test_two_players_whose_names_differ_only_in_case_are_refused_naming_the_line():
    err = _fails(T + "player Ann: cash 5\nplayer ann: cash 6\n")
    assert (err.where, err.field) == ("line 3 (player ann)", "name")
    assert "two players are called 'Ann'" in str(err) and "ignoring case" in str(err)


# -- JSON descriptions: a value of the wrong type is a typed error naming the field
@pytest.mark.parametrize("entry, field, words", [
    ({"name": "A", "track": 5}, "track", "expected routes like 'London-Birmingham"),
    ({"name": 5}, "name", "expected the player's name as text, got 5"),
    ({"name": "A", "ferries": 5}, "ferries", "expected a list of ferry names"),
    ({"name": "A", "ferries": [5]}, "ferry", "expected a ferry's name"),
    ({"name": "A", "at": "London", "loads": 5}, "loads", "expected load names"),
])
def test_json_values_of_the_wrong_type_name_the_field(entry, field, words):
    err = _fails({"board": "tutorial", "players": [entry]})
    assert err.field == field and err.where.startswith("players[0]"), str(err)
    assert words in str(err)


# -- position files: the file is named; a board or deck file is said to be one; a file not in UTF-8
def test_a_mistake_in_a_position_file_names_the_file_and_the_line(tmp_path):
    f = tmp_path / "pos_bad.txt"
    f.write_text(T + "player Ann: at Lodnon\n", encoding="utf-8")
    with pytest.raises(PositionError) as info:
        eb.load_position(f)
    assert str(info.value).startswith(f"{f}, line 2 (player Ann): field 'at': ")
    assert "did you mean London?" in str(info.value)


@pytest.mark.parametrize("kind, loader", [("board", eb.load_board), ("deck", eb.load_deck)])
def test_a_board_or_deck_file_given_as_a_position_is_said_to_be_one(tmp_path, kind, loader):
    f = tmp_path / f"my_{kind}.json"
    f.write_text(json.dumps(loader("tutorial").to_dict()), encoding="utf-8")
    with pytest.raises(PositionError) as info:
        eb.load_position(f)
    msg = str(info.value)
    assert msg.startswith(f"{f}: field 'schema': ") and f"looks like a {kind} file (eb-{kind}/1), not a position" in msg
    assert "unknown setting" not in msg


def test_a_position_file_that_is_not_utf8_is_a_typed_error_naming_the_file(tmp_path):
    f = tmp_path / "pos_latin1.txt"
    f.write_bytes((T + "player Zoë: at Paris\n").encode("latin-1"))
    with pytest.raises(PositionError) as info:
        eb.load_position(f)
    assert info.value.where == str(f) and "is not UTF-8 text" in str(info.value)


# -- placing the train: the Chunnel's ports are no city and no ferry port; ports are named in any case
def test_placing_the_train_at_a_chunnel_port_cites_starting_your_train():
    g = position(T + "player Ann: track London-Birmingham")
    for name in ("Folkestone", "folkestone"):
        out = try_action(g, f"place {name}")
        assert not out.accepted and out.rule == R.START_TRAIN, out
        assert "Folkestone is a port of the Chunnel, not a city or a ferry port" in out.reason
        assert "did you mean" not in out.reason
    assert g.player(0).position is None


def test_port_names_ignore_case_as_city_names_do():
    board = eb.load_board("tutorial")
    g = position(T + "player Ann: at folkestone\nplayer Ben: at le havre")
    assert [p.position for p in g.state.players] == [board.port_milepost("Folkestone"), board.port_milepost("Le Havre")]
    out = try_action(position(T + "player Ann:"), "place portsmouth")
    assert out.accepted and "places the train in Portsmouth" in out.explain()
    g = position(T + "phase: build\nplayer Ann: at London")
    assert try_action(g, "build London-folkestone").cost == 18          # London to the Chunnel (Building the Chunnel)


@pytest.mark.parametrize("command, says", [
    ("buld London-Paris", "unknown command 'buld London-Paris'; did you mean build? (start with one of build, "
                          "upgrade, place, move, pickup, drop, deliver, discard, discardhand, endoperations, "
                          "endbuild, endturn or borrow)"),
    ("fly to Paris", "unknown command 'fly to Paris'; start with one of build, upgrade, place,"),
    ("endturn now", "unknown command 'endturn now'; endturn takes nothing after it"),
    ("upgrade fast", "name the train as speed/loads, e.g. '12/2' (12 mileposts a turn, 2 loads), got 'fast'"),
])
def test_a_mistyped_command_is_answered_with_the_closest_and_changes_nothing(command, says):
    g = position(T + "player Ann:")
    before = g.to_json()
    out = try_action(g, command)
    assert not out.accepted and out.rule is None and says in out.reason, out.reason
    out = eb.attempt(g, command)
    assert not out.accepted and g.to_json() == before


def test_an_empty_place_command_asks_for_the_city():
    out = try_action(position(T + "player Ann:"), "place")
    assert not out.accepted and out.reason == "place: name the city, e.g. 'place London'"


# -- delivering a card not held: the cards in words, not a Python list
def test_delivering_a_card_not_held_names_the_cards_in_words():
    g = position(T + "player Ann: at London, loads Wine, cards 24 2 1")
    out = try_action(g, "deliver Wine 9999")
    assert not out.accepted and out.rule == R.DELIVER
    assert "Card 9999 is not one of your demand cards" in out.reason
    assert "Your demand cards are 24 (Chocolate to Wien, Wood to Holland, Flowers to München), 2 (" in out.reason
    assert "[" not in out.reason and "]" not in out.reason
    assert g.player(0).loads == ["Wine"] and g.player(0).hand == [24, 2, 1]


def test_delivering_a_card_not_held_names_the_open_contracts_in_words():
    g = position(T + "player Ann: at London, loads Wine, cards 24 2 1")
    g.state.open_contracts = [5]
    with pytest.raises(eb.IllegalAction) as info:
        g.apply(Deliver("Wine", 9999))
    assert "not in your hand or an open contract" in info.value.reason
    assert "the open contracts are 5 (" in info.value.reason and "[" not in info.value.reason
    assert g.state.open_contracts == [5]


# -- text commands: their own field named, ASCII digits only
def test_a_milepost_not_on_the_board_in_a_command_names_the_command_not_a_position():
    g = position(T + "phase: build\nplayer Ann: at London")
    out = try_action(g, "build London-99999")
    assert not out.accepted and out.rule is None
    assert out.reason == "build: there is no milepost 99999 on board 'tutorial' (ids 0..452)"
    assert "position" not in out.reason


@pytest.mark.parametrize("command", ["build ²-1", "build London-²", "move ²", "place ²"])
def test_digits_that_are_not_ascii_are_no_milepost_id(command):
    phase = "build" if command.startswith("build") else "operations"
    g = position(T + f"phase: {phase}\nplayer Ann: at London, track London-Birmingham")
    if command.startswith("place"):
        g = position(T + "player Ann:")
    with pytest.raises(eb.InvalidAction, match="'²'"):
        a = parse_action(g, command)
        g.apply(a)                      # (a place by name is checked by the engine)


@pytest.mark.parametrize("text, field", [
    (T + "player Ann: at ²", "at"),
    (T + "player Ann: track ²-1", "track"),
    (T + "player Ann: cash ٣", "cash"),
])
def test_non_ascii_digits_in_a_position_are_refused_naming_the_field(text, field):
    with pytest.raises(PositionError) as info:
        position_from_text(text)
    assert (info.value.where, info.value.field) == ("line 2 (player Ann)", field)


def test_a_card_number_in_non_ascii_digits_is_refused():
    out = try_action(position(T + "player Ann: at London"), "discard ٣")
    assert not out.accepted and out.reason == "card_id: expected a whole number, got '٣'"


def test_valid_json_and_text_positions_still_read_the_same():
    d = {"board": "tutorial", "players": [{"name": "Ann", "at": "Paris", "track": ["London-Birmingham"],
                                           "loads": "Wine", "ferries": "Chunnel"}]}
    g = position_from_dict(d)
    assert g.player(0).loads == ["Wine"] and g.state.track.owned_crossings(0) == {"Chunnel"}
    g2 = position(T + "player Ann: cash +60, at 273, cards 24 2 1")
    assert (g2.player(0).cash, g2.player(0).position, g2.player(0).hand) == (60, 273, [24, 2, 1])


def test_load_names_are_read_whatever_their_case_as_city_names_are():
    """``loads wine coal`` in a position and ``drop wine`` / ``deliver wine`` as commands name the board's Wine
    and Coal, as ``at bordeaux`` names Bordeaux; a load the board lacks is still refused, with a suggestion."""
    g = eb.position("board: europe\nphase: operations\nplayer Ann: at bordeaux, loads wine coal\nplayer Ben: at Wien")
    assert g.player(0).loads == ["Wine", "Coal"]
    out = eb.try_action(g, "drop wine")
    assert out.accepted and "Wine" in str(out)
    with pytest.raises(eb.EbError, match="did you mean Wine"):
        eb.position("board: europe\nplayer Ann: at Bordeaux, loads wyne")
