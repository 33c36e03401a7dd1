"""Empire Express lessons from play: the suggested, the alternative and the planner's opening for each
colour of the demo, and the rulebook's three cardinal rules measured over simulated games (rulebook
``rules/empire_express_rulebook.txt``: Empire Express Introductory Strategies).

* :func:`compare_openings` -- for each colour, the same demo game played three ways by that colour (the
  rulebook's suggested strategy, its alternative, and the planner bot), the other colours following their
  suggested strategies: money after each turn to a horizon, and the payouts of the first deliveries.
* :func:`simulate_players` -- seeded 2-4 player Express demo games played by bots (the planner, the greedy
  baseline and the random bot), one row per player: money per turn, the share of the train's movement run
  empty or deadheading, and the track spent per delivery.
* :func:`cardinal_rules` -- each cardinal rule ("Never run empty!", "Deadheading is bad!", "Build track
  efficiently!") as a figure from those games: the rank correlation of its measure with money per turn,
  and the money per turn of the players in the lowest and the highest quarter of the measure.

The planner and the random bot play Empire Express's build-first turns through :class:`eb_core.sim.BotView`.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from . import rulebook as R
from .actions import Build, EndBuild, EndTurn
from .bots.introductory import ALTERNATIVES, STRATEGIES, Replay, Script, play_turns
from .bots.planner import PlannerBot
from .bots.random_bot import RandomBot
from .engine import Game
from .errors import IllegalAction, InvalidAction
from .routes import cheapest_connection
from .rules import Ruleset, ruleset
from .sim import BotView
from .state import Position
from .words import choose_from

__all__ = [
    "CARDINAL_RULES",
    "COLOURS",
    "PLANS",
    "BotDriver",
    "Openings",
    "TrainPath",
    "cardinal_rules",
    "compare_openings",
    "connections_into",
    "demo_game",
    "first_plans",
    "simulate_players",
]

#: The demo's colours in seat order (the youngest first).
COLOURS = ("Orange", "Red", "Blue", "Green")
#: The three ways a colour is played in :func:`compare_openings`.
PLANS = ("suggested", "alternative", "planner")
#: A bot's steps in one turn before it is made to end the turn (a safety net; bots end their turns).
MAX_STEPS = 400


def demo_game(players: Sequence[str] = COLOURS, seed: int = 1) -> Game:
    """The Empire Express demo game (``setup="demo"``) on the eastern US board."""
    return Game.new(ruleset("express"), board="eastern_us", setup="demo", players=list(players), seed=seed)


class BotDriver:
    """Plays whole turns with a bot (anything with ``step(game)``, such as a
    :class:`~eb_core.bots.planner.PlannerBot`) through :class:`~eb_core.sim.BotView`, which adapts bots
    written for the operations-first turn to Express's build-first turn. ``after`` is a :class:`Script`
    to play first (the bot takes over once it is done)."""

    def __init__(self, bot, after: Script | None = None):
        self.bot, self.script = bot, after

    def turn(self, game) -> None:
        if self.script is not None and not self.script.done:
            self.script.turn(game)
            return
        st = game.state
        key = (st.turn, st.current)
        view = BotView(game)
        for _ in range(MAX_STEPS):
            if game.over or (st.turn, st.current) != key:
                return
            self.bot.step(view)
        game.apply(EndTurn())  # pragma: no cover - a bot that does not end its turn


@dataclass(frozen=True)
class TrainPath:
    """The mileposts a train ran through, drawable like a build plan
    (:func:`eb_core.display.figures.add_route`)."""

    mileposts: tuple[int, ...]
    segments: tuple = ()
    cost: None = None


@dataclass
class Openings:
    """What :func:`compare_openings` played: ``cash`` one row per colour, plan and turn (the colour's cash
    after that turn); ``summary`` one row per colour and plan; ``replays`` and ``games`` by
    ``(colour, plan)``."""

    cash: pd.DataFrame
    summary: pd.DataFrame
    replays: dict[tuple[str, str], Replay] = field(default_factory=dict)
    games: dict[tuple[str, str], Game] = field(default_factory=dict)
    start: dict[str, int] = field(default_factory=dict)

    def path(self, colour: str, plan: str, *, turns: int | None = None) -> TrainPath:
        """Where ``colour``'s train ran under ``plan`` in its first ``turns`` turns (default: until the
        turn of the summary's last counted delivery, the opening)."""
        if turns is None:
            row = self.summary[(self.summary.colour == colour) & (self.summary.plan == plan)].iloc[0]
            turns = int(row["turns"]) if pd.notna(row["turns"]) else 10 ** 9
        mps = [self.start[colour]]
        for m in self.replays[(colour, plan)].moves:
            if m["player"] == colour and m["turn"] <= turns:
                mps.extend(m["path"])
        return TrainPath(tuple(mps))


