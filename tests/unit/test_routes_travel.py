"""travel_turns, travel_table and shortest_trip: movement on built track (rulebook "Running the Train",
"Movement Using a Ferry", "Movement Using the Chunnel", "Renting Track", Fast Game)."""
from __future__ import annotations


import networkx as nx
import pytest

import eb_core as eb
from eb_core.errors import InvalidAction
from eb_core.track import Track

STD = eb.ruleset("europe-standard")
FAST = eb.ruleset("europe-basic", "fast-game")


@pytest.fixture(scope="module")
def tb():
    return eb.load_board("tutorial")


def ex(board, name):
    return list(board.meta["examples"][name]["path"])


def _land_graph(board):
    g = board.to_networkx()
    g.remove_edges_from([(u, v) for u, v, d in g.edges(data=True) if d.get("crossing")])
    return g


def land_from(board, port, k):
    """A path of exactly ``k`` land steps starting on ``port`` (a shortest one, so no detours)."""
    paths = nx.single_source_shortest_path(_land_graph(board), port, cutoff=k)
    far = sorted(m for m, p in paths.items() if len(p) == k + 1)
    assert far, f"no milepost {k} steps from {port}"
    return list(paths[far[0]])


def land_to(board, port, k):
    """A path of exactly ``k`` land steps ending on ``port``."""
    return land_from(board, port, k)[::-1]


# ------------------------------------------------------------------ plain movement
def test_land_steps_fill_whole_turns(tb):
    path = land_to(tb, tb.city("Paris").center, 12)
    assert eb.travel_turns(tb, STD, path[:10], 9) == 1      # 9 mileposts: one turn at 9
    assert eb.travel_turns(tb, STD, path[:11], 9) == 2      # 10 mileposts
    assert eb.travel_turns(tb, STD, path[:11], 12) == 1
    assert eb.travel_turns(tb, STD, path[:11], eb.Train(12, 2)) == 1
    assert eb.travel_turns(tb, STD, path[:1], 9) == 0


# ------------------------------------------------------------------ ferries
def test_staged_train_moves_half_speed(tb):
    """Rulebook: a 12-speed train staged on a port can move 6, the first step onto the far port,
    so it reaches 5 mileposts beyond the port in that turn."""
    portsmouth, le_havre = tb.crossing("Portsmouth–Le Havre").ports
    tail = land_from(tb, le_havre, 7)
    assert eb.travel_turns(tb, STD, [portsmouth] + tail[:6], 12) == 1    # hop + 5
    assert eb.travel_turns(tb, STD, [portsmouth] + tail[:7], 12) == 2    # hop + 6: one too many
    assert eb.travel_turns(tb, STD, [portsmouth] + tail[:5], 9) == 1     # 9 -> 5 (rounded up): hop + 4
    assert eb.travel_turns(tb, STD, [portsmouth] + tail[:6], 9) == 2


def test_train_must_end_its_turn_on_the_port(tb):
    portsmouth, le_havre = tb.crossing("Portsmouth–Le Havre").ports
    tail = land_from(tb, le_havre, 3)
    for k, want in [(1, 2), (8, 2), (9, 2), (10, 3)]:
        path = land_to(tb, portsmouth, k) + tail
        assert eb.travel_turns(tb, STD, path, 9) == want, f"{k} steps to the port, then ferry + 3"


def test_london_to_paris_over_the_ferry(tb):
    path = ex(tb, "london_portsmouth") + ex(tb, "le_havre_paris")
    assert eb.travel_turns(tb, STD, path, 9) == 2       # stage at Portsmouth, cross at half speed
    assert eb.travel_turns(tb, FAST, path, 16) == 1     # Fast Game: 2 + 4 + 4 = 10 movement points


