"""The layers of ``eb_core`` (README "Layout"): ``python -m eb_core.devtools layers`` prints each module's layer
and fails on an import from a higher layer or an import cycle; imports inside functions are warnings, except
in the lazy display hooks. The synthetic packages below show each failure on a few lines of code."""
from __future__ import annotations

import io
import subprocess
import sys
import textwrap
from pathlib import Path

from eb_core import devtools

ROOT = Path(__file__).resolve().parents[2]


def test_the_package_has_no_upward_import_and_no_cycle():
    run = subprocess.run([sys.executable, "-m", "eb_core.devtools", "layers"], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, check=False, env={"PYTHONPATH": str(ROOT), "PATH": ""})
    assert run.returncode == 0, run.stdout + run.stderr
    assert "upward imports: 0" in run.stdout and "import cycles: 0" in run.stdout
    listed = {line.split()[0] for line in run.stdout.splitlines() if line.startswith("     ")}
    assert set(devtools.modules()) == listed, "every module is printed with its layer"
    assert "warning: imports inside functions" in run.stdout


def test_ruff_finds_no_pyflakes_error_or_statement_style_finding():
    """``ruff check`` with the rules chosen in pyproject.toml (pyflakes ``F``: unused imports and names,
    undefined names; pycodestyle ``E4/E7/E9``: imports on top, one statement a line, no lambda bound to a
    name, no ambiguous ``l``) over the package, the tests, the tools and the benchmarks."""
    run = subprocess.run([sys.executable, "-m", "ruff", "check", "--output-format", "concise",
                          "eb_core", "tests", "tools", "benchmarks"], cwd=ROOT, capture_output=True, text=True,
                         timeout=120, check=False)
    assert run.returncode == 0, run.stdout + run.stderr


def test_layers_follow_the_design_bottom_to_top():
    order = ["eb_core.errors", "eb_core.rulebook", "eb_core.rules", "eb_core.files", "eb_core.board", "eb_core.engine.game",
             "eb_core.narrate", "eb_core.routes", "eb_core.economics", "eb_core.positions", "eb_core.bots.planner",
             "eb_core.sim", "eb_core.cli", "eb_core.display.figures"]
    assert [devtools.layer_index(m) for m in order] == sorted(devtools.layer_index(m) for m in order)
    assert len({devtools.layer_index(m) for m in order}) == len(order)
    # modules of the coming packages need no entry of their own
    assert devtools.layer_of("eb_core.events.europe") == devtools.layer_of("eb_core.engine.legal") == "engine/events"
    assert devtools.layer_index("eb_core.errors") < devtools.layer_index("eb_core.files")   # files raise typed errors
    assert devtools.layer_index("eb_core.rulebook") < devtools.layer_index("eb_core.rules")


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "eb_core"
    for rel, text in {"__init__.py": "", **files}.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    return root


def _report(root: Path) -> tuple[int, str]:
    out = io.StringIO()
    return devtools.layers_report(root, out=out), out.getvalue()


def test_an_upward_import_fails(tmp_path):
    root = _package(tmp_path, {"board.py": "from .routes import cheapest_build\n", "routes.py": "x = 1\n"})
    code, text = _report(root)
    assert code == 1
    assert "upward imports: 1" in text and "eb_core.board (value types) imports eb_core.routes (routes)" in text


def test_a_cycle_fails_even_within_one_layer(tmp_path):
    root = _package(tmp_path, {"engine/__init__.py": "", "engine/game.py": "from eb_core.events import hooks\n",
                               "events/__init__.py": "", "events/hooks.py": "from ..engine import game\n"})
    code, text = _report(root)
    assert code == 1 and "upward imports: 0" in text and "import cycles: 1" in text
    assert "eb_core.engine.game -> eb_core.events.hooks -> eb_core.engine.game" in text


def test_imports_inside_functions_are_warnings_except_in_display_hooks(tmp_path):
    root = _package(tmp_path, {
        "board.py": """
            from typing import TYPE_CHECKING
            if TYPE_CHECKING:
                from .routes import Plan        # for type hints only: not an import at run time
            def to_figure(self):
                from .display import figures
            def _repr_png_(self):
                import plotly
            def neighbours(self):
                import networkx
                from .routes import cheapest_build
            """,
        "routes.py": "", "display/__init__.py": "", "display/figures.py": ""})
    code, text = _report(root)
    assert code == 0, text
    assert "imports inside functions (only to_figure/_repr_* hooks may): 2" in text
    assert "neighbours() imports networkx" in text
    assert "neighbours() imports eb_core.routes (upward: routes)" in text


def test_tab_completion_after_eb_offers_the_public_names_and_each_one_loads():
    """A notebook's ``eb.<Tab>`` lists ``dir(eb_core)``: every public name (``__all__``, loaded on first use)
    and nothing the package uses privately (``importlib``, ``from __future__``'s ``annotations``)."""
    import eb_core as eb
    names = dir(eb)
    assert set(eb.__all__) <= set(names)
    assert not {"annotations", "importlib"} & set(names)
    assert [n for n in eb.__all__ if getattr(eb, n, None) is None] == []
