"""Build Phase Rules: building track and ferries, upgrading the train, the limits on entering cities and
building out of major cities, and the no-blocking rules (rulebook: Build Phase Rules).

Functions over a :class:`~eb_core.engine.game.Game`; :func:`plan_build` only looks, ``do_*`` change the
game after every check has passed.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import numpy as np

from .. import events as _events
from .. import rulebook as R
from ..actions import Build, Upgrade
from ..board import City, CitySize, components
from ..costs import BuildPlan, SegmentCost, priced_summary, segment_cost
from ..errors import IllegalAction
from ..files import derived, recent
from ..track import Track, city_player_cap, city_room, crossing_player_cap, seg_key
from .common import (
    active_effects,
    board_index,
    build_first,
    check_mp,
    cite,
    require_hand_ready,
    turn_rule,
    where,
)
from ..words import and_list, plural

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

__all__ = ["plan_build", "do_build", "do_upgrade", "check_city_limits", "check_no_blocking"]


def enter_build(game: Game, what: str) -> None:
    st = game.state
    if st.phase == "operations" and build_first(game):
        raise IllegalAction(turn_rule(game), f"The Building Phase comes first in this game and is over for this "
                                             f"turn (you are running your train): {what} waits for your next "
                                             "turn.")
    if st.phase == "operations":
        p = game.player()
        require_hand_ready(game, what)
        if p.position is None:
            raise IllegalAction(R.START_TRAIN, f"Place your train in a city before {what}: at "
                                               "your first operations turn you must place your train.")
    elif st.phase != "build":
        raise IllegalAction(R.HOW_TO_PLAY, f"{what} is not possible now.")


def start_build_phase(game: Game) -> None:
    st = game.state
    if st.phase == "operations":
        st.phase = "build"


def plan_build(game: Game, path: Sequence[int], seat: int | None = None, *, check: bool = True) -> BuildPlan:
    """Validate a build along ``path`` for the current player without changing anything.

    Returns the :class:`~eb_core.costs.BuildPlan` (``cost``, one ``segments`` cost per step -- steps
    over the player's own track or ferries free --, ``built``: the new segments as ``(a, b)``,
    ``crossings`` bought, ``out_of``: major/key cities built out of, ``notes``: per-segment
    explanations); raises :class:`~eb_core.errors.IllegalAction` if the build is not allowed now."""
    st, ix, board, rules = game.state, game.index, game.board, game.rules
    seat = st.current if seat is None else seat
    p = st.players[seat]
    path = [check_mp(game, m, f"Build.path[{i}]") for i, m in enumerate(path)]
    tr = st.track
    owned = set(tr.owned_crossings(seat))
    net = game.network(seat)
    if rules.branching and path[0] not in net and path[0] in any_network(game):
        net = net | {path[0]}          # Branching: track may branch from anyone's track
    if not rules.build_from_majors and len(path) > 1 and not _may_start(game, path[0], net) \
            and _may_start(game, path[-1], net):
        # Empire Express > Build Track: "connect to (or from) a milepost you are already connected to" -- track
        # drawn towards your own is built from it, each segment paying "for the milepost you are connecting to"
        path = path[::-1]
    _check_start(game, path[0], net)
    new_segs: list[tuple[int, int]] = []
    bought: list[str] = []
    out_of: list[str] = []
    breakdown: list[str] = []
    own: list[int] | None = None        # the run of own track being told: [from, to, segments, its note's index]

    def seg(x: int, y: int) -> str:
        return f"{board.place(x)} → {board.place(y)}"
    steps: list[SegmentCost] = []
    cost = 0
    prior_out = list(p.built_out_of)
    for i, (a, b) in enumerate(zip(path, path[1:])):
        k = seg_key(a, b)
        hop = ix.hop.get(k)
        if hop is not None and (board.edge(a, b) is None):
            if hop.name not in owned:
                raise IllegalAction(R.CHUNNEL_BUILD if _is_chunnel(game, hop) else R.FERRY_BUILD,
                                    f"You can only continue across {hop.name} after building into one of its "
                                    f"ports; build into {where(game, a)} first.")
            breakdown.append(f"across {hop.name} (yours): 0M")
            steps.append(SegmentCost(a, b, 0, 0, 0, "own track", None, hop.name))
            continue
        if board.edge(a, b) is None:
            raise IllegalAction(R.BUILD, f"{board.place(a)} and {board.place(b)} are not neighbouring mileposts; track is drawn from one "
                                         "milepost to the next.")
        e = board.edge(a, b)
        if board.is_red_area(a, b):
            raise IllegalAction(cite(game, R.MAJOR_ENTRY, R.EXPRESS_BUILD), f"No track may be built inside "
                                f"{ix.city_at[a].name}: it is public track already; build out of one of its corners.")
        if e.impassable:
            line = f"the heavy black line of the {e.barrier}" if e.barrier else "a line no track may cross"
            raise IllegalAction(R.EXPRESS_BUILD if rules.game == "express" else R.BUILD,
                                f"The segment {seg(a, b)} crosses {line}; no track may cross it.")
        owner = tr.segments.get(k)
        if owner is not None:
            if owner == seat:
                # a run of your own track is one note: "Lyon → Ruhr, 8 segments already yours: 0M"
                if own is not None and own[3] == len(breakdown) - 1:      # the last note is this run's
                    own[1], own[2] = b, own[2] + 1
                else:
                    own = [a, b, 1, len(breakdown)]
                    breakdown.append("")
                segs = f", {plural(own[2], 'segment')}" if own[2] > 1 else ""
                breakdown[own[3]] = f"{seg(own[0], own[1])}{segs} already yours: 0M"
                steps.append(SegmentCost(a, b, 0, 0, 0, "own track"))
                continue
            raise IllegalAction(cite(game, R.RIGHT_OF_WAY, R.EXPRESS_BUILD), f"Only one section of track may be built between two mileposts: "
                                                f"{seg(a, b)} already belongs to "
                                                f"{st.players[owner].name}.")
        if k in new_segs:
            raise IllegalAction(R.RIGHT_OF_WAY, f"The path builds {seg(a, b)} twice.")
        _check_events(game, seat, a, b)
        ca = ix.city_at[a]
        if ca is not None and ca.has_red_area:
            if rules.builds_out_of_major_per_turn is not None and \
                    len(prior_out) + len(out_of) >= rules.builds_out_of_major_per_turn:
                out = prior_out + out_of
                cities = list(dict.fromkeys(out))
                done = (f"{'both' if len(out) == 2 else 'all'} out of {cities[0]}" if len(cities) == 1 else
                        and_list(f"{out.count(c)} out of {c}" for c in cities))
                raise IllegalAction(
                    R.MAJOR_LIMIT,
                    f"You have already built {plural(len(out), 'segment')} out of major/key cities this "
                    f"turn ({done}); at most {rules.builds_out_of_major_per_turn} per turn. Build into "
                    f"{ca.name} now and out of it next turn.")
            out_of.append(ca.name)
        sc = segment_cost(board, rules, a, b, owned_crossings=owned)
        if sc.crossing_name is not None:
            _check_crossing_room(game, sc.crossing_name)
            owned.add(sc.crossing_name)
            bought.append(sc.crossing_name)
        cost += sc.total
        breakdown.append(f"{seg(a, b)}: {sc.explain()}")
        steps.append(sc)
        new_segs.append(k)
    if not new_segs and not bought:
        raise IllegalAction(R.BUILD, "This path builds nothing new: every segment on it is already yours.")
    # small and medium cities: players and tracks per player
    if new_segs:
        check_city_limits(game, seat, new_segs, bought)
    budget = rules.build_limit - p.spent
    if cost > budget:
        raise IllegalAction(cite(game, R.HOW_TO_PLAY, R.EXPRESS_BUILD), f"This build costs {cost}M but you may spend only {budget}M more "
                                           f"this turn (at most {rules.build_limit}M per build phase): "
                                           f"{priced_summary(steps, board)}.")
    if cost > p.cash:
        raise IllegalAction(cite(game, R.NO_CREDIT, R.EXPRESS_SETUP), f"This build costs {cost}M and you have {p.cash}M: you may not build "
                                         f"track you cannot pay for ({priced_summary(steps, board)}).")
    if check:
        check_no_blocking(game, seat, new_segs, bought)
    return BuildPlan(cost, tuple(path), tuple(steps), board, start=board.place(path[0]), end=board.place(path[-1]),
                     built=tuple(new_segs), crossings=tuple(bought), out_of=tuple(out_of), notes=tuple(breakdown))


def _may_start(game: Game, start: int, net: set[int]) -> bool:
    """Whether Empire Express track may start at ``start``: your own track, or a major city it reaches."""
    city = game.index.city_at[start]
    return start in net or (city is not None and city.has_red_area and any(m in net for m in city.mileposts))


def _check_start(game: Game, start: int, net: set[int]) -> None:
    """Where a build may start (rulebook: Beginning Construction): your network or a major/key city
    milepost; in Empire Express only your own track, or a major city your track reaches (Build Track)."""
    start_city = game.index.city_at[start]
    if not game.rules.build_from_majors:
        if not _may_start(game, start, net):
            why = (f"{start_city.name} is a major city none of your track reaches; you cannot start new "
                   "track from a major city" if start_city is not None and start_city.has_red_area
                   else f"{where(game, start)} is not on your track")
            raise IllegalAction(R.EXPRESS_BUILD, f"You may only build track off your own track: {why}.")
    elif start not in net and not (start_city is not None and start_city.has_red_area):
        at = where(game, start)
        if not net:
            raise IllegalAction(R.BEGIN, f"Your first track must start from a major city or key city milepost; "
                                         f"{at} is neither.")
        raise IllegalAction(R.BEGIN, f"Track must be built from a major or key city milepost or from a milepost "
                                     f"on your own network; {at} is neither.")


def _check_events(game: Game, seat: int, a: int, b: int) -> None:
    """An event in force that stops building on the segment (Event Card Effects: a Flood's river, Snow's
    mountains, a Wildcat Strike), or a washed-out bridge kept for the player who lost it (Floods)."""
    for act, eff in active_effects(game):
        why = eff.blocks_build(game, act, seat, a, b)
        if why:
            raise IllegalAction(R.EVENTS, why)
    why = _events.rebuild_reserved(game, seat, a, b)
    if why:
        raise IllegalAction(R.EVENTS + " > Floods", why)


def _check_crossing_room(game: Game, name: str) -> None:
    """Room on a ferry (two players) or the Chunnel (one) for one more (Building Ferry Ports; Building the
    Chunnel)."""
    cr = game.board.crossing(name)
    owners = game.state.track.crossing_owners(cr.name)
    cap = crossing_player_cap(game.rules, cr)
    if len(owners) >= cap:
        who = " and ".join(game.state.players[o].name for o in owners)
        if _is_chunnel(game, cr):
            raise IllegalAction(R.CHUNNEL_BUILD, f"Only one player may build the {cr.name}; it belongs to {who}.")
        raise IllegalAction(R.FERRY_BUILD, f"Only {cap} player{'s' if cap != 1 else ''} may build to the {cr.name} "
                                           f"ferry; {who} already {'has' if len(owners) == 1 else 'have'}.")


def _is_chunnel(game: Game, cr) -> bool:
    """Whether ``cr`` is built under the Chunnel's own rules (Building the Chunnel: one player) -- not in the
    Fast Game, where it is "another ferry" (Building Ferry Ports: two players)."""
    return cr.is_tunnel and game.rules.tunnel_as_ferry_cost is None


def any_network(game: Game) -> set[int]:
    """Mileposts on any player's track (Branching: "build track that branches from any existing track on
    the board")."""
    return {m for s in range(len(game.state.players)) for m in game.network(s)}


