"""Refusals, build breakdowns and the game log name places and money, never milepost ids (issue: teach by
looking). Rulebook: "Build Phase Rules > Right of Way" for the refusal used here."""
from __future__ import annotations

import re

import eb_core as eb
from eb_core.actions import Build, EndTurn
from eb_core.track import seg_key
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


def test_a_build_over_your_own_track_says_the_run_once():
    """A build whose path runs over track of your own first (London to Birmingham, built the turn before)
    tells that run in one note, not one "already yours" per segment; the new segments keep a note each."""
    board = eb.load_board("tutorial")
    g = eb.Game.new(eb.ruleset("europe-standard"), board=board, players=["Ann", "Ben"], seed=1)
    first = eb.cheapest_build(board, g.rules, "London", "Birmingham").mileposts
    g.apply(Build(first))
    onward = eb.cheapest_build(board, g.rules, first[-1], "Dublin").mileposts[:4]   # three segments beyond
    plan = g.plan_build(list(first) + list(onward[1:]))
    own = [n for n in plan.notes if "already yours" in n]
    assert own == [f"London → Birmingham, {len(first) - 1} segments already yours: 0M"], plan.notes
    assert len(plan.notes) == 1 + 3 and plan.built == tuple(seg_key(a, b) for a, b in zip(onward, onward[1:]))


def test_a_build_over_the_budget_adds_up_what_it_pays_for():
    """A refused build says what it would pay for, grouped as a player adds it up -- mileposts by terrain,
    bridges, cities, ferries -- each priced, the parts summing to the cost (not one clause per segment)."""
    board = eb.load_board("tutorial")
    g = eb.Game.new(eb.ruleset("europe-standard"), board=board, players=["Ann", "Ben"], seed=1)
    plan = eb.cheapest_build(board, g.rules, "Paris", "Wien")
    assert plan.cost > g.rules.build_limit
    err = rejects(g, Build(plan.mileposts), eb.rulebook.HOW_TO_PLAY)
    _no_ids(err.reason)
    said = err.reason.split(": ", 1)[1]
    assert "clear mileposts" in said and "the major city Wien (5M)" in said and "bridge over the river" in said
    assert sum(int(m) for m in re.findall(r"\((\d+)M\)", said)) == plan.cost
    assert said.count(";") == 0 and len(said) < 160, said


def test_a_build_plan_names_its_steps_by_place():
    """A build plan told segment by segment (the CLI's route, the notebooks' explain) names places -- London,
    Portsmouth, "a clear milepost near Paris" -- never "London (1447)" or "clear 1203", and a ferry's far end
    says it was paid with the port."""
    board = eb.load_board("europe")
    plan = eb.cheapest_build(board, eb.ruleset(), "London", "Paris")
    text = plan.explain()
    _no_ids(text)
    assert not re.search(r"\b(?:clear|mountain|alpine) \d", text), text
    assert "London -> Portsmouth" in text and "(paid with its port)" in text
    assert set(plan.to_frame()["from"]) >= {"London", "Portsmouth"}
    one = eb.cheapest_build(board, eb.ruleset(), plan.mileposts[0], plan.mileposts[1])
    assert "over 1 segment" in one.explain() and "1 segments" not in one.explain()
