"""Tables a new player can read (eb_core.display.tables): places by name, money in M, rates to one
decimal, long text wrapped; one BuildPlan type behind every route table."""
from __future__ import annotations

import re

import pandas as pd
import pytest

import eb_core as eb
from eb_core.cards import Demand
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
    assert t.loc["total", "cost (M)"] == plan.cost


def test_readable_rounds_money_and_rates_and_wraps_long_text():
    df = pd.DataFrame({"load": ["Wine", "Beer"], "payout": [25.0, 12.0], "per turn": [5.0, 2 / 3],
                       "what it does": ["x " * 60, "short"]})
    html = tables.readable(df).to_html()
    assert "25M" in html and "12M" in html
    assert "0.7" in html and "0.666667" not in html and "5.000000" not in html
    assert "white-space: normal" in html and "max-width: 26em" in html


# --- what each column of a delivery table reads as ------------------------------------------------

def shown(sty) -> dict:
    """The text a player sees in each column of a Styler, column name -> [row 0, row 1, ...]."""
    html = sty.to_html()
    cols = list(sty.data.columns)
    out = {c: [] for c in cols}
    for _row, j, text in re.findall(r'class="data row(\d+) col(\d+)" >(.*?)</td>', html):
        out[cols[int(j)]].append(text)
    return out


@pytest.fixture(scope="module")
def oranges_to_berlin():
    """Europe, standard game: Oranges to Berlin for 35M, from Valencia -- 56M of track (3 build turns at
    20M a turn), 5 turns of travel, 8 turns in all: 4.375M a turn, -2.625M a turn after the track."""
    eu = eb.load_board("europe")
    return eb.delivery_table(eu, eb.ruleset("europe-standard"), [Demand("Berlin", "Oranges", 35)])


def test_a_delivery_table_shows_3_build_turns_not_3M(oranges_to_berlin):
    assert oranges_to_berlin.loc[0, "build_turns"] == 3
    seen = shown(tables.readable(oranges_to_berlin))
    assert seen["build_turns"] == ["3"]                      # a count of turns, not money
    assert seen["travel_turns"] == ["5"] and seen["turns"] == ["8"]      # not "5.0" / "8.0"


def test_a_delivery_table_shows_money_per_turn_to_one_decimal(oranges_to_berlin):
    seen = shown(tables.readable(oranges_to_berlin))
    assert seen["payout_per_turn"] == ["4.4M"]               # not "4M"
    assert seen["income_per_turn"] == ["-2.6M"]              # not "-3M"


def test_a_delivery_table_keeps_money_in_whole_millions(oranges_to_berlin):
    seen = shown(tables.readable(oranges_to_berlin))
    assert seen["payout"] == ["35M"] and seen["build_cost"] == ["56M"]
    assert seen["city"] == ["Berlin"] and seen["source"] == ["Valencia"] and seen["distance"] == ["44"]


def test_column_names_with_spaces_read_the_same_as_with_underscores(oranges_to_berlin):
    spaced = oranges_to_berlin.rename(columns=lambda c: c.replace("_", " "))
    assert list(shown(tables.readable(spaced)).values()) == list(shown(tables.readable(oranges_to_berlin)).values())


def test_a_median_of_turns_keeps_its_half_but_whole_turns_have_no_decimal():
    df = pd.DataFrame({"variant": ["base", "fast-game"], "median turns": [31.5, 27.0],
                       "turns to win": [32, 27], "money per turn": [3.34, 4.0], "mileposts per turn": [9.0, 12.0]})
    seen = shown(tables.readable(df))
    assert seen["median turns"] == ["31.5", "27"] and seen["turns to win"] == ["32", "27"]
    assert seen["money per turn"] == ["3.3M", "4.0M"]        # money a turn: one decimal, in M
    assert seen["mileposts per turn"] == ["9.0", "12.0"]     # a rate that is not money: no M


