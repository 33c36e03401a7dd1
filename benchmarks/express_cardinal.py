"""The three cardinal rules of Empire Express measured over seeded bot games.

``python benchmarks/express_cardinal.py [--games 200] [--workers 1]`` plays Empire Express demo games
(seeds 0, 1, ...; 2-4 colours and a planner or greedy bot in each seat, both drawn from the seed) with
:func:`eb_core.express_lessons.simulate_players` -- to the 150M end (the round finished) or 40 rounds --
and writes one row per player to ``data/results/express_cardinal.csv``, a committed file read by notebook
10 (columns: those of ``simulate_players``). The figures per rule come from
:func:`eb_core.express_lessons.cardinal_rules` on that file.
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import pandas as pd  # noqa: E402  (after the sys.path line above)

from eb_core.express_lessons import cardinal_rules, simulate_players  # noqa: E402

OUT = HERE.parent / "data" / "results" / "express_cardinal.csv"


def _chunk(seeds: list[int]) -> pd.DataFrame:
    return simulate_players(seeds)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    t = time.process_time()
    seeds = list(range(args.games))
    if args.workers > 1:
        chunks = [seeds[i::args.workers] for i in range(args.workers)]
        with cf.ProcessPoolExecutor(args.workers) as ex:
            df = pd.concat(list(ex.map(_chunk, chunks)))
    else:
        df = simulate_players(seeds)
    df = df.sort_values(["seed", "colour"], kind="stable")   # the same file whatever the number of workers
    args.out.parent.mkdir(parents=True, exist_ok=True)
    df.round(4).to_csv(args.out, index=False)
    print(f"{len(df)} players from {args.games} games in {time.process_time() - t:.1f} s CPU (this process) "
          f"-> {args.out}")
    print(cardinal_rules(df).round(2).to_string())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
