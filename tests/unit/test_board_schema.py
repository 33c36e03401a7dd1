"""The JSON Schemas of board and deck files, and the board fields the US and Empire Express boards need.

Schemas: ``data/schemas/eb-board-1.json`` and ``eb-deck-1.json`` (draft 2020-12), enforced by
``eb_core.files.validate``. New board fields: ``lattice.orientation`` (the printed US board and Empire
Express: "Mileposts connect vertically, or diagonally (never horizontally)"), ``edges[i].barrier``
(Empire Express, "Build Track": heavy black lines track can never cross) and ``starting_track``
(Empire Express: each colour's track symbols printed on the board).
"""
from __future__ import annotations

import copy
import json
import math
from pathlib import Path

import pytest

import eb_core as eb
from eb_core import files
from eb_core.board import CitySize, LatticeOrientation, Terrain
from eb_core.cards import DURATIONS, EVENT_KINDS, STRIKE_VARIANTS
from eb_core.costs import segment_cost

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "data" / "schemas"


# --------------------------------------------------------------------------------- a north-south board
def ns_board(cols: int = 5, rows: int = 6) -> dict:
    """A small board on a north-south lattice: columns of mileposts 1 apart run north-south, columns
    are sqrt(3)/2 apart and odd columns are shifted by 1/2 (the Europe lattice turned by 90 degrees).
    One small city at each end ("Westham", "Eastham") and one major city ("Middleton") in between."""
    mps, ids = [], {}
    for c in range(cols):
        for r in range(rows):
            ids[(c, r)] = len(mps)
            mps.append({"id": len(mps), "x": round(c * math.sqrt(3) / 2, 6), "y": r + (0.5 if c % 2 else 0.0)})
    edges = []
    for i, p in enumerate(mps):
        for j in range(i + 1, len(mps)):
            q = mps[j]
            if abs(math.hypot(p["x"] - q["x"], p["y"] - q["y"]) - 1) < 1e-3:
                edges.append({"a": i, "b": j})
    centre = ids[(2, 2)]
    ring = sorted({e["a"] if e["b"] == centre else e["b"] for e in edges if centre in (e["a"], e["b"])})
    assert len(ring) == 6
    return {
        "schema": "eb-board/1", "name": "ns", "title": "North-south test board", "game": "express",
        "lattice": {"orientation": "north-south"},
        "mileposts": mps, "edges": edges,
        "cities": [
            {"name": "Westham", "size": "small", "center": ids[(0, 0)], "loads": ["Coal"]},
            {"name": "Middleton", "size": "major", "center": centre, "mileposts": [centre, *ring], "loads": []},
            {"name": "Eastham", "size": "medium", "center": ids[(4, 5)], "loads": ["Steel"]},
        ],
        "loads": {"Coal": 3, "Steel": 3},
    }


def _edge_index(doc: dict, a: int, b: int) -> int:
    return next(i for i, e in enumerate(doc["edges"]) if {e["a"], e["b"]} == {a, b})


def _outside_city_edge(doc: dict) -> int:
    in_city = {m for c in doc["cities"] for m in c.get("mileposts", [c["center"]])}
    return next(i for i, e in enumerate(doc["edges"]) if e["a"] not in in_city and e["b"] not in in_city)


def _expect(doc: dict, field: str, words: str | None = None) -> eb.BoardFileError:
    with pytest.raises(eb.BoardFileError) as ei:
        eb.Board.from_dict(doc, source="boards/bad.json")
    err = ei.value
    assert err.path == "boards/bad.json" and err.field == field, str(err)
    assert "boards/bad.json" in str(err) and repr(field) in str(err)
    if words:
        assert words in err.problem, err.problem
    return err


@pytest.fixture()
def ns() -> dict:
    return ns_board()


@pytest.fixture()
def tutorial_doc() -> dict:
    return json.loads((files.data_dir() / "boards" / "tutorial.json").read_text(encoding="utf-8"))


# ------------------------------------------------------------------------------------ lattice orientation
def test_europe_and_tutorial_boards_lie_east_west():
    for name in ("europe", "tutorial"):
        board = eb.load_board(name)
        assert board.lattice_orientation is LatticeOrientation.EAST_WEST
        assert board.lattice_orientation == "east-west"
        assert "lattice" not in board.to_dict()   # the default is not written out: the files stay as they are