def _deliveries_text(rows: list[dict]) -> str:
    return ", ".join(f"{d['load']} to {d['city']} {d['payout']}M" for d in rows)


def compare_openings(seed: int = 1, horizon: int = 10, *, deliveries: int = 3,
                     colours: Sequence[str] = COLOURS, then_planner: bool = True) -> Openings:
    """For each colour of ``colours``, play the four-colour demo game (``seed``) three times to
    ``horizon`` rounds, that colour following the rulebook's suggested strategy (:data:`STRATEGIES`), its
    alternative (:data:`ALTERNATIVES`), or the planner bot from the first turn; the other colours follow
    their suggested strategies and then wait. With ``then_planner`` the planner plays on for the colour
    once its script is done, so the money at the horizon compares openings with the same continuation.

    ``summary`` has, per colour and plan: the first ``deliveries`` deliveries (load, city, payout), the
    turn the last of them was made, the cash then, and the cash at the horizon."""
    rows, summary = [], []
    out = Openings(cash=pd.DataFrame(), summary=pd.DataFrame())
    for colour in colours:
        if colour not in STRATEGIES:
            raise InvalidAction(f"colours: {colour!r} is not a colour of the demo game ({R.EXPRESS_SETUP}); "
                                f"choose from {', '.join(COLOURS)}", field="colours")
        for plan in PLANS:
            game = demo_game(COLOURS, seed)
            drivers: dict[int, Any] = {}
            for seat, p in enumerate(game.state.players):
                if p.name != colour:
                    drivers[seat] = Script(STRATEGIES[p.name])
                    continue
                rng = random.Random(f"eb-openings:{seed}:{colour}")
                if plan == "planner":
                    drivers[seat] = BotDriver(PlannerBot(seat, rng))
                else:
                    script = Script((STRATEGIES if plan == "suggested" else ALTERNATIVES)[colour])
                    drivers[seat] = BotDriver(PlannerBot(seat, rng), after=script) if then_planner else script
            out.start[colour] = game.state.players[COLOURS.index(colour)].position
            rp = play_turns(game, drivers, max_rounds=horizon, until_done=False)
            out.replays[(colour, plan)], out.games[(colour, plan)] = rp, game
            for t in rp.turns:
                if t["player"] == colour:
                    rows.append({"colour": colour, "plan": plan, "turn": t["turn"], "cash": t["cash"]})
            mine = [d for d in rp.deliveries if d["player"] == colour]
            first = mine[:deliveries]
            summary.append({"colour": colour, "plan": plan, "deliveries": _deliveries_text(first),
                            "payouts (M)": sum(d["payout"] for d in first),
                            "turns": first[-1]["turn"] if len(first) == deliveries else None,
                            "cash then (M)": first[-1]["cash"] if len(first) == deliveries else None,
                            "M per turn": (round(first[-1]["cash"] / first[-1]["turn"], 1)
                                           if len(first) == deliveries else None),
                            f"cash after turn {horizon} (M)": rp.cash_by_turn(colour)[-1]})
    out.cash = pd.DataFrame(rows)
    out.summary = pd.DataFrame(summary)
    return out


