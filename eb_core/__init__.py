"""eb_core -- the rules core of the Empire Builder teaching & analysis suite.

>>> import eb_core as eb
>>> board = eb.load_board("tutorial")
>>> rules = eb.ruleset("europe-standard")
>>> eb.cheapest_build(board, rules, "London", "Birmingham").cost
5

The core (board, rules, cards, state, actions, engine, events, routes, economics, sim) never imports
plotly or ipywidgets; :mod:`eb_core.display` (figures, tables, widgets) holds all display code.
The value types (board, costs, errors, rules, track) are imported at once; the rest of the public names
(the engine, routes, economics, bots, sim) on first use, so ``import eb_core`` stays fast.
"""
from __future__ import annotations

import importlib as _importlib

from .board import Board, City, CitySize, Crossing, Edge, Ferry, Milepost, Terrain, Tunnel, Water, load_board
from .costs import SegmentCost, segment_cost
from .errors import BoardFileError, DataFileError, DeckFileError, EbError, IllegalAction, InvalidAction, UnknownName
from .rules import Ruleset, Train, ruleset
from .track import Track

__version__ = "0.1.0"

# name -> module for lazily imported public names
_LAZY = {
    "cheapest_build": "routes", "BuildPlan": "costs", "cost_table": "routes", "travel_table": "routes",
    "cheapest_connection": "routes", "shortest_trip": "routes", "travel_turns": "routes", "Trip": "routes",
    "Game": "engine",
    "delivery_value": "economics", "delivery_table": "economics", "plan_hand": "economics",
    "plan_opening": "economics", "plan_for": "economics",
    "DeliveryValue": "economics", "HandPlan": "economics", "OpeningPlan": "economics",
    "GameState": "state", "PlayerState": "state", "Position": "state",
    "load_deck": "cards", "Deck": "cards", "DemandCard": "cards", "Demand": "cards", "EventCard": "cards",
    "Build": "actions", "BuildCrossing": "actions", "Upgrade": "actions", "Move": "actions",
    "PickUp": "actions", "Deliver": "actions", "Drop": "actions", "DiscardHand": "actions",
    "EndTurn": "actions", "PlaceTrain": "actions", "Borrow": "actions", "Discard": "actions", "EndOperations": "actions",
    "EndBuild": "actions",
    "position": "positions", "position_to_text": "positions", "try_action": "positions", "attempt": "positions",
    "Outcome": "positions",
    "PositionError": "positions", "save_position": "positions", "load_position": "positions",
    "monte_carlo": "sim", "solo_game": "sim", "chart_of_success": "sim", "WinLoss": "sim", "SoloResult": "sim",
    "PlannerBot": "bots.planner", "hint": "bots.hint",
}

# submodules that moved, still importable by their old name (``from eb_core import areas``)
_MODULES = {"areas": "events.areas"}


def __getattr__(name: str):
    if name in _MODULES:
        value = _importlib.import_module(f".{_MODULES[name]}", __name__)
        globals()[name] = value
        return value
    mod = _LAZY.get(name)
    if mod is None:
        raise AttributeError(f"module 'eb_core' has no attribute {name!r}")
    value = getattr(_importlib.import_module(f".{mod}", __name__), name)
    globals()[name] = value
    return value


def __dir__():
    # what a notebook's tab completion offers after ``eb.``: the public names and the loaded submodules,
    # not the ``annotations`` that ``from __future__`` leaves behind
    return sorted((set(globals()) - {"annotations"}) | set(_LAZY) | set(_MODULES))


__all__ = [
    "Board", "City", "CitySize", "Crossing", "Edge", "Ferry", "Milepost", "Terrain", "Tunnel", "Water",
    "load_board", "SegmentCost", "segment_cost", "BoardFileError", "DataFileError", "DeckFileError", "EbError",
    "IllegalAction", "InvalidAction", "UnknownName", "Ruleset", "Train", "ruleset", "Track", *sorted(_LAZY),
]
