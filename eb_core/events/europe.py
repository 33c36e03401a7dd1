"""The Empire Builder: Europe deck's event kinds (rulebook: Event Card Effects): Derailments, Fog,
Heavy Snow, Gales, Floods, Strikes, Excess Profits Tax, Irish Economy Booming.

Importing this module registers them in :data:`eb_core.events.EFFECTS`; their areas come from
:mod:`eb_core.events.areas` (Counting Mileposts). The US and Express decks add their own modules beside it.

>>> from eb_core.events import EFFECTS
>>> sorted(k for k in EFFECTS if k in ("fog", "flood", "gale"))
['flood', 'fog', 'gale']
"""
from __future__ import annotations

from .. import rulebook as R
from ..words import and_list, plural
from . import areas as _areas
from .registry import EventEffect, active_area, active_title, lose_load_to_event, register, resolve, where

__all__ = ["Derailment", "Fog", "HeavySnow", "Gale", "Flood", "Strike", "ExcessProfitsTax", "IrishBoom",
           "derailment_area"]


# ---------------------------------------------------------------------------- derailments
def derailment_area(board, cities, radius: int = 3) -> frozenset[int]:
    """Mileposts within ``radius`` of any of ``cities`` (a derailment's area for the cards drawn), the
    Chunnel's counted as movement counts them (a derailment is no weather: Movement Using the Chunnel)."""
    out: set[int] = set()
    for c in cities:
        if board.has_city(c):
            out |= _areas.city_area(board, c, radius, underground=True)
    return frozenset(out)


@register("derailment")
class Derailment(EventEffect):
    """Derailments (immediate): draw the next two cards; every train within 3 mileposts of a city on a
    demand card drawn loses a turn and a load; events drawn are resolved afterwards, in order."""

    def on_draw(self, game, active, drawer):
        st, board = game.state, game.board
        card = game.deck.card(active["card"])
        n, radius = int(card.params.get("draw", 2)), int(card.params.get("radius", 3))
        drawn: list[int] = []
        for _ in range(n):
            cid = game.draw_card()
            if cid is None:
                break
            drawn.append(cid)
        demand = [cid for cid in drawn if hasattr(game.deck.card(cid), "demands")]
        evs = [cid for cid in drawn if cid not in demand]
        active["data"]["drawn"] = drawn
        if not demand:
            st.log.append("Derailments: the cards drawn are all events, so the derailment has no effect; the "
                          "events are resolved in the order drawn.")
            active["data"]["cities"], active["data"]["derailed"] = [], []
        else:
            cities = [d.city for cid in demand for d in game.deck.card(cid).demands]
            area = derailment_area(board, cities, radius)
            st.log.append(f"Derailments within {radius} mileposts of {and_list(list(dict.fromkeys(cities)))}.")
            # one derailment per train and event, however many of the cities it is near; under Run Two
            # Trains each train in the area derails and loses a load, and its player loses a turn
            hit = {s: [k for k, mp in game.trains_at(s) if mp in area] for s in range(len(st.players))}
            order = [(drawer + i) % len(st.players) for i in range(len(st.players))]
            for s in order:
                p = st.players[s]
                for k in hit[s]:
                    with game.train_view(k, s):
                        name = "train" if p.second is None else f"train {k}"
                        # the load and the turn lost follow, each in a line of its own
                        st.log.append(f"{p.name}'s {name} derails at {where(game, p.position)}: it stays there, "
                                      "facing the same way.")
                        lose_load_to_event(game, s, "a derailment")
                if hit[s]:
                    game.lose_turn(s)
            if not any(hit.values()):
                st.log.append("No train stands there: nobody derails.")
            for cid in demand:
                st.discard_pile.append(cid)
            active["data"]["cities"], active["data"]["derailed"] = cities, [s for s in order if hit[s]]
        st.flags["last_derailment"] = dict(active["data"])
        for cid in evs:
            resolve(game, game.deck.card(cid), drawer)


# ---------------------------------------------------------------------------- weather: fog, snow, gales
class _HalfRateArea(EventEffect):
    def half_rate(self, game, active, player, a, b):
        area = active_area(game, active).mileposts
        return a in area or (b is not None and b in area)


