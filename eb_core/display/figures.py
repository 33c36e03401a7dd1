"""Plotly figures of the board, track, trains, routes and areas -- one look and feel, no game logic.

Every figure uses the registered plotly template ``"eb"`` (colour-blind-safe Okabe-Ito player colours,
quiet axes, equal aspect so a lattice triangle stays a triangle at every zoom). The board is drawn in
lattice units (neighbouring mileposts are 1 apart) with:

* terrain as on the printed map: clear = small dot, mountain = triangle, alpine = triangle with a red
  outline; every milepost's hover text says what it costs to build into it under the chosen ruleset;
* water: named rivers in blue (name on hover), lakes filled, bridge ticks across every segment that
  crosses water (what you pay the bridge for);
* cities in red: major and key cities as a hexagonal red area, medium cities as squares, small cities as
  circles, with their names, class, loads and build-in cost on hover;
* ferries as dashed lines with their number, the Chunnel as a dotted line through its underground
  mileposts.

Traces are found again by a stable key kept in ``trace.meta`` (see :func:`find_trace`), so widgets can
update a figure in place. Every function returns a ``go.Figure`` (or the ``go.FigureWidget`` it was
given) and passes numpy arrays to plotly: one trace with ``NaN`` separators draws thousands of segments.

>>> import eb_core as eb
>>> from eb_core.display import figures
>>> board = eb.load_board("tutorial")
>>> fig = figures.board_figure(board, eb.ruleset("europe-standard"))
>>> fig.layout.template.layout.colorway[0] == figures.PLAYER_COLORS[0]
True
>>> figures.find_trace(fig, "cities:major").name
'major city (5M)'
"""
from __future__ import annotations

import math
from typing import Iterable, Sequence

import numpy as np
import plotly.graph_objects as go
import plotly.io as pio

from ..board import Board, CitySize, Terrain
from ..costs import crossing_cost
from ..rules import Ruleset, ruleset as _ruleset

__all__ = [
    "TEMPLATE", "PLAYER_COLORS", "COLORS", "player_color", "board_figure", "add_track", "add_route",
    "add_train", "add_area", "route_table", "route_xy", "find_trace", "trace_index", "milepost_hover",
    "city_hover", "set_area", "set_route", "zoom_to", "path_figure", "segment_table", "game_figure",
]

#: Okabe-Ito colours (colour-blind safe), in player order. Vermillion is left out because cities are red.
PLAYER_COLORS: tuple[str, ...] = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#F0E442", "#000000")

#: The board palette.
COLORS: dict[str, str] = {
    "sea": "#d6e7f2", "land": "#f4efe1", "paper": "#ffffff", "plain": "#f7f4ea",
    "clear": "#3a3a3a", "mountain": "#8c6d46", "alpine": "#ffffff", "alpine_line": "#c0392b",
    "city": "#c0392b", "city_area": "rgba(192,57,43,0.28)", "key_area": "rgba(192,57,43,0.16)",
    "river": "#2b7bb9", "lake": "#9cc7e4", "inlet": "#5aa0cf", "edge": "#c8c8c8",
    "ferry": "#1f3a5f", "tunnel": "#555555", "route": "#D55E00", "area": "#D55E00", "flag": "#e0b000",
    "text": "#222222",
}

TEMPLATE = "eb"

_FONT = "Inter, 'Segoe UI', Helvetica, Arial, sans-serif"


def _register_template() -> None:
    base = pio.templates["plotly_white"]
    t = go.layout.Template(base)
    t.layout.update(
        font=dict(family=_FONT, size=12, color=COLORS["text"]),
        colorway=list(PLAYER_COLORS),
        title=dict(x=0.01, xanchor="left", font=dict(size=16)),
        hoverlabel=dict(font=dict(family=_FONT, size=12), bgcolor="white", bordercolor="#888"),
        legend=dict(bgcolor="rgba(255,255,255,0.85)", bordercolor="#ccc", borderwidth=1, itemsizing="constant",
                    font=dict(size=11), groupclick="toggleitem"),
        margin=dict(l=10, r=10, t=45, b=10),
        hovermode="closest",
        xaxis=dict(showgrid=False, zeroline=False, showticklabels=False, title=None),
        yaxis=dict(showgrid=False, zeroline=False, showticklabels=False, title=None),
    )
    pio.templates[TEMPLATE] = t


_register_template()


def player_color(player: int) -> str:
    """The colour of player ``player`` (0-based), cycling through :data:`PLAYER_COLORS`.

    >>> player_color(0), player_color(1)
    ('#0072B2', '#E69F00')
    """
    return PLAYER_COLORS[int(player) % len(PLAYER_COLORS)]


# ---------------------------------------------------------------------------------------- helpers
def find_trace(fig: go.Figure, key: str):
    """The trace whose ``meta`` is ``key`` (``"route"``, ``"cities:major"``, ``"track:0"`` ...).

    Raises :class:`KeyError` listing the keys present when there is none.
    """
    return fig.data[trace_index(fig, key)]


