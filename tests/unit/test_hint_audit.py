"""What ``eb.hint`` reports, checked against the game the hint's actions play (mutation audit of
``eb_core/bots/hint.py``): the cash after the turn is the cash before plus the payouts less the track and
the upgrade bought, the actions played on the game itself are the whole turn and end where the hint says,
and the reason in figures names the plans it compares (the chosen one, the next best, the one after a
delivery, a poor hand held for a discard, the endgame's quickest way to the victory cash) with their own
figures. The game the hint is given is never changed.
"""
from __future__ import annotations

import html
import random

import pytest

import eb_core as eb
from eb_core.bots.hint import Hint, hint
from eb_core.bots.planner import Plan, PlannerBot, play_solo

_SEVEN = "track London-Holland-Ruhr-Berlin-Wien-Milano-Paris-London"     # 7 of the 8 major cities joined


def _birmingham() -> eb.Game:
    """Ann at Birmingham with Chocolate aboard for card 3 (21M at Birmingham), 50M and a 9/2 train."""
    return eb.position("board: tutorial\nplayer Ann: cash 50, at Birmingham, loads Chocolate, "
                       "track London-Birmingham, cards 3 1 2\n")


def test_the_hints_cash_after_is_the_cash_before_plus_the_payouts_less_what_the_turn_buys():
    """Delivering Loads ("Receive the amount stated on the card") and Upgrading your Train ("By spending 20
    million"): Ann delivers the Chocolate for 21M, picks up China for her next plan, rides to London and buys
    the 12-speed train. The hint's cash after is the cash before plus the 21M less the 20M and the track,
    the actions played on the game are her whole turn, and they leave her where and with what the hint says."""
    g = _birmingham()
    before = g.to_json()
    turn = (g.state.turn, g.state.current)
    h = hint(g)
    assert g.to_json() == before                                 # the hint leaves the game as it was
    assert h.seat == 0 and h.player == "Ann"
    assert h.deliveries == [("Chocolate", "Birmingham", 21)]
    assert h.pickups == [("China", "Birmingham")]
    assert h.upgrade == eb.rules.Train(12, 2) and h.build_cost == 0
    assert h.cash_before == 50
    assert h.cash_after == 50 + 21 - 20 - h.build_cost == 51
    assert h.moves == [a for a in h.actions if isinstance(a, eb.Move)] and len(h.moves) == 1
    assert h.moved_to == "London" and h.staging is None and h.staged_at is None and h.crossed is None
    for a in h.actions:                    # played in order, the hint's actions are the whole turn
        g.apply(a)
    p = g.state.players[0]
    assert p.cash == h.cash_after and g.board.place(p.position) == "London" and p.loads == ["China"]
    assert (g.state.turn, g.state.current) != turn
    text = str(h)
    assert text.startswith("Ann: deliver Chocolate to Birmingham for 21M, pick up China at Birmingham, "
                           "move to London, upgrade to a 12/2 train for 20M. Why: ")
    assert text.endswith("Cash 50M -> 51M.")


def test_the_why_names_the_next_best_plan_and_the_plan_after_the_delivery_with_their_figures():
    """How to Play: a delivery draws a new card (Delivering Loads, step 5), so the turn may go on with
    another plan. The why gives the chosen plan's figures, then "against" the next best plan's (its stops,
    payout and track), then the plan the rest of the turn served with its own payout, track and turns."""
    h = hint(_birmingham())
    p, q, t = h.plan, h.next_best, h.then
    assert p.describe() == "deliver Chocolate at Birmingham"
    assert t is not None and t.stops != p.stops and h.plans == [p, t]
    assert q is not None and q.stops[0][:3] != p.stops[0][:3]
    why = h.why()
    assert why.startswith(f"the plan ({p.describe()}) pays 21M for 0M of new track in about 1.0 turns: ")
    assert f"against {q.income_per_turn:.1f}M per turn for the next best ({q.describe()}, {q.payout}M, " \
           f"{q.build_cost:.0f}M of track)" in why
    assert (f"; then the next plan ({t.describe()}) pays {t.payout}M for {t.build_cost:.0f}M of new track in "
            f"about {t.turns:.1f} turns: {t.value:.1f}M per turn counting the track as reused") in why
    assert why.index("for the next best") < why.index("then the next plan") and why.endswith(".")
    assert f"Why: {why}" in str(h)


