"""The rules engine: :class:`Game` runs Empire Builder: Europe, standard and basic game.

The rulebook (``rules/empire_builder_europe_rulebook.txt``) is the specification; every rejected
action raises :class:`~eb_core.errors.IllegalAction` whose ``.rule`` names the rulebook section
(``"Build Phase Rules > Right of Way"``) and whose ``.reason`` says why in plain English. A rejected
action leaves the game exactly as it was: every action is validated completely before anything changes.

>>> import eb_core as eb
>>> from eb_core.actions import Build, EndTurn
>>> game = eb.Game.new(eb.ruleset("europe-standard"), board="tutorial", players=["Ann", "Ben"], seed=7)
>>> game.phase, game.state.special_round
('build', 1)
>>> game.state.players[game.current_player].cash
50
>>> game.apply(EndTurn())
>>> game.state.special_round, game.current_player != game.state.first_player
(1, True)
>>> eb.Game.from_json(game.to_json()).to_json() == game.to_json()
True

Two ways to apply an action:

* :meth:`Game.apply` -- checked, for people and notebooks: every rule including the whole-board
  no-blocking rules (Right to Enter Major Cities, Limits on Entry into Small and Medium Cities, ferry
  and Chunnel access).
* :meth:`Game.apply_unchecked` -- the fast path for bots and simulations: it skips the whole-board
  no-blocking check (the most expensive one) and trusts the caller on it; all other rules still raise.

How some rules are read (the rulebook leaves room):

* Ending a turn on a ferry port stages the train. At the start of the next turn its first step may
  be across (onto the other port) or "onto the port on the same side" (``Move([port, ...])`` naming
  the port it stands on); either way the whole turn is at half speed, rounded up. A staged train that
  simply drives off on land at its first step never boarded and moves at full speed.
* The Chunnel is driven through its three underground mileposts, counted like any others; no staging.
* The no-blocking rules (Right to Enter Major Cities and Key Cities; a 2nd player into a small city,
  2nd and 3rd into a medium one; two players to each ferry, one to the Chunnel) are checked over the
  graph of segments still free to build, plus public red areas and crossings that still have room
  (plus each player's own track for the major/key-city rule). A build is refused only if it makes
  one of these rights fail that held before it. A city's or port's free approaches are counted as
  free segments into it from mileposts joined to the major cities in that graph.
* Mercy (variant): the table's agreement that a player cannot recover is not checked; a player with no
  loan outstanding may :class:`~eb_core.actions.Borrow` at any point of their own turn.
* Victory: the major cities counted are those in one group joined by the player's own track, public
  red areas and the ferries/tunnels the player owns.

Helpers for bots: :meth:`Game.buildable_segments`, :meth:`Game.movable_steps`,
:meth:`Game.legal_pickups`, :meth:`Game.legal_deliveries`, :meth:`Game.legal_drops`,
:meth:`Game.network`, :meth:`Game.connected_majors`, :meth:`Game.legal_actions`,
:meth:`Game.longest_legal_move`, :meth:`Game.track_neighbors`, :meth:`Game.plan_build` (the cost breakdown of
a build without making it). Primitives for event effects: :meth:`Game.lose_turn`, :meth:`Game.lose_load`,
:meth:`Game.draw_card` (see :mod:`eb_core.events`).
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from . import events as _events
from .actions import (Borrow, Build, Deliver, Discard, DiscardHand, Drop, EndOperations, EndTurn, Move, PickUp,
                      PlaceTrain, Upgrade, action_from_dict, action_to_dict)
from .board import Board, City, CitySize, Crossing, data_dir, load_board
from .costs import segment_cost
from .errors import IllegalAction, InvalidAction
from .rules import Ruleset, Train, ruleset as _named_ruleset
from .state import GameState, PlayerState
from .track import Track, seg_key

__all__ = ["Game", "GAME_SCHEMA", "R"]

GAME_SCHEMA = "eb-game/1"


class R:
    """Rulebook section names used as ``IllegalAction.rule``."""

    HOW_TO_PLAY = "How to Play"
    SETUP = "Setting Up the Game"
    SPECIAL = "Starting the Game > Special Build Turns"
    START_TRAIN = "Starting the Game > Starting Your Train"
    BUILD = "Build Phase Rules"
    BEGIN = "Build Phase Rules > Beginning Construction"
    RIGHT_OF_WAY = "Build Phase Rules > Right of Way"
    FERRY_BUILD = "Build Phase Rules > Building Ferry Ports"
    CHUNNEL_BUILD = "Build Phase Rules > Building the Chunnel"
    MAJOR_ENTRY = "Build Phase Rules > Right to Enter Major Cities and Key Cities"
    MAJOR_LIMIT = "Build Phase Rules > Limits on Building from Major Cities & Key Cities"
    CITY_LIMIT = "Build Phase Rules > Limits on Entry into Small and Medium Cities"
    NO_CREDIT = "Build Phase Rules > No Credit/No Loans"
    UPGRADE = "Build Phase Rules > Upgrading your Train"
    CROSS_GRADE = "Variants & Optional Rules > Cross Grading"
    MERCY = "Variants & Optional Rules > Mercy"
    HONEYMOON = "Variants & Optional Rules > Two-Players (Honeymoon Game)"
    RUNNING = "Operations Phase Rules > Running the Train"
    FERRY_MOVE = "Operations Phase Rules > Movement Using a Ferry"
    CHUNNEL_MOVE = "Operations Phase Rules > Movement Using the Chunnel"
    RENT = "Operations Phase Rules > Renting Track"
    PICKUP = "Operations Phase Rules > Picking Up Loads"
    DELIVER = "Operations Phase Rules > Delivering Loads"
    EVENTS = "Event Card Effects"
    LOST_TURN = "Event Card Effects > Losing Turns"
    ENDING = "Ending the Game"


# ----------------------------------------------------------------------------------------- board index
class _Index:
    """Static look-ups derived from a board (computed once per board object)."""

    def __init__(self, board: Board):
        self.board = board
        n = len(board.mileposts)
        self.n = n
        self.city_at: list[City | None] = [board.city_at(i) for i in range(n)]
        self.red_mp = np.zeros(n, dtype=bool)
        for c in board.cities:
            if c.has_red_area:
                self.red_mp[list(c.mileposts)] = True
        self.build_keys: list[tuple[int, int]] = [e.key for e in board.edges
                                                  if not e.impassable and not board.is_red_area(e.a, e.b)]
        self.key_index = {k: i for i, k in enumerate(self.build_keys)}
        self.bA = np.array([k[0] for k in self.build_keys], dtype=np.int32)
        self.bB = np.array([k[1] for k in self.build_keys], dtype=np.int32)
        self.red_keys = [e.key for e in board.public_edges]
        self.rA = np.array([k[0] for k in self.red_keys], dtype=np.int32)
        self.rB = np.array([k[1] for k in self.red_keys], dtype=np.int32)
        self.red_set = set(self.red_keys)
        # crossings: ferry hop port<->port; tunnel steps along port, inner..., port
        self.hop: dict[tuple[int, int], Crossing] = {}
        self.tunnel_step: dict[tuple[int, int], Crossing] = {}
        for cr in board.crossings:
            self.hop[seg_key(*cr.ports)] = cr
            if cr.is_tunnel:
                seq = (cr.ports[0], *cr.mileposts, cr.ports[1])
                for a, b in zip(seq, seq[1:]):
                    self.tunnel_step[seg_key(a, b)] = cr
        self.move_adj: list[list[int]] = [list(board.neighbors(i)) for i in range(n)]
        for (a, b), cr in self.tunnel_step.items():
            self.move_adj[a].append(b)
            self.move_adj[b].append(a)
        for (a, b), cr in self.hop.items():   # tunnels too: port to port when the Chunnel is a ferry (Fast Game)
            self.move_adj[a].append(b)
            self.move_adj[b].append(a)
        self.majors = [c for c in board.cities if c.size is CitySize.MAJOR]
        self.red_cities = [c for c in board.cities if c.has_red_area]
        self.limited_cities = [c for c in board.cities if c.size in (CitySize.SMALL, CitySize.MEDIUM)]
        self.ferry_ports = {p for cr in board.ferries for p in cr.ports}


_INDEX: dict[int, tuple[Board, _Index]] = {}


def _index(board: Board) -> _Index:
    hit = _INDEX.get(id(board))
    if hit is None or hit[0] is not board:
        hit = (board, _Index(board))
        _INDEX[id(board)] = hit
    return hit[1]


def _components(n: int, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Connected-component label of each of ``n`` mileposts joined by the edges ``a[i]-b[i]``."""
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import connected_components

    m = coo_matrix((np.ones(len(a), dtype=np.int8), (a, b)), shape=(n, n))
    return connected_components(m, directed=False)[1]


