"""Delivery economics pinned to figures a player can check by hand (eb_core.economics).

A mutation audit of ``eb_core/economics.py`` found behaviour the rest of the suite did not hold in place;
these tests hold it, on the tutorial board (where the rulebook's worked examples reproduce) with the
standard rules. Rulebook sections (Empire Builder Europe):

* Building Track / Build Phase Rules -- 1M clear, 2M mountain, 5M alpine, +2M river, +3M lake or inlet,
  3M into a small or medium city, 5M into a major city; up to 20M of building a turn; Beginning
  Construction: a first build starts at a major or key city.
* Building Ferry Ports -- "Starting from London, Ed spends 5M to build to Birmingham" (1M + 1M + 3M);
  "it costs 6 million to build to Liverpool / Dublin".
* Movement / Movement Using a Ferry -- a 9-speed train moves 9 mileposts a turn; a ferry takes a staging
  turn and the crossing turn is at half speed.
* Starting the Game > Special Build Turns -- two build turns with no operations phase.
* Picking Up Loads / Delivering Loads -- a train holds 2 loads (3 after an upgrade); "Only one load can
  be delivered from each demand card".
"""
from __future__ import annotations

import re

import pytest
from support import card, own_track

import eb_core as eb
from eb_core.cards import Demand
from eb_core.economics import delivery_table, delivery_value, plan_hand, plan_opening


def places(board, mileposts):
    return [board.place(m) for m in mileposts]


# ==================================================================================== one delivery
def test_tourists_london_to_birmingham_is_drawn_labelled_and_laid_as_the_rulebooks_five_million(board, rules):
    """Building Ferry Ports: London -> Birmingham is 1M + 1M + 3M. The value hands the map its ride (London,
    two clear mileposts, Birmingham), its label (5M) and the track it lays, owned by the player asked for."""
    v = delivery_value(board, rules, Demand("Birmingham", "Tourists", 12))
    assert places(board, v.mileposts) == ["London", "a clear milepost near London", "a clear milepost near Birmingham",
                                          "Birmingham"]
    assert v.cost == 5
    mine = v.track()
    assert len(mine.segments_of(0)) == 3 and not mine.segments_of(1)
    theirs = v.track(1)
    assert len(theirs.segments_of(1)) == 3 and not theirs.segments_of(0)
    # on top of track already there: the old track is kept, the new is added
    base = own_track(board, rules, ("Ruhr", "Frankfurt"))
    both = v.track(0, base=base)
    assert len(both.segments_of(0)) == len(base.segments_of(0)) + 3


def test_a_value_says_its_source_track_ride_and_money_in_words(board, rules):
    """London -> Birmingham (Building Ferry Ports): 5M of track, one build turn of up to 20M, 3 mileposts
    at speed 9 in one turn; 12M over 2 turns is 6.0M a turn, 3.5M after the 5M of track. The other
    source of Tourists (Ruhr) is named with its turns."""
    v = delivery_value(board, rules, Demand("Birmingham", "Tourists", 12))
    assert v.explain() == (
        "deliver Tourists to Birmingham for 12M: pick it up at London (the best of 2 sources; also Ruhr "
        f"{v.options[1][2]} turns). Build 5M of new track (1 build turn at up to 20M), then ride 3 mileposts at "
        "speed 9 (1 turn). 2 turns in all: 6.0M of payout per turn, 3.5M per turn after paying for the track.")
    assert v.options[1][0] == "Ruhr" and v.options[1][2] > v.turns
    assert str(v) == v.explain()


def test_china_to_dublin_has_one_source_buys_the_ferry_and_stages_a_turn(board, rules):
    """China comes only from Birmingham. A first build begins at London (Beginning Construction): London ->
    Birmingham 5M, two clear mileposts 2M and the Liverpool-Dublin ferry 6M (Building Ferry Ports) = 13M,
    one build turn. The ride: 3 mileposts to Liverpool and stage (turn 1), cross to Dublin (turn 2)."""
    v = delivery_value(board, rules, Demand("Dublin", "China", 18))
    assert (v.source, v.build_cost, v.crossings, v.connection) == ("Birmingham", 13, ("Liverpool–Dublin",), ("London", 5))
    assert places(board, v.path) == ["Birmingham", "a clear milepost near Birmingham", "a clear milepost near Birmingham",
                                     "Liverpool", "Dublin"]
    assert (v.build_turns, v.distance, v.travel_turns, v.turns) == (1, 4, 2, 3)
    assert v.explain() == (
        "deliver China to Dublin for 18M: pick it up at Birmingham. Build 13M of new track, buying Liverpool–Dublin, "
        "starting from London as a first build must (1 build turn at up to 20M), then ride 4 mileposts at speed 9 "
        "(2 turns). 3 turns in all: 6.0M of payout per turn, 1.7M per turn after paying for the track.")


