"""The rulebook's worked build examples replayed as Build actions on the tutorial board.

Rulebook sections: "Build Phase Rules > Bridges over Rivers, Lakes and Ocean Inlets" (Antwerp 6M,
Zurich 7M), "Building Ferry Ports" (Ed's turn: 5 + 5 + 8 = 18M; Liverpool/Dublin 6M, Stranraer/Belfast
4M), "Building the Chunnel" (Jeff: London->Folkestone 18M, then south from Calais 2M).
"""
import pytest

import eb_core as eb
from support import rejects
from eb_core.actions import Build, EndTurn
from eb_core import rulebook as R

BOARD = eb.load_board("tutorial")
EX = BOARD.meta["examples"]


def fresh(players=("Ed",)):
    g = eb.Game.new(eb.ruleset("europe-standard"), board=BOARD, players=list(players), seed=1)
    g.state.current = 0
    return g


def test_ed_builds_birmingham_portsmouth_and_paris_for_18m_and_no_third_build_out_of_a_major():
    g = fresh()
    costs = []
    for name in ("london_birmingham", "london_portsmouth", "le_havre_paris"):
        before = g.state.players[0].cash
        g.apply(Build(EX[name]["path"]))
        costs.append(before - g.state.players[0].cash)
        assert costs[-1] == EX[name]["cost"], g.state.log[-1]
    assert costs == [5, 5, 8] and sum(costs) == 18, g.state.log[-3:]
    assert g.state.track.crossing_owners("Portsmouth–Le Havre") == (0,)
    paris = BOARD.city("Paris")
    exits = [(a, b) for a in paris.mileposts for b in BOARD.neighbors(a)
             if b not in paris.mileposts and g.state.track.owner(a, b) is None]
    a, b = exits[0]
    err = rejects(g, Build([a, b]), R.MAJOR_LIMIT)
    assert "this turn (both out of London)" in err.reason and "Paris" in err.reason


def test_next_turn_building_out_of_paris_to_le_havre_costs_4m():
    g = fresh()
    g.state.track.add_crossing(0, "Portsmouth–Le Havre")
    g.apply(Build(EX["paris_le_havre"]["path"]))
    assert g.state.players[0].cash == 50 - EX["paris_le_havre"]["cost"] == 46, g.state.log[-1]


def test_jeff_builds_the_chunnel_for_18m_then_2m_south_of_calais_and_nothing_more():
    g = fresh(("Jeff",))
    g.apply(Build(EX["london_folkestone"]["path"]))
    assert g.state.players[0].cash == 50 - 18, g.state.log[-1]
    assert g.state.track.crossing_owners("Chunnel") == (0,)
    g.apply(Build(EX["calais_south"]["path"]))
    assert g.state.players[0].cash == 50 - 20, g.state.log[-1]
    calais_on = EX["calais_south"]["path"][-1]
    nxt = next(b for b in BOARD.neighbors(calais_on) if g.state.track.owner(calais_on, b) is None
               and not BOARD.is_port(b))
    rejects(g, Build([calais_on, nxt]), R.HOW_TO_PLAY)   # the 20M of the turn are spent


@pytest.mark.parametrize("name", ["antwerp", "zurich", "liverpool_dublin", "stranraer_belfast", "london_birmingham",
                                  "london_portsmouth", "le_havre_paris", "london_folkestone"])
def test_each_worked_example_costs_what_the_rulebook_says(name):
    ex = EX[name]
    g = fresh()
    path = ex["path"]
    start = BOARD.city_at(path[0])
    if start is None or not start.has_red_area:
        # give the player a segment ending at the example's first milepost
        nb = next(b for b in BOARD.neighbors(path[0]) if b not in path and not BOARD.is_port(b)
                  and BOARD.city_at(b) is None)
        g.state.track.add_segment(0, path[0], nb)
    for cr in ex.get("owned_crossings", ()):
        g.state.track.add_crossing(0, cr)
    g.apply(Build(path))
    spent = 50 - g.state.players[0].cash
    assert spent == ex["cost"], f"{name}: spent {spent}M, rulebook says {ex['cost']}M; {g.state.log[-1]}"


def test_the_third_player_cannot_build_liverpool_dublin():
    g = fresh(("Ann", "Ben", "Cy"))
    g.state.track.add_crossing(1, "Liverpool–Dublin")
    g.state.track.add_crossing(2, "Liverpool–Dublin")
    path = EX["liverpool_dublin"]["path"]
    nb = next(b for b in BOARD.neighbors(path[0]) if b not in path and not BOARD.is_port(b)
              and BOARD.city_at(b) is None)
    g.state.track.add_segment(0, path[0], nb)
    rejects(g, Build(path), R.FERRY_BUILD)


def test_special_build_turns_alternate_order():
    g = eb.Game.new(eb.ruleset("europe-standard"), board=BOARD, players=["A", "B", "C"], seed=4)
    f = g.state.first_player
    order = []
    while g.state.special_round:
        order.append(g.current_player)
        g.apply(EndTurn())
    assert order == [f, (f + 1) % 3, (f + 2) % 3, (f + 2) % 3, (f + 1) % 3, f]
    assert (g.current_player, g.phase, g.state.round) == (f, "operations", 1)
