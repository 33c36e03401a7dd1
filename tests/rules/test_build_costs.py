"""Build costs of track segments, ferries, the Chunnel and cities (``eb_core/costs.py``), pinned where a
mutation audit found the rest of the suite silent (rulebook: Build Phase Rules and its sections Bridges over
Rivers, Lakes and Ocean Inlets, Building Ferry Ports, Building the Chunnel, Right to Enter Major Cities and Key
Cities; US overview > Actions > Building Track; Empire Express > Build Track).

Each test prices a segment or a build as a player adds it up at the table -- the milepost built to, the bridge,
the ferry or tunnel bought -- and checks the words the plan uses for it; bad input raises a typed error
naming the field and changes nothing.
"""
import numpy as np
import pytest
from support import EUROPE

import eb_core as eb
from eb_core.costs import crossing_words, is_free, path_cost, priced_summary, segment_cost, water_cost

STD = eb.ruleset("europe-standard")
TUTORIAL = eb.load_board("tutorial")
NA, US = eb.load_board("north_america"), eb.ruleset("us")
EASTERN, EXPRESS = eb.load_board("eastern_us"), eb.ruleset("express")
FOLKESTONE, CALAIS = TUTORIAL.crossing("Chunnel").ports
PORTSMOUTH, LE_HAVRE = TUTORIAL.crossing("Portsmouth–Le Havre").ports


def _edge(board, test):
    """The first segment of ``board`` (in the board's order) that ``test`` accepts, as ``(a, b)``."""
    return next((e.a, e.b) for e in board.edges if test(e))


def test_each_segment_is_told_by_its_kind_clear_mountain_city_or_crossing():
    """Build Phase Rules: a segment is priced by the milepost built to -- "Clear Milepost: 1 Million",
    "Mountain Milepost: 2 Million", a city by its class -- or, into a ferry port, by the ferry. The Zurich
    example (mountain, lake bridge, clear) and London -> Portsmouth (clear, then the 4M ferry) say so."""
    zurich = path_cost(TUTORIAL, STD, TUTORIAL.meta["examples"]["zurich"]["path"])
    assert [(s.kind, s.total) for s in zurich] == [("mountain", 2), ("clear", 4), ("clear", 1)]
    antwerp = path_cost(TUTORIAL, STD, TUTORIAL.meta["examples"]["antwerp"]["path"])
    assert [(s.kind, s.total) for s in antwerp] == [("clear", 3), ("city", 3)]
    ferry = path_cost(TUTORIAL, STD, TUTORIAL.meta["examples"]["london_portsmouth"]["path"])
    assert [(s.kind, s.total) for s in ferry][-1] == ("crossing", 4)


def test_the_chunnel_is_bought_for_17m_and_ridden_to_calais_as_the_chunnel_not_a_ferry():
    """Building the Chunnel: "You pay 17 million to build to either side, then the entire Chunnel is now part
    of your network" -- building into Folkestone reads "17M Chunnel"; the step on to Calais is paid with it
    and is told as the Chunnel, never "the Chunnel ferry"."""
    into = segment_cost(TUTORIAL, STD, 184, FOLKESTONE)
    assert (into.total, into.explain()) == (17, "17M Chunnel")
    across = segment_cost(TUTORIAL, STD, FOLKESTONE, CALAIS, owned_crossings=["Chunnel"])
    assert (across.total, across.explain()) == (0, "across the Chunnel (paid with its port)")
    assert not is_free(across), "the Chunnel is ridden, not track already there"
    ferry = segment_cost(TUTORIAL, STD, PORTSMOUTH, LE_HAVRE, owned_crossings=["Portsmouth–Le Havre"])
    assert ferry.explain() == "across the Portsmouth–Le Havre ferry (paid with its port)"
    assert segment_cost(TUTORIAL, STD, FOLKESTONE, CALAIS).total == 17       # not owned yet: bought here


