"""Shared test helpers: one ``rejects()`` for every refused action, and positions on the Europe board set
up directly in a game's state (used by the event and rule tests).

Not a test module (no ``test_`` prefix). ``tests/conftest.py`` sits beside it, so every test folder can
``from support import ...``.
"""
from __future__ import annotations

import copy
import itertools
import json

import pytest

import eb_core as eb
from eb_core import events
from eb_core.cards import Demand, DemandCard
from eb_core.events.areas import city_area, distances_from
from eb_core.track import seg_key

EUROPE = eb.load_board("europe")
DECK = eb.load_deck("europe")


def rejects(g: eb.Game, action, rule: str, *, prefix: bool = False, checked: bool = True) -> eb.IllegalAction:
    """Apply ``action`` and assert it is refused: an :class:`eb.IllegalAction` citing ``rule`` (the exact
    rulebook section, or one starting with it when ``prefix``), with a reason a player can read, and the
    game exactly as it was before (compared as JSON). ``checked=False`` goes through ``apply_unchecked``."""
    before = g.to_json()
    with pytest.raises(eb.IllegalAction) as ei:
        (g.apply if checked else g.apply_unchecked)(action)
    err = ei.value
    assert (err.rule.startswith(rule) if prefix else err.rule == rule), (err.rule, err.reason)
    assert err.reason, "a refusal must say why"
    assert g.to_json() == before, "a rejected action changed the game"
    return err


def ops_game(players=("Ann", "Ben"), *, seed: int = 3, rules: str = "europe-standard", current: int = 0,
             speed: int | None = None) -> eb.Game:
    """A Europe game in round 1, ``current``'s operations phase, three cards each, no train placed and a
    draw pile of demand cards only (so nothing random happens unless a test puts an event on top)."""
    g = eb.Game.new(rules, board=EUROPE, deck=DECK, players=list(players), seed=seed)
    st = g.state
    st.special_round, st.round, st.phase = 0, 1, "operations"
    st.first_player = st.current = current
    for p in st.players:
        st.discard_pile.extend(p.hand[3:])
        p.hand = p.hand[:3]
        if speed is not None:
            p.train = eb.Train(speed, p.train.capacity)
    events = [c for c in st.draw_pile if not hasattr(g.deck.card(c), "demands")]
    st.draw_pile = [c for c in st.draw_pile if c not in events]
    st.discard_pile.extend(events)
    return g


def game_with(*variants, base: str = "europe-standard", players=("Ann", "Ben"), phase: str = "operations") -> eb.Game:
    """:func:`ops_game` under ruleset ``base`` with ``variants``, in ``phase``."""
    g = ops_game(players, rules=eb.ruleset(base, *variants))
    g.state.phase = phase
    return g


def ann(g: eb.Game) -> eb.PlayerState:
    """The first seat's player (Ann, in these tests)."""
    return g.state.players[0]


def card(cid: int, *demands) -> DemandCard:
    """A demand card ``cid`` of ``(city, load, payout)`` demands."""
    return DemandCard(cid, str(cid), tuple(Demand(*d) for d in demands))


def own_track(board: eb.Board, rules: eb.Ruleset, *routes, player: int = 0) -> eb.Track:
    """A Track holding the paid segments (and crossings) of the cheapest builds along ``routes``."""
    t = eb.Track()
    for a, b in routes:
        t.lay(player, eb.cheapest_build(board, rules, a, b, position=eb.Position(track=t, seat=player)).paid_segments)
    return t


def lay_track(g: eb.Game, seat: int, path) -> None:
    """Give ``seat`` the segments along ``path`` (red-area segments are public and skipped)."""
    for a, b in itertools.pairwise(path):
        if not g.board.is_red_area(a, b):
            g.state.track.segments[seg_key(a, b)] = seat


def place(g: eb.Game, seat: int, mp: int, loads=()) -> None:
    p = g.state.players[seat]
    p.position, p.prev = mp, None
    for ld in loads:
        g.state.bank[ld] -= 1
        p.loads.append(ld)


def line_towards(board: eb.Board, city: str, start_distance: int, radius: int = 4) -> list[int]:
    """A straight-ish line of mileposts whose distance to ``city``'s centre falls by one per step, from
    ``start_distance`` down to 0, such that a milepost is in the city's ``radius`` area exactly when its
    distance is at most ``radius``."""
    c = board.city(city)
    d = distances_from(board, [c.center])
    area = city_area(board, city, radius)
    for start in sorted(int(m) for m in (d == start_distance).nonzero()[0]):
        path = [start]
        while d[path[-1]] > 0:
            nxt = [b for b in board.neighbors(path[-1]) if d[b] == d[path[-1]] - 1]
            path.append(min(nxt))
        if all((m in area) == (d[m] <= radius) for m in path) and all(
                board.city_at(m) is None or board.city_at(m).name == city for m in path):
            return path
    raise AssertionError(f"no clean line towards {city}")


def event_card(title: str):
    return next(c for c in DECK.event_cards if c.title == title)


def demand_card_with(city: str, *, avoid=()):
    """The first demand card of the deck with a demand to ``city`` and none of ``avoid``'s cities."""
    for c in DECK.demand_cards:
        names = {d.city for d in c.demands}
        if city in names and not names & set(avoid):
            return c
    raise AssertionError(city)


