"""Event cards and Empire Express: behaviour pinned by a mutation audit (rulebook: Event Card Effects and its
subsections; Empire Express > Demo Set Up).

Each test fixes one thing a player meets at the table that no other test held in place: where an event
stops (a gale closes its own sea's ferries only, a flood its own river's bridges only), who it reaches, what it
costs, and when it is over.
"""
import pytest

import eb_core as eb
from eb_core import events
from eb_core.actions import Build, Deliver, EndTurn, Move
from eb_core.track import seg_key
from support import (
    EUROPE,
    demand_card_with,
    ebro_bridge_for_ann,
    event_card,
    far_demand_cards,
    lay_track,
    line_from,
    ops_game,
    place,
    ready_to_deliver,
    rejects,
)
from test_events import _flood_after_announcing, stack


def ann_builds_on_from_her_track(g, cab, event: str) -> None:
    """With her track c-a laid and her train in Wien, ``event`` is played and Ann builds a-b: it is built."""
    c, a, b = cab
    g.state.track.segments[seg_key(c, a)] = 0
    place(g, 0, EUROPE.city("Wien").center)
    events.play_event(g, event)
    g.state.phase = "build"
    g.apply(Build([a, b]))
    assert g.state.track.owner(a, b) == 0


def free_segment(far_from):
    """A segment between two plain mileposts (no city, no river) at least 8 mileposts from every milepost
    of ``far_from``, with a third plain milepost beside it: ``(c, a, b)`` -- track c-a is laid, a-b is built."""
    from eb_core.events.areas import distances_from
    d = distances_from(EUROPE, list(far_from)) if far_from else None
    for e in EUROPE.edges:
        a, b = e.key
        if e.rivers or EUROPE.city_at(a) or EUROPE.city_at(b) or EUROPE.is_red_area(a, b):
            continue
        if d is not None and (d[a] < 8 or d[b] < 8):
            continue
        for c in EUROPE.neighbors(a):
            if c != b and EUROPE.city_at(c) is None and not EUROPE.edge(a, c).rivers:
                return c, a, b
    raise AssertionError("no free segment")


# ------------------------------------------------------------------------------ Gales: only that sea's ferries
def test_an_atlantic_gale_leaves_the_north_sea_ferry_open_its_train_stages_and_crosses():
    """Gales: "you may not stage to or move from being staged at any ferry port" of the gale's sea -- the
    Atlantic gale does not reach Harwich: Ben's train ending its turn there is staged, and crosses to
    IJmuiden in his next turn while the gale (his own draw) still blows."""
    g = eb.position("board: europe\nplayer Ann: cash 60, at Wien\n"
                    "player Ben: cash 60, at 1529, loads Wine, ferry Harwich–IJmuiden")
    events.play_event(g, "Gales: Atlantic", drawer=1)
    assert 1529 not in events.area_of(g, event_card("Gales: Atlantic")).ports
    g.apply(EndTurn())                                    # Ann
    g.apply(EndTurn())                                    # Ben ends his turn on the Harwich port
    assert g.state.players[1].staged, g.state.log[-3:]
    g.apply(EndTurn())                                    # Ann
    assert [a["kind"] for a in g.state.active_events] == ["gale"]     # over after this turn of Ben's
    g.apply(Move([1570]))
    assert g.state.players[1].position == 1570


def test_a_gale_does_not_stop_building_far_from_its_coast():
    """Gales: no track building within the gale's area -- only there: Ann builds a plain segment in the
    middle of the continent while the Mediterranean gale blows."""
    g = ops_game()
    area = events.area_of(g, event_card("Gales: Mediterranean")).mileposts
    c, a, b = free_segment(area)
    ann_builds_on_from_her_track(g, (c, a, b), "Gales: Mediterranean")


# ------------------------------------------------------------------------------ Floods: only that river
def test_a_flood_stops_only_the_crossing_of_its_river_trains_move_and_track_is_built_elsewhere():
    """Floods: "no train may move across it and no track may be built across it" until the card is
    discarded -- that river only: during the Rhein flood Ann's train moves along her track and she builds
    beyond it, away from the river."""
    g = ops_game()
    rhein = events.area_of(g, event_card("Flood: Rhein"))
    c, a, b = free_segment(rhein.mileposts)
    g.state.track.segments[seg_key(c, a)] = 0
    place(g, 0, c)
    events.play_event(g, "Flood: Rhein")
    g.apply(Move([a]))
    assert g.state.players[0].position == a
    g.state.phase = "build"
    g.apply(Build([a, b]))
    assert g.state.track.owner(a, b) == 0


