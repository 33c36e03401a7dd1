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

The Europe deck's kinds are registered by :mod:`eb_core.events.europe`; this module holds the registry,
the hooks the engine calls and helpers for people. The Europe events are Derailments, Floods,
Gales, Heavy Snow, Fog, Strikes, Excess Profits Tax and Irish Economy Booming; their areas come from
:mod:`eb_core.events.areas`. Helpers: :func:`play_event` (resolve a named card now), :func:`affected` (area,
track and trains an event covers), :func:`set_load_policy` (who loses which load), and the engine hooks
:func:`rebuild_reserved` / :func:`turn_ended` (a flooded bridge's owner rebuilds first). Registering
another kind is one line::

    @register("fog")
    class Fog(EventEffect):
        def half_rate(self, game, active, player, a, b):
            ...

Readings of the rulebook where the printed cards are not quoted in it (each is tested in
``tests/rules/test_events.py``):

* Gales close the ferries with a port within the card's radius of that sea, and a train staged at a closed
  port may not move at all ("you may not stage to or move from being staged at any ferry port"); under the
  Fast Game, whose Chunnel is "another ferry", the gale closes the Chunnel's ports too; no track
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

import itertools
import json
import random
import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .. import rulebook as R
from ..costs import segment_cost
from ..errors import InvalidAction, UnknownName
from ..files import derived
from ..words import and_list
from . import areas as _areas

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Game

__all__ = ["DURATIONS", "EFFECTS", "EventEffect", "register", "resolve", "effect_of", "affected", "area_of",
           "least_valuable_load", "play_event", "after_event", "deck_events", "not_in_deck", "rebuild_reserved", "set_load_policy", "turn_ended",
           "build_blockers", "final_rebuild", "active_area", "active_title", "where", "lose_load_to_event"]

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


def after_event(game: Game, card) -> None:
    """What variants do once an event card has been drawn and resolved (the engine calls this after
    :func:`resolve` for every event drawn, and :func:`play_event` does the same): Field Warehousing empties
    the warehouses of the cities the event affects; Reshuffle takes the card out of the game and reshuffles
    the deck (draw and discard piles together)."""
    st, rules = game.state, game.rules
    if card.kind == "derailment":   # the events a derailment drew were resolved by it: treat them the same way
        for cid in st.flags.get("last_derailment", {}).get("drawn", []):
            if not hasattr(game.deck.card(cid), "demands"):
                after_event(game, game.deck.card(cid))
    if st.warehouses and rules.events and card.kind not in rules.removed_events:
        area = area_of(game, card)
        hit = area.mileposts | area.blocked | {m for e in area.edges for m in e} | area.ports
        for name in sorted(st.warehouses):
            if any(m in hit for m in game.board.city(name).mileposts):
                for ld, n in st.warehouses.pop(name).items():
                    st.bank[ld] = st.bank.get(ld, 0) + n
                st.log.append(f"The event affects {name}: its field warehouse's loads return to the bank.")
    if card.kind in rules.reshuffle_on and card.id in st.discard_pile:
        st.discard_pile.remove(card.id)
        st.removed_cards.append(card.id)
        pile = st.draw_pile + st.discard_pile
        random.Random(f"eb:{st.seed}:shuffle:{st.shuffles}").shuffle(pile)
        st.shuffles += 1
        st.draw_pile, st.discard_pile = pile, []
        st.log.append(f"Reshuffle: {card.title} is removed from the game and the deck ({len(pile)} cards) "
                      "is reshuffled.")


# ---------------------------------------------------------------------------- helpers for effects
def area_of(game: Game, card) -> _areas.Area:
    """The :class:`~eb_core.events.areas.Area` of ``card`` (an event card or its id) on ``game.board``,
    computed once per board, card contents and whether the Chunnel is a ferry (the Fast Game: a gale closes
    it too; :func:`eb_core.files.derived`)."""
    if isinstance(card, int):
        card = game.deck.card(card)
    fast = game.rules.tunnel_as_ferry_cost is not None
    key = ("events:area", card.kind, card.title, json.dumps(card.params, sort_keys=True, default=str), fast)
    return derived(game.board, key, lambda board: _areas.event_area(board, card, tunnels_as_ferries=fast))


def active_area(game: Game, active: dict[str, Any]) -> _areas.Area:
    """The area of the event card of an active-event record."""
    return area_of(game, game.deck.card(active["card"]))


def active_title(game: Game, active: dict[str, Any]) -> str:
    """The title of the event card of an active-event record, for messages."""
    return game.deck.card(active["card"]).title


def where(game: Game, mp: int) -> str:
    """A milepost named as a player names it (``"Paris"``, ``"a mountain milepost near Lyon"``), for messages."""
    return game.board.place(mp)


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


def lose_load_to_event(game: Game, seat: int, why: str) -> str | None:
    """``seat`` loses the load its load-loss policy chooses (:func:`set_load_policy`) to ``why``."""
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
               f"(rulebook: {R.LOST_LOADS}).")
        game.state.log.append(msg)
        warnings.warn(msg, RuntimeWarning, stacklevel=2)
        choice = fallback
    return game.lose_load(seat, choice)