def trace_index(fig: go.Figure, key: str) -> int:
    """Index in ``fig.data`` of the trace whose ``meta`` is ``key``."""
    for i, tr in enumerate(fig.data):
        if tr.meta == key:
            return i
    raise KeyError(f"no trace {key!r} in this figure; it has {[t.meta for t in fig.data]}")


def _xy(board: Board, mps: Iterable[int]) -> tuple[np.ndarray, np.ndarray]:
    idx = np.fromiter((int(m) for m in mps), dtype=np.int64)
    xy = board.xy
    if idx.size == 0:
        return np.empty(0), np.empty(0)
    return xy[idx, 0].copy(), xy[idx, 1].copy()


def _segments_xy(board: Board, pairs: Sequence[tuple[int, int]]) -> tuple[np.ndarray, np.ndarray]:
    """x, y arrays drawing each pair as a segment, ``NaN`` between segments (one trace, many lines)."""
    if len(pairs) == 0:
        return np.empty(0), np.empty(0)
    p = np.asarray(pairs, dtype=np.int64).reshape(-1, 2)
    xy = board.xy
    x = np.full((len(p), 3), np.nan)
    y = np.full((len(p), 3), np.nan)
    x[:, 0], x[:, 1] = xy[p[:, 0], 0], xy[p[:, 1], 0]
    y[:, 0], y[:, 1] = xy[p[:, 0], 1], xy[p[:, 1], 1]
    return x.ravel(), y.ravel()


def _polylines_xy(lines: Iterable[Sequence[Sequence[float]]]) -> tuple[np.ndarray, np.ndarray]:
    xs, ys = [], []
    for line in lines:
        a = np.asarray(line, dtype=float).reshape(-1, 2)
        if len(a) == 0:
            continue
        xs.append(a[:, 0])
        ys.append(a[:, 1])
        xs.append(np.array([np.nan]))
        ys.append(np.array([np.nan]))
    if not xs:
        return np.empty(0), np.empty(0)
    return np.concatenate(xs), np.concatenate(ys)


def _ticks_xy(board: Board, pairs: Sequence[tuple[int, int]], length: float = 0.7) -> tuple[np.ndarray, np.ndarray]:
    """Short strokes across the middle of each segment: the bridge a builder pays for."""
    if len(pairs) == 0:
        return np.empty(0), np.empty(0)
    p = np.asarray(pairs, dtype=np.int64).reshape(-1, 2)
    xy = board.xy
    a, b = xy[p[:, 0]], xy[p[:, 1]]
    mid = (a + b) / 2
    d = b - a
    n = np.stack([-d[:, 1], d[:, 0]], axis=1)
    n /= np.maximum(np.linalg.norm(n, axis=1, keepdims=True), 1e-9)
    h = n * (length / 2)
    x = np.full((len(p), 3), np.nan)
    y = np.full((len(p), 3), np.nan)
    x[:, 0], x[:, 1] = mid[:, 0] - h[:, 0], mid[:, 0] + h[:, 0]
    y[:, 0], y[:, 1] = mid[:, 1] - h[:, 1], mid[:, 1] + h[:, 1]
    return x.ravel(), y.ravel()


def _y_reversed(board: Board) -> bool:
    """True when the board's y grows southwards (checked against latitudes when the board has them)."""
    lat = np.array([m.lat if m.lat is not None else np.nan for m in board.mileposts], dtype=float)
    ok = ~np.isnan(lat)
    if ok.sum() < 3:
        return bool(board.meta.get("y_down", False))
    y = board.xy[ok, 1]
    if np.ptp(y) == 0 or np.ptp(lat[ok]) == 0:
        return False
    return float(np.corrcoef(y, lat[ok])[0, 1]) < 0


def _rules(rules: Ruleset | None) -> Ruleset:
    return rules if rules is not None else _ruleset("europe-standard")


def _fmt_loads(loads: Sequence[str]) -> str:
    return ", ".join(loads) if loads else "no loads"


# ------------------------------------------------------------------------------------ hover texts
def milepost_hover(board: Board, rules: Ruleset, mp: int) -> str:
    """The teaching hover text of a milepost: what it is and what building into it costs.

    >>> import eb_core as eb
    >>> b = eb.load_board("tutorial")
    >>> "build into it: 5M" in milepost_hover(b, eb.ruleset("europe-standard"), b.city("Paris").center)
    True
    """
    m = board.mileposts[mp]
    city = board.city_at(mp)
    if city is not None:
        return city_hover(board, rules, city.name) + f"<br><i>milepost {mp}</i>"
    lines = []
    if m.underground:
        tun = [c for c in board.tunnels if mp in c.mileposts]
        name = tun[0].name if tun else "tunnel"
        lines.append(f"<b>{name}</b>: underground milepost {mp}")
        lines.append("counts one movement point; never hit by weather events")
        return "<br>".join(lines)
    t = m.terrain.value
    lines.append(f"<b>{t} milepost</b> {mp}" + (f" ({m.country})" if m.country else ""))
    crossings = board.crossings_at(mp)
    if crossings:
        for cr in crossings:
            port = cr.port_names[cr.ports.index(mp)]
            lines.append(f"port {port} of {cr.name}: building into it buys the {cr.kind} for "
                         f"{crossing_cost(rules, cr)}M")
    else:
        lines.append(f"build into it: {rules.terrain_cost[t]}M ({rules.name})")
    return "<br>".join(lines)


