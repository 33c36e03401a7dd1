"""The planning bot: plans over every demand in hand, builds only what the plan needs, upgrades to the
faster train as soon as the cash allows and plans the endgame's major-city connections -- fast enough for
Monte Carlo runs (a few ms a turn). One bot per seat: 2-4 of them (planner or greedy) share a table and
rent each other's track (``benchmarks/bots.py --tables``).

How it plays (the habits the rulebook's "Solo & Variant Rules > Solo Play Scenarios > Basic Solo Play"
asks a player to watch: upgrade early, build only the track the cards need, use more than one card, do
not hold on to bad cards), and where each part lives:

* **Plan** (:mod:`.search`, :meth:`PlannerBot.candidates`; the plan and its timing in :mod:`.plans`). When
  the hand or the loads change, one :class:`~eb_core.routes.RouteState` (one weighted graph, one batched
  Dijkstra over the cities in play) prices every leg between the train, the demand cities and their
  sources. Every plan of one or two deliveries (one per card, every source among the cheapest, every
  pick-up/delivery order the train holds; every demand of the hand paired, even one poor on its own) is
  scored, the best pairs are extended by a third delivery (with a two-load train too, its load picked up
  once a delivery frees the place), and the leaders are re-priced with their legs' track as one network
  (a segment two legs share is paid once). A plan's value is its **income per turn**: ``(payout - reuse x
  track cost) / turns`` (``reuse`` 0.6: the network's track is ridden again by later plans; 0.35 into a
  major city the bot still needs), where ``turns`` counts the ride turn by turn (:class:`~.plans._Ride`:
  from the movement left this turn, a milepost a ``1/speed`` of a turn, and at a ferry the rest of the
  turn on the port and a crossing turn at half speed, rulebook: Movement Using a Ferry) and the 20M-a-turn
  build limit overlapping with the ride. The Chunnel is ridden at full speed, its three mileposts counted
  (rulebook: Movement Using the Chunnel).
* **Ferry time** (``ferry_penalty`` 4M, ``ferry_steps`` 12). The route searches charge every ferry crossing
  4M more than its build price, so a slightly dearer way by land (or through the Chunnel) wins over a ferry
  that costs the rest of a turn on the port and a turn at half speed. A plan is still charged its build
  price and No Credit is judged on that price; a hand whose plans the cash pays for only over a ferry is
  planned again without the penalty.
* **Discard** (:mod:`.discard`; rulebook: How to Play, "discard your entire hand") when the best plan
  earns less in its turns than a fresh hand would in the turns left after the discard: ``value x turns <
  typical x (turns - discard_turns)``, a discard reckoned at 1.5 turns, ``typical`` the median of each new
  hand's best plan so far. **A close call** is judged against what a discard would bring *here*: the
  median best plan of 10 random hands of the deck priced from the train's place on its track. **A poor
  opening hand** (rulebook: Starting the Game > Special Build Turns, "You may give up a special turn to
  discard your hand") is given up in a special build turn, before any track is laid, when its best plan is
  worth less than 0.8 of a random hand's at the start. **A poor hand drawn mid-turn is held**: none of its
  loads picked up, no track built for it, discarded at the start of the next turn. After three discards in
  a row the bot runs the plan its cash pays for, at a loss if need be. No upgrade while no plan is
  affordable. Where the rules have no discard of the whole hand (Empire Express) none is tried.
* **Operations** (:mod:`.operations`). Deliver, drop loads no card wants, pick up the plan's loads (and,
  with room to spare, any load a card in hand wants that the network reaches), then move along the
  fewest-milepost trip to the next stop. Where the track to the next stop is not finished (the Build Phase
  comes after the Operations Phase, rulebook: How to Play), the train rides along the part of that leg
  already laid, as far as its movement goes, instead of waiting at its last stop.
* **Endgame** (rulebook: How to Win). With every major city needed joined and the cash within 40 % of the
  victory sum, plans are ranked by the turns until the victory cash is in hand (:attr:`Plan.finish`), not
  by income per turn; a plan that does not get there is counted its turns plus the rest at 70 % of a
  typical hand's income, and at least 3 turns more. A hand whose plan brings the victory cash is not
  discarded; once the victory conditions are met the build phase spends nothing.
* **Build** (:mod:`.building`). The plan's next unconnected stop first (cheapest connection to the network,
  as far as the 20M budget goes), priced and built in the direction track can be built (from the network or
  a major/key city: building into a small or medium city costs its entry, out of it does not, rulebook:
  Beginning Construction); then an upgrade to the Fast Freight as soon as the cash covers it and the plan's
  track; then, with cash to spare or near the victory cash, the cheapest missing major city.
  :func:`core_tree` (:mod:`.core_tree`) is the board's core network, the cheapest tree through the
  victory's major cities (83M on the Europe board).
* **Variants** (rulebook: Variants & Optional Rules). *Pay To Move*: the build phase and the upgrade keep
  back the fares until the plan's next delivery pays. *Run Two Trains*: train 2 has a driver of its own
  (the same level and options) that plans over the cards train 1's plan leaves; each train's plans set
  aside the cash the other's still needs. *Honeymoon* (and a city full of other players): a build refused
  for entering a city is planned around until the hand changes. *Open Contracts*: the contracts face up
  beside the board are planned over with the hand ("available to all players", a solo player's own
  discards among them), and a discard is judged with the cards it leaves face up still in play. *Field
  Warehousing*: a load left in a city is a source of that load like the cities that produce it.

The settings of each level and every option are in :mod:`.settings` (:data:`LEVELS`; :class:`Settings`, each
option explained with its default): ``"planner"`` (default) as above; ``"greedy"`` is the baseline -- one delivery at a time, track at face
value, no discarding for a better hand, upgrades only when rich. :class:`PlannerBot` (:mod:`.bot`) holds
the bot's memory and drives a turn; its parts are mixins of one concern each (:class:`~.search.PlanSearch`,
:class:`~.discard.DiscardPolicy`, :class:`~.operations.OperationsPhase`, :class:`~.building.BuildPhase`),
sharing the bot's settings and memory. Every build goes through the checked
:meth:`~eb_core.engine.Game.apply`; other actions use the fast path. Same seed, same game.

Strength (``benchmarks/bots.py``, 200 solo Standard games, seeds 1000-1199, events on): median 61 turns to
win, 95th percentile 74, all 200 won within 80 turns; the Basic game's median 42; about 3 games/s/core
(5.4 ms of CPU a turn). The Chart of Success's "Blowout Victory" (under 45 turns) is out of this planner's
reach with the rulebook's three cards in hand: holding nine (``--rules-with``, the rules changed and not
the bot) it wins in a median of 44. What each design choice was worth, and the many tried and not kept,
are measured in ``benchmarks/README.md`` (a summary) and ``benchmarks/planner_record.md`` (every session).

>>> import random, eb_core as eb
>>> game = eb.Game.new(eb.ruleset("europe-basic").with_(victory_cash=60), board="tutorial", players=["Solo"], seed=2)
>>> play_solo(game, PlannerBot(0, random.Random(2)), max_turns=60).over
True
"""
from __future__ import annotations

from .bot import PlannerBot, play_solo
from .core_tree import CoreTree, core_tree
from .plans import Plan
from .settings import LEVELS, OPTIONS, Settings

__all__ = ["LEVELS", "OPTIONS", "CoreTree", "Plan", "PlannerBot", "Settings", "core_tree", "play_solo"]
