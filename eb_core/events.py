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

A later module fills :data:`EFFECTS`; registering is one line::

    @register("fog")
    class Fog(EventEffect):
        def half_rate(self, game, active, player, a, b):
            ...

Handlers receive the :class:`~eb_core.engine.Game` and the active-event record (a dict stored in
``game.state.active_events``: ``card``, ``kind``, ``drawn_by``, ``duration``, ``expires_after``, ``data``
-- ``data`` is free for the handler and must stay JSON-ready).

>>> sorted(EFFECTS) == sorted(set(EFFECTS))
True
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:  # pragma: no cover
    from .engine import Game

__all__ = ["EventEffect", "EFFECTS", "register", "resolve", "DURATIONS"]

DURATIONS = ("immediate", "one-round", "lasting", "permanent")


class EventEffect:
    """Base class of an event's effect: every hook is a no-op by default.

    ``player`` arguments are seat numbers; ``a``/``b`` milepost ids (``b`` may be ``None`` for a
    question about a single milepost).
    """

    def on_draw(self, game: "Game", active: dict[str, Any], drawer: int) -> None:
        """Called once when the card is drawn and takes effect."""

    def on_expire(self, game: "Game", active: dict[str, Any]) -> None:
        """Called in the Admin phase when the card is discarded."""

    def expired(self, game: "Game", active: dict[str, Any]) -> bool:
        """For ``lasting`` cards: whether the card should be discarded in this Admin phase."""
        return False

    def half_rate(self, game: "Game", active: dict[str, Any], player: int, a: int, b: int) -> bool:
        """Whether a step ``a -> b`` puts the train at half rate (Half-Rate Movement)."""
        return False

    def blocks_move(self, game: "Game", active: dict[str, Any], player: int, a: int, b: int) -> str | None:
        """A reason if the train may not step ``a -> b`` (No Movement, Floods), else ``None``."""
        return None

    def blocks_build(self, game: "Game", active: dict[str, Any], player: int, a: int, b: int) -> str | None:
        """A reason if segment ``a``-``b`` may not be built now, else ``None``."""
        return None

    def blocks_pickup(self, game: "Game", active: dict[str, Any], player: int, mp: int, load: str) -> str | None:
        """A reason if ``load`` may not be picked up at milepost ``mp`` now."""
        return None

    def blocks_delivery(self, game: "Game", active: dict[str, Any], player: int, mp: int, load: str) -> str | None:
        """A reason if ``load`` may not be delivered at milepost ``mp`` now."""
        return None

    def blocks_staging(self, game: "Game", active: dict[str, Any], player: int, port: int) -> str | None:
        """A reason if a train may not stage at or cross from ferry port ``port`` now (Gales)."""
        return None

    def payout_bonus(self, game: "Game", active: dict[str, Any], player: int, city: str, load: str) -> int:
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


def resolve(game: "Game", card, drawer: int, *, special: bool = False) -> dict[str, Any] | None:
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