def test_the_next_best_plan_that_builds_track_is_given_in_both_figures():
    """Build Phase Rules: a plan that needs new track is told in the planner's figure (its track counted as
    reused later) and, in brackets, paying for all of it now -- for the next best plan too."""
    g = eb.position("board: tutorial\nplayer Ann: cash 50, at London, track London-Birmingham, cards 11 1 2\n")
    h = hint(g)
    q = h.next_best
    assert q is not None and q.build_cost > 0 and abs(q.value - q.income_per_turn) >= 0.05
    assert (f"against {q.value:.1f}M per turn ({q.income_per_turn:.1f}M paying for all its track now) for the "
            f"next best ({q.describe()}") in h.why()


def test_with_no_demand_within_reach_the_hint_discards_and_says_why():
    """How to Play: a player may give up the turn to discard the whole hand and draw three new cards. With
    0M and no track no demand of Ann's can be reached: the hint has no plan, discards, and says so."""
    g = eb.position("board: tutorial\nplayer Ann: cash 0, at London, cards 1 2 3\n")
    before = g.to_json()
    h = hint(g)
    assert g.to_json() == before
    assert h.plan is None and h.next_best is None and h.plans == [] and h.discard
    assert h.actions == [eb.DiscardHand()] and h.build_cost == 0 and h.cash_after == h.cash_before == 0
    assert h.why() == "No demand in hand can be delivered with the track and cash there are."
    assert str(h) == ("Ann: discard the whole hand and draw three new cards: No demand in hand can be delivered "
                      "with the track and cash there are.")


def test_the_why_of_a_held_hand_gives_its_best_plans_figures_against_a_fresh_hand():
    """How to Play: a discard gives up the whole turn. Seed 1011, turn 6: after delivering Imports at Budapest
    (25M, 6M -> 31M) the new hand's best plan, Steel from Ruhr to Göteborg, earns its value times its turns
    in about 6.6 turns; the why compares that with a fresh hand's worth over the turns left after the
    discard's cost (its turns less ``discard_turns``)."""
    g = eb.Game.new(eb.ruleset("europe-standard"), board="europe", players=["Solo"], seed=1011)
    play_solo(g, PlannerBot(0, random.Random(1011)), max_turns=5)
    h = hint(g)
    t = h.then
    assert h.held and h.drawn and t is not None and h.discard_turns > 0
    assert h.cash_after == h.cash_before + 25 == 31
    why = h.why()
    assert f"the hand drawn after the delivery is poor: its best plan ({t.describe()}) earns " in why
    assert f"earns {t.value * t.turns:.0f}M in about {t.turns:.1f} turns" in why and "earns 15M in about 6.6" in why
    left = t.turns - h.discard_turns
    assert left > 1
    assert (f"less than a fresh hand at about {h.fresh:.1f}M per turn would in the {left:.1f} turns left after "
            f"the {h.discard_turns:g} turns the planner reckons a discard costs") in why
    assert "about 5.3M per turn would in the 5.1 turns left after the 1.5 turns" in why


def test_the_why_of_a_held_hand_without_a_discard_cost_compares_income_with_a_fresh_hands():
    """How to Play: with no turns counted for the discard itself the held hand's best plan is told by its
    income per turn against what a fresh hand has been worth."""
    p = Plan([("pickup", "Lyon", "Wheat", 1), ("deliver", "Paris", "Wheat", 1)], 20, 10.0, 5, 2.0, 5.0)
    h = Hint(0, "Ann", [], p, None, 0, None, False, held=True, fresh=8.0, discard_turns=0.0, order=[])
    assert h.why() == ("the plan (pick up Wheat at Lyon, deliver Wheat at Paris) pays 20M for 10M of new track "
                       "in about 2.0 turns: 5.0M per turn; the hand is poor: its best plan (pick up Wheat at "
                       "Lyon, deliver Wheat at Paris) earns 5.0M per turn, against about 8.0M a fresh hand has "
                       "been worth, so none of it is run now (a load aboard would commit the train to it) and the "
                       "hand is discarded at the start of the next turn (a discard gives up a whole turn).")


