"""Loading the Europe board: time and memory of an uncached ``Board.from_file``.

Budget (issue 3): under 1 s and under 150 MB; the house issue adds: within 10x a bare ``json.loads`` of
the same file, with the JSON Schema validation (``eb_core.files.validate``) included. The baseline is
measured in the same process, interleaved with the loads (json, load, json, load, ...), so that a busy
machine slows both alike and the figure reads as a ratio, not as a machine-dependent time. The one-off
compilation of the schema happens before the timed runs and is printed apart.

    python benchmarks/bench_board_load.py
"""
from __future__ import annotations

import gc
import json
import resource
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

BUDGET_S = 1.0
BUDGET_MB = 150.0
BUDGET_RATIO = 10.0


def _timed(fn) -> float:
    gc.collect()
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def _interleaved(fns, repeat: int) -> list[float]:
    """Median time of each function, running them in turn ``repeat`` times."""
    times: list[list[float]] = [[] for _ in fns]
    for _ in range(repeat):
        for slot, fn in zip(times, fns):
            slot.append(_timed(fn))
    return [statistics.median(t) for t in times]


def measure(path: Path | None = None, repeat: int = 9) -> dict:
    """Figures for loading ``path`` (default data/boards/europe.json) without the load_board cache."""
    from eb_core.board import Board

    path = path or ROOT / "data" / "boards" / "europe.json"
    text = path.read_text(encoding="utf-8")
    t_first = _timed(lambda: Board.from_file(path))  # compiles the schema validator once
    t_json, t_load = _interleaved([lambda: json.loads(text), lambda: Board.from_file(path)], repeat)
    gc.collect()
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    tracemalloc.start()
    board = Board.from_file(path)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss1 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "board": board.name, "mileposts": len(board.mileposts), "edges": len(board.edges),
        "file_kb": round(path.stat().st_size / 1024), "json_loads_s": round(t_json, 4),
        "load_s": round(t_load, 4), "load_vs_json_loads": round(t_load / t_json, 2),
        "first_load_s": round(t_first, 4),
        "tracemalloc_peak_mb": round(peak / 2**20, 1), "max_rss_growth_mb": round((rss1 - rss0) / 1024, 1),
        "within_budget": t_load < BUDGET_S and peak / 2**20 < BUDGET_MB and t_load / t_json <= BUDGET_RATIO,
    }


def main() -> dict:
    r = measure()
    print(f"board load ({r['board']}: {r['mileposts']} mileposts, {r['edges']} edges, {r['file_kb']} KB)")
    print(f"  Board.from_file     {r['load_s'] * 1000:8.1f} ms   (budget {BUDGET_S * 1000:.0f} ms)")
    print(f"  json.loads baseline {r['json_loads_s'] * 1000:8.1f} ms   ratio {r['load_vs_json_loads']:.1f}x "
          f"(budget {BUDGET_RATIO:.0f}x)")
    print(f"  first load          {r['first_load_s'] * 1000:8.1f} ms   (includes compiling the schema once)")
    print(f"  memory: tracemalloc peak {r['tracemalloc_peak_mb']} MB (budget {BUDGET_MB:.0f} MB), "
          f"max RSS growth {r['max_rss_growth_mb']} MB")
    print("  within budget" if r["within_budget"] else "  OVER BUDGET")
    return r


if __name__ == "__main__":
    sys.exit(0 if main()["within_budget"] else 1)
