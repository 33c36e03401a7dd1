"""Simulation harness: solo play, the Chart of Success, Simulated Win / Loss, and Monte Carlo runs.

The rulebook's "Solo & Variant Rules" measures a player by **the number of turns it takes to reach
the victory conditions** ("Improving Your Competitive Play"). This module plays such solo games with a
bot and places the result on the rulebook's "Chart of Success for Solo Play".

* :func:`solo_game` -- Solo Play Scenario 1 (Basic Solo Play): one player, normal rules, count the turns
  to victory; optionally with the "Simulated Win / Loss" draws.
* :func:`chart_of_success` -- the rulebook's category for a number of turns (basic or standard chart).
* :class:`WinLoss` -- the opponent-status and loss draws of "Simulated Win / Loss", driven by the
  tables :data:`STATUS_DRAW`, :data:`STATUS_CHANGE` and :data:`LOSS_TABLE` (data, not code branches).
* :func:`monte_carlo` -- many seeded solo games over a :mod:`concurrent.futures` executor, one
  DataFrame row per game; the same seed gives the same rows whatever the number of workers.

What counts as a turn: every turn the player takes, the two special build turns included (the
rulebook's Solo Scenario 3 speaks of "your two initial build turns" as turns) and turns lost to events.

Every Solo Play Scenario is simulated: 1 Basic Solo Play (``scenario=1``); 2 Play Multiple Positions
(``scenario=2``: one bot plays every seat and the game goes on until every player has met the victory
conditions, :func:`multiple_positions`); 3 simple second-player simulation (``scenario=3``,
:class:`SecondPlayer`); 4 advanced simulated track for 1-3 other players (``scenario=4``,
:class:`SimulatedTrack`: the track "drawn just as you would draw it for yourself" is the cheapest build,
found by :func:`eb_core.routes.cheapest_build`). The Simulated Win / Loss applies to 1, 3 and 4, as the
rulebook says ("For use with Solo Scenarios 1, 3 & 4").

Bots written for the usual turn order also play the build-first order of Less Thinking During Your
Turns: :class:`BotView` turns their "end the turn" in the Building Phase that comes first into "end the
Building Phase".

>>> import eb_core as eb
>>> chart_of_success(29, eb.ruleset("europe-basic")), chart_of_success(45, eb.ruleset("europe-standard"))
('Blowout Victory', 'Solid Victory')
"""
from __future__ import annotations

import concurrent.futures as cf
import itertools
import multiprocessing as mp
import numbers
import random
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pandas as pd
from tqdm.auto import tqdm

from . import rulebook as R
from .actions import EndTurn
from .bots.expert import ExpertBot
from .bots.planner import PlannerBot, play_solo
from .bots.random_bot import RandomBot
from .bots.view import BotView, bot_rng
from .engine import Game
from .errors import InvalidAction
from .rules import RULESETS, VARIANTS, Ruleset, with_variants
from .rules import ruleset as _ruleset
from .routes import cheapest_build, cheapest_connection
from .state import SIMULATED_SEATS, Position
from .words import and_list, choose_from, plural, pretty_as_words, shown

__all__ = [
    "BOTS",
    "CHART_OF_SUCCESS",
    "LOSS_TABLE",
    "SCENARIOS",
    "STATUSES",
    "STATUS_CHANGE",
    "STATUS_DRAW",
    "BotView",
    "SecondPlayer",
    "SimulatedTrack",
    "multiple_positions",
    "demo_game",
    "SoloResult",
    "WinLoss",
    "chart_for",
    "chart_name",
    "chart_of_success",
    "make_bot",
    "monte_carlo",
    "solo_game",
]

SOLO = R.SOLO
CHART_RULE = R.SOLO_CHART
WINLOSS_RULE = R.SOLO_WINLOSS

# ----------------------------------------------------------------------------------------- Chart of Success
#: Rulebook "Chart of Success for Solo Play": ``(turns below which, category)``; more turns than the last
#: bound is the final category. The printed bands share their end points ("30-35", "35-40"): a number on a
#: shared end point goes to the later band (35 turns is a Possible Victory), except the last printed band,
#: which includes its upper end ("40-45 turns: 2nd or 3rd place", "More than 45 turns: Last Place").
CHART_OF_SUCCESS: dict[str, tuple[tuple[int, str], ...]] = {
    "basic": ((30, "Blowout Victory"), (35, "Solid Victory"), (40, "Possible Victory"),
              (46, "2nd or 3rd place"), (10 ** 9, "Last Place")),
    "standard": ((45, "Blowout Victory"), (50, "Solid Victory"), (55, "Possible Victory"),
                 (61, "2nd or 3rd place"), (10 ** 9, "Last Place")),
}
#: The categories from best to worst.
CATEGORIES = tuple(name for _, name in CHART_OF_SUCCESS["basic"])


def chart_name(rules: Ruleset) -> str | None:
    """``"basic"`` for the Basic Game and the variants built on it (Fast Game ...), else ``"standard"``;
    ``None`` for Empire Express, whose rulebook has no solo play and no Chart (its game ends at 150M, the
    richest player winning). The US overview has no Chart either: its games are ranked on Europe's
    standard chart, a fallback its ruleset lists (``eb.ruleset("us").fallbacks``).

    >>> import eb_core as eb
    >>> chart_name(eb.ruleset("europe-basic", "fast-game")), chart_name(eb.ruleset("us")), chart_name(eb.ruleset("express"))
    ('basic', 'standard', None)
    """
    if rules.rulebook == "express":
        return None
    base = rules.name.split("+")[0]
    return "basic" if base.endswith("basic") or rules.starter_cards else "standard"


def chart_for(rules: Ruleset | str) -> str:
    """The Chart of Success ``rules`` are ranked on (:func:`chart_name`; ``rules`` a ruleset or its name,
    ``"europe-basic+fast-game"``), a ruleset without one (Empire Express) refused by name."""
    if isinstance(rules, str):
        base, *variants = rules.split("+")        # also a ruleset's name such as "europe-basic+fast-game"
        rules = _ruleset(base, *variants)
    if not isinstance(rules, Ruleset):
        raise InvalidAction(f"rules: expected a ruleset (eb.ruleset(...)) or its name such as 'europe-basic', "
                            f"got {type(rules).__name__}", field="rules")
    chart = chart_name(rules)
    if chart is None:
        raise InvalidAction(f"rules: {rules.title} has no Chart of Success ({CHART_RULE} is Empire Builder's; "
                            f"{R.EXPRESS_END}: 150M, the richest player wins)", field="rules")
    return chart


