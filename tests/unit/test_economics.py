"""Delivery economics and planners (eb_core.economics) on the tutorial board.

Values are checked by hand against the rulebook's worked examples ("Building Ferry Ports": London ->
Birmingham 5M, London -> Portsmouth 5M, Le Havre -> Paris 8M); the hand planner is checked against an
independent brute force written here from the public route functions only (cheapest_build,
cheapest_connection, shortest_trip, travel_turns), over every subset of cards, demand, source and order.
"""
from __future__ import annotations

import itertools
import math

import pytest
from support import card, own_track

import eb_core as eb
from eb_core.cards import Demand
from eb_core.costs import segment_cost
from eb_core.economics import delivery_value, plan_hand, plan_opening
from eb_core.rules import Train
from eb_core.track import Track, seg_key


def why(v):
    return v.explain() + "\n" + "\n".join(f"  {s.a}->{s.b}: {s.explain()}" for s in v.segments)


# ================================================================================ delivery_value
def test_rulebook_price_london_to_birmingham(board, rules):
    # "Starting from London, Ed spends 5M to build to Birmingham" (Building Ferry Ports)
    v = delivery_value(board, rules, Demand("Birmingham", "Tourists", 12))
    assert v.source == "London", why(v)
    assert v.build_cost == 5, why(v)
    assert [s.total for s in v.segments] == [1, 1, 3], why(v)
    assert v.connection is None                    # London is a major city: building may begin there
    assert (v.build_turns, v.distance, v.travel_turns, v.turns) == (1, 3, 1, 2), why(v)
    assert v.payout_per_turn == 12 / 2 == 6.0
    assert v.income_per_turn == (12 - 5) / 2
    assert "London" in v.explain() and "5M" in v.explain()


def test_own_track_between_source_and_destination_costs_nothing(board, rules):
    track = own_track(board, rules, ("London", "Birmingham"))
    v = delivery_value(board, rules, Demand("London", "Iron", 9), position=eb.Position(track=track, seat=0))
    assert v.source == "Birmingham", why(v)
    assert v.build_cost == 0 and v.segments == () and v.build_turns == 0, why(v)
    assert v.distance == 3 and v.turns == v.travel_turns == 1, why(v)
    assert v.payout_per_turn == 9 / v.turns == 9.0
    assert "No new track" in v.explain()
    # an opponent's identical track does not help player 1: they pay again
    w = delivery_value(board, rules, Demand("London", "Iron", 9), position=eb.Position(track=track, seat=1))
    assert w.build_cost > 0, why(w)


def test_ferry_staging_and_half_speed(board, rules):
    ex = board.meta["examples"]
    ferry = board.crossing("Portsmouth–Le Havre")
    lp, hp = ex["london_portsmouth"]["path"], ex["le_havre_paris"]["path"]
    track = Track.of([(a, b, 0) for a, b in itertools.pairwise(lp)] + [(a, b, 0) for a, b in itertools.pairwise(hp)],
                     {ferry.name: [0]})
    v = delivery_value(board, rules, Demand("Paris", "Tourists", 20), position=eb.Position(track=track, seat=0), start="London")
    assert v.source == "London" and v.build_cost == 0, why(v)
    # London -> Portsmouth (2 mileposts), stage; next turn cross and run at half speed 5: Le Havre + 4
    assert v.distance == 2 + 1 + 4, why(v)
    assert v.travel_turns == 2 and v.turns == 2, why(v)
    assert v.payout_per_turn == 10.0
    # a 12-speed train is no faster here: the crossing turn is still half speed (6) and staging ends a turn
    assert delivery_value(board, rules, Demand("Paris", "Tourists", 20), position=eb.Position(track=track, seat=0),
                          start="London", train="12/2").turns == 2


def test_first_track_must_begin_at_a_major_or_key_city(board, rules):
    # Frankfurt and Zürich are small/medium: a first build must come from a major or key city
    v = delivery_value(board, rules, Demand("Zürich", "Beer", 12))
    roots = {m for c in board.cities if c.has_red_area for m in c.mileposts}
    keys = {seg_key(s.a, s.b) for s in v.segments}
    touches = any(a in roots or b in roots for a, b in keys)
    assert touches, why(v)
    if not any(m in roots for m in v.path):
        assert v.connection is not None and board.city(v.connection[0]).has_red_area, why(v)
        assert "as a first build must" in v.explain()


@pytest.mark.parametrize("demand", [("Birmingham", "Tourists", 12), ("Paris", "Wine", 15), ("Dublin", "China", 8),
                                    ("Zürich", "Beer", 12), ("Paris", "Tourists", 20)])
