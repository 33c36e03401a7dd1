"""What a bot sees of a game (:class:`BotView`): the game, adapted to the turn order the bots play by.

The solo games of :mod:`eb_core.sim`, Empire Express's lessons and the hints' replay of a recorded game
(:class:`eb_core.bots.hint.PlayedBots`) drive their bots through it.
"""
from __future__ import annotations

import random

from ..actions import EndBuild, EndTurn
from ..rules import Ruleset

__all__ = ["BotView", "bot_rng"]


def bot_rng(seed: int, seat: int) -> random.Random:
    """The random generator of the bot in ``seat`` of a game played with ``seed`` (:func:`eb_core.sim.make_bot`;
    :class:`eb_core.bots.hint.PlayedBots` makes the same to replay it)."""
    return random.Random(f"eb-bot:{seed}:{seat}")


class BotView:
    """What a bot sees of a game: the game itself, except that ``rules`` may be the ruleset the bot should
    plan for (Solo Scenario 2 keeps the engine from ending the game) and that, when the Building Phase comes
    first (Less Thinking During Your Turns), a bot's :class:`~eb_core.actions.EndTurn` from that phase
    becomes :class:`~eb_core.actions.EndBuild` (the turn goes on with operations)."""

    def __init__(self, game, rules: Ruleset | None = None):
        self._game = game
        self.rules = rules if rules is not None else game.rules
        self.applied = None         # the last action applied to the game, as the game got it

    def __getattr__(self, name):
        return getattr(self._game, name)

    def _fix(self, action):
        g = self._game
        if isinstance(action, EndTurn) and g.rules.turn_order == "build-first" and g.phase == "build" \
                and not g.state.special_round:
            return EndBuild()
        return action

    def apply(self, action) -> None:
        self.applied = self._fix(action)
        self._game.apply(self.applied)

    def apply_unchecked(self, action) -> None:
        self.applied = self._fix(action)
        self._game.apply_unchecked(self.applied)
