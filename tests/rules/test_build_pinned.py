"""Build Phase Rules, pinned where a mutation audit of ``eb_core/engine/build.py`` found the rest of the suite
silent (rulebook: Starting the Game > Starting Your Train; Build Phase Rules and its sections Building Ferry
Ports, Building the Chunnel, Right to Enter Major Cities and Key Cities, Limits on Entry into Small and Medium
Cities, No Credit/No Loans, Upgrading your Train; Variants & Optional Rules > Fast Game and > Cross Grading;
Empire Express > Build Track).

Each test fixes one thing a player meets at the table: when building may start, what a build over track or a
ferry of one's own costs, who still has a way into a city, a port or London, and which rule a refusal cites
-- on the Europe board (Empire Express on its own board), set up with the helpers of ``tests/support.py``.
"""
import functools

from support import EUROPE, ann, game_with, lay_track, place, rejects

import eb_core as eb
from eb_core import rulebook as R
from eb_core.actions import Build, Discard, Move, PlaceTrain, Upgrade
from eb_core.track import seg_key

PORTSMOUTH, LE_HAVRE = EUROPE.crossing("Portsmouth–Le Havre").ports
LONDON_SW = 1447            # London's corner next to the Portsmouth port and the clear milepost 1446
LONDON_N = 1486             # London's northern corner: 1485, 1526 and 1527 are clear mileposts
LE_HAVRE_INLAND = 1203      # a clear milepost beside the Le Havre port


game = functools.partial(game_with, phase="build")    # support.game_with, in the Building Phase


# --------------------------------------------------------------------------- Starting Your Train
def test_no_building_or_upgrading_in_the_first_operations_turn_before_the_train_is_placed():
    """Starting Your Train: "As you begin your first turn that includes an Operations phase ... you must place
    your train (pawn) in any city" -- building or upgrading before that is refused; once placed, the same
    build is made."""
    g = game(phase="operations")
    build = Build([LONDON_N, 1485])
    err = rejects(g, build, R.START_TRAIN)
    assert "Place your train" in err.reason
    err = rejects(g, Upgrade(eb.Train(12, 2)), R.START_TRAIN)
    assert "Place your train" in err.reason
    g.apply(PlaceTrain("London"))
    g.apply(build)
    assert g.state.track.owner(LONDON_N, 1485) == 0 and ann(g).cash == 49


def test_with_four_cards_the_first_operations_turn_starts_with_the_discard_not_with_building():
    """Starting Your Train: "you discard down to three cards (if necessary). Then, you must place your
    train" -- with the standard game's four opening cards, a build is refused and the refusal asks for the
    discard first."""
    g = game(phase="operations")
    ann(g).hand.append(g.state.discard_pile.pop(0))
    assert len(ann(g).hand) == 4
    err = rejects(g, Build([LONDON_N, 1485]), R.START_TRAIN)
    assert "Discard down to 3 cards" in err.reason
    g.apply(Discard(ann(g).hand[0]))
    err = rejects(g, Build([LONDON_N, 1485]), R.START_TRAIN)      # next: the train
    assert "Place your train" in err.reason


# --------------------------------------------------------------------------- drawing track
def test_track_is_drawn_from_one_milepost_to_the_next_never_jumping():
    """Build Phase Rules: "drawing a line with your color crayon from one milepost to the next" -- London to
    Paris in one stroke is no segment."""
    g = game()
    err = rejects(g, Build([LONDON_N, EUROPE.city("Paris").center]), R.BUILD)
    assert "not neighbouring" in err.reason
    err = rejects(g, Build([LONDON_N, 1485, 1528]), R.BUILD)      # the second step jumps
    assert "not neighbouring" in err.reason


