"""Seeded random play with event cards switched on: the foundation's invariants plus the events' own.

Reuses the helpers of ``tests/test_random_play.py`` (same bots, same invariants after every action) and
adds, after every action (rulebook: Event Card Effects):

* every card is in exactly one place: draw pile, discard pile, a hand, or in play as an active event;
* active events have a registered effect and a known duration, and a one-round event is never kept past
  the end of its drawing player's next turn;
* nobody has more than one turn to lose (Losing Turns: not cumulative);
* while a river floods, no segment over it is built (Floods 1-2);
* a flooded bridge reserved for its owner is free or the owner's own again (Floods 4);
* a player who lost a load to an event this turn picks nothing up until the next operations phase
  (Losing Loads).

Games run on the tutorial board (its own deck) and on the Europe board with an event-heavy deck (every
Europe event card eight times: HEAVY), so that every kind of event is drawn many times.
"""
import random

import pytest
from test_random_play import BOARD, check_invariants

import eb_core as eb
from eb_core import events
from eb_core.events.areas import river_edges
from eb_core.bots.random_bot import RandomBot, play_game
from eb_core.cards import Deck, EventCard

TUTORIAL_GAMES = 48
BATCHES = 4
TURN_CAP = 60
EUROPE = eb.load_board("europe")
EUROPE_DECK = eb.load_deck("europe")


def heavy_deck(copies: int = 3) -> Deck:
    """The Europe deck with every event card ``copies`` times (new ids)."""
    evs = list(EUROPE_DECK.event_cards)
    top = max(c.id for c in (*EUROPE_DECK.demand_cards, *EUROPE_DECK.event_cards, *EUROPE_DECK.starter_cards))
    k = top + 1
    for _ in range(copies - 1):
        for e in EUROPE_DECK.event_cards:
            evs.append(EventCard(k, f"E{k}", e.kind, e.title, e.duration, dict(e.params)))
            k += 1
    return Deck(name="europe-events", title="Europe, event-heavy", board="europe",
                demand_cards=EUROPE_DECK.demand_cards, event_cards=evs, starter_sets=EUROPE_DECK.starter_sets)


HEAVY = heavy_deck(8)


def rules_for(seed: int):
    name = "europe-basic" if seed % 2 else "europe-standard"
    r = eb.ruleset(name)
    if seed % 4 < 2:
        r = r.with_(victory_cash=60)
    return r


def check_event_invariants(game, action, seen: dict):
    st, deck = game.state, game.deck
    in_play = [a["card"] for a in st.active_events]
    places = st.draw_pile + st.discard_pile + [c for p in st.players for c in p.hand] + in_play
    all_ids = [c.id for c in deck.demand_cards] + [e.id for e in deck.event_cards
                                                    if game.rules.events and e.kind not in game.rules.removed_events]
    starters = {c.id for c in deck.starter_cards}
    assert sorted(places) == sorted(set(places)), ("a card is in two places", action)
    assert set(all_ids) <= set(places) <= set(all_ids) | starters, ("a card went missing or appeared",
                                                                   set(all_ids) ^ set(places), action)
    for a in st.active_events:
        assert a["kind"] in events.EFFECTS and a["duration"] in ("one-round", "lasting", "permanent"), a
        if a["duration"] == "one-round":
            assert st.players[a["drawn_by"]].turns <= a["expires_after"], (a, st.log[-4:])
        if a["kind"] == "flood":
            river = deck.card(a["card"]).params["river"]
            built = [k for k in river_edges(game.board, river) if k in st.track.segments]
            assert not built, (river, built, action)
        seen.setdefault(a["kind"], 0)
        seen[a["kind"]] += 1
    for p in st.players:
        assert p.lost_turns in (0, 1), (p.name, p.lost_turns)
    for key, owner in st.blocked_rebuild.items():
        a, b = (int(x) for x in key.split("-"))
        assert st.track.segments.get((a, b), owner) == owner, (key, owner)
    if isinstance(action, eb.PickUp):
        assert seen.get("no_pickup_seat") != st.current, ("picked up after losing a load", st.log[-4:])
    seen["no_pickup_seat"] = st.current if st.players[st.current].no_pickup else None