def test_fast_game_crossing_takes_four_points(tb):
    """Fast Game: four movements port to port; stop if fewer than four are left at the port."""
    portsmouth, le_havre = tb.crossing("Portsmouth–Le Havre").ports
    tail = land_from(tb, portsmouth, 2)
    assert eb.travel_turns(tb, FAST, land_to(tb, le_havre, 12) + tail[:1], 16) == 1   # 12 + 4 = 16 points
    assert eb.travel_turns(tb, FAST, land_to(tb, le_havre, 12) + tail, 16) == 2       # ... then 2 more
    assert eb.travel_turns(tb, FAST, land_to(tb, le_havre, 11) + tail, 16) == 2       # 11 + 4 + 1, then 1
    assert eb.travel_turns(tb, FAST, land_to(tb, le_havre, 10) + tail, 16) == 1       # 10 + 4 + 2 = 16
    assert eb.travel_turns(tb, FAST, land_to(tb, le_havre, 13) + tail[:1], 16) == 2   # 3 left at the port: stop
    assert eb.travel_turns(tb, FAST, land_to(tb, le_havre, 13) + tail, 16) == 2       # 13 | 4 + 2
    with pytest.raises(InvalidAction):
        eb.travel_turns(tb, FAST, land_to(tb, le_havre, 1) + tail, 3)


# ------------------------------------------------------------------ Chunnel
def test_chunnel_mileposts_count_normally(tb):
    """Movement Using the Chunnel: its three mileposts are counted for normal movement."""
    ch = tb.tunnels[0]
    path = ex(tb, "london_folkestone") + ex(tb, "calais_south")       # 2 + (3 + 1) + 2 = 8 steps
    assert eb.travel_turns(tb, STD, path, 9) == 1
    assert eb.travel_turns(tb, STD, path, 7) == 2
    explicit = ex(tb, "london_folkestone") + list(ch.mileposts) + ex(tb, "calais_south")
    assert eb.travel_turns(tb, STD, explicit, 7) == 2 and eb.travel_turns(tb, STD, explicit, 8) == 1
    # Fast Game: the Chunnel is just another ferry (4 points)
    assert eb.travel_turns(tb, FAST, path, 8) == 1


def test_bad_paths_are_rejected(tb):
    with pytest.raises(InvalidAction) as e:
        eb.travel_turns(tb, STD, [0, 400], 9)
    assert e.value.field == "path_or_trip"
    with pytest.raises(InvalidAction) as e:
        eb.travel_turns(tb, STD, [0], 0)
    assert e.value.field == "speed"
    with pytest.raises(InvalidAction):
        eb.travel_turns(tb, STD, "London", 9)


# ------------------------------------------------------------------ travel_table
def test_travel_table_matches_travel_turns_of_the_cheapest_build(tb):
    names = ["London", "Paris", "Dublin", "Berlin", "Madrid"]
    t = eb.travel_table(tb, STD, 9, names)
    for a in names:
        for b in names:
            want = 0 if a == b else eb.travel_turns(tb, STD, eb.cheapest_build(tb, STD, a, b), 9)
            assert t.loc[a, b] == want, f"{a}->{b}: table {t.loc[a, b]}, travel_turns {want}"
    faster = eb.travel_table(tb, STD, 12, names)
    assert (faster.values <= t.values).all()


# ------------------------------------------------------------------ shortest_trip
def _build(board, plan, owner):
    segs = [(a, b, owner) for a, b in zip(plan.mileposts, plan.mileposts[1:])
            if not board.is_red_area(a, b) and not any(cr.other_port(a) == b for cr in board.crossings_at(a))]
    crossings = {s.crossing_name: [owner] for s in plan.segments if s.crossing_name}
    return Track.of(segs, crossings)


def test_trip_on_own_track_follows_it(tb):
    plan = eb.cheapest_build(tb, STD, "London", "Paris")
    track = _build(tb, plan, 0)
    trip = eb.shortest_trip(tb, STD, "London", "Paris", position=eb.Position(track=track, seat=0))
    assert trip is not None and trip.rented == () and trip.rent == 0
    assert trip.path[0] in tb.city("London").mileposts and trip.path[-1] in tb.city("Paris").mileposts
    assert trip.mileposts <= len(plan.mileposts) - 1
    assert set(trip.ferries) == {s.crossing_name for s in plan.segments if s.crossing_name}
    assert eb.travel_turns(tb, STD, trip, 9) >= 1
    # nobody else's track, no rent allowed: no trip for player 1
    assert eb.shortest_trip(tb, STD, "London", "Paris", position=eb.Position(track=track, seat=1), rent=False) is None