def test_a_value_from_a_placed_train_says_where_the_train_is(board, rules):
    """A train standing in Birmingham with Iron demanded in London: it picks the Iron up where it stands and
    rides the 3 mileposts of the rulebook's London -> Birmingham track back (5M to build, one turn each)."""
    v = delivery_value(board, rules, Demand("London", "Iron", 9), start="Birmingham")
    assert v.explain().startswith("From Birmingham, deliver Iron to London for 9M: pick it up at Birmingham")
    assert (v.build_cost, v.distance, v.turns, v.payout_per_turn, v.income_per_turn) == (5, 3, 2, 4.5, 2.0)


def test_a_train_on_a_london_milepost_picks_up_there_and_crosses_the_public_track_inside_london(board, rules):
    """Starting Your Train / Major cities: a train on a milepost of London picks up Tourists where it stands.
    From the milepost the new track leaves, the ride is the rulebook's 3 mileposts to Birmingham; from
    London's centre one more, on the public track inside London's red area."""
    leaves = delivery_value(board, rules, Demand("Birmingham", "Tourists", 12)).path[0]   # where the track leaves
    assert board.city_at(leaves).name == "London"
    for where, ride in ((board.city("London").center, 4), (leaves, 3)):
        p = plan_hand(board, rules, [card(1, ("Birmingham", "Tourists", 12))], start=where)
        assert [str(s) for s in p.stops] == ["pick up Tourists at London", "deliver Tourists at Birmingham"]
        assert (p.build_cost, p.distance, p.turns) == (5, ride, 2)
        assert p.explain().startswith("Best plan of 2 compared: 1 delivery worth 12M -- Tourists from London to "
                                      "Birmingham for 12M. Start at London, then pick up Tourists at London")


def test_track_away_from_your_network_is_joined_to_it(board, rules):
    """Beginning Construction: new track grows from a major or key city or from your own track. With track
    Ruhr -> Hamburg, Chocolate Zürich -> Frankfurt (two small/medium cities) builds 1M + 1M + 3M into Frankfurt
    and a 4M spur from the track's Ruhr end (1M + 3M into Frankfurt): 9M, and says it joins the network."""
    mine = eb.Position(track=own_track(board, rules, ("Ruhr", "Hamburg")), seat=0)
    v = delivery_value(board, rules, Demand("Frankfurt", "Chocolate", 12), position=mine)
    assert (v.source, v.build_cost, v.connection, v.distance, v.turns) == ("Zürich", 9, ("your network", 4), 3, 2)
    assert "Build 9M of new track, joined to your network (1 build turn at up to 20M), then ride 3 mileposts" \
        in v.explain()


def test_the_delivery_table_has_a_row_of_figures_per_demand(board, rules):
    """One row per demand, every column the value's: London -> Birmingham (5M, 3 mileposts, 1 + 1 turns) and
    Birmingham -> Dublin (13M with the 6M Liverpool-Dublin ferry, 4 mileposts, 1 + 2 turns)."""
    t = delivery_table(board, rules, [Demand("Birmingham", "Tourists", 12), Demand("Dublin", "China", 18)])
    assert list(t.columns) == ["city", "load", "payout", "source", "build_cost", "distance", "build_turns",
                               "travel_turns", "turns", "payout_per_turn", "income_per_turn"]
    assert t.iloc[0].tolist() == ["Birmingham", "Tourists", 12, "London", 5, 3, 1, 1, 2, 6.0, 3.5]
    assert t.iloc[1].tolist()[:-1] == ["Dublin", "China", 18, "Birmingham", 13, 4, 1, 2, 3, 6.0]
    assert t.iloc[1].income_per_turn == pytest.approx((18 - 13) / 3)


# ================================================================================= money and turns
def test_even_one_million_of_track_takes_a_build_turn_before_the_ride(board, rules):
    """The London -> Birmingham track without its first segment out of London: 1M (a clear milepost) is
    left to build. The model builds first and then runs: 1 build turn + 1 turn for the 3 mileposts = 2
    turns, (12 - 1) / 2 = 5.5M a turn."""
    track = own_track(board, rules, ("London", "Birmingham"))
    first = next(k for k in track.segments_of(0) if set(k) & set(board.city("London").mileposts))
    track.remove_segment(*first)
    v = delivery_value(board, rules, Demand("Birmingham", "Tourists", 12), position=eb.Position(track=track, seat=0))
    assert (v.build_cost, v.build_turns, v.distance, v.travel_turns, v.turns) == (1, 1, 3, 1, 2)
    assert v.income_per_turn == 5.5
    assert "Build 1M of new track (1 build turn at up to 20M), then ride 3 mileposts" in v.explain()


def test_a_ride_of_one_milepost_takes_a_turn(board, rules):
    """A train with Wine one milepost out of Paris, on its own track: it rides 1 milepost and delivers, in
    1 turn (Movement: up to 9 mileposts a turn)."""
    track = own_track(board, rules, ("Paris", "Lyon"))
    paris = set(board.city("Paris").mileposts)
    (next_to_paris,) = next(set(k) - paris for k in track.segments_of(0) if set(k) & paris)
    p = plan_hand(board, rules, [card(1, ("Paris", "Wine", 15))], position=eb.Position(track=track, seat=0),
                  start=next_to_paris, carrying=("Wine",))
    assert (p.build_cost, p.distance, p.travel_turns, p.turns, p.income_per_turn) == (0, 1, 1, 1, 15.0)
    assert "No new track is needed, then ride 1 milepost at speed 9 (1 turn). 1 turn in all" in p.explain()