def test_delivery_value_is_consistent_with_its_parts(board, rules, demand):
    v = delivery_value(board, rules, Demand(*demand))
    assert v.build_cost == sum(s.total for s in v.segments), why(v)
    assert v.build_turns == math.ceil(v.build_cost / rules.build_limit)
    assert v.travel_turns == eb.travel_turns(board, rules, list(v.path), rules.start_train.speed)
    assert v.turns == max(1, v.build_turns + v.travel_turns)
    assert v.payout_per_turn == v.payout / v.turns
    # oracle: every segment priced again from the rulebook costs, crossings bought once
    owned: set[str] = set()
    for s in v.segments:
        if s.base_label.startswith("across "):
            assert s.crossing_name not in owned
            owned.add(s.crossing_name)
            continue
        again = segment_cost(board, rules, s.a, s.b, owned_crossings=owned)
        assert again == s, why(v)
        if s.crossing_name:
            owned.add(s.crossing_name)
    # the ride is a real path: neighbours, public red areas, or a crossing's own steps
    for a, b in itertools.pairwise(v.path):
        ok = board.edge(a, b) is not None or any(
            cr.other_port(a) == b or b in cr.mileposts or a in cr.mileposts for cr in board.crossings)
        assert ok, f"{a}->{b} is not a step: {v.path}"
    # the chosen source is the best of the options listed
    assert v.options[0][0] == v.source
    assert all(v.options[0][3] >= o[3] for o in v.options)


def test_delivery_value_bad_input(board, rules):
    with pytest.raises(eb.InvalidAction) as e:
        delivery_value(board, rules, Demand("Atlantis", "Wine", 10))
    assert e.value.field == "demand.city"
    with pytest.raises(eb.InvalidAction) as e:
        delivery_value(board, rules, Demand("Paris", "Unobtainium", 10))
    assert e.value.field == "demand.load"
    only = [c.name for c in board.sources("Cheese")]
    if len(only) == 1:   # a load offered only at its own destination cannot be delivered there
        with pytest.raises(eb.InvalidAction, match="Picking Up Loads"):
            delivery_value(board, rules, Demand(only[0], "Cheese", 10))
    with pytest.raises(eb.InvalidAction) as e:
        delivery_value(board, rules, Demand("Paris", "Wine", 10), start="Atlantis")
    assert e.value.field == "start"
    with pytest.raises(eb.InvalidAction) as e:
        delivery_value(board, rules, Demand("Paris", "Wine", 10), train="fast")
    assert e.value.field == "train"
    with pytest.raises(ValueError):
        delivery_value(board, rules, ("Paris", "Wine", -3))


# ============================================================ brute force (independent of the planner)
class Brute:
    """The economics model written again from the public route functions, for an exhaustive search."""

    def __init__(self, board, rules, *, track=None, player=None, train=None, free=0):
        self.board, self.rules = board, rules
        self.player = 0 if player is None else player
        self.track = track or Track()
        self.pos = {"position": eb.Position(track=track, seat=self.player)} if track is not None else {}
        self.train = train or rules.start_train
        self.free = free
        self.roots = {m for c in board.cities if c.has_red_area for m in c.mileposts} | \
            self.track.mileposts_of(self.player, board)
        self.owned = set(self.track.owned_crossings(self.player))
        self._legs, self._inside = {}, {}

    def leg(self, a, b):
        """(path a->b, paid segments in build order) building whichever direction is cheaper."""
        if (a, b) not in self._legs:
            self._legs[a, b] = self._leg(a, b)
        return self._legs[a, b]

    def _leg(self, a, b):
        if a == b:
            return ((), ()) if isinstance(a, str) else ((a,), ())
        if isinstance(a, int) and isinstance(b, str) and a in self.board.city(b).mileposts:
            return (a,), ()
        fwd = eb.cheapest_build(self.board, self.rules, a, b, **self.pos)
        bwd = eb.cheapest_build(self.board, self.rules, b, a, **self.pos)
        cands = [(p.cost, i, p) for i, p in enumerate((fwd, bwd)) if p is not None]
        if not cands:
            return None
        cost, i, p = min(cands, key=lambda c: (c[0], c[1]))
        path = tuple(p.mileposts) if i == 0 else tuple(reversed(p.mileposts))
        paid = p.paid_segments
        if cost == 0:
            trip = eb.shortest_trip(self.board, self.rules, a, b, position=eb.Position(track=self.track, seat=self.player), rent=False)
            if trip is not None:
                path = trip.path
        return path, paid

    def across_city(self, a, b):
        """Public track inside a major city's red area."""
        if (a, b) not in self._inside:
            self._inside[a, b] = eb.shortest_trip(self.board, self.rules, a, b, position=eb.Position(track=Track(), seat=0)).path
        return self._inside[a, b]

    def evaluate(self, places, payout):
        legs = [self.leg(a, b) for a, b in itertools.pairwise(places)]
        if any(leg is None for leg in legs):
            return None
        segs = [s for _, paid in legs for s in paid]
        if segs and not any(m in self.roots for path, _ in legs for m in path):
            conns = [eb.cheapest_connection(self.board, self.rules, p, **self.pos) for p in dict.fromkeys(places)]
            conns = [c for c in conns if c is not None]
            best = min(conns, key=lambda c: c.cost)
            segs += list(best.paid_segments)
        cost, seen, bought = 0, set(), set(self.owned)
        for s in segs:
            if s.base_label.startswith("across "):
                if s.crossing_name not in bought:
                    bought.add(s.crossing_name)
                    cost += s.total
                continue
            k = seg_key(s.a, s.b)
            if k in seen or self.track.owner(*k) == self.player or self.board.is_red_area(*k):
                continue
            seen.add(k)
            if s.crossing_name in bought:      # the ferry is already bought: pay the port milepost
                s = segment_cost(self.board, self.rules, s.a, s.b, owned_crossings=bought)
            if s.crossing_name:
                bought.add(s.crossing_name)
            cost += s.total
        ride: list[int] = []
        for path, _ in legs:
            if not path:
                continue
            if ride and len(path) == 1 and self.board.city_at(ride[-1]) is not None and \
                    path[0] in self.board.city_at(ride[-1]).mileposts:
                continue
            if ride and ride[-1] != path[0]:
                ride.extend(self.across_city(ride[-1], path[0])[1:-1])
                ride.extend(path)
            elif ride:
                ride.extend(path[1:])
            else:
                ride.extend(path)
        bt = math.ceil(cost / self.rules.build_limit)
        tt = eb.travel_turns(self.board, self.rules, ride, self.train.speed) if len(ride) > 1 else 0
        turns = max(1, max(bt, self.free) + tt)
        return (payout - cost) / turns, cost, turns

    def best(self, cards, start=None, max_deliveries=3, carrying=()):
        top = (-math.inf, None)
        for n in range(1, min(max_deliveries, len(cards)) + 1):
            for subset in itertools.combinations(range(len(cards)), n):
                for demands in itertools.product(*(cards[i].demands for i in subset)):
                    for srcs in itertools.product(*([c.name for c in self.board.sources(d.load) if c.name != d.city]
                                                    + ([None] if d.load in carrying else []) for d in demands)):
                        from_train = [d.load for d, s in zip(demands, srcs) if s is None]
                        if any(from_train.count(ld) > list(carrying).count(ld) for ld in from_train):
                            continue
                        events = [("pickup", i) for i in range(n) if srcs[i] is not None] + \
                            [("deliver", i) for i in range(n)]
                        for order in itertools.permutations(events):
                            held, ok, picked = len(from_train), True, {i for i in range(n) if srcs[i] is None}
                            for act, i in order:
                                if act == "pickup":
                                    held += 1
                                    picked.add(i)
                                    ok = ok and held <= self.train.capacity
                                else:
                                    ok = ok and i in picked
                                    held -= 1
                            if not ok:
                                continue
                            places = ([start] if start is not None else []) + \
                                [srcs[i] if act == "pickup" else demands[i].city for act, i in order]
                            r = self.evaluate(places, sum(d.payout for d in demands))
                            if r is not None and r[0] > top[0] + 1e-12:
                                top = (r[0], (subset, demands, srcs, order, r))
        return top


