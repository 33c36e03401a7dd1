"""Engine support for "Variants & Optional Rules" (and "Challenging Variants > Slow Start") on the tutorial
board: each variant's effect, one legal and one illegal case; a rejected action changes nothing."""
import json

import pytest
from support import rejects as _rejects

import eb_core as eb
from eb_core import rulebook as R
from eb_core.actions import Build, Move, Upgrade
from eb_core.rules import Train

BOARD = eb.load_board("tutorial")
CHUNNEL = BOARD.crossing("Chunnel")
FOLKESTONE, CALAIS = CHUNNEL.ports


def game(*variants, base="europe-basic", phase="operations", seed=1):
    g = eb.Game.new(eb.ruleset(base, *variants), board=BOARD, players=["Ann", "Ben"], seed=seed)
    st = g.state
    st.special_round, st.round, st.phase, st.current, st.first_player = 0, 1, phase, 0, 0
    for p in st.players:
        p.hand = p.hand[:3]
    return g


def rejects(g, action, rule):
    return _rejects(g, action, rule, prefix=True)


# ------------------------------------------------------------------------------------------ Fast Game
def test_fast_game_the_chunnel_is_a_ferry_crossed_in_four_movement_points():
    """Fast Game: "Treat the Chunnel as another ferry"; "it takes four movements to go from one port to
    the opposite port"."""
    g = game("fast-game")
    g.state.track.add_crossing(0, "Chunnel")
    p = g.state.players[0]
    p.position = FOLKESTONE
    rejects(g, Move((CHUNNEL.mileposts[0],)), R.RUNNING)          # no underground mileposts in the Fast Game
    g.apply(Move((CALAIS,)))
    assert (p.position, p.moves_used, p.train.speed) == (CALAIS, 4, 16)


def test_fast_game_must_stop_at_a_port_with_fewer_than_four_points_left():
    g = game("fast-game")
    g.state.track.add_crossing(0, "Chunnel")
    p = g.state.players[0]
    p.position, p.moves_used = FOLKESTONE, 13
    err = rejects(g, Move((CALAIS,)), R.FERRY_MOVE)
    assert "4 movement points" in err.reason and "3 left" in err.reason


def test_fast_game_a_northern_seas_gale_closes_the_chunnel_as_it_closes_the_ferries():
    """Fast Game: "Treat the Chunnel as another ferry", so the Northern Seas Gale closes it as it closes the
    ferries whose ports are near that coast ("no staging at or moving from ferry ports"); without the Fast
    Game the Chunnel is a tunnel and runs through the gale (at half rate near the coast)."""
    europe = eb.load_board("europe")
    chunnel = europe.crossing("Chunnel")
    for variants, closed in ((("fast-game",), True), ((), False)):
        g = eb.Game.new(eb.ruleset("europe-basic", *variants), board=europe, players=["Ann", "Ben"], seed=1)
        st = g.state
        st.special_round, st.round, st.phase, st.current, st.first_player = 0, 1, "operations", 0, 0
        st.track.add_crossing(0, "Chunnel")
        st.players[0].position = chunnel.ports[0]
        eb.events.play_event(g, "Gales: Northern Seas")
        step = (chunnel.ports[1],) if variants else (*chunnel.mileposts, chunnel.ports[1])
        shown = eb.events.affected(g, "Gales: Northern Seas")     # what the event's map and text show
        assert (set(chunnel.ports) <= shown["ports"]) == closed and ("Chunnel" in shown["text"]) == closed
        if closed:
            err = rejects(g, Move(step), R.EVENTS)
            assert "Gales: Northern Seas" in err.reason and "closed" in err.reason
        else:
            g.apply(Move(step))
            assert st.players[0].position == chunnel.ports[1]


def test_standard_chunnel_is_driven_through_its_mileposts():
    g = game()
    g.state.track.add_crossing(0, "Chunnel")
    p = g.state.players[0]
    p.position = FOLKESTONE
    rejects(g, Move((CALAIS,)), R.RUNNING)
    g.apply(Move((*CHUNNEL.mileposts, CALAIS)))
    assert (p.position, p.moves_used) == (CALAIS, 4)


def test_fast_game_ferry_takes_four_points_without_staging():
    g = game("fast-game")
    cr = BOARD.crossing("Portsmouth–Le Havre")
    g.state.track.add_crossing(0, cr.name)
    p = g.state.players[0]
    p.position = cr.ports[0]
    g.apply(Move((cr.ports[1],)))                      # not staged, full speed
    assert (p.moves_used, p.half_rate) == (4, False)
    std = game()
    std.state.track.add_crossing(0, cr.name)
    std.state.players[0].position = cr.ports[0]
    rejects(std, Move((cr.ports[1],)), R.FERRY_MOVE)   # standard: stage first


def test_fast_game_two_players_may_build_the_chunnel_for_4m():
    plan = eb.cheapest_build(BOARD, eb.ruleset("europe-basic", "fast-game"), "London", FOLKESTONE)
    g = game("fast-game", phase="build")
    g.state.track.add_crossing(1, "Chunnel")
    cash = g.state.players[0].cash
    g.apply(Build(plan.mileposts))
    assert g.state.track.crossing_owners("Chunnel") == (1, 0) or set(g.state.track.crossing_owners("Chunnel")) == {0, 1}
    assert cash - g.state.players[0].cash == plan.cost and plan.segments[-1].crossing == 4, plan.explain()
    std = game(phase="build")
    std.state.track.add_crossing(1, "Chunnel")
    path = eb.cheapest_build(BOARD, eb.ruleset("europe-basic"), "London", FOLKESTONE).mileposts
    rejects(std, Build(path), R.CHUNNEL_BUILD)         # standard: one player only


# ------------------------------------------------------------------------------------------ events
def _pile_kinds(g):
    return {g.deck.card(c).kind for c in g.state.draw_pile if not hasattr(g.deck.card(c), "demands")}


def test_faster_game_removes_tax_and_derailments_from_the_deck():
    kinds = _pile_kinds(eb.Game.new(eb.ruleset("europe-basic", "faster-game"), board=BOARD, players=["A"], seed=3))
    assert kinds and not kinds & {"tax", "derailment"}, kinds
    assert {"tax", "derailment"} <= _pile_kinds(eb.Game.new("europe-basic", board=BOARD, players=["A"], seed=3))


