"""Notebook 00's index and rulebook coverage table (issue 6: "by the end every section is covered").

The coverage table in ``notebooks/00_start_here.ipynb`` must have a row for every line of the rulebook's
table of contents (parsed from ``../shared/rules/empire_builder_europe_rulebook.txt`` when it is next to the
repository, else from the copy below), no row may say "coming", and every link must point at a notebook that
exists and at a heading that notebook really has.
"""
from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import quote, unquote

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
NB_DIR = ROOT / "notebooks"
INDEX = NB_DIR / "00_start_here.ipynb"
RULEBOOK = ROOT.parent / "shared" / "rules" / "empire_builder_europe_rulebook.txt"

# The rulebook's table of contents (kept so the test runs without the shared folder); the parsed one must match.
TOC_COPY = """
• Changes from Eurorails 2009
• Quick Guide for Set Up
• Components
  • Cards
  • The Map
  • Load Chips, Markers and Train Boards
  • Basic Game
• How to Win
• Setting Up the Game
• How to Play
• Starting the Game
  • Special Build Turns
  • Starting Your Train
• Build Phase Rules
  • Building Ferry Ports
  • Building the Chunnel
  • Right to Enter Major Cities and Key Cities
  • Limits on Building from Major Cities & Key Cities
  • Limits on Entry into Small and Medium Cities
  • No Credit/No Loans
  • Upgrading your Train
• Operations Phase Rules
  • Running the Train
  • Movement Using a Ferry
  • Movement Using the Chunnel
  • Renting Track
  • Picking Up Loads
  • Delivering Loads
• Admin Phase
• Ending the Game
  • Standard Game: Final Scoring Phase
• Event Card Effects
  • Derailments
  • Floods
  • Counting Mileposts
  • Half-Rate Movement
  • No Movement
  • Losing Loads
  • Losing Turns
• Solo & Variant Rules
  • Improving Your Competitive Play
  • Solo Play Scenarios
  • Simulated Win / Loss
  • Chart of Success for Solo Play
• Variants & Optional Rules
  • Fast Game
  • Faster Game
  • Less Thinking During Your Turns
  • Mercy
  • Cross Grading
  • Two-Players (Honeymoon Game)
  • Challenging Variants
"""

ANCHOR_SAFE = "-.,:;'&!?/()_~*+=@$"   # as tools/nbtools.py: JupyterLab matches the fragment as written
LINK = re.compile(r"\[(?P<prefix>\d\d) · (?P<heading>[^\]]+)\]\((?P<file>[^)#\s]+)#(?P<anchor>(?:[^()\s]|\([^()\s]*\))+)\)")


def parse_toc(text: str) -> list[str]:
    """Sections of a table of contents as bullet lines: top level ``"• X"`` and nested ``"  • Y"`` (the
    latter named ``"X > Y"``). Stops at the first non-bullet line after the bullets start."""
    out: list[str] = []
    parent = None
    started = False
    for line in text.splitlines():
        m = re.match(r"^(\s*)•\s+(.+?)\s*$", line)
        if not m:
            if started and line.strip():
                break
            continue
        started = True
        name = m.group(2)
        if m.group(1):
            assert parent is not None, f"a nested TOC line before any top-level one: {line!r}"
            out.append(f"{parent} > {name}")
        else:
            parent = name
            out.append(name)
    return out


def rulebook_toc() -> list[str]:
    if not RULEBOOK.exists():
        return parse_toc(TOC_COPY)
    text = RULEBOOK.read_text(encoding="utf-8")
    # the TOC is the bullet list after the (last) "Table of Contents" line at the top of the book
    head = text[: text.index("Changes from Eurorails 2009\n\n")]   # the section itself starts after the TOC
    return parse_toc(head[head.rindex("Table of Contents"):])


def headings(path: Path) -> list[str]:
    nb = nbformat.read(path, as_version=4)
    return [line.lstrip("#").strip() for cell in nb.cells if cell.cell_type == "markdown"
            for line in cell.source.splitlines() if line.startswith("#")]


