"""One map component for every board: responsive width, compact legend below, names placed by priority
without collisions, overlays that never hide names, zoom that names more, any lattice orientation."""
from __future__ import annotations

import numpy as np
import pytest

import eb_core as eb
from eb_core.display import figures


def boxes(placed):
    return [(p["name"], p["position"]) for p in placed]


@pytest.fixture(scope="module")
def europe():
    return eb.load_board("europe")


def turned(board: eb.Board) -> eb.Board:
    """The same board with its lattice turned a quarter (x, y) -> (y, -x), drawings turned with it, as
    the coming US boards are stored."""
    d = board.to_dict()
    for m in d["mileposts"]:
        m["x"], m["y"] = m["y"], -m["x"]
    d["drawing"] = {}
    d["lattice"] = {"orientation": "north-south"}
    d["name"] = board.name + "-turned"
    return eb.Board.from_dict(d)


def _rects(fig, board, placed):
    """Screen rectangles of the placed names (the same estimate the placer uses)."""
    x0, x1, y0, y1, pw, ph = figures._view(fig, board)
    s = min(pw / (x1 - x0), ph / (y1 - y0))
    out = []
    for p in placed:
        w, h = 0.56 * p["size"] * len(p["name"]) + 4, 1.25 * p["size"]
        cx, cy = (p["x"] - x0) * s, (p["y"] - y0) * s
        out.append((cx - w / 2, cy - h / 2, w, h))
    return out


def test_the_map_fills_the_cell_width_with_the_legend_below(europe):
    fig = figures.board_figure(europe)
    lay = fig.layout
    assert lay.width is None and lay.autosize is True, "responsive: the browser sets the width"
    assert lay.yaxis.scaleanchor == "x" and lay.yaxis.scaleratio == 1, "aspect kept"
    assert lay.legend.orientation == "h" and lay.legend.y < 0, "a horizontal legend below the map"
    # the height lets a square-ish board fill a 1000 px cell at equal aspect, within one screen
    assert 700 <= lay.height <= 820


def test_major_and_key_cities_are_always_named(europe):
    fig = figures.board_figure(europe)
    names = set(figures.find_trace(fig, "city_labels").text)
    assert {c.name for c in europe.cities if c.size.has_red_area} <= names
    # every city is still named on hover
    for size in ("major", "key", "medium", "small"):
        tr = figures.find_trace(fig, f"cities:{size}")
        assert tr.mode == "markers"
        for name, hover in zip(tr.customdata, tr.hovertext):
            assert f"<b>{name}</b>" in hover


def test_placed_names_do_not_collide(europe):
    fig = figures.board_figure(europe)
    placed = figures.place_labels(fig, europe)
    small = [p for p in placed if europe.has_city(p["name"]) and not europe.city(p["name"]).size.has_red_area]
    assert small, "room for some medium and small cities at full zoom"
    assert len({p["name"] for p in placed}) == len(placed)
    # an optional name (medium, small, port) is printed only where it overlaps no marker and no other name
    for p in placed:
        if not (europe.has_city(p["name"]) and europe.city(p["name"]).size.has_red_area):
            assert p["overlap"] == 0, p
    for i, p in enumerate(placed):
        for q in placed[i + 1:]:
            a, b = p["box"], q["box"]
            w = min(a[2], b[2]) - max(a[0], b[0])
            h = min(a[3], b[3]) - max(a[1], b[1])
            assert w <= 0.5 or h <= 0.5, f"{p['name']} and {q['name']} overlap"
    # the same layout from the pure function
    x0, x1, y0, y1, pw, ph = figures._view(fig, europe)
    again = figures.label_layout(europe, window=(x0, x1, y0, y1), px=(pw, ph), extra=figures.port_labels(europe),
                                  obstacles=figures.ferry_marks(europe))
    assert [(p["name"], p["position"]) for p in again] == [(p["name"], p["position"]) for p in placed]


def test_zooming_in_names_more_cities(europe):
    whole = figures.board_figure(europe)
    n_whole = len([n for n in figures.find_trace(whole, "city_labels").text if europe.has_city(n)])
    zoomed = figures.zoom_to(figures.board_figure(europe), europe, ["London", "Ruhr", "Paris"], margin=2)
    names = set(figures.find_trace(zoomed, "city_labels").text)
    near = {c.name for c in europe.cities
            if europe.city("London").center in c.mileposts or c.name in ("London", "Ruhr", "Paris")}
    assert near <= names
    # every city inside the zoomed window is named there
    (x0, x1), (y0, y1) = zoomed.layout.xaxis.range, sorted(zoomed.layout.yaxis.range)
    inside = [c.name for c in europe.cities if x0 <= europe.xy[c.center, 0] <= x1 and y0 <= europe.xy[c.center, 1] <= y1]
    shown = [n for n in inside if n in names]
    assert len(shown) >= 0.8 * len(inside), (sorted(set(inside) - names))
    assert len(shown) / max(len(inside), 1) >= n_whole / len(europe.cities) - 1e-9


