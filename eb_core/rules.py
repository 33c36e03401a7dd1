"""Rulesets: every number of the rulebook, declared once.

A :class:`Ruleset` is a frozen dataclass. The engine, the route planners and the notebooks read their
numbers from it and never hard-code them. Named rulesets follow the rulebook
(``../shared/rules/empire_builder_europe_rulebook.txt``); variants from "Variants & Optional Rules"
modify a named ruleset. ``"us"`` is Empire Builder (US) under its overview
(``../shared/rules/empire_builder_us_overview.txt``): its ``fallbacks`` list the rules the overview is
silent on, where the Europe standard rule applies. :func:`compare` lines rulesets up side by side.

>>> import eb_core as eb
>>> r = eb.ruleset("europe-standard")
>>> r.start_cash, r.build_limit, r.start_train
(50, 20, Train(speed=9, capacity=2))
>>> eb.ruleset("europe-basic").victory_cash
200
>>> eb.ruleset("europe-basic", "fast-game").start_train.speed
16
>>> us = eb.ruleset("us")
>>> us.start_cash, us.victory_majors, us.board, len(us.fallbacks) > 0
(40, 5, 'north_america', True)
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from .errors import InvalidAction, UnknownName
from .words import choose_from, or_list, shown

__all__ = ["Train", "Ruleset", "ruleset", "ruleset_for_board", "FIELD_WORDS", "FILE_FIELDS", "RULESETS", "VARIANTS", "INCOMPATIBLE", "TURN_ORDERS", "BRIDGES", "compare", "with_variants",
           "four_cards", "ruleset_note"]


@dataclass(frozen=True, order=True, slots=True)
class Train:
    """A train type: speed in mileposts per turn and load capacity (rulebook: Upgrading your Train)."""

    speed: int
    capacity: int

    def __str__(self) -> str:
        return f"{self.speed}/{self.capacity}"

    @classmethod
    def parse(cls, text: str) -> "Train":
        """``Train.parse("12/3")`` -> ``Train(speed=12, capacity=3)``."""
        s, c = text.split("/")
        return cls(int(s), int(c))


#: The two turn orders: the Operations Phase then the Building Phase (rulebook: How to Play), or the
#: Building Phase first (Less Thinking During Your Turns; Empire Express: On a Turn).
TURN_ORDERS = ("operations-first", "build-first")
#: How a segment over several rivers, lakes or inlets is priced (:attr:`Ruleset.bridges`).
BRIDGES = ("most-expensive", "each")


def _deep_tuple(v):
    return tuple(_deep_tuple(x) for x in v) if isinstance(v, (list, tuple)) else v


def _ro(d: Mapping) -> Mapping:
    return MappingProxyType(dict(d))


@dataclass(frozen=True)
class Ruleset:
    """Every number and switch the engine needs. Citations name rulebook sections."""

    name: str
    title: str
    game: str = "europe"
    board: str = "europe"
    deck: str = "europe"
    rulebook: str = "europe"          # whose sections errors cite (eb_core.rulebook.cite): "europe", "us" or "express"
    # Setting Up the Game
    start_cash: int = 50
    start_train: Train = Train(9, 2)
    opening_hand: int = 4             # Standard: deal four, discard to three at the first operations turn
    hand_size: int = 3
    starter_cards: bool = False       # Basic Game: sets of three starter cards
    special_build_turns: int = 2      # Starting the Game > Special Build Turns
    # Build Phase Rules
    build_limit: int = 20
    terrain_cost: Mapping[str, int] = field(default_factory=lambda: _ro({"clear": 1, "mountain": 2, "alpine": 5}))
    water_cost: Mapping[str, int] = field(default_factory=lambda: _ro({"river": 2, "lake": 3, "inlet": 3}))
    # Bridges over Rivers, Lakes and Ocean Inlets: a segment over two or more bodies of water pays "only the
    # additional cost of the most expensive bridge" ("most-expensive"); Express Build Track: "for each river
    # that you cross" ("each": every river, lake and inlet of the segment paid)
    bridges: str = "most-expensive"
    city_cost: Mapping[str, int] = field(default_factory=lambda: _ro({"major": 5, "key": 3, "medium": 3, "small": 3}))
    city_max_players: Mapping[str, int] = field(default_factory=lambda: _ro({"medium": 3, "small": 2}))
    city_max_tracks_per_player: int = 3
    builds_out_of_major_per_turn: int | None = 2   # Limits on Building from Major Cities & Key Cities; None: no limit
    ferry_max_players: int = 2              # Building Ferry Ports
    tunnel_max_players: int = 1             # Building the Chunnel
    tunnel_as_ferry_cost: int | None = None # Fast Game: the Chunnel is a ferry costing 4M
    # Upgrading your Train
    upgrade_cost: int = 20
    upgrades: Mapping[Train, tuple[Train, ...]] = field(default_factory=lambda: _ro({
        Train(9, 2): (Train(9, 3), Train(12, 2)), Train(9, 3): (Train(12, 3),), Train(12, 2): (Train(12, 3),)}))
    cross_grade_cost: int | None = None     # Variants: Cross Grading (5M), None = not allowed
    # Operations Phase Rules
    reverse_anywhere: bool = False          # Basic Game: reverse at any milepost
    rent: int = 4                           # Renting Track
    ferry_half_speed: bool = True           # Movement Using a Ferry: the turn after staging, half speed
    ferry_fixed_moves: int | None = None    # Fast Game: a crossing takes four movement points instead
    # How to Win
    victory_cash: int = 250
    victory_majors: int = 7
    tie_shares_win: bool = False            # Basic Game: tied players share the win; Standard: sudden death
    victory_at_once: bool = False           # US: the first player to meet both conditions wins at once;
                                            # Europe: announce, finish the round, most cash wins
    # Events
    events: bool = True
    removed_events: tuple[str, ...] = ()    # event kinds removed from the deck (Faster Game)
    # Two-Players (Honeymoon Game)
    chips_removed_per_load: int = 0
    small_city_needs_demand: bool = False   # build into a small city only with a demand for it or its load
    # Mercy: borrow mercy_loan (min, max) from the bank, repay mercy_repay_factor times it, at least
    # mercy_payout_share of each payoff going to the loan; None = not allowed
    mercy_loan: tuple[int, int] | None = None
    mercy_repay_factor: int = 2
    mercy_payout_share: float = 0.5
    # -- Challenging Variants (eb_core.rulebook.VARIANT_SECTIONS); the defaults are the standard rules
    open_contracts: int = 0                 # Open Contracts: at most this many face up (0 = no open contracts)
    open_contracts_dealt: int = 0           # ... "at the start of the game deal 4 face up demand cards" (option)
    field_warehousing: bool = False         # Field Warehousing: dropped loads stay in the city
    branching: bool = False                 # Branching: build off anyone's track
    move_fee_own: int = 0                   # Pay To Move: per turn the train moves on its owner's track, to the bank
    rent_to_bank: bool = False              # rent is paid to the bank, not the owner (Pay To Move; Solo Scenarios 3, 4)
    load_handling_moves: int = 0            # Pay To Load And Deliver: movement points per load picked up or dropped
    reshuffle_on: tuple[str, ...] = ()      # Reshuffle: event kinds removed from the game when drawn, deck reshuffled
    trains: int = 1                         # Run Two Trains: trains per player (1 or 2)
    variants: tuple[str, ...] = ()
    # Turn order (Variants & Optional Rules > Less Thinking During Your Turns; Empire Express: On a Turn)
    turn_order: str = "operations-first"    # or "build-first": the Building Phase first, Operations last
    draw_on_delivery: bool = True           # False: no card on delivery; draw up to a full hand as the last act
    end_of_turn_discards: int = 0           # free single-card discards just before that draw (Express: 1)
    discard_hand: bool = True               # How to Play: give up a turn to discard the whole hand and draw
    # Empire Express (rules/empire_express_rulebook.txt); the defaults keep Empire Builder: Europe
    build_from_majors: bool = True          # Beginning Construction; Express: only off your own track
    victory_on_own_turn: bool = False       # Express Game End: the player's cash counts on their own turn
    winner_among_all: bool = False          # Express Game End: the most money of all players wins
    setup: str = "standard"                 # "standard" (Setting Up the Game) or "demo" (Express Demo Set Up)
    #: Express Demo Set Up: (colour, demand card labels, train starts in, loads it starts with) per colour
    demo_players: tuple[tuple[str, tuple[str, ...], str, tuple[str, ...]], ...] = ()
    #: Rules the ruleset's own rulebook is silent on, where the Europe standard rule applies: one line
    #: each, "what -- the Europe rule kept (Europe section)". Empty for the Europe rulesets.
    fallbacks: tuple[str, ...] = ()

    def __post_init__(self):
        if self.turn_order not in TURN_ORDERS:
            raise InvalidAction(f"turn_order must be {or_list(map(repr, TURN_ORDERS))}, got {shown(self.turn_order)}",
                                field="turn_order")
        if self.bridges not in BRIDGES:
            raise InvalidAction(f"bridges must be {or_list(map(repr, BRIDGES))}, got {shown(self.bridges)}",
                                field="bridges")
        if self.trains not in (1, 2):
            raise InvalidAction(f"trains must be 1 or 2 (Run Two Trains), got {shown(self.trains)}",
                                field="trains")

    def with_(self, **changes) -> "Ruleset":
        """A copy with some fields changed (mappings are frozen again)."""
        for k, val in list(changes.items()):
            if isinstance(val, dict):
                changes[k] = _ro(val)
        return dataclasses.replace(self, **changes)

    def upgrade_options(self, train: Train) -> tuple[Train, ...]:
        """Trains reachable from ``train`` with one 20M upgrade."""
        return tuple(self.upgrades.get(train, ()))

    @property
    def final_train(self) -> Train:
        t = self.start_train
        while self.upgrades.get(t):
            t = max(self.upgrades[t])
        return t

    def to_dict(self) -> dict:
        d = {}
        for f in dataclasses.fields(self):
            val = getattr(self, f.name)
            if isinstance(val, Train):
                val = str(val)
            elif f.name == "upgrades":
                val = {str(k): [str(x) for x in v] for k, v in val.items()}
            elif isinstance(val, Mapping):
                val = dict(val)
            elif isinstance(val, tuple):
                val = list(val)
            d[f.name] = val
        return d

    @classmethod
    def from_dict(cls, d: Mapping) -> "Ruleset":
        """Inverse of :meth:`to_dict`: the standard Europe ruleset with the fields of ``d`` (unknown keys
        are ignored, so a ruleset saved by an older version still loads).

        >>> r = ruleset("europe-basic", "mercy")
        >>> Ruleset.from_dict(r.to_dict()) == r
        True
        """
        names = {f.name for f in dataclasses.fields(cls)}
        kw: dict = {}
        for k, v in d.items():
            if k not in names:
                continue
            if k == "start_train":
                v = Train.parse(v)
            elif k == "upgrades":
                v = {Train.parse(a): tuple(Train.parse(x) for x in bs) for a, bs in v.items()}
            elif isinstance(v, list):
                v = _deep_tuple(v)
            kw[k] = v
        return ruleset("europe-standard").with_(**kw)


_STANDARD = Ruleset(name="europe-standard", title="Empire Builder: Europe, standard game")

_BASIC = _STANDARD.with_(
    name="europe-basic", title="Empire Builder: Europe, basic game",
    start_train=Train(12, 2),
    upgrades={Train(12, 2): (Train(12, 3), Train(16, 2)), Train(12, 3): (Train(16, 3),),
              Train(16, 2): (Train(16, 3),)},
    opening_hand=3, starter_cards=True, reverse_anywhere=True, victory_cash=200, tie_shares_win=True,
)

# ---------------------------------------------------------------------------------------- us
# Empire Builder (US), rules/empire_builder_us_overview.txt, cited "US overview > Heading" (eb_core.rulebook).
# Every number the overview gives is written here with its section, even where it equals Europe's.
_US_FALLBACKS = (
    "Train upgrades: the overview names Fast, Heavy and Super Freight but gives no speeds, capacities or "
    "price -- Europe's 12/2 and 9/3 then 12/3, 20M each, one upgrade a turn instead of building "
    "(Build Phase Rules > Upgrading your Train)",
    "Ocean inlets: the overview says only 'additional cost' -- Europe's +3M; a lake channel is bridged as a "
    "river, +2M, as the printed board's river/lake-channel crossings are (Build Phase Rules)",
    "Alpine mileposts, key cities, ferries and the Chunnel: none on the North America board; Europe's costs "
    "and limits are kept and never apply (Build Phase Rules)",
    "At most 3 track sections per player into a small or medium city, and no track that would keep a "
    "second (third) player out of one (Build Phase Rules > Limits on Entry into Small and Medium Cities)",
    "Every player keeps the right to build into every major city: no track may block it (Build Phase Rules > "
    "Right to Enter Major Cities and Key Cities)",
    "No credit: no track or upgrade you cannot pay for (Build Phase Rules > No Credit/No Loans)",
    "Turn order: the overview lists building before moving and lets a turn hold both; the engine keeps "
    "Europe's order, operations (move, pick up, deliver) then build (How to Play)",
    "Placing the train: in any city at the first operations turn (Starting the Game > Starting Your Train)",
    "Moving: a train reverses only in a city (Operations Phase Rules > Running the Train)",
    "Picking up and delivering loads, dropping loads, drawing until the hand holds three demand cards "
    "(Operations Phase Rules > Picking Up Loads; Delivering Loads)",
    "Event cards: the overview details only floods (bridges destroyed, rebuilt at the usual cost, $3M or "
    "more); derailments, snow, fog, gales, strikes and the tax play as Europe's cards do, adapted to "
    "North America (Event Card Effects; eb_core.events.north_america)",
    "Admin phase: a One Round event expires after the drawing player's next turn; lasting and permanent "
    "events end as their cards say (Admin Phase; Event Card Effects)",
    "Solo play: the overview has none -- a solo game is played and ranked as Europe's is, on its standard "
    "Chart (Solo & Variant Rules > Solo Play Scenarios; Chart of Success for Solo Play)",
)

_US = _STANDARD.with_(
    name="us", title="Empire Builder (US)", game="us", board="north_america", deck="north_america",
    rulebook="us", fallbacks=_US_FALLBACKS,
    # US overview > Setup: "Each player receives $40 million"; "Deal 3 cards to each player" (events
    # replaced); "Play 2 rounds of turns for initial track building"
    start_cash=40, opening_hand=3, hand_size=3, special_build_turns=2,
    # US overview > Actions > Running Your Train: "basic freight: speed 9 mileposts per turn, carries up to 2"
    start_train=Train(9, 2),
    # US overview > Turn Structure / Special Rules & Edge Cases: "spend up to $20 million per turn"
    build_limit=20,
    # US overview > Actions > Building Track: clear 1, mountain 2 (alpine: none on the board, Europe's 5 kept)
    terrain_cost={"clear": 1, "mountain": 2, "alpine": 5},
    # ... small city 3, medium city 3, major city 5 (no key cities in the US: Europe's 3 kept)
    city_cost={"major": 5, "key": 3, "medium": 3, "small": 3},
    # ... "River: $2 million extra"; "Ocean inlet: additional cost" (no number: Europe's 3); the printed
    # board's lake channels are bridged as rivers, +2M (../shared/reference/game_facts.md)
    water_cost={"river": 2, "lake": 2, "inlet": 3},
    # ... "Only 2 players can build into a small city; only 3 into a medium city"
    city_max_players={"medium": 3, "small": 2},
    # US overview > Special Rules & Edge Cases: "Two track segments maximum can be built from major city
    # mileposts per turn"; "$1-3 million out of a major city (depending on the milepost type you're building
    # toward), but always $5 million to build into a major city" (costs go by the milepost built into)
    builds_out_of_major_per_turn=2,
    # US overview > Actions > Using Other Players' Track: "$4 million per turn to each player"
    rent=4,
    # US overview > Scoring / Victory Conditions: "the first player whose railroad connects five of the six
    # major cities AND who has at least $250 million"; "Both conditions must be met simultaneously"
    victory_cash=250, victory_majors=5, victory_at_once=True,
)

# -- Empire Express ----------------------------------------------------------------------------------
# Every number of rules/empire_express_rulebook.txt, by section. What the Express rulebook leaves unsaid is
# the Empire Builder rule: its "Experienced Empire Builder Players Only!" section lists the changes.
#: Where the Empire Express rulebook is silent and the engine keeps Empire Builder: Europe's rule.
_EXPRESS_FALLBACKS = (
    "At most 3 track sections per player into a small or medium city (Build Phase Rules > Limits on Entry "
    "into Small and Medium Cities); the rulebook lets any number of players connect to a city",
    "No credit: no track you cannot pay for (Build Phase Rules > No Credit/No Loans); the rulebook gives no "
    "money at the start and prices every segment",
    "Moving: a train reverses only in a city (Operations Phase Rules > Running the Train)",
    "Dropping a load: only in a city (Operations Phase Rules > Picking Up Loads); the rulebook speaks only of "
    "trading a token for another where it is taken",
    "Every player keeps the right to build into every major city: no track may block it (Build Phase Rules > "
    "Right to Enter Major Cities and Key Cities)",
    "Major cities: moving through one's public mileposts costs movement as on any milepost (Operations Phase "
    "Rules > Running the Train); the rulebook says only that all players may pass through",
)

_EXPRESS = _STANDARD.with_(
    name="express", title="Empire Express (introductory game)", game="express", board="eastern_us",
    deck="eastern_us", rulebook="express", fallbacks=_EXPRESS_FALLBACKS,
    # Demo Set Up: no money ("your initial track represents your starting capital"), youngest first, no
    # special build turns; the demo's cards, track, trains and loads; "Event cards are not used in this game"
    start_cash=0, opening_hand=3, hand_size=3, starter_cards=False, special_build_turns=0, events=False,
    setup="demo",
    demo_players=(("Orange", ("1", "2", "3"), "Pittsburgh", ("Steel", "Steel")),
                  ("Red", ("4", "5", "6"), "Charleston", ("Coal", "Coal")),
                  ("Blue", ("7", "8", "9"), "Knoxville", ("Marble", "Marble")),
                  ("Green", ("10", "11", "12"), "Akron", ("Tires", "Tires"))),
    # Move Your Train: "up to 12 spaces"; "You may never hold more than two tokens"; no upgrades
    start_train=Train(12, 2), upgrades={},
    # On a Turn: build, move, discard one card (if you choose), draw until you have three
    turn_order="build-first", draw_on_delivery=False, end_of_turn_discards=1, discard_hand=False,
    # Build Track: 1M clear, 2M mountain, 3M any city, +1M a river; at most 20M a turn; only off your track.
    # Water the board draws as a lake or inlet without a heavy black line is read as a river (+1M).
    build_limit=20, terrain_cost={"clear": 1, "mountain": 2}, water_cost={"river": 1, "lake": 1, "inlet": 1},
    # "Add $1 million to the above for each river that you cross": a segment over two rivers pays 2M more
    bridges="each",
    city_cost={"major": 3, "key": 3, "medium": 3, "small": 3}, build_from_majors=False,
    # Experienced Empire Builder Players Only!: "Any number of players may connect to a city"
    city_max_players={},
    # Build Track: "if you connect to one corner, you (and all players) may pass through and draw track out
    # of any other corner" -- and no limit on how many segments leave a major city in a turn
    builds_out_of_major_per_turn=None,
    # Move Your Train: 4M for any turn on another player's track
    rent=4,
    # Game End: 150M or more on a player's turn, the round is finished, the most money wins. The rulebook
    # says nothing of ties: tied players share the win.
    victory_cash=150, victory_majors=0, victory_on_own_turn=True, winner_among_all=True, tie_shares_win=True,
)

RULESETS: Mapping[str, Ruleset] = _ro({r.name: r for r in (_STANDARD, _BASIC, _US, _EXPRESS)})


def _fast(r: Ruleset) -> Ruleset:
    # Variants & Optional Rules > Fast Game (modifies the Basic Game)
    return r.with_(start_train=Train(16, 2),
                   upgrades={Train(16, 2): (Train(16, 3), Train(20, 2)), Train(16, 3): (Train(20, 3),),
                             Train(20, 2): (Train(20, 3),)},
                   ferry_fixed_moves=4, ferry_half_speed=False, tunnel_as_ferry_cost=4)


def _faster(r: Ruleset) -> Ruleset:
    # Variants & Optional Rules > Faster Game: Fast Game without Excess Profits Tax and Derailments
    return _fast(r).with_(removed_events=tuple(sorted(set(r.removed_events) | {"tax", "derailment"})))


def _no_events(r: Ruleset) -> Ruleset:
    return r.with_(events=False)


def _honeymoon(r: Ruleset) -> Ruleset:
    # Two-Players (Honeymoon Game): one chip fewer per load, one player per small city
    return r.with_(chips_removed_per_load=1, city_max_players={**r.city_max_players, "small": 1},
                   small_city_needs_demand=True)


def _mercy(r: Ruleset) -> Ruleset:
    # Variants & Optional Rules > Mercy: borrow 5-20M, repay twice, at least half of each payoff to the loan
    return r.with_(mercy_loan=(5, 20), mercy_repay_factor=2, mercy_payout_share=0.5)


def _cross_grading(r: Ruleset) -> Ruleset:
    return r.with_(cross_grade_cost=5)


def _less_thinking(r: Ruleset) -> Ruleset:
    # Variants & Optional Rules > Less Thinking During Your Turns: build first, operate last; no card on
    # delivery, the hand refilled as the very last action of the turn (events take effect when drawn)
    return r.with_(turn_order="build-first", draw_on_delivery=False)


def _open_contracts(r: Ruleset) -> Ruleset:
    # Challenging Variants > Open Contracts: up to four face up; the deal-four-at-start alternative is
    # ``.with_(open_contracts_dealt=4)``
    return r.with_(open_contracts=4)


def _field_warehousing(r: Ruleset) -> Ruleset:
    return r.with_(field_warehousing=True)


def _branching(r: Ruleset) -> Ruleset:
    return r.with_(branching=True)


def _pay_to_move(r: Ruleset) -> Ruleset:
    # Challenging Variants > Pay To Move: 1M per turn on your own track, and the 4M for another player's
    # network (the rent) to the bank
    return r.with_(move_fee_own=1, rent=4, rent_to_bank=True)


def _pay_to_load(r: Ruleset) -> Ruleset:
    return r.with_(load_handling_moves=1)


def _reshuffle(r: Ruleset) -> Ruleset:
    return r.with_(reshuffle_on=tuple(sorted(set(r.reshuffle_on) | {"tax"})))


def _run_two_trains(r: Ruleset) -> Ruleset:
    # Challenging Variants > Run Two Trains: "Each player starts with two trains, which may be upgraded in
    # the usual way. Both may move in the same turn." The option "Players may agree to have four demand
    # cards at all times instead of three" is ``four_cards(r)``.
    return r.with_(trains=2)


def four_cards(r: Ruleset) -> Ruleset:
    """Run Two Trains' option: "Players may agree to have four demand cards at all times instead of three"
    (Variants & Optional Rules > Challenging Variants > Run Two Trains). The hand is four cards; the
    standard game's four-card opening hand is then kept whole (no discard down to three), and a basic
    game's three starter cards are joined by a fourth card dealt at setup.

    >>> r = four_cards(ruleset("europe-standard", "run-two-trains"))
    >>> r.hand_size, r.opening_hand, r.trains
    (4, 4, 2)
    >>> four_cards(ruleset("europe-standard"))
    Traceback (most recent call last):
    ...
    eb_core.errors.InvalidAction: the four-card option belongs to Run Two Trains: use ruleset(..., 'run-two-trains') first
    """
    if "run-two-trains" not in r.variants:
        raise InvalidAction("the four-card option belongs to Run Two Trains: use ruleset(..., 'run-two-trains') first",
                            field="variants")
    return r.with_(hand_size=4, opening_hand=max(4, r.opening_hand), name=f"{r.name}+four-cards")


def _slow_start(r: Ruleset) -> Ruleset:
    # Challenging Variants > Slow Start
    return r.with_(start_train=Train(6, 2),
                   upgrades={Train(6, 2): (Train(6, 3), Train(9, 2)), Train(6, 3): (Train(9, 3),),
                             Train(9, 2): (Train(9, 3), Train(12, 2)), Train(9, 3): (Train(12, 3),),
                             Train(12, 2): (Train(12, 3),)})


#: The rulebook's variants (Variants & Optional Rules, Challenging Variants) by name, each a function
#: ``Ruleset -> Ruleset``; their citations are :data:`eb_core.rulebook.VARIANT_SECTIONS`. ``no-events``
#: is not a rulebook variant: it switches every event card off (tests, teaching; Faster Game's "for an
#: even faster game remove all event cards").
VARIANTS = _ro({
    "fast-game": _fast,
    "faster-game": _faster,
    "less-thinking": _less_thinking,
    "mercy": _mercy,
    "cross-grading": _cross_grading,
    "honeymoon": _honeymoon,
    "slow-start": _slow_start,
    "open-contracts": _open_contracts,
    "field-warehousing": _field_warehousing,
    "branching": _branching,
    "pay-to-move": _pay_to_move,
    "pay-to-load": _pay_to_load,
    "run-two-trains": _run_two_trains,
    "reshuffle": _reshuffle,
    "no-events": _no_events,
})

#: Pairs of variants that cannot be played together, and why (``ruleset()`` raises naming both).
INCOMPATIBLE: Mapping[frozenset, str] = _ro({
    frozenset({"fast-game", "slow-start"}): "both choose the starting train and its upgrades (16/2 to 20/3 "
                                            "against 6/2 to 12/3)",
    frozenset({"faster-game", "slow-start"}): "Faster Game uses the Fast Game trains (16/2 to 20/3) and Slow Start "
                                              "its own (6/2 to 12/3)",
    frozenset({"reshuffle", "faster-game"}): "Faster Game removes the Excess Profits Tax card that Reshuffle acts on",
    frozenset({"reshuffle", "no-events"}): "without event cards there is no Excess Profits Tax for Reshuffle to act on",
})


def ruleset_note(name: str, kind: str) -> str | None:
    """When ``name``, given as a ``kind`` (``"board"`` or ``"deck"``), is a ruleset's name: which board or deck
    that ruleset is played on (for the refusal of the name); else ``None``.

    >>> ruleset_note("us", "board")
    "the ruleset 'us' is played on the board 'north_america'"
    """
    r = RULESETS.get(name)
    if r is None:
        return None
    return f"the ruleset {name!r} is played {'on' if kind == 'board' else 'with'} the {kind} {getattr(r, kind)!r}"


def ruleset(name: str = "europe-standard", *variants: str) -> Ruleset:
    """A named ruleset, optionally modified by variants (``eb.ruleset("europe-basic", "fast-game")``)."""
    if not isinstance(name, str):
        raise UnknownName(f"ruleset: expected a ruleset's name, one of {or_list(sorted(RULESETS))}, got {shown(name)}",
                            field="ruleset")
    try:
        r = RULESETS[name]
    except KeyError:
        raise UnknownName(f"no ruleset {name!r}; {choose_from(sorted(RULESETS), name)}", field="ruleset") from None
    return with_variants(r, *variants)


def with_variants(r: Ruleset, *variants: str) -> Ruleset:
    """``r`` modified by ``variants`` in order, each checked: a variant's name (:data:`VARIANTS`), not for
    Empire Express (its rulebook has none), no pair that cannot combine (:data:`INCOMPATIBLE`); one already
    in force is skipped. What :func:`ruleset` applies to a named ruleset, for any ruleset.

    >>> with_variants(ruleset("europe-basic"), "fast-game").name
    'europe-basic+fast-game'
    """
    for v in variants:
        if isinstance(v, (list, tuple, set, frozenset)):
            raise InvalidAction(f"variants: give each variant as its own argument, e.g. ruleset({r.name!r}, "
                                f"'fast-game', 'mercy') or ruleset({r.name!r}, *names), got {shown(v)}", field="variants")
        if not isinstance(v, str) or v not in VARIANTS:
            raise UnknownName(f"no variant {v!r}; {choose_from(sorted(VARIANTS), v)}", field="variant")
        if r.game == "express":
            raise InvalidAction(f"variants: {v!r} is one of Empire Builder's Variants & Optional Rules; the "
                                f"{r.title} rulebook has no variants (its demo game has no upgrades, ferries "
                                "or events for them to change)", field="variants")
        for other in r.variants:
            why = INCOMPATIBLE.get(frozenset({v, other}))
            if why:
                raise InvalidAction(f"variants {other!r} and {v!r} cannot be combined: {why}", field="variants")
        if v in r.variants:
            continue
        r = VARIANTS[v](r).with_(variants=r.variants + (v,), name=f"{r.name}+{v}")
    return r


def ruleset_for_board(board) -> Ruleset:
    """The ruleset of the game a board belongs to (a board name or a :class:`~eb_core.board.Board`): ``us``
    for ``north_america``, ``express`` for ``eastern_us``; the Europe standard game for the Europe board and
    for a board of no game (``tutorial``, your own). What a call given a board and no rules plays by.

    >>> ruleset_for_board("north_america").name, ruleset_for_board("eastern_us").name, ruleset_for_board("tutorial").name
    ('us', 'express', 'europe-standard')
    """
    name = board if isinstance(board, str) else getattr(board, "name", None)
    return next((r for _, r in sorted(RULESETS.items()) if r.board == name and not r.starter_cards),
                RULESETS["europe-standard"])


def _cell(v) -> str:
    """One ruleset value as table text: ``"clear 1, mountain 2"``, ``"12/2"``, the upgrades as
    ``"9/2 → 9/3 or 12/2; 9/3 → 12/3"``, ``"-"`` for nothing.

    >>> _cell(ruleset("europe-standard").upgrades)
    '9/2 → 9/3 or 12/2; 9/3 → 12/3; 12/2 → 12/3'
    >>> _cell(ruleset("europe-standard").city_max_players), _cell(None)
    ('medium 3, small 2', '-')
    """
    if isinstance(v, Train):
        return str(v)
    if isinstance(v, Mapping):
        if not v:
            return "-"
        if all(isinstance(x, tuple) and all(isinstance(t, Train) for t in x) for x in v.values()):
            return "; ".join(f"{k} → {' or '.join(map(str, x))}" for k, x in v.items())     # upgrades
        return ", ".join(f"{k} {'/'.join(map(str, x)) if isinstance(x, tuple) else x}" for k, x in v.items())
    if isinstance(v, tuple):
        if not v:
            return "-"
        if all(isinstance(x, tuple) and len(x) == 4 for x in v):      # demo_players
            return "; ".join(f"{c}: cards {'/'.join(cards)}, {city}, {' + '.join(loads)}" for c, cards, city, loads in v)
        return ", ".join(map(str, v))
    if v is None:
        return "-"
    return str(v)


#: Every :class:`Ruleset` field as a player reads it (``compare(..., words=True)``'s row labels).
FIELD_WORDS: Mapping[str, str] = _ro({
    "start_cash": "cash at the start (M)", "start_train": "train at the start (speed/loads)",
    "opening_hand": "demand cards dealt at the start", "hand_size": "demand cards held",
    "starter_cards": "starter cards (basic game)", "special_build_turns": "special build turns",
    "build_limit": "most track built in a turn (M)", "terrain_cost": "milepost cost by terrain (M)",
    "water_cost": "extra to cross water (M)",
    "bridges": "bridges paid on a segment over several waters", "city_cost": "cost to build into a city (M)",
    "city_max_players": "most players' track into a city",
    "city_max_tracks_per_player": "most track sections per player into a small or medium city",
    "builds_out_of_major_per_turn": "most builds out of a major city in a turn",
    "ferry_max_players": "most players on a ferry", "tunnel_max_players": "most players in the Chunnel",
    "tunnel_as_ferry_cost": "the Chunnel as a ferry (M)", "upgrade_cost": "train upgrade (M)",
    "upgrades": "train upgrades", "cross_grade_cost": "cross grading (M)",
    "reverse_anywhere": "trains reverse anywhere", "rent": "rent for a turn on another player's track (M)",
    "ferry_half_speed": "half speed after a ferry crossing", "ferry_fixed_moves": "movement points per ferry crossing",
    "victory_cash": "cash to win (M)", "victory_majors": "major cities connected to win",
    "tie_shares_win": "a tie shares the win", "victory_at_once": "the first to meet the conditions wins at once",
    "events": "event cards", "removed_events": "event cards taken out",
    "chips_removed_per_load": "load chips removed per load (two players)",
    "small_city_needs_demand": "into a small city only for a demand (two players)",
    "mercy_loan": "mercy loan (M)", "mercy_repay_factor": "mercy loan repaid (times the loan)",
    "mercy_payout_share": "share of each payout repaying a mercy loan", "open_contracts": "open contracts face up",
    "open_contracts_dealt": "open contracts dealt at the start", "field_warehousing": "field warehousing",
    "branching": "branching off other players' track", "move_fee_own": "fee for a turn on one's own track (M)",
    "rent_to_bank": "rent paid to the bank", "load_handling_moves": "movement points per load picked up or dropped",
    "reshuffle_on": "event cards that reshuffle the deck", "trains": "trains per player", "variants": "variants",
    "turn_order": "turn order", "draw_on_delivery": "a card drawn at each delivery",
    "end_of_turn_discards": "free discards at the end of a turn",
    "discard_hand": "a turn given up to discard the hand", "build_from_majors": "new track out of a major city",
    "victory_on_own_turn": "cash to win counted on the player's own turn",
    "winner_among_all": "the most cash of all players wins", "setup": "setup",
    "demo_players": "demo game: cards, start city and loads per colour",
    "fallbacks": "Europe standard rules kept where the game's own rulebook is silent (how many)",
})
#: The fields that name the game and its files rather than a rule (a words table's columns name the game).
FILE_FIELDS = ("title", "game", "board", "deck", "rulebook")


def compare(*rulesets: Ruleset | str, differences_only: bool = False, words: bool = False):
    """Every number and switch of several rulesets side by side: a pandas DataFrame with one row per
    :class:`Ruleset` field and one column per ruleset (names or objects); ``fallbacks`` is counted (the
    rules themselves are :attr:`Ruleset.fallbacks`).

    >>> t = compare("europe-standard", "express")
    >>> t.loc["start_cash"].tolist(), t.loc["turn_order"].tolist()
    (['50', '0'], ['operations-first', 'build-first'])
    >>> "rent" in compare("europe-standard", "express", differences_only=True).index
    False
    >>> compare("europe-standard", "us", differences_only=True).loc["victory_majors"].tolist()
    ['7', '5']
    >>> compare("europe-standard", "us", differences_only=True, words=True).loc["major cities connected to win"].tolist()
    ['7', '5']

    ``words=True`` tells it as a player reads it: the rules in words (:data:`FIELD_WORDS`), a column per game
    (its title), yes and no for the switches, the fields naming the game's files (:data:`FILE_FIELDS`) left out.
    """
    import pandas as pd   # lazily, like every table of the core: importing eb_core stays light

    rs = [ruleset(r) if isinstance(r, str) else r for r in rulesets]
    rows = {f.name: [str(len(r.fallbacks)) if f.name == "fallbacks" else _cell(getattr(r, f.name)) for r in rs]
            for f in dataclasses.fields(Ruleset) if f.name not in ("name",)}
    table = pd.DataFrame.from_dict(rows, orient="index", columns=[r.name for r in rs])
    table.index.name = "rule"
    if differences_only:
        table = table[table.nunique(axis=1) > 1]
    if words:           # as a player reads it: a column per game (its title), the rules in words, yes and no
        table = (table.drop(index=list(FILE_FIELDS), errors="ignore")
                 .rename(index=dict(FIELD_WORDS), columns={r.name: r.title for r in rs})
                 .replace({"True": "yes", "False": "no"}).rename_axis(None))
    return table
