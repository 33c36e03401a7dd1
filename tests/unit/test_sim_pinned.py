"""Pinned behaviour of the simulation harness (eb_core/sim.py), from a mutation-testing audit: each test is a
fact a solo player would check against the rulebook's "Solo & Variant Rules" (Solo Play Scenarios,
Simulated Win / Loss, Chart of Success for Solo Play) or against a Monte Carlo table.

Games here are short (the tutorial board, a few turns) so the file stays fast.
"""
from __future__ import annotations

import concurrent.futures as cf
import threading

import pytest

import eb_core as eb
from eb_core import sim
from eb_core.bots.expert import ExpertBot
from eb_core.errors import InvalidAction

BASIC, STD = eb.ruleset("europe-basic"), eb.ruleset("europe-standard")


# ------------------------------------------------------------------ Chart of Success for Solo Play
def _band(turns: int, bands: list[tuple[int, int | None, str]]) -> str:
    return next(name for lo, hi, name in bands if turns >= lo and (hi is None or turns <= hi))


# The rulebook's bands as whole turns: a printed end point shared by two bands ("30-35", "35-40") goes to
# the later band; the last printed band ("40-45", "55-60") keeps its upper end ("More than 45 / 60").
BASIC_BANDS = [(0, 29, "Blowout Victory"), (30, 34, "Solid Victory"), (35, 39, "Possible Victory"),
               (40, 45, "2nd or 3rd place"), (46, None, "Last Place")]
STANDARD_BANDS = [(0, 44, "Blowout Victory"), (45, 49, "Solid Victory"), (50, 54, "Possible Victory"),
                  (55, 60, "2nd or 3rd place"), (61, None, "Last Place")]


@pytest.mark.parametrize("rules, bands", [(BASIC, BASIC_BANDS), (STD, STANDARD_BANDS)], ids=["basic", "standard"])
def test_every_number_of_turns_falls_in_the_charts_printed_band(rules, bands):
    """Chart of Success for Solo Play, turn by turn from 0 to 80: e.g. a Basic Game won in 39 turns is a
    Possible Victory, a Standard Game won in 49 turns a Solid Victory and in 54 a Possible Victory."""
    got = {t: sim.chart_of_success(t, rules) for t in range(81)}
    assert got == {t: _band(t, bands) for t in range(81)}


def test_a_basic_game_with_a_variant_and_no_starter_cards_is_still_on_the_basic_chart():
    """Chart of Success: the Basic Game has its own chart; a Basic Game played with the Fast Game variant is
    still a Basic Game (ranked by its base game's name), even when dealt without starter cards."""
    rules = eb.ruleset("europe-basic", "fast-game").with_(starter_cards=False)
    assert sim.chart_name(rules) == "basic"
    assert sim.chart_of_success(30, rules) == "Solid Victory"


# ------------------------------------------------------------------ Simulated Win / Loss
LOSS_BANDS = {   # status -> [(first turn, last turn or None, highest losing digit or None = NO DRAW)]
    "Above Average": [(48, 50, 1), (51, 55, 3), (56, None, 7)],
    "Average": [(48, 50, 0), (51, 54, 2), (55, 58, 4), (59, None, 6)],
    "Below Average": [(48, 50, None), (51, 54, 1), (55, 58, 3), (59, 60, 4), (61, None, 5)],
}


@pytest.mark.parametrize("status", sim.STATUSES)
def test_every_turn_from_48_loses_on_the_printed_digits(status):
    """Simulated Win / Loss, the three tables as printed: for every turn 40-70 and every last digit, YOU LOSE
    exactly when the table says so (none before Turn 48; Below Average turns 48-50 are NO DRAW) -- e.g.
    Average at Turn 50 loses only on a 0, Below Average at Turn 54 on 0-1 and at Turn 58 on 0-3."""
    for turn in range(40, 71):
        limit = None if turn < 48 else _band(turn, LOSS_BANDS[status])
        outcomes = [sim.WinLoss(status=status).after_turn(turn, 200 + d) for d in range(10)]
        assert outcomes == [limit is not None and d <= limit for d in range(10)], (status, turn)
        assert sim.WinLoss(status=status).needs_draw(turn) == (limit is not None), (status, turn)


