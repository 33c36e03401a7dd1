"""Game positions from a short description: set up any position, try an action on it, save and load it.

An instructor writes a position in a few lines of text (or the same thing as JSON) and gets a
:class:`~eb_core.engine.Game` ready to continue from there::

    board: tutorial
    ruleset: europe-standard
    phase: build
    player Ann: cash 60, train 9/2, at London, loads Wine Beer, track London-Birmingham
    player Ben: cash 30, at Paris

The header lines (``key: value``) are ``board`` (a board name or file), ``deck`` (a deck name or file,
default the deck named like the board), ``ruleset`` (a ruleset name
followed by variants: ``europe-basic fast-game``), ``seed`` (for the deck shuffle, default 0),
``phase`` (``operations`` -- the default --, ``build`` or ``special-build``), ``round`` (default 1) and
``turn`` (the player to act, default the first listed), and for two variants what lies beside the board:
``contracts`` (Open Contracts: the demand card ids face up, ``contracts: 3 7``) and ``warehouses`` (Field
Warehousing: loads left in cities, ``warehouses: Birmingham Chocolate; Lyon Wheat Wheat``, taken from the
bank). Players sit in the order listed; the first
holds the Starting Player marker. Each ``player NAME:`` line takes comma-separated fields, all optional:

``cash N``
    millions in hand (default the ruleset's starting cash).
``train S/C``
    a train type of the ruleset (``9/2``, ``12/3`` ...; default the starting train).
``at CITY`` / ``at PORT`` / ``at MILEPOST``
    where the train stands (a city name means its centre milepost; a ferry port that is no city, such as
    ``Portsmouth``, its port milepost). Without it the train is not
    placed yet (rulebook: Starting the Game > Starting Your Train).
``loads L1 L2``
    loads carried, taken from the bank (rulebook: Picking Up Loads; at most the train's capacity);
    ``loads none`` for an empty train.
``track A-B-C D-E``
    track the player owns. Each route is a chain of cities, ferry ports (a name may hold a space:
    ``Le Havre-Paris``) or milepost ids joined by ``-``, routes separated by spaces: a hop
    between two neighbouring milepost ids is that one segment; any other hop is laid along
    :func:`eb_core.routes.cheapest_build` for this player given the track laid so far (own track reused,
    other players' track avoided: "Build Phase Rules > Right of Way"). Building into a ferry port buys
    the ferry, as in play. The field may repeat.
``ferry NAME``
    a ferry (or the Chunnel) the player owns (rulebook: Building Ferry Ports).
``cards 12 40 7``
    the demand card ids in hand (default: the cards dealt by the seeded shuffle).
``spent N``, ``moves N``
    money already spent in this build phase, movement points already used this operations phase.
``loan N``
    what the player still owes the bank under Mercy (``ruleset: europe-standard mercy``).
``staged``
    the train ended its last turn on the ferry port it stands on (``at``), so its first step this turn may
    be the crossing, at half speed for the whole turn (rulebook: Movement Using a Ferry). A bare flag in the
    text (``staged``), ``"staged": true`` in JSON.
``train2 S/C``, ``at2 CITY``, ``loads2 L1 L2``
    the second train under Run Two Trains (``ruleset: europe-standard run-two-trains``): its type, where
    it stands and what it carries, like ``train``, ``at`` and ``loads`` for the first.

Without a ``ruleset`` line a board plays its own game's rules (``us`` on ``north_america``, ``express`` on
``eastern_us``; Europe's standard game otherwise). Empire Express's players are its demo colours, dealt
as its Demo Set Up says (cards, train, city, two loads, starting track); a player's ``at``, ``loads`` and
``track`` replace what the demo gave.

A line starting with ``#`` is a comment. Mistakes raise :class:`PositionError` (an
:class:`~eb_core.errors.InvalidAction`, so a ``ValueError``) naming the line, the player and the field.
The position is set up as given -- cash is not charged for the track, and the city entry limits are not
re-checked -- but track never overlaps (right of way) and load chips are conserved (the bank pays them
out).

>>> g = position_from_text('''
... board: tutorial
... phase: build
... player Ann: cash 60, at London, loads Wine, track London-Birmingham
... player Ben: cash 30, at Paris
... ''')
>>> g.state.players[0].cash, g.state.players[0].loads, len(g.state.track.segments_of(0)) > 0
(60, ['Wine'], True)
>>> from eb_core.actions import Build, Upgrade
>>> try_action(g, Upgrade("12/2"))
Outcome(accepted=True, cost=20, rule=None, reason=None)
>>> g.state.players[0].cash          # the given game is never changed
60

:func:`try_action` answers "would this be allowed here, and what would it cost?" with an
:class:`Outcome`; :func:`position_to_text` writes a game back in this format (track as explicit milepost
chains); :func:`save_position` / :func:`load_position` keep the exact game as JSON
(:meth:`~eb_core.engine.Game.to_json`).
"""
from __future__ import annotations

import dataclasses
import json
import os
from html import escape
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import actions as A
from . import rulebook as R
from .board import load_board
from .cards import load_deck
from .engine import Game
from .engine.common import operations_next, require_phase
from .errors import DataFileError, EbError, IllegalAction, InvalidAction
from .files import data_dir
from .narrate import describe, say
from .routes import cheapest_build, shortest_trip
from .rules import Ruleset, Train, ruleset_for_board
from .rules import ruleset as _ruleset
from .state import Position
from .track import crossing_player_cap, seg_key
from .words import choose_from, plural, shown

__all__ = [
    "attempt",
    "Outcome",
    "PositionError",
    "description_to_text",
    "load_position",
    "parse_action",
    "parse_position",
    "players_table",
    "standings",
    "position",
    "position_from_dict",
    "position_from_text",
    "position_to_dict",
    "position_to_text",
    "save_position",
    "try_action",
]

PHASES = ("operations", "build", "special-build")
_HEADER_KEYS = ("board", "deck", "ruleset", "seed", "phase", "round", "turn", "contracts", "warehouses")
_PLAYER_KEYS = ("cash", "train", "at", "loads", "track", "ferry", "cards", "spent", "moves", "train2", "at2", "loads2",
                "staged", "loan")
_REPEATABLE = ("track", "ferry")        # the player fields a line may give more than once


class PositionError(InvalidAction):
    """A mistake in a position description. ``where`` says which line (text) or entry (JSON) it is,
    ``field`` which field, ``problem`` what is wrong."""

    def __init__(self, where: str, field: str, problem: str):
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: field {field!r}: {problem}", field=field)


# ============================================================================== text -> description
def parse_position(text: str) -> dict[str, Any]:
    """Parse the text format into the JSON description (see the module docstring); raises
    :class:`PositionError` naming the line for malformed lines. Values are checked against the board
    and rules by :func:`position_from_dict`, which reports their line too (``"_lines"`` carries them).

    >>> d = parse_position("board: tutorial\\nplayer Ann: cash 60, loads Wine Beer")
    >>> d["board"], d["players"][0]["cash"], d["players"][0]["loads"]
    ('tutorial', 60, ['Wine', 'Beer'])
    """
    if not isinstance(text, str):
        raise PositionError("position", "text", f"expected the position as text, got {type(text).__name__}")
    desc: dict[str, Any] = {"players": []}
    lines: dict[str, str] = {}
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        where = f"line {no}"
        m = re.match(r"(?i)player\s+(.+?)\s*:(.*)$", line)
        if m:
            name, rest = m.group(1).strip(), m.group(2)
            where = f"line {no} (player {name})"
            i = len(desc["players"])
            p: dict[str, Any] = {"name": name}
            lines[f"players[{i}]"] = where
            seen: set[str] = set()
            for part in (s.strip() for s in rest.split(",")):
                if not part:
                    continue
                key, _, value = part.partition(" ")
                key, value = key.lower(), value.strip()
                if key not in _PLAYER_KEYS:
                    raise PositionError(where, key, "unknown player field; " + choose_from(_PLAYER_KEYS, key, every=True))
                if key in seen and key not in _REPEATABLE:
                    raise PositionError(where, key, "given twice on this line; give it once (only 'track' and "
                                                    "'ferry' may repeat)")
                seen.add(key)
                if key == "staged":
                    if value:
                        raise PositionError(where, key, f"a flag without a value ('staged'), got {shown(value)}")
                    p["staged"] = True
                    lines[f"players[{i}].staged"] = where
                    continue
                if not value:
                    raise PositionError(where, key, "needs a value")
                lines[f"players[{i}].{key}"] = where
                if key in ("cash", "spent", "moves", "loan"):
                    p[key] = _int(value, where, key)
                elif key in ("loads", "loads2", "cards"):
                    vals = value.split()
                    p[key] = [_int(v, where, key) for v in vals] if key == "cards" else vals
                elif key == "track":
                    p.setdefault("track", []).extend(value.split())
                elif key == "ferry":
                    p.setdefault("ferries", []).append(value)
                    lines[f"players[{i}].ferries"] = where
                elif key in ("at", "at2"):
                    p[key] = int(value) if _is_id(value) else value
                else:
                    p[key] = value
            desc["players"].append(p)
            continue
        key, sep, value = line.partition(":")
        key, value = key.strip().lower(), value.strip()
        if not sep:
            raise PositionError(where, "line", f"expected 'key: value' or 'player NAME: ...', got {shown(line)}")
        if key not in _HEADER_KEYS:
            raise PositionError(where, key, "unknown setting; " + choose_from([*_HEADER_KEYS, "player NAME"], key,
                                                                              every=True))
        if key in desc:
            raise PositionError(where, key, "given twice")
        lines[key] = where
        if key in ("seed", "round"):
            desc[key] = _int(value, where, key)
        elif key == "contracts":
            desc[key] = [_int(v, where, key) for v in value.split()]
        elif key == "warehouses":
            desc[key] = [e.strip() for e in value.split(";") if e.strip()]
        elif key == "ruleset":
            name, *variants = value.split()
            desc["ruleset"] = name
            if variants:
                desc["variants"] = variants
                lines["variants"] = where
        else:
            desc[key] = value
    desc["_lines"] = lines
    return desc


