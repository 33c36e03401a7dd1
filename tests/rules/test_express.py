"""Empire Express as a ruleset of the same engine: every difference from Empire Builder: Europe, each
with an accepted and a refused action, the demo setup, the Introductory Strategies' payouts reproduced by
playing them, and a JSON round trip.

Rulebook: shared/rules/empire_express_rulebook.txt (sections cited as ``eb_core.rulebook.EXPRESS_*``).
"""
import itertools

import pytest

import eb_core as eb
from eb_core import rulebook as R
from eb_core.actions import (Build, Deliver, Discard, DiscardHand, Drop, EndBuild, EndTurn, Move, PickUp)
from eb_core.bots.introductory import ALTERNATIVES, STRATEGIES, play_strategies
from eb_core.track import seg_key
from support import rejects

EXPRESS = eb.ruleset("express")
EUROPE_RULES = eb.ruleset("europe-standard")
BOARD = eb.load_board("eastern_us")
COLOURS = ["Orange", "Red", "Blue", "Green"]


def demo(players=COLOURS, seed=1) -> eb.Game:
    return eb.Game.new(EXPRESS, board="eastern_us", setup="demo", players=list(players), seed=seed)


def city(name):
    return BOARD.city(name)


def give(g, seat, path):
    """Lay ``seat``'s track along ``path`` (outside red areas)."""
    for a, b in itertools.pairwise(path):
        if not BOARD.is_red_area(a, b):
            g.state.track.segments[seg_key(a, b)] = seat


def fresh_spot(g, *, want, avoid_cities=True):
    """``(a, b)``: an edge satisfying ``want(edge)`` whose ends are free of track and cities, far from every
    starting track."""
    used = {m for k in g.state.track.segments for m in k}
    for e in BOARD.edges:
        if e.a in used or e.b in used:
            continue
        if avoid_cities and (BOARD.city_at(e.a) or BOARD.city_at(e.b)):
            continue
        if want(e):
            return e.a, e.b
    raise AssertionError("no such edge")


def stub(g, seat, a):
    """Give ``seat`` one segment ending at ``a`` (from a neighbour with no track and no city)."""
    used = {m for k in g.state.track.segments for m in k}
    c = next(n for n in BOARD.neighbors(a) if n not in used and BOARD.city_at(n) is None)
    give(g, seat, [c, a])
    return c


# ------------------------------------------------------------------------------------------ the ruleset
def test_express_ruleset_numbers_are_the_rulebooks():
    r = EXPRESS
    assert (r.game, r.board, r.deck) == ("express", "eastern_us", "eastern_us")
    assert r.start_train == eb.Train(12, 2) and r.upgrade_options(r.start_train) == ()
    assert (r.start_cash, r.build_limit, r.rent, r.victory_cash, r.victory_majors) == (0, 20, 4, 150, 0)
    assert dict(r.terrain_cost) == {"clear": 1, "mountain": 2}
    assert set(r.city_cost.values()) == {3} and r.water_cost["river"] == 1
    assert dict(r.city_max_players) == {}
    assert (r.turn_order, r.draw_on_delivery, r.end_of_turn_discards, r.discard_hand) == \
        ("build-first", False, 1, False)
    assert (r.build_from_majors, r.events, r.special_build_turns, r.hand_size) == (False, False, 0, 3)
    assert (r.victory_on_own_turn, r.winner_among_all, r.tie_shares_win) == (True, True, True)
    assert eb.Ruleset.from_dict(r.to_dict()) == r
    # Europe unchanged by the new fields
    e = EUROPE_RULES
    assert (e.turn_order, e.draw_on_delivery, e.end_of_turn_discards, e.build_from_majors, e.setup) == \
        ("operations-first", True, 0, True, "standard")
    assert all(v.startswith("Empire Express") for k, v in R.SECTIONS.items() if k.startswith("EXPRESS"))


def test_every_express_section_cited_is_a_heading_of_its_rulebook():
    """The Empire Express sections the engine cites (errors, docs) are headings of that rulebook."""
    from pathlib import Path
    text = Path(__file__).resolve().parents[3] / "shared" / "rules" / "empire_express_rulebook.txt"
    if not text.exists():
        pytest.skip("the rulebooks are not next to the repository (../shared/rules)")
    lines = {ln.strip() for ln in text.read_text(encoding="utf-8").splitlines()}
    cited = {k: v for k, v in R.SECTIONS.items() if k.startswith("EXPRESS_")}
    assert len(cited) >= 8
    for name, section in cited.items():
        for part in section.split(" > ")[1:]:
            assert part in lines, (name, part)


