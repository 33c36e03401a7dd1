"""Positions pinned where a mutation audit of ``eb_core/positions.py`` found behaviour no test held in place.

An instructor's position (text or JSON) must be read exactly as written and refused, naming the field, when
it cannot be a position of the game. These tests hold the limits (cash, spending, movement, loans, rounds,
players, hands, contracts, warehouses), the setting-up the rulebook describes and the text written back.
Rulebook sections (Empire Builder Europe, ../shared/rules/empire_builder_europe_rulebook.txt):

* Setting Up the Game -- 50M each; four demand cards dealt in the Standard Game; the Starting Player marker.
* Starting the Game > Special Build Turns / Starting Your Train -- two build turns, no train on the board
  yet; then "you discard down to three cards".
* Build Phase Rules -- "you may spend up to 20 million"; Building Ferry Ports.
* Operations Phase Rules > Running the Train -- a 9/2 train moves 9 mileposts.
* Components -- a fixed number of load chips.
* Variants & Optional Rules > Mercy; Challenging Variants > Open Contracts ("at most four"), Field
  Warehousing, Run Two Trains.
* Empire Express > Demo Set Up -- "You receive NO money"; each colour's track, train and loads.
"""
from __future__ import annotations

import pytest

import eb_core as eb
from eb_core.positions import (
    PositionError,
    parse_position,
    position,
    position_from_dict,
    position_to_dict,
    position_to_text,
)

T = "board: tutorial\n"


def refused(description) -> PositionError:
    """The :class:`PositionError` a text or JSON description raises."""
    with pytest.raises(PositionError) as info:
        position(description) if isinstance(description, str) else position_from_dict(description)
    return info.value


def json_position(players=({"name": "Ann"},), **settings) -> dict:
    return {"board": "tutorial", **settings, "players": [dict(p) for p in players]}


# ============================================================================== reading the text
def test_reading_anything_but_text_is_a_position_error_naming_the_text():
    """``parse_position`` reads text; anything else is refused as a position mistake, not an AttributeError."""
    for wrong in (None, 42, ["board: tutorial"]):
        with pytest.raises(PositionError) as info:
            parse_position(wrong)
        assert (info.value.where, info.value.field) == ("position", "text")
        assert "expected the position as text" in str(info.value)


def test_a_field_written_without_its_value_says_it_needs_one():
    """``player Ann: at`` (no city) names the field and says a value is missing, whatever the field."""
    for fld in ("at", "cash", "train", "loads"):
        err = refused(T + f"player Ann: {fld}")
        assert (err.where, err.field) == ("line 2 (player Ann)", fld) and "needs a value" in str(err)


def test_a_milepost_id_is_read_as_a_number_and_a_city_as_its_name():
    """The JSON form of ``at 273`` holds the milepost id 273 (a number), ``at2 Paris`` the city's name."""
    d = parse_position(T + "ruleset: europe-standard run-two-trains\nplayer Ann: at 273, at2 Paris, train 9/2")
    assert d["players"][0] == {"name": "Ann", "at": 273, "at2": "Paris", "train": "9/2"}
    assert "variants" in d and d["variants"] == ["run-two-trains"]
    assert "variants" not in parse_position(T + "ruleset: europe-basic\nplayer Ann:")


# ============================================================================== the header (JSON)
def test_only_a_json_object_is_a_position_description():
    err = refused(["Ann", "Ben"])
    assert (err.where, err.field) == ("position", "position") and "expected a JSON object, got list" in str(err)


def test_settings_the_format_lacks_are_refused_naming_the_first_alphabetically():
    err = refused(json_position(speed=12, colour="red"))
    assert err.field == "colour" and "unknown setting" in str(err)


def test_a_file_of_another_schema_is_no_position():
    """Only a saved game carries a ``schema`` (``eb-game/1``); any other schema is refused saying so."""
    err = refused(json_position(schema="eb-tournament/1"))
    assert err.field == "schema" and "'eb-tournament/1' is not a position" in str(err)
    assert "a saved game has 'eb-game/1'" in str(err)


def test_variants_may_be_one_string_in_json():
    """``"variants": "fast-game mercy"`` is the ruleset line's list of variants (Variants & Optional Rules)."""
    g = position_from_dict(json_position(ruleset="europe-basic", variants="fast-game mercy"))
    assert g.rules.variants == ("fast-game", "mercy")


@pytest.mark.parametrize("seed", ["7", True, 1.5])
def test_the_seed_is_a_whole_number(seed):
    err = refused(json_position(seed=seed))
    assert err.field == "seed" and "expected a whole number" in str(err)


@pytest.mark.parametrize("phase, rnd", [("operations", 0), ("build", 0), ("operations", True), ("operations", "3"),
                                        ("special-build", -1)])
def test_rounds_start_at_one_and_the_special_build_turns_at_zero(phase, rnd):
    """Starting the Game > Special Build Turns come before round 1 (round 0); every other turn is in round 1
    or later."""
    err = refused(json_position(phase=phase, round=rnd))
    assert err.field == "round"
    assert f">= {0 if phase == 'special-build' else 1}" in str(err), str(err)
    assert position_from_dict(json_position(phase="special-build", round=0)).state.round == 0
    assert position_from_dict(json_position(phase="operations", round=1)).state.round == 1