def test_the_endgame_why_gives_the_next_best_plans_turns_to_the_victory_cash():
    """How to Win: with the seven majors joined and 238M, the plan is the one that brings the cash to 250M
    soonest: the why gives its turns to 250M against the next best plan's (more turns)."""
    g = eb.position(f"board: tutorial\nplayer Ann: cash 238, train 12/2, at Ruhr, {_SEVEN}, cards 12 36 38\n")
    h = hint(g)
    p, q = h.plan, h.next_best
    assert h.goal == 250 and q is not None and p.finish < q.finish
    why = h.why()
    assert f"250M in about {p.finish:.1f} turns, against {q.finish:.1f} turns for the next best ({q.describe()}, " \
           f"{q.payout}M, {q.build_cost:.0f}M of track, {q.income_per_turn:.1f}M per turn)." in why


def test_the_hints_html_tables_the_chosen_and_the_next_best_plan_and_numbers_the_actions():
    """The notebook's view of a hint: the sentence, a table of the chosen plan and the next best one in the
    planner's figures (M per turn with the track reused later, M per turn paying for all of it now, track,
    turns) and the turn's actions numbered from 1 in words."""
    g = eb.position("board: tutorial\nplayer Ann: cash 50, at London, track London-Birmingham, cards 11 1 2\n")
    h = hint(g)
    p, q = h.plan, h.next_best
    page = h._repr_html_()
    assert page.startswith(f"<div><p><b>{html.escape(str(h))}</b></p><table>")
    assert (f"<tr><td>chosen</td><td>{p.describe()}</td><td>{p.value:.1f}</td><td>{p.income_per_turn:.1f}</td>"
            f"<td>{p.build_cost:.0f}</td><td>{p.turns:.1f}</td></tr>") in page
    assert (f"<tr><td>next best</td><td>{q.describe()}</td><td>{q.value:.1f}</td><td>{q.income_per_turn:.1f}</td>"
            f"<td>{q.build_cost:.0f}</td><td>{q.turns:.1f}</td></tr>") in page
    assert len(h.said) == len(h.actions) >= 2
    for i, t in enumerate(h.said, 1):
        assert f"<tr><td>{i}</td><td>{t}</td></tr>" in page
    assert f"<tr><td>{len(h.said) + 1}</td>" not in page
    # no plan: no plan table, the sentence and the one action (the discard)
    none = hint(eb.position("board: tutorial\nplayer Ann: cash 0, at London, cards 1 2 3\n"))
    page = none._repr_html_()
    assert "chosen" not in page and "next best" not in page and "<tr><td>1</td>" in page
    assert "No demand in hand can be delivered" in page


def test_a_hand_discarded_mid_game_is_told_by_its_best_plans_income_and_the_bot_is_unchanged():
    """How to Play: the turn may be given up to discard the whole hand and draw three new cards. With a
    planner that has seen fresh hands worth 40M a turn, Ann's best plan (Flowers and Cheese from Holland to
    Madrid, 12.4M a turn) is poor: the hint discards, gives that plan's income per turn, the fresh hands'
    worth as the measure, and leaves the game and the bot it was given as they were."""
    g = eb.position(f"board: tutorial\nplayer Ann: cash 100, train 12/2, at Ruhr, {_SEVEN}, cards 12 36 38\n")
    bot = PlannerBot(0, random.Random(0), local_fresh=0)
    bot._ensure_plan(g)
    bot._fresh = [40.0] * 5
    plan, before = bot.plan, g.to_json()
    h = hint(g, bot=bot)
    assert g.to_json() == before and bot.plan is plan and bot._fresh == [40.0] * 5
    assert h.actions == [eb.DiscardHand()] and h.discard and not h.opening
    assert h.plan.describe() == ("pick up Flowers at Holland, pick up Cheese at Holland, deliver Flowers at Madrid, "
                                 "deliver Cheese at Madrid")
    assert h.fresh == 40.0 and h.plan.income_per_turn < h.fresh
    assert str(h) == ("Ann: discard the whole hand and draw three new cards -- the best plan left earns only "
                      f"{h.plan.income_per_turn:.1f}M per turn.")
    assert "12.4M per turn" in str(h) and h.cash_after == h.cash_before == 100


