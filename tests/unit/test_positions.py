"""Positions from text/JSON (eb_core.positions): setting up, errors that name the line and field,
round trips, and trying actions without changing the game.

Rulebook: ../shared/rules/empire_builder_europe_rulebook.txt. Reference positions use the worked examples
stored in the tutorial board's ``meta["examples"]`` (the rulebook's own numbers).
"""
from __future__ import annotations

import json

import pytest

import eb_core as eb
from eb_core.actions import Build, Deliver, Upgrade
from eb_core.positions import (
    Outcome,
    PositionError,
    load_position,
    parse_action,
    parse_position,
    players_table,
    position,
    position_from_dict,
    position_from_text,
    position_to_dict,
    position_to_text,
    save_position,
    try_action,
)

EXAMPLE = """
# the example from the instructor toolkit
board: tutorial
ruleset: europe-standard
player Ann: cash 60, train 9/2, at London, loads Wine Beer, track London-Birmingham
player Ben: cash 30, at Paris
"""


def players_view(game):
    """What a player would check at the table: cash, train, where, loads, hand, track, ferries."""
    st = game.state
    return [(p.name, p.cash, str(p.train), p.position, sorted(p.loads), sorted(p.hand),
             sorted(st.track.segments_of(i)), sorted(st.track.owned_crossings(i)), p.spent, p.moves_used)
            for i, p in enumerate(st.players)]


# ------------------------------------------------------------------------------------------ set up
def test_example_position_sets_cash_train_loads_and_track():
    g = position_from_text(EXAMPLE)
    board, st = g.board, g.state
    ann, ben = st.players
    assert (ann.name, ann.cash, ann.train, ben.cash) == ("Ann", 60, eb.Train(9, 2), 30)
    assert board.city_at(ann.position).name == "London" and ann.position == board.city("London").center
    assert ann.loads == ["Wine", "Beer"] and ben.loads == []
    assert g.phase == "operations" and g.current_player == 0 and st.round == 1
    # the track is the cheapest London->Birmingham build (oracle: routes), minus London's public red area
    plan = eb.cheapest_build(board, g.rules, "London", "Birmingham")
    want = {eb.track.seg_key(a, b) for a, b in zip(plan.mileposts, plan.mileposts[1:]) if not board.is_red_area(a, b)}
    assert set(st.track.segments_of(0)) == want, plan.explain()
    assert st.track.segments_of(1) == []
    # chips are conserved: the two loads came out of the bank
    assert st.chips_total() == dict(board.loads)
    assert st.bank["Wine"] == board.loads["Wine"] - 1
    # after the special build turns a hand holds three cards, all demand cards, none shared
    assert len(ann.hand) == len(ben.hand) == g.rules.hand_size
    assert not set(ann.hand) & set(ben.hand)
    all_cards = ann.hand + ben.hand + st.draw_pile + st.discard_pile
    assert sorted(all_cards) == sorted(c.id for c in g.deck.demand_cards + g.deck.event_cards)


def test_json_description_gives_the_same_position_as_text():
    desc = {"board": "tutorial", "ruleset": "europe-standard",
            "players": [{"name": "Ann", "cash": 60, "train": "9/2", "at": "London", "loads": ["Wine", "Beer"],
                         "track": ["London-Birmingham"]},
                        {"name": "Ben", "cash": 30, "at": "Paris"}]}
    assert players_view(position_from_dict(desc)) == players_view(position_from_text(EXAMPLE))
    assert players_view(position(json.dumps(desc))) == players_view(position_from_text(EXAMPLE))


def test_explicit_milepost_track_and_later_players_route_around_earlier_track(board):
    ex = board.meta["examples"]["london_birmingham"]          # Building Ferry Ports example: 5M
    chain = "-".join(str(m) for m in ex["path"])
    g = position_from_text(f"board: tutorial\nplayer Ann: track {chain}\nplayer Ben: track London-Birmingham")
    st = g.state
    assert sorted(st.track.segments_of(0)) == sorted(eb.track.seg_key(a, b) for a, b in zip(ex["path"], ex["path"][1:]))
    # Right of Way: Ben's route shares no segment with Ann's
    assert st.track.segments_of(1) and not set(st.track.segments_of(1)) & set(st.track.segments_of(0))


