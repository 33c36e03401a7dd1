"""Write the teaching notebooks 00-03 and 08 from the Python source below, without outputs.

The notebooks are committed without outputs and execution counts; this script is their source of truth so
they are easy to review and regenerate. Run from the repository root::

    python tools/nbtools.py                 # (re)write notebooks 00-03 and 08
    python tools/nbtools.py 02              # only notebooks whose name starts with 02
    python tools/nbtools.py --check         # exit 1 if a committed notebook differs from its source

A cell is ``md(text)`` or ``code(text)``. Cells stay narration + calls into ``eb_core``: any logic a cell
would need belongs in ``eb_core`` (and its tests). Assertion cells check every number the text claims, so
``pytest --nbval-lax notebooks`` checks the teaching, not the pixels.

Notebook 00's index lists every numbered notebook; notebooks written by others appear as links when their
file exists (add a line to ``INDEX`` for a new one) and as "coming" otherwise.
"""
from __future__ import annotations

import argparse
import sys
import textwrap
from pathlib import Path
from urllib.parse import quote

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

ROOT = Path(__file__).resolve().parent.parent
NB_DIR = ROOT / "notebooks"

KERNEL = {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
          "language_info": {"name": "python"}}


def md(text: str, **subs: str):
    """A markdown cell; ``@@KEY@@`` in ``text`` is replaced by ``subs[KEY]`` after dedenting."""
    text = textwrap.dedent(text).strip("\n")
    for k, v in subs.items():
        text = text.replace(f"@@{k}@@", v)
    return new_markdown_cell(text)


def code(text: str):
    cell = new_code_cell(textwrap.dedent(text).strip("\n"))
    cell.execution_count = None
    cell.outputs = []
    return cell


# The index of notebook 00: (prefix, title, one line on what it teaches). Extend freely.
INDEX = [
    ("00", "Start here", "what the suite is, how to use the widgets, where each rule is taught"),
    ("01", "The board", "mileposts, terrain, water, cities and their loads; distances in mileposts"),
    ("02", "Building track", "every build rule with the rulebook's worked examples, priced segment by segment"),
    ("03", "Running trains", "movement, reversing, ferries, the Chunnel, renting, pickups and deliveries"),
    ("04", "Instructor toolkit", "set up positions and exercises for a class; check answers"),
    ("05", "Events", "derailments, floods, gales, snow, fog, strikes and taxes on the map"),
    ("06", "Solo play and variants", "seeded bot players, solo scenarios, the chart of success, every variant"),
    ("07", "Route economics", "which deliveries pay: payout per turn, cost tables, opening plans"),
    ("08", "Winning the game", "victory conditions, the admin phase, the last round, final scoring, tiebreakers"),
]


def _existing(prefix: str) -> str | None:
    found = sorted(p.name for p in NB_DIR.glob(f"{prefix}_*.ipynb"))
    return found[0] if found else None


def _index_table() -> str:
    rows = ["| # | notebook | what it teaches |", "|---|---|---|"]
    for prefix, title, what in INDEX:
        name = _existing(prefix)
        if name:
            rows.append(f"| {prefix} | [{title}]({name}) | {what} |")
        else:
            rows.append(f"| {prefix} | {title} (coming) | {what} |")
    return "\n".join(rows)


# Rulebook table of contents -> where it is demonstrated. One row per line of the rulebook's table of contents
# ("Parent > Child" for a sub-section), each with (notebook prefix, a heading of that notebook that shows it).
# A link is written only if the notebook exists and has that heading (see _headings); a row left without any
# link says "coming". tests/test_notebook_index.py checks that no row does, against the rulebook's own TOC.
# headings of notebook 06 (written by the simulation helper), used several times below
S1 = "1. Improving your competitive play: count the turns"
S2 = "2. A solo game played by the planner bot (Solo Play Scenario 1: Basic Solo Play)"
S2b = "Solo Play Scenario 3: a simple simulated second player"
S6 = "6. Solo Play Scenarios 2 and 4"
V5 = "5. Variants & Optional Rules"
V5T = "What each variant does to the game, measured"
COVERAGE = [
    ("Changes from Eurorails 2009", [("01", "Cities"), ("01", "Ferries and the Chunnel"),
                                     ("03", "A game between Ann and Ben"), ("03", "The Chunnel and renting track"),
                                     ("05", "Half-rate movement"), ("05", "Strikes, the tax and the Irish boom"),
                                     ("08", "The sudden-death tiebreaker")]),
    ("Quick Guide for Set Up", [("03", "Trains and rulesets")]),
    ("Components", [("01", "Where loads come from"), ("05", "The event cards"), ("03", "Trains and rulesets")]),
    ("Components > Cards", [("03", "A game between Ann and Ben"), ("05", "The event cards")]),
    ("Components > The Map", [("01", "The whole board"), ("01", "Terrain and water")]),
    ("Components > Load Chips, Markers and Train Boards", [("01", "Where loads come from"),
                                                           ("03", "Trains and rulesets"),
                                                           ("08", "Ending the game, the round played to its end")]),
    ("Components > Basic Game", [("03", "Trains and rulesets"), ("03", "Movement"),
                                 ("08", "Basic game, a tie shares the win")]),
    ("How to Win", [("08", "How to Win"), ("08", "A race to the finish"),
                    ("08", "Met at the end of another player's turn"), ("08", "The sudden-death tiebreaker"),
                    ("08", "Basic game, a tie shares the win")]),
    ("Setting Up the Game", [("03", "A game between Ann and Ben")]),
    ("How to Play", [("03", "A game between Ann and Ben"), ("03", "Giving up a turn to discard the hand"),
                     ("02", "Red areas and illegal builds"),
                     ("08", "The Admin phase")]),
    ("Starting the Game", [("03", "A game between Ann and Ben")]),
    ("Starting the Game > Special Build Turns", [("03", "A game between Ann and Ben"),
                                                ("02", "Red areas and illegal builds"), ("07", "5. The opening")]),
    ("Starting the Game > Starting Your Train", [("03", "Movement")]),
    ("Build Phase Rules", [("02", "Milepost costs"), ("02", "Bridges"), ("02", "Red areas and illegal builds"),
                           ("02", "The cheapest build"), ("04", "2. Is this allowed, and what does it cost?"),
                           ("07", "1. The cheapest build between two cities")]),
    ("Build Phase Rules > Building Ferry Ports", [("02", "Ferries")]),
    ("Build Phase Rules > Building the Chunnel", [("02", "The Chunnel")]),
    ("Build Phase Rules > Right to Enter Major Cities and Key Cities", [("02", "Red areas and illegal builds")]),
    ("Build Phase Rules > Limits on Building from Major Cities & Key Cities",
     [("02", "The same track built out of Paris"), ("02", "Red areas and illegal builds")]),
    ("Build Phase Rules > Limits on Entry into Small and Medium Cities",
     [("02", "Limits on entry into small and medium cities")]),
    ("Build Phase Rules > No Credit/No Loans", [("02", "No credit, no loans")]),
    ("Build Phase Rules > Upgrading your Train", [("03", "Trains and rulesets"), ("03", "Ferries, staging and half speed")]),
    ("Operations Phase Rules", [("03", "Movement"), ("03", "Deliveries")]),
    ("Operations Phase Rules > Running the Train", [("03", "Movement")]),
    ("Operations Phase Rules > Movement Using a Ferry", [("03", "Ferries, staging and half speed")]),
    ("Operations Phase Rules > Movement Using the Chunnel", [("03", "The Chunnel and renting track")]),
    ("Operations Phase Rules > Renting Track", [("03", "The Chunnel and renting track")]),
    ("Operations Phase Rules > Picking Up Loads", [("03", "Movement"), ("01", "Where loads come from")]),
    ("Operations Phase Rules > Delivering Loads", [("03", "Deliveries"), ("07", "3. What one demand is worth")]),
    ("Admin Phase", [("08", "The Admin phase"), ("08", "Met at the end of another player's turn")]),
    ("Ending the Game", [("08", "Ending the game, the round played to its end")]),
    ("Ending the Game > Standard Game: Final Scoring Phase",
     [("08", "Final scoring, most cash among those who met the conditions"), ("08", "The sudden-death tiebreaker")]),
    ("Event Card Effects", [("05", "The event cards")]),
    ("Event Card Effects > Derailments", [("05", "Derailments, lost loads and lost turns")]),
    ("Event Card Effects > Floods", [("05", "Floods"), ("08", "The Admin phase")]),
    ("Event Card Effects > Counting Mileposts", [("05", "Counting mileposts")]),
    ("Event Card Effects > Half-Rate Movement", [("05", "Half-rate movement")]),
    ("Event Card Effects > No Movement", [("03", "When an event stops the train"), ("05", "Areas of effect on the board")]),
    ("Event Card Effects > Losing Loads", [("05", "Derailments, lost loads and lost turns")]),
    ("Event Card Effects > Losing Turns", [("05", "Derailments, lost loads and lost turns")]),
    ("Solo & Variant Rules", [("06", S1), ("06", V5)]),
    ("Solo & Variant Rules > Improving Your Competitive Play", [("06", S1), ("06", S2)]),
    ("Solo & Variant Rules > Solo Play Scenarios", [("06", S2), ("06", S2b), ("06", S6)]),
    ("Solo & Variant Rules > Simulated Win / Loss", [("06", "4. Simulated Win / Loss")]),
    ("Solo & Variant Rules > Chart of Success for Solo Play", [("06", "3. The Chart of Success for Solo Play"),
                                                             ("06", V5T)]),
    ("Variants & Optional Rules", [("06", V5), ("03", "Variants in play")]),
    ("Variants & Optional Rules > Fast Game", [("03", "Trains and rulesets"), ("06", V5), ("06", V5T)]),
    ("Variants & Optional Rules > Faster Game", [("03", "Variants in play"), ("06", V5)]),
    ("Variants & Optional Rules > Less Thinking During Your Turns", [("06", V5), ("06", V5T)]),
    ("Variants & Optional Rules > Mercy", [("02", "No credit, no loans"), ("06", V5)]),
    ("Variants & Optional Rules > Cross Grading", [("03", "Variants in play"), ("06", V5)]),
    ("Variants & Optional Rules > Two-Players (Honeymoon Game)", [("03", "Variants in play"), ("06", V5)]),
    ("Variants & Optional Rules > Challenging Variants", [("03", "Variants in play"), ("06", V5), ("06", V5T)]),
]


def _headings(name: str) -> list[str]:
    """The text of every markdown heading (any level) of notebook ``name`` in ``notebooks/``."""
    nb = nbformat.read(NB_DIR / name, as_version=4)
    return [line.lstrip("#").strip() for cell in nb.cells if cell.cell_type == "markdown"
            for line in cell.source.splitlines() if line.startswith("#")]


ANCHOR_SAFE = "-.,:;'&!?/()_~*+=@$"


def heading_anchor(heading: str) -> str:
    """The URL fragment of a markdown heading in JupyterLab: its text with spaces as dashes. JupyterLab
    compares the fragment as written with the heading's id, so ASCII punctuation stays as it is; anything
    else (non-ASCII, quotes, brackets, ``#``, ``%``) is percent-encoded as a browser would."""
    return quote(heading.replace(" ", "-"), safe=ANCHOR_SAFE)


