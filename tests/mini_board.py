"""A tiny hand-made board and deck for the engine's rule tables (no tests in this module).

The board is a triangular lattice in two landmasses, West (columns 0-11) and East (columns 15-25),
separated by water and joined by a ferry (Westport-Eastport, 4M) and a tunnel ("Chunnel", 17M, three
underground mileposts). Cities::

    Alpha  major (West, centre col 3 row 4)    loads Beer
    Beta   major (West, centre col 8 row 4)    loads Steel
    Gamma  major (East, centre col 20 row 4)   loads Cheese
    Midville  medium (West, col 9 row 8)       loads Coal
    Smallton  small (West, col 5 row 8)        loads Wine
    Eastport  small port (East, col 15 row 7)  loads Fish

A river "Rio" crosses the edges between columns 5 and 6 in rows 0-2; mileposts (6, 6) and (6, 7) are
mountains, (1, 8) is alpine.
"""
from __future__ import annotations

import math

from eb_core.board import Board
from eb_core.cards import Deck, Demand, DemandCard, EventCard

ROWS = 10
WEST = range(0, 12)
EAST = range(15, 26)


def _xy(col: int, row: int) -> tuple[float, float]:
    return col + (0.5 if row % 2 else 0.0), row * math.sqrt(3) / 2


class Mini:
    """Ids of the mini board's mileposts by (col, row)."""

    def __init__(self):
        self.ids: dict[tuple[int, int], int] = {}
        mps = []
        for row in range(ROWS):
            for col in list(WEST) + list(EAST):
                self.ids[(col, row)] = len(mps)
                x, y = _xy(col, row)
                terrain = "clear"
                if (col, row) in ((6, 6), (6, 7)):
                    terrain = "mountain"
                if (col, row) == (1, 8):
                    terrain = "alpine"
                mps.append({"id": len(mps), "x": x, "y": y, "terrain": terrain})
        self.tunnel_inner = []
        for col in (12, 13, 14):
            x, y = _xy(col, 2)
            self.tunnel_inner.append(len(mps))
            mps.append({"id": len(mps), "x": x, "y": y, "terrain": "clear", "underground": True})
        edges = []
        keys = sorted(self.ids)
        for (c1, r1) in keys:
            for (c2, r2) in keys:
                a, b = self.ids[(c1, r1)], self.ids[(c2, r2)]
                if a >= b:
                    continue
                x1, y1 = _xy(c1, r1)
                x2, y2 = _xy(c2, r2)
                if abs(math.hypot(x1 - x2, y1 - y2) - 1) < 1e-6:
                    e = {"a": a, "b": b}
                    if {c1, c2} == {5, 6} and r1 == r2 and r1 <= 2:
                        e["rivers"] = ["Rio"]
                    edges.append(e)
        self.edges = edges
        self.mps = mps

    def __call__(self, col: int, row: int) -> int:
        return self.ids[(col, row)]

    def ring(self, col: int, row: int) -> list[int]:
        """The six neighbours of (col, row) in clockwise-ish order."""
        out = []
        for dc, dr in ((1, 0), (-1, 0)):
            out.append(self(col + dc, row))
        for dr in (-1, 1):
            cols = (col - 1, col) if row % 2 == 0 else (col, col + 1)
            for c in cols:
                out.append(self(c, row + dr))
        return out

    def board_dict(self) -> dict:
        m = self
        cities = [
            {"name": "Alpha", "size": "major", "center": m(3, 4), "mileposts": [m(3, 4), *m.ring(3, 4)],
             "loads": ["Beer"]},
            {"name": "Beta", "size": "major", "center": m(8, 4), "mileposts": [m(8, 4), *m.ring(8, 4)],
             "loads": ["Steel"]},
            {"name": "Gamma", "size": "major", "center": m(20, 4), "mileposts": [m(20, 4), *m.ring(20, 4)],
             "loads": ["Cheese"]},
            {"name": "Midville", "size": "medium", "center": m(9, 8), "loads": ["Coal"]},
            {"name": "Smallton", "size": "small", "center": m(5, 8), "loads": ["Wine"]},
            {"name": "Eastport", "size": "small", "center": m(15, 7), "loads": ["Fish"]},
        ]
        return {
            "schema": "eb-board/1", "name": "mini", "title": "Mini test board",
            "mileposts": self.mps, "edges": self.edges, "cities": cities,
            "loads": {"Beer": 2, "Steel": 2, "Cheese": 2, "Coal": 1, "Wine": 2, "Fish": 2},
            "ferries": [{"name": "Westport-Eastport", "ports": [m(11, 7), m(15, 7)],
                         "port_names": ["Westport", "Eastport"], "cost": 4}],
            "tunnels": [{"name": "Chunnel", "ports": [m(11, 2), m(15, 2)], "port_names": ["Westside", "Eastside"],
                         "cost": 17, "mileposts": self.tunnel_inner}],
        }


MINI = Mini()


def mini_board() -> Board:
    return Board.from_dict(MINI.board_dict())


def _pairs():
    src = {"Alpha": "Beer", "Beta": "Steel", "Gamma": "Cheese", "Midville": "Coal", "Smallton": "Wine",
           "Eastport": "Fish"}
    pool = [(c, ld) for ld in src.values() for c in src if src[c] != ld]
    cards = []
    while len(pool) >= 3:
        pick = []
        for pr in list(pool):
            if all(pr[0] != q[0] for q in pick):
                pick.append(pr)
                pool.remove(pr)
            if len(pick) == 3:
                break
        if len(pick) < 3:
            break
        cards.append(pick)
    return cards


def mini_deck(n_events: int = 0) -> Deck:
    """Seven demand cards (ids 1-7), one starter set (ids 201-203) and optional fog events (ids 101...).

    Payouts are 10 + 2 * (card id) + position on the card, so every card is distinguishable."""
    triples = _pairs()
    cards = [DemandCard(i + 1, str(i + 1), tuple(Demand(c, ld, 10 + 2 * (i + 1) + j) for j, (c, ld) in enumerate(t)))
             for i, t in enumerate(triples[:7])]
    starters = [tuple(DemandCard(201 + k, f"S{k + 1}", tuple(Demand(c, ld, 5 + k + j) for j, (c, ld) in
                                                               enumerate(triples[7 + k]))) for k in range(3))]
    events = [EventCard(101 + i, f"E{i + 1}", "fog", f"Fog {i + 1}", "one-round", {"city": "Alpha", "radius": 2})
              for i in range(n_events)]
    return Deck(name="mini", demand_cards=cards, event_cards=events, starter_sets=starters)