def test_a_build_over_track_already_yours_pays_only_for_the_new_segments_told_as_one_free_run():
    """Build Phase Rules: "For each section of track, you must pay the cost for the milepost to which you are
    building" -- the sections already drawn are not drawn again. Ann's track runs London - 1485 - 1446; a
    build along it and on to 1401 (clear, 1M) and 1359 (clear, 1M, plus a 3M bridge over the ocean inlet:
    "Lake/Ocean: 3 Million Additional") costs 5M. The plan keeps one free step per segment of hers and tells
    them as one run: "2 segments already yours", a single one without a count."""
    g = game()
    path = [LONDON_N, 1485, 1446, 1401, 1359]
    lay_track(g, 0, path[:3])
    plan = g.plan_build(path)
    assert plan.cost == 5
    assert plan.breakdown == {"terrain": 2, "water": 3, "city": 0, "ferry": 0}
    assert len(plan.segments) == 4 and [s.total for s in plan.paid_segments] == [1, 4]
    assert plan.notes[0].startswith("London → ") and plan.notes[0].endswith(", 2 segments already yours: 0M")
    assert len(plan.notes) == 3
    one = g.plan_build(path[1:])
    assert one.cost == 5 and len(one.segments) == 3
    assert one.notes[0].endswith(" already yours: 0M") and "segment" not in one.notes[0]
    g.apply(Build(path))
    assert (ann(g).cash, ann(g).spent) == (45, 5)


def test_a_path_over_nothing_but_your_own_track_is_no_build():
    """Build Phase Rules: building is "laying down track between mileposts" -- a path along track Ann already
    owns lays none, and is refused rather than taken as a build of 0M."""
    g = game()
    path = [LONDON_N, 1485, 1446]
    lay_track(g, 0, path)
    err = rejects(g, Build(path), R.BUILD)
    assert "nothing new" in err.reason
    assert g.state.players[0].spent == 0


# --------------------------------------------------------------------------- Building Ferry Ports
def test_building_on_across_your_own_ferry_pays_only_the_track_beyond_it():
    """Building Ferry Ports: "The entire ferry connection is now part of your network so you may then build
    out from the opposite port" -- Ann owns the Portsmouth–Le Havre ferry; a build from Portsmouth across it
    to a clear milepost beyond Le Havre costs 1M, the crossing a free step of the plan."""
    g = game()
    g.state.track.segments[seg_key(LONDON_SW, PORTSMOUTH)] = 0                  # London - Portsmouth
    g.state.track.add_crossing(0, "Portsmouth–Le Havre")
    path = [PORTSMOUTH, LE_HAVRE, LE_HAVRE_INLAND]
    plan = g.plan_build(path)
    assert plan.cost == 1
    assert plan.breakdown == {"terrain": 1, "water": 0, "city": 0, "ferry": 0}
    assert len(plan.segments) == 2 and [s.total for s in plan.paid_segments] == [1]
    assert plan.notes[0] == "across Portsmouth–Le Havre (yours): 0M"
    assert (plan.start, plan.end) == ("Portsmouth", "a clear milepost near Paris")
    g.apply(Build(path))
    assert ann(g).cash == 49 and ann(g).spent == 1
    assert g.state.log[-1].startswith("Ann builds 1 segment for 1M from Portsmouth to a clear milepost near Paris")
    assert g.state.track.owner(LE_HAVRE, LE_HAVRE_INLAND) == 0


# --------------------------------------------------------------------------- Empire Express > Build Track
def test_express_one_segment_drawn_towards_your_track_is_built_out_of_it_paying_for_the_far_milepost():
    """Empire Express > Build Track: "You must connect to (or from) a milepost you are already connected
    to" and "always pay for the milepost you are connecting to" -- one segment drawn from a mountain milepost
    to Orange's track is accepted and costs the mountain's 2M, as drawn the other way."""
    board = eb.load_board("eastern_us")
    g = eb.Game.new(eb.ruleset("express"), board=board, setup="demo", players=["Orange", "Red"], seed=1)
    g.state.players[0].cash = 20
    net, used = g.network(0), {m for k in g.state.track.segments for m in k}
    mine, hill = next((m, n) for m in sorted(net) if board.city_at(m) is None and board.milepost(m).terrain == "clear"
                      for n in board.neighbors(m) if n not in used and board.city_at(n) is None
                      and board.milepost(n).terrain == "mountain" and not board.edge(m, n).rivers)
    assert g.plan_build([hill, mine]).cost == g.plan_build([mine, hill]).cost == 2
    g.apply(Build([hill, mine]))
    assert g.state.track.owner(mine, hill) == 0 and g.state.players[0].cash == 18