def test_a_deck_that_cannot_be_loaded_names_the_deck_line():
    err = refused(T + "deck: nowhere\nplayer Ann:")
    assert (err.where, err.field) == ("line 2", "deck") and "cannot load deck 'nowhere'" in str(err)


# ============================================================================== the players
def test_six_players_sit_at_the_table_but_not_seven():
    """Empire Builder is for 1 to 6 players (six crayons, six trains: Components)."""
    six = position(T + "".join(f"player P{i}:\n" for i in range(6)))
    assert [p.name for p in six.state.players] == [f"P{i}" for i in range(6)]
    err = refused(T + "".join(f"player P{i}:\n" for i in range(7)))
    assert err.field == "players" and "1 to 6 players" in str(err)
    err = refused({"board": "tutorial", "players": "Ann"})
    assert err.field == "players"


def test_an_express_position_for_one_player_is_a_position_error_citing_the_demo_set_up():
    """Empire Express > Demo Set Up: the demo game is for 2, 3 or 4 players. A position for one, in text or
    JSON, is a mistake in the position (naming its players), not a refused action."""
    for description in ("ruleset: express\nplayer Orange: at Chicago\n",
                        {"ruleset": "express", "players": [{"name": "Orange"}]}):
        err = refused(description)
        assert err.field == "players" and "2, 3 or 4 players (Empire Express > Demo Set Up), got 1" in str(err)


@pytest.mark.parametrize("entry", [{"cash": 5}, {"name": "   "}, "Ann"])
def test_every_json_player_needs_a_name(entry):
    err = refused({"board": "tutorial", "players": [entry]})
    assert (err.where, err.field) == ("players[0]", "name") and "every player needs a name" in str(err)


def test_json_player_fields_the_format_lacks_are_refused_naming_the_first_alphabetically():
    err = refused(json_position([{"name": "Ann", "colour": "red", "age": 3}]))
    assert (err.where, err.field) == ("players[0]", "age") and "unknown player field" in str(err)


def test_the_first_player_listed_holds_the_starting_player_marker():
    """Setting Up the Game gives the marker to the highest payout; a position gives it to the first player
    listed. Seed 3's shuffle would make Ben the Starting Player, yet Ann holds the marker: the round ends
    when play comes back round to her."""
    plain = eb.Game.new("europe-standard", board="tutorial", players=["Ann", "Ben", "Cy"], seed=3)
    assert plain.state.first_player == 1
    g = position(T + "seed: 3\nphase: build\nplayer Ann: at London\nplayer Ben: at Paris\nplayer Cy: at Berlin")
    assert g.state.first_player == 0
    seen = []
    for _ in range(4):
        seen.append((g.player(g.current_player).name, g.state.round))
        g.apply(eb.EndTurn())
    assert seen == [("Ann", 1), ("Ben", 1), ("Cy", 1), ("Ann", 2)]


# ============================================================================== cash, spending, movement, loans
@pytest.mark.parametrize("fld", ["cash", "spent", "moves"])
def test_money_and_movement_are_never_negative(fld):
    err = refused(T + f"player Ann: {fld} -1")
    assert (err.where, err.field) == ("line 2 (player Ann)", fld) and "expected a whole number >= 0, got -1" in str(err)
    for wrong in (True, "60"):
        err = refused(json_position([{"name": "Ann", fld: wrong}]))
        assert err.field == fld and "expected a whole number >= 0" in str(err)


def test_a_player_may_hold_nothing():
    """Cash 0 is a position (a player who spent everything); so is a train that has not moved."""
    g = position(T + "player Ann: cash 0, spent 0, moves 0\nplayer Ben: cash 0")
    assert [p.cash for p in g.state.players] == [0, 0] and g.player(0).spent == g.player(0).moves_used == 0


def test_up_to_20M_may_be_spent_in_a_build_phase():
    """Build Phase Rules: "you may spend up to 20 million" -- 20M spent is a position, 21M is not."""
    g = position(T + "phase: build\nplayer Ann: spent 20")
    assert g.player(0).spent == 20
    err = refused(T + "phase: build\nplayer Ann: spent 21")
    assert err.field == "spent" and "at most 20M" in str(err)


def test_a_9_2_train_may_have_used_all_nine_movement_points():
    """Operations Phase Rules > Running the Train: a 9/2 train moves 9 mileposts, a 12/2 twelve."""
    assert position(T + "player Ann: moves 9").player(0).moves_used == 9
    assert position(T + "player Ann: train 12/2, moves 12").player(0).moves_used == 12
    err = refused(T + "player Ann: train 12/2, moves 13")
    assert err.field == "moves" and "only 12 movement points" in str(err)


