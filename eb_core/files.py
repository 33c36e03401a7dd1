"""Data files and what is derived from them: reading, the named-file cache, and one weak-keyed cache for
everything computed from an immutable board (or deck).

Boards and decks are immutable once loaded, so anything derived from one (index arrays, graphs, event
areas, route engines) is computed once and kept in :func:`derived`, keyed weakly by the object itself: it
lives exactly as long as the board does, whatever module asked for it.

>>> import eb_core as eb
>>> board = eb.load_board("tutorial")
>>> calls = []
>>> def count(b):
...     calls.append(1)
...     return len(b.mileposts)
>>> derived(board, "doctest:count", count) == derived(board, "doctest:count", count) == len(board.mileposts)
True
>>> len(calls)
1
"""
from __future__ import annotations

import json
import os
import weakref
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any, TypeVar

from .errors import DataFileError

__all__ = ["read_json_file", "load_cached", "derived", "data_dir"]

T = TypeVar("T")

_DERIVED: "weakref.WeakKeyDictionary[Any, dict[Hashable, Any]]" = weakref.WeakKeyDictionary()


def data_dir() -> Path:
    """The folder holding ``boards/``, ``decks/`` and ``schemas/`` (``$EB_DATA`` or the repository's ``data/``)."""
    env = os.environ.get("EB_DATA")
    return Path(env) if env else Path(__file__).resolve().parent.parent / "data"


def derived(owner: Any, key: Hashable, factory: Callable[[Any], T]) -> T:
    """``factory(owner)``, computed once per ``owner`` and ``key`` and kept while ``owner`` is alive.

    ``owner`` is an immutable board or deck (compared by identity); ``key`` names what is derived
    (``"engine:index"``, ``("routes:engine", rules)``...), so modules never share a slot by accident."""
    slots = _DERIVED.get(owner)
    if slots is None:
        slots = _DERIVED[owner] = {}
    try:
        return slots[key]
    except KeyError:
        value = slots[key] = factory(owner)
        return value


def read_json_file(path, error: type[DataFileError]):
    """Decode a JSON data file, raising ``error`` (naming the file) when it cannot be read or parsed."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise error(str(path), "<file>", f"cannot read: {exc}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(str(path), "<json>", f"not valid JSON: {exc}") from None


def load_cached(path_or_name, subdir: str, data_dir, reader, cache: dict):
    """Resolve a data-file name (``data/<subdir>/<name>.json``) or a JSON path and return
    ``reader(path)``, memoised in ``cache`` until the file's modification time changes (boards and
    decks are immutable). An unknown name raises :class:`KeyError` listing the available names."""
    p = Path(path_or_name)
    if p.suffix != ".json":
        folder = Path(data_dir) / subdir
        p = folder / f"{path_or_name}.json"
        if not p.exists():
            avail = sorted(x.stem for x in folder.glob("*.json"))
            raise KeyError(f"no {subdir[:-1]} named {path_or_name!r}; available: {avail}")
    key = str(p.resolve())
    try:
        mtime = p.stat().st_mtime
    except OSError:
        mtime = -1.0
    hit = cache.get(key)
    if hit and hit[0] == mtime:
        return hit[1]
    value = reader(p)
    cache[key] = (mtime, value)
    return value