HANDS = [
    # two cards, loads with one or two sources
    [card(1, ("Birmingham", "Tourists", 12), ("London", "Iron", 9), ("Paris", "Wine", 15)),
     card(2, ("Holland", "Beer", 14), ("Paris", "Chocolate", 11), ("Berlin", "Steel", 16))],
    # three cards, a ferry load and a long haul
    [card(3, ("Dublin", "China", 18), ("Wien", "Flowers", 19), ("Madrid", "Wood", 40)),
     card(4, ("Paris", "Tourists", 20), ("Zürich", "Beer", 12), ("Lyon", "Chocolate", 9)),
     card(5, ("Ruhr", "Imports", 10), ("Paris", "Wheat", 12), ("Berlin", "Flowers", 13))],
    # continental hands whose best plan carries three loads: the train's capacity and the order matter
    [card(21, ("Zürich", "Steel", 16), ("Milano", "Beer", 16), ("Ruhr", "Imports", 13)),
     card(22, ("Frankfurt", "Cars", 14), ("München", "Tourists", 17), ("Antwerpen", "Imports", 20)),
     card(23, ("Madrid", "Flowers", 32), ("Frankfurt", "Tourists", 12), ("Frankfurt", "Cheese", 17))],
    [card(24, ("Paris", "Wine", 21), ("Milano", "Cars", 16), ("Frankfurt", "Imports", 14)),
     card(25, ("Frankfurt", "Cars", 14), ("München", "Flowers", 24), ("Madrid", "Cars", 39)),
     card(26, ("Lyon", "Wine", 21), ("Paris", "Cheese", 18), ("Hamburg", "Flowers", 20))],
]


@pytest.mark.slow   # left out of `make test-fast`
@pytest.mark.parametrize("hand_no", range(len(HANDS)))
@pytest.mark.parametrize("train", [Train(9, 2), Train(9, 3)])
def test_plan_hand_is_optimal_by_brute_force(board, rules, hand_no, train):
    hand = HANDS[hand_no]
    plan = plan_hand(board, rules, hand, train=train, sources_per_demand=None)
    brute = Brute(board, rules, train=train)
    best, detail = brute.best(hand)
    assert plan.income_per_turn == pytest.approx(best, abs=1e-9), (plan.explain(), detail)
    # the plan's own numbers are what the brute force measures for the same stops
    places = [s.city for s in plan.stops]
    again = brute.evaluate(places, plan.payout)
    assert again == pytest.approx((plan.income_per_turn, plan.build_cost, plan.turns)), plan.explain()
    # one delivery per card, each pick-up before its delivery, never more loads than the train holds
    assert len(set(plan.cards)) == len(plan.cards) <= 3
    held = 0
    for s in plan.stops:
        held += 1 if s.action == "pickup" else -1
        assert 0 <= held <= train.capacity, plan.explain()
    if hand_no >= 2:   # these hands were chosen so that a third load slot pays
        assert len(plan.deliveries) == 3 if train.capacity == 3 else len(plan.deliveries) >= 2, plan.explain()
        if train.capacity == 3:
            two = plan_hand(board, rules, hand, train=Train(9, 2), sources_per_demand=None)
            assert two.income_per_turn < plan.income_per_turn, (two.explain(), plan.explain())
    # the default (two best sources per demand) can only be as good, never better
    assert plan_hand(board, rules, hand, train=train).income_per_turn <= plan.income_per_turn + 1e-9


