"""Operations Phase Rules and the turn, pinned where a mutation audit of ``eb_core/engine/operations.py`` and
``eb_core/engine/cards_and_turns.py`` found the rest of the suite silent: the exact boundaries of money and
movement (the last 4M of rent, the last movement point), who is paid, what counts as having acted this turn,
and which rule a refusal cites -- each on the Europe board, set up with the helpers of ``tests/support.py``.
"""
import pytest
from support import DECK, EUROPE, ann, event_card, lay_track, line_from, ops_game, place, ready_to_deliver, rejects
from support import game_with as game

import eb_core as eb
from eb_core import events
from eb_core import rulebook as R
from eb_core.actions import (Borrow, Build, Deliver, Discard, DiscardHand, Drop, EndBuild, EndOperations, EndTurn, Move,
                             PickUp, PlaceTrain)

LIVERPOOL, DUBLIN = EUROPE.crossing("Liverpool–Dublin").ports      # a port that is no city; a port city
MANCHESTER = EUROPE.city("Manchester").center                      # next to the Liverpool port
FOLKESTONE = EUROPE.crossing("Chunnel").ports[0]


def staged_at_liverpool(g):
    """Ann's train staged on the Liverpool port, her ferry to Dublin and her track into Manchester."""
    g.state.track.add_crossing(0, "Liverpool–Dublin")
    lay_track(g, 0, [LIVERPOOL, MANCHESTER])
    place(g, 0, LIVERPOOL)
    ann(g).staged = True


def rented_line(g, owners):
    """A line out of Manchester whose segments belong, in turn, to ``owners`` (one segment each); Ann's
    train in Manchester. Returns the path after Manchester."""
    path = line_from(EUROPE, MANCHESTER, len(owners))
    for seat, a, b in zip(owners, path, path[1:]):
        lay_track(g, seat, [a, b])
    place(g, 0, MANCHESTER)
    return path[1:]


# --------------------------------------------------------------------------- Starting Your Train
def test_the_chunnels_folkestone_port_is_no_place_to_start_a_train():
    """Starting the Game > Starting Your Train: "place your train (pawn) in any city (including ports)" --
    Folkestone is the Chunnel's port, neither a city nor a ferry port."""
    g = game()
    err = rejects(g, PlaceTrain("Folkestone"), R.START_TRAIN)
    assert "Chunnel" in err.reason and "Harwich" in err.reason       # the ferry ports one may name instead


def test_a_ferry_port_that_is_no_city_is_a_place_to_start_a_train():
    """Starting the Game > Starting Your Train: "in any city (including ports)"."""
    g = game()
    g.apply(PlaceTrain("Liverpool"))
    assert ann(g).position == LIVERPOOL


@pytest.mark.parametrize("act", ["place", "move", "drop", "deliver"])
def test_placing_moving_dropping_or_delivering_is_acting_so_the_hand_can_no_longer_be_discarded(act):
    """How to Play: "you may give up your entire Operations and Build phases and do nothing during your turn
    except discard your entire hand" -- once the train is placed, has moved, has dropped or delivered a
    load, it is too late."""
    g = game()
    if act == "deliver":
        card, dem = ready_to_deliver(g, "Dublin")
        g.apply(Deliver(dem.load, card.id))
    elif act == "place":
        g.apply(PlaceTrain("Dublin"))
    elif act == "move":
        staged_at_liverpool(g)
        g.apply(Move([LIVERPOOL, MANCHESTER]))
    else:
        place(g, 0, MANCHESTER, ["Beer"])
        g.apply(Drop("Beer"))
    err = rejects(g, DiscardHand(), R.HOW_TO_PLAY)
    assert "already acted" in err.reason


@pytest.mark.parametrize("act", ["place", "pickup", "drop"])
def test_building_first_placing_picking_up_or_dropping_starts_the_operations_phase(act):
    """Variants & Optional Rules > Less Thinking During Your Turns: "do the Building Phase first and the
    Operations Phase last" -- an operations action ends the build: no building after it."""
    g = game("less-thinking", phase="build")
    if act == "place":
        g.apply(PlaceTrain("Dublin"))
    elif act == "pickup":
        place(g, 0, DUBLIN)
        g.apply(PickUp("Beer"))
    else:
        place(g, 0, DUBLIN, ["Wine"])
        g.apply(Drop("Wine"))
    assert g.state.phase == "operations"
    err = rejects(g, Build([DUBLIN, min(EUROPE.neighbors(DUBLIN))]), R.LESS_THINKING)
    assert "over for this turn" in err.reason