# ------------------------------------------------------------------------------------------- demo setup
def test_demo_setup_gives_each_colour_its_cards_city_loads_and_track():
    g = demo()
    st = g.state
    want = {"Orange": (["1", "2", "3"], "Pittsburgh", ["Steel", "Steel"]),
            "Red": (["4", "5", "6"], "Charleston", ["Coal", "Coal"]),
            "Blue": (["7", "8", "9"], "Knoxville", ["Marble", "Marble"]),
            "Green": (["10", "11", "12"], "Akron", ["Tires", "Tires"])}
    for seat, p in enumerate(st.players):
        cards, where, loads = want[p.name]
        assert [g.deck.card(c).label for c in p.hand] == cards
        assert BOARD.city_at(p.position).name == where and p.loads == loads
        assert p.cash == 0 and p.train == eb.Train(12, 2)
        assert sorted(st.track.segments_of(seat)) == sorted(BOARD.starting_track[p.name.lower()])
    # the rest of the demand cards, no event cards, is the draw deck; Steel chips left: 3 - 2
    dealt = {c for p in st.players for c in p.hand}
    assert sorted(st.draw_pile) == sorted(c.id for c in g.deck.demand_cards if c.id not in dealt)
    assert not any(g.deck.is_event(c) for c in st.draw_pile)
    assert st.bank["Steel"] == BOARD.loads["Steel"] - 2
    # the youngest -- the first listed -- goes first, building first
    assert (g.current_player, g.phase, st.round, st.special_round) == (0, "build", 1, 0)


def test_demo_setup_two_players_and_a_seeded_deck():
    g = demo(["Green", "Blue"], seed=5)
    assert [p.name for p in g.state.players] == ["Green", "Blue"]
    assert not g.state.track.segments_of(2) and len(g.state.draw_pile) == 100 - 6
    assert demo(["Green", "Blue"], seed=5).to_json() == g.to_json() != demo(["Green", "Blue"], seed=6).to_json()
    # unused symbols may be built by other players later: nobody owns them
    orange = set(BOARD.starting_track["orange"])
    assert not orange & set(g.state.track.segments)


@pytest.mark.parametrize("players", [["Orange"], COLOURS + ["Orange"], ["Orange", "Black"], ["Red", "red"]])
def test_demo_setup_refuses_bad_players(players):
    with pytest.raises(eb.InvalidAction):
        demo(players)


# ------------------------------------------------------------------------------------------ turn order
def test_build_then_move_and_never_build_after_moving():
    g = demo()
    g.state.players[0].cash = 20
    a, b, cost = min(g.buildable_segments(), key=lambda t: t[2])
    g.apply(Build((a, b)))                       # build first ...
    assert g.player(0).cash == 20 - cost
    step = g.movable_steps()[0]
    g.apply(Move([step]))                        # ... then move
    assert g.phase == "operations"
    a, b, _ = min(g.buildable_segments(), key=lambda t: t[2]) if g.buildable_segments() else (a, b, 0)
    err = rejects(g, Build((a, b)), R.EXPRESS_TURN)
    assert "comes first" in err.reason


def test_no_draw_on_delivery_but_at_the_end_of_the_turn():
    g = demo()
    red = g.state.players[1]
    g.apply(EndTurn())                           # Orange passes
    red.position = city("Chicago").center
    g.apply(Deliver("Coal", red.hand[0]))        # card 4: Chicago coal 25
    assert (red.cash, len(red.hand)) == (25, 2)
    top = g.state.draw_pile[-1]
    g.apply(EndTurn())
    assert len(red.hand) == 3 and top in red.hand


def test_free_discard_after_moving_then_draw_and_never_before():
    g = demo()
    orange = g.player(0)
    card = orange.hand[2]
    rejects(g, Discard(card), R.EXPRESS_DISCARD)        # still building: the discard ends the turn
    g.apply(Move([g.movable_steps()[0]]))
    top = g.state.draw_pile[-1]
    g.apply(Discard(card))
    assert g.current_player == 1 and card not in orange.hand and top in orange.hand and len(orange.hand) == 3
    rejects(g, DiscardHand(), R.EXPRESS_TURN)           # no whole-hand discard in Empire Express


