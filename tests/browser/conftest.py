"""Fixtures for the real-browser tests: headless Chromium (Playwright), JupyterLab and Voila servers.

Everything listens on 127.0.0.1 only, on a free port, with a random token; every server is stopped by a
finalizer, and every wait is bounded. Chromium is Debian's package at ``/usr/bin/chromium`` (installed by
``tools/ensure_chromium.sh``, which ``make test`` runs first; never ``playwright install``). When Chromium
or Playwright is missing and cannot be installed, the tests skip with a message saying what to do.

Screenshots go to ``test-artifacts/browser/`` (gitignored).
"""
from __future__ import annotations

import contextlib
import fcntl
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = Path(os.environ.get("EB_NOTEBOOKS_DIR") or REPO / "notebooks")   # override to try other notebooks
ARTIFACTS = REPO / "test-artifacts" / "browser"
CHROMIUM = Path("/usr/bin/chromium")
ENSURE_CHROMIUM = REPO / "tools" / "ensure_chromium.sh"
BIN = Path(sys.executable).parent          # jupyter / voila of the running environment
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--headless", "--disable-dev-shm-usage"]
SERVER_START_TIMEOUT = 60.0    # seconds for JupyterLab / Voila to answer HTTP


def pytest_collection_modifyitems(config, items):
    # every test in this folder needs a browser and is slow
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.slow)


# ------------------------------------------------------------------ helpers
def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_http(url: str, proc: subprocess.Popen, log: Path, timeout: float = SERVER_START_TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode} before answering {url}:\n{_tail(log)}")
        try:
            with urllib.request.urlopen(url, timeout=3) as r:
                if r.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, OSError) as e:  # not up yet
            last = e
        time.sleep(0.3)
    raise RuntimeError(f"server did not answer {url} within {timeout:.0f}s (last error {last}):\n{_tail(log)}")


def _wait_port(port: int, proc: subprocess.Popen, log: Path, timeout: float = SERVER_START_TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode} before listening on port {port}:\n{_tail(log)}")
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            s.settimeout(1)
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.3)
    raise RuntimeError(f"server did not listen on 127.0.0.1:{port} within {timeout:.0f}s:\n{_tail(log)}")


def _tail(log: Path, n: int = 40) -> str:
    try:
        return "\n".join(log.read_text(errors="replace").splitlines()[-n:])
    except OSError:
        return "(no log)"


def _stop(proc: subprocess.Popen) -> None:
    """Stop a server we started (its own process group: the server and its kernels), politely then firmly."""
    if proc.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=5)


def _root_flag() -> list[str]:
    return ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []


def _workdir(tmp: Path) -> Path:
    """A throw-away copy of notebooks/ (running cells in the browser must never touch the committed
    files), next to a link to data/ so relative paths in notebooks still resolve."""
    nbdir = tmp / "notebooks"
    shutil.copytree(NOTEBOOKS, nbdir, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    if (REPO / "data").exists():
        (tmp / "data").symlink_to(REPO / "data")
    return nbdir


def _jupyter_env(tmp: Path) -> dict[str, str]:
    """Isolated Jupyter settings: no user workspace restored, every notebook cell kept in the DOM
    (windowing off, so the test can read every prompt), no news fetching."""
    settings = tmp / "lab-settings"
    for ext, body in {
        "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
        "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false",
                                                                             "checkForUpdates": False},
        "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    }.items():
        p = settings / ext
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(json.dumps(body))
    env = dict(os.environ)
    env.update({
        "JUPYTERLAB_SETTINGS_DIR": str(settings),
        "JUPYTERLAB_WORKSPACES_DIR": str(tmp / "lab-workspaces"),
        "JUPYTER_RUNTIME_DIR": str(tmp / "runtime"),
        "JUPYTER_DATA_DIR": str(tmp / "jupyter-data"),
        "PYTHONUNBUFFERED": "1",
        "PYDEVD_DISABLE_FILE_VALIDATION": "1",
        "PATH": f"{BIN}{os.pathsep}{env.get('PATH', '')}",
    })
    return env


class Server:
    """A running JupyterLab or Voila server: ``url(path)`` builds an address with the token."""

    def __init__(self, proc: subprocess.Popen, port: int, token: str, root: Path, log: Path):
        self.proc, self.port, self.token, self.root, self.log = proc, port, token, root, log

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str) -> str:
        sep = "&" if "?" in path else "?"
        return f"{self.base}/{path.lstrip('/')}" + (f"{sep}token={self.token}" if self.token else "")

    def log_tail(self) -> str:
        return _tail(self.log)

    def shutdown_kernels(self) -> None:
        """Shut down every kernel of this server (frees the CPU for the next notebook)."""
        headers = {"Authorization": f"token {self.token}"} if self.token else {}
        with contextlib.suppress(Exception):
            req = urllib.request.Request(f"{self.base}/api/kernels", headers=headers)
            with urllib.request.urlopen(req, timeout=5) as r:
                kernels = json.load(r)
            for k in kernels:
                req = urllib.request.Request(f"{self.base}/api/kernels/{k['id']}", method="DELETE", headers=headers)
                urllib.request.urlopen(req, timeout=10).close()


