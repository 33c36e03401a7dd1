"""Areas of effect of event cards, counted as the rulebook's "Event Card Effects > Counting Mileposts" says.

* Mileposts are counted the way train movement is counted: one per step between neighbouring mileposts
  of the lattice (a ferry hop is no milepost and does not count); a derailment also counts the Chunnel's
  three mileposts, as movement does (Movement Using the Chunnel).
* From a geographical feature (a coastline) the feature itself is ``0`` and the nearest mileposts are
  ``1``: that count is stored per sea in ``board.seas`` (see ``data/README.md``).
* From a major city or key city the city centre is ``0``; and the centre decides for the *whole* major
  or key city: if its centre is inside an area, all its mileposts are; if not, none are. ("The centers
  of Milan and Berlin are four mileposts from the seacoast. During a Longshoreman's Strike, all mileposts
  in both cities are unaffected by the event.")
* The Chunnel's mileposts are underground and never inside the area of a weather event (Movement Using
  the Chunnel: "not within the affected area of weather events"); a derailment is no weather, and a train
  inside the Chunnel within 3 mileposts of a city drawn is derailed (:func:`city_area` ``underground``).

>>> import eb_core as eb
>>> from eb_core.events.areas import city_area, distances_from
>>> board = eb.load_board("europe")
>>> fog = city_area(board, "Frankfurt", 4)
>>> board.city("Frankfurt").center in fog
True
>>> d = distances_from(board, [board.city("Frankfurt").center])
>>> all(d[m] <= 4 for m in fog if board.city_at(m) is None)
True
>>> milan = board.city("Milano")
>>> int(board.seas["Mediterranean"][milan.center]), any(m in coastal_area(board, 3) for m in milan.mileposts)
(4, False)

Every function returns a ``frozenset`` of milepost ids (or of ``(a, b)`` edge keys for rivers) and is
cached per board, so the engine can ask "is this milepost in the fog?" at every step cheaply.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..board import Board, CitySize, Terrain
from ..files import derived
from ..errors import UnknownName
from ..words import and_list

__all__ = [
    "UNREACHABLE",
    "Area",
    "city_area",
    "coastal_area",
    "country_area",
    "distances_from",
    "event_area",
    "gale_ports",
    "inland_area",
    "path_towards",
    "river_edges",
    "sea_area",
    "terrain_in",
]

UNREACHABLE = 10 ** 6
"""Distance of a milepost that cannot be reached over the lattice."""


def _cached(board: Board, key: tuple, make):
    """``make()``, kept per board (:func:`eb_core.files.derived`) under ``("areas", *key)``."""
    return derived(board, ("areas", *key), lambda _board: make())


def distances_from(board: Board, sources: Iterable[int], *, tunnels: bool = False) -> np.ndarray:
    """Milepost count from the nearest of ``sources`` (each ``0``) to every milepost, over lattice steps
    (with ``tunnels``, also along each tunnel's underground mileposts from port to port, as a train moves).

    Unreachable mileposts (and, without ``tunnels``, the Chunnel's underground ones) get :data:`UNREACHABLE`.

    >>> import eb_core as eb
    >>> b = eb.load_board("tutorial")
    >>> d = distances_from(b, [b.city("London").center])
    >>> int(d[b.city("London").center]), sorted({int(d[m]) for m in b.city("London").mileposts})
    (0, [0, 1])
    """
    n = len(board.mileposts)
    dist = np.full(n, UNREACHABLE, dtype=np.int64)
    q: deque[int] = deque()
    for s in sources:
        s = int(s)
        if dist[s] != 0:
            dist[s] = 0
            q.append(s)
    steps = _tunnel_steps(board) if tunnels else {}
    while q:
        a = q.popleft()
        da = dist[a] + 1
        for b in (*board.neighbors(a), *steps.get(a, ())):
            if dist[b] > da:
                dist[b] = da
                q.append(b)
    return dist


def _tunnel_steps(board: Board) -> dict[int, tuple[int, ...]]:
    """Each milepost's neighbours along a tunnel (port, underground mileposts, port), once per board."""
    def make():
        out: dict[int, list[int]] = {}
        for cr in board.tunnels:
            seq = (cr.ports[0], *cr.mileposts, cr.ports[1])
            for x, y in zip(seq, seq[1:]):
                out.setdefault(x, []).append(y)
                out.setdefault(y, []).append(x)
        return {m: tuple(v) for m, v in out.items()}
    return _cached(board, ("tunnel-steps",), make)


def _whole_cities(board: Board, inside: set[int], *, underground: bool = False) -> frozenset[int]:
    """Apply "the city center also determines whether the entire major or key city is affected" (and leave
    out the underground mileposts, which no weather reaches, unless ``underground``)."""
    for c in board.cities:
        if c.size in (CitySize.MAJOR, CitySize.KEY) or len(c.mileposts) > 1:
            if c.center in inside:
                inside.update(c.mileposts)
            else:
                inside.difference_update(c.mileposts)
    if underground:
        return frozenset(inside)
    return frozenset(m for m in inside if not board.mileposts[m].underground)


def city_area(board: Board, city: str, radius: int, *, underground: bool = False) -> frozenset[int]:
    """Mileposts within ``radius`` of ``city``'s centre (Fog, Heavy Snow; Derailments use 3, with
    ``underground``: the Chunnel's mileposts counted and included, for a derailment is no weather).

    >>> import eb_core as eb
    >>> b = eb.load_board("tutorial")
    >>> set(b.city("London").mileposts) <= city_area(b, "London", 0)
    True
    """
    c = board.city(city)

    def make():
        d = distances_from(board, [c.center], tunnels=underground)
        return _whole_cities(board, {int(m) for m in np.nonzero(d <= radius)[0]}, underground=underground)

    return _cached(board, ("city", c.name, int(radius), underground), make)


def _sea_distance(board: Board, sea: str) -> np.ndarray:
    if sea not in board.seas:
        raise UnknownName(f"sea {sea!r} is not on board {board.name!r} (seas: {', '.join(board.seas) or 'none'})", field="sea")
    return board.seas[sea]


def sea_area(board: Board, sea: str, radius: int) -> frozenset[int]:
    """Mileposts within ``radius`` of ``sea``'s coast, the coast being 0 (Gales).

    >>> import eb_core as eb
    >>> b = eb.load_board("europe")
    >>> sevilla = b.city("Sevilla").center
    >>> sevilla in sea_area(b, "Atlantic", 4) and sevilla in sea_area(b, "Mediterranean", 4)
    True
    """
    def make():
        d = _sea_distance(board, sea)
        return _whole_cities(board, {int(m) for m in np.nonzero(d <= radius)[0]})

    return _cached(board, ("sea", sea, int(radius)), make)


def coastal_area(board: Board, radius: int) -> frozenset[int]:
    """Mileposts within ``radius`` of any sea's coast (Longshoremen's Strike). Empty on a board without
    ``seas``."""
    def make():
        if not board.seas:
            return frozenset()
        d = np.min(np.stack([np.asarray(v) for v in board.seas.values()]), axis=0)
        return _whole_cities(board, {int(m) for m in np.nonzero(d <= radius)[0]})

    return _cached(board, ("coast", int(radius)), make)


def inland_area(board: Board, radius: int) -> frozenset[int]:
    """Mileposts farther than ``radius`` from every coast (Teamsters' Strike): the complement of
    :func:`coastal_area` (underground mileposts excluded). Empty on a board without ``seas``."""
    def make():
        if not board.seas:
            return frozenset()
        coast = coastal_area(board, radius)
        return frozenset(m.id for m in board.mileposts if m.id not in coast and not m.underground)

    return _cached(board, ("inland", int(radius)), make)


def country_area(board: Board, countries: Iterable[str]) -> frozenset[int]:
    """Mileposts whose ``country`` is one of ``countries`` (ISO codes; Iberian Rail Strike); a major city
    counts by its centre."""
    cc = tuple(sorted(set(countries)))

    def make():
        inside = {m.id for m in board.mileposts if m.country in cc}
        return _whole_cities(board, inside)

    return _cached(board, ("country", cc), make)


def river_edges(board: Board, river: str) -> frozenset[tuple[int, int]]:
    """Edge keys ``(a, b)`` of every segment that crosses ``river`` -- its bridges (Floods). Lakes and
    ocean inlets are not rivers and never listed.

    >>> import eb_core as eb
    >>> b = eb.load_board("europe")
    >>> len(river_edges(b, "Ebro")) > 0
    True
    """
    def make():
        if river not in board.rivers():
            raise UnknownName(f"river {river!r} is not on board {board.name!r}", field="river")
        return frozenset(e.key for e in board.edges if river in e.rivers)

    return _cached(board, ("river", river), make)


def terrain_in(board: Board, mileposts: Iterable[int], terrains: Iterable[str]) -> frozenset[int]:
    """The mileposts of ``mileposts`` whose terrain is one of ``terrains`` (``"mountain"``, ``"alpine"``)."""
    ts = {Terrain(t) for t in terrains}
    return frozenset(m for m in mileposts if board.mileposts[m].terrain in ts)


def path_towards(board: Board, city: str, start_distance: int) -> list[int]:
    """A path of mileposts from ``start_distance`` mileposts away from ``city``'s centre to the centre,
    one milepost closer at every step and through no other city (the lowest ids first) -- the kind of
    line the rulebook's Half-Rate Movement examples run along.

    >>> import eb_core as eb
    >>> b = eb.load_board("europe")
    >>> path = path_towards(b, "Frankfurt", 12)
    >>> d = distances_from(b, [b.city("Frankfurt").center])
    >>> [int(d[m]) for m in path] == list(range(12, -1, -1))
    True
    """
    c = board.city(city)
    d = distances_from(board, [c.center])

    def ok(m: int) -> bool:
        other = board.city_at(m)
        return other is None or other.name == c.name

    def go(path: list[int]) -> list[int] | None:
        m = path[-1]
        if d[m] == 0:
            return path
        for b in sorted(board.neighbors(m)):
            if d[b] == d[m] - 1 and ok(b):
                got = go(path + [b])
                if got:
                    return got
        return None

    for start in sorted(int(m) for m in np.nonzero(d == start_distance)[0]):
        if ok(start):
            got = go([start])
            if got:
                return got
    raise ValueError(f"no milepost of {board.name!r} is {start_distance} mileposts from {c.name} along a "
                     "path that avoids other cities")


@dataclass(frozen=True)
class Area:
    """What an event card covers on a board, for figures, lists and the engine's hooks.

    ``mileposts``: the area of effect (half rate, no pickups ...); ``blocked``: mileposts where no train
    may move and no track may be built (Heavy Snow's mountain and alpine mileposts); ``edges``: segments
    affected (a flood's bridges); ``ports``: ferry ports closed (Gales); ``text``: one line saying what
    happens there.
    """

    kind: str
    title: str
    mileposts: frozenset[int] = frozenset()
    blocked: frozenset[int] = frozenset()
    edges: frozenset[tuple[int, int]] = frozenset()
    ports: frozenset[int] = frozenset()
    text: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict, hash=False, compare=False)


def gale_ports(board: Board, sea: str, radius: int, *, tunnels: bool = False) -> frozenset[int]:
    """Ferry ports closed by a gale on ``sea``: both ports of every ferry with a port in the gale's area
    (``tunnels``: the Chunnel's too, a ferry under the Fast Game)."""
    area = sea_area(board, sea, radius)
    out: set[int] = set()
    for cr in (board.crossings if tunnels else board.ferries):
        if any(p in area for p in cr.ports):
            out.update(cr.ports)
    return frozenset(out)


def event_area(board: Board, card, *, tunnels_as_ferries: bool = False) -> Area:
    """The :class:`Area` of an event card (an :class:`~eb_core.cards.EventCard`) on ``board``.
    ``tunnels_as_ferries``: the Fast Game's Chunnel is "another ferry" (rulebook: Variants & Optional Rules >
    Fast Game), so a gale closes its ports as it closes a ferry's.

    Derailments have no fixed area (it depends on the cards drawn); taxes and Irish Economy Booming
    cover cities or nobody's mileposts.

    >>> import eb_core as eb
    >>> b, deck = eb.load_board("europe"), eb.load_deck("europe")
    >>> snow = next(c for c in deck.event_cards if c.title == "Heavy Snow: Torino")
    >>> a = event_area(b, snow)
    >>> a.blocked <= a.mileposts and len(a.blocked) > 0
    True
    """
    p, kind, title = card.params, card.kind, card.title
    if kind in ("fog", "snow"):
        r = int(p.get("radius", 4))
        area = city_area(board, p["city"], r)
        blocked = terrain_in(board, area, p.get("blocked_terrain", ())) if kind == "snow" else frozenset()
        text = f"within {r} mileposts of {p['city']}: half rate"
        if blocked:     # (the terrains the area has: no "alpine" on a board without any)
            kinds = [t for t in p["blocked_terrain"] if any(board.mileposts[m].terrain.value == t for m in blocked)]
            text += "; no movement or track building on its " + " and ".join(kinds) + " mileposts"
        return Area(kind, title, area, blocked, text=text)
    if kind == "gale":
        r = int(p.get("radius", 4))
        if p["sea"] not in board.seas:
            return Area(kind, title, text=f"no {p['sea']} coast on board {board.name!r}: no effect")
        area = sea_area(board, p["sea"], r)
        ports = gale_ports(board, p["sea"], r, tunnels=tunnels_as_ferries)
        closed = [cr.name for cr in board.crossings if cr.is_tunnel and set(cr.ports) <= ports]
        return Area(kind, title, area, ports=ports,
                    text=f"within {r} mileposts of the {p['sea']} coast: half rate and no track building"
                         + ("; its ferry ports closed" if ports else "")
                         + (f" ({and_list(f'the {n}' for n in closed)} too: a ferry in the Fast Game)"
                            if closed else ""))
    if kind == "flood":
        edges = river_edges(board, p["river"])
        mps = frozenset(m for e in edges for m in e)
        return Area(kind, title, mps, edges=edges,
                    text=f"every bridge over the {p['river']} destroyed; no building or moving across it")
    if kind == "strike":
        v = p["variant"]
        if v == "coastal":
            r = int(p["radius"])
            return Area(kind, title, coastal_area(board, r),
                        text=f"within {r} mileposts of the coast: no pickups or deliveries")
        if v == "inland":
            r = int(p["radius"])
            return Area(kind, title, inland_area(board, r),
                        text=f"more than {r} mileposts from the coast: no pickups or deliveries")
        if v == "rail":
            return Area(kind, title, country_area(board, p["countries"]),
                        text=f"trains in {p.get('region', and_list(p['countries']))} lose a turn")
        return Area(kind, title, frozenset(), text="no track building"
                    + (" by the drawing player" if p.get("players", "drawing") == "drawing" else ""))
    if kind == "irish-boom":
        cities = [c for c in p["cities"] if board.has_city(c)]
        mps = frozenset(m for c in cities for m in board.city(c).mileposts)
        return Area(kind, title, mps, text=f"+{p['bonus']}M on every delivery to {and_list(cities)}")
    if kind == "derailment":
        return Area(kind, title, frozenset(),
                    text=f"trains within {p.get('radius', 3)} mileposts of the cities on the next "
                         f"{p.get('draw', 2)} cards drawn lose a turn and a load")
    if kind == "tax":
        return Area(kind, title, frozenset(), text="every player pays tax by cash bracket; money becomes public")
    return Area(kind, title, frozenset(), text="")