# ------------------------------------------------------------------------------ Derailments
def test_an_event_a_derailment_draws_empties_a_field_warehouse_it_covers():
    """Field Warehousing: "If any event affects a city with a Field Warehouse, all of its loads are returned to
    the bank" -- also the Frankfurt fog that a Derailments! card drew (Derailments: events drawn are resolved
    afterwards, as if drawn normally): the Stuttgart warehouse's Fish go back to the bank."""
    g = ops_game(rules=eb.ruleset("europe-standard", "field-warehousing"))
    st = g.state
    st.warehouses = {"Stuttgart": {"Fish": 2}}
    st.bank["Fish"] -= 2
    fish = st.bank["Fish"]
    place(g, 0, EUROPE.city("Oslo").center)
    place(g, 1, EUROPE.city("Madrid").center)
    far = far_demand_cards(EUROPE, [*EUROPE.city("Stuttgart").mileposts, st.players[0].position,
                                    st.players[1].position], 1)[0]
    for p in st.players:
        p.hand = [x for x in p.hand if x != far.id]
    stack(g, far, event_card("Fog: Frankfurt"))
    events.play_event(g, "Derailments!", drawer=1)
    assert [g.deck.card(a["card"]).title for a in st.active_events] == ["Fog: Frankfurt"]
    assert st.warehouses == {} and st.bank["Fish"] == fish + 2, st.log[-4:]


# ------------------------------------------------------------------------------ Heavy Snow: only the mountains
def test_heavy_snow_lets_track_be_built_on_the_clear_mileposts_of_its_area():
    """Heavy Snow: Turin: "No movement or railbuilding is allowed in the mountain or alpine mileposts of this
    area" -- the area's other mileposts are only slowed: Ann builds between two clear mileposts 2 from Torino."""
    from eb_core.events.areas import distances_from
    g = ops_game()
    snow = events.area_of(g, event_card("Heavy Snow: Torino"))
    d = distances_from(EUROPE, [EUROPE.city("Torino").center])
    clear = [m for m in sorted(snow.mileposts - snow.blocked) if EUROPE.city_at(m) is None and d[m] <= 3]
    c, a, b = next((c, a, b) for a in clear for b in EUROPE.neighbors(a) if b in clear
                   for c in EUROPE.neighbors(a) if c in clear and c != b
                   and not EUROPE.edge(a, b).rivers and not EUROPE.edge(a, c).rivers)
    ann_builds_on_from_her_track(g, (c, a, b), "Heavy Snow: Torino")


# ------------------------------------------------------------------------------ Derailments: the last card
def test_a_derailment_with_one_card_left_to_draw_derails_by_that_card_alone():
    """Derailments: "Draw two additional cards" -- when the deck (draw and discard piles together) holds only
    one, that card is drawn, the trains near its cities derail, and nothing else happens."""
    g = ops_game()
    st = g.state
    wien = demand_card_with("Wien")
    for p in st.players:
        p.hand = [x for x in p.hand if x != wien.id]
    place(g, 0, EUROPE.city("Wien").center, ["Wine"])
    place(g, 1, EUROPE.city("Madrid").center, ["Fish"])
    derail = event_card("Derailments!")
    st.draw_pile, st.discard_pile = [wien.id, derail.id], []
    events.play_event(g, "Derailments!", drawer=1)
    assert [p.loads for p in st.players] == [[], ["Fish"]]
    assert [p.lost_turns for p in st.players] == [1, 0]
    assert st.draw_pile == [] and sorted(st.discard_pile) == sorted([wien.id, derail.id])
    assert "No train stands there: nobody derails." not in st.log


# ------------------------------------------------------------------------------ Empire Express: Demo Set Up
def test_express_demo_draw_deck_is_shuffled_by_the_seed():
    """Empire Express > Demo Set Up: "Shuffle the remaining demand cards and place them face-down as a draw
    deck" -- not left in card order, and another seed deals another order of the same cards."""
    one, two = (eb.Game.new("express", players=["Orange", "Red"], seed=s) for s in (1, 2))
    pile = one.state.draw_pile
    assert pile != sorted(pile) and pile != sorted(pile, reverse=True)
    assert sorted(pile) == sorted(two.state.draw_pile) and pile != two.state.draw_pile


