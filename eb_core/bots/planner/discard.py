"""When to give up the hand (rulebook: How to Play, "discard your entire hand"; Starting the Game > Special
Build Turns): :class:`DiscardPolicy` judges the best plan against what a fresh hand is worth -- the game's
new hands so far, random hands priced where the train stands for a close call, random hands on the empty
board for the opening -- and holds a poor hand drawn mid-turn for the next turn's discard."""
from __future__ import annotations

import random
from typing import Any

from ...actions import (
    DiscardHand,
)
from ...files import derived
from ...routes import RouteState
from ...state import Position
from .plans import _upper_median
from .settings import _INF


class DiscardPolicy:
    """The discard policy of :class:`~eb_core.bots.planner.PlannerBot` (a mixin: it works on the bot's
    settings and memory, set up by ``PlannerBot.__init__``)."""

    def _discard(self, p) -> DiscardHand:
        """Discard the whole hand (and count it: discards, and the run of them since the last delivery)."""
        self._discards += 1
        self._discard_run += 1
        if self.stuck_poor and self._discard_run >= 3:
            # three hands or more in a row: from the next one the bot runs what its cash pays for (see _poor);
            # give that plan the full 12 turns before the "no delivery" rule may discard it
            self._progress = (p.delivered, p.turns)
            self._stuck = 0
        self._hand_key = None
        return DiscardHand()

    def _worst_card(self, game, p):
        """The card to give up when the hand is one too many (the four-card start): the one the plans use
        least, never one the plan -- or under Run Two Trains the other train's plan -- delivers on."""
        keep = {s[3] for s in self.stops} | self._reserved
        best_of: dict[Any, float] = {}
        for pl in self.alternatives:
            for s in pl.stops:
                best_of[s[3]] = max(best_of.get(s[3], -_INF), pl.value)
        cands = [c for c in p.hand if c not in keep] or list(p.hand)
        return min(cands, key=lambda c: (best_of.get(c, -_INF), c))

    def _should_discard(self, game, p) -> bool:
        """Discard the hand when no plan can be paid for, or when the best plan is worth much less than a
        fresh hand has been worth (the loads on the train stay on it)."""
        if not self._may_discard(game):
            return False
        if self.plan is None:
            return True
        carried = any(s[0] == "deliver" and s[2] in p.loads for s in self.stops)
        if carried and self.plan.build_cost == 0:
            return False        # a load on the train goes to a card in hand over track already built: run it
        if self._stuck >= 2 and not self._delivering(game, p):
            # no delivery in 12 turns and nothing on the way: new cards
            self._stuck = 0
            return True
        return self._poor(p, game)       # (no discard with a load aboard for a card in hand: _poor says so)

    def _delivering(self, game, p) -> bool:
        """The plan's next stop delivers a load aboard over track already laid, and the cash pays the fare to
        move (Pay To Move): the train is on its way to be paid, whatever the turns since the last delivery.
        (Seed 110 of the standard game under Pay To Move gave up Tourists for Madrid 18 mileposts away, with
        3M, and never moved again.)"""
        if not self.stops or p.cash < game.rules.move_fee_own:
            return False
        act, city, load, _ = self.stops[0]
        start = self._origin(game)
        if act != "deliver" or load not in p.loads or start is None:
            return False
        rs = self.route_state(game)
        rs.prepare([start, city])
        return rs.costs_nothing(start, city)

    def _holds(self, game, p) -> bool:
        """``hold_poor``: the hand was drawn after the bot acted this turn (a discard must wait for the next
        turn) and its best plan is poor: run none of it now. Sets :attr:`held` to the turn."""
        st = game.state
        acted = st.ops_started or st.phase != "operations"
        if not (self.hold_poor and acted and self._may_discard(game) and self._poor(p, game)):
            return False
        self.held = (st.turn, st.current)
        return True

    def _may_discard(self, game) -> bool:
        """The rules let the bot discard its whole hand (Empire Express does not: ``discard_hand``), and it has
        neither been refused this turn nor discarded 300 times. Under Run Two Trains only train 1's driver
        discards, and not while train 2's plan is under way unless neither train has delivered for six
        turns (both plans stuck: seed 1026 of the standard game had both trains loaded and 0M) -- and never
        while train 2 is on its way to be paid (:meth:`_delivering`: US seed 24 under Pay To Move threw away
        the card of the Coal train 2 carried, a turn from Washington, and the fares with it)."""
        two = self._second
        if self._train2 or (two is not None and two.stops and not self._stuck):
            return False
        if two is not None and two.stops:
            with game.train_view(2, self.seat):
                if two._delivering(game, game.state.players[self.seat]):
                    return False
        return game.rules.discard_hand and self._discards < 300 and "DiscardHand()" not in self._failed

    def _poor(self, p, game=None) -> bool:
        """The plan is poor: it earns less in its turns than a fresh hand would in the turns a discard leaves
        (``discard_turns``; with 0, less than ``discard_ratio`` times a typical fresh hand a turn), and no load
        aboard goes to a card in hand."""
        if self.plan is None or self.discard_ratio <= 0 or len(self._fresh) < 3:
            return False
        if self._discard_run >= 3:
            # three hands in a row discarded since the last delivery: too poor for the plans a typical hand
            # brings, so run the one it can pay for, at a loss if need be -- its track stays and the train
            # earns again (seed 1159 had 27M in Iberia and discarded for 140 turns)
            return False
        if any(s[0] == "deliver" and s[2] in p.loads for s in self.stops):
            return False
        if self.plan.finish is not None and self.plan.finish <= self.plan.turns:
            # the endgame: this plan brings the victory cash (a plan that falls short is counted more turns
            # than its own), and a discard would only lose the turn (rulebook: How to Win)
            return False
        if self.discard_turns:
            # in the plan's t turns it earns value x t; a discard costs discard_turns of them, and a fresh hand
            # earns typical x (t - discard_turns) in the rest (a plan's turns are at least 1)
            t = self.plan.turns
            typical = self._typical()
            need = self.plan.value * t / (t - self.discard_turns) if t > self.discard_turns else _INF
            lo, hi = self.local_band
            if self.local_fresh and game is not None and lo * typical <= need <= hi * typical:
                # a close call: judged against fresh hands drawn where the train is, on the track now
                typical = self._local_typical(game, p)
            self.fresh_used = typical
            return self.plan.value * t < typical * (t - self.discard_turns)
        return self.plan.value < self.discard_ratio * self._typical()

    def _local_typical(self, game, p) -> float:
        """``local_fresh``: what a fresh hand is worth from where the train is now -- the median best plan of
        ``local_fresh`` random hands (:meth:`_sample_fresh`), priced from the train's place on the track, once
        a hand. The samples are priced with a cheaper search (``local_sources`` sources a demand,
        ``local_pairs`` demands paired, ``local_leaders`` plans priced exactly) on a route state kept for
        ``local_stale`` turns (0: the track now), so that its rows serve several hands."""
        key = (tuple(p.hand), tuple(game.state.open_contracts))
        if self._local is None or self._local[0] != key:
            rs = None
            if self.local_stale:
                if self._local_rs is None or p.turns - self._local_rs[0] >= self.local_stale \
                        or self._local_rs[1].board is not game.board or self._local_rs[1].rules is not game.rules:
                    self._local_rs = (p.turns, self.route_state(game))
                rs = self._local_rs[1]
            vals = self._sample_fresh(game, self.local_fresh, rs=rs, leaders=self.local_leaders,
                                      sources=self.local_sources, pairs=self.local_pairs)
            self._local = (key, _upper_median(vals) if vals else self._typical())
        return self._local[1]

    def _open_poor(self, game) -> bool:
        """The opening hand is poor: its best plan is worth less than ``open_discard`` times what a random
        hand of three cards is worth at the start (:meth:`_open_typical`; rulebook: Starting the Game >
        Special Build Turns, "You may give up a special turn to discard your hand and replace it with three
        new cards")."""
        face_up = self._face_up_after_discard(game, game.state.players[self.seat])
        self.open_used = self._open_typical(game, face_up)
        return self.plan.value < self.open_discard * self.open_used

    def _open_typical(self, game, face_up: list = ()) -> float:
        """The upper median of the best plans of ``open_samples`` random hands (drawn with a fixed seed) on
        the empty board with the starting cash and train: the same for every game of a deck, board, rules and
        bot settings, so computed once for them. With open contracts face up (``face_up``: those a discard
        would leave, Open Contracts dealt at the start), each random hand is priced with them."""
        def compute(deck) -> float:
            rs = RouteState(game.board, game.rules, Position.empty(), limit=self.search_limit,
                            hop_penalty=self.ferry_penalty)
            pool = sorted(c.id for c in deck.demand_cards if c.id not in face_up)
            vals = self._best_of_hands(game, rs, random.Random("planner:open-typical"), pool, self.open_samples,
                                       face_up=face_up, cash=game.rules.start_cash)
            return _upper_median(vals) if vals else 0.0
        return derived(game.deck, ("planner:open-typical", game.board, repr(game.rules), self.settings,
                                   tuple(face_up)), compute)

    def _typical(self) -> float:
        """What a fresh hand is worth: the median of the fresh hands' best plans so far."""
        return _upper_median(self._fresh)

    def _sample_fresh(self, game, hands: int = 4, *, rs: RouteState | None = None, **search: Any) -> list[float]:
        """What a fresh hand is worth from here: the best plan's value for a few random hands of demand
        cards not in this hand (drawn with the bot's seeded rng), priced on ``rs`` (default: the track now)
        with :meth:`candidates`' ``search`` keywords (``leaders``, ``sources``, ``pairs``)."""
        p = game.state.players[self.seat]
        face_up = self._face_up_after_discard(game, p)
        pool = sorted(c.id for c in game.deck.demand_cards if c.id not in p.hand and c.id not in face_up)
        return self._best_of_hands(game, rs or self.route_state(game), self.rng, pool, hands, face_up=face_up,
                                   **search)

    def _face_up_after_discard(self, game, p) -> list:
        """Open Contracts: the cards face up beside the board after this seat discards its hand -- those there
        now and as many of the hand as there is room for ("Up to four of these may be on the board at one
        time"; the engine picks at random which do not fit: here the first). They stay in play, so a discard
        costs the cards that do not fit, not the whole hand. Empty without the variant."""
        rules, st = game.rules, game.state
        if rules.open_contracts <= 0:
            return []
        room = max(rules.open_contracts - len(st.open_contracts), 0)
        return list(st.open_contracts) + [c for c in p.hand if c not in st.open_contracts][:room]

    def _best_of_hands(self, game, rs: RouteState, rng: random.Random, pool: list, hands: int,
                       face_up: list = (), **search: Any) -> list[float]:
        """The best plan's value (0 for none) for each of ``hands`` random hands of the rules' size that ``rng``
        draws from ``pool`` (card ids), with the open contracts ``face_up``, priced on ``rs`` with
        :meth:`candidates`' ``search`` keywords."""
        size = game.rules.hand_size
        if len(pool) < size:
            return []
        out = []
        for _ in range(hands):
            cands = self.candidates(game, rs, hand=rng.sample(pool, size) + list(face_up), carried=(), **search)
            out.append(cands[0].value if cands else 0.0)
        return out
