"""What the current player may do now (``eb_core/engine/legal.py``), pinned where a mutation audit found the
rest of the suite silent.

legal.py is what a bot or a teaching widget is told it may do: the buildable segments, the movable steps, the
pick-ups, deliveries and drops, the longest legal move, the track a train may step onto, and
``legal_actions()``. Each test sets up one position on the Europe board (Empire Express on its own board) with
the helpers of ``tests/support.py`` and checks what legal.py offers against what ``Game.apply`` accepts
there: an action offered must be accepted, and an action accepted should be offered.
"""
import functools

import pytest
from support import EUROPE, ann, ebro_bridge_for_ann, game_with, lay_track, line_from, place, ready_to_deliver, rejects

import eb_core as eb
from eb_core import rulebook as R
from eb_core.actions import (Build, Deliver, Discard, DiscardHand, Drop, EndBuild, EndOperations, EndTurn, Move,
                             PickUp, PlaceTrain, Upgrade)
from eb_core.engine import legal
from eb_core.track import seg_key

MANCHESTER = EUROPE.city("Manchester").center
NANTES = EUROPE.city("Nantes").center
PORTSMOUTH, LE_HAVRE = EUROPE.crossing("Portsmouth–Le Havre").ports
LONDON_SW = 1447            # London's corner next to the Portsmouth port
LONDON_N, CLEAR_BY_LONDON = 1486, 1485     # London's northern corner and a clear milepost beside it

build_game = functools.partial(game_with, phase="build")


# --------------------------------------------------------------------------- offered vs accepted
def accepted(g: eb.Game, action) -> bool:
    """True if ``Game.apply`` accepts ``action`` now (tried on a copy: ``g`` is unchanged)."""
    try:
        g.clone().apply(action)
    except eb.IllegalAction:
        return False
    return True


def offered_builds(g: eb.Game) -> set[tuple[int, int]]:
    return {seg_key(a, b) for a, b, _ in g.buildable_segments()}


def accepted_builds(g: eb.Game) -> set[tuple[int, int]]:
    """Every one-segment Build that apply accepts: from the player's network or any major city milepost to a
    neighbour, over no track yet."""
    starts = set(g.network()) | {m for c in g.board.cities if c.has_red_area for m in c.mileposts}
    return {seg_key(a, b) for a in starts for b in g.board.neighbors(a)
            if seg_key(a, b) not in g.state.track.segments and accepted(g, Build([a, b]))}


def small_actions(g: eb.Game, *, turn=True, upgrades=True, operations=True) -> list:
    """The candidates for ``legal_actions()`` other than builds: the turn's endings and discards (``turn``),
    train upgrades (``upgrades``), and the train's moves and loads (``operations``). EndOperations only where
    the build phase follows the operations: with the build first it is another name for EndTurn."""
    p, rules = g.player(), g.rules
    out: list = []
    if turn:
        out += [DiscardHand(), EndBuild(), EndTurn()] + [Discard(c) for c in p.hand]
        if rules.turn_order != "build-first":
            out.append(EndOperations())
    if upgrades:
        trains = set(rules.upgrades) | {t for opts in rules.upgrades.values() for t in opts}
        out += [Upgrade(t) for t in sorted(trains, key=lambda t: (t.speed, t.capacity))]
    if operations:
        if p.position is None:
            out += [PlaceTrain(c.name) for c in g.board.cities]
        else:
            city = g.board.city_at(p.position)
            out += [PickUp(ld) for ld in (city.loads if city else ())]
            out += [Drop(ld) for ld in sorted(set(p.loads))]
            out += [Deliver(ld, cid) for ld in sorted(set(p.loads)) for cid in p.hand]
            out += [Move((b,)) for b in g.index.move_adj[p.position]]
    return out


def listed(g: eb.Game) -> set:
    return {a for a in g.legal_actions() if not isinstance(a, Build)}


def accepted_of(g: eb.Game, **kinds) -> set:
    return {a for a in small_actions(g, **kinds) if accepted(g, a)}