def test_a_ferry_or_the_chunnel_is_named_as_a_player_names_it():
    """Building Ferry Ports; Building the Chunnel: "the Portsmouth–Le Havre ferry", "the Chunnel" (a tunnel,
    never "the Chunnel tunnel"); without the board the name alone."""
    assert crossing_words(TUTORIAL, "Portsmouth–Le Havre") == "the Portsmouth–Le Havre ferry"
    assert crossing_words(TUTORIAL, "Chunnel") == "the Chunnel"
    assert crossing_words(None, "Chunnel") == "the Chunnel"
    assert crossing_words(None, "Portsmouth–Le Havre") == "the Portsmouth–Le Havre"


# --------------------------------------------------------------------------- bridges
def test_two_rivers_on_one_segment_cost_one_bridge_in_europe_but_each_river_in_empire_express():
    """Bridges over Rivers, Lakes and Ocean Inlets: "you pay only the additional cost of the most expensive
    bridge" -- the Rhein/Maas segment costs 2M of bridge in Europe; Empire Express > Build Track: "Add $1
    million ... for each river that you cross" -- Ohio and Kanawha on one segment add 2M, told as bridges."""
    a, b = 1453, 1491
    assert water_cost(EUROPE, STD, a, b) == (2, "river Rhein/Maas")
    a, b = _edge(EASTERN, lambda e: set(e.rivers) == {"Ohio", "Kanawha"})
    seg = segment_cost(EASTERN, EXPRESS, a, b)
    assert (seg.base, seg.water, seg.total) == (1, 2, 3)
    assert seg.explain() == "1M clear + 2M bridges (river Ohio and river Kanawha)"


def test_one_river_in_empire_express_is_1m_named_after_the_river():
    """Empire Express > Build Track: "$1 million to build to a clear milepost ... Add $1 million to the above
    for each river that you cross" -- a clear milepost over the Tennessee costs 2M, a bridge over the
    Tennessee."""
    a, b = _edge(EASTERN, lambda e: e.rivers == ("Tennessee",) and not e.lake and not e.inlet
                 and EASTERN.city_at(e.b) is None and EASTERN.mileposts[e.b].terrain.value == "clear")
    seg = segment_cost(EASTERN, EXPRESS, a, b)
    assert seg.total == 2 and seg.explain() == "1M clear + 1M bridge (river Tennessee)"


def test_us_lake_channel_is_bridged_for_2m_and_a_river_through_a_lake_is_named_after_the_river():
    """US overview > Actions > Building Track ("River: $2 million extra"; a lake channel bridged as a river,
    +2M): a segment over a lake channel alone costs 2M of bridge over the lake; the Colorado where it
    crosses a lake channel costs 2M once and is named after the river (floods destroy river bridges)."""
    a, b = _edge(NA, lambda e: e.lake and not e.rivers and not e.inlet)
    assert water_cost(NA, US, a, b) == (2, "lake")
    a, b = _edge(NA, lambda e: e.lake and e.rivers == ("Colorado",))
    assert water_cost(NA, US, a, b) == (2, "river Colorado")


def test_mileposts_that_are_not_neighbours_have_no_bridge_and_no_segment():
    """Build Phase Rules: track is drawn "from one milepost to the next" -- between London and Paris there is no
    segment to price (no bridge, no cost)."""
    london, paris = TUTORIAL.city("London").center, TUTORIAL.city("Paris").center
    assert water_cost(TUTORIAL, STD, london, paris) == (0, None)
    assert segment_cost(TUTORIAL, STD, london, paris) is None


def test_no_segment_inside_a_major_city_red_area_or_across_a_heavy_black_line():
    """Right to Enter Major Cities and Key Cities: "No track may be built in the red area of a city"; Empire
    Express > Build Track: "You cannot cross any heavy black lines" -- such segments have no price."""
    a, b = _edge(TUTORIAL, lambda e: TUTORIAL.is_red_area(e.a, e.b))
    assert segment_cost(TUTORIAL, STD, a, b) is None
    a, b = _edge(EASTERN, lambda e: e.impassable)
    assert segment_cost(EASTERN, EXPRESS, a, b) is None
    with pytest.raises(eb.InvalidAction) as ei:
        path_cost(EASTERN, EXPRESS, [a, b])
    assert ei.value.field == "path" and f"between mileposts {a} and {b}" in str(ei.value)


