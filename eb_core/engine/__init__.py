"""The rules engine: :class:`Game` runs Empire Builder: Europe, standard and basic game, and Empire Express
(``eb.ruleset("express")``: the same chapters reading other numbers and switches of the ruleset).

One module per rulebook chapter, written as functions over the game: :mod:`.build` (Build Phase Rules),
:mod:`.operations` (Operations Phase Rules), :mod:`.cards_and_turns` (cards, drawing, turn flow),
:mod:`.admin` (Admin phase, victory, final scoring), :mod:`.legal` (what the current player may do),
:mod:`.express` (the Empire Express demo setup and its Introductory Strategies);
:mod:`.common` holds the shared board index and checks; :mod:`.saved` reads saved games back, checked
field by field; :mod:`.interludes` records the changes a solo scenario makes outside the actions, so the game
replays; :mod:`.game` the :class:`Game` object.
The engine imports :mod:`eb_core.events`, never the reverse.

>>> import eb_core as eb
>>> from eb_core.engine import Game
>>> Game is eb.Game
True
"""
from __future__ import annotations

from .. import rulebook as R
from .game import GAME_SCHEMA, Game

__all__ = ["Game", "GAME_SCHEMA", "R"]
