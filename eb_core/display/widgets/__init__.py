"""ipywidgets apps for the notebooks: each builds its figure from its controls' values before display.

>>> from eb_core.display.widgets import route_explorer   # doctest: +SKIP

- :mod:`.base` — :class:`App`, what every app shares (a figure complete before it is shown).
- :mod:`.explorers` — route explorer, load finder, city inspector, distance picker.
- :mod:`.toolkit` — the instructor's position lab (set up a position, try an action).
- :mod:`.events` — the event explorer.
- :mod:`.demands` — the demand picker (what one demand is worth, drawn).
- :mod:`.stepper` — the turn stepper over a recorded game.
"""
from __future__ import annotations

from .base import App
from .demands import DemandPicker, demand_picker
from .events import EventExplorer, event_explorer
from .explorers import CityInspector, DistancePicker, LoadFinder, RouteExplorer, city_inspector, distance_picker, \
    load_finder, route_explorer
from .stepper import TurnStepper, frames_of, turn_stepper
from .toolkit import ACCEPTED, REJECTED, PositionLab, position_lab

__all__ = ["App", "DemandPicker", "demand_picker", "EventExplorer", "event_explorer", "CityInspector", "DistancePicker", "LoadFinder",
           "RouteExplorer", "city_inspector", "distance_picker", "load_finder", "route_explorer", "ACCEPTED",
           "REJECTED", "PositionLab", "position_lab", "TurnStepper", "turn_stepper", "frames_of"]
