"""Event cards: the registry of effects and the hooks the engine consults.

The engine does the plumbing (rulebook: Event Card Effects): when a drawn card is an event it calls
:func:`resolve`, which looks the card's ``kind`` up in :data:`EFFECTS`. An :class:`EventEffect` may

* act once when drawn (:meth:`EventEffect.on_draw`: derailments, lost loads, lost turns, taxes ...),
* while the card is active, slow trains (:meth:`~EventEffect.half_rate`), forbid moving or building
  over mileposts or segments (:meth:`~EventEffect.blocks_move`, :meth:`~EventEffect.blocks_build`),
  forbid pick-ups and deliveries (:meth:`~EventEffect.blocks_pickup`, :meth:`~EventEffect.blocks_delivery`),
  forbid staging at ferry ports (:meth:`~EventEffect.blocks_staging`), change payouts
  (:meth:`~EventEffect.payout_bonus`),
* end (:meth:`~EventEffect.on_expire`, e.g. to rebuild a major city's bridge).

Durations: ``immediate`` cards go straight to the discard pile; ``one-round`` cards stay active through
the end of the drawing player's next turn and are discarded in the Admin phase after it; ``lasting``
cards stay until their effect's :meth:`~EventEffect.expired` says so; ``permanent`` ones until the game
ends. A card whose kind has no registered effect is logged and handled by its duration alone. During a
special build turn only permanent events take effect; during sudden-death play drawn events are
discarded without effect (rulebook: Special Build Turns; How to Play > Sudden Death Tiebreaker).

The second half of this module registers every Empire Builder: Europe event (Derailments, Floods,
Gales, Heavy Snow, Fog, Strikes, Excess Profits Tax, Irish Economy Booming); their areas come from
:mod:`eb_core.areas`. Helpers: :func:`play_event` (resolve a named card now), :func:`affected` (area,
track and trains an event covers), :func:`set_load_policy` (who loses which load), and the engine hooks
:func:`rebuild_reserved` / :func:`turn_ended` (a flooded bridge's owner rebuilds first). Registering
another kind is one line::

    @register("fog")
    class Fog(EventEffect):
        def half_rate(self, game, active, player, a, b):
            ...

Readings of the rulebook where the printed cards are not quoted in it (each is tested in
``tests/test_events.py``):

* Gales close the ferries with a port within the card's radius of that sea, and a train staged at a closed
  port may not move at all ("you may not stage to or move from being staged at any ferry port"); no track
  may be built in a gale's area (the Ebro example: Trella "is prevented from rebuilding the bridge by the
  Mediterranean Gales event").
* Derailments draw both cards first, derail, then resolve the event(s) drawn in order; each derailed
  player's lost load is chosen at once by :func:`set_load_policy`'s policy (default
  :func:`least_valuable_load`). Trains not yet placed cannot derail.
* The Iberian Rail Strike costs a turn to every train standing in Spain or Portugal when it is drawn.
* A flooded bridge's first right to rebuild ends after the owner's first turn that was not lost or cut
  short and in which no event in play forbade that segment to them (:func:`turn_ended`).

Handlers receive the :class:`~eb_core.engine.Game` and the active-event record (a dict stored in
``game.state.active_events``: ``card``, ``kind``, ``drawn_by``, ``duration``, ``expires_after``, ``data``
-- ``data`` is free for the handler and must stay JSON-ready).

>>> sorted(EFFECTS) == sorted(set(EFFECTS))
True
"""
from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .engine import Game

__all__ = ["DURATIONS", "EFFECTS", "EventEffect", "register", "resolve"]

DURATIONS = ("immediate", "one-round", "lasting", "permanent")