def test_a_loan_is_never_negative_and_a_loan_of_nothing_needs_no_mercy():
    """Variants & Optional Rules > Mercy: what is owed is 0 or more; owing nothing is any game's position."""
    assert position(T + "player Ann: loan 0").player(0).loan == 0
    mercy = T + "ruleset: europe-standard mercy\n"
    assert position(mercy + "player Ann: loan 0").player(0).loan == 0
    err = refused(mercy + "player Ann: loan -1")
    assert (err.where, err.field) == ("line 3 (player Ann)", "loan") and ">= 0, got -1" in str(err)
    for wrong in (True, "10"):
        err = refused(json_position([{"name": "Ann", "loan": wrong}], ruleset="europe-standard", variants=["mercy"]))
        assert err.field == "loan" and "expected a whole number >= 0" in str(err)


# ============================================================================== trains and loads
def test_a_second_train_without_run_two_trains_names_the_first_of_its_fields():
    err = refused(T + "player Ann: train2 9/3, at2 Paris")
    assert (err.where, err.field) == ("line 2 (player Ann)", "train2") and "Run Two Trains" in str(err)


def test_the_last_chip_of_a_load_may_be_on_a_train():
    """Components: the tutorial board has three Cars chips; all three may ride on trains (the bank then has
    none), a fourth cannot."""
    board = eb.load_board("tutorial")
    n = board.loads["Cars"]
    assert n == 3
    g = position(T + "player Ann: loads Cars Cars\nplayer Ben: loads Cars")
    assert g.state.bank["Cars"] == 0 and g.state.chips_total() == dict(board.loads)


def test_json_track_may_be_one_string_of_routes(board):
    """``"track": "London-Birmingham Paris-Lyon"`` is two routes, as on a text line."""
    g = position_from_dict(json_position([{"name": "Ann", "track": "London-Birmingham Paris-Lyon"}]))
    touched = {board.place(m) for s in g.state.track.segments_of(0) for m in s if board.city_at(m)}
    assert {"London", "Birmingham", "Paris", "Lyon"} <= touched


def test_an_express_position_track_replaces_the_demo_track_only_for_the_colour_given():
    """Empire Express > Demo Set Up: each colour starts with its demo track. ``track Boston-Hartford`` on
    Orange's line is Orange's whole track; Red, given none, keeps the demo's."""
    demo = eb.Game.new("express", players=["Orange", "Red"], seed=0)
    g = position("ruleset: express\nplayer Orange: track Boston-Hartford\nplayer Red:")
    b = g.board
    orange = {b.place(m) for s in g.state.track.segments_of(0) for m in s if b.city_at(m)}
    assert orange == {"Boston", "Hartford"}
    assert g.state.track.segments_of(1) == demo.state.track.segments_of(1)
    assert g.player(0).cash == 0                # "You receive NO money at the beginning of the game"


# ============================================================================== hands
def test_json_cards_are_a_list():
    for wrong in ("1 2 3", 5):
        err = refused(json_position([{"name": "Ann", "cards": wrong}]))
        assert (err.where, err.field) == ("players[0].cards", "cards") and "expected a list of demand card ids" in str(err)


def test_a_hand_holds_at_most_the_four_cards_of_the_opening_deal():
    """Setting Up the Game: "deal four demand cards to each player ... the only time you will have four"."""
    assert position(T + "player Ann: cards 1 2 3 4").player(0).hand == [1, 2, 3, 4]
    err = refused(T + "player Ann: cards 1 2 3 4 5")
    assert err.field == "cards" and "at most 4 cards (3 after the first operations turn)" in str(err)


def test_a_hand_not_given_is_the_first_three_of_the_four_dealt():
    """Starting Your Train: "you discard down to three cards" -- a position in the operations phase keeps the
    first three of the seeded four-card deal; the fourth goes back under the pile."""
    dealt = eb.Game.new("europe-standard", board="tutorial", players=["Ann", "Ben"], seed=0)
    g = position(T + "player Ann:\nplayer Ben:")
    for p, d in zip(g.state.players, dealt.state.players):
        assert p.hand == d.hand[:3]
    assert {d.hand[3] for d in dealt.state.players} <= set(g.state.draw_pile[:2])
    special = position(T + "phase: special-build\nplayer Ann:\nplayer Ben:")
    assert [p.hand for p in special.state.players] == [d.hand for d in dealt.state.players]


def test_cards_given_from_the_pile_leave_it_and_a_short_hand_draws_the_top_demand_card():
    """A hand given takes its cards out of the draw pile; a player left short by it draws the top demand card
    of the pile (an event card on top stays there: Setting Up the Game sets event cards aside)."""
    dealt = eb.Game.new("europe-standard", board="tutorial", players=["Ann", "Ben"], seed=0)
    deck = dealt.deck
    from_pile = [c for c in dealt.state.draw_pile if hasattr(deck.card(c), "demands")][:2]
    g = position(T + f"player Ann: cards {from_pile[0]} {from_pile[1]}\nplayer Ben:")
    assert g.player(0).hand == from_pile and not set(from_pile) & set(g.state.draw_pile)
    # Ann gives Ben's first two dealt cards: Ben keeps his others and draws the top demand card (seed 0 has an
    # event card on top of the pile, seed 1 a demand card)
    on_top = set()
    for seed in (0, 1):
        dealt = eb.Game.new("europe-standard", board="tutorial", players=["Ann", "Ben"], seed=seed)
        bens, pile = dealt.player(1).hand, dealt.state.draw_pile
        g = position(T + f"seed: {seed}\nplayer Ann: cards {bens[0]} {bens[1]}\nplayer Ben:")
        top_demand = next(c for c in reversed(pile) if hasattr(deck.card(c), "demands"))
        on_top.add(top_demand == pile[-1])
        assert g.player(1).hand == [bens[2], bens[3], top_demand]
        assert top_demand not in g.state.draw_pile and pile[-1] in g.state.draw_pile + [top_demand]
    assert on_top == {True, False}
    everywhere = [c for p in g.state.players for c in p.hand] + g.state.draw_pile + g.state.discard_pile
    assert sorted(everywhere) == sorted(c.id for c in deck.demand_cards + deck.event_cards)


