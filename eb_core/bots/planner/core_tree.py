"""The board's core network: :func:`core_tree`, the cheapest tree through the victory's major cities
(rulebook: How to Win), computed once per board and ruleset."""
from __future__ import annotations

import itertools
from dataclasses import dataclass

from ...files import derived
from ...routes import RouteState, cost_key
from ...track import seg_key
from .settings import _INF


@dataclass(frozen=True)
class CoreTree:
    """The board's core network: the cheapest tree found through ``majors`` (the victory's major cities)
    as ``segments`` (the keys of every step on it) costing ``cost`` on an empty board, and ``links`` the major-city pairs
    it joins. ``star`` is what the same majors cost joined to the first of them each on its own (every
    link priced alone, no track shared)."""

    majors: tuple[str, ...]
    links: tuple[tuple[str, str], ...]
    segments: frozenset
    cost: float
    star: float


def core_tree(board, rules) -> CoreTree | None:
    """The cheapest tree through ``rules.victory_majors`` of the board's major cities (How to Win: a
    continuous line connecting that many major cities), computed once per board and build costs: the
    minimum spanning tree over the cheapest builds between every two majors (a Steiner-tree heuristic),
    for every choice of the majors to leave out, keeping the cheapest; a segment two links share is paid
    once. ``None`` on a board without enough major cities.

    >>> import eb_core as eb
    >>> t = core_tree(eb.load_board("europe"), eb.ruleset("europe-standard"))
    >>> len(t.majors), t.cost < t.star
    (7, True)
    """
    return derived(board, ("planner:core-tree", cost_key(rules), rules.victory_majors),
                   lambda b: _core_tree(b, rules))


def _core_tree(board, rules) -> CoreTree | None:
    majors = sorted(c.name for c in board.major_cities)
    need = rules.victory_majors
    if need < 2 or len(majors) < need:
        return None
    rs = RouteState(board, rules)
    rs.prepare(majors)
    best = None
    for keep in itertools.combinations(majors, need):
        # Prim's tree over the pairwise cheapest builds (both directions: into a city costs its entry)
        inside, links, total = [keep[0]], [], 0.0
        rest = set(keep[1:])
        while rest:
            c, a, b = min((min(rs.cost(x, y), rs.cost(y, x)), x, y) for x in inside for y in sorted(rest))
            if c == _INF:
                break
            inside.append(b)
            rest.discard(b)
            links.append((a, b))
            total += c
        if rest or (best is not None and total >= best[0]):
            continue
        best = (total, keep, tuple(links))
    if best is None:
        return None
    _, keep, links = best
    segs: dict = {}
    for a, b in links:
        leg = rs.leg(a, b) if rs.cost(a, b) <= rs.cost(b, a) else rs.leg(b, a)
        for x, y in itertools.pairwise(leg[1]):     # every step, a ferry hop or a red area's too
            segs.setdefault(seg_key(x, y), 0.0)
        segs.update(leg[2])
    star = sum(min(rs.cost(keep[0], m), rs.cost(m, keep[0])) for m in keep[1:])
    return CoreTree(tuple(keep), links, frozenset(segs), float(sum(segs.values())), float(star))
