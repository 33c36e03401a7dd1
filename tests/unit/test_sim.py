"""Simulation harness (eb_core/sim.py): Chart of Success, Simulated Win / Loss, Monte Carlo, CLI simulate.

Rulebook: "Solo & Variant Rules" (Solo Play Scenarios, Simulated Win / Loss, Chart of Success for Solo Play).
"""
import concurrent.futures as cf

import pandas as pd
import pytest

import eb_core as eb
from eb_core import sim
from eb_core.cli import main

BASIC, STD = eb.ruleset("europe-basic"), eb.ruleset("europe-standard")


@pytest.mark.parametrize("turns,basic,standard", [
    (0, "Blowout Victory", "Blowout Victory"),
    (29, "Blowout Victory", "Blowout Victory"),
    (30, "Solid Victory", "Blowout Victory"),
    (34, "Solid Victory", "Blowout Victory"),
    (35, "Possible Victory", "Blowout Victory"),
    (40, "2nd or 3rd place", "Blowout Victory"),
    (44, "2nd or 3rd place", "Blowout Victory"),
    (45, "2nd or 3rd place", "Solid Victory"),
    (46, "Last Place", "Solid Victory"),
    (50, "Last Place", "Possible Victory"),
    (55, "Last Place", "2nd or 3rd place"),
    (60, "Last Place", "2nd or 3rd place"),
    (61, "Last Place", "Last Place"),
])
def test_chart_of_success_boundaries(turns, basic, standard):
    """Basic: < 30 Blowout, 30-35 Solid, 35-40 Possible, 40-45 2nd/3rd, > 45 Last; Standard: +15 turns."""
    assert sim.chart_of_success(turns, BASIC) == basic
    assert sim.chart_of_success(turns, STD) == standard


def test_chart_follows_the_base_game_of_a_variant():
    assert sim.chart_name(eb.ruleset("europe-basic", "fast-game")) == "basic"
    assert sim.chart_name(eb.ruleset("europe-standard", "honeymoon")) == "standard"
    with pytest.raises(eb.InvalidAction, match="turns"):
        sim.chart_of_success(-1, STD)


def test_status_tables_cover_every_digit():
    assert [sim.STATUS_DRAW[d] for d in range(10)] == ["Above Average"] * 3 + ["Average"] * 5 + ["Below Average"] * 2
    assert [sim.STATUS_CHANGE[d] for d in range(10)] == [-1] * 3 + [0] * 4 + [1] * 3


@pytest.mark.parametrize("status,turn,loses_up_to", [
    ("Above Average", 48, 1), ("Above Average", 50, 1), ("Above Average", 51, 3), ("Above Average", 55, 3),
    ("Above Average", 56, 7), ("Above Average", 90, 7),
    ("Average", 48, 0), ("Average", 51, 2), ("Average", 54, 2), ("Average", 55, 4), ("Average", 58, 4),
    ("Average", 59, 6),
    ("Below Average", 48, None), ("Below Average", 50, None), ("Below Average", 51, 1), ("Below Average", 55, 3),
    ("Below Average", 59, 4), ("Below Average", 60, 4), ("Below Average", 61, 5),
])
def test_loss_table(status, turn, loses_up_to):
    """Each digit 0-9 at this turn: YOU LOSE exactly for digits 0..loses_up_to (None = NO DRAW)."""
    outcomes = []
    for digit in range(10):
        w = sim.WinLoss(status=status)
        outcomes.append(w.after_turn(turn, 140 + digit))
    expect = [loses_up_to is not None and d <= loses_up_to for d in range(10)]
    assert outcomes == expect, (status, turn, outcomes)
    assert sim.WinLoss(status=status).needs_draw(turn) == (loses_up_to is not None)


