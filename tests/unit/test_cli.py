"""``python -m eb_core``: route, table, board; --help on each; exit codes."""
from __future__ import annotations

import io
import subprocess
import sys

import pandas as pd
import pytest

import eb_core as eb
from eb_core.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_route_prints_cost_and_every_segment(capsys):
    code, out, _ = run(capsys, "route", "tutorial", "London", "Birmingham", "--ids")
    assert code == 0
    assert "Build London -> Birmingham: 5M" in out
    plan = eb.cheapest_build(eb.load_board("tutorial"), eb.ruleset(), "London", "Birmingham")
    assert out.count("(total ") == len(plan.segments)
    assert "mileposts: " + " ".join(map(str, plan.mileposts)) in out


def test_route_by_legs_reads_a_long_route_at_a_glance(capsys):
    """Empire Express, Chicago to Boston: 51 segments of track, told in 11 legs from Chicago past Grand Rapids,
    Toledo, ..., Albany and Hartford into Boston, each leg's mileposts and bridges added up (56M in all)."""
    code, out, _ = run(capsys, "route", "eastern_us", "Chicago", "Boston", "--legs")
    assert code == 0
    assert out.splitlines()[0] == "Build Chicago -> Boston: 56M over 51 segments, in 11 legs"
    assert "   1. Chicago -> near Grand Rapids: 8 clear mileposts (8M) = 8M  (total 8M)" in out
    assert "near Albany -> near Hartford: 3 clear mileposts (3M) and a bridge over the river Connecticut (1M)" in out
    assert out.count("(total ") == 11 and "(total 56M)" in out


def test_route_with_milepost_ids_speed_and_variant(capsys):
    b = eb.load_board("tutorial")
    path = b.meta["examples"]["london_folkestone"]["path"]
    code, out, _ = run(capsys, "route", "tutorial", str(path[0]), str(path[-1]), "--speed", "9")
    assert code == 0 and ": 18M" in out and "17M Chunnel" in out and "turns at speed 9: 1" in out
    ch = b.tunnels[0]
    code, out, _ = run(capsys, "route", "tutorial", str(ch.ports[0]), str(ch.ports[1]),
                       "--ruleset", "europe-basic", "--variant", "fast-game")
    assert code == 0 and ": 4M" in out        # Fast Game: the Chunnel is a 4M ferry


def test_route_errors(capsys):
    code, out, err = run(capsys, "route", "tutorial", "London", "Atlantis")
    assert code == 2 and "Atlantis" in err and out == ""
    code, _, err = run(capsys, "route", "no-such-board", "London", "Paris")
    assert code == 2 and "no-such-board" in err
    code, _, err = run(capsys, "route", "tutorial", "London", "Paris", "--ruleset", "chess")
    assert code == 2 and "chess" in err


def test_a_route_end_that_is_no_place_is_named_as_the_command_line_names_it(capsys):
    """``route BOARD FROM TO``: a misspelt end is named FROM or TO (not the API's ``a`` and ``b``), with the
    closest place; a missing one too."""
    code, out, err = run(capsys, "route", "europe", "London", "Pariss")
    assert code == 2 and out == "" and err.strip() == ("error: TO: no city or ferry port 'Pariss' on board 'europe' "
                                                       "(did you mean Paris?)")
    code, _, err = run(capsys, "route", "europe", "Londres", "Paris")
    assert code == 2 and err.startswith("error: FROM: no city or ferry port 'Londres'")
    with pytest.raises(SystemExit):
        main(["route", "europe", "London"])
    assert "the following arguments are required: TO" in capsys.readouterr().err


def test_table_csv_matches_cost_table(capsys):
    code, out, _ = run(capsys, "table", "tutorial", "--format", "csv")
    assert code == 0
    got = pd.read_csv(io.StringIO(out), index_col=0)
    want = eb.cost_table(eb.load_board("tutorial"), eb.ruleset())
    assert list(got.index) == list(want.index) and list(got.columns) == list(want.columns)
    assert (got.values == want.values.astype(int)).all()


def test_table_markdown_city_list_and_turns(capsys):
    code, out, _ = run(capsys, "table", "tutorial", "--cities", "London,Dublin,Paris")
    assert code == 0 and "row -> column" in out
    rows = [ln for ln in out.splitlines() if ln.startswith("| ")]
    assert rows[0] == "| from | London | Dublin | Paris |" and len(rows) == 4
    b = eb.load_board("tutorial")
    london_dublin = eb.cheapest_build(b, eb.ruleset(), "London", "Dublin").cost
    assert rows[1].split(" | ")[2] == str(london_dublin)
    code, out, _ = run(capsys, "table", "tutorial", "--cities", "London,Paris", "--turns", "9", "--format", "csv")
    t = pd.read_csv(io.StringIO(out), index_col=0)
    assert t.loc["London", "Paris"] == eb.travel_table(b, eb.ruleset(), 9, ["London", "Paris"]).loc["London", "Paris"]
    code, _, err = run(capsys, "table", "tutorial", "--cities", "London,Atlantis")
    assert code == 2 and "Atlantis" in err


