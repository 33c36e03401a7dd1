"""A plan of deliveries and how long it takes: :class:`Plan` (the stops, payout, new track, turns and the
value it is ranked by), :class:`_Ride` (the ride timed turn by turn, ferries included), the orders in which
two or three deliveries can be run with the train's capacity (:func:`_held_after`, :func:`_feasible`) and
the board geometry the planner's estimates use (:func:`_lattice`: mileposts between two places)."""
from __future__ import annotations

import functools
import itertools
import math
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...files import derived
from ...routes import RouteState
from ...track import seg_key


@dataclass
class Plan:
    """A plan of deliveries: ``stops`` as ``(action, city, load, card id)`` in order, the ``payout``, the
    new track's ``build_cost`` (its network union), ``distance`` ridden in mileposts, ``turns`` and the
    ``value`` it was ranked by (income per turn with reused track discounted); in the endgame ``finish``,
    the turns until the victory cash is in hand, ranks it instead (``None`` otherwise)."""

    stops: list[tuple[str, str, str, Any]]
    payout: int
    build_cost: float
    distance: int
    turns: float
    value: float
    finish: float | None = None

    @property
    def income_per_turn(self) -> float:
        """Payout less the track's full price, per turn."""
        return (self.payout - self.build_cost) / max(self.turns, 1)

    def describe(self) -> str:
        """The stops in words: ``pick up Wine at Bordeaux, deliver Wine at Berlin``; two of a load in a row
        at one city said once (``pick up 2 Wheat at Lyon``)."""
        said: list[list] = []               # [verb, load, city, count]
        for a, c, ld, _ in self.stops:
            verb = "pick up" if a == "pickup" else "deliver"
            if said and said[-1][:3] == [verb, ld, c]:
                said[-1][3] += 1
            else:
                said.append([verb, ld, c, 1])
        return ", ".join(f"{v} {n} {ld} at {c}" if n > 1 else f"{v} {ld} at {c}" for v, ld, c, n in said)


