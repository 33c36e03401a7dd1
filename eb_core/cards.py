"""Cards: demand cards, event cards, starter cards and the deck that holds them.

A deck is plain, immutable data loaded from a JSON file with ``"schema": "eb-deck/1"`` (documented in
``data/README.md``, section "Deck schema ``eb-deck/1``"; JSON Schema ``data/schemas/eb-deck-1.json``).
Loading validates the file against the schema (:func:`eb_core.files.validate`), then checks here what a
schema cannot say (unique ids and labels, three different cities per card, each (city, load) pair once,
rising tax brackets), and raises :class:`~eb_core.errors.DeckFileError` naming the file and the field.

The draw deck is made up of the Demand cards and the Events (rulebook: Components > Cards); the 18
Starter Cards of the Basic Game are kept apart in six sets of three (rulebook: Setting Up the Game).

>>> import eb_core as eb
>>> deck = eb.load_deck("europe")
>>> card = deck.demand_cards[0]
>>> len(card.demands), card.id, card.label
(3, 1, '1')
>>> len(deck.starter_sets), {len(s) for s in deck.starter_sets}
(6, {3})
>>> deck.card(card.id) is card
True
>>> Demand("Paris", "Wine", 12)
Demand(city='Paris', load='Wine', payout=12)

This module knows nothing about how events act on a game; :mod:`eb_core.events` does that. It reads
only the event's ``kind``, ``duration`` and ``params``.
"""
from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass, field
from types import MappingProxyType
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from numbers import Integral
from typing import Any

from .errors import DeckFileError, UnknownName
from .files import data_dir, load_cached, load_schema, read_json_file, validate
from .rules import ruleset_note
from .words import choose_from, plural, shown

__all__ = [
    "Demand", "DemandCard", "EventCard", "Deck", "load_deck", "DECK_SCHEMA", "EVENT_KINDS", "DURATIONS",
    "STRIKE_VARIANTS",
]

DECK_SCHEMA = "eb-deck/1"
"""The ``schema`` field of a deck file; its JSON Schema is ``data/schemas/eb-deck-1.json``."""

DURATIONS = ("immediate", "one-round", "lasting", "permanent")
"""Event durations (rulebook: Event Card Effects): *immediate* effects do not linger; *one-round* effects
last through the end of the drawing player's next turn; *lasting* ones until discarded as the card says;
*permanent* ones until the game ends."""

STRIKE_VARIANTS = ("coastal", "inland", "wildcat", "rail")
"""Strike cards: Longshoremen's (``coastal``), Teamsters' (``inland``), Wildcat (``wildcat``: no building)
and a regional rail strike such as the Iberian Rail Strike (``rail``: trains in the region lose a turn)."""


def _event_kinds() -> Mapping[str, tuple[tuple[str, ...], Mapping[str, str], Mapping[str, str]]]:
    """Event kinds as the deck schema defines them (one ``if kind == ... then`` rule per kind)."""
    out = {}
    for rule in load_schema("eb-deck-1")["$defs"]["eventCard"]["allOf"]:
        kind = rule["if"]["properties"]["kind"]["const"]
        then = rule["then"]["properties"]
        params = then["params"]
        req = tuple(params.get("required", ()))
        desc = {k: v.get("description", "") for k, v in params["properties"].items()}
        out[kind] = (tuple(then["duration"]["enum"]),
                     MappingProxyType({k: desc[k] for k in req}),
                     MappingProxyType({k: d for k, d in desc.items() if k not in req}))
    return MappingProxyType(out)


EVENT_KINDS: Mapping[str, tuple[tuple[str, ...], Mapping[str, str], Mapping[str, str]]] = _event_kinds()
"""Event kinds -> (allowed durations, required params, optional params), each param with its description;
read from the deck schema ``data/schemas/eb-deck-1.json``, which the loader enforces. Derailments
(Event Card Effects > Derailments), floods (> Floods), gales (Counting Mileposts, Gale Ocean / Sea Boundary
Flags), heavy snow (Components > Cards: "Heavy Snow: Turin"), fog, strikes, the Excess Profits Tax and
Irish Economy Booming (Changes from Eurorails 2009)."""


