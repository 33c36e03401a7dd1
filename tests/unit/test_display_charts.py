"""Turns to victory on the rulebook's Chart of Success (eb_core.display.charts): each game's turns fall
in the band of the chart of its own ruleset -- the Basic Game's chart for Basic Game results."""
from __future__ import annotations

import pandas as pd
import pytest

import eb_core as eb
from eb_core.display.charts import turns_figure


def results(ruleset, *turns, won=True) -> pd.DataFrame:
    return pd.DataFrame({"ruleset": [ruleset] * len(turns), "won": [won] * len(turns), "turns": list(turns)})


def band_of(fig, turns: int) -> str:
    """The name of the shaded band a point at ``turns`` turns sits in."""
    bands = [(s.y0, s.y1, a.text) for s, a in zip(fig.layout.shapes, fig.layout.annotations)]
    hits = [name for lo, hi, name in bands if lo <= turns < hi]
    assert len(hits) == 1, (turns, bands)
    return hits[0]


def test_basic_game_turns_are_banded_on_the_basic_chart():
    fig = turns_figure(results("europe-basic", 29, 44))
    assert band_of(fig, 29) == "Blowout Victory"
    assert band_of(fig, 44) == "2nd or 3rd place"         # on the standard chart 44 turns is still a Blowout
    assert "basic Chart of Success" in fig.layout.title.text


def test_standard_game_turns_are_banded_on_the_standard_chart():
    fig = turns_figure(results("europe-standard", 44, 52))
    assert band_of(fig, 44) == "Blowout Victory" and band_of(fig, 52) == "Possible Victory"
    assert "standard Chart of Success" in fig.layout.title.text


def test_a_fast_game_is_a_basic_game_and_uses_the_basic_chart():
    both = pd.concat([results("europe-basic", 33), results("europe-basic+fast-game", 31)], ignore_index=True)
    fig = turns_figure(both)
    assert band_of(fig, 31) == "Solid Victory"
    assert [t.name for t in fig.data] == ["europe-basic", "europe-basic+fast-game"]


def test_each_game_is_drawn_in_the_band_monte_carlo_gave_it():
    df = eb.monte_carlo("europe-basic", board="tutorial", games=1, seed=1, max_turns=100)
    fig = turns_figure(df)
    for _, game in df[df.won].iterrows():
        assert band_of(fig, int(game.turns)) == game.category


def test_the_chart_can_be_named_in_any_case():
    fig = turns_figure(results("europe-standard", 44), chart="Basic")
    assert band_of(fig, 44) == "2nd or 3rd place" and "basic" in fig.layout.title.text
    assert band_of(turns_figure(results("europe-basic", 44), chart=" STANDARD "), 44) == "Blowout Victory"


def test_an_unknown_chart_is_refused_with_the_choices():
    with pytest.raises(eb.InvalidAction, match=r"chart: .*'advanced'.*basic.*standard") as e:
        turns_figure(results("europe-basic", 33), chart="advanced")
    assert e.value.field == "chart"


def test_results_mixing_the_two_charts_need_the_chart_named():
    mixed = pd.concat([results("europe-basic", 33), results("europe-standard", 48)], ignore_index=True)
    with pytest.raises(eb.InvalidAction, match="europe-basic.*europe-standard") as e:
        turns_figure(mixed)
    assert e.value.field == "chart"
    assert band_of(turns_figure(mixed, chart="standard"), 48) == "Solid Victory"


def test_variant_labels_are_no_ruleset_so_the_chart_is_named_by_hand():
    # notebook 06: the variants' results, each variant's label put in the ruleset column
    measured = pd.concat([results("base", 33), results("fast-game", 29)], ignore_index=True)
    with pytest.raises(eb.InvalidAction, match="'base'") as e:
        turns_figure(measured)
    assert e.value.field == "chart"
    assert band_of(turns_figure(measured, chart="basic"), 33) == "Solid Victory"


@pytest.mark.parametrize("chart", [None, "standard"])
def test_empire_express_has_no_chart_of_success(chart):
    with pytest.raises(eb.InvalidAction, match="Empire Express.*no Chart of Success"):
        turns_figure(results("express", 40), chart=chart)


@pytest.mark.parametrize("df", [pd.DataFrame(), pd.DataFrame(columns=["ruleset", "won", "turns"])])
def test_no_games_draw_an_empty_chart_that_says_so(df):
    fig = turns_figure(df)
    assert len(fig.data) == 0 and fig.layout.title.text == "No games to place on a Chart of Success"
    basic = turns_figure(df, chart="basic")
    assert len(basic.data) == 0 and band_of(basic, 29) == "Blowout Victory"
    assert basic.layout.title.text == "No games to place on the basic Chart of Success"


def test_games_not_won_have_no_place_on_the_chart():
    df = pd.concat([results("europe-basic", 33), results("europe-basic", 80, won=False)], ignore_index=True)
    fig = turns_figure(df)
    assert list(fig.data[0].y) == [33]


def test_results_without_the_columns_of_monte_carlo_are_refused_by_name():
    with pytest.raises(eb.InvalidAction, match="missing won") as e:
        turns_figure(pd.DataFrame({"ruleset": ["europe-basic"], "turns": [33]}))
    assert e.value.field == "df"


def test_the_histogram_divides_the_bands_where_the_rulebook_does_and_marks_the_median():
    """Chart of Success, Basic Game: "Less than 30 turns: Blowout Victory; 30-35: Solid Victory; 35-40 turns:
    Possible Victory; 40-45 turns: 2nd or 3rd place; More than 45 turns: Last Place" -- the dividers fall
    between 29 and 30, 34 and 35, 39 and 40, 45 and 46 turns; the median of the games is marked; the title
    counts the games, not the different numbers of turns."""
    from eb_core.display.charts import chart_histogram
    fig = chart_histogram([28, 31, 31, 44, 50], "europe-basic")
    dividers = [s.x0 for s in fig.layout.shapes if s.line.color == "#999"]
    assert dividers == [29.5, 34.5, 39.5, 45.5]
    assert [s.x0 for s in fig.layout.shapes if s.line.color == "black"] == [31]
    assert "median 31" in [a.text for a in fig.layout.annotations]
    assert fig.layout.title.text == "5 games on the Chart of Success (basic game)"
    assert {t.name: list(t.y) for t in fig.data} == {"Blowout Victory": [1], "Solid Victory": [2],
                                                    "2nd or 3rd place": [1], "Last Place": [1]}


def test_a_long_game_still_sits_in_the_last_place_band():
    """Standard chart: "More than 60 turns: Last Place" -- a game won in 82 turns is drawn inside that band."""
    fig = turns_figure(results("europe-standard", 47, 82))
    assert band_of(fig, 82) == "Last Place" and band_of(fig, 47) == "Solid Victory"