def test_a_path_that_jumps_between_mileposts_is_refused_naming_the_path():
    """Build Phase Rules: "from one milepost to the next" -- a path from London straight to Paris is refused as
    an InvalidAction on ``path`` (still a ValueError)."""
    london, paris = TUTORIAL.city("London").center, TUTORIAL.city("Paris").center
    with pytest.raises(eb.InvalidAction) as ei:
        path_cost(TUTORIAL, STD, [london, paris])
    assert ei.value.field == "path" and isinstance(ei.value, ValueError)


def test_a_path_given_as_any_iterable_is_priced_like_the_rulebook_example():
    """Bridges over Rivers, Lakes and Ocean Inlets, Example 1 (Antwerp): "total build cost - 6m", whether the
    path is a list, a generator or numpy milepost ids."""
    path = TUTORIAL.meta["examples"]["antwerp"]["path"]
    assert sum(s.total for s in path_cost(TUTORIAL, STD, iter(path))) == 6
    assert sum(s.total for s in path_cost(TUTORIAL, STD, np.array(path))) == 6


@pytest.mark.parametrize("a, b, fld", [(True, 1, "a"), (1.0, 2, "a"), (1, "2", "b"), (1, 2.5, "b")])
def test_a_milepost_that_is_no_whole_number_is_refused_naming_it(a, b, fld):
    """Build Phase Rules: a segment joins two mileposts -- ``True``, ``1.0`` or ``"2"`` is no milepost id; the
    error names the argument."""
    with pytest.raises(eb.InvalidAction) as ei:
        segment_cost(TUTORIAL, STD, a, b)
    assert ei.value.field == fld and "expected a milepost id" in str(ei.value)


def test_an_alpine_milepost_is_unpriced_under_empire_express_rules():
    """Empire Express > Build Track prices clear and mountain mileposts only: pricing the Europe board's alpine
    mileposts with its rules is refused on ``rules``, naming the Europe rules to use."""
    a, b = _edge(EUROPE, lambda e: EUROPE.mileposts[e.b].terrain.value == "alpine" and not e.impassable
                 and EUROPE.city_at(e.b) is None and not EUROPE.crossings_at(e.b))
    assert segment_cost(EUROPE, STD, a, b).base == 5                  # "Alpine Milepost: 5 Million"
    with pytest.raises(eb.InvalidAction) as ei:
        segment_cost(EUROPE, EXPRESS, a, b)
    assert ei.value.field == "rules" and "europe" in str(ei.value)


# --------------------------------------------------------------------------- the plan, told
def test_london_to_paris_is_told_segment_by_segment_with_a_running_total():
    """Building Ferry Ports: "1M for the first milepost, and then 4 to build into Portsmouth Ferry" -- on the
    tutorial board London -> Paris costs 13M: 1M, the 4M ferry, the free crossing, 3 clear mileposts and
    Paris for 5M ("Major City: 5 Million"); each line carries the running total."""
    plan = eb.cheapest_build(TUTORIAL, STD, "London", "Paris")
    lines = str(plan).splitlines()
    assert lines[0] == "Build London -> Paris: 13M over 7 segments"
    assert lines[1] == "   1. London -> a clear milepost near London: 1M clear = 1M  (total 1M)"
    assert lines[2].endswith("4M Portsmouth–Le Havre = 4M  (total 5M)")
    assert lines[7].endswith("5M major city Paris = 5M  (total 13M)")
    assert lines[-1] == "  breakdown: terrain 4M, water 0M, city 5M, ferry 4M"
    assert repr(plan).startswith("<BuildPlan London -> Paris: 13M, 7 segments, mileposts [")
    html = plan._repr_html_()
    assert "<td>1</td><td>London</td>" in html and "<td style='text-align:right'>13</td></tr>" in html
    from IPython.lib.pretty import pretty

    assert pretty(plan) == str(plan), "a notebook shows the plan in words, not its fields"
    df = plan.to_frame()
    assert list(df.index) == list(range(1, 8)) and df["running"].tolist()[-1] == 13
    assert df.loc[2, "what"] == "Portsmouth–Le Havre" and df.loc[1, "water"] == ""


