"""Bot strength and speed: ``python benchmarks/bots.py`` (part of ``make bench``).

Plays seeded solo games (rulebook: Solo & Variant Rules > Solo Play Scenarios, 1. Basic Solo Play;
events on) on the Europe board with the ``planner`` bot and the ``greedy`` baseline, and prints

* strength: games won, median and 95th percentile of the turns to victory (a game not won by the turn
  cap counts as not finished and sits above every percentile), the share won within 80 turns, games
  stuck (not won by the cap), and the Chart of Success histogram (rulebook: Chart of Success for Solo
  Play) with greedy beside planner;
* speed: games per second per core = games / CPU seconds spent playing them (each game's process
  CPU time, so a busy shared machine does not distort it).

Targets (issue 11), judged on the standard game: median <= 45 turns, >= 95 % won within 80 turns,
no stuck game, >= 2 games/s/core; the Basic Game median <= 30. ``--strict`` exits 1 when one is missed.
Every game depends only on its seed, so the figures are reproducible whatever ``--workers``.
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import dataclasses
import functools
import json
import multiprocessing as mp
import os
import random
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import eb_core as eb  # noqa: E402
from eb_core.bots.expert import ExpertBot  # noqa: E402
from eb_core.bots.planner import PlannerBot  # noqa: E402
from eb_core.sim import CATEGORIES, solo_game  # noqa: E402

TARGETS = {"median": 45, "within80": 0.95, "stuck": 0, "speed": 2.0, "basic_median": 30}


def play(job: tuple) -> tuple[dict, float]:
    """One seeded solo game: (its row, CPU seconds). ``options`` (a dict, may be empty) are keyword
    options of :class:`PlannerBot` for the ``planner`` (of :class:`ExpertBot` for the ``expert``; an
    experiment: ``--options``); ``changes`` (a dict, may be empty) are fields of the ruleset changed for
    the game (a bound: ``--rules-with``)."""
    rules, seed, bot, max_turns, *rest = job
    options = rest[0] if rest else {}
    changes = rest[1] if len(rest) > 1 else {}
    if changes:
        rules = eb.ruleset(rules).with_(**changes)
    if options and bot in ("planner", "expert"):
        from eb_core import sim
        cls = ExpertBot if bot == "expert" else PlannerBot
        bot = f"{bot}+options"
        sim.BOTS[bot] = lambda seat, rng: cls(seat, rng, **options)
    c = time.process_time()
    row = solo_game(rules, seed=seed, bot=bot, max_turns=max_turns, keep_game=False).row()
    return row, time.process_time() - c


def run(rules: str, bot: str, games: int, seed: int, max_turns: int, workers: int,
        options: dict | None = None, changes: dict | None = None) -> tuple[list[dict], float]:
    jobs = [(rules, seed + i, bot, max_turns, options or {}, changes or {}) for i in range(games)]
    if workers <= 1:
        out = [play(j) for j in jobs]
    else:
        with cf.ProcessPoolExecutor(max_workers=workers, mp_context=mp.get_context("spawn")) as ex:
            out = list(ex.map(play, jobs))
    return [r for r, _ in out], sum(c for _, c in out)


def table_game(job: tuple) -> tuple[str | None, int | None]:
    """One game of 2-4 bots at one table (rulebook: How to Win; they rent each other's track, Renting
    Track): ``levels`` gives each seat's level in seat order. Returns the winner's (level, seat), or
    (None, None) when no single player wins by round 400."""
    seed, levels, victory_cash = job
    g = eb.Game.new(eb.ruleset("europe-standard").with_(victory_cash=victory_cash), board="europe",
                    players=[f"{lv} {i + 1}" for i, lv in enumerate(levels)], seed=seed)
    bots = [PlannerBot(i, random.Random(seed * 7 + i), level=levels[i]) for i in range(len(levels))]
    while not g.over and g.state.turn < 400:
        bots[g.current_player].step(g)
    if len(g.winners) != 1:
        return None, None
    return levels[g.winners[0]], g.winners[0]


#: The tables ``--tables`` plays: each a name and its seats' levels (rotated game by game, so every level
#: sits in every seat equally often).
TABLES = (("planner v greedy", ("planner", "greedy")),
          ("planner v planner", ("planner", "planner")),
          ("planner v 2 greedy", ("planner", "greedy", "greedy")),
          ("2 planners v 2 greedy", ("planner", "planner", "greedy", "greedy")))


def table_jobs(levels: tuple[str, ...], games: int, seed: int, victory_cash: int = 150) -> list[tuple]:
    """The :func:`table_game` jobs of ``games`` games at a table of ``levels``, seats rotated game by game
    (two seats: alternating, the head to head)."""
    n = len(levels)
    return [(seed + i, tuple(levels[(k + i) % n] for k in range(n)), victory_cash) for i in range(games)]


def play_tables(jobs: list[tuple], workers: int) -> dict[tuple, tuple[str | None, int | None]]:
    """Every distinct job of ``jobs`` played once (one process pool): job -> :func:`table_game`'s result."""
    todo = list(dict.fromkeys(jobs))
    with cf.ProcessPoolExecutor(max_workers=max(1, workers), mp_context=mp.get_context("spawn")) as ex:
        return dict(zip(todo, ex.map(table_game, todo)))


