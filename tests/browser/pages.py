"""What the browser tests check on every rendered notebook page (JupyterLab or Voila).

For each teaching notebook with widgets, the notebook is run once per front end (JupyterLab: Run All Cells;
Voila: the app page of one Voila server that serves the whole folder) and every explorer on the page is
checked on that one page:

* **first paint** with no control touched: the points of the route / selection / area drawn in the RENDERED
  plot (the plotly.js ``gd.data`` of each ``.js-plotly-plot``, read with ``page.evaluate``) are counted and
  compared with what the rules give for the values its controls SHOW (the dropdowns read from the page,
  the expected numbers computed here with ``eb_core``), so a map that shows no route, or the route of other
  controls, fails;
* **a control change visibly redraws**, for every explorer: one dropdown of each explorer is set to another
  value, and the rendered plot must change to the numbers of the new values (a hard check: a redraw that
  does not arrive fails the test, with a ``*_not_redrawn.png`` screenshot);
* **the stepper's Next moves the train**: Next is pressed until a train drawn on the map moves. A stepper
  with the planner's why (``why=True``, notebooks 06 and 09) must draw the planner's plan on first paint;
* **no label printed over another**: on first paint (and on the frame a stepper's Next moved to) no two
  texts drawn inside the plot -- city names, a plan's stops, a train's loads, a route's costs -- cover more
  than a third of the smaller one (the boxes the browser rendered, ``clashes``).

Each explorer saves a screenshot to ``test-artifacts/browser/<frontend>_<nb>_<explorer>_{first,changed}.png``.
"""
from __future__ import annotations

import contextlib
import json
import os
import time
from pathlib import Path


import eb_core as eb
from eb_core.cards import Demand
from eb_core.events import affected

NOTEBOOKS = Path(os.environ.get("EB_NOTEBOOKS_DIR") or Path(__file__).resolve().parents[2] / "notebooks")

# notebook prefix -> the explorers it must show (kinds recognised by ``kind_of``); every one is checked
EXPECTED = {
    "00": ["route"],
    "01": ["city", "loads", "distance"],
    "02": ["route"],
    "03": ["stepper"],
    "04": ["lab"],
    "05": ["event"],
    "06": ["why stepper"],
    "07": ["route", "demand"],
    "09": ["city", "loads", "why stepper"],
    "10": ["stepper"],
}
FRONTENDS = ["lab", "voila"]

# Every plotly figure on the page: its layout meta/title/width, the number of finite points of each trace
# (keyed by the trace's ``meta``), the first point of the trains, and the controls of the widget box it
# sits in (dropdown description -> the option shown; the slider's value).
_PLOTS_JS = """
() => [...document.querySelectorAll('.js-plotly-plot')].map((gd, index) => {
  const finite = (a) => a ? Array.from(a).filter((v) => v !== null && v !== undefined && v !== ''
                                                  && Number.isFinite(Number(v))).length : 0;
  const traces = {}, first = {};
  for (const t of (gd.data || [])) {
    if (typeof t.meta !== 'string') continue;
    traces[t.meta] = finite(t.x);
    if (t.meta.startsWith('train')) first[t.meta] = t.x && t.x.length ? [Number(t.x[0]), Number(t.y[0])] : null;
  }
  let box = gd.parentElement;
  while (box && box !== document.body &&
         !(box.classList.contains('widget-vbox') && box.querySelector('select, .widget-slider, button'))) {
    box = box.parentElement;
  }
  const controls = {};
  if (box && box !== document.body) {
    for (const w of box.querySelectorAll('.widget-dropdown')) {
      const label = w.querySelector('label'), sel = w.querySelector('select');
      if (label && sel && sel.selectedIndex >= 0) controls[label.textContent.trim()] = sel.options[sel.selectedIndex].textContent.replace(/\u00a0/g, ' ');
    }
  }
  const title = gd.layout && gd.layout.title ? (gd.layout.title.text || '') : '';
  const r = gd.getBoundingClientRect();
  // printed labels inside the plot area that cover each other by more than a third of the smaller one
  const sz = gd._fullLayout && gd._fullLayout._size;
  const boxes = [];
  if (sz) {
    const x0 = r.left + sz.l, y0 = r.top + sz.t, x1 = x0 + sz.w, y1 = y0 + sz.h;
    for (const el of gd.querySelectorAll('.scatterlayer .textpoint text')) {
      const b = el.getBoundingClientRect();
      if (!b.width || !el.textContent || b.left < x0 || b.right > x1 || b.top < y0 || b.bottom > y1) continue;
      boxes.push([el.textContent, b.left, b.top, b.right, b.bottom]);
    }
  }
  const clashes = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], b = boxes[j];
      const w = Math.min(a[3], b[3]) - Math.max(a[1], b[1]), h = Math.min(a[4], b[4]) - Math.max(a[2], b[2]);
      if (w <= 0 || h <= 0) continue;
      const small = Math.min((a[3] - a[1]) * (a[4] - a[2]), (b[3] - b[1]) * (b[4] - b[2]));
      if (w * h > small / 3) clashes.push([a[0], b[0], Math.round(100 * w * h / small)]);
    }
  }
  return {index, title, meta: (gd.layout && gd.layout.meta) || {}, traces, first, controls,
          width: Math.round(r.width), height: Math.round(r.height),
          labels: gd.querySelectorAll('.textpoint').length, clashes};
})
"""


