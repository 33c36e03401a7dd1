"""Event cards on the Europe board (rulebook: Event Card Effects and its subsections).

Positions are set up directly in the game state (train positions, track, the top of the draw pile), then
events are played with :func:`eb_core.events.play_event` or drawn through real actions; the rulebook's
worked examples (Half-Rate Movement, Losing Turns A and B, Trella's Ebro bridge) are replayed move by move.
"""
import pytest
from support import (
    DECK,
    EUROPE,
    demand_card_with,
    ebro_bridge_for_ann,
    event_card,
    far_demand_cards,
    lay_track,
    line_from,
    line_towards,
    ops_game,
    place,
    ready_to_deliver,
)

import eb_core as eb
from support import rejects as _rejects
from eb_core import events
from eb_core.actions import Build, Deliver, EndTurn, Move, PickUp
from eb_core.events.areas import city_area, coastal_area, country_area, distances_from, inland_area, sea_area
from eb_core.track import seg_key


def rejects(g, action, rule_prefix="Event Card Effects"):
    return _rejects(g, action, rule_prefix, prefix=True)


def active_kinds(g):
    return [a["kind"] for a in g.state.active_events]


# ------------------------------------------------------------------------------ Half-Rate Movement
def fog_line():
    g = ops_game(speed=12)
    path = line_towards(EUROPE, "Frankfurt", 12)
    lay_track(g, 0, path)
    return g, path


def test_fog_12_speed_train_that_spent_7_then_enters_the_fog_moves_3_more():
    g, path = fog_line()
    place(g, 0, path[0])
    events.play_event(g, "Fog: Frankfurt")
    g.apply(Move(path[1:8]))                     # 7 steps, down to 5 mileposts from Frankfurt
    p = g.state.players[0]
    assert p.moves_used == 7 and not p.half_rate, g.state.log[-1]
    assert g.longest_legal_move(path[8:]) == tuple(path[8:11]), g.state.log[-3:]
    g.apply(Move(path[8:11]))                    # onto the milepost 4 away: 5 points left -> 3 steps
    assert p.half_rate and p.position == path[10]
    rejects(g, Move([path[11]]), "Operations Phase Rules")


def test_fog_train_starting_in_the_fog_moves_6_even_after_leaving_it():
    g, path = fog_line()
    out = path[::-1][4:]                         # from 4 away from Frankfurt, outwards
    place(g, 0, out[0])
    events.play_event(g, "Fog: Frankfurt")
    g.apply(Move(out[1:7]))
    p = g.state.players[0]
    d = distances_from(EUROPE, [EUROPE.city("Frankfurt").center])
    assert p.half_rate and p.moves_used == 12 and d[p.position] == 10, g.state.log[-1]
    rejects(g, Move([out[7]]), "Operations Phase Rules")


def test_without_fog_the_same_train_moves_12():
    g, path = fog_line()
    place(g, 0, path[0])
    g.apply(Move(path[1:13]))
    assert g.state.players[0].moves_used == 12 and not g.state.players[0].half_rate


def ferry_setup(g, seat=0, steps=7):
    """Stage ``seat``'s train at a North Sea ferry port with the ferry and track from the far port."""
    for cr in EUROPE.ferries:
        for port, far in (cr.ports, cr.ports[::-1]):
            try:
                path = line_from(EUROPE, far, steps)
            except AssertionError:
                continue
            if port in sea_area(EUROPE, "Northern Seas", 4):
                break
        else:
            continue
        break
    crossing = cr.name
    g.state.track.add_crossing(seat, crossing)
    lay_track(g, seat, path)
    place(g, seat, port)
    g.state.players[seat].staged = True
    return port, path


def test_ferry_12_speed_train_leaving_a_staged_port_gets_5_mileposts_away():
    g = ops_game(speed=12)
    _, path = ferry_setup(g)
    g.apply(Move(path[:6]))                      # the crossing, then 5 mileposts
    p = g.state.players[0]
    assert p.half_rate and p.moves_used == 12 and p.position == path[5], g.state.log[-1]
    rejects(g, Move([path[6]]), "Operations Phase Rules")


def test_no_half_of_half_rate_fog_and_gale_together():
    g = ops_game(speed=12)
    london = EUROPE.city("London").center
    assert london in sea_area(EUROPE, "Northern Seas", 4) and london in city_area(EUROPE, "London", 4)
    path = line_from(EUROPE, london, 8)
    lay_track(g, 0, path)
    place(g, 0, london)
    events.play_event(g, "Fog: London")
    events.play_event(g, "Gales: Northern Seas")
    g.apply(Move(path[1:7]))
    assert g.state.players[0].moves_used == 12 and g.state.players[0].position == path[6]
    rejects(g, Move([path[7]]), "Operations Phase Rules")


# ------------------------------------------------------------------------------ Counting Mileposts
def test_milan_and_berlin_centres_are_4_from_the_coast_strikes_treat_whole_cities_by_their_centre():
    coast, inland = coastal_area(EUROPE, 3), inland_area(EUROPE, 3)
    for name in ("Milano", "Berlin"):
        c = EUROPE.city(name)
        assert min(int(v[c.center]) for v in EUROPE.seas.values()) == 4
        assert not set(c.mileposts) & coast, name            # Longshoremen: all of the city unaffected
        assert set(c.mileposts) <= inland, name              # Teamsters: all of it shut down