def _is_id(s: str) -> bool:
    """Whether ``s`` is written in the digits 0-9 only (a milepost id, a card id): ``"²"`` or ``"٣"`` are not
    (``str.isdigit`` says they are, ``int`` refuses or reads them)."""
    return s.isascii() and s.isdigit()


def _whole(s: str) -> int | None:
    """``s`` as a whole number written in ASCII (``"60"``, ``"-5"``), else ``None``."""
    s = s.strip()
    return int(s) if re.fullmatch(r"[+-]?[0-9]+", s) else None


def _int(value: str, where: str, key: str) -> int:
    n = _whole(value)
    if n is None:
        raise PositionError(where, key, f"expected a whole number, got {shown(value)}")
    return n


# ============================================================================== description -> Game
class _Where:
    """Maps a description path (``players[0].train``) to the place a reader can find it."""

    def __init__(self, lines: Mapping[str, str] | None):
        self.lines = dict(lines or {})

    def __call__(self, path: str) -> str:
        probe = path
        while probe:
            if probe in self.lines:
                return self.lines[probe]
            probe = probe.rpartition(".")[0] if "." in probe else ""
        if self.lines:  # a text description: the setting was not written, say so plainly
            return "position"
        return path if "[" in path else "position"

    def fail(self, path: str, fld: str, problem: str):
        raise PositionError(self(path), fld, problem)


def position_from_dict(desc: Mapping[str, Any]):
    """Build a :class:`~eb_core.engine.Game` from a JSON description (the dictionary form of the text
    format: ``{"board", "ruleset", "variants", "seed", "phase", "round", "turn", "contracts", "warehouses",
    "players": [{"name",
    "cash", "train", "at", "loads", "track", "ferries", "cards", "spent", "moves", "train2", "at2", "loads2"}]}``;
    ``track`` is a
    list of routes, each a ``"A-B-C"`` string or a list of cities / milepost ids).

    Read in steps: the header (ruleset, board, deck, seed, phase, round: :func:`_header`), the players'
    names (:func:`_player_names`), the cards, each player's cash, train, place and loads
    (:func:`_set_player`), then the track and ferries in seat order (:func:`_set_track`). The first field
    found wrong is raised (:class:`PositionError`, naming it and, from the text format, its line).

    >>> g = position_from_dict({"board": "tutorial", "players": [{"name": "Ann", "at": "Paris"}]})
    >>> g.board.city_at(g.state.players[0].position).name, g.phase
    ('Paris', 'operations')
    """
    if not isinstance(desc, Mapping):
        raise PositionError("position", "position", f"expected a JSON object, got {type(desc).__name__}")
    _not_another_file(desc)
    where = _Where(desc.get("_lines"))
    unknown = set(desc) - {*_HEADER_KEYS, "variants", "players", "_lines"}
    if unknown:
        where.fail(sorted(unknown)[0], sorted(unknown)[0], f"unknown setting; use {', '.join(_HEADER_KEYS)}, "
                                                           "variants or players")
    rules, board, deck, seed, phase, rnd = _header(desc, where)
    players = desc.get("players")
    names = _player_names(players, where)
    try:
        game = Game.new(rules, board=board, players=names, seed=seed, deck=deck)
    except InvalidAction as e:  # (a seat count the game's set-up refuses: Empire Express's demo game is for 2-4)
        where.fail("players", "players", str(e))
    st = game.state
    st.phase = "build" if phase in ("build", "special-build") else "operations"
    st.special_round = 1 if phase == "special-build" else 0
    st.round = rnd
    st.first_player = 0
    turn = desc.get("turn", names[0])
    if turn not in names:
        where.fail("turn", "turn", f"{turn!r} is not one of the players ({', '.join(names)})")
    st.current = names.index(turn)
    st.log.append(f"Position set up: {phase} phase, round {rnd}, {turn} to play.")

    trains = {rules.start_train, *rules.upgrades, *(t for ts in rules.upgrades.values() for t in ts)}
    # --- cards first (they are taken from the dealt hands and the draw pile)
    _set_cards(game, players, where, phase, desc.get("contracts"))
    for i, p in enumerate(players):
        _set_player(st, board, rules, trains, i, p, where)
    _set_contracts(game, desc, where)
    _set_warehouses(game, desc, where)
    _set_track(game, players, where)
    if phase == "special-build":
        for seat, ps in enumerate(st.players):
            placed = [f for f, t in (("at", ps), ("at2", ps.second)) if t is not None and t.position is not None]
            if placed:          # (the field that placed it: train 1's, else train 2's under Run Two Trains)
                where.fail(f"players[{seat}].{placed[0]}", placed[0],
                           f"trains are placed after the special build turns (rulebook: {R.STARTING})")
    return game


_OTHER_FILES = {"eb-board": ("a board file", "eb.load_board(path), or name it on a position's 'board:' line"),
                "eb-deck": ("a deck file", "eb.load_deck(path), or name it on a position's 'deck:' line"),
                "eb-game": ("a saved game", "eb.load_position(path) or eb.Game.from_json(text)")}


def _not_another_file(desc: Mapping[str, Any]) -> None:
    """Refuse a board or deck file (or any other ``schema``) given as a position, saying what it is."""
    if "schema" not in desc:
        return
    schema = desc["schema"]
    kind = _OTHER_FILES.get(str(schema).partition("/")[0])
    if kind is not None:
        raise PositionError("position", "schema", f"this looks like {kind[0]} ({schema}), not a position; "
                                                  f"load it with {kind[1]}")
    raise PositionError("position", "schema", f"{schema!r} is not a position: a position has no 'schema' (a saved "
                                              "game has 'eb-game/1')")


