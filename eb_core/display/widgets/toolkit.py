"""The instructor's position lab: an ipywidgets app around :mod:`eb_core.positions` -- no game logic.

:class:`PositionLab` shows a game position on the board (every player's track and train), lets you pick
who acts and an action (``"build London-Paris"``, ``"upgrade 12/2"`` ...), and draws what the action
would do: the path in green with the cost when the rules accept it, in red with the rule and the reason
when they do not. The position itself is edited as text, or with a small form (cash, train, where the
train stands) that rewrites the text. Setting a control's ``value`` in code runs the same callback as a
click, so notebook cells and tests can drive it:

>>> from eb_core.display.widgets import toolkit as toolkit_widgets
>>> lab = toolkit_widgets.position_lab(
...     "board: tutorial\\nphase: build\\nplayer Ann: cash 50\\nplayer Ben: cash 50",
...     actions=["upgrade 12/2", "build London-Birmingham"])
>>> lab.outcome.accepted, lab.outcome.cost
(True, 20)
>>> lab.action.value = "build London-Birmingham"      # the observer tries it and redraws
>>> lab.outcome.cost, lab.figure.layout.title.text.startswith("Accepted")
(5, True)
"""
from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as W
import plotly.graph_objects as go

from ...board import alphabetical
from ...actions import Build, Move
from ...costs import BuildPlan, path_cost
from ...errors import EbError
from ...narrate import place
from ...positions import description_to_text, parse_action, parse_position, position_from_dict, try_action
from .. import figures
from .base import App

__all__ = ["DEFAULT_ACTIONS", "PositionLab", "position_lab"]

NOT_PLACED = "(not placed)"
ACCEPTED, REJECTED = "#1b9e4b", "#d62728"

DEFAULT_ACTIONS = ("build London-Birmingham", "build London-Paris", "upgrade 12/2", "upgrade 12/3",
                   "move Birmingham", "endturn")


