"""A game told in plain words: every action as a sentence naming places and money, and a recorded game
replayed step by step (rules side: no plotly, no ipywidgets).

A recorded game is plain data -- the JSON game log of :meth:`eb_core.engine.Game.to_json` (rules, board,
deck, players, seed and the ``history`` of actions) -- so a game saved from a real table replays as well
as a bot's. :func:`replay` starts a new game with the same rules, board, deck, players and seed, applies
the history one action at a time and keeps a :class:`Step` for each: who acted, the sentence, what the
action built and where the train went, the events that struck, and the position after it.

>>> import eb_core as eb
>>> g = eb.Game.new("europe-standard", board="tutorial", players=["Ann", "Ben"], seed=7)
>>> ex = g.board.meta["examples"]["london_birmingham"]
>>> print(describe(eb.Build(path=ex["path"]), g))
Ben builds London → Birmingham: 2 clear mileposts and the medium city Birmingham, 5M.
>>> g.apply(eb.Build(path=ex["path"]))
>>> steps = replay(g.to_json())
>>> steps[0].text == describe(eb.Build(path=ex["path"]), steps[0].before)
True
>>> steps[0].cash_after - steps[0].cash_before
-5

Sentences never show milepost numbers or tuples: a milepost is its city, its ferry port, or "a clear
milepost near <the nearest city>" (:func:`place`).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence


from .actions import (Borrow, Build, Deliver, Discard, DiscardHand, Drop, EndBuild, EndOperations, EndTurn, Move,
                      PickUp, PlaceTrain, Upgrade)
from .board import Board
from .costs import SegmentCost, path_cost, priced_summary
from .engine import Game, interludes
from .engine.common import active_effects
from .words import and_list, plural
from .errors import EbError, InvalidAction
from .state import GameState

__all__ = ["place", "near", "describe", "describe_segments", "say", "Step", "replay", "scrub", "money"]


# --------------------------------------------------------------------------------------------- places
def near(board: Board, mp: int) -> str:
    """The name of the city nearest to milepost ``mp`` on its own land (see :meth:`Board.near`)."""
    return board.near(mp)


def place(board: Board, mp: int) -> str:
    """A milepost as a player names it: the city it belongs to, its ferry port, the tunnel it is in, or
    ``"a mountain milepost near Lyon"``.

    >>> import eb_core as eb
    >>> b = eb.load_board("tutorial")
    >>> place(b, b.city("Paris").center), place(b, b.city("Paris").mileposts[1])
    ('Paris', 'Paris')
    """
    return board.place(mp)


def _end(board: Board, mp: int) -> str:
    """A route end: a place name, or ``"near Lyon"`` for a bare milepost (reads after an arrow)."""
    return board.landmark(mp) or "near " + near(board, mp)


def money(m: int) -> str:
    """Millions as printed on the cards: ``"5M"``, ``"-3M"``."""
    return f"{int(m)}M"


_MP = re.compile(r"\b(?:milepost|mileposts) (\d+)\b")
_CITY_MP = re.compile(r"([A-ZÀ-Þ][\w'’.\- ]*?) \(milepost \d+\)")
_BRIDGE = re.compile(r"\bbridge (\d+)-(\d+)\b")


def scrub(board: Board, text: str) -> str:
    """Replace the milepost numbers of an engine log line by places: ``"Paris (milepost 12)"`` becomes
    ``"Paris"``, ``"milepost 812"`` becomes ``"a clear milepost near Lyon"``, ``"bridge 3-4"`` becomes
    ``"the bridge near Köln"``."""
    text = _CITY_MP.sub(lambda m: m.group(1), text)
    text = _BRIDGE.sub(lambda m: f"the bridge near {near(board, int(m.group(1)))}", text)
    n = len(board.mileposts)
    return _MP.sub(lambda m: place(board, int(m.group(1))) if int(m.group(1)) < n else m.group(0), text)


# ------------------------------------------------------------------------------------------- builds
def describe_segments(segments: Iterable[SegmentCost], board: Board | None = None) -> str:
    """What a build pays for, in words: ``"4 clear mileposts, a bridge over the river Thames (2M) and the
    medium city Oxford"``. Free steps along track already built are left out; with ``board`` a ferry is
    called a ferry. (:func:`eb_core.costs.priced_summary` without the prices of mileposts and cities.)"""
    return priced_summary(segments, board, priced=False)


def _build_segments(game, path: Sequence[int], seat: int) -> list[SegmentCost]:
    """The segments a build would pay for, as the engine prices them (own track free)."""
    owned = game.state.track.owned_crossings(seat)
    try:
        segs = path_cost(game.board, game.rules, path, owned_crossings=owned)
    except (ValueError, EbError):
        return []
    mine = {k for k, p in game.state.track.segments.items() if p == seat}
    out = []
    for s in segs:
        key = (min(s.a, s.b), max(s.a, s.b))
        if key in mine or game.board.is_red_area(s.a, s.b):
            out.append(SegmentCost(s.a, s.b, 0, 0, 0, "own track"))
        else:
            out.append(s)
    return out


# ------------------------------------------------------------------------------------------ actions
def _card_text(game, card_id: int) -> str:
    try:
        card = game.deck.card(card_id)
    except (KeyError, EbError):
        return "a card"
    demands = getattr(card, "demands", None)
    if demands:
        return "the card " + "; ".join(f"{d.load} to {d.city} {money(d.payout)}" for d in demands)
    return f"the event card {getattr(card, 'title', card.label)}"


def _passing(board: Board, path: Sequence[int]) -> list[str]:
    """The cities a train goes through between the two ends of ``path`` (a city the move starts or ends
    in is an end, not a city passed, whichever of its mileposts the path uses)."""
    ends = {c.name for c in (board.city_at(path[0]), board.city_at(path[-1])) if c is not None} if path else set()
    seen: list[str] = []
    for mp in path[1:-1]:
        c = board.city_at(mp)
        if c is not None and c.name not in seen and c.name not in ends:
            seen.append(c.name)
    return seen


def _train(p, k: int):
    """The record of ``p``'s train ``k`` (the player itself for train 1; the second train under Run Two
    Trains), for ``position``, ``train``, ``moves_used``, ``half_rate``."""
    return p.second if k == 2 and p.second is not None else p


def _onto(p, tn: str, word: str) -> str:
    """`` onto train 2`` / `` from train 1`` when the player runs two trains, else nothing."""
    return "" if p.second is None else f" {word} {tn}"


def say(action, board: Board) -> str:
    """An action in a few words, by its places, without the position it is taken in (for lists of actions:
    a hint's, an outcome's): ``"build London → Folkestone"``, ``"move to Paris (5 mileposts)"``,
    ``"deliver Wine"``. A list of actions is said in order, joined by "then".

    >>> import eb_core as eb
    >>> b = eb.load_board("tutorial")
    >>> say(Build(path=tuple(b.meta["examples"]["london_folkestone"]["path"])), b)
    'build London → Folkestone'
    >>> say([PickUp("Wine"), EndTurn()], b)
    'pick up Wine, then end the turn'
    """
    if isinstance(action, (list, tuple)):
        return ", then ".join(say(a, board) for a in action)
    train = " (train 2)" if getattr(action, "train", 1) == 2 else ""
    kind = type(action)
    if kind in _LOAD_VERBS:
        return f"{_LOAD_VERBS[kind]} {action.load}{train}"
    if kind in _SAID:
        return _SAID[kind]
    if isinstance(action, Build):
        return f"build {board.place(action.path[0])} → {board.place(action.path[-1])}"
    if isinstance(action, Move):
        return f"move{train} to {board.place(action.path[-1])} ({plural(len(action.path), 'milepost')})"
    if isinstance(action, Upgrade):
        return f"upgrade{train} to {action.to}"
    if isinstance(action, PlaceTrain):
        where = action.where if isinstance(action.where, str) else board.place(action.where)
        return f"place the train{train} in {where}"
    if isinstance(action, Borrow):
        return f"borrow {money(action.amount)}"
    return kind.__name__


_LOAD_VERBS = {PickUp: "pick up", Deliver: "deliver", Drop: "drop"}
_SAID = {DiscardHand: "discard the whole hand", Discard: "discard a card", EndOperations: "end the operations",
         EndBuild: "end the building", EndTurn: "end the turn"}


def describe(action, game, *, after=None, seat: int | None = None) -> str:
    """One sentence for ``action`` taken in ``game`` (the position *before* the action; a
    :class:`~eb_core.engine.Game`), naming places and money: ``"Ann builds London → Birmingham: 2 clear
    mileposts and the major city Birmingham, 5M."`` ``after`` (the game after it) adds what only the
    result knows -- the rent and fares paid, the cash after a delivery and what of it went to a Mercy loan.
    ``seat`` is who acts (default: the player whose turn it is)."""
    st = game.state
    seat = st.current if seat is None else seat
    p = st.players[seat]
    who, board = p.name, game.board
    pa = after.state.players[seat] if after is not None else None
    k = getattr(action, "train", 1)
    tn = "the train" if p.second is None else f"train {k}"          # Run Two Trains: which train
    t, ta = _train(p, k), (_train(pa, k) if pa is not None else None)
    if isinstance(action, Build):
        path = list(action.path)
        segs = _build_segments(game, path, seat)
        cost = sum(s.total for s in segs)
        if pa is not None:
            cost = p.cash - pa.cash
        return f"{who} builds {_end(board, path[0])} → {_end(board, path[-1])}: {describe_segments(segs, board)}, {money(cost)}."
    if isinstance(action, Upgrade):
        to = action.to if not isinstance(action.to, str) else action.to
        cross = game.rules.cross_grade_cost is not None and str(to) not in {
            str(x) for x in game.rules.upgrade_options(t.train)}          # Cross Grading: 12/2 <-> 9/3
        cost = (p.cash - pa.cash) if pa is not None else (
            game.rules.cross_grade_cost if cross else game.rules.upgrade_cost)
        verb = "cross grades" if cross else "upgrades"
        return f"{who} {verb} {tn} from {t.train} to {to} for {money(cost)}."
    if isinstance(action, PlaceTrain):
        where = action.where if isinstance(action.where, str) else place(board, action.where)
        return f"{who} places {tn} in {where}."
    if isinstance(action, Move):
        start = t.position
        path = ([start] if start is not None else []) + list(action.path)
        via = _passing(board, path)
        a_end, b_end = _end(board, path[0]), _end(board, path[-1])
        trip = f"across {b_end}" if a_end == b_end and board.city_at(path[-1]) is not None else f"{a_end} → {b_end}"
        s = f"{who} moves {'' if p.second is None else tn + ' '}{trip}, {plural(len(action.path), 'milepost')}"
        if via:
            s += " through " + and_list(via)
        if pa is not None:
            # Pay To Move: the turn's 1M for moving on one's own track is paid by the move that sets fee_paid;
            # what else the move cost is rent (4M an opponent, to the bank under Pay To Move)
            fare = game.rules.move_fee_own if pa.fee_paid and not p.fee_paid else 0
            rent = p.cash - pa.cash - fare
            to_bank = " to the bank" if game.rules.rent_to_bank else ""
            if fare and rent > 0:
                s += f", paying the {money(fare)} fare and {money(rent)} rent{to_bank} (Pay To Move)"
            elif fare:
                s += f", paying the {money(fare)} fare to the bank (Pay To Move)"
            elif rent > 0:
                s += f", paying {money(rent)} rent{to_bank}"
            speed = ta.train.speed
            s += (f" ({min(ta.moves_used, speed)} of {speed} movement points used this turn"
                  + ((", two a milepost at half speed for the ferry" if ta.crossed else
                      ", two a milepost at half rate in an event's area") if ta.half_rate else "") + ")")
        return s + "."
    if isinstance(action, PickUp):
        where = place(board, t.position) if t.position is not None else "nowhere"
        return f"{who} picks up {action.load} in {where}{_onto(p, tn, 'onto')}."
    if isinstance(action, Drop):
        where = place(board, t.position) if t.position is not None else "nowhere"
        if game.rules.field_warehousing and t.position is not None and board.city_at(t.position) is not None:
            return (f"{who} drops {action.load}{_onto(p, tn, 'from')} in {where}; it stays there for any player to "
                    "pick up (Field Warehousing).")
        return f"{who} drops {action.load}{_onto(p, tn, 'from')} in {where}; it goes back to the bank for nothing."
    if isinstance(action, Deliver):
        where = place(board, t.position) if t.position is not None else "nowhere"
        pay = None
        try:
            d = game.deck.card(action.card_id).demand(where, action.load)
            pay = d.payout if d is not None else None
        except (KeyError, AttributeError, EbError):
            pay = None
        if pay is not None:       # with the bonuses of the events in play (Irish Economy Booming: +4)
            pay += sum(eff.payout_bonus(game, act, seat, where, action.load) for act, eff in active_effects(game))
        elif pa is not None:      # no demand read from the card: the cash gained (a tax drawn after it lowers it)
            pay = pa.cash - p.cash + (p.loan - pa.loan)
        s = f"{who} delivers {action.load}{_onto(p, tn, 'from')} to {where}" + (f" for {money(pay)}" if pay is not None else "")
        if pa is not None:
            repaid = p.loan - pa.loan
            s += f" ({money(repaid)} of it to the Mercy loan; cash {money(pa.cash)})" if repaid > 0 else \
                f" (cash {money(pa.cash)})"
        return s + "."
    if isinstance(action, Discard):
        if game.rules.end_of_turn_discards:     # Empire Express: one free discard, then draw up to three
            return (f"{who} discards {_card_text(game, action.card_id)} (the free discard at the end of the turn; "
                    f"the hand is then drawn up to {game.rules.hand_size}).")
        return f"{who} discards {_card_text(game, action.card_id)} to keep three cards."
    if isinstance(action, DiscardHand):
        return f"{who} gives up the turn to discard the whole hand and draw new cards."
    if isinstance(action, EndOperations):
        if game.rules.turn_order == "build-first" and not st.special_round:   # the operations end the turn
            return f"{who} ends the operations phase, and with it the turn."
        return f"{who} ends the operations phase and turns to building."
    if isinstance(action, EndBuild):
        return f"{who} ends the building phase and turns to moving" + (f" (spent {money(p.spent)} on building)" if p.spent else "") + "."
    if isinstance(action, EndTurn):
        spent = p.spent
        return f"{who} ends the turn" + (f" (spent {money(spent)} on building)" if spent else "") + "."
    if isinstance(action, Borrow):
        return f"{who} invokes Mercy and borrows {money(action.amount)} from the bank."
    return f"{who}: {type(action).__name__}."


# -------------------------------------------------------------------------------------------- replay
_OWN_VERBS = ("builds", "moves", "pays", "picks up", "drops", "places", "discards", "upgrades", "cross grades",
              "invokes", "repays")


def _news(game_before, game_after, seat: int) -> list[str]:
    """What else happened during a step (events striking, turns lost, cards reshuffled, victory), from
    the engine's log, with milepost numbers replaced by places."""
    name = game_before.state.players[seat].name
    lines = game_after.state.log[len(game_before.state.log):]
    out = []
    for ln in lines:
        # the step's own sentence says it already: the delivery's announcement ("Ann announces \"Paris gets
        # Wine for 20M\" ..."), the builds, moves, payments
        if ln.startswith(f"{name} announces \"") or any(ln.startswith(f"{name} {v}") for v in _OWN_VERBS):
            continue
        out.append(scrub(game_after.board, ln))
    return out