@register("fog")
class Fog(_HalfRateArea):
    """Fog (one round): trains within 4 mileposts of the city move at half rate."""


@register("snow")
class HeavySnow(_HalfRateArea):
    """Heavy Snow (one round): half rate within 4 of the city; no movement or track building to or from
    its mountain and alpine mileposts."""

    def blocks_move(self, game, active, player, a, b):
        blocked = active_area(game, active).blocked
        for m in (a, b):
            if m is not None and m in blocked:
                return (f"{active_title(game, active)}: no train may move to or from {where(game, m)}: the snow "
                        f"closes the mountain and alpine mileposts near its city (rulebook: {R.NO_MOVE}).")
        return None

    def blocks_build(self, game, active, player, a, b):
        blocked = active_area(game, active).blocked
        for m in (a, b):
            if m in blocked:
                return (f"{active_title(game, active)}: no track may be built to or from {where(game, m)}: the "
                        "snow closes the mountain and alpine mileposts near its city.")
        return None


@register("gale")
class Gale(_HalfRateArea):
    """Gales (one round): half rate within 4 mileposts of that sea's coast; no staging at or leaving
    from being staged at its ferry ports; no track building in the area (the rulebook's Ebro example:
    Trella "is prevented from rebuilding the bridge by the Mediterranean Gales event")."""

    def blocks_staging(self, game, active, player, port):
        if port in active_area(game, active).ports:
            return (f"{active_title(game, active)}: the ferry port {where(game, port)} is closed; no train may "
                    "stage there or leave it from being staged.")
        return None

    def blocks_move(self, game, active, player, a, b):
        p = game.state.players[player]
        if p.staged and a == p.position and p.moves_used - p.handling == 0 and not p.crossed:   # (Pay To Load)
            return self.blocks_staging(game, active, player, a)
        return None

    def blocks_build(self, game, active, player, a, b):
        area = active_area(game, active).mileposts
        if a in area or b in area:
            m = a if a in area else b
            return (f"{active_title(game, active)}: no track may be built within the gale's area "
                    f"({where(game, m)} is in it).")
        return None


# ---------------------------------------------------------------------------- floods
@register("flood")
class Flood(EventEffect):
    """Floods (one round): every bridge over the river is erased; nobody builds or moves across it until
    the card is discarded; major-city bridges come back in that Admin phase; each owner has the first
    right to rebuild their bridges for one turn in which they could have."""

    def on_draw(self, game, active, drawer):
        st = game.state
        river = game.deck.card(active["card"]).params["river"]
        edges = active_area(game, active).edges
        gone = sorted((k, o) for k, o in st.track.segments.items() if k in edges)
        for k, o in gone:
            del st.track.segments[k]
            st.blocked_rebuild[f"{k[0]}-{k[1]}"] = o
        if gone:
            st.flags.setdefault("destroyed_track", []).extend([k[0], k[1], o] for k, o in gone)
        red = sorted(k for k in edges if game.board.is_red_area(*k))
        active["data"]["destroyed"] = [[k[0], k[1], o] for k, o in gone]
        active["data"]["city_bridges"] = [list(k) for k in red]
        by = {}
        for _, o in gone:
            by[o] = by.get(o, 0) + 1
        who = "; ".join(f"{st.players[o].name} loses {plural(n, 'bridge')}" for o, n in sorted(by.items())) \
            or "no built bridge"
        cities = sorted({game.board.city_at(k[0]).name for k in red})
        st.log.append(f"The {river} floods: every bridge over it is destroyed ({who}"
                      + (f"; the city bridges of {and_list(cities)} are out" if cities else "") + ").")

    def blocks_move(self, game, active, player, a, b):
        if b is not None and (min(a, b), max(a, b)) in active_area(game, active).edges:
            return (f"{active_title(game, active)}: no train may move over the flooding river "
                    f"{game.board.between(a, b)} (rulebook: {R.FLOOD}).")
        return None

    def blocks_build(self, game, active, player, a, b):
        if (min(a, b), max(a, b)) in active_area(game, active).edges:
            return (f"{active_title(game, active)}: no track may be built over the flooding river "
                    f"{game.board.between(a, b)} until the card is discarded.")
        return None

    def on_expire(self, game, active):
        red = active["data"].get("city_bridges", [])
        if red:
            cities = sorted({game.board.city_at(a).name for a, _ in red})
            game.state.log.append(f"The flood is over: the city bridges of {and_list(cities)} are rebuilt.")