def _upper_median(vals) -> float:
    """The median of ``vals`` (the upper of the two middle values for an even count)."""
    return sorted(vals)[len(vals) // 2]


def _cheapest_leg(rs: RouteState, rooted, a, b) -> tuple:
    """The cheapest build between ``a`` and ``b`` as ``(cost, mileposts from a to b, steps)``, priced from
    the end track may start from (``rooted(x)``: on the network or a major/key city; into a small or medium
    city costs its entry and out of it does not, rulebook: Beginning Construction). Only the chosen
    direction's path is walked (``rs.cost`` is a leg's cost)."""
    if a is None or a == b:
        return (0.0, (), ())
    if rs.cost(b, a) < rs.cost(a, b) and (rooted(b) or not rooted(a)):
        r = rs.leg(b, a)
        return (r[0], r[1][::-1], r[2])
    return rs.leg(a, b)


def _ahead(board, where: int | None, prev: int | None) -> int | None:
    """Where plans are priced from: the train's milepost, or, for a train standing inside a tunnel (the
    Chunnel's three mileposts count for movement, rulebook: Movement Using the Chunnel, so a turn can
    end underground), the port it is heading for -- track cannot be built from underground."""
    if where is None:
        return None
    for cr in board.tunnels:
        if where in cr.mileposts:
            seq = (cr.ports[0], *cr.mileposts, cr.ports[1])
            back = prev is not None and prev in seq and seq.index(prev) > seq.index(where)
            return seq[0] if back else seq[-1]
    return where


@dataclass(frozen=True)
class _Ride:
    """The ride turn by turn (``ride_model``): a clock ``(t, half_end)`` in turns, where the turn's
    movement runs at half rate until ``half_end``. Riding costs ``1/speed`` of a turn a milepost; a ferry
    crossing waits for the next turn (the train ends its turn on the port, rulebook: Movement Using a Ferry)
    and that turn runs at half speed, the crossing its first step (a staged train crosses at once)."""

    speed: int
    half_steps: int
    fixed: int | None           # a crossing's movement points (Fast Game), or None for staging
    start: tuple[float, float]
    cross_now: bool

    @staticmethod
    def of(game, p, own: bool) -> _Ride:
        speed, rules = p.train.speed, game.rules
        half = (speed + 1) // 2 if rules.ferry_half_speed else speed
        ops = own and game.state.phase == "operations" and p.position is not None
        t0 = min(p.moves_used, speed) / speed if ops else 0.0
        cross_now = (not ops and p.position is not None) or (ops and p.moves_used == 0 and bool(p.staged))
        return _Ride(speed, half, rules.ferry_fixed_moves, (t0, t0 if not (ops and p.half_rate) else math.ceil(t0 + 1e-9)),
                     cross_now)

    def run(self, clock: tuple[float, float], runs: tuple[int, ...]) -> tuple[float, float]:
        t, half_end = clock
        for i, n in enumerate(runs):
            if i:                                   # a ferry crossing before this run
                if self.fixed is not None:
                    room = (math.ceil(t + 1e-9) - t) * self.speed
                    if room + 1e-9 < self.fixed:
                        t = math.ceil(t - 1e-9) if room > 1e-9 else t
                    t += self.fixed / self.speed
                else:
                    if t == self.start[0] and t == int(t):      # on the port as the turn begins
                        t += 0.0 if self.cross_now else 1.0
                    else:                                       # the turn ends on the port
                        t = float(math.ceil(t - 1e-9))
                    half_end = t + 1.0
                    t += 1.0 / self.half_steps
            if n and t < half_end - 1e-9:
                room = round((half_end - t) * self.half_steps)
                k = min(n, room)
                t += k / self.half_steps
                n -= k
                if n:
                    t = half_end
            t += n / self.speed
        return (t, half_end)


def _within(path: Sequence[int], price: dict, budget: float) -> list[int]:
    """The start of ``path`` whose estimated price (``price`` per segment key) fits in ``budget`` (plus
    the next step: the engine's own price decides)."""
    spent, out = 0.0, [path[0]]
    for x, y in itertools.pairwise(path):
        out.append(y)
        spent += price.get(seg_key(x, y), 1.0)
        if spent > budget:
            break
    return out


@functools.lru_cache(maxsize=64)
def _orders2(a_carried: bool, b_carried: bool, cap: int, loaded: int) -> tuple:
    return tuple(_orders2_gen(a_carried, b_carried, cap, loaded))


def _cards(stops) -> frozenset:
    """The cards a plan's remaining ``stops`` deliver on."""
    return frozenset(s[3] for s in stops if s[0] == "deliver")


def _ferry_ports(board) -> frozenset:
    """The board's ferry ports (a tunnel's are not: its train rides through)."""
    return derived(board, "planner:ports", lambda b: frozenset(m for cr in b.crossings if not cr.is_tunnel
                                                                for m in cr.ports))


def _ferry_hop(board, ports: frozenset, x: int, y: int) -> bool:
    """A step from ferry port to ferry port with no edge between: a crossing (:func:`_ferry_ports`)."""
    return x in ports and y in ports and board.edge(x, y) is None


def _path_runs(board, path: Sequence[int]) -> tuple[int, ...]:
    """A path's rides between ferry crossings, in movement points, for :meth:`_Ride.run`: a ferry hop
    (port to port, no edge between) ends a run -- the train stages at the port and crosses at half speed
    next turn; a tunnel's port-to-port hop counts its mileposts (the Chunnel's three count for movement,
    rulebook: Movement Using the Chunnel -- no staging)."""
    ports = _ferry_ports(board)
    tunnel_steps = derived(board, "planner:tunnel-steps", lambda b: {
        pair: 1 + len(cr.mileposts) for cr in b.tunnels for pair in (cr.ports, cr.ports[::-1])})
    out, n = [], 0
    for x, y in itertools.pairwise(path):
        if _ferry_hop(board, ports, x, y):
            out.append(n)
            n = 0
        else:
            n += tunnel_steps.get((x, y), 1)
    out.append(n)
    return tuple(out)


def _lattice(board, a, b) -> int:
    """Mileposts between two places as the crow flies on the lattice (a lower estimate of a ride)."""
    last = _LATTICE_MEMO[0]
    if last is not None and last[0]() is board:      # the last board's memo (asked thousands of times a game)
        memo = last[1]
    else:
        memo = derived(board, "planner:lattice", lambda _: {})
        _LATTICE_MEMO[0] = (weakref.ref(board), memo)
    hit = memo.get((a, b))
    if hit is None:
        ma, mb = _xy(board, a), _xy(board, b)
        hit = memo[a, b] = int(round(1.1 * math.hypot(ma[0] - mb[0], ma[1] - mb[1])))
    return hit


_LATTICE_MEMO: list = [None]      # (weak reference to a board, its lattice memo)


def _xy(board, where) -> tuple[float, float]:
    if isinstance(where, str):
        return derived(board, "planner:city-xy", _city_xy)[where]
    m = board.mileposts[where]
    return (m.x, m.y)


def _city_xy(board) -> dict[str, tuple[float, float]]:
    return {c.name: (board.mileposts[c.center].x, board.mileposts[c.center].y) for c in board.cities}


def _orders2_gen(a_carried: bool, b_carried: bool, cap: int, loaded: int):
    """Orders of two deliveries' pick-ups (``(who, "pickup")``) and deliveries that fit the train."""
    acts = []
    for who, carried in ((0, a_carried), (1, b_carried)):
        if not carried:
            acts.append((who, "pickup"))
        acts.append((who, "deliver"))
    seen = set()
    for perm in itertools.permutations(acts):
        if perm in seen:
            continue
        seen.add(perm)
        ok, held = True, loaded
        picked = {0: a_carried, 1: b_carried}
        for who, act in perm:
            if act == "pickup":
                held += 1
                picked[who] = True
                if held > cap:
                    ok = False
                    break
            else:
                if not picked[who]:
                    ok = False
                    break
                held -= 1
        if ok:
            yield perm


def _rank(plan: Plan) -> tuple:
    if plan.finish is not None:
        return (plan.finish, -plan.value, plan.build_cost)
    return (-plan.value, plan.build_cost)        # a stable sort keeps the (fixed) enumeration order


def _held_after(carried, stops, cap: int | None = None, *, strict: bool = True) -> list[str] | None:
    """The loads on the train after running ``stops`` in order from ``carried``; ``None`` when a delivery's
    load is neither carried nor picked up before it, or the train would hold more than ``cap`` loads
    (``strict=False``: such a delivery takes nothing off the train)."""
    held = list(carried)
    for act, _, ld, _ in stops:
        if act == "pickup":
            held.append(ld)
            if cap is not None and len(held) > cap:
                return None
        elif ld in held:
            held.remove(ld)
        elif strict:
            return None
    return held


def _feasible(stops, carried, cap: int) -> bool:
    """The stops can be run in order: every delivery has its load on the train (carried or picked up
    before) and the train never holds more than ``cap`` loads."""
    return _held_after(carried, stops, cap) is not None
