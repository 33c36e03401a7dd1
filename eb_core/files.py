"""Data files and what is derived from them: reading, JSON Schema validation, the named-file cache, and one
weak-keyed cache for everything computed from an immutable board (or deck).

Board and deck files are checked against the JSON Schemas in ``data/schemas/`` (``eb-board-1.json``,
``eb-deck-1.json``, draft 2020-12) by :func:`validate`. Each schema is compiled once, on first use, by
``fastjsonschema`` (a valid Europe board is checked in about twice the time ``json.loads`` takes to read
it); when a document is invalid, the reference validator ``jsonschema`` looks at the part that failed and
its best error becomes a :class:`~eb_core.errors.BoardFileError` / :class:`~eb_core.errors.DeckFileError`
naming the file, the field path (``mileposts[12].terrain``) and the problem in a plain sentence.
What a schema cannot say (ids in order, edge ends that exist, ...) the loaders check in Python.

>>> import eb_core as eb
>>> from eb_core.errors import BoardFileError
>>> try:
...     validate({"schema": "eb-board/1", "name": "x", "mileposts": [{"id": 0, "x": 0, "y": 0, "terrain": "swamp"}],
...               "edges": [], "cities": [], "loads": {}}, "eb-board-1", "my.json", BoardFileError)
... except BoardFileError as err:
...     print(err)
my.json: field 'mileposts[0].terrain': unknown terrain 'swamp'; expected 'clear', 'mountain' or 'alpine'

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

import copy
import functools
import json
import os
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from pathlib import Path
from typing import Any, TypeVar

import fastjsonschema

from .errors import DataFileError, InvalidAction, UnknownName
from .words import and_list, closest, or_list, shown

__all__ = ["read_json_file", "load_cached", "derived", "data_dir", "schema_dir", "load_schema", "validate",
           "reference_validator"]

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


def recent(owner: Any, name: Hashable, key: Hashable, compute: Callable[[], T], *, size: int = 8,
           guard: Any = None) -> T:
    """``compute()`` for ``key``, kept among the last ``size`` keys asked of ``owner`` (a board) under
    ``name`` -- for what depends on a changing position (the track), where :func:`derived` would keep
    every one. ``guard`` is an object the value also depends on whose ``id`` is part of ``key`` (a
    ruleset): a value made for another object that had the same id is computed again."""
    cache: OrderedDict = derived(owner, ("recent", name), lambda _: OrderedDict())
    hit = cache.get(key)
    if hit is None or hit[0] is not guard:
        hit = cache[key] = (guard, compute())
        while len(cache) > size:
            try:                    # the oldest entry (another thread may have dropped it already)
                cache.popitem(last=False)
            except KeyError:
                break
    else:
        cache.move_to_end(key)
    return hit[1]


def read_json_file(path, error: type[DataFileError]):
    """Decode a JSON data file, raising ``error`` (naming the file) when it cannot be read or parsed."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise error(str(path), "<file>", f"cannot read: {exc}") from None
    except UnicodeDecodeError as exc:
        raise error(str(path), "<file>", f"not UTF-8 text (byte 0x{exc.object[exc.start]:02x} at {exc.start}): "
                                         "save it as UTF-8") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(str(path), "<json>", f"not valid JSON: {exc}") from None


def load_cached(path_or_name, subdir: str, data_dir, reader, cache: dict,
                note: Callable[[str], str | None] | None = None):
    """Resolve a data-file name (``data/<subdir>/<name>.json``) or a JSON path and return
    ``reader(path)``, memoised in ``cache`` until the file's modification time changes (boards and
    decks are immutable). An existing file is read whatever its name ends with; an unknown name raises
    :class:`~eb_core.errors.UnknownName` naming the closest names, or else every one, in words; ``note``
    says what a name that is no file's is, if it knows (a ruleset's name: its board), asked only then."""
    if not isinstance(path_or_name, (str, os.PathLike)):
        kind = subdir[:-1]
        raise InvalidAction(f"{kind}: expected a {kind} name or the path of a JSON file, got {shown(path_or_name)}",
                            field=kind)
    p = Path(path_or_name)
    if p.suffix != ".json" and not p.exists():
        folder = Path(data_dir) / subdir
        p = folder / f"{path_or_name}.json"
        if not p.exists():
            kind = subdir[:-1]
            avail = sorted(x.stem for x in folder.glob("*.json"))
            close = closest(avail, str(path_or_name))
            hint = ((note and note(str(path_or_name))) or (f"did you mean {' or '.join(close)}?" if close
                                                           else f"the {subdir} are {and_list(avail)}"))
            raise UnknownName(f"no {kind} named {path_or_name!r} ({hint})", field=kind)
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


# ------------------------------------------------------------------------------------ JSON Schema validation
_REPO_DATA = Path(__file__).resolve().parent.parent / "data"


def schema_dir() -> Path:
    """The folder of the JSON Schemas: ``schemas/`` of :func:`data_dir`, else the repository's ``data/schemas``."""
    own = data_dir() / "schemas"
    return own if own.is_dir() else _REPO_DATA / "schemas"


