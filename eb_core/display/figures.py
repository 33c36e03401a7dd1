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

import importlib.util
import logging
import math
import numbers
import os
import shutil
from pathlib import Path
from collections.abc import Mapping
from typing import Any, Iterable, Sequence

import numpy as np
import plotly.graph_objects as go
import plotly.io as pio

from ..board import Board, CitySize, Terrain
from ..costs import crossing_cost
from ..errors import InvalidAction
from ..narrate import place
from ..rules import Ruleset, ruleset_for_board
from ..track import city_player_cap
from ..words import shown
from .tables import path_plan

__all__ = [
    "TEMPLATE", "PLAYER_COLORS", "COLORS", "NOMINAL_WIDTH", "player_color", "board_figure", "add_track",
    "add_route", "add_train", "add_area", "add_rings", "set_rings", "add_selection", "set_selection", "route_xy", "find_trace",
    "trace_index", "milepost_hover", "city_hover", "set_area", "set_route", "zoom_to", "unzoom", "path_figure",
    "game_figure", "add_majors", "label_layout", "port_labels", "ferry_marks", "place_labels", "label_beside", "follow_zoom", "export", "EXPORT_DIR", "find_browser",
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


#: Players named after a crayon colour (Empire Express's demo: Orange, Red, Blue, Green) are drawn in it.
NAMED_COLORS: dict[str, str] = {"orange": "#E69F00", "red": "#D62728", "blue": "#0072B2", "green": "#009E73",
                                "black": "#000000", "yellow": "#F0E442"}


def player_color(player: int, name: str | None = None) -> str:
    """The colour of player ``player`` (0-based), cycling through :data:`PLAYER_COLORS`; a player whose
    ``name`` is a crayon colour (:data:`NAMED_COLORS`) is drawn in that colour.

    >>> player_color(0), player_color(1), player_color(0, "Green")
    ('#0072B2', '#E69F00', '#009E73')
    """
    if name is not None and str(name).strip().lower() in NAMED_COLORS:
        return NAMED_COLORS[str(name).strip().lower()]
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


def _rules(rules: Ruleset | None, board: Board | str) -> Ruleset:
    """``rules``, or when none is given the ruleset of the game ``board`` belongs to
    (:func:`~eb_core.rules.ruleset_for_board`: ``us`` on ``north_america``, ``express`` on ``eastern_us``).

    >>> import eb_core as eb
    >>> _rules(None, eb.load_board("eastern_us")).name, _rules(eb.ruleset("us"), "eastern_us").name
    ('express', 'us')
    """
    return rules if rules is not None else ruleset_for_board(board)


def _possessive(who: str) -> str:
    """ "Ann's", "your" (a player called "you", as the lessons call the reader), "James'"."""
    if who.strip().lower() == "you":
        return "your"
    return f"{who}'" if who.endswith("s") else f"{who}'s"


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
    ident = f"<i>id {mp}, for positions and text commands</i>"
    if city is not None:
        return city_hover(board, rules, city.name) + "<br>" + ident
    lines = []
    if m.underground:
        tun = [c for c in board.tunnels if mp in c.mileposts]
        name = tun[0].name if tun else "tunnel"
        lines.append(f"<b>{name}</b>: an underground milepost")
        lines.append("counts one movement point; never hit by weather events")
        return "<br>".join(lines + [ident])
    t = m.terrain.value
    lines.append(f"<b>{t} milepost</b>" + (f" ({m.country})" if m.country else "") + f" near {board.near(mp)}")
    crossings = board.crossings_at(mp)
    if crossings:
        for cr in crossings:
            port = cr.port_names[cr.ports.index(mp)]
            lines.append(f"port {port} of {cr.name}: building into it buys the {cr.kind} for "
                         f"{crossing_cost(rules, cr)}M")
    elif t in rules.terrain_cost:
        lines.append(f"build into it: {rules.terrain_cost[t]}M ({rules.title})")
    else:       # a terrain the game does not have (alpine under Empire Express)
        lines.append(f"build into it: not priced in {rules.title}")
    return "<br>".join(lines + [ident])


def city_hover(board: Board, rules: Ruleset, name: str) -> str:
    """Hover/inspector text of a city: class, loads, build-in cost and who may enter."""
    c = board.city(name)
    size = c.size.value
    lines = [f"<b>{c.name}</b> — {size} city" + (f" ({c.country})" if c.country else "")]
    lines.append(f"loads: {_fmt_loads(c.loads)}")
    cost = rules.city_cost[size]
    ports = [cr for mp in c.mileposts for cr in board.crossings_at(mp)]
    if ports:       # two prices: into the city by land, or over the ferry from the other port (which buys it)
        lines.append(f"build into it by land: {cost}M; " + "; ".join(
            f"from {cr.port_names[1 - cr.ports.index(next(m for m in c.mileposts if m in cr.ports))]} over the "
            f"{cr.name} {cr.kind}: {crossing_cost(rules, cr)}M, which buys the {cr.kind}" for cr in ports))
    else:
        lines.append(f"build into it: {cost}M")
    if c.size.has_red_area:
        if rules.build_from_majors and rules.builds_out_of_major_per_turn:
            lines.append(f"red area: public track; at most {rules.builds_out_of_major_per_turn} segments out of "
                         "major/key cities per turn")
        else:       # Empire Express: only off your own track, no track inside, no limit on building out
            lines.append("red area: no track inside it; once your track reaches one corner you may build out "
                         "of any other, and every player may pass through")
    elif rules.city_max_players.get(size) is None:       # Empire Express: no limit on players
        lines.append(f"any number of players may connect, {rules.city_max_tracks_per_player} tracks each")
    else:       # (a small city that is a ferry port stays open to the ferry's players under Honeymoon)
        cap = city_player_cap(board, rules, c)
        lines.append(f"at most {cap} player{'s' if cap != 1 else ''}, "
                     f"{rules.city_max_tracks_per_player} tracks each")
    return "<br>".join(lines)


# --------------------------------------------------------------------------------------- the board
def board_figure(board: Board, rules: Ruleset | None = None, *, show_edges: bool = False,
                 highlight: Iterable[int | str] | None = None, title: str | None = None,
                 widget: bool = False, height: int | None = None) -> go.Figure:
    """The board as a plotly figure (a ``go.FigureWidget`` with ``widget=True``).

    ``rules`` sets the costs quoted in hover texts and the legend (default: the rules of the board's own
    game, :func:`~eb_core.rules.ruleset_for_board`: the US rules on ``north_america``, Empire Express on
    ``eastern_us``, the Europe standard game on any other board).
    ``show_edges`` draws every buildable segment in light grey. ``highlight`` (milepost ids or city names)
    is drawn as an area, like :func:`add_area`.

    The layers, bottom to top, each drawn by its own function: land and lakes (:func:`_land_traces`),
    rivers and bridge ticks (:func:`_water_traces`), segments (:func:`_segment_traces`), ferries and tunnels
    (:func:`_crossing_traces`), ports (:func:`_port_traces`), mileposts by terrain
    (:func:`_milepost_traces`), cities and their red areas (:func:`_city_traces`), the sea boundary flags
    and the city names (placed by :func:`place_labels`).

    >>> import eb_core as eb
    >>> fig = board_figure(eb.load_board("tutorial"), show_edges=True, title="Tutorial")
    >>> fig.layout.yaxis.scaleanchor
    'x'
    >>> board_figure(eb.load_board("eastern_us")).layout.meta["ruleset"]
    'express'
    """
    if not isinstance(board, Board):
        raise InvalidAction(f"board: expected a Board (eb.load_board(...)), got {shown(board)}", field="board")
    rules = _rules(rules, board)
    drawing = board.drawing or {}
    traces = (_land_traces(drawing, rules) + _water_traces(board, rules, drawing)
              + _segment_traces(board, show_edges) + _crossing_traces(board, rules) + _port_traces(board, rules)
              + _milepost_traces(board, rules) + _city_traces(board, rules) + _flag_traces(drawing))
    traces.append(go.Scatter(x=np.empty(0), y=np.empty(0), mode="text", hoverinfo="skip", showlegend=False,
                             textfont=dict(color="#7a1f14", family=_FONT, shadow=HALO), cliponaxis=False,
                             name="city names", meta="city_labels"))
    fig = go.Figure(data=traces)
    fig.update_layout(
        template=TEMPLATE, title=title if title is not None else board.title,
        plot_bgcolor=COLORS["sea"] if drawing.get("land") else COLORS["plain"],
        yaxis=dict(scaleanchor="x", scaleratio=1,
                   autorange="reversed" if _y_reversed(board) else True),
        height=height or _auto_height(board), autosize=True, dragmode="pan",
        legend=dict(orientation="h", x=0, xanchor="left", y=-0.01, yanchor="top", font=dict(size=10),
                    itemwidth=30, traceorder="normal", entrywidth=0),
        margin=dict(l=4, r=4, t=40, b=4),
        meta={"board": board.name, "ruleset": rules.name},
    )
    if highlight is not None:
        mps = [m for h in highlight for m in board.resolve(h)]
        add_area(fig, board, mps, "highlight")
    place_labels(fig, board)
    return go.FigureWidget(fig) if widget else fig


def _land_traces(drawing: dict, rules: Ruleset) -> list[go.Scatter]:
    """The land and lake shapes the board's drawing carries (lattice units; none on a plain board)."""
    traces = []
    land = drawing.get("land") or []
    if land:
        x, y = _polylines_xy(land)
        traces.append(go.Scatter(x=x, y=y, mode="lines", fill="toself", fillcolor=COLORS["land"],
                                 line=dict(color="#b9ad8f", width=0.8), hoverinfo="skip", showlegend=False,
                                 meta="land", name="land"))
    lakes = drawing.get("lakes") or []
    if lakes:       # the polygons are the legend's lake entry: no bridge ticks for lakes then (_water_traces)
        x, y = _polylines_xy(lakes)
        traces.append(go.Scatter(x=x, y=y, mode="lines", fill="toself", fillcolor=COLORS["lake"],
                                 line=dict(color=COLORS["river"], width=0.6), hoverinfo="skip",
                                 name=f"lake (+{rules.water_cost['lake']}M)", meta="lakes", legendgroup="water"))
    return traces


def _water_traces(board: Board, rules: Ruleset, drawing: dict) -> list[go.Scatter]:
    """Rivers (drawn lines, named on hover; else ticks on the segments that cross them) and the lake and
    ocean inlet bridge ticks, each priced in the legend."""
    traces = []
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
                                 meta="rivers", legendgroup="water"))
    if drawing.get("lakes"):   # the lake polygons carry the legend entry; bridge ticks only where none is drawn
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
                                 name=f"{' / '.join(kinds)} (+{lw}M)", meta="lake_inlet", legendgroup="water"))
    return traces