def chart_of_success(turns: int, rules: Ruleset | str = "europe-standard") -> str:
    """The rulebook's category for reaching victory in ``turns`` turns (rulebook: Solo & Variant Rules >
    Chart of Success for Solo Play), using the Basic Game chart for basic rulesets. A ruleset without a
    Chart (Empire Express: :func:`chart_name`) is refused by name.

    >>> [chart_of_success(t, "europe-basic") for t in (29, 30, 35, 40, 45, 46)]
    ['Blowout Victory', 'Solid Victory', 'Possible Victory', '2nd or 3rd place', '2nd or 3rd place', 'Last Place']
    """
    _whole(turns, "turns", 0, "a whole number of turns")      # a numpy integer too: a DataFrame's ``turns``
    for bound, name in CHART_OF_SUCCESS[chart_for(rules)]:
        if turns < bound:
            return name
    return CATEGORIES[-1]  # pragma: no cover


# ----------------------------------------------------------------------------------------- Win / Loss
#: Opponent statuses, best (for the opponents) first.
STATUSES = ("Above Average", "Average", "Below Average")
#: After Turn 16: last digit of the card number -> opponents' status.
STATUS_DRAW = {**{d: "Above Average" for d in (0, 1, 2)}, **{d: "Average" for d in range(3, 8)},
               **{d: "Below Average" for d in (8, 9)}}
#: After Turn 32: last digit -> steps the status moves (-1 = one step better for the opponents).
STATUS_CHANGE = {**{d: -1 for d in (0, 1, 2)}, **{d: 0 for d in range(3, 7)}, **{d: +1 for d in (7, 8, 9)}}
#: From the end of Turn 48 on: status -> ``(first turn, last turn or None, highest losing digit or None)``;
#: a card ending in 0..digit means YOU LOSE; ``None`` is "NO DRAW" (rulebook: Simulated Win / Loss, as printed
#: in the booklet body).
LOSS_TABLE: dict[str, tuple[tuple[int, int | None, int | None], ...]] = {
    "Above Average": ((48, 50, 1), (51, 55, 3), (56, None, 7)),
    "Average": ((48, 50, 0), (51, 54, 2), (55, 58, 4), (59, None, 6)),
    "Below Average": ((48, 50, None), (51, 54, 1), (55, 58, 3), (59, 60, 4), (61, None, 5)),
}
STATUS_TURNS = (16, 32)
LOSS_FROM = 48


def _loss_row(status: str, turn: int) -> tuple[int, int | None, int | None] | None:
    """The row of :data:`LOSS_TABLE` for ``status`` at ``turn`` (``None`` before turn 48)."""
    return next(((lo, hi, digit) for lo, hi, digit in LOSS_TABLE[status]
                 if turn >= lo and (hi is None or turn <= hi)), None)


def _loss_digit(status: str, turn: int) -> int | None:
    """Highest losing digit at ``turn`` for ``status``; ``None`` = no draw (NO DRAW, or before turn 48)."""
    row = _loss_row(status, turn)
    return row[2] if row is not None else None


@dataclass
class WinLoss:
    """The "Simulated Win / Loss" draws for one solo game. Call :meth:`after_turn` at the end of each of
    the player's turns with a drawn card number; it records the opponents' status and whether you lost.

    >>> w = WinLoss()
    >>> _ = w.after_turn(16, 47); w.status        # 7 -> Average
    'Average'
    >>> _ = w.after_turn(32, 100); w.status       # 0 -> one step better for the opponents
    'Above Average'
    >>> w.after_turn(48, 131), w.lost             # Above Average, turns 48-50: 0-1 loses
    (True, True)
    """

    status: str | None = None
    lost: bool = False
    lost_at: int | None = None
    draws: list[tuple[int, int, str]] = field(default_factory=list)   # (turn, card number, what it did)
    said: str = ""      # the last draw in words: "it ends in 5: your opponents are DOING Average"

    def needs_draw(self, turn: int) -> bool:
        """Whether a card is drawn at the end of ``turn``."""
        if self.lost:
            return False
        if turn in STATUS_TURNS:
            return True
        return turn >= LOSS_FROM and _loss_digit(self.status or "Average", turn) is not None

    def after_turn(self, turn: int, card_number: int) -> bool:
        """Apply the draw for the end of ``turn`` with ``card_number``; returns True if you lose now.
        :attr:`said` then reads what the card did, in the rulebook's words."""
        digit = int(card_number) % 10
        said, lost_now = [], False
        if turn == STATUS_TURNS[0]:
            self.status = STATUS_DRAW[digit]
            self.draws.append((turn, card_number, f"opponents {self.status}"))
            said.append(f"your opponents are DOING {self.status}")
        elif turn == STATUS_TURNS[1]:
            old = self.status or "Average"
            step = STATUS_CHANGE[digit]
            i = STATUSES.index(old) + step
            self.status = STATUSES[min(max(i, 0), len(STATUSES) - 1)]
            self.draws.append((turn, card_number, f"opponents {self.status}"))
            how = {-1: "one step better", 0: "the same", 1: "one step worse"}[step]
            said.append(f"your opponents' status stays the same: DOING {old}" if step == 0 else
                        f"your opponents' status gets {how}: DOING {self.status}" if self.status != old else
                        f"your opponents' status would get {how}, but they are already DOING {old}")
        if turn >= LOSS_FROM and not self.lost:
            lo, hi, limit = _loss_row(self.status or "Average", turn) or (turn, turn, None)
            if limit is not None:
                lose = digit <= limit
                self.draws.append((turn, card_number, "YOU LOSE" if lose else "safe"))
                span = f"turns {lo}-{hi}" if hi is not None else f"turns {lo}+"
                said.append(f"your opponents are DOING {self.status or 'Average'}, and in {span} a card ending in "
                            f"{'0' if limit == 0 else f'0-{limit}'} loses: "
                            + ("YOU LOSE" if lose else "you play on"))
                if lose:
                    self.lost, self.lost_at, lost_now = True, turn, True
        self.said = f"it ends in {digit}: " + "; ".join(said) if said else ""
        return lost_now


# ----------------------------------------------------------------------------------------- bots
def _planner(seat: int, rng: random.Random):
    return PlannerBot(seat, rng)


def _greedy(seat: int, rng: random.Random):
    return PlannerBot(seat, rng, level="greedy")


def _expert(seat: int, rng: random.Random):
    return ExpertBot(seat, rng)


def _random(seat: int, rng: random.Random):
    return RandomBot(seat, rng)


#: Bot factories by name: ``factory(seat, rng) -> bot``. ``planner`` is the default; ``greedy`` the
#: baseline (one delivery at a time, track at face value); ``expert`` the planner with a one-plan
#: look-ahead (:mod:`eb_core.bots.expert`); ``random`` a purposeful random legal player.
BOTS: dict[str, Callable[[int, random.Random], Any]] = {"planner": _planner, "greedy": _greedy, "expert": _expert,
                                                        "random": _random}