# ---------------------------------------------------------------------------- strikes
@register("strike")
class Strike(EventEffect):
    """Strikes (one round). ``coastal`` (Longshoremen's): no pickups or deliveries within ``radius`` of the
    coast; ``inland`` (Teamsters'): none farther than ``radius``; ``wildcat``: no track building (by the
    drawing player, or by all); ``rail`` (Iberian Rail Strike): every train in the struck countries loses
    a turn."""

    def _closed(self, game, active, mp, what):
        p = game.deck.card(active["card"]).params
        if p["variant"] in ("coastal", "inland") and mp in active_area(game, active).mileposts:
            side = "within" if p["variant"] == "coastal" else "more than"
            return (f"{active_title(game, active)}: no loads may be {what} at {where(game, mp)}, {side} "
                    f"{p['radius']} mileposts from the coast.")
        return None

    def blocks_pickup(self, game, active, player, mp, load):
        return self._closed(game, active, mp, "picked up")

    def blocks_delivery(self, game, active, player, mp, load):
        return self._closed(game, active, mp, "delivered")

    def blocks_build(self, game, active, player, a, b):
        p = game.deck.card(active["card"]).params
        if p["variant"] == "wildcat" and (p.get("players", "drawing") == "all" or player == active["drawn_by"]):
            return f"{active_title(game, active)}: no track building this round for {game.state.players[player].name}."
        return None

    def on_draw(self, game, active, drawer):
        p = game.deck.card(active["card"]).params
        if p["variant"] != "rail":
            return
        st = game.state
        area = active_area(game, active).mileposts
        hit = [s for s in range(len(st.players)) if any(mp in area for _, mp in game.trains_at(s))]
        active["data"]["hit"] = hit
        if not hit:
            st.log.append(f"{active_title(game, active)}: no train is in {p.get('region', 'the region')}.")
        for s in hit:
            st.log.append(f"{active_title(game, active)}: {st.players[s].name}'s train is in "
                          f"{p.get('region', 'the region')}.")
            game.lose_turn(s)


# ---------------------------------------------------------------------------- money
@register("tax")
class ExcessProfitsTax(EventEffect):
    """Excess Profits Tax (immediate): every player pays the tax of their cash bracket to the bank, and
    money is public from now on."""

    @staticmethod
    def tax_for(cash: int, brackets) -> int:
        """The tax on ``cash`` for ``brackets`` ``[[cash at least, tax], ...]``.

        >>> [ExcessProfitsTax.tax_for(c, [[50, 10], [100, 15], [150, 20], [200, 25]]) for c in (49, 50, 199, 260)]
        [0, 10, 20, 25]
        """
        tax = 0
        for at_least, t in sorted(brackets):
            if cash >= at_least:
                tax = t
        return min(tax, max(cash, 0))

    def on_draw(self, game, active, drawer):
        st = game.state
        brackets = game.deck.card(active["card"]).params["brackets"]
        paid = {}
        for s, p in enumerate(st.players):
            t = self.tax_for(p.cash, brackets)
            p.cash -= t
            paid[s] = t
            if t:
                st.log.append(f"Excess Profits Tax: {p.name} pays {t}M (cash now {p.cash}M).")
            else:
                least = min(at for at, _ in brackets)
                st.log.append(f"Excess Profits Tax: {p.name} pays nothing (cash {p.cash}M, under the {least}M the "
                              "tax starts at).")
        active["data"]["paid"] = {str(s): t for s, t in paid.items()}
        st.flags["money_public"] = True


@register("irish-boom")
class IrishBoom(EventEffect):
    """Irish Economy Booming (permanent): +4M on every delivery to Belfast, Dublin and Cork."""

    def payout_bonus(self, game, active, player, city, load):
        p = game.deck.card(active["card"]).params
        return int(p["bonus"]) if city in p["cities"] else 0