def test_track_already_yours_is_told_free_and_left_out_of_what_the_build_pays_for():
    """Build Phase Rules: "For each section of track, you must pay the cost for the milepost to which you are
    building" -- sections already drawn are free; the build's summary lists only what it pays for."""
    own = eb.SegmentCost(1, 2, 0, 0, 0, "own track")
    paid = segment_cost(TUTORIAL, STD, *TUTORIAL.meta["examples"]["antwerp"]["path"][:2])
    assert is_free(own) and not is_free(paid)
    assert priced_summary([own, paid], TUTORIAL) == "1 clear milepost (1M) and a bridge over the river Schelde (2M)"
    plan = eb.BuildPlan(3, (1, 2, paid.b), (own, paid), TUTORIAL, "Antwerpen", "Antwerpen")
    assert plan.explain().splitlines()[1].endswith(": free (own track) = 0M  (total 0M)")
    assert "free: own track" in plan._repr_html_()


def test_a_long_build_is_told_in_legs_between_the_neighbourhoods_it_passes():
    """Build Phase Rules, added up as a player does over a long route: Madrid -> Lyon (Europe) is 33M, cut
    where the nearest city changes -- out of Madrid's outskirts to near Bilbao, on to near Barcelona,
    Toulouse, Marseille, then into Lyon ("Small City: 3 Million") -- the legs' segments are the plan's."""
    plan = eb.cheapest_build(EUROPE, STD, "Madrid", "Lyon")
    legs = [(frm, to, len(segs)) for frm, to, segs in plan.legs()]
    assert legs == [("Madrid", "near Bilbao", 5), ("near Bilbao", "near Barcelona", 8),
                    ("near Barcelona", "near Toulouse", 3), ("near Toulouse", "near Marseille", 4),
                    ("near Marseille", "Lyon", 4)]
    assert [s for _, _, segs in plan.legs() for s in segs] == list(plan.segments) and plan.cost == 33
    unnamed = eb.BuildPlan(plan.cost, plan.mileposts, plan.segments, EUROPE)  # no start/end: the places
    assert [(frm, to, len(segs)) for frm, to, segs in unnamed.legs()] == legs
    assert unnamed.explain(by="leg").splitlines()[0] == "Build Madrid -> Lyon: 33M over 24 segments, in 5 legs"
    assert repr(unnamed).startswith(f"<BuildPlan {plan.mileposts[0]} -> {plan.mileposts[-1]}: 33M, 24 segments")


def test_a_build_ending_beside_a_city_ends_its_last_leg_where_the_build_ends():
    """Build Phase Rules: a build may stop at any milepost -- the last leg ends at that milepost, named as the
    plan's end (not just "near" the city)."""
    end = EUROPE.city("Lyon").center
    stop = next(b for b in EUROPE.neighbors(end) if EUROPE.city_at(b) is None)
    plan = eb.cheapest_build(EUROPE, STD, "Madrid", stop)
    assert plan.legs()[-1][1] == plan.end == EUROPE.place(stop)
    assert plan.explain(by="leg").splitlines()[0].startswith(f"Build Madrid -> {EUROPE.place(stop)}: ")


def test_a_one_segment_build_says_one_segment_in_one_leg():
    """Build Phase Rules: "For each section of track, you must pay the cost for the milepost to which you are
    building" -- one section into Antwerpen, a medium city, costs 3M: "over 1 segment, in 1 leg"."""
    path = TUTORIAL.meta["examples"]["antwerp"]["path"][1:]
    segs = tuple(path_cost(TUTORIAL, STD, path))
    plan = eb.BuildPlan(3, tuple(path), segs, TUTORIAL)
    assert plan.explain(by="leg").splitlines()[0] == "Build a clear milepost near Antwerpen -> Antwerpen: 3M over " \
                                                     "1 segment, in 1 leg"