def _header(desc: Mapping[str, Any], where: _Where):
    """The position's ruleset (with its variants), board, deck, seed, phase and round, each checked."""
    rname = desc.get("ruleset")
    if rname is None:       # the board's own game (us on north_america, express on eastern_us), else Europe's
        rname = ruleset_for_board(desc.get("board")).name if isinstance(desc.get("board"), str) else "europe-standard"
    variants = desc.get("variants", [])
    if isinstance(variants, str):
        variants = variants.split()
    try:
        rules: Ruleset = _ruleset(rname, *variants)
    except (KeyError, TypeError) as e:
        where.fail("ruleset", "ruleset", str(e).strip("\"'"))
    bname = desc.get("board", rules.board)
    try:
        board = load_board(bname)
    except (EbError, KeyError, OSError, TypeError) as e:
        where.fail("board", "board", f"cannot load board {bname!r}: {str(e).strip(chr(34) + chr(39))}")
    dname = desc.get("deck", board.name)
    try:
        deck = load_deck(dname)
    except (EbError, KeyError, OSError, TypeError) as e:
        avail = ", ".join(sorted(x.stem for x in (data_dir() / "decks").glob("*.json")))
        where.fail("deck" if "deck" in desc else "board", "deck",
                   f"cannot load deck {dname!r} for board {board.name!r}: {str(e).strip(chr(34) + chr(39))}; name "
                   f"one with a 'deck: NAME' line (a deck file, or one of {avail})")
    seed = desc.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        where.fail("seed", "seed", f"expected a whole number, got {shown(seed)}")
    # (where the Building Phase comes first -- Less Thinking, Express -- a turn starts with it)
    phase = str(desc.get("phase", "build" if rules.turn_order == "build-first" else "operations")).lower()
    if phase not in PHASES:
        where.fail("phase", "phase", f"expected one of {', '.join(PHASES)}, got {shown(phase)}")
    if phase == "special-build" and rules.special_build_turns <= 0:     # (Empire Express: Demo Set Up)
        where.fail("phase", "phase", f"{rules.name} has no special build turns ({R.cite(R.STARTING, rules.rulebook)}:"
                                     " the trains start on the board); use build or operations")
    first = 0 if phase == "special-build" else 1      # (the special build turns come before round 1)
    rnd = desc.get("round", first)
    if isinstance(rnd, bool) or not isinstance(rnd, int) or rnd < first:
        where.fail("round", "round", f"expected a round number >= {first}, got {shown(rnd)}")
    return rules, board, deck, seed, phase, rnd


def _player_names(players, where: _Where) -> list[str]:
    """The players' names, in seat order: 1 to 6 players, each named once, no field the format lacks."""
    if not isinstance(players, Sequence) or isinstance(players, str) or not 1 <= len(players) <= 6:
        where.fail("players", "players", "a position needs 1 to 6 players ('player NAME: ...' lines)")
    names: list[str] = []
    for i, p in enumerate(players):
        if not isinstance(p, Mapping) or not str(p.get("name", "")).strip():
            where.fail(f"players[{i}]", "name", "every player needs a name")
        if not isinstance(p["name"], str):
            where.fail(f"players[{i}].name", "name", f"expected the player's name as text, got {shown(p['name'])}")
        unknown = set(p) - {"name", *_PLAYER_KEYS, "ferries"} - {"ferry"}
        if unknown:
            where.fail(f"players[{i}]", sorted(unknown)[0], "unknown player field")
        same = next((n for n in names if n.casefold() == p["name"].casefold()), None)
        if same is not None:
            also = "" if same == p["name"] else f" ({p['name']!r} here: names are compared ignoring case)"
            where.fail(f"players[{i}]", "name", f"two players are called {same!r}{also}")
        names.append(p["name"])
    return names


def _with_variant(rules: Ruleset, variant: str) -> str:
    """The ruleset line that adds ``variant`` to the position's rules (the variants already there kept)."""
    return "'ruleset: " + " ".join([rules.name.split("+")[0], *rules.variants, variant]) + "'"


def _set_player(st, board, rules: Ruleset, trains, i: int, p: Mapping[str, Any], where: _Where) -> None:
    """Player ``i``'s cash, spending and movement so far, train, place, staging and loads (and under Run Two
    Trains the second train's)."""
    ps = st.players[i]
    path = f"players[{i}]"
    for key in ("cash", "spent", "moves"):
        if key in p:
            v = p[key]
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                where.fail(f"{path}.{key}", key, f"expected a whole number >= 0, got {shown(v)}")
    ps.cash = p.get("cash", rules.start_cash)
    if "loan" in p:
        v = p["loan"]
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            where.fail(f"{path}.loan", "loan", f"expected a whole number >= 0, got {shown(v)}")
        if v and rules.mercy_loan is None:
            where.fail(f"{path}.loan", "loan", f"only under Mercy is money owed to the bank ({R.MERCY}); add "
                                               f"the variant to the ruleset line: {_with_variant(rules, 'mercy')}")
        ps.loan = v
    ps.spent = p.get("spent", 0)
    ps.moves_used = p.get("moves", 0)
    if ps.spent > rules.build_limit:
        where.fail(f"{path}.spent", "spent", f"at most {rules.build_limit}M may be spent in one build phase "
                                             f"(rulebook: {R.BUILD})")
    if "train" in p:
        ps.train = _train_of(p["train"], trains, rules, where, f"{path}.train", "train")
    if ps.moves_used > ps.train.speed:
        where.fail(f"{path}.moves", "moves", f"a {ps.train} train has only {ps.train.speed} movement points")
    if "at" in p:
        ps.position = _milepost(board, p["at"], where, f"{path}.at", "at")
        ps.prev = None
    if "staged" in p:
        if not isinstance(p["staged"], bool):
            where.fail(f"{path}.staged", "staged", f"expected true or false, got {shown(p['staged'])}")
        if p["staged"] and (ps.position is None or not board.is_port(ps.position)):
            at = "not placed" if ps.position is None else f"at {board.place(ps.position)}"
            where.fail(f"{path}.staged", "staged", f"a train is staged only on a ferry port (rulebook: "
                                                   f"{R.FERRY_MOVE}); the train is {at}")
        ps.staged = p["staged"]
    if "loads" in p:
        _unload(st, ps)             # the position's loads replace the setup's (Express: the demo's two)
        _load_train(st, board, ps, p["loads"], where, path, "loads")
    second = [k for k in ("train2", "at2", "loads2") if k in p]
    if second and ps.second is None:
        where.fail(f"{path}.{second[0]}", second[0], f"only under Run Two Trains does a player run a second "
                                                     f"train (rulebook: {R.RUN_TWO_TRAINS}); add the variant "
                                                     f"to the ruleset line: {_with_variant(rules, 'run-two-trains')}")
    if "train2" in p:
        ps.second.train = _train_of(p["train2"], trains, rules, where, f"{path}.train2", "train2")
    if "at2" in p:
        ps.second.position = _milepost(board, p["at2"], where, f"{path}.at2", "at2")
        ps.second.prev = None
    if "loads2" in p:
        _unload(st, ps.second)
        _load_train(st, board, ps.second, p["loads2"], where, path, "loads2")


def _set_track(game, players, where: _Where) -> None:
    """Each player's track and ferries, in seat order (later players route around earlier ones)."""
    board = game.board
    for i, p in enumerate(players):
        if "track" in p:            # the position's track replaces the setup's (Express: the demo's)
            for a, b in game.state.track.segments_of(i):
                game.state.track.remove_segment(a, b)
        routes = p.get("track", [])
        if isinstance(routes, str):
            routes = routes.split()
        if not isinstance(routes, Sequence):
            where.fail(f"players[{i}].track", "track", "expected routes like 'London-Birmingham Paris-Lyon' or a list "
                                                       f"of them, got {shown(routes)}")
        routes = _join_names(board, routes)
        for route in routes:
            _lay_route(game, i, route, where, f"players[{i}].track")
        fkey = "ferries" if "ferries" in p else "ferry"
        ferries = p.get(fkey, [])
        if isinstance(ferries, str):
            ferries = [ferries]
        if not isinstance(ferries, Sequence):
            where.fail(f"players[{i}].ferries", fkey, f"expected a list of ferry names, got {shown(ferries)}")
        for name in ferries:
            if not isinstance(name, str):
                where.fail(f"players[{i}].ferries", "ferry", f"expected a ferry's name, got {shown(name)}")
            try:
                cr = board.crossing(name)
            except KeyError:
                where.fail(f"players[{i}].ferries", "ferry", f"no ferry or tunnel {name!r} on board {board.name!r} "
                                                              f"({', '.join(c.name for c in board.crossings)})")
            _buy_crossing(game, i, cr.name, where, f"players[{i}].ferries")


def _train_of(value, trains, rules, where: _Where, path: str, fld: str) -> Train:
    try:
        t = value if isinstance(value, Train) else Train.parse(str(value))
    except (ValueError, TypeError):
        where.fail(path, fld, f"expected speed/capacity like '9/2', got {shown(value)}")
    if t not in trains:
        where.fail(path, fld, f"{t} is not a train of {rules.name} (trains: {', '.join(str(x) for x in sorted(trains))})")
    return t


def _unload(st, train) -> None:
    """Return the loads ``train`` carries to the bank."""
    for ld in train.loads:
        st.bank[ld] = st.bank.get(ld, 0) + 1
    train.loads = []


