"""The route engine pinned where a mutation audit of ``eb_core/routes.py`` found the rest of the suite silent:
which way a connection to a player's network is built (Building Track > Beginning Construction, Major
Cities: "you can avoid the expense of building track into major and key cities"; Limits on Entry into Small
and Medium Cities), what the cost and travel tables hold for medium cities and in which direction (Building
Track: 1M clear, 3M medium city, 5M major city; Building Ferry Ports; Movement Using a Ferry), and how the
tables are asked for -- each on the Europe board, with exact figures in millions and in turns.
"""
import pytest
from support import EUROPE

import eb_core as eb
from eb_core.errors import InvalidAction
from eb_core.routes import RouteState
from eb_core.track import Track

STD = eb.ruleset("europe-standard")


def ann_owns(segments):
    """Ann's (seat 0) position with ``segments`` of a plan as her track."""
    return eb.Position(track=Track.of([(s.a, s.b, 0) for s in segments]), seat=0)


def show(plan):
    return plan.explain() if plan is not None else "no route"


# London -> Manchester: out of London free, six clear mileposts at 1M, Manchester (medium) 3M = 9M
LONDON_MANCHESTER = eb.cheapest_build(EUROPE, STD, "London", "Manchester")


# --------------------------------------------------------------------------- connecting to the network
def test_london_to_manchester_is_six_clear_mileposts_and_the_medium_city():
    """Building Track: clear milepost 1M, medium city 3M; leaving London costs nothing."""
    plan = LONDON_MANCHESTER
    assert plan.cost == 9 and len(plan.segments) == 7, show(plan)
    assert plan.breakdown == {"terrain": 6, "water": 0, "city": 3, "ferry": 0}, show(plan)


def test_track_ending_next_to_london_is_joined_to_it_by_building_out_of_london_for_1m():
    """Beginning Construction: "You may build track from any major city ... milepost" -- so the cheapest
    way to join London to Ann's track one milepost away is to build out of London into her clear milepost
    (1M), not into London (5M)."""
    pos = ann_owns(LONDON_MANCHESTER.segments[1:])
    plan = eb.cheapest_connection(EUROPE, STD, "London", position=pos)
    assert plan.cost == 1, show(plan)
    assert EUROPE.city_at(plan.mileposts[0]).name == "London" and len(plan.segments) == 1, show(plan)
    assert (plan.start, plan.end) == ("London", "your network")
    # the same when London is named by the milepost next to Ann's track
    by_milepost = eb.cheapest_connection(EUROPE, STD, LONDON_MANCHESTER.mileposts[0], position=pos)
    assert by_milepost.cost == 1, show(by_milepost)


def test_track_ending_next_to_manchester_pays_the_3m_to_enter_the_medium_city():
    """Beginning Construction: a player builds only from a major or key city or from her own track, never
    out of a medium city she has no track in: joining Manchester to Ann's track costs its 3M entry, not the
    1M of building out of Manchester into her clear milepost."""
    pos = ann_owns(LONDON_MANCHESTER.segments[:-1])
    plan = eb.cheapest_connection(EUROPE, STD, "Manchester", position=pos)
    assert plan.cost == 3 and plan.mileposts[-1] == EUROPE.city("Manchester").center, show(plan)
    assert (plan.start, plan.end) == ("your network", "Manchester")


def test_with_no_track_yet_the_first_build_starts_in_a_major_city():
    """Beginning Construction: "Your first track build of the game must be from a major city or key
    city": Manchester is joined from London for 9M."""
    plan = eb.cheapest_connection(EUROPE, STD, "Manchester")
    assert plan.cost == 9 and (plan.start, plan.end) == ("a major or key city", "Manchester"), show(plan)
    assert EUROPE.city_at(plan.mileposts[0]).name == "London"


def test_under_empire_express_a_player_with_no_track_has_nothing_to_build_from():
    """Empire Express (Build Track) builds only off the player's own track: with none, there is no
    connection (on its own board: Empire Express prices no alpine mileposts)."""
    assert eb.cheapest_connection(eb.load_board("eastern_us"), eb.ruleset("express"), "Pittsburgh") is None


# --------------------------------------------------------------------------- cost and travel tables
UK = ["London", "Manchester", "Dublin"]