# ---------------------------------------------------------------------------------------------- freezing
def _freeze(v: Any) -> Any:
    if isinstance(v, Mapping):
        return MappingProxyType({k: _freeze(x) for k, x in v.items()})
    if isinstance(v, (list, tuple)):
        return tuple(_freeze(x) for x in v)
    return v


def _thaw(v: Any, *, lists: bool = True) -> Any:
    if isinstance(v, Mapping):
        return {k: _thaw(x, lists=lists) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        seq = [_thaw(x, lists=lists) for x in v]
        return seq if lists else tuple(seq)
    return v


# ------------------------------------------------------------------------------------------ value types
@dataclass(frozen=True, slots=True)
class Demand:
    """One delivery on a demand card: bring ``load`` to ``city`` and earn ``payout`` millions."""

    city: str
    load: str
    payout: int

    def __str__(self) -> str:
        return f"{self.load} to {self.city} for {self.payout}M"


@dataclass(frozen=True, slots=True)
class DemandCard:
    """A demand card: three demands (two deliveries on an Empire Express card), of which at most one may
    be delivered (rulebook: Delivering Loads; Empire Express: Demand Cards).

    ``id`` is unique within the deck; ``label`` is the printed number (``"42"``, ``"S4"`` for starters).
    """

    id: int
    label: str
    demands: tuple[Demand, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "demands", tuple(self.demands))

    @property
    def is_starter(self) -> bool:
        return self.label.startswith("S")

    @property
    def cities(self) -> tuple[str, ...]:
        """The demand cities (the cities a Derailment drawn with this card hits)."""
        return tuple(d.city for d in self.demands)

    @property
    def best_payout(self) -> int:
        """The highest payout on the card (rulebook: Setting Up the Game picks the starting player by it)."""
        return max(d.payout for d in self.demands)

    def demand(self, city: str, load: str) -> Demand | None:
        """The demand for ``load`` at ``city`` on this card, or ``None``."""
        for d in self.demands:
            if d.city == city and d.load == load:
                return d
        return None

    def __str__(self) -> str:
        return f"card {self.label}: " + "; ".join(str(d) for d in self.demands)


@dataclass(frozen=True, slots=True)
class EventCard:
    """An event card (rulebook: Event Card Effects).

    ``kind`` is one of :data:`EVENT_KINDS` (``"flood"``, ``"gale"``, ...); ``duration`` one of
    :data:`DURATIONS`; ``params`` the card's specifics (``{"river": "Ebro"}``), frozen read-only.

    >>> EventCard(160, "160", "flood", "Flood: Ebro", "one-round", {"river": "Ebro"})
    EventCard(id=160, label='160', kind='flood', title='Flood: Ebro', duration='one-round', params={'river': 'Ebro'})
    """

    id: int
    label: str
    kind: str
    title: str
    duration: str
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", _freeze(dict(self.params)))

    def __repr__(self) -> str:
        return (f"EventCard(id={self.id!r}, label={self.label!r}, kind={self.kind!r}, title={self.title!r}, "
                f"duration={self.duration!r}, params={_thaw(self.params, lists=False)!r})")

    def __hash__(self) -> int:
        return hash((self.id, self.label, self.kind, self.title, self.duration,
                     json.dumps(_thaw(self.params), sort_keys=True)))

    def __str__(self) -> str:
        return f"event {self.label}: {self.title} ({self.duration})"


Card = DemandCard | EventCard


# ---------------------------------------------------------------------------------------------- the deck
class Deck:
    """An immutable deck. Build with :func:`load_deck` or :meth:`Deck.from_dict`.

    Attributes: ``name``, ``title``, ``board`` (the board the deck is made for), ``demand_cards``,
    ``event_cards``, ``starter_sets`` (six sets of three starter cards for the Basic Game),
    ``starter_cards`` (the same, flat), ``notes``, ``meta`` (generator parameters), ``source`` (file).
    """

    def __init__(self, *, name: str, demand_cards: Sequence[DemandCard], event_cards: Sequence[EventCard] = (),
                 starter_sets: Sequence[Sequence[DemandCard]] = (), title: str = "", board: str | None = None,
                 notes: str = "", meta: Mapping[str, Any] | None = None, source: str = "<memory>"):
        self.name = name
        self.title = title or name
        self.board = board
        self.notes = notes
        self.meta = dict(meta or {})
        self.source = source
        self.demand_cards: tuple[DemandCard, ...] = tuple(demand_cards)
        self.event_cards: tuple[EventCard, ...] = tuple(event_cards)
        self.starter_sets: tuple[tuple[DemandCard, ...], ...] = tuple(tuple(s) for s in starter_sets)
        self.starter_cards: tuple[DemandCard, ...] = tuple(c for s in self.starter_sets for c in s)
        self._by_id: dict[int, Card] = {}
        for c in (*self.demand_cards, *self.event_cards, *self.starter_cards):
            if c.id in self._by_id:
                raise DeckFileError(source, "id", f"card id {c.id} is used twice")
            self._by_id[c.id] = c

    def __repr__(self) -> str:
        return (f"<Deck {self.name!r}: {len(self.demand_cards)} demand cards, {len(self.event_cards)} event "
                f"cards, {len(self.starter_cards)} starter cards>")

    def __len__(self) -> int:
        return len(self._by_id)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._by_id.values())

    def __contains__(self, card_id: object) -> bool:
        return not isinstance(card_id, bool) and isinstance(card_id, Integral) and card_id in self._by_id

    def card(self, card_id: int) -> Card:
        """The card with id ``card_id`` (demand, event or starter); :class:`KeyError` if there is none (``True``
        is no card id, though Python counts it as 1)."""
        hit = self._by_id.get(card_id) if type(card_id) is int else None     # the usual case, at dict speed
        if hit is None:
            if card_id not in self:     # (not True, not 3.0: see __contains__)
                raise UnknownName(f"no card {card_id!r} in deck {self.name!r}", field="card")
            hit = self._by_id[card_id]
        return hit

    def is_event(self, card_id: int) -> bool:
        """True if ``card_id`` is an event card."""
        return isinstance(self.card(card_id), EventCard)

    def draw_pile(self) -> tuple[int, ...]:
        """Ids of the draw deck (demand and event cards, not starters), in id order, unshuffled."""
        return tuple(c.id for c in self.demand_cards) + tuple(c.id for c in self.event_cards)

    def shuffled(self, seed: int | random.Random) -> list[int]:
        """The draw pile shuffled with a seed or a ``random.Random`` (same seed -> same order).

        >>> import eb_core as eb
        >>> d = eb.load_deck("europe")
        >>> d.shuffled(1) == d.shuffled(1), sorted(d.shuffled(1)) == sorted(d.draw_pile())
        (True, True)
        """
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        pile = list(self.draw_pile())
        rng.shuffle(pile)
        return pile

    def demands(self, *, starters: bool = False) -> Iterator[tuple[DemandCard, Demand]]:
        """Every ``(card, demand)`` of the demand cards (and the starter cards with ``starters=True``)."""
        cards = self.demand_cards + (self.starter_cards if starters else ())
        for c in cards:
            for d in c.demands:
                yield c, d

    def events_of_kind(self, kind: str) -> tuple[EventCard, ...]:
        return tuple(e for e in self.event_cards if e.kind == kind)

    # -------------------------------------------------------------------------------------- checking
    def problems(self, board) -> list[tuple[str, str]]:
        """Everything in this deck that does not fit ``board``, as ``(field, problem)`` pairs (empty if fine).

        Checks: every demand city and load exists on the board (city names exactly as the board spells
        them); no demand asks for a load at one of its own source cities; every event's city, river and
        sea exists on the board.
        """
        out: list[tuple[str, str]] = []

        def city_ok(name: str, fld: str) -> Any:
            if not board.has_city(name):
                out.append((fld, f"city {name!r} is not on board {board.name!r}"))
                return None
            c = board.city(name)
            if c.name != name:
                out.append((fld, f"write the city as the board does: {c.name!r}, not {name!r}"))
            return c

        def check_cards(cards: Sequence[DemandCard], key: str) -> None:
            for i, card in enumerate(cards):
                for j, d in enumerate(card.demands):
                    fld = f"{key}[{i}].demands[{j}]"
                    c = city_ok(d.city, fld + ".city")
                    if d.load not in board.loads:
                        out.append((fld + ".load", f"load {d.load!r} is not on board {board.name!r}"))
                    elif c is not None and d.load in c.loads:
                        out.append((fld, f"{c.name} is itself a source of {d.load}: a demand is never at one "
                                         f"of its own source cities"))

        check_cards(self.demand_cards, "demand_cards")
        for s, cards in enumerate(self.starter_sets):
            check_cards(cards, f"starter_sets[{s}]")
        rivers = set(board.rivers())
        for i, e in enumerate(self.event_cards):
            fld = f"event_cards[{i}].params"
            if "city" in e.params:
                city_ok(e.params["city"], fld + ".city")
            for j, nm in enumerate(e.params.get("cities", ())):
                city_ok(nm, f"{fld}.cities[{j}]")
            if "river" in e.params and e.params["river"] not in rivers:
                out.append((fld + ".river", f"river {e.params['river']!r} is not on board {board.name!r} "
                                            f"({choose_from(sorted(rivers), e.params['river'])})"))
            if "sea" in e.params and board.seas and e.params["sea"] not in board.seas:
                out.append((fld + ".sea", f"sea {e.params['sea']!r} is not on board {board.name!r}"))
            if "countries" in e.params:
                have = {m.country for m in board.mileposts if m.country}
                for j, cc in enumerate(e.params["countries"]):
                    if have and cc not in have:
                        out.append((f"{fld}.countries[{j}]", f"no milepost of board {board.name!r} is in {cc!r}"))
        return out

    def validate_against(self, board) -> "Deck":
        """Raise :class:`~eb_core.errors.DeckFileError` on the first thing that does not fit ``board``
        (see :meth:`problems`); return the deck itself when all is well.

        >>> import eb_core as eb
        >>> eb.load_deck("tutorial").validate_against(eb.load_board("tutorial")).name
        'tutorial'
        """
        probs = self.problems(board)
        if probs:
            fld, msg = probs[0]
            more = f" (and {plural(len(probs) - 1, 'more problem')})" if len(probs) > 1 else ""
            raise DeckFileError(self.source, fld, msg + more)
        return self

    # ------------------------------------------------------------------------------- (de)serialise
    def to_dict(self) -> dict[str, Any]:
        """The deck as an ``eb-deck/1`` document (round-trips through :meth:`from_dict`)."""
        def dc(c: DemandCard) -> dict[str, Any]:
            return {"id": c.id, "label": c.label,
                    "demands": [{"city": d.city, "load": d.load, "payout": d.payout} for d in c.demands]}

        out: dict[str, Any] = {"schema": DECK_SCHEMA, "name": self.name, "title": self.title}
        if self.board is not None:
            out["board"] = self.board
        if self.notes:
            out["notes"] = self.notes
        out["demand_cards"] = [dc(c) for c in self.demand_cards]
        out["event_cards"] = [{"id": e.id, "label": e.label, "kind": e.kind, "title": e.title,
                               "duration": e.duration, "params": _thaw(e.params)} for e in self.event_cards]
        out["starter_sets"] = [[dc(c) for c in s] for s in self.starter_sets]
        if self.meta:
            out["meta"] = self.meta
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], source: str = "<memory>") -> "Deck":
        """Validate a decoded ``eb-deck/1`` document and build the deck."""
        return _parse_deck(data, source)

    @classmethod
    def from_file(cls, path: str | os.PathLike) -> "Deck":
        """Read and validate a deck file."""
        return _parse_deck(read_json_file(path, DeckFileError), str(path))


