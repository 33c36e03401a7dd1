"""cheapest_build / cheapest_connection / cost_table: rulebook examples, ferries, game-position masks,
bad input. Every failure message prints the plan's per-segment breakdown."""
from __future__ import annotations

import pytest

import eb_core as eb
from eb_core.costs import path_cost
from eb_core.errors import InvalidAction
from eb_core.track import Track, seg_key

STD = eb.ruleset("europe-standard")


@pytest.fixture(scope="module")
def tutorial():
    return eb.load_board("tutorial")


@pytest.fixture(scope="module")
def europe():
    return eb.load_board("europe")


def port(board, crossing, i):
    return board.crossing(crossing).ports[i]


def ferry_named(board, text):
    return next(cr for cr in board.crossings if text.lower() in cr.name.lower())


def show(plan):
    return plan.explain() if plan is not None else "no route"


# ------------------------------------------------------------------ rulebook worked examples
EXAMPLES = ["antwerp", "zurich", "london_birmingham", "london_portsmouth", "le_havre_paris",
            "london_folkestone", "calais_south", "liverpool_dublin", "stranraer_belfast"]


@pytest.mark.parametrize("name", EXAMPLES)
def test_rulebook_example_is_the_cheapest_build(tutorial, name):
    """Build Phase Rules examples: the rulebook's route is the cheapest between its two ends."""
    ex = tutorial.meta["examples"][name]
    path, cost = ex["path"], ex["cost"]
    assert sum(s.total for s in path_cost(tutorial, STD, path)) == cost
    plan = eb.cheapest_build(tutorial, STD, path[0], path[-1])
    assert plan is not None and plan.cost == cost, f"{name}: rulebook {cost}M\n{show(plan)}"


def test_paris_le_havre_once_the_ferry_is_owned(tutorial):
    """Building Ferry Ports example: building out of Paris instead would have saved 4M."""
    ex = tutorial.meta["examples"]["paris_le_havre"]
    le_havre = ex["path"][-1]
    cr = tutorial.crossings_at(le_havre)[0]
    plan = eb.cheapest_build(tutorial, STD, ex["path"][0], le_havre, position=eb.Position(track=Track.of(crossings={cr.name: [0]}), seat=0))
    assert plan.cost == ex["cost"] == 4, show(plan)
    before = eb.cheapest_build(tutorial, STD, le_havre, "Paris")
    assert before.cost - plan.cost == 4, f"{show(before)}\n{show(plan)}"


def test_london_birmingham_by_city_names(tutorial):
    plan = eb.cheapest_build(tutorial, STD, "London", "Birmingham")
    assert plan.cost == 5, show(plan)
    assert plan.mileposts[0] in tutorial.city("London").mileposts
    assert plan.mileposts[-1] == tutorial.city("Birmingham").center


def test_london_folkestone_buys_the_chunnel(tutorial):
    ex = tutorial.meta["examples"]["london_folkestone"]
    plan = eb.cheapest_build(tutorial, STD, ex["path"][0], ex["path"][-1])
    assert plan.cost == 18 and plan.breakdown["ferry"] == 17, show(plan)
    assert plan.segments[-1].crossing_name == "Chunnel" or "chunnel" in plan.segments[-1].crossing_name.lower()


# ------------------------------------------------------------------ ferries in both directions
def test_tutorial_liverpool_dublin_both_ways(tutorial):
    """Liverpool->Dublin 6M; Dublin->Liverpool 6M too: a route starting on the port pays the hop."""
    liverpool, dublin = tutorial.crossing("Liverpool–Dublin").ports
    there = eb.cheapest_build(tutorial, STD, liverpool, "Dublin")
    back = eb.cheapest_build(tutorial, STD, "Dublin", liverpool)
    assert (there.cost, back.cost) == (6, 6), f"{show(there)}\n{show(back)}"
    assert back.mileposts == (dublin, liverpool) and back.segments[0].crossing_name == "Liverpool–Dublin"
    # and onwards from Liverpool's side: the ferry is still paid once
    onward = eb.cheapest_build(tutorial, STD, "Dublin", "London")
    assert onward.breakdown["ferry"] == 6 and onward.segments[0].crossing == 6, show(onward)