def _segment_traces(board: Board, show_edges: bool) -> list[go.Scatter]:
    """Every buildable segment in light grey (``show_edges``) and the impassable lines in black."""
    traces = []
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
    return traces


def _crossing_traces(board: Board, rules: Ruleset) -> list[go.Scatter]:
    """Ferries (dashed, their cost in a disc at the middle) and tunnels (the Chunnel: dotted, its
    underground mileposts marked)."""
    xy = board.xy
    traces = []
    if board.ferries:
        fx, fy = _segments_xy(board, [cr.ports for cr in board.ferries])
        traces.append(go.Scatter(x=fx, y=fy, mode="lines", line=dict(color=COLORS["ferry"], width=2, dash="dash"),
                                 hoverinfo="skip", name="ferry (its number)", meta="ferries", legendgroup="crossings"))
        mid = np.array([(xy[a] + xy[b]) / 2 for a, b in (cr.ports for cr in board.ferries)]).reshape(-1, 2)
        traces.append(go.Scatter(
            x=mid[:, 0], y=mid[:, 1], mode="markers+text",
            text=np.array([str(cr.cost) for cr in board.ferries], dtype=object),
            textfont=dict(color="white", size=10), marker=dict(symbol="circle", size=16, color=COLORS["ferry"]),
            hoverinfo="text", hovertext=np.array(
                [f"<b>{cr.name}</b> ferry<br>building into either port "
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
    return traces


def _port_traces(board: Board, rules: Ruleset) -> list[go.Scatter]:
    """The ports that are not cities: named, with what building into them buys."""
    ports = [m.id for m in board.mileposts if m.city is None and board.is_port(m.id)]
    if not ports:
        return []
    x, y = _xy(board, ports)
    names = []
    for mp in ports:
        cr = board.crossings_at(mp)[0]
        names.append(board.mileposts[mp].port or cr.port_names[cr.ports.index(mp)])
    return [go.Scatter(
        x=x, y=y, mode="markers", marker=dict(symbol="diamond", size=9, color=COLORS["ferry"],
                                              line=dict(color="white", width=1)),
        text=np.array(names, dtype=object), textposition="bottom center",
        textfont=dict(size=10, color=COLORS["ferry"]), customdata=np.asarray(ports, dtype=np.int64),
        hovertext=np.array([milepost_hover(board, rules, mp) for mp in ports], dtype=object), hoverinfo="text",
        name="port", meta="ports", legendgroup="crossings")]


def _milepost_traces(board: Board, rules: Ruleset) -> list[go.Scatter]:
    """The mileposts by terrain, priced in the legend (city mileposts, ports and underground ones are drawn
    elsewhere)."""
    traces = []
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
            legendgroup="terrain", legendgrouptitle_text="mileposts", visible=True if ms else "legendonly",
            showlegend=bool(ms)))       # (a terrain the board has none of -- alpine in America -- stays off the legend)
    return traces


def _city_traces(board: Board, rules: Ruleset) -> list[go.Scatter]:
    """The red areas of major and key cities (with their public mileposts) and every city's marker by size,
    its name kept in ``text`` for :func:`place_labels`."""
    xy = board.xy
    traces = []
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
            x=x, y=y, mode="markers", marker=city_style[s],
            text=np.array([c.name for c in cs], dtype=object), textposition="top center",
            textfont=dict(size=12 if s.has_red_area else 10, color="#7a1f14"),
            customdata=np.array([c.name for c in cs], dtype=object),
            hovertext=np.array([city_hover(board, rules, c.name) for c in cs], dtype=object), hoverinfo="text",
            name=f"{s.value} city ({rules.city_cost[s.value]}M)", meta=f"cities:{s.value}",
            legendgroup="cities", visible=True if cs else "legendonly",
            showlegend=bool(cs)))       # (no key cities in America: none in the legend)
    return traces