# ------------------------------------------------------------- Limits on Entry into Small and Medium Cities
def test_a_third_player_refused_at_a_small_city_is_told_who_is_already_there():
    """Limits on Entry into Small and Medium Cities: "only two players may build into a small city" -- Ben and
    Cy have track into Nantes, so Ann may not build in; the refusal names the two who hold it."""
    g = game(players=("Ann", "Ben", "Cy"))
    nantes = EUROPE.city("Nantes").center
    lay_track(g, 1, [877, nantes])
    lay_track(g, 2, [923, nantes])
    lay_track(g, 0, [1014, 968])                                  # Ann's track reaches 968, beside Nantes
    err = rejects(g, Build([968, nantes]), R.CITY_LIMIT)
    assert "Only 2 players may build into a small city; Nantes already has track from Ben and Cy" in err.reason


def test_the_second_player_may_take_the_last_free_way_into_a_small_city():
    """Limits on Entry into Small and Medium Cities: "No track may be built which would block a second player
    from a small city" -- Ben's track enters Nantes from 923 and 967; his third section, from 968 (3M), still
    leaves a way in from 877 for a second player, so it is built. Ann then takes that last way in (3M): she
    is the second player, and a third is owed none."""
    g = game()
    nantes = EUROPE.city("Nantes").center
    for frm in (923, 967):
        lay_track(g, 1, [frm, nantes])
    lay_track(g, 1, [1014, 968])
    lay_track(g, 0, [833, 877])
    g.state.current = 1
    g.apply(Build([968, nantes]))
    assert g.state.players[1].spent == 3
    g.state.current = 0
    g.apply(Build([877, nantes]))
    assert (ann(g).cash, ann(g).spent) == (47, 3)
    assert set(g.state.track.city_tracks(EUROPE, EUROPE.city("Nantes"))) == {0, 1}


def test_a_small_port_city_whose_ferry_has_two_players_is_full_so_its_last_land_way_in_may_be_taken():
    """Limits on Entry into Small and Medium Cities: "only two players may build into a small city", and a
    ferry into a port city connects its players "to both the ferry and the city" (Building Ferry Ports). Ann
    and Ben hold the Liverpool–Dublin ferry: Dublin has its two players. Ben's third section there, by land
    from 1724 (3M for the small city: the ferry into its port is his already), takes the last way in joined to
    the rest of the map (Cy's track closes in 1756, the only other one) -- it blocks nobody, for no third
    player is owed a way into Dublin."""
    g = game(players=("Ann", "Ben", "Cy"))
    dublin = EUROPE.city("Dublin").center
    for seat in (0, 1):
        g.state.track.add_crossing(seat, "Liverpool–Dublin")
    lay_track(g, 1, [1688, dublin])
    lay_track(g, 1, [1723, 1724])
    for x in (1724, 1755, 1783, 1784):
        lay_track(g, 2, [1756, x])
    g.state.current = 1
    g.apply(Build([1724, dublin]))
    assert g.state.players[1].spent == 3
    assert g.state.track.owner(1724, dublin) == 1


def test_a_ferry_bought_out_of_a_medium_city_at_another_port_is_one_track_at_that_city():
    """Limits on Entry into Small and Medium Cities: "No player may build more than three track sections to or
    from a medium or small city". Ann has two tracks into Manchester; her third, out of Manchester into the
    Liverpool port, buys the Liverpool–Dublin ferry (6M, Building Ferry Ports) -- it is one section from
    Manchester (the ferry ends at Liverpool and Dublin, not at Manchester), so it is allowed."""
    g = game()
    manchester = EUROPE.city("Manchester").center
    liverpool = EUROPE.crossing("Liverpool–Dublin").ports[0]
    for frm in (1691, 1692):
        lay_track(g, 0, [frm, manchester])
    g.apply(Build([manchester, liverpool]))
    assert g.state.track.crossing_owners("Liverpool–Dublin") == (0,)
    assert (ann(g).cash, ann(g).spent) == (44, 6)
    lay_track(g, 0, [1757, 1758])
    err = rejects(g, Build([1758, manchester]), R.CITY_LIMIT)     # a fourth section at Manchester: no
    assert "4 at Manchester" in err.reason