#: Solo Play Scenarios of the rulebook and whether :func:`solo_game` simulates them.
SCENARIOS = {
    1: ("Basic Solo Play", True),
    2: ("Play Multiple Positions", True),
    3: ("Solo Play with simple second-player simulation", True),
    4: ("Solo Play with advanced simulated track for other players", True),
}
#: The scenarios the Simulated Win / Loss is for ("For use with Solo Scenarios 1, 3 & 4 above").
WIN_LOSS_SCENARIOS = (1, 3, 4)
#: Solo Scenario 2 plays on until everyone has met the victory conditions: the engine's own victory cash is
#: set out of reach and the conditions are judged by the sim with the real ruleset's numbers.
UNREACHABLE_CASH = 10 ** 9


class _Viewing:
    """Drives ``bot`` through a :class:`BotView` of the game."""

    def __init__(self, bot, rules: Ruleset | None = None):
        self.bot, self.rules = bot, rules

    def step(self, game):
        return self.bot.step(BotView(game, self.rules))


def make_bot(name: str, seat: int, seed: int):
    """A bot by name for ``seat`` with its own ``random.Random`` seeded from ``seed`` and the seat."""
    factory = BOTS.get(name) if isinstance(name, str) else None
    if factory is None:
        raise InvalidAction(f"bot: no bot {name!r}; {choose_from(sorted(BOTS), name)}", field="bot")
    return factory(seat, bot_rng(seed, seat))


# ----------------------------------------------------------------------------------------- solo games
@dataclass
class SoloResult:
    """One simulated game: ``won`` (victory conditions reached and, with Win / Loss, before a losing
    draw), ``turns`` (the turns the first player took), ``cash``, ``deliveries``, ``majors`` connected,
    ``train``, ``category`` on the Chart of Success (``None`` if not won), ``status`` and ``lost_at`` of
    the Simulated Win / Loss, and the ``game`` itself (``None`` once sent back from a worker process)."""

    seed: int
    ruleset: str
    board: str
    bot: str
    won: bool
    turns: int
    cash: int
    deliveries: int
    majors: int | None
    train: str
    upgrades: int
    category: str | None
    status: str | None = None
    lost_at: int | None = None
    game: Any = None
    finished: list[int | None] | None = None     # Scenario 2: each seat's turns to meet the conditions
    mean_finish: float | None = None             # Scenario 2: their average once all have finished
    first: int | None = None                     # Scenario 2: the first seat's turns to meet them (None: no seat)
    seats: list[str] | None = None               # Scenario 2 and Empire Express: the players' names, in seat order
    winners: list[str] | None = None             # Empire Express: who won (the most money at the Game End)

    def __str__(self) -> str:
        """The game in a sentence: ``"Seed 3, europe-standard on europe, the planner bot: won in 61 turns (Last
        Place) with 254M, 17 deliveries, 7 major cities joined, a 12/2 train."``; with several seats (Play
        Multiple Positions, Empire Express) it names who met the conditions, or won, and when."""
        head = f"Seed {self.seed}, {self.ruleset} on {self.board}, the {self.bot} bot"
        mine = f"{self.cash}M and {plural(self.deliveries, 'delivery', 'deliveries')}"
        if self.majors is None and self.seats:          # Empire Express's demo game, its colours known
            firsts, after = self._first_seats(), plural(self.turns, "turn")
            first = "" if self.first is None else ", the first to reach 150M" if firsts == self.winners else \
                f"; {and_list(firsts)} first reached 150M, after {plural(self.first, 'turn')}"
            if self.winners == self.seats[:1]:
                return f"{head}: {self.seats[0]}, the first colour, won with {mine} after {after}{first}."
            who = f"{and_list(self.winners)} won" if self.winners else f"no colour won within {after}"
            return f"{head}: {who}{first}; {self.seats[0]}, the first colour, had {mine} after {after}."
        if self.majors is None:         # Empire Express's demo game
            first = f"; 150M or more first reached after {self.first} turns" if self.first is not None else ""
            return (f"{head}: the first colour {'won' if self.won else 'did not win'} after "
                    f"{plural(self.turns, 'turn')} with {mine}{first}.")
        if self.finished is not None and self.seats and len(self.seats) > 1:    # Play Multiple Positions
            each = and_list(f"{n} after {t}" for n, t in zip(self.seats, self.finished) if t is not None)
            late = [n for n, t in zip(self.seats, self.finished) if t is None]
            mean = f", {self.mean_finish:.1f} on average" if self.mean_finish is not None else \
                f"; {and_list(late)} had not met them when the game stopped" if late else ""
            if self.first is None:
                return (f"{head}, Play Multiple Positions: no seat met the victory conditions within "
                        f"{plural(self.turns, 'turn')}.")
            grade = f" ({self.category})" if self.category else ""
            return (f"{head}, Play Multiple Positions: {and_list(self._first_seats())} met the victory conditions "
                    f"first, after {plural(self.first, 'turn')}{grade}; each seat: {each} turns{mean}.")
        result = (f"won in {plural(self.turns, 'turn')}" + (f" ({self.category})" if self.category else "")
                  if self.won else f"not won after {plural(self.turns, 'turn')}"
                  + (f" (lost at turn {self.lost_at}, Simulated Win / Loss)" if self.lost_at else ""))
        return (f"{head}: {result} with {self.cash}M, {plural(self.deliveries, 'delivery', 'deliveries')}, "
                f"{plural(self.majors, 'major city', 'major cities')} joined, a {self.train} train.")

    def _first_seats(self) -> list[str]:
        return [n for n, t in zip(self.seats or [], self.finished or []) if t is not None and t == self.first]

    _repr_pretty_ = pretty_as_words      # IPython's plain-text display: the words, not the fields

    def row(self) -> dict[str, Any]:
        d = {k: getattr(self, k) for k in ("seed", "ruleset", "board", "bot", "won", "turns", "cash",
                                          "deliveries", "majors", "train", "upgrades", "category", "status",
                                          "lost_at", "mean_finish", "first")}
        return d


def _check_variants(variants: Any) -> tuple[str, ...]:
    """``variants`` as a tuple of names: a list or tuple of strings (one name alone, a string, is refused
    rather than read letter by letter -- ``eb.ruleset(name, *variants)`` and ``--variant`` take each name
    on its own too)."""
    if isinstance(variants, str) or not isinstance(variants, (list, tuple)):
        hint = f" such as [{variants!r}]" if isinstance(variants, str) else " such as ['fast-game']"
        raise InvalidAction(f"variants: expected a list of variant names{hint}, got {shown(variants)}",
                            field="variants")
    for v in variants:
        if not isinstance(v, str):
            raise InvalidAction(f"variants: expected variant names (strings), got {shown(v)}; "
                                f"{choose_from(sorted(VARIANTS))}", field="variants")
    return tuple(variants)


def _rules(rules: Ruleset | str | dict, variants: Sequence[str] = ()) -> Ruleset:
    variants = _check_variants(variants)
    if isinstance(rules, dict):
        rules = Ruleset.from_dict(rules)
    if isinstance(rules, str):
        return _ruleset(rules, *variants)
    if not isinstance(rules, Ruleset):
        raise InvalidAction(f"rules: expected a ruleset (eb.ruleset(...)) or its name such as 'europe-standard', "
                            f"got {type(rules).__name__}", field="rules")
    return with_variants(rules, *variants)     # checked as eb.ruleset(name, *variants) checks them