def test_liverpool_dublin_both_ways_costs_the_ferry(europe):
    """Building Ferry Ports: 6M to build to Liverpool / Dublin, whichever side you start from."""
    cr = ferry_named(europe, "Dublin")
    liverpool, dublin = cr.ports if europe.city_at(cr.ports[1]) else cr.ports[::-1]
    there = eb.cheapest_build(europe, STD, liverpool, "Dublin")
    back = eb.cheapest_build(europe, STD, "Dublin", liverpool)
    assert there.cost == 6 and there.breakdown["ferry"] == 6, show(there)
    assert back.cost == 6 and back.breakdown["ferry"] == 6, show(back)
    # starting on the port: the hop itself is what is paid
    assert back.segments[0].crossing == 6 and back.mileposts == (dublin, liverpool)


def test_ferry_is_paid_once_on_a_long_route(europe):
    cr = ferry_named(europe, "Dublin")
    plan = eb.cheapest_build(europe, STD, "Dublin", "London")
    assert plan.breakdown["ferry"] == cr.cost, show(plan)
    assert sum(1 for s in plan.segments if s.crossing_name == cr.name) in (1, 2)  # into the port + free hop
    assert sum(s.crossing for s in plan.segments) == cr.cost


def test_owned_ferry_is_free_and_costs_the_port_milepost(europe):
    cr = ferry_named(europe, "Dublin")
    liverpool = next(p for p in cr.ports if europe.city_at(p) is None)
    mine = Track.of(crossings={cr.name: [0]})
    plan = eb.cheapest_build(europe, STD, "Dublin", liverpool, position=eb.Position(track=mine, seat=0))
    assert plan.cost == 0, show(plan)
    plan = eb.cheapest_build(europe, STD, liverpool, "Dublin", position=eb.Position(track=mine, seat=0))
    assert plan.cost == 0, show(plan)


def test_full_ferry_is_closed_to_a_newcomer(europe):
    """Building Ferry Ports: only two players may build to a single ferry."""
    cr = ferry_named(europe, "Stranraer")
    stranraer = next(p for p in cr.ports if europe.city_at(p) is None)
    full = Track.of(crossings={cr.name: [1, 2]})
    assert eb.cheapest_build(europe, STD, stranraer, "Belfast").cost == 4
    plan = eb.cheapest_build(europe, STD, stranraer, "Belfast", position=eb.Position(track=full, seat=0))
    assert plan is None or cr.name not in {s.crossing_name for s in plan.segments}, show(plan)
    assert eb.cheapest_build(europe, STD, stranraer, "Belfast", position=eb.Position(track=full, seat=1)).cost == 0
    half = Track.of(crossings={cr.name: [1]})
    assert eb.cheapest_build(europe, STD, stranraer, "Belfast", position=eb.Position(track=half, seat=0)).cost == 4


def test_chunnel_one_player_only(europe):
    """Building the Chunnel: only one player may build to the Chunnel."""
    ch = europe.tunnels[0]
    taken = Track.of(crossings={ch.name: [1]})
    free = eb.cheapest_build(europe, STD, ch.ports[0], ch.ports[1])
    assert free.cost == 17, show(free)
    plan = eb.cheapest_build(europe, STD, ch.ports[0], ch.ports[1], position=eb.Position(track=taken, seat=0))
    assert plan is None or ch.name not in {s.crossing_name for s in plan.segments}, show(plan)
    fast = eb.ruleset("europe-basic", "fast-game")
    assert eb.cheapest_build(europe, fast, ch.ports[0], ch.ports[1]).cost == 4
    # Fast Game: "Treat the Chunnel as another ferry" -- two players may build it
    assert eb.cheapest_build(europe, fast, ch.ports[0], ch.ports[1], position=eb.Position(track=taken, seat=0)).cost == 4


# ------------------------------------------------------------------ major cities
def test_route_may_cross_a_major_city_through_its_red_area(europe):
    """Right to Enter Major Cities: pay 5M into the red area, ride it free, build out."""
    found = False
    names = [c.name for c in europe.cities if not c.has_red_area]
    for a in names[:12]:
        for b in names[-12:]:
            plan = eb.cheapest_build(europe, STD, a, b)
            if plan is None:
                continue
            free = [s for s in plan.segments if s.base_label.startswith("public track")]
            assert all(s.total == 0 for s in free)
            if free:
                found = True
                city = europe.city_at(free[0].a)
                assert any(s.base == 5 and city.name in s.base_label for s in plan.segments), show(plan)
                for s in plan.segments:
                    assert not (europe.city_at(s.a) is city and europe.city_at(s.b) is city and s.total), show(plan)
    assert found, "no sampled route crosses a major city"