def test_the_cost_table_reads_from_row_to_column_for_medium_and_port_cities():
    """Building Track: London -> Manchester pays Manchester's 3M, Manchester -> London London's 5M over
    the same six clear mileposts; Building Ferry Ports: Manchester -> Dublin is 6M (into the Liverpool port
    buys the ferry, and Dublin with it), Dublin -> Manchester 9M (the ferry, then Manchester's 3M)."""
    t = eb.cost_table(EUROPE, STD, UK)
    assert t.loc["London", "Manchester"] == 9 and t.loc["Manchester", "London"] == 11
    assert t.loc["Manchester", "Dublin"] == 6 and t.loc["Dublin", "Manchester"] == 9
    assert [t.loc[c, c] for c in UK] == [0, 0, 0]
    assert (t.index.name, t.columns.name) == ("from", "to")


def test_the_symmetric_cost_table_is_the_cheaper_of_the_two_directions():
    t = eb.cost_table(EUROPE, STD, UK, symmetric=True)
    assert t.loc["London", "Manchester"] == t.loc["Manchester", "London"] == 9
    assert t.loc["Manchester", "Dublin"] == t.loc["Dublin", "Manchester"] == 6


def test_the_travel_table_counts_turns_along_the_cheapest_build():
    """Running the Train / Movement Using a Ferry, a 9-speed train: London -> Manchester is 7 mileposts (one
    turn), London -> Glasgow 13 (two); Manchester -> Dublin ends its first turn staged on the Liverpool port
    and crosses in the second, while Dublin -> Manchester starts on the port, crosses at half speed and
    arrives in its first turn."""
    t = eb.travel_table(EUROPE, STD, 9, [*UK, "Glasgow"])
    assert t.loc["London", "Manchester"] == t.loc["Manchester", "London"] == 1
    assert t.loc["London", "Glasgow"] == 2
    assert t.loc["Manchester", "Dublin"] == 2 and t.loc["Dublin", "Manchester"] == 1
    assert [t.loc[c, c] for c in t.index] == [0, 0, 0, 0]


def test_a_table_of_all_cities_has_every_city_once_and_takes_city_objects():
    everything = eb.cost_table(EUROPE, STD, "all")
    assert list(everything.index) == [c.name for c in EUROPE.cities] and len(everything) == 60
    assert everything.loc["London", "Manchester"] == 9
    named_twice = eb.cost_table(EUROPE, STD, [EUROPE.city("London"), "Manchester", "London"])
    assert list(named_twice.index) == ["London", "Manchester"]
    assert named_twice.loc["London", "Manchester"] == 9
    one = eb.cost_table(EUROPE, STD, EUROPE.city("Manchester"))
    assert list(one.index) == ["Manchester"] and one.loc["Manchester", "Manchester"] == 0


@pytest.mark.parametrize("cities, says", [
    ("everything", "expected 'majors', 'all' or a list of city names, got 'everything'"),
    (5, "expected 'majors', 'all' or a list of city names, got 5"),
    (["London", "Atlantis"], "Atlantis"), ([], "no city named"), ([3], "3")])
def test_a_table_of_no_known_cities_is_refused_naming_the_cities_field(cities, says):
    with pytest.raises(InvalidAction) as err:
        eb.cost_table(EUROPE, STD, cities)
    assert err.value.field == "cities" and says in str(err.value)


def test_symmetric_must_be_true_or_false():
    with pytest.raises(InvalidAction) as err:
        eb.cost_table(EUROPE, STD, UK, symmetric="yes")
    assert err.value.field == "symmetric"


@pytest.mark.parametrize("ask", [
    lambda board, rules: eb.cheapest_connection(board, rules, "Manchester"),
    lambda board, rules: eb.cost_table(board, rules, UK),
    lambda board, rules: eb.travel_table(board, rules, 9, UK),
    lambda board, rules: eb.shortest_trip(board, rules, "London", "Manchester"),
    lambda board, rules: RouteState(board, rules),
], ids=["cheapest_connection", "cost_table", "travel_table", "shortest_trip", "RouteState"])
def test_a_board_or_ruleset_given_by_name_is_refused_naming_which(ask):
    with pytest.raises(InvalidAction) as err:
        ask("europe", STD)
    assert err.value.field == "board"
    with pytest.raises(InvalidAction) as err:
        ask(EUROPE, "europe-standard")
    assert err.value.field == "rules"