def manchester_line(g: eb.Game) -> list[int]:
    """Manchester and the two clear mileposts beyond it: Ann's track to the first, Ben's on to the second."""
    path = line_from(EUROPE, MANCHESTER, 2)
    lay_track(g, 0, path[:2])
    lay_track(g, 1, path[1:])
    return path


# --------------------------------------------------------------------------- buildable segments
def test_the_last_1m_of_the_turn_still_builds_to_a_clear_milepost():
    """Build Phase Rules: a clear milepost costs 1 million; No Credit/No Loans -- with 1M in cash, or with 19M
    of the turn's 20M spent, the 1M segments are offered (London's northern corner to the clear milepost
    beside it among them), exactly those apply accepts; with nothing left, none."""
    g = build_game()
    ann(g).cash = 1
    assert (LONDON_N, CLEAR_BY_LONDON, 1) in g.buildable_segments()
    assert all(cost == 1 for *_, cost in g.buildable_segments())
    assert offered_builds(g) == accepted_builds(g) != set()
    ann(g).cash, ann(g).spent = 50, 19
    assert (LONDON_N, CLEAR_BY_LONDON, 1) in g.buildable_segments()
    assert offered_builds(g) == accepted_builds(g) != set()
    ann(g).spent = 20
    assert g.buildable_segments() == [] and not accepted(g, Build([LONDON_N, CLEAR_BY_LONDON]))


def test_a_ferry_two_players_have_built_is_not_offered_to_a_third():
    """Build Phase Rules > Building Ferry Ports: "Only two players may build to a single ferry (either side)"
    -- with Ben alone on the Portsmouth–Le Havre ferry, Ann is offered the way from London into the Portsmouth
    port (4M); once Cy has it too, it is not offered, and apply refuses it."""
    g = build_game(players=("Ann", "Ben", "Cy"))
    g.state.track.add_crossing(1, "Portsmouth–Le Havre")
    assert (LONDON_SW, PORTSMOUTH, 4) in g.buildable_segments()
    g.state.track.add_crossing(2, "Portsmouth–Le Havre")
    assert seg_key(LONDON_SW, PORTSMOUTH) not in offered_builds(g)
    rejects(g, Build([LONDON_SW, PORTSMOUTH]), R.FERRY_BUILD)
    assert offered_builds(g) == accepted_builds(g)


def test_a_small_city_two_other_players_have_entered_is_not_offered():
    """Build Phase Rules > Limits on Entry into Small and Medium Cities: "only two players may build into a
    small city" -- Ben and Cy are in Nantes, so Ann's track beside it (968) is offered no way in; with Cy
    alone there, she is."""
    g = build_game(players=("Ann", "Ben", "Cy"))
    lay_track(g, 2, [923, NANTES])
    lay_track(g, 0, [1014, 968])
    assert (968, NANTES, 3) in g.buildable_segments()
    lay_track(g, 1, [877, NANTES])
    assert not [s for s in g.buildable_segments() if NANTES in s[:2]]
    rejects(g, Build([968, NANTES]), R.CITY_LIMIT)
    assert offered_builds(g) == accepted_builds(g)


def test_a_flooded_bridge_is_not_offered_to_another_player_before_its_owner_had_a_turn():
    """Event Card Effects > Floods: "You may not build where another player's bridge was located until that
    player has taken one turn during which they could have rebuilt it" -- Ben's track reaches the end of
    Ann's washed-away Ebro bridge: while it is hers to rebuild he is not offered it; after, he is."""
    g = build_game()
    st = g.state
    a, b = ebro_bridge_for_ann(g)
    del st.track.segments[(a, b)]
    st.blocked_rebuild = {f"{a}-{b}": 0}
    st.current = 1
    assert seg_key(a, b) not in offered_builds(g)
    rejects(g, Build([a, b]), R.FLOOD)
    st.blocked_rebuild = {}
    assert seg_key(a, b) in offered_builds(g) and accepted(g, Build([a, b]))