@dataclass
class Step:
    """One action of a recorded game, as the turn stepper shows it.

    ``index`` (0-based), ``round``, ``seat`` and ``player`` (who acted), ``action``, ``text`` (the
    sentence), ``events`` (other things that happened: events striking, lost turns...),
    ``cash_before`` / ``cash_after`` (the actor's), ``new_track`` (segments built, as milepost pairs),
    ``train_path`` (mileposts the train went through, start included), ``before`` / ``after`` (the game
    before and after; ``after.state`` is the position to draw), ``outside`` (whether a change made outside
    the actions followed this one: a solo scenario's simulated player, a Simulated Win / Loss draw;
    ``after`` includes it).
    """

    index: int
    round: int
    seat: int
    player: str
    action: Any
    text: str
    events: list[str]
    cash_before: int
    cash_after: int
    new_track: tuple[tuple[int, int], ...]
    train_path: tuple[int, ...]
    before: Any = field(repr=False)
    after: Any = field(repr=False)
    outside: bool = False

    @property
    def state(self) -> GameState:
        """The position after this step."""
        return self.after.state

    def __str__(self) -> str:
        return " ".join([self.text, *self.events])


def _load(record):
    """A Game (or its JSON / dict) from a recorded game."""
    if isinstance(record, Game):
        return record
    if isinstance(record, (str, bytes)):
        record = json.loads(record)
    return Game.from_dict(record)