@pytest.mark.slow   # left out of `make test-fast`
@pytest.mark.parametrize("where", ["Birmingham", "a London milepost", "a milepost on the track"])
def test_plan_hand_with_track_and_start_matches_brute_force(board, rules, where):
    track = own_track(board, rules, ("London", "Birmingham"), ("London", "Paris"))
    start = {"Birmingham": "Birmingham", "a London milepost": board.city("London").mileposts[3],
             "a milepost on the track": min(m for m in track.mileposts_of(0) if board.city_at(m) is None)}[where]
    hand = HANDS[0]
    plan = plan_hand(board, rules, hand, position=eb.Position(track=track, seat=0), start=start, sources_per_demand=None)
    best, detail = Brute(board, rules, track=track, player=0).best(hand, start=start)
    assert plan.income_per_turn == pytest.approx(best, abs=1e-9), (plan.explain(), detail)
    assert plan.start == start and plan.explain().startswith("Best plan")
    assert plan.path[0] == start or isinstance(start, str)


def test_single_card_plan_equals_best_delivery(board, rules):
    c = HANDS[0][0]
    plan = plan_hand(board, rules, [c], sources_per_demand=None)
    best = max((delivery_value(board, rules, d) for d in c.demands), key=lambda v: v.income_per_turn)
    assert plan.income_per_turn == pytest.approx(best.income_per_turn)
    assert len(plan.deliveries) == 1 and plan.deliveries[0].source == best.source


@pytest.mark.slow   # left out of `make test-fast`
def test_plan_hand_deterministic_and_explained(board, rules):
    hand = HANDS[1]
    a = plan_hand(board, rules, hand)
    b = plan_hand(board, rules, list(hand))
    assert a == b
    text = a.explain()
    for d in a.deliveries:
        assert d.city in text and d.load in text and f"{d.payout}M" in text
    assert f"{a.turns} turn" in text


def test_a_plan_shown_in_a_notebook_or_console_is_its_words_not_its_fields(board, rules):
    """Typed as a cell's last line, a plan shows what a player reads -- places and money -- not the
    dataclass's fields (milepost ids, ``SegmentCost(...)`` tuples)."""
    from IPython.lib.pretty import pretty

    value = delivery_value(board, rules, Demand("Paris", "Wine", 20))
    shown = [pretty(value), pretty(plan_hand(board, rules, HANDS[0])), pretty(plan_opening(board, rules, HANDS[0])),
             pretty(eb.cheapest_build(board, rules, "London", "Birmingham"))]
    for text, obj in zip(shown, ("value", "hand", "opening", "build")):
        assert "SegmentCost(" not in text and "path=" not in text and "mileposts [" not in text, (obj, text)
    assert shown[0] == str(value) and "Paris" in shown[0] and "20M" in shown[0]
    assert shown[3].startswith("Build London -> Birmingham: 5M")         # Building Ferry Ports' example price


def test_plan_hand_bad_input(board, rules):
    with pytest.raises(eb.InvalidAction) as e:
        plan_hand(board, rules, [])
    assert e.value.field == "cards"
    with pytest.raises(eb.InvalidAction) as e:
        plan_hand(board, rules, HANDS[0], max_deliveries=4)
    assert e.value.field == "max_deliveries"
    with pytest.raises(eb.InvalidAction) as e:      # True is no number of deliveries, though Python counts it as 1
        plan_hand(board, rules, HANDS[0], max_deliveries=True)
    assert e.value.field == "max_deliveries"
    with pytest.raises(eb.InvalidAction) as e:
        plan_hand(board, rules, HANDS[0], sources_per_demand=True)
    assert e.value.field == "sources_per_demand"
    with pytest.raises(eb.InvalidAction) as e:
        plan_hand(board, rules, [card(9, ("Paris", "Wine", 5), ("Atlantis", "Beer", 5), ("Paris", "Beer", 5))])
    assert e.value.field == "cards[0].demands[1].city"
    with pytest.raises(eb.InvalidAction):
        plan_hand(board, rules, ["not a card"])


# ================================================================================= plan_opening
OPENING_HANDS = [HANDS[1] + [card(6, ("Birmingham", "Tourists", 12), ("Berlin", "Iron", 25), ("Madrid", "Cars", 30))],
                 [card(7, ("Dublin", "China", 18), ("Wien", "Flowers", 19), ("Madrid", "Wood", 40)),
                  card(8, ("Hamburg", "Beer", 8), ("Paris", "Steel", 14), ("Oslo", "Imports", 30)),
                  card(9, ("Berlin", "Fish", 28), ("Milano", "Tourists", 25), ("London", "Wheat", 22)),
                  card(10, ("Stockholm", "Potatoes", 35), ("Lyon", "Oil", 26), ("Zürich", "Iron", 21))]]