def city_hover(board: Board, rules: Ruleset, name: str) -> str:
    """Hover/inspector text of a city: class, loads, build-in cost and who may enter."""
    c = board.city(name)
    size = c.size.value
    lines = [f"<b>{c.name}</b> — {size} city" + (f" ({c.country})" if c.country else "")]
    lines.append(f"loads: {_fmt_loads(c.loads)}")
    cost = rules.city_cost[size]
    ports = [cr for mp in c.mileposts for cr in board.crossings_at(mp)]
    if ports:
        lines.append("port: " + "; ".join(f"{cr.name} ({crossing_cost(rules, cr)}M buys the city and the "
                                           f"{cr.kind})" for cr in ports))
    lines.append(f"build into it: {cost}M")
    if c.size.has_red_area:
        lines.append(f"red area: public track; at most {rules.builds_out_of_major_per_turn} segments out of "
                     "major/key cities per turn")
    else:
        lines.append(f"at most {rules.city_max_players.get(size, '?')} players, "
                     f"{rules.city_max_tracks_per_player} tracks each")
    return "<br>".join(lines)


# --------------------------------------------------------------------------------------- the board
def board_figure(board: Board, rules: Ruleset | None = None, *, show_edges: bool = False,
                 highlight: Iterable[int | str] | None = None, title: str | None = None,
                 widget: bool = False, height: int | None = None) -> go.Figure:
    """The board as a plotly figure (a ``go.FigureWidget`` with ``widget=True``).

    ``rules`` sets the costs quoted in hover texts and the legend (default: the standard game).
    ``show_edges`` draws every buildable segment in light grey. ``highlight`` (milepost ids or city names)
    is drawn as an area, like :func:`add_area`.

    >>> import eb_core as eb
    >>> fig = board_figure(eb.load_board("tutorial"), show_edges=True, title="Tutorial")
    >>> fig.layout.yaxis.scaleanchor
    'x'
    """
    rules = _rules(rules)
    xy = board.xy
    drawing = board.drawing or {}
    traces: list[go.Scatter] = []

    # --- land and lakes (shapes in lattice units, optional)
    land = drawing.get("land") or []
    if land:
        x, y = _polylines_xy(land)
        traces.append(go.Scatter(x=x, y=y, mode="lines", fill="toself", fillcolor=COLORS["land"],
                                 line=dict(color="#b9ad8f", width=0.8), hoverinfo="skip", showlegend=False,
                                 meta="land", name="land"))
    lakes = drawing.get("lakes") or []
    if lakes:
        x, y = _polylines_xy(lakes)
        traces.append(go.Scatter(x=x, y=y, mode="lines", fill="toself", fillcolor=COLORS["lake"],
                                 line=dict(color=COLORS["river"], width=0.6), hoverinfo="skip",
                                 name="lake", meta="lakes", showlegend=False))

    # --- rivers: drawn lines with names on hover; else derived from the edges that cross them
    river_edges: dict[str, list[tuple[int, int]]] = {}
    lake_edges: list[tuple[int, int]] = []
    inlet_edges: list[tuple[int, int]] = []
    for e in board.edges:
        for r in e.rivers:
            river_edges.setdefault(r, []).append(e.key)
        if e.lake:
            lake_edges.append(e.key)
        if e.inlet:
            inlet_edges.append(e.key)
    drawn_rivers = drawing.get("rivers") or {}
    rx, ry, rt = [], [], []
    for name in sorted(set(drawn_rivers) | set(river_edges)):
        if name in drawn_rivers:
            x, y = _polylines_xy(drawn_rivers[name])
        else:
            x, y = _ticks_xy(board, river_edges[name], 0.9)
        rx.append(x)
        ry.append(y)
        rt.append(np.full(len(x), f"river {name}: +{rules.water_cost['river']}M bridge", dtype=object))
    if rx:
        traces.append(go.Scatter(x=np.concatenate(rx), y=np.concatenate(ry), mode="lines",
                                 line=dict(color=COLORS["river"], width=2), hoverinfo="text",
                                 hovertext=np.concatenate(rt), name=f"river (+{rules.water_cost['river']}M)",
                                 meta="rivers", legendgroup="water", legendgrouptitle_text="water"))
    if lakes:  # the lake polygons are the legend entry; bridge ticks only where no polygon is drawn
        next(t for t in traces if t.meta == "lakes").update(showlegend=True, name=f"lake (+{rules.water_cost['lake']}M)", legendgroup="water",
                          legendgrouptitle_text="water")
        lake_edges = []
    if lake_edges or inlet_edges:
        x1, y1 = _ticks_xy(board, lake_edges, 0.7)
        x2, y2 = _ticks_xy(board, inlet_edges, 0.7)
        kinds = (["lake"] if lake_edges else []) + (["ocean inlet"] if inlet_edges else [])
        lw = max(rules.water_cost["lake"] if lake_edges else 0, rules.water_cost["inlet"] if inlet_edges else 0)
        txt = np.concatenate([np.full(len(x1), f"lake: +{rules.water_cost['lake']}M bridge", dtype=object),
                              np.full(len(x2), f"ocean inlet: +{rules.water_cost['inlet']}M bridge", dtype=object)])
        traces.append(go.Scatter(x=np.concatenate([x1, x2]), y=np.concatenate([y1, y2]), mode="lines",
                                 line=dict(color=COLORS["inlet"], width=2.5), hoverinfo="text", hovertext=txt,
                                 name=f"{' / '.join(kinds)} (+{lw}M)", meta="lake_inlet", legendgroup="water",
                                 legendgrouptitle_text="water"))

    # --- buildable segments
    if show_edges:
        pairs = [e.key for e in board.edges if not e.impassable]
        x, y = _segments_xy(board, pairs)
        traces.append(go.Scatter(x=x, y=y, mode="lines", line=dict(color=COLORS["edge"], width=0.7),
                                 hoverinfo="skip", name="possible track", meta="edges"))
    blocked = [e.key for e in board.edges if e.impassable]
    if blocked:
        x, y = _segments_xy(board, blocked)
        traces.append(go.Scatter(x=x, y=y, mode="lines", line=dict(color="black", width=4), hoverinfo="skip",
                                 name="impassable line", meta="impassable"))

    # --- ferries and tunnels
    if board.ferries:
        fx, fy = _segments_xy(board, [cr.ports for cr in board.ferries])
        traces.append(go.Scatter(x=fx, y=fy, mode="lines", line=dict(color=COLORS["ferry"], width=2, dash="dash"),
                                 hoverinfo="skip", name="ferry (its number)", meta="ferries", legendgroup="crossings",
                                 legendgrouptitle_text="crossings"))
        mid = np.array([(xy[a] + xy[b]) / 2 for a, b in (cr.ports for cr in board.ferries)]).reshape(-1, 2)
        traces.append(go.Scatter(
            x=mid[:, 0], y=mid[:, 1], mode="markers+text",
            text=np.array([str(cr.cost) for cr in board.ferries], dtype=object),
            textfont=dict(color="white", size=10), marker=dict(symbol="circle", size=16, color=COLORS["ferry"]),
            hoverinfo="text", hovertext=np.array(
                [f"<b>{cr.name}</b> ferry, {cr.port_names[0]}–{cr.port_names[1]}<br>building into either port "
                 f"costs {cr.cost}M and buys the whole ferry<br>at most {rules.ferry_max_players} players; "
                 "stage on a port, cross next turn at half speed" for cr in board.ferries], dtype=object),
            name="ferry cost", meta="ferry_costs", showlegend=False, legendgroup="crossings"))
    if board.tunnels:
        tx, ty, tt = [], [], []
        for cr in board.tunnels:
            path = (cr.ports[0], *cr.mileposts, cr.ports[1])
            x, y = _xy(board, path)
            tx += [x, [np.nan]]
            ty += [y, [np.nan]]
            tt.append(np.full(len(x) + 1, f"<b>{cr.name}</b> {cr.port_names[0]}–{cr.port_names[1]}: "
                                          f"{crossing_cost(rules, cr)}M, one player only; "
                                          f"{len(cr.mileposts)} underground mileposts", dtype=object))
        traces.append(go.Scatter(x=np.concatenate(tx), y=np.concatenate(ty), mode="lines+markers",
                                 line=dict(color=COLORS["tunnel"], width=3, dash="dot"),
                                 marker=dict(symbol="circle-open", size=6, color=COLORS["tunnel"]),
                                 hoverinfo="text", hovertext=np.concatenate(tt),
                                 name=f"Chunnel ({crossing_cost(rules, board.tunnels[0])}M)", meta="tunnels",
                                 legendgroup="crossings"))

    # --- ports that are not cities: named, with what building into them buys
    ports = [m.id for m in board.mileposts if m.city is None and board.is_port(m.id)]
    if ports:
        x, y = _xy(board, ports)
        names = []
        for mp in ports:
            cr = board.crossings_at(mp)[0]
            names.append(board.mileposts[mp].port or cr.port_names[cr.ports.index(mp)])
        traces.append(go.Scatter(
            x=x, y=y, mode="markers+text", marker=dict(symbol="diamond", size=9, color=COLORS["ferry"],
                                                       line=dict(color="white", width=1)),
            text=np.array(names, dtype=object), textposition="bottom center",
            textfont=dict(size=10, color=COLORS["ferry"]), customdata=np.asarray(ports, dtype=np.int64),
            hovertext=np.array([milepost_hover(board, rules, mp) for mp in ports], dtype=object), hoverinfo="text",
            name="port", meta="ports", legendgroup="crossings"))

    # --- mileposts by terrain (city mileposts, ports and underground ones are drawn elsewhere)
    plain = [m for m in board.mileposts if m.city is None and not m.underground and not board.is_port(m.id)]
    style = {
        Terrain.CLEAR: dict(symbol="circle", size=4, color=COLORS["clear"]),
        Terrain.MOUNTAIN: dict(symbol="triangle-up", size=8, color=COLORS["mountain"]),
        Terrain.ALPINE: dict(symbol="triangle-up", size=10, color=COLORS["alpine"],
                             line=dict(color=COLORS["alpine_line"], width=2)),
    }
    label = {Terrain.CLEAR: "clear", Terrain.MOUNTAIN: "mountain", Terrain.ALPINE: "alpine"}
    for t in Terrain:
        ms = [m.id for m in plain if m.terrain is t]
        x, y = _xy(board, ms)
        traces.append(go.Scatter(
            x=x, y=y, mode="markers", marker=style[t],
            customdata=np.asarray(ms, dtype=np.int64),
            hovertext=np.array([milepost_hover(board, rules, m) for m in ms], dtype=object), hoverinfo="text",
            name=f"{label[t]} ({rules.terrain_cost[t.value]}M)" if t.value in rules.terrain_cost else label[t],
            meta=f"terrain:{t.value}",
            legendgroup="terrain", legendgrouptitle_text="mileposts", visible=True if ms else "legendonly"))

    # --- cities: red areas, markers, names
    hexes = [c for c in board.cities if c.size.has_red_area]
    if hexes:
        hx, hy = [], []
        for c in hexes:
            cx, cy = xy[c.center]
            ring = [m for m in c.mileposts if m != c.center]
            ang = sorted(math.atan2(xy[m, 1] - cy, xy[m, 0] - cx) for m in ring)
            r = 1.45
            px = [cx + r * math.cos(a) for a in ang]
            py = [cy + r * math.sin(a) for a in ang]
            hx += px + [px[0], np.nan]
            hy += py + [py[0], np.nan]
        traces.append(go.Scatter(x=np.array(hx, dtype=float), y=np.array(hy, dtype=float), mode="lines",
                                 fill="toself", fillcolor=COLORS["city_area"],
                                 line=dict(color=COLORS["city"], width=1), hoverinfo="skip",
                                 name="red area (public track)", meta="city_areas", legendgroup="cities"))
        inner = [m for c in hexes for m in c.mileposts if m != c.center]
        x, y = _xy(board, inner)
        traces.append(go.Scatter(x=x, y=y, mode="markers",
                                 marker=dict(symbol="circle", size=5, color="white",
                                             line=dict(color=COLORS["city"], width=1.5)),
                                 customdata=np.asarray(inner, dtype=np.int64),
                                 hovertext=np.array([milepost_hover(board, rules, m) for m in inner], dtype=object),
                                 hoverinfo="text", name="red-area milepost", meta="city_mileposts",
                                 showlegend=False, legendgroup="cities"))
    city_style = {
        CitySize.MAJOR: dict(symbol="hexagon", size=15, color=COLORS["city"], line=dict(color="white", width=1)),
        CitySize.KEY: dict(symbol="hexagon-open", size=14, color=COLORS["city"], line=dict(width=3)),
        CitySize.MEDIUM: dict(symbol="square", size=11, color=COLORS["city"], line=dict(color="white", width=1)),
        CitySize.SMALL: dict(symbol="circle", size=10, color=COLORS["city"], line=dict(color="white", width=1)),
    }
    for s in CitySize:
        cs = [c for c in board.cities if c.size is s]
        x, y = _xy(board, [c.center for c in cs])
        traces.append(go.Scatter(
            x=x, y=y, mode="markers+text", marker=city_style[s],
            text=np.array([c.name for c in cs], dtype=object), textposition="top center",
            textfont=dict(size=12 if s.has_red_area else 10, color="#7a1f14"),
            customdata=np.array([c.name for c in cs], dtype=object),
            hovertext=np.array([city_hover(board, rules, c.name) for c in cs], dtype=object), hoverinfo="text",
            name=f"{s.value} city ({rules.city_cost[s.value]}M)", meta=f"cities:{s.value}",
            legendgroup="cities", legendgrouptitle_text="cities", visible=True if cs else "legendonly"))

    flags = drawing.get("flags") or []
    if flags:
        traces.append(go.Scatter(
            x=np.array([f["x"] for f in flags], dtype=float), y=np.array([f["y"] for f in flags], dtype=float),
            mode="markers", marker=dict(symbol="triangle-right", size=12, color=COLORS["flag"],
                                        line=dict(color="black", width=1)),
            hovertext=np.array([f"sea boundary flag: {f.get('name', '')}" for f in flags], dtype=object),
            hoverinfo="text", name="sea boundary flag", meta="flags"))

    fig = go.Figure(data=traces)
    has_land = bool(land)
    fig.update_layout(
        template=TEMPLATE, title=title if title is not None else board.title,
        plot_bgcolor=COLORS["sea"] if has_land else COLORS["plain"],
        yaxis=dict(scaleanchor="x", scaleratio=1,
                   autorange="reversed" if _y_reversed(board) else True),
        height=height or _auto_height(board), dragmode="pan",
        legend=dict(x=1.01, xanchor="left", y=1.0, yanchor="top"),
        meta={"board": board.name, "ruleset": rules.name},
    )
    if highlight is not None:
        mps = [m for h in highlight for m in board.resolve(h)]
        add_area(fig, board, mps, "highlight")
    return go.FigureWidget(fig) if widget else fig


