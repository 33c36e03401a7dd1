"""Plotly figures for simulation results (no game logic): turns to win placed on the Chart of Success, as
one box of points per ruleset (:func:`turns_figure`) or as a histogram coloured by band (:func:`chart_histogram`).

>>> import pandas as pd
>>> from eb_core.display.charts import turns_figure
>>> df = pd.DataFrame({"ruleset": ["europe-basic"] * 2, "won": [True, False], "turns": [33, 80]})
>>> fig = turns_figure(df)
>>> [t.name for t in fig.data]
['europe-basic']
"""
from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence

import plotly.graph_objects as go

from ..errors import InvalidAction
from ..rules import Ruleset, ruleset
from ..sim import CHART_OF_SUCCESS, chart_for, chart_of_success
from ..words import or_list
from .figures import TEMPLATE

__all__ = ["chart_histogram", "turns_figure"]

_BAND_COLORS = ("#1a9850", "#91cf60", "#d9ef8b", "#fee08b", "#fc8d59")


def _chart_of(value, *, known: bool = True) -> str | None:
    """The Chart of Success (``"basic"`` / ``"standard"``) of one ``ruleset`` value of a results table: a
    :class:`~eb_core.rules.Ruleset` or its name (``"europe-basic+fast-game"``). A ruleset without a Chart
    (Empire Express) is refused by name; a name that is no ruleset (a variant's label) is refused if
    ``known``, else ``None``."""
    try:
        return chart_for(value if isinstance(value, Ruleset) else str(value))
    except KeyError as e:       # a name that is no ruleset (chart_for refuses a ruleset without a Chart)
        if not known:
            return None
        raise InvalidAction(f"chart: cannot tell which Chart of Success the ruleset {value!r} uses "
                            f"({e.args[0] if e.args else e}); pass chart= {or_list(map(repr, CHART_OF_SUCCESS))}",
                            field="chart") from None


def _pick_chart(df, chart: str | None) -> str | None:
    """``chart`` in any case, checked; else the one chart of the rulesets in ``df`` (``None`` if no games)."""
    if chart is not None:
        key = str(chart).strip().casefold()
        if key not in CHART_OF_SUCCESS:
            raise InvalidAction(f"chart: no Chart of Success {chart!r}; choose from {or_list(map(repr, CHART_OF_SUCCESS))} "
                                f"(or leave it out: the chart of the results' ruleset)", field="chart")
        for value in (dict.fromkeys(df["ruleset"]) if len(df) else ()):
            _chart_of(value, known=False)   # Express results have no chart to be drawn on
        return key
    if not len(df):
        return None
    charts = {}
    for value in dict.fromkeys(df["ruleset"]):
        charts.setdefault(_chart_of(value), []).append(str(getattr(value, "name", value)))
    if len(charts) > 1:
        mix = "; ".join(f"{c}: {', '.join(names)}" for c, names in charts.items())
        raise InvalidAction(f"chart: these results mix rulesets of different Charts of Success ({mix}); pass "
                            f"chart= {or_list(map(repr, CHART_OF_SUCCESS))} or draw each chart's games apart",
                            field="chart")
    return next(iter(charts))


def turns_figure(df, *, chart: str | None = None, title: str | None = None) -> go.Figure:
    """Turns to victory of the won games in ``df`` (one point per game, one column per ruleset), over
    the shaded bands of the rulebook's Chart of Success for Solo Play.

    ``df`` has the columns ``ruleset``, ``won`` and ``turns`` of :func:`eb_core.sim.monte_carlo`. ``chart``
    (``"basic"`` or ``"standard"``, any case) picks the bands; left out, it is the chart of the results'
    ruleset (:func:`eb_core.sim.chart_name`: the Basic Game's chart for Basic Game results), and results
    that mix the two charts are refused (:class:`~eb_core.errors.InvalidAction`); results of a ruleset
    without a Chart (Empire Express) are refused by name whatever ``chart`` says. With no games at all
    (an empty ``df``) the figure is an empty chart whose title says so -- the bands of ``chart`` if given,
    else none.

    >>> import pandas as pd
    >>> fig = turns_figure(pd.DataFrame({"ruleset": ["europe-basic"], "won": [True], "turns": [29]}))
    >>> fig.layout.title.text
    'Turns to victory on the basic Chart of Success'
    >>> turns_figure(pd.DataFrame()).layout.title.text
    'No games to place on a Chart of Success'
    """
    missing = [c for c in ("ruleset", "won", "turns") if c not in df.columns] if len(df) else []
    if missing:
        raise InvalidAction(f"df: results need the columns ruleset, won and turns (as eb.monte_carlo gives); "
                            f"missing {', '.join(missing)}", field="df")
    chart = _pick_chart(df, chart)
    fig = go.Figure()
    if not len(df):
        if chart is not None:
            _add_bands(fig, chart, 70)
        where = f"the {chart}" if chart is not None else "a"
        fig.update_layout(title=title or f"No games to place on {where} Chart of Success", yaxis_title="turns",
                          showlegend=False, height=420)
        return fig
    won = df[df["won"].astype(bool)]
    for name, grp in won.groupby("ruleset", sort=False):
        fig.add_trace(go.Box(y=grp["turns"], name=str(name), boxpoints="all", jitter=0.3, pointpos=0))
    _add_bands(fig, chart, int(won["turns"].max()) + 5 if len(won) else 70)
    fig.update_layout(title=title or f"Turns to victory on the {chart} Chart of Success", yaxis_title="turns",
                      showlegend=False, height=420)
    return fig


