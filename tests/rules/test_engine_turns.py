"""Setup, turn order, admin phase, events plumbing, victory and final scoring; actions and JSON.

Rulebook sections: Setting Up the Game, Starting the Game > Special Build Turns, Admin Phase, Event Card
Effects (durations, Losing Turns), How to Win, Ending the Game > Standard Game: Final Scoring Phase.
"""
import json

import pytest

import eb_core as eb
from eb_core import events
from eb_core.actions import (Build, Deliver, Discard, DiscardHand, Drop, EndOperations, EndTurn, Move, PickUp,
                             PlaceTrain, Upgrade, action_from_dict, action_to_dict)
from eb_core import rulebook as R
from eb_core.rules import Train
from mini_board import MINI as m, mini_board, mini_deck

BOARD = mini_board()
TUTORIAL = eb.load_board("tutorial")


# ------------------------------------------------------------------------------------ setup
def test_standard_setup_deals_four_demand_cards_and_no_events():
    g = eb.Game.new("europe-standard", board=TUTORIAL, players=["A", "B", "C"], seed=3)
    deck = g.deck
    for p in g.state.players:
        assert (p.cash, p.train, len(p.hand)) == (50, Train(9, 2), 4)
        assert all(not deck.is_event(c) for c in p.hand)
    events_in_pile = [c for c in g.state.draw_pile if deck.is_event(c)]
    assert len(events_in_pile) == len(deck.event_cards)
    dealt = [c for p in g.state.players for c in p.hand]
    assert len(set(dealt) | set(g.state.draw_pile)) == len(deck.demand_cards) + len(deck.event_cards)


def test_starting_player_has_the_highest_single_payout_ties_by_the_next():
    for seed in range(6):
        g = eb.Game.new("europe-standard", board=TUTORIAL, players=["A", "B", "C", "D"], seed=seed)
        pays = [sorted((d.payout for c in p.hand for d in g.deck.card(c).demands), reverse=True)
                for p in g.state.players]
        assert pays[g.state.first_player] == max(pays), (seed, pays)
        assert g.current_player == g.state.first_player


def test_basic_setup_gives_each_player_a_starter_set():
    g = eb.Game.new("europe-basic", board=TUTORIAL, players=["A", "B"], seed=3)
    sets = [tuple(c.id for c in s) for s in g.deck.starter_sets]
    hands = [tuple(p.hand) for p in g.state.players]
    assert all(h in sets for h in hands) and hands[0] != hands[1]
    assert g.state.players[0].train == Train(12, 2)
    assert not set(c for s in sets for c in s) & set(g.state.draw_pile)


def test_same_seed_same_setup():
    a = eb.Game.new("europe-standard", board=TUTORIAL, players=["A", "B"], seed=11)
    b = eb.Game.new("europe-standard", board=TUTORIAL, players=["A", "B"], seed=11)
    c = eb.Game.new("europe-standard", board=TUTORIAL, players=["A", "B"], seed=12)
    assert a.to_json() == b.to_json() != c.to_json()


def test_bad_setup_input_is_invalid():
    with pytest.raises(eb.InvalidAction):
        eb.Game.new("europe-standard", board=TUTORIAL, players=[], seed=1)
    with pytest.raises(eb.InvalidAction):
        eb.Game.new("europe-standard", board=TUTORIAL, players=["A"] * 7, seed=1)


# ------------------------------------------------------------------------------------ actions
def test_actions_repr_pastes_back_and_round_trips():
    acts = [Build([1, 2, 3]), Upgrade("12/3"), PlaceTrain("Paris"), PlaceTrain(4), Move([5, 6], rent_from=1),
            Move([7]), PickUp("Wine"), Drop("Wine"), Deliver("Wine", 3), Discard(2), DiscardHand(),
            EndOperations(), EndTurn()]
    ns = {k: getattr(eb.actions, k) for k in dir(eb.actions)}
    ns["Train"] = Train
    for a in acts:
        assert eval(repr(a), ns) == a
        assert action_from_dict(json.loads(json.dumps(action_to_dict(a)))) == a


@pytest.mark.parametrize("make, field", [
    (lambda: Build([1]), "path"), (lambda: Build([1, "x"]), "Build.path[1]"), (lambda: Build([1, 1]), "path[1]"),
    (lambda: Move([]), "path"), (lambda: Move([-1]), "Move.path[0]"), (lambda: Deliver("Wine", "3"), "card_id"),
    (lambda: PickUp(""), "load"), (lambda: Upgrade("fast"), "to"), (lambda: PlaceTrain(2.5), "where"),
])
def test_malformed_actions_name_the_field(make, field):
    with pytest.raises(eb.InvalidAction) as ei:
        make()
    assert ei.value.field == field


