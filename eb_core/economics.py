"""Delivery economics: what a demand is worth, how long it takes, and which deliveries to plan first.

Three questions a player asks while looking at their demand cards (rulebook: Delivering Loads):

* :func:`delivery_value` -- *one demand*: from which source city, how much track still to build, how
  many mileposts to ride, how many turns, and how much payout per turn.
* :func:`plan_hand` -- *a hand of cards*: the best plan of one to three deliveries (one per card), in
  which order to pick up and drop the loads, sharing track and train slots.
* :func:`plan_opening` -- *the start of the game*: where to begin building and what to build with the
  special build turns (rulebook: Starting the Game > Special Build Turns).

The model (simple on purpose, and the same for all three functions)
--------------------------------------------------------------------
A plan is a sequence of *stops*: the train's start (if given), then pick-ups and deliveries in order.

* **Track.** Each *leg* between two consecutive stops is the cheapest build between them
  (:func:`eb_core.routes.cheapest_build`, in whichever direction is cheaper: entering a major city costs
  5M, leaving it nothing) given the ``position``'s track (own track costs nothing). The
  plan builds the **union** of its legs' track as one network: a segment used by several legs is paid
  once (in the direction the first leg that uses it builds it), a ferry or the Chunnel is bought once.
  A player with no track yet must begin at a major or key city (rulebook: Build Phase Rules > Beginning
  Construction): if no leg touches one, the cheapest connection from a major/key city to a stop is added
  (:func:`eb_core.routes.cheapest_connection`).
* **Turns: build first, then run.** ``build_turns = ceil(build_cost / rules.build_limit)`` (rulebook:
  Build Phase Rules: up to 20M a turn), ``travel_turns`` = :func:`eb_core.routes.travel_turns` of the
  ridden path at the train's speed (ferry staging and half speed included, rulebook: Operations Phase
  Rules > Movement Using a Ferry), and ``turns = max(1, build_turns + travel_turns)``. Sequential on
  purpose: it over-counts a little when the train could already ride while the last track is built, but
  it is easy to check by hand. At the opening (``free_build_turns`` = the special build turns, which
  have no operations phase) the count starts at the first special build turn and
  ``turns = max(build_turns, free_build_turns) + travel_turns``: the special turns pass anyway, and
  track that fits in them costs no extra turn.
* **Riding.** The ridden path is the legs' build paths end to end (a leg that needs no new track rides
  the shortest trip on the existing network, :func:`eb_core.routes.shortest_trip`); inside a major
  city's red area the train crosses public track between the mileposts two legs use. Without ``start``
  the train is placed at the first pick-up city (rulebook: Starting the Game > Starting Your Train).
* **Money.** ``payout`` is the sum of the demands delivered; ``net = payout - build_cost``;
  ``payout_per_turn = payout / turns`` and ``income_per_turn = net / turns``. Plans are ranked by
  ``income_per_turn``, then fewer turns, cheaper track, higher payout, then by the cards, demands,
  sources and order (a fixed text key), so the answer never depends on dictionary order.
* **Not modelled:** renting other players' track, events, cash on hand (No Credit/No Loans), chips
  running out (loads already on the train: ``plan_hand(..., carrying=...)``). Legs are planned on the existing track, not on the track
  earlier legs of the same plan will build, so two legs may run parallel track where one could share
  (on sampled Europe hands the union cost stays within about 10% of planning legs one after another).
* **Search.** :func:`plan_hand` enumerates every candidate (cards x demands x sources x orders) and
  prunes with a safe bound (it never drops the best plan): travel takes at least
  ``ceil(mileposts / speed)`` turns. Leg builds are cached per call, so a hand costs a few hundred
  route searches (about a second on the Europe board).

>>> import eb_core as eb
>>> from eb_core.cards import Demand
>>> board, rules = eb.load_board("tutorial"), eb.ruleset("europe-standard")
>>> v = delivery_value(board, rules, Demand("Birmingham", "Tourists", 12))
>>> v.source, v.build_cost, v.build_turns, v.travel_turns, v.turns, v.payout_per_turn
('London', 5, 1, 1, 2, 6.0)
"""
from __future__ import annotations

import inspect
import itertools
import math
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from . import routes as _routes
from . import rulebook as R
from .board import Board
from .cards import Demand, DemandCard
from .costs import SegmentCost, crossing_cost, segment_cost
from .errors import InvalidAction
from .rules import Ruleset, Train
from .state import Position
from .track import Track, seg_key
from .words import and_list, pretty_as_words, shown

__all__ = ["DeliveryValue", "HandPlan", "OpeningPlan", "PlannedDelivery", "Stop", "delivery_table", "delivery_value",
           "plan_for", "plan_hand", "plan_opening"]

_NOCITY = type("_NoCity", (), {"mileposts": ()})()
_PICKUP_RULE = R.PICKUP
_DELIVER_RULE = R.DELIVER


# ============================================================================================ value types
@dataclass(frozen=True, slots=True)
class Stop:
    """One stop of a plan: ``action`` is ``"pickup"`` or ``"deliver"``; ``delivery`` indexes
    :attr:`HandPlan.deliveries`."""

    action: str
    city: str
    load: str
    delivery: int

    def __str__(self) -> str:
        return f"{'pick up' if self.action == 'pickup' else 'deliver'} {self.load} at {self.city}"


@dataclass(frozen=True, slots=True)
class PlannedDelivery:
    """A demand chosen for a plan: the card it is on (index in the hand and card id), the demand, and the
    city the load is picked up at (``None``: it is already on the train)."""

    card: int
    card_id: Any
    demand_index: int
    city: str
    load: str
    payout: int
    source: str | None

    def __str__(self) -> str:
        where = "already on the train" if self.source is None else f"from {self.source}"
        return f"{self.load} {where} to {self.city} for {self.payout}M"


@dataclass(frozen=True)
class _Score:
    """Everything measured about one sequence of stops (internal, shared by all results)."""

    build_cost: int
    segments: tuple[SegmentCost, ...]
    crossings: tuple[str, ...]
    connection: tuple[str, int] | None          # (major/key city, cost) when a start spur was needed
    path: tuple[int, ...]
    distance: int
    build_turns: int
    travel_turns: int
    turns: int


class _Priced:
    """Measures shared by a delivery and a plan: both have ``payout``, ``build_cost``, ``turns``,
    ``path`` (the ride) and ``segments`` (the new track)."""

    __slots__ = ()

    @property
    def net(self) -> int:
        return self.payout - self.build_cost

    @property
    def income_per_turn(self) -> float:
        return self.net / self.turns

    @property
    def payout_per_turn(self) -> float:
        return self.payout / self.turns

    @property
    def mileposts(self) -> tuple[int, ...]:
        """The ridden path (so :func:`eb_core.display.figures.add_route` can draw it)."""
        return self.path

    @property
    def cost(self) -> int:
        """The build cost (so :func:`eb_core.display.figures.add_route` can label it)."""
        return self.build_cost

    def track(self, player: int = 0, base: Track | None = None) -> Track:
        """``base`` (default: no track) plus the new track this builds, owned by ``player``."""
        return _as_track(self.segments, player, base)