def _load_name(board, name: str) -> str:
    """A load as the board spells it, the case aside (``wine``: Wine), as city names are read; a name that is
    no load is left as it is, for the error that names it."""
    if name in board.loads:
        return name
    folded = {ld.casefold(): ld for ld in board.loads}
    return folded.get(name.casefold(), name)


def _load_train(st, board, train, loads, where: _Where, path: str, fld: str) -> None:
    """Put ``loads`` on ``train`` (a player or a second train), taking the chips from the bank."""
    if isinstance(loads, str):
        loads = loads.split()
    if not isinstance(loads, Sequence) or not all(isinstance(ld, str) for ld in loads):
        where.fail(f"{path}.{fld}", fld, f"expected load names like 'Wine Beer' or a list of them, got {shown(loads)}")
    if list(loads) == ["none"]:
        loads = []                  # "loads none": an empty train (what an Express demo train is not)
    loads = [_load_name(board, ld) for ld in loads]
    if len(loads) > train.train.capacity:
        where.fail(f"{path}.{fld}", fld, f"a {train.train} train carries at most {train.train.capacity} loads, "
                                         f"got {len(loads)} (rulebook: {R.PICKUP})")
    for ld in loads:
        _take_chip(st, board, ld, where, f"{path}.{fld}", fld)
        train.loads.append(ld)


def _take_chip(st, board, ld: str, where: _Where, path: str, fld: str) -> None:
    """Take a chip of load ``ld`` from the bank (for a train or a warehouse), or fail naming the field."""
    if ld not in st.bank:
        where.fail(path, fld, f"there is {board.no_load(ld)}")
    if st.bank[ld] <= 0:
        where.fail(path, fld, f"no {ld} chip is left in the bank (each load has a fixed number of chips)")
    st.bank[ld] -= 1


def _set_cards(game, players, where: _Where, phase: str, contracts=None) -> None:
    """The hands: each player's ``cards``, the others dealt from the pile as the seeded shuffle gives them,
    never a card the position's ``contracts`` put face up (checked by :func:`_set_contracts`)."""
    st, deck, rules = game.state, game.deck, game.rules
    face_up = {c for c in contracts if c in deck} \
        if isinstance(contracts, Sequence) and not isinstance(contracts, str) else set()
    wanted = rules.opening_hand if phase == "special-build" else rules.hand_size
    given: dict[int, list[int]] = {}
    seen: dict[int, int] = {}
    for i, p in enumerate(players):
        if "cards" not in p:
            continue
        cards = p["cards"]
        if isinstance(cards, (str, int)) or not isinstance(cards, Sequence):
            where.fail(f"players[{i}].cards", "cards", f"expected a list of demand card ids, got {shown(cards)}")
        if len(cards) > rules.opening_hand:
            where.fail(f"players[{i}].cards", "cards", f"a hand holds at most {rules.opening_hand} cards "
                                                       f"({rules.hand_size} after the first operations turn)")
        for cid in cards:
            _demand_card(deck, cid, where, f"players[{i}].cards", "cards", "hands hold demand cards")
            if cid in seen:
                where.fail(f"players[{i}].cards", "cards", f"card {cid} is already in {players[seen[cid]]['name']}'s "
                                                           "hand")
            seen[cid] = i
        given[i] = list(cards)
    taken = set(seen) | (face_up - set(seen))       # (a contract in a hand given is refused by _set_contracts)
    st.draw_pile = [c for c in st.draw_pile if c not in taken]
    st.discard_pile = [c for c in st.discard_pile if c not in taken]
    st.open_contracts = [c for c in st.open_contracts if c not in taken]     # (dealt face up by Game.new)
    for i, ps in enumerate(st.players):
        if i in given:
            st.draw_pile[:0] = [c for c in ps.hand if c not in taken]   # back under the pile
            ps.hand = given[i]
        else:
            ps.hand = [c for c in ps.hand if c not in taken]
            while len(ps.hand) > wanted:
                st.draw_pile.insert(0, ps.hand.pop())
            while len(ps.hand) < wanted:
                k = next((j for j in range(len(st.draw_pile) - 1, -1, -1)
                          if hasattr(deck.card(st.draw_pile[j]), "demands")), None)
                if k is None:
                    break
                ps.hand.append(st.draw_pile.pop(k))


def _demand_card(deck, cid, where: _Where, path: str, fld: str, held: str) -> None:
    """Refuse ``cid`` unless it is the id of a demand card of ``deck`` (a whole number: not ``True``, not
    ``3.0``)."""
    if cid not in deck:                 # (Deck refuses True and 3.0 as card ids)
        where.fail(path, fld, f"there is no card {cid!r} in deck {deck.name!r}")
    if not hasattr(deck.card(cid), "demands"):
        where.fail(path, fld, f"card {cid} is an event card; {held}")


def _set_contracts(game, desc: Mapping[str, Any], where: _Where) -> None:
    """Open Contracts: the demand cards face up beside the board (``contracts``), replacing any the setup
    dealt; each a demand card of the deck in nobody's hand, at most the ruleset's four (rulebook:
    Challenging Variants > Open Contracts)."""
    if "contracts" not in desc:
        return
    st, deck, rules = game.state, game.deck, game.rules
    cards = desc["contracts"]
    if isinstance(cards, (str, int)) or not isinstance(cards, Sequence):
        where.fail("contracts", "contracts", f"expected a list of demand card ids, got {shown(cards)}")
    if rules.open_contracts <= 0:
        where.fail("contracts", "contracts", f"only under Open Contracts do cards lie face up beside the board "
                                             f"({R.OPEN_CONTRACTS}); add the variant to the ruleset line: "
                                             f"{_with_variant(rules, 'open-contracts')}")
    if len(cards) > rules.open_contracts:
        where.fail("contracts", "contracts", f"at most {rules.open_contracts} open contracts may be on the board at "
                                             f"one time, got {len(cards)} ({R.OPEN_CONTRACTS})")
    held = {c: p.name for p in st.players for c in p.hand}
    for i, cid in enumerate(cards):
        _demand_card(deck, cid, where, "contracts", "contracts", "open contracts are demand cards")
        if cid in held:
            where.fail("contracts", "contracts", f"card {cid} is in {held[cid]}'s hand")
        if cid in cards[:i]:
            where.fail("contracts", "contracts", f"card {cid} is given twice")
    st.draw_pile[:0] = [c for c in st.open_contracts if c not in cards]       # back under the pile
    taken = set(cards)
    st.draw_pile = [c for c in st.draw_pile if c not in taken]
    st.discard_pile = [c for c in st.discard_pile if c not in taken]
    st.open_contracts = list(cards)


def _set_warehouses(game, desc: Mapping[str, Any], where: _Where) -> None:
    """Field Warehousing: the loads left in cities (``warehouses``: ``"CITY LOAD LOAD"`` entries, or in JSON
    ``{city: [loads]}``), their chips taken from the bank (rulebook: Challenging Variants > Field
    Warehousing)."""
    if "warehouses" not in desc:
        return
    st, board, rules = game.state, game.board, game.rules
    value = desc["warehouses"]
    if not rules.field_warehousing:
        where.fail("warehouses", "warehouses", f"only under Field Warehousing do loads wait in a city "
                                               f"({R.FIELD_WAREHOUSING}); add the variant to the ruleset line: "
                                               f"{_with_variant(rules, 'field-warehousing')}")
    if isinstance(value, Mapping):
        entries = [(c, [lds] if isinstance(lds, str) else lds) for c, lds in value.items()]
    elif isinstance(value, Sequence) and not isinstance(value, str) and all(isinstance(e, str) for e in value):
        entries = [_city_and_loads(board, e, where) for e in value]
    else:
        where.fail("warehouses", "warehouses", "expected entries like 'Birmingham Chocolate; Lyon Wheat Wheat' (or "
                                               f"a JSON object of city: loads), got {shown(value)}")
    for city, loads in entries:
        if not isinstance(city, str) or not board.has_city(city):
            where.fail("warehouses", "warehouses", board.no_city(city))
        if isinstance(loads, str) or not isinstance(loads, Sequence) or not loads \
                or not all(isinstance(ld, str) for ld in loads):
            where.fail("warehouses", "warehouses", f"expected the loads left at {city} by name, got {shown(loads)}")
        name = board.city(city).name
        for ld in (_load_name(board, x) for x in loads):
            _take_chip(st, board, ld, where, "warehouses", "warehouses")
            held = st.warehouses.setdefault(name, {})
            held[ld] = held.get(ld, 0) + 1