# ---------------------------------------------------------------------------- helpers for people
def affected(game: Game, card) -> dict[str, Any]:
    """What ``card`` covers in this game now: ``mileposts``, ``blocked`` mileposts, ``edges`` and
    ``track`` (built segments in the area, with owners), ``trains`` (seats with a train in the area),
    ``ports`` (closed ferry ports) and ``text``."""
    if isinstance(card, (int, str)):
        card = _find_card(game, card)
    a = area_of(game, card)
    st = game.state
    if a.edges:
        track = {k: o for k, o in st.track.segments.items() if k in a.edges}
    else:
        track = {k: o for k, o in st.track.segments.items() if k[0] in a.mileposts or k[1] in a.mileposts}
    trains = [s for s in range(len(st.players)) if any(mp in a.mileposts for _, mp in game.trains_at(s))]
    return {"title": card.title, "text": a.text, "mileposts": a.mileposts, "blocked": a.blocked,
            "edges": a.edges, "ports": a.ports, "track": track, "trains": trains}


def _find_card(game: Game, which):
    if isinstance(which, int):
        return game.deck.card(which)
    for c in game.deck.event_cards:
        if c.title == which or c.label == which:
            return c
    titles = ", ".join(sorted({c.title for c in game.deck.event_cards}))
    raise UnknownName(f"no event card {which!r} in deck {game.deck.name!r} (events: {titles})", field="event")


def not_in_deck(game: Game, card) -> str | None:
    """Why the event ``card`` (a card or its id) is not in ``game``'s deck, in a sentence naming the variant
    that took it out (Faster Game's tax and derailments, no-events, a Reshuffle that already removed it),
    or ``None`` when the deck holds it.

    >>> import eb_core as eb
    >>> g = eb.Game.new(eb.ruleset("europe-basic", "faster-game"), board="europe", players=["A"], seed=1)
    >>> tax = next(c for c in g.deck.event_cards if c.kind == "tax")
    >>> print(not_in_deck(g, tax))
    the faster-game variant removed the Excess Profits Tax card from the deck (rulebook: Variants & Optional Rules > Faster Game)
    """
    from ..rules import VARIANTS    # the rules import nothing of events: no cycle

    if isinstance(card, int):
        card = game.deck.card(card)
    rules, title = game.rules, card.title
    if card.id in game.state.removed_cards:
        return (f"the {title} card was removed from the game when it was drawn (Reshuffle; rulebook: "
                f"{R.RESHUFFLE})")
    if rules.events and card.kind not in rules.removed_events:
        return None
    probe = rules.with_(events=True, removed_events=())
    for v in rules.variants:
        after = VARIANTS[v](probe) if v in VARIANTS else probe
        if not after.events or card.kind in after.removed_events:
            where_ = R.VARIANT_SECTIONS.get(v)
            return (f"the {v} variant removed the {title} card from the deck"
                    + (f" (rulebook: {where_})" if where_ else ""))
    if not rules.events:
        return f"the {rules.name} ruleset plays without event cards: there is no {title} card in its deck"
    return f"the {rules.name} ruleset removed the {title} card from the deck"


def deck_events(game: Game) -> list:
    """The event cards ``game``'s deck holds under its ruleset (those :func:`not_in_deck` lets through), in
    deck order: what a player can draw, and what :func:`play_event` accepts."""
    return [c for c in game.deck.event_cards if not_in_deck(game, c) is None]


def play_event(game: Game, which, drawer: int | None = None) -> dict[str, Any] | None:
    """Take the event card ``which`` (id, label or title) out of the draw pile and resolve it as if
    ``drawer`` (default: the current player) had just drawn it -- for teaching, tests and what-ifs.
    Returns the active-event record, or ``None`` for a card that went straight to the discard pile.

    Exactly what drawing the card does under the ruleset in force: :func:`resolve`, then the variants'
    :func:`after_event` (Field Warehousing, Reshuffle); a card that costs the drawer, the player to act,
    their turn ends that turn at once (:meth:`~eb_core.engine.Game.settle`). A card the ruleset took out of
    the deck (Faster Game's tax and derailments, every event under no-events, a card Reshuffle removed)
    cannot be drawn, so it is refused with :class:`~eb_core.errors.InvalidAction` (``field="which"``) and
    the game is unchanged.
    """
    card = _find_card(game, which)
    why = not_in_deck(game, card)
    if why:
        raise InvalidAction(f"which: {card.title!r} cannot be played in this game: {why}", field="which")
    st = game.state
    if card.id in st.draw_pile:
        st.draw_pile.remove(card.id)
    elif card.id in st.discard_pile:
        st.discard_pile.remove(card.id)
    elif any(a["card"] == card.id for a in st.active_events):
        raise InvalidAction(f"which: event {card.title!r} is already in play", field="which")
    drawer = st.current if drawer is None else drawer
    active = resolve(game, card, drawer, special=bool(st.special_round))
    after_event(game, card)
    settle = getattr(game, "settle", None)
    if settle is not None and drawer == st.current:   # the drawer's turn lost: it ends now, as on a draw
        settle()
    return active