def test_after_a_cross_grade_the_remaining_15m_of_track_is_offered():
    """Variants & Optional Rules > Cross Grading: "When you cross grade, you may also spend up to 15 million to
    build track in the same turn" -- unlike a 20M upgrade, after which nothing is offered."""
    g = build_game("cross-grading")
    ann(g).train = eb.Train(9, 3)
    g.apply(Upgrade(eb.Train(12, 2)))
    assert (LONDON_N, CLEAR_BY_LONDON, 1) in g.buildable_segments()
    assert offered_builds(g) == accepted_builds(g)
    g = build_game()
    g.apply(Upgrade(eb.Train(12, 2)))
    assert g.buildable_segments() == [] and not accepted(g, Build([LONDON_N, CLEAR_BY_LONDON]))


def test_no_segment_is_offered_in_the_first_operations_turn_until_the_train_is_placed():
    """Starting the Game > Starting Your Train: "As you begin your first turn that includes an Operations phase,
    you discard down to three cards (if necessary). Then, you must place your train" -- after the two special
    build turns the starting player holds four cards and has no train on the board: no segment is offered
    (apply refuses a build) until they have discarded and placed the train; then exactly those apply accepts."""
    g = eb.Game.new("europe-standard", board=EUROPE, players=["Ann", "Ben"], seed=3)
    for _ in range(4):
        g.apply(EndTurn())
    p = g.player()
    assert (g.current_player, g.phase, len(p.hand), p.position) == (g.state.first_player, "operations", 4, None)
    assert g.buildable_segments() == []
    rejects(g, Build([LONDON_N, CLEAR_BY_LONDON]), R.START_TRAIN)
    g.apply(Discard(p.hand[0]))
    assert g.buildable_segments() == []
    rejects(g, Build([LONDON_N, CLEAR_BY_LONDON]), R.START_TRAIN)
    g.apply(PlaceTrain("London"))
    assert (LONDON_N, CLEAR_BY_LONDON, 1) in g.buildable_segments()
    assert offered_builds(g) == accepted_builds(g)


def test_express_no_segment_is_offered_once_the_train_runs():
    """Empire Express > On a Turn: "Build track", then "Move your train" (Experienced Empire Builder Players
    Only: "BUILD, and then MOVE, on your turn!") -- in Orange's build, with 20M, segments are offered and
    accepted; once her Operations phase has begun none is offered, as apply refuses every build."""
    g = eb.Game.new(eb.ruleset("express"), board="eastern_us", setup="demo", players=["Orange", "Red"], seed=1)
    g.player(0).cash = 20
    a, b, _ = g.buildable_segments()[0]
    assert accepted(g, Build([a, b]))
    g.apply(EndBuild())
    assert g.buildable_segments() == []
    rejects(g, Build([a, b]), R.EXPRESS_TURN)


def test_the_build_phase_lists_every_buildable_segment_as_a_build_action():
    """Build Phase Rules: "you may spend up to 20 million to build track" -- ``legal_actions()`` in the build
    phase holds one Build for each buildable segment, and apply accepts each."""
    g = build_game()
    builds = {seg_key(*a.path) for a in g.legal_actions() if isinstance(a, Build)}
    assert builds == offered_builds(g) == accepted_builds(g) and seg_key(LONDON_N, CLEAR_BY_LONDON) in builds


# --------------------------------------------------------------------------- legal_actions()
def test_a_finished_game_offers_nothing():
    """Empire Express > Game End: "If a player has $150 million or more on their turn, finish the current
    round" -- once the round is over the game is: no action is offered, not even a segment to a player with
    money, and apply refuses a build."""
    g = eb.Game.new(eb.ruleset("express"), board="eastern_us", setup="demo", players=["Orange", "Red"], seed=1)
    g.player(0).cash = 150
    g.apply(EndTurn())
    g.apply(EndTurn())
    assert g.over
    for p in g.state.players:
        p.cash = 150
    assert g.legal_actions() == []
    assert g.buildable_segments() == [] and g.buildable_segments(0) == []
    assert g.movable_steps() == [] and g.legal_pickups() == [] and g.legal_drops() == []
    a, b = next(iter(g.state.track.segments))
    rejects(g, Build([a, b]), R.EXPRESS_END)