def test_no_building_inside_a_red_area(europe):
    paris = europe.city("Paris")
    plan = eb.cheapest_build(europe, STD, paris.mileposts[1], paris.mileposts[4])
    assert plan.cost == 0 and all(s.total == 0 for s in plan.segments), show(plan)


# ------------------------------------------------------------------ game-position masks
def test_own_track_is_free_and_others_track_is_closed(europe):
    base = eb.cheapest_build(europe, STD, "Berlin", "Wien")
    segs = [(s.a, s.b) for s in base.segments if not europe.is_red_area(s.a, s.b) and not s.crossing_name]
    mine = Track.of([(a, b, 0) for a, b in segs])
    again = eb.cheapest_build(europe, STD, "Berlin", "Wien", position=eb.Position(track=mine, seat=0))
    assert again.cost == 0, show(again)
    assert {seg_key(s.a, s.b) for s in again.segments if s.base_label == "own track"} >= {seg_key(*k) for k in segs}
    other = eb.cheapest_build(europe, STD, "Berlin", "Wien", position=eb.Position(track=mine, seat=1))
    used = {seg_key(a, b) for a, b in zip(other.mileposts, other.mileposts[1:])}
    assert not used & {seg_key(*k) for k in segs}, "player 1 built over player 0's track\n" + show(other)
    assert other.cost >= base.cost


def test_state_object_and_player_range(europe):
    class State:  # only .track and .players are read
        def __init__(self, track, n):
            self.track, self.players = track, [None] * n

    t = Track.of([(1, 2, 0)] if europe.edge(1, 2) else [])
    assert eb.cheapest_build(europe, STD, "Berlin", "Wien", position=eb.Position(track=t, seat=1, state=State(t, 2))) is not None
    with pytest.raises(InvalidAction) as e:
        eb.cheapest_build(europe, STD, "Berlin", "Wien", position=eb.Position(track=t, seat=2, state=State(t, 2)))
    assert e.value.field == "player"
    with pytest.raises(InvalidAction):
        eb.cheapest_build(europe, STD, "Berlin", "Wien", position=eb.Position(track=t))
    with pytest.raises(InvalidAction) as e:
        eb.cheapest_build(europe, STD, "Berlin", "Wien", position=t)     # a Track is not a Position
    assert e.value.field == "position"


def test_with_a_real_game_state(europe):
    from eb_core.rules import Train
    from eb_core.state import GameState, PlayerState

    base = eb.cheapest_build(europe, STD, "Berlin", "Wien")
    track = Track.of([(s.a, s.b, 1) for s in base.segments if s.total and not s.crossing_name])
    state = GameState(players=[PlayerState("Ann", 50, Train(9, 2)), PlayerState("Ben", 50, Train(9, 2))],
                      track=track)
    assert eb.cheapest_build(europe, STD, "Berlin", "Wien", position=eb.Position.of(state, 1)).cost == 0
    ann = eb.cheapest_build(europe, STD, "Berlin", "Wien", position=eb.Position.of(state, 0))
    assert ann.cost >= base.cost and not {seg_key(s.a, s.b) for s in ann.segments} & set(track.segments)
    assert eb.cheapest_connection(europe, STD, "Wien", position=eb.Position.of(state, 1)).cost == 0
    t = eb.cost_table(europe, STD, ["Berlin", "Wien"], position=eb.Position.of(state, 1))
    assert t.loc["Berlin", "Wien"] == 0 and t.loc["Wien", "Berlin"] == 0


def _small_city_on_a_route(board):
    """(city, plan) where the cheapest route between two other cities passes through a small city."""
    names = [c.name for c in board.cities]
    for a in names:
        for b in names[::-1]:
            if a == b:
                continue
            plan = eb.cheapest_build(board, STD, a, b)
            if plan is None:
                continue
            for m in plan.mileposts[1:-1]:
                c = board.city_at(m)
                if c is not None and c.size.value == "small" and c.name not in (a, b) and not board.is_port(m) \
                        and len([x for x in board.neighbors(m) if x not in plan.mileposts]) >= 3:
                    return c, plan, a, b
    raise AssertionError("no route through a small city")


