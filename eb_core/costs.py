"""Build cost of one track segment, explained (rulebook: Build Phase Rules).

The cost of a segment is the cost of the milepost built *to* (terrain, or the city class when it is a
city milepost) plus the most expensive water the segment crosses ("If a single track segment crosses two
or more bodies of water, you pay only the additional cost of the most expensive bridge"). Building into a
ferry port or a Chunnel end whose crossing the builder does not own yet costs the crossing's number
instead ("You pay the entire cost of the ferry ... to build into a port on either side"); a small or
medium city that is also a port pays only the ferry.

>>> import eb_core as eb
>>> b, r = eb.load_board("tutorial"), eb.ruleset("europe-standard")
>>> segs = path_cost(b, r, b.meta["examples"]["antwerp"]["path"])  # Example 1 (Antwerp): two segments
>>> [s.explain() for s in segs], sum(s.total for s in segs)
(['1M clear + 2M bridge (river Schelde)', '3M medium city Antwerpen'], 6)
"""
from __future__ import annotations

import numbers
from dataclasses import dataclass, field
from html import escape
from typing import Iterable

from .board import Board, Crossing
from .errors import InvalidAction
from .rules import Ruleset, ruleset_for_board
from .words import and_list, pretty_as_words, shown

__all__ = ["SegmentCost", "BuildPlan", "is_free", "priced_summary", "crossing_words", "segment_cost", "milepost_cost", "crossing_cost", "water_cost", "path_cost"]


@dataclass(frozen=True, slots=True)
class SegmentCost:
    """One segment's cost split into its parts (in millions).

    ``base`` is the milepost (terrain or city) part, ``water`` the bridge, ``crossing`` the ferry or
    Chunnel number that replaces both. ``base_label`` says what the milepost is ("clear", "mountain",
    "major city Paris"), ``water_label`` what was bridged ("river Rhein", "lake"), ``crossing_name`` which
    ferry or tunnel was bought.
    """

    a: int
    b: int
    base: int
    water: int
    crossing: int
    base_label: str
    water_label: str | None = None
    crossing_name: str | None = None

    @property
    def total(self) -> int:
        return self.base + self.water + self.crossing

    @property
    def kind(self) -> str:
        """One word for tables: terrain name, ``city``, or ``crossing`` (a ferry or the Chunnel)."""
        if self.crossing_name is not None:
            return "crossing"
        return "city" if " city" in self.base_label else self.base_label

    def explain(self) -> str:
        if self.crossing_name is not None:
            if not self.crossing:           # the other end of a ferry, or a crossing already yours
                kind = "" if "ferry" in self.crossing_name.lower() or self.crossing_name == "Chunnel" else " ferry"
                return f"across the {self.crossing_name}{kind} (paid with its port)"
            return f"{self.crossing}M {self.crossing_name}"
        parts = [f"{self.base}M {self.base_label}"]
        if self.water:
            several = self.water_label is not None and " and " in self.water_label   # bridges: "each"
            parts.append(f"{self.water}M bridge{'s' if several else ''} ({self.water_label})")
        return " + ".join(parts)


def milepost_cost(board: Board, rules: Ruleset, mp: int) -> tuple[int, str]:
    """Cost of building to milepost ``mp`` ignoring water and crossings, with its label."""
    city = board.city_at(mp)
    if city is not None:
        return rules.city_cost[city.size.value], f"{city.size.value} city {city.name}"
    t = board.mileposts[mp].terrain.value
    if t not in rules.terrain_cost:     # (Empire Express's rules on a board with alpine mileposts)
        raise InvalidAction(f"rules: {rules.title} prices no {t} mileposts, and board {board.name!r} has them: "
                            f"price this board with its own game's rules ({ruleset_for_board(board).name})",
                            field="rules")
    return rules.terrain_cost[t], t


