"""What every chapter of the engine shares: the board index, the step record and the checks of
"is this the right moment, milepost, load" (rulebook: How to Play; Starting Your Train).

Functions over a :class:`~eb_core.engine.game.Game` (``game``); nothing here changes the game.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator

import numpy as np

from .. import events as _events
from .. import rulebook as R
from ..board import Board, City, CitySize, Crossing
from ..errors import IllegalAction, InvalidAction
from ..files import derived
from ..state import PlayerState
from ..track import seg_key
from ..words import shown

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


class BoardIndex:
    """Static look-ups derived from a board, computed once per board (:func:`board_index`): the city at
    each milepost, red-area mileposts and segments, buildable segment keys as arrays, ferry hops and
    Chunnel steps, movement neighbours (ferries and tunnels included), major, red-area and size-limited
    cities, ferry ports. Read-only."""

    def __init__(self, board: Board):
        self.board = board
        n = len(board.mileposts)
        self.n = n
        self.city_at: list[City | None] = [board.city_at(i) for i in range(n)]
        self.red_mp = np.zeros(n, dtype=bool)
        for c in board.cities:
            if c.has_red_area:
                self.red_mp[list(c.mileposts)] = True
        self.build_keys: list[tuple[int, int]] = [e.key for e in board.edges
                                                  if not e.impassable and not board.is_red_area(e.a, e.b)]
        self.key_index = {k: i for i, k in enumerate(self.build_keys)}
        self.bA = np.array([k[0] for k in self.build_keys], dtype=np.int32)
        self.bB = np.array([k[1] for k in self.build_keys], dtype=np.int32)
        self.red_keys = [e.key for e in board.public_edges]
        self.rA = np.array([k[0] for k in self.red_keys], dtype=np.int32)
        self.rB = np.array([k[1] for k in self.red_keys], dtype=np.int32)
        self.red_set = set(self.red_keys)
        # crossings: ferry hop port<->port; tunnel steps along port, inner..., port
        self.hop: dict[tuple[int, int], Crossing] = {}
        self.tunnel_step: dict[tuple[int, int], Crossing] = {}
        for cr in board.crossings:
            self.hop[seg_key(*cr.ports)] = cr
            if cr.is_tunnel:
                seq = (cr.ports[0], *cr.mileposts, cr.ports[1])
                for a, b in zip(seq, seq[1:]):
                    self.tunnel_step[seg_key(a, b)] = cr
        self.move_adj: list[list[int]] = [list(board.neighbors(i)) for i in range(n)]
        for (a, b), cr in self.tunnel_step.items():
            self.move_adj[a].append(b)
            self.move_adj[b].append(a)
        for (a, b), cr in self.hop.items():   # tunnels too: port to port when the Chunnel is a ferry (Fast Game)
            self.move_adj[a].append(b)
            self.move_adj[b].append(a)
        self.majors = [c for c in board.cities if c.size is CitySize.MAJOR]
        self.red_cities = [c for c in board.cities if c.has_red_area]
        self.limited_cities = [c for c in board.cities if c.size in (CitySize.SMALL, CitySize.MEDIUM)]
        self.ferry_ports = {p for cr in board.ferries for p in cr.ports}


def board_index(board: Board) -> BoardIndex:
    """The :class:`BoardIndex` of ``board``, kept in :func:`eb_core.files.derived` while the board lives."""
    return derived(board, "engine:index", BoardIndex)


@dataclass
class Step:
    """One step of a train: from ``a`` to ``b`` over ``kind`` track owned by ``owners``."""

    a: int
    b: int
    kind: str                # "public" | "track" | "ferry" | "tunnel" | "same-port"
    owners: tuple[int, ...]  # who owns the track used (empty for public)


def is_event(game: Game, cid: int) -> bool:
    """True if card ``cid`` is an event card (not a demand card)."""
    return not hasattr(game.deck.card(cid), "demands")


def require_phase(game, *phases: str, what: str) -> None:
    st = game.state
    if st.phase not in phases:
        if st.phase == "build" and st.special_round:
            raise IllegalAction(R.SPECIAL, f"{what} is not possible during a special build turn: there is "
                                           "no Operations phase; build or upgrade (up to 20M), then EndTurn.")
        if st.phase == "build":
            # Europe's order, operations then build, kept where the US overview lists both without an order
            raise IllegalAction(R.kept(R.HOW_TO_PLAY), f"{what} belongs to the Operations phase, which is over "
                                               "for this turn (you are in the Build phase).")
        raise IllegalAction(R.HOW_TO_PLAY, f"{what} is not possible in the {st.phase} phase.")


# -- the turn order switch (Ruleset.turn_order, draw_on_delivery, end_of_turn_discards)
def build_first(game: Game) -> bool:
    """True when the Building Phase comes first and the Operations Phase last (Less Thinking During Your
    Turns; Empire Express: On a Turn)."""
    return game.rules.turn_order == "build-first"


def turn_rule(game: Game) -> str:
    """The section that sets the order of a turn under this ruleset (for refusals)."""
    if game.rules.game == "express":
        return R.EXPRESS_TURN
    return R.LESS_THINKING if build_first(game) or not game.rules.draw_on_delivery else R.HOW_TO_PLAY


def cite(game: Game, rule: str, express: str) -> str:
    """``express`` (an Empire Express section) in an Express game, else the Empire Builder ``rule``."""
    return express if game.rules.game == "express" else rule


def last_phase(game: Game) -> str:
    """The phase that ends a normal turn: ``"build"``, or ``"operations"`` when the build comes first."""
    return "operations" if build_first(game) else "build"


def operations_next(game: Game) -> bool:
    """True in a build-first Building Phase of a normal turn: an operations action may start the
    Operations Phase (ending the build)."""
    st = game.state
    return st.phase == "build" and not st.special_round and build_first(game)


def in_operations(game: Game) -> bool:
    """True if an operations action (move, pick-up, delivery, ...) is possible in this phase."""
    return game.state.phase == "operations" or operations_next(game)


def require_operations(game: Game, what: str) -> None:
    """Refuse ``what`` unless the Operations Phase is on or (the build coming first) may start now."""
    if not operations_next(game):
        require_phase(game, "operations", what=what)


def start_operations(game: Game) -> None:
    """End a build-first Building Phase: the Operations Phase starts (call after every check passed)."""
    if operations_next(game):
        game.state.phase = "operations"


def require_hand_ready(game, what: str) -> None:
    p = game.player()
    if len(p.hand) > game.rules.hand_size:
        raise IllegalAction(R.START_TRAIN, f"Discard down to {game.rules.hand_size} cards first (you hold "
                                           f"{len(p.hand)}): choose the card to give up before {what}.")


def require_placed(game, what: str) -> PlayerState:
    p = game.player()
    require_hand_ready(game, what)
    if p.position is None:
        if p.second is not None:
            k = train_in_front(game, game.state.current)
            raise IllegalAction(R.START_TRAIN, f"Place train {k} in a city first (PlaceTrain(..., train={k})) "
                                               f"before {what}.")
        raise IllegalAction(R.START_TRAIN, f"Place your train in a city first before {what}.")
    return p


# -- Run Two Trains: which train an action is for
def _front(game) -> set[int]:
    front = getattr(game, "_train_front", None)
    if front is None:
        front = game._train_front = set()
    return front


def train_in_front(game: Game, seat: int) -> int:
    """Which of ``seat``'s trains the :data:`~eb_core.state.TRAIN_FIELDS` of its
    :class:`~eb_core.state.PlayerState` hold now: 1, except while :func:`train_view` has brought train 2
    forward (between actions it is always 1)."""
    return 2 if seat in _front(game) else 1


@contextmanager
def train_view(game: Game, seat: int, train: int) -> Iterator[PlayerState]:
    """Bring ``seat``'s train number ``train`` forward for the block: the player's ``position``,
    ``loads``, ``train`` ... (:data:`~eb_core.state.TRAIN_FIELDS`) are that train's, so every rule of
    running, loading and upgrading a train applies to it unchanged; afterwards (also on an error) the
    state is exactly as before. Refuses train 2 when the player has one train (Run Two Trains)."""
    p = game.state.players[seat]
    if isinstance(train, bool) or train not in (1, 2):
        raise InvalidAction(f"train must be 1 or 2, got {shown(train)}", field="train")
    if train == 2 and p.second is None:
        raise IllegalAction(R.RUN_TWO_TRAINS, f"{p.name} has one train: a second train (train=2) runs only "
                                              "under the Run Two Trains variant.")
    front = _front(game)
    if train_in_front(game, seat) == train:
        yield p
        return
    p.swap_trains()
    front ^= {seat}
    try:
        yield p
    finally:
        p.swap_trains()
        front ^= {seat}


def each_train(game: Game, seat: int) -> Iterator[int]:
    """Bring each of ``seat``'s trains forward in turn (1, then 2 under Run Two Trains), yielding its
    number: for events that hit every train in an area."""
    if game.state.players[seat].second is None:
        yield train_in_front(game, seat)
        return
    for k in (1, 2):
        with train_view(game, seat, k):
            yield k


def trains_at(game: Game, seat: int) -> list[tuple[int, int]]:
    """``(train number, milepost)`` of each of ``seat``'s placed trains (whichever is in front)."""
    p = game.state.players[seat]
    k = train_in_front(game, seat)
    out = [(k, p.position)] if p.position is not None else []
    if p.second is not None and p.second.position is not None:
        out.append((3 - k, p.second.position))
    return sorted(out)


def check_mp(game, mp: int, fld: str) -> int:
    if not 0 <= mp < game.index.n:
        raise InvalidAction(f"{fld}: there is no milepost {mp} on board {game.board.name!r} "
                            f"(ids 0..{game.index.n - 1})", field=fld)
    return mp


def where(game: Game, mp: int) -> str:
    """A milepost named as a player names it (``"Paris"``, ``"a mountain milepost near Lyon"``), for messages."""
    return game.board.place(mp)


def load_name(game, load: str, fld: str = "load") -> str:
    if load not in game.board.loads:
        raise InvalidAction(f"{fld}: there is {game.board.no_load(load)}", field=fld)
    return load


def active_effects(game: Game) -> Iterator[tuple[dict, "_events.EventEffect"]]:
    """``(active-event record, effect)`` for every event in play whose kind has an effect."""
    for act in game.state.active_events:
        eff = _events.EFFECTS.get(act["kind"])
        if eff is not None:
            yield act, eff


