"""Shared fixtures: the tutorial board and the two Europe rulesets.

``board`` is ``data/boards/tutorial.json`` (the small teaching board on which every worked example of
the rulebook reproduces); ``rules_standard`` / ``rules_basic`` are ``eb.ruleset("europe-standard")`` and
``eb.ruleset("europe-basic")`` (``rules`` is the standard game too). All of them are immutable, so they are shared by the whole session.
"""
from __future__ import annotations

import pytest

import eb_core as eb


@pytest.fixture(scope="session")
def board() -> eb.Board:
    return eb.load_board("tutorial")


@pytest.fixture(scope="session")
def rules_standard() -> eb.Ruleset:
    return eb.ruleset("europe-standard")


@pytest.fixture(scope="session")
def rules(rules_standard) -> eb.Ruleset:
    """The standard game, for tests that need just one ruleset."""
    return rules_standard


@pytest.fixture(scope="session")
def rules_basic() -> eb.Ruleset:
    return eb.ruleset("europe-basic")
