"""Set-up shared by every test path of ``make test``: ``tests/``, the ``eb_core`` doctests and the notebooks
under nbval.

``make test`` runs on two pytest-xdist workers with ``--dist loadgroup``: tests are handed out one by one
as workers free up (so the long browser and random-play tests do not pile up on one worker, as they did
with ``--dist loadfile``), except the cells of a notebook, which nbval must run in order in one kernel:
each notebook is one ``xdist_group``.
"""
import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    for item in items:
        if type(item).__name__ == "IPyNbCell":      # nbval: one item per cell, one kernel per notebook
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))
