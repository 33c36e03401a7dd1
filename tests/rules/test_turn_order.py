"""The turn-order switch of the ruleset: ``turn_order`` ("operations-first" / "build-first"),
``draw_on_delivery`` and ``end_of_turn_discards`` -- one mechanism for the Europe rulebook's Variants &
Optional Rules > Less Thinking During Your Turns and for Empire Express (On a Turn; Discard Cards).

Rulebook: "Reverse the normal turn order; do the Building Phase first and the Operations Phase last. When
you make a delivery, do NOT draw a new card ... Then, as the very last action of your turn, draw new cards
to replenish your hand up to three cards. Events take effect when drawn."
"""
import pytest

import eb_core as eb
from eb_core import rulebook as R
from eb_core.actions import (Build, Deliver, Discard, DiscardHand, EndBuild, EndOperations, EndTurn, Move,
                             PlaceTrain)
from support import EUROPE, lay_track, ops_game, place, rejects

STANDARD = eb.ruleset("europe-standard")
LESS = STANDARD.with_(turn_order="build-first", draw_on_delivery=False)
LESS_DISCARD = LESS.with_(end_of_turn_discards=1)


def game(rules, *, phase=None):
    """Round 1, seat 0 to play, three demand cards each, Ann's train in the city of her first card's first
    demand carrying its load, one segment of Ann's track out of that city."""
    g = ops_game()
    g.rules = rules
    st = g.state
    st.phase = phase or ("build" if rules.turn_order == "build-first" else "operations")
    p = st.players[0]
    cid = p.hand[0]
    d = g.deck.card(cid).demands[0]
    city = EUROPE.city(d.city)
    at, nb = next((m, b) for m in city.mileposts for b in EUROPE.neighbors(m) if EUROPE.city_at(b) is None)
    place(g, 0, at, [d.load])
    lay_track(g, 0, [at, nb])
    return g, cid, d, nb


def free_segment(g, seat=0):
    """A cheap single segment the player may build now."""
    return min(g.buildable_segments(seat), key=lambda t: t[2])[:2]


# ------------------------------------------------------------------------------------------ the defaults
def test_europe_defaults_keep_operations_first_draw_on_delivery_and_no_free_discard():
    r = eb.ruleset("europe-standard")
    assert (r.turn_order, r.draw_on_delivery, r.end_of_turn_discards, r.discard_hand) == \
        ("operations-first", True, 0, True)
    with pytest.raises(ValueError):
        r.with_(turn_order="sideways")
    assert eb.Ruleset.from_dict(LESS_DISCARD.to_dict()) == LESS_DISCARD


# ------------------------------------------------------------------------------------- operations first
def test_operations_first_builds_after_moving_and_never_moves_after_building():
    g, cid, d, nb = game(STANDARD)
    assert g.phase == "operations"
    g.apply(Move([nb]))
    g.apply(Build(free_segment(g)))          # building ends the operations phase
    assert g.phase == "build"
    err = rejects(g, Move([g.player(0).prev]), R.HOW_TO_PLAY)
    assert "Operations phase" in err.reason


def test_operations_first_draws_on_delivery():
    g, cid, d, nb = game(STANDARD)
    g.apply(Deliver(d.load, cid))
    assert len(g.player(0).hand) == 3 and cid not in g.player(0).hand


def test_without_a_free_discard_a_three_card_hand_cannot_discard():
    g, cid, d, nb = game(STANDARD)
    g.apply(EndOperations())
    rejects(g, Discard(cid), R.HOW_TO_PLAY)          # build phase: discarding belongs to operations
    g2, cid, d, nb = game(STANDARD)
    rejects(g2, Discard(cid), R.START_TRAIN)          # only the four-card opening hand is discarded


# ------------------------------------------------------------------------------------------ build first
def test_build_first_turn_starts_with_building_then_operations():
    g, cid, d, nb = game(LESS)
    assert g.phase == "build"
    g.apply(Build(free_segment(g)))
    g.apply(Move([nb]))                      # moving ends the Building Phase
    assert g.phase == "operations"
    err = rejects(g, Build(free_segment(g) if g.buildable_segments(0) else (nb, nb + 1)), R.LESS_THINKING)
    assert "comes first" in err.reason
    g.apply(EndTurn())
    assert g.current_player == 1 and g.phase == "build"


def test_build_first_end_build_then_end_turn_and_end_build_refused_when_operations_come_first():
    g, cid, d, nb = game(LESS)
    g.apply(EndBuild())
    assert g.phase == "operations"
    rejects(g, EndBuild(), R.LESS_THINKING)
    g.apply(EndOperations())                 # the Operations Phase is the last: the turn ends
    assert g.current_player == 1
    g2, *_ = game(STANDARD)
    rejects(g2, EndBuild(), R.HOW_TO_PLAY)


