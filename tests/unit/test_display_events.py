"""The event explorer of notebook 05 (eb_core.display.widgets.events): the dropdown drives the figure and the list."""
from eb_core.display import figures
from eb_core.events.areas import city_area, sea_area
from eb_core.display.widgets import event_explorer
from eb_core.positions import position_from_text

GAME = position_from_text("""
board: europe
seed: 2
player Ann: at Frankfurt, track Ruhr-Frankfurt
player Ben: at Valencia
""")


def xs(app, name):
    return len(figures.find_trace(app.figure, f"area:{name}").x)


def test_picking_an_event_redraws_its_area_blocked_mileposts_and_closed_ports():
    app = event_explorer(GAME, event="Fog: Frankfurt")
    assert xs(app, "event area") == len(city_area(GAME.board, "Frankfurt", 4)) == len(app.result["mileposts"])
    assert xs(app, "no movement or building") == 0 and app.result["trains"] == [0]
    assert "Ann" in app.summary.value and "Ruhr" in app.summary.value
    app.event.value = "Heavy Snow: Zürich"
    assert xs(app, "no movement or building") == len(app.result["blocked"]) > 0
    assert app.result["trains"] == []
    app.event.value = "Gales: Mediterranean"
    assert xs(app, "event area") == len(sea_area(GAME.board, "Mediterranean", 4))
    assert app.result["trains"] == [1] and "Ben" in app.summary.value
    app.event.value = "Gales: Northern Seas"
    assert xs(app, "closed ferry ports") == len(app.result["ports"]) > 0
    assert app.figure.layout.title.text.startswith("Gales: Northern Seas")


def test_flood_lists_the_bridges_and_the_track_over_the_river():
    app = event_explorer(GAME, event="Flood: Rhein")
    assert app.result["edges"] and all(k in app.result["edges"] for k in app.result["track"])
    assert "bridges" in app.summary.value


def test_faster_game_offers_no_tax_or_derailments_in_the_dropdown():
    """Faster Game removes the Excess Profits Tax and the Derailments cards: the explorer offers only the
    events a Faster Game deck holds."""
    import pytest

    import eb_core as eb

    game = eb.Game.new(eb.ruleset("europe-basic", "faster-game"), board="europe", players=["Ann", "Ben"], seed=2)
    app = event_explorer(game)
    offered = set(app.event.options)
    assert "Derailments!" not in offered and "Excess Profits Tax" not in offered
    assert "Fog: Frankfurt" in offered and "Irish Economy Booming" in offered
    full = set(event_explorer(eb.Game.new("europe-basic", board="europe", players=["Ann"], seed=2)).event.options)
    assert offered == full - {"Derailments!", "Excess Profits Tax"}
    with pytest.raises(eb.InvalidAction, match="faster-game") as err:
        event_explorer(game, event="Excess Profits Tax")
    assert err.value.field == "event"