def test_a_major_city_is_all_in_or_all_out_of_a_city_area():
    for city, r in (("Frankfurt", 4), ("Torino", 4), ("London", 4), ("Zürich", 4)):
        area = city_area(EUROPE, city, r)
        for c in EUROPE.cities:
            if c.has_red_area:
                inside = {m in area for m in c.mileposts}
                assert len(inside) == 1, (city, c.name)


def test_sevilla_is_within_4_of_both_atlantic_and_mediterranean_the_chunnel_is_in_no_weather_area():
    sev = EUROPE.city("Sevilla").center
    assert sev in sea_area(EUROPE, "Atlantic", 4) and sev in sea_area(EUROPE, "Mediterranean", 4)
    chunnel = set(EUROPE.crossing("Chunnel").mileposts)
    assert not chunnel & city_area(EUROPE, "London", 12)
    assert not chunnel & sea_area(EUROPE, "Northern Seas", 4)


# ------------------------------------------------------------------------------ Durations and expiry
def test_one_round_event_lasts_through_the_drawing_players_next_turn():
    g = ops_game()
    for s in (0, 1):
        place(g, s, EUROPE.city("Wien").center)
    fog = events.play_event(g, "Fog: Frankfurt")
    assert fog is not None and active_kinds(g) == ["fog"]
    g.apply(EndTurn())                           # Ann's turn in which she drew it
    g.apply(EndTurn())                           # Ben
    assert active_kinds(g) == ["fog"]
    g.apply(EndTurn())                           # Ann's next turn: the card is discarded after it
    assert active_kinds(g) == [] and fog["card"] in g.state.discard_pile, g.state.log[-3:]


def test_events_drawn_in_special_build_turns_only_permanent_ones_take_effect():
    g = eb.Game.new("europe-standard", board=EUROPE, deck=DECK, players=["Ann", "Ben"], seed=3)
    assert g.state.special_round == 1
    assert events.play_event(g, "Fog: Frankfurt") is None
    assert events.play_event(g, "Derailments!") is None
    boom = events.play_event(g, "Irish Economy Booming")
    assert active_kinds(g) == ["irish-boom"] and boom["duration"] == "permanent"
    assert event_card("Fog: Frankfurt").id in g.state.discard_pile


def test_permanent_irish_boom_adds_4_to_every_delivery_to_dublin_for_the_rest_of_the_game():
    g = ops_game()
    card, dem = ready_to_deliver(g, "Dublin")
    p = g.state.players[0]
    place(g, 1, EUROPE.city("Wien").center)
    events.play_event(g, "Irish Economy Booming")
    for _ in range(6):
        g.apply(EndTurn())
    assert active_kinds(g) == ["irish-boom"]
    cash = p.cash
    g.apply(Deliver(dem.load, card.id))
    assert p.cash - cash == dem.payout + 4, g.state.log[-2:]


# ------------------------------------------------------------------------------ Heavy Snow
def test_heavy_snow_half_rate_and_no_moving_or_building_on_its_mountain_mileposts():
    g = ops_game(speed=12)
    area = city_area(EUROPE, "Torino", 4)
    blocked = events.area_of(g, event_card("Heavy Snow: Torino")).blocked
    assert blocked and all(EUROPE.milepost(m).terrain in ("mountain", "alpine") for m in blocked)
    # a milepost of the area next to a blocked one and to a free one
    a, b, x = next((a, b, x) for a in sorted(area - blocked) if EUROPE.city_at(a) is None
                   for b in EUROPE.neighbors(a) if b in blocked
                   for x in EUROPE.neighbors(a) if x not in blocked and EUROPE.city_at(x) is None)
    lay_track(g, 0, [x, a, b])
    place(g, 0, a)
    events.play_event(g, "Heavy Snow: Torino")
    err = rejects(g, Move([b]))
    assert "snow" in err.reason and "Torino" in err.reason
    g.apply(Move([x]))                                    # half rate, but allowed
    assert g.state.players[0].half_rate
    g.state.track.segments.pop(seg_key(a, b))
    err = rejects(g, Build([a, b]))
    assert "snow" in err.reason


# ------------------------------------------------------------------------------ Gales
def test_northern_seas_gale_no_staging_and_no_leaving_a_staged_port():
    g = ops_game(speed=12)
    port, path = ferry_setup(g)
    events.play_event(g, "Gales: Northern Seas")
    err = rejects(g, Move([path[0]]))
    assert "closed" in err.reason
    rejects(g, Move([port]))                              # not even to the port on the same side
    land = g.track_neighbors(port)
    if land:
        rejects(g, Move([land[0]]))


def test_a_train_ending_its_turn_on_a_closed_ferry_port_is_not_staged():
    g = ops_game()
    port = EUROPE.crossing("Harwich–IJmuiden").ports[0]
    place(g, 0, port)
    place(g, 1, EUROPE.city("Wien").center)
    events.play_event(g, "Gales: Northern Seas")
    g.apply(EndTurn())
    assert not g.state.players[0].staged


def test_gale_half_rate_near_the_coast_and_no_building_there():
    g = ops_game(speed=12)
    area = sea_area(EUROPE, "Mediterranean", 4)
    start = EUROPE.city("Marseille").center
    path = line_from(EUROPE, start, 7)
    lay_track(g, 0, path)
    place(g, 0, start)
    events.play_event(g, "Gales: Mediterranean")
    g.apply(Move(path[1:7]))
    assert g.state.players[0].half_rate and g.state.players[0].moves_used == 12
    a, b, c = next((a, b, c) for a in sorted(area) if EUROPE.city_at(a) is None and a not in path
                   for b in EUROPE.neighbors(a) for c in EUROPE.neighbors(a)
                   if b != c and EUROPE.city_at(b) is None and EUROPE.city_at(c) is None)
    g.state.track.segments[seg_key(a, c)] = 0
    err = rejects(g, Build([a, b]))
    assert "gale" in err.reason.lower()