def check_city_limits(game: Game, seat: int, new_segs: list[tuple[int, int]], bought: list[str]) -> None:
    st, ix, rules = game.state, game.index, game.rules
    touched: dict[str, City] = {}
    for a, b in new_segs:
        for m in (a, b):
            c = ix.city_at[m]
            if c is not None and c.size in (CitySize.SMALL, CitySize.MEDIUM):
                touched[c.name] = c
    for name in bought:
        cr = game.board.crossing(name)
        for m in cr.ports:
            c = ix.city_at[m]
            if c is not None and c.size in (CitySize.SMALL, CitySize.MEDIUM):
                touched[c.name] = c
    for c in touched.values():
        before = st.track.city_tracks(game.board, c)
        cm = set(c.mileposts)
        added = sum(1 for a, b in new_segs if (a in cm) != (b in cm))
        added += sum(1 for nm in bought if any(m in cm for m in game.board.crossing(nm).ports))
        room = city_room(game.board, rules, c, before, seat)
        if room is None:
            continue
        may_enter, left = room
        if not may_enter:
            cap = city_player_cap(game.board, rules, c)
            who = and_list(st.players[o].name for o in before if o != seat)
            # the Honeymoon Game's one player into a small city is its own rule, not the usual two
            rule = R.HONEYMOON if "honeymoon" in rules.variants and c.size is CitySize.SMALL else R.CITY_LIMIT
            raise IllegalAction(rule, f"Only {cap} player{'s' if cap != 1 else ''} may build into a "
                                      f"{c.size.value} city; {c.name} already has track from {who}.")
        if rules.small_city_needs_demand and c.size is CitySize.SMALL and seat not in before:
            wants = [d for cid in st.players[seat].hand for d in game.deck.card(cid).demands
                     if d.city == c.name or d.load in c.loads]
            if not wants:
                offered = ", ".join(c.loads) or "no loads"
                raise IllegalAction(R.HONEYMOON, f"To build into the small city {c.name} you must have a demand "
                                                 f"card for {c.name} or for a load available there ({offered}).")
        if added > left:
            mine = before.get(seat, 0) + added
            raise IllegalAction(R.CITY_LIMIT, f"No player may build more than {rules.city_max_tracks_per_player} "
                                              f"track sections to or from a {c.size.value} city; this would give "
                                              f"you {mine} at {c.name}.")