class EventEffect:
    """Base class of an event's effect: every hook is a no-op by default.

    ``player`` arguments are seat numbers; ``a``/``b`` milepost ids (``b`` may be ``None`` for a
    question about a single milepost).
    """

    def on_draw(self, game: Game, active: dict[str, Any], drawer: int) -> None:
        """Called once when the card is drawn and takes effect."""

    def on_expire(self, game: Game, active: dict[str, Any]) -> None:
        """Called in the Admin phase when the card is discarded."""

    def expired(self, game: Game, active: dict[str, Any]) -> bool:
        """For ``lasting`` cards: whether the card should be discarded in this Admin phase."""
        return False

    def half_rate(self, game: Game, active: dict[str, Any], player: int, a: int, b: int) -> bool:
        """Whether a step ``a -> b`` puts the train at half rate (Half-Rate Movement)."""
        return False

    def blocks_move(self, game: Game, active: dict[str, Any], player: int, a: int, b: int) -> str | None:
        """A reason if the train may not step ``a -> b`` (No Movement, Floods), else ``None``."""
        return None

    def blocks_build(self, game: Game, active: dict[str, Any], player: int, a: int, b: int) -> str | None:
        """A reason if segment ``a``-``b`` may not be built now, else ``None``."""
        return None

    def blocks_pickup(self, game: Game, active: dict[str, Any], player: int, mp: int, load: str) -> str | None:
        """A reason if ``load`` may not be picked up at milepost ``mp`` now."""
        return None

    def blocks_delivery(self, game: Game, active: dict[str, Any], player: int, mp: int, load: str) -> str | None:
        """A reason if ``load`` may not be delivered at milepost ``mp`` now."""
        return None

    def blocks_staging(self, game: Game, active: dict[str, Any], player: int, port: int) -> str | None:
        """A reason if a train may not stage at or cross from ferry port ``port`` now (Gales)."""
        return None

    def payout_bonus(self, game: Game, active: dict[str, Any], player: int, city: str, load: str) -> int:
        """Millions added to a delivery's payout (Irish Economy Booming: +4)."""
        return 0


EFFECTS: dict[str, EventEffect] = {}


def register(kind: str) -> Callable:
    """Class decorator: register an :class:`EventEffect` subclass (or instance) for event ``kind``."""

    def deco(obj):
        EFFECTS[kind] = obj() if isinstance(obj, type) else obj
        return obj

    return deco


def effect_of(kind: str) -> EventEffect | None:
    return EFFECTS.get(kind)


def resolve(game: Game, card, drawer: int, *, special: bool = False) -> dict[str, Any] | None:
    """Put a freshly drawn event card into play (the engine calls this).

    Returns the active-event record when the card stays in play, ``None`` when it went to the discard
    pile. ``special`` is True during a special build turn, when only permanent events take effect.
    """
    st = game.state
    title = getattr(card, "title", "") or getattr(card, "label", "")
    duration = getattr(card, "duration", "immediate")
    if st.sudden_death:
        st.log.append(f"Event '{title}' drawn during the sudden-death tiebreaker: discarded without effect.")
        st.discard_pile.append(card.id)
        return None
    if special and duration != "permanent":
        st.log.append(f"Event '{title}' drawn during a special build turn: only permanent events take effect; "
                      "discarded.")
        st.discard_pile.append(card.id)
        return None
    if not game.rules.events or card.kind in game.rules.removed_events:
        st.log.append(f"Event '{title}' is not used in this ruleset: discarded.")
        st.discard_pile.append(card.id)
        return None
    # "One Round: through the end of the drawing player's next turn": the drawer has completed
    # ``turns`` turns; this one ends with ``turns + 1`` and the next one with ``turns + 2``.
    active = {"card": card.id, "kind": card.kind, "drawn_by": drawer, "duration": duration,
              "expires_after": st.players[drawer].turns + 2, "data": {}}
    eff = EFFECTS.get(card.kind)
    if duration != "immediate":
        st.active_events.append(active)
    if eff is None:
        st.log.append(f"Event '{title}' ({card.kind}, {duration}) drawn by {st.players[drawer].name}: "
                      "no effect is implemented for this kind yet.")
    else:
        st.log.append(f"Event '{title}' ({duration}) drawn by {st.players[drawer].name}.")
        eff.on_draw(game, active, drawer)
    if duration == "immediate":
        st.discard_pile.append(card.id)
        return None
    return active


# ====================================================================================== the effects
# Everything below fills EFFECTS with the Empire Builder: Europe event cards (rulebook: Event Card
# Effects). Areas come from eb_core.areas (Counting Mileposts); the engine consults the hooks.

from . import areas as _areas

