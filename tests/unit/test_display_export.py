"""PNG and HTML export for the instructor (issue 9 item 3): kaleido drives the installed Chromium,
offline, and the files land in a folder the instructor names (default notebooks/exports/)."""
from __future__ import annotations

import importlib.util
import logging
import struct

import pytest

from eb_core.errors import InvalidAction

import eb_core as eb
from eb_core.display import figures

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def fig():
    board = eb.load_board("tutorial")
    return figures.zoom_to(figures.board_figure(board, title="Export check"), board, ["London", "Paris"])


def test_png_export_writes_a_png_of_the_asked_size(fig, tmp_path):
    if importlib.util.find_spec("kaleido") is None:
        pytest.skip("kaleido is not installed (pip install 'eb[notebooks]')")
    if figures.find_browser() is None:
        pytest.skip("no Chrome/Chromium found for kaleido (Debian: apt-get install chromium)")
    path = figures.export(fig, "board.png", tmp_path / "class 1", width=600, height=400, scale=1)
    assert path == tmp_path / "class 1" / "board.png"
    data = path.read_bytes()
    assert data[:8] == PNG_SIGNATURE
    width, height = struct.unpack(">II", data[16:24])             # the IHDR chunk
    assert (width, height) == (600, 400)
    assert len(data) > 10_000, "a drawn board, not an empty image"
    # the browser driver's "ignored a non-JSON pipe message" traceback no longer reaches the notebook as
    # error output; its other records still do
    pipe = logging.getLogger("choreographer.channels.pipe")
    record = lambda msg: logging.LogRecord(pipe.name, logging.ERROR, __file__, 1, msg, None, None)  # noqa: E731
    assert not pipe.filter(record("JSONError decoding message. Ignoring"))
    assert pipe.filter(record("Error in trying to decode JSON off our read."))


def test_html_export_is_self_contained(fig, tmp_path):
    path = figures.export(fig, "board.html", tmp_path)
    page = path.read_text(encoding="utf-8")
    assert path.stat().st_size > 100_000 and "Plotly.newPlot" in page, "plotly.js inside: opens offline"


def test_export_defaults_to_notebooks_exports_and_refuses_other_formats(fig, tmp_path):
    assert figures.EXPORT_DIR.parts[-2:] == ("notebooks", "exports")
    with pytest.raises(InvalidAction, match=".png or .html") as err:
        figures.export(fig, "board.svg", tmp_path)
    assert err.value.field == "path"


def test_a_png_export_that_kaleido_fails_to_draw_once_is_tried_again(tmp_path, monkeypatch):
    """kaleido's page in the browser now and then fails to draw on a loaded machine (a JavascriptError):
    the export tries once more; any other error, or a second failure, reaches the caller."""
    if importlib.util.find_spec("kaleido") is None or figures.find_browser() is None:
        pytest.skip("PNG export needs kaleido and Chrome/Chromium")

    class JavascriptError(RuntimeError):            # kaleido's class is matched by name
        pass

    board = eb.load_board("tutorial")
    calls = []

    def flaky(fails, error):
        def write_image(path, **kw):
            calls.append(path)
            if len(calls) <= fails:
                raise error("the page did not draw")
            path.write_bytes(PNG_SIGNATURE)
        return write_image

    fig = figures.board_figure(board, title="Retry check")
    monkeypatch.setattr(fig, "write_image", flaky(1, JavascriptError))
    assert figures.export(fig, "once.png", tmp_path).read_bytes() == PNG_SIGNATURE and len(calls) == 2
    calls.clear()
    monkeypatch.setattr(fig, "write_image", flaky(2, JavascriptError))
    with pytest.raises(JavascriptError):
        figures.export(fig, "twice.png", tmp_path)
    calls.clear()
    monkeypatch.setattr(fig, "write_image", flaky(1, ValueError))
    with pytest.raises(ValueError):
        figures.export(fig, "other.png", tmp_path)
    assert len(calls) == 1
