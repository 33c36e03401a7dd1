"""Empire Express lessons (eb_core.express_lessons): the openings compared, the planner's plans, the
"any number of players may connect to a city" demonstration, and the three cardinal rules measured
(rulebook rules/empire_express_rulebook.txt: Empire Express Introductory Strategies)."""
import itertools
import math

import pandas as pd
import pytest

import eb_core as eb
from eb_core import express_lessons as lessons
from eb_core.actions import Build, EndBuild, Move
from eb_core.bots.introductory import Recorder, Replay

COLOURS = list(lessons.COLOURS)


@pytest.fixture(scope="module")
def openings():
    return lessons.compare_openings(1, horizon=8)


def test_recorder_writes_accepted_actions_only_and_names_empty_and_deadhead_running():
    g = lessons.demo_game(["Orange", "Red"], seed=1)
    rp = Replay()
    rec = Recorder(g, rp)
    with pytest.raises(eb.IllegalAction):
        rec.apply(Build((0, 1)))                               # nowhere near Orange's track, and no money
    assert rp.moves == [] and rp.turns == [] and rp._built == 0
    rec.apply(EndBuild())
    rec.apply(Move([g.movable_steps()[0]]))                    # two steel, card 1 wants steel in Boston
    assert rp.moves[-1] | {"path": None} == {"round": 1, "turn": 1, "player": "Orange", "mileposts": 1, "loads": 2,
                                             "empty": False, "not full": False, "deadhead": False, "rent": 0,
                                             "path": None}
    g.player().loads = ["Coal"]                                # a load none of Orange's cards wants
    rec.apply(Move([g.movable_steps()[0]]))
    assert (rp.moves[-1]["empty"], rp.moves[-1]["not full"], rp.moves[-1]["deadhead"]) == (False, True, True)
    g.player().loads = []
    rec.apply(Move([g.movable_steps()[0]]))
    assert (rp.moves[-1]["empty"], rp.moves[-1]["deadhead"]) == (True, True)


@pytest.mark.slow   # bot games
def test_openings_replay_the_scripts_exactly_beside_the_planner(openings):
    s = openings.summary.set_index(["colour", "plan"])
    assert len(s) == 12 and set(s.index.get_level_values("plan")) == set(lessons.PLANS)
    assert s.loc[("Orange", "suggested"), "deliveries"] == \
        "Steel to Boston 33M, Passengers to Boston 9M, Machinery to Boston 7M"
    assert (s.loc[("Orange", "suggested"), "turns"], s.loc[("Orange", "suggested"), "cash then (M)"]) == (4, 49)
    assert s.loc[("Orange", "alternative"), "deliveries"].endswith("Electronics to Pittsburgh 29M")
    assert s.loc[("Red", "suggested"), "payouts (M)"] == 63 and s.loc[("Red", "alternative"), "payouts (M)"] == 64
    assert s.loc[("Blue", "alternative"), "payouts (M)"] - s.loc[("Blue", "suggested"), "payouts (M)"] == 8
    assert s.loc[("Green", "suggested"), "payouts (M)"] == 66 and s.loc[("Green", "alternative"), "payouts (M)"] == 58
    # the planner plays the same cards from the first turn and makes three deliveries within 8 turns
    assert s.xs("planner", level="plan")["turns"].notna().all()
    assert (s["M per turn"] == (s["cash then (M)"] / s["turns"]).round(1)).all()


@pytest.mark.slow   # bot games
def test_openings_cash_is_each_turns_cash_and_paths_run_on_the_board(openings):
    c = openings.cash
    assert len(c) == 12 * 8 and (c.groupby(["colour", "plan"]).turn.max() == 8).all()
    assert (c[c.turn == 1].cash == 0).all()                     # no money and no delivery in turn 1
    board = eb.load_board("eastern_us")
    for (colour, plan) in openings.replays:
        path = openings.path(colour, plan).mileposts
        assert all(b in board.neighbors(a) for a, b in itertools.pairwise(path))
    assert board.place(openings.path("Orange", "alternative").mileposts[-1]) == "Pittsburgh"
    assert board.place(openings.path("Green", "suggested").mileposts[-1]) == "Akron"


