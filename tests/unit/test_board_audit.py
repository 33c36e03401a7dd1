"""Board behaviour the other board tests left unchecked (found by mutation testing ``eb_core/board.py``).

Checks the value types a board file author or a caller meets directly: the water a segment crosses
(rulebook: "Bridges over Rivers, Lakes and Ocean Inlets"), major cities against key and smaller ones
("Build Phase Rules"), ferries and the Chunnel built by hand ("Building Ferry Ports", "Building the
Chunnel"), the lattice directions, the nearest city named for an open milepost when a heavy black line
(Empire Express: "Build Track") or no city at all lies around it, and board files refused with a
:class:`~eb_core.errors.BoardFileError` naming the file and the field.
"""
from __future__ import annotations

import copy
import json
import math

import pytest

import eb_core as eb
from eb_core.board import (City, CitySize, Crossing, Edge, Ferry, LatticeOrientation, Milepost, Terrain, Tunnel,
                           Water, data_dir)
from mini_board import MINI as m

TUTORIAL = data_dir() / "boards" / "tutorial.json"


@pytest.fixture()
def tutorial() -> eb.Board:
    return eb.load_board("tutorial")


@pytest.fixture()
def doc() -> dict:
    """A fresh, mutable copy of the tutorial board document."""
    return json.loads(TUTORIAL.read_text(encoding="utf-8"))


def _expect(doc: dict, field: str, words: str) -> eb.BoardFileError:
    """Loading ``doc`` is refused naming the file and ``field``; the tutorial board stays as it was."""
    before = eb.load_board("tutorial").to_dict()
    with pytest.raises(eb.BoardFileError) as ei:
        eb.Board.from_dict(doc, source="boards/bad.json")
    err = ei.value
    assert err.path == "boards/bad.json" and err.field == field, str(err)
    assert "boards/bad.json" in str(err) and repr(field) in str(err)
    assert words in err.problem, err.problem
    assert eb.load_board("tutorial").to_dict() == before
    return err


# ------------------------------------------------------------------------------------------------ water
def test_a_segment_names_the_water_it_bridges(tutorial):
    """Bridges over Rivers, Lakes and Ocean Inlets: a river, a lake or an inlet between two mileposts is
    named as such; a segment over dry land crosses no water."""
    kinds = {}
    for e in tutorial.edges:
        kinds.setdefault(e.waters, e)
    rhein = next(e for e in tutorial.edges if "Rhein" in e.rivers)
    assert rhein.waters == (Water.RIVER,) and str(Water.RIVER) == "river"
    lake = next(e for e in tutorial.edges if e.lake)
    assert lake.waters == (Water.LAKE,) and str(Water.LAKE) == "lake"
    inlet = next(e for e in tutorial.edges if e.inlet)
    assert inlet.waters == (Water.INLET,) and str(Water.INLET) == "inlet"
    dry = next(e for e in tutorial.edges if not (e.rivers or e.lake or e.inlet))
    assert dry.waters == ()
    assert Edge(3, 4, rivers=("Rhein",), lake=True, inlet=True).waters == (Water.RIVER, Water.LAKE, Water.INLET)


def test_a_segment_leads_from_either_end_to_the_other(tutorial):
    """Right of Way: one section of track joins two mileposts; from either end it leads to the other."""
    e = tutorial.edges[0]
    assert e.a < e.b
    assert e.other(e.a) == e.b and e.other(e.b) == e.a


def test_a_heavy_black_line_is_impassable_even_when_the_caller_forgets_to_say_so():
    """Empire Express, Build Track: track can never cross a heavy black line."""
    assert Edge(3, 4, barrier="Lake Erie").impassable
    assert not Edge(3, 4).impassable and Edge(3, 4).barrier is None


