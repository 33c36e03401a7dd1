"""eb_core.narrate and eb_core.words, pinned by a mutation audit: the sentences a new player reads for each
action -- exact words, places and money -- where a changed condition or number in the narration (or in the
wording helpers: a value shown in a refusal, the names offered for a mistyped one) would go unnoticed by
tests/unit/test_narrate.py and test_words.py. (Helpers of tests/support.py set up the Europe positions.)"""
from __future__ import annotations

import pytest
from support import ann, event_card, ops_game, ready_to_deliver

import eb_core as eb
from eb_core import events, narrate
from eb_core.actions import (Borrow, Build, Deliver, Discard, DiscardHand, Drop, EndTurn, Move, PickUp, PlaceTrain,
                             Upgrade)
from eb_core.words import closest, shown


class Wave:
    """An object that is no action of the suite (a caller's own marker in a list of actions)."""


# ------------------------------------------------------------------------------------------- places
def test_scrub_leaves_a_number_that_is_no_milepost_of_the_board_as_written(board):
    """Only real mileposts become places: a number past the board's last milepost is left as the line wrote
    it, not replaced by some place (or a crash)."""
    n = len(board.mileposts)
    assert narrate.scrub(board, f"Ann asks for milepost {n}.") == f"Ann asks for milepost {n}."
    assert narrate.scrub(board, f"Ann asks for milepost {n + 7}.") == f"Ann asks for milepost {n + 7}."
    assert narrate.scrub(board, f"Ann asks for milepost {board.city('Paris').center}.") == "Ann asks for Paris."


# ------------------------------------------------------------------------------------------- builds
def test_a_build_along_the_players_own_track_pays_only_for_the_new_track(board):
    """Build Phase Rules: a player builds from their own network; the mileposts already laid cost nothing and
    are not told as bought. Ann's London-Birmingham line carried on to Liverpool is the 2M of clear mileposts
    and the 6M Liverpool-Dublin ferry (Building Ferry Ports), 8M -- not the 11M of building it all again."""
    g = eb.position("board: tutorial\nphase: build\nplayer Ann: cash 50, track London-Birmingham\nplayer Ben:\n")
    lb = board.meta["examples"]["london_birmingham"]["path"]
    on = eb.cheapest_build(board, g.rules, "Birmingham", "Liverpool").mileposts
    a = Build(path=list(lb) + list(on[1:]))
    said = "Ann builds London → Liverpool: 2 clear mileposts and the Liverpool–Dublin ferry (6M), 8M."
    assert narrate.describe(a, g) == said
    before = g.clone()
    g.apply(a)
    assert narrate.describe(a, before, after=g) == said and ann(before).cash - ann(g).cash == 8


def test_a_build_the_rules_cannot_price_is_still_told_by_its_ends(board):
    """A recorded build that no rule prices (here through London's red area, where no track is laid) is still
    one sentence naming where it goes, for 0M, instead of breaking the replay of the game."""
    g = eb.position("board: tutorial\nphase: build\nplayer Ann: cash 50\nplayer Ben:\n")
    lon = board.city("London")
    lb = board.meta["examples"]["london_birmingham"]["path"]
    text = narrate.describe(Build(path=[lon.center, *lb]), g)
    assert text.startswith("Ann builds London → Birmingham: ") and text.endswith(", 0M."), text


# -------------------------------------------------------------------------------------------- cards
def test_a_discard_of_a_card_the_deck_does_not_hold_says_a_card():
    g = eb.position("board: tutorial\nplayer Ann: cash 30, at London, cards 1 2 3\nplayer Ben:")
    assert narrate.describe(Discard(9999), g) == "Ann discards a card to keep three cards."


def test_a_discarded_event_card_is_named_by_its_title():
    g = eb.position("board: tutorial\nplayer Ann: cash 30, at London, cards 1 2 3\nplayer Ben:")
    fog = next(c for c in g.deck.event_cards if c.title == "Fog: Frankfurt")
    assert narrate.describe(Discard(fog.id), g) == "Ann discards the event card Fog: Frankfurt to keep three cards."


