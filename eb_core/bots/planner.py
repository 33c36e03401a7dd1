"""A planning bot: picks deliveries with :func:`eb_core.economics.plan_hand`, builds towards them with
:func:`eb_core.routes.cheapest_connection` and runs the train along :func:`eb_core.routes.shortest_trip`.

What it does each turn (the habits the rulebook's "Solo & Variant Rules > Solo Play Scenarios > Basic
Solo Play" asks a player to watch: upgrade early, build only the track the cards need, use more than one
card, do not hold on to bad cards):

* **Plan.** When its hand changes it asks :func:`~eb_core.economics.plan_hand` for the best one or two
  deliveries (highest income per turn, track shared) from where the train stands, and keeps the plan's
  stops (pick up X at A, deliver X at B) as a queue. Loads already on the train whose demand is still in
  hand are delivered first; loads nobody wants are dropped at the next city.
* **Operations.** Deliver anything deliverable (highest payout first), pick up the loads of the next
  pick-up stop, then move along the fewest-milepost trip on track to the next stop, renting other
  players' track only when it has the cash to spare. A hand whose best plan takes too long (more than
  ``discard_turns`` turns) or costs more track than the bot can ever pay for is discarded (rulebook: How
  to Play, "discard your hand").
* **Build.** First the track the queue still needs (cheapest connection of the next unconnected stop to
  its network, as far as the 20M budget goes); then an upgrade (20M, faster first) once it has the cash;
  then, with a cash cushion or once near the victory cash, track to the nearest major city it has not
  connected yet (rulebook: How to Win).

Every build goes through the checked :meth:`~eb_core.engine.Game.apply` (so the no-blocking rules hold);
moves, pick-ups and deliveries use the documented fast path :meth:`~eb_core.engine.Game.apply_unchecked`.
The bot is deterministic: with the same seed and the same game it plays the same actions (its ``rng``
only breaks ties between equally good first cities).

>>> import random, eb_core as eb
>>> from eb_core.bots.planner import PlannerBot, play_solo
>>> game = eb.Game.new(eb.ruleset("europe-basic").with_(victory_cash=60), board="tutorial", players=["Solo"], seed=2)
>>> play_solo(game, PlannerBot(0, random.Random(2)), max_turns=60).over
True
"""
from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

from ..actions import (
    Borrow,
    Build,
    Deliver,
    Discard,
    DiscardHand,
    Drop,
    EndOperations,
    EndTurn,
    Move,
    PickUp,
    PlaceTrain,
    Upgrade,
)
from ..errors import IllegalAction, InvalidAction

__all__ = ["PlannerBot", "play_solo"]