__all__ += [
    "affected",
    "area_of",
    "derailment_area",
    "least_valuable_load",
    "play_event",
    "rebuild_reserved",
    "set_load_policy",
    "turn_ended",
]

R_EVENTS = "Event Card Effects"
R_DERAIL = "Event Card Effects > Derailments"
R_FLOOD = "Event Card Effects > Floods"
R_NO_MOVE = "Event Card Effects > No Movement"
R_HALF = "Event Card Effects > Half-Rate Movement"
R_LOADS = "Event Card Effects > Losing Loads"
R_TURNS = "Event Card Effects > Losing Turns"

_AREA_CACHE: dict[tuple[int, int], tuple[Any, Any, _areas.Area]] = {}


def area_of(game: Game, card) -> _areas.Area:
    """The :class:`~eb_core.areas.Area` of ``card`` (an event card or its id) on ``game.board``."""
    if isinstance(card, int):
        card = game.deck.card(card)
    k = (id(game.board), card.id)
    hit = _AREA_CACHE.get(k)
    if hit is None or hit[0] is not game.board or hit[1] is not card:
        hit = (game.board, card, _areas.event_area(game.board, card))
        _AREA_CACHE[k] = hit
    return hit[2]


def _area(game: Game, active: dict[str, Any]) -> _areas.Area:
    return area_of(game, game.deck.card(active["card"]))


def _title(game: Game, active: dict[str, Any]) -> str:
    return game.deck.card(active["card"]).title


def _where(game: Game, mp: int) -> str:
    c = game.board.city_at(mp)
    return f"{c.name} (milepost {mp})" if c else f"milepost {mp}"


# ---------------------------------------------------------------------------- load-loss decisions
def least_valuable_load(game: Game, seat: int, loads: list[str]) -> str:
    """The deterministic default choice of the load to lose (Losing Loads): the load whose best payout
    on the player's demand cards is lowest (a load nobody asks for is worth 0); ties by name."""
    p = game.state.players[seat]
    best: dict[str, int] = {}
    for cid in p.hand:
        card = game.deck.card(cid)
        for d in getattr(card, "demands", ()):
            best[d.load] = max(best.get(d.load, 0), d.payout)
    return min(loads, key=lambda ld: (best.get(ld, 0), ld))


def set_load_policy(game: Game, policy: Callable[[Game, int, list[str]], str] | None) -> None:
    """Decide which load a player loses to an event (rulebook: Losing Loads: "you choose which load is
    lost ... immediately, before the next card is revealed").

    ``policy(game, seat, loads)`` is called at once, while the event is being resolved, and must return
    one of ``loads`` (any other answer is logged, warned about with a ``RuntimeWarning``, and replaced by
    :func:`least_valuable_load`, so the half-resolved event still leaves a consistent game); ``None``
    restores :func:`least_valuable_load`. The policy lives on the ``game``
    object (not in its JSON): set it again after :meth:`~eb_core.engine.Game.from_json` or ``clone``.
    """
    game.load_loss_policy = policy


def _lose_load(game: Game, seat: int, why: str) -> str | None:
    p = game.state.players[seat]
    if not p.loads:
        game.state.log.append(f"{p.name} carries no load, so the load loss of {why} is ignored.")
        return None
    policy = getattr(game, "load_loss_policy", None) or least_valuable_load
    choice = policy(game, seat, list(p.loads))
    if choice not in p.loads:
        # the event is half resolved (cards drawn, other trains hit): keep the game consistent, say so
        fallback = least_valuable_load(game, seat, list(p.loads))
        msg = (f"{p.name}'s load-loss policy chose {choice!r}, which the train does not carry "
               f"({', '.join(p.loads)}); the least valuable load, {fallback}, is lost instead "
               f"(rulebook: {R_LOADS}).")
        game.state.log.append(msg)
        warnings.warn(msg, RuntimeWarning, stacklevel=2)
        choice = fallback
    return game.lose_load(seat, choice)