def test_twenty_million_of_track_is_one_build_turn_and_twenty_one_is_two(board, rules):
    """Build Phase: up to 20M a turn. Cars München -> Antwerpen: 14M of track (9 clear mileposts, one with a
    2M Rhein bridge, 3M into Antwerpen) and a 6M start from Holland (1M + 2M Schelde bridge, 3M into
    Antwerpen) = 20M, one build turn; Imports Hamburg -> Antwerpen: 15M and a 6M start from Berlin (three
    clear mileposts, 3M into Hamburg) = 21M, two. Both rides (10 and 11 mileposts) take 2 turns at speed 9.
    At the opening both builds fit in the two special build turns, which pass first: 2 + 2 = 4 turns."""
    cars = plan_hand(board, rules, [card(1, ("Antwerpen", "Cars", 30))])
    imports = plan_hand(board, rules, [card(2, ("Antwerpen", "Imports", 30))])
    assert (cars.build_cost, cars.build_turns, cars.distance, cars.travel_turns, cars.turns) == (20, 1, 10, 2, 3)
    assert (imports.build_cost, imports.build_turns, imports.distance, imports.travel_turns, imports.turns) == \
        (21, 2, 11, 2, 4)
    assert "Build 21M of new track, starting from Berlin as a first build must (2 build turns at up to 20M), then " \
           "ride 11 mileposts at speed 9 (2 turns). 4 turns in all" in imports.explain()
    for dealt in ([card(1, ("Antwerpen", "Cars", 30))], [card(2, ("Antwerpen", "Imports", 30))]):
        opening = plan_hand(board, rules, dealt, free_build_turns=2)
        assert opening.turns == 4
        assert "up to 20M, within the 2 special build turns, which pass first anyway), then ride" in opening.explain()


# ==================================================================================== loads aboard
def test_wine_aboard_in_paris_is_delivered_at_once_in_one_turn(board, rules):
    """Delivering Loads: a train in Paris with Wine aboard and a card paying 15M for Wine in Paris delivers
    it at once: no track, no ride, one turn, 15M a turn. At the opening the two special build turns pass
    first (Special Build Turns), so the same delivery takes 2 turns: 7.5M a turn."""
    hand = [card(1, ("Paris", "Wine", 15), ("Birmingham", "Tourists", 12))]
    p = plan_hand(board, rules, hand, start="Paris", carrying=("Wine",))
    assert [str(d) for d in p.deliveries] == ["Wine already on the train to Paris for 15M"]
    assert (p.build_cost, p.distance, p.build_turns, p.travel_turns, p.turns) == (0, 0, 0, 0, 1)
    assert (p.payout, p.net, p.income_per_turn) == (15, 15, 15.0)
    assert p.explain().endswith(
        "-- Wine already on the train to Paris for 15M. Start at Paris, then deliver Wine at Paris. On the train at "
        "the start: Wine. No new track is needed, then ride 0 mileposts at speed 9 (0 turns). 1 turn in all: 15.0M "
        "of payout per turn, 15.0M per turn after paying for the track.")
    opening = plan_hand(board, rules, hand, start="Paris", carrying=("Wine",), free_build_turns=2)
    assert (opening.turns, opening.income_per_turn) == (2, 7.5)
    assert "No new track is needed (2 special build turns pass first), then ride 0 mileposts" in opening.explain()


def test_one_wine_aboard_pays_one_wine_card_not_two(board, rules):
    """Two cards want Wine in Paris, one Wine is aboard: it pays one card (15M, the better), not both."""
    hand = [card(1, ("Paris", "Wine", 14)), card(2, ("Paris", "Wine", 15))]
    p = plan_hand(board, rules, hand, start="Paris", carrying=("Wine",))
    assert [(d.card, d.payout, d.source) for d in p.deliveries] == [(1, 15, None)]
    assert (p.payout, p.turns) == (15, 1)


def test_a_spare_load_aboard_is_dropped_only_to_make_room_for_a_pick_up(board, rules):
    """Picking Up Loads: a 2-load train holds 2. With two Cheese aboard (no card wants Cheese) and Tourists
    to pick up in London, one Cheese is dropped there and one stays aboard; with one Cheese, or on a 3-load
    train, nothing is dropped."""
    hand = [card(1, ("Birmingham", "Tourists", 12))]
    full = plan_hand(board, rules, hand, start="London", carrying=("Cheese", "Cheese")).explain()
    assert ("Start at London, then pick up Tourists at London, deliver Tourists at Birmingham. On the train at the "
            "start: Cheese and Cheese; Cheese dropped at London to make room (the train holds 2); Cheese kept "
            "aboard. Build 5M") in full
    one = plan_hand(board, rules, hand, start="London", carrying=("Cheese",)).explain()
    assert "On the train at the start: Cheese; Cheese kept aboard. Build 5M" in one
    big = plan_hand(board, rules, hand, start="London", carrying=("Cheese", "Cheese"), train="9/3").explain()
    assert "On the train at the start: Cheese and Cheese; Cheese and Cheese kept aboard. Build 5M" in big