def _flag_traces(drawing: dict) -> list[go.Scatter]:
    """The sea boundary flags of the gales (rulebook: Event Card Effects), when the drawing has them."""
    flags = drawing.get("flags") or []
    if not flags:
        return []
    return [go.Scatter(
        x=np.array([f["x"] for f in flags], dtype=float), y=np.array([f["y"] for f in flags], dtype=float),
        mode="markers", marker=dict(symbol="triangle-right", size=12, color=COLORS["flag"],
                                    line=dict(color="black", width=1)),
        hovertext=np.array([f"sea boundary flag: {f.get('name', '')}" for f in flags], dtype=object),
        hoverinfo="text", name="sea boundary flag", meta="flags")]


#: The width a figure is laid out for before the browser tells its real width: a JupyterLab or Voila
#: cell at 1440 px. The figure itself is responsive (``autosize``); this only sets its height and how
#: many names fit.
NOMINAL_WIDTH = 1000
_LEGEND_PX = 50          # the horizontal legend strip below the map (two rows)
#: a white glow around printed text (plotly ``textfont.shadow``): names stay legible over track and rivers
HALO = "0px 0px 2px white, 0px 0px 3px white"


def _auto_height(board: Board) -> int:
    """A height that lets the board fill a cell :data:`NOMINAL_WIDTH` wide at equal aspect, within
    what a 900 px screen shows at once."""
    xy = board.xy
    if len(xy) == 0:
        return 500
    w = max(np.ptp(xy[:, 0]), 1.0) + 2
    h = max(np.ptp(xy[:, 1]), 1.0) + 2
    return int(min(820, max(380, (NOMINAL_WIDTH - 8) * h / w + 44 + _LEGEND_PX)))


# ------------------------------------------------------------------------------------------ labels
_LABEL_FONT = {CitySize.MAJOR: 13, CitySize.KEY: 12, CitySize.MEDIUM: 11, CitySize.SMALL: 10}
_MARKER_PX = {CitySize.MAJOR: 15, CitySize.KEY: 14, CitySize.MEDIUM: 11, CitySize.SMALL: 10}
#: candidate places of a name around its marker, best first: (plotly textposition, dx, dy) in screen
#: directions (dy = +1 is up on the screen)
_SPOTS = (("top center", 0, 1), ("middle right", 1, 0), ("middle left", -1, 0), ("bottom center", 0, -1),
          ("top right", 1, 1), ("top left", -1, 1), ("bottom right", 1, -1), ("bottom left", -1, -1))


