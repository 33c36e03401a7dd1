"""The planner bot (eb_core/bots/planner.py): deterministic per seed, reaches victory in a solo game."""
import random

import pytest

import eb_core as eb
from eb_core.actions import Build, Upgrade
from eb_core.bots.planner import PlannerBot, play_solo


def _solo(seed, rules=None, max_turns=60, board="tutorial"):
    rules = rules or eb.ruleset("europe-basic").with_(victory_cash=80)
    g = eb.Game.new(rules, board=board, players=["Solo"], seed=seed)
    return play_solo(g, PlannerBot(0, random.Random(seed)), max_turns=max_turns)


@pytest.mark.slow   # left out of `make test-fast`
def test_same_seed_same_game():
    a, b = _solo(4, max_turns=12), _solo(4, max_turns=12)
    assert a.to_json() == b.to_json()
    c = _solo(5, max_turns=12)
    assert c.to_json() != a.to_json()


@pytest.mark.slow   # left out of `make test-fast`
@pytest.mark.parametrize("seed", [1, 2])
def test_planner_reaches_victory_on_the_tutorial_board(seed):
    """Basic Solo Play with 80M to win: the bot connects 7 major cities and earns the cash."""
    g = _solo(seed, max_turns=60)
    p = g.state.players[0]
    log = "\n".join(g.state.log[-15:])
    assert g.over and g.winners == [0], f"not won after {p.turns} turns, {p.cash}M, majors " \
                                        f"{g.connected_majors(0)}\n{log}"
    assert p.cash >= 80 and len(g.connected_majors(0)) >= 7
    assert p.delivered >= 3 and p.turns <= 60


@pytest.mark.slow   # left out of `make test-fast`
def test_planner_upgrades_and_builds_through_the_checked_apply():
    g = eb.Game.new(eb.ruleset("europe-basic").with_(victory_cash=120), board="tutorial", players=["Solo"], seed=3)
    bot = PlannerBot(0, random.Random(3))
    seen = []
    while not g.over and g.state.players[0].turns < 40:
        seen.append(bot.step(g))
    assert any(isinstance(a, Upgrade) for a in seen), "the planner never upgraded its train"
    builds = [a for a in seen if isinstance(a, Build)]
    assert builds
    # replaying the whole history through the checked apply gives the same game
    replay = eb.Game.new(g.rules, board="tutorial", players=["Solo"], seed=3)
    for a in g.history:
        replay.apply(a)
    assert replay.to_json() == g.to_json()


@pytest.mark.slow   # left out of `make test-fast`
def test_two_planners_share_a_board():
    """Play Multiple Positions: two planner bots, each with its own seat and rng, play legally."""
    g = eb.Game.new(eb.ruleset("europe-basic").with_(victory_cash=70), board="tutorial", players=["A", "B"], seed=8)
    bots = [PlannerBot(0, random.Random(1)), PlannerBot(1, random.Random(2))]
    while not g.over and g.state.turn < 120:
        bots[g.current_player].step(g)
    assert g.state.players[0].delivered + g.state.players[1].delivered >= 4
    assert sum(len(g.state.track.segments) for _ in [0]) > 10
