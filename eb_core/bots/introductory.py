"""Empire Express Introductory Strategies, played as scripts (rulebook ``rules/empire_express_rulebook.txt``:
Empire Express Introductory Strategies).

Each colour's suggested first turns (:data:`STRATEGIES`) and the alternative the rulebook names for it
(:data:`ALTERNATIVES`) are short scripts of steps (go to a city, pick up, drop, deliver, build to a city),
played through the checked engine, so a test or a notebook can watch the payouts the rulebook names come
out of real play.

Every action any driver takes (a script, or a bot in :mod:`eb_core.express_lessons`) goes through a
:class:`Recorder`, which writes the :class:`Replay`: one row per turn, per delivery and per move (how far
the train ran and whether it was empty or deadheading, in the words of the rulebook's cardinal rules).

>>> import eb_core as eb
>>> from eb_core.bots.introductory import play_strategies
>>> g = eb.Game.new(eb.ruleset("express"), board="eastern_us", setup="demo", players=["Orange", "Green"], seed=1)
>>> record = play_strategies(g)
>>> record.payouts("Green")
[26, 22, 18]
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

__all__ = ["ALTERNATIVES", "STRATEGIES", "Recorder", "Replay", "Script", "play_strategies", "play_turns"]


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

#: The alternative the rulebook names for each colour, as scripts of the same steps. Readings where the
#: text is terse (one delivery per card decides them):
#:
#: * Orange, "pick up machinery instead of steel on your first run, and then pick up electronics in Boston
#:   to take back to Pittsburgh": card 1 is kept for its other delivery (electronics to Pittsburgh, 29M),
#:   so both steel loads are swapped on the way: for passengers in New York (card 2, 9M) and for machinery
#:   in Hartford (card 3, 7M).
#: * Red, "If you do swine and coal, you can always head back to Akron and get tires for Chicago later":
#:   card 6 is used for its tires (21M) instead of the passengers; Red's track does not reach Akron, so it
#:   builds there from its network.
#: * Blue, "Detouring to Charlotte for cotton instead of wood ... gives you $9 million more and the chance
#:   to run passengers from Washington back to Charlotte": Blue starts with no money, so the marble goes
#:   to Washington first (26M) and pays for the track to Charlotte; card 8 is kept for the passengers
#:   (21M) instead of the wood.
#: * Green, "make a short run for your textiles for New York (building track to Harrisburg)": card 12 is
#:   used for the textiles (10M) instead of the passengers back to Akron.
ALTERNATIVES: dict[str, tuple[tuple[str, str], ...]] = {
    "Orange": (("to", "New York"), ("drop", "Steel"), ("pickup", "Passengers"), ("to", "Hartford"),
               ("drop", "Steel"), ("pickup", "Machinery"), ("to", "Boston"), ("deliver", "Passengers"),
               ("deliver", "Machinery"), ("pickup", "Electronics"), ("to", "Pittsburgh"),
               ("deliver", "Electronics")),
    "Red": (("to", "Columbus"), ("drop", "Coal"), ("pickup", "Swine"), ("to", "Chicago"), ("deliver", "Coal"),
            ("deliver", "Swine"), ("build", "Akron"), ("to", "Akron"), ("pickup", "Tires"), ("to", "Chicago"),
            ("deliver", "Tires")),
    "Blue": (("to", "Washington"), ("deliver", "Marble"), ("build", "Charlotte"), ("to", "Charlotte"),
             ("pickup", "Cotton"), ("to", "Washington"), ("deliver", "Cotton"), ("pickup", "Passengers"),
             ("to", "Charlotte"), ("deliver", "Passengers")),
    "Green": (("to", "Pittsburgh"), ("drop", "Tires"), ("pickup", "Steel"), ("to", "New York"),
              ("deliver", "Tires"), ("deliver", "Steel"), ("build", "Harrisburg"), ("to", "Harrisburg"),
              ("pickup", "Textiles"), ("to", "New York"), ("deliver", "Textiles")),
}


@dataclass
class Replay:
    """What was played: ``turns`` one row per turn (round, player, the player's turn number, cash after,
    the place the train ended, mileposts moved, built for, rent paid), ``deliveries`` one row per delivery
    (round, turn, player, load, city, card, payout, cash after), ``moves`` one row per :class:`Move`
    (round, turn, player, mileposts, the loads on board, ``empty`` -- no load at all -- and ``deadhead``
    -- no load on board that a demand card in hand wants: the rulebook's "running without any active
    demand cards" --, ``not full`` -- a free place on the train --, the rent it cost and the ``path``),
    ``paths`` each player's train path in mileposts, and
    ``done`` the turn on which each scripted player finished its script."""

    turns: list[dict[str, Any]] = field(default_factory=list)
    deliveries: list[dict[str, Any]] = field(default_factory=list)
    moves: list[dict[str, Any]] = field(default_factory=list)
    paths: dict[str, list[int]] = field(default_factory=dict)
    done: dict[str, int] = field(default_factory=dict)
    _built: int = field(default=0, repr=False)   # spent on track in the turn being played

    def payouts(self, player: str) -> list[int]:
        """The payouts ``player`` collected, in order."""
        return [d["payout"] for d in self.deliveries if d["player"] == player]

    def cash_by_turn(self, player: str) -> list[int]:
        """``player``'s cash at the end of each of their turns, in order."""
        return [t["cash"] for t in self.turns if t["player"] == player]


class Recorder:
    """A game as a driver sees it: every attribute is the game's, and every action applied through it is
    written to ``replay`` once the engine has accepted it (a refused action is not recorded)."""

    def __init__(self, game: Game, replay: Replay):
        self._game, self.replay = game, replay

    def __getattr__(self, name):
        return getattr(self._game, name)

    def apply(self, action) -> None:
        self._record(action, self._game.apply)

    def apply_unchecked(self, action) -> None:
        self._record(action, self._game.apply_unchecked)

    def _record(self, action, apply) -> None:
        g = self._game
        st = g.state
        p = st.players[st.current]
        cash, used, loads = p.cash, p.moves_used, tuple(p.loads)
        wanted = {d.load for _, d in g.demands()} if isinstance(action, Move) else set()
        here, rnd = p.position, st.round
        apply(action)
        turn = p.turns + 1
        rp = self.replay
        if isinstance(action, Move):
            ran = p.moves_used - used
            rp.moves.append({"round": rnd, "turn": turn, "player": p.name, "mileposts": ran, "loads": len(loads),
                             "empty": not loads, "not full": len(loads) < p.train.capacity,
                             "deadhead": not any(ld in wanted for ld in loads),
                             "rent": cash - p.cash, "path": tuple(int(m) for m in action.path)})
            path = rp.paths.setdefault(p.name, [here])
            path.extend(int(m) for m in action.path)
        elif isinstance(action, Build):
            rp._built += cash - p.cash
        elif isinstance(action, Deliver):
            rp.deliveries.append({"round": rnd, "turn": turn, "player": p.name, "load": action.load,
                                  "city": g.board.place(p.position), "card": g.deck.card(action.card_id).label,
                                  "payout": p.cash - cash, "cash": p.cash})


def _trip(game: Game, seat: int, city: str):
    st = game.state
    here = st.players[seat].position
    for rent in (False, True):
        t = shortest_trip(game.board, game.rules, here, city, position=Position.of(st, seat), rent=rent)
        if t is not None:
            return t
    return None


class Script:
    """A player that follows a script of :data:`STRATEGIES` steps, one whole turn per :meth:`turn`: build
    if the next step is a build, then run the train through the steps while its 12 mileposts last, then
    end the turn (the hand is refilled). Once the script is done the player just ends its turns."""

    def __init__(self, steps):
        self.steps = list(steps)

    @property
    def done(self) -> bool:
        return not self.steps

    def turn(self, game) -> None:
        steps = self.steps
        seat = game.state.current
        if steps and steps[0][0] == "build" and self._build_turn(game, seat, steps[0][1]):
            steps.pop(0)
        if game.phase == "build" and not (steps and steps[0][0] == "build"):
            game.apply(EndBuild())
        while steps and steps[0][0] != "build" and game.phase == "operations":
            if not self._step(game, seat, steps[0]):
                break
            steps.pop(0)
        game.apply(EndTurn())

    @staticmethod
    def _build_turn(game, seat: int, city: str) -> bool:
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
        return cheapest_connection(game.board, rules, city, position=Position.of(st, seat)).cost == 0

    @staticmethod
    def _step(game, seat: int, step: tuple[str, str]) -> bool:
        """Do one operations step; True if it is done (False: the turn's movement ran out)."""
        p = game.state.players[seat]
        kind, what = step
        if kind == "to":
            city = game.index.city_at[p.position]
            if city is not None and city.name == what:
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
                raise IllegalAction(R.DELIVER, f"{p.name} has no demand for {what} at {game.board.place(p.position)}.")
            game.apply(Deliver(what, cid))
        else:
            raise InvalidAction(f"unknown strategy step {step!r}; steps are to, pickup, drop, deliver, build",
                                field="step")
        return True


def play_turns(game: Game, drivers: dict[int, Any], *, max_rounds: int = 12, until_done: bool = True,
               replay: Replay | None = None) -> Replay:
    """Play ``game`` turn by turn, each seat by its driver (anything with ``turn(game)`` playing one whole
    turn, such as a :class:`Script`; a seat without a driver just ends its turns), through a
    :class:`Recorder`, until the game is over, ``max_rounds`` rounds are played, or -- with
    ``until_done`` -- every :class:`Script` is done. Returns the :class:`Replay`."""
    st = game.state
    replay = replay if replay is not None else Replay()
    rec_game = Recorder(game, replay)
    scripts = [d for d in drivers.values() if isinstance(d, Script)]
    while not game.over and st.round <= max_rounds and not (until_done and scripts and all(s.done for s in scripts)):
        seat = st.current
        p = st.players[seat]
        row: dict[str, Any] = {"round": st.round, "player": p.name, "turn": p.turns + 1}
        cash, moved, rent = p.cash, len(replay.moves), 0
        replay._built = 0
        driver = drivers.get(seat)
        if driver is None:
            rec_game.apply(EndBuild() if game.phase == "build" else EndTurn())
            if game.phase == "operations" and st.current == seat:
                rec_game.apply(EndTurn())
        else:
            was_done = getattr(driver, "done", False)
            driver.turn(rec_game)
            if getattr(driver, "done", False) and not was_done:
                replay.done[p.name] = row["turn"]
        mv = replay.moves[moved:]
        rent = sum(m["rent"] for m in mv)
        row.update(cash=p.cash, at=game.board.place(p.position), moved=sum(m["mileposts"] for m in mv),
                   built=replay._built, rent=rent, earned=p.cash - cash + replay._built + rent)
        replay.turns.append(row)
    return replay


def play_strategies(game: Game, strategies: dict[str, tuple] | None = None, *, max_rounds: int = 12) -> Replay:
    """Play every seat's script (``strategies``, :data:`STRATEGIES` by default, keyed by the player's
    colour name; :data:`ALTERNATIVES` for the rulebook's alternatives) turn by turn from the demo setup
    until each script is done (or ``max_rounds``). A player whose script is done just ends the turn.
    Returns the :class:`Replay`; the game is left where the scripts stopped."""
    strategies = STRATEGIES if strategies is None else strategies
    drivers = {s: Script(strategies.get(p.name, ())) for s, p in enumerate(game.state.players)}
    return play_turns(game, drivers, max_rounds=max_rounds)
