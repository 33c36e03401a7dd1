"""The map widget's model is created complete: the state of its comm_open already holds every trace and the
layout (the cause of the stale first paint in JupyterLab: a model created empty and filled by a later
update raced the view)."""
from __future__ import annotations

import plotly.graph_objects as go

import eb_core as eb
from support import comm_opens
from eb_core.display import figures
from eb_core.display.widgets import App, city_inspector




def test_comm_opens_with_the_whole_figure(monkeypatch):
    board = eb.load_board("tutorial")
    fig = figures.board_figure(board, title="complete")
    seen = comm_opens(monkeypatch)
    w = App.wrap(fig, board)
    plots = [s for s in seen if "_widget_data" in s["data"]["state"]]
    assert len(plots) == 1, "one comm for the figure"
    state = plots[0]["data"]["state"]
    assert len(state["_widget_data"]) == len(w.data) > 0
    assert state["_widget_layout"]["title"]["text"] == "complete"


def test_plain_figurewidget_would_open_empty(monkeypatch):
    """What the map widget avoids (if plotly ever fills the state first, this documents the change)."""
    seen = comm_opens(monkeypatch)
    go.FigureWidget(go.Figure(go.Scatter(x=[1, 2], y=[3, 4])))
    state = next(s for s in seen if "_widget_data" in s["data"]["state"])["data"]["state"]
    assert state["_widget_data"] == []


def test_explorer_figures_are_complete_at_open(monkeypatch):
    board, rules = eb.load_board("europe"), eb.ruleset("europe-standard")
    seen = comm_opens(monkeypatch)
    app = city_inspector(board, rules, city="Paris")
    state = next(s for s in seen if "_widget_data" in s["data"]["state"])["data"]["state"]
    assert len(state["_widget_data"]) == len(app.figure.data)
    assert "Paris" in state["_widget_layout"]["title"]["text"]