class PlannerBot:
    """Plans deliveries for seat ``seat``; ``rng`` is an injected, seeded ``random.Random``.

    ``max_deliveries`` / ``sources_per_demand`` are passed to :func:`~eb_core.economics.plan_hand`
    (smaller is faster); ``discard_turns`` is the longest plan the bot accepts before discarding its
    hand; ``major_reserve`` the cash it keeps before spending on major-city connections, ``upgrade_reserve``
    the cash it keeps after paying for an upgrade.
    """

    def __init__(self, seat: int, rng: random.Random | None = None, *, max_deliveries: int = 2,
                 sources_per_demand: int = 1, discard_turns: int = 14, major_reserve: int = 15,
                 upgrade_reserve: int = 20):
        self.seat = seat
        self.rng = rng if rng is not None else random.Random(seat)
        self.max_deliveries = max_deliveries
        self.sources_per_demand = sources_per_demand
        self.discard_turns = discard_turns
        self.major_reserve = major_reserve
        self.upgrade_reserve = upgrade_reserve
        self.stops: list[tuple[str, str, str]] = []     # (action, city, load)
        self.plan = None
        self._hand_key: tuple | None = None
        self._turn_key: tuple | None = None
        self._failed: set[str] = set()
        self._discards = 0
        self._drop: set[str] = set()
        self._picked: set = set()
        self.stuck_turns = 8
        self._progress = (0, 0)
        self._stuck = 0

    def __repr__(self) -> str:
        return f"PlannerBot({self.seat})"

    # ================================================================================ driver
    def step(self, game) -> Any:
        """Choose and apply one action for the current position; returns the action applied. A rejected
        choice is remembered for this turn and the phase is ended instead, so a game always advances."""
        key = (game.state.turn, game.state.current, game.state.phase)
        if key != self._turn_key:
            self._turn_key, self._failed = key, set()
        a = self.choose(game)
        try:
            (game.apply if isinstance(a, (Build, Upgrade)) else game.apply_unchecked)(a)
            return a
        except (IllegalAction, InvalidAction):
            self._failed.add(repr(a))
            fb = EndOperations() if game.phase == "operations" else EndTurn()
            game.apply_unchecked(fb)
            return fb

    # ================================================================================ planning
    def _replan(self, game) -> None:
        from ..economics import plan_hand

        st, board, rules = game.state, game.board, game.rules
        p = st.players[self.seat]
        carried = list(p.loads)
        self._drop = set()
        stops: list[tuple[str, str, str]] = []
        committed: set[int] = set()
        for ld in carried:
            best = None
            for cid in p.hand:
                if cid in committed:
                    continue
                for d in game.deck.card(cid).demands:
                    if d.load == ld and board.has_city(d.city) and (best is None or d.payout > best[2]):
                        best = (cid, d.city, d.payout)
            if best is not None and self._reachable(game, best[1], p.cash):
                committed.add(best[0])
                stops.append(("deliver", best[1], ld))
            else:
                self._drop.add(ld)
        free_cards = [game.deck.card(c) for c in p.hand if c not in committed]
        room = p.train.capacity - len(stops)
        self.plan = None
        if free_cards and room > 0:
            from ..rules import Train
            try:
                self.plan = plan_hand(board, rules, free_cards, track=st.track, player=self.seat,
                                      start=p.position, train=Train(p.train.speed, room),
                                      max_deliveries=min(self.max_deliveries, room, 3),
                                      sources_per_demand=self.sources_per_demand,
                                      free_build_turns=rules.special_build_turns if st.special_round else 0)
            except InvalidAction:
                self.plan = None
            # short of cash (No Credit/No Loans): the best plan of one or two cards whose track it can pay for
            if self.plan is not None and self.plan.build_cost > p.cash:
                best = None
                subsets = [[c] for c in free_cards]
                if room >= 2:
                    subsets += [list(x) for x in itertools.combinations(free_cards, 2)]
                for cards in subsets:
                    try:
                        alt = plan_hand(board, rules, cards, track=st.track, player=self.seat, start=p.position,
                                        train=Train(p.train.speed, room), max_deliveries=len(cards),
                                        sources_per_demand=self.sources_per_demand,
                                        free_build_turns=rules.special_build_turns if st.special_round else 0)
                    except InvalidAction:
                        continue
                    if alt.build_cost <= p.cash and (best is None or alt.income_per_turn > best.income_per_turn):
                        best = alt
                if best is not None:
                    # the card indexes of the sub-plan are not the hand's: keep the cards it delivers on
                    self.plan = best
        if self.plan is not None:
            stops += [(s.action, s.city, s.load) for s in self.plan.stops]
        self.stops = stops

    def _reachable(self, game, city: str, cash: int) -> bool:
        """``city`` is on the network or its cheapest connection fits in ``cash``."""
        from ..routes import cheapest_connection

        net = game.network(self.seat)
        if any(m in net for m in game.board.city(city).mileposts):
            return True
        plan = cheapest_connection(game.board, game.rules, city, state=game.state, player=self.seat)
        return plan is not None and plan.cost <= cash

    def _ensure_plan(self, game) -> None:
        p = game.state.players[self.seat]
        key = (tuple(p.hand), tuple(sorted(p.loads)))
        stale = p.delivered != self._progress[0]
        if stale:
            self._progress = (p.delivered, p.turns)
        elif p.turns - self._progress[1] >= self.stuck_turns:     # no delivery for a while: think again
            self._progress = (p.delivered, p.turns)
            self._hand_key = None
            self._stuck += 1
        if key != self._hand_key or not self._consistent(p):
            self._hand_key = key
            self._replan(game)

    def _consistent(self, p) -> bool:
        """Every delivery stop has its load on the train or a pick-up before it."""
        have = list(p.loads)
        for act, _, ld in self.stops:
            if act == "pickup":
                have.append(ld)
            elif ld in have:
                have.remove(ld)
            else:
                return False
        return True

    def _valid_next(self, here: str) -> bool:
        return bool(self.stops) and not (self.stops[0][0] == "pickup" and self.stops[0][1] == here)

    def _hopeless(self, game) -> bool:
        """The plan takes too long, or needs more track than the bot can pay for."""
        p = game.state.players[self.seat]
        if any(a == "deliver" for a, _, ld in self.stops if ld in p.loads):
            return False
        if self.plan is None or self._stuck >= 2:
            self._stuck = 0
            return True
        return self.plan.turns > self.discard_turns or self._remaining_cost(game) > p.cash + 5

    def _remaining_cost(self, game) -> int:
        """What the plan's track not built yet still costs."""
        if self.plan is None:
            return 0
        from ..track import seg_key

        tr, board = game.state.track, game.board
        owned = set(tr.owned_crossings(self.seat))
        left = 0
        for s in self.plan.segments:
            if s.crossing_name is not None and s.crossing_name in owned:
                continue
            if board.edge(s.a, s.b) is not None and tr.segments.get(seg_key(s.a, s.b)) == self.seat:
                continue
            left += s.total
        return left

    # ================================================================================ decisions
    def choose(self, game) -> Any:
        """The next action for the current position (the bot must be the current player)."""
        st = game.state
        p = st.players[self.seat]
        self._ensure_plan(game)
        if st.phase == "operations":
            return self._operations(game, p)
        return self._build(game, p)

    # -------------------------------------------------------------------------------- operations
    def _operations(self, game, p) -> Any:
        st, rules, board = game.state, game.rules, game.board
        if len(p.hand) > rules.hand_size:
            keep = {d.card_id for d in self.plan.deliveries} if self.plan is not None else set()
            cards = [game.deck.card(c) for c in p.hand]
            worst = min((i for i in range(len(cards)) if cards[i].id not in keep),
                        key=lambda i: max(d.payout for d in cards[i].demands), default=0)
            self._hand_key = None
            return Discard(p.hand[worst])
        if p.position is None:
            return PlaceTrain(self._start_city(game))
        if rules.mercy_loan is not None and p.loan == 0 and self.plan is not None and self.plan.turns <= \
                self.discard_turns and self._remaining_cost(game) > p.cash and "Borrow" not in str(self._failed):
            lo, hi = rules.mercy_loan     # Mercy: borrow what the plan's track still needs
            return Borrow(min(hi, max(lo, self._remaining_cost(game) - p.cash)))
        if not st.ops_started and self._hopeless(game) and self._discards < 500 and "DiscardHand()" not in self._failed:
            self._discards += 1
            self._hand_key = None
            return DiscardHand()
        dl = game.legal_deliveries()
        if dl:
            def pay(x):
                return max(d.payout for d in game.deck.card(x[1]).demands if d.load == x[0])
            ld, cid = max(dl, key=pay)
            self.stops = [s for s in self.stops if not (s[0] == "deliver" and s[2] == ld
                                                        and board.city(s[1]).name == self._here(game))]
            return Deliver(ld, cid)
        here = self._here(game)
        if here is not None:
            wanted = {ld for cid in p.hand for d in game.deck.card(cid).demands for ld in [d.load]}
            for ld in sorted(set(p.loads)):
                if (ld not in wanted or ld in self._drop) and (self._turn_key, ld) not in self._picked:
                    self._drop.discard(ld)
                    return Drop(ld)
            picks = game.legal_pickups()
            affordable = self._remaining_cost(game) <= p.cash
            for i, (act, city, ld) in enumerate(self.stops):
                if not affordable:
                    break
                if act == "pickup" and city == here and ld in picks and repr(PickUp(ld)) not in self._failed:
                    del self.stops[i]
                    self._picked.add((self._turn_key, ld))
                    self._hand_key = (tuple(p.hand), tuple(sorted(p.loads + [ld])))
                    return PickUp(ld)
            # a pick-up here that cannot be done: no chip left -> plan again; an event -> wait here
            pending = [ld for act, city, ld in self.stops if act == "pickup" and city == here]
            if pending:
                if any(st.bank.get(ld, 0) <= 0 for ld in pending) or len(p.loads) >= p.train.capacity:
                    self._hand_key = None
                    self._ensure_plan(game)
                    if not self._valid_next(here):
                        return EndOperations()
                else:
                    return EndOperations()
        if game.movement_left() > 0:
            path = self._move_path(game, p)
            if path:
                return Move(path)
        return EndOperations()

    def _here(self, game) -> str | None:
        p = game.state.players[self.seat]
        c = game.board.city_at(p.position) if p.position is not None else None
        return c.name if c is not None else None

    def _start_city(self, game) -> str:
        """The first pick-up city if the network reaches it, else the network's city nearest to it."""
        from ..routes import cheapest_build

        net = game.network(self.seat)
        cities = sorted({c.name for c in game.board.cities if any(m in net for m in c.mileposts)})
        for act, city, _ in self.stops:
            if act == "pickup":
                if city in cities or not cities:
                    return city
                costs = []
                board = game.board
                tx, ty = board.mileposts[board.city(city).center].x, board.mileposts[board.city(city).center].y
                for c in cities:
                    plan = cheapest_build(board, game.rules, c, city, state=game.state, player=self.seat)
                    m = board.mileposts[board.city(c).center]
                    costs.append((plan.cost if plan is not None else 10 ** 6, (m.x - tx) ** 2 + (m.y - ty) ** 2, c))
                return min(costs)[2]
        if cities:
            return self.rng.choice(cities)
        return self.rng.choice(sorted(c.name for c in game.board.major_cities))

    def _move_path(self, game, p) -> tuple[int, ...] | None:
        """The start of the trip to the next stop that takes the fewest turns: the fewest-milepost trip,
        or the one avoiding ferries when staging and half speed make the ferry slower (rulebook:
        Movement Using a Ferry); a trip that would reverse outside a city is replaced by one that does not
        go straight back."""
        from ..routes import shortest_trip, travel_turns

        board, rules = game.board, game.rules
        here = self._here(game)
        targets = [city for _, city, _ in self.stops if city != here]
        if not targets:
            return None
        target = targets[0]
        rent = p.cash >= rules.rent + 10
        keep = {p.position, *board.city(target).mileposts}
        ports = sorted({m for cr in board.ferries for m in cr.ports} - keep)
        cands = []
        for no_ferry in ((), ports):
            for blocked in [None] + ([[(p.position, p.prev)]] if p.prev is not None else []):
                try:
                    trip = shortest_trip(board, rules, p.position, target, state=game.state, player=self.seat,
                                         rent=rent, blocked_edges=blocked, blocked_mileposts=no_ferry or None)
                    if trip is None or len(trip.path) < 2:
                        continue
                    turns = travel_turns(board, rules, trip, p.train.speed)
                except (InvalidAction, ValueError):
                    continue
                cands.append((turns, trip.mileposts, len(cands), trip))
        for *_, trip in sorted(cands, key=lambda c: c[:3]):
            path = game.longest_legal_move(list(trip.path[1:]))
            if path and repr(Move(path)) not in self._failed:
                return tuple(path)
        return None

    # -------------------------------------------------------------------------------- build
    def _build(self, game, p) -> Any:
        st, rules, board = game.state, game.rules, game.board
        if st.special_round and not p.spent and not game.network(self.seat) and self._hopeless(game) \
                and self._discards < 500 \
                and "DiscardHand()" not in self._failed:
            self._discards += 1
            self._hand_key = None
            return DiscardHand()
        budget = min(rules.build_limit - p.spent, p.cash)
        if p.upgraded:
            budget = min(budget, rules.build_limit - p.spent)
        net = game.network(self.seat)
        # 1. track the plan still needs: the plan's own segments first, else the cheapest connection; never
        #    half a route it cannot finish paying for (No Credit/No Loans): such a hand is discarded instead
        if budget > 0 and (st.special_round or self._remaining_cost(game) <= p.cash):
            a = self._build_plan_track(game, budget)
            if a is not None:
                return a
            for _, city, _ in self.stops:
                if any(m in net for m in board.city(city).mileposts):
                    continue
                a = self._build_towards(game, city, budget)
                if a is not None:
                    return a
                break
        # 2. upgrade: once the cards' track is in place (or at the start of a build phase with spare cash)
        opts = rules.upgrade_options(p.train)
        if opts and not st.special_round and not p.spent and not p.upgraded and \
                p.cash >= rules.upgrade_cost + self.upgrade_reserve:
            need = any(not any(m in net for m in board.city(c).mileposts) for _, c, _ in self.stops)
            if not need or p.cash >= rules.upgrade_cost + self.upgrade_reserve + self._remaining_cost(game):
                to = max(opts, key=lambda t: (t.speed, t.capacity))
                if repr(Upgrade(to)) not in self._failed:
                    return Upgrade(to)
        # 3. major cities for victory
        if budget > 0 and not st.special_round:
            have = set(game.connected_majors(self.seat))
            if len(have) < rules.victory_majors and (p.cash - budget >= self.major_reserve
                                                     or p.cash >= rules.victory_cash * 0.7):
                a = self._build_to_major(game, have, budget)
                if a is not None:
                    return a
        return EndTurn()

    def _build_plan_track(self, game, budget: int) -> Build | None:
        """The longest buildable run of the hand plan's track not built yet, within ``budget``."""
        if self.plan is None:
            return None
        from ..track import seg_key

        board, tr = game.board, game.state.track
        todo = []
        for s in self.plan.segments:
            if s.crossing_name is not None and board.edge(s.a, s.b) is None:   # riding across a crossing
                todo.append(s)
                continue
            if board.is_red_area(s.a, s.b) or tr.segments.get(seg_key(s.a, s.b)) == self.seat:
                continue
            todo.append(s)
        chains: list[list[int]] = []
        for s in todo:
            if chains and chains[-1][-1] == s.a:
                chains[-1].append(s.b)
            else:
                chains.append([s.a, s.b])
        net = game.network(self.seat)
        red = game.index.red_mp
        for chain in chains:
            if len(chain) == 2 and seg_key(*chain) in tr.segments:
                continue
            for path in (chain, chain[::-1]):
                if path[0] not in net and not red[path[0]]:
                    continue
                a = self._longest_build(game, path, budget)
                if a is not None:
                    return a
        return None

    def _longest_build(self, game, path: Sequence[int], budget: int) -> Build | None:
        for stop in range(len(path), 1, -1):
            sub = tuple(path[:stop])
            if repr(Build(sub)) in self._failed:
                continue
            try:
                cost = game.plan_build(sub, check=False).cost
            except (IllegalAction, InvalidAction):
                continue
            if cost <= budget:
                return Build(sub)
        return None

    def _build_to_major(self, game, have: set[str], budget: int) -> Build | None:
        """Track from the group of connected major cities to the cheapest one still missing (a flood may
        have cut the network in two: then the missing bridge is the cheapest link)."""
        from ..routes import cheapest_build, cheapest_connection

        board, rules, st = game.board, game.rules, game.state
        best = None
        anchor = min(have) if have else None
        for c in board.major_cities:
            if c.name in have:
                continue
            if anchor is None:
                plan = cheapest_connection(board, rules, c.name, state=st, player=self.seat)
            else:
                plan = cheapest_build(board, rules, anchor, c.name, state=st, player=self.seat)
            if plan is not None and plan.cost > 0 and (best is None or plan.cost < best.cost):
                best = plan
        if best is None:
            return None
        first = next((i for i, s in enumerate(best.segments) if s.total > 0), None)
        if first is None:
            return None
        return self._longest_build(game, list(best.mileposts)[first:], budget)

    def _build_towards(self, game, city: str, budget: int) -> Build | None:
        """The longest start of the cheapest connection to ``city`` that the engine accepts within budget."""
        from ..routes import cheapest_connection

        plan = cheapest_connection(game.board, game.rules, city, state=game.state, player=self.seat)
        if plan is None or plan.cost == 0:
            return None
        path = list(plan.mileposts)
        # skip leading steps on own/public track: start at the last milepost before the first new segment
        segs = plan.segments
        first = next((i for i, s in enumerate(segs) if s.total > 0 or s.crossing_name), None)
        if first is None:
            return None
        return self._longest_build(game, path[first:], budget)


def play_solo(game, bot, *, max_turns: int = 200, on_turn=None):
    """Let one bot play every seat's turns of ``game`` (a solo game has one seat) until it is over or the
    player has taken ``max_turns`` turns. ``on_turn(game)`` is called after each completed turn and may
    return ``True`` to stop (e.g. a simulated loss). Returns the game."""
    bots = bot if isinstance(bot, Sequence) else [bot] * len(game.state.players)
    while not game.over and game.state.players[0].turns < max_turns:
        before = game.state.turn
        b = bots[game.current_player]
        b.step(game)
        if game.state.turn != before and on_turn is not None and on_turn(game):
            break
    return game
