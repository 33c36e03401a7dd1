"""What the current player may do now: small legal actions for bots and teaching, buildable segments,
movable steps, legal pick-ups, deliveries and drops, track neighbours and the longest legal move.

Functions over a :class:`~eb_core.engine.game.Game`; none changes the game. The whole-board no-blocking
rules are not checked here (``Game.apply`` does).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from .. import events as _events
from ..actions import (Build, Deliver, Discard, DiscardHand, Drop, EndBuild, EndOperations, EndTurn, Move, PickUp,
                       PlaceTrain, Upgrade)
from ..costs import segment_cost
from ..errors import IllegalAction, InvalidAction
from ..track import crossing_player_cap, seg_key
from .build import any_network, check_city_limits, enter_build
from .common import active_effects, build_first, in_operations, last_phase, operations_next, train_view
from .operations import can_handle_load, demand_for, pickup_problem, plan_move, step_info

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

__all__ = ["legal_actions", "buildable_segments", "movable_steps", "track_neighbors", "longest_legal_move",
           "legal_pickups", "legal_deliveries", "legal_drops"]


def buildable_segments(game: Game, seat: int | None = None) -> list[tuple[int, int, int]]:
    """``(a, b, cost)`` for every single new segment the current player could build right now from
    their network or a major/key city milepost, within the turn's budget and their cash, respecting
    right of way, red areas, the out-of-major limit, crossing and city limits. The whole-board
    no-blocking rules are not checked here (apply() does)."""
    st, ix, board, rules = game.state, game.index, game.board, game.rules
    seat = st.current if seat is None else seat
    p = st.players[seat]
    if st.phase == "over" or (st.phase == "build" and p.upgraded and rules.cross_grade_cost is None):
        return []
    if seat == st.current:
        try:        # not now: the Building Phase came first and is over, the train is not placed yet, ...
            enter_build(game, "building track")
        except IllegalAction:
            return []
    budget = min(rules.build_limit - p.spent, p.cash)
    if budget <= 0:
        return []
    tr = st.track
    owned = tr.owned_crossings(seat)
    starts = any_network(game) if rules.branching else set(game.network(seat))
    major_ok = rules.builds_out_of_major_per_turn is None or len(p.built_out_of) < rules.builds_out_of_major_per_turn
    for c in ix.red_cities:
        if rules.build_from_majors or any(m in starts for m in c.mileposts):
            starts.update(c.mileposts)
    out = []
    for a in sorted(starts):
        ca = ix.city_at[a]
        if ca is not None and ca.has_red_area and not major_ok:
            continue
        for b in board.neighbors(a):
            k = seg_key(a, b)
            if k in tr.segments or k in ix.red_set or k not in ix.key_index:
                continue
            sc = segment_cost(board, rules, a, b, owned_crossings=owned)
            if sc is None or sc.total > budget:
                continue
            if sc.crossing_name is not None:
                cr = board.crossing(sc.crossing_name)
                cap = crossing_player_cap(game.rules, cr)
                if len(tr.crossing_owners(cr.name)) >= cap:
                    continue
            if any(eff.blocks_build(game, act, seat, a, b) for act, eff in active_effects(game)):
                continue
            if _events.rebuild_reserved(game, seat, a, b):
                continue
            try:
                check_city_limits(game, seat, [k], [sc.crossing_name] if sc.crossing_name else [])
            except IllegalAction:
                continue
            out.append((a, b, sc.total))
    return out


def _train_ready(game: Game, p) -> bool:
    """Whether ``p``'s train may move and handle loads now: the Operations Phase, the train placed and the
    opening hand discarded down to size (Starting Your Train)."""
    return in_operations(game) and p.position is not None and len(p.hand) <= game.rules.hand_size


def movable_steps(game: Game, seat: int | None = None) -> list[int]:
    """Mileposts the current player's train could step onto next with a one-step :class:`Move`."""
    st = game.state
    seat = st.current if seat is None else seat
    p = st.players[seat]
    if seat != st.current or not _train_ready(game, p):
        return []
    out = []
    cands = list(game.index.move_adj[p.position])
    if p.staged and p.moves_used - p.handling == 0 and not p.crossed:
        cands.append(p.position)
    for b in cands:
        try:
            plan_move(game, seat, (b,), None)
        except IllegalAction:
            continue
        out.append(b)
    return out