def test_a_build_phase_with_nothing_to_buy_is_a_wait():
    """How to Play: "Your turn ends when you pay the cost of your build or upgrade, or declare that you are
    not building." In her Build phase with 0M Ann can buy nothing: the hint ends the turn and says she waits,
    with the plan's reason; with 3M and no demand within reach it says there is no plan."""
    g = eb.position("board: tutorial\nphase: build\nplayer Ann: cash 0, at London, loads Chocolate, "
                    "track London-Birmingham, cards 3 1 2\n")
    h = hint(g)
    assert h.actions == [eb.EndTurn()] and h.build_cost == 0 and h.plan is not None
    assert str(h).startswith("Ann: wait (nothing useful to do this turn). Why: the plan (deliver Chocolate at "
                             "Birmingham) pays 21M")
    assert str(h).endswith("Cash 0M -> 0M.")
    h = hint(eb.position("board: tutorial\nphase: build\nplayer Ann: cash 3, at Birmingham, "
                         "track London-Birmingham, cards 3 1 2\n"))
    assert h.plan is None and not h.discard
    assert str(h) == ("Ann: wait (nothing useful to do this turn). Why: No demand in hand can be delivered with "
                      "the track and cash there are. Cash 3M -> 3M.")


def test_the_track_built_is_told_once_with_where_each_build_runs_and_its_total():
    """Build Phase Rules: up to 20M of track a turn. The hint's builds, played in order on the game, spend
    what it says; each build is named from where it starts to where it ends, and the total is told once."""
    g = eb.position("board: tutorial\nplayer Ann: cash 50, at London, track London-Birmingham, cards 11 1 2\n")
    h = hint(g)
    assert len(h.builds) == len(h.built) == 2 and sum(c for *_, c in h.built) == h.build_cost == 20
    assert h.then is None and h.plans == [h.plan] and "then the next plan" not in str(h)   # the plan kept
    assert [b for _, *b in h.order] == [list(b) for b in h.built]
    where = "; ".join(f"{a} → {b}" for a, b, _ in h.built)
    assert where == "London → Lyon; Ruhr → a clear milepost near Zürich"
    assert str(h).startswith(f"Ann: build 20M of track ({where}). Why: ") and str(h).count("build ") == 1
    assert str(h).endswith("Cash 50M -> 30M.")
    for a in h.actions:
        g.apply(a)
    assert g.state.players[0].cash == h.cash_after == 30


def test_a_turn_that_ends_on_a_ferry_port_is_told_stop_by_stop_and_staged():
    """Movement Using a Ferry: "a two-turn process" -- the train ends its turn on the port, staged, and
    crosses at the start of the next. Seed 11's planner game, turn 9: the train rides to Holland, picks up
    Cheese, rides on to IJmuiden and stages there; the hint tells the two rides either side of the pick-up
    and the staging, and its actions played on the game leave the train staged on IJmuiden. The next turn's
    hint crosses that ferry."""
    g = eb.Game.new(eb.ruleset("europe-standard"), board="europe", players=["Solo"], seed=11)
    play_solo(g, PlannerBot(0, random.Random("eb-bot:11:0")), max_turns=9)
    h = hint(g)
    assert [k for k, *_ in h.order] == ["move", "pickup", "move"] and h.pickups == [("Cheese", "Holland")]
    assert h.moved_to == "IJmuiden" and h.staged_at == "IJmuiden" and h.staging == "Harwich–IJmuiden"
    assert h.crossed is None
    assert str(h).startswith("Solo: move to Holland, pick up Cheese at Holland, move to IJmuiden and stage there "
                             "for the Harwich–IJmuiden ferry. Why: ")
    for a in h.actions:
        g.apply(a)
    p = g.state.players[0]
    assert p.staged and g.board.place(p.position) == "IJmuiden" and "Cheese" in p.loads
    nxt = hint(g)
    assert nxt.crossed == "Harwich–IJmuiden" and nxt.staging is None
    assert str(nxt).startswith("Solo: cross the Harwich–IJmuiden ferry (the whole turn at half speed), move to ")


