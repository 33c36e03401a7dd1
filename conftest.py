"""A check on every notebook cell that ``pytest --nbval-lax notebooks`` runs: what a cell prints is for a
reader, so a raw Python value in its text -- a dataclass's repr (``Plan(stops=...)``, ``Hint(seat=0, ...)``),
an object's address, a ``mappingproxy``, a numpy scalar's repr, a bare list or tuple of names or numbers
-- fails the cell, naming what it printed.
Tables (with their HTML) and widgets are not read here: their text is the pictures' and the tables' own.
"""
from __future__ import annotations

import re

import pytest

#: what a reader must never see in a cell's printed text
RAW = re.compile(r"\b[A-Z][A-Za-z]*\([a-z_]+=|object at 0x[0-9a-f]+|mappingproxy\(|np\.(?:int|float|bool_?)\d*\(")
#: a bare list, tuple, dict or set of strings or numbers at the start of a line (``['00_start_here.ipynb',
#: ...]``, ``(3, 4)``): a value to say in words or show as a table
RAW_CONTAINER = re.compile(r"(?m)^\s*[\[\(\{]\s*(?:'|\"|-?\d+(?:\.\d+)?\s*[,:\]\)])")
_RICH = ("text/html", "application/vnd.jupyter.widget-view+json", "application/vnd.plotly.v1+json")


def raw_value_in(outputs) -> str | None:
    """The first raw Python value printed in a cell's ``outputs`` (nbformat output nodes), with some text
    around it, or ``None``."""
    for out in outputs or ():
        texts = []
        if out.get("output_type") == "stream":
            texts.append(out.get("text", ""))
        data = out.get("data") or {}
        if "text/plain" in data and not any(k in data for k in _RICH):
            texts.append(data["text/plain"])
        for text in texts:
            m = RAW.search(text) or RAW_CONTAINER.search(text)
            if m:
                return text[max(0, m.start() - 60):m.end() + 60]
    return None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    if call.when != "call" or not rep.passed or not hasattr(item, "test_outputs"):
        return
    found = raw_value_in(item.test_outputs)
    if found is not None:
        rep.outcome = "failed"
        rep.longrepr = (f"{item.nodeid}: the cell prints a raw Python value where a reader should see words "
                        f"(say it with the objects' explain()/describe() or a sentence): ...{found}...")
