"""An ipywidgets app for notebook 05: pick an event card, see its area of effect on the board.

No game logic here: the area and what it covers come from :func:`eb_core.events.affected` (which uses
:mod:`eb_core.areas`); drawing is :mod:`eb_core.display.figures`. Setting ``app.event.value`` in code runs the same
callback as picking from the dropdown:

>>> import eb_core as eb
>>> from eb_core.display.widgets import event_explorer
>>> game = eb.Game.new("europe-standard", board="europe", players=["Ann", "Ben"], seed=1)
>>> app = event_explorer(game, event="Fog: Frankfurt")
>>> len(app.result["mileposts"]) == len(figures.find_trace(app.figure, "area:event area").x)
True
>>> app.event.value = "Gales: Atlantic"
>>> app.figure.layout.title.text.startswith("Gales: Atlantic")
True
"""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as W
import plotly.graph_objects as go

from ... import events
from .. import figures
from .explorers import _App

__all__ = ["EventExplorer", "event_explorer"]


class EventExplorer(_App):
    """A dropdown of the deck's event cards -> the card's area drawn on the game's board (with the
    game's track and trains), blocked mileposts and closed ferry ports marked, and a list of the
    mileposts, track and trains it covers. ``result`` is :func:`eb_core.events.affected` for the card."""

    def __init__(self, game, *, event: str | None = None, height: int | None = None):
        self.game = game
        titles = []
        for c in game.deck.event_cards:
            if c.title not in titles:
                titles.append(c.title)
        self.event = W.Dropdown(options=titles, value=event if event is not None else titles[0],
                                description="event")
        st = game.state
        names = [p.name for p in st.players]
        fig = figures.board_figure(game.board, game.rules, height=height, title="Event")
        figures.add_track(fig, game.board, st.track, players=names)
        for seat, p in enumerate(st.players):
            if p.position is not None:
                figures.add_train(fig, game.board, p.position, seat, label=p.name)
        figures.add_area(fig, game.board, [], "event area")
        figures.add_area(fig, game.board, [], "no movement or building", color="#000000")
        figures.add_area(fig, game.board, [], "closed ferry ports", color="#0072B2")
        self.figure = go.FigureWidget(fig)
        self.summary = W.HTML()
        self.result: dict[str, Any] = {}
        self.event.observe(lambda change: self.update(), names="value")
        self.widget = W.VBox([self.event, self.figure, self.summary])
        self.update()

    def update(self) -> dict[str, Any]:
        """Redraw for the selected card; returns what it covers."""
        g, board = self.game, self.game.board
        res = events.affected(g, self.event.value)
        self.result = res
        figures.set_area(self.figure, board, sorted(res["mileposts"]), "event area")
        figures.set_area(self.figure, board, sorted(res["blocked"]), "no movement or building")
        figures.set_area(self.figure, board, sorted(res["ports"]), "closed ferry ports")
        self.figure.layout.title.text = f"{res['title']}: {res['text']}" if res["text"] else res["title"]
        st = g.state
        cities = sorted({c.name for m in res["mileposts"] for c in [board.city_at(m)] if c is not None})
        owners: dict[str, int] = {}
        for o in res["track"].values():
            owners[st.players[o].name] = owners.get(st.players[o].name, 0) + 1
        rows = [f"<b>{html.escape(res['title'])}</b>: {html.escape(res['text'])}",
                f"{len(res['mileposts'])} mileposts"
                + (f", {len(res['blocked'])} closed to trains and building" if res["blocked"] else "")
                + (f", {len(res['edges'])} bridges" if res["edges"] else "")
                + (f", {len(res['ports'])} ferry ports closed" if res["ports"] else ""),
                "cities: " + (html.escape(", ".join(cities)) or "none"),
                "track: " + (", ".join(f"{html.escape(n)} {k} segment(s)" for n, k in sorted(owners.items()))
                             or "none"),
                "trains: " + (", ".join(html.escape(st.players[s].name) for s in res["trains"]) or "none")]
        self.summary.value = "<br>".join(rows)
        return res


def event_explorer(game, **kwargs) -> EventExplorer:
    """Build an :class:`EventExplorer` for ``game`` (see the class for the arguments)."""
    return EventExplorer(game, **kwargs)
