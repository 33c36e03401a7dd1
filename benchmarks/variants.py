"""What each variant does to the game: planner solo games under every variant against the base game.

``python benchmarks/variants.py [--games 200] [--workers 2]`` (run by ``make bench`` through
``benchmarks/run.py`` with a small default) plays Solo Play Scenario 1 games (one planner bot, Basic Game
on the Europe board) for the base game and for every variant of :data:`eb_core.rules.VARIANTS` (seeds
0, 1, ...; the same seeds for every variant, so the deals are the same) and appends one row per game to
``data/results/variants.csv`` -- a committed file (``benchmarks/results/`` is git-ignored), read by notebook
06. Rows already in the file are kept and not played again, so a run can be stopped and continued.

Columns: ``variant`` (``base`` or the variant's name), ``seed``, ``won`` (victory conditions met within
``max_turns``), ``turns`` (the player's turns, special build turns included: the Chart of Success
count), ``income`` (millions paid for deliveries), ``money_per_turn`` (income / turns), ``segments``
(track segments built), ``deliveries``, ``cash``, ``train``, ``category`` (Chart of Success, Basic Game).
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import csv
import multiprocessing as mp
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import eb_core as eb  # noqa: E402
from eb_core.actions import Deliver  # noqa: E402
from eb_core.sim import solo_game  # noqa: E402

OUT = HERE.parent / "data" / "results" / "variants.csv"
BASE = "europe-basic"
COLUMNS = ["variant", "seed", "won", "turns", "income", "money_per_turn", "segments", "deliveries", "cash", "train",
           "category"]
#: Variants measured: every rulebook variant (``no-events`` is not one).
MEASURED = ("base",) + tuple(v for v in eb.rules.VARIANTS if v != "no-events")


def income(game) -> int:
    """Millions paid for the deliveries in ``game``'s history (payout of the card's demand for the load,
    event bonuses left out)."""
    total = 0
    for a in game.history:
        if isinstance(a, Deliver):
            total += max(d.payout for d in game.deck.card(a.card_id).demands if d.load == a.load)
    return total


def play(variant: str, seed: int, board: str, max_turns: int) -> dict:
    """One solo game under ``variant`` (``"base"``: no variant); one CSV row."""
    rules = eb.ruleset(BASE) if variant == "base" else eb.ruleset(BASE, variant)
    r = solo_game(rules, seed=seed, board=board, max_turns=max_turns)
    g = r.game
    inc = income(g)
    segs = sum(1 for o in g.state.track.segments.values() if o == 0)
    return {"variant": variant, "seed": seed, "won": r.won, "turns": r.turns, "income": inc,
            "money_per_turn": round(inc / max(r.turns, 1), 2), "segments": segs, "deliveries": r.deliveries,
            "cash": r.cash, "train": r.train, "category": r.category or ""}


def _play(args):
    return play(*args)


def done_rows(path: Path) -> set[tuple[str, int]]:
    if not path.exists():
        return set()
    with path.open() as f:
        return {(row["variant"], int(row["seed"])) for row in csv.DictReader(f)}


def run(games: int, workers: int, board: str, max_turns: int, out: Path, variants=MEASURED) -> int:
    """Play what is missing of ``games`` games per variant (interleaved by seed, so an interrupted run has
    about as many games of each); append rows to ``out``. Returns the number of games played."""
    out.parent.mkdir(parents=True, exist_ok=True)
    have = done_rows(out)
    jobs = [(v, s, board, max_turns) for s in range(games) for v in variants if (v, s) not in have]
    new = not out.exists()
    played = 0
    with out.open("a", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS)
        if new:
            w.writeheader()
        if workers == 1:
            results = map(_play, jobs)
            ex = None
        else:
            ex = cf.ProcessPoolExecutor(max_workers=workers, mp_context=mp.get_context("spawn"))
            results = ex.map(_play, jobs)
        try:
            for row in results:
                w.writerow(row)
                f.flush()
                played += 1
        finally:
            if ex is not None:
                ex.shutdown(cancel_futures=True)
    return played


def summary(path: Path = OUT):
    """Per variant: games, share won, median turns (won games), median money per turn and segments."""
    import pandas as pd

    df = pd.read_csv(path)
    won = df[df.won]
    s = df.groupby("variant").agg(games=("seed", "size"), won=("won", "mean"),
                                  money_per_turn=("money_per_turn", "median"), segments=("segments", "median"))
    s["median_turns"] = won.groupby("variant").turns.median()
    return s.reindex([v for v in MEASURED if v in s.index])


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per variant (default 200)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--board", default="europe")
    ap.add_argument("--max-turns", type=int, default=100)
    ap.add_argument("--out", type=Path, default=OUT)
    a = ap.parse_args(argv)
    t = time.perf_counter()
    n = run(a.games, a.workers, a.board, a.max_turns, a.out)
    print(f"variants: {n} new games in {time.perf_counter() - t:.0f}s -> {a.out}")
    print(summary(a.out).to_string())


if __name__ == "__main__":
    main()
