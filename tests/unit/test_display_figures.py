"""The display layer (eb_core/figures.py): one look and feel, every milepost drawn once, hover texts that
quote the ruleset's costs, overlays that agree with the plans and tracks they draw."""
from __future__ import annotations

import subprocess
import sys

import numpy as np
import plotly.graph_objects as go
import plotly.io as pio
import pytest

import eb_core as eb
from eb_core.display import figures, tables
from eb_core.costs import path_cost


@pytest.fixture(scope="module")
def fig(board, rules):
    return figures.board_figure(board, rules, show_edges=True)


def _points(tr) -> int:
    """Number of drawn points in a trace (NaN separators excluded)."""
    x = np.asarray(tr.x, dtype=float)
    return int(np.count_nonzero(~np.isnan(x)))


# ----------------------------------------------------------------------------------- look and feel
def test_template_registered_with_okabe_ito_player_colours():
    assert "eb" in pio.templates
    okabe_ito = {"#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#000000"}
    assert set(figures.PLAYER_COLORS) <= okabe_ito
    assert len(set(figures.PLAYER_COLORS)) == len(figures.PLAYER_COLORS) >= 6
    # vermillion is kept for the red cities and the highlighted route, never a player colour
    assert "#D55E00" not in figures.PLAYER_COLORS
    assert list(pio.templates["eb"].layout.colorway) == list(figures.PLAYER_COLORS)


def test_equal_aspect_and_template(fig):
    assert fig.layout.yaxis.scaleanchor == "x" and fig.layout.yaxis.scaleratio == 1
    assert fig.layout.template.layout.colorway == pio.templates["eb"].layout.colorway


def test_tutorial_board_is_north_up(board, fig):
    # the tutorial board's y grows northwards: the axis must not be reversed
    assert fig.layout.yaxis.autorange is True
    assert figures._y_reversed(board) is False


# ----------------------------------------------------------------------------------- the board
def test_every_plain_milepost_drawn_once_by_terrain(board, fig):
    drawn = []
    for t in ("clear", "mountain", "alpine"):
        tr = figures.find_trace(fig, f"terrain:{t}")
        ids = list(tr.customdata) if tr.customdata is not None else []
        want = [m.id for m in board.mileposts if m.city is None and not m.underground and m.terrain.value == t
                and not board.is_port(m.id)]
        assert sorted(ids) == sorted(want), f"{t}: drew {len(ids)} mileposts, board has {len(want)}"
        drawn += ids
    ports = list(figures.find_trace(fig, "ports").customdata)
    cities = [m for c in board.cities for m in c.mileposts]
    underground = [m.id for m in board.mileposts if m.underground]
    # every milepost appears exactly once: terrain, port, city or tunnel
    assert sorted(drawn + ports + cities + underground) == list(range(len(board.mileposts)))


def test_ports_named_with_what_they_buy(board, rules, fig):
    tr = figures.find_trace(fig, "ports")
    assert "Folkestone" in list(tr.text) and "Portsmouth" in list(tr.text)
    i = list(tr.text).index("Folkestone")
    assert "buys the tunnel for 17M" in tr.hovertext[i]


def test_terrain_symbols_follow_the_printed_map(fig):
    assert figures.find_trace(fig, "terrain:clear").marker.symbol == "circle"
    assert figures.find_trace(fig, "terrain:mountain").marker.symbol == "triangle-up"
    alpine = figures.find_trace(fig, "terrain:alpine").marker
    assert alpine.symbol == "triangle-up" and alpine.line.color == figures.COLORS["alpine_line"]


def test_arrays_are_numpy(fig):
    for key in ("terrain:clear", "edges", "cities:major"):
        tr = figures.find_trace(fig, key)
        assert isinstance(tr.x, np.ndarray) and isinstance(tr.y, np.ndarray), key


def test_edges_are_one_trace_with_separators(board, fig):
    tr = figures.find_trace(fig, "edges")
    n = sum(1 for e in board.edges if not e.impassable)
    assert len(tr.x) == 3 * n and _points(tr) == 2 * n