def legend_px(fig, width: float) -> int:
    """The height in pixels of the horizontal legend strip below the map, ``width`` pixels wide: plotly
    wraps its entries (the legend's title among them) in columns as wide as the longest, about 20 pixels
    a row (notebook 06's Run Two Trains stepper: 22 entries in 4 rows on Voila's 1,410-pixel map)."""
    names = [str(t.name) for t in fig.data if t.showlegend is not False and t.name and t.visible is not False]
    title = fig.layout.legend.title.text if fig.layout.legend.title is not None else None
    if title:
        names.append(str(title))
    if not names:
        return 0
    col = 40 + 6.2 * max(len(n) for n in names)
    per_row = max(1, int(max(width, col) // col))
    return int(14 + 20 * math.ceil(len(names) / per_row))


def _view(fig, board: Board) -> tuple[float, float, float, float, float, float]:
    """``(x0, x1, y0, y1, px_w, px_h)``: the data window shown and the plot area in pixels."""
    xy = board.xy
    lay = fig.layout
    xr = lay.xaxis.range if lay.xaxis.range is not None else None
    yr = lay.yaxis.range if lay.yaxis.range is not None else None
    if xr is None or yr is None:
        pad = 1.0
        x0, x1 = float(xy[:, 0].min()) - pad, float(xy[:, 0].max()) + pad
        y0, y1 = float(xy[:, 1].min()) - pad, float(xy[:, 1].max()) + pad
    else:
        x0, x1 = sorted(map(float, xr))
        y0, y1 = sorted(map(float, yr))
    m = lay.margin
    width = (lay.width or NOMINAL_WIDTH) - (m.l or 0) - (m.r or 0)
    legend = legend_px(fig, width) if lay.showlegend is not False else 0
    height = (lay.height or 450) - (m.t or 0) - (m.b or 0) - legend
    width, height = float(max(width, 50)), float(max(height, 50))
    # at equal scale plotly widens the axis with room to spare about its centre: a tall window zoomed to
    # on a wide plot shows more of the board east and west than its range says
    scale = min(width / max(x1 - x0, 1e-9), height / max(y1 - y0, 1e-9))
    cx, cy, hw, hh = (x0 + x1) / 2, (y0 + y1) / 2, width / scale / 2, height / scale / 2
    return cx - hw, cx + hw, cy - hh, cy + hh, width, height


def _overlap(b, others: np.ndarray) -> float:
    """Pixels² the box ``b`` ``(left, bottom, right, top)`` shares with the boxes ``others`` (n x 4)."""
    if len(others) == 0:
        return 0.0
    w = np.minimum(b[2], others[:, 2]) - np.maximum(b[0], others[:, 0])
    h = np.minimum(b[3], others[:, 3]) - np.maximum(b[1], others[:, 1])
    return float(np.sum(np.clip(w, 0, None) * np.clip(h, 0, None)))


def label_layout(board: Board, *, window: tuple[float, float, float, float], px: tuple[float, float],
                 y_reversed: bool | None = None, extra: Sequence[tuple[str, int]] = (),
                 obstacles: Sequence[tuple[float, float, float]] = ()) -> list[dict]:
    """Choose which city names to print and where, greedily, in the figure's pixel scale.

    ``window`` is the data range shown ``(x0, x1, y0, y1)`` and ``px`` the plot area in pixels; at
    equal aspect one lattice unit is ``min(px_w / (x1 - x0), px_h / (y1 - y0))`` pixels. Names are taken
    by priority -- major, key, medium, small cities, then ``extra`` ``(name, milepost)`` pairs (ports) --
    and each is tried at eight spots around its marker; the first spot that overlaps no marker and no
    name already placed wins (``obstacles`` are more markers a name must not cover: ``(x, y, size_px)``,
    e.g. the ferries' cost circles). Major and key cities are always named (at their least crowded spot);
    the others only when they fit, so zooming in names more of them. Every name stays on hover.

    Returns dicts ``{"name", "x", "y", "position", "size", "box", "overlap"}`` (``position`` is a plotly
    ``textposition``, ``box`` the name's estimated screen rectangle ``(left, bottom, right, top)`` in
    pixels, ``overlap`` the pixels² it shares with markers and earlier names: 0 except for a crowded
    major or key city). Works for any board orientation: it reads x/y and whether y grows downwards.
    """
    x0, x1, y0, y1 = window
    pw, ph = px
    scale = min(pw / max(x1 - x0, 1e-9), ph / max(y1 - y0, 1e-9))
    down = _y_reversed(board) if y_reversed is None else y_reversed
    xy = board.xy

    def screen(mp: int) -> tuple[float, float]:
        x, y = xy[mp]
        return (x - x0) * scale, ((y1 - y) if down else (y - y0)) * scale

    def inside(mp: int, slack: float = 0.0) -> bool:
        x, y = xy[mp]
        return x0 - slack <= x <= x1 + slack and y0 - slack <= y <= y1 + slack

    order = {CitySize.MAJOR: 0, CitySize.KEY: 1, CitySize.MEDIUM: 2, CitySize.SMALL: 3}
    cities = sorted((c for c in board.cities if inside(c.center, 1.0)),
                    key=lambda c: (order[c.size], -len(c.loads), c.name))
    items = [(c.name, c.center, c.size) for c in cities]
    items += [(name, mp, None) for name, mp in extra if inside(mp, 1.0)]
    # every marker is an obstacle (a box around it); names must not cover other cities
    marks: dict[str, tuple[float, float, float, float]] = {}

    def radius(size) -> float:
        r = _MARKER_PX.get(size, 9) / 2 + 1
        if size in (CitySize.MAJOR, CitySize.KEY):      # the red area around the centre (1.45 units)
            r = max(r, 1.45 * scale)
        return r

    for name, mp, size in items:
        sx, sy = screen(mp)
        r = radius(size)
        marks[name] = (sx - r, sy - r, sx + r, sy + r)
    blocks = list(marks.values())
    for ox, oy, size in obstacles:
        sx = (ox - x0) * scale
        sy = ((y1 - oy) if down else (oy - y0)) * scale
        blocks.append((sx - size / 2, sy - size / 2, sx + size / 2, sy + size / 2))
    pw_all, ph_all = (x1 - x0) * scale, (y1 - y0) * scale

    fixed = np.array(blocks, dtype=float).reshape(-1, 4)
    own_index = {name: i for i, name in enumerate(marks)}      # marks come first in ``fixed``
    placed = np.empty((len(items), 4), dtype=float)
    n_placed = 0

    out = []
    for name, mp, size in items:
        font = _LABEL_FONT.get(size, 10)
        w, h = 0.56 * font * len(name) + 4, 1.25 * font
        sx, sy = screen(mp)
        r = _MARKER_PX.get(size, 9) / 2 + 1      # plotly offsets a name by its marker, not the red area
        others = np.delete(fixed, own_index[name], axis=0)
        best, best_cost = None, None
        for pos, dx, dy in _SPOTS:
            cx = sx + dx * (r + w / 2) if dx else sx
            cy = sy + dy * (r + h / 2) if dy else sy
            b = np.array([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2])
            cost = _overlap(b, others) + _overlap(b, placed[:n_placed])
            if b[0] < 0 or b[2] > pw_all or b[1] < 0 or b[3] > ph_all:
                cost += w * h
            if best_cost is None or cost < best_cost:
                best, best_cost = (pos, b), cost
            if cost == 0:
                break
        must = size in (CitySize.MAJOR, CitySize.KEY)
        if best_cost == 0 or must:
            placed[n_placed] = best[1]
            n_placed += 1
            out.append({"name": name, "x": float(xy[mp, 0]), "y": float(xy[mp, 1]), "position": best[0],
                        "size": font, "box": tuple(round(float(v), 1) for v in best[1]),
                        "overlap": round(best_cost, 1)})
    return out


def port_labels(board: Board) -> list[tuple[str, int]]:
    """``(name, milepost)`` of every ferry port or tunnel end that is not a city (named on the map as room allows)."""
    out = []
    for m in board.mileposts:
        if m.city is None and board.is_port(m.id):
            cr = board.crossings_at(m.id)[0]
            out.append((m.port or cr.port_names[cr.ports.index(m.id)], m.id))
    return out


def ferry_marks(board: Board) -> list[tuple[float, float, float]]:
    """``(x, y, size_px)`` of the ferries' cost circles, which names keep clear of."""
    xy = board.xy
    return [(float((xy[a, 0] + xy[b, 0]) / 2), float((xy[a, 1] + xy[b, 1]) / 2), 17.0)
            for a, b in (cr.ports for cr in board.ferries)]


def label_beside(fig, *metas: str) -> None:
    """Have :func:`place_labels` place the texts of the traces ``metas`` (a train's "Ann: Wine", a plan's
    "1. Wien") too: each beside its marker on the side that covers the fewest city names, markers and
    texts already placed, whenever the names are placed (a new frame, a zoom, a pan). The traces are
    listed in the layout's ``meta`` (``"labelled"``), first listed placed first."""
    meta = dict(fig.layout.meta) if isinstance(fig.layout.meta, dict) else {}
    have = list(meta.get("labelled", []))
    meta["labelled"] = have + [m for m in metas if m not in have]
    fig.layout.meta = meta


#: where a text beside a marker is tried first: below (a train's load list), then above, then beside
_BESIDE = (("bottom center", 0, -1), ("top center", 0, 1), ("middle right", 1, 0), ("middle left", -1, 0),
           ("bottom right", 1, -1), ("bottom left", -1, -1), ("top right", 1, 1), ("top left", -1, 1))


def _place_beside(fig, board: Board, window, px, down: bool, placed: list[dict]) -> None:
    """The texts of the traces :func:`label_beside` listed, placed after the city names ``placed``."""
    meta = fig.layout.meta
    metas = list(meta.get("labelled", [])) if isinstance(meta, dict) else []
    if not metas:
        return
    x0, x1, y0, y1 = window
    scale = min(px[0] / max(x1 - x0, 1e-9), px[1] / max(y1 - y0, 1e-9))

    def screen(x: float, y: float) -> tuple[float, float]:
        return (x - x0) * scale, ((y1 - y) if down else (y - y0)) * scale

    traces = []
    for m in metas:
        try:
            tr = find_trace(fig, m)
        except KeyError:
            continue
        if tr.visible is False or tr.x is None or tr.text is None or isinstance(tr.text, str):
            continue
        n = len(tr.x)
        size = tr.marker.size if tr.marker is not None and tr.marker.size is not None else 6
        sizes = [float(v) for v in size] if not np.isscalar(size) else [float(size)] * n
        sizes = (sizes + [sizes[-1] if sizes else 6.0] * n)[:n]      # (a batch may set the points first)
        traces.append((tr, n, sizes))
    # obstacles: the city markers (not a major city's red area, which names may cover) and every listed
    # trace's markers; the city names and the texts placed, which count three times as much
    names = np.array([p["box"] for p in placed], dtype=float).reshape(-1, 4)
    blocks = []
    for c in board.cities:
        sx, sy = screen(*board.xy[c.center])
        r = _MARKER_PX[c.size] / 2 + 1
        blocks.append((sx - r, sy - r, sx + r, sy + r))
    first = len(blocks)                 # the listed traces' markers follow
    for tr, n, sizes in traces:
        for k in range(n):
            sx, sy = screen(float(tr.x[k]), float(tr.y[k]))
            r = sizes[k] / 2
            blocks.append((sx - r, sy - r, sx + r, sy + r))
    fixed = np.array(blocks, dtype=float).reshape(-1, 4)

    texts = np.empty((len(blocks) - first, 4), dtype=float)     # the texts placed so far
    n_texts = 0
    with fig.batch_update():
        for tr, n, sizes in traces:
            font = tr.textfont.size if tr.textfont is not None and np.isscalar(tr.textfont.size) else 11
            where = []
            for k in range(n):
                text = str(tr.text[k] or "")
                if not text:
                    where.append("top center")
                    continue
                sx, sy = screen(float(tr.x[k]), float(tr.y[k]))
                r = sizes[k] / 2 + 1
                w, h = 0.56 * font * len(text) + 4, 1.25 * font
                best, best_cost = None, None        # (a spot starts 1 px clear of the point's own marker)
                for pos, dx, dy in _BESIDE:
                    cx = sx + dx * (r + w / 2) if dx else sx
                    cy = sy + dy * (r + h / 2) if dy else sy
                    b = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
                    cost = _overlap(b, fixed) + 3 * (_overlap(b, names) + _overlap(b, texts[:n_texts]))
                    if best_cost is None or cost < best_cost - 1e-9:
                        best, best_cost = (pos, b), cost
                    if cost == 0:
                        break
                where.append(best[0])
                texts[n_texts] = best[1]
                n_texts += 1
            tr.textposition = where


def place_labels(fig, board: Board) -> list[dict]:
    """Recompute the printed city names (trace ``"city_labels"``) for the figure's current window and
    size (see :func:`label_layout`), keep them above every other trace, place the texts of the traces
    :func:`label_beside` listed clear of them, and return the names' layout. :func:`zoom_to` calls it;
    :func:`follow_zoom` calls it whenever a widget's view is zoomed or panned."""
    x0, x1, y0, y1, pw, ph = _view(fig, board)
    down = _y_down(fig)
    placed = label_layout(board, window=(x0, x1, y0, y1), px=(pw, ph), y_reversed=down,
                          extra=port_labels(board), obstacles=ferry_marks(board))
    try:
        i = trace_index(fig, "city_labels")
    except KeyError:
        return placed
    with fig.batch_update():
        tr = fig.data[i]
        tr.x = np.array([p["x"] for p in placed], dtype=float)
        tr.y = np.array([p["y"] for p in placed], dtype=float)
        tr.text = np.array([p["name"] for p in placed], dtype=object)
        tr.textposition = [p["position"] for p in placed]
        tr.textfont.size = [p["size"] for p in placed]
    _labels_on_top(fig)
    _place_beside(fig, board, (x0, x1, y0, y1), (pw, ph), down, placed)
    return placed


def _labels_on_top(fig) -> None:
    """Keep the city names above track, routes and areas (overlays never hide a name)."""
    try:
        i = trace_index(fig, "city_labels")
    except KeyError:
        return
    if i != len(fig.data) - 1:
        order = [t for j, t in enumerate(fig.data) if j != i] + [fig.data[i]]
        fig.data = tuple(order)


def follow_zoom(fig: go.FigureWidget, board: Board) -> go.FigureWidget:
    """Re-place the city names whenever the view is zoomed or panned in the browser (a widget only):
    zooming in names the medium and small cities that fit."""
    def relabel(layout, *_):
        place_labels(fig, board)

    fig.layout.on_change(relabel, "xaxis.range", "yaxis.range")
    return fig


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
        color = player_color(p, who)
        fig.add_trace(go.Scatter(x=x, y=y, mode="lines", line=dict(color=color, width=4), hoverinfo="skip",
                                 name=f"{_possessive(who)} track ({len(pairs)} segments)", meta=f"track:{p}",
                                 legendgroup=f"player{p}"))
        if cx:
            fig.add_trace(go.Scatter(x=np.concatenate(cx), y=np.concatenate(cy), mode="lines",
                                     line=dict(color=color, width=4, dash="dash"), hoverinfo="skip",
                                     name=f"{_possessive(who)} ferries", meta=f"track_crossings:{p}", showlegend=False,
                                     legendgroup=f"player{p}"))
    _labels_on_top(fig)
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
        hover = np.array([f"{place(board, s.a)} → {place(board, s.b)}: <b>{s.total}M</b><br>{s.explain()}"
                          f"<br>running total {t}M" for s, t in zip(segs, running)], dtype=object)
        return dict(x=x, y=y, lx=mid[:, 0], ly=mid[:, 1], text=text, hover=hover)
    return dict(x=x, y=y, lx=np.empty(0), ly=np.empty(0), text=np.empty(0, dtype=object),
                hover=np.empty(0, dtype=object))


def add_route(fig: go.Figure, board: Board, plan, *, name: str | None = None, color: str | None = None) -> go.Figure:
    """Draw a build plan (a :class:`~eb_core.costs.BuildPlan`, or anything with ``.mileposts``,
    ``.segments``, ``.cost``) as a thick line; every segment's cost and explanation is on hover at the
    segment's middle (small dots, never circles over city names; the names stay on top).

    Adds two traces: the path (``meta`` ``"route"``) and the segment costs (``"route_labels"``, whose
    ``text`` holds each segment's cost); a second call adds another pair (``"route:1"``, ...). Widgets
    update them with :func:`set_route`.
    """
    n = sum(1 for t in fig.data if isinstance(t.meta, str) and t.meta.startswith("route") and
            not t.meta.startswith("route_labels"))
    key = "route" if n == 0 else f"route:{n}"
    color = color or COLORS["route"]
    cost = getattr(plan, "cost", None)
    fig.add_trace(go.Scatter(x=np.empty(0), y=np.empty(0), mode="lines",
                             line=dict(color=color, width=5), opacity=0.8, hoverinfo="skip", meta=key,
                             name=name or (f"cheapest build: {cost}M" if cost is not None else "route")))
    fig.add_trace(go.Scatter(x=np.empty(0), y=np.empty(0), mode="markers",
                             marker=dict(size=7, color="white", line=dict(color=color, width=2)),
                             hoverinfo="text", showlegend=False,
                             meta=key.replace("route", "route_labels"), name="segment costs (hover)"))
    set_route(fig, board, plan, key=key, name=name)
    _labels_on_top(fig)
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
              label: str | None = None, train: int = 1) -> go.Figure:
    """Draw a player's train (a large diamond in the player's colour) on a milepost or city centre; its
    trace's ``meta`` is ``"train:<player>"``. Under Run Two Trains ``train=2`` draws the second train (a
    square, ``meta`` ``"train:<player>:2"``)."""
    mp = board.city(milepost).center if isinstance(milepost, str) else int(milepost)
    x, y = _xy(board, [mp])
    who = label or f"player {player}"
    what = "train" if train == 1 else f"train {train}"
    fig.add_trace(go.Scatter(x=x, y=y, mode="markers",
                             marker=dict(symbol="diamond" if train == 1 else "square", size=18 if train == 1 else 15,
                                         color=player_color(player, label), line=dict(color="black", width=2)),
                             hovertext=np.array([f"{_possessive(who)} {what} at {place(board, mp)}"], dtype=object),
                             hoverinfo="text", name=f"{_possessive(who)} {what}",
                             meta=f"train:{player}" if train == 1 else f"train:{player}:{train}",
                             legendgroup=f"player{player}"))
    _labels_on_top(fig)
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
    _labels_on_top(fig)
    return fig


def set_area(fig: go.Figure, board: Board, mileposts: Iterable[int | str], name: str) -> None:
    """Replace the mileposts of the area trace ``name`` in place."""
    mps = [m for w in mileposts for m in (board.resolve(w) if isinstance(w, str) else (int(w),))]
    x, y = _xy(board, mps)
    tr = find_trace(fig, f"area:{name}")
    with fig.batch_update():
        tr.x, tr.y = x, y
        tr.customdata = np.asarray(mps, dtype=np.int64)


def add_selection(fig: go.Figure, board: Board, where: int | str | None = None, *,
                  name: str = "selected") -> go.Figure:
    """A clear selection marker: a thick dark ring around a city (or milepost), named in the legend,
    drawn above the board. ``meta`` is ``"selection"``; move it with :func:`set_selection`."""
    fig.add_trace(go.Scatter(x=np.empty(0), y=np.empty(0), mode="markers",
                             marker=dict(symbol="circle-open", size=34, color="#111111", line=dict(width=3.5)),
                             hoverinfo="text", name=name, meta="selection"))
    set_selection(fig, board, where)
    _labels_on_top(fig)
    return fig


def set_selection(fig: go.Figure, board: Board, where: int | str | None) -> None:
    """Move the selection ring onto ``where`` (a city name or milepost id; ``None`` hides it)."""
    tr = find_trace(fig, "selection")
    if where is None:
        mps: list[int] = []
    else:
        mps = [board.city(where).center] if isinstance(where, str) else [int(where)]
    x, y = _xy(board, mps)
    with fig.batch_update():
        tr.x, tr.y = x, y
        tr.hovertext = np.array([place(board, m) for m in mps], dtype=object)


def add_rings(fig: go.Figure, board: Board, cities: Iterable[str], name: str, *, color: str | None = None,
              note: str = "", size: int = 30, dash: bool = False) -> go.Figure:
    """A bold ring round each of several cities (a load's sources, say), so they stand out on the whole
    board where a highlighted milepost is a speck; named ``name`` in the legend, ``meta`` ``"rings:<name>"``,
    each ring's hover the city's name and ``note``. ``size`` (pixels across) sets rings of several sets
    one inside another; ``dash`` draws them dotted. Move them with :func:`set_rings`."""
    color = color or COLORS["route"]
    symbol = "circle-open-dot" if dash else "circle-open"
    fig.add_trace(go.Scatter(x=np.empty(0), y=np.empty(0), mode="markers",
                             marker=dict(symbol=symbol, size=size, color=color, line=dict(width=2 if dash else 3.5)),
                             hoverinfo="text", name=name, meta=f"rings:{name}"))
    set_rings(fig, board, cities, name, note=note)
    _labels_on_top(fig)
    return fig


def set_rings(fig: go.Figure, board: Board, cities: Iterable[str], name: str, *, note: str = "") -> None:
    """Put the rings ``name`` (see :func:`add_rings`) round ``cities`` instead."""
    names = list(cities)
    x, y = _xy(board, [board.city(c).center for c in names])
    tr = find_trace(fig, f"rings:{name}")
    with fig.batch_update():
        tr.x, tr.y = x, y
        tr.hovertext = np.array([f"{c}{': ' + note if note else ''}" for c in names], dtype=object)


def _mileposts_of(board: Board, where) -> list[int]:
    """Mileposts named by ``where``: a plan or trip (``.mileposts`` / ``.path``), an iterable of
    milepost ids and city names, or a single city name."""
    for attr in ("mileposts", "path"):
        got = getattr(where, attr, None)
        if got is not None and not isinstance(where, (str, bytes)):
            where = got
            break
    if isinstance(where, str):
        where = [where]
    if isinstance(where, (bytes, Mapping)) or not isinstance(where, Iterable):
        raise InvalidAction(f"zoom: expected milepost ids or city names (or a plan, a trip), got {shown(where)}",
                            field="zoom")
    out = []
    for i, w in enumerate(where):
        if isinstance(w, str):
            out.extend(board.resolve(w))
        elif isinstance(w, numbers.Integral) and not isinstance(w, bool):
            board.milepost(int(w))          # an id the board has, or UnknownName
            out.append(int(w))
        else:
            raise InvalidAction(f"zoom[{i}]: expected a milepost id or a city name, got {shown(w)}", field=f"zoom[{i}]")
    return out


def zoom_to(fig: go.Figure, board: Board, where, margin: float = 3.0, *,
            min_span: tuple[float, float] = (0.0, 0.0), fit_height: bool = True) -> go.Figure:
    """Zoom the figure onto what is being discussed: a route (a plan, its ``.mileposts``), an event
    area, a position (mileposts or city names), keeping equal aspect; ``margin`` is in mileposts, and the
    window is at least ``min_span`` (across, down) round its centre. ``fit_height``: the figure's height
    follows the window's shape (a widget that redraws in place keeps its height with ``False``). The city
    names are placed again for the new window, so more of them fit."""
    mps = _mileposts_of(board, where)
    if not mps:
        return fig
    x, y = _xy(board, mps)
    x0, x1, y0, y1 = x.min() - margin, x.max() + margin, y.min() - margin, y.max() + margin
    if x1 - x0 < min_span[0] or y1 - y0 < min_span[1]:
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        w, h = max(x1 - x0, min_span[0]), max(y1 - y0, min_span[1])
        x0, x1, y0, y1 = cx - w / 2, cx + w / 2, cy - h / 2, cy + h / 2
    yr = [y1, y0] if _y_down(fig) else [y0, y1]
    layout: dict[str, Any] = dict(xaxis=dict(range=[x0, x1], autorange=False), yaxis=dict(range=yr, autorange=False))
    if fit_height:
        layout["height"] = int(min(650, max(400, (NOMINAL_WIDTH - 8) * (y1 - y0) / max(x1 - x0, 1) + 44
                                            + _LEGEND_PX)))
    fig.update_layout(**layout)
    place_labels(fig, board)
    return fig


def _y_down(fig: go.Figure) -> bool:
    """The figure's y axis grows downwards: reversed by autorange, or by a window zoomed before."""
    return fig.layout.yaxis.autorange == "reversed" or (
        fig.layout.yaxis.range is not None and fig.layout.yaxis.range[0] > fig.layout.yaxis.range[1])


def unzoom(fig: go.Figure, board: Board) -> go.Figure:
    """Back to the whole board (ranges cleared, autorange on); the names are placed for it again."""
    rev = _y_down(fig)
    fig.update_layout(xaxis=dict(autorange=True, range=None),
                      yaxis=dict(autorange="reversed" if rev else True, range=None))
    place_labels(fig, board)
    return fig


def path_figure(board: Board, rules: Ruleset | None, path: Sequence[int], *, title: str | None = None,
                owned_crossings: Iterable[str] = (), track=None, players: Sequence[str] | None = None,
                margin: float = 3.0, widget: bool = False) -> go.Figure:
    """A board figure zoomed onto a hand-drawn path of mileposts, the path priced segment by segment
    (:func:`eb_core.display.tables.path_plan`, a :class:`~eb_core.costs.BuildPlan`) with each
    segment's cost on hover; ``track`` is drawn first. ``rules=None`` prices it by the board's own game
    (as :func:`board_figure`).

    >>> import eb_core as eb
    >>> b, r = eb.load_board("tutorial"), eb.ruleset("europe-standard")
    >>> f = path_figure(b, r, b.meta["examples"]["antwerp"]["path"])
    >>> [int(t) for t in find_trace(f, "route_labels").text]
    [3, 3]
    """
    rules = _rules(rules, board)
    plan = path_plan(board, rules, path, owned_crossings=owned_crossings)
    fig = board_figure(board, rules, show_edges=True, title=title or f"{plan.cost}M")
    if track is not None:
        add_track(fig, board, track, players=players)
    add_route(fig, board, plan, name=f"this build: {plan.cost}M")
    zoom_to(fig, board, path, margin)
    return go.FigureWidget(fig) if widget else fig


def game_figure(game, *, title: str | None = None, zoom: Iterable[int | str] | None = None,
                margin: float = 3.0, widget: bool = False) -> go.Figure:
    """A game position: the board, every player's track in their colour and every placed train (hover:
    the player's cash, train and loads; a solo scenario's simulated players, who never move, have none
    drawn). ``zoom`` (mileposts or city names) zooms onto them.

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
        if st.simulated(seat):          # a solo scenario's simulated player runs no train
            continue
        if p.position is not None:
            add_train(fig, game.board, p.position, seat, label=p.name)
            tr = find_trace(fig, f"train:{seat}")
            tr.hovertext = np.array([f"<b>{p.name}</b>: {p.train} train, {p.cash}M<br>"
                                     f"loads: {', '.join(p.loads) or 'none'}"
                                     + ("<br>staged on a ferry port" if p.staged else "")], dtype=object)
        second = getattr(p, "second", None)
        if second is not None and second.position is not None:      # Run Two Trains
            add_train(fig, game.board, second.position, seat, label=p.name, train=2)
            tr = find_trace(fig, f"train:{seat}:2")
            tr.hovertext = np.array([f"<b>{p.name}</b>'s train 2: {second.train} train<br>"
                                     f"loads: {', '.join(second.loads) or 'none'}"
                                     + ("<br>staged on a ferry port" if second.staged else "")], dtype=object)
    if zoom is not None:
        zoom_to(fig, game.board, zoom, margin)
    return go.FigureWidget(fig) if widget else fig


def add_majors(fig: go.Figure, game) -> go.Figure:
    """What each player's network counts towards victory (rulebook: How to Win): a ring in the player's
    colour round every major city of their largest connected group (``Game.connected_majors``), named in
    the legend with the count ("Ben: 5 of the 7 major cities needed"), and a grey ring round the major
    cities their track reaches outside that group, dotted ("Ben: reached, not joined to them": London on a
    separate piece of track counts for nothing). Several players' rings sit one inside another."""
    board, st = game.board, game.state
    majors = {c.name for c in board.major_cities}
    need = game.rules.victory_majors
    for seat, p in enumerate(st.players):
        counted = list(game.connected_majors(seat))
        reached = sorted({c.name for m in game.network(seat) if (c := board.city_at(m)) is not None
                          and c.name in majors} - set(counted))
        size = 30 + 10 * seat
        add_rings(fig, board, counted, f"{p.name}: {len(counted)} of the {need} major cities needed",
                  color=player_color(seat, p.name), size=size, note=f"counts for {p.name}")
        if reached:
            add_rings(fig, board, reached, f"{p.name}: reached, not joined to them", color="#8a8a8a",
                      size=size, dash=True, note=f"{p.name}'s track reaches it, on a piece not joined to the rest")
    return fig


# ------------------------------------------------------------------------------------------ export
#: Where :func:`export` writes when no folder is named: ``notebooks/exports/`` of this checkout (ignored
#: by git), so an instructor finds the files next to the notebooks.
EXPORT_DIR = Path(__file__).resolve().parents[2] / "notebooks" / "exports"

_BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")


def find_browser() -> str | None:
    """The Chrome/Chromium that PNG export drives: ``$BROWSER_PATH`` if set, else the first of
    Debian's ``chromium`` and the usual Chrome names found on the ``PATH`` (``None`` when there is none)."""
    env = os.environ.get("BROWSER_PATH")
    if env and Path(env).exists():
        return env
    for name in _BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    return None


def export(fig: go.Figure, name: str | os.PathLike, folder: str | os.PathLike | None = None, *,
           width: int = 1100, height: int | None = None, scale: float = 2.0) -> Path:
    """Write ``fig`` to ``folder/name`` -- a PNG (``.png``, drawn by kaleido in the installed
    Chrome/Chromium, offline) or a self-contained HTML page (``.html``, plotly.js inside, opens without a
    network) -- and return the path. ``folder`` defaults to :data:`EXPORT_DIR` (``notebooks/exports/``)
    and is created when missing; an absolute ``name`` is used as it is.

    Raises :class:`RuntimeError` saying what to install when PNG export has no kaleido or no browser.
    """
    path = Path(name)
    if not path.is_absolute():
        path = Path(folder if folder is not None else EXPORT_DIR) / path
    path.parent.mkdir(parents=True, exist_ok=True)
    suffix = path.suffix.lower()
    if suffix in (".html", ".htm"):
        fig.write_html(path, include_plotlyjs=True, full_html=True)
        return path
    if suffix != ".png":
        raise InvalidAction(f"path: export writes .png or .html, not {path.suffix!r} ({path.name})", field="path")
    if importlib.util.find_spec("kaleido") is None:
        raise RuntimeError("PNG export needs kaleido: pip install 'eb[notebooks]' (or pip install kaleido)")
    browser = find_browser()
    if browser is None:
        raise RuntimeError("PNG export needs Chrome or Chromium (Debian: apt-get install chromium); "
                           "or set BROWSER_PATH to the browser's executable")
    os.environ.setdefault("BROWSER_PATH", browser)
    importlib.import_module("choreographer.channels.pipe")   # its own logger class first (logistro), then ours
    pipe_log = logging.getLogger("choreographer.channels.pipe")
    if not any(isinstance(f, _IgnoredPipeMessage) for f in pipe_log.filters):
        pipe_log.addFilter(_IgnoredPipeMessage())
    h = height or int(fig.layout.height or 700)
    try:
        fig.write_image(path, format="png", width=width, height=h, scale=scale)
    except RuntimeError as e:
        # kaleido's page in the browser now and then fails to draw on a loaded machine (a JavascriptError,
        # seen once in a full test run beside a second browser, never alone): try once more
        if type(e).__name__ != "JavascriptError":
            raise
        fig.write_image(path, format="png", width=width, height=h, scale=scale)
    return path


class _IgnoredPipeMessage(logging.Filter):
    """kaleido's browser driver (choreographer) logs a whole traceback when Chromium writes something on its
    devtools pipe that is not JSON, and then ignores that message. The PNG is written all the same, but in a
    notebook the traceback shows as red error output under the export cell (seen in Voila under load):
    drop just that record."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith("JSONError decoding message")