# ------------------------------------------------------------------------------------------------ cities
def test_only_the_eight_major_cities_are_major(tutorial):
    """Build Phase Rules: London is a major city (5M, 7 mileposts); Oslo is a key city, Zürich a medium one,
    Lyon a small one, none of them major."""
    london = tutorial.city("London")
    assert london.is_major and london.has_red_area and len(london.mileposts) == 7
    oslo = tutorial.city("Oslo")
    assert oslo.size is CitySize.KEY and not oslo.is_major and oslo.has_red_area
    assert not tutorial.city("Zürich").is_major and not tutorial.city("Lyon").is_major
    assert {c.name for c in tutorial.major_cities} == {c.name for c in tutorial.cities if c.is_major}
    assert len(tutorial.major_cities) == 8
    assert City("Lyon", CitySize.SMALL, 5, (5,)).is_major is False


def test_a_milepost_built_by_hand_is_an_open_surface_milepost():
    """Movement Using the Chunnel: only the tunnel's mileposts are underground; a milepost is on the
    surface, clear and in no city unless said otherwise."""
    mp = Milepost(0, 0.0, 0.0)
    assert mp.underground is False and mp.terrain is Terrain.CLEAR and mp.city is None


# ------------------------------------------------------------------------------------ ferries and tunnels
def test_ferry_and_tunnel_built_by_hand_match_the_ones_a_board_file_gives(tutorial):
    """Building Ferry Ports: Portsmouth-Le Havre costs 4M. Building the Chunnel: it joins Folkestone and
    Calais for 17M through three underground mileposts."""
    ferry = tutorial.crossing("Portsmouth–Le Havre")
    made = Ferry(ferry.name, list(ferry.ports), list(ferry.port_names), 4)
    assert made == ferry and isinstance(made, Crossing) and not made.is_tunnel
    assert made.ports == ferry.ports and made.mileposts == ()
    chunnel = tutorial.crossing("Chunnel")
    made = Tunnel("Chunnel", list(chunnel.ports), ["Folkestone", "Calais"], 17, list(chunnel.mileposts))
    assert made == chunnel and made.is_tunnel and len(made.mileposts) == 3
    assert made.path_from(made.ports[0]) == (*chunnel.mileposts, made.ports[1])


# ------------------------------------------------------------------------------------------------ lattice
def test_the_lattice_directions(tutorial):
    """Europe's rows of mileposts run east-west: neighbours lie due east and west and at 60 degrees; the US
    and Empire Express lattice is turned by 90 degrees ("never horizontally")."""
    assert LatticeOrientation.EAST_WEST.neighbour_angles == (0, 60, 120, 180, 240, 300)
    assert LatticeOrientation.NORTH_SOUTH.neighbour_angles == (30, 90, 150, 210, 270, 330)
    assert str(LatticeOrientation.NORTH_SOUTH) == "north-south" and str(LatticeOrientation.EAST_WEST) == "east-west"
    assert tutorial.lattice_orientation is LatticeOrientation.EAST_WEST


# ------------------------------------------------------------------------------------- the nearest city
def _walled_mini() -> dict:
    """The mini board with a heavy black line between columns 5 and 6 of its western land."""
    doc = copy.deepcopy(m.board_dict())
    west_of_line = {m(c, r) for c in range(0, 6) for r in range(10)}
    east_of_line = {m(c, r) for c in range(6, 12) for r in range(10)}
    for e in doc["edges"]:
        if {e["a"], e["b"]} & west_of_line and {e["a"], e["b"]} & east_of_line:
            e["barrier"] = "The Wall"
    return doc


def test_a_milepost_beside_a_heavy_black_line_is_near_a_city_on_its_own_side():
    """Empire Express, Build Track: no track crosses a heavy black line, so a milepost just beyond it is
    named after the nearest city its side of the line (Midville), not the closer one across it
    (Smallton, one milepost away)."""
    plain = eb.Board.from_dict(m.board_dict())
    assert plain.place(m(6, 8)) == "a clear milepost near Smallton"
    walled = eb.Board.from_dict(_walled_mini())
    assert walled.is_barrier(m(5, 8), m(6, 8))
    assert walled.place(m(6, 8)) == "a clear milepost near Midville"
    assert walled.place(m(5, 7)) == "a clear milepost near Smallton"


