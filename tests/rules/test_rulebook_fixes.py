"""Positions tried against the rulebook that the engine, positions and routes got wrong (issue 9, item 5).
Each test cites the section it checks."""
from __future__ import annotations

import json

import pytest
from support import EUROPE, event_card, ops_game, place, rejects

import eb_core as eb
from eb_core import events
from eb_core import rulebook as R
from eb_core.actions import Build, EndTurn, PlaceTrain
from eb_core.positions import PositionError, position
from eb_core.routes import cheapest_build
from eb_core.track import Track


def _port(name: str) -> int:
    return next(p for cr in EUROPE.ferries for p, pn in zip(cr.ports, cr.port_names) if pn == name)


# -- Starting the Game > Starting Your Train: "place your train (pawn) in any city (including ports)"
@pytest.mark.parametrize("port", ["Harwich", "Portsmouth"])
def test_a_train_may_start_at_a_ferry_port_that_is_not_a_city_by_milepost_or_by_name(port):
    mp = _port(port)
    assert EUROPE.city_at(mp) is None                       # a port, not a city
    for where in (mp, port):
        g = ops_game()
        g.apply(PlaceTrain(where))
        assert g.player(0).position == mp


def test_a_train_may_not_start_in_open_country_and_an_unknown_name_lists_the_ports():
    g = ops_game()
    lone = next(m.id for m in EUROPE.mileposts if EUROPE.city_at(m.id) is None and not EUROPE.is_port(m.id))
    err = rejects(g, PlaceTrain(lone), R.START_TRAIN)
    assert "including ports" in err.reason
    with pytest.raises(eb.InvalidAction, match="Harwich"):
        g.apply(PlaceTrain("Atlantis"))


# -- positions: a board file of your own needs a deck
def test_position_on_a_board_file_of_your_own_names_how_to_give_a_deck(tmp_path):
    d = eb.load_board("tutorial").to_dict()
    d["name"] = "my-island"
    f = tmp_path / "my-island.json"
    f.write_text(json.dumps(d))
    with pytest.raises(PositionError, match="deck: NAME"):
        position(f"board: {f}\nplayer Ann: at London")
    g = position(f"board: {f}\ndeck: tutorial\nplayer Ann: at London")
    assert g.board.name == "my-island" and g.deck.name == "tutorial"


# -- Build Phase Rules > Limits on Entry into Small and Medium Cities: a ferry into Dublin is one of its tracks
def test_routes_and_engine_agree_that_buying_dublins_ferry_is_a_fourth_track():
    dublin = EUROPE.city("Dublin").center
    liverpool = _port("Liverpool")
    land = sorted(EUROPE.neighbors(dublin))
    two = Track(segments={tuple(sorted((land[0], dublin))): 0, tuple(sorted((land[1], dublin))): 0})
    feeder = next(m for m in EUROPE.neighbors(land[2]) if m != dublin and EUROPE.city_at(m) is None)
    two.segments[tuple(sorted((feeder, land[2])))] = 0       # land[2] is on Ann's network
    g = ops_game()
    g.state.track = two.copy()
    g.state.phase = "build"
    g.player(0).cash = 100
    # building in from the third side buys the ferry too: 4 tracks at Dublin
    rejects(g, Build([land[2], dublin, liverpool]), R.CITY_LIMIT)
    plan = cheapest_build(EUROPE, g.rules, land[2], liverpool, position=eb.Position(track=two, seat=0))
    assert plan is None or plan.mileposts[:2] != (land[2], dublin)   # routes does not propose it either
    # Ann owns the ferry and two land tracks: Dublin is full for her, in the engine and in routes
    three = two.copy()
    three.add_crossing(0, "Liverpool\u2013Dublin")
    g.state.track = three.copy()
    rejects(g, Build([land[2], dublin]), R.CITY_LIMIT)
    plan = cheapest_build(EUROPE, g.rules, land[2], dublin, position=eb.Position(track=three, seat=0))
    assert plan is None or all(dublin not in (s.a, s.b) for s in plan.paid_segments)


# -- Admin Phase: "1. Events that expired ... are discarded. 2. Any destroyed major city bridges are rebuilt"
def test_admin_phase_discards_the_flood_before_rebuilding_the_city_bridges():
    g = ops_game()
    rhein = events.area_of(g, event_card("Flood: Rhein")).edges
    red = next(k for k in rhein if EUROPE.is_red_area(*k))
    place(g, 0, red[0])
    place(g, 1, EUROPE.city("Oslo").center)
    events.play_event(g, "Flood: Rhein")
    for _ in range(3):
        g.apply(EndTurn())
    log = g.state.log
    discarded = next(i for i, line in enumerate(log) if "expires and is discarded" in line)
    rebuilt = next(i for i, line in enumerate(log) if "are rebuilt" in line)
    assert discarded < rebuilt
