"""Games changed outside their actions replay step by step (``eb_core.engine.interludes``).

The rulebook's solo play changes the position between the player's actions (Solo & Variant Rules > Solo
Play Scenarios): Scenario 3's simulated Player 2 is dealt a card and its track is drawn, Scenario 4's
simulated opponents draw track, the Simulated Win / Loss draws a card from the pile. The turn stepper replays
such a game from its actions; each change made outside them is recorded where it was made and made again
there, so the stepper shows it in the step it followed."""
from __future__ import annotations

import json

import pytest

import eb_core as eb
from eb_core import narrate, sim
from eb_core.errors import DataFileError


@pytest.fixture(scope="module")
def scenario_3():
    """Solo Scenario 3 on the tutorial board, seed 3, ten turns: Player 2 is dealt its first card after the
    special build turns, and a new one after Solo's first delivery (one game, played once for this file)."""
    return sim.solo_game("europe-basic", seed=3, board="tutorial", scenario=3, max_turns=10)


def _simulated(steps, word="simulated"):
    return [(s.index, e) for s in steps for e in s.events if word in e]


def test_a_scenario_3_game_replays_with_player_2_dealt_its_card_after_the_initial_build_turns(scenario_3):
    """Solo Scenario 3: "after your two initial build turns Player 2 gets one demand card". The replay shows
    that in the step that ended the second build turn, and ends in the recorded position."""
    r = scenario_3
    steps = narrate.replay(r.game)
    assert steps[-1].state.to_dict() == r.game.state.to_dict()
    dealt = _simulated(steps)
    assert dealt and dealt[0][1].startswith("Player 2 (simulated) holds card ")
    first = steps[dealt[0][0]]
    assert first.before.state.special_round and not first.after.state.special_round
    assert first.after.state.players[1].hand and not first.before.state.players[1].hand
    # the saved game carries the same changes: its replay is the same, step for step
    again = narrate.replay(r.game.to_json())
    assert [(s.text, s.events) for s in again] == [(s.text, s.events) for s in steps]


def test_a_scenario_3_game_starts_its_replay_with_player_2_holding_no_cards(scenario_3):
    """Scenario 3 set-up: Player 2 starts without cards, with no cash, on the three-load side; that is made
    before the first action, so the first step starts from it."""
    r = scenario_3
    p2 = narrate.replay(r.game)[0].before.state.players[1]
    assert (p2.hand, p2.cash, p2.train.capacity) == ([], 0, 3)


def test_a_simulated_win_loss_game_replays_with_its_draws_after_turns_16_and_32():
    """Simulated Win / Loss: a card is drawn "at the end of your 16th turn" and of the 32nd; the replay shows
    each draw after the step that ended that turn, and the draw pile is the recorded one at the end."""
    r = sim.solo_game("europe-standard", seed=5, board="tutorial", max_turns=34, win_loss=True)
    steps = narrate.replay(r.game.to_json())
    draws = _simulated(steps, "Simulated Win / Loss")
    assert [e.split(" drawn after ")[1].split(";")[0] for _, e in draws] == ["turn 16 and discarded",
                                                                           "turn 32 and discarded"]
    assert "your opponents are DOING" in draws[0][1] and "your opponents' status" in draws[1][1]
    assert steps[-1].state.draw_pile == r.game.state.draw_pile


def test_a_game_changed_outside_its_actions_without_saying_so_does_not_replay():
    """A change made behind the engine's back and not recorded is caught: the replay does not reach the
    recorded position and says so."""
    g = eb.Game.new("europe-standard", board="tutorial", players=["Ann"], seed=1)
    g.state.players[0].cash += 10
    with pytest.raises(eb.InvalidAction, match="does not replay to its recorded position"):
        narrate.replay(g)
    with g.outside():           # the same change, recorded
        g.state.players[0].cash += 10
    h = eb.Game.new("europe-standard", board="tutorial", players=["Ann"], seed=1)
    with h.outside():
        h.state.players[0].cash += 10
    assert h.interludes == [{"after": 0, "changes": {"players": {"set": h.state.to_dict()["players"]}}}]
    assert narrate.replay(h) == [] and h.state.players[0].cash == 60


