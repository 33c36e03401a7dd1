"""Positions for two variants whose state lies beside the board (rulebook: Variants & Optional Rules >
Challenging Variants): the Open Contracts face up and the loads left in cities under Field Warehousing.
An instructor writes them as header lines, reads them back from a game, and a mistake names the field."""
from __future__ import annotations

import pytest

import eb_core as eb
from eb_core.positions import PositionError, position, position_from_dict, position_to_dict, position_to_text

BOTH = """
board: tutorial
ruleset: europe-basic open-contracts field-warehousing
contracts: 3 7
warehouses: Birmingham Chocolate; Lyon Wheat Wheat
player Ann: cash 50, at London, track London-Birmingham, cards 2 4 5
player Ben: cash 50, at Paris
"""


def test_open_contracts_and_warehouses_are_set_up_from_their_header_lines():
    g = position(BOTH)
    st = g.state
    assert st.open_contracts == [3, 7]
    # face up, so neither in a hand nor in the draw or discard pile
    assert not {3, 7} & ({c for p in st.players for c in p.hand} | set(st.draw_pile) | set(st.discard_pile))
    assert st.warehouses == {"Birmingham": {"Chocolate": 1}, "Lyon": {"Wheat": 2}}
    fresh = eb.Game.new(g.rules, board="tutorial", players=["X"], seed=0).state.bank
    assert (st.bank["Wheat"], st.bank["Chocolate"]) == (fresh["Wheat"] - 2, fresh["Chocolate"] - 1)
    # and the rules act on them: Ann may pick up the Chocolate at Birmingham and deliver it on contract 3
    assert eb.attempt(g, "move London-Birmingham").accepted
    g.apply(eb.PickUp("Chocolate"))
    assert st.warehouses.get("Birmingham", {}).get("Chocolate", 0) == 0
    g.apply(eb.Deliver("Chocolate", 3))
    assert 3 not in st.open_contracts and st.players[0].cash == 71


def test_contracts_and_warehouses_round_trip_through_text_and_json():
    g = position(BOTH)
    text = position_to_text(g)
    assert "contracts: 3 7" in text and "warehouses: Birmingham Chocolate; Lyon Wheat Wheat" in text
    for again in (position(text), position_from_dict(position_to_dict(g))):
        assert again.state.open_contracts == [3, 7]
        assert again.state.warehouses == g.state.warehouses and again.state.bank == g.state.bank
    # JSON may give the warehouses as an object of city: loads
    d = position_to_dict(g)
    assert d["warehouses"] == {"Birmingham": ["Chocolate"], "Lyon": ["Wheat", "Wheat"]}


def test_a_city_of_two_words_holds_a_warehouse():
    g = position("board: north_america\nruleset: us field-warehousing\nwarehouses: New York Coal Coal\n"
                 "player Ann: cash 40\n")
    assert g.state.warehouses == {"New York": {"Coal": 2}}


@pytest.mark.parametrize("text,field,words", [
    ("ruleset: europe-basic\ncontracts: 3", "contracts", "only under Open Contracts"),
    ("ruleset: europe-basic open-contracts\ncontracts: 3 6 7 8 9", "contracts", "at most 4 open contracts"),
    ("ruleset: europe-basic open-contracts\ncontracts: 2", "contracts", "in Ann's hand"),
    ("ruleset: europe-basic open-contracts\ncontracts: 3 3", "contracts", "given twice"),
    ("ruleset: europe-basic open-contracts\ncontracts: 9999", "contracts", "no card 9999"),
    ("ruleset: europe-basic open-contracts\ncontracts: three", "contracts", "whole number"),
    ("ruleset: europe-basic\nwarehouses: Lyon Wheat", "warehouses", "only under Field Warehousing"),
    ("ruleset: europe-basic field-warehousing\nwarehouses: Atlantis Wheat", "warehouses", "no city 'Atlantis'"),
    ("ruleset: europe-basic field-warehousing\nwarehouses: Lyonn Wheat", "warehouses", "did you mean Lyon?"),
    ("ruleset: europe-basic field-warehousing\nwarehouses: Lyon", "warehouses", "no loads given for Lyon"),
    ("ruleset: europe-basic field-warehousing\nwarehouses: Lyon Gold", "warehouses", "no load"),
    ("ruleset: europe-basic field-warehousing\nwarehouses: Lyon Wheat Wheat Wheat Wheat", "warehouses",
     "no Wheat chip is left"),
])
def test_a_mistake_names_the_line_and_the_field_and_the_variant(text, field, words):
    with pytest.raises(PositionError) as info:
        position(f"board: tutorial\n{text}\nplayer Ann: cash 50, cards 2 4 5\n")
    err = info.value
    assert err.field == field and words in str(err) and "line 3" in err.where
    if "only under" in words:       # the rulebook section, and the line that puts the variant in play
        assert "Challenging Variants" in str(err) and "'ruleset: europe-basic " in str(err)


