"""Small helpers the bots share: reading the engine's answers in a form that survives its refactors."""
from __future__ import annotations

from typing import Any

__all__ = ["plan_cost"]


def plan_cost(plan: Any) -> int:
    """The cost of a :meth:`Game.plan_build` answer: a ``BuildPlan`` (``.cost``) or the older dict
    (``["cost"]``)."""
    cost = getattr(plan, "cost", None)
    return plan["cost"] if cost is None else cost