def test_outside_records_once_for_nested_blocks_nothing_for_no_change_and_nothing_when_turned_off():
    g = eb.Game.new("europe-standard", board="tutorial", players=["Ann"], seed=1)
    with g.outside():
        with g.outside():
            g.state.log.append("one")
        g.state.log.append("two")
    with g.outside():
        pass
    assert g.interludes == [{"after": 0, "changes": {"log": {"append": ["one", "two"]}}}]
    g.keep_interludes = False
    with g.outside():
        g.state.log.append("three")
    assert len(g.interludes) == 1
    assert g.clone().interludes == g.interludes


@pytest.mark.parametrize("bad, field", [
    ({"after": -1, "changes": {}}, "interludes[0].after"),
    ({"after": 0, "changes": {"cash": {"set": 1}}}, "interludes[0].changes.cash"),
    ({"after": 0, "changes": {"log": {"insert": ["x"]}}}, "interludes[0].changes.log"),
    ({"after": 0}, "interludes[0]"),
])
def test_a_saved_game_with_a_malformed_interlude_names_the_field(bad, field):
    g = eb.Game.new("europe-standard", board="tutorial", players=["Ann"], seed=1)
    d = json.loads(g.to_json())
    d["interludes"] = [bad]
    with pytest.raises(DataFileError) as err:
        eb.Game.from_dict(d, source="saved.json")
    assert err.value.field == field and "saved.json" in str(err.value)


def test_the_planner_gives_no_hint_for_a_simulated_seat_and_the_stepper_says_why(scenario_3):
    """Solo Scenario 3's Player 2 "never builds, moves or delivers": nobody plays its turns, so there is no
    turn to advise on. ``eb.hint`` refuses it naming the scenario; the turn stepper's why says so for its
    turns and still gives the planner's view of the solo player's."""
    from eb_core.display.widgets.stepper import TurnStepper

    r = scenario_3
    steps = narrate.replay(r.game)
    p2_turn = next(s for s in steps if s.seat == 1)
    with pytest.raises(eb.InvalidAction, match=r"Player 2 is simulated \(Solo Scenario 3: it never builds"):
        eb.hint(p2_turn.before)
    t = TurnStepper(r.game, why=True)
    whys = {}
    for f, frame in enumerate(t.frames):
        t.slider.value = f
        whys.setdefault(frame[0].seat, t.why.value)
    assert "Player 2 is simulated (Solo Scenario 3" in whys[1] and "no turn to advise on." in whys[1]
    assert "The planner&#x27;s view" in whys[0] or "The planner's view" in whys[0]


def test_the_planner_replayed_beside_a_scenario_4_game_plays_it_as_recorded():
    """The why of a planner game starts from the bot that played it (``PlayedBots``); in Solo Scenario 4
    the opponents' track is drawn between the solo player's actions, and the bot replayed beside the record
    sees it as the player did: it keeps choosing the recorded actions to the end."""
    from eb_core.bots.hint import PlayedBots

    r = sim.solo_game("europe-basic", seed=4, board="tutorial", scenario=4, players=2, max_turns=20)
    steps = narrate.replay(r.game)
    assert any(s.outside for s in steps) and any("(simulated) draws track" in e for s in steps for e in s.events)
    played = PlayedBots(steps)
    last_solo = max(s.index for s in steps if s.seat == 0)
    assert played.bot_at(last_solo) is not None, "the planner left the recorded game"


def test_a_simulated_player_has_no_train_on_the_map(scenario_3):
    """Scenario 3's Player 2 "never builds, moves or delivers" and has no train on the board (Solo Play
    Scenarios: only its train board, flipped to the three-load side, sits on the table): it passes its turns
    without placing one, the log never says it places one, and the map draws none -- neither the game
    figure nor the turn stepper -- only its track."""
    from eb_core.display import figures
    from eb_core.display.widgets.stepper import TurnStepper

    r = scenario_3
    g = r.game
    assert g.state.players[1].position is None and g.state.players[0].position is not None
    assert not any(line.startswith("Player 2 places") for line in g.state.log)
    f = figures.game_figure(g)
    names = {t.meta for t in f.data}
    assert "train:0" in names and "train:1" not in names
    t = TurnStepper(g)
    t.show(len(t.frames) - 1)
    assert len(figures.find_trace(t.figure, "train:1").x) == 0
    assert len(figures.find_trace(t.figure, "train:0").x) == 1
