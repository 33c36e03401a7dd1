"""The route engine prices what the rules engine charges: in positions reached by seeded planner games (2-4
players, their track, ferries, the Chunnel, full small and medium cities), every cheapest connection from a
player's network to a city, built as a player builds it -- each stretch of new track from the end that is on
the network or in a major city (Build Phase Rules > Beginning Construction) -- is accepted by the engine and
costs exactly what the route engine said.

One rule the route search leaves to the builder: the whole-board check that new track blocks nobody's
right to enter a small or medium city (Limits on Entry into Small and Medium Cities), which ``Game.apply``
makes and ``apply_unchecked`` skips; the bots try the checked build first (``BuildPhase._longest``). The
build limit, the cash and the events in play are lifted here, so only the track rules decide."""
from __future__ import annotations

import itertools
import random

import pytest

import eb_core as eb
from eb_core.bots.planner import PlannerBot, play_solo
from eb_core.bots.view import bot_rng
from eb_core.state import Position

COLOURS = ["Orange", "Red", "Blue", "Green"]


def _laid(game, seat: int, x: int, y: int) -> bool:
    """The step needs no building by ``seat``: its own track, a major city's red area, or a crossing it owns."""
    board, tr = game.board, game.state.track
    if board.edge(x, y) is None:
        return any(cr.other_port(x) == y and seat in tr.crossing_owners(cr.name) for cr in board.crossings_at(x))
    return board.is_red_area(x, y) or tr.segments.get((min(x, y), max(x, y))) == seat


def _stretches(game, seat: int, path) -> list[list[int]]:
    out: list[list[int]] = []
    for x, y in itertools.pairwise(path):
        if not _laid(game, seat, x, y):
            if out and out[-1][-1] == x:
                out[-1].append(y)
            else:
                out.append([x, y])
    return out


def _position(ruleset: str, seed: int):
    names = COLOURS if ruleset == "express" else ["Ann", "Ben", "Cid", "Dee"]
    g = eb.Game.new(ruleset, players=names[: 2 + seed % 3], seed=seed)
    play_solo(g, [PlannerBot(s, bot_rng(seed, s)) for s in range(len(g.state.players))], max_turns=25 + 7 * seed)
    return g


@pytest.mark.slow   # left out of `make test-fast`
@pytest.mark.parametrize("ruleset, seed", [("europe-standard", s) for s in range(4)]
                         + [("us", 0), ("us", 1), ("express", 0), ("express", 1)])
def test_every_cheapest_connection_is_built_for_what_the_route_engine_said(ruleset, seed):
    g = _position(ruleset, seed)
    assert not g.over
    rnd = random.Random(seed)
    checked = 0
    for seat, city in itertools.product(range(len(g.state.players)), rnd.sample(g.board.cities, 10)):
        plan = eb.cheapest_connection(g.board, g.rules, city.name, position=Position.of(g.state, seat))
        if plan is None or plan.cost == 0:
            continue
        h = g.clone()
        h.rules = h.rules.with_(build_limit=10**6)
        st = h.state
        st.current, st.phase, st.special_round, st.turn_over = seat, "build", 0, False
        st.active_events, st.blocked_rebuild = [], {}
        p = st.players[seat]
        p.cash, p.spent, p.built_out_of, p.upgraded = 10**6, 0, [], False
        for run in _stretches(h, seat, plan.mileposts):
            net = h.network(seat)
            red = h.board.city_at(run[0])
            rooted = run[0] in net or (red is not None and red.has_red_area and h.rules.build_from_majors)
            h.apply_unchecked(eb.Build(path=run if rooted else run[::-1]))
        assert 10**6 - p.cash == plan.cost, (seat, city.name, plan.explain())
        assert len(h.connected_majors(seat)) >= len(g.connected_majors(seat))
        checked += 1
    assert checked >= 10, "the position leaves too few connections to check"
