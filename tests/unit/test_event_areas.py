"""Where the Europe deck's event cards reach, and the edges of their effects, pinned to the rulebook's
numbers (Event Card Effects: Counting Mileposts, Half-Rate Movement, Gales, Strikes, Floods; Irish Economy
Booming; Ending the Game > Final Scoring Phase).

Each test fixes one number or one boundary a player meets at the table: a city exactly 4 mileposts from
the coast is in a gale, one exactly 3 from it in the Longshoremen's strike; the step *into* a fog is
already at half rate; a lost turn is no chance to rebuild a flooded bridge.
"""
from support import (EUROPE, ebro_bridge_for_ann, event_card, lay_track, line_towards, ops_game, place,
                     ready_to_deliver, rejects)

from eb_core import events
from eb_core.actions import Build, Deliver, EndTurn
from eb_core.events.areas import event_area
from eb_core.track import seg_key


def _coast(city: str) -> int:
    c = EUROPE.city(city)
    return min(int(v[c.center]) for v in EUROPE.seas.values())


# ------------------------------------------------------------------------------ Counting Mileposts
def test_gales_reach_a_city_whose_centre_is_exactly_4_mileposts_from_that_sea():
    """Counting Mileposts: "The centers of Milan and Berlin are four mileposts from the seacoast"; a Gale
    covers the mileposts within 4 of its sea's coast, so the Mediterranean Gales reach all of Milano and the
    Northern Seas Gales all of Berlin."""
    for title, city in (("Gales: Mediterranean", "Milano"), ("Gales: Northern Seas", "Berlin")):
        assert _coast(city) == 4
        area = event_area(EUROPE, event_card(title)).mileposts
        assert set(EUROPE.city(city).mileposts) <= area, (title, city)


def test_a_city_3_mileposts_from_the_coast_is_struck_by_the_longshoremen_and_not_by_the_teamsters():
    """Strikes: Longshoremen's -- no pickups or deliveries within 3 mileposts of the coast; Teamsters' --
    none farther than 3. Torino and Bruxelles have their centres exactly 3 from the coast."""
    coastal = event_area(EUROPE, event_card("Longshoremen's Strike")).mileposts
    inland = event_area(EUROPE, event_card("Teamsters' Strike")).mileposts
    for city in ("Torino", "Bruxelles"):
        assert _coast(city) == 3
        mps = set(EUROPE.city(city).mileposts)
        assert mps <= coastal and not mps & inland, city


def test_the_chunnel_is_never_more_than_3_mileposts_from_the_coast_so_no_teamsters_strike_reaches_it():
    """The Chunnel runs under the sea: its mileposts are 1 from the coast, never in the Teamsters' area."""
    chunnel = set(EUROPE.crossing("Chunnel").mileposts)
    assert chunnel and all(min(int(v[m]) for v in EUROPE.seas.values()) <= 3 for m in chunnel)
    assert not chunnel & event_area(EUROPE, event_card("Teamsters' Strike")).mileposts


def test_a_gale_closes_every_ferry_port_within_4_mileposts_of_its_coast():
    """Gales: no staging at, or leaving from being staged at, the ferry ports in the gale's area -- also a
    ferry whose far port lies outside it."""
    some = False
    for title in ("Gales: Northern Seas", "Gales: Atlantic", "Gales: Mediterranean"):
        a = event_area(EUROPE, event_card(title))
        for cr in EUROPE.ferries:
            inside = [p for p in cr.ports if p in a.mileposts]
            assert set(inside) <= a.ports, (title, cr.name)
            some = some or len(inside) == 1
    assert some, "the Europe board has a ferry with one port inside a gale's area"


# ------------------------------------------------------------------------------ Half-Rate Movement
def test_fog_the_step_into_the_area_is_already_at_half_rate():
    """Half-Rate Movement: "half rate movement begins with the first movement step to or from a milepost
    which is within the affected area". A 12-speed train with 4 points left, 5 mileposts from Frankfurt in
    the fog, moves 2 more mileposts (2 points each), not 3."""
    g = ops_game(speed=12)
    path = line_towards(EUROPE, "Frankfurt", 12)
    lay_track(g, 0, path)
    place(g, 0, path[7])                         # 5 mileposts from Frankfurt, just outside the fog
    g.state.players[0].moves_used = 8
    events.play_event(g, "Fog: Frankfurt")
    assert g.longest_legal_move(path[8:]) == tuple(path[8:10]), g.state.log[-3:]


# ------------------------------------------------------------------------------ Gales: no building
def test_gale_no_track_built_into_its_area_from_outside():
    """Gales: no track building in the area -- a segment from a milepost outside into one inside is refused."""
    g = ops_game()
    area = event_area(EUROPE, event_card("Gales: Mediterranean")).mileposts
    outside = [m.id for m in EUROPE.mileposts if m.id not in area and EUROPE.city_at(m.id) is None]
    c, a, b = next((c, a, b) for a in outside
                   for b in EUROPE.neighbors(a) if b in area and EUROPE.city_at(b) is None
                   for c in EUROPE.neighbors(a) if c not in area and c != b and EUROPE.city_at(c) is None)
    g.state.track.segments[seg_key(c, a)] = 0
    events.play_event(g, "Gales: Mediterranean")
    g.state.phase = "build"
    err = rejects(g, Build([a, b]), "Event Card Effects", prefix=True)
    assert "gale" in err.reason.lower()


# ------------------------------------------------------------------------------ Irish Economy Booming
def test_irish_boom_adds_nothing_to_a_delivery_outside_ireland():
    """Irish Economy Booming: "All deliveries to Belfast, Dublin, or Cork receive an extra 4 million" --
    only those three cities."""
    g = ops_game()
    card, dem = ready_to_deliver(g, "Paris")
    p = g.state.players[0]
    events.play_event(g, "Irish Economy Booming")
    cash = p.cash
    g.apply(Deliver(dem.load, card.id))
    assert p.cash - cash == dem.payout, g.state.log[-2:]


# ------------------------------------------------------------------------------ Floods
def test_a_lost_turn_is_no_chance_to_rebuild_a_flooded_bridge():
    """Floods 4: "You may not build where another player's bridge was located until that player has taken one
    turn during which they could have rebuilt it" -- a turn Ann loses (Losing Turns) is not such a turn."""
    g = ops_game(("Ann", "Ben"), current=1)
    st = g.state
    a, b = ebro_bridge_for_ann(g)

    def ben_cannot():
        st.phase = "build"
        rejects(g, Build([a, b]), "Event Card Effects", prefix=True)
        st.phase = "operations"

    events.play_event(g, "Flood: Ebro", drawer=1)        # Ben's turn
    assert st.blocked_rebuild == {f"{a}-{b}": 0}
    g.apply(EndTurn())
    g.apply(EndTurn())                                   # Ann's turn: the river still floods
    g.lose_turn(0)                                       # Ann will lose her next turn
    g.apply(EndTurn())                                   # Ben's; the flood ends; Ann's turn is lost
    assert g.current_player == 1 and not st.active_events
    ben_cannot()
    assert st.blocked_rebuild == {f"{a}-{b}": 0}
