"""The game position as plain data: :class:`GameState` and :class:`PlayerState`.

Everything the engine needs to continue a game lives here, and nothing else: no board, no ruleset,
no deck objects (the :class:`~eb_core.engine.Game` holds those). The state round-trips exactly through
JSON-ready dictionaries (:meth:`GameState.to_dict` / :meth:`GameState.from_dict`); no pickle.

>>> from eb_core.rules import Train
>>> p = PlayerState(name="Ann", cash=50, train=Train(9, 2))
>>> s = GameState(players=[p])
>>> GameState.from_dict(s.to_dict()) == s
True

Vocabulary (rulebook sections in brackets):

* ``phase`` -- ``"build"`` (a special build turn or the build phase of a normal turn), ``"operations"``,
  or ``"over"`` [How to Play].
* ``special_round`` -- 1 or 2 during the two special build turns, ``0`` afterwards
  [Starting the Game > Special Build Turns].
* ``PlayerState.staged`` -- the train ended its last turn on a ferry port and may cross at the start of
  this turn [Movement Using a Ferry].
* ``PlayerState.prev`` -- the milepost the train came from, i.e. its direction of travel
  [Running the Train].
* ``PlayerState.second`` -- the second train under Run Two Trains (a :class:`TrainState`; absent from the
  JSON of a one-train game) [Variants & Optional Rules > Challenging Variants > Run Two Trains].
* ``active_events`` -- event cards in effect, each ``{"card", "kind", "drawn_by", "duration",
  "expires_after", "data"}`` where ``expires_after`` is the drawing player's completed-turn count after
  which a one-round event ends [Event Card Effects].
"""
from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from dataclasses import MISSING as _MISSING, dataclass, field, fields
from typing import Any, Callable, NoReturn

import numpy as np

from .errors import InvalidAction
from .rules import Train
from .track import Track, seg_key

__all__ = ["PlayerState", "TrainState", "GameState", "Position", "TRAIN_FIELDS", "PHASES", "SIMULATED_SEATS"]

#: The values of :attr:`GameState.phase`.
PHASES = ("build", "operations", "over")

#: The :attr:`GameState.flags` key of a solo scenario's simulated seats (Solo Scenarios 3 and 4: the seat,
#: as text, -> what that seat does), set by :mod:`eb_core.sim`, so that a hint or the turn stepper's why
#: does not advise a seat nobody plays.
SIMULATED_SEATS = "simulated_seats"

#: The :class:`PlayerState` fields that belong to one train rather than to the player: what a second
#: train (Run Two Trains) has of its own. Money, cards, track, the build phase, rent and fees are the
#: player's, shared by both trains.
TRAIN_FIELDS = ("train", "position", "prev", "loads", "moves_used", "half_rate", "staged", "crossed", "handling",
                "no_pickup")


# ------------------------------------------------------------------------------------ reading saved states
Fail = Callable[[str, str], NoReturn]
"""``fail(field, problem)`` raises the error of a bad value: ``field`` is its path in the document
(``"state.players[0].cash"``), ``problem`` what is wrong (``"expected a whole number, got 'lots'"``)."""


def _fail(fld: str, problem: str) -> NoReturn:
    raise InvalidAction(f"field {fld!r}: {problem}", field=fld)


def shown(v: Any) -> str:
    """A bad value as an error message shows it: ``"an object"``, ``"a list of 3"``, or its repr (cut at 40)."""
    if isinstance(v, Mapping):
        return "an object"
    if isinstance(v, (list, tuple)):
        return f"a list of {len(v)}"
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


_shown = shown