class PositionLab(App):
    """Try actions on a position and see them on the board.

    Controls: ``player`` (who acts), ``action`` (a dropdown of commands), ``custom`` (type any command,
    then ``try_button``); ``text`` (the position description), ``setup_button``; the form ``edit_player``,
    ``cash``, ``train``, ``at``. State: ``game`` (the position), ``outcome`` (the last
    :class:`~eb_core.positions.Outcome`), ``error`` (why the text could not be set up), ``figure`` (a
    plotly ``FigureWidget``), ``widget`` (the whole app).

    ``default`` is the action shown first; by default the first of ``actions`` that the rules accept
    for the player to act, so the lab opens on a legal move (drawn green) rather than a refusal.
    """

    def __init__(self, text: str, actions: Sequence[str] = DEFAULT_ACTIONS, *, height: int | None = 520,
                 default: str | None = None):
        self.height = height
        self.game = None
        self.outcome = None
        self.error: str | None = None
        self._syncing = False
        self._stale = True
        self.text = W.Textarea(value=text, layout=W.Layout(width="100%", height="130px"))
        self.setup_button = W.Button(description="Set up position", button_style="primary")
        self.player = W.Dropdown(options=["-"], description="who acts")
        self.action = W.Dropdown(options=list(actions), description="action")
        self.custom = W.Text(placeholder="or type a command, e.g. build Paris-Lyon", layout=W.Layout(width="320px"))
        self.try_button = W.Button(description="Try it")
        self.message = W.HTML()
        self.edit_player = W.Dropdown(options=["-"], description="edit")
        self.cash = W.BoundedIntText(min=0, max=10_000, description="cash (M)", layout=W.Layout(width="180px"))
        self.train = W.Dropdown(options=["-"], description="train", layout=W.Layout(width="180px"))
        self.at = W.Dropdown(options=[NOT_PLACED], description="train at")
        self.figure = None          # built by set_up() from the first position, in its final state
        self._fig_slot = W.HTML()   # replaced by the figure

        self._default = default
        self.setup_button.on_click(lambda _: self.set_up())
        self.try_button.on_click(lambda _: self.try_(self.custom.value))
        self.player.observe(self._retry, names="value")
        self.action.observe(self._retry, names="value")
        self.edit_player.observe(self._load_form, names="value")
        for w in (self.cash, self.train, self.at):
            w.observe(self._form_changed, names="value")

        form = W.VBox([W.HTML("<b>Edit the position</b> as text (then <i>Set up position</i>) or with the form:"),
                       self.text, self.setup_button,
                       W.HBox([self.edit_player, self.cash, self.train, self.at])])
        self.editor = W.Accordion(children=[form], titles=("Position",))
        self.widget = W.VBox([W.HBox([self.player, self.action]), W.HBox([self.custom, self.try_button]),
                              self._fig_slot, self.message, self.editor])
        self.set_up()

    # ------------------------------------------------------------------ position
    def set_up(self):
        """Set up the position from the text; returns the game (``None`` with ``error`` set)."""
        try:
            game = position_from_dict(parse_position(self.text.value))
        except EbError as e:
            self.error = str(e)
            self.message.value = (f"<p style='color:{REJECTED}'><b>Position not set up:</b> "
                                  f"{html.escape(self.error)}</p>")
            return None
        self.error = None
        self.game = game
        names = [p.name for p in game.state.players]
        trains = sorted({game.rules.start_train, *game.rules.upgrades,
                         *(t for ts in game.rules.upgrades.values() for t in ts)})
        cities = alphabetical(c.name for c in game.board.cities)
        self._syncing = True
        try:
            keep = self.player.value if self.player.value in names else names[game.current_player]
            self.player.options = names
            self.player.value = keep
            keep = self.edit_player.value if self.edit_player.value in names else names[0]
            self.edit_player.options = names
            self.edit_player.value = keep
            self.train.options = [str(t) for t in trains]
            self.at.options = [NOT_PLACED, *cities]
        finally:
            self._syncing = False
        if self.figure is None:      # first paint: open on an action the rules accept
            self._syncing = True
            try:
                self.action.value = self._first_accepted(game)
            finally:
                self._syncing = False
        self._load_form()
        self._stale = True          # the next drawing redraws the whole position
        self.try_(None)
        return game

    def _first_accepted(self, game) -> str:
        options = list(self.action.options)
        if self._default is not None:
            return self._default if self._default in options else options[0]
        for command in options:
            if try_action(game, command, player=self.player.value).accepted:
                return command
        return options[0]

    def _draw(self, plan, name: str, colour: str, title: str) -> None:
        """Draw the tried action (and, after a new position, the position itself). A new figure is
        built complete before it is wrapped as a widget (Voila shows a FigureWidget as first built)."""
        game = self.game

        def full_figure() -> go.Figure:
            fig = figures.game_figure(game, title=title)
            figures.add_route(fig, game.board, plan, name=name, color=colour)
            if self.height:
                fig.update_layout(height=self.height)
            return fig

        if self.figure is None or self._stale:
            # a new position: a new figure widget, complete before it is shown, put in place of the old
            # one (Voila shows a FigureWidget as first built, and does not redraw one inside a Box)
            old, self.figure = self.figure, self.wrap(full_figure(), game.board)
            slot = old if old is not None else self._fig_slot
            self.widget.children = tuple(self.figure if w is slot else w for w in self.widget.children)
            if old is not None:
                old.close()
        else:
            i = figures.trace_index(self.figure, "route")
            with self.figure.batch_update():    # trace changes only: layout changes in the same batch
                figures.set_route(self.figure, game.board, plan, name=name)   # are lost under Voila
                self.figure.data[i].line.color = colour
                self.figure.data[i].marker.color = colour
            self.figure.layout.title.text = title
        self._stale = False

    # ------------------------------------------------------------------ the form
    def _seat(self) -> int:
        names = [p.name for p in self.game.state.players]
        return names.index(self.edit_player.value)

    def _load_form(self, change: Any = None) -> None:
        if self._syncing or self.game is None:
            return
        p = self.game.state.players[self._seat()]
        self._syncing = True
        try:
            self.cash.value = p.cash
            self.train.value = str(p.train)
            c = self.game.board.city_at(p.position) if p.position is not None else None
            self.at.value = c.name if c is not None else NOT_PLACED
        finally:
            self._syncing = False

    def _form_changed(self, change: Any = None) -> None:
        """Write the form into the position text and set it up again."""
        if self._syncing or self.game is None:
            return
        try:
            desc = parse_position(self.text.value)
        except EbError as e:
            self.message.value = f"<p style='color:{REJECTED}'>{html.escape(str(e))}</p>"
            return
        desc.pop("_lines", None)
        entry = next(p for p in desc["players"] if p["name"] == self.edit_player.value)
        entry["cash"] = int(self.cash.value)
        entry["train"] = self.train.value
        if self.at.value == NOT_PLACED:
            entry.pop("at", None)
        else:
            entry["at"] = self.at.value
        self.text.value = description_to_text(desc)
        self.set_up()

    # ------------------------------------------------------------------ actions
    def _retry(self, change: Any = None) -> None:
        if not self._syncing:
            self.try_(None)

    def try_(self, command: str | None = None):
        """Try ``command`` (default: the action dropdown) for the player in ``player``; draw and
        report the outcome. Returns the :class:`~eb_core.positions.Outcome`."""
        if self.game is None:
            return None
        command = (command or "").strip() or self.action.value
        who = self.player.value
        game = self.game
        path: list[int] = []
        try:
            probe = game.clone()
            probe.state.current = [p.name for p in probe.state.players].index(who)
            act = parse_action(probe, command)
        except EbError:
            act = command          # try_action reports why
        else:
            acts = act if isinstance(act, list) else [act]
            seat = probe.state.current
            for a in acts:
                if hasattr(a, "path"):
                    if isinstance(a, Move) and not path and probe.state.players[seat].position is not None:
                        path.append(probe.state.players[seat].position)
                    path.extend(a.path)
        out = try_action(game, act, player=who)
        self.outcome = out
        colour = ACCEPTED if out.accepted else REJECTED
        segs: tuple = ()
        if isinstance(act, Build):
            seat = [p.name for p in game.state.players].index(who)
            try:
                segs = tuple(path_cost(game.board, game.rules, path,
                                       owned_crossings=game.state.track.owned_crossings(seat)))
            except (EbError, ValueError, KeyError):
                segs = ()
        plan = None
        if path:
            plan = BuildPlan(cost=out.cost or 0, mileposts=tuple(path), segments=segs, board=game.board,
                             start=place(game.board, path[0]), end=place(game.board, path[-1]))
        said = out.explain()                      # in words, with places (not the action's milepost ids)
        self._draw(plan, f"{command}: " + (f"{out.cost}M" if out.accepted else "rejected"), colour,
                   _short(_headline(out, said), 110))
        self.message.value = (f"<p style='color:{colour}'><b>{html.escape(said)}</b></p>"
                              + ("<ul>" + "".join(f"<li>{html.escape(x)}</li>" for x in out.log) + "</ul>"
                                 if out.log else ""))
        return out


def _headline(out, said: str) -> str:
    """The map's title for an outcome, whole: who does what and for how much, or the rule that refuses it
    (the sentence in full is the message under the map)."""
    if out.accepted:
        what = said.removeprefix("Accepted: ").split(": ", 1)[0].rstrip(".")
        return f"Accepted: {what}" + (f", {out.cost}M" if out.cost and f"{out.cost}M" not in what else "")
    return f"Rejected by the rulebook ({out.rule})" if out.rule else "Not a valid action"


def _short(s: str, n: int) -> str:
    return s if len(s) <= n else s[: n - 1] + "…"


def position_lab(text: str, actions: Sequence[str] = DEFAULT_ACTIONS, **kwargs) -> PositionLab:
    """A :class:`PositionLab` on the position ``text`` (see :mod:`eb_core.positions` for the format)."""
    return PositionLab(text, actions, **kwargs)
