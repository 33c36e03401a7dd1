"""Empire Express Introductory Strategies, played as scripts (rulebook ``rules/empire_express_rulebook.txt``:
Empire Express Introductory Strategies).

Each colour's suggested first turns are a short script of steps (go to a city, pick up, drop, deliver,
build to a city), played through the checked engine, so a test or a notebook can watch the payouts the
rulebook names come out of real play.

>>> import eb_core as eb
>>> from eb_core.bots.introductory import play_strategies
>>> g = eb.Game.new(eb.ruleset("express"), board="eastern_us", players=["Orange", "Green"], seed=1)
>>> record = play_strategies(g)
>>> sum(d["payout"] for d in record.deliveries if d["player"] == "Green")
66
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .. import rulebook as R
from ..actions import Build, Deliver, Drop, EndBuild, EndTurn, Move, PickUp
from ..errors import IllegalAction, InvalidAction
from ..routes import cheapest_connection, shortest_trip
from ..state import Position

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Game

__all__ = ["STRATEGIES", "Replay", "play_strategies"]


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
        t = shortest_trip(game.board, game.rules, here, city, position=Position.of(st, seat), rent=rent)
        if t is not None:
            return t
    return None


def _build_turn(game: "Game", seat: int, city: str, rec: dict) -> bool:
    """Build towards ``city`` this turn; True once the network reaches it."""
    st, rules = game.state, game.rules
    p = st.players[seat]
    plan = cheapest_connection(game.board, rules, city, position=Position.of(st, seat))
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
    return cheapest_connection(game.board, rules, city, position=Position.of(st, seat)).cost == 0


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