def test_small_city_full_of_players_is_closed(europe):
    """Limits on Entry into Small and Medium Cities: at most two players in a small city."""
    city, plan, a, b = _small_city_on_a_route(europe)
    m = city.center
    nbrs = [x for x in europe.neighbors(m) if x not in plan.mileposts]
    track = Track.of([(m, nbrs[0], 1), (m, nbrs[1], 2)])
    other = eb.cheapest_build(europe, STD, a, b, position=eb.Position(track=track, seat=0))
    assert other is None or m not in other.mileposts, show(other)
    assert eb.cheapest_build(europe, STD, a, city.name, position=eb.Position(track=track, seat=0)) is None or \
        m not in eb.cheapest_build(europe, STD, a, city.name, position=eb.Position(track=track, seat=0)).mileposts[:-1]
    # a player already in the city may still build there
    inside = eb.cheapest_build(europe, STD, a, city.name, position=eb.Position(track=track, seat=1))
    assert inside is not None and inside.mileposts[-1] == m, show(inside)
    # honeymoon: one player per small city
    honey = eb.ruleset("europe-standard", "honeymoon")
    one = Track.of([(m, nbrs[0], 1)])
    assert eb.cheapest_build(europe, STD, a, city.name, position=eb.Position(track=one, seat=0)).mileposts[-1] == m
    assert eb.cheapest_build(europe, honey, a, city.name, position=eb.Position(track=one, seat=0)) is None


def test_three_tracks_per_player_in_a_small_city(europe):
    """No player may build more than three track sections to or from a medium or small city."""
    city, plan, a, b = _small_city_on_a_route(europe)
    m = city.center
    nbrs = [x for x in europe.neighbors(m) if x not in plan.mileposts]
    two = Track.of([(m, nbrs[0], 0), (m, nbrs[1], 0)])
    p = eb.cheapest_build(europe, STD, a, b, position=eb.Position(track=two, seat=0))
    if p is not None and m in p.mileposts:
        i = p.mileposts.index(m)
        new = [s for s in p.segments[max(i - 1, 0):i + 1] if s.total > 0 and m in (s.a, s.b)]
        assert len(new) <= 1, "two more tracks into a city where the player has two already\n" + show(p)
    # one more track is fine: the city can still be the end of a route
    end = eb.cheapest_build(europe, STD, a, city.name, position=eb.Position(track=two, seat=0))
    assert end is not None and end.mileposts[-1] == m, show(end)
    three = Track.of([(m, nbrs[0], 0), (m, nbrs[1], 0), (m, nbrs[2], 0)])
    p = eb.cheapest_build(europe, STD, a, city.name, position=eb.Position(track=three, seat=0))
    assert p is None or all(s.total == 0 for s in p.segments if m in (s.a, s.b)), show(p)


def test_blocked_edges_are_avoided(europe):
    base = eb.cheapest_build(europe, STD, "Paris", "Milano")
    cut = [(s.a, s.b) for s in base.segments if s.total > 0 and not s.crossing_name][:2]
    plan = eb.cheapest_build(europe, STD, "Paris", "Milano", blocked_edges=cut)
    used = {seg_key(a, b) for a, b in zip(plan.mileposts, plan.mileposts[1:])}
    assert not used & {seg_key(*k) for k in cut}, show(plan)
    assert plan.cost >= base.cost


def test_blocked_mileposts_are_avoided(europe):
    """e.g. Heavy Snow: no building in the area's mountain mileposts."""
    base = eb.cheapest_build(europe, STD, "Paris", "Milano")
    inner = [m for m in base.mileposts[1:-1] if europe.city_at(m) is None][:3]
    plan = eb.cheapest_build(europe, STD, "Paris", "Milano", blocked_mileposts=inner)
    assert not set(plan.mileposts) & set(inner), show(plan)
    with pytest.raises(InvalidAction) as e:
        eb.cheapest_build(europe, STD, "Paris", "Milano", blocked_mileposts=[-1])
    assert e.value.field == "blocked_mileposts"
    with pytest.raises(InvalidAction) as e:
        eb.cheapest_build(europe, STD, "Paris", "Milano", blocked_edges=[5])
    assert e.value.field == "blocked_edges"


# ------------------------------------------------------------------ cheapest_connection
def test_first_build_starts_from_a_major_or_key_city(europe):
    plan = eb.cheapest_connection(europe, STD, "Bordeaux")
    assert europe.city_at(plan.mileposts[0]).has_red_area, show(plan)
    best = min((eb.cheapest_build(europe, STD, c.name, "Bordeaux") for c in europe.cities if c.has_red_area),
               key=lambda p: p.cost)
    assert plan.cost == best.cost