def _path(where: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{where}[{key}]"
    return f"{where}.{key}" if where else key


def _whole(v: Any, fld: str, fail: Fail, *, signed: bool = False) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        fail(fld, f"expected a whole number, got {_shown(v)}")
    if v < 0 and not signed:
        fail(fld, f"expected a whole number (0 or more), got {v}")
    return v


def _typed(kind: type, what: str) -> Callable[[Any, str, Fail], Any]:
    """A checker of a saved field's JSON type: returns the value, or ``fail(fld, "expected <what>, got ...")``."""
    def check(v: Any, fld: str, fail: Fail) -> Any:
        if not isinstance(v, kind):
            fail(fld, f"expected {what}, got {_shown(v)}")
        return v
    return check


_text = _typed(str, "a string")
_list = _typed(list, "a list")
_object = _typed(dict, "a JSON object")


_TRAIN_TEXT = re.compile(r"[1-9][0-9]*/[1-9][0-9]*")


def parse_train(v: Any, fld: str, fail: Fail = _fail) -> Train:
    """A train written as ``"speed/capacity"`` (``"9/2"``), or ``fail(fld, problem)``."""
    if not isinstance(v, str) or not _TRAIN_TEXT.fullmatch(v):
        fail(fld, f"expected a train as 'speed/capacity', such as '9/2', got {_shown(v)}")
    return Train.parse(v)


def _track(v: Any, fld: str, fail: Fail) -> Track:
    d = _object(v, fld, fail)
    for k in d:
        if k not in ("segments", "crossings"):
            fail(_path(fld, k), "unknown field; a track has 'segments' and 'crossings'")
    segs = _list(d.get("segments", []), _path(fld, "segments"), fail)
    seen: dict[tuple[int, int], int] = {}
    for i, seg in enumerate(segs):
        f = _path(_path(fld, "segments"), i)
        if not isinstance(seg, list) or len(seg) != 3:
            fail(f, f"expected a segment [milepost, milepost, seat], got {_shown(seg)}")
        for j, x in enumerate(seg):
            _whole(x, _path(f, j), fail)
        key = seg_key(seg[0], seg[1])
        if key in seen:     # (Right of Way: one section of track between two mileposts)
            fail(f, f"the segment {seg[0]}-{seg[1]} is listed twice (also at segments[{seen[key]}]): only one "
                    "section of track may be built between two mileposts")
        seen[key] = i
    cross = _object(d.get("crossings", {}), _path(fld, "crossings"), fail)
    for name, seats in cross.items():
        for j, x in enumerate(_list(seats, f"{fld}.crossings.{name}", fail)):
            _whole(x, f"{fld}.crossings.{name}[{j}]", fail)
    return Track.from_dict(d)


def _value(kind: str, v: Any, fld: str, fail: Fail, signed: bool) -> Any:
    """Check and convert one field of a state document by its declared type ``kind``."""
    if kind == "int":
        return _whole(v, fld, fail, signed=signed)
    if kind == "int | None":
        return None if v is None else _whole(v, fld, fail)
    if kind == "bool":
        if not isinstance(v, bool):
            fail(fld, f"expected true or false, got {_shown(v)}")
        return v
    if kind == "str":
        return _text(v, fld, fail)
    if kind == "Train":
        return parse_train(v, fld, fail)
    if kind == "list[str]":
        return [_text(x, _path(fld, i), fail) for i, x in enumerate(_list(v, fld, fail))]
    if kind == "list[int]":
        return [_whole(x, _path(fld, i), fail) for i, x in enumerate(_list(v, fld, fail))]
    if kind == "list[dict[str, Any]]":
        return [_object(x, _path(fld, i), fail) for i, x in enumerate(_list(v, fld, fail))]
    if kind == "dict[str, Any]":
        return _object(v, fld, fail)
    if kind == "dict[str, int]":
        return {k: _whole(x, _path(fld, k), fail) for k, x in _object(v, fld, fail).items()}
    if kind == "dict[str, dict[str, int]]":
        return {k: {ld: _whole(n, _path(_path(fld, k), ld), fail)
                    for ld, n in _object(x, _path(fld, k), fail).items()}
                for k, x in _object(v, fld, fail).items()}
    if kind == "Track":
        return _track(v, fld, fail)
    if kind == "TrainState | None":
        return None if v is None else TrainState.from_dict(v, where=fld, fail=fail)
    if kind == "list[PlayerState]":
        return [PlayerState.from_dict(p, where=_path(fld, i), fail=fail) for i, p in enumerate(_list(v, fld, fail))]
    raise AssertionError(f"no reader for a field of type {kind!r}")   # pragma: no cover - a new field type


def _read(cls, d: Any, where: str, fail: Fail, signed: tuple[str, ...] = ()) -> dict[str, Any]:
    """The keyword arguments of ``cls`` from a saved document ``d``: every field type-checked, required
    fields present, no unknown field; ``fail(field, problem)`` on the first bad one."""
    d = _object(d, where or "<root>", fail)
    known = {f.name: f for f in fields(cls)}
    for k in d:
        if k not in known:
            fail(_path(where, k), f"unknown field of {cls.__name__}; expected one of {', '.join(known)}")
    out: dict[str, Any] = {}
    for name, f in known.items():
        if name not in d:
            if f.default is _MISSING and f.default_factory is _MISSING:
                fail(_path(where, name), f"missing (required in {cls.__name__})")
            continue
        out[name] = _value(f.type, d[name], _path(where, name), fail, name in signed)
    return out


def _seat(v: int, n: int, fld: str, fail: Fail) -> None:
    if not v < n:
        fail(fld, f"seat {v} is not in this game (seats 0..{n - 1})")


@dataclass
class TrainState:
    """A player's second train under Run Two Trains (Variants & Optional Rules > Challenging Variants >
    Run Two Trains): the :data:`TRAIN_FIELDS` of :class:`PlayerState`, with the same meanings."""

    train: Train
    position: int | None = None
    prev: int | None = None
    loads: list[str] = field(default_factory=list)
    moves_used: int = 0
    half_rate: bool = False
    staged: bool = False
    crossed: bool = False
    handling: int = 0
    no_pickup: bool = False

    def to_dict(self) -> dict[str, Any]:
        d = {f.name: copy.copy(getattr(self, f.name)) for f in fields(self)}
        d["train"] = str(self.train)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any], *, where: str = "", fail: Fail = _fail) -> TrainState:
        """Inverse of :meth:`to_dict`; a bad value raises ``fail(field, problem)`` (default:
        :class:`~eb_core.errors.InvalidAction` naming the field, prefixed by ``where``)."""
        return cls(**_read(cls, copy.deepcopy(d), where, fail))

    def copy(self) -> TrainState:
        new = copy.copy(self)
        new.loads = list(self.loads)
        return new