def tables(games: int, seed: int, workers: int, victory_cash: int = 150, played: dict | None = None) -> list[dict]:
    """``games`` games of each table of :data:`TABLES`, seats rotated: per table, the wins of each level
    (a share of the games each level's seats hold) and the wins of each seat. ``played`` holds games
    already played (:func:`play_tables`); the rest are played here."""
    jobs = {name: table_jobs(levels, games, seed, victory_cash) for name, levels in TABLES}
    played = dict(played or {})
    played.update(play_tables([j for js in jobs.values() for j in js if j not in played], workers))
    out = []
    for name, levels in TABLES:
        n = len(levels)
        res = [played[j] for j in jobs[name]]
        by_level = {lv: sum(1 for w, _ in res if w == lv) for lv in dict.fromkeys(levels)}
        seats = {lv: levels.count(lv) / n for lv in by_level}
        out.append({"table": name, "players": n, "games": games, "wins": by_level, "seat_share": seats,
                    "by_seat": [sum(1 for _, s in res if s == k) for k in range(n)],
                    "no_winner": sum(1 for w, _ in res if w is None)})
    return out


def diagnose(seed: int, rules: str = "europe-standard", max_turns: int = 150, changes: dict | None = None,
             **options) -> dict:
    """Where one planner game's turns go: play seed ``seed`` solo (the bot's rng seeded as the benchmark's
    bot is not: this is a trace, not a benchmark row) and count, per phase of the game (turns 1-20, 21-40,
    41 on), the gross income, track spent and mileposts ridden per turn, the loads on the train while it
    moves and the share of turns with less than 15M in hand; and for the whole game the turn of the
    first delivery, of the upgrades, of the 7th major city connected and the reuse of the track (the mean
    number of times a segment of the bot's own track was ridden over). ``changes``: ruleset fields changed
    (``--rules-with``)."""
    from eb_core.actions import Build, Deliver, DiscardHand, Move, Upgrade
    from eb_core.track import seg_key
    g = eb.Game.new(eb.ruleset(rules).with_(**(changes or {})), board="europe", players=["Solo"], seed=seed)
    bot = PlannerBot(0, random.Random(seed), **options)
    p = g.state.players[0]
    turns: list[dict] = []
    ridden: dict = {}
    cur = {"pay": 0, "built": 0, "moved": 0, "loads": [], "discards": 0}
    first = None
    upgrades = []
    while not g.over and p.turns < max_turns:
        before, cash = p.turns, p.cash
        a = bot.step(g)
        if isinstance(a, Build):
            cur["built"] += cash - p.cash
        elif isinstance(a, Move):
            cur["moved"] += len(a.path)
            cur["loads"].append(len(p.loads))
            for x, y in zip(a.path[:-1], a.path[1:]):
                ridden[seg_key(x, y)] = ridden.get(seg_key(x, y), 0) + 1
        elif isinstance(a, Deliver):
            cur["pay"] += p.cash - cash
            first = p.turns + 1 if first is None else first
        elif isinstance(a, Upgrade):
            upgrades.append(p.turns + 1)
        elif isinstance(a, DiscardHand):
            cur["discards"] += 1
        if p.turns != before:
            turns.append(dict(cur, cash=p.cash, majors=len(g.connected_majors(0))))
            cur = {"pay": 0, "built": 0, "moved": 0, "loads": [], "discards": 0}
    own = [k for k, v in g.state.track.segments.items() if v == 0]

    def phase(rows):
        n = max(1, len(rows))
        loads = [x for r in rows for x in r["loads"]]
        return {"gross": sum(r["pay"] for r in rows) / n, "track": sum(r["built"] for r in rows) / n,
                "ride": sum(r["moved"] for r in rows) / n, "loads": statistics.mean(loads) if loads else 0.0,
                "low_cash": sum(1 for r in rows if r["cash"] < 15) / n}

    return {"seed": seed, "won": g.over, "turns": p.turns, "first_delivery": first, "upgrades": upgrades,
            "gross": sum(r["pay"] for r in turns), "track": sum(r["built"] for r in turns),
            "deliveries": p.delivered, "discards": sum(r["discards"] for r in turns),
            "majors7": next((i + 1 for i, r in enumerate(turns) if r["majors"] >= 7), None),
            "reuse": statistics.mean(ridden.get(k, 0) for k in own) if own else 0.0,
            "phases": [phase(turns[:20]), phase(turns[20:40]), phase(turns[40:])]}