def test_building_into_a_ferry_port_buys_the_ferry(board):
    ex = board.meta["examples"]["liverpool_dublin"]
    port = board.crossing("Liverpool–Dublin").ports
    g = position_from_text("board: tutorial\nphase: build\nplayer Ann: track Birmingham-Dublin")
    assert g.state.track.owns_crossing(0, "Liverpool–Dublin"), (ex, port, g.state.track.crossings)
    g2 = position_from_text("board: tutorial\nplayer Ann: ferry Chunnel\nplayer Ben: ferry Liverpool–Dublin")
    assert g2.state.track.crossings == {"Chunnel": [0], "Liverpool–Dublin": [1]}


def test_phases_and_turn():
    g = position_from_text("board: tutorial\nphase: special-build\nturn: Ben\nplayer Ann:\nplayer Ben:")
    assert (g.phase, g.state.special_round, g.current_player, g.state.round) == ("build", 1, 1, 0)
    # during the special build turns each player still holds the four-card opening hand
    assert [len(p.hand) for p in g.state.players] == [g.rules.opening_hand] * 2
    g = position_from_text("board: tutorial\nruleset: europe-basic fast-game\nphase: build\nround: 4\nplayer Ann:")
    assert g.rules.variants == ("fast-game",) and g.state.round == 4 and g.state.special_round == 0
    assert g.state.players[0].train == g.rules.start_train


def test_explicit_cards_come_out_of_the_deck(board):
    g0 = eb.Game.new("europe-standard", board="tutorial", players=["Ann", "Ben"], seed=0)
    bens = g0.state.players[1].hand[:2]                      # take two of the cards dealt to Ben
    g = position_from_text(f"board: tutorial\nplayer Ann: cards {bens[0]} {bens[1]}\nplayer Ben:")
    ann, ben = g.state.players
    assert ann.hand == bens
    assert not set(bens) & set(ben.hand) and len(ben.hand) == g.rules.hand_size
    everywhere = ann.hand + ben.hand + g.state.draw_pile + g.state.discard_pile
    assert len(everywhere) == len(set(everywhere)) == len(g.deck.demand_cards) + len(g.deck.event_cards)


# ------------------------------------------------------------------------------------------ errors
@pytest.mark.parametrize("text, where, field, words", [
    ("board: tutorial\nplayer Ann: train 9/9", "line 2 (player Ann)", "train", "not a train of europe-standard"),
    ("board: tutorial\nplayer Ann: train fast", "line 2 (player Ann)", "train", "speed/capacity"),
    ("board: tutorial\nplayer Ann: at Atlantis", "line 2 (player Ann)", "at", "no city or ferry port 'Atlantis'"),
    ("board: tutorial\nplayer Ann: at 99999", "line 2 (player Ann)", "at", "no milepost 99999"),
    ("board: tutorial\n\nplayer Ann: cash lots", "line 3 (player Ann)", "cash", "whole number"),
    ("board: tutorial\nplayer Ann: colour red", "line 2 (player Ann)", "colour", "unknown player field"),
    ("board: tutorial\nplayer Ann: csh 50", "line 2 (player Ann)", "csh",
     "unknown player field; did you mean cash? (choose from cash, train, at, loads, track, ferry, cards"),
    ("board: tutorial\nplayer Ann: loads Wine Beer Cheese", "line 2 (player Ann)", "loads", "at most 2 loads"),
    ("board: tutorial\nplayer Ann: loads Gold", "line 2 (player Ann)", "loads", "no load 'Gold'"),
    # Components: a fixed number of chips per load (Cars: 3), so a fourth Cars chip cannot be on a train
    ("board: tutorial\nplayer Ann: loads Cars Cars\nplayer Ben: loads Cars Cars", "line 3 (player Ben)", "loads",
     "no Cars chip is left"),
    ("board: tutorial\nplayer Ann: track London-Atlantis", "line 2 (player Ann)", "track", "no city or ferry port 'Atlantis'"),
    ("board: tutorial\nplayer Ann: track London", "line 2 (player Ann)", "track", "at least two places"),
    ("board: tutorial\nplayer Ann: ferry Atlantis Express", "line 2 (player Ann)", "ferry", "no ferry"),
    ("board: tutorial\nplayer Ann: ferry Chunnel\nplayer Ben: ferry Chunnel", "line 3 (player Ben)", "ferry",
     "Building the Chunnel"),
    ("board: tutorial\nplayer Ann: cards 1 1", "line 2 (player Ann)", "cards", "already in Ann's hand"),
    ("board: tutorial\nplayer Ann: cards 99999", "line 2 (player Ann)", "cards", "no card 99999"),
    ("board: tutorial\nplayer Ann: spent 25", "line 2 (player Ann)", "spent", "at most 20M"),
    ("board: tutorial\nplayer Ann: moves 10", "line 2 (player Ann)", "moves", "only 9 movement points"),
    ("board: nowhere\nplayer Ann:", "line 1", "board", "cannot load board 'nowhere'"),
    ("board: tutorial\nruleset: europe-deluxe\nplayer Ann:", "line 2", "ruleset", "no ruleset 'europe-deluxe'"),
    ("board: tutorial\nphase: lunch\nplayer Ann:", "line 2", "phase", "operations, build, special-build"),
    ("board: tutorial\nturn: Cy\nplayer Ann:", "line 2", "turn", "not one of the players"),
    ("board: tutorial\nplayer Ann:\nplayer Ann:", "line 3 (player Ann)", "name", "two players are called"),
    ("board: tutorial", "position", "players", "1 to 6 players"),
    ("board: tutorial\nspeed: 12", "line 2", "speed", "unknown setting; did you mean seed? (choose from board, deck, "
     "ruleset, seed, phase, round, turn, contracts, warehouses or player NAME)"),
    ("board: tutorial\nthis is not a position", "line 2", "line", "expected 'key: value'"),
    ("board: tutorial\nboard: europe", "line 2", "board", "given twice"),
    ("board: tutorial\nphase: special-build\nplayer Ann: at Paris", "line 3 (player Ann)", "at",
     "placed after the special build turns"),
])
def test_mistakes_name_the_line_and_the_field(text, where, field, words):
    with pytest.raises(PositionError) as info:
        position_from_text(text)
    err = info.value
    assert isinstance(err, eb.InvalidAction) and isinstance(err, ValueError)
    assert (err.where, err.field) == (where, field), str(err)
    assert words in str(err), str(err)