# ------------------------------------------------------------------ fixtures
@pytest.fixture(scope="session")
def chromium_path() -> Path:
    """Debian's Chromium; installs it with ``tools/ensure_chromium.sh`` (apt-get, root only) if missing."""
    if not CHROMIUM.exists() and ENSURE_CHROMIUM.exists():
        # one installer at a time (pytest-xdist workers share the machine)
        with open(Path(os.environ.get("TMPDIR", "/tmp")) / "eb-ensure-chromium.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not CHROMIUM.exists():
                subprocess.run(["sh", str(ENSURE_CHROMIUM)], timeout=600, check=False)
    if not CHROMIUM.exists():
        pytest.skip(f"browser tests need Chromium at {CHROMIUM}: it is missing and could not be installed "
                    f"(run `sudo apt-get install chromium`, or `sh tools/ensure_chromium.sh` as root)")
    return CHROMIUM


@pytest.fixture(scope="session")
def browser(chromium_path):
    """A headless Chromium driven by Playwright, shared by the session."""
    sync_api = pytest.importorskip("playwright.sync_api",
                                   reason="browser tests need playwright: pip install -e '.[browser]'")
    pw = sync_api.sync_playwright().start()
    try:
        b = pw.chromium.launch(executable_path=str(chromium_path), headless=True, args=CHROMIUM_ARGS)
    except Exception as e:  # a broken Chromium install is an environment problem, say so
        pw.stop()
        pytest.skip(f"Chromium at {chromium_path} would not start under Playwright: {e}")
    yield b
    b.close()
    pw.stop()


class KernelWatch:
    """The kernel's own busy/idle signal, read from the page's kernel websockets (JupyterLab and Voila both
    talk to the kernel over ``/api/kernels/<id>/channels``): every request the kernel handles, a cell or a
    widget's comm message, is wrapped in an iopub ``status`` busy ... idle pair. Counted per websocket, so a
    kernel shut down (its socket closed) in the middle of a request does not count as busy forever."""

    STATUS = re.compile(rb'"execution_state"\s*:\s*"(busy|idle)"')

    def __init__(self, page):
        self.total_busy = 0               # every busy seen on any socket (for ``mark``)
        self.sockets: dict[int, list[int]] = {}   # open kernel socket -> [busy, idle]
        page.on("websocket", self._attach)

    def _attach(self, ws) -> None:
        if "/api/kernels/" in ws.url:
            counts = self.sockets.setdefault(id(ws), [0, 0])
            ws.on("framereceived", lambda payload: self._frame(counts, payload))
            ws.on("close", lambda *_: self.sockets.pop(id(ws), None))

    def _frame(self, counts: list[int], payload) -> None:
        data = payload.encode() if isinstance(payload, str) else payload
        for m in self.STATUS.finditer(data):
            if m.group(1) == b"busy":
                counts[0] += 1
                self.total_busy += 1
            else:
                counts[1] += 1

    @property
    def busy(self) -> int:
        return sum(b for b, _ in self.sockets.values())

    @property
    def idle(self) -> int:
        return sum(i for _, i in self.sockets.values())

    def is_idle(self) -> bool:
        """Every open kernel socket has seen an idle for each busy."""
        return all(i >= b for b, i in self.sockets.values())

    def mark(self) -> int:
        """A point in time: the number of busy signals so far."""
        return self.total_busy

    def settled_since(self, mark: int) -> bool:
        """The kernel went busy after ``mark`` and is idle again (every busy has its idle)."""
        return self.total_busy > mark and self.is_idle()


def _new_page(browser):
    ctx = browser.new_context(viewport={"width": 1440, "height": 900})
    ctx.set_default_timeout(30_000)
    pg = ctx.new_page()
    pg.console_errors = []
    pg.on("console", lambda m: pg.console_errors.append(m.text) if m.type == "error" else None)
    pg.page_errors = []                        # uncaught errors and rejections of the page's scripts
    pg.on("pageerror", lambda e: pg.page_errors.append(str(e)[:300]))
    pg.kernel = KernelWatch(pg)
    return ctx, pg


@pytest.fixture
def page(browser, request):
    """A fresh browser context and page per test, 1440x900 (the size the issues are tried at), closed
    afterwards; ``page.kernel`` watches the kernel's busy/idle messages."""
    ctx, pg = _new_page(browser)
    yield pg
    ctx.close()


@pytest.fixture(scope="module")
def lab_page(browser):
    """One page for a module's JupyterLab tests: the JupyterLab application loads once and each test opens
    its notebook in it (:meth:`NotebookUI.open_lab`), instead of loading the whole UI per notebook."""
    ctx, pg = _new_page(browser)
    yield pg
    ctx.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory, chromium_path):
    """JupyterLab on 127.0.0.1:<free port> with a random token, serving a temp copy of notebooks/."""
    if not (BIN / "jupyter-lab").exists():
        pytest.skip(f"jupyter-lab is not installed in {BIN}: pip install -e '.[test,browser]'")
    tmp = tmp_path_factory.mktemp("lab")
    root = _workdir(tmp)
    port, token = free_port(), secrets.token_hex(16)
    log = tmp / "jupyterlab.log"
    cmd = [str(BIN / "jupyter-lab"), *_root_flag(), "--no-browser", "--ip=127.0.0.1", f"--port={port}",
           "--port-retries=0", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
           "--ServerApp.open_browser=False", "--LabApp.news_url=", "--ServerApp.disable_check_xsrf=False",
           "--LabApp.expose_app_in_browser=True"]   # window.jupyterapp: open the next notebook in the same page
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, cwd=root, env=_jupyter_env(tmp), stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
    server = Server(proc, port, token, root, log)
    try:
        _wait_http(server.url("api/status"), proc, log)
        yield server
    finally:
        _stop(proc)


