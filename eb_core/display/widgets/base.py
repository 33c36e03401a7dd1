"""What every notebook app shares: a ``widget`` to show and a plotly ``figure`` built complete before it
is shown.

A plotly ``FigureWidget`` sends later changes to its views as one-off messages; a view that does not
exist yet (Voila, a first Run All) never sees them. So every app builds its figure as a plain
``go.Figure`` from its controls' initial values, wraps it with :meth:`App.wrap` (the view then starts
from that state), and only afterwards changes it from observers.

Every app's figure is a :class:`MapWidget`: a ``FigureWidget`` whose model is created complete and whose
front end loads plotly's widget code once per page and never misses an update (see its docstring).
"""
from __future__ import annotations

import uuid
from copy import deepcopy
from functools import lru_cache
from pathlib import Path

import ipywidgets as W
import plotly
import plotly.graph_objects as go
import traitlets
from IPython.display import display
from plotly.basewidget import BaseFigureWidget

from ...board import Board
from .. import figures

__all__ = ["MAP_WIDGET_ESM", "App", "MapWidget", "PlotlyBundle", "plotly_widget_bundle", "shared_plotly_bundle"]


@lru_cache(maxsize=1)
def plotly_widget_bundle() -> bytes:
    """plotly's own widget front end (the ES module every ``FigureWidget`` ships as its ``_esm``, 5 MB of
    plotly.js), read once per kernel."""
    esm = BaseFigureWidget._esm
    return Path(esm).read_bytes() if isinstance(esm, (str, Path)) and Path(esm).is_file() else str(esm).encode()


class PlotlyBundle(W.Widget):
    """plotly's widget code (``code``, 5 MB of plotly.js), as one model without a view that every
    :class:`MapWidget` of the kernel refers to: the bytes travel to a page once, not once per map (the
    six maps of notebook 01 were 42 MB of widget state, which Voila's page fetches twice: all states at
    once, then model by model). :func:`shared_plotly_bundle` gives the kernel's one instance."""

    code = traitlets.Bytes(b"").tag(sync=True)


_SHARED: list[PlotlyBundle] = []


def shared_plotly_bundle() -> PlotlyBundle:
    """The kernel's one :class:`PlotlyBundle` (a new one if it was closed, e.g. by ``Widget.close_all``)."""
    if not _SHARED or _SHARED[0].comm is None:
        _SHARED[:] = [PlotlyBundle(code=plotly_widget_bundle())]
    return _SHARED[0]