def _city_and_loads(board, entry: str, where: _Where) -> tuple[str, list[str]]:
    """``"New York Coal Coal"`` read as the city (the longest run of leading words that names one) and its
    loads."""
    words = entry.split()
    for k in range(len(words), 0, -1):
        if board.has_city(" ".join(words[:k])):
            if k == len(words):
                where.fail("warehouses", "warehouses", f"no loads given for {board.city(entry).name} (write the "
                                                       f"city, then the loads left there: '{entry} Wheat')")
            return " ".join(words[:k]), words[k:]
    if len(words) < 2:
        where.fail("warehouses", "warehouses", f"expected a city and the loads left there ('Birmingham Chocolate'), "
                                               f"got {shown(entry)}")
    where.fail("warehouses", "warehouses", f"{board.no_city(' '.join(words[:-1]))}: write the city, then the loads "
                                           f"left there ('Birmingham Chocolate'), got {shown(entry)}")


def _milepost(board, value, where: _Where, path: str, fld: str) -> int:
    if isinstance(value, bool):
        where.fail(path, fld, f"expected a city name or milepost id, got {shown(value)}")
    if isinstance(value, int):
        if not 0 <= value < len(board.mileposts):
            where.fail(path, fld, f"there is no milepost {value} on board {board.name!r} "
                                  f"(ids 0..{len(board.mileposts) - 1})")
        return value
    if not isinstance(value, str):
        where.fail(path, fld, f"expected a city name or milepost id, got {shown(value)}")
    if _is_id(value.strip()):
        return _milepost(board, int(value), where, path, fld)
    if board.has_city(value.strip()):
        return board.city(value.strip()).center
    if (port := board.port_milepost(value.strip())) is not None:
        return port                 # a ferry port that is not a city (Portsmouth, Le Havre ...)
    where.fail(path, fld, f"there is {board.no_city(value, ports=True)}")


def _buy_crossing(game, seat: int, name: str, where: _Where, path: str) -> None:
    tr, rules, board = game.state.track, game.rules, game.board
    owners = tr.crossing_owners(name)
    if seat in owners:
        return
    cr = board.crossing(name)
    limit = crossing_player_cap(rules, cr)          # (the Fast Game's Chunnel is "another ferry": two)
    if len(owners) >= limit:
        rule = R.CHUNNEL_BUILD if cr.is_tunnel and rules.tunnel_as_ferry_cost is None else R.FERRY_BUILD
        names = " and ".join(game.state.players[o].name for o in owners)
        fld = "track" if path.endswith(".track") else "ferry"
        where.fail(path, fld, f"{name} already has {plural(len(owners), 'owner')} ({names}); at most {limit} "
                              f"(rulebook: {rule})")
    tr.add_crossing(seat, name)


def _place_known(board, name: str) -> bool:
    return board.has_city(name) or board.port_milepost(name) is not None


def _join_names(board, routes: list) -> list:
    """The text's routes are split at spaces; join back a place name that has one ("Le Havre-Paris")."""
    out: list = []
    for r in routes:
        if out and isinstance(r, str) and isinstance(out[-1], str):
            head, tail = out[-1].rsplit("-", 1)[-1], r.split("-", 1)[0]
            if not _place_known(board, head) and _place_known(board, f"{head} {tail}"):
                out[-1] = f"{out[-1]} {r}"
                continue
        out.append(r)
    return out


def _lay_route(game, seat: int, route, where: _Where, path: str) -> None:
    """Lay one route of the description (a chain of cities / milepost ids) as ``seat``'s track."""
    board, rules, st = game.board, game.rules, game.state
    if isinstance(route, str):
        items: list[Any] = [s for s in route.split("-")]
        if any(not s.strip() for s in items):
            where.fail(path, "track", f"route {route!r}: join cities or milepost ids with '-' (no spaces, no "
                                      "empty names)")
        items = [int(s) if _is_id(s.strip()) else s.strip() for s in items]
    elif isinstance(route, Sequence):
        items = list(route)
    else:
        where.fail(path, "track", f"expected a route like 'London-Birmingham' or a list of mileposts, got {shown(route)}")
    if len(items) < 2:
        where.fail(path, "track", f"route {route!r} needs at least two places")
    # names each unknown place; a ferry port that is not a city is laid to by its milepost
    items = [x if isinstance(x, str) and board.has_city(x) else _milepost(board, x, where, path, "track")
             for x in items]
    label = "-".join(str(x) for x in items)
    for a, b in zip(items, items[1:]):
        if isinstance(a, int) and isinstance(b, int) and b in board.neighbors(a):
            steps = [a, b]
        else:
            plan = cheapest_build(board, rules, a, b, position=Position.of(st, seat))
            if plan is None:
                where.fail(path, "track", f"route {label}: no track can be laid from {a} to {b} for "
                                          f"{st.players[seat].name} (other players' track is in the way: "
                                          f"rulebook: {R.RIGHT_OF_WAY})")
            steps = list(plan.mileposts)
        for u, v in zip(steps, steps[1:]):
            hop = next((cr for cr in board.crossings_at(u) if cr.other_port(u) == v), None)
            if hop is not None and board.edge(u, v) is None:
                _buy_crossing(game, seat, hop.name, where, path)
                continue
            edge = board.edge(u, v)
            if edge is None or edge.impassable:
                where.fail(path, "track", f"route {label}: mileposts {u} and {v} are not joined by a buildable "
                                          "segment")
            if board.is_red_area(u, v):
                continue  # public track inside a major city
            owner = st.track.owner(u, v)
            if owner == seat:
                continue
            if owner is not None:
                where.fail(path, "track", f"route {label}: segment {u}-{v} already belongs to "
                                          f"{st.players[owner].name} (rulebook: {R.RIGHT_OF_WAY})")
            st.track.add_segment(seat, u, v)
            for cr in board.crossings_at(v):
                # building into a port buys its ferry / the Chunnel (Building Ferry Ports, Building the Chunnel)
                _buy_crossing(game, seat, cr.name, where, path)


def position_from_text(text: str):
    """Parse the text format (module docstring) into a :class:`~eb_core.engine.Game`."""
    return position_from_dict(parse_position(text))


def position(description: str | Mapping[str, Any] | os.PathLike):
    """A :class:`~eb_core.engine.Game` from any description: position text, JSON text (a description or
    a saved ``eb-game/1`` game), a dictionary of either, or a path to a ``.txt`` / ``.json`` file."""
    if isinstance(description, Path) or (isinstance(description, str) and "\n" not in description
                                         and description.strip().endswith((".json", ".txt", ".pos"))):
        p = Path(description)
        try:
            text = p.read_text(encoding="utf-8")
        except OSError as e:
            raise PositionError(str(p), "file", f"cannot read: {e.strerror or e}") from None
        except UnicodeDecodeError as e:
            raise PositionError(str(p), "file", f"is not UTF-8 text (byte 0x{e.object[e.start]:02x} at offset "
                                                f"{e.start}); save it as UTF-8") from None
        try:
            return position(text)
        except PositionError as e:          # the mistake's line, in this file
            raise PositionError(str(p) if e.where == "position" else f"{p}, {e.where}", e.field, e.problem) from None
        except DataFileError as e:          # a saved game's mistake, in this file
            if e.path != "<game>":
                raise
            raise type(e)(str(p), e.field, e.problem) from None
    if isinstance(description, str):
        s = description.strip()
        if s.startswith("{"):
            try:
                description = json.loads(s)
            except json.JSONDecodeError as e:
                raise PositionError(f"JSON line {e.lineno}", "json", e.msg) from None
        else:
            return position_from_text(description)
    if isinstance(description, Mapping) and description.get("schema") == "eb-game/1":
        return Game.from_dict(dict(description))
    return position_from_dict(description)


