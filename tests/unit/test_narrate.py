"""eb_core.narrate: every action said in plain words that name places and money (never milepost ids or
tuples), and a recorded game replayed step by step from its JSON log."""
from __future__ import annotations

import random
import re

import pytest

import eb_core as eb
from support import tutorial_opening
from eb_core import narrate
from eb_core.actions import (Build, Deliver, Discard, EndBuild, EndOperations, EndTurn, Move, PickUp, PlaceTrain,
                             Upgrade)

DIGITS_IN_PARENS = re.compile(r"\(\d+\)|\(\d+, \d+")
MILEPOST_ID = re.compile(r"milepost \d")


def plain(text: str) -> bool:
    """No milepost numbers, no tuples."""
    return not DIGITS_IN_PARENS.search(text) and not MILEPOST_ID.search(text)


@pytest.fixture()
def game(board, rules):
    return eb.Game.new(rules, board=board, players=["Ann", "Ben"], seed=7)


def test_place_names_cities_ports_and_nearby_cities(board):
    paris = board.city("Paris")
    assert all(narrate.place(board, m) == "Paris" for m in paris.mileposts)
    folkestone = board.crossing("Chunnel").ports[0]
    assert narrate.place(board, folkestone) == "Folkestone"
    bare = next(m.id for m in board.mileposts if m.city is None and not board.is_port(m.id) and not m.underground)
    text = narrate.place(board, bare)
    assert text.startswith(f"a {board.mileposts[bare].terrain.value} milepost near ")
    assert board.has_city(text.split(" near ")[1]) and plain(text)


def test_build_sentence_names_the_ends_what_is_paid_for_and_the_money(board, game):
    ex = board.meta["examples"]["london_birmingham"]          # Ed's 5M build (Building Ferry Ports example)
    who = game.player().name
    text = narrate.describe(Build(path=ex["path"]), game)
    assert text.startswith(f"{who} builds London → Birmingham: ")
    assert "clear milepost" in text and "city Birmingham" in text and text.endswith(", 5M.")
    assert plain(text), text


def test_build_over_a_ferry_and_a_bridge_says_so(board, rules):
    g = eb.Game.new(rules, board=board, players=["Ann", "Ben"], seed=7)
    ex = board.meta["examples"]["liverpool_dublin"]
    text = narrate.describe(Build(path=ex["path"]), g)
    assert "ferry" in text.lower() or "Liverpool" in text, text
    assert f"{ex['cost']}M." in text and plain(text), text
    ex = board.meta["examples"]["antwerp"]                        # Example 1: a river bridge
    text = narrate.describe(Build(path=ex["path"]), g)
    assert "bridge" in text and "Schelde" in text and "6M" in text, text


def test_describe_every_kind_of_action_in_words(board, game):
    who = game.player().name
    assert narrate.describe(Upgrade("12/2"), game) == f"{who} upgrades the train from 9/2 to 12/2 for 20M."
    assert narrate.describe(PlaceTrain("Paris"), game) == f"{who} places the train in Paris."
    assert narrate.describe(EndTurn(), game) == f"{who} ends the turn."
    assert "turns to building" in narrate.describe(EndOperations(), game)
    assert narrate.describe(EndBuild(), game) == f"{who} ends the building phase and turns to moving."
    game.state.players[game.current_player].position = board.city("London").center
    path = eb.cheapest_build(board, game.rules, "London", "Birmingham").mileposts[1:]
    text = narrate.describe(Move(path), game)
    assert text.startswith(f"{who} moves London → Birmingham, {len(path)} mileposts") and plain(text), text
    assert narrate.describe(PickUp("Beer"), game) == f"{who} picks up Beer in London."
    text = narrate.describe(Deliver("Beer", 0), game)
    assert text.startswith(f"{who} delivers Beer to London") and plain(text)


def test_scrub_replaces_milepost_numbers_in_engine_lines(board):
    paris = board.city("Paris").center
    line = f"Ann moves 3 mileposts from Paris (milepost {paris}) to milepost 0 (2/9 used)."
    out = narrate.scrub(board, line)
    assert "Paris" in out and "milepost 0" not in out and f"milepost {paris}" not in out
    assert "milepost near" in out


