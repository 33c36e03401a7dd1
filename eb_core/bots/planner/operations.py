"""The Operations Phase (rulebook: How to Play > Operations Phase): :class:`OperationsPhase` places the
train, delivers, drops what no card wants, picks up the plan's loads and moves along the fewest-milepost
trip to the next stop, riding on along track still being laid."""
from __future__ import annotations

import itertools
from typing import Any

from ...actions import (
    Borrow,
    Deliver,
    Discard,
    Drop,
    EndOperations,
    Move,
    PickUp,
    PlaceTrain,
)
from ...engine.common import build_first
from ...errors import InvalidAction
from ...routes import shortest_trip
from ...state import Position
from ...track import seg_key
from .plans import _ahead
from .settings import _INF


class OperationsPhase:
    """The Operations Phase of :class:`~eb_core.bots.planner.PlannerBot` (a mixin: it works on the bot's
    settings and memory, set up by ``PlannerBot.__init__``)."""

    # ================================================================================ operations
    def _operations(self, game, p) -> Any:
        st, rules, board = game.state, game.rules, game.board
        if len(p.hand) > rules.hand_size and not self._train2:
            return Discard(self._worst_card(game, p))
        if p.position is None:
            return PlaceTrain(self._start_city(game))
        if not st.ops_started and self._mercy(game, p):
            return Borrow(game.rules.mercy_loan[1])
        if not st.ops_started and not build_first(game) and self._should_discard(game, p):
            return self._discard(p)
        dl = game.legal_deliveries()
        if dl:
            def pay(x):
                return max(d.payout for d in game.deck.card(x[1]).demands if d.load == x[0])
            ld, cid = max(dl, key=pay)
            here = self._here(game)
            self.stops = [s for s in self.stops if not (s[0] == "deliver" and s[2] == ld and s[1] == here)]
            return Deliver(ld, cid)
        here = self._here(game)
        if here is not None:
            wanted = [d.load for _, d in self._demands_in_play(game)]
            planned = [s[2] for s in self.stops if s[0] == "deliver"]
            for ld in sorted(set(p.loads)):
                if ld not in wanted and repr(Drop(ld)) not in self._failed:
                    return Drop(ld)
            if self._holds(game, p):
                # a hand drawn mid-turn that is worth much less than a fresh one: carry none of its loads
                # (a load aboard commits the bot to the plan) and discard it at the start of the next turn
                return EndOperations()
            picks = game.legal_pickups()
            for i, (act, city, ld, _) in enumerate(self.stops):
                if act == "pickup" and city == here and ld in picks and repr(PickUp(ld)) not in self._failed \
                        and len(p.loads) < p.train.capacity:
                    del self.stops[i]
                    self._hand_key = self._key(game, p, p.loads + [ld])
                    return PickUp(ld)
            # keep the train full: a load some card wants, if the plan leaves room for it
            need = sum(1 for s in self.stops if s[0] == "pickup")
            room = p.train.capacity - len(p.loads) - need
            if room > 0 and self.level != "greedy":
                net = self._network(game)
                reach = {d.load for _, d in self._demands_in_play(game)
                         if any(m in net for m in board.city(d.city).mileposts)}
                for ld in picks:
                    if ld in reach and ld not in p.loads and ld not in planned and repr(PickUp(ld)) not in self._failed:
                        self._hand_key = self._key(game, p, p.loads + [ld])
                        return PickUp(ld)
            # pick-ups due here now: the plan's first stops, up to its first stop elsewhere (a plan may come
            # back here later for a load the full train has no room for yet: that one waits, seed 1199)
            pending = list(itertools.takewhile(lambda s: s[1] == here, self.stops))
            if any(s[0] == "pickup" for s in pending):
                # the chip is gone or an event blocks it: plan again (the plan then goes elsewhere)
                self._hand_key = None
                self._ensure_plan(game)
                if any(s[0] == "pickup" for s in itertools.takewhile(lambda s: s[1] == here, self.stops)):
                    return EndOperations()
        if game.movement_left() > 0:
            path = self._move_path(game, p)
            if path:
                return Move(path)
        return EndOperations()

    def _mercy(self, game, p) -> bool:
        """Under the Mercy variant ("Sometimes you miscalculate and can't complete your planned delivery ...
        If everyone agrees there is no reasonable way for you to recover"): borrow the most the bank lends
        when three hands in a row have been given up since the last delivery, less than the smallest loan is
        left and no plan its cash pays for -- the poverty the variant is for -- with no loan outstanding
        (rulebook: Variants & Optional Rules > Mercy). In solo Basic games it borrows in one game of 200; at a
        table of several players it saves the seat that spent itself to nothing (US, 3 planners, seed 6:
        finished in 113 turns, never without the loan)."""
        rules = game.rules
        if (rules.mercy_loan is None or p.loan or self._train2 or self._discard_run < 3
                or p.cash >= rules.mercy_loan[0] or repr(Borrow(rules.mercy_loan[1])) in self._failed):
            return False
        self._ensure_plan(game)         # no plan its cash pays for: nothing to run, the way out is the loan
        return self.plan is None or self._remaining_cost(game) > p.cash

    def _here(self, game) -> str | None:
        p = game.state.players[self.seat]
        c = game.board.city_at(p.position) if p.position is not None else None
        return c.name if c is not None else None

    def _origin(self, game) -> Any:
        """Where the plans are priced from: the train's city, else its milepost (the port ahead when it
        stands in a tunnel: :func:`~.plans._ahead`) -- or, for a train that rented its way onto other
        players' track and stopped there, the place it rides back to (:meth:`_rejoin`): the bot's own track
        cannot be priced from track it may not build from (rulebook: Beginning Construction; Renting Track)."""
        p = game.state.players[self.seat]
        back = self._rejoin(game, p)
        if back is not None:
            return back
        return self._here(game) or _ahead(game.board, p.position, p.prev)

    def _rejoin(self, game, p) -> Any:
        """For a train standing off its own network -- on another player's track, ferry or city, where it
        stopped while renting -- the nearest place of its network (or of a major or key city's public
        track) it can ride back to, renting: a city's name or a milepost. ``None`` when the train stands on
        its network, a major or key city, or nowhere that leads back (no network yet)."""
        return self._way_back(game, p)[0]

    def _rejoin_turns(self, game, p) -> int:
        """The turns of riding back to the network (:meth:`_rejoin`), 0 on it: each one a turn of rent."""
        back, steps = self._way_back(game, p)
        return 0 if back is None else max(1, -(-steps // max(1, p.train.speed)))

    def _way_back(self, game, p) -> tuple[Any, int]:
        """``(place, steps)`` of :meth:`_rejoin` (``(None, 0)`` when there is no way back to take), by a
        breadth-first search over the track the train may ride renting, kept while the track is unchanged."""
        pos = p.position
        if pos is None:
            return None, 0
        net = self._network(game)
        board = game.board
        c = board.city_at(pos)
        if not net or pos in net or (c is not None and c.has_red_area):
            return None, 0

        def search() -> tuple[Any, int]:
            came, queue = {pos: pos}, [pos]
            for m in queue:
                cm = board.city_at(m)
                if m != pos and (m in net or (cm is not None and cm.has_red_area)):
                    steps, x = 0, m
                    while x != pos:
                        x, steps = came[x], steps + 1
                    return (cm.name if cm is not None else m), steps
                for nb in game.track_neighbors(m, self.seat, rent=True):
                    if nb not in came:
                        came[nb] = m
                        queue.append(nb)
            return None, 0
        return self._memo(game, ("way back", pos, p.prev), search)

    def _start_city(self, game) -> str:
        """The first stop if the network reaches it, else the network's city nearest to it."""
        board = game.board
        net = self._network(game)
        cities = sorted({c.name for c in board.cities if any(m in net for m in c.mileposts)})
        for act, city, _, _ in self.stops:
            if city in cities or not cities:
                return city
            rs = self.route_state(game)
            rs.prepare([city])
            return min(cities, key=lambda c: (rs.cost(city, c), c))
        if cities:
            return self.rng.choice(cities)
        return self.rng.choice(sorted(c.name for c in board.major_cities))

    def _move_path(self, game, p) -> tuple[int, ...] | None:
        """The start of the fewest-milepost trip to the next stop on built track (renting when the bot
        has cash to spare, rulebook: Renting Track); a trip that would reverse outside a city is
        replaced by one that does not go straight back."""
        rules = game.rules
        here = self._here(game)
        target = next((city for _, city, _, _ in self.stops if city != here), None)
        if target is None:
            return None
        pos = Position.of(game.state, self.seat)
        rent = p.cash >= rules.rent + 10
        path, found = self._trip_towards(game, p, target, pos, rent)
        if path is not None or found == "stay":
            return path
        if not found and not rent and p.cash >= rules.rent:
            # renting is the only way on (a ferry or track of another player's): pay it, however short the
            # cash (rulebook: Renting Track), rather than wait for ever
            path, found = self._trip_towards(game, p, target, pos, True)
            if path is not None or found == "stay":
                return path
            rent = True
        if not found:
            back = self._rejoin(game, p)
            if back is not None and back != target and p.cash >= rules.rent:
                # stopped on other players' track with the next stop out of reach: back to the network
                path, found = self._trip_towards(game, p, back, pos, True)
                if path is not None or found == "stay":
                    return path
        if not found and self.frontier:
            return self._to_frontier(game, p, target, pos, rent)
        return self._escape(game, p) if found and p.moves_used == 0 else None

    def _trip_towards(self, game, p, target: Any, pos: Position, rent: bool) -> tuple[tuple[int, ...] | None, Any]:
        """The start of the fewest-milepost trip to ``target`` that this turn's movement rides, and whether
        a trip was found at all (a trip that would reverse outside a city is replaced by one that does not
        go straight back): ``(path, True)``; ``(None, True)``, a trip but no move now; ``(None, "stay")``,
        the trip crosses a ferry from this port, so staying stages the train; ``(None, False)``, no trip."""
        board, rules = game.board, game.rules
        found = False
        key = (self._track_key(game), target, rent)
        for blocked in [None] + ([[(p.position, p.prev)]] if p.prev is not None else []):
            cached = self._trip if blocked is None and self._trip is not None and self._trip[0] == key else None
            if cached is not None and p.position in cached[1]:
                # the rest of the trip found earlier on this track (a fewest-milepost trip's tail is one)
                trip_path = cached[1][cached[1].index(p.position):]
            else:
                try:
                    trip = shortest_trip(board, rules, p.position, target, position=pos, rent=rent,
                                         blocked_edges=blocked, ferry_extra=self.ferry_steps)
                except (InvalidAction, ValueError):
                    continue
                if trip is None:
                    continue
                trip_path = trip.path
                if blocked is None:
                    self._trip = (key, trip_path)
            if len(trip_path) < 2:
                continue
            found = True
            path = game.longest_legal_move(list(trip_path[1:1 + game.movement_left() + 4]))
            if path and rent:
                path = self._short_of_stranding(game, p, list(path), target)
            if path and repr(Move(path)) not in self._failed:
                return tuple(path), True
            hop = game.index.hop.get(seg_key(p.position, trip_path[1])) if not path and not p.staged else None
            if hop is not None and not hop.is_tunnel:
                return None, "stay"   # the trip crosses a ferry from this port: staying here stages the train
        return None, found

    def _short_of_stranding(self, game, p, path: list[int], target: Any) -> list[int]:
        """``path`` cut back so that the train does not end its turn on other players' track without the cash
        to rent its way off next turn (rulebook: Renting Track, "you may not use an opponent's track unless
        you have the cash to pay the rental fee"): a move over rented track that leaves less than the rent
        ends on the bot's own network, a major or key city or the city it is going to, or is not made. (Four
        bots at one table used to strand themselves there at 0M for the rest of the game.)"""
        rules, tr, board = game.rules, game.state.track, game.board
        owners = set()
        for a, b in zip([p.position, *path], path):
            who = tr.segments.get(seg_key(a, b))
            if who is not None and who != self.seat and who not in p.rented:
                owners.add(who)
        if p.cash - rules.rent * len(owners) >= rules.rent:
            return path
        net = self._network(game)
        goal = set(board.city(target).mileposts) if isinstance(target, str) and board.has_city(target) else {target}

        def safe(m):
            c = board.city_at(m)
            return m in net or m in goal or (c is not None and c.has_red_area)
        while path and not safe(path[-1]):
            path.pop()
        return path

    def _to_frontier(self, game, p, target: str, pos: Position, rent: bool) -> tuple[int, ...] | None:
        """With the track to the next stop not yet complete, ride along the part of its cheapest build
        that is already laid (``frontier``): the train is that much nearer when the track is finished,
        where it used to wait at its last stop for the whole of it. The laid part runs over the bot's own
        track, the public track of major and key cities and the ferries and tunnel it owns (a ferry on the
        way is staged for as on any trip: rulebook, Movement Using a Ferry)."""
        board, tr, seat = game.board, game.state.track, self.seat
        rs = self.route_state(game, penalty=self._plan_penalty)
        start = self._here(game) or p.position
        rs.prepare([start])
        c, path, _ = rs.leg(start, target)
        if c == _INF or len(path) < 2:
            return None
        end = None
        for x, y in itertools.pairwise(path):
            if not self._laid(board, tr, seat, x, y):
                break
            end = y
        if end is None or end == p.position:
            return None
        try:
            trip = shortest_trip(board, game.rules, p.position, end, position=pos, rent=rent,
                                 ferry_extra=self.ferry_steps)
        except (InvalidAction, ValueError):
            return None
        if trip is None or len(trip.path) < 2:
            return None
        path = game.longest_legal_move(list(trip.path[1:1 + game.movement_left()]))
        if path and repr(Move(tuple(path))) not in self._failed:
            return tuple(path)
        return None

    def _escape(self, game, p) -> tuple[int, ...] | None:
        """Forward to the nearest city when the trip would need reversing outside a city (rulebook:
        Movement, trains reverse only in cities): the way out of a dead-end spur."""
        board, rules = game.board, game.rules
        start = p.position
        # renting when the cash spares it; else when renting is the only way out, however short the cash
        rents = [p.cash >= rules.rent + 10]
        if not rents[0] and p.cash >= rules.rent:
            rents.append(True)
        for rent in rents:
            for m, came in self._ahead(game, p, lambda x: board.city_at(x) is not None, rent=rent):
                path = [m]
                while came[path[-1]] != start:
                    path.append(came[path[-1]])
                path = game.longest_legal_move(path[::-1])
                if path and repr(Move(tuple(path))) not in self._failed:
                    return tuple(path)
        return None

    def _ahead(self, game, p, end, *, rent: bool):
        """The mileposts ``end`` accepts that the train reaches on track going forward (not straight back the
        way it came), nearest first by steps, each with the ``came`` links of the search (milepost -> the one
        before it); the search does not go on through them."""
        start, prev = p.position, p.prev
        came = {start: None}
        queue = [start]
        for m in queue:
            if m != start and end(m):
                yield m, came
                continue
            for nb in game.track_neighbors(m, self.seat, rent=rent):
                if nb in came or (m == start and nb == prev):
                    continue
                came[nb] = m
                queue.append(nb)