def test_no_events_variant_has_no_event_cards():
    g = eb.Game.new(eb.ruleset("europe-standard", "no-events"), board=BOARD, players=["A"], seed=3)
    assert _pile_kinds(g) == set()
    assert len(g.state.draw_pile) + sum(len(p.hand) for p in g.state.players) == len(g.deck.demand_cards)


# ------------------------------------------------------------------------------------------ Honeymoon
def test_honeymoon_one_chip_fewer_of_every_load():
    g = eb.Game.new(eb.ruleset("europe-standard", "honeymoon"), board=BOARD, players=["A", "B"], seed=1)
    assert g.state.bank == {ld: n - 1 for ld, n in BOARD.loads.items()}


def _into(city, avoid=()):
    """A two-segment approach into ``city`` from open country: (outer, inner, centre)."""
    c = BOARD.city(city)
    for a in BOARD.neighbors(c.center):
        if BOARD.city_at(a) is not None or a in avoid:
            continue
        for b in BOARD.neighbors(a):
            if BOARD.city_at(b) is None and b != c.center and b not in avoid:
                return b, a, c.center
    raise AssertionError(city)


@pytest.mark.parametrize("variant,legal", [((), True), (("honeymoon",), False)])
def test_honeymoon_one_player_per_small_city(variant, legal):
    g = game(*variant, base="europe-standard", phase="build")
    b1, a1, lyon = _into("Lyon")
    g.state.track.segments[tuple(sorted((a1, lyon)))] = 1            # Ben is in Lyon already
    b0, a0, _ = _into("Lyon", avoid=(a1, b1))
    g.state.track.segments[tuple(sorted((b0, a0)))] = 0              # Ann's track next to it
    if legal:
        g.apply(Build((a0, lyon)))
    else:
        err = rejects(g, Build((a0, lyon)), R.HONEYMOON)     # the Honeymoon Game's own rule
        assert "Only 1 players" in err.reason or "1 player" in err.reason


def test_honeymoon_a_small_city_that_is_a_ferry_port_stays_open_to_two():
    """Honeymoon: "unless the city is also a ferry port, in which case two players can still build that
    ferry/city" (Dublin is a small city and the Liverpool-Dublin port)."""
    g = game("honeymoon", base="europe-standard", phase="build")
    g.state.players[0].hand = _cards(lambda c: any(d.city == "Dublin" for d in c.demands))[:3]
    b1, a1, dublin = _into("Dublin")
    g.state.track.segments[tuple(sorted((a1, dublin)))] = 1
    b0, a0, _ = _into("Dublin", avoid=(a1, b1))
    g.state.track.segments[tuple(sorted((b0, a0)))] = 0
    g.apply_unchecked(Build((a0, dublin)))
    assert g.state.track.owner(a0, dublin) == 0


# ------------------------------------------------------------------------------------------ Cross Grading
def test_cross_grading_swaps_speed_for_capacity_for_5m_then_up_to_15m_of_track():
    g = game("cross-grading", base="europe-standard", phase="build")
    p = g.state.players[0]
    p.train = Train(12, 2)
    g.apply(Upgrade(Train(9, 3)))
    assert (p.train, p.cash, p.spent) == (Train(9, 3), 45, 5)
    assert all(c <= 15 for _, _, c in g.buildable_segments())


def test_cross_grading_needs_the_variant_and_an_upgraded_train():
    g = game(base="europe-standard", phase="build")
    g.state.players[0].train = Train(12, 2)
    rejects(g, Upgrade(Train(9, 3)), R.UPGRADE)                   # not without the variant
    h = game("cross-grading", base="europe-standard", phase="build")
    rejects(h, Upgrade(Train(6, 3)), R.UPGRADE)                   # 9/2 has no sibling to swap to


# ------------------------------------------------------------------------------------------ Slow Start
def test_slow_start_upgrade_chain():
    g = game("slow-start", base="europe-standard", phase="build")
    p = g.state.players[0]
    assert p.train == Train(6, 2)
    rejects(g, Upgrade(Train(12, 2)), R.UPGRADE)
    g.apply(Upgrade(Train(9, 2)))
    assert p.train == Train(9, 2) and g.rules.final_train == Train(12, 3)
    assert set(g.rules.upgrade_options(Train(9, 2))) == {Train(9, 3), Train(12, 2)}


# ------------------------------------------------------------------------------------------ Honeymoon demands
def _cards(pred):
    deck = eb.load_deck("tutorial")
    return [c.id for c in deck.demand_cards if pred(c)]


def test_honeymoon_build_into_a_small_city_needs_a_demand_for_it_or_its_load():
    """Honeymoon: "To build into a small city you must have a demand card for that city or for a load
    available there on one of your existing demand cards" (Lyon offers Wheat)."""
    lyon = BOARD.city("Lyon")
    wants = _cards(lambda c: any(d.city == "Lyon" or d.load in lyon.loads for d in c.demands))
    others = _cards(lambda c: not any(d.city == "Lyon" or d.load in lyon.loads for d in c.demands))
    b0, a0, centre = _into("Lyon")
    g = game("honeymoon", base="europe-standard", phase="build")
    g.state.track.segments[tuple(sorted((b0, a0)))] = 0
    g.state.players[0].hand = others[:3]
    err = rejects(g, Build((a0, centre)), R.HONEYMOON)
    assert "Lyon" in err.reason and "Wheat" in err.reason
    g.state.players[0].hand = [wants[0]] + others[:2]
    g.apply(Build((a0, centre)))
    assert g.state.track.owner(a0, centre) == 0