# ---------------------------------------------------------------------------- helpers for people
def affected(game: Game, card) -> dict[str, Any]:
    """What ``card`` covers in this game now: ``mileposts``, ``blocked`` mileposts, ``edges`` and
    ``track`` (built segments in the area, with owners), ``trains`` (seats whose train stands in the area),
    ``ports`` (closed ferry ports) and ``text``."""
    if isinstance(card, (int, str)):
        card = _find_card(game, card)
    a = area_of(game, card)
    st = game.state
    if a.edges:
        track = {k: o for k, o in st.track.segments.items() if k in a.edges}
    else:
        track = {k: o for k, o in st.track.segments.items() if k[0] in a.mileposts or k[1] in a.mileposts}
    trains = [s for s, p in enumerate(st.players) if p.position is not None and p.position in a.mileposts]
    return {"title": card.title, "text": a.text, "mileposts": a.mileposts, "blocked": a.blocked,
            "edges": a.edges, "ports": a.ports, "track": track, "trains": trains}


def _find_card(game: Game, which):
    if isinstance(which, int):
        return game.deck.card(which)
    for c in game.deck.event_cards:
        if c.title == which or c.label == which:
            return c
    titles = ", ".join(sorted({c.title for c in game.deck.event_cards}))
    raise KeyError(f"no event card {which!r} in deck {game.deck.name!r} (events: {titles})")


def play_event(game: Game, which, drawer: int | None = None) -> dict[str, Any] | None:
    """Take the event card ``which`` (id, label or title) out of the draw pile and resolve it as if
    ``drawer`` (default: the current player) had just drawn it -- for teaching, tests and what-ifs.
    Returns the active-event record, or ``None`` for a card that went straight to the discard pile."""
    card = _find_card(game, which)
    st = game.state
    if card.id in st.draw_pile:
        st.draw_pile.remove(card.id)
    elif card.id in st.discard_pile:
        st.discard_pile.remove(card.id)
    elif any(a["card"] == card.id for a in st.active_events):
        raise ValueError(f"event {card.title!r} is already in play")
    drawer = st.current if drawer is None else drawer
    return resolve(game, card, drawer, special=bool(st.special_round))


# ---------------------------------------------------------------------------- derailments
def derailment_area(board, cities, radius: int = 3) -> frozenset[int]:
    """Mileposts within ``radius`` of any of ``cities`` (a derailment's area for the cards drawn)."""
    out: set[int] = set()
    for c in cities:
        if board.has_city(c):
            out |= _areas.city_area(board, c, radius)
    return frozenset(out)


@register("derailment")
class Derailment(EventEffect):
    """Derailments (immediate): draw the next two cards; every train within 3 mileposts of a city on a
    demand card drawn loses a turn and a load; events drawn are resolved afterwards, in order."""

    def on_draw(self, game, active, drawer):
        st, board = game.state, game.board
        card = game.deck.card(active["card"])
        n, radius = int(card.params.get("draw", 2)), int(card.params.get("radius", 3))
        drawn: list[int] = []
        for _ in range(n):
            cid = game.draw_card()
            if cid is None:
                break
            drawn.append(cid)
        demand = [cid for cid in drawn if hasattr(game.deck.card(cid), "demands")]
        evs = [cid for cid in drawn if cid not in demand]
        active["data"]["drawn"] = drawn
        if not demand:
            st.log.append("Derailments: the cards drawn are all events, so the derailment has no effect; the "
                          "events are resolved in the order drawn.")
            active["data"]["cities"], active["data"]["derailed"] = [], []
        else:
            cities = [d.city for cid in demand for d in game.deck.card(cid).demands]
            area = derailment_area(board, cities, radius)
            st.log.append(f"Derailments within {radius} mileposts of {', '.join(cities)}.")
            hit = [s for s, p in enumerate(st.players) if p.position is not None and p.position in area]
            # one derailment per train and event, however many of the cities it is near
            order = [(drawer + i) % len(st.players) for i in range(len(st.players))]
            for s in order:
                if s not in hit:
                    continue
                p = st.players[s]
                st.log.append(f"{p.name}'s train derails at {_where(game, p.position)}; it stays there, facing "
                              "the same way, and loses a turn and a load.")
                _lose_load(game, s, "a derailment")
                game.lose_turn(s)
            for cid in demand:
                st.discard_pile.append(cid)
            active["data"]["cities"], active["data"]["derailed"] = cities, [s for s in order if s in hit]
        st.flags["last_derailment"] = dict(active["data"])
        for cid in evs:
            resolve(game, game.deck.card(cid), drawer)


