"""The plan search: :meth:`PlanSearch.candidates` prices every plan of one, two or three deliveries the hand
allows, on one :class:`~eb_core.routes.RouteState`, and ranks them by income per turn (in the endgame, by
the turns to the victory cash). See the package docstring for what it counts.

The search in steps, each its own function: the hand's demands and the few sources worth pricing for each
(:meth:`PlanSearch._demand_options`); the pricing of one list of stops, quick or exact (:meth:`PlanSearch._scorer`,
the planner's innermost loop, with its loop invariants read once); then the plans it prices -- every
single delivery (:func:`_singles`), the pairs of the most promising demands (:func:`_pairs`), a third
delivery inserted into the best pairs (:func:`_thirds`) -- and the leaders re-priced exactly, shared track
paid once (:func:`_exact`)."""
from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

from ...routes import RouteState
from .plans import (
    Plan,
    _cheapest_leg,
    _feasible,
    _ferry_hop,
    _ferry_ports,
    _lattice,
    _orders2,
    _path_runs,
    _rank,
    _Ride,
)
from .settings import _INF


class PlanSearch:
    """The plan search of :class:`~eb_core.bots.planner.PlannerBot` (a mixin: it works on the bot's
    settings and memory, set up by ``PlannerBot.__init__``)."""

    def candidates(self, game, rs: RouteState | None = None, hand: Sequence[Any] | None = None,
                   carried: Sequence[str] | None = None, *, start: Any = None, cash: float | None = None,
                   leaders: int | None = None, sources: int | None = None,
                   pairs: int | None = None) -> list[Plan]:
        """Every plan considered for the hand now (or for ``hand``, card ids, carrying ``carried``), best
        first (see the module docstring). ``start`` (a city) and ``cash`` price the plans from another
        place and purse than the train's (a look-ahead: where a plan leaves the train); ``leaders`` plans
        are re-priced exactly (default ``exact_top``; 0: the quick ranking's plans only, the cheapest look);
        ``sources`` sources are priced a demand and ``pairs`` demands paired (defaults: the bot's ``sources``
        and ``pair_options``)."""
        p = game.state.players[self.seat]
        rs = rs or self.route_state(game)
        net = self._network(game)
        if start is None:
            start = self._origin(game)
        carried = list(p.loads if carried is None else carried)
        found = self._demand_options(game, rs, hand, carried, start, self.sources if sources is None else sources)
        if found is None:
            return []
        options, pay_of = found
        score = self._scorer(game, rs, net, start, cash, hand, pay_of)
        cap = p.train.capacity
        plans, best_single, best_src = _singles(options, score, carried, cap)
        # combinations over the most promising demands only (each judged by its best single plan)
        n_lead = self.pair_options if pairs is None else pairs
        by_single = sorted(range(len(options)), key=lambda i: (-best_single[i], i))
        if self.max_deliveries >= 2 and cap >= 1:
            plans += _pairs(options, sorted(by_single[:n_lead]), best_src, score, carried, cap)
        plans.sort(key=_rank)
        # a third delivery (a train of two loads too, with ``third_cap`` 2: picked up once a load is off),
        # from the demands that are best on their own (``third_options``)
        if self.max_deliveries >= 3 and cap >= self.third_cap:
            plans += _thirds(plans, options, sorted(by_single[:min(n_lead, self.third_options)]), best_src,
                             score, carried, cap)
            plans.sort(key=_rank)
        leaders = self.exact_top if leaders is None else leaders
        return plans if leaders <= 0 else _exact(plans, score, leaders)

    def _demand_options(self, game, rs: RouteState, hand, carried: list[str], start, n_sources: int):
        """The demands in hand (``hand``: card ids instead of the seat's hand), each as ``(card, load, city,
        payout, sources)`` with its ``n_sources`` cheapest sources by build cost towards the demand city
        (``None`` among them: the load is on the train), and each demand's payout by ``(card, city, load)``;
        ``None`` when no card has a demand the board can run. Prepares the route rows the search reads."""
        board = game.board
        p = game.state.players[self.seat]
        demands = []
        for cid in (self._in_play(game, p) if hand is None else hand):
            if hand is None and cid in self._reserved:
                continue            # Run Two Trains: the other train's plan delivers on this card
            card = game.deck.card(cid)
            for d in getattr(card, "demands", ()):
                if board.has_city(d.city) and d.load in board.loads:
                    demands.append((cid, d.load, board.city(d.city).name, d.payout))
        if not demands:
            return None
        cities = {c for _, _, c, _ in demands}
        srcs_of: dict[str, list[str]] = {}
        st = game.state
        for _, ld, _, _ in demands:
            if ld not in srcs_of:
                # Field Warehousing: a load left in a city waits there for anyone passing through
                stored = sorted(c for c, held in st.warehouses.items() if held.get(ld))
                if st.bank.get(ld, 1) > 0:
                    srcs_of[ld] = [c.name for c in board.sources(ld)]
                    srcs_of[ld] += [c for c in stored if c not in srcs_of[ld]]
                else:   # every chip of it is on a train or in play: no pick-up until one comes back
                    srcs_of[ld] = stored
        rs.prepare(list(cities) + ([start] if start is not None else []))
        # sources: the cheapest few by build cost towards the demand city (the row already computed)
        options = []        # (card, load, dest, payout, [sources or None = on the train])
        pay_of = {(cid, city, ld): pay for cid, ld, city, pay in demands}
        for cid, ld, city, pay in demands:
            cands = [s for s in srcs_of.get(ld, []) if s != city]
            ranked = sorted(cands, key=lambda s: (rs.cost(city, s) + (rs.cost(start, s) * 0.5 if start is not None
                                                                      else 0), s))
            keep: list[Any] = ranked[:n_sources]
            if ld in carried:
                keep = [None] + keep
            if keep:
                options.append((cid, ld, city, pay, keep))
        rs.prepare([s for o in options for s in o[4] if s is not None])
        return options, pay_of

    def _scorer(self, game, rs: RouteState, net, start, cash: float | None, hand, pay_of: dict):
        """The pricing of one list of stops from ``start``: ``score(stops, exact)`` is the :class:`Plan`
        (payout, track cost, mileposts, turns, value; in the endgame the turns to the victory cash) or
        ``None`` when the cash cannot pay for it (No Credit; Pay To Move's fares). ``exact=False`` prices each
        leg by its own cheapest build and a lattice estimate of its mileposts; ``exact=True`` walks the legs'
        paths, pays a segment two legs share once and times the ride turn by turn. Every leg is cached."""
        board, rules = game.board, game.rules
        p = game.state.players[self.seat]
        speed = p.train.speed
        have_majors = set(self._majors(game)) if net else set()
        need_majors = {c.name for c in board.major_cities} - have_majors if \
            len(have_majors) < rules.victory_majors else set()

        rooted_of: dict = {}

        def rooted(x) -> bool:
            """Track may start there: the network, or a major/key city (rulebook: Beginning Construction)."""
            hit = rooted_of.get(x)
            if hit is None:
                hit = rooted_of[x] = self._rooted(board, net, x)
            return hit

        legs_of: dict = {}

        def leg(a, b):
            hit = legs_of.get((a, b))
            if hit is None:
                hit = legs_of[a, b] = _cheapest_leg(rs, rooted, a, b)
            return hit

        quick_legs: dict = {}
        ports = _ferry_ports(board)

        def hop(x: int, y: int) -> bool:
            """A ferry crossing: the train stages at the port and crosses at half speed next turn."""
            return _ferry_hop(board, ports, x, y)

        def quick(a, b):
            """(cost, estimated mileposts) of a leg without walking its path."""
            hit = quick_legs.get((a, b))
            if hit is None:
                if a is None or a == b:
                    hit = (0.0, 0)
                else:
                    f, r = rs.cost(a, b), rs.cost(b, a)
                    c = r if r < f and (rooted(b) or not rooted(a)) else f
                    hit = (c, _lattice(board, a, b))
                quick_legs[a, b] = hit
            return hit

        penalty = rs.hop_penalty

        def quick_price(a, b) -> float:
            """A quick leg's build price, without the route search's ferry penalty (``rs.hop_penalty``)."""
            return float(sum(w for _, w in leg(a, b)[2]))

        # the loop invariants of score(), read once (score is the planner's innermost loop)
        ferry_turns, reuse, major_reuse = self.ferry_turns, self.reuse, self.major_reuse
        hops_of: dict = {}          # ferry crossings on each exact leg's path
        build_limit = rules.build_limit
        fare = rules.move_fee_own           # Pay To Move: M a turn the train moves on its own track
        cash0 = p.cash - self._cash_held if cash is None else cash
        ride_model = self.ride_model
        join_of = reds = None
        if self.open_join and start is None and not net and rules.build_from_majors:
            # no track yet: the first stop, unless a major or key city, is joined to one first (rulebook:
            # Beginning Construction), as the build phase does (``_build_towards``)
            reds = [c.name for c in board.cities if c.has_red_area]
            rs.prepare(reds)
            join_of = {}
        # the endgame (every major city needed joined, the victory cash within reach): plans ranked by the
        # turns until the cash is in hand, not by their income per turn (rulebook: How to Win)
        finish_at = rest_rate = None
        if self.finish_share > 0 and hand is None and not need_majors and rules.victory_cash \
                and 0 < rules.victory_cash - cash0 <= self.finish_share * rules.victory_cash:
            finish_at = rules.victory_cash
            # the income per turn assumed after a plan that does not get there
            rest_rate = max(1.0, self._typical() * self.finish_rate) if self._fresh else 6.0
        if ride_model:
            ride = _Ride.of(game, p, hand is None)
            runs_of: dict = {}      # each exact leg's rides between ferry crossings

            def runs(a, b, path) -> tuple[int, ...]:
                hit = runs_of.get((a, b))
                if hit is None:
                    hit = runs_of[a, b] = _path_runs(board, path)
                return hit

        def score(stops: list[tuple[str, str, str, Any]], exact: bool) -> Plan | None:
            cost = 0.0
            dist = 0
            seen: dict = {}
            ferry = 0
            cash = cash0
            payout = 0
            to_major = to_other = False       # the stops' discounts (reuse) are those two values only
            joined = 0.0
            a = start
            clock = ride.start if exact and ride_model else None
            paid: list[tuple[int, float]] = []      # (payout so far, turns) at each delivery (the endgame)
            for stop in stops:
                b = stop[1]
                if exact:
                    c, path, steps = leg(a, b)
                    if c == _INF:
                        return None
                    c = 0.0
                    for k, w in steps:
                        if k not in seen:
                            seen[k] = w
                            c += w
                    d = max(0, len(path) - 1)
                    hops = hops_of.get((a, b))
                    if hops is None:
                        hops = hops_of[a, b] = sum(1 for x, y in itertools.pairwise(path) if hop(x, y))
                    if clock is None:
                        ferry += ferry_turns * hops
                    else:
                        clock = ride.run(clock, runs(a, b, path))
                else:
                    hit = quick_legs.get((a, b))
                    c, d = hit if hit is not None else quick(a, b)
                    if c == _INF:
                        return None
                if a is None and join_of is not None:
                    j = join_of.get(b)
                    if j is None:       # the opening's first stop joined to a major or key city
                        j = join_of[b] = 0.0 if rooted(b) else min((rs.cost(m, b) for m in reds), default=_INF)
                    if j == _INF:
                        return None
                    cost += j
                    cash -= j
                    joined = j
                cost += c
                cash -= c
                if cash < 0 and not exact and c >= penalty > 0:     # (a leg dearer than one penalty may cross)
                    cash += c - quick_price(a, b)   # the cash check counts the build price, not the ferry penalty
                if cash < 0:                 # No Credit: the track before a payout must be paid from cash
                    return None
                dist += d
                if fare and cash < fare * (math.ceil(cost / build_limit) + (
                        math.ceil(clock[0] - 1e-9) if clock is not None else math.ceil(dist / speed) + ferry)
                        + (0 if cost == 0 and stop[0] == "deliver" else 1)):
                    # Pay To Move: a fare for every turn so far (building, then riding, its ferry turns too: an
                    # upper bound) and one more must be left in cash -- what the build phase keeps back
                    # (_fares); not the spare one for a delivery on track already laid, whose payout pays the
                    # fares after it (seed 218 of the Basic game stood 5 mileposts from its delivery with 1M
                    # and gave up the card)
                    return None
                if b in need_majors:
                    to_major = True
                else:
                    to_other = True
                if stop[0] == "deliver":
                    pay = pay_of[stop[3], b, stop[2]]
                    cash += pay
                    payout += pay
                    if finish_at is not None:
                        bt = math.ceil(cost / build_limit) if cost > 0 else 0
                        tr = clock[0] - ride.start[0] if clock is not None else (math.ceil(dist / speed) if dist else 0)
                        paid.append((payout, max(float(bt), tr + 0.5 * bt)))
                a = b
            # track into cities the bot needs anyway is worth more than its price
            if not stops:
                weight = reuse
            elif to_major and to_other:
                weight = min(major_reuse, reuse)
            else:
                weight = major_reuse if to_major else reuse
            build_turns = math.ceil(cost / build_limit) if cost > 0 else 0
            travel = math.ceil(dist / speed) if dist else 0
            if clock is not None:           # the ride turn by turn: ferry staging and half-speed crossings
                travel = clock[0] - ride.start[0]
            turns = max(1.0, max(build_turns + 1, travel + 0.5 * build_turns) + ferry)
            # the opening's join is track out of a major city, which victory needs: priced as such
            value = (payout - fare * turns - weight * (cost - joined) - major_reuse * joined) / turns
            finish = None
            if finish_at is not None:
                # the endgame: the turns until the victory cash is in hand -- counting all the plan's track as
                # paid first (the build phase may lay a later leg's track before the delivery that gets there)
                finish = next((t for got, t in paid if cash0 - cost + got >= finish_at), None)
                if finish is None:
                    finish = turns + max(self.finish_floor, (finish_at - cash) / rest_rate)
            return Plan(list(stops), payout, cost, dist, turns, value, finish)

        return score