# ------------------------------------------------------------------------------------------ demand cards
def test_only_one_of_the_two_deliveries_on_a_card():
    g = demo(["Red", "Blue"])
    red = g.player(0)
    card6 = red.hand[2]
    assert [d.city for d in g.deck.card(card6).demands] == ["Chicago", "Charleston"]
    red.position = city("Chicago").center
    g.state.bank["Tires"] -= 1
    g.state.bank["Passengers"] -= 1
    red.loads = ["Tires", "Passengers"]
    g.apply(Deliver("Tires", card6))                     # Chicago tires, 21
    assert red.cash == 21 and card6 not in red.hand
    g.apply(EndTurn())
    g.apply(EndTurn())
    red.position = city("Charleston").center
    err = rejects(g, Deliver("Passengers", card6), R.EXPRESS_CARDS)   # the card's other delivery is gone
    assert "discarded" in err.reason


# ------------------------------------------------------------------------------------------ building
def _builder(cash=20):
    g = demo(["Orange", "Red"])
    g.state.players[0].cash = cash
    return g


def test_any_city_costs_3m_to_connect_even_a_major_city():
    g = _builder()
    for name in ("New York", "Albany"):
        c = city(name)
        m = c.mileposts[-1]
        a = next(n for n in BOARD.neighbors(m) if BOARD.city_at(n) is None
                 and seg_key(n, m) not in g.state.track.segments and not BOARD.edge(n, m).rivers
                 and not BOARD.edge(n, m).lake)
        give(g, 0, [stub(g, 0, a), a]) if a not in g.network(0) else None
        plan = g.plan_build([a, m])
        assert plan.cost == 3, (name, plan.notes)
    europe = eb.costs.segment_cost(BOARD, EUROPE_RULES, a, m)
    assert europe.total >= 3


def test_rivers_cost_1m_more():
    g = _builder()
    a, b = fresh_spot(g, want=lambda e: e.rivers and not e.lake and not e.impassable)
    stub(g, 0, a)
    terrain = EXPRESS.terrain_cost[BOARD.mileposts[b].terrain.value]
    before = g.player(0).cash
    g.apply(Build((a, b)))
    assert before - g.player(0).cash == terrain + 1
    assert eb.costs.segment_cost(BOARD, EUROPE_RULES, a, b).water == 2


def test_a_segment_over_two_rivers_pays_for_each_river():
    """Build Track: "Add $1 million to the above for each river that you cross" -- the Ohio and the Kanawha
    meet near Charleston, and a segment over both pays 2M of bridges; Europe's rulebook (Bridges over Rivers,
    Lakes and Ocean Inlets) pays "only the additional cost of the most expensive bridge"."""
    a, b = next((e.a, e.b) for e in BOARD.edges if set(e.rivers) == {"Ohio", "Kanawha"} and not e.lake
                and not e.inlet and not BOARD.city_at(e.a) and not BOARD.city_at(e.b))
    g = _builder()
    stub(g, 0, a)
    before = g.player(0).cash
    g.apply(Build((a, b)))
    assert before - g.player(0).cash == EXPRESS.terrain_cost[BOARD.mileposts[b].terrain.value] + 2
    sc = eb.costs.segment_cost(BOARD, EXPRESS, a, b)
    assert sc.water == 2 and "Ohio" in sc.explain() and "Kanawha" in sc.explain()
    assert eb.costs.segment_cost(BOARD, EUROPE_RULES, a, b).water == 2          # one bridge, the dearest
    pittsburgh = city("Pittsburgh")                                           # the Allegheny and Monongahela
    m, n = next((e.a, e.b) if e.b in pittsburgh.mileposts else (e.b, e.a) for e in BOARD.edges
                if set(e.rivers) == {"Allegheny", "Monongahela"} and (e.a in pittsburgh.mileposts) != (e.b in pittsburgh.mileposts))
    assert eb.costs.segment_cost(BOARD, EXPRESS, m, n).total == 3 + 2          # a city and two rivers


