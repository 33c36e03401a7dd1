"""``eb.hint(game)``: what the planner would do this turn, and why, in figures.

The hint plays the current player's turn with a :class:`~eb_core.bots.planner.PlannerBot` on a copy of
the game (the game itself is never changed) and reports the actions -- builds, moves, pick-ups,
deliveries, an upgrade or a discard of the whole hand -- with the reason: the chosen plan's income per
turn against the next best plan, its track cost and its turns (the model of
:mod:`eb_core.bots.planner`); in the endgame, the turns until the victory cash is in hand against the
next best plan's.

>>> import eb_core as eb
>>> g = eb.position('''
... board: tutorial
... player Ann: cash 50, at London, loads Tourists, cards 1 2 3
... ''')
>>> h = hint(g)
>>> isinstance(str(h), str) and h.seat == 0
True
"""
from __future__ import annotations

import html
import random
from dataclasses import dataclass, field
from typing import Any

from ..actions import Build, Deliver, DiscardHand, Move, PickUp, PlaceTrain, Upgrade
from ..errors import InvalidAction
from ..narrate import say
from ..track import seg_key
from .expert import ExpertBot
from .planner import LEVELS, Plan, PlannerBot
from .view import BotView, bot_rng
from ..words import or_list, pretty_as_words, shown

__all__ = ["Hint", "PlayedBots", "hint"]