def test_a_delivery_from_the_train_frees_its_place_before_the_next_pick_up(board, rules):
    """On the London -> Birmingham track, a 2-load train stands in Birmingham with Tourists (wanted there) and
    a spare Cheese. Delivering the Tourists frees a place: picking up the Iron leaves the Cheese aboard; picking
    up the Iron and the China too needs both places, so the Cheese is dropped in Birmingham. Either way the
    ride to London is 3 mileposts, one turn, no track to build."""
    mine = eb.Position(track=own_track(board, rules, ("London", "Birmingham")), seat=0)
    hand = [card(1, ("Birmingham", "Tourists", 12)), card(2, ("London", "Iron", 9)), card(3, ("London", "China", 8))]
    two = plan_hand(board, rules, hand[:2], position=mine, start="Birmingham", carrying=("Tourists", "Cheese"))
    assert (two.payout, two.build_cost, two.distance, two.turns) == (21, 0, 3, 1)
    assert "On the train at the start: Tourists and Cheese; Cheese kept aboard." in two.explain()
    three = plan_hand(board, rules, hand, position=mine, start="Birmingham", carrying=("Tourists", "Cheese"))
    assert (three.payout, three.build_cost, three.distance, three.turns) == (29, 0, 3, 1)
    assert [str(s) for s in three.stops] == [
        "deliver Tourists at Birmingham", "pick up Iron at Birmingham", "pick up China at Birmingham",
        "deliver Iron at London", "deliver China at London"]
    assert ("On the train at the start: Tourists and Cheese; Cheese dropped at Birmingham to make room (the train "
            "holds 2).") in three.explain()


# ========================================================================================== a hand
def test_tourists_out_and_iron_back_share_the_five_million_of_track(board, rules):
    """Two cards: Tourists London -> Birmingham (12M) and Iron Birmingham -> London (9M). One 5M track
    (Building Ferry Ports) serves both; the train rides 3 mileposts out and 3 back, 6 of its 9 in one turn:
    1 build turn + 1 turn = 2 turns, 21M of payout, 10.5M a turn, (21 - 5) / 2 = 8.0M after the track.
    The stops, as a table, are numbered from 1 and pay on delivery only."""
    hand = [card(1, ("Birmingham", "Tourists", 12)), card(2, ("London", "Iron", 9))]
    p = plan_hand(board, rules, hand)
    assert p.cards == (0, 1)
    assert (p.build_cost, p.distance, p.build_turns, p.travel_turns, p.turns, p.payout) == (5, 6, 1, 1, 2, 21)
    assert (p.net, p.payout_per_turn, p.income_per_turn) == (16, 10.5, 8.0)
    assert "2 deliveries worth 21M -- Tourists from London to Birmingham for 12M; Iron from Birmingham to London " \
           "for 9M. Place the train at London, then pick up Tourists at London, deliver Tourists at Birmingham, " \
           "pick up Iron at Birmingham, deliver Iron at London. Build 5M of new track (1 build turn at up to 20M), " \
           "then ride 6 mileposts at speed 9 (1 turn). 2 turns in all: 10.5M of payout per turn, 8.0M per turn " \
           "after paying for the track." in p.explain()
    frame = p.to_frame()
    assert list(frame.index) == [1, 2, 3, 4] and frame.index.name == "stop"
    assert frame.to_dict("records") == [
        {"action": "pickup", "city": "London", "load": "Tourists", "payout": 0, "card": 1},
        {"action": "deliver", "city": "Birmingham", "load": "Tourists", "payout": 12, "card": 1},
        {"action": "pickup", "city": "Birmingham", "load": "Iron", "payout": 0, "card": 2},
        {"action": "deliver", "city": "London", "load": "Iron", "payout": 9, "card": 2}]


def test_one_card_one_load_compares_its_two_sources(board, rules):
    """Tourists come from London or Ruhr: a hand of one card with one demand compares 2 plans and says so,
    placing the train at the source (Starting Your Train)."""
    p = plan_hand(board, rules, [card(1, ("Birmingham", "Tourists", 12))])
    assert p.considered == 2
    # the card's third demand: the plan names the card and the demand on it
    third = plan_hand(board, rules, [card(42, ("Madrid", "Potatoes", 10), ("Stockholm", "Cheese", 12),
                                          ("Birmingham", "Tourists", 12))])
    assert [(d.card, d.card_id, d.demand_index, d.load) for d in third.deliveries] == [(0, 42, 2, "Tourists")]
    assert p.explain().startswith("Best plan of 2 compared: 1 delivery worth 12M -- Tourists from London to "
                                  "Birmingham for 12M. Place the train at London, then pick up Tourists at London")


