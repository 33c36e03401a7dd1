"""The planner's levels and options: :data:`LEVELS` (the settings of ``"planner"`` and ``"greedy"``) and
:data:`OPTIONS` (every setting a level or a keyword option of :class:`~eb_core.bots.planner.PlannerBot` may
give, each explained below). The numbers a plan is judged by live here, not in the code that uses them."""
from __future__ import annotations

from typing import Any

from ... import rulebook as R

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