# ============================================================================== Open Contracts, Field Warehousing
OPEN = {"ruleset": "europe-basic", "variants": ["open-contracts"]}


def test_four_open_contracts_may_lie_face_up():
    """Open Contracts: at most four face up -- four is a position, a number alone is no list of them."""
    g = position_from_dict(json_position([{"name": "Ann", "cards": [2, 4, 5]}], **OPEN, contracts=[3, 6, 7, 8]))
    assert g.state.open_contracts == [3, 6, 7, 8]
    for wrong in (3, "3 7"):
        err = refused(json_position(**OPEN, contracts=wrong))
        assert (err.where, err.field) == ("position", "contracts") and "expected a list of demand card ids" in str(err)


WAREHOUSING = {"ruleset": "europe-basic", "variants": ["field-warehousing"]}


@pytest.mark.parametrize("value, words", [
    (5, "expected entries like 'Birmingham Chocolate; Lyon Wheat Wheat'"),
    ("Lyon Wheat", "expected entries like"),
    ([5], "expected entries like"),
    ({"Atlantis": ["Wheat"]}, "no city 'Atlantis'"),
    ({5: ["Wheat"]}, "no city"),
    ({"Lyon": []}, "expected the loads left at Lyon by name"),
    ({"Lyon": [5]}, "expected the loads left at Lyon by name"),
    ({"Lyon": 5}, "expected the loads left at Lyon by name"),
])
def test_json_warehouses_are_an_object_of_city_and_loads(value, words):
    """Field Warehousing: each city's loads by name; anything else is refused naming the field."""
    err = refused(json_position(**WAREHOUSING, warehouses=value))
    assert err.field == "warehouses" and words in str(err), str(err)


def test_a_warehouse_entry_of_one_word_asks_for_the_city_and_its_loads():
    err = refused(T + "ruleset: europe-basic field-warehousing\nwarehouses: Atlantis\nplayer Ann:")
    assert (err.where, err.field) == ("line 3", "warehouses")
    assert "expected a city and the loads left there ('Birmingham Chocolate'), got 'Atlantis'" in str(err)


def test_json_warehouses_read_one_load_and_any_case_of_the_city():
    g = position_from_dict(json_position(**WAREHOUSING, warehouses={"lyon": "Wheat", "Birmingham": ["Chocolate"]}))
    assert g.state.warehouses == {"Lyon": {"Wheat": 1}, "Birmingham": {"Chocolate": 1}}


# ============================================================================== places and routes
@pytest.mark.parametrize("at, words", [
    (True, "expected a city name or milepost id, got True"),
    (2.5, "expected a city name or milepost id, got 2.5"),
    (None, "expected a city name or milepost id, got None"),
    (-1, "there is no milepost -1 on board 'tutorial' (ids 0..452)"),
    (453, "there is no milepost 453 on board 'tutorial' (ids 0..452)"),
])
def test_a_json_place_is_a_name_or_a_milepost_id_on_the_board(at, words):
    err = refused(json_position([{"name": "Ann", "at": at}]))
    assert (err.where, err.field) == ("players[0].at", "at") and words in str(err)


@pytest.mark.parametrize("at, want", [(0, 0), (452, 452), ("273", 273), (" 273 ", 273)])
def test_every_milepost_id_from_first_to_last_is_a_place(at, want):
    """The tutorial board's mileposts are numbered 0..452; an id written as text is the same milepost."""
    assert position_from_dict(json_position([{"name": "Ann", "at": at}])).player(0).position == want


def test_a_ferry_takes_two_owners_and_a_third_is_refused_citing_building_ferry_ports():
    """Building Ferry Ports: two players at most on each ferry -- whether the third buys it by name or by
    building into its port (then no track can be laid there for them)."""
    err = refused(T + "player Ann: ferry Liverpool–Dublin\nplayer Ben: ferry Liverpool–Dublin\n"
                      "player Cy: ferry Liverpool–Dublin")
    assert (err.where, err.field) == ("line 4 (player Cy)", "ferry")
    assert "already has 2 owners (Ann and Ben); at most 2 (rulebook: Build Phase Rules > Building Ferry Ports)" \
        in str(err)
    err = refused(T + "player Ann: track Birmingham-Dublin\nplayer Ben: track London-Dublin\n"
                      "player Cy: track Birmingham-Dublin")
    assert (err.where, err.field) == ("line 4 (player Cy)", "track")
    assert "no track can be laid from Birmingham to Dublin for Cy" in str(err)