def access_summary(game: Game, track: Track) -> tuple[dict[int, bool], dict[str, int], dict[str, int]]:
    """Who can still reach every major city, and the room left at limited cities and crossings, for
    ``track`` (the basis of the no-blocking rules). A summary depends only on the board, the ruleset, the
    number of players and the track, so it is computed once per track and reused (a bot asks for the
    same track's summary several times a turn: each build is checked by ``plan_build`` and again by
    ``apply``)."""
    return _summary(game, track)[:3]


def _summary(game: Game, track: Track, base: tuple | None = None) -> tuple:
    """:func:`access_summary` with what it was computed from (the components of the board's free
    segments, the crossings with room). ``base`` is ``(summary, new segments)`` of a track that this one
    extends by those segments (and its crossings): see :func:`_access_summary`."""
    key = (id(game.rules), len(game.state.players), track.key())
    return recent(game.board, "engine:access-summaries", key, lambda: _access_summary(game, track, base),
                  size=64, guard=game.rules)


def _bypassed(ix, free: np.ndarray, segs: Sequence[tuple[int, int]]) -> bool:
    """Every segment of ``segs`` has a detour of two segments still open in the graph of free segments
    (``free``, plus the public red areas): taking them then splits no component of that graph."""
    board = ix.board
    for x, y in segs:
        around = set(board.neighbors(x)) & set(board.neighbors(y))
        for z in around:
            k1, k2 = seg_key(x, z), seg_key(z, y)
            i1, i2 = ix.key_index.get(k1), ix.key_index.get(k2)
            if (k1 in ix.red_set or (i1 is not None and free[i1])) and \
                    (k2 in ix.red_set or (i2 is not None and free[i2])):
                break
        else:
            return False
    return True