def water_cost(board: Board, rules: Ruleset, a: int, b: int) -> tuple[int, str | None]:
    """The bridge money of segment ``a``-``b`` and what it crosses (0 and ``None`` if no water).

    Under the Europe rules a segment over two or more bodies of water pays only the most expensive bridge
    (rulebook: Bridges over Rivers, Lakes and Ocean Inlets); under ``rules.bridges == "each"`` (Empire
    Express > Build Track, "for each river that you cross") every river, lake and inlet it crosses is paid.
    """
    e = board.edge(a, b)
    if e is None:
        return 0, None
    waters = [(rules.water_cost["river"], "river " + r) for r in e.rivers]
    if e.lake:
        waters.append((rules.water_cost["lake"], "lake"))
    if e.inlet:
        waters.append((rules.water_cost["inlet"], "ocean inlet"))
    if not waters:
        return 0, None
    if rules.bridges == "each" and len(waters) > 1:
        return sum(w for w, _ in waters), " and ".join(label for _, label in waters)
    best, label = 0, None
    if e.rivers and rules.water_cost["river"] > best:
        best, label = rules.water_cost["river"], "river " + "/".join(e.rivers)
    if e.lake and rules.water_cost["lake"] > best:
        best, label = rules.water_cost["lake"], "lake"
    if e.inlet and rules.water_cost["inlet"] > best:
        best, label = rules.water_cost["inlet"], "ocean inlet"
    return best, label


def crossing_cost(rules: Ruleset, crossing: Crossing) -> int:
    """The number to pay for a ferry or the Chunnel under ``rules`` (Fast Game makes the Chunnel 4M)."""
    if crossing.is_tunnel and rules.tunnel_as_ferry_cost is not None:
        return rules.tunnel_as_ferry_cost
    return crossing.cost


def segment_cost(board: Board, rules: Ruleset, a: int, b: int, *,
                 owned_crossings: Iterable[str] = ()) -> SegmentCost | None:
    """Cost of building from ``a`` to neighbouring ``b``; ``None`` if no track may ever go there
    (not neighbours, an impassable line, or inside a red area).

    ``owned_crossings`` names the ferries/tunnels the builder already owns: building into their ports
    costs the port milepost as usual. A milepost that is no whole number raises
    :class:`~eb_core.errors.InvalidAction` naming ``a`` or ``b``.
    """
    if type(a) is not int or type(b) is not int:        # (the hot path: plain ints) numpy ints pass too
        a, b = _milepost_id(a, "a"), _milepost_id(b, "b")
    owned = set(owned_crossings)
    for cr in board.crossings_at(a):
        if cr.other_port(a) == b:  # riding across a ferry/tunnel: paid when its port was entered
            return SegmentCost(a, b, 0, 0, 0 if cr.name in owned else crossing_cost(rules, cr),
                               "across " + cr.name, None, cr.name)
    e = board.edge(a, b)
    if e is None or e.impassable or board.is_red_area(a, b):
        return None
    for cr in board.crossings_at(b):
        if cr.name not in owned:
            return SegmentCost(a, b, 0, 0, crossing_cost(rules, cr), "port " + cr.port_names[cr.ports.index(b)],
                               None, cr.name)
    base, label = milepost_cost(board, rules, b)
    w, wl = water_cost(board, rules, a, b)
    return SegmentCost(a, b, base, w, 0, label, wl, None)


def _milepost_id(m, fld: str) -> int:
    if isinstance(m, bool) or not isinstance(m, numbers.Integral):
        raise InvalidAction(f"{fld}: expected a milepost id (a whole number), got {shown(m)}", field=fld)
    return int(m)


def path_cost(board: Board, rules: Ruleset, path: Iterable[int], *, owned_crossings: Iterable[str] = ()
              ) -> list[SegmentCost]:
    """Segment costs along a path of neighbouring mileposts, buying crossings as they are entered. A step
    on which no track may be built raises :class:`~eb_core.errors.InvalidAction` on ``path``."""
    path = list(path)
    owned = set(owned_crossings)
    out = []
    for a, b in zip(path, path[1:]):
        seg = segment_cost(board, rules, a, b, owned_crossings=owned)
        if seg is None:
            raise InvalidAction(f"path: no track may be built between mileposts {a} and {b} (not neighbours, "
                                "a red area or a heavy black line: Build Phase Rules)", field="path")
        out.append(seg)
        if seg.crossing_name:
            owned.add(seg.crossing_name)
    return out


