"""Empire Express: the Demo Set Up (rulebook ``rules/empire_express_rulebook.txt``: Demo Set Up).

The rules themselves are numbers and switches of ``eb.ruleset("express")`` (:mod:`eb_core.rules`), read by
the same engine chapters as Empire Builder: Europe. This module deals the demo game: colours, start
cities, starting loads, the starting track symbols and demand cards 1-12. The Introductory Strategies
are played by :mod:`eb_core.bots.introductory`.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .. import rulebook as R
from ..errors import InvalidAction
from ..state import GameState, PlayerState
from ..words import shown

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board
    from ..rules import Ruleset
    from .game import Game

__all__ = ["demo_setup"]


def demo_setup(cls, rules: "Ruleset", board: "Board", deck, players: list[str], seed: int) -> "Game":
    """The Empire Express Demo Set Up (rulebook: Empire Express > Demo Set Up): for 2, 3 or 4 players,
    each a colour of ``rules.demo_players``; each gets the demand cards listed for the colour, the train in
    its city with its two loads, and the colour's starting track (``board.starting_track``: "Connect all
    mileposts with a symbol between them"); the remaining demand cards, shuffled with ``seed``, are the draw
    deck (no event cards); no money; the youngest -- the first listed -- goes first."""
    table = {c.lower(): (c, cards, city, loads) for c, cards, city, loads in rules.demo_players}
    if not table:
        raise InvalidAction(f"the ruleset {rules.name!r} has no demo setup (Ruleset.demo_players)", field="setup")
    names = [str(p).strip().lower() for p in players]
    if not 2 <= len(names) <= 4:
        raise InvalidAction(f"the demo game is for 2, 3 or 4 players ({R.EXPRESS_SETUP}), got {len(names)}",
                            field="players")
    for i, nm in enumerate(names):
        if nm not in table:
            raise InvalidAction(f"players[{i}]: {players[i]!r} is not a colour of the demo game; choose from "
                                f"{', '.join(c for c, *_ in rules.demo_players)}", field=f"players[{i}]")
        if names.index(nm) != i:
            raise InvalidAction(f"players[{i}]: {players[i]!r} is chosen twice", field=f"players[{i}]")
        if nm not in board.starting_track:
            raise InvalidAction(f"board {board.name!r} has no starting track for {players[i]!r}", field="board")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidAction(f"seed must be an int, got {shown(seed)}", field="seed")
    by_label = {c.label: c.id for c in deck.demand_cards}
    st = GameState(players=[PlayerState(name=table[nm][0], cash=rules.start_cash, train=rules.start_train)
                            for nm in names], seed=seed)
    st.bank = {ld: max(0, n - rules.chips_removed_per_load) for ld, n in board.loads.items()}
    dealt: set[int] = set()
    for seat, (nm, p) in enumerate(zip(names, st.players)):
        colour, cards, city, loads = table[nm]
        try:
            p.hand = [by_label[lb] for lb in cards]
        except KeyError as e:
            raise InvalidAction(f"deck {deck.name!r} has no demand card {e.args[0]!r} for {colour}",
                                field="deck") from None
        dealt.update(p.hand)
        p.position = board.city(city).center
        for ld in loads:
            if st.bank.get(ld, 0) <= 0:
                raise InvalidAction(f"no {ld} chip left for {colour}'s starting load", field="board")
            st.bank[ld] -= 1
            p.loads.append(ld)
        for a, b in board.starting_track[nm]:
            st.track.segments[(min(a, b), max(a, b))] = seat
    pile = [c.id for c in deck.demand_cards if c.id not in dealt]
    random.Random(f"eb:{seed}:setup").shuffle(pile)
    st.draw_pile = pile
    st.first_player = st.current = 0
    st.special_round, st.round = 0, 1
    st.phase = "build" if rules.turn_order == "build-first" else "operations"
    st.ops_started = False
    g = cls(rules, board, deck, st)
    who = ", ".join(f"{p.name} ({table[nm][2]}, {' and '.join(p.loads)}, cards {'/'.join(table[nm][1])})"
                    for nm, p in zip(names, st.players))
    st.log.append(f"New game ({rules.title}) on {board.title}, demo setup: {who}; seed {seed}.")
    st.log.append(f"{st.players[0].name}, the youngest, goes first.")
    return g
