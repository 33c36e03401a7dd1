"""The demand picker (notebook 07): the figure shows the demand its dropdown shows before display, and
picking another demand redraws the ride, the title and the explanation."""
from __future__ import annotations

import numpy as np
import pytest

import eb_core as eb
from eb_core.cards import Demand
from eb_core.display import figures
from eb_core.display.widgets import DemandPicker, demand_picker


@pytest.fixture(scope="module")
def europe():
    return eb.load_board("europe"), eb.ruleset("europe-standard")


DEMANDS = [Demand("Paris", "Wine", 20), Demand("Wien", "Hops", 41), Demand("Birmingham", "Coal", 5)]


def _points(fig, key="route") -> int:
    x = np.asarray(figures.find_trace(fig, key).x, dtype=float)
    return int(np.isfinite(x).sum())


def test_first_paint_shows_the_demand_the_dropdown_shows(europe):
    board, rules = europe
    app = demand_picker(board, rules, DEMANDS, demand=1)
    value = eb.delivery_value(board, rules, DEMANDS[1])
    assert app.demand.label == "Hops to Wien for 41M"
    assert _points(app.figure) == len(value.path) > 1          # the whole ride is drawn before display
    title = app.figure.layout.title.text
    assert title.startswith("Hops to Wien for 41M") and value.source in title and f"{value.turns} turns" in title
    assert value.source in app.summary.value


def test_picking_another_demand_redraws(europe):
    board, rules = europe
    app = DemandPicker(board, rules, DEMANDS)
    before = list(figures.find_trace(app.figure, "route").x)
    app.demand.value = 2                                         # as a click on the dropdown does
    value = eb.delivery_value(board, rules, DEMANDS[2])
    assert app.result.source == value.source and app.result.turns == value.turns
    assert list(figures.find_trace(app.figure, "route").x) != before
    assert _points(app.figure) == len(value.path)
    assert app.figure.layout.title.text.startswith("Coal to Birmingham for 5M")


def test_needs_a_demand(europe):
    board, rules = europe
    with pytest.raises(eb.InvalidAction, match="at least one demand"):
        DemandPicker(board, rules, [])
