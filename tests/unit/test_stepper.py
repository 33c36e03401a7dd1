"""The turn stepper over a recorded game: first paint shows frame 0 complete, Next moves the train and
the narration, the slider and Prev go back, and a game saved as JSON steps as well as a live one."""
from __future__ import annotations

import html
import random

import numpy as np
import pytest

from eb_core.errors import InvalidAction

import eb_core as eb
from support import tutorial_opening
from eb_core.actions import Build, EndTurn, Move, PlaceTrain
from eb_core.display import figures
from eb_core.display.widgets import TurnStepper, frames_of
from eb_core import events, narrate
from eb_core.bots.planner import PlannerBot, play_solo


@pytest.fixture(scope="module")
def recorded():
    """Ann and Ben on the tutorial board: special build turns, then Ann places her train in London and
    runs to Birmingham on her own track (notebook 03's opening)."""
    board, rules = eb.load_board("tutorial"), eb.ruleset("europe-standard")
    g = tutorial_opening(board, rules)
    ex = board.meta["examples"]
    seat = g.current_player                      # runs along the track this player built
    key = "london_birmingham" if g.history[0] == Build(path=ex["london_birmingham"]["path"]) and \
        seat == g.state.first_player else "london_folkestone"
    g.apply(PlaceTrain("London"))
    path = list(ex[key]["path"])
    if path[0] == g.player().position:
        path = path[1:]
    g.apply(Move(path))
    return g.to_json()


def _xy(fig, key):
    tr = figures.find_trace(fig, key)
    return np.asarray(tr.x, dtype=float), np.asarray(tr.y, dtype=float)


def test_first_paint_is_frame_zero_complete(recorded):
    s = TurnStepper(recorded, by="action")
    steps = narrate.replay(recorded)
    assert len(s.frames) == len(steps) and s.frame == 0
    # the widget's initial state (what a view starts from, in JupyterLab and Voila) already holds frame 0
    data = {t.get("meta"): t for t in s.figure._widget_data}
    seat = steps[0].seat
    assert len([v for v in data[f"track:{seat}"]["x"] if v == v]) == 2 * len(steps[0].new_track)
    assert len([v for v in data["new_track"]["x"] if v == v]) == 2 * len(steps[0].new_track) > 0
    assert s.figure._widget_layout["title"]["text"].startswith("1/")
    assert steps[0].text in s.narration.value.replace("&gt;", ">")
    assert "M</td>" in s.money.value and "'s hand" in s.hand.value


def test_next_moves_the_train_and_tells_it(recorded):
    s = TurnStepper(recorded, by="action")
    game = eb.Game.from_json(recorded)
    move_frame = len(s.frames) - 1
    assert isinstance(s.frames[move_frame][0].action, Move)
    s.show(move_frame - 1)
    seat = s.steps_shown[-1].seat
    before = _xy(s.figure, f"train:{seat}")
    s.next()
    after = _xy(s.figure, f"train:{seat}")
    assert s.frame == move_frame and s.slider.value == move_frame
    end = game.state.players[seat].position
    assert (after[0][0], after[1][0]) == tuple(game.board.xy[end]) and not np.array_equal(before[0], after[0])
    path = _xy(s.figure, "train_path")
    assert len(path[0]) == len(game.history[-1].path) + 1, "the path drawn starts where the train stood"
    assert "moves London → " in s.narration.value.replace("&gt;", ">")
    assert s.next() == move_frame, "Next stays on the last frame"
    s.slider.value = 0                     # the slider (or Play) jumps back
    assert s.frame == 0 and len(_xy(s.figure, "train_path")[0]) == 0
    assert s.back() == 0


def test_turn_frames_group_a_players_actions(recorded):
    steps = narrate.replay(recorded)
    frames = frames_of(steps, "turn")
    assert sum(len(f) for f in frames) == len(steps)
    assert all(len({s.seat for s in f}) == 1 for f in frames)
    assert [s.action for s in frames[0]][-1] == EndTurn()
    s = TurnStepper(recorded)                     # by turn: the first frame is Ann's whole first turn
    assert len(s.frames) == len(frames)
    with pytest.raises(InvalidAction, match="turn") as err:
        frames_of(steps, "round")
    assert err.value.field == "by"


def test_steps_a_game_saved_to_a_file(recorded, tmp_path):
    path = tmp_path / "table.json"
    path.write_text(recorded, encoding="utf-8")
    s = TurnStepper(path.read_text(encoding="utf-8"), by="action")
    assert s.frames[-1][-1].after.to_json() == eb.Game.from_json(recorded).to_json()


