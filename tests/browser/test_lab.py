"""Every explorer and the turn stepper in JupyterLab (Run All Cells in headless Chromium): first paint,
a control change redrawn, the stepper's Next moving the train (see :mod:`pages` for what is checked).

One JupyterLab server serves the session and one page loads the JupyterLab application once; each notebook
is opened in it once and every check is made on that page; it is closed and its kernel shut down afterwards. The Voila half is ``test_voila.py``: with ``--dist loadfile``
the two files run side by side on the two xdist workers.
"""
from __future__ import annotations

import pytest

from .pages import EXPECTED, check_notebook, notebook_named, run_notebook_page


@pytest.mark.parametrize("prefix", list(EXPECTED))
def test_lab_explorers(prefix, lab_server, lab_ui, request):
    name = notebook_named(prefix)
    if name is None:
        pytest.skip(f"notebooks/{prefix}_*.ipynb does not exist yet")
    nb = lab_ui(f"lab_{prefix}")
    request.addfinalizer(lab_server.shutdown_kernels)
    request.addfinalizer(nb.close_lab)           # finalizers run last-in first-out: close, then shut down
    run_notebook_page(nb, "lab", name, lab_server=lab_server)
    check_notebook(nb, prefix, "lab")