def kind_of(plot: dict) -> str | None:
    """Which explorer drew this plot (``None`` for a plain figure)."""
    t, c = plot["traces"], plot["controls"]
    if "new_track" in t and "train_path" in t:
        return "why stepper" if t.get("plan", 0) > 0 else "stepper"
    if "area:event area" in t and "event" in c:
        return "event"
    if "area:sources" in t and "load" in c:
        return "loads"
    if "selection" in t and "city" in c:
        return "city"
    if "crow" in t and "from" in c:
        return "distance"
    if "route" in t and "action" in c:
        return "lab"
    if "route" in t and "demand" in c:
        return "demand"
    if "route" in t and "from" in c and "to" in c:
        return "route"
    return None


_BOARDS: dict[str, eb.Board] = {}


def _board(plot) -> eb.Board:
    name = plot["meta"].get("board", "europe")
    if name not in _BOARDS:
        _BOARDS[name] = eb.load_board(name)
    return _BOARDS[name]


def _rules(plot):
    return eb.ruleset(plot["meta"].get("ruleset", "europe-standard"))


def _lattice_steps(board, a: int, b: int) -> int:
    """Fewest steps between two mileposts over the board's lattice (the distance picker's count)."""
    import networkx as nx
    return nx.shortest_path_length(board.to_networkx(), a, b)


def problems(plot: dict) -> list[str]:
    """What the rendered plot gets wrong for the values its controls show (empty when it is right)."""
    kind, t, c, title = kind_of(plot), plot["traces"], plot["controls"], plot["title"]
    out = []
    if kind == "route":
        board, rules = _board(plot), _rules(plot)
        plan = eb.cheapest_build(board, rules, c["from"], c["to"])
        if t["route"] != len(plan.mileposts):
            out.append(f"route {c['from']} → {c['to']}: {t['route']} points drawn, the cheapest build has "
                       f"{len(plan.mileposts)}")
        if f"{c['from']} → {c['to']}" not in title or f"{plan.cost}M" not in title:
            out.append(f"title {title!r} does not say {c['from']} → {c['to']}: {plan.cost}M")
    elif kind == "demand":
        load, rest = c["demand"].split(" to ", 1)
        city, payout = rest.rsplit(" for ", 1)
        value = eb.delivery_value(_board(plot), _rules(plot), Demand(city, load, int(payout.rstrip("M"))))
        if t["route"] != len(value.path) or not title.startswith(c["demand"]) or value.source not in title:
            out.append(f"demand {c['demand']!r}: {t['route']} route points drawn, the ride from {value.source} "
                       f"has {len(value.path)}; title {title!r}")
    elif kind == "loads":
        board = _board(plot)
        offer = [city for city in board.cities if c["load"] in city.loads]
        n = sum(len(city.mileposts) for city in offer)          # a major city is all of its mileposts
        if t["area:sources"] != n or t.get("rings:source cities") != len(offer) or f"{len(offer)} source" not in title:
            out.append(f"{c['load']}: {t['area:sources']} source mileposts and {t.get('rings:source cities')} rings "
                       f"drawn, the {len(offer)} cities that offer it have {n}; title {title!r}")
    elif kind == "city":
        board = _board(plot)
        n = len(board.city(c["city"]).mileposts)
        if t["area:selected"] != n or t["selection"] != 1 or c["city"] not in title:
            out.append(f"{c['city']}: {t['area:selected']} of {n} mileposts and {t['selection']} ring drawn, "
                       f"title {title!r}")
    elif kind == "distance":
        board = _board(plot)
        steps = _lattice_steps(board, board.city(c["from"]).center, board.city(c["to"]).center)
        if t["area:steps"] != steps + 1 or t["crow"] != 2:
            out.append(f"{c['from']} → {c['to']}: {t['area:steps']} path points and {t['crow']} crow points "
                       f"drawn, the lattice path has {steps + 1}")
    elif kind == "event":
        game = eb.position(f"board: {plot['meta'].get('board', 'europe')}\nplayer Ann:\nplayer Ben:\n")
        n = len(affected(game, c["event"])["mileposts"])
        if t["area:event area"] != n or not title.startswith(c["event"]):
            out.append(f"{c['event']}: {t['area:event area']} area points drawn, the card covers {n}; "
                       f"title {title!r}")
    elif kind == "lab":
        if title.startswith("Rejected") or (c["action"].startswith("build") and t["route"] < 2):
            out.append(f"position lab on {c['action']!r}: title {title!r}, {t['route']} route points")
    elif kind in ("stepper", "why stepper"):
        # the first turn builds (a Europe or US game) or, on track laid before it (Empire Express's demo
        # setup), moves a train: either way the map shows what the turn did
        if not title.startswith("1/") or t["track:0"] == 0 or t["new_track"] + t["train_path"] == 0:
            out.append(f"stepper first paint: title {title!r}, {t['track:0']} track points, "
                       f"{t['new_track']} new-track points, {t['train_path']} train-path points")
    return out