def _auto_height(board: Board) -> int:
    xy = board.xy
    if len(xy) == 0:
        return 500
    w = max(np.ptp(xy[:, 0]), 1.0)
    h = max(np.ptp(xy[:, 1]), 1.0)
    return int(min(900, max(420, 900 * h / w)))


# -------------------------------------------------------------------------------- overlays
def add_track(fig: go.Figure, board: Board, track, *, players: Sequence[str] | None = None) -> go.Figure:
    """Draw every player's track in their colour (one trace per player, ``meta`` ``"track:<i>"``),
    with owned ferries/tunnels dashed in the owner's colour. ``players`` gives names for the legend."""
    owners = sorted(set(track.segments.values()) | {p for ps in track.crossings.values() for p in ps})
    for p in owners:
        pairs = track.segments_of(p)
        x, y = _segments_xy(board, pairs)
        cx, cy = [], []
        for name in sorted(track.owned_crossings(p)):
            cr = board.crossing(name)
            path = (cr.ports[0], *cr.mileposts, cr.ports[1])
            px, py = _xy(board, path)
            cx += [px, [np.nan]]
            cy += [py, [np.nan]]
        who = players[p] if players is not None and p < len(players) else f"player {p}"
        color = player_color(p)
        fig.add_trace(go.Scatter(x=x, y=y, mode="lines", line=dict(color=color, width=4), hoverinfo="skip",
                                 name=f"{who}'s track ({len(pairs)} segments)", meta=f"track:{p}",
                                 legendgroup=f"player{p}"))
        if cx:
            fig.add_trace(go.Scatter(x=np.concatenate(cx), y=np.concatenate(cy), mode="lines",
                                     line=dict(color=color, width=4, dash="dash"), hoverinfo="skip",
                                     name=f"{who}'s ferries", meta=f"track_crossings:{p}", showlegend=False,
                                     legendgroup=f"player{p}"))
    return fig