def test_rides_one_after_another_are_told_as_one_move_to_the_last_place():
    """A move and the ones after it until the next stop are one ride: told as "move to" its end, the place
    the train is placed at named (Starting Your Train), a stop between two rides splitting them."""
    p = Plan([("pickup", "Lyon", "Wheat", 1), ("deliver", "Paris", "Wheat", 1)], 20, 0.0, 5, 2.0, 10.0)
    h = Hint(0, "Ann", [], p, None, 0, None, False, order=[
        ("place", "Lyon", None), ("pickup", "Wheat", "Lyon"), ("move", "Dijon", None), ("move", "Paris", None),
        ("deliver", "Wheat", "Paris", 20), ("move", "Lille", None), ("move", "London", None)])
    assert str(h).startswith("Ann: place the train at Lyon, pick up Wheat at Lyon, move to Paris, deliver Wheat "
                             "to Paris for 20M, move to London. Why: ")
    page = h._repr_html_()          # a plan with no next best: its table has the chosen plan's row alone
    assert "<td>chosen</td><td>pick up Wheat at Lyon, deliver Wheat at Paris</td>" in page and "next best" not in page


def test_the_first_operations_turn_places_the_train_in_the_city_the_hint_names():
    """Starting the Game > Starting Your Train: the train is placed in a city at the first operations turn;
    the hint names that city, and its actions played on the game put the train there."""
    g = eb.Game.new("us", seed=3)
    while g.state.special_round:
        g.apply(eb.EndTurn())
    h = hint(g)
    place = h.actions[0]
    assert isinstance(place, eb.PlaceTrain) and h.order[0][0] == "place"
    city = place.where if isinstance(place.where, str) else g.board.place(place.where)
    assert str(h).startswith(f"{h.player}: place the train at {city}") and "None" not in str(h)
    assert h.order[0][1] == h.moved_to == city
    g.apply(place)
    assert g.board.place(g.state.players[h.seat].position) == city


def test_a_pick_up_at_a_citys_own_loads_is_not_named_a_field_warehouse():
    """Field Warehousing: a load left in a city may be picked up there; a city's own loads picked up beside a
    warehouse holding another load are not from the warehouse. Wheat lies at Birmingham; Ann picks up China,
    Birmingham's own load, and the hint names the city alone."""
    g = eb.position("board: tutorial\nruleset: europe-standard field-warehousing\nwarehouses: Birmingham Wheat\n"
                    "player Ann: cash 50, at Birmingham, loads Chocolate, track London-Birmingham, cards 3 1 2\n")
    h = hint(g)
    assert ("China", "Birmingham") in h.pickups and "warehouse" not in str(h)


