"""Empire Express's Demo Set Up (``eb_core/engine/express.py``), pinned where a mutation audit found the rest of
the suite silent (rulebook: Empire Express > Demo Set Up).
"""
import pytest

import eb_core as eb

DECK = eb.load_deck("eastern_us")


def deck_without(label: str) -> eb.Deck:
    """The Empire Express deck with the demand card ``label`` taken out."""
    return eb.Deck(name="eastern_us", board="eastern_us", event_cards=DECK.event_cards,
                   demand_cards=[c for c in DECK.demand_cards if c.label != label])


def test_a_deck_without_a_colours_demand_card_cannot_deal_that_colour_in():
    """Empire Express > Demo Set Up: "pull out the cards listed on the board for your color (the sequence number
    is in the lower right corner)" -- Orange's cards are 1, 2 and 3: with card 2 missing from the deck Orange
    cannot be dealt in (the refusal names the deck, the card and the colour), while Red and Blue, whose cards
    are all there, are dealt theirs and the rest of the deck is the draw deck."""
    short = deck_without("2")
    with pytest.raises(eb.InvalidAction) as err:
        eb.Game.new("express", deck=short, players=["Red", "Orange"], seed=1)
    assert err.value.field == "deck"
    assert "'2'" in str(err.value) and "Orange" in str(err.value)
    g = eb.Game.new("express", deck=short, players=["Red", "Blue"], seed=1)
    assert [[g.deck.card(c).label for c in p.hand] for p in g.state.players] == [["4", "5", "6"], ["7", "8", "9"]]
    assert len(g.state.draw_pile) == len(short.demand_cards) - 6
