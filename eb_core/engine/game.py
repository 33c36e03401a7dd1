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
* Empire Builder (US) (``eb.ruleset("us")``): refusals cite the US overview's heading where it states the
  rule (:func:`eb_core.rulebook.cite`), the Europe section where it is silent; the first player to meet both
  victory conditions in an Admin phase wins at once (``Ruleset.victory_at_once``).
* The turn-order switch (``Ruleset.turn_order == "build-first"``, Less Thinking During Your Turns and
  Empire Express): any operations action ends the Building Phase; the free end-of-turn discard
  (``end_of_turn_discards``) is made in the turn's last phase and ends the turn once used up; without
  ``draw_on_delivery`` the hand is refilled (events resolved as drawn) as the turn's very last action.
* Empire Express (Game End): "If a player has $150 million or more on their turn" is checked at the end
  of that player's own turn; the most money of *all* players wins and tied players share the win (the
  rulebook is silent on ties). Water the board draws as a lake or inlet without a heavy black line costs
  1M like a river. What the Express rulebook does not change is the Empire Builder rule (it lists the
  changes for experienced players): trains reverse only in cities, every player keeps the Right to Enter
  Major Cities, at most two segments a turn are built out of major cities.
* Challenging Variants (switches of the :class:`~eb_core.rules.Ruleset`): Pay To Move's "1 million per turn
  to the bank to move on your own track, and/or 4 million to move on another player's network" has one
  payee, the bank (``rent_to_bank``); the 1M is due in a turn the train takes a step on its own track.
  Open Contracts chooses which discarded cards go face up with a generator seeded from the game's seed
  and turn. Field Warehousing's "event affects a city" is an event whose area (mileposts, blocked
  mileposts, bridges, closed ports) covers one of the city's mileposts. Pay To Load And Deliver counts a
  delivery as dropping off a load. Reshuffle: the tax takes effect, then leaves the game.
* Run Two Trains (``Ruleset.trains == 2``): the second train is ``PlayerState.second``; an action for it
  carries ``train=2`` and the engine applies the usual rule to that train (its position, loads, speed,
  movement used, staging, ferry half rate, Pay To Load's handling, a lost load's no-pick-up). Cash, cards,
  track, the build phase, rent ("unlimited use of another player's network that turn") and Pay To Move's
  1M per turn are the player's, shared by both trains. "Upgraded in the usual way": one upgrade (of either
  train) is the turn's whole build phase. Each train is placed once, in any city; a train not yet placed
  may be placed at a later operations turn (only the first train must be placed before the turn ends). A
  derailment takes a load from each of the player's trains in its area and one turn from the player
  (Losing Turns are not cumulative). The log names the train ("Train 2: Ann moves ...").

Helpers for bots: :meth:`Game.buildable_segments`, :meth:`Game.movable_steps`,
:meth:`Game.legal_pickups`, :meth:`Game.legal_deliveries`, :meth:`Game.legal_drops`,
:meth:`Game.network`, :meth:`Game.connected_majors`, :meth:`Game.legal_actions`,
:meth:`Game.longest_legal_move`, :meth:`Game.track_neighbors`, :meth:`Game.plan_build` (the cost breakdown of
a build without making it). Primitives for event effects: :meth:`Game.lose_turn`, :meth:`Game.lose_load`,
:meth:`Game.draw_card` (see :mod:`eb_core.events`).