def test_the_planner_tries_the_best_sources_as_many_as_it_is_told(board, rules):
    """Beer comes from München, Frankfurt and Dublin. To Wien, München is nearest: out of Wien four clear
    mileposts and 3M into München = 7M, 5 mileposts, 2 turns, (20 - 7) / 2 = 6.5M a turn. Told to try one
    source, two (the default) or all, the planner compares 1, 2 or 3 plans -- the best sources first, so
    München is always among them. With one card of one demand, each source is one plan."""
    hand = [card(1, ("Wien", "Beer", 20))]
    for tried, compared in ((1, 1), (2, 2), (None, 3)):
        p = plan_hand(board, rules, hand, sources_per_demand=tried)
        assert p.considered == compared
        assert (p.deliveries[0].source, p.build_cost, p.distance, p.turns, p.income_per_turn) == \
            ("München", 7, 5, 2, 6.5)
    assert plan_hand(board, rules, hand).considered == plan_opening(board, rules, hand).plan.considered == 2


def test_three_cards_on_the_london_birmingham_line_are_delivered_as_far_as_allowed(board, rules):
    """Tourists London -> Birmingham (12M), then Iron and China both picked up in Birmingham (the train
    holds 2) and delivered in London (9M + 8M): one 5M track, 6 mileposts in one turn, 2 turns. Allowed 3
    deliveries: 29M, (29 - 5) / 2 = 12.0M a turn; allowed 2: the best two (Tourists and Iron, 8.0M); allowed
    1: Tourists alone ((12 - 5) / 2 = 3.5M)."""
    hand = [card(1, ("Birmingham", "Tourists", 12)), card(2, ("London", "Iron", 9)), card(3, ("London", "China", 8))]
    three = plan_hand(board, rules, hand)
    assert [str(s) for s in three.stops] == [
        "pick up Tourists at London", "deliver Tourists at Birmingham", "pick up Iron at Birmingham",
        "pick up China at Birmingham", "deliver Iron at London", "deliver China at London"]
    assert (three.payout, three.build_cost, three.distance, three.turns, three.income_per_turn) == (29, 5, 6, 2, 12.0)
    two = plan_hand(board, rules, hand, max_deliveries=2)
    assert (two.cards, two.payout, two.income_per_turn) == ((0, 1), 21, 8.0)
    one = plan_hand(board, rules, hand, max_deliveries=1)
    assert (one.cards, one.payout, one.income_per_turn) == ((0,), 12, 3.5)


def test_two_loads_picked_up_in_birmingham_for_dublin_still_need_a_first_build_from_london(board, rules):
    """Beginning Construction: a first build starts at a major or key city. Iron and China both picked up in
    Birmingham (two stops in one city) and delivered in Dublin: the plan builds London -> Birmingham (5M) as
    well as Birmingham -> Liverpool and the 6M ferry (8M): 13M, and the two loads share the 4-milepost ride
    (staging at Liverpool): 36M over 3 turns, 12.0M a turn."""
    p = plan_hand(board, rules, [card(1, ("Dublin", "Iron", 18)), card(2, ("Dublin", "China", 18))])
    assert [str(s) for s in p.stops] == ["pick up Iron at Birmingham", "pick up China at Birmingham",
                                         "deliver Iron at Dublin", "deliver China at Dublin"]
    assert (p.connection, p.build_cost, p.distance, p.turns, p.payout_per_turn) == (("London", 5), 13, 4, 3, 12.0)


def test_a_three_load_train_takes_all_three_birmingham_loads_to_paris_in_one_trip(board, rules):
    """China, Iron and Steel from Birmingham, each paying 20M in Paris. The track: out of Paris 1M + 1M + 1M,
    4M into Le Havre buying the Portsmouth-Le Havre ferry, then Portsmouth to Birmingham 5 clear mileposts and
    3M into Birmingham = 15M, one build turn. The ride: 6 mileposts to Portsmouth, where the train stages
    (turn 1); across at half speed, 5: Le Havre and 4 more to Paris (turn 2). A 3-load train delivers all
    three: 60M over 3 turns, (60 - 15) / 3 = 15.0M a turn; a 2-load train (Picking Up Loads) only two: 40M,
    (40 - 15) / 3 = 8.3M."""
    hand = [card(1, ("Paris", "China", 20)), card(2, ("Paris", "Iron", 20)), card(3, ("Paris", "Steel", 20))]
    three = plan_hand(board, rules, hand, train="9/3")
    assert (three.payout, three.build_cost, three.distance, three.build_turns, three.travel_turns, three.turns) == \
        (60, 15, 11, 1, 2, 3)
    assert three.income_per_turn == 15.0
    assert [s.action for s in three.stops] == ["pickup"] * 3 + ["deliver"] * 3
    two = plan_hand(board, rules, hand, train="9/2")
    assert (two.payout, two.build_cost, two.turns) == (40, 15, 3)
    assert [s.action for s in two.stops] == ["pickup", "pickup", "deliver", "deliver"]
    assert two.income_per_turn == pytest.approx(25 / 3)