def test_unknown_milepost_or_load_is_invalid_and_changes_nothing():
    g = eb.Game.new("europe-standard", board=BOARD, players=["Ann"], seed=1, deck=mini_deck())
    before = g.to_json()
    with pytest.raises(eb.InvalidAction):
        g.apply(Build([m(4, 4), 99999]))
    assert g.to_json() == before


# ------------------------------------------------------------------------------------ events plumbing
class Recorder(events.EventEffect):
    def __init__(self):
        self.drawn, self.expired_cards = [], []

    def on_draw(self, game, active, drawer):
        self.drawn.append((active["card"], drawer))

    def on_expire(self, game, active):
        self.expired_cards.append(active["card"])

    def half_rate(self, game, active, player, a, b):
        return a == m(0, 8)

    def blocks_pickup(self, game, active, player, mp, load):
        return "Fog: no pick-ups in Alpha" if game.board.city_at(mp).name == "Alpha" else None

    def payout_bonus(self, game, active, player, city, load):
        return 4 if city == "Beta" else 0


@pytest.fixture
def recorder(monkeypatch):
    rec = Recorder()
    monkeypatch.setitem(events.EFFECTS, "fog", rec)
    return rec


def _solo_ops(n_events=1):
    g = eb.Game.new("europe-standard", board=BOARD, players=["Ann"], seed=1, deck=mini_deck(n_events))
    st = g.state
    st.special_round, st.round, st.phase = 0, 1, "operations"
    p = st.players[0]
    p.hand = [1, 2, 3]
    p.position = m(8, 4)
    p.loads = ["Beer"]
    st.bank["Beer"] -= 1
    st.draw_pile = [7, 101]          # the event is on top, then a demand card
    st.discard_pile = []
    return g


def test_event_drawn_on_delivery_is_resolved_then_a_demand_card_is_drawn(recorder):
    g = _solo_ops()
    g.apply(Deliver("Beer", 1))
    p = g.state.players[0]
    assert recorder.drawn == [(101, 0)]
    assert sorted(p.hand) == [2, 3, 7]
    assert [e["card"] for e in g.state.active_events] == [101]
    # the effect's hooks: pick-ups in Alpha blocked, +4 on deliveries to Beta
    assert p.cash == 50 + 12


def test_one_round_event_lasts_through_the_drawers_next_turn(recorder):
    g = _solo_ops()
    g.apply(Deliver("Beer", 1))
    g.apply(EndTurn())                                  # end of the drawing turn: still active
    assert [e["card"] for e in g.state.active_events] == [101]
    g.apply(EndTurn())                                  # end of the drawer's next turn: discarded
    assert g.state.active_events == [] and 101 in g.state.discard_pile
    assert recorder.expired_cards == [101]


def test_event_hooks_block_pickups_and_add_payouts(recorder):
    g = _solo_ops()
    g.state.active_events.append({"card": 101, "kind": "fog", "drawn_by": 0, "duration": "one-round",
                                  "expires_after": 5, "data": {}})
    g.state.draw_pile = [7]
    g.apply(Deliver("Beer", 1))
    assert g.state.players[0].cash == 50 + 12 + 4
    g.state.players[0].position = m(3, 4)
    before = g.to_json()
    with pytest.raises(eb.IllegalAction) as ei:
        g.apply(PickUp("Beer"))
    assert ei.value.rule == R.EVENTS and g.to_json() == before


def test_half_rate_hook_slows_the_train(recorder):
    g = _solo_ops()
    g.state.active_events.append({"card": 101, "kind": "fog", "drawn_by": 0, "duration": "one-round",
                                  "expires_after": 5, "data": {}})
    for c in range(0, 11):
        g.state.track.add_segment(0, m(c, 8), m(c + 1, 8))
    p = g.state.players[0]
    p.position = m(0, 8)
    g.apply(Move([m(c, 8) for c in range(1, 6)]))      # 5 steps at half rate = 9 points, rounded up
    assert p.half_rate and p.moves_used == 10
    with pytest.raises(eb.IllegalAction):
        g.apply(Move([m(6, 8)]))


def test_special_build_turn_discard_applies_only_permanent_events(recorder):
    g = eb.Game.new("europe-standard", board=BOARD, players=["Ann"], seed=1, deck=mini_deck(1))
    g.state.draw_pile = [5, 6, 7, 101]
    g.apply(DiscardHand())
    assert recorder.drawn == [] and 101 in g.state.discard_pile
    assert sorted(g.state.players[0].hand) == [5, 6, 7]