@functools.cache
def _read_schema(name: str) -> dict[str, Any]:
    path = schema_dir() / f"{name}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def load_schema(name: str) -> dict[str, Any]:
    """The JSON Schema ``data/schemas/<name>.json`` (``"eb-board-1"``, ``"eb-deck-1"``), as a fresh dict."""
    return copy.deepcopy(_read_schema(name))


def _inline_refs(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema with every local ``{"$ref": "#/$defs/x"}`` replaced by the definition itself.

    Same meaning, faster compiled code: ``fastjsonschema`` turns each ``$ref`` into a call that formats
    the item's path for every array element, which triples the time to check the Europe board."""
    defs = schema.get("$defs", {})

    def walk(node: Any, seen: tuple[str, ...]) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/") and ref.count("/") == 2:
                key = ref[len("#/$defs/"):]
                if key in seen:  # a recursive definition stays a reference
                    return node
                rest = {k: walk(v, seen) for k, v in node.items() if k != "$ref"}
                return {**walk(defs[key], seen + (key,)), **rest}
            return {k: walk(v, seen) for k, v in node.items()}
        if isinstance(node, list):
            return [walk(x, seen) for x in node]
        return node

    return walk(schema, ())


@functools.cache
def _jsonschema():
    """``jsonschema`` and its draft 2020-12 validator class accepting tuples as arrays and any mapping as an
    object (documents built in Python for ``Board.from_dict``).

    Imported on first use, like the display hooks, because importing ``jsonschema`` also imports its
    optional format checkers: with the notebook stack installed (``rfc3987-syntax`` builds a grammar at
    import) that takes seconds, which ``import eb_core`` must not pay; only an invalid file does. (The Makefile's
    installs leave ``rfc3987-syntax`` out: ``tools/uv-overrides.txt``.)"""
    import jsonschema
    from jsonschema import exceptions

    types = jsonschema.Draft202012Validator.TYPE_CHECKER.redefine_many({
        "array": lambda _checker, x: isinstance(x, (list, tuple)),
        "object": lambda _checker, x: isinstance(x, Mapping),
    })
    return jsonschema.validators.extend(jsonschema.Draft202012Validator, type_checker=types), exceptions.best_match


def reference_validator(name: str):
    """The ``jsonschema`` (draft 2020-12) validator of ``data/schemas/<name>.json``, built once."""
    return _compiled(name).reference


class _Compiled:
    """One schema, compiled once: the fast check for every load and the reference validator for errors."""

    def __init__(self, name: str):
        self.name = name
        self.schema = _read_schema(name)
        self.fast = fastjsonschema.compile(_inline_refs(self.schema), use_default=False, use_formats=False)
        self._reference: Any = None

    @property
    def reference(self):
        if self._reference is None:
            self._reference = _jsonschema()[0](self.schema)
        return self._reference

    def best_error(self, doc: Any, fast_path: list[Any]) -> tuple[list[Any], Any, Any] | None:
        """The reference validator's best error in the part of ``doc`` where the fast check failed:
        the array item (``mileposts[12]``) or top-level field it lies in, or the document's own fields.
        Returns the path of that part, the error and the schema the part was checked against."""
        best_match = _jsonschema()[1]
        props = self.schema.get("properties", {})
        if fast_path and isinstance(doc, Mapping) and fast_path[0] in doc and fast_path[0] in props:
            key = fast_path[0]
            sub, inst, prefix = props[key], doc[key], [key]
            if (len(fast_path) > 1 and isinstance(fast_path[1], int) and isinstance(sub.get("items"), dict)
                    and isinstance(inst, (list, tuple)) and 0 <= fast_path[1] < len(inst)):
                sub, inst, prefix = sub["items"], inst[fast_path[1]], [key, fast_path[1]]
            err = best_match(self.reference.evolve(schema=sub).iter_errors(inst))
            if err is not None:
                return prefix, err, sub
        shallow = {**self.schema, "properties": {k: {"description": v.get("description", "")} if isinstance(v, dict)
                                                 else v for k, v in props.items()}}
        err = best_match(self.reference.evolve(schema=shallow).iter_errors(doc))
        if err is not None:
            return [], err, shallow
        err = best_match(self.reference.iter_errors(doc))
        return ([], err, self.schema) if err is not None else None


@functools.cache
def _compiled(name: str) -> _Compiled:
    return _Compiled(name)


def validate(doc: Any, schema: str, source: str, error: type[DataFileError]) -> None:
    """Check a decoded document against ``data/schemas/<schema>.json``; raise ``error(source, field,
    problem)`` for the best schema error (``field`` is the JSON path, ``"mileposts[12].terrain"``)."""
    c = _compiled(schema)
    try:
        c.fast(doc)
        return
    except fastjsonschema.JsonSchemaValueException as exc:
        fast = exc
    fast_path = list(fast.path[1:]) if fast.path and fast.path[0] == "data" else []
    found = c.best_error(doc, fast_path)
    if found is None:  # the two validators disagree (a Python mapping that is not a dict...): say what failed
        problem = fast.message
        if problem.startswith(fast.name):
            problem = problem[len(fast.name):].strip()
        raise error(source, field_path(fast_path), problem) from None
    prefix, err, checked = found
    fld, problem = explain(err, checked, c.schema.get("$defs", {}))
    raise error(source, field_path(prefix + fld), problem) from None


def field_path(parts) -> str:
    """``["mileposts", 12, "terrain"]`` -> ``"mileposts[12].terrain"`` (``"<root>"`` for the document)."""
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or "<root>"


_TYPE_WORDS = {"object": "a JSON object", "array": "a list", "string": "a string", "integer": "a whole number",
               "number": "a number", "boolean": "true or false", "null": "null"}


def _shown(value: Any) -> str:
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, (list, tuple)):
        return f"a list of {len(value)}"
    return repr(value)


