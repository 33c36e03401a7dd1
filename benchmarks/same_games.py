"""Same seed, same game: a fingerprint of seeded planner games, for speed work that must not change play.

``python benchmarks/same_games.py [--standard 24] [--basic 4] [--seed 5000] [--bot planner] [--workers 2]``
plays solo games (``eb_core.sim.solo_game``: Solo Play Scenario 1, Europe board, events on) and prints one
line per game -- ruleset, seed, turns, and the SHA-256 of the whole game history (``Game.to_json()``) --
then one hash over all of them. Run it before and after a change and compare the output (``diff``): any
difference in any action of any game changes that game's line.
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import hashlib
import multiprocessing as mp
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from eb_core.sim import solo_game  # noqa: E402


def fingerprint(job: tuple[str, int, str, int]) -> str:
    """One game's line: ``ruleset seed turns sha256(history)``."""
    rules, seed, bot, max_turns = job
    r = solo_game(rules, seed=seed, bot=bot, max_turns=max_turns)
    digest = hashlib.sha256(r.game.to_json().encode()).hexdigest()[:16]
    return f"{rules} {seed} {r.turns} {digest}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--standard", type=int, default=24, help="solo Standard games (europe-standard)")
    ap.add_argument("--basic", type=int, default=4, help="solo Basic games (europe-basic)")
    ap.add_argument("--seed", type=int, default=5000, help="first seed")
    ap.add_argument("--bot", default="planner")
    ap.add_argument("--max-turns", type=int, default=150)
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args(argv)
    jobs = ([("europe-standard", a.seed + i, a.bot, a.max_turns) for i in range(a.standard)]
            + [("europe-basic", a.seed + i, a.bot, a.max_turns) for i in range(a.basic)])
    if a.workers <= 1:
        lines = [fingerprint(j) for j in jobs]
    else:
        with cf.ProcessPoolExecutor(max_workers=a.workers, mp_context=mp.get_context("spawn")) as ex:
            lines = list(ex.map(fingerprint, jobs))
    print("\n".join(lines))
    print("all", hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
