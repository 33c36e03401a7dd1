# Two commands for a fresh machine with Python 3.11+:  `make lab`  and  `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
ROOTFLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)
PORT   ?= 8888

.PHONY: lab test present bench mapgen decks clean-notebooks help

help:
	@echo "make lab     - create .venv, install, open JupyterLab on notebooks/00_start_here.ipynb"
	@echo "make test    - create .venv if needed, install test extras, run pytest over tests/ and nbval over notebooks/"
	@echo "make present - serve the notebooks as apps with Voila on 127.0.0.1"
	@echo "make bench   - run the benchmarks (ratios against a networkx baseline)"

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.lab-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[notebooks]"
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test,browser]"
	touch $@

lab: $(VENV)/.lab-installed
	$(BIN)/jupyter lab $(ROOTFLAG) --ServerApp.root_dir=notebooks --LabApp.default_url=/lab/tree/00_start_here.ipynb

test: $(VENV)/.test-installed
	sh tools/ensure_chromium.sh
	$(BIN)/python -m pytest -n 2 --dist loadfile tests eb_core --nbval-lax notebooks

$(VENV)/.present-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[notebooks,present]"
	touch $@

present: $(VENV)/.present-installed
	$(BIN)/voila --no-browser --Voila.ip=127.0.0.1 --port=$(PORT) --show_tracebacks=True --Voila.root_dir=notebooks notebooks

bench: $(VENV)/.test-installed
	$(BIN)/python benchmarks/run.py

clean-notebooks: $(VENV)/.test-installed
	$(BIN)/jupyter nbconvert --clear-output --ClearMetadataPreprocessor.enabled=True --inplace notebooks/*.ipynb

decks: | $(BIN)/python
	$(BIN)/python tools/deckgen.py europe
	$(BIN)/python tools/deckgen.py tutorial
