"""Small helpers for the sentences the suite writes to players (errors, logs, narration).

>>> plural(1, "segment"), plural(3, "segment"), plural(2, "movement point"), plural(2, "ferry", "ferries")
('1 segment', '3 segments', '2 movement points', '2 ferries')
"""
from __future__ import annotations

import difflib
import re

__all__ = ["plural", "and_list", "or_list", "closest", "choose_from", "shown", "a_or_an", "pretty_as_words"]


def and_list(items) -> str:
    """Names joined as a sentence joins them: ``"Ann"``, ``"Ann and Ben"``, ``"Ann, Ben and Cid"``.

    >>> and_list(["Ann"]), and_list(["Ann", "Ben"]), and_list(["Ann", "Ben", "Cid"])
    ('Ann', 'Ann and Ben', 'Ann, Ben and Cid')
    """
    items = [str(x) for x in items if x]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1] if items else ""


def or_list(items) -> str:
    """Choices joined as a sentence offers them: ``"clear, mountain or alpine"``.

    >>> or_list(["clear"]), or_list(["clear", "mountain", "alpine"])
    ('clear', 'clear, mountain or alpine')
    """
    items = [str(x) for x in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1] if items else ""


def closest(names, given) -> list[str]:
    """The one or two of ``names`` nearest to ``given`` (a mistyped name), best first; none when nothing is
    near or ``given`` is no string.

    A name that is a whole word of ``given`` comes first (``us-standard`` means ``us`` more likely than
    the similar-looking ``europe-standard``).

    >>> closest(["eastern_us", "europe", "north_america", "tutorial"], "eurpoe")
    ['europe']
    >>> closest(["europe-basic", "europe-standard", "express", "us"], "us-standard")
    ['us', 'europe-standard']
    """
    if not isinstance(given, str):
        return []
    names = [str(n) for n in names]
    words = set(re.split(r"[-_ ]+", given.lower()))
    whole = [n for n in names if n.lower() in words]
    near = difflib.get_close_matches(given, names, n=2, cutoff=0.7)
    return list(dict.fromkeys(whole + near))[:2]


def choose_from(names, given=None, every: bool = False, lead: str = "choose from") -> str:
    """The end of a refusal of an unknown name: the closest names (``"did you mean fast-game?"``) when
    ``given`` is near one, otherwise every name, in words (never a Python list); with ``every``, every name
    after the closest too (where a near name may not be the one meant: ``speed`` is not ``seed``); ``lead``
    opens the list of every name.

    >>> choose_from(["fast-game", "faster-game", "mercy"], "fats-game")
    'did you mean fast-game or faster-game?'
    >>> choose_from(["europe-basic", "europe-standard", "express", "us"], "x")
    'choose from europe-basic, europe-standard, express or us'
    >>> choose_from(["board", "seed", "phase"], "speed", every=True)
    'did you mean seed? (choose from board, seed or phase)'
    """
    close = closest(names, given)
    every_name = f"{lead} {or_list(names)}"
    if not close:
        return every_name
    return f"did you mean {' or '.join(close)}?" + (f" ({every_name})" if every else "")


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and ``word``, in the plural unless ``n`` is 1 (``many`` for an irregular plural)."""
    return f"{n} {word}" if n == 1 else f"{n} {many or word + 's'}"


def shown(value) -> str:
    """A wrong value as a refusal shows it: a short value as Python writes it, a long one cut short, an
    object of the suite by its kind and name -- never a page of fields.

    >>> shown("Pari"), shown(-3), shown([1, 2]), shown(list(range(100)))
    ("'Pari'", '-3', '[1, 2]', 'a list of 100')
    >>> from eb_core.rules import ruleset
    >>> shown(ruleset("europe-basic")), shown(object())
    ("a Ruleset ('europe-basic')", 'an object')
    """
    text = repr(value)
    if isinstance(value, (str, bytes, int, float, complex, type(None))):
        return text if len(text) <= 60 else text[:57] + "..."
    if isinstance(value, (list, tuple, set, frozenset, dict)):
        return text if len(text) <= 60 else f"a {type(value).__name__} of {len(value)}"
    kind = type(value).__name__
    name = getattr(value, "name", None)
    if len(text) <= 60 and not text.startswith("<"):
        return text
    return a_or_an(kind) + (f" ({name!r})" if isinstance(name, str) else "")


def a_or_an(words: str) -> str:
    """``words`` with the indefinite article English puts before them (by the first letter's vowel).

    >>> a_or_an("clear milepost"), a_or_an("alpine milepost"), a_or_an("Ruleset")
    ('a clear milepost', 'an alpine milepost', 'a Ruleset')
    """
    return f"{'an' if words[:1].lower() in 'aeiou' else 'a'} {words}"


def pretty_as_words(obj, p, cycle: bool) -> None:
    """IPython's plain-text display (a console, a notebook's text output) of a value that reads as words:
    its ``str``, not its fields. A class takes it as its ``_repr_pretty_`` (IPython looks the hook up on the
    class itself, before a dataclass's own ``__repr__``)."""
    p.text(str(obj))
