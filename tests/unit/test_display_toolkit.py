"""The instructor's position lab (eb_core.display.widgets.toolkit), driven headlessly: a control's value set
in code runs the same callback as a click, so we assert on the outcome and on the figure."""
from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("plotly")

import eb_core as eb
from eb_core.display import figures
from eb_core.display.widgets import ACCEPTED, REJECTED, position_lab

TEXT = """board: tutorial
phase: build
player Ann: cash 60, at London, track London-Birmingham
player Ben: cash 30, at Paris, track Paris-Lyon
"""
ACTIONS = ["upgrade 12/2", "upgrade 12/3", "build London-Paris"]


def route(lab):
    return figures.find_trace(lab.figure, "route")


def test_choosing_an_action_tries_it_and_redraws():
    lab = position_lab(TEXT, actions=ACTIONS)
    assert lab.outcome.accepted and lab.outcome.cost == lab.game.rules.upgrade_cost
    lab.action.value = "upgrade 12/3"
    out = lab.outcome
    assert not out.accepted and out.rule == "Build Phase Rules > Upgrading your Train", out
    assert lab.figure.layout.title.text.startswith("Rejected") and "Upgrading your Train" in lab.message.value
    lab.action.value = "build London-Paris"
    want = eb.cheapest_build(lab.game.board, lab.game.rules, "London", "Paris", position=eb.Position.of(lab.game.state, 0))
    assert lab.outcome.accepted and lab.outcome.cost == want.cost, want.explain()
    tr = route(lab)
    assert tr.line.color == ACCEPTED and len(tr.x) == len(lab.outcome.action.path)
    # the labels are the per-segment costs and they add up to the cost
    labels = figures.find_trace(lab.figure, "route_labels")
    assert sum(int(t) for t in labels.text) == want.cost
    assert lab.game.state.players[0].cash == 60                 # trying never changes the position


def test_who_acts_and_free_commands():
    lab = position_lab(TEXT, actions=ACTIONS)
    lab.player.value = "Ben"
    assert lab.outcome.player == "Ben" and lab.outcome.accepted     # Ben upgrades for 20M of his 30M
    out = lab.try_("build Paris-Lyon")                              # Ben's own track: nothing new
    assert not out.accepted and route(lab).line.color == REJECTED
    out = lab.try_("fly to the moon")
    assert not out.accepted and out.rule is None and "unknown command" in out.reason


@pytest.mark.slow   # left out of `make test-fast`
def test_the_form_rewrites_the_text_and_sets_the_position_up():
    lab = position_lab(TEXT, actions=ACTIONS)
    n_traces = len(lab.figure.data)
    lab.edit_player.value = "Ben"
    assert lab.cash.value == 30 and lab.at.value == "Paris"
    lab.at.value = "Lyon"
    assert "player Ben: cash 30, train 9/2, at Lyon" in lab.text.value
    assert lab.game.board.city_at(lab.game.state.players[1].position).name == "Lyon"
    train = figures.find_trace(lab.figure, "train:1")
    assert (train.x[0], train.y[0]) == tuple(lab.game.board.xy[lab.game.board.city("Lyon").center])
    lab.cash.value = 5
    lab.player.value = "Ben"
    lab.action.value = "upgrade 12/2"
    assert not lab.outcome.accepted and lab.outcome.rule == "Build Phase Rules > No Credit/No Loans"
    assert len(lab.figure.data) == n_traces


def test_a_bad_position_text_is_reported_and_the_last_good_one_kept():
    lab = position_lab(TEXT, actions=ACTIONS)
    good = lab.game
    lab.text.value = TEXT + "player Cy: train 99/9\n"
    assert lab.set_up() is None and lab.game is good
    assert "line 5 (player Cy)" in lab.error and "train" in lab.error
    assert "Position not set up" in lab.message.value


def test_accepted_title_names_places_not_milepost_ids():
    from eb_core.display.widgets import position_lab
    lab = position_lab("board: tutorial\nphase: build\nplayer Ann: at London\nplayer Ben:\n",
                       actions=["build London-Paris"])
    title = lab.figure.layout.title.text
    assert lab.outcome.accepted and title == "Accepted: Ann builds London → Paris, 13M"   # whole, not cut off
    assert "path=(" not in title and "path=(" not in lab.message.value
