"""Demand cards, the deck, dealing, discards, drawing and turn passing, pinned where a mutation audit of
``eb_core/cards.py`` and ``eb_core/engine/cards_and_turns.py`` found the rest of the suite silent -- each on
the Europe deck and board, set up with the helpers of ``tests/support.py``.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import DECK, EUROPE, card, event_card, game_with, place

import eb_core as eb
from eb_core.actions import EndTurn
from eb_core.cards import Deck, Demand, DemandCard, EventCard, load_deck

DECKS = Path(__file__).resolve().parents[2] / "data" / "decks"


# ------------------------------------------------------------------------------------ Components > Cards
def test_the_europe_deck_holds_the_printed_157_demand_22_event_and_18_starter_cards():
    """Components: "157 Demand Cards, 22 Event Cards, 18 Starter Cards" -- counted, listed and shown."""
    assert len(DECK) == 157 + 22 + 18
    every = list(DECK)
    assert len(every) == 197 and len({c.id for c in every}) == 197
    assert {c.id for c in every} == set(DECK.draw_pile()) | {c.id for c in DECK.starter_cards}
    assert repr(DECK) == "<Deck 'europe': 157 demand cards, 22 event cards, 18 starter cards>"


def test_only_the_s_cards_are_starter_cards():
    """Setting Up the Game: the Basic Game's Starter Cards are S1-S3, S4-S6, ... -- kept out of the draw deck."""
    assert [c.label for c in DECK.starter_cards if c.is_starter] == [f"S{i}" for i in range(1, 19)]
    assert not any(c.is_starter for c in DECK.demand_cards)


def test_an_event_card_reads_as_its_title_and_duration():
    """Components > Cards: event cards are "marked as Immediate Effect, One Round Effect, Lasting or Permanent"
    -- "Irish Economy Booming" (Permanent)."""
    irish = event_card("Irish Economy Booming")
    assert str(irish) == f"event {irish.label}: Irish Economy Booming (permanent)"


def test_a_demand_card_is_printed_once_changing_the_list_it_was_made_from_changes_nothing():
    """Components > Cards: a Demand card shows three deliveries -- once made, Wine to Paris for 12M stays on it
    whatever happens to the list the card was made from, and the card is the same as one made from a tuple."""
    demands = [Demand("Paris", "Wine", 12), Demand("Berlin", "Cheese", 14), Demand("Madrid", "Beer", 30)]
    made = DemandCard(7, "7", demands)
    demands[0] = Demand("Paris", "Wine", 99)
    assert made.demand("Paris", "Wine") == Demand("Paris", "Wine", 12)
    assert made == card(7, ("Paris", "Wine", 12), ("Berlin", "Cheese", 14), ("Madrid", "Beer", 30))
    assert len({made, card(7, ("Paris", "Wine", 12), ("Berlin", "Cheese", 14), ("Madrid", "Beer", 30))}) == 1


def test_true_is_no_card_of_the_deck():
    """Components > Cards: cards are numbered; ``True`` (which Python counts as 1) names none of them."""
    assert DECK.card(1).label == "1"
    assert True not in DECK
    with pytest.raises(eb.UnknownName, match="no card True"):
        DECK.card(True)


def test_a_deck_made_in_memory_with_one_id_twice_is_refused():
    """Components > Cards: every card of the deck is a card of its own -- a demand card 1 and an event card 1
    cannot both be in it."""
    paris = card(1, ("Paris", "Wine", 12), ("Berlin", "Cheese", 14), ("Madrid", "Beer", 30))
    flood = EventCard(1, "E1", "flood", "Flood: Ebro", "one-round", {"river": "Ebro"})
    with pytest.raises(eb.DeckFileError, match="card id 1 is used twice") as ei:
        Deck(name="mini", demand_cards=[paris], event_cards=[flood])
    assert ei.value.field == "id"


# ----------------------------------------------------------------------------- the deck file, written back
@pytest.mark.parametrize("name", ["europe", "north_america", "eastern_us", "tutorial"])
def test_a_bundled_deck_written_back_is_its_file(name):
    """Components > Cards: the deck written back holds the board, notes, every card, the starter sets and how
    it was generated, exactly as its file does -- lists as JSON lists."""
    doc = json.loads((DECKS / f"{name}.json").read_text(encoding="utf-8"))
    assert load_deck(name).to_dict() == doc


def test_the_excess_profits_tax_and_irish_boom_are_written_back_as_lists():
    """Event Card Effects: the Excess Profits Tax's brackets (10M from 50M of cash ... 25M from 200M) and the
    three Irish cities of Irish Economy Booming come back out of the Europe deck as JSON lists."""
    doc = DECK.to_dict()
    events = {e["title"]: e["params"] for e in doc["event_cards"]}
    assert events["Excess Profits Tax"]["brackets"] == [[50, 10], [100, 15], [150, 20], [200, 25]]
    assert events["Irish Economy Booming"]["cities"] == ["Belfast", "Dublin", "Cork"]
    assert json.loads(json.dumps(doc)) == doc


def test_a_deck_without_board_notes_or_meta_writes_none_of_them_and_is_titled_by_its_name():
    """Components > Cards: a two-card deck made in memory (Wine to Paris for 12M ...) is written with its name as
    its title and without the board, notes or generator it does not have."""
    deck = Deck(name="mini", demand_cards=[card(1, ("Paris", "Wine", 12), ("Berlin", "Cheese", 14),
                                                 ("Madrid", "Beer", 30))])
    assert deck.title == "mini"
    assert set(deck.to_dict()) == {"schema", "name", "title", "demand_cards", "event_cards", "starter_sets"}
    assert Deck.from_dict(deck.to_dict()).demand_cards == deck.demand_cards


