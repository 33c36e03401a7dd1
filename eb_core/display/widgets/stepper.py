"""The turn stepper: Prev / Next / a slider / Play over a recorded game, drawn step by step.

The story comes from :mod:`eb_core.narrate` (the rules side replays the record and says each step in
words); this module only draws: the map (every player's track, the new track of this frame highlighted,
the train's path this frame, the trains with their loads, the areas of the events in force), each
player's money, the hand as cards, the events that struck, and the narration. A recorded game is plain data (:meth:`Game.to_json`), so a game
saved from a real table steps as well as a bot's.

>>> import eb_core as eb
>>> from eb_core.display.widgets import TurnStepper
>>> g = eb.Game.new("europe-standard", board="tutorial", players=["Ann", "Ben"], seed=7)
>>> g.apply(eb.Build(path=g.board.meta["examples"]["london_birmingham"]["path"]))
>>> g.apply(eb.EndTurn())
>>> s = TurnStepper(g.to_json(), by="action")
>>> s.frame, len(s.frames), "London → Birmingham" in s.narration.value
(0, 2, True)
>>> s.next()
1
"""
from __future__ import annotations

import html
from typing import Any, Sequence

import ipywidgets as W
import numpy as np
import plotly.graph_objects as go

from ... import events
from ...board import Board
from ...bots.hint import PlayedBots
from ...bots.hint import hint as _hint
from ...errors import InvalidAction
from ...narrate import Step, place, replay
from .. import figures
from .base import App

__all__ = ["TurnStepper", "turn_stepper", "frames_of"]

NEW_TRACK = "#D55E00"
PLAN = "#009E73"
PLAN2 = "#CC79A7"


def frames_of(steps: Sequence[Step], by: str = "turn") -> list[list[Step]]:
    """Group the steps into what one press of Next shows: one action (``by="action"``) or a whole turn
    of one player (``by="turn"``: the actions until the turn passes)."""
    if by not in ("turn", "action"):
        raise InvalidAction(f"by: expected 'turn' or 'action', not {by!r}", field="by")
    if by == "action":
        return [[s] for s in steps]
    out: list[list[Step]] = []
    for s in steps:
        if out and out[-1][-1].seat == s.seat and not _turn_ended(out[-1][-1]):
            out[-1].append(s)
        else:
            out.append([s])
    return out


def _turn_ended(s: Step) -> bool:
    """The step passed the turn: to another player, or (a solo game) to the same player's next turn."""
    after, before = s.after.state, s.before.state
    return after.current != s.seat or after.players[s.seat].turns != before.players[s.seat].turns


def _track_xy(board: Board, track, seat: int) -> tuple[np.ndarray, np.ndarray]:
    pairs = track.segments_of(seat)
    xs, ys = [], []
    for a, b in pairs:
        xs += [board.xy[a, 0], board.xy[b, 0], np.nan]
        ys += [board.xy[a, 1], board.xy[b, 1], np.nan]
    for name in sorted(track.owned_crossings(seat)):
        cr = board.crossing(name)
        for m in (cr.ports[0], *cr.mileposts, cr.ports[1]):
            xs.append(board.xy[m, 0])
            ys.append(board.xy[m, 1])
        xs.append(np.nan)
        ys.append(np.nan)
    return np.array(xs, dtype=float), np.array(ys, dtype=float)


def _stop_text(i: int, act: str, load: str, city: str) -> str:
    """A plan's stop in words: ``1. pick up Wine at Wien``."""
    return f"{i}. {'pick up' if act == 'pickup' else 'deliver'} {load} at {city}"


def _loads_text(p) -> str:
    """A player's loads for the money table; under Run Two Trains each train's, named."""
    second = getattr(p, "second", None)
    if second is None:
        return ", ".join(p.loads) or "—"
    return f"train 1: {', '.join(p.loads) or 'empty'}; train 2: {', '.join(second.loads) or 'empty'}"


def _runs_xy(board, runs: list[list[int]]) -> tuple[np.ndarray, np.ndarray]:
    """Map points of the trains' paths, one run after another with a break between them (no line is drawn
    from where train 1 stopped to where train 2 set off)."""
    if not runs:
        return np.empty(0), np.empty(0)
    xy = board.xy
    parts = [np.vstack([xy[run], [np.nan, np.nan]]) for run in runs]
    pts = np.vstack(parts)[:-1]
    return pts[:, 0], pts[:, 1]


