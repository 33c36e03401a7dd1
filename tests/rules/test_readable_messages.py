"""Refusals, build breakdowns and the game log name places and money, never milepost ids (issue: teach by
looking). Rulebook: "Build Phase Rules > Right of Way" for the refusal used here."""
from __future__ import annotations

import re

import eb_core as eb
from eb_core.actions import Build, EndTurn
from support import rejects

IDS = re.compile(r"\b\d+-\d+\b|milepost \d+|\(\d+\)")


def _no_ids(text: str) -> None:
    assert not IDS.search(text), text


def test_a_build_breakdown_names_places_and_money():
    board = eb.load_board("tutorial")
    g = eb.Game.new(eb.ruleset("europe-standard"), board=board, players=["Ann", "Ben"], seed=1)
    path = eb.cheapest_build(board, g.rules, "London", "Birmingham").mileposts
    plan = g.plan_build(path)
    assert plan.cost == 5
    assert any("London" in n for n in plan.notes) and any("Birmingham" in n for n in plan.notes)
    for note in plan.notes:
        _no_ids(note)
        assert note.endswith("M") or "M " in note or "M +" in note, note


def test_a_refusal_over_another_players_track_names_the_places_and_the_owner():
    board = eb.load_board("tutorial")
    g = eb.Game.new(eb.ruleset("europe-standard"), board=board, players=["Ann", "Ben"], seed=1)
    path = eb.cheapest_build(board, g.rules, "London", "Birmingham").mileposts
    first = g.current_player
    g.apply(Build(path))
    g.apply(EndTurn())
    err = rejects(g, Build(path), eb.rulebook.RIGHT_OF_WAY)
    assert g.state.players[first].name in err.reason and "London" in err.reason
    _no_ids(err.reason)
    for line in g.state.log:
        _no_ids(line)
