"""Build Phase Rules, one legal and one illegal case each, on the mini board (tests/mini_board.py).

Every illegal case asserts the rulebook section in ``IllegalAction.rule`` and that the game's JSON is
exactly unchanged. Rulebook: ../shared/rules/empire_builder_europe_rulebook.txt, "Build Phase Rules".
"""

import numpy as np

import eb_core as eb
from support import rejects
from eb_core.actions import Build, EndTurn, Upgrade
from eb_core import rulebook as R
from eb_core.rules import Train
from mini_board import MINI as m, mini_board, mini_deck

BOARD = mini_board()


def new(players=("Ann", "Ben"), rules="europe-standard", seed=1, **changes):
    r = eb.ruleset(rules)
    if changes:
        r = r.with_(**changes)
    g = eb.Game.new(r, board=BOARD, players=list(players), seed=seed, deck=mini_deck())
    g.state.current = 0
    return g


def own(g, seat, *pairs):
    for a, b in pairs:
        g.state.track.add_segment(seat, a, b)


def line(*cells):
    """Track along neighbouring mileposts of the mini board (a segment joins two neighbours: Build Phase Rules)."""
    pairs = [(m(*a), m(*b)) for a, b in zip(cells, cells[1:])]
    assert all(b in BOARD.neighbors(a) for a, b in pairs), "track joins neighbouring mileposts only"
    return pairs


def spent(g, seat=0):
    return g.state.players[seat].spent


# --------------------------------------------------------------------------- Beginning Construction
def test_first_build_from_a_major_city_milepost():
    g = new()
    g.apply(Build([m(4, 4), m(5, 4)]))
    assert g.state.track.owner(m(4, 4), m(5, 4)) == 0
    assert g.state.players[0].cash == 49, g.state.log[-1]


def test_first_build_from_open_country_is_rejected():
    g = new()
    err = rejects(g, Build([m(6, 7), m(7, 7)]), R.BEGIN)
    assert "major city or key city" in err.reason


def test_later_builds_continue_from_own_network_but_not_from_elsewhere():
    g = new()
    own(g, 0, *line((4, 4), (5, 4)))
    g.apply(Build([m(5, 4), m(5, 5)]))
    rejects(g, Build([m(9, 1), m(10, 1)]), R.BEGIN)


# --------------------------------------------------------------------------- Right of Way / red areas
def test_right_of_way_opponent_segment_rejected():
    g = new()
    own(g, 1, *line((4, 4), (5, 4)))
    err = rejects(g, Build([m(4, 4), m(5, 4)]), R.RIGHT_OF_WAY)
    assert "Ben" in err.reason


def test_own_segments_on_the_path_cost_nothing():
    g = new()
    own(g, 0, *line((4, 4), (5, 4)))
    g.apply(Build([m(4, 4), m(5, 4), m(6, 4)]))
    assert g.state.players[0].cash == 49, g.state.log[-1]


def test_no_track_in_a_red_area():
    g = new()
    rejects(g, Build([m(3, 4), m(4, 4)]), R.MAJOR_ENTRY)


# --------------------------------------------------------------------------- Bridges
def test_bridge_over_river_adds_two_million():
    g = new()
    # (3,3)->(4,2) 1M, ->(5,2) 1M, ->(6,2) 1M + 2M bridge over the Rio = 5M
    g.apply(Build([m(3, 3), m(4, 2), m(5, 2), m(6, 2)]))
    assert spent(g) == 5, g.state.log[-1]
    assert "a bridge over the river Rio (2M)" in g.state.log[-1]


def test_mountain_and_alpine_costs():
    g = new()
    own(g, 0, *line((4, 4), (4, 5), (5, 5), (5, 6)))
    g.apply(Build([m(5, 6), m(6, 6), m(6, 7)]))   # two mountain mileposts: 2 + 2
    assert spent(g) == 4, g.state.log[-1]