@dataclass(frozen=True)
class DeliveryValue(_Priced):
    """What one demand is worth (see the module docstring for the model).

    ``source`` is the best source city, ``build_cost`` the new track still needed (0 when the network
    already joins everything), ``segments`` that track, segment by segment, ``path`` the mileposts ridden
    and ``distance`` their count of moves, ``build_turns`` + ``travel_turns`` -> ``turns``,
    ``payout_per_turn = payout / turns``, ``income_per_turn = (payout - build_cost) / turns``.
    ``options`` lists every source considered as ``(source, build_cost, turns, income_per_turn)``, best
    first.
    """

    city: str
    load: str
    payout: int
    source: str
    build_cost: int
    segments: tuple[SegmentCost, ...]
    crossings: tuple[str, ...]
    connection: tuple[str, int] | None
    path: tuple[int, ...]
    distance: int
    build_turns: int
    travel_turns: int
    turns: int
    train: Train
    start: int | str | None
    options: tuple[tuple[str, int, int, float], ...] = ()
    build_limit: int = 20
    start_place: str | None = None       # ``start`` as a player names it (``Board.place``)

    def explain(self) -> str:
        """The value in plain English."""
        src = f"pick it up at {self.source}"
        if len(self.options) > 1:
            others = ", ".join(f"{s} {t} turns" for s, _, t, _ in self.options[1:])
            src += f" (the best of {len(self.options)} sources; also {others})"
        start = "" if self.start is None else f"From {self.start_place or _place_name(self.start)}, "
        lines = [f"{start}deliver {self.load} to {self.city} for {self.payout}M: {src}."]
        lines.append(_money_sentence(self.build_cost, self.crossings, self.connection, self.build_turns,
                                     self.distance, self.travel_turns, self.train, 0, self.build_limit))
        lines.append(f"{self.turns} turn{'s' if self.turns != 1 else ''} in all: "
                     f"{self.payout_per_turn:.1f}M of payout per turn, "
                     f"{self.income_per_turn:.1f}M per turn after paying for the track.")
        return " ".join(lines)

    def __str__(self) -> str:
        return self.explain()

    _repr_pretty_ = pretty_as_words      # IPython's plain-text display: the words, not the fields


@dataclass(frozen=True)
class HandPlan(_Priced):
    """The best plan for a hand (see the module docstring for the model).

    ``deliveries`` are the chosen demands, ``stops`` the pick-ups and deliveries in order, ``build_cost``
    and ``segments`` the union of the track needed, ``path``/``distance`` the ride, ``turns`` the
    total, ``payout`` the sum of payouts, ``income_per_turn = (payout - build_cost) / turns``.
    ``considered`` counts the plans compared.
    """

    deliveries: tuple[PlannedDelivery, ...]
    stops: tuple[Stop, ...]
    build_cost: int
    segments: tuple[SegmentCost, ...]
    crossings: tuple[str, ...]
    connection: tuple[str, int] | None
    path: tuple[int, ...]
    distance: int
    build_turns: int
    travel_turns: int
    turns: int
    payout: int
    train: Train
    start: int | str | None
    free_build_turns: int = 0
    considered: int = 0
    build_limit: int = 20
    carrying: tuple[str, ...] = ()
    start_place: str | None = None       # ``start`` as a player names it (``Board.place``)

    def to_frame(self):
        """The stops as a pandas DataFrame (action, city, load, payout on delivery, card)."""
        rows = [{"action": st.action, "city": st.city, "load": st.load,
                 "payout": self.deliveries[st.delivery].payout if st.action == "deliver" else 0,
                 "card": self.deliveries[st.delivery].card_id} for st in self.stops]
        df = pd.DataFrame(rows, columns=["action", "city", "load", "payout", "card"])
        df.index = pd.RangeIndex(1, len(df) + 1, name="stop")
        return df

    @property
    def cards(self) -> tuple[int, ...]:
        """Indexes (in the hand) of the cards this plan delivers on."""
        return tuple(d.card for d in self.deliveries)

    def explain(self) -> str:
        """The plan in plain English."""
        n = len(self.deliveries)
        head = (f"Best plan of {self.considered} compared: {n} deliver{'y' if n == 1 else 'ies'} "
                f"worth {self.payout}M -- " + "; ".join(str(d) for d in self.deliveries) + ".")
        start = f"Start at {self.start_place or _place_name(self.start)}" if self.start is not None else \
            f"Place the train at {self.stops[0].city}"
        order = start + ", then " + ", ".join(str(s) for s in self.stops) + "."
        if self.carrying:
            used = [d.load for d in self.deliveries if d.source is None]
            spare = list(self.carrying)
            for ld in used:
                spare.remove(ld)
            # a spare load is dropped only when a pick-up needs its place (the most aboard along the stops,
            # every load carried kept, above the train's capacity); the others stay aboard
            aboard = peak = len(self.carrying)
            for st in self.stops:
                aboard += 1 if st.action == "pickup" else -1
                peak = max(peak, aboard)
            n_drop = min(len(spare), max(0, peak - self.train.capacity))
            dropped, kept = spare[:n_drop], spare[n_drop:]
            order += " On the train at the start: " + and_list(self.carrying)
            first = self.stops[0].city if self.stops else "the first city"
            if dropped:
                order += (f"; {and_list(dropped)} dropped at {first} to make room (the train holds "
                          f"{self.train.capacity})")
            if kept:
                order += f"; {and_list(kept)} kept aboard"
            order += "."
        money = _money_sentence(self.build_cost, self.crossings, self.connection, self.build_turns,
                                self.distance, self.travel_turns, self.train, self.free_build_turns, self.build_limit)
        tail = (f"{self.turns} turn{'s' if self.turns != 1 else ''} in all: {self.payout_per_turn:.1f}M of payout "
                f"per turn, {self.income_per_turn:.1f}M per turn after paying for the track.")
        return f"{head} {order} {money} {tail}"

    def __str__(self) -> str:
        return self.explain()

    _repr_pretty_ = pretty_as_words      # IPython's plain-text display: the words, not the fields


@dataclass(frozen=True)
class OpeningPlan:
    """What to build in the special build turns (rulebook: Starting the Game > Special Build Turns).

    ``start_city`` is the major or key city the first segment is built from, ``builds`` one tuple of
    :class:`~eb_core.costs.SegmentCost` per special turn (each costing at most ``rules.build_limit``, and
    at most ``rules.builds_out_of_major_per_turn`` of them leaving major/key city mileposts), ``spent``
    the cost per turn, ``plan`` the hand plan the track serves, ``train_city`` where to place the train
    at the first operations turn, ``discard`` the hand indexes to discard down to the hand size and
    ``out_of_cities`` every major/key city the built track leaves from (``start_city`` first).
    """

    start_city: str
    builds: tuple[tuple[SegmentCost, ...], ...]
    plan: HandPlan
    train_city: str
    discard: tuple[int, ...]
    remaining_cost: int
    out_of_cities: tuple[str, ...] = ()
    discarded: tuple[str, ...] = ()      # the discarded cards, each in words ("card 42: Beer to Manchester ...")

    @property
    def spent(self) -> tuple[int, ...]:
        return tuple(sum(s.total for s in turn) for turn in self.builds)

    @property
    def total(self) -> int:
        return sum(self.spent)

    @property
    def segments(self) -> tuple[SegmentCost, ...]:
        return tuple(s for turn in self.builds for s in turn)

    def track(self, player: int = 0) -> Track:
        """The track this opening builds, as a :class:`~eb_core.track.Track` for ``player``."""
        return _as_track(self.segments, player)

    def explain(self) -> str:
        """The opening in plain English."""
        lines = [f"Begin building at {self.start_city}."]
        others = [c for c in self.out_of_cities if c != self.start_city]
        if others:
            lines.append("Track also leaves " + " and ".join(others) + " (any major or key city milepost may start "
                         "a build).")
        for i, (turn, spent) in enumerate(zip(self.builds, self.spent), 1):
            if not turn:
                lines.append(f"Special build turn {i}: nothing useful left to build.")
                continue
            lines.append(f"Special build turn {i}: {len(turn)} segment{'s' if len(turn) != 1 else ''} for "
                         f"{spent}M ({_describe_builds(turn)}).")
        if self.remaining_cost > 0:
            lines.append(f"About {self.remaining_cost}M of the plan's track is left for later turns.")
            gap = self.total + self.remaining_cost - self.plan.build_cost
            if gap:         # built in the order a new player can, some segments go the dearer way (or cheaper)
                lines.append(f"Built in the order a new player can (from major cities and the track just laid) the "
                             f"track costs about {self.total + self.remaining_cost}M, not the "
                             f"{self.plan.build_cost}M the plan estimated.")
        else:
            lines.append("That is all the track the plan needs.")
            if self.total != self.plan.build_cost:    # dearer: into a city the plan priced building out of
                how = ("Built in this order (out of major cities rather than into them)" if self.total < self.plan.build_cost
                       else "Built in the order a new player can (from major cities and the track just laid, so some "
                            "segments go into a city or ferry port rather than out of it)")
                lines.append(f"{how} it costs {self.total}M, not the {self.plan.build_cost}M the plan estimated.")
        if self.discarded:
            lines.append("Discard " + "; and ".join(self.discarded) + ".")
        elif self.discard:
            lines.append("Discard the " + and_list(_ordinal(i + 1) for i in self.discard) + " card"
                         + ("s" if len(self.discard) > 1 else "") + " of the hand.")
        lines.append(f"Place the train at {self.train_city}. " + self.plan.explain())
        return " ".join(lines)

    def __str__(self) -> str:
        return self.explain()

    _repr_pretty_ = pretty_as_words      # IPython's plain-text display: the words, not the fields