# ============================================================================== Game -> description
def _chains(pairs: list[tuple[int, int]]) -> list[list[int]]:
    """Cover a set of segments by few chains of mileposts, each segment exactly once (deterministic)."""
    adj: dict[int, list[int]] = {}
    for a, b in pairs:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    for v in adj.values():
        v.sort()
    used: set[tuple[int, int]] = set()
    out: list[list[int]] = []

    def free(v: int) -> list[int]:
        return [w for w in adj[v] if seg_key(v, w) not in used]

    while len(used) < len(pairs):
        odd = [v for v in sorted(adj) if len(free(v)) % 2 == 1]
        start = odd[0] if odd else next(v for v in sorted(adj) if free(v))
        chain = [start]
        while True:
            nxt = free(chain[-1])
            if not nxt:
                break
            used.add(seg_key(chain[-1], nxt[0]))
            chain.append(nxt[0])
        out.append(chain)
    return out


def _place_name(board, mp: int) -> str | int:
    c = board.city_at(mp)
    if c is not None and c.center == mp:
        return c.name
    if c is None and board.is_port(mp) and board.port_milepost(board.place(mp)) == mp:
        return board.place(mp)                       # a ferry port that is no city: by its name
    return mp


def players_table(game):
    r"""Each player of ``game`` in a row, in words (a pandas DataFrame indexed by name): cash, train, where
    the train stands (a place, never a milepost id: "London", "a clear milepost near Lyon", "-" before it
    is placed), loads, track segments, ferries owned and the demand cards in hand by the deck's numbers
    (what a position's ``cards`` field takes). Under Run Two Trains, train 2's place and loads too.

    >>> g = position("board: tutorial\nseed: 7\nplayer Ann: cash 60, at London, loads Wine, track London-Birmingham, cards 4 6 2")
    >>> players_table(g).loc["Ann", ["train", "at", "loads", "cards"]].tolist()
    ['9/2', 'London', 'Wine', '#4, #6, #2']
    """
    import pandas as pd   # lazily, like every table of the core: importing eb_core stays light

    board, st = game.board, game.state

    def where(runner) -> str:
        return "-" if runner is None or runner.position is None else board.place(runner.position)

    rows = []
    for i, p in enumerate(st.players):
        row = {"player": p.name, "cash (M)": p.cash, "train": str(p.train), "at": where(p),
               "loads": ", ".join(p.loads) or "-", "track segments": len(st.track.segments_of(i)),
               "ferries": ", ".join(sorted(st.track.owned_crossings(i))) or "-",
               "cards": ", ".join(f"#{c}" for c in p.hand) or "-"}
        second = getattr(p, "second", None)
        if second is not None:
            row.update({"train 2 at": where(second), "train 2 loads": ", ".join(second.loads) or "-"})
        rows.append(row)
    return pd.DataFrame(rows).set_index("player")


def standings(game):
    r"""The race to win, a player a row (a pandas DataFrame indexed by name; rulebook: How to Win): cash, the
    major cities connected in one network out of those victory needs, whether the victory conditions are
    met now and whether the player has announced them (in the Admin phase, after a turn), in words. In
    Empire Express (Game End: money alone, no announcement) the millions still to go instead.

    >>> g = position("board: tutorial\nplayer Ann: cash 260, track Madrid-Paris-Holland-Ruhr-Berlin-Wien-Milano\n"
    ...              "player Ben: cash 300, track London-Paris")
    >>> t = standings(g)
    >>> t.loc["Ann", ["major cities connected", "meets the conditions"]].tolist(), t.loc["Ben", "major cities connected"]
    (['7 of the 7 needed', 'yes'], '2 of the 7 needed')
    """
    import pandas as pd   # lazily, like every table of the core

    rules = game.rules
    need = rules.victory_majors
    rows = []
    for i, p in enumerate(game.state.players):
        row = {"player": p.name, "cash (M)": p.cash}
        if need:            # (Empire Express: the money alone -- "$150 million or more on their turn")
            row["major cities connected"] = f"{len(game.connected_majors(i))} of the {need} needed"
        else:
            row[f"to {rules.victory_cash}M"] = f"{max(0, rules.victory_cash - p.cash)}M to go"
        row["meets the conditions"] = "yes" if game.meets_victory(i) else "no"
        if not (rules.winner_among_all or rules.victory_at_once):    # (Express, US: nothing to announce)
            row["announced"] = "yes" if p.announced else "no"
        rows.append(row)
    return pd.DataFrame(rows).set_index("player")


def position_to_dict(game) -> dict[str, Any]:
    """The JSON description of a game's position (what :func:`position_from_dict` reads). Track is
    written as explicit milepost chains, so reading it back lays exactly the same segments."""
    st, rules, board = game.state, game.rules, game.board
    base = rules.name.split("+")[0]
    phase = "special-build" if st.special_round else ("build" if st.phase == "build" else "operations")
    d: dict[str, Any] = {"board": board.name, "ruleset": base}
    if rules.variants:
        d["variants"] = list(rules.variants)
    d.update({"seed": st.seed, "phase": phase, "round": st.round, "turn": st.players[st.current].name})
    if st.open_contracts:
        d["contracts"] = list(st.open_contracts)
    stored = {c: [ld for ld, n in sorted(held.items()) for _ in range(n)] for c, held in sorted(st.warehouses.items())}
    stored = {c: lds for c, lds in stored.items() if lds}
    if stored:
        d["warehouses"] = stored
    d["players"] = []
    for seat, p in enumerate(st.players):
        e: dict[str, Any] = {"name": p.name, "cash": p.cash, "train": str(p.train)}
        if p.position is not None:
            e["at"] = _place_name(board, p.position)
        if p.loads or rules.setup == "demo":     # (an Express train's absent loads would be the demo's two)
            e["loads"] = list(p.loads)
        if p.second is not None:       # Run Two Trains
            e["train2"] = str(p.second.train)
            if p.second.position is not None:
                e["at2"] = _place_name(board, p.second.position)
            if p.second.loads:
                e["loads2"] = list(p.second.loads)
        chains = _chains(st.track.segments_of(seat))
        if chains:
            e["track"] = ["-".join(str(m) for m in c) for c in chains]
        owned = sorted(st.track.owned_crossings(seat))
        if owned:
            e["ferries"] = owned
        e["cards"] = list(p.hand)
        if p.spent:
            e["spent"] = p.spent
        if p.moves_used:
            e["moves"] = p.moves_used
        if p.loan:
            e["loan"] = p.loan
        if p.staged:
            e["staged"] = True
        d["players"].append(e)
    return d


def position_to_text(game) -> str:
    """The game's position in the text format (read back by :func:`position_from_text`, also
    ``eb.position``). Cash, Mercy loans, trains (both under Run Two Trains), train positions, loads, hands,
    track and ferries, the open contracts face up (Open Contracts) and the loads left in cities (Field
    Warehousing) round-trip; the order of the draw pile, events in effect, train 2's movement used this turn
    and the log do not -- use :func:`save_position` for the exact game.

    >>> g = position_from_text("board: tutorial\\nplayer Ann: cash 42, at Paris, track Paris-Lyon")
    >>> g2 = position_from_text(position_to_text(g))
    >>> g2.state.track.segments == g.state.track.segments, g2.state.players[0].cash
    (True, 42)
    """
    return description_to_text(position_to_dict(game))


def description_to_text(desc: Mapping[str, Any]) -> str:
    """Write a JSON description (:func:`parse_position` / :func:`position_to_dict`) as position text.

    >>> description_to_text({"board": "tutorial", "players": [{"name": "Ann", "cash": 60, "loads": ["Wine"]}]})
    'board: tutorial\\nplayer Ann: cash 60, loads Wine\\n'
    """
    d = desc
    out = []
    if "board" in d:
        out.append(f"board: {d['board']}")
    if "ruleset" in d or d.get("variants"):
        out.append("ruleset: " + " ".join([d.get("ruleset", "europe-standard"), *d.get("variants", [])]))
    for key in ("seed", "phase", "round", "turn"):
        if key in d:
            out.append(f"{key}: {d[key]}")
    if d.get("contracts"):
        out.append("contracts: " + " ".join(str(c) for c in d["contracts"]))
    if d.get("warehouses"):
        w = d["warehouses"]
        entries = w.items() if isinstance(w, Mapping) else (e.split(None, 1) for e in w)
        out.append("warehouses: " + "; ".join(f"{c} {' '.join(lds) if not isinstance(lds, str) else lds}"
                                               for c, lds in entries))
    for p in d.get("players", []):
        fields = []
        for key in ("cash", "train", "at"):
            if key in p:
                fields.append(f"{key} {p[key]}")
        if "loads" in p and not p["loads"]:
            fields.append("loads none")
        elif p.get("loads"):
            fields.append("loads " + " ".join(p["loads"]))
        for key in ("train2", "at2"):
            if key in p:
                fields.append(f"{key} {p[key]}")
        if p.get("loads2"):
            fields.append("loads2 " + " ".join(p["loads2"]))
        if p.get("track"):
            routes = [r if isinstance(r, str) else "-".join(str(x) for x in r) for r in p["track"]]
            fields.append("track " + " ".join(routes))
        for f in p.get("ferries", p.get("ferry", [])) if not isinstance(p.get("ferries"), str) else [p["ferries"]]:
            fields.append(f"ferry {f}")
        if p.get("cards"):
            fields.append("cards " + " ".join(str(c) for c in p["cards"]))
        for k in ("spent", "moves", "loan"):
            if p.get(k):
                fields.append(f"{k} {p[k]}")
        if p.get("staged"):
            fields.append("staged")
        out.append(f"player {p['name']}: " + ", ".join(fields))
    return "\n".join(out) + "\n"