# ------------------------------------------------------------------------------ Strikes, tax
@pytest.mark.parametrize("title, city, blocked", [
    ("Longshoremen's Strike", "Napoli", True), ("Longshoremen's Strike", "Milano", False),
    ("Teamsters' Strike", "Milano", True), ("Teamsters' Strike", "Napoli", False)])
def test_longshoremen_stop_coastal_deliveries_not_milan_teamsters_stop_all_of_milan(title, city, blocked):
    g = ops_game()
    card = demand_card_with(city)
    dem = next(d for d in card.demands if d.city == city)
    g.state.players[0].hand[0] = card.id
    c = EUROPE.city(city)
    place(g, 0, c.mileposts[-1], [dem.load])
    events.play_event(g, title)
    if blocked:
        err = rejects(g, Deliver(dem.load, card.id))
        assert "coast" in err.reason
    else:
        g.apply(Deliver(dem.load, card.id))


def test_longshoremen_stop_pickups_at_a_coastal_source():
    g = ops_game()
    nap = EUROPE.city("Napoli")
    place(g, 0, nap.center)
    events.play_event(g, "Longshoremen's Strike")
    assert g.legal_pickups() == []
    rejects(g, PickUp("Tobacco"))


def test_wildcat_strike_stops_the_drawing_players_building_only():
    g = ops_game()
    for s in (0, 1):
        place(g, s, EUROPE.city("Wien").center)
    events.play_event(g, "Wildcat Strike", drawer=0)
    berlin = EUROPE.city("Berlin")
    a = berlin.mileposts[1]
    b = next(b for b in EUROPE.neighbors(a) if b not in berlin.mileposts)
    err = rejects(g, Build([a, b]))
    assert "Wildcat" in err.reason
    g.apply(EndTurn())
    g.apply(Build([a, b]))                                # Ben may build
    assert g.state.track.owner(a, b) == 1


def test_iberian_rail_strike_trains_in_spain_and_portugal_lose_a_turn():
    g = ops_game(("Ann", "Ben", "Cid"))
    place(g, 0, EUROPE.city("Madrid").center)
    place(g, 1, EUROPE.city("Lisboa").center)
    place(g, 2, EUROPE.city("Paris").center)
    assert EUROPE.city("Madrid").center in country_area(EUROPE, ["ES", "PT"])
    events.play_event(g, "Iberian Rail Strike", drawer=2)
    assert [p.lost_turns for p in g.state.players] == [1, 1, 0]
    g.apply(EndTurn())                                   # Ann's current turn was already over
    assert g.current_player == 2, g.state.log[-4:]       # Ann's and Ben's next turns are lost


def test_excess_profits_tax_by_bracket_and_money_becomes_public():
    g = ops_game(("A", "B", "C", "D", "E"))
    for p, cash in zip(g.state.players, (49, 50, 120, 199, 260)):
        p.cash = cash
    events.play_event(g, "Excess Profits Tax")
    assert [p.cash for p in g.state.players] == [49, 40, 105, 179, 235]
    assert g.state.flags["money_public"] is True
    # the log says each player's tax in words; under the first bracket, that nothing is due and why
    assert "Excess Profits Tax: A pays nothing (cash 49M, under the 50M the tax starts at)." in g.state.log
    assert "Excess Profits Tax: B pays 10M (cash now 40M)." in g.state.log
    assert event_card("Excess Profits Tax").id in g.state.discard_pile and active_kinds(g) == []


# ------------------------------------------------------------------------------ Derailments
def stack(g, *cards):
    """Put ``cards`` on top of the draw pile, the first drawn first (taken from wherever they were)."""
    st = g.state
    for c in reversed(cards):
        assert not any(c.id in p.hand for p in st.players), f"card {c.id} is in a hand"
        for pile in (st.draw_pile, st.discard_pile):
            if c.id in pile:
                pile.remove(c.id)
        st.draw_pile.append(c.id)


def test_derailment_two_demand_cards_trains_near_their_cities_lose_a_turn_and_the_least_useful_load():
    g = ops_game(("Ann", "Ben", "Cid"))
    c1 = demand_card_with("Wien")
    c2 = demand_card_with("Madrid", avoid=[d.city for d in c1.demands])
    near = distances_from(EUROPE, [EUROPE.city("Madrid").center])
    ben_at = next(int(m) for m in (near == 3).nonzero()[0] if EUROPE.city_at(int(m)) is None)
    place(g, 0, EUROPE.city("Wien").mileposts[2], ["Wine", "Coal"])
    place(g, 1, ben_at, ["Cheese"])
    place(g, 2, EUROPE.city("Oslo").center, ["Fish"])
    g.state.players[1].prev = EUROPE.neighbors(ben_at)[0]
    before = [(p.position, p.prev, p.staged) for p in g.state.players]
    coal = next(c.id for c in DECK.demand_cards if any(d.load == "Coal" for d in c.demands)
                and c.id not in (c1.id, c2.id))
    plain = [c.id for c in DECK.demand_cards if c.id not in (c1.id, c2.id, coal)
             and not {d.load for d in c.demands} & {"Coal", "Wine"}]
    for p in g.state.players:                           # hands known to the test, none of them stacked
        p.hand = []
    g.state.players[0].hand = [coal, *plain[:2]]
    stack(g, c1, c2)
    events.play_event(g, "Derailments!", drawer=2)
    st = g.state
    assert [p.loads for p in st.players] == [["Coal"], [], ["Fish"]], st.log[-6:]
    assert [p.lost_turns for p in st.players] == [1, 1, 0]
    assert [(p.position, p.prev, p.staged) for p in st.players] == before      # restored where it stood
    assert st.players[0].no_pickup and not st.players[2].no_pickup
    assert c1.id in st.discard_pile and c2.id in st.discard_pile
    assert st.flags["last_derailment"]["derailed"] == [0, 1]
    # the log says each thing once: where the train derails, the load lost, the turn lost
    ann = [ln for ln in st.log if ln.startswith("Ann")]
    assert ann[-3:] == [f"Ann's train derails at {EUROPE.place(EUROPE.city('Wien').mileposts[2])}: it stays there, "
                        "facing the same way.", "Ann loses a load of Wine.", "Ann loses a turn."], ann[-3:]


