"""Player actions: small frozen value objects with a ``repr`` you can paste back into Python.

Construct them directly; malformed input (a string where a milepost id belongs, an empty path, a
negative card id) raises :class:`~eb_core.errors.InvalidAction` naming the field at once, before any
game is consulted. Whether an action is *legal* is decided by :meth:`eb_core.engine.Game.apply`.

>>> Build(path=(3, 4, 5))
Build(path=(3, 4, 5))
>>> Move([10, 11])
Move(path=(10, 11))
>>> Deliver("Wine", 17)
Deliver(load='Wine', card_id=17)
>>> Build(path=(3,))
Traceback (most recent call last):
...
eb_core.errors.InvalidAction: Build.path needs at least two mileposts (one segment), got 1

Turn structure (rulebook: How to Play): in the operations phase use :class:`PlaceTrain` (first
operations turn only), :class:`Discard` (standard game, down to three cards first), :class:`Move`,
:class:`PickUp`, :class:`Drop`, :class:`Deliver`, then :class:`EndOperations`; or, as the very first
thing in a turn, :class:`DiscardHand`. In the build phase use :class:`Build` (any number of times, up to
20M in all) or one :class:`Upgrade`, then :class:`EndTurn`. With the Building Phase first
(``Ruleset.turn_order == "build-first"``) the build comes first, :class:`EndBuild` (or any operations
action) starts the operations, and :class:`EndTurn` ends the turn; where the ruleset allows a free
discard at the end of the turn (``end_of_turn_discards``), :class:`Discard` in the turn's last phase is
that discard and ends the turn. A :class:`Build` or :class:`Upgrade` during
operations ends the operations phase first; :class:`EndTurn` during operations skips the build.

Which train (Variants & Optional Rules > Challenging Variants > Run Two Trains): :class:`PlaceTrain`,
:class:`Move`, :class:`PickUp`, :class:`Drop`, :class:`Deliver` and :class:`Upgrade` take ``train=1``
(the default, the only train of the standard rules) or ``train=2`` (the second train of Run Two Trains);
the ``repr`` shows it only when it is 2.

>>> Move([10, 11], train=2)
Move(path=(10, 11), train=2)
>>> PickUp("Wine", train=3)
Traceback (most recent call last):
...
eb_core.errors.InvalidAction: PickUp.train must be 1 or 2 (which of your trains; 2 only under Run Two Trains), got 3
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .errors import InvalidAction
from .rules import Train
from .words import shown

__all__ = ["Action", "Build", "BuildCrossing", "Upgrade", "PlaceTrain", "Move", "PickUp", "Drop", "Deliver",
           "Discard", "DiscardHand", "EndOperations", "EndBuild", "EndTurn", "Borrow", "action_from_dict"]


def _mp_tuple(name: str, path) -> tuple[int, ...]:
    if isinstance(path, (str, bytes)) or not hasattr(path, "__iter__"):
        raise InvalidAction(f"{name} must be a sequence of milepost ids, got {shown(path)}", field=name)
    out = []
    for i, m in enumerate(path):
        if isinstance(m, bool) or not isinstance(m, int) and not hasattr(m, "__index__"):
            raise InvalidAction(f"{name}[{i}] must be a milepost id (an int), got {shown(m)}", field=f"{name}[{i}]")
        m = int(m)
        if m < 0:
            raise InvalidAction(f"{name}[{i}] must be a milepost id (>= 0), got {m}", field=f"{name}[{i}]")
        out.append(m)
    return tuple(out)


def _name(cls: str, fld: str, val) -> str:
    if not isinstance(val, str) or not val.strip():
        raise InvalidAction(f"{cls}.{fld} must be a non-empty name, got {shown(val)}", field=fld)
    return val


def _train(cls: str, val) -> int:
    if isinstance(val, bool) or not isinstance(val, int) or val not in (1, 2):
        raise InvalidAction(f"{cls}.train must be 1 or 2 (which of your trains; 2 only under Run Two Trains), "
                            f"got {shown(val)}", field="train")
    return val


def _with_train(text: str, train: int) -> str:
    """A repr with ``, train=2`` before its closing bracket (train 1, the default, is not shown)."""
    return text if train == 1 else f"{text[:-1]}, train={train})"


def _card(cls: str, val) -> int:
    if isinstance(val, bool) or not isinstance(val, int) or val < 0:
        raise InvalidAction(f"{cls}.card_id must be a card id (an int >= 0), got {shown(val)}", field="card_id")
    return val


@dataclass(frozen=True, slots=True)
class Build:
    """Build track along ``path``: one or more contiguous segments, all or nothing
    (rulebook: Build Phase Rules). Segments already yours on the path cost nothing; building into a
    ferry or Chunnel port buys the whole crossing, and the hop across it may be part of the path. In Empire
    Express (Build Track: "connect to (or from) a milepost you are already connected to") the path may
    instead end on your track: it is built from there, at the same price."""

    path: tuple[int, ...]

    def __init__(self, path):
        p = _mp_tuple("Build.path", path)
        if len(p) < 2:
            raise InvalidAction(f"Build.path needs at least two mileposts (one segment), got {len(p)}", field="path")
        for i, (a, b) in enumerate(zip(p, p[1:])):
            if a == b:
                raise InvalidAction(f"Build.path repeats milepost {a} at positions {i} and {i + 1}",
                                    field=f"path[{i + 1}]")
        object.__setattr__(self, "path", p)


def BuildCrossing(path) -> Build:
    """Alias of :class:`Build`: building into a port buys its ferry/Chunnel (Building Ferry Ports)."""
    return Build(path)


@dataclass(frozen=True, slots=True)
class Upgrade:
    """Spend 20M of the build phase on a better train (rulebook: Upgrading your Train). With the Cross
    Grading variant, ``to`` may also be the sibling train of the same level (5M)."""

    to: Train
    train: int = 1

    def __init__(self, to, train: int = 1):
        object.__setattr__(self, "train", _train("Upgrade", train))
        if isinstance(to, str):
            try:
                to = Train.parse(to)
            except (ValueError, TypeError):
                raise InvalidAction(f"Upgrade.to: name the train as speed/loads, e.g. '12/2' (12 mileposts a turn, 2 "
                                    f"loads), got {shown(to)}", field="to") from None
        if not isinstance(to, Train):
            raise InvalidAction(f"Upgrade.to must be a Train, got {shown(to)}", field="to")
        object.__setattr__(self, "to", to)

    def __repr__(self) -> str:
        return _with_train(f"Upgrade(to={self.to!r})", self.train)


@dataclass(frozen=True, slots=True)
class PlaceTrain:
    """Put the train in a city at the first operations turn (rulebook: Starting Your Train). ``where``
    is a city milepost id or a city name (its centre milepost is used)."""

    where: Union[int, str]
    train: int = 1

    def __init__(self, where, train: int = 1):
        object.__setattr__(self, "train", _train("PlaceTrain", train))
        if isinstance(where, str):
            _name("PlaceTrain", "where", where)
        elif isinstance(where, bool) or not isinstance(where, int) or where < 0:
            raise InvalidAction(f"PlaceTrain.where must be a milepost id or a city name, got {shown(where)}",
                                field="where")
        object.__setattr__(self, "where", where)

    def __repr__(self) -> str:
        return _with_train(f"PlaceTrain(where={self.where!r})", self.train)


@dataclass(frozen=True, slots=True)
class Move:
    """Move the train along ``path`` (the mileposts stepped onto, not including where it stands), one
    movement point per milepost (rulebook: Running the Train). Crossing a ferry is a step onto the other
    port; the Chunnel is its three mileposts and the far end. ``rent_from`` picks the owner to rent from
    when several players own a ferry you use (rulebook: Renting Track)."""

    path: tuple[int, ...]
    rent_from: int | None = None
    train: int = 1

    def __init__(self, path, rent_from: int | None = None, train: int = 1):
        object.__setattr__(self, "train", _train("Move", train))
        p = _mp_tuple("Move.path", path)
        if not p:
            raise InvalidAction("Move.path needs at least one milepost to step onto", field="path")
        if rent_from is not None and (isinstance(rent_from, bool) or not isinstance(rent_from, int) or rent_from < 0):
            raise InvalidAction(f"Move.rent_from must be a player seat number, got {shown(rent_from)}", field="rent_from")
        object.__setattr__(self, "path", p)
        object.__setattr__(self, "rent_from", rent_from)

    def __repr__(self) -> str:
        extra = "" if self.rent_from is None else f", rent_from={self.rent_from!r}"
        return _with_train(f"Move(path={self.path!r}{extra})", self.train)


@dataclass(frozen=True, slots=True)
class PickUp:
    """Pick up one chip of ``load`` in the city where the train stands (rulebook: Picking Up Loads)."""

    load: str
    train: int = 1

    def __init__(self, load, train: int = 1):
        object.__setattr__(self, "load", _name("PickUp", "load", load))
        object.__setattr__(self, "train", _train("PickUp", train))

    def __repr__(self) -> str:
        return _with_train(f"PickUp(load={self.load!r})", self.train)


@dataclass(frozen=True, slots=True)
class Drop:
    """Return one carried ``load`` to the bank without payoff, in any city (rulebook: Picking Up Loads)."""

    load: str
    train: int = 1

    def __init__(self, load, train: int = 1):
        object.__setattr__(self, "load", _name("Drop", "load", load))
        object.__setattr__(self, "train", _train("Drop", train))

    def __repr__(self) -> str:
        return _with_train(f"Drop(load={self.load!r})", self.train)


@dataclass(frozen=True, slots=True)
class Deliver:
    """Deliver ``load`` here against demand card ``card_id`` (rulebook: Delivering Loads).

    ``repay``: with a Mercy loan owed, how much of the payoff goes to the loan -- "at least half of the
    payoff amount must be directed to the loan balance" (Variants & Optional Rules > Mercy), so any amount
    from half (rounded up) to the payoff or the balance, whichever is less; ``None`` (the default) pays the
    least the rule allows.
    """

    load: str
    card_id: int
    train: int = 1
    repay: int | None = None

    def __init__(self, load, card_id, train: int = 1, repay: int | None = None):
        object.__setattr__(self, "load", _name("Deliver", "load", load))
        object.__setattr__(self, "card_id", _card("Deliver", card_id))
        object.__setattr__(self, "train", _train("Deliver", train))
        if repay is not None and (isinstance(repay, bool) or not isinstance(repay, int) or repay < 0):
            raise InvalidAction(f"Deliver.repay must be a whole number of millions >= 0 (or None: the least the "
                                f"Mercy rule allows), got {shown(repay)}", field="repay")
        object.__setattr__(self, "repay", repay)

    def __repr__(self) -> str:
        text = _with_train(f"Deliver(load={self.load!r}, card_id={self.card_id!r})", self.train)
        return text if self.repay is None else f"{text[:-1]}, repay={self.repay})"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard one card of the four-card opening hand (standard game, first operations turn)."""

    card_id: int

    def __init__(self, card_id):
        object.__setattr__(self, "card_id", _card("Discard", card_id))


