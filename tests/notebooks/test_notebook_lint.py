"""Every notebook in ``notebooks/`` has the shape a reader (and an instructor editing it in JupyterLab) relies
on. The committed ``.ipynb`` files are the source: this lint replaces a byte-for-byte comparison with a
generator, so a typo fixed in JupyterLab stays green while a notebook that loses its structure goes red.

The rules: no stored outputs or execution counts (the ``nbstripout`` git filter strips them); a Python
kernelspec; a ``# `` title as the first cell and a "What you will learn" cell; the first code cell holds the
imports and ``SEED = ...`` and no later cell imports; no function in a notebook longer than
``MAX_FUNCTION_LINES`` (logic belongs in ``eb_core`` and its tests); no heading with a colon (it breaks
``#anchor`` links under nbconvert and Voila).
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
MAX_FUNCTION_LINES = 6   # the def line and its body; the docstring does not count

each = pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])


def _read(path: Path):
    return nbformat.read(path, as_version=4)


def _code(nb) -> list[str]:
    """Source of every code cell, IPython magics and shell lines blanked so ``ast`` can read it."""
    return ["\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in c.source.splitlines())
            for c in nb.cells if c.cell_type == "code"]


def _headings(nb) -> list[str]:
    return [line for c in nb.cells if c.cell_type == "markdown" for line in c.source.splitlines()
            if re.match(r"^#{1,6} ", line)]


def test_notebooks_exist():
    assert len(NOTEBOOKS) >= 9   # 00 ... 08


@each
def test_valid_and_no_outputs_or_execution_counts(path):
    nb = _read(path)
    nbformat.validate(nb)
    dirty = [i for i, c in enumerate(nb.cells) if c.cell_type == "code" and (c.outputs or c.execution_count)]
    assert not dirty, f"{path.name}: cells {dirty} carry outputs or execution counts (run `make lab` once to set " \
                      f"up the nbstripout filter, or `nbstripout {path.relative_to(ROOT)}`)"


@each
def test_python_kernelspec(path):
    ks = _read(path).metadata.get("kernelspec", {})
    assert ks.get("name") == "python3" and ks.get("language") == "python", \
        f"{path.name}: kernelspec {ks!r}; JupyterLab asks which kernel to start without one"


@each
def test_title_and_what_you_will_learn(path):
    nb = _read(path)
    first = nb.cells[0]
    assert first.cell_type == "markdown" and first.source.startswith("# "), \
        f"{path.name}: the first cell is the title, a markdown cell starting with '# '"
    learn = [i for i, c in enumerate(nb.cells[:3])
             if c.cell_type == "markdown" and "what you will learn" in c.source.lower()]
    assert learn, f"{path.name}: no 'What you will learn' cell at the top"


@each
def test_imports_and_seed_come_first(path):
    cells = _code(_read(path))
    assert cells, f"{path.name} has no code cell"
    first = ast.parse(cells[0])
    assert any(isinstance(n, (ast.Import, ast.ImportFrom)) for n in first.body), \
        f"{path.name}: the first code cell has no imports"
    assert any(isinstance(n, ast.Assign) and any(getattr(t, "id", None) == "SEED" for t in n.targets)
               for n in first.body), f"{path.name}: the first code cell does not set SEED = ..."
    late = [(i, ast.unparse(n)) for i, src in enumerate(cells[1:], 1) for n in ast.walk(ast.parse(src))
            if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert not late, f"{path.name}: imports outside the first code cell (code cell, statement): {late}"


@each
def test_functions_are_short(path):
    long = []
    for i, src in enumerate(_code(_read(path))):
        for n in ast.walk(ast.parse(src)):
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = n.end_lineno - n.lineno + 1
                doc = n.body[0] if n.body and isinstance(n.body[0], ast.Expr) and isinstance(
                    getattr(n.body[0], "value", None), ast.Constant) and isinstance(n.body[0].value.value, str) else None
                if doc is not None:
                    lines -= doc.end_lineno - doc.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    long.append(f"{n.name} (code cell {i}, {lines} lines)")
    assert not long, f"{path.name}: functions longer than {MAX_FUNCTION_LINES} lines (move them to eb_core): {long}"


@each
def test_no_heading_has_a_colon(path):
    bad = [h for h in _headings(_read(path)) if ":" in h]
    assert not bad, f"{path.name}: headings with a colon break #anchor links under nbconvert/Voila: {bad}"


def test_a_cell_that_prints_a_raw_python_value_is_caught():
    """The repository's conftest.py fails a notebook cell whose printed text shows a raw Python value (a
    dataclass repr, an object's address, a numpy scalar) and lets words, tables and widgets through."""
    import importlib.util
    from pathlib import Path
    spec = importlib.util.spec_from_file_location("eb_root_conftest", Path(__file__).resolve().parents[2] / "conftest.py")
    root = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(root)

    def stream(text):
        return [{"output_type": "stream", "name": "stdout", "text": text}]

    def result(text, **more):
        return [{"output_type": "execute_result", "data": {"text/plain": text, **more}}]

    assert root.raw_value_in(result("Hint(seat=0, player='Ann', actions=[Deliver(load='Chocolate', card_id=3)])"))
    assert root.raw_value_in(stream("plan: Plan(stops=[('deliver', 'London', 'Beer', 2)], payout=21)\n"))
    assert root.raw_value_in(result("<eb_core.bots.hint.Hint object at 0x7f3a2c>"))
    assert root.raw_value_in(result("[np.int64(60), '9/2']"))
    assert root.raw_value_in(stream("London to Paris: 13M, 9 mileposts (Build Phase Rules > Right of Way)\n")) is None
    assert root.raw_value_in(result("Denver: a medium city, 3M to build into (Lead)")) is None
    assert root.raw_value_in(result("  cash (M) train\nAnn  60  9/2", **{"text/html": "<table></table>"})) is None
    # a bare list or tuple of names or numbers (notebook 00 listed its folder as "['00_start_here.ipynb', ...]")
    assert root.raw_value_in(result("['00_start_here.ipynb',\n '01_the_board.ipynb']"))
    assert root.raw_value_in(result("('accepted', 'refused (Empire Express > Build Track): ...')"))
    assert root.raw_value_in(stream("['flood', 'fog', 'gale']\n"))
    assert root.raw_value_in(result("(2, 'accepted', 3)"))
    assert root.raw_value_in(stream("Solo moves (12 of 12 movement points used this turn)\n(the Chunnel: 17M)\n")) is None