def _access_summary(game: Game, track: Track, base: tuple | None = None) -> tuple:
    ix, board = game.index, game.board
    n = ix.n
    free = np.ones(len(ix.build_keys), dtype=bool)
    taken = [i for i in map(ix.key_index.get, track.segments) if i is not None]
    free[taken] = False
    ca, cb, open_crossings = [], [], []
    for cr in board.crossings:
        cap = crossing_player_cap(game.rules, cr)
        if len(track.crossing_owners(cr.name)) < cap:
            ca.append(cr.ports[0])
            cb.append(cr.ports[1])
            open_crossings.append(cr.name)
    A = np.concatenate([ix.bA[free], ix.rA, np.array(ca, dtype=np.int32)])
    B = np.concatenate([ix.bB[free], ix.rB, np.array(cb, dtype=np.int32)])
    if base is not None and base[0][4] == tuple(open_crossings) and _bypassed(ix, free, base[1]):
        # the track extends base's by segments that each keep a detour: the components are base's
        lab = base[0][3]
    else:
        lab = components(n, A, B)
    centers = [c.center for c in ix.red_cities]
    main = {int(lab[c]) for c in centers}
    majors_ok: dict[int, bool] = {}
    if len(main) <= 1:
        for s in range(len(game.state.players)):
            majors_ok[s] = True
    else:
        for s in range(len(game.state.players)):
            own = [k for k, p in track.segments.items() if p == s]
            oa = [cr.ports[0] for cr in board.crossings if track.owns_crossing(s, cr.name)]
            ob = [cr.ports[1] for cr in board.crossings if track.owns_crossing(s, cr.name)]
            la = components(n, np.concatenate([A, np.array([k[0] for k in own] + oa, dtype=np.int32)]),
                             np.concatenate([B, np.array([k[1] for k in own] + ob, dtype=np.int32)]))
            majors_ok[s] = len({int(la[c]) for c in centers}) == 1
    # approaches of a milepost: its buildable segments still free whose far end is joined to the major
    # cities, counted for every limited city's centre and every port at once
    at, nbs, kid = derived(board, "build:approach-table", _approach_table)
    inmain = (lab == next(iter(main))) if len(main) == 1 else np.isin(lab, np.fromiter(main, dtype=lab.dtype))
    ok = free[kid] & inmain[nbs]
    counts = np.bincount(at[ok], minlength=n).tolist()

    def approaches(mp: int) -> int:
        return counts[mp]

    city_room: dict[str, int] = {}
    players_in = _players_in_cities(board, ix.limited_cities, track)
    caps = recent(board, "build:city-caps", id(game.rules),
                  lambda: [city_player_cap(board, game.rules, c) for c in ix.limited_cities], guard=game.rules)
    for c, cap in zip(ix.limited_cities, caps):
        if cap is None:
            continue
        present = len(players_in[c.name]) if players_in is not None else len(track.city_tracks(board, c))
        need = cap - present
        if need > 0:
            city_room[c.name] = approaches(c.center) - need
    port_room: dict[str, int] = {}
    for cr in board.crossings:
        cap = crossing_player_cap(game.rules, cr)
        need = cap - len(track.crossing_owners(cr.name))
        if need > 0:
            port_room[cr.name] = min(approaches(p) for p in cr.ports) - need
    return majors_ok, city_room, port_room, lab, tuple(open_crossings)