def test_an_event_in_force_is_drawn_and_told():
    """Planner bots on the tutorial board until the first event strikes (seeded): the frame that drew it
    says so, and the events in force have their areas on the map."""
    g = eb.Game.new("europe-standard", board="tutorial", players=["Ann", "Ben"], seed=2)
    bots = [PlannerBot(0, random.Random(1)), PlannerBot(1, random.Random(2))]
    for _ in range(300):
        if g.over or any(ln.startswith("Event '") for ln in g.state.log):
            break
        bots[g.current_player].step(g)
    s = TurnStepper(g.to_json(), by="action", frame=10_000)        # clamped to the last frame
    assert s.frame == len(s.frames) - 1
    assert "Event &#x27;" in s.events.value, s.events.value
    area = figures.find_trace(s.figure, "area:events in force")
    want = set().union(set(), *(events.affected(g, a["card"])["mileposts"] for a in g.state.active_events))
    assert set(area.customdata if area.customdata is not None else ()) == want


def test_a_solo_game_steps_turn_by_turn():
    """One player: the turn never passes to someone else, yet every turn is its own frame."""
    game = eb.Game.new(eb.ruleset("europe-basic"), board="tutorial", players=["Solo"], seed=1)
    bot = PlannerBot(0, random.Random(1))
    while game.state.players[0].turns < 4 and not game.over:
        bot.step(game)
    frames = frames_of(narrate.replay(game.to_json()), "turn")
    assert len(frames) >= 4
    for f in frames:
        turns = {s.before.state.players[0].turns for s in f}
        assert len(turns) == 1, "a frame never spans two turns"


def test_each_planner_turn_has_its_why_drawn_and_told():
    """The stepper over a planner game gives each turn the planner's reason in figures (income per turn
    against the next best) and draws that plan's stops on the map, in order from the train."""
    game = eb.Game.new(eb.ruleset("europe-basic"), board="tutorial", players=["Solo"], seed=1)
    bot = PlannerBot(0, random.Random(1))
    while game.state.players[0].turns < 3 and not game.over:
        bot.step(game)
    s = TurnStepper(game.to_json(), why=True)
    assert s.why in s.widget.children
    for frame in range(len(s.frames)):
        s.show(frame)
        h = s.hint_for()
        assert h is not None and h.plan is not None
        assert "M per turn" in s.why.value and h.player in s.why.value
        tr = figures.find_trace(s.figure, "plan")
        stops = [f"{i}. {'pick up' if a == 'pickup' else 'deliver'} {ld} at {c}"
                 for i, (a, c, ld, _) in enumerate(h.plan.stops, 1)]
        assert [t for t in tr.hovertext if t] == stops      # each stop in full where the pointer rests
        assert " · ".join(stops) in s.why.value            # and listed in the why above the map
        # on the map each city is labelled once, with the numbers of its stops
        cities = list(dict.fromkeys(c for _, c, _, _ in h.plan.stops))
        assert [t.split(". ", 1)[1] for t in tr.text if t] == cities
        for i, (_, c, _, _) in enumerate(h.plan.stops, 1):
            assert str(i) in next(t for t in tr.text if t.endswith(f". {c}")).split(". ")[0].split(", ")
    plain = TurnStepper(game.to_json())
    assert plain.why not in plain.widget.children and not figures.find_trace(plain.figure, "plan").visible


def test_the_why_of_each_frame_is_the_turn_the_frame_shows():
    """Seed 1000's solo game, stepped turn by turn with the why: each turn's advice is the turn played
    (the planner that played it is replayed beside the record, its memory and all), not what a new
    planner would do from the position (which differs in about one turn of six)."""
    from eb_core import sim
    r = sim.solo_game(eb.ruleset("europe-standard"), seed=1000, max_turns=25)
    s = TurnStepper(r.game.to_json(), why=True)
    for frame in range(len(s.frames)):
        if s.frames[frame][0].before.over:
            continue
        h = s.hint_for(frame)
        assert [repr(a) for a in h.actions] == [repr(st.action) for st in s.frames[frame]], frame