def test_discarding_the_whole_hand_is_told_as_giving_up_the_turn():
    """How to Play: "you may give up your entire Operations and Build phases and ... discard your entire hand
    and draw three new cards"."""
    g = eb.position("board: tutorial\nplayer Ann: cash 30, at London, cards 1 2 3\nplayer Ben:")
    assert narrate.describe(DiscardHand(), g) == \
        "Ann gives up the turn to discard the whole hand and draw new cards."


# -------------------------------------------------------------------------------------------- moves
def test_a_move_out_of_a_city_by_another_of_its_mileposts_does_not_pass_through_it(board):
    """Ann leaves London from its centre by another London milepost: London is where she starts, not a city
    passed on the way to Birmingham."""
    g = eb.position("board: tutorial\nplayer Ann: cash 50, at London, track London-Birmingham\nplayer Ben:\n")
    out = eb.cheapest_build(board, g.rules, "London", "Birmingham").mileposts
    assert ann(g).position == board.city("London").center and board.city_at(out[0]).name == "London"
    assert narrate.describe(Move(out), g) == "Ann moves London → Birmingham, 4 mileposts."


def test_a_move_on_the_players_own_track_says_the_points_used_and_no_payment(board):
    g = eb.position("board: tutorial\nplayer Ann: cash 30, at London, track London-Birmingham\nplayer Ben:\n")
    m = Move(eb.cheapest_build(board, g.rules, "London", "Birmingham").mileposts)
    before = g.clone()
    g.apply(m)
    assert narrate.describe(m, before, after=g) == \
        "Ann moves London → Birmingham, 4 mileposts (4 of 9 movement points used this turn)."


def test_pay_to_move_on_the_players_own_track_is_told_as_the_1m_fare(board):
    """Challenging Variants > Pay To Move: "You must pay 1 million per turn to the bank to move on your own
    track" -- a fare, not rent."""
    g = eb.position("board: tutorial\nruleset: europe-standard pay-to-move\n"
                    "player Ann: cash 30, at London, track London-Birmingham\nplayer Ben:\n")
    m = Move(eb.cheapest_build(board, g.rules, "London", "Birmingham").mileposts)
    before = g.clone()
    g.apply(m)
    assert narrate.describe(m, before, after=g) == ("Ann moves London → Birmingham, 4 mileposts, paying the 1M fare "
                                                    "to the bank (Pay To Move) (4 of 9 movement points used this turn).")


def test_pay_to_move_on_own_track_and_anothers_says_the_fare_and_the_rent_apart(board):
    """Pay To Move: "1 million per turn to the bank to move on your own track, and/or 4 million to move on
    another player's network". Ann rides her own Birmingham-London line, crosses London and takes Ben's line to
    Folkestone: she pays the bank 1M and 4M, told as the fare and the rent -- not as "5M rent"."""
    rules = eb.ruleset("europe-standard", "pay-to-move")
    home = eb.cheapest_build(board, rules, "Birmingham", "London").mileposts
    bens = eb.cheapest_build(board, rules, "London", "Folkestone").mileposts
    lon = board.city("London")
    assert lon.center in board.neighbors(home[-1]) and bens[0] in board.neighbors(lon.center)
    g = eb.position("board: tutorial\nruleset: europe-standard pay-to-move\n"
                    "player Ann: cash 30, at Birmingham, track London-Birmingham\n"
                    "player Ben: cash 10, track London-Folkestone\n")
    m = Move([*home[1:], lon.center, *bens])
    before = g.clone()
    g.apply(m)
    assert ann(before).cash - ann(g).cash == 5
    assert narrate.describe(m, before, after=g) == (
        "Ann moves Birmingham → Folkestone, 7 mileposts through London, paying the 1M fare and 4M rent to the bank "
        "(Pay To Move) (7 of 9 movement points used this turn).")


# --------------------------------------------------------------------------------------- loads, money
def test_a_delivery_before_it_is_made_says_the_cards_payoff():
    g = eb.position("board: tutorial\nplayer Ann: cash 3, at Belfast, loads Iron, cards 1\nplayer Ben:")
    assert narrate.describe(Deliver("Iron", 1), g) == "Ann delivers Iron to Belfast for 9M."
    before = g.clone()
    g.apply(Deliver("Iron", 1))
    assert narrate.describe(Deliver("Iron", 1), before, after=g) == "Ann delivers Iron to Belfast for 9M (cash 12M)."


