"""Engine support for "Variants & Optional Rules" (and "Challenging Variants > Slow Start") on the tutorial
board: each variant's effect, one legal and one illegal case; a rejected action changes nothing."""
import pytest

import eb_core as eb
from support import rejects as _rejects
from eb_core.actions import Build, Move, Upgrade
from eb_core import rulebook as R
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
        err = rejects(g, Build((a0, lyon)), R.CITY_LIMIT)
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