def test_the_hint_is_for_the_named_or_seated_player_whose_turn_it_is():
    """How to Play: players take turns; the hint advises the player whose turn it is, named or seated, and
    refuses any other seat (naming the player whose turn it is), a seat past the last, and a bot that plays
    another seat."""
    g = eb.position("board: tutorial\nplayer Ann: cash 50, at London\nplayer Ben: cash 50, at Paris\n")
    g.state.current = 1
    h = hint(g, "Ben")
    assert h.seat == 1 and h.player == "Ben" and [repr(a) for a in h.actions] == [repr(a) for a in hint(g).actions]
    with pytest.raises(eb.InvalidAction, match="it is Ben's turn, not Ann's") as info:
        hint(g, 0)
    assert info.value.field == "seat"
    with pytest.raises(eb.InvalidAction, match="seat number 0-1, got 2"):
        hint(g, 2)
    with pytest.raises(eb.InvalidAction, match=r"'Cid' is not one of the players \(Ann, Ben\)") as info:
        hint(g, "Cid")
    assert info.value.field == "seat"
    with pytest.raises(eb.InvalidAction, match="level: expected expert, greedy or planner, got 'smart'") as info:
        hint(g, level="smart")
    assert info.value.field == "level"
    with pytest.raises(eb.InvalidAction, match="game: expected a Game") as info:
        hint(g.state)                       # the state alone is not a game
    assert info.value.field == "game"
    with pytest.raises(eb.InvalidAction, match="it plays seat 0, not seat 1") as info:
        hint(g, bot=PlannerBot(0, random.Random(0)))
    assert info.value.field == "bot"


def test_a_winning_turn_keeps_nothing_for_fares_and_the_finished_game_gets_no_hint():
    """How to Win: 250M and seven major cities joined at the end of a turn end a solo game. Under Pay To Move
    the winning turn keeps nothing back for fares (there is no next delivery), and the game it ends has no
    turn to advise on."""
    g = eb.position(f"board: tutorial\nruleset: europe-basic pay-to-move\nphase: build\n"
                    f"player Ann: cash 255, train 12/2, at Ruhr, {_SEVEN}, cards 14 5 3\n")
    h = hint(g)
    assert h.wins and h.fares == 0 and "fares" not in str(h) and h.cash_after == 255
    for a in h.actions:
        g.apply(a)
    assert g.over
    with pytest.raises(eb.InvalidAction, match="the game is over: no turn to advise on") as info:
        hint(g)
    assert info.value.field == "game"


@pytest.mark.parametrize("text", [
    "player Ann: cash 50, at London, track London-Birmingham, cards 11 1 2",
    "player Ann: cash 50, at Birmingham, loads Chocolate, track London-Birmingham, cards 3 1 2"])
def test_the_next_best_is_the_best_ranked_plan_that_starts_another_way(text):
    """The why's "next best" is a real alternative for this turn: of the plans the planner ranks, the best one
    whose first stop is another (plans that start with the same stop, or are the same stops in another
    order, would play this turn alike). The planner's own ranking of the position gives it."""
    g = eb.position(f"board: tutorial\n{text}\n")
    h = hint(g)
    bot = PlannerBot(0, random.Random(0))
    bot.prepare(g.clone())
    ranked = bot.alternatives
    assert ranked[0].stops == h.plan.stops
    first, same = h.plan.stops[0][:3], {s[:3] for s in h.plan.stops}
    stops = [q.stops for q in ranked]
    i = stops.index(h.next_best.stops)
    assert i >= 1 and h.next_best.stops[0][:3] != first and {s[:3] for s in h.next_best.stops} != same
    for q in ranked[1:i]:                   # every plan ranked above it starts as the chosen plan does
        assert q.stops[0][:3] == first or {s[:3] for s in q.stops} == same, q.describe()


def test_under_run_two_trains_train_2s_delivery_is_named_and_paid_into_the_cash_after():
    """Run Two Trains: both trains deliver in the one turn and both payouts are the player's (Delivering
    Loads). The Basic game of seed 1, turn 5, with the memory of the planner that played it: train 1 delivers
    Wine at Łódź for 16M and train 2 China at Kraków for 15M; the hint names train 2's delivery as such, and
    its cash after, which the actions played on the game give, counts both payouts less the track built."""
    g = eb.Game.new(eb.ruleset("europe-basic", "run-two-trains"), board="europe", players=["Solo"], seed=1)
    bot = PlannerBot(0, random.Random(1))
    play_solo(g, bot, max_turns=4)
    h = hint(g, bot=bot)
    assert h.deliveries == [("Wine", "Łódź", 16), ("China", "Kraków (train 2)", 15)]
    assert ("deliver", "China", "Kraków (train 2)", 15) in h.order
    assert "deliver China to Kraków (train 2) for 15M" in str(h)
    assert h.cash_after == h.cash_before + 16 + 15 - h.build_cost
    for a in h.actions:
        g.apply(a)
    assert g.state.players[0].cash == h.cash_after