# ================================================================================================ helpers
def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _card_words(card: Any) -> str:
    """A card of a hand in words: a deck's card says itself ("card 42: Beer to Manchester for 11M; ..."), a
    list of demands is listed."""
    if hasattr(card, "demands") and hasattr(card, "label"):
        return str(card)
    try:
        return "the card " + "; ".join(f"{d[1] if isinstance(d, tuple) else d.load} to "
                                       f"{d[0] if isinstance(d, tuple) else d.city}" for d in card)
    except (TypeError, AttributeError, IndexError):
        return "a card"


def _place_name(p: int | str) -> str:
    return p if isinstance(p, str) else f"milepost {p}"


def _start_place(board: Board, start: int | str | None) -> str | None:
    """A start milepost as a player names it: its city, its port, or "a clear milepost near Lyon"."""
    return board.place(start) if isinstance(start, int) else start


def _money_sentence(cost: int, crossings: Sequence[str], connection, build_turns: int, distance: int,
                    travel_turns: int, train: Train, free: int, limit: int) -> str:
    if cost == 0:
        s = "No new track is needed"
    else:
        s = f"Build {cost}M of new track"
        if crossings:
            s += ", buying " + " and ".join(crossings)
        if connection is not None and connection[0] == "your network":
            s += ", joined to your network"
        elif connection is not None:
            s += f", starting from {connection[0]} as a first build must"
        s += f" ({build_turns} build turn{'s' if build_turns != 1 else ''} at up to {limit}M"
        if free and build_turns > free:
            s += f"; the first {free} are the special build turns, counted from the start of the game"
        elif free:      # the track fits in the special build turns, which pass anyway
            s += f", within the {free} special build turns, which pass first anyway"
        s += ")"
    if free and cost == 0:
        s += f" ({free} special build turns pass first)"
    s += (f", then ride {distance} milepost{'s' if distance != 1 else ''} at speed {train.speed} "
          f"({travel_turns} turn{'s' if travel_turns != 1 else ''}).")
    return s


def _describe_builds(turn: Sequence[SegmentCost]) -> str:
    parts: dict[str, int] = {}
    for s in turn:
        if s.crossing_name:
            parts[s.crossing_name] = parts.get(s.crossing_name, 0) + s.total
            continue
        parts[s.base_label] = parts.get(s.base_label, 0) + s.base
        if s.water:
            parts["bridges"] = parts.get("bridges", 0) + s.water
    return ", ".join(f"{k} {v}M" for k, v in parts.items())


def _as_track(segments: Iterable[SegmentCost], player: int, base: Track | None = None) -> Track:
    return (base.copy() if base is not None else Track()).lay(player, segments)


def _is_hop(s: SegmentCost) -> bool:
    """A ride across a ferry or tunnel (port to port), not a segment of track."""
    return s.crossing_name is not None and s.base_label.startswith("across ")


def _demand_fields(d: Any, fld: str) -> tuple[str, str, int]:
    try:
        city, load, payout = d.city, d.load, d.payout
    except AttributeError:
        try:
            city, load, payout = d
        except (TypeError, ValueError):
            raise InvalidAction(f"{fld}: expected a Demand (city, load, payout), got {shown(d)}", field=fld) from None
    if not isinstance(payout, (int, float)) or isinstance(payout, bool) or not math.isfinite(payout) \
            or payout < 0 or payout != int(payout):
        raise InvalidAction(f"{fld}: payout must be a whole number of millions >= 0 (as printed on the cards), "
                            f"got {shown(payout)}", field=fld)
    return city, load, int(payout)


def _check_demand(board: Board, d: Any, fld: str, need_source: bool = True) -> tuple[str, str, int]:
    city, load, payout = _demand_fields(d, fld)
    if not board.has_city(city):
        raise InvalidAction(f"{fld}: {board.no_city(city)} (rulebook: {_DELIVER_RULE})",
                            field=f"{fld}.city")
    if load not in board.loads:
        raise InvalidAction(f"{fld}: {board.no_load(load)} (rulebook: {_PICKUP_RULE})",
                            field=f"{fld}.load")
    city = board.city(city).name
    if need_source and not [c for c in board.sources(load) if c.name != city]:
        raise InvalidAction(f"{fld}: no city other than {city} offers {load} on board {board.name!r} "
                            f"(rulebook: {_PICKUP_RULE})", field=f"{fld}.load")
    return city, load, payout


def _card_demands(card: Any, fld: str) -> tuple[Any, tuple[Any, ...]]:
    demands = getattr(card, "demands", None)
    if demands is None:
        if isinstance(card, (list, tuple)) and card and all(hasattr(x, "city") or isinstance(x, (list, tuple))
                                                            for x in card):
            return None, tuple(card)
        raise InvalidAction(f"{fld}: expected a demand card (with .demands), got {shown(card)}", field=fld)
    return getattr(card, "id", None), tuple(demands)


# ============================================================================================== evaluator
@dataclass
class _Leg:
    path: tuple[int, ...]
    items: tuple[SegmentCost, ...]     # priced new segments in build order (before any union discount)
    distance: int
    touches: bool = False              # reaches a major/key city or the player's own track
    costs: dict = field(default_factory=dict)   # segment key -> cost, for legs without ferries/tunnels
    crosses: bool = False                       # buys a ferry or tunnel
    fast: tuple = ()                            # (key, cost, crossing name, is a hop, item) per item
    keyinfo: dict = field(default_factory=dict)  # segment key -> (cost, enters a port, leg id)
    events: tuple = ()                          # the ferry/tunnel items in order (see _Evaluator.union_cost)

    def __post_init__(self):
        self.crosses = any(i.crossing_name is not None for i in self.items)
        self.fast = tuple((seg_key(i.a, i.b), i.total, i.crossing_name, _is_hop(i), i) for i in self.items)
        self.costs = {k: c for k, c, cname, hop, _ in self.fast if cname is None}
        me = id(self)
        self.keyinfo = {k: (c, cname is not None, me) for k, c, cname, hop, _ in reversed(self.fast) if not hop}
        self.events = tuple(f for f in self.fast if f[2] is not None)