def _coverage_table() -> str:
    rows = ["| rulebook section | demonstrated in |", "|---|---|"]
    for sec, where in COVERAGE:
        parts = []
        for prefix, heading in where:
            name = _existing(prefix)
            if name is None:
                continue
            if heading not in _headings(name):
                print(f"warning: {name} has no heading {heading!r} (coverage row {sec!r})", file=sys.stderr)
                continue
            parts.append(f"[{prefix} · {heading}]({name}#{heading_anchor(heading)})")
        rows.append(f"| {sec} | {'; '.join(parts) if parts else 'coming'} |")
    return "\n".join(rows)


# ============================================================================ 00 start here
def nb00():
    return [
        md("""
        # Empire Builder: Europe — start here

        **eb** is a Python package (`eb_core`) plus these notebooks for teaching and analysing the crayon-rail
        board game *Empire Builder: Europe*. The rules engine follows the rulebook section by section; every
        number it uses (50M start, 20M per build phase, 5M to build into a major city …) lives in a
        ruleset, and the notebooks draw the board, the track and the routes with plotly.

        **Who it is for**

        * **New players** — learn the board, the build costs and the movement rules by trying them.
        * **Route-economics explorers** — price any build, compare deliveries, simulate seeded games.
        * **Instructors** — set up positions, show a rule with its worked example, check answers.

        **What you will learn here**

        1. how to drive the interactive widgets (dropdowns, hover, zoom),
        2. which notebook teaches what,
        3. where each section of the rulebook is demonstrated.
        """),
        code("""
        import eb_core as eb
        from eb_core.display import figures, widgets

        SEED = 7                      # every random thing in these notebooks takes a seed
        board = eb.load_board("tutorial")
        rules = eb.ruleset("europe-standard")
        # the numbers quoted above come from the ruleset
        assert (rules.start_cash, rules.build_limit, rules.city_cost["major"]) == (50, 20, 5)
        board
        """),
        md("""
        ## How to use the widgets

        Each app is a Python object with dropdowns, a plotly figure and its last `result`.

        * **Pick** a value in a dropdown: the figure and the table below it update.
        * **Hover** any milepost or city: the tooltip says what it is and what building into it costs.
        * **Zoom** with the mouse wheel or a box drag, **pan** by dragging, **double-click** to reset.
        * **Click** a legend entry to hide a layer (rivers, mountains, …).

        Try it: pick two cities and see the cheapest track between them, each segment labelled with its
        cost. (This is the small tutorial board, a compressed Europe built so that the rulebook's examples
        reproduce exactly; notebook 01 shows the real Europe board.)
        """),
        code("""
        explorer = widgets.route_explorer(board, rules, start="London", end="Birmingham")
        explorer
        """),
        md("""
        The same app can be driven from code — that is how the notebooks and the tests prove that a
        widget really reacts. Setting `explorer.end.value` runs the same callback as picking in the
        dropdown:
        """),
        code("""
        assert explorer.result.cost == 5, explorer.result.explain()   # rulebook: London to Birmingham is 5M
        before = len(explorer.figure.data[figures.trace_index(explorer.figure, "route")].x)
        explorer.end.value = "Paris"
        plan = eb.cheapest_build(board, rules, "London", "Paris")
        assert explorer.result.cost == plan.cost
        assert list(figures.find_trace(explorer.figure, "route").x) == list(board.xy[list(plan.mileposts), 0])
        assert f"{plan.cost}M" in explorer.figure.layout.title.text
        print(f"London → Paris: {plan.cost}M (the figure now shows {len(plan.segments)} segments, "
              f"was {before - 1})")
        """),
        md("""
        Every figure also comes with a table (a pandas DataFrame), so nothing is only in the picture:
        """),
        code("""
        figures.route_table(explorer.result, board)
        """),
        md("""
        ## The notebooks

        @@INDEX@@

        Run them in order the first time. Each starts with *what you will learn*, imports and a fixed seed,
        and ends every claim with an assertion cell — if a number in the text were wrong, the notebook
        would fail its test (`make test` runs every notebook with `pytest --nbval-lax`).

        *Adding a notebook?* Add a line to `INDEX` in `tools/nbtools.py` (and its sections to `COVERAGE`),
        then run `python tools/nbtools.py 00`: this page is generated, and a notebook appears as a link as
        soon as its file exists.
        """, INDEX=_index_table()),
        code("""
        from pathlib import Path

        here = Path("00_start_here.ipynb")
        folder = here.parent if here.exists() else Path("notebooks")
        numbered = sorted(p.name for p in folder.glob("[0-9][0-9]_*.ipynb"))
        assert [name[:2] for name in numbered] == [f"{i:02d}" for i in range(9)], numbered   # 00 ... 08, as listed above
        numbered
        """),
        md("""
        ## Rulebook coverage

        Where each section of the rulebook's table of contents is demonstrated (section names as in the
        rulebook; errors raised by the engine name the same sections, e.g.
        `Build Phase Rules > Right of Way`).

        @@COVERAGE@@
        """, COVERAGE=_coverage_table()),
        md("""
        ## Under the hood

        ```python
        import eb_core as eb
        board = eb.load_board("europe")          # or "tutorial", or a path to your own board file
        rules = eb.ruleset("europe-standard")    # "europe-basic"; variants: eb.ruleset("europe-basic", "fast-game")
        plan  = eb.cheapest_build(board, rules, "London", "Paris")   # .cost, .mileposts, .segments
        game  = eb.Game.new(rules, board=board, players=["Ann", "Ben"], seed=7)
        game.apply(eb.Build(path=plan.mileposts))   # raises eb.IllegalAction with .rule and .reason
        ```
        """),
    ]
# ============================================================================ 01 the board
def nb01():
    return [
        md("""
        # The board

        *"The map shows the playing area of the game, it is overlaid with a grid of dots called mileposts.
        The mileposts will be used for movement and building of track. The red areas are cities on the map.
        Near each city are symbols to show which loads can be picked up there."* (rulebook: *Components >
        The Map*)

        **What you will learn**

        1. how to read the board: terrain, rivers, lakes, cities, ferries and the Chunnel;
        2. where each load comes from;
        3. what a city is (major, key, medium, small) and what it costs to build into it;
        4. how far apart two cities are, in mileposts.
        """),
        code("""
        import pandas as pd

        import eb_core as eb
        from eb_core.display import figures, widgets

        SEED = 7
        board = eb.load_board("europe")
        rules = eb.ruleset("europe-standard")
        board
        """),
        md("""
        ## The whole board

        Mileposts sit on a triangular lattice: every milepost has up to six neighbours, one milepost apart
        (about 44 km on the printed board). Hover anything to read what it is; zoom with the mouse wheel;
        click a legend entry to hide a layer. **Click a city** (or pick it in the dropdown) to read its
        class, loads and the cost to build into it.
        """),
        code("""
        inspector = widgets.city_inspector(board, rules, city="Paris")
        inspector
        """),
        code("""
        assert board.spacing_km == 44, board.spacing_km        # about 44 km between neighbouring mileposts
        assert inspector.result["size"] == "major" and inspector.result["build_cost"] == 5
        """),
        md("""
        ## Terrain and water

        | on the map | what it is | to build into it |
        |---|---|---|
        | small dark dot | clear milepost | 1M |
        | brown triangle | mountain milepost | 2M |
        | white triangle, red outline | alpine milepost (the high Alps) | 5M |
        | blue line | river: a bridge on every segment that crosses it | +2M |
        | pale blue area / blue tick | lake or ocean inlet | +3M |
        | dashed line with a number | ferry: building into a port buys it | its number |
        | dotted line | the Chunnel (three underground mileposts) | 17M |

        The table below is computed from the board and the ruleset:
        """),
        code("""
        terrain = pd.Series([m.terrain.value for m in board.mileposts if not m.underground]).value_counts()
        legend = pd.DataFrame({"mileposts": terrain,
                               "build into (M)": [rules.terrain_cost[t] for t in terrain.index]})
        legend
        """),
        code("""
        assert legend.loc["clear", "build into (M)"] == 1 and legend.loc["mountain", "build into (M)"] == 2
        assert legend.loc["alpine", "build into (M)"] == 5
        assert rules.water_cost["river"] == 2 and rules.water_cost["lake"] == rules.water_cost["inlet"] == 3
        assert len(board.rivers()) >= 10, board.rivers()
        print(f"{legend['mileposts'].sum()} mileposts; rivers: {', '.join(board.rivers())}")
        """),
        md("""
        Zoomed in, the Alps: the alpine mileposts (5M) and the lakes between Zürich and Milano.
        """),
        code("""
        alps = figures.board_figure(board, rules, show_edges=True, title="The Alps")
        figures.zoom_to(alps, board, ["Zürich", "Milano", "München"], margin=4)
        """),
        md("""
        ## Cities

        * **Major cities** (8, red hexagon): a centre and six mileposts of public track, 5M to build into;
          you may start building out of any of them; victory needs 7 of the 8 connected.
        * **Key cities** (Oslo and Stockholm): build out of them like a major city, 3M to build into; they
          do not count for victory.
        * **Medium cities** (square): 3M, at most 3 players. **Small cities** (circle): 3M, at most 2 players.
        """),
        code("""
        by_size = pd.Series([c.size.value for c in board.cities]).value_counts()
        by_size
        """),
        code("""
        # published facts of Empire Builder: Europe: 8 major, 2 key, 19 medium, 31 small cities (60)
        assert by_size.to_dict() == {"small": 31, "medium": 19, "major": 8, "key": 2}, by_size
        assert sorted(c.name for c in board.major_cities) == sorted(
            ["Berlin", "Holland", "London", "Madrid", "Milano", "Paris", "Ruhr", "Wien"])
        assert sorted(c.name for c in board.cities_of_size("key")) == ["Oslo", "Stockholm"]
        """),
        md("""
        Back on the map at the top: picking a city in the dropdown (or clicking it) selects it. The same
        happens from code:
        """),
        code("""
        inspector.city.value = "Oslo"            # as if picked in the dropdown
        assert inspector.result["size"] == "key" and inspector.result["build_cost"] == 3
        assert "Oslo" in inspector.figure.layout.title.text
        assert sorted(figures.find_trace(inspector.figure, "area:selected").customdata) == sorted(board.city("Oslo").mileposts)
        inspector.city.value = "Zürich"
        assert inspector.result["size"] == "medium" and inspector.result["max_players"] == 3
        inspector.city.value = "Bern"
        assert inspector.result["size"] == "small" and inspector.result["max_players"] == 2
        assert rules.victory_majors == 7 and rules.city_cost["key"] == 3
        inspector.result
        """),
        md("""
        ## Where loads come from

        29 kinds of load, 92 chips. A load can be picked up only in a city that offers it, and only while
        the bank has a chip left.
        """),
        code("""
        loads = pd.DataFrame({"chips": pd.Series(board.loads),
                              "sources": {ld: ", ".join(c.name for c in board.sources(ld)) for ld in board.loads}})
        loads.sort_index()
        """),
        code("""
        assert len(board.loads) == 29 and sum(board.loads.values()) == 92, (len(board.loads), sum(board.loads.values()))
        assert sorted(ld for ld, n in board.loads.items() if n == 4) == ["Beer", "Cheese", "Machinery", "Oil", "Wine"]
        assert all(board.sources(ld) for ld in board.loads), "every load has a source city"
        """),
        code("""
        finder = widgets.load_finder(board, load="Beer")
        finder
        """),
        code("""
        finder.load.value = "Wine"
        assert set(finder.sources) == {"Bordeaux", "Frankfurt", "Porto", "Wien"}, finder.sources
        highlighted = sorted(figures.find_trace(finder.figure, "area:sources").customdata)
        assert highlighted == sorted(m for name in finder.sources for m in board.city(name).mileposts)
        finder.load.value = "Cork"
        assert set(finder.sources) == {"Lisboa", "Sevilla"}, finder.sources
        """),
        md("""
        ## Ferries and the Chunnel
        """),
        code("""
        crossings = pd.DataFrame([(c.name, c.kind, " – ".join(c.port_names), c.cost) for c in board.crossings],
                                 columns=["name", "kind", "ports", "cost (M)"]).set_index("name")
        crossings
        """),
        code("""
        # rulebook: Newcastle-Esbjerg 14, Liverpool-Dublin 6, Stranraer-Belfast 4, Portsmouth-Le Havre 4, Chunnel 17
        for name, m in [("Newcastle–Esbjerg", 14), ("Liverpool–Dublin", 6), ("Stranraer–Belfast", 4),
                        ("Portsmouth–Le Havre", 4), ("Chunnel", 17)]:
            assert board.crossing(name).cost == m, crossings
        assert len(board.crossing("Chunnel").mileposts) == 3
        """),
        md("""
        ## Distances in mileposts

        Distances on this board are counted in mileposts. The app shows two: as the crow flies (straight
        line, in lattice units) and the fewest steps from milepost to milepost — what a train on the most
        direct possible track would count. The steps can never be fewer than the straight line.
        """),
        code("""
        distance = widgets.distance_picker(board, start="London", end="Wien")
        distance
        """),
        code("""
        distance.end.value = "Madrid"
        r = distance.result
        assert r["path"][0] == board.city("London").center and r["path"][-1] == board.city("Madrid").center
        assert r["steps"] >= r["straight"], r
        assert r["straight"] == board.distance(board.city("London").center, board.city("Madrid").center)
        print(f"London -> Madrid: {r['straight']:.1f} mileposts as the crow flies, {r['steps']} steps")
        """),
    ]


