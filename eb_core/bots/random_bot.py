"""A seeded random legal player: good enough to finish games, simple enough to trust.

The bot takes its seat and an injected ``random.Random``. Each call of :meth:`RandomBot.choose` returns
one action for the current position; :meth:`RandomBot.step` applies it (falling back to ending the
phase if the engine rejects it, so a game always advances). It plans with Dijkstra/BFS of its own (it
does not use :mod:`eb_core.routes`): a heap Dijkstra over a per-board adjacency table for the track it
builds, and scipy's Dijkstra over the same graph for the cost from its network to every milepost when it
picks a demand (the same distances, checked by a random-play test):

* operations: place the train at a source of a demanded load, deliver whatever it can, pick up loads it
  has a demand for, and move along its track towards the nearest useful city (renting when it can
  afford to);
* build: extend its network towards a demand city or load source -- or, once rich enough, towards the
  major cities it still needs for victory -- within the 20M budget; sometimes upgrade the train.
* Run Two Trains: train 1 acts until it has nothing left to do, then train 2 (with a demand plan of its
  own); an upgrade picks either train at random.

>>> import random, eb_core as eb
>>> from eb_core.bots.random_bot import RandomBot, play_game
>>> game = eb.Game.new("europe-basic", board="tutorial", players=["A", "B"], seed=3)
>>> bots = [RandomBot(i, random.Random(i)) for i in range(2)]
>>> play_game(game, bots, max_turns=6) is game
True
>>> game.state.round >= 1
True
"""
from __future__ import annotations

import heapq
import random
from collections import deque
from dataclasses import dataclass
from typing import Sequence

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

from ..actions import (Build, Deliver, Discard, DiscardHand, EndOperations, EndTurn, Move, PickUp, PlaceTrain,
                       Upgrade)
from ..costs import segment_cost
from ..errors import IllegalAction
from ..files import derived, recent
from ..routes import cost_key
from ..track import crossing_player_cap, seg_key

__all__ = ["RandomBot", "play_game"]


