"""What every notebook app shares: a ``widget`` to show and a plotly ``figure`` built complete before it
is shown.

A plotly ``FigureWidget`` sends later changes to its views as one-off messages; a view that does not
exist yet (Voila, a first Run All) never sees them. So every app builds its figure as a plain
``go.Figure`` from its controls' initial values, wraps it with :meth:`App.wrap` (the view then starts
from that state), and only afterwards changes it from observers.
"""
from __future__ import annotations

import ipywidgets as W
import plotly.graph_objects as go
from IPython.display import display

from ...board import Board
from .. import figures

__all__ = ["App"]


class App:
    """Display plumbing of the apps: ``widget`` is the ipywidgets container shown in the notebook,
    ``figure`` the plotly ``FigureWidget`` inside it."""

    widget: W.Widget
    figure: go.FigureWidget

    @staticmethod
    def wrap(fig: go.Figure, board: Board | None = None) -> go.FigureWidget:
        """The complete figure as a widget; with ``board`` its city names follow zoom and pan."""
        w = go.FigureWidget(fig)
        if board is not None:
            figures.follow_zoom(w, board)
        return w

    def _repr_mimebundle_(self, **kwargs):  # pragma: no cover - needs a kernel
        return self.widget._repr_mimebundle_(**kwargs)

    def _ipython_display_(self):  # pragma: no cover - needs a kernel
        display(self.widget)
