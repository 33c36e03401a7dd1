"""A notebook served as an app by Voila (what ``make present`` does), in headless Chromium.

Voila runs every cell on the server and shows only outputs. The test checks that a plotly FigureWidget
and the ipywidgets controls render with no traceback, that changing a control changes the figure (the
kernel stays live behind the page), and saves screenshots under ``test-artifacts/browser/``.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

NOTEBOOKS = Path(os.environ.get("EB_NOTEBOOKS_DIR") or Path(__file__).resolve().parents[2] / "notebooks")


# one notebook served as an app: the instructor toolkit, whose position lab is meant to be used this way
VOILA_NOTEBOOKS = ["04"]


@pytest.mark.parametrize("prefix", VOILA_NOTEBOOKS)
def test_notebook_as_voila_app(prefix, voila_factory, ui):
    found = sorted(p.name for p in NOTEBOOKS.glob(f"{prefix}_*.ipynb"))
    if not found:
        pytest.skip(f"notebooks/{prefix}_*.ipynb does not exist yet")
    name = found[0]
    server = voila_factory(name)
    nb = ui(f"voila_{prefix}")
    nb.page.goto(server.base + "/", timeout=180_000)
    try:
        # Voila has finished executing when its spinner is gone; widgets keep appearing a little later
        nb.page.wait_for_function("() => !document.querySelector('#loading') || "
                                  "getComputedStyle(document.querySelector('#loading')).display === 'none'",
                                  timeout=180_000)
        nb.wait_rendered(timeout=180)
    finally:
        nb.screenshot("loaded")
    errors = nb.errors()
    assert not errors, f"{name} under Voila shows errors:\n" + "\n---\n".join(errors) + "\n" + server.log_tail()

    changed = nb.change_control_until_figure_changes()
    nb.screenshot("changed")
    errors = nb.errors()
    assert not errors, f"{name} under Voila: error after changing {changed}:\n" + "\n---\n".join(errors)
    print(f"{name} under Voila: {changed} changed a figure")


def test_present_serves_every_notebook(voila_factory, page, artifacts):
    """``make present`` serves notebooks/ as a tree of apps: every notebook is listed."""
    names = sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    if not names:
        pytest.skip("no notebooks yet")
    server = voila_factory(None)
    page.goto(server.base + "/", timeout=60_000)
    items = page.locator(".jp-DirListing-item .jp-DirListing-itemText")   # Voila's file browser
    items.first.wait_for(timeout=60_000)
    listed = items.evaluate_all("(els) => els.map((e) => e.textContent.trim())")
    page.screenshot(path=str(artifacts / "voila_tree.png"))
    missing = [n for n in names if not any(n in x for x in listed)]
    assert not missing, f"make present does not list {missing}; it lists {listed}"