def test_a_north_south_board_loads_and_never_joins_mileposts_east_west(ns):
    board = eb.Board.from_dict(ns)
    assert board.lattice_orientation is LatticeOrientation.NORTH_SOUTH
    assert board.lattice_orientation.neighbour_angles == (30, 90, 150, 210, 270, 330)
    angles = {round(math.degrees(math.atan2(board.mileposts[e.b].y - board.mileposts[e.a].y,
                                            board.mileposts[e.b].x - board.mileposts[e.a].x))) % 180
              for e in board.edges}
    assert angles == {30, 90, 150}                 # vertically or diagonally, never horizontally
    assert len(board.city("Middleton").mileposts) == 7
    again = eb.Board.from_dict(board.to_dict())
    assert again.lattice_orientation is LatticeOrientation.NORTH_SOUTH
    assert again.to_dict() == board.to_dict()


def test_a_north_south_board_declared_east_west_names_the_first_edge(ns):
    del ns["lattice"]
    err = _expect(ns, "edges[0]", "east-west")
    assert "lattice.orientation" in err.problem


def test_an_east_west_board_declared_north_south_names_the_first_edge(tutorial_doc):
    tutorial_doc["lattice"] = {"orientation": "north-south"}
    e = tutorial_doc["edges"][0]
    err = _expect(tutorial_doc, "edges[0]", "north-south")
    assert f"{min(e['a'], e['b'])}-{max(e['a'], e['b'])}" in err.problem


def test_unknown_orientation_and_unknown_lattice_field(ns):
    ns["lattice"] = {"orientation": "diagonal"}
    _expect(copy.deepcopy(ns), "lattice.orientation", "'diagonal'")
    ns["lattice"] = {"orientation": "north-south", "angle": 90}
    _expect(ns, "lattice.angle", "unknown")


# ------------------------------------------------------------------------------------------- barriers
def test_the_loader_keeps_a_barrier_and_its_name(ns):
    i = _outside_city_edge(ns)
    a, b = ns["edges"][i]["a"], ns["edges"][i]["b"]
    ns["edges"][i]["barrier"] = "Lake Erie"
    board = eb.Board.from_dict(ns)
    edge = board.edge(a, b)
    assert edge in board.edges and edge.barrier == "Lake Erie" and edge.impassable
    assert board.barrier(a, b) == board.barrier(b, a) == "Lake Erie"
    assert board.is_barrier(a, b) and board.is_barrier(b, a)
    assert b not in board.neighbors(a) and a not in board.neighbors(b)   # no track, hence no train, across it
    other = board.edges[0] if board.edges[0].key != edge.key else board.edges[1]
    assert board.barrier(*other.key) is None and not board.is_barrier(*other.key)
    assert board.barrier(0, len(board.mileposts) - 1) is None       # not neighbours at all
    assert segment_cost(board, eb.ruleset("europe-standard"), a, b) is None             # never buildable
    assert segment_cost(board, eb.ruleset("europe-standard"), *other.key) is not None
    again = eb.Board.from_dict(board.to_dict())
    assert again.edge(a, b).barrier == "Lake Erie" and again.to_dict() == board.to_dict()


def test_barrier_must_be_a_name_and_cannot_be_passable(ns):
    i = _outside_city_edge(ns)
    bad = copy.deepcopy(ns)
    bad["edges"][i]["barrier"] = ""
    _expect(bad, f"edges[{i}].barrier", "empty")
    bad = copy.deepcopy(ns)
    bad["edges"][i]["barrier"] = True
    _expect(bad, f"edges[{i}].barrier", "string")
    bad = copy.deepcopy(ns)
    bad["edges"][i].update(barrier="Atlantic coast", impassable=False)
    _expect(bad, f"edges[{i}].impassable", "Atlantic coast")
    bad = copy.deepcopy(ns)
    bad["edges"][i]["barier"] = "Atlantic coast"                  # a typo is an error, not silently passable
    _expect(bad, f"edges[{i}].barier", "unknown field")