@pytest.mark.slow   # left out of `make test-fast`
@pytest.mark.parametrize("hand_no", range(len(OPENING_HANDS)))
def test_opening_is_legal_within_budget_and_serves_the_plan(board, rules, hand_no):
    hand = OPENING_HANDS[hand_no]
    o = plan_opening(board, rules, hand)
    text = o.explain()
    assert board.city(o.start_city).has_red_area, text
    assert len(o.builds) == rules.special_build_turns
    assert all(s <= rules.build_limit for s in o.spent), text
    assert o.total <= min(rules.special_build_turns * rules.build_limit, rules.start_cash)
    # replay the build, checking Beginning Construction, the two-out-of-major limit and every price
    anchors = {m for c in board.cities if c.has_red_area for m in c.mileposts}
    network: set[int] = set()
    owned: set[str] = set()
    for turn in o.builds:
        out_of_major = 0
        for s in turn:
            if s.base_label.startswith("across "):
                cr = board.crossing(s.crossing_name)
                assert any(p in network for p in cr.ports), text
                assert s.total == cr.cost and cr.name not in owned
                owned.add(cr.name)
                network.update(cr.ports)
                continue
            assert s.a in network or s.a in anchors, f"{s.a}->{s.b} does not grow from track or a major city"
            assert not board.is_red_area(s.a, s.b)
            out_of_major += s.a in anchors
            assert segment_cost(board, rules, s.a, s.b, owned_crossings=owned) == s, text
            network.update((s.a, s.b))
            if s.crossing_name:
                owned.add(s.crossing_name)
                network.update(board.crossing(s.crossing_name).ports)
        assert out_of_major <= rules.builds_out_of_major_per_turn, text
    first = o.builds[0][0] if o.builds[0] else None
    if first is not None:
        assert board.city_at(first.a).name == o.start_city
    left = list(dict.fromkeys(board.city_at(s.a).name for s in o.segments if s.a in anchors))
    assert list(o.out_of_cities) == left and (not left or left[0] == o.start_city)
    # the track serves the plan: every segment built is on the plan's track
    plan_keys = {seg_key(s.a, s.b) for s in o.plan.segments}
    assert all(seg_key(s.a, s.b) in plan_keys for s in o.segments if not s.base_label.startswith("across "))
    # discard down to the hand size, never a card the plan uses
    assert len(o.discard) == len(hand) - rules.hand_size
    assert not set(o.discard) & set(o.plan.cards)
    assert o.train_city == o.plan.stops[0].city
    # the special build turns are counted from the start: turns = max(build turns, 2) + travel
    assert o.plan.turns == max(o.plan.build_turns, rules.special_build_turns) + o.plan.travel_turns
    # determinism, and the Track view of the build
    assert plan_opening(board, rules, hand) == o
    t = o.track(0)
    assert len(t) == sum(1 for s in o.segments if not s.base_label.startswith("across "))
    if o.remaining_cost == 0:
        assert "all the track the plan needs" in text


def test_opening_small_plan_builds_everything(board, rules):
    o = plan_opening(board, rules, [card(11, ("Birmingham", "Tourists", 12), ("Birmingham", "Tourists", 12),
                                         ("Birmingham", "Tourists", 12))])
    assert o.start_city == "London"
    assert o.total == 5 and o.spent == (5, 0) and o.remaining_cost == 0, o.explain()
    assert o.train_city == "London"


@pytest.mark.slow   # left out of `make test-fast`
def test_opening_plan_is_the_brute_force_best_with_special_turns_free(board, rules):
    # four cards of single-source loads (a quick exhaustive search): deal four, keep three
    hand = [card(12, ("Paris", "Wheat", 12), ("Berlin", "Chocolate", 18), ("London", "Flowers", 20)),
            card(13, ("Wien", "China", 25), ("Holland", "Cars", 16), ("Ruhr", "Fish", 22)),
            card(14, ("London", "Potatoes", 21), ("Paris", "Oil", 26), ("Milano", "Cheese", 24)),
            card(15, ("Holland", "Wheat", 15), ("London", "Chocolate", 22), ("Paris", "Cars", 14))]
    o = plan_opening(board, rules, hand, sources_per_demand=None)
    best, detail = Brute(board, rules, free=rules.special_build_turns).best(hand)
    assert o.plan.income_per_turn == pytest.approx(best, abs=1e-9), (o.explain(), detail)
    # the same plan counted without free special turns takes at least as many turns
    later = plan_hand(board, rules, [hand[i] for i in o.plan.cards], sources_per_demand=None)
    assert later.build_turns + later.travel_turns <= o.plan.turns or later.build_turns > 2


def test_delivery_table_matches_delivery_value(board, rules):
    demands = [d for c in HANDS[1] for d in c.demands]
    t = eb.delivery_table(board, rules, demands)
    assert len(t) == len(demands)
    for row, d in zip(t.itertuples(), demands):
        v = delivery_value(board, rules, d)
        assert (row.source, row.build_cost, row.turns, row.payout) == (v.source, v.build_cost, v.turns, v.payout)
        assert row.payout_per_turn == row.payout / row.turns
    with pytest.raises(eb.InvalidAction) as e:
        eb.delivery_table(board, rules, [demands[0], ("Atlantis", "Wine", 3)])
    assert e.value.field == "demands[1].city"