# --------------------------------------------------------------------------- Limits on Building from Majors
def test_two_segments_out_of_majors_then_into_a_major_is_fine_but_a_third_out_is_not():
    g = new()
    g.apply(Build([m(4, 4), m(5, 4)]))             # out of Alpha (1)
    g.apply(Build([m(2, 4), m(1, 4)]))             # out of Alpha (2)
    err = rejects(g, Build([m(7, 4), m(6, 4)]), R.MAJOR_LIMIT)  # out of Beta (3): no
    assert "2 segments out of major/key cities this turn (both out of Alpha)" in err.reason and "Beta" in err.reason
    g.apply(Build([m(5, 4), m(6, 4), m(7, 4)]))    # into Beta: 1M + 5M, unlimited
    assert spent(g) == 1 + 1 + 6, g.state.log
    rejects(g, Build([m(7, 4), m(6, 5)]), R.MAJOR_LIMIT)  # still no third segment out of a major


def test_the_refusal_of_a_third_segment_out_of_majors_says_which_cities_the_two_came_out_of():
    """Limits on Building from Major Cities & Key Cities: "from any combination of major city and key city
    mileposts" -- one out of Alpha and one out of Beta count as two."""
    g = new()
    g.apply(Build([m(4, 4), m(5, 4)]))             # out of Alpha (1)
    g.apply(Build([m(7, 4), m(6, 5)]))             # out of Beta (2)
    err = rejects(g, Build([m(2, 4), m(1, 4)]), R.MAJOR_LIMIT)  # out of Alpha (3): no
    assert "this turn (1 out of Alpha and 1 out of Beta); at most 2 per turn. Build into Alpha now" in err.reason


def test_out_of_major_limit_resets_next_turn():
    g = new(players=("Ann",))
    g.apply(Build([m(4, 4), m(5, 4)]))
    g.apply(Build([m(2, 4), m(1, 4)]))
    g.apply(EndTurn())                             # second special turn (solo: same player again)
    g.apply(Build([m(7, 4), m(6, 4)]))
    assert g.state.players[0].built_out_of == ["Beta"]


# --------------------------------------------------------------------------- 20M limit and No Credit
def test_build_phase_spending_limit():
    g = new()
    g.state.players[0].spent = 19
    rejects(g, Build([m(4, 4), m(5, 4), m(6, 4)]), R.HOW_TO_PLAY)
    g.apply(Build([m(4, 4), m(5, 4)]))
    assert spent(g) == 20


def test_no_credit_no_loans():
    g = new()
    g.state.players[0].cash = 1
    err = rejects(g, Build([m(4, 4), m(5, 4), m(6, 4)]), R.NO_CREDIT)
    assert "2M" in err.reason and "1M" in err.reason
    g.apply(Build([m(4, 4), m(5, 4)]))
    assert g.state.players[0].cash == 0


# --------------------------------------------------------------------------- Ferries and the Chunnel
def test_building_into_a_ferry_port_buys_the_whole_ferry():
    g = new()
    own(g, 0, *line((4, 4), (4, 5), (5, 5), (6, 5), (7, 6), (8, 6), (9, 6), (10, 6), (10, 7)))
    g.apply(Build([m(10, 7), m(11, 7), m(15, 7), m(16, 7)]))  # 4M ferry, free hop, 1M beyond
    assert spent(g) == 5, g.state.log[-1]
    assert g.state.track.crossing_owners("Westport-Eastport") == (0,)
    g.apply(Build([m(16, 7), m(17, 7)]))
    assert m(15, 7) in g.network(0)


def test_third_player_cannot_build_a_ferry():
    g = new(players=("Ann", "Ben", "Cy"))
    g.state.track.add_crossing(1, "Westport-Eastport")
    g.state.track.add_crossing(2, "Westport-Eastport")
    own(g, 0, *line((4, 4), (4, 5), (5, 5), (6, 5), (7, 6), (8, 6), (9, 6), (10, 6), (10, 7)))
    err = rejects(g, Build([m(10, 7), m(11, 7)]), R.FERRY_BUILD)
    assert "Ben" in err.reason and "Cy" in err.reason