def test_at_most_20m_a_turn_and_no_money_no_track():
    g = _builder(cash=40)
    net = g.network(0)
    # a long line of clear/mountain mileposts out of Orange's network costing more than 20M
    start = next(m for m in sorted(net) if BOARD.city_at(m) is None)
    path, cost, seen = [start], 0, set(g.state.track.segments)
    used = {m for k in seen for m in k}
    while cost <= 20:
        nxt = next((n for n in BOARD.neighbors(path[-1]) if n not in used and n not in path
                    and BOARD.city_at(n) is None), None)
        assert nxt is not None
        cost += eb.costs.segment_cost(BOARD, EXPRESS, path[-1], nxt).total
        path.append(nxt)
    err = rejects(g, Build(path), R.EXPRESS_BUILD)
    assert "20M" in err.reason
    g.apply(Build(path[:3]))
    # no starting money: with 0M nothing can be built
    g2 = _builder(cash=0)
    assert g2.buildable_segments() == []
    rejects(g2, Build(path[:2]), R.EXPRESS_SETUP)


def test_only_off_your_own_track_never_new_track_from_a_major_city():
    g = _builder()
    a, b = fresh_spot(g, want=lambda e: not e.impassable)
    rejects(g, Build((a, b)), R.EXPRESS_BUILD)            # not on Orange's track
    chicago = city("Chicago")                             # Orange's track does not reach Chicago
    corner = chicago.mileposts[-1]
    out = next(n for n in BOARD.neighbors(corner) if BOARD.city_at(n) is None)
    err = rejects(g, Build((corner, out)), R.EXPRESS_BUILD)
    assert "major city" in err.reason
    # Europe: any major city milepost starts track
    ge = eb.Game.new(EUROPE_RULES, board=BOARD, deck=g.deck, players=["A", "B"], seed=1)
    ge.state.special_round, ge.state.phase = 1, "build"
    assert ge.plan_build([corner, out]).cost >= 1
    net = g.network(0)
    start = next(m for m in sorted(net) if BOARD.city_at(m) is None and any(
        n not in net and seg_key(m, n) not in g.state.track.segments for n in BOARD.neighbors(m)))
    nxt = next(n for n in BOARD.neighbors(start) if seg_key(start, n) not in g.state.track.segments
               and n not in net)
    g.apply(Build((start, nxt)))                          # off Orange's own track: accepted


def test_track_drawn_to_your_own_track_is_built_from_it_at_the_same_price():
    """Build Track: "You must connect to (or from) a milepost you are already connected to" -- a line drawn
    from two mileposts away towards Orange's track is the same track as one drawn out of it."""
    g = _builder()
    net = g.network(0)
    used = {m for k in g.state.track.segments for m in k}
    line = next([m, n, o] for m in sorted(net) if BOARD.city_at(m) is None
                for n in BOARD.neighbors(m) if n not in used and BOARD.city_at(n) is None
                and not BOARD.edge(m, n).impassable
                for o in BOARD.neighbors(n) if o not in used and o != m and BOARD.city_at(o) is None
                and not BOARD.edge(n, o).impassable)
    out, towards = g.plan_build(line), g.plan_build(line[::-1])
    assert towards.cost == out.cost and set(map(frozenset, towards.built)) == set(map(frozenset, out.built))
    before = g.player(0).cash
    g.apply(Build(tuple(line[::-1])))
    assert before - g.player(0).cash == out.cost and seg_key(line[1], line[2]) in g.state.track.segments
    a, b = fresh_spot(g, want=lambda e: not e.impassable)    # touching your track at neither end: refused
    rejects(g, Build((a, b)), R.EXPRESS_BUILD)


def test_majors_corners_pass_through_and_build_out_of_any_other_corner():
    g = _builder()
    ny = city("New York")
    net = g.network(0)
    touched = [m for m in ny.mileposts if m in net]
    assert touched, "Orange's starting track connects to New York"
    other = next(m for m in ny.mileposts if m not in net and m != ny.center and any(
        BOARD.city_at(n) is None and seg_key(m, n) not in g.state.track.segments for n in BOARD.neighbors(m)))
    out = next(n for n in BOARD.neighbors(other) if BOARD.city_at(n) is None
               and seg_key(other, n) not in g.state.track.segments)
    g.apply(Build((other, out)))                         # out of another corner: accepted
    inside = next(n for n in BOARD.neighbors(other) if BOARD.is_red_area(other, n))
    err = rejects(g, Build((other, inside)), R.EXPRESS_BUILD)   # never track inside a major city
    assert "corner" in err.reason
    # every player passes through: Green's train rides New York's public mileposts
    assert BOARD.is_red_area(other, inside)