def notebook_named(prefix: str) -> str | None:
    found = sorted(p.name for p in NOTEBOOKS.glob(f"{prefix}_*.ipynb"))
    return found[0] if found else None


class Explorers:
    """The explorers of one rendered notebook page."""

    def __init__(self, nb):
        self.nb, self.page = nb, nb.page

    def plots(self) -> list[dict]:
        return self.page.evaluate(_PLOTS_JS)

    def settled_plots(self, timeout: float = 20) -> list[dict]:
        """The plots once they stopped changing for a second (plotly draws asynchronously)."""
        deadline = time.monotonic() + timeout
        last, since = None, time.monotonic()
        while time.monotonic() < deadline:
            now = self.plots()
            if now != last:
                last, since = now, time.monotonic()
            elif time.monotonic() - since >= 1.0:
                break
            time.sleep(0.25)
        return last

    def shot(self, index: int, name: str) -> Path:
        self.page.locator(".js-plotly-plot").nth(index).scroll_into_view_if_needed()
        return self.nb.screenshot(name)

    def wait_for(self, index: int, done, what: str, timeout: float = 90) -> dict:
        """Wait (bounded; the kernel is watched on its websocket) until ``done(plot)`` holds for plot
        ``index``; returns the plot."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            plot = self.plots()[index]
            if done(plot):
                return plot
            time.sleep(0.3)
        raise AssertionError(f"{what} within {timeout:.0f}s; the plot is now {json.dumps(self.plots()[index])[:1500]}")

    def change_dropdown(self, index: int, label: str) -> str:
        """Select another option in the dropdown ``label`` of the explorer drawn in plot ``index`` (one that
        no other dropdown of the explorer shows); returns the new option's text."""
        gd = self.page.locator(".js-plotly-plot").nth(index)
        box = gd.locator("xpath=ancestor::div[contains(concat(' ', @class, ' '), ' widget-vbox ')]"
                         "[.//select][1]")
        sel = box.locator(f".widget-dropdown:has(label:text-is('{label}')) select").first
        # ipywidgets writes option labels with non-breaking spaces: compare them as a reader reads them
        texts = sel.locator("option").evaluate_all("(os) => os.map((o) => o.textContent.replace(/\\u00a0/g, ' '))")
        shown = set(self.plots()[index]["controls"].values())
        i = sel.evaluate("(s) => s.selectedIndex")
        j = next(k % len(texts) for k in range(i + 1, i + len(texts)) if texts[k % len(texts)] not in shown)
        sel.scroll_into_view_if_needed()
        sel.select_option(index=j)
        return texts[j]


CHANGE = {"route": "to", "demand": "demand", "loads": "load", "city": "city", "distance": "to", "event": "event",
          "lab": "action"}


