"""The board: mileposts on a triangular lattice, cities, water crossings, ferries and tunnels.

A board is plain, immutable data loaded from a JSON file with ``"schema": "eb-board/1"`` (documented
in ``data/README.md``, JSON Schema ``data/schemas/eb-board-1.json``). Loading validates the file against
the schema (:func:`eb_core.files.validate`), then checks here what a schema cannot say (ids in order, edge
ends and city mileposts exist, edges join lattice neighbours, ...), and raises
:class:`~eb_core.errors.BoardFileError` naming the file and the field on the problem found.

>>> import eb_core as eb
>>> board = eb.load_board("tutorial")
>>> board.city("London").size == "major"
True
>>> len(board.city("London").mileposts)
7

Coordinates ``x``, ``y`` are in lattice units: neighbouring mileposts are 1 apart. The lattice lies
east-west (Europe: rows of mileposts run east-west) or north-south (the US board, Empire Express);
:attr:`Board.lattice_orientation` says which.
This module knows nothing about costs; those live in :mod:`eb_core.rules` and :mod:`eb_core.costs`.
"""
from __future__ import annotations

import difflib
import math
import os
from dataclasses import dataclass
from enum import Enum
from functools import cached_property, lru_cache
from types import MappingProxyType
from typing import Any, Mapping

import numpy as np
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components

from .errors import BoardFileError, UnknownName
from .files import data_dir, derived, load_cached, read_json_file, validate
from .rules import ruleset_note
from .words import a_or_an, plural, shown

__all__ = [
    "Terrain", "CitySize", "Water", "LatticeOrientation", "Milepost", "City", "Edge", "Crossing", "Ferry",
    "Tunnel", "Board", "load_board", "data_dir", "BOARD_SCHEMA",
]

BOARD_SCHEMA = "eb-board/1"
"""The ``schema`` field of a board file; its JSON Schema is ``data/schemas/eb-board-1.json``."""


class Terrain(str, Enum):
    """Milepost terrain (rulebook: Build Phase Rules, standard costs)."""

    CLEAR = "clear"
    """A black dot: 1M to build to."""
    MOUNTAIN = "mountain"
    """A triangle: 2M to build to."""
    ALPINE = "alpine"
    """A triangle in a circle, only in the high Alps: 5M to build to."""

    def __str__(self) -> str:
        return self.value


class CitySize(str, Enum):
    """City classes (rulebook: Build Phase Rules)."""

    MAJOR = "major"
    """Red hexagon: centre + 6 mileposts of public track; 5M to build into; build out of it."""
    KEY = "key"
    """Oslo and Stockholm: like a major city to build out of, 3M to build into, no victory credit."""
    MEDIUM = "medium"
    """Red square: 3M, at most 3 players, at most 3 tracks per player."""
    SMALL = "small"
    """Red circle: 3M, at most 2 players, at most 3 tracks per player."""

    def __str__(self) -> str:
        return self.value

    @property
    def has_red_area(self) -> bool:
        """Major and key cities are a centre plus six mileposts joined by public track."""
        return self in (CitySize.MAJOR, CitySize.KEY)


class Water(str, Enum):
    """Water that a track segment may cross (rulebook: Bridges over Rivers, Lakes and Ocean Inlets)."""

    RIVER = "river"
    LAKE = "lake"
    INLET = "inlet"

    def __str__(self) -> str:
        return self.value


class LatticeOrientation(str, Enum):
    """How the triangular lattice of mileposts lies on the map (board field ``lattice.orientation``)."""

    EAST_WEST = "east-west"
    """The straight lines of mileposts run east-west: neighbours at 0, ±60, ±120 and 180 degrees
    (Europe, the tutorial board; the default)."""
    NORTH_SOUTH = "north-south"
    """The lattice turned by 90 degrees: neighbours at ±30, 90, ±150 and 270 degrees, never due east or
    west (the printed US board; Empire Express: "Mileposts connect vertically, or diagonally (never
    horizontally)")."""

    def __str__(self) -> str:
        return self.value

    @property
    def neighbour_angles(self) -> tuple[int, ...]:
        """Directions of the six neighbours in degrees, counter-clockwise from east."""
        start = 0 if self is LatticeOrientation.EAST_WEST else 30
        return tuple(start + 60 * k for k in range(6))


@dataclass(frozen=True, slots=True)
class Milepost:
    """One dot on the board. ``city`` is the name of the city it belongs to, if any."""

    id: int
    x: float
    y: float
    terrain: Terrain = Terrain.CLEAR
    lat: float | None = None
    lon: float | None = None
    city: str | None = None
    country: str | None = None
    underground: bool = False
    port: str | None = None


@dataclass(frozen=True, slots=True)
class City:
    """A city: its class, its mileposts (centre first for major/key cities) and the loads it offers."""

    name: str
    size: CitySize
    center: int
    mileposts: tuple[int, ...]
    loads: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    country: str | None = None

    @property
    def is_major(self) -> bool:
        return self.size is CitySize.MAJOR

    @property
    def has_red_area(self) -> bool:
        return self.size.has_red_area


