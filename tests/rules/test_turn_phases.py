"""Turn phases, rule citations and the engine's shared checks (``eb_core/engine/common.py``), pinned where a
mutation audit found the rest of the suite silent (rulebook: How to Play; Starting the Game > Starting Your
Train; Build Phase Rules > Right to Enter Major Cities and Key Cities and > Limits on Entry into Small and Medium
Cities; Operations Phase Rules > Movement Using a Ferry and > Movement Using the Chunnel; Variants & Optional
Rules > Less Thinking During Your Turns and > Run Two Trains; Empire Express > Build Track).

Each test is a moment at the table: which milepost is in a city's red area, which steps a train may take off a
ferry or through the Chunnel, why a heavy black line is no way in for the other player, which section a refusal cites when the Building Phase comes first, and how a bad
milepost, load or train number is refused -- a typed error naming the field, the game unchanged.
"""
import pytest
from mini_board import MINI as m
from mini_board import mini_board, mini_deck
from support import EUROPE, ann, game_with, ops_game, place, rejects

import eb_core as eb
from eb_core import rulebook as R
from eb_core.actions import Build, PickUp, PlaceTrain

MINI = mini_board()
PARIS = EUROPE.city("Paris")
#: A Paris milepost on the edge of its red area and a clear milepost outside it, beside it.
PARIS_EDGE, OUTSIDE_PARIS = next((mp, b) for mp in PARIS.mileposts for b in EUROPE.neighbors(mp)
                                 if EUROPE.city_at(b) is None)


def _mini_ops(at):
    """A mini-board game in round 1, Ann (seat 0) to play her operations phase, her train at ``at``."""
    g = eb.Game.new(eb.ruleset("europe-standard"), board=MINI, players=["Ann", "Ben"], seed=1, deck=mini_deck())
    st = g.state
    st.special_round, st.round, st.phase, st.current, st.first_player = 0, 1, "operations", 0, 0
    for p in st.players:
        while len(p.hand) > 3:
            st.discard_pile.append(p.hand.pop())
    st.players[0].position = m(*at)
    return g


def test_a_major_city_red_area_is_its_seven_mileposts_and_no_segment_is_built_inside_it():
    """Right to Enter Major Cities and Key Cities: "No track may be built in the red area of a city" -- Paris's
    centre is in its red area, a clear milepost outside it is not, and no segment Ann may build joins two
    red-area mileposts of the same city."""
    g = ops_game()
    assert all(g.is_red_area(mp) for mp in PARIS.mileposts) and not g.is_red_area(OUTSIDE_PARIS)
    g.state.phase = "build"
    place(g, 0, PARIS.center)
    segs = g.buildable_segments()
    assert segs and not any(EUROPE.is_red_area(a, b) for a, b, _ in segs)


def test_a_staged_train_at_the_far_port_may_cross_back_over_the_ferry():
    """Movement Using a Ferry: the first step of a staged train is "onto the ferry port on either side of the
    water" -- from Eastport the ferry leads back to Westport."""
    g = _mini_ops((15, 7))
    g.state.track.add_crossing(0, "Westport-Eastport")
    ann(g).staged = True
    assert m(11, 7) in g.movable_steps()


@pytest.mark.parametrize("at, first", [((11, 2), 0), ((15, 2), -1)])
def test_the_chunnel_is_entered_from_either_side_through_its_own_mileposts(at, first):
    """Movement Using the Chunnel: "All three Chunnel mileposts are counted for normal movement" -- from
    either port the train's next step is the Chunnel milepost beside it, not the far port."""
    g = _mini_ops(at)
    g.state.track.add_crossing(0, "Chunnel")
    inner = MINI.crossing("Chunnel").mileposts
    steps = g.movable_steps()
    assert inner[first] in steps and MINI.crossing("Chunnel").other_port(m(*at)) not in steps


def test_with_the_building_phase_first_a_second_build_cites_less_thinking_during_your_turns():
    """Less Thinking During Your Turns: "do the Building Phase first and the Operations Phase last" -- a
    ruleset that only reverses the turn order (drawing on delivery as usual) refuses building again after the
    operations have begun, citing that section, not How to Play."""
    rules = eb.ruleset("europe-standard").with_(turn_order="build-first")
    g = eb.Game.new(rules, board=EUROPE, players=["Ann", "Ben"], seed=3)
    st = g.state
    st.special_round, st.round, st.phase, st.current, st.first_player = 0, 1, "operations", 0, 0
    for p in st.players:
        del p.hand[3:]
    place(g, 0, PARIS.center)
    err = rejects(g, Build([PARIS_EDGE, OUTSIDE_PARIS]), R.LESS_THINKING)
    assert "Building Phase comes first" in err.reason