def save_position(game, path: str | os.PathLike) -> Path:
    """Write the exact game (:meth:`~eb_core.engine.Game.to_json`) to ``path`` (its folder made if
    missing); returns the path."""
    if not hasattr(game, "to_json"):
        raise InvalidAction(f"game: expected a Game (eb.Game.new(...), eb.position(...)), got {shown(game)}",
                            field="game")
    p = Path(_file_path(path))
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(game.to_json(indent=1) + "\n", encoding="utf-8")
    return p


def load_position(path: str | os.PathLike):
    """Read a game written by :func:`save_position` (or a position description file)."""
    return position(Path(_file_path(path)))


def _file_path(path: Any) -> str | os.PathLike:
    """``path`` if it names a file (text or a path object), else :class:`InvalidAction` naming ``path``."""
    if not isinstance(path, (str, os.PathLike)) or path == "":
        raise InvalidAction(f"path: expected the path of a file, got {shown(path)}", field="path")
    return path


# ============================================================================== trying actions
@dataclass(frozen=True)
class Outcome:
    """What an action would do in a position. ``accepted``; ``cost`` the millions the acting player
    would pay (0 if none, never negative: a delivery's payout shows in ``cash_change``); ``rule`` and
    ``reason`` when rejected (the rulebook section and a plain-English sentence; ``rule`` is ``None``
    for a malformed action); ``cash_change`` the change to the player's cash; ``log`` the lines the
    game would write; ``game`` the position after the action (``None`` when rejected)."""

    accepted: bool
    cost: int = 0
    rule: str | None = None
    reason: str | None = None
    action: Any = field(default=None, compare=False)
    player: str = field(default="", compare=False)
    cash_change: int = field(default=0, compare=False)
    log: tuple[str, ...] = field(default=(), compare=False)
    game: Any = field(default=None, repr=False, compare=False)
    said: str = field(default="", repr=False, compare=False)    # the accepted actions told (narrate.describe)

    def __repr__(self) -> str:
        return (f"Outcome(accepted={self.accepted!r}, cost={self.cost!r}, rule={self.rule!r}, "
                f"reason={self.reason!r})")

    def explain(self) -> str:
        """One sentence for people."""
        if self.accepted and self.said:
            return f"Accepted: {self.said}"
        if self.accepted:
            money = f"costs {self.cost}M" if self.cost else (
                f"earns {self.cash_change}M" if self.cash_change > 0 else "costs nothing")
            what = say(self.action, self.game.board) if self.game is not None else repr(self.action)
            return f"Accepted: {self.player}'s {what} {money}."
        if self.rule is None:
            return f"Not a valid action: {self.reason}"
        return f"Rejected by the rulebook ({self.rule}): {self.reason}"

    def __str__(self) -> str:
        return self.explain()

    def _repr_html_(self) -> str:  # pragma: no cover - display hook
        colour = "#1b7f3a" if self.accepted else "#b00020"
        return f"<p style='color:{colour}'><b>{escape(self.explain())}</b></p>"


def try_action(game, action, *, player: str | int | None = None) -> Outcome:
    """Would ``action`` be accepted in ``game``'s position? Applies it to a copy (checked, as
    :meth:`~eb_core.engine.Game.apply`) and reports an :class:`Outcome`; ``game`` itself never changes.

    ``action`` is an action object, a list of actions (applied in order, all or nothing: ``cost`` is
    their total), or text for :func:`parse_action` (``"build London-Paris"``).
    ``player`` (a name or seat) asks on behalf of another player than the one to play: the copy gives
    them the turn in the same phase.
    """
    trial = game.clone()
    st = trial.state
    if player is not None:
        names = [p.name for p in st.players]
        if isinstance(player, str):
            if player not in names:
                raise InvalidAction(f"player: {player!r} is not one of {', '.join(names)}", field="player")
            player = names.index(player)
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < len(names):
            raise InvalidAction(f"player: expected a name or seat 0..{len(names) - 1}, got {shown(player)}", field="player")
        st.current = player
    seat = st.current
    who = st.players[seat].name
    if isinstance(action, str):
        try:
            action = parse_action(trial, action)
        except IllegalAction as e:
            return Outcome(False, 0, e.rule, e.reason, action, who)
        except InvalidAction as e:
            return Outcome(False, 0, None, str(e), action, who)
    before, n_log = st.players[seat].cash, len(st.log)
    told: list[str] | None = []
    try:
        for a in (action if isinstance(action, (list, tuple)) else [action]):
            before_a = trial.clone() if told is not None else None
            trial.apply(a)
            if told is not None:
                try:        # in words, knowing what it did: the price paid, the payout, the rent
                    told.append(describe(a, before_a, after=trial, seat=seat))
                except (EbError, ValueError, KeyError, IndexError, TypeError):
                    told = None                                 # then the plainer sentence of explain()
    except IllegalAction as e:
        return Outcome(False, 0, e.rule, e.reason, action, who)
    except InvalidAction as e:
        return Outcome(False, 0, None, str(e), action, who)
    change = trial.state.players[seat].cash - before
    return Outcome(True, max(0, -change), None, None, action, who, change, tuple(trial.state.log[n_log:]), trial,
                   " ".join(told) if told else "")


def attempt(game, action) -> Outcome:
    """Play ``action`` in ``game`` when the rules accept it, and say what happened either way: the
    :class:`Outcome` of :func:`try_action` (accepted, for how much; or rejected, by which rule and why),
    the accepted action then applied to ``game`` itself. A rejected action leaves ``game`` exactly as it
    was. The instructor's "let us try it" in a lesson that goes on from the position it makes.

    >>> g = position_from_text("board: tutorial\\nphase: build\\nplayer Ann: at London\\nplayer Ben:")
    >>> print(attempt(g, "build London-Birmingham"))
    Accepted: Ann builds London → Birmingham: 2 clear mileposts and the medium city Birmingham, 5M.
    >>> print(attempt(g, "build London-Wien"))      # doctest: +ELLIPSIS
    Rejected by the rulebook (Build Phase Rules > Limits on Building from Major Cities & Key Cities): You have already built 2 segments out of major/key cities this turn (both out of London); ...
    >>> g.player(0).cash, g.player(0).spent
    (45, 5)
    """
    out = try_action(game, action)
    if out.accepted:
        for a in (out.action if isinstance(out.action, (list, tuple)) else [out.action]):
            game.apply(a)
    return out


_ACTION_WORDS = ("build", "upgrade", "place", "move", "pickup", "drop", "deliver", "discard", "discardhand",
                 "endoperations", "endbuild", "endturn", "borrow")


