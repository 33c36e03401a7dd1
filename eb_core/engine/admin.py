"""The Admin phase between turns, victory, the end of a round and final scoring (rulebook: Admin Phase;
How to Win; Ending the Game; How to Play > Sudden Death Tiebreaker).

Functions over a :class:`~eb_core.engine.game.Game`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .. import events as _events
from ..board import components
from ..words import and_list

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

__all__ = ["admin_phase", "end_of_round", "connected_majors", "meets_victory"]


def admin_phase(game: Game) -> None:
    """Admin phase (rulebook: Admin Phase), in the rulebook's order: 1. events that expired are
    discarded; 2. destroyed major-city bridges are rebuilt and closed ports reopen (each expired effect's
    :meth:`~eb_core.events.EventEffect.on_expire`); 3. players who meet the victory conditions announce."""
    st = game.state
    seat = st.current
    keep, expired = [], []
    for act in st.active_events:
        eff = _events.EFFECTS.get(act["kind"])
        done = False
        if act["duration"] == "one-round":
            done = act["drawn_by"] == seat and st.players[seat].turns >= act["expires_after"]
        elif act["duration"] == "lasting" and eff is not None:
            done = eff.expired(game, act)
        if done:
            st.discard_pile.append(act["card"])
            card = game.deck.card(act["card"])
            st.log.append(f"The event '{card.title}' expires and is discarded.")
            if eff is not None:
                expired.append((act, eff))
        else:
            keep.append(act)
    st.active_events = keep
    for act, eff in expired:
        eff.on_expire(game, act)
    if st.special_round or st.sudden_death:
        return
    if game.rules.victory_at_once:
        # US overview > Scoring / Victory Conditions: the first player to meet both conditions wins
        n = len(st.players)
        for s in ((seat + i) % n for i in range(n)):
            if meets_victory(game, s):
                finish(game, [s], f"wins: the first to connect {game.rules.victory_majors} major cities with "
                                  f"{game.rules.victory_cash}M or more in cash")
                return
        return
    # Empire Express (Game End): "If a player has $150 million or more on their turn", read as at the end
    # of that player's own turn; Europe: every player who meets the conditions announces
    seats = [seat] if game.rules.victory_on_own_turn else range(len(st.players))
    for s in seats:
        q = st.players[s]
        if not q.announced and meets_victory(game, s):
            q.announced = True
            st.victory_announced = True
            if game.rules.victory_majors <= 0:
                st.log.append(f"{q.name} has {q.cash}M (at least {game.rules.victory_cash}M): the current round "
                              "is finished so that everyone has had the same number of turns, and the most "
                              "money wins.")
            else:
                st.log.append(f"{q.name} announces victory conditions: {q.cash}M and "
                              f"{len(connected_majors(game, s))} major cities connected. The game ends with "
                              "this round.")


def end_of_round(game: Game) -> None:
    st = game.state
    if st.sudden_death:
        if st.round_deliveries:
            best = max(st.players[s].cash for s in st.sudden_death)
            top = [s for s in st.sudden_death if st.players[s].cash == best]
            if len(top) == 1:
                finish(game, top, "wins the sudden-death tiebreaker")
                return
            st.sudden_death = top
    elif st.victory_announced:
        _events.final_rebuild(game)
        # Express: "The player with the most money at the end of the game is the winner!" (of all players)
        cands = [s for s, q in enumerate(st.players) if q.announced or game.rules.winner_among_all]
        best = max(st.players[s].cash for s in cands)
        top = [s for s in cands if st.players[s].cash == best]
        if len(top) == 1 or game.rules.tie_shares_win:
            finish(game, top, "meets the victory conditions and wins" if len(st.players) == 1 else
                   "wins with the most money of all the players" if game.rules.winner_among_all else
                   "wins with the most cash among the players who met the victory conditions")
            return
        st.sudden_death = top
        # Sudden Death Tiebreaker: events that are not lasting or permanent are discarded
        keep = []
        for act in st.active_events:
            if act["duration"] in ("lasting", "permanent"):
                keep.append(act)
                continue
            eff = _events.EFFECTS.get(act["kind"])
            if eff is not None:
                eff.on_expire(game, act)
            st.discard_pile.append(act["card"])
        st.active_events = keep
        st.log.append("Tie for first between " + and_list(st.players[s].name for s in top)
                      + f" at {best}M: sudden-death tiebreaker.")
    st.round += 1
    st.round_deliveries = False


def finish(game: Game, winners: list[int], how: str) -> None:
    """End the game: ``winners`` win, ``how`` says why (logged as the final scoring)."""
    st = game.state
    st.winners = list(winners)
    st.phase = "over"
    names = " and ".join(st.players[s].name for s in winners)
    if len(winners) > 1 and how.startswith("wins"):
        how = "share the win" + how[len("wins"):]
    st.log.append(f"Final scoring: {names} {how} ({st.players[winners[0]].cash}M).")


def connected_majors(game: Game, seat: int | None = None) -> list[str]:
    """Names of the major cities in the largest group that the player's own track, public red
    areas and owned ferries/tunnels connect (rulebook: How to Win)."""
    seat = game.state.current if seat is None else seat
    ix, tr = game.index, game.state.track
    own = [k for k, p in tr.segments.items() if p == seat]
    if not own and not tr.owned_crossings(seat):
        return []
    a = [k[0] for k in own] + [cr.ports[0] for cr in game.board.crossings if tr.owns_crossing(seat, cr.name)]
    b = [k[1] for k in own] + [cr.ports[1] for cr in game.board.crossings if tr.owns_crossing(seat, cr.name)]
    lab = components(ix.n, np.concatenate([np.array(a, dtype=np.int32), ix.rA]),
                      np.concatenate([np.array(b, dtype=np.int32), ix.rB]))
    groups: dict[int, list[str]] = {}
    for c in ix.majors:
        groups.setdefault(int(lab[c.center]), []).append(c.name)
    # a major city counts only if the player's network touches it
    net = game.network(seat)
    best: list[str] = []
    for names in groups.values():
        touched = [nm for nm in names if any(m in net for m in game.board.city(nm).mileposts)]
        if len(touched) > len(best):
            best = touched
    return sorted(best)


def meets_victory(game: Game, seat: int) -> bool:
    """Cash >= victory cash and enough major cities connected (rulebook: How to Win)."""
    p = game.state.players[seat]
    if p.cash < game.rules.victory_cash:
        return False
    if game.rules.victory_majors <= 0:
        return True
    return len(connected_majors(game, seat)) >= game.rules.victory_majors