@dataclass
class PlayerState:
    """One player's public and private position.

    ``cash`` in millions; ``train`` the train type; ``position`` the milepost of the train (``None``
    until it is placed at the first operations turn); ``loads`` carried; ``hand`` demand card ids;
    ``moves_used`` movement points spent this turn; ``half_rate`` set once the train is slowed this turn;
    ``staged`` / ``crossed`` ferry staging and crossing this turn; ``lost_turns`` turns still to lose;
    ``spent`` money spent in this build phase; ``built_out_of`` the major/key cities built out of this turn
    (one entry per segment); ``upgraded`` whether this build phase was used for an upgrade;
    ``rented`` players paid rent this turn; ``turns`` turns completed (special and lost ones included);
    ``announced`` victory announced; ``no_pickup`` cannot pick up until the next operations phase (lost
    a load); ``loan`` what is still owed to the bank under the Mercy variant.
    """

    name: str
    cash: int
    train: Train
    position: int | None = None
    prev: int | None = None
    loads: list[str] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    moves_used: int = 0
    half_rate: bool = False
    staged: bool = False
    crossed: bool = False
    lost_turns: int = 0
    spent: int = 0
    built_out_of: list[str] = field(default_factory=list)
    upgraded: bool = False
    rented: list[int] = field(default_factory=list)
    turns: int = 0
    announced: bool = False
    no_pickup: bool = False
    delivered: int = 0
    loan: int = 0            # Mercy variant: what is still owed to the bank
    fee_paid: bool = False   # Pay To Move: this turn's fee for moving on one's own track is paid
    handling: int = 0        # Pay To Load And Deliver: movement points spent on loads this turn
    second: TrainState | None = None   # Run Two Trains: the player's second train (None: one train)

    @property
    def trains(self) -> int:
        """How many trains the player runs: 1, or 2 under Run Two Trains."""
        return 1 if self.second is None else 2

    def swap_trains(self) -> None:
        """Exchange the :data:`TRAIN_FIELDS` with those of the second train (the engine does this, and
        undoes it, around an action for train 2; see :func:`eb_core.engine.common.train_view`)."""
        o = self.second
        if o is None:
            raise InvalidAction(f"{self.name} has only one train (a second train is Run Two Trains')", field="second")
        for k in TRAIN_FIELDS:
            a, b = getattr(self, k), getattr(o, k)
            setattr(self, k, b)
            setattr(o, k, a)

    def to_dict(self) -> dict[str, Any]:
        d = {f.name: copy.copy(getattr(self, f.name)) for f in fields(self)}
        d["train"] = str(self.train)
        if self.second is None:      # one train: the same JSON as before the variant existed
            del d["second"]
        else:
            d["second"] = self.second.to_dict()
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any], *, where: str = "", fail: Fail = _fail) -> "PlayerState":
        """Inverse of :meth:`to_dict`; a bad value raises ``fail(field, problem)`` (default:
        :class:`~eb_core.errors.InvalidAction` naming the field, prefixed by ``where``)."""
        kw = _read(cls, copy.deepcopy(d), where, fail)
        if not kw["name"].strip():
            fail(_path(where, "name"), "a player's name must not be blank")
        return cls(**kw)