# ============================================================================ 02 building track
def _example(key: str, title: str, claim: str, number: int, extra: str = "") -> list:
    """Cells for one worked example: narration, the figure, the table, the assertion."""
    return [
        md(f"""
        ### {title}

        {claim}
        """),
        code(f"""
        ex = examples["{key}"]
        print(ex["text"])
        figures.path_figure(board, rules, ex["path"], owned_crossings=ex.get("owned_crossings", ()),
                        title="{title}: " + ex["rule"])
        """),
        code(f"""
        table = figures.segment_table(board, rules, ex["path"], owned_crossings=ex.get("owned_crossings", ()))
        assert table.loc["total", "cost"] == {number}, table.to_string()   # the rulebook's number{extra}
        table
        """),
    ]


def nb02():
    cells = [
        md("""
        # Building track

        In the build phase you draw track with your crayon from milepost to milepost and pay for every
        segment (rulebook: *Build Phase Rules*). This notebook prices every worked example of the rulebook
        on the tutorial board — a compressed Europe drawn so that each example reproduces exactly — and shows
        the rules that stop a build.

        **What you will learn**

        1. what a segment costs: the milepost you build *to*, plus the most expensive bridge;
        2. how ferries and the Chunnel are bought, and why building *into* a major city is dear;
        3. the limits: two segments out of major cities per turn, 20M per turn, right of way, players and tracks
           per small or medium city (and the no-blocking rule), no credit;
        4. how to find the cheapest build between two cities yourself.
        """),
        code("""
        import eb_core as eb
        from eb_core.display import figures, widgets

        SEED = 7
        board = eb.load_board("tutorial")
        rules = eb.ruleset("europe-standard")
        examples = board.meta["examples"]
        board
        """),
        md("""
        ## Milepost costs

        *"For each section of track, you must pay the cost for the milepost to which you are building."* The
        ruleset holds every number of the rulebook's cost list:
        """),
        code("""
        import pandas as pd

        costs = pd.DataFrame(
            [("clear milepost", rules.terrain_cost["clear"]), ("mountain milepost", rules.terrain_cost["mountain"]),
             ("alpine milepost", rules.terrain_cost["alpine"]), ("river (additional)", rules.water_cost["river"]),
             ("lake / ocean inlet (additional)", rules.water_cost["lake"]),
             ("major city", rules.city_cost["major"]), ("key city", rules.city_cost["key"]),
             ("medium city", rules.city_cost["medium"]), ("small city", rules.city_cost["small"]),
             ("Chunnel", board.crossing("Chunnel").cost)],
            columns=["build into", "M"]).set_index("build into")
        costs
        """),
        code("""
        # the rulebook's list: clear 1, mountain 2, alpine 5, river +2, lake/ocean +3, Chunnel 17,
        # major city 5, key city 3, medium 3, small 3; at most 20M per build phase
        assert costs["M"].tolist() == [1, 2, 5, 2, 3, 5, 3, 3, 3, 17], costs
        assert rules.water_cost["inlet"] == 3 and rules.build_limit == 20
        assert rules.ferry_max_players == 2 and rules.tunnel_max_players == 1   # "two players only", "one player only"
        """),
        md("""
        The tutorial board: hover a milepost to read what building into it costs; the grey lines are every
        segment you could build. Red hexagons are major cities (their red area is public track), squares
        medium cities, circles small cities; dashed lines are ferries with their number, the dotted line the
        Chunnel.
        """),
        code("""
        figures.board_figure(board, rules, show_edges=True, title="The tutorial board (not the real map)")
        """),
        md("""
        ## Bridges

        *"If you build across a body of water, including into or out of a city, you must build a bridge …
        If a single track segment crosses two or more bodies of water, you pay only the additional cost of
        the most expensive bridge."* Each figure below zooms onto the example; the numbers in circles are the
        segments' costs, the table prices them one by one.
        """),
    ]
    cells += _example("antwerp", "Example 1 (Antwerp)",
                      "From Holland: a clear milepost across the river (1M + 2M bridge), then into the medium city "
                      "(3M) — **6M**.", 6)
    cells += _example("zurich", "Example 2 (Zürich)",
                      "Out of Zürich: a mountain milepost (2M), a clear milepost across the lake (1M + 3M), one "
                      "more clear milepost (1M) — **7M**.", 7)
    cells += [
        md("""
        ## Ferries

        *"You pay the entire cost of the ferry (the number in the circle) to build into a port on either side
        of the ferry. The entire ferry connection is now part of your network so you may then build out from
        the opposite port."* At most two players may own a ferry.

        The rulebook's example: *Starting from London, Ed spends 5M to build to Birmingham. He continues to
        build out of London towards Portsmouth, spending an additional 5M: 1M for the first milepost, and then
        4 to build into Portsmouth Ferry. For the last part of his build for the turn, he spends 8M to build
        into Paris from Le Havre. Since he already built out of a Major city twice for the turn, he'd have to
        wait till the following turn to build out of Paris and save himself 4M.*
        """),
    ]
    cells += _example("london_birmingham", "Ed: London → Birmingham", "**5M**.", 5)
    cells += _example("london_portsmouth", "Ed: London → Portsmouth",
                      "1M for the first milepost, 4M for the Portsmouth–Le Havre ferry — **5M**.", 5)
    cells += _example("le_havre_paris", "Ed: Le Havre → Paris",
                      "Building *into* a major city costs 5M for the last segment — **8M**.", 8)
    cells += _example("paris_le_havre", "The same track built out of Paris",
                      "Building *out of* Paris towards the ferry he already owns pays only for the mileposts "
                      "— **4M**, saving 4M. But it would be his third segment out of a major city this turn.", 4)
    cells += [
        code("""
        le_havre_paris = figures.segment_table(board, rules, examples["le_havre_paris"]["path"])
        paris_le_havre = figures.segment_table(board, rules, examples["paris_le_havre"]["path"],
                                           owned_crossings=examples["paris_le_havre"]["owned_crossings"])
        saving = le_havre_paris.loc["total", "cost"] - paris_le_havre.loc["total", "cost"]
        assert saving == 4, (le_havre_paris, paris_le_havre)   # "... and save himself 4M"
        # Ed's whole turn: 5 + 5 + 8 = 18M, within the 20M limit
        assert 5 + 5 + 8 == 18 <= rules.build_limit
        """),
        md("""
        **Ports that are cities.** *"When a small or medium city is also a ferry port, you pay only the cost
        of the ferry line to connect to both the ferry and the city. E.g., it costs 6 million to build to
        Liverpool / Dublin and 4 million to build to Stranraer / Belfast."*
        """),
    ]
    cells += _example("liverpool_dublin", "Liverpool / Dublin", "One segment into the port — **6M**.", 6)
    cells += _example("stranraer_belfast", "Stranraer / Belfast", "One segment into the port — **4M**.", 4)
    cells += [
        md("""
        ## The Chunnel

        *"Only one player may build to the Chunnel (either side). You pay 17 million to build to either side,
        then the entire Chunnel is now part of your network."* The rulebook's example: *Starting from London,
        Jeff spends 18M to build to Folkestone: 1M for the first milepost, and then 17 to build the Chunnel.
        For the last part of his build, he builds south from Calais spending his last 2M for the turn.*
        """),
    ]
    cells += _example("london_folkestone", "Jeff: London → Folkestone", "1M + 17M — **18M**.", 18)
    cells += _example("calais_south", "Jeff: south from Calais", "His last **2M**: 18 + 2 = 20M, the whole budget.", 2)
    cells += [
        code("""
        jeff = (figures.segment_table(board, rules, examples["london_folkestone"]["path"]).loc["total", "cost"]
                + figures.segment_table(board, rules, examples["calais_south"]["path"],
                                    owned_crossings=["Chunnel"]).loc["total", "cost"])
        assert jeff == 20 == rules.build_limit, jeff
        """),
        md("""
        ## The cheapest build

        `eb.cheapest_build` searches every path and returns the cheapest, with the same per-segment
        breakdown. It finds the rulebook's numbers on its own:
        """),
        code("""
        portsmouth = examples["london_portsmouth"]["path"][-1]    # ports are mileposts, not cities
        le_havre = examples["le_havre_paris"]["path"][0]
        folkestone = examples["london_folkestone"]["path"][-1]
        for a, b, claimed in [("Holland", "Antwerpen", 6), ("London", "Birmingham", 5), ("London", portsmouth, 5),
                              (le_havre, "Paris", 8), ("London", folkestone, 18), ("Birmingham", "Dublin", None)]:
            plan = eb.cheapest_build(board, rules, a, b)
            print(f"{plan.start:>12} -> {plan.end:<12} {plan.cost:>3}M  {plan.breakdown}")
            if claimed is not None:
                assert plan.cost == claimed, plan.explain()
        """),
        md("""
        Pick two cities: the app draws the cheapest build and its breakdown (terrain, water, city, ferry).
        """),
        code("""
        explorer = widgets.route_explorer(board, rules, start="Holland", end="Antwerpen")
        explorer
        """),
        code("""
        assert explorer.result.cost == 6
        explorer.start.value, explorer.end.value = "London", "Wien"     # as if picked in the dropdowns
        plan = eb.cheapest_build(board, rules, "London", "Wien")
        assert explorer.result.cost == plan.cost and explorer.result.mileposts == plan.mileposts
        route = figures.find_trace(explorer.figure, "route")
        assert len(route.x) == len(plan.mileposts)
        assert [int(t) for t in figures.find_trace(explorer.figure, "route_labels").text] == [s.total for s in plan.segments]
        assert sum(plan.breakdown.values()) == plan.cost
        print(plan.explain())
        """),
        md("""
        ## Red areas and illegal builds

        *"No track may be built in the red area of a city."* The red area of a major city is public track:
        nobody builds there and every train may use it. The cost function has no price for such a segment:
        """),
        code("""
        paris = board.city("Paris")
        inside = [(paris.center, m) for m in paris.mileposts[1:]]
        assert all(eb.segment_cost(board, rules, a, b) is None for a, b in inside)
        print(f"{len(inside)} segments inside Paris's red area: none can be built")
        """),
        md("""
        In a game, the engine checks every rule before it changes anything. A rejected build raises
        `eb.IllegalAction` with the rulebook section it breaks (`.rule`) and a plain-English `.reason`, and
        leaves the game exactly as it was. We set up the position with `eb.position` (the instructor
        toolkit's short text format): Ann and Ben, 50M each, the first special build turn, Ann to play. Ann
        replays Ed's turn:
        """),
        code("""
        game = eb.position(f\"\"\"
        board: tutorial
        ruleset: {rules.name}
        seed: {SEED}
        phase: special-build
        player Ann:
        player Ben:
        \"\"\")
        ann = game.current_player
        assert game.player(ann).name == "Ann" and game.player(ann).cash == 50
        game.apply(eb.Build(path=examples["london_birmingham"]["path"]))
        game.apply(eb.Build(path=examples["london_portsmouth"]["path"]))
        print(game.player(ann).name, "has", game.player(ann).cash, "M; built out of", game.player(ann).built_out_of)
        assert game.player(ann).cash == 50 - 5 - 5
        """),
        md("""
        Building out of Paris would be a third segment out of a major city this turn:
        """),
        code("""
        def attempt(action):
            \"\"\"Apply an action; print the rule it breaks if it is illegal. Returns the error or None.\"\"\"
            try:
                game.apply(action)
            except eb.IllegalAction as err:
                print(f"IllegalAction\\n  rule:   {err.rule}\\n  reason: {err.reason}")
                return err
            print("ok:", action)
            return None

        before = game.to_json()
        err = attempt(eb.Build(path=examples["paris_le_havre"]["path"]))
        assert err.rule == "Build Phase Rules > Limits on Building from Major Cities & Key Cities"
        assert game.to_json() == before, "a rejected build changes nothing"
        """),
        md("""
        So Ed builds *into* Paris from Le Havre instead, paying 8M, for 18M this turn:
        """),
        code("""
        assert attempt(eb.Build(path=examples["le_havre_paris"]["path"])) is None
        assert game.player(ann).cash == 50 - 18 and game.player(ann).spent == 18
        """),
        md("""
        **At most 20M per build phase.** With 2M left, the ferry to Dublin is too dear:
        """),
        code("""
        birmingham = examples["london_birmingham"]["path"][-1]
        plan = eb.cheapest_build(board, rules, birmingham, "Dublin", state=game.state, player=ann)
        before = game.to_json()
        err = attempt(eb.Build(path=plan.mileposts))
        assert plan.cost > rules.build_limit - game.player(ann).spent
        assert err is not None and "20M" in err.reason and game.to_json() == before
        """),
        md("""
        **No track in a red area** (*Right to Enter Major Cities and Key Cities*):
        """),
        code("""
        err = attempt(eb.Build(path=(paris.mileposts[1], paris.center)))
        assert err.rule == "Build Phase Rules > Right to Enter Major Cities and Key Cities"
        """),
        md("""
        **Right of way.** Ann ends her turn; Ben may not draw over her London–Birmingham line:
        """),
        code("""
        game.apply(eb.EndTurn())
        ben = game.current_player
        assert ben != ann
        err = attempt(eb.Build(path=examples["london_birmingham"]["path"]))
        assert err.rule == "Build Phase Rules > Right of Way"
        """),
        md("""
        Ben takes the Chunnel instead — Jeff's 18M — and the board shows both networks in their colours:
        """),
        code("""
        assert attempt(eb.Build(path=examples["london_folkestone"]["path"])) is None
        assert game.player(ben).cash == 50 - 18
        names = [p.name for p in game.state.players]
        fig = figures.board_figure(board, rules, title="After the first special build turns")
        figures.add_track(fig, board, game.state.track, players=names)
        figures.zoom_to(fig, board, ["London", "Paris", "Birmingham"], margin=3)
        """),
        code("""
        assert len(game.state.track.segments_of(ann)) == 3 + 2 + 4
        assert game.state.track.owned_crossings(ann) == {"Portsmouth–Le Havre"}
        assert game.state.track.owned_crossings(ben) == {"Chunnel"}
        """),
        md("""
        ## Limits on entry into small and medium cities

        *"Only three players may build into a medium city and only two players may build into a small city.
        No player may build more than three track sections to or from a medium or small city. No track may be
        built which would block a second player from a small city, or prevent a second or third player from
        building into a medium city."* (*Build Phase Rules > Limits on Entry into Small and Medium Cities*)
        """),
        code("""
        assert dict(rules.city_max_players) == {"medium": 3, "small": 2}
        assert rules.city_max_tracks_per_player == 3
        pd.DataFrame({"max players": rules.city_max_players,
                      "max tracks per player": rules.city_max_tracks_per_player})
        """),
        md("""
        **Two players into a small city.** Ann (from Paris) and Ben (from Milano) have built into Lyon, a
        small city. Cid's track ends one milepost short of it (milepost 377); the last segment into Lyon is
        refused, and the game does not change:
        """),
        code("""
        lyon = board.city("Lyon")
        game = eb.position(\"\"\"
        board: tutorial
        phase: build
        turn: Cid
        player Ann: track Paris-Lyon
        player Ben: track Milano-Lyon
        player Cid: track Madrid-377
        \"\"\")
        assert sorted(game.state.track.city_tracks(board, lyon)) == [0, 1]      # Ann and Ben
        before = game.to_json()
        err = attempt(eb.Build(path=[377, lyon.center]))
        assert err.rule == "Build Phase Rules > Limits on Entry into Small and Medium Cities"
        assert "2 players" in err.reason and "Lyon" in err.reason
        assert game.to_json() == before, "a rejected build changes nothing"
        figures.game_figure(game, title="Lyon is full: Ann and Ben", zoom=["Lyon"])
        """),
        md("""
        **Three players into a medium city.** Ann and Ben have built into Zürich, a medium city. Cid is the
        third: his segment into Zürich is accepted (3M). Dan, the fourth, is refused:
        """),
        code("""
        zurich = board.city("Zürich")
        game = eb.position(\"\"\"
        board: tutorial
        phase: build
        turn: Cid
        player Ann: at Ruhr, track Ruhr-Zürich
        player Ben: at Milano, track Milano-Zürich
        player Cid: at Paris, track Paris-307
        player Dan: at Wien, track Wien-336
        \"\"\")
        assert attempt(eb.Build(path=[307, zurich.center])) is None
        assert game.player().spent == rules.city_cost["medium"] == 3
        game.apply(eb.EndTurn())
        assert game.player().name == "Dan"
        before = game.to_json()
        err = attempt(eb.Build(path=[336, zurich.center]))
        assert err.rule == "Build Phase Rules > Limits on Entry into Small and Medium Cities"
        assert "3 players" in err.reason and game.to_json() == before
        assert sorted(game.state.track.city_tracks(board, zurich)) == [0, 1, 2]
        """),
        md("""
        **At most three tracks per player.** Ann already has three segments into Lyon; a fourth, from her
        track out of Paris, is refused:
        """),
        code("""
        import math

        def around(city):
            \"\"\"The six neighbours of a city milepost, in order around it.\"\"\"
            c = board.mileposts[city.center]
            return sorted(board.neighbors(city.center),
                          key=lambda n: math.atan2(board.mileposts[n].y - c.y, board.mileposts[n].x - c.x))

        ring = around(lyon)
        three = " ".join(f"{n}-{lyon.center}" for n in ring[:3])
        game = eb.position(f\"\"\"
        board: tutorial
        phase: build
        player Ann: track Paris-{ring[3]} {three}
        player Ben:
        \"\"\")
        assert game.state.track.city_tracks(board, lyon) == {0: 3}
        before = game.to_json()
        err = attempt(eb.Build(path=[ring[3], lyon.center]))
        assert err.rule == "Build Phase Rules > Limits on Entry into Small and Medium Cities"
        assert "more than 3" in err.reason and game.to_json() == before
        """),
        md("""
        **No blocking.** Ann has her three tracks into Lyon, and her track hems in the other side of the city:
        of the segments that lead to Lyon's three free neighbours, only one is still unbuilt. Building it
        would leave no way for a second player to reach Lyon, so the engine refuses it — even though each
        segment on its own is legal and affordable:
        """),
        code("""
        free_side = ring[3:]
        approaches = sorted({(n, x) for n in free_side for x in board.neighbors(n)
                             if x != lyon.center and x not in free_side})
        hem = " ".join(f"{a}-{b}" for a, b in approaches[:-1])
        game = eb.position(f\"\"\"
        board: tutorial
        phase: build
        player Ann: track {three} {hem}
        player Ben:
        \"\"\")
        last = approaches[-1]
        assert last[1] in game.network(0), "the last approach starts on Ann's network"
        before = game.to_json()
        err = attempt(eb.Build(path=[last[1], last[0]]))
        assert err.rule == "Build Phase Rules > Limits on Entry into Small and Medium Cities"
        assert "block a second player" in err.reason and game.to_json() == before
        trial = game.clone()       # the bots' fast path skips only the whole-board no-blocking check:
        trial.apply_unchecked(eb.Build(path=[last[1], last[0]]))     # there the same segment is accepted
        assert trial.state.track.owner(*last) == 0 and trial.player(0).cash < game.player(0).cash
        figures.game_figure(game, title="Ann may not close the last way into Lyon", zoom=["Lyon"], margin=2)
        """),
        md("""
        Ben, the second player, still has a way in: the cheapest build for him goes through that last gap.
        """),
        code("""
        plan = eb.cheapest_build(board, rules, "Paris", "Lyon", state=game.state, player=1)
        assert plan is not None and plan.mileposts[-1] == lyon.center
        assert last in set(zip(plan.mileposts, plan.mileposts[1:])) | set(zip(plan.mileposts[1:], plan.mileposts))
        print(plan.explain())
        """),
        md("""
        ## No credit, no loans

        *"You may not build track for which you cannot immediately pay. Track drawn which cannot be paid for
        is immediately erased."* (*Build Phase Rules > No Credit/No Loans*) Ann has 5M: the Antwerp example
        costs 6M, so it is refused and nothing is drawn; London to Birmingham (5M) she can pay.
        """),
        code("""
        game = eb.position(\"\"\"
        board: tutorial
        phase: build
        player Ann: cash 5
        player Ben:
        \"\"\")
        before = game.to_json()
        err = attempt(eb.Build(path=examples["antwerp"]["path"]))
        assert err.rule == "Build Phase Rules > No Credit/No Loans" and "6M" in err.reason and "5M" in err.reason
        assert game.state.track.segments_of(0) == [] and game.to_json() == before   # "immediately erased"
        assert attempt(eb.Build(path=examples["london_birmingham"]["path"])) is None
        assert game.player(0).cash == 0 and len(game.state.track.segments_of(0)) == 3
        """),
        md("""
        No loans either: asking the bank for money is refused — except under the **Mercy** variant
        (*Variants & Optional Rules > Mercy*: *"You may borrow a minimum of 5 million, up to a maximum of 20
        million from the bank. You must repay twice the borrowed amount"*). There Ann borrows 5M, owes 10M, and
        can pay for the Antwerp build:
        """),
        code("""
        MERCY = \"\"\"
        board: tutorial
        ruleset: europe-standard{variant}
        phase: build
        player Ann: cash 5
        player Ben:
        \"\"\"
        game = eb.position(MERCY.format(variant=""))
        before = game.to_json()
        err = attempt(eb.Borrow(5))
        assert err.rule == "Build Phase Rules > No Credit/No Loans" and game.to_json() == before

        game = eb.position(MERCY.format(variant=" mercy"))
        assert tuple(game.rules.mercy_loan) == (5, 20)
        assert attempt(eb.Borrow(5)) is None and (game.player(0).cash, game.player(0).loan) == (10, 10)
        assert attempt(eb.Build(path=examples["antwerp"]["path"])) is None and game.player(0).cash == 10 - 6
        """),
        md("""
        The same holds for an upgrade (20M): `eb.try_action` asks the engine on a copy, so the game itself
        never changes.
        """),
        code("""
        game = eb.position(\"\"\"
        board: tutorial
        phase: build
        player Ann: cash 15
        player Ben:
        \"\"\")
        outcome = eb.try_action(game, eb.Upgrade(to=eb.Train(12, 2)))
        print(outcome)
        assert not outcome.accepted and outcome.rule == "Build Phase Rules > No Credit/No Loans"
        assert game.player(0).cash == 15 and game.player(0).train == rules.start_train
        """),
    ]
    return cells