def test_on_a_board_without_cities_an_open_milepost_is_near_the_board():
    doc = copy.deepcopy(m.board_dict())
    doc["cities"] = []
    board = eb.Board.from_dict(doc)
    assert board.place(m(6, 8)) == "a clear milepost near mini"
    assert board.between(m(6, 8), m(7, 8)) == "between two clear mileposts near mini"


# ------------------------------------------------------------------------------------ names and look-ups
def test_milepost_ids_run_from_0_to_the_last(tutorial):
    """Every milepost of the file is found by its id, the first (0) and the last; one past the end or a
    city name is refused naming the field."""
    n = len(tutorial.mileposts)
    assert tutorial.milepost(0).id == 0 and tutorial.milepost(n - 1).id == n - 1
    for bad in (n, -1, "London", 2.0):
        with pytest.raises(eb.UnknownName) as ei:
            tutorial.milepost(bad)
        assert ei.value.field == "milepost" and repr(bad) in str(ei.value)
    assert tutorial.resolve(0) == (0,) and tutorial.resolve("Lyon") == tutorial.city("Lyon").mileposts
    with pytest.raises(eb.UnknownName) as ei:
        tutorial.resolve(n)
    assert ei.value.field == "milepost"


def test_labels_name_city_port_and_terrain(tutorial):
    """Major Cities: Paris's centre is "Paris", its other red-area mileposts carry their id; a ferry port
    that is no city (Portsmouth) and an open mountain milepost are named as such."""
    paris = tutorial.city("Paris")
    assert tutorial.label(paris.center) == "Paris"
    assert tutorial.label(paris.mileposts[1]) == f"Paris ({paris.mileposts[1]})"
    portsmouth = tutorial.port_milepost("Portsmouth")
    assert tutorial.label(portsmouth) == f"Portsmouth ({portsmouth})"
    mountain = next(mp.id for mp in tutorial.mileposts
                    if mp.terrain is Terrain.MOUNTAIN and mp.city is None and not mp.port)
    assert tutorial.label(mountain) == f"mountain {mountain}"


def test_a_misspelt_load_is_answered_with_the_closest_load_or_the_list(tutorial):
    """Picking Up Loads: the tutorial board's loads include Wine (4 chips) and Cheese."""
    assert tutorial.no_load("Wne") == "no load 'Wne' on board 'tutorial' (did you mean Wine?)"
    listed = tutorial.no_load("Unobtainium")
    assert listed.startswith("no load 'Unobtainium' on board 'tutorial' (loads: Beer, Cars, Cheese,")
    assert listed.endswith("Wine, Wood)")


def test_ferry_ports_that_are_no_city_are_found_by_name(tutorial):
    """Building Ferry Ports / Building the Chunnel: Portsmouth, Folkestone and Calais are ports, not cities;
    Paris is a city, not a port."""
    folkestone = tutorial.port_milepost("Folkestone")
    assert folkestone == tutorial.crossing("Chunnel").ports[0] == tutorial.port_milepost("FOLKESTONE")
    assert tutorial.port_milepost("Calais") == tutorial.crossing("Chunnel").ports[1]
    assert tutorial.port_milepost("Paris") is None and tutorial.port_milepost(205) is None
    assert tutorial.close_places("Folkstone") == []
    assert tutorial.close_places("Folkstone", ports=True) == ["Folkestone"]
    assert tutorial.no_city("Folkstone") == "no city 'Folkstone' on board 'tutorial'"
    assert tutorial.no_city("Folkstone", ports=True) == (
        "no city or ferry port 'Folkstone' on board 'tutorial' (did you mean Folkestone?)")


def test_a_city_on_the_first_milepost_is_still_the_nearest_city():
    """Counting Mileposts: an open milepost one step from Smallton is near Smallton, even when Smallton
    sits on milepost 0, the first of the file."""
    doc = copy.deepcopy(m.board_dict())
    doc["cities"] = [{"name": "Smallton", "size": "small", "center": 0, "loads": ["Wine"]}]
    board = eb.Board.from_dict(doc)
    assert board.city("Smallton").center == m(0, 0) == 0
    assert board.place(m(1, 0)) == "a clear milepost near Smallton"