class _Evaluator:
    """Caches legs and prices sequences of stops for one position (board, rules, track, player, train)."""

    def __init__(self, board: Board, rules: Ruleset, position: Position | None, train: Train,
                 free_build_turns: int = 0):
        _routes._check_types(board, rules)
        track, player = _routes._position(position)
        self.board, self.rules, self.train = board, rules, train
        self.player = 0 if player is None else player
        self.track = track if track is not None else Track()
        self.free = free_build_turns
        self.owned = frozenset(self.track.owned_crossings(self.player))
        self.has_network = bool(self.track.segments_of(self.player)) or bool(self.owned)
        if not rules.build_from_majors and not self.has_network:
            # Empire Express: no new player -- every colour starts with its demo track, and track is built
            # only off your own (no first track out of a major city)
            raise InvalidAction(f"position: in {rules.title} track is built only off your own track "
                                f"({R.cite(R.BEGIN, rules.rulebook)}) and each colour starts with its demo "
                                "track, so there is no empty-board price: give the position, e.g. "
                                "position=eb.Position.of(game.state, seat)", field="position")
        # the route functions take the fast static graph when there is no position at all
        empty = not self.track.segments and not self.track.crossings
        self._trip_pos = {"position": Position(track=self.track, seat=self.player)}
        self._pos = {} if empty else {"position": Position(track=self.track, seat=self.player)}
        self._legs: dict[tuple, _Leg | None] = {}
        self._conn: dict[Any, tuple[str, int, tuple[SegmentCost, ...]] | None] = {}
        self._turns: dict[tuple[int, ...], int] = {}
        self._reprice: dict = {}
        self._parts: dict = {}
        anchors = set()
        for c in board.cities:
            if c.has_red_area:
                anchors.update(c.mileposts)
        self.anchors = frozenset(anchors)
        # new track must grow from a major/key city or from the player's own track (Beginning Construction)
        self.roots = self.anchors | frozenset(self.track.mileposts_of(self.player, board))

    # ------------------------------------------------------------------ legs
    def leg(self, a: int | str, b: int | str) -> _Leg | None:
        key = (a, b)
        if key in self._legs:
            return self._legs[key]
        self._legs[key] = leg = self._compute_leg(a, b)
        return leg

    def _compute_leg(self, a: int | str, b: int | str) -> _Leg | None:
        """The leg from ``a`` to ``b``: the cheaper of building a->b and b->a (building is directed:
        entering a major city costs 5M, leaving it nothing), ridden from ``a`` to ``b``."""
        board = self.board
        if a == b and isinstance(a, str):
            return _Leg((), (), 0)           # two stops in one city: the train is already there
        if a == b or (isinstance(a, int) and isinstance(b, str) and a in board.city(b).mileposts):
            return _Leg((a,), (), 0, a in self.roots)
        best = None
        for x, y, rev in ((a, b, False), (b, a, True)):
            try:
                plan = _routes.cheapest_build(board, self.rules, x, y, **self._pos)
            except (ValueError, KeyError):
                plan = None
            if plan is None:
                continue
            path = tuple(int(m) for m in plan.mileposts)
            items = self._price(path)
            cost = sum(i.total for i in items)
            if best is None or cost < best[0]:
                best = (cost, path[::-1] if rev else path, items)
        if best is None:
            return None
        _, path, items = best
        if not items:
            trip = self._trip(a, b)
            if trip is not None:
                path = trip
        return _Leg(path, items, self._moves(path), any(m in self.roots for m in path))

    def _trip(self, a, b) -> tuple[int, ...] | None:
        try:
            t = _routes.shortest_trip(self.board, self.rules, a, b, **self._trip_pos, rent=False)
        except (ValueError, KeyError):
            return None
        if t is None:
            return None
        return tuple(int(m) for m in t.path)

    def _moves(self, path: Sequence[int]) -> int:
        """Movement steps along a path (a ferry hop is one step; the Chunnel's inner mileposts count)."""
        n = 0
        for a, b in itertools.pairwise(path):
            n += 1
            for cr in self.board.crossings_at(a):
                if cr.other_port(a) == b and cr.mileposts:
                    n += len(cr.mileposts)
        return n

    def _hop(self, a: int, b: int):
        for cr in self.board.crossings_at(a):
            if cr.other_port(a) == b:
                return cr
        return None

    def _price(self, path: Sequence[int]) -> tuple[SegmentCost, ...]:
        """New segments along a path, priced in path order, skipping own/public track."""
        out: list[SegmentCost] = []
        owned = set(self.owned)
        board, track, me = self.board, self.track, self.player
        i = 0
        path = list(path)
        while i < len(path) - 1:
            a, b = path[i], path[i + 1]
            cr = self._hop(a, b)
            if cr is None:
                # a tunnel written with its inner mileposts
                for c in board.crossings_at(a):
                    inner = c.path_from(a)
                    if c.mileposts and tuple(path[i + 1:i + 1 + len(inner)]) == inner:
                        cr, b = c, inner[-1]
                        i += len(inner) - 1
                        break
            if cr is not None:
                if cr.name not in owned:
                    out.append(SegmentCost(a, b, 0, 0, crossing_cost(self.rules, cr), "across " + cr.name,
                                           None, cr.name))
                    owned.add(cr.name)
            elif not board.is_red_area(a, b) and track.owner(a, b) != me:
                sc = segment_cost(board, self.rules, a, b, owned_crossings=owned)
                if sc is None:
                    raise InvalidAction(f"the route planner returned a path through mileposts {a}-{b}, "
                                        "where no track may be built", field="path")
                out.append(sc)
                if sc.crossing_name:
                    owned.add(sc.crossing_name)
            i += 1
        return tuple(out)

    # ------------------------------------------------------------ connection
    def connection(self, place: int | str):
        """Cheapest build joining ``place`` to the player's network, or to any major/key city for a
        player with no track: ``(where from, cost, segments)`` or ``None``."""
        if place in self._conn:
            return self._conn[place]
        res = None
        try:
            plan = _routes.cheapest_connection(self.board, self.rules, place, **self._pos)
        except (ValueError, KeyError):
            plan = None
        if plan is not None:
            path = tuple(int(m) for m in plan.mileposts)
            if self.has_network:
                where = "your network"
            else:
                ends = [m for m in (path[0], path[-1]) if m in self.anchors]
                where = self.board.city_at(ends[0]).name if ends else "a major city"
            items = self._price(path)
            res = (where, sum(s.total for s in items), items)
        self._conn[place] = res
        return res

    # ----------------------------------------------------------------- union
    def union(self, legs: Sequence[_Leg]) -> tuple[int, list[SegmentCost], list[str]]:
        """``(cost, segments, crossings bought)`` of the legs' track built as one network: a segment is
        paid once, at the price of the first leg that uses it; a ferry or tunnel is bought once (a later
        segment into one of its ports then pays the port milepost instead)."""
        seen: set = set()
        bought: set[str] = set(self.owned)
        out: list[SegmentCost] = []
        cost = 0
        for leg in legs:
            for k, c, cname, hop, sc in leg.fast:
                if hop:
                    if cname in bought:
                        continue
                    bought.add(cname)
                elif k in seen:
                    continue
                else:
                    seen.add(k)
                    if cname is not None:
                        if cname in bought:
                            rk = (sc.a, sc.b, frozenset(bought))
                            again = self._reprice.get(rk)
                            if again is None:
                                again = self._reprice[rk] = segment_cost(self.board, self.rules, sc.a, sc.b,
                                                                         owned_crossings=bought)
                            sc, c = again, again.total
                        else:
                            bought.add(cname)
                out.append(sc)
                cost += c
        return cost, out, sorted(bought - self.owned)

    # ---------------------------------------------------------------- riding
    def join(self, legs: Sequence[_Leg]) -> tuple[int, ...]:
        path: list[int] = []
        for leg in legs:
            p = list(leg.path)
            if path and len(p) == 1 and p[0] in (self.board.city_at(path[-1]) or _NOCITY).mileposts:
                continue     # a stop in the city the train is already in
            if path and p:
                if path[-1] != p[0]:
                    bridge = self._red_bridge(path[-1], p[0])
                    path.extend(bridge[1:-1])
                    path.extend(p)
                else:
                    path.extend(p[1:])
            else:
                path.extend(p)
        return tuple(path)

    def _red_bridge(self, a: int, b: int) -> list[int]:
        ca = self.board.city_at(a)
        if ca is None or ca is not self.board.city_at(b):
            raise InvalidAction(f"legs do not meet: milepost {a} and {b} are not in one city", field="path")
        prev = {a: None}
        q = deque([a])
        while q:
            m = q.popleft()
            if m == b:
                break
            for n in self.board.neighbors(m):
                if n not in prev and n in ca.mileposts and self.board.is_red_area(m, n):
                    prev[n] = m
                    q.append(n)
        out = [b]
        while prev.get(out[-1]) is not None:
            out.append(prev[out[-1]])
        return out[::-1]

    def travel_turns(self, path: tuple[int, ...]) -> int:
        if len(path) < 2:
            return 0
        hit = self._turns.get(path)
        if hit is None:
            t = _routes.travel_turns(self.board, self.rules, list(path), self.train.speed)
            hit = int(getattr(t, "turns", t))
            self._turns[path] = hit
        return hit

    # ----------------------------------------------------------------- score
    def places_need_connection(self, legs: Sequence[_Leg]) -> bool:
        """True when no leg touches a major/key city or the player's own track, so the new track could
        not legally be begun (rulebook: Build Phase Rules, "Beginning Construction")."""
        builds = False
        for leg in legs:
            if leg.touches:
                return False
            builds = builds or bool(leg.items)
        return builds

    def union_cost(self, legs: Sequence[_Leg]) -> int:
        """The cost of :meth:`union`, computed with dictionary merges (the planners call this for every
        candidate; :meth:`score` checks it against :meth:`union`)."""
        merged: dict = {}
        if not any(leg.crosses for leg in legs):
            for leg in reversed(legs):          # the first leg to use a segment sets its price
                merged.update(leg.costs)
            return sum(merged.values())
        for leg in reversed(legs):
            merged.update(leg.keyinfo)
        cost = sum(v[0] for v in merged.values() if not v[1])
        bought = set(self.owned)
        done: set = set()
        for leg in legs:                        # ferries and tunnels in the order the legs meet them
            me = id(leg)
            for k, c, cname, hop, sc in leg.events:
                if hop:
                    if cname not in bought:
                        bought.add(cname)
                        cost += c
                    continue
                if k in done or merged[k][2] != me:
                    continue
                done.add(k)
                if cname in bought:
                    cost += self._reprice_entry(sc, bought)
                else:
                    bought.add(cname)
                    cost += c
        return cost

    def _reprice_entry(self, sc: SegmentCost, bought: set[str]) -> int:
        rk = (sc.a, sc.b, frozenset(bought))
        again = self._reprice.get(rk)
        if again is None:
            again = self._reprice[rk] = segment_cost(self.board, self.rules, sc.a, sc.b, owned_crossings=bought)
        return again.total

    def cost_part(self, places: Sequence[int | str]):
        """``(cost, connection, legs)`` for a sequence of places (the legs include the start spur when
        one is needed), or ``None`` when some leg cannot be built."""
        key = tuple(places)
        if key in self._parts:
            return self._parts[key]
        self._parts[key] = part = self._cost_part(places)
        return part

    def _cost_part(self, places: Sequence[int | str]):
        legs = []
        for a, b in itertools.pairwise(places):
            leg = self.leg(a, b)
            if leg is None:
                return None
            legs.append(leg)
        connection = None
        if self.places_need_connection(legs):
            best = None
            for p in dict.fromkeys(places):
                c = self.connection(p)
                if c is not None and (best is None or c[1] < best[1]):
                    best = c
            if best is None:
                return None
            legs.append(_Leg((), best[2], 0, True))
            connection = (best[0], best[1])
        return self.union_cost(legs), connection, legs

    def build_turns(self, cost: int) -> int:
        return math.ceil(cost / self.rules.build_limit) if cost > 0 else 0

    def score(self, places: Sequence[int | str], part=None) -> _Score | None:
        part = part if part is not None else self.cost_part(places)
        if part is None:
            return None
        cost, connection, legs = part
        cost2, segs, crossings = self.union(legs)
        assert cost2 == cost, (cost, cost2)
        path = self.join(legs)
        bt = self.build_turns(cost)
        tt = self.travel_turns(path)
        turns = max(1, max(bt, self.free) + tt)
        return _Score(cost, tuple(segs), tuple(crossings), connection, path, self._moves(path), bt, tt, turns)


