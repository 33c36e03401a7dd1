"""Every rulebook number of the two Europe rulesets, checked against the rulebook's text.

Rulebook: ../shared/rules/empire_builder_europe_rulebook.txt."""
import dataclasses

import pytest

import eb_core as eb
from eb_core.rules import Train


def test_standard_game_numbers():
    r = eb.ruleset("europe-standard")
    # Setting Up the Game: "Give each player 50 million"
    assert r.start_cash == 50
    # Quick Guide for Set Up > Standard Game: start 9/2; first upgrade 9/3 or 12/2; final 12/3
    assert r.start_train == Train(9, 2)
    assert set(r.upgrade_options(Train(9, 2))) == {Train(9, 3), Train(12, 2)}
    assert r.final_train == Train(12, 3)
    # "deal four demand cards to each player" ... "for the rest of the game you will always have three cards"
    assert (r.opening_hand, r.hand_size, r.starter_cards) == (4, 3, False)
    # How to Play: "you may spend up to 20 million"; Upgrading your Train: 20 million
    assert r.build_limit == 20 and r.upgrade_cost == 20
    # Build Phase Rules: standard costs
    assert dict(r.terrain_cost) == {"clear": 1, "mountain": 2, "alpine": 5}
    assert dict(r.water_cost) == {"river": 2, "lake": 3, "inlet": 3}
    assert dict(r.city_cost) == {"major": 5, "key": 3, "medium": 3, "small": 3}
    # Limits on Entry into Small and Medium Cities
    assert dict(r.city_max_players) == {"medium": 3, "small": 2}
    assert r.city_max_tracks_per_player == 3
    # Limits on Building from Major Cities & Key Cities
    assert r.builds_out_of_major_per_turn == 2
    # Building Ferry Ports (two players) / Building the Chunnel (one player)
    assert (r.ferry_max_players, r.tunnel_max_players) == (2, 1)
    # Renting Track: 4 million
    assert r.rent == 4
    # Running the Train > Standard Game: reverse only in a city
    assert r.reverse_anywhere is False
    # How to Win > Standard: 250 million plus seven of the eight Major Cities
    assert (r.victory_cash, r.victory_majors) == (250, 7)
    assert r.special_build_turns == 2


def test_basic_game_differs_only_where_the_rulebook_says():
    std, basic = eb.ruleset("europe-standard"), eb.ruleset("europe-basic")
    assert basic.start_train == Train(12, 2)
    assert set(basic.upgrade_options(Train(12, 2))) == {Train(12, 3), Train(16, 2)}
    assert basic.final_train == Train(16, 3)
    assert basic.victory_cash == 200
    assert basic.reverse_anywhere is True
    assert basic.starter_cards is True and basic.opening_hand == 3
    changed = {f.name for f in dataclasses.fields(std) if getattr(std, f.name) != getattr(basic, f.name)}
    assert changed == {"name", "title", "start_train", "upgrades", "opening_hand", "starter_cards",
                       "reverse_anywhere", "victory_cash", "tie_shares_win"}
    # How to Win > Basic Game Victory Conditions: "In the event of a tie, the players share the win."
    assert basic.tie_shares_win is True and std.tie_shares_win is False


def test_rulesets_are_frozen():
    r = eb.ruleset("europe-standard")
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.start_cash = 100
    with pytest.raises(TypeError):
        r.terrain_cost["clear"] = 0


def test_variants():
    fast = eb.ruleset("europe-basic", "fast-game")
    # Fast Game: 16-speed start, upgrade to 20; ferries take four movements; Chunnel a 4M ferry
    assert fast.start_train.speed == 16 and fast.final_train == Train(20, 3)
    assert fast.ferry_fixed_moves == 4 and fast.tunnel_as_ferry_cost == 4
    faster = eb.ruleset("europe-basic", "faster-game")
    assert {"tax", "derailment"} <= set(faster.removed_events)
    honey = eb.ruleset("europe-standard", "honeymoon")
    assert honey.city_max_players["small"] == 1 and honey.chips_removed_per_load == 1
    assert eb.ruleset("europe-standard", "slow-start").start_train == Train(6, 2)
    assert eb.ruleset("europe-standard", "cross-grading").cross_grade_cost == 5
    assert fast.variants == ("fast-game",)


def test_unknown_names_are_clear_errors():
    with pytest.raises(KeyError, match="europe-standard"):
        eb.ruleset("europe-advanced")
    with pytest.raises(KeyError, match="fast-game"):
        eb.ruleset("europe-standard", "very-fast")


def test_train_parse_and_str():
    assert Train.parse("12/3") == Train(12, 3)
    assert str(Train(9, 2)) == "9/2"


def test_rulesets_compared_in_words_a_player_reads():
    """``compare(..., words=True)``: every rule named in words (no field names), a column per game by its
    title, yes/no for switches -- Europe 7 major cities to win against the US's 5."""
    import dataclasses
    from eb_core.rules import FIELD_WORDS, FILE_FIELDS, Ruleset, compare
    fields = {f.name for f in dataclasses.fields(Ruleset)} - {"name"} - set(FILE_FIELDS)
    assert set(FIELD_WORDS) == fields                  # a new field needs its words
    t = compare("europe-standard", "us", words=True)
    assert list(t.columns) == [eb.ruleset("europe-standard").title, eb.ruleset("us").title]
    assert t.loc["major cities connected to win"].tolist() == ["7", "5"]
    assert not t.isin(["True", "False"]).any().any() and not any("_" in r for r in t.index)


def test_faster_game_is_the_fast_game_without_the_tax_and_derailments():
    """Variants & Optional Rules > Faster Game: "Use the Fast Game rules above. Also, remove the Excess
    Profits Tax Event card and all Derailment Event cards" -- so its trains, ferries and Chunnel are the
    Fast Game's, not the basic game's."""
    fast, faster = eb.ruleset("europe-basic", "fast-game"), eb.ruleset("europe-basic", "faster-game")
    assert faster.start_train == Train(16, 2) and faster.final_train == Train(20, 3)
    assert (faster.ferry_fixed_moves, faster.ferry_half_speed, faster.tunnel_as_ferry_cost) == (4, False, 4)
    same = {f.name for f in dataclasses.fields(fast) if getattr(fast, f.name) == getattr(faster, f.name)}
    assert {"start_train", "upgrades", "ferry_fixed_moves", "ferry_half_speed", "tunnel_as_ferry_cost"} <= same
    assert set(faster.removed_events) == {"tax", "derailment"}


def test_four_cards_option_in_the_basic_game_adds_a_fourth_card_to_the_three_starter_cards():
    """Challenging Variants > Run Two Trains: "Players may agree to have four demand cards at all times
    instead of three" -- in the basic game each player holds the three starter cards and one more card from
    the start."""
    r = eb.rules.four_cards(eb.ruleset("europe-basic", "run-two-trains"))
    assert (r.opening_hand, r.hand_size) == (4, 4)
    g = eb.Game.new(r, board="europe", players=["Ann", "Ben"], seed=1)
    for p in g.state.players:
        assert len(p.hand) == 4
        assert sum(g.deck.card(c).is_starter for c in p.hand) == 3


def test_a_saved_ruleset_with_a_field_this_version_does_not_know_still_loads():
    """``Ruleset.from_dict`` ignores unknown keys: a game saved by another version keeps its rules."""
    saved = eb.ruleset("europe-basic", "mercy").to_dict()
    saved["a_retired_rule"] = 3
    assert eb.Ruleset.from_dict(saved) == eb.ruleset("europe-basic", "mercy")