def route_xy(board: Board, plan) -> dict[str, np.ndarray]:
    """Arrays for drawing a build plan: the path (``x``, ``y``) and one label per segment
    (``lx``, ``ly``, ``text`` = the segment's cost, ``hover`` = its explanation)."""
    segs = list(getattr(plan, "segments", ()) or ())
    mps = list(getattr(plan, "mileposts", ()) or ())
    x, y = _xy(board, mps)
    if segs:
        a = np.array([s.a for s in segs], dtype=np.int64)
        b = np.array([s.b for s in segs], dtype=np.int64)
        xy = board.xy
        mid = (xy[a] + xy[b]) / 2
        text = np.array([str(s.total) for s in segs], dtype=object)
        running = np.cumsum([s.total for s in segs])
        hover = np.array([f"{s.explain()}<br>running total {t}M" for s, t in zip(segs, running)], dtype=object)
        return dict(x=x, y=y, lx=mid[:, 0], ly=mid[:, 1], text=text, hover=hover)
    return dict(x=x, y=y, lx=np.empty(0), ly=np.empty(0), text=np.empty(0, dtype=object),
                hover=np.empty(0, dtype=object))


def add_route(fig: go.Figure, board: Board, plan, *, name: str | None = None, color: str | None = None) -> go.Figure:
    """Draw a build plan (``.mileposts``, ``.segments``, ``.cost``) with every segment's cost labelled.

    Adds two traces: the path (``meta`` ``"route"``) and the labels (``"route_labels"``); a second call
    adds another pair (``"route:1"``, ...). Widgets update them with :func:`set_route`.
    """
    n = sum(1 for t in fig.data if isinstance(t.meta, str) and t.meta.startswith("route") and
            not t.meta.startswith("route_labels"))
    key = "route" if n == 0 else f"route:{n}"
    color = color or COLORS["route"]
    cost = getattr(plan, "cost", None)
    fig.add_trace(go.Scatter(x=np.empty(0), y=np.empty(0), mode="lines+markers",
                             line=dict(color=color, width=5), marker=dict(size=5, color=color),
                             opacity=0.85, hoverinfo="skip", meta=key,
                             name=name or (f"cheapest build: {cost}M" if cost is not None else "route")))
    fig.add_trace(go.Scatter(x=np.empty(0), y=np.empty(0), mode="markers+text",
                             marker=dict(size=15, color="white", line=dict(color=color, width=1.5)),
                             textfont=dict(size=10, color="black"), hoverinfo="text", showlegend=False,
                             meta=key.replace("route", "route_labels"), name="segment costs"))
    set_route(fig, board, plan, key=key, name=name)
    return fig