class RandomBot:
    """Random but purposeful legal play for seat ``seat`` using the injected ``rng``."""

    def __init__(self, seat: int, rng: random.Random | None = None, *, checked: bool = False,
                 major_reserve: int = 35):
        self.seat = seat
        self.major_reserve = major_reserve
        self.rng = rng if rng is not None else random.Random(seat)
        self.checked = checked
        self._turn = None
        self._failed: set = set()
        self._build_target = None

    # ------------------------------------------------------------------ driver
    def step(self, game):
        """Choose and apply one action; returns the action applied."""
        self._new_turn(game)
        a = self.choose(game)
        try:
            # builds always go through the checked apply, so that bot games obey the whole-board
            # no-blocking rules too; everything else may use the fast path
            (game.apply if self.checked or isinstance(a, Build) else game.apply_unchecked)(a)
            return a
        except IllegalAction:
            self._failed.add(repr(a))
            fb = EndOperations() if game.phase == "operations" else EndTurn()
            (game.apply if self.checked else game.apply_unchecked)(fb)
            return fb

    def _new_turn(self, game) -> None:
        key = (game.state.turn, game.state.current, game.state.phase)
        if key != self._turn:
            self._turn = key
            self._failed = set()

    def _stuck(self, p) -> bool:
        """No delivery for ten of its own turns: time to try new cards."""
        seen = getattr(self, "_progress", None)
        if seen is None or seen[0] != p.delivered:
            self._progress = (p.delivered, p.turns)
            return False
        return p.turns - seen[1] >= 10

    # ------------------------------------------------------------------ decisions
    def choose(self, game):
        """The next action for the current position (the bot must be the current player)."""
        st, rules = game.state, game.rules
        p = st.players[self.seat]
        if st.phase == "operations":
            a = self._operate(game, p)
            if isinstance(a, EndOperations) and p.second is not None:
                # Run Two Trains: once train 1 has nothing left to do, train 2 runs (both move each turn)
                self._current_plan, self._plan2 = getattr(self, "_plan2", None), getattr(self, "_current_plan", None)
                try:
                    with game.train_view(2, self.seat):
                        a2 = self._operate(game, p, second=True)
                finally:
                    self._current_plan, self._plan2 = self._plan2, self._current_plan
                if not isinstance(a2, EndOperations):
                    a2 = _for_train(a2, 2)
                    if repr(a2) not in self._failed:
                        return a2
            return a
        # build phase (special or normal)
        if st.special_round and p.spent == 0 and self.rng.random() < 0.03:
            return DiscardHand()
        k = 1 if p.second is None else self.rng.choice((1, 2))   # Run Two Trains: upgrade either train
        opts = rules.upgrade_options(p.train if k == 1 else p.second.train)
        if (opts and p.spent == 0 and not p.upgraded and p.cash >= rules.upgrade_cost + 30
                and not st.special_round and self.rng.random() < 0.35):
            a = Upgrade(self.rng.choice(opts), train=k)
            if repr(a) not in self._failed:
                return a
        b = self._next_build(game)
        return b if b is not None else EndTurn()

    def _operate(self, game, p, *, second: bool = False):
        """The next operations action for the train in front (``second``: train 2 of Run Two Trains, which
        leaves the cards -- discards, a new hand -- to train 1)."""
        st, rules = game.state, game.rules
        if not second and len(p.hand) > rules.hand_size:
            worst = min(p.hand, key=lambda c: max(d.payout for d in game.deck.card(c).demands))
            return Discard(worst)
        if p.position is None:
            return PlaceTrain(self._start_city(game))
        if not second and not st.ops_started and self._stuck(p) and self.rng.random() < 0.3:
            self._progress = (p.delivered, p.turns)
            self._current_plan = None
            return DiscardHand()
        dl = game.legal_deliveries()
        if dl:
            return Deliver(*max(dl, key=lambda x: self._payout(game, x[1], x[0])))
        for ld in self._wanted_pickups(game):
            return PickUp(ld)
        if game.movement_left() > 0:
            path = self._move_path(game)
            if path and repr(Move(path)) not in self._failed:
                return Move(path)
        return EndOperations()

    def _payout(self, game, card_id, load) -> int:
        for d in game.deck.card(card_id).demands:
            if d.load == load:
                return d.payout
        return 0

    def _start_city(self, game) -> str:
        board = game.board
        net = game.network(self.seat)
        srcs = []
        for _, d in game.demands(self.seat):
            for c in board.sources(d.load):
                srcs.append(c)
        on_net = [c for c in srcs if any(m in net for m in c.mileposts)]
        if on_net:
            return self.rng.choice(on_net).name
        majors = [c for c in board.major_cities if any(m in net for m in c.mileposts)]
        if majors:
            return self.rng.choice(majors).name
        if srcs:
            return self.rng.choice(srcs).name
        return self.rng.choice(board.cities).name

    def _wanted_pickups(self, game) -> list[str]:
        p = game.state.players[self.seat]
        wanted = {}
        for _, d in game.demands(self.seat):
            wanted[d.load] = wanted.get(d.load, 0) + 1
        out = []
        for ld in game.legal_pickups():
            if wanted.get(ld, 0) > p.loads.count(ld):
                out.append(ld)
        return out

    # ------------------------------------------------------------------ movement
    def _targets(self, game) -> set[int]:
        board = game.board
        p = game.state.players[self.seat]
        tg: set[int] = set()
        plan = self._plan(game)
        if plan is not None:
            _, load, src, dest = plan
            c = board.city(dest if load in p.loads else src)
            if not (load not in p.loads and len(p.loads) >= p.train.capacity):
                tg.update(c.mileposts)
                tg.discard(p.position)
                if tg and self.rng.random() < 0.9:
                    return tg
        for _, d in game.demands(self.seat):
            if d.load in p.loads and board.has_city(d.city):
                tg.update(board.city(d.city).mileposts)
        if len(p.loads) < p.train.capacity:
            for _, d in game.demands(self.seat):
                if game.state.bank.get(d.load, 0) > 0:
                    for c in board.sources(d.load):
                        tg.update(c.mileposts)
        tg.discard(p.position)
        return tg

    def _move_adjacency(self, game, rent: bool) -> dict[int, list[int]]:
        st, board = game.state, game.board
        adj: dict[int, list[int]] = {}

        def add(a, b):
            adj.setdefault(a, []).append(b)
            adj.setdefault(b, []).append(a)

        for (a, b), o in st.track.segments.items():
            if o == self.seat or rent:
                add(a, b)
        for e in board.public_edges:
            add(e.a, e.b)
        for cr in board.crossings:
            owners = st.track.crossing_owners(cr.name)
            if owners and (self.seat in owners or rent):
                seq = (cr.ports[0], *cr.mileposts, cr.ports[1]) if cr.is_tunnel else cr.ports
                for a, b in zip(seq, seq[1:]):
                    add(a, b)
        return adj

    def _move_path(self, game) -> tuple[int, ...] | None:
        p = game.state.players[self.seat]
        targets = self._targets(game)
        if not targets:
            return None
        can_rent = p.cash >= game.rules.rent + 6
        start = p.position
        adj = self._move_adjacency(game, can_rent)
        prev = {start: None}
        q = deque([start])
        found = None
        while q:
            a = q.popleft()
            if a in targets:
                found = a
                break
            for b in adj.get(a, ()):
                if b not in prev:
                    prev[b] = a
                    q.append(b)
        if found is None:
            return None
        path = []
        x = found
        while x != start:
            path.append(x)
            x = prev[x]
        path.reverse()
        path = path[:max(1, game.movement_left())]
        return game.longest_legal_move(path) or None

    # ------------------------------------------------------------------ building
    def _plan(self, game):
        """The demand the bot works on: ``(card_id, load, source city, demand city)`` or ``None``.
        Kept until the card leaves the hand; chosen by payout over an estimated build cost, with a
        random tie-breaking jitter."""
        board = game.board
        p = game.state.players[self.seat]
        plan = getattr(self, "_current_plan", None)
        if plan is not None and plan[0] in p.hand:
            return plan
        from_net = self._costs_from_network(game)
        best, best_score = None, None
        for cid, d in game.demands(self.seat):
            if not board.has_city(d.city):
                continue
            dest = board.city(d.city)
            for src in board.sources(d.load):
                c1 = min(from_net[0].get(m, 10 ** 6) for m in src.mileposts)
                c2 = min(from_net[0].get(m, 10 ** 6) for m in dest.mileposts)
                carry = d.load in p.loads
                cost = (c2 if carry else c1 + c2) + 1
                score = d.payout / cost * (0.8 + 0.4 * self.rng.random())
                if cost > p.cash + 5:   # prefer what it can afford to connect
                    score /= 10
                if best_score is None or score > best_score:
                    best, best_score = (cid, d.load, src.name, dest.name), score
        self._current_plan = best
        return best

    def _build_goal(self, game) -> set[int]:
        board, rules = game.board, game.rules
        p = game.state.players[self.seat]
        net = game.network(self.seat)
        plan = self._plan(game)
        if plan is not None:
            _, load, src, dest = plan
            order = [dest] if load in p.loads else [src, dest]
            for name in order:
                c = board.city(name)
                if not any(m in net for m in c.mileposts):
                    return set(c.mileposts)
        have = set(game.connected_majors(self.seat))
        if len(have) < rules.victory_majors and p.cash >= self.major_reserve:
            missing = [c for c in board.major_cities if c.name not in have]
            goal = set()
            for c in missing:
                goal.update(c.mileposts)
            return goal
        return set()

    def _next_build(self, game):
        st, rules = game.state, game.rules
        p = st.players[self.seat]
        budget = min(rules.build_limit - p.spent, p.cash)
        if budget <= 0 or (p.upgraded and rules.cross_grade_cost is None):
            return None
        goal = self._build_goal(game)
        starts = None
        if not game.network(self.seat):
            plan = self._plan(game)
            if plan is not None:
                src, dest = game.board.city(plan[2]), game.board.city(plan[3])
                if src.has_red_area and not dest.has_red_area:
                    starts, goal = set(src.mileposts), set(dest.mileposts)
                elif dest.has_red_area and not src.has_red_area:
                    starts, goal = set(dest.mileposts), set(src.mileposts)
                elif src.has_red_area and dest.has_red_area and src is not dest:
                    starts, goal = set(src.mileposts), set(dest.mileposts)
        if not goal:
            return None
        dist, prev, end = self._dijkstra(game, goal, starts)
        if end is None:
            return None
        path = []
        x = end
        while x is not None:
            path.append(x)
            x = prev[x]
        path.reverse()
        if len(path) < 2:
            return None
        chunk = self._first_chunk(game, path)
        for stop in range(len(chunk), 1, -1):
            sub = tuple(chunk[:stop])
            if repr(Build(sub)) in self._failed:
                continue
            try:
                plan = game.plan_build(sub, check=False)
            except IllegalAction:
                continue
            if plan.cost <= budget:
                return Build(sub)
        return None

    def _first_chunk(self, game, path: Sequence[int]) -> list[int]:
        """The first run of segments on ``path`` that still need building (with any ferry hop)."""
        tr = game.state.track
        board = game.board
        chunk: list[int] = []
        for a, b in zip(path, path[1:]):
            k = seg_key(a, b)
            edge = board.edge(a, b)
            new = edge is not None and k not in tr.segments and not board.is_red_area(a, b)
            hop = edge is None
            if new or (hop and chunk):
                if not chunk:
                    chunk = [a]
                chunk.append(b)
            elif chunk:
                break
        return chunk

    def _starts(self, game) -> set[int]:
        """Where the bot's track may grow from: its network, or every major (red-area) city."""
        starts = set(game.network(self.seat))
        if not starts:
            board = game.board
            for c in board.red_cities if hasattr(board, "red_cities") else board.major_cities:
                starts.update(c.mileposts)
        return starts

    def _costs_from_network(self, game) -> tuple[dict[int, float]]:
        """``(dist,)``: the cheapest build cost from the bot's network to every milepost it can reach --
        the distances of :meth:`_dijkstra` with ``goal=None`` (which mileposts are reached and at what
        cost; ties between equal paths do not matter here), computed by scipy over the board's graph of
        :func:`_static_graph`."""
        st, board, rules = game.state, game.board, game.rules
        g = _static_graph(board, rules)
        seat, tr = self.seat, st.track
        owned = tr.owned_crossings(seat)
        owner = np.full(len(g.keys), -1, dtype=np.int64)
        for k, o in tr.segments.items():
            i = g.key_index.get(k)
            if i is not None:
                owner[i] = o
        lattice_owner = owner[g.key_of]
        mine = lattice_owner == seat
        theirs = (lattice_owner >= 0) & ~mine
        w = g.static.copy()
        crossing_w = self._crossing_costs(board, rules, owned)
        w[g.crossing_entries] = crossing_w
        w[mine] = 0.0
        w[theirs] = np.inf
        w[g.red] = 0.0
        hops = np.array([0.0 if name in owned or len(tr.crossing_owners(name)) < cap else np.inf
                         for name, cap in g.hop_crossings], dtype=float)
        weights = np.concatenate([w, hops])[g.order]
        graph = csr_matrix((weights, g.indices, g.indptr), shape=(g.n, g.n))
        starts = sorted(self._starts(game))
        dist = dijkstra(graph, directed=True, indices=starts, min_only=True)
        reached = np.flatnonzero(np.isfinite(dist))
        return ({int(m): float(dist[m]) for m in reached},)

    def _crossing_costs(self, board, rules, owned: frozenset[str]) -> np.ndarray:
        """Build costs of the segments into a ferry/tunnel port (they depend on the crossings owned),
        kept for the last few sets of crossings owned on this board and costs."""
        def compute() -> np.ndarray:
            g = _static_graph(board, rules)
            out = []
            for i in np.flatnonzero(g.crossing_entries):
                sc = segment_cost(board, rules, int(g.src[i]), int(g.dst[i]), owned_crossings=owned)
                out.append(np.inf if sc is None else float(sc.total))
            return np.array(out, dtype=float)
        return recent(board, "random_bot:crossing-costs", (cost_key(rules), owned), compute, size=16)

    def _dijkstra(self, game, goal: set[int] | None, starts: set[int] | None = None):
        """Cheapest build costs from the bot's network (or any major city) -- ``(dist, prev, reached
        goal milepost)``; with ``goal=None`` the whole board is explored."""
        st, board, rules = game.state, game.board, game.rules
        seat = self.seat
        tr = st.track
        owned = tr.owned_crossings(seat)
        starts = set(starts) if starts else self._starts(game)
        adjacency = _static_adjacency(board, rules)
        ports = derived(board, "random_bot:ports", lambda b: frozenset(m for cr in b.crossings for m in cr.ports))
        segments = tr.segments
        far = 1 << 30
        dist = {s: 0 for s in starts}
        prev: dict[int, int | None] = {s: None for s in starts}
        heap = [(0, s) for s in sorted(starts)]
        heapq.heapify(heap)
        end = None
        while heap:
            d, a = heapq.heappop(heap)
            if d > dist.get(a, far):
                continue
            if goal is not None and a in goal:
                end = a
                break
            for b, k, red, w in adjacency[a]:
                if red:
                    w = 0
                else:
                    o = segments.get(k)
                    if o is not None:
                        if o != seat:
                            continue
                        w = 0
                    elif w is None:
                        continue
                    elif w < 0:  # into a ferry/tunnel port: depends on what we own
                        sc = segment_cost(board, rules, a, b, owned_crossings=owned)
                        if sc is None:
                            continue
                        w = sc.total
                nd = d + w
                if nd < dist.get(b, far):
                    dist[b] = nd
                    prev[b] = a
                    heapq.heappush(heap, (nd, b))
            if a not in ports:
                continue
            for cr in board.crossings_at(a):
                b = cr.other_port(a)
                if cr.name not in owned:
                    if len(tr.crossing_owners(cr.name)) >= crossing_player_cap(rules, cr):
                        continue
                nd = d  # building into the port already paid for the whole crossing
                if nd < dist.get(b, far):
                    dist[b] = nd
                    prev[b] = a
                    heapq.heappush(heap, (nd, b))
        return dist, prev, end


