"""Saved games read back (:meth:`~eb_core.engine.Game.from_dict`), checked as a data file is: a malformed
``eb-game/1`` document raises :class:`~eb_core.errors.DataFileError` naming its source (the file, or
``"<game>"``) and the field path of the first bad value -- a missing or mistyped field, a milepost, load,
card, city, ferry or seat that the board, deck or game does not have, an unknown phase, a history entry
that is no action. And a deck checked against its board once (:func:`check_deck_fits`), for new games too.
"""
from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Mapping
from typing import Any

from ..actions import _TYPES as _ACTION_TYPES
from ..actions import action_from_dict
from ..board import Board, load_board
from ..cards import Deck, load_deck
from ..errors import DataFileError, DeckFileError, EbError, InvalidAction
from ..files import derived
from ..rules import Ruleset
from ..state import GameState, _text, parse_train, shown
from . import interludes

__all__ = ["GAME_SCHEMA", "read", "check_deck_fits", "shown"]

GAME_SCHEMA = "eb-game/1"


def read(d: Any, source: str = "<game>") -> tuple:
    """A saved game's parts, each checked: ``(rules, board, deck, state, history, board_ref, deck_ref,
    interludes)`` (:mod:`~eb_core.engine.interludes`: changes made outside the actions, ``[]`` when none)."""
    def fail(fld: str, problem: str):
        raise DataFileError(source, fld, problem)

    if not isinstance(d, Mapping):
        fail("<root>", f"expected a JSON object (a saved {GAME_SCHEMA!r} game), got {shown(d)}")
    if d.get("schema") != GAME_SCHEMA:
        fail("schema", f"expected a {GAME_SCHEMA!r} document, got schema {d.get('schema')!r}")
    for k in d:
        if k not in _GAME_KEYS:
            fail(k, f"unknown field of a saved game; expected {', '.join(_GAME_KEYS)}")
    for k in ("rules", "board", "deck", "state"):
        if k not in d:
            fail(k, "missing (required in a saved game)")
    rules = _rules_from_dict(d["rules"], fail)
    bref, dref = d["board"], d["deck"]
    board = _named_or_embedded(bref, "board", load_board, Board.from_dict, source, fail)
    deck = _named_or_embedded(dref, "deck", load_deck, Deck.from_dict, source, fail)
    try:
        check_deck_fits(deck, board)
    except InvalidAction as exc:        # a deck of cities the board lacks: the saved game's 'deck' is bad
        fail("deck", str(exc).removeprefix("deck: "))
    state = GameState.from_dict(d["state"], where="state", fail=fail)
    _check_state_refs(state, rules, board, deck, fail)
    history = d.get("history", [])
    if not isinstance(history, list):
        fail("history", f"expected a list of actions, got {shown(history)}")
    actions = [_action(a, f"history[{i}]", fail) for i, a in enumerate(history)]
    return rules, board, deck, state, actions, bref, dref, interludes.check(d.get("interludes", []), len(actions), fail)


def _misfit(deck: Deck, board: Board) -> tuple | None:
    """Why ``deck`` cannot be played on ``board`` (the arguments of the error to raise), or ``None``."""
    missing = sorted({d.city for c in deck.demand_cards for d in c.demands if not board.has_city(d.city)})
    if missing:
        return (InvalidAction, f"deck: deck {deck.name!r} names cities board {board.name!r} does not have "
                               f"({', '.join(missing[:3])}{', ...' if len(missing) > 3 else ''}): choose the deck of "
                               "the board (by default the deck named like it)")
    try:
        deck.validate_against(board)
    except DeckFileError as err:
        return (DeckFileError, err.path, err.field, err.problem)
    return None


def check_deck_fits(deck: Deck, board: Board) -> None:
    """Refuse a deck that does not fit the board (:meth:`~eb_core.cards.Deck.problems`: a city, load, river,
    sea or country the board does not have), before a card of it could fail in the middle of a game. The
    verdict is kept per deck and board: :meth:`Game.new` is a hot path of simulations."""
    verdict = derived(deck, ("game:fits", board), lambda dk: _misfit(dk, board))
    if verdict is not None:
        kind, *args = verdict
        if kind is InvalidAction:
            raise InvalidAction(args[0], field="deck")
        raise kind(*args)


