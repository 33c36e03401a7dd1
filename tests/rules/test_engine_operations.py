"""Operations Phase Rules, one legal and one illegal case each, on the mini board.

Rulebook sections: Running the Train, Movement Using a Ferry, Movement Using the Chunnel, Renting Track,
Picking Up Loads, Delivering Loads, Starting Your Train; How to Play (discarding the hand).
"""

import eb_core as eb
from support import rejects
from eb_core.actions import (Build, Deliver, Discard, DiscardHand, Drop, EndOperations, EndTurn, Move, PickUp,
                             PlaceTrain)
from eb_core import rulebook as R
from eb_core.rules import Train
from mini_board import MINI as m, mini_board, mini_deck

BOARD = mini_board()


def ops(players=("Ann", "Ben"), rules="europe-standard", at=None, variants=(), **changes):
    """A game in round 1, Ann (seat 0) to play her operations phase, hands of three cards."""
    r = eb.ruleset(rules, *variants)
    if changes:
        r = r.with_(**changes)
    g = eb.Game.new(r, board=BOARD, players=list(players), seed=1, deck=mini_deck())
    st = g.state
    st.special_round, st.round, st.phase, st.current, st.first_player = 0, 1, "operations", 0, 0
    for p in st.players:
        while len(p.hand) > 3:
            st.discard_pile.append(p.hand.pop())
    if at is not None:
        st.players[0].position = m(*at)
    return g


def own(g, seat, *cells):
    for a, b in zip(cells, cells[1:]):
        g.state.track.add_segment(seat, m(*a), m(*b))


def row(r, c0, c1):
    return [(c, r) for c in range(c0, c1 + 1)]


def mv(*cells, **kw):
    return Move([m(*c) for c in cells], **kw)


def p0(g):
    return g.state.players[0]


# ------------------------------------------------------------------------------------ Running the Train
def test_move_up_to_the_speed_of_the_train():
    g = ops(at=(0, 8))
    own(g, 0, *row(8, 0, 11))
    g.apply(mv(*row(8, 1, 9)))                                   # 9 mileposts with a 9-speed train
    assert (p0(g).position, p0(g).moves_used) == (m(9, 8), 9)


def test_tenth_milepost_is_one_too_many():
    g = ops(at=(0, 8))
    own(g, 0, *row(8, 0, 11))
    err = rejects(g, mv(*row(8, 1, 10)), R.RUNNING)
    assert "no movement left" in err.reason


def test_no_moving_where_there_is_no_track():
    g = ops(at=(2, 8))
    own(g, 0, *row(8, 0, 11))
    rejects(g, mv((2, 7)), R.RUNNING)


def test_public_track_in_a_major_city_is_free():
    g = ops(at=(3, 4))
    g.apply(mv((4, 4)))
    assert (p0(g).cash, p0(g).moves_used) == (50, 1)


def test_standard_game_no_reversing_outside_a_city():
    g = ops(at=(0, 8))
    own(g, 0, *row(8, 0, 11))
    g.apply(mv((1, 8), (2, 8), (3, 8)))
    err = rejects(g, mv((2, 8)), R.RUNNING)
    assert "reverse" in err.reason


def test_standard_game_may_reverse_in_a_city():
    g = ops(at=(3, 8))
    own(g, 0, *row(8, 0, 11))
    g.apply(mv((4, 8), (5, 8), (4, 8)))                          # turns around in Smallton
    assert p0(g).position == m(4, 8)


def test_basic_game_may_reverse_anywhere():
    g = ops(rules="europe-basic", at=(0, 8))
    own(g, 0, *row(8, 0, 11))
    g.apply(mv((1, 8), (2, 8), (3, 8), (2, 8)))
    assert p0(g).position == m(2, 8)


# ------------------------------------------------------------------------------------ Renting Track
def test_renting_an_opponents_track_costs_4m_once_per_turn():
    g = ops(at=(0, 6))
    own(g, 1, *row(6, 0, 5))
    g.apply(mv((1, 6), (2, 6)))
    g.apply(mv((3, 6)))
    assert (p0(g).cash, g.state.players[1].cash) == (46, 54), g.state.log[-3:]