def test_crossing_a_ferry_you_do_not_own_is_not_building():
    g = new()
    own(g, 0, *line((4, 4), (4, 5), (5, 5), (6, 5), (7, 6), (8, 6), (9, 6), (10, 6), (10, 7), (11, 7)))
    rejects(g, Build([m(11, 7), m(15, 7)]), R.FERRY_BUILD)


def test_chunnel_costs_17_and_then_you_build_out_of_the_far_end():
    g = new()
    own(g, 0, *line((3, 3), (4, 2), (5, 2), (6, 2), (7, 2), (8, 2), (9, 2), (10, 2)))
    g.apply(Build([m(10, 2), m(11, 2), m(15, 2), m(16, 2)]))
    assert spent(g) == 18, g.state.log[-1]
    assert g.state.track.crossing_owners("Chunnel") == (0,)


def test_only_one_player_may_build_the_chunnel():
    g = new()
    g.state.track.add_crossing(1, "Chunnel")
    own(g, 0, *line((3, 3), (4, 2), (5, 2), (6, 2), (7, 2), (8, 2), (9, 2), (10, 2)))
    err = rejects(g, Build([m(10, 2), m(11, 2)]), R.CHUNNEL_BUILD)
    assert "Ben" in err.reason


# --------------------------------------------------------------------------- Small and medium cities
SMALL = (5, 8)


def _into_small(g, seat, frm):
    own(g, seat, (m(*frm), m(*SMALL)))


def test_two_players_may_enter_a_small_city_a_third_may_not():
    g = new(players=("Ann", "Ben", "Cy"))
    _into_small(g, 1, (4, 8))
    own(g, 0, *line((4, 4), (4, 5), (4, 6), (4, 7)))
    g.apply(Build([m(4, 7), m(5, 8)]))              # Ann is the second player: fine
    g.state.current = 2
    own(g, 2, *line((7, 5), (7, 6), (6, 7), (6, 8)))
    err = rejects(g, Build([m(6, 8), m(5, 8)]), R.CITY_LIMIT)
    assert "Smallton" in err.reason and "2 players" in err.reason


def test_at_most_three_tracks_per_player_into_a_small_city():
    g = new()
    for frm in ((4, 8), (4, 7), (5, 7)):
        _into_small(g, 0, frm)
    own(g, 0, *line((7, 5), (7, 6), (6, 7), (6, 8)))
    err = rejects(g, Build([m(6, 8), m(5, 8)]), R.CITY_LIMIT)
    assert "more than 3" in err.reason


def test_medium_city_takes_three_players_not_four():
    g = new(players=("Ann", "Ben", "Cy", "Dee"))
    mid = (9, 8)
    own(g, 1, (m(8, 8), m(*mid)))
    own(g, 2, (m(10, 8), m(*mid)))
    own(g, 0, *line((8, 5), (8, 6), (8, 7)))
    g.apply(Build([m(8, 7), m(*mid)]))              # third player: fine (3M)
    assert spent(g) == 3, g.state.log[-1]
    g.state.current = 3
    own(g, 3, *line((9, 5), (9, 6), (9, 7)))
    rejects(g, Build([m(9, 7), m(*mid)]), R.CITY_LIMIT)


# --------------------------------------------------------------------------- no-blocking rules
def _gamma_exits():
    b = BOARD
    ring = set(b.city("Gamma").mileposts)
    return sorted({(r, x) for r in ring for x in b.neighbors(r) if x not in ring})