def test_places_and_segments_are_named_as_a_player_names_them(tutorial):
    """Building the Chunnel: its three mileposts are "the Chunnel", its ends Folkestone and Calais; a
    segment inside a major city is "in Paris" (Major Cities); London to Birmingham is "between" them."""
    chunnel = tutorial.crossing("Chunnel")
    folkestone, calais = chunnel.ports
    inner = chunnel.mileposts
    paris = tutorial.city("Paris")
    assert tutorial.landmark(paris.center) == "Paris" and tutorial.landmark(folkestone) == "Folkestone"
    assert [tutorial.landmark(x) for x in inner] == ["the Chunnel"] * 3
    assert tutorial.place(inner[1]) == "the Chunnel"
    assert tutorial.between(inner[0], inner[1]) == "at the Chunnel"
    assert tutorial.between(folkestone, inner[0]) == "between Folkestone and the Chunnel"
    assert tutorial.between(*paris.mileposts[:2]) == "in Paris"
    london, birmingham = tutorial.city("London"), tutorial.city("Birmingham")
    assert tutorial.between(london.center, birmingham.center) == "between London and Birmingham"
    mountain = next(mp.id for mp in tutorial.mileposts
                    if mp.terrain is Terrain.MOUNTAIN and tutorial.landmark(mp.id) is None)
    assert tutorial.landmark(mountain) is None
    assert tutorial.place(mountain) == f"a mountain milepost near {tutorial.near(mountain)}"


def test_a_port_without_a_printed_name_on_its_milepost_is_named_by_its_ferry():
    """Building Ferry Ports: the mini board's ferry joins Westport and Eastport; its mileposts carry no
    port field, so the ferry's port names name them."""
    board = eb.Board.from_dict(m.board_dict())
    assert board.milepost(m(11, 7)).port is None
    assert board.landmark(m(11, 7)) == "Westport" and board.place(m(11, 7)) == "Westport"
    assert board.landmark(m(15, 2)) == "Eastside"           # the mini Chunnel's eastern end
    assert board.landmark(m.tunnel_inner[0]) == "the Chunnel"


def test_an_underground_milepost_of_no_tunnel_is_a_tunnel():
    """Movement Using the Chunnel: underground mileposts are tunnel mileposts; one that no tunnel lists
    is still "a tunnel", never an open milepost."""
    doc = copy.deepcopy(m.board_dict())
    doc["tunnels"] = []
    board = eb.Board.from_dict(doc)
    assert board.landmark(m.tunnel_inner[1]) == "a tunnel"


def test_load_sources_and_coordinates(tutorial):
    """Picking Up Loads: Wine comes from Wien and Frankfurt on the tutorial board, Cheese from Holland."""
    assert {c.name for c in tutorial.sources("Wine")} == {"Wien", "Frankfurt"}
    assert [c.name for c in tutorial.sources("Cheese")] == ["Holland"]
    assert tutorial.sources("Unobtainium") == ()
    assert tutorial.xy.shape == (len(tutorial.mileposts), 2)
    last = tutorial.mileposts[-1]
    assert tuple(tutorial.xy[-1]) == (last.x, last.y)


# ------------------------------------------------------------------------------------- saving a board
def test_a_saved_board_keeps_every_river_lake_inlet_and_port(tutorial, doc):
    """Bridges over Rivers, Lakes and Ocean Inlets; Building Ferry Ports: a board written back out with
    ``to_dict`` is the committed tutorial file, bridge by bridge and port by port."""
    out = tutorial.to_dict()
    assert out["edges"] == doc["edges"]
    assert out["mileposts"] == doc["mileposts"]
    assert sum(1 for e in out["edges"] if "rivers" in e) == sum(1 for e in tutorial.edges if e.rivers) > 0
    assert any(e.get("lake") for e in out["edges"]) and any(e.get("inlet") for e in out["edges"])
    assert {mp["port"] for mp in out["mileposts"] if "port" in mp} >= {"Portsmouth", "Folkestone", "Calais"}
    assert out["seas"] == doc["seas"] and set(out["seas"]) == {"Atlantic", "Northern Seas", "Mediterranean"}
    assert out["drawing"] == doc["drawing"]