def test_never_over_another_players_track():
    g = _builder()
    a, b = next(k for k, s in g.state.track.segments.items() if s == 1)   # a Red segment
    give(g, 0, [stub(g, 0, a), a]) if a not in g.network(0) else None
    err = rejects(g, Build((a, b)), R.EXPRESS_BUILD)
    assert "Red" in err.reason


def test_barriers_cannot_be_crossed_by_track_or_route():
    g = _builder()
    e = next(e for e in BOARD.edges if e.barrier)
    a, b = (e.a, e.b) if not BOARD.city_at(e.a) else (e.b, e.a)
    stub(g, 0, a)
    err = rejects(g, Build((a, b)), R.EXPRESS_BUILD)
    assert e.barrier in err.reason
    assert BOARD.is_barrier(a, b) and b not in BOARD.neighbors(a)
    assert not any(isinstance(x, Build) and set(x.path) == {a, b} for x in g.legal_actions())
    plan = eb.cheapest_build(BOARD, EXPRESS, a, b)
    assert plan is None or all(not BOARD.is_barrier(x, y) for x, y in itertools.pairwise(plan.mileposts))


def test_any_number_of_players_may_connect_to_a_city():
    g = demo(COLOURS)
    small = city("Albany")
    nbs = [n for n in BOARD.neighbors(small.center) if BOARD.city_at(n) is None][:3]
    for seat, n in enumerate(nbs):
        give(g, seat, [stub(g, seat, n), n])
        g.state.players[seat].cash = 20
    for seat, n in enumerate(nbs):
        assert g.current_player == seat
        g.apply(Build((n, small.center)))             # Europe: at most two players in a small city
        g.apply(EndTurn())
    assert len(g.state.track.city_tracks(BOARD, small)) == 3
    ge = eb.Game.new(EUROPE_RULES, board=BOARD, deck=g.deck, players=["A", "B", "C"], seed=1)
    ge.state.track = g.state.track.copy()
    assert len(ge.state.track.city_tracks(BOARD, small)) > EUROPE_RULES.city_max_players["small"]


# ------------------------------------------------------------------------------------- trains and loads
def test_pick_up_without_a_demand_two_tokens_at_most_and_swap_free():
    g = demo(["Orange", "Red"])
    orange = g.player(0)
    orange.position = city("Hartford").center
    g.apply(Drop("Steel"))
    g.apply(PickUp("Machinery"))                        # a swap: no cost, no demand needed either way
    assert orange.cash == 0 and sorted(orange.loads) == ["Machinery", "Steel"]
    err = rejects(g, PickUp("Machinery"), R.EXPRESS_MOVE)
    assert "2 loads" in err.reason


def test_rent_is_4m_per_turn_to_each_owner():
    g = demo(["Orange", "Green"])
    orange, green = g.player(0), g.state.players[1]
    orange.cash = 10
    gseg = next(k for k, s in g.state.track.segments.items() if s == 1)
    orange.position = gseg[0]
    g.apply(Move([gseg[1]]))
    g.apply(Move([gseg[0]])) if BOARD.city_at(gseg[1]) else None
    assert (orange.cash, green.cash) == (6, 4)
    orange.cash = 3
    g2 = demo(["Orange", "Green"])
    g2.player(0).position = gseg[0]
    rejects(g2, Move([gseg[1]]), R.EXPRESS_MOVE)   # "you pay that player $4 million": the Express section of rent


# ------------------------------------------------------------------------------------------ game end
def _round(g, cash=None):
    """Everyone passes once (``cash``: set a seat's cash at the start of its turn)."""
    for _ in range(len(g.state.players)):
        if g.over:
            return
        if cash and g.current_player in cash:
            g.player().cash = cash[g.current_player]
        g.apply(EndTurn())


def test_150m_on_your_turn_finishes_the_round_and_the_most_money_of_all_wins():
    g = demo(COLOURS)
    g.state.players[2].cash = 170          # Blue is richer, but only Red reaches 150M on Red's turn
    g.apply(EndTurn())                     # Orange
    g.player().cash = 150
    g.apply(EndTurn())                     # Red: the round is finished ...
    assert not g.over and g.current_player == 2
    g.state.players[2].cash = 140          # (Blue spends during the last turns)
    g.apply(EndTurn())
    assert not g.over
    g.apply(EndTurn())                     # ... Green: every player had the same number of turns
    assert g.over and g.winners == [1]
    assert len({p.turns for p in g.state.players}) == 1


