"""Plotly figures for simulation results (no game logic): turns to win placed on the Chart of Success.

>>> import pandas as pd
>>> from eb_core.display.charts import turns_figure
>>> df = pd.DataFrame({"ruleset": ["europe-basic"] * 2, "won": [True, False], "turns": [33, 80]})
>>> fig = turns_figure(df)
>>> [t.name for t in fig.data]
['europe-basic']
"""
from __future__ import annotations

import plotly.graph_objects as go

from ..sim import CHART_OF_SUCCESS

__all__ = ["turns_figure"]

_BAND_COLORS = ("#1a9850", "#91cf60", "#d9ef8b", "#fee08b", "#fc8d59")


def turns_figure(df, *, chart: str = "standard", title: str | None = None) -> go.Figure:
    """Turns to victory of the won games in ``df`` (one point per game, one column per ruleset), over
    the shaded bands of the rulebook's Chart of Success for Solo Play (``chart`` = ``"basic"`` or
    ``"standard"``)."""
    fig = go.Figure()
    won = df[df["won"]]
    for name, grp in won.groupby("ruleset", sort=False):
        fig.add_trace(go.Box(y=grp["turns"], name=str(name), boxpoints="all", jitter=0.3, pointpos=0))
    lo = 0
    top = max([int(won["turns"].max()) + 5] if len(won) else [70])
    for (bound, label), color in zip(CHART_OF_SUCCESS[chart], _BAND_COLORS):
        hi = min(bound, top)
        fig.add_hrect(y0=lo, y1=hi, fillcolor=color, opacity=0.25, line_width=0,
                      annotation_text=label, annotation_position="right")
        lo = hi
    fig.update_layout(title=title or f"Turns to victory on the {chart} Chart of Success", yaxis_title="turns",
                      showlegend=False, height=420)
    return fig
