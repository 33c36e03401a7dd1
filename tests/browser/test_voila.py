"""A notebook served as an app by Voila (what ``make present`` does), in headless Chromium.

Voila runs every cell on the server and shows only outputs. This file checks the tree of apps; the
explorers of every notebook are checked under Voila (and JupyterLab) by ``test_explorers.py``.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

NOTEBOOKS = Path(os.environ.get("EB_NOTEBOOKS_DIR") or Path(__file__).resolve().parents[2] / "notebooks")


def test_present_serves_every_notebook(voila_root, page, artifacts):
    """``make present`` serves notebooks/ as a tree of apps: every notebook is listed."""
    names = sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    if not names:
        pytest.skip("no notebooks yet")
    server = voila_root
    page.goto(server.base + "/", timeout=60_000)
    items = page.locator(".jp-DirListing-item .jp-DirListing-itemText")   # Voila's file browser
    items.first.wait_for(timeout=60_000)
    listed = items.evaluate_all("(els) => els.map((e) => e.textContent.trim())")
    page.screenshot(path=str(artifacts / "voila_tree.png"))
    missing = [n for n in names if not any(n in x for x in listed)]
    assert not missing, f"make present does not list {missing}; it lists {listed}"
