"""Empire Express: the Demo Set Up and the Introductory Strategies, played by the engine
(rulebook ``rules/empire_express_rulebook.txt``: Demo Set Up; Empire Express Introductory Strategies).

The rules themselves are numbers and switches of ``eb.ruleset("express")`` (:mod:`eb_core.rules`), read by
the same engine chapters as Empire Builder: Europe. This module sets up the demo game and replays each
colour's suggested first turns as a short script of steps (go to a city, pick up, drop, deliver, build
to a city), so a test or a notebook can watch the payouts the rulebook names come out of real play.

>>> import eb_core as eb
>>> from eb_core.engine.express import play_strategies
>>> g = eb.Game.new(eb.ruleset("express"), board="eastern_us", players=["Orange", "Green"], seed=1)
>>> record = play_strategies(g)
>>> sum(d["payout"] for d in record.deliveries if d["player"] == "Green")
66
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .. import rulebook as R
from ..actions import Build, Deliver, Drop, EndBuild, EndTurn, Move, PickUp
from ..errors import IllegalAction, InvalidAction
from ..routes import cheapest_connection, shortest_trip
from ..state import GameState, PlayerState

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board
    from ..rules import Ruleset
    from .game import Game

__all__ = ["demo_setup", "STRATEGIES", "Replay", "play_strategies"]


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
        raise InvalidAction(f"seed must be an int, got {seed!r}", field="seed")
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



#: The Introductory Strategies as scripts: ``("to", city)`` runs the train there over its own and public
#: track (renting only when there is no other way), ``("pickup" | "drop" | "deliver", load)`` acts in the
#: city where the train stands, ``("build", city)`` builds the cheapest track from the network to the city
#: (within the turn's 20M and the player's cash, over as many turns as it takes).
STRATEGIES: dict[str, tuple[tuple[str, str], ...]] = {
    # "headed towards Boston to deliver one of your steel loads for $33 million, dumping a load of steel to
    # pick up passengers in New York for an additional $9 million when you reach Boston. You can then go
    # back to Hartford, pick up a machinery load, and then go back to Boston for $7 million."
    "Orange": (("to", "New York"), ("drop", "Steel"), ("pickup", "Passengers"), ("to", "Boston"),
               ("deliver", "Steel"), ("deliver", "Passengers"), ("to", "Hartford"), ("pickup", "Machinery"),
               ("to", "Boston"), ("deliver", "Machinery")),
    # "three loads headed for Chicago: coal, swine (which you can pick up on the way in Columbus) ...
    # card 6 to pick up passengers in Chicago and deliver then back to Charleston for $20 million"
    "Red": (("to", "Columbus"), ("drop", "Coal"), ("pickup", "Swine"), ("to", "Chicago"), ("deliver", "Coal"),
            ("deliver", "Swine"), ("pickup", "Passengers"), ("to", "Charleston"), ("deliver", "Passengers")),
    # "the marble you already have and the wood you can pick up on your way through Roanoke (leaving you a
    # second Charlotte-Washington run for cotton)"
    "Blue": (("to", "Roanoke"), ("drop", "Marble"), ("pickup", "Wood"), ("to", "Washington"),
             ("deliver", "Marble"), ("deliver", "Wood"), ("build", "Charlotte"), ("to", "Charlotte"),
             ("pickup", "Cotton"), ("to", "Washington"), ("deliver", "Cotton")),
    # "detour briefly to Pittsburgh to pick up steel. Deliver both of these to New York for a total of $48
    # million, and then ... run passengers from New York back to Akron for $18 million"
    "Green": (("to", "Pittsburgh"), ("drop", "Tires"), ("pickup", "Steel"), ("to", "New York"),
              ("deliver", "Tires"), ("deliver", "Steel"), ("pickup", "Passengers"), ("to", "Akron"),
              ("deliver", "Passengers")),
}


@dataclass
class Replay:
    """What :func:`play_strategies` saw: ``turns`` one row per turn played (round, player, cash after,
    where the train ended, mileposts moved, built for), ``deliveries`` one row per delivery (round, player,
    load, city, card, payout, cash after)."""

    turns: list[dict[str, Any]] = field(default_factory=list)
    deliveries: list[dict[str, Any]] = field(default_factory=list)

    def payouts(self, player: str) -> list[int]:
        """The payouts ``player`` collected, in order."""
        return [d["payout"] for d in self.deliveries if d["player"] == player]


def _trip(game: "Game", seat: int, city: str):
    st = game.state
    here = st.players[seat].position
    for rent in (False, True):
        t = shortest_trip(game.board, game.rules, here, city, state=st, player=seat, rent=rent)
        if t is not None:
            return t
    return None


def _build_turn(game: "Game", seat: int, city: str, rec: dict) -> bool:
    """Build towards ``city`` this turn; True once the network reaches it."""
    st, rules = game.state, game.rules
    p = st.players[seat]
    plan = cheapest_connection(game.board, rules, city, state=st, player=seat)
    if plan is None:
        raise IllegalAction(R.EXPRESS_BUILD, f"{p.name} cannot reach {city} by building off their track.")
    if plan.cost == 0:
        return True
    budget = min(rules.build_limit - p.spent, p.cash)
    path, spent = [plan.mileposts[0]], 0
    for seg, b in zip(plan.segments, plan.mileposts[1:]):
        if spent + seg.total > budget:
            break
        spent += seg.total
        path.append(b)
    if len(path) >= 2 and spent > 0:
        game.apply(Build(path))
        rec["built"] = rec.get("built", 0) + spent
    return cheapest_connection(game.board, rules, city, state=st, player=seat).cost == 0


def _step(game: "Game", seat: int, step: tuple[str, str], replay: Replay) -> bool:
    """Do one operations step; True if it is done (False: the turn's movement ran out)."""
    st = game.state
    p = st.players[seat]
    kind, what = step
    if kind == "to":
        if game.index.city_at[p.position] is not None and game.index.city_at[p.position].name == what:
            return True
        trip = _trip(game, seat, what)
        if trip is None:
            raise IllegalAction(R.EXPRESS_MOVE, f"{p.name} has no track to {what}.")
        move = game.longest_legal_move(trip.path[1:])
        if not move:
            return False
        game.apply(Move(move))
        return move == tuple(trip.path[1:])
    if kind == "pickup":
        game.apply(PickUp(what))
    elif kind == "drop":
        game.apply(Drop(what))
    elif kind == "deliver":
        cid = next((c for ld, c in game.legal_deliveries() if ld == what), None)
        if cid is None:
            raise IllegalAction(R.DELIVER, f"{p.name} has no demand for {what} here.")
        before = p.cash
        game.apply(Deliver(what, cid))
        city = game.index.city_at[p.position].name
        replay.deliveries.append({"round": st.round, "player": p.name, "load": what, "city": city,
                                  "card": game.deck.card(cid).label, "payout": p.cash - before, "cash": p.cash})
    else:  # pragma: no cover - scripts are data above
        raise InvalidAction(f"unknown strategy step {step!r}", field="step")
    return True


def play_strategies(game: "Game", strategies: dict[str, tuple] | None = None, *, max_rounds: int = 12) -> Replay:
    """Play every seat's Introductory Strategy (``STRATEGIES`` by the player's colour name) turn by turn
    from the demo setup until each script is done (or ``max_rounds``). A player whose script is done just
    ends the turn. Each turn: build if the script's next step is a build, then run the train through the
    steps while its 12 mileposts last, then end the turn (the hand is refilled). Returns the
    :class:`Replay`; the game is left where the scripts stopped."""
    strategies = STRATEGIES if strategies is None else strategies
    st = game.state
    todo = {s: list(strategies.get(p.name, ())) for s, p in enumerate(st.players)}
    replay = Replay()
    while not game.over and st.round <= max_rounds and any(todo.values()):
        seat = st.current
        p, steps = st.players[seat], todo[seat]
        rec: dict[str, Any] = {"round": st.round, "player": p.name}
        start_used = p.moves_used
        if steps and steps[0][0] == "build" and _build_turn(game, seat, steps[0][1], rec):
            steps.pop(0)
        if game.phase == "build" and not (steps and steps[0][0] == "build"):
            game.apply(EndBuild())
        while steps and steps[0][0] != "build" and game.phase == "operations":
            if not _step(game, seat, steps[0], replay):
                break
            steps.pop(0)
        rec.update(cash=p.cash, at=game.board.label(p.position), moved=p.moves_used - start_used)
        replay.turns.append(rec)
        game.apply(EndTurn())
    return replay