@dataclass
class Hint:
    """The planner's advice for one player's turn.

    ``actions`` are the actions it would take this turn, in order; ``plan`` the plan they serve and
    ``next_best`` the best plan that starts differently, other than the same stops in another order
    (``None`` if there is none); ``build_cost`` the
    money spent on track this turn; ``upgrade`` the train bought (or ``None``); ``discard`` whether the
    whole hand is thrown away (rulebook: How to Play); ``cities`` names the mileposts the train stops in;
    ``crossed`` the ferry the train crosses this turn (from a staged port: the whole turn at half speed) and
    ``staging`` / ``staged_at`` the ferry and port the train ends the turn on, staged to cross next turn
    (rulebook: Movement Using a Ferry); ``goal`` the victory cash when the plan was chosen as the quickest
    way to it (the endgame: every major city needed joined, the cash near; rulebook: How to Win); ``wins``
    whether the turn ends with the victory conditions met; ``held`` whether the hand drawn this turn (after
    a delivery) is poor and is held, none of its plan run, to be discarded at the start of the next turn,
    a discard giving up a whole turn (rulebook: How to Play), ``fresh`` what a fresh hand is (on a close
    call: one drawn where the train is; for an opening hand, a random hand at the start) worth a turn, the
    measure it is poor by, ``discard_turns`` the turns a discard is reckoned to cost, and ``opening`` whether
    the discard gives up a special build turn for a poor opening hand (rulebook: Starting the Game >
    Special Build Turns). Under Run Two Trains the turn includes train 2's actions: its pick-ups and
    deliveries name their city with "(train 2)", its upgrade likewise; ``plan``, the moves and the ferries
    are train 1's, and ``plan2`` is train 2's plan at the start of the turn. Under Open Contracts the planner
    plans over its hand and the contracts face up beside the board, and a delivery on one names its city
    with "(an open contract)" (rulebook: Challenging Variants > Open Contracts); under Field Warehousing a
    pick-up of a load left in a city names it with "(a field warehouse)". Under Pay To Move ``fares`` is
    the cash the turn leaves unspent for the fares (1M a turn the train moves on its own track) until the
    plan's next delivery pays (rulebook: Variants & Optional Rules > Challenging Variants > Pay To Move); the text gives it after
    the cash.
    """

    seat: int
    player: str
    actions: list[Any]
    plan: Plan | None
    next_best: Plan | None
    build_cost: int
    upgrade: Any
    discard: bool
    deliveries: list[tuple[str, str, int]] = field(default_factory=list)   # (load, city, payout)
    pickups: list[tuple[str, str]] = field(default_factory=list)          # (load, city)
    moved_to: str | None = None
    cash_before: int = 0
    cash_after: int = 0
    then: Plan | None = None        # the plan the rest of the turn served, when the turn changed the plan
    built: list[tuple[str, str, int]] = field(default_factory=list)      # (from, to, cost) of each build
    crossed: str | None = None      # the ferry crossed this turn (its first step, at half speed)
    staging: str | None = None      # the ferry whose port the train ends the turn on, staged to cross next
    staged_at: str | None = None    # that port
    goal: int | None = None         # the victory cash, when the plan was chosen as the quickest way to it
    wins: bool = False              # the turn ends with the victory conditions met
    held: bool = False              # a poor hand drawn this turn is held for a discard at the next turn's start
    fresh: float | None = None      # what a fresh hand is worth, M per turn (the figure the discard test used)
    discard_turns: float = 0.0      # the turns a discard is reckoned to cost (the planner's ``discard_turns``)
    opening: bool = False           # the discard gives up a special build turn for a poor opening hand
    plan2: Plan | None = None       # Run Two Trains: train 2's plan (over the cards train 1's plan leaves)
    fares: int = 0                  # Pay To Move: the cash kept back at the turn's end for the fares to the next payout
    said: list[str] = field(default_factory=list)   # each action in words, by its places (narrate.say)
    #: the turn's doings in the order they happen: ("move", place, ferry crossed or None), ("pickup", load,
    #: place), ("deliver", load, place, payout), ("build", from, to, cost), ("upgrade", train, cost, train number)
    order: list[tuple] = field(default_factory=list)
    #: a card was drawn this turn (after a delivery): the hand at the end is not the one the turn began with
    #: (a delivery on an open contract draws none)
    drawn: bool = False

    @property
    def plans(self) -> list[Plan]:
        """The plans this turn served, in order (the one it began with, then the one after a delivery)."""
        return [p for p in (self.plan, self.then) if p is not None]

    @property
    def builds(self) -> list[Build]:
        return [a for a in self.actions if isinstance(a, Build)]

    @property
    def moves(self) -> list[Move]:
        return [a for a in self.actions if isinstance(a, Move)]

    def why(self) -> str:
        """The reason in figures: the plan's income per turn against the next best."""
        if self.plan is None:
            return "No demand in hand can be delivered with the track and cash there are."
        p = self.plan
        if self.goal is not None:           # set only for a plan the endgame ranked (``finish``)
            return self._why_finish()
        s = (f"the plan ({p.describe()}) pays {p.payout}M for {p.build_cost:.0f}M of new track in about "
             f"{p.turns:.1f} turns: {_per_turn(p)}")
        if self.next_best is not None:
            q = self.next_best
            s += (f", against {_per_turn(q, short=True)} for the next best ({q.describe()}, "
                  f"{q.payout}M, {q.build_cost:.0f}M of track)")
        if self.held:
            t = self.then or p
            hand = "the hand drawn after the delivery" if self.drawn else "the hand"
            s += f"; {hand} is poor: its best plan ({t.describe()}) earns "
            if self.discard_turns:
                left = max(t.turns - self.discard_turns, 0.0)
                s += (f"{t.value * t.turns:.0f}M in about {t.turns:.1f} turns (the track counted as reused later), "
                      f"less than a fresh hand at about {self.fresh:.1f}M per turn would in the {left:.1f} turns "
                      f"left after the {self.discard_turns:g} turns the planner reckons a discard costs (the turn "
                      "given up, and a new hand's slower start)")
            else:
                s += (f"{_per_turn(t)}, against about {self.fresh:.1f}M a fresh "
                      "hand has been worth")
            s += (", so none of it is run now (a load aboard would commit the train to it) and the hand is "
                  "discarded at the start of the next turn (a discard gives up a whole turn)")
        elif self.then is not None:
            t = self.then
            s += (f"; then the next plan ({t.describe()}) pays {t.payout}M for {t.build_cost:.0f}M of new track in "
                  f"about {t.turns:.1f} turns: {_per_turn(t)}")
        return s + "."

    def _why_finish(self) -> str:
        """The endgame's reason: every major city needed is joined and the victory cash is near, so the plan
        is the one that brings the cash to the victory sum in the fewest turns (rulebook: How to Win)."""
        p, q = self.plan, self.next_best
        s = (f"every major city needed is joined and {self.goal}M wins, so the plan is the one that gets the "
             f"cash there soonest: {p.describe()} pays {p.payout}M for {p.build_cost:.0f}M of new track, "
             f"{self.goal}M in about {p.finish:.1f} turns")
        if q is not None:
            s += (f", against {q.finish:.1f} turns for the next best ({q.describe()}, {q.payout}M, "
                  f"{q.build_cost:.0f}M of track, {q.income_per_turn:.1f}M per turn)")
        return s + "."

    def __str__(self) -> str:
        who = self.player
        if self.discard and self.opening and self.plan is not None and self.fresh is not None:
            return (f"{who}: give up this special build turn to discard the opening hand and draw three new "
                    f"cards -- its best plan ({self.plan.describe()}) pays {self.plan.payout}M for "
                    f"{self.plan.build_cost:.0f}M of track in about {self.plan.turns:.1f} turns, "
                    f"{self.plan.value:.1f}M per turn counting the track as reused later, where a random hand of "
                    f"three is worth about {self.fresh:.1f}M per turn at the start (Starting the Game > Special "
                    "Build Turns).")
        if self.discard:
            return (f"{who}: discard the whole hand and draw three new cards -- the best plan left earns only "
                    f"{self.plan.income_per_turn:.1f}M per turn." if self.plan is not None else
                    f"{who}: discard the whole hand and draw three new cards: {self.why()}")
        parts = self._doings()
        if self.held:
            parts.append(f"hold the {'new ' if self.drawn else ''}hand: pick up none of its loads and "
                         "build nothing for it, and discard it at the start of the next turn")
        if self.wins:
            parts.append("end the turn with the victory conditions met (the cash and the major cities joined: "
                         "the game ends with this round, so nothing more is spent)")
        if not parts:
            parts.append("wait (nothing useful to do this turn)")
        train2 = ""
        if self.plan2 is not None:
            q = self.plan2
            train2 = (f" Train 2's plan: {q.describe()}, {q.payout}M for {q.build_cost:.0f}M of new track in about "
                      f"{q.turns:.1f} turns, {_per_turn(q)}.")
        kept = (f", {self.fares}M of it kept for the fares until the next delivery pays (Pay To Move: 1M a turn "
                "the train moves on its own track; without it the train cannot move)" if self.fares else "")
        # a turn that meets the victory conditions needs no plan's figures: the game ends with the round
        why = ("the victory conditions are met -- the cash and the major cities joined -- so the game ends with "
               "this round and nothing more needs spending (How to Win)." if self.wins else self.why())
        return (f"{who}: {', '.join(parts)}. Why: {why}{train2} Cash {self.cash_before}M -> "
                f"{self.cash_after}M{kept}.")

    def _doings(self) -> list[str]:
        """The turn's doings in words, in the order they happen (a move and the ones after it, until the
        next stop, told as one "move to"; the track built told once, where the building starts)."""
        parts: list[str] = []
        last_move = None            # the index in parts of the move being extended
        crossed_told = False
        built_told = False
        for kind, *what in self.order:
            if kind == "move":
                dest, ferry = what
                if ferry and not crossed_told:
                    parts.append(f"cross the {ferry} ferry (the whole turn at half speed)")
                    crossed_told, last_move = True, None
                if last_move is not None:
                    parts[last_move] = f"move to {dest}"
                else:
                    parts.append(f"move to {dest}")
                    last_move = len(parts) - 1
                continue
            last_move = None
            if kind == "place":
                parts.append(f"place the train at {what[0]}")
            elif kind == "pickup":
                one = f"pick up {what[0]} at {what[1]}"
                again = f"pick up 2 {what[0]} at {what[1]}"
                if parts and parts[-1] == one:          # two of a load at one city: said once
                    parts[-1] = again
                else:
                    parts.append(one)
            elif kind == "deliver":
                parts.append(f"deliver {what[0]} to {what[1]} for {what[2]}M")
            elif kind == "build" and not built_told:
                where = "; ".join(f"{a} → {b}" for a, b, _ in self.built)
                parts.append(f"build {self.build_cost}M of track ({where})" if where
                             else f"build {self.build_cost}M of track")
                built_told = True
            elif kind == "upgrade":             # the price paid: the ruleset's, not a number of this text
                train, paid, k = what
                parts.append(f"upgrade {'train 2 ' if k == 2 else ''}to a {train} train for {paid}M")
        if self.staging and self.moved_to and last_move is not None:
            parts[last_move] += f" and stage there for the {self.staging} ferry"
        elif self.staging and not self.moved_to:
            parts.append(f"stay at {self.staged_at} to stage there for the {self.staging} ferry (a crossing "
                         "is the first step of a turn that starts on its port)")
        if not built_told and self.build_cost:
            parts.append(f"build {self.build_cost}M of track")
        return parts

    _repr_pretty_ = pretty_as_words      # IPython's plain-text display: the words, not the fields

    def _repr_html_(self) -> str:
        said = self.said or [repr(a) for a in self.actions]
        rows = "".join(f"<tr><td>{i}</td><td>{html.escape(t)}</td></tr>" for i, t in enumerate(said, 1))
        alt = ""
        if self.next_best is not None:
            q = self.next_best
            alt = (f"<tr><td>next best</td><td>{html.escape(q.describe())}</td><td>{q.value:.1f}</td>"
                   f"<td>{q.income_per_turn:.1f}</td><td>{q.build_cost:.0f}</td><td>{q.turns:.1f}</td></tr>")
        plan = ""
        if self.plan is not None:
            p = self.plan
            plan = (f"<table><tr><th></th><th>plan</th><th>M/turn, track reused later</th>"
                    f"<th>M/turn, all track paid now</th><th>track M</th><th>turns</th></tr>"
                    f"<tr><td>chosen</td><td>{html.escape(p.describe())}</td><td>{p.value:.1f}</td>"
                    f"<td>{p.income_per_turn:.1f}</td><td>{p.build_cost:.0f}</td><td>{p.turns:.1f}</td></tr>"
                    f"{alt}</table>")
        return (f"<div><p><b>{html.escape(str(self))}</b></p>{plan}"
                f"<details><summary>actions</summary><table>{rows}</table></details></div>")