def test_trip_on_rented_track_pays_rent(tb):
    """Renting Track: 4M per opponent whose track is used."""
    plan = eb.cheapest_build(tb, STD, "London", "Birmingham")
    track = _build(tb, plan, 1)
    trip = eb.shortest_trip(tb, STD, "London", "Birmingham", position=eb.Position(track=track, seat=0))
    assert trip.rented == (1,) and trip.rent == STD.rent == 4
    # two opponents: half the line each
    segs = sorted(track.segments)
    split = Track.of([(a, b, 1 if i % 2 else 2) for i, (a, b) in enumerate(segs)])
    trip = eb.shortest_trip(tb, STD, "London", "Birmingham", position=eb.Position(track=split, seat=0))
    assert trip.rented == (1, 2) and trip.rent == 8


def test_trip_through_the_chunnel_counts_its_mileposts(tb):
    ch = tb.tunnels[0]
    path = ex(tb, "london_folkestone") + ex(tb, "calais_south")
    track = Track.of([(a, b, 0) for a, b in zip(path, path[1:]) if {a, b} != set(ch.ports)], {ch.name: [0]})
    trip = eb.shortest_trip(tb, STD, path[0], path[-1], position=eb.Position(track=track, seat=0))
    assert trip.mileposts == 8 and trip.ferries == (ch.name,)
    assert trip.path == tuple(path[:3]) + tuple(ch.mileposts) + tuple(path[3:])


def test_a_train_that_ended_its_turn_inside_the_chunnel_rides_on_out(tb):
    """Movement Using the Chunnel: its three mileposts count for movement, so a turn can end underground;
    the next trip leaves through a port (forwards, or either way when nothing says which way it faces)."""
    ch = tb.tunnels[0]
    path = ex(tb, "london_folkestone") + ex(tb, "calais_south")
    track = Track.of([(a, b, 0) for a, b in zip(path, path[1:]) if {a, b} != set(ch.ports)], {ch.name: [0]})
    pos = eb.Position(track=track, seat=0)
    inside = ch.mileposts[1]
    out = eb.shortest_trip(tb, STD, inside, path[-1], position=pos)
    assert out is not None and out.path[0] == inside and out.path[-1] == path[-1]
    assert out.mileposts == 1 + len(path) - path.index(ch.ports[1]) and ch.name in out.ferries
    back = eb.shortest_trip(tb, STD, inside, path[0], position=pos)
    assert back is not None and back.path[-1] == path[0] and back.mileposts == 2 + path.index(ch.ports[0])
    # facing Calais (the way back closed: a train reverses only in a city or at a port): out to Calais,
    # turn round at the port and back under the Channel
    turn = eb.shortest_trip(tb, STD, inside, path[0], position=pos, blocked_edges=[(inside, ch.mileposts[0])])
    assert turn.path[:4] == (inside, ch.mileposts[2], ch.ports[1], ch.mileposts[2]) and turn.path[-1] == path[0]
    g = eb.position("board: tutorial\nplayer Ann: cash 50, at London\n")
    g.state.track = track
    p = g.state.players[0]
    p.position, p.prev = inside, ch.mileposts[0]
    g.apply(eb.Move(turn.path[1:]))                  # the engine agrees: a legal move
    assert p.position == path[0]
    # nobody's track for player 1, who does not own the Chunnel and may not rent: no trip
    assert eb.shortest_trip(tb, STD, inside, path[-1], position=eb.Position(track=track, seat=1), rent=False) is None


def test_flooded_segment_cuts_the_trip(tb):
    plan = eb.cheapest_build(tb, STD, "London", "Birmingham")
    track = _build(tb, plan, 0)
    a, b = plan.mileposts[-2], plan.mileposts[-1]
    assert eb.shortest_trip(tb, STD, "London", "Birmingham", position=eb.Position(track=track, seat=0),
                            blocked_edges=[(a, b)]) is None


def test_blocked_milepost_cuts_the_trip(tb):
    plan = eb.cheapest_build(tb, STD, "London", "Birmingham")
    track = _build(tb, plan, 0)
    assert eb.shortest_trip(tb, STD, "London", "Birmingham", position=eb.Position(track=track, seat=0),
                            blocked_mileposts=[plan.mileposts[-2]]) is None


def test_public_red_area(tb):
    london = tb.city("London")
    trip = eb.shortest_trip(tb, STD, london.mileposts[1], london.mileposts[4], position=eb.Position(track=Track(), seat=0))
    assert trip.mileposts == 2 and trip.rent == 0