def test_no_chip_left_in_the_bank(board):
    n = board.loads["Wine"]
    lines = [f"player P{i}: train 9/3, loads Wine Wine Wine" for i in range(n // 3 + 1)]
    with pytest.raises(PositionError, match="no Wine chip is left in the bank"):
        position_from_text("board: tutorial\nruleset: europe-standard\n" + "\n".join(lines[:6]))


def test_json_mistakes_name_the_entry():
    with pytest.raises(PositionError) as info:
        position_from_dict({"board": "tutorial", "players": [{"name": "Ann"}, {"name": "Ben", "train": "1/1"}]})
    assert info.value.where == "players[1].train" and info.value.field == "train"


def test_track_through_another_players_segment_is_refused(board):
    ex = board.meta["examples"]["london_birmingham"]
    chain = "-".join(str(m) for m in ex["path"])
    with pytest.raises(PositionError, match="Right of Way") as info:
        position_from_text(f"board: tutorial\nplayer Ann: track {chain}\nplayer Ben: track {chain}")
    assert info.value.where == "line 3 (player Ben)"


# ------------------------------------------------------------------------------------- round trips
def test_text_round_trip_keeps_every_player_detail():
    g = position_from_text("""
board: tutorial
ruleset: europe-standard
phase: build
round: 3
turn: Ben
player Ann: cash 60, train 12/2, at London, loads Wine, track London-Birmingham Paris-Lyon, spent 4
player Ben: cash 31, train 9/3, at 87, track Berlin-Hamburg, ferry Chunnel
""")
    text = position_to_text(g)
    g2 = position_from_text(text)
    assert players_view(g2) == players_view(g), text
    assert (g2.phase, g2.state.round, g2.current_player) == ("build", 3, 1)
    assert position_to_text(g2) == text
    assert position_from_dict(position_to_dict(g)).state.track.segments == g.state.track.segments


def test_run_two_trains_sets_up_the_second_train_and_round_trips():
    """Run Two Trains: "Each player starts with two trains"; ``train2``, ``at2`` and ``loads2`` place the
    second one, and the first train's chips and the second's come out of the same bank."""
    text = """board: tutorial
ruleset: europe-standard run-two-trains
player Ann: cash 60, train 12/2, at London, loads Wine, train2 9/3, at2 Paris, loads2 Wine Cheese
"""
    g = position_from_text(text)
    ann = g.state.players[0]
    assert ann.second is not None and str(ann.second.train) == "9/3"
    assert g.board.place(ann.second.position) == "Paris" and ann.second.loads == ["Wine", "Cheese"]
    fresh = eb.Game.new(eb.ruleset("europe-standard", "run-two-trains"), board="tutorial", players=["Ann"])
    assert g.state.bank["Wine"] == fresh.state.bank["Wine"] - 2
    assert position_from_text(position_to_text(g)).to_json() == position_from_text(text).to_json()
    assert "train2 9/3, at2 Paris, loads2 Wine Cheese" in position_to_text(g)
    # without the variant there is no second train to place
    with pytest.raises(PositionError, match="Run Two Trains") as err:
        position_from_text("board: tutorial\nplayer Ann: at London, at2 Paris\n")
    assert err.value.field == "at2" and "line 2" in str(err.value)


def test_json_save_and_load_is_exact(tmp_path):
    g = position_from_text(EXAMPLE)
    g.apply(parse_action(g, "move Birmingham"))               # the game moves on; its history is saved too
    path = save_position(g, tmp_path / "pos.json")
    g2 = load_position(path)
    assert g2.to_json() == g.to_json()
    assert position(json.loads(path.read_text())).to_json() == g.to_json()


def test_a_position_saved_into_a_folder_not_yet_made_makes_it(tmp_path):
    g = position_from_text(EXAMPLE)
    path = save_position(g, tmp_path / "class" / "week 3" / "pos.json")   # as notebook 04 saves into exports/
    assert path.parent.is_dir() and load_position(path).to_json() == g.to_json()


# -------------------------------------------------------------------------------------- try_action
def build_position(cash=50, extra=""):
    return position_from_text(f"board: tutorial\nphase: build\nplayer Ann: cash {cash}{extra}\nplayer Ben: cash 50")


def test_london_to_folkestone_with_the_chunnel_costs_18M(board):
    ex = board.meta["examples"]["london_folkestone"]         # Building the Chunnel example
    g = build_position()
    before = g.to_json()
    out = try_action(g, Build(ex["path"]))
    assert out.accepted and out.cost == ex["cost"] == 18, out.log
    assert out.game.state.track.owns_crossing(0, "Chunnel") and out.game.state.players[0].cash == 50 - 18
    assert g.to_json() == before                               # the given game never changes
    # places and money, not milepost ids
    assert out.explain() == "Accepted: Ann builds London → Folkestone: 1 clear milepost and the Chunnel (17M), 18M."


def test_right_of_way_is_reported_with_rule_and_reason(board):
    ex = board.meta["examples"]["london_birmingham"]
    chain = "-".join(str(m) for m in ex["path"])
    g = position_from_text(f"board: tutorial\nphase: build\nplayer Ann:\nplayer Ben: track {chain}")
    before = g.to_json()
    out = try_action(g, Build(ex["path"]))
    assert not out.accepted and out.cost == 0 and out.game is None
    assert out.rule == "Build Phase Rules > Right of Way", out
    assert "already belongs to Ben" in out.reason
    assert "Right of Way" in out.explain()
    assert g.to_json() == before


def test_no_credit_and_the_20M_limit(board):
    ex = board.meta["examples"]["london_folkestone"]
    out = try_action(build_position(cash=10), Build(ex["path"]))
    assert (out.accepted, out.rule) == (False, "Build Phase Rules > No Credit/No Loans"), out.reason
    out = try_action(build_position(extra=", spent 5"), Build(ex["path"]))      # 5M + 18M > 20M
    assert not out.accepted and "20M per build phase" in out.reason, out.reason


def test_upgrade_costs_the_rulebook_price_and_wrong_upgrades_are_refused():
    g = build_position()
    out = try_action(g, Upgrade("12/2"))
    assert out == Outcome(True, g.rules.upgrade_cost, None, None)
    assert out.game.state.players[0].train == eb.Train(12, 2)
    out = try_action(g, "upgrade 12/3")
    assert not out.accepted and out.rule == "Build Phase Rules > Upgrading your Train", out.reason


def test_moving_on_own_track_and_phase_errors():
    g = position_from_text(EXAMPLE)                            # operations: Ann at London with track to Birmingham
    out = try_action(g, "move Birmingham")
    assert out.accepted and out.cost == 0, out
    assert out.game.board.city_at(out.game.state.players[0].position).name == "Birmingham"
    assert g.board.city_at(g.state.players[0].position).name == "London"
    out = try_action(g, "move Paris")                          # no track to Paris
    assert not out.accepted and out.rule == "Operations Phase Rules > Running the Train", out
    out = try_action(build_position(extra=", at London, track London-Birmingham"), "move Birmingham")
    assert not out.accepted and out.rule == "How to Play", out


def test_delivery_earns_the_card_payout(board):
    g0 = eb.Game.new("europe-standard", board="tutorial", players=["Ann"], seed=0)
    # any demand card whose city and load exist on this board
    card, dem = next((c, d) for c in g0.deck.demand_cards for d in c.demands
                     if board.has_city(d.city) and d.load in board.loads)
    g = position_from_text(f"board: tutorial\nplayer Ann: cash 10, at {dem.city}, loads {dem.load}, cards {card.id}")
    out = try_action(g, f"deliver {dem.load}")
    assert out.accepted and out.cost == 0 and out.cash_change == dem.payout, out.log
    assert out.game.state.players[0].cash == 10 + dem.payout
    assert out.action == Deliver(dem.load, card.id)
    out = try_action(g, f"deliver {dem.load} 99999")
    assert not out.accepted


def test_asking_for_another_player_and_text_actions():
    g = position_from_text(EXAMPLE.replace("player Ben: cash 30, at Paris", "player Ben: cash 30") + "phase: build\n")
    out = try_action(g, "build London-Birmingham", player="Ben")
    assert out.accepted and out.player == "Ben" and out.cost == eb.cheapest_build(
        g.board, g.rules, "London", "Birmingham", position=eb.Position.of(g.state, 1)).cost
    assert g.current_player == 0
    assert not try_action(g, "fly to Paris").accepted
    with pytest.raises(eb.InvalidAction):
        try_action(g, "end", player="Cy")
    # a build through London's public red area becomes two builds, applied together
    acts = parse_action(g, "build Birmingham-London-Paris")
    assert isinstance(acts, Build) or all(isinstance(a, Build) for a in acts)


def test_parse_position_gives_the_json_form():
    d = parse_position(EXAMPLE)
    assert d["players"][0]["track"] == ["London-Birmingham"] and d["players"][1] == {"name": "Ben", "cash": 30,
                                                                                         "at": "Paris"}


def test_a_ferry_hop_in_an_explicit_chain_buys_the_ferry(board):
    ferry = board.crossing("Portsmouth–Le Havre")
    a, b = ferry.ports
    g = position_from_text(f"board: tutorial\nplayer Ann: track {a}-{b}")
    assert g.state.track.crossings == {"Portsmouth–Le Havre": [0]} and g.state.track.segments == {}
    # a hop between two milepost ids that are not neighbours follows the cheapest build
    london, lyon = board.city("London").mileposts[1], board.city("Lyon").center
    g = position_from_text(f"board: tutorial\nplayer Ann: track {london}-{lyon}")
    plan = eb.cheapest_build(board, g.rules, london, lyon)
    want = {eb.track.seg_key(u, v) for u, v in zip(plan.mileposts, plan.mileposts[1:])
            if board.edge(u, v) is not None and not board.is_red_area(u, v)}
    assert set(g.state.track.segments_of(0)) == want, plan.explain()
    assert set(g.state.track.owned_crossings(0)) == {s.crossing_name for s in plan.segments if s.crossing_name}


def test_positions_load_from_files(tmp_path):
    p = tmp_path / "lesson.txt"
    p.write_text(EXAMPLE, encoding="utf-8")
    assert players_view(position(p)) == players_view(position_from_text(EXAMPLE))
    assert players_view(load_position(p)) == players_view(position_from_text(EXAMPLE))
    with pytest.raises(PositionError, match="cannot read"):
        position(tmp_path / "missing.json")
    with pytest.raises(PositionError) as info:
        position('{"board": "tutorial", "players": [}')
    assert info.value.where.startswith("JSON line")


def test_a_train_staged_on_a_ferry_port_round_trips_by_the_ports_name():
    """Movement Using a Ferry: a train that ended its last turn on a ferry port is staged. ``at`` names a
    port that is no city (Portsmouth), ``staged`` says it is staged, and the text written back says both."""
    g = position("board: europe\nplayer Ann: train 12/2, at Portsmouth, staged, cards 10 7 5\n")
    p = g.state.players[0]
    assert p.staged and g.board.place(p.position) == "Portsmouth"
    text = position_to_text(g)
    assert "at Portsmouth" in text and text.rstrip().endswith("staged")
    back = position_from_text(text).state.players[0]
    assert back.staged and back.position == p.position
    assert position_to_dict(g)["players"][0]["staged"] is True
    # a port's name with a space in a route: Le Havre, joined back where the text splits routes at spaces
    g = position("board: europe\nplayer Ann: at Portsmouth, staged, track London-Portsmouth Le Havre-Paris\n")
    assert sorted(g.state.track.owned_crossings(0)) == ["Portsmouth–Le Havre"]
    le_havre = g.board.crossing("Portsmouth–Le Havre").ports[1]
    assert any(le_havre in seg for seg in g.state.track.segments_of(0))


def test_a_train_is_staged_only_on_a_ferry_port():
    """A staged train off a ferry port is refused, naming the line, the field and the rule."""
    with pytest.raises(PositionError) as e:
        position("board: europe\nplayer Ann: at Paris, staged\n")
    assert e.value.field == "staged" and "line 2 (player Ann)" in str(e.value)
    assert "Movement Using a Ferry" in str(e.value) and "Paris" in str(e.value)
    with pytest.raises(PositionError) as e:
        position("board: europe\nplayer Ann: at Portsmouth, staged yes\n")
    assert e.value.field == "staged" and "a flag without a value" in str(e.value)
    with pytest.raises(PositionError) as e:
        position_from_dict({"board": "europe", "players": [{"name": "Ann", "at": "Portsmouth", "staged": "yes"}]})
    assert e.value.field == "staged"
    with pytest.raises(PositionError) as e:
        position("board: europe\nplayer Ann: at Atlantis\n")
    assert "no city or ferry port 'Atlantis'" in str(e.value)


def test_the_players_table_names_places_and_cards_never_milepost_ids():
    """The instructor's table of players (notebook 04): a train on a bare milepost is named after the place
    ("a clear milepost near Paris"), an unplaced train is "-", the hand is the deck's card numbers ("#4"),
    never a milepost id or a bare list."""
    text = ("board: tutorial\nseed: 7\nplayer Ann: cash 60, train 9/2, at London, loads Wine Beer, cards 4 6 2\n"
            "player Ben: cash 30, track Paris-Lyon\n")
    g = eb.position(text)
    board = g.board
    bare = next(m for k in g.state.track.segments_of(1) for m in k if board.city_at(m) is None)
    g.state.players[1].position = bare
    t = players_table(g)
    assert t.loc["Ann", "at"] == "London" and t.loc["Ann", "loads"] == "Wine, Beer"
    assert t.loc["Ann", "cards"] == "#4, #6, #2" and t.loc["Ann", "cash (M)"] == 60
    assert t.loc["Ben", "at"] == board.place(bare) and " milepost near " in t.loc["Ben", "at"]
    assert str(bare) not in t.loc["Ben"].astype(str).tolist() and t.loc["Ben", "track segments"] > 0
    g.state.players[1].position = None
    assert players_table(g).loc["Ben", "at"] == "-"


def test_a_second_train_without_run_two_trains_says_which_line_to_write():
    """A US position giving a player a second train is refused naming Run Two Trains and the ruleset line to
    write for *this* game (it once suggested the Europe ruleset's line whatever the game)."""
    with pytest.raises(PositionError, match=r"Run Two Trains.*'ruleset: us run-two-trains'"):
        position_from_dict({"ruleset": "us", "players": [{"name": "Ann", "at": "Chicago", "at2": "Denver"}]})
    g = position_from_dict({"ruleset": "us", "variants": ["run-two-trains"],
                            "players": [{"name": "Ann", "at": "Chicago", "at2": "Denver"}]})
    p = g.state.players[0]
    assert g.board.place(p.position) == "Chicago" and g.board.place(p.second.position) == "Denver"


def test_attempt_plays_an_accepted_action_and_leaves_a_refused_one_unplayed():
    """``eb.attempt``: London to Birmingham (5M, the rulebook's example) is built and paid for in the game
    itself; a third segment out of London in the same turn is refused by "Limits on Building from Major
    Cities" and the game is exactly as it was, the refusal naming the rule."""
    g = position_from_text("board: tutorial\nphase: build\nplayer Ann: at London\nplayer Ben:")
    out = eb.attempt(g, "build London-Birmingham")
    assert out.accepted and out.cost == 5 and g.player(0).cash == 45 and g.player(0).spent == 5
    assert str(out) == ("Accepted: Ann builds London → Birmingham: 2 clear mileposts and the medium city "
                        "Birmingham, 5M.")
    before = g.to_json()
    out = eb.attempt(g, "build London-Wien")        # out of London twice more (via Paris): refused
    assert not out.accepted and out.rule == eb.rulebook.MAJOR_LIMIT and g.to_json() == before
    assert str(out).startswith(f"Rejected by the rulebook ({eb.rulebook.MAJOR_LIMIT})")
    out = eb.attempt(g, [eb.EndTurn(), eb.EndTurn(), eb.EndTurn()])     # all or nothing: the third is refused
    assert not out.accepted and g.to_json() == before


def test_an_express_position_round_trips_and_its_loads_replace_the_demos():
    """Empire Express's Demo Set Up gives each colour two loads and its starting track; a position's
    ``loads`` replace the demo's (a 12/2 train never holds three), ``loads none`` is an empty train, and
    a position written from a game reads back to the same game -- loads, bank, track."""
    g = eb.Game.new(eb.ruleset("express"), players=["Orange", "Red"], seed=1)
    text = position_to_text(g)
    back = eb.position(text)
    assert position_to_text(back) == text and back.state.bank == g.state.bank
    assert back.state.track.segments == g.state.track.segments
    g.player(0).loads.clear()                           # Orange delivered both Steel
    g.state.bank["Steel"] += 2
    back = eb.position(position_to_text(g))
    assert back.player(0).loads == [] and back.state.bank == g.state.bank
    mine = eb.position("ruleset: express\nplayer Orange: at Boston, loads Steel\nplayer Red: loads Passengers")
    assert [p.loads for p in mine.state.players] == [["Steel"], ["Passengers"]]
    assert mine.state.bank["Coal"] == g.state.bank["Coal"] + 2          # Red's demo Coal back in the bank


def test_a_board_without_a_ruleset_line_plays_its_own_game():
    """``board: north_america`` alone is Empire Builder (US): 40M each, five of six major cities;
    ``board: eastern_us`` is Empire Express's demo game; the tutorial board keeps Europe's rules."""
    us = eb.position("board: north_america\nplayer Ann: at Chicago\nplayer Ben:")
    assert us.rules.name == "us" and us.player(0).cash == 40 and us.rules.victory_majors == 5
    ex = eb.position("board: eastern_us\nplayer Orange:\nplayer Red:")
    assert ex.rules.name == "express" and ex.player(0).loads == ["Steel", "Steel"]
    assert eb.position("board: tutorial\nplayer Ann:").rules.name == "europe-standard"


def test_express_standings_count_the_money_to_150M_not_major_cities():
    """Empire Express ends on money alone (Game End: "$150 million or more on their turn"): its standings say
    the millions still to go, never "1 of 0" major cities, and have nothing to announce."""
    from eb_core.positions import standings
    g = eb.Game.new(eb.ruleset("express"), players=["Orange", "Red"], seed=1)
    g.player(1).cash = 120
    t = standings(g)
    assert t.loc["Red", "to 150M"] == "30M to go" and t.loc["Orange", "to 150M"] == "150M to go"
    assert "major cities connected" not in t.columns and "announced" not in t.columns
    assert "announced" in standings(eb.position("board: tutorial\nplayer Ann:")).columns


def test_a_text_build_over_track_already_yours_says_nothing_is_new():
    """Orange's demo track already runs Pittsburgh - New York - Boston: "build Pittsburgh-Boston" builds
    nothing new, and says that (it once cited the red area of New York, which the route only rides through)."""
    g = eb.Game.new("express")
    out = eb.try_action(g, "build Pittsburgh-Boston")
    assert not out.accepted and "nothing new" in out.reason and "inside New York" not in out.reason


def test_an_accepted_action_is_told_as_it_was_played():
    """The sentence of an accepted action knows what the action did: a cross grade costs 5M and is called
    one (Cross Grading), a load dropped under Field Warehousing stays in the city, a move on another
    player's track says the rent paid."""
    g = eb.position("board: tutorial\nruleset: europe-standard cross-grading\nphase: build\n"
                    "player Ann: at Paris, train 12/2, cash 40\nplayer Ben:")
    out = eb.attempt(g, "upgrade 9/3")
    assert out.cost == 5 and str(out) == "Accepted: Ann cross grades the train from 12/2 to 9/3 for 5M."
    g = eb.position("board: tutorial\nruleset: europe-standard field-warehousing\n"
                    "player Ann: at Lyon, loads Cheese\nplayer Ben:")
    assert "stays there for any player to pick up (Field Warehousing)" in str(eb.attempt(g, "drop Cheese"))
    g = eb.position("board: tutorial\nplayer Ann: at London\nplayer Ben: track London-Birmingham")
    out = eb.attempt(g, "move Birmingham")
    assert out.cost == 4 and "paying 4M rent" in str(out)


def test_text_commands_reach_the_second_train_the_mercy_loan_and_the_building_phase_first():
    """Run Two Trains: "move Berlin train 2" moves train 2 (from Ruhr), not train 1; Mercy: "borrow 10";
    Less Thinking: "endbuild" ends the Building Phase that comes first. A train 2 without the variant is
    refused naming Run Two Trains."""
    g = eb.position("board: tutorial\nruleset: europe-standard run-two-trains\n"
                    "player Ann: at Paris, at2 Ruhr, track Paris-Lyon Ruhr-Berlin\nplayer Ben:")
    a = parse_action(g, "move Berlin train 2")
    assert a.train == 2 and g.board.place(a.path[-1]) == "Berlin"
    out = eb.attempt(g, "move Berlin train 2")
    assert out.accepted and g.board.place(g.player(0).second.position) == "Berlin"
    assert g.board.place(g.player(0).position) == "Paris"
    plain = eb.position("board: tutorial\nplayer Ann: at Paris, track Paris-Lyon\nplayer Ben:")
    with pytest.raises(eb.InvalidAction, match="Run Two Trains"):
        parse_action(plain, "move Lyon train 2")
    g = eb.position("board: tutorial\nruleset: europe-standard mercy\nphase: build\nplayer Ann: cash 5\nplayer Ben:")
    assert eb.attempt(g, "borrow 10").accepted and g.player(0).cash == 15
    g = eb.position("board: tutorial\nruleset: europe-standard less-thinking\nphase: build\n"
                    "player Ann: at Paris\nplayer Ben:")
    assert eb.attempt(g, "endbuild").accepted and g.phase == "operations"


def test_variant_state_in_the_position_text():
    """Mercy's loan is written and read back ("loan 10"; refused without Mercy); Fast Game's Chunnel, "another
    ferry", may have two owners in a position as in play; a Less Thinking position starts with its Building
    Phase."""
    g = eb.position("board: tutorial\nruleset: europe-standard mercy\nplayer Ann: cash 5, loan 10\nplayer Ben:")
    assert g.player(0).loan == 10 and eb.position(position_to_text(g)).player(0).loan == 10
    with pytest.raises(PositionError, match="Mercy"):
        eb.position("board: tutorial\nplayer Ann: loan 10\nplayer Ben:")
    fast = eb.position("board: tutorial\nruleset: europe-basic fast-game\nplayer Ann: ferry Chunnel\n"
                       "player Ben: ferry Chunnel")
    assert fast.state.track.crossing_owners("Chunnel") == (0, 1)
    assert eb.position(position_to_text(fast)).state.track.crossing_owners("Chunnel") == (0, 1)
    lt = eb.position("board: tutorial\nruleset: europe-standard less-thinking\nplayer Ann: at Paris\nplayer Ben:")
    assert lt.phase == "build" and eb.attempt(lt, "build Paris-Lyon").accepted


def test_a_move_in_the_build_phase_is_refused_by_the_phase_for_any_player():
    """A text 'move' in the Build phase is refused by How to Play (the Operations phase is over) whoever it is
    asked for -- it once answered for another player with a route search ("no built track")."""
    g = eb.position("board: tutorial\nphase: build\nplayer Ann: at Paris\nplayer Ben: at Berlin")
    for who in (None, "Ben"):
        out = eb.try_action(g, "move Lyon", player=who)
        assert out.rule == eb.rulebook.HOW_TO_PLAY and "Operations phase" in out.reason
    express = eb.Game.new("express")            # the Building Phase first: a move starts the operations
    assert eb.try_action(express, "move Harrisburg").rule != eb.rulebook.HOW_TO_PLAY