# --------------------------------------------------------------------------- bad input
def test_a_milepost_past_the_last_is_refused_naming_the_field_and_the_board_ids():
    """Starting Your Train: "place your train (pawn) in any city" -- milepost 2093 is not on the Europe board
    (ids 0..2092); milepost 2092 is (refused by the rule, not as bad input)."""
    g = ops_game()
    n = len(EUROPE.mileposts)
    before = g.to_json()
    with pytest.raises(eb.InvalidAction) as ei:
        g.apply(PlaceTrain(n))
    assert ei.value.field == "PlaceTrain.where" and f"(ids 0..{n - 1})" in str(ei.value)
    assert g.to_json() == before
    assert EUROPE.city_at(n - 1) is None
    assert "not in a city" in rejects(g, PlaceTrain(n - 1), R.START_TRAIN).reason


def test_a_load_the_board_does_not_have_is_refused_naming_the_load():
    """Picking Up Loads: a load is one of the board's load chips -- "Unobtainium" is refused as bad input on
    ``load``, the game unchanged."""
    g = ops_game()
    place(g, 0, PARIS.center)
    before = g.to_json()
    with pytest.raises(eb.InvalidAction) as ei:
        g.apply(PickUp("Unobtainium"))
    assert ei.value.field == "load" and g.to_json() == before


@pytest.mark.parametrize("train", [3, 0, True])
def test_a_train_number_other_than_1_or_2_is_refused(train):
    """Run Two Trains: "Each player starts with two trains" -- train 1 or 2; 3, 0 or ``True`` is refused on
    ``train``, whichever trains the player has, and the game is unchanged."""
    for g in (game_with("run-two-trains"), ops_game()):
        before = g.to_json()
        with pytest.raises(eb.InvalidAction) as ei, g.train_view(train):
            pass
        assert ei.value.field == "train" and g.to_json() == before


def test_a_train_rides_the_chunnel_milepost_by_milepost_in_both_directions():
    """Movement Using the Chunnel: "All three Chunnel mileposts are counted for normal movement" -- along the
    tunnel, port, its three mileposts, port, each milepost leads on to the next and back to the one before."""
    g = _mini_ops((11, 2))
    g.state.track.add_crossing(0, "Chunnel")
    cr = MINI.crossing("Chunnel")
    seq = [cr.ports[0], *cr.mileposts, cr.ports[1]]
    for before, mp, after in zip(seq, seq[1:], seq[2:]):
        assert {before, after} <= set(g.track_neighbors(mp)), g.board.place(mp)
    assert seq[1] in g.track_neighbors(seq[0]) and seq[-2] in g.track_neighbors(seq[-1])


def test_a_heavy_black_line_is_no_way_into_a_small_city_for_a_second_player():
    """Limits on Entry into Small and Medium Cities: "No track may be built which would block a second player
    from a small city"; Empire Express > Build Track: "You cannot cross any heavy black lines". On a mini board
    whose Smallton is walled by heavy black lines but for two approaches, Ann may build in by one, not by
    both: the walled sides are no way in for Ben."""
    board_dict = m.board_dict()
    smallton, ways_in = m(5, 8), {m(4, 8), m(6, 8)}
    for e in board_dict["edges"]:
        if smallton in (e["a"], e["b"]) and not ways_in & {e["a"], e["b"]}:
            e["impassable"] = True
    board = eb.Board.from_dict(board_dict)
    g = eb.Game.new(eb.ruleset("europe-standard"), board=board, players=["Ann", "Ben"], seed=1, deck=mini_deck())
    g.state.current = 0
    g.state.track.add_segment(0, m(4, 7), m(4, 8))
    g.state.track.add_segment(0, m(6, 7), m(6, 8))
    g.apply(Build([m(4, 8), smallton]))
    err = rejects(g, Build([m(6, 8), smallton]), R.CITY_LIMIT)
    assert "Smallton" in err.reason


def test_a_heavy_black_line_is_no_way_between_major_cities_for_the_other_player():
    """Right to Enter Major Cities and Key Cities: "No track may block any player from ... connecting all the
    major/key cities"; Empire Express > Build Track: "You cannot cross any heavy black lines". On a mini board
    cut in two by a heavy black line but for its top row, Ann may not take the last way across: the line is no
    way from Alpha to Beta for Ben."""
    board_dict = m.board_dict()
    col = {mp: c for (c, _), mp in m.ids.items()}
    row = {mp: r for (_, r), mp in m.ids.items()}
    ways = []
    for e in board_dict["edges"]:
        a, b = e["a"], e["b"]
        if a in col and b in col and min(col[a], col[b]) <= 5 < max(col[a], col[b]):
            if min(row[a], row[b]) == 0:
                ways.append((a, b) if col[a] <= 5 else (b, a))
            else:
                e["impassable"] = True
    board = eb.Board.from_dict(board_dict)
    assert len(ways) >= 2
    g = eb.Game.new(eb.ruleset("europe-standard"), board=board, players=["Ann", "Ben"], seed=1, deck=mini_deck())
    g.state.current = 0
    for a, b in ways[:-1]:
        g.state.track.add_segment(0, a, b)
    west, east = ways[-1]
    g.state.track.add_segment(0, next(x for x in board.neighbors(west) if col[x] <= 5), west)
    err = rejects(g, Build([west, east]), R.MAJOR_ENTRY)
    assert "Ben" in err.reason
