"""Developer checks on the package itself: ``python -m eb_core.devtools layers``.

``layers`` reads every module of ``eb_core`` with :mod:`ast` (nothing is imported), prints each module with
its layer, and exits 1 if a module imports from a layer above its own or if the top-level imports form a
cycle. Imports inside functions are listed as warnings (with a count) unless the function is a lazy display
hook (``to_figure``, ``_repr_html_``, ``_repr_*``): only those may defer an import.

The layers, bottom to top (a module may import its own layer and the layers below)::

    errors (and words) -> rulebook -> rules -> files -> value types (board, cards, track, costs, state, actions)
    -> engine/, events/ (areas) -> narrate -> routes -> economics -> positions -> bots/ -> sim
    -> eb_core (the package's public names), cli, __main__, devtools -> display/

A module belongs to the layer of the longest prefix in ``LAYER_OF`` that names it or a package above it,
so new modules inside ``eb_core/engine/`` or ``eb_core/events/`` need no entry here.

>>> layer_of("eb_core.engine.build"), layer_of("eb_core.events.areas"), layer_of("eb_core.display.widgets.toolkit")
('engine/events', 'engine/events', 'display')
>>> layer_of("eb_core.rules") != layer_of("eb_core.rulebook")
True
"""
from __future__ import annotations

import argparse
import ast
import sys
from dataclasses import dataclass, field
from pathlib import Path

PACKAGE = "eb_core"
ROOT = Path(__file__).resolve().parent

# (layer name, module prefixes), bottom to top
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("errors", ("eb_core.errors", "eb_core.words")),
    ("rulebook", ("eb_core.rulebook",)),
    ("rules", ("eb_core.rules",)),
    ("files", ("eb_core.files",)),
    ("value types", ("eb_core.board", "eb_core.cards", "eb_core.track", "eb_core.costs", "eb_core.state",
                     "eb_core.actions")),
    ("engine/events", ("eb_core.engine", "eb_core.events", "eb_core.areas")),
    ("narrate", ("eb_core.narrate",)),
    ("routes", ("eb_core.routes",)),
    ("economics", ("eb_core.economics",)),
    ("positions", ("eb_core.positions",)),
    ("bots", ("eb_core.bots",)),
    ("sim", ("eb_core.sim", "eb_core.express_lessons")),
    ("api/cli", ("eb_core", "eb_core.cli", "eb_core.__main__", "eb_core.devtools")),
    ("display", ("eb_core.display",)),
]
LAYER_OF = {prefix: i for i, (_, prefixes) in enumerate(LAYERS) for prefix in prefixes}
LAZY_HOOKS = ("to_figure", "_repr_html_")   # and any _repr_*: may import inside the function


def layer_index(module: str) -> int:
    """The layer number of ``module`` (0 = bottom): its longest prefix in ``LAYER_OF``."""
    parts = module.split(".")
    for n in range(len(parts), 0, -1):
        prefix = ".".join(parts[:n])
        if prefix in LAYER_OF:
            return LAYER_OF[prefix]
    raise KeyError(f"{module} is not in any layer of eb_core.devtools.LAYERS")


def layer_of(module: str) -> str:
    """The name of the layer of ``module``."""
    return LAYERS[layer_index(module)][0]


@dataclass
class Module:
    name: str
    path: Path                                                   # relative to the package's parent
    imports: dict[str, int] = field(default_factory=dict)       # eb_core module -> line (top level, at run time)
    deferred: list[tuple[str, str, int]] = field(default_factory=list)   # (module, function, line)