# ===================================================================================== the opening
def test_an_opening_to_birmingham_builds_out_of_london_in_the_first_special_turn(board, rules):
    """Special Build Turns: Tourists London -> Birmingham needs the rulebook's 5M (1M + 1M clear, 3M into
    Birmingham), all in the first special build turn; the second has nothing left to build. The ride (1
    turn) comes after both special turns: 3 turns, 12M / 3 = 4.0M a turn, (12 - 5) / 3 = 2.3M after the
    track."""
    o = plan_opening(board, rules, [card(11, ("Birmingham", "Tourists", 12))])
    assert (o.start_city, o.spent, o.total, o.remaining_cost, o.train_city) == ("London", (5, 0), 5, 0, "London")
    assert [len(t) for t in o.builds] == [3, 0] and len(o.segments) == 3
    assert len(o.track().segments_of(0)) == 3 and len(o.track(1).segments_of(1)) == 3 and not o.track(1).segments_of(0)
    assert o.explain().startswith(
        "Begin building at London. Special build turn 1: 3 segments for 5M (clear 2M, medium city Birmingham 3M). "
        "Special build turn 2: nothing useful left to build. That is all the track the plan needs. Place the train "
        "at London. Best plan of 2 compared: 1 delivery worth 12M")
    assert o.explain().endswith(
        "Build 5M of new track (1 build turn at up to 20M, within the 2 special build turns, which pass first "
        "anyway), then ride 3 mileposts at speed 9 (1 turn). 3 turns in all: 4.0M of payout per turn, 2.3M per "
        "turn after paying for the track.")
    assert str(o) == o.explain()
    # typed as a notebook cell's last line, the opening and its plan show these words
    from IPython.lib.pretty import pretty
    assert pretty(o) == o.explain() and pretty(o.plan) == o.plan.explain()


def test_an_opening_on_track_already_built_builds_nothing_and_waits_out_the_special_turns(board, rules):
    """With the London -> Birmingham track already laid, Iron Birmingham -> London needs no building: both
    special build turns pass with nothing to build, then the 3-milepost ride: 3 turns, 12M / 3 = 4.0M a
    turn. The major city the ride reaches (London) is named; the train starts at Birmingham, the pick-up."""
    mine = eb.Position(track=own_track(board, rules, ("London", "Birmingham")), seat=0)
    o = plan_opening(board, rules, [card(17, ("London", "Iron", 12))], position=mine)
    assert (o.start_city, o.spent, o.remaining_cost, o.train_city) == ("London", (0, 0), 0, "Birmingham")
    assert (o.plan.build_cost, o.plan.turns, o.plan.income_per_turn) == (0, 3, 4.0)
    assert o.explain().startswith(
        "Begin building at London. Special build turn 1: nothing useful left to build. Special build turn 2: "
        "nothing useful left to build. That is all the track the plan needs. Place the train at Birmingham.")
    assert "No new track is needed (2 special build turns pass first), then ride 3 mileposts" in o.explain()


def test_chocolate_to_dublin_leaves_the_irish_ferry_for_after_the_special_turns(board, rules):
    """Chocolate Zürich -> Dublin: 41M of track (Ruhr -> Zürich 7M as a first build must, Zürich -> Le Havre
    17M with the 4M Portsmouth-Le Havre ferry, Portsmouth -> Liverpool 7M, the 6M Liverpool-Dublin ferry).
    The special turns lay 20M and then 15M; the 6M ferry would make the second 21M (over the 20M a turn),
    so 6M is left for later. 41M is 3 build turns, the first 2 the special ones; the ride of 25 mileposts
    stages twice (Le Havre, Liverpool): 5 turns; 8 in all, 60M / 8 = 7.5M a turn."""
    o = plan_opening(board, rules, [card(12, ("Dublin", "Chocolate", 60))])
    assert (o.start_city, o.spent, o.remaining_cost, o.plan.build_cost) == ("Ruhr", (20, 15), 6, 41)
    assert (o.plan.build_turns, o.plan.distance, o.plan.travel_turns, o.plan.turns) == (3, 25, 5, 8)
    text = o.explain()
    assert ("Special build turn 2: 12 segments for 15M (clear 11M, Portsmouth–Le Havre 4M). About 6M of the plan's "
            "track is left for later turns. Place the train at Zürich.") in text
    assert ("Build 41M of new track, buying Liverpool–Dublin and Portsmouth–Le Havre, starting from Ruhr as a first "
            "build must (3 build turns at up to 20M; the first 2 are the special build turns, counted from the start "
            "of the game), then ride 25 mileposts at speed 9 (5 turns). 8 turns in all: 7.5M of payout per turn, "
            "2.4M per turn after paying for the track.") in text
    assert "bridges 2M" in text and "Built in the order" not in text


def test_with_two_builds_out_of_major_cities_a_turn_the_opening_builds_into_paris_as_ed_does(board, rules):
    """Building Ferry Ports: Ed builds out of London to Portsmouth (1M + 4M for the ferry), then "spends 8M to
    build into Paris from Le Havre. Since he already built out of a Major city twice for the turn, he'd have
    to wait till the following turn to build out of Paris and save himself 4M." Imports Antwerpen -> London
    opens the same way: out of London (1M + 4M), Le Havre into Paris (1M + 1M + 1M + 5M = 8M) and out of Paris
    to Antwerpen (four clear mileposts, 3M into Antwerpen = 7M): 20M in the first special turn."""
    o = plan_opening(board, rules, [card(16, ("London", "Imports", 30))])
    assert (o.spent, o.remaining_cost, o.out_of_cities) == ((20, 0), 0, ("London", "Paris"))
    assert ("Begin building at London. Track also leaves Paris (any major or key city milepost may start a build). "
            "Special build turn 1: 11 segments for 20M (clear 8M, Portsmouth–Le Havre 4M, major city Paris 5M, "
            "medium city Antwerpen 3M).") in o.explain()