# --------------------------------------------------------------------------- trips on built track
def test_a_train_already_in_the_city_needs_no_step_to_reach_it():
    london = EUROPE.city("London").mileposts[3]
    trip = eb.shortest_trip(EUROPE, STD, london, "London")
    assert (trip.path, trip.mileposts, trip.rent) == ((london,), 0, 0)
    trip = eb.shortest_trip(EUROPE, STD, "London", london)
    assert (trip.path, trip.mileposts) == ((london,), 0)


@pytest.mark.parametrize("extra", [True, "2", -1, float("inf")])
def test_a_ferry_allowance_must_be_a_finite_number_of_steps(extra):
    with pytest.raises(InvalidAction) as err:
        eb.shortest_trip(EUROPE, STD, "London", "Manchester", ferry_extra=extra)
    assert err.value.field == "ferry_extra"


CHUNNEL = EUROPE.crossing("Chunnel")
FOLKESTONE, CALAIS = CHUNNEL.ports
LIVERPOOL, DUBLIN = EUROPE.crossing("Liverpool–Dublin").ports
MANCHESTER = EUROPE.city("Manchester").center


def london_to_calais(ferry_owners=(0,)):
    """Ann's segment from London to Folkestone and the Chunnel (owned by ``ferry_owners``), Ben's track from
    Calais to Paris (1 + 4 clear mileposts and Paris)."""
    london = next(m for m in EUROPE.neighbors(FOLKESTONE) if EUROPE.city_at(m) and EUROPE.city_at(m).name == "London")
    calais_paris = eb.cheapest_build(EUROPE, STD, "Calais", "Paris")
    track = Track.of([(london, FOLKESTONE, 0)] + [(s.a, s.b, 1) for s in calais_paris.segments],
                     {"Chunnel": list(ferry_owners)})
    return track, london, calais_paris


def test_the_fast_game_rides_the_chunnel_as_a_ferry_without_its_underground_mileposts():
    """Movement Using the Chunnel: its three mileposts are counted for movement (London -> Calais is five
    steps); the Fast Game "Treat[s] the Chunnel as another ferry": Folkestone, then Calais."""
    track, london, _ = london_to_calais()
    pos = eb.Position(track=track, seat=0)
    std = eb.shortest_trip(EUROPE, STD, "London", CALAIS, position=pos)
    assert std.path == (london, FOLKESTONE, *CHUNNEL.mileposts, CALAIS) and std.mileposts == 5
    fast = eb.shortest_trip(EUROPE, eb.ruleset("europe-basic", "fast-game"), "London", CALAIS, position=pos)
    assert fast.path == (london, FOLKESTONE, CALAIS) and fast.mileposts == 2 and fast.ferries == ("Chunnel",)


def test_riding_an_opponents_ferry_is_renting_his_track():
    """Renting Track: "You must pay 4 million for unlimited use of another player's network that turn",
    a ferry included; on a ferry she owns too, Ann pays nothing."""
    track = Track.of([(MANCHESTER, LIVERPOOL, 0)], {"Liverpool–Dublin": [1]})
    trip = eb.shortest_trip(EUROPE, STD, "Manchester", "Dublin", position=eb.Position(track=track, seat=0))
    assert trip.path == (MANCHESTER, LIVERPOOL, DUBLIN) and trip.ferries == ("Liverpool–Dublin",)
    assert (trip.rented, trip.rent) == ((1,), 4)
    assert "renting Ben's track for 4M" in trip.explain(EUROPE, ["Ann", "Ben"])
    assert eb.shortest_trip(EUROPE, STD, "Manchester", "Dublin", position=eb.Position(track=track, seat=0),
                            rent=False) is None
    shared = Track.of([(MANCHESTER, LIVERPOOL, 0)], {"Liverpool–Dublin": [1, 0]})
    for rent in (True, False):
        trip = eb.shortest_trip(EUROPE, STD, "Manchester", "Dublin", position=eb.Position(track=shared, seat=0),
                                rent=rent)
        assert trip.mileposts == 2 and (trip.rented, trip.rent) == ((), 0)


