"""Route planning: cheapest builds, connections, trips on built track, travel times and tables.

One private path engine, thin public functions (STYLE #7):

* :func:`cheapest_build` -- the cheapest track to build from ``a`` to ``b`` (cities or milepost ids);
* :func:`cheapest_connection` -- the cheapest track joining a city to a player's network (or, with no
  network yet, to any major/key city: "Beginning Construction");
* :func:`cost_table` -- build costs between many cities at once (a pandas DataFrame);
* :func:`shortest_trip` -- the fewest mileposts on track that is already built (own, public, rented);
* :func:`travel_turns` / :func:`travel_table` -- how many turns a train needs, ferries included.

How costs work (rulebook "Build Phase Rules"): a segment costs the milepost built *to* plus the most
expensive bridge it crosses; :func:`eb_core.costs.segment_cost` is the single source of truth and the
engine's arrays are filled from it. Building is *directed*: A->B pays to enter B but not A.

The engine is a static directed graph in CSR form (:mod:`scipy.sparse.csgraph`), built once per
(board, ruleset costs) and cached. Besides the mileposts it has

* a *twin* node for every ferry/tunnel port and every small or medium city milepost, meaning "reached by
  a segment just built (and paid for)". Building into a port you don't own pays the crossing's number
  and buys it, so the port->port hop out of the twin is free; a route that reaches a port any other way
  (starting there, on public or own track) pays the crossing's number on the hop itself
  (rulebook "Building Ferry Ports", "Building the Chunnel"). For a city where the player may lay only one
  more track, the twin has no new-track exits ("Limits on Entry into Small and Medium Cities");
* "free" edges (public red areas of major/key cities, the player's own track) beside the "paid" ones;
* one virtual source per city, so a whole cost table is one multi-source Dijkstra call.

A game position changes only the edge weights, as numpy masks: own track costs 0, other players' track
is closed (rulebook "Right of Way"), owned crossings are free, full crossings and full cities are closed
to newcomers, flooded edges are closed.

>>> import eb_core as eb
>>> board, rules = eb.load_board("tutorial"), eb.ruleset("europe-standard")
>>> plan = eb.cheapest_build(board, rules, "London", "Birmingham")
>>> plan.cost
5
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

import numpy as np
import pandas as pd
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

from .board import Board, City, CitySize, Crossing
from .costs import BuildPlan, SegmentCost, crossing_cost, segment_cost
from .errors import InvalidAction
from .files import derived, recent
from .rules import Ruleset, Train
from .state import Position
from .track import Track, city_room, crossing_player_cap, seg_key
from .words import and_list, plural, pretty_as_words, shown

__all__ = [
    "BuildPlan", "RouteState", "Trip", "cheapest_build", "cheapest_connection", "cost_table", "shortest_trip",
    "travel_turns", "travel_table",
]

_INF = np.inf
_NO_PRED = -9999
_BOUNDED = (CitySize.SMALL, CitySize.MEDIUM)


# =============================================================================== value types
@dataclass(frozen=True, repr=False)
class Trip:
    """A train journey on track that is already built (see :func:`shortest_trip`).

    ``path`` lists every milepost stepped on, the Chunnel's underground mileposts included;
    ``mileposts`` is the number of steps (``len(path) - 1``); ``ferries`` the ferries and tunnels used;
    ``rented`` the opponents whose track is used (rulebook "Renting Track"); ``rent`` what that costs
    for one turn of use (``rules.rent`` per opponent); ``board`` the board it runs on (so that
    ``str(trip)`` names its ends; not compared).
    """

    path: tuple[int, ...]
    mileposts: int
    ferries: tuple[str, ...]
    rented: tuple[int, ...]
    rent: int
    board: Board | None = field(default=None, compare=False)

    def __str__(self) -> str:
        return self.explain()

    def __repr__(self) -> str:
        return f"<Trip: {self.explain()}>"

    _repr_pretty_ = pretty_as_words      # IPython's plain-text display: the words, not the fields

    def __reduce__(self):                   # pickled without its board (process pools send trips, not boards)
        return Trip, (self.path, self.mileposts, self.ferries, self.rented, self.rent)

    def __copy__(self) -> Trip:             # immutable: a copy is the trip itself, board and all
        return self

    def __deepcopy__(self, memo) -> Trip:
        return self

    def explain(self, board: Board | None = None, names: Sequence[str] | None = None) -> str:
        """The trip in words: ``"12 mileposts from Birmingham to London"``, with the ferries and tunnels
        ridden and the rent. Its ends are named with ``board`` (:meth:`Board.place`; by default the board
        :func:`shortest_trip` ran on; left out without one, never given as milepost ids), the players rented
        from with ``names`` (the players' names in seat order)."""
        board = board if board is not None else self.board
        ends = f" from {board.place(self.path[0])} to {board.place(self.path[-1])}" if board is not None else ""
        f = f" via {and_list(self.ferries)}" if self.ferries else ""
        if not self.rented:
            r = ""
        elif names is not None:
            owners = and_list(f"{names[s]}'s" for s in self.rented)
            r = f", renting {owners} track for {self.rent}M"
        else:
            r = f", renting {plural(len(self.rented), 'other player')}'s track for {self.rent}M"
        return f"{plural(self.mileposts, 'milepost')}{ends}{f}{r}"


# ================================================================================ the engine
class _Engine:
    """The static array graph of one board under one ruleset's costs. Private: use the functions."""

    def __init__(self, board: Board, rules: Ruleset):
        self.board = board
        n = len(board.mileposts)
        self.n = n
        ports = sorted({p for cr in board.crossings for p in cr.ports})
        bounded = sorted({m for c in board.cities if c.size in _BOUNDED for m in c.mileposts})
        twinned = sorted(set(ports) | set(bounded))
        self.twin = np.full(n, -1, dtype=np.int64)
        self.twin[twinned] = n + np.arange(len(twinned))
        self.node_mp = np.concatenate([np.arange(n), np.asarray(twinned, dtype=np.int64)])
        self.cities = board.cities
        self.city_index = {c.name: i for i, c in enumerate(board.cities)}
        self.vbase = n + len(twinned)
        N = self.vbase + len(board.cities)
        self.N = N

        self.segs: dict[tuple[int, int], SegmentCost] = {}   # segments whose cost no ownership changes
        src: list[int] = []
        dst: list[int] = []
        w: list[float] = []
        w_own: list[float] = []
        edges = [e for e in board.edges if not e.impassable]
        E = len(edges)
        self.und = edges
        paid_tab = np.full((E, 4), -1, dtype=np.int64)
        free_tab = np.full((E, 4), -1, dtype=np.int64)
        paid_into: dict[int, list[int]] = {}
        paid_out: dict[int, list[int]] = {}
        paid_out_twin: dict[int, list[int]] = {}
        all_names = {cr.name for cr in board.crossings}

        def add(s: int, d: int, wt: float, wo: float) -> int:
            src.append(s)
            dst.append(d)
            w.append(wt)
            w_own.append(wo)
            return len(src) - 1

        for u, e in enumerate(edges):
            red = board.is_red_area(e.a, e.b)
            kp = kf = 0
            for x, y in ((e.a, e.b), (e.b, e.a)):
                srcs = [x] + ([int(self.twin[x])] if self.twin[x] >= 0 else [])
                for s in srcs:
                    if not red:
                        seg = segment_cost(board, rules, x, y)
                        if not board.is_port(y):
                            self.segs[(x, y)] = seg
                        own = segment_cost(board, rules, x, y, owned_crossings=all_names)
                        d = int(self.twin[y]) if self.twin[y] >= 0 else y
                        i = add(s, d, seg.total, own.total)
                        paid_tab[u, kp] = i
                        kp += 1
                        paid_into.setdefault(y, []).append(i)
                        paid_out.setdefault(x, []).append(i)
                        if s != x:
                            paid_out_twin.setdefault(x, []).append(i)
                    i = add(s, y, 0.0 if red else _INF, 0.0 if red else _INF)
                    free_tab[u, kf] = i
                    kf += 1

        # ferries and tunnels: the port -> port hop
        self.crossing_index = {cr.name: k for k, cr in enumerate(board.crossings)}
        hops: list[list[int]] = []
        owned_ids: list[list[int]] = []
        for cr in board.crossings:
            cost = crossing_cost(rules, cr)
            ids = []
            for x, y in ((cr.ports[0], cr.ports[1]), (cr.ports[1], cr.ports[0])):
                ids.append(add(x, y, cost, 0.0))
                # reached by building into x: was *this* crossing bought on the way in?
                bought = any((sc := segment_cost(board, rules, nb, x)) is not None and sc.crossing_name == cr.name
                             for nb in board.neighbors(x)) or not board.neighbors(x)
                ids.append(add(int(self.twin[x]), y, 0.0 if bought else cost, 0.0))
            hops.append(ids)
            into = [i for p in cr.ports for i in paid_into.get(p, [])]
            owned_ids.append(ids + into)

        # one virtual source per city (cost tables)
        for ci, c in enumerate(board.cities):
            for m in c.mileposts:
                add(self.vbase + ci, m, 0.0, 0.0)

        src_a = np.asarray(src, dtype=np.int64)
        order = np.argsort(src_a, kind="stable")
        inv = np.empty_like(order)
        inv[order] = np.arange(len(order))
        self.indices = np.asarray(dst, dtype=np.int32)[order]
        self.indptr = np.concatenate([[0], np.cumsum(np.bincount(src_a, minlength=N))]).astype(np.int32)
        self.w = np.asarray(w, dtype=float)[order]
        self.w_own = np.asarray(w_own, dtype=float)[order]
        self.src = src_a[order]

        def remap(tab: np.ndarray) -> np.ndarray:
            out = tab.copy()
            m = out >= 0
            out[m] = inv[out[m]]
            return out

        self.paid_tab = remap(paid_tab)
        self.free_tab = remap(free_tab)
        to_arr = lambda d: {k: inv[np.asarray(v, dtype=np.int64)] for k, v in d.items()}  # noqa: E731
        self.paid_into = to_arr(paid_into)
        self.paid_out = to_arr(paid_out)
        self.paid_out_twin = to_arr(paid_out_twin)
        self.hops = [inv[np.asarray(h, dtype=np.int64)] for h in hops]
        self.owned_ids = [inv[np.asarray(h, dtype=np.int64)] for h in owned_ids]
        codes = np.array([e.a * n + e.b for e in edges], dtype=np.int64)
        self.code_order = np.argsort(codes)
        self.codes_sorted = codes[self.code_order]
        self.city_of_mp = np.full(n, -1, dtype=np.int64)
        for ci, c in enumerate(board.cities):
            self.city_of_mp[list(c.mileposts)] = ci
        self.static_graph = self._graph(self.w)
        # target node groups: a milepost and its twin
        self._empty = np.empty(0, dtype=np.int64)
        # the movement graph (shortest_trip): every segment both ways, then the crossings' port -> port hops;
        # a position only sets weights (1 on usable track, 1 + eps on rented track, inf elsewhere)
        ea = np.array([e.a for e in edges], dtype=np.int64)
        eb_ = np.array([e.b for e in edges], dtype=np.int64)
        hop_a = np.array([p for cr in board.crossings for p in (cr.ports[0], cr.ports[1])], dtype=np.int64)
        hop_b = np.array([p for cr in board.crossings for p in (cr.ports[1], cr.ports[0])], dtype=np.int64)
        msrc = np.concatenate([ea, eb_, hop_a])
        mdst = np.concatenate([eb_, ea, hop_b])
        morder = np.argsort(msrc, kind="stable")
        minv = np.empty_like(morder)
        minv[morder] = np.arange(len(morder))
        self.m_indices = mdst[morder].astype(np.int32)
        self.m_indptr = np.concatenate([[0], np.cumsum(np.bincount(msrc, minlength=n))]).astype(np.int32)
        self.m_edge = np.stack([minv[:E], minv[E:2 * E]], axis=1)         # undirected edge -> its two entries
        self.m_hop = minv[2 * E:].reshape(-1, 2)                          # crossing -> its two hop entries
        self.m_public = np.array([u for u, e in enumerate(edges) if board.is_red_area(e.a, e.b)], dtype=np.int64)
        self.m_rows = np.repeat(np.arange(n, dtype=np.int32), np.diff(self.m_indptr))
        self.m_base = np.full(len(msrc), _INF)
        self.m_base[self.m_edge[self.m_public].ravel()] = 1.0

    # ------------------------------------------------------------------------- helpers
    def _graph(self, w: np.ndarray, compact: bool = True) -> csr_matrix:
        """The CSR graph for weights ``w``. ``compact`` leaves closed (infinite) edges out: worth it for the
        cached static graph and all-pairs tables; a one-off query keeps them (cheaper to build)."""
        if not compact:
            return csr_matrix((w, self.indices, self.indptr), shape=(self.N, self.N))
        return _kept_csr(w, np.isfinite(w), self.indices, self.indptr, self.N)

    def movement_graph(self, w: np.ndarray, keep: np.ndarray) -> csr_matrix:
        """The movement CSR graph over mileposts with entry weights ``w`` (only the ``keep`` entries)."""
        return _kept_csr(w, keep, self.m_indices, self.m_indptr, self.n)

    def city_nodes(self) -> tuple[np.ndarray, np.ndarray]:
        """Every city's target nodes (:meth:`nodes_of` its mileposts), concatenated in city order, and where
        each city's run starts: ``np.minimum.reduceat(row[nodes], starts)`` is a row's cost to every city."""
        hit = getattr(self, "_city_nodes", None)
        if hit is None:
            runs = [self.nodes_of(c.mileposts) for c in self.cities]
            starts = np.cumsum([0] + [len(r) for r in runs[:-1]]).astype(np.int64)
            hit = self._city_nodes = (np.concatenate(runs), starts)
        return hit

    def nodes_of(self, mps: Iterable[int]) -> np.ndarray:
        mps = np.asarray(list(mps), dtype=np.int64)
        tw = self.twin[mps]
        return np.concatenate([mps, tw[tw >= 0]])

    def edge_ids(self, pairs: Iterable[tuple[int, int]]) -> np.ndarray:
        """Undirected edge indices of ``(a, b)`` pairs (``-1`` where there is no such edge)."""
        pairs = list(pairs)
        if not pairs:
            return self._empty
        ab = np.array(pairs, dtype=np.int64).reshape(-1, 2)
        codes = ab.min(axis=1) * self.n + ab.max(axis=1)
        pos = np.searchsorted(self.codes_sorted, codes)
        pos = np.minimum(pos, len(self.codes_sorted) - 1)
        ok = self.codes_sorted[pos] == codes
        return np.where(ok, self.code_order[pos], -1)

    # ------------------------------------------------------------------------- masks
    def weights(self, rules: Ruleset, track: Track | None, player: int | None,
                blocked: Iterable[tuple[int, int]] | None, compact: bool = False
                ) -> tuple[csr_matrix, frozenset[str], set[tuple[int, int]]]:
        """The graph for one game position: (graph, crossings the player owns, the player's segments)."""
        if track is None and not blocked:
            return self.static_graph, frozenset(), set()
        w = self.w.copy()
        owned: frozenset[str] = frozenset()
        mine: set[tuple[int, int]] = set()
        board = self.board
        if track is not None:
            owned = track.owned_crossings(player)
            for name in owned:
                k = self.crossing_index.get(name)
                if k is not None:
                    ids = self.owned_ids[k]
                    w[ids] = self.w_own[ids]
            keys = list(track.segments)
            if keys:
                owners = np.fromiter(track.segments.values(), dtype=np.int64, count=len(keys))
                u = self.edge_ids(keys)
                ok = u >= 0
                u, owners = u[ok], owners[ok]
                is_mine = owners == player
                for tab, val_mine in ((self.paid_tab, _INF), (self.free_tab, 0.0)):
                    ids = tab[u[is_mine]].ravel()
                    w[ids[ids >= 0]] = val_mine
                    ids = tab[u[~is_mine]].ravel()
                    w[ids[ids >= 0]] = _INF
                mine = {k for k, p in track.segments.items() if p == player}
            # crossings at their player limit are closed to newcomers
            for name, ps in track.crossings.items():
                k = self.crossing_index.get(name)
                if k is None or player in ps:
                    continue
                cr = board.crossings[k]
                limit = crossing_player_cap(rules, cr)
                if len(set(ps)) >= limit:
                    w[self.hops[k]] = _INF
                    for p in cr.ports:
                        w[self.paid_into.get(p, self._empty)] = _INF
            # small and medium cities: players and tracks per player (eb_core.track.city_room, as the
            # engine counts them: a ferry with a port in the city is one of its tracks, so building into
            # a port whose ferry is not yet owned lays two)
            for ci, counts in self._city_counts(track).items():
                c = self.cities[ci]
                room = city_room(board, rules, c, counts, player)
                if room is None:
                    continue
                may_enter, left = room
                if not may_enter or left <= 0:
                    for m in c.mileposts:
                        w[self.paid_into.get(m, self._empty)] = _INF
                        w[self.paid_out.get(m, self._empty)] = _INF
                        for cr in board.crossings_at(m):
                            if cr.name not in owned:
                                w[self.hops[self.crossing_index[cr.name]]] = _INF
                    continue
                for m in c.mileposts:
                    buys = any(cr.name not in owned for cr in board.crossings_at(m))
                    if left == 1:
                        w[self.paid_out_twin.get(m, self._empty)] = _INF
                        if buys:
                            w[self.paid_into.get(m, self._empty)] = _INF
                    elif left == 2 and buys:
                        w[self.paid_out_twin.get(m, self._empty)] = _INF
        if blocked:
            blocked = [tuple(p) for p in blocked]
            u = self.edge_ids(blocked)
            u = u[u >= 0]
            for tab in (self.paid_tab, self.free_tab):
                ids = tab[u].ravel()
                w[ids[ids >= 0]] = _INF
            bset = {seg_key(*p) for p in blocked}
            for k, cr in enumerate(board.crossings):
                if seg_key(*cr.ports) in bset:
                    w[self.hops[k]] = _INF
        return self._graph(w, compact), owned, mine

    def penalized(self, graph: csr_matrix, penalty: float) -> csr_matrix:
        """A copy of ``graph`` (:meth:`weights`) with ``penalty`` added to every ferry crossing's port -> port
        hop, built or not (tunnels are ridden at full speed and get none; a closed hop stays closed)."""
        pairs = getattr(self, "_ferry_hop_pairs", None)
        if pairs is None:
            ids = np.concatenate([self.hops[k] for k, cr in enumerate(self.board.crossings) if not cr.is_tunnel]
                                 or [self._empty])
            pairs = self._ferry_hop_pairs = (self.src[ids], self.indices[ids].astype(np.int64))
        a, b = pairs
        g = graph.copy()
        lo, hi = g.indptr[a].astype(np.int64), g.indptr[a + 1].astype(np.int64)
        last = len(g.indices) - 1
        for k in range(int((hi - lo).max(initial=0))):       # each hop's entry in its (short) row
            at = lo + k
            hit = (at < hi) & (g.indices[np.minimum(at, last)] == b)
            g.data[at[hit]] += penalty
        return g

    def _city_counts(self, track: Track) -> dict[int, dict[int, int]]:
        """``{city index: {player: tracks into/out of it}}`` for small and medium cities with track."""
        out: dict[int, dict[int, int]] = {}
        cid = self.city_of_mp
        if track.segments:
            ab = np.array(list(track.segments), dtype=np.int64).reshape(-1, 2)
            owners = np.fromiter(track.segments.values(), dtype=np.int64, count=len(ab))
            ok = (ab >= 0).all(axis=1) & (ab < self.n).all(axis=1)
            ab, owners = ab[ok], owners[ok]
            ca, cb = cid[ab[:, 0]], cid[ab[:, 1]]
            cross = np.flatnonzero(ca != cb)
            for c1, c2, p in zip(ca[cross].tolist(), cb[cross].tolist(), owners[cross].tolist()):
                for c in (c1, c2):
                    if c >= 0 and self.cities[c].size in _BOUNDED:
                        d = out.setdefault(c, {})
                        d[p] = d.get(p, 0) + 1
        for name, ps in track.crossings.items():
            k = self.crossing_index.get(name)
            if k is None:
                continue
            for port in self.board.crossings[k].ports:
                c = cid[port]
                if c >= 0 and self.cities[c].size in _BOUNDED:
                    d = out.setdefault(int(c), {})
                    for p in ps:
                        d[p] = d.get(p, 0) + 1
        return out

    # ------------------------------------------------------------------------- queries
    def search(self, graph: csr_matrix, sources: Sequence[int], targets: Sequence[int]
               ) -> tuple[float, list[int]] | None:
        """Cheapest path from any of ``sources`` to any of ``targets`` (mileposts): (cost, path nodes)."""
        src = tuple(int(x) for x in sources)
        # the same graph searched from the same sources (a network, for several targets): one search
        dist, pred = recent(self.board, "routes:searches", (id(graph), src),
                            lambda: dijkstra(graph, indices=np.asarray(src, dtype=np.int64), min_only=True,
                                             return_predecessors=True)[:2], guard=graph)
        tn = self.nodes_of(targets)
        best = tn[np.argmin(dist[tn])]
        d = dist[best]
        if not np.isfinite(d):
            return None
        path = [int(best)]
        while pred[path[-1]] != _NO_PRED:
            path.append(int(pred[path[-1]]))
        path.reverse()
        return float(d), self.trim(path, sources, targets)

    def trim(self, path: list[int], sources: Sequence[int], targets: Sequence[int]) -> list[int]:
        """Drop free steps inside the start (or end) city: start at the last source milepost on the
        path, stop at the first target milepost."""
        mp = self.node_mp
        src, tgt = set(int(x) for x in sources), set(int(x) for x in targets)
        first = max(i for i, v in enumerate(path) if v < self.vbase and int(mp[v]) in src) if \
            any(v < self.vbase and int(mp[v]) in src for v in path) else 0
        path = path[first:]
        for i, v in enumerate(path):
            if v < self.vbase and int(mp[v]) in tgt:
                return path[:i + 1]
        return path

    def to_mileposts(self, nodes: Sequence[int]) -> list[int]:
        return [int(self.node_mp[v]) for v in nodes if v < self.vbase]


def cost_key(rules: Ruleset) -> tuple:
    """The parts of ``rules`` that build costs depend on: a hashable key for caches of derived costs."""
    return (tuple(sorted(rules.terrain_cost.items())), tuple(sorted(rules.water_cost.items())),
            tuple(sorted(rules.city_cost.items())), rules.tunnel_as_ferry_cost, rules.bridges)


def _engine(board: Board, rules: Ruleset) -> _Engine:
    """The route engine of ``board`` under ``rules``' costs, built once (:func:`eb_core.files.derived`)."""
    return derived(board, ("routes:engine", cost_key(rules)), lambda b: _Engine(b, rules))


def _kept_csr(w: np.ndarray, keep: np.ndarray, indices: np.ndarray, indptr: np.ndarray, n: int) -> csr_matrix:
    """The ``n`` x ``n`` CSR graph of the entries ``keep`` selects from the full structure ``(indices,
    indptr)`` with weights ``w``: each row's new start is the count of kept entries before its old one."""
    kept = np.zeros(len(w) + 1, dtype=np.int32)
    np.cumsum(keep, out=kept[1:])
    return csr_matrix((w[keep], indices[keep], kept[indptr]), shape=(n, n))


class RouteState:
    """One player's view of the board for one turn: the engine's weighted graph for a position, built
    once and asked many build questions (a planner's whole turn costs one graph and one batched
    Dijkstra, not a graph per query).

    ``cost(a, b)`` is the cheapest build from ``a`` to ``b`` (cities or mileposts; own track free,
    opponents' track closed, as :func:`cheapest_build`), ``path(a, b)`` its mileposts and
    ``steps(a, b)`` the price of each new segment on it. :meth:`prepare` computes the rows of many
    sources in one call; a row is otherwise computed on first use. ``limit`` stops the searches at that
    cost (dearer builds read as ``inf``). The state is a snapshot: make a new one after the track changes.

    ``hop_penalty`` (M) makes the searches pay that much more for every ferry crossing, built or not: a
    planner's price for the turn a crossing costs (rulebook: Movement Using a Ferry), so a dearer way
    round -- by land or through the Chunnel, ridden at full speed -- wins where the time it saves is
    worth more. :meth:`cost` and a leg's first figure are then the search's cost (build price plus the
    penalties); the priced steps stay the build prices (:meth:`build_cost` is their sum).

    >>> import eb_core as eb
    >>> board, rules = eb.load_board("tutorial"), eb.ruleset("europe-standard")
    >>> rs = RouteState(board, rules)
    >>> rs.cost("London", "Birmingham") == cheapest_build(board, rules, "London", "Birmingham").cost
    True
    """

    def __init__(self, board: Board, rules: Ruleset, position: Position | None = None, *,
                 blocked_edges: Iterable[tuple[int, int]] | None = None,
                 blocked_mileposts: Iterable[int] | None = None, limit: float = _INF,
                 hop_penalty: float = 0.0):
        _check_types(board, rules)
        if isinstance(hop_penalty, bool) or not isinstance(hop_penalty, (int, float)) or not 0 <= hop_penalty < _INF:
            raise InvalidAction(f"hop_penalty: expected a finite number of M >= 0, got {shown(hop_penalty)}",
                                field="hop_penalty")
        self.board, self.rules = board, rules
        self.limit = limit
        self.hop_penalty = float(hop_penalty)
        self.track, self.seat = _position(position)
        self.eng = eng = _engine(board, rules)
        self.graph, self.owned, self.mine = eng.weights(rules, self.track, self.seat,
                                                        _closed(board, blocked_edges, blocked_mileposts),
                                                        compact=True)
        self.free_graph = self.graph        # build prices only: what costs_nothing asks
        if self.hop_penalty:
            self.graph = eng.penalized(self.free_graph, self.hop_penalty)
        # the ferry hops (both ways) whose search price carries the penalty
        self._ferry_hops = frozenset((x, y) for cr in board.crossings if not cr.is_tunnel
                                     for x, y in (cr.ports, cr.ports[::-1])) if self.hop_penalty else frozenset()
        self._rows: dict[Any, tuple[np.ndarray, np.ndarray]] = {}
        self._free: dict[Any, np.ndarray] = {}
        self._to_cities: dict[Any, list[float]] = {}     # a row's cost to every city, in city order
        self._city_no: dict[str, int] = {}
        self._targets: dict[Any, np.ndarray] = {}
        self._costs: dict[tuple[Any, Any], float] = {}
        self._legs: dict[tuple[Any, Any], tuple[float, tuple[int, ...], tuple[tuple[tuple[int, int], float], ...]]] = {}

    def _source(self, where: Any) -> int:
        if isinstance(where, str):
            return self.eng.vbase + self.eng.city_index[self.board.city(where).name]
        return int(where)

    def _target_nodes(self, where: Any) -> np.ndarray:
        t = self._targets.get(where)
        if t is None:
            mps = self.board.city(where).mileposts if isinstance(where, str) else (int(where),)
            t = self._targets[where] = self.eng.nodes_of(mps)
        return t

    def prepare(self, sources: Iterable[Any]) -> None:
        """Compute the rows of all ``sources`` (city names or mileposts) not computed yet, in one call."""
        todo = [s for s in dict.fromkeys(sources) if s not in self._rows]
        if not todo:
            return
        idx = np.array([self._source(s) for s in todo], dtype=np.int64)
        dist, pred = dijkstra(self.graph, indices=idx, return_predecessors=True, limit=self.limit)
        for i, s in enumerate(todo):
            self._rows[s] = (dist[i], pred[i])

    def costs_nothing(self, a: Any, b: Any) -> bool:
        """Whether the cheapest build from ``a`` to ``b`` costs nothing (``cost(a, b) == 0``: the route runs
        on the player's own track, public red areas and owned crossings only). Unless ``a``'s row is
        computed already, this asks a search that stops at cost 0, which walks the network only (far
        cheaper than a row); :meth:`prepare_free` batches those searches. The ``hop_penalty`` is not a
        build price: a route over crossings the player owns costs nothing here."""
        if a == b:
            return True
        if a in self._rows and not self.hop_penalty:
            return self.cost(a, b) == 0
        if a not in self._free:
            self.prepare_free([a])
        return bool((self._free[a][self._target_nodes(b)] == 0).any())

    def prepare_free(self, sources: Iterable[Any]) -> None:
        """Compute, in one call, what :meth:`costs_nothing` needs for the ``sources`` that have no row yet."""
        todo = [s for s in dict.fromkeys(sources) if (self.hop_penalty or s not in self._rows) and s not in self._free]
        if not todo:
            return
        idx = np.array([self._source(s) for s in todo], dtype=np.int64)
        dist = dijkstra(self.free_graph, indices=idx, limit=0.0)
        for i, s in enumerate(todo):
            self._free[s] = dist[i]

    def _row(self, a: Any) -> tuple[np.ndarray, np.ndarray]:
        if a not in self._rows:
            self.prepare([a])
        return self._rows[a]

    def cost(self, a: Any, b: Any) -> float:
        """Cheapest build cost from ``a`` to ``b`` (``inf``: no route); cheaper than :meth:`leg`."""
        key = (a, b)
        c = self._costs.get(key)
        if c is None:
            if a == b:
                c = 0.0
            elif isinstance(b, str):        # read from the row's costs to every city (one numpy pass a row)
                i = self._city_no.get(b)
                if i is None:
                    i = self._city_no[b] = self.eng.city_index[self.board.city(b).name]
                to = self._to_cities.get(a)
                if to is None:
                    nodes, starts = self.eng.city_nodes()
                    to = self._to_cities[a] = np.minimum.reduceat(self._row(a)[0][nodes], starts).tolist()
                c = to[i]
            else:
                c = float(self._row(a)[0][self._target_nodes(b)].min())
            self._costs[key] = c
        return c

    def plan(self, a: Any, b: Any) -> BuildPlan | None:
        """The leg from ``a`` to ``b`` as a :class:`~eb_core.costs.BuildPlan` (every segment priced and
        explained, as :func:`cheapest_build`'s plans: what :func:`eb_core.display.figures.add_route` draws);
        ``None``: no route. With a ``hop_penalty`` it is the way the penalised search chose, at its build price."""
        c, mps, _ = self.leg(a, b)
        if c == _INF or not mps:
            return None
        name = lambda w: w if isinstance(w, str) else self.board.place(int(w))     # noqa: E731
        return _plan(self.board, self.rules, self.eng, list(mps), self.owned, self.mine, name(a), name(b))

    def build_cost(self, a: Any, b: Any) -> float:
        """What the track of :meth:`leg` from ``a`` to ``b`` costs to build (:meth:`cost` without the
        ``hop_penalty``; ``inf``: no route)."""
        c, _, steps = self.leg(a, b)
        return c if c == _INF else float(sum(w for _, w in steps))

    def path(self, a: Any, b: Any) -> tuple[int, ...]:
        """The mileposts of the cheapest build from ``a`` to ``b`` (empty: no route)."""
        return self.leg(a, b)[1]

    def steps(self, a: Any, b: Any) -> tuple[tuple[tuple[int, int], float], ...]:
        """``((segment key, price), ...)`` of the new segments (and crossings) on :meth:`path`."""
        return self.leg(a, b)[2]

    def leg(self, a: Any, b: Any):
        """``(cost, mileposts, priced steps)`` of the cheapest build from ``a`` to ``b``."""
        key = (a, b)
        hit = self._legs.get(key)
        if hit is not None:
            return hit
        if a == b:
            hit = (0.0, (), ())
        else:
            dist, pred = self._row(a)
            tn = self._target_nodes(b)
            best = int(tn[np.argmin(dist[tn])])
            d = float(dist[best])
            if not np.isfinite(d):
                hit = (_INF, (), ())
            else:
                item = pred.item                # the predecessor chain, walked on Python ints
                nodes = [best]
                q = item(best)
                while q != _NO_PRED:
                    nodes.append(q)
                    q = item(q)
                nodes.reverse()
                if nodes and nodes[0] >= self.eng.vbase:
                    nodes = nodes[1:]
                at = np.array(nodes, dtype=np.int64)
                ds = dist[at].tolist()          # float64 values: their differences are numpy's
                ms = self.eng.node_mp[at].tolist()
                steps = []
                mps = ms[:1]
                hops, pen = self._ferry_hops, self.hop_penalty - 1e-9
                for i in range(len(nodes) - 1):
                    w = ds[i + 1] - ds[i]
                    x, y = ms[i], ms[i + 1]
                    if x == y:
                        continue
                    mps.append(y)
                    if hops and w >= pen and (x, y) in hops:
                        w -= self.hop_penalty       # the search's price for the crossing's time, not a build
                    if w > 1e-9:
                        steps.append((seg_key(x, y), w))
                hit = (d, tuple(mps), tuple(steps))
        self._legs[key] = hit
        return hit


# ================================================================================ input handling
def _check_types(board: Any, rules: Any) -> None:
    if not isinstance(board, Board):
        raise InvalidAction(f"board must be an eb_core Board (eb.load_board(...)), got {type(board).__name__}",
                            field="board")
    if not isinstance(rules, Ruleset):
        raise InvalidAction(f"rules must be a Ruleset (eb.ruleset(...)), got {type(rules).__name__}",
                            field="rules")


def _resolve(board: Board, where: Any, fld: str) -> tuple[tuple[int, ...], str]:
    """Mileposts meant by a city name or milepost id, and a label for it."""
    if isinstance(where, City):
        where = where.name
    if isinstance(where, str):
        port = board.port_milepost(where) if not board.has_city(where) else None
        if port is not None:                # a ferry or tunnel port that is no city (Folkestone, Portsmouth)
            return (port,), where
        if not board.has_city(where):
            raise InvalidAction(f"{fld}: {board.no_city(where, ports=True)}", field=fld)
        c = board.city(where)
        return tuple(c.mileposts), c.name
    if isinstance(where, (bool, np.bool_)) or not isinstance(where, (int, np.integer)):
        raise InvalidAction(f"{fld}: expected a city name or a milepost id, got {shown(where)}", field=fld)
    if not 0 <= int(where) < len(board.mileposts):
        raise InvalidAction(f"{fld}: no milepost {where!r} on board {board.name!r} "
                            f"(ids 0..{len(board.mileposts) - 1})", field=fld)
    return (int(where),), board.place(int(where))


def _position(position: Any) -> tuple[Track | None, int | None]:
    """``(track, seat)`` of a :class:`~eb_core.state.Position` (``None``: an empty board)."""
    if position is None:
        return None, None
    if not isinstance(position, Position):
        raise InvalidAction("position: expected an eb_core Position (Position.of(game, seat) or "
                            f"Position.empty()), got {type(position).__name__}", field="position")
    return position.track, position.seat


def _closed(board: Board, edges: Iterable[tuple[int, int]] | None, mileposts: Iterable[int] | None
            ) -> list[tuple[int, int]]:
    """Segments closed by ``blocked_edges`` plus every segment and crossing touching ``blocked_mileposts``."""
    out = []
    n = len(board.mileposts)
    for i, p in enumerate(edges or ()):
        try:
            a, b = p
            pair = (int(a), int(b))
        except (TypeError, ValueError):
            raise InvalidAction(f"blocked_edges[{i}]: expected a pair of milepost ids, got {shown(p)}",
                                field="blocked_edges") from None
        for m in pair:
            if not 0 <= m < n:
                raise InvalidAction(f"blocked_edges[{i}]: no milepost {m} on board {board.name!r} (ids 0..{n - 1})",
                                    field="blocked_edges")
        out.append(pair)
    for m in mileposts or ():
        if isinstance(m, bool) or not isinstance(m, (int, np.integer)) or not 0 <= m < len(board.mileposts):
            raise InvalidAction(f"blocked_mileposts: no milepost {m!r} on board {board.name!r}",
                                field="blocked_mileposts")
        m = int(m)
        out.extend((m, nb) for nb in board.neighbors(m))
        out.extend((m, cr.other_port(m)) for cr in board.crossings_at(m))
    return out


def _plan(board: Board, rules: Ruleset, eng: _Engine, nodes: list[int], owned: frozenset[str],
          mine: set[tuple[int, int]], start: str, end: str) -> BuildPlan:
    """Turn an engine path into a plan, re-deriving every segment from :func:`segment_cost`."""
    mps = eng.to_mileposts(nodes)
    bought = set(owned)
    segs: list[SegmentCost] = []
    for a, b in zip(mps, mps[1:]):
        if board.is_red_area(a, b):
            segs.append(SegmentCost(a, b, 0, 0, 0, f"public track in {board.city_at(a).name}"))
            continue
        if seg_key(a, b) in mine:
            segs.append(SegmentCost(a, b, 0, 0, 0, "own track"))
            continue
        s = eng.segs.get((a, b))
        if s is None:
            s = segment_cost(board, rules, a, b, owned_crossings=bought)
        if s is None:  # pragma: no cover - the engine only walks buildable edges
            raise RuntimeError(f"route engine produced an unbuildable step {a}-{b}")
        segs.append(s)
        if s.crossing_name:
            bought.add(s.crossing_name)
    return BuildPlan(sum(s.total for s in segs), tuple(mps), tuple(segs), board, start, end)


# ================================================================================ public API
def _position_weights(eng, rules: Ruleset, track: Track | None, player: int | None,
                      closed: list[tuple[int, int]]) -> tuple[csr_matrix, frozenset[str], set[tuple[int, int]]]:
    """``eng.weights(rules, track, player, closed)``, kept for the last few positions asked (a bot asks
    several builds of one position a turn; read only)."""
    if track is None:
        return eng.weights(rules, track, player, closed)
    key = (cost_key(rules), id(rules), player, track.key(), tuple(closed))
    return recent(eng.board, "routes:build-graphs", key, lambda: eng.weights(rules, track, player, closed),
                  guard=rules)


def cheapest_build(board: Board, rules: Ruleset, a: Any, b: Any, *, position: Position | None = None,
                   blocked_edges: Iterable[tuple[int, int]] | None = None,
                   blocked_mileposts: Iterable[int] | None = None) -> BuildPlan | None:
    """The cheapest track to build from ``a`` to ``b``, or ``None`` if no track can join them.

    ``a`` and ``b`` are city names (any milepost of the city counts: for a major city any of its seven)
    or milepost ids. Costs are directed: the plan pays to enter ``b``, not ``a`` (rulebook "Build Phase
    Rules"); a route may cross a major city by paying its entry (``rules.city_cost["major"]``: 5M in
    Empire Builder, 3M in Empire Express) into its red area, riding the public track for free and building
    out of another of its mileposts.

    With a ``position`` (:class:`~eb_core.state.Position`: ``Position.of(game, seat)``): the player's own track costs 0, other players' segments are closed ("Right of Way"),
    crossings the player owns are free, full ferries/the Chunnel and full small/medium cities are closed
    to newcomers ("Building Ferry Ports", "Limits on Entry into Small and Medium Cities").
    ``blocked_edges`` closes segments (``(a, b)`` pairs), e.g. bridges over a flooded river;
    ``blocked_mileposts`` closes every segment and crossing touching those mileposts (e.g. the mountain
    mileposts of a Heavy Snow area).

    Raises :class:`~eb_core.errors.InvalidAction` (a ``ValueError``) for unknown cities or mileposts.
    This plans; it does not check "Beginning Construction" (use :func:`cheapest_connection`).

    >>> import eb_core as eb
    >>> board, rules = eb.load_board("tutorial"), eb.ruleset("europe-standard")
    >>> liverpool = board.crossing("Liverpool–Dublin").ports[0]
    >>> cheapest_build(board, rules, liverpool, "Dublin").cost, cheapest_build(board, rules, "Dublin", liverpool).cost
    (6, 6)
    """
    _check_types(board, rules)
    src, start = _resolve(board, a, "a")
    dst, end = _resolve(board, b, "b")
    track, player = _position(position)
    eng = _engine(board, rules)
    graph, owned, mine = _position_weights(eng, rules, track, player, _closed(board, blocked_edges, blocked_mileposts))
    found = eng.search(graph, src, dst)
    if found is None:
        return None
    return _plan(board, rules, eng, found[1], owned, mine, start, end)


def cheapest_connection(board: Board, rules: Ruleset, target: Any, *, position: Position | None = None,
                        blocked_edges: Iterable[tuple[int, int]] | None = None,
                        blocked_mileposts: Iterable[int] | None = None) -> BuildPlan | None:
    """The cheapest track joining ``target`` (a city or milepost) to the network of the player whose
    ``position`` it is (:class:`~eb_core.state.Position`, e.g. ``Position.of(game.state, seat)``; none: no track yet).

    The network is every milepost of the player's track, in however many pieces it lies (building out of
    a major or key city may start a new piece, rulebook: Beginning Construction): a target that one piece
    touches costs 0 even when that piece is not joined to the rest. How to Win counts one connected
    network; ask :meth:`eb_core.engine.Game.connected_majors` which major cities it joins, and
    :func:`cheapest_build` between two places to join two pieces.

    With no track yet, the route starts from any major or key city milepost (rulebook "Beginning
    Construction": the first build must be from a major or key city). When the target is a major or key
    city, building *out of* it towards the network is allowed too and often cheaper ("With proper
    planning, you can avoid the expense of building track into major and key cities"); the cheaper
    direction is returned and the plan's mileposts run in building order.
    Returns ``None`` when no route exists. Without a position (no ``position``) the player has no
    network. Under Empire Express (``rules.build_from_majors`` false) track is built only off the
    player's own track (and out of the major cities it reaches): no network, no connection.

    >>> import eb_core as eb
    >>> board, rules = eb.load_board("tutorial"), eb.ruleset("europe-standard")
    >>> cheapest_connection(board, rules, "Birmingham").cost   # from London, the nearest major city
    5
    """
    _check_types(board, rules)
    dst, end = _resolve(board, target, "target")
    track, player = _position(position)
    eng = _engine(board, rules)
    graph, owned, mine = _position_weights(eng, rules, track, player, _closed(board, blocked_edges, blocked_mileposts))
    network = sorted(track.mileposts_of(player, board)) if track is not None else []
    network = [m for m in network if not board.mileposts[m].underground]
    if network and not rules.build_from_majors:
        # Empire Express (Build Track): only off your own track; a major city you reach you may build out of
        mine = set(network)
        sources = sorted(mine | {m for c in board.cities if c.has_red_area and mine & set(c.mileposts)
                                 for m in c.mileposts})
        start = "your network"
    elif network:
        sources, start = network, "your network"
    elif not rules.build_from_majors:
        return None   # Empire Express: no track of your own, nothing to build off
    else:
        sources = sorted(m for c in board.cities if c.has_red_area for m in c.mileposts)
        start = "a major or key city"
    if set(dst) & set(sources):
        m = next(x for x in dst if x in set(sources))
        return BuildPlan(0, (m,), (), board, start, end)
    best = None
    found = eng.search(graph, sources, dst)
    if found is not None:
        best = _plan(board, rules, eng, found[1], owned, mine, start, end)
    tc = board.city_at(dst[0]) if len(dst) >= 1 else None
    if network and tc is not None and tc.has_red_area and rules.build_from_majors:
        back = eng.search(graph, dst, network)
        if back is not None:
            plan = _plan(board, rules, eng, back[1], owned, mine, end, start)
            if best is None or plan.cost < best.cost:
                best = plan
    return best


def _city_list(board: Board, cities: Any) -> list[City]:
    if isinstance(cities, str):
        if cities == "majors":
            return list(board.major_cities)
        if cities == "all":
            return list(board.cities)
        raise InvalidAction(f"cities: expected 'majors', 'all' or a list of city names, got {shown(cities)}",
                            field="cities")
    if isinstance(cities, City):
        cities = [cities]
    try:
        names = list(cities)
    except TypeError:
        raise InvalidAction(f"cities: expected 'majors', 'all' or a list of city names, got {shown(cities)}",
                            field="cities") from None
    out = []
    for c in names:
        if isinstance(c, City):
            c = c.name
        if not isinstance(c, str) or not board.has_city(c):
            raise InvalidAction(f"cities: {board.no_city(c)}", field="cities")
        if board.city(c) not in out:            # a city named twice is one row and one column
            out.append(board.city(c))
    if not out:
        raise InvalidAction("cities: no city named; give 'majors', 'all' or a list of city names", field="cities")
    return out


def _all_pairs(eng: _Engine, graph: csr_matrix, cities: list[City], predecessors: bool = False):
    vsrc = np.array([eng.vbase + eng.city_index[c.name] for c in cities], dtype=np.int64)
    res = dijkstra(graph, indices=vsrc, return_predecessors=predecessors)
    dist = res[0] if predecessors else res
    groups = [eng.nodes_of(c.mileposts) for c in cities]
    flat = np.concatenate(groups)
    starts = np.cumsum([0] + [len(g) for g in groups[:-1]])
    sub = dist[:, flat]
    table = np.minimum.reduceat(sub, starts, axis=1)
    if not predecessors:
        return table, None, None
    best = flat[starts[None, :] + np.stack([np.argmin(sub[:, s:s + len(g)], axis=1)
                                            for s, g in zip(starts, groups)], axis=1)]
    return table, res[1], best


def cost_table(board: Board, rules: Ruleset, cities: Any = "majors", *, position: Position | None = None,
               symmetric: bool = False,
               blocked_edges: Iterable[tuple[int, int]] | None = None,
               blocked_mileposts: Iterable[int] | None = None):
    """Cheapest build cost between cities, as a pandas DataFrame of whole millions.

    **Read it row -> column**: ``table.loc["London", "Paris"]`` is the cheapest track built *from*
    London *to* Paris, which pays to enter Paris (5M for a major city in Empire Builder) but not to leave London. Build
    costs are directed, so the table is not symmetric; the two directions usually differ only by the
    two end cities' entry costs. ``symmetric=True`` gives ``min(A->B, B->A)`` instead: what it costs to
    join the two cities whichever end you start from. The diagonal is 0; ``<NA>`` means no route.
    ``cities`` is ``"majors"`` (default), ``"all"`` or a list of names. ``position`` is as in
    :func:`cheapest_build`.

    >>> import eb_core as eb
    >>> t = cost_table(eb.load_board("tutorial"), eb.ruleset("europe-standard"), ["London", "Birmingham"])
    >>> int(t.loc["London", "Birmingham"])
    5
    """
    _check_types(board, rules)
    if not isinstance(symmetric, bool):
        raise InvalidAction(f"symmetric: expected True or False, got {shown(symmetric)}", field="symmetric")
    cl = _city_list(board, cities)
    track, player = _position(position)
    eng = _engine(board, rules)
    graph = eng.weights(rules, track, player, _closed(board, blocked_edges, blocked_mileposts), compact=True)[0]
    if not cl:
        return pd.DataFrame(dtype="Int64")
    table, _, _ = _all_pairs(eng, graph, cl)
    if symmetric:
        table = np.minimum(table, table.T)
    return _frame(table, [c.name for c in cl])


def _frame(table: np.ndarray, names: list[str]):
    """A DataFrame of whole numbers (nullable ``Int64``: ``<NA>`` where the value is infinite/NaN)."""
    ok = np.isfinite(table)
    vals = np.rint(np.where(ok, table, 0)).astype(np.int64)
    cols = {n: pd.arrays.IntegerArray(vals[:, j].copy(), ~ok[:, j]) for j, n in enumerate(names)}
    df = pd.DataFrame(cols, index=pd.Index(names, name="from"))
    df.columns.name = "to"
    return df


def shortest_trip(board: Board, rules: Ruleset, a: Any, b: Any, *, position: Position | None = None,
                  rent: bool = True,
                  blocked_edges: Iterable[tuple[int, int]] | None = None,
                  blocked_mileposts: Iterable[int] | None = None, ferry_extra: float = 0.0) -> Trip | None:
    """The fewest mileposts a train needs from ``a`` to ``b`` on track already built, or ``None``.

    The train may use its owner's track, the public track inside major and key cities and the
    crossings the player owns; with ``rent=True`` also other players' track and crossings, paying
    ``rules.rent`` per opponent used (rulebook "Renting Track"). Among equally short trips the one with
    the fewest rented steps wins. The Chunnel's three mileposts count as steps ("Movement Using the
    Chunnel"); a ferry crossing counts as one step (its staging is a matter of turns: see
    :func:`travel_turns`). ``blocked_edges`` / ``blocked_mileposts`` close segments (floods, snow).
    ``ferry_extra`` makes the search count each ferry crossing as that many more steps (not the trip's
    ``mileposts``): a planner's price for the staging and half-speed turn a crossing costs, so a longer
    way by land or through the Chunnel wins where it saves time.

    In the Standard Game a train reverses only in cities; a fewest-milepost path never doubles back on
    itself, so it needs no reversal (the train's facing at the start is not modelled).

    >>> import eb_core as eb
    >>> board, rules = eb.load_board("tutorial"), eb.ruleset("europe-standard")
    >>> london = board.city("London")
    >>> trip = shortest_trip(board, rules, london.mileposts[1], london.mileposts[4])
    >>> trip.mileposts     # across London's red area: public track
    2
    """
    _check_types(board, rules)
    if isinstance(ferry_extra, bool) or not isinstance(ferry_extra, (int, float)) or not 0 <= ferry_extra < _INF:
        raise InvalidAction(f"ferry_extra: expected a finite number of steps >= 0, got {shown(ferry_extra)}",
                            field="ferry_extra")
    src, _ = _resolve(board, a, "a")
    dst, _ = _resolve(board, b, "b")
    track, player = _position(position)
    if track is None:
        track, player = Track(), (player or 0)
    if set(src) & set(dst):
        m = next(x for x in src if x in set(dst))
        return Trip((m,), 0, (), (), 0, board)
    closed = _closed(board, blocked_edges, blocked_mileposts)
    if len(src) == 1 and (tun := _tunnel_of(board, src[0])) is not None:
        return _trip_from_tunnel(board, rules, tun, src[0], b, track, player, rent, closed, ferry_extra)
    eng = _engine(board, rules)
    key = (cost_key(rules), id(rules), player, rent, track.key(), tuple(closed), float(ferry_extra))
    g = recent(board, "routes:trip-graphs", key,
               lambda: _trip_graph(eng, board, rules, track, player, rent, closed, ferry_extra), guard=rules)
    if g is None:
        return None
    dist, pred = dijkstra(g, indices=np.asarray(src), min_only=True, return_predecessors=True)[:2]
    tgt = np.asarray(dst)
    best = int(tgt[np.argmin(dist[tgt])])
    if not np.isfinite(dist[best]):
        return None
    item = pred.item
    path = [best]
    q = item(best)
    while q != _NO_PRED:
        path.append(q)
        q = item(q)
    path.reverse()
    full: list[int] = [path[0]]
    ferries: list[str] = []
    used: list[set[int]] = []
    for x, y in zip(path, path[1:]):
        cr = _crossing_between(board, x, y)
        if cr is not None:
            ferries.append(cr.name)
            if rules.ferry_fixed_moves is None:
                full.extend(cr.path_from(x))
            else:
                full.append(y)
            owners = set(track.crossing_owners(cr.name))
            if player not in owners:
                used.append(owners)
            continue
        full.append(y)
        p = track.owner(x, y)
        if p is not None and p != player:
            used.append({p})
    rented: set[int] = set()
    for owners in sorted(used, key=len):   # single owners first, then pick an owner already paid
        if not owners & rented:
            rented.add(min(owners))
    return Trip(tuple(full), len(full) - 1, tuple(ferries), tuple(sorted(rented)), rules.rent * len(rented), board)


def _tunnel_of(board: Board, mp: int) -> Crossing | None:
    """The tunnel whose underground mileposts include ``mp`` (a train can end a turn there: "Movement
    Using the Chunnel"), else ``None``."""
    return next((cr for cr in board.tunnels if mp in cr.mileposts), None)


def _trip_from_tunnel(board: Board, rules: Ruleset, tun: Crossing, mp: int, b: Any, track: Track, player: int,
                      rent: bool, closed: list[tuple[int, int]], ferry_extra: float = 0.0) -> Trip | None:
    """:func:`shortest_trip` for a train standing inside ``tun``: out through either port (not through a
    step ``closed`` shuts, which is how a caller forbids going back), then on from that port (where a
    train may reverse: "any port", rulebook: Running the Train)."""
    owners = set(track.crossing_owners(tun.name))
    if player not in owners and not (rent and owners):
        return None
    seq = (tun.ports[0], *tun.mileposts, tun.ports[1])
    i = seq.index(mp)
    shut = {seg_key(*e) for e in closed}
    best: Trip | None = None
    for way in (seq[i + 1:], seq[:i][::-1]):
        if seg_key(mp, way[0]) in shut:
            continue
        rest = shortest_trip(board, rules, way[-1], b, position=Position(track, player), rent=rent,
                             blocked_edges=closed or None, ferry_extra=ferry_extra)
        if rest is None:
            continue
        rented = set(rest.rented) | ({min(owners)} if player not in owners and not owners & set(rest.rented) else set())
        trip = Trip((mp, *way, *rest.path[1:]), len(way) + rest.mileposts, (tun.name, *rest.ferries),
                    tuple(sorted(rented)), rules.rent * len(rented), board)
        if best is None or trip.mileposts < best.mileposts:
            best = trip
    return best


def _trip_graph(eng, board: Board, rules: Ruleset, track: Track, player: int, rent: bool,
                closed: list[tuple[int, int]], ferry_extra: float = 0.0) -> csr_matrix | None:
    """The movement graph :func:`shortest_trip` searches (``None``: no step is open)."""
    eps = 1e-4
    w = eng.m_base.copy()
    if track.segments:
        keys = list(track.segments)
        owners = np.fromiter(track.segments.values(), dtype=np.int64, count=len(keys))
        u = eng.edge_ids(keys)
        ok = u >= 0
        u, owners = u[ok], owners[ok]
        mine = owners == player
        w[eng.m_edge[u[mine]].ravel()] = 1.0
        if rent:
            other = eng.m_edge[u[~mine]].ravel()
            w[other] = np.minimum(w[other], 1.0 + eps)
    for name, ps in track.crossings.items():
        k = eng.crossing_index.get(name)
        if k is None or not ps:
            continue
        cr = board.crossings[k]
        steps = _crossing_steps(rules, cr) + (ferry_extra if not cr.is_tunnel else 0.0)
        if player in ps:
            w[eng.m_hop[k]] = float(steps)
        elif rent:
            w[eng.m_hop[k]] = steps * (1.0 + eps)
    if closed:
        u = eng.edge_ids(closed)
        w[eng.m_edge[u[u >= 0]].ravel()] = _INF
        bset = {seg_key(*p) for p in closed}
        for k, cr in enumerate(board.crossings):
            if seg_key(*cr.ports) in bset:
                w[eng.m_hop[k]] = _INF
    keep = np.isfinite(w)
    if not keep.any():
        return None
    return eng.movement_graph(w, keep)


def _crossing_between(board: Board, x: int, y: int) -> Crossing | None:
    for cr in board.crossings_at(x):
        if cr.other_port(x) == y:
            return cr
    return None


def _tunnel_steps(board: Board) -> set[tuple[int, int]]:
    """Steps along tunnels' own mileposts (port -> underground -> ... -> port)."""
    out = set()
    for cr in board.tunnels:
        chain = (cr.ports[0], *cr.mileposts, cr.ports[1])
        out.update(seg_key(a, b) for a, b in zip(chain, chain[1:]))
    return out


def _crossing_steps(rules: Ruleset, cr: Crossing) -> int:
    """Mileposts a crossing adds to a trip: the far port, plus a tunnel's own mileposts (standard rules)."""
    if cr.is_tunnel and rules.ferry_fixed_moves is None:
        return len(cr.mileposts) + 1
    return 1


def travel_turns(board: Board, rules: Ruleset, path_or_trip: Any, speed: int) -> int:
    """Turns a train of ``speed`` (mileposts per turn, or a :class:`~eb_core.rules.Train`) needs to run
    along a path, counting the turn it arrives in.

    ``path_or_trip`` is a :class:`BuildPlan`, a :class:`Trip` or a list of mileposts (a crossing may be
    written as its two ports side by side). The trip starts at the beginning of a turn on the first
    milepost. Rules (rulebook "Movement Using a Ferry", "Movement Using the Chunnel"):

    * each milepost reached costs one movement point, whatever its terrain;
    * a ferry: the train must end a turn on the port (staging); the next turn it moves at half speed
      (rounded up), its first step being onto the far port. A trip that *starts* on a port and crosses
      first is already staged, so its first turn is the half-speed one;
    * the Chunnel's three mileposts are counted as ordinary steps;
    * Fast Game (``rules.ferry_fixed_moves``): any crossing, the Chunnel included, takes that many
      movement points, and a train reaching a port with fewer left stops there for the turn.

    >>> import eb_core as eb
    >>> board, rules = eb.load_board("tutorial"), eb.ruleset("europe-standard")
    >>> plan = eb.cheapest_build(board, rules, "London", "Birmingham")
    >>> travel_turns(board, rules, plan, 9)
    1
    """
    speed = _speed(speed)
    if isinstance(path_or_trip, BuildPlan):
        path = list(path_or_trip.mileposts)
    elif isinstance(path_or_trip, Trip):
        path = list(path_or_trip.path)
    else:
        try:
            if isinstance(path_or_trip, (str, bytes)):
                raise TypeError
            path = [int(m) for m in path_or_trip]
        except (TypeError, ValueError):
            raise InvalidAction("path_or_trip: expected a BuildPlan, a Trip or a list of milepost ids",
                                field="path_or_trip") from None
    if not path:
        raise InvalidAction("path_or_trip: the path is empty; give at least the milepost the train starts on",
                            field="path_or_trip")
    for m in path:
        if not 0 <= m < len(board.mileposts):
            raise InvalidAction(f"path_or_trip: no milepost {m} on board {board.name!r}", field="path_or_trip")
    fixed = rules.ferry_fixed_moves
    if fixed is not None and fixed > speed:
        raise InvalidAction(f"speed {speed} is below the {fixed} movement points a crossing needs", field="speed")
    return _count_turns(_step_kinds(board, rules, path, _tunnel_steps(board), check=True), speed, fixed)


def _speed(speed: Any) -> int:
    """Movement points per turn from a number or a :class:`~eb_core.rules.Train`."""
    if isinstance(speed, Train):
        speed = speed.speed
    if isinstance(speed, bool) or not isinstance(speed, (int, np.integer)) or speed < 1:
        raise InvalidAction(f"speed must be a positive whole number of mileposts (or a Train), got {shown(speed)}",
                            field="speed")
    return int(speed)


def _step_kinds(board: Board, rules: Ruleset, path: Sequence[int], inside: set[tuple[int, int]], *,
                check: bool) -> list[str]:
    """Movement steps along a path: ``"step"`` (one milepost), ``"ferry"`` (a staged crossing) or
    ``"fixed"`` (a Fast Game crossing); a tunnel in standard rules is its mileposts as plain steps."""
    fixed = rules.ferry_fixed_moves
    steps: list[str] = []
    for x, y in zip(path, path[1:]):
        cr = _crossing_between(board, x, y)
        if cr is None:
            if check:
                e = board.edge(x, y)
                if (e is None or e.impassable) and seg_key(x, y) not in inside:
                    raise InvalidAction(f"path_or_trip: mileposts {x} and {y} are not joined by a segment, "
                                        "a ferry or a tunnel", field="path_or_trip")
            steps.append("step")
        elif cr.is_tunnel and fixed is None:
            steps.extend(["step"] * (len(cr.mileposts) + 1))
        elif fixed is not None:
            steps.append("fixed")
        elif rules.ferry_half_speed:
            steps.append("ferry")
        else:
            steps.append("step")
    return steps


def _count_turns(steps: Sequence[str], speed: int, fixed: int | None) -> int:
    if not steps:
        return 0
    turns, left = 1, speed
    half = (speed + 1) // 2
    for i, kind in enumerate(steps):
        if kind == "step":
            if left == 0:
                turns, left = turns + 1, speed
            left -= 1
        elif kind == "ferry":
            if i > 0:             # stage: the turn ends on the port
                turns += 1
            left = half - 1       # the half-speed turn; its first step is onto the far port
        else:                     # Fast Game: a crossing takes `fixed` movement points
            if left < fixed:
                turns, left = turns + 1, speed
            left -= fixed
    return turns


def travel_table(board: Board, rules: Ruleset, speed: int, cities: Any = "majors", *,
                 position: Position | None = None):
    """Turns a train of ``speed`` needs between cities along the cheapest build route (as if that route
    were fully built), as a pandas DataFrame read row -> column like :func:`cost_table`.

    >>> import eb_core as eb
    >>> t = travel_table(eb.load_board("tutorial"), eb.ruleset("europe-standard"), 9, ["London", "Birmingham"])
    >>> int(t.loc["London", "Birmingham"])
    1
    """
    _check_types(board, rules)
    speed = _speed(speed)
    fixed = rules.ferry_fixed_moves
    if fixed is not None and fixed > speed:
        raise InvalidAction(f"speed {speed} is below the {fixed} movement points a crossing needs", field="speed")
    inside = _tunnel_steps(board)
    cl = _city_list(board, cities)
    track, player = _position(position)
    eng = _engine(board, rules)
    graph = eng.weights(rules, track, player, None, compact=True)[0]
    names = [c.name for c in cl]
    out = np.full((len(cl), len(cl)), np.nan)
    if cl:
        table, pred, best = _all_pairs(eng, graph, cl, predecessors=True)
        for i in range(len(cl)):
            pr = pred[i].tolist()
            for j in range(len(cl)):
                if i == j:
                    out[i, j] = 0
                    continue
                if not np.isfinite(table[i, j]):
                    continue
                nodes = [int(best[i, j])]
                while pr[nodes[-1]] != _NO_PRED:
                    nodes.append(pr[nodes[-1]])
                nodes.reverse()
                nodes = eng.trim(nodes, cl[i].mileposts, cl[j].mileposts)
                steps = _step_kinds(board, rules, eng.to_mileposts(nodes), inside, check=False)
                out[i, j] = _count_turns(steps, speed, fixed)
    return _frame(out, names)
