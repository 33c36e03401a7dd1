"""Operations Phase Rules: placing and running the train, ferries and the Chunnel, renting track, picking
up, dropping and delivering loads (rulebook: Starting Your Train; Operations Phase Rules).

Functions over a :class:`~eb_core.engine.game.Game`; :func:`plan_move` only looks, ``do_*`` change the
game after every check has passed.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from .. import rulebook as R
from ..actions import Deliver, Drop, Move, PickUp, PlaceTrain
from ..errors import IllegalAction, InvalidAction
from ..track import seg_key
from .cards_and_turns import draw_until_demand
from .common import (Step, active_effects, check_mp, cite, load_name, require_hand_ready, require_operations, require_placed,
                     start_operations, where)
from ..words import and_list, plural

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

__all__ = ["plan_move", "step_info", "can_handle_load", "handle_load", "do_place_train", "do_move", "do_pickup", "do_drop", "do_deliver",
           "pickup_problem", "demand_for", "lose_load"]


def do_place_train(game: Game, a: PlaceTrain, check: bool) -> None:
    st, p = game.state, game.player()
    require_operations(game, what="Placing your train")
    require_hand_ready(game, "placing your train")
    if p.position is not None:
        raise IllegalAction(R.START_TRAIN, f"Your train is already on the board at {where(game, p.position)}; "
                                           "it is placed only once, at your first operations turn.")
    if isinstance(a.where, str):
        mp = place_by_name(game, a.where)
    else:
        mp = check_mp(game, a.where, "PlaceTrain.where")
        if game.index.city_at[mp] is None and mp not in game.index.ferry_ports:
            raise IllegalAction(R.START_TRAIN, f"Milepost {mp} is not in a city or at a ferry port; place your "
                                               "train in any city (including ports).")
    start_operations(game)
    p.position, p.prev = mp, None
    st.ops_started = True
    st.log.append(f"{p.name} places the train in {where(game, mp)}.")


def place_by_name(game: Game, name: str) -> int:
    """The milepost a train placed at ``name`` stands on: a city's centre, or a ferry port by its name
    (``"Harwich"``: "place your train (pawn) in any city (including ports)", rulebook: Starting Your
    Train)."""
    board = game.board
    if board.has_city(name):
        return board.city(name).center
    mp = board.port_milepost(name)      # a port's name, ignoring case and accents as a city's ("harwich")
    if mp is not None and any(mp in cr.ports for cr in board.ferries):
        return mp
    ports = sorted({pn for cr in board.ferries for pn in cr.port_names if not board.has_city(pn)})
    tunnel = next((cr for cr in board.tunnels if mp in cr.ports), None) if mp is not None else None
    if tunnel is not None:      # a tunnel's port (Folkestone) is no city and no ferry port
        raise IllegalAction(R.START_TRAIN, f"{board.place(mp)} is a port of the {tunnel.name}, not a city or a "
                                           "ferry port; place your train in any city (including ferry ports"
                                           + (f": {and_list(ports)}" if ports else "") + ").")
    msg = board.no_city(name, ports=True)
    if ports and not board.close_places(name, ports=True):       # nothing close to suggest: the ports' names
        msg += f" (ports that are not cities: {', '.join(ports)})"
    raise InvalidAction(f"place: there is {msg}", field="where")


def step_info(game: Game, seat: int, a: int, b: int) -> Step | str:
    """How a train could step ``a -> b`` on the track, or a reason why not."""
    ix, tr = game.index, game.state.track
    k = seg_key(a, b)
    if k in ix.red_set:
        return Step(a, b, "public", ())
    owner = tr.segments.get(k)
    if owner is not None:
        return Step(a, b, "track", (owner,))
    cr = ix.tunnel_step.get(k)
    if cr is not None and game.rules.tunnel_as_ferry_cost is not None:
        return f"the {cr.name} is a ferry in this game ({R.FAST_GAME}): cross it " \
               "port to port"
    if cr is not None:
        owners = tr.crossing_owners(cr.name)
        if not owners:
            return f"nobody has built the {cr.name} yet"
        return Step(a, b, "tunnel", owners)
    cr = ix.hop.get(k)
    if cr is not None and (not cr.is_tunnel or game.rules.tunnel_as_ferry_cost is not None):
        owners = tr.crossing_owners(cr.name)
        if not owners:
            return f"nobody has built the {cr.name} ferry yet"
        return Step(a, b, "ferry", owners)
    if b in game.board.neighbors(a):
        return f"there is no track {game.board.between(a, b)}"
    return f"{where(game, a)} and {where(game, b)} are not neighbours"


def can_reverse_at(game: Game, mp: int) -> bool:
    return game.rules.reverse_anywhere or game.index.city_at[mp] is not None or game.board.is_port(mp)


def plan_move(game: Game, seat: int, path: Sequence[int], rent_from: int | None) -> dict[str, Any]:
    st, rules = game.state, game.rules
    p = st.players[seat]
    speed = p.train.speed
    pos, prev = p.position, p.prev
    used, half, staged, crossed = p.moves_used, p.half_rate, p.staged, p.crossed
    rented = list(p.rented)
    cash = p.cash
    payments: list[tuple[int | None, int]] = []   # (owner, amount); owner None = the bank
    fee_paid = p.fee_paid
    first = used - p.handling == 0 and not crossed
    for i, b in enumerate(path):
        b = check_mp(game, b, f"Move.path[{i}]")
        step_first = first and i == 0
        if b == pos:
            if not (step_first and staged):
                raise IllegalAction(R.RUNNING, f"Move.path[{i}] repeats {game.board.place(b)}; each step goes to a "
                                               "neighbouring milepost.")
            info = Step(pos, b, "same-port", ())
        else:
            info = step_info(game, seat, pos, b)
            if isinstance(info, str):
                raise IllegalAction(R.RUNNING, f"Your train cannot move from {where(game, pos)} to "
                                               f"{where(game, b)}: {info}.")
        cost = 1
        if info.kind == "ferry":
            cr = game.index.hop[seg_key(pos, b)]
            if rules.ferry_fixed_moves is not None:
                cost = rules.ferry_fixed_moves
                if used + cost > speed:
                    raise IllegalAction(R.FERRY_MOVE, f"Crossing the {cr.name} takes {cost} movement points and "
                                                      f"you have {speed - used} left.")
            else:
                if not (step_first and staged):
                    raise IllegalAction(R.FERRY_MOVE, f"To cross the {cr.name} ferry, end a turn on its port "
                                                      "(staging); the crossing is then the first step of your "
                                                      "next turn, at half speed for the whole turn.")
                if rules.ferry_half_speed:
                    half = True
            for act, eff in active_effects(game):
                why = eff.blocks_staging(game, act, seat, pos)
                if why:
                    raise IllegalAction(R.EVENTS, why)
        if info.kind == "same-port":
            for act, eff in active_effects(game):
                why = eff.blocks_staging(game, act, seat, pos)
                if why:
                    raise IllegalAction(R.EVENTS, why)
            if rules.ferry_half_speed:
                half = True
        if info.kind not in ("ferry", "same-port") and b == prev and not can_reverse_at(game, pos):
            places = "in a city or at a ferry port" if game.board.crossings else "in a city"
            raise IllegalAction(R.kept(R.RUNNING), f"A train may only reverse direction {places}; "
                                                   f"{where(game, pos)} is {'neither' if game.board.crossings else 'not one'}, "
                                                   f"so it cannot go straight back to {where(game, b)}.")
        if info.kind != "same-port":
            for act, eff in active_effects(game):
                why = eff.blocks_move(game, act, seat, pos, b)
                if why:
                    raise IllegalAction(R.EVENTS, why)
                if not half and eff.half_rate(game, act, seat, pos, b):
                    half = True
        if info.kind != "ferry" or rules.ferry_fixed_moves is None:
            cost = 2 if half else 1
            # half rate rounds in the player's favour: a step is allowed while any point remains
            if (half and used >= speed) or (not half and used + 1 > speed):
                left = max(0, speed - used)
                rate = " at half rate" if half else ""
                spent = (f"all {speed} points used, the last half-rate step rounded in your favour" if used > speed
                         else f"{used} of {speed} points used, {left} left")
                raise IllegalAction(R.RUNNING, f"Your {p.train} train has no movement left{rate} for step "
                                               f"{i + 1} of this move ({spent}).")
        # rent
        if info.owners and seat not in info.owners:
            choice = None
            if rent_from is not None and rent_from in info.owners:
                choice = rent_from
            else:
                paid = [o for o in info.owners if o in rented]
                choice = paid[0] if paid else info.owners[0]
            if choice not in rented:
                if cash < rules.rent:
                    raise IllegalAction(R.RENT, f"Using {st.players[choice].name}'s track costs {rules.rent}M "
                                                f"for this turn and you have {cash}M: you may not use an "
                                                "opponent's track without the cash to pay first.")
                cash -= rules.rent
                rented.append(choice)
                payments.append((None if rules.rent_to_bank else choice, rules.rent))
        elif info.owners and rules.move_fee_own and not fee_paid:
            # Pay To Move: the first step on your own track this turn costs the fee, to the bank
            if cash < rules.move_fee_own:
                raise IllegalAction(R.PAY_TO_MOVE, f"Moving on your own track costs {rules.move_fee_own}M this "
                                                   f"turn (Pay To Move) and you have {cash}M.")
            cash -= rules.move_fee_own
            fee_paid = True
            payments.append((None, rules.move_fee_own))
        used += cost
        if info.kind == "ferry":
            crossed = True
        if info.kind != "same-port":
            prev, pos = pos, b
        staged = False
    return {"pos": pos, "prev": prev, "used": used, "half": half, "crossed": crossed, "rented": rented,
            "payments": payments, "staged": staged, "fee_paid": fee_paid}


def do_move(game: Game, a: Move, check: bool) -> None:
    st = game.state
    require_operations(game, what="Moving your train")
    p = require_placed(game, "moving")
    if a.rent_from is not None and not 0 <= a.rent_from < len(st.players):
        raise InvalidAction(f"Move.rent_from: no player {a.rent_from}", field="rent_from")
    plan = plan_move(game, st.current, a.path, a.rent_from)
    start_operations(game)
    for owner, amt in plan["payments"]:
        p.cash -= amt
        if owner is None:
            st.log.append(f"{p.name} pays the bank {amt}M to move this turn.")
            continue
        st.players[owner].cash += amt
        st.log.append(f"{p.name} pays {st.players[owner].name} {amt}M rent for this turn.")
    start = p.position
    p.position, p.prev = plan["pos"], plan["prev"]
    p.moves_used, p.half_rate, p.crossed = plan["used"], plan["half"], plan["crossed"]
    p.rented, p.staged, p.fee_paid = plan["rented"], plan["staged"], plan["fee_paid"]
    st.ops_started = True
    frm, to = where(game, start), where(game, p.position)
    trip = f"across {to}" if frm == to else f"from {frm} to {to}"     # (corner to corner of one city)
    # mileposts moved: a staged train's step "onto the port on the same side" moves it nowhere
    moved = sum(b != prev for prev, b in zip((start, *a.path), a.path))
    went = (f"moves {plural(moved, 'milepost')} {trip}" if moved
            else f"leaves the ferry at {to} on the same side, at half speed")
    st.log.append(f"{p.name} {went} ({p.moves_used} of {p.train.speed} movement points used"
                  f"{', half rate' if p.half_rate and moved else ''}).")


def do_pickup(game: Game, a: PickUp, check: bool) -> None:
    st = game.state
    require_operations(game, what="Picking up a load")
    p = require_placed(game, "picking up loads")
    ld = load_name(game, a.load)
    why = pickup_problem(game, st.current, ld)
    if why:
        raise IllegalAction(cite(game, R.PICKUP, R.EXPRESS_MOVE), why)
    for act, eff in active_effects(game):
        why = eff.blocks_pickup(game, act, st.current, p.position, ld)
        if why:
            raise IllegalAction(R.EVENTS, why)
    handle_load(game, p, "picking up")
    start_operations(game)
    source = pickup_source(game, game.index.city_at[p.position], ld)
    if source is None:
        st.bank[ld] -= 1
    else:
        take_from_warehouse(st, source, ld)
    p.loads.append(ld)
    st.ops_started = True
    st.log.append(f"{p.name} picks up {ld} at {where(game, p.position)}"
                  + (f" from the field warehouse in {source}." if source else "."))


def can_handle_load(game: Game, p) -> bool:
    """Whether the train has the movement points to pick up or drop one load (Pay To Load And Deliver)."""
    return p.train.speed - p.moves_used >= game.rules.load_handling_moves


def handle_load(game: Game, p, what: str) -> None:
    """Pay To Load And Deliver: picking up or dropping one load uses movement points (checked, then spent)."""
    cost = game.rules.load_handling_moves
    if not cost:
        return
    left = p.train.speed - p.moves_used
    if left < cost:
        raise IllegalAction(R.PAY_TO_LOAD, f"{what.capitalize()} a load uses {plural(cost, 'movement point')} (Pay To Load "
                                           f"And Deliver) and your train has {max(left, 0)} left this turn.")
    p.moves_used += cost
    p.handling += cost


def pickup_source(game: Game, city, ld: str) -> str | None:
    """Where a pick-up of ``ld`` in ``city`` comes from under Field Warehousing: the city's own warehouse,
    else ``None`` (the bank) when the city produces it and the bank has a chip, else -- "the bank is empty"
    -- the first warehouse (by city name) that holds it. ``None`` without the variant."""
    st = game.state
    if not game.rules.field_warehousing or city is None:
        return None
    if st.warehouses.get(city.name, {}).get(ld, 0) > 0:
        return city.name
    if ld in city.loads and st.bank.get(ld, 0) <= 0:
        for name in sorted(st.warehouses):
            if st.warehouses[name].get(ld, 0) > 0:
                return name
    return None


def take_from_warehouse(st, city: str, ld: str) -> None:
    held = st.warehouses[city]
    held[ld] -= 1
    if not held[ld]:
        del held[ld]
    if not held:
        del st.warehouses[city]


def pickup_problem(game: Game, seat: int, ld: str) -> str | None:
    st = game.state
    p = st.players[seat]
    c = game.index.city_at[p.position] if p.position is not None else None
    if c is None:
        return f"Your train is at {where(game, p.position)}, not in a city; loads are picked up in cities."
    warehoused = pickup_source(game, c, ld) is not None
    if ld not in c.loads and not warehoused:
        offered = ", ".join(c.loads) or "no loads"
        held = st.warehouses.get(c.name) if game.rules.field_warehousing else None
        stored = f"; its field warehouse holds {', '.join(sorted(held))}" if held else ""
        return f"{c.name} does not offer {ld} (it offers {offered}{stored})."
    if st.bank.get(ld, 0) <= 0 and not warehoused:
        return f"No {ld} chip is left in the bank; a load can be picked up only while a chip is available."
    if len(p.loads) >= p.train.capacity:
        return f"Your {p.train} train already carries {p.train.capacity} loads ({', '.join(p.loads)})."
    if p.no_pickup:
        return "You lost a load to an event and may not pick up another until your next operations phase."
    return None


def do_drop(game: Game, a: Drop, check: bool) -> None:
    st = game.state
    require_operations(game, what="Dropping a load")
    p = require_placed(game, "dropping loads")
    ld = load_name(game, a.load)
    if ld not in p.loads:
        raise IllegalAction(R.PICKUP, f"Your train does not carry {ld} (it carries "
                                      f"{', '.join(p.loads) or 'nothing'}).")
    if game.index.city_at[p.position] is None:
        raise IllegalAction(R.kept(R.PICKUP), f"Loads may be dropped only in a city; your train is at "
                                      f"{where(game, p.position)}.")
    handle_load(game, p, "dropping")
    start_operations(game)
    p.loads.remove(ld)
    st.ops_started = True
    if game.rules.field_warehousing:   # Field Warehousing: the load stays in the city
        held = st.warehouses.setdefault(game.index.city_at[p.position].name, {})
        held[ld] = held.get(ld, 0) + 1
        st.log.append(f"{p.name} drops {ld} at {where(game, p.position)}: it stays there in a field warehouse.")
        return
    st.bank[ld] = st.bank.get(ld, 0) + 1
    st.log.append(f"{p.name} drops {ld} at {where(game, p.position)} (back to the bank, no payoff).")


def demand_for(game: Game, seat: int, card_id: int, load: str):
    """The demand on ``card_id`` matching the train's city and ``load``, or a reason string."""
    p = game.state.players[seat]
    c = game.index.city_at[p.position] if p.position is not None else None
    card = game.deck.card(card_id)
    for d in card.demands:
        if d.load != load:
            continue
        try:
            dc = game.board.city(d.city)
        except KeyError:
            continue
        if c is not None and dc.name == c.name:
            return d
    wants = "; ".join(str(d) for d in card.demands)
    here = c.name if c else where(game, p.position)
    return f"Card {card.label} has no demand for {load} at {here} (it asks: {wants})."


