"""The planning bot: plans over every demand in hand, builds only what the plan needs, upgrades to the
faster train as soon as the cash allows and plans the endgame's major-city connections -- fast enough for
Monte Carlo runs (a few ms a turn). One bot per seat: 2-4 of them (planner or greedy) share a table and
rent each other's track (``benchmarks/bots.py --tables``).

How it plays (the habits the rulebook's "Solo & Variant Rules > Solo Play Scenarios > Basic Solo Play"
asks a player to watch: upgrade early, build only the track the cards need, use more than one card, do
not hold on to bad cards):

* **Plan** (:meth:`PlannerBot.candidates`). When the hand or the loads change, one
  :class:`~eb_core.routes.RouteState` (one weighted graph, one batched Dijkstra over the cities in
  play) prices every leg between the train, the demand cities and their sources. Every plan of one or
  two deliveries (one per card, every source among the cheapest, every pick-up/delivery order the train
  holds; ``pair_options`` 9: every demand of the hand paired, even one poor on its own -- Beer from Praha
  to Sarajevo rides beside Flowers bound there) is scored, the best three pairs are extended by a third
  delivery from the six demands best on their own (``third_options``) -- with a two-load train too
  (``third_cap`` 2), its load picked up once a delivery frees the place -- and the leaders are re-priced
  with their legs' track as one network (a segment two legs share is paid once). The fifteenth session's
  widening of the search (six demands paired before, third deliveries only for a three-load train) was
  worth 0.80 +- 0.21 turns a game over 1200 paired seeds (0.50 +- 0.30 in the Basic game) for about 7 %
  of the speed. A plan's value is its **income
  per turn**: ``(payout - reuse x track cost) / turns`` (``reuse`` 0.6: the network's track is ridden again
  by later plans; 0.35 into a major city the bot still needs), where ``turns`` counts the ride turn by turn
  (``ride_model``, :class:`_Ride`: from the movement left this turn, a milepost a ``1/speed`` of a turn,
  and at a ferry the rest of the turn on the port and a crossing turn at half speed, rulebook: Movement
  Using a Ferry -- about a whole turn a crossing, where the plan used to count half) and the
  20M-a-turn build limit overlapping with the ride; track into a major city the bot still needs for
  victory is worth more than its price (``reuse`` < 1). The 24 leaders of a quick ranking are priced
  exactly (``exact_top``). The Chunnel is ridden at full speed, its three mileposts counted (rulebook:
  Movement Using the Chunnel), not timed as a ferry.
* **Ferry time** (``ferry_penalty``, 4M; ``ferry_steps``, 12). The route searches charge every ferry
  crossing 4M more than its build price, built or not (:class:`~eb_core.routes.RouteState`'s
  ``hop_penalty``): a leg's path is the cheapest in money *and* crossings, so a slightly dearer way by
  land (or through the Chunnel) wins over a ferry that costs the rest of a turn on the port and a turn
  at half speed. A plan is still charged its build price, and No Credit is judged on that price; a hand
  whose plans the cash pays for only over a ferry is planned again without the penalty, and that plan's
  track is built on the cheapest builds. The train's trip counts a crossing as 12 steps more
  (:func:`~eb_core.routes.shortest_trip`'s ``ferry_extra``): owning both, it rides through the Chunnel.
* **Discard** (rulebook: How to Play, "discard your entire hand") when the best plan earns less in its
  turns than a fresh hand would in the turns left after the discard: ``value x turns < typical x (turns -
  discard_turns)``, a discard reckoned at ``discard_turns`` (1.5: the turn it gives up and about half a turn
  more before a new hand's plan is under way), ``typical`` the median of each new hand's best plan so far
  -- so a short plan is run even when it earns less a turn than a typical hand, and a long poor one is not.
  **A close call** (``local_fresh``, ``local_band``: the plan's break-even ``value x turns / (turns -
  discard_turns)`` within 0.5-1.5 x ``typical``) is judged against what a discard would bring *here*
  instead: the median best plan of 10 random hands of the deck priced from the train's place on its
  track, once a hand, with a cheaper search (:meth:`PlannerBot._local_typical`). A rich network makes a
  fresh hand worth more than the game's median (about 1.2 x after turn 30), a young one less (0.76 x
  before turn 15), and the place as much as the time: a decent hand is thrown away at Antwerpen on turn
  26 and a poor-looking one run at Birmingham on turn 9 (1.3-1.6 turns a game on two sets of 600 paired
  seeds, one of them never used for tuning).
  **A poor opening hand** (``open_discard``, rulebook: Starting the Game > Special Build Turns, "You may
  give up a special turn to discard your hand and replace it with three new cards") is given up in a
  special build turn, before any track is laid, when its best plan is worth less than 0.8 of what a
  random hand of three is worth at the start (:meth:`PlannerBot._open_typical`: the upper median of 40
  hands drawn with a fixed seed and priced on the empty board with the starting cash and train, 4.7M a
  turn on the Europe board -- the same for every game, so computed once). Seed 1155's four cards make at
  best 37M for 63M of track over 6 turns, 2.5M a turn; with new cards that game is won in 57 turns
  instead of 77. When the new hand is poor too, the second special turn goes the same way (seed 1024:
  won in 44 turns, was 61). About one game in ten gives up its opening hand; worth 0.51 turns a game over
  1000 paired seeds (1000-5000 x 200; -0.92, -0.57, -0.26, -0.71 and -0.08 by set; the second turn alone
  -0.16 +- 0.05, every set lower); the Basic game's starter cards are never given up. **No upgrade
  without a plan** (``plan_upgrade``): with no plan the cash pays for, the bot keeps its cash for the
  next hand's track rather than spend 20M of it on the train
  (under an early version of the opening discard seed 5052 upgraded with 30M in Madrid, kept 10M, and
  discarded for 140 turns: no hand it drew could be reached with 10M of track).
  With ``discard_turns`` 0 the rule is ``value < discard_ratio x typical`` (0.8). Not after three hands in a
  row discarded since the last delivery: a bot too poor for a typical hand's plans runs the plan its cash
  pays for, at a loss if need be -- and (``stuck_poor``) the "no delivery in 12 turns" discard counts its
  12 turns from the last of those discards, not from the last delivery, so the one plan the cash pays
  for is not thrown away the moment it is found.
  **Holding a poor hand** (``hold_poor``): a discard gives up the whole turn, so a hand drawn after a
  delivery cannot be discarded until the next one. If its best plan is poor by the same test, the bot
  picks up none of its loads (a load aboard would commit it to the plan), rides no further and builds no
  track for it, and discards at the start of the next turn; before, it ran such a plan at once (seed 1012
  built 30M of track for an 11M delivery). Under Less Thinking During Your Turns (the Building Phase
  first) the discard is made at the start of the Building Phase, the only moment it may be; where the
  rules have no discard of the whole hand (Empire Express: ``discard_hand``) none is tried.
* **Operations.** Deliver, drop loads no card wants, pick up the plan's loads (and, with room to spare,
  any load a card in hand wants), then move along the fewest-milepost trip to the next stop (found once
  while the track is unchanged: the rest of the trip is reused by the turn's later moves and the next
  turns'). **Where the track to the next stop is not finished** (``frontier``; the Build Phase comes
  after the Operations Phase, rulebook: How to Play, and the 20M a turn rarely lays a whole leg), the
  train rides along the part of that leg's cheapest build already laid, as far as its movement goes,
  instead of waiting at its last stop until the whole leg is built: seed 1000 used to sit a turn in
  Milano after building 18 of the 20 mileposts towards Napoli. Worth 1.96 +- 0.13 turns a game over 600
  paired seeds (1.94 +- 0.13 in the Basic game). The ride stops where the laid track ends, crossing the
  ferries the bot owns on the way (0.08 +- 0.03 turns more); the build phase then lays the leg on from there.
* **Endgame** (``finish_share``, rulebook: How to Win). With every major city needed joined and the cash
  within ``finish_share`` of the victory sum (40 %: 150M of 250M), plans are ranked by the turns until the
  victory cash is in hand (:attr:`Plan.finish`: the delivery that gets there, all the plan's track counted
  as paid first), not by income per turn: any payout that wins is as good as a bigger one. A plan that
  does not get there is counted its turns plus the rest at ``finish_rate`` (70 %) of a typical fresh
  hand's income per turn, and at least ``finish_floor`` (3) turns more: a shortfall of any size needs
  another delivery, whose ride to a source and on to its city takes turns however little it must pay
  (seed 1007 reached Porto on turn 76 with 244M of the 250M and needed 6 turns more for 14M; 0.31 +-
  0.06 turns a game over 600 paired seeds, 0.28 +- 0.07 in the Basic game). A hand whose plan brings the
  victory cash is not discarded (a discard only
  loses the turn). Once the victory conditions are met the build phase spends nothing (the game ends with
  the round; track bought then could only take the cash below the sum again).
* **Build.** The plan's next unconnected stop first (cheapest connection to the network, as far as the
  20M budget goes); then an upgrade to a faster train as soon as the cash covers it and the plan's track
  (``upgrade_margin`` 0: keeping 10M more in hand, as before the fourteenth session, cost 0.41 +- 0.14
  turns a game over 800 paired seeds; ``upgrade_speed_only``: the Fast Freight, never the 20M third load
  slot its plans hardly fill); then, with cash to spare or near
  the victory cash, the cheapest missing major city (the endgame tree grows one cheapest link at a time).

Legs are priced in the direction the track can be built: from the end on the network (or a major/key
city), since building into a small or medium city costs its entry and building out of it does not
(rulebook: Beginning Construction; Build Phase Rules). With no track yet (``open_join``), a plan whose
first stop is a small or medium city is charged the track joining it to the nearest major or key city,
where the first track must start and where the build phase lays it (in full for No Credit, at
``major_reuse`` in the ranking: it is track out of a major city victory needs); seed 1163 used to spend
its opening 40M on a plan whose first stop, Warszawa, needed 17M more from Berlin, and discard with 10M
until turn 19. A plan never picks up a load before a delivery frees the slot for it. The bot keeps its
:class:`RouteState`, network and connected majors while the track is unchanged, so a turn prices its plans
against one graph.

Strength (``benchmarks/bots.py``, 200 solo Standard games, seeds 1000-1199, events on): median 61 turns
to win, 95th percentile 74, all 200 won within 80 turns, the mean 61.35 (62, 75, 99 %, mean 62.3 before the
sixteenth session's opening discard; 63, 75, 99 %, mean 63.5
before the fifteenth session's wider search; 66, 78, 97.5 %, mean 66.0
before the fourteenth session's ride along the track being laid, floor on an endgame shortfall and
upgrade without a margin; 66,
81, 94.5 % before the twelfth's sampled discard calls;
66, 84, 92 % before the eleventh
session's opening join and restarted "no delivery" count, which shortened the longest games: over 600
seeds the longest went from 111 turns to 93 and the games over 80 from 45 to 38, the mean unchanged;
71.5, 88, 80 % before the tenth session's hold of poor hands, discards judged by the turns a discard
costs instead of at 45 % of a fresh hand and track priced at 60 % instead of 75 %; 74, 92, 77 % before
the ferry penalty and the Chunnel's timing of the ninth; 76, 93, 66 % before the endgame ranking and the
victory guard of the eighth; 81, 100, 45 % before the fourth; greedy: 114, 140, 0 %, 196); the Basic
game's median 42 (43 before the fifteenth session, 45 before the fourteenth), 95th percentile 54; 3.13
games/s/core, 5.2 ms of CPU a turn, 0.65 of the greedy bot's speed in the same run, on a fast hour for
the greedy bot (the fifteenth session's default: 2.68 and 0.76; the fourteenth's: 2.18 and 0.69 on a
slower hour; 1.7-1.8 on the ninth session's machine).
Where the turns go (``benchmarks/bots.py --diagnose 1000-1019``, the tenth session): the first 20 turns
net about 1M a turn (about 5M gross, 4M of it on track; the train rides 5-6 mileposts a turn, the turns
spent discarding included), turns 21-40 about 3M (6.7M gross), later about 6M (7M gross, 1.2M of track;
10 mileposts ridden, 1.1 loads on the moving train); about 180M of track a game (205M before the session),
415M of deliveries; the seventh major city is joined around turn 33, long before the 250M.

:func:`core_tree` is the board's core network: the cheapest tree through the victory's major cities
(a spanning tree over the cheapest builds between majors, the majors to leave out chosen for the
cheapest; 83M through Berlin, Holland, London, Milano, Paris, Ruhr and Wien on the Europe board), computed
once per board.

Why not 45 turns: a planner that chains one hand's deliveries earns what a train carrying one load at a
time can (0.6-0.74M a milepost ridden, 1.0 loads on the moving train), and about 45 options measured
over seven sessions -- track prices, ferry timing, opening rules, load filling, commitment to a plan,
search breadth, a deck-wide traffic map, a look-ahead level (:mod:`eb_core.bots.expert`), loads carried on
speculation -- each moved the median by less
than 3 turns (the eighth session's endgame ranking and victory guard, fixes rather than trade-offs, won
2.75-2.95 turns on the mean over three sets of 200 seeds; the ninth session's ferry penalty 0.84; the
tenth session's hold of poor hands with the bolder discards it allows 2.86, track at 60 % another 0.58,
discards judged by the turns they cost another 0.82; the eleventh session's opening join and restarted
"no delivery" count left the mean where it was and shortened the longest games; the twelfth session's
close discard calls judged by hands sampled where the train is, 1.3-1.6; the thirteenth's endgame discard
judged by the turns to the victory cash a fresh hand drawn there would take, +0.02 (not kept); the
fourteenth's ride along the track being laid, a fix, 2.04 with the ferries it owns, and its floor of 3 turns
on an endgame shortfall 0.31, the upgrade without a 10M margin 0.41; the fifteenth's pairs of every demand
and third deliveries with a two-load train 0.80; the sixteenth's poor opening hand given up 0.51; of the
eleventh's ten patches
-- a Chunnel built once the Channel has been crossed by ferry often, plans ranked by profit above a rate,
the next plan's track built ahead, track priced by the cash in hand, an upgrade forced from turn 12, the
Superfreight's third slot late and others -- none gained, the best came out even, the worst cost up to
3.8 turns).
Their figures, and the commits that still hold their code (``5a9eb72``, ``c04086d``, ``5b5c59c``: the
options were removed from the bot afterwards, the default's games unchanged), are in
``benchmarks/README.md``. A bound on what a look-ahead over the cards to come could win
(``benchmarks/bots.py --rules-with``, the rules changed and not the bot): holding 4, 6 or 9 cards at once
-- more than a look-ahead over 1, 3 or 6 draws can use -- the planner wins in a median of 62, 55 and 49
turns (46 with a wider search; the Basic game 34), against 67 with the rulebook's three (measured before
the discard rule by turns, which made the default 66): choice is what it lacks. Measured again in the
sixteenth session, on the fifteenth's default (median 62): 4 cards 57, 9 cards **44** -- the Chart's
"Blowout" -- so the plans, track and train now play at that level when the cards allow it, and the gap
to 45 with the rulebook's three cards is the choice three cards give. Other bounds of that session: 50M
more to start, -10.9 turns; the upgrade free, -5.3; ferries crossed like track, -8.0; the Chunnel at 1M,
-1.5; no major city needed, -3.6; no events, -0.6.

Variants that change what a plan must provide for (rulebook: Variants & Optional Rules). **Pay To Move**:
the build phase and the upgrade keep back the fares (1M a moving turn) until the plan's next delivery
pays -- the turns of riding its legs, ferry turns included, and one to spare (:meth:`PlannerBot._fares`) --
and a plan is priced to leave a fare for each turn of building and riding so far (one to spare, but not
for a delivery over track already laid) and to pay its fares from its payout; a train on its way to be
paid over laid track keeps its card however long since the last delivery (80 of 200 Basic games used to
end with the train stranded at 0M; now 800 of 800 over seeds 0-799 are won). **Run Two Trains**: train 2
has a driver of its own (:meth:`PlannerBot._driver2`, the same level and options) that plans over the
cards train 1's plan leaves, moves when train 1 has finished, builds its track after train 1's and
upgrades after it; each train's plans set aside the cash the other's still needs (its track; under Pay
To Move, once it carries a load, its fares too), and only train 1 discards the hand (median 35 turns in the Basic game against 43
with one train).
**Honeymoon** (and a city full of other players): a build refused for entering a city is planned around
until the hand changes, and a train left on a spur whose track ahead reaches no city builds on to the
nearest one, where it may turn (300 of 300 standard Honeymoon games won; 285 before).

Levels: ``"planner"`` (default) as above; ``"greedy"`` is the baseline -- one delivery at a time,
track at face value, no discarding for a better hand, upgrades only when rich. Every build goes through
the checked :meth:`~eb_core.engine.Game.apply`; other actions use the fast path. Same seed, same game.

>>> import random, eb_core as eb
>>> game = eb.Game.new(eb.ruleset("europe-basic").with_(victory_cash=60), board="tutorial", players=["Solo"], seed=2)
>>> play_solo(game, PlannerBot(0, random.Random(2)), max_turns=60).over
True
"""
from __future__ import annotations