# ============================================================================ 03 running trains
def nb03():
    return [
        md("""
        # Running trains

        *"During this first phase of your turn, you move your train by traveling on track built on the board
        and counting the mileposts reached, up to the value of the speed chip on your train board."*
        (rulebook: *Operations Phase Rules > Running the Train*)

        **What you will learn**

        1. the trains of the standard and basic games, and how to upgrade them;
        2. movement: one point per milepost whatever the terrain, and where a train may reverse;
        3. ferries (stage on a port, cross next turn at half speed) and the Chunnel (three mileposts);
        4. renting another player's track (4M a turn);
        5. picking up and delivering loads, in a short game between Ann and Ben played with the engine;
        6. giving up a turn to draw a new hand, and what happens when an event forbids a move;
        7. four variants in play: Cross Grading, the Honeymoon Game, the Faster Game and Slow Start.
        """),
        code("""
        import pandas as pd

        import eb_core as eb
        from eb_core.display import figures

        SEED = 7
        board = eb.load_board("tutorial")
        rules = eb.ruleset("europe-standard")
        basic = eb.ruleset("europe-basic")
        examples = board.meta["examples"]
        """),
        md("""
        ## Trains and rulesets

        *Standard game: start with 9/2; first upgrade to 9/3 or 12/2; final upgrade to 12/3. Basic game: start
        with 12/2; first upgrade to 12/3 or 16/2; final upgrade to 16/3.* (Quick Guide for Set Up.) A train
        `12/2` moves 12 mileposts a turn and carries 2 loads. Each upgrade costs 20M — the whole build phase.
        The Fast Game variant starts at 16 and ends at 20, and a ferry crossing costs four movement points.
        """),
        code("""
        fast = eb.ruleset("europe-basic", "fast-game")
        trains = pd.DataFrame({r.name: {"start train": str(r.start_train),
                                        "first upgrades": " or ".join(map(str, r.upgrade_options(r.start_train))),
                                        "final train": str(r.final_train), "upgrade cost (M)": r.upgrade_cost,
                                        "reverse anywhere": r.reverse_anywhere, "start cash (M)": r.start_cash}
                               for r in (rules, basic, fast)})
        trains
        """),
        code("""
        assert (str(rules.start_train), str(rules.final_train)) == ("9/2", "12/3")
        assert set(map(str, rules.upgrade_options(rules.start_train))) == {"9/3", "12/2"}
        assert (str(basic.start_train), str(basic.final_train)) == ("12/2", "16/3")
        assert set(map(str, basic.upgrade_options(basic.start_train))) == {"12/3", "16/2"}
        assert (fast.start_train.speed, fast.final_train.speed, fast.ferry_fixed_moves) == (16, 20, 4)
        assert rules.upgrade_cost == 20 and rules.rent == 4
        """),
        md("""
        ## A game between Ann and Ben

        *Give each player 50 million … Shuffle the draw card deck thoroughly, and deal four demand cards to
        each player … The player with the highest single payout on their demand cards will be the starting
        player.* (Setting Up the Game.)

        So that this story stays the same whatever happens to the project's generated decks, we write a
        small classroom deck of twelve demand cards for the tutorial board (`Game.new` takes any deck; the
        real one is `eb.load_deck("tutorial")`). Each card shows three demands; only one of them can be
        delivered. The game takes a seed, so every run deals the same cards.
        """),
        code("""
        from eb_core.cards import Deck, Demand, DemandCard

        CARDS = {
            1: [("Antwerpen", "China", 19), ("Lyon", "Wine", 12), ("Madrid", "Fish", 38)],
            2: [("Paris", "Iron", 13), ("Wien", "Cheese", 19), ("Milano", "Potatoes", 33)],
            3: [("Berlin", "Tourists", 17), ("Madrid", "Beer", 30), ("Birmingham", "Wood", 27)],
            4: [("Milano", "Steel", 16), ("Dublin", "Flowers", 27), ("München", "Imports", 9)],
            5: [("London", "Chocolate", 15), ("Berlin", "Oil", 22), ("Hamburg", "Wheat", 17)],
            6: [("Paris", "Cars", 12), ("Zürich", "Fish", 25), ("Wien", "Potatoes", 35)],
            7: [("Holland", "Wine", 11), ("Ruhr", "Iron", 10), ("Stockholm", "Beer", 28)],
            8: [("Madrid", "Cheese", 28), ("Lyon", "Imports", 12), ("Wien", "Wood", 30)],
            9: [("Oslo", "Flowers", 24), ("Paris", "Steel", 10), ("Dublin", "Chocolate", 26)],
            10: [("Milano", "Tourists", 24), ("Berlin", "China", 16), ("Lyon", "Oil", 31)],
            11: [("Paris", "Beer", 9), ("London", "Wheat", 14), ("München", "Fish", 29)],
            12: [("Holland", "Cars", 11), ("Madrid", "Imports", 29), ("Oslo", "Wine", 30)],
        }
        classroom = Deck(name="classroom", board="tutorial", demand_cards=[
            DemandCard(cid, str(cid), tuple(Demand(*d) for d in demands)) for cid, demands in CARDS.items()])
        assert classroom.problems(board) == [], "every city and load is on the tutorial board"

        game = eb.Game.new(rules, board=board, players=["Ann", "Ben"], seed=SEED, deck=classroom)
        ANN, BEN = 0, 1
        hands = pd.DataFrame([(game.player(s).name, cid, str(d)) for s in (ANN, BEN)
                              for cid in game.player(s).hand for d in game.deck.card(cid).demands],
                             columns=["player", "card", "demand"])
        hands
        """),
        code("""
        assert [p.cash for p in game.state.players] == [50, 50] and game.player(ANN).train == eb.Train(9, 2)
        assert len(game.player(ANN).hand) == len(game.player(BEN).hand) == 4
        assert 1 in game.player(ANN).hand and 2 in game.player(BEN).hand
        assert game.current_player == ANN, "Ann holds the highest payout (38M: Fish to Madrid) and starts"
        """),
        md("""
        Ann wants **China to Antwerpen (19M)** and Ben **Iron to Paris (13M)**; Birmingham offers both loads.

        **Special build turns** (*Starting the Game*): two turns each with no operations phase, Ann first,
        then Ben, then Ben again and Ann last. Ann builds the rulebook's "Ed" track (London–Birmingham,
        London–Portsmouth with the ferry, Le Havre–Paris: 18M); Ben builds "Jeff's" Chunnel (18M). In the second
        round Ben joins Calais to Paris and Ann builds out of Paris to Antwerpen, each with the cheapest build:
        """),
        code("""
        for key in ("london_birmingham", "london_portsmouth", "le_havre_paris"):
            game.apply(eb.Build(path=examples[key]["path"]))
        game.apply(eb.EndTurn())
        game.apply(eb.Build(path=examples["london_folkestone"]["path"]))
        game.apply(eb.EndTurn())
        calais = board.crossing("Chunnel").ports[1]
        ben_plan = eb.cheapest_build(board, rules, calais, "Paris", state=game.state, player=BEN)
        game.apply(eb.Build(path=ben_plan.mileposts))
        game.apply(eb.EndTurn())
        ann_plan = eb.cheapest_build(board, rules, "Paris", "Antwerpen", state=game.state, player=ANN)
        game.apply(eb.Build(path=ann_plan.mileposts))
        game.apply(eb.EndTurn())
        print(ben_plan.explain(), ann_plan.explain(), sep="\\n")
        figures.game_figure(game, title="After the special build turns", zoom=["London", "Paris", "Antwerpen", "Birmingham"])
        """),
        code("""
        assert (ben_plan.cost, ann_plan.cost) == (7, 7)
        assert [p.cash for p in game.state.players] == [50 - 18 - 7, 50 - 18 - 7]
        assert game.state.round == 1 and game.phase == "operations" and game.current_player == ANN
        """),
        md("""
        ## Movement

        *"As you begin your first turn that includes an Operations phase, you discard down to three cards …
        Then, you must place your train in any city."* Ann discards card 5, places her train in Birmingham and
        picks up China (*"You may pick up a load when your train is on or passes through a city where it is
        offered"*).
        """),
        code("""
        game.apply(eb.Discard(5))
        game.apply(eb.PlaceTrain("Birmingham"))
        game.apply(eb.PickUp("China"))
        assert game.player(ANN).loads == ["China"] and game.player(ANN).position == board.city("Birmingham").center
        assert game.state.bank["China"] == board.loads["China"] - 1
        """),
        md("""
        **Reversing.** *Standard Game: A train may only reverse direction in a city (including all major city and
        key city mileposts, and any port).* Ann steps one milepost towards London and changes her mind:
        """),
        code("""
        trip = eb.shortest_trip(board, rules, "Birmingham", examples["london_portsmouth"]["path"][-1],
                                state=game.state, player=ANN)
        game.apply(eb.Move(path=trip.path[1:2]))
        try:
            game.apply(eb.Move(path=trip.path[0:1]))
        except eb.IllegalAction as err:
            print(f"IllegalAction\\n  rule:   {err.rule}\\n  reason: {err.reason}")
            refused = err
        assert refused.rule == "Operations Phase Rules > Running the Train"
        assert game.player(ANN).position == trip.path[1], "a refused move changes nothing"
        """),
        md("""
        *Basic Game: A train may reverse direction (turn around) at any milepost.* The same position under the
        basic rules:
        """),
        code("""
        as_basic = eb.Game.from_dict({**game.to_dict(), "rules": basic.to_dict()})
        as_basic.apply(eb.Move(path=trip.path[0:1]))
        assert as_basic.player(ANN).position == board.city("Birmingham").center
        print("basic game: back in Birmingham after", as_basic.player(ANN).moves_used, "movement points")
        """),
        md("""
        Ann goes on to the Portsmouth ferry port. The terrain does not matter (*"each milepost costs one
        movement point"*), and the red area of London is public track that any train may use:
        """),
        code("""
        game.apply(eb.Move(path=trip.path[2:]))
        ann = game.player(ANN)
        print(trip.explain(), "|", ann.moves_used, "of", ann.train.speed, "points used")
        assert ann.moves_used == trip.mileposts == 7 and ann.position == examples["london_portsmouth"]["path"][-1]
        game.apply(eb.EndTurn())
        assert game.player(ANN).staged, "ending the turn on a ferry port stages the train"
        """),
        md("""
        ## The Chunnel and renting track

        Ben discards card 11, places his train in Birmingham and picks up Iron. To reach his own track in London he uses Ann's
        London–Birmingham line: *"You must pay 4 million for unlimited use of another player's network that
        turn."* Then through London's red area and into his Chunnel: *"All three Chunnel mileposts are counted
        for normal movement."* Nine movement points end inside the tunnel.
        """),
        code("""
        game.apply(eb.Discard(11))
        game.apply(eb.PlaceTrain("Birmingham"))
        game.apply(eb.PickUp("Iron"))
        to_london = eb.shortest_trip(board, rules, "Birmingham", "London", state=game.state, player=BEN)
        via_chunnel = eb.shortest_trip(board, rules, to_london.path[-1], "Paris", state=game.state, player=BEN,
                                       rent=False)
        print(to_london.explain(), via_chunnel.explain(), sep="\\n")
        path = to_london.path[1:] + via_chunnel.path[1:]
        game.apply(eb.Move(path=path[:9]))
        ben = game.player(BEN)
        assert to_london.rent == 4 and ben.cash == 25 - 4 and game.player(ANN).cash == 25 + 4
        assert ben.position in board.crossing("Chunnel").mileposts, "the train stopped under the Channel"
        assert "Chunnel" in via_chunnel.ferries
        game.apply(eb.EndTurn())
        """),
        md("""
        ## Ferries, staging and half speed

        *"Using a ferry is a two-turn process. On one turn you stage your train onto the ferry by moving to and
        ending your turn on a ferry port. On a later turn, you leave the staging area and move your entire turn
        at half-speed (rounded up). Your train's first movement step is onto the ferry port on either side of
        the water."* A 9-speed train crosses and moves 5 mileposts: Le Havre and four more into Paris.
        """),
        code("""
        game.apply(eb.Move(path=examples["le_havre_paris"]["path"]))
        ann = game.player(ANN)
        assert ann.half_rate and board.city_at(ann.position).name == "Paris"
        assert len(examples["le_havre_paris"]["path"]) == 5 == -(-ann.train.speed // 2)   # half of 9, rounded up
        across = eb.shortest_trip(board, rules, ann.position, ann_plan.mileposts[0], state=game.state, player=ANN)
        try:
            game.apply(eb.Move(path=across.path[1:2]))        # one more step, across Paris's public track
        except eb.IllegalAction as err:
            print(f"IllegalAction\\n  rule:   {err.rule}\\n  reason: {err.reason}")
            refused = err
        assert refused.rule == "Operations Phase Rules > Running the Train" and "half rate" in refused.reason
        """),
        md("""
        **Upgrading.** In her build phase Ann spends 20M for a faster train (*Build Phase Rules > Upgrading your
        Train*): 9/2 becomes 12/2. She cannot also build track this turn.
        """),
        code("""
        cash = game.player(ANN).cash
        game.apply(eb.Upgrade(to=eb.Train(12, 2)))
        assert game.player(ANN).train == eb.Train(12, 2) and game.player(ANN).cash == cash - 20
        game.apply(eb.EndTurn())
        """),
        md("""
        ## Deliveries

        Ben leaves the Chunnel, rides his own track from Calais into Paris and delivers: *"Announce the
        delivery city name, the load you are delivering, and the payoff amount … Receive the amount stated on
        the card from the bank. Discard the demand card. Draw a new card."*
        """),
        code("""
        game.apply(eb.Move(path=path[9:]))
        print("Ben can deliver:", game.legal_deliveries())
        cash = game.player(BEN).cash
        game.apply(eb.Deliver("Iron", 2))
        ben = game.player(BEN)
        assert ben.cash == cash + 13 and "Iron" not in ben.loads and 2 not in ben.hand and len(ben.hand) == 3
        print(*game.state.log[-3:], sep="\\n")
        game.apply(eb.EndTurn())
        """),
        md("""
        Ann's 12-speed train runs from Paris to Antwerpen on her new track. Delivering to the wrong city is
        refused with the rule it breaks; in Antwerpen the China pays 19M:
        """),
        code("""
        try:
            game.apply(eb.Deliver("China", 1))              # still in Paris
        except eb.IllegalAction as err:
            print(f"IllegalAction\\n  rule:   {err.rule}\\n  reason: {err.reason}")
            refused = err
        assert refused.rule == "Operations Phase Rules > Delivering Loads"
        run = eb.shortest_trip(board, rules, game.player(ANN).position, "Antwerpen", state=game.state, player=ANN)
        game.apply(eb.Move(path=run.path[1:]))
        cash = game.player(ANN).cash
        game.apply(eb.Deliver("China", 1))
        assert game.player(ANN).cash == cash + 19 and game.player(ANN).loads == []
        print(*game.state.log[-3:], sep="\\n")
        """),
        code("""
        figures.game_figure(game, title="Two deliveries later", zoom=["London", "Paris", "Antwerpen", "Birmingham"])
        """),
        code("""
        st = game.state
        assert st.chips_total() == board.loads, "no load chip is created or lost"
        assert eb.Game.from_json(game.to_json()).to_json() == game.to_json(), "the game round-trips through JSON"
        print(pd.DataFrame([(p.name, p.cash, str(p.train), p.loads, p.delivered) for p in st.players],
                           columns=["player", "cash", "train", "loads", "deliveries"]))
        """),
        md("""
        ## Giving up a turn to discard the hand

        *"Alternatively, you may give up your entire Operations and Build phases and do nothing during your
        turn except discard your entire hand and draw three new cards … If the draw deck is exhausted and a
        card needs to be drawn, the entire discard pile is reshuffled, including the card(s) just discarded
        to trigger the need for a reshuffle."* (*How to Play*) Ann ends her turn; Ben gives up his. The
        classroom deck has only two cards left to draw, so the third comes from the reshuffled discard pile:
        """),
        code("""
        game.apply(eb.EndTurn())                      # Ann
        old_hand = list(game.player(BEN).hand)
        assert len(game.state.draw_pile) == 2 and game.current_player == BEN
        start = len(game.state.log)
        game.apply(eb.DiscardHand())
        print(*game.state.log[start:], sep="\\n")
        st = game.state
        assert len(game.player(BEN).hand) == rules.hand_size and game.current_player == ANN, "the turn is over"
        assert any("reshuffled" in line for line in st.log[start:])
        every_card = [c for p in st.players for c in p.hand] + st.draw_pile + st.discard_pile
        assert sorted(every_card) == sorted(CARDS), "every card is in exactly one place"
        print("Ben's hand:", old_hand, "->", game.player(BEN).hand)
        """),
        md("""
        ## When an event stops the train

        *"When an event defines an area of effect or terrain type in which a train may not move, you may not
        move to or from an affected milepost."* (*Event Card Effects > No Movement*) A new position: Ann's
        train is in Zürich with her track to Milano over a mountain milepost, and Ben has drawn **Heavy
        Snow: Zürich** (no movement or railbuilding in the mountain and alpine mileposts within 4 of Zürich).
        Her first step, onto the mountain milepost, is refused; notebook 05 shows every event.
        """),
        code("""
        from eb_core import events

        snow = eb.position(\"\"\"
        board: tutorial
        seed: 7
        player Ann: at Zürich, track Zürich-Milano
        player Ben: at Paris
        \"\"\")
        events.play_event(snow, "Heavy Snow: Zürich", drawer=1)
        to_milano = eb.shortest_trip(board, rules, "Zürich", "Milano", state=snow.state, player=0)
        first = to_milano.path[1]
        before = snow.to_json()
        try:
            snow.apply(eb.Move(path=to_milano.path[1:]))
        except eb.IllegalAction as err:
            print(f"IllegalAction\\n  rule:   {err.rule}\\n  reason: {err.reason}")
            refused = err
        assert board.mileposts[first].terrain.value == "mountain"
        assert refused.rule == "Event Card Effects" and "No Movement" in refused.reason
        assert snow.to_json() == before and snow.longest_legal_move(to_milano.path[1:]) == ()
        """),
        md("""
        ## Variants in play

        *"All players must agree to play by any of these rules."* (*Variants & Optional Rules*) A variant is a
        named change to a ruleset (`eb.ruleset("europe-standard", "cross-grading")`); notebook 06 lists what
        each one changes and compares them over simulated games. Here the engine plays four of them.

        **Cross Grading.** *"If you have an upgraded train you may cross grade … lower the speed of your train
        and increase the load capacity of the train or vice versa, for 5 million … you may also spend up to 15
        million to build track in the same turn."* Ann has a 12/2 train. Under the standard rules 12/2 → 9/3
        is no upgrade; with the variant it is a 5M cross grade, and 15M are left for track:
        """),
        code("""
        CROSS = \"\"\"
        board: tutorial
        ruleset: europe-standard{variant}
        phase: build
        player Ann: train 12/2
        player Ben:
        \"\"\"
        plain = eb.position(CROSS.format(variant=""))
        outcome = eb.try_action(plain, eb.Upgrade(to=eb.Train(9, 3)))
        print(outcome)
        assert not outcome.accepted and outcome.rule == "Build Phase Rules > Upgrading your Train"

        crossing = eb.position(CROSS.format(variant=" cross-grading"))
        crossing.apply(eb.Upgrade(to=eb.Train(9, 3)))
        ann = crossing.player(ANN)
        assert ann.train == eb.Train(9, 3) and ann.cash == 50 - 5 and crossing.rules.cross_grade_cost == 5
        crossing.apply(eb.Build(path=examples["london_birmingham"]["path"]))      # 5M of track
        dear = eb.cheapest_build(board, crossing.rules, "London", "Paris", state=crossing.state, player=ANN)
        before = crossing.to_json()
        try:
            crossing.apply(eb.Build(path=dear.mileposts))
        except eb.IllegalAction as err:
            print(f"IllegalAction\\n  rule:   {err.rule}\\n  reason: {err.reason}")
            refused = err
        assert dear.cost > 15 - 5 and "10M" in refused.reason and crossing.to_json() == before
        """),
        md("""
        **Two-Players (Honeymoon Game).** *"Remove one load chip for every load … Only 1 player may build into
        a small city (unless the city is also a ferry port, in which case two players can still build that
        ferry/city). To build into a small city you must have a demand card for that city or for a load
        available there on one of your existing demand cards."* Ann has built into Lyon, so Ben may not.
        Dublin, a small city that is also the Liverpool–Dublin port, stays open to the ferry's two owners —
        but only if Ben holds a demand card for Dublin or for a load Dublin offers. We deal Ben's three cards
        from the tutorial deck, first without such a card:
        """),
        code("""
        HONEYMOON = \"\"\"
        board: tutorial
        ruleset: europe-standard honeymoon
        phase: build
        turn: Ben
        player Ann: track Paris-Lyon, ferry Liverpool–Dublin
        player Ben: track Madrid-377 London-79, cards {cards}
        \"\"\"
        dublin = board.city("Dublin")
        deck = eb.load_deck("tutorial")
        wants_dublin = [c.id for c in deck.demand_cards
                        if any(d.city == "Dublin" or d.load in dublin.loads for d in c.demands)]
        other = [c.id for c in deck.demand_cards if c.id not in wants_dublin]

        honeymoon = eb.position(HONEYMOON.format(cards=" ".join(map(str, other[:3]))))
        assert all(honeymoon.state.bank[ld] == n - 1 for ld, n in board.loads.items()), "one chip fewer"
        before = honeymoon.to_json()
        for path in ([377, board.city("Lyon").center], examples["liverpool_dublin"]["path"]):
            try:
                honeymoon.apply(eb.Build(path=path))
            except eb.IllegalAction as err:
                print(f"IllegalAction\\n  rule:   {err.rule}\\n  reason: {err.reason}")
                refused = err
            if path[-1] == board.city("Lyon").center:
                assert refused.rule == "Build Phase Rules > Limits on Entry into Small and Medium Cities"
        assert refused.rule == "Variants & Optional Rules > Two-Players (Honeymoon Game)" and "Dublin" in refused.reason
        assert honeymoon.to_json() == before
        """),
        md("""
        With a card that wants Dublin (or one of its loads) in his hand, Ben buys the ferry for 6M and is the
        second player in Dublin:
        """),
        code("""
        honeymoon = eb.position(HONEYMOON.format(cards=" ".join(map(str, [wants_dublin[0]] + other[:2]))))
        honeymoon.apply(eb.Build(path=examples["liverpool_dublin"]["path"]))    # buys the ferry: 6M
        assert honeymoon.state.track.crossing_owners("Liverpool–Dublin") == (ANN, BEN)
        assert sorted(honeymoon.state.track.city_tracks(board, dublin)) == [ANN, BEN]
        assert honeymoon.player(BEN).spent == 6
        """),
        md("""
        **Faster Game.** *"Use the Fast Game rules above. Also, remove the Excess Profits Tax Event card and
        all Derailment Event cards from the game."* The deck of a new game has no such card left:
        """),
        code("""
        faster = eb.Game.new(eb.ruleset("europe-basic", "faster-game"), board="tutorial", seed=SEED)
        cards = [faster.deck.card(c) for c in faster.state.draw_pile]
        kinds = {c.kind for c in cards if not hasattr(c, "demands")}      # the event cards left in the deck
        print(sorted(kinds))
        assert kinds and not kinds & {"tax", "derailment"}
        assert faster.rules.start_train == eb.Train(16, 2) and faster.rules.ferry_fixed_moves == 4   # the Fast Game
        """),
        md("""
        **Challenging Variants: Slow Start.** *"Start with a 6-speed train that carries two loads. Your first
        20 million upgrade may be to … a 6-speed, three-load train or a 9-speed, two-load train."* So 6/2 can
        become 9/2, but not 12/2:
        """),
        code("""
        slow = eb.position(\"\"\"
        board: tutorial
        ruleset: europe-standard slow-start
        phase: build
        player Ann:
        player Ben:
        \"\"\")
        assert slow.player(ANN).train == eb.Train(6, 2)
        print(eb.try_action(slow, eb.Upgrade(to=eb.Train(12, 2))))
        assert not eb.try_action(slow, eb.Upgrade(to=eb.Train(12, 2))).accepted
        slow.apply(eb.Upgrade(to=eb.Train(9, 2)))
        assert slow.player(ANN).train == eb.Train(9, 2) and slow.rules.final_train == eb.Train(12, 3)
        """),
    ]