#: The map widget's front end (anywidget ES module). It imports plotly's widget bundle once per page,
#: keyed by plotly's version, and hands the model and each view to plotly's own widget code once it is
#: loaded. ``initialize`` returns at once, so anywidget's model is ready within milliseconds (see
#: :class:`MapWidget`); kernel messages that arrive before the bundle is loaded are noted, and the
#: kernel is then asked to resend the whole figure before the first view draws.
MAP_WIDGET_ESM = r"""
const PY2JS = ["_py2js_addTraces", "_py2js_deleteTraces", "_py2js_moveTraces", "_py2js_restyle",
               "_py2js_relayout", "_py2js_update", "_py2js_animate", "_py2js_removeLayoutProps",
               "_py2js_removeTraceProps"];
const BUNDLES = (globalThis[Symbol.for("eb.plotly-widget-bundles")] ??= new Map());

async function bundleCode(model) {
  // the bytes of plotly's widget code: held by one shared model of the kernel (`_plotly_bundle` names it,
  // "IPY_MODEL_<id>"), which the page may receive after this map's model (Voila loads models in parallel)
  const ref = model.get("_plotly_bundle"), manager = model.widget_manager;
  if (ref && typeof ref !== "string") return ref;
  const id = String(ref || "").replace(/^IPY_MODEL_/, "");
  for (let i = 0; i < 1200; i++) {
    try {
      const shared = manager && (await manager.get_model(id));
      if (shared) return shared.get("code");
    } catch (err) { /* not registered yet */ }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`plotly's widget code (widget model ${id}) did not reach the page`);
}

function bundle(model) {
  // one import (one compile of plotly.js) per page, however many maps it shows
  const version = model.get("_plotly_version");
  if (!BUNDLES.has(version)) {
    BUNDLES.set(version, bundleCode(model).then((code) => {
      const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
      return import(url).finally(() => URL.revokeObjectURL(url));
    }));
  }
  return BUNDLES.get(version);
}

function ungate(model) {
  // anywidget (0.11) holds each kernel message of a model until the model's `ready` promise, and rejects
  // that promise for good when the model took over 2 s to initialise (a starved page): from then on
  // every update to the map would be dropped. This module's initialize has run when this is called, so
  // the messages may go straight to ipywidgets' own handler. Nothing changes if the internals differ.
  const id = model.get("_eb_model_id"), manager = model.widget_manager;
  if (!id || !manager || typeof manager.get_model !== "function") return;
  Promise.resolve(manager.get_model(id)).then((real) => {
    const any = real && Object.getPrototypeOf(real), base = any && Object.getPrototypeOf(any);
    const own = any && Object.prototype.hasOwnProperty.call(any, "_handle_comm_msg");
    if (own && base && typeof base._handle_comm_msg === "function" && real.comm &&
        typeof real.comm.on_msg === "function") {
      real.comm.on_msg(base._handle_comm_msg.bind(real));
    }
  }).catch(() => {});
}

function resync(model) {
  // ask the kernel for the whole figure again (`_widget_data` / `_widget_layout`) and wait for it
  return new Promise((resolve) => {
    const done = (msg) => {
      if (msg && msg.type === "eb:resynced") { model.off("msg:custom", done); resolve(); }
    };
    model.on("msg:custom", done);
    model.send({ type: "eb:resync" });
    setTimeout(resolve, 30000);   // a busy kernel: draw what we have rather than nothing
  });
}

function followLink() {
  // A deep link (`notebook.ipynb#Heading`, as in notebook 00's coverage table) into a page whose maps draw
  // after it loaded (Voila): the browser scrolled to the heading before the maps above it had their
  // height, which pushed the heading off the screen. Scroll to it again each time a map has drawn, for
  // two minutes at most, until the reader scrolls or clicks.
  const key = Symbol.for("eb.follow-link");
  if (globalThis[key] || !location.hash) return;
  const state = (globalThis[key] = { until: performance.now() + 120000 });
  const stop = () => { state.until = 0; };
  for (const name of ["wheel", "mousedown", "keydown", "touchstart"]) {
    window.addEventListener(name, stop, { capture: true, once: true, passive: true });
  }
  document.addEventListener("plotlywidget-after-render", () => {
    if (performance.now() > state.until) return;
    const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) requestAnimationFrame(() => target.scrollIntoView());
  });
}

function followLabLinks() {
  // JupyterLab (4.6) applies a link's `#fragment` as soon as the linked notebook's file has loaded; when
  // that notebook was not open yet its headings are not rendered then, so it opens at its top (notebook
  // 00's coverage table links to sections of the others). Once a map of the suite is on the page, each
  // click on such a link is followed up: the heading is scrolled into view when it appears in the
  // notebook that opened, and again while that notebook lays out, for 20 s at most.
  const key = Symbol.for("eb.follow-lab-links");
  if (globalThis[key] || !document.querySelector(".jp-LabShell")) return;
  globalThis[key] = true;
  document.addEventListener("click", (event) => {
    const link = event.target && event.target.closest ? event.target.closest("a[href]") : null;
    const m = link && /\.ipynb(?:\?[^#]*)?#(.+)$/.exec(link.getAttribute("href") || "");
    if (!m) return;
    const id = CSS.escape(decodeURIComponent(m[1])), from = link.closest(".jp-NotebookPanel");
    const start = performance.now();
    let found = 0, stopped = false;
    const stop = () => { stopped = true; };
    for (const name of ["wheel", "keydown", "touchstart"]) {
      window.addEventListener(name, stop, { capture: true, once: true, passive: true });
    }
    const look = () => {
      const now = performance.now();
      if (stopped || now - start > 20000 || (found && now - found > 2000)) return;
      for (const panel of document.querySelectorAll(".jp-NotebookPanel:not(.lm-mod-hidden)")) {
        const heading = panel !== from && panel.querySelector(`[data-jupyter-id="${id}"], [id="${id}"]`);
        if (heading) { found ||= now; heading.scrollIntoView(); break; }
      }
      setTimeout(look, 200);
    };
    setTimeout(look, 200);
  }, true);
}

export default () => {
  let ready = null;
  return {
    initialize({ model }) {
      // the figure was changed after the model was created and before this page existed (Voila runs every
      // cell first; a reloaded page gets the kernel's models as they are now): plotly's edit counters are
      // past 0, but the model's `_widget_data` is still the figure as first built, so ask for it again
      let loaded = false;
      let missed = (model.get("_last_layout_edit_id") || 0) > 0 || (model.get("_last_trace_edit_id") || 0) > 0;
      const note = () => { if (!loaded) missed = true; };
      for (const name of PY2JS) model.on(`change:${name}`, note);
      ungate(model);
      followLink();
      followLabLinks();
      ready = bundle(model).then(async (mod) => {
        const plotlyWidget = mod.default();
        await plotlyWidget.initialize({ model });
        loaded = true;
        if (missed) await resync(model);
        return plotlyWidget;
      });
      ready.catch((err) => console.error("[eb] plotly's widget code did not load:", err));
    },
    async render({ model, el }) {
      const plotlyWidget = await ready;
      return plotlyWidget.render({ model, el });
    },
  };
};
"""