def test_an_opening_builds_out_of_london_for_1m_rather_than_into_it_for_5m(board, rules):
    """Building Track: "you must pay the cost for the milepost to which you are building" -- 5M into a major
    city, 1M out of it onto a clear milepost (Building Ferry Ports: Ed "would have to wait till the following
    turn to build out of Paris and save himself 4M"). Tourists London -> Madrid: the plan prices its track
    at 17M, entering London (5M). Built out of Madrid and out of London -- two builds out of major cities,
    within the limit of a turn -- the same 10 segments cost 13M: 7 clear mileposts from Madrid, 4M into Le
    Havre for the Portsmouth-Le Havre ferry, 1M from Portsmouth and 1M out of London. The opening used to
    build into London and spend the 4M anyway."""
    o = plan_opening(board, rules, [card(13, ("Madrid", "Tourists", 40))])
    assert o.plan.build_cost == 17
    assert (o.spent, o.remaining_cost, o.out_of_cities) == ((13, 0), 0, ("Madrid", "London"))
    assert not any(s.b in board.city("London").mileposts for s in o.segments)
    assert ("Begin building at Madrid. Track also leaves London (any major or key city milepost may start a build). "
            "Special build turn 1: 10 segments for 13M (clear 9M, Portsmouth–Le Havre 4M). Special build turn 2: "
            "nothing useful left to build. That is all the track the plan needs. Built in this order (out of major "
            "cities rather than into them) it costs 13M, not the 17M the plan estimated.") in o.explain()
    # Ed's track (Imports Antwerpen -> London) with no limit on builds out of major cities: out of Paris both
    # ways (1M to Le Havre's side, not 5M into Paris) -- 16M, not 20M
    unlimited = plan_opening(board, rules.with_(builds_out_of_major_per_turn=99), [card(16, ("London", "Imports", 30))])
    assert unlimited.spent == (16, 0)
    assert "Built in this order (out of major cities rather than into them) it costs 16M, not the 20M" \
        in unlimited.explain()


def test_an_opening_says_what_its_track_costs_built_in_the_order_a_new_player_can(board, rules):
    """The plan prices each leg in one direction; the special build turns lay it from major/key cities and
    the track just laid, some segments the other way. Potatoes Belfast -> Stockholm: 20M and 20M laid, 4M
    left, 20 + 20 + 4 = 44M against the plan's 48M. Potatoes Belfast -> Berlin: 19M and 19M lay it all, out
    of Berlin and Paris rather than into them: 38M against 42M."""
    far = plan_opening(board, rules, [card(14, ("Stockholm", "Potatoes", 60))])
    assert (far.spent, far.remaining_cost, far.plan.build_cost) == ((20, 20), 4, 48)
    assert ("About 4M of the plan's track is left for later turns. Built in the order a new player can (from major "
            "cities and the track just laid) the track costs about 44M, not the 48M the plan estimated. Place the "
            "train at Belfast.") in far.explain()
    near = plan_opening(board, rules, [card(15, ("Berlin", "Potatoes", 60))])
    assert (near.spent, near.remaining_cost, near.plan.build_cost, near.out_of_cities) == \
        ((19, 19), 0, 42, ("Berlin", "Paris"))
    assert ("Begin building at Berlin. Track also leaves Paris (any major or key city milepost may start a build). "
            "Special build turn 1: 17 segments for 19M (clear 17M, bridges 2M).") in near.explain()
    assert ("That is all the track the plan needs. Built in this order (out of major cities rather than into them) "
            "it costs 38M, not the 42M the plan estimated. Place the train at Belfast.") in near.explain()


def test_an_opening_that_must_build_into_a_city_says_it_costs_more_than_planned(board, rules):
    """The plan prices a leg from either end; a new player must begin at a major city (Starting the Game >
    Special Build Turns). Beer Frankfurt -> Hamburg: the plan builds out of Hamburg (1M a clear milepost, 9M
    in all); the special build turns lay it from Ruhr into Hamburg (3M, Medium City): 11M. Potatoes Belfast ->
    Dublin: the plan builds out of Dublin (13M); laid from London the last segment goes into Dublin, a ferry
    port (Building Ferry Ports: Liverpool-Dublin, 6M): 18M. The opening says what it costs and why."""
    beer = plan_opening(board, rules, [card(17, ("Hamburg", "Beer", 40))])
    assert (beer.start_city, beer.spent, beer.remaining_cost, beer.plan.build_cost) == ("Ruhr", (11, 0), 0, 9)
    assert ("That is all the track the plan needs. Built in the order a new player can (from major cities and the "
            "track just laid, so some segments go into a city or ferry port rather than out of it) it costs 11M, not "
            "the 9M the plan estimated. Place the train at Frankfurt.") in beer.explain()
    potatoes = plan_opening(board, rules, [card(18, ("Dublin", "Potatoes", 40))])
    assert (potatoes.start_city, potatoes.spent, potatoes.plan.build_cost) == ("London", (18, 0), 13)
    assert "Liverpool–Dublin 6M" in potatoes.explain()
    assert "it costs 18M, not the 13M the plan estimated" in potatoes.explain()