def _whole(value: Any, fld: str, low: int | None, what: str = "a whole number") -> int:
    """``value`` as an int if it is a whole number (an int or a numpy integer, not a bool) of at least
    ``low``, else :class:`InvalidAction` naming ``fld``."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or (low is not None and value < low):
        raise InvalidAction(f"{fld}: expected {what}" + (f" >= {low}" if low is not None else "")
                            + f", got {shown(value)}", field=fld)
    return int(value)


def _check_scenario(scenario: Any) -> None:
    """``scenario`` must be one of the rulebook's Solo Play Scenarios (1-4)."""
    if isinstance(scenario, bool) or not isinstance(scenario, int) or scenario not in SCENARIOS:
        raise InvalidAction(f"scenario: the rulebook's Solo Play Scenarios are {and_list(sorted(SCENARIOS))}, got "
                            f"{scenario!r}", field="scenario")


def _check_play(*, seed: Any = 0, max_turns: Any = 1, players: Any = 1, bot: Any = "planner",
                win_loss: Any = False) -> int:
    """The settings every simulation shares, checked before a game is set up (``players`` only for its
    type: each function says how many seats it plays); returns ``seed`` as an int (a numpy integer too:
    ``Game.new`` takes an int)."""
    seed = _whole(seed, "seed", None)
    _whole(max_turns, "max_turns", 1, "a whole number of turns")
    _whole(players, "players", None, "a whole number of seats")
    if not isinstance(bot, str) or bot not in BOTS:
        raise InvalidAction(f"bot: no bot {bot!r}; {choose_from(sorted(BOTS), bot)}", field="bot")
    if not isinstance(win_loss, bool):
        raise InvalidAction(f"win_loss: expected True or False, got {shown(win_loss)}", field="win_loss")
    return seed


def _check_win_loss(win_loss: bool, scenario: int, players: int = 1) -> None:
    """The Simulated Win / Loss is "For use with Solo Scenarios 1, 3 & 4": refused for scenario 2, and for
    scenario 1 with more than one seat (that is Play Multiple Positions, played by :func:`multiple_positions`,
    which has no draws) rather than dropped without a word."""
    if not win_loss:
        return
    if scenario not in WIN_LOSS_SCENARIOS:
        raise InvalidAction(f"win_loss: the Simulated Win / Loss is for Solo Scenarios 1, 3 & 4 ({WINLOSS_RULE}), "
                            f"not scenario {scenario}", field="win_loss")
    if scenario == 1 and players > 1:
        raise InvalidAction(f"win_loss: the Simulated Win / Loss is for Solo Scenarios 1, 3 & 4 ({WINLOSS_RULE}); "
                            f"players={players} in scenario 1 is Play Multiple Positions (Solo Scenario 2), which "
                            f"has none", field="win_loss")


def _spec(rules: Ruleset) -> Any:
    """A picklable description of ``rules``: (name, variants) when it is a named ruleset, else its dict."""
    base = rules.name.split("+")[0]
    if base in RULESETS:
        try:
            if _ruleset(base, *rules.variants) == rules:
                return (base, tuple(rules.variants))
        except KeyError:
            pass
    return rules.to_dict()


def solo_game(rules: Ruleset | str = "europe-standard", *, seed: int = 0, board: str | None = None, bot: str = "planner",
              max_turns: int = 150, win_loss: bool = False, players: int = 1, keep_game: bool = True,
              on_turn: Callable | None = None, scenario: int = 1) -> SoloResult:
    """Play one game (rulebook: Solo & Variant Rules > Solo Play Scenarios, 1: Basic Solo Play; with
    ``players > 1``, 2: Play Multiple Positions) with bot ``bot`` in every seat, and count the turns the
    first player takes until the game ends with a winner.

    ``win_loss=True`` adds the "Simulated Win / Loss" draws: at the end of the player's turns 16 and 32
    and from turn 48 on, the top card of the draw pile is drawn, its number's last digit read (tables
    :data:`STATUS_DRAW`, :data:`STATUS_CHANGE`, :data:`LOSS_TABLE`) and the card discarded without effect.
    A game that reaches ``max_turns`` is not won. ``keep_game=False`` leaves the played
    :class:`~eb_core.engine.Game` out of the result (``result.game`` is ``None``: lighter rows for Monte
    Carlo runs); ``on_turn(game)``, when given, is called after each completed turn, every seat's (a progress
    hook, or a trace of the game as it is played).

    ``scenario=3`` plays Solo Scenario 3 (simple second-player simulation) instead: see
    :class:`SecondPlayer`; the Honeymoon Game variant is added to ``rules`` if missing. ``scenario=4``
    plays Solo Scenario 4 with ``players - 1`` (1-3) simulated opponents: see :class:`SimulatedTrack`.
    ``scenario=2`` is :func:`multiple_positions` (``players`` 2-4 seats, one bot in every seat).

    ``board`` defaults to the ruleset's own (``rules.board``: Europe, North America, the eastern US).
    Empire Express has no solo game: its Demo Set Up is "for 2, 3 or 4 players", so ``players`` 2-4 play
    its demo game to its end (:func:`demo_game`); ``players=1`` is refused naming that rule.

    >>> import eb_core as eb
    >>> r = solo_game(eb.ruleset("europe-basic").with_(victory_cash=60), seed=2, board="tutorial", max_turns=60)
    >>> r.won, r.turns <= 60, r.cash >= 60
    (True, True, True)
    """
    rules = _rules(rules) if not isinstance(rules, Ruleset) else rules
    seed = _check_play(seed=seed, max_turns=max_turns, players=players, bot=bot, win_loss=win_loss)
    _check_scenario(scenario)
    _check_win_loss(win_loss, scenario)
    if rules.setup == "demo":
        if scenario not in (1, 2) or win_loss:
            raise InvalidAction(f"{'scenario' if scenario not in (1, 2) else 'win_loss'}: the Solo Play Scenarios "
                                f"and the Simulated Win / Loss are Empire "
                                f"Builder's ({SOLO}); {rules.title} has none -- its demo game is played by 2-4 "
                                f"colours ({R.EXPRESS_SETUP})", field="scenario" if scenario not in (1, 2)
                                else "win_loss")
        if players < 2:
            raise InvalidAction(f"players: {rules.title} has no solo game -- its demo game is for 2, 3 or 4 "
                                f"players ({R.EXPRESS_SETUP}): give players 2 to 4, each colour played by the bot",
                                field="players")
        return demo_game(rules, players=players, seed=seed, board=board, bot=bot, max_turns=max_turns,
                         keep_game=keep_game, on_turn=on_turn)
    if players < 1:
        raise InvalidAction(f"players: expected a whole number of seats >= 1, got {shown(players)}", field="players")
    _check_win_loss(win_loss, scenario, players)
    if scenario == 2 or (scenario == 1 and players > 1):
        return multiple_positions(rules, players=max(players, 2) if scenario == 2 else players, seed=seed,
                                  board=board, bot=bot, max_turns=max_turns, keep_game=keep_game, on_turn=on_turn)
    if scenario == 4:
        players = max(players, 2)     # at least one opponent
    if scenario == 4 and not 2 <= players <= 4:
        raise InvalidAction(f"players: Solo Scenario 4 is played against 1-3 opponents (players 2-4), got "
                            f"{players}", field="players")
    if scenario == 3:
        if "honeymoon" not in rules.variants:
            rules = _rules(rules, ("honeymoon",))
        players = 1
    if scenario == 4:   # "each turn pay the bank 4 million for each color you use"
        rules = rules.with_(rent_to_bank=True)
    names = ["Solo"]
    if scenario == 3:
        names = ["Solo", "Player 2"]
    if scenario == 4:
        names = ["Solo"] + [f"Opponent {i}" for i in range(1, players)]
    game = Game.new(rules, board=board, players=names, seed=seed)
    game.keep_interludes = keep_game         # what the simulated players change, for a replay of the game
    bots = [_Viewing(make_bot(bot, 0, seed))]
    if scenario == 3:
        with game.outside():
            p2 = SecondPlayer(game)
        bots = [_Scenario3Driver(bots[0], p2), _Scenario3Driver(bots[0], p2)]
    if scenario == 4:
        with game.outside():
            sim4 = SimulatedTrack(game)
        bots = [_Scenario3Driver(bots[0], sim4)] * len(names)
    wl = WinLoss() if win_loss else None

    def turn_done(g) -> bool:
        if on_turn is not None:
            on_turn(g)
        if wl is None or g.over:
            return False
        t = g.state.players[0].turns      # the draws follow the first player's turns
        if t in seen or not wl.needs_draw(t):
            return False
        seen.add(t)
        with g.outside():
            cid = g.draw_card()
            if cid is None:
                return False
            g.state.discard_pile.append(cid)
            label = g.deck.card(cid).label
            number = int("".join(ch for ch in label if ch.isdigit()) or cid)
            lost = wl.after_turn(t, number)
            g.state.log.append(f"Simulated Win / Loss: card {label} drawn after turn {t} and discarded; {wl.said}.")
        return lost

    seen: set[int] = set()
    play_solo(game, bots if len(bots) > 1 else bots[0], max_turns=max_turns, on_turn=turn_done)
    if scenario == 4:
        sim4.update()
    p = game.state.players[0]
    won = game.over and 0 in game.state.winners and not (wl is not None and wl.lost)
    res = SoloResult(seed=seed, ruleset=rules.name, board=game.board.name, bot=bot, won=bool(won), turns=p.turns,
                     cash=p.cash, deliveries=p.delivered, majors=len(game.connected_majors(0)), train=str(p.train),
                     upgrades=_upgrades(rules, p.train), category=chart_of_success(p.turns, rules) if won and chart_name(rules) else None,
                     status=wl.status if wl else None, lost_at=wl.lost_at if wl else None,
                     game=game if keep_game else None)
    return res