def _for_train(a, train: int):
    """The same train action for ``train`` (Run Two Trains)."""
    if isinstance(a, Move):
        return Move(a.path, a.rent_from, train=train)
    if isinstance(a, Deliver):
        return Deliver(a.load, a.card_id, train=train)
    if isinstance(a, (PickUp, PlaceTrain)):
        return type(a)(a.load if isinstance(a, PickUp) else a.where, train=train)
    return a


def _static_costs(board, rules) -> dict[tuple[int, int], int]:
    """Build cost of every directed segment ignoring ownership (-1 where it depends on crossings owned),
    computed once per board and costs (:func:`eb_core.files.derived`)."""
    return derived(board, ("random_bot:static", cost_key(rules)), lambda b: _compute_static(b, rules))


def _static_adjacency(board, rules) -> tuple[tuple[tuple[int, tuple[int, int], bool, int | None], ...], ...]:
    """Every milepost's neighbours in :meth:`~eb_core.board.Board.neighbors` order (so ties break as
    before), each as ``(neighbour, segment key, inside one red area, static build cost or None)``: what
    :meth:`RandomBot._dijkstra` reads per step, computed once per board and costs."""
    def compute(b):
        static = _static_costs(b, rules)
        return tuple(tuple((n, seg_key(m, n), b.is_red_area(m, n), static.get((m, n))) for n in b.neighbors(m))
                     for m in range(len(b.mileposts)))
    return derived(board, ("random_bot:adjacency", cost_key(rules)), compute)