def _entries(n: int) -> str:
    return "one entry" if n == 1 else f"{n} entries"


def _about(schema: Any) -> str:
    """The first sentence of a subschema's description, to end a problem with (``""`` if none)."""
    desc = schema.get("description", "") if isinstance(schema, Mapping) else ""
    first = desc.split(". ")[0].rstrip(".")
    return f": {first[:1].lower()}{first[1:]}" if first else ""


def _property_schema(root: Any, schema_path, key: str, defs: Mapping[str, Any]) -> Any:
    """The schema of property ``key`` in the innermost object schema along ``schema_path`` that names it
    (a ``required`` inside an ``if``/``then`` finds the description where the property is defined)."""
    found, node = None, root
    for step in schema_path:
        if isinstance(node, Mapping) and isinstance(node.get("properties"), Mapping) and key in node["properties"]:
            found = node["properties"][key]
        try:
            if isinstance(node, Mapping) and step not in node and str(node.get("$ref", "")).startswith("#/$defs/"):
                node = defs[node["$ref"][len("#/$defs/"):]]  # the path goes on inside the referenced schema
            node = node[step]
        except (KeyError, IndexError, TypeError):
            break
    if isinstance(node, Mapping) and isinstance(node.get("properties"), Mapping) and key in node["properties"]:
        found = node["properties"][key]
    return found


def explain(err, root: Any = None, defs: Mapping[str, Any] | None = None) -> tuple[list[Any], str]:
    """A ``jsonschema`` error as (field path parts, a plain sentence about the problem). ``root`` is the schema
    the document was checked against and ``defs`` the ``$defs`` its references point to (both only to find
    the description of a missing property)."""
    path = list(err.absolute_path)
    kw, want, inst, sch = err.validator, err.validator_value, err.instance, err.schema
    if kw == "required":
        missing = next((k for k in want if not (isinstance(inst, Mapping) and k in inst)), want[0])
        own = sch.get("properties", {}).get(missing)
        if own is None and root is not None:
            own = _property_schema(root, list(err.absolute_schema_path), missing, defs or {})
        return path + [missing], "is missing" + _about(own)
    if kw == "additionalProperties" and want is False and isinstance(inst, Mapping):
        known = sch.get("properties", {})
        extra = next((k for k in inst if k not in known), None)
        noun = sch.get("title", "field") if path else "field"
        return path + ([extra] if extra is not None else []), (
            f"unknown {noun} {extra!r}; expected {or_list(map(repr, sorted(known)))}")
    if kw == "type":
        kinds = [want] if isinstance(want, str) else list(want)
        return path, f"expected {' or '.join(_TYPE_WORDS.get(k, k) for k in kinds)}, got {_shown(inst)}"
    if kw == "enum" and len(want) != 1:
        if "title" in sch:
            return path, f"unknown {sch['title']} {inst!r}; expected {or_list(map(repr, want))}"
        return path, f"expected {or_list(map(repr, want))}, got {shown(inst)}" + _about(sch)
    if kw in ("const", "enum"):
        value = want if kw == "const" else want[0]
        return path, f"expected {value!r}, got {shown(inst)}" + _about(sch)
    if kw in ("minItems", "maxItems"):
        lo, hi = sch.get("minItems"), sch.get("maxItems")
        got = len(inst) if isinstance(inst, (list, tuple)) else inst
        if lo is not None and lo == hi:
            return path, f"expected exactly {_entries(lo)}, got {got}" + _about(sch)
        bound = "at least" if kw == "minItems" else "at most"
        return path, f"expected {bound} {_entries(want)}, got {got}" + _about(sch)
    if kw == "exclusiveMinimum" and want == 0:
        return path, f"expected a positive number, got {shown(inst)}" + _about(sch)
    if kw == "minimum" and want == 0:
        return path, f"expected zero or more, got {shown(inst)}" + _about(sch)
    if kw in ("minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"):
        word = {"minimum": "at least", "exclusiveMinimum": "more than", "maximum": "at most",
                "exclusiveMaximum": "less than"}[kw]
        return path, f"expected {word} {want}, got {shown(inst)}" + _about(sch)
    if kw == "minLength" and want == 1:
        return path, "must not be empty" + _about(sch)
    if kw in ("pattern", "not"):
        return path, f"{inst!r} is not allowed here" + _about(sch)
    if kw == "uniqueItems":
        return path, "lists the same value twice" + _about(sch)
    return path, err.message + _about(sch)
