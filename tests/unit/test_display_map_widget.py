"""The map widget's front end: plotly's 5 MB widget bundle is not the widget's ``_esm`` (anywidget gives
a model 2 s to import its ``_esm``, after which every later kernel message to it is dropped, so a map
that took longer never redrew in the browser); it travels once as binary state and is imported once per
page by a small module, from one shared model per kernel (sent once, whatever the number of maps). A front end that missed updates while loading asks for the whole figure again."""
from __future__ import annotations


import eb_core as eb
from support import comm_opens
from eb_core.display import figures
from eb_core.display.widgets import App, city_inspector
from eb_core.display.widgets import base
from eb_core.display.widgets.base import MAP_WIDGET_ESM, MapWidget, plotly_widget_bundle




def test_esm_is_small_and_the_bundle_travels_once_as_binary_state(monkeypatch):
    board = eb.load_board("tutorial")
    monkeypatch.setattr(base, "_SHARED", [])          # a fresh kernel: no bundle sent yet
    seen = comm_opens(monkeypatch)
    maps = [App.wrap(figures.board_figure(board, title=f"map {i}"), board) for i in range(3)]
    assert all(isinstance(w, MapWidget) for w in maps)
    opened = [s for s in seen if "_widget_data" in s["data"]["state"]]
    assert len(opened) == 3
    state = opened[0]["data"]["state"]
    assert len(state["_esm"]) < 10_000, "the widget's own module is small: it imports in milliseconds"
    assert state["_esm"] == MAP_WIDGET_ESM
    assert state["_plotly_version"]
    # no map carries the 5 MB bundle: each names the one shared model that does
    for o in opened:
        assert o.get("buffers") is None or all(len(b) < 1_000_000 for b in o["buffers"])
        assert o["data"]["state"]["_plotly_bundle"] == f"IPY_MODEL_{maps[0]._plotly_bundle.model_id}"
    shared = [s for s in seen if ["code"] in s["data"].get("buffer_paths", [])]
    assert len(shared) == 1, "plotly's code is sent once per kernel, however many maps"
    assert seen.index(shared[0]) < seen.index(opened[0]), "the shared model opens before the first map"
    paths = shared[0]["data"]["buffer_paths"]
    buf = shared[0]["buffers"][paths.index(["code"])]
    assert bytes(buf) == plotly_widget_bundle() and len(buf) > 1_000_000
    assert b"FigureView" in plotly_widget_bundle()[-20_000:], "plotly's bundle exports its model and view"


def test_a_closed_shared_bundle_is_replaced():
    board = eb.load_board("tutorial")
    first = App.wrap(figures.board_figure(board, title="a"), board)._plotly_bundle
    first.close()
    again = App.wrap(figures.board_figure(board, title="b"), board)._plotly_bundle
    assert again is not first and again.comm is not None and again.code == first.code


def test_resync_sends_the_whole_current_figure():
    board, rules = eb.load_board("tutorial"), eb.ruleset("europe-standard")
    app = city_inspector(board, rules, city="London")
    w = app.figure
    sent = []
    w.comm.send = lambda data=None, buffers=None, **kw: sent.append(data)
    app.city.value = "Paris"        # an update the front end may have missed while loading plotly
    assert "Paris" not in w._widget_layout["title"]["text"], "plotly only sends messages for updates"
    sent.clear()
    w._handle_msg({"content": {"data": {"method": "custom", "content": {"type": "eb:resync"}}}, "buffers": []})
    assert "Paris" in w._widget_layout["title"]["text"]
    selected = next(t for t in w._widget_data if t.get("meta") == "area:selected")
    assert sorted(selected["customdata"]) == sorted(board.city("Paris").mileposts)
    states = [d["state"] for d in sent if d.get("method") == "update"]
    assert any("_widget_data" in s for s in states) and any("_widget_layout" in s for s in states)
    assert sent[-1] == {"method": "custom", "content": {"type": "eb:resynced"}}, sent[-1]


def test_other_custom_messages_change_nothing():
    board = eb.load_board("tutorial")
    w = App.wrap(figures.board_figure(board, title="t"), board)
    sent = []
    w.comm.send = lambda data=None, buffers=None, **kw: sent.append(data)
    w._handle_msg({"content": {"data": {"method": "custom", "content": {"type": "other"}}}, "buffers": []})
    assert sent == []