def print_diagnosis(seeds: list[int], changes: dict | None = None, workers: int = 1, **options) -> None:
    """A line a seed (:func:`diagnose`, on ``workers`` processes), then the means over the seeds."""
    print("seed turns 1st-deliv upgrades 7-majors gross track deliv reuse | per turn in turns 1-20 / 21-40 / 41+: "
          "gross, track, mileposts ridden, loads on the moving train, share of turns under 15M")
    trace = functools.partial(diagnose, changes=changes, **options)
    if workers > 1:
        with cf.ProcessPoolExecutor(workers, mp_context=mp.get_context("spawn")) as ex:
            games = list(ex.map(trace, seeds))
    else:
        games = [trace(s) for s in seeds]
    for s, d in zip(seeds, games):
        ph = " / ".join(f"{x['gross']:.1f} {x['track']:.1f} {x['ride']:.1f} {x['loads']:.2f} {x['low_cash']:.0%}"
                        for x in d["phases"])
        print(f"{s:4} {d['turns']:5} {d['first_delivery']!s:>10} {d['upgrades']!s:>9} {d['majors7']!s:>8} "
              f"{d['gross']:5} {d['track']:5} {d['deliveries']:5} {d['reuse']:5.1f} | {ph}")
    if games:
        def mean(key):
            return statistics.mean(d[key] for d in games)
        turns = sum(d["turns"] for d in games)
        print(f"mean of {len(games)}: {mean('turns'):.1f} turns (median {statistics.median(d['turns'] for d in games)}), "
              f"{mean('deliveries'):.1f} deliveries of {mean('gross') / mean('deliveries'):.1f}M, "
              f"{mean('gross'):.0f}M gross, {mean('track'):.0f}M of track, the 7th major city on turn "
              f"{statistics.mean(d['majors7'] for d in games if d['majors7'] is not None):.1f}; "
              f"{sum(d['gross'] for d in games) / turns:.2f}M gross a turn")


def summary(rows: list[dict], cpu: float, max_turns: int) -> dict:
    n = len(rows)
    turns = sorted(r["turns"] if r["won"] else float("inf") for r in rows)
    won = [r for r in rows if r["won"]]

    def pct(q):
        return turns[min(n - 1, int(q * n))] if n else float("nan")

    return {
        "games": n, "won": len(won), "median": statistics.median(turns) if n else float("nan"),
        "p95": pct(0.95), "within80": sum(1 for t in turns if t <= 80) / n if n else 0.0,
        "stuck": n - len(won), "speed": n / cpu if cpu else float("nan"), "cpu_per_game": cpu / n if n else 0,
        "chart": {c: sum(1 for r in won if r["category"] == c) for c in CATEGORIES},
        "deliveries": statistics.mean(r["deliveries"] for r in rows) if n else 0,
        "ms_per_turn": 1000 * cpu / max(1, sum(r["turns"] for r in rows)),
    }