@dataclass
class GameState:
    """The whole position. Seats are numbered 0..n-1 in clockwise order.

    ``current`` is the seat whose turn it is; ``first_player`` holds the Starting Player marker;
    ``round`` counts normal rounds from 1 (0 during special build turns); ``turn`` counts every turn
    taken; ``ops_started`` is set once the current player has acted in this operations phase (after that
    the hand may no longer be discarded); ``draw_pile`` / ``discard_pile`` are card ids, the top of the
    draw pile last; ``shuffles`` counts reshuffles (each uses a generator seeded from ``seed`` and this
    count, so a JSON round trip keeps the game deterministic); ``bank`` chips per load; ``dropped`` chips
    lying off the train outside the bank (always empty in the standard rules, kept for events);
    ``round_deliveries`` whether anyone delivered this round (sudden death); ``winners`` when the game is
    over; ``sudden_death`` the tied players still playing; ``log`` plain-English lines.

    Variants (rulebook: Challenging Variants): ``open_contracts`` the demand cards face up beside the board
    (Open Contracts); ``warehouses`` chips left in cities, ``{city: {load: n}}`` (Field Warehousing);
    ``removed_cards`` cards taken out of the game (Reshuffle).
    """

    players: list[PlayerState]
    current: int = 0
    first_player: int = 0
    phase: str = "build"
    special_round: int = 1
    round: int = 0
    turn: int = 0
    ops_started: bool = False
    seed: int = 0
    shuffles: int = 0
    draw_pile: list[int] = field(default_factory=list)
    discard_pile: list[int] = field(default_factory=list)
    bank: dict[str, int] = field(default_factory=dict)
    dropped: dict[str, int] = field(default_factory=dict)
    track: Track = field(default_factory=Track)
    active_events: list[dict[str, Any]] = field(default_factory=list)
    blocked_rebuild: dict[str, Any] = field(default_factory=dict)
    turn_over: bool = False
    victory_announced: bool = False
    round_deliveries: bool = False
    sudden_death: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    flags: dict[str, Any] = field(default_factory=dict)
    open_contracts: list[int] = field(default_factory=list)
    warehouses: dict[str, dict[str, int]] = field(default_factory=dict)
    removed_cards: list[int] = field(default_factory=list)
    log: list[str] = field(default_factory=list)

    @property
    def player(self) -> PlayerState:
        """The player whose turn it is."""
        return self.players[self.current]

    def simulated(self, seat: int) -> str | None:
        """What ``seat`` does if it is a solo scenario's simulated player (:data:`SIMULATED_SEATS`), else
        ``None``: nobody plays its turns, so no hint advises it and no train of it is drawn."""
        return self.flags.get(SIMULATED_SEATS, {}).get(str(seat))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dictionary (round-trips exactly through :meth:`from_dict`)."""
        d: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name == "players":
                v = [p.to_dict() for p in v]
            elif f.name == "track":
                v = v.to_dict()
            else:
                v = copy.deepcopy(v)
            d[f.name] = v
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any], *, where: str = "", fail: Fail = _fail) -> "GameState":
        """Inverse of :meth:`to_dict`. Every field is checked for its type and for what the state alone can
        tell (a known phase, seats of this game, distinct player names); a bad value raises ``fail(field,
        problem)`` -- by default :class:`~eb_core.errors.InvalidAction` naming the field, prefixed by
        ``where`` (``"state"`` in a saved game). What needs the board or deck is checked by
        :meth:`eb_core.engine.Game.from_dict`.

        >>> GameState.from_dict({"players": [{"name": "Ann", "cash": "lots", "train": "9/2"}]})
        Traceback (most recent call last):
        ...
        eb_core.errors.InvalidAction: field 'players[0].cash': expected a whole number, got 'lots'
        """
        d = copy.deepcopy(d)
        kw = _read(cls, d, where, fail, signed=("seed",))
        players = kw["players"]
        n = len(players)
        if not 1 <= n <= 6:
            fail(_path(where, "players"), f"a game has 1 to 6 players, got {n}")
        for i, p in enumerate(players):
            for j, r in enumerate(p.rented):
                _seat(r, n, _path(_path(_path(_path(where, "players"), i), "rented"), j), fail)
        for k in ("current", "first_player"):
            if k in kw:
                _seat(kw[k], n, _path(where, k), fail)
        for k in ("winners", "sudden_death"):
            for j, v in enumerate(kw.get(k, ())):
                _seat(v, n, _path(_path(where, k), j), fail)
        if kw.get("phase", "build") not in PHASES:
            fail(_path(where, "phase"), f"expected one of {', '.join(PHASES)}, got {kw['phase']!r}")
        track = _path(where, "track")
        for j, seg in enumerate(d.get("track", {}).get("segments", ())):
            _seat(seg[2], n, f"{track}.segments[{j}][2]", fail)
        for name, seats in d.get("track", {}).get("crossings", {}).items():
            for j, v in enumerate(seats):
                _seat(v, n, f"{track}.crossings.{name}[{j}]", fail)
        return cls(**kw)

    def copy(self) -> "GameState":
        """An independent copy (cheaper than a JSON round trip)."""
        new = copy.copy(self)
        new.players = [copy.copy(p) for p in self.players]
        for p in new.players:
            p.loads, p.hand, p.built_out_of, p.rented = list(p.loads), list(p.hand), list(p.built_out_of), list(p.rented)
            if p.second is not None:
                p.second = p.second.copy()
        new.track = self.track.copy()
        for k in ("draw_pile", "discard_pile", "sudden_death", "winners", "log", "open_contracts", "removed_cards"):
            setattr(new, k, list(getattr(self, k)))
        new.bank = dict(self.bank)
        new.dropped = dict(self.dropped)
        new.active_events = copy.deepcopy(self.active_events)
        new.blocked_rebuild = copy.deepcopy(self.blocked_rebuild)
        new.flags = copy.deepcopy(self.flags)
        new.warehouses = {c: dict(v) for c, v in self.warehouses.items()}
        return new

    def chips_total(self) -> dict[str, int]:
        """Chips per load in the bank, on trains, dropped and in field warehouses (the conservation
        invariant)."""
        tot = dict(self.bank)
        for p in self.players:
            for ld in p.loads + (p.second.loads if p.second is not None else []):
                tot[ld] = tot.get(ld, 0) + 1
        for ld, n in self.dropped.items():
            tot[ld] = tot.get(ld, 0) + n
        for held in self.warehouses.values():
            for ld, n in held.items():
                tot[ld] = tot.get(ld, 0) + n
        return tot


@dataclass(frozen=True)
class Position:
    """Whose view of which track a route or economics question is asked from: one value instead of the
    loose ``state=`` / ``track=`` / ``player=`` keywords.

    ``track`` is the track on the board (``None``: an empty board); ``seat`` the player whose own track
    is free and whose opponents' track is taken (``None`` only with an empty board); ``state`` the whole
    game state when there is one (it supplies the track and the number of players).

    >>> Position.empty().seat is None
    True
    >>> from eb_core.rules import Train
    >>> s = GameState(players=[PlayerState(name="Ann", cash=50, train=Train(9, 2))])
    >>> Position.of(s, 0).track is s.track
    True
    >>> Position.of(s, 3)
    Traceback (most recent call last):
    ...
    eb_core.errors.InvalidAction: player 3 is not in this game (players 0..0)
    """

    track: Track | None = None
    seat: int | None = None
    state: GameState | None = field(default=None, compare=False, repr=False)

    def __post_init__(self):
        seat = self.seat
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            if not isinstance(seat, np.integer):
                raise InvalidAction(f"player must be a player number, got {seat!r}", field="player")
            object.__setattr__(self, "seat", int(seat))
        if self.track is not None and not isinstance(self.track, Track):
            raise InvalidAction(f"track must be an eb_core Track, got {type(self.track).__name__}", field="track")
        if self.track is not None and self.seat is None:
            raise InvalidAction("with a game position (state= or track=) say whose route it is: player=<number>",
                                field="player")
        n = len(self.state.players) if self.state is not None else None
        if self.seat is not None and (self.seat < 0 or (n is not None and self.seat >= n)):
            raise InvalidAction(f"player {self.seat!r} is not in this game"
                                + (f" (players 0..{n - 1})" if n else ""), field="player")

    @classmethod
    def empty(cls) -> "Position":
        """No track on the board: the cost of a route as the rulebook's examples price it."""
        return cls()

    @classmethod
    def of(cls, state_or_game: Any, seat: int | None = None) -> "Position":
        """The position of ``seat`` (default: the player whose turn it is) in a :class:`GameState` or a
        game (anything with a ``.state``)."""
        state = getattr(state_or_game, "state", state_or_game)
        if not isinstance(state, GameState):
            raise InvalidAction(f"expected a game or a GameState, got {type(state_or_game).__name__}",
                                field="state")
        return cls(track=state.track, seat=state.current if seat is None else seat, state=state)