def ready_to_deliver(g: eb.Game, city: str, seat: int = 0):
    """Put a demand card for ``city`` in ``seat``'s hand and the train at the city with its load; returns
    the card and the demand."""
    card = demand_card_with(city)
    dem = next(d for d in card.demands if d.city == city)
    g.state.players[seat].hand[0] = card.id
    place(g, seat, EUROPE.city(city).center, [dem.load])
    return card, dem


def ebro_bridge_for_ann(g: eb.Game) -> tuple[int, int]:
    """Floods 4's table of the Ebro flood: Ann's bridge over the Ebro between two plain mileposts, Ben's track
    reaching one end of it, both trains far away (Wien, Paris) and 100M each; returns the bridge ``(a, b)``."""
    st = g.state
    ebro = events.area_of(g, event_card("Flood: Ebro")).edges
    a, b, ben_to = next((a, b, c) for a, b in sorted(ebro)
                        if EUROPE.city_at(a) is None and EUROPE.city_at(b) is None
                        for c in EUROPE.neighbors(a)
                        if c != b and seg_key(a, c) not in ebro and EUROPE.city_at(c) is None)
    st.track.segments[(a, b)] = 0                        # Ann's bridge
    st.track.segments[seg_key(ben_to, a)] = 1            # Ben's track reaches its end
    place(g, 0, EUROPE.city("Wien").center)
    place(g, 1, EUROPE.city("Paris").center)
    for p in st.players:
        p.cash = 100
    return a, b


def far_demand_cards(board: eb.Board, away_from, n: int, radius: int = 3):
    """``n`` demand cards none of whose cities is within ``radius`` of any milepost in ``away_from``."""
    out = []
    for c in DECK.demand_cards:
        if all(not (city_area(board, d.city, radius) & set(away_from)) for d in c.demands):
            out.append(c)
            if len(out) == n:
                return out
    raise AssertionError("not enough far cards")


def line_from(board: eb.Board, start: int, steps: int) -> list[int]:
    """A path of ``steps`` steps from ``start`` that gets one milepost farther from it at every step
    (depth-first, smallest ids first), avoiding other cities."""
    d = distances_from(board, [start])

    def go(path):
        if len(path) == steps + 1:
            return path
        for b in sorted(board.neighbors(path[-1])):
            if d[b] == len(path) and (board.city_at(b) is None or board.city_at(b) is board.city_at(start)):
                got = go(path + [b])
                if got:
                    return got
        return None

    got = go([start])
    if got is None:
        raise AssertionError(f"no line of {steps} steps from {start}")
    return got


def tutorial_opening(board: eb.Board, rules: eb.Ruleset) -> eb.Game:
    """Ann and Ben on the tutorial board (notebook 03's game): both special build turns (London-Birmingham,
    London-Folkestone), then the first operations turn's discard to three cards."""
    from eb_core.actions import Build, Discard, EndTurn

    g = eb.Game.new(rules, board=board, players=["Ann", "Ben"], seed=7)
    ex = board.meta["examples"]
    g.apply(Build(path=ex["london_birmingham"]["path"]))
    g.apply(EndTurn())
    g.apply(Build(path=ex["london_folkestone"]["path"]))
    g.apply(EndTurn())
    g.apply(EndTurn())
    g.apply(EndTurn())
    g.apply(Discard(g.player().hand[0]))          # the standard game's four-card opening hand
    return g


def comm_opens(monkeypatch) -> list[dict]:
    """Record every widget comm opened from now on (the keyword arguments of ``comm.create_comm``: its
    ``data`` holds the model's first state), for the display tests."""
    import comm   # only the display tests need ipykernel's comm package

    seen: list[dict] = []
    real = comm.create_comm

    def spy(**kwargs):
        seen.append(kwargs)
        return real(**kwargs)

    monkeypatch.setattr(comm, "create_comm", spy)
    return seen


def refuses_corrupt_game(saved: dict, change, field: str, words: str) -> None:
    """A saved game (``Game.to_dict``) changed by ``change`` is refused on loading: a
    :class:`eb.DataFileError` naming the field path and saying ``words``, the document left as it was, and the
    same read through JSON naming the file given."""
    d = copy.deepcopy(saved)
    change(d)
    before = copy.deepcopy(d)
    with pytest.raises(eb.DataFileError) as info:
        eb.Game.from_dict(d)
    err = info.value
    assert (err.path, err.field) == ("<game>", field), str(err)
    assert str(err).startswith(f"<game>: field {field!r}: ") and words in str(err), str(err)
    assert d == before, "loading changes nothing"
    with pytest.raises(eb.DataFileError) as info:    # the same through JSON, naming the file given
        eb.Game.from_json(json.dumps(d), source="saved.json")
    assert (info.value.path, info.value.field) == ("saved.json", field)


def saved_tutorial_game() -> dict:
    """A tutorial-board game after one build and one turn, as ``Game.to_dict`` writes it (and reads back)."""
    g = eb.Game.new("europe-standard", board="tutorial", seed=5)
    a, b, _ = g.buildable_segments()[0]
    g.apply(eb.Build([a, b]))
    g.apply(eb.EndTurn())
    d = g.to_dict()
    assert eb.Game.from_dict(copy.deepcopy(d)).to_dict() == d
    return d
