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

__all__ = ["App", "MapWidget"]


class MapWidget(go.FigureWidget):
    """A plotly ``FigureWidget`` whose comm opens only once the figure is complete.

    ``ipywidgets.Widget.__init__`` opens the widget's comm before plotly's ``__init__`` has copied the
    figure into the synced ``_widget_data``/``_widget_layout``: the front end creates the model EMPTY and
    receives the figure in a second, "update" message, deserialised asynchronously. A view created in
    between (a first Run All in JupyterLab, a large board) draws empty axes, and plotly's view ignores later
    changes of ``_widget_data``: a stale first paint. Here the comm is opened at the end of ``__init__``, so
    the model's first state already holds every trace and the layout.
    """

    _complete = False

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._complete = True
        self.open()

    def open(self):
        if self._complete:
            super().open()


class App:
    """Display plumbing of the apps: ``widget`` is the ipywidgets container shown in the notebook,
    ``figure`` the plotly ``FigureWidget`` inside it."""

    widget: W.Widget
    figure: go.FigureWidget

    @staticmethod
    def wrap(fig: go.Figure, board: Board | None = None) -> go.FigureWidget:
        """The complete figure as a widget; with ``board`` its city names follow zoom and pan."""
        w = MapWidget(fig)
        if board is not None:
            figures.follow_zoom(w, board)
        return w

    def _repr_mimebundle_(self, **kwargs):  # pragma: no cover - needs a kernel
        return self.widget._repr_mimebundle_(**kwargs)

    def _ipython_display_(self):  # pragma: no cover - needs a kernel
        display(self.widget)