# -------------------------------------------------------------------------------------- starting track
def test_starting_track_loads_per_colour_as_sorted_pairs(ns):
    i, j = _outside_city_edge(ns), _outside_city_edge(ns) + 1
    e1, e2 = ns["edges"][i], ns["edges"][j]
    ns["starting_track"] = {"orange": [[e1["b"], e1["a"]]], "red": [[e2["a"], e2["b"]]]}
    board = eb.Board.from_dict(ns)
    assert dict(board.starting_track) == {"orange": ((min(e1["a"], e1["b"]), max(e1["a"], e1["b"])),),
                                          "red": ((e2["a"], e2["b"]),)}
    with pytest.raises(TypeError):
        board.starting_track["blue"] = ()                         # immutable, like the rest of the board
    assert eb.Board.from_dict(board.to_dict()).starting_track == board.starting_track
    assert dict(eb.load_board("tutorial").starting_track) == {}


def test_bad_starting_track_names_the_field(ns):
    n = len(ns["mileposts"])
    e = ns["edges"][_outside_city_edge(ns)]
    far = max(range(n), key=lambda m: math.hypot(ns["mileposts"][m]["x"] - ns["mileposts"][e["a"]]["x"],
                                                 ns["mileposts"][m]["y"] - ns["mileposts"][e["a"]]["y"]))
    cases = [
        ({"orange": [[e["a"], n + 3]]}, "starting_track.orange[0][1]", "not a milepost id"),
        ({"orange": [[e["a"], far]]}, "starting_track.orange[0]", "not joined by an edge"),
        ({"orange": [[e["a"]]]}, "starting_track.orange[0]", "exactly 2"),
        ({"orange": [[e["a"], "x"]]}, "starting_track.orange[0][1]", "whole number"),
        ({"orange": [[e["a"], e["b"]]], "red": [[e["b"], e["a"]]]}, "starting_track.red[0]", "'orange'"),
        ({"orange": [["Middleton", e["b"]]]}, "starting_track.orange[0][0]", "whole number"),
        ({"": [[e["a"], e["b"]]]}, "starting_track", "empty"),
    ]
    centre = ns["cities"][1]["center"]
    cases.append(({"blue": [[centre, ns["cities"][1]["mileposts"][1]]]}, "starting_track.blue[0]", "red area"))
    for track, field, words in cases:
        doc = copy.deepcopy(ns)
        doc["starting_track"] = track
        _expect(doc, field, words)
    doc = copy.deepcopy(ns)
    doc["edges"][_edge_index(doc, e["a"], e["b"])]["barrier"] = "Lake Erie"
    doc["starting_track"] = {"green": [[e["a"], e["b"]]]}
    _expect(doc, "starting_track.green[0]", "impassable")