def _check_carrying(board: Board, carrying: Any, train: Train, start) -> list[str]:
    if isinstance(carrying, str) or not isinstance(carrying, (list, tuple)):
        raise InvalidAction(f"carrying: expected a list of load names, got {shown(carrying)}", field="carrying")
    for i, ld in enumerate(carrying):
        if ld not in board.loads:
            raise InvalidAction(f"carrying[{i}]: {board.no_load(ld)}", field=f"carrying[{i}]")
    if len(carrying) > train.capacity:
        raise InvalidAction(f"carrying: a {train} train holds at most {train.capacity} loads, not {len(carrying)} "
                            f"(rulebook: {_PICKUP_RULE})", field="carrying")
    if carrying and start is None:
        raise InvalidAction("carrying: a train with loads is already on the board; say where with start=",
                            field="start")
    return list(carrying)


def _resolve_start(board: Board, start: int | str | None) -> int | str | None:
    if start is None:
        return None
    if isinstance(start, bool):
        raise InvalidAction(f"start: expected a city name or a milepost id, got {shown(start)}", field="start")
    if isinstance(start, str):
        if not board.has_city(start):
            raise InvalidAction(f"start: {board.no_city(start)}", field="start")
        return board.city(start).name
    try:
        board.milepost(start)
    except KeyError:
        raise InvalidAction(f"start: no milepost {start!r} on board {board.name!r}", field="start") from None
    return int(start)


def _train(rules: Ruleset, train: Train | str | None) -> Train:
    if train is None:
        return rules.start_train
    if isinstance(train, str):
        try:
            train = Train.parse(train)
        except ValueError:
            raise InvalidAction(f"train: expected 'speed/capacity' such as '9/2', got {shown(train)}",
                                field="train") from None
    if not isinstance(train, Train) or train.speed < 1 or train.capacity < 1:
        said = f"'{train}'" if isinstance(train, Train) else repr(train)
        raise InvalidAction(f"train: expected a Train with positive speed and capacity, got {said}",
                            field="train")
    trains = {rules.start_train, *rules.upgrades, *(t for ts in rules.upgrades.values() for t in ts)}
    if train not in trains:
        raise InvalidAction(f"train: {train} is not a train of {rules.name} (its trains: "
                            f"{', '.join(str(t) for t in sorted(trains))})", field="train")
    return train


def _sources(board: Board, city: str, load: str) -> list[str]:
    return sorted(c.name for c in board.sources(load) if c.name != city)


def _rank_key(income: float, s: _Score, payout: int, tag: str):
    # ties: fewer turns, less track, fewer mileposts ridden (both loads taken at one visit, not a second trip)
    return (-round(income, 9), s.turns, s.build_cost, s.distance, -payout, tag)


