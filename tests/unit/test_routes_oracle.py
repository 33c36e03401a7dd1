"""Route engine against independent oracles.

* every returned plan's cost is recomputed from its mileposts with :func:`eb_core.costs.segment_cost` /
  :func:`eb_core.costs.path_cost` (never the engine's own sum, STYLE #10);
* the cost agrees with a plain networkx Dijkstra on ``board.to_networkx()`` whose Python weight function
  implements the same directed rule (the baseline of the benchmarks), on ~200 seeded random pairs of the
  Europe board and of synthetic boards.
"""
from __future__ import annotations

import importlib.util
import math
import random
from pathlib import Path

import networkx as nx
import pytest

import eb_core as eb
from eb_core.costs import crossing_cost, path_cost, segment_cost
from eb_core.track import seg_key

ROOT = Path(__file__).resolve().parents[2]


def _synthetic(seed: int, rows: int = 30, cols: int = 30):
    spec = importlib.util.spec_from_file_location("eb_bench_synthetic", ROOT / "benchmarks" / "synthetic.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.synthetic_board(seed, rows, cols)


def recompute(board, rules, plan, *, owned=(), mine=()):
    """Cost of a plan's mileposts from first principles: public red-area steps and the player's own
    segments are free; everything else is :func:`segment_cost`, crossings bought as they are entered."""
    owned, mine = set(owned), {seg_key(*k) for k in mine}
    total, lines = 0, []
    for a, b in zip(plan.mileposts, plan.mileposts[1:]):
        if board.is_red_area(a, b) or seg_key(a, b) in mine:
            lines.append(f"{a}->{b}: free")
            continue
        s = segment_cost(board, rules, a, b, owned_crossings=owned)
        assert s is not None, f"plan steps over an unbuildable segment {a}-{b}\n{plan.explain()}"
        if s.crossing_name:
            owned.add(s.crossing_name)
        total += s.total
        lines.append(f"{a}->{b}: {s.explain()}")
    return total, "\n".join(lines)


def nx_cost(board, rules, g, sources, targets, _cache={}):
    """Plain networkx Dijkstra with a Python weight function: the cost to build *into* v from u.

    A crossing hop is free when its port was built into (that bought the crossing); a route that
    *starts* on a port pays the crossing's number on the hop instead (a shortest path never comes
    back to a start milepost, so "u is a start" is exactly "u was not built into").
    """
    key = (id(board), id(rules))
    cache = _cache.setdefault(key, {})
    starts = set(sources)

    def weight(u, v, d):
        if d.get("red_area"):
            return 0
        if d.get("crossing"):
            return crossing_cost(rules, board.crossing(d["crossing"])) if u in starts else 0
        k = (u, v)
        if k not in cache:
            s = segment_cost(board, rules, u, v)
            cache[k] = None if s is None else s.total
        return cache[k]

    dist = nx.multi_source_dijkstra_path_length(g, starts, weight=weight)
    return min((dist[t] for t in targets if t in dist), default=math.inf)


@pytest.fixture(scope="module")
def europe():
    return eb.load_board("europe")


def _check_pairs(board, rules, pairs):
    g = board.to_networkx()
    # the oracle charges a hop only from a start milepost; a port inside a red area could also be
    # reached for free without buying its crossing, which these boards do not have:
    for cr in board.crossings:
        for p in cr.ports:
            c = board.city_at(p)
            assert c is None or not c.has_red_area
    checked = 0
    for a, b in pairs:
        plan = eb.cheapest_build(board, rules, a, b)
        src = board.resolve(a)
        dst = board.resolve(b)
        want = nx_cost(board, rules, g, src, dst)
        if plan is None:
            assert want == math.inf, f"{a}->{b}: engine found no route, networkx found {want}M"
            continue
        got, lines = recompute(board, rules, plan)
        assert got == plan.cost, f"{a}->{b}: plan says {plan.cost}M, its segments add to {got}M\n{lines}"
        assert plan.cost == want, f"{a}->{b}: engine {plan.cost}M, networkx {want}M\n{plan.explain()}"
        assert plan.mileposts[0] in src and plan.mileposts[-1] in dst
        assert sum(plan.breakdown.values()) == plan.cost
        checked += 1
    return checked


@pytest.mark.slow   # left out of `make test-fast`
def test_agrees_with_networkx_on_europe_random_pairs(europe):
    rules = eb.ruleset("europe-standard")
    rng = random.Random(20261130)
    names = [c.name for c in europe.cities]
    land = [m.id for m in europe.mileposts if not m.underground and europe.neighbors(m.id)]
    ports = [p for cr in europe.crossings for p in cr.ports]
    pairs = [tuple(rng.sample(names, 2)) for _ in range(120)]
    pairs += [(rng.choice(land), rng.choice(land)) for _ in range(40)]
    pairs += [(rng.choice(ports), rng.choice(names)) for _ in range(30)]
    pairs += [(rng.choice(names), rng.choice(ports)) for _ in range(10)]
    assert _check_pairs(europe, rules, pairs) >= 150


@pytest.mark.slow   # left out of `make test-fast`
@pytest.mark.parametrize("seed", [3, 11])
def test_agrees_with_networkx_on_synthetic_boards(seed):
    board = _synthetic(seed)
    rng = random.Random(seed)
    names = [c.name for c in board.cities]
    ports = [p for cr in board.crossings for p in cr.ports]
    pairs = [tuple(rng.sample(names, 2)) for _ in range(25)] + [(rng.choice(ports), rng.choice(names))
                                                                for _ in range(10)]
    for variant in ((), ("fast-game",)):
        rules = eb.ruleset("europe-basic", *variant) if variant else eb.ruleset("europe-standard")
        assert _check_pairs(board, rules, pairs) >= 20


def test_plans_without_free_steps_match_path_cost(europe):
    """path_cost (the lead's single-source-of-truth helper) agrees on plans with no red-area step."""
    rules = eb.ruleset("europe-standard")
    rng = random.Random(5)
    land = [m.id for m in europe.mileposts if europe.city_at(m.id) is None and europe.neighbors(m.id)]
    n = 0
    for _ in range(40):
        plan = eb.cheapest_build(europe, rules, rng.choice(land), rng.choice(land))
        if plan is None or any(europe.is_red_area(a, b) for a, b in zip(plan.mileposts, plan.mileposts[1:])):
            continue
        segs = path_cost(europe, rules, plan.mileposts)
        assert sum(s.total for s in segs) == plan.cost, plan.explain()
        assert [s.total for s in segs] == [s.total for s in plan.segments]
        n += 1
    assert n >= 20


def test_cost_table_agrees_with_single_queries(europe):
    rules = eb.ruleset("europe-standard")
    names = [c.name for c in europe.cities][::4]
    t = eb.cost_table(europe, rules, names)
    for a in names:
        for b in names:
            want = 0 if a == b else eb.cheapest_build(europe, rules, a, b).cost
            assert t.loc[a, b] == want, f"table {a}->{b} = {t.loc[a, b]}, cheapest_build = {want}"
    s = eb.cost_table(europe, rules, names, symmetric=True)
    for a in names:
        for b in names:
            assert s.loc[a, b] == min(t.loc[a, b], t.loc[b, a])


# ------------------------------------------------------------------ game positions
def _position(board, rules, rng, players=3, lines=3):
    """A realistic position: each player builds the cheapest lines between random cities in turn."""
    track = eb.Track()
    names = [c.name for c in board.cities]
    for _ in range(lines):
        for p in range(players):
            a, b = rng.sample(names, 2)
            plan = eb.cheapest_build(board, rules, a, b, track=track, player=p)
            if plan is not None:
                track.lay(p, plan.segments)
    return track


def nx_cost_in_position(board, rules, g, track, player, sources, targets):
    """networkx oracle for a position: own track free, others' closed, owned crossings free, full
    crossings and full cities closed to newcomers. Returns (cost, path)."""
    mine = {k for k, p in track.segments.items() if p == player}
    theirs = {k for k, p in track.segments.items() if p != player}
    owned = track.owned_crossings(player)
    tracks_at: dict[str, dict[int, int]] = {}
    for c in board.cities:
        if c.size.value in ("small", "medium"):
            tracks_at[c.name] = track.city_tracks(board, c)
    closed_cities = set()
    for name, counts in tracks_at.items():
        c = board.city(name)
        players_in = {p for p, v in counts.items() if v > 0}
        if (player not in players_in and len(players_in) >= rules.city_max_players[c.size.value]) or \
                counts.get(player, 0) >= rules.city_max_tracks_per_player:
            closed_cities.add(name)
    closed_cross = set()
    for cr in board.crossings:
        ps = set(track.crossing_owners(cr.name))
        limit = rules.tunnel_max_players if cr.is_tunnel and rules.tunnel_as_ferry_cost is None \
            else rules.ferry_max_players
        if player not in ps and len(ps) >= limit:
            closed_cross.add(cr.name)
    starts = set(sources)

    def closed(m):
        c = board.city_at(m)
        return c is not None and c.name in closed_cities

    def weight(u, v, d):
        if d.get("red_area"):
            return 0
        if d.get("crossing"):
            name = d["crossing"]
            if name in owned:
                return 0
            if name in closed_cross or closed(u) or closed(v):
                return None
            return crossing_cost(rules, board.crossing(name)) if u in starts else 0
        k = seg_key(u, v)
        if k in theirs:
            return None
        if k in mine:
            return 0
        if closed(u) or closed(v) or any(cr.name in closed_cross for cr in board.crossings_at(v)):
            return None
        s = segment_cost(board, rules, u, v, owned_crossings=owned)
        return None if s is None else s.total

    dist, paths = nx.multi_source_dijkstra(g, starts, weight=weight)
    best = min((t for t in targets if t in dist), key=lambda t: dist[t], default=None)
    return (math.inf, None) if best is None else (dist[best], paths[best])


def _new_tracks_ok(board, rules, track, player, path):
    """Does a path respect 'at most three tracks per player' in small/medium cities?"""
    mine = {k for k, p in track.segments.items() if p == player}
    for c in board.cities:
        if c.size.value not in ("small", "medium"):
            continue
        have = track.city_tracks(board, c).get(player, 0)
        new = sum(1 for a, b in zip(path, path[1:]) if (a in c.mileposts) != (b in c.mileposts)
                  and seg_key(a, b) not in mine and not any(cr.other_port(a) == b for cr in board.crossings_at(a)))
        if new and have + new > rules.city_max_tracks_per_player:
            return False
    return True


@pytest.mark.slow   # left out of `make test-fast`
@pytest.mark.parametrize("seed", range(6))
def test_agrees_with_networkx_in_random_positions(europe, seed):
    rules = eb.ruleset("europe-standard")
    rng = random.Random(1000 + seed)
    track = _position(europe, rules, rng)
    g = europe.to_networkx()
    names = [c.name for c in europe.cities]
    equal = 0
    for _ in range(12):
        player = rng.randrange(3)
        a, b = rng.sample(names, 2)
        plan = eb.cheapest_build(europe, rules, a, b, track=track, player=player)
        want, path = nx_cost_in_position(europe, rules, g, track, player, europe.resolve(a), europe.resolve(b))
        if plan is None:
            assert want == math.inf or not _new_tracks_ok(europe, rules, track, player, path), \
                f"{a}->{b} for player {player}: no plan, networkx {want}M via {path}"
            continue
        mine = {k for k, p in track.segments.items() if p == player}
        got, lines = recompute(europe, rules, plan, owned=track.owned_crossings(player), mine=mine)
        assert got == plan.cost, f"{a}->{b}: plan {plan.cost}M, segments add to {got}M\n{lines}"
        used = {seg_key(x, y) for x, y in zip(plan.mileposts, plan.mileposts[1:])}
        assert not {k for k in used if track.owner(*k) not in (None, player)}, "built over another player's track"
        assert _new_tracks_ok(europe, rules, track, player, plan.mileposts), plan.explain()
        if _new_tracks_ok(europe, rules, track, player, path):
            assert plan.cost == want, f"{a}->{b} player {player}: engine {plan.cost}M, networkx {want}M\n" \
                                      f"{plan.explain()}\nnetworkx path {path}"
            equal += 1
        else:
            assert plan.cost >= want
    assert equal >= 8
