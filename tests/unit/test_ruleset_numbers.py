"""The rulebook's numbers in each ruleset and variant, the ones the other tests leave loose: every train
upgrade ladder (Basic Game, Fast Game, Slow Start), the Mercy loan, Empire Express's hand and river costs,
that a variant changes only what its paragraph says, that a ruleset can neither be corrupted after the
fact nor built from names given the wrong way, and the side-by-side table (:func:`eb_core.rules.compare`)
as a player reads it.

Rulebooks: ../shared/rules/empire_builder_europe_rulebook.txt, empire_express_rulebook.txt.
"""
from __future__ import annotations

import dataclasses
import json

import pytest

import eb_core as eb
from eb_core.rules import Train, compare, ruleset_note

T = Train


def _changed(a: eb.Ruleset, b: eb.Ruleset) -> set[str]:
    return {f.name for f in dataclasses.fields(a) if getattr(a, f.name) != getattr(b, f.name)}


# ------------------------------------------------------------------------------------------ train upgrades
def test_basic_game_trains_go_12_2_then_12_3_or_16_2_then_16_3_for_20m_each():
    """Quick Guide for Set Up > Basic Game / Upgrading your Train: start with a 12-speed two-load train,
    upgrade to 12/3 or 16/2, and from either to the 16/3, 20 million each."""
    r = eb.ruleset("europe-basic")
    assert r.start_train == T(12, 2) and r.upgrade_cost == 20
    assert dict(r.upgrades) == {T(12, 2): (T(12, 3), T(16, 2)), T(12, 3): (T(16, 3),), T(16, 2): (T(16, 3),)}
    assert r.upgrade_options(T(16, 3)) == ()          # the final train upgrades no further


def test_fast_game_trains_move_16_and_upgrade_to_20():
    """Variants & Optional Rules > Fast Game: "Begin the game with a train that can move 16 spaces";
    "Upgrade to a train that can move up to 20 spaces" -- 16/2 to 16/3 or 20/2, then 20/3."""
    for variant in ("fast-game", "faster-game"):
        r = eb.ruleset("europe-basic", variant)
        assert r.start_train == T(16, 2), variant
        assert dict(r.upgrades) == {T(16, 2): (T(16, 3), T(20, 2)), T(16, 3): (T(20, 3),),
                                    T(20, 2): (T(20, 3),)}, variant


def test_slow_start_trains_climb_from_6_2_to_12_3_in_three_upgrades():
    """Challenging Variants > Slow Start: "Start with a 6-speed train that carries two loads. Your first 20
    million upgrade may be to ... a 6-speed, three-load train or a 9-speed, two-load train. The second
    upgrade can be to a 9-speed, three-load train or a 12-speed, two-load train. Your final upgrade is to
    the 12-speed, three-load train.\""""
    r = eb.ruleset("europe-standard", "slow-start")
    assert r.start_train == T(6, 2) and r.final_train == T(12, 3)
    assert dict(r.upgrades) == {
        T(6, 2): (T(6, 3), T(9, 2)), T(6, 3): (T(9, 3),),
        T(9, 2): (T(9, 3), T(12, 2)), T(9, 3): (T(12, 3),),
        T(12, 2): (T(12, 3),)}


# ------------------------------------------------------------------------------------------ variants
def test_mercy_lends_5_to_20m_repaid_twice_with_half_of_each_payoff():
    """Variants & Optional Rules > Mercy: "borrow a minimum of 5 million, up to a maximum of 20 million";
    "repay twice the borrowed amount"; "at least half of the payoff amount must be directed to the loan"."""
    std, mercy = eb.ruleset("europe-standard"), eb.ruleset("europe-standard", "mercy")
    assert std.mercy_loan is None                                   # no loans without the variant
    assert mercy.mercy_loan == (5, 20)
    assert (mercy.mercy_repay_factor, mercy.mercy_payout_share) == (2, 0.5)


# each variant, the fields its rulebook paragraph changes (besides the name and the list of variants)
VARIANT_FIELDS = {
    "mercy": {"mercy_loan"},                                  # the repayment terms are the standard's already
    "cross-grading": {"cross_grade_cost"},
    "open-contracts": {"open_contracts"},
    "field-warehousing": {"field_warehousing"},
    "branching": {"branching"},
    "pay-to-move": {"move_fee_own", "rent_to_bank"},          # the 4M for another's track is the usual rent
    "pay-to-load": {"load_handling_moves"},
    "run-two-trains": {"trains"},
    "reshuffle": {"reshuffle_on"},
    "less-thinking": {"turn_order", "draw_on_delivery"},
    "honeymoon": {"chips_removed_per_load", "city_max_players", "small_city_needs_demand"},
    "no-events": {"events"},
}


@pytest.mark.parametrize("variant", sorted(VARIANT_FIELDS))
def test_a_variant_changes_only_what_its_paragraph_says(variant):
    """Variants & Optional Rules / Challenging Variants: each variant replaces the standard game's rule it
    names and keeps every other number of the standard game."""
    std, r = eb.ruleset("europe-standard"), eb.ruleset("europe-standard", variant)
    assert _changed(std, r) == VARIANT_FIELDS[variant] | {"name", "variants"}
    assert r.name == f"europe-standard+{variant}" and r.variants == (variant,)


def test_the_standard_game_has_no_express_endgame_and_no_open_contracts():
    """How to Win: announce at 250M and seven major cities, finish the round, most cash wins -- not Empire
    Express's "150M or more on a player's turn" among all players; Open Contracts is a variant, so the
    standard game lays no demand card face up."""
    for name in ("europe-standard", "europe-basic", "us"):
        r = eb.ruleset(name)
        assert (r.victory_on_own_turn, r.winner_among_all) == (False, False), name
        assert (r.open_contracts, r.open_contracts_dealt) == (0, 0), name
    x = eb.ruleset("express")
    assert (x.victory_cash, x.victory_on_own_turn, x.winner_among_all) == (150, True, True)
    assert eb.ruleset("europe-standard", "open-contracts").open_contracts == 4   # "Up to four"