import copy
import functools
import itertools
import math
import random
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..actions import (
    Build,
    Deliver,
    Discard,
    DiscardHand,
    Drop,
    EndOperations,
    EndTurn,
    Move,
    PickUp,
    PlaceTrain,
    Upgrade,
)
from ..engine.admin import meets_victory
from ..engine.common import build_first, operations_next
from ..errors import IllegalAction, InvalidAction
from ..files import derived
from .. import rulebook as R
from ..routes import RouteState, cheapest_build, cheapest_connection, shortest_trip
from ..state import Position
from ..track import seg_key

__all__ = ["LEVELS", "CoreTree", "Plan", "PlannerBot", "core_tree", "play_solo"]

_INF = float("inf")
#: Build refusals that name a city the player may not enter now, planned around (:meth:`PlannerBot._longest`).
_ENTRY_RULES = frozenset({R.HONEYMOON, R.CITY_LIMIT})

#: Bot levels and their settings (see :class:`PlannerBot`).
LEVELS: dict[str, dict[str, Any]] = {
    "planner": {"max_deliveries": 3, "reuse": 0.6, "major_reuse": 0.35, "discard_ratio": 0.8,
                "upgrade_payback": 12, "sources": 2, "ferry_turns": 0.5, "ride_model": True,
                "upgrade_speed_only": True, "exact_top": 24, "finish_share": 0.4, "finish_rate": 0.7,
                "ferry_penalty": 4, "ferry_steps": 12, "hold_poor": True, "discard_turns": 1.5,
                "stuck_poor": True, "open_join": True, "local_fresh": 10, "local_band": (0.5, 1.5),
                "local_sources": 1, "local_pairs": 4, "local_leaders": 2, "local_stale": 8,
                "frontier": True, "finish_floor": 3, "upgrade_margin": 0, "pair_options": 9, "third_cap": 2,
                "open_discard": 0.8, "plan_upgrade": True},
    "greedy": {"max_deliveries": 1, "reuse": 1.0, "major_reuse": 1.0, "discard_ratio": 0.0,
               "upgrade_payback": 0, "sources": 1},
}

#: Every setting a level or a keyword option may give (:class:`PlannerBot`): ``max_deliveries`` (deliveries a
#: plan may chain), ``reuse`` / ``major_reuse`` (the share of a new track's price a plan is charged; into a
#: major city still needed for victory), ``discard_ratio`` (discard a hand whose best plan earns less than
#: this share of a typical fresh hand; 0: never), ``upgrade_payback`` (0: upgrade only when rich, as the
#: greedy level; otherwise as soon as the cash covers the upgrade, the plan's track and ``upgrade_margin``,
#: after ``upgrade_after`` deliveries), ``sources`` (sources priced per demand), ``pair_options`` (demands
#: paired), ``search_limit`` (the route search's cost bound, M), ``ferry_turns`` (turns a crossing adds
#: without ``ride_model``), ``ride_model`` (plans timed turn by turn), ``upgrade_speed_only``,
#: ``exact_top`` (plans priced exactly), ``major_cushion`` / ``major_cash_share`` (when the missing major
#: cities are built), ``finish_share`` / ``finish_rate`` (the endgame's ranking by the turns to the victory
#: cash: how near the cash must be, as a share of the victory sum, 0: never; the income per turn assumed
#: after a plan that does not get there, as a share of a typical fresh hand's), ``ferry_penalty`` (M the route
#: searches add to every ferry crossing: a price for its time; 0: none), ``ferry_steps`` (steps the train's
#: trip counts a ferry crossing more than one), ``hold_poor`` (a poor hand drawn mid-turn is held for the
#: next turn's discard: none of its loads picked up, no track built for it), ``discard_turns`` (the turns a
#: discard is reckoned to cost: discard when the plan earns less in its turns than a fresh hand would in
#: the turns left; 0: the ``discard_ratio`` rule), ``stuck_poor`` (after three discards in a row the "no
#: delivery in 12 turns" count restarts at each discard), ``open_join`` (with no track yet, a plan's first
#: stop is charged its join to a major or key city), ``local_fresh`` (a close discard call is judged against
#: this many fresh hands sampled from where the train is, on the track now; 0: against the game's fresh
#: hands so far only), ``local_band`` (the close calls: the plan's break-even fresh-hand income within these
#: shares of the game's typical one), ``local_sources`` / ``local_pairs`` / ``local_leaders`` (the samples'
#: cheaper search), ``local_stale`` (turns the samples' route state is kept), ``frontier`` (with the track to
#: the next stop unfinished, ride along the part of it already laid instead of waiting), ``finish_floor``
#: (the fewest turns the endgame's ranking counts for a shortfall of the victory cash, however small),
#: ``third_cap`` (the fewest loads a train carries for plans of a third delivery to be searched: 3, a
#: three-load train only; 2, a two-load train too, the third load picked up once a delivery frees its place),
#: ``third_options`` (the demands, best on their own first, tried as that third delivery), ``open_discard``
#: (give up a special build turn, before any track is laid, for new cards when the opening hand's best plan
#: is worth less than this share of a random hand's at the start; 0: never), ``open_samples`` (the random
#: hands that measure it), ``plan_upgrade`` (no upgrade while no plan is affordable).
OPTIONS: frozenset[str] = frozenset({
    "max_deliveries", "reuse", "major_reuse", "discard_ratio", "upgrade_payback", "sources", "pair_options",
    "search_limit", "ferry_turns", "ride_model", "upgrade_speed_only", "exact_top", "major_cushion",
    "major_cash_share", "upgrade_margin", "upgrade_after", "finish_share", "finish_rate", "ferry_penalty",
    "ferry_steps", "hold_poor", "discard_turns", "stuck_poor", "open_join", "local_fresh", "local_band",
    "local_sources", "local_pairs", "local_leaders", "local_stale", "frontier", "finish_floor", "third_cap",
    "third_options", "open_discard", "open_samples", "plan_upgrade"})


@dataclass
class Plan:
    """A plan of deliveries: ``stops`` as ``(action, city, load, card id)`` in order, the ``payout``, the
    new track's ``build_cost`` (its network union), ``distance`` ridden in mileposts, ``turns`` and the
    ``value`` it was ranked by (income per turn with reused track discounted); in the endgame ``finish``,
    the turns until the victory cash is in hand, ranks it instead (``None`` otherwise)."""

    stops: list[tuple[str, str, str, Any]]
    payout: int
    build_cost: float
    distance: int
    turns: float
    value: float
    finish: float | None = None

    @property
    def income_per_turn(self) -> float:
        """Payout less the track's full price, per turn."""
        return (self.payout - self.build_cost) / max(self.turns, 1)

    def describe(self) -> str:
        """The stops in words: ``pick up Wine at Bordeaux, deliver Wine at Berlin (24M)``."""
        return ", ".join(f"{'pick up' if a == 'pickup' else 'deliver'} {ld} at {c}" for a, c, ld, _ in self.stops)