def test_express_demo_refuses_a_colour_it_does_not_have_naming_the_seat_and_the_colours():
    """Empire Express > Demo Set Up: "Choose a color" -- the players are the colours of its table (Orange,
    Red, Blue, Green), one each: "Black" is refused at its seat with the colours to choose from, and a colour
    chosen twice is refused at the second seat."""
    with pytest.raises(eb.InvalidAction) as err:
        eb.Game.new("express", players=["Orange", "Black"])
    assert err.value.field == "players[1]"
    assert all(c in str(err.value) for c in ("Black", "Orange", "Red", "Blue", "Green"))
    with pytest.raises(eb.InvalidAction, match="chosen twice") as err:
        eb.Game.new("express", players=["Red", "Orange", "red"])
    assert err.value.field == "players[2]"


@pytest.mark.parametrize("n", [1, 5])
def test_express_demo_is_for_2_3_or_4_players(n):
    """Empire Express > Demo Set Up: "This introductory game is for 2, 3 or 4 players" -- one player, or five
    (a fifth would need a colour the table does not have), is refused as a number of players."""
    with pytest.raises(eb.InvalidAction, match="2, 3 or 4 players") as err:
        eb.Game.new("express", players=["Orange", "Red", "Blue", "Green", "Orange"][:n])
    assert err.value.field == "players"


def test_express_demo_refuses_a_starting_load_the_bank_has_no_chip_for():
    """Empire Express > Demo Set Up: each player takes the load chips listed for their colour (Orange: Steel
    x2); with one Steel chip in the bank (two of the board's three set aside) Orange cannot be dealt in, with
    two Orange takes both and the bank has none left."""
    assert eb.load_board("eastern_us").loads["Steel"] == 3
    with pytest.raises(eb.InvalidAction, match="Steel") as err:
        eb.Game.new(eb.ruleset("express").with_(chips_removed_per_load=2), players=["Red", "Orange"])
    assert err.value.field == "board"
    g = eb.Game.new(eb.ruleset("express").with_(chips_removed_per_load=1), players=["Red", "Orange"])
    assert g.state.players[1].loads == ["Steel", "Steel"] and g.state.bank["Steel"] == 0


def test_express_demo_needs_the_boards_track_symbols_and_an_int_seed():
    """Empire Express > Demo Set Up: "Connect all mileposts with a symbol between them" -- a board without the
    colours' track symbols (Europe) cannot be dealt the demo game, nor can a seed that is not a whole number;
    and a ruleset without a demo table (Europe's) has no demo set-up at all."""
    for kw, field in ((dict(rules="express", board="europe"), "board"),
                      (dict(rules="express", seed="7"), "seed"), (dict(rules="express", seed=True), "seed"),
                      (dict(rules="europe-standard", setup="demo", players=["Orange", "Red"]), "setup")):
        with pytest.raises(eb.InvalidAction) as err:
            eb.Game.new(**kw)
        assert err.value.field == field, (kw, str(err.value))


# ------------------------------------------------------------------------------ Floods: every reason, final scoring
def test_build_blockers_names_every_event_that_forbids_a_flooded_bridge_and_the_owners_first_right():
    """Floods: no building across the flooding river, and the owner rebuilds first; Gales: no building in the
    area. With the Ebro flooding and the Mediterranean gale blowing, a player asking why Ben may not rebuild
    Ann's Ebro bridge hears all three reasons; Ann hears the two events only (the bridge is hers to rebuild)."""
    g = ops_game(current=1)
    med = events.area_of(g, event_card("Gales: Mediterranean")).mileposts
    ebro = events.area_of(g, event_card("Flood: Ebro")).edges
    a, b = next(k for k in sorted(ebro) if k[0] in med and k[1] in med and not EUROPE.is_red_area(*k))
    g.state.track.segments[(a, b)] = 0
    events.play_event(g, "Flood: Ebro", drawer=1)
    events.play_event(g, "Gales: Mediterranean", drawer=1)
    ben = events.build_blockers(g, 1, a, b)
    assert len(ben) == 3 and "flooding" in ben[0] and "gale" in ben[1] and "Ann's bridge" in ben[2], ben
    ann = events.build_blockers(g, 0, b, a)
    assert len(ann) == 2 and not any("Ann's bridge" in why for why in ann), ann
    assert events.area_of(g, event_card("Flood: Ebro").id) == events.area_of(g, event_card("Flood: Ebro"))