def test_openings_refuse_a_colour_not_in_the_demo():
    with pytest.raises(eb.InvalidAction, match="colours: 'Purple'"):
        lessons.compare_openings(1, horizon=2, colours=["Purple"])


def test_first_plans_use_each_colours_own_cards():
    g = lessons.demo_game(COLOURS, seed=1)
    plans = lessons.first_plans(g)
    assert plans.colour.tolist() == COLOURS and (plans["payout (M)"] > 0).all()
    for seat, row in plans.iterrows():
        wanted = {f"deliver {d.load} at {d.city}" for c in g.state.players[seat].hand for d in g.deck.card(c).demands}
        said = [part.strip() for part in row["the planner's plan"].split(",") if part.strip().startswith("deliver")]
        assert said and set(said) <= wanted, (row.colour, said)


def test_any_number_of_players_connect_to_scranton_europes_limit_refuses_the_third():
    t = lessons.connections_into("Scranton", ["Orange", "Blue", "Green"])
    assert t.builder.tolist() == ["Orange", "Blue", "Green"] and (t["express"] == "accepted").all()
    limited = t["express+europe-city-limits"].tolist()
    assert limited[:2] == ["accepted", "accepted"] and "Only 2 players may build into a small city" in limited[2]
    with pytest.raises(eb.InvalidAction, match="colours: 'Purple'"):
        lessons.connections_into("Scranton", ["Purple"])


@pytest.fixture(scope="module")
def sample():
    return lessons.simulate_players(6)


@pytest.mark.slow   # bot games
def test_simulated_players_money_adds_up_and_shares_are_shares(sample):
    assert sorted(sample.seed.unique()) == list(range(6))
    assert (sample.groupby("seed").size() == [2 + s % 3 for s in range(6)]).all()
    # every million held was paid for a delivery, less the track built (rent moves money between players)
    per_game = sample.groupby("seed")[["cash", "income (M)", "track built (M)"]].sum()
    assert (per_game["cash"] == per_game["income (M)"] - per_game["track built (M)"]).all()
    for col in ("empty share", "deadhead share", "not-full share"):
        assert sample[col].between(0, 1).all()
    assert (sample["empty share"] <= sample["deadhead share"]).all()      # no load at all is no wanted load
    assert (sample["money per turn (M)"] == sample.cash / sample.turns).all()
    done = sample[sample.deliveries > 0]
    assert (done["track per delivery (M)"] == done["track built (M)"] / done.deliveries).all()


@pytest.mark.slow   # bot games
def test_simulated_players_are_the_same_for_the_same_seeds(sample):
    again = lessons.simulate_players([4, 5])
    pd.testing.assert_frame_equal(again.reset_index(drop=True),
                                  sample[sample.seed >= 4].reset_index(drop=True))
    with pytest.raises(eb.InvalidAction, match="no bot 'wizard'"):
        lessons.simulate_players(1, bots=["wizard"])


def test_cardinal_rules_statistics_on_a_known_table():
    n = 8
    df = pd.DataFrame({"bot": ["a", "b"] * 4, "money per turn (M)": [8, 7, 6, 5, 4, 3, 2, 1],
                       "not-full share": [i / 10 for i in range(n)], "deadhead share": [0.5] * n,
                       "track per delivery (M)": [float("nan")] + [10 - i for i in range(1, n)]})
    t = lessons.cardinal_rules(df).set_index("measure")
    assert t.loc["not-full share", "correlation"] == pytest.approx(-1.0)
    assert (t.loc["not-full share", "money per turn, lowest quarter (M)"],
            t.loc["not-full share", "money per turn, highest quarter (M)"]) == (7.5, 1.5)
    assert t.loc["track per delivery (M)", "n"] == 7
    assert t.loc["track per delivery (M)", "correlation"] == pytest.approx(1.0)
    assert math.isnan(t.loc["deadhead share", "correlation"])            # no spread, no correlation
    by = lessons.cardinal_rules(df, by="bot")
    assert set(by.bot) == {"all", "a", "b"}