def _played(board, rules):
    """Ann and Ben's opening on the tutorial board (notebook 03's game), then a first operations turn."""
    g = tutorial_opening(board, rules)
    g.apply(PlaceTrain("London"))
    return g


def test_replay_of_a_recorded_game_gives_one_step_per_action(board, rules):
    g = _played(board, rules)
    steps = narrate.replay(g.to_json())
    assert [s.action for s in steps] == g.history
    assert steps[-1].state.to_dict() == g.state.to_dict(), "the replay ends where the game ended"
    first = steps[0]
    assert first.player == g.state.players[first.seat].name and first.round == 0
    assert first.cash_before - first.cash_after == 5 and len(first.new_track) == 3
    assert "London → Birmingham" in first.text and "5M" in first.text
    place = steps[-1]
    assert isinstance(place.action, PlaceTrain) and len(place.train_path) == 1
    assert isinstance(steps[-2].action, Discard) and "discards the card " in steps[-2].text
    for s in steps:
        assert plain(s.text) and all(plain(e) for e in s.events), (s.text, s.events)
    # the same from the dict and from the game object
    assert [s.text for s in narrate.replay(g)] == [s.text for s in steps]
    assert [s.text for s in narrate.replay(g.to_dict())] == [s.text for s in steps]


def test_replay_from_a_position_needs_its_start():
    start = eb.position("board: tutorial\nphase: build\nplayer Ann: cash 50\nplayer Ben: cash 50\n")
    g = start.clone()
    g.apply(Build(path=g.board.meta["examples"]["london_birmingham"]["path"]))
    with pytest.raises(ValueError, match="start="):
        narrate.replay(g.to_json())
    steps = narrate.replay(g.to_json(), start=start)
    assert len(steps) == 1 and "London → Birmingham" in steps[0].text


def played_until_an_event(board_name: str = "tutorial", seed: int = 2):
    """Two planner bots play until the first event card is drawn (seeded: the same game every run)."""
    from eb_core.bots.planner import PlannerBot

    g = eb.Game.new("europe-standard", board=board_name, players=["Ann", "Ben"], seed=seed)
    bots = [PlannerBot(0, random.Random(1)), PlannerBot(1, random.Random(2))]
    for _ in range(300):
        if g.over or any(ln.startswith("Event '") for ln in g.state.log):
            break
        bots[g.current_player].step(g)
    return g


def test_replay_reports_events_as_they_strike():
    """A planner game with events: the step that drew an event says so in words, with no milepost ids."""
    g = played_until_an_event()
    steps = narrate.replay(g.to_json())
    assert len(steps) == len(g.history)
    news = [e for s in steps for e in s.events]
    assert any(e.startswith("Event '") for e in news), news[-5:]
    for s in steps:
        assert plain(s.text) and all(plain(e) for e in s.events), (s.text, s.events)


def test_the_operations_end_the_turn_when_building_comes_first():
    """Empire Express (On a Turn: build, then move) and Less Thinking put the operations last: ending them
    ends the turn, and the narration says so instead of "turns to building"."""
    from eb_core.narrate import describe
    g = eb.Game.new("express")
    g.apply(eb.EndBuild())
    assert describe(eb.EndOperations(), g) == "Orange ends the operations phase, and with it the turn."
    europe = eb.position("board: tutorial\nplayer Ann: at London\nplayer Ben:")
    assert describe(eb.EndOperations(), europe) == "Ann ends the operations phase and turns to building."


def test_a_move_from_corner_to_corner_of_one_city_is_told_as_crossing_it():
    """A step between two mileposts of Paris's red area reads "moves across Paris", in the narration and the
    log -- not "Paris → Paris" or "from Paris to Paris"."""
    from eb_core.narrate import describe
    g = eb.position("board: tutorial\nplayer Ann: at Paris\nplayer Ben:")
    corner = next(m for m in g.board.city("Paris").mileposts if m != g.player(0).position)
    assert describe(eb.Move([corner]), g) == "Ann moves across Paris, 1 milepost."
    g.apply(eb.Move([corner]))
    assert g.state.log[-1].startswith("Ann moves 1 milepost across Paris")