# ---------------------------------------------------------------------------- engine hooks (floods)
def rebuild_reserved(game: Game, seat: int, a: int, b: int) -> str | None:
    """A reason if ``seat`` may not build ``a``-``b`` because a flood destroyed another player's bridge
    there and that player has not yet had a turn in which they could have rebuilt it (rulebook: Floods,
    4), else ``None``. The engine asks this for every segment built."""
    owner = game.state.blocked_rebuild.get(f"{min(a, b)}-{max(a, b)}")
    if owner is None or owner == seat:
        return None
    name = game.state.players[owner].name
    return (f"The flood destroyed {name}'s bridge {game.board.between(a, b)}; nobody else "
            f"may build there until {name} has taken one turn in which they could have rebuilt it "
            f"(rulebook: {R.FLOOD}).")


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
        if st.track.owner(a, b) == seat:
            continue                        # rebuilt: the player's own track again
        st.log.append(f"{p.name} has had a turn to rebuild the bridge {game.board.between(a, b)} and did not: "
                      "anyone may build there now.")




def build_blockers(game: Game, seat: int, a: int, b: int) -> list[str]:
    """Every reason the events in play give for ``seat`` not to build ``a``-``b`` now (all of them, where
    the engine stops at the first), including a flooded bridge reserved for its owner."""
    out = [why for act in game.state.active_events if act["kind"] in EFFECTS
           for why in [EFFECTS[act["kind"]].blocks_build(game, act, seat, a, b)] if why]
    why = rebuild_reserved(game, seat, a, b)
    return out + ([why] if why else [])



def final_rebuild(game: Game) -> dict[int, int]:
    """Final Scoring, step 1 (rulebook: Ending the Game > Standard Game: Final Scoring Phase): "If an Event
    destroyed track which disconnected required major cities after any players met victory conditions,
    those players rebuild the track to reconnect, paying the usual build cost."

    For every player who announced victory but no longer connects enough major cities, the cheapest set of
    the track events destroyed of theirs (that nobody has built on since) which reconnects them is rebuilt,
    at the usual cost (:func:`eb_core.costs.segment_cost`) -- "to reconnect": a destroyed bridge the
    cities do not need stays down. When that set costs more than the player's cash (No Credit), or no
    rebuild reconnects them, nothing is rebuilt nor paid. The engine calls this before the winner is
    chosen; returns ``{seat: millions paid}``.
    """
    st, rules = game.state, game.rules
    destroyed = st.flags.get("destroyed_track", [])
    paid: dict[int, int] = {}
    for s, p in enumerate(st.players):
        if not p.announced or len(game.connected_majors(s)) >= rules.victory_majors:
            continue
        owned = set(st.track.owned_crossings(s))
        mine = list(dict.fromkeys((a, b) for a, b, o in reversed(destroyed)       # most recent first
                                  if o == s and (a, b) not in st.track.segments))
        costs = {k: segment_cost(game.board, rules, *k, owned_crossings=owned).total for k in mine}
        need = _reconnecting(game, s, mine, costs)
        if need is None:
            if mine:
                st.log.append(f"Final scoring: no rebuild of {p.name}'s destroyed track reconnects the major cities.")
            continue
        total = sum(costs[k] for k in need)
        bridges = and_list(game.board.between(*k) for k in need)
        if total > p.cash:
            st.log.append(f"Final scoring: {p.name} cannot pay {total}M to rebuild the "
                          f"bridge{'s' if len(need) > 1 else ''} {bridges}.")
            continue
        for k in need:
            st.track.segments[k] = s
        p.cash -= total
        paid[s] = total
        st.log.append(f"Final scoring: {p.name} rebuilds track destroyed by events for {total}M to "
                      f"reconnect the major cities ({bridges}; cash {p.cash}M).")
    return paid


#: Above this many destroyed segments of one player, :func:`final_rebuild` adds them most recent first
#: instead of trying every set (2**n sets)
_MAX_REBUILD_SEARCH = 10


def _reconnecting(game: Game, seat: int, segments: list, costs: dict) -> tuple | None:
    """The cheapest of ``segments`` (most recent first: the tie-break) whose rebuilding gives ``seat`` its
    victory's major cities again, or ``None`` when even all of them do not."""
    st, need = game.state, game.rules.victory_majors

    def reconnects(keys) -> bool:
        for k in keys:
            st.track.segments[k] = seat
        try:
            return len(game.connected_majors(seat)) >= need
        finally:
            for k in keys:
                del st.track.segments[k]

    if not segments or not reconnects(segments):
        return None
    if len(segments) > _MAX_REBUILD_SEARCH:     # most recent first until they connect
        return next(tuple(segments[:i]) for i in range(1, len(segments) + 1) if reconnects(segments[:i]))
    sets = [c for r in range(1, len(segments) + 1) for c in itertools.combinations(segments, r)]
    sets.sort(key=lambda c: sum(costs[k] for k in c))      # stable: fewer segments, then more recent, first
    return next(c for c in sets if reconnects(c))