def replay(record, *, start=None) -> list[Step]:
    """Replay a recorded game (a :class:`~eb_core.engine.Game`, its JSON or its dict) one action at a
    time from a new game with the same rules, board, deck, players and seed, and return a
    :class:`Step` per action. ``start`` gives another starting position (a game, e.g. one set up with
    :func:`eb_core.positions.position`) when the record did not begin with a new game; its
    ``history`` is then the actions to replay after it.

    Changes the record made outside the actions (its ``interludes``: a solo scenario's simulated players,
    the Simulated Win / Loss draws, a simulation's notes; see :mod:`eb_core.engine.interludes`) are made
    again where they were made: those after an action show in its step (``events``, ``after``), those made
    before the first action in the position the first step starts from.

    Raises :class:`ValueError` when the replayed game does not end in the recorded position (the record
    was not played from that start)."""
    final = _load(record)
    if start is None:
        names = [p.name for p in final.state.players]
        game = Game.new(final.rules, final.board, players=names, seed=final.state.seed, deck=final.deck)
        actions = list(final.history)
    else:
        game = _load(start).clone()
        actions = list(final.history[len(game.history):])
    done = len(game.history)
    pending = [it for it in final.interludes if it["after"] >= done]

    def catch_up(g, n: int) -> bool:        # the interludes made after the first n actions
        made = False
        while pending and pending[0]["after"] <= n:
            g.state = interludes.apply(g.state, pending.pop(0)["changes"])
            made = True
        return made

    catch_up(game, done)
    steps: list[Step] = []
    for i, act in enumerate(actions):
        before = game.clone()
        seat = before.state.current
        p0 = before.state.players[seat]
        game.apply_unchecked(act)
        outside = catch_up(game, done + i + 1)
        after = game.clone()
        p1 = after.state.players[seat]
        new = tuple(sorted(set(after.state.track.segments) - set(before.state.track.segments)))
        path: tuple[int, ...] = ()
        k = getattr(act, "train", 1)
        if isinstance(act, Move):
            t0 = _train(p0, k)
            path = ((t0.position,) if t0.position is not None else ()) + tuple(act.path)
        elif isinstance(act, PlaceTrain):
            t1 = _train(p1, k)
            path = (t1.position,) if t1.position is not None else ()
        steps.append(Step(index=i, round=before.state.round, seat=seat, player=p0.name, action=act,
                          text=describe(act, before, after=after, seat=seat), events=_news(before, after, seat),
                          cash_before=p0.cash, cash_after=p1.cash, new_track=new, train_path=path,
                          before=before, after=after, outside=outside))
    if game.state.to_dict() != final.state.to_dict():
        raise InvalidAction("start: the recorded game does not replay to its recorded position from a new game "
                            "with the same players and seed; pass start= (the position it began from), and make any "
                            "change to the position outside the actions inside `with game.outside():` so it is "
                            "recorded", field="start")
    return steps
