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

from ...board import alphabetical
from ... import events
from ...errors import InvalidAction
from .. import figures
from .base import App
from ...words import plural

__all__ = ["EventExplorer", "event_explorer"]


class EventExplorer(App):
    """A dropdown of the event cards the game's deck holds under its ruleset (Faster Game has no tax or
    derailments) -> the card's area drawn on the game's board (with the
    game's track and trains), blocked mileposts and closed ferry ports marked, and a list of the
    cities, track and trains it covers. ``result`` is :func:`eb_core.events.affected` for the card.
    ``zoom`` (also a checkbox) zooms the map onto each card's area."""

    def __init__(self, game, *, event: str | None = None, height: int | None = None, zoom: bool = False):
        self.game = game
        titles = []
        for c in events.deck_events(game):     # only the cards this game's deck holds under its ruleset
            if c.title not in titles:
                titles.append(c.title)
        if not titles:
            raise InvalidAction(f"game: there are no event cards in this game's deck (ruleset "
                                f"{game.rules.name})", field="game")
        card = next((c for c in game.deck.event_cards if event in (c.title, c.label)), None)
        if event is not None and card is not None and card.title not in titles:
            raise InvalidAction(f"event: {card.title!r} is not in this game: {events.not_in_deck(game, card)}",
                                field="event")
        self.event = W.Dropdown(options=titles, value=card.title if card is not None else event or titles[0],
                                description="event")
        self.zoom = W.Checkbox(value=zoom, description="zoom to the area", indent=False)
        self.summary = W.HTML()
        self.result: dict[str, Any] = {}
        res = self._compute()
        st, board = game.state, game.board
        names = [p.name for p in st.players]
        fig = figures.board_figure(board, game.rules, height=height, title=self._title())
        figures.add_track(fig, board, st.track, players=names)
        for seat, p in enumerate(st.players):
            if p.position is not None:
                figures.add_train(fig, board, p.position, seat, label=p.name)
        figures.add_area(fig, board, sorted(res["mileposts"]), "event area")
        figures.add_area(fig, board, sorted(res["blocked"]), "no movement or building", color="#000000")
        figures.add_area(fig, board, sorted(res["ports"]), "closed ferry ports", color="#0072B2")
        if zoom and res["mileposts"]:
            figures.zoom_to(fig, board, sorted(res["mileposts"]), margin=2)
        self.figure = self.wrap(fig, board)
        self._zoomed = bool(zoom and res["mileposts"])
        self._summarise()
        self.event.observe(lambda change: self.update(), names="value")
        self.zoom.observe(lambda change: self.update(), names="value")
        self.widget = W.VBox([W.HBox([self.event, self.zoom]), self.figure, self.summary])

    def _compute(self) -> dict[str, Any]:
        self.result = events.affected(self.game, self.event.value)
        return self.result

    def _title(self) -> str:
        res = self.result
        return f"{res['title']}: {res['text']}" if res["text"] else res["title"]

    def _summarise(self) -> None:
        g, board, res = self.game, self.game.board, self.result
        st = g.state
        cities = alphabetical({c.name for m in res["mileposts"] for c in [board.city_at(m)] if c is not None})
        owners: dict[str, int] = {}
        for o in res["track"].values():
            owners[st.players[o].name] = owners.get(st.players[o].name, 0) + 1
        rows = [f"<b>{html.escape(res['title'])}</b>: {html.escape(res['text'])}",
                f"{len(res['mileposts'])} mileposts"
                + (f", {len(res['blocked'])} closed to trains and building" if res["blocked"] else "")
                + (f", {len(res['edges'])} bridges" if res["edges"] else "")
                + (f", {len(res['ports'])} ferry ports closed" if res["ports"] else ""),
                "cities: " + (html.escape(", ".join(cities)) or "none"),
                "track: " + (", ".join(f"{html.escape(n)} {plural(k, 'segment')}" for n, k in sorted(owners.items()))
                             or "none"),
                "trains: " + (", ".join(html.escape(st.players[s].name) for s in res["trains"]) or "none")]
        self.summary.value = "<br>".join(rows)

    def update(self) -> dict[str, Any]:
        """Redraw for the selected card; returns what it covers."""
        board = self.game.board
        res = self._compute()
        with self.figure.batch_update():
            figures.set_area(self.figure, board, sorted(res["mileposts"]), "event area")
            figures.set_area(self.figure, board, sorted(res["blocked"]), "no movement or building")
            figures.set_area(self.figure, board, sorted(res["ports"]), "closed ferry ports")
        self.figure.layout.title.text = self._title()
        if self.zoom.value and res["mileposts"]:
            figures.zoom_to(self.figure, board, sorted(res["mileposts"]), margin=2)
        elif self._zoomed:                       # only undo a zoom this app made, not the reader's own
            figures.unzoom(self.figure, board)
        self._zoomed = bool(self.zoom.value and res["mileposts"])
        self._summarise()
        return res


def event_explorer(game, **kwargs) -> EventExplorer:
    """Build an :class:`EventExplorer` for ``game`` (see the class for the arguments)."""
    return EventExplorer(game, **kwargs)
