"""The game state as data (:mod:`eb_core.state`): what a new player and a second train start with, and
how a saved state is read -- each bad value refused with a typed error naming its field (the seat, the
track segment, the bank's chips, a player's switches), in words a player can read, and nothing changed.

Rulebook: ../shared/rules/empire_builder_europe_rulebook.txt.
"""
from __future__ import annotations

import copy

import pytest

import eb_core as eb
from eb_core.rules import Train
from eb_core.state import GameState, PlayerState


def _doc(**state) -> dict:
    """A saved state of two players, Ann and Ben, with ``state``'s fields added."""
    return {"players": [{"name": "Ann", "cash": 50, "train": "9/2"}, {"name": "Ben", "cash": 50, "train": "9/2"}],
            **state}


def refused(doc: dict, field: str, words: str) -> eb.InvalidAction:
    """``GameState.from_dict(doc)`` is refused with an :class:`eb.InvalidAction` naming ``field`` and saying
    ``words``; the document is left as it was."""
    before = copy.deepcopy(doc)
    with pytest.raises(eb.InvalidAction) as info:
        GameState.from_dict(doc)
    err = info.value
    assert err.field == field, str(err)
    assert str(err).startswith(f"field {field!r}: ") and words in str(err), str(err)
    assert doc == before, "reading a state changes nothing"
    return err


# ------------------------------------------------------------------------------------------ a new game
def test_a_new_player_and_a_second_train_start_with_nothing_done():
    """Setting Up the Game: each player starts with 50 million and a 9/2 train, no turn taken, nothing
    delivered, no victory announced, no ferry staged or crossed; under Run Two Trains ("Each player starts
    with two trains") the second train starts the same way."""
    g = eb.Game.new(eb.ruleset("europe-standard", "run-two-trains"), players=["Ann", "Ben"], seed=2)
    for p in g.state.players:
        assert (p.cash, p.train) == (50, Train(9, 2))
        assert (p.turns, p.delivered, p.announced, p.loan, p.handling) == (0, 0, False, 0, 0)
        assert (p.staged, p.crossed, p.half_rate, p.no_pickup) == (False, False, False, False)
        s = p.second
        assert p.trains == 2 and s.train == Train(9, 2) and s.loads == []
        assert (s.staged, s.crossed, s.half_rate, s.no_pickup, s.handling, s.moves_used) == \
            (False, False, False, False, 0, 0)
    # a saved player written with only the required fields reads back the same
    p = PlayerState.from_dict({"name": "Ann", "cash": 50, "train": "9/2"})
    assert p == PlayerState(name="Ann", cash=50, train=Train(9, 2))
    assert (p.turns, p.delivered, p.announced, p.crossed, p.handling) == (0, 0, False, False, 0)


def test_a_one_train_player_has_no_second_train_to_swap_to():
    """Run Two Trains is a variant: a player of a one-train game has no second train, and asking for it is a
    typed error that leaves the player as they were."""
    p = PlayerState(name="Ann", cash=50, train=Train(9, 2), position=7, loads=["Beer"])
    before = copy.deepcopy(p)
    with pytest.raises(eb.InvalidAction, match="Ann has only one train") as info:
        p.swap_trains()
    assert info.value.field == "second"
    assert p == before


# ------------------------------------------------------------------------------------------ seats
@pytest.mark.parametrize("key", ["current", "first_player"])
def test_a_seat_one_past_the_last_player_is_refused(key):
    """Seats are numbered 0..n-1 clockwise: in a two-player game seat 2 is nobody's."""
    refused(_doc(**{key: 2}), key, "seat 2 is not in this game (seats 0..1)")
    assert getattr(GameState.from_dict(_doc(**{key: 1})), key) == 1


# ------------------------------------------------------------------------------------------ track
def test_a_track_segment_must_be_two_mileposts_and_a_seat():
    """Build Phase Rules: track is built between two mileposts by one player."""
    refused(_doc(track={"segments": [[0, 1]]}), "track.segments[0]",
            "expected a segment [milepost, milepost, seat], got a list of 2")
    refused(_doc(track={"segments": [7]}), "track.segments[0]", "expected a segment [milepost, milepost, seat]")
    refused(_doc(track={"segments": [[0, "one", 0]]}), "track.segments[0][1]", "expected a whole number, got 'one'")
    refused(_doc(track={"segments": [[0, -1, 0]]}), "track.segments[0][1]", "(0 or more), got -1")
    refused(_doc(track={"rails": []}), "track.rails", "a track has 'segments' and 'crossings'")
    refused(_doc(track={"crossings": {"Dover Ferry": ["Ann"]}}), "track.crossings.Dover Ferry[0]",
            "expected a whole number, got 'Ann'")