def test_cannot_shut_another_player_out_of_a_major_city():
    g = new()
    exits = _gamma_exits()
    g.state.current = 1
    for r, x in exits[:-1]:
        g.state.track.add_segment(1, r, x)
    r, x = exits[-1]
    err = rejects(g, Build([r, x]), R.MAJOR_ENTRY)
    assert "Ann" in err.reason
    # the fast path trusts the caller on the whole-board rules
    g2 = eb.Game.from_json(g.to_json())
    g2.apply_unchecked(Build([r, x]))
    assert g2.state.track.owner(r, x) == 1


def test_taking_the_last_free_entry_yourself_blocks_nobody():
    g = new()
    exits = _gamma_exits()
    for r, x in exits[:-1]:
        g.state.track.add_segment(1, r, x)
    r, x = exits[-1]
    g.apply(Build([r, x]))                          # Ann: now both players have their own way in
    assert g.state.track.owner(r, x) == 0


def _ring_sorted(col, row):
    import math
    b = BOARD
    c = m(col, row)
    cx, cy = b.mileposts[c].x, b.mileposts[c].y
    return sorted(b.neighbors(c), key=lambda n: math.atan2(b.mileposts[n].y - cy, b.mileposts[n].x - cx))


def test_cannot_block_the_second_player_from_a_small_city():
    g = new()
    ring = _ring_sorted(*SMALL)
    s = m(*SMALL)
    for n in ring[:3]:
        g.state.track.add_segment(1, n, s)          # Ben: 3 tracks into Smallton
    rest = ring[3:]
    outside = sorted({(n, x) for n in rest for x in BOARD.neighbors(n) if x != s and x not in rest})
    g.state.current = 1
    for n, x in outside[:-1]:
        g.state.track.add_segment(1, n, x)
    n, x = outside[-1]
    err = rejects(g, Build([n, x]), R.CITY_LIMIT)
    assert "second player" in err.reason and "Smallton" in err.reason


# --------------------------------------------------------------------------- Upgrading your Train
def test_upgrade_costs_twenty_and_is_the_whole_build():
    g = new()
    g.apply(Upgrade(Train(12, 2)))
    p = g.state.players[0]
    assert (p.train, p.cash) == (Train(12, 2), 30)
    rejects(g, Build([m(4, 4), m(5, 4)]), R.UPGRADE)


def test_upgrade_after_building_or_to_a_wrong_train_is_rejected():
    g = new()
    rejects(g, Upgrade("12/3"), R.UPGRADE)          # 9/2 cannot jump to 12/3
    g.apply(Build([m(4, 4), m(5, 4)]))
    rejects(g, Upgrade("9/3"), R.UPGRADE)


def test_basic_game_upgrades_from_12_2():
    g = new(rules="europe-basic")
    g.apply(Upgrade("16/2"))
    assert g.state.players[0].train == Train(16, 2)


def test_cross_grading_variant():
    g = new()
    g = eb.Game.new(eb.ruleset("europe-standard", "cross-grading"), board=BOARD, players=["Ann"], seed=1,
                    deck=mini_deck())
    g.state.players[0].train = Train(9, 3)
    g.apply(Upgrade("12/2"))
    assert (g.state.players[0].train, g.state.players[0].cash, spent(g)) == (Train(12, 2), 45, 5)
    g.apply(Build([m(4, 4), m(5, 4)]))              # still up to 15M of track
    rejects(g, Upgrade("9/3"), R.CROSS_GRADE)


def test_cannot_take_the_last_free_way_into_a_ferry_port_from_the_second_player():
    g = new()
    g.state.current = 1
    g.state.track.add_crossing(1, "Westport-Eastport")
    own(g, 1, *line((10, 7), (11, 7), (11, 6)))
    err = rejects(g, Build([m(11, 7), m(11, 8)]), R.FERRY_BUILD)
    assert "two players" in err.reason
    g.apply(Build([m(11, 6), m(10, 6)]))            # elsewhere is fine