def fmt(x) -> str:
    if isinstance(x, float):
        return "not won" if x == float("inf") else f"{x:.3g}"
    return str(x)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="standard games per bot (default 200)")
    ap.add_argument("--basic-games", type=int, default=100, help="basic games for the planner (default 100)")
    ap.add_argument("--seed", type=int, default=1000, help="seed of the first game")
    ap.add_argument("--max-turns", type=int, default=150)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--bots", default="planner,greedy",
                    help="comma-separated bots: planner, greedy, expert, random (default planner,greedy)")
    ap.add_argument("--h2h", type=int, default=20,
                    help="two-player games planner against greedy (seats alternating; default 20)")
    ap.add_argument("--tables", type=int, default=0,
                    help="games of each table of 2-4 bots (planner and greedy mixed, seats rotated; default 0)")
    ap.add_argument("--strict", action="store_true", help="exit 1 if a target is missed")
    ap.add_argument("--diagnose", default="", metavar="SEEDS",
                    help="instead: trace the planner's games of these seeds (e.g. 0-3) and print where the turns go")
    ap.add_argument("--options", default="{}", metavar="JSON",
                    help='keyword options of PlannerBot for the planner and of ExpertBot for the expert (an '
                         'experiment), e.g. \'{"exact_top": 48}\'')
    ap.add_argument("--rules-with", default="{}", metavar="JSON",
                    help='fields of the standard and basic rulesets changed for every solo game (a bound: the '
                         'rules changed, not the bot), e.g. \'{"hand_size": 9, "opening_hand": 10}\'')
    args = ap.parse_args(argv)
    try:
        options, changes = json.loads(args.options), json.loads(args.rules_with)
    except json.JSONDecodeError as err:
        ap.error(f"--options / --rules-with: not JSON ({err})")
    if not isinstance(options, dict) or not isinstance(changes, dict):
        ap.error("--options and --rules-with take a JSON object, e.g. '{\"exact_top\": 48}'")
    try:                    # an option the planner does not have, refused here by name, not in a worker
        PlannerBot(0, random.Random(0), **options)
    except eb.InvalidAction as err:
        ap.error(f"--options: {err}")
    fields = {f.name for f in dataclasses.fields(eb.Ruleset)}
    for k in changes:
        if k not in fields:
            ap.error(f"--rules-with: {k!r} is not a field of the ruleset (its fields: {', '.join(sorted(fields))})")
    if args.diagnose:
        a, _, b = args.diagnose.partition("-")
        print_diagnosis(list(range(int(a), int(b or a) + 1)), changes=changes, workers=args.workers, **options)
        return 0
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    t0 = time.perf_counter()
    res = {}
    for bot in bots:
        rows, cpu = run("europe-standard", bot, args.games, args.seed, args.max_turns, args.workers, options,
                        changes)
        res[bot] = summary(rows, cpu, args.max_turns)
    basic = None
    if args.basic_games and "planner" in bots:
        rows, cpu = run("europe-basic", "planner", args.basic_games, args.seed, args.max_turns, args.workers, options,
                        changes)
        basic = summary(rows, cpu, args.max_turns)
    print(f"Solo standard games (Solo Play Scenario 1, Europe board and deck, events on), seeds "
          f"{args.seed}..{args.seed + args.games - 1}, cap {args.max_turns} turns, "
          + (f"rules changed {changes}, " if changes else "")
          + f"{time.perf_counter() - t0:.0f}s wall on {args.workers} worker(s)")
    keys = [("games", "games"), ("won", "won"), ("median", "median turns to win"), ("p95", "95th percentile"),
            ("within80", "won within 80 turns"), ("stuck", "not won by the cap"),
            ("deliveries", "deliveries per game"), ("speed", "games/s/core"), ("cpu_per_game", "CPU s/game"),
            ("ms_per_turn", "CPU ms/turn")]
    print(f"{'':24}" + "".join(f"{b:>12}" for b in bots))
    for k, label in keys:
        print(f"{label:24}" + "".join(f"{fmt(res[b][k]) if k != 'within80' else f'{res[b][k]:.1%}':>12}"
                                      for b in bots))
    print("Chart of Success (standard), games won by band:")
    for c in CATEGORIES:
        print(f"  {c:22}" + "".join(f"{res[b]['chart'][c]:>12}" for b in bots))
    played: dict = {}
    if args.h2h:            # the planner v greedy table's games (the --tables run reuses them)
        h2h = table_jobs(("planner", "greedy"), args.h2h, args.seed)
        played = play_tables(h2h, args.workers)
        winners = [played[j][0] for j in h2h]
        print(f"Head to head (2 players, standard rules, 150M to win, seats alternating, {args.h2h} games): "
              f"planner won {winners.count('planner')}, greedy won {winners.count('greedy')}, "
              f"no single winner {winners.count(None)}")
    if args.tables:
        print(f"Tables of 2-4 bots (standard rules, 150M to win, seats rotated, {args.tables} games each; "
              "wins by level, with the share of the seats that level holds; wins by seat, first player first):")
        for t in tables(args.tables, args.seed, args.workers, played=played):
            lv = ", ".join(f"{k} {v} ({t['seat_share'][k]:.0%} of seats)" for k, v in t["wins"].items())
            print(f"  {t['table']:22} {lv}; by seat {' / '.join(map(str, t['by_seat']))}"
                  + (f"; no single winner {t['no_winner']}" if t["no_winner"] else ""))
    ok = True
    if "planner" in res:
        pl = res["planner"]
        checks = [("median <= 45", pl["median"] <= TARGETS["median"]),
                  (">= 95% won within 80 turns", pl["within80"] >= TARGETS["within80"]),
                  ("no stuck game", pl["stuck"] <= TARGETS["stuck"]),
                  (">= 2 games/s/core", pl["speed"] >= TARGETS["speed"])]
        if basic is not None:
            print(f"Basic game (planner, {basic['games']} games): median {fmt(basic['median'])}, "
                  f"p95 {fmt(basic['p95'])}, won {basic['won']}, games/s/core {fmt(basic['speed'])}; chart: "
                  + ", ".join(f"{c} {n}" for c, n in basic["chart"].items()))
            checks.append(("basic median <= 30", basic["median"] <= TARGETS["basic_median"]))
        for name, good in checks:
            print(f"  target {name}: {'met' if good else 'MISSED'}")
            ok = ok and good
    return 1 if args.strict and not ok else 0


if __name__ == "__main__":
    raise SystemExit(main())