def play(seed: int, *, board=BOARD, deck=None, players=("Ann", "Ben"), rules=None, turn_cap=TURN_CAP,
         invariants=True, seen=None):
    seen = {} if seen is None else seen
    rules = rules or rules_for(seed)
    game = eb.Game.new(rules, board=board, deck=deck, players=list(players), seed=seed)
    bots = [RandomBot(i, random.Random(1000 * seed + i)) for i in range(len(players))]
    steps = [0]

    def on_step(g, a):
        steps[0] += 1
        if invariants:
            check_invariants(g, a)
            check_event_invariants(g, a, seen)
        if steps[0] % 40 == 0:
            text = g.to_json()
            assert eb.Game.from_json(text).to_json() == text
            assert g.clone().state == g.state

    play_game(game, bots, max_turns=turn_cap, on_step=on_step)
    return game


def kinds_drawn(game) -> set[str]:
    titles = {line.split("'")[1] for line in game.state.log if line.startswith("Event '")}
    return {e.kind for e in game.deck.event_cards if e.title in titles}


@pytest.mark.parametrize("batch", range(BATCHES))
def test_tutorial_games_with_events_keep_every_invariant(batch):
    per = TUTORIAL_GAMES // BATCHES
    kinds: set[str] = set()
    effects = 0
    for seed in range(batch * per, (batch + 1) * per):
        g = play(seed)
        kinds |= kinds_drawn(g)
        effects += sum(("floods" in line or "derails" in line or "loses a turn" in line or "Tax" in line)
                       for line in g.state.log)
        if g.over:
            assert g.winners
            text = g.to_json()
            assert eb.Game.from_json(text).to_json() == text
    assert {"derailment", "flood", "fog"} <= kinds, kinds
    assert effects > 0


@pytest.mark.parametrize("seed", range(6))
def test_europe_event_heavy_games_keep_every_invariant(seed):
    seen: dict = {}
    rules = eb.ruleset("europe-standard").with_(victory_cash=80)
    g = play(seed, board=EUROPE, deck=HEAVY, players=("Ann", "Ben", "Cid"), rules=rules, turn_cap=75, seen=seen)
    assert len(kinds_drawn(g)) >= 4, kinds_drawn(g)


def test_every_europe_event_kind_is_drawn_and_takes_effect_across_the_heavy_games():
    kinds: set[str] = set()
    lines = []
    for seed in range(6, 10):
        rules = eb.ruleset("europe-standard").with_(victory_cash=80)
        g = play(seed, board=EUROPE, deck=HEAVY, players=("Ann", "Ben", "Cid"), rules=rules, turn_cap=75,
                 invariants=False)
        kinds |= kinds_drawn(g)
        lines += g.state.log
    assert kinds == {"derailment", "flood", "gale", "snow", "fog", "strike", "tax", "irish-boom"}, kinds
    assert any("floods" in x for x in lines) and any("Excess Profits Tax:" in x for x in lines)


def test_same_seed_same_game_with_events():
    a, b = play(5, invariants=False), play(5, invariants=False)
    assert a.history == b.history and a.to_json() == b.to_json()


def test_replaying_an_eventful_history_with_checked_apply_gives_the_same_game():
    rules = eb.ruleset("europe-standard").with_(victory_cash=80)
    g = play(3, board=EUROPE, deck=HEAVY, players=("Ann", "Ben", "Cid"), rules=rules, turn_cap=45,
             invariants=False)
    assert kinds_drawn(g)
    replay = eb.Game.new(rules, board=EUROPE, deck=HEAVY, players=["Ann", "Ben", "Cid"], seed=3)
    for a in g.history:
        replay.apply(a)
    assert replay.to_json() == g.to_json()