def first_plans(game: Game) -> pd.DataFrame:
    """The planner's own plan for every seat of ``game`` in the position now
    (:meth:`~eb_core.bots.planner.PlannerBot.replan`, seen through :class:`~eb_core.sim.BotView`): one row
    per colour with the plan in words, its payout, the new track it needs, the turns the planner expects
    it to take and its income per turn (payout less track, per turn), both to a tenth."""
    rows = []
    for seat, p in enumerate(game.state.players):
        plan = PlannerBot(seat, random.Random(seat)).replan(BotView(game))
        rows.append({"colour": p.name, "the planner's plan": plan.describe() if plan else "none",
                     "payout (M)": plan.payout if plan else 0, "track (M)": plan.build_cost if plan else 0,
                     "turns": round(plan.turns, 1) if plan else None,
                     "M per turn": round(plan.income_per_turn, 1) if plan else None})
    return pd.DataFrame(rows)


def connections_into(city: str, colours: Sequence[str], *, other: Ruleset | None = None, seed: int = 1,
                     cash: int = 20) -> pd.DataFrame:
    """"Any number of players may connect to a city" (Experienced Empire Builder Players Only!), shown by
    actions: in one round of the four-colour demo game, each of ``colours`` (with ``cash`` M, as if earned)
    builds its cheapest connection to ``city`` and the others pass. The very same builds are tried in a
    game under ``other`` rules (default: Express with Empire Builder: Europe's limits on players per city).
    One row per builder: the colour, the track's price, and the outcome under each ruleset ("accepted" or
    the refusal's rule and reason)."""
    express = ruleset("express")
    for c in colours:
        if c not in COLOURS:
            raise InvalidAction(f"colours: {c!r} is not a colour of the demo game ({R.EXPRESS_SETUP}); choose from "
                                f"{', '.join(COLOURS)}", field="colours")
    if other is None:
        other = express.with_(name="express+europe-city-limits",
                              city_max_players=ruleset("europe-standard").city_max_players)
    games = [Game.new(r, board="eastern_us", setup="demo", players=list(COLOURS), seed=seed) for r in (express, other)]
    for g in games:
        for p in g.state.players:
            p.cash = cash
    rows = []
    for seat, colour in enumerate(COLOURS):
        if colour in colours:
            plan = cheapest_connection(games[0].board, express, city, position=Position.of(games[0].state, seat))
            if plan is None:
                raise InvalidAction(f"city: {colour} cannot connect to {city} with the demo's track", field="city")
            row: dict[str, Any] = {"builder": colour, "track (M)": plan.cost}
            for g, r in zip(games, (express, other)):
                try:
                    g.apply(Build(plan.mileposts))
                    row[r.name] = "accepted"
                except IllegalAction as err:
                    row[r.name] = f"refused ({err.rule}): {err.reason}"
            rows.append(row)
        for g in games:
            g.apply(EndBuild())
            g.apply(EndTurn())
    return pd.DataFrame(rows)


# ------------------------------------------------------------------------------------ the cardinal rules
#: The three cardinal rules of the Introductory Strategies, each with the measure that tests it (a column
#: of :func:`simulate_players`) and the sign its correlation with money per turn should have.
CARDINAL_RULES: dict[str, tuple[str, str, int]] = {
    "Never run empty!": ("not-full share", ("share of the mileposts moved with a free place on the train "
                                            "(\"Always have a full train\")"), -1),
    '"Deadheading" is bad!': ("deadhead share", "share of the mileposts moved with no load a card in hand wants",
                              -1),
    "Build track efficiently!": ("track per delivery (M)", "money spent on track per delivery made", -1),
}

#: Bot factories of :func:`simulate_players` by name.
BOT_KINDS = {
    "planner": lambda seat, rng: PlannerBot(seat, rng),
    "greedy": lambda seat, rng: PlannerBot(seat, rng, level="greedy"),
    "random": lambda seat, rng: RandomBot(seat, rng),
}


def _share(moves: list[dict], key: str, ran: int) -> float:
    return sum(m["mileposts"] for m in moves if m[key]) / ran if ran else float("nan")


