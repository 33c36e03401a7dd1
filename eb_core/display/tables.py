"""Tables beside the figures: pandas DataFrames and Stylers that read at a glance -- places by name, money
in M, rates to one decimal, long text wrapped. No plotly here.

>>> import eb_core as eb
>>> from eb_core.display import tables
>>> b, r = eb.load_board("tutorial"), eb.ruleset("europe-standard")
>>> t = tables.segment_table(b, r, b.meta["examples"]["antwerp"]["path"])   # Example 1 (Antwerp)
>>> int(t.loc["total", "cost (M)"]), t.loc[2, "to"]
(6, 'Antwerpen')
"""
from __future__ import annotations

from typing import Iterable, Sequence

import re

import numpy as np
import pandas as pd

from ..board import Board
from ..costs import BuildPlan, path_cost
from ..narrate import place
from ..rules import Ruleset

__all__ = ["path_plan", "route_table", "segment_table", "style_table", "readable", "MONEY_WORDS", "RATE_WORDS",
           "TURN_WORDS"]

#: column-name words that mark money (shown as whole millions, ``"12M"``; money per turn as ``"4.3M"``)
MONEY_WORDS = ("cost", "payout", "cash", "profit", "money", "price", "build", "income", "rent", "(M)")
#: column-name words that mark rates and ratios (shown to one decimal); underscores and hyphens in a
#: column's name count as spaces, so ``payout_per_turn`` is a rate
RATE_WORDS = ("per turn", "/turn", "rate", "ratio", "per milepost", "speed", "share")
#: whole column-name words that mark a count of turns (``turns``, ``build_turns``, ``median turns``): shown
#: as whole numbers (one decimal only for a fraction such as a median), never as money -- unless the name
#: is also a rate (``payout per turn``)
TURN_WORDS = ("turn", "turns")


def path_plan(board: Board, rules: Ruleset, path: Sequence[int], *, owned_crossings: Iterable[str] = ()) -> BuildPlan:
    """The :class:`~eb_core.costs.BuildPlan` of a hand-drawn path of neighbouring mileposts, priced
    segment by segment with :func:`eb_core.costs.path_cost` (the one build type figures, tables and
    widgets draw)."""
    path = tuple(int(m) for m in path)
    segs = tuple(path_cost(board, rules, path, owned_crossings=owned_crossings))
    return BuildPlan(cost=sum(s.total for s in segs), mileposts=path, segments=segs, board=board,
                     start=place(board, path[0]) if path else "", end=place(board, path[-1]) if path else "")


def route_table(plan, board: Board | None = None) -> pd.DataFrame:
    """A DataFrame with one row per segment of a build plan: from, to (places by name), what is built
    into, then in millions what that milepost costs, the bridge, the ferry or tunnel, the segment's cost
    and the running total, and what the bridge crosses.

    A last row ``total`` sums the columns, so the table always agrees with ``plan.cost``.
    """
    board = board if board is not None else getattr(plan, "board", None)
    rows = []
    running = 0
    for i, s in enumerate(getattr(plan, "segments", ()) or (), 1):
        running += s.total
        rows.append({
            "step": i,
            "from": place(board, s.a) if board is not None else s.a,
            "to": place(board, s.b) if board is not None else s.b,
            "built into": s.crossing_name if s.crossing_name else s.base_label,
            "milepost (M)": s.base, "bridge (M)": s.water, "ferry/tunnel (M)": s.crossing,
            "cost (M)": s.total, "running total (M)": running, "bridge over": s.water_label or "",
        })
    cols = ["step", "from", "to", "built into", "milepost (M)", "bridge (M)", "ferry/tunnel (M)", "cost (M)",
            "running total (M)", "bridge over"]
    df = pd.DataFrame(rows, columns=cols)
    if rows:
        tot = {c: "" for c in cols}
        tot.update({"step": "total", "milepost (M)": int(df["milepost (M)"].sum()),
                    "bridge (M)": int(df["bridge (M)"].sum()), "ferry/tunnel (M)": int(df["ferry/tunnel (M)"].sum()),
                    "cost (M)": int(df["cost (M)"].sum()), "running total (M)": running})
        df = pd.concat([df, pd.DataFrame([tot], columns=cols)], ignore_index=True)
    df = df.set_index("step")
    df.index.name = None            # (the row labels say it: 1, 2, ... total)
    return df


def segment_table(board: Board, rules: Ruleset, path: Sequence[int], *,
                  owned_crossings: Iterable[str] = ()) -> pd.DataFrame:
    """The same table for a hand-drawn path of mileposts (priced by :func:`path_plan`)."""
    return route_table(path_plan(board, rules, path, owned_crossings=owned_crossings), board)


