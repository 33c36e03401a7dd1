"""The planner's levels and options: :data:`LEVELS` (the settings of ``"planner"`` and ``"greedy"``) and
:class:`Settings` (every setting a level or a keyword option of :class:`~eb_core.bots.planner.PlannerBot` may
give, each explained, with its default; :data:`OPTIONS`, their names). The numbers a plan is judged by live here, not in the code that uses them."""
from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from ... import rulebook as R
from ...errors import InvalidAction
from ...words import or_list, shown

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


@dataclass(frozen=True)
class Settings:
    """Every setting of the planner, with the value it takes when neither the level (:data:`LEVELS`) nor a
    keyword option of :class:`~eb_core.bots.planner.PlannerBot` gives it: mostly the greedy level's plain
    play. :meth:`of` resolves a level and options into one; :data:`OPTIONS` is the set of their names."""

    # the plans
    max_deliveries: int = 1          # deliveries a plan may chain
    reuse: float = 1.0               # the share of a new track's price a plan is charged ...
    major_reuse: float = 1.0         # ... and of track into a major city still needed for victory
    sources: int = 1                 # sources priced per demand
    pair_options: int = 6            # demands paired
    third_cap: int = 3               # the fewest loads a train carries for plans of a third delivery to be
    #                                  searched: 3, a three-load train only; 2, a two-load train too, the third
    #                                  load picked up once a delivery frees its place
    third_options: int = 6           # the demands, best on their own first, tried as that third delivery
    exact_top: int = 12              # the leaders of the quick ranking priced exactly
    search_limit: float = 120        # the route search's cost bound, M
    ride_model: bool = False         # plans timed turn by turn (else a crossing adds ``ferry_turns``)
    ferry_turns: float = 0.0
    ferry_penalty: float = 0.0       # M the route searches add to every ferry crossing: a price for its time
    ferry_steps: float = 0.0         # steps the train's trip counts a ferry crossing more than one
    open_join: bool = False          # with no track yet, a plan's first stop is charged its join to a major
    #                                  or key city
    # the endgame: ranked by the turns to the victory cash once the cash is within ``finish_share`` of the
    # victory sum (0: never), a plan that does not get there counted on at ``finish_rate`` of a typical fresh
    # hand's income a turn, a shortfall at least ``finish_floor`` turns
    finish_share: float = 0
    finish_rate: float = 0.7
    finish_floor: float = 0.0
    # discarding the hand
    discard_ratio: float = 0.0       # discard a hand whose best plan earns less than this share of a typical
    #                                  fresh hand (0: never)
    discard_turns: float = 0.0       # the turns a discard is reckoned to cost: discard when the plan earns less
    #                                  in its turns than a fresh hand would in the turns left (0: the ratio rule)
    hold_poor: bool = False          # a poor hand drawn mid-turn is held for the next turn's discard
    stuck_poor: bool = False         # after three discards in a row the "no delivery in 12 turns" count
    #                                  restarts at each discard
    local_fresh: int = 0             # a close call is judged against this many fresh hands sampled where the
    #                                  train is (0: against the game's fresh hands so far only)
    local_band: tuple[float, float] = (0.0, _INF)   # the close calls: the plan's break-even fresh-hand
    #                                  income within these shares of the game's typical one
    local_sources: int | None = None   # the samples' cheaper search (None: as ``sources``,
    local_pairs: int | None = None     # ``pair_options`` and
    local_leaders: int | None = None   # ``exact_top``)
    local_stale: int = 0             # turns the samples' route state is kept
    open_discard: float = 0.0        # give up a special build turn, before any track is laid, when the opening
    #                                  hand's best plan is worth less than this share of a random hand's (0: never)
    open_samples: int = 40           # the random hands that measure it
    # the train and the track
    upgrade_payback: int = 0         # 0: upgrade only when rich (the greedy level); otherwise as soon as the
    #                                  cash covers the upgrade, the plan's track and ``upgrade_margin``, after
    #                                  ``upgrade_after`` deliveries
    upgrade_margin: float = 10
    upgrade_after: int = 0
    upgrade_speed_only: bool = False   # the faster train only, never the third load slot
    plan_upgrade: bool = False       # no upgrade while no plan is affordable
    major_cushion: int = 50          # when the missing major cities are built: with this much cash to spare ...
    major_cash_share: float = 0.5    # ... or this share of the victory cash in hand
    frontier: bool = False           # with the track to the next stop unfinished, ride along the part of it
    #                                  already laid instead of waiting

    @classmethod
    def of(cls, level: str, options: dict[str, Any]) -> Settings:
        """The settings of a bot of ``level`` given keyword ``options``: the options over the level's values
        over the defaults. An unknown level or option is refused by name (:class:`InvalidAction`)."""
        if not isinstance(level, str) or level not in LEVELS:
            raise InvalidAction(f"level: expected {or_list(sorted(LEVELS))}, got {shown(level)}", field="level")
        unknown = sorted(set(options) - OPTIONS)
        if unknown:
            raise InvalidAction(f"{unknown[0]}: not an option of the planner (its options: {', '.join(sorted(OPTIONS))}; "
                                f"the experiments left off were removed, see benchmarks/planner_record.md)", field=unknown[0])
        s = cls(**{**LEVELS[level], **options})
        return replace(s, local_band=tuple(s.local_band),
                       local_sources=s.sources if s.local_sources is None else s.local_sources,
                       local_pairs=s.pair_options if s.local_pairs is None else s.local_pairs,
                       local_leaders=s.exact_top if s.local_leaders is None else s.local_leaders)


#: Every setting a level or a keyword option may give (the fields of :class:`Settings`).
OPTIONS: frozenset[str] = frozenset(f.name for f in fields(Settings))