def check_page(nb, prefix: str, frontend: str) -> list[str]:
    """Check every explorer on the page: first paint, a control change, the stepper's Next. Returns lines
    for the test's output (widths, labels, points)."""
    ex = Explorers(nb)
    plots = ex.settled_plots()
    found = {i: kind_of(p) for i, p in enumerate(plots) if kind_of(p)}
    missing = [k for k in EXPECTED[prefix] if k not in found.values()]
    assert not missing, f"{prefix} in {frontend}: no {missing} explorer on the page; plots {[(p['title'], p['controls']) for p in plots]}"
    report = []
    for i, kind in found.items():
        p = plots[i]
        name = f"{prefix}_{kind}"
        ex.shot(i, f"{name}_first")
        bad = problems(p)
        assert not bad, f"{prefix} in {frontend}: stale or wrong first paint of the {kind} explorer: {bad}"
        assert not p["clashes"], (f"{prefix} in {frontend}: printed labels of the {kind} explorer cover each "
                                  f"other (texts, % of the smaller): {p['clashes']}")
        report.append(f"{frontend} {name}: first paint {p['width']}x{p['height']} px, {p['labels']} labels, "
                      f"{len(p['clashes'])} printed over another {p['clashes'][:6]}, "
                      f"traces {{{', '.join(f'{k}: {v}' for k, v in p['traces'].items() if ':' in k or k in ('route', 'crow', 'selection', 'new_track', 'train_path', 'plan', 'plan2'))}}}")
        if kind in ("stepper", "why stepper"):
            report.append(step_until_train_moves(ex, i, frontend, name))
            continue
        before = p
        new = ex.change_dropdown(i, CHANGE[kind])
        t0 = time.monotonic()
        try:
            after = ex.wait_for(i, lambda q: q["controls"].get(CHANGE[kind]) == new and q["title"] != before["title"]
                                and not problems(q), f"{prefix} in {frontend}: the {kind} explorer did not redraw for "
                                f"{CHANGE[kind]} = {new!r}", timeout=REDRAW_TIMEOUT)
        except AssertionError as exc:
            ex.shot(i, f"{name}_not_redrawn")
            raise AssertionError(f"{exc}; page errors: {getattr(nb.page, 'page_errors', [])[-5:]}") from None
        assert after["traces"] != before["traces"] or after["title"] != before["title"]
        ex.shot(i, f"{name}_changed")
        report.append(f"{frontend} {name}: {CHANGE[kind]} -> {new!r} redrew in {time.monotonic() - t0:.1f}s: {after['title']!r}")
    return report


def step_until_train_moves(ex: Explorers, index: int, frontend: str, name: str, presses: int = 12) -> str:
    """Press Next until a train drawn on the map moves (at most ``presses`` times); the frame counter in
    the title must advance with every press."""
    gd = ex.page.locator(".js-plotly-plot").nth(index)
    box = gd.locator("xpath=ancestor::div[contains(concat(' ', @class, ' '), ' widget-vbox ')][.//button][1]")
    button = box.locator("button:has-text('Next')").first
    seen = ex.plots()[index]
    for k in range(1, presses + 1):
        frame = int(seen["title"].split("/")[0])
        button.scroll_into_view_if_needed()
        button.click()
        now = ex.wait_for(index, lambda q: q["title"].startswith(f"{frame + 1}/"),
                          f"{name} in {frontend}: Next did not move from frame {frame}")
        now = ex.settled_plots()[index]
        moved = [s for s, xy in now["first"].items() if s.startswith("train:") and xy and seen["first"].get(s)
                 and xy != seen["first"][s]]
        if moved:
            ex.shot(index, f"{name}_next")
            assert not now["clashes"], f"{name} in {frontend}: after Next, printed labels cover each other: {now['clashes']}"
            return f"{frontend} {name}: Next #{k} moved {moved} to {now['title']!r}, path points {now['traces']['train_path']}"
        seen = now
    raise AssertionError(f"{name} in {frontend}: {presses} presses of Next never moved a train on the map")


#: seconds a redraw may take after the dropdown changed (the kernel computes, plotly draws); a bound, not a pause
REDRAW_TIMEOUT = 60
#: seconds Voila may take to run a notebook and send its page before the page is asked for again (a page
#: comes in 4-15 s; see run_notebook_page)
VOILA_PAGE_TIMEOUT = 120