@dataclass(frozen=True, slots=True)
class DiscardHand:
    """Give up the whole turn to discard the hand and draw three new cards (rulebook: How to Play)."""


@dataclass(frozen=True, slots=True)
class EndOperations:
    """Finish the operations phase and start the build phase."""


@dataclass(frozen=True, slots=True)
class EndBuild:
    """Finish the Building Phase and start the Operations Phase, when the Building Phase comes first
    (``Ruleset.turn_order == "build-first"``: Less Thinking During Your Turns; Empire Express: On a Turn).
    Any operations action (a move, a pick-up, a delivery) ends the Building Phase as well."""


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Finish the turn (declare that you are not building, or are done building)."""


@dataclass(frozen=True, slots=True)
class Borrow:
    """Invoke Mercy: borrow ``amount`` millions from the bank (Variants & Optional Rules > Mercy)."""

    amount: int

    def __init__(self, amount):
        if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
            raise InvalidAction(f"Borrow.amount must be a positive whole number of millions, got {shown(amount)}",
                                field="amount")
        object.__setattr__(self, "amount", amount)


Action = Union[Build, Upgrade, PlaceTrain, Move, PickUp, Drop, Deliver, Discard, DiscardHand, EndOperations, EndBuild,
               EndTurn, Borrow]

_TYPES = {c.__name__: c for c in (Build, Upgrade, PlaceTrain, Move, PickUp, Drop, Deliver, Discard, DiscardHand,
                                  EndOperations, EndBuild, EndTurn, Borrow)}


def action_to_dict(a) -> dict:
    """A JSON-ready dictionary for an action (``{"type": "Move", "path": [..]}``)."""
    d: dict = {"type": type(a).__name__}
    for k in getattr(a, "__slots__", ()):
        v = getattr(a, k)
        if (k == "train" and v == 1) or (k == "repay" and v is None):   # the defaults: a game's JSON is unchanged
            continue
        if isinstance(v, tuple):
            v = list(v)
        elif isinstance(v, Train):
            v = str(v)
        d[k] = v
    return d


def action_from_dict(d: dict):
    """Inverse of :func:`action_to_dict`."""
    try:
        cls = _TYPES[d["type"]]
    except (KeyError, TypeError):
        raise InvalidAction(f"unknown action {d!r}", field="type") from None
    kw = {k: v for k, v in d.items() if k != "type"}
    return cls(**kw)