@pytest.mark.slow   # bot games
def test_players_who_build_less_per_delivery_earn_more_per_turn_in_a_small_sample(sample):
    """"Build track efficiently! ... Money, not track, is how you win the game!" -- in six seeded games,
    the players in the lowest quarter of track per delivery earn more per turn than those in the highest."""
    t = lessons.cardinal_rules(sample).set_index("rule")
    row = t.loc["Build track efficiently!"]
    assert row.correlation < 0
    assert row["money per turn, lowest quarter (M)"] > row["money per turn, highest quarter (M)"]


def test_the_demo_is_drawn_in_each_colours_own_colour():
    from eb_core.display import figures
    fig = figures.game_figure(lessons.demo_game(COLOURS))
    for seat, colour in enumerate(COLOURS):
        assert figures.find_trace(fig, f"track:{seat}").line.color == figures.NAMED_COLORS[colour.lower()]
        assert figures.find_trace(fig, f"train:{seat}").marker.color == figures.NAMED_COLORS[colour.lower()]
    assert figures.player_color(0, "Ann") == figures.PLAYER_COLORS[0]          # other names: by seat


def test_oranges_suggested_opening_three_deliveries_in_millions_and_money_a_turn():
    """Introductory Strategies, Orange: "deliver one of your steel loads for $33 million, ... pick up passengers
    in New York for an additional $9 million when you reach Boston ... pick up a machinery load, and then go back
    to Boston for $7 million" -- told in M, made by turn 4 with 49M in hand: 12.2M a turn, to a tenth."""
    s = lessons.compare_openings(1, horizon=4, colours=["Orange"]).summary.set_index("plan")
    row = s.loc["suggested"]
    assert row["deliveries"] == "Steel to Boston 33M, Passengers to Boston 9M, Machinery to Boston 7M"
    assert (row["payouts (M)"], row["turns"], row["cash then (M)"], row["M per turn"]) == (49, 4, 49, 12.2)


def test_simulated_players_one_row_per_colour_with_money_per_turn():
    """Seed 2 seats 2 + 2 % 3 = 4 colours; money per turn is cash over turns (everyone starts with none);
    track per delivery is the track money over the deliveries made."""
    df = lessons.simulate_players([2], rounds=6)
    assert len(df) == 4 and (df.players == 4).all() and sorted(df.colour) == sorted(COLOURS)
    assert (df["money per turn (M)"] == df.cash / df.turns).all()
    assert (df["track per delivery (M)"] == df["track built (M)"] / df.deliveries).all()


def test_before_anyone_moves_or_delivers_the_measures_are_undefined_not_zero():
    """A player who has not moved has no share of empty running, and one who has delivered nothing no track per
    delivery: NaN (left out of :func:`cardinal_rules`), not 0 -- a 0 would count as the best possible player."""
    df = lessons.simulate_players([2], rounds=0)
    cols = ["empty share", "not-full share", "deadhead share", "track per delivery (M)"]
    assert (df["mileposts moved"] == 0).all() and df[cols].isna().all().all()
    assert lessons.cardinal_rules(df).empty


def test_the_correlation_is_of_ranks_spearmans():
    """The cardinal rules are measured by rank correlation: a measure that always rises as money per turn falls
    correlates -1, however unevenly it rises."""
    df = pd.DataFrame({"money per turn (M)": [8, 7, 6, 5, 4, 3, 2, 1],
                       "not-full share": [0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 0.9],
                       "deadhead share": [0.5] * 8, "track per delivery (M)": [1.0, 2, 3, 4, 5, 6, 7, 80]})
    t = lessons.cardinal_rules(df).set_index("measure")
    assert t.loc["not-full share", "correlation"] == pytest.approx(-1.0)
    assert t.loc["track per delivery (M)", "correlation"] == pytest.approx(-1.0)