The rules live in one module per chapter, functions over the game: :mod:`~eb_core.engine.build`,
:mod:`~eb_core.engine.operations`, :mod:`~eb_core.engine.cards_and_turns`, :mod:`~eb_core.engine.admin`,
:mod:`~eb_core.engine.legal` (shared checks in :mod:`~eb_core.engine.common`); this module holds the
:class:`Game` object: setup, JSON, clone, and applying actions.
"""
from __future__ import annotations

import contextlib
import copy
import json
import random
from pathlib import Path
from typing import Any, Sequence

from .. import rulebook as R
from ..actions import (Borrow, Build, Deliver, Discard, DiscardHand, Drop, EndBuild, EndOperations, EndTurn, Move,
                       PickUp, PlaceTrain, Upgrade, action_to_dict)
from ..board import Board, load_board
from ..cards import Deck, load_deck
from ..costs import BuildPlan
from ..errors import DataFileError, IllegalAction, InvalidAction
from ..files import data_dir
from ..rules import Ruleset, ruleset as _named_ruleset
from ..state import GameState, PlayerState, TrainState
from . import admin, build, cards_and_turns, express, interludes, legal, operations, saved
from .cards_and_turns import end_turn
from .common import board_index, is_event, train_view, trains_at
from ..words import shown

__all__ = ["Game", "GAME_SCHEMA"]

GAME_SCHEMA = saved.GAME_SCHEMA


# ------------------------------------------------------------------------------------------------ game
class Game:
    """One game of Empire Builder. Create with :meth:`Game.new` or :meth:`Game.from_json`.

    Attributes: ``rules`` (:class:`~eb_core.rules.Ruleset`), ``board``, ``deck``, ``state``
    (:class:`~eb_core.state.GameState`, plain data), ``history`` (the actions applied, in order),
    ``index`` (static look-ups derived from the board).
    """

    def __init__(self, rules: Ruleset, board: Board, deck, state: GameState, *, history: list | None = None,
                 board_ref: Any = None, deck_ref: Any = None, interludes: list | None = None):
        self.rules = rules
        self.board = board
        self.deck = deck
        self.state = state
        self.history: list = list(history or [])
        self.interludes: list[dict[str, Any]] = list(interludes or [])
        """Changes made to the position outside the actions (:mod:`~eb_core.engine.interludes`), recorded by
        :meth:`outside` so that a replay of ``history`` reaches ``state``."""
        self.keep_interludes = True
        """Whether :meth:`outside` records (a Monte Carlo run that keeps no game turns it off)."""
        self._outside_depth = 0
        self.index = board_index(board)
        """Static look-ups derived from the board (:class:`~eb_core.engine.common.BoardIndex`, read-only)."""
        self._board_ref = board_ref if board_ref is not None else _ref_of(board, "boards")
        self._deck_ref = deck_ref if deck_ref is not None else _ref_of(deck, "decks")

    # ------------------------------------------------------------------------------- construction
    @classmethod
    def new(cls, rules: Ruleset | str, board: Board | str | None = None, players: Sequence[str] | None = None,
            seed: int = 0, deck=None, setup: str | None = None) -> "Game":
        """Set up a new game (rulebook: Setting Up the Game).

        ``rules`` is a :class:`Ruleset` or a ruleset name; ``board`` a :class:`Board` or board name
        (default: the ruleset's board); ``deck`` a deck or deck name (default: the deck named like the
        board); ``players`` the names in seat order (default Ann and Ben). Every player gets the starting
        cash and train; the ruleset's opening hand is dealt (Europe's standard game four demand cards each,
        the US game three; events dealt are set aside and shuffled back), in the basic game each player
        gets a random set of three starter cards. The player with the highest single payout starts (ties
        broken by the second highest, ...; then by seat). Then come the special build turns.

        ``setup="demo"`` (the default of ``eb.ruleset("express")``, the only set-up its rulebook has) is the
        Empire Express Demo Set Up: ``players`` are 2-4 colours of ``rules.demo_players`` (Orange, Red,
        Blue, Green; default the first two), each named after their colour; see
        :func:`eb_core.engine.express.demo_setup`.
        """
        if isinstance(rules, str):
            rules = _named_ruleset(rules)
        elif not isinstance(rules, Ruleset):
            raise InvalidAction(f"rules must be a Ruleset or a ruleset name, got {shown(rules)}", field="rules")
        if board is None:
            board = rules.board
        if isinstance(board, (str, Path)):
            board = load_board(board)
        elif not isinstance(board, Board):
            raise InvalidAction(f"board must be a Board or a board name, got {shown(board)}", field="board")
        if deck is None:
            deck = board.name
        if isinstance(deck, (str, Path)):
            deck = load_deck(deck)
        elif not isinstance(deck, Deck):
            raise InvalidAction(f"deck must be a Deck or a deck name, got {shown(deck)}", field="deck")
        saved.check_deck_fits(deck, board)
        setup = rules.setup if setup is None else setup
        if players is None:
            players = [c for c, *_ in rules.demo_players[:2]] if setup == "demo" else ["Ann", "Ben"]
        players = _player_names(players)
        if setup == "standard" and not rules.build_from_majors:
            raise InvalidAction(f"setup: {rules.title} is played from its Demo Set Up only -- with no money and "
                                "no track out of a major city, a standard set-up could never build "
                                f"({R.cite(R.BEGIN, rules.rulebook)})", field="setup")
        if setup == "demo":
            g = express.demo_setup(cls, rules, board, deck, players, seed)
            if rules.trains == 2:   # Run Two Trains: the second train starts unplaced, like the first would
                for p in g.state.players:
                    p.second = TrainState(train=p.train)
            return g
        if setup != "standard":
            raise InvalidAction(f"setup must be 'standard' or 'demo', got {shown(setup)}", field="setup")
        if not 1 <= len(players) <= 6:
            raise InvalidAction(f"players must name 1 to 6 players, got {len(players)}", field="players")
        seen: dict[str, int] = {}
        for i, nm in enumerate(players):
            if not isinstance(nm, str) or not nm.strip():
                raise InvalidAction(f"players[{i}]: a player's name must be a non-blank string, got {shown(nm)}",
                                    field=f"players[{i}]")
            key = nm.strip().casefold()
            if key in seen:
                raise InvalidAction(f"players[{i}]: {nm!r} is already the name of players[{seen[key]}]; "
                                    "each player needs a name of their own", field=f"players[{i}]")
            seen[key] = i
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidAction(f"seed must be an int, got {shown(seed)}", field="seed")
        st = GameState(players=[PlayerState(name=str(nm), cash=rules.start_cash, train=rules.start_train)
                                for nm in players], seed=seed)
        if rules.trains == 2:   # Run Two Trains: "Each player starts with two trains"
            for p in st.players:
                p.second = TrainState(train=rules.start_train)
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
            aside = []
            for p in st.players:   # a hand larger than a starter set (Run Two Trains' four cards): deal the rest
                while len(p.hand) < rules.hand_size and pile:
                    cid = pile.pop()
                    if is_event(g, cid) or cid in p.hand:
                        aside.append(cid)
                    else:
                        p.hand.append(cid)
            if aside:
                pile.extend(aside)
                rng.shuffle(pile)
            st.draw_pile = pile
        else:
            # Standard Game: deal one card at a time; events dealt are set aside, then shuffled back
            aside: list[int] = []
            want = rules.opening_hand if not rules.starter_cards else rules.hand_size
            for _ in range(want):
                for p in st.players:
                    while pile:
                        cid = pile.pop()
                        if is_event(g, cid):
                            aside.append(cid)
                            continue
                        p.hand.append(cid)
                        break
            pile.extend(aside)
            rng.shuffle(pile)
            st.draw_pile = pile
        if rules.open_contracts_dealt:   # Open Contracts: "deal 4 face up demand cards as open contracts"
            cards_and_turns.deal_open_contracts(g, rules.open_contracts_dealt)
        # starting player: highest single payout, ties by the next highest ...
        def key(i: int):
            pays = sorted((d.payout for cid in st.players[i].hand for d in deck.card(cid).demands), reverse=True)
            return (pays, -i)
        st.first_player = max(range(len(players)), key=key)
        st.current = st.first_player
        st.phase = "build" if rules.special_build_turns > 0 or rules.turn_order == "build-first" else "operations"
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
        """True once the game has ended (winners chosen)."""
        return self.state.phase == "over"

    @property
    def winners(self) -> list[int]:
        """Seats of the winners (empty until the game is over)."""
        return list(self.state.winners)

    def player(self, seat: int | None = None) -> PlayerState:
        """The :class:`~eb_core.state.PlayerState` of ``seat`` (default: the current player)."""
        return self.state.players[self.state.current if seat is None else seat]

    def __repr__(self) -> str:
        st = self.state
        return (f"<Game {self.rules.name} on {self.board.name}: round {st.round}, "
                f"{st.players[st.current].name} to play ({st.phase})>")

    # ------------------------------------------------------------------------------- (de)serialise
    def to_dict(self) -> dict[str, Any]:
        """The whole game as a JSON-ready dictionary (see :meth:`to_json`)."""
        d = {"schema": GAME_SCHEMA, "rules": self.rules.to_dict(), "board": self._board_ref,
             "deck": self._deck_ref, "state": self.state.to_dict(),
             "history": [action_to_dict(a) for a in self.history]}
        if self.interludes:
            d["interludes"] = copy.deepcopy(self.interludes)
        return d

    def to_json(self, **kw) -> str:
        """The whole game as JSON (rules, board and deck by name -- or embedded when they are not
        named files --, state, history). ``Game.from_json(g.to_json())`` continues identically."""
        return json.dumps(self.to_dict(), sort_keys=True, **kw)

    @classmethod
    def from_dict(cls, d: dict[str, Any], *, source: str = "<game>") -> "Game":
        """Inverse of :meth:`to_dict`.

        A malformed saved game raises :class:`~eb_core.errors.DataFileError` naming ``source`` (the file
        it came from, ``"<game>"`` when there is none) and the field path of the first bad value: a missing
        or mistyped field, a milepost, load, card, city, ferry or seat that the board, deck or game does not
        have, an unknown phase, a history entry that is no action. The board or deck it names may raise
        :class:`~eb_core.errors.UnknownName`, :class:`~eb_core.errors.BoardFileError` or
        :class:`~eb_core.errors.DeckFileError`.

        >>> Game.from_dict({"schema": "eb-game/1", "rules": {}, "board": "tutorial", "deck": "tutorial",
        ...                 "state": {"players": [{"name": "Ann", "cash": "lots", "train": "9/2"}]}})
        Traceback (most recent call last):
        ...
        eb_core.errors.DataFileError: <game>: field 'state.players[0].cash': expected a whole number, got 'lots'
        """
        rules, board, deck, state, history, bref, dref, inter = saved.read(d, source)
        return cls(rules, board, deck, state, history=history, board_ref=bref, deck_ref=dref, interludes=inter)

    @classmethod
    def from_json(cls, text: str | bytes, *, source: str = "<game>") -> "Game":
        """Inverse of :meth:`to_json`; text that is not JSON raises :class:`~eb_core.errors.DataFileError`
        naming ``source`` (see :meth:`from_dict`)."""
        try:
            d = json.loads(text)
        except json.JSONDecodeError as exc:
            raise DataFileError(source, "<json>", f"not valid JSON: {exc}") from None
        except (TypeError, UnicodeDecodeError) as exc:
            raise DataFileError(source, "<json>", f"expected JSON text, got {saved.shown(text)} ({exc})") from None
        return cls.from_dict(d, source=source)

    def clone(self) -> "Game":
        """An independent copy sharing the immutable board, rules and deck."""
        g = Game(self.rules, self.board, self.deck, self.state.copy(), history=self.history,
                 board_ref=self._board_ref, deck_ref=self._deck_ref, interludes=self.interludes)
        g.keep_interludes = self.keep_interludes
        return g

    @contextlib.contextmanager
    def outside(self):
        """A block that changes the position outside the rules' actions (a solo scenario's simulated
        player, the Simulated Win / Loss draw, a simulation's note in the log), recorded as an interlude
        after the actions so far, so that :func:`eb_core.narrate.replay` can replay the game
        (:mod:`~eb_core.engine.interludes`). Nested blocks record once, at the outermost.

        >>> g = Game.new("europe-standard", board="tutorial", players=["Ann"], seed=1)
        >>> with g.outside():
        ...     g.state.log.append("The instructor hands Ann 10M.")
        ...     g.state.players[0].cash += 10
        >>> g.interludes[0]["after"], sorted(g.interludes[0]["changes"])
        (0, ['log', 'players'])
        """
        if not self.keep_interludes or self._outside_depth:     # not kept, or inside an outer block
            yield
            return
        before = self.state.to_dict()
        self._outside_depth = 1
        try:
            yield
        finally:
            self._outside_depth = 0
            change = interludes.changes(before, self.state.to_dict())
            if change:
                self.interludes.append({"after": len(self.history), "changes": change})

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
            raise IllegalAction(R.cite(R.ENDING, self.rules.rulebook),
                                "The game is over; no more actions can be taken.")
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise InvalidAction(f"not an action: {action!r}", field="action")
        try:
            train = getattr(action, "train", None)
            if train is None:
                handler(self, action, check)
            else:   # the action is for one train (Run Two Trains): its rules run on that train
                seat, lines = st.current, len(st.log)
                with train_view(self, seat, train):
                    handler(self, action, check)
                if st.players[seat].second is not None and len(st.log) > lines:
                    st.log[lines] = f"Train {train}: {st.log[lines]}"
        except IllegalAction as err:
            cited = R.cite(err.rule, self.rules.rulebook)   # a US game cites the US overview where it speaks
            if cited == err.rule:
                raise
            raise IllegalAction(cited, err.reason) from None
        self.history.append(action)
        if st.turn_over and st.phase != "over":
            end_turn(self)

    def settle(self) -> None:
        """End the turn now if something outside an action ended it -- an event card played by
        :func:`eb_core.events.play_event` that costs the current player their turn (rulebook: Event Card
        Effects > Losing Turns, "your current turn ends immediately")."""
        if self.state.turn_over and self.state.phase != "over":
            end_turn(self)


    # ------------------------------------------------------------------------------- the chapters, as methods
    def network(self, seat: int | None = None) -> set[int]:
        """Mileposts of the player's network: ends of their segments and both ends (and tunnel
        mileposts) of the ferries and tunnels they own."""
        seat = self.state.current if seat is None else seat
        return self.state.track.mileposts_of(seat, self.board)

    def connected_majors(self, seat: int | None = None) -> list[str]:
        """Names of the major cities in the largest group that the player's own track, public red
        areas and owned ferries/tunnels connect (rulebook: How to Win)."""
        return admin.connected_majors(self, seat)

    def meets_victory(self, seat: int) -> bool:
        """Cash >= victory cash and enough major cities connected (rulebook: How to Win)."""
        return admin.meets_victory(self, seat)

    def plan_build(self, path: Sequence[int], seat: int | None = None, *, check: bool = True) -> BuildPlan:
        """The :class:`~eb_core.costs.BuildPlan` of a build along ``path`` without making it; raises
        :class:`~eb_core.errors.IllegalAction` if the build is not allowed now (see
        :func:`eb_core.engine.build.plan_build`)."""
        return build.plan_build(self, path, seat, check=check)

    def buildable_segments(self, seat: int | None = None) -> list[tuple[int, int, int]]:
        """``(a, b, cost)`` for every single new segment the current player could build right now
        (see :func:`eb_core.engine.legal.buildable_segments`)."""
        return legal.buildable_segments(self, seat)

    def movable_steps(self, seat: int | None = None) -> list[int]:
        """Mileposts the current player's train could step onto next with a one-step :class:`Move`."""
        return legal.movable_steps(self, seat)

    def legal_actions(self) -> list:
        """Small legal actions for the current player (see :func:`eb_core.engine.legal.legal_actions`)."""
        return legal.legal_actions(self)

    def track_neighbors(self, mp: int, seat: int | None = None, *, rent: bool = True) -> list[int]:
        """Mileposts a train could step to from ``mp`` over track usable by ``seat`` (own, public, and --
        with ``rent`` -- opponents' track and ferries), ignoring direction, speed and staging."""
        return legal.track_neighbors(self, mp, seat, rent=rent)

    def longest_legal_move(self, path: Sequence[int]) -> tuple[int, ...]:
        """The longest prefix of ``path`` that the current player could move now as one :class:`Move`
        (empty if not even the first step is legal)."""
        return legal.longest_legal_move(self, path)

    def legal_pickups(self) -> list[str]:
        """Loads the current player may pick up where the train stands."""
        return legal.legal_pickups(self)

    def legal_deliveries(self) -> list[tuple[str, int]]:
        """``(load, card_id)`` pairs the current player may deliver here now."""
        return legal.legal_deliveries(self)

    def legal_drops(self) -> list[str]:
        """Loads the current player may drop where the train stands (in a city)."""
        return legal.legal_drops(self)

    def demands(self, seat: int | None = None) -> list[tuple[int, Any]]:
        """``(card_id, Demand)`` for every demand in the player's hand."""
        seat = self.state.current if seat is None else seat
        return [(cid, d) for cid in self.state.players[seat].hand for d in self.deck.card(cid).demands]

    def train_view(self, train: int, seat: int | None = None):
        """A context manager bringing ``seat``'s (default: the current player's) train ``train`` forward, so
        that ``game.player().position``, ``.loads``, ``.train``, :meth:`movement_left`, :meth:`legal_pickups`,
        :meth:`legal_deliveries`, :meth:`longest_legal_move` ... answer for that train (Run Two Trains);
        the state is restored when the block ends. Do not apply actions inside it: give them ``train=``.

        >>> import eb_core as eb
        >>> g = eb.Game.new(eb.ruleset("europe-basic", "run-two-trains"), board="tutorial", seed=1)
        >>> with g.train_view(2):
        ...     g.player().position is None
        True
        """
        return train_view(self, self.state.current if seat is None else seat, train)

    def trains_at(self, seat: int | None = None) -> list[tuple[int, int]]:
        """``(train number, milepost)`` of each placed train of ``seat`` (default: the current player):
        one pair, or two under Run Two Trains."""
        return trains_at(self, self.state.current if seat is None else seat)

    def movement_left(self, seat: int | None = None) -> int:
        """Movement points the player's train has left this turn."""
        p = self.player(seat)
        return max(0, p.train.speed - p.moves_used)

    def is_red_area(self, mp: int) -> bool:
        """True if milepost ``mp`` is in a major or key city's red area (public track; track may be built
        out of it by anyone: rulebook: Beginning Construction)."""
        return bool(self.index.red_mp[mp])

    # ------------------------------------------------------------------------------- primitives for events, sims
    def draw_card(self) -> int | None:
        """Draw the top card id for an event effect (e.g. a derailment); the caller decides where it goes."""
        return cards_and_turns.draw_one(self)

    def draw_until_demand(self, seat: int, *, special: bool = False) -> bool:
        """Draw one card at a time, resolving events as drawn, until a demand card joins ``seat``'s hand
        (rulebook: Delivering Loads, step 5); False if the cards ran out. For simulations (a solo second
        player's draw) and effects."""
        return cards_and_turns.draw_until_demand(self, seat, special=special)

    def lose_turn(self, seat: int) -> None:
        """Make ``seat`` lose its next turn (not cumulative); if it is that player's turn, the current turn
        ends once the hand is refilled (rulebook: Event Card Effects > Losing Turns)."""
        cards_and_turns.lose_turn(self, seat)

    def lose_load(self, seat: int, load: str | None = None) -> str | None:
        """Remove one load from ``seat``'s train back to the bank (``load`` or the first carried), block
        pick-ups until the next operations phase, and return the load lost (rulebook: Losing Loads)."""
        return operations.lose_load(self, seat, load)


#: The rule that applies each kind of action: ``handler(game, action, check)``.
_HANDLERS = {Borrow: cards_and_turns.do_borrow, Build: build.do_build, Upgrade: build.do_upgrade,
             PlaceTrain: operations.do_place_train, Move: operations.do_move, PickUp: operations.do_pickup,
             Drop: operations.do_drop, Deliver: operations.do_deliver, Discard: cards_and_turns.do_discard,
             DiscardHand: cards_and_turns.do_discard_hand, EndOperations: cards_and_turns.do_end_ops,
             EndBuild: cards_and_turns.do_end_build, EndTurn: cards_and_turns.do_end_turn}


def _player_names(players: Any) -> list:
    """``players`` as a list: a list or tuple of names, never a string (whose letters would become players)."""
    if isinstance(players, (str, bytes)):
        raise InvalidAction(f"players must be a list of names, such as ['Ann', 'Ben'], got the string {players!r}",
                            field="players")
    try:
        return list(players)
    except TypeError:
        raise InvalidAction(f"players must be a list of names, such as ['Ann', 'Ben'], got {shown(players)}",
                            field="players") from None


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