@pytest.fixture(scope="session")
def voila_factory(tmp_path_factory, chromium_path):
    """Start Voila on one notebook of a temp copy of notebooks/ (``voila_factory("02_x.ipynb") -> Server``)
    or on the whole copy (``voila_factory(None)``)."""
    if not (BIN / "voila").exists():
        pytest.skip(f"voila is not installed in {BIN}: pip install -e '.[browser]'")
    procs: list[subprocess.Popen] = []

    def start(notebook: str | None) -> Server:
        """``notebook=None`` serves the whole folder, as ``make present`` does."""
        tmp = tmp_path_factory.mktemp("voila")
        root = _workdir(tmp)
        port = free_port()
        log = tmp / "voila.log"
        cmd = [str(BIN / "voila"), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
               "--show_tracebacks=True", f"--Voila.root_dir={root}", str(root / notebook) if notebook else str(root)]
        with open(log, "wb") as out:
            proc = subprocess.Popen(cmd, cwd=root, env=_jupyter_env(tmp), stdout=out, stderr=subprocess.STDOUT,
                                    stdin=subprocess.DEVNULL, start_new_session=True)
        procs.append(proc)
        server = Server(proc, port, "", root, log)
        _wait_port(port, proc, log)   # GET / would already execute the notebook
        return server

    try:
        yield start
    finally:
        for p in procs:
            _stop(p)


@pytest.fixture(scope="session")
def voila_root(voila_factory) -> Server:
    """One Voila server for the session, serving the whole temp copy of notebooks/ (``make present``):
    a notebook's app is at ``voila/render/<name>``."""
    return voila_factory(None)


# ------------------------------------------------------------------ page helpers
# A signature of every plotly figure on the page: title text in the DOM plus a hash of each trace's data
# and of the layout's title/annotations/shapes, so "the figure changed" is a comparison of two lists.
_FIGURE_SIGNATURE_JS = """
() => {
  const h = (s) => {
    let x = 5381;
    for (let i = 0; i < s.length; i++) x = ((x * 33) ^ s.charCodeAt(i)) >>> 0;
    return x;
  };
  const enc = (v) => { try { return JSON.stringify(v, (k, val) =>
        ArrayBuffer.isView(val) ? Array.from(val) : val) || ''; } catch (e) { return String(e); } };
  return [...document.querySelectorAll('.js-plotly-plot')].map((gd) => {
    const title = gd.querySelector('.gtitle');
    const traces = (gd.data || []).map((t) => h(enc([t.type, t.name, t.visible, t.x, t.y, t.lat, t.lon, t.z,
        t.text, t.marker && t.marker.color, t.line && t.line.color])));
    const lay = gd.layout ? h(enc([gd.layout.title, gd.layout.annotations, gd.layout.shapes, gd.layout.images])) : 0;
    return JSON.stringify([title ? title.textContent : '', traces, lay]);
  });
}
"""