@pytest.mark.parametrize("what", ["pickup", "drop", "deliver"])
def test_no_picking_up_dropping_or_delivering_once_the_operations_phase_is_over(what):
    """How to Play: the Operations Phase comes first, then the Build Phase; loads are handled in the
    Operations Phase only."""
    g = game()
    card, dem = ready_to_deliver(g, "Dublin")
    action = {"pickup": PickUp("Beer"), "drop": Drop(dem.load), "deliver": Deliver(dem.load, card.id)}[what]
    g.apply(EndOperations())
    assert g.state.phase == "build"
    err = rejects(g, action, R.kept(R.HOW_TO_PLAY))
    assert "Build phase" in err.reason


# --------------------------------------------------------------------------- Running the Train
def test_moving_into_an_unbuilt_chunnel_is_refused():
    """Operations Phase Rules > Running the Train: a train runs on built track; nobody has built the
    Chunnel."""
    g = game()
    place(g, 0, FOLKESTONE)
    err = rejects(g, Move([EUROPE.crossing("Chunnel").mileposts[0]]), R.RUNNING)
    assert "nobody has built the Chunnel" in err.reason


def test_a_step_where_nobody_built_names_the_missing_track():
    """Operations Phase Rules > Running the Train: the refusal of a step to a neighbouring milepost says
    there is no track there (not that the mileposts are not neighbours)."""
    g = game()
    place(g, 0, MANCHESTER)
    err = rejects(g, Move([LIVERPOOL]), R.RUNNING)
    assert "no track" in err.reason and "not neighbours" not in err.reason


# --------------------------------------------------------------------------- Movement Using a Ferry
def test_a_staged_crossing_leaves_the_train_unstaged_and_crossed():
    """Operations Phase Rules > Movement Using a Ferry: "On a later turn ... you leave the staging area" --
    after the crossing the train is no longer staged, has crossed and runs at half rate."""
    g = game()
    staged_at_liverpool(g)
    g.apply(Move([DUBLIN]))
    p = ann(g)
    assert (p.position, p.staged, p.crossed, p.half_rate, p.moves_used) == (DUBLIN, False, True, True, 2)


@pytest.mark.parametrize("path", [[DUBLIN], [LIVERPOOL, MANCHESTER]], ids=["crossing", "same-port"])
def test_an_event_far_away_does_not_stop_a_ferry_crossing(path):
    """Operations Phase Rules > Movement Using a Ferry: a staged train crosses (or steps onto the port on
    its own side) while an event elsewhere on the map (Fog in Frankfurt) is in play."""
    g = game()
    staged_at_liverpool(g)
    events.play_event(g, "Fog: Frankfurt")
    g.apply(Move(path))
    assert ann(g).position == path[-1] and ann(g).half_rate


def test_fast_game_a_crossing_with_exactly_four_points_left_is_allowed():
    """Variants & Optional Rules > Fast Game: "it takes four movements to go from one port to the opposite
    port. You must end your movement if you reach a port with less than four movements left" -- with four
    left, the train crosses."""
    g = game("fast-game", base="europe-basic")
    g.state.track.add_crossing(0, "Liverpool–Dublin")
    place(g, 0, LIVERPOOL)
    ann(g).moves_used = 12
    g.apply(Move([DUBLIN]))
    assert (ann(g).position, ann(g).moves_used, ann(g).half_rate) == (DUBLIN, 16, False)


def test_fast_game_a_train_leaving_a_ferry_port_is_never_slowed():
    """Variants & Optional Rules > Fast Game: "Ignore standard ferry movement rules" -- no half speed: a
    train that ended its turn on the Liverpool port and steps onto it again runs on at full rate."""
    g = game("fast-game", base="europe-basic")
    staged_at_liverpool(g)
    g.apply(Move([LIVERPOOL, MANCHESTER]))
    assert (ann(g).position, ann(g).moves_used, ann(g).half_rate) == (MANCHESTER, 2, False)


