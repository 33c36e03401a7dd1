"""ipywidgets apps for the notebooks -- no game logic: they call :mod:`eb_core.routes` and
:class:`eb_core.board.Board` and draw with :mod:`eb_core.display.figures`.

Every app is a small object that exposes its controls (``Dropdown`` widgets), its ``figure`` (a plotly
``FigureWidget``), its last ``result`` and an ``update()`` method, and displays itself in Jupyter. The
figure is built from the controls' initial values before it is wrapped as a widget, so the first paint
already shows what the controls say (in JupyterLab and in Voila); afterwards only observers change it.
Setting a control's ``value`` in code runs the same callback as a click, so tests and notebook cells can
drive an app and assert on the figure:

>>> import eb_core as eb
>>> from eb_core.display import widgets
>>> board, rules = eb.load_board("tutorial"), eb.ruleset("europe-standard")
>>> app = widgets.route_explorer(board, rules, start="London", end="Birmingham")
>>> app.result.cost, app.figure.layout.title.text
(5, 'Cheapest build London → Birmingham: 5M')
>>> app.end.value = "Paris"          # the observer recomputes and redraws
>>> app.result.cost == eb.cheapest_build(board, rules, "London", "Paris").cost
True
"""
from __future__ import annotations

import html
import time
from typing import Any, Sequence

import ipywidgets as W
import networkx as nx
import numpy as np
import plotly.graph_objects as go

from ... import routes
from ...board import Board, alphabetical
from ...errors import EbError, UnknownName
from ...files import derived
from ...rules import Ruleset, ruleset as _ruleset
from ...state import Position
from .. import figures, tables
from .base import App

__all__ = ["RouteExplorer", "LoadFinder", "CityInspector", "DistancePicker", "route_explorer", "load_finder",
           "city_inspector", "distance_picker"]


def _city_names(board: Board) -> list[str]:
    return alphabetical(c.name for c in board.cities)


def _pick(names: Sequence[str], board: Board, wanted: str | None, default: int) -> str:
    if wanted is None:
        return names[min(default, len(names) - 1)]
    return board.city(wanted).name  # KeyError naming the city when it is not on the board