# ----------------------------------------------------------------------------------------------- parsing
def _parse_card(c: Mapping[str, Any], fld: str, fail) -> DemandCard:
    """A schema-valid card document as a :class:`DemandCard` (different cities checked here)."""
    demands = tuple(Demand(d["city"], d["load"], int(d["payout"])) for d in c["demands"])
    cities = [d.city for d in demands]
    for j in range(len(cities)):
        if cities.index(cities[j]) != j:
            fail(f"{fld}.demands[{j}].city", f"{cities[j]!r} appears twice on one card")
    cid = int(c["id"])
    return DemandCard(cid, c.get("label", f"{cid}"), demands)


def _parse_event(e: Mapping[str, Any], fld: str, fail) -> EventCard:
    """A schema-valid event document as an :class:`EventCard` (tax brackets checked for rising cash)."""
    params = e.get("params", {})
    brackets = params.get("brackets") if e["kind"] == "tax" else None
    if brackets is not None:
        for j in range(1, len(brackets)):
            if brackets[j][0] <= brackets[j - 1][0]:
                fail(f"{fld}.params.brackets", f"expected [cash at least, tax] pairs with rising cash, got {shown(brackets)}")
    eid = int(e["id"])
    return EventCard(eid, e.get("label", f"{eid}"), e["kind"], e["title"], e["duration"], params)