def test_the_operations_phase_lists_what_apply_accepts_discard_hand_end_operations_and_the_train():
    """How to Play: the turn is the Operations phase, then the Build phase -- or, instead of both, discarding the
    entire hand; Operations Phase Rules: move, pick up, drop, deliver. Ann's train is in Manchester with a load
    a card of hers wants there: the listed small actions are exactly those apply accepts (upgrades belong to
    the build phase that EndOperations opens)."""
    g = game_with()
    manchester_line(g)
    ready_to_deliver(g, "Manchester")
    got = listed(g)
    assert got == accepted_of(g, upgrades=False)
    assert {DiscardHand(), EndOperations(), EndTurn()} <= got
    assert any(isinstance(a, Deliver) for a in got) and any(isinstance(a, PickUp) for a in got)


def test_a_special_build_turn_lists_the_whole_hand_discard():
    """Starting the Game > Special Build Turns: "You may give up a special turn to discard your hand and replace
    it with three new cards" -- offered at the start of a special turn, with the upgrades and EndTurn, exactly
    what apply accepts; gone once Ann has built."""
    g = eb.Game.new("europe-standard", board=EUROPE, players=["Ann", "Ben"], seed=3)
    assert g.state.special_round
    assert listed(g) == accepted_of(g, operations=False) and DiscardHand() in listed(g)
    g.apply(Build([LONDON_N, CLEAR_BY_LONDON]))
    assert DiscardHand() not in listed(g) and not accepted(g, DiscardHand())


def test_building_first_the_turn_may_start_with_a_hand_discard_and_end_at_once_once_the_train_is_placed():
    """Variants & Optional Rules > Less Thinking During Your Turns: "do the Building Phase first and the
    Operations Phase last"; How to Play: the whole-hand discard instead of the turn -- at the start of Ann's
    build phase, her train in Manchester, she is offered DiscardHand, the upgrades, EndBuild and EndTurn,
    exactly what apply accepts (the train's moves and loads, which would start the Operations Phase, are
    offered once it has)."""
    g = build_game("less-thinking")
    place(g, 0, MANCHESTER)
    got = listed(g)
    assert got == accepted_of(g, operations=False)
    assert {DiscardHand(), EndBuild(), EndTurn()} <= got


def test_express_after_building_the_operations_phase_lists_the_free_discard_of_each_card():
    """Empire Express > Discard Cards: "After building track and moving your train, you may discard one demand
    card if you wish" -- in Orange's Operations phase each of her three cards is offered as the discard, as
    apply accepts (no whole-hand discard in Empire Express)."""
    g = eb.Game.new(eb.ruleset("express"), board="eastern_us", setup="demo", players=["Orange", "Red"], seed=1)
    g.apply(EndBuild())
    got = listed(g)
    assert {Discard(c) for c in g.player().hand} <= got
    assert got == accepted_of(g, upgrades=False)


# --------------------------------------------------------------------------- moving
def test_no_steps_and_no_move_are_offered_outside_the_operations_phase_or_to_another_player():
    """How to Play: the train moves in the Operations phase -- once Ann has ended it, her train in Manchester
    on her track is offered no step and no move, and apply refuses one; Ben's train on his track is offered
    no step in Ann's turn."""
    g = game_with()
    path = manchester_line(g)
    place(g, 0, MANCHESTER)
    place(g, 1, path[1])
    assert g.movable_steps() == [path[1]] and g.longest_legal_move(path[1:2]) == (path[1],)
    assert g.movable_steps(1) == []
    g.apply(EndOperations())
    assert g.movable_steps() == [] and g.longest_legal_move(path[1:2]) == ()
    assert g.legal_pickups() == [] and g.legal_drops() == [] and g.legal_deliveries() == []
    rejects(g, Move(path[1:2]), R.HOW_TO_PLAY)


