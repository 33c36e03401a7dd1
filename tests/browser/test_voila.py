"""The notebooks served as apps by Voila (what ``make present`` does), in headless Chromium.

Voila runs every cell on the server and shows only outputs. One Voila server serves the whole folder for
the session: its tree lists every notebook, and every explorer and the turn stepper of each app page are
checked (first paint, a control change redrawn, the stepper's Next; see :mod:`pages`). The JupyterLab
half is ``test_lab.py``: with ``--dist loadfile`` the two files run side by side on the two xdist workers.
"""
from __future__ import annotations

import pytest

from .pages import EXPECTED, NOTEBOOKS, check_notebook, notebook_named, run_notebook_page


def test_present_serves_every_notebook(voila_root, page, artifacts):
    """``make present`` serves notebooks/ as a tree of apps: every notebook is listed."""
    names = sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    if not names:
        pytest.skip("no notebooks yet")
    page.goto(voila_root.base + "/", timeout=60_000)
    items = page.locator(".jp-DirListing-item .jp-DirListing-itemText")   # Voila's file browser
    items.first.wait_for(timeout=60_000)
    listed = items.evaluate_all("(els) => els.map((e) => e.textContent.trim())")
    page.screenshot(path=str(artifacts / "voila_tree.png"))
    missing = [n for n in names if not any(n in x for x in listed)]
    assert not missing, f"make present does not list {missing}; it lists {listed}"


@pytest.mark.parametrize("prefix", list(EXPECTED))
def test_voila_explorers(prefix, voila_root, ui, request):
    name = notebook_named(prefix)
    if name is None:
        pytest.skip(f"notebooks/{prefix}_*.ipynb does not exist yet")
    nb = ui(f"voila_{prefix}")
    request.addfinalizer(voila_root.shutdown_kernels)
    run_notebook_page(nb, "voila", name, voila_root=voila_root)
    check_notebook(nb, prefix, "voila")
