"""Seeded random play under every variant of the rulebook and a few seeded random combinations of them
(rulebook: Variants & Optional Rules; Challenging Variants), on the tutorial board, checking after every
action the invariants a player would recognise:

* no cash is negative (No Credit/No Loans; Pay To Move's fees and rent to the bank included);
* chips are conserved: bank + trains + field warehouses = the board's chips (less one per load in the
  Honeymoon Game);
* every card is in exactly one place: a hand, the draw or discard pile, in play, face up as an open
  contract, or removed from the game (Reshuffle); at most the allowed number of open contracts;
* nobody spends more than the build limit in a turn; no train carries more than its capacity or moves
  farther than its speed (each of the two trains under Run Two Trains);
* the game round-trips through JSON (``to_json`` / ``from_json``) and the same seed plays the same game.

Short games (a turn cap) and few of them, to stay fast; the random bot plays every seat.
"""
import random

import pytest

import eb_core as eb
from eb_core.actions import EndBuild, EndTurn
from eb_core.bots.random_bot import RandomBot, play_game
from eb_core.rules import INCOMPATIBLE, VARIANTS

BOARD = eb.load_board("tutorial")
TURN_CAP = 24
RULEBOOK_VARIANTS = [v for v in VARIANTS if v != "no-events"]


class AnyOrderBot(RandomBot):
    """The random bot, taught the build-first turn order of Less Thinking During Your Turns: where it would
    end the turn from the Building Phase that comes first, it ends the Building Phase instead."""

    def choose(self, game):
        a = super().choose(game)
        return EndBuild() if isinstance(a, EndTurn) and self._build_first(game) else a

    def step(self, game):
        try:
            return super().step(game)
        except eb.IllegalAction:
            if not self._build_first(game):
                raise
            game.apply_unchecked(EndBuild())
            return EndBuild()

    @staticmethod
    def _build_first(game):
        return game.rules.turn_order == "build-first" and game.phase == "build" and not game.state.special_round


def all_cards(st):
    ids = list(st.draw_pile) + list(st.discard_pile) + [e["card"] for e in st.active_events]
    ids += list(st.open_contracts) + list(st.removed_cards)
    for p in st.players:
        ids += p.hand
    return ids


def check(game, cards):
    st, rules = game.state, game.rules
    ids = all_cards(st)
    assert len(ids) == len(set(ids)) and set(ids) == cards, "cards were lost or duplicated"
    assert len(st.open_contracts) <= max(rules.open_contracts, rules.open_contracts_dealt)
    for p in st.players:
        assert p.cash >= 0, (p.name, p.cash, st.log[-3:])
        assert p.spent <= rules.build_limit
        assert p.trains == rules.trains                   # Run Two Trains: every player has both trains
        for t in (p, p.second) if p.second is not None else (p,):
            assert len(t.loads) <= t.train.capacity
            assert t.moves_used <= t.train.speed + 1      # half rate rounds in the player's favour
    total = {ld: max(0, n - rules.chips_removed_per_load) for ld, n in BOARD.loads.items()}
    assert st.chips_total() == total, (st.chips_total(), total, st.warehouses)


def play(rules, seed, players=3, *, turns=TURN_CAP, seen=None):
    game = eb.Game.new(rules.with_(victory_cash=80), board=BOARD, players=[f"P{i}" for i in range(players)],
                       seed=seed)
    bots = [AnyOrderBot(i, random.Random(100 * seed + i)) for i in range(players)]
    cards = set(all_cards(game.state))
    steps = [0]

    def on_step(g, a):
        steps[0] += 1
        if seen is not None:
            seen.append(a)
        check(g, cards)
        if steps[0] % 60 == 0:
            text = g.to_json()
            assert eb.Game.from_json(text).to_json() == text

    play_game(game, bots, max_turns=turns, on_step=on_step)
    text = game.to_json()
    assert eb.Game.from_json(text).to_json() == text
    return game


@pytest.mark.parametrize("variant", RULEBOOK_VARIANTS)
def test_random_games_keep_every_invariant_under_each_variant(variant):
    base = "europe-standard" if variant in ("cross-grading", "honeymoon") else "europe-basic"
    players = 2 if variant == "honeymoon" else 3
    g = play(eb.ruleset(base, variant), seed=len(variant), players=players)
    assert g.over or g.state.turn >= TURN_CAP


def random_combination(seed):
    """2-4 compatible rulebook variants chosen with ``random.Random(seed)``."""
    rng = random.Random(seed)
    chosen: list[str] = []
    want = rng.randint(2, 4)
    for v in rng.sample(RULEBOOK_VARIANTS, len(RULEBOOK_VARIANTS)):
        if len(chosen) == want:
            break
        if not any(frozenset({v, c}) in INCOMPATIBLE for c in chosen):
            chosen.append(v)
    return chosen


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_keep_every_invariant_under_random_combinations(seed):
    variants = random_combination(seed)
    g = play(eb.ruleset("europe-basic", *variants), seed=seed)
    assert len(variants) >= 2 and (g.over or g.state.turn >= TURN_CAP), variants


def test_same_seed_same_game_under_the_challenging_variants():
    r = eb.ruleset("europe-basic", "open-contracts", "field-warehousing", "pay-to-move", "reshuffle")
    a, b = play(r, 7), play(r, 7)
    assert a.to_json() == b.to_json()


@pytest.mark.parametrize("variants,seed", [(("run-two-trains",), 5),
                                           (("run-two-trains", "pay-to-load", "less-thinking"), 6)])
def test_random_games_run_both_trains_under_run_two_trains(variants, seed):
    """Run Two Trains: "Both may move in the same turn" -- the random bot moves, loads and delivers with
    its second train as well as its first, alone and combined with other variants."""
    from eb_core.actions import Deliver

    seen: list = []
    g = play(eb.ruleset("europe-basic", *variants), seed=seed, turns=3 * TURN_CAP, seen=seen)
    by_train = {k: {type(a).__name__ for a in seen if getattr(a, "train", 0) == k} for k in (1, 2)}
    for k in (1, 2):
        assert {"PlaceTrain", "Move", "PickUp"} <= by_train[k], (k, by_train)
    assert any(isinstance(a, Deliver) and a.train == 2 for a in seen), "train 2 never delivered"
    assert all(p.second.position is not None for p in g.state.players)


@pytest.mark.parametrize("variants", [("run-two-trains",), ("less-thinking",), ("pay-to-move", "run-two-trains"),
                                      ("mercy", "cross-grading")])
def test_every_action_legal_actions_lists_is_accepted(variants):
    """What ``legal_actions()`` lists, ``apply`` accepts -- a random player choosing among them is never
    refused (under Run Two Trains with train 2 placed before train 1, EndOperations was listed while the
    engine still wanted train 1 placed: Starting the Game > Starting Your Train)."""
    import random

    g = eb.Game.new(eb.ruleset("europe-basic", *variants), board="tutorial", players=["Ann", "Ben"], seed=0)
    rng = random.Random(1)
    for _ in range(150):
        if g.over:
            break
        legal = g.legal_actions()
        for a in legal:
            g.clone().apply(a)          # raises if a listed action is refused
        g.apply(rng.choice(legal))