# ------------------------------------------------------------------------------------------ routes
class RouteExplorer(App):
    """Two city dropdowns -> the cheapest build between them, drawn on the board (segment costs on
    hover), its cost breakdown (terrain / water / city / ferry) and the per-segment table.

    ``track``/``state``/``player`` are passed to :func:`eb_core.routes.cheapest_build` (own track is free,
    other players' track is avoided). ``result`` is the last :class:`~eb_core.costs.BuildPlan` (``None``
    with ``error`` set when there is no legal build); ``elapsed`` the seconds the last update took.
    ``zoom`` (also a checkbox) zooms the map onto each route.
    """

    def __init__(self, board: Board, rules: Ruleset | None = None, *, start: str | None = None,
                 end: str | None = None, track=None, state=None, player: int | None = None,
                 height: int | None = None, show_edges: bool = False, zoom: bool = False):
        self.board = board
        self.rules = rules if rules is not None else _ruleset("europe-standard")
        self.track, self.state, self.player = track, state, player
        names = _city_names(board)
        self.start = W.Dropdown(options=names, value=_pick(names, board, start, 0), description="from")
        self.end = W.Dropdown(options=names, value=_pick(names, board, end, 1), description="to")
        self.zoom = W.Checkbox(value=zoom, description="zoom to the route", indent=False)
        self.summary = W.HTML()
        self.result = None
        self.error: str | None = None
        self.elapsed = 0.0
        t0 = time.perf_counter()
        self._compute()
        fig = figures.board_figure(board, self.rules, height=height, show_edges=show_edges, title=self._title())
        if track is not None:
            figures.add_track(fig, board, track)
        figures.add_route(fig, board, self.result, name=self._route_name())
        if zoom and self.result is not None:
            figures.zoom_to(fig, board, self.result)
        self.figure = self.wrap(fig, board)
        self._zoomed = bool(zoom and self.result is not None)
        self._summarise()
        self.elapsed = time.perf_counter() - t0
        self.start.observe(self._changed, names="value")
        self.end.observe(self._changed, names="value")
        self.zoom.observe(self._changed, names="value")
        self.widget = W.VBox([W.HBox([self.start, self.end, self.zoom]), self.figure, self.summary])

    def _changed(self, change: dict[str, Any]) -> None:
        self.update()

    def _position(self) -> Position | None:
        """The route question's position: the game state's, else the track given, else none."""
        if self.state is not None:
            return Position.of(self.state, self.player)
        if self.track is not None or self.player is not None:
            return Position(track=self.track, seat=self.player)
        return None

    def _compute(self):
        a, b = self.start.value, self.end.value
        self.error = None
        plan = None
        if a == b:
            self.error = "Pick two different cities."
        else:
            try:
                plan = routes.cheapest_build(self.board, self.rules, a, b, position=self._position())
            except (EbError, ValueError, KeyError) as exc:
                self.error = str(exc)
            else:
                if plan is None:
                    self.error = f"No track can join {a} and {b}."
        self.result = plan
        return plan

    def _title(self) -> str:
        a, b, plan = self.start.value, self.end.value, self.result
        return f"Cheapest build {a} → {b}: {plan.cost}M" if plan is not None else f"{a} → {b}: {self.error}"

    def _route_name(self) -> str:
        return f"cheapest build: {self.result.cost}M" if self.result is not None else "cheapest build"

    def _summarise(self) -> None:
        self.summary.value = _plan_html(self.result, self.board) if self.result is not None else (
            f"<p><b>No build:</b> {html.escape(self.error or '')}</p>")

    def update(self):
        """Recompute the cheapest build for the current dropdown values and redraw; returns the plan."""
        t0 = time.perf_counter()
        plan = self._compute()
        figures.set_route(self.figure, self.board, plan, name=self._route_name())
        self.figure.layout.title.text = self._title()     # layout apart from the trace batch (Voila)
        if self.zoom.value and plan is not None:
            figures.zoom_to(self.figure, self.board, plan)
        elif self._zoomed:                       # only undo a zoom this app made, not the reader's own
            figures.unzoom(self.figure, self.board)
        self._zoomed = bool(self.zoom.value and plan is not None)
        self._summarise()
        self.elapsed = time.perf_counter() - t0
        return plan


def _plan_html(plan, board: Board) -> str:
    n = len(plan.segments)
    parts = [f"<p><b>{plan.cost}M</b> over {n} segment{'s' if n != 1 else ''}"]
    bd = getattr(plan, "breakdown", None)
    if bd:
        parts.append(": " + ", ".join(f"{k} {v}M" for k, v in bd.items() if v))
    parts.append("</p>")
    table = tables.route_table(plan, board)
    parts.append(table.to_html(classes="eb-route", border=0))
    return "".join(parts)


def route_explorer(board: Board, rules: Ruleset | None = None, **kwargs) -> RouteExplorer:
    """A :class:`RouteExplorer` (pick two cities, see the cheapest build and what it costs)."""
    return RouteExplorer(board, rules, **kwargs)