def test_final_scoring_rebuilds_only_for_a_player_who_announced():
    """Ending the Game > Final Scoring 1: "those players" who met the victory conditions rebuild the track an
    event destroyed -- Ben, who did not announce, gets no bridge back and pays nothing; Ann's rebuild is the
    usual cost (final_rebuild's answer: who paid what)."""
    g, bridge, cost = _flood_after_announcing()
    st = g.state
    ben_bridge = next(e.key for e in EUROPE.edges if "Elbe" in e.rivers and e.key != bridge
                      and not EUROPE.is_red_area(*e.key))
    st.track.segments[ben_bridge] = 1
    st.flags["destroyed_track"].append([*ben_bridge, 1])
    del st.track.segments[ben_bridge]
    cash = [p.cash for p in st.players]
    assert events.final_rebuild(g) == {0: cost}
    assert st.track.owner(*bridge) == 0 and ben_bridge not in st.track.segments
    assert [p.cash for p in st.players] == [cash[0] - cost, cash[1]]


# ------------------------------------------------------------------------------ events that slow or pay nothing
def test_a_strike_or_a_flood_slows_no_train_and_a_fog_elsewhere_changes_no_payout():
    """Half-Rate Movement is for the weather cards (Fog, Heavy Snow, Gales) only: under a Longshoremen's
    Strike and the Rhein flood a 9-speed train away from the river runs its 9 mileposts; and a delivery to
    Paris while the Frankfurt fog is in play pays the printed payout, not a million more or less."""
    g = ops_game(speed=9)
    rhein = events.area_of(g, event_card("Flood: Rhein")).mileposts
    c, a, b = free_segment(rhein)
    path = line_from(EUROPE, a, 9)
    assert not set(path) & rhein
    lay_track(g, 0, path)
    place(g, 0, path[0])
    events.play_event(g, "Longshoremen's Strike")
    events.play_event(g, "Flood: Rhein")
    g.apply(Move(path[1:]))
    p = g.state.players[0]
    assert p.position == path[9] and not p.half_rate and p.moves_used == 9, g.state.log[-2:]

    g = ops_game()
    card, dem = ready_to_deliver(g, "Paris")
    events.play_event(g, "Fog: Frankfurt")
    assert EUROPE.city("Paris").center not in events.area_of(g, event_card("Fog: Frankfurt")).mileposts
    cash = g.state.players[0].cash
    g.apply(Deliver(dem.load, card.id))
    assert g.state.players[0].cash - cash == dem.payout


# ------------------------------------------------------------------------------ playing a card (teaching tool)
def test_a_card_played_from_the_discard_pile_leaves_it_and_comes_back_once():
    """Event Card Effects > One Round: the card is discarded after the drawing player's next turn -- played
    from the discard pile, the Frankfurt fog is in play and in no pile, and comes back to the discard pile
    once when it ends. Playing it again while it is in play is refused, and the game is unchanged."""
    g = ops_game()
    st = g.state
    for s in (0, 1):
        place(g, s, EUROPE.city("Wien").center)
    fog = event_card("Fog: Frankfurt").id
    assert fog in st.discard_pile and fog not in st.draw_pile
    events.play_event(g, "Fog: Frankfurt")
    assert fog not in st.discard_pile and fog not in st.draw_pile
    before = g.to_json()
    with pytest.raises(eb.InvalidAction, match="already in play") as err:
        events.play_event(g, "Fog: Frankfurt")
    assert err.value.field == "which" and g.to_json() == before
    for _ in range(3):
        g.apply(EndTurn())
    assert st.active_events == [] and st.discard_pile.count(fog) == 1


def test_reshuffle_shuffles_the_deck_it_puts_back_together():
    """Reshuffle: "When the Excess Profits Tax event card is drawn, remove that card from the game and
    reshuffle the deck" -- the draw and discard piles together, shuffled: not simply laid one on the other."""
    g = ops_game(rules=eb.ruleset("europe-standard", "reshuffle"))
    st = g.state
    tax = event_card("Excess Profits Tax").id
    for pile in (st.draw_pile, st.discard_pile):
        if tax in pile:
            pile.remove(tax)
    stacked = st.draw_pile + st.discard_pile
    events.play_event(g, "Excess Profits Tax")
    assert sorted(st.draw_pile) == sorted(stacked) and st.draw_pile != stacked and st.discard_pile == []


