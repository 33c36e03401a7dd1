"""Empire Builder (US): the North America deck's event cards, adapted from the Europe kinds.

The US overview (``rules/empire_builder_us_overview.txt``, Special Rules & Edge Cases) describes only the
worst events, the floods: "Flood cards ... destroy bridges (crossing points over rivers/inlets), requiring
expensive rebuilding at $3+ million per bridge". The other cards of ``data/decks/north_america.json`` are
the Europe rulebook's kinds (Event Card Effects) placed on North American rivers, cities, seas and
regions. Every kind the US deck uses is generic -- its area is read from the board (a river's bridges, a
city's surroundings, a sea's coast, a country's mileposts) -- so the Europe effects registered by
:mod:`eb_core.events.europe` play them unchanged and this module registers no new kind. It documents
each adaptation (:data:`ADAPTATIONS`) and lists the deck's cards with what they cover on the board
(:func:`adaptation_rows`), so a notebook or a test can show and check them.

How each kind reads on the North America board:

* **Floods** (Mississippi, Missouri, Ohio, Arkansas, Columbia): every bridge over the river is destroyed;
  nobody builds or moves across it until the card is discarded; the owner may rebuild first, at the usual
  cost -- a bridge into a clear milepost is 1M + 2M for the river, so "$3+ million per bridge" as the
  overview says. (Europe: Floods.)
* **Gales** on the Atlantic, the Gulf and the Pacific (Europe: Northern Seas, Atlantic, Mediterranean):
  half rate and no track building within 4 mileposts of that coast. The board has no ferries, so no
  port closes.
* **Heavy Snow** at Minneapolis (northern plains), Denver and Salt Lake City (Rockies): half rate within 4
  mileposts; no movement or building on the mountain mileposts of the area (the plains around Minneapolis
  have none, so there the card only slows trains). (Europe: Heavy Snow at Torino ...)
* **Fog** at San Francisco and Seattle: half rate within 4 mileposts. (Europe: Fog at Frankfurt ...)
* **Strikes**: Longshoremen's (no pickups or deliveries within 3 mileposts of any coast), Teamsters' (none
  farther than 3), Wildcat (no building for the drawing player) as in Europe; the **Canadian Rail Strike**
  takes the place of the Iberian Rail Strike: every train in Canada when it is drawn loses a turn.
* **Derailments** (draw 2; trains within 3 mileposts of the cities named lose a turn and a load) and the
  **Excess Profits Tax** (10/15/20/25M at 50/100/150/200M; money becomes public) need no geography and
  play as in Europe.

>>> import eb_core as eb
>>> rows = adaptation_rows(eb.load_board("north_america"), eb.load_deck("north_america"))
>>> sorted({r["kind"] for r in rows}) == sorted(ADAPTATIONS)
True
>>> all(r["covers"] > 0 for r in rows if r["kind"] in ("flood", "gale", "snow", "fog", "strike")
...     and r["title"] != "Wildcat Strike")
True
"""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from . import areas as _areas

__all__ = ["ADAPTATIONS", "EUROPE_ORIGINAL", "adaptation_rows"]

ADAPTATIONS: Mapping[str, str] = MappingProxyType({
    "flood": "Europe's Floods on North American rivers; bridges rebuilt at the usual cost (3M or more, "
             "as the US overview says)",
    "gale": "Europe's Gales on the Atlantic, Gulf and Pacific coasts; no ferry ports to close",
    "snow": "Europe's Heavy Snow in the northern plains (Minneapolis) and the Rockies (Denver, Salt Lake "
            "City); only mountain mileposts are blocked (no alpine class on this board)",
    "fog": "Europe's Fog at the foggy Pacific ports (San Francisco, Seattle)",
    "strike": "Europe's Longshoremen's, Teamsters' and Wildcat strikes; the Canadian Rail Strike replaces "
              "the Iberian Rail Strike",
    "derailment": "Europe's Derailments unchanged (the cities come from the demand cards drawn)",
    "tax": "Europe's Excess Profits Tax unchanged",
})
"""What each event kind of the North America deck keeps from Europe and what it changes."""

EUROPE_ORIGINAL: Mapping[str, str] = MappingProxyType({
    "Canadian Rail Strike": "Iberian Rail Strike",
    "Gales: Gulf": "Gales: Mediterranean",
    "Gales: Pacific": "Gales: Northern Seas",
})
"""The Europe card a North America card takes the place of, where its title changed beyond the place."""


def adaptation_rows(board, deck) -> list[dict[str, Any]]:
    """One row per event card of ``deck`` on ``board``: ``card``, ``title``, ``kind``, ``duration``,
    ``covers`` (mileposts in its area; bridges for a flood), ``effect`` (what happens there) and
    ``adaptation`` (:data:`ADAPTATIONS`)."""
    out = []
    for card in deck.event_cards:
        area = _areas.event_area(board, card)
        covers = len(area.edges) if card.kind == "flood" else len(area.mileposts)
        out.append({"card": card.label, "title": card.title, "kind": card.kind, "duration": card.duration,
                    "covers": covers, "effect": area.text, "adaptation": ADAPTATIONS.get(card.kind, "")})
    return out