def test_a_saved_board_keeps_its_heavy_black_lines_and_leaves_out_what_it_lacks():
    """Empire Express, Build Track: an impassable edge, named or not, stays impassable once saved and
    loaded again; a milepost with no latitude or country is written without them; the scale (Europe:
    about 44 km between neighbouring mileposts) is kept."""
    doc = copy.deepcopy(m.board_dict())
    doc["spacing_km"] = 44
    a, b = m(20, 8), m(21, 8)
    c, d = m(20, 9), m(21, 9)
    for e in doc["edges"]:
        if {e["a"], e["b"]} == {a, b}:
            e["impassable"] = True
        if {e["a"], e["b"]} == {c, d}:
            e["barrier"] = "Lake Erie"
    board = eb.Board.from_dict(doc)
    out = board.to_dict()
    plain = out["mileposts"][m(20, 8)]
    assert plain == {"id": m(20, 8), "x": plain["x"], "y": plain["y"], "terrain": "clear"}
    again = eb.Board.from_dict(json.loads(json.dumps(out)))
    assert again.is_barrier(a, b) and again.barrier(a, b) is None
    assert again.is_barrier(c, d) and again.barrier(c, d) == "Lake Erie"
    assert again.edge(m(5, 0), m(6, 0)).rivers == ("Rio",)
    assert b not in again.neighbors(a) and d not in again.neighbors(c)
    assert out["spacing_km"] == again.spacing_km == 44.0


# ------------------------------------------------------------------------------------- bad board files
def test_an_edge_to_a_milepost_past_the_last_names_the_edge_end(doc):
    """A board file author's typo: an edge to milepost 453 of a 453-milepost board (ids 0..452) is refused
    naming the edge's end, not a crash."""
    n = len(doc["mileposts"])
    doc["edges"][7]["b"] = n
    _expect(copy.deepcopy(doc), "edges[7].b", f"{n} is not a milepost id (0..{n - 1})")
    doc["edges"][7]["b"] = doc["edges"][8]["b"]
    doc["edges"][9]["a"] = n
    _expect(doc, "edges[9].a", "is not a milepost id")


def test_an_edge_from_a_milepost_to_itself_names_the_edge(doc):
    """Right of Way: a section of track joins two mileposts; an edge from one milepost to itself is refused."""
    doc["edges"][3]["b"] = doc["edges"][3]["a"]
    _expect(doc, "edges[3]", "two different mileposts")


def test_a_duplicate_edge_is_named_at_its_second_listing(doc):
    """Right of Way: only one section of track may be built between two mileposts, so the file lists each
    pair once; listing London's first ring edge again is refused naming the repeat."""
    london = doc["cities"][0]
    assert london["name"] == "London"
    i = next(k for k, e in enumerate(doc["edges"]) if {e["a"], e["b"]} == set(london["mileposts"][:2]))
    doc["edges"].insert(i + 2, {"a": doc["edges"][i]["b"], "b": doc["edges"][i]["a"]})
    _expect(doc, f"edges[{i + 2}]", "duplicate edge")


def test_an_ordinary_edge_into_a_tunnel_milepost_is_refused():
    """Building the Chunnel: its underground mileposts are reached only through its ports, never by
    ordinary track; a file joining a port to a tunnel milepost by an edge is refused naming the edge."""
    doc = copy.deepcopy(m.board_dict())
    doc["edges"].append({"a": m(11, 2), "b": m.tunnel_inner[0]})
    _expect(doc, f"edges[{len(doc['edges']) - 1}]", "underground (tunnel) mileposts take no ordinary edges")


@pytest.mark.parametrize("coord", ["x", "y"])
def test_a_milepost_off_the_map_names_the_milepost(doc, coord):
    """A board file whose milepost has an infinite or undefined coordinate is refused naming that
    milepost, not loaded as a milepost nowhere."""
    for bad in (float("inf"), float("nan")):
        broken = copy.deepcopy(doc)
        broken["mileposts"][5][coord] = bad
        err = _expect(broken, "mileposts[5]", "finite")
        assert f"{coord}={bad}" in err.problem