def test_a_move_names_the_cities_it_passes_not_the_ones_it_starts_or_ends_in():
    """Ann rides Birmingham -> London and on to London's centre milepost: she ends in London, entering it by
    another of its mileposts -- London is where she goes, not a city she goes through. From a bare milepost
    near Birmingham through Birmingham, Birmingham is a city passed."""
    from eb_core.narrate import describe
    g = eb.position("board: tutorial\nplayer Ann: cash 50, at Birmingham, track London-Birmingham\n")
    into_london = eb.Move((95, 111, 134, 158))       # 134 and 158 are both London's
    assert describe(into_london, g) == "Ann moves Birmingham → London, 4 mileposts."
    g.apply(eb.Move((95,)))
    back = eb.Move((87, 95))
    assert describe(back, g) == "Ann moves near Birmingham → near Birmingham, 2 mileposts through Birmingham."


def test_a_delivery_step_says_the_delivery_once():
    """The step of a delivery says "Solo delivers Tourists to Birmingham for 7M (cash ...)"; the engine's
    announcement of it ("Solo announces \"Birmingham gets Tourists for 7M\" and is paid 7M") is the same news
    and is not repeated among the step's other events."""
    from eb_core import sim
    r = sim.solo_game("europe-basic", seed=3, board="tutorial", max_turns=8)
    steps = narrate.replay(r.game)
    deliveries = [s for s in steps if isinstance(s.action, eb.Deliver)]
    assert deliveries and all(" delivers " in s.text for s in deliveries)
    assert any("announces \"" in ln for ln in r.game.state.log)
    assert not [e for s in deliveries for e in s.events if "announces \"" in e]


def test_the_express_free_discard_is_told_as_one():
    """Empire Express > Discard Cards: "you may discard one demand card if you wish. After discarding, draw
    demand cards until you have three" -- told as the free discard, not as a discard forced to keep three."""
    from eb_core.narrate import describe
    g = eb.Game.new("express")
    text = describe(eb.Discard(g.player().hand[0]), g)
    assert "the free discard at the end of the turn" in text and "to keep three cards" not in text


def test_scrub_leaves_a_city_once_and_a_bridge_by_its_place(board):
    """Engine lines name a city with its milepost in brackets and a bridge by its two mileposts; a player reads
    the city once and "the bridge near <city>"."""
    paris = board.city("Paris").center
    assert narrate.scrub(board, f"Ann places the train in Paris (milepost {paris}).") == \
        "Ann places the train in Paris."
    a, b = board.meta["examples"]["antwerp"]["path"][:2]
    text = narrate.scrub(board, f"The flood washed out bridge {a}-{b}.")
    assert text == f"The flood washed out the bridge near {board.near(a)}." and plain(text)


@pytest.mark.parametrize("ruleset, to_bank", [("europe-standard pay-to-move", True), ("europe-standard", False)])
def test_a_move_on_anothers_track_says_who_gets_the_rent(ruleset, to_bank):
    """Track Usage Fees: 4M to the owner of the track used; Pay To Move ("4 million to move on another player's
    network", paid "to the bank"): the sentence says the rent goes to the bank, and only then."""
    b = eb.load_board("tutorial")
    mps = eb.cheapest_build(b, eb.ruleset(), "London", "Birmingham").mileposts
    g = eb.position(f"board: tutorial\nruleset: {ruleset}\nplayer Ann: cash 30, at {mps[0]}\n"
                    f"player Ben: cash 10, track {'-'.join(map(str, mps))}\n")
    before = g.clone()
    g.apply(Move(list(mps[1:])))
    text = narrate.describe(Move(list(mps[1:])), before, after=g)
    said = "paying 4M rent to the bank (" if to_bank else "paying 4M rent ("
    assert text.startswith(f"Ann moves London → Birmingham, {len(mps) - 1} mileposts, {said}"), text
    assert g.state.players[1].cash == (10 if to_bank else 14)