# --------------------------------------------------------------------------- Renting Track
def test_rent_with_exactly_4m_leaves_the_renter_with_nothing():
    """Operations Phase Rules > Renting Track: "You may not use an opponent's track unless you have the
    cash to pay the rental fee before using it" -- 4M is enough."""
    g = game()
    path = rented_line(g, [1])
    ann(g).cash = 4
    g.apply(Move(path))
    assert (ann(g).cash, g.state.players[1].cash, ann(g).position) == (0, 54, path[-1])


def test_the_second_rent_of_a_move_must_be_paid_from_what_is_left():
    """Operations Phase Rules > Renting Track: 4M for each opponent's network; with 7M, Ben's track is
    paid for, Cy's is not."""
    g = game(players=("Ann", "Ben", "Cy"))
    path = rented_line(g, [1, 2])
    ann(g).cash = 7
    err = rejects(g, Move(path), R.RENT)
    assert "Cy" in err.reason and "3M" in err.reason


def test_naming_a_player_who_owns_none_of_the_track_pays_the_owner():
    """Operations Phase Rules > Renting Track: "If more than one player has built the track ... you may
    choose which player to use" -- a choice among the owners only: the rent goes to Ben, who built it,
    not to Cy."""
    g = game(players=("Ann", "Ben", "Cy"))
    path = rented_line(g, [1])
    g.apply(Move(path, rent_from=2))
    assert [p.cash for p in g.state.players] == [46, 54, 50]


@pytest.mark.parametrize("who", [-1, 2])
def test_rent_from_a_seat_that_is_not_at_the_table_is_invalid(who):
    """Operations Phase Rules > Renting Track: the owner rented from is a player of the game."""
    g = game()
    path = rented_line(g, [1])
    before = g.to_json()
    with pytest.raises(eb.InvalidAction) as ei:
        g.apply(Move(path, rent_from=who))
    assert ei.value.field == "rent_from" and g.to_json() == before


def test_ben_may_name_ann_seat_0_as_the_owner_he_rents_from():
    """Operations Phase Rules > Renting Track: seat 0 is a player like any other."""
    g = game(players=("Ann", "Ben", "Cy"))
    g.state.current = 1
    path = rented_line(g, [0])
    place(g, 1, MANCHESTER)
    g.state.players[0].position = None
    g.apply(Move(path, rent_from=0))
    assert [p.cash for p in g.state.players] == [54, 46, 50]


# --------------------------------------------------------------------------- Pay To Move
def test_pay_to_move_with_exactly_1m_moves_on_own_track():
    """Variants & Optional Rules > Challenging Variants > Pay To Move: "You must pay 1 million per turn to
    the bank to move on your own track" -- 1M is enough."""
    g = game("pay-to-move")
    path = rented_line(g, [0])
    ann(g).cash = 1
    g.apply(Move(path))
    assert (ann(g).cash, ann(g).position) == (0, path[-1])


def test_pay_to_move_the_own_track_fee_comes_out_before_the_rent():
    """Variants & Optional Rules > Challenging Variants > Pay To Move: "1 million per turn ... on your own
    track, and/or 4 million to move on another player's network" -- with 4M, the 1M fee leaves 3M, too
    little for Ben's track."""
    g = game("pay-to-move")
    path = rented_line(g, [0, 1])
    ann(g).cash = 4
    err = rejects(g, Move(path), R.RENT)
    assert "3M" in err.reason


# --------------------------------------------------------------------------- Picking Up / Dropping Loads
def test_no_pick_up_outside_a_city():
    """Operations Phase Rules > Picking Up Loads: loads are picked up in cities; the Liverpool ferry port is
    none."""
    g = game()
    place(g, 0, LIVERPOOL)
    err = rejects(g, PickUp("Cars"), R.PICKUP)
    assert "not in a city" in err.reason


def test_no_dropping_a_load_the_train_does_not_carry():
    """Operations Phase Rules > Picking Up Loads: only a load on the train can be dropped."""
    g = game()
    place(g, 0, DUBLIN, ["Wine"])
    err = rejects(g, Drop("Beer"), R.PICKUP)
    assert "does not carry Beer" in err.reason


def test_pay_to_load_the_last_movement_point_picks_up_a_load():
    """Variants & Optional Rules > Challenging Variants > Pay To Load And Deliver: "You use one milepost of
    movement each time you pick up" -- with one point left, the load is picked up."""
    g = game("pay-to-load")
    place(g, 0, DUBLIN)
    ann(g).moves_used = 8
    g.apply(PickUp("Beer"))
    assert (ann(g).loads, ann(g).moves_used) == (["Beer"], 9)
    rejects(g, PickUp("Beer"), R.PAY_TO_LOAD)


