"""The tutorial board and the board loader: contents, lattice geometry, validation errors, Board API.

Board facts checked here come from the rulebook ("Build Phase Rules": city classes, red areas; "Building
Ferry Ports" / "Building the Chunnel": crossing costs; "How to Win": seven of the eight major cities)
and from ``data/sources/europe_facts.json`` (load names and chip counts).
"""
from __future__ import annotations

import json
import math
from pathlib import Path

import networkx as nx
import pytest

import eb_core as eb
from eb_core.board import data_dir

MAJORS = {"Berlin", "Holland", "London", "Madrid", "Milano", "Paris", "Ruhr", "Wien"}
TUTORIAL = data_dir() / "boards" / "tutorial.json"


@pytest.fixture()
def doc() -> dict:
    """A fresh, mutable copy of the tutorial board document."""
    return json.loads(TUTORIAL.read_text(encoding="utf-8"))


def _write(tmp_path: Path, doc: dict, name: str = "bad.json") -> Path:
    p = tmp_path / name
    p.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return p


def _city_index(doc: dict, name: str) -> int:
    return next(i for i, c in enumerate(doc["cities"]) if c["name"] == name)


# ------------------------------------------------------------------------------------------ loading
def test_load_by_name_and_by_path_give_the_same_board(board):
    by_path = eb.load_board(str(TUTORIAL))
    assert by_path is board or by_path.to_dict() == board.to_dict()
    assert eb.load_board(TUTORIAL).name == "tutorial"
    assert eb.load_board("tutorial") is eb.load_board("tutorial"), "unchanged files are loaded once"


def test_unknown_board_name_lists_the_available_ones():
    with pytest.raises(KeyError, match="tutorial"):
        eb.load_board("atlantis")


def test_title_and_notes_say_it_is_not_the_real_map(board):
    assert "not the real map" in board.title.lower()
    assert "not the real map" in board.notes.lower()
    assert board.game == "europe"


# ------------------------------------------------------------------------------------------ contents
def test_city_counts_and_classes(board):
    """Build Phase Rules: all eight major cities, the two key cities, and a handful of medium/small ones."""
    assert {c.name for c in board.major_cities} == MAJORS
    assert {c.name for c in board.cities_of_size("key")} == {"Oslo", "Stockholm"}
    others = board.cities_of_size("medium") + board.cities_of_size("small")
    assert 8 <= len(others) <= 12
    for name, size in [("Antwerpen", "medium"), ("Zürich", "medium"), ("Birmingham", "medium"),
                       ("Frankfurt", "small"), ("Dublin", "small"), ("Belfast", "small")]:
        assert board.city(name).size == size, name
    assert not board.has_city("Liverpool") and not board.has_city("Stranraer"), "ports, not cities"


def test_red_areas_are_a_centre_and_its_six_neighbours(board):
    for c in board.cities:
        if c.has_red_area:
            assert len(c.mileposts) == 7 and c.mileposts[0] == c.center
            assert set(c.mileposts[1:]) == set(board.neighbors(c.center)), c.name
            assert all(board.milepost(m).terrain == "clear" for m in c.mileposts)
        else:
            assert c.mileposts == (c.center,)
    # 6 spokes + 6 rim segments of public track per major/key city
    assert len(board.public_edges) == 12 * 10


def test_no_city_touches_another(board):
    for c in board.cities:
        for m in c.mileposts:
            assert board.city_at(m) is c
            for n in board.neighbors(m):
                assert board.city_at(n) in (None, c), f"{c.name} touches {board.city_at(n).name}"


def test_milepost_count_and_terrain(board):
    lattice = [m for m in board.mileposts if not m.underground]
    assert 300 <= len(lattice) <= 450
    kinds = {m.terrain.value for m in lattice}
    assert kinds == {"clear", "mountain", "alpine"}
    near_zurich = nx.single_source_shortest_path_length(board.to_networkx(), board.city("Zürich").center, 4)
    assert any(board.milepost(m).terrain == "alpine" for m in near_zurich), "the Alps are near Zürich"