def is_free(s: SegmentCost) -> bool:
    """True for a step that costs nothing because the track is already there (own or public track)."""
    return s.total == 0 and (s.base_label == "own track" or s.base_label.startswith("public track"))


def crossing_words(board: Board | None, name: str) -> str:
    """A ferry or tunnel as a sentence names it: ``"the Portsmouth–Le Havre ferry"``, ``"the Chunnel"``
    (the kind left out when the name says it, or without ``board``)."""
    kind = ""
    if board is not None:
        try:
            kind = board.crossing(name).kind
        except KeyError:
            kind = ""
    return f"the {name} {kind}" if kind and kind.casefold() not in name.casefold() and name != "Chunnel" \
        else f"the {name}"


_TERRAIN_ORDER = ("clear", "mountain", "alpine")


def priced_summary(segments: Iterable[SegmentCost], board: Board | None = None, *, priced: bool = True) -> str:
    """What a build pays for, grouped in the order a player adds it up: the mileposts by terrain, the
    bridges by what they cross, then the cities and the ferries or tunnel (with ``board``, a ferry is called
    a ferry); free steps over track already there left out. ``priced`` puts each part's millions beside it
    (the parts then sum to the build's cost); without it only the bridges and crossings carry theirs.

    >>> import eb_core as eb
    >>> board = eb.load_board("tutorial")
    >>> segs = eb.cheapest_build(board, eb.ruleset(), "London", "Paris").segments
    >>> priced_summary(segs, board)
    '4 clear mileposts (4M), the major city Paris (5M) and the Portsmouth–Le Havre ferry (4M)'
    >>> priced_summary(segs, board, priced=False)
    '4 clear mileposts, the major city Paris and the Portsmouth–Le Havre ferry (4M)'
    """
    terrain: dict[str, list[int]] = {}
    bridges: dict[str, list[int]] = {}
    cities, crossings = [], []
    for sc in segments:
        if is_free(sc):
            continue
        if sc.crossing_name is not None:
            if sc.crossing:             # (the ferry's other end is bought with the first)
                crossings.append(f"{crossing_words(board, sc.crossing_name)} ({sc.crossing}M)")
            continue
        if " city " in f" {sc.base_label} ":
            cities.append(f"the {sc.base_label}" + (f" ({sc.base}M)" if priced else ""))
        else:
            terrain.setdefault(sc.base_label, []).append(sc.base)
        if sc.water:
            bridges.setdefault(sc.water_label or "water", []).append(sc.water)
    kinds = [k for k in _TERRAIN_ORDER if k in terrain] + [k for k in terrain if k not in _TERRAIN_ORDER]
    parts = [f"{len(terrain[k])} {k} milepost{'s' if len(terrain[k]) != 1 else ''}"
             + (f" ({sum(terrain[k])}M)" if priced else "") for k in kinds]
    parts += [(f"{'bridges' if ' and ' in what else 'a bridge'} over the {what.replace(' and ', ' and the ')}"
               if len(c) == 1 else f"{len(c)} bridges over the {what.replace(' and ', ' and the ')}")
              + f" ({sum(c)}M)" for what, c in bridges.items()]
    parts += cities + crossings
    return and_list(parts) or "nothing new (the track is already there)"