def test_pay_to_load_dropping_a_load_uses_a_movement_point():
    """Variants & Optional Rules > Challenging Variants > Pay To Load And Deliver: "each time you pick up
    or drop off one load"."""
    g = game("pay-to-load")
    place(g, 0, DUBLIN, ["Wine"])
    chips = g.state.bank["Wine"]
    g.apply(Drop("Wine"))
    assert (ann(g).loads, ann(g).moves_used, g.state.bank["Wine"]) == ([], 1, chips + 1)


# --------------------------------------------------------------------------- Field Warehousing
def test_field_warehousing_a_producing_city_with_a_chip_in_the_bank_takes_it_from_the_bank():
    """Variants & Optional Rules > Challenging Variants > Field Warehousing: a warehouse elsewhere is used
    only when "the bank is empty" -- with one chip left, the pick-up takes it from the bank."""
    g = game("field-warehousing")
    g.state.bank["Wine"] = 1
    g.state.warehouses["Aberdeen"] = {"Wine": 1}
    place(g, 0, EUROPE.city("Bordeaux").center)
    g.apply(PickUp("Wine"))
    assert (g.state.bank["Wine"], g.state.warehouses) == (0, {"Aberdeen": {"Wine": 1}})


def test_field_warehousing_no_load_from_a_warehouse_elsewhere_in_a_city_that_does_not_produce_it():
    """Variants & Optional Rules > Challenging Variants > Field Warehousing: "in a city that normally
    produces the load, but the bank is empty" -- Dublin does not produce Wine."""
    g = game("field-warehousing")
    g.state.bank["Wine"] = 0
    g.state.warehouses["Aberdeen"] = {"Wine": 1}
    place(g, 0, DUBLIN)
    err = rejects(g, PickUp("Wine"), R.PICKUP)
    assert "does not offer Wine" in err.reason


def test_field_warehousing_the_bank_empty_the_load_comes_from_a_warehouse_that_has_it():
    """Variants & Optional Rules > Challenging Variants > Field Warehousing: "the player may take the load
    from any Field Warehouse that has it" -- not from Aberdeen's, which holds only Fish."""
    g = game("field-warehousing")
    g.state.bank["Wine"] = 0
    g.state.warehouses.update({"Aberdeen": {"Fish": 1}, "Zürich": {"Wine": 2}})
    place(g, 0, EUROPE.city("Bordeaux").center)
    g.apply(PickUp("Wine"))
    assert ann(g).loads == ["Wine"]
    assert g.state.warehouses == {"Aberdeen": {"Fish": 1}, "Zürich": {"Wine": 1}}


# --------------------------------------------------------------------------- Delivering Loads
def test_a_delivery_pays_off_the_last_1m_of_a_mercy_loan():
    """Variants & Optional Rules > Mercy: "Each time you make a delivery, at least half of the payoff amount
    must be directed to the loan balance until the loan is paid in full" -- 1M still owed is repaid."""
    g = game("mercy")
    card, dem = ready_to_deliver(g, "Dublin")
    ann(g).loan = 1
    g.apply(Deliver(dem.load, card.id))
    assert (ann(g).loan, ann(g).cash, ann(g).delivered) == (0, 50 + dem.payout - 1, 1)


def test_without_a_loan_a_delivery_pays_in_full_and_says_nothing_of_mercy():
    """Variants & Optional Rules > Mercy: the share of a payoff goes to the loan only "until the loan is
    paid in full" -- with no loan, the whole payoff is cash and the log has no repayment."""
    g = game("mercy")
    card, dem = ready_to_deliver(g, "Dublin")
    g.apply(Deliver(dem.load, card.id))
    assert ann(g).cash == 50 + dem.payout and not any("Mercy" in line for line in g.state.log)


def test_sudden_death_a_delivery_makes_the_round_count():
    """How to Win > Sudden Death Tiebreaker: "Cash is counted at the end of every round during which at
    least one player has made a delivery" -- Ann and Ben tied at 70M, Ann delivers: she wins at the end of
    the round."""
    g = game()
    g.state.sudden_death = [0, 1]
    for p in g.state.players:
        p.cash = 70
    place(g, 1, DUBLIN)
    card, dem = ready_to_deliver(g, "Dublin")
    g.apply(Deliver(dem.load, card.id))
    g.apply(EndTurn())
    assert not g.over
    g.apply(EndTurn())
    assert g.over and g.winners == [0]