@dataclass(frozen=True, slots=True)
class Edge:
    """A possible track segment between two neighbouring mileposts (``a < b``).

    ``rivers`` names every river the segment crosses; ``lake`` and ``inlet`` flag lake and ocean-inlet
    crossings. ``impassable`` marks a heavy black line no track may cross (Empire Express: Build Track);
    ``barrier`` is that line's name (``"Lake Erie"``), ``None`` when the edge has none. An edge with a
    barrier is always impassable. Impassable edges stay in :attr:`Board.edges` (and :meth:`Board.edge`),
    but not in :meth:`Board.neighbors`: the engine, the costs and the route planner never build or move
    across them.

    >>> Edge(3, 4, barrier="Lake Erie").impassable
    True
    """

    a: int
    b: int
    rivers: tuple[str, ...] = ()
    lake: bool = False
    inlet: bool = False
    impassable: bool = False
    barrier: str | None = None

    def __post_init__(self) -> None:
        if self.barrier is not None and not self.impassable:
            object.__setattr__(self, "impassable", True)

    @property
    def key(self) -> tuple[int, int]:
        return (self.a, self.b)

    @property
    def waters(self) -> tuple[Water, ...]:
        out = []
        if self.rivers:
            out.append(Water.RIVER)
        if self.lake:
            out.append(Water.LAKE)
        if self.inlet:
            out.append(Water.INLET)
        return tuple(out)

    def other(self, mp: int) -> int:
        return self.b if mp == self.a else self.a


@dataclass(frozen=True, slots=True)
class Crossing:
    """A ferry line or a tunnel: two port mileposts joined across water.

    Building into either port costs ``cost`` instead of the port milepost (rulebook: Building Ferry
    Ports, Building the Chunnel); the whole crossing then belongs to the builder's network.
    ``mileposts`` are the tunnel's own underground mileposts, counted for movement (empty for ferries).
    """

    name: str
    ports: tuple[int, int]
    port_names: tuple[str, str]
    cost: int
    mileposts: tuple[int, ...] = ()
    kind: str = "ferry"

    @property
    def is_tunnel(self) -> bool:
        return self.kind == "tunnel"

    def other_port(self, mp: int) -> int:
        return self.ports[1] if mp == self.ports[0] else self.ports[0]

    def path_from(self, port: int) -> tuple[int, ...]:
        """Mileposts stepped onto when crossing from ``port`` (excludes ``port``, ends on the other)."""
        inner = self.mileposts if port == self.ports[0] else tuple(reversed(self.mileposts))
        return inner + (self.other_port(port),)


def Ferry(name: str, ports: tuple[int, int], port_names: tuple[str, str], cost: int) -> Crossing:
    """A ferry line (at most two players, rulebook: Building Ferry Ports)."""
    return Crossing(name, tuple(ports), tuple(port_names), cost, (), "ferry")


def Tunnel(name: str, ports: tuple[int, int], port_names: tuple[str, str], cost: int,
           mileposts: tuple[int, ...]) -> Crossing:
    """A tunnel such as the Chunnel (one player, rulebook: Building the Chunnel)."""
    return Crossing(name, tuple(ports), tuple(port_names), cost, tuple(mileposts), "tunnel")