@pytest.mark.parametrize("start, digit, after", [
    ("Above Average", 0, "Above Average"), ("Above Average", 2, "Above Average"),   # better "if possible"
    ("Above Average", 5, "Above Average"), ("Above Average", 7, "Average"),
    ("Average", 1, "Above Average"), ("Average", 6, "Average"), ("Average", 9, "Below Average"),
    ("Below Average", 2, "Average"), ("Below Average", 8, "Below Average"),
])
def test_the_turn_32_card_moves_the_status_one_step_if_possible(start, digit, after):
    """Simulated Win / Loss, After Turn 32: "0-2 = Your opponent status gets one step better (if possible)
    ... 7-9 = ... one step worse (if possible)" -- opponents already Above Average stay there."""
    w = sim.WinLoss(status=start)
    assert w.after_turn(32, 30 + digit) is False
    assert w.status == after


def test_each_win_loss_card_is_recorded_with_what_it_did():
    """Simulated Win / Loss: the card after Turn 16 sets the opponents' status, the one after Turn 32 moves
    it, and from Turn 48 each card is safe or YOU LOSE -- ``draws`` lists (turn, card number, what it did)."""
    w = sim.WinLoss()
    w.after_turn(16, 47)              # 7: Average
    w.after_turn(32, 101)             # 1: one step better -> Above Average
    w.after_turn(48, 135)             # Above Average, Turns 48-50: 0-1 loses; 5 is safe
    w.after_turn(49, 120)             # 0: YOU LOSE
    assert w.draws == [(16, 47, "opponents Average"), (32, 101, "opponents Above Average"),
                       (48, 135, "safe"), (49, 120, "YOU LOSE")]
    assert (w.lost, w.lost_at) == (True, 49)


def test_each_win_loss_card_is_told_in_the_rulebooks_words():
    """Simulated Win / Loss: each draw says the card's last digit and what it means -- the status it sets, how
    the card after Turn 32 moves it (or cannot: "one step better (if possible)"), and from Turn 48 the digits
    that lose at that status and turn and whether you lose."""
    w = sim.WinLoss()
    said = []
    for turn, number in ((16, 31), (32, 101), (48, 135), (49, 120)):
        w.after_turn(turn, number)
        said.append(w.said)
    assert said == [
        "it ends in 1: your opponents are DOING Above Average",
        "it ends in 1: your opponents' status would get one step better, but they are already DOING Above Average",
        "it ends in 5: your opponents are DOING Above Average, and in turns 48-50 a card ending in 0-1 loses: "
        "you play on",
        "it ends in 0: your opponents are DOING Above Average, and in turns 48-50 a card ending in 0-1 loses: "
        "YOU LOSE"]
    w = sim.WinLoss(status="Average")
    w.after_turn(32, 48)
    assert w.said == "it ends in 8: your opponents' status gets one step worse: DOING Below Average"
    w.after_turn(50, 7)        # Below Average, turns 48-50: NO DRAW -- nothing is said
    assert w.said == "" and not w.lost
    w.after_turn(61, 5)
    assert w.said == ("it ends in 5: your opponents are DOING Below Average, and in turns 61+ a card ending in 0-5 "
                      "loses: YOU LOSE")
    w = sim.WinLoss(status="Average")
    w.after_turn(32, 44)
    assert w.said == "it ends in 4: your opponents' status stays the same: DOING Average"
    w.after_turn(48, 0)
    assert w.said.endswith("in turns 48-50 a card ending in 0 loses: YOU LOSE")


# ------------------------------------------------------------------ bots and settings
def test_the_expert_bot_is_made_by_name_and_an_unknown_bot_is_refused_by_name():
    bot = sim.make_bot("expert", 1, 5)
    assert isinstance(bot, ExpertBot)
    with pytest.raises(InvalidAction) as e:
        sim.make_bot("nope", 0, 5)
    assert e.value.field == "bot" and str(e.value).startswith("bot: no bot 'nope'; ")
    assert "planner" in str(e.value)