def test_no_renting_without_the_cash_to_pay_first():
    g = ops(at=(0, 6))
    own(g, 1, *row(6, 0, 5))
    p0(g).cash = 3
    err = rejects(g, mv((1, 6)), R.RENT)
    assert "4M" in err.reason and "Ben" in err.reason


def test_choose_which_owner_of_a_shared_ferry_to_rent_from():
    g = ops(players=("Ann", "Ben", "Cy"), at=(11, 7))
    for s in (1, 2):
        g.state.track.add_crossing(s, "Westport-Eastport")
    p0(g).staged = True
    g.apply(mv((15, 7), rent_from=2))
    assert [p.cash for p in g.state.players] == [46, 50, 54]


# ------------------------------------------------------------------------------------ Ferries and Chunnel
def _ferry_game(staged=True):
    g = ops(at=(11, 7))
    g.state.track.add_crossing(0, "Westport-Eastport")
    own(g, 0, (10, 7), (11, 7))
    own(g, 0, *row(7, 15, 21))
    p0(g).staged = staged
    return g


def test_staged_train_crosses_first_and_moves_at_half_speed():
    g = _ferry_game()
    g.apply(mv(*row(7, 15, 19)))        # the crossing + 4 more: 5 = 9 / 2 rounded up
    assert (p0(g).position, p0(g).half_rate) == (m(19, 7), True)
    err = rejects(g, mv((20, 7)), R.RUNNING)
    assert "half rate" in err.reason


def test_crossing_without_staging_is_rejected():
    g = _ferry_game(staged=False)
    err = rejects(g, mv((15, 7)), R.FERRY_MOVE)
    assert "staging" in err.reason


def test_ending_a_turn_on_a_port_stages_the_train():
    g = ops(players=("Ann",), at=(9, 7))
    g.state.track.add_crossing(0, "Westport-Eastport")
    own(g, 0, (9, 7), (10, 7), (11, 7))
    g.apply(mv((10, 7), (11, 7)))
    g.apply(EndTurn())
    assert p0(g).staged and g.current_player == 0 and p0(g).moves_used == 0
    g.apply(mv((15, 7)))
    assert p0(g).position == m(15, 7) and p0(g).half_rate


def test_chunnel_mileposts_count_for_movement():
    g = ops(at=(11, 2))
    g.state.track.add_crossing(0, "Chunnel")
    inner = BOARD.crossing("Chunnel").mileposts
    g.apply(Move([*inner, m(15, 2)]))
    assert (p0(g).position, p0(g).moves_used, p0(g).half_rate) == (m(15, 2), 4, False)


def test_the_chunnel_is_not_a_one_step_jump():
    g = ops(at=(11, 2))
    g.state.track.add_crossing(0, "Chunnel")
    rejects(g, mv((15, 2)), R.RUNNING)


def test_renting_the_chunnel():
    g = ops(at=(11, 2))
    g.state.track.add_crossing(1, "Chunnel")
    g.apply(Move([*BOARD.crossing("Chunnel").mileposts]))
    assert (p0(g).cash, g.state.players[1].cash) == (46, 54)


# ------------------------------------------------------------------------------------ Picking up / dropping
def test_pick_up_where_the_load_is_offered():
    g = ops(at=(3, 4))
    g.apply(PickUp("Beer"))
    assert p0(g).loads == ["Beer"] and g.state.bank["Beer"] == 1


def test_no_pick_up_of_a_load_the_city_does_not_offer():
    g = ops(at=(3, 4))
    err = rejects(g, PickUp("Coal"), R.PICKUP)
    assert "does not offer Coal" in err.reason


def test_no_pick_up_when_the_bank_is_empty():
    g = ops(at=(3, 4))
    g.state.bank["Beer"] = 0
    g.state.dropped["Beer"] = 2   # keep the chip count honest
    rejects(g, PickUp("Beer"), R.PICKUP)


