"""Never stale: every app's figure shows, before any control is touched, what its controls show.

A plotly FigureWidget's view starts from the widget's initial state (``_widget_data`` /
``_widget_layout``); changes made later travel as messages that a view not yet on the page never gets
(Voila, a first Run All in JupyterLab). So the route, area or selection must already be in that initial
state: these tests read it, as a browser would, and count the route's points."""
from __future__ import annotations

import numpy as np
import pytest

import eb_core as eb
from eb_core.display import widgets
from eb_core.display.widgets import position_lab, ACCEPTED
from eb_core.positions import position_from_text


def initial(fig, key):
    """The trace ``key`` as a view created now would draw it."""
    for t in fig._widget_data:
        if t.get("meta") == key:
            return t
    raise KeyError(key)


def points(trace, axis="x") -> int:
    v = trace.get(axis)
    if v is None:
        return 0
    arr = np.asarray(v, dtype=float) if not isinstance(v, dict) else np.asarray(v.get("value", []), dtype=float)
    return int(np.sum(~np.isnan(arr)))


def title(fig) -> str:
    return fig._widget_layout["title"]["text"]


@pytest.mark.parametrize("board_name,a,b", [("tutorial", "London", "Paris"), ("europe", "London", "Paris"),
                                            ("europe", "London", "Wien")])
def test_route_explorer_draws_its_dropdowns_route_on_first_paint(board_name, a, b):
    board, rules = eb.load_board(board_name), eb.ruleset("europe-standard")
    app = widgets.route_explorer(board, rules, start=a, end=b)
    plan = eb.cheapest_build(board, rules, a, b)
    assert points(initial(app.figure, "route")) == len(plan.mileposts) > 2
    assert points(initial(app.figure, "route_labels")) == len(plan.segments)
    assert title(app.figure) == f"Cheapest build {a} → {b}: {plan.cost}M"
    assert f"<b>{plan.cost}M</b>" in app.summary.value


def test_route_explorer_zoomed_first_paint_frames_the_route(board, rules):
    app = widgets.route_explorer(board, rules, start="London", end="Wien", zoom=True)
    lay = app.figure._widget_layout
    x0, x1 = lay["xaxis"]["range"]
    xs = board.xy[list(app.result.mileposts), 0]
    assert x0 < xs.min() and xs.max() < x1
    app.zoom.value = False                                  # unzoom: the whole board again
    assert app.figure.layout.xaxis.autorange is True


def test_load_finder_highlights_its_load_on_first_paint(board):
    app = widgets.load_finder(board, load="Wine")
    want = sum(len(c.mileposts) for c in board.sources("Wine"))
    assert points(initial(app.figure, "area:sources")) == want > 0
    rings = initial(app.figure, "rings:source cities")      # each source city ringed, visible on the whole board
    assert points(rings) == len(board.sources("Wine")) and rings["marker"]["size"] >= 30
    assert title(app.figure).startswith("Wine: ")


def test_city_inspector_rings_its_city_on_first_paint(board, rules):
    app = widgets.city_inspector(board, rules, city="Paris")
    assert points(initial(app.figure, "area:selected")) == len(board.city("Paris").mileposts)
    ring = initial(app.figure, "selection")
    assert points(ring) == 1 and ring["marker"]["size"] >= 30, "a clear selection marker, not a small dot"
    assert title(app.figure) == "Paris: major city"


def test_distance_picker_draws_its_pair_on_first_paint(board):
    app = widgets.distance_picker(board, start="Paris", end="Berlin")
    assert points(initial(app.figure, "crow")) == 2
    assert points(initial(app.figure, "area:steps")) == len(app.result["path"]) > 2
    assert title(app.figure).startswith("Paris → Berlin: ")


def test_event_explorer_draws_its_card_on_first_paint():
    game = position_from_text("board: europe\nseed: 5\nplayer Ann: train 12/2, at Frankfurt\nplayer Ben: at Valencia\n")
    app = widgets.event_explorer(game, event="Fog: Frankfurt")
    assert points(initial(app.figure, "area:event area")) == len(app.result["mileposts"]) > 0
    assert title(app.figure).startswith("Fog: Frankfurt")


def test_position_lab_opens_on_an_accepted_action():
    """Notebook 04's lab: its first action is track Ann already owns; the lab opens on the first
    action the rules accept instead, drawn green, title 'Accepted'."""
    text = ("board: tutorial\nphase: build\n"
            "player Ann: cash 60, train 9/2, at London, loads Wine Beer, track London-Birmingham\n"
            "player Ben: cash 30, at Paris, track Paris-Lyon\n")
    checks = ["build London-Birmingham", "build London-Paris", "upgrade 12/2"]
    lab = position_lab(text, actions=checks)
    assert lab.action.value == "build London-Paris" and lab.outcome.accepted
    route = initial(lab.figure, "route")
    assert points(route) == len(lab.outcome.action.path) > 2 and route["line"]["color"] == ACCEPTED
    assert title(lab.figure).startswith("Accepted")
    lab = position_lab(text, actions=checks, default="build London-Birmingham")   # asked for: shown
    assert lab.action.value == "build London-Birmingham" and not lab.outcome.accepted


def test_every_apps_city_names_are_placed_for_its_figures_final_size():
    """The names on the first paint are laid out for the figure as shown. The position lab set its height
    after the map was drawn, so the names kept the room of the default height: notebook 04's lab printed
    "Calais" over "Antwerpen" (seen in the browser screenshots)."""
    from eb_core.display import figures
    text = ("board: tutorial\nphase: build\n"
            "player Ann: cash 60, train 9/2, at London, loads Wine Beer, track London-Birmingham\n"
            "player Ben: cash 30, at Paris, track Paris-Lyon\n")
    board, rules = eb.load_board("europe"), eb.ruleset("europe-standard")
    apps = [position_lab(text, actions=["build London-Paris"]),
            widgets.route_explorer(board, rules, start="London", end="Wien", zoom=True),
            widgets.load_finder(board)]
    for app in apps:
        fig = app.figure
        b = app.game.board if hasattr(app, "game") else board
        x0, x1, y0, y1, pw, ph = figures._view(fig, b)
        want = figures.label_layout(b, window=(x0, x1, y0, y1), px=(pw, ph),
                                    y_reversed=fig.layout.yaxis.autorange == "reversed",
                                    extra=figures.port_labels(b), obstacles=figures.ferry_marks(b))
        shown = initial(fig, "city_labels")
        assert list(shown["text"]) == [p["name"] for p in want], type(app).__name__
        assert list(shown["textposition"]) == [p["position"] for p in want], type(app).__name__


def test_event_explorer_zooms_to_the_area_and_back():
    game = position_from_text("board: europe\nseed: 5\nplayer Ann: at Frankfurt\nplayer Ben: at Valencia\n")
    app = widgets.event_explorer(game, event="Fog: Frankfurt", zoom=True)
    x0, x1 = app.figure._widget_layout["xaxis"]["range"]
    xs = game.board.xy[sorted(app.result["mileposts"]), 0]
    assert x0 <= xs.min() and xs.max() <= x1, "the first paint frames the card's area"
    app.zoom.value = False
    assert app.figure.layout.xaxis.range is None and app.figure.layout.xaxis.autorange is True
