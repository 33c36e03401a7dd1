"""What each variant does to the game: planner solo games under every variant against the base game.

``nice -n 10 python benchmarks/variants.py --games 200 --workers 2 --seed 0 --fresh`` plays Solo Play
Scenario 1 games (one planner bot, Basic Game on the Europe board) for the base game and for every variant
of :data:`eb_core.rules.VARIANTS` (``no-events`` is not a rulebook variant), ``--games`` per variant on the
seeds ``--seed``, ``--seed + 1``, ... -- the same seeds for every variant, so the deals are the same -- and
writes one row per game to ``data/results/variants.csv``, a committed file read by notebook 06.
``--workers`` processes play the games in parallel (a spawn-context process pool; each game is one job,
its result depends only on its seed, so the file is the same for any number of workers up to row order,
and rows are sorted by variant and seed at the end). Without ``--fresh`` the rows already in the file are
kept and only missing (variant, seed) games are played, so an interrupted run can be continued; use
``--fresh`` after any change to the planner or the engine, or old and new games would be mixed.
``make bench`` (``benchmarks/run.py``) tops the file up to 2 games per variant.

Columns: ``variant`` (``base`` or the variant's name), ``seed``, ``won`` (victory conditions met within
``--max-turns``), ``turns`` (the player's turns, special build turns included: the Chart of Success
count), ``income`` (millions paid for deliveries), ``money_per_turn`` (income / turns), ``segments``
(track segments built), ``deliveries``, ``cash``, ``train`` (the first train at the end), ``category``
(Chart of Success, Basic Game; empty when not won), ``trains_used`` (how many of the player's trains ever
moved: 2 only if the bot ran the second train of Run Two Trains).

How the planner plays the variants: as the engine allows, without seeking out their opportunities (it
never borrows, cross grades, or uses open contracts and field warehouses on purpose). Under
``run-two-trains`` it drives both trains (``trains_used`` 2): train 2 plans over the cards train 1's plan
leaves.
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import csv
import multiprocessing as mp
import resource
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import eb_core as eb  # noqa: E402
from eb_core.actions import Deliver, Move  # noqa: E402
from eb_core.sim import solo_game  # noqa: E402

OUT = HERE.parent / "data" / "results" / "variants.csv"
BASE = "europe-basic"
COLUMNS = ["variant", "seed", "won", "turns", "income", "money_per_turn", "segments", "deliveries", "cash", "train",
           "category", "trains_used"]
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
    used = {getattr(a, "train", 1) for a in g.history if isinstance(a, Move)}
    return {"variant": variant, "seed": seed, "won": r.won, "turns": r.turns, "income": inc,
            "money_per_turn": round(inc / max(r.turns, 1), 2), "segments": segs, "deliveries": r.deliveries,
            "cash": r.cash, "train": r.train, "category": r.category or "", "trains_used": len(used)}


def _play(args):
    return play(*args)


def read_rows(path: Path) -> list[dict]:
    """The rows of ``path`` (none if it does not exist, or if it has other columns: an older file)."""
    if not path.exists():
        return []
    with path.open() as f:
        r = csv.DictReader(f)
        rows = list(r)
        return rows if r.fieldnames == COLUMNS else []


def write_rows(path: Path, rows: list[dict]) -> None:
    """Write ``rows`` sorted by variant (in :data:`MEASURED` order) and seed, atomically."""
    order = {v: i for i, v in enumerate(MEASURED)}
    rows = sorted(rows, key=lambda r: (order.get(r["variant"], len(order)), int(r["seed"])))
    tmp = path.with_suffix(".tmp")
    with tmp.open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS)
        w.writeheader()
        w.writerows(rows)
    tmp.replace(path)


def run(games: int, workers: int, board: str, max_turns: int, out: Path, variants=MEASURED, *, seed: int = 0,
        fresh: bool = False) -> int:
    """Play what is missing of ``games`` games per variant on seeds ``seed ..`` (interleaved by seed, so an
    interrupted run has about as many games of each) with ``workers`` processes; write ``out`` (the rows
    kept from before unless ``fresh``, and the new ones). Returns the number of games played."""
    out.parent.mkdir(parents=True, exist_ok=True)
    rows = [] if fresh else read_rows(out)
    have = {(r["variant"], int(r["seed"])) for r in rows}
    jobs = [(v, s, board, max_turns) for s in range(seed, seed + games) for v in variants if (v, s) not in have]
    played = 0
    ex = None
    if workers == 1:
        results = map(_play, jobs)
    else:
        ex = cf.ProcessPoolExecutor(max_workers=workers, mp_context=mp.get_context("spawn"))
        results = ex.map(_play, jobs)
    try:
        for row in results:
            rows.append({k: row[k] for k in COLUMNS})
            played += 1
            if played % 20 == 0:   # keep what is done if the run is stopped
                write_rows(out, rows)
    finally:
        if ex is not None:
            ex.shutdown(cancel_futures=True)
        write_rows(out, rows)
    return played


def summary(path: Path = OUT):
    """Per variant: games, share won, median turns (won games), median money per turn and segments."""
    import pandas as pd

    df = pd.read_csv(path)
    won = df[df.won]
    s = df.groupby("variant").agg(games=("seed", "size"), won=("won", "mean"), trains_used=("trains_used", "max"),
                                  money_per_turn=("money_per_turn", "median"), segments=("segments", "median"))
    s["median_turns"] = won.groupby("variant").turns.median()
    return s.reindex([v for v in MEASURED if v in s.index])


def markdown_table(path: Path = OUT) -> str:
    """The table of ``benchmarks/README.md``: per variant the games, games won, median turns of the won
    games and the difference to the base game, median money per turn and segments over all games, the
    seeds whose game (won, turns, income, segments) equals the base game's, and the Chart of Success
    bands of the won games."""
    import pandas as pd

    df = pd.read_csv(path)
    key = ["won", "turns", "income", "segments"]
    base = df[df.variant == "base"].set_index("seed")[key]
    bands = ["Blowout Victory", "Solid Victory", "Possible Victory", "2nd or 3rd place", "Last Place"]
    base_median = df[(df.variant == "base") & df.won].turns.median()
    lines = ["| variant | games | won (≤ 100 turns) | median turns | vs base | money / turn (M) | segments | "
             "same as base | Chart of Success (won games) |", "|---|---|---|---|---|---|---|---|---|"]
    for v in [v for v in MEASURED if v in set(df.variant)]:
        d = df[df.variant == v]
        won = d[d.won]
        same = sum(1 for _, r in d.iterrows() if r.seed in base.index
                   and tuple(r[key]) == tuple(base.loc[r.seed]))
        med = won.turns.median()
        counts = won.category.value_counts()
        chart = ", ".join(f"{b} {counts[b]}" for b in bands if b in counts)
        lines.append(f"| `{v}` | {len(d)} | {len(won)} | {med:g} | {med - base_median:+g} | "
                     f"{d.money_per_turn.median():.2f} | {d.segments.median():g} | {same} | {chart} |")
    return "\n".join(lines)


def _cpu() -> float:
    """CPU seconds of this process and of its finished worker processes (the load of a shared machine
    distorts them less than wall time)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per variant (default 200)")
    ap.add_argument("--workers", type=int, default=2, help="processes playing games in parallel (default 2)")
    ap.add_argument("--seed", type=int, default=0, help="first seed (default 0): seeds seed .. seed+games-1")
    ap.add_argument("--fresh", action="store_true", help="start a new file instead of topping up the old one")
    ap.add_argument("--board", default="europe")
    ap.add_argument("--max-turns", type=int, default=100)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--table", action="store_true", help="only print the Markdown table of the file (no games)")
    a = ap.parse_args(argv)
    if a.table:
        print(markdown_table(a.out))
        return
    t, cpu = time.perf_counter(), _cpu()
    n = run(a.games, a.workers, a.board, a.max_turns, a.out, seed=a.seed, fresh=a.fresh)
    cpu = _cpu() - cpu
    print(f"variants: {n} new games in {time.perf_counter() - t:.0f}s wall, {cpu:.0f}s CPU"
          + (f" ({cpu / n:.2f}s CPU per game)" if n else "") + f" -> {a.out}")
    print(summary(a.out).to_string())


if __name__ == "__main__":
    main()
