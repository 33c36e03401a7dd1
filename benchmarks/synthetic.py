"""A seeded synthetic board (schema ``eb-board/1``) for benchmarks and randomised route tests.

It is *not* a map of anything: a triangular lattice split by a channel into a north and a south
island, with random mountain/alpine mileposts, rivers, lakes and inlets, 8 major, 2 key, medium and
small cities, ferries across the channel (one of them into a small city, like Dublin) and a
three-milepost tunnel (like the Chunnel). Same seed, same board.

>>> b = synthetic_board(seed=1, rows=20, cols=20)
>>> len(b.major_cities), len(b.tunnels) >= 1
(8, True)
"""
from __future__ import annotations

import math
import random
from typing import Any

from eb_core.board import Board

__all__ = ["synthetic_board"]

_R3 = math.sqrt(3) / 2


def _neighbours(r: int, c: int) -> list[tuple[int, int]]:
    d = [(r, c - 1), (r, c + 1)]
    if r % 2 == 0:
        d += [(r - 1, c - 1), (r - 1, c), (r + 1, c - 1), (r + 1, c)]
    else:
        d += [(r - 1, c), (r - 1, c + 1), (r + 1, c), (r + 1, c + 1)]
    return d


def synthetic_board(seed: int = 0, rows: int = 46, cols: int = 46, *, name: str = "synthetic") -> Board:
    """A random board of about ``rows * cols`` mileposts (46 x 46 gives ~2,000, the Europe board's size)."""
    rng = random.Random(seed)
    channel = {rows // 2, rows // 2 + 1}           # two rows of sea between the islands
    ids: dict[tuple[int, int], int] = {}
    mps: list[dict[str, Any]] = []
    for r in range(rows):
        if r in channel:
            continue
        for c in range(cols):
            # ragged coast: drop a few corner mileposts
            if (r < 2 or r > rows - 3) and rng.random() < 0.3:
                continue
            ids[(r, c)] = len(mps)
            roll = rng.random()
            terrain = "alpine" if roll < 0.02 else "mountain" if roll < 0.25 else "clear"
            mps.append({"id": len(mps), "x": c + 0.5 * (r % 2), "y": r * _R3, "terrain": terrain})
    edges: dict[tuple[int, int], dict[str, Any]] = {}
    for (r, c), i in ids.items():
        for rc in _neighbours(r, c):
            j = ids.get(rc)
            if j is not None and i < j:
                edges[(i, j)] = {"a": i, "b": j}
    keys = sorted(edges)
    # rivers: random walks over edges
    for k in range(6):
        rname = f"River{k}"
        cur = rng.choice(list(ids.values()))
        adj: dict[int, list[int]] = {}
        for a, b in keys:
            adj.setdefault(a, []).append(b)
            adj.setdefault(b, []).append(a)
        for _ in range(rng.randint(15, 40)):
            nxt = rng.choice(adj[cur])
            e = edges[(min(cur, nxt), max(cur, nxt))]
            e.setdefault("rivers", [])
            if rname not in e["rivers"]:
                e["rivers"].append(rname)
            cur = nxt
    for key in rng.sample(keys, len(keys) // 60):
        edges[key]["lake"] = True
    for key in rng.sample(keys, len(keys) // 80):
        edges[key]["inlet"] = True

    taken: set[int] = set()
    cities: list[dict[str, Any]] = []
    inv = {i: rc for rc, i in ids.items()}

    def free_spot(min_gap: int) -> int | None:
        for _ in range(500):
            r, c = rng.randrange(2, rows - 2), rng.randrange(2, cols - 2)
            i = ids.get((r, c))
            if i is None or i in taken:
                continue
            ring = [ids.get(rc) for rc in _neighbours(r, c)]
            if None in ring or any(x in taken for x in ring):
                continue
            if any(abs(inv[t][0] - r) + abs(inv[t][1] - c) < min_gap for t in taken):
                continue
            return i
        return None

    loads = {"Beer": 4, "Coal": 3, "Wine": 4, "Steel": 3}
    counts = {"major": 8, "key": 2, "medium": 20, "small": 30}
    for size, n in counts.items():
        for k in range(n):
            centre = free_spot(4 if size in ("major", "key") else 2)
            if centre is None:
                continue
            r, c = inv[centre]
            ring = [ids[rc] for rc in _neighbours(r, c)] if size in ("major", "key") else []
            members = [centre, *ring]
            taken.update(members)
            cities.append({"name": f"{size.title()}{k}", "size": size, "center": centre, "mileposts": members,
                           "loads": [rng.choice(sorted(loads))]})
            for m in members:
                mps[m]["terrain"] = "clear"

    # ferries and a tunnel across the channel
    north, south = min(channel) - 1, max(channel) + 1
    cols_free = [c for c in range(2, cols - 2)
                 if ids.get((north, c)) not in taken and ids.get((south, c)) not in taken
                 and (north, c) in ids and (south, c) in ids]
    picks = rng.sample(cols_free, 5)
    ferries = []
    for k, c in enumerate(picks[:4]):
        p, q = ids[(north, c)], ids[(south, c)]
        ferries.append({"name": f"Ferry{k}", "ports": [p, q], "port_names": [f"North{k}", f"South{k}"],
                        "cost": rng.choice([4, 4, 6, 8])})
        taken.update((p, q))
    # one ferry port is also a small city (like Dublin)
    dub = ferries[0]["ports"][1]
    cities.append({"name": "PortTown", "size": "small", "center": dub, "mileposts": [dub], "loads": ["Beer"]})
    tc = picks[4]
    p, q = ids[(north, tc)], ids[(south, tc)]
    under = []
    for k in range(3):
        under.append(len(mps))
        mps.append({"id": len(mps), "x": tc + 0.5 * (north % 2), "y": (north + (k + 1) * (south - north) / 4) * _R3,
                    "terrain": "clear", "underground": True})
    tunnels = [{"name": "Tunnel", "ports": [p, q], "port_names": ["TunnelNorth", "TunnelSouth"], "cost": 17,
                "mileposts": under}]
    doc = {"schema": "eb-board/1", "name": name, "title": f"Synthetic board (seed {seed})", "game": "europe",
           "mileposts": mps, "edges": [edges[k] for k in keys], "cities": cities, "loads": loads,
           "ferries": ferries, "tunnels": tunnels, "meta": {"seed": seed, "rows": rows, "cols": cols}}
    return Board.from_dict(doc, source=f"<synthetic seed={seed}>")
