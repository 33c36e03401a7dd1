"""The ``expert`` level: the planner with a look-ahead of one plan.

The planner (:mod:`eb_core.bots.planner`) ranks the plans of one hand by their income per turn. It is
blind to where a plan leaves the train and to which cards the plan leaves in hand: two plans worth the
same per turn are equal to it even when one ends beside the sources of the cards it keeps and the other
in a corner of the board, far from anything the next cards can want.

:class:`ExpertBot` re-ranks the planner's ``look_k`` best plans by a two-stage value. For each plan it
prices the best **follow-up** plan: from the plan's last city, with the cards the plan leaves in hand,
the loads still aboard after it and the cash it leaves (the planner's own
:meth:`~eb_core.bots.planner.PlannerBot.candidates` with ``start=``, ``cash=`` and the cheap quick
ranking only, ``leaders=0``). The follow-up's rate is at least ``fresh_share`` times what the bot's
fresh hands have been worth (the cards a plan delivers are replaced by new ones, rulebook: How to Play).
The plans are then ranked by

    ``(profit1 + profit2) / (turns1 + turns2)``

(``profit`` = payout less the planner's discounted track price, ``turns`` the planner's estimate; with
``horizon`` set, the follow-up counts ``horizon`` turns at its rate instead of its own turns). The
look-ahead costs a few quick plan searches each time the plan is re-chosen (when the hand or the loads
change); the Dijkstra rows it needs are those of the demand cities, already computed for the hand.

Everything else -- operations, building, upgrades, discards -- is the planner's. ``ExpertBot`` keeps the
``planner`` level's settings; keyword options override them (the planner's and ``look_k``,
``fresh_share``, ``horizon``).

Measured: see the "Bots" section of ``benchmarks/README.md`` ("The expert level").

>>> import random, eb_core as eb
>>> from eb_core.bots.planner import play_solo
>>> game = eb.Game.new(eb.ruleset("europe-basic").with_(victory_cash=60), board="tutorial", players=["Solo"], seed=2)
>>> play_solo(game, ExpertBot(0, random.Random(2)), max_turns=60).over
True
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from .planner import Plan, PlannerBot, _ahead

__all__ = ["EXPERT", "ExpertBot", "LookAhead"]

#: The look-ahead's settings of the ``expert`` level (see :class:`ExpertBot`).
EXPERT: dict[str, Any] = {"look_k": 5, "fresh_share": 1.0, "horizon": None, "follow_leaders": 3, "rate": "ratio",
                          "follow_share": 1.0, "fresh_rate": None,
                          "credit": True, "within": 0.0, "after_first": True}


@dataclass(frozen=True)
class LookAhead:
    """One plan judged with its follow-up: the ``plan``, the best ``follow`` plan from its last city with
    the cards and loads it leaves (``None``: none, or a fresh hand is worth more), the follow-up's
    ``rate`` (M a turn) and ``turns``, and the two-stage ``value`` the plans are ranked by."""

    plan: Plan
    follow: Plan | None
    rate: float
    turns: float
    value: float

    def describe(self) -> str:
        """The two stages in words and figures."""
        p = self.plan
        then = (f"then {self.follow.describe()} at {self.rate:.1f}M/turn" if self.follow is not None
                else f"then a fresh hand at about {self.rate:.1f}M/turn")
        return (f"{p.describe()} ({p.value:.1f}M/turn over {p.turns:.1f} turns), {then}: "
                f"{self.value:.2f}M/turn over both")


class ExpertBot(PlannerBot):
    """The planner with a one-plan look-ahead for seat ``seat`` (``rng``: an injected, seeded
    ``random.Random``). Options: the planner's (see :class:`~eb_core.bots.planner.PlannerBot`) and
    ``look_k`` (the planner's best plans re-ranked), ``fresh_share`` (the follow-up's rate is at least this
    share of a typical fresh hand's), ``horizon`` (turns of follow-up counted; ``None``: its own)."""

    def __init__(self, seat: int, rng: random.Random | None = None, *, level: str = "expert", **options: Any):
        look = {k: options.pop(k, v) for k, v in EXPERT.items()}
        super().__init__(seat, rng, level="planner" if level == "expert" else level, **options)
        self.level = level
        self.look_k: int = int(look["look_k"])
        self.fresh_share: float = float(look["fresh_share"])
        self.horizon: float | None = look["horizon"]
        self.follow_leaders: int = int(look["follow_leaders"])
        self.rate: Any = look["rate"]
        self.follow_share: float = float(look["follow_share"])
        self.fresh_rate: float | None = look["fresh_rate"]
        self.credit: bool = bool(look["credit"])
        self.within: float = float(look["within"])
        self.after_first: bool = bool(look["after_first"])
        self._opening_fresh: list[float] = []
        self.changed = [0, 0]                  # re-rankings that changed the planner's choice, of all
        self.looked: list[LookAhead] = []      # the last re-ranking, best first (for hints and tests)

    def __repr__(self) -> str:
        return f"ExpertBot({self.seat}, level={self.level!r})"

    def _ensure_plan(self, game) -> None:
        n = len(self._fresh)
        super()._ensure_plan(game)
        if len(self._fresh) == n + 1 and self.alternatives:
            # the planner notes what the fresh hand was worth: its best plan, not the look-ahead's choice
            self._fresh[-1] = max(pl.value for pl in self.alternatives)

    def replan(self, game) -> Plan | None:
        """The planner's plans, the best ``look_k`` re-ranked by their two-stage value."""
        cands = self.candidates(game)
        p = game.state.players[self.seat]
        if len(cands) > 1 and self.look_k > 1 and (p.delivered > 0 or not self.after_first):
            self.looked = self.look_ahead(game, cands[:self.look_k])
            head = [la.plan for la in self.looked]
            self.changed[0] += head[0] is not cands[0]
            self.changed[1] += 1
            ids = {id(pl) for pl in head}
            cands = head + [pl for pl in cands if id(pl) not in ids]
        else:
            self.looked = []
        self.alternatives = cands
        self.plan = cands[0] if cands else None
        self.stops = list(self.plan.stops) if self.plan is not None else []
        return self.plan

    def look_ahead(self, game, plans: list[Plan]) -> list[LookAhead]:
        """``plans`` judged with their best follow-up, best first (a stable sort: ties keep the planner's
        order)."""
        p = game.state.players[self.seat]
        rs = self.route_state(game)
        if self.fresh_rate is not None:
            fresh = self.fresh_rate
        else:
            if not self._fresh and self.discard_ratio > 0 and p.position is not None:
                self._fresh.extend(self._sample_fresh(game))      # what a fresh hand is worth, as the planner samples
            if not self._fresh and not self._opening_fresh:
                # before the train is placed: sampled here for the look-ahead only (the planner samples its
                # own once the train stands somewhere)
                self._opening_fresh = self._sample_fresh(game) or [0.0]
            seen = self._fresh or self._opening_fresh
            fresh = sorted(seen)[len(seen) // 2] * self.fresh_share
        if fresh <= 0:          # nothing to compare a follow-up with: the planner's order
            return [LookAhead(pl, None, 0.0, 0.0, pl.value) for pl in plans]
        if self.within > 0:     # only plans close to the best by their own income per turn
            plans = [pl for pl in plans if pl.value >= self.within * plans[0].value] or plans[:1]
        out = []
        if self.rate == "ratio":
            for pl in plans:
                follow = self._follow(game, rs, p, pl)
                rate, t2 = fresh, self.horizon
                if follow is not None and follow.value >= fresh:
                    rate = follow.value
                    t2 = follow.turns if t2 is None else t2
                else:
                    follow = None
                    if t2 is None:      # a fresh hand's plan: as long as this one
                        t2 = pl.turns
                t1 = max(pl.turns, 1.0)
                value = (pl.value * t1 + rate * t2) / (t1 + t2)
                out.append(LookAhead(pl, follow, rate, t2, value))
        else:
            # profit less the turns at the rate r, plus the follow-up's gain over r: ranking by income per
            # turn alone is this ranking with r = the best plan's income per turn (and no follow-up)
            r = plans[0].value if self.rate == "best" else fresh if self.rate == "fresh" else float(self.rate)
            for pl in plans:
                follow = self._follow(game, rs, p, pl)
                gain = 0.0
                if follow is not None:
                    gain = max(0.0, self.follow_share * follow.value - r) * follow.turns
                    if gain <= 0:
                        follow = None
                t1 = max(pl.turns, 1.0)
                value = (pl.value - r) * t1 + gain
                out.append(LookAhead(pl, follow, follow.value if follow is not None else 0.0,
                                     follow.turns if follow is not None else 0.0, value))
        out.sort(key=lambda la: -la.value)
        return out

    def _follow(self, game, rs, p, pl: Plan) -> Plan | None:
        """The best quick plan after ``pl``: from its last city, with the cards and loads it leaves."""
        used = {s[3] for s in pl.stops if s[0] == "deliver"}
        left = [c for c in p.hand if c not in used]
        if not left or not pl.stops:
            return None
        carried = list(p.loads)
        for act, _, ld, _ in pl.stops:
            if act == "pickup":
                carried.append(ld)
            elif ld in carried:
                carried.remove(ld)
        cash = p.cash + pl.payout - pl.build_cost
        follow = self.candidates(game, rs, hand=left, carried=carried, start=pl.stops[-1][1], cash=cash,
                                 leaders=self.follow_leaders)
        if not follow:
            return None
        if not self.credit or pl.build_cost <= 0:
            return follow[0]
        # the follow-up rides the track this plan builds: price it without the segments the plan pays for
        built = self._segments(game, rs, self._here(game) or _ahead(game.board, p.position, p.prev), pl.stops)
        best, best_value = follow[0], follow[0].value
        for f in follow[:max(1, self.follow_leaders)]:
            if f.build_cost <= 0:
                continue
            steps = self._segments(game, rs, pl.stops[-1][1], f.stops)
            cost = sum(w for k, w in steps.items() if k not in built)
            w = (f.payout - f.value * f.turns) / f.build_cost       # the planner's weight on its track
            value = (f.payout - w * cost) / max(f.turns, 1.0)
            if value > best_value:
                best, best_value = replace(f, build_cost=cost, value=value), value
        return best

    def _segments(self, game, rs, start, stops) -> dict:
        """The new track (segment key: price) of the cheapest legs from ``start`` through ``stops``."""
        net = self._network(game)
        out: dict = {}
        a = start
        for stop in stops:
            b = stop[1]
            if a is not None and a != b:
                f, r = rs.leg(a, b), rs.leg(b, a)
                leg = r if r[0] < f[0] and (self._rooted(game.board, net, b) or
                                           not self._rooted(game.board, net, a)) else f
                for k, w in leg[2]:
                    out.setdefault(k, w)
            a = b
        return out