# ------------------------------------------------------------------------------------------- loads
class LoadFinder(App):
    """A dropdown of loads -> the cities offering that load highlighted on the board.

    ``sources`` holds the names of the highlighted cities, ``summary`` says where the load comes from and
    how many chips exist.
    """

    def __init__(self, board: Board, rules: Ruleset | None = None, *, load: str | None = None,
                 height: int | None = None):
        self.board = board
        loads = sorted(board.loads, key=str.casefold)
        if load is not None and load not in board.loads:
            raise UnknownName(board.no_load(load), field="load")
        self.load = W.Dropdown(options=loads, value=load or loads[0], description="load")
        self.summary = W.HTML()
        self._compute()
        fig = figures.board_figure(board, rules, height=height, title=self._title())
        figures.add_area(fig, board, self.sources, "sources")
        figures.add_rings(fig, board, self.sources, "source cities", note=self._note())
        self.figure = self.wrap(fig, board)
        self._summarise()
        self.load.observe(lambda change: self.update(), names="value")
        self.widget = W.VBox([self.load, self.figure, self.summary])

    @property
    def result(self) -> tuple[str, ...]:
        return self.sources

    def _compute(self) -> tuple[str, ...]:
        self.sources = tuple(c.name for c in self.board.sources(self.load.value))
        return self.sources

    def _title(self) -> str:
        return f"{self.load.value}: {len(self.sources)} source cities"

    def _note(self) -> str:
        return f"{self.load.value} is picked up here"

    def _summarise(self) -> None:
        load = self.load.value
        self.summary.value = (f"<p><b>{html.escape(load)}</b> ({self.board.loads[load]} chips) is picked up at "
                              f"{html.escape(', '.join(self.sources) or 'no city')}.</p>")

    def update(self) -> tuple[str, ...]:
        """Highlight the source cities of the selected load; returns their names."""
        self._compute()
        figures.set_area(self.figure, self.board, self.sources, "sources")
        figures.set_rings(self.figure, self.board, self.sources, "source cities", note=self._note())
        self.figure.layout.title.text = self._title()
        self._summarise()
        return self.sources


def load_finder(board: Board, rules: Ruleset | None = None, **kwargs) -> LoadFinder:
    """A :class:`LoadFinder` (pick a load, see its source cities)."""
    return LoadFinder(board, rules, **kwargs)


# ------------------------------------------------------------------------------------------ cities
class CityInspector(App):
    """Pick a city from the dropdown, or click a city on the board: its class, loads, the cost to build
    into it and who may enter; the city is ringed and its mileposts highlighted on the map. ``result`` is
    a dict of those facts."""

    def __init__(self, board: Board, rules: Ruleset | None = None, *, city: str | None = None,
                 height: int | None = None):
        self.board = board
        self.rules = rules if rules is not None else _ruleset("europe-standard")
        names = _city_names(board)
        self.city = W.Dropdown(options=names, value=_pick(names, board, city, 0), description="city")
        self.summary = W.HTML()
        self.result: dict[str, Any] = {}
        self._compute()
        fig = figures.board_figure(board, self.rules, height=height, title=self._title())
        figures.add_area(fig, board, [self.city.value], "selected")
        figures.add_selection(fig, board, self.city.value, name="selected city")
        self.figure = self.wrap(fig, board)
        for tr in self.figure.data:
            if isinstance(tr.meta, str) and (tr.meta.startswith("cities:") or tr.meta == "city_mileposts"):
                tr.on_click(self._on_click)
        self._summarise()
        self.city.observe(lambda change: self.update(), names="value")
        self.widget = W.VBox([self.city, self.figure, self.summary])

    def _on_click(self, trace, points, selector=None) -> None:
        """Plotly click callback: select the clicked city (updates the dropdown, which redraws)."""
        if not points.point_inds:
            return
        cd = trace.customdata[points.point_inds[0]]
        name = cd if isinstance(cd, str) else (self.board.city_at(int(cd)).name if self.board.city_at(int(cd))
                                               else None)
        if name is not None:
            self.city.value = name

    def _compute(self) -> dict[str, Any]:
        c = self.board.city(self.city.value)
        r = self.rules
        ports = [cr.name for mp in c.mileposts for cr in self.board.crossings_at(mp)]
        self.result = {
            "name": c.name, "size": c.size.value, "loads": c.loads,
            "build_cost": r.city_cost[c.size.value], "ports": tuple(ports),
            "max_players": None if c.size.has_red_area else r.city_max_players.get(c.size.value),
            "mileposts": c.mileposts,
        }
        return self.result

    def _title(self) -> str:
        return f"{self.result['name']}: {self.result['size']} city"

    def _summarise(self) -> None:
        self.summary.value = "<p>" + figures.city_hover(self.board, self.rules, self.result["name"]) + "</p>"

    def update(self) -> dict[str, Any]:
        self._compute()
        name = self.result["name"]
        with self.figure.batch_update():
            figures.set_area(self.figure, self.board, [name], "selected")
            figures.set_selection(self.figure, self.board, name)
        self.figure.layout.title.text = self._title()
        self._summarise()
        return self.result