def test_a_train_left_inside_an_opponents_chunnel_leaves_only_by_renting_it():
    """Movement Using the Chunnel (a turn may end underground) and Renting Track: Ben, stopped inside Ann's
    Chunnel, reaches Paris on his own track beyond Calais -- 2 steps out and 5 on -- only by paying Ann 4M."""
    track, _, calais_paris = london_to_calais(ferry_owners=(0,))
    pos = eb.Position(track=track, seat=1)
    inside = CHUNNEL.mileposts[1]
    assert eb.shortest_trip(EUROPE, STD, inside, "Paris", position=pos, rent=False) is None
    trip = eb.shortest_trip(EUROPE, STD, inside, "Paris", position=pos)
    assert trip.path == (inside, CHUNNEL.mileposts[2], *calais_paris.mileposts) and trip.mileposts == 7
    assert (trip.ferries, trip.rented, trip.rent) == (("Chunnel",), (0,), 4)
    # a flood on his line beyond Calais shuts the way out as it shuts any trip
    flooded = (calais_paris.mileposts[2], calais_paris.mileposts[3])
    assert eb.shortest_trip(EUROPE, STD, inside, "Paris", position=pos, blocked_edges=[flooded]) is None
    # Ann, who owns it, rides out for nothing
    own = eb.shortest_trip(EUROPE, STD, inside, "London", position=eb.Position(track=track, seat=0), rent=False)
    assert own.mileposts == 3 and own.rent == 0
    near_calais = eb.shortest_trip(EUROPE, STD, CHUNNEL.mileposts[2], "London", position=eb.Position(track=track, seat=0))
    assert near_calais.path == (*CHUNNEL.mileposts[::-1], FOLKESTONE, own.path[-1]) and near_calais.mileposts == 4


def test_track_on_the_boards_first_segment_near_sevilla_is_used_and_can_be_flooded():
    """Own track is free to build along and ride on, a closed segment is neither (Right of Way, Floods): Ann's
    four clear mileposts south-west of Sevilla end on the lattice's first milepost, whose segment is edge 0."""
    corner = 0
    line = eb.cheapest_build(EUROPE, STD, "Sevilla", corner)
    assert line.cost == 4 and line.mileposts[-2:] == (1, corner), show(line)
    pos = ann_owns(line.segments)
    trip = eb.shortest_trip(EUROPE, STD, "Sevilla", corner, position=pos, rent=False)
    assert trip.path == line.mileposts and trip.mileposts == 4
    assert eb.cheapest_build(EUROPE, STD, "Sevilla", corner, position=pos).cost == 0
    assert RouteState(EUROPE, STD, pos).cost("Sevilla", corner) == 0
    flooded = [(corner, 1)]
    assert eb.shortest_trip(EUROPE, STD, "Sevilla", corner, position=pos, blocked_edges=flooded) is None


def test_a_ferry_closed_by_a_gale_is_not_ridden():
    """Gales: no moving from a ferry port: with the Liverpool–Dublin crossing closed, Ann's own ferry does
    not take her from Manchester to Dublin."""
    track = Track.of([(MANCHESTER, LIVERPOOL, 0)], {"Liverpool–Dublin": [0]})
    pos = eb.Position(track=track, seat=0)
    assert eb.shortest_trip(EUROPE, STD, "Manchester", "Dublin", position=pos).mileposts == 2
    assert eb.shortest_trip(EUROPE, STD, "Manchester", "Dublin", position=pos,
                            blocked_edges=[(LIVERPOOL, DUBLIN)]) is None


# --------------------------------------------------------------------------- turns along a path
SEVILLA_CORNER = (21, 20, 10, 1, 0)     # Sevilla and four clear mileposts to the lattice's first milepost


def test_a_path_may_end_on_the_boards_first_milepost_and_a_1_speed_train_takes_a_turn_a_milepost():
    assert eb.cheapest_build(EUROPE, STD, "Sevilla", 0).mileposts == SEVILLA_CORNER
    assert eb.travel_turns(EUROPE, STD, list(SEVILLA_CORNER), 9) == 1
    assert eb.travel_turns(EUROPE, STD, list(SEVILLA_CORNER), 1) == 4
    assert eb.travel_turns(EUROPE, STD, list(SEVILLA_CORNER), 2) == 2