def test_cash_reached_on_another_players_turn_does_not_count_until_your_own():
    g = demo(["Orange", "Red"])
    g.state.players[1].cash = 160
    g.apply(EndTurn())                     # Orange's turn: Red's 160M does not end the game
    assert not g.state.victory_announced
    g.apply(EndTurn())                     # Red's own turn: it does; the round is over with Red
    assert g.over and g.winners == [1]


def test_ties_share_the_win():
    g = demo(["Orange", "Red", "Blue"])
    g.player().cash = 155
    g.state.players[2].cash = 155
    _round(g)
    assert g.over and g.winners == [0, 2]
    assert "share the win" in g.state.log[-1]


def test_below_150m_the_game_goes_on():
    g = demo(["Orange", "Red"])
    g.player().cash = 149
    _round(g)
    _round(g)
    assert not g.over


# -------------------------------------------------------------------------- the introductory strategies
@pytest.fixture(scope="module")
def replay():
    g = demo(COLOURS, seed=1)
    return g, play_strategies(g)


def test_orange_boston_steel_33_new_york_passengers_9_hartford_machinery_7(replay):
    g, r = replay
    rows = [(d["load"], d["city"], d["payout"]) for d in r.deliveries if d["player"] == "Orange"]
    assert rows == [("Steel", "Boston", 33), ("Passengers", "Boston", 9), ("Machinery", "Boston", 7)]
    assert g.state.players[0].cash == 49


def test_red_coal_swine_to_chicago_then_passengers_chicago_to_charleston_20(replay):
    g, r = replay
    rows = [(d["load"], d["city"], d["payout"], d["card"]) for d in r.deliveries if d["player"] == "Red"]
    assert rows == [("Coal", "Chicago", 25, "4"), ("Swine", "Chicago", 18, "5"), ("Passengers", "Charleston", 20, "6")]


def test_blue_marble_and_wood_to_washington_cotton_9m_more_than_wood(replay):
    g, r = replay
    pay = {d["load"]: d["payout"] for d in r.deliveries if d["player"] == "Blue"}
    assert set(pay) == {"Marble", "Wood", "Cotton"} and pay["Cotton"] == pay["Wood"] + 9
    assert all(d["city"] == "Washington" for d in r.deliveries if d["player"] == "Blue")
    built = sum(t.get("built", 0) for t in r.turns if t["player"] == "Blue")
    assert g.state.players[2].cash == sum(pay.values()) - built and built > 0


def test_green_tires_and_steel_to_new_york_48_then_passengers_new_york_to_akron_18(replay):
    g, r = replay
    rows = [(d["load"], d["city"], d["payout"]) for d in r.deliveries if d["player"] == "Green"]
    assert sum(p for ld, c, p in rows if c == "New York" and ld in ("Tires", "Steel")) == 48
    assert rows[-1] == ("Passengers", "Akron", 18)


def test_strategies_only_use_the_rulebook_scripts():
    assert set(STRATEGIES) == set(COLOURS)


# ------------------------------------------------------------------------------------------ JSON, legal
def test_json_round_trip_continues_identically(replay):
    g, _ = replay
    h = eb.Game.from_json(g.to_json())
    assert h.to_json() == g.to_json() and h.rules == EXPRESS
    for game in (g.clone(), h):
        game.apply(EndBuild())
        game.apply(EndTurn())
    assert h.to_json() == eb.Game.from_json(h.to_json()).to_json()


def test_every_listed_action_is_legal_in_the_demo():
    g = demo(COLOURS)
    g.state.players[0].cash = 6
    for _ in range(10):
        acts = g.legal_actions()
        for a in acts:
            g.clone().apply(a)
        nxt = next((a for a in acts if isinstance(a, (Deliver, PickUp))), None) or \
            next((a for a in acts if isinstance(a, Move)), None) or \
            next(a for a in acts if isinstance(a, (EndBuild, EndTurn)))
        g.apply(nxt)


# ----------------------------------------------------------------------- the rulebook's alternatives
@pytest.fixture(scope="module")
def alternatives():
    g = demo(COLOURS, seed=1)
    return g, play_strategies(g, ALTERNATIVES)