#: The fields of a saved game (:meth:`Game.to_dict`).
_GAME_KEYS = ("schema", "rules", "board", "deck", "state", "history", "interludes")

_RULE_FIELDS = {f.name: f for f in dataclasses.fields(Ruleset)}


def _named_or_embedded(ref: Any, what: str, load, from_dict, source: str, fail):
    """A saved game's board or deck: by name (a data file) or embedded (a JSON object)."""
    if isinstance(ref, str):
        return load(ref)
    if isinstance(ref, Mapping):
        return from_dict(ref, f"{source} (field '{what}')")
    fail(what, f"expected a {what} name or an embedded {what} (a JSON object), got {shown(ref)}")


def _rules_from_dict(d: Any, fail) -> Ruleset:
    """The ruleset of a saved game, each field checked for its type (unknown fields are ignored, as
    :meth:`Ruleset.from_dict` does, so a game saved by an older version still loads)."""
    if not isinstance(d, Mapping):
        fail("rules", f"expected a JSON object, got {shown(d)}")

    def whole(v, fld):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            fail(fld, f"expected a whole number (0 or more), got {shown(v)}")

    def strings(v, fld):
        if not isinstance(v, list):
            fail(fld, f"expected a list of strings, got {shown(v)}")
        for j, x in enumerate(v):
            _text(x, f"{fld}[{j}]", fail)

    for k, v in d.items():
        f = _RULE_FIELDS.get(k)
        if f is None:
            continue
        fld, kind = f"rules.{k}", f.type
        if kind.endswith(" | None") and v is None:
            continue
        kind = kind.removesuffix(" | None")
        if kind == "int":
            whole(v, fld)
        elif kind == "float":
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= 1:
                fail(fld, f"expected a number from 0 to 1, got {shown(v)}")
        elif kind == "bool":
            if not isinstance(v, bool):
                fail(fld, f"expected true or false, got {shown(v)}")
        elif kind == "str":
            if not isinstance(v, str):
                fail(fld, f"expected a string, got {shown(v)}")
        elif kind == "Train":
            parse_train(v, fld, fail)
        elif kind == "Mapping[str, int]":
            if not isinstance(v, Mapping):
                fail(fld, f"expected a JSON object, got {shown(v)}")
            for key, n in v.items():
                whole(n, f"{fld}.{key}")
        elif kind == "Mapping[Train, tuple[Train, ...]]":
            if not isinstance(v, Mapping):
                fail(fld, f"expected a JSON object, got {shown(v)}")
            for key, targets in v.items():
                parse_train(key, f"{fld}.{key}", fail)
                if not isinstance(targets, list):
                    fail(f"{fld}.{key}", f"expected a list of trains, got {shown(targets)}")
                for j, t in enumerate(targets):
                    parse_train(t, f"{fld}.{key}[{j}]", fail)
        elif kind == "tuple[int, int]":
            if not isinstance(v, list) or len(v) != 2:
                fail(fld, f"expected a pair of whole numbers, got {shown(v)}")
            for j, x in enumerate(v):
                whole(x, f"{fld}[{j}]")
        elif kind == "tuple[str, ...]":
            strings(v, fld)
        elif not isinstance(v, list):     # demo_players: a list of [colour, [cards], city, [loads]]
            fail(fld, f"expected a list, got {shown(v)}")
    try:
        return Ruleset.from_dict(d)
    except EbError as exc:           # a value the Ruleset refuses names its field
        if isinstance(exc, InvalidAction) and exc.field in _RULE_FIELDS:
            fail(f"rules.{exc.field}", str(exc))
        raise
    except (TypeError, ValueError, KeyError, AttributeError) as exc:   # what the Ruleset itself refuses
        word = str(exc).split(" ", 1)[0]
        fail(f"rules.{word}" if word in _RULE_FIELDS else "rules", str(exc))