def _singles(options: list, score, carried: list[str], cap: int) -> tuple[list[Plan], list[float], list[list[Any]]]:
    """Every plan of one delivery (each demand from each of its sources, or from the train), each demand's
    best value alone and the sources its combinations use (the load on the train, if any, and the best)."""
    plans: list[Plan] = []
    n_opt = len(options)
    best_single = [-_INF] * n_opt
    best_src: list[list[Any]] = [[] for _ in range(n_opt)]
    for i in range(n_opt):
        cid, ld, city, pay, srcs = options[i]
        ranked = []
        for s in srcs:
            stops = ([("pickup", s, ld, cid)] if s is not None else []) + [("deliver", city, ld, cid)]
            pl = score(stops, False)
            if pl is not None:
                if _feasible(stops, carried, cap):
                    # the capacity check the pairs get: a train full of loads for other cards delivers
                    # one first (under an experiment of the eleventh session seed 1011 sat 8 turns at
                    # Newcastle, two loads aboard, under a plan to pick up a third)
                    plans.append(pl)
                ranked.append((-pl.value, s is not None, s or ""))
                best_single[i] = max(best_single[i], pl.value)
        ranked.sort()
        best_src[i] = ([None] if None in srcs else []) + [x[2] for x in ranked if x[1]][:1]
    return plans, best_single, best_src