def test_lattice_geometry(board):
    """Rows are sqrt(3)/2 apart, odd rows shifted by 1/2, neighbours exactly 1 apart, every neighbouring
    pair of land mileposts is an edge (sea mileposts are simply absent)."""
    lattice = [m for m in board.mileposts if not m.underground]
    pos = {}
    for m in lattice:
        r = m.y / (math.sqrt(3) / 2)
        assert abs(r - round(r)) < 1e-6, m
        shift = m.x - math.floor(m.x)
        assert abs(shift - (0.5 if round(r) % 2 else 0.0)) < 1e-6, m
        pos[(round(m.x * 2), round(r))] = m.id
    for e in board.edges:
        assert abs(board.distance(e.a, e.b) - 1) < 1e-6
    steps = [(2, 0), (1, 1), (-1, 1)]
    for (x2, r), a in pos.items():
        for dx, dr in steps:
            b = pos.get((x2 + dx, r + dr))
            if b is not None:
                assert board.edge(a, b) is not None, f"neighbours {a}, {b} lack an edge"


def test_land_masses_are_joined_only_by_ferries_and_the_chunnel(board):
    g = nx.Graph()
    g.add_nodes_from(m.id for m in board.mileposts if not m.underground)
    g.add_edges_from(e.key for e in board.edges)
    masses = {frozenset(c) for c in nx.connected_components(g)}
    by_city = {name: next(m for m in masses if board.city(name).center in m)
               for name in ("London", "Dublin", "Paris", "Oslo")}
    assert len(set(by_city.values())) == 4, "Britain, Ireland, the continent and Scandinavia are separate"
    assert board.city("Stockholm").center in by_city["Oslo"]
    assert board.city("Belfast").center in by_city["Dublin"]
    assert len(masses) == 4
    full = board.to_networkx()
    assert nx.is_connected(full.subgraph(m.id for m in board.mileposts if not m.underground))


def test_every_city_and_all_majors_are_reachable(board):
    """How to Win: seven of the eight major cities must be connectable, so all must be reachable."""
    g = board.to_networkx()
    comp = nx.node_connected_component(g, board.city("London").center)
    assert all(c.center in comp for c in board.cities)
    assert all(board.city(n).center in comp for n in MAJORS)


def test_ferries_and_chunnel(board):
    """Building Ferry Ports / Building the Chunnel: the rulebook's ferry costs and the 17M Chunnel."""
    ferries = {f.name: f for f in board.ferries}
    assert ferries["Liverpool–Dublin"].cost == 6
    assert ferries["Stranraer–Belfast"].cost == 4
    assert ferries["Portsmouth–Le Havre"].cost == 4
    # a ferry joins Scandinavia (Oslo, Stockholm) to the continent (Berlin)
    g = nx.Graph()
    g.add_edges_from(e.key for e in board.edges)
    scandinavia = nx.node_connected_component(g, board.city("Oslo").center)
    continent = nx.node_connected_component(g, board.city("Berlin").center)
    assert any({a in scandinavia, b in continent} == {True} or {b in scandinavia, a in continent} == {True}
               for a, b in (f.ports for f in board.ferries))
    assert all(f.kind == "ferry" and not f.mileposts for f in board.ferries)
    (ch,) = board.tunnels
    assert (ch.name, ch.cost, ch.kind, len(ch.mileposts)) == ("Chunnel", 17, "tunnel", 3)
    assert [board.milepost(p).port for p in ch.ports] == ["Folkestone", "Calais"]
    assert board.city_at(ferries["Liverpool–Dublin"].ports[1]).name == "Dublin"
    assert board.city_at(ferries["Stranraer–Belfast"].ports[1]).name == "Belfast"
    for cr in board.crossings:
        for p in cr.ports:
            assert not board.milepost(p).underground and board.neighbors(p), f"{cr.name} port {p} is stranded"


def test_loads_match_the_facts_file_and_each_has_a_source(board):
    facts = json.loads((data_dir() / "sources" / "europe_facts.json").read_text(encoding="utf-8"))
    assert 12 <= len(board.loads) <= 17
    for load, chips in board.loads.items():
        assert facts["loads"][load] == chips, load
        assert board.sources(load), f"nobody offers {load}"
    fcity = {c["name"]: c for c in facts["cities"]}
    for c in board.cities:
        assert list(c.loads) == fcity[c.name]["loads"], c.name
        assert c.size.value == fcity[c.name]["size"], c.name


def test_waters(board):
    """Bridges over Rivers, Lakes and Ocean Inlets: named rivers, a lake and an inlet exist."""
    assert {"Thames", "Schelde", "Rhein", "Seine"} <= set(board.rivers())
    assert any(e.lake for e in board.edges) and any(e.inlet for e in board.edges)
    assert set(board.drawing["rivers"]) == set(board.rivers())