def test_no_pick_up_beyond_capacity():
    g = ops(at=(3, 4))
    p0(g).loads = ["Coal", "Wine"]
    g.state.bank["Coal"] -= 1
    g.state.bank["Wine"] -= 1
    err = rejects(g, PickUp("Beer"), R.PICKUP)
    assert "already carries 2 loads" in err.reason


def test_three_load_train_carries_three():
    g = ops(at=(3, 4))
    p0(g).train = Train(9, 3)
    p0(g).loads = ["Coal"]
    g.state.bank["Coal"] -= 1
    g.apply(PickUp("Beer"))
    g.apply(PickUp("Beer"))
    assert len(p0(g).loads) == 3


def test_drop_a_load_in_any_city():
    g = ops(at=(5, 8))
    p0(g).loads = ["Beer"]
    g.state.bank["Beer"] -= 1
    g.apply(Drop("Beer"))
    assert p0(g).loads == [] and g.state.bank["Beer"] == 2


def test_no_drop_outside_a_city():
    g = ops(at=(4, 8))
    p0(g).loads = ["Beer"]
    g.state.bank["Beer"] -= 1
    rejects(g, Drop("Beer"), R.PICKUP)


# ------------------------------------------------------------------------------------ Delivering
def _delivery_game():
    g = ops(at=(8, 4))                     # Beta centre
    p0(g).hand = [1, 2, 3]                 # card 1: Beer to Beta for 12M
    for s, p in enumerate(g.state.players[1:], 1):
        p.hand = [4, 5, 6]
    g.state.draw_pile = [7]
    g.state.discard_pile = []
    p0(g).loads = ["Beer"]
    g.state.bank["Beer"] -= 1
    return g


def test_deliver_pays_returns_the_chip_and_replaces_the_card():
    g = _delivery_game()
    g.apply(Deliver("Beer", 1))
    p = p0(g)
    assert (p.cash, p.loads, g.state.bank["Beer"]) == (62, [], 2)
    assert sorted(p.hand) == [2, 3, 7] and g.state.discard_pile == [1]
    assert 'Beta gets Beer for 12' in "\n".join(g.state.log)


def test_no_delivery_in_the_wrong_city():
    g = _delivery_game()
    p0(g).position = m(3, 4)                # Alpha
    err = rejects(g, Deliver("Beer", 1), R.DELIVER)
    assert "no demand for Beer at Alpha" in err.reason


def test_no_delivery_against_someone_elses_card_or_without_the_load():
    g = _delivery_game()
    rejects(g, Deliver("Beer", 4), R.DELIVER)
    rejects(g, Deliver("Steel", 2), R.DELIVER)


def test_only_one_load_per_demand_card():
    g = _delivery_game()
    p0(g).train = Train(9, 3)
    p0(g).loads = ["Beer", "Beer"]
    g.state.bank["Beer"] -= 1
    g.apply(Deliver("Beer", 1))
    rejects(g, Deliver("Beer", 1), R.DELIVER)


def test_empty_draw_pile_reshuffles_the_discards_including_the_card_just_discarded():
    g = _delivery_game()
    g.state.draw_pile = []
    g.apply(Deliver("Beer", 1))
    assert sorted(p0(g).hand) == [1, 2, 3] and g.state.shuffles == 1


# ------------------------------------------------------------------------------------ Starting your train
def _first_ops_turn(players=("Ann", "Ben"), rules="europe-standard"):
    g = eb.Game.new(eb.ruleset(rules), board=BOARD, players=list(players), seed=2, deck=mini_deck())
    while g.state.special_round:
        g.apply(EndTurn())
    return g


def test_place_the_train_in_any_city_and_pick_up_at_once():
    g = ops()
    g.apply(PlaceTrain("Smallton"))
    g.apply(PickUp("Wine"))
    assert (p0(g).position, p0(g).loads) == (m(5, 8), ["Wine"])