def set_route(fig: go.Figure, board: Board, plan, *, key: str = "route", name: str | None = None) -> None:
    """Replace the drawn route in place (fast path for widgets); ``plan=None`` clears it."""
    i = trace_index(fig, key)
    j = trace_index(fig, key.replace("route", "route_labels"))
    d = route_xy(board, plan) if plan is not None else route_xy(board, None)
    with fig.batch_update():
        fig.data[i].x, fig.data[i].y = d["x"], d["y"]
        fig.data[j].x, fig.data[j].y = d["lx"], d["ly"]
        fig.data[j].text, fig.data[j].hovertext = d["text"], d["hover"]
        if name is not None:
            fig.data[i].name = name


def add_train(fig: go.Figure, board: Board, milepost: int | str, player: int = 0, *,
              label: str | None = None) -> go.Figure:
    """Draw a player's train (a large diamond in the player's colour) on a milepost or city centre."""
    mp = board.city(milepost).center if isinstance(milepost, str) else int(milepost)
    x, y = _xy(board, [mp])
    who = label or f"player {player}"
    fig.add_trace(go.Scatter(x=x, y=y, mode="markers", marker=dict(symbol="diamond", size=18,
                                                                    color=player_color(player),
                                                                    line=dict(color="black", width=2)),
                             hovertext=np.array([f"{who}'s train at milepost {mp}"], dtype=object),
                             hoverinfo="text", name=f"{who}'s train", meta=f"train:{player}",
                             legendgroup=f"player{player}"))
    return fig