def _per_turn(p: Plan, short: bool = False) -> str:
    """What a plan earns a turn in the figure the planner ranks plans by first: its track counted as an
    investment later deliveries reuse (part of its price), then -- in brackets -- paying for all of it now,
    which a plan that builds much track for one delivery makes negative ("3.2M per turn counting the track
    as reused by later deliveries (-3.2M paying for all of it now)"). Without new track the two agree."""
    if p.build_cost <= 0 or abs(p.value - p.income_per_turn) < 0.05:
        return f"{p.income_per_turn:.1f}M per turn"
    if short:
        return f"{p.value:.1f}M per turn ({p.income_per_turn:.1f}M paying for all its track now)"
    return (f"{p.value:.1f}M per turn counting the track as reused by later deliveries "
            f"({p.income_per_turn:.1f}M paying for all of it now)")


def _advisor(seat: int, rng: random.Random, level: str) -> PlannerBot:
    """The bot that advises at ``level``: ``"expert"`` is :class:`~eb_core.bots.expert.ExpertBot` (the
    planner with a look-ahead), any other a :class:`PlannerBot` of that level (an unknown one is refused by
    name)."""
    if level == "expert":
        return ExpertBot(seat, rng)
    if not isinstance(level, str) or level not in LEVELS:
        raise InvalidAction(f"level: expected {or_list(sorted([*LEVELS, 'expert']))}, got {shown(level)}",
                            field="level")
    return PlannerBot(seat, rng, level=level)


