"""Bad input to the simulations, the command line, route and delivery helpers: a typed error naming the field
(or the command line's option), raised before anything is played or printed."""
from __future__ import annotations

import pytest

import eb_core as eb
from eb_core import cli
from eb_core.cli import main
from eb_core.errors import InvalidAction, UnknownName
from eb_core.sim import demo_game, multiple_positions


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def no_games(monkeypatch):
    """Fail the test if the command line starts playing games."""
    def refuse(*a, **k):
        raise AssertionError("monte_carlo was called: the bad input was not refused first")
    monkeypatch.setattr(cli, "monte_carlo", refuse)


# ------------------------------------------------------------------ simulate --csv
def test_simulate_refuses_a_csv_path_in_a_missing_folder_before_playing(capsys, tmp_path, no_games):
    target = tmp_path / "missing" / "x.csv"
    code, out, err = run(capsys, "simulate", "--games", "1", "--csv", str(target))
    assert code == 2 and out == ""
    assert err == f"error: --csv: folder {tmp_path / 'missing'} does not exist\n"


def test_simulate_refuses_a_csv_path_that_is_a_folder_before_playing(capsys, tmp_path, no_games):
    code, out, err = run(capsys, "simulate", "--games", "1", "--csv", str(tmp_path))
    assert code == 2 and out == ""
    assert err.startswith(f"error: --csv: {tmp_path} is a folder") and err.count("\n") == 1


# ------------------------------------------------------------------ simulate --players / --max-turns
@pytest.mark.parametrize("option, value", [("--players", "0"), ("--players", "-1"),
                                           ("--max-turns", "0"), ("--max-turns", "-5")])
def test_simulate_refuses_no_seats_and_no_turns(capsys, no_games, option, value):
    code, out, err = run(capsys, "simulate", "--games", "1", option, value)
    assert code == 2 and out == ""
    assert err.startswith(f"error: {option}: expected") and f"got {value}" in err


# ------------------------------------------------------------------ the API's settings
@pytest.mark.parametrize("kwargs, field", [
    (dict(seed="x"), "seed"), (dict(seed=None), "seed"), (dict(seed=1.5), "seed"),
    (dict(max_turns=0), "max_turns"), (dict(max_turns=-5), "max_turns"), (dict(max_turns="x"), "max_turns"),
    (dict(players=0), "players"), (dict(players=-1), "players"), (dict(players="2"), "players"),
    (dict(win_loss="yes"), "win_loss"), (dict(executor=5), "executor"), (dict(progress="yes"), "progress"),
    (dict(variants="fast-game"), "variants"), (dict(variants=[5]), "variants"), (dict(rules=5), "rules"),
])
def test_monte_carlo_refuses_bad_settings_naming_them(kwargs, field):
    kwargs = {"rules": "europe-standard", "board": "tutorial", "games": 1, **kwargs}
    with pytest.raises(InvalidAction) as e:
        eb.monte_carlo(**kwargs)
    assert e.value.field == field and str(e.value).startswith(f"{field}: ")


def test_a_variant_given_as_a_string_is_refused_not_split_into_letters():
    with pytest.raises(InvalidAction) as e:
        eb.monte_carlo("europe-standard", variants="fast-game", games=1)
    assert str(e.value) == "variants: expected a list of variant names such as ['fast-game'], got 'fast-game'"
    with pytest.raises(InvalidAction) as e:
        eb.ruleset("europe-basic", ["fast-game"])
    assert e.value.field == "variants" and "own argument" in str(e.value)


def test_variants_added_to_a_ruleset_object_are_checked_like_rulesets():
    with pytest.raises(UnknownName) as e:
        eb.monte_carlo(eb.ruleset("europe-basic"), ["nope"], games=1)
    assert str(e.value).startswith("no variant 'nope'; choose from")
    with pytest.raises(InvalidAction) as e:
        eb.monte_carlo(eb.ruleset("europe-basic"), ["slow-start", "fast-game"], games=1)
    assert e.value.field == "variants" and "cannot be combined" in str(e.value)


@pytest.mark.parametrize("kwargs, field", [
    (dict(seed="x"), "seed"), (dict(seed=None), "seed"), (dict(max_turns=0), "max_turns"),
    (dict(max_turns="x"), "max_turns"), (dict(players=0), "players"), (dict(players="2"), "players"),
    (dict(win_loss="yes"), "win_loss"), (dict(bot=["planner"]), "bot"),
])
def test_solo_game_refuses_bad_settings_naming_them(kwargs, field):
    with pytest.raises(InvalidAction) as e:
        eb.solo_game("europe-standard", board="tutorial", **kwargs)
    assert e.value.field == field and str(e.value).startswith(f"{field}: ")


