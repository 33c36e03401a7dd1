"""Interludes: changes to a game's position made outside the actions, recorded so the game can be replayed.

The rulebook's solo play changes the position between the player's actions: Solo Scenario 3's simulated
Player 2 gets a card and its track is drawn, Solo Scenario 4's simulated opponents draw track, the Simulated
Win / Loss draws a card from the pile and discards it (rulebook: Solo & Variant Rules > Solo Play
Scenarios). None of these is an action of the game's ``history``, so a replay of the actions alone
(:func:`eb_core.narrate.replay`, the turn stepper) would not reach the recorded position. Each such change is
recorded as an *interlude*: ``{"after": k, "changes": {...}}`` -- made after the first ``k`` actions, its
``changes`` keyed by the fields of :meth:`~eb_core.state.GameState.to_dict`, each one of

* ``{"set": value}`` -- the field's new value;
* ``{"append": [...]}`` -- items added to the end of a list field (the log, the discard pile);
* for ``track``, ``{"add": [[a, b, seat], ...], "remove": [[a, b], ...], "crossings": {...}}`` -- segments
  drawn or taken away, and the ferry/tunnel owners when they changed.

:meth:`~eb_core.engine.Game.outside` records them; :func:`apply` replays one.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..state import GameState
from ..words import shown

__all__ = ["changes", "apply", "check"]


def changes(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """What turned the state dictionary ``before`` into ``after`` (both :meth:`GameState.to_dict`), as an
    interlude's ``changes``; empty when nothing changed.

    >>> changes({"cash": 1, "log": ["a"]}, {"cash": 1, "log": ["a", "b"]})
    {'log': {'append': ['b']}}
    """
    out: dict[str, Any] = {}
    for key, new in after.items():
        old = before.get(key)
        if old == new:
            continue
        if key == "track" and isinstance(old, Mapping):
            had = {(a, b): p for a, b, p in old["segments"]}
            has = {(a, b): p for a, b, p in new["segments"]}
            out[key] = {"add": [[a, b, p] for (a, b), p in has.items() if had.get((a, b)) != p],
                        "remove": [[a, b] for (a, b) in had if (a, b) not in has]}
            if old["crossings"] != new["crossings"]:
                out[key]["crossings"] = new["crossings"]
        elif isinstance(old, list) and isinstance(new, list) and new[:len(old)] == old:
            out[key] = {"append": new[len(old):]}
        else:
            out[key] = {"set": new}
    return out


def apply(state: GameState, change: Mapping[str, Any]) -> GameState:
    """The state ``state`` becomes after an interlude's ``changes`` (a new :class:`GameState`)."""
    d = state.to_dict()
    for key, how in change.items():
        if "set" in how:
            d[key] = how["set"]
        elif "append" in how:
            d[key] = list(d[key]) + list(how["append"])
        else:       # the track
            segs = {(a, b): p for a, b, p in d[key]["segments"]}
            for a, b in how.get("remove", []):
                segs.pop((a, b), None)
            for a, b, p in how.get("add", []):
                segs[(a, b)] = p
            d[key] = {"segments": [[a, b, p] for (a, b), p in sorted(segs.items())],
                      "crossings": how.get("crossings", d[key]["crossings"])}
    return GameState.from_dict(d)


_OPS = {"set", "append"}
_TRACK_OPS = {"add", "remove", "crossings"}


def check(interludes: Any, actions: int, fail) -> list[dict[str, Any]]:
    """A saved game's ``interludes`` checked for their shape (``fail(field, problem)`` on the first bad
    one): a list of ``{"after": k, "changes": {...}}`` with ``0 <= k <= actions`` in order, each change keyed
    by a field of the game state and made by one of the operations above."""
    if not isinstance(interludes, list):
        fail("interludes", f"expected a list of interludes, got {shown(interludes)}")
    fields = GameState.__dataclass_fields__
    last = 0
    for i, it in enumerate(interludes):
        where = f"interludes[{i}]"
        if not isinstance(it, Mapping) or set(it) != {"after", "changes"}:
            fail(where, f"expected an object with 'after' and 'changes', got {shown(it)}")
        k = it["after"]
        if isinstance(k, bool) or not isinstance(k, int) or not last <= k <= actions:
            fail(f"{where}.after", f"expected a count of actions from {last} to {actions} (the history's length, "
                                   f"in order), got {shown(k)}")
        last = k
        if not isinstance(it["changes"], Mapping):
            fail(f"{where}.changes", f"expected an object, got {shown(it['changes'])}")
        for key, how in it["changes"].items():
            ops = _TRACK_OPS if key == "track" else _OPS
            if key not in fields:
                fail(f"{where}.changes.{key}", "not a field of the game state")
            if not isinstance(how, Mapping) or not how or not set(how) <= ops or (ops is _OPS and len(how) != 1):
                fail(f"{where}.changes.{key}", f"expected one of {', '.join(sorted(ops))}, got {shown(how)}")
    return [dict(it) for it in interludes]