def add_area(fig: go.Figure, board: Board, mileposts: Iterable[int | str], name: str, *,
             color: str | None = None) -> go.Figure:
    """Highlight a set of mileposts (event areas, load sources ...); city names stand for all their
    mileposts. The trace's ``meta`` is ``"area:<name>"``; update it with :func:`set_area`."""
    color = color or COLORS["area"]
    fig.add_trace(go.Scatter(x=np.empty(0), y=np.empty(0), mode="markers",
                             marker=dict(symbol="circle", size=16, color=color, opacity=0.35,
                                         line=dict(color=color, width=2)),
                             hoverinfo="skip", name=name, meta=f"area:{name}"))
    set_area(fig, board, mileposts, name)
    return fig


def set_area(fig: go.Figure, board: Board, mileposts: Iterable[int | str], name: str) -> None:
    """Replace the mileposts of the area trace ``name`` in place."""
    mps = [m for w in mileposts for m in (board.resolve(w) if isinstance(w, str) else (int(w),))]
    x, y = _xy(board, mps)
    tr = find_trace(fig, f"area:{name}")
    with fig.batch_update():
        tr.x, tr.y = x, y
        tr.customdata = np.asarray(mps, dtype=np.int64)


def zoom_to(fig: go.Figure, board: Board, mileposts: Iterable[int | str], margin: float = 3.0) -> go.Figure:
    """Zoom the figure onto a set of mileposts (city names stand for their mileposts), keeping equal
    aspect; ``margin`` is in mileposts."""
    mps = [m for w in mileposts for m in (board.resolve(w) if isinstance(w, str) else (int(w),))]
    if not mps:
        return fig
    x, y = _xy(board, mps)
    x0, x1, y0, y1 = x.min() - margin, x.max() + margin, y.min() - margin, y.max() + margin
    yr = [y1, y0] if fig.layout.yaxis.autorange == "reversed" else [y0, y1]
    height = int(min(650, max(400, 650 * (y1 - y0) / max(x1 - x0, 1))))
    fig.update_layout(xaxis=dict(range=[x0, x1], autorange=False), yaxis=dict(range=yr, autorange=False),
                      height=height)
    return fig


def path_figure(board: Board, rules: Ruleset | None, path: Sequence[int], *, title: str | None = None,
                owned_crossings: Iterable[str] = (), track=None, players: Sequence[str] | None = None,
                margin: float = 3.0, widget: bool = False) -> go.Figure:
    """A board figure zoomed onto a hand-drawn path of mileposts, the path priced segment by segment
    (:func:`eb_core.costs.path_cost`) with each segment's cost labelled; ``track`` is drawn first.

    >>> import eb_core as eb
    >>> b, r = eb.load_board("tutorial"), eb.ruleset("europe-standard")
    >>> f = path_figure(b, r, b.meta["examples"]["antwerp"]["path"])
    >>> [int(t) for t in find_trace(f, "route_labels").text]
    [3, 3]
    """
    from types import SimpleNamespace

    from ..costs import path_cost

    rules = _rules(rules)
    segs = path_cost(board, rules, path, owned_crossings=owned_crossings)
    cost = sum(s.total for s in segs)
    plan = SimpleNamespace(segments=segs, mileposts=tuple(path), cost=cost)
    fig = board_figure(board, rules, show_edges=True, title=title or f"{cost}M")
    if track is not None:
        add_track(fig, board, track, players=players)
    add_route(fig, board, plan, name=f"this build: {cost}M")
    zoom_to(fig, board, path, margin)
    return go.FigureWidget(fig) if widget else fig