def hint(game, seat: int | None = None, *, level: str = "planner", bot: PlannerBot | None = None) -> Hint:
    """What the planner would do in ``seat``'s turn (default: the player whose turn it is), and why.

    The game is copied and the turn played on the copy, so ``game`` is unchanged. ``bot``: the planner
    that has been playing this seat (:meth:`PlannerBot.snapshot` of it is used, so its memory -- the plan it
    is running, the fresh hands it has seen, its discards -- counts, and ``bot`` is unchanged); without it a
    new planner judges the position on its own. ``seat`` may be a seat number or a player's name;
    ``level`` who advises: ``"planner"`` (the default), ``"greedy"`` (the baseline, one delivery at a time)
    or ``"expert"`` (the planner with a look-ahead, :class:`~eb_core.bots.expert.ExpertBot`).
    Raises :class:`~eb_core.errors.InvalidAction` when it is not that player's turn, the game is over or the
    seat is a solo scenario's simulated player (Solo Scenarios 3 and 4), whose turns nobody plays.
    """
    if not hasattr(game, "state") or not hasattr(game, "clone"):
        raise InvalidAction(f"game: expected a Game (eb.Game.new(...), eb.position(...)), got {shown(game)}", field="game")
    st = game.state
    if isinstance(seat, str):               # a player's name
        names = [p.name for p in st.players]
        if seat not in names:
            raise InvalidAction(f"seat: {seat!r} is not one of the players ({', '.join(names)})", field="seat")
        seat = names.index(seat)
    seat = st.current if seat is None else seat
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(st.players):
        raise InvalidAction(f"seat: expected a player's name or seat number 0-{len(st.players) - 1}, got {shown(seat)}",
                            field="seat")
    if game.over:
        raise InvalidAction("the game is over: no turn to advise on", field="game")
    if seat != st.current:
        who = st.players[seat].name if isinstance(seat, int) and 0 <= seat < len(st.players) else repr(seat)
        raise InvalidAction(f"seat: it is {st.players[st.current].name}'s turn, not {who}'s", field="seat")
    if bot is not None and bot.seat != seat:
        raise InvalidAction(f"bot: it plays seat {bot.seat}, not seat {seat}", field="bot")
    simulated = st.simulated(seat)
    if simulated:
        raise InvalidAction(f"seat: {st.players[seat].name} is simulated ({simulated}): no turn to advise on",
                            field="seat")
    g = game.clone()
    bot = _advisor(seat, random.Random(0), level) if bot is None else bot.snapshot()
    # the plan the turn begins with, as a copy of the bot makes it: the bot itself then plays the turn
    # untouched, as it would in the game (a plan made twice may not be the same plan: the bot thinks again
    # when it has not delivered for a while)
    probe = bot.snapshot()
    two = probe.prepare(g)                  # Run Two Trains: train 2 plans over the cards train 1's plan leaves
    plan = probe.plan
    plan2 = probe._with_train2(g, two, lambda: two.plan) if two is not None else None
    first = plan.stops[0][:3] if plan is not None and plan.stops else None
    same = {s[:3] for s in plan.stops} if plan is not None else set()
    # the best plan that starts differently and is not the same stops in another order (two loads picked
    # up at one city, in either order, are one plan)
    next_best = next((q for q in probe.alternatives[1:] if q.stops and q.stops[0][:3] != first
                      and {s[:3] for s in q.stops} != same), None)
    p0 = g.state.players[seat]
    cash0 = p0.cash
    hand0 = list(p0.hand)
    special = bool(g.state.special_round)
    turn = (g.state.turn, g.state.current)
    actions, deliveries, pickups, built, order = [], [], [], [], []
    build_cost, upgrade, discard, moved_to, crossed = 0, None, False, None, None
    guard = 0
    while not g.over and (g.state.turn, g.state.current) == turn and guard < 200:
        guard += 1
        before = g.state.players[seat].cash
        start = g.state.players[seat].position
        here = bot._here(g)
        if g.state.players[seat].second is not None:       # Run Two Trains: where train 2 is
            with g.train_view(2, seat):
                here2 = bot._here(g) or (g.board.place(g.state.players[seat].position)
                                         if g.state.players[seat].position is not None else None)
        face_up = set(g.state.open_contracts)         # Open Contracts: a delivery on one is named as such
        stored = {c: dict(h) for c, h in g.state.warehouses.items()}   # Field Warehousing: a pick-up from one too
        view = BotView(g)               # (the Building Phase first: its "end the turn" ends the phase)
        a = bot.step(view)
        a = view.applied if view.applied is not None else a
        actions.append(a)
        gained, k = g.state.players[seat].cash - before, getattr(a, "train", 1)
        if isinstance(a, Upgrade):          # told at the price paid, the train named under Run Two Trains
            upgrade = a.to if k == 1 else f"{a.to} (train 2)"
            order.append(("upgrade", a.to, -gained, k))
        elif k == 2:
            # train 2's pick-ups and deliveries are named as such; its moves are not train 1's
            if isinstance(a, Deliver):
                deliveries.append((a.load, _tagged(here2, "train 2", a.card_id in face_up and "an open contract"),
                                   gained))
                order.append(("deliver", *deliveries[-1]))
            elif isinstance(a, PickUp):
                pickups.append((a.load, _tagged(here2, "train 2", _stored(stored, here2, a.load))))
                order.append(("pickup", *pickups[-1]))
        elif isinstance(a, Build):
            build_cost -= gained
            built.append((g.board.place(a.path[0]), g.board.place(a.path[-1]), -gained))
            order.append(("build", *built[-1]))
        elif isinstance(a, DiscardHand):
            discard = True
        elif isinstance(a, Deliver):
            deliveries.append((a.load, _tagged(here, a.card_id in face_up and "an open contract"), gained))
            order.append(("deliver", *deliveries[-1]))
        elif isinstance(a, PickUp):
            pickups.append((a.load, _tagged(here, _stored(stored, here, a.load))))
            order.append(("pickup", *pickups[-1]))
        elif isinstance(a, (Move, PlaceTrain)):
            moved_to = bot._here(g) or g.board.place(g.state.players[seat].position)
            ferry = None
            if isinstance(a, Move):
                steps = [start, *a.path] if start is not None else list(a.path)
                ferry = next((g.index.hop[seg_key(u, v)].name for u, v in zip(steps, steps[1:])
                              if seg_key(u, v) in g.index.hop and g.board.edge(u, v) is None), None)
                crossed = crossed or ferry
            order.append(("move" if isinstance(a, Move) else "place", moved_to, ferry))
    then = bot.plan if bot.plan is not None and (plan is None or bot.plan.stops != plan.stops) else None
    end = g.state.players[seat]
    # Pay To Move: the cash kept back for the fares until the plan's next delivery pays
    fares = 0 if g.over else min(bot._fares(g), end.cash)      # (0 when moving is free)
    staging = staged_at = None
    if end.staged and end.position is not None:      # ended the turn on a ferry port (Movement Using a Ferry)
        staging = next((cr.name for cr in g.board.crossings_at(end.position) if not cr.is_tunnel), None)
        staged_at = g.board.place(end.position)
    # the fresh hand's worth the discard test used: hands sampled here on a close call, else the game's median
    fresh = (bot.fresh_used if bot.fresh_used is not None else bot._typical()) if bot._fresh else None
    opening = discard and special and plan is not None and bot.open_discard > 0
    if opening:     # the opening hand was judged against a random hand at the start (PlannerBot._open_poor)
        fresh = bot.open_used if bot.open_used is not None else bot._open_typical(g)
    return Hint(seat, p0.name, actions, plan, next_best, build_cost, upgrade, discard, deliveries, pickups,
                moved_to, cash0, end.cash, then, built, crossed, staging, staged_at,
                g.rules.victory_cash if plan is not None and plan.finish is not None else None,
                g.meets_victory(seat), bot.held == turn, fresh, bot.discard_turns, opening, plan2, fares,
                [say(a, g.board) for a in actions], order, drawn=list(end.hand) != hand0)