def modules(root: Path = ROOT) -> dict[str, Path]:
    """``{dotted name: file}`` for every module of the package under ``root``."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root.parent).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _targets(node: ast.Import | ast.ImportFrom, module: str, is_package: bool, known: set[str]) -> list[str]:
    """The ``eb_core`` modules an import statement loads (a name imported from a package counts as that
    package's submodule when one exists, else as the package)."""
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        if node.level:
            base = module.split(".") if is_package else module.split(".")[:-1]
            base = base[: len(base) - (node.level - 1)]
            src = ".".join(base + ([node.module] if node.module else []))
        else:
            src = node.module or ""
        names = [f"{src}.{a.name}" if f"{src}.{a.name}" in known else src for a in node.names]
    out: list[str] = []
    for name in names:
        if name != PACKAGE and not name.startswith(PACKAGE + "."):
            continue
        while name not in known and "." in name:   # `import eb_core.x.y` where y is a name, not a module
            name = name.rsplit(".", 1)[0]
        if name not in out:
            out.append(name)
    return out


def _external(node: ast.Import | ast.ImportFrom) -> list[str]:
    """What an import statement loads from outside the package (``numpy``, ``plotly.graph_objects`` ...)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name.split(".")[0] != PACKAGE]
    return [] if node.level or (node.module or "").split(".")[0] == PACKAGE else [node.module or ""]


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _visit(node: ast.AST, function: str | None, mod: Module, is_package: bool, known: set[str]) -> None:
    """Record the imports under ``node`` in ``mod``: at the top level (``function`` is None) or deferred."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _is_type_checking(child.test):
            for sub in child.orelse:   # only the `else:` of `if TYPE_CHECKING` runs
                _visit(sub, function, mod, is_package, known)
            continue
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            for target in _targets(child, mod.name, is_package, known):
                if function is None:
                    mod.imports.setdefault(target, child.lineno)
                else:
                    mod.deferred.append((target, function, child.lineno))
            if function is not None:
                mod.deferred.extend((ext, function, child.lineno) for ext in _external(child))
            continue
        inner = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
        _visit(child, inner, mod, is_package, known)


def scan(root: Path = ROOT) -> dict[str, Module]:
    """Every module with its run-time top-level imports of ``eb_core`` and its imports inside functions."""
    files = modules(root)
    known = set(files)
    out: dict[str, Module] = {}
    for name, path in files.items():
        mod = Module(name, path.relative_to(root.parent))
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        _visit(tree, None, mod, path.name == "__init__.py", known)
        out[name] = mod
    return out


def upward_imports(mods: dict[str, Module]) -> list[str]:
    """``"a (layer) imports b (higher layer), line n"`` for every top-level import of a higher layer."""
    bad = []
    for m in mods.values():
        for target, line in m.imports.items():
            if layer_index(target) > layer_index(m.name):
                bad.append(f"{m.name} ({layer_of(m.name)}) imports {target} ({layer_of(target)}), "
                           f"{m.path}:{line}")
    return bad


def cycles(mods: dict[str, Module]) -> list[list[str]]:
    """Import cycles among top-level imports (each a list of modules, the first repeated at the end)."""
    graph = {name: sorted(t for t in m.imports if t != name and t in mods) for name, m in mods.items()}
    found, seen_sets = [], set()
    state: dict[str, int] = {}   # 1 on the stack, 2 done
    stack: list[str] = []

    def dfs(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in graph[node]:
            if state.get(nxt) == 1:
                cyc = stack[stack.index(nxt):] + [nxt]
                key = frozenset(cyc)
                if key not in seen_sets:
                    seen_sets.add(key)
                    found.append(cyc)
            elif nxt not in state:
                dfs(nxt)
        stack.pop()
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            dfs(name)
    return found


def deferred_imports(mods: dict[str, Module]) -> list[str]:
    """Imports inside functions other than the lazy display hooks, as warnings."""
    out = []
    for m in mods.values():
        for target, function, line in m.deferred:
            if function in LAZY_HOOKS or function.startswith("_repr_"):
                continue
            up = target in mods and layer_index(target) > layer_index(m.name)
            out.append(f"{m.path}:{line}: {function}() imports {target}"
                       + (f" (upward: {layer_of(target)})" if up else ""))
    return out


def layers_report(root: Path = ROOT, out=sys.stdout) -> int:
    """Print the layer of each module, then upward imports, cycles and deferred imports; 1 if any of the first
    two exist, else 0."""
    mods = scan(root)
    width = max(len(n) for n in mods)
    for i, (layer, _) in enumerate(LAYERS):
        members = sorted(n for n in mods if layer_index(n) == i)
        if members:
            print(f"{i:2d} {layer}", file=out)
            for n in members:
                below = sorted({layer_of(t) for t in mods[n].imports if t != n})
                print(f"     {n:<{width}}  imports from: {', '.join(below) or '-'}", file=out)
    up, cyc, late = upward_imports(mods), cycles(mods), deferred_imports(mods)
    for title, items in [("upward imports", up), ("import cycles", [" -> ".join(c) for c in cyc]),
                         ("warning: imports inside functions (only to_figure/_repr_* hooks may)", late)]:
        print(f"\n{title}: {len(items)}", file=out)
        for item in items:
            print(f"  {item}", file=out)
    return 1 if up or cyc else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m eb_core.devtools", description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    sub.add_parser("layers", help="print each module's layer; fail on an upward import or an import cycle")
    args = ap.parse_args(argv)
    if args.command == "layers":
        return layers_report()
    return 2


if __name__ == "__main__":
    sys.exit(main())