def test_a_deck_keeps_the_title_its_file_gives_it():
    """Components > Cards: the Europe deck is titled as its file says, not by its short name."""
    assert DECK.title == "Empire Builder: Europe (generated deck)" and DECK.name == "europe"


# ------------------------------------------------------------------------- a deck checked against a board
def _europe_doc() -> dict:
    return DECK.to_dict()


def test_a_starter_card_for_a_city_off_the_board_is_a_problem():
    """Setting Up the Game (Basic Game): the Starter Cards are demand cards of the board too -- a starter demand
    for Atlantis is named by its field."""
    doc = _europe_doc()
    doc["starter_sets"][0][1]["demands"][0]["city"] = "Atlantis"
    probs = Deck.from_dict(doc).problems(EUROPE)
    assert [f for f, _ in probs] == ["starter_sets[0][1].demands[0].city"], probs
    assert "Atlantis" in probs[0][1]


def test_irish_economy_booming_for_a_city_off_the_board_is_a_problem():
    """Components > Cards: "Irish Economy Booming" names Belfast, Dublin and Cork -- a card naming Atlantis
    instead of Dublin is a problem of the deck, named by its field."""
    doc = _europe_doc()
    i = next(i for i, e in enumerate(doc["event_cards"]) if e["title"] == "Irish Economy Booming")
    doc["event_cards"][i]["params"]["cities"] = ["Belfast", "Atlantis", "Cork"]
    probs = Deck.from_dict(doc).problems(EUROPE)
    assert [f for f, _ in probs] == [f"event_cards[{i}].params.cities[1]"], probs


def test_one_problem_is_reported_alone_and_two_as_the_first_and_one_more():
    """Components > Cards: checking a deck against the Europe board names the first problem, and says how many
    more there are only when there are more."""
    doc = _europe_doc()
    doc["demand_cards"][0]["demands"][0]["city"] = "Atlantis"
    with pytest.raises(eb.DeckFileError) as ei:
        Deck.from_dict(doc, "atlantis.json").validate_against(EUROPE)
    assert ei.value.field == "demand_cards[0].demands[0].city"
    assert "more problem" not in str(ei.value)

    i = next(i for i, e in enumerate(doc["event_cards"]) if e["title"] == "Irish Economy Booming")
    doc["event_cards"][i]["params"]["cities"] = ["Belfast", "Dublin", "Lyonesse"]
    with pytest.raises(eb.DeckFileError) as ei:
        Deck.from_dict(doc, "atlantis.json").validate_against(EUROPE)
    assert ei.value.field == "demand_cards[0].demands[0].city"
    assert "Atlantis" in ei.value.problem and ei.value.problem.endswith("(and 1 more problem)")
    doc["demand_cards"][1]["demands"][0]["city"] = "Camelot"
    with pytest.raises(eb.DeckFileError) as ei:
        Deck.from_dict(doc, "atlantis.json").validate_against(EUROPE)
    assert ei.value.problem.endswith("(and 2 more problems)")


# ------------------------------------------------------- Variants & Optional Rules > Open Contracts (dealt)
@pytest.mark.parametrize("seed", [5, 6])
def test_events_met_while_dealing_open_contracts_are_shuffled_back_not_left_on_top(seed):
    """Variants & Optional Rules > Challenging Variants > Open Contracts: "at the start of the game deal 4 face up
    demand cards as open contracts" -- like the deal of the hands (Setting Up the Game: "those event cards are
    shuffled back into the draw deck"), the events met on the way (Heavy Snow: Oslo, the Iberian Rail Strike,
    ...) go back into the deck shuffled, not onto its top for the next player to draw."""
    dealt4 = eb.ruleset("europe-standard", "open-contracts").with_(open_contracts_dealt=4)
    plain = eb.Game.new(eb.ruleset("europe-standard", "open-contracts"), board=EUROPE, deck=DECK,
                        players=["Ann", "Ben"], seed=seed)
    pile, aside, contracts = list(plain.state.draw_pile), [], []
    while len(contracts) < 4:
        cid = pile.pop()
        (aside if DECK.is_event(cid) else contracts).append(cid)
    assert {DECK.card(c).title for c in aside} >= {"Heavy Snow: Oslo"}
    g = eb.Game.new(dealt4, board=EUROPE, deck=DECK, players=["Ann", "Ben"], seed=seed)
    st = g.state
    assert st.open_contracts == contracts
    assert sorted(st.draw_pile) == sorted(pile + aside)
    assert st.draw_pile[-len(aside):] != aside, "the events met are waiting on top of the draw pile"


# ------------------------------------------------------------------ Event Card Effects > Losing Turns
def test_a_lost_turn_draws_no_card_even_when_the_hand_is_short():
    """Event Card Effects > Losing Turns: "you may not ... discard and draw new demand cards during a lost turn"
    -- under Less Thinking During Your Turns (the hand is refilled as the last action of a turn), Ben, two
    cards in hand after the deck ran dry, loses his turn and still holds two cards when Ann plays again."""
    g = game_with("less-thinking")
    st = g.state
    ben = st.players[1]
    place(g, 0, EUROPE.city("Dublin").center)
    st.discard_pile.append(ben.hand.pop())
    ben.lost_turns = 1
    two = list(ben.hand)
    g.apply(EndTurn())
    assert "Ben loses this turn." in st.log
    assert g.current_player == 0 and ben.hand == two and st.draw_pile