def test_an_event_card_is_no_open_contract():
    g = eb.Game.new(eb.ruleset("europe-basic", "open-contracts"), board="tutorial", players=["Ann"], seed=0)
    event = g.deck.event_cards[0].id
    with pytest.raises(PositionError, match="event card"):
        position_from_dict({"board": "tutorial", "ruleset": "europe-basic", "variants": ["open-contracts"],
                            "contracts": [event], "players": [{"name": "Ann"}]})



@pytest.mark.parametrize("where", ["cards", "contracts"])
def test_true_is_no_card_id(where):
    """JSON's ``true`` is no demand card, though Python counts it as 1: a hand or a contract of it is refused."""
    desc = {"board": "tutorial", "ruleset": "europe-basic", "variants": ["open-contracts"],
            "players": [{"name": "Ann", "cards": [2, 4, 5]}]}
    if where == "cards":
        desc["players"][0]["cards"] = [True, 4, 5]
    else:
        desc["contracts"] = [True]
    with pytest.raises(PositionError, match="no card True") as info:
        position_from_dict(desc)
    assert info.value.field == where


def test_contracts_are_kept_out_of_the_hands_the_shuffle_deals():
    """A contract is never dealt into a hand the position leaves to the shuffle: seed 0 deals Ann 189, 190 and
    191 on the Europe board, and a contract of 189 takes it off her hand, which is dealt again."""
    plain = position("board: europe\nruleset: europe-basic open-contracts\nplayer Ann: cash 50\n")
    first = plain.state.players[0].hand[0]
    g = position(f"board: europe\nruleset: europe-basic open-contracts\ncontracts: {first}\nplayer Ann: cash 50\n")
    assert g.state.open_contracts == [first] and first not in g.state.players[0].hand
    assert len(g.state.players[0].hand) == len(plain.state.players[0].hand)
    # a contract the position puts in a hand it gives is still refused
    with pytest.raises(PositionError, match="is in Ann's hand"):
        position(f"board: europe\nruleset: europe-basic open-contracts\ncontracts: {first}\n"
                 f"player Ann: cash 50, cards {first}\n")


def test_a_whole_number_written_as_a_decimal_is_no_card_id():
    for desc in ({"players": [{"name": "Ann", "cards": [2.0, 4, 5]}]},
                 {"variants": ["open-contracts"], "contracts": [3.0], "players": [{"name": "Ann"}]}):
        with pytest.raises(PositionError, match="no card 3.0|no card 2.0"):
            position_from_dict({"board": "tutorial", "ruleset": "europe-basic", **desc})
    deck = eb.load_deck("tutorial")
    assert 1 in deck and True not in deck and 1.0 not in deck


def test_the_variant_to_add_keeps_the_variants_already_on_the_ruleset_line():
    with pytest.raises(PositionError) as info:
        position("board: tutorial\nruleset: europe-basic open-contracts\nwarehouses: Lyon Wheat\nplayer Ann: cash 50\n")
    assert "'ruleset: europe-basic open-contracts field-warehousing'" in str(info.value)
    with pytest.raises(PositionError) as info:
        position("board: tutorial\nruleset: europe-basic fast-game\nplayer Ann: cash 50, loan 10\n")
    assert "'ruleset: europe-basic fast-game mercy'" in str(info.value)
