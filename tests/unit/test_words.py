"""eb_core.words: counts and lists said as a sentence says them ("1 segment", "0 segments", "Ann, Ben and
Cid") -- in the log lines and narration players read."""
from __future__ import annotations

from eb_core.words import and_list, plural


def test_one_is_singular_and_every_other_count_is_plural():
    assert plural(1, "segment") == "1 segment"
    assert plural(0, "segment") == "0 segments"                 # "draws track ...: 0 segments"
    assert plural(2, "turn") == "2 turns" and plural(3, "ferry", "ferries") == "3 ferries"
    assert plural(1, "ferry", "ferries") == "1 ferry"


def test_a_list_of_names_leaves_out_the_missing_ones():
    """Names that are missing (an empty name, ``None``) are left out rather than joined as blanks."""
    assert and_list(["Ann", "", "Ben", None, "Cid"]) == "Ann, Ben and Cid"
    assert and_list(["", "Ben"]) == "Ben"
    assert and_list([]) == "" and and_list(["", None]) == ""