# ============================================================================ 08 winning the game
def nb08():
    return [
        md("""
        # Winning the game

        *"The game ends at the end of the round during which a player has 250 million in cash, plus seven of
        the eight Major Cities connected at the end of any player's turn."* (rulebook: *How to Win*)

        **What you will learn**

        1. the victory conditions of the standard and the basic game, and what "connected" means;
        2. when victory is announced: at the end of a turn, in the Admin phase, whose steps run in order;
        3. why play goes on to the end of the round, so everyone gets an equal number of turns;
        4. who wins: the most cash among the players who met the conditions — even below 250M;
        5. the sudden-death tiebreaker of the standard game, and the shared win of the basic game.

        Every position below is set up with `eb.position` on the tutorial board, and the last turns are
        played with the engine.
        """),
        code("""
        import pandas as pd

        import eb_core as eb
        from eb_core import events
        from eb_core.display import figures

        SEED = 7
        board = eb.load_board("tutorial")
        rules = eb.ruleset("europe-standard")
        basic = eb.ruleset("europe-basic")
        ANN, BEN = 0, 1
        """),
        md("""
        ## How to Win

        | | standard game | basic game |
        |---|---|---|
        | cash | 250M | 200M |
        | major cities connected | 7 of the 8 | 7 of the 8 |
        | several players met them | most cash at the end of the Final Scoring Phase wins | most cash wins |
        | tie for first | sudden-death tiebreaker | the players share the win |

        Key cities (Oslo, Stockholm) do not count. The numbers come from the rulesets:
        """),
        code("""
        assert (rules.victory_cash, rules.victory_majors, rules.tie_shares_win) == (250, 7, False)
        assert (basic.victory_cash, basic.victory_majors, basic.tie_shares_win) == (200, 7, True)
        assert len(board.major_cities) == 8
        pd.DataFrame({r.name: {"cash (M)": r.victory_cash, "major cities": r.victory_majors,
                               "a tie": "shared win" if r.tie_shares_win else "sudden death"} for r in (rules, basic)})
        """),
        md("""
        ## A race to the finish

        Round 29 of a long game. Ann has 270M and track through six major cities: Madrid, Paris, Holland,
        Ruhr, Berlin and Wien. Ben is richer, 300M, and his track touches seven major cities — London,
        Paris, Ruhr, Milano, Wien, Berlin and Madrid — but in two separate networks: London–Paris is not
        joined to the rest. *Connected* means in one network (own track, the public red areas of major
        cities, and the ferries one owns), so Ben counts five.
        """),
        code("""
        RACE = \"\"\"
        board: tutorial
        ruleset: {ruleset}
        seed: 7
        phase: build
        round: {round}
        player Ann: cash {ann}, train 12/3, at Wien, track Madrid-Paris-Holland-Ruhr-Berlin-Wien
        player Ben: cash {ben}, train 12/3, at Milano, track London-Paris Ruhr-Milano-Wien Berlin-Madrid{extra}
        \"\"\"


        def standings(game):
            \"\"\"Cash, connected major cities and the victory conditions, player by player.\"\"\"
            return pd.DataFrame([(p.name, p.cash, len(game.connected_majors(s)), game.meets_victory(s), p.announced)
                                 for s, p in enumerate(game.state.players)],
                                columns=["player", "cash (M)", "majors connected", "meets conditions",
                                         "announced"]).set_index("player")


        game = eb.position(RACE.format(ruleset="europe-standard", round=29, ann=270, ben=300, extra=""))
        standings(game)
        """),
        code("""
        assert game.connected_majors(ANN) == ["Berlin", "Holland", "Madrid", "Paris", "Ruhr", "Wien"]
        assert game.connected_majors(BEN) == ["Berlin", "Madrid", "Milano", "Ruhr", "Wien"]
        touched = {board.city_at(m).name for m in game.network(BEN) if board.city_at(m) is not None}
        assert touched >= {"London", "Paris", "Ruhr", "Milano", "Wien", "Berlin", "Madrid"}, touched
        assert not game.meets_victory(ANN) and not game.meets_victory(BEN)
        figures.game_figure(game, title="Round 29: Ann (6 major cities, 270M) and Ben (5 connected, 300M)")
        """),
        md("""
        It is Ann's build phase. Ann has just delivered a load and drawn **Flood: Rhein** (a one-round
        event: it lasts through the end of her next turn). We play that card with `events.play_event`: the
        Rhein's bridges inside Holland and Ruhr are out. Then Ben takes his turn and passes.
        """),
        code("""
        flood = events.play_event(game, "Flood: Rhein", drawer=ANN)
        print(*game.state.log[-2:], sep="\\n")
        assert flood["data"]["destroyed"] == [] and flood["data"]["city_bridges"], "only the public city bridges"
        game.apply(eb.EndTurn())          # Ann
        game.apply(eb.EndTurn())          # Ben
        assert game.state.round == 30 and game.current_player == ANN
        assert [a["kind"] for a in game.state.active_events] == ["flood"], "the flood lasts through Ann's next turn"
        """),
        md("""
        Round 30. Ann builds from Wien to Milano, her seventh major city, and pays for it: 270M − 17M = 253M,
        still at least 250M.
        """),
        code("""
        plan = eb.cheapest_build(board, rules, "Wien", "Milano", state=game.state, player=ANN)
        print(plan.explain())
        game.apply(eb.Build(path=plan.mileposts))
        assert plan.cost == 17 and game.player(ANN).cash == 253
        assert len(game.connected_majors(ANN)) == 7 and game.meets_victory(ANN)
        assert not game.player(ANN).announced, "victory is checked in the Admin phase, after the turn"
        """),
        md("""
        ## The Admin phase

        *"When a player finishes their turn, and before the next player begins their turn, there is an Admin
        phase during which the following activities occur in the order listed:*

        1. *Events that expired at the end of the finishing player's turn are discarded.*
        2. *Any destroyed major city bridges are rebuilt, and closed-down ferry ports are re-opened.*
        3. *All players check to see whether they have met victory conditions (see How to Win), and announce
           if they have done so (this is not optional).*
        4. *If this is the end of the round, and at least one player has met victory conditions during the
           round, then Final Scoring occurs (see Ending the Game)."*

        Ann ends her turn. The game log shows the Admin phase:
        """),
        code("""
        start = len(game.state.log)
        game.apply(eb.EndTurn())
        admin = game.state.log[start:]
        print(*admin, sep="\\n")
        """),
        code("""
        def line_of(text):
            return next(i for i, line in enumerate(admin) if text in line)

        discarded = line_of("expires and is discarded")                          # step 1
        rebuilt = line_of("city bridges of Holland, Ruhr are rebuilt")           # step 2
        announced = line_of("Ann announces victory conditions")                  # step 3
        assert max(discarded, rebuilt) < announced
        assert game.state.active_events == [] and flood["card"] in game.state.discard_pile
        assert game.player(ANN).announced and not game.over, "step 4 waits for the end of the round"
        assert game.current_player == BEN
        """),
        md("""
        ## Ending the game, the round played to its end

        *"A player who has reached the victory conditions at the end of any player's turn must announce it.
        Play continues until the end of the round, so each player gets an equal number of turns."* Ann holds
        the Starting Player marker, so Ben still plays round 30.

        In his turn Ben draws the **Excess Profits Tax**: each player pays 25M. Ann drops to 228M, below
        250M — but *"once any player has met victory conditions, the game will end at the end of that round,
        even if an event on a later turn causes that player to no longer meet those conditions."*
        """),
        code("""
        assert game.state.first_player == ANN, "Ann holds the Starting Player marker: Ben ends the round"
        after_ann = game.clone()          # we come back to this moment below
        events.play_event(game, "Excess Profits Tax", drawer=BEN)
        assert [p.cash for p in game.state.players] == [228, 275]
        assert not game.meets_victory(ANN)
        game.apply(eb.EndTurn())          # Ben; the end of round 30: Final Scoring
        print(*game.state.log[-4:], sep="\\n")
        standings(game)
        """),
        md("""
        ## Final scoring, most cash among those who met the conditions

        *"Standard Game: Final Scoring Phase … 2. Your final score is the amount of cash you have. 3. Among
        the players who met victory conditions in the final round, the player with the most cash … wins.
        Note: The winning score might be below 250 million."* Ben has more cash (275M) but never met the
        conditions; Ann wins with 228M. Both played the same number of turns.
        """),
        code("""
        assert game.over and game.winners == [ANN]
        assert "Final scoring: Ann wins" in game.state.log[-1] and "(228M)" in game.state.log[-1]
        assert game.player(ANN).turns == game.player(BEN).turns == 2, "equal turns"
        assert game.player(BEN).cash > game.player(ANN).cash < rules.victory_cash
        """),
        md("""
        The game is over: any further action is refused with the rule, and nothing changes.
        """),
        code("""
        before = game.to_json()
        try:
            game.apply(eb.EndTurn())
        except eb.IllegalAction as err:
            print(f"IllegalAction\\n  rule:   {err.rule}\\n  reason: {err.reason}")
            refused = err
        assert refused.rule == "Ending the Game" and game.to_json() == before
        """),
        md("""
        **Two players meet the conditions.** Back to the moment after Ann's announcement, without the tax.
        This time Ben joins his two networks: from Paris to his own track towards Ruhr costs him 3M. At the
        end of his turn he announces too, with 297M; the round is over, and Ben has the most cash among
        the two.
        """),
        code("""
        game = after_ann
        join = eb.cheapest_build(board, rules, "Paris", "Ruhr", state=game.state, player=BEN)
        game.apply(eb.Build(path=join.mileposts))
        assert join.cost == 3 and len(game.connected_majors(BEN)) == 7
        game.apply(eb.EndTurn())
        print(*game.state.log[-2:], sep="\\n")
        assert game.over and game.winners == [BEN] and game.player(BEN).cash == 297
        assert game.player(ANN).announced and game.player(BEN).announced
        standings(game)
        """),
        md("""
        Step 1 of the Final Scoring Phase — players whose track an event cut after they met the conditions
        rebuild it and pay the usual cost — is done by the engine before the winner is chosen
        (`eb_core.events.final_rebuild`; notebook 05 shows it after a flood). Here no track was cut (the
        flood destroyed only the public bridges inside Holland and Ruhr, rebuilt in the Admin phase).
        """),
        md("""
        ## Met at the end of another player's turn

        The conditions are checked *"at the end of any player's turn"*, and in the Admin phase *"all players
        check"* — not only the one who just played. Ann has her seven major cities and 248M; it is Ben's turn,
        the last of round 30. Ben's train in Wien rides Ann's track to Milano and pays her 4M rent
        (*Renting Track*): Ann now has 252M. At the end of *Ben's* turn Ann announces, and as the round is
        over, Final Scoring follows at once.
        """),
        code("""
        game = eb.position(\"\"\"
        board: tutorial
        seed: 7
        round: 30
        turn: Ben
        player Ann: cash 248, train 12/3, at Madrid, track Madrid-Paris-Holland-Ruhr-Berlin-Wien-Milano
        player Ben: cash 120, train 12/3, at Wien, track London-Paris Ruhr-Milano
        \"\"\")
        assert len(game.connected_majors(ANN)) == 7 and not game.meets_victory(ANN), "7 major cities, 248M"
        ride = eb.shortest_trip(board, rules, game.player(BEN).position, "Milano", state=game.state, player=BEN)
        game.apply(eb.Move(path=ride.path[1:]))
        assert ride.rent == rules.rent == 4 and game.player(ANN).cash == 252
        start = len(game.state.log)
        game.apply(eb.EndTurn())                              # Ben's turn ends
        print(*game.state.log[start:], sep="\\n")
        assert "Ann announces victory conditions: 252M" in game.state.log[start]
        assert game.over and game.winners == [ANN]
        """),
        md("""
        ## The sudden-death tiebreaker

        *"In case of a tie for first, the tied players continue in a sudden-death format, continuing to play
        with the cards and loads they have. Events that are not lasting or permanent are discarded, and any
        Event cards drawn during tiebreaker play are discarded without effect. … Cash is counted at the end
        of every round during which at least one player has made a delivery."*

        The same race, but Ben starts with 256M, and his train in Milano carries a load he holds a demand
        for there (the first Milano demand of the tutorial deck). Ann builds to Milano (253M) and announces; Ben draws **Fog: London** (one round), joins his
        networks for 3M (253M) and announces: a tie.
        """),
        code("""
        deck = eb.load_deck("tutorial")
        card = next(c for c in deck.demand_cards if any(d.city == "Milano" for d in c.demands))
        demand = next(d for d in card.demands if d.city == "Milano")
        others = [c.id for c in deck.demand_cards if c.id != card.id][:2]
        game = eb.position(RACE.format(ruleset="europe-standard", round=30, ann=270, ben=253 + join.cost,
                                       extra=f", loads {demand.load}, cards {card.id} {others[0]} {others[1]}"))
        game.apply(eb.Build(path=eb.cheapest_build(board, rules, "Wien", "Milano", state=game.state,
                                                   player=ANN).mileposts))
        game.apply(eb.EndTurn())
        fog = events.play_event(game, "Fog: London", drawer=BEN)
        game.apply(eb.Build(path=eb.cheapest_build(board, rules, "Paris", "Ruhr", state=game.state,
                                                   player=BEN).mileposts))
        game.apply(eb.EndTurn())
        print(*game.state.log[-3:], sep="\\n")
        """),
        code("""
        assert [p.cash for p in game.state.players] == [253, 253]
        assert not game.over and game.state.sudden_death == [ANN, BEN]
        assert game.state.active_events == [] and fog["card"] in game.state.discard_pile, "one-round events go"
        """),
        md("""
        Sudden-death round 1: nobody delivers, so cash is not counted and play goes on.
        """),
        code("""
        game.apply(eb.EndTurn())          # Ann
        game.apply(eb.EndTurn())          # Ben
        assert not game.over and game.state.round == 32
        """),
        md("""
        Round 2: Ben delivers his load in Milano. To show what happens to events now, we put a
        **Derailments!** card on top of the draw pile: Ben draws it as his replacement card, and it is
        discarded without effect (no derailment, no lost load). At the end of the round Ben has the most
        cash and wins the tiebreaker.
        """),
        code("""
        game.apply(eb.EndTurn())          # Ann
        derailment = next(e.id for e in game.deck.event_cards if e.kind == "derailment")
        game.state.draw_pile.remove(derailment)
        game.state.draw_pile.append(derailment)          # the top of the draw pile is its last card
        start = len(game.state.log)
        game.apply(eb.Deliver(demand.load, card.id))
        game.apply(eb.EndTurn())
        print(*game.state.log[start:], sep="\\n")
        """),
        code("""
        log = game.state.log[start:]
        assert any("Derailments!" in line and "discarded without effect" in line for line in log)
        assert derailment in game.state.discard_pile and game.player(BEN).loads == []
        assert game.over and game.winners == [BEN]
        assert game.player(BEN).cash == 253 + demand.payout and game.player(ANN).cash == 253
        assert game.player(ANN).turns == game.player(BEN).turns
        """),
        md("""
        ## Basic game, a tie shares the win

        *"Basic Game Victory Conditions: … 200 million in cash, plus seven of the eight Major Cities connected
        … If more than one player meets those conditions, the one with the most cash at the end of the round
        wins. In the event of a tie, the players share the win."* The same race under the basic rules, both
        players finishing with 200M:
        """),
        code("""
        game = eb.position(RACE.format(ruleset="europe-basic", round=30, ann=200 + 17, ben=200 + join.cost, extra=""))
        game.apply(eb.Build(path=eb.cheapest_build(board, basic, "Wien", "Milano", state=game.state,
                                                   player=ANN).mileposts))
        game.apply(eb.EndTurn())
        game.apply(eb.Build(path=eb.cheapest_build(board, basic, "Paris", "Ruhr", state=game.state,
                                                   player=BEN).mileposts))
        game.apply(eb.EndTurn())
        print(game.state.log[-1])
        assert game.over and game.winners == [ANN, BEN]
        assert [p.cash for p in game.state.players] == [200, 200] == [basic.victory_cash] * 2
        """),
    ]


NOTEBOOKS = {"00_start_here": nb00, "01_the_board": nb01, "02_building_track": nb02, "03_running_trains": nb03,
             "08_winning_the_game": nb08}


def build(name: str):
    cells = NOTEBOOKS[name]()
    for i, cell in enumerate(cells):
        cell["id"] = f"{name[:2]}-{i:03d}"  # stable ids: regenerating gives the same file
    nb = new_notebook(cells=cells, metadata=KERNEL)
    nbformat.validate(nb)
    return nb


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("only", nargs="*", help="name prefixes (00, 01_the_board ...)")
    ap.add_argument("--check", action="store_true", help="compare with the committed notebooks instead")
    args = ap.parse_args(argv)
    names = [n for n in NOTEBOOKS if not args.only or any(n.startswith(p) for p in args.only)]
    names.sort(key=lambda n: n.startswith("00"))   # 00 last: its coverage table reads the others' headings
    bad = 0
    for name in names:
        path = NB_DIR / f"{name}.ipynb"
        text = nbformat.writes(build(name)) + "\n"
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                print(f"{path.relative_to(ROOT)} differs from tools/nbtools.py", file=sys.stderr)
                bad += 1
        else:
            NB_DIR.mkdir(exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