def test_a_city_centre_past_the_last_milepost_names_the_field(doc):
    """A city whose centre is milepost 453 of a 453-milepost board is refused naming its centre."""
    n = len(doc["mileposts"])
    i = next(k for k, c in enumerate(doc["cities"]) if c["name"] == "Lyon")
    doc["cities"][i]["center"] = n
    doc["cities"][i]["mileposts"] = [n]
    _expect(doc, f"cities[{i}].center", f"{n} is not a milepost id (0..{n - 1})")


def test_a_city_name_or_alias_without_a_letter_is_refused(doc):
    """City names are looked up as printed (Major Cities: "London"); a name of dashes alone names nothing."""
    i = next(k for k, c in enumerate(doc["cities"]) if c["name"] == "Lyon")
    broken = copy.deepcopy(doc)
    broken["cities"][i]["name"] = "——"
    _expect(broken, f"cities[{i}].name", "has no letter or digit")
    doc["cities"][i]["aliases"] = ["?"]
    _expect(doc, f"cities[{i}].aliases[0]", "has no letter or digit")


def test_an_alias_naming_another_city_is_refused(doc):
    """board.city("London") must find London: Frankfurt may not carry the alias "london"."""
    i = next(k for k, c in enumerate(doc["cities"]) if c["name"] == "Frankfurt")
    doc["cities"][i]["aliases"] = ["Frankfurt am Main", "london"]
    _expect(doc, f"cities[{i}].aliases[1]", "alias 'london' already names city 'London'")


def test_a_ferry_without_a_name_or_with_one_port_twice_is_refused(doc):
    """Building Ferry Ports: a ferry is named as printed ("Liverpool–Dublin", 6M) and joins two ports."""
    assert doc["ferries"][0]["name"] == "Liverpool–Dublin" and doc["ferries"][0]["cost"] == 6
    broken = copy.deepcopy(doc)
    broken["ferries"][0]["name"] = "–"
    _expect(broken, "ferries[0].name", "has no letter or digit")
    liverpool = doc["ferries"][0]["ports"][0]
    doc["ferries"][0]["ports"] = [liverpool, liverpool]
    _expect(doc, "ferries[0].ports[1]", f"both ports are milepost {liverpool}")


def test_a_city_listing_another_milepost_first_says_which(doc):
    """Major Cities: Paris's mileposts begin with its centre; a file listing a ring milepost first is
    refused saying which milepost it found."""
    i = next(k for k, c in enumerate(doc["cities"]) if c["name"] == "Paris")
    mps = doc["cities"][i]["mileposts"]
    centre, ring = mps[0], mps[1]
    mps[0], mps[1] = ring, centre
    _expect(doc, f"cities[{i}].mileposts", f"must start with the centre milepost {centre}, got {ring}")


def test_a_ferry_port_underground_is_refused():
    """Building Ferry Ports: a ferry is built into a port on the surface; a file putting a ferry's port on
    an underground (tunnel) milepost is refused naming that port."""
    doc = copy.deepcopy(m.board_dict())
    doc["ferries"][0]["ports"][0] = m.tunnel_inner[1]
    _expect(doc, "ferries[0].ports[0]", "a port cannot be underground")


def test_starting_track_may_run_into_a_small_city():
    """Empire Express, Build Track: a colour's printed starting track may end in a city; only a major
    city's red area is public track nobody owns."""
    doc = copy.deepcopy(m.board_dict())
    smallton, beside = m(5, 8), m(6, 8)
    doc["starting_track"] = {"orange": [[smallton, beside]]}
    board = eb.Board.from_dict(doc)
    assert dict(board.starting_track) == {"orange": ((min(smallton, beside), max(smallton, beside)),)}
    alpha = doc["cities"][0]["mileposts"]
    doc["starting_track"] = {"orange": [[alpha[0], alpha[1]]]}
    _expect(doc, "starting_track.orange[0]", "lies inside Alpha's red area")