# ---------------------------------------------------------------------------- weather: fog, snow, gales
class _HalfRateArea(EventEffect):
    def half_rate(self, game, active, player, a, b):
        area = _area(game, active).mileposts
        return a in area or (b is not None and b in area)


@register("fog")
class Fog(_HalfRateArea):
    """Fog (one round): trains within 4 mileposts of the city move at half rate."""


@register("snow")
class HeavySnow(_HalfRateArea):
    """Heavy Snow (one round): half rate within 4 of the city; no movement or track building to or from
    its mountain and alpine mileposts."""

    def blocks_move(self, game, active, player, a, b):
        blocked = _area(game, active).blocked
        for m in (a, b):
            if m is not None and m in blocked:
                return (f"{_title(game, active)}: no train may move to or from {_where(game, m)}, a "
                        f"{game.board.mileposts[m].terrain} milepost in the snow (rulebook: {R_NO_MOVE}).")
        return None

    def blocks_build(self, game, active, player, a, b):
        blocked = _area(game, active).blocked
        for m in (a, b):
            if m in blocked:
                return (f"{_title(game, active)}: no track may be built to or from {_where(game, m)}, a "
                        f"{game.board.mileposts[m].terrain} milepost in the snow.")
        return None


@register("gale")
class Gale(_HalfRateArea):
    """Gales (one round): half rate within 4 mileposts of that sea's coast; no staging at or leaving
    from being staged at its ferry ports; no track building in the area (the rulebook's Ebro example:
    Trella "is prevented from rebuilding the bridge by the Mediterranean Gales event")."""

    def blocks_staging(self, game, active, player, port):
        if port in _area(game, active).ports:
            return (f"{_title(game, active)}: the ferry port {_where(game, port)} is closed; no train may "
                    "stage there or leave it from being staged.")
        return None

    def blocks_move(self, game, active, player, a, b):
        p = game.state.players[player]
        if p.staged and a == p.position and p.moves_used == 0 and not p.crossed:
            return self.blocks_staging(game, active, player, a)
        return None

    def blocks_build(self, game, active, player, a, b):
        area = _area(game, active).mileposts
        if a in area or b in area:
            m = a if a in area else b
            return (f"{_title(game, active)}: no track may be built within the gale's area "
                    f"({_where(game, m)} is in it).")
        return None


# ---------------------------------------------------------------------------- floods
@register("flood")
class Flood(EventEffect):
    """Floods (one round): every bridge over the river is erased; nobody builds or moves across it until
    the card is discarded; major-city bridges come back in that Admin phase; each owner has the first
    right to rebuild their bridges for one turn in which they could have."""

    def on_draw(self, game, active, drawer):
        st = game.state
        river = game.deck.card(active["card"]).params["river"]
        edges = _area(game, active).edges
        gone = sorted((k, o) for k, o in st.track.segments.items() if k in edges)
        for k, o in gone:
            del st.track.segments[k]
            st.blocked_rebuild[f"{k[0]}-{k[1]}"] = o
        if gone:
            st.flags.setdefault("destroyed_track", []).extend([k[0], k[1], o] for k, o in gone)
        red = sorted(k for k in edges if game.board.is_red_area(*k))
        active["data"]["destroyed"] = [[k[0], k[1], o] for k, o in gone]
        active["data"]["city_bridges"] = [list(k) for k in red]
        by = {}
        for _, o in gone:
            by[o] = by.get(o, 0) + 1
        who = "; ".join(f"{st.players[o].name} loses {n}" for o, n in sorted(by.items())) or "no built bridge"
        cities = sorted({game.board.city_at(k[0]).name for k in red})
        st.log.append(f"The {river} floods: every bridge over it is destroyed ({who}"
                      + (f"; the city bridges of {', '.join(cities)} are out" if cities else "") + ").")

    def blocks_move(self, game, active, player, a, b):
        if b is not None and (min(a, b), max(a, b)) in _area(game, active).edges:
            return (f"{_title(game, active)}: no train may move over the flooding river between "
                    f"{_where(game, a)} and {_where(game, b)} (rulebook: {R_FLOOD}).")
        return None

    def blocks_build(self, game, active, player, a, b):
        if (min(a, b), max(a, b)) in _area(game, active).edges:
            return (f"{_title(game, active)}: no track may be built over the flooding river between "
                    f"{_where(game, a)} and {_where(game, b)} until the card is discarded.")
        return None

    def on_expire(self, game, active):
        red = active["data"].get("city_bridges", [])
        if red:
            cities = sorted({game.board.city_at(a).name for a, _ in red})
            game.state.log.append(f"The flood is over: the city bridges of {', '.join(cities)} are rebuilt.")