# ------------------------------------------------------------------------------------------ Mercy
def test_mercy_borrow_5_to_20_repay_double_half_of_each_payoff():
    from eb_core.actions import Borrow, Deliver

    g = game("mercy", base="europe-standard")
    p = g.state.players[0]
    cash = p.cash
    rejects(g, Borrow(25), R.MERCY)                          # at most 20M
    rejects(g, Borrow(4), R.MERCY)                           # at least 5M
    g.apply(Borrow(10))
    assert (p.cash, p.loan) == (cash + 10, 20)
    rejects(g, Borrow(5), R.MERCY)                           # one loan at a time
    # a delivery: half the payoff (rounded up) goes to the loan
    cid = p.hand[0]
    d = g.deck.card(cid).demands[0]
    p.position = BOARD.city(d.city).center
    p.loads = [d.load]
    before = p.cash
    g.apply(Deliver(d.load, cid))
    to_loan = min(20, -(-d.payout // 2))
    assert (p.cash - before, p.loan) == (d.payout - to_loan, 20 - to_loan), g.state.log[-3:]
    assert eb.Game.from_json(g.to_json()).state.players[0].loan == p.loan


def test_no_loans_without_mercy():
    from eb_core.actions import Borrow

    g = game(base="europe-standard")
    rejects(g, Borrow(10), R.NO_CREDIT)


# ------------------------------------------------------------------------------------------ the list
def test_every_rulebook_variant_is_named_cited_and_composable():
    from eb_core.rules import VARIANTS

    for v in R.VARIANT_SECTIONS:
        if v in VARIANTS:
            r = eb.ruleset("europe-basic", v)
            assert r.variants == (v,) and R.VARIANT_SECTIONS[v].startswith("Variants & Optional Rules")
            assert R.VARIANT_QUOTES[v]
    r = eb.ruleset("europe-basic", "fast-game", "cross-grading", "open-contracts", "pay-to-load")
    assert (r.start_train, r.cross_grade_cost, r.open_contracts, r.load_handling_moves) == (Train(16, 2), 5, 4, 1)
    assert eb.rules.Ruleset.from_dict(r.to_dict()) == r
    assert eb.ruleset("europe-basic", "mercy", "mercy") == eb.ruleset("europe-basic", "mercy")


@pytest.mark.parametrize("a,b", [("fast-game", "slow-start"), ("slow-start", "faster-game"),
                                 ("faster-game", "reshuffle"), ("no-events", "reshuffle")])
def test_incompatible_variants_are_refused_naming_both(a, b):
    with pytest.raises(eb.InvalidAction) as ei:
        eb.ruleset("europe-basic", a, b)
    assert a in str(ei.value) and b in str(ei.value) and "cannot be combined" in str(ei.value)


# ------------------------------------------------------------------------------------------ helpers
def _deliverable(g, seat=0):
    """Put ``seat``'s train in the city of the first demand of its first card, carrying that load."""
    p = g.state.players[seat]
    cid = p.hand[0]
    d = g.deck.card(cid).demands[0]
    p.position, p.loads = BOARD.city(d.city).center, [d.load]
    return cid, d


def _own_line(g, seat, path):
    for a, b in zip(path, path[1:]):
        g.state.track.segments[tuple(sorted((a, b)))] = seat


# ------------------------------------------------------------------------------------------ Open Contracts
def test_open_contracts_discarded_hand_goes_face_up_up_to_four():
    from eb_core.actions import DiscardHand

    g = game("open-contracts")
    old = list(g.state.players[0].hand)
    g.apply(DiscardHand())
    assert g.state.open_contracts == old and not set(old) & set(g.state.discard_pile)
    g.state.current, g.state.phase, g.state.ops_started = 0, "operations", False
    second = list(g.state.players[0].hand)
    g.apply(DiscardHand())
    assert len(g.state.open_contracts) == 4 and g.state.open_contracts[:3] == old     # room for one only
    placed = g.state.open_contracts[3]
    assert placed in second and set(second) - {placed} <= set(g.state.discard_pile)
    assert eb.Game.from_json(g.to_json()).state.open_contracts == g.state.open_contracts


def test_open_contract_delivery_pays_and_draws_no_replacement():
    from eb_core.actions import Deliver

    g = game("open-contracts")
    ben = g.state.players[1]
    g.state.open_contracts = [ben.hand.pop(0)]                  # a contract on the table
    d = g.deck.card(g.state.open_contracts[0]).demands[0]
    p = g.state.players[0]
    p.position, p.loads = BOARD.city(d.city).center, [d.load]
    cash, hand = p.cash, list(p.hand)
    g.apply(Deliver(d.load, g.state.open_contracts[0]))
    assert p.cash == cash + d.payout and p.hand == hand and g.state.open_contracts == []
    # without the variant a card on nobody's hand cannot be delivered
    h = game()
    cid = h.state.players[1].hand[0]
    d = h.deck.card(cid).demands[0]
    h.state.players[0].position, h.state.players[0].loads = BOARD.city(d.city).center, [d.load]
    rejects(h, Deliver(d.load, cid), R.DELIVER)


def test_open_contracts_alternative_deals_four_face_up_at_the_start():
    r = eb.ruleset("europe-standard", "open-contracts").with_(open_contracts_dealt=4)
    g = eb.Game.new(r, board=BOARD, players=["Ann", "Ben"], seed=2)
    assert len(g.state.open_contracts) == 4
    assert all(hasattr(g.deck.card(c), "demands") for c in g.state.open_contracts)
    assert eb.Game.new("europe-standard", board=BOARD, players=["Ann", "Ben"], seed=2).state.open_contracts == []


# ------------------------------------------------------------------------------------------ Field Warehousing
def _at(g, seat, city, loads):
    """Put ``seat``'s train in ``city`` carrying ``loads`` (their chips taken from the bank)."""
    p = g.state.players[seat]
    for ld in p.loads:
        g.state.bank[ld] += 1
    for ld in loads:
        g.state.bank[ld] -= 1
    p.position, p.loads = BOARD.city(city).center, list(loads)
    return p


def test_field_warehousing_dropped_load_stays_for_anyone_to_pick_up():
    from eb_core.actions import Drop, EndTurn, PickUp

    g = game("field-warehousing")
    chips = g.state.chips_total()
    bank = g.state.bank["Fish"] - 1
    _at(g, 0, "Zürich", ["Fish"])
    g.apply(Drop("Fish"))
    assert g.state.warehouses == {"Zürich": {"Fish": 1}} and g.state.bank["Fish"] == bank
    assert g.state.chips_total() == chips
    g.apply(EndTurn())
    _at(g, 1, "Zürich", [])
    assert "Fish" in g.legal_pickups()                      # Zürich does not produce Fish
    g.apply(PickUp("Fish"))
    assert g.state.players[1].loads == ["Fish"] and g.state.warehouses == {}
    # not from another city, and without the variant the drop goes back to the bank
    h = game("field-warehousing")
    h.state.warehouses = {"Zürich": {"Fish": 1}}
    h.state.bank["Fish"] -= 1
    _at(h, 0, "Lyon", [])
    rejects(h, PickUp("Fish"), R.PICKUP)
    s = game()
    _at(s, 0, "Zürich", ["Fish"])
    s.apply(Drop("Fish"))
    assert s.state.warehouses == {} and s.state.bank["Fish"] == bank + 1


def test_field_warehousing_empty_bank_takes_from_any_warehouse():
    from eb_core.actions import PickUp

    g = game("field-warehousing")
    n = g.state.bank["Chocolate"]
    g.state.bank["Chocolate"] = 0
    g.state.warehouses = {"Lyon": {"Chocolate": 1}}
    g.state.players[1].loads = ["Chocolate"] * (n - 1)      # the other chip is in Lyon's warehouse
    _at(g, 0, "Zürich", [])                                 # Zürich produces Chocolate
    g.apply(PickUp("Chocolate"))
    assert g.state.players[0].loads == ["Chocolate"] and g.state.warehouses == {}
    rejects(g, PickUp("Chocolate"), R.PICKUP)                # bank and warehouses empty now


def test_field_warehousing_an_event_on_the_city_returns_its_loads_to_the_bank():
    from eb_core.engine.cards_and_turns import draw_until_demand

    g = game("field-warehousing", base="europe-standard")
    g.state.warehouses = {"Zürich": {"Fish": 2}, "Lyon": {"Wine": 1}}
    g.state.bank["Fish"] -= 2
    g.state.bank["Wine"] -= 1
    fog = next(c.id for c in g.deck.event_cards if c.title == "Fog: Frankfurt")   # covers Zürich
    g.state.draw_pile.remove(fog) if fog in g.state.draw_pile else None
    g.state.draw_pile.append(fog)
    bank = dict(g.state.bank)
    draw_until_demand(g, 0)
    assert g.state.warehouses == {"Lyon": {"Wine": 1}} and g.state.bank["Fish"] == bank["Fish"] + 2


# ------------------------------------------------------------------------------------------ Branching
def test_branching_builds_off_another_players_track():
    b1, a1, lyon = _into("Lyon")
    nxt = next(m for m in BOARD.neighbors(b1) if m not in (a1,) and BOARD.city_at(m) is None
               and BOARD.edge(b1, m) is not None and not BOARD.edge(b1, m).impassable)
    g = game("branching", base="europe-standard", phase="build")
    _own_line(g, 1, (b1, a1))                                  # Ben's track
    g.apply(Build((b1, nxt)))
    assert g.state.track.owner(b1, nxt) == 0
    rejects(g, Build((a1, b1)), R.RIGHT_OF_WAY)               # still not over his segment
    s = game(base="europe-standard", phase="build")
    _own_line(s, 1, (b1, a1))
    rejects(s, Build((b1, nxt)), R.BEGIN)                     # standard: only from your own network


# ------------------------------------------------------------------------------------------ Pay To Move
def test_pay_to_move_1m_per_turn_on_your_own_track_to_the_bank():
    from eb_core.actions import Move

    g = game("pay-to-move")
    b0, a0, centre = _into("Lyon")
    _own_line(g, 0, (b0, a0, centre))
    p = g.state.players[0]
    p.position, cash = b0, p.cash
    bank_before = sum(q.cash for q in g.state.players)
    g.apply(Move((a0,)))
    g.apply(Move((centre,)))                                   # the same turn: paid once
    assert p.cash == cash - 1 and sum(q.cash for q in g.state.players) == bank_before - 1
    h = game("pay-to-move")
    _own_line(h, 0, (b0, a0, centre))
    h.state.players[0].position, h.state.players[0].cash = b0, 0
    err = rejects(h, Move((a0,)), R.PAY_TO_MOVE)
    assert "1M" in err.reason
    s = game()
    _own_line(s, 0, (b0, a0, centre))
    s.state.players[0].position, s.state.players[0].cash = b0, 0
    s.apply(Move((a0, centre)))                                # standard: own track is free


def test_pay_to_move_another_players_network_costs_4m_to_the_bank():
    from eb_core.actions import Move

    g = game("pay-to-move")
    b0, a0, centre = _into("Lyon")
    _own_line(g, 1, (b0, a0, centre))
    ann, ben = g.state.players
    ann.position = b0
    a, b = ann.cash, ben.cash
    g.apply(Move((a0, centre)))
    assert (ann.cash, ben.cash) == (a - 4, b)                  # paid to the bank, not to Ben
    s = game()
    _own_line(s, 1, (b0, a0, centre))
    s.state.players[0].position = b0
    s.apply(Move((a0, centre)))
    assert s.state.players[1].cash == b + 4                    # standard rent goes to the owner


# ------------------------------------------------------------------------------------------ Pay To Load
def test_pay_to_load_each_pick_up_and_drop_uses_a_movement_point():
    from eb_core.actions import Deliver, PickUp

    g = game("pay-to-load")
    cid, d = _deliverable(g)
    p = g.state.players[0]
    g.apply(Deliver(d.load, cid))
    assert p.moves_used == 1
    city = BOARD.city(d.city)
    if city.loads:
        g.apply(PickUp(city.loads[0]))
        assert p.moves_used == 2
    h = game("pay-to-load")
    cid, d = _deliverable(h)
    h.state.players[0].moves_used = h.state.players[0].train.speed
    err = rejects(h, Deliver(d.load, cid), R.PAY_TO_LOAD)
    assert "0 left" in err.reason and h.legal_deliveries() == []
    s = game()
    cid, d = _deliverable(s)
    s.state.players[0].moves_used = s.state.players[0].train.speed
    s.apply(Deliver(d.load, cid))                             # standard: loading costs no movement


# ------------------------------------------------------------------------------------------ Reshuffle
def _draw_tax(variants):
    from eb_core.engine.cards_and_turns import draw_until_demand

    g = game(*variants, base="europe-standard")
    tax = next(c.id for c in g.deck.event_cards if c.kind == "tax")
    if tax in g.state.draw_pile:
        g.state.draw_pile.remove(tax)
    g.state.draw_pile.append(tax)
    g.state.discard_pile.extend([g.state.draw_pile.pop(0) for _ in range(3)])
    g.state.players[0].cash = 120
    draw_until_demand(g, 0)
    return g, tax


def test_reshuffle_removes_the_tax_card_and_reshuffles_the_deck():
    g, tax = _draw_tax(("reshuffle",))
    assert g.state.removed_cards == [tax] and g.state.discard_pile == []
    assert g.state.players[0].cash < 120                       # the tax still takes effect
    assert "Reshuffle" in " ".join(g.state.log[-3:])
    s, tax = _draw_tax(())
    assert s.state.removed_cards == [] and tax in s.state.discard_pile


# ------------------------------------------------------------------------------------------ Less Thinking
def test_less_thinking_builds_first_and_draws_only_at_the_end_of_the_turn():
    """Less Thinking During Your Turns, the named variant (the turn-order switch itself is tested in
    tests/rules/test_turn_order.py)."""
    from eb_core.actions import Deliver, EndTurn

    r = eb.ruleset("europe-basic", "less-thinking")
    assert (r.turn_order, r.draw_on_delivery) == ("build-first", False)
    g = game("less-thinking", phase="build")
    cid, d = _deliverable(g)
    p = g.state.players[0]
    b0, a0, centre = _into(d.city)
    _own_line(g, 0, (a0, centre))
    g.apply(Build((a0, b0)))                               # the Building Phase comes first
    g.apply(Deliver(d.load, cid))                          # ... then operations
    assert len(p.hand) == 2                                # no card on delivery
    err = rejects(g, Build((b0, next(m for m in BOARD.neighbors(b0) if m != a0))), R.LESS_THINKING)
    assert "first" in err.reason
    g.apply(EndTurn())
    assert len(p.hand) == 3                                # the very last action: draw up to three
    s = game()                                             # standard: operations first, a card on delivery
    cid, d = _deliverable(s)
    s.apply(Deliver(d.load, cid))
    assert s.phase == "operations" and len(s.state.players[0].hand) == 3


# ------------------------------------------------------------------------------------------ Run Two Trains
def _two(rules="europe-standard", *variants, seed=3):
    """A Europe game in Ann's first operations turn under Run Two Trains (support.ops_game)."""
    from support import ops_game

    return ops_game(rules=eb.ruleset(rules, "run-two-trains", *variants), seed=seed)


def test_run_two_trains_every_player_starts_with_two_trains_and_one_train_games_are_unchanged():
    """Run Two Trains: "Each player starts with two trains"; without it the state (and its JSON) is the
    one-train state exactly."""
    r = eb.ruleset("europe-basic", "run-two-trains")
    assert r.trains == 2 and R.VARIANT_SECTIONS["run-two-trains"] == R.RUN_TWO_TRAINS
    assert "Both may move in the same turn" in R.VARIANT_QUOTES["run-two-trains"]
    two = eb.Game.new(r, board=BOARD, players=["Ann", "Ben"], seed=4)
    one = eb.Game.new("europe-basic", board=BOARD, players=["Ann", "Ben"], seed=4)
    for p in two.state.players:
        assert p.trains == 2 and p.second.train == p.train == Train(12, 2) and p.second.position is None
    assert all(p.trains == 1 and "second" not in p.to_dict() for p in one.state.players)
    d2, d1 = two.state.to_dict(), one.state.to_dict()
    for p in d2["players"]:
        del p["second"]
    assert d2 == d1                                           # the variant adds the second train, nothing else
    assert eb.Game.from_json(two.to_json()).to_json() == two.to_json()


def test_run_two_trains_both_trains_move_in_the_same_turn_each_with_its_own_movement():
    from support import EUROPE, lay_track, line_from, place

    g = _two()
    p = g.state.players[0]
    line = line_from(EUROPE, EUROPE.city("Paris").center, 10)
    other = line_from(EUROPE, EUROPE.city("Madrid").center, 10)
    lay_track(g, 0, line)
    lay_track(g, 0, other)
    place(g, 0, line[0])
    place(g, 1, line[0])
    p.second.position = other[0]
    g.apply(Move(line[1:10]))                                  # train 1: all 9 points of its 9/2
    err = rejects(g, Move((line[10],)), R.RUNNING)
    assert "no movement left" in err.reason
    g.apply(Move(other[1:10], train=2))                        # train 2 moves in the same turn, 9 more
    assert (p.position, p.moves_used, p.second.position, p.second.moves_used) == (line[9], 9, other[9], 9)
    rejects(g, Move((other[10],), train=2), R.RUNNING)
    assert g.state.log[-1].startswith("Train 2: Ann moves 9 mileposts")
    # next turn both trains have their full movement again
    from eb_core.actions import EndTurn
    g.apply(EndTurn())
    g.apply(EndTurn())
    assert g.current_player == 0 and (p.moves_used, p.second.moves_used) == (0, 0)


def test_run_two_trains_a_second_train_needs_the_variant_and_must_be_placed():
    from support import ops_game

    from eb_core.actions import PlaceTrain

    one = ops_game()
    err = rejects(one, PlaceTrain("Paris", train=2), R.RUN_TWO_TRAINS)
    assert "one train" in err.reason
    g = _two()
    g.apply(PlaceTrain("Paris"))
    err = rejects(g, Move((g.board.neighbors(g.board.city("Paris").center)[0],), train=2), R.START_TRAIN)
    assert "train 2" in err.reason
    g.apply(PlaceTrain("Madrid", train=2))
    p = g.state.players[0]
    assert (g.board.place(p.position), g.board.place(p.second.position)) == ("Paris", "Madrid")
    rejects(g, PlaceTrain("Berlin", train=2), R.START_TRAIN)   # placed once
    with pytest.raises(eb.InvalidAction):
        Move((1,), train=3)


def test_run_two_trains_loads_ride_on_the_train_that_picked_them_up():
    from eb_core.actions import Deliver, PickUp

    g = _two()
    p = g.state.players[0]
    cid = p.hand[0]
    d = g.deck.card(cid).demands[0]
    src = g.board.sources(d.load)[0]
    p.position, p.second.position = g.board.city(d.city).center, src.center
    g.apply(PickUp(d.load, train=2))
    assert (p.loads, p.second.loads) == ([], [d.load])
    err = rejects(g, Deliver(d.load, cid), R.DELIVER)            # train 1, at the city, carries nothing
    assert "does not carry" in err.reason
    rejects(g, Deliver(d.load, cid, train=2), R.DELIVER)         # train 2 is not at the demand city
    p.second.position = p.position
    cash = p.cash
    g.apply(Deliver(d.load, cid, train=2))
    assert p.cash == cash + d.payout and p.second.loads == [] and len(p.hand) == 3
    assert g.state.chips_total() == eb.Game.new("europe-standard", board="europe", seed=3).state.chips_total()


def test_run_two_trains_each_train_carries_its_own_capacity():
    from eb_core.actions import PickUp

    g = _two()
    p = g.state.players[0]
    city = next(c for c in g.board.cities if c.loads)
    ld = city.loads[0]
    p.position = p.second.position = city.center
    g.apply(PickUp(ld))
    g.apply(PickUp(ld))
    err = rejects(g, PickUp(ld), R.PICKUP)                       # a 9/2 carries two
    assert "already carries 2" in err.reason
    g.apply(PickUp(ld, train=2))
    assert (p.loads, p.second.loads) == ([ld, ld], [ld])


def test_run_two_trains_each_train_is_upgraded_in_the_usual_way():
    """ "... two trains, which may be upgraded in the usual way": 20M and the whole build phase, per train."""
    g = _two()
    g.state.phase = "build"
    p = g.state.players[0]
    p.position = p.second.position = g.board.city("Paris").center
    cash = p.cash
    g.apply(Upgrade("12/2", train=2))
    assert (p.train, p.second.train, p.cash) == (Train(9, 2), Train(12, 2), cash - 20)
    assert "Train 2: Ann upgrades the train from 9/2 to 12/2" in g.state.log[-1]
    err = rejects(g, Upgrade("12/2"), R.UPGRADE)                 # one upgrade is the whole build phase
    assert "already spent" in err.reason
    h = _two()
    h.state.phase = "build"
    h.state.players[0].position = h.board.city("Paris").center
    rejects(h, Upgrade("12/3", train=2), R.UPGRADE)              # 9/2 cannot go straight to 12/3


def test_run_two_trains_a_train_on_a_ferry_port_is_staged_and_crosses_at_half_speed_alone():
    from support import EUROPE

    from eb_core.actions import EndTurn

    g = _two()
    cr = EUROPE.ferries[0]
    g.state.track.add_crossing(0, cr.name)
    p = g.state.players[0]
    p.position, p.second.position = EUROPE.city("Paris").center, cr.ports[0]
    g.state.players[1].position = EUROPE.city("Paris").center
    g.apply(EndTurn())
    assert (p.staged, p.second.staged) == (False, True)
    g.apply(EndTurn())
    g.apply(Move((cr.ports[1],), train=2))
    assert (p.second.position, p.second.half_rate, p.half_rate) == (cr.ports[1], True, False)


def test_run_two_trains_a_derailment_hits_each_train_in_its_area_and_costs_one_turn():
    """Derailments: "every train within 3 mileposts" loses a load; a player with both trains there loses
    two loads and (Losing Turns, not cumulative) one turn."""
    from support import EUROPE, demand_card_with, place

    from eb_core import events

    g = _two()
    st = g.state
    c1 = demand_card_with("Wien")
    c2 = demand_card_with("Madrid", avoid=[d.city for d in c1.demands] + ["Oslo"])
    for p in st.players:
        p.hand = []
    place(g, 0, EUROPE.city("Wien").center, ["Wine", "Coal"])
    ann = st.players[0]
    ann.second.position, ann.second.loads = EUROPE.city("Wien").mileposts[1], ["Beer"]
    st.bank["Beer"] -= 1
    place(g, 1, EUROPE.city("Oslo").center, ["Fish"])
    for c in (c2, c1):
        for pile in (st.draw_pile, st.discard_pile):
            if c.id in pile:
                pile.remove(c.id)
        st.draw_pile.append(c.id)
    chips = st.chips_total()
    events.play_event(g, "Derailments!", drawer=1)
    assert (len(ann.loads), ann.second.loads, ann.lost_turns) == (1, [], 1), st.log[-6:]
    assert ann.no_pickup and ann.second.no_pickup
    assert st.players[1].loads == ["Fish"] and st.players[1].lost_turns == 0
    assert any("Ann's train 1 derails" in line for line in st.log) and any("Ann's train 2 derails" in line
                                                                            for line in st.log)
    assert st.chips_total() == chips


def test_run_two_trains_four_card_option_keeps_four_demand_cards_at_all_times():
    """ "Players may agree to have four demand cards at all times instead of three." """
    from eb_core.actions import Deliver, Discard, EndTurn, PlaceTrain
    from eb_core.rules import four_cards

    g = eb.Game.new(four_cards(eb.ruleset("europe-standard", "run-two-trains")), board=BOARD, seed=2)
    assert [len(p.hand) for p in g.state.players] == [4, 4]
    while g.state.special_round:
        g.apply(EndTurn())
    p = g.player()
    err = rejects(g, Discard(p.hand[0]), R.START_TRAIN)         # four is the hand now: no discard to three
    assert "already hold 4" in err.reason
    g.apply(PlaceTrain("Paris"))
    cid = p.hand[0]
    d = g.deck.card(cid).demands[0]
    p.position, p.loads = BOARD.city(d.city).center, [d.load]
    g.state.bank[d.load] -= 1
    g.apply(Deliver(d.load, cid))
    assert len(p.hand) == 4                                     # refilled to four
    basic = eb.Game.new(four_cards(eb.ruleset("europe-basic", "run-two-trains")), board=BOARD, seed=2)
    assert all(len(q.hand) == 4 and all(hasattr(basic.deck.card(c), "demands") for c in q.hand)
               for q in basic.state.players)
    three = eb.Game.new(eb.ruleset("europe-standard", "run-two-trains"), board=BOARD, seed=2)
    while three.state.special_round:
        three.apply(EndTurn())
    rejects(three, PlaceTrain("Paris"), R.START_TRAIN)          # without the option: down to three first


def test_run_two_trains_json_clone_and_narration_name_the_train():
    from eb_core.actions import PickUp
    from eb_core.narrate import describe

    g = _two()
    p = g.state.players[0]
    city = next(c for c in g.board.cities if c.loads)
    p.position, p.second.position = g.board.city("Paris").center, city.center
    before = g.clone()
    g.apply(PickUp(city.loads[0], train=2))
    assert before.state.players[0].second.loads == []             # the clone is independent
    assert describe(PickUp(city.loads[0], train=2), before, after=g) == \
        f"Ann picks up {city.loads[0]} in {city.name} onto train 2."
    back = eb.Game.from_json(g.to_json())
    assert back.to_json() == g.to_json() and back.history[-1] == PickUp(city.loads[0], train=2)
    assert back.state.players[0].second.loads == [city.loads[0]]
    one = eb.Game.new("europe-standard", board="europe", seed=1)
    one.state.players[0].position = city.center
    assert describe(PickUp(city.loads[0]), one, seat=0) == f"Ann picks up {city.loads[0]} in {city.name}."


def test_run_two_trains_a_recorded_game_replays_step_by_step_naming_each_train():
    """The stepper's replay (eb_core.narrate.replay) of a random two-train game: every step is replayed
    from the JSON record to the same position, and train 2's moves are told as train 2's, on its own path."""
    import random

    from eb_core.bots.random_bot import RandomBot, play_game
    from eb_core.narrate import replay

    g = eb.Game.new(eb.ruleset("europe-basic", "run-two-trains"), board=BOARD, players=["Ann", "Ben"], seed=5)
    play_game(g, [RandomBot(i, random.Random(50 + i)) for i in range(2)], max_turns=12)
    steps = replay(g.to_json())
    moves = [s for s in steps if isinstance(s.action, Move) and s.action.train == 2]
    assert moves and all(" moves train 2 " in s.text for s in moves)
    for s in moves:
        assert s.train_path[0] == s.before.state.players[s.seat].second.position
        assert s.train_path[-1] == s.after.state.players[s.seat].second.position


def test_run_two_trains_legal_actions_list_the_second_trains_moves_and_each_is_accepted():
    """Run Two Trains: "Each player starts with two trains ... both trains may move": the small legal
    actions (``Game.legal_actions``, what random agents and the teaching tools list) offer train 2's
    placement, then its one-step moves and upgrades, and every one offered is accepted; with one train
    nothing names a train 2."""
    from support import EUROPE, lay_track, line_from, place

    from eb_core.actions import EndOperations, Move, PlaceTrain, Upgrade

    g = _two()
    line = line_from(EUROPE, EUROPE.city("Paris").center, 10)
    lay_track(g, 0, line)
    place(g, 0, line[0])
    acts = g.legal_actions()
    assert PlaceTrain("Paris", train=2) in acts and any(isinstance(a, Move) and a.train == 1 for a in acts)
    g.apply(PlaceTrain("Paris", train=2))
    acts = g.legal_actions()
    second = [a for a in acts if getattr(a, "train", 1) == 2]
    assert any(isinstance(a, Move) for a in second), acts
    for a in second:
        c = g.clone()
        c.apply(a)                      # accepted, as listed
    g.apply(EndOperations())                                  # Ann's build phase: either train may be upgraded
    build = g.legal_actions()
    assert {a.train for a in build if isinstance(a, Upgrade)} == {1, 2}, build
    from support import ops_game
    one = ops_game(seed=3)
    assert not any(getattr(a, "train", 1) == 2 for a in one.legal_actions())


def test_the_honeymoon_small_city_limit_cites_the_honeymoon_game():
    """Two-Players (Honeymoon Game): "allowing only one player to build into each small city" -- a second
    player refused at Lyon is told that rule, not Limits on Entry's two players."""
    g = eb.position("board: tutorial\nruleset: europe-standard honeymoon\nphase: build\nturn: Ben\n"
                    "player Ann: track Paris-Lyon\nplayer Ben: track Milano-Ruhr")
    out = eb.try_action(g, "build Milano-Lyon")
    assert not out.accepted and out.rule == eb.rulebook.HONEYMOON and "Only 1 player" in out.reason


# ------------------------------------------------------------------------------------------ found by mutation testing
def test_honeymoon_building_on_out_of_a_small_city_you_are_in_needs_no_demand():
    """Honeymoon: "To build into a small city you must have a demand card for that city or for a load
    available there" -- once Ann's track is in Lyon, building on out of it is not building into it: no
    demand for Lyon or Wheat is needed (she may have delivered it already)."""
    lyon = BOARD.city("Lyon")
    others = _cards(lambda c: not any(d.city == "Lyon" or d.load in lyon.loads for d in c.demands))
    b0, a0, centre = _into("Lyon")
    g = game("honeymoon", base="europe-standard", phase="build")
    g.state.track.segments[tuple(sorted((b0, a0)))] = 0
    g.state.track.segments[tuple(sorted((a0, centre)))] = 0
    g.state.players[0].hand = others[:3]
    out = next(x for x in BOARD.neighbors(centre) if x != a0 and BOARD.city_at(x) is None)
    g.apply(Build((centre, out)))
    assert g.state.track.owner(centre, out) == 0


def test_cross_grading_an_upgrade_is_still_the_whole_build_phase():
    """Upgrading your Train: "This 20 million counts as the 20 million you may spend during the build
    phase" -- also in a game with Cross Grading (whose 5M swap leaves 15M for track): after a 20M upgrade
    no track may be built that turn."""
    g = game("cross-grading", base="europe-standard", phase="build")
    a, b, _ = g.buildable_segments()[0]
    g.apply(Upgrade(Train(12, 2)))
    p = g.state.players[0]
    assert (p.train, p.cash, p.spent) == (Train(12, 2), 30, 20)
    err = rejects(g, Build((a, b)), R.HOW_TO_PLAY)
    assert "only 0M more" in err.reason
    assert g.buildable_segments() == []


@pytest.mark.parametrize("spent,legal", [(15, True), (16, False)])
def test_cross_grading_after_up_to_15m_of_track(spent, legal):
    """Cross Grading: "for 5 million ... When you cross grade, you may also spend up to 15 million to build
    track in the same turn" -- after exactly 15M of track the 5M swap still fits the 20M; after 16M it
    does not."""
    g = game("cross-grading", base="europe-standard", phase="build")
    p = g.state.players[0]
    p.train, p.spent, p.cash = Train(12, 2), spent, 50 - spent
    if legal:
        g.apply(Upgrade(Train(9, 3)))
        assert (p.train, p.spent, p.cash) == (Train(9, 3), 20, 30)
    else:
        err = rejects(g, Upgrade(Train(9, 3)), R.CROSS_GRADE)
        assert "15M" in err.reason and "16M" in err.reason


@pytest.mark.parametrize("amount", [5, 20])
def test_mercy_the_minimum_and_the_maximum_may_be_borrowed(amount):
    """Mercy: "You may borrow a minimum of 5 million, up to a maximum of 20 million" -- both ends allowed."""
    from eb_core.actions import Borrow

    g = game("mercy", base="europe-standard")
    p = g.state.players[0]
    cash = p.cash
    g.apply(Borrow(amount))
    assert (p.cash, p.loan) == (cash + amount, 2 * amount)


def test_mercy_repayment_stops_when_the_loan_is_paid():
    """Mercy: "at least half of the payoff amount must be directed to the loan balance until the loan is
    paid in full" -- a payoff whose half is more than the balance pays off only the balance; the rest is
    the player's."""
    from eb_core.actions import Borrow, Deliver

    g = game("mercy", base="europe-standard")
    p = g.state.players[0]
    cid, d = next((c, d) for c in p.hand for d in g.deck.card(c).demands if d.payout >= 12)
    g.apply(Borrow(5))                                       # owes 10M
    p.position, p.loads = BOARD.city(d.city).center, [d.load]
    before = p.cash
    g.apply(Deliver(d.load, cid))
    assert (p.loan, p.cash - before) == (0, d.payout - 10), g.state.log[-3:]


def test_mercy_a_player_may_direct_more_than_half_of_a_payoff_to_the_loan():
    """Mercy: "at least half of the payoff amount must be directed to the loan balance" -- at least, so a
    player may pay more: any amount from half the payoff (rounded up) to the payoff or the balance, whichever
    is less (``Deliver(..., repay=...)``). Less than half, more than the payoff or than what is owed, or a
    repayment with nothing owed, is refused naming the rule, and the delivery does not happen."""
    from eb_core.actions import Borrow, Deliver, action_to_dict

    g = game("mercy", base="europe-standard")
    p = g.state.players[0]
    cid, d = next((c, d) for c in p.hand for d in g.deck.card(c).demands if d.payout >= 12)
    p.position, p.loads = BOARD.city(d.city).center, [d.load]
    rejects(g, Deliver(d.load, cid, repay=5), R.MERCY)       # nothing owed yet
    g.apply(Borrow(20))                                      # owes 40M
    half = -(-d.payout // 2)
    for repay in (half - 1, d.payout + 1):
        rejects(g, Deliver(d.load, cid, repay=repay), R.MERCY)
    assert p.loads == [d.load] and cid in p.hand and p.loan == 40, "a refused delivery changes nothing"
    before = p.cash
    g.apply(Deliver(d.load, cid, repay=d.payout))            # the whole payoff to the loan
    assert (p.cash - before, p.loan) == (0, 40 - d.payout)
    assert f"repays {d.payout}M of the Mercy loan ({40 - d.payout}M still owed)" in g.state.log[-2] + g.state.log[-1]
    # saved and read back, the action keeps its repayment; without one, it is not written
    again = eb.Game.from_json(g.to_json())
    assert again.history[-1] == Deliver(d.load, cid, repay=d.payout)
    assert json.loads(g.to_json())["history"][-1]["repay"] == d.payout
    # the same as a text command (notebook 04's instructor toolkit): "deliver <load> <card> repay <millions>"
    g = game("mercy", base="europe-standard")
    p = g.state.players[0]
    cid, d = next((c, d) for c in p.hand for d in g.deck.card(c).demands if d.payout >= 12)
    p.position, p.loads = BOARD.city(d.city).center, [d.load]
    g.apply(Borrow(10))
    out = eb.attempt(g, f"deliver {d.load} {cid} repay {min(20, d.payout)}")
    assert out.accepted and p.loan == 20 - min(20, d.payout), out
    missing = eb.try_action(g, f"deliver {d.load} {cid} repay")
    assert not missing.accepted and "how much of the payoff repays the Mercy loan" in missing.reason
    assert action_to_dict(Deliver("Wine", 3)) == {"type": "Deliver", "load": "Wine", "card_id": 3}


def test_pay_to_move_the_1m_is_due_again_on_the_next_turn():
    """Pay To Move: "1 million per turn to the bank to move on your own track" -- paid once this turn and
    once more on the next."""
    from eb_core.actions import EndTurn, Move

    g = game("pay-to-move")
    b0, a0, centre = _into("Lyon")
    _own_line(g, 0, (b0, a0, centre))
    ann, ben = g.state.players
    ann.position, ben.position, cash = b0, centre, ann.cash
    g.apply(Move((a0,)))
    g.apply(EndTurn())
    g.apply(EndTurn())                                         # Ben's turn
    g.apply(Move((centre,)))
    assert ann.cash == cash - 2, g.state.log[-3:]