def _pairs_xy(board: Board, pairs) -> tuple[np.ndarray, np.ndarray]:
    xs, ys = [], []
    for a, b in pairs:
        xs += [board.xy[a, 0], board.xy[b, 0], np.nan]
        ys += [board.xy[a, 1], board.xy[b, 1], np.nan]
    return np.array(xs, dtype=float), np.array(ys, dtype=float)


class TurnStepper(App):
    """Step through a recorded game (a :class:`~eb_core.engine.Game`, its JSON or dict; ``start`` as in
    :func:`eb_core.narrate.replay`). ``by`` is ``"turn"`` (default) or ``"action"``.

    Controls: ``prev`` / ``next_button`` / ``slider`` (the frame) / ``play``. State: ``steps`` (every
    :class:`~eb_core.narrate.Step`), ``frames`` (steps grouped per press of Next), ``frame`` (the one
    shown), ``figure`` (a plotly ``FigureWidget`` built from frame 0 before it is shown), ``narration``,
    ``money``, ``hand``, ``events`` (HTML widgets).

    ``why=True`` adds the planner's reason for each turn (:func:`eb_core.bots.hint.hint` on the position the
    turn began with, by the planner that played it when the game is a planner's, so the plan is the one the
    turn then follows): the plan drawn on the map in green (the train, then each stop in order) and, in the
    ``why`` widget, its income per turn against the next best plan. Under Run Two Trains the second
    train's plan is drawn too, in purple from train 2, its stops labelled "train 2: ...". :meth:`hint_for` gives the
    :class:`~eb_core.bots.hint.Hint` of a frame (computed when first shown, then kept). Stepping
    ``by="action"``, every action of a turn shows that turn's why, the plan drawn from where the turn began.

    ``zoom=True`` fits the map to what each frame is about (:meth:`view_mileposts`: the track, the trains
    and, with the why, the plans' stops; at least :attr:`MIN_SPAN` mileposts across), so a game's first
    turns are seen close up on a board as large as Europe; the window follows the game as it grows.
    """

    def __init__(self, record, *, by: str = "turn", start=None, frame: int = 0, height: int | None = None,
                 interval_ms: int = 1200, why: bool = False, zoom: bool = False):
        self.steps = replay(record, start=start)
        if not self.steps:
            raise InvalidAction("record: the recorded game has no actions to step through", field="record")
        self.frames = frames_of(self.steps, by)
        self.by = by
        first = self.steps[0].before
        self.board, self.rules = first.board, first.rules
        self.names = [p.name for p in first.state.players]
        self.frame = max(0, min(int(frame), len(self.frames) - 1))
        n = len(self.frames)
        self.prev = W.Button(description="◀ Prev", layout=W.Layout(width="90px"))
        self.next_button = W.Button(description="Next ▶", layout=W.Layout(width="90px"))
        self.slider = W.IntSlider(value=self.frame, min=0, max=n - 1, description=by, continuous_update=False,
                                  layout=W.Layout(width="420px"))
        self.play = W.Play(value=self.frame, min=0, max=n - 1, interval=interval_ms, description="play")
        W.jslink((self.play, "value"), (self.slider, "value"))
        self.narration = W.HTML()
        self.money = W.HTML()
        self.hand = W.HTML()
        self.events = W.HTML()
        self.why_shown = bool(why)
        self.zoomed = bool(zoom)
        self.why = W.HTML()
        self._hints: dict[int, Any] = {}            # the first step's index of a turn -> its hint
        self._no_hint: dict[int, str] = {}          # ... -> why there is none (a simulated seat, the game over)
        # each step's turn, by its first step: with ``by="action"`` every action of a turn shows that turn's why
        turns = self.frames if by == "turn" else frames_of(self.steps, "turn")
        self._turn_start = {s.index: turn[0] for turn in turns for s in turn}
        self._played: PlayedBots | None = None        # the planner bots replayed beside the record (the why)
        fig = self._figure(height)
        if self.zoomed:
            self._zoom(fig)
        self.figure = self.wrap(fig, self.board)
        self._texts()
        self.prev.on_click(lambda _: self.show(self.frame - 1))
        self.next_button.on_click(lambda _: self.show(self.frame + 1))
        self.slider.observe(lambda ch: self.show(ch["new"]), names="value")
        self.widget = W.VBox([W.HBox([self.play, self.prev, self.next_button, self.slider]), self.narration]
                             + ([self.why] if self.why_shown else [])
                             + [self.figure, W.HBox([self.money, self.hand]), self.events])

    # ----------------------------------------------------------------------- what a frame shows
    @property
    def steps_shown(self) -> list[Step]:
        return self.frames[self.frame]

    def _title(self) -> str:
        f = self.steps_shown
        s = f[-1]
        rnd = f"round {f[0].round}" if f[0].round else "special build turns"
        what = f"turn of {s.player}" if self.by == "turn" else f"{s.player}"
        return f"{self.frame + 1}/{len(self.frames)} · {rnd} · {what}"

    def _frame_data(self) -> dict[str, Any]:
        f = self.steps_shown
        new = [k for s in f for k in s.new_track]
        runs: list[list[int]] = []          # the trains' paths, a run each (train 2's is not joined to train 1's)
        for s in f:
            if s.train_path:
                if runs and runs[-1][-1] == s.train_path[0]:
                    runs[-1].extend(s.train_path[1:])
                else:
                    runs.append(list(s.train_path))
        path = [m for run in runs for m in run]
        game = f[-1].after
        area: set[int] = set()
        for act in game.state.active_events:             # events in force: their areas on the map
            try:
                area |= set(events.affected(game, int(act["card"]))["mileposts"])
            except (KeyError, ValueError):
                continue
        return {"state": game.state, "new": new, "path": path, "runs": runs, "events": sorted(area)}

    def _figure(self, height: int | None) -> go.Figure:
        d = self._frame_data()
        st, board = d["state"], self.board
        fig = figures.board_figure(board, self.rules, height=height, title=self._title())
        for seat, name in enumerate(self.names):
            x, y = _track_xy(board, st.track, seat)
            fig.add_trace(go.Scatter(x=x, y=y, mode="lines", line=dict(color=figures.player_color(seat, name), width=4),
                                     hoverinfo="skip", name=f"{name}'s track", meta=f"track:{seat}"))
        x, y = _pairs_xy(board, d["new"])
        fig.add_trace(go.Scatter(x=x, y=y, mode="lines", line=dict(color=NEW_TRACK, width=8), opacity=0.7,
                                 hoverinfo="skip", name="new track", meta="new_track"))
        x, y = _runs_xy(board, d["runs"])
        fig.add_trace(go.Scatter(x=x, y=y,
                                 mode="lines+markers", line=dict(color="black", width=2, dash="dot"),
                                 marker=dict(size=4, color="black"), hoverinfo="skip", name="train's path",
                                 meta="train_path"))
        figures.add_area(fig, board, d["events"], "events in force")
        for train, meta, color, name in ((1, "plan", PLAN, "the planner's plan"),
                                         (2, "plan2", PLAN2, "the planner's plan for train 2")):
            x, y, text, hover = self._plan_xy(train)
            fig.add_trace(go.Scatter(x=x, y=y, mode="lines+markers+text", text=text, textposition="top center",
                                     textfont={"size": 12, "color": color, "shadow": figures.HALO},
                                     line={"color": color, "width": 3, "dash": "dash"},
                                     marker={"size": self.STOP_PX, "color": color}, hoverinfo="text", hovertext=hover,
                                     name=name, meta=meta, visible=self.why_shown,
                                     # (train 2's plan only under Run Two Trains: not in a one-train legend)
                                     showlegend=train == 1 or self.rules.trains == 2))
        for seat, name in enumerate(self.names):
            x, y, text, hover = self._train(st, seat)
            fig.add_trace(go.Scatter(x=x, y=y, mode="markers+text", text=text, textposition="bottom center",
                                     textfont=dict(size=11, color=figures.player_color(seat, name), shadow=figures.HALO),
                                     marker=dict(symbol="diamond", size=self.TRAIN_PX,
                                                 color=figures.player_color(seat, name),
                                                 line=dict(color="black", width=2)),
                                     hovertext=hover, hoverinfo="text", name=f"{name}'s train",
                                     meta=f"train:{seat}"))
        # the trains' and the stops' texts beside their markers, clear of the city names (trains first)
        figures.label_beside(fig, *(f"train:{seat}" for seat in range(len(self.names))), "plan", "plan2")
        self._stops_at_trains(fig)
        return fig          # (the names and texts are placed when the figure is zoomed and wrapped)

    def _stops_at_trains(self, fig) -> None:
        """A plan's stop where a train's diamond stands gets an unseen marker as wide as the diamond, so
        that its label (placed by :func:`~eb_core.display.figures.place_labels`) starts clear of it."""
        trains = set()
        for seat in range(len(self.names)):
            tr = figures.find_trace(fig, f"train:{seat}")
            trains |= {(float(x), float(y)) for x, y in zip(tr.x if tr.x is not None else (),
                                                             tr.y if tr.y is not None else ())}
        with fig.batch_update():
            for meta in ("plan", "plan2"):
                tr = figures.find_trace(fig, meta)
                xs, ys = (tr.x if tr.x is not None else ()), (tr.y if tr.y is not None else ())
                at = [(float(x), float(y)) in trains for x, y in zip(xs, ys)]
                tr.marker.size = [self.TRAIN_PX + 8 if hit else self.STOP_PX for hit in at]
                tr.marker.opacity = [0.0 if hit else 1.0 for hit in at]

    # ----------------------------------------------------------------------- the view
    #: the plans' stop markers and the trains' diamonds, in pixels
    STOP_PX, TRAIN_PX = 9, 18
    #: the narrowest window ``zoom`` shows, in mileposts across (a lone first segment is seen in its region)
    MIN_SPAN = 24.0

    def view_mileposts(self, data: dict[str, Any] | None = None) -> list[int]:
        """What the frame shown is about: every player's track and trains, the new track and, with the
        why, the plans' stops (``zoom=True`` fits the map to them). ``data``: the frame's
        :meth:`_frame_data`, when already computed."""
        d = self._frame_data() if data is None else data
        st = d["state"]
        out: list[int] = [m for k in d["new"] for m in k] + list(d["path"])
        for seat in range(len(self.names)):
            out += [m for k in st.track.segments_of(seat) for m in k]
            p = st.players[seat]
            for runner in (p, getattr(p, "second", None)):
                if runner is not None and runner.position is not None:
                    out.append(runner.position)
        if self.why_shown:
            h = self.hint_for()
            for plan in ((h.plan, getattr(h, "plan2", None)) if h is not None and not h.discard else ()):
                if plan is not None:
                    out += [self.board.city(c).center for _, c, _, _ in plan.stops]
        return out

    def _zoom(self, fig, data: dict[str, Any] | None = None) -> None:
        """Fit the map to :meth:`view_mileposts` (:func:`~eb_core.display.figures.zoom_to`: a margin of 3
        mileposts, at least :attr:`MIN_SPAN` across, the figure's height kept); the whole board while there
        is nothing to show."""
        mps = self.view_mileposts(data)
        if not mps:
            figures.unzoom(fig, self.board)
            return
        figures.zoom_to(fig, self.board, mps, margin=3.0, min_span=(self.MIN_SPAN, self.MIN_SPAN * 0.6),
                        fit_height=False)

    # ----------------------------------------------------------------------- the planner's why
    def hint_for(self, frame: int | None = None):
        """The planner's :class:`~eb_core.bots.hint.Hint` for the turn that ``frame`` (default: the one
        shown) begins, or belongs to when stepping action by action (every action of a turn has that turn's
        why), or ``None`` when that position has no turn to advise on."""
        first = self._turn_first(frame)
        if first.index not in self._hints:
            game = first.before
            if self._played is None:
                self._played = PlayedBots(self.steps)
            try:
                # a game the planner played: the hint starts from the bot's memory at that turn, so it is the
                # turn the stepper shows (a new planner would advise another turn about once in six)
                bot = self._played.bot_at(first.index)
                self._hints[first.index] = _hint(game, bot=bot) if not game.over else None
            except (InvalidAction, ValueError) as err:
                self._hints[first.index] = None
                self._no_hint[first.index] = str(err).removeprefix("seat: ")
        return self._hints[first.index]

    def _turn_first(self, frame: int | None = None) -> Step:
        """The first step of the turn that ``frame`` (default: the one shown) belongs to: the frame's own
        first step when stepping turn by turn, the turn's first action when stepping action by action."""
        return self._turn_start[self.frames[self.frame if frame is None else frame][0].index]

    def _plan_xy(self, train: int = 1):
        """The chosen plan's stops in order from the train, as map points: ``(x, y, labels, hover texts)``.
        A label is short -- the stop's number and city, one label a city ("1, 3. Holland"), placed beside
        the city clear of its printed name (:func:`~eb_core.display.figures.label_beside`) -- and the hover
        text says the stop in full ("1. pick up Wine at Wien"), as the why above the map lists them.
        ``train=2``: the plan of the second train under Run Two Trains ("train 2: ..."), empty without one."""
        h = self.hint_for() if self.why_shown else None
        # (a turn that discards the hand gives its plan up: no stops to draw)
        plan = None if h is None or h.discard else (h.plan if train == 1 else h.plan2)
        if plan is None:
            e = np.empty(0)
            none = np.empty(0, dtype=object)
            return e, e, none, none
        board = self.board
        pts, numbers, cities, hover = [], [], [], []
        p = self._turn_first().before.state.players[h.seat]          # the plan is drawn from where the turn began
        runner = p if train == 1 else getattr(p, "second", None)
        pos = None if runner is None else runner.position
        if pos is not None:
            pts.append(pos)
            numbers.append([])
            cities.append("")
            hover.append("")
        tag = "" if train == 1 else "train 2: "
        first: dict[str, int] = {}          # city -> the point that carries its label
        for i, (act, city, load, _) in enumerate(plan.stops, 1):
            pts.append(board.city(city).center)
            hover.append(f"{tag}{_stop_text(i, act, load, city)}")
            numbers.append([])
            cities.append(city)
            numbers[first.setdefault(city, len(pts) - 1)].append(str(i))
        text = [f"{tag}{', '.join(n)}. {c}" if n else "" for n, c in zip(numbers, cities)]
        return board.xy[pts, 0], board.xy[pts, 1], np.array(text, dtype=object), np.array(hover, dtype=object)

    def _why_text(self) -> str:
        if not self.why_shown:
            return ""
        h = self.hint_for()
        if h is None:
            why = self._no_hint.get(self._turn_first().index)     # e.g. "Player 2 is simulated (...): no turn ..."
            return f"<div><i>{html.escape(why[:1].upper() + why[1:]) if why else 'No turn to advise on here'}.</i></div>"
        stops = ""
        shown = [] if h.discard else [(h.plan, PLAN, "Stops, numbered as on the map"),      # (a discard gives
                                      (getattr(h, "plan2", None), PLAN2, "Train 2's stops")]  # its plan up)
        for plan, color, who in shown:
            if plan is not None and plan.stops:
                items = " · ".join(html.escape(_stop_text(i, act, load, city))
                                   for i, (act, city, load, _) in enumerate(plan.stops, 1))
                stops += f"<div style='color:{color}'><b>{who}:</b> {items}</div>"
        return (f"<div style='border-left:4px solid {PLAN};padding-left:8px'><b>The planner's view of this turn"
                f"{' as it began' if self.by == 'action' else ''}:</b> {html.escape(str(h))}{stops}</div>")

    def _train(self, st, seat: int):
        """The points of ``seat``'s placed trains (train 1 first; under Run Two Trains train 2 too), with
        their labels and hover texts."""
        p = st.players[seat]
        trains = [(p.position, p.loads, p.train, p.name)]
        second = getattr(p, "second", None)
        if second is not None:
            trains.append((second.position, second.loads, second.train, f"{p.name} (train 2)"))
        if st.simulated(seat):          # a solo scenario's simulated player runs no train
            trains = []
        xs, ys, text, hover = [], [], [], []
        for position, loads, train, who in trains:
            if position is None:
                continue
            x, y = self.board.xy[position]
            carried = ", ".join(loads) or "empty"
            xs.append(x)
            ys.append(y)
            text.append(f"{who}: {carried}")
            hover.append(f"<b>{who}</b> at {place(self.board, position)}: {train} train, {p.cash}M<br>"
                         f"loads: {carried}")
        return np.array(xs, dtype=float), np.array(ys, dtype=float), np.array(text, dtype=object), \
            np.array(hover, dtype=object)

    def _texts(self) -> None:
        f = self.steps_shown
        st = f[-1].after.state
        sentences = "".join(f"<li>{html.escape(s.text)}</li>" for s in f)
        self.why.value = self._why_text()
        self.narration.value = (f"<div style='font-size:1.05em'><b>{html.escape(self._title())}</b>"
                                f"<ul style='margin:4px 0'>{sentences}</ul></div>")
        rows = "".join(
            f"<tr><td style='color:{figures.player_color(i, p.name)}'><b>{html.escape(p.name)}</b></td>"
            f"<td style='text-align:right'>{p.cash}M</td><td>{p.train}</td>"
            f"<td>{html.escape(_loads_text(p))}</td></tr>" for i, p in enumerate(st.players))
        self.money.value = ("<table><thead><tr><th>player</th><th>cash</th><th>train</th><th>loads</th></tr>"
                            f"</thead><tbody>{rows}</tbody></table>")
        seat = f[-1].seat
        game = f[-1].after
        cards = []
        for cid in st.players[seat].hand:
            card = game.deck.card(cid)
            lines = "".join(f"<div>{html.escape(d.load)} → {html.escape(d.city)} <b>{d.payout}M</b></div>"
                            for d in getattr(card, "demands", ()))
            cards.append("<div style='display:inline-block;border:1px solid #999;border-radius:6px;"
                         "padding:4px 8px;margin:2px;background:#fffdf5;font-size:0.9em;vertical-align:top'>"
                         f"{lines}</div>")
        self.hand.value = (f"<div style='margin-left:16px'><b>{html.escape(st.players[seat].name)}'s hand</b><br>"
                           + "".join(cards) + "</div>")
        news = [e for s in f for e in s.events]
        self.events.value = ("<div><b>Also:</b><ul style='margin:2px 0'>"
                             + "".join(f"<li>{html.escape(e)}</li>" for e in news) + "</ul></div>") if news else ""

    # ----------------------------------------------------------------------- moving
    def show(self, frame: int) -> int:
        """Show frame ``frame`` (clamped to the game); returns the frame shown."""
        frame = max(0, min(int(frame), len(self.frames) - 1))
        self.frame = frame
        if self.slider.value != frame:
            self.slider.value = frame          # the slider's observer shows the frame (this method again)
            return frame
        d = self._frame_data()
        st, board, fig = d["state"], self.board, self.figure
        with fig.batch_update():
            for seat in range(len(self.names)):
                tr = figures.find_trace(fig, f"track:{seat}")
                tr.x, tr.y = _track_xy(board, st.track, seat)
                x, y, text, hover = self._train(st, seat)
                tr = figures.find_trace(fig, f"train:{seat}")
                tr.x, tr.y, tr.text, tr.hovertext = x, y, text, hover
            tr = figures.find_trace(fig, "new_track")
            tr.x, tr.y = _pairs_xy(board, d["new"])
            figures.set_area(fig, board, d["events"], "events in force")
            for train, meta in ((1, "plan"), (2, "plan2")):
                tr = figures.find_trace(fig, meta)
                tr.x, tr.y, tr.text, tr.hovertext = self._plan_xy(train)
            tr = figures.find_trace(fig, "train_path")
            tr.x, tr.y = _runs_xy(board, d["runs"])
        self._stops_at_trains(fig)          # (reads the trains' new places: after the batch)
        fig.layout.title.text = self._title()
        if self.zoomed:
            self._zoom(fig, d)          # (places the names and texts for the new window)
        else:
            figures.place_labels(fig, board)
        self._texts()
        return frame

    def next(self) -> int:
        """One frame on (stays on the last)."""
        return self.show(self.frame + 1)

    def back(self) -> int:
        """One frame back (stays on the first)."""
        return self.show(self.frame - 1)


def turn_stepper(record, **kwargs) -> TurnStepper:
    """A :class:`TurnStepper` over a recorded game."""
    return TurnStepper(record, **kwargs)