# ------------------------------------------------------------------------------------------ validation
def _expect(tmp_path, doc, field, match=None):
    p = _write(tmp_path, doc)
    with pytest.raises(eb.BoardFileError) as ei:
        eb.load_board(p)
    err = ei.value
    assert isinstance(err, ValueError)
    assert err.path == str(p) and err.field == field, str(err)
    assert str(p) in str(err) and repr(field) in str(err)
    if match:
        assert match in err.problem, err.problem
    return err


def test_wrong_schema(tmp_path, doc):
    doc["schema"] = "eb-board/0"
    _expect(tmp_path, doc, "schema", "eb-board/1")


def test_bad_milepost_id_in_a_city(tmp_path, doc):
    i = _city_index(doc, "Antwerpen")
    doc["cities"][i]["center"] = 99999
    doc["cities"][i]["mileposts"] = [99999]
    _expect(tmp_path, doc, f"cities[{i}].center", "not a milepost id")


def test_non_neighbour_edge(tmp_path, doc):
    a = doc["edges"][0]["a"]
    far = max(range(len(doc["mileposts"])), key=lambda m: abs(doc["mileposts"][m]["y"] - doc["mileposts"][a]["y"])
              if not doc["mileposts"][m].get("underground") else -1)
    doc["edges"][0]["b"] = far
    _expect(tmp_path, doc, "edges[0]", "neighbours must be 1 apart")


def test_an_edge_a_third_longer_than_the_lattice_step_is_no_neighbour(tmp_path, doc):
    """Neighbouring mileposts lie one lattice step apart (within a fifth): a milepost moved 0.3 of a step away
    along its first edge makes that edge 1.30 steps long, refused naming the edge."""
    e = doc["edges"][0]
    pa, pb = doc["mileposts"][e["a"]], doc["mileposts"][e["b"]]
    dx, dy = pb["x"] - pa["x"], pb["y"] - pa["y"]
    pb["x"], pb["y"] = round(pa["x"] + 1.3 * dx, 4), round(pa["y"] + 1.3 * dy, 4)
    _expect(tmp_path, doc, "edges[0]", "1.30 lattice units apart")


def test_duplicate_edge(tmp_path, doc):
    doc["edges"].append({"a": doc["edges"][5]["b"], "b": doc["edges"][5]["a"]})
    _expect(tmp_path, doc, f"edges[{len(doc['edges']) - 1}]", "duplicate edge")


def test_unknown_load(tmp_path, doc):
    i = _city_index(doc, "Zürich")
    doc["cities"][i]["loads"].append("Unobtainium")
    _expect(tmp_path, doc, f"cities[{i}].loads[{len(doc['cities'][i]['loads']) - 1}]", "Unobtainium")


def test_duplicate_city(tmp_path, doc):
    doc["cities"].append(dict(doc["cities"][0]))
    _expect(tmp_path, doc, f"cities[{len(doc['cities']) - 1}].name", "appears twice")


def test_city_name_clashing_with_an_alias(tmp_path, doc):
    i = _city_index(doc, "Frankfurt")
    doc["cities"][i]["name"] = "Antwerp"   # an alias of Antwerpen
    _expect(tmp_path, doc, f"cities[{i}].name", "appears twice")


def test_milepost_in_two_cities(tmp_path, doc):
    i = _city_index(doc, "Frankfurt")
    london = doc["cities"][_city_index(doc, "London")]
    doc["cities"][i]["center"] = london["mileposts"][3]
    doc["cities"][i]["mileposts"] = [london["mileposts"][3]]
    _expect(tmp_path, doc, f"cities[{i}].mileposts", "already belongs to 'London'")


def test_red_area_must_surround_its_centre(tmp_path, doc):
    i = _city_index(doc, "Paris")
    doc["cities"][i]["mileposts"][6] = doc["cities"][_city_index(doc, "Frankfurt")]["center"]
    _expect(tmp_path, doc, f"cities[{i}].mileposts[6]", "not a neighbour of the centre")


def test_unknown_city_size_and_terrain(tmp_path, doc):
    doc["cities"][0]["size"] = "huge"
    _expect(tmp_path, doc, "cities[0].size", "'huge'")


def test_unknown_terrain(tmp_path, doc):
    doc["mileposts"][10]["terrain"] = "swamp"
    _expect(tmp_path, doc, "mileposts[10].terrain", "'swamp'")


def test_ids_out_of_order(tmp_path, doc):
    doc["mileposts"][3]["id"] = 4
    _expect(tmp_path, doc, "mileposts[3].id", "expected 3, got 4")