def test_the_train_must_be_placed_in_a_city_and_before_moving():
    g = ops()
    rejects(g, mv((4, 8)), R.START_TRAIN)
    rejects(g, PlaceTrain(m(4, 8)), R.START_TRAIN)
    rejects(g, EndOperations(), R.START_TRAIN)
    g.apply(PlaceTrain(m(5, 8)))
    rejects(g, PlaceTrain("Alpha"), R.START_TRAIN)


def test_standard_game_discards_down_to_three_before_placing_the_train():
    g = _first_ops_turn(players=("Ann",))
    p = g.player()
    assert len(p.hand) == 4
    rejects(g, PlaceTrain("Alpha"), R.START_TRAIN)
    g.apply(Discard(p.hand[0]))
    assert len(p.hand) == 3
    rejects(g, Discard(p.hand[0]), R.START_TRAIN)
    g.apply(PlaceTrain("Alpha"))


# ------------------------------------------------------------------------------------ Discarding the hand
def test_discard_hand_instead_of_the_turn():
    g = ops(at=(3, 4))
    g.state.draw_pile = [7, 6, 5]
    g.state.discard_pile = []
    old = list(p0(g).hand)
    g.apply(DiscardHand())
    assert sorted(p0(g).hand) == [5, 6, 7] and g.state.discard_pile == old
    assert g.current_player == 1


def test_no_discarding_the_hand_after_acting():
    g = ops(at=(3, 4))
    g.apply(PickUp("Beer"))
    rejects(g, DiscardHand(), R.HOW_TO_PLAY)


def test_moving_in_the_build_phase_is_rejected():
    g = ops(at=(3, 4))
    g.apply(EndOperations())
    rejects(g, mv((4, 4)), R.HOW_TO_PLAY)


def test_building_during_operations_starts_the_build_phase():
    g = ops(at=(3, 4))
    g.apply(Build([m(4, 4), m(5, 4)]))
    assert g.phase == "build"
    rejects(g, mv((4, 4)), R.HOW_TO_PLAY)


def test_special_build_turns_have_no_operations():
    g = eb.Game.new(eb.ruleset("europe-standard"), board=BOARD, players=["Ann"], seed=1, deck=mini_deck())
    rejects(g, PlaceTrain("Alpha"), R.SPECIAL)


# ------------------------------------------------------------------------------------ helpers for bots
def test_movable_steps_follow_track_and_the_reversal_rule():
    g = ops(at=(2, 8))
    own(g, 0, *row(8, 0, 11))
    assert sorted(g.movable_steps()) == sorted([m(1, 8), m(3, 8)])
    g.apply(mv((3, 8)))
    assert g.movable_steps() == [m(4, 8)]            # no going straight back outside a city
    for b in g.movable_steps():
        g.clone().apply(Move([b]))                   # every listed step is legal


def test_legal_pickups_deliveries_and_drops():
    g = _delivery_game()
    assert g.legal_deliveries() == [("Beer", 1)]
    assert g.legal_pickups() == ["Steel"]
    assert g.legal_drops() == ["Beer"]
    p0(g).position = m(4, 8)
    assert (g.legal_deliveries(), g.legal_pickups(), g.legal_drops()) == ([], [], [])


def test_longest_legal_move_stops_where_the_rules_stop_it():
    g = ops(at=(0, 8))
    own(g, 0, *row(8, 0, 11))
    path = [m(c, 8) for c in range(1, 12)]
    assert g.longest_legal_move(path) == tuple(path[:9])


def test_a_half_speed_crossing_is_narrated_in_the_trains_own_points():
    """Movement Using a Ferry: the crossing and four more mileposts use the whole 9 of a Freight at half
    speed. The narration says so in the train's own points, never more than its speed."""
    from eb_core import narrate
    g = _ferry_game()
    before = g.clone()
    a = mv(*row(7, 15, 19))
    g.apply(a)
    text = narrate.describe(a, before, after=g)
    assert "9 of 9 movement points used this turn, two a milepost at half speed for the ferry" in text, text