# --------------------------------------------------------------------------- helpers for bots
def test_buildable_segments_respect_budget_ownership_and_major_limit():
    g = new()
    segs = g.buildable_segments()
    assert segs and all(g.board.city_at(a) is not None or a in g.network(0) for a, b, c in segs)
    assert all(c <= 20 for a, b, c in segs)
    assert not any(g.board.is_red_area(a, b) for a, b, c in segs)
    a, b, c = next(s for s in segs if s[2] == 1)
    g.apply(Build([a, b]))
    g.apply(Build(next((x, y) for x, y, _ in g.buildable_segments() if g.board.city_at(x) is not None)))
    # two segments out of majors built: only segments from the network remain
    assert all(g.board.city_at(x) is None or not g.board.city_at(x).has_red_area for x, y, _ in g.buildable_segments())
    g.state.players[0].cash = 0
    assert g.buildable_segments() == []


def test_the_no_blocking_check_recounts_only_when_a_new_segment_could_split_the_board():
    """No blocking (Limits on Entry; major cities): the check compares who can still reach what before
    and after a build. After a build whose every new segment keeps a two-segment detour nothing can be
    split, so the summary reuses the components of the track before -- and answers exactly as a full
    recount. Gamma's last exit has no such detour: it is recounted, and refused when Ben holds the rest."""
    from eb_core.engine import build as B
    g = new()
    exits = _gamma_exits()
    for r, x in exits[:-1]:
        g.state.track.add_segment(1, r, x)
    before = B._summary(g, g.state.track)
    open_ground = [(m(4, 4), m(5, 4))]
    after = g.state.track.copy()
    after.segments[open_ground[0]] = 0
    free = np.ones(len(g.index.build_keys), dtype=bool)
    free[[g.index.key_index[k] for k in after.segments if k in g.index.key_index]] = False
    assert B._bypassed(g.index, free, open_ground)
    quick, full = B._access_summary(g, after, (before, open_ground)), B._access_summary(g, after)
    assert quick[3] is before[3] and quick[:3] == full[:3]
    r, x = exits[-1]
    last = g.state.track.copy()
    last.segments[(min(r, x), max(r, x))] = 0
    free = np.ones(len(g.index.build_keys), dtype=bool)
    free[[g.index.key_index[k] for k in last.segments if k in g.index.key_index]] = False
    assert not B._bypassed(g.index, free, [(r, x)])
    g.state.current = 1
    rejects(g, Build([r, x]), R.MAJOR_ENTRY)


# --------------------------------------------------------------------------- found by mutation testing
def test_right_of_way_a_path_may_not_draw_the_same_segment_twice():
    """Right of Way: "Only one section of track may be built between any two mileposts" -- also within
    one build: a path that goes out and straight back would draw the segment twice (and pay twice)."""
    g = new()
    err = rejects(g, Build([m(4, 4), m(5, 4), m(4, 4)]), R.RIGHT_OF_WAY)
    assert "twice" in err.reason
    assert g.state.track.owner(m(4, 4), m(5, 4)) is None


EASTPORT = (15, 7)         # a small city that is also the Westport-Eastport ferry's port


def test_a_ferry_you_own_is_one_of_your_three_tracks_at_its_small_port_city():
    """Limits on Entry into Small and Medium Cities: "No player may build more than three track sections to
    or from a medium or small city". A ferry whose port is the city connects its owner to the city
    (Building Ferry Ports: "you pay only the cost of the ferry line to connect to both the ferry and the
    city"): Ann owns the Westport-Eastport ferry and two land tracks into Eastport, so a third land track
    would be her fourth."""
    g = new()
    g.state.track.add_crossing(0, "Westport-Eastport")
    for frm in ((15, 6), (15, 8)):
        own(g, 0, (m(*frm), m(*EASTPORT)))
    own(g, 0, *line((17, 7), (16, 7)))
    err = rejects(g, Build([m(16, 7), m(*EASTPORT)]), R.CITY_LIMIT)
    assert "more than 3" in err.reason and "4 at Eastport" in err.reason
    g.state.track.remove_segment(m(15, 8), m(*EASTPORT))
    g.apply(Build([m(16, 7), m(*EASTPORT)]))        # the ferry and two land tracks: three
    assert spent(g) == 3, g.state.log[-1]