# ============================================================================================ public API
def delivery_value(board: Board, rules: Ruleset, demand: Any, *, position: Position | None = None,
                   start: int | str | None = None, train: Train | str | None = None) -> DeliveryValue:
    """What one demand is worth: the best source, the track still to build, the ride, turns and payout per
    turn (model: see :mod:`eb_core.economics`).

    ``demand`` is a :class:`~eb_core.cards.Demand` (or a ``(city, load, payout)`` tuple). Every city
    offering the load is tried; the best by income per turn is kept (``.options`` lists them all).
    ``position`` (:class:`~eb_core.state.Position`) gives the existing network and whose it is (none: a
    new player, who must begin at a major or key city), ``start`` the train's milepost or city (none: the train is placed at the source), ``train``
    the train (default ``rules.start_train``).

    >>> import eb_core as eb
    >>> board, rules = eb.load_board("tutorial"), eb.ruleset("europe-standard")
    >>> v = delivery_value(board, rules, ("Paris", "Tourists", 20))
    >>> v.turns == v.build_turns + v.travel_turns and v.build_turns == -(-v.build_cost // 20)
    True
    """
    _routes._check_types(board, rules)
    start = _resolve_start(board, start)
    tr = _train(rules, train)
    return _delivery_value(_Evaluator(board, rules, position, tr), board, rules, demand, "demand", start, tr)


def _delivery_value(ev: _Evaluator, board: Board, rules: Ruleset, demand: Any, fld: str,
                    start: int | str | None, tr: Train) -> DeliveryValue:
    city, load, payout = _check_demand(board, demand, fld)
    options = []
    for src in _sources(board, city, load):
        places = ([start] if start is not None else []) + [src, city]
        s = ev.score(places)
        if s is None:
            continue
        income = (payout - s.build_cost) / s.turns
        key = _rank_key(income, s, payout, src)
        options.append((key, src, s, income))
    if not options:
        raise InvalidAction(f"{fld}: no source of {load} can be joined to {city} on board {board.name!r} "
                            f"(rulebook: {R.cite(_DELIVER_RULE, rules.rulebook)})", field=fld)
    options.sort(key=lambda o: o[0])
    _, src, s, _ = options[0]
    return DeliveryValue(city, load, payout, src, s.build_cost, s.segments, s.crossings, s.connection, s.path,
                         s.distance, s.build_turns, s.travel_turns, s.turns, tr, start,
                         tuple((o[1], o[2].build_cost, o[2].turns, round(o[3], 6)) for o in options),
                         rules.build_limit, _start_place(board, start))


def delivery_table(board: Board, rules: Ruleset, demands: Iterable[Any], *, position: Position | None = None,
                   start: int | str | None = None, train: Train | str | None = None):
    """:func:`delivery_value` of many demands as a pandas DataFrame, one row per demand (columns
    ``city load payout source build_cost distance build_turns travel_turns turns payout_per_turn
    income_per_turn``). Route searches are shared between the rows.

    >>> import eb_core as eb
    >>> from eb_core.cards import Demand
    >>> board, rules = eb.load_board("tutorial"), eb.ruleset("europe-standard")
    >>> t = delivery_table(board, rules, [Demand("Birmingham", "Tourists", 12), Demand("London", "Iron", 9)])
    >>> t[["source", "build_cost", "turns"]].values.tolist()
    [['London', 5, 2], ['Birmingham', 5, 2]]
    """
    _routes._check_types(board, rules)
    start = _resolve_start(board, start)
    tr = _train(rules, train)
    ev = _Evaluator(board, rules, position, tr)
    rows = []
    for i, d in enumerate(_listed(demands, "demands", "demands")):
        v = _delivery_value(ev, board, rules, d, f"demands[{i}]", start, tr)
        rows.append({"city": v.city, "load": v.load, "payout": v.payout, "source": v.source,
                     "build_cost": v.build_cost, "distance": v.distance, "build_turns": v.build_turns,
                     "travel_turns": v.travel_turns, "turns": v.turns, "payout_per_turn": v.payout_per_turn,
                     "income_per_turn": v.income_per_turn})
    cols = ["city", "load", "payout", "source", "build_cost", "distance", "build_turns", "travel_turns", "turns",
            "payout_per_turn", "income_per_turn"]
    return pd.DataFrame(rows, columns=cols)


def _orders(n: int, capacity: int, carried: frozenset[int] = frozenset()) -> list[tuple[tuple[str, int], ...]]:
    """Every order of pick-ups and deliveries of ``n`` loads (each pick-up before its delivery; the loads
    in ``carried`` are already on the train and have no pick-up) that never carries more than
    ``capacity`` loads, in a fixed order."""
    out: list[tuple[tuple[str, int], ...]] = []

    def rec(seq, picked, dropped, held):
        if len(dropped) == n:
            out.append(tuple(seq))
            return
        for i in range(n):
            if i not in picked and held < capacity:
                rec(seq + [("pickup", i)], picked | {i}, dropped, held + 1)
            if i in picked and i not in dropped:
                rec(seq + [("deliver", i)], picked, dropped | {i}, held - 1)

    rec([], frozenset(carried), frozenset(), len(carried))
    return out


