"""The display wing: the only part of ``eb_core`` that imports plotly or ipywidgets.

- :mod:`eb_core.display.figures` — plotly figures of boards, routes, positions and event areas, and the
  suite's ``eb`` template and player colours.
- :mod:`eb_core.display.charts` — charts of simulation results (the Chart of Success bands).
- :mod:`eb_core.display.widgets` — the ipywidgets apps the notebooks show (explorers, the position lab,
  the event explorer).

The rules core reaches this wing only through lazy display hooks (``Board.to_figure()``,
``BuildPlan.to_figure()``, ``_repr_html_``), so ``import eb_core`` never loads plotly.
"""