# ------------------------------------------------------------------------------------ found by mutation testing
def test_a_train_may_reverse_at_a_ferry_port_that_is_not_a_city():
    """Running the Train (Standard Game): "A train may only reverse direction in a city (including all
    major city and key city mileposts, and any port)" -- Westport is a ferry port and no city."""
    g = ops(at=(8, 7))
    own(g, 0, (8, 7), (9, 7), (10, 7), (11, 7))
    g.apply(mv((9, 7), (10, 7), (11, 7), (10, 7)))              # turns around at Westport
    assert (p0(g).position, p0(g).moves_used) == (m(10, 7), 4)
    err = rejects(g, mv((11, 7)), R.RUNNING)                     # (10, 7) is open country: no turning back
    assert "reverse" in err.reason


def test_no_pick_up_after_losing_a_load_until_the_next_operations_phase():
    """Losing Loads: "You may not pick up another load until your next operations phase." Ann loses her
    Coal to an event during her operations phase in Alpha; she may not pick up Beer there this turn, and
    may at her next turn."""
    g = ops(at=(3, 4))
    p0(g).loads = ["Coal"]
    g.state.bank["Coal"] -= 1
    assert g.lose_load(0) == "Coal"
    assert g.legal_pickups() == []
    err = rejects(g, PickUp("Beer"), R.PICKUP)
    assert "lost a load" in err.reason
    g.state.players[1].position = m(8, 4)
    g.apply(EndTurn())
    g.apply(EndTurn())                                           # Ben's turn; then Ann's next operations
    assert g.current_player == 0
    g.apply(PickUp("Beer"))
    assert p0(g).loads == ["Beer"]


def test_pay_to_load_a_staged_train_may_load_at_the_port_and_then_cross():
    """Pay To Load And Deliver: a pick-up uses one milepost of movement -- but it is no movement step, so a
    train staged at Eastport may pick up Fish and then make the crossing its first step (Movement Using
    a Ferry: "Your train's first movement step is onto the ferry port on either side"), at half speed."""
    g = ops(rules="europe-standard", at=(15, 7), load_handling_moves=1)
    g.state.track.add_crossing(0, "Westport-Eastport")
    p0(g).staged = True
    g.apply(PickUp("Fish"))
    assert p0(g).moves_used == 1
    g.apply(mv((11, 7)))
    assert (p0(g).position, p0(g).half_rate, p0(g).moves_used) == (m(11, 7), True, 3)


def test_a_staged_train_that_does_not_cross_still_moves_at_half_speed():
    """Movement Using a Ferry: "you leave the staging area and move your entire turn at half-speed (rounded
    up). Your train's first movement step is onto the ferry port on either side of the water ... you may
    start with the port on the same side if you decide not to cross" -- staged at Westport, Ann steps onto
    Westport itself and drives west: 5 steps of her 9, the same-port step included."""
    g = _ferry_game()
    own(g, 0, *row(7, 5, 10))
    g.apply(Move([m(11, 7), m(10, 7), m(9, 7), m(8, 7), m(7, 7)]))
    assert (p0(g).position, p0(g).half_rate) == (m(7, 7), True)
    assert g.state.log[-1].startswith("Ann moves 4 mileposts from Westport to ")     # the port step moves nowhere
    err = rejects(g, mv((6, 7)), R.RUNNING)
    assert "half rate" in err.reason


def test_a_staged_train_stepping_only_onto_its_own_port_is_told_as_leaving_the_ferry():
    """Movement Using a Ferry: the first step "onto the ferry port on ... the same side" -- taken alone it
    moves the train no milepost, and the log says what it did: left the ferry, the turn at half speed."""
    g = _ferry_game()
    g.apply(Move([m(11, 7)]))
    assert p0(g).half_rate and not p0(g).staged
    assert g.state.log[-1] == ("Ann leaves the ferry at Westport on the same side, at half speed "
                               "(2 of 9 movement points used).")


def test_crossing_a_ferry_you_own_with_another_player_costs_no_rent():
    """Renting Track: "You pay nothing to run your train on your own track" -- Ben built the
    Westport-Eastport ferry first, Ann second: it is Ann's own ferry too, and she crosses it for free."""
    g = _ferry_game()
    g.state.track.crossings["Westport-Eastport"] = [1, 0]
    g.apply(mv((15, 7)))
    assert [p.cash for p in g.state.players] == [50, 50], g.state.log[-2:]


