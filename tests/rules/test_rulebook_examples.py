"""The rulebook's worked examples, reproduced on the tutorial board (this project's "perft").

Each example's path is stored in ``board.meta["examples"]`` by ``tools/make_tutorial_board.py``; the
costs are recomputed here from the board's terrain, water and cities with :func:`eb_core.costs.path_cost`
and compared with the number printed in the rulebook, which is written in this file (never read back
from the board). A failure prints the per-segment breakdown.

Rulebook sections: "Build Phase Rules" (Example 1 Antwerp, Example 2 Zurich), "Building Ferry Ports"
(Ed's turn, Liverpool / Dublin, Stranraer / Belfast), "Building the Chunnel" (Jeff's turn), "Limits on
Building from Major Cities & Key Cities", "Events > Fog" (the Frankfurt line).
"""
from __future__ import annotations

import networkx as nx
import pytest

import eb_core as eb
from eb_core.costs import path_cost, segment_cost

BRIDGES = "Build Phase Rules > Bridges over Rivers, Lakes and Ocean Inlets"
FERRY = "Build Phase Rules > Building Ferry Ports"
CHUNNEL = "Build Phase Rules > Building the Chunnel"
MAJOR_LIMIT = "Build Phase Rules > Limits on Building from Major Cities & Key Cities"

# example name -> (rulebook total in millions, rulebook section, crossings the builder already owns)
RULEBOOK = {
    "antwerp": (6, BRIDGES, ()),                       # "total build cost - 6m"
    "zurich": (7, BRIDGES, ()),                        # "total build cost - 7m"
    "london_birmingham": (5, FERRY, ()),               # "Ed spends 5M to build to Birmingham"
    "london_portsmouth": (5, FERRY, ()),               # "an additional 5M: 1M ... and then 4"
    "le_havre_paris": (8, FERRY, ()),                  # "he spends 8M to build into Paris from Le Havre"
    "paris_le_havre": (4, FERRY, ("Portsmouth–Le Havre",)),   # 8M - "save himself 4M"
    "london_folkestone": (18, CHUNNEL, ()),            # "Jeff spends 18M to build to Folkestone"
    "calais_south": (2, CHUNNEL, ("Chunnel",)),        # "spending his last 2M"
    "liverpool_dublin": (6, FERRY, ()),                # "it costs 6 million to build to Liverpool / Dublin"
    "stranraer_belfast": (4, FERRY, ()),               # "4 million to build to Stranraer / Belfast"
}


def _explain(segs) -> str:
    return "\n".join(f"  {s.a:>4} -> {s.b:<4} {s.total:>3}M  {s.explain()}" for s in segs)


def _cost(board, rules, name, owned=None):
    ex = board.meta["examples"][name]
    owned = RULEBOOK[name][2] if owned is None else owned
    segs = path_cost(board, rules, ex["path"], owned_crossings=owned)
    return sum(s.total for s in segs), segs


@pytest.mark.parametrize("rules_name", ["europe-standard", "europe-basic"])
@pytest.mark.parametrize("name", sorted(RULEBOOK))
def test_example_costs_what_the_rulebook_says(board, name, rules_name):
    want, rule, owned = RULEBOOK[name]
    ex = board.meta["examples"][name]
    total, segs = _cost(board, eb.ruleset(rules_name), name)
    assert total == want, (f"{name} ({rule}): rulebook says {want}M, board gives {total}M:\n{_explain(segs)}")
    assert ex["cost"] == want, f"meta['examples'][{name!r}]['cost'] disagrees with the rulebook ({rule})"
    assert ex["rule"].endswith(rule.split(" > ")[-1]) or ex["rule"] == rule
    assert list(ex.get("owned_crossings", [])) == list(owned)


def test_every_example_is_a_path_of_neighbouring_mileposts(board):
    for name, ex in board.meta["examples"].items():
        path = ex["path"]
        assert len(path) >= 2, name
        for a, b in zip(path, path[1:]):
            assert board.edge(a, b) is not None, f"{name}: {a}-{b} are not neighbours"
            assert not board.is_red_area(a, b), f"{name}: {a}-{b} is inside a red area"


def test_antwerp_is_a_bridge_then_a_medium_city(board, rules_standard):
    """Build Phase Rules, Example 1 (Antwerp): "Bridge over rivers - 3m (1+2m); into medium city - 3m"."""
    total, segs = _cost(board, rules_standard, "antwerp")
    parts = [(s.base, s.water) for s in segs]
    assert parts == [(1, 2), (3, 0)], f"{BRIDGES}:\n{_explain(segs)}"
    assert segs[0].water_label == "river Schelde", _explain(segs)
    assert board.city_at(segs[-1].b).name == "Antwerpen" and board.city("Antwerp").size == "medium"
    # the example starts by building out of Holland (a major city)
    assert board.city_at(board.meta["examples"]["antwerp"]["path"][0]).name == "Holland"