def test_unregistered_event_kinds_are_logged_and_kept_per_duration(monkeypatch):
    monkeypatch.delitem(events.EFFECTS, "fog", raising=False)
    g = _solo_ops()
    g.apply(Deliver("Beer", 1))
    assert any("no effect is implemented" in line for line in g.state.log)
    assert [e["card"] for e in g.state.active_events] == [101]


def test_lost_turn_is_skipped():
    g = eb.Game.new("europe-standard", board=BOARD, players=["Ann", "Ben"], seed=1, deck=mini_deck())
    st = g.state
    st.special_round, st.round, st.phase, st.current, st.first_player = 0, 1, "operations", 0, 0
    for p in st.players:
        p.hand = p.hand[:3]
        p.position = m(3, 4)
    g.lose_turn(1)
    g.apply(EndTurn())
    assert g.current_player == 0 and st.round == 2 and st.players[1].lost_turns == 0
    assert any("Ben loses this turn" in line for line in st.log)


# ------------------------------------------------------------------------------------ victory
def _race(rules, cash=(70, 40), board=BOARD, n_events=0):
    g = eb.Game.new(rules, board=board, players=["Ann", "Ben"], seed=1, deck=mini_deck(n_events))
    st = g.state
    st.special_round, st.round, st.phase, st.current, st.first_player = 0, 1, "operations", 0, 0
    for s, p in enumerate(st.players):
        p.hand = p.hand[:3]
        p.position = m(3, 4)
        p.cash = cash[s]
    # Ann connects Alpha and Beta: (4,4) is Alpha's, (7,4) Beta's
    for a, b in (((4, 4), (5, 4)), ((5, 4), (6, 4)), ((6, 4), (7, 4))):
        st.track.add_segment(0, m(*a), m(*b))
    return g


def _ben_connects(g):
    # Ben connects Alpha (3,5) and Beta (7,5) along row 5
    for c in range(3, 7):
        g.state.track.add_segment(1, m(c, 5), m(c + 1, 5))


def test_victory_is_announced_and_the_round_is_finished():
    g = _race(eb.ruleset("europe-standard").with_(victory_cash=60, victory_majors=2))
    assert g.connected_majors(0) == ["Alpha", "Beta"] and g.meets_victory(0)
    g.apply(EndTurn())
    assert g.state.players[0].announced and not g.over and g.current_player == 1
    g.apply(EndTurn())
    assert g.over and g.winners == [0]
    assert "Final scoring" in g.state.log[-1]
    before = g.to_json()
    with pytest.raises(eb.IllegalAction) as ei:
        g.apply(EndTurn())
    assert ei.value.rule == R.ENDING and g.to_json() == before


def test_not_enough_cash_is_no_victory():
    g = _race(eb.ruleset("europe-standard").with_(victory_cash=80, victory_majors=2))
    g.apply(EndTurn())
    g.apply(EndTurn())
    assert not g.over and not g.state.players[0].announced


def test_standard_tie_goes_to_sudden_death_and_the_richest_after_a_delivery_round_wins():
    g = _race(eb.ruleset("europe-standard").with_(victory_cash=60, victory_majors=2), cash=(70, 70))
    _ben_connects(g)
    assert g.connected_majors(1) == ["Alpha", "Beta"]
    g.state.active_events.append({"card": 101, "kind": "no-such-kind", "drawn_by": 0, "duration": "one-round",
                                  "expires_after": 9, "data": {}})
    g.apply(EndTurn())
    g.apply(EndTurn())
    assert not g.over and g.state.sudden_death == [0, 1]
    # Sudden Death Tiebreaker: one-round events are discarded
    assert g.state.active_events == [] and 101 in g.state.discard_pile
    g.apply(EndTurn())                                   # a round without deliveries decides nothing
    g.apply(EndTurn())
    assert not g.over
    g.state.players[1].cash += 5
    g.state.round_deliveries = True
    g.apply(EndTurn())
    g.apply(EndTurn())
    assert g.over and g.winners == [1]


def test_basic_game_tie_is_a_shared_win():
    g = _race(eb.ruleset("europe-basic").with_(victory_cash=60, victory_majors=2), cash=(70, 70))
    _ben_connects(g)
    g.apply(EndTurn())
    g.apply(EndTurn())
    assert g.over and g.winners == [0, 1]