def test_board_summary(capsys):
    code, out, _ = run(capsys, "board", "tutorial")
    b = eb.load_board("tutorial")
    assert code == 0
    assert f"cities: {len(b.cities)}" in out and "Chunnel" in out
    # priced by terrain only where no city or port sets the price (a city milepost is 'clear' in the data)
    plain = [m for m in b.mileposts if not m.underground and m.city is None and not b.is_port(m.id)]
    assert f"clear {sum(1 for m in plain if m.terrain.value == 'clear')}," in out
    assert f"{sum(len(c.mileposts) for c in b.cities)} in cities" in out


@pytest.mark.slow   # left out of `make test-fast`
@pytest.mark.parametrize("cmd", [[], ["route"], ["table"], ["board"]])
def test_help_on_each_command(cmd):
    r = subprocess.run([sys.executable, "-m", "eb_core", *cmd, "--help"], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0 and "usage:" in r.stdout
    if cmd:
        assert cmd[0] in r.stdout


@pytest.mark.slow   # left out of `make test-fast`
def test_module_entry_point_runs_a_route():
    r = subprocess.run([sys.executable, "-m", "eb_core", "route", "tutorial", "London", "Paris"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and "Build London -> Paris" in r.stdout


def test_route_and_table_default_to_the_boards_own_rules(capsys):
    """``route north_america ...`` prices with the US rules and ``route eastern_us ...`` with Empire Express's
    (3M into any city, 1M a river) unless ``--ruleset`` says otherwise."""
    code, out, _ = run(capsys, "route", "eastern_us", "Pittsburgh", "Boston")
    express = eb.cheapest_build(eb.load_board("eastern_us"), eb.ruleset("express"), "Pittsburgh", "Boston")
    europe = eb.cheapest_build(eb.load_board("eastern_us"), eb.ruleset(), "Pittsburgh", "Boston")
    assert code == 0 and f": {express.cost}M" in out and express.cost != europe.cost
    code, out, _ = run(capsys, "route", "eastern_us", "Pittsburgh", "Boston", "--ruleset", "europe-standard")
    assert code == 0 and f": {europe.cost}M" in out


def test_route_speed_is_checked_before_anything_is_printed(capsys):
    """A bad --speed is refused with exit status 2 and nothing on standard output (the route was printed
    before the refusal)."""
    code, out, err = run(capsys, "route", "tutorial", "London", "Birmingham", "--speed", "0")
    assert code == 2 and out == "" and "speed" in err


def test_simulate_no_games_and_a_table_of_no_cities(capsys):
    """`simulate --games 0` says so (it raised AttributeError after its summary); `table --cities ,,` is refused
    naming the option (it printed an empty table and exited 0)."""
    code, out, _ = run(capsys, "simulate", "--games", "0")
    assert code == 0 and out.startswith("0 games of europe-standard on europe")
    code, out, err = run(capsys, "table", "tutorial", "--cities", ",,")
    assert code == 2 and out == "" and "--cities" in err


def test_a_board_priced_by_rules_that_have_no_price_for_its_terrain_is_refused(capsys):
    """Empire Express prices no alpine mileposts; the Europe board has them: pricing it by Express's rules is
    refused naming the rules and the board's own game (it printed 'error: alpine')."""
    code, out, err = run(capsys, "route", "europe", "London", "Paris", "--ruleset", "express")
    assert code == 2 and out == "" and "prices no alpine mileposts" in err and "europe-standard" in err


def test_route_names_places_and_money_not_milepost_ids(capsys):
    """The route's output is for players: the segments by place and their prices; the milepost ids only on
    request (``--ids``)."""
    code, out, _ = run(capsys, "route", "tutorial", "London", "Birmingham")
    assert code == 0 and "Build London -> Birmingham: 5M" in out and "mileposts:" not in out


def test_table_symmetric_shows_the_cheaper_direction(capsys):
    """``--symmetric``: min(A->B, B->A) -- from Dublin into London costs more than from London into Dublin (the
    column city's entry is paid), and the symmetric table shows the cheaper on both sides."""
    code, out, _ = run(capsys, "table", "tutorial", "--cities", "London,Dublin", "--format", "csv")
    directed = pd.read_csv(io.StringIO(out), index_col=0)
    code2, out, _ = run(capsys, "table", "tutorial", "--cities", "London,Dublin", "--format", "csv", "--symmetric")
    sym = pd.read_csv(io.StringIO(out), index_col=0)
    assert code == code2 == 0 and directed.loc["Dublin", "London"] != directed.loc["London", "Dublin"]
    cheaper = min(directed.loc["Dublin", "London"], directed.loc["London", "Dublin"])
    assert sym.loc["Dublin", "London"] == sym.loc["London", "Dublin"] == cheaper


def test_a_markdown_table_shows_a_dash_where_there_is_no_route():
    from eb_core.cli import _markdown
    # a cost table as eb.cost_table gives it (whole millions, missing where no track can be built)
    df = pd.DataFrame({"London": pd.array([0, None], dtype="Int64"), "Dublin": pd.array([11, 0], dtype="Int64")},
                      index=pd.Index(["London", "Dublin"], name="from"))
    assert _markdown(df).splitlines() == ["| from | London | Dublin |", "|---|---:|---:|",
                                          "| London | 0 | 11 |", "| Dublin | - | 0 |"]


def test_simulate_summarises_the_turns_to_win_by_their_median_and_the_chart(capsys, tmp_path):
    """``simulate``'s summary: how many games were won, the median turns to win with the fewest and the most,
    and how many fell in each band of the Chart of Success (rulebook: Chart of Success for Solo Play)."""
    out_csv = tmp_path / "games.csv"
    code, out, _ = run(capsys, "simulate", "--board", "tutorial", "--ruleset", "europe-basic", "--games", "3",
                       "--seed", "1", "--csv", str(out_csv))
    df = pd.read_csv(out_csv)
    won = df[df.won]
    assert code == 0 and len(won) == 3 and won.turns.median() != won.turns.mean()     # the median, not the mean
    lines = out.splitlines()
    assert lines[0] == (f"3 games of europe-basic on tutorial by the planner bot: 3 won, turns to win median "
                        f"{won.turns.median():g} (min {won.turns.min()}, max {won.turns.max()})")
    bands = {ln.strip().split(": ")[0]: int(ln.split(": ")[1]) for ln in lines[1:] if ln.startswith("  ")}
    assert bands == {c: int((won.category == c).sum()) for c in set(won.category)}
    assert all(c == eb.chart_of_success(t, "europe-basic") for c, t in zip(won.category, won.turns))


def test_the_express_summary_gives_the_median_turns_to_150m(capsys, monkeypatch):
    """Empire Express > Game End: 150M on a player's turn, the round finished, the richest wins. ``simulate``
    reports in how many games someone reached 150M, the median turns the first did so in, and how often the
    first colour (Orange, who plays first) won -- from the rows of the games played."""
    from eb_core import cli
    rows = pd.DataFrame({"seed": [1, 2, 3], "ruleset": ["express"] * 3, "board": ["eastern_us"] * 3,
                         "won": [True, False, True], "first": [20.0, 22.0, 30.0]})
    monkeypatch.setattr(cli, "monte_carlo", lambda *a, **k: rows)
    code, out, _ = run(capsys, "simulate", "--ruleset", "express", "--games", "3")
    assert code == 0 and out.splitlines() == [
        "3 games of express on eastern_us, 2 colours each played by the planner bot: the game reached 150M in 3, "
        "first after a median of 22 turns (min 20, max 30); Orange (who plays first) won 2"]


def test_the_europe_board_summary_lists_the_major_and_key_cities_and_the_2009_prices(capsys):
    """Changes from Eurorails 2009: "Key Cities. Oslo and Stockholm do not count as Major Cities for Victory
    Conditions"; "The cost of building the Chunnel has been reduced to 17 million. The Newcastle-Esbjerg ferry
    now costs 14." -- the board summary names the eight major cities and the two key cities apart."""
    code, out, _ = run(capsys, "board", "europe")
    lines = out.splitlines()
    assert code == 0 and "cities: 60 (major 8, key 2, medium 19, small 31)" in lines
    assert "  major: Berlin, Holland, London, Madrid, Milano, Paris, Ruhr, Wien" in lines
    assert "  key: Oslo, Stockholm" in lines
    assert "  tunnel Chunnel: Folkestone - Calais, 17M" in lines
    assert any(ln.startswith("  ferry Newcastle–Esbjerg: ") and ln.endswith(", 14M") for ln in lines)


def test_simulate_of_one_game_says_one_game(capsys):
    code, out, _ = run(capsys, "simulate", "--board", "tutorial", "--ruleset", "europe-basic", "--games", "1",
                       "--max-turns", "5")
    assert code == 0 and out.startswith("1 game of europe-basic on tutorial")
