"""The demand picker: pick one demand (a card's "load to city for payout"), see where to pick the load up,
the track to build and the ride, drawn on the board, with what the delivery is worth per turn.

The numbers are :func:`eb_core.economics.delivery_value`'s; this module only draws them.
"""
from __future__ import annotations

import html
from types import SimpleNamespace
from typing import Sequence

import ipywidgets as W

from ... import economics
from ...board import Board
from ...cards import Demand
from ...errors import InvalidAction
from ...rules import Ruleset, ruleset as _ruleset
from .. import figures
from .base import App

__all__ = ["DemandPicker", "demand_picker"]


def _as_plan(value) -> SimpleNamespace:
    """What :func:`figures.add_route` draws: the whole ride, with the new track's segments labelled."""
    return SimpleNamespace(mileposts=list(value.path), segments=list(value.segments), cost=value.build_cost)


class DemandPicker(App):
    """A dropdown of demands (``"Wine to Paris for 20M"``) -> the best way to deliver the one picked, for a
    player with no track yet and the starting train (or ``track``/``player``/``train`` as in
    :func:`eb_core.economics.delivery_value`): the ride drawn on the board (new track's segment costs on
    hover), the title saying source, turns and income per turn, and the plain-words explanation below.

    ``result`` is the last :class:`~eb_core.economics.DeliveryValue`; ``zoom`` zooms onto each ride.
    """

    def __init__(self, board: Board, rules: Ruleset | None = None, demands: Sequence[Demand] = (), *,
                 demand: int = 0, height: int | None = None, zoom: bool = True, **value_kwargs):
        if not demands:
            raise InvalidAction("demands: the demand picker needs at least one demand to pick from",
                                field="demands")
        self.board = board
        self.rules = rules if rules is not None else _ruleset("europe-standard")
        self.demands = list(demands)
        self.value_kwargs = value_kwargs
        self.zoom = zoom
        self.demand = W.Dropdown(options=[(str(d), i) for i, d in enumerate(self.demands)],
                                 value=max(0, min(int(demand), len(self.demands) - 1)), description="demand",
                                 layout=W.Layout(width="420px"))
        self.summary = W.HTML()
        self.result = self._compute()
        fig = figures.board_figure(board, self.rules, height=height, title=self._title())
        figures.add_route(fig, board, _as_plan(self.result), name=self._route_name())
        if zoom:
            figures.zoom_to(fig, board, list(self.result.path), margin=3)
        self.figure = self.wrap(fig, board)
        self._summarise()
        self.demand.observe(lambda change: self.update(), names="value")
        self.widget = W.VBox([self.demand, self.figure, self.summary])

    @property
    def picked(self) -> Demand:
        return self.demands[self.demand.value]

    def _compute(self):
        return economics.delivery_value(self.board, self.rules, self.picked, **self.value_kwargs)

    def _title(self) -> str:
        v = self.result
        return (f"{v.load} to {v.city} for {v.payout}M: from {v.source}, {v.build_cost}M of track, "
                f"{v.turns} turns, {v.income_per_turn:.1f}M a turn after the track")

    def _route_name(self) -> str:
        return f"ride from {self.result.source} (new track {self.result.build_cost}M)"

    def _summarise(self) -> None:
        self.summary.value = f"<p style='max-width:60em'>{html.escape(self.result.explain())}</p>"

    def update(self):
        """Price the demand now picked and redraw; returns its :class:`~eb_core.economics.DeliveryValue`."""
        self.result = self._compute()
        figures.set_route(self.figure, self.board, _as_plan(self.result), name=self._route_name())
        self.figure.layout.title.text = self._title()      # layout apart from the trace batch (Voila)
        if self.zoom:
            figures.zoom_to(self.figure, self.board, list(self.result.path), margin=3)
        self._summarise()
        return self.result


def demand_picker(board: Board, rules: Ruleset | None = None, demands: Sequence[Demand] = (), **kwargs) -> DemandPicker:
    """A :class:`DemandPicker` (pick a demand, see how to deliver it and what it is worth per turn)."""
    return DemandPicker(board, rules, demands, **kwargs)