def coverage_rows() -> dict[str, str]:
    """``{rulebook section: the 'demonstrated in' cell}`` from 00's "Rulebook coverage" table."""
    nb = nbformat.read(INDEX, as_version=4)
    cell = next(c for c in nb.cells if c.cell_type == "markdown" and c.source.startswith("## Rulebook coverage"))
    rows: dict[str, str] = {}
    for line in cell.source.splitlines():
        if not line.startswith("|") or line.startswith("|---") or line.startswith("| rulebook section"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        assert len(cells) == 2, f"a coverage row has two cells: {line!r}"
        assert cells[0] not in rows, f"two rows for {cells[0]!r}"
        rows[cells[0]] = cells[1]
    return rows


def test_the_toc_copy_matches_the_rulebook():
    if not RULEBOOK.exists():
        pytest.skip("the rulebook text is not next to the repository")
    assert rulebook_toc() == parse_toc(TOC_COPY)


def test_toc_parsing_names_subsections_with_their_parent():
    toc = parse_toc(TOC_COPY)
    assert len(toc) == 52 and toc[:4] == ["Changes from Eurorails 2009", "Quick Guide for Set Up", "Components",
                                          "Components > Cards"]
    assert "Ending the Game > Standard Game: Final Scoring Phase" in toc
    assert "Variants & Optional Rules > Two-Players (Honeymoon Game)" in toc


def test_every_toc_line_has_a_row_and_no_row_says_coming():
    rows = coverage_rows()
    toc = rulebook_toc()
    missing = [s for s in toc if s not in rows]
    assert not missing, f"no coverage row for {missing}"
    extra = [s for s in rows if s not in toc]
    assert not extra, f"rows that are not lines of the rulebook's table of contents: {extra}"
    coming = [s for s, where in rows.items() if "coming" in where.lower() or not LINK.search(where)]
    assert not coming, f"sections not demonstrated yet: {coming}"


def test_every_link_points_at_an_existing_notebook_heading():
    problems = []
    seen = 0
    cache: dict[str, list[str]] = {}
    for section, where in coverage_rows().items():
        leftover = LINK.sub("", where).replace(";", "").strip()
        if leftover:
            problems.append(f"{section}: text outside links: {leftover!r}")
        for m in LINK.finditer(where):
            seen += 1
            path = NB_DIR / m["file"]
            if not path.exists():
                problems.append(f"{section}: {m['file']} does not exist")
                continue
            if not m["file"].startswith(m["prefix"] + "_"):
                problems.append(f"{section}: link text says {m['prefix']} but points at {m['file']}")
            heads = cache.setdefault(m["file"], headings(path))
            if m["heading"] not in heads:
                problems.append(f"{section}: {m['file']} has no heading {m['heading']!r}")
            # JupyterLab's anchor for a heading is its text with spaces as dashes (ASCII punctuation as is)
            if unquote(m["anchor"]) != m["heading"].replace(" ", "-") or m["anchor"] != quote(
                    m["heading"].replace(" ", "-"), safe=ANCHOR_SAFE):
                problems.append(f"{section}: anchor {m['anchor']!r} does not match heading {m['heading']!r}")
    assert seen > 0
    assert not problems, "\n".join(problems)


def test_the_index_links_every_numbered_notebook():
    nb = nbformat.read(INDEX, as_version=4)
    cell = next(c for c in nb.cells if c.cell_type == "markdown" and c.source.startswith("## The notebooks"))
    numbered = sorted(p.name for p in NB_DIR.glob("[0-9][0-9]_*.ipynb"))
    for name in numbered:
        assert f"]({name})" in cell.source, f"00's index does not link {name}"


def test_generated_notebooks_match_their_source():
    """Notebooks 00-03 and 08 are written by tools/nbtools.py; 00's coverage table also depends on the other
    notebooks' headings, so a renamed heading elsewhere shows up here: run ``python tools/nbtools.py``."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("nbtools", ROOT / "tools" / "nbtools.py")
    nbtools = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(nbtools)
    assert nbtools.main(["--check"]) == 0, "run `python tools/nbtools.py` and commit the notebooks"