def _tagged(place, *tags) -> str:
    """A place with what to know of it in brackets (``"Kraków (train 2, a field warehouse)"``), the tags that
    are empty left out."""
    said = [t for t in tags if t]
    return f"{place} ({', '.join(said)})" if said else place


def _stored(stored: dict, city, load: str) -> str:
    """``"a field warehouse"`` when ``load`` was left in ``city``'s warehouse before the pick-up, else ``""``."""
    return "a field warehouse" if stored.get(city or "", {}).get(load, 0) > 0 else ""


class PlayedBots:
    """The planner bots of a recorded game, replayed beside it, so that the hint for each of its turns
    starts from the memory the bot had when it played that turn.

    A planner keeps things between turns that the position does not show: the plan it committed to, the
    worth of the fresh hands it has drawn (its measure of a poor hand), its discards in a row, the turns
    since its last delivery. A new planner judging a turn of a game in progress may therefore advise
    another turn than the one played (about one turn in six of a solo game). ``steps`` are the recorded
    game's :class:`~eb_core.narrate.Step` list; each seat gets a planner made as :func:`eb_core.sim.make_bot`
    makes it for the game's seed, which plays the game's turns on a replay of it. While its choices are the
    recorded actions, :meth:`bot_at` gives its :meth:`~PlannerBot.snapshot` at the start of a turn; from the
    first action it would not have chosen (a game the planner did not play, or played with other
    settings) that seat has no bot: ``None``, and the hint judges the position on its own.
    """

    def __init__(self, steps, *, level: str = "planner"):
        self.steps = list(steps)
        self.level = level
        self._snaps: dict[int, PlannerBot | None] = {}
        self._next = 0              # the next step to replay
        self._game = self.steps[0].before.clone() if self.steps else None
        seed = self._game.state.seed if self._game is not None else 0
        n = len(self._game.state.players) if self._game is not None else 0
        self._bots: dict[int, PlannerBot | None] = {
            s: _advisor(s, bot_rng(seed, s), level) for s in range(n)}

    def bot_at(self, index: int) -> PlannerBot | None:
        """The bot of the player acting at step ``index``, as it was when that step was played (``None``
        when the recorded game left the planner's choices before it)."""
        while self._next <= index and self._next < len(self.steps):
            i, step = self._next, self.steps[self._next]
            g = self._game
            seat = g.state.current
            bot = self._bots.get(seat)
            self._snaps[i] = bot.snapshot() if bot is not None else None
            if bot is not None:
                try:
                    chosen = bot.step(BotView(g))
                except Exception:           # noqa: BLE001 - any failure: the bot is out of step with the record
                    chosen = None
                if chosen is None or repr(chosen) != repr(step.action):
                    self._bots[seat] = None
                    self._game = step.after.clone()      # the replay took the bot's action: take the record's
            else:
                try:
                    g.apply_unchecked(step.action)
                except Exception:           # noqa: BLE001 - the record's own position then
                    self._game = step.after.clone()
            if step.outside:                # a solo scenario changed the position after the action: as recorded
                self._game = step.after.clone()
            self._next += 1
        return self._snaps.get(index)
