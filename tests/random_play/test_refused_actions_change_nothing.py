"""A refused action leaves the game exactly as it was, whatever the action and whenever it comes.

Seeded games of every ruleset (Europe standard and basic, the US game, Empire Express) and some variants
(Mercy, Run Two Trains, Pay To Move, Fast Game) are played by the random bot; at random moments a random
action is tried instead -- a build to a neighbour or between three random mileposts, a move, a pick-up, a
delivery (with a Mercy repayment), a drop, an upgrade, placing the train, borrowing, discarding the hand --
most of them illegal there. Each is either accepted or refused with a typed error
(:class:`eb.IllegalAction` naming the rule, :class:`eb.InvalidAction` naming the field), and a refused one
changes nothing: the saved game is the same, byte for byte."""
from __future__ import annotations

import random

import pytest

import eb_core as eb
from eb_core.bots.random_bot import RandomBot
from eb_core.bots.view import bot_rng

RULESETS = ["europe-standard", "europe-basic", "us", "express"]
VARIANTS = {"europe-standard": "mercy", "europe-basic": "fast-game", "us": "run-two-trains", "express": None}


def _random_action(rnd: random.Random, game):
    board, p = game.board, game.state.players[game.state.current]
    pos = p.position if p.position is not None else rnd.randrange(len(board.mileposts))
    near = board.neighbors(pos) or [pos]
    anywhere = lambda: rnd.randrange(len(board.mileposts))     # noqa: E731
    load = rnd.choice(sorted(board.loads))
    card = rnd.choice(p.hand or [0])
    return rnd.choice([
        lambda: eb.Build(path=(pos, rnd.choice(near))), lambda: eb.Build(path=(anywhere(), anywhere(), anywhere())),
        lambda: eb.Move((rnd.choice(near),)), lambda: eb.Move((anywhere(), anywhere())), lambda: eb.PickUp(load),
        lambda: eb.Deliver(load, card), lambda: eb.Deliver(load, card, repay=rnd.choice([0, 5, 50])),
        lambda: eb.Drop(load), lambda: eb.Upgrade(rnd.choice(["12/2", "9/3", "12/3", "16/2"])),
        lambda: eb.PlaceTrain(rnd.choice(board.cities).name), lambda: eb.Borrow(rnd.choice([5, 10, 30])),
        lambda: eb.DiscardHand()])()


@pytest.mark.slow   # left out of `make test-fast`
@pytest.mark.parametrize("seed", range(8))
def test_a_refused_action_changes_nothing(seed):
    name = RULESETS[seed % 4]
    variant = VARIANTS[name] if seed >= 4 else None
    rules = eb.ruleset(name, variant) if variant else eb.ruleset(name)
    seats = (["Orange", "Red", "Blue"] if name == "express" else ["Ann", "Ben", "Cid"])[:2 + seed % 2]
    game = eb.Game.new(rules, players=seats, seed=seed)
    bots = [RandomBot(s, bot_rng(seed, s)) for s in range(len(seats))]
    rnd = random.Random(seed)
    refused = 0
    for _ in range(300):
        if game.over:
            break
        if rnd.random() >= 0.3:
            bots[game.current_player].step(game)
            continue
        try:
            action = _random_action(rnd, game)
        except eb.InvalidAction:            # e.g. a milepost the action's own checks refuse
            continue
        before = game.to_json()
        try:
            game.apply(action)
        except (eb.IllegalAction, eb.InvalidAction) as err:
            refused += 1
            assert game.to_json() == before, f"{action!r} was refused ({err}) but changed the game"
            assert str(err) and (not isinstance(err, eb.IllegalAction) or err.rule), action
    assert refused >= 20, "too few refusals to say anything"