def test_one_turn_is_enough_for_max_turns_and_no_turns_is_refused():
    """``max_turns=1`` plays the first turn (a build turn) and stops; ``max_turns=0`` is refused by name."""
    r = sim.solo_game(BASIC, board="tutorial", max_turns=1, keep_game=False)
    assert r.turns == 1 and not r.won and r.seed == 0             # the default seed is 0
    with pytest.raises(InvalidAction) as e:
        sim.solo_game(BASIC, board="tutorial", max_turns=0)
    assert str(e.value) == "max_turns: expected a whole number of turns >= 1, got 0"


@pytest.mark.parametrize("variants", [None, 5, {"fast-game"}])
def test_variants_that_are_not_a_list_are_refused_by_name(variants):
    with pytest.raises(InvalidAction) as e:
        eb.monte_carlo("europe-basic", variants, board="tutorial", games=1)
    assert e.value.field == "variants" and str(e.value).startswith("variants: expected a list of variant names")


@pytest.mark.parametrize("scenario", [True, 0, 5, "1"])
def test_a_solo_game_of_no_rulebook_scenario_is_refused(scenario):
    """Solo Play Scenarios: the rulebook has four, numbered 1-4 (``True`` is not scenario 1)."""
    for play in (sim.solo_game, eb.monte_carlo):
        with pytest.raises(InvalidAction) as e:
            play("europe-basic", board="tutorial", scenario=scenario, max_turns=2)
        assert e.value.field == "scenario" and "1, 2, 3 and 4" in str(e.value)


class _Refusing(cf.Executor):
    """An executor that fails the test if a game is submitted to it."""

    def submit(self, fn, /, *args, **kwargs):
        raise AssertionError("a game was submitted: the bad setting was not refused first")


@pytest.mark.parametrize("kwargs, field", [(dict(bot="nope"), "bot"), (dict(bot=None), "bot"),
                                           (dict(scenario=9), "scenario"), (dict(games=-1), "games"),
                                           (dict(workers=0), "workers"), (dict(players=0), "players")])
def test_monte_carlo_refuses_bad_settings_before_submitting_a_game(kwargs, field):
    with pytest.raises(InvalidAction) as e:
        eb.monte_carlo("europe-basic", board="tutorial", executor=_Refusing(), **{"games": 2, **kwargs})
    assert e.value.field == field


# ------------------------------------------------------------------ which scenario is played
@pytest.mark.parametrize("players", [2, 3])
def test_more_than_one_seat_in_scenario_1_is_play_multiple_positions(players):
    """Solo Play Scenarios, 2. Play Multiple Positions: "Set up the game for two, three or four players" --
    ``players=2`` or ``3`` in scenario 1 plays that many seats and tracks when each meets the victory
    conditions."""
    r = sim.solo_game(BASIC, board="tutorial", players=players, max_turns=3)
    assert [p.name for p in r.game.state.players] == [f"P{i + 1}" for i in range(players)]
    assert r.finished == [None] * players and r.first is None


def test_scenario_2_is_played_by_at_least_two_seats():
    """Play Multiple Positions is for "two, three or four players": scenario 2 with the default one seat
    plays two."""
    r = sim.solo_game(BASIC, board="tutorial", scenario=2, max_turns=2)
    assert len(r.game.state.players) == 2 and len(r.finished) == 2


@pytest.mark.parametrize("players, opponents", [(1, ["Opponent 1"]), (4, ["Opponent 1", "Opponent 2", "Opponent 3"])])
def test_scenario_4_is_played_against_one_to_three_simulated_opponents(players, opponents):
    """Solo Play Scenarios, 4: "You can play this version with 1-3 opponents" -- one by default, three with
    ``players=4``."""
    r = sim.solo_game(BASIC, board="tutorial", scenario=4, players=players, max_turns=2)
    assert [p.name for p in r.game.state.players] == ["Solo", *opponents]


def test_empire_express_plays_its_demo_game_in_scenario_2_and_refuses_the_others():
    """Empire Express > Demo Set Up is "for 2, 3 or 4 players": Play Multiple Positions (scenario 2) is its
    demo game; Solo Scenarios 3 and 4 and the Simulated Win / Loss are Empire Builder's and are refused,
    each naming the setting at fault."""
    r = sim.solo_game("express", scenario=2, players=2, max_turns=2, keep_game=False)
    assert r.board == "eastern_us" and r.majors is None and r.turns == 2
    with pytest.raises(InvalidAction) as e:
        sim.solo_game("express", scenario=3, players=2)
    assert e.value.field == "scenario" and str(e.value).startswith("scenario: the Solo Play Scenarios")
    with pytest.raises(InvalidAction) as e:
        sim.solo_game("express", players=2, win_loss=True)
    assert e.value.field == "win_loss" and str(e.value).startswith("win_loss: the Solo Play Scenarios")


