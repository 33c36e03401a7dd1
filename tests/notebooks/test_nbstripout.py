"""Outputs never reach git: running the notebooks in JupyterLab leaves ``git status`` clean.

``make lab`` runs ``make nbstripout``, which defines the ``nbstripout`` git filter that ``.gitattributes``
applies to every ``*.ipynb``. This test runs that very Makefile target in a throw-away git repository
holding a committed notebook, then writes what a class's Run All leaves in the file (outputs, execution
counts, widget state, the kernel's version details) and checks that ``git diff`` shows nothing, that
``git add`` stores nothing new and that ``git status`` is then clean. (Before that ``git add``, ``git status``
may list a notebook whose file size changed: git compares sizes before it runs a filter.)
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VENV = Path(sys.executable).parent.parent     # the environment running the tests, as make's $(VENV)
NOTEBOOK = "02_building_track.ipynb"


def test_gitattributes_filters_every_notebook_and_make_lab_sets_the_filter_up():
    attrs = (ROOT / ".gitattributes").read_text().splitlines()
    assert "*.ipynb filter=nbstripout" in attrs and "*.ipynb diff=ipynb" in attrs
    makefile = (ROOT / "Makefile").read_text()
    lab = next(line for line in makefile.splitlines() if line.startswith("lab:"))
    assert "nbstripout" in lab.split(":", 1)[1].split(), "make lab sets up the nbstripout filter first"
    assert "nbstripout --install" in makefile and "--keep-id" in makefile


def _run_as_a_class_would(path: Path) -> None:
    """Fill a notebook as JupyterLab does after Run All and a save."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    n = 0
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            n += 1
            cell["execution_count"] = n
            cell["outputs"] = [
                {"output_type": "stream", "name": "stdout", "text": ["ok\n"]},
                {"output_type": "execute_result", "execution_count": n, "metadata": {},
                 "data": {"text/plain": [f"result {n}"],
                          "application/vnd.jupyter.widget-view+json": {"model_id": "abc", "version_major": 2,
                                                                       "version_minor": 0}}}]
            cell["metadata"]["scrolled"] = True
            cell["metadata"]["execution"] = {"iopub.execute_input": "2026-12-01T06:00:00.000Z"}
    nb["metadata"]["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {"abc": {}},
                                                                                "version_major": 2,
                                                                                "version_minor": 0}}
    nb["metadata"]["language_info"] = {
        "codemirror_mode": {"name": "ipython", "version": 3}, "file_extension": ".py", "mimetype": "text/x-python",
        "name": "python", "nbconvert_exporter": "python", "pygments_lexer": "ipython3", "version": "3.11.2"}
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def test_running_a_notebook_leaves_git_status_clean(tmp_path):
    if shutil.which("git") is None or shutil.which("make") is None:
        pytest.skip("needs git and make")
    pytest.importorskip("nbstripout", reason="nbstripout is in the notebooks extra: pip install -e '.[notebooks]'")
    repo = tmp_path / "repo"
    (repo / "notebooks").mkdir(parents=True)
    committed = (ROOT / "notebooks" / NOTEBOOK).read_bytes()
    (repo / "notebooks" / NOTEBOOK).write_bytes(committed)
    shutil.copy(ROOT / ".gitattributes", repo / ".gitattributes")

    def git(*args: str) -> str:
        return subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid", *args], cwd=repo,
                              check=True, capture_output=True, text=True).stdout

    git("init", "-q")
    # the Makefile's own target, with this environment as $(VENV) and no reinstall
    made = subprocess.run(["make", "-s", "-f", str(ROOT / "Makefile"), f"VENV={VENV}",
                           "-o", f"{VENV}/.lab-installed", "nbstripout"],
                          cwd=repo, capture_output=True, text=True, timeout=120, check=False)
    assert made.returncode == 0, made.stdout + made.stderr
    assert "--keep-id" in git("config", "filter.nbstripout.clean")
    git("add", "-A")
    git("commit", "-q", "-m", "notebooks without outputs")
    assert git("show", f"HEAD:notebooks/{NOTEBOOK}").encode() == committed, "the filter leaves a clean notebook as is"

    _run_as_a_class_would(repo / "notebooks" / NOTEBOOK)
    assert (repo / "notebooks" / NOTEBOOK).read_bytes() != committed
    assert git("diff") == "", "git diff shows a notebook that was only run as changed"
    # git lists a file whose size changed before it runs the filter; `git add` stores nothing new and clears it
    git("add", "-A")
    assert git("diff", "--cached") == "", "git add would store outputs"
    assert git("status", "--porcelain") == "", "after git add, a notebook that was only run is unchanged"