def legal_actions(game: Game) -> list:
    """Small legal actions for the current player: one-segment builds (whole-board no-blocking
    rules not checked), upgrades, single-step moves, pick-ups, drops, deliveries, discards, train
    placements (one per city), and the phase/turn endings; under Run Two Trains the second train's
    placements, moves, loads and upgrades too (``train=2``). Handy for random agents and teaching;
    longer builds and moves are of course legal too. With the Building Phase first the build phase
    lists :class:`EndBuild` (any operations action would start the operations as well); where the ruleset
    has a free end-of-turn discard, the turn's last phase lists one :class:`Discard` per card."""
    st, rules = game.state, game.rules
    if st.phase == "over":
        return []
    p = st.players[st.current]
    free = [Discard(c) for c in p.hand] if rules.end_of_turn_discards and not st.special_round else []
    if st.phase == "discard":
        return free + [EndTurn()]
    out: list = []
    if st.phase == "operations":
        if len(p.hand) > rules.hand_size:
            return [Discard(c) for c in p.hand]
        if not st.ops_started and not build_first(game) and rules.discard_hand:
            out.append(DiscardHand())
        out += _train_actions(game, 1)
        if p.second is not None:
            out += _train_actions(game, 2)
        if p.position is None:      # the phase ends only once train 1 is placed (Starting Your Train)
            return out
        if last_phase(game) == "operations":
            out += free
        else:
            out.append(EndOperations())
        out.append(EndTurn())
        return out
    first_build = operations_next(game)
    if rules.discard_hand and not p.spent and not p.upgraded and (
            st.special_round or (first_build and not st.ops_started)):
        out.append(DiscardHand())
    if not p.spent and not p.upgraded and p.cash >= rules.upgrade_cost:
        out += [Upgrade(t) for t in rules.upgrade_options(p.train)]
        if p.second is not None:
            out += [Upgrade(t, train=2) for t in rules.upgrade_options(p.second.train)]
    out += [Build((a, b)) for a, b, _ in buildable_segments(game)]
    if first_build:
        out.append(EndBuild())
        if p.position is not None:
            out.append(EndTurn())
        return out
    if not st.special_round:
        out += free
    out.append(EndTurn())
    return out


def _train_actions(game: Game, train: int) -> list:
    """The operations actions of the current player's train number ``train`` (2 only under Run Two
    Trains): placing it in a city while it is not on the board, else its deliveries, pick-ups, drops and
    one-step moves."""
    seat = game.state.current
    with train_view(game, seat, train) as p:
        if p.position is None:
            return [PlaceTrain(c.name, train=train) for c in game.board.cities]
        return ([Deliver(ld, cid, train=train) for ld, cid in legal_deliveries(game)]
                + [PickUp(ld, train=train) for ld in legal_pickups(game)]
                + [Drop(ld, train=train) for ld in legal_drops(game)]
                + [Move((b,), train=train) for b in movable_steps(game)])


def track_neighbors(game: Game, mp: int, seat: int | None = None, *, rent: bool = True) -> list[int]:
    """Mileposts a train could step to from ``mp`` over track usable by ``seat`` (own, public, and --
    with ``rent`` -- opponents' track and ferries), ignoring direction, speed and staging."""
    seat = game.state.current if seat is None else seat
    out = []
    for b in game.index.move_adj[mp]:
        info = step_info(game, seat, mp, b)
        if isinstance(info, str):
            continue
        if info.owners and seat not in info.owners and not rent:
            continue
        out.append(b)
    return out


def longest_legal_move(game: Game, path: Sequence[int]) -> tuple[int, ...]:
    """The longest prefix of ``path`` that the current player could move now as one :class:`Move`
    (empty if not even the first step is legal)."""
    st = game.state
    p = game.player()
    if not _train_ready(game, p):
        return ()
    best: tuple[int, ...] = ()
    for n in range(1, len(path) + 1):
        try:
            plan_move(game, st.current, tuple(path[:n]), None)
        except (IllegalAction, InvalidAction):
            break
        best = tuple(path[:n])
    return best


def legal_pickups(game: Game) -> list[str]:
    """Loads the current player may pick up where the train stands."""
    st = game.state
    p = st.players[st.current]
    if not _train_ready(game, p):
        return []
    c = game.index.city_at[p.position]
    if c is None or not can_handle_load(game, p):
        return []
    out = []
    stored = sorted(set(c.loads) | set(st.warehouses.get(c.name, {}))) if game.rules.field_warehousing else c.loads
    for ld in stored:
        if pickup_problem(game, st.current, ld) is None and not any(
                eff.blocks_pickup(game, act, st.current, p.position, ld) for act, eff in active_effects(game)):
            out.append(ld)
    return out


def legal_deliveries(game: Game) -> list[tuple[str, int]]:
    """``(load, card_id)`` pairs the current player may deliver here now."""
    st = game.state
    p = st.players[st.current]
    if not _train_ready(game, p) or not can_handle_load(game, p):
        return []
    out = []
    for cid in p.hand + st.open_contracts:
        for ld in sorted(set(p.loads)):
            d = demand_for(game, st.current, cid, ld)
            if not isinstance(d, str) and not any(
                    eff.blocks_delivery(game, act, st.current, p.position, ld) for act, eff in active_effects(game)):
                out.append((ld, cid))
    return out


def legal_drops(game: Game) -> list[str]:
    st = game.state
    p = st.players[st.current]
    if not _train_ready(game, p) or game.index.city_at[p.position] is None or not can_handle_load(game, p):
        return []
    return sorted(set(p.loads))