# ------------------------------------------------------------------ results
def test_an_empire_express_result_reads_as_a_sentence():
    """Empire Express > Game End (150M, the round finished, the most money wins): the sentence says whether
    the first colour won and when a colour first reached 150M -- or leaves that out when none did."""
    r = sim.SoloResult(seed=1, ruleset="express", board="eastern_us", bot="planner", won=True, turns=31, cash=162,
                       deliveries=12, majors=None, train="12/3", upgrades=0, category=None, first=30)
    assert str(r) == ("Seed 1, express on eastern_us, the planner bot: the first colour won after 31 turns with "
                      "162M and 12 deliveries; 150M or more first reached after 30 turns.")
    r.won, r.first = False, None
    assert str(r) == ("Seed 1, express on eastern_us, the planner bot: the first colour did not win after 31 turns "
                      "with 162M and 12 deliveries.")

    r.seats, r.winners, r.finished, r.first, r.cash = ["Orange", "Red", "Blue"], ["Blue"], [None, 30, 29], 29, 120
    assert str(r) == ("Seed 1, express on eastern_us, the planner bot: Blue won, the first to reach 150M; Orange, the "
                      "first colour, had 120M and 12 deliveries after 31 turns.")
    r.winners = ["Red"]                 # Blue reached 150M first, Red had the most money when the round was done
    assert str(r) == ("Seed 1, express on eastern_us, the planner bot: Red won; Blue first reached 150M, after 29 "
                      "turns; Orange, the first colour, had 120M and 12 deliveries after 31 turns.")
    r.winners, r.finished, r.first, r.cash = ["Orange"], [31, None, None], 31, 162
    assert str(r) == ("Seed 1, express on eastern_us, the planner bot: Orange, the first colour, won with 162M and "
                      "12 deliveries after 31 turns, the first to reach 150M.")
    r.winners, r.finished, r.first = [], [None, None, None], None
    assert str(r) == ("Seed 1, express on eastern_us, the planner bot: no colour won within 31 turns; Orange, the "
                      "first colour, had 162M and 12 deliveries after 31 turns.")


def test_an_express_demo_games_sentence_names_the_winning_colour():
    """The demo game played to its Game End names its colours and who won."""
    r = sim.solo_game("express", seed=5, players=3, keep_game=False)
    assert r.seats == ["Orange", "Red", "Blue"] and r.winners == ["Blue"] and r.finished[2] == r.first
    assert str(r).startswith("Seed 5, express on eastern_us, the planner bot: Blue won, the first to reach 150M; "
                             "Orange, the first colour, had ")


def test_a_play_multiple_positions_result_names_who_met_the_conditions_first_and_each_seats_turns():
    """Solo Scenario 2, Play Multiple Positions: "Track the number of turns it takes for the first player to
    reach winning conditions ... Track the average number of turns it takes for all players to finish." The
    sentence names the first seat, grades its turns on the Chart, and gives every seat's turns and their mean
    -- or who had not finished when the game stopped."""
    r = sim.SoloResult(seed=5, ruleset="europe-basic", board="europe", bot="planner", won=False, turns=40, cash=204,
                       deliveries=21, majors=7, train="16/2", upgrades=1, category="2nd or 3rd place",
                       finished=[41, 40], first=40, mean_finish=40.5, seats=["P1", "P2"])
    assert str(r) == ("Seed 5, europe-basic on europe, the planner bot, Play Multiple Positions: P2 met the victory "
                      "conditions first, after 40 turns (2nd or 3rd place); each seat: P1 after 41 and P2 after 40 "
                      "turns, 40.5 on average.")
    r.finished, r.mean_finish = [None, 40], None
    assert str(r).endswith("each seat: P2 after 40 turns; P1 had not met them when the game stopped.")
    r.finished, r.first, r.category, r.turns = [None, None], None, None, 20
    assert str(r) == ("Seed 5, europe-basic on europe, the planner bot, Play Multiple Positions: no seat met the "
                      "victory conditions within 20 turns.")
    played = sim.solo_game("europe-basic", seed=5, scenario=2, players=2, keep_game=False)
    assert played.seats == ["P1", "P2"] and "Play Multiple Positions: " in str(played)