def test_a_money_column_named_per_turn_is_money_per_turn_even_when_named_by_hand():
    # notebook 07: the sources of Wine for Paris, with the money columns named by hand
    df = pd.DataFrame([("Bordeaux", 16, 3, 4 / 3), ("Wien", 34, 5, -2.8)],
                      columns=["source", "track to build", "turns", "income per turn"])
    seen = shown(tables.readable(df, money=["track to build", "income per turn"], rates=[]))
    assert seen["track to build"] == ["16M", "34M"] and seen["turns"] == ["3", "5"]
    assert seen["income per turn"] == ["1.3M", "-2.8M"]


def test_cash_in_millions_and_missing_values_read_as_a_dash():
    df = pd.DataFrame({"build": ["into Harrisburg"], "cash before (M)": [12], "accepted": ["yes"]})
    assert shown(tables.readable(df))["cash before (M)"] == ["12M"]
    cash = pd.DataFrame({"orange": [50.0, 38.0], "green": [50.0, float("nan")]})
    assert shown(tables.readable(cash, money=["orange", "green"]))["green"] == ["50M", "—"]


def test_example_1_antwerp_reads_segment_by_segment_with_a_running_total(board, rules):
    """Build Phase Rules > Bridges, Example 1 (Antwerp): "Bridge over rivers - 3m (1+2m); into medium city -
    3m; total build cost - 6m." -- each column of the route table, the bridge named, and the total row."""
    t = tables.segment_table(board, rules, board.meta["examples"]["antwerp"]["path"])
    assert list(t.columns) == ["from", "to", "built into", "milepost (M)", "bridge (M)", "ferry/tunnel (M)",
                               "cost (M)", "running total (M)", "bridge over"]
    assert list(t.index) == [1, 2, "total"]
    cols = ["built into", "milepost (M)", "bridge (M)", "ferry/tunnel (M)", "cost (M)", "running total (M)",
            "bridge over"]
    assert list(t.loc[1, cols]) == ["clear", 1, 2, 0, 3, 3, "river Schelde"]
    assert list(t.loc[2, cols]) == ["medium city Antwerpen", 3, 0, 0, 3, 6, ""]
    assert list(t.loc["total", cols]) == ["", 4, 2, 0, 6, 6, ""]


def test_a_segment_into_the_chunnel_is_built_into_the_chunnel(board, rules):
    """Building Ferry Ports: the London-Folkestone build is 1M of clear milepost and 17M for the Chunnel."""
    t = tables.segment_table(board, rules, board.meta["examples"]["london_folkestone"]["path"])
    assert list(t["built into"]) == ["clear", "Chunnel", ""]
    assert list(t["ferry/tunnel (M)"]) == [0, 17, 17] and t.loc["total", "cost (M)"] == 18


def test_a_results_table_shows_cash_in_millions_and_counts_as_counts():
    """A Monte Carlo results table (eb.monte_carlo's columns): cash in M; turns, deliveries and seeds plain."""
    df = pd.DataFrame({"seed": [1, 2], "won": [True, False], "turns": [21, 60], "cash": [82, 47],
                       "deliveries": [10, 6], "mean_finish": [15.5, float("nan")]})
    seen = shown(tables.readable(df))
    assert seen["cash"] == ["82M", "47M"] and seen["turns"] == ["21", "60"]
    assert seen["deliveries"] == ["10", "6"] and seen["seed"] == ["1", "2"] and seen["mean_finish"] == ["15.5", "—"]


def test_a_heat_map_writes_white_on_its_darkest_cells_and_dark_on_its_lightest():
    html = tables.style_table(pd.DataFrame({"London": [2, 30], "Paris": [16, None]})).to_html()
    assert "background-color: #b30000;\n  color: #ffffff;" in html        # the highest cost: white ink
    assert "background-color: #fff7ec;\n  color: #222222;" in html        # the lowest: dark ink


def test_a_readable_table_shows_no_row_numbers_but_keeps_a_named_index():
    """A reader sees the places and the money, not pandas' 0, 1, 2 counting the rows; a table indexed by
    something that means something (the load) keeps it."""
    import pandas as pd
    t = pd.DataFrame({"load": ["Wine", "Beer"], "payout": [25, 12]})
    html = tables.readable(t).to_html()
    assert "25M" in html and "Wine" in html and ">0</th>" not in html and ">1</th>" not in html
    assert ">Wine</th>" in tables.readable(t.set_index("load")).to_html()