def test_a_special_build_turn_is_given_up_to_discard_the_hand_only_before_building():
    """Starting the Game > Special Build Turns: "You may give up a special turn to discard your hand and
    replace it with three new cards" -- once Ann has built this special turn, there is nothing left to give
    up."""
    g = eb.Game.new(eb.ruleset("europe-standard"), board=BOARD, players=["Ann", "Ben"], seed=1, deck=mini_deck())
    g.state.current = g.state.first_player
    g.apply(Build([m(4, 4), m(5, 4)]))
    err = rejects(g, DiscardHand(), R.SPECIAL)
    assert "already built" in err.reason
    h = eb.Game.new(eb.ruleset("europe-standard"), board=BOARD, players=["Ann", "Ben"], seed=1, deck=mini_deck())
    seat = h.state.current
    h.apply(DiscardHand())                         # before building: the turn is given up for three new cards
    assert h.current_player != seat and len(h.state.players[seat].hand) == 3


def test_movable_steps_of_a_staged_train_include_its_own_port_and_the_far_one():
    """Movement Using a Ferry: the first step of a staged train is "onto the ferry port on either side of
    the water" -- the helper for bots and teaching offers both ports (and the land step)."""
    g = _ferry_game()
    assert {m(11, 7), m(15, 7), m(10, 7)} <= set(g.movable_steps())
    p0(g).staged = False
    assert m(11, 7) not in g.movable_steps() and m(15, 7) not in g.movable_steps()


def test_a_shared_ferry_is_rented_from_the_owner_already_paid_this_turn():
    """Renting Track: "4 million for unlimited use of another player's network that turn. If more than one
    player has built the track or ferry you wish to rent, you may choose which player to use" -- in a Fast
    Game (no staging) Ann rides Cy's track to Westport, paying Cy, then crosses the ferry that Ben and Cy
    both built on the rent already paid to Cy: nothing for Ben."""
    g = ops(players=("Ann", "Ben", "Cy"), rules="europe-basic", variants=("fast-game",), at=(9, 7))
    own(g, 2, (9, 7), (10, 7), (11, 7))
    for s in (1, 2):
        g.state.track.add_crossing(s, "Westport-Eastport")
    g.apply(mv((10, 7), (11, 7), (15, 7)))
    assert [p.cash for p in g.state.players] == [46, 50, 54], g.state.log[-3:]


def test_rent_buys_one_turn_only_the_next_turn_pays_again():
    """Renting Track: "You must pay 4 million for unlimited use of another player's network that turn" --
    Ann pays Ben 4M on this turn and 4M again when she uses his track on her next turn."""
    g = ops(at=(0, 6))
    own(g, 1, *row(6, 0, 5))
    g.state.players[1].position = m(8, 4)
    g.apply(mv((1, 6), (2, 6)))
    g.apply(EndTurn())
    g.apply(EndTurn())                                           # Ben's turn
    assert g.current_player == 0
    g.apply(mv((3, 6), (4, 6)))
    assert (p0(g).cash, g.state.players[1].cash) == (42, 58), g.state.log[-4:]


def test_ending_a_turn_at_a_chunnel_port_is_not_staging():
    """Movement Using the Chunnel: "All three Chunnel mileposts are counted for normal movement" -- the
    Chunnel is no ferry: a train ending its turn at Westside is not staged, has no "same port" first step,
    and rides the Chunnel at full speed."""
    g = ops(players=("Ann",), at=(11, 2))
    g.state.track.add_crossing(0, "Chunnel")
    g.apply(EndTurn())
    assert g.current_player == 0 and not p0(g).staged
    assert m(11, 2) not in g.movable_steps()
    rejects(g, mv((11, 2)), R.RUNNING)
    g.apply(Move([*BOARD.crossing("Chunnel").mileposts, m(15, 2)]))
    assert (p0(g).moves_used, p0(g).half_rate) == (4, False)