class PlannerBot:
    """Plans deliveries for seat ``seat``; ``rng`` is an injected, seeded ``random.Random`` (it breaks
    ties only). ``level`` picks the settings of :data:`LEVELS`; keyword ``options`` override them."""

    def __init__(self, seat: int, rng: random.Random | None = None, *, level: str = "planner", **options: Any):
        if level not in LEVELS:
            raise InvalidAction(f"level: expected one of {sorted(LEVELS)}, got {level!r}", field="level")
        self.seat = seat
        self.rng = rng if rng is not None else random.Random(seat)
        self.level = level
        cfg = dict(LEVELS[level])
        unknown = sorted(set(options) - OPTIONS)
        if unknown:
            raise InvalidAction(f"{unknown[0]}: not an option of the planner (its options: {', '.join(sorted(OPTIONS))}; "
                                f"the experiments left off were removed, see benchmarks/README.md)", field=unknown[0])
        cfg.update(options)
        self._options = dict(options)
        self.settings: tuple = tuple(sorted((k, repr(v)) for k, v in cfg.items()))   # what this bot plays by
        self.max_deliveries: int = cfg["max_deliveries"]
        self.reuse: float = cfg["reuse"]
        self.major_reuse: float = cfg["major_reuse"]
        self.discard_ratio: float = cfg["discard_ratio"]
        self.upgrade_payback: int = cfg["upgrade_payback"]
        self.sources: int = cfg["sources"]
        self.pair_options: int = cfg.get("pair_options", 6)
        self.search_limit: float = cfg.get("search_limit", 120)
        self.ferry_turns: float = cfg.get("ferry_turns", 0.0)
        self.major_cushion: int = cfg.get("major_cushion", 50)
        self.major_cash_share: float = cfg.get("major_cash_share", 0.5)
        self.upgrade_margin: float = cfg.get("upgrade_margin", 10)
        self.upgrade_after: int = cfg.get("upgrade_after", 0)
        self.ride_model: bool = cfg.get("ride_model", False)
        self.upgrade_speed_only: bool = cfg.get("upgrade_speed_only", False)
        self.exact_top: int = cfg.get("exact_top", 12)
        self.finish_share: float = cfg.get("finish_share", 0)
        self.finish_rate: float = cfg.get("finish_rate", 0.7)
        self.ferry_penalty: float = cfg.get("ferry_penalty", 0.0)
        self.ferry_steps: float = cfg.get("ferry_steps", 0.0)
        self.hold_poor: bool = cfg.get("hold_poor", False)
        self.discard_turns: float = cfg.get("discard_turns", 0.0)
        self.stuck_poor: bool = cfg.get("stuck_poor", False)
        self.open_join: bool = cfg.get("open_join", False)
        self.local_fresh: int = cfg.get("local_fresh", 0)
        self.local_band: tuple[float, float] = tuple(cfg.get("local_band", (0.0, _INF)))
        self.local_sources: int = cfg.get("local_sources", self.sources)
        self.local_pairs: int = cfg.get("local_pairs", self.pair_options)
        self.local_leaders: int = cfg.get("local_leaders", self.exact_top)
        self.local_stale: int = cfg.get("local_stale", 0)
        self.frontier: bool = cfg.get("frontier", False)
        self.finish_floor: float = cfg.get("finish_floor", 0.0)
        self.third_cap: int = cfg.get("third_cap", 3)
        self.third_options: int = cfg.get("third_options", 6)
        self.open_discard: float = cfg.get("open_discard", 0.0)
        self.open_samples: int = cfg.get("open_samples", 40)
        self.plan_upgrade: bool = cfg.get("plan_upgrade", False)
        self._local: tuple | None = None              # (hand, what a fresh hand drawn there is worth)
        self._local_rs: tuple | None = None           # (turn, the route state the samples are priced on)
        self.fresh_used: float | None = None          # the fresh hand's worth the last discard test used
        self.plan: Plan | None = None
        self.alternatives: list[Plan] = []
        self.stops: list[tuple[str, str, str, Any]] = []
        self._hand_key: tuple | None = None
        self._turn_key: tuple | None = None
        self._failed: set[str] = set()
        self._fresh: list[float] = []          # best income/turn of each hand just drawn
        self._progress = (0, 0)
        self._discards = 0
        self._discard_run = 0                  # hands discarded since the last delivery
        self._blocked: set[tuple[int, int]] = set()   # segments the no-blocking rules refused
        self._refused: set[tuple[int, int]] = set()   # segments into a city this hand may not enter (Honeymoon)
        self._stuck = 0
        self._rs: dict[float, tuple[Any, RouteState]] = {}     # per ferry penalty: (key, route state)
        self._memos: dict[tuple, Any] = {}
        self._trip: tuple[Any, tuple[int, ...]] | None = None
        self._tk: tuple | None = None                 # the last track key and the track it was made of
        self._plan_penalty: float | None = None       # the ferry penalty the plan was made with (None: the bot's)
        self.held: tuple[int, int] | None = None      # (turn, seat to act) when a poor hand was last held
        # Run Two Trains: train 2's driver (a bot of the same settings planning over the cards train 1's
        # plan leaves), and on that driver, the cards the other train's plan claims
        self._second: PlannerBot | None = None
        self._train2 = False
        self._reserved: frozenset = frozenset()
        self._cash_held = 0.0          # and the cash the other train's plan still needs (track; fares)

    def __repr__(self) -> str:
        return f"PlannerBot({self.seat}, level={self.level!r})"

    def snapshot(self) -> PlannerBot:
        """A copy of the bot as it is now, its memory included (the fresh hands seen, the discards in a row,
        the turns since a delivery, the plan it is running, its random state), to play on without changing
        this one: :func:`~eb_core.bots.hint.hint` plays a turn of a recorded game with the snapshot of the
        bot that played it, so the hint is the turn the game shows. Caches of the track's routes are
        shared: they answer the same for either bot."""
        c = copy.copy(self)
        c.rng = random.Random()
        c.rng.setstate(self.rng.getstate())
        c._options = dict(self._options)
        c.alternatives, c.stops, c._fresh = list(self.alternatives), list(self.stops), list(self._fresh)
        c._failed, c._blocked, c._refused = set(self._failed), set(self._blocked), set(self._refused)
        c._rs, c._memos = dict(self._rs), dict(self._memos)
        c._second = self._second.snapshot() if self._second is not None else None
        return c

    # ================================================================================ driver
    def step(self, game) -> Any:
        """Choose and apply one action; returns the action applied. A rejected choice is remembered for
        this turn and the phase is ended instead, so a game always advances."""
        a = self.choose(game)
        try:
            (game.apply if isinstance(a, (Build, Upgrade)) else game.apply_unchecked)(a)
            return a
        except (IllegalAction, InvalidAction):
            self._failed.add(repr(a))
            fb = EndOperations() if game.phase == "operations" else EndTurn()
            game.apply_unchecked(fb)
            return fb

    def choose(self, game) -> Any:
        """The next action for the current position (the bot must be the current player)."""
        p = game.state.players[self.seat]
        two = self.prepare(game)
        if game.state.phase == "operations":
            a = self._operations(game, p)
            if two is not None and isinstance(a, EndOperations):
                # Run Two Trains: both trains move each turn -- train 2 once train 1 is done
                a2 = self._with_train2(game, two, lambda: two._operations(game, p))
                if not isinstance(a2, EndOperations) and repr(a2) not in self._failed:
                    return a2
            return a
        return self._build(game, p)

    def prepare(self, game) -> PlannerBot | None:
        """Make sure the bot has its plan for the position (:attr:`plan`, :attr:`alternatives`), as
        :meth:`choose` does before it acts; returns train 2's driver under Run Two Trains (else ``None``). The
        actions refused earlier are forgotten at each new turn and phase."""
        key = (game.state.turn, game.state.current, game.state.phase)
        if key != self._turn_key:
            self._turn_key, self._failed = key, set()
        p = game.state.players[self.seat]
        two = self._driver2(game)
        if two is not None:
            # train 1 comes first: it sets aside cash for train 2's track only once train 2 carries a load
            self._reserved = _cards(two.stops)
            self._cash_held = two._remaining_cost(game) if p.second.loads else 0.0
            if game.rules.move_fee_own and two.stops and p.second.loads:
                # Pay To Move: and a loaded train 2's fares to its delivery (train 2 holds train 1's alike)
                with game.train_view(2, self.seat):
                    self._cash_held += two._fares(game)
        self._ensure_plan(game)
        return two

    def _driver2(self, game) -> PlannerBot | None:
        """Train 2's driver under Run Two Trains (Variants & Optional Rules > Challenging Variants): a bot of
        this one's level and options that plans for train 2 over the cards train 1's plan does not use,
        leaves the hand (discards, the cards drawn) to train 1 and builds after it. ``None`` with one
        train."""
        if self._train2 or game.state.players[self.seat].second is None:
            return None
        if self._second is None:
            self._second = type(self)(self.seat, random.Random(f"planner:train-2:{self.seat}"), level=self.level,
                                      **self._options)
            self._second._train2 = True
        return self._second

    def _with_train2(self, game, two: PlannerBot, act):
        """``act()`` of train 2's driver with train 2 in front (its plan made first, over the cards train 1's
        plan leaves), as an action for train 2."""
        two._turn_key = self._turn_key
        two._failed = {f.replace(", train=2)", ")") for f in self._failed if ", train=2)" in f}
        two._reserved = _cards(self.stops)
        loaded = bool(game.state.players[self.seat].loads)
        two._cash_held = self._remaining_cost(game) + (self._fares(game) if self.stops and loaded else 0)
        with game.train_view(2, self.seat):
            two._ensure_plan(game)
            a = act()
        if a is None or not hasattr(a, "train"):
            return a
        return replace(a, train=2)

    # ================================================================================ planning
    def _ensure_plan(self, game) -> None:
        p = game.state.players[self.seat]
        key = (tuple(p.hand), tuple(sorted(p.loads)), p.position is None)
        if p.delivered != self._progress[0]:
            self._progress = (p.delivered, p.turns)
            self._stuck = self._discard_run = 0
        elif p.turns - self._progress[1] >= 6:          # no delivery for a while: think again
            self._progress = (p.delivered, p.turns)
            self._stuck += 1
            key = None
        if key != self._hand_key or key is None or not self._consistent(p):
            fresh = self._hand_key is None or (self._hand_key[0] != tuple(p.hand))
            if self._hand_key is not None and self._hand_key[0] != tuple(p.hand):
                self._refused.clear()           # a new hand may enter the cities the last one could not
            self._hand_key = key
            self.replan(game)
            if self.discard_ratio > 0 and not self._fresh and p.position is not None:
                self._fresh.extend(self._sample_fresh(game))
            if fresh and self.plan is not None and not p.loads and self.level != "greedy":
                self._fresh.append(self.plan.value)

    def _sample_fresh(self, game, hands: int = 4, *, rs: RouteState | None = None, **search: Any) -> list[float]:
        """What a fresh hand is worth from here: the best plan's value for a few random hands of demand
        cards not in this hand (drawn with the bot's seeded rng), priced on ``rs`` (default: the track now)
        with :meth:`candidates`' ``search`` keywords (``leaders``, ``sources``, ``pairs``)."""
        p = game.state.players[self.seat]
        pool = sorted(c.id for c in game.deck.demand_cards if c.id not in p.hand)
        return self._best_of_hands(game, rs or self.route_state(game), self.rng, pool, hands, **search)

    def _best_of_hands(self, game, rs: RouteState, rng: random.Random, pool: list, hands: int,
                       **search: Any) -> list[float]:
        """The best plan's value (0 for none) for each of ``hands`` random hands of the rules' size that ``rng``
        draws from ``pool`` (card ids), priced on ``rs`` with :meth:`candidates`' ``search`` keywords."""
        size = game.rules.hand_size
        if len(pool) < size:
            return []
        out = []
        for _ in range(hands):
            cands = self.candidates(game, rs, hand=rng.sample(pool, size), carried=(), **search)
            out.append(cands[0].value if cands else 0.0)
        return out

    def _consistent(self, p) -> bool:
        """Every delivery stop has its load on the train or a pick-up before it."""
        return bool(self.stops) and _held_after(p.loads, self.stops) is not None

    def _track_key(self, game) -> tuple:
        """The track now, as a hashable key (the track only changes through an applied action). The last
        key is kept with a copy of the track it was made of: comparing the track to that copy is cheaper
        than hashing it again."""
        tr = game.state.track
        crossings = {k: tuple(v) for k, v in tr.crossings.items()}
        last = self._tk
        if last is not None and last[0] is game.board and last[1] == tr.segments and last[2] == crossings:
            return last[3]
        key = (id(game.board), frozenset(tr.segments.items()), frozenset(crossings.items()))
        self._tk = (game.board, dict(tr.segments), crossings, key)
        return key

    def _memo(self, game, what: str, compute) -> Any:
        """``compute()`` for the track now, kept until the track changes (network, majors connected)."""
        key = (what, self._track_key(game))
        hit = self._memos.get(key)
        if hit is None:
            if len(self._memos) > 8:
                self._memos.clear()
            hit = self._memos[key] = compute()
        return hit

    def _network(self, game) -> frozenset[int]:
        return self._memo(game, "network", lambda: frozenset(game.network(self.seat)))

    def _majors(self, game) -> tuple[str, ...]:
        return self._memo(game, "majors", lambda: tuple(game.connected_majors(self.seat)))

    def route_state(self, game, *, penalty: float | None = None) -> RouteState:
        """The bot's :class:`~eb_core.routes.RouteState` for the position now (kept while the track and the
        segments it plans around are unchanged: its computed rows are reused within and across turns);
        ``penalty`` (M a ferry crossing, default ``ferry_penalty``) sets the searches' ``hop_penalty``."""
        penalty = self.ferry_penalty if penalty is None else penalty
        key = (self._track_key(game), id(game.rules), frozenset(self._blocked | self._refused))
        hit = self._rs.get(penalty)
        if hit is None or hit[0] != key or hit[1].board is not game.board or hit[1].rules is not game.rules:
            rs = RouteState(game.board, game.rules, Position.of(game.state, self.seat),
                            limit=self.search_limit, blocked_edges=sorted(self._blocked | self._refused),
                            hop_penalty=penalty)
            hit = self._rs[penalty] = (key, rs)
        return hit[1]

    def replan(self, game) -> Plan | None:
        """Choose the best plan for the hand, loads and track now (sets :attr:`plan`, :attr:`stops` and
        :attr:`alternatives`); returns it. With ``ferry_penalty``, a hand none of whose plans the cash pays for
        on the routes the penalty prefers is planned again on the cheapest builds (a route by ferry may be
        the one the purse allows)."""
        self._plan_penalty = None
        cands = self.candidates(game)
        if not cands and self.ferry_penalty:
            self._plan_penalty = 0.0         # and its track is built on those cheapest builds
            cands = self.candidates(game, self.route_state(game, penalty=0.0))
        return self._adopt(cands)

    def _adopt(self, cands: list[Plan]) -> Plan | None:
        """Run the first of ``cands`` (ranked best first; they stay as :attr:`alternatives`)."""
        self.alternatives = cands
        self.plan = cands[0] if cands else None
        self.stops = list(self.plan.stops) if self.plan is not None else []
        return self.plan

    def candidates(self, game, rs: RouteState | None = None, hand: Sequence[Any] | None = None,
                   carried: Sequence[str] | None = None, *, start: Any = None, cash: float | None = None,
                   leaders: int | None = None, sources: int | None = None,
                   pairs: int | None = None) -> list[Plan]:
        """Every plan considered for the hand now (or for ``hand``, card ids, carrying ``carried``), best
        first (see the module docstring). ``start`` (a city) and ``cash`` price the plans from another
        place and purse than the train's (a look-ahead: where a plan leaves the train); ``leaders`` plans
        are re-priced exactly (default ``exact_top``; 0: the quick ranking's plans only, the cheapest look);
        ``sources`` sources are priced a demand and ``pairs`` demands paired (defaults: the bot's ``sources``
        and ``pair_options``)."""
        st, board, rules = game.state, game.board, game.rules
        p = st.players[self.seat]
        rs = rs or self.route_state(game)
        n_sources = self.sources if sources is None else sources
        net = self._network(game)
        here = self._here(game)
        if start is None:
            start = here if here is not None else _ahead(board, p.position, p.prev)
        cap = p.train.capacity
        speed = p.train.speed
        have_majors = set(self._majors(game)) if net else set()
        need_majors = {c.name for c in board.major_cities} - have_majors if \
            len(have_majors) < rules.victory_majors else set()

        # the demands in hand: (card, load, city, payout) and their candidate sources
        demands = []
        for cid in (p.hand if hand is None else hand):
            if hand is None and cid in self._reserved:
                continue            # Run Two Trains: the other train's plan delivers on this card
            card = game.deck.card(cid)
            for d in getattr(card, "demands", ()):
                if board.has_city(d.city) and d.load in board.loads:
                    demands.append((cid, d.load, board.city(d.city).name, d.payout))
        if not demands:
            return []
        cities = {c for _, _, c, _ in demands}
        srcs_of: dict[str, list[str]] = {}
        for _, ld, _, _ in demands:
            if ld not in srcs_of:
                srcs_of[ld] = [c.name for c in board.sources(ld)]
        rs.prepare(list(cities) + ([start] if start is not None else []))
        # sources: the cheapest few by build cost towards the demand city (the row already computed)
        options = []        # (card, load, dest, payout, [sources or None = on the train])
        carried = list(p.loads if carried is None else carried)
        pay_of = {(cid, city, ld): pay for cid, ld, city, pay in demands}
        for cid, ld, city, pay in demands:
            cands = [s for s in srcs_of.get(ld, []) if s != city]
            ranked = sorted(cands, key=lambda s: (rs.cost(city, s) + (rs.cost(start, s) * 0.5 if start is not None
                                                                      else 0), s))
            keep: list[Any] = ranked[:n_sources]
            if ld in carried:
                keep = [None] + keep
            if keep:
                options.append((cid, ld, city, pay, keep))
        rs.prepare([s for o in options for s in o[4] if s is not None])

        rooted_of: dict = {}

        def rooted(x) -> bool:
            """Track may start there: the network, or a major/key city (rulebook: Beginning Construction)."""
            hit = rooted_of.get(x)
            if hit is None:
                hit = rooted_of[x] = self._rooted(board, net, x)
            return hit

        legs_of: dict = {}

        def leg(a, b):
            hit = legs_of.get((a, b))
            if hit is None:
                hit = legs_of[a, b] = _cheapest_leg(rs, rooted, a, b)
            return hit

        quick_legs: dict = {}
        ports = _ferry_ports(board)

        def hop(x: int, y: int) -> bool:
            """A ferry crossing: the train stages at the port and crosses at half speed next turn."""
            return _ferry_hop(board, ports, x, y)

        def quick(a, b):
            """(cost, estimated mileposts) of a leg without walking its path."""
            hit = quick_legs.get((a, b))
            if hit is None:
                if a is None or a == b:
                    hit = (0.0, 0)
                else:
                    f, r = rs.cost(a, b), rs.cost(b, a)
                    c = r if r < f and (rooted(b) or not rooted(a)) else f
                    hit = (c, _lattice(board, a, b))
                quick_legs[a, b] = hit
            return hit

        penalty = rs.hop_penalty

        def quick_price(a, b) -> float:
            """A quick leg's build price, without the route search's ferry penalty (``rs.hop_penalty``)."""
            return float(sum(w for _, w in leg(a, b)[2]))

        # the loop invariants of score(), read once (score is the planner's innermost loop)
        ferry_turns, reuse, major_reuse = self.ferry_turns, self.reuse, self.major_reuse
        hops_of: dict = {}          # ferry crossings on each exact leg's path
        build_limit = rules.build_limit
        fare = rules.move_fee_own           # Pay To Move: M a turn the train moves on its own track
        cash0 = p.cash - self._cash_held if cash is None else cash
        ride_model, exact_top = self.ride_model, self.exact_top
        join_of = reds = None
        if self.open_join and start is None and not net and rules.build_from_majors:
            # no track yet: the first stop, unless a major or key city, is joined to one first (rulebook:
            # Beginning Construction), as the build phase does (``_build_towards``)
            reds = [c.name for c in board.cities if c.has_red_area]
            rs.prepare(reds)
            join_of = {}
        # the endgame (every major city needed joined, the victory cash within reach): plans ranked by the
        # turns until the cash is in hand, not by their income per turn (rulebook: How to Win)
        finish_at = rest_rate = None
        if self.finish_share > 0 and hand is None and not need_majors and rules.victory_cash \
                and 0 < rules.victory_cash - cash0 <= self.finish_share * rules.victory_cash:
            finish_at = rules.victory_cash
            # the income per turn assumed after a plan that does not get there
            rest_rate = max(1.0, self._typical() * self.finish_rate) if self._fresh else 6.0
        if ride_model:
            ride = _Ride.of(game, p, hand is None)
            runs_of: dict = {}      # each exact leg's rides between ferry crossings

            def runs(a, b, path) -> tuple[int, ...]:
                hit = runs_of.get((a, b))
                if hit is None:
                    hit = runs_of[a, b] = _path_runs(board, path)
                return hit

        def score(stops: list[tuple[str, str, str, Any]], exact: bool) -> Plan | None:
            cost = 0.0
            dist = 0
            seen: dict = {}
            ferry = 0
            cash = cash0
            payout = 0
            to_major = to_other = False       # the stops' discounts (reuse) are those two values only
            joined = 0.0
            a = start
            clock = ride.start if exact and ride_model else None
            paid: list[tuple[int, float]] = []      # (payout so far, turns) at each delivery (the endgame)
            for stop in stops:
                b = stop[1]
                if exact:
                    c, path, steps = leg(a, b)
                    if c == _INF:
                        return None
                    c = 0.0
                    for k, w in steps:
                        if k not in seen:
                            seen[k] = w
                            c += w
                    d = max(0, len(path) - 1)
                    hops = hops_of.get((a, b))
                    if hops is None:
                        hops = hops_of[a, b] = sum(1 for x, y in itertools.pairwise(path) if hop(x, y))
                    if clock is None:
                        ferry += ferry_turns * hops
                    else:
                        clock = ride.run(clock, runs(a, b, path))
                else:
                    hit = quick_legs.get((a, b))
                    c, d = hit if hit is not None else quick(a, b)
                    if c == _INF:
                        return None
                if a is None and join_of is not None:
                    j = join_of.get(b)
                    if j is None:       # the opening's first stop joined to a major or key city
                        j = join_of[b] = 0.0 if rooted(b) else min((rs.cost(m, b) for m in reds), default=_INF)
                    if j == _INF:
                        return None
                    cost += j
                    cash -= j
                    joined = j
                cost += c
                cash -= c
                if cash < 0 and not exact and c >= penalty > 0:     # (a leg dearer than one penalty may cross)
                    cash += c - quick_price(a, b)   # the cash check counts the build price, not the ferry penalty
                if cash < 0:                 # No Credit: the track before a payout must be paid from cash
                    return None
                dist += d
                if fare and cash < fare * (math.ceil(cost / build_limit) + (
                        math.ceil(clock[0] - 1e-9) if clock is not None else math.ceil(dist / speed) + ferry)
                        + (0 if cost == 0 and stop[0] == "deliver" else 1)):
                    # Pay To Move: a fare for every turn so far (building, then riding, its ferry turns too: an
                    # upper bound) and one more must be left in cash -- what the build phase keeps back
                    # (_fares); not the spare one for a delivery on track already laid, whose payout pays the
                    # fares after it (seed 218 of the Basic game stood 5 mileposts from its delivery with 1M
                    # and gave up the card)
                    return None
                if b in need_majors:
                    to_major = True
                else:
                    to_other = True
                if stop[0] == "deliver":
                    pay = pay_of[stop[3], b, stop[2]]
                    cash += pay
                    payout += pay
                    if finish_at is not None:
                        bt = math.ceil(cost / build_limit) if cost > 0 else 0
                        tr = clock[0] - ride.start[0] if clock is not None else (math.ceil(dist / speed) if dist else 0)
                        paid.append((payout, max(float(bt), tr + 0.5 * bt)))
                a = b
            # track into cities the bot needs anyway is worth more than its price
            if not stops:
                weight = reuse
            elif to_major and to_other:
                weight = min(major_reuse, reuse)
            else:
                weight = major_reuse if to_major else reuse
            build_turns = math.ceil(cost / build_limit) if cost > 0 else 0
            travel = math.ceil(dist / speed) if dist else 0
            if clock is not None:           # the ride turn by turn: ferry staging and half-speed crossings
                travel = clock[0] - ride.start[0]
            turns = max(1.0, max(build_turns + 1, travel + 0.5 * build_turns) + ferry)
            # the opening's join is track out of a major city, which victory needs: priced as such
            value = (payout - fare * turns - weight * (cost - joined) - major_reuse * joined) / turns
            finish = None
            if finish_at is not None:
                # the endgame: the turns until the victory cash is in hand -- counting all the plan's track as
                # paid first (the build phase may lay a later leg's track before the delivery that gets there)
                finish = next((t for got, t in paid if cash0 - cost + got >= finish_at), None)
                if finish is None:
                    finish = turns + max(self.finish_floor, (finish_at - cash) / rest_rate)
            return Plan(list(stops), payout, cost, dist, turns, value, finish)

        plans: list[Plan] = []
        n_opt = len(options)
        best_single = [-_INF] * n_opt
        best_src: list[list[Any]] = [[] for _ in range(n_opt)]
        for i in range(n_opt):
            cid, ld, city, pay, srcs = options[i]
            ranked = []
            for s in srcs:
                stops = ([("pickup", s, ld, cid)] if s is not None else []) + [("deliver", city, ld, cid)]
                pl = score(stops, False)
                if pl is not None:
                    if _feasible(stops, carried, cap):
                        # the capacity check the pairs get: a train full of loads for other cards delivers
                        # one first (under an experiment of the eleventh session seed 1011 sat 8 turns at
                        # Newcastle, two loads aboard, under a plan to pick up a third)
                        plans.append(pl)
                    ranked.append((-pl.value, s is not None, s or ""))
                    best_single[i] = max(best_single[i], pl.value)
            ranked.sort()
            # for combinations: the load on the train (if any) and the best source
            best_src[i] = ([None] if None in srcs else []) + [x[2] for x in ranked if x[1]][:1]
        # combinations over the most promising demands only (each judged by its best single plan)
        n_lead = self.pair_options if pairs is None else pairs
        by_single = sorted(range(n_opt), key=lambda i: (-best_single[i], i))
        lead = sorted(by_single[:n_lead])
        if self.max_deliveries >= 2 and cap >= 1:
            for i, j in itertools.combinations(lead, 2):
                a, b = options[i], options[j]
                if a[0] == b[0]:
                    continue                    # one delivery per card
                for sa in best_src[i]:
                    for sb in best_src[j]:
                        for order in _orders2(sa is None, sb is None, cap, len(carried)):
                            stops = []
                            for who, act in order:
                                o, s = (a, sa) if who == 0 else (b, sb)
                                stops.append((act, s if act == "pickup" else o[2], o[1], o[0]))
                            if not _feasible(stops, carried, cap):
                                continue
                            pl = score(stops, False)
                            if pl is not None:
                                plans.append(pl)
        plans.sort(key=_rank)
        # third delivery: insert into the best pairs
        # (a train of two loads too, with ``third_cap`` 2: the third is picked up once a load is off)
        if self.max_deliveries >= 3 and cap >= self.third_cap:
            extra = []
            bases = list(itertools.islice(
                (pl for pl in plans if sum(1 for s in pl.stops if s[0] == "deliver") == 2), 3))
            # the third delivery from the demands that are best on their own (``third_options``)
            third = sorted(by_single[:min(n_lead, self.third_options)])
            for base in bases:
                used = {s[3] for s in base.stops}
                n = len(base.stops)
                # the loads aboard before each of the base's stops (and after the last): a load picked up
                # before stop i and delivered before stop j rides through stops i..j-1, so the insertion
                # fits the train while the most loads aboard over i..j stays below its capacity
                aboard = [len(carried)]
                for act, _, _, _ in base.stops:
                    aboard.append(aboard[-1] + (1 if act == "pickup" else -1))
                for k in third:
                    o = options[k]
                    if o[0] in used:
                        continue
                    for s in best_src[k][:1]:
                        for i in range(n + 1):
                            if s is None:           # the load is on the train: its delivery only
                                stops = base.stops[:i] + [("deliver", o[2], o[1], o[0])] + base.stops[i:]
                                if _feasible(stops, carried, cap):
                                    pl = score(stops, False)
                                    if pl is not None:
                                        extra.append(pl)
                                continue
                            most = 0
                            for j in range(i, n + 1):
                                most = max(most, aboard[j])
                                if most >= cap:
                                    break               # no room over i..j, nor over any longer stretch
                                stops = (base.stops[:i] + [("pickup", s, o[1], o[0])] + base.stops[i:j]
                                         + [("deliver", o[2], o[1], o[0])] + base.stops[j:])
                                pl = score(stops, False)
                                if pl is not None:
                                    extra.append(pl)
            plans.extend(extra)
            plans.sort(key=_rank)
        if leaders is None:
            leaders = exact_top
        if leaders <= 0:
            return plans
        # the leaders re-priced with shared track paid once
        top, seen_stops = [], set()
        for pl in plans:
            key = tuple(pl.stops)
            if key in seen_stops:          # the same stops reached by two enumerations: price them once
                continue
            seen_stops.add(key)
            ex = score(pl.stops, True)
            if ex is not None:
                top.append(ex)
            if len(seen_stops) >= leaders:
                break
        top.sort(key=_rank)
        return top

    # ================================================================================ operations
    def _operations(self, game, p) -> Any:
        st, rules, board = game.state, game.rules, game.board
        if len(p.hand) > rules.hand_size and not self._train2:
            return Discard(self._worst_card(game, p))
        if p.position is None:
            return PlaceTrain(self._start_city(game))
        if not st.ops_started and not build_first(game) and self._should_discard(game, p):
            return self._discard(p)
        dl = game.legal_deliveries()
        if dl:
            def pay(x):
                return max(d.payout for d in game.deck.card(x[1]).demands if d.load == x[0])
            ld, cid = max(dl, key=pay)
            here = self._here(game)
            self.stops = [s for s in self.stops if not (s[0] == "deliver" and s[2] == ld and s[1] == here)]
            return Deliver(ld, cid)
        here = self._here(game)
        if here is not None:
            wanted = [d.load for _, d in game.demands(self.seat)]
            planned = [s[2] for s in self.stops if s[0] == "deliver"]
            for ld in sorted(set(p.loads)):
                if ld not in wanted and repr(Drop(ld)) not in self._failed:
                    return Drop(ld)
            if self._holds(game, p):
                # a hand drawn mid-turn that is worth much less than a fresh one: carry none of its loads
                # (a load aboard commits the bot to the plan) and discard it at the start of the next turn
                return EndOperations()
            picks = game.legal_pickups()
            for i, (act, city, ld, _) in enumerate(self.stops):
                if act == "pickup" and city == here and ld in picks and repr(PickUp(ld)) not in self._failed \
                        and len(p.loads) < p.train.capacity:
                    del self.stops[i]
                    self._hand_key = (tuple(p.hand), tuple(sorted(p.loads + [ld])), False)
                    return PickUp(ld)
            # keep the train full: a load some card wants, if the plan leaves room for it
            need = sum(1 for s in self.stops if s[0] == "pickup")
            room = p.train.capacity - len(p.loads) - need
            if room > 0 and self.level != "greedy":
                net = self._network(game)
                reach = {d.load for _, d in game.demands(self.seat)
                         if any(m in net for m in board.city(d.city).mileposts)}
                for ld in picks:
                    if ld in reach and ld not in p.loads and ld not in planned and repr(PickUp(ld)) not in self._failed:
                        self._hand_key = (tuple(p.hand), tuple(sorted(p.loads + [ld])), False)
                        return PickUp(ld)
            # pick-ups due here now: the plan's first stops, up to its first stop elsewhere (a plan may come
            # back here later for a load the full train has no room for yet: that one waits, seed 1199)
            pending = list(itertools.takewhile(lambda s: s[1] == here, self.stops))
            if any(s[0] == "pickup" for s in pending):
                # the chip is gone or an event blocks it: plan again (the plan then goes elsewhere)
                self._hand_key = None
                self._ensure_plan(game)
                if any(s[0] == "pickup" for s in itertools.takewhile(lambda s: s[1] == here, self.stops)):
                    return EndOperations()
        if game.movement_left() > 0:
            path = self._move_path(game, p)
            if path:
                return Move(path)
        return EndOperations()

    def _discard(self, p) -> DiscardHand:
        """Discard the whole hand (and count it: discards, and the run of them since the last delivery)."""
        self._discards += 1
        self._discard_run += 1
        if self.stuck_poor and self._discard_run >= 3:
            # three hands or more in a row: from the next one the bot runs what its cash pays for (see _poor);
            # give that plan the full 12 turns before the "no delivery" rule may discard it
            self._progress = (p.delivered, p.turns)
            self._stuck = 0
        self._hand_key = None
        return DiscardHand()

    def _worst_card(self, game, p):
        """The card to give up when the hand is one too many (the four-card start): the one the plans use
        least, never one the plan -- or under Run Two Trains the other train's plan -- delivers on."""
        keep = {s[3] for s in self.stops} | self._reserved
        best_of: dict[Any, float] = {}
        for pl in self.alternatives:
            for s in pl.stops:
                best_of[s[3]] = max(best_of.get(s[3], -_INF), pl.value)
        cands = [c for c in p.hand if c not in keep] or list(p.hand)
        return min(cands, key=lambda c: (best_of.get(c, -_INF), c))

    def _should_discard(self, game, p) -> bool:
        """Discard the hand when no plan can be paid for, or when the best plan is worth much less than a
        fresh hand has been worth (the loads on the train stay on it)."""
        if not self._may_discard(game):
            return False
        if self.plan is None:
            return True
        carried = any(s[0] == "deliver" and s[2] in p.loads for s in self.stops)
        if carried and self.plan.build_cost == 0:
            return False        # a load on the train goes to a card in hand over track already built: run it
        if self._stuck >= 2 and not self._delivering(game, p):
            # no delivery in 12 turns and nothing on the way: new cards
            self._stuck = 0
            return True
        return self._poor(p, game)       # (no discard with a load aboard for a card in hand: _poor says so)

    def _delivering(self, game, p) -> bool:
        """The plan's next stop delivers a load aboard over track already laid, and the cash pays the fare to
        move (Pay To Move): the train is on its way to be paid, whatever the turns since the last delivery.
        (Seed 110 of the standard game under Pay To Move gave up Tourists for Madrid 18 mileposts away, with
        3M, and never moved again.)"""
        if not self.stops or p.cash < game.rules.move_fee_own:
            return False
        act, city, load, _ = self.stops[0]
        start = self._here(game) or _ahead(game.board, p.position, p.prev)
        if act != "deliver" or load not in p.loads or start is None:
            return False
        rs = self.route_state(game)
        rs.prepare([start, city])
        return rs.costs_nothing(start, city)

    def _holds(self, game, p) -> bool:
        """``hold_poor``: the hand was drawn after the bot acted this turn (a discard must wait for the next
        turn) and its best plan is poor: run none of it now. Sets :attr:`held` to the turn."""
        st = game.state
        acted = st.ops_started or st.phase != "operations"
        if not (self.hold_poor and acted and self._may_discard(game) and self._poor(p, game)):
            return False
        self.held = (st.turn, st.current)
        return True

    def _may_discard(self, game) -> bool:
        """The rules let the bot discard its whole hand (Empire Express does not: ``discard_hand``), and it has
        neither been refused this turn nor discarded 300 times. Under Run Two Trains only train 1's driver
        discards, and not while train 2's plan is under way unless neither train has delivered for six
        turns (both plans stuck: seed 1026 of the standard game had both trains loaded and 0M)."""
        if self._train2 or (self._second is not None and self._second.stops and not self._stuck):
            return False
        return game.rules.discard_hand and self._discards < 300 and "DiscardHand()" not in self._failed

    def _poor(self, p, game=None) -> bool:
        """The plan is poor: it earns less in its turns than a fresh hand would in the turns a discard leaves
        (``discard_turns``; with 0, less than ``discard_ratio`` times a typical fresh hand a turn), and no load
        aboard goes to a card in hand."""
        if self.plan is None or self.discard_ratio <= 0 or len(self._fresh) < 3:
            return False
        if self._discard_run >= 3:
            # three hands in a row discarded since the last delivery: too poor for the plans a typical hand
            # brings, so run the one it can pay for, at a loss if need be -- its track stays and the train
            # earns again (seed 1159 had 27M in Iberia and discarded for 140 turns)
            return False
        if any(s[0] == "deliver" and s[2] in p.loads for s in self.stops):
            return False
        if self.plan.finish is not None and self.plan.finish <= self.plan.turns:
            # the endgame: this plan brings the victory cash (a plan that falls short is counted more turns
            # than its own), and a discard would only lose the turn (rulebook: How to Win)
            return False
        if self.discard_turns:
            # in the plan's t turns it earns value x t; a discard costs discard_turns of them, and a fresh hand
            # earns typical x (t - discard_turns) in the rest (a plan's turns are at least 1)
            t = self.plan.turns
            typical = self._typical()
            need = self.plan.value * t / (t - self.discard_turns) if t > self.discard_turns else _INF
            lo, hi = self.local_band
            if self.local_fresh and game is not None and lo * typical <= need <= hi * typical:
                # a close call: judged against fresh hands drawn where the train is, on the track now
                typical = self._local_typical(game, p)
            self.fresh_used = typical
            return self.plan.value * t < typical * (t - self.discard_turns)
        return self.plan.value < self.discard_ratio * self._typical()

    def _local_typical(self, game, p) -> float:
        """``local_fresh``: what a fresh hand is worth from where the train is now -- the median best plan of
        ``local_fresh`` random hands (:meth:`_sample_fresh`), priced from the train's place on the track, once
        a hand. The samples are priced with a cheaper search (``local_sources`` sources a demand,
        ``local_pairs`` demands paired, ``local_leaders`` plans priced exactly) on a route state kept for
        ``local_stale`` turns (0: the track now), so that its rows serve several hands."""
        key = tuple(p.hand)
        if self._local is None or self._local[0] != key:
            rs = None
            if self.local_stale:
                if self._local_rs is None or p.turns - self._local_rs[0] >= self.local_stale \
                        or self._local_rs[1].board is not game.board or self._local_rs[1].rules is not game.rules:
                    self._local_rs = (p.turns, self.route_state(game))
                rs = self._local_rs[1]
            vals = self._sample_fresh(game, self.local_fresh, rs=rs, leaders=self.local_leaders,
                                      sources=self.local_sources, pairs=self.local_pairs)
            self._local = (key, _upper_median(vals) if vals else self._typical())
        return self._local[1]

    def _open_poor(self, game) -> bool:
        """The opening hand is poor: its best plan is worth less than ``open_discard`` times what a random
        hand of three cards is worth at the start (:meth:`_open_typical`; rulebook: Starting the Game >
        Special Build Turns, "You may give up a special turn to discard your hand and replace it with three
        new cards")."""
        return self.plan.value < self.open_discard * self._open_typical(game)

    def _open_typical(self, game) -> float:
        """The upper median of the best plans of ``open_samples`` random hands (drawn with a fixed seed) on
        the empty board with the starting cash and train: the same for every game of a deck, board, rules and
        bot settings, so computed once for them."""
        def compute(deck) -> float:
            rs = RouteState(game.board, game.rules, Position.empty(), limit=self.search_limit,
                            hop_penalty=self.ferry_penalty)
            vals = self._best_of_hands(game, rs, random.Random("planner:open-typical"),
                                       sorted(c.id for c in deck.demand_cards), self.open_samples,
                                       cash=game.rules.start_cash)
            return _upper_median(vals) if vals else 0.0
        return derived(game.deck, ("planner:open-typical", game.board, repr(game.rules), self.settings), compute)

    def _typical(self) -> float:
        """What a fresh hand is worth: the median of the fresh hands' best plans so far."""
        return _upper_median(self._fresh)

    def _here(self, game) -> str | None:
        p = game.state.players[self.seat]
        c = game.board.city_at(p.position) if p.position is not None else None
        return c.name if c is not None else None

    def _start_city(self, game) -> str:
        """The first stop if the network reaches it, else the network's city nearest to it."""
        board = game.board
        net = self._network(game)
        cities = sorted({c.name for c in board.cities if any(m in net for m in c.mileposts)})
        for act, city, _, _ in self.stops:
            if city in cities or not cities:
                return city
            rs = self.route_state(game)
            rs.prepare([city])
            return min(cities, key=lambda c: (rs.cost(city, c), c))
        if cities:
            return self.rng.choice(cities)
        return self.rng.choice(sorted(c.name for c in board.major_cities))

    def _move_path(self, game, p) -> tuple[int, ...] | None:
        """The start of the fewest-milepost trip to the next stop on built track (renting when the bot
        has cash to spare, rulebook: Renting Track); a trip that would reverse outside a city is
        replaced by one that does not go straight back."""
        board, rules = game.board, game.rules
        here = self._here(game)
        target = next((city for _, city, _, _ in self.stops if city != here), None)
        if target is None:
            return None
        pos = Position.of(game.state, self.seat)
        rent = p.cash >= rules.rent + 10
        found = False
        key = (self._track_key(game), target, rent)
        for blocked in [None] + ([[(p.position, p.prev)]] if p.prev is not None else []):
            cached = self._trip if blocked is None and self._trip is not None and self._trip[0] == key else None
            if cached is not None and p.position in cached[1]:
                # the rest of the trip found earlier on this track (a fewest-milepost trip's tail is one)
                trip_path = cached[1][cached[1].index(p.position):]
            else:
                try:
                    trip = shortest_trip(board, rules, p.position, target, position=pos, rent=rent,
                                         blocked_edges=blocked, ferry_extra=self.ferry_steps)
                except (InvalidAction, ValueError):
                    continue
                if trip is None:
                    continue
                trip_path = trip.path
                if blocked is None:
                    self._trip = (key, trip_path)
            if len(trip_path) < 2:
                continue
            found = True
            path = game.longest_legal_move(list(trip_path[1:1 + game.movement_left() + 4]))
            if path and repr(Move(path)) not in self._failed:
                return tuple(path)
            hop = game.index.hop.get(seg_key(p.position, trip_path[1])) if not path and not p.staged else None
            if hop is not None and not hop.is_tunnel:
                return None      # the trip crosses a ferry from this port: staying here stages the train
        if not found and self.frontier:
            return self._to_frontier(game, p, target, pos, rent)
        return self._escape(game, p) if found and p.moves_used == 0 else None

    def _to_frontier(self, game, p, target: str, pos: Position, rent: bool) -> tuple[int, ...] | None:
        """With the track to the next stop not yet complete, ride along the part of its cheapest build
        that is already laid (``frontier``): the train is that much nearer when the track is finished,
        where it used to wait at its last stop for the whole of it. The laid part runs over the bot's own
        track, the public track of major and key cities and the ferries and tunnel it owns (a ferry on the
        way is staged for as on any trip: rulebook, Movement Using a Ferry)."""
        board, tr, seat = game.board, game.state.track, self.seat
        rs = self.route_state(game, penalty=self._plan_penalty)
        start = self._here(game) or p.position
        rs.prepare([start])
        c, path, _ = rs.leg(start, target)
        if c == _INF or len(path) < 2:
            return None
        end = None
        for x, y in itertools.pairwise(path):
            if not self._laid(board, tr, seat, x, y):
                break
            end = y
        if end is None or end == p.position:
            return None
        try:
            trip = shortest_trip(board, game.rules, p.position, end, position=pos, rent=rent,
                                 ferry_extra=self.ferry_steps)
        except (InvalidAction, ValueError):
            return None
        if trip is None or len(trip.path) < 2:
            return None
        path = game.longest_legal_move(list(trip.path[1:1 + game.movement_left()]))
        if path and repr(Move(tuple(path))) not in self._failed:
            return tuple(path)
        return None

    def _escape(self, game, p) -> tuple[int, ...] | None:
        """Forward to the nearest city when the trip would need reversing outside a city (rulebook:
        Movement, trains reverse only in cities): the way out of a dead-end spur."""
        board = game.board
        start = p.position
        for m, came in self._ahead(game, p, lambda x: board.city_at(x) is not None,
                                   rent=p.cash >= game.rules.rent + 10):
            path = [m]
            while came[path[-1]] != start:
                path.append(came[path[-1]])
            path = game.longest_legal_move(path[::-1])
            if path and repr(Move(tuple(path))) not in self._failed:
                return tuple(path)
        return None

    def _ahead(self, game, p, end, *, rent: bool):
        """The mileposts ``end`` accepts that the train reaches on track going forward (not straight back the
        way it came), nearest first by steps, each with the ``came`` links of the search (milepost -> the one
        before it); the search does not go on through them."""
        start, prev = p.position, p.prev
        came = {start: None}
        queue = [start]
        for m in queue:
            if m != start and end(m):
                yield m, came
                continue
            for nb in game.track_neighbors(m, self.seat, rent=rent):
                if nb in came or (m == start and nb == prev):
                    continue
                came[nb] = m
                queue.append(nb)

    # ================================================================================ build
    def _build(self, game, p) -> Any:
        st, rules = game.state, game.rules
        if st.special_round and not p.spent and not self._network(game) and self._may_discard(game) \
                and (self.plan is None or (self.open_discard and self._open_poor(game))):
            # a special turn given up for new cards (Starting the Game > Special Build Turns): no plan, or a poor one
            self._discards += 1
            self._hand_key = None
            return DiscardHand()
        if operations_next(game) and not p.spent and not p.upgraded and self._should_discard(game, p):
            # building comes first (Less Thinking During Your Turns): the hand is discarded before anything
            # is built, the only moment it still may be (rulebook: How to Play)
            return self._discard(p)
        if meets_victory(game, self.seat):
            # victory is met: the game ends with this round (rulebook: How to Win), and cash spent now
            # could only take it away again -- build nothing (judged by the rules the bot plans for)
            return EndTurn()
        budget = self._budget(game, p)
        two = self._driver2(game)
        # 1. the plan's track, leg by leg from where the train is (then train 2's, under Run Two Trains)
        if not p.upgraded and not self._holds(game, p):
            a = self._build_plan_legs(game, p, budget) if budget > 0 else None
            if a is None and budget > 0:
                a = self._way_out(game, p, budget)
            if a is None and two is not None:
                a = self._with_train2(game, two, lambda: two._build_own_legs(game, p))
            if a is not None:
                return a
        # 2. upgrade when it pays back (train 1 first)
        a = self._upgrade(game, p)
        if a is None and two is not None:
            a = self._with_train2(game, two, lambda: two._upgrade(game, p))
        if a is not None:
            return a
        # 3. the major cities still missing for victory
        if budget > 0 and not st.special_round and not p.upgraded:
            have = set(self._majors(game))
            if len(have) < rules.victory_majors and self._majors_now(game, p, budget):
                a = self._build_to_major(game, have, budget)
                if a is not None:
                    return a
        return EndTurn()

    def _way_out(self, game, p, budget: int) -> Build | None:
        """Track on to the nearest city or port ahead, when the train stands on a spur outside a city whose
        track ahead reaches none, with nothing of its plan to build: it may reverse only in a city or at a
        port (rulebook: Running the Train, Standard Game). The train rides a leg while it is laid
        (``frontier``); when the rest of the leg is refused (Honeymoon: a small city the hand has no demand
        for), it is left facing the end of the track -- seeds 3081 and 1179 of the standard Honeymoon game sat
        there for 100 turns."""
        board, pos, prev = game.board, p.position, p.prev
        if pos is None or prev is None or game.rules.reverse_anywhere or board.city_at(pos) is not None \
                or board.is_port(pos):
            return None
        if next(self._ahead(game, p, lambda m: board.city_at(m) is not None or board.is_port(m), rent=False),
                None) is not None:
            return None                     # a city or port ahead on the track: the train can turn there
        closed = sorted(self._blocked | self._refused | {(pos, prev), (prev, pos)})
        here = Position.of(game.state, self.seat)
        near = sorted(board.cities, key=lambda c: (_lattice(board, pos, c.name), c.name))[:4]
        plans = [pl for c in near
                 if (pl := cheapest_build(board, game.rules, pos, c.name, position=here, blocked_edges=closed))]
        for plan in sorted(plans, key=lambda pl: pl.cost):
            a = self._build_plan(game, plan, budget)
            if a is not None:
                return a
        return None

    def _build_own_legs(self, game, p) -> Build | None:
        """Train 2's driver (Run Two Trains): its plan's track, with what this build phase has left and the
        cash train 1's plan does not still need."""
        budget = self._budget(game, p)
        return self._build_plan_legs(game, p, budget) if budget > 0 and self.plan is not None else None

    def _budget(self, game, p) -> float:
        """What this build phase may still spend on this train's plan: the build limit left, and the cash less
        the fares kept back (Pay To Move) and what the other train's plan still needs (Run Two Trains)."""
        return min(game.rules.build_limit - p.spent, p.cash - self._fares(game) - self._cash_held)

    def _upgrade(self, game, p) -> Upgrade | None:
        """The upgrade to the fastest train on offer, when it pays (:meth:`_upgrade_pays`) and this build
        phase has neither built nor upgraded yet (not in a special build turn)."""
        st, rules = game.state, game.rules
        opts = rules.upgrade_options(p.train)
        if self.upgrade_speed_only:
            opts = [t for t in opts if t.speed > p.train.speed]
        if opts and not st.special_round and not p.spent and not p.upgraded and self._upgrade_pays(game, p):
            to = max(opts, key=lambda t: (t.speed, t.capacity))
            if repr(Upgrade(to)) not in self._failed:
                return Upgrade(to)
        return None

    def _build_plan_legs(self, game, p, budget: int) -> Build | None:
        """The first stretch of new track on the plan's legs that can be built now (from the network or
        a major/key city, rulebook: Beginning Construction), as far as ``budget`` goes."""
        board = game.board
        tr = game.state.track
        seat = self.seat
        net = self._network(game)
        start = self._here(game) or _ahead(board, p.position, p.prev)
        places = ([start] if start is not None else []) + [c for _, c, _, _ in self.stops]
        if len(places) < 2:
            return None
        rs = self.route_state(game, penalty=self._plan_penalty)
        rs.prepare_free(places)      # the legs already built are skipped without computing their rows

        def rooted(m: int) -> bool:
            return m in net or self._red(board, m)

        for a, b in itertools.pairwise(places):
            if a == b:
                continue
            ba = self._rooted(board, net, b) or not self._rooted(board, net, a)    # may build from b
            if rs.costs_nothing(a, b) or (ba and rs.costs_nothing(b, a)):
                continue                                # this leg is built (its cheapest build costs 0)
            rs.prepare([a, b])
            c, path, steps = rs.leg(b, a) if ba and rs.cost(b, a) < rs.cost(a, b) else rs.leg(a, b)
            price = dict(steps)
            if c == _INF or not steps or len(path) < 2:
                continue                                # no route, or nothing on it to build
            runs: list[list[int]] = []
            for x, y in itertools.pairwise(path):
                if not self._laid(board, tr, seat, x, y):
                    if runs and runs[-1][-1] == x:
                        runs[-1].append(y)
                    else:
                        runs.append([x, y])
            for run in runs:
                for seq in (run, run[::-1]):
                    if rooted(seq[0]):
                        act = self._longest(game, _within(seq, price, budget), budget)
                        if act is not None:
                            return act
            # nothing on this leg joins the network yet: join its first city to it
            for city in (a, b):
                if isinstance(city, str) and not any(m in net for m in board.city(city).mileposts):
                    act = self._build_towards(game, city, budget)
                    if act is not None:
                        return act
            return None
        return None

    @staticmethod
    def _laid(board, tr, seat: int, x: int, y: int) -> bool:
        """The step ``x``-``y`` needs no building by ``seat``: its own track, the public track of a major or
        key city, or a ferry or tunnel crossing it owns."""
        if board.edge(x, y) is None:                   # a ferry or tunnel hop
            return any(cr.other_port(x) == y and seat in tr.crossing_owners(cr.name) for cr in board.crossings_at(x))
        return board.is_red_area(x, y) or tr.segments.get(seg_key(x, y)) == seat

    @staticmethod
    def _rooted(board, net, where) -> bool:
        """New track may start at ``where`` (a city name or milepost): it is on the network ``net`` or is a
        major/key city (rulebook: Beginning Construction)."""
        if isinstance(where, str):
            c = board.city(where)
            return c.has_red_area or any(m in net for m in c.mileposts)
        return where in net or PlannerBot._red(board, where)

    @staticmethod
    def _red(board, m: int) -> bool:
        c = board.city_at(m)
        return c is not None and c.has_red_area

    def _longest(self, game, path: Sequence[int], budget: int) -> Build | None:
        """The longest start of ``path`` within ``budget`` that passes every build rule (the whole-board
        no-blocking checks included, so the checked ``apply`` accepts it)."""
        for end in range(len(path), 1, -1):
            sub = tuple(path[:end])
            if repr(Build(sub)) in self._failed:
                continue
            try:            # the checked plan first: its cost is the unchecked plan's when it passes
                if game.plan_build(sub).cost > budget:
                    continue
                return Build(sub)
            except (IllegalAction, InvalidAction):
                pass
            try:
                cost = game.plan_build(sub, check=False).cost
            except IllegalAction as e:
                if end == 2 and e.rule in _ENTRY_RULES:
                    # the first segment enters a city this player may not enter now (Honeymoon: no demand
                    # for it or its loads in hand; a city full of other players): plan around it until the
                    # hand changes (seed 3081 sat 140 turns before the Liverpool-Dublin ferry)
                    self._refused.add(sub)
                    self._hand_key = None
                continue
            except InvalidAction:
                continue
            if cost > budget:
                continue
            # a rule of the whole board (no blocking) refuses it
            self._failed.add(repr(Build(sub)))
            if len(sub) == 2:           # this segment breaks a whole-board rule: plan around it
                self._blocked.add(tuple(sub))
                self._hand_key = None
        return None

    def _remaining_cost(self, game) -> float:
        """What the plan's stops not on the network still cost to join."""
        net = self._network(game)
        board = game.board
        missing = [c for _, c, _, _ in self.stops if not any(m in net for m in board.city(c).mileposts)]
        if not missing or self.plan is None:
            return 0.0
        return self.plan.build_cost

    def _fares(self, game) -> int:
        """Pay To Move (rulebook: Variants & Optional Rules > Pay To Move, 1M a turn the train moves on its
        own track): the cash kept back from building and upgrading for the fares until the plan's next
        delivery pays -- the turns of riding its legs (the paths its track is built on, ferry staging and
        half-speed crossings as the plans time them: :class:`_Ride`) and one to spare; two turns' without a
        plan. With 0M the train cannot move on its own track and never earns again. The plans are priced to
        leave as much (a fare for each turn of building and riding so far, and one more: :meth:`candidates`).
        0 when moving is free."""
        fee = game.rules.move_fee_own
        if not fee:
            return 0
        p = game.state.players[self.seat]
        if self.plan is None or not self.stops:
            return 2 * fee
        board = game.board
        places: list[Any] = [self._here(game) or _ahead(board, p.position, p.prev)]
        for act, city, _, _ in self.stops:
            places.append(city)
            if act == "deliver":
                break
        rs = self.route_state(game)
        rs.prepare([x for x in places if x is not None])
        ride = _Ride.of(game, p, True)
        clock = ride.start
        for a, b in itertools.pairwise(places):
            if a is None or a == b:
                continue
            c, path, _ = rs.leg(a, b)
            if c == _INF:
                # no route for the leg now (an event's closure): the crow's distance, a third longer
                clock = (clock[0] + 1.3 * _lattice(board, a, b) / p.train.speed + 1, clock[1])
            else:
                clock = ride.run(clock, _path_runs(board, path))
        return fee * (math.ceil(clock[0] - 1e-9) + 1)

    def _upgrade_pays(self, game, p) -> bool:
        rules = game.rules
        reserve = self._remaining_cost(game) + self._fares(game) + self._cash_held
        if self.upgrade_payback <= 0:        # greedy: only when rich
            return p.cash >= rules.upgrade_cost + 60 + reserve
        if self.plan is None and self.plan_upgrade:
            return False
        return p.cash >= rules.upgrade_cost + reserve + self.upgrade_margin and p.delivered >= self.upgrade_after

    def _majors_now(self, game, p, budget: int) -> bool:
        rules = game.rules
        if self.level == "greedy":
            return p.cash >= rules.victory_cash * 0.7 or p.cash - budget >= 60
        reserve = self._remaining_cost(game) + self.major_cushion
        return p.cash - budget >= reserve or p.cash >= rules.victory_cash * self.major_cash_share

    def _build_to_major(self, game, have: set[str], budget: int) -> Build | None:
        """Track towards the missing major city cheapest to join to the network."""
        board, rules = game.board, game.rules
        pos = Position.of(game.state, self.seat)
        best = None
        for c in board.major_cities:
            if c.name in have:
                continue
            plan = cheapest_connection(board, rules, c.name, position=pos)
            if plan is not None and plan.cost == 0 and have:
                # the network touches the city, but that part of it is not joined to the main group
                # (How to Win counts one connected network): join the city to a major already in it
                joins = [cheapest_build(board, rules, c.name, m, position=pos) for m in sorted(have)]
                plan = min((j for j in joins if j is not None), key=lambda j: j.cost, default=None)
            if plan is not None and plan.cost > 0 and (best is None or plan.cost < best.cost):
                best = plan
        if best is None:
            return None
        return self._build_plan(game, best, budget)

    def _build_towards(self, game, city: str, budget: int) -> Build | None:
        plan = cheapest_connection(game.board, game.rules, city, position=Position.of(game.state, self.seat))
        if plan is None or plan.cost == 0:
            return None
        return self._build_plan(game, plan, budget)

    def _build_plan(self, game, plan, budget: int) -> Build | None:
        """The longest start of ``plan``'s new track that fits in ``budget`` and the engine accepts."""
        segs = plan.segments
        first = next((i for i, s in enumerate(segs) if s.total > 0 or s.crossing_name), None)
        if first is None:
            return None
        path = list(plan.mileposts)[first:]
        spent, stop = 0, 1
        for sg in segs[first:]:
            if spent + sg.total > budget:
                break
            spent += sg.total
            stop += 1
        return self._longest(game, path[:max(stop, 2)], budget)