def test_a_tall_window_on_a_wide_map_names_the_cities_beside_it(europe):
    """Zoomed to Cork -> Sevilla (a window taller than wide), plotly keeps the scale equal and shows the
    board east of the route as far as the Ruhr and Zürich: the cities there are named too (only the cities of the
    window asked for were named before: notebook 07's demand picker showed Berlin, Wien and Milano as
    bare hexagons)."""
    fig = figures.zoom_to(figures.board_figure(europe), europe, ["Cork", "Sevilla"], margin=2, fit_height=False)
    names = set(figures.find_trace(fig, "city_labels").text)
    assert {"Holland", "Ruhr", "Zürich", "Cork", "Sevilla"} <= names
    x0, x1, y0, y1, *_ = figures._view(fig, europe)
    (r0, r1) = fig.layout.xaxis.range
    assert x1 - x0 > 3 * (r1 - r0), "the window shown is wider than the range asked for"
    shown = {c.name for c in europe.major_cities if x0 <= europe.xy[c.center, 0] <= x1
             and y0 <= europe.xy[c.center, 1] <= y1}
    assert len(shown) >= 5 and shown <= names


def test_follow_zoom_relabels_a_widget(europe):
    fig = figures.board_figure(europe, widget=True)
    figures.follow_zoom(fig, europe)
    before = set(fig.data[figures.trace_index(fig, "city_labels")].text)
    x, y = europe.xy[europe.city("Bruxelles").center] if europe.has_city("Bruxelles") else europe.xy[europe.city("Ruhr").center]
    fig.layout.xaxis.range = [x - 6, x + 6]                  # as a browser zoom reports it
    fig.layout.yaxis.range = [y - 5, y + 5]
    after = set(fig.data[figures.trace_index(fig, "city_labels")].text)
    assert after != before


def test_overlays_never_hide_names(board, rules):
    fig = figures.board_figure(board, rules)
    plan = eb.cheapest_build(board, rules, "London", "Wien")
    figures.add_route(fig, board, plan)
    figures.add_area(fig, board, ["Paris"], "highlight")
    figures.add_train(fig, board, "Paris", 0)
    figures.add_selection(fig, board, "Paris")
    assert fig.data[-1].meta == "city_labels", "names are drawn last, above every overlay"
    seg = figures.find_trace(fig, "route_labels")
    assert seg.mode == "markers" and seg.marker.size <= 8, "segment costs are small hover dots, not circles"
    assert "London" in seg.hovertext[0] or "milepost near" in seg.hovertext[0]
    assert all("M</b>" in h for h in seg.hovertext)


def test_a_turned_lattice_draws_from_x_and_y(board):
    t = turned(board)
    fig = figures.board_figure(t)
    paris = figures.find_trace(fig, "cities:major")
    i = list(paris.customdata).index("Paris")
    assert (paris.x[i], paris.y[i]) == tuple(t.xy[t.city("Paris").center])
    assert fig.layout.height >= 380
    names = set(figures.find_trace(fig, "city_labels").text)
    assert {c.name for c in t.cities if c.size.has_red_area} <= names
    # a turned board is taller than wide: the height grows, within a screen
    assert fig.layout.height > figures.board_figure(board).layout.height


def test_zoom_to_a_plan_or_an_area(board, rules):
    plan = eb.cheapest_build(board, rules, "London", "Paris")
    fig = figures.zoom_to(figures.board_figure(board), board, plan)
    (x0, x1) = fig.layout.xaxis.range
    xs = board.xy[list(plan.mileposts), 0]
    assert x0 < xs.min() and xs.max() < x1 and x1 - x0 < np.ptp(board.xy[:, 0])


def test_the_legend_strip_is_estimated_from_its_entries_and_the_width(europe):
    """The names are laid out for the plot area left above the legend, so its height is estimated: plotly
    wraps the entries in columns as wide as the longest. Notebook 06's Run Two Trains stepper has 22
    entries, the longest "the planner's plan for train 2" (about 226 pixels a column): 4 rows on Voila's
    1,410-pixel map (as its screenshot shows), 8 in three columns 900 pixels wide, none when the legend is
    hidden."""
    from eb_core import sim
    from eb_core.display.widgets import TurnStepper
    two = sim.solo_game(eb.ruleset("europe-basic", "run-two-trains"), seed=1, board="europe", max_turns=3)
    fig = TurnStepper(two.game.to_json(), why=True).figure
    shown = [t for t in fig.data if t.showlegend is not False and t.name and t.visible is not False]
    assert len(shown) == 22
    assert figures.legend_px(fig, 1370) == 14 + 20 * 4
    assert figures.legend_px(fig, 900) == 14 + 20 * 8
    plain = figures.board_figure(europe)
    assert figures.legend_px(plain, 1370) < figures.legend_px(fig, 1370)      # fewer entries, fewer rows
    with_legend = figures._view(plain, europe)[5]
    plain.update_layout(showlegend=False)
    assert figures._view(plain, europe)[5] == with_legend + figures.legend_px(plain, figures._view(plain, europe)[4])
