"""Small helpers for the sentences the suite writes to players (errors, logs, narration).

>>> plural(1, "segment"), plural(3, "segment"), plural(2, "movement point"), plural(2, "ferry", "ferries")
('1 segment', '3 segments', '2 movement points', '2 ferries')
"""
from __future__ import annotations

__all__ = ["plural", "and_list"]


def and_list(items) -> str:
    """Names joined as a sentence joins them: ``"Ann"``, ``"Ann and Ben"``, ``"Ann, Ben and Cid"``.

    >>> and_list(["Ann"]), and_list(["Ann", "Ben"]), and_list(["Ann", "Ben", "Cid"])
    ('Ann', 'Ann and Ben', 'Ann, Ben and Cid')
    """
    items = [str(x) for x in items if x]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1] if items else ""


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and ``word``, in the plural unless ``n`` is 1 (``many`` for an irregular plural)."""
    return f"{n} {word}" if n == 1 else f"{n} {many or word + 's'}"