# --------------------------------------------------------------------------- Building the Chunnel; Fast Game
CALAIS = EUROPE.crossing("Chunnel").ports[1]


def test_fast_game_a_third_player_is_refused_the_chunnel_as_a_ferry_full_with_two():
    """Fast Game: "Ignore all special Chunnel rules. Treat the Chunnel as another ferry" -- so "Only two
    players may build to a single ferry" (Building Ferry Ports): with Ben and Cy on it, Ann's build into
    Folkestone is refused under the ferry rule, not told that only one player may build the Chunnel (as it
    was before this audit). The standard game's Chunnel stays one player's."""
    g = game("fast-game", players=("Ann", "Ben", "Cy"))
    for seat in (1, 2):
        g.state.track.add_crossing(seat, "Chunnel")
    err = rejects(g, Build([1404, EUROPE.crossing("Chunnel").ports[0]]), R.FERRY_BUILD)
    assert "Only 2 players may build to the Chunnel" in err.reason and "Ben and Cy" in err.reason
    std = game(players=("Ann", "Ben", "Cy"))
    std.state.track.add_crossing(1, "Chunnel")
    err = rejects(std, Build([1404, EUROPE.crossing("Chunnel").ports[0]]), R.CHUNNEL_BUILD)
    assert "Only one player may build the Chunnel" in err.reason


def test_fast_game_taking_the_last_way_out_of_calais_from_the_second_chunnel_player_is_the_ferry_rule():
    """Building Ferry Ports: "No one may build track that would prevent two players from building into and
    out of any ferry port" -- in the Fast Game the Chunnel is a ferry: Ann, its one player so far, builds two
    of the three segments out of Calais; the third would leave a second player no way out of the port."""
    g = game("fast-game")
    g.state.track.add_crossing(0, "Chunnel")
    g.apply(Build([CALAIS, 1319]))
    g.apply(Build([CALAIS, 1320]))
    err = rejects(g, Build([CALAIS, 1361]), R.FERRY_BUILD)
    assert "two players" in err.reason and "Chunnel" in err.reason


# --------------------------------------------------------------------------- Right to Enter Major Cities and Key Cities
def test_taking_the_last_free_way_into_paris_is_refused_when_it_shuts_another_player_out():
    """Right to Enter Major Cities and Key Cities: "No track may block any player from building at least one
    segment of track to each major city" -- Ben holds every segment out of Paris's corners but one; his
    building that one too, out of Paris, would leave Ann no way in, so it is refused. (The two mileposts beside
    both its ends are each joined to Paris by Ben's track, so no way around it is left open.)"""
    g = game()
    g.state.current = 1
    ring = set(EUROPE.city("Paris").mileposts)
    exits = sorted(seg_key(r, x) for r in ring for x in EUROPE.neighbors(r) if x not in ring)
    outside, corner = exits[0]                     # (1020, 1069): the outside milepost first
    assert outside not in ring and corner in ring
    for k in exits[1:]:
        g.state.track.segments[k] = 1
    err = rejects(g, Build([corner, outside]), R.MAJOR_ENTRY)
    assert "block Ann from building into and connecting every major and key city" in err.reason
    del g.state.track.segments[exits[-1]]          # with one other way in left open, Ben may build it
    g.apply(Build([corner, outside]))
    assert g.state.track.owner(corner, outside) == 1


BRITAIN_FERRIES = ("Newcastle–Esbjerg", "Portsmouth–Le Havre", "Plymouth–Cherbourg", "Ramsgate–Oostende")