def test_plan_draws_with_viz(board, rules):
    from eb_core.display import figures
    plan = plan_hand(board, rules, HANDS[2])
    fig = figures.add_route(figures.board_figure(board, rules), board, plan, name="plan")
    labels = figures.find_trace(fig, "route_labels")
    assert len(labels.text) == len(plan.segments)
    assert sum(int(x) for x in labels.text) == plan.build_cost
    assert list(plan.to_frame()["action"]).count("deliver") == len(plan.deliveries)


def test_built_plan_needs_no_more_track(board, rules):
    plan = plan_hand(board, rules, HANDS[3])
    track = plan.track(0)
    again = plan_hand(board, rules, [HANDS[3][d.card] for d in plan.deliveries], position=eb.Position(track=track, seat=0),
                      sources_per_demand=None)
    assert again.build_cost == 0, again.explain()
    assert again.turns <= plan.travel_turns, (plan.explain(), again.explain())
    assert again.income_per_turn >= plan.income_per_turn


def test_position_input_is_checked(board, rules):
    track = own_track(board, rules, ("London", "Birmingham"))
    d = Demand("London", "Iron", 9)
    with pytest.raises(eb.InvalidAction) as e:
        delivery_value(board, rules, d, position=eb.Position(track=track))     # whose track?
    assert e.value.field == "player"
    with pytest.raises(eb.InvalidAction) as e:
        delivery_value(board, rules, d, position=eb.Position(track={"segments": []}, seat=0))
    assert e.value.field == "track"
    with pytest.raises(eb.InvalidAction) as e:
        plan_hand(board, "europe-standard", HANDS[0])
    assert e.value.field == "rules"


@pytest.mark.slow   # left out of `make test-fast`
def test_seeded_deal_from_the_tutorial_deck_is_deterministic(board, rules):
    deck = eb.load_deck("tutorial")
    dealt = [deck.card(i) for i in deck.shuffled(11) if not deck.is_event(i)][:4]
    assert dealt == [deck.card(i) for i in deck.shuffled(11) if not deck.is_event(i)][:4]
    first = plan_opening(board, rules, dealt)
    second = plan_opening(board, rules, list(dealt))
    assert first == second and first.explain() == second.explain()
    assert board.city(first.start_city).has_red_area
    hand = [dealt[i] for i in range(4) if i not in first.discard]
    assert set(first.plan.cards) <= set(range(4)) - set(first.discard) and len(hand) == rules.hand_size


def test_fast_union_cost_equals_the_careful_union(board, rules):
    # the planners price every candidate with dictionary merges; the careful walk is the reference
    import random

    from eb_core.economics import _Evaluator

    ev = _Evaluator(board, rules, None, None, rules.start_train)
    rng = random.Random(5)
    names = sorted(c.name for c in board.cities)
    ports = ["Dublin", "Belfast", "London", "Birmingham", "Paris", "Stockholm", "Oslo", "Berlin"]
    checked = 0
    for _ in range(300):
        places = [rng.choice(ports if rng.random() < 0.6 else names) for _ in range(rng.randint(2, 7))]
        legs = [ev.leg(a, b) for a, b in itertools.pairwise(places)]
        if any(leg is None for leg in legs):
            continue
        assert ev.union_cost(legs) == ev.union(legs)[0], places
        checked += 1
    assert checked > 200


def test_undeliverable_demand_is_skipped_by_the_planner(board, rules):
    only = [c.name for c in board.sources("Flowers")]
    assert only == ["Holland"]            # the tutorial board offers Flowers in Holland only
    hand = [card(31, ("Holland", "Flowers", 90), ("Birmingham", "Tourists", 12), ("Holland", "Flowers", 80))]
    plan = plan_hand(board, rules, hand)
    assert [(d.city, d.load) for d in plan.deliveries] == [("Birmingham", "Tourists")]
    with pytest.raises(eb.InvalidAction, match="no city other than Holland offers Flowers"):
        delivery_value(board, rules, Demand("Holland", "Flowers", 90))
    with pytest.raises(eb.InvalidAction, match="no demand in this hand can be delivered"):
        plan_hand(board, rules, [card(32, ("Holland", "Flowers", 9), ("Holland", "Flowers", 8),
                                      ("Holland", "Flowers", 7))])


@pytest.mark.slow   # left out of `make test-fast`
def test_opening_respects_two_builds_out_of_major_cities(board, rules):
    # this hand wants three segments out of major cities at once (Ruhr, Wien, Holland): the rule pushes
    # one of them to the second special build turn
    dealt = [card(41, ("Holland", "Cars", 13), ("Madrid", "Iron", 9), ("Oslo", "Wine", 9)),
             card(42, ("Ruhr", "Cars", 8), ("Dublin", "Wheat", 5), ("Lyon", "Fish", 6)),
             card(43, ("Wien", "Steel", 13), ("Belfast", "Chocolate", 7), ("Stockholm", "Cheese", 8)),
             card(44, ("Madrid", "Potatoes", 9), ("Oslo", "Beer", 5), ("Dublin", "Wood", 7))]
    anchors = {m for c in board.cities if c.has_red_area for m in c.mileposts}
    limited = plan_opening(board, rules, dealt)
    free = plan_opening(board, rules.with_(builds_out_of_major_per_turn=99), dealt)
    outs = [sum(s.a in anchors for s in t) for t in limited.builds]
    assert max(outs) <= rules.builds_out_of_major_per_turn == 2, limited.explain()
    assert sum(s.a in anchors for s in free.builds[0]) > 2, free.explain()   # without the rule, turn 1 takes 3
    assert limited.spent[0] < free.spent[0], (limited.spent, free.spent)
    assert limited.total == free.total           # same track, only spread differently over the two turns