# ------------------------------------------------------------------------------------ JSON
def test_json_round_trip_mid_game_and_identical_continuation():
    g = _race(eb.ruleset("europe-standard"))
    g.apply(PickUp("Beer"))
    text = g.to_json()
    h = eb.Game.from_json(text)
    assert h.to_json() == text
    for game in (g, h):
        game.apply(Move([m(4, 4), m(5, 4)]))
        game.apply(EndTurn())
    assert g.to_json() == h.to_json()


def test_clone_is_independent():
    g = _race(eb.ruleset("europe-standard"))
    c = g.clone()
    c.apply(PickUp("Beer"))
    assert g.state.players[0].loads == [] and c.state.players[0].loads == ["Beer"]


def test_every_rule_name_is_a_rulebook_section():
    from pathlib import Path
    text = (Path(__file__).resolve().parents[3] / "shared" / "rules" / "empire_builder_europe_rulebook.txt")
    if not text.exists():
        pytest.skip("the rulebook text is not next to the repository")
    book = text.read_text(encoding="utf-8")
    europe = {k: v for k, v in R.SECTIONS.items() if k != "EXPRESS" and not k.startswith(("US_", "EXPRESS_"))}
    assert len(europe) >= 40          # the Europe rulebook's sections the engine cites (the others: their books)
    for name, rule in europe.items():
        for part in rule.split(" > "):
            assert part in book, f"R.{name}: {part!r} is not in the rulebook"


def test_legal_actions_are_legal():
    import random
    g = eb.Game.new("europe-standard", board=TUTORIAL, players=["A", "B"], seed=2)
    rng = random.Random(2)
    for _ in range(300):
        acts = g.legal_actions()
        assert acts and EndTurn() in acts or any(isinstance(a, (Discard, PlaceTrain)) for a in acts)
        sample = rng.sample(acts, min(4, len(acts)))
        for a in sample:
            c = g.clone()
            try:
                c.apply(a)
            except eb.IllegalAction as e:   # only the whole-board no-blocking rules may still refuse a build
                assert isinstance(a, Build) and e.rule in (R.MAJOR_ENTRY, R.CITY_LIMIT, R.FERRY_BUILD,
                                                             R.CHUNNEL_BUILD), (a, e)
        nonend = [a for a in acts if not isinstance(a, (EndTurn, EndOperations, DiscardHand))]
        a = rng.choice(nonend) if nonend and rng.random() < 0.8 else (
            EndOperations() if g.phase == "operations" and EndOperations() in acts else EndTurn())
        if isinstance(a, (Discard, PlaceTrain)) or a in acts:
            try:
                g.apply(a)
            except eb.IllegalAction:
                g.apply(EndTurn())
        if g.over:
            break
    assert g.state.round >= 1


# ------------------------------------------------------------------------------------ found by mutation testing
def test_sudden_death_a_round_without_deliveries_decides_nothing_even_if_cash_changed():
    """How to Win > Sudden Death Tiebreaker: "Cash is counted at the end of every round during which at
    least one player has made a delivery" -- Ann builds 1M of track in a round nobody delivers: Ben is
    then richer, but the tiebreak goes on."""
    g = _race(eb.ruleset("europe-standard").with_(victory_cash=60, victory_majors=2), cash=(70, 70))
    _ben_connects(g)
    g.apply(EndTurn())
    g.apply(EndTurn())
    assert g.state.sudden_death == [0, 1]
    g.apply(Build([m(2, 4), m(1, 4)]))                   # Ann: 1M out of Alpha
    g.apply(EndTurn())
    g.apply(EndTurn())
    assert [p.cash for p in g.state.players] == [69, 70]
    assert not g.over and g.state.sudden_death == [0, 1]


def test_sudden_death_only_the_tied_players_play_on():
    """How to Win > Sudden Death Tiebreaker: "the tied players continue in a sudden-death format" -- Ann
    and Cy tie for first; Ben, who did not meet the victory conditions, takes no more turns."""
    g = eb.Game.new(eb.ruleset("europe-standard").with_(victory_cash=60, victory_majors=2), board=BOARD,
                    players=["Ann", "Ben", "Cy"], seed=1, deck=mini_deck())
    st = g.state
    st.special_round, st.round, st.phase, st.current, st.first_player = 0, 1, "operations", 0, 0
    for p, cash in zip(st.players, (70, 40, 70)):
        p.hand, p.position, p.cash = p.hand[:3], m(3, 4), cash
    for seat, row, cols in ((0, 4, range(4, 7)), (2, 5, range(3, 7))):   # Ann and Cy: Alpha to Beta
        for c in cols:
            st.track.add_segment(seat, m(c, row), m(c + 1, row))
    for _ in range(3):
        g.apply(EndTurn())
    assert st.sudden_death == [0, 2] and g.current_player == 0
    seats = []
    for _ in range(4):
        g.apply(EndTurn())
        seats.append(g.current_player)
    assert seats == [2, 0, 2, 0]
    assert st.players[1].turns == 1


