"""Seeded random play of Empire Express from the demo setup: invariants after every action, the end of
the game, JSON round trips and determinism.

120 short games, 2-4 players (the demo's colours), each to the end of the game or a round cap; half of
them with a lower target cash so that the "150M" end (the round finished, the most money of all wins) is
played out often. After every action:

* no cash is negative, nobody spends more than 20M in a turn, no train holds more than two loads;
* chips are conserved and every demand card is in exactly one place (no event cards in the demo);
* every segment is a real edge, never across a heavy black line (barrier) nor inside a major city;
* a segment, once someone's, stays theirs (never over another player's track);
* every player's track is one network grown off the starting track, major cities joining their corners
  (only off your own track; never new track from a major city).
At the end: every player had the same number of turns and the winners have the most money of all.
"""
import random

import pytest

import eb_core as eb
from eb_core.actions import Build, Deliver, Discard, EndBuild, EndTurn, Move, PickUp
from eb_core.board import components

import numpy as np

EXPRESS = eb.ruleset("express")
BOARD = eb.load_board("eastern_us")
COLOURS = ["Orange", "Red", "Blue", "Green"]
GAMES = 120
BATCHES = 4
ROUND_CAP = 8


def setup(seed: int) -> eb.Game:
    rng = random.Random(seed)
    n = 2 + seed % 3
    players = rng.sample(COLOURS, n)
    rules = EXPRESS if (seed // BATCHES) % 2 else EXPRESS.with_(victory_cash=30)
    return eb.Game.new(rules, board=BOARD, setup="demo", players=players, seed=seed)


def choose(g: eb.Game, rng: random.Random):
    """A random but purposeful action: deliver, pick up what a card wants, wander the track, build a
    little, sometimes use the free discard."""
    p = g.player()
    if g.phase == "build":
        segs = g.buildable_segments()
        if segs and rng.random() < 0.4:
            a, b, _ = rng.choice(segs)
            return Build((a, b))
        return EndBuild()
    dl = g.legal_deliveries()
    if dl:
        return Deliver(*dl[0])
    wanted = {d.load for _, d in g.demands()}
    picks = [ld for ld in g.legal_pickups() if ld in wanted or rng.random() < 0.1]
    if picks:
        return PickUp(picks[0])
    if g.movement_left() and rng.random() < 0.9:
        path = _towards(g, rng)
        if path:
            return Move(path)
    steps = g.movable_steps()
    forward = [s for s in steps if s != p.prev] or steps
    if forward and rng.random() < 0.8:
        return Move([rng.choice(forward)])
    if p.hand and rng.random() < 0.3:
        return Discard(rng.choice(p.hand))
    return EndTurn()


def _towards(g: eb.Game, rng: random.Random):
    """The longest legal move along the shortest trip on own and public track to a city where a carried
    load is wanted or a wanted load is offered."""
    p = g.player()
    here = BOARD.city_at(p.position)
    wanted = [(d.city if d.load in p.loads else None, d.load) for _, d in g.demands()]
    cities = {c for c, _ in wanted if c}
    if len(p.loads) < 2:
        cities |= {c.name for _, ld in wanted for c in BOARD.sources(ld)}
    cities.discard(here.name if here else None)
    trips = [t for c in sorted(cities)
             if (t := eb.shortest_trip(BOARD, g.rules, p.position, c, position=eb.Position.of(g),
                                       rent=False)) is not None and t.mileposts > 0]
    if not trips:
        return None
    trip = min(trips, key=lambda t: (t.mileposts, rng.random()))
    return g.longest_legal_move(trip.path[1:]) or None


def network_ok(g: eb.Game, seat: int) -> bool:
    st = g.state
    own = [k for k, s in st.track.segments.items() if s == seat]
    red = [e.key for e in BOARD.public_edges]
    a = np.array([k[0] for k in own + red], dtype=np.int32)
    b = np.array([k[1] for k in own + red], dtype=np.int32)
    lab = components(len(BOARD.mileposts), a, b)
    home = BOARD.starting_track[st.players[seat].name.lower()][0][0]
    return all(lab[x] == lab[home] for k in own for x in k)


def check(g: eb.Game, owners: dict, cards: set, action) -> None:
    st, rules = g.state, g.rules
    for p in st.players:
        assert p.cash >= 0 and p.spent <= rules.build_limit and len(p.loads) <= 2, (p, action)
        assert len(p.hand) <= rules.hand_size
    assert st.chips_total() == dict(BOARD.loads)
    ids = list(st.draw_pile) + list(st.discard_pile) + [c for p in st.players for c in p.hand]
    assert len(ids) == len(set(ids)) and set(ids) == cards
    for k, s in st.track.segments.items():
        e = BOARD.edge(*k)
        assert e is not None and not e.impassable and not BOARD.is_red_area(*k), k
        assert owners.setdefault(k, s) == s, ("a segment changed hands", k)
    if isinstance(action, Build):
        assert network_ok(g, st.current)


def play(seed: int) -> eb.Game:
    g = setup(seed)
    rng = random.Random(seed * 7919)
    owners = dict(g.state.track.segments)
    cards = {c.id for c in g.deck.demand_cards}
    for _ in range(20_000):
        if g.over or g.state.round > ROUND_CAP:
            break
        a = choose(g, rng)
        g.apply_unchecked(a) if not isinstance(a, Build) else g.apply(a)
        check(g, owners, cards, a)
        if g.phase == "build" and g.player().spent == 0 and g.player().moves_used == 0:
            # a new turn: every hand is full again (the draw at the end of the last turn)
            assert all(len(p.hand) == 3 for p in g.state.players)
    for s in range(len(g.state.players)):
        assert network_ok(g, s)
    if g.over:
        st = g.state
        assert len({p.turns for p in st.players}) == 1, [p.turns for p in st.players]
        best = max(p.cash for p in st.players)
        assert st.winners and all(st.players[w].cash == best for w in st.winners)
        assert sorted(st.winners) == [i for i, p in enumerate(st.players) if p.cash == best]
        assert any(p.cash >= g.rules.victory_cash for p in st.players)
    return g


@pytest.mark.parametrize("batch", range(BATCHES))
def test_random_express_games_keep_the_invariants(batch):
    ended = 0
    for seed in range(batch, GAMES, BATCHES):
        g = play(seed)
        ended += g.over
        assert eb.Game.from_json(g.to_json()).to_json() == g.to_json()
    assert ended >= 1, "some short games should reach the target cash"


def test_random_express_play_is_deterministic_and_resumes_from_json():
    a, b = play(11), play(11)
    assert a.to_json() == b.to_json()
    g = setup(12)
    rng = random.Random(5)
    for _ in range(60):
        g.apply(choose(g, rng))
    h = eb.Game.from_json(g.to_json())
    r1, r2 = random.Random(9), random.Random(9)
    for _ in range(60):
        if g.over:
            break
        g.apply(choose(g, r1))
        h.apply(choose(h, r2))
    assert g.to_json() == h.to_json()