def test_a_segment_listed_twice_is_refused_citing_the_right_of_way():
    """Build Phase Rules > Right of Way: only one section of track may be built between two mileposts, so a
    state listing 0-1 and then 1-0 is refused naming both places."""
    refused(_doc(track={"segments": [[3, 4, 0], [4, 3, 1]]}), "track.segments[1]",
            "the segment 4-3 is listed twice (also at segments[0]): only one section of track may be built")


# ------------------------------------------------------------------------------------------ other fields
def test_chips_cards_and_switches_must_be_of_their_kind():
    """The bank's load chips and the card piles hold 0 or more; a player's switches are true or false."""
    refused(_doc(bank={"Beer": -1}), "bank.Beer", "expected a whole number (0 or more), got -1")
    refused(_doc(draw_pile=[3, -2]), "draw_pile[1]", "got -2")
    doc = _doc()
    doc["players"][1]["staged"] = "yes"
    refused(doc, "players[1].staged", "expected true or false, got 'yes'")
    assert GameState.from_dict(_doc(seed=-5)).seed == -5          # the seed alone may be negative


def test_a_state_that_is_not_an_object_is_refused_at_its_root():
    refused([], "<root>", "expected a JSON object, got a list of 0")
    with pytest.raises(eb.InvalidAction) as info:
        GameState.from_dict("Ann", where="state")
    assert info.value.field == "state"


def test_a_bad_value_is_shown_short():
    """An error shows the bad value itself when short, an object as "an object", and a long value cut at 40
    characters -- the message stays one readable line."""
    doc = _doc()
    doc["players"][0]["cash"] = {"M": 50}
    refused(doc, "players[0].cash", "expected a whole number, got an object")
    doc["players"][0]["cash"] = "x" * 38                 # its repr is 40 characters: shown whole
    err = refused(doc, "players[0].cash", "got '" + "x" * 38 + "'")
    assert str(err).endswith("'")
    doc["players"][0]["cash"] = "x" * 39                 # 41 characters: the first 37 and "..."
    err = refused(doc, "players[0].cash", "got '" + "x" * 36 + "...")
    assert str(err).endswith("got '" + "x" * 36 + "...")


# ------------------------------------------------------------------------------------------ players
@pytest.mark.parametrize("n, ok", [(1, True), (6, True), (7, False)])
def test_a_game_has_one_to_six_players(n, ok):
    """Empire Builder is for 1 to 6 players (Solo Play to six railroads): a seventh is refused."""
    doc = {"players": [{"name": f"P{i}", "cash": 50, "train": "9/2"} for i in range(n)]}
    if ok:
        assert len(GameState.from_dict(doc).players) == n
    else:
        refused(doc, "players", "a game has 1 to 6 players, got 7")


def test_a_blank_player_name_is_refused():
    doc = _doc()
    doc["players"][1]["name"] = "  "
    refused(doc, "players[1].name", "a player's name must not be blank")


def test_rent_paid_and_ferries_built_name_seats_of_this_game():
    """Renting Track: rent is paid to another player of the game; Building Ferry Ports: a ferry is built by
    players of the game -- seat 2 of a two-player game is nobody."""
    doc = _doc()
    doc["players"][0]["rented"] = [1, 2]
    refused(doc, "players[0].rented[1]", "seat 2 is not in this game")
    refused(_doc(track={"crossings": {"Dover Ferry": [0, 2]}}), "track.crossings.Dover Ferry[1]",
            "seat 2 is not in this game")


def test_a_state_read_with_only_its_players_is_a_game_at_its_first_special_build_turn():
    """Starting the Game > Special Build Turns: a game begins in the build phase of the first special build
    turn, round 0, nobody's turn taken, no reshuffle and no delivery yet."""
    s = GameState.from_dict(_doc())
    assert (s.phase, s.special_round, s.round, s.turn, s.current, s.first_player) == ("build", 1, 0, 0, 0, 0)
    assert (s.seed, s.shuffles, s.round_deliveries, s.victory_announced, s.winners) == (0, 0, False, False, [])
    assert s.player.name == "Ann"
    assert GameState.from_dict(_doc(current=1)).player.name == "Ben"