def test_a_route_may_end_at_a_port_whose_name_has_a_space():
    """Building Ferry Ports: "track Paris-Le Havre" builds into Le Havre's port (the text splits routes at
    spaces; the name is joined back) and buys the Portsmouth–Le Havre ferry."""
    for routes in ("Paris-Le Havre", "London-Birmingham Paris-Le Havre"):
        g = position(f"board: europe\nplayer Ann: track {routes}\n")
        port = g.board.port_milepost("Le Havre")
        assert any(port in seg for seg in g.state.track.segments_of(0))
        assert g.state.track.owned_crossings(0) == {"Portsmouth–Le Havre"}


def test_a_route_is_a_chain_of_places_joined_by_dashes(board):
    err = refused(T + "player Ann: track London--Paris")
    assert (err.where, err.field) == ("line 2 (player Ann)", "track") and "no empty names" in str(err)
    err = refused(json_position([{"name": "Ann", "track": [5]}]))
    assert err.field == "track" and "expected a route like 'London-Birmingham' or a list of mileposts" in str(err)
    # in JSON a route may be a list of places
    listed = position_from_dict(json_position([{"name": "Ann", "track": [["London", "Birmingham"]]}]))
    written = position(T + "player Ann: track London-Birmingham")
    assert listed.state.track.segments == written.state.track.segments != {}


# ============================================================================== files
def test_a_position_file_may_be_named_by_a_string(tmp_path):
    """``eb.position("lesson.txt")`` reads the file; position text that mentions a file name is still text."""
    f = tmp_path / "lesson.txt"
    f.write_text(T + "player Ann: cash 42\n", encoding="utf-8")
    assert position(str(f)).player(0).cash == 42
    assert position(T + "player Ann: cash 43\n# from lesson.txt").player(0).cash == 43


def test_a_mistake_in_a_saved_game_file_names_the_file(tmp_path):
    """A saved game (``eb-game/1``) whose cash is not a number is refused naming the file and the field."""
    import json

    g = position(T + "player Ann: at London")
    d = json.loads(g.to_json())
    d["state"]["players"][0]["cash"] = "lots"
    f = tmp_path / "saved.json"
    f.write_text(json.dumps(d), encoding="utf-8")
    with pytest.raises(eb.DataFileError) as info:
        position(str(f))
    assert str(info.value).startswith(f"{f}: field 'state.players[0].cash'")


# ============================================================================== writing a position back
def test_a_branching_track_is_written_as_the_fewest_chains_from_the_lowest_milepost():
    """position_to_text writes track as milepost chains: Birmingham's centre (87) with three spurs is two
    chains, the same whatever order the segments were laid in (so the text of a position is stable)."""
    for laid in ("80-87-88 86-87", "88-87-86 87-80", "86-87 80-87 88-87"):
        assert position_to_dict(position(T + f"player Ann: track {laid}"))["players"][0]["track"] == \
            ["80-87-86", "87-88"]
    # the branch point the lowest milepost: a chain starts there
    assert position_to_dict(position(T + "player Ann: track 87-88 87-94 87-95"))["players"][0]["track"] == \
        ["87-88", "94-87-95"]


def test_a_single_route_is_written_as_one_chain_from_its_lower_end():
    """Birmingham's centre (87) between two of its neighbours, 88 and 95: one chain, from the lower end (88),
    however it was written."""
    for laid in ("88-87-95", "95-87-88", "87-95 87-88"):
        assert position_to_dict(position(T + f"player Ann: track {laid}"))["players"][0]["track"] == ["88-87-95"]


def test_a_train_off_a_city_centre_is_written_back_by_its_milepost(board):
    """A train on one of London's outer mileposts or on a clear milepost is written as that milepost's id (a
    city's name would move it to the centre); at a city centre or a ferry port, by the place's name."""
    london = board.city("London")
    outer = next(m for m in london.mileposts if m != london.center)
    clear = next(m for m in range(len(board.mileposts)) if board.city_at(m) is None and not board.is_port(m))
    g = position(T + f"player Ann: at {outer}\nplayer Ben: at {clear}\nplayer Cy: at Portsmouth\nplayer Di: at 273")
    assert [p.get("at") for p in position_to_dict(g)["players"]] == [outer, clear, "Portsmouth", "Paris"]
    back = position(position_to_text(g))
    assert [p.position for p in back.state.players] == [p.position for p in g.state.players]


def test_movement_used_and_the_ruleset_round_trip_through_text():
    """A train that has used 4 of its movement points, in the Basic Game, reads back the same (the ruleset
    line is written even without variants)."""
    g = position("board: tutorial\nruleset: europe-basic\nplayer Ann: at Paris, moves 4\nplayer Ben:")
    text = position_to_text(g)
    assert "ruleset: europe-basic\n" in text and "moves 4" in text
    back = position(text)
    assert back.rules.name == "europe-basic" and back.player(0).moves_used == 4