def test_legend_quotes_the_ruleset_costs(board):
    std = figures.board_figure(board, eb.ruleset("europe-standard"))
    names = {t.meta: t.name for t in std.data}
    assert names["terrain:clear"] == "clear (1M)"
    assert names["terrain:mountain"] == "mountain (2M)"
    assert names["terrain:alpine"] == "alpine (5M)"
    assert names["cities:major"] == "major city (5M)"
    assert names["cities:key"] == "key city (3M)"
    assert names["rivers"].endswith("(+2M)")
    assert names["tunnels"] == "Chunnel (17M)"
    fast = figures.board_figure(board, eb.ruleset("europe-basic", "fast-game"))
    assert figures.find_trace(fast, "tunnels").name == "Chunnel (4M)", "Fast Game: the Chunnel is a 4M ferry"


def test_hover_texts_teach_costs(board, rules, fig):
    alpine = [m.id for m in board.mileposts if m.terrain.value == "alpine" and m.city is None]
    assert alpine, "the tutorial board has alpine mileposts"
    assert "build into it: 5M" in figures.milepost_hover(board, rules, alpine[0])
    paris = figures.city_hover(board, rules, "Paris")
    assert "major city" in paris and "build into it: 5M" in paris
    for load in board.city("Paris").loads:
        assert load in paris
    tr = figures.find_trace(fig, "cities:medium")
    for name, text in zip(tr.customdata, tr.hovertext):
        c = board.city(name)
        assert f"<b>{c.name}</b>" in text and "build into it: 3M" in text and "at most 3 players" in text


def test_cities_by_class_with_names(board, fig):
    for size, symbol in (("major", "hexagon"), ("medium", "square"), ("small", "circle")):
        tr = figures.find_trace(fig, f"cities:{size}")
        want = sorted(c.name for c in board.cities if c.size.value == size)
        assert sorted(tr.text) == want
        assert tr.marker.symbol == symbol
    areas = figures.find_trace(fig, "city_areas")
    n_red = sum(1 for c in board.cities if c.has_red_area)
    # one closed hexagon (6 corners + closing point + separator) per major/key city
    assert len(areas.x) == 8 * n_red and areas.fill == "toself"


def test_ferries_dashed_with_their_number(board, fig):
    tr = figures.find_trace(fig, "ferries")
    assert tr.line.dash == "dash" and _points(tr) == 2 * len(board.ferries)
    labels = figures.find_trace(fig, "ferry_costs")
    assert sorted(labels.text) == sorted(str(f.cost) for f in board.ferries)
    ch = figures.find_trace(fig, "tunnels")
    assert _points(ch) == 2 + len(board.crossing("Chunnel").mileposts)


def test_rivers_named_on_hover(board, fig):
    tr = figures.find_trace(fig, "rivers")
    named = {t.split(":")[0].removeprefix("river ") for t in tr.hovertext}
    assert set(board.rivers()) <= named


def test_highlight_and_to_figure(board):
    f = board.to_figure(highlight=["Paris"], title="Paris")
    tr = figures.find_trace(f, "area:highlight")
    assert sorted(tr.customdata) == sorted(board.city("Paris").mileposts)
    assert f.layout.title.text == "Paris"


def test_widget_flag_returns_a_figure_widget(board):
    assert isinstance(figures.board_figure(board, widget=True), go.FigureWidget)


# ------------------------------------------------------------------------- each board in its own game's rules
@pytest.fixture(scope="module")
def eastern_us() -> eb.Board:
    return eb.load_board("eastern_us")


@pytest.fixture(scope="module")
def express_fig(eastern_us):
    return figures.board_figure(eastern_us)


def test_the_express_board_drawn_without_rules_prices_everything_by_empire_express(eastern_us, express_fig):
    """Empire Express, Experienced Empire Builder Players Only!: "Connecting to any size city costs $3
    million", "Rivers cost $1 million to cross"; its map has no alpine mileposts, so no Europe price for them."""
    assert express_fig.layout.meta["ruleset"] == "express"
    names = {t.meta: t.name for t in express_fig.data}
    assert names["rivers"] == "river (+1M)"
    for size in ("major", "key", "medium", "small"):
        assert names[f"cities:{size}"] == f"{size} city (3M)"
    assert names["terrain:clear"] == "clear (1M)" and names["terrain:mountain"] == "mountain (2M)"
    assert names["terrain:alpine"] == "alpine", "Express prices no alpine milepost: no 5M in its legend"
    ny = figures.city_hover(eastern_us, eb.ruleset("express"), "New York")
    assert ny in figures.find_trace(express_fig, "cities:major").hovertext
    assert "build into it: 3M" in ny