def _approach_table(board) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(milepost, neighbour, build key index)`` of every buildable segment out of a limited city's centre
    or a port (the mileposts whose approaches the no-blocking rules count), as three arrays."""
    ix = board_index(board)
    mps = sorted({c.center for c in ix.limited_cities} | {m for cr in board.crossings for m in cr.ports})
    rows = [(mp, nb, ix.key_index[seg_key(mp, nb)]) for mp in mps for nb in board.neighbors(mp)
            if seg_key(mp, nb) in ix.key_index]
    at, nbs, kid = (np.array(col, dtype=np.int64) for col in zip(*rows)) if rows else (np.zeros(0, np.int64),) * 3
    return at, nbs, kid


def _players_in_cities(board, cities, track: Track) -> dict[str, set[int]] | None:
    """For each of ``cities``, the players with track into or out of it (the keys of
    :meth:`Track.city_tracks`), found in one pass over the track; ``None`` when two of the cities share a
    milepost (then each city is asked on its own)."""
    city_of = derived(board, ("build:milepost-city", tuple(c.name for c in cities)), lambda b: _milepost_city(cities))
    if city_of is None:
        return None
    out: dict[str, set[int]] = {c.name: set() for c in cities}
    get = city_of.get
    for (a, b), p in track.segments.items():
        ca, cb = get(a), get(b)
        if ca != cb:
            if ca is not None:
                out[ca].add(p)
            if cb is not None:
                out[cb].add(p)
    for c in cities:
        for mp in c.mileposts:
            for cr in board.crossings_at(mp):
                out[c.name].update(track.crossings.get(cr.name, ()))
    return out


def _milepost_city(cities) -> dict[int, str] | None:
    city_of: dict[int, str] = {}
    for c in cities:
        for mp in c.mileposts:
            if city_of.setdefault(mp, c.name) != c.name:
                return None
    return city_of


def check_no_blocking(game: Game, seat: int, new_segs: list[tuple[int, int]], bought: list[str]) -> None:
    st = game.state
    before = _summary(game, st.track)
    after_track = st.track.copy()
    for a, b in new_segs:
        after_track.segments[(a, b)] = seat
    for nm in bought:
        after_track.add_crossing(seat, nm)
    after = _summary(game, after_track, (before, new_segs))
    for s, ok in after[0].items():
        if not ok and before[0].get(s, False):
            cities = ("major and key city" if any(c.size is CitySize.KEY for c in game.board.cities)
                      else "major city")
            raise IllegalAction(R.kept(R.MAJOR_ENTRY), f"This track would block {st.players[s].name} from building "
                                                       f"into and connecting every {cities}; every player keeps the "
                                                       "right to one segment into each of them.")
    for name, room in after[1].items():
        if room < 0 and room < before[1].get(name, 0):
            c = game.board.city(name)
            cap = city_player_cap(game.board, game.rules, c)
            nth = "a second player" if c.size is CitySize.SMALL else "a second or third player"
            raise IllegalAction(R.CITY_LIMIT, f"This track would block {nth} from building into {name} "
                                              f"(a {c.size.value} city is open to {cap} players).")
    for name, room in after[2].items():
        if room < 0 and room < before[2].get(name, 0):
            cr = game.board.crossing(name)
            if _is_chunnel(game, cr):
                raise IllegalAction(R.CHUNNEL_BUILD, f"This track would prevent a player from building both ends "
                                                     f"of the {name}.")
            raise IllegalAction(R.FERRY_BUILD, f"This track would prevent two players from building into and "
                                               f"out of the ports of the {name} ferry.")


def do_build(game: Game, a: Build, check: bool) -> None:
    enter_build(game, "building track")
    st, p = game.state, game.player()
    if p.upgraded and game.rules.cross_grade_cost is None:
        raise IllegalAction(R.UPGRADE, "You upgraded your train this turn; the 20M upgrade is the whole build "
                                       "phase's spending.")
    plan = plan_build(game, a.path, check=check)
    start_build_phase(game)
    seat = st.current
    for k in plan.built:
        st.track.segments[k] = seat
    for nm in plan.crossings:
        st.track.add_crossing(seat, nm)
    p.cash -= plan.cost
    p.spent += plan.cost
    p.built_out_of.extend(plan.out_of)
    # the new track in a sentence (the segment-by-segment notes are the plan's: BuildPlan.notes)
    st.log.append(f"{p.name} builds {plural(len(plan.built), 'segment')} for {plan.cost}M from "
                  f"{plan.start} to {plan.end}: {priced_summary(plan.segments, game.board)}.")


def do_upgrade(game: Game, a: Upgrade, check: bool) -> None:
    enter_build(game, "upgrading your train")
    st, p, rules = game.state, game.player(), game.rules
    to = a.to
    if to in rules.upgrade_options(p.train):
        cost = rules.upgrade_cost
        if p.spent > 0 or p.upgraded:
            raise IllegalAction(R.UPGRADE, f"An upgrade costs {cost}M and counts as the whole build phase's "
                                           f"spending; you have already spent {p.spent}M this turn.")
        if p.cash < cost:
            raise IllegalAction(R.NO_CREDIT, f"An upgrade costs {cost}M and you have {p.cash}M.")
        start_build_phase(game)
        p.cash -= cost
        p.spent = rules.build_limit
        p.upgraded = True
        st.log.append(f"{p.name} upgrades the train from {p.train} to {to} for {cost}M.")
        p.train = to
        return
    sib = rules.cross_grade_cost is not None and any(
        p.train in opts and to in opts and to != p.train for opts in rules.upgrades.values())
    if sib:
        cost = rules.cross_grade_cost
        if p.upgraded:
            raise IllegalAction(R.CROSS_GRADE, "You have already changed your train this turn.")
        if p.spent > rules.build_limit - cost:
            raise IllegalAction(R.CROSS_GRADE, f"Cross grading costs {cost}M and leaves at most "
                                               f"{rules.build_limit - cost}M for track; you have spent {p.spent}M.")
        if p.cash < cost:
            raise IllegalAction(R.NO_CREDIT, f"Cross grading costs {cost}M and you have {p.cash}M.")
        start_build_phase(game)
        p.cash -= cost
        p.spent += cost
        p.upgraded = True
        st.log.append(f"{p.name} cross grades the train from {p.train} to {to} for {cost}M.")
        p.train = to
        return
    if not rules.upgrades:      # Empire Express: "move your train up to 12 spaces", two loads, all game
        raise IllegalAction(R.UPGRADE, f"There are no train upgrades in {rules.title}: every train is a "
                                       f"{rules.start_train} train all game.")
    opts = ", ".join(str(t) for t in rules.upgrade_options(p.train)) or "none (fully upgraded)"
    raise IllegalAction(R.UPGRADE, f"A {p.train} train cannot become {to}; upgrade options: {opts}.")