def test_connection_to_own_network(europe):
    base = eb.cheapest_build(europe, STD, "Paris", "Lyon")
    net = Track.of([(s.a, s.b, 0) for s in base.segments if not europe.is_red_area(s.a, s.b)])
    assert eb.cheapest_connection(europe, STD, "Lyon", position=eb.Position(track=net, seat=0)).cost == 0
    plan = eb.cheapest_connection(europe, STD, "Marseille", position=eb.Position(track=net, seat=0))
    assert plan.mileposts[0] in net.mileposts_of(0, europe) or plan.mileposts[-1] in net.mileposts_of(0, europe)
    direct = eb.cheapest_build(europe, STD, "Paris", "Marseille")
    assert plan.cost <= direct.cost, show(plan)


def test_connection_builds_out_of_a_major_city_when_cheaper(europe):
    """'With proper planning, you can avoid the expense of building track into major cities.'"""
    base = eb.cheapest_build(europe, STD, "Paris", "Bruxelles")
    net = Track.of([(s.a, s.b, 0) for s in base.segments if not europe.is_red_area(s.a, s.b)])
    plan = eb.cheapest_connection(europe, STD, "Holland", position=eb.Position(track=net, seat=0))
    into = eb.cheapest_build(europe, STD, "Bruxelles", "Holland", position=eb.Position(track=net, seat=0))
    assert plan.cost <= into.cost, show(plan)
    if plan.cost < into.cost:
        assert plan.mileposts[0] in europe.city("Holland").mileposts


# ------------------------------------------------------------------ plan object and errors
def test_plan_views_agree(europe):
    plan = eb.cheapest_build(europe, STD, "Madrid", "Paris")
    df = plan.to_frame()
    assert int(df["cost"].sum()) == plan.cost and len(df) == len(plan.segments)
    assert int(df["running"].iloc[-1]) == plan.cost
    text = plan.explain()
    assert text.count("\n") == len(plan.segments) + 1 and f"{plan.cost}M" in text
    assert "<table>" in plan._repr_html_()
    assert sum(plan.breakdown.values()) == plan.cost
    assert plan.paid_segments and all(s.total > 0 or s.crossing_name for s in plan.paid_segments)


def test_plan_figure_draws_the_route(tutorial):
    plan = eb.cheapest_build(tutorial, STD, "London", "Paris")
    fig = plan.to_figure(STD)
    route = next(t for t in fig.data if t.meta == "route")
    assert len(route.x) == len(plan.mileposts)
    labels = next(t for t in fig.data if t.meta == "route_labels")
    assert sum(int(x) for x in labels.text) == plan.cost