def _check_state_refs(st: GameState, rules: Ruleset, board: Board, deck: Deck, fail) -> None:
    """What a saved state names must exist: trains of the ruleset, mileposts, edges and ferries on the board,
    loads and cities of the board, cards of the deck."""
    n = len(board.mileposts)

    def milepost(v, fld):
        if v is not None and not v < n:
            fail(fld, f"{v} is not a milepost of board {board.name!r} (0..{n - 1})")

    def load(v, fld):
        if v not in board.loads:
            fail(fld, board.no_load(v))

    def card(v, fld):
        if v not in deck:
            fail(fld, f"no card {v!r} in deck {deck.name!r}")

    def city(v, fld):
        if not board.has_city(v):
            fail(fld, board.no_city(v))

    for i, p in enumerate(st.players):
        f = f"state.players[{i}]"
        for sub, t in ((f, p), (f"{f}.second", p.second)):
            if t is None:
                continue
            # (any train is kept: a position may be set up, or its rules swapped, to teach -- notebook 03
            # replays a 9/2 train under the Basic game's reversing rule)
            milepost(t.position, f"{sub}.position")
            milepost(t.prev, f"{sub}.prev")
            for j, ld in enumerate(t.loads):
                load(ld, f"{sub}.loads[{j}]")
        for j, cid in enumerate(p.hand):
            card(cid, f"{f}.hand[{j}]")
        for j, c in enumerate(p.built_out_of):
            city(c, f"{f}.built_out_of[{j}]")
    for k in ("draw_pile", "discard_pile", "open_contracts", "removed_cards"):
        for j, cid in enumerate(getattr(st, k)):
            card(cid, f"state.{k}[{j}]")
    for k in ("bank", "dropped"):
        for ld in getattr(st, k):
            load(ld, f"state.{k}.{ld}")
    for c, held in st.warehouses.items():
        city(c, f"state.warehouses.{c}")
        for ld in held:
            load(ld, f"state.warehouses.{c}.{ld}")
    for j, (a, b, _) in enumerate(st.track.to_dict()["segments"]):
        if not (a < n and b < n and board.edge(a, b) is not None):
            fail(f"state.track.segments[{j}]", f"{a}-{b} is not a segment of board {board.name!r} "
                                               "(two neighbouring mileposts joined by an edge)")
    names = {cr.name for cr in board.crossings}
    for name in st.track.crossings:
        if name not in names:
            fail(f"state.track.crossings.{name}", f"no ferry or tunnel {name!r} on board {board.name!r}")


_ACTION_PARAMS: dict[type, tuple[set[str], set[str]]] = {}


def _action(a: Any, fld: str, fail):
    """One history entry as an action, or ``fail`` naming the entry and the field."""
    if not isinstance(a, Mapping):
        fail(fld, f"expected an action (a JSON object with a 'type'), got {shown(a)}")
    cls = _ACTION_TYPES.get(a.get("type")) if isinstance(a.get("type"), str) else None
    if cls is None:
        fail(f"{fld}.type", f"unknown action {a.get('type')!r}; actions: {', '.join(_ACTION_TYPES)}")
    if cls not in _ACTION_PARAMS:
        params = inspect.signature(cls).parameters.values()
        _ACTION_PARAMS[cls] = ({p.name for p in params},
                               {p.name for p in params if p.default is inspect.Parameter.empty})
    known, required = _ACTION_PARAMS[cls]
    for k in a:
        if k != "type" and k not in known:
            fail(f"{fld}.{k}", f"unknown field of {cls.__name__}" + (f"; it has {', '.join(sorted(known))}" if known
                                                                       else "; it has none"))
    for k in sorted(required):
        if k not in a:
            fail(f"{fld}.{k}", f"missing (required in {cls.__name__})")
    try:
        return action_from_dict(dict(a))
    except InvalidAction as exc:        # the action names its field 'path[1]' or 'Move.path[1]': the entry's 'path[1]'
        sub = exc.field.removeprefix(f"{cls.__name__}.") if exc.field else None
        fail(f"{fld}.{sub}" if sub and sub != "type" else fld, str(exc))
    except (TypeError, ValueError) as exc:
        fail(fld, str(exc))