class MapWidget(go.FigureWidget):
    """A plotly ``FigureWidget`` created complete, whose front end never drops an update.

    **Complete at creation.** ``ipywidgets.Widget.__init__`` opens the widget's comm before plotly's
    ``__init__`` has copied the figure into the synced ``_widget_data``/``_widget_layout``: the front end
    creates the model EMPTY and receives the figure in a second, "update" message, deserialised
    asynchronously. A view created in between (a first Run All in JupyterLab, a large board) draws empty
    axes, and plotly's view ignores later changes of ``_widget_data``: a stale first paint. Here the comm
    is opened at the end of ``__init__``, so the model's first state already holds every trace and the
    layout.

    **Every update arrives.** A plain ``FigureWidget``'s front end is plotly's 5 MB widget bundle, sent
    as the ``_esm`` of every figure and imported (compiled) once per figure. anywidget (0.11) gives a
    model 2 seconds to import and initialise its ``_esm``; past that the model's ``ready`` promise is
    rejected for good, and anywidget's model awaits it before handling each later comm message, so every
    update from the kernel to that figure is dropped: its first paint (which comes with the model) is
    right, but no control change is ever redrawn. Under load, or for the first map of a page, the
    import takes 2-16 s in headless Chromium (measured), hence the maps that "did not redraw".
    Here ``_esm`` is :data:`MAP_WIDGET_ESM`, a small module whose ``initialize`` returns at once and
    which imports plotly's bundle once per page for every map (the bytes travel once per kernel, in the
    shared :class:`PlotlyBundle` model that ``_plotly_bundle`` refers to),
    then runs plotly's own model and view code unchanged. On a page so starved of CPU that even that
    small module took over 2 s, it also routes the model's later messages past anywidget's rejected
    promise to ipywidgets' own handler (found by ``_eb_model_id``, the comm id), so they still arrive. Its
    first display cannot be rescued that way: once, in a full ``make test`` on 2 cores, JupyterLab showed
    "Error displaying widget: model not found" for one map of a first Run All; running the cell again shows
    it (the browser tests run all again once, ``tests/browser/pages.py``).

    **Changed before the page existed.** Voila runs every cell before it builds the page, and a reloaded
    page receives the kernel's models as they are now. A map that a later cell changed (notebook 09 turns
    its city inspector from Chicago to Denver) then arrives with the figure as first built in
    ``_widget_data`` but plotly's edit counters past 0: the front end asks for the whole figure again
    (``eb:resync``) before its first view draws, instead of showing Chicago under a dropdown set to Denver.
    """

    _esm = MAP_WIDGET_ESM
    _plotly_bundle = traitlets.Instance(PlotlyBundle, allow_none=True).tag(sync=True, **W.widget_serialization)
    _plotly_version = traitlets.Unicode(plotly.__version__).tag(sync=True)
    _eb_model_id = traitlets.Unicode("").tag(sync=True)   # the comm id, so the front end finds its model

    _complete = False

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._plotly_bundle = shared_plotly_bundle()
        if self._model_id is None:           # the comm id, chosen before the comm opens
            self._model_id = uuid.uuid4().hex
        self._eb_model_id = self._model_id
        self.on_msg(self._front_end_message)
        self._complete = True
        self.open()

    def open(self):
        if self._complete:
            super().open()

    def _front_end_message(self, widget, content, buffers) -> None:
        """``eb:resync``: the front end missed updates while it loaded plotly; send the whole figure."""
        if isinstance(content, dict) and content.get("type") == "eb:resync":
            self._widget_data = deepcopy(self._data)
            self._widget_layout = deepcopy(self._layout_obj._props)
            self.send({"type": "eb:resynced"})


class App:
    """Display plumbing of the apps: ``widget`` is the ipywidgets container shown in the notebook,
    ``figure`` the plotly ``FigureWidget`` inside it."""

    widget: W.Widget
    figure: go.FigureWidget

    @staticmethod
    def wrap(fig: go.Figure, board: Board | None = None) -> go.FigureWidget:
        """The complete figure as a widget; with ``board`` its city names are placed for the figure's final
        size (a height or legend set after the figure was drawn changes the room they have) and follow zoom
        and pan."""
        if board is not None:
            figures.place_labels(fig, board)
        w = MapWidget(fig)
        if board is not None:
            figures.follow_zoom(w, board)
        return w

    def _repr_mimebundle_(self, **kwargs):  # pragma: no cover - needs a kernel
        return self.widget._repr_mimebundle_(**kwargs)

    def _ipython_display_(self):  # pragma: no cover - needs a kernel
        display(self.widget)