def plan_hand(board: Board, rules: Ruleset, cards: Sequence[Any], *, position: Position | None = None,
              start: int | str | None = None, train: Train | str | None = None,
              max_deliveries: int = 3, sources_per_demand: int | None = 2,
              free_build_turns: int = 0, carrying: Sequence[str] = ()) -> HandPlan:
    """The best plan of one to ``max_deliveries`` deliveries from a hand (one delivery per card,
    rulebook: Delivering Loads, "Only one load can be delivered from each demand card").

    Every subset of cards, every demand on them, every source (the ``sources_per_demand`` best by
    :func:`delivery_value` for that demand alone; ``None`` tries all) and every order of pick-ups and
    deliveries that fits the train's capacity (rulebook: Picking Up Loads) is scored with the model of
    :mod:`eb_core.economics`; the plan with the highest income per turn wins, ties broken by fewer turns,
    cheaper track, higher payout, then card/demand/source/order. ``free_build_turns`` build turns cost no
    operations (:func:`plan_opening` passes the special build turns). ``carrying`` lists the loads already
    on the train (at ``start``, which is then required): a demand for one of them may be delivered
    without a pick-up (its ``source`` is ``None``); carried loads the plan does not deliver are dropped
    at the first city (rulebook: Picking Up Loads, "Loads may be dropped without payoff at any city").

    >>> import eb_core as eb
    >>> from eb_core.cards import Demand
    >>> board, rules = eb.load_board("tutorial"), eb.ruleset("europe-standard")
    >>> hand = [[Demand("Paris", "Tourists", 20), Demand("London", "Wine", 9), Demand("Paris", "Wheat", 4)]]
    >>> p = plan_hand(board, rules, hand)
    >>> len(p.deliveries), len(p.stops)
    (1, 2)
    """
    _routes._check_types(board, rules)
    if isinstance(free_build_turns, bool) or not isinstance(free_build_turns, int) or free_build_turns < 0:
        raise InvalidAction(f"free_build_turns: expected a whole number of turns >= 0, got {shown(free_build_turns)}",
                            field="free_build_turns")
    if isinstance(max_deliveries, bool) or not isinstance(max_deliveries, int) or not 1 <= max_deliveries <= 3:
        raise InvalidAction(f"max_deliveries: expected 1, 2 or 3, got {shown(max_deliveries)}", field="max_deliveries")
    if sources_per_demand is not None and (isinstance(sources_per_demand, bool) or not isinstance(sources_per_demand, int)
                                           or sources_per_demand < 1):
        raise InvalidAction(f"sources_per_demand: expected a positive whole number or None, got "
                            f"{sources_per_demand!r}", field="sources_per_demand")
    cards = _listed(cards, "cards", "demand cards")
    if not cards:
        raise InvalidAction("cards: the hand is empty", field="cards")
    start = _resolve_start(board, start)
    tr = _train(rules, train)
    ev = _Evaluator(board, rules, position, tr, free_build_turns)
    carrying = _check_carrying(board, carrying, tr, start)
    on_train = {ld: carrying.count(ld) for ld in carrying}

    # every (card, demand) -> candidate sources (None: the load is already on the train)
    hand: list[list[tuple[int, Any, str, str, int, list[str]]]] = []
    for ci, card in enumerate(cards):
        cid, demands = _card_demands(card, f"cards[{ci}]")
        opts = []
        for di, d in enumerate(demands):
            # a demand no other city can supply is simply never chosen
            city, load, payout = _check_demand(board, d, f"cards[{ci}].demands[{di}]", need_source=False)
            srcs = []
            for src in _sources(board, city, load):
                places = ([start] if start is not None else []) + [src, city]
                s = ev.score(places)
                if s is not None:
                    srcs.append((_rank_key((payout - s.build_cost) / s.turns, s, payout, src), src))
            srcs.sort()
            names: list[str | None] = [x[1] for x in srcs]
            if sources_per_demand is not None:
                names = names[:sources_per_demand]
            if load in on_train:
                names.insert(0, None)
            if names:
                opts.append((di, d, city, load, payout, names))
        hand.append([(cid,) + o for o in opts])

    orders: dict[tuple[int, frozenset[int]], list] = {}
    best = None
    best_income = -math.inf
    considered = 0
    for n in range(1, min(max_deliveries, len(cards)) + 1):
        for subset in itertools.combinations(range(len(cards)), n):
            for choice in itertools.product(*(hand[ci] for ci in subset)):
                for srcs in itertools.product(*(c[6] for c in choice)):
                    carried = frozenset(i for i, s in enumerate(srcs) if s is None)
                    if carried and any(sum(1 for i in carried if choice[i][4] == ld) > k
                                       for ld, k in on_train.items()):
                        continue            # more deliveries from the train than loads on it
                    dels = tuple(PlannedDelivery(ci, c[0], c[1], c[3], c[4], c[5], s)
                                 for ci, c, s in zip(subset, choice, srcs))
                    payout = sum(d.payout for d in dels)
                    if (n, carried) not in orders:
                        orders[n, carried] = _orders(n, tr.capacity, carried)
                    for order in orders[n, carried]:
                        places = [start] if start is not None else []
                        places += [dels[i].source if act == "pickup" else dels[i].city for act, i in order]
                        part = ev.cost_part(places)
                        considered += 1
                        if part is None:
                            continue
                        cost = part[0]
                        net = payout - cost
                        # bound: travel takes at least distance/speed turns
                        dist = sum(leg.distance for leg in part[2])
                        lb_turns = max(1, max(ev.build_turns(cost), ev.free) + math.ceil(dist / tr.speed))
                        upper = net / lb_turns if net >= 0 else net / max(lb_turns, 10 ** 6)
                        if upper < best_income - 1e-9:
                            continue
                        s = ev.score(places, part)
                        income = net / s.turns
                        tag = "|".join(f"{d.card}.{d.demand_index}.{d.source}" for d in dels) + "|" + \
                              ",".join(f"{a[0]}{i}" for a, i in order)
                        # on a tie, the plan using the loads already aboard (not dropping a load to pick
                        # up its like where the train stands)
                        key = _rank_key(income, s, payout, (-len(carried), tag))
                        if best is None or key < best[0]:
                            best = (key, dels, order, s, payout)
                            best_income = max(best_income, income)
    if best is None:
        raise InvalidAction("cards: no demand in this hand can be delivered on this board "
                            f"(rulebook: {R.cite(_DELIVER_RULE, rules.rulebook)})", field="cards")
    _, dels, order, s, payout = best
    stops = tuple(Stop(act, dels[i].source if act == "pickup" else dels[i].city, dels[i].load, i)
                  for act, i in order)
    return HandPlan(dels, stops, s.build_cost, s.segments, s.crossings, s.connection, s.path, s.distance,
                    s.build_turns, s.travel_turns, s.turns, payout, tr, start, free_build_turns, considered,
                    rules.build_limit, tuple(carrying), _start_place(board, start))


def _grow(board: Board, rules: Ruleset, items: Sequence[SegmentCost], anchors: frozenset[int],
          network: set[int], owned: set[str]) -> list[list[SegmentCost]]:
    """Build ``items`` (in priority order) over the special build turns: each turn up to
    ``rules.build_limit`` and at most ``rules.builds_out_of_major_per_turn`` segments out of major/key
    mileposts, always from a major/key milepost or from track already built.

    A segment between a major city and a plain milepost is cheaper built out of the city (1M) than into
    it (5M), but building out uses one of the turn's segments out of major cities; each turn is laid both
    ways -- the cheaper way first, and keeping the allowance where track already built reaches the
    segment -- and the way that lays more of the plan's track this turn is kept (the cheaper on a tie):
    an opening between two major cities otherwise spent the allowance on its first two segments and left
    18M of the first turn unspent."""
    remaining = list(items)
    cash = rules.start_cash
    turns: list[list[SegmentCost]] = []
    for _ in range(rules.special_build_turns):
        best = None
        for keep_allowance in (False, True):
            trial = (list(remaining), set(network), set(owned))
            built, spent = _grow_turn(board, rules, anchors, *trial, min(rules.build_limit, cash), keep_allowance)
            # more of the plan's track laid wins (the more spent); as many of its segments laid both ways
            # (the same number left): the cheaper way
            if best is None or (spent < best[1] if len(trial[0]) == len(best[2][0]) else spent > best[1]):
                best = (built, spent, trial)
        built, spent, (remaining, net2, owned2) = best
        network.clear()
        network.update(net2)
        owned.clear()
        owned.update(owned2)
        cash -= spent
        turns.append(built)
    return turns


def _grow_turn(board: Board, rules: Ruleset, anchors: frozenset[int], remaining: list, network: set[int],
               owned: set[str], budget: int, keep_allowance: bool) -> tuple[list[SegmentCost], int]:
    """One special build turn of :func:`_grow` (``remaining``, ``network``, ``owned`` updated in place):
    the segments built and the money spent."""
    out_of_major = 0
    built: list[SegmentCost] = []
    spent = 0
    progress = True
    while progress:
        progress = False
        for idx, it in enumerate(remaining):
            if _is_hop(it):
                cr = board.crossing(it.crossing_name)
                if it.crossing_name in owned:
                    remaining.pop(idx)
                    progress = True
                    break
                if not any(p in network or p in anchors for p in cr.ports):
                    continue
                c = crossing_cost(rules, cr)
                if c > budget:
                    continue
                sc = SegmentCost(cr.ports[0], cr.ports[1], 0, 0, c, "across " + cr.name, None, cr.name)
                owned.add(cr.name)
                network.update(cr.ports)
                network.update(cr.mileposts)
            else:
                best = None     # the cheaper legal direction; ties keep the major-city allowance
                for u, v in ((it.a, it.b), (it.b, it.a)):
                    if u not in network and u not in anchors:
                        continue
                    from_anchor = u in anchors
                    if from_anchor and rules.builds_out_of_major_per_turn is not None and \
                            out_of_major >= rules.builds_out_of_major_per_turn:
                        continue
                    c = segment_cost(board, rules, u, v, owned_crossings=owned)
                    if c is None or c.total > budget:
                        continue
                    # keeping the allowance: a way from track already built beats one out of a major city
                    key = (from_anchor, c.total) if keep_allowance else (c.total, from_anchor)
                    if best is None or key < best[2]:
                        best = (c, from_anchor, key)
                if best is None:
                    continue
                sc, from_anchor, _ = best
                u, v = sc.a, sc.b
                out_of_major += from_anchor
                network.update((u, v))
                if sc.crossing_name:
                    cr = board.crossing(sc.crossing_name)
                    owned.add(cr.name)
                    network.update(cr.ports)
                    network.update(cr.mileposts)
            budget -= sc.total
            spent += sc.total
            built.append(sc)
            remaining.pop(idx)
            progress = True
            break
    return built, spent


