"""The :class:`PlannerBot` itself: its settings and memory (the plan it runs, the fresh hands it has seen,
the discards in a row, the turns since a delivery), the driver of a turn (:meth:`PlannerBot.step`,
:meth:`PlannerBot.choose`), the route state kept while the track is unchanged, Run Two Trains' second
driver, and :func:`play_solo`. What it does in each part of a turn is in the mixins it is made of."""
from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from dataclasses import fields, replace
from typing import Any

from ...actions import (
    Build,
    EndOperations,
    EndTurn,
    Upgrade,
)
from ...errors import IllegalAction, InvalidAction
from ...routes import RouteState
from ...state import Position
from .building import BuildPhase
from .discard import DiscardPolicy
from .operations import OperationsPhase
from .plans import Plan, _cards, _held_after
from .search import PlanSearch
from .settings import LEVELS, Settings


class PlannerBot(PlanSearch, DiscardPolicy, OperationsPhase, BuildPhase):
    """Plans deliveries for seat ``seat``; ``rng`` is an injected, seeded ``random.Random`` (it breaks
    ties only). ``level`` picks the settings of :data:`LEVELS`; keyword ``options`` override them."""

    def __init__(self, seat: int, rng: random.Random | None = None, *, level: str = "planner", **options: Any):
        cfg = Settings.of(level, options)         # an unknown level or option is refused by name
        self.seat = seat
        self.rng = rng if rng is not None else random.Random(seat)
        self.level = level
        self._options = dict(options)
        # what this bot plays by: the level's settings and the options given (a key of its cached samples)
        self.settings: tuple = tuple(sorted((k, repr(v)) for k, v in {**LEVELS[level], **options}.items()))
        for f in fields(Settings):                # each setting an attribute: self.reuse, self.exact_top ...
            setattr(self, f.name, getattr(cfg, f.name))
        self._local: tuple | None = None              # (hand, what a fresh hand drawn there is worth)
        self._local_rs: tuple | None = None           # (turn, the route state the samples are priced on)
        self.fresh_used: float | None = None          # the fresh hand's worth the last discard test used
        self.open_used: float | None = None           # and the random opening hand's, the last opening test
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
        # train 1's fares are held from train 2 once train 1 is loaded, and in the special build turns: there
        # train 2's track used to take train 1's fares too, leaving 2M for a first plan that needs 3M of fares
        # (US seeds 65, 114 and 124 under Pay To Move, stranded from the first turn)
        hold_fares = self.stops and (loaded or game.state.special_round)
        two._cash_held = self._remaining_cost(game) + (self._fares(game) if hold_fares else 0)
        with game.train_view(2, self.seat):
            two._ensure_plan(game)
            a = act()
        if a is None or not hasattr(a, "train"):
            return a
        return replace(a, train=2)

    # ================================================================================ planning
    def _ensure_plan(self, game) -> None:
        p = game.state.players[self.seat]
        key = self._key(game, p, p.loads)
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

    def _key(self, game, p, loads) -> tuple:
        """What the plan was made for: the hand, the loads aboard, whether the train is placed, and the open
        contracts face up (Open Contracts: a card another player delivers on leaves the table)."""
        return (tuple(p.hand), tuple(sorted(loads)), p.position is None, tuple(game.state.open_contracts))

    def _in_play(self, game, p=None) -> list:
        """The demand cards this seat may deliver on: its hand, then the open contracts face up beside the
        board (rulebook: Challenging Variants > Open Contracts, "Open contracts are available to all
        players"); the hand alone without the variant."""
        p = game.state.players[self.seat] if p is None else p
        return list(p.hand) + [c for c in game.state.open_contracts if c not in p.hand]

    def _demands_in_play(self, game) -> list:
        """``(card, Demand)`` for every demand of :meth:`_in_play`."""
        return [(cid, d) for cid in self._in_play(game) for d in game.deck.card(cid).demands]

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

    def _memo(self, game, what: Any, compute) -> Any:
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