def test_the_express_hovers_say_only_what_express_says(eastern_us, express_fig):
    """"Any number of players may connect to a city"; "you cannot start new track from a major city" and no
    limit on building out of one: no "?" for a missing player limit, no Europe out-of-major limit."""
    express = eb.ruleset("express")
    akron = figures.city_hover(eastern_us, express, "Akron")
    assert "?" not in akron and "at most" not in akron
    assert "any number of players may connect, 3 tracks each" in akron and "build into it: 3M" in akron
    ny = figures.city_hover(eastern_us, express, "New York")
    assert "segments out of" not in ny and "public track" not in ny
    assert "no track inside it" in ny
    corner = next(m for m in eastern_us.city("New York").mileposts if m != eastern_us.city("New York").center)
    assert figures.milepost_hover(eastern_us, express, corner).startswith(ny)
    for t in express_fig.data:      # and so every hover of the board drawn in its own rules
        for text in (t.hovertext if t.hovertext is not None and not isinstance(t.hovertext, str) else []):
            assert "?" not in text and "5M" not in text and "at most" not in text, (t.meta, text)


def test_a_path_priced_without_rules_on_the_express_board_pays_1m_for_its_river(eastern_us):
    """Build Track: $1 million to a clear milepost, plus $1 million for each river crossed: 2M, not Europe's 3M."""
    a, b = next(e.key for e in eastern_us.edges if e.rivers and not (e.lake or e.inlet or e.impassable)
                and all(eastern_us.mileposts[m].terrain.value == "clear" and eastern_us.city_at(m) is None
                        for m in e.key))
    f = figures.path_figure(eastern_us, None, [a, b])
    assert f.layout.meta["ruleset"] == "express" and f.layout.title.text == "2M"
    assert figures.path_figure(eastern_us, eb.ruleset("europe-standard"), [a, b]).layout.title.text == "3M"


def test_the_north_america_board_drawn_without_rules_uses_the_us_rules():
    na = eb.load_board("north_america")
    fig = figures.board_figure(na)
    assert fig.layout.meta == {"board": "north_america", "ruleset": "us"}
    assert figures.find_trace(fig, "cities:major").name == "major city (5M)"
    assert figures.find_trace(fig, "rivers").name == "river (+2M)"
    us = eb.ruleset("us")
    assert figures.city_hover(na, us, "Denver") == ("<b>Denver</b> — medium city (US)<br>loads: Lead<br>"
                                                   "build into it: 3M<br>at most 3 players, 3 tracks each")
    assert figures.city_hover(na, us, "Chicago").endswith(
        "build into it: 5M<br>red area: public track; at most 2 segments out of major/key cities per turn")


def test_europe_unchanged_london_still_costs_5m_to_build_into():
    europe = eb.load_board("europe")
    fig = figures.board_figure(europe)
    assert fig.layout.meta == {"board": "europe", "ruleset": "europe-standard"}
    london = figures.city_hover(europe, eb.ruleset("europe-standard"), "London")
    assert london == ("<b>London</b> — major city (GB)<br>loads: Tourists<br>build into it: 5M<br>"
                      "red area: public track; at most 2 segments out of major/key cities per turn")
    assert london in figures.find_trace(fig, "cities:major").hovertext
    assert figures.city_hover(europe, eb.ruleset("europe-standard"), "Dublin").endswith(
        "build into it by land: 3M; from Liverpool over the Liverpool–Dublin ferry: 6M, which buys the ferry<br>"
        "at most 2 players, 3 tracks each")       # the two prices of a port city, each said when it applies
    assert figures.find_trace(fig, "terrain:alpine").name == "alpine (5M)"