def test_players_table_shows_ferries_and_the_second_train():
    """Run Two Trains: the instructor's table says where train 2 stands and what it carries ("-" when
    nothing), and the ferries each player owns ("-" for none)."""
    from eb_core.positions import players_table

    g = position(T + "ruleset: europe-standard run-two-trains\n"
                     "player Ann: at London, at2 Paris, loads2 Wine Cheese, ferry Chunnel\nplayer Ben: at Berlin")
    t = players_table(g)
    assert t.loc["Ann", ["ferries", "train 2 at", "train 2 loads"]].tolist() == ["Chunnel", "Paris", "Wine, Cheese"]
    assert t.loc["Ben", ["ferries", "train 2 at", "train 2 loads"]].tolist() == ["-", "-", "-"]


def test_a_hand_and_the_warehouses_round_trip_through_text():
    """A hand the position gives (not the seeded deal) and Field Warehousing's loads written as the text's
    entries are both written back."""
    from eb_core.positions import description_to_text

    g = position(T + "player Ann: cards 7 9 11\nplayer Ben:")
    text = position_to_text(g)
    assert "player Ann: cash 50, train 9/2, cards 7 9 11" in text
    assert position(text).player(0).hand == [7, 9, 11]
    d = parse_position(T + "ruleset: europe-basic field-warehousing\nwarehouses: Lyon Wheat Wheat; Birmingham Chocolate\n"
                           "player Ann:")
    assert "warehouses: Lyon Wheat Wheat; Birmingham Chocolate\n" in description_to_text(d)


# ============================================================================== trying actions
def test_the_plain_sentence_of_an_outcome_says_who_did_what_for_how_much():
    """When an accepted action cannot be told in full, its Outcome still says the player, the action in words
    and the money: the upgrade to 12/2 costs 20M (Build Phase Rules > Upgrading your Train), a delivery earns
    its payout, ending the turn costs nothing."""
    from eb_core.actions import Deliver, Upgrade
    from eb_core.positions import Outcome

    g = position(T + "player Ann:")
    assert Outcome(True, 20, action=Upgrade("12/2"), player="Ann", game=g).explain() == \
        "Accepted: Ann's upgrade to 12/2 costs 20M."
    assert Outcome(True, 0, action=Deliver("Wine", 3), player="Ann", cash_change=12, game=g).explain() == \
        "Accepted: Ann's deliver Wine earns 12M."
    assert Outcome(True, action=eb.EndTurn(), player="Ann", game=g).explain() == \
        "Accepted: Ann's end the turn costs nothing."
    assert (Outcome(False).cost, Outcome(False).cash_change) == (0, 0)


def test_a_malformed_command_is_not_a_valid_action_and_shown_in_red():
    from eb_core.positions import try_action

    g = position(T + "player Ann:")
    out = try_action(g, "fly <to> Paris")
    assert out.explain().startswith("Not a valid action: action: unknown command 'fly <to> Paris'")
    assert out.cash_change == 0 and out.cost == 0
    html = out._repr_html_()
    assert "#b00020" in html and "&lt;to&gt;" in html and "<to>" not in html
    assert "#1b7f3a" in try_action(g, "place London")._repr_html_()


def test_asking_for_a_player_by_seat():
    """``try_action(..., player=1)`` asks for the second seat; a seat off the table is refused naming it."""
    from eb_core.positions import try_action

    g = position(T + "phase: build\nplayer Ann: at London\nplayer Ben: at Paris")
    out = try_action(g, "upgrade 12/2", player=1)
    assert out.accepted and out.player == "Ben" and out.game.player(1).train == eb.Train(12, 2)
    assert try_action(g, "upgrade 12/2", player=0).player == "Ann"
    for seat in (2, -1, True, 1.0):
        with pytest.raises(eb.InvalidAction) as info:
            try_action(g, "upgrade 12/2", player=seat)
        assert info.value.field == "player" and "expected a name or seat 0..1" in str(info.value)


def test_a_refused_action_costs_nothing_and_changes_nothing():
    """A command refused while it is read ("move Paris" with no track there: Running the Train) or an action
    the engine finds malformed (a step to a milepost not on the board) costs 0M and leaves the game as it was."""
    from eb_core.actions import Move
    from eb_core.positions import try_action

    g = position(T + "player Ann: at London, track London-Birmingham\nplayer Ben:")
    before = g.to_json()
    out = try_action(g, "move Paris")
    assert (out.accepted, out.cost, out.cash_change, out.rule) == (False, 0, 0, "Operations Phase Rules > Running the Train")
    out = try_action(g, Move([99999]))
    assert (out.accepted, out.cost, out.rule, out.game) == (False, 0, None, None)
    assert "there is no milepost 99999" in out.reason and g.to_json() == before


# ============================================================================== text commands
def ready_to_build(extra: str = "") -> eb.Game:
    return position(T + f"phase: build\nplayer Ann: at London{extra}\nplayer Ben:")


