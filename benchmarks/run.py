"""Route engine benchmarks: ``python benchmarks/run.py`` (``make bench``).

Every figure is printed next to a plain networkx baseline measured in the same run -- Dijkstra on
``board.to_networkx()`` with a Python weight function giving the same directed build cost (cost of the
milepost built *to* + the most expensive bridge; public red areas free; ferries paid on entry). The
baseline's weight function only looks costs up in a dict precomputed from :func:`eb_core.costs.segment_cost`,
so it is the fastest honest plain-Python version, not a straw man.

Targets (issue 2 / 4): a single cheapest-build query on the Europe board <= 1 ms median and >= 5x the
baseline; the full city-by-city build-cost table <= 30 ms and >= 10x the baseline. Every time is given
on two clocks, wall and this process's CPU time (which leaves out waiting for a CPU on a busy shared
machine); targets are judged on CPU time, the wall clock is printed beside it.
``--strict`` exits with status 1 when a target is missed. Results are written up in ``README.md``.
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import networkx as nx  # noqa: E402

import eb_core as eb  # noqa: E402
import eb_core.costs  # noqa: E402,F401
from eb_core import routes  # noqa: E402
from eb_core.costs import segment_cost  # noqa: E402
from eb_core.track import Track  # noqa: E402


def median_ms(fn, repeat: int) -> tuple[float, float]:
    """Median wall-clock and median CPU (this process) time of ``fn`` in ms.

    On a shared machine the wall clock includes waiting for a CPU; the process CPU time does not,
    so both are reported.
    """
    wall, cpu = [], []
    for _ in range(repeat):
        t, c = time.perf_counter_ns(), time.process_time_ns()
        fn()
        cpu.append(time.process_time_ns() - c)
        wall.append(time.perf_counter_ns() - t)
    return statistics.median(wall) / 1e6, statistics.median(cpu) / 1e6


def med2(pairs) -> tuple[float, float]:
    pairs = list(pairs)
    return statistics.median(p[0] for p in pairs), statistics.median(p[1] for p in pairs)


def baseline_weight(board, rules):
    """A networkx weight function for the same directed build cost, from a precomputed dict."""
    cost = {}
    for e in board.edges:
        if e.impassable:
            continue
        for u, v in ((e.a, e.b), (e.b, e.a)):
            if board.is_red_area(u, v):
                cost[(u, v)] = 0
            else:
                cost[(u, v)] = segment_cost(board, rules, u, v).total

    hop = {cr.name: eb.costs.crossing_cost(rules, cr) for cr in board.crossings}

    def make(sources):
        def weight(u, v, d):
            if d["crossing"] is not None:
                # bought when its port was built into; a route starting on the port pays on the hop
                return hop[d["crossing"]] if u in sources else 0
            return cost[(u, v)]
        return weight

    return make


def run(board, rules, *, pairs: int, repeat: int, seed: int) -> dict:
    g = board.to_networkx()
    weight_for = baseline_weight(board, rules)
    rng = random.Random(seed)
    names = [c.name for c in board.cities]
    queries = [tuple(rng.sample(names, 2)) for _ in range(pairs)]

    t = time.perf_counter_ns()
    routes._Engine(board, rules)          # a cold build of the engine (the cached one is kept apart)
    build_ms = (time.perf_counter_ns() - t) / 1e6

    # -- single query: median over the query set (each query timed on its own)
    def engine_q(a, b):
        return eb.cheapest_build(board, rules, a, b)

    def base_q(a, b):
        src = set(board.city(a).mileposts)
        return nx.multi_source_dijkstra(g, src, target=board.city(b).center, weight=weight_for(src))

    # agreement (cities whose cheapest entry is their centre or any ring milepost: same cost)
    for a, b in queries[:20]:
        got = engine_q(a, b).cost
        want = base_q(a, b)[0]
        assert got == want, f"{a}->{b}: engine {got}, baseline {want}"

    eng = med2(median_ms(lambda a=a, b=b: engine_q(a, b), repeat) for a, b in queries)
    base = med2(median_ms(lambda a=a, b=b: base_q(a, b), max(1, repeat // 5)) for a, b in queries)

    # -- same query with a mid-game position: 3 players, ~60 segments each
    track = Track()
    for p, (a, b) in enumerate(queries[:3]):
        plan = eb.cheapest_build(board, rules, a, b, position=eb.Position(track=track, seat=p))
        if plan is not None:
            track.lay(p, plan.segments)
    state_ms = med2(
        median_ms(lambda a=a, b=b: eb.cheapest_build(board, rules, a, b, position=eb.Position(track=track, seat=0)), repeat)
        for a, b in queries[:20])

    # -- the full cost table between all cities
    city_objs = list(board.cities)

    def base_table():
        out = {}
        for c in city_objs:
            src = set(c.mileposts)
            dist = nx.multi_source_dijkstra_path_length(g, src, weight=weight_for(src))
            out[c.name] = {d.name: min(dist.get(m, float("inf")) for m in d.mileposts) for d in city_objs}
        return out

    table = eb.cost_table(board, rules, "all")
    bt = base_table()
    for a in names[:10]:
        for b in names[:10]:
            assert table.loc[a, b] == bt[a][b], f"table {a}->{b}: engine {table.loc[a, b]}, baseline {bt[a][b]}"
    table_ms = median_ms(lambda: eb.cost_table(board, rules, "all"), repeat)
    base_table_ms = median_ms(base_table, 3)
    travel_ms = median_ms(lambda: eb.travel_table(board, rules, 9, "all"), 3)
    return dict(build_ms=build_ms, query_ms=eng, base_query_ms=base, state_query_ms=state_ms,
                track_segments=len(track), table_ms=table_ms, base_table_ms=base_table_ms, travel_table_ms=travel_ms,
                cities=len(city_objs), pairs=len(queries))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--board", default="europe", help="board name or JSON path (default: europe)")
    ap.add_argument("--synthetic", action="store_true", help="use the seeded synthetic board instead")
    ap.add_argument("--pairs", type=int, default=60, help="random city pairs for the single-query figure")
    ap.add_argument("--repeat", type=int, default=15, help="timings per measurement (median)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--strict", action="store_true", help="exit 1 if a target is missed")
    args = ap.parse_args(argv)
    if args.synthetic:
        from synthetic import synthetic_board

        board = synthetic_board(args.seed)
    else:
        board = eb.load_board(args.board)
    rules = eb.ruleset("europe-standard")
    r = run(board, rules, pairs=args.pairs, repeat=args.repeat, seed=args.seed)
    print(f"board {board.name!r}: {len(board.mileposts)} mileposts, {r['cities']} cities; "
          f"python {platform.python_version()}, {os.cpu_count()} cpus, load average "
          f"{os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else "")
    print(f"engine build (once per board and cost rules): {r['build_ms']:.1f} ms")
    print("times are medians in ms, wall clock / CPU time of this process; ratios per clock; "
          "targets judged on CPU time")
    print()
    print(f"{'measure':40} {'engine':>15} {'networkx':>17} {'ratio':>13}  target")

    def row(label, eng, base, target=None):
        ratio = (base[0] / eng[0], base[1] / eng[1]) if base else None
        line = f"{label:40} {eng[0]:>7.3f}/{eng[1]:<7.3f}"
        line += f" {base[0]:>8.2f}/{base[1]:<8.2f}" if base else " " * 18
        line += f" {ratio[0]:>6.1f}x/{ratio[1]:.1f}x".ljust(15) if ratio else " " * 15
        ok = None
        if target:
            limit, times = target
            ok = eng[1] <= limit and ratio[1] >= times     # judged on CPU time
            line += f"  <={limit:g} ms, >={times:g}x: {'met' if ok else 'MISSED'}"
        print(line)
        return ok

    ok_q = row(f"cheapest_build, {r['pairs']} city pairs", r["query_ms"], r["base_query_ms"], (1.0, 5))
    ok_t = row(f"cost_table, {r['cities']}x{r['cities']} cities", r["table_ms"], r["base_table_ms"], (30.0, 10))
    row(f"cheapest_build, {r['track_segments']} built segments", r["state_query_ms"], r["base_query_ms"])
    row("travel_table, all cities, speed 9", r["travel_table_ms"], None)
    others_ok = True
    if not args.synthetic and args.board == "europe":
        import bench_board_load
        import bench_route_widget

        print()
        for bench in (bench_board_load, bench_route_widget):
            others_ok = (bench.main() in (0, None)) and others_ok
        __import__("variants").main(["--games", "2"])   # tops the committed CSV up to 2 games per variant
    if args.strict and not (ok_q and ok_t and others_ok):
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
