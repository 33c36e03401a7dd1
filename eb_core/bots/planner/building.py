"""The Build Phase (rulebook: Build Phase Rules): :class:`BuildPhase` lays the plan's legs within the 20M a
turn, in the direction track may be built, upgrades the train when the cash and the plan allow, builds
towards the major cities victory needs, and under Pay To Move keeps back the fares to the next delivery."""
from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

from ...actions import (
    Build,
    DiscardHand,
    EndTurn,
    Upgrade,
)
from ...engine.admin import meets_victory
from ...engine.common import operations_next
from ...errors import IllegalAction, InvalidAction
from ...routes import cheapest_build, cheapest_connection
from ...state import Position
from ...track import seg_key
from .plans import _lattice, _path_runs, _Ride, _within
from .settings import _ENTRY_RULES, _INF


class BuildPhase:
    """The Build Phase of :class:`~eb_core.bots.planner.PlannerBot` (a mixin: it works on the bot's
    settings and memory, set up by ``PlannerBot.__init__``)."""

    # ================================================================================ build
    def _build(self, game, p) -> Any:
        st, rules = game.state, game.rules
        if st.special_round and not p.spent and not self._network(game) and self._may_discard(game) \
                and (self.plan is None or (self.open_discard and self._open_poor(game))):
            # a special turn given up for new cards (Starting the Game > Special Build Turns): no plan, or a poor one
            self._discards += 1
            self._hand_key = None
            return DiscardHand()
        if operations_next(game) and not p.spent and not p.upgraded and self._should_discard(game, p):
            # building comes first (Less Thinking During Your Turns): the hand is discarded before anything
            # is built, the only moment it still may be (rulebook: How to Play)
            return self._discard(p)
        if meets_victory(game, self.seat):
            # victory is met: the game ends with this round (rulebook: How to Win), and cash spent now
            # could only take it away again -- build nothing (judged by the rules the bot plans for)
            return EndTurn()
        budget = self._budget(game, p)
        two = self._driver2(game)
        # 1. the plan's track, leg by leg from where the train is (then train 2's, under Run Two Trains)
        if not p.upgraded and not self._holds(game, p):
            a = self._build_plan_legs(game, p, budget) if budget > 0 else None
            if a is None and budget > 0:
                a = self._way_out(game, p, budget)
            if a is None and two is not None:
                a = self._with_train2(game, two, lambda: two._build_own_legs(game, p))
            if a is not None:
                return a
        # 2. upgrade when it pays back (train 1 first)
        a = self._upgrade(game, p)
        if a is None and two is not None:
            a = self._with_train2(game, two, lambda: two._upgrade(game, p))
        if a is not None:
            return a
        # 3. the major cities still missing for victory
        if budget > 0 and not st.special_round and not p.upgraded:
            have = set(self._majors(game))
            if len(have) < rules.victory_majors and self._majors_now(game, p, budget):
                a = self._build_to_major(game, have, budget)
                if a is not None:
                    return a
        return EndTurn()

    def _way_out(self, game, p, budget: int) -> Build | None:
        """Track on to the nearest city or port ahead, when the train stands on a spur outside a city whose
        track ahead reaches none, with nothing of its plan to build: it may reverse only in a city or at a
        port (rulebook: Running the Train, Standard Game). The train rides a leg while it is laid
        (``frontier``); when the rest of the leg is refused (Honeymoon: a small city the hand has no demand
        for), it is left facing the end of the track -- seeds 3081 and 1179 of the standard Honeymoon game sat
        there for 100 turns."""
        board, pos, prev = game.board, p.position, p.prev
        if pos is None or prev is None or game.rules.reverse_anywhere or board.city_at(pos) is not None \
                or board.is_port(pos):
            return None
        if next(self._ahead(game, p, lambda m: board.city_at(m) is not None or board.is_port(m), rent=False),
                None) is not None:
            return None                     # a city or port ahead on the track: the train can turn there
        closed = sorted(self._blocked | self._refused | {(pos, prev), (prev, pos)})
        here = Position.of(game.state, self.seat)
        near = sorted(board.cities, key=lambda c: (_lattice(board, pos, c.name), c.name))[:4]
        plans = [pl for c in near
                 if (pl := cheapest_build(board, game.rules, pos, c.name, position=here, blocked_edges=closed))]
        for plan in sorted(plans, key=lambda pl: pl.cost):
            a = self._build_plan(game, plan, budget)
            if a is not None:
                return a
        return None

    def _build_own_legs(self, game, p) -> Build | None:
        """Train 2's driver (Run Two Trains): its plan's track, with what this build phase has left and the
        cash train 1's plan does not still need; with none to build, the way out of a dead-end spur when
        train 2 stands facing one (:meth:`_way_out`: US seed 56 under Pay To Move left train 2 for 130
        turns at the end of its unfinished track towards Montreal, loaded, unable to turn)."""
        budget = self._budget(game, p)
        if budget <= 0:
            return None
        a = self._build_plan_legs(game, p, budget) if self.plan is not None else None
        return a if a is not None else self._way_out(game, p, budget)

    def _budget(self, game, p) -> float:
        """What this build phase may still spend on this train's plan: the build limit left, and the cash less
        the fares kept back (Pay To Move) and what the other train's plan still needs (Run Two Trains)."""
        return min(game.rules.build_limit - p.spent, p.cash - self._fares(game) - self._cash_held - self._rent_kept(game, p))

    def _rent_kept(self, game, p) -> int:
        """The rent kept back from building and upgrading while the train stands on other players' track: a
        turn's rent for each turn of riding back to its network (rulebook: Renting Track); spent on track, it
        would stand there for good."""
        return game.rules.rent * self._rejoin_turns(game, p)

    def _upgrade(self, game, p) -> Upgrade | None:
        """The upgrade to the fastest train on offer, when it pays (:meth:`_upgrade_pays`) and this build
        phase has neither built nor upgraded yet (not in a special build turn)."""
        st, rules = game.state, game.rules
        opts = rules.upgrade_options(p.train)
        if self.upgrade_speed_only:
            opts = [t for t in opts if t.speed > p.train.speed]
        if opts and not st.special_round and not p.spent and not p.upgraded and self._upgrade_pays(game, p):
            to = max(opts, key=lambda t: (t.speed, t.capacity))
            if repr(Upgrade(to)) not in self._failed:
                return Upgrade(to)
        return None

    def _build_plan_legs(self, game, p, budget: int) -> Build | None:
        """The first stretch of new track on the plan's legs that can be built now (from the network or
        a major/key city, rulebook: Beginning Construction), as far as ``budget`` goes."""
        board = game.board
        tr = game.state.track
        seat = self.seat
        net = self._network(game)
        start = self._origin(game)
        places = ([start] if start is not None else []) + [c for _, c, _, _ in self.stops]
        if len(places) < 2:
            return None
        rs = self.route_state(game, penalty=self._plan_penalty)
        rs.prepare_free(places)      # the legs already built are skipped without computing their rows

        def rooted(m: int) -> bool:
            return m in net or self._red(board, m)

        for a, b in itertools.pairwise(places):
            if a == b:
                continue
            ba = self._rooted(board, net, b) or not self._rooted(board, net, a)    # may build from b
            if rs.costs_nothing(a, b) or (ba and rs.costs_nothing(b, a)):
                continue                                # this leg is built (its cheapest build costs 0)
            rs.prepare([a, b])
            c, path, steps = rs.leg(b, a) if ba and rs.cost(b, a) < rs.cost(a, b) else rs.leg(a, b)
            price = dict(steps)
            if c == _INF or not steps or len(path) < 2:
                continue                                # no route, or nothing on it to build
            runs: list[list[int]] = []
            for x, y in itertools.pairwise(path):
                if not self._laid(board, tr, seat, x, y):
                    if runs and runs[-1][-1] == x:
                        runs[-1].append(y)
                    else:
                        runs.append([x, y])
            for run in runs:
                for seq in (run, run[::-1]):
                    if rooted(seq[0]):
                        act = self._longest(game, _within(seq, price, budget), budget)
                        if act is not None:
                            return act
            # nothing on this leg joins the network yet: join its first city to it
            for city in (a, b):
                if isinstance(city, str) and not any(m in net for m in board.city(city).mileposts):
                    act = self._build_towards(game, city, budget)
                    if act is not None:
                        return act
            return None
        return None

    @staticmethod
    def _laid(board, tr, seat: int, x: int, y: int) -> bool:
        """The step ``x``-``y`` needs no building by ``seat``: its own track, the public track of a major or
        key city, or a ferry or tunnel crossing it owns."""
        if board.edge(x, y) is None:                   # a ferry or tunnel hop
            return any(cr.other_port(x) == y and seat in tr.crossing_owners(cr.name) for cr in board.crossings_at(x))
        return board.is_red_area(x, y) or tr.segments.get(seg_key(x, y)) == seat

    @staticmethod
    def _rooted(board, net, where) -> bool:
        """New track may start at ``where`` (a city name or milepost): it is on the network ``net`` or is a
        major/key city (rulebook: Beginning Construction)."""
        if isinstance(where, str):
            c = board.city(where)
            return c.has_red_area or any(m in net for m in c.mileposts)
        return where in net or BuildPhase._red(board, where)

    @staticmethod
    def _red(board, m: int) -> bool:
        c = board.city_at(m)
        return c is not None and c.has_red_area

    def _longest(self, game, path: Sequence[int], budget: int) -> Build | None:
        """The longest start of ``path`` within ``budget`` that passes every build rule (the whole-board
        no-blocking checks included, so the checked ``apply`` accepts it)."""
        for end in range(len(path), 1, -1):
            sub = tuple(path[:end])
            if repr(Build(sub)) in self._failed:
                continue
            try:            # the checked plan first: its cost is the unchecked plan's when it passes
                if game.plan_build(sub).cost > budget:
                    continue
                return Build(sub)
            except (IllegalAction, InvalidAction):
                pass
            try:
                cost = game.plan_build(sub, check=False).cost
            except IllegalAction as e:
                if end == 2 and e.rule in _ENTRY_RULES:
                    # the first segment enters a city this player may not enter now (Honeymoon: no demand
                    # for it or its loads in hand; a city full of other players): plan around it until the
                    # hand changes (seed 3081 sat 140 turns before the Liverpool-Dublin ferry)
                    self._refused.add(sub)
                    self._hand_key = None
                continue
            except InvalidAction:
                continue
            if cost > budget:
                continue
            # a rule of the whole board (no blocking) refuses it
            self._failed.add(repr(Build(sub)))
            if len(sub) == 2:           # this segment breaks a whole-board rule: plan around it
                self._blocked.add(tuple(sub))
                self._hand_key = None
        return None

    def _remaining_cost(self, game) -> float:
        """What the plan's track still costs (its price when made): nothing once every leg from the train
        through the stops runs on track already laid. A stop off the network needs track; so does a leg
        between two stops that are both on it but on pieces of track not yet joined (US seed 196 of the
        Faster Game upgraded with the 21M of its first delivery, its plan's 3M gap between two such pieces
        counted as paid, and was left with 0M facing the end of its track)."""
        if self.plan is None or not self.stops:
            return 0.0
        net = self._network(game)
        board = game.board
        if any(not any(m in net for m in board.city(c).mileposts) for _, c, _, _ in self.stops):
            return self.plan.build_cost
        places = [self._origin(game)] + [c for _, c, _, _ in self.stops]
        places = [x for i, x in enumerate(places) if x is not None and (i == 0 or x != places[i - 1])]
        rs = self.route_state(game)
        rs.prepare_free(places[:-1])
        if all(rs.costs_nothing(a, b) for a, b in itertools.pairwise(places)):
            return 0.0
        return self.plan.build_cost

    def _fares(self, game) -> int:
        """Pay To Move (rulebook: Variants & Optional Rules > Challenging Variants > Pay To Move, 1M a turn the train moves on its
        own track): the cash kept back from building and upgrading for the fares until the plan's next
        delivery pays -- the turns of riding its legs (the paths its track is built on, ferry staging and
        half-speed crossings as the plans time them: :class:`_Ride`) and one to spare; two turns' without a
        plan. With 0M the train cannot move on its own track and never earns again. The plans are priced to
        leave as much (a fare for each turn of building and riding so far, and one more: :meth:`candidates`).
        0 when moving is free."""
        fee = game.rules.move_fee_own
        if not fee:
            return 0
        p = game.state.players[self.seat]
        if self.plan is None or not self.stops:
            return 2 * fee
        board = game.board
        places: list[Any] = [self._origin(game)]
        for act, city, _, _ in self.stops:
            places.append(city)
            if act == "deliver":
                break
        rs = self.route_state(game)
        rs.prepare([x for x in places if x is not None])
        ride = _Ride.of(game, p, True)
        clock = ride.start
        for a, b in itertools.pairwise(places):
            if a is None or a == b:
                continue
            c, path, _ = rs.leg(a, b)
            if c == _INF:
                # no route for the leg now (an event's closure): the crow's distance, a third longer
                clock = (clock[0] + 1.3 * _lattice(board, a, b) / p.train.speed + 1, clock[1])
            else:
                clock = ride.run(clock, _path_runs(board, path))
        return fee * (math.ceil(clock[0] - 1e-9) + 1)

    def _upgrade_pays(self, game, p) -> bool:
        rules = game.rules
        reserve = self._remaining_cost(game) + self._fares(game) + self._cash_held + self._rent_kept(game, p)
        if self.upgrade_payback <= 0:        # greedy: only when rich
            return p.cash >= rules.upgrade_cost + 60 + reserve
        if self.plan is None and self.plan_upgrade:
            return False
        return p.cash >= rules.upgrade_cost + reserve + self.upgrade_margin and p.delivered >= self.upgrade_after

    def _majors_now(self, game, p, budget: int) -> bool:
        rules = game.rules
        if self.level == "greedy":
            return p.cash >= rules.victory_cash * 0.7 or p.cash - budget >= 60
        reserve = self._remaining_cost(game) + self.major_cushion
        return p.cash - budget >= reserve or p.cash >= rules.victory_cash * self.major_cash_share

    def _build_to_major(self, game, have: set[str], budget: int) -> Build | None:
        """Track towards the missing major city cheapest to join to the network."""
        board, rules = game.board, game.rules
        pos = Position.of(game.state, self.seat)
        best = None
        for c in board.major_cities:
            if c.name in have:
                continue
            plan = cheapest_connection(board, rules, c.name, position=pos)
            if plan is not None and plan.cost == 0 and have:
                # the network touches the city, but that part of it is not joined to the main group
                # (How to Win counts one connected network): join the city to a major already in it
                joins = [cheapest_build(board, rules, c.name, m, position=pos) for m in sorted(have)]
                plan = min((j for j in joins if j is not None), key=lambda j: j.cost, default=None)
            if plan is not None and plan.cost > 0 and (best is None or plan.cost < best.cost):
                best = plan
        if best is None:
            return None
        return self._build_plan(game, best, budget)

    def _build_towards(self, game, city: str, budget: int) -> Build | None:
        plan = cheapest_connection(game.board, game.rules, city, position=Position.of(game.state, self.seat))
        if plan is None or plan.cost == 0:
            return None
        return self._build_plan(game, plan, budget)

    def _build_plan(self, game, plan, budget: int) -> Build | None:
        """The longest start of ``plan``'s new track that fits in ``budget`` and the engine accepts."""
        segs = plan.segments
        first = next((i for i, s in enumerate(segs) if s.total > 0 or s.crossing_name), None)
        if first is None:
            return None
        path = list(plan.mileposts)[first:]
        spent, stop = 0, 1
        for sg in segs[first:]:
            if spent + sg.total > budget:
                break
            spent += sg.total
            stop += 1
        return self._longest(game, path[:max(stop, 2)], budget)