def test_a_ferry_bought_into_a_small_port_city_is_one_of_your_three_tracks_there():
    """Limits on Entry into Small and Medium Cities: "No player may build more than three track sections to
    or from a medium or small city". Ann already has three tracks into Eastport; buying the
    Westport-Eastport ferry (by building into Westport) would connect her to Eastport a fourth time."""
    g = new()
    for frm in ((16, 7), (15, 6), (15, 8)):
        own(g, 0, (m(*frm), m(*EASTPORT)))
    own(g, 0, *line((4, 4), (5, 4), (6, 4), (6, 5), (7, 6), (8, 6), (9, 6), (10, 6), (10, 7)))
    err = rejects(g, Build([m(10, 7), m(11, 7)]), R.CITY_LIMIT)
    assert "more than 3" in err.reason and "Eastport" in err.reason
    g.state.track.remove_segment(m(15, 8), m(*EASTPORT))          # with two tracks there, the ferry is the third
    g.apply(Build([m(10, 7), m(11, 7)]))
    assert g.state.track.crossing_owners("Westport-Eastport") == (0,)


def test_exactly_20m_in_cash_pays_for_an_upgrade_and_it_is_offered():
    """Upgrading your Train: "By spending 20 million, you may ... upgrade" -- with exactly 20M in cash the
    upgrades are among the legal actions and can be bought (No Credit: paid in full, nothing left)."""
    g = new()
    g.state.players[0].cash = 20
    offered = {a.to for a in g.legal_actions() if isinstance(a, Upgrade)}
    assert offered == {Train(9, 3), Train(12, 2)}
    g.apply(Upgrade(Train(9, 3)))
    assert (g.state.players[0].train, g.state.players[0].cash) == (Train(9, 3), 0)
    g2 = new()
    g2.state.players[0].cash = 19
    assert not any(isinstance(a, Upgrade) for a in g2.legal_actions())
    rejects(g2, Upgrade(Train(9, 3)), R.NO_CREDIT)


def test_a_key_city_counts_towards_the_two_segments_out_of_majors_a_turn():
    """Limits on Building from Major Cities & Key Cities: "you may not build more than two track segments
    from any combination of major city and key city mileposts" -- on a twin of the mini board where Beta is
    a key city, two segments out of Alpha leave none out of Beta; building into Beta stays unlimited."""
    doc = m.board_dict()
    for c in doc["cities"]:
        if c["name"] == "Beta":
            c["size"] = "key"
    g = eb.Game.new(eb.ruleset("europe-standard"), board=eb.Board.from_dict(doc), players=["Ann", "Ben"], seed=1,
                    deck=mini_deck())
    g.state.current = 0
    g.apply(Build([m(4, 4), m(5, 4)]))             # out of Alpha (1)
    g.apply(Build([m(2, 4), m(1, 4)]))             # out of Alpha (2)
    err = rejects(g, Build([m(7, 4), m(6, 5)]), R.MAJOR_LIMIT)   # out of key city Beta (3): no
    assert "Beta" in err.reason
    g.apply(Build([m(5, 4), m(6, 4), m(7, 4)]))    # into Beta: 1M + 3M (a key city)
    assert spent(g) == 1 + 1 + 4, g.state.log[-1]


def test_first_track_may_not_start_in_a_small_or_medium_city():
    """Beginning Construction: "You may build track from any major city or key city milepost or from any
    milepost to which you have already built track" -- a small city (Smallton) or a medium city (Midville)
    is not a place to start."""
    g = new()
    for city, nxt in ((SMALL, (4, 8)), ((9, 8), (8, 8))):
        err = rejects(g, Build([m(*city), m(*nxt)]), R.BEGIN)
        assert "major city or key city" in err.reason