def test_a_mercy_loan_of_1m_is_told_as_repaid():
    """Mercy: "at least half of the payoff amount must be directed to the loan balance until the loan is paid in
    full" -- the last 1M owed is paid, and said."""
    g = eb.position("board: tutorial\nruleset: europe-standard mercy\n"
                    "player Ann: cash 3, at Belfast, loads Iron, cards 1, loan 1\nplayer Ben:")
    before = g.clone()
    g.apply(Deliver("Iron", 1))
    assert narrate.describe(Deliver("Iron", 1), before, after=g) == \
        "Ann delivers Iron to Belfast for 9M (1M of it to the Mercy loan; cash 11M)."


def test_a_delivery_to_ireland_while_its_economy_booms_says_the_bonus():
    """Irish Economy Booming: "All deliveries to Belfast, Dublin, or Cork receive an extra 4 million" -- the 9M
    card pays 13M, before the delivery is made as after."""
    g = eb.position("board: tutorial\nplayer Ann: cash 3, at Belfast, loads Iron, cards 1\nplayer Ben:")
    events.play_event(g, "Irish Economy Booming")
    before = g.clone()
    assert narrate.describe(Deliver("Iron", 1), before) == "Ann delivers Iron to Belfast for 13M."
    g.apply(Deliver("Iron", 1))
    assert narrate.describe(Deliver("Iron", 1), before, after=g) == "Ann delivers Iron to Belfast for 13M (cash 16M)."


def test_a_delivery_that_draws_the_tax_says_the_cards_payoff_and_the_tax_apart():
    """Delivering Loads: the payoff is the card's; the card drawn after it is the Excess Profits Tax (Event Card
    Effects), which takes 10M of Ann's 77M. The step says "for 17M" and the tax among its events -- not "for
    7M", the cash the whole step gained."""
    g = ops_game()
    card, dem = ready_to_deliver(g, "Paris")
    assert (dem.load, dem.payout) == ("Sheep", 17)
    ann(g).cash = 60
    tax = event_card("Excess Profits Tax").id
    for pile in (g.state.draw_pile, g.state.discard_pile):
        if tax in pile:
            pile.remove(tax)
    g.state.draw_pile.append(tax)
    start = g.clone()
    g.apply(Deliver("Sheep", card.id))
    (step,) = narrate.replay(g.to_json(), start=start)
    assert step.text == "Ann delivers Sheep to Paris for 17M (cash 67M)."
    assert "Excess Profits Tax: Ann pays 10M (cash now 67M)." in step.events
    assert str(step) == " ".join([step.text, *step.events])
    assert (step.cash_before, step.cash_after) == (60, 67)


def test_a_drop_in_a_city_under_field_warehousing_stays_there():
    """Field Warehousing: "Loads dropped off in a city without a payoff remain at that city. Any player may pick
    up that load"."""
    start = eb.position("board: tutorial\nruleset: europe-standard field-warehousing\n"
                        "player Ann: cash 30, at London, loads Wine, cards 1 2 3\nplayer Ben:")
    g = start.clone()
    g.apply(Drop("Wine"))
    (step,) = narrate.replay(g.to_json(), start=start)
    assert step.text == "Ann drops Wine in London; it stays there for any player to pick up (Field Warehousing)."
    assert step.events == [] and step.train_path == () and step.outside is False


# ---------------------------------------------------------------------------------------- two trains
def test_under_run_two_trains_train_1_is_told_where_train_1_is():
    """Run Two Trains: each train picks up where it stands -- train 1 in London, train 2 in Birmingham."""
    g = eb.position("board: tutorial\nruleset: europe-standard run-two-trains\n"
                    "player Ann: cash 30, at London, at2 Birmingham\nplayer Ben:")
    assert narrate.describe(PickUp("Tourists"), g) == "Ann picks up Tourists in London onto train 1."
    assert narrate.describe(PickUp("China", train=2), g) == "Ann picks up China in Birmingham onto train 2."