def test_of_four_dealt_cards_the_opening_discards_the_one_worth_least(board, rules):
    """Starting the Game: four cards are dealt and three kept. The plan delivers Tourists to Birmingham and Iron
    back to London on one 5M track (2 turns after the special ones: 3 in all). Of the other two cards, Potatoes
    to Madrid (10M for 23M of track) loses more a turn than Cheese to Stockholm (12M for 18M): it goes, and is
    named by its demands."""
    hand = [[("Birmingham", "Tourists", 12)], [("Stockholm", "Cheese", 12)], [("London", "Iron", 9)],
            [("Madrid", "Potatoes", 10)]]
    o = plan_opening(board, rules, hand)
    assert o.plan.cards == (0, 2) and (o.plan.payout, o.plan.build_cost, o.plan.turns) == (21, 5, 3)
    cheese = delivery_value(board, rules, hand[1][0])
    potatoes = delivery_value(board, rules, hand[3][0])
    assert (potatoes.build_cost, cheese.build_cost) == (23, 18)
    assert potatoes.income_per_turn < cheese.income_per_turn < 0
    assert o.discard == (3,) and o.discarded == ("the card Potatoes to Madrid",)
    assert "That is all the track the plan needs. Discard the card Potatoes to Madrid. Place the train at London." \
        in o.explain()


# =================================================================================== input refused
@pytest.mark.parametrize("demand, said", [
    ("Paris", "expected a Demand (city, load, payout), got 'Paris'"),
    (("Paris", "Wine", True), "payout must be a whole number of millions >= 0"),     # True is no sum of money
    (("Paris", "Wine", -1), "payout must be a whole number of millions >= 0"),
])
def test_a_demand_that_is_not_one_from_a_card_is_refused(board, rules, demand, said):
    """Demand cards print a city, a load and a whole number of millions."""
    with pytest.raises(eb.InvalidAction, match=re.escape(said)) as err:
        delivery_value(board, rules, demand)
    assert err.value.field == "demand"


def test_a_demand_paying_nothing_is_valued_at_a_loss(board, rules):
    """0M is a whole number of millions: Wine to Paris for nothing still costs its track (Frankfurt -> Paris)."""
    v = delivery_value(board, rules, ("Paris", "Wine", 0))
    assert v.payout == 0 and v.net == -v.build_cost < 0


@pytest.mark.parametrize("options, field, said", [
    ({"max_deliveries": 0}, "max_deliveries", "expected 1, 2 or 3, got 0"),
    ({"sources_per_demand": 0}, "sources_per_demand", "expected a positive whole number or None, got 0"),
    ({"free_build_turns": -1}, "free_build_turns", "expected a whole number of turns >= 0, got -1"),
])
def test_a_planner_option_out_of_range_is_refused_naming_it(board, rules, options, field, said):
    """One to three deliveries (one per card, Delivering Loads), at least one source, no negative turns."""
    with pytest.raises(eb.InvalidAction, match=re.escape(said)) as err:
        plan_hand(board, rules, [card(1, ("Wien", "Beer", 20))], **options)
    assert err.value.field == field


def test_an_empty_hand_is_refused_as_empty(board, rules):
    with pytest.raises(eb.InvalidAction, match="the hand is empty") as err:
        plan_hand(board, rules, [])
    assert err.value.field == "cards"


@pytest.mark.parametrize("call, field, said", [
    (lambda b, r: delivery_value(b, r, ("Paris", "Wine", 20), start=99999), "start", "no milepost 99999 on board"),
    (lambda b, r: delivery_value(b, r, ("Paris", "Wine", 20), train="20/5"), "train",
     "20/5 is not a train of europe-standard (its trains: 9/2, 9/3, 12/2, 12/3)"),
    (lambda b, r: plan_hand(b, r, [[("Paris", "Wine", 20)]], start="Paris", carrying="Wine"), "carrying",
     "expected a list of load names, got 'Wine'"),
])
def test_a_place_train_or_load_list_the_game_does_not_have_is_refused(board, rules, call, field, said):
    """Trains are 9 or 12 mileposts a turn, 2 or 3 loads (Upgrading Your Train); a train stands on a milepost."""
    with pytest.raises(eb.InvalidAction, match=re.escape(said)) as err:
        call(board, rules)
    assert err.value.field == field


def test_plan_for_passes_its_options_to_the_planner_and_refuses_others():
    game = eb.Game.new("europe-standard", board="tutorial", players=["Ann", "Ben"], seed=3)
    assert len(eb.plan_for(game, 0).deliveries) > 1
    assert len(eb.plan_for(game, 0, max_deliveries=1).deliveries) == 1
    with pytest.raises(eb.InvalidAction, match="plan_for has no option 'speed'") as err:
        eb.plan_for(game, 0, speed=12)
    assert err.value.field == "speed"