def test_build_first_new_game_starts_in_build_after_the_special_build_turns():
    g = eb.Game.new(LESS, board="tutorial", players=["A", "B"], seed=2)
    assert g.phase == "build" and g.state.special_round == 1
    for _ in range(4):
        g.apply(EndTurn())
    assert g.state.special_round == 0 and g.phase == "build"
    # the first real turn: building first, then the train is placed in the Operations Phase
    rejects(g, EndTurn(), R.START_TRAIN)
    g.apply(EndBuild())
    g.apply(Discard(g.player().hand[0]))     # the four-card opening hand, down to three
    g.apply(PlaceTrain(g.board.cities[0].name))
    g.apply(EndTurn())
    assert g.current_player != g.state.first_player


def test_build_first_discard_hand_only_before_anything_is_done():
    g, *_ = game(LESS)
    g.apply(DiscardHand())
    assert g.current_player == 1 and len(g.player(0).hand) == 3
    g2, *_ = game(LESS)
    g2.apply(Build(free_segment(g2)))
    rejects(g2, DiscardHand(), R.HOW_TO_PLAY)


# -------------------------------------------------------------------------------- the end-of-turn draw
def test_no_draw_on_delivery_then_the_hand_is_refilled_as_the_last_action():
    g, cid, d, nb = game(LESS)
    g.apply(Deliver(d.load, cid))
    p = g.player(0)
    assert len(p.hand) == 2 and p.cash == 50 + d.payout
    top = g.state.draw_pile[-1]
    g.apply(EndTurn())
    assert len(p.hand) == 3 and top in p.hand


def test_events_drawn_at_the_end_of_the_turn_take_effect():
    g, cid, d, nb = game(LESS)
    g.apply(Deliver(d.load, cid))
    tax = next(e for e in g.deck.event_cards if e.kind == "tax")
    g.state.draw_pile.append(tax.id)
    g.apply(EndTurn())
    p = g.player(0)
    assert len(p.hand) == 3 and tax.id not in p.hand
    assert any("Tax" in line or "tax" in line for line in g.state.log[-6:]), g.state.log[-6:]


def test_operations_first_without_draw_on_delivery_draws_at_the_end_too():
    g, cid, d, nb = game(STANDARD.with_(draw_on_delivery=False))
    g.apply(Deliver(d.load, cid))
    assert len(g.player(0).hand) == 2
    g.apply(EndOperations())
    assert len(g.player(0).hand) == 2        # still this turn: building comes next
    g.apply(EndTurn())
    assert len(g.player(0).hand) == 3


# ----------------------------------------------------------------------------- the free discard
def test_free_discard_in_the_last_phase_ends_the_turn_with_a_fresh_card():
    g, cid, d, nb = game(LESS_DISCARD)
    other = g.player(0).hand[1]
    rejects(g, Discard(other), R.LESS_THINKING)    # building first: not yet the end of the turn
    g.apply(EndBuild())
    top = g.state.draw_pile[-1]
    g.apply(Discard(other))
    p = g.player(0)
    assert g.current_player == 1 and other not in p.hand and top in p.hand and len(p.hand) == 3
    assert other in g.state.discard_pile


def test_free_discard_operations_first_belongs_to_the_build_phase():
    g, cid, d, nb = game(STANDARD.with_(end_of_turn_discards=1))
    other = g.player(0).hand[1]
    rejects(g, Discard(other), R.HOW_TO_PLAY)
    g.apply(EndOperations())
    rejects(g, Discard(999), R.HOW_TO_PLAY)        # not a card in the hand
    g.apply(Discard(other))
    assert g.current_player == 1 and len(g.player(0).hand) == 3


def test_two_free_discards_leave_the_turn_open_for_the_second():
    g, cid, d, nb = game(LESS.with_(end_of_turn_discards=2))
    g.apply(EndBuild())
    a, b = g.player(0).hand[1:3]
    g.apply(Discard(a))
    assert g.phase == "discard" and g.current_player == 0
    rejects(g, Move([nb]), R.HOW_TO_PLAY)
    assert set(map(type, g.legal_actions())) == {Discard, EndTurn}
    g.apply(Discard(b))
    assert g.current_player == 1 and len(g.player(0).hand) == 3


# ---------------------------------------------------------------------------------- legal actions
@pytest.mark.parametrize("rules", [STANDARD, LESS, LESS_DISCARD, STANDARD.with_(end_of_turn_discards=1)],
                         ids=["operations-first", "build-first", "build-first+discard", "operations-first+discard"])
def test_every_listed_action_is_legal_in_both_orders(rules):
    g, *_ = game(rules)
    for step in range(12):
        acts = g.legal_actions()
        assert acts
        for a in acts:
            g.clone().apply(a)
        # walk on: prefer ending the phase, to see each phase of the turn
        nxt = next((a for a in acts if isinstance(a, (EndBuild, EndOperations))), None) or \
            next((a for a in acts if isinstance(a, Move)), acts[-1])
        g.apply(nxt)