def test_monte_carlo_rows_are_the_solo_games_of_the_same_seeds():
    """Same seed, same rows: a Monte Carlo table of a house ruleset (the Basic Game at 60M) is the rows of
    ``solo_game`` played with those seeds under that very ruleset -- not the named Basic Game's."""
    rules = BASIC.with_(victory_cash=60)
    df = eb.monte_carlo(rules, board="tutorial", games=2, seed=4, max_turns=40)
    rows = [sim.solo_game(rules, board="tutorial", seed=s, max_turns=40, keep_game=False).row() for s in (4, 5)]
    assert df.to_dict("records") == rows
    assert df.won.any()                      # at 60M the tutorial game is won within 40 turns
    club = BASIC.with_(name="club-night", victory_cash=60)     # a house ruleset under its own name
    df = eb.monte_carlo(club, board="tutorial", games=1, seed=4, max_turns=40)
    assert df.to_dict("records") == [{**rows[0], "ruleset": "club-night"}]


# ------------------------------------------------------------------ fixed in this audit
def test_the_chart_ranks_the_turns_read_from_a_monte_carlo_table():
    """Chart of Success: a DataFrame's ``turns`` are numpy integers; ``chart_of_success(df.turns[0])`` ranks
    them like any whole number (it refused them: "turns: expected a whole number of turns >= 0, got
    np.int64(45)"), and a ``games``, ``workers`` or ``seed`` taken from a table plays (``seed`` passed the check
    and was then refused by ``Game.new``)."""
    np = pytest.importorskip("numpy")
    assert sim.chart_of_success(np.int64(45), "europe-standard") == "Solid Victory"
    assert sim.chart_of_success(np.int32(29), "europe-basic") == "Blowout Victory"
    df = eb.monte_carlo("europe-basic", board="tutorial", games=np.int64(2), workers=np.int64(1), seed=np.int64(3),
                        max_turns=2)
    assert list(df.seed) == [3, 4]
    for bad in (True, -1, 2.0, "45"):
        with pytest.raises(InvalidAction) as e:
            sim.chart_of_success(bad, "europe-standard")
        assert e.value.field == "turns" and str(e.value).startswith("turns: expected a whole number of turns >= 0")


@pytest.mark.parametrize("play", [sim.solo_game, eb.monte_carlo])
def test_the_win_loss_is_refused_when_more_seats_make_it_play_multiple_positions(play):
    """Simulated Win / Loss: "For use with Solo Scenarios 1, 3 & 4". Two seats in scenario 1 are Play Multiple
    Positions (Scenario 2), which has no draws: ``win_loss=True`` there is refused naming it (it was dropped
    without a word -- a table of games with no status and no loss, as if the draws had been made)."""
    with pytest.raises(InvalidAction) as e:
        play("europe-basic", board="tutorial", players=2, win_loss=True, max_turns=2)
    assert e.value.field == "win_loss"
    assert "Solo Scenarios 1, 3 & 4" in str(e.value) and "Play Multiple Positions" in str(e.value)


def test_monte_carlo_refuses_the_win_loss_of_scenario_2_before_submitting_a_game():
    with pytest.raises(InvalidAction) as e:
        eb.monte_carlo("europe-basic", board="tutorial", scenario=2, win_loss=True, executor=_Refusing())
    assert e.value.field == "win_loss" and "not scenario 2" in str(e.value)


@pytest.mark.parametrize("progress", [1, 0, 1.0])
def test_a_progress_setting_that_is_not_true_or_false_is_refused(progress):
    """``progress`` is True, False or None; ``1`` equals ``True`` in Python but is refused like ``win_loss=1``."""
    with pytest.raises(InvalidAction) as e:
        eb.monte_carlo("europe-basic", board="tutorial", games=1, progress=progress)
    assert e.value.field == "progress"


