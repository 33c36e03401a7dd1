"""The notebooks in a real browser: JupyterLab + headless Chromium (Playwright).

For each teaching notebook that exists: open it in JupyterLab, Run All Cells, check that a plotly
FigureWidget and the ipywidgets controls render with no traceback in any output, change a control (select
another dropdown value) and check that a figure on the page changed, and save screenshots under
``test-artifacts/browser/``. Notebooks still being written are skipped by name until their file exists.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

NOTEBOOKS = Path(os.environ.get("EB_NOTEBOOKS_DIR") or Path(__file__).resolve().parents[2] / "notebooks")


# the notebooks a reader drives by hand; each must show a figure and a control that changes it
LAB_NOTEBOOKS = ["00", "01", "02", "04", "07"]


def notebook_named(prefix: str) -> str | None:
    """``notebooks/<prefix>_*.ipynb`` if it exists (the first in name order), else ``None``."""
    found = sorted(p.name for p in NOTEBOOKS.glob(f"{prefix}_*.ipynb"))
    return found[0] if found else None


@pytest.mark.parametrize("prefix", LAB_NOTEBOOKS)
def test_notebook_runs_and_reacts_in_jupyterlab(prefix, lab_server, ui, request):
    name = notebook_named(prefix)
    if name is None:
        pytest.skip(f"notebooks/{prefix}_*.ipynb does not exist yet")
    nb = ui(f"lab_{prefix}")
    request.addfinalizer(lab_server.shutdown_kernels)
    nb.open_lab(lab_server, name)
    seconds = nb.run_all_lab()
    nb.screenshot("ran")
    errors = nb.errors()
    assert not errors, f"{name}: error output after Run All Cells:\n" + "\n---\n".join(errors)

    nb.wait_rendered()
    n_figs = nb.page.locator(".js-plotly-plot").count()
    n_controls = nb.page.locator(".jupyter-widgets").count()
    assert n_figs >= 1 and n_controls >= 1, f"{name}: {n_figs} plotly figures, {n_controls} widgets rendered"

    changed = nb.change_control_until_figure_changes()
    nb.page.locator(".js-plotly-plot").first.scroll_into_view_if_needed()
    nb.screenshot("changed")
    errors = nb.errors()
    assert not errors, f"{name}: error output after changing {changed}:\n" + "\n---\n".join(errors)
    print(f"{name}: ran in {seconds:.1f}s, {n_figs} figures, {n_controls} widgets; {changed} changed a figure")