def joined(board, path) -> bool:
    """Each step of ``path`` a segment or a ferry crossing of ``board``."""
    return all(board.edge(u, v) is not None or any(cr.other_port(u) == v for cr in board.crossings_at(u))
               for u, v in zip(path, path[1:]))


@pytest.mark.parametrize("text", ["", "   ", None, 5])
def test_an_empty_command_asks_for_one(text):
    from eb_core.positions import parse_action

    with pytest.raises(eb.InvalidAction) as info:
        parse_action(ready_to_build(), text)
    assert info.value.field == "action" and "expected a command like 'build London-Paris'" in str(info.value)


@pytest.mark.parametrize("text, words", [
    ("build", "build: give places joined by '-', e.g. 'build London-Paris'"),
    ("build London--Paris", "build: give places joined by '-'"),
    ("build London", "build: give at least two places, e.g. 'build London-Birmingham'"),
    ("build 452-453", "build: there is no milepost 453 on board 'tutorial' (ids 0..452)"),
])
def test_a_build_command_names_what_is_missing(text, words):
    from eb_core.positions import parse_action

    with pytest.raises(eb.InvalidAction) as info:
        parse_action(ready_to_build(), text)
    assert str(info.value).startswith(words), str(info.value)


def test_build_between_milepost_ids(board):
    """Neighbouring ids are that one segment (milepost 0 included); two ids apart follow the cheapest build
    through a milepost between them."""
    from eb_core.positions import parse_action

    g = ready_to_build()
    assert parse_action(g, "build 0-1").path == (0, 1) and parse_action(g, "build 1-0").path == (1, 0)
    a, c = next((a, c) for a in range(len(board.mileposts)) if board.city_at(a) is None
                for n in board.neighbors(a) if board.city_at(n) is None
                for c in board.neighbors(n) if c != a and c not in board.neighbors(a) and board.city_at(c) is None)
    path = parse_action(g, f"build {a}-{c}").path
    assert path[0] == a and path[-1] == c and len(path) >= 3 and joined(board, path)


def test_a_build_through_several_places_is_one_connected_route(board):
    """"build London-Birmingham-Dublin" is London to Birmingham, then on from Birmingham to Dublin over the
    Liverpool–Dublin ferry (Building Ferry Ports): one path, each step a segment or the crossing."""
    from eb_core.positions import parse_action

    a = parse_action(ready_to_build(), "build London-Birmingham-Dublin")
    assert board.place(a.path[0]) == "London" and board.place(a.path[-1]) == "Dublin"
    assert board.city("Birmingham").center in a.path and joined(board, a.path)
    assert all(u != v for u, v in zip(a.path, a.path[1:]))


def test_a_build_over_own_track_builds_only_what_is_new(board):
    """Ann owns London-Birmingham: "build London-Birmingham-Dublin" builds from Birmingham on, and
    "build Dublin-Birmingham-London" stops where her track begins -- no segment of hers is built again."""
    from eb_core.positions import parse_action

    g = ready_to_build(", track London-Birmingham")
    mine = set(g.state.track.segments_of(0))
    out = parse_action(g, "build London-Birmingham-Dublin")
    assert out.path[0] == board.city("Birmingham").center and board.place(out.path[-1]) == "Dublin"
    back = parse_action(g, "build Dublin-Birmingham-London")
    assert board.place(back.path[0]) == "Dublin"
    for build in (out, back):
        assert not {eb.track.seg_key(u, v) for u, v in zip(build.path, build.path[1:])} & mine
    assert eb.track.seg_key(back.path[-2], back.path[-1]) not in mine
    assert any(back.path[-1] in seg for seg in mine)            # it ends on Ann's track
    # through London's public red area: the part that is all Ann's is no build at all, on either side
    for text in ("build Birmingham-London-Paris", "build Paris-London-Birmingham"):
        build = parse_action(g, text)
        assert isinstance(build, eb.Build), build
        assert not {eb.track.seg_key(u, v) for u, v in zip(build.path, build.path[1:])} & mine
    assert any(build.path[-1] in seg for seg in mine)          # Paris -> London ends where Ann's track begins


def test_mileposts_no_track_can_join_are_refused_saying_the_board_keeps_them_apart():
    """The Chunnel's own mileposts (451, 452) join nothing a player can build: refused, not guessed at -- and
    not blamed on other players' track (there is none), with the places named, never milepost ids."""
    from eb_core.positions import parse_action

    with pytest.raises(eb.IllegalAction) as info:
        parse_action(ready_to_build(), "build 451-452")
    assert info.value.rule == "Build Phase Rules"
    assert info.value.reason.startswith("No track can be built from ") and "451" not in info.value.reason
    assert "nothing on this board that a player may build joins them" in info.value.reason
    assert "other players" not in info.value.reason