@pytest.mark.slow   # left out of `make test-fast`
@pytest.mark.parametrize("carrying", [("Wine",), ("Tourists", "Wine"), ("Cheese", "Cheese")])
def test_loads_on_the_train_are_delivered_without_a_pickup(board, rules, carrying):
    hand = HANDS[0]       # Tourists -> Birmingham, Wine -> Paris, ...; Cheese is demanded by no card
    plan = plan_hand(board, rules, hand, start="Ruhr", carrying=carrying, sources_per_demand=None)
    best, detail = Brute(board, rules).best(hand, start="Ruhr", carrying=carrying)
    assert plan.income_per_turn == pytest.approx(best, abs=1e-9), (plan.explain(), detail)
    held = sum(1 for d in plan.deliveries if d.source is None)
    for st in plan.stops:      # a load from the train has no pick-up stop; capacity counts it from the start
        held += 1 if st.action == "pickup" else -1
        assert 0 <= held <= rules.start_train.capacity
        assert not (st.action == "pickup" and plan.deliveries[st.delivery].source is None)
    assert "On the train at the start" in plan.explain()
    if "Wine" in carrying:     # in Paris with Wine on board: deliver at once, no track, one turn
        there = plan_hand(board, rules, hand, start="Paris", carrying=carrying)
        assert [(d.load, d.source) for d in there.deliveries] == [("Wine", None)], there.explain()
        assert there.build_cost == 0 and there.turns == 1 and there.income_per_turn == 15
        assert [str(st) for st in there.stops] == ["deliver Wine at Paris"]


def test_carrying_input_is_checked(board, rules):
    with pytest.raises(eb.InvalidAction) as e:
        plan_hand(board, rules, HANDS[0], carrying=("Wine",))           # where is that train?
    assert e.value.field == "start"
    with pytest.raises(eb.InvalidAction, match="Picking Up Loads") as e:
        plan_hand(board, rules, HANDS[0], start="Paris", carrying=("Wine", "Wine", "Wine"))
    assert e.value.field == "carrying"
    with pytest.raises(eb.InvalidAction) as e:
        plan_hand(board, rules, HANDS[0], start="Paris", carrying=("Gold",))
    assert e.value.field == "carrying[0]"


@pytest.mark.slow   # left out of `make test-fast`
def test_plan_for_a_running_game_reads_the_players_position(board, rules):
    game = eb.Game.new(rules, board=board, players=["Ann", "Ben"], seed=3)
    me = game.state.players[1]
    plan = eb.plan_for(game, 1)
    cards = [game.deck.card(i) for i in me.hand]
    assert plan == plan_hand(board, rules, cards, position=eb.Position(track=game.state.track, seat=1), train=me.train)
    # once the train is placed and loaded, the position and the loads are used
    me.position = board.city("Paris").center
    me.loads = ["Wine"]
    placed = eb.plan_for(game, 1, sources_per_demand=None)
    assert placed.start == me.position and placed.carrying == ("Wine",)
    assert placed == plan_hand(board, rules, cards, position=eb.Position(track=game.state.track, seat=1), train=me.train,
                               start=me.position, carrying=("Wine",), sources_per_demand=None)
    with pytest.raises(eb.InvalidAction) as e:
        eb.plan_for(game, 5)
    assert e.value.field == "player"


def test_express_plans_start_from_the_demo_track_and_use_the_loads_aboard():
    """Empire Express builds only off your own track (Build Track), so an empty-board price is refused by
    that rule; from the demo position, Green's plan (Demo Set Up: Akron, two Tires) says where it starts by
    name, delivers a Tires it carries instead of dropping both and picking one up again, and says where
    the spare one is dropped."""
    import re
    board, rules, deck = eb.load_board("eastern_us"), eb.ruleset("express"), eb.load_deck("eastern_us")
    with pytest.raises(eb.InvalidAction, match=r"only off your own track \(Empire Express > Build Track\)"):
        eb.delivery_value(board, rules, deck.card(1).demands[0])
    g = eb.Game.new(rules, players=["Orange", "Red", "Blue", "Green"], seed=1)
    plan = eb.plan_for(g, 3)
    text = plan.explain()
    assert "Start at Akron" in text and not re.search(r"milepost \d", text), text
    assert not any(s.action == "pickup" and s.load == "Tires" for s in plan.stops), text
    assert any(d.load == "Tires" and d.source is None for d in plan.deliveries)
    assert "Tires dropped at Pittsburgh to make room (the train holds 2)" in text


def test_a_load_aboard_is_dropped_only_when_a_pick_up_needs_its_place():
    """Two Hops aboard at Holland and a plan that delivers one at Bremen: the other Hops stays aboard (a card
    in hand may want it: Roma pays 42M), not "dropped" as though the train needed the room."""
    eu, std = eb.load_board("europe"), eb.ruleset("europe-standard")
    p = eb.plan_hand(eu, std, [[("Bremen", "Hops", 24)], [("Roma", "Hops", 42)]], carrying=["Hops", "Hops"],
                     start="Holland")
    if len(p.deliveries) == 1:
        assert "Hops kept aboard" in p.explain() and "dropped" not in p.explain()
    else:
        assert "dropped" not in p.explain()