def game_figure(game, *, title: str | None = None, zoom: Iterable[int | str] | None = None,
                margin: float = 3.0, widget: bool = False) -> go.Figure:
    """A game position: the board, every player's track in their colour and every placed train (hover:
    the player's cash, train and loads). ``zoom`` (mileposts or city names) zooms onto them.

    >>> import eb_core as eb
    >>> g = eb.Game.new(eb.ruleset("europe-standard"), board="tutorial", players=["Ann", "Ben"], seed=7)
    >>> g.apply(eb.Build(path=g.board.meta["examples"]["london_birmingham"]["path"]))
    >>> find_trace(game_figure(g), f"track:{g.current_player}").name.endswith("track (3 segments)")
    True
    """
    st = game.state
    names = [p.name for p in st.players]
    fig = board_figure(game.board, game.rules,
                       title=title if title is not None else f"Round {st.round}: {names[st.current]} to play")
    add_track(fig, game.board, st.track, players=names)
    for seat, p in enumerate(st.players):
        if p.position is not None:
            add_train(fig, game.board, p.position, seat, label=p.name)
            tr = find_trace(fig, f"train:{seat}")
            tr.hovertext = np.array([f"<b>{p.name}</b>: {p.train} train, {p.cash}M<br>"
                                     f"loads: {', '.join(p.loads) or 'none'}"
                                     + ("<br>staged on a ferry port" if p.staged else "")], dtype=object)
    if zoom is not None:
        zoom_to(fig, game.board, zoom, margin)
    return go.FigureWidget(fig) if widget else fig


# ------------------------------------------------------------------------------------- tables
def route_table(plan, board: Board | None = None):
    """A pandas DataFrame with one row per segment of a build plan: from, to, what is built into, the
    milepost cost, the bridge, the ferry/tunnel, the segment total and the running total.

    A last row ``total`` sums the columns, so the table always agrees with ``plan.cost``.
    """
    import pandas as pd

    board = board if board is not None else getattr(plan, "board", None)
    rows = []
    running = 0
    for i, s in enumerate(getattr(plan, "segments", ()) or (), 1):
        running += s.total
        rows.append({
            "step": i,
            "from": board.label(s.a) if board is not None else s.a,
            "to": board.label(s.b) if board is not None else s.b,
            "built into": s.crossing_name if s.crossing_name else s.base_label,
            "milepost": s.base, "bridge": s.water, "ferry/tunnel": s.crossing,
            "water": s.water_label or "", "cost": s.total, "running": running,
        })
    cols = ["step", "from", "to", "built into", "milepost", "bridge", "ferry/tunnel", "water", "cost", "running"]
    df = pd.DataFrame(rows, columns=cols)
    if rows:
        tot = {c: "" for c in cols}
        tot.update({"step": "total", "milepost": int(df["milepost"].sum()), "bridge": int(df["bridge"].sum()),
                    "ferry/tunnel": int(df["ferry/tunnel"].sum()), "cost": int(df["cost"].sum()),
                    "running": running})
        df = pd.concat([df, pd.DataFrame([tot], columns=cols)], ignore_index=True)
    return df.set_index("step")


def segment_table(board: Board, rules: Ruleset, path: Sequence[int], *, owned_crossings: Iterable[str] = ()):
    """The same table for a hand-drawn path of mileposts (uses :func:`eb_core.costs.path_cost`)."""
    from types import SimpleNamespace

    from ..costs import path_cost

    segs = path_cost(board, rules, path, owned_crossings=owned_crossings)
    return route_table(SimpleNamespace(segments=segs, mileposts=tuple(path), cost=sum(s.total for s in segs)),
                       board)


def style_table(df, *, low: str = "#fff7ec", high: str = "#b30000", fmt: str = "{:.0f}", na: str = "—"):
    """A pandas Styler that shades a numeric table from ``low`` to ``high`` (a text heat map beside
    every figure; needs no matplotlib). Missing values (no route) stay unshaded and show ``na``.

    >>> import pandas as pd
    >>> html = style_table(pd.DataFrame({"a": [1, 5], "b": [3, None]})).to_html()
    >>> "background-color: #b30000" in html and "—" in html
    True
    """
    vals = df.astype(float)
    lo, hi = np.nanmin(vals.values), np.nanmax(vals.values)
    span = (hi - lo) or 1.0
    c0 = np.array([int(low[i:i + 2], 16) for i in (1, 3, 5)], float)
    c1 = np.array([int(high[i:i + 2], 16) for i in (1, 3, 5)], float)

    def shade(v):
        if v is None or not np.isfinite(v):
            return ""
        t = (v - lo) / span
        r, g, b = (c0 + (c1 - c0) * t).round().astype(int)
        ink = "#ffffff" if t > 0.55 else "#222222"
        return f"background-color: #{r:02x}{g:02x}{b:02x}; color: {ink}"

    return vals.style.map(shade).format(fmt, na_rep=na)
