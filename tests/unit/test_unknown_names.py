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