def test_filling_the_last_open_crossing_to_britain_is_refused_when_a_player_could_no_longer_reach_london():
    """Right to Enter Major Cities and Key Cities: no track may block any player from "connecting all the
    major/key cities". London lies across the sea: Ben and Cy hold both places on four ferries to Britain, Cy
    the Chunnel and one place on Harwich–IJmuiden. Ben building out of Holland into IJmuiden (4M) would take
    its last place -- every crossing full, Ann could never join London to the rest, so it is refused. Had Ann
    a place on one of the ferries, Ben's build would block nobody."""
    def table(ann_has_a_ferry: bool):
        g = game(players=("Ann", "Ben", "Cy"))
        g.state.current = 1
        tr = g.state.track
        for nm in BRITAIN_FERRIES:
            tr.add_crossing(1, nm)
            tr.add_crossing(0 if ann_has_a_ferry and nm == "Newcastle–Esbjerg" else 2, nm)
        tr.add_crossing(2, "Chunnel")
        tr.add_crossing(2, "Harwich–IJmuiden")
        return g

    holland, ijmuiden = 1530, EUROPE.crossing("Harwich–IJmuiden").ports[1]
    g = table(ann_has_a_ferry=False)
    err = rejects(g, Build([holland, ijmuiden]), R.MAJOR_ENTRY)
    assert "block Ann" in err.reason
    g = table(ann_has_a_ferry=True)
    g.apply(Build([holland, ijmuiden]))
    assert set(g.state.track.crossing_owners("Harwich–IJmuiden")) == {1, 2}
    assert g.state.players[1].spent == 4


# --------------------------------------------------------------------------- Upgrading your Train; Cross Grading
def test_upgrading_in_the_operations_phase_ends_it_the_train_no_longer_moves_this_turn():
    """How to Play: "Build Phase: After all Operations phase actions are complete, you may spend up to 20
    million to build track or upgrade your train" -- an upgrade bought with the train in London opens the
    Build Phase: the train may not move on afterwards. Cross grading (Variants & Optional Rules > Cross
    Grading: "During your build phase") is the same."""
    for variants, train, to, cash in (((), eb.Train(9, 2), eb.Train(12, 2), 30),
                                      (("cross-grading",), eb.Train(9, 3), eb.Train(12, 2), 45)):
        g = game(*variants, phase="operations")
        place(g, 0, LONDON_N)
        lay_track(g, 0, [LONDON_N, 1485, 1446])
        ann(g).train = train
        g.apply(Upgrade(to))
        assert (ann(g).train, ann(g).cash, g.state.phase) == (to, cash, "build")
        err = rejects(g, Move([1485]), R.HOW_TO_PLAY)
        assert "Operations phase, which is over" in err.reason


def test_a_wrong_upgrade_is_told_the_trains_it_may_become():
    """Upgrading your Train (Standard Game): the 9-speed two-load train may flip to three loads or take the
    12 chip -- asked for the 12/3 at once, the refusal lists those two."""
    g = game()
    err = rejects(g, Upgrade(eb.Train(12, 3)), R.UPGRADE)
    assert "upgrade options: 9/3, 12/2" in err.reason


def test_cross_grading_swaps_speed_for_loads_and_never_lowers_both():
    """Variants & Optional Rules > Cross Grading: "You may lower the speed of your train and increase the load
    capacity of the train or vice versa, for 5 million" -- a 12/3 train may not become a 9/2 (lower speed and
    fewer loads): that is no cross grade and no upgrade."""
    g = game("cross-grading")
    ann(g).train = eb.Train(12, 3)
    err = rejects(g, Upgrade(eb.Train(9, 2)), R.UPGRADE)
    assert "cannot become 9/2" in err.reason


def test_cross_grading_costs_5m_paid_in_cash():
    """Variants & Optional Rules > Cross Grading: "for 5 million"; No Credit/No Loans -- with 4M Ann may not
    cross grade, with exactly 5M she may, and has nothing left."""
    g = game("cross-grading")
    ann(g).train, ann(g).cash = eb.Train(9, 3), 4
    err = rejects(g, Upgrade(eb.Train(12, 2)), R.NO_CREDIT)
    assert "5M" in err.reason and "4M" in err.reason
    ann(g).cash = 5
    g.apply(Upgrade(eb.Train(12, 2)))
    assert (ann(g).train, ann(g).cash, ann(g).spent) == (eb.Train(12, 2), 0, 5)