def test_the_longest_legal_move_stops_before_track_the_train_may_not_use():
    """Operations Phase Rules > Renting Track: "You may not use an opponent's track unless you have the cash to
    pay the rental fee" -- with 3M, Ann's longest legal move along her track and on onto Ben's is the one
    step on her own; with 4M, both steps."""
    g = game_with()
    path = manchester_line(g)
    place(g, 0, MANCHESTER)
    ann(g).cash = 3
    assert g.longest_legal_move(path[1:]) == (path[1],)
    assert accepted(g, Move(path[1:2])) and not accepted(g, Move(path[1:]))
    ann(g).cash = 4
    assert g.longest_legal_move(path[1:]) == tuple(path[1:]) and accepted(g, Move(path[1:]))


def test_track_neighbours_are_own_and_rented_track_and_only_own_without_renting():
    """Operations Phase Rules > Running the Train ("traveling on track built on the board") and > Renting
    Track: from the clear milepost where Ann's track from Manchester meets Ben's, a train may step back to
    Manchester on Ann's track or on along Ben's -- without renting, Ann only onto her own and Ben only onto
    his; never onto a neighbour with no track."""
    g = game_with()
    manchester, mid, far = manchester_line(g)
    assert sorted(g.track_neighbors(mid)) == sorted([manchester, far])
    assert g.track_neighbors(mid, rent=False) == [manchester]
    assert g.track_neighbors(mid, seat=1, rent=False) == [far]
    assert sorted(g.track_neighbors(mid, seat=1)) == sorted([manchester, far])
    assert g.track_neighbors(far) == [mid]
    assert legal.track_neighbors(g, mid) == g.track_neighbors(mid)      # the module's own default: renting


# --------------------------------------------------------------------------- loads
def test_the_train_and_its_loads_wait_for_the_discard_down_to_three_cards():
    """Starting the Game > Starting Your Train: "As you begin your first turn that includes an Operations
    phase, you discard down to three cards" -- with four cards and the train in Manchester, on her track and
    with a load a card wants there, Ann is offered no step, move, pick-up, drop or delivery, and apply refuses
    them all; only the discards are listed. After the discard, all of them are offered."""
    g = game_with()
    path = manchester_line(g)
    card, dem = ready_to_deliver(g, "Manchester")
    ann(g).hand.append(g.state.draw_pile.pop())
    assert g.legal_actions() == [Discard(c) for c in ann(g).hand]
    assert g.movable_steps() == [] and g.longest_legal_move(path[1:2]) == ()
    assert g.legal_pickups() == [] and g.legal_drops() == [] and g.legal_deliveries() == []
    for action in (Move(path[1:2]), PickUp("Cars"), Drop(dem.load), Deliver(dem.load, card.id)):
        rejects(g, action, R.START_TRAIN)
    g.apply(Discard(ann(g).hand[-1]))
    assert g.movable_steps() == [path[1]] and g.longest_legal_move(path[1:2]) == (path[1],)
    assert g.legal_pickups() == ["Cars"] and g.legal_drops() == [dem.load]
    assert g.legal_deliveries() == [(dem.load, card.id)]


@pytest.mark.parametrize("phase", ["build", "operations"])
def test_loads_are_offered_only_in_the_operations_phase(phase):
    """Operations Phase Rules > Picking Up Loads and Delivering Loads: loads are handled while running the
    train -- in the build phase Ann's train in Manchester is offered no pick-up, drop or delivery, and apply
    refuses them."""
    g = game_with(phase=phase)
    card, dem = ready_to_deliver(g, "Manchester")
    ops = phase == "operations"
    assert g.legal_pickups() == (["Cars"] if ops else []) and accepted(g, PickUp("Cars")) is ops
    assert g.legal_drops() == ([dem.load] if ops else []) and accepted(g, Drop(dem.load)) is ops
    assert g.legal_deliveries() == ([(dem.load, card.id)] if ops else [])
    assert accepted(g, Deliver(dem.load, card.id)) is ops