def test_a_train_near_two_of_the_cities_is_derailed_once():
    g = ops_game()
    c1 = demand_card_with("Wien")
    c2 = demand_card_with("Wien", avoid=[d.city for d in c1.demands if d.city != "Wien"])
    assert c2.id != c1.id or pytest.skip("one card only")
    place(g, 0, EUROPE.city("Wien").center, ["Wine", "Coal", "Beer"])
    place(g, 1, EUROPE.city("Oslo").center)
    stack(g, c1, c2)
    events.play_event(g, "Derailments!", drawer=1)
    assert len(g.state.players[0].loads) == 2


def test_derailment_demand_then_event_only_that_cards_cities_then_the_event_is_resolved():
    g = ops_game()
    place(g, 0, EUROPE.city("Wien").center, ["Wine"])
    place(g, 1, EUROPE.city("Oslo").center, ["Fish"])
    c1 = demand_card_with("Wien")
    stack(g, c1, event_card("Fog: Frankfurt"))
    events.play_event(g, "Derailments!", drawer=1)
    assert g.state.players[0].loads == [] and g.state.players[1].loads == ["Fish"]
    assert active_kinds(g) == ["fog"]


def test_derailment_two_events_no_derailment_events_resolved_in_order():
    g = ops_game()
    place(g, 0, EUROPE.city("Wien").center, ["Wine"])
    place(g, 1, EUROPE.city("Oslo").center)
    stack(g, event_card("Fog: London"), event_card("Fog: Frankfurt"))
    events.play_event(g, "Derailments!", drawer=1)
    assert g.state.players[0].loads == ["Wine"] and g.state.players[0].lost_turns == 0
    assert [g.deck.card(a["card"]).title for a in g.state.active_events] == ["Fog: London", "Fog: Frankfurt"]


def test_the_player_chooses_the_load_lost_through_a_policy_checked_against_the_train():
    g = ops_game()
    place(g, 0, EUROPE.city("Wien").center, ["Wine", "Coal"])
    place(g, 1, EUROPE.city("Oslo").center)
    events.set_load_policy(g, lambda game, seat, loads: "Wine")
    stack(g, demand_card_with("Wien"), *far_demand_cards(EUROPE, EUROPE.city("Wien").mileposts, 1))
    events.play_event(g, "Derailments!", drawer=1)
    assert g.state.players[0].loads == ["Coal"]
    events.set_load_policy(g, lambda game, seat, loads: "Gold")
    stack(g, demand_card_with("Wien"), *far_demand_cards(EUROPE, EUROPE.city("Wien").mileposts, 1))
    g.state.players[0].loads.append("Wine")
    g.state.bank["Wine"] -= 1
    worst = events.least_valuable_load(g, 0, ["Coal", "Wine"])
    with pytest.warns(RuntimeWarning, match="Gold"):
        events.play_event(g, DECK.event_cards[1].id, drawer=1)
    assert g.state.players[0].loads == [ld for ld in ("Coal", "Wine") if ld != worst], "the default choice"
    assert any("policy chose 'Gold'" in line for line in g.state.log)


def test_losing_turns_example_b_two_derailments_before_the_lost_turn_cost_two_loads_one_turn():
    g = ops_game()
    wien = EUROPE.city("Wien")
    place(g, 0, wien.center, ["Wine", "Coal", "Beer"])
    place(g, 1, EUROPE.city("Oslo").center)
    g.state.current = 1
    derails = [c for c in DECK.event_cards if c.kind == "derailment"]
    for d in derails[:2]:
        stack(g, demand_card_with("Wien"), *far_demand_cards(EUROPE, wien.mileposts, 1))
        events.play_event(g, d.id, drawer=1)
    ann = g.state.players[0]
    assert len(ann.loads) == 1 and ann.lost_turns == 1
    g.apply(EndTurn())                                  # Ben's turn ends; Ann loses one turn only
    assert g.current_player == 1 and ann.lost_turns == 0
    # a third derailment after the lost turn costs the next turn as well
    stack(g, demand_card_with("Wien"), *far_demand_cards(EUROPE, wien.mileposts, 1))
    events.play_event(g, derails[2].id, drawer=1)
    assert ann.loads == [] and ann.lost_turns == 1
    g.apply(EndTurn())
    assert g.current_player == 1