def components(n: int, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Connected-component label of each of ``n`` mileposts joined by the edges ``a[i]-b[i]``."""
    m = coo_matrix((np.ones(len(a), dtype=np.int8), (a, b)), shape=(n, n))
    return connected_components(m, directed=False)[1]


def _nearest_city_centres(board: "Board") -> np.ndarray:
    """For each milepost, the centre milepost of the nearest city on the same land (-1 on a board without
    cities): nearest as the crow flies among the cities joined to it by land, neither a ferry nor a tunnel
    nor a heavy black line between them, so a milepost just inland of Le Havre is near a French city, not
    near London across the Channel; the nearest of all where its land has no city."""
    xy = board.xy
    n = len(xy)
    centres = np.array([c.center for c in board.cities], dtype=np.int64)
    if centres.size == 0:
        return np.full(n, -1, dtype=np.int64)
    under = np.array([m.underground for m in board.mileposts], dtype=bool)
    land = np.array([(e.a, e.b) for e in board.edges
                     if not e.impassable and not under[e.a] and not under[e.b]], dtype=np.int64).reshape(-1, 2)
    part = components(n, land[:, 0], land[:, 1])
    d = ((xy[:, None, :] - xy[centres][None, :, :]) ** 2).sum(axis=2)
    same = part[:, None] == part[centres][None, :]
    d_land = np.where(same, d, np.inf)
    has = same.any(axis=1)
    return centres[np.where(has, np.argmin(d_land, axis=1), np.argmin(d, axis=1))]


class Board:
    """An immutable board. Build with :func:`load_board` or :meth:`Board.from_dict`.

    Attributes: ``name``, ``title``, ``mileposts`` (indexed by id), ``edges``, ``cities``, ``loads``
    (chip count per load), ``ferries``, ``tunnels``, ``seas`` (sea name -> per-milepost distance to that
    sea's coast, in mileposts), ``drawing`` (outline polygons and river lines for figures),
    ``lattice_orientation`` (:class:`LatticeOrientation`), ``starting_track`` (colour -> the segments that
    colour owns when the game starts, Empire Express; empty on other boards).
    """

    def __init__(self, *, name: str, title: str, mileposts: tuple[Milepost, ...], edges: tuple[Edge, ...],
                 cities: tuple[City, ...], loads: Mapping[str, int], ferries: tuple[Crossing, ...] = (),
                 tunnels: tuple[Crossing, ...] = (), seas: Mapping[str, np.ndarray] | None = None,
                 drawing: Mapping[str, Any] | None = None, notes: str = "", spacing_km: float | None = None,
                 game: str = "europe", meta: Mapping[str, Any] | None = None, source: str = "<memory>",
                 lattice_orientation: str | LatticeOrientation = LatticeOrientation.EAST_WEST,
                 starting_track: Mapping[str, Any] | None = None):
        self.name = name
        self.lattice_orientation = LatticeOrientation(lattice_orientation)
        self.starting_track: Mapping[str, tuple[tuple[int, int], ...]] = MappingProxyType({
            colour: tuple((min(a, b), max(a, b)) for a, b in segs) for colour, segs in (starting_track or {}).items()})
        self.title = title
        self.notes = notes
        self.game = game
        self.spacing_km = spacing_km
        self.source = source
        self.mileposts = mileposts
        self.edges = edges
        self.cities = cities
        self.loads = dict(loads)
        self.ferries = ferries
        self.tunnels = tunnels
        self.seas = dict(seas or {})
        self.drawing = dict(drawing or {})
        self.meta = dict(meta or {})
        self._edge = {e.key: e for e in edges}
        adj: list[list[int]] = [[] for _ in mileposts]
        for e in edges:
            if not e.impassable:
                adj[e.a].append(e.b)
                adj[e.b].append(e.a)
        self._adj = tuple(tuple(sorted(n)) for n in adj)
        self._city_by_name: dict[str, City] = {}
        for c in cities:
            for nm in (c.name, *c.aliases):
                self._city_by_name[_fold(nm)] = c
        self._city_at: dict[int, City] = {m: c for c in cities for m in c.mileposts}
        self._crossings_at: dict[int, list[Crossing]] = {}
        for cr in self.crossings:
            for p in cr.ports:
                self._crossings_at.setdefault(p, []).append(cr)
        self._crossing_by_name = {_fold(c.name): c for c in self.crossings}

    # ----------------------------------------------------------------- look-ups
    def __repr__(self) -> str:
        return (f"<Board {self.name!r}: {len(self.mileposts)} mileposts, {len(self.cities)} cities, "
                f"{plural(len(self.ferries), 'ferry', 'ferries')}, {plural(len(self.tunnels), 'tunnel')}>")

    def milepost(self, mp: int) -> Milepost:
        """The milepost with id ``mp``; :class:`KeyError` if there is none."""
        if not isinstance(mp, (int, np.integer)) or not 0 <= mp < len(self.mileposts):
            raise UnknownName(f"no milepost {mp!r} on board {self.name!r}", field="milepost")
        return self.mileposts[int(mp)]

    def city(self, name: str) -> City:
        """A city by name or alias, ignoring case and accents (``"Zurich"`` finds ``"Zürich"``)."""
        if not isinstance(name, str):
            raise UnknownName(f"city: expected a city name, got {shown(name)}", field="city")
        try:
            return self._city_by_name[_fold(name)]
        except KeyError:
            raise UnknownName(self.no_city(name), field="city") from None

    def has_city(self, name: str) -> bool:
        return isinstance(name, str) and _fold(name) in self._city_by_name

    def no_load(self, name: Any) -> str:
        """The message for a name that is no load of this board: the closest load names as a suggestion,
        or every load when none is close.

        >>> import eb_core as eb
        >>> eb.load_board("europe").no_load("Wne")
        "no load 'Wne' on board 'europe' (did you mean Wine?)"
        """
        close = _close(name, {ld.casefold(): ld for ld in self.loads}, str.casefold, 0.6)
        hint = (f"did you mean {' or '.join(close)}?" if close
                else f"loads: {', '.join(sorted(self.loads, key=str.casefold))}")
        return f"no load {name!r} on board {self.name!r} ({hint})"

    def port_milepost(self, name: str) -> int | None:
        """The milepost of the ferry or tunnel port called ``name`` (a port that is no city: Portsmouth,
        Folkestone, Le Havre), ignoring case and accents as :meth:`city` does, or ``None``.

        >>> import eb_core as eb
        >>> b = eb.load_board("europe")
        >>> b.place(b.port_milepost("Folkestone")), b.port_milepost("folkestone"), b.port_milepost("Paris")
        ('Folkestone', 1405, None)
        """
        if not isinstance(name, str):
            return None
        return derived(self, "board:ports", _port_mileposts).get(_fold(name))

    def close_places(self, name: Any, *, ports: bool = False) -> list[str]:
        """The city names (``ports``: and ferry port names) closest to ``name``, ignoring case and accents,
        best first: what a misspelt place may have meant (empty when none is close)."""
        names = {_fold(c.name): c.name for c in self.cities}
        if ports:
            names.update({_fold(n): n for cr in self.crossings for n in cr.port_names})   # the Chunnel's too
        return _close(name, names, _fold, 0.75)

    def no_city(self, name: Any, *, ports: bool = False) -> str:
        """The message for a name that is no city of this board, with the closest names as a suggestion
        (``ports``: ferry ports that are not cities count as places too).

        >>> import eb_core as eb
        >>> eb.load_board("europe").no_city("Pariss")
        "no city 'Pariss' on board 'europe' (did you mean Paris?)"
        >>> eb.load_board("europe").no_city("Harwhich", ports=True)
        "no city or ferry port 'Harwhich' on board 'europe' (did you mean Harwich?)"
        """
        close = self.close_places(name, ports=ports)
        hint = f" (did you mean {' or '.join(close)}?)" if close else ""
        what = "city or ferry port" if ports else "city"
        return f"no {what} {name!r} on board {self.name!r}{hint}"

    def label(self, mp: int) -> str:
        """A short name for a milepost in tables and explanations: the city's name at a centre,
        ``"Paris (1161)"`` elsewhere in a city, ``"Portsmouth (1402)"`` at a port, else ``"mountain 812"``."""
        c = self._city_at.get(int(mp))
        if c is not None:
            return c.name if mp == c.center else f"{c.name} ({mp})"
        m = self.mileposts[int(mp)]
        if m.port:
            return f"{m.port} ({mp})"
        return f"{m.terrain.value} {mp}"

    def near(self, mp: int) -> str:
        """The name of the city nearest to milepost ``mp`` (for messages): as the crow flies, among the
        cities on the same land (no sea crossing between them)."""
        c = derived(self, "board:nearest-city", _nearest_city_centres)[int(mp)]
        return self.city_at(int(c)).name if c >= 0 else self.name

    def place(self, mp: int) -> str:
        """A milepost as a player names it, never by its id: the city it belongs to, its ferry port, the
        tunnel it is in, or ``"a mountain milepost near Lyon"``.

        >>> import eb_core as eb
        >>> b = eb.load_board("tutorial")
        >>> b.place(b.city("Paris").mileposts[1])
        'Paris'
        """
        mp = int(mp)
        return self.landmark(mp) or f"{a_or_an(self.mileposts[mp].terrain.value)} milepost near {self.near(mp)}"

    def landmark(self, mp: int) -> str | None:
        """The named place milepost ``mp`` is part of -- its city, ferry port or tunnel -- or ``None`` for an
        open milepost (which :meth:`place` names by its terrain and the nearest city).

        >>> import eb_core as eb
        >>> b = eb.load_board("tutorial")
        >>> b.landmark(b.city("Paris").center), b.landmark(b.crossing("Chunnel").ports[0])
        ('Paris', 'Folkestone')
        """
        mp = int(mp)
        c = self.city_at(mp)
        if c is not None:
            return c.name
        m = self.mileposts[mp]
        if m.port:
            return m.port
        for cr in self.crossings_at(mp):
            return cr.port_names[cr.ports.index(mp)]
        if m.underground:
            tun = [t for t in self.tunnels if mp in t.mileposts]
            return f"the {tun[0].name}" if tun else "a tunnel"
        return None

    def between(self, a: int, b: int) -> str:
        """Where a segment lies, in words: ``"between London and Birmingham"``, ``"in Ruhr"`` when both
        mileposts belong to one city, ``"between two clear mileposts near Lyon"``.

        >>> import eb_core as eb
        >>> b = eb.load_board("tutorial")
        >>> b.between(*b.city("Paris").mileposts[:2])
        'in Paris'
        """
        pa, pb = self.place(a), self.place(b)
        if pa != pb:
            return f"between {pa} and {pb}"
        if self.city_at(a) is not None:
            return f"in {pa}"
        if self.landmark(a) is None:        # two open mileposts of one terrain near one city
            return f"between two {self.mileposts[int(a)].terrain.value} mileposts near {self.near(a)}"
        return f"at {pa}"

    def city_at(self, mp: int) -> City | None:
        """The city a milepost belongs to, or ``None``."""
        return self._city_at.get(int(mp))

    @property
    def crossings(self) -> tuple[Crossing, ...]:
        return tuple(self.ferries) + tuple(self.tunnels)

    def crossing(self, name: str) -> Crossing:
        try:
            return self._crossing_by_name[_fold(name)]
        except KeyError:
            raise UnknownName(f"no ferry or tunnel {name!r} on board {self.name!r}", field="crossing") from None

    def crossings_at(self, mp: int) -> tuple[Crossing, ...]:
        """Ferries and tunnels that have a port at milepost ``mp``."""
        return tuple(self._crossings_at.get(int(mp), ()))

    def is_port(self, mp: int) -> bool:
        return int(mp) in self._crossings_at

    def neighbors(self, mp: int) -> tuple[int, ...]:
        """Lattice neighbours joined by a buildable (not impassable) edge."""
        return self._adj[int(mp)]

    def edge(self, a: int, b: int) -> Edge | None:
        """The edge between two mileposts, or ``None`` if they are not neighbours."""
        return self._edge.get((a, b) if a < b else (b, a))

    def is_barrier(self, a: int, b: int) -> bool:
        """True if a heavy black line lies between neighbours ``a`` and ``b`` (Empire Express: Build Track):
        track can never be built there, so no train moves there either. The engine, the costs and the
        route planner treat such an edge as impassable; it is left out of :meth:`neighbors`."""
        e = self.edge(a, b)
        return e is not None and e.impassable

    def barrier(self, a: int, b: int) -> str | None:
        """The name of the heavy black line between ``a`` and ``b`` (``"Lake Erie"``), or ``None``."""
        e = self.edge(a, b)
        return None if e is None else e.barrier

    def is_red_area(self, a: int, b: int) -> bool:
        """True if ``a``-``b`` lies inside one major/key city's red area (public track, no building)."""
        ca, cb = self._city_at.get(a), self._city_at.get(b)
        return ca is not None and ca is cb and ca.has_red_area

    @cached_property
    def public_edges(self) -> tuple[Edge, ...]:
        """Edges inside red areas: public track any train may use (rulebook: Running the Train)."""
        return tuple(e for e in self.edges if self.is_red_area(e.a, e.b))

    @property
    def major_cities(self) -> tuple[City, ...]:
        return tuple(c for c in self.cities if c.size is CitySize.MAJOR)

    def cities_of_size(self, size: str | CitySize) -> tuple[City, ...]:
        size = CitySize(size)
        return tuple(c for c in self.cities if c.size is size)

    def sources(self, load: str) -> tuple[City, ...]:
        """Cities where ``load`` can be picked up."""
        return tuple(c for c in self.cities if load in c.loads)

    def rivers(self) -> tuple[str, ...]:
        return tuple(sorted({r for e in self.edges for r in e.rivers}))

    @cached_property
    def xy(self) -> np.ndarray:
        """``(n, 2)`` float array of milepost coordinates in lattice units."""
        return np.array([(m.x, m.y) for m in self.mileposts], dtype=float).reshape(-1, 2)

    def distance(self, a: int, b: int) -> float:
        """Straight-line distance between two mileposts in lattice units (mileposts)."""
        pa, pb = self.mileposts[a], self.mileposts[b]
        return math.hypot(pa.x - pb.x, pa.y - pb.y)

    def resolve(self, where: int | str) -> tuple[int, ...]:
        """Mileposts meant by a milepost id or a city name (all of a city's mileposts)."""
        if isinstance(where, str):
            return self.city(where).mileposts
        self.milepost(where)
        return (int(where),)

    def to_networkx(self):
        """The lattice as a :class:`networkx.Graph` (node attributes x, y, terrain, city; edge attributes
        rivers, lake, inlet, red_area). Ferries and tunnels are edges with ``crossing`` set."""
        import networkx as nx

        g = nx.Graph(name=self.name)
        for m in self.mileposts:
            g.add_node(m.id, x=m.x, y=m.y, terrain=str(m.terrain), city=m.city, underground=m.underground)
        for e in self.edges:
            if not e.impassable:
                g.add_edge(e.a, e.b, rivers=e.rivers, lake=e.lake, inlet=e.inlet,
                           red_area=self.is_red_area(e.a, e.b), crossing=None)
        for cr in self.crossings:
            g.add_edge(cr.ports[0], cr.ports[1], crossing=cr.name, rivers=(), lake=False, inlet=False,
                       red_area=False)
        return g

    # ------------------------------------------------------------ (de)serialise
    @classmethod
    def from_dict(cls, data: Mapping[str, Any], source: str = "<memory>") -> "Board":
        """Validate a decoded ``eb-board/1`` document and build the board."""
        return _parse_board(data, source)

    @classmethod
    def from_file(cls, path: str | os.PathLike) -> "Board":
        """Read and validate a board file."""
        return _parse_board(read_json_file(path, BoardFileError), str(path))

    def to_dict(self) -> dict[str, Any]:
        """The board as an ``eb-board/1`` document (round-trips through :meth:`from_dict`)."""
        def mp(m: Milepost) -> dict[str, Any]:
            d: dict[str, Any] = {"id": m.id, "x": m.x, "y": m.y, "terrain": str(m.terrain)}
            for k in ("lat", "lon", "country", "port"):
                if getattr(m, k) is not None:
                    d[k] = getattr(m, k)
            if m.underground:
                d["underground"] = True
            return d

        def ed(e: Edge) -> dict[str, Any]:
            d: dict[str, Any] = {"a": e.a, "b": e.b}
            if e.rivers:
                d["rivers"] = list(e.rivers)
            for k in ("lake", "inlet"):
                if getattr(e, k):
                    d[k] = True
            if e.barrier is not None:
                d["barrier"] = e.barrier
            elif e.impassable:
                d["impassable"] = True
            return d

        def cr(c: Crossing) -> dict[str, Any]:
            d: dict[str, Any] = {"name": c.name, "ports": list(c.ports), "port_names": list(c.port_names),
                                 "cost": c.cost}
            if c.is_tunnel:
                d["mileposts"] = list(c.mileposts)
            return d

        out: dict[str, Any] = {
            "schema": BOARD_SCHEMA, "name": self.name, "title": self.title, "game": self.game,
            "notes": self.notes,
            "mileposts": [mp(m) for m in self.mileposts],
            "edges": [ed(e) for e in self.edges],
            "cities": [{"name": c.name, "size": str(c.size), "center": c.center, "mileposts": list(c.mileposts),
                        "loads": list(c.loads), **({"aliases": list(c.aliases)} if c.aliases else {}),
                        **({"country": c.country} if c.country else {})} for c in self.cities],
            "loads": dict(self.loads),
            "ferries": [cr(c) for c in self.ferries],
            "tunnels": [cr(c) for c in self.tunnels],
        }
        if self.spacing_km is not None:
            out["spacing_km"] = self.spacing_km
        if self.lattice_orientation is not LatticeOrientation.EAST_WEST:
            out["lattice"] = {"orientation": self.lattice_orientation.value}
        if self.starting_track:
            out["starting_track"] = {c: [list(p) for p in segs] for c, segs in self.starting_track.items()}
        if self.seas:
            out["seas"] = {k: [int(v) for v in arr] for k, arr in self.seas.items()}
        if self.drawing:
            out["drawing"] = self.drawing
        if self.meta:
            out["meta"] = self.meta
        return out

    def _repr_html_(self) -> str:  # pragma: no cover - display hook
        sizes = {s.value: len(self.cities_of_size(s)) for s in CitySize}
        kinds = ", ".join(f"{n} {k}" for k, n in sizes.items() if n)
        return (f"<b>{self.title}</b>: {len(self.mileposts)} mileposts, {sum(sizes.values())} cities ({kinds}), "
                f"{len(self.loads)} loads ({sum(self.loads.values())} chips), "
                f"{plural(len(self.ferries), 'ferry', 'ferries')}, {plural(len(self.tunnels), 'tunnel')}")

    def to_figure(self, **kw):
        """A plotly figure of the board (lazy-imports :mod:`eb_core.display.figures`)."""
        from .display import figures

        return figures.board_figure(self, **kw)


def _close(name: Any, names: Mapping[str, str], fold, cutoff: float) -> list[str]:
    """Up to three of ``names``' values whose keys (folded names) are closest to ``fold(name)``, best first."""
    return [names[k] for k in difflib.get_close_matches(fold(str(name)), list(names), n=3, cutoff=cutoff)]


#: letters with no accent to strip that NFKD leaves whole (Łódź, Tromsø, Ærø, Straße)
_PLAIN = str.maketrans({"Ł": "L", "ł": "l", "Ø": "O", "ø": "o", "Æ": "AE", "æ": "ae", "Œ": "OE", "œ": "oe",
                        "ß": "ss", "Đ": "D", "đ": "d", "Þ": "Th", "þ": "th"})


@lru_cache(maxsize=4096)       # a pure function of the name, asked for every city lookup (bots' hot path)
def _fold(name: str) -> str:
    import unicodedata

    s = unicodedata.normalize("NFKD", name.translate(_PLAIN)).encode("ascii", "ignore").decode().casefold()
    return "".join(ch for ch in s if ch.isalnum())


def alphabetical(names) -> list[str]:
    """Place names in the order a reader looks them up: accents and case aside (Århus under A, Łódź under L).

    >>> alphabetical(["Zürich", "Łódź", "Århus", "London"])
    ['Århus', 'Łódź', 'London', 'Zürich']
    """
    return sorted(names, key=lambda n: (_fold(n), n))


# ------------------------------------------------------------------------------------ cross-references
_TERRAIN = {t.value: t for t in Terrain}
_SIZE = {c.value: c for c in CitySize}
_ANGLE_TOLERANCE = 5.0
"""Degrees an edge may stray from a lattice direction (generated boards are exact to 0.01 degrees)."""


def _parse_edges(raw: list, x: np.ndarray, y: np.ndarray, underground: np.ndarray,
                 orientation: LatticeOrientation, fail) -> list[Edge]:
    """The edges of a schema-valid board document, after checking (vectorised: the Europe board has
    5,726) that their ends exist and differ, that none repeats, that each joins two lattice neighbours
    1 unit apart in a direction the orientation allows, and that none touches an underground milepost."""
    n = len(x)
    a = np.array([e["a"] for e in raw], dtype=float).reshape(-1)
    b = np.array([e["b"] for e in raw], dtype=float).reshape(-1)

    def first(mask: np.ndarray) -> int | None:
        idx = np.flatnonzero(mask)
        return int(idx[0]) if len(idx) else None

    for end, arr in (("a", a), ("b", b)):
        i = first((arr < 0) | (arr >= n))
        if i is not None:
            fail(f"edges[{i}].{end}", f"{raw[i][end]!r} is not a milepost id (0..{n - 1})")
    a, b = a.astype(np.int64), b.astype(np.int64)
    i = first(a == b)
    if i is not None:
        fail(f"edges[{i}]", f"an edge joins two different mileposts, got {a[i]}-{b[i]}")
    lo, hi = np.minimum(a, b), np.maximum(a, b)
    keys = lo * n + hi
    if len(np.unique(keys)) != len(keys):
        seen: set[int] = set()
        for i, k in enumerate(keys.tolist()):
            if k in seen:
                fail(f"edges[{i}]", f"duplicate edge {lo[i]}-{hi[i]}")
            seen.add(k)
    dx, dy = x[hi] - x[lo], y[hi] - y[lo]
    d = np.hypot(dx, dy)
    i = first(~((d >= 0.8) & (d <= 1.2)))
    if i is not None:
        fail(f"edges[{i}]", f"mileposts {lo[i]} and {hi[i]} are {d[i]:.2f} lattice units apart; "
                            f"neighbours must be 1 apart")
    angle = np.degrees(np.arctan2(dy, dx))
    offset = orientation.neighbour_angles[0]
    i = first(np.abs((angle - offset + 30.0) % 60.0 - 30.0) > _ANGLE_TOLERANCE)
    if i is not None:
        fail(f"edges[{i}]", f"edge {lo[i]}-{hi[i]} runs at {angle[i]:.0f} degrees, but on a lattice oriented "
                            f"{orientation.value} neighbours lie at "
                            f"{', '.join(str(v) for v in orientation.neighbour_angles)} degrees "
                            f"(see field 'lattice.orientation')")
    i = first(underground[lo] | underground[hi])
    if i is not None:
        fail(f"edges[{i}]", "underground (tunnel) mileposts take no ordinary edges")
    out = []
    for i, (e, ea, eb) in enumerate(zip(raw, lo.tolist(), hi.tolist())):
        if len(e) == 2:
            out.append(Edge(ea, eb))
            continue
        barrier = e.get("barrier")
        impassable = e.get("impassable")
        if barrier is not None and impassable is False:
            fail(f"edges[{i}].impassable", f"an edge with a barrier ({barrier!r}) is impassable: leave "
                                           f"impassable out or set it to true")
        out.append(Edge(ea, eb, tuple(e.get("rivers", ())), e.get("lake", False), e.get("inlet", False),
                        bool(impassable) or barrier is not None, barrier))
    return out


def _parse_board(data: Mapping[str, Any], source: str) -> Board:
    """Check a decoded board document (schema first, then the cross-references) and build the board."""
    validate(data, "eb-board-1", source, BoardFileError)

    def fail(fld: str, problem: str):
        raise BoardFileError(source, fld, problem)

    raw_mps = data["mileposts"]
    n = len(raw_mps)
    xs: list[float] = []
    ys: list[float] = []
    ug: list[bool] = []
    for i, m in enumerate(raw_mps):
        if m["id"] != i:
            fail(f"mileposts[{i}].id", f"ids must be 0..n-1 in order; expected {i}, got {m['id']}")
        x, y = float(m["x"]), float(m["y"])
        if not (math.isfinite(x) and math.isfinite(y)):
            fail(f"mileposts[{i}]", f"coordinates must be finite numbers, got x={x}, y={y}")
        xs.append(x)
        ys.append(y)
        ug.append(m.get("underground", False))

    def mp_id(val, fld: str) -> int:
        if not 0 <= val < n:
            fail(fld, f"{val!r} is not a milepost id (0..{n - 1})")
        return int(val)

    orientation = LatticeOrientation(data.get("lattice", {}).get("orientation", "east-west"))
    raw_edges = data["edges"]
    edges = _parse_edges(raw_edges, np.array(xs), np.array(ys), np.array(ug, dtype=bool), orientation, fail)
    seen = {e.key for e in edges}

    loads = {k: int(v) for k, v in data["loads"].items()}

    cities: list[City] = []
    owner: dict[int, str] = {}
    names: dict[str, tuple[str, str]] = {}   # folded name or alias -> (its city, its field)

    def unique_name(text: str, fld: str, city: str) -> None:
        """A city's name or alias must name no other city, ignoring case and accents (as board.city)."""
        key = _fold(text)
        if not key:
            fail(fld, f"{text!r} has no letter or digit; a city's name and aliases are names as printed")
        is_name = fld.endswith(".name")
        if key in names and names[key][0] != city:
            other, where = names[key]
            said = f"city {text!r} appears twice: it" if is_name else f"alias {text!r}"
            fail(fld, f"{said} already names city {other!r} (field {where!r}); city names and aliases must be "
                      "unique, ignoring case and accents, as board.city() looks them up")
        if key in names and is_name:      # the same name twice: two cities called alike
            fail(fld, f"city {text!r} appears twice")
        names.setdefault(key, (city, fld))

    for i, c in enumerate(data["cities"]):
        f = f"cities[{i}]"
        cname = c["name"]
        unique_name(cname, f"{f}.name", cname)
        size = _SIZE[c["size"]]
        center = mp_id(c["center"], f"{f}.center")
        cm = [mp_id(x, f"{f}.mileposts[{j}]") for j, x in enumerate(c.get("mileposts", (center,)))]
        if cm[0] != center:
            fail(f"{f}.mileposts", f"must start with the centre milepost {center}, got {cm[0]}")
        if size.has_red_area:
            for j, x in enumerate(cm[1:], 1):
                if (min(center, x), max(center, x)) not in seen:
                    fail(f"{f}.mileposts[{j}]", f"milepost {x} is not a neighbour of the centre {center}")
        for x in cm:
            if x in owner:
                fail(f"{f}.mileposts", f"milepost {x} already belongs to {owner[x]!r}")
            owner[x] = cname
        cloads = c.get("loads", ())
        for j, ld in enumerate(cloads):
            if ld not in loads:
                fail(f"{f}.loads[{j}]", f"load {ld!r} is not listed in 'loads'")
        aliases = c.get("aliases", ())
        for j, al in enumerate(aliases):
            unique_name(al, f"{f}.aliases[{j}]", cname)
        cities.append(City(cname, size, center, tuple(cm), tuple(cloads), tuple(aliases), c.get("country")))

    crossing_names: dict[str, str] = {}   # folded ferry or tunnel name -> its field, as board.crossing looks up

    def crossings(key: str, kind: str) -> tuple[Crossing, ...]:
        out = []
        for i, c in enumerate(data.get(key, ())):
            f = f"{key}[{i}]"
            folded = _fold(c["name"])
            if not folded:
                fail(f"{f}.name", f"{c['name']!r} has no letter or digit; a {kind} is named as printed")
            if folded in crossing_names:
                fail(f"{f}.name", f"{c['name']!r} already names {crossing_names[folded]}; ferry and "
                                  "tunnel names must be unique, ignoring case and accents, as board.crossing() "
                                  "looks them up")
            crossing_names[folded] = f
            ports = tuple(mp_id(p, f"{f}.ports[{j}]") for j, p in enumerate(c["ports"]))
            if ports[0] == ports[1]:
                fail(f"{f}.ports[1]", f"both ports are milepost {ports[0]}: a {kind} joins two different mileposts")
            inner: tuple[int, ...] = ()
            if kind == "tunnel":
                inner = tuple(mp_id(x, f"{f}.mileposts[{j}]") for j, x in enumerate(c["mileposts"]))
                for j, x in enumerate(inner):
                    if not ug[x]:
                        fail(f"{f}.mileposts[{j}]", f"tunnel milepost {x} must be marked underground")
            for j, p in enumerate(ports):
                if ug[p]:
                    fail(f"{f}.ports[{j}]", "a port cannot be underground")
            names_ = tuple(c.get("port_names", [str(p) for p in ports]))
            for j, pn in enumerate(names_):
                if not _fold(pn):
                    fail(f"{f}.port_names[{j}]", f"{pn!r} has no letter or digit; a port is named as printed, "
                                                 "as board.port_milepost() looks it up")
            out.append(Crossing(c["name"], ports, names_, int(c["cost"]), inner, kind))
        return tuple(out)

    ferries = crossings("ferries", "ferry")
    tunnels = crossings("tunnels", "tunnel")
    port_names: dict[int, list[str]] = {}
    for cr in (*ferries, *tunnels):
        for p, pn in zip(cr.ports, cr.port_names):
            port_names.setdefault(p, []).append(pn)
    for i, m in enumerate(raw_mps):
        label = m.get("port")
        if label is not None and label not in port_names.get(i, ()):
            fail(f"mileposts[{i}].port",
                 f"{label!r} but milepost {i} is no ferry or tunnel port" if i not in port_names else
                 f"{label!r} but the crossing names this port {' or '.join(map(repr, port_names[i]))}")

    starting: dict[str, list[tuple[int, int]]] = {}
    taken: dict[tuple[int, int], str] = {}
    for colour, segs in data.get("starting_track", {}).items():
        out_segs = starting[colour] = []
        for j, (a, b) in enumerate(segs):
            f = f"starting_track.{colour}[{j}]"
            a, b = mp_id(a, f"{f}[0]"), mp_id(b, f"{f}[1]")
            key = (min(a, b), max(a, b))
            if key not in seen:
                fail(f, f"mileposts {a} and {b} are not joined by an edge; starting track lies on edges")
            ca, cb = owner.get(a), owner.get(b)
            if ca is not None and ca == cb and any(c.name == ca and c.has_red_area for c in cities):
                fail(f, f"{a}-{b} lies inside {ca}'s red area, which is public track nobody owns")
            if key in taken:
                fail(f, f"{a}-{b} is already starting track of {taken[key]!r}")
            taken[key] = colour
            out_segs.append(key)
    if taken:
        blocked = {e.key for e in edges if e.impassable}
        for colour, segs in starting.items():
            for j, key in enumerate(segs):
                if key in blocked:
                    fail(f"starting_track.{colour}[{j}]", f"{key[0]}-{key[1]} crosses an impassable line")

    seas: dict[str, np.ndarray] = {}
    for sname, arr in data.get("seas", {}).items():
        if len(arr) != n:
            fail(f"seas.{sname}", f"expected a list of {n} distances (one per milepost), got {len(arr)}")
        seas[sname] = np.asarray(arr, dtype=np.int32)

    mileposts = tuple(
        Milepost(i, xs[i], ys[i], _TERRAIN[m.get("terrain", "clear")],
                 None if (lat := m.get("lat")) is None else float(lat),
                 None if (lon := m.get("lon")) is None else float(lon),
                 owner.get(i), m.get("country"), ug[i], m.get("port"))
        for i, m in enumerate(raw_mps))
    sp = data.get("spacing_km")
    return Board(name=data["name"], title=data.get("title", data["name"]), mileposts=mileposts,
                 edges=tuple(edges), cities=tuple(cities), loads=loads, ferries=ferries, tunnels=tunnels,
                 seas=seas, drawing=data.get("drawing", {}), notes=data.get("notes", ""),
                 spacing_km=None if sp is None else float(sp), game=data.get("game", "europe"),
                 meta=data.get("meta", {}), source=source, lattice_orientation=orientation,
                 starting_track=starting)


_CACHE: dict[str, tuple[float, Board]] = {}


def _port_mileposts(board: "Board") -> dict[str, int]:
    """Ferry and tunnel ports by folded name (:func:`_fold`; the first port of a name)."""
    out: dict[str, int] = {}
    for cr in board.crossings:
        for m, n in zip(cr.ports, cr.port_names):
            out.setdefault(_fold(n), m)
    out.pop("", None)
    return out


def load_board(name_or_path: str | os.PathLike = "europe") -> Board:
    """Load a board by name from ``data/boards/`` (``"europe"``; ``"north_america"``, Empire Builder (US)'s;
    ``"eastern_us"``, Empire Express's; ``"tutorial"``, a small board for lessons) or from a JSON path.

    Boards are immutable, so repeated loads of an unchanged file return the same object.
    """
    return load_cached(name_or_path, "boards", data_dir(), Board.from_file, _CACHE,
                       lambda name: ruleset_note(name, "board"))
