"""A name the suite does not know is refused with :class:`eb.UnknownName` -- an ``eb.EbError`` that says
which names it knows (or the closest), and still a ``KeyError`` for code that looks names up -- and a data
file that is not UTF-8 text is refused naming the file, whatever its name ends with."""
from __future__ import annotations

import shutil

import pytest

import eb_core as eb
from eb_core.files import data_dir


@pytest.mark.parametrize("lookup, says", [
    (lambda: eb.load_board("eurpoe"), "no board named 'eurpoe' (did you mean europe?)"),
    (lambda: eb.load_board("atlantis"),
     "no board named 'atlantis' (the boards are eastern_us, europe, north_america and tutorial)"),
    (lambda: eb.load_board("us"), "no board named 'us' (the ruleset 'us' is played on the board 'north_america')"),
    (lambda: eb.load_deck("express"), "no deck named 'express' (the ruleset 'express' is played with the deck "
                                      "'eastern_us')"),
    (lambda: eb.load_deck("nope"), "no deck named 'nope'"),
    (lambda: eb.ruleset("europe-standrd"), "no ruleset 'europe-standrd'; did you mean europe-standard?"),
    (lambda: eb.ruleset("europe"), "no ruleset 'europe'; choose from europe-basic, europe-standard, express or us"),
    # the US game is "us": a word of the name typed comes before a look-alike
    (lambda: eb.ruleset("us-standard"), "no ruleset 'us-standard'; did you mean us or europe-standard?"),
    (lambda: eb.ruleset("europe-basic", "fats-game"), "no variant 'fats-game'"),
    (lambda: eb.load_board("tutorial").city("Lodnon"), "did you mean London?"),
    (lambda: eb.load_board("tutorial").milepost(99999), "no milepost 99999 on board 'tutorial'"),
    (lambda: eb.load_board("europe").crossing("Dover-Calais"), "no ferry or tunnel 'Dover-Calais'"),
])
def test_an_unknown_name_is_an_eb_error_and_a_key_error(lookup, says):
    with pytest.raises(eb.EbError) as err:
        lookup()
    assert isinstance(err.value, eb.UnknownName) and isinstance(err.value, KeyError)
    assert says in str(err.value) and not str(err.value).startswith(("'", '"'))   # no KeyError quotes


def test_a_board_file_not_in_utf8_is_refused_naming_the_file(tmp_path):
    src = (data_dir() / "boards" / "tutorial.json").read_text(encoding="utf-8")
    bad = tmp_path / "tutorial_utf16.json"
    bad.write_text(src, encoding="utf-16")
    with pytest.raises(eb.BoardFileError) as err:
        eb.load_board(bad)
    assert str(bad) in str(err.value) and "not UTF-8" in str(err.value)


def test_a_board_file_whose_name_does_not_end_in_json_is_read_as_a_file(tmp_path):
    copy = tmp_path / "my_board.txt"
    shutil.copy(data_dir() / "boards" / "tutorial.json", copy)
    assert eb.load_board(copy).city("London").name == "London"


def _figures():
    from eb_core.display import figures
    return figures


@pytest.mark.parametrize("call, field, words", [
    (lambda b, r: eb.load_board(None), "board", "expected a board name or the path of a JSON file, got None"),
    (lambda b, r: b.city(None), "city", "expected a city name, got None"),
    (lambda b, r: b.city(["London"]), "city", "expected a city name"),
    (lambda b, r: eb.segment_cost(b, r, None, 87), "a", "expected a milepost id (a whole number), got None"),
    (lambda b, r: eb.segment_cost(b, r, 87, float("nan")), "b", "expected a milepost id"),
    (lambda b, r: eb.plan_hand(b, r, None), "cards", "expected a list of demand cards, got None"),
    (lambda b, r: eb.plan_opening(b, r, "Paris"), "hand", "expected a list of demand cards"),
    (lambda b, r: eb.delivery_table(b, r, eb.Demand("Paris", "Wine", 20)), "demands", "expected a list of demands"),
    (lambda b, r: eb.hint(eb.Game.new(r, board=b, players=["Ann"]), level=["expert"]), "level",
     "expected expert, greedy or planner, got ['expert']"),
    (lambda b, r: _figures().board_figure(None), "board", "expected a Board (eb.load_board(...)), got None"),
    (lambda b, r: eb.save_position(eb.Game.new(r, board=b, players=["Ann"]), None), "path",
     "expected the path of a file, got None"),
    (lambda b, r: eb.load_position(None), "path", "expected the path of a file, got None"),
    (lambda b, r: eb.save_position("a game", "/tmp/never_written.json"), "game", "expected a Game"),
    (lambda b, r: _figures().game_figure(eb.Game.new(r, board=b, players=["Ann"]), zoom=0), "zoom",
     "expected milepost ids or city names (or a plan, a trip), got 0"),
    (lambda b, r: _figures().game_figure(eb.Game.new(r, board=b, players=["Ann"]), zoom=["London", 2.5]), "zoom[1]",
     "expected a milepost id or a city name, got 2.5"),
])
def test_a_value_of_the_wrong_kind_is_refused_naming_the_field(call, field, words):
    """Not a name, a milepost or a list where one is wanted: a typed error naming the field, in words --
    never a TypeError from deep inside."""
    board, rules = eb.load_board("tutorial"), eb.ruleset("europe-standard")
    with pytest.raises(eb.EbError) as err:
        call(board, rules)
    assert err.value.field == field and words in str(err.value), str(err.value)