def test_zurich_is_mountain_lake_bridge_clear(board, rules_standard):
    """Build Phase Rules, Example 2 (Zurich): 2M mountain, 4M lake bridge (1+3M), 1M clear = 7M."""
    total, segs = _cost(board, rules_standard, "zurich")
    assert [s.explain() for s in segs] == ["2M mountain", "1M clear + 3M bridge (lake)", "1M clear"], \
        f"{BRIDGES}:\n{_explain(segs)}"
    assert board.city_at(board.meta["examples"]["zurich"]["path"][0]).name == "Zürich"


def test_a_segment_crossing_two_waters_pays_only_the_dearest(board, rules_standard):
    """Bridges: "If a single track segment crosses two or more bodies of water, you pay only the additional
    cost of the most expensive bridge" -- checked on the Zurich lake edge with an added river."""
    a, b = board.meta["examples"]["zurich"]["path"][1:3]
    doc = board.to_dict()
    for e in doc["edges"]:
        if {e["a"], e["b"]} == {a, b}:
            e["rivers"] = ["Limmat"]
    twin = eb.Board.from_dict(doc)
    seg = segment_cost(twin, rules_standard, a, b)
    assert (seg.base, seg.water, seg.water_label) == (1, 3, "lake"), seg.explain()


@pytest.mark.parametrize("rivers", [(), ("Limmat",)])
def test_an_ocean_inlet_bridge_costs_3m_and_is_the_dearest_with_a_river(board, rules_standard, rivers):
    """Bridges: "Lake/Ocean: 3 Million Additional"; over an inlet and a river a segment pays "only the
    additional cost of the most expensive bridge" -- the inlet's 3M, neither the river's 2M nor 5M --
    checked on the Zurich lake edge made an ocean inlet."""
    a, b = board.meta["examples"]["zurich"]["path"][1:3]
    doc = board.to_dict()
    for e in doc["edges"]:
        if {e["a"], e["b"]} == {a, b}:
            e.pop("lake", None)
            e.update(inlet=True, rivers=list(rivers))
    twin = eb.Board.from_dict(doc)
    seg = segment_cost(twin, rules_standard, a, b)
    assert (seg.base, seg.water, seg.water_label) == (1, 3, "ocean inlet"), seg.explain()


def test_ed_builds_to_birmingham_and_portsmouth(board, rules_standard):
    """Building Ferry Ports, Ed: 5M to Birmingham; 5M to Portsmouth "1M for the first milepost, and then 4"."""
    _, segs = _cost(board, rules_standard, "london_birmingham")
    assert board.city_at(segs[-1].b).name == "Birmingham"
    _, segs = _cost(board, rules_standard, "london_portsmouth")
    assert [s.total for s in segs] == [1, 4], f"{FERRY}:\n{_explain(segs)}"
    assert segs[-1].crossing_name == "Portsmouth–Le Havre"
    assert board.milepost(segs[-1].b).port == "Portsmouth"


def test_ed_saves_4m_by_building_out_of_paris(board, rules_standard):
    """Building Ferry Ports: into Paris from Le Havre costs 8M; out of Paris into his own Le Havre port
    (clear once he owns the ferry) would have cost 4M -- "save himself 4M"."""
    into, segs_in = _cost(board, rules_standard, "le_havre_paris")
    out, segs_out = _cost(board, rules_standard, "paris_le_havre")
    assert into - out == 4, f"{FERRY}: into Paris\n{_explain(segs_in)}\nout of Paris\n{_explain(segs_out)}"
    assert segs_in[-1].base_label == "major city Paris" and segs_in[-1].base == 5
    assert segs_out[-1].explain() == "1M clear", _explain(segs_out)
    # the same mileposts, reversed
    assert board.meta["examples"]["paris_le_havre"]["path"] == board.meta["examples"]["le_havre_paris"]["path"][::-1]
    # without the ferry, building into the Le Havre port would cost the ferry's 4M instead of 1M
    not_owned, segs = _cost(board, rules_standard, "paris_le_havre", owned=())
    assert not_owned == 7 and segs[-1].crossing_name == "Portsmouth–Le Havre", _explain(segs)


def test_ed_builds_out_of_major_cities_twice(board, rules_standard):
    """Limits on Building from Major Cities & Key Cities: Ed's turn (18M) builds out of London twice, so
    building out of Paris would have been a third build out of a major city."""
    ex = board.meta["examples"]
    turn = ["london_birmingham", "london_portsmouth", "le_havre_paris"]
    spent = sum(_cost(board, rules_standard, n)[0] for n in turn)
    assert spent == 5 + 5 + 8 == 18 and spent <= rules_standard.build_limit

    def out_of_major(path):
        return sum(1 for a, b in zip(path, path[1:])
                   if board.city_at(a) is not None and board.city_at(a).has_red_area
                   and not board.is_red_area(a, b))

    builds = sum(out_of_major(ex[n]["path"]) for n in turn)
    assert builds == 2 == rules_standard.builds_out_of_major_per_turn, MAJOR_LIMIT
    assert out_of_major(ex["paris_le_havre"]["path"]) == 1   # the third one, not allowed that turn