def _add_bands(fig: go.Figure, chart: str, top: int) -> None:
    lo = 0
    for (bound, label), color in zip(CHART_OF_SUCCESS[chart], _BAND_COLORS):
        hi = min(bound, top)
        fig.add_hrect(y0=lo, y1=hi, fillcolor=color, opacity=0.25, line_width=0,
                      annotation_text=label, annotation_position="right")
        lo = hi


def chart_histogram(turns: Sequence[int], rules: Ruleset | str = "europe-standard", *,
                    title: str | None = None) -> go.Figure:
    """Many games' turns to victory on the rulebook's Chart of Success (Solo & Variant Rules > Chart of
    Success for Solo Play): a bar for each number of turns, coloured by its band, the bands named across the
    top and the median marked. ``rules`` picks the chart (the Basic Game's for basic rulesets); ``turns``
    are the games won (a game not won has no place on the chart).

    >>> fig = chart_histogram([28, 31, 31, 44, 50], "europe-basic")
    >>> [t.name for t in fig.data]
    ['Blowout Victory', 'Solid Victory', '2nd or 3rd place', 'Last Place']
    """
    rules = ruleset(*str(rules).split("+")) if isinstance(rules, str) else rules
    chart = chart_for(rules)            # (a game whose rulebook has no Chart refused by name)
    bands = CHART_OF_SUCCESS[chart]
    values = sorted(int(t) for t in turns)
    counts = Counter(values)
    band = {t: chart_of_success(t, rules) for t in counts}      # the rulebook's band of each count of turns
    fig = go.Figure()
    lo = 0
    top = max(counts.values(), default=1)
    hi_all = max(values, default=bands[-2][0]) + 2
    lo_all = min(values[0] if values else 0, bands[0][0]) - 3
    for (bound, name), color in zip(bands, _BAND_COLORS):
        xs = [t for t in sorted(counts) if band[t] == name]
        if xs:
            fig.add_trace(go.Bar(x=xs, y=[counts[t] for t in xs], name=name, marker_color=color,
                                 hovertemplate=f"%{{x}} turns: %{{y}} games<br>{name}<extra></extra>"))
        left, right = max(lo, lo_all), min(bound, hi_all)
        if left < right:
            fig.add_annotation(x=(left + right - 1) / 2 if bound < 10 ** 9 else left + 1, y=top * 1.12, text=name,
                               showarrow=False, xanchor="center" if bound < 10 ** 9 else "left",
                               font=dict(size=11, color="#444"))
        if bound < 10 ** 9:
            fig.add_vline(x=bound - 0.5, line=dict(color="#999", width=1, dash="dot"))
        lo = bound
    if values:
        median = float(statistics.median(values))
        fig.add_vline(x=median, line=dict(color="black", width=2))
        fig.add_annotation(x=median, y=top * 1.0, text=f"median {median:g}", showarrow=False, xanchor="left",
                           xshift=4, bgcolor="rgba(255,255,255,0.8)", font=dict(size=12))
    fig.update_layout(template=TEMPLATE, barmode="stack", bargap=0.1, height=380,
                      title=title or f"{len(values)} games on the Chart of Success ({chart} game)",
                      xaxis=dict(title="turns to victory", showticklabels=True, dtick=5, range=[lo_all, hi_all]),
                      yaxis=dict(title="games", showticklabels=True, range=[0, top * 1.22]),
                      legend=dict(orientation="h", y=-0.25, traceorder="normal"))
    return fig