@dataclass(frozen=True, repr=False)
class BuildPlan:
    """The cheapest track to build along a route, segment by segment.

    ``cost`` is the total in millions; ``mileposts`` the path from the first milepost to the last (a
    ferry or tunnel appears as its two ports side by side, as in :func:`eb_core.costs.path_cost`);
    ``segments`` one :class:`~eb_core.costs.SegmentCost` per step, in order. Steps that cost nothing
    because the track is already there are kept and marked ``free`` (their ``base_label`` says
    ``"own track"`` or ``"public track in <city>"``); :attr:`paid_segments` leaves them out.
    """

    cost: int
    mileposts: tuple[int, ...]
    segments: tuple[SegmentCost, ...]
    board: Board = field(repr=False, compare=False)
    start: str = ""
    end: str = ""
    #: What a build made by the engine (:meth:`eb_core.engine.Game.plan_build`) adds: the new segments
    #: ``(a, b)``, the ferries/tunnels bought, the major/key cities built out of, one note per step.
    built: tuple[tuple[int, int], ...] = ()
    crossings: tuple[str, ...] = ()
    out_of: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    def __repr__(self) -> str:
        return (f"<BuildPlan {self.start or self.mileposts[0]} -> {self.end or self.mileposts[-1]}: {self.cost}M, "
                f"{len(self.segments)} segments, mileposts {list(self.mileposts)}>")

    @property
    def paid_segments(self) -> tuple[SegmentCost, ...]:
        """The segments to build (or crossings to ride) this plan pays for; free steps left out."""
        return tuple(s for s in self.segments if not is_free(s))

    @property
    def breakdown(self) -> dict[str, int]:
        """Cost split into ``terrain`` (clear/mountain/alpine mileposts), ``water`` (bridges), ``city``
        (city mileposts) and ``ferry`` (ferries and the Chunnel). The parts sum to :attr:`cost`."""
        out = {"terrain": 0, "water": 0, "city": 0, "ferry": 0}
        for s in self.segments:
            out["ferry"] += s.crossing
            out["water"] += s.water
            out["city" if " city " in f" {s.base_label} " else "terrain"] += s.base
        return out

    def explain(self, by: str = "segment") -> str:
        """Plain English with a running total: one line per segment (``by="segment"``, the default), or one
        per leg (``by="leg"``: the segments between the cities, ports and neighbourhoods the route passes,
        each leg's mileposts, bridges, cities and ferries added up as a player adds them, for a long route).

        >>> import eb_core as eb
        >>> plan = eb.cheapest_build(eb.load_board("europe"), eb.ruleset(), "London", "Paris")
        >>> print(plan.explain(by="leg"))
        Build London -> Paris: 11M over 5 segments, in 3 legs
           1. London -> Portsmouth: the Portsmouth–Le Havre ferry (4M) = 4M  (total 4M)
           2. Portsmouth -> Le Havre: across the Portsmouth–Le Havre ferry (paid with its port) = 0M  (total 4M)
           3. Le Havre -> Paris: 2 clear mileposts (2M) and the major city Paris (5M) = 7M  (total 11M)
          breakdown: terrain 2M, water 0M, city 5M, ferry 4M
        """
        if by not in ("segment", "leg"):
            raise InvalidAction(f"by: expected 'segment' or 'leg', got {shown(by)}", field="by")
        start = self.start or self.board.place(self.mileposts[0])
        end = self.end or self.board.place(self.mileposts[-1])
        n = len(self.segments)
        head = f"Build {start} -> {end}: {self.cost}M over {n} segment{'s' if n != 1 else ''}"
        lines = []
        running = 0
        if by == "leg":
            legs = self.legs()
            head += f", in {len(legs)} leg{'s' if len(legs) != 1 else ''}"
            for i, (frm, to, segs) in enumerate(legs, 1):
                cost = sum(s.total for s in segs)
                running += cost
                ferry_end = len(segs) == 1 and segs[0].crossing_name is not None and not segs[0].crossing
                what = segs[0].explain() if ferry_end else priced_summary(segs, self.board)
                lines.append(f"  {i:>2}. {frm} -> {to}: {what} = {cost}M  (total {running}M)")
        else:
            for i, s in enumerate(self.segments, 1):
                running += s.total
                what = "free (" + s.base_label + ")" if is_free(s) else s.explain()
                lines.append(f"  {i:>2}. {self.board.place(s.a)} -> {self.board.place(s.b)}: "
                             f"{what} = {s.total}M  (total {running}M)")
        b = self.breakdown
        lines.append("  breakdown: " + ", ".join(f"{k} {v}M" for k, v in b.items()))
        return "\n".join([head, *lines])

    def legs(self) -> list[tuple[str, str, tuple[SegmentCost, ...]]]:
        """The route cut into legs, as ``(from, to, segments)``: a leg ends at each city, ferry port or tunnel
        milepost the route reaches, and between them wherever the nearest city changes (``"near Toledo"``);
        a ferry crossing is a leg of its own. The legs' segments, in order, are :attr:`segments`."""
        board = self.board

        def name(mp: int) -> str:
            return board.landmark(mp) or f"near {board.near(mp)}"

        legs: list[list] = []               # [from, to, segments]
        for s in self.segments:
            to = name(s.b)
            last = legs[-1] if legs else None
            joins = last is not None and not s.crossing_name and not last[2][-1].crossing_name
            if joins and last[1] in (to, f"near {to}"):          # on through one neighbourhood, or into its city
                last[1] = to
                last[2].append(s)
            elif joins and last[1] == f"near {last[0]}":          # out of a city: its outskirts join the leg
                last[1] = to
                last[2].append(s)
            else:
                legs.append([last[1] if last else self.start or board.place(self.mileposts[0]), to, [s]])
        if legs and self.end:
            legs[-1][1] = self.end
        return [(f, t, tuple(segs)) for f, t, segs in legs]

    def __str__(self) -> str:
        return self.explain()

    _repr_pretty_ = pretty_as_words      # IPython's plain-text display: the words, not the fields

    def to_frame(self):
        """A pandas DataFrame with one row per segment (from, to, what, milepost, bridge, crossing,
        cost, running total)."""
        import pandas as pd

        rows, running = [], 0
        for s in self.segments:
            running += s.total
            rows.append({"from": self.board.place(s.a), "to": self.board.place(s.b),
                         "what": s.crossing_name or s.base_label, "milepost": s.base, "bridge": s.water,
                         "water": s.water_label or "", "crossing": s.crossing, "cost": s.total,
                         "running": running, "free": is_free(s)})
        cols = ["from", "to", "what", "milepost", "bridge", "water", "crossing", "cost", "running", "free"]
        df = pd.DataFrame(rows, columns=cols)
        df.index = pd.RangeIndex(1, len(df) + 1, name="segment")
        return df

    def to_figure(self, rules: Ruleset | None = None, **kw):
        """The board with this route drawn on it, every segment's cost labelled (lazy-imports
        :mod:`eb_core.display.figures`, so the rules core never imports plotly)."""
        from .display import figures

        return figures.add_route(figures.board_figure(self.board, rules, **kw), self.board, self)

    def _repr_html_(self) -> str:
        rows = []
        running = 0
        for i, s in enumerate(self.segments, 1):
            running += s.total
            what = "free: " + s.base_label if is_free(s) else s.explain()
            rows.append(f"<tr><td>{i}</td><td>{escape(self.board.place(s.a))}</td>"
                        f"<td>{escape(self.board.place(s.b))}</td><td>{escape(what)}</td>"
                        f"<td style='text-align:right'>{s.total}</td><td style='text-align:right'>{running}</td></tr>")
        b = ", ".join(f"{k} {v}M" for k, v in self.breakdown.items())
        return (f"<b>{escape(str(self.start))} &rarr; {escape(str(self.end))}: {self.cost}M</b> ({b})"
                "<table><thead><tr><th>#</th><th>from</th><th>to</th><th>what</th><th>M</th><th>total</th>"
                "</tr></thead><tbody>" + "".join(rows) + "</tbody></table>")