@pytest.mark.slow   # left out of `make test-fast`
def test_rules_core_does_not_import_plotly():
    import subprocess
    import sys

    code = ("import sys, eb_core as eb; b = eb.load_board('tutorial'); "
            "eb.cheapest_build(b, eb.ruleset(), 'London', 'Paris'); eb.cost_table(b, eb.ruleset()); "
            "print('plotly' in sys.modules or 'ipywidgets' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "False", out.stderr


def test_same_city_costs_nothing(europe):
    plan = eb.cheapest_build(europe, STD, "Berlin", "Berlin")
    assert plan.cost == 0 and len(plan.mileposts) == 1


@pytest.mark.parametrize("a,b,field", [("Atlantis", "Paris", "a"), ("Paris", 10**6, "b"), ("Paris", 2.5, "b"),
                                       (True, "Paris", "a")])
def test_bad_input_names_the_field(europe, a, b, field):
    with pytest.raises(InvalidAction) as e:
        eb.cheapest_build(europe, STD, a, b)
    assert e.value.field == field and isinstance(e.value, ValueError)


def test_bad_board_or_rules(europe):
    with pytest.raises(InvalidAction):
        eb.cheapest_build("europe", STD, "Paris", "Wien")
    with pytest.raises(InvalidAction):
        eb.cheapest_build(europe, "europe-standard", "Paris", "Wien")
    with pytest.raises(InvalidAction):
        eb.cost_table(europe, STD, "capitals")
    with pytest.raises(InvalidAction):
        eb.cost_table(europe, STD, ["Paris", "Atlantis"])


def test_cost_table_reads_row_to_column(europe):
    t = eb.cost_table(europe, STD)
    assert list(t.index) == [c.name for c in europe.major_cities] == list(t.columns)
    assert (t.values.diagonal() == 0).all()
    mixed = eb.cost_table(europe, STD, ["Paris", "Lyon"])
    assert mixed.loc["Lyon", "Paris"] == eb.cheapest_build(europe, STD, "Lyon", "Paris").cost
    assert mixed.loc["Paris", "Lyon"] == eb.cheapest_build(europe, STD, "Paris", "Lyon").cost
    # the same track either way, but entering Paris costs 5M and entering Lyon 3M
    assert mixed.loc["Lyon", "Paris"] == mixed.loc["Paris", "Lyon"] + 2


def test_engine_cache_is_per_cost_rules(europe):
    from eb_core import routes

    a = routes._engine(europe, eb.ruleset("europe-standard"))
    assert routes._engine(europe, eb.ruleset("europe-basic")) is a          # same costs
    assert routes._engine(europe, eb.ruleset("europe-basic", "fast-game")) is not a   # Chunnel 4M
    pricey = STD.with_(city_cost={"major": 7, "key": 3, "medium": 3, "small": 3})
    assert eb.cheapest_build(europe, pricey, "Paris", "Berlin").cost == \
        eb.cheapest_build(europe, STD, "Paris", "Berlin").cost + 2


def test_a_leg_on_own_track_costs_nothing_and_the_quick_check_agrees_with_the_full_search():
    """Build Phase Rules: building over your own track costs nothing. Ann owns Paris-Milano: from Paris to
    Milano (either way) a build costs 0M, to Lyon it does not. ``RouteState.costs_nothing`` answers that
    with a search that stops at cost 0 (the planner skips its built legs without whole-board rows); it
    agrees with the full search's ``cost == 0`` for every pair of cities and a few mileposts, also in a
    Europe position of a seeded planner game (seed 1003 after 40 turns: 130 segments of track, two ferries
    bought)."""
    from eb_core.routes import RouteState
    from eb_core.sim import solo_game
    from eb_core.state import Position
    g = eb.position("board: tutorial\nplayer Ann: cash 50, at Paris, track Paris-Milano, cards 13\n")
    quick = RouteState(g.board, g.rules, Position.of(g.state, 0))
    assert quick.costs_nothing("Paris", "Milano") and quick.costs_nothing("Milano", "Paris")
    assert not quick.costs_nothing("Paris", "Lyon") and quick.cost("Paris", "Lyon") == 3
    europe = solo_game("europe-standard", seed=1003, max_turns=40).game
    assert len(europe.state.track.segments) > 80 and len(europe.state.track.crossings) >= 2
    for game in (g, europe):
        pos = Position.of(game.state, 0)
        net = sorted(game.network(0))
        places = [c.name for c in game.board.cities] + net[:: max(1, len(net) // 6)] + [0, 7]
        quick, full = RouteState(game.board, game.rules, pos), RouteState(game.board, game.rules, pos)
        full.prepare(places)
        quick.prepare_free(places)
        got = {(a, b): quick.costs_nothing(a, b) for a in places for b in places}
        assert got == {(a, b): full.cost(a, b) == 0 for a in places for b in places}
        assert sum(got.values()) > len(places)       # some legs are built, not only a == b


def test_a_city_on_a_separate_piece_of_track_is_reached_but_not_joined_for_victory():
    """Beginning Construction lets Ann start a second piece of track out of Paris; Lyon on that piece
    costs nothing to reach with cheapest_connection (she can build from there), while How to Win counts
    one connected network: only London's piece counts, and joining the pieces is a cheapest_build."""
    g = eb.position("board: tutorial\nplayer Ann: cash 50, at London, track London-Birmingham Paris-Lyon\n")
    pos = eb.Position.of(g.state, 0)
    assert eb.cheapest_connection(g.board, g.rules, "Lyon", position=pos).cost == 0
    assert "Paris" not in g.connected_majors(0)
    join = eb.cheapest_build(g.board, g.rules, "Birmingham", "Lyon", position=pos)
    assert join is not None and join.cost > 0


# ------------------------------------------------------------------ a planner's price for ferry time
def test_a_ferry_penalty_sends_london_to_bruxelles_through_the_chunnel(europe):
    """Movement Using a Ferry (the turn ends on the port, the crossing turn runs at half speed) against
    Movement Using the Chunnel (ridden at full speed): London to Bruxelles is cheapest to build over the
    Portsmouth–Le Havre ferry (16M). A search that charges each ferry crossing 12M for its time builds
    through the Chunnel instead (24M); a leg's priced steps stay the build prices."""
    from eb_core.routes import RouteState
    plain, timed = RouteState(europe, STD), RouteState(europe, STD, hop_penalty=12)
    chunnel = europe.crossing("Chunnel")
    assert plain.cost("London", "Bruxelles") == 16 == plain.build_cost("London", "Bruxelles")
    assert not set(chunnel.ports) <= set(plain.path("London", "Bruxelles"))
    assert timed.cost("London", "Bruxelles") == 24 == timed.build_cost("London", "Bruxelles")
    assert set(chunnel.ports) <= set(timed.path("London", "Bruxelles"))
    # London-Paris stays on the ferry (11M + 12M of time, against 26M through the Chunnel): the search's
    # cost carries the penalty, the steps do not
    assert timed.cost("London", "Paris") == 23 and timed.build_cost("London", "Paris") == 11
    assert sum(w for _, w in timed.steps("London", "Paris")) == 11
    # an owned ferry is still free to build over, time or not
    mine = eb.Position(track=Track.of(crossings={"Portsmouth–Le Havre": [0]}), seat=0)
    portsmouth, le_havre = europe.crossing("Portsmouth–Le Havre").ports
    owned = RouteState(europe, STD, mine, hop_penalty=12)
    assert owned.costs_nothing(portsmouth, le_havre) and owned.cost(portsmouth, le_havre) == 12
    assert owned.build_cost(portsmouth, le_havre) == 0


def test_a_ferry_penalty_must_be_a_number_of_millions(europe):
    from eb_core.routes import RouteState
    for bad in (-1, float("inf"), "4", True):
        with pytest.raises(InvalidAction, match="hop_penalty") as e:
            RouteState(europe, STD, hop_penalty=bad)
        assert e.value.field == "hop_penalty"


def _both_ways_to_paris(europe):
    """Ann owns London-Portsmouth, the ferry and Le Havre-Paris, and London-Folkestone, the Chunnel and
    Calais-Paris (each the cheapest build on an empty board)."""
    import itertools

    from eb_core.routes import RouteState
    rs = RouteState(europe, STD)
    ferry, chunnel = europe.crossing("Portsmouth–Le Havre"), europe.crossing("Chunnel")
    legs = [("London", ferry.ports[0]), (ferry.ports[1], "Paris"), ("London", chunnel.ports[0]),
            (chunnel.ports[1], "Paris")]
    segs = dict.fromkeys(seg_key(x, y) for a, b in legs for x, y in itertools.pairwise(rs.path(a, b))
                         if europe.edge(x, y) is not None)
    return eb.Position(track=Track.of([(x, y, 0) for x, y in segs], {ferry.name: [0], chunnel.name: [0]}), seat=0)


def test_a_trip_is_told_by_its_places_never_by_milepost_ids(europe):
    """``Trip.explain`` names the trip's ends with the board it ran on, and says nothing of milepost ids
    without one; shown in a notebook or printed, a trip is those words."""
    from IPython.lib.pretty import pretty

    pos = _both_ways_to_paris(europe)
    short = eb.shortest_trip(europe, STD, "London", "Paris", position=pos)
    text = short.explain(europe)
    assert text.startswith("5 mileposts from London to Paris via Portsmouth–Le Havre"), text
    assert not any(str(m) in text for m in short.path)
    assert str(short) == pretty(short) == short.explain() == text and repr(short) == f"<Trip: {text}>"
    bare = eb.Trip(short.path, short.mileposts, short.ferries, short.rented, short.rent)   # no board given
    assert bare == short and bare.explain() == "5 mileposts via Portsmouth–Le Havre"


def test_a_trip_that_counts_a_crossing_as_a_turn_takes_the_chunnel(europe):
    """With both ways to Paris built, the fewest mileposts from London cross the Portsmouth–Le Havre ferry
    (5); counting the crossing as 12 steps more (about the turn it costs a 12-speed train) the trip takes
    the Chunnel (10 mileposts, all at full speed). The trip's mileposts stay the mileposts ridden."""
    pos = _both_ways_to_paris(europe)
    short = eb.shortest_trip(europe, STD, "London", "Paris", position=pos)
    assert short.ferries == ("Portsmouth–Le Havre",) and short.mileposts == 5
    timed = eb.shortest_trip(europe, STD, "London", "Paris", position=pos, ferry_extra=12)
    assert timed.ferries == ("Chunnel",) and timed.mileposts == 10
    with pytest.raises(InvalidAction, match="ferry_extra"):
        eb.shortest_trip(europe, STD, "London", "Paris", position=pos, ferry_extra=-2)


def test_a_misspelt_city_or_load_is_refused_with_the_names_it_may_mean():
    """A typo in a city name is refused naming the field and suggesting the city meant ("Pariss" -> Paris),
    whether asked of the route planner, the demand table, a position or the board itself; a name like
    no city gets no suggestion."""
    board = eb.load_board("europe")
    rules = eb.ruleset("europe-standard")
    with pytest.raises(eb.InvalidAction, match=r"^b: no city or ferry port 'Pariss' on board 'europe' \(did you mean Paris\?\)"):
        eb.cheapest_build(board, rules, "London", "Pariss")
    with pytest.raises(KeyError, match="did you mean München"):
        board.city("Munchenn")
    with pytest.raises(eb.InvalidAction, match=r"did you mean Harwich\?"):
        eb.position("board: europe\nplayer Ann: at Harwhich")
    assert "did you mean" not in board.no_city("Atlantis")
    # and a misspelt load: the load meant, or every load when none is close
    with pytest.raises(eb.InvalidAction, match=r"no load 'Wne' on board 'europe' \(did you mean Wine\?\)"):
        eb.delivery_table(board, rules, [("Paris", "Wne", 20)])
    with pytest.raises(eb.InvalidAction, match=r"did you mean Wine\?"):
        eb.position("board: europe\nplayer Ann: at Paris, loads Wne")
    assert "loads: Bauxite, Beer" in board.no_load("Gold")


def test_a_ferry_port_is_a_place_to_build_to():
    """Folkestone, Portsmouth and Le Havre are no cities, but a player names them: London to Folkestone with
    the Chunnel is 18M on the tutorial board (rulebook: Building the Chunnel), from the text command too; a
    misspelt port is suggested."""
    board = eb.load_board("tutorial")
    assert eb.cheapest_build(board, eb.ruleset(), "London", "Folkestone").cost == 18
    g = eb.position("board: tutorial\nphase: build\nplayer Ann: at London\nplayer Ben:")
    assert eb.attempt(g, "build London-Folkestone").cost == 18
    with pytest.raises(eb.InvalidAction, match="did you mean Folkestone"):
        eb.cheapest_build(eb.load_board("europe"), eb.ruleset(), "London", "Folkstone")


# ------------------------------------------------------------------ a route told leg by leg
def test_a_route_by_legs_adds_up_to_the_same_build(europe):
    """``explain(by="leg")`` (Build Phase Rules, each leg added up as a player adds it): Lisboa to Berlin is
    62 segments for 75M; its legs hold the same segments in the same order, their costs sum to 75M, the
    first leaves Lisboa, the last enters Berlin, and every end is a place's name (never a milepost id)."""
    plan = eb.cheapest_build(europe, STD, "Lisboa", "Berlin")
    legs = plan.legs()
    assert [s for _, _, segs in legs for s in segs] == list(plan.segments)
    assert sum(s.total for _, _, segs in legs for s in segs) == plan.cost
    assert legs[0][0] == "Lisboa" and legs[-1][1] == "Berlin"
    assert all(a != b for a, b, _ in legs), "a leg goes somewhere"
    assert all(frm == prev_to for (_, prev_to, _), (frm, _, _) in zip(legs, legs[1:])), "each leg starts where the last ended"
    text = plan.explain(by="leg")
    assert text.splitlines()[0] == f"Build Lisboa -> Berlin: {plan.cost}M over {len(plan.segments)} segments, in {len(legs)} legs"
    assert len(legs) < len(plan.segments) / 3 and not any(ch.isdigit() for a, b, _ in legs for ch in a + b)
    assert f"(total {plan.cost}M)" in text.splitlines()[-2]


def test_a_ferry_crossing_is_a_leg_of_its_own(europe):
    """London to Paris by the Portsmouth–Le Havre ferry (Ferry Lines: the ferry is paid for with its port, the
    crossing itself adds nothing): three legs, the ferry's port, the crossing, and on into Paris."""
    plan = eb.cheapest_build(europe, STD, "London", "Paris")
    assert plan.explain(by="leg").splitlines()[1:4] == [
        "   1. London -> Portsmouth: the Portsmouth–Le Havre ferry (4M) = 4M  (total 4M)",
        "   2. Portsmouth -> Le Havre: across the Portsmouth–Le Havre ferry (paid with its port) = 0M  (total 4M)",
        "   3. Le Havre -> Paris: 2 clear mileposts (2M) and the major city Paris (5M) = 7M  (total 11M)"]


def test_a_route_explained_by_something_else_is_refused(europe):
    plan = eb.cheapest_build(europe, STD, "London", "Paris")
    with pytest.raises(InvalidAction, match="by: expected 'segment' or 'leg', got 'mile'"):
        plan.explain(by="mile")