def test_both_trains_of_run_two_trains_are_drawn_and_the_second_moves():
    """Run Two Trains: the stepper draws a player's second train beside the first and Next moves it."""
    board = eb.load_board("tutorial")
    g = tutorial_opening(board, eb.ruleset("europe-standard", "run-two-trains"))
    ex = board.meta["examples"]
    key = "london_birmingham" if g.history[0] == Build(path=ex["london_birmingham"]["path"]) and \
        g.current_player == g.state.first_player else "london_folkestone"
    g.apply(PlaceTrain("London"))
    g.apply(PlaceTrain("London", train=2))
    path = [m for m in ex[key]["path"] if m != g.player().second.position]
    g.apply(Move(tuple(path[:3]), train=2))
    seat = g.current_player
    s = TurnStepper(g.to_json(), by="action")
    s.show(len(s.frames) - 2)                       # both trains placed in London
    x, y = _xy(s.figure, f"train:{seat}")
    london = tuple(board.xy[board.city("London").center])
    assert len(x) == 2 and (x[1], y[1]) == london
    s.next()                                        # train 2 moves three mileposts
    x, y = _xy(s.figure, f"train:{seat}")
    assert (x[0], y[0]) == london and (x[1], y[1]) == tuple(board.xy[path[2]])
    assert "train 2" in figures.find_trace(s.figure, f"train:{seat}").text[1]


def test_two_trains_paths_in_one_turn_are_drawn_apart():
    """Run Two Trains, Europe: a turn in which both trains move draws each train's path on its own, with no
    line from where train 1 stopped to where train 2 set off (the screenshot of notebook 06 showed one
    across Bohemia)."""
    from eb_core import sim
    r = sim.solo_game(eb.ruleset("europe-standard", "run-two-trains"), seed=1000, max_turns=12)
    s = TurnStepper(r.game.to_json())
    seen = 0
    for frame in range(len(s.frames)):
        s.show(frame)
        runs = s._frame_data()["runs"]
        x, y = _xy(s.figure, "train_path")
        assert len(x) == (sum(len(run) for run in runs) + len(runs) - 1 if runs else 0)
        if len(runs) > 1:
            seen += 1
            breaks = [i for i, v in enumerate(x) if v != v]          # NaN: the line stops there
            assert len(breaks) == len(runs) - 1
    assert seen, "some turn moves both trains apart"


def test_under_run_two_trains_the_why_draws_train_2s_plan_too():
    """Run Two Trains, a planner game: each turn's why draws train 2's plan from train 2, its stops
    labelled "train 2: ...", beside train 1's; the money table names each train's loads."""
    game = eb.Game.new(eb.ruleset("europe-basic", "run-two-trains"), board="tutorial", players=["Solo"], seed=2)
    bot = PlannerBot(0, random.Random(2))
    while game.state.players[0].turns < 8 and not game.over:
        bot.step(game)
    s = TurnStepper(game.to_json(), why=True)
    drawn = placed = 0
    for frame in range(len(s.frames)):
        s.show(frame)
        h = s.hint_for()
        tr = figures.find_trace(s.figure, "plan2")
        assert tr.visible
        if h is None or h.plan2 is None:
            assert len(tr.x) == 0
            continue
        drawn += 1
        stops = [f"train 2: {i}. {'pick up' if a == 'pickup' else 'deliver'} {ld} at {c}"
                 for i, (a, c, ld, _) in enumerate(h.plan2.stops, 1)]
        assert [t for t in tr.hovertext if t] == stops
        assert all(t.startswith("train 2: ") for t in tr.text if t) and "Train 2's stops" in s.why.value
        second = s.frames[frame][0].before.state.players[0].second
        x, y = _xy(s.figure, "plan2")
        if second.position is not None:             # drawn from the train once it is placed
            placed += 1
            assert (x[0], y[0]) == tuple(s.board.xy[second.position])
        assert "train 1: " in s.money.value and "train 2: " in s.money.value
    assert drawn >= 6 and placed >= 4, "train 2 has a plan on most turns of this game"