_ERRORS_JS = """
() => {
  const out = [];
  for (const el of document.querySelectorAll(
      '[data-mime-type="application/vnd.jupyter.stderr"], [data-mime-type="application/vnd.jupyter.error"]')) {
    const t = el.textContent || '';
    if (/Traceback|Error:|Exception/.test(t)) out.push(t.slice(0, 3000));
  }
  for (const el of document.querySelectorAll('.jupyter-widgets, .jp-OutputArea-output, .jp-Cell-outputWrapper, body')) {
    const t = el.textContent || '';
    if (el.matches('body')) {
      // Voila prints cell errors inside .error / pre blocks
      for (const e of document.querySelectorAll('.voila-error, .jp-OutputArea-output pre')) {
        const t = e.textContent || '';
        if (/Traceback \\(most recent call last\\)/.test(t)) out.push(t.slice(0, 3000));
      }
    } else if (/Error displaying widget|Model not found|Failed to create view/.test(t) && t.length < 400) {
      out.push(t);
    }
  }
  return [...new Set(out)];
}
"""


class NotebookUI:
    """What the browser tests do with a rendered notebook (JupyterLab or Voila), with bounded waits."""

    def __init__(self, page, artifacts: Path, prefix: str):
        self.page, self.artifacts, self.prefix = page, artifacts, prefix

    # --- JupyterLab
    _LAB_CLOSE_ALL_JS = """
    () => { const app = window.jupyterapp;
            if (!app) return false;
            for (const w of [...app.shell.widgets('main')]) w.dispose();   // no "save changes?" dialog
            return true; }
    """

    def open_lab(self, server: Server, notebook: str, timeout: float = 90) -> None:
        """Open ``notebook`` in JupyterLab. The first time, load the application in a fresh workspace
        (nothing restored from earlier tests); afterwards open it in the application already loaded in
        this page, after closing what is open (the JupyterLab UI loads once per page)."""
        started = self.page.url.startswith(server.base) and self.page.evaluate(
            "() => !!(window.jupyterapp && window.jupyterapp.shell)")
        if started:
            self.page.evaluate(self._LAB_CLOSE_ALL_JS)
            self.page.evaluate("async (path) => { await window.jupyterapp.commands.execute('docmanager:open', "
                               "{path, factory: 'Notebook'}); return true; }", notebook)
        else:
            workspace = f"t{secrets.token_hex(6)}"
            self.page.goto(server.url(f"lab/workspaces/{workspace}/tree/{notebook}?reset"), timeout=timeout * 1000)
        self.page.wait_for_selector(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell", timeout=timeout * 1000)
        # a notebook without kernel metadata asks which kernel: take the default
        with contextlib.suppress(Exception):
            self.page.locator(".jp-Dialog .jp-mod-accept").click(timeout=1500)
        self.wait_kernel_idle(timeout)
        # focus the notebook so the Run menu acts on it
        self.page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell").first.click(position={"x": 5, "y": 5})

    def close_lab(self) -> None:
        """Close every document open in JupyterLab (before its kernel is shut down)."""
        with contextlib.suppress(Exception):
            self.page.evaluate(self._LAB_CLOSE_ALL_JS)

    def wait_kernel_idle(self, timeout: float) -> None:
        self.page.wait_for_function(
            "() => { const s = document.querySelector('#jp-main-statusbar');"
            " return !!s && /\\|\\s*Idle/.test(s.textContent); }", timeout=timeout * 1000)

    def prompts(self) -> list[str]:
        return self.page.evaluate(
            "() => [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell')].map("
            "(c) => [c.querySelector('.jp-InputPrompt').textContent.trim(),"
            " (c.querySelector('.cm-content') || {textContent: ''}).textContent.trim().length])")

    def run_all_lab(self, timeout: float = 180) -> float:
        """Run -> Run All Cells; wait until no cell is queued or running. Returns the seconds it took.

        The run has started once a prompt changes (``[*]``, or a new execution count): a second Run All on a
        page whose cells already show counts is not taken as finished before its first cell is queued."""
        t0 = time.monotonic()
        before = self.prompts()
        self.page.click(".lm-MenuBar-itemLabel:text-is('Run')")
        item = self.page.locator(".lm-Menu-item:not(.lm-mod-disabled) .lm-Menu-itemLabel:text-is('Run All Cells')")
        item.wait_for(state="visible", timeout=20_000)
        item.click()
        deadline = t0 + timeout
        started = False
        quiet_since = None
        while time.monotonic() < deadline:
            prompts = self.prompts()
            busy = any("*" in p for p, _ in prompts)
            started = started or busy or prompts != before
            if started and not busy:
                quiet_since = quiet_since or time.monotonic()
                if time.monotonic() - quiet_since > 1.5:
                    self.wait_kernel_idle(max(1.0, deadline - time.monotonic()))
                    break
            else:
                quiet_since = None
            time.sleep(0.25)
        else:
            raise AssertionError(f"Run All Cells did not finish within {timeout:.0f}s; prompts: {self.prompts()}")
        not_run = [i for i, (p, n) in enumerate(self.prompts()) if n and not any(ch.isdigit() for ch in p)]
        if not_run:
            raise AssertionError(f"code cells {not_run} did not run (an earlier cell failed?):\n"
                                 + "\n---\n".join(self.errors()))
        return time.monotonic() - t0

    # --- both
    def errors(self) -> list[str]:
        return self.page.evaluate(_ERRORS_JS)

    def figure_signature(self) -> list[str]:
        return self.page.evaluate(_FIGURE_SIGNATURE_JS)

    def wait_rendered(self, timeout: float = 120) -> None:
        """At least one plotly figure and one ipywidgets control are visible, then every widget output has its
        view and every plotly figure has drawn (see ``wait_outputs_settled``)."""
        self.page.locator(".js-plotly-plot").first.wait_for(state="visible", timeout=timeout * 1000)
        self.page.locator(".jupyter-widgets").first.wait_for(state="visible", timeout=timeout * 1000)
        self.wait_outputs_settled(timeout=timeout)

    _RENDER_STATE_JS = """
    () => {
      const plots = [...document.querySelectorAll('.js-plotly-plot')];
      return {
        pending: [...document.querySelectorAll('.jp-OutputArea-output, .jupyter-widgets')].filter(
                     (e) => /^\\s*Loading widget/.test(e.textContent)).length,
        plots: plots.length,
        undrawn: plots.filter((gd) => !gd._fullLayout || !gd.querySelector('.main-svg')).length,
        empty: plots.filter((gd) => gd._fullLayout && !(gd.data || []).length).length,
      };
    }
    """

    def render_state(self) -> dict:
        return self.page.evaluate(self._RENDER_STATE_JS)

    def wait_outputs_settled(self, timeout: float = 120, first_paint: float = 30) -> None:
        """Wait for the real signals, not for a quiet spell: the kernel is idle (every busy has its idle on
        the kernel's websocket), no widget output still says "Loading widget...", and every plotly figure
        has drawn (``_fullLayout`` and its SVG exist); the same counts twice in a row, so a view created by
        the last message is included. Then every figure must show traces within ``first_paint`` seconds: a
        FigureWidget view drawn as empty axes is stale (the updates sent before its view existed were lost)
        and no later update repairs it, which is what a reader would see."""
        deadline = time.monotonic() + timeout
        last = None
        while time.monotonic() < deadline:
            kernel = self.page.kernel
            state = {k: v for k, v in self.render_state().items() if k != "empty"}
            ready = kernel.is_idle() and state["pending"] == 0 and state["undrawn"] == 0
            if ready and state == last:
                break
            last = state if ready else None
            time.sleep(0.5)
        else:
            raise AssertionError(f"outputs did not finish rendering within {timeout:.0f}s: {self.render_state()}, "
                                 f"kernel busy/idle {self.page.kernel.busy}/{self.page.kernel.idle}")
        deadline = time.monotonic() + first_paint
        while self.render_state()["empty"] and time.monotonic() < deadline:
            time.sleep(0.5)
        state = self.render_state()
        if state["empty"]:
            self.page.evaluate("() => { const gd = [...document.querySelectorAll('.js-plotly-plot')].find("
                               "(g) => g._fullLayout && !(g.data || []).length); if (gd) gd.scrollIntoView(); }")
            path = self.screenshot("stale_figure")
            raise AssertionError(f"{state['empty']} of {state['plots']} plotly figures show empty axes with the "
                                 f"kernel idle (a FigureWidget view that missed its first data: stale first "
                                 f"paint); screenshot {path}")

    def settled_signature(self, timeout: float = 15) -> list[str]:
        """The figure signature once it stopped changing for a second (plotly draws asynchronously)."""
        deadline = time.monotonic() + timeout
        last, since = None, time.monotonic()
        while time.monotonic() < deadline:
            sig = self.figure_signature()
            if sig != last:
                last, since = sig, time.monotonic()
            elif time.monotonic() - since >= 1.0:
                return sig
            time.sleep(0.2)
        return last

    def controls(self) -> list[tuple[str, object]]:
        """Candidate controls, dropdowns first: ``(description, locator)``."""
        out = []
        selects = self.page.locator(".widget-dropdown select:not([disabled])")
        for i in range(selects.count()):
            loc = selects.nth(i)
            if loc.is_visible() and loc.locator("option").count() >= 2:
                out.append((f"dropdown #{i}", loc))
        sliders = self.page.locator(".widget-slider .noUi-handle, .widget-hslider .noUi-handle")
        for i in range(sliders.count()):
            if sliders.nth(i).is_visible():
                out.append((f"slider #{i}", sliders.nth(i)))
        toggles = self.page.locator(".widget-toggle-buttons button:not(.mod-active)")
        for i in range(toggles.count()):
            if toggles.nth(i).is_visible():
                out.append((f"toggle button #{i}", toggles.nth(i)))
        return out

    def change_control_until_figure_changes(self, max_controls: int = 6, kernel_timeout: float = 120,
                                             redraw: float = 15) -> str:
        """Change controls one by one (select another dropdown value, move a slider one step, press a
        toggle button) until a figure on the page changes. After each change, wait for the kernel to have
        handled it (busy then idle on its websocket; bounded by ``kernel_timeout``, as slow as the machine
        is) and for the outputs to finish rendering; only then is a control that changed no figure passed
        over. Returns what was changed and how."""
        before = self.settled_signature()
        tried = []
        for desc, loc in self.controls()[:max_controls]:
            loc.scroll_into_view_if_needed()
            mark = self.page.kernel.mark()
            if desc.startswith("dropdown"):
                values = loc.locator("option").evaluate_all("(os) => os.map((o) => o.value)")
                current = loc.evaluate("(s) => s.value")
                new = next(v for v in values if v != current)
                loc.select_option(value=new)
                desc = f"{desc}: {current!r} -> {new!r}"
            elif desc.startswith("slider"):
                loc.focus()
                loc.press("ArrowRight")
            else:
                loc.click()
            tried.append(desc)
            deadline = time.monotonic() + kernel_timeout
            while time.monotonic() < deadline and not self.page.kernel.settled_since(mark):
                if self.figure_signature() != before:
                    break
                time.sleep(0.25)
            else:
                if not self.page.kernel.settled_since(mark):
                    raise AssertionError(f"the kernel did not handle {desc} within {kernel_timeout:.0f}s "
                                         f"(busy/idle {self.page.kernel.busy}/{self.page.kernel.idle})")
            self.wait_outputs_settled(timeout=kernel_timeout)
            deadline = time.monotonic() + redraw   # plotly applies the update in the browser
            while time.monotonic() < deadline:
                if self.figure_signature() != before:
                    self.settled_signature()
                    return desc
                time.sleep(0.25)
        after = self.figure_signature()
        raise AssertionError(f"no figure changed after changing {tried or 'any control (none found)'}; "
                             f"errors on the page: {self.errors()}; figure titles before "
                             f"{[json.loads(x)[0] for x in before]}, after {[json.loads(x)[0] for x in after]}")

    def screenshot(self, name: str) -> Path:
        path = self.artifacts / f"{self.prefix}_{name}.png"
        self.page.screenshot(path=str(path))
        return path


@pytest.fixture
def ui(page, artifacts):
    return lambda prefix: NotebookUI(page, artifacts, prefix)


@pytest.fixture
def lab_ui(lab_page, artifacts):
    """Like ``ui``, on the module's one JupyterLab page (``lab_page``)."""
    return lambda prefix: NotebookUI(lab_page, artifacts, prefix)