def do_deliver(game: Game, a: Deliver, check: bool) -> None:
    st = game.state
    require_operations(game, what="Delivering a load")
    p = require_placed(game, "delivering")
    seat = st.current
    ld = load_name(game, a.load)
    contract = a.card_id in st.open_contracts
    if a.card_id not in p.hand and not contract:
        held = (f"Your demand cards are {and_list(_card_words(game, c) for c in p.hand)}" if p.hand
                else "You hold no demand cards")
        if st.open_contracts:
            held += f"; the open contracts are {and_list(_card_words(game, c) for c in st.open_contracts)}"
        what = "in your hand or an open contract" if st.open_contracts else "one of your demand cards"
        raise IllegalAction(cite(game, R.DELIVER, R.EXPRESS_CARDS), f"Card {a.card_id} is not {what} (a delivered card "
                                                                    f"is discarded). {held}.")
    if ld not in p.loads:
        raise IllegalAction(R.DELIVER, f"Your train does not carry {ld} (it carries "
                                       f"{', '.join(p.loads) or 'nothing'}).")
    d = demand_for(game, seat, a.card_id, ld)
    if isinstance(d, str):
        raise IllegalAction(cite(game, R.DELIVER, R.EXPRESS_CARDS), d)
    city = game.index.city_at[p.position]
    for act, eff in active_effects(game):
        why = eff.blocks_delivery(game, act, seat, p.position, ld)
        if why:
            raise IllegalAction(R.EVENTS, why)
    bonus = sum(eff.payout_bonus(game, act, seat, city.name, ld) for act, eff in active_effects(game))
    pay = d.payout + bonus
    # Mercy: "at least half of the payoff amount must be directed to the loan balance" until it is paid
    least = min(p.loan, -(-pay * int(game.rules.mercy_payout_share * 100) // 100))
    to_loan = least if a.repay is None else a.repay
    if a.repay is not None and not least <= a.repay <= min(p.loan, pay):
        if p.loan == 0:
            raise IllegalAction(R.MERCY, f"You owe nothing on a Mercy loan: there is nothing to repay ({a.repay}M "
                                         "asked).")
        raise IllegalAction(R.MERCY, f"Of this {pay}M payoff, at least half ({least}M) must go to your Mercy loan, "
                                     f"and at most the payoff or the {p.loan}M you owe, whichever is less "
                                     f"({min(p.loan, pay)}M); you asked to repay {a.repay}M.")
    handle_load(game, p, "delivering")
    start_operations(game)
    p.loads.remove(ld)
    st.bank[ld] = st.bank.get(ld, 0) + 1
    if to_loan > 0:
        p.loan -= to_loan
        st.log.append(f"{p.name} repays {to_loan}M of the Mercy loan ({p.loan}M still owed).")
    p.cash += pay - to_loan
    p.delivered += 1
    (st.open_contracts if contract else p.hand).remove(a.card_id)
    st.discard_pile.append(a.card_id)
    st.ops_started = True
    st.round_deliveries = True
    extra = f" (+{bonus}M from events)" if bonus else ""
    extra += " on an open contract (no replacement card)" if contract else ""
    # (the announcement in the rulebook's own words: "Toulouse gets Iron for 23" -- Delivering Loads)
    st.log.append(f"{p.name} announces \"{city.name} gets {ld} for {d.payout}M\" and is paid {d.payout + bonus}M"
                  f"{extra}; cash {p.cash}M.")
    if game.rules.draw_on_delivery and not contract:   # else the hand is refilled as the last action of the turn
        draw_until_demand(game, seat)


def _card_words(game: Game, card_id: int) -> str:
    """A demand card by its number and, briefly, what it asks: ``"24 (Chocolate to Wien, Wood to Holland, ...)"``."""
    try:
        demands = game.deck.card(card_id).demands
    except (KeyError, AttributeError):
        return str(card_id)
    return f"{card_id} ({', '.join(f'{d.load} to {d.city}' for d in demands)})"


def lose_load(game: Game, seat: int, load: str | None = None) -> str | None:
    """Remove one load from ``seat``'s train back to the bank (``load`` or the first carried), block
    pick-ups until the next operations phase, and return the load lost (rulebook: Losing Loads)."""
    st = game.state
    p = st.players[seat]
    if not p.loads:
        return None
    ld = load if load in p.loads else p.loads[0]
    p.loads.remove(ld)
    st.bank[ld] = st.bank.get(ld, 0) + 1
    p.no_pickup = True
    st.log.append(f"{p.name} loses a load of {ld}.")
    return ld