def _pairs(options: list, lead: list[int], best_src: list[list[Any]], score, carried: list[str],
           cap: int) -> list[Plan]:
    """Every plan of two deliveries on two cards of the ``lead`` demands: each of their sources, every
    order of pick-ups and deliveries the train holds."""
    plans = []
    for i, j in itertools.combinations(lead, 2):
        a, b = options[i], options[j]
        if a[0] == b[0]:
            continue                    # one delivery per card
        for sa in best_src[i]:
            for sb in best_src[j]:
                for order in _orders2(sa is None, sb is None, cap, len(carried)):
                    stops = []
                    for who, act in order:
                        o, s = (a, sa) if who == 0 else (b, sb)
                        stops.append((act, s if act == "pickup" else o[2], o[1], o[0]))
                    if not _feasible(stops, carried, cap):
                        continue
                    pl = score(stops, False)
                    if pl is not None:
                        plans.append(pl)
    return plans


def _thirds(plans: list[Plan], options: list, third: list[int], best_src: list[list[Any]], score,
            carried: list[str], cap: int) -> list[Plan]:
    """A third delivery, from the ``third`` demands, inserted into the three best pairs of ``plans`` (ranked)
    wherever the train has room for its load."""
    extra = []
    bases = list(itertools.islice(
        (pl for pl in plans if sum(1 for s in pl.stops if s[0] == "deliver") == 2), 3))
    for base in bases:
        used = {s[3] for s in base.stops}
        n = len(base.stops)
        # the loads aboard before each of the base's stops (and after the last): a load picked up
        # before stop i and delivered before stop j rides through stops i..j-1, so the insertion
        # fits the train while the most loads aboard over i..j stays below its capacity
        aboard = [len(carried)]
        for act, _, _, _ in base.stops:
            aboard.append(aboard[-1] + (1 if act == "pickup" else -1))
        for k in third:
            o = options[k]
            if o[0] in used:
                continue
            for s in best_src[k][:1]:
                for i in range(n + 1):
                    if s is None:           # the load is on the train: its delivery only
                        stops = base.stops[:i] + [("deliver", o[2], o[1], o[0])] + base.stops[i:]
                        if _feasible(stops, carried, cap):
                            pl = score(stops, False)
                            if pl is not None:
                                extra.append(pl)
                        continue
                    most = 0
                    for j in range(i, n + 1):
                        most = max(most, aboard[j])
                        if most >= cap:
                            break               # no room over i..j, nor over any longer stretch
                        stops = (base.stops[:i] + [("pickup", s, o[1], o[0])] + base.stops[i:j]
                                 + [("deliver", o[2], o[1], o[0])] + base.stops[j:])
                        pl = score(stops, False)
                        if pl is not None:
                            extra.append(pl)
    return extra


def _exact(plans: list[Plan], score, leaders: int) -> list[Plan]:
    """The first ``leaders`` distinct plans of the quick ranking re-priced exactly (shared track paid once),
    best first."""
    top, seen_stops = [], set()
    for pl in plans:
        key = tuple(pl.stops)
        if key in seen_stops:          # the same stops reached by two enumerations: price them once
            continue
        seen_stops.add(key)
        ex = score(pl.stops, True)
        if ex is not None:
            top.append(ex)
        if len(seen_stops) >= leaders:
            break
    top.sort(key=_rank)
    return top