@pytest.mark.parametrize("call, field", [
    (lambda b, r: eb.delivery_value(b, r, ("London", "Wine", float("nan"))), "demand"),
    (lambda b, r: eb.delivery_value(b, r, ("London", "Wine", 20.7)), "demand"),      # cards print whole millions
    (lambda b, r: eb.delivery_value(b, r, ("London", "Wine", 20), start=True), "start"),
    (lambda b, r: eb.delivery_value(b, r, ("London", "Wine", 20), train="0/2"), "train"),
    (lambda b, r: eb.plan_hand(b, r, [[("London", "Wine", 20)]], free_build_turns=-3), "free_build_turns"),
    (lambda b, r: eb.plan_hand(b, r, [[("London", "Wine", 20)]], free_build_turns="2"), "free_build_turns"),
    (lambda b, r: eb.cost_table(b, r, 5), "cities"),
    (lambda b, r: eb.cost_table(b, r, symmetric="no"), "symmetric"),
])
def test_bad_economics_input_is_refused_naming_the_field(call, field):
    board, rules = eb.load_board("tutorial"), eb.ruleset()
    with pytest.raises(eb.InvalidAction) as err:
        call(board, rules)
    assert err.value.field == field


def test_a_player_is_named_or_seated_in_plan_for_and_hint():
    g = eb.Game.new("europe-standard", board="tutorial", players=["Ann", "Ben"], seed=3)
    other = g.state.players[1 - g.state.current].name
    assert eb.plan_for(g, other).payout == eb.plan_for(g, 1 - g.state.current).payout
    with pytest.raises(eb.InvalidAction, match=f"it is {g.player().name}'s turn, not {other}'s"):
        eb.hint(g, other)
    with pytest.raises(eb.InvalidAction, match="expected a Game"):
        eb.hint("g")
    with pytest.raises(eb.InvalidAction, match="its players: Ann, Ben"):
        eb.plan_for(g, "Cid")
    assert eb.cost_table(eb.load_board("tutorial"), eb.ruleset(), ["London", "London", "Paris"]).shape == (2, 2)


def test_an_opening_between_two_major_cities_spends_the_first_special_turn():
    """Limits on Building from Major Cities allows two segments *out of* major cities a turn, not into them:
    an opening that joins Ruhr and Holland first builds one of them into the city from the track just laid,
    and goes on building the plan's track in that turn (it used both segments out of the cities on that
    one join and left 18M of the first special build turn unspent)."""
    board, rules, deck = eb.load_board("europe"), eb.ruleset(), eb.load_deck("europe")
    dealt = [deck.card(i) for i in deck.shuffled(7) if not deck.is_event(i)]
    o = eb.plan_opening(board, rules, dealt[:4])
    assert o.plan.build_cost > 2 * rules.build_limit
    assert o.spent == (rules.build_limit, rules.build_limit)
    anchors = {m for c in board.cities if c.has_red_area for m in c.mileposts}
    for turn in o.builds:
        assert sum(s.a in anchors for s in turn) <= rules.builds_out_of_major_per_turn


def test_an_opening_names_the_card_it_discards():
    """Four cards are dealt and three kept (Starting the Game): the opening says which card goes by its
    number and demands ("Discard card 42: Beer to Manchester ..."), not its place in the hand."""
    board, rules, deck = eb.load_board("europe"), eb.ruleset(), eb.load_deck("europe")
    dealt = [deck.card(i) for i in deck.shuffled(7) if not deck.is_event(i)]
    o = eb.plan_opening(board, rules, dealt[:4])
    gone = dealt[o.discard[0]]
    assert f"Discard {gone}." in o.explain() and "of the hand" not in o.explain()


def test_at_the_opening_the_two_special_build_turns_pass_before_the_train_runs(board, rules):
    """Starting the Game > Special Build Turns: two build turns with no operations phase. A plan whose track
    fits in one build turn (7M) still starts its 1-turn ride after both: 2 + 1 turns, not 1 + 1."""
    plain = eb.plan_hand(board, rules, [[("Paris", "Imports", 20)]])
    opening = eb.plan_hand(board, rules, [[("Paris", "Imports", 20)]], free_build_turns=2)
    assert (plain.build_turns, plain.travel_turns, plain.turns) == (1, 1, 2)
    assert (opening.build_turns, opening.travel_turns, opening.turns) == (1, 1, 3)


def test_a_ride_through_the_chunnel_counts_its_three_mileposts(board, rules):
    """Movement Using the Chunnel: the Chunnel's three mileposts are moved through like any others. With
    track London-Folkestone (the Chunnel bought with it), Tourists from London to Paris ride 9 mileposts:
    2 to Folkestone, 3 in the Chunnel, 1 to Calais, 3 to Paris."""
    from eb_core.positions import position_from_text

    g = position_from_text("board: tutorial\nplayer Ann: cash 50, track London-Folkestone")
    assert g.state.track.owned_crossings(0) == {"Chunnel"}
    v = delivery_value(board, rules, ("Paris", "Tourists", 20), position=eb.Position.of(g.state, 0))
    assert v.source == "London" and v.distance == 9 and v.travel_turns == 1, v.explain()
    assert "ride 9 mileposts" in v.explain()