# ------------------------------------------------------------------------------------ the schema files
@pytest.mark.parametrize("name", ["eb-board-1", "eb-deck-1"])
def test_schema_files_are_draft_2020_12_and_describe_every_property(name):
    schema = json.loads((SCHEMAS / f"{name}.json").read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    type(files.reference_validator(name)).check_schema(schema)   # jsonschema's draft 2020-12 metaschema
    undescribed = []

    def walk(node, where):
        if isinstance(node, dict):
            for key, sub in node.get("properties", {}).items():
                if isinstance(sub, dict) and not sub.get("description"):
                    undescribed.append(f"{where}.{key}")
            for key, sub in node.items():
                walk(sub, f"{where}.{key}")
        elif isinstance(node, list):
            for i, sub in enumerate(node):
                walk(sub, f"{where}[{i}]")

    walk(schema, name)
    # properties inside if/then only narrow a property described where it is defined
    assert [u for u in undescribed if ".then." not in u and ".if." not in u] == []


@pytest.mark.parametrize("board,deck", [("tutorial", "tutorial"), ("europe", "europe")])
def test_the_committed_files_pass_both_validators(board, deck):
    for kind, name, schema in (("boards", board, "eb-board-1"), ("decks", deck, "eb-deck-1")):
        doc = json.loads((files.data_dir() / kind / f"{name}.json").read_text(encoding="utf-8"))
        files.reference_validator(schema).validate(doc)            # jsonschema, the reference validator
        files.validate(doc, schema, f"{kind}/{name}.json", eb.errors.DataFileError)


def test_schema_enums_match_the_value_types():
    board = files.load_schema("eb-board-1")
    assert board["$defs"]["milepost"]["properties"]["terrain"]["enum"] == [t.value for t in Terrain]
    assert board["$defs"]["city"]["properties"]["size"]["enum"] == [c.value for c in CitySize]
    assert board["properties"]["lattice"]["properties"]["orientation"]["enum"] == [o.value for o in LatticeOrientation]
    deck = files.load_schema("eb-deck-1")
    event = deck["$defs"]["eventCard"]
    assert event["properties"]["duration"]["enum"] == list(DURATIONS)
    assert event["properties"]["kind"]["enum"] == list(EVENT_KINDS)
    gale = EVENT_KINDS["gale"]
    assert set(gale[1]) == {"sea", "radius"}
    sea_rule = next(r for r in event["allOf"] if r["if"]["properties"]["kind"]["const"] == "gale")
    # a gale's sea is any sea of the deck's board (Europe's three, North America's Gulf and Pacific...):
    # the schema asks for a name, Deck.problems checks it against the board
    assert sea_rule["then"]["properties"]["params"]["properties"]["sea"]["type"] == "string"
    strike = next(r for r in event["allOf"] if r["if"]["properties"]["kind"]["const"] == "strike")
    assert strike["then"]["properties"]["params"]["properties"]["variant"]["enum"] == list(STRIKE_VARIANTS)
    assert set(EVENT_KINDS["strike"][2]) == {"radius", "countries", "region", "players"}
    assert set(EVENT_KINDS["snow"][2]) == {"blocked_terrain"}


def test_each_validator_is_compiled_once():
    eb.Board.from_dict(ns_board())
    first = files._compiled("eb-board-1")
    eb.Board.from_dict(ns_board())
    eb.load_deck("tutorial")
    assert files._compiled("eb-board-1") is first
    assert files._compiled("eb-deck-1") is files._compiled("eb-deck-1")


def test_editors_may_name_the_schema_in_the_file(ns, tmp_path):
    ns["$schema"] = "../schemas/eb-board-1.json"
    p = tmp_path / "ns.json"
    p.write_text(json.dumps(ns), encoding="utf-8")
    assert eb.load_board(p).lattice_orientation is LatticeOrientation.NORTH_SOUTH


def test_python_documents_with_tuples_still_load(ns):
    ns["edges"] = [dict(e) for e in ns["edges"]]
    ns["cities"][1]["mileposts"] = tuple(ns["cities"][1]["mileposts"])
    ns["cities"][1]["loads"] = ()
    board = eb.Board.from_dict(ns)
    assert len(board.city("Middleton").mileposts) == 7
    ns["cities"][1]["mileposts"] = tuple(ns["cities"][1]["mileposts"][:6])
    _expect(ns, "cities[1].mileposts", "exactly 7")


def test_field_paths_and_problems_read_plainly(tutorial_doc):
    tutorial_doc["mileposts"][12]["terrain"] = "swamp"
    err = _expect(copy.deepcopy(tutorial_doc), "mileposts[12].terrain")
    assert err.problem == "unknown terrain 'swamp'; expected 'clear', 'mountain' or 'alpine'"
    tutorial_doc["mileposts"][12]["terrain"] = "clear"
    tutorial_doc["loads"]["Wine"] = 0
    _expect(copy.deepcopy(tutorial_doc), "loads.Wine", "at least 1")
    tutorial_doc["loads"]["Wine"] = 3
    tutorial_doc["colour"] = "red"
    _expect(tutorial_doc, "colour", "unknown field 'colour'")


def test_a_gale_on_a_sea_the_board_does_not_have_is_named_with_its_field():
    """Gales name one of the board's seas: the North America deck's Pacific gale fits its board, not Europe."""
    na = eb.load_deck("north_america")
    na.validate_against(eb.load_board("north_america"))
    problems = dict(na.problems(eb.load_board("europe")))
    gale = next(i for i, e in enumerate(na.event_cards) if e.kind == "gale" and e.params["sea"] == "Pacific")
    assert "is not on board 'europe'" in problems[f"event_cards[{gale}].params.sea"]


def test_every_demand_card_of_a_deck_carries_the_same_number_of_demands():
    """Empire Builder cards carry three demands, Empire Express cards two; one deck never mixes them."""
    doc = eb.load_deck("eastern_us").to_dict()
    doc["demand_cards"][5]["demands"].append({"city": "Boston", "load": "Coal", "payout": 30})
    with pytest.raises(eb.DeckFileError) as ei:
        eb.cards.Deck.from_dict(doc, "mixed.json")
    assert ei.value.field == "demand_cards[5].demands" and "same number" in str(ei.value)
