# Two commands for a fresh machine with Python 3.11+:  `make lab`  and  `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
ROOTFLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)
PORT   ?= 8888

.PHONY: lab nbstripout test test-fast present bench mapgen decks clean-notebooks help

help:
	@echo "make lab     - create .venv, install, open JupyterLab on notebooks/00_start_here.ipynb"
	@echo "make test    - create .venv if needed, install test extras, run pytest over tests/ and nbval over notebooks/"
	@echo "make test-fast - the inner loop: unit + rules tests and doctests, slow ones left out (under a minute)"
	@echo "make nbstripout - set up the git filter that keeps notebook outputs out of git (make lab does it)"
	@echo "make present - serve the notebooks as apps with Voila on 127.0.0.1"
	@echo "make bench   - run the benchmarks (route engine vs networkx; bot strength and speed)"

# Installs go through uv (from PyPI, into the venv): the same packages as pip, resolved and installed in
# seconds instead of minutes, which keeps `make test` on a fresh machine inside its time budget.
# --compile-bytecode writes every package's .pyc at install (on all cores, about 6 s): otherwise each test
# worker, kernel and server compiles the same modules again on its first import.
UV := $(BIN)/uv pip install --python $(BIN)/python --quiet --override tools/uv-overrides.txt --compile-bytecode

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(BIN)/uv: | $(BIN)/python
	$(BIN)/python -m pip install --quiet uv

$(VENV)/.lab-installed: pyproject.toml | $(BIN)/uv
	$(UV) -e ".[notebooks]"
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(BIN)/uv
	$(UV) -e ".[test,browser]"
	touch $@

# Outputs never reach git: `nbstripout` as a git filter (see .gitattributes). Cell ids are kept (they are stable
# in the committed notebooks) and the kernel's version details that JupyterLab writes on a run are dropped, so
# the stripped text of a notebook that was run equals the committed file.
NBSTRIPOUT_KEYS := metadata.language_info.codemirror_mode metadata.language_info.file_extension \
	metadata.language_info.mimetype metadata.language_info.nbconvert_exporter \
	metadata.language_info.pygments_lexer metadata.language_info.version
nbstripout: $(VENV)/.lab-installed
	@if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then \
	  $(BIN)/nbstripout --install --attributes .gitattributes && \
	  git config filter.nbstripout.clean '"$(abspath $(BIN))/python" -m nbstripout --keep-id' && \
	  git config filter.nbstripout.extrakeys "$(strip $(NBSTRIPOUT_KEYS))" && \
	  echo "nbstripout: notebook outputs stay out of git"; \
	else echo "nbstripout: not a git checkout, no filter to set up"; fi

lab: $(VENV)/.lab-installed nbstripout
	$(BIN)/jupyter lab $(ROOTFLAG) --ServerApp.root_dir=notebooks --LabApp.default_url=/lab/tree/00_start_here.ipynb

# Debian's Chromium (for tests/browser) installs with apt-get while uv installs the Python side.
test:
	@sh tools/ensure_chromium.sh & chromium=$$!; $(MAKE) --no-print-directory $(VENV)/.test-installed; \
	  status=$$?; wait $$chromium; exit $$status
	$(BIN)/python -m pytest -n 2 --dist loadfile tests eb_core --nbval-lax notebooks

# the inner loop: tests/unit, tests/rules and the eb_core doctests, without the tests marked slow (bot games,
# brute-force optimality, subprocesses) and the four doctests that play whole games; `make test` runs them all
SLOW_DOCTESTS := eb_core/bots/planner/__init__.py::eb_core.bots.planner eb_core/sim.py::eb_core.sim.solo_game \
	eb_core/sim.py::eb_core.sim.monte_carlo eb_core/economics.py::eb_core.economics.plan_for
test-fast: $(VENV)/.test-installed
	$(BIN)/python -m pytest -n 2 -m "not slow" tests/unit tests/rules eb_core $(addprefix --deselect ,$(SLOW_DOCTESTS))

$(VENV)/.present-installed: pyproject.toml | $(BIN)/uv
	$(UV) -e ".[notebooks,present]"
	touch $@

present: $(VENV)/.present-installed
	$(BIN)/voila --no-browser --Voila.ip=127.0.0.1 --port=$(PORT) --show_tracebacks=True --Voila.root_dir=notebooks notebooks

bench: $(VENV)/.test-installed
	$(BIN)/python benchmarks/run.py
	$(BIN)/python benchmarks/bots.py --tables 20

clean-notebooks: $(VENV)/.test-installed
	$(BIN)/jupyter nbconvert --clear-output --ClearMetadataPreprocessor.enabled=True --inplace notebooks/*.ipynb

decks: | $(BIN)/python
	$(BIN)/python tools/deckgen.py europe
	$(BIN)/python tools/deckgen.py tutorial
	$(BIN)/python tools/deckgen.py north_america
	$(BIN)/python tools/deckgen.py eastern_us