def _rows(r, colour):
    return [(d["load"], d["city"], d["payout"], d["card"]) for d in r.deliveries if d["player"] == colour]


def _built(r, colour):
    return sum(t["built"] for t in r.turns if t["player"] == colour)


def test_orange_alternative_machinery_instead_of_steel_then_electronics_back_to_pittsburgh(alternatives):
    g, r = alternatives
    assert _rows(r, "Orange") == [("Passengers", "Boston", 9, "2"), ("Machinery", "Boston", 7, "3"),
                                  ("Electronics", "Pittsburgh", 29, "1")]     # card 1's other delivery
    assert g.state.players[0].cash == 45 and _built(r, "Orange") == 0
    assert g.board.place(g.state.players[0].position) == "Pittsburgh"


def test_red_alternative_coal_and_swine_then_back_to_akron_for_tires_to_chicago(alternatives):
    g, r = alternatives
    assert _rows(r, "Red") == [("Coal", "Chicago", 25, "4"), ("Swine", "Chicago", 18, "5"),
                               ("Tires", "Chicago", 21, "6")]                 # card 6's other delivery
    built = _built(r, "Red")
    assert built > 0 and g.state.players[1].cash == 25 + 18 + 21 - built      # the track to Akron is paid for
    assert any(g.board.place(m) == "Akron" for m in g.network(1))


def test_blue_alternative_cotton_9m_more_than_wood_then_passengers_back_to_charlotte(alternatives, replay):
    g, r = alternatives
    assert _rows(r, "Blue") == [("Marble", "Washington", 26, "7"), ("Cotton", "Washington", 22, "9"),
                                ("Passengers", "Charlotte", 21, "8")]         # card 8's other delivery
    wood = next(d["payout"] for d in replay[1].deliveries if d["load"] == "Wood")
    assert 22 == wood + 9
    assert g.state.players[2].cash == 26 + 22 + 21 - _built(r, "Blue")
    assert r.done["Blue"] > replay[1].done["Blue"]                              # "will take longer"


def test_green_alternative_48_then_textiles_to_new_york_building_to_harrisburg(alternatives):
    g, r = alternatives
    rows = _rows(r, "Green")
    assert sum(p for ld, c, p, _ in rows[:2] if c == "New York") == 48
    assert rows[2] == ("Textiles", "New York", 10, "12")                       # card 12's other delivery
    assert _built(r, "Green") > 0 and any(g.board.place(m) == "Harrisburg" for m in g.network(3))


def test_alternatives_use_one_delivery_per_card_and_each_other_delivery_once(alternatives, replay):
    _, alt = alternatives
    _, sug = replay
    for colour in COLOURS:
        cards = [d["card"] for d in alt.deliveries if d["player"] == colour]
        assert len(cards) == len(set(cards)) == 3
        a = {(d["card"], d["load"]) for d in alt.deliveries if d["player"] == colour}
        s = {(d["card"], d["load"]) for d in sug.deliveries if d["player"] == colour}
        assert len(a - s) == 1, (colour, a - s)           # exactly one card is used for its other delivery


def test_a_script_step_that_cannot_be_done_is_refused_and_named():
    g = demo(["Orange", "Red"])
    with pytest.raises(eb.IllegalAction, match="no demand for Coal at Pittsburgh"):
        play_strategies(g, {"Orange": (("deliver", "Coal"),)})
    with pytest.raises(eb.InvalidAction, match="unknown strategy step"):
        play_strategies(demo(["Orange", "Red"]), {"Orange": (("fly", "Boston"),)})


def test_any_number_of_segments_may_leave_a_major_city_in_a_turn():
    """Empire Express > Build Track: "if you connect to one corner, you (and all players) may pass through
    and draw track out of any other corner" -- and, unlike Empire Builder's two a turn (Limits on Building
    from Major Cities), the rulebook sets no limit: Orange, whose demo track reaches New York, builds three
    segments out of it in one turn."""
    g = demo()
    g.player().cash = 20                                 # as if Orange had earned 20M
    net = g.network(0)
    ny = eb.load_board("eastern_us").city("New York")
    board = g.board
    outward = {m: [n for n in board.neighbors(m) if board.city_at(n) is None and n not in net]
               for m in ny.mileposts if m not in net}
    exits = [(m, ns[0]) for m, ns in outward.items() if ns][:3]     # one segment out of each of three corners
    assert len(exits) == 3
    for m, n in exits:
        g.apply(Build((m, n)))
    assert all(g.state.track.owner(m, n) == 0 for m, n in exits)