def city_inspector(board: Board, rules: Ruleset | None = None, **kwargs) -> CityInspector:
    """A :class:`CityInspector` (pick or click a city, read its details)."""
    return CityInspector(board, rules, **kwargs)


# ---------------------------------------------------------------------------------------- distance
class DistancePicker(App):
    """Two city dropdowns -> the distance between them in mileposts: as the crow flies (lattice units)
    and the fewest milepost steps over the lattice (what a train on a straight-as-possible track would
    count). ``result`` = ``{"straight": float, "steps": int | None, "path": tuple}``."""

    def __init__(self, board: Board, *, start: str | None = None, end: str | None = None,
                 height: int | None = None):
        self.board = board
        names = _city_names(board)
        self.start = W.Dropdown(options=names, value=_pick(names, board, start, 0), description="from")
        self.end = W.Dropdown(options=names, value=_pick(names, board, end, 1), description="to")
        self.summary = W.HTML()
        self.result: dict[str, Any] = {}
        self._compute()
        fig = figures.board_figure(board, height=height, title=self._title())
        x, y = self._crow()
        fig.add_trace(go.Scatter(x=x, y=y, mode="lines", line=dict(color="black", width=1.5, dash="dot"),
                                 hoverinfo="skip", name="as the crow flies", meta="crow"))
        figures.add_area(fig, board, self.result["path"], "steps")
        self.figure = self.wrap(fig, board)
        self._summarise()
        for w in (self.start, self.end):
            w.observe(lambda change: self.update(), names="value")
        self.widget = W.VBox([W.HBox([self.start, self.end]), self.figure, self.summary])

    def _compute(self) -> dict[str, Any]:
        a, b = self.board.city(self.start.value), self.board.city(self.end.value)
        straight = self.board.distance(a.center, b.center)
        path = _lattice_path(self.board, a.center, b.center)
        steps = len(path) - 1 if path else None
        self.result = {"straight": straight, "steps": steps, "path": tuple(path or ())}
        return self.result

    def _crow(self) -> tuple[np.ndarray, np.ndarray]:
        a, b = self.board.city(self.start.value).center, self.board.city(self.end.value).center
        xy = self.board.xy
        return np.array([xy[a, 0], xy[b, 0]]), np.array([xy[a, 1], xy[b, 1]])

    def _title(self) -> str:
        r = self.result
        steps = r["steps"] if r["steps"] is not None else "—"
        return (f"{self.start.value} → {self.end.value}: {r['straight']:.1f} mileposts as the crow flies, "
                f"{steps} steps on the lattice")

    def _summarise(self) -> None:
        r = self.result
        a, b = html.escape(self.start.value), html.escape(self.end.value)
        self.summary.value = (f"<p>{a} → {b}: <b>{r['straight']:.1f}</b> mileposts as the crow flies; "
                              f"<b>{r['steps'] if r['steps'] is not None else 'no'}</b> milepost steps over the "
                              "lattice (ferries count one step here).</p>")

    def update(self) -> dict[str, Any]:
        self._compute()
        crow = figures.find_trace(self.figure, "crow")
        x, y = self._crow()
        with self.figure.batch_update():
            crow.x, crow.y = x, y
            figures.set_area(self.figure, self.board, self.result["path"], "steps")
        self.figure.layout.title.text = self._title()
        self._summarise()
        return self.result


def _lattice_graph(board: Board):
    return board.to_networkx()


def _lattice_path(board: Board, a: int, b: int) -> list[int] | None:
    """Fewest-steps path over the board's lattice (ferries as single steps), via the board's networkx
    graph (kept once per board in :func:`eb_core.files.derived`). Display helper only: build costs come
    from :mod:`eb_core.routes`."""
    g = derived(board, "display:lattice-graph", _lattice_graph)
    try:
        return nx.shortest_path(g, a, b)
    except nx.NetworkXNoPath:
        return None


def distance_picker(board: Board, **kwargs) -> DistancePicker:
    """A :class:`DistancePicker` (pick two cities, read the distance in mileposts)."""
    return DistancePicker(board, **kwargs)
