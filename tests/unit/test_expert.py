"""The expert level (eb_core/bots/expert.py): the planner with a one-plan look-ahead."""
import random

import pytest

import eb_core as eb
from eb_core import sim
from eb_core.bots.expert import ExpertBot
from eb_core.bots.planner import PlannerBot, play_solo
from eb_core.errors import IllegalAction, InvalidAction


def _solo(seed, max_turns=60):
    g = eb.Game.new(eb.ruleset("europe-basic").with_(victory_cash=80), board="tutorial", players=["Solo"], seed=seed)
    return play_solo(g, ExpertBot(0, random.Random(seed)), max_turns=max_turns)


def test_same_seed_same_game():
    a, b = _solo(4, max_turns=15), _solo(4, max_turns=15)
    assert a.to_json() == b.to_json()
    assert _solo(5, max_turns=15).to_json() != a.to_json()


@pytest.mark.parametrize("seed", [1, 2, 3, 7])
def test_expert_never_submits_an_illegal_action(seed):
    """Basic Solo Play on the tutorial board with 80M to win: every action the expert chooses is accepted
    (none falls back to ending the phase), the game is won, and the history replays through the checked
    apply."""
    g = eb.Game.new(eb.ruleset("europe-basic").with_(victory_cash=80), board="tutorial", players=["Solo"], seed=seed)
    refused = []

    def watch(apply):
        def wrapped(action):
            try:
                return apply(action)
            except (IllegalAction, InvalidAction) as e:
                refused.append((action, str(e)))
                raise
        return wrapped

    g.apply, g.apply_unchecked = watch(g.apply), watch(g.apply_unchecked)
    bot = ExpertBot(0, random.Random(seed))
    play_solo(g, bot, max_turns=60)
    assert refused == []
    assert g.over and g.winners == [0], f"not won after {g.state.players[0].turns} turns"
    assert bot.changed[1] > 0, "the look-ahead never judged two plans"
    replay = eb.Game.new(g.rules, board="tutorial", players=["Solo"], seed=seed)
    for a in g.history:
        replay.apply(a)
    assert replay.to_json() == g.to_json()


POSITION = """
board: tutorial
player Ann: cash 60, train 12/3, at Oslo, cards 7 22 37, track Holland-Ruhr-Frankfurt-Zürich-Milano
"""


def test_the_expert_ends_the_run_where_the_last_card_starts():
    """At Oslo with two Fish cards (Fish to Berlin 14M, card 7; Fish to Ruhr 14M, card 22) and a third card
    wanting Wine at Holland (6M, card 37; Wine is loaded at Frankfurt), with track Holland-Ruhr-Frankfurt
    built. The planner delivers at Ruhr first and ends at Berlin: 28M for 21M of new track in 3.5 turns,
    5.9M a turn (it counts track into major cities at 0.35 of its price: 28 - 7.35 = 20.65M), and from
    Berlin, off the network, the Wine card is worth less than a fresh hand (5M a turn here). The expert
    delivers at Berlin first and ends at Ruhr: 1M more track (5.8M a turn), but from Ruhr the Wine run
    (Frankfurt -> Holland) is on track already built, 6M in one turn. Reckoned against 5M a turn: the
    planner's order earns 20.65 - 17.5 = +3.15M, the expert's 20.3 - 17.5 = +2.8M plus 6 - 5 = +1M for
    the Wine run, +3.8M. These figures are the flat timing's (``ride_model=False``: mileposts / speed,
    whole turns); the planner's default ride-by-ride timing already finds Berlin first quicker (3.8
    turns against 4.1) and ends at Ruhr on its own."""
    g = eb.position(POSITION)
    default = PlannerBot(0, random.Random(0))
    default.replan(g)
    assert [s[1] for s in default.plan.stops if s[0] == "deliver"] == ["Berlin", "Ruhr"]
    planner = PlannerBot(0, random.Random(0), ride_model=False)
    planner.replan(g)
    # no delivery made yet in this position: the look-ahead is asked to judge the opening too
    expert = ExpertBot(0, random.Random(0), fresh_rate=5.0, after_first=False, ride_model=False)
    expert.replan(g)
    p, e = planner.plan, expert.plan
    assert [s[1] for s in p.stops if s[0] == "deliver"] == ["Ruhr", "Berlin"]
    assert [s[1] for s in e.stops if s[0] == "deliver"] == ["Berlin", "Ruhr"]
    assert p.payout == e.payout == 28 and e.build_cost == p.build_cost + 1
    assert e.value < p.value                    # the planner's own ranking prefers ending at Berlin
    best = expert.looked[0]
    assert best.plan is e and best.follow is not None
    assert best.follow.describe() == "pick up Wine at Frankfurt, deliver Wine at Holland"
    assert best.follow.build_cost == 0 and best.follow.payout == 6 and best.follow.turns == 1
    at_berlin = next(la for la in expert.looked if la.plan.stops == p.stops)
    assert at_berlin.follow is None and at_berlin.rate == 5.0      # a fresh hand is worth more there
    assert best.value == pytest.approx(3.8, abs=0.01) and at_berlin.value == pytest.approx(3.15, abs=0.01)
    assert best.describe().endswith("then pick up Wine at Frankfurt, deliver Wine at Holland at 6.0M/turn: "
                                    "+3.8M over 5.0M a turn")
    # with fresh hands worth more than the Wine run, the look-ahead keeps the planner's order
    rich = ExpertBot(0, random.Random(0), fresh_rate=6.5, after_first=False, ride_model=False)
    rich.replan(g)
    assert rich.plan.stops == p.stops


def test_expert_is_a_bot_level_by_name():
    assert "expert" in sim.BOTS
    bot = sim.make_bot("expert", 0, 11)
    assert isinstance(bot, ExpertBot) and bot.level == "expert" and bot.look_k == 5
    with pytest.raises(InvalidAction, match="level"):
        ExpertBot(0, random.Random(0), level="grandmaster")