def test_losing_a_load_without_naming_it_loses_the_first_carried():
    """Event Card Effects > Losing Loads: the train loses one load (the first it carries when none is
    named) and it goes back to the bank."""
    g = game()
    place(g, 0, DUBLIN, ["Wine", "Beer"])
    wine = g.state.bank["Wine"]
    assert g.lose_load(0) == "Wine"
    assert (ann(g).loads, g.state.bank["Wine"], ann(g).no_pickup) == (["Beer"], wine + 1, True)


# --------------------------------------------------------------------------- Discarding cards
def four_card_hand(g):
    """Ann back to the four-card opening hand of her first operations turn (a fifth demand card drawn)."""
    g.state.players[0].hand.append(g.state.draw_pile.pop())
    return g.state.players[0].hand


def test_the_opening_discard_goes_to_the_discard_pile():
    """Starting the Game > Starting Your Train: "you discard down to three cards" -- the card given up lies
    on the discard pile."""
    g = game()
    hand = four_card_hand(g)
    gone = hand[3]
    g.apply(Discard(gone))
    assert gone not in ann(g).hand and len(ann(g).hand) == 3 and g.state.discard_pile[-1] == gone


def test_the_opening_discard_is_of_a_card_in_the_hand():
    """Starting the Game > Starting Your Train: the card discarded down to three is one of your own."""
    g = game()
    four_card_hand(g)
    err = rejects(g, Discard(g.state.players[1].hand[0]), R.START_TRAIN)
    assert "not in your hand" in err.reason


def free_discard_game(phase):
    g = ops_game(rules=eb.ruleset("europe-standard", "less-thinking").with_(end_of_turn_discards=1))
    g.state.phase = phase
    return g


def test_no_free_discard_before_the_train_is_placed():
    """Starting the Game > Starting Your Train: "you must place your train" at the first turn with an
    Operations phase -- the free end-of-turn discard (which ends the turn) waits until it is placed."""
    g = free_discard_game("operations")
    err = rejects(g, Discard(ann(g).hand[0]), R.START_TRAIN)
    assert "Place your train" in err.reason


def test_no_free_discard_in_a_special_build_turn():
    """Starting the Game > Special Build Turns: a special turn is building only; the free end-of-turn
    discard of a card is not part of it."""
    g = free_discard_game("build")
    g.state.special_round = 1
    err = rejects(g, Discard(ann(g).hand[0]), R.SPECIAL)
    assert "special build turn" in err.reason


# --------------------------------------------------------------------------- Ending a phase
def test_the_operations_phase_ends_once():
    """How to Play: the Operations Phase, then the Build Phase -- in the Build Phase there is no operations
    phase left to end."""
    g = game()
    place(g, 0, DUBLIN)
    g.apply(EndOperations())
    rejects(g, EndOperations(), R.kept(R.HOW_TO_PLAY))
    assert g.state.phase == "build" and g.current_player == 0


def test_no_ending_operations_in_a_special_build_turn():
    """Starting the Game > Special Build Turns: a special turn has no Operations phase to end."""
    g = game("less-thinking", phase="build")
    g.state.special_round = 1
    place(g, 0, DUBLIN)
    rejects(g, EndOperations(), R.SPECIAL)


def test_with_four_cards_the_first_thing_to_do_is_discard():
    """Starting the Game > Starting Your Train: "you discard down to three cards (if necessary). Then, you
    must place your train" -- ending the Operations phase with four cards asks for the discard first."""
    g = game()
    four_card_hand(g)
    err = rejects(g, EndOperations(), R.START_TRAIN)
    assert "Discard down to 3" in err.reason


def test_end_build_in_a_standard_game_says_the_build_is_the_last_phase():
    """How to Play: the Build Phase ends the turn in the standard game; there is no EndBuild to pass to
    operations -- the refusal says to end the turn."""
    g = game(phase="build")
    err = rejects(g, EndBuild(), R.HOW_TO_PLAY)
    assert "last phase" in err.reason and "EndTurn" in err.reason