def test_a_stops_label_sits_beside_its_citys_printed_name_not_over_it():
    """The plan's "1. Wien", the map's own "Wien" and the train's "Solo: Wine" are three labels at one
    place: each goes on its own side of the marker (the stop's printed over the name before, in notebook
    06's Run Two Trains game), on every frame and after a zoom re-places the names."""
    game = eb.Game.new(eb.ruleset("europe-standard"), board="europe", players=["Solo"], seed=1)
    play_solo(game, PlannerBot(0, random.Random(1)), max_turns=8)
    s = TurnStepper(game.to_json(), why=True, zoom=True)

    def check() -> int:
        names = figures.find_trace(s.figure, "city_labels")
        spot = dict(zip(names.text, names.textposition))
        tr = figures.find_trace(s.figure, "plan")
        train = figures.find_trace(s.figure, "train:0")
        train_at = dict(zip(zip(train.x, train.y), train.textposition))
        n = 0
        for text, where, x, y in zip(tr.text, tr.textposition, tr.x, tr.y):
            city = text.split(". ", 1)[1] if text else None
            if city in spot:
                n += 1
                assert where != spot[city], (city, where)
            if text and (x, y) in train_at:
                assert where != train_at[x, y], (city, where, "the train's label is there")
        return n

    seen = 0
    for frame in range(len(s.frames)):
        s.show(frame)
        seen += check()
    assert seen >= 5, "the plans' stops are at named cities on most frames"
    s.figure.layout.xaxis.range = (s.figure.layout.xaxis.range[0] - 20, s.figure.layout.xaxis.range[1] + 20)
    check()


def test_zoom_fits_the_map_to_the_track_the_trains_and_the_plan_of_each_frame():
    """``zoom=True``: a Europe game's first turns are seen close up -- the window holds the frame's track,
    trains and the planner's stops, at least ``MIN_SPAN`` mileposts across, and far less than the board --
    and it widens with the network; without ``zoom`` the whole board is shown (autorange)."""
    game = eb.Game.new(eb.ruleset("europe-basic"), board="europe", players=["Solo"], seed=1)
    play_solo(game, PlannerBot(0, random.Random(1)), max_turns=12)
    s = TurnStepper(game.to_json(), why=True, zoom=True)
    board_w = float(np.ptp(s.board.xy[:, 0]))
    widths = []
    for frame in (0, len(s.frames) - 1):
        s.show(frame)
        (x0, x1), ys = s.figure.layout.xaxis.range, sorted(s.figure.layout.yaxis.range)
        xy = s.board.xy[s.view_mileposts()]
        assert (xy[:, 0] >= x0).all() and (xy[:, 0] <= x1).all()
        assert (xy[:, 1] >= ys[0]).all() and (xy[:, 1] <= ys[1]).all()
        assert x1 - x0 >= TurnStepper.MIN_SPAN
        widths.append(x1 - x0)
    assert widths[0] < board_w / 2 and widths[0] <= widths[1]
    plain = TurnStepper(game.to_json(), why=True)
    assert plain.figure.layout.xaxis.range is None


def test_stepped_action_by_action_each_action_shows_its_turns_why():
    """``by="action"`` with the why: every action of a turn shows the why of the turn it belongs to (the
    same hint as the turn-by-turn stepper's, whose actions are the turn's), the plan drawn from where the
    turn began, not a new plan from the middle of the turn."""
    from eb_core import sim
    r = sim.solo_game(eb.ruleset("europe-standard"), seed=1000, max_turns=8)
    turns = TurnStepper(r.game.to_json(), why=True)
    actions = TurnStepper(r.game.to_json(), by="action", why=True)
    assert len(actions.frames) > len(turns.frames)
    frame = 0
    for t, turn in enumerate(turns.frames):
        if turn[0].before.over:
            continue
        h = turns.hint_for(t)
        assert [repr(a) for a in h.actions] == [repr(st.action) for st in turn]
        start = turn[0].before.state.players[0].position
        for step in turn:
            while actions.frames[frame][0].index != step.index:
                frame += 1
            actions.show(frame)
            assert str(actions.hint_for()) == str(h)
            assert "view of this turn as it began" in actions.why.value and str(h) in html.unescape(actions.why.value)
            if start is not None and h.plan is not None and h.plan.stops:
                x, y = _xy(actions.figure, "plan")
                assert (x[0], y[0]) == tuple(actions.board.xy[start])


def test_a_turn_that_discards_the_hand_draws_no_plan():
    """A turn given up to discard the hand (How to Play) throws its plan away: the stepper's why says the
    discard and the map draws no stops of the plan given up."""
    import eb_core as eb
    from eb_core.display.widgets import TurnStepper
    r = eb.solo_game("europe-basic", seed=1, max_turns=20)
    st = TurnStepper(r.game, why=True)
    t = next(t for t in range(len(st.frames)) if st.hint_for(t) is not None and st.hint_for(t).discard)
    st.show(t)
    assert "discard the whole hand" in st.why.value and "Stops, numbered" not in st.why.value
    drawn = [d for d in st.figure.data if d.meta in ("plan", "plan2")]
    assert drawn and all(d.x is None or len(d.x) == 0 for d in drawn)