# ------------------------------------------------------------------------------------ upgrades, mercy
def test_an_upgrade_under_cross_grading_is_still_an_upgrade(board):
    """Upgrading your Train: 9/2 to 12/2 for 20M, also where Cross Grading (5M between 12/2 and 9/3) is
    played."""
    g = eb.position("board: tutorial\nruleset: europe-standard cross-grading\nphase: build\n"
                    "player Ann: cash 30\nplayer Ben:")
    before = g.clone()
    g.apply(Upgrade("12/2"))
    for after in (None, g):
        assert narrate.describe(Upgrade("12/2"), before, after=after) == \
            "Ann upgrades the train from 9/2 to 12/2 for 20M."


def test_borrowing_is_told_as_invoking_mercy():
    """Mercy: "You may borrow a minimum of 5 million, up to a maximum of 20 million from the bank"."""
    g = eb.position("board: tutorial\nruleset: europe-standard mercy\nplayer Ann: cash 3, at London\nplayer Ben:")
    assert narrate.describe(Borrow(10), g) == "Ann invokes Mercy and borrows 10M from the bank."


def test_what_is_no_action_is_told_by_its_kind(board):
    g = eb.position("board: tutorial\nplayer Ann: cash 3, at London\nplayer Ben:")
    assert narrate.describe(Wave(), g) == "Ann: Wave."
    assert narrate.say([EndTurn(), Wave()], board) == "end the turn, then Wave"


# ------------------------------------------------------------------------------------------------ say
@pytest.mark.parametrize("action, said", [
    (PickUp("Wine", train=2), "pick up Wine (train 2)"),
    (Upgrade("12/2"), "upgrade to 12/2"),
    (Upgrade("12/2", train=2), "upgrade (train 2) to 12/2"),
    (PlaceTrain("Paris"), "place the train in Paris"),
    (PlaceTrain("Paris", train=2), "place the train (train 2) in Paris"),
    (Borrow(10), "borrow 10M"),
])
def test_say_names_each_action_in_a_few_words(board, action, said):
    assert narrate.say(action, board) == said


def test_say_names_a_train_placed_on_a_milepost_by_its_city(board):
    assert narrate.say(PlaceTrain(board.city("Paris").center), board) == "place the train in Paris"


# ------------------------------------------------------------------------------------- eb_core.words
class Shown:
    """A value of a caller's own kind whose repr is ``text``."""

    def __init__(self, text: str, name: str | None = None):
        self.text, self.name = text, name

    def __repr__(self) -> str:
        return self.text


def test_a_refusal_shows_a_value_of_up_to_60_characters_whole_and_cuts_a_longer_one_to_60():
    """A refusal quotes the wrong value as Python writes it, up to 60 characters; a longer string is cut to its
    first 57 and "...", a longer list is said as "a list of <n>", another value by its kind (and name)."""
    s60, s61 = "x" * 58, "x" * 59                            # reprs of 60 and 61 characters (the quotes)
    assert shown(s60) == repr(s60)
    assert shown(s61) == "'" + "x" * 56 + "..." and len(shown(s61)) == 60
    l60, l61 = [1] * 20, [10] + [1] * 19                       # "[1, 1, ...]": 60 and 61 characters
    assert (len(repr(l60)), len(repr(l61))) == (60, 61)
    assert shown(l60) == repr(l60) and shown(l61) == "a list of 20"
    assert shown(Shown("y" * 60)) == "y" * 60
    assert shown(Shown("y" * 61)) == "a Shown" and shown(Shown("y" * 61, name="Ann")) == "a Shown ('Ann')"
    assert shown(Shown("<Shown at 0x1>")) == "a Shown"


def test_the_names_offered_for_a_mistyped_one_are_at_most_two_and_none_for_no_string():
    """closest(): "The one or two of names nearest to given ... none when nothing is near or given is no
    string" -- a refusal offers "did you mean fast-game or faster-game?", never three names or None."""
    assert closest(["game", "fast-game", "faster-game"], "fats-game") == ["game", "fast-game"]
    assert closest(["europe", "us"], 5) == [] and closest(["europe", "us"], None) == []


def test_ipython_shows_a_value_that_reads_as_words_by_its_words(board, rules):
    """In a notebook a cheapest build prints as its sentence, not its fields (pretty_as_words)."""
    from IPython.lib.pretty import pretty
    route = eb.cheapest_build(board, rules, "London", "Birmingham")
    assert pretty(route) == str(route) and "<BuildPlan" not in pretty(route)