def _rules_from_dict(d: dict[str, Any]) -> Ruleset:
    kw: dict[str, Any] = {}
    names = {f.name for f in fields(Ruleset)}
    for k, v in d.items():
        if k not in names:
            continue
        if k == "start_train":
            v = Train.parse(v)
        elif k == "upgrades":
            v = {Train.parse(a): tuple(Train.parse(x) for x in bs) for a, bs in v.items()}
        elif isinstance(v, list):
            v = tuple(v)
        kw[k] = v
    return _named_ruleset("europe-standard").with_(**kw)


@dataclass
class _Step:
    a: int
    b: int
    kind: str                # "public" | "track" | "ferry" | "tunnel" | "same-port"
    owners: tuple[int, ...]  # who owns the track used (empty for public)


# ------------------------------------------------------------------------------------------------ game
class Game:
    """One game of Empire Builder. Create with :meth:`Game.new` or :meth:`Game.from_json`.

    Attributes: ``rules`` (:class:`~eb_core.rules.Ruleset`), ``board``, ``deck``, ``state``
    (:class:`~eb_core.state.GameState`, plain data), ``history`` (the actions applied, in order).
    """

    def __init__(self, rules: Ruleset, board: Board, deck, state: GameState, *, history: list | None = None,
                 board_ref: Any = None, deck_ref: Any = None):
        self.rules = rules
        self.board = board
        self.deck = deck
        self.state = state
        self.history: list = list(history or [])
        self._ix = _index(board)
        self._board_ref = board_ref if board_ref is not None else _ref_of(board, "boards")
        self._deck_ref = deck_ref if deck_ref is not None else _ref_of(deck, "decks")

    # ------------------------------------------------------------------------------- construction
    @classmethod
    def new(cls, rules: Ruleset | str, board: Board | str | None = None, players: Sequence[str] = ("Ann", "Ben"),
            seed: int = 0, deck=None) -> "Game":
        """Set up a new game (rulebook: Setting Up the Game).

        ``rules`` is a :class:`Ruleset` or a ruleset name; ``board`` a :class:`Board` or board name
        (default: the ruleset's board); ``deck`` a deck or deck name (default: the deck named like the
        board). Every player gets the starting cash and train; in the standard game four demand cards
        each are dealt (events dealt are set aside and shuffled back), in the basic game each player gets
        a random set of three starter cards. The player with the highest single payout starts (ties
        broken by the second highest, ...; then by seat). Then come the two special build turns.
        """
        if isinstance(rules, str):
            rules = _named_ruleset(rules)
        if board is None:
            board = rules.board
        if isinstance(board, str):
            board = load_board(board)
        if deck is None:
            deck = board.name
        if isinstance(deck, str):
            from .cards import load_deck
            deck = load_deck(deck)
        players = list(players)
        if not 1 <= len(players) <= 6:
            raise InvalidAction(f"players must name 1 to 6 players, got {len(players)}", field="players")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidAction(f"seed must be an int, got {seed!r}", field="seed")
        st = GameState(players=[PlayerState(name=str(nm), cash=rules.start_cash, train=rules.start_train)
                                for nm in players], seed=seed)
        st.bank = {ld: max(0, n - rules.chips_removed_per_load) for ld, n in board.loads.items()}
        rng = random.Random(f"eb:{seed}:setup")
        events_in = [e.id for e in deck.event_cards
                     if rules.events and e.kind not in rules.removed_events]
        pile = [c.id for c in deck.demand_cards] + events_in
        rng.shuffle(pile)
        g = cls(rules, board, deck, st)
        if rules.starter_cards and len(deck.starter_sets) >= len(players):
            sets = rng.sample(range(len(deck.starter_sets)), len(players))
            for p, si in zip(st.players, sets):
                p.hand = [c.id for c in deck.starter_sets[si]]
            st.draw_pile = pile
        else:
            # Standard Game: deal one card at a time; events dealt are set aside, then shuffled back
            aside: list[int] = []
            want = rules.opening_hand if not rules.starter_cards else rules.hand_size
            for _ in range(want):
                for p in st.players:
                    while pile:
                        cid = pile.pop()
                        if g._is_event(cid):
                            aside.append(cid)
                            continue
                        p.hand.append(cid)
                        break
            pile.extend(aside)
            rng.shuffle(pile)
            st.draw_pile = pile
        # starting player: highest single payout, ties by the next highest ...
        def key(i: int):
            pays = sorted((d.payout for cid in st.players[i].hand for d in deck.card(cid).demands), reverse=True)
            return (pays, -i)
        st.first_player = max(range(len(players)), key=key)
        st.current = st.first_player
        st.phase = "build" if rules.special_build_turns > 0 else "operations"
        st.special_round = 1 if rules.special_build_turns > 0 else 0
        st.round = 0 if rules.special_build_turns > 0 else 1
        names = ", ".join(p.name for p in st.players)
        st.log.append(f"New game ({rules.title}) on {board.title} for {names}, seed {seed}.")
        st.log.append(f"{st.players[st.first_player].name} has the highest single payout and starts.")
        return g

    # ------------------------------------------------------------------------------- properties
    @property
    def current_player(self) -> int:
        """Seat number of the player whose turn it is."""
        return self.state.current

    @property
    def phase(self) -> str:
        """``"build"``, ``"operations"`` or ``"over"``."""
        return self.state.phase

    @property
    def over(self) -> bool:
        return self.state.phase == "over"

    @property
    def winners(self) -> list[int]:
        return list(self.state.winners)

    def player(self, seat: int | None = None) -> PlayerState:
        return self.state.players[self.state.current if seat is None else seat]

    def __repr__(self) -> str:
        st = self.state
        return (f"<Game {self.rules.name} on {self.board.name}: round {st.round}, "
                f"{st.players[st.current].name} to play ({st.phase})>")

    # ------------------------------------------------------------------------------- (de)serialise
    def to_dict(self) -> dict[str, Any]:
        return {"schema": GAME_SCHEMA, "rules": self.rules.to_dict(), "board": self._board_ref,
                "deck": self._deck_ref, "state": self.state.to_dict(),
                "history": [action_to_dict(a) for a in self.history]}

    def to_json(self, **kw) -> str:
        """The whole game as JSON (rules, board and deck by name -- or embedded when they are not
        named files --, state, history). ``Game.from_json(g.to_json())`` continues identically."""
        return json.dumps(self.to_dict(), sort_keys=True, **kw)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Game":
        if d.get("schema") != GAME_SCHEMA:
            raise InvalidAction(f"expected a {GAME_SCHEMA!r} document, got schema {d.get('schema')!r}",
                                field="schema")
        rules = _rules_from_dict(d["rules"])
        bref, dref = d["board"], d["deck"]
        board = load_board(bref) if isinstance(bref, str) else Board.from_dict(bref)
        from .cards import Deck, load_deck
        deck = load_deck(dref) if isinstance(dref, str) else Deck.from_dict(dref)
        return cls(rules, board, deck, GameState.from_dict(d["state"]),
                   history=[action_from_dict(a) for a in d.get("history", [])], board_ref=bref, deck_ref=dref)

    @classmethod
    def from_json(cls, text: str) -> "Game":
        """Inverse of :meth:`to_json`."""
        return cls.from_dict(json.loads(text))

    def clone(self) -> "Game":
        """An independent copy sharing the immutable board, rules and deck."""
        return Game(self.rules, self.board, self.deck, self.state.copy(), history=self.history,
                    board_ref=self._board_ref, deck_ref=self._deck_ref)

    # ------------------------------------------------------------------------------- apply
    def apply(self, action) -> None:
        """Apply ``action`` for the current player, checking every rule.

        Raises :class:`~eb_core.errors.IllegalAction` (``.rule``, ``.reason``) and leaves the game
        unchanged if the rulebook forbids it, :class:`~eb_core.errors.InvalidAction` if it is malformed
        (unknown milepost, card or load).
        """
        self._apply(action, check=True)

    def apply_unchecked(self, action) -> None:
        """Fast path for bots and simulations: like :meth:`apply` but skips the whole-board no-blocking
        check of builds (the caller vouches that the build blocks nobody's right of entry).
        Every other rule is still enforced."""
        self._apply(action, check=False)

    def _apply(self, action, *, check: bool) -> None:
        st = self.state
        if st.phase == "over":
            raise IllegalAction(R.ENDING, "The game is over; no more actions can be taken.")
        handler = self._HANDLERS.get(type(action))
        if handler is None:
            raise InvalidAction(f"not an action: {action!r}", field="action")
        handler(self, action, check)
        self.history.append(action)
        if st.turn_over and st.phase != "over":
            self._end_turn()

    # ------------------------------------------------------------------------------- shared checks
    def _is_event(self, cid: int) -> bool:
        return not hasattr(self.deck.card(cid), "demands")

    def _require_phase(self, *phases: str, what: str) -> None:
        st = self.state
        if st.phase not in phases:
            if st.phase == "build" and st.special_round:
                raise IllegalAction(R.SPECIAL, f"{what} is not possible during a special build turn: there is "
                                               "no Operations phase; build or upgrade (up to 20M), then EndTurn.")
            if st.phase == "build":
                raise IllegalAction(R.HOW_TO_PLAY, f"{what} belongs to the Operations phase, which is over "
                                                   "for this turn (you are in the Build phase).")
            raise IllegalAction(R.HOW_TO_PLAY, f"{what} is not possible in the {st.phase} phase.")

    def _require_hand_ready(self, what: str) -> None:
        p = self.player()
        if len(p.hand) > self.rules.hand_size:
            raise IllegalAction(R.START_TRAIN, f"Discard down to {self.rules.hand_size} cards first (you hold "
                                               f"{len(p.hand)}): use Discard(card_id) before {what}.")

    def _require_placed(self, what: str) -> PlayerState:
        p = self.player()
        self._require_hand_ready(what)
        if p.position is None:
            raise IllegalAction(R.START_TRAIN, f"Place your train in a city first (PlaceTrain) before {what}.")
        return p

    def _mp(self, mp: int, fld: str) -> int:
        if not 0 <= mp < self._ix.n:
            raise InvalidAction(f"{fld}: there is no milepost {mp} on board {self.board.name!r} "
                                f"(ids 0..{self._ix.n - 1})", field=fld)
        return mp

    def _where(self, mp: int) -> str:
        c = self._ix.city_at[mp]
        return f"{c.name} (milepost {mp})" if c else f"milepost {mp}"

    def _load_name(self, load: str, fld: str = "load") -> str:
        if load not in self.board.loads:
            raise InvalidAction(f"{fld}: there is no load {load!r} in this game (loads: "
                                f"{', '.join(sorted(self.board.loads))})", field=fld)
        return load

    def _active(self):
        for act in self.state.active_events:
            eff = _events.EFFECTS.get(act["kind"])
            if eff is not None:
                yield act, eff

    # ------------------------------------------------------------------------------- network queries
    def network(self, seat: int | None = None) -> set[int]:
        """Mileposts of the player's network: ends of their segments and both ends (and tunnel
        mileposts) of the ferries and tunnels they own."""
        seat = self.state.current if seat is None else seat
        return self.state.track.mileposts_of(seat, self.board)

    def _build_starts(self, seat: int) -> set[int]:
        return self.network(seat)

    def connected_majors(self, seat: int | None = None) -> list[str]:
        """Names of the major cities in the largest group that the player's own track, public red
        areas and owned ferries/tunnels connect (rulebook: How to Win)."""
        seat = self.state.current if seat is None else seat
        ix, tr = self._ix, self.state.track
        own = [k for k, p in tr.segments.items() if p == seat]
        if not own and not tr.owned_crossings(seat):
            return []
        a = [k[0] for k in own] + [cr.ports[0] for cr in self.board.crossings if tr.owns_crossing(seat, cr.name)]
        b = [k[1] for k in own] + [cr.ports[1] for cr in self.board.crossings if tr.owns_crossing(seat, cr.name)]
        lab = _components(ix.n, np.concatenate([np.array(a, dtype=np.int32), ix.rA]),
                          np.concatenate([np.array(b, dtype=np.int32), ix.rB]))
        groups: dict[int, list[str]] = {}
        for c in ix.majors:
            groups.setdefault(int(lab[c.center]), []).append(c.name)
        # a major city counts only if the player's network touches it
        net = self.network(seat)
        best: list[str] = []
        for names in groups.values():
            touched = [nm for nm in names if any(m in net for m in self.board.city(nm).mileposts)]
            if len(touched) > len(best):
                best = touched
        return sorted(best)

    def meets_victory(self, seat: int) -> bool:
        """Cash >= victory cash and enough major cities connected (rulebook: How to Win)."""
        p = self.state.players[seat]
        if p.cash < self.rules.victory_cash:
            return False
        return len(self.connected_majors(seat)) >= self.rules.victory_majors

    # ============================================================================ setup actions
    def _do_discard(self, a: Discard, check: bool) -> None:
        st, p = self.state, self.player()
        self._require_phase("operations", what="Discarding down to three cards")
        if len(p.hand) <= self.rules.hand_size:
            raise IllegalAction(R.START_TRAIN, f"You already hold {len(p.hand)} cards; only the four-card opening "
                                               f"hand is discarded down to {self.rules.hand_size}.")
        if a.card_id not in p.hand:
            raise IllegalAction(R.START_TRAIN, f"Card {a.card_id} is not in your hand ({p.hand}).")
        p.hand.remove(a.card_id)
        st.discard_pile.append(a.card_id)
        st.log.append(f"{p.name} discards card {self.deck.card(a.card_id).label} to start with "
                      f"{len(p.hand)} cards.")

    def _do_place(self, a: PlaceTrain, check: bool) -> None:
        st, p = self.state, self.player()
        self._require_phase("operations", what="Placing your train")
        self._require_hand_ready("placing your train")
        if p.position is not None:
            raise IllegalAction(R.START_TRAIN, f"Your train is already on the board at {self._where(p.position)}; "
                                               "it is placed only once, at your first operations turn.")
        if isinstance(a.where, str):
            try:
                city = self.board.city(a.where)
            except KeyError:
                raise InvalidAction(f"PlaceTrain.where: no city {a.where!r} on this board", field="where") from None
            mp = city.center
        else:
            mp = self._mp(a.where, "PlaceTrain.where")
            if self._ix.city_at[mp] is None:
                raise IllegalAction(R.START_TRAIN, f"Milepost {mp} is not in a city; place your train in any city "
                                                   "(including ports).")
        p.position, p.prev = mp, None
        st.ops_started = True
        st.log.append(f"{p.name} places the train in {self._where(mp)}.")

    # ============================================================================ build phase
    def _enter_build(self, what: str) -> None:
        st = self.state
        if st.phase == "operations":
            p = self.player()
            self._require_hand_ready(what)
            if p.position is None:
                raise IllegalAction(R.START_TRAIN, f"Place your train in a city (PlaceTrain) before {what}: at "
                                                   "your first operations turn you must place your train.")
        elif st.phase != "build":
            raise IllegalAction(R.HOW_TO_PLAY, f"{what} is not possible now.")

    def _start_build_phase(self) -> None:
        st = self.state
        if st.phase == "operations":
            st.phase = "build"

    def plan_build(self, path: Sequence[int], seat: int | None = None, *, check: bool = True) -> dict[str, Any]:
        """Validate a build along ``path`` for the current player without changing anything.

        Returns ``{"cost", "segments" (new ones, as (a, b)), "crossings" (bought), "out_of" (major/key
        cities built out of), "breakdown" (per-segment explanations)}``; raises
        :class:`~eb_core.errors.IllegalAction` if the build is not allowed now."""
        st, ix, board, rules = self.state, self._ix, self.board, self.rules
        seat = st.current if seat is None else seat
        p = st.players[seat]
        path = [self._mp(m, f"Build.path[{i}]") for i, m in enumerate(path)]
        tr = st.track
        owned = set(tr.owned_crossings(seat))
        net = self.network(seat)
        start = path[0]
        start_city = ix.city_at[start]
        if start not in net and not (start_city is not None and start_city.has_red_area):
            where = self._where(start)
            if not net:
                raise IllegalAction(R.BEGIN, f"Your first track must start from a major city or key city milepost; "
                                             f"{where} is neither.")
            raise IllegalAction(R.BEGIN, f"Track must be built from a major or key city milepost or from a milepost "
                                         f"on your own network; {where} is neither.")
        new_segs: list[tuple[int, int]] = []
        bought: list[str] = []
        out_of: list[str] = []
        breakdown: list[str] = []
        cost = 0
        prior_out = list(p.built_out_of)
        for i, (a, b) in enumerate(zip(path, path[1:])):
            k = seg_key(a, b)
            hop = ix.hop.get(k)
            if hop is not None and (board.edge(a, b) is None):
                if hop.name not in owned:
                    raise IllegalAction(R.FERRY_BUILD if not hop.is_tunnel else R.CHUNNEL_BUILD,
                                        f"You can only continue across {hop.name} after building into one of its "
                                        f"ports; build into {self._where(a)} first.")
                breakdown.append(f"across {hop.name} (yours): 0M")
                continue
            if board.edge(a, b) is None:
                raise IllegalAction(R.BUILD, f"Mileposts {a} and {b} are not neighbours; track is drawn from one "
                                             "milepost to the next.")
            e = board.edge(a, b)
            if board.is_red_area(a, b):
                raise IllegalAction(R.MAJOR_ENTRY, f"No track may be built in the red area of "
                                                   f"{ix.city_at[a].name}: it is public track already.")
            if e.impassable:
                raise IllegalAction(R.BUILD, f"The segment {a}-{b} crosses a line no track may cross.")
            owner = tr.segments.get(k)
            if owner is not None:
                if owner == seat:
                    breakdown.append(f"{a}-{b} already yours: 0M")
                    continue
                raise IllegalAction(R.RIGHT_OF_WAY, f"Only one section of track may be built between two mileposts: "
                                                    f"{self._where(a)}-{self._where(b)} already belongs to "
                                                    f"{st.players[owner].name}.")
            if k in new_segs:
                raise IllegalAction(R.RIGHT_OF_WAY, f"The path builds {a}-{b} twice.")
            for act, eff in self._active():
                why = eff.blocks_build(self, act, seat, a, b)
                if why:
                    raise IllegalAction(R.EVENTS, why)
            why = _events.rebuild_reserved(self, seat, a, b)
            if why:
                raise IllegalAction(R.EVENTS + " > Floods", why)
            ca = ix.city_at[a]
            if ca is not None and ca.has_red_area:
                if len(prior_out) + len(out_of) >= rules.builds_out_of_major_per_turn:
                    done = ", ".join(prior_out + out_of)
                    raise IllegalAction(
                        R.MAJOR_LIMIT,
                        f"You have already built {len(prior_out) + len(out_of)} segments out of major/key cities this "
                        f"turn ({done}); at most {rules.builds_out_of_major_per_turn} per turn. Build into "
                        f"{ca.name} now and out of it next turn.")
                out_of.append(ca.name)
            sc = segment_cost(board, rules, a, b, owned_crossings=owned)
            if sc.crossing_name is not None:
                cr = board.crossing(sc.crossing_name)
                owners = tr.crossing_owners(cr.name)
                cap = self._crossing_cap(cr)
                if len(owners) >= cap:
                    who = ", ".join(st.players[o].name for o in owners)
                    if cr.is_tunnel:
                        raise IllegalAction(R.CHUNNEL_BUILD, f"Only one player may build the {cr.name}; it belongs "
                                                             f"to {who}.")
                    raise IllegalAction(R.FERRY_BUILD, f"Only {cap} player{'s' if cap != 1 else ''} may build to the {cr.name} ferry; "
                                                       f"{who} already have.")
                owned.add(cr.name)
                bought.append(cr.name)
            cost += sc.total
            breakdown.append(f"{a}-{b}: {sc.explain()}")
            new_segs.append(k)
        if not new_segs and not bought:
            raise IllegalAction(R.BUILD, "This path builds nothing new: every segment on it is already yours.")
        # small and medium cities: players and tracks per player
        if new_segs:
            self._check_city_limits(seat, new_segs, bought)
        budget = rules.build_limit - p.spent
        if cost > budget:
            raise IllegalAction(R.HOW_TO_PLAY, f"This build costs {cost}M but you may spend only {budget}M more "
                                               f"this turn (at most {rules.build_limit}M per build phase). "
                                               f"Breakdown: {'; '.join(breakdown)}.")
        if cost > p.cash:
            raise IllegalAction(R.NO_CREDIT, f"This build costs {cost}M and you have {p.cash}M: you may not build "
                                             f"track you cannot pay for. Breakdown: {'; '.join(breakdown)}.")
        if check:
            self._check_no_blocking(seat, new_segs, bought)
        return {"cost": cost, "segments": new_segs, "crossings": bought, "out_of": out_of, "breakdown": breakdown}

    def _crossing_cap(self, cr: Crossing) -> int:
        """Players who may build a crossing: one for the Chunnel, two for a ferry (rulebook: Building the
        Chunnel, Building Ferry Ports); in the Fast Game the Chunnel is "another ferry"."""
        rules = self.rules
        if cr.is_tunnel and rules.tunnel_as_ferry_cost is None:
            return rules.tunnel_max_players
        return rules.ferry_max_players

    def _city_cap(self, c: City) -> int:
        """Players who may build into a small or medium city (rulebook: Limits on Entry into Small and
        Medium Cities); a city that is also a ferry port stays open to the ferry's two players even when
        a variant allows fewer (Variants & Optional Rules > Two-Players (Honeymoon Game))."""
        cap = self.rules.city_max_players[c.size.value]
        if any(m in self._ix.ferry_ports for m in c.mileposts):
            cap = max(cap, self.rules.ferry_max_players)
        return cap

    def _check_city_limits(self, seat: int, new_segs: list[tuple[int, int]], bought: list[str]) -> None:
        st, ix, rules = self.state, self._ix, self.rules
        touched: dict[str, City] = {}
        for a, b in new_segs:
            for m in (a, b):
                c = ix.city_at[m]
                if c is not None and c.size in (CitySize.SMALL, CitySize.MEDIUM):
                    touched[c.name] = c
        for name in bought:
            cr = self.board.crossing(name)
            for m in cr.ports:
                c = ix.city_at[m]
                if c is not None and c.size in (CitySize.SMALL, CitySize.MEDIUM):
                    touched[c.name] = c
        for c in touched.values():
            before = st.track.city_tracks(self.board, c)
            mine = before.get(seat, 0)
            cm = set(c.mileposts)
            mine += sum(1 for a, b in new_segs if (a in cm) != (b in cm))
            mine += sum(1 for nm in bought if any(m in cm for m in self.board.crossing(nm).ports))
            cap = self._city_cap(c)
            others = [o for o in before if o != seat]
            if seat not in before and len(others) >= cap:
                who = ", ".join(st.players[o].name for o in others)
                raise IllegalAction(R.CITY_LIMIT, f"Only {cap} player{'s' if cap != 1 else ''} may build into a {c.size.value} city; "
                                                  f"{c.name} already has track from {who}.")
            if rules.small_city_needs_demand and c.size is CitySize.SMALL and seat not in before:
                wants = [d for cid in st.players[seat].hand for d in self.deck.card(cid).demands
                         if d.city == c.name or d.load in c.loads]
                if not wants:
                    offered = ", ".join(c.loads) or "no loads"
                    raise IllegalAction(R.HONEYMOON, f"To build into the small city {c.name} you must have a demand "
                                                     f"card for {c.name} or for a load available there ({offered}).")
            if mine > rules.city_max_tracks_per_player:
                raise IllegalAction(R.CITY_LIMIT, f"No player may build more than {rules.city_max_tracks_per_player} "
                                                  f"track sections to or from a {c.size.value} city; this would give "
                                                  f"you {mine} at {c.name}.")

    # -- the no-blocking rules, checked over the graph of segments still free to build
    def _access_summary(self, track: Track) -> tuple[dict[int, bool], dict[str, int], dict[str, int]]:
        ix, board = self._ix, self.board
        n = ix.n
        free = np.array([k not in track.segments for k in ix.build_keys], dtype=bool)
        ca, cb = [], []
        for cr in board.crossings:
            cap = self._crossing_cap(cr)
            if len(track.crossing_owners(cr.name)) < cap:
                ca.append(cr.ports[0])
                cb.append(cr.ports[1])
        A = np.concatenate([ix.bA[free], ix.rA, np.array(ca, dtype=np.int32)])
        B = np.concatenate([ix.bB[free], ix.rB, np.array(cb, dtype=np.int32)])
        lab = _components(n, A, B)
        centers = [c.center for c in ix.red_cities]
        main = {int(lab[c]) for c in centers}
        majors_ok: dict[int, bool] = {}
        if len(main) <= 1:
            for s in range(len(self.state.players)):
                majors_ok[s] = True
        else:
            for s in range(len(self.state.players)):
                own = [k for k, p in track.segments.items() if p == s]
                oa = [cr.ports[0] for cr in board.crossings if track.owns_crossing(s, cr.name)]
                ob = [cr.ports[1] for cr in board.crossings if track.owns_crossing(s, cr.name)]
                la = _components(n, np.concatenate([A, np.array([k[0] for k in own] + oa, dtype=np.int32)]),
                                 np.concatenate([B, np.array([k[1] for k in own] + ob, dtype=np.int32)]))
                majors_ok[s] = len({int(la[c]) for c in centers}) == 1
        segs = track.segments

        def approaches(mp: int) -> int:
            cnt = 0
            for nb in board.neighbors(mp):
                k = seg_key(mp, nb)
                if k in ix.key_index and k not in segs and int(lab[nb]) in main:
                    cnt += 1
            return cnt

        city_room: dict[str, int] = {}
        for c in ix.limited_cities:
            present = len(track.city_tracks(board, c))
            need = self._city_cap(c) - present
            if need > 0:
                city_room[c.name] = approaches(c.center) - need
        port_room: dict[str, int] = {}
        for cr in board.crossings:
            cap = self._crossing_cap(cr)
            need = cap - len(track.crossing_owners(cr.name))
            if need > 0:
                port_room[cr.name] = min(approaches(p) for p in cr.ports) - need
        return majors_ok, city_room, port_room

    def _check_no_blocking(self, seat: int, new_segs: list[tuple[int, int]], bought: list[str]) -> None:
        st = self.state
        before = self._access_summary(st.track)
        after_track = st.track.copy()
        for a, b in new_segs:
            after_track.segments[(a, b)] = seat
        for nm in bought:
            after_track.add_crossing(seat, nm)
        after = self._access_summary(after_track)
        for s, ok in after[0].items():
            if not ok and before[0].get(s, False):
                raise IllegalAction(R.MAJOR_ENTRY, f"This track would block {st.players[s].name} from building into "
                                                   "and connecting every major and key city; every player keeps the "
                                                   "right to one segment into each of them.")
        for name, room in after[1].items():
            if room < 0 and room < before[1].get(name, 0):
                c = self.board.city(name)
                cap = self._city_cap(c)
                nth = "a second player" if c.size is CitySize.SMALL else "a second or third player"
                raise IllegalAction(R.CITY_LIMIT, f"This track would block {nth} from building into {name} "
                                                  f"(a {c.size.value} city is open to {cap} players).")
        for name, room in after[2].items():
            if room < 0 and room < before[2].get(name, 0):
                cr = self.board.crossing(name)
                if cr.is_tunnel:
                    raise IllegalAction(R.CHUNNEL_BUILD, f"This track would prevent a player from building both ends "
                                                         f"of the {name}.")
                raise IllegalAction(R.FERRY_BUILD, f"This track would prevent two players from building into and "
                                                   f"out of the ports of the {name} ferry.")

    def _do_build(self, a: Build, check: bool) -> None:
        self._enter_build("building track")
        st, p = self.state, self.player()
        if p.upgraded and self.rules.cross_grade_cost is None:
            raise IllegalAction(R.UPGRADE, "You upgraded your train this turn; the 20M upgrade is the whole build "
                                           "phase's spending.")
        plan = self.plan_build(a.path, check=check)
        self._start_build_phase()
        seat = st.current
        for k in plan["segments"]:
            st.track.segments[k] = seat
        for nm in plan["crossings"]:
            st.track.add_crossing(seat, nm)
        p.cash -= plan["cost"]
        p.spent += plan["cost"]
        p.built_out_of.extend(plan["out_of"])
        st.log.append(f"{p.name} builds {len(plan['segments'])} segment(s) for {plan['cost']}M: "
                      f"{'; '.join(plan['breakdown'])}.")

    def _do_upgrade(self, a: Upgrade, check: bool) -> None:
        self._enter_build("upgrading your train")
        st, p, rules = self.state, self.player(), self.rules
        to = a.to
        if to in rules.upgrade_options(p.train):
            cost = rules.upgrade_cost
            if p.spent > 0 or p.upgraded:
                raise IllegalAction(R.UPGRADE, f"An upgrade costs {cost}M and counts as the whole build phase's "
                                               f"spending; you have already spent {p.spent}M this turn.")
            if p.cash < cost:
                raise IllegalAction(R.NO_CREDIT, f"An upgrade costs {cost}M and you have {p.cash}M.")
            self._start_build_phase()
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
            self._start_build_phase()
            p.cash -= cost
            p.spent += cost
            p.upgraded = True
            st.log.append(f"{p.name} cross grades the train from {p.train} to {to} for {cost}M.")
            p.train = to
            return
        opts = ", ".join(str(t) for t in rules.upgrade_options(p.train)) or "none (fully upgraded)"
        raise IllegalAction(R.UPGRADE, f"A {p.train} train cannot become {to}; upgrade options: {opts}.")

    # ============================================================================ operations
    def _step_info(self, seat: int, a: int, b: int) -> _Step | str:
        """How a train could step ``a -> b`` on the track, or a reason why not."""
        ix, tr = self._ix, self.state.track
        k = seg_key(a, b)
        if k in ix.red_set:
            return _Step(a, b, "public", ())
        owner = tr.segments.get(k)
        if owner is not None:
            return _Step(a, b, "track", (owner,))
        cr = ix.tunnel_step.get(k)
        if cr is not None and self.rules.tunnel_as_ferry_cost is not None:
            return f"the {cr.name} is a ferry in this game (Variants & Optional Rules > Fast Game): cross it " \
                   "port to port"
        if cr is not None:
            owners = tr.crossing_owners(cr.name)
            if not owners:
                return f"nobody has built the {cr.name} yet"
            return _Step(a, b, "tunnel", owners)
        cr = ix.hop.get(k)
        if cr is not None and (not cr.is_tunnel or self.rules.tunnel_as_ferry_cost is not None):
            owners = tr.crossing_owners(cr.name)
            if not owners:
                return f"nobody has built the {cr.name} ferry yet"
            return _Step(a, b, "ferry", owners)
        if b in self.board.neighbors(a):
            return f"there is no track between {self._where(a)} and {self._where(b)}"
        return f"{self._where(a)} and {self._where(b)} are not neighbours"

    def _can_reverse_at(self, mp: int) -> bool:
        return self.rules.reverse_anywhere or self._ix.city_at[mp] is not None or self.board.is_port(mp)

    def _plan_move(self, seat: int, path: Sequence[int], rent_from: int | None) -> dict[str, Any]:
        st, rules = self.state, self.rules
        p = st.players[seat]
        speed = p.train.speed
        pos, prev = p.position, p.prev
        used, half, staged, crossed = p.moves_used, p.half_rate, p.staged, p.crossed
        rented = list(p.rented)
        cash = p.cash
        payments: list[tuple[int, int]] = []
        first = used == 0 and not crossed
        for i, b in enumerate(path):
            b = self._mp(b, f"Move.path[{i}]")
            step_first = first and i == 0
            if b == pos:
                if not (step_first and staged):
                    raise IllegalAction(R.RUNNING, f"Move.path[{i}] repeats milepost {b}; each step goes to a "
                                                   "neighbouring milepost.")
                info = _Step(pos, b, "same-port", ())
            else:
                info = self._step_info(seat, pos, b)
                if isinstance(info, str):
                    raise IllegalAction(R.RUNNING, f"Your train cannot move from {self._where(pos)} to "
                                                   f"{self._where(b)}: {info}.")
            cost = 1
            if info.kind == "ferry":
                cr = self._ix.hop[seg_key(pos, b)]
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
                for act, eff in self._active():
                    why = eff.blocks_staging(self, act, seat, pos)
                    if why:
                        raise IllegalAction(R.EVENTS, why)
            if info.kind == "same-port":
                for act, eff in self._active():
                    why = eff.blocks_staging(self, act, seat, pos)
                    if why:
                        raise IllegalAction(R.EVENTS, why)
                if rules.ferry_half_speed:
                    half = True
            if info.kind not in ("ferry", "same-port") and b == prev and not self._can_reverse_at(pos):
                raise IllegalAction(R.RUNNING, f"A train may only reverse direction in a city or at a ferry port; "
                                               f"{self._where(pos)} is neither, so it cannot go straight back to "
                                               f"{self._where(b)}.")
            if info.kind != "same-port":
                for act, eff in self._active():
                    why = eff.blocks_move(self, act, seat, pos, b)
                    if why:
                        raise IllegalAction(R.EVENTS, why)
                    if not half and eff.half_rate(self, act, seat, pos, b):
                        half = True
            if info.kind != "ferry" or rules.ferry_fixed_moves is None:
                cost = 2 if half else 1
                # half rate rounds in the player's favour: a step is allowed while any point remains
                if (half and used >= speed) or (not half and used + 1 > speed):
                    left = max(0, speed - used)
                    rate = " at half rate" if half else ""
                    raise IllegalAction(R.RUNNING, f"Your {p.train} train has no movement left{rate} for step "
                                                   f"{i + 1} of this move ({used} of {speed} points used, {left} "
                                                   "left).")
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
                    payments.append((choice, rules.rent))
            used += cost
            if info.kind == "ferry":
                crossed = True
            if info.kind != "same-port":
                prev, pos = pos, b
            staged = False
        return {"pos": pos, "prev": prev, "used": used, "half": half, "crossed": crossed, "rented": rented,
                "payments": payments, "staged": staged}

    def _do_move(self, a: Move, check: bool) -> None:
        st = self.state
        self._require_phase("operations", what="Moving your train")
        p = self._require_placed("moving")
        if a.rent_from is not None and not 0 <= a.rent_from < len(st.players):
            raise InvalidAction(f"Move.rent_from: no player {a.rent_from}", field="rent_from")
        plan = self._plan_move(st.current, a.path, a.rent_from)
        for owner, amt in plan["payments"]:
            p.cash -= amt
            st.players[owner].cash += amt
            st.log.append(f"{p.name} pays {st.players[owner].name} {amt}M rent for this turn.")
        start = p.position
        p.position, p.prev = plan["pos"], plan["prev"]
        p.moves_used, p.half_rate, p.crossed = plan["used"], plan["half"], plan["crossed"]
        p.rented, p.staged = plan["rented"], plan["staged"]
        st.ops_started = True
        st.log.append(f"{p.name} moves {len(a.path)} step(s) from {self._where(start)} to "
                      f"{self._where(p.position)} ({p.moves_used}/{p.train.speed} used"
                      f"{', half rate' if p.half_rate else ''}).")

    def _do_pickup(self, a: PickUp, check: bool) -> None:
        st = self.state
        self._require_phase("operations", what="Picking up a load")
        p = self._require_placed("picking up loads")
        ld = self._load_name(a.load)
        why = self._pickup_problem(st.current, ld)
        if why:
            raise IllegalAction(R.PICKUP, why)
        for act, eff in self._active():
            why = eff.blocks_pickup(self, act, st.current, p.position, ld)
            if why:
                raise IllegalAction(R.EVENTS, why)
        st.bank[ld] -= 1
        p.loads.append(ld)
        st.ops_started = True
        st.log.append(f"{p.name} picks up {ld} at {self._where(p.position)}.")

    def _pickup_problem(self, seat: int, ld: str) -> str | None:
        st = self.state
        p = st.players[seat]
        c = self._ix.city_at[p.position] if p.position is not None else None
        if c is None:
            return f"Your train is at {self._where(p.position)}, not in a city; loads are picked up in cities."
        if ld not in c.loads:
            offered = ", ".join(c.loads) or "no loads"
            return f"{c.name} does not offer {ld} (it offers {offered})."
        if st.bank.get(ld, 0) <= 0:
            return f"No {ld} chip is left in the bank; a load can be picked up only while a chip is available."
        if len(p.loads) >= p.train.capacity:
            return f"Your {p.train} train already carries {p.train.capacity} loads ({', '.join(p.loads)})."
        if p.no_pickup:
            return "You lost a load to an event and may not pick up another until your next operations phase."
        return None

    def _do_drop(self, a: Drop, check: bool) -> None:
        st = self.state
        self._require_phase("operations", what="Dropping a load")
        p = self._require_placed("dropping loads")
        ld = self._load_name(a.load)
        if ld not in p.loads:
            raise IllegalAction(R.PICKUP, f"Your train does not carry {ld} (it carries "
                                          f"{', '.join(p.loads) or 'nothing'}).")
        if self._ix.city_at[p.position] is None:
            raise IllegalAction(R.PICKUP, f"Loads may be dropped only in a city; your train is at "
                                          f"{self._where(p.position)}.")
        p.loads.remove(ld)
        st.bank[ld] = st.bank.get(ld, 0) + 1
        st.ops_started = True
        st.log.append(f"{p.name} drops {ld} at {self._where(p.position)} (back to the bank, no payoff).")

    def _demand_for(self, seat: int, card_id: int, load: str):
        """The demand on ``card_id`` matching the train's city and ``load``, or a reason string."""
        p = self.state.players[seat]
        c = self._ix.city_at[p.position] if p.position is not None else None
        card = self.deck.card(card_id)
        for d in card.demands:
            if d.load != load:
                continue
            try:
                dc = self.board.city(d.city)
            except KeyError:
                continue
            if c is not None and dc.name == c.name:
                return d
        wants = "; ".join(str(d) for d in card.demands)
        here = c.name if c else self._where(p.position)
        return f"Card {card.label} has no demand for {load} at {here} (it asks: {wants})."

    def _do_deliver(self, a: Deliver, check: bool) -> None:
        st = self.state
        self._require_phase("operations", what="Delivering a load")
        p = self._require_placed("delivering")
        seat = st.current
        ld = self._load_name(a.load)
        if a.card_id not in p.hand:
            raise IllegalAction(R.DELIVER, f"Card {a.card_id} is not one of your demand cards ({p.hand}).")
        if ld not in p.loads:
            raise IllegalAction(R.DELIVER, f"Your train does not carry {ld} (it carries "
                                           f"{', '.join(p.loads) or 'nothing'}).")
        d = self._demand_for(seat, a.card_id, ld)
        if isinstance(d, str):
            raise IllegalAction(R.DELIVER, d)
        city = self._ix.city_at[p.position]
        for act, eff in self._active():
            why = eff.blocks_delivery(self, act, seat, p.position, ld)
            if why:
                raise IllegalAction(R.EVENTS, why)
        bonus = sum(eff.payout_bonus(self, act, seat, city.name, ld) for act, eff in self._active())
        pay = d.payout + bonus
        p.loads.remove(ld)
        st.bank[ld] = st.bank.get(ld, 0) + 1
        to_loan = 0
        if p.loan > 0:   # Mercy: at least half of each payoff goes to the loan until it is paid in full
            to_loan = min(p.loan, -(-pay * int(self.rules.mercy_payout_share * 100) // 100))
            p.loan -= to_loan
            st.log.append(f"{p.name} repays {to_loan}M of the Mercy loan ({p.loan}M still owed).")
        p.cash += pay - to_loan
        p.delivered += 1
        p.hand.remove(a.card_id)
        st.discard_pile.append(a.card_id)
        st.ops_started = True
        st.round_deliveries = True
        extra = f" (+{bonus}M from events)" if bonus else ""
        st.log.append(f"{p.name}: \"{city.name} gets {ld} for {d.payout}\"{extra}; cash {p.cash}M.")
        self._draw_until_demand(seat)

    def _do_end_ops(self, a: EndOperations, check: bool) -> None:
        self._require_phase("operations", what="Ending the operations phase")
        p = self.player()
        self._require_hand_ready("ending operations")
        if p.position is None:
            raise IllegalAction(R.START_TRAIN, "You must place your train in a city (PlaceTrain) at your first "
                                               "operations turn.")
        self.state.phase = "build"

    def _do_end_turn(self, a: EndTurn, check: bool) -> None:
        st = self.state
        if st.phase == "operations":
            self._do_end_ops(EndOperations(), check)
        self.state.turn_over = True

    def _do_discard_hand(self, a: DiscardHand, check: bool) -> None:
        st, p = self.state, self.player()
        if st.phase == "operations":
            if st.ops_started:
                raise IllegalAction(R.HOW_TO_PLAY, "Discarding your hand replaces your entire Operations and Build "
                                                   "phases; you have already acted this turn.")
        elif st.phase == "build" and st.special_round:
            if p.spent or p.upgraded:
                raise IllegalAction(R.SPECIAL, "You may give up a special build turn to discard your hand, but you "
                                               "have already built this turn.")
        else:
            raise IllegalAction(R.HOW_TO_PLAY, "Discarding your hand replaces your entire Operations and Build "
                                               "phases; it is too late in this turn.")
        seat = st.current
        old = list(p.hand)
        p.hand.clear()
        st.discard_pile.extend(old)
        st.log.append(f"{p.name} discards the hand ({', '.join(self.deck.card(c).label for c in old)}) and draws "
                      f"{self.rules.hand_size} new cards.")
        special = bool(st.special_round)
        while len(p.hand) < self.rules.hand_size:
            if not self._draw_until_demand(seat, special=special):
                break
        st.turn_over = True

    def _do_borrow(self, a: Borrow, check: bool) -> None:
        st, p, rules = self.state, self.player(), self.rules
        if rules.mercy_loan is None:
            raise IllegalAction(R.NO_CREDIT, "There are no loans in this game (No Credit/No Loans); borrowing is "
                                             "possible only with the Mercy variant.")
        lo, hi = rules.mercy_loan
        if p.loan > 0:
            raise IllegalAction(R.MERCY, f"You still owe {p.loan}M from your Mercy loan; repay it in full before "
                                         "borrowing again.")
        if not lo <= a.amount <= hi:
            raise IllegalAction(R.MERCY, f"A Mercy loan is at least {lo}M and at most {hi}M; you asked for "
                                         f"{a.amount}M.")
        p.cash += a.amount
        p.loan = a.amount * rules.mercy_repay_factor
        st.log.append(f"{p.name} invokes Mercy: borrows {a.amount}M and owes the bank {p.loan}M.")

    _HANDLERS = {Borrow: _do_borrow, Build: _do_build, Upgrade: _do_upgrade, PlaceTrain: _do_place, Move: _do_move, PickUp: _do_pickup,
                 Drop: _do_drop, Deliver: _do_deliver, Discard: _do_discard, DiscardHand: _do_discard_hand,
                 EndOperations: _do_end_ops, EndTurn: _do_end_turn}

    # ============================================================================ cards
    def _draw_one(self) -> int | None:
        """Top card of the draw pile; an empty pile is refilled by reshuffling the discard pile (including
        the card just discarded). ``None`` when no card is left anywhere."""
        st = self.state
        if not st.draw_pile:
            if not st.discard_pile:
                return None
            pile = list(st.discard_pile)
            random.Random(f"eb:{st.seed}:shuffle:{st.shuffles}").shuffle(pile)
            st.shuffles += 1
            st.draw_pile, st.discard_pile = pile, []
            st.log.append(f"The draw deck is exhausted: the discard pile ({len(pile)} cards) is reshuffled.")
        return st.draw_pile.pop()

    def _draw_until_demand(self, seat: int, *, special: bool = False) -> bool:
        """Draw one card at a time, resolving events as drawn, until a demand card joins ``seat``'s hand
        (rulebook: Delivering Loads, step 5). False if the cards ran out."""
        st = self.state
        for _ in range(10_000):
            cid = self._draw_one()
            if cid is None:
                st.log.append("No card left to draw.")
                return False
            card = self.deck.card(cid)
            if hasattr(card, "demands"):
                st.players[seat].hand.append(cid)
                return True
            _events.resolve(self, card, seat, special=special)
        return False  # pragma: no cover

    def draw_card(self) -> int | None:
        """Draw the top card id for an event effect (e.g. a derailment); the caller decides where it goes."""
        return self._draw_one()

    # ============================================================================ event primitives
    def lose_turn(self, seat: int) -> None:
        """Make ``seat`` lose its next turn (not cumulative); if it is that player's turn, the current turn
        ends once the hand is refilled (rulebook: Event Card Effects > Losing Turns)."""
        st = self.state
        st.players[seat].lost_turns = 1
        if seat == st.current and st.phase in ("operations", "build") and not st.special_round:
            st.turn_over = True
        st.log.append(f"{st.players[seat].name} loses a turn.")

    def lose_load(self, seat: int, load: str | None = None) -> str | None:
        """Remove one load from ``seat``'s train back to the bank (``load`` or the first carried), block
        pick-ups until the next operations phase, and return the load lost (rulebook: Losing Loads)."""
        st = self.state
        p = st.players[seat]
        if not p.loads:
            return None
        ld = load if load in p.loads else p.loads[0]
        p.loads.remove(ld)
        st.bank[ld] = st.bank.get(ld, 0) + 1
        p.no_pickup = True
        st.log.append(f"{p.name} loses a load of {ld}.")
        return ld

    # ============================================================================ admin / turn order
    def _end_turn(self) -> None:
        st = self.state
        lost = False
        while True:
            p = st.players[st.current]
            st.turn_over = False
            p.turns += 1
            st.turn += 1
            # staging: a train that ends its turn on a ferry port is staged
            if p.position is not None and p.position in self._ix.ferry_ports and not st.special_round:
                blocked = any(eff.blocks_staging(self, act, st.current, p.position) for act, eff in self._active())
                p.staged = not blocked
            else:
                p.staged = False
            _events.turn_ended(self, st.current, lost=lost)
            self._admin()
            if st.phase == "over":
                return
            seat, round_end = self._next_seat()
            if round_end:
                self._end_of_round()
                if st.phase == "over":
                    return
            self._begin_turn(seat)
            q = st.players[seat]
            if q.lost_turns > 0 and not st.special_round:
                q.lost_turns -= 1
                st.log.append(f"{q.name} loses this turn.")
                lost = True
                continue
            return

    def _admin(self) -> None:
        """Admin phase (rulebook: Admin Phase): expire events, rebuild bridges (event hooks), announce
        victories."""
        st = self.state
        seat = st.current
        keep = []
        for act in st.active_events:
            eff = _events.EFFECTS.get(act["kind"])
            done = False
            if act["duration"] == "one-round":
                done = act["drawn_by"] == seat and st.players[seat].turns >= act["expires_after"]
            elif act["duration"] == "lasting" and eff is not None:
                done = eff.expired(self, act)
            if done:
                if eff is not None:
                    eff.on_expire(self, act)
                st.discard_pile.append(act["card"])
                st.log.append(f"Event card {self.deck.card(act['card']).label} expires and is discarded.")
            else:
                keep.append(act)
        st.active_events = keep
        if st.special_round or st.sudden_death:
            return
        for s, q in enumerate(st.players):
            if not q.announced and self.meets_victory(s):
                q.announced = True
                st.victory_announced = True
                st.log.append(f"{q.name} announces victory conditions: {q.cash}M and "
                              f"{len(self.connected_majors(s))} major cities connected. The game ends with this "
                              "round.")

    def _next_seat(self) -> tuple[int, bool]:
        st = self.state
        n = len(st.players)
        if st.special_round == 1:
            nxt = (st.current + 1) % n
            if nxt == st.first_player:
                if self.rules.special_build_turns >= 2:
                    st.special_round = 2
                    return st.current, False
                st.special_round = 0
                st.round = 1
                return st.first_player, False
            return nxt, False
        if st.special_round == 2:
            if st.current == st.first_player:
                st.special_round = 0
                st.round = 1
                return st.first_player, False
            return (st.current - 1) % n, False
        seat, round_end = st.current, False
        for _ in range(n):
            seat = (seat + 1) % n
            if seat == st.first_player:
                round_end = True
            if not st.sudden_death or seat in st.sudden_death:
                break
        return seat, round_end

    def _end_of_round(self) -> None:
        st = self.state
        if st.sudden_death:
            if st.round_deliveries:
                best = max(st.players[s].cash for s in st.sudden_death)
                top = [s for s in st.sudden_death if st.players[s].cash == best]
                if len(top) == 1:
                    self._finish(top, "wins the sudden-death tiebreaker")
                    return
                st.sudden_death = top
        elif st.victory_announced:
            _events.final_rebuild(self)
            cands = [s for s, q in enumerate(st.players) if q.announced]
            best = max(st.players[s].cash for s in cands)
            top = [s for s in cands if st.players[s].cash == best]
            if len(top) == 1 or self.rules.tie_shares_win:
                self._finish(top, "wins with the most cash among the players who met the victory conditions")
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
                    eff.on_expire(self, act)
                st.discard_pile.append(act["card"])
            st.active_events = keep
            st.log.append("Tie for first between " + ", ".join(st.players[s].name for s in top)
                          + f" at {best}M: sudden-death tiebreaker.")
        st.round += 1
        st.round_deliveries = False

    def _finish(self, winners: list[int], how: str) -> None:
        st = self.state
        st.winners = list(winners)
        st.phase = "over"
        names = " and ".join(st.players[s].name for s in winners)
        if len(winners) > 1 and how.startswith("wins"):
            how = "share the win" + how[len("wins"):]
        st.log.append(f"Final scoring: {names} {how} ({st.players[winners[0]].cash}M).")

    def _begin_turn(self, seat: int) -> None:
        st = self.state
        st.current = seat
        p = st.players[seat]
        p.moves_used, p.half_rate, p.crossed = 0, False, False
        p.spent, p.upgraded = 0, False
        p.built_out_of, p.rented = [], []
        p.no_pickup = False
        st.ops_started = False
        st.phase = "build" if st.special_round else "operations"

    # ============================================================================ helpers for bots
    def buildable_segments(self, seat: int | None = None) -> list[tuple[int, int, int]]:
        """``(a, b, cost)`` for every single new segment the current player could build right now from
        their network or a major/key city milepost, within the turn's budget and their cash, respecting
        right of way, red areas, the out-of-major limit, crossing and city limits. The whole-board
        no-blocking rules are not checked here (apply() does)."""
        st, ix, board, rules = self.state, self._ix, self.board, self.rules
        seat = st.current if seat is None else seat
        p = st.players[seat]
        if st.phase == "over" or (st.phase == "build" and p.upgraded and rules.cross_grade_cost is None):
            return []
        budget = min(rules.build_limit - p.spent, p.cash)
        if budget <= 0:
            return []
        tr = st.track
        owned = tr.owned_crossings(seat)
        starts = set(self.network(seat))
        major_ok = len(p.built_out_of) < rules.builds_out_of_major_per_turn
        for c in ix.red_cities:
            starts.update(c.mileposts)
        out = []
        for a in sorted(starts):
            ca = ix.city_at[a]
            if ca is not None and ca.has_red_area and not major_ok:
                continue
            for b in board.neighbors(a):
                k = seg_key(a, b)
                if k in tr.segments or k in ix.red_set or k not in ix.key_index:
                    continue
                sc = segment_cost(board, rules, a, b, owned_crossings=owned)
                if sc is None or sc.total > budget:
                    continue
                if sc.crossing_name is not None:
                    cr = board.crossing(sc.crossing_name)
                    cap = self._crossing_cap(cr)
                    if len(tr.crossing_owners(cr.name)) >= cap:
                        continue
                if any(eff.blocks_build(self, act, seat, a, b) for act, eff in self._active()):
                    continue
                if _events.rebuild_reserved(self, seat, a, b):
                    continue
                try:
                    self._check_city_limits(seat, [k], [sc.crossing_name] if sc.crossing_name else [])
                except IllegalAction:
                    continue
                out.append((a, b, sc.total))
        return out

    def movable_steps(self, seat: int | None = None) -> list[int]:
        """Mileposts the current player's train could step onto next with a one-step :class:`Move`."""
        st = self.state
        seat = st.current if seat is None else seat
        p = st.players[seat]
        if st.phase != "operations" or p.position is None or seat != st.current:
            return []
        out = []
        cands = list(self._ix.move_adj[p.position])
        if p.staged and p.moves_used == 0 and not p.crossed:
            cands.append(p.position)
        for b in cands:
            try:
                self._plan_move(seat, (b,), None)
            except IllegalAction:
                continue
            out.append(b)
        return out

    def legal_actions(self) -> list:
        """Small legal actions for the current player: one-segment builds (whole-board no-blocking
        rules not checked), upgrades, single-step moves, pick-ups, drops, deliveries, discards, train
        placements (one per city), and the phase/turn endings. Handy for random agents and teaching;
        longer builds and moves are of course legal too."""
        st, rules = self.state, self.rules
        if st.phase == "over":
            return []
        p = st.players[st.current]
        out: list = []
        if st.phase == "operations":
            if len(p.hand) > rules.hand_size:
                return [Discard(c) for c in p.hand]
            if not st.ops_started:
                out.append(DiscardHand())
            if p.position is None:
                return out + [PlaceTrain(c.name) for c in self.board.cities]
            out += [Deliver(ld, cid) for ld, cid in self.legal_deliveries()]
            out += [PickUp(ld) for ld in self.legal_pickups()]
            out += [Drop(ld) for ld in self.legal_drops()]
            out += [Move((b,)) for b in self.movable_steps()]
            out.append(EndOperations())
            out.append(EndTurn())
            return out
        if st.special_round and not p.spent and not p.upgraded:
            out.append(DiscardHand())
        if not p.spent and not p.upgraded and p.cash >= rules.upgrade_cost:
            out += [Upgrade(t) for t in rules.upgrade_options(p.train)]
        out += [Build((a, b)) for a, b, _ in self.buildable_segments()]
        out.append(EndTurn())
        return out

    def track_neighbors(self, mp: int, seat: int | None = None, *, rent: bool = True) -> list[int]:
        """Mileposts a train could step to from ``mp`` over track usable by ``seat`` (own, public, and --
        with ``rent`` -- opponents' track and ferries), ignoring direction, speed and staging."""
        seat = self.state.current if seat is None else seat
        out = []
        for b in self._ix.move_adj[mp]:
            info = self._step_info(seat, mp, b)
            if isinstance(info, str):
                continue
            if info.owners and seat not in info.owners and not rent:
                continue
            out.append(b)
        return out

    def longest_legal_move(self, path: Sequence[int]) -> tuple[int, ...]:
        """The longest prefix of ``path`` that the current player could move now as one :class:`Move`
        (empty if not even the first step is legal)."""
        st = self.state
        if st.phase != "operations" or self.player().position is None:
            return ()
        best: tuple[int, ...] = ()
        for n in range(1, len(path) + 1):
            try:
                self._plan_move(st.current, tuple(path[:n]), None)
            except (IllegalAction, InvalidAction):
                break
            best = tuple(path[:n])
        return best

    def legal_pickups(self) -> list[str]:
        """Loads the current player may pick up where the train stands."""
        st = self.state
        p = st.players[st.current]
        if st.phase != "operations" or p.position is None or len(p.hand) > self.rules.hand_size:
            return []
        c = self._ix.city_at[p.position]
        if c is None:
            return []
        out = []
        for ld in c.loads:
            if self._pickup_problem(st.current, ld) is None and not any(
                    eff.blocks_pickup(self, act, st.current, p.position, ld) for act, eff in self._active()):
                out.append(ld)
        return out

    def legal_deliveries(self) -> list[tuple[str, int]]:
        """``(load, card_id)`` pairs the current player may deliver here now."""
        st = self.state
        p = st.players[st.current]
        if st.phase != "operations" or p.position is None or len(p.hand) > self.rules.hand_size:
            return []
        out = []
        for cid in p.hand:
            for ld in sorted(set(p.loads)):
                d = self._demand_for(st.current, cid, ld)
                if not isinstance(d, str) and not any(
                        eff.blocks_delivery(self, act, st.current, p.position, ld) for act, eff in self._active()):
                    out.append((ld, cid))
        return out

    def legal_drops(self) -> list[str]:
        st = self.state
        p = st.players[st.current]
        if st.phase != "operations" or p.position is None or self._ix.city_at[p.position] is None:
            return []
        return sorted(set(p.loads))

    def demands(self, seat: int | None = None) -> list[tuple[int, Any]]:
        """``(card_id, Demand)`` for every demand in the player's hand."""
        seat = self.state.current if seat is None else seat
        return [(cid, d) for cid in self.state.players[seat].hand for d in self.deck.card(cid).demands]

    def movement_left(self, seat: int | None = None) -> int:
        p = self.player(seat)
        return max(0, p.train.speed - p.moves_used)


def _ref_of(obj, folder: str):
    """A name if ``obj`` was loaded from ``data/<folder>/<name>.json``, else its embedded dictionary."""
    src = getattr(obj, "source", "<memory>")
    try:
        sp = Path(src).resolve()
        if sp.parent == (data_dir() / folder).resolve() and sp.stem == obj.name:
            return obj.name
    except (OSError, TypeError, ValueError):
        pass
    return obj.to_dict()