def test_the_turns_left_after_a_discard_are_the_plans_turns_less_the_discards_cost():
    """How to Play: a discard gives up a turn. The held hand's plan of 2 turns, against a discard reckoned
    to cost 1.5 turns, leaves half a turn in which a fresh hand would earn."""
    p = Plan([("pickup", "Lyon", "Wheat", 1), ("deliver", "Paris", "Wheat", 1)], 6, 0.0, 5, 2.0, 3.0)
    h = Hint(0, "Ann", [], p, None, 0, None, False, held=True, fresh=20.0, discard_turns=1.5, order=[])
    assert ("earns 6M in about 2.0 turns (the track counted as reused later), less than a fresh hand at about "
            "20.0M per turn would in the 0.5 turns left after the 1.5 turns") in h.why()


def test_a_hint_made_by_hand_with_track_bought_but_no_build_told_still_says_it():
    """Build Phase Rules: whatever else the turn does, the money spent on track is told."""
    p = Plan([("pickup", "Lyon", "Wheat", 1), ("deliver", "Paris", "Wheat", 1)], 20, 12.0, 5, 2.0, 4.0)
    h = Hint(0, "Ann", [], p, None, 12, None, False, order=[("move", "Lyon", None)])
    assert str(h).startswith("Ann: move to Lyon, build 12M of track. Why: ")


def test_a_plans_figure_is_given_twice_only_when_its_new_track_makes_them_differ():
    """Build Phase Rules: track is bought once and reused. A plan with new track is told in the planner's
    figure (the track counted as reused later) and, in brackets, paying for all of it now -- even when the
    track is a single 1M milepost, and when the two figures are opposite; a plan without new track has one
    figure, its income per turn (under Pay To Move its ranking figure also takes off the fares)."""
    from eb_core.bots.hint import _per_turn
    stops = [("pickup", "Lyon", "Wheat", 1), ("deliver", "Paris", "Wheat", 1)]
    no_track = Plan(stops, 20, 0.0, 5, 4.0, 4.0)            # 5.0M a turn; 4.0 after 1M fares a turn
    assert _per_turn(no_track) == _per_turn(no_track, short=True) == "5.0M per turn"
    one_milepost = Plan(stops, 21, 1.0, 5, 4.0, 5.2)        # 5.0M a turn paying for the 1M now
    assert _per_turn(one_milepost) == ("5.2M per turn counting the track as reused by later deliveries "
                                       "(5.0M paying for all of it now)")
    assert _per_turn(one_milepost, short=True) == "5.2M per turn (5.0M paying for all its track now)"
    opposite = Plan(stops, 10, 18.0, 5, 4.0, 2.0)           # -2.0M a turn paying for all 18M now
    assert _per_turn(opposite, short=True) == "2.0M per turn (-2.0M paying for all its track now)"
    same = Plan(stops, 30, 10.0, 5, 4.0, 5.0)               # the two figures agree
    assert _per_turn(same) == "5.0M per turn"


def test_no_hint_for_a_replay_step_or_a_simulated_players_turn():
    """Solo Play Scenarios: Scenario 3's Player 2 "never builds, moves or delivers" -- nobody plays its
    turns, so there is none to advise on; and a step of a replay is not a game (its ``before`` is)."""
    from eb_core import narrate, sim
    r = sim.solo_game("europe-basic", seed=3, board="tutorial", scenario=3, max_turns=3)
    steps = narrate.replay(r.game)
    p2 = next(s for s in steps if s.seat == 1)
    with pytest.raises(eb.InvalidAction, match=r"seat: Player 2 is simulated \(Solo Scenario 3") as info:
        hint(p2.before)
    assert info.value.field == "seat"
    with pytest.raises(eb.InvalidAction, match="game: expected a Game") as info:
        hint(steps[0])
    assert info.value.field == "game"
    assert hint(steps[0].before).seat == steps[0].seat == 0