def rebuild_reserved(game: Game, seat: int, a: int, b: int) -> str | None:
    """A reason if ``seat`` may not build ``a``-``b`` because a flood destroyed another player's bridge
    there and that player has not yet had a turn in which they could have rebuilt it (rulebook: Floods,
    4), else ``None``. The engine asks this for every segment built."""
    owner = game.state.blocked_rebuild.get(f"{min(a, b)}-{max(a, b)}")
    if owner is None or owner == seat:
        return None
    name = game.state.players[owner].name
    return (f"The flood destroyed {name}'s bridge between {_where(game, a)} and {_where(game, b)}; nobody else "
            f"may build there until {name} has taken one turn in which they could have rebuilt it "
            f"(rulebook: {R_FLOOD}).")


def turn_ended(game: Game, seat: int, *, lost: bool = False) -> None:
    """Engine hook, called at the end of each of ``seat``'s turns before the Admin phase: a destroyed
    bridge's first right to rebuild ends after the owner's first turn in which they could have rebuilt it
    -- a turn not lost, not cut short by an event, with no active event forbidding that segment to them
    (choosing to discard, or lacking the money, still uses the turn up)."""
    st = game.state
    mine = [k for k, o in st.blocked_rebuild.items() if o == seat]
    if not mine or st.special_round:
        return
    p = st.players[seat]
    if lost or p.lost_turns > 0:
        return
    for k in mine:
        a, b = (int(x) for x in k.split("-"))
        if any(EFFECTS[act["kind"]].blocks_build(game, act, seat, a, b)
               for act in st.active_events if act["kind"] in EFFECTS):
            continue
        del st.blocked_rebuild[k]
        st.log.append(f"{p.name} had the chance to rebuild the bridge {a}-{b}; it is open to everyone now.")


# ---------------------------------------------------------------------------- strikes
@register("strike")
class Strike(EventEffect):
    """Strikes (one round). ``coastal`` (Longshoremen's): no pickups or deliveries within ``radius`` of the
    coast; ``inland`` (Teamsters'): none farther than ``radius``; ``wildcat``: no track building (by the
    drawing player, or by all); ``rail`` (Iberian Rail Strike): every train in the struck countries loses
    a turn."""

    def _closed(self, game, active, mp, what):
        p = game.deck.card(active["card"]).params
        if p["variant"] in ("coastal", "inland") and mp in _area(game, active).mileposts:
            where = "within" if p["variant"] == "coastal" else "more than"
            return (f"{_title(game, active)}: no loads may be {what} at {_where(game, mp)}, {where} "
                    f"{p['radius']} mileposts from the coast.")
        return None

    def blocks_pickup(self, game, active, player, mp, load):
        return self._closed(game, active, mp, "picked up")

    def blocks_delivery(self, game, active, player, mp, load):
        return self._closed(game, active, mp, "delivered")

    def blocks_build(self, game, active, player, a, b):
        p = game.deck.card(active["card"]).params
        if p["variant"] == "wildcat" and (p.get("players", "drawing") == "all" or player == active["drawn_by"]):
            return f"{_title(game, active)}: no track building this round for {game.state.players[player].name}."
        return None

    def on_draw(self, game, active, drawer):
        p = game.deck.card(active["card"]).params
        if p["variant"] != "rail":
            return
        st = game.state
        area = _area(game, active).mileposts
        hit = [s for s, q in enumerate(st.players) if q.position is not None and q.position in area]
        active["data"]["hit"] = hit
        if not hit:
            st.log.append(f"{_title(game, active)}: no train is in {p.get('region', 'the region')}.")
        for s in hit:
            st.log.append(f"{_title(game, active)}: {st.players[s].name}'s train is in "
                          f"{p.get('region', 'the region')}.")
            game.lose_turn(s)


