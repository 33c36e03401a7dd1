"""The board: mileposts on a triangular lattice, cities, water crossings, ferries and tunnels.

A board is plain, immutable data loaded from a JSON file with ``"schema": "eb-board/1"`` (documented
in ``data/README.md``). Loading validates every field and raises :class:`~eb_core.errors.BoardFileError`
naming the file and the field on the first problem found.

>>> import eb_core as eb
>>> board = eb.load_board("tutorial")
>>> board.city("London").size == "major"
True
>>> len(board.city("London").mileposts)
7

Coordinates ``x``, ``y`` are in lattice units: neighbouring mileposts are 1 apart.
This module knows nothing about costs; those live in :mod:`eb_core.rules` and :mod:`eb_core.costs`.
"""
from __future__ import annotations

import math
import os
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from typing import Any, Mapping

import numpy as np

from .errors import BoardFileError
from .files import data_dir, load_cached, read_json_file

__all__ = [
    "Terrain", "CitySize", "Water", "Milepost", "City", "Edge", "Crossing", "Ferry", "Tunnel", "Board",
    "load_board", "data_dir", "BOARD_SCHEMA",
]

BOARD_SCHEMA = "eb-board/1"


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
    crossings. ``impassable`` marks a heavy black line (Empire Express) no track may cross.
    """

    a: int
    b: int
    rivers: tuple[str, ...] = ()
    lake: bool = False
    inlet: bool = False
    impassable: bool = False

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


class Board:
    """An immutable board. Build with :func:`load_board` or :meth:`Board.from_dict`.

    Attributes: ``name``, ``title``, ``mileposts`` (indexed by id), ``edges``, ``cities``, ``loads``
    (chip count per load), ``ferries``, ``tunnels``, ``seas`` (sea name -> per-milepost distance to that
    sea's coast, in mileposts), ``drawing`` (outline polygons and river lines for figures).
    """

    def __init__(self, *, name: str, title: str, mileposts: tuple[Milepost, ...], edges: tuple[Edge, ...],
                 cities: tuple[City, ...], loads: Mapping[str, int], ferries: tuple[Crossing, ...] = (),
                 tunnels: tuple[Crossing, ...] = (), seas: Mapping[str, np.ndarray] | None = None,
                 drawing: Mapping[str, Any] | None = None, notes: str = "", spacing_km: float | None = None,
                 game: str = "europe", meta: Mapping[str, Any] | None = None, source: str = "<memory>"):
        self.name = name
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
                f"{len(self.ferries)} ferries, {len(self.tunnels)} tunnels>")

    def milepost(self, mp: int) -> Milepost:
        """The milepost with id ``mp``; :class:`KeyError` if there is none."""
        if not isinstance(mp, (int, np.integer)) or not 0 <= mp < len(self.mileposts):
            raise KeyError(f"no milepost {mp!r} on board {self.name!r}")
        return self.mileposts[int(mp)]

    def city(self, name: str) -> City:
        """A city by name or alias, ignoring case and accents (``"Zurich"`` finds ``"Zürich"``)."""
        try:
            return self._city_by_name[_fold(name)]
        except KeyError:
            raise KeyError(f"no city {name!r} on board {self.name!r}") from None

    def has_city(self, name: str) -> bool:
        return _fold(name) in self._city_by_name

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
            raise KeyError(f"no ferry or tunnel {name!r} on board {self.name!r}") from None

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
            for k in ("lake", "inlet", "impassable"):
                if getattr(e, k):
                    d[k] = True
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
        if self.seas:
            out["seas"] = {k: [int(v) for v in arr] for k, arr in self.seas.items()}
        if self.drawing:
            out["drawing"] = self.drawing
        if self.meta:
            out["meta"] = self.meta
        return out

    def _repr_html_(self) -> str:  # pragma: no cover - display hook
        sizes = {s.value: len(self.cities_of_size(s)) for s in CitySize}
        return (f"<b>{self.title}</b> ({self.name}): {len(self.mileposts)} mileposts, "
                f"{sum(sizes.values())} cities {sizes}, {len(self.loads)} loads / {sum(self.loads.values())} chips, "
                f"{len(self.ferries)} ferries, {len(self.tunnels)} tunnels")

    def to_figure(self, **kw):
        """A plotly figure of the board (lazy-imports :mod:`eb_core.display.figures`)."""
        from .display import figures

        return figures.board_figure(self, **kw)


def _fold(name: str) -> str:
    import unicodedata

    s = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().casefold()
    return "".join(ch for ch in s if ch.isalnum())


# ---------------------------------------------------------------------------------- validation
class _V:
    """Small validator that names the file and the field in every error."""

    def __init__(self, source: str):
        self.source = source

    def fail(self, fld: str, problem: str) -> None:
        raise BoardFileError(self.source, fld, problem)

    def get(self, obj: Mapping[str, Any], key: str, fld: str, typ, *, required=True, default=None):
        if not isinstance(obj, Mapping):
            self.fail(fld, f"expected an object, got {type(obj).__name__}")
        if key not in obj:
            if required:
                self.fail(f"{fld}.{key}" if fld else key, "is missing")
            return default
        val = obj[key]
        name = f"{fld}.{key}" if fld else key
        if typ is float:
            if isinstance(val, bool) or not isinstance(val, (int, float)) or not math.isfinite(val):
                self.fail(name, f"expected a number, got {val!r}")
            return float(val)
        if typ is int:
            if isinstance(val, bool) or not isinstance(val, int):
                self.fail(name, f"expected a whole number, got {val!r}")
            return val
        if typ is bool:
            if not isinstance(val, bool):
                self.fail(name, f"expected true or false, got {val!r}")
            return val
        if not isinstance(val, typ):
            want = typ.__name__ if isinstance(typ, type) else "/".join(t.__name__ for t in typ)
            self.fail(name, f"expected {want}, got {type(val).__name__}")
        return val

    def enum(self, cls, val, fld):
        try:
            return cls(val)
        except ValueError:
            self.fail(fld, f"{val!r} is not one of {[m.value for m in cls]}")


def _parse_board(data: Mapping[str, Any], source: str) -> Board:
    v = _V(source)
    if not isinstance(data, Mapping):
        v.fail("<root>", "expected a JSON object")
    schema = data.get("schema")
    if schema != BOARD_SCHEMA:
        v.fail("schema", f"expected {BOARD_SCHEMA!r}, got {schema!r}")
    name = v.get(data, "name", "", str)
    title = v.get(data, "title", "", str, required=False, default=name)
    raw_mps = v.get(data, "mileposts", "", list)
    if not raw_mps:
        v.fail("mileposts", "a board needs at least one milepost")
    mps_raw: list[dict[str, Any]] = []
    for i, m in enumerate(raw_mps):
        f = f"mileposts[{i}]"
        mid = v.get(m, "id", f, int)
        if mid != i:
            v.fail(f"{f}.id", f"ids must be 0..n-1 in order; expected {i}, got {mid}")
        terrain = v.enum(Terrain, v.get(m, "terrain", f, str, required=False, default="clear"), f"{f}.terrain")
        mps_raw.append(dict(id=mid, x=v.get(m, "x", f, float), y=v.get(m, "y", f, float), terrain=terrain,
                            lat=v.get(m, "lat", f, float, required=False), lon=v.get(m, "lon", f, float, required=False),
                            country=v.get(m, "country", f, str, required=False),
                            underground=v.get(m, "underground", f, bool, required=False, default=False),
                            port=v.get(m, "port", f, str, required=False)))
    n = len(mps_raw)

    def mp_id(val, fld):
        if isinstance(val, bool) or not isinstance(val, int) or not 0 <= val < n:
            v.fail(fld, f"{val!r} is not a milepost id (0..{n - 1})")
        return val

    edges: list[Edge] = []
    seen: set[tuple[int, int]] = set()
    for i, e in enumerate(v.get(data, "edges", "", list)):
        f = f"edges[{i}]"
        a = mp_id(v.get(e, "a", f, int), f"{f}.a")
        b = mp_id(v.get(e, "b", f, int), f"{f}.b")
        if a == b:
            v.fail(f, f"an edge joins two different mileposts, got {a}-{b}")
        a, b = min(a, b), max(a, b)
        if (a, b) in seen:
            v.fail(f, f"duplicate edge {a}-{b}")
        seen.add((a, b))
        d = math.hypot(mps_raw[a]["x"] - mps_raw[b]["x"], mps_raw[a]["y"] - mps_raw[b]["y"])
        if not 0.8 <= d <= 1.2:
            v.fail(f, f"mileposts {a} and {b} are {d:.2f} lattice units apart; neighbours must be 1 apart")
        if mps_raw[a]["underground"] or mps_raw[b]["underground"]:
            v.fail(f, "underground (tunnel) mileposts take no ordinary edges")
        rivers = v.get(e, "rivers", f, list, required=False, default=[])
        for j, r in enumerate(rivers):
            if not isinstance(r, str) or not r:
                v.fail(f"{f}.rivers[{j}]", f"expected a river name, got {r!r}")
        edges.append(Edge(a, b, tuple(rivers), v.get(e, "lake", f, bool, required=False, default=False),
                          v.get(e, "inlet", f, bool, required=False, default=False),
                          v.get(e, "impassable", f, bool, required=False, default=False)))

    loads_raw = v.get(data, "loads", "", Mapping)
    loads: dict[str, int] = {}
    for k, cnt in loads_raw.items():
        if isinstance(cnt, bool) or not isinstance(cnt, int) or cnt < 1:
            v.fail(f"loads.{k}", f"expected a positive chip count, got {cnt!r}")
        loads[k] = cnt

    cities: list[City] = []
    owner: dict[int, str] = {}
    names: set[str] = set()
    for i, c in enumerate(v.get(data, "cities", "", list)):
        f = f"cities[{i}]"
        cname = v.get(c, "name", f, str)
        if _fold(cname) in names:
            v.fail(f"{f}.name", f"city {cname!r} appears twice")
        size = v.enum(CitySize, v.get(c, "size", f, str), f"{f}.size")
        center = mp_id(v.get(c, "center", f, int), f"{f}.center")
        cm = [mp_id(x, f"{f}.mileposts[{j}]") for j, x in enumerate(v.get(c, "mileposts", f, list, required=False,
                                                                            default=[center]))]
        if not cm or cm[0] != center:
            v.fail(f"{f}.mileposts", "must start with the centre milepost")
        want = 7 if size.has_red_area else 1
        if len(cm) != want or len(set(cm)) != want:
            v.fail(f"{f}.mileposts", f"a {size.value} city has {want} distinct mileposts, got {cm}")
        if size.has_red_area:
            for j, x in enumerate(cm[1:], 1):
                if (min(center, x), max(center, x)) not in seen:
                    v.fail(f"{f}.mileposts[{j}]", f"milepost {x} is not a neighbour of the centre {center}")
        for x in cm:
            if x in owner:
                v.fail(f"{f}.mileposts", f"milepost {x} already belongs to {owner[x]!r}")
            owner[x] = cname
        cloads = v.get(c, "loads", f, list, required=False, default=[])
        for j, ld in enumerate(cloads):
            if ld not in loads:
                v.fail(f"{f}.loads[{j}]", f"load {ld!r} is not listed in 'loads'")
        aliases = v.get(c, "aliases", f, list, required=False, default=[])
        names.add(_fold(cname))
        for al in aliases:
            if not isinstance(al, str):
                v.fail(f"{f}.aliases", f"expected names, got {al!r}")
            names.add(_fold(al))
        cities.append(City(cname, size, center, tuple(cm), tuple(cloads), tuple(aliases),
                           v.get(c, "country", f, str, required=False)))

    def crossings(key: str, kind: str) -> tuple[Crossing, ...]:
        out = []
        for i, c in enumerate(v.get(data, key, "", list, required=False, default=[])):
            f = f"{key}[{i}]"
            ports = v.get(c, "ports", f, list)
            if len(ports) != 2:
                v.fail(f"{f}.ports", "a crossing has exactly two ports")
            ports = tuple(mp_id(p, f"{f}.ports[{j}]") for j, p in enumerate(ports))
            pn = v.get(c, "port_names", f, list, required=False, default=[str(p) for p in ports])
            if len(pn) != 2 or not all(isinstance(x, str) for x in pn):
                v.fail(f"{f}.port_names", "expected two port names")
            cost = v.get(c, "cost", f, int)
            if cost < 0:
                v.fail(f"{f}.cost", "a cost cannot be negative")
            inner: tuple[int, ...] = ()
            if kind == "tunnel":
                inner = tuple(mp_id(x, f"{f}.mileposts[{j}]") for j, x in enumerate(v.get(c, "mileposts", f, list)))
                for j, x in enumerate(inner):
                    if not mps_raw[x]["underground"]:
                        v.fail(f"{f}.mileposts[{j}]", f"tunnel milepost {x} must be marked underground")
            for j, p in enumerate(ports):
                if mps_raw[p]["underground"]:
                    v.fail(f"{f}.ports[{j}]", "a port cannot be underground")
            out.append(Crossing(v.get(c, "name", f, str), ports, tuple(pn), cost, inner, kind))
        return tuple(out)

    ferries = crossings("ferries", "ferry")
    tunnels = crossings("tunnels", "tunnel")

    seas: dict[str, np.ndarray] = {}
    for sname, arr in v.get(data, "seas", "", Mapping, required=False, default={}).items():
        if not isinstance(arr, list) or len(arr) != n:
            v.fail(f"seas.{sname}", f"expected a list of {n} distances (one per milepost)")
        try:
            seas[sname] = np.asarray(arr, dtype=np.int32)
        except (TypeError, ValueError):
            v.fail(f"seas.{sname}", "distances must be whole numbers")

    mileposts = tuple(Milepost(city=owner.get(m["id"]), **m) for m in mps_raw)
    return Board(name=name, title=title, mileposts=mileposts, edges=tuple(edges), cities=tuple(cities),
                 loads=loads, ferries=ferries, tunnels=tunnels, seas=seas,
                 drawing=v.get(data, "drawing", "", Mapping, required=False, default={}),
                 notes=v.get(data, "notes", "", str, required=False, default=""),
                 spacing_km=v.get(data, "spacing_km", "", float, required=False),
                 game=v.get(data, "game", "", str, required=False, default="europe"),
                 meta=v.get(data, "meta", "", Mapping, required=False, default={}), source=source)


_CACHE: dict[str, tuple[float, Board]] = {}


def load_board(name_or_path: str | os.PathLike = "europe") -> Board:
    """Load a board by name (``"europe"``, ``"tutorial"``) from ``data/boards/`` or from a JSON path.

    Boards are immutable, so repeated loads of an unchanged file return the same object.
    """
    return load_cached(name_or_path, "boards", data_dir(), Board.from_file, _CACHE)
