"""One configuration module per board: ``configs/<board>.py`` holds every hand-picked number and place of
that board (playing area, projection, spacing, lattice orientation, terrain regions, seas, river anchors).
The pipeline (extract.py, generate.py) is shared; ``load(board)`` picks the module."""
from __future__ import annotations

import importlib
from types import ModuleType

BOARDS = ("europe", "north_america", "eastern_us")


def load(board: str) -> ModuleType:
    """The configuration module of ``board`` (one of BOARDS)."""
    if board not in BOARDS:
        raise SystemExit(f"unknown board {board!r}; choose one of {', '.join(BOARDS)}")
    return importlib.import_module(f"configs.{board}")