# ---------------------------------------------------------------------------- money
@register("tax")
class ExcessProfitsTax(EventEffect):
    """Excess Profits Tax (immediate): every player pays the tax of their cash bracket to the bank, and
    money is public from now on."""

    @staticmethod
    def tax_for(cash: int, brackets) -> int:
        """The tax on ``cash`` for ``brackets`` ``[[cash at least, tax], ...]``.

        >>> [ExcessProfitsTax.tax_for(c, [[50, 10], [100, 15], [150, 20], [200, 25]]) for c in (49, 50, 199, 260)]
        [0, 10, 20, 25]
        """
        tax = 0
        for at_least, t in sorted(brackets):
            if cash >= at_least:
                tax = t
        return min(tax, max(cash, 0))

    def on_draw(self, game, active, drawer):
        st = game.state
        brackets = game.deck.card(active["card"]).params["brackets"]
        paid = {}
        for s, p in enumerate(st.players):
            t = self.tax_for(p.cash, brackets)
            p.cash -= t
            paid[s] = t
            st.log.append(f"Excess Profits Tax: {p.name} pays {t}M (cash now {p.cash}M).")
        active["data"]["paid"] = {str(s): t for s, t in paid.items()}
        st.flags["money_public"] = True


@register("irish-boom")
class IrishBoom(EventEffect):
    """Irish Economy Booming (permanent): +4M on every delivery to Belfast, Dublin and Cork."""

    def payout_bonus(self, game, active, player, city, load):
        p = game.deck.card(active["card"]).params
        return int(p["bonus"]) if city in p["cities"] else 0


def build_blockers(game: Game, seat: int, a: int, b: int) -> list[str]:
    """Every reason the events in play give for ``seat`` not to build ``a``-``b`` now (all of them, where
    the engine stops at the first), including a flooded bridge reserved for its owner."""
    out = [why for act in game.state.active_events if act["kind"] in EFFECTS
           for why in [EFFECTS[act["kind"]].blocks_build(game, act, seat, a, b)] if why]
    why = rebuild_reserved(game, seat, a, b)
    return out + ([why] if why else [])


__all__.append("build_blockers")


def final_rebuild(game: Game) -> dict[int, int]:
    """Final Scoring, step 1 (rulebook: Ending the Game > Standard Game: Final Scoring Phase): "If an Event
    destroyed track which disconnected required major cities after any players met victory conditions,
    those players rebuild the track to reconnect, paying the usual build cost."

    For every player who announced victory but no longer connects enough major cities, the track events
    destroyed of theirs that nobody has built since is rebuilt, most recent first, at the usual cost
    (:func:`eb_core.costs.segment_cost`), until the cities connect again (or the money runs out: no
    credit). The engine calls this before the winner is chosen; returns ``{seat: millions paid}``.
    """
    from .costs import segment_cost

    st, rules = game.state, game.rules
    destroyed = st.flags.get("destroyed_track", [])
    paid: dict[int, int] = {}
    for s, p in enumerate(st.players):
        if not p.announced or len(game.connected_majors(s)) >= rules.victory_majors:
            continue
        mine = [(a, b) for a, b, o in reversed(destroyed) if o == s]
        owned = set(st.track.owned_crossings(s))
        for a, b in mine:
            if (a, b) in st.track.segments:
                continue
            cost = segment_cost(game.board, rules, a, b, owned_crossings=owned).total
            if cost > p.cash:
                st.log.append(f"Final scoring: {p.name} cannot pay {cost}M to rebuild {a}-{b}.")
                break
            st.track.segments[(a, b)] = s
            p.cash -= cost
            paid[s] = paid.get(s, 0) + cost
            if len(game.connected_majors(s)) >= rules.victory_majors:
                break
        if s in paid:
            st.log.append(f"Final scoring: {p.name} rebuilds track destroyed by events for {paid[s]}M to "
                          f"reconnect the major cities (cash {p.cash}M).")
    return paid


__all__.append("final_rebuild")