def test_losing_turns_example_a_derailed_by_your_own_draw_the_turn_ends_after_refilling_the_hand():
    g = ops_game()
    wien = EUROPE.city("Wien")
    cards = [c for c in DECK.demand_cards if any(d.city == "Wien" for d in c.demands)][:2]
    dem = [next(d for d in c.demands if d.city == "Wien") for c in cards]
    ann = g.state.players[0]
    ann.hand[:2] = [c.id for c in cards]
    place(g, 0, wien.center, [dem[0].load, dem[1].load, "Fish"])
    place(g, 1, EUROPE.city("Oslo").center)
    refill = far_demand_cards(EUROPE, wien.mileposts, 1)[0]
    other_wien = next(c for c in DECK.demand_cards if c not in cards and any(d.city == "Wien" for d in c.demands))
    stack(g, event_card("Derailments!"), other_wien, *far_demand_cards(EUROPE, wien.mileposts, 2)[1:], refill)
    g.apply(Deliver(dem[0].load, cards[0].id))
    assert g.current_player == 1, g.state.log[-6:]       # Ann's turn ended at once
    assert len(ann.hand) == 3 and refill.id in ann.hand
    assert ann.loads == [dem[1].load] and ann.lost_turns == 1    # lost the unwanted Fish
    g.apply(EndTurn())                                   # Ben; Ann's next turn is lost
    assert g.current_player == 1
    g.apply(EndTurn())
    assert g.current_player == 0
    g.apply(Deliver(dem[1].load, cards[1].id))           # now the second load can be delivered


# ------------------------------------------------------------------------------ Floods
def test_flood_erases_every_bridge_over_the_river_and_stops_moving_over_it_city_bridges_too():
    g = ops_game()
    rhein = events.area_of(g, event_card("Flood: Rhein")).edges
    mine = sorted(k for k in rhein if not EUROPE.is_red_area(*k))[:3]
    other = next(e.key for e in EUROPE.edges if not e.rivers and not EUROPE.is_red_area(*e.key))
    for k in mine:
        g.state.track.segments[k] = 0
    g.state.track.segments[other] = 1
    red = next(k for k in rhein if EUROPE.is_red_area(*k))
    place(g, 0, red[0])
    place(g, 1, EUROPE.city("Oslo").center)
    fl = events.play_event(g, "Flood: Rhein")
    assert not any(k in g.state.track.segments for k in mine) and g.state.track.segments[other] == 1
    assert fl["data"]["destroyed"] == [[k[0], k[1], 0] for k in mine]
    err = rejects(g, Move([red[1]]))
    assert "flooding" in err.reason
    for _ in range(3):
        g.apply(EndTurn())
    assert active_kinds(g) == [] and any("rebuilt" in line for line in g.state.log)
    g.apply(EndTurn())                                   # Ben
    g.apply(Move([red[1]]))                              # the city bridge is back


def test_trella_ebro_example_first_right_to_rebuild_waits_for_a_turn_she_could_have_rebuilt():
    """Rulebook: Floods, example. Ebro flood destroys Trella's bridge; her next turn a Wildcat strike
    stops her building; then she loses a turn to the Iberian Rail Strike; then the Mediterranean Gales
    stop her; her next turn is her first opportunity, and only after it may Ben build there."""
    g = ops_game(("Trella", "Ben"), current=1)
    med = sea_area(EUROPE, "Mediterranean", 4)
    ebro = events.area_of(g, event_card("Flood: Ebro")).edges
    a, b = next(k for k in sorted(ebro) if k[0] in med and k[1] in med)
    st = g.state
    st.track.segments[(a, b)] = 0
    ben_to, hers = [c for c in EUROPE.neighbors(a) if c != b and seg_key(a, c) not in ebro
                    and EUROPE.city_at(c) is None][:2]
    st.track.segments[seg_key(ben_to, a)] = 1             # Ben's track reaches the bridge's end
    st.track.segments[seg_key(hers, a)] = 0               # and so does the rest of Trella's
    place(g, 0, EUROPE.city("Valencia").center)
    place(g, 1, EUROPE.city("Paris").center)
    for p in st.players:
        p.cash = 100
    trella = st.players[0]

    def ben_cannot():
        st.phase = "build"
        rejects(g, Build([a, b]))
        st.phase = "operations"

    events.play_event(g, "Flood: Ebro", drawer=1)        # Ben's turn
    assert (a, b) not in st.track.segments and st.blocked_rebuild == {f"{a}-{b}": 0}
    g.apply(EndTurn())
    events.play_event(g, "Wildcat Strike", drawer=0)     # Trella's turn: no building
    st.phase = "build"
    rejects(g, Build([a, b]))
    g.apply(EndTurn())
    ben_cannot()                                         # Ben's turn; the flood ends after it
    events.play_event(g, "Iberian Rail Strike", drawer=1)
    assert trella.lost_turns == 1
    g.apply(EndTurn())                                   # ... and Trella's turn is lost
    assert g.current_player == 1 and "Flood: Ebro" not in [g.deck.card(x["card"]).title for x in st.active_events]
    ben_cannot()                                         # the bridge is still Trella's to rebuild
    events.play_event(g, "Gales: Mediterranean", drawer=1)
    g.apply(EndTurn())
    assert g.current_player == 0
    st.phase = "build"
    err = rejects(g, Build([a, b]))                      # Trella moves, but the gale stops the rebuild
    assert "gale" in err.reason.lower()
    g.apply(EndTurn())
    ben_cannot()
    assert st.blocked_rebuild == {f"{a}-{b}": 0}
    g.apply(EndTurn())                                   # the gale ends after Ben's turn
    assert g.current_player == 0 and active_kinds(g) == []
    g.apply(EndTurn())                                   # her first real chance: she passes
    assert st.blocked_rebuild == {}
    assert (f"Trella has had a turn to rebuild the bridge {EUROPE.between(a, b)} and did not: anyone may build "
            "there now.") in st.log[-3:], st.log[-3:]
    st.phase = "build"
    g.apply(Build([a, b]))                               # now Ben may build there
    assert st.track.owner(a, b) == 1, st.log[-3:]


