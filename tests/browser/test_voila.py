"""The notebooks served as apps by Voila (what ``make present`` does), in headless Chromium.

Voila runs every cell on the server and shows only outputs. One Voila server serves the whole folder for
the session: its tree lists every notebook, and every explorer and the turn stepper of each app page are
checked (first paint, a control change redrawn, the stepper's Next; see :mod:`pages`). The JupyterLab
half is ``test_lab.py``: with ``--dist loadfile`` the two files run side by side on the two xdist workers.
"""
from __future__ import annotations

import json

import pytest

from .pages import EXPECTED, NOTEBOOKS, REDRAW_TIMEOUT, Explorers, check_notebook, notebook_named, run_notebook_page


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
    heading = DEEP_LINKS.get(prefix)
    run_notebook_page(nb, "voila", name, voila_root=voila_root, fragment=heading)
    if heading:
        lands_on(nb, heading)
    check_notebook(nb, prefix, "voila")


# Notebook 00's coverage table links to sections (``01_the_board.ipynb#Cities``); the page of such a
# notebook is opened by that link, and the reader must land on the section although its maps draw after
# the page loaded and push the heading down.
DEEP_LINKS = {"01": "Cities"}


def lands_on(nb, heading: str) -> None:
    nb.page.wait_for_function(
        "(id) => { const h = document.getElementById(id); if (!h) return false;"
        " const top = h.getBoundingClientRect().top; return top >= 0 && top < window.innerHeight / 2; }",
        arg=heading, timeout=30_000)
    nb.screenshot(f"deep_link_{heading}")


_STARVED_NOTEBOOK = {
    "cells": [{"cell_type": "code", "execution_count": None, "id": "starved", "metadata": {}, "outputs": [],
               "source": ["import eb_core as eb\n", "from eb_core.display import widgets\n",
                          "widgets.city_inspector(eb.load_board('tutorial'), city='London')"]}],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
    "nbformat": 4, "nbformat_minor": 5}

# anywidget gives a model 2 s (``AbortSignal.timeout(2000)``) to initialise and then rejects its ``ready``
# promise for good; here that limit is made 1 ms, as on a page starved of CPU.
_STARVE_JS = """
const timeout = AbortSignal.timeout;
AbortSignal.timeout = function (ms) { return timeout.call(this, ms === 2000 ? 1 : ms); };
"""


def test_a_map_redraws_even_when_anywidget_gave_up_on_its_model(voila_root, page, ui, request):
    """The cause of the maps that did not redraw: anywidget rejects a model that took over 2 s to
    initialise, and then drops every later kernel message to it. With that limit forced to 1 ms, the
    model is rejected (the page reports it) and a dropdown change must still redraw the map."""
    (voila_root.root / "starved.ipynb").write_text(json.dumps(_STARVED_NOTEBOOK))
    request.addfinalizer(voila_root.shutdown_kernels)
    page.add_init_script(_STARVE_JS)
    nb = ui("voila_starved")
    page.goto(voila_root.url("voila/render/starved.ipynb"), timeout=180_000)
    nb.wait_rendered(timeout=180)
    for _ in range(50):     # the page's errors arrive as events, handled while the page is waited on (10 s at most)
        if any("Failed to initialize model" in e for e in page.page_errors):
            break
        page.wait_for_timeout(200)
    assert any("Failed to initialize model" in e for e in page.page_errors), (
        f"anywidget's limit did not trip, so this checks nothing; page errors {page.page_errors}")
    ex = Explorers(nb)
    before = ex.settled_plots()[0]
    assert "London" in before["title"]
    new = ex.change_dropdown(0, "city")
    after = ex.wait_for(0, lambda q: q["controls"].get("city") == new and new in q["title"]
                        and q["traces"]["selection"] == 1, f"the starved map did not redraw for city = {new!r}",
                        timeout=REDRAW_TIMEOUT)
    nb.screenshot("changed")
    assert after["traces"]["area:selected"] >= 1