def simulate_players(seeds: Sequence[int] | int = 8, *, rounds: int = 40,
                     bots: Sequence[str] = ("planner", "greedy")) -> pd.DataFrame:
    """Play one seeded Express demo game per seed (``seeds`` an int means ``range(seeds)``) for ``rounds``
    rounds or to the end of the game (150M, the round finished): 2-4 colours (from the seed), each seat
    played by a bot drawn from ``bots`` with the seed. One row per player: seed, colour, bot, turns, cash,
    money per turn (cash / turns; everyone starts with none), deliveries, income (their payouts),
    mileposts moved, the empty, not-full and deadheading shares of them, money spent on track and on
    rent, and the track per delivery (``NaN`` without a delivery)."""
    seeds = range(seeds) if isinstance(seeds, int) else seeds
    for b in bots:
        if b not in BOT_KINDS:
            raise InvalidAction(f"bots: no bot {b!r}; {choose_from(sorted(BOT_KINDS), b)}", field="bots")
    rows = []
    for seed in seeds:
        rng = random.Random(f"eb-cardinal:{seed}")
        players = rng.sample(COLOURS, 2 + seed % 3)
        kinds = [rng.choice(list(bots)) for _ in players]
        game = demo_game(players, seed)
        drivers = {s: BotDriver(BOT_KINDS[k](s, random.Random(f"eb-cardinal:{seed}:{s}"))) for s, k in enumerate(kinds)}
        rp = play_turns(game, drivers, max_rounds=rounds, until_done=False)
        for seat, (colour, kind) in enumerate(zip(players, kinds)):
            p = game.state.players[seat]
            moves = [m for m in rp.moves if m["player"] == colour]
            turns = [t for t in rp.turns if t["player"] == colour]
            ran = sum(m["mileposts"] for m in moves)
            built = sum(t["built"] for t in turns)
            made = sum(1 for d in rp.deliveries if d["player"] == colour)
            rows.append({"seed": seed, "colour": colour, "bot": kind, "players": len(players), "turns": p.turns,
                         "cash": p.cash, "money per turn (M)": p.cash / max(p.turns, 1), "deliveries": made,
                         "income (M)": sum(d["payout"] for d in rp.deliveries if d["player"] == colour),
                         "mileposts moved": ran,
                         "empty share": _share(moves, "empty", ran),
                         "not-full share": _share(moves, "not full", ran),
                         "deadhead share": _share(moves, "deadhead", ran),
                         "track built (M)": built, "rent paid (M)": sum(t["rent"] for t in turns),
                         "track per delivery (M)": built / made if made else float("nan")})
    return pd.DataFrame(rows)


def cardinal_rules(players: pd.DataFrame, *, by: str | None = None) -> pd.DataFrame:
    """Each cardinal rule as figures from :func:`simulate_players`' rows: the measure, its Spearman rank
    correlation with money per turn, and the mean money per turn of the players in the lowest and the
    highest quarter of the measure (by rank); ``n`` players with the measure defined. ``by`` (e.g.
    ``"bot"``) gives one row per rule and group as well as the pooled one."""
    groups = [("all", players)] if by is None else [("all", players), *players.groupby(by)]
    rows = []
    for rule, (col, meaning, _sign) in CARDINAL_RULES.items():
        for name, df in groups:
            d = df[[col, "money per turn (M)"]].dropna()
            if len(d) < 4:
                continue
            q = d[col].rank(method="first", pct=True)
            rows.append({"rule": rule, "measure": col, "meaning": meaning, **({by: name} if by else {}),
                         "n": len(d), "correlation": (d[col].rank().corr(d["money per turn (M)"].rank())   # Spearman
                                                      if d[col].nunique() > 1 else float("nan")),
                         "money per turn, lowest quarter (M)": d["money per turn (M)"][q <= 0.25].mean(),
                         "money per turn, highest quarter (M)": d["money per turn (M)"][q > 0.75].mean()})
    return pd.DataFrame(rows)