def test_building_first_a_special_build_turn_has_no_operations_to_begin():
    """Starting the Game > Special Build Turns: building first, a special turn still has no Operations
    Phase: EndBuild is refused, EndTurn ends it."""
    g = game("less-thinking", phase="build")
    g.state.special_round = 1
    err = rejects(g, EndBuild(), R.SPECIAL)
    assert "EndTurn" in err.reason


# --------------------------------------------------------------------------- Discarding the hand
def test_no_discarding_the_hand_in_the_build_phase_after_operations():
    """How to Play: discarding the hand replaces "your entire Operations and Build phases" -- once the
    Operations phase is over, even with nothing built, it is too late."""
    g = game()
    place(g, 0, DUBLIN)
    g.apply(EndOperations())
    err = rejects(g, DiscardHand(), R.HOW_TO_PLAY)
    assert "too late" in err.reason


def test_open_contracts_a_full_table_sends_the_whole_hand_to_the_discard_pile():
    """Variants & Optional Rules > Challenging Variants > Open Contracts: "Up to four of these may be on the
    board at one time" -- with four face up, the discarded hand goes to the discard pile, none face up."""
    g = game("open-contracts")
    st = g.state
    st.open_contracts = [st.draw_pile.pop() for _ in range(4)]
    table, old = list(st.open_contracts), list(ann(g).hand)
    g.apply(DiscardHand())
    assert st.open_contracts == table and st.discard_pile[-3:] == old
    assert not any(line.startswith("Open contracts") for line in st.log)


@pytest.mark.parametrize("seed", range(4))
def test_open_contracts_dealt_at_the_start_lose_no_event_card(seed):
    """Variants & Optional Rules > Challenging Variants > Open Contracts: "at the start of the game deal 4
    face up demand cards as open contracts" -- event cards met while dealing them stay in the deck."""
    r = eb.ruleset("europe-standard", "open-contracts").with_(open_contracts_dealt=4)
    g = eb.Game.new(r, board=EUROPE, deck=DECK, players=["Ann", "Ben"], seed=seed)
    st = g.state
    assert len(st.open_contracts) == 4
    assert {c.id for c in DECK.event_cards} <= set(st.draw_pile)
    held = [c for p in st.players for c in p.hand] + st.open_contracts + st.draw_pile + st.discard_pile
    assert sorted(held) == sorted(c.id for c in (*DECK.demand_cards, *DECK.event_cards))


def test_mercy_no_new_loan_while_1m_is_still_owed():
    """Variants & Optional Rules > Mercy: the loan is repaid "until the loan is paid in full" -- owing
    1M, Ann may not borrow again."""
    g = game("mercy")
    ann(g).loan = 1
    err = rejects(g, Borrow(10), R.MERCY)
    assert "1M" in err.reason


# --------------------------------------------------------------------------- Drawing cards
def test_an_exhausted_deck_is_reshuffled_not_turned_over():
    """How to Play: "If the draw deck is exhausted ... the entire discard pile is reshuffled" -- the new
    draw pile holds the same cards in a new order."""
    g = game()
    card, dem = ready_to_deliver(g, "Dublin")
    st = g.state
    st.discard_pile, st.draw_pile = st.draw_pile[:30], []     # demand cards only
    discards = list(st.discard_pile) + [card.id]              # the delivered card is discarded first
    g.apply(Deliver(dem.load, card.id))
    drawn = ann(g).hand[-1]
    assert st.shuffles == 1 and sorted(st.draw_pile + [drawn]) == sorted(discards)
    assert st.draw_pile + [drawn] != discards


def test_with_no_card_left_anywhere_the_hand_stays_short_and_the_turn_passes():
    """Variants & Optional Rules > Less Thinking During Your Turns: "draw new cards to replenish your hand
    up to three cards" -- when neither the draw pile nor the discard pile has a card, Ann's turn ends with
    the two cards she holds."""
    g = game("less-thinking")
    place(g, 0, DUBLIN)
    st = g.state
    st.open_contracts.append(ann(g).hand.pop())          # (the third card lies elsewhere)
    st.draw_pile, st.discard_pile = [], []
    g.apply(EndTurn())
    assert len(ann(g).hand) == 2 and g.current_player == 1 and "No card left to draw." in st.log