def test_a_ferry_in_the_graph_is_no_bridge_and_no_red_area(tutorial):
    """Building Ferry Ports: Portsmouth-Le Havre is a 4M ferry, not a bridge over water (Bridges over Rivers,
    Lakes and Ocean Inlets) and not public track (Major Cities)."""
    g = tutorial.to_networkx()
    ferry = g.edges[tutorial.crossing("Portsmouth–Le Havre").ports]
    assert ferry["crossing"] == "Portsmouth–Le Havre"
    assert ferry["lake"] is False and ferry["inlet"] is False and ferry["red_area"] is False and ferry["rivers"] == ()


@pytest.mark.parametrize("degrees", [5.5, -5.5, 126.0, 4.5, -4.5, 124.0])
def test_an_edge_more_than_5_degrees_off_the_lattice_is_refused(degrees):
    """On an east-west lattice (Europe) neighbours lie at 0, 60, 120 and 180 degrees, within 5 degrees (a
    generated board is exact to 0.01): an edge bent 5.5 or 6 degrees away is refused naming it; one bent
    4.5 or 4 degrees loads."""
    doc = copy.deepcopy(m.board_dict())
    start = doc["mileposts"][m(10, 5)]
    new = len(doc["mileposts"])
    doc["mileposts"].append({"id": new, "x": start["x"] + math.cos(math.radians(degrees)),
                             "y": start["y"] + math.sin(math.radians(degrees))})
    doc["edges"].append({"a": m(10, 5), "b": new})
    off = abs((degrees + 30) % 60 - 30)
    if off > 5:
        _expect(doc, f"edges[{len(doc['edges']) - 1}]", "degrees, but on a lattice oriented east-west")
    else:
        assert new in eb.Board.from_dict(doc).neighbors(m(10, 5))


def test_a_port_name_without_a_letter_is_refused():
    """Building Ferry Ports: ports are named as printed (Westport, Eastport on the mini board) and found by
    that name; a port name of a dash alone is refused naming it, like a city's or a ferry's."""
    doc = copy.deepcopy(m.board_dict())
    doc["ferries"][0]["port_names"] = ["–", "Eastport"]
    _expect(copy.deepcopy(doc), "ferries[0].port_names[0]", "has no letter or digit")
    doc["ferries"][0]["port_names"] = ["Westport", "Eastport"]
    board = eb.Board.from_dict(doc)
    assert board.port_milepost("Westport") == m(11, 7) and board.port_milepost("") is None


def test_a_misspelt_name_gets_at_most_three_suggestions():
    """A player who types "Beerx" on a board with four loads called Beer-something is offered three."""
    doc = copy.deepcopy(m.board_dict())
    doc["loads"].update({"Beer1": 1, "Beer2": 1, "Beer3": 1})
    message = eb.Board.from_dict(doc).no_load("Beerx")
    assert message.startswith("no load 'Beerx' on board 'mini' (did you mean Beer")
    assert message.count(" or ") == 2


def test_a_milepost_port_label_must_match_its_ferry(doc):
    """Building Ferry Ports: Portsmouth is the English end of Portsmouth-Le Havre. A milepost labelled as a
    port must be that ferry's port under the same name; a label on an open milepost or a misspelt one is
    refused naming the milepost's port field."""
    ferry = next(f for f in doc["ferries"] if f["name"] == "Portsmouth–Le Havre")
    portsmouth = ferry["ports"][0]
    assert doc["mileposts"][portsmouth]["port"] == "Portsmouth"
    broken = copy.deepcopy(doc)
    broken["mileposts"][portsmouth]["port"] = "Portsmuth"
    _expect(broken, f"mileposts[{portsmouth}].port", "the crossing names this port 'Portsmouth'")
    open_mp = next(mp["id"] for mp in doc["mileposts"] if mp.get("terrain") == "mountain" and "port" not in mp)
    doc["mileposts"][open_mp]["port"] = "Portsmouth"
    _expect(doc, f"mileposts[{open_mp}].port", "is no ferry or tunnel port")