def _upper_median(vals) -> float:
    """The median of ``vals`` (the upper of the two middle values for an even count)."""
    return sorted(vals)[len(vals) // 2]


def _cheapest_leg(rs: RouteState, rooted, a, b) -> tuple:
    """The cheapest build between ``a`` and ``b`` as ``(cost, mileposts from a to b, steps)``, priced from
    the end track may start from (``rooted(x)``: on the network or a major/key city; into a small or medium
    city costs its entry and out of it does not, rulebook: Beginning Construction). Only the chosen
    direction's path is walked (``rs.cost`` is a leg's cost)."""
    if a is None or a == b:
        return (0.0, (), ())
    if rs.cost(b, a) < rs.cost(a, b) and (rooted(b) or not rooted(a)):
        r = rs.leg(b, a)
        return (r[0], r[1][::-1], r[2])
    return rs.leg(a, b)


def _ahead(board, where: int | None, prev: int | None) -> int | None:
    """Where plans are priced from: the train's milepost, or, for a train standing inside a tunnel (the
    Chunnel's three mileposts count for movement, rulebook: Movement Using the Chunnel, so a turn can
    end underground), the port it is heading for -- track cannot be built from underground."""
    if where is None:
        return None
    for cr in board.tunnels:
        if where in cr.mileposts:
            seq = (cr.ports[0], *cr.mileposts, cr.ports[1])
            back = prev is not None and prev in seq and seq.index(prev) > seq.index(where)
            return seq[0] if back else seq[-1]
    return where


@dataclass(frozen=True)
class _Ride:
    """The ride turn by turn (``ride_model``): a clock ``(t, half_end)`` in turns, where the turn's
    movement runs at half rate until ``half_end``. Riding costs ``1/speed`` of a turn a milepost; a ferry
    crossing waits for the next turn (the train ends its turn on the port, rulebook: Movement Using a Ferry)
    and that turn runs at half speed, the crossing its first step (a staged train crosses at once)."""

    speed: int
    half_steps: int
    fixed: int | None           # a crossing's movement points (Fast Game), or None for staging
    start: tuple[float, float]
    cross_now: bool

    @staticmethod
    def of(game, p, own: bool) -> _Ride:
        speed, rules = p.train.speed, game.rules
        half = (speed + 1) // 2 if rules.ferry_half_speed else speed
        ops = own and game.state.phase == "operations" and p.position is not None
        t0 = min(p.moves_used, speed) / speed if ops else 0.0
        cross_now = (not ops and p.position is not None) or (ops and p.moves_used == 0 and bool(p.staged))
        return _Ride(speed, half, rules.ferry_fixed_moves, (t0, t0 if not (ops and p.half_rate) else math.ceil(t0 + 1e-9)),
                     cross_now)

    def run(self, clock: tuple[float, float], runs: tuple[int, ...]) -> tuple[float, float]:
        t, half_end = clock
        for i, n in enumerate(runs):
            if i:                                   # a ferry crossing before this run
                if self.fixed is not None:
                    room = (math.ceil(t + 1e-9) - t) * self.speed
                    if room + 1e-9 < self.fixed:
                        t = math.ceil(t - 1e-9) if room > 1e-9 else t
                    t += self.fixed / self.speed
                else:
                    if t == self.start[0] and t == int(t):      # on the port as the turn begins
                        t += 0.0 if self.cross_now else 1.0
                    else:                                       # the turn ends on the port
                        t = float(math.ceil(t - 1e-9))
                    half_end = t + 1.0
                    t += 1.0 / self.half_steps
            if n and t < half_end - 1e-9:
                room = round((half_end - t) * self.half_steps)
                k = min(n, room)
                t += k / self.half_steps
                n -= k
                if n:
                    t = half_end
            t += n / self.speed
        return (t, half_end)


def _within(path: Sequence[int], price: dict, budget: float) -> list[int]:
    """The start of ``path`` whose estimated price (``price`` per segment key) fits in ``budget`` (plus
    the next step: the engine's own price decides)."""
    spent, out = 0.0, [path[0]]
    for x, y in itertools.pairwise(path):
        out.append(y)
        spent += price.get(seg_key(x, y), 1.0)
        if spent > budget:
            break
    return out


@functools.lru_cache(maxsize=64)
def _orders2(a_carried: bool, b_carried: bool, cap: int, loaded: int) -> tuple:
    return tuple(_orders2_gen(a_carried, b_carried, cap, loaded))


def _cards(stops) -> frozenset:
    """The cards a plan's remaining ``stops`` deliver on."""
    return frozenset(s[3] for s in stops if s[0] == "deliver")


def _ferry_ports(board) -> frozenset:
    """The board's ferry ports (a tunnel's are not: its train rides through)."""
    return derived(board, "planner:ports", lambda b: frozenset(m for cr in b.crossings if not cr.is_tunnel
                                                                for m in cr.ports))


def _ferry_hop(board, ports: frozenset, x: int, y: int) -> bool:
    """A step from ferry port to ferry port with no edge between: a crossing (:func:`_ferry_ports`)."""
    return x in ports and y in ports and board.edge(x, y) is None


def _path_runs(board, path: Sequence[int]) -> tuple[int, ...]:
    """A path's rides between ferry crossings, in movement points, for :meth:`_Ride.run`: a ferry hop
    (port to port, no edge between) ends a run -- the train stages at the port and crosses at half speed
    next turn; a tunnel's port-to-port hop counts its mileposts (the Chunnel's three count for movement,
    rulebook: Movement Using the Chunnel -- no staging)."""
    ports = _ferry_ports(board)
    tunnel_steps = derived(board, "planner:tunnel-steps", lambda b: {
        pair: 1 + len(cr.mileposts) for cr in b.tunnels for pair in (cr.ports, cr.ports[::-1])})
    out, n = [], 0
    for x, y in itertools.pairwise(path):
        if _ferry_hop(board, ports, x, y):
            out.append(n)
            n = 0
        else:
            n += tunnel_steps.get((x, y), 1)
    out.append(n)
    return tuple(out)


def _lattice(board, a, b) -> int:
    """Mileposts between two places as the crow flies on the lattice (a lower estimate of a ride)."""
    last = _LATTICE_MEMO[0]
    if last is not None and last[0]() is board:      # the last board's memo (asked thousands of times a game)
        memo = last[1]
    else:
        memo = derived(board, "planner:lattice", lambda _: {})
        _LATTICE_MEMO[0] = (weakref.ref(board), memo)
    hit = memo.get((a, b))
    if hit is None:
        ma, mb = _xy(board, a), _xy(board, b)
        hit = memo[a, b] = int(round(1.1 * math.hypot(ma[0] - mb[0], ma[1] - mb[1])))
    return hit


_LATTICE_MEMO: list = [None]      # (weak reference to a board, its lattice memo)


def _xy(board, where) -> tuple[float, float]:
    if isinstance(where, str):
        return derived(board, "planner:city-xy", _city_xy)[where]
    m = board.mileposts[where]
    return (m.x, m.y)


@dataclass(frozen=True)
class CoreTree:
    """The board's core network: the cheapest tree found through ``majors`` (the victory's major cities)
    as ``segments`` (the keys of every step on it) costing ``cost`` on an empty board, and ``links`` the major-city pairs
    it joins. ``star`` is what the same majors cost joined to the first of them each on its own (every
    link priced alone, no track shared)."""

    majors: tuple[str, ...]
    links: tuple[tuple[str, str], ...]
    segments: frozenset
    cost: float
    star: float


def core_tree(board, rules) -> CoreTree | None:
    """The cheapest tree through ``rules.victory_majors`` of the board's major cities (How to Win: a
    continuous line connecting that many major cities), computed once per board and build costs: the
    minimum spanning tree over the cheapest builds between every two majors (a Steiner-tree heuristic),
    for every choice of the majors to leave out, keeping the cheapest; a segment two links share is paid
    once. ``None`` on a board without enough major cities.

    >>> import eb_core as eb
    >>> t = core_tree(eb.load_board("europe"), eb.ruleset("europe-standard"))
    >>> len(t.majors), t.cost < t.star
    (7, True)
    """
    from ..routes import cost_key
    return derived(board, ("planner:core-tree", cost_key(rules), rules.victory_majors),
                   lambda b: _core_tree(b, rules))


def _core_tree(board, rules) -> CoreTree | None:
    majors = sorted(c.name for c in board.major_cities)
    need = rules.victory_majors
    if need < 2 or len(majors) < need:
        return None
    rs = RouteState(board, rules)
    rs.prepare(majors)
    best = None
    for keep in itertools.combinations(majors, need):
        # Prim's tree over the pairwise cheapest builds (both directions: into a city costs its entry)
        inside, links, total = [keep[0]], [], 0.0
        rest = set(keep[1:])
        while rest:
            c, a, b = min((min(rs.cost(x, y), rs.cost(y, x)), x, y) for x in inside for y in sorted(rest))
            if c == _INF:
                break
            inside.append(b)
            rest.discard(b)
            links.append((a, b))
            total += c
        if rest or (best is not None and total >= best[0]):
            continue
        best = (total, keep, tuple(links))
    if best is None:
        return None
    _, keep, links = best
    segs: dict = {}
    for a, b in links:
        leg = rs.leg(a, b) if rs.cost(a, b) <= rs.cost(b, a) else rs.leg(b, a)
        for x, y in itertools.pairwise(leg[1]):     # every step, a ferry hop or a red area's too
            segs.setdefault(seg_key(x, y), 0.0)
        segs.update(leg[2])
    star = sum(min(rs.cost(keep[0], m), rs.cost(m, keep[0])) for m in keep[1:])
    return CoreTree(tuple(keep), links, frozenset(segs), float(sum(segs.values())), float(star))


def _city_xy(board) -> dict[str, tuple[float, float]]:
    return {c.name: (board.mileposts[c.center].x, board.mileposts[c.center].y) for c in board.cities}


def _orders2_gen(a_carried: bool, b_carried: bool, cap: int, loaded: int):
    """Orders of two deliveries' pick-ups (``(who, "pickup")``) and deliveries that fit the train."""
    acts = []
    for who, carried in ((0, a_carried), (1, b_carried)):
        if not carried:
            acts.append((who, "pickup"))
        acts.append((who, "deliver"))
    seen = set()
    for perm in itertools.permutations(acts):
        if perm in seen:
            continue
        seen.add(perm)
        ok, held = True, loaded
        picked = {0: a_carried, 1: b_carried}
        for who, act in perm:
            if act == "pickup":
                held += 1
                picked[who] = True
                if held > cap:
                    ok = False
                    break
            else:
                if not picked[who]:
                    ok = False
                    break
                held -= 1
        if ok:
            yield perm


def _rank(plan: Plan) -> tuple:
    if plan.finish is not None:
        return (plan.finish, -plan.value, plan.build_cost)
    return (-plan.value, plan.build_cost)        # a stable sort keeps the (fixed) enumeration order


def _held_after(carried, stops, cap: int | None = None, *, strict: bool = True) -> list[str] | None:
    """The loads on the train after running ``stops`` in order from ``carried``; ``None`` when a delivery's
    load is neither carried nor picked up before it, or the train would hold more than ``cap`` loads
    (``strict=False``: such a delivery takes nothing off the train)."""
    held = list(carried)
    for act, _, ld, _ in stops:
        if act == "pickup":
            held.append(ld)
            if cap is not None and len(held) > cap:
                return None
        elif ld in held:
            held.remove(ld)
        elif strict:
            return None
    return held


def _feasible(stops, carried, cap: int) -> bool:
    """The stops can be run in order: every delivery has its load on the train (carried or picked up
    before) and the train never holds more than ``cap`` loads."""
    return _held_after(carried, stops, cap) is not None


def play_solo(game, bot, *, max_turns: int = 200, on_turn=None):
    """Let one bot play every seat's turns of ``game`` (a solo game has one seat; a list gives one bot per
    seat) until it is over or the first player has taken ``max_turns`` turns. ``on_turn(game)`` is called
    after each completed turn and may return ``True`` to stop (e.g. a simulated loss). Returns the game."""
    bots = bot if isinstance(bot, Sequence) else [bot] * len(game.state.players)
    while not game.over and game.state.players[0].turns < max_turns:
        before = game.state.turn
        b = bots[game.current_player]
        b.step(game)
        if game.state.turn != before and on_turn is not None and on_turn(game):
            break
    return game