# ----------------------------------------------------------------------------------- overlays
def test_add_track_one_trace_per_player_in_their_colour(board):
    ex = board.meta["examples"]
    p0, p1 = ex["london_birmingham"]["path"], ex["antwerp"]["path"]
    segs = [(a, b, 0) for a, b in zip(p0, p0[1:])] + [(a, b, 1) for a, b in zip(p1, p1[1:])]
    track = eb.Track.of(segs, {"Chunnel": [1]})
    f = figures.add_track(figures.board_figure(board), board, track, players=["Ann", "Ben"])
    t0, t1 = figures.find_trace(f, "track:0"), figures.find_trace(f, "track:1")
    assert t0.line.color == figures.player_color(0) and t1.line.color == figures.player_color(1)
    assert _points(t0) == 2 * (len(p0) - 1) and _points(t1) == 2 * (len(p1) - 1)
    assert t0.name.startswith("Ann's track")
    assert figures.find_trace(f, "track_crossings:1").line.dash == "dash"
    with pytest.raises(KeyError):
        figures.find_trace(f, "track_crossings:0")


@pytest.mark.parametrize("name", ["antwerp", "zurich", "london_birmingham", "london_folkestone",
                                  "liverpool_dublin", "stranraer_belfast"])
def test_route_labels_and_table_match_the_rulebook_example(board, rules, name):
    ex = board.meta["examples"][name]
    path = list(ex["path"])
    segs = path_cost(board, rules, path)
    plan = type("Plan", (), {"segments": segs, "mileposts": tuple(path), "cost": sum(s.total for s in segs)})()
    breakdown = "; ".join(s.explain() for s in segs)
    assert plan.cost == ex["cost"], f"{name}: {breakdown}"
    f = figures.add_route(figures.board_figure(board, rules), board, plan)
    labels = figures.find_trace(f, "route_labels")
    assert [int(t) for t in labels.text] == [s.total for s in segs], breakdown
    assert sum(int(t) for t in labels.text) == ex["cost"]
    assert figures.find_trace(f, "route").name == f"cheapest build: {ex['cost']}M"
    table = tables.route_table(plan, board)
    assert table.loc["total", "cost (M)"] == ex["cost"], table.to_string()
    assert list(table["running total (M)"])[-1] == ex["cost"]
    assert tables.segment_table(board, rules, path).loc["total", "cost (M)"] == ex["cost"]


def test_route_table_columns_add_up(board, rules):
    ex = board.meta["examples"]["london_folkestone"]
    t = tables.segment_table(board, rules, ex["path"])
    body = t.drop(index="total")
    assert (body["milepost (M)"] + body["bridge (M)"] + body["ferry/tunnel (M)"] == body["cost (M)"]).all(), t.to_string()
    assert t.loc["total", "ferry/tunnel (M)"] == 17, t.to_string()   # the Chunnel


def test_set_route_replaces_in_place_and_clears(board, rules):
    ex = board.meta["examples"]
    f = figures.board_figure(board, rules)
    figures.add_route(f, board, None, name="route")
    assert _points(figures.find_trace(f, "route")) == 0
    segs = path_cost(board, rules, ex["antwerp"]["path"])
    plan = type("Plan", (), {"segments": segs, "mileposts": tuple(ex["antwerp"]["path"]), "cost": 6})()
    n = len(f.data)
    figures.set_route(f, board, plan)
    assert len(f.data) == n, "set_route must not add traces"
    assert _points(figures.find_trace(f, "route")) == len(ex["antwerp"]["path"])
    figures.set_route(f, board, None)
    assert _points(figures.find_trace(f, "route")) == 0


def test_add_train_and_area(board):
    f = figures.board_figure(board)
    figures.add_train(f, board, "Paris", 2, label="Cy")
    tr = figures.find_trace(f, "train:2")
    c = board.city("Paris").center
    assert (tr.x[0], tr.y[0]) == tuple(board.xy[c]) and tr.marker.color == figures.player_color(2)
    figures.add_area(f, board, ["Zürich", 0], "snow")
    area = figures.find_trace(f, "area:snow")
    assert sorted(area.customdata) == sorted([*board.city("Zürich").mileposts, 0])
    figures.set_area(f, board, [], "snow")
    assert len(figures.find_trace(f, "area:snow").x) == 0


def test_find_trace_names_what_exists(fig):
    with pytest.raises(KeyError, match="terrain:clear"):
        figures.find_trace(fig, "no-such-trace")