def test_final_scoring_no_rebuild_without_the_money_nor_over_another_players_track():
    """Final Scoring 1: the rebuild is paid "the usual build cost" and No Credit holds -- Ann, one million
    short, rebuilds nothing and keeps her cash; and where Ben has since built across the flooded site, Ann
    cannot rebuild over his track (Building Track: never over another player's track) and pays nothing."""
    g, bridge, cost = _flood_after_announcing()
    g.state.players[0].cash = cost - 1
    assert events.final_rebuild(g) == {}
    assert bridge not in g.state.track.segments and g.state.players[0].cash == cost - 1
    assert g.state.log[-1] == (f"Final scoring: Ann cannot pay {cost}M to rebuild the bridge "
                               f"{EUROPE.between(*bridge)}.")

    g, bridge, cost = _flood_after_announcing()
    g.state.track.segments[bridge] = 1                   # Ben's now
    assert events.final_rebuild(g) == {}
    assert g.state.track.owner(*bridge) == 1 and g.state.players[0].cash == 300


def _two_lines_flooded(*rivers):
    """Ann (300M) owns Madrid-Paris (over the Ebro and the Loire) and Wien-Berlin (over the Elbe), needs two
    major cities, announces; then ``rivers`` flood in that order. Returns the game and Ann's bridges by river."""
    from eb_core.positions import position_from_text
    g = position_from_text("""
    board: europe
    ruleset: europe-standard
    player Ann: cash 300, at Paris, track Madrid-Paris Wien-Berlin
    player Ben: cash 40, at Oslo
    """)
    g.rules = g.rules.with_(victory_majors=2)
    bridges = {r: k for k in g.state.track.segments for r in EUROPE.edge(*k).rivers if r in ("Ebro", "Loire", "Elbe")}
    g.apply(EndTurn())
    assert g.state.players[0].announced and sorted(bridges) == ["Ebro", "Elbe", "Loire"]
    for r in rivers:
        events.play_event(g, f"Flood: {r}", drawer=1)
    return g, bridges


def test_final_scoring_rebuilds_the_cheapest_track_that_reconnects_and_no_more():
    """Final Scoring 1: the winner rebuilds the destroyed track "to reconnect" the major cities, paying "the
    usual build cost". With the Elbe, Loire and Ebro bridges all down, the Elbe bridge alone joins Wien and
    Berlin again -- two major cities, enough here -- so it is rebuilt and the Ebro and Loire bridges (Madrid-
    Paris needs both) are not, nor paid for. With Ben now on the Elbe site, the Ebro and Loire bridges are
    what reconnects: both are rebuilt, and the log names them."""
    from eb_core.costs import segment_cost
    g, bridges = _two_lines_flooded("Elbe", "Loire", "Ebro")
    assert len(g.connected_majors(0)) < 2
    cost = {r: segment_cost(EUROPE, g.rules, *k).total for r, k in bridges.items()}
    assert cost["Elbe"] < cost["Ebro"] + cost["Loire"]
    assert events.final_rebuild(g) == {0: cost["Elbe"]}
    segs = g.state.track.segments
    assert segs[bridges["Elbe"]] == 0 and bridges["Ebro"] not in segs and bridges["Loire"] not in segs
    assert g.state.players[0].cash == 300 - cost["Elbe"]

    g, bridges = _two_lines_flooded("Elbe", "Loire", "Ebro")
    g.state.track.segments[bridges["Elbe"]] = 1          # Ben built across the Elbe site since
    assert events.final_rebuild(g) == {0: cost["Ebro"] + cost["Loire"]}
    segs = g.state.track.segments
    assert segs[bridges["Ebro"]] == segs[bridges["Loire"]] == 0 and segs[bridges["Elbe"]] == 1
    ebro, loire = (EUROPE.between(*bridges[r]) for r in ("Ebro", "Loire"))
    assert g.state.log[-1] == (f"Final scoring: Ann rebuilds track destroyed by events for "
                               f"{cost['Ebro'] + cost['Loire']}M to reconnect the major cities ({ebro} and {loire}; "
                               f"cash {300 - cost['Ebro'] - cost['Loire']}M).")