def test_train_1_and_train_2_in_a_command():
    """Run Two Trains: "move Lyon train 1" is the first train's move; there is no train 3; only a train's
    actions take "train 2" ("endturn train 2" is refused naming the field)."""
    from eb_core.positions import parse_action

    g = position(T + "ruleset: europe-standard run-two-trains\n"
                     "player Ann: at Paris, at2 Ruhr, track Paris-Lyon Ruhr-Berlin\nplayer Ben:")
    assert parse_action(g, "move Lyon train 1") == parse_action(g, "move Lyon")
    assert parse_action(g, "move Lyon train 1").train == 1
    for text, words in (("move Lyon train 3", "a player runs train 1 or 2, got 3"),
                        ("move Lyon train 0", "a player runs train 1 or 2, got 0"),
                        ("endturn train 2", "'endturn' is not a train's action")):
        with pytest.raises(eb.InvalidAction) as info:
            parse_action(g, text)
        assert info.value.field == "train" and words in str(info.value)


def test_a_build_inside_a_major_city_is_left_for_the_engine_to_refuse(board):
    """Build Phase Rules > Right to Enter Major Cities: London's centre to its outer milepost is public track,
    nothing to build -- the command still reaches the engine, which says why."""
    from eb_core.positions import try_action

    london = board.city("London")
    outer = next(m for m in board.neighbors(london.center) if board.is_red_area(london.center, m))
    out = try_action(ready_to_build(), f"build {london.center}-{outer}")
    assert out.action == eb.Build([london.center, outer])
    assert out.rule == "Build Phase Rules > Right to Enter Major Cities and Key Cities" and "inside London" in out.reason


def test_move_commands_go_on_from_each_stop(board):
    """Running the Train: "move Birmingham-London" rides to Birmingham and back on Ann's track; a train not yet
    on the board is told to place it first (Starting the Game > Starting Your Train)."""
    from eb_core.positions import parse_action, try_action

    g = position(T + "player Ann: at London, track London-Birmingham\nplayer Ben:")
    a = parse_action(g, "move Birmingham-London")
    assert board.city("Birmingham").center in a.path and board.place(a.path[-1]) == "London"
    assert joined(board, [g.player(0).position, *a.path])
    out = try_action(position(T + "player Ann:\nplayer Ben:"), "move Paris")
    assert out.rule == "Starting the Game > Starting Your Train" and "'place <city>' first" in out.reason


def test_place_deliver_and_their_spellings():
    """"place 273" is that milepost, "place paris" the board's Paris, "deliver wine 17" the board's Wine on
    card 17; "deliver" alone asks for the load."""
    from eb_core.actions import Deliver, PlaceTrain
    from eb_core.positions import parse_action

    g = position(T + "player Ann:\nplayer Ben:")
    assert parse_action(g, "place 273") == PlaceTrain(273)
    assert parse_action(g, "place paris") == PlaceTrain("Paris")
    assert parse_action(g, "deliver wine 17") == Deliver("Wine", 17)
    with pytest.raises(eb.InvalidAction) as info:
        parse_action(g, "deliver")
    assert info.value.field == "load" and "name the load, e.g. 'deliver Wine'" in str(info.value)


def test_deliver_without_a_card_picks_the_card_for_the_city_the_train_is_in():
    """Delivering Loads: card 2 wants Chocolate in London, card 3 in Birmingham. At Birmingham "deliver
    Chocolate" is card 3's delivery; a load no card wants here is refused naming the city."""
    from eb_core.actions import Deliver
    from eb_core.positions import parse_action, try_action

    g = position(T + "player Ann: at Birmingham, loads Chocolate, cards 2 3 5\nplayer Ben:")
    assert parse_action(g, "deliver Chocolate") == Deliver("Chocolate", 3)
    out = try_action(g, "deliver Chocolate")
    assert out.accepted and out.cash_change == 21
    with pytest.raises(eb.IllegalAction) as info:
        parse_action(g, "deliver Wheat")
    assert info.value.rule == "Operations Phase Rules > Delivering Loads"
    assert info.value.reason == "No demand card in Ann's hand asks for Wheat in Birmingham."


# ============================================================================== fixed by the audit
def test_a_second_train_placed_before_the_special_build_turns_is_named_at2():
    """Starting the Game: trains are placed after the special build turns. Under Run Two Trains a position that
    places only train 2 then is refused naming ``at2``, the field written (it named ``at``, a field not on
    the line)."""
    err = refused(T + "ruleset: europe-standard run-two-trains\nphase: special-build\nplayer Ann: at2 Paris")
    assert (err.where, err.field) == ("line 4 (player Ann)", "at2") and "after the special build turns" in str(err)
    err = refused(T + "ruleset: europe-standard run-two-trains\nphase: special-build\nplayer Ann: at London, at2 Paris")
    assert err.field == "at"


def test_empire_express_has_no_special_build_turns():
    """Empire Express > Demo Set Up: the trains start in their cities on the demo track, and there are no
    special build turns. A position in them is refused naming the phase (it blamed an ``at`` no line gave)."""
    err = refused("ruleset: express\nphase: special-build\nplayer Orange:\nplayer Red:")
    assert (err.where, err.field) == ("line 2", "phase")
    assert "express has no special build turns (Empire Express > Demo Set Up" in str(err)
    assert position("ruleset: express\nphase: build\nplayer Orange:\nplayer Red:").phase == "build"