@dataclass(frozen=True)
class _Graph:
    """:meth:`RandomBot._dijkstra`'s graph as arrays: one entry per lattice step (``src`` -> ``dst``, its
    segment ``key_of``, ``red`` inside one red area, ``static`` build cost or NaN where no track can be
    built, ``crossing_entries`` where the cost depends on the crossings owned) followed by one per ferry
    or tunnel hop (``hop_crossings``: name and player limit); ``order``/``indices``/``indptr`` lay all
    entries out as a CSR matrix of ``n`` mileposts."""

    n: int
    src: np.ndarray
    dst: np.ndarray
    keys: tuple
    key_index: dict
    key_of: np.ndarray
    red: np.ndarray
    static: np.ndarray
    crossing_entries: np.ndarray
    hop_crossings: tuple
    order: np.ndarray
    indices: np.ndarray
    indptr: np.ndarray


def _static_graph(board, rules) -> _Graph:
    def compute(b):
        adjacency = _static_adjacency(b, rules)
        src, dst, key_of, red, static = [], [], [], [], []
        keys: dict = {}
        for a, nbrs in enumerate(adjacency):
            for n, k, r, w in nbrs:
                src.append(a)
                dst.append(n)
                key_of.append(keys.setdefault(k, len(keys)))
                red.append(r)
                static.append(np.nan if w is None else float(w))
        static_a = np.array(static, dtype=float)
        crossing = ~np.isnan(static_a) & (static_a < 0)
        static_a[np.isnan(static_a)] = np.inf
        hop_src, hop_dst, hops = [], [], []
        for cr in b.crossings:
            cap = crossing_player_cap(rules, cr)
            for x, y in ((cr.ports[0], cr.ports[1]), (cr.ports[1], cr.ports[0])):
                hop_src.append(x)
                hop_dst.append(y)
                hops.append((cr.name, cap))
        all_src = np.array(src + hop_src, dtype=np.int64)
        all_dst = np.array(dst + hop_dst, dtype=np.int64)
        order = np.argsort(all_src, kind="stable")
        n = len(b.mileposts)
        indptr = np.zeros(n + 1, dtype=np.int64)
        np.cumsum(np.bincount(all_src, minlength=n), out=indptr[1:])
        return _Graph(n, np.array(src, dtype=np.int64), np.array(dst, dtype=np.int64), tuple(keys), keys,
                      np.array(key_of, dtype=np.int64), np.array(red, dtype=bool), static_a, crossing,
                      tuple(hops), order, all_dst[order], indptr)
    return derived(board, ("random_bot:graph", cost_key(rules)), compute)


def _compute_static(board, rules) -> dict[tuple[int, int], int]:
    out: dict[tuple[int, int], int] = {}
    for e in board.edges:
        for a, b in ((e.a, e.b), (e.b, e.a)):
            if board.crossings_at(b):
                out[(a, b)] = -1
                continue
            sc = segment_cost(board, rules, a, b)
            if sc is not None:
                out[(a, b)] = sc.total
    return out


def play_game(game, bots: Sequence[RandomBot], *, max_turns: int = 200, on_step=None):
    """Let ``bots`` (one per seat) play ``game`` until it is over or ``max_turns`` turns have been taken.
    ``on_step(game, action)`` is called after every action. Returns the game."""
    while not game.over and game.state.turn < max_turns:
        a = bots[game.current_player].step(game)
        if on_step is not None:
            on_step(game, a)
    return game