# ------------------------------------------------------------------------------ rulesets and tiebreaks
def test_faster_game_ignores_derailments_and_the_tax():
    g = eb.Game.new(eb.ruleset("europe-standard", "faster-game"), board=EUROPE, deck=DECK, players=["A", "B"],
                    seed=1)
    in_deck = {g.deck.card(c).kind for c in g.state.draw_pile if not hasattr(g.deck.card(c), "demands")}
    assert "derailment" not in in_deck and "tax" not in in_deck and "fog" in in_deck
    assert {c.kind for c in events.deck_events(g)} == in_deck


@pytest.mark.parametrize("base", ["europe-standard", "europe-basic"])
@pytest.mark.parametrize("title", ["Excess Profits Tax", "Derailments!"])
def test_faster_game_has_no_tax_or_derailment_card_to_play(base, title):
    """Faster Game: "remove the Excess Profits Tax Event card and all Derailment Event cards from the game" --
    the instructor cannot play a card that is not in the box, and trying changes nothing."""
    g = ops_game(rules=eb.ruleset(base, "faster-game"))
    g.state.players[0].cash = 120
    before = g.to_json()
    with pytest.raises(eb.InvalidAction) as err:
        events.play_event(g, title)
    assert err.value.field == "which"
    assert "faster-game" in str(err.value) and title in str(err.value) and "Faster Game" in str(err.value)
    assert g.to_json() == before                     # not charged, not put on the discard pile to come back
    events.play_event(g, "Fog: Frankfurt")           # the cards Faster Game keeps still play
    assert active_kinds(g) == ["fog"]


def test_without_events_no_event_card_can_be_played():
    g = ops_game(rules=eb.ruleset("europe-standard", "no-events"))
    before = g.to_json()
    with pytest.raises(eb.InvalidAction, match="no-events") as err:
        events.play_event(g, "Fog: Frankfurt")
    assert err.value.field == "which" and g.to_json() == before


def _tax_on_top(g):
    tax = event_card("Excess Profits Tax").id
    for pile in (g.state.draw_pile, g.state.discard_pile):
        if tax in pile:
            pile.remove(tax)
    g.state.draw_pile.append(tax)
    g.state.discard_pile.extend([g.state.draw_pile.pop(0) for _ in range(3)])   # something to reshuffle
    g.state.players[0].cash = 120
    return tax


def test_under_reshuffle_playing_the_tax_removes_it_and_reshuffles_the_deck_as_drawing_it_does():
    """Reshuffle: "When the Excess Profits Tax event card is drawn, remove that card from the game and
    reshuffle the deck." Playing the card does what drawing it does."""
    drawn, played = (ops_game(rules=eb.ruleset("europe-standard", "reshuffle")) for _ in range(2))
    tax = _tax_on_top(drawn)
    assert _tax_on_top(played) == tax
    cards = sorted(played.state.draw_pile + played.state.discard_pile)
    drawn.draw_until_demand(0)                       # Ann draws the tax (then a demand card)
    assert events.play_event(played, "Excess Profits Tax", drawer=0) is None
    for g in (drawn, played):
        st = g.state
        assert st.removed_cards == [tax] and st.discard_pile == [] and tax not in st.draw_pile, st.log[-3:]
        assert st.players[0].cash == 105 and st.flags["money_public"] is True    # the tax is still paid
        assert st.shuffles == 1 and any(line.startswith("Reshuffle: Excess Profits Tax") for line in st.log)
    assert sorted(played.state.draw_pile) == [c for c in cards if c != tax]     # the whole deck, reshuffled
    before = played.to_json()
    with pytest.raises(eb.InvalidAction, match="Reshuffle") as err:             # it is out of the game now
        events.play_event(played, "Excess Profits Tax")
    assert err.value.field == "which" and played.to_json() == before


def test_without_reshuffle_the_played_tax_goes_to_the_discard_pile():
    g = ops_game()
    tax = _tax_on_top(g)
    events.play_event(g, "Excess Profits Tax")
    assert g.state.removed_cards == [] and tax in g.state.discard_pile and g.state.shuffles == 0


def test_field_warehousing_a_played_event_on_a_warehouse_city_returns_its_loads_to_the_bank():
    """Field Warehousing: "If any event affects a city with a Field Warehouse, all of its loads are returned
    to the bank" -- whether the event is drawn or played."""
    g = ops_game(rules=eb.ruleset("europe-standard", "field-warehousing"))
    st = g.state
    st.warehouses = {"Stuttgart": {"Fish": 2}, "Lyon": {"Wine": 1}}     # the Frankfurt fog covers Stuttgart
    st.bank["Fish"] -= 2
    st.bank["Wine"] -= 1
    chips, fish = st.chips_total(), st.bank["Fish"]
    events.play_event(g, "Fog: Frankfurt")
    assert st.warehouses == {"Lyon": {"Wine": 1}} and st.bank["Fish"] == fish + 2
    assert st.chips_total() == chips and any("Stuttgart" in line for line in st.log[-2:])


