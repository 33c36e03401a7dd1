"""Command line: ``python -m eb_core <command> ...`` (also installed as ``eb``).

Commands (each has ``--help``):

* ``route BOARD FROM TO`` -- the cheapest track to build from FROM to TO, segment by segment;
* ``table BOARD`` -- build costs between cities (``--cities majors|all|A,B,...``, ``--format csv|markdown``);
* ``board BOARD`` -- a summary of a board: mileposts, terrain, cities, loads, ferries;
* ``simulate`` -- seeded solo games played by a bot, one CSV row per game (``--games``, ``--seed``,
  ``--workers``, ``--csv``).

``BOARD`` is a board name (``europe``, ``north_america``, ``eastern_us``, ``tutorial``) or the path of an
``eb-board/1`` JSON file; ``--ruleset`` defaults to the board's own game (``us`` on ``north_america``,
``express`` on ``eastern_us``), ``simulate``'s ``--board`` to the ruleset's board.
Exit status: 0 on success, 1 when no route exists, 2 on bad input (unknown board, city, ruleset).

>>> main(["route", "tutorial", "London", "Birmingham"])   # doctest: +ELLIPSIS
Build London -> Birmingham: 5M over ...
0
"""
from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path
from typing import Sequence

import pandas as pd

from .board import load_board
from .errors import InvalidAction
from .routes import cheapest_build, cost_table, travel_table, travel_turns
from .rules import RULESETS, ruleset, ruleset_for_board
from .sim import BOTS, monte_carlo
from .words import plural, shown

__all__ = ["main", "build_parser"]


_RULESETS_HELP = ("named ruleset: " + ", ".join(sorted(RULESETS)) + " (default: the board's own game, "
                  "europe-standard for a board of none)")


def _ruleset(args):
    """The ruleset asked for; without ``--ruleset``, the one whose board is ``args.board`` (``us`` for
    ``north_america``, ``express`` for ``eastern_us``), else ``europe-standard``."""
    name = args.ruleset
    if name is None:
        name = ruleset_for_board(getattr(args, "board", None)).name
    return ruleset(name, *(args.variant or ()))