def _you_start(st, scenario: str) -> None:
    """Seat 0 starts a solo scenario: the simulated players are given cards only after your two initial build
    turns, so none holds the highest single payout. When the deal named one of them, the log says why not."""
    if st.first_player != 0:
        st.log.append(f"{scenario}: {st.players[st.first_player].name} holds no card until after your two initial "
                      f"build turns, so {st.players[0].name} starts.")
    st.first_player = st.current = 0


# ----------------------------------------------------------------------------------------- Scenario 3
#: Scenario 3's track directions: (first try, after one step counterclockwise), as lattice unit vectors
#: (x east, y north).
_DIRECTIONS = {"east": ((1.0, 0.0), (0.5, 0.866)), "west": ((-1.0, 0.0), (-0.5, -0.866))}
P2_TRACK_LENGTH = 3
P2_RENT_TO_BANK = True


class SecondPlayer:
    """Solo Scenario 3's simulated Player 2 (rulebook: Solo Play Scenarios, 3. Solo Play with simple
    second-player simulation), seat 1 of a two-seat game under the Honeymoon rules:

    * after your two initial build turns Player 2 gets one demand card (events drawn on the way are
      discarded without effect) and takes one of each load on it from the bank (its train board is on
      the three-load side);
    * for each small city on the card that you have not built to, Player 2's track is drawn out of it
      three mileposts due east and three due west; a direction that cannot be built turns one step
      counterclockwise (east -> northeast, west -> southwest), and is then built as far as it goes;
    * renting Player 2's track costs the usual rent, paid to the bank (Player 2's cash is kept at 0);
    * each time you deliver, Player 2's card is discarded, its loads go back to the bank, and a new card
      is drawn for it, events on the way resolved as usual with Player 2 as the drawing player.

    Player 2 never builds, moves or delivers otherwise; its own turns are passed.
    """

    seat = 1

    def __init__(self, game):
        self.game = game
        st = game.state
        st.discard_pile.extend(st.players[1].hand)     # Player 2 starts without cards
        st.players[1].hand = []
        _you_start(st, "Solo Scenario 3")
        st.players[1].cash = 0
        t = st.players[1].train
        st.players[1].train = type(t)(t.speed, max(3, t.capacity))
        st.flags[SIMULATED_SEATS] = {str(self.seat): "Solo Scenario 3: it never builds, moves or delivers, and "
                                               "passes its turns"}
        self.given = False
        self.delivered = 0
        self.drawn: list[int] = []

    # the driver calls this after every action
    def update(self) -> None:
        g = self.game
        st = g.state
        p0 = st.players[0]
        if not self.given and not st.special_round and not g.over:
            self.given = True
            self.delivered = p0.delivered
            with g.outside():
                self._new_card(first=True)
        elif self.given and p0.delivered > self.delivered and not g.over:
            self.delivered = p0.delivered
            with g.outside():
                self._return_card()
                self._new_card(first=False)
        if P2_RENT_TO_BANK and st.players[1].cash:
            with g.outside():
                st.players[1].cash = 0

    def _return_card(self) -> None:
        st = self.game.state
        q = st.players[1]
        for ld in q.loads:
            st.bank[ld] = st.bank.get(ld, 0) + 1
        q.loads = []
        st.discard_pile.extend(q.hand)
        q.hand = []

    def _new_card(self, *, first: bool) -> None:
        g = self.game
        st = g.state
        q = st.players[1]
        if first:   # "Discard any drawn events without effect"
            while True:
                cid = g.draw_card()
                if cid is None:
                    return
                if hasattr(g.deck.card(cid), "demands"):
                    q.hand.append(cid)
                    break
                st.discard_pile.append(cid)
        elif not g.draw_until_demand(self.seat):      # events resolved with Player 2 drawing
            return
        cid = q.hand[-1]
        self.drawn.append(cid)
        card = g.deck.card(cid)
        for d in card.demands:
            if st.bank.get(d.load, 0) > 0 and d.load not in q.loads:
                st.bank[d.load] -= 1
                q.loads.append(d.load)
        for d in card.demands:
            if g.board.has_city(d.city):
                c = g.board.city(d.city)
                if c.size.value == "small" and st.track.city_tracks(g.board, c).get(0, 0) == 0:
                    self.draw_track(c)
        st.log.append(f"Player 2 (simulated) holds card {card.label} ({'; '.join(map(str, card.demands))}) and "
                      f"carries {and_list(q.loads) or 'nothing'}.")

    def draw_track(self, city) -> list[tuple[int, int]]:
        """Draw Player 2's track out of ``city`` (east and west, three mileposts each); returns the
        segments drawn."""
        drawn = []
        for first, turned in _DIRECTIONS.values():
            path = self._line(city.center, first)
            if len(path) < P2_TRACK_LENGTH + 1:
                path = self._line(city.center, turned)
            for a, b in itertools.pairwise(path):
                self.game.state.track.segments[_seg(a, b)] = self.seat
                drawn.append((a, b))
        if drawn:
            self.game.state.log.append(f"Player 2's track is drawn out of {city.name}: {plural(len(drawn), 'segment')}.")
        return drawn

    def _line(self, start: int, direction: tuple[float, float]) -> list[int]:
        board, tr = self.game.board, self.game.state.track
        path = [start]
        for _ in range(P2_TRACK_LENGTH):
            a = path[-1]
            ma = board.mileposts[a]
            nxt = None
            for b in board.neighbors(a):
                mb = board.mileposts[b]
                if abs(mb.x - ma.x - direction[0]) < 0.2 and abs(mb.y - ma.y - direction[1]) < 0.2:
                    nxt = b
            if nxt is None:
                break
            e = board.edge(a, nxt)
            if e is None or e.impassable or board.is_red_area(a, nxt) or _seg(a, nxt) in tr.segments:
                break
            path.append(nxt)
        return path