def test_events_drawn_in_the_sudden_death_tiebreaker_are_discarded_without_effect():
    g = ops_game()
    g.state.sudden_death = [0, 1]
    assert events.play_event(g, "Fog: Frankfurt") is None and active_kinds(g) == []
    assert event_card("Fog: Frankfurt").id in g.state.discard_pile


def test_fog_slows_trains_but_does_not_stop_building():
    g = ops_game()
    fog = city_area(EUROPE, "Frankfurt", 4)
    a, b, c = next((a, b, c) for a in sorted(fog) if EUROPE.city_at(a) is None
                   for b in EUROPE.neighbors(a) for c in EUROPE.neighbors(a)
                   if b != c and b in fog and EUROPE.city_at(b) is None and EUROPE.city_at(c) is None)
    g.state.track.segments[seg_key(a, c)] = 0
    place(g, 0, EUROPE.city("Frankfurt").center)
    place(g, 1, EUROPE.city("Wien").center)
    events.play_event(g, "Fog: Frankfurt")
    g.apply(Build([a, b]))
    assert g.state.track.owner(a, b) == 0, g.state.log[-1]


def test_a_train_with_no_load_still_loses_the_turn():
    g = ops_game()
    place(g, 0, EUROPE.city("Wien").center)
    place(g, 1, EUROPE.city("Oslo").center)
    stack(g, demand_card_with("Wien"), *far_demand_cards(EUROPE, EUROPE.city("Wien").mileposts, 1))
    events.play_event(g, "Derailments!", drawer=1)
    assert g.state.players[0].lost_turns == 1 and g.state.players[0].loads == []
    assert not g.state.players[0].no_pickup
    assert any("carries no load" in line for line in g.state.log)


def _flood_after_announcing():
    """Ann (300M) joins Wien and Berlin over the Elbe, two major cities being all victory needs here, and
    announces; then the Elbe floods and her bridge is gone. Returns the game, the bridge's segment and the
    cost of building it again."""
    from eb_core.costs import segment_cost
    from eb_core.positions import position_from_text

    g = position_from_text("""
    board: europe
    ruleset: europe-standard
    player Ann: cash 300, at Wien, track Wien-Berlin
    player Ben: cash 40, at Paris
    """)
    g.rules = g.rules.with_(victory_majors=2)
    elbe = [k for k, o in g.state.track.segments.items() if o == 0 and "Elbe" in EUROPE.edge(*k).rivers]
    assert len(elbe) == 1
    g.apply(EndTurn())
    assert g.state.players[0].announced
    events.play_event(g, "Flood: Elbe", drawer=1)
    return g, elbe[0], segment_cost(EUROPE, g.rules, *elbe[0]).total


def test_a_bridge_rebuilt_by_its_owner_after_the_flood_stays_hers():
    """Floods 4: "each player must be given an opportunity to rebuild any of their bridges that were
    destroyed" -- Trella rebuilds hers at her first turn after the flood; it is her track again, and the log
    does not say it is open to anyone."""
    g = ops_game(("Trella", "Ben"), current=1)
    a, b = ebro_bridge_for_ann(g)
    st = g.state
    ebro = events.area_of(g, event_card("Flood: Ebro")).edges
    hers = next(c for c in EUROPE.neighbors(b) if c != a and seg_key(b, c) not in ebro and EUROPE.city_at(c) is None)
    st.track.segments[seg_key(b, hers)] = 0              # the rest of Trella's line, on the far bank
    events.play_event(g, "Flood: Ebro", drawer=1)        # Ben's turn
    g.apply(EndTurn())
    g.apply(EndTurn())                                   # Trella's turn: the river still floods
    g.apply(EndTurn())                                   # Ben's turn; the flood ends after it
    assert g.current_player == 0 and active_kinds(g) == []
    st.phase = "build"
    g.apply(Build([b, a]))                               # from her side of the river
    g.apply(EndTurn())
    assert st.track.owner(a, b) == 0 and st.blocked_rebuild == {}
    assert not any("anyone may build" in line for line in st.log), st.log[-4:]


def test_final_scoring_a_player_whose_track_a_flood_cut_after_announcing_rebuilds_it_and_pays():
    """Ending the Game > Final Scoring 1: the winner rebuilds the destroyed track at the usual cost."""
    g, bridge, cost = _flood_after_announcing()
    assert len(g.connected_majors(0)) < 2
    g.apply(EndTurn())                                   # end of the round: final scoring
    assert g.over and g.winners == [0]
    assert g.state.players[0].cash == 300 - cost and g.state.track.owner(*bridge) == 0, g.state.log[-3:]


def test_final_scoring_a_player_with_exactly_the_rebuild_cost_rebuilds():
    """Final Scoring Phase 1: rebuild "paying the usual build cost" -- No Credit lets a player spend every
    million, so cash equal to the cost is enough (and leaves 0)."""
    g, bridge, cost = _flood_after_announcing()
    g.state.players[0].cash = cost
    g.apply(EndTurn())                                   # end of the round: final scoring
    assert g.over
    assert g.state.track.owner(*bridge) == 0 and g.state.players[0].cash == 0, g.state.log[-3:]


def test_heavy_snow_names_only_the_terrain_its_area_has():
    """Heavy Snow stops movement on the area's mountain and alpine mileposts; the North America board has no
    alpine class, so Denver's snow says "its mountain mileposts" and Torino's (Europe) both."""
    from eb_core.events import areas
    na, na_deck = eb.load_board("north_america"), eb.load_deck("north_america")
    denver = next(c for c in na_deck.event_cards if c.title == "Heavy Snow: Denver")
    assert areas.event_area(na, denver).text.endswith("on its mountain mileposts")
    eu, eu_deck = eb.load_board("europe"), eb.load_deck("europe")
    torino = next(c for c in eu_deck.event_cards if c.title == "Heavy Snow: Torino")
    assert "mountain and alpine mileposts" in areas.event_area(eu, torino).text


