"""Cards and turn flow: discarding the opening hand, drawing (events resolved as drawn), discarding the
whole hand, lost turns, Mercy loans, and the order of turns through the special build turns, the rounds
and the sudden-death tiebreaker (rulebook: How to Play; Starting the Game; Delivering Loads, step 5;
Event Card Effects > Losing Turns; Variants & Optional Rules > Mercy).

Functions over a :class:`~eb_core.engine.game.Game`.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .. import events as _events
from .. import rulebook as R
from ..actions import Borrow, Discard, DiscardHand, EndBuild, EndOperations, EndTurn
from ..errors import IllegalAction
from ..words import and_list
from .admin import admin_phase, end_of_round
from .common import (active_effects, build_first, each_train, last_phase, operations_next, require_hand_ready,
                     require_operations, turn_rule)

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

__all__ = ["draw_one", "draw_until_demand", "refill_hand", "lose_turn", "end_turn", "do_discard", "do_end_ops",
           "do_end_build", "do_end_turn", "do_discard_hand", "do_borrow"]

FREE_DISCARDS = "free_discards"
"""``GameState.flags`` key: the free end-of-turn discards made in the current turn."""


def do_discard(game: Game, a: Discard, check: bool) -> None:
    st, p = game.state, game.player()
    if len(p.hand) <= game.rules.hand_size and game.rules.end_of_turn_discards > 0:
        free_discard(game, a)
        return
    require_operations(game, what="Discarding down to three cards")
    if len(p.hand) <= game.rules.hand_size:
        raise IllegalAction(R.START_TRAIN, f"You already hold {len(p.hand)} cards; only the four-card opening "
                                           f"hand is discarded down to {game.rules.hand_size}.")
    if a.card_id not in p.hand:
        raise IllegalAction(R.START_TRAIN, f"Card {a.card_id} is not in your hand ({p.hand}).")
    p.hand.remove(a.card_id)
    st.discard_pile.append(a.card_id)
    st.log.append(f"{p.name} discards card {game.deck.card(a.card_id).label} to start with "
                  f"{len(p.hand)} cards.")


def free_discard(game: Game, a: Discard) -> None:
    """The optional free discard of one demand card at the end of the turn, after building and moving,
    just before the draw up to a full hand (``Ruleset.end_of_turn_discards``; Empire Express: Discard
    Cards). It ends the turn once the allowed number of discards is made."""
    st, p, rules = game.state, game.player(), game.rules
    rule = R.EXPRESS_DISCARD if rules.game == "express" else turn_rule(game)
    if st.special_round:
        raise IllegalAction(R.SPECIAL, "There is no free discard in a special build turn.")
    if st.phase != "discard" and st.phase != last_phase(game):
        first = "build track and move your train" if build_first(game) else "run your train and build"
        raise IllegalAction(rule, f"The free discard comes at the end of your turn: {first} first "
                                  f"(or end the {st.phase} phase), then discard one card and draw.")
    if p.position is None:
        raise IllegalAction(R.START_TRAIN, "Place your train in a city before ending your turn.")
    if a.card_id not in p.hand:
        raise IllegalAction(rule, f"Card {a.card_id} is not in your hand ({p.hand}).")
    p.hand.remove(a.card_id)
    st.discard_pile.append(a.card_id)
    done = st.flags.get(FREE_DISCARDS, 0) + 1
    st.flags[FREE_DISCARDS] = done
    st.log.append(f"{p.name} discards card {game.deck.card(a.card_id).label} at the end of the turn.")
    if done >= rules.end_of_turn_discards:
        st.turn_over = True
    else:
        st.phase = "discard"


def do_end_ops(game: Game, a: EndOperations, check: bool) -> None:
    require_operations(game, what="Ending the operations phase")
    p = game.player()
    require_hand_ready(game, "ending operations")
    if p.position is None and not game.state.simulated(game.state.current):  # (Scenario 3's Player 2 has no train)
        raise IllegalAction(R.START_TRAIN, "You must place your train in a city at your first "
                                           "operations turn.")
    if build_first(game):   # the Operations Phase is the last of the turn
        game.state.turn_over = True
    else:
        game.state.phase = "build"


def do_end_build(game: Game, a: EndBuild, check: bool) -> None:
    """End a build-first Building Phase: the Operations Phase begins."""
    st = game.state
    if not build_first(game):
        raise IllegalAction(R.HOW_TO_PLAY, "The Building Phase is the last phase of the turn in this game; "
                                           "end it with EndTurn.")
    if not operations_next(game):
        if st.phase == "build" and st.special_round:
            raise IllegalAction(R.SPECIAL, "A special build turn has no Operations Phase; end it with EndTurn.")
        raise IllegalAction(turn_rule(game), "The Building Phase is already over this turn.")
    st.phase = "operations"


def do_end_turn(game: Game, a: EndTurn, check: bool) -> None:
    st = game.state
    if st.phase == "operations" or operations_next(game):
        do_end_ops(game, EndOperations(), check)
    game.state.turn_over = True


def do_discard_hand(game: Game, a: DiscardHand, check: bool) -> None:
    st, p = game.state, game.player()
    if not game.rules.discard_hand:
        raise IllegalAction(turn_rule(game), "This game has no discarding of the whole hand; "
                            + ("discard one card at the end of your turn instead."
                               if game.rules.end_of_turn_discards else "play the cards you hold."))
    if operations_next(game):
        if st.ops_started or p.spent or p.upgraded:
            raise IllegalAction(R.HOW_TO_PLAY, "Discarding your hand replaces your entire Build and Operations "
                                               "phases; you have already acted this turn.")
    elif st.phase == "operations" and not build_first(game):
        if st.ops_started:
            raise IllegalAction(R.HOW_TO_PLAY, "Discarding your hand replaces your entire Operations and Build "
                                               "phases; you have already acted this turn.")
    elif st.phase == "build" and st.special_round:
        if p.spent or p.upgraded:
            raise IllegalAction(R.SPECIAL, "You may give up a special build turn to discard your hand, but you "
                                           "have already built this turn.")
    else:
        raise IllegalAction(R.HOW_TO_PLAY, "Discarding your hand replaces your entire Operations and Build "
                                           "phases; it is too late in this turn.")
    seat = st.current
    old = list(p.hand)
    p.hand.clear()
    st.log.append(f"{p.name} discards the hand (cards {and_list(game.deck.card(c).label for c in old)}) and draws "
                  f"{game.rules.hand_size} new cards.")
    st.discard_pile.extend(open_contracts_from(game, old))
    special = bool(st.special_round)
    while len(p.hand) < game.rules.hand_size:
        if not draw_until_demand(game, seat, special=special):
            break
    st.turn_over = True


def open_contracts_from(game: Game, cards: list[int]) -> list[int]:
    """Open Contracts: put discarded demand cards face up beside the board while there is room (at most
    ``rules.open_contracts``; randomly chosen, seeded, when not all fit) and return the cards that go to
    the discard pile."""
    st, room = game.state, game.rules.open_contracts - len(game.state.open_contracts)
    if room <= 0:
        return list(cards)
    chosen = list(cards)
    if len(chosen) > room:
        chosen = random.Random(f"eb:{st.seed}:contracts:{st.turn}").sample(chosen, room)
    st.open_contracts.extend(chosen)
    st.log.append(f"Open contracts: {and_list(game.deck.card(c).label for c in chosen)} placed face up "
                  f"({len(st.open_contracts)} on the table).")
    return [c for c in cards if c not in chosen]


def deal_open_contracts(game: Game, n: int) -> None:
    """Open Contracts, the alternative: deal ``n`` face-up demand cards from the top of the draw pile at the
    start of the game (events met on the way are set aside and shuffled back into the pile, as in the deal of
    the hands; the shuffle is seeded by the game's seed)."""
    st, aside = game.state, []
    while st.draw_pile and n > 0:
        cid = st.draw_pile.pop()
        if hasattr(game.deck.card(cid), "demands"):
            st.open_contracts.append(cid)
            n -= 1
        else:
            aside.append(cid)
    if aside:
        st.draw_pile.extend(aside)
        random.Random(f"eb:{st.seed}:contracts-dealt").shuffle(st.draw_pile)


def do_borrow(game: Game, a: Borrow, check: bool) -> None:
    st, p, rules = game.state, game.player(), game.rules
    if rules.mercy_loan is None:
        raise IllegalAction(R.NO_CREDIT, "There are no loans in this game (No Credit/No Loans); borrowing is "
                                         "possible only with the Mercy variant.")
    lo, hi = rules.mercy_loan
    if p.loan > 0:
        raise IllegalAction(R.MERCY, f"You still owe {p.loan}M from your Mercy loan; repay it in full before "
                                     "borrowing again.")
    if not lo <= a.amount <= hi:
        raise IllegalAction(R.MERCY, f"A Mercy loan is at least {lo}M and at most {hi}M; you asked for "
                                     f"{a.amount}M.")
    p.cash += a.amount
    p.loan = a.amount * rules.mercy_repay_factor
    st.log.append(f"{p.name} invokes Mercy: borrows {a.amount}M and owes the bank {p.loan}M.")


def draw_one(game: Game) -> int | None:
    """Top card of the draw pile; an empty pile is refilled by reshuffling the discard pile (including
    the card just discarded). ``None`` when no card is left anywhere."""
    st = game.state
    if not st.draw_pile:
        if not st.discard_pile:
            return None
        pile = list(st.discard_pile)
        random.Random(f"eb:{st.seed}:shuffle:{st.shuffles}").shuffle(pile)
        st.shuffles += 1
        st.draw_pile, st.discard_pile = pile, []
        st.log.append(f"The draw deck is exhausted: the discard pile ({len(pile)} cards) is reshuffled.")
    return st.draw_pile.pop()


def draw_until_demand(game: Game, seat: int, *, special: bool = False) -> bool:
    """Draw one card at a time, resolving events as drawn, until a demand card joins ``seat``'s hand
    (rulebook: Delivering Loads, step 5). False if the cards ran out."""
    st = game.state
    for _ in range(10_000):
        cid = draw_one(game)
        if cid is None:
            st.log.append("No card left to draw.")
            return False
        card = game.deck.card(cid)
        if hasattr(card, "demands"):
            st.players[seat].hand.append(cid)
            return True
        _events.resolve(game, card, seat, special=special)
        after_event(game, card)
    return False  # pragma: no cover


#: What variants do once an event card has been drawn and resolved (Field Warehousing, Reshuffle): it lives
#: with the events, so that :func:`eb_core.events.play_event` does exactly what a draw does.
after_event = _events.after_event


def refill_hand(game: Game, seat: int) -> None:
    """Draw up to a full hand, one card at a time, events taking effect as drawn: the last action of a
    turn when no card is drawn on delivery (Less Thinking During Your Turns; Empire Express: Discard
    Cards)."""
    st = game.state
    p = st.players[seat]
    while len(p.hand) < game.rules.hand_size:
        if not draw_until_demand(game, seat, special=bool(st.special_round)):
            break
        if st.phase == "over":
            break


def lose_turn(game: Game, seat: int) -> None:
    """Make ``seat`` lose its next turn (not cumulative); if it is that player's turn, the current turn
    ends once the hand is refilled (rulebook: Event Card Effects > Losing Turns)."""
    st = game.state
    st.players[seat].lost_turns = 1
    if seat == st.current and st.phase in ("operations", "build") and not st.special_round:
        st.turn_over = True
    st.log.append(f"{st.players[seat].name} loses a turn.")


def end_turn(game: Game) -> None:
    st = game.state
    lost = False
    rules = game.rules
    while True:
        p = st.players[st.current]
        if not lost and (not rules.draw_on_delivery or rules.end_of_turn_discards):
            refill_hand(game, st.current)
            if st.phase == "over":
                return
        st.turn_over = False
        p.turns += 1
        st.turn += 1
        # staging: a train that ends its turn on a ferry port is staged (each train, under Run Two Trains);
        # one staged before and still standing there (a gale drawn since, a lost turn) stays staged -- "you no
        # longer lose a turn and a load if you are staged when that Gale is drawn" (Changes from Eurorails
        # 2009): it crosses once the gale is over
        for _ in each_train(game, st.current):
            if p.position is not None and p.position in game.index.ferry_ports and not st.special_round:
                blocked = any(eff.blocks_staging(game, act, st.current, p.position)
                              for act, eff in active_effects(game))
                p.staged = p.staged or not blocked
            else:
                p.staged = False
        _events.turn_ended(game, st.current, lost=lost)
        admin_phase(game)
        if st.phase == "over":
            return
        seat, round_end = next_seat(game)
        if round_end:
            end_of_round(game)
            if st.phase == "over":
                return
        begin_turn(game, seat)
        q = st.players[seat]
        if q.lost_turns > 0 and not st.special_round:
            q.lost_turns -= 1
            st.log.append(f"{q.name} loses this turn.")
            lost = True
            continue
        return


def next_seat(game: Game) -> tuple[int, bool]:
    st = game.state
    n = len(st.players)
    if st.special_round == 1:
        nxt = (st.current + 1) % n
        if nxt == st.first_player:
            if game.rules.special_build_turns >= 2:
                st.special_round = 2
                return st.current, False
            st.special_round = 0
            st.round = 1
            return st.first_player, False
        return nxt, False
    if st.special_round == 2:
        if st.current == st.first_player:
            st.special_round = 0
            st.round = 1
            return st.first_player, False
        return (st.current - 1) % n, False
    seat, round_end = st.current, False
    for _ in range(n):
        seat = (seat + 1) % n
        if seat == st.first_player:
            round_end = True
        if not st.sudden_death or seat in st.sudden_death:
            break
    return seat, round_end


def begin_turn(game: Game, seat: int) -> None:
    st = game.state
    st.current = seat
    p = st.players[seat]
    for _ in each_train(game, seat):   # each train's movement starts afresh (Run Two Trains: both may move)
        p.moves_used, p.half_rate, p.crossed = 0, False, False
        p.no_pickup, p.handling = False, 0
    p.spent, p.upgraded = 0, False
    p.built_out_of, p.rented = [], []
    p.fee_paid = False
    st.ops_started = False
    st.flags.pop(FREE_DISCARDS, None)
    st.phase = "build" if st.special_round or build_first(game) else "operations"