# --------------------------------------------------------------------------- Turn order
def test_each_turn_played_is_counted():
    """How to Play: "Then the player to your left takes their turn" -- Ann's turn, then Ben's: two turns of
    the game played, one each, and Ann is to play again."""
    g = game()
    place(g, 0, DUBLIN)
    place(g, 1, DUBLIN)
    turn = g.state.turn
    g.apply(EndTurn())
    assert (g.state.turn, g.current_player) == (turn + 1, 1)
    g.apply(EndTurn())
    assert (g.state.turn, g.current_player, [p.turns for p in g.state.players]) == (turn + 2, 0, [1, 1])


def test_a_lost_turn_is_no_chance_to_rebuild_a_flooded_bridge():
    """Event Card Effects > Floods: "You may not build where another player's bridge was located until that
    player has taken one turn during which they could have rebuilt it" -- Trella's lost turn (a
    derailment) does not count; her next real turn does."""
    g = ops_game(("Trella", "Ben"), current=1)
    st = g.state
    a, b = sorted(events.area_of(g, event_card("Flood: Ebro")).edges)[0]
    st.blocked_rebuild = {f"{a}-{b}": 0}
    place(g, 0, EUROPE.city("Valencia").center)
    place(g, 1, EUROPE.city("Paris").center)
    st.players[0].lost_turns = 1
    g.apply(EndTurn())                          # Ben's turn ends; Trella's is lost
    assert g.current_player == 1 and st.blocked_rebuild == {f"{a}-{b}": 0}
    g.apply(EndTurn())
    g.apply(EndTurn())                          # Trella's first real turn: she could have rebuilt
    assert st.blocked_rebuild == {}


def test_one_special_build_turn_each_then_the_first_player_starts_the_rounds():
    """Starting the Game > Special Build Turns, with a ruleset of one special build turn
    (``special_build_turns=1``): after each player's special turn, normal turns begin with the starting
    player."""
    g = eb.Game.new(eb.ruleset("europe-standard").with_(special_build_turns=1), board=EUROPE, deck=DECK,
                    players=["Ann", "Ben"], seed=3)
    first = g.state.first_player
    g.apply(EndTurn())
    g.apply(EndTurn())
    assert (g.state.special_round, g.state.round, g.current_player, g.phase) == (0, 1, first, "operations")


def test_the_special_build_turns_come_before_round_one():
    """Starting the Game > Special Build Turns: "After all players take one special turn, the last player
    goes again and the second special turn play continues counterclockwise. From this point, players will
    take normal turns, beginning with the Starting Player" -- the special turns are no round of the game:
    round 1 begins with the starting player's first normal turn."""
    g = eb.Game.new("europe-standard", board=EUROPE, deck=DECK, players=["Ann", "Ben", "Cy"], seed=3)
    first = g.state.first_player
    seats, rounds = [], []
    for _ in range(6):
        seats.append(g.current_player)
        rounds.append((g.state.special_round, g.state.round))
        g.apply(EndTurn())
    order = [(first + k) % 3 for k in range(3)]
    assert seats == order + order[::-1]
    assert rounds == [(1, 0)] * 3 + [(2, 0)] * 3
    assert (g.current_player, g.state.special_round, g.state.round, g.phase) == (first, 0, 1, "operations")


def test_a_new_turn_may_begin_with_discarding_the_hand_whatever_the_last_player_did():
    """How to Play: each player may "give up your entire Operations and Build phases" to discard the hand
    -- Ann has moved this turn; Ben, next, has done nothing yet and may."""
    g = game()
    staged_at_liverpool(g)
    place(g, 1, DUBLIN)
    g.apply(Move([LIVERPOOL, MANCHESTER]))
    g.apply(EndTurn())
    old = list(g.state.players[1].hand)
    g.apply(DiscardHand())
    assert g.current_player == 0 and not set(old) & set(g.state.players[1].hand)


def test_two_free_discards_are_counted_afresh_each_turn():
    """Empire Express: Discard Cards, with a ruleset of two free end-of-turn discards
    (``end_of_turn_discards=2``): Ann discards one card and ends her turn; Ben's first discard still
    leaves him his second."""
    g = ops_game(rules=eb.ruleset("europe-standard", "less-thinking").with_(end_of_turn_discards=2))
    place(g, 0, DUBLIN)
    place(g, 1, DUBLIN)
    g.apply(Discard(ann(g).hand[0]))
    g.apply(EndTurn())
    g.apply(EndBuild())
    g.apply(Discard(g.state.players[1].hand[0]))
    assert (g.current_player, g.phase) == (1, "discard")