def test_sudden_death_keeps_lasting_events_and_discards_the_others():
    """How to Win > Sudden Death Tiebreaker: "Events that are not lasting or permanent are discarded" --
    a lasting event stays in play into the tiebreak, a one-round event does not."""
    g = _race(eb.ruleset("europe-standard").with_(victory_cash=60, victory_majors=2), cash=(70, 70))
    _ben_connects(g)
    for card, duration in ((101, "one-round"), (102, "lasting")):
        g.state.active_events.append({"card": card, "kind": "no-such-kind", "drawn_by": 0, "duration": duration,
                                      "expires_after": 9, "data": {}})
    g.apply(EndTurn())
    g.apply(EndTurn())
    assert g.state.sudden_death == [0, 1]
    assert [e["card"] for e in g.state.active_events] == [102]
    assert 101 in g.state.discard_pile and 102 not in g.state.discard_pile


def test_a_key_city_does_not_count_as_a_major_city_for_victory():
    """Changes from Eurorails 2009 > Key Cities: "Oslo and Stockholm do not count as Major Cities for
    Victory Conditions" -- on a twin of the mini board where Beta is a key city, Ann's line from Alpha to
    Beta joins one major city, not two, and she does not meet a two-major victory condition."""
    doc = m.board_dict()
    for c in doc["cities"]:
        if c["name"] == "Beta":
            c["size"] = "key"
    g = _race(eb.ruleset("europe-standard").with_(victory_cash=60, victory_majors=2), board=eb.Board.from_dict(doc))
    assert g.connected_majors(0) == ["Alpha"] and not g.meets_victory(0)
    g.apply(EndTurn())
    g.apply(EndTurn())
    assert not g.over and not g.state.players[0].announced


def test_a_one_round_event_drawn_by_the_second_player_lasts_until_their_next_turn_ends():
    """Admin Phase: "Events that expired at the end of the finishing player's turn are discarded" -- a One
    Round Effect drawn by Ben on his turn is still in play after Ann's next turn (she has played one turn
    more than Ben), and expires only at the end of Ben's own next turn."""
    g = _race(eb.ruleset("europe-standard").with_(events=False), n_events=1)
    st = g.state
    st.players[0].turns, st.current = 1, 1               # round 1: Ann has played, Ben's turn
    st.active_events.append({"card": 101, "kind": "no-such-kind", "drawn_by": 1, "duration": "one-round",
                             "expires_after": st.players[1].turns + 2, "data": {}})
    g.apply(EndTurn())                                   # Ben's drawing turn ends
    g.apply(EndTurn())                                   # Ann's next turn ends: still in play
    assert g.current_player == 1 and [e["card"] for e in st.active_events] == [101]
    g.apply(EndTurn())                                   # Ben's next turn ends: discarded
    assert st.active_events == [] and 101 in st.discard_pile


def test_a_ferry_you_built_joins_major_cities_for_victory():
    """How to Win ("seven of the eight Major Cities connected") with Building Ferry Ports ("The entire
    ferry connection is now part of your network"): Ann's track from Alpha to Westport and from Eastport to
    Gamma joins the two major cities only through the Westport-Eastport ferry she built."""
    g = _race(eb.ruleset("europe-standard").with_(victory_cash=60, victory_majors=2))
    st = g.state
    st.track.segments.clear()
    west = [(4, 4), (5, 4), (6, 4), (6, 5), (7, 6), (8, 6), (9, 6), (10, 6), (11, 6), (11, 7)]
    east = [(15, 7), (16, 6), (17, 6), (18, 6), (19, 6), (20, 6), (20, 5)]
    for cells in (west, east):
        for a, b in zip(cells, cells[1:]):
            assert BOARD.edge(m(*a), m(*b)) is not None
            st.track.add_segment(0, m(*a), m(*b))
    assert len(g.connected_majors(0)) == 1 and not g.meets_victory(0)
    st.track.add_crossing(0, "Westport-Eastport")
    assert g.connected_majors(0) == ["Alpha", "Gamma"] and g.meets_victory(0)