# ------------------------------------------------------------------------------------------ copies
def test_a_saved_state_and_the_state_read_from_it_share_nothing():
    """Reading a saved state and writing one give independent data: changing the game afterwards never
    edits the document it came from or the one it wrote."""
    doc = _doc(flags={"simulated_seats": {"1": "builds"}}, active_events=[{"card": 130, "kind": "strike"}])
    s = GameState.from_dict(doc)
    s.flags["simulated_seats"]["1"] = "nothing"
    s.active_events[0]["kind"] = "snow"
    assert doc["flags"] == {"simulated_seats": {"1": "builds"}} and doc["active_events"][0]["kind"] == "strike"
    d = s.to_dict()
    d["flags"]["simulated_seats"]["1"] = "moves"
    assert s.flags["simulated_seats"]["1"] == "nothing"


def test_a_copied_state_shares_nothing_with_the_original():
    """A copy of the position (what a bot tries moves on) may be changed without touching the game."""
    s = GameState.from_dict(_doc(bank={"Beer": 3}, dropped={"Wine": 1}, warehouses={"Lyon": {"Beer": 1}},
                                 active_events=[{"card": 130, "kind": "strike"}], blocked_rebuild={"x": [1]},
                                 flags={"simulated_seats": {"1": "builds"}}))
    before = s.to_dict()
    c = s.copy()
    c.bank["Beer"] = 0
    c.dropped["Wine"] = 0
    c.warehouses["Lyon"]["Beer"] = 0
    c.active_events[0]["kind"] = "snow"
    c.blocked_rebuild["x"].append(2)
    c.flags["simulated_seats"]["1"] = "moves"
    assert s.to_dict() == before


def test_every_load_chip_is_counted_once_wherever_it_lies():
    """Load chips are limited (Picking Up Loads): the chips in the bank, on each train (both of a Run Two
    Trains player), dropped and in field warehouses add up to the whole supply."""
    doc = _doc(bank={"Beer": 1, "Wine": 2}, dropped={"Wine": 1, "Oil": 1},
               warehouses={"Lyon": {"Beer": 2, "Coal": 1}})
    doc["players"][0]["loads"] = ["Beer", "Cheese"]
    doc["players"][1]["second"] = {"train": "9/2", "loads": ["Cheese", "Beer"]}
    assert GameState.from_dict(doc).chips_total() == {"Beer": 5, "Wine": 3, "Oil": 1, "Coal": 1, "Cheese": 2}


def test_a_simulated_seat_is_named_and_the_others_are_played():
    """Solo Play Scenarios 3 and 4: a simulated second player's seat says what it does; a played seat None."""
    s = GameState.from_dict(_doc(flags={"simulated_seats": {"1": "builds toward Paris"}}))
    assert (s.simulated(1), s.simulated(0)) == ("builds toward Paris", None)


# ------------------------------------------------------------------------------------------ positions
def test_a_position_is_whose_view_of_which_track():
    """Renting Track: a player's own track is free and another's costs rent, so a route is asked for one
    player of the game: seats 0..n-1, a whole number (numpy's too), with the board's track."""
    import numpy as np

    from eb_core.state import Position
    from eb_core.track import Track

    s = GameState.from_dict(_doc(current=1))
    assert Position.of(s).seat == 1 and Position.of(s, 0).seat == 0
    p = Position.of(s, np.int64(1))
    assert p.seat == 1 and type(p.seat) is int
    assert Position.of(s, 1) == Position(track=s.track, seat=1)        # the state only supplies the track
    assert "players" not in repr(Position.of(s, 1))
    for bad, field, words in [(lambda: Position.of(s, 2), "player", "player 2 is not in this game (players 0..1)"),
                              (lambda: Position.of(s, -1), "player", "player -1 is not in this game"),
                              (lambda: Position(track=Track(), seat=True), "player", "a player number, got True"),
                              (lambda: Position(track=Track(), seat="Ann"), "player", "a player number, got 'Ann'"),
                              (lambda: Position(track=[], seat=0), "track", "an eb_core Track, got list"),
                              (lambda: Position(track=Track()), "player", "say whose route it is"),
                              (lambda: Position.of("Ann's game", 0), "state", "a game or a GameState, got str")]:
        with pytest.raises(eb.InvalidAction) as info:
            bad()
        assert info.value.field == field and words in str(info.value), str(info.value)