def test_jeff_builds_the_chunnel_and_south_from_calais(board, rules_standard):
    """Building the Chunnel, Jeff: "18M to build to Folkestone: 1M for the first milepost, and then 17",
    then "south from Calais spending his last 2M" -- his whole 20M."""
    tunnel = board.crossing("Chunnel")
    assert tunnel.is_tunnel and tunnel.cost == 17 and len(tunnel.mileposts) == 3
    assert all(board.milepost(m).underground for m in tunnel.mileposts)
    total, segs = _cost(board, rules_standard, "london_folkestone")
    assert [s.total for s in segs] == [1, 17], f"{CHUNNEL}:\n{_explain(segs)}"
    assert segs[-1].crossing_name == "Chunnel" and board.milepost(segs[-1].b).port == "Folkestone"
    start = board.meta["examples"]["london_folkestone"]["path"][0]
    assert board.city_at(start).name == "London"
    calais = board.meta["examples"]["calais_south"]["path"][0]
    assert tunnel.other_port(segs[-1].b) == calais and board.milepost(calais).port == "Calais"
    south, segs2 = _cost(board, rules_standard, "calais_south")
    end = board.meta["examples"]["calais_south"]["path"][-1]
    assert board.milepost(end).y < board.milepost(calais).y, "Jeff builds south from Calais"
    assert total + south == rules_standard.build_limit == 20, _explain(segs + segs2)
    # riding through the Chunnel he now owns costs nothing more
    ride = path_cost(board, rules_standard, [start, segs[0].b, segs[-1].b, calais])
    assert sum(s.total for s in ride) == 18, _explain(ride)


def test_fast_game_chunnel_costs_like_a_ferry(board):
    """Variants & Optional Rules > Fast Game: the Chunnel is a ferry costing 4M, so Jeff's build is 5M."""
    total, segs = _cost(board, eb.ruleset("europe-basic", "fast-game"), "london_folkestone")
    assert total == 1 + 4, _explain(segs)


@pytest.mark.parametrize("name, port, city, cost", [
    ("liverpool_dublin", "Liverpool", "Dublin", 6),
    ("stranraer_belfast", "Stranraer", "Belfast", 4),
])
def test_a_port_city_pays_only_the_ferry(board, rules_standard, name, port, city, cost):
    """Building Ferry Ports: "When a small or medium city is also a ferry port, you pay only the cost of
    the ferry line to connect to both the ferry and the city" (6M Liverpool / Dublin, 4M Stranraer / Belfast)."""
    total, segs = _cost(board, rules_standard, name)
    p = board.meta["examples"][name]["path"][-1]
    assert board.milepost(p).port == port and board.city_at(p) is None, "Liverpool/Stranraer are port mileposts"
    (ferry,) = board.crossings_at(p)
    assert ferry.cost == cost and ferry.kind == "ferry"
    other = ferry.other_port(p)
    assert board.city_at(other).name == city and board.city(city).size == "small"
    # the ferry is bought by building into the port; riding it to the city adds nothing
    ride = path_cost(board, rules_standard, board.meta["examples"][name]["path"] + [other])
    assert sum(s.total for s in ride) == cost, _explain(ride)
    # and from the other side: building into the port city from its own land costs the ferry, not 3M
    land = [n for n in board.neighbors(other) if board.city_at(n) is None]
    assert land, f"{city} needs a land neighbour"
    seg = segment_cost(board, rules_standard, land[0], other)
    assert seg.total == cost and seg.crossing_name == ferry.name, seg.explain()


def test_frankfurt_fog_line(board):
    """Events > Fog: a straight line of clear mileposts through Frankfurt for the 12-speed examples (a
    train 11 mileposts away moves 7 and reaches a milepost 4 away from Frankfurt)."""
    ex = board.meta["examples"]["frankfurt_fog_line"]
    line = ex["path"]
    f = board.city("Frankfurt")
    assert f.size == "small" and line[ex["frankfurt_index"]] == f.center
    ys = {board.milepost(m).y for m in line}
    assert len(ys) == 1, "the line is straight (one lattice row)"
    assert all(board.milepost(b).x - board.milepost(a).x == 1 for a, b in zip(line, line[1:]))
    others = [m for m in line if m != f.center]
    assert all(board.milepost(m).terrain == "clear" and board.city_at(m) is None for m in others)
    g = board.to_networkx()
    dist = nx.single_source_shortest_path_length(g, f.center)
    far = line[-1]
    assert dist[far] == 11, "the east end is 11 mileposts from Frankfurt"
    assert dist[line[ex["frankfurt_index"] + 4]] == 4
    assert len(line) >= 12