def parse_action(game, text: str):
    """An action from a short command, resolved in ``game``'s position for the player to act:

    ``build A-B-C`` (cities or milepost ids; hops between cities follow the cheapest build for this
    player; a route that rides through a major city's public red area becomes a list of two builds),
    ``upgrade 12/2``, ``place London``, ``move A-B`` (the shortest trip on built track from the
    train, via the places given), ``pickup Wine``, ``drop Wine``, ``deliver Wine 17`` (card id; without
    it the first card in hand demanding Wine here; ``deliver Wine 17 repay 10`` directs 10M of the payoff
    to a Mercy loan), ``discard 17``, ``discardhand``, ``endoperations``,
    ``endbuild`` (the Building Phase first: Less Thinking, Empire Express), ``endturn``, ``borrow 10``
    (Mercy). A trailing ``train 2`` gives the command to the second train under Run Two Trains
    (``move Lyon train 2``, ``pickup Wine train 2``). Raises :class:`~eb_core.errors.InvalidAction` naming
    the field.

    >>> g = position_from_text("board: tutorial\\nphase: build\\nplayer Ann: at London")
    >>> a = parse_action(g, "build London-Birmingham")
    >>> type(a).__name__, len(a.path) > 1
    ('Build', True)
    """
    if not isinstance(text, str) or not text.strip():
        raise InvalidAction(f"action: expected a command like 'build London-Paris', got {shown(text)}", field="action")
    second = re.search(r"\s+train\s*=?\s*([0-9]+)\s*$", text, re.IGNORECASE)
    if second:              # Run Two Trains: "move Lyon train 2"
        k = int(second.group(1))
        if k not in (1, 2):
            raise InvalidAction(f"train: a player runs train 1 or 2, got {k}", field="train")
        me = game.state.players[game.state.current]
        if k == 2 and me.second is None:
            raise InvalidAction(f"train: only under Run Two Trains does a player run a second train ("
                                f"{R.RUN_TWO_TRAINS})", field="train")
        head = text[:second.start()]
        if k == 1:
            return parse_action(game, head)
        with game.train_view(2):
            act = parse_action(game, head)
        acts = act if isinstance(act, list) else [act]
        if not all(hasattr(a, "train") for a in acts):
            raise InvalidAction(f"train: {head.split()[0]!r} is not a train's action (move, pickup, drop, "
                                "deliver, place, upgrade)", field="train")
        acts = [dataclasses.replace(a, train=2) for a in acts]
        return acts if isinstance(act, list) else acts[0]
    word, _, rest = text.strip().partition(" ")
    word, rest = word.lower().replace("_", "").replace("-", ""), rest.strip()
    board, rules, st = game.board, game.rules, game.state
    seat = st.current
    me = st.players[seat]

    def places(fld: str) -> list[int | str]:
        items = [s.strip() for s in rest.split("-")] if rest else []
        if not items or any(not s for s in items):
            raise InvalidAction(f"{word}: give places joined by '-', e.g. '{word} London-Paris'", field=fld)
        out = []
        for s in items:
            if _is_id(s):
                mp = int(s)
                if not 0 <= mp < len(board.mileposts):
                    raise InvalidAction(f"{word}: there is no milepost {mp} on board {board.name!r} (ids 0.."
                                        f"{len(board.mileposts) - 1})", field=fld)
                out.append(mp)
            elif board.has_city(s):
                out.append(board.city(s).name)
            elif (port := board.port_milepost(s)) is not None:     # a ferry port that is no city (Folkestone)
                out.append(port)
            else:
                raise InvalidAction(f"{word}: there is {board.no_city(s, ports=True)}", field=fld)
        return out

    if word == "build":
        items = places("Build.path")
        if len(items) == 1:
            raise InvalidAction("build: give at least two places, e.g. 'build London-Birmingham'", field="Build.path")
        path: list[int] = []
        for a, b in zip(items, items[1:]):
            if isinstance(a, int) and isinstance(b, int) and b in board.neighbors(a):
                steps = [a, b]
            else:
                a0 = path[-1] if path else a
                plan = cheapest_build(board, rules, a0, b, position=Position.of(st, seat))
                if plan is None:        # no way round what is in the way: the way there is, for the engine to
                    plan = cheapest_build(board, rules, a0, b)      # say what stops it (a full city, a track)
                if plan is None:        # not even on the empty board: the board itself keeps them apart
                    ends = [board.place(x) if isinstance(x, int) else x for x in (a0, b)]
                    raise IllegalAction(R.cite(R.BUILD, rules.rulebook),
                                        f"No track can be built from {ends[0]} to {ends[1]}: nothing on this board "
                                        "that a player may build joins them (the sea, an impassable line or a "
                                        "tunnel's underground mileposts is in the way).")
                steps = list(plan.mileposts)
            path.extend(steps if not path else steps[1:])
        # a route through a major city rides its public red area: one Build on each side of it
        runs: list[list[int]] = [[path[0]]]
        for u, v in zip(path, path[1:]):
            if board.is_red_area(u, v):
                runs.append([v])
            else:
                runs[-1].append(v)
        def mine(u: int, v: int) -> bool:
            return st.track.owner(u, v) == seat

        trimmed = []
        for r in runs:   # own track at either end of a run needs no building
            while len(r) > 1 and mine(r[0], r[1]):
                r = r[1:]
            while len(r) > 1 and mine(r[-2], r[-1]):
                r = r[:-1]
            if len(r) > 1:
                trimmed.append(A.Build(r))
        if not trimmed:   # nothing new: let the engine say so (on own track, not at a red area on the way)
            longest = max(runs, key=len)
            return A.Build(longest if len(longest) > 1 else path)
        return trimmed[0] if len(trimmed) == 1 else trimmed
    if word == "move":
        if st.phase == "build" and not operations_next(game):
            # the phase first, as the engine judges it (else a route search would answer for whoever acts)
            require_phase(game, "operations", what="Moving your train")
        if me.position is None:
            raise IllegalAction(R.cite(R.START_TRAIN, rules.rulebook),
                                f"{me.name}'s train is not on the board yet: 'place <city>' first.")
        items = places("Move.path")
        path = [me.position]
        for b in items:
            trip = shortest_trip(board, rules, path[-1], b, position=Position.of(st, seat))
            if trip is None:
                raise IllegalAction(R.cite(R.RUNNING, rules.rulebook),
                                    f"There is no built track from {_place_name(board, path[-1])} to {b}.")
            path.extend(trip.path[1:])
        return A.Move(path[1:])
    if word == "upgrade":
        return A.Upgrade(rest)
    if word == "place":
        if not rest:
            raise InvalidAction("place: name the city, e.g. 'place London'", field="where")
        if _is_id(rest):
            return A.PlaceTrain(int(rest))
        if board.has_city(rest):                    # by the board's own spelling ("place paris": Paris)
            return A.PlaceTrain(board.city(rest).name)
        mp = board.port_milepost(rest)
        return A.PlaceTrain(board.place(mp) if mp is not None else rest)
    if word in ("pickup", "drop"):
        return (A.PickUp if word == "pickup" else A.Drop)(_load_name(board, rest) if rest else rest)
    if word == "deliver":
        parts = rest.split()
        if not parts:
            raise InvalidAction("deliver: name the load, e.g. 'deliver Wine' or 'deliver Wine 17'", field="load")
        repay = None
        if "repay" in parts[1:]:                    # Mercy: "deliver Wine 17 repay 10"
            k = parts.index("repay", 1)
            if k + 1 >= len(parts):
                raise InvalidAction("deliver: say how much of the payoff repays the Mercy loan, e.g. "
                                    "'deliver Wine 17 repay 10'", field="repay")
            repay = _int_field(parts[k + 1], "repay")
            del parts[k:k + 2]
        parts[0] = _load_name(board, parts[0])
        if len(parts) > 1:
            return A.Deliver(parts[0], _int_field(parts[1], "card_id"), repay=repay)
        here = board.city_at(me.position) if me.position is not None else None
        for cid, dem in game.demands(seat):
            if dem.load == parts[0] and (here is None or dem.city == here.name):
                return A.Deliver(parts[0], cid, repay=repay)
        raise IllegalAction(R.cite(R.DELIVER, rules.rulebook),
                            f"No demand card in {me.name}'s hand asks for {parts[0]}"
                            + (f" in {here.name}." if here else "."))
    if word == "discard":
        return A.Discard(_int_field(rest, "card_id"))
    if word == "borrow":
        return A.Borrow(_int_field(rest, "amount"))
    simple = {"discardhand": A.DiscardHand, "endoperations": A.EndOperations, "endops": A.EndOperations,
              "endbuild": A.EndBuild, "endturn": A.EndTurn, "end": A.EndTurn}
    if word in simple and not rest:
        return simple[word]()
    hint = (f"{word} takes nothing after it" if word in simple
            else choose_from(_ACTION_WORDS, word, every=True, lead="start with one of"))
    raise InvalidAction(f"action: unknown command {text!r}; {hint}", field="action")


def _int_field(s: str, fld: str) -> int:
    n = _whole(s)
    if n is None:
        raise InvalidAction(f"{fld}: expected a whole number, got {shown(s)}", field=fld)
    return n