def _listed(values: Any, fld: str, what: str) -> list:
    """``values`` as a list, or :class:`InvalidAction` naming ``fld`` when it is no list of things (a single
    card or demand, a name, nothing)."""
    if isinstance(values, (str, bytes, Mapping, Demand, DemandCard)) or not isinstance(values, Iterable):
        raise InvalidAction(f"{fld}: expected a list of {what}, got {shown(values)}", field=fld)
    return list(values)


def plan_opening(board: Board, rules: Ruleset, hand: Sequence[Any], *, position: Position | None = None,
                 train: Train | str | None = None, sources_per_demand: int | None = 2) -> OpeningPlan:
    """The opening for a dealt hand: which major (or key) city to begin building at and what to build in
    the special build turns (rulebook: Starting the Game > Special Build Turns; Build Phase Rules >
    Limits on Building from Major Cities & Key Cities).

    The best :func:`plan_hand` for a player with no track is found, counting the special build turns as
    free (they have no operations phase). Its track is then built in the order the plan uses it, from a
    major/key city milepost or from track already built, at most ``rules.build_limit`` per turn (and
    never more than the starting cash) and at most ``rules.builds_out_of_major_per_turn`` segments out
    of major/key city mileposts per turn; a segment that does not fit is left for later and a cheaper
    one further on is tried. Each segment's cost is recomputed in the direction it is built.

    ``hand``, ``position``, ``train`` and ``sources_per_demand`` are :func:`plan_hand`'s: the cards (each a
    list of demands), the track already there and whose, the train (default ``rules.start_train``) and how
    many of each load's cheapest sources are tried (``None``: all).

    >>> import eb_core as eb
    >>> from eb_core.cards import Demand
    >>> board, rules = eb.load_board("tutorial"), eb.ruleset("europe-standard")
    >>> o = plan_opening(board, rules, [[Demand("Paris", "Tourists", 20)] * 3])
    >>> all(s <= rules.build_limit for s in o.spent), board.city(o.start_city).has_red_area
    (True, True)
    """
    _routes._check_types(board, rules)
    hand = _listed(hand, "hand", "demand cards")
    tr = _train(rules, train)
    plan = plan_hand(board, rules, hand, position=position, train=tr, sources_per_demand=sources_per_demand,
                     free_build_turns=rules.special_build_turns)
    anchors = frozenset(m for c in board.cities if c.has_red_area for m in c.mileposts)
    turns = _grow(board, rules, plan.segments, anchors, set(), set())
    built = [s for t in turns for s in t]
    start_city = "?"
    if built:
        first = built[0]
        c = board.city_at(first.a) if first.a in anchors else board.city_at(first.b)
        start_city = c.name if c is not None else "?"
    else:
        # nothing to build: the plan already runs on public track of a major/key city
        touched = [board.city_at(m) for m in plan.path if m in anchors]
        start_city = touched[0].name if touched else plan.stops[0].city
    built_keys = {seg_key(s.a, s.b) for s in built if not _is_hop(s)}
    bought = {s.crossing_name for s in built if s.crossing_name}
    remaining = 0
    for s in plan.segments:
        if _is_hop(s):
            remaining += 0 if s.crossing_name in bought else s.total
        elif seg_key(s.a, s.b) not in built_keys:
            remaining += s.total - (s.crossing if s.crossing_name in bought else 0)
    extra = len(hand) - rules.hand_size
    discard: tuple[int, ...] = ()
    if extra > 0:
        unused = [i for i in range(len(hand)) if i not in plan.cards]
        ev = _Evaluator(board, rules, position, tr)
        ev_vals = []
        for i in unused:     # keep the unused cards whose best single delivery is worth most
            _, demands = _card_demands(hand[i], f"hand[{i}]")
            best = -math.inf
            for di, d in enumerate(demands):
                try:
                    v = _delivery_value(ev, board, rules, d, f"hand[{i}].demands[{di}]", None, tr)
                except InvalidAction:
                    continue
                best = max(best, v.income_per_turn)
            ev_vals.append((best, -i, i))
        ev_vals.sort()
        discard = tuple(sorted(i for _, _, i in ev_vals[:extra]))
    out_of = tuple(dict.fromkeys(board.city_at(s.a).name for s in built if s.a in anchors and not _is_hop(s)))
    return OpeningPlan(start_city, tuple(tuple(t) for t in turns), plan, plan.stops[0].city, discard, remaining,
                       out_of, tuple(_card_words(hand[i]) for i in discard))


def plan_for(game: Any, player: int | str | None = None, **options: Any) -> HandPlan:
    """:func:`plan_hand` for a player of a running :class:`~eb_core.engine.Game`: their hand, track, train,
    train position (``start``) and loads (``carrying``) are read from ``game.state`` (``player``, a seat or
    a name, defaults to the player whose turn it is). Before the train is placed (the special build turns) the plan is
    the one a new train could run, placed at its first pick-up. ``options`` go to :func:`plan_hand`.

    >>> import eb_core as eb
    >>> game = eb.Game.new("europe-standard", board="tutorial", players=["Ann", "Ben"], seed=3)
    >>> plan = plan_for(game, 0)
    >>> {d.card_id for d in plan.deliveries} <= set(game.state.players[0].hand)
    True
    """
    try:
        state, board, rules, deck = game.state, game.board, game.rules, game.deck
    except AttributeError:
        raise InvalidAction(f"game: expected an eb_core Game, got {type(game).__name__}", field="game") from None
    who = state.current if player is None else player
    names = [p.name for p in state.players]
    if isinstance(who, str) and who in names:        # a player's name
        who = names.index(who)
    if isinstance(who, bool) or not isinstance(who, int) or not 0 <= who < len(state.players):
        raise InvalidAction(f"player {player!r} is not in this game (its players: {', '.join(names)}, or "
                            f"seats 0..{len(state.players) - 1})", field="player")
    me = state.players[who]
    cards = [deck.card(i) for i in me.hand]
    placed = me.position is not None
    kwargs: dict[str, Any] = {"position": Position.of(state, who), "train": me.train,
                              "start": me.position if placed else None,
                              "carrying": tuple(me.loads) if placed else ()}
    unknown = sorted(set(options) - set(_PLAN_HAND_OPTIONS))
    if unknown:
        raise InvalidAction(f"{unknown[0]}: plan_for has no option {unknown[0]!r}; its options are plan_hand's: "
                            f"{', '.join(_PLAN_HAND_OPTIONS)}", field=unknown[0])
    kwargs.update(options)
    return plan_hand(board, rules, cards, **kwargs)


#: The keyword options of :func:`plan_hand`, which :func:`plan_for` passes on.
_PLAN_HAND_OPTIONS = tuple(n for n, prm in inspect.signature(plan_hand).parameters.items()
                           if prm.kind is inspect.Parameter.KEYWORD_ONLY)