# ------------------------------------------------------------------------------------------ Empire Express
def test_express_hand_is_three_cards_and_every_water_crossing_costs_1m():
    """Empire Express: On a Turn: "draw demand cards until you have three" (and each colour's Demo Set Up
    gives it three cards); Build Track: "Rivers cost $1 million to cross", "Add $1 million ... for each
    river that you cross" -- lakes and inlets without a heavy black line are read as rivers."""
    x = eb.ruleset("express")
    assert (x.opening_hand, x.hand_size) == (3, 3)
    assert all(len(cards) == x.opening_hand for _, cards, _, _ in x.demo_players)
    assert dict(x.water_cost) == {"river": 1, "lake": 1, "inlet": 1} and x.bridges == "each"


def test_express_takes_no_variants():
    """Empire Express has no Variants & Optional Rules: asking for one is refused naming the variants."""
    with pytest.raises(eb.InvalidAction, match="has no variants") as info:
        eb.ruleset("express", "fast-game")
    assert info.value.field == "variants"


# ------------------------------------------------------------------------------------------ bad input
@pytest.mark.parametrize("change, words", [
    ({"turn_order": "sideways"}, "turn_order"),
    ({"bridges": "cheapest"}, "bridges"),
    ({"trains": 3}, "Run Two Trains"),
    ({"trains": 0}, "Run Two Trains"),
])
def test_a_ruleset_refuses_a_rule_the_rulebook_does_not_have(change, words):
    """Run Two Trains: one or two trains per player, no more; the two turn orders (How to Play / Less
    Thinking During Your Turns) and the two ways of pricing bridges (Bridges over Rivers, Lakes and Ocean
    Inlets / Express Build Track) -- anything else is refused naming the rule, the ruleset unchanged."""
    r = eb.ruleset("europe-standard")
    before = r.to_dict()
    with pytest.raises(eb.InvalidAction, match=words) as err:
        r.with_(**change)
    assert err.value.field == next(iter(change))
    assert r.to_dict() == before


def test_a_variants_rules_cannot_be_changed_afterwards():
    """A variant's numbers replace the base game's once, when the ruleset is made: Two-Players (Honeymoon
    Game)'s "Only 1 player may build into a small city" cannot be edited on the ruleset later."""
    r = eb.ruleset("europe-standard", "honeymoon")
    with pytest.raises(TypeError):
        r.city_max_players["small"] = 2
    with pytest.raises(TypeError):
        eb.ruleset("europe-standard").with_(water_cost={"river": 2, "lake": 3, "inlet": 3}).water_cost["river"] = 9
    assert r.city_max_players["small"] == 1


def test_variants_given_as_one_list_or_a_ruleset_given_as_a_list_are_refused():
    """Variants & Optional Rules are named one by one; a list in their place (an easy slip) is a typed
    error naming the field, not a Python crash."""
    with pytest.raises(eb.InvalidAction, match="each variant as its own argument") as info:
        eb.ruleset("europe-standard", ["fast-game", "mercy"])
    assert info.value.field == "variants"
    with pytest.raises(eb.UnknownName, match="expected a ruleset's name") as info:
        eb.ruleset(["europe-standard", "mercy"])
    assert info.value.field == "ruleset"


def test_a_board_name_that_is_not_a_ruleset_gets_no_note():
    """Only the name of a ruleset (the US game's ``us``) is explained as such when given as a board."""
    assert ruleset_note("us", "board") == "the ruleset 'us' is played on the board 'north_america'"
    assert ruleset_note("us", "deck") == "the ruleset 'us' is played with the deck 'north_america'"
    assert ruleset_note("tutorial", "board") is None


# ------------------------------------------------------------------------------------------ saved and shown
def test_a_ruleset_dict_is_what_a_saved_file_holds():
    """A saved game's ``rules`` (Mercy's 5-20M loan, Reshuffle's tax card) read back from JSON equal what
    was written, and make the same ruleset."""
    r = eb.ruleset("europe-standard", "mercy", "reshuffle")
    d = r.to_dict()
    assert json.loads(json.dumps(d)) == d
    assert d["mercy_loan"] == [5, 20] and d["reshuffle_on"] == ["tax"]
    assert eb.Ruleset.from_dict(json.loads(json.dumps(d))) == r


def test_compare_shows_trains_costs_and_the_express_demo_as_a_player_reads_them():
    """The side-by-side table: trains as speed/loads, "-" where a game has no such rule (Empire Express lets
    any number of players into a city: Experienced Empire Builder Players Only!), the Mercy loan as its two
    bounds, and Empire Express's Demo Set Up per colour."""
    t = compare("europe-standard", "express", eb.ruleset("europe-standard", "mercy"))
    assert t.index.name == "rule"
    assert t.loc["start_train"].tolist() == ["9/2", "12/2", "9/2"]
    assert t.loc["city_max_players"].tolist() == ["medium 3, small 2", "-", "medium 3, small 2"]
    assert t.loc["upgrades"].tolist()[1] == "-"
    assert t.loc["removed_events"].tolist() == ["-", "-", "-"]
    assert t.loc["mercy_loan"].tolist() == ["-", "-", "5, 20"]
    assert t.loc["demo_players"].tolist()[0] == "-"
    assert t.loc["demo_players"].tolist()[1].startswith(
        "Orange: cards 1/2/3, Pittsburgh, Steel + Steel; Red: cards 4/5/6, Charleston, Coal + Coal; ")
