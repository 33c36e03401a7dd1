"""Every explorer and the turn stepper in JupyterLab (Run All Cells in headless Chromium): first paint,
a control change redrawn, the stepper's Next moving the train (see :mod:`pages` for what is checked).

After notebook 00 has run, a link of its rulebook-coverage table must open notebook 01 at its section.

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
    if prefix == "00":
        follow_coverage_link(nb)


# Notebook 00's rulebook-coverage table links to sections of other notebooks; the one checked here is the
# same link as Voila's deep-link check (``test_voila.DEEP_LINKS``).
COVERAGE_LINK = ("01 · Cities", "01_the_board.ipynb", "Cities")

# The active document is ``file`` and its heading ``id`` sits in the top half of the notebook's view.
# JupyterLab keeps a heading's id as ``data-jupyter-id`` (its sanitizer drops ``id`` attributes).
_IN_VIEW_JS = """
([file, id]) => {
  const app = window.jupyterapp;
  const w = app && app.shell.currentWidget;
  if (!w || !w.context || !w.context.path.endsWith(file)) return false;
  const h = w.node.querySelector(`[id="${id}"], [data-jupyter-id="${id}"]`);
  const box = w.node.querySelector('.jp-WindowedPanel-outer') || w.node;
  if (!h) return false;
  const top = h.getBoundingClientRect().top, frame = box.getBoundingClientRect();
  return top >= frame.top - 2 && top < frame.top + frame.height / 2;
}
"""


def follow_coverage_link(nb) -> None:
    """In JupyterLab, after notebook 00 has run: ``01 · Cities`` in its coverage table opens notebook 01
    (not open yet) with its "Cities" heading in the top half of the view, at the first click.

    JupyterLab 4.6 alone opens it at the top: it applies the ``#fragment`` as soon as the file has loaded,
    before the headings of a notebook opened for the first time are rendered; the maps' front end
    (``display/widgets/base.py``, loaded by 00's route explorer) follows such a click up."""
    text, target, heading = COVERAGE_LINK
    link = nb.page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-RenderedMarkdown a", has_text=text).first
    link.scroll_into_view_if_needed()
    link.click()
    try:
        nb.page.wait_for_function(_IN_VIEW_JS, arg=[target, heading], timeout=30_000)
    finally:
        nb.screenshot(f"deep_link_{heading}")