def _seg(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


class _Scenario3Driver:
    """Seat 0: the bot; the simulated seats pass their turns (they have no train on the board).
    ``sim.update()`` runs after every action (:class:`SecondPlayer`, :class:`SimulatedTrack`)."""

    def __init__(self, bot, sim):
        self.bot, self.p2 = bot, sim

    def step(self, game):
        if game.current_player == 0:
            a = self.bot.step(game)
        else:
            a = EndTurn()           # (a simulated seat has no train on the board: none is placed)
            BotView(game).apply_unchecked(a)
        self.p2.update()
        return a


# ----------------------------------------------------------------------------------------- Scenario 4
#: Scenario 4: cards drawn for each simulated player after your two special build turns.
S4_OPENING_CARDS = 3


class SimulatedTrack:
    """Solo Scenario 4's simulated opponents (rulebook: Solo Play Scenarios, 4. Solo Play with advanced
    simulated track for other players), seats 1..3 of the game:

    * after your two special build turns, three cards are drawn for each opponent (events discarded
      without effect);
    * on each card the lowest payout (the one nearer the top on a tie) says where that opponent's track
      goes: from its existing track (or a major city) to the source of the load nearest its track --
      the cheapest to build --, then on to the demand city; the track is drawn for free, through
      whatever cities the cheapest path takes, ferries and the Chunnel included;
    * if the demand city or the pick-up city is locked out (its city limits are full), the track goes to
      the major city closest to it instead;
    * their track is rented under the normal rules, the rent going to the bank (``rules.rent_to_bank``);
    * after each of your turns, one more card per opponent for each delivery you made in it.

    The opponents never build otherwise, move or deliver; their turns are passed and their cash stays 0.
    ``drawn`` lists ``(seat, card id, load, from city, to city)`` for every card played.
    """

    def __init__(self, game):
        self.game = game
        st = game.state
        self.seats = list(range(1, len(st.players)))
        for s in self.seats:
            st.discard_pile.extend(st.players[s].hand)
            st.players[s].hand, st.players[s].cash = [], 0
        st.flags[SIMULATED_SEATS] = {str(s): "Solo Scenario 4: its track is drawn for it, and it passes its "
                                       "turns" for s in self.seats}
        _you_start(st, "Solo Scenario 4")
        self.started = False
        self.delivered = 0
        self.drawn: list[tuple[int, int, str, str, str]] = []

    def update(self) -> None:
        g = self.game
        st = g.state
        if g.over or st.special_round:
            return
        if not self.started:
            self.started = True
            self.delivered = st.players[0].delivered
            with g.outside():
                for s in self.seats:
                    for _ in range(S4_OPENING_CARDS):
                        self.play_card(s)
        elif st.current != 0 and st.players[0].delivered > self.delivered:   # after your turn
            with g.outside():
                for _ in range(st.players[0].delivered - self.delivered):
                    for s in self.seats:
                        self.play_card(s)
            self.delivered = st.players[0].delivered
        if any(st.players[s].cash for s in self.seats):
            with g.outside():
                for s in self.seats:
                    st.players[s].cash = 0

    def draw_demand(self) -> int | None:
        """The next demand card; events on the way are discarded without effect."""
        g = self.game
        while True:
            cid = g.draw_card()
            if cid is None or hasattr(g.deck.card(cid), "demands"):
                return cid
            g.state.discard_pile.append(cid)

    def play_card(self, seat: int) -> list[tuple[int, int]]:
        """Draw one card for ``seat`` and draw its track for the lowest payout; returns the segments laid."""
        g = self.game
        cid = self.draw_demand()
        if cid is None:
            return []
        g.state.discard_pile.append(cid)
        d = min(g.deck.card(cid).demands, key=lambda x: x.payout)     # min keeps the first on a tie
        if not g.board.has_city(d.city) or not g.board.sources(d.load):
            return []
        before = set(g.state.track.segments)
        src = self._connect_source(seat, d.load)
        if src is not None:
            self._build(seat, src, d.city)
        laid = [k for k in g.state.track.segments if k not in before]
        self.drawn.append((seat, cid, d.load, src or "", d.city))
        g.state.log.append(f"{g.state.players[seat].name} (simulated) draws track for {d.load} to {d.city}: "
                           f"{plural(len(laid), 'segment')}.")
        return laid

    def _connect_source(self, seat: int, load: str) -> str | None:

        g = self.game
        best = None
        for c in g.board.sources(load):
            plan = cheapest_connection(g.board, g.rules, c.name, position=Position(track=g.state.track, seat=seat))
            if plan is not None and (best is None or plan.cost < best[1].cost):
                best = (c.name, plan)
        if best is None:   # locked out: extend to the major city closest to the nearest source
            c = g.board.sources(load)[0]
            major = self._closest_major(c)
            plan = cheapest_connection(g.board, g.rules, major, position=Position(track=g.state.track, seat=seat))
            if plan is not None:
                g.state.track.lay(seat, plan.segments)
            return None
        g.state.track.lay(seat, best[1].segments)
        return best[0]

    def _build(self, seat: int, a: str, b: str) -> None:

        g = self.game
        plan = cheapest_build(g.board, g.rules, a, b, position=Position(track=g.state.track, seat=seat))
        if plan is None:
            plan = cheapest_build(g.board, g.rules, a, self._closest_major(g.board.city(b)), position=Position(track=g.state.track, seat=seat))
        if plan is not None:
            g.state.track.lay(seat, plan.segments)

    def _closest_major(self, city) -> str:
        board = self.game.board
        here = board.mileposts[city.center]

        def dist(c):
            m = board.mileposts[c.center]
            return (m.x - here.x) ** 2 + (m.y - here.y) ** 2
        return min((c for c in board.cities if c.size.value == "major"), key=dist).name


# ----------------------------------------------------------------------------------------- Scenario 2
def multiple_positions(rules: Ruleset | str = "europe-standard", *, players: int = 2, seed: int = 0,
                       board: str | None = None, bot: str = "planner", max_turns: int = 150, keep_game: bool = True,
                       on_turn: Callable | None = None) -> SoloResult:
    """Solo Scenario 2, Play Multiple Positions (rulebook: Solo Play Scenarios): one bot plays every one
    of ``players`` seats, each doing its best, and play goes on "until all players have met winning
    conditions". The engine's victory cash is set out of reach (:data:`UNREACHABLE_CASH`) so nobody ends
    the game; the bots plan with the real ruleset (:class:`BotView`) and the sim judges the real
    conditions after every turn.

    The result's ``turns`` is the turns the first player to meet the conditions took (``first``),
    ``finished`` each seat's turns to meet them (``None``: not within ``max_turns``), ``mean_finish``
    their average once everyone has finished; ``won`` is whether seat 0 was (one of) the first.
    """
    rules = _rules(rules) if not isinstance(rules, Ruleset) else rules
    seed = _check_play(seed=seed, max_turns=max_turns, players=players, bot=bot)
    if not 1 <= players <= 6:
        raise InvalidAction(f"players: 1 to 6 seats, got {players}", field="players")
    names = ["Solo"] if players == 1 else [f"P{i + 1}" for i in range(players)]
    engine_rules = rules.with_(victory_cash=UNREACHABLE_CASH)
    game = Game.new(engine_rules, board=board, players=names, seed=seed)
    game.keep_interludes = keep_game         # the notes of who met the conditions, for a replay of the game
    finished = _play_seats(game, rules, bot, seed, max_turns, on_turn, until_all=True,
                           note="Solo Scenario 2: {name} meets the victory conditions after {turns} turns.")
    done = [f for f in finished if f is not None]
    first = min(done) if done else None
    p = game.state.players[0]
    won = finished[0] is not None and finished[0] == first
    res = SoloResult(seed=seed, ruleset=rules.name, board=game.board.name, bot=bot, won=bool(won),
                     turns=first if first is not None else p.turns, cash=p.cash, deliveries=p.delivered,
                     majors=len(game.connected_majors(0)), train=str(p.train), upgrades=_upgrades(rules, p.train),
                     category=chart_of_success(first, rules) if first is not None and chart_name(rules) else None,
                     game=game if keep_game else None)
    res.finished = finished
    res.first = first
    res.mean_finish = sum(done) / len(done) if len(done) == players else None
    res.seats = names
    return res


# ----------------------------------------------------------------------------------------- Empire Express
def demo_game(rules: Ruleset | str = "express", *, players: int = 2, seed: int = 0, board: str | None = None,
              bot: str = "planner", max_turns: int = 150, keep_game: bool = True,
              on_turn: Callable | None = None) -> SoloResult:
    """Empire Express's demo game (rulebook: Empire Express > Demo Set Up) for ``players`` (2-4) colours, in
    the demo's order (Orange, Red, Blue, Green), the bot ``bot`` playing each, to the game's end (Game End:
    a player with 150M on their turn, the round finished, the most money of all wins) or ``max_turns``.

    The result's ``won`` is whether the first colour (seat 0, who plays first) won, ``turns`` the turns it
    played, ``cash`` and ``deliveries`` its own; ``first`` the turns the first colour to reach the
    victory cash took (``None``: none did), ``finished`` each colour's turns to reach it. There is no Chart
    of Success (``category`` is ``None``) and no major city to join (``majors`` is ``None``).

    >>> r = demo_game("express", players=2, seed=1, keep_game=False)
    >>> r.first is not None and r.turns >= r.first and r.category is None
    True
    """
    rules = _rules(rules) if not isinstance(rules, Ruleset) else rules
    seed = _check_play(seed=seed, max_turns=max_turns, players=players, bot=bot)
    if rules.setup != "demo" or not rules.demo_players:
        raise InvalidAction(f"rules: {rules.title} has no demo game; Empire Express's is ({R.EXPRESS_SETUP}): "
                            f"demo_game('express', ...), or solo_game(...) for Empire Builder", field="rules")
    if not 2 <= players <= len(rules.demo_players):
        raise InvalidAction(f"players: the demo game is for 2 to {len(rules.demo_players) or 4} players "
                            f"({R.EXPRESS_SETUP}), got {players}", field="players")
    names = [c for c, *_ in rules.demo_players[:players]]
    game = Game.new(rules, board=board, players=names, seed=seed)
    finished = _play_seats(game, rules, bot, seed, max_turns, on_turn, until_all=False)
    p = game.state.players[0]
    done = [f for f in finished if f is not None]
    res = SoloResult(seed=seed, ruleset=rules.name, board=game.board.name, bot=bot,
                     won=bool(game.over and 0 in game.state.winners), turns=p.turns, cash=p.cash,
                     deliveries=p.delivered, majors=None, train=str(p.train), upgrades=0, category=None,
                     game=game if keep_game else None)
    res.finished = finished
    res.first = min(done) if done else None
    res.mean_finish = sum(done) / len(done) if len(done) == players else None
    res.seats = names
    res.winners = [names[w] for w in game.state.winners] if game.over else []
    return res


def _play_seats(game, rules: Ruleset, bot: str, seed: int, max_turns: int, on_turn: Callable | None, *,
                until_all: bool, note: str | None = None) -> list[int | None]:
    """Play ``game`` with bot ``bot`` in every seat (planning by ``rules``) and return each seat's turns to
    meet ``rules``' victory conditions (``None``: not within ``max_turns``); ``until_all`` stops once every
    seat has met them (else the game runs to its own end), ``note`` is logged as each seat does."""
    bots = [_Viewing(make_bot(bot, s, seed), rules) for s in range(len(game.state.players))]
    finished: list[int | None] = [None] * len(bots)

    def turn_done(g) -> bool:
        if on_turn is not None:
            on_turn(g)
        for s, q in enumerate(g.state.players):
            if finished[s] is None and q.cash >= rules.victory_cash and \
                    len(g.connected_majors(s)) >= rules.victory_majors:
                finished[s] = q.turns
                if note:
                    with g.outside():
                        g.state.log.append(note.format(name=q.name, turns=q.turns))
        return until_all and all(f is not None for f in finished)

    play_solo(game, bots, max_turns=max_turns, on_turn=turn_done)
    return finished


def _upgrades(rules: Ruleset, train) -> int:
    """How many upgrades separate the start train from ``train``."""
    frontier, n = {rules.start_train}, 0
    while train not in frontier and n < 10:
        frontier = {t for f in frontier for t in rules.upgrade_options(f)}
        n += 1
    return n


def _run_one(args: tuple) -> dict[str, Any]:
    spec, seed, board, bot, max_turns, win_loss, players, scenario = args
    rules = _rules(spec[0], spec[1]) if isinstance(spec, tuple) else _rules(spec)
    return solo_game(rules, seed=seed, board=board, bot=bot, max_turns=max_turns, win_loss=win_loss,
                     players=players, keep_game=False, scenario=scenario).row()


def _progress_bar(progress: bool | None, total: int, desc: str):
    """A ``tqdm`` bar (a widget in a notebook, text on a console); ``progress=None`` shows it only when
    standard error is a terminal, so tests and batch logs stay quiet."""
    if progress is None:
        progress = sys.stderr.isatty()
    return tqdm(total=total, desc=desc, unit="game", disable=not progress, leave=False, mininterval=0)


_EXECUTOR_WINDOW = 1024      # games queued at once on an outside executor (a Dask cluster may have hundreds of cores)


def _run_all(executor: cf.Executor, jobs: Iterable[tuple], total: int, bar, window: int) -> list[dict[str, Any]]:
    """Run ``jobs`` on any :class:`concurrent.futures.Executor` (a process pool, a Dask
    ``client.get_executor()``...), ticking ``bar`` as games finish; rows come back in job order.

    At most ``window`` games wait in the executor at a time, the next submitted as one finishes: a long run
    holds a few futures, not one per game, and a failing game stops the run before the rest are queued."""
    rows: list[Any] = [None] * total
    pending: dict[cf.Future, int] = {}
    queue = enumerate(jobs)
    try:
        for i, j in itertools.islice(queue, window):
            pending[executor.submit(_run_one, j)] = i
        while pending:
            done, _ = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
            for fut in done:
                rows[pending.pop(fut)] = fut.result()
                bar.update(1)
            for i, j in itertools.islice(queue, len(done)):
                pending[executor.submit(_run_one, j)] = i
    finally:
        for fut in pending:
            fut.cancel()
    return rows


def monte_carlo(rules: Ruleset | str = "europe-standard", variants: Sequence[str] = (), *, bot: str = "planner",
                games: int = 10, seed: int = 0, workers: int = 1, board: str | None = None, max_turns: int = 150,
                win_loss: bool = False, players: int = 1, scenario: int = 1, executor: cf.Executor | None = None,
                progress: bool | None = None):
    """Play ``games`` solo games with seeds ``seed, seed + 1, ...`` and return a pandas DataFrame with one
    row per game (columns ``seed, ruleset, board, bot, won, turns, cash, deliveries, majors, train,
    upgrades, category, status, lost_at, mean_finish, first``), sorted by seed. In Play Multiple Positions
    (``scenario=2``, or ``players`` > 1 in scenario 1; Empire Express always) ``first`` is the turns the
    first seat took to meet the victory conditions (empty when none did) and ``won`` whether that was seat 0.

    ``rules`` is a ruleset or its name, ``variants`` names of :data:`eb_core.rules.VARIANTS` added to it
    (``monte_carlo("europe-basic", ["fast-game"])``); ``scenario`` and ``players`` choose the Solo Play
    Scenario (see :func:`solo_game`).
    ``workers=1`` runs in this process; more runs a :class:`concurrent.futures.ProcessPoolExecutor`.
    ``executor`` may be any :class:`concurrent.futures.Executor` instead -- e.g. a Dask cluster's
    ``Client(...).get_executor()`` to scale out beyond one machine. Every game depends only on its own
    seed, so the rows are the same whatever runs them. Games are queued a window at a time (4 per worker,
    1,024 on an outside executor), the next as one finishes, so a long run holds few futures. ``progress``
    shows a ``tqdm`` bar (default: only on a terminal).

    >>> df = monte_carlo("europe-basic", board="tutorial", games=2, seed=5, max_turns=8)
    >>> list(df.seed), list(df.columns[:6])
    ([5, 6], ['seed', 'ruleset', 'board', 'bot', 'won', 'turns'])
    """
    games, workers = _whole(games, "games", 0), _whole(workers, "workers", 1)
    seed = _check_play(seed=seed, max_turns=max_turns, players=players, bot=bot, win_loss=win_loss)
    if players < 1:
        raise InvalidAction(f"players: expected a whole number of seats >= 1, got {shown(players)}", field="players")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise InvalidAction(f"executor: expected a concurrent.futures.Executor (a ProcessPoolExecutor, a Dask "
                            f"client.get_executor() ...), got {type(executor).__name__}", field="executor")
    if progress is not None and not isinstance(progress, bool):      # (1 == True: not a setting)
        raise InvalidAction(f"progress: expected True, False or None (a bar on a terminal), got {shown(progress)}",
                            field="progress")
    r = _rules(rules, variants)
    spec = _spec(r)
    _check_scenario(scenario)
    if r.setup != "demo":           # (Empire Express refuses the Win / Loss in solo_game, naming its demo game)
        _check_win_loss(win_loss, scenario, players)
    jobs = ((spec, seed + i, board, bot, max_turns, win_loss, players, scenario) for i in range(games))
    bar = _progress_bar(progress, games, f"{bot} {r.name}")
    try:
        if executor is not None:
            rows = _run_all(executor, jobs, games, bar, window=_EXECUTOR_WINDOW)
        elif workers == 1 or games <= 1:
            rows = []
            for j in jobs:
                rows.append(_run_one(j))
                bar.update(1)
        else:
            ctx = mp.get_context("spawn")
            with cf.ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as ex:
                rows = _run_all(ex, jobs, games, bar, window=4 * workers)
    finally:
        bar.close()
    cols = ["seed", "ruleset", "board", "bot", "won", "turns", "cash", "deliveries", "majors", "train", "upgrades",
            "category", "status", "lost_at", "mean_finish", "first"]
    df = pd.DataFrame(rows, columns=cols)
    return df.sort_values("seed").reset_index(drop=True)