def test_a_fast_game_train_of_four_movement_points_can_take_a_four_point_crossing():
    """Fast Game: "it takes four movements to go from one port to the opposite port"."""
    fast = eb.ruleset("europe-basic", "fast-game")
    assert eb.travel_turns(EUROPE, fast, [MANCHESTER, LIVERPOOL, DUBLIN], 4) == 2
    with pytest.raises(InvalidAction) as err:
        eb.travel_turns(EUROPE, fast, [MANCHESTER, LIVERPOOL, DUBLIN], 3)
    assert err.value.field == "speed"
    assert eb.travel_table(EUROPE, fast, 4, ["Manchester", "Dublin"]).loc["Manchester", "Dublin"] == 2
    with pytest.raises(InvalidAction) as err:
        eb.travel_table(EUROPE, fast, 3, ["Manchester", "Dublin"])
    assert err.value.field == "speed"


@pytest.mark.parametrize("path, says", [
    ("London", "expected a BuildPlan, a Trip or a list of milepost ids"),
    (b"\x00\x01", "expected a BuildPlan, a Trip or a list of milepost ids"),
    ([], "the path is empty"), ([-1, 0], "no milepost -1"),
    ([0, len(EUROPE.mileposts)], f"no milepost {len(EUROPE.mileposts)}")],
    ids=["a city name", "bytes", "empty", "below the first milepost", "past the last milepost"])
def test_a_path_that_is_no_list_of_the_boards_mileposts_is_refused(path, says):
    with pytest.raises(InvalidAction) as err:
        eb.travel_turns(EUROPE, STD, path, 9)
    assert err.value.field == "path_or_trip" and says in str(err.value)


@pytest.mark.parametrize("speed", [0, True, 2.5, "9"])
def test_a_speed_must_be_a_positive_whole_number(speed):
    with pytest.raises(InvalidAction) as err:
        eb.travel_turns(EUROPE, STD, list(SEVILLA_CORNER), speed)
    assert err.value.field == "speed"


def test_the_chunnels_three_mileposts_are_counted_when_its_ports_are_written_side_by_side():
    """Movement Using the Chunnel: London -> Folkestone -> (three underground mileposts) -> Calais is five
    steps: one turn for a 5-speed train, two for a 4-speed one."""
    london = next(m for m in EUROPE.neighbors(FOLKESTONE) if EUROPE.city_at(m) and EUROPE.city_at(m).name == "London")
    assert eb.travel_turns(EUROPE, STD, [london, FOLKESTONE, CALAIS], 5) == 1
    assert eb.travel_turns(EUROPE, STD, [london, FOLKESTONE, CALAIS], 4) == 2


def test_without_the_half_speed_rule_a_ferry_crossing_is_one_plain_step():
    """A ruleset that drops Movement Using a Ferry's staging and half speed counts Manchester -> Liverpool ->
    Dublin as two ordinary steps."""
    plain = STD.with_(ferry_half_speed=False)
    assert eb.travel_turns(EUROPE, plain, [MANCHESTER, LIVERPOOL, DUBLIN], 2) == 1
    assert eb.travel_turns(EUROPE, plain, [MANCHESTER, LIVERPOOL, DUBLIN], 1) == 2
    assert eb.travel_turns(EUROPE, STD, [MANCHESTER, LIVERPOOL, DUBLIN], 2) == 2


def test_own_track_at_the_corner_is_free_both_ways_and_an_opponents_is_built_round():
    """Right of Way: Ann's own four mileposts cost nothing to build along from either end; Ben's may not be
    built over, so Ann goes round by the other clear milepost, bridging the Guadalquivir out of Sevilla:
    1M + 2M river, then two clear mileposts = 5M."""
    line = eb.cheapest_build(EUROPE, STD, "Sevilla", 0)
    mine = ann_owns(line.segments)
    assert eb.cheapest_build(EUROPE, STD, 0, "Sevilla", position=mine).cost == 0
    assert RouteState(EUROPE, STD, mine).cost(0, "Sevilla") == 0
    bens = eb.Position(track=Track.of([(s.a, s.b, 1) for s in line.segments]), seat=0)
    around = eb.cheapest_build(EUROPE, STD, "Sevilla", 0, position=bens)
    assert around.cost == 5 and around.breakdown["water"] == 2 and len(around.segments) == 3, show(around)
    assert not {(s.a, s.b) for s in around.segments} & {(s.a, s.b) for s in line.segments}
    # and back from the corner: two clear mileposts, then Sevilla's 3M and the bridge = 7M
    assert eb.cheapest_build(EUROPE, STD, 0, "Sevilla", position=bens).cost == 7