def test_tunnel_milepost_must_be_underground(tmp_path, doc):
    m = doc["tunnels"][0]["mileposts"][1]
    doc["mileposts"][m]["underground"] = False
    _expect(tmp_path, doc, "tunnels[0].mileposts[1]", "underground")


def test_ferry_port_out_of_range(tmp_path, doc):
    doc["ferries"][2]["ports"][1] = -1
    _expect(tmp_path, doc, "ferries[2].ports[1]", "not a milepost id")


def test_seas_need_one_entry_per_milepost(tmp_path, doc):
    doc["seas"] = {"Northern Seas": [0, 1, 2]}
    _expect(tmp_path, doc, "seas.Northern Seas", "one per milepost")



def test_a_city_listing_its_mileposts_must_begin_with_its_centre(tmp_path, doc):
    """A city's ``mileposts`` start with its centre (the milepost events count from: Counting Mileposts)."""
    i = _city_index(doc, "Paris")
    mps = doc["cities"][i]["mileposts"]
    mps[0], mps[1] = mps[1], mps[0]
    _expect(tmp_path, doc, f"cities[{i}].mileposts", "must start with the centre")


def test_a_ferry_joins_two_different_ports(tmp_path, doc):
    doc["ferries"][0]["ports"][1] = doc["ferries"][0]["ports"][0]
    _expect(tmp_path, doc, "ferries[0].ports[1]", "two different mileposts")


def test_two_crossings_may_not_share_a_name_ignoring_case(tmp_path, doc):
    """``board.crossing()`` finds a ferry by name, case aside: two ferries called alike are refused."""
    doc["ferries"][1]["name"] = doc["ferries"][0]["name"].upper()
    _expect(tmp_path, doc, "ferries[1].name", "must be unique")

def test_missing_field_and_bad_json(tmp_path, doc):
    del doc["edges"]
    _expect(tmp_path, doc, "edges", "missing")
    p = tmp_path / "broken.json"
    p.write_text("{ not json", encoding="utf-8")
    with pytest.raises(eb.BoardFileError, match="not valid JSON") as ei:
        eb.load_board(p)
    assert ei.value.field == "<json>" and ei.value.path == str(p)


def test_a_rejected_file_leaves_the_loaded_board_alone(tmp_path, doc, board):
    before = board.to_dict()
    doc["schema"] = "nope"
    with pytest.raises(eb.BoardFileError):
        eb.load_board(_write(tmp_path, doc))
    assert eb.load_board("tutorial").to_dict() == before


# ------------------------------------------------------------------------------------------ Board API
def test_city_lookup_by_alias_case_and_accents(board):
    assert board.city("Zurich") is board.city("Zürich") is board.city("ZÜRICH")
    assert board.city("Antwerp").name == "Antwerpen"
    assert board.city("vienna").name == "Wien" and board.city("Milan").name == "Milano"
    assert board.city("Amsterdam").name == "Holland"
    assert board.has_city("munchen") and board.city("Munich").name == "München"
    with pytest.raises(KeyError, match="Atlantis"):
        board.city("Atlantis")



def test_city_lookup_reads_letters_with_no_accent_to_strip_as_a_player_types_them():
    """København and Łódź are found as "Kobenhavn" and "LODZ" (ø and Ł have no accent for Unicode to strip)."""
    europe = eb.load_board("europe")
    assert europe.city("Kobenhavn").name == "København" and europe.city("LODZ").name == "Łódź"

def test_city_at_and_milepost(board):
    london = board.city("London")
    assert all(board.city_at(m) is london for m in london.mileposts)
    assert board.milepost(london.center).city == "London"
    liverpool = next(m for m in board.mileposts if m.port == "Liverpool")
    assert board.city_at(liverpool.id) is None and liverpool.city is None
    with pytest.raises(KeyError):
        board.milepost(len(board.mileposts))
    assert board.resolve("Paris") == board.city("Paris").mileposts
    assert board.resolve(liverpool.id) == (liverpool.id,)


def test_crossings_at(board):
    dublin = board.city("Dublin").center
    (f,) = board.crossings_at(dublin)
    assert f.name == "Liverpool–Dublin" and board.is_port(dublin)
    folkestone = next(m.id for m in board.mileposts if m.port == "Folkestone")
    (t,) = board.crossings_at(folkestone)
    assert t is board.crossing("chunnel") and t.path_from(folkestone)[-1] == t.other_port(folkestone)
    assert len(t.path_from(folkestone)) == 4   # three underground mileposts, then Calais
    assert board.crossings_at(board.city("Paris").center) == ()