@pytest.mark.slow   # left out of `make test-fast`
def test_rules_core_never_imports_plotly_or_ipywidgets():
    code = ("import sys, importlib, pkgutil, eb_core as eb\n"
            "mods = ['board','rules','costs','track','errors','cards','state','actions','engine','events',"
            "'routes','economics','sim']\n"
            "for m in mods:\n"
            "    try: importlib.import_module('eb_core.' + m)\n"
            "    except ModuleNotFoundError as e:\n"
            "        if e.name != 'eb_core.' + m: raise\n"
            "bad = sorted(k for k in sys.modules if k.split('.')[0] in ('plotly', 'ipywidgets'))\n"
            "assert not bad, bad\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_game_figure_draws_tracks_and_trains_with_their_state(board):
    ex = board.meta["examples"]
    game = eb.Game.new(eb.ruleset("europe-standard"), board=board, players=["Ann", "Ben"], seed=7)
    seat = game.current_player
    game.apply(eb.Build(path=ex["london_birmingham"]["path"]))
    f = figures.game_figure(game, zoom=["London", "Birmingham"])
    name = game.player(seat).name
    assert figures.find_trace(f, f"track:{seat}").name.startswith(f"{name}'s track (3 segments)")
    assert f.layout.xaxis.range is not None, "zoomed"
    with pytest.raises(KeyError):
        figures.find_trace(f, f"train:{seat}")          # no train placed yet
    game.state.players[seat].position = board.city("Birmingham").center
    tr = figures.find_trace(figures.game_figure(game), f"train:{seat}")
    assert f"<b>{name}</b>: 9/2 train, 45M" in tr.hovertext[0]


def test_path_figure_zooms_onto_the_example_and_prices_it(board, rules):
    ex = board.meta["examples"]["calais_south"]
    f = figures.path_figure(board, rules, ex["path"], owned_crossings=ex["owned_crossings"], title="Jeff")
    labels = [int(t) for t in figures.find_trace(f, "route_labels").text]
    assert sum(labels) == 2, labels                       # "spending his last 2M"
    assert figures.find_trace(f, "route").name == "this build: 2M"
    (x0, x1), (y0, y1) = f.layout.xaxis.range, f.layout.yaxis.range
    xy = board.xy[list(ex["path"])]
    assert (x0 < xy[:, 0].min() and xy[:, 0].max() < x1 and y0 < xy[:, 1].min() and xy[:, 1].max() < y1)
    assert x1 - x0 < np.ptp(board.xy[:, 0]), "zoomed in, not the whole board"


def test_europe_board_reads_at_full_zoom():
    europe = eb.load_board("europe")
    f = figures.board_figure(europe)
    majors = figures.find_trace(f, "cities:major")
    assert len(majors.text) == 8 and len(figures.find_trace(f, "cities:small").text) == 31
    assert figures.find_trace(f, "land").fill == "toself", "the land is drawn under the mileposts"
    # y grows northwards on the generated board: Oslo is drawn above Madrid
    oslo, madrid = europe.city("Oslo").center, europe.city("Madrid").center
    up = -1 if f.layout.yaxis.autorange == "reversed" else 1
    assert up * (europe.xy[oslo, 1] - europe.xy[madrid, 1]) > 0
    names = set(t.split(":")[0].removeprefix("river ") for t in figures.find_trace(f, "rivers").hovertext)
    assert {"Rhein", "Donau", "Seine", "Thames"} <= names, names


def test_game_figure_draws_both_trains_under_run_two_trains():
    """Run Two Trains: the map shows each placed train of a player where it stands (train 2 as a square,
    its hover naming it), and a one-train game draws one train per player as before."""
    from support import ops_game

    from eb_core.actions import PlaceTrain

    g = ops_game(rules=eb.ruleset("europe-standard", "run-two-trains"), seed=3)
    g.apply(PlaceTrain("Paris"))
    g.apply(PlaceTrain("Madrid", train=2))
    fig = figures.game_figure(g)
    one, two = figures.find_trace(fig, "train:0"), figures.find_trace(fig, "train:0:2")
    board = g.board
    assert (one.x[0], one.y[0]) == tuple(v[0] for v in figures._xy(board, [board.city("Paris").center]))
    assert (two.x[0], two.y[0]) == tuple(v[0] for v in figures._xy(board, [board.city("Madrid").center]))
    assert "train 2" in two.hovertext[0] and two.marker.symbol == "square"
    single = ops_game(seed=3)
    single.apply(PlaceTrain("Paris"))
    metas = [t.meta for t in figures.game_figure(single).data if str(t.meta).startswith("train:")]
    assert metas == ["train:0"]


def test_the_major_cities_that_count_for_victory_are_ringed_in_each_players_colour():
    """Notebook 08's race (rulebook: How to Win): Ben's track reaches seven major cities, but London-Paris
    is a piece of its own, so five count -- ringed in his colour -- and London and Paris get grey dotted
    rings; Ann's six connected ones are ringed in hers, a size smaller so both rings show at a shared city."""
    game = eb.position("board: tutorial\nplayer Ann: cash 270, at Wien, track Madrid-Paris-Holland-Ruhr-Berlin-Wien\n"
                       "player Ben: cash 300, at Milano, track London-Paris Ruhr-Milano-Wien Berlin-Madrid\n")
    fig = figures.add_majors(figures.game_figure(game), game)
    board = game.board

    def ringed(name):
        tr = figures.find_trace(fig, f"rings:{name}")
        at = {(float(x), float(y)) for x, y in zip(tr.x, tr.y)}
        return {c.name for c in board.major_cities if tuple(map(float, board.xy[c.center])) in at}, tr.marker

    ann, ann_marker = ringed("Ann: 6 of the 7 major cities needed")
    ben, ben_marker = ringed("Ben: 5 of the 7 major cities needed")
    apart, apart_marker = ringed("Ben: reached, not joined to them")
    assert ann == {"Berlin", "Holland", "Madrid", "Paris", "Ruhr", "Wien"}
    assert ben == {"Berlin", "Madrid", "Milano", "Ruhr", "Wien"} and apart == {"London", "Paris"}
    assert ann_marker.color == figures.player_color(0) and ben_marker.color == figures.player_color(1)
    assert ann_marker.size < ben_marker.size and apart_marker.symbol.endswith("dot")
    with pytest.raises(KeyError):
        figures.find_trace(fig, "rings:Ann: reached, not joined to them")     # all of Ann's track is one piece


def test_the_chart_histogram_puts_each_game_in_the_rulebooks_band():
    """Chart of Success for Solo Play, Basic Game: under 30 turns a Blowout Victory, 30-35 Solid, 35-40
    Possible, 40-45 2nd or 3rd place, more than 45 Last Place (a shared end point in the later band, 45 in
    2nd or 3rd); each bar counts the games won in that many turns and the median is marked."""
    from eb_core.display.charts import chart_histogram
    fig = chart_histogram([29, 30, 30, 35, 45, 46], "europe-basic")
    bars = {t.name: dict(zip(t.x, t.y)) for t in fig.data}
    assert bars == {"Blowout Victory": {29: 1}, "Solid Victory": {30: 2}, "Possible Victory": {35: 1},
                    "2nd or 3rd place": {45: 1}, "Last Place": {46: 1}}
    assert any(a.text == "median 32.5" for a in fig.layout.annotations)
    standard = chart_histogram([44, 45, 61], "europe-standard")
    assert {t.name: list(t.x) for t in standard.data} == {"Blowout Victory": [44], "Solid Victory": [45],
                                                            "Last Place": [61]}


def test_hovers_name_the_place_keep_the_id_for_commands_and_honour_honeymoons_ports():
    """A milepost's hover names where it is ("clear milepost near Madrid") and keeps its id labelled for the
    instructor's positions and text commands; under the Honeymoon Game Lyon is open to 1 player (not "1
    players") and Dublin, a ferry port, to 2 (Two-Players (Honeymoon Game): "unless the city is also a ferry
    port")."""
    b = eb.load_board("europe")
    r = eb.ruleset("europe-standard", "honeymoon")
    text = figures.milepost_hover(b, r, 100)
    assert "milepost</b> (ES) near Madrid" in text and "id 100, for positions and text commands" in text
    assert "at most 1 player," in figures.city_hover(b, r, "Lyon")
    assert "at most 2 players" in figures.city_hover(b, r, "Dublin")