@pytest.mark.parametrize("scenario", [3, 4])
def test_a_scenario_3_or_4_result_is_your_own_not_the_simulated_players(scenario):
    """Solo Scenarios 3 and 4: "Track the number of turns it takes you to reach victory conditions" -- the
    result's turns, money, deliveries and train are seat 0's (the simulated players never deliver)."""
    r = sim.solo_game(BASIC, board="tutorial", seed=2, scenario=scenario, max_turns=8)
    you = r.game.state.players[0]
    assert you.delivered > 0 and r.deliveries == you.delivered
    assert (r.turns, r.cash, r.train) == (you.turns, you.cash, str(you.train))


# ------------------------------------------------------------------ Play Multiple Positions, Empire Express
def test_play_multiple_positions_seat_0_first_is_a_win_ranked_on_the_chart():
    """Solo Scenario 2: "Track the number of turns it takes for the first player to reach winning
    conditions" -- when seat 0 is that first player the game counts as won, its turns are ranked on the Chart
    of Success, and majors are seat 0's own."""
    rules = BASIC.with_(victory_cash=60)
    r = sim.multiple_positions("europe-basic", board="tutorial", seed=2, players=2, max_turns=1)   # by name
    assert r.ruleset == "europe-basic" and len(r.finished) == 2
    r = sim.multiple_positions(rules, board="tutorial", seed=2, players=2, max_turns=40)
    assert r.finished[0] < r.finished[1] and r.won and r.turns == r.first == r.finished[0]
    assert r.category == sim.chart_of_success(r.turns, rules)
    r = sim.multiple_positions(rules, board="tutorial", seed=5, players=2, max_turns=40)
    majors = [len(r.game.connected_majors(s)) for s in (0, 1)]
    assert majors[0] != majors[1] and r.majors == majors[0]


def test_play_multiple_positions_takes_one_to_six_seats():
    """One seat is the solo player ("Solo"); up to six seats (the most any Empire Builder box seats)."""
    r = sim.multiple_positions(BASIC.with_(victory_cash=60), board="tutorial", seed=1, players=1, max_turns=40)
    assert [p.name for p in r.game.state.players] == ["Solo"]
    assert r.won and r.finished == [r.turns] and r.mean_finish == r.turns
    assert len(sim.multiple_positions(BASIC, board="tutorial", players=6, max_turns=1).game.state.players) == 6
    for players in (0, 7):
        with pytest.raises(InvalidAction) as e:
            sim.multiple_positions(BASIC, board="tutorial", players=players)
        assert e.value.field == "players" and str(e.value) == f"players: 1 to 6 seats, got {players}"


def test_the_express_demo_game_by_default_is_two_colours_seed_0_to_its_end():
    """Empire Express > Demo Set Up ("for 2, 3 or 4 players") and Game End (150M, the round finished): by
    default Orange and Red, seed 0; the result is Orange's (seat 0), ``finished`` each colour's turns to 150M
    (``None``: never), and no average until every colour has got there."""
    r = sim.demo_game(max_turns=40)
    st = r.game.state
    assert r.seed == 0 and r.ruleset == "express" and [p.name for p in st.players] == ["Orange", "Red"]
    assert r.game.over and r.won and r.cash == st.players[0].cash >= 150 > st.players[1].cash
    assert r.finished == [r.first, None] and r.first <= r.turns and r.mean_finish is None


def test_the_express_demo_game_is_for_two_to_four_colours():
    r = sim.demo_game("express", players=4, max_turns=1, keep_game=True)
    assert [p.name for p in r.game.state.players] == ["Orange", "Red", "Blue", "Green"]
    for players in (1, 5):
        with pytest.raises(InvalidAction) as e:
            sim.demo_game("express", players=players)
        assert e.value.field == "players" and "Demo Set Up" in str(e.value)