def test_express_refusals_cite_its_own_rulebook_and_name_the_europe_rules_it_borrows():
    """An upgrade (Express has none: "up to 12 spaces", two tokens) and a move with no track under it cite
    Empire Express > Move Your Train, not Europe's sections; the Europe rules the engine keeps where the
    Express rulebook is silent are listed, each naming its Europe section."""
    from eb_core.positions import parse_action
    g = demo()
    out = eb.try_action(g, eb.Upgrade(eb.Train(12, 3)))
    assert out.rule == R.EXPRESS_MOVE and "no train upgrades" in out.reason
    g.apply(EndBuild())
    with pytest.raises(eb.IllegalAction) as err:
        parse_action(g, "move Detroit")
    assert err.value.rule == R.EXPRESS_MOVE
    fallbacks = eb.ruleset("express").fallbacks
    assert fallbacks and all("Rules >" in f for f in fallbacks)
    assert any("Limits on Entry into Small and Medium Cities" in f for f in fallbacks)


def test_rules_the_express_rulebook_does_not_state_cite_europes_section_and_are_listed():
    """Move Your Train says nothing of reversing or of dropping a token away from a city: a refusal for either
    cites the Europe rule that applies (Running the Train; Picking Up Loads), listed among the fallbacks, and
    says nothing of ferry ports, which the Express board has none of."""
    g = demo(["Orange", "Red"])
    g.apply(EndBuild())
    start = g.player().position
    a = next(n for n in g.movable_steps() if BOARD.city_at(n) is None)
    g.apply(Move([a]))
    b = next(n for n in g.movable_steps() if n != start and BOARD.city_at(n) is None)
    g.apply(Move([b]))
    back = rejects(g, Move([a]), R.RUNNING)
    assert "in a city" in back.reason and "ferry" not in back.reason
    rejects(g, Drop("Steel"), R.PICKUP)
    fallbacks = eb.ruleset("express").fallbacks
    for section in (R.RUNNING, R.PICKUP, R.MAJOR_ENTRY):
        assert any(f"({section})" in f for f in fallbacks), section


def test_a_new_express_game_is_its_demo_game():
    """Game.new("express") deals the Demo Set Up to its first two colours; a standard set-up -- no money, no
    track, no first track out of a major city -- could never build, and is refused naming Build Track."""
    g = eb.Game.new("express")
    assert [p.name for p in g.state.players] == ["Orange", "Red"] and g.player(0).loads == ["Steel", "Steel"]
    with pytest.raises(eb.InvalidAction, match=r"Demo Set Up only.*Empire Express > Build Track"):
        eb.Game.new("express", players=["Orange", "Red"], setup="standard")


def test_a_city_limit_refused_in_express_cites_the_europe_rule_it_borrows():
    """Express lets any number of players connect to a city; the only city limit it keeps is Europe's three
    tracks a player (a listed fallback), and a refusal under Europe's player limits (the lesson's "what if")
    cites Europe's Limits on Entry, not the Express section that says there is no limit."""
    from eb_core import express_lessons as lessons
    table = lessons.connections_into("Scranton", ["Orange", "Blue", "Green"])
    refused = [v for v in table["express+europe-city-limits"] if not v.startswith("accepted")]
    assert refused and all(R.CITY_LIMIT in v for v in refused) and not any(R.EXPRESS_CHANGES in v for v in refused)


def test_the_most_money_wins_even_a_player_who_never_reached_150m_on_their_own_turn():
    """Game End: "finish the current round ... The player with the most money at the end of the game is
    the winner!" -- Red reaches 150M and ends the game with the round; Blue, below 150M at the end of its
    own turn, is paid 6M by Green during the last turn (rent, say) and ends the game richest: Blue wins."""
    g = demo(COLOURS)
    g.apply(EndTurn())                     # Orange
    g.player().cash = 150
    g.apply(EndTurn())                     # Red: the round is finished
    g.player().cash = 149
    g.apply(EndTurn())                     # Blue: 149M, no announcement
    assert not g.state.players[2].announced
    g.state.players[2].cash += 6           # during Green's turn
    g.apply(EndTurn())                     # Green: the round is over
    assert g.over and g.winners == [2]