def test_a_delivery_under_mercy_says_the_whole_payoff_and_what_went_to_the_loan():
    """Mercy: "Each time you make a delivery, at least half of the payoff amount must be directed to the loan
    balance" -- the card's 9M payoff is told whole, with the 5M repaid and the cash left."""
    g = eb.position("board: tutorial\nruleset: europe-standard mercy\n"
                    "player Ann: cash 3, at Belfast, loads Iron, cards 1, loan 10\nplayer Ben:")
    before = g.clone()
    g.apply(Deliver("Iron", 1))                                  # card 1: Iron to Belfast 9M
    assert narrate.describe(Deliver("Iron", 1), before, after=g) == \
        "Ann delivers Iron to Belfast for 9M (5M of it to the Mercy loan; cash 7M)."


def test_a_cross_grade_is_told_as_one():
    """Cross Grading: "You may lower the speed of your train and increase the load capacity ... for 5 million"
    -- told as a cross grade for 5M, not as a 20M upgrade."""
    g = eb.position("board: tutorial\nruleset: europe-standard cross-grading\nphase: build\n"
                    "player Ann: cash 30, train 12/2\nplayer Ben:")
    before = g.clone()
    g.apply(Upgrade("9/3"))
    for after in (None, g):
        assert narrate.describe(Upgrade("9/3"), before, after=after) == \
            "Ann cross grades the train from 12/2 to 9/3 for 5M."


def test_a_build_from_a_bare_milepost_starts_near_a_city_not_in_it(board):
    ex = board.meta["examples"]["london_folkestone"]["path"]       # London -> Folkestone, the Chunnel
    g = eb.position("board: tutorial\nphase: build\nplayer Ann: cash 30\nplayer Ben:")
    assert narrate.describe(Build(path=ex[1:]), g) == "Ann builds near London → Folkestone: the Chunnel (17M), 17M."


def test_a_discard_names_the_cards_demands_and_payoffs():
    g = eb.position("board: tutorial\nplayer Ann: cash 30, at London, cards 1 2 3\nplayer Ben:")
    assert narrate.describe(Discard(1), g) == \
        "Ann discards the card Iron to Belfast 9M; Wheat to Hamburg 17M; Oil to Zürich 18M to keep three cards."


def test_the_end_of_a_turn_says_what_was_spent_on_building(board):
    start = eb.position("board: tutorial\nphase: build\nplayer Ann: cash 30\nplayer Ben:")
    g = start.clone()
    g.apply(Build(path=board.meta["examples"]["london_birmingham"]["path"]))       # 5M
    assert narrate.describe(EndTurn(), g) == "Ann ends the turn (spent 5M on building)."
    assert narrate.describe(EndTurn(), start) == "Ann ends the turn."


def test_a_move_is_said_with_its_mileposts_and_a_drop_is_told_once(board):
    mps = eb.cheapest_build(board, eb.ruleset(), "London", "Birmingham").mileposts
    assert narrate.say(Move(list(mps[1:])), board) == f"move to Birmingham ({len(mps) - 1} mileposts)"
    start = eb.position("board: tutorial\nplayer Ann: cash 30, at London, loads Wine, cards 1 2 3\nplayer Ben:")
    g = start.clone()
    g.apply(eb.Drop("Wine"))
    (step,) = narrate.replay(g.to_json(), start=start)
    assert step.text == "Ann drops Wine in London; it goes back to the bank for nothing."
    assert step.events == []                                    # the engine's own line is not told again


def test_each_replayed_step_holds_only_the_track_it_built(board, rules):
    """The turn stepper draws each step's new track: Ben's London-Folkestone build is its own two segments, not
    Ann's London-Birmingham as well; a step that builds nothing has none."""
    steps = narrate.replay(_played(board, rules).to_json())
    builds = [s for s in steps if isinstance(s.action, Build)]
    assert [len(s.new_track) for s in builds] == [len(s.action.path) - 1 for s in builds] == [3, 2]
    assert not set(builds[0].new_track) & set(builds[1].new_track)
    assert all(s.new_track == () for s in steps if not isinstance(s.action, Build))