def style_table(df, *, low: str = "#fff7ec", high: str = "#b30000", fmt: str = "{:.0f}", na: str = "—"):
    """A pandas Styler that shades a numeric table from ``low`` to ``high`` (a text heat map beside
    every figure; needs no matplotlib). Missing values (no route) stay unshaded and show ``na``.

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


def _name(name) -> str:
    return re.sub(r"[_\-]+", " ", str(name)).casefold()


def _has(name: str, words: Sequence[str]) -> bool:
    n = _name(name)
    return any(w.casefold() in n for w in words)


def _counts_turns(name) -> bool:
    """A name that counts turns (``turns``, ``build_turns``), not a rate per turn (``payout_per_turn``)."""
    words = set(re.findall(r"[^\W_]+", _name(name)))
    return bool(words & {w.casefold() for w in TURN_WORDS}) and not _has(name, RATE_WORDS)


def _num(decimals: int, unit: str = ""):
    return lambda v: "—" if pd.isna(v) else f"{v:,.{decimals}f}{unit}"


def _whole(v) -> str:
    """A count (of turns): ``"7"``, or ``"31.5"`` for a fraction such as a median."""
    if pd.isna(v):
        return "—"
    return f"{v:,.0f}" if float(v).is_integer() else f"{v:,.1f}"


def readable(df: pd.DataFrame, *, money: Sequence[str] | None = None, rates: Sequence[str] | None = None,
             wrap: int = 38, max_width: str = "26em"):
    """A Styler that a new player can read: money columns as whole millions (``"25M"``), money per turn
    to one decimal (``"4.3M"``), other rates and fractions to one decimal (``"0.7"``), counts of turns as
    whole numbers (``"3"``, never ``"3M"`` or ``"3.0"``), and text longer than ``wrap`` characters wrapped
    inside a column at most ``max_width`` wide (never running off the right edge). Row numbers (a plain
    ``0, 1, 2, ...`` index, no name) are not shown: they count rows, they say nothing; a named index is.

    ``money`` / ``rates`` name the columns; by default they are recognised by words in their names
    (:data:`MONEY_WORDS`, :data:`RATE_WORDS`; a name counting turns, :data:`TURN_WORDS`, is never money).
    A column in both, or a ``money`` column whose name is a rate (``"income per turn"``), is money per
    turn: ``"4.3M"``.

    >>> t = pd.DataFrame({"load": ["Wine"], "payout": [25.0], "per turn": [2/3], "note": ["x" * 60]})
    >>> html = readable(t).to_html()
    >>> "25M" in html and "0.7" in html and "white-space: normal" in html
    True
    >>> t = pd.DataFrame({"build_cost": [16], "build_turns": [1], "turns": [3], "payout_per_turn": [20 / 3]})
    >>> html = readable(t).to_html()
    >>> [f">{v}</td>" in html for v in ("16M", "1", "3", "6.7M")], "1M" in html or "3.0" in html
    ([True, True, True, True], False)
    """
    money = ([c for c in df.columns if _has(c, MONEY_WORDS) and not _counts_turns(c)] if money is None
             else list(money))
    rates = [c for c in df.columns if _has(c, RATE_WORDS)] if rates is None else list(rates)
    fmt = {}
    for c in df.columns:
        col = df[c]
        if not pd.api.types.is_numeric_dtype(col) or pd.api.types.is_bool_dtype(col):
            continue
        if c in money:
            fmt[c] = _num(1 if c in rates or _has(c, RATE_WORDS) else 0, "M")
        elif c in rates:
            fmt[c] = _num(1)
        elif _counts_turns(c):
            fmt[c] = _whole
        elif pd.api.types.is_float_dtype(col):
            fmt[c] = _num(1)
    long_text = [c for c in df.columns if (df[c].dtype == object or pd.api.types.is_string_dtype(df[c]))
                 and df[c].map(lambda v: isinstance(v, str) and len(v) > wrap).any()]
    sty = df.style.format(fmt)
    if long_text:
        sty = sty.set_properties(subset=long_text, **{"white-space": "normal", "max-width": max_width,
                                                      "min-width": "12em", "text-align": "left"})
    if isinstance(df.index, pd.RangeIndex) and df.index.name is None and df.index.equals(pd.RangeIndex(len(df))):
        sty = sty.hide(axis="index")
    return sty.set_table_styles([{"selector": "td, th", "props": [("vertical-align", "top")]}], overwrite=False)