def run_notebook_page(nb, frontend: str, name: str, lab_server=None, voila_root=None,
                      fragment: str | None = None) -> None:
    """Open notebook ``name`` in ``frontend`` (in Voila at ``#fragment``, a section, if given) and wait until
    every output has rendered (the kernel idle, no widget still loading, every plotly figure drawn with
    data); no error output may show."""
    t0 = time.monotonic()
    if frontend == "lab":
        nb.open_lab(lab_server, name)
        t1 = time.monotonic()
        nb.run_all_lab()
        print(f"{frontend} {name}: JupyterLab opened in {t1 - t0:.1f}s, Run All {time.monotonic() - t1:.1f}s")
    else:
        url = voila_root.url(f"voila/render/{name}") + (f"#{fragment}" if fragment else "")
        _open_voila(nb, name, url)
    t1 = time.monotonic()
    try:
        nb.wait_rendered(timeout=180)
    finally:
        with contextlib.suppress(Exception):
            nb.screenshot("ran")
    print(f"{frontend} {name}: page ready {t1 - t0:.1f}s, outputs rendered {time.monotonic() - t1:.1f}s later")
    errors = nb.errors()
    if errors and all(_MODEL_LOST in e for e in errors):
        # Twice in a full `make test` (2 cores, the other frontend's kernels and the slow tests beside it) a
        # first page showed "Error displaying widget: model not found": once for a map of a first Run All in
        # JupyterLab (the page took over anywidget's 2 s to set up that widget's model, see MapWidget), once
        # for widgets of a Voila page (07). Neither came back when run alone, nor under 3 busy loops, nor
        # with ipywidgets' 4 s wait for the kernel's widget states forced to fail (its fallback fetches the
        # models one by one and showed them all). So the page is made once more -- a second Run All on a warm
        # page in JupyterLab, a new request (a new kernel) in Voila -- and the same error twice fails, with
        # the console's errors, which name the cause.
        print(f"{frontend} {name}: {len(errors)} widget(s) lost on the first page ({_MODEL_LOST}); console: "
              f"{_console_tail(nb.page)!r}; once more")
        if frontend == "lab":
            nb.run_all_lab()
        else:
            nb.page.goto("about:blank", timeout=30_000)
            _open_voila(nb, name, url)
        nb.wait_rendered(timeout=180)
        errors = nb.errors()
    assert not errors, (f"{name} in {frontend}: error output:\n" + "\n---\n".join(errors)
                        + _console_tail(nb.page))


def _open_voila(nb, name: str, url: str) -> None:
    """Ask Voila for ``url`` (it runs the notebook on a new kernel first) and wait until its page is shown."""
    try:
        nb.page.goto(url, timeout=VOILA_PAGE_TIMEOUT * 1000)
    except Exception as exc:              # noqa: BLE001 - playwright's TimeoutError: ask once more
        # Voila runs every cell before it sends the page, on a kernel it starts for the request. Once in a
        # full `make test` (2 cores, JupyterLab's kernels starting beside it) a kernel started and never
        # answered: Voila's log shows "Kernel started" and no connection, and the page never came. A
        # second request gets a new kernel.
        if "Timeout" not in type(exc).__name__:
            raise
        print(f"voila {name}: no page within {VOILA_PAGE_TIMEOUT}s (its kernel did not answer); asking again")
        nb.page.goto("about:blank", timeout=30_000)       # leave the request that hangs
        nb.page.goto(url, timeout=180_000)
    nb.page.wait_for_function("() => !document.querySelector('#loading') || "
                              "getComputedStyle(document.querySelector('#loading')).display === 'none'",
                              timeout=180_000)


def _console_tail(page, n: int = 8) -> str:
    """The page's last console errors and uncaught errors, for a failure's message (a widget's "model not
    found" says nothing of why; the widget manager logs the cause to the console)."""
    lines = [*getattr(page, "console_errors", [])[-n:], *getattr(page, "page_errors", [])[-n:]]
    return ("\nconsole errors:\n" + "\n".join(x[:500] for x in lines)) if lines else ""


_MODEL_LOST = "Error displaying widget: model not found"


def check_notebook(nb, prefix: str, frontend: str) -> None:
    """Every check of one notebook's page, after :func:`run_notebook_page`."""
    name = notebook_named(prefix)
    t0 = time.monotonic()
    for line in check_page(nb, prefix, frontend):
        print(line)
    print(f"{frontend} {name}: explorers checked in {time.monotonic() - t0:.1f}s")
    errors = nb.errors()
    assert not errors, (f"{name} in {frontend}: error output after the controls changed:\n"
                        + "\n---\n".join(errors) + _console_tail(nb.page))