def _common(p: argparse.ArgumentParser, with_rules: bool = True) -> None:
    p.add_argument("board", help="board name (europe, north_america, eastern_us, tutorial) or path to an "
                                 "eb-board/1 JSON file")
    if with_rules:
        p.add_argument("--ruleset", default=None, help=_RULESETS_HELP)
        p.add_argument("--variant", action="append", metavar="NAME",
                       help="variant to apply, e.g. fast-game (repeatable)")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m eb_core``."""
    prog = "eb" if os.path.basename(sys.argv[0]) == "eb" else "python -m eb_core"   # the console script, or -m
    parser = argparse.ArgumentParser(prog=prog, description="Empire Builder, Empire Builder (US) and Empire Express "
                                     "from the command line: route costs, cost tables, board summaries and seeded "
                                     "simulations with the bots.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    p = sub.add_parser("route", help="cheapest track to build between two cities or mileposts",
                       description="Cheapest track to build from FROM to TO: cost and a per-segment breakdown "
                                   "(rulebook: Build Phase Rules), or one line per leg with --legs; --ids adds "
                                   "the milepost ids. FROM and TO are city names, ferry ports or milepost ids.")
    _common(p)
    p.add_argument("a", metavar="FROM", help="start: city name, ferry port (Folkestone) or milepost id")
    p.add_argument("b", metavar="TO", help="end: city name, ferry port or milepost id")
    p.add_argument("--speed", type=int, default=None,
                   help="also print the turns a train of this speed needs along the route")
    p.add_argument("--ids", action="store_true",
                   help="also print the route's milepost ids, in order (for scripts and board files)")
    p.add_argument("--legs", action="store_true",
                   help="one line per leg (between the cities, ports and neighbourhoods passed) instead of "
                        "one per segment: a long route at a glance")

    p = sub.add_parser("table", help="cheapest build cost between cities",
                       description="Cheapest build cost between cities, read row -> column (from the row "
                                   "city to the column city; the cost of entering the column city is "
                                   "included, leaving the row city is not).")
    _common(p)
    p.add_argument("--cities", default="majors",
                   help="'majors' (default), 'all', or a comma-separated list of city names")
    p.add_argument("--format", choices=["csv", "markdown"], default="markdown", help="output format (default: markdown)")
    p.add_argument("--symmetric", action="store_true",
                   help="show min(A->B, B->A) instead of the directed cost")
    p.add_argument("--turns", type=int, default=None, metavar="SPEED",
                   help="show turns for a train of this speed on the cheapest route instead of costs")

    p = sub.add_parser("board", help="summary of a board",
                       description="Summary of a board: mileposts by terrain, cities by class, loads, "
                                   "ferries and tunnels.")
    _common(p, with_rules=False)

    p = sub.add_parser("simulate", help="Monte Carlo games played by a bot",
                       description="Play seeded games with a bot and write one row per game (seed, won, "
                                   "turns, cash, deliveries, ...). Empire Builder: solo games (rulebook: Solo & "
                                   "Variant Rules > Solo Play Scenarios, Chart of Success for Solo Play); Empire "
                                   "Express: its demo game, every colour played by the bot, to its Game End. "
                                   "Same seed, same rows, whatever --workers.")
    p.add_argument("--board", default=None,
                   help="board name or eb-board/1 JSON path (default: the ruleset's own board)")
    p.add_argument("--ruleset", default="europe-standard",
                   help="named ruleset: " + ", ".join(sorted(RULESETS)) + " (default europe-standard); "
                        "express is played by 2-4 seats (its Demo Set Up)")
    p.add_argument("--variant", action="append", metavar="NAME",
                   help="variant to apply, e.g. fast-game (repeatable)")
    p.add_argument("--bot", default="planner", choices=sorted(BOTS),
                   help="bot: planner (default), greedy (the baseline), expert (the planner with a look-ahead) or random")
    p.add_argument("--games", type=int, default=10, help="number of games (default 10)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game; game i uses seed + i")
    p.add_argument("--workers", type=int, default=1, help="worker processes (default 1: in this process)")
    p.add_argument("--max-turns", type=int, default=150, help="turn cap per game (default 150)")
    p.add_argument("--win-loss", action="store_true", help="add the Simulated Win / Loss draws")
    p.add_argument("--scenario", type=int, default=1, choices=[1, 2, 3, 4],
                   help="Solo Play Scenario: 1 basic solo play (default), 2 play multiple positions, 3 simple "
                        "second-player simulation, 4 advanced simulated track for 1-3 other players")
    p.add_argument("--players", type=int, default=None,
                   help="seats: scenario 2 the positions played (default 2; scenario 1 with more than one seat "
                        "plays them too), scenario 4 you plus 1-3 simulated opponents (default 2); express 2-4 "
                        "colours (default 2)")
    p.add_argument("--csv", default=None, metavar="PATH", help="write the rows to this CSV file ('-' = stdout)")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="show a progress bar (default: when standard error is a terminal)")
    return parser


def _load(name: str):
    return load_board(name)


def _where(board, text: str):
    if text.lstrip("-").isdigit():
        return int(text)
    return text


def _option(call, **options: str):
    """``call()``, an error about one of the API's fields reworded to name the command line's option for it
    (``options``: field -> option; ``table --turns 0``: the speed is given as ``--turns``)."""
    try:
        return call()
    except InvalidAction as exc:
        option = options.get(exc.field or "")
        if option is None:
            raise
        msg = str(exc).removeprefix(f"{exc.field}: ")
        raise InvalidAction(f"{option}: {msg}", field=exc.field) from None


def _check_csv(path: str | None) -> None:
    """Refuse a ``--csv`` file that cannot be written before any game is played."""
    if path is None or path == "-":
        return
    if not path:
        raise InvalidAction("--csv: give a file name, or '-' for standard output", field="csv")
    target = Path(path)
    if target.is_dir():
        raise InvalidAction(f"--csv: {path} is a folder; give a file name such as {target / 'games.csv'}",
                            field="csv")
    folder = target.parent
    if not folder.exists():
        raise InvalidAction(f"--csv: folder {folder} does not exist", field="csv")
    if not folder.is_dir():
        raise InvalidAction(f"--csv: {folder} is not a folder", field="csv")
    if not os.access(folder if not target.exists() else target, os.W_OK):
        raise InvalidAction(f"--csv: {path} cannot be written (no permission)", field="csv")


def _markdown(df) -> str:
    """A GitHub-style table; ``-`` where there is no route."""
    cols = [str(df.index.name or "")] + [str(c) for c in df.columns]
    lines = ["| " + " | ".join(cols) + " |", "|" + "|".join(["---"] + ["---:"] * len(df.columns)) + "|"]
    for idx, row in df.iterrows():
        cells = ["-" if pd.isna(v) else str(v) for v in row]
        lines.append("| " + " | ".join([str(idx)] + cells) + " |")
    return "\n".join(lines)


def _check_speed(value: int | None, option: str) -> None:
    if value is not None and value < 1:
        raise InvalidAction(f"{option}: expected a train's speed (mileposts per turn, e.g. 9) >= 1, got {value}",
                            field="speed")


def _cmd_route(args) -> int:
    _check_speed(args.speed, "--speed")
    board, rules = _load(args.board), _ruleset(args)
    plan = _option(lambda: cheapest_build(board, rules, _where(board, args.a), _where(board, args.b)),
                   a="FROM", b="TO")
    if plan is None:
        print(f"No track can be built from {args.a} to {args.b} on board {board.name!r}.")
        return 1
    turns = _option(lambda: travel_turns(board, rules, plan, args.speed), speed="--speed") \
        if args.speed is not None else None   # (checked first)
    print(plan.explain(by="leg" if args.legs else "segment"))
    if args.ids:
        print(f"mileposts: {' '.join(map(str, plan.mileposts))}")
    if turns is not None:
        print(f"turns at speed {args.speed}: {turns}")
    return 0


def _cmd_table(args) -> int:
    _check_speed(args.turns, "--turns")
    board, rules = _load(args.board), _ruleset(args)
    cities = args.cities
    if cities not in ("majors", "all"):
        cities = [c.strip() for c in cities.split(",") if c.strip()]
        if not cities:
            raise ValueError(f"--cities: name cities joined by commas ('London,Paris'), 'majors' or 'all'; "
                             f"got {shown(args.cities)}")
        cities = list(dict.fromkeys(cities))          # each once
    if args.turns is not None:
        df = _option(lambda: travel_table(board, rules, args.turns, cities), speed="--turns")
    else:
        df = cost_table(board, rules, cities, symmetric=args.symmetric)
    if args.format == "csv":
        sys.stdout.write(df.to_csv())
    else:
        what = f"turns at speed {args.turns}" if args.turns is not None else "build cost in millions"
        print(f"{board.title}: {what}, {rules.name}, row -> column"
              + (" (min of both directions)" if args.symmetric and args.turns is None else ""))
        print()
        print(_markdown(df))
    return 0


def _cmd_board(args) -> int:
    board = _load(args.board)
    # priced by terrain: the mileposts that are neither in a city nor a ferry port (those cost the city's
    # entry or the crossing's price)
    plain = [m for m in board.mileposts if not m.underground and m.city is None and not board.is_port(m.id)]
    terr = Counter(m.terrain.value for m in plain)
    in_cities = sum(len(c.mileposts) for c in board.cities)
    ports = sum(1 for m in board.mileposts if m.city is None and board.is_port(m.id))
    sizes = Counter(c.size.value for c in board.cities)
    print(f"{board.title} ({board.name}), from {board.source}")
    print(f"mileposts: {len(board.mileposts)}: " + ", ".join(f"{k} {terr.get(k, 0)}" for k in ("clear", "mountain", "alpine"))
          + f", {in_cities} in cities, {ports} ferry ports"
          + (f", {sum(1 for m in board.mileposts if m.underground)} underground" if board.tunnels else ""))
    print(f"segments: {len(board.edges)} ({sum(1 for e in board.edges if e.rivers)} cross rivers, "
          f"{sum(1 for e in board.edges if e.lake)} lakes, {sum(1 for e in board.edges if e.inlet)} inlets)")
    print(f"cities: {len(board.cities)} (" + ", ".join(f"{k} {sizes.get(k, 0)}" for k in
                                                       ("major", "key", "medium", "small")) + ")")
    for size in ("major", "key"):
        names = [c.name for c in board.cities if c.size.value == size]
        if names:
            print(f"  {size}: {', '.join(names)}")
    print(f"loads: {len(board.loads)} kinds, {sum(board.loads.values())} chips")
    for cr in board.crossings:
        kind = "tunnel" if cr.is_tunnel else "ferry"
        print(f"  {kind} {cr.name}: {cr.port_names[0]} - {cr.port_names[1]}, {cr.cost}M")
    return 0


def _cmd_simulate(args) -> int:
    _check_csv(args.csv)
    rules = _ruleset(args)
    players = args.players if args.players is not None else (2 if args.scenario in (2, 4) or rules.setup == "demo"
                                                              else 1)
    if players < 1:
        raise InvalidAction(f"--players: expected a number of seats >= 1, got {players}", field="players")
    if args.max_turns < 1:
        raise InvalidAction(f"--max-turns: expected a number of turns >= 1, got {args.max_turns}", field="max_turns")
    df = monte_carlo(rules, bot=args.bot, games=args.games, seed=args.seed, workers=args.workers,
                     board=args.board, max_turns=args.max_turns, win_loss=args.win_loss, scenario=args.scenario,
                     progress=args.progress, players=players)
    if args.csv == "-":
        sys.stdout.write(df.to_csv(index=False))
        return 0
    if args.csv:
        df.to_csv(args.csv, index=False)
    head = (f"{plural(len(df), 'game')} of {df.ruleset.iloc[0] if len(df) else rules.name} on "
            f"{df.board.iloc[0] if len(df) else args.board or rules.board}")
    if rules.setup == "demo":
        # Empire Express: the demo game to its end (150M, the round finished, the most money wins)
        ended = df[df["first"].notna()]
        first = rules.demo_players[0][0]
        print(f"{head}, {players} colours each played by the {args.bot} bot: the game reached "
              f"{rules.victory_cash}M in {len(ended)}" + (
                  f", first after a median of {ended['first'].median():g} turns (min {ended['first'].min():g}, "
                  f"max {ended['first'].max():g}); {first} (who plays first) won {int(df.won.sum())}"
                  if len(ended) else ""))
    elif args.scenario == 2 or (args.scenario == 1 and players > 1):
        # Play Multiple Positions: the bot in every seat; a row's turns are the first finisher's
        finished = df[df["first"].notna()]
        print(f"{head}, {players} seats each played by the {args.bot} bot: a seat met the victory conditions in "
              f"{len(finished)}" + (f", the first after a median of {finished['first'].median():g} turns (min "
                                    f"{finished['first'].min():g}, max {finished['first'].max():g}); seat 1 was "
                                    f"first in {int(df.won.sum())}" if len(finished) else ""))
    else:
        won = df[df.won.astype(bool)]        # (an empty frame's column is of objects: no mask without it)
        print(f"{head} by the {args.bot} bot: {len(won)} won" + (
            f", turns to win median {won.turns.median():g} (min {won.turns.min()}, max {won.turns.max()})"
            if len(won) else ""))
        for cat, n in won.category.value_counts().items():
            print(f"  {cat}: {n}")
    if args.csv:
        print(f"rows written to {args.csv}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return {"route": _cmd_route, "table": _cmd_table, "board": _cmd_board,
                "simulate": _cmd_simulate}[args.command](args)
    except (KeyError, ValueError) as exc:
        msg = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
        print(f"error: {msg}", file=sys.stderr)
        return 2
    except BrokenPipeError:     # the output piped into `head`, which stopped reading: not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