def test_final_scoring_rebuilds_nothing_when_the_rebuild_that_reconnects_is_beyond_the_cash():
    """No Credit holds in Final Scoring 1: with Ben on the Elbe site, Ann needs the Ebro and the Loire bridges
    both to join two major cities again and has the money for one of them: she rebuilds neither (a bridge
    that reconnects nothing is money thrown away) and keeps her cash; the log says what it would have cost."""
    from eb_core.costs import segment_cost
    g, bridges = _two_lines_flooded("Elbe", "Loire", "Ebro")
    g.state.track.segments[bridges["Elbe"]] = 1
    need = sum(segment_cost(EUROPE, g.rules, *bridges[r]).total for r in ("Ebro", "Loire"))
    g.state.players[0].cash = need - 1
    assert events.final_rebuild(g) == {}
    assert bridges["Ebro"] not in g.state.track.segments and bridges["Loire"] not in g.state.track.segments
    assert g.state.players[0].cash == need - 1
    assert g.state.log[-1].startswith(f"Final scoring: Ann cannot pay {need}M to rebuild the bridges ")


def test_final_scoring_a_winner_still_connected_rebuilds_nothing():
    """Final Scoring 1 rebuilds only track "which disconnected required major cities": Ann's Elbe bridge is
    gone but Madrid-Paris still joins her two major cities, so nothing is rebuilt and she pays nothing."""
    g, bridges = _two_lines_flooded("Elbe")
    assert len(g.connected_majors(0)) == 2
    assert events.final_rebuild(g) == {}
    assert bridges["Elbe"] not in g.state.track.segments and g.state.players[0].cash == 300


def test_a_turn_a_derailment_cuts_short_is_no_chance_to_rebuild_a_flooded_bridge():
    """Floods 4: nobody else builds where a player's bridge was "until that player has taken one turn during
    which they could have rebuilt it" -- Ann's first turn after the Ebro flood is over ends at once, her train
    derailed by the card she draws (Losing Turns: "your current turn ends immediately"): that was no such
    turn, so Ben still may not build on her bridge's site."""
    g = ops_game(("Ann", "Ben"), current=1)
    st = g.state
    a, b = ebro_bridge_for_ann(g)
    place(g, 0, EUROPE.city("Wien").center, ["Wine"])   # her train carries Wine
    events.play_event(g, "Flood: Ebro", drawer=1)        # Ben's turn
    for _ in range(3):                                   # Ann (flooding), Ben (the flood ends), to Ann
        g.apply(EndTurn())
    assert g.current_player == 0 and st.active_events == []
    wien = demand_card_with("Wien")
    far = far_demand_cards(EUROPE, [*EUROPE.city("Wien").mileposts, *EUROPE.city("Paris").mileposts], 1)[0]
    for p in st.players:
        p.hand = [x for x in p.hand if x not in (wien.id, far.id)]
    stack(g, wien, far)
    events.play_event(g, "Derailments!", drawer=0)       # Ann derails: her turn ends at once
    assert g.current_player == 1 and st.players[0].lost_turns == 1, st.log[-4:]
    assert st.blocked_rebuild == {f"{a}-{b}": 0}
    st.phase = "build"
    err = rejects(g, Build([a, b]), "Event Card Effects", prefix=True)
    assert "Ann's bridge" in err.reason


# ------------------------------------------------------------------------------ what a card covers
def test_irish_economy_booming_covers_belfast_dublin_and_cork():
    """Irish Economy Booming (Permanent): "All deliveries to Belfast, Dublin, or Cork receive an extra 4
    million" -- the card shows those three cities (every milepost of each) and says what it pays."""
    g = ops_game()
    boom = events.affected(g, "Irish Economy Booming")
    cities = ("Belfast", "Dublin", "Cork")
    assert boom["mileposts"] == frozenset(m for c in cities for m in EUROPE.city(c).mileposts)
    assert boom["text"] == "+4M on every delivery to Belfast, Dublin and Cork"


def test_a_sea_or_river_the_board_does_not_have_is_refused_by_name():
    """Counting Mileposts (from a geographical feature) and Floods (a river's bridges): asking for the coast of
    a sea or the bridges of a river the Europe board does not have is refused naming it, not answered with an
    empty coast or no bridges."""
    from eb_core.events.areas import river_edges, sea_area
    with pytest.raises(eb.UnknownName, match="Pacific") as err:
        sea_area(EUROPE, "Pacific", 4)
    assert err.value.field == "sea"
    with pytest.raises(eb.UnknownName, match="Mississippi") as err:
        river_edges(EUROPE, "Mississippi")
    assert err.value.field == "river"