@pytest.mark.parametrize("kwargs, field", [
    (dict(seed="x"), "seed"), (dict(max_turns=0), "max_turns"), (dict(players="2"), "players"),
])
def test_multiple_positions_and_demo_game_refuse_bad_settings(kwargs, field):
    with pytest.raises(InvalidAction) as e:
        multiple_positions("europe-standard", board="tutorial", **kwargs)
    assert e.value.field == field
    with pytest.raises(InvalidAction) as e:
        demo_game("express", **kwargs)
    assert e.value.field == field


def test_demo_game_of_rules_without_one_names_the_rules():
    with pytest.raises(InvalidAction) as e:
        demo_game("europe-standard")
    assert e.value.field == "rules" and "no demo game" in str(e.value)


def test_chart_of_success_of_unknown_rules():
    with pytest.raises(UnknownName) as e:
        eb.chart_of_success(40, "nope")
    assert e.value.field == "ruleset"
    with pytest.raises(InvalidAction) as e:
        eb.chart_of_success(40, 5)
    assert e.value.field == "rules"


# ------------------------------------------------------------------ route and table
def test_route_prints_places_not_milepost_ids_unless_asked(capsys):
    plan = eb.cheapest_build(eb.load_board("tutorial"), eb.ruleset(), "London", "Paris")
    ids = "mileposts: " + " ".join(map(str, plan.mileposts))
    code, out, _ = run(capsys, "route", "tutorial", "London", "Paris")
    assert code == 0 and "Build London -> Paris" in out and "mileposts:" not in out
    code, out, _ = run(capsys, "route", "tutorial", "London", "Paris", "--ids")
    assert code == 0 and ids in out


@pytest.mark.parametrize("value", ["0", "-1"])
def test_table_turns_names_the_option(capsys, value):
    code, out, err = run(capsys, "table", "tutorial", "--turns", value)
    assert code == 2 and out == ""
    assert err.startswith("error: --turns: expected a train's speed") and "speed must" not in err


def test_table_turns_below_a_fast_game_crossing_names_the_option(capsys):
    code, out, err = run(capsys, "table", "tutorial", "--turns", "3", "--ruleset", "europe-basic",
                         "--variant", "fast-game")
    assert code == 2 and out == "" and err.startswith("error: --turns: ")


# ------------------------------------------------------------------ routes.py
def test_blocked_edges_with_an_unknown_milepost_is_refused():
    b, r = eb.load_board("tutorial"), eb.ruleset()
    with pytest.raises(InvalidAction) as e:
        eb.cheapest_build(b, r, "London", "Paris", blocked_edges=[(1, 99999)])
    assert e.value.field == "blocked_edges" and "no milepost 99999" in str(e.value)
    with pytest.raises(InvalidAction) as e:
        eb.cost_table(b, r, ["London", "Paris"], blocked_edges=[(-1, 2)])
    assert e.value.field == "blocked_edges"


def test_travel_turns_of_an_empty_path_is_refused():
    b, r = eb.load_board("tutorial"), eb.ruleset()
    with pytest.raises(InvalidAction) as e:
        eb.travel_turns(b, r, [], 9)
    assert e.value.field == "path_or_trip" and "empty" in str(e.value)
    with pytest.raises(InvalidAction) as e:
        eb.travel_turns(b, r, "12", 9)            # not the mileposts 1 and 2
    assert e.value.field == "path_or_trip"
    assert eb.travel_turns(b, r, [b.city("London").center], 9) == 0     # one milepost: still no turn


# ------------------------------------------------------------------ economics.py
def test_delivery_value_refuses_a_train_the_rules_do_not_have():
    b, r = eb.load_board("tutorial"), eb.ruleset()
    with pytest.raises(InvalidAction) as e:
        eb.delivery_value(b, r, ("Paris", "Tourists", 20), train="99/9")
    assert e.value.field == "train"
    assert str(e.value) == "train: 99/9 is not a train of europe-standard (its trains: 9/2, 9/3, 12/2, 12/3)"
    assert eb.delivery_value(b, r, ("Paris", "Tourists", 20), train="12/3").payout == 20


def test_plan_for_refuses_an_unknown_option():
    game = eb.Game.new("europe-standard", board="tutorial", players=["Ann", "Ben"], seed=3)
    before = game.to_json()
    with pytest.raises(InvalidAction) as e:
        eb.plan_for(game, bogus=1)
    assert e.value.field == "bogus" and "no option 'bogus'" in str(e.value) and "max_deliveries" in str(e.value)
    assert game.to_json() == before


def test_a_refusal_names_a_wrong_object_by_its_kind_not_a_page_of_its_fields():
    """Arguments swapped -- the ruleset where the turns go -- is answered in one short line."""
    rules = eb.ruleset("europe-standard")
    with pytest.raises(InvalidAction) as e:
        eb.chart_of_success(rules, 50)
    assert str(e.value) == "turns: expected a whole number of turns >= 0, got a Ruleset ('europe-standard')"
    with pytest.raises(InvalidAction) as e:
        eb.Game.new(eb.load_board("tutorial"), board=rules, players=["Ann"])
    assert "got a Board ('tutorial')" in str(e.value) and "mileposts" not in str(e.value)
