"""Who owns which track: the crayon lines on the board.

:class:`Track` records, for every built segment, the player who built it (rulebook: Right of Way --
"Only one section of track may be built between any two mileposts"), and for every ferry or tunnel the
players who own it (at most two per ferry, one for the Chunnel). It is plain data shared by the game
state (:mod:`eb_core.state`), the engine and the route planners (:mod:`eb_core.routes`), and it
round-trips through JSON.

Players are numbered 0..n-1. Segment keys are ``(a, b)`` with ``a < b``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator

from .board import Board, City, CitySize, Crossing
from .rules import Ruleset

__all__ = ["Track", "seg_key", "crossing_player_cap", "city_player_cap", "city_room"]


def seg_key(a: int, b: int) -> tuple[int, int]:
    """The canonical key of the segment between ``a`` and ``b``."""
    return (a, b) if a < b else (b, a)


@dataclass
class Track:
    """All players' track. ``segments`` maps a segment key to its owner; ``crossings`` maps a ferry or
    tunnel name to the owners in the order they built it."""

    segments: dict[tuple[int, int], int] = field(default_factory=dict)
    crossings: dict[str, list[int]] = field(default_factory=dict)

    # ------------------------------------------------------------- queries
    def owner(self, a: int, b: int) -> int | None:
        """The player who built segment ``a``-``b``, or ``None``."""
        return self.segments.get(seg_key(a, b))

    def owns_crossing(self, player: int, name: str) -> bool:
        return player in self.crossings.get(name, ())

    def crossing_owners(self, name: str) -> tuple[int, ...]:
        return tuple(self.crossings.get(name, ()))

    def key(self) -> tuple[frozenset, frozenset]:
        """The track's contents as a hashable value (segments with owners, crossings with owners), for
        caches of what a track position determines."""
        return (frozenset(self.segments.items()), frozenset((k, tuple(v)) for k, v in self.crossings.items()))

    def owned_crossings(self, player: int) -> frozenset[str]:
        return frozenset(n for n, ps in self.crossings.items() if player in ps)

    def segments_of(self, player: int) -> list[tuple[int, int]]:
        return [k for k, p in self.segments.items() if p == player]

    def mileposts_of(self, player: int, board: Board | None = None) -> set[int]:
        """Mileposts on ``player``'s network: ends of their segments, plus both ports (and the tunnel's
        own mileposts) of the crossings they own when ``board`` is given."""
        out: set[int] = set()
        for (a, b), p in self.segments.items():
            if p == player:
                out.add(a)
                out.add(b)
        if board is not None:
            for name in self.owned_crossings(player):
                cr = board.crossing(name)
                out.update(cr.ports)
                out.update(cr.mileposts)
        return out

    def city_tracks(self, board: Board, city: City) -> dict[int, int]:
        """For a city, ``{player: number of their segments into or out of it}``. A ferry whose port is
        the city counts as one track for each owner."""
        cm = set(city.mileposts)
        out: dict[int, int] = {}
        for (a, b), p in self.segments.items():
            if (a in cm) != (b in cm):
                out[p] = out.get(p, 0) + 1
        for mp in city.mileposts:
            for cr in board.crossings_at(mp):
                for p in self.crossings.get(cr.name, ()):
                    out[p] = out.get(p, 0) + 1
        return out

    def __len__(self) -> int:
        return len(self.segments)

    def __iter__(self) -> Iterator[tuple[tuple[int, int], int]]:
        return iter(sorted(self.segments.items()))

    # ------------------------------------------------------------- changes
    def add_segment(self, player: int, a: int, b: int) -> None:
        k = seg_key(a, b)
        if k in self.segments:
            raise ValueError(f"segment {k} already belongs to player {self.segments[k]}")
        self.segments[k] = player

    def remove_segment(self, a: int, b: int) -> int | None:
        return self.segments.pop(seg_key(a, b), None)

    def add_crossing(self, player: int, name: str) -> None:
        owners = self.crossings.setdefault(name, [])
        if player not in owners:
            owners.append(player)

    def lay(self, player: int, segments: Iterable[Any]) -> "Track":
        """Give ``player`` the track of a build plan's segments (:class:`~eb_core.costs.SegmentCost`):
        every ferry or tunnel bought, and every segment not yet owned. Port-to-port rides and public
        red-area steps are not track and are skipped. Returns ``self`` for chaining."""
        for s in segments:
            if s.crossing_name is not None:
                self.add_crossing(player, s.crossing_name)
            if s.base_label.startswith(("across ", "public track")) or self.owner(s.a, s.b) is not None:
                continue
            self.add_segment(player, s.a, s.b)
        return self

    def copy(self) -> "Track":
        return Track(dict(self.segments), {k: list(v) for k, v in self.crossings.items()})

    # ------------------------------------------------------------- JSON
    def to_dict(self) -> dict[str, Any]:
        return {"segments": [[a, b, p] for (a, b), p in sorted(self.segments.items())],
                "crossings": {k: list(v) for k, v in sorted(self.crossings.items())}}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Track":
        return cls({seg_key(a, b): p for a, b, p in d.get("segments", [])},
                   {k: list(v) for k, v in d.get("crossings", {}).items()})

    @classmethod
    def of(cls, segments: Iterable[tuple[int, int, int]] = (), crossings: dict[str, Iterable[int]] | None = None
           ) -> "Track":
        """Build from ``(a, b, player)`` triples: handy for setting up positions."""
        t = cls()
        for a, b, p in segments:
            t.add_segment(p, a, b)
        for name, ps in (crossings or {}).items():
            for p in ps:
                t.add_crossing(p, name)
        return t


# ----------------------------------------------------------------------------------- player limits
def crossing_player_cap(rules: Ruleset, crossing: Crossing) -> int:
    """Players who may build a crossing: one for the Chunnel, two for a ferry (rulebook: Building the
    Chunnel, Building Ferry Ports); in the Fast Game the Chunnel is "another ferry"."""
    if crossing.is_tunnel and rules.tunnel_as_ferry_cost is None:
        return rules.tunnel_max_players
    return rules.ferry_max_players


def city_player_cap(board: Board, rules: Ruleset, city: City) -> int | None:
    """Players who may build into ``city`` (rulebook: Limits on Entry into Small and Medium Cities), or
    ``None`` for a city without a limit (major and key cities). A city that is also a ferry port stays
    open to the ferry's players even when a variant allows fewer (Variants & Optional Rules > Two-Players
    (Honeymoon Game)).

    >>> import eb_core as eb
    >>> b = eb.load_board("europe")
    >>> city_player_cap(b, eb.ruleset("europe-standard"), b.city("Dublin"))
    2
    >>> city_player_cap(b, eb.ruleset("europe-standard"), b.city("Paris")) is None
    True
    """
    if city.size not in (CitySize.SMALL, CitySize.MEDIUM):
        return None
    cap = rules.city_max_players.get(city.size.value)
    if cap is None:
        return None
    if any(not cr.is_tunnel for m in city.mileposts for cr in board.crossings_at(m)):
        cap = max(cap, rules.ferry_max_players)
    return cap


def city_room(board: Board, rules: Ruleset, city: City, counts: dict[int, int], player: int
              ) -> tuple[bool, int] | None:
    """Room left for ``player`` in ``city`` (rulebook: Limits on Entry into Small and Medium Cities):
    ``(may_enter, tracks_left)``, or ``None`` for a city without limits. ``counts`` is
    ``{player: tracks into or out of the city}`` (:meth:`Track.city_tracks`), where every ferry with a
    port in the city counts as one track for each owner (Dublin's ferry to Liverpool is one of Dublin's
    three). The engine and the route planners both ask this: one rule, one place.

    >>> import eb_core as eb
    >>> b, r = eb.load_board("europe"), eb.ruleset("europe-standard")
    >>> dublin = b.city("Dublin")
    >>> t = Track(crossings={"Liverpool\u2013Dublin": [0]})
    >>> city_room(b, r, dublin, t.city_tracks(b, dublin), 0), city_room(b, r, dublin, t.city_tracks(b, dublin), 1)
    ((True, 2), (True, 3))
    """
    cap = city_player_cap(board, rules, city)
    if cap is None:
        return None
    mine = counts.get(player, 0)
    others = sum(1 for o, n in counts.items() if o != player and n > 0)
    may_enter = mine > 0 or others < cap
    return may_enter, max(0, rules.city_max_tracks_per_player - mine)