def test_outside_the_fast_game_a_northern_seas_gale_leaves_the_chunnel_open():
    """Movement Using the Chunnel: its mileposts are "not within the affected area of weather events", and
    only the Fast Game makes it "another ferry" -- a Northern Seas gale's card closes the North Sea ferries'
    ports, not the Chunnel's, unless the Fast Game is played."""
    from eb_core.events.areas import event_area
    gale = event_card("Gales: Northern Seas")
    chunnel = set(EUROPE.crossing("Chunnel").ports)
    assert not chunnel & event_area(EUROPE, gale).ports
    assert chunnel <= event_area(EUROPE, gale, tunnels_as_ferries=True).ports
    assert set(EUROPE.crossing("Harwich–IJmuiden").ports) <= event_area(EUROPE, gale).ports


def test_the_chunnels_mileposts_are_counted_from_either_portal():
    """Movement Using the Chunnel: its three mileposts "are counted for normal movement" -- from Folkestone
    or from Calais alike, 1, 2 and 3 mileposts in, as a derailment counts them (Counting Mileposts); the Europe
    board has no city within 3 of Calais, so no card shows the Calais side, but the count is the same."""
    from eb_core.events.areas import distances_from
    chunnel = EUROPE.crossing("Chunnel")
    assert [EUROPE.place(p) for p in chunnel.ports] == ["Folkestone", "Calais"]
    for port, inward, far in ((*chunnel.ports[:1], chunnel.mileposts, chunnel.ports[1]),
                              (*chunnel.ports[1:], chunnel.mileposts[::-1], chunnel.ports[0])):
        d = distances_from(EUROPE, [port], tunnels=True)
        assert [int(d[m]) for m in inward] == [1, 2, 3] and int(d[far]) == 4   # the other portal: 4 steps


# ------------------------------------------------------------------------------ what the log tells the players
def test_the_log_says_whose_bridges_a_flood_took_and_which_trains_a_rail_strike_stopped():
    """Floods: the players read who lost how many bridges (the Rhein takes two of Ann's and one of Ben's, and
    the Ruhr's city bridge), and when the Ebro flood is over no city bridge is said to come back (it has none);
    the Iberian Rail Strike names the train it stops, or says none is in Iberia; a Derailments! card whose two
    cards are events says it has no effect."""
    g = ops_game()
    st = g.state
    place(g, 0, EUROPE.city("Madrid").center)
    place(g, 1, EUROPE.city("Wien").center)
    rhein = sorted(k for k in events.area_of(g, event_card("Flood: Rhein")).edges if not EUROPE.is_red_area(*k))
    for k, o in zip(rhein, (0, 0, 1)):
        st.track.segments[k] = o
    events.play_event(g, "Flood: Rhein", drawer=1)
    assert st.log[-1] == ("The Rhein floods: every bridge over it is destroyed (Ann loses 2 bridges; Ben loses 1 "
                          "bridge; the city bridges of Ruhr are out)."), st.log[-1]
    events.play_event(g, "Flood: Ebro", drawer=1)
    assert st.log[-1] == "The Ebro floods: every bridge over it is destroyed (no built bridge)."
    n = len(st.log)
    events.play_event(g, "Iberian Rail Strike", drawer=1)
    assert "Iberian Rail Strike: Ann's train is in Iberia." in st.log[n:]
    assert not any("no train is in" in line for line in st.log[n:])
    for _ in range(3):
        g.apply(EndTurn())
    assert not any(line.startswith("The flood is over: the city bridges of  ") for line in st.log)
    assert "The flood is over: the city bridges of Ruhr are rebuilt." in st.log

    g = ops_game()
    place(g, 0, EUROPE.city("Paris").center)
    place(g, 1, EUROPE.city("Wien").center)
    events.play_event(g, "Iberian Rail Strike", drawer=1)
    assert g.state.log[-1] == "Iberian Rail Strike: no train is in Iberia."
    stack(g, event_card("Fog: London"), event_card("Fog: Frankfurt"))
    n = len(g.state.log)
    events.play_event(g, "Derailments!", drawer=1)
    assert any("the derailment has no effect" in line for line in g.state.log[n:]), g.state.log[n:]