def test_a_small_city_with_two_other_players_in_it_is_closed_to_ann_both_into_and_out_of():
    """Limits on Entry into Small and Medium Cities: "only two players may build into a small city" -- with
    Ben's track from Zürich and Cat's from Milano in Bern, Ann may build neither into Bern nor out of it."""
    ben, cat = (eb.cheapest_build(EUROPE, STD, c, "Bern") for c in ("Zürich", "Milano"))
    assert (ben.cost, cat.cost) == (6, 12)     # 1M clear, 2M mountain, Bern 3M; 2M + 5M alpine + 2M + 3M
    full = Track.of([(s.a, s.b, 1) for s in ben.segments] + [(s.a, s.b, 2) for s in cat.segments])
    ann = eb.Position(track=full, seat=0)
    assert eb.cheapest_build(EUROPE, STD, "Zürich", "Bern", position=ann) is None
    assert eb.cheapest_build(EUROPE, STD, "Bern", "Zürich", position=ann) is None
    assert eb.cheapest_build(EUROPE, STD, "Bern", "Zürich", position=eb.Position(track=full, seat=1)).cost == 0


def test_a_closed_segment_or_crossing_is_built_round():
    """Floods close segments to building: with the corner's segment closed, Sevilla -> corner goes round by the
    Guadalquivir bridge (1M + 2M, 1M, 1M = 5M) and corner -> Sevilla pays Sevilla's 3M plus the bridge
    (1M, 1M, 3M + 2M = 7M). With the Liverpool–Dublin crossing closed, Manchester reaches Dublin by
    Stranraer–Belfast: 7 clear mileposts, the 4M ferry, 3 clear mileposts and 6M into Dublin's port = 20M."""
    closed = [(0, 1)]
    assert eb.cheapest_build(EUROPE, STD, "Sevilla", 0, blocked_edges=closed).mileposts == (21, 11, 2, 0)
    assert eb.cheapest_build(EUROPE, STD, "Sevilla", 0, blocked_edges=closed).cost == 5
    assert eb.cheapest_build(EUROPE, STD, 0, "Sevilla", blocked_edges=closed).cost == 7
    assert eb.cheapest_build(EUROPE, STD, "Manchester", "Dublin").cost == 6
    round_ = eb.cheapest_build(EUROPE, STD, "Manchester", "Dublin", blocked_edges=[(LIVERPOOL, DUBLIN)])
    assert round_.cost == 20 and round_.breakdown == {"terrain": 10, "water": 0, "city": 0, "ferry": 10}, show(round_)
    assert LIVERPOOL not in round_.mileposts


def test_the_quick_costs_nothing_check_agrees_once_a_row_is_computed():
    """Own track and owned crossings cost nothing to build along (Right of Way, Building Ferry Ports):
    ``RouteState.costs_nothing`` gives the same answer before and after the full search's row is computed,
    with or without a planner's ferry penalty."""
    pos = ann_owns(LONDON_MANCHESTER.segments)
    rs = RouteState(EUROPE, STD, pos)
    rs.prepare(["London"])
    assert rs.cost("London", "Manchester") == 0 and rs.costs_nothing("London", "Manchester") is True
    assert rs.cost("London", "Glasgow") > 0 and rs.costs_nothing("London", "Glasgow") is False
    ferry = eb.Position(track=Track.of([(MANCHESTER, LIVERPOOL, 0)], {"Liverpool–Dublin": [0]}), seat=0)
    timed = RouteState(EUROPE, STD, ferry, hop_penalty=12)
    assert timed.cost("Manchester", "Dublin") == 12 and timed.build_cost("Manchester", "Dublin") == 0
    assert timed.costs_nothing("Manchester", "Dublin") is True