def test_a_ride_through_the_chunnel_crosses_no_ferry():
    """Movement Using the Chunnel: "All three Chunnel mileposts are counted for normal movement" -- it is no
    ferry: Ann rides from London through the Chunnel to Paris in one turn at full speed and delivers her
    Sheep (card 7, 17M); the hint names no ferry crossed and no half speed."""
    g = eb.position("board: europe\nplayer Ann: cash 50, train 12/2, at London, loads Sheep, "
                    "track London-1405 1360-Paris, ferry Chunnel, cards 7\n")
    h = hint(g)
    assert [g.board.place(m) for m in h.moves[0].path][:6] == ["London", "Folkestone", "the Chunnel", "the Chunnel",
                                                               "the Chunnel", "Calais"]
    assert h.crossed is None and h.staging is None and "ferry" not in str(h) and "half speed" not in str(h)
    assert h.deliveries == [("Sheep", "Paris", 17)] and str(h).startswith("Ann: move to Paris, deliver Sheep to "
                                                                          "Paris for 17M, ")


def test_the_played_bots_have_no_bot_for_a_step_past_the_record():
    """The bots replayed beside a record give a bot for each of its steps and none past its last (there is
    no such turn to advise on). Ann's opening turn is a build from Madrid to Lyon the planner would not have
    chosen, and the end of her turn."""
    from eb_core import narrate
    from eb_core.bots.hint import PlayedBots
    board = eb.load_board("tutorial")
    g = eb.Game.new(eb.ruleset("europe-standard"), board=board, players=["Ann", "Ben"], seed=1)
    g.apply(eb.Build(eb.cheapest_build(board, g.rules, "Madrid", "Lyon").mileposts))
    g.apply(eb.EndTurn())
    steps = narrate.replay(g.to_json())
    played = PlayedBots(steps)
    assert len(steps) == 2 and played.bot_at(len(steps) + 3) is None
    assert played.bot_at(0) is not None and played.bot_at(0).seat == 0
    assert PlayedBots([]).bot_at(0) is None


def test_the_upgrade_is_told_at_the_price_the_ruleset_charges():
    """Upgrading your Train ("By spending 20 million"): the hint tells the price the player pays, which is
    the ruleset's -- with the upgrade made 25M (a house rule) Ann's same turn reads "for 25M", and the cash
    after the hint's actions is what the hint says."""
    g = _birmingham()
    g.rules = g.rules.with_(upgrade_cost=25)
    h = hint(g)
    assert ("upgrade", eb.rules.Train(12, 2), 25, 1) in h.order
    assert "upgrade to a 12/2 train for 25M." in str(h) and "for 20M" not in str(h)
    for a in h.actions:
        g.apply(a)
    assert g.state.players[0].cash == h.cash_after == 50 + 21 - 25 - h.build_cost


@pytest.mark.slow
def test_under_run_two_trains_train_2s_upgrade_names_the_train_it_upgrades():
    """Challenging Variants > Run Two Trains: each train is upgraded on its own. Seed 1 of the Basic game
    with two trains, turn 16: the planner buys train 2 the 16/2, and the hint says "upgrade train 2 to a
    16/2 train for 20M" (not "a 16/2 (train 2) train")."""
    from eb_core.sim import solo_game
    game = solo_game(eb.ruleset("europe-basic", "run-two-trains"), seed=1, max_turns=16).game
    h = hint(game)
    assert h.upgrade == "16/2 (train 2)"
    assert ("upgrade", eb.rules.Train(16, 2), 20, 2) in h.order
    assert "upgrade train 2 to a 16/2 train for 20M" in str(h) and "(train 2) train" not in str(h)
