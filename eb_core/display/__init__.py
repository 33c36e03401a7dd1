"""The display wing: the only part of ``eb_core`` that imports plotly or ipywidgets.

- :mod:`eb_core.display.figures` — the one map component for every board (responsive width, equal aspect,
  a compact legend below, city names placed by priority without collisions, overlays that never hide a
  name, a selection ring, ``zoom_to``), overlays for routes, track, trains and areas, the suite's ``eb``
  template and player colours, and ``export`` to PNG/HTML.
- :mod:`eb_core.display.tables` — pandas tables beside the figures (routes, segments, heat maps) and
  ``readable`` (money in M, rates to one decimal, long text wrapped). No plotly.
- :mod:`eb_core.display.charts` — charts of simulation results (the Chart of Success bands).
- :mod:`eb_core.display.widgets` — the ipywidgets apps the notebooks show (explorers, the position lab,
  the event explorer, the turn stepper), each drawn complete from its controls before it is shown.

The words come from the rules side (:mod:`eb_core.narrate`: places by name, money in M). The rules core
reaches this wing only through lazy display hooks (``Board.to_figure()``, ``BuildPlan.to_figure()``,
``_repr_html_``), so ``import eb_core`` never loads plotly.
"""