def _parse_deck(data: Any, source: str) -> Deck:
    """Check a decoded deck document (schema first, then what a schema cannot say) and build the deck."""
    validate(data, "eb-deck-1", source, DeckFileError)

    def fail(fld: str, problem: str):
        raise DeckFileError(source, fld, problem)

    demand = [_parse_card(c, f"demand_cards[{i}]", fail) for i, c in enumerate(data["demand_cards"])]
    counts = Counter(len(card.demands) for card in demand)
    usual = max(counts, key=lambda n: (counts[n], n)) if counts else 3
    for i, card in enumerate(demand):
        if len(card.demands) != usual:
            fail(f"demand_cards[{i}].demands", f"has {len(card.demands)} demands where the deck's cards have {usual}: "
                                               f"every demand card of a deck carries the same number")
    events = [_parse_event(e, f"event_cards[{i}]", fail) for i, e in enumerate(data.get("event_cards", ()))]
    sets = [[_parse_card(c, f"starter_sets[{s}][{k}]", fail) for k, c in enumerate(raw)]
            for s, raw in enumerate(data.get("starter_sets", ()))]
    seen: dict[int, str] = {}
    labels: dict[str, str] = {}
    pairs: dict[tuple[str, str], str] = {}
    fields = ([(f"demand_cards[{i}]", c) for i, c in enumerate(demand)]
              + [(f"event_cards[{i}]", c) for i, c in enumerate(events)]
              + [(f"starter_sets[{s}][{k}]", c) for s, cs in enumerate(sets) for k, c in enumerate(cs)])
    for fld, c in fields:
        if c.id in seen:
            fail(f"{fld}.id", f"card id {c.id} is already used by {seen[c.id]}")
        seen[c.id] = fld
        if c.label in labels:
            fail(f"{fld}.label", f"label {c.label!r} is already used by {labels[c.label]}")
        labels[c.label] = fld
        if isinstance(c, DemandCard):
            for j, d in enumerate(c.demands):
                key = (d.city, d.load)
                if key in pairs:
                    fail(f"{fld}.demands[{j}]", f"{d.load} to {d.city} is already demanded by {pairs[key]}; "
                                                f"each (city, load) pair appears once in a deck")
                pairs[key] = f"{fld}.demands[{j}]"
    name = data["name"]
    return Deck(name=name, title=data.get("title", name), board=data.get("board"), demand_cards=demand,
                event_cards=events, starter_sets=sets, notes=data.get("notes", ""), meta=data.get("meta", {}),
                source=source)


_CACHE: dict[str, tuple[float, Deck]] = {}


def load_deck(name_or_path: str | os.PathLike = "europe") -> Deck:
    """Load a deck by name from ``data/decks/`` (named like its board: ``"europe"``, ``"north_america"``,
    ``"eastern_us"``, ``"tutorial"``) or from a JSON path.

    Decks are immutable, so repeated loads of an unchanged file return the same object. A malformed
    file raises :class:`~eb_core.errors.DeckFileError` naming the file and the field.
    """
    return load_cached(name_or_path, "decks", data_dir(), Deck.from_file, _CACHE,
                       lambda name: ruleset_note(name, "deck"))