def test_neighbors_are_symmetric(board):
    for m in board.mileposts:
        nb = board.neighbors(m.id)
        assert len(nb) <= 6
        assert all(m.id in board.neighbors(n) for n in nb)
    assert all(board.neighbors(m) == () for m in board.tunnels[0].mileposts)


def test_to_networkx(board):
    g = board.to_networkx()
    assert g.number_of_nodes() == len(board.mileposts)
    assert g.number_of_edges() == len(board.edges) + len(board.crossings)
    london = board.city("London")
    assert g.nodes[london.center]["city"] == "London"
    a, b = london.mileposts[:2]
    assert g.edges[a, b]["red_area"] is True
    f = board.crossing("Portsmouth–Le Havre")
    assert g.edges[f.ports]["crossing"] == "Portsmouth–Le Havre"


def test_to_dict_from_dict_round_trip(board, tmp_path):
    d = board.to_dict()
    again = eb.Board.from_dict(d)
    assert again.to_dict() == d
    assert json.loads(json.dumps(d)) == d, "plain JSON"
    p = tmp_path / "copy.json"
    p.write_text(json.dumps(d, ensure_ascii=False), encoding="utf-8")
    loaded = eb.load_board(p)
    assert loaded.to_dict() == d and loaded.source == str(p)
    assert loaded.meta["examples"] == board.meta["examples"]


def test_generator_reproduces_the_committed_file():
    """``tools/make_tutorial_board.py`` rebuilds exactly the committed board, and its own checks pass
    (every worked example is also the cheapest path between its ends)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "make_tutorial_board", Path(__file__).resolve().parents[2] / "tools" / "make_tutorial_board.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    doc = gen.build()
    problems = gen.check_board(doc) + gen.add_examples(doc)
    assert problems == []
    committed = json.loads(TUTORIAL.read_text(encoding="utf-8"))
    assert doc == committed, "run `python tools/make_tutorial_board.py` and commit data/boards/tutorial.json"


def test_seas_for_gales_and_strikes(board):
    """Events > Gales / Strikes count mileposts from a sea's coast: coastal mileposts are 1, the Chunnel's
    underground mileposts are outside every weather area, Ireland is far from the Mediterranean."""
    assert set(board.seas) == {"Atlantic", "Northern Seas", "Mediterranean"}
    for sea, dist in board.seas.items():
        assert len(dist) == len(board.mileposts) and dist.min() == 1, sea
        for e in board.edges:
            assert abs(int(dist[e.a]) - int(dist[e.b])) <= 1 or max(dist[e.a], dist[e.b]) == 99, (sea, e)
    for cr in board.crossings:
        for p in cr.ports:
            assert min(int(d[p]) for d in board.seas.values()) == 1, f"port {board.milepost(p).port} is coastal"
    for m in board.tunnels[0].mileposts:
        assert all(int(d[m]) == 99 for d in board.seas.values())
    assert board.seas["Mediterranean"][board.city("Dublin").center] == 99
    assert board.seas["Northern Seas"][board.city("Holland").center] <= 2
    assert {f["name"] for f in board.drawing["flags"]} == {"Atlantic / Northern Seas", "Atlantic / Mediterranean"}


def test_recent_keeps_the_last_few_values_per_board_and_recomputes_for_another_guard():
    """``files.recent``: what a track position determines is kept for the last few positions of a board
    (least recently used dropped), and a value made for one ruleset is not handed to another."""
    from eb_core.files import recent

    board = eb.load_board("tutorial")
    calls = []

    def make(k):
        return lambda: calls.append(k) or f"value {k}"

    for k in range(4):
        assert recent(board, "test:recent", k, make(k), size=3) == f"value {k}"
    assert recent(board, "test:recent", 3, make(3), size=3) == "value 3" and calls == [0, 1, 2, 3]
    recent(board, "test:recent", 0, make(0), size=3)          # 0 was dropped: computed again
    assert calls == [0, 1, 2, 3, 0]
    a, b = eb.ruleset("europe-standard"), eb.ruleset("europe-basic")
    assert recent(board, "test:guard", "k", lambda: "for a", guard=a) == "for a"
    assert recent(board, "test:guard", "k", lambda: "for b", guard=b) == "for b"