def test_no_loss_before_turn_48_and_status_steps():
    w = sim.WinLoss()
    assert not w.needs_draw(15) and w.needs_draw(16) and not w.needs_draw(47)
    assert w.after_turn(16, 9) is False and w.status == "Below Average"
    w.after_turn(32, 9)                      # one step worse: already the worst
    assert w.status == "Below Average"
    w.after_turn(32, 0)
    assert w.status == "Average"
    assert w.after_turn(47, 0) is False and not w.lost


@pytest.mark.slow   # left out of `make test-fast`
def test_solo_game_with_win_loss_draws_cards_at_16_and_32():
    r = sim.solo_game(BASIC.with_(victory_cash=400), seed=3, board="tutorial", max_turns=34, win_loss=True)
    draws = [line for line in r.game.state.log if line.startswith("Simulated Win / Loss")]
    assert [("after turn 16" in d, "after turn 32" in d) for d in draws] == [(True, False), (False, True)], draws
    assert r.status in sim.STATUSES and not r.won and r.category is None


@pytest.mark.slow   # left out of `make test-fast`
def test_solo_game_reaches_victory_and_gets_a_category():
    r = sim.solo_game(BASIC.with_(victory_cash=80), seed=1, board="tutorial", max_turns=60)
    assert r.won and r.cash >= 80 and r.majors >= 7, r.row()
    assert r.category == sim.chart_of_success(r.turns, BASIC)


@pytest.fixture(scope="module")
def pool_rows():
    """Three seeded games on a two-process pool (spawning the workers is the slow part: done once)."""
    return sim.monte_carlo(BASIC.with_(victory_cash=80), board="tutorial", games=3, seed=11, workers=2, max_turns=25)


@pytest.mark.slow   # left out of `make test-fast`
def test_monte_carlo_same_rows_whatever_the_workers(pool_rows):
    rules = BASIC.with_(victory_cash=80)
    one = sim.monte_carlo(rules, board="tutorial", games=3, seed=11, workers=1, max_turns=25)
    with cf.ThreadPoolExecutor(2) as ex:                 # any Executor may be injected
        threads = sim.monte_carlo(rules, board="tutorial", games=3, seed=11, max_turns=25, executor=ex)
    two = pool_rows
    pd.testing.assert_frame_equal(one, two)
    pd.testing.assert_frame_equal(one, threads)
    assert list(one.seed) == [11, 12, 13]
    assert {"seed", "won", "turns", "cash", "deliveries", "ruleset"} <= set(one.columns)
    assert (one.deliveries > 0).all(), one


def test_monte_carlo_on_a_dask_cluster_gives_the_process_pools_rows(pool_rows, tmp_path):
    """Scaling out: a Dask ``LocalCluster``'s executor plays the same seeded games as the process pool."""
    distributed = pytest.importorskip("distributed")
    from dask import config as dask_config                  # its scratch space in tmp_path, not left in /tmp
    rules = BASIC.with_(victory_cash=80)
    with dask_config.set(temporary_directory=str(tmp_path)), \
            distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cl, \
            distributed.Client(cl) as client:
        dask = sim.monte_carlo(rules, board="tutorial", games=3, seed=11, max_turns=25,
                               executor=client.get_executor())
    pd.testing.assert_frame_equal(pool_rows, dask)


def test_monte_carlo_progress_bar_is_off_unless_asked(capsys):
    rules = BASIC.with_(victory_cash=80)
    sim.monte_carlo(rules, board="tutorial", games=1, seed=3, max_turns=3)
    assert "game/s" not in capsys.readouterr().err           # tests and batch logs stay quiet
    sim.monte_carlo(rules, board="tutorial", games=1, seed=3, max_turns=3, progress=True)
    assert "1/1" in capsys.readouterr().err


def test_the_greedy_baseline_is_a_named_bot():
    assert {"planner", "greedy", "random"} <= set(sim.BOTS)
    r = sim.solo_game(BASIC.with_(victory_cash=80), seed=1, board="tutorial", bot="greedy", max_turns=60)
    assert r.bot == "greedy" and r.deliveries > 0