def test_a_seat_with_exactly_the_victory_cash_has_met_the_conditions():
    """Victory Conditions: "any player has 200 million in cash, plus seven of the eight Major Cities" -- 200M
    exactly is enough. Play Multiple Positions logs each seat as it meets them, passes every seat's turn to
    ``on_turn`` and stops once all have (here with the majors requirement set to none)."""
    rules = BASIC.with_(victory_majors=0)
    calls = []

    def rich_at_turn_3(g):
        calls.append(g.state.current)
        for q in g.state.players:
            if q.turns == 3:
                q.cash = rules.victory_cash
    r = sim.multiple_positions(rules, board="tutorial", seed=1, players=2, max_turns=30, on_turn=rich_at_turn_3)
    st = r.game.state
    assert r.finished == [3, 3] and r.first == 3 and r.won
    assert [p.turns for p in st.players] == [3, 3]                      # stopped once both had
    assert len(calls) == 6
    assert "Solo Scenario 2: P1 meets the victory conditions after 3 turns." in st.log


# ------------------------------------------------------------------ how the games are run
def test_monte_carlo_plays_ten_games_from_seed_0_by_default():
    df = eb.monte_carlo(BASIC, board="tutorial", max_turns=1)
    assert list(df.seed) == list(range(10)) and (df.turns == 1).all()


def test_one_worker_or_one_game_is_played_in_this_process(monkeypatch):
    """``workers=1`` (the default) runs in this process, and so does a single game whatever ``workers``:
    no process pool is started for them."""
    def no_pool(*a, **k):
        raise AssertionError("a process pool was started")
    monkeypatch.setattr(sim.cf, "ProcessPoolExecutor", no_pool)
    assert len(eb.monte_carlo(BASIC, board="tutorial", games=2, workers=1, max_turns=1)) == 2
    assert len(eb.monte_carlo(BASIC, board="tutorial", games=1, workers=2, max_turns=1)) == 1


def test_an_injected_executor_gives_the_rows_in_seed_order_and_ticks_the_bar(capsys):
    """Any ``concurrent.futures.Executor`` may play the games: same seeds, same rows as in this process, and
    the progress bar counts every game played."""
    rules = BASIC.with_(victory_cash=60)
    here = eb.monte_carlo(rules, board="tutorial", games=3, seed=7, max_turns=20)
    capsys.readouterr()
    with cf.ThreadPoolExecutor(max_workers=1) as ex:
        there = eb.monte_carlo(rules, board="tutorial", games=3, seed=7, max_turns=20, executor=ex, progress=True)
    assert there.to_dict("records") == here.to_dict("records") and list(there.seed) == [7, 8, 9]
    assert "3/3" in capsys.readouterr().err
    eb.monte_carlo(rules, board="tutorial", games=2, seed=7, max_turns=1, progress=True)
    assert "2/2" in capsys.readouterr().err
    eb.monte_carlo(rules, board="tutorial", games=2, seed=7, max_turns=1, progress=False)
    assert capsys.readouterr().err == ""


class _Counting(cf.ThreadPoolExecutor):
    """A one-thread executor that records how many submitted games were waiting or running at once."""

    def __init__(self):
        super().__init__(max_workers=1)
        self.waiting = self.most = self.submitted = 0
        self.lock = threading.Lock()

    def submit(self, fn, /, *args, **kwargs):
        with self.lock:
            self.waiting += 1
            self.submitted += 1
            self.most = max(self.most, self.waiting)
        fut = super().submit(fn, *args, **kwargs)
        fut.add_done_callback(self._done)
        return fut

    def _done(self, _fut):
        with self.lock:
            self.waiting -= 1


def test_a_long_run_queues_a_few_games_at_a_time_not_all_of_them(monkeypatch):
    """A run of many games on an outside executor (a Dask cluster) keeps only a window of games queued, the
    next submitted as one finishes -- a million-game run does not hold a million futures -- and still gives
    every row, in seed order, the same as in this process."""
    monkeypatch.setattr(sim, "_EXECUTOR_WINDOW", 2)
    rules = BASIC.with_(victory_cash=60)
    here = eb.monte_carlo(rules, board="tutorial", games=5, seed=7, max_turns=6)
    with _Counting() as ex:
        there = eb.monte_carlo(rules, board="tutorial", games=5, seed=7, max_turns=6, executor=ex)
    assert there.to_dict("records") == here.to_dict("records") and list(there.seed) == [7, 8, 9, 10, 11]
    assert ex.submitted == 5 and 1 <= ex.most <= 2