def test_a_train_staged_before_a_gale_stays_staged_and_crosses_when_it_is_over():
    """Changes from Eurorails 2009: "you may not ... move from being staged at any ferry port during the
    Northern Seas Gale event, however, you no longer lose a turn and a load if you are staged when that Gale
    is drawn" -- the train waits on the port and crosses once the gale is over, without staging again."""
    g = eb.position("board: europe\nplayer Ben: cash 60, at Wien\n"
                    "player Ann: cash 60, at 1529, staged, loads Wine, ferry Harwich–IJmuiden")
    events.play_event(g, "Gales: Northern Seas", drawer=0)      # Ben draws it in his turn
    g.apply(EndTurn())
    assert not eb.try_action(g, Move([1570])).accepted        # the gale holds Ann on the port ...
    g.apply(EndTurn())
    assert g.state.players[1].staged                          # ... still staged
    g.apply(EndTurn())                                        # Ben's next turn: the gale is over
    assert active_kinds(g) == [] and eb.try_action(g, Move([1570])).accepted


def test_under_pay_to_load_a_pick_up_does_not_free_a_train_a_gale_holds_on_its_port():
    """A pick-up costs a movement point under Pay To Load And Deliver; the train has still not moved, so the
    gale still holds it ("you may not ... move from being staged")."""
    g = eb.position("board: europe\nruleset: europe-standard pay-to-load\n"
                    "player Ann: cash 60, at Dublin, staged, loads none, ferry Liverpool–Dublin, track Dublin-Cork\n"
                    "player Ben: cash 60, at Wien")
    events.play_event(g, "Gales: Atlantic", drawer=1)
    dublin = EUROPE.city("Dublin").center
    inland = next(n for n in EUROPE.neighbors(dublin) if seg_key(n, dublin) in g.state.track.segments)
    assert not eb.try_action(g, Move([inland])).accepted
    g.apply(PickUp("Beer"))
    assert not eb.try_action(g, Move([inland])).accepted


def test_an_event_that_costs_the_drawer_their_turn_ends_it_at_once():
    """Losing Turns: "your current turn ends immediately (after refilling your three cards)" -- the Iberian
    Rail Strike played for Ann, whose train stands in Madrid, ends her turn: Ben is to play."""
    g = ops_game(("Ann", "Ben"))
    place(g, 0, EUROPE.city("Madrid").center)
    place(g, 1, EUROPE.city("Paris").center)
    events.play_event(g, "Iberian Rail Strike", drawer=0)
    assert g.current_player == 1 and g.state.players[0].lost_turns == 1


def test_a_derailment_reaches_a_train_inside_the_chunnel():
    """Movement Using the Chunnel: its three mileposts "are counted for normal movement" and are "not within
    the affected area of weather events" -- a derailment is no weather, and mileposts are counted "the same
    way train movement is counted" (Counting Mileposts): a train inside the Chunnel, 3 mileposts from
    London, derails when a card naming London is drawn, as one at Folkestone does; no fog reaches it."""
    g = eb.position("board: europe\nplayer Ann: cash 60, at 2090, loads Wine, ferry Chunnel, track London-Folkestone\n"
                    "player Ben: cash 60, at Folkestone, loads Coal\nplayer Cid: cash 60, at Wien, loads Oil")
    chunnel = EUROPE.crossing("Chunnel")
    assert 2090 in chunnel.mileposts and EUROPE.mileposts[2090].underground
    london = next(c for c in DECK.demand_cards if any(d.city == "London" for d in c.demands))
    far = next(c for c in DECK.demand_cards if c.id != london.id and not {d.city for d in c.demands}
               & {"London", "Paris", "Bruxelles", "Antwerpen", "Holland", "Birmingham", "Wien"})
    for p in g.state.players:
        p.hand = [c for c in p.hand if c not in (london.id, far.id)]
    stack(g, london, far)
    events.play_event(g, "Derailments!", drawer=2)
    assert [p.lost_turns for p in g.state.players] == [1, 1, 0], g.state.log[-6:]
    assert 2090 not in events.areas.city_area(EUROPE, "London", 4)          # weather: never underground


def test_a_derailment_that_reaches_no_train_says_so():
    """Derailments: the cities of the two cards drawn are named once each, and when no train stands within 3
    mileposts of them the log says that nobody derails (it used to stop at naming the cities)."""
    g = ops_game(("Ann", "Ben"))
    place(g, 0, EUROPE.city("Wien").center)
    place(g, 1, EUROPE.city("Madrid").center)
    trains = [p.position for p in g.state.players]
    cards = far_demand_cards(EUROPE, trains, 2)
    for p in g.state.players:
        p.hand = [c for c in p.hand if c not in {x.id for x in cards}]
    stack(g, *cards)
    n = len(g.state.log)
    events.play_event(g, "Derailments!", drawer=0)
    told = g.state.log[n:]
    assert "No train stands there: nobody derails." in told, told
    named = next(line for line in told if line.startswith("Derailments within 3 mileposts of "))
    cities = [d.city for c in cards for d in c.demands]
    assert all(named.count(c) == 1 for c in cities), named
    assert [p.lost_turns for p in g.state.players] == [0, 0]