def test_monte_carlo_rejects_bad_input():
    with pytest.raises(eb.InvalidAction, match="bot"):
        sim.monte_carlo("europe-basic", bot="oracle", games=1)
    with pytest.raises(eb.InvalidAction, match="workers"):
        sim.monte_carlo("europe-basic", games=1, workers=0)


@pytest.mark.slow   # left out of `make test-fast`
def test_cli_simulate_writes_one_row_per_game(tmp_path, capsys):
    out = tmp_path / "out.csv"
    assert main(["simulate", "--board", "tutorial", "--ruleset", "europe-basic", "--variant", "no-events",
                 "--games", "2", "--seed", "1", "--max-turns", "10", "--csv", str(out)]) == 0
    df = pd.read_csv(out)
    assert list(df.seed) == [1, 2] and {"won", "turns"} <= set(df.columns)
    assert (df.ruleset == "europe-basic+no-events").all()
    assert "2 games" in capsys.readouterr().out


def test_cli_simulate_help(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    assert "--workers" in capsys.readouterr().out


# ------------------------------------------------------------------------------------------ Scenario 3
@pytest.mark.slow   # left out of `make test-fast`
def test_scenario_3_player_2_takes_loads_draws_track_and_gets_a_new_card_after_each_delivery():
    """Solo Play Scenario 3: Honeymoon rules; Player 2 gets one card after the two build turns, takes one
    of each load on it, and gets a new card after each of your deliveries."""
    r = sim.solo_game("europe-basic", seed=2, board="tutorial", scenario=3, max_turns=30)
    g = r.game
    assert "honeymoon" in g.rules.variants and g.rules.chips_removed_per_load == 1
    p0, p2 = g.state.players
    log = [line for line in g.state.log if line.startswith("Player 2 (simulated) holds card")]
    assert len(log) == p0.delivered + 1, (p0.delivered, log)
    assert len(p2.hand) == 1 and p2.cash == 0 and p2.delivered == 0
    card = g.deck.card(p2.hand[0])
    assert set(p2.loads) <= {d.load for d in card.demands}
    # the log says what the card asks, in words: "holds card 12 (Beer to Hamburg for 9M; ...)"
    assert log[-1].startswith(f"Player 2 (simulated) holds card {card.label} ({card.demands[0].load} to "
                              f"{card.demands[0].city} for {card.demands[0].payout}M; ")
    # every chip is somewhere: bank, Solo's train, Player 2's train
    for ld, n in g.board.loads.items():
        assert g.state.bank.get(ld, 0) + p0.loads.count(ld) + p2.loads.count(ld) == n - 1, ld


def test_scenario_3_track_runs_three_mileposts_east_and_west_of_a_small_city():
    g = eb.Game.new(eb.ruleset("europe-basic", "honeymoon"), board="tutorial", players=["Solo", "Player 2"], seed=1)
    p2 = sim.SecondPlayer(g)
    lyon = g.board.city("Lyon")
    drawn = p2.draw_track(lyon)
    m = g.board.mileposts
    ends = [b for a, b in drawn]
    assert len(drawn) == 6, drawn
    xs = sorted(m[b].x - m[lyon.center].x for b in ends)
    assert xs == [-3, -2, -1, 1, 2, 3] and all(m[b].y == m[lyon.center].y for b in ends), xs
    assert all(g.state.track.segments[tuple(sorted(s))] == 1 for s in drawn)
    # a second time every due-east/west segment is taken: the counterclockwise direction is used
    again = p2.draw_track(lyon)
    dirs = {(round(m[b].x - m[a].x, 1), round(m[b].y - m[a].y, 1)) for a, b in again}
    assert dirs <= {(0.5, 0.9), (-0.5, -0.9)}, dirs


@pytest.mark.slow   # left out of `make test-fast`
def test_monte_carlo_scenario_3_and_bad_scenario():
    df = sim.monte_carlo("europe-basic", board="tutorial", games=1, seed=2, max_turns=12, scenario=3)
    assert (df.ruleset == "europe-basic+honeymoon").all()
    with pytest.raises(eb.InvalidAction, match="scenario"):
        sim.monte_carlo("europe-basic", games=1, scenario=5)


# ------------------------------------------------------------------------------------------ Scenario 2
def test_scenario_2_one_bot_plays_every_seat_until_all_have_met_the_victory_conditions():
    """Solo Play Scenario 2: "Track the number of turns it takes for the first player to reach winning
    conditions ... continue playing (and tracking) until all players have met winning conditions"."""
    rules = BASIC.with_(victory_cash=60)
    r = sim.solo_game(rules, seed=2, board="tutorial", scenario=2, players=2, max_turns=60)
    g = r.game
    assert len(g.state.players) == 2 and not g.over              # nobody ends the game: all play on
    assert all(f is not None for f in r.finished), r.finished
    assert r.turns == min(r.finished) and r.mean_finish == sum(r.finished) / 2
    for s, q in enumerate(g.state.players):
        assert q.turns >= r.finished[s] and q.cash >= 0
    assert r.category == sim.chart_of_success(r.turns, rules)
    with pytest.raises(eb.InvalidAction, match="Win / Loss"):
        sim.solo_game(rules, board="tutorial", scenario=2, players=2, win_loss=True)


# ------------------------------------------------------------------------------------------ Scenario 4
def test_scenario_4_opponents_track_drawn_for_the_lowest_payout_and_rented_from_the_bank():
    """Solo Play Scenario 4: three cards per opponent after the two build turns, track for the lowest payout
    on each, a new card per opponent after each of your deliveries, rent paid to the bank."""
    r = sim.solo_game(BASIC.with_(victory_cash=60), seed=2, board="tutorial", scenario=4, players=3, max_turns=25,
                      win_loss=True)
    g = r.game
    assert [q.name for q in g.state.players] == ["Solo", "Opponent 1", "Opponent 2"] and g.rules.rent_to_bank
    lines = [ln for ln in g.state.log if "(simulated) draws track" in ln]
    assert len(lines) == 2 * (3 + g.state.players[0].delivered), (len(lines), g.state.players[0].delivered)
    for s in (1, 2):
        assert g.state.track.segments_of(s) and g.state.players[s].cash == 0 and not g.state.players[s].hand
    assert all(ln.startswith("Solo pays the bank") for ln in g.state.log if "rent" in ln or "pays the bank" in ln)


def test_scenario_4_lowest_payout_nearer_the_top_on_a_tie_and_track_joins_the_opponents_network():
    g = eb.Game.new(BASIC, board="tutorial", players=["Solo", "Opponent 1"], seed=4)
    s4 = sim.SimulatedTrack(g)
    cid = next(c.id for c in g.deck.demand_cards)
    g.state.draw_pile.remove(cid) if cid in g.state.draw_pile else None
    g.state.draw_pile.append(cid)
    laid = s4.play_card(1)
    seat, card, load, src, dest = s4.drawn[-1]
    low = min(g.deck.card(cid).demands, key=lambda d: d.payout)
    assert (card, load, dest) == (cid, low.load, low.city) and laid
    assert src in {c.name for c in g.board.sources(load)}
    net = g.state.track.mileposts_of(1, g.board)
    assert any(m in net for m in g.board.city(dest).mileposts) or dest == ""
    with pytest.raises(eb.InvalidAction, match="1-3 opponents"):
        sim.solo_game(BASIC, board="tutorial", scenario=4, players=5)


def test_cli_simulate_scenarios_2_and_4(tmp_path):
    for scenario in ("2", "4"):
        out = tmp_path / f"s{scenario}.csv"
        assert main(["simulate", "--board", "tutorial", "--ruleset", "europe-basic", "--scenario", scenario,
                     "--players", "2", "--games", "1", "--max-turns", "6", "--csv", str(out)]) == 0
        assert len(pd.read_csv(out)) == 1


# ------------------------------------------------------------------------------ every game of the series
def test_a_game_is_played_on_its_own_board_unless_told():
    """``solo_game("us")`` plays Empire Builder (US) on the North America board (it once played the US rules
    on the Europe board, the default of every board argument)."""
    r = sim.solo_game("us", seed=3, max_turns=4, keep_game=False)
    assert r.board == "north_america"
    df = sim.monte_carlo("us", games=1, seed=3, max_turns=4)
    assert list(df.board) == ["north_america"]
    assert sim.solo_game(BASIC, board="tutorial", seed=3, max_turns=2, keep_game=False).board == "tutorial"


@pytest.mark.slow   # left out of `make test-fast`
def test_empire_express_is_simulated_as_its_demo_game_to_its_end():
    """Empire Express has no solo game (Demo Set Up: "for 2, 3 or 4 players"): a solo game, a Solo Play
    Scenario or the Simulated Win / Loss is refused by name; two to four seats take the demo's colours, in
    its order, and play to the Game End -- 150M on a player's turn, the round finished, the most money wins
    -- with no Chart of Success (that is Empire Builder's) and no major city to count."""
    with pytest.raises(eb.InvalidAction, match=r"no solo game.*Demo Set Up"):
        sim.solo_game("express", seed=1)
    with pytest.raises(eb.InvalidAction, match="2 to 4 players"):
        sim.solo_game("express", seed=1, players=5)
    with pytest.raises(eb.InvalidAction, match="Solo Play Scenarios"):
        sim.solo_game("express", seed=1, players=2, scenario=4)
    r = sim.solo_game("express", seed=1, players=3, max_turns=60)
    g = r.game
    assert [p.name for p in g.state.players] == ["Orange", "Red", "Blue"]
    assert r.board == "eastern_us" and r.category is None and r.majors is None
    assert g.over and r.first is not None and max(p.cash for p in g.state.players) >= 150
    assert len({p.turns for p in g.state.players}) == 1                  # the round was finished
    richest = max(p.cash for p in g.state.players)
    assert [s for s, p in enumerate(g.state.players) if p.cash == richest] == g.winners
    assert r.won == (0 in g.winners) and r.cash == g.state.players[0].cash
    with pytest.raises(eb.InvalidAction, match="no Chart of Success"):
        sim.chart_of_success(30, "express")


def test_the_us_game_is_ranked_on_europes_chart_as_a_listed_fallback():
    """The US overview has no Chart of Success: the Europe standard chart ranks a US solo game, and the
    ruleset says so among its fallbacks."""
    assert sim.chart_of_success(44, "us") == "Blowout Victory" and sim.chart_of_success(61, "us") == "Last Place"
    assert any("Chart of Success" in line for line in eb.ruleset("us").fallbacks)


@pytest.mark.slow   # left out of `make test-fast`
def test_cli_simulates_every_game_of_the_series(capsys):
    assert main(["simulate", "--ruleset", "us", "--games", "1", "--seed", "2", "--max-turns", "4"]) == 0
    assert "on north_america" in capsys.readouterr().out
    assert main(["simulate", "--ruleset", "express", "--games", "2", "--seed", "1", "--max-turns", "60"]) == 0
    out = capsys.readouterr().out
    assert "2 games of express on eastern_us, 2 colours each" in out and "the game reached 150M in 2" in out
    assert "Orange (who plays first) won" in out
    assert main(["simulate", "--ruleset", "express", "--players", "1", "--games", "1"]) == 2
    assert "Demo Set Up" in capsys.readouterr().err


def test_a_solo_result_reads_as_a_sentence():
    """``str(result)`` (and IPython's display) is a sentence with the turns, the Chart of Success band and the
    money, not the dataclass's fields."""
    r = sim.solo_game(BASIC, board="tutorial", seed=2, max_turns=60, keep_game=False)
    text = str(r)
    assert text.startswith("Seed 2, europe-basic") and "SoloResult(" not in text and "None" not in text
    assert (f"won in {r.turns} turns ({r.category})" in text) if r.won else "not won" in text


# ------------------------------------------------------------------ what a player reads from a solo game
def test_once_you_lose_no_more_cards_are_drawn():
    """Simulated Win / Loss: a card ending in 0 after turn 48 with opponents Doing Above Average is YOU LOSE --
    the game is over for you, so no card is drawn at the end of any later turn."""
    w = sim.WinLoss(status="Above Average")
    assert w.needs_draw(48) and w.after_turn(48, 140) is True and w.lost_at == 48
    assert not w.needs_draw(49) and not w.needs_draw(56)
    assert w.after_turn(49, 141) is False and w.lost_at == 48


def test_the_win_loss_card_is_read_by_its_printed_number_and_discarded():
    """Simulated Win / Loss: "draw one card ... If the card number ends in: 0-2 Above Average, 3-7 Average" and
    "This card is discarded without effect". A Basic Game starter card is numbered S13 (ends in 3: Average),
    whatever the card's place in the deck; after the draw it lies on the discard pile."""
    rules = BASIC.with_(victory_cash=400)
    g0 = eb.Game.new(rules, board="tutorial", players=["Solo"], seed=3)
    s13 = next(c for c in g0.state.players[0].hand if g0.deck.card(c).label == "S13")
    assert not str(s13).endswith("3")            # the card's id is not its printed number

    def put_s13_on_top(g):                        # stack the deck: S13 is the card drawn after turn 16
        if g.state.players[0].turns == 16 and s13 in g.state.discard_pile:
            g.state.discard_pile.remove(s13)
            g.state.draw_pile.append(s13)

    r = sim.solo_game(rules, seed=3, board="tutorial", max_turns=17, win_loss=True, on_turn=put_s13_on_top)
    st = r.game.state
    assert ("Simulated Win / Loss: card S13 drawn after turn 16 and discarded; it ends in 3: your opponents are "
            "DOING Average.") in st.log
    assert r.status == "Average"
    assert s13 in st.discard_pile and s13 not in st.draw_pile and s13 not in st.players[0].hand


@pytest.mark.parametrize("scenario,players", [(3, 1), (4, 2)])
def test_one_win_loss_card_after_turn_16_when_simulated_players_pass_their_turns(scenario, players):
    """Scenarios 3 and 4 add simulated players whose turns pass; the Simulated Win / Loss still draws one card
    after *your* Turn 16, not one after each seat's turn."""
    r = sim.solo_game(BASIC.with_(victory_cash=400), seed=3, board="tutorial", max_turns=17, win_loss=True,
                      scenario=scenario, players=players)
    draws = [ln for ln in r.game.state.log if ln.startswith("Simulated Win / Loss")]
    assert len(draws) == 1 and "after turn 16" in draws[0], draws
    assert r.status in sim.STATUSES


def test_a_game_not_won_has_no_place_on_the_chart_of_success():
    """Chart of Success: "Track the number of turns it takes you to reach victory conditions" -- a game cut
    off before victory has no category, in the result and in a Monte Carlo table."""
    r = sim.solo_game(BASIC, board="tutorial", seed=2, max_turns=5, keep_game=False)
    assert not r.won and r.turns == 5 and r.category is None
    assert str(r).startswith(f"Seed 2, europe-basic on tutorial, the planner bot: not won after 5 turns with "
                             f"{r.cash}M, ")                     # money in millions, as on the cards
    df = sim.monte_carlo(BASIC, board="tutorial", games=2, seed=2, max_turns=5)
    assert list(df.won) == [False, False] and df.category.isna().all()


def test_a_renamed_basic_game_is_still_ranked_on_the_basic_chart():
    """A house copy of the Basic Game under its own name (starter cards, 12/2 train) is a Basic Game: 30
    turns is a Solid Victory on its chart, not the standard chart's Blowout."""
    club = BASIC.with_(name="club-night")
    assert sim.chart_name(club) == "basic"
    assert sim.chart_of_success(30, club) == "Solid Victory"


def test_the_upgrades_column_counts_the_rulebooks_upgrades():
    """Quick Guide: Standard "Start with 9/2; first upgrade to 9/3 or 12/2; final upgrade to 12/3"; Basic
    "Start with 12/2; first upgrade to 12/3 or 16/2; final upgrade to 16/3" -- the final train is two upgrades."""
    from eb_core.rules import Train
    for rules, first, final in ((STD, Train(12, 2), Train(12, 3)), (BASIC, Train(12, 3), Train(16, 3))):
        assert [sim._upgrades(rules, t) for t in (rules.start_train, first, final)] == [0, 1, 2], rules.name


def test_scenario_2_the_first_to_finish_and_the_average_once_all_have():
    """Solo Scenario 2: "Track the number of turns it takes for the first player to reach winning conditions
    ... Track the average number of turns it takes for all players to finish." Seat 0 finishing later than
    seat 1 was not the first; the average waits until every seat has finished."""
    rules = BASIC.with_(victory_cash=60)
    r = sim.solo_game(rules, seed=1, board="tutorial", scenario=2, players=2, max_turns=60, keep_game=False)
    assert r.finished[1] < r.finished[0] and r.first == r.turns == r.finished[1]
    assert not r.won and r.mean_finish == sum(r.finished) / 2
    cut = sim.solo_game(rules, seed=1, board="tutorial", scenario=2, players=2, max_turns=r.finished[0] - 1,
                        keep_game=False)
    assert cut.finished == [None, r.finished[1]] and cut.first == r.finished[1]
    assert cut.mean_finish is None and not cut.won


def test_scenario_3_player_2s_train_board_is_on_the_three_load_side():
    """Solo Scenario 3: "Have Player 2's train board ... near you on the table. Their train board is flipped to
    the three-load side" -- a Basic Game 12/2 becomes a 12/3 carrying one of each load on its card."""
    g = eb.Game.new(eb.ruleset("europe-basic", "honeymoon"), board="tutorial", players=["Solo", "Player 2"], seed=1)
    sim.SecondPlayer(g)
    assert str(g.state.players[1].train) == "12/3" and str(g.state.players[0].train) == "12/2"


def test_scenarios_3_and_4_you_start_even_when_the_deal_named_a_simulated_player():
    """Solo Scenario 3: Player 2 is given a card only "after your two initial build turns" (Scenario 4: "After
    you take your first two special build turns, draw 3 cards for each additional player"), so it holds none at
    the start and cannot have the highest single payout: you start, and the log says so after the deal's line.
    (Seed 3 deals Player 2, and Opponent 1, the highest payout.)"""
    g = eb.Game.new(eb.ruleset("europe-standard", "honeymoon"), players=["Solo", "Player 2"], seed=3)
    assert g.state.first_player == 1
    sim.SecondPlayer(g)
    assert g.state.first_player == g.state.current == 0 and g.state.players[1].hand == []
    assert g.state.log[-1] == ("Solo Scenario 3: Player 2 holds no card until after your two initial build turns, "
                               "so Solo starts.")
    g = eb.Game.new(eb.ruleset("europe-standard"), players=["Solo", "Opponent 1", "Opponent 2"], seed=3)
    assert g.state.first_player == 1
    sim.SimulatedTrack(g)
    assert g.state.first_player == g.state.current == 0
    assert g.state.log[-1] == ("Solo Scenario 4: Opponent 1 holds no card until after your two initial build "
                               "turns, so Solo starts.")


@pytest.mark.parametrize("scenario, players", [(3, 1), (4, 3)])
def test_in_scenarios_3_and_4_the_win_loss_card_is_drawn_after_your_turn_16_not_the_simulated_players(
        scenario, players):
    """Simulated Win / Loss (for Solo Scenarios 1, 3 & 4): "After Turn 16, draw one card" -- your turn 16. The
    card is drawn as soon as your sixteenth turn ends, before the simulated players pass theirs, and only
    once however many seats pass a turn after it."""
    seen = []

    def on_turn(g):     # (called at the end of every seat's turn, before the Win / Loss draw)
        st = g.state
        seen.append((st.players[0].turns, st.players[1].turns, len(st.log)))

    r = sim.solo_game("europe-standard", seed=7, scenario=scenario, players=players, win_loss=True, max_turns=17,
                      on_turn=on_turn)
    log = r.game.state.log
    drawn = [k for k, line in enumerate(log) if line.startswith("Simulated Win / Loss")]
    assert len(drawn) == 1 and "drawn after turn 16 and discarded; it ends in" in log[drawn[0]]
    yours, theirs, lines = next(t for t in seen if t[0] == 16)       # the end of your turn 16
    assert theirs == 15 and drawn[0] == lines


def test_a_game_lost_on_the_win_loss_draw_says_when():
    """Simulated Win / Loss: "Beginning with the end of Turn 48, you could lose the game at any point" -- the
    sentence and the results row say the turn you lost at and your opponents' status."""
    r = sim.SoloResult(seed=4, ruleset="europe-basic", board="europe", bot="planner", won=False, turns=49, cash=180,
                       deliveries=14, majors=6, train="16/2", upgrades=1, category=None, status="Above Average",
                       lost_at=49)
    assert str(r) == ("Seed 4, europe-basic on europe, the planner bot: not won after 49 turns (lost at turn 49, "
                      "Simulated Win / Loss) with 180M, 14 deliveries, 6 major cities joined, a 16/2 train.")
    row = r.row()
    assert (row["won"], row["turns"], row["status"], row["lost_at"], row["category"]) == \
        (False, 49, "Above Average", 49, None)


def test_each_seat_has_its_own_bot_dice_from_the_seed():
    """Play Multiple Positions: every seat is played by the same bot, but each with its own random stream from
    the game's seed and the seat (the stream the hints replay), so two random bots do not mirror each other."""
    from eb_core.bots.view import bot_rng
    for seat in (0, 1):
        bot, dice = sim.make_bot("random", seat, 5), bot_rng(5, seat)
        assert [bot.rng.random() for _ in range(3)] == [dice.random() for _ in range(3)]
    assert sim.make_bot("random", 1, 5).rng.random() != sim.make_bot("random", 0, 5).rng.random()


def test_a_seed_names_one_game_that_can_be_played_again_by_hand():
    """Same seed, same game: ``solo_game(seed=7)`` deals the deck of ``Game.new(seed=7)`` and its bot rolls the
    dice of seed 7, seat 0 -- a player can set up that game and watch the same bot play the same actions."""
    from eb_core.bots.planner import play_solo
    from eb_core.bots.view import BotView, bot_rng
    from eb_core.bots.random_bot import RandomBot
    r = sim.solo_game(BASIC, board="tutorial", seed=7, bot="random", max_turns=10)
    assert r.game.state.seed == 7
    g = eb.Game.new(BASIC, board="tutorial", players=["Solo"], seed=7)
    bot = RandomBot(0, bot_rng(7, 0))

    class Viewing:
        def step(self, game):
            return bot.step(BotView(game))

    play_solo(g, Viewing(), max_turns=10)
    assert g.history == r.game.history and g.history


def test_one_delivery_and_one_game_are_said_in_the_singular():
    """'1 delivery', '1 game of': the sentence a player reads counts in words (it said '1 deliveries')."""
    r = sim.solo_game(eb.ruleset("europe-basic"), seed=2, board="tutorial", max_turns=3, keep_game=False)
    assert r.deliveries == 1 and "with 32M, 1 delivery, 3 major cities joined" in str(r)
