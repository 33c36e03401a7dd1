"""Tables a new player can read (eb_core.display.tables): places by name, money in M, rates to one
decimal, long text wrapped; one BuildPlan type behind every route table."""
from __future__ import annotations

import pandas as pd

import eb_core as eb
from eb_core.costs import BuildPlan
from eb_core.display import tables


def test_path_plan_is_a_build_plan_priced_like_the_rulebook(board, rules):
    ex = board.meta["examples"]["antwerp"]                       # Example 1 (Antwerp): 6M
    plan = tables.path_plan(board, rules, ex["path"])
    assert isinstance(plan, BuildPlan) and plan.cost == 6 and plan.board is board
    assert plan.end == "Antwerpen" and sum(plan.breakdown.values()) == 6


def test_route_table_names_places_not_milepost_ids(board, rules):
    plan = eb.cheapest_build(board, rules, "London", "Paris")
    t = tables.route_table(plan)
    body = t.drop(index="total")
    for col in ("from", "to"):
        for v in body[col]:
            assert isinstance(v, str) and not any(ch.isdigit() for ch in v), v
    assert t.loc["total", "cost"] == plan.cost


def test_readable_rounds_money_and_rates_and_wraps_long_text():
    df = pd.DataFrame({"load": ["Wine", "Beer"], "payout": [25.0, 12.0], "per turn": [5.0, 2 / 3],
                       "what it does": ["x " * 60, "short"]})
    html = tables.readable(df).to_html()
    assert "25M" in html and "12M" in html
    assert "0.7" in html and "0.666667" not in html and "5.000000" not in html
    assert "white-space: normal" in html and "max-width: 26em" in html
