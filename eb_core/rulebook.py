"""Every rulebook section cited by the rules core, named once.

Errors (:class:`~eb_core.errors.IllegalAction` ``.rule``), log notes and docs cite the Empire Builder:
Europe rulebook (``rules/empire_builder_europe_rulebook.txt``) by its section names, ``"Chapter >
Section"``; the Empire Builder (US) overview (``rules/empire_builder_us_overview.txt``) as ``"US overview >
Heading"`` -- a US game's errors cite the overview where it states the rule (:func:`cite`, :data:`US_CITES`),
the Europe section where it is silent --; the Empire Express rulebook (``rules/empire_express_rulebook.txt``)
as ``"Empire Express > Section"``. Import the module and use the names::

    from eb_core import rulebook as R
    raise IllegalAction(R.RIGHT_OF_WAY, "...")

>>> from eb_core import rulebook as R
>>> R.RIGHT_OF_WAY
'Build Phase Rules > Right of Way'
>>> all(isinstance(v, str) for v in SECTIONS.values()) and len(set(SECTIONS.values())) == len(SECTIONS)
True
"""
from __future__ import annotations

# -- How to Play, setting up, starting
HOW_TO_PLAY = "How to Play"
HOW_TO_WIN = "How to Win"
SETUP = "Setting Up the Game"
STARTING = "Starting the Game"
SPECIAL = "Starting the Game > Special Build Turns"
START_TRAIN = "Starting the Game > Starting Your Train"
ADMIN = "Admin Phase"

# -- Build Phase Rules
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

# -- Operations Phase Rules
RUNNING = "Operations Phase Rules > Running the Train"
FERRY_MOVE = "Operations Phase Rules > Movement Using a Ferry"
CHUNNEL_MOVE = "Operations Phase Rules > Movement Using the Chunnel"
RENT = "Operations Phase Rules > Renting Track"
PICKUP = "Operations Phase Rules > Picking Up Loads"
DELIVER = "Operations Phase Rules > Delivering Loads"

# -- Event Card Effects
EVENTS = "Event Card Effects"
DERAIL = "Event Card Effects > Derailments"
FLOOD = "Event Card Effects > Floods"
NO_MOVE = "Event Card Effects > No Movement"
HALF_RATE = "Event Card Effects > Half-Rate Movement"
LOST_LOADS = "Event Card Effects > Losing Loads"
LOST_TURN = "Event Card Effects > Losing Turns"
COUNTING = "Event Card Effects > Counting Mileposts"

# -- Ending the Game
ENDING = "Ending the Game"
FINAL_SCORING = "Ending the Game > Standard Game: Final Scoring Phase"

# -- Variants & Optional Rules
CROSS_GRADE = "Variants & Optional Rules > Cross Grading"
MERCY = "Variants & Optional Rules > Mercy"
HONEYMOON = "Variants & Optional Rules > Two-Players (Honeymoon Game)"
FAST_GAME = "Variants & Optional Rules > Fast Game"
FASTER_GAME = "Variants & Optional Rules > Faster Game"
LESS_THINKING = "Variants & Optional Rules > Less Thinking During Your Turns"

# -- Challenging Variants
CHALLENGING = "Variants & Optional Rules > Challenging Variants"
SLOW_START = "Variants & Optional Rules > Challenging Variants > Slow Start"
OPEN_CONTRACTS = "Variants & Optional Rules > Challenging Variants > Open Contracts"
FIELD_WAREHOUSING = "Variants & Optional Rules > Challenging Variants > Field Warehousing"
BRANCHING = "Variants & Optional Rules > Challenging Variants > Branching"
PAY_TO_MOVE = "Variants & Optional Rules > Challenging Variants > Pay To Move"
PAY_TO_LOAD = "Variants & Optional Rules > Challenging Variants > Pay To Load And Deliver"
RUN_TWO_TRAINS = "Variants & Optional Rules > Challenging Variants > Run Two Trains"
RESHUFFLE = "Variants & Optional Rules > Challenging Variants > Reshuffle"

# -- Solo & Variant Rules
SOLO = "Solo & Variant Rules"
SOLO_CHART = "Solo & Variant Rules > Chart of Success for Solo Play"
SOLO_WINLOSS = "Solo & Variant Rules > Simulated Win / Loss"
SOLO_SCENARIOS = "Solo & Variant Rules > Solo Play Scenarios"

# -- Empire Builder (US): the overview ``rules/empire_builder_us_overview.txt``, by its headings
US_OVERVIEW = "US overview"
US_SETUP = "US overview > Setup"
US_TURN = "US overview > Turn Structure"
US_BUILDING = "US overview > Actions > Building Track"
US_RUNNING = "US overview > Actions > Running Your Train"
US_UPGRADES = "US overview > Actions > Train Upgrades"
US_RENT = "US overview > Actions > Using Other Players' Track"
US_VICTORY = "US overview > Scoring / Victory Conditions"
US_SPECIAL_RULES = "US overview > Special Rules & Edge Cases"
US_REFERENCE = "US overview > Player Reference"

# -- Turn order switch (Variants & Optional Rules)
LESS_THINKING = "Variants & Optional Rules > Less Thinking During Your Turns"

#: The section of each variant of ``eb_core.rules.VARIANTS`` (its rule citation).
VARIANT_SECTIONS: dict[str, str] = {
    "fast-game": FAST_GAME, "faster-game": FASTER_GAME, "less-thinking": LESS_THINKING, "mercy": MERCY,
    "cross-grading": CROSS_GRADE, "honeymoon": HONEYMOON, "slow-start": SLOW_START,
    "open-contracts": OPEN_CONTRACTS, "field-warehousing": FIELD_WAREHOUSING, "branching": BRANCHING,
    "pay-to-move": PAY_TO_MOVE, "pay-to-load": PAY_TO_LOAD, "run-two-trains": RUN_TWO_TRAINS,
    "reshuffle": RESHUFFLE,
}

#: The rulebook's words for each variant (the sentence the engine implements), quoted from the section.
VARIANT_QUOTES: dict[str, str] = {
    "fast-game": "Begin the game with a train that can move 16 spaces; upgrade to a train that can move up to 20 "
                 "spaces; a ferry takes four movements; treat the Chunnel as another ferry that costs 4M to build.",
    "faster-game": "Use the Fast Game rules above. Also, remove the Excess Profits Tax Event card and all Derailment "
                   "Event cards from the game.",
    "less-thinking": "Reverse the normal turn order; do the Building Phase first and the Operations Phase last. When "
                     "you make a delivery, do NOT draw a new card ... as the very last action of your turn, draw new "
                     "cards to replenish your hand up to three cards. Events take effect when drawn.",
    "mercy": "You may borrow a minimum of 5 million, up to a maximum of 20 million from the bank. You must repay "
             "twice the borrowed amount.",
    "cross-grading": "You may lower the speed of your train and increase the load capacity of the train or vice "
                     "versa, for 5 million ... you may also spend up to 15 million to build track in the same turn.",
    "honeymoon": "Remove one load chip for every load. Only 1 player may build into a small city ... To build into a "
                 "small city you must have a demand card for that city or for a load available there.",
    "slow-start": "Start with a 6-speed train that carries two loads.",
    "open-contracts": "Whenever a player discards their hand to draw three new cards, the discarded demand cards are "
                      "placed next to the Board as Open Contracts. Up to four of these may be on the board at one "
                      "time ... The first player to deliver a load on an open contract discards the card from the "
                      "table and receives the payoff as usual, except no replacement card is drawn.",
    "field-warehousing": "Loads dropped off in a city without a payoff remain at that city. Any player may pick up "
                         "that load by passing through the city and picking it up normally.",
    "branching": "All players may build track that branches from any existing track on the board, at the usual "
                 "cost, not just their own.",
    "pay-to-move": "You must pay 1 million per turn to the bank to move on your own track, and/or 4 million to move "
                   "on another player's network. No payment is required if your train does not move.",
    "pay-to-load": "You use one milepost of movement each time you pick up or drop off one load.",
    "run-two-trains": "Each player starts with two trains, which may be upgraded in the usual way. Both may move in "
                      "the same turn.",
    "reshuffle": "When the Excess Profits Tax event card is drawn, remove that card from the game and reshuffle the "
                 "deck.",
}

# -- Empire Express (rules/empire_express_rulebook.txt)
EXPRESS = "Empire Express"
EXPRESS_SETUP = "Empire Express > Demo Set Up"
EXPRESS_CARDS = "Empire Express > Demand Cards"
EXPRESS_CHANGES = "Empire Express > Experienced Empire Builder Players Only!"
EXPRESS_TURN = "Empire Express > On a Turn"
EXPRESS_BUILD = "Empire Express > Build Track"
EXPRESS_MOVE = "Empire Express > Move Your Train"
EXPRESS_DISCARD = "Empire Express > Discard Cards"
EXPRESS_END = "Empire Express > Game End"
EXPRESS_STRATEGIES = "Empire Express > Empire Express Introductory Strategies"

#: Every name above, ``{"RIGHT_OF_WAY": "Build Phase Rules > Right of Way", ...}``.
SECTIONS: dict[str, str] = {k: v for k, v in dict(globals()).items() if k.isupper() and isinstance(v, str)}

#: For a game under the US overview (``Ruleset.rulebook == "us"``): the overview section that states the
#: rule of each Europe section the engine cites. Sections missing here are rules the overview is silent on;
#: the Europe standard rule applies and keeps its Europe citation (``Ruleset.fallbacks`` lists them).
US_CITES: dict[str, str] = {
    HOW_TO_PLAY: US_TURN,                  # at most $20M of track a turn; what a turn may hold
    HOW_TO_WIN: US_VICTORY,
    ENDING: US_VICTORY,                    # the first to meet both conditions wins
    SETUP: US_SETUP,
    SPECIAL: US_SETUP,                     # "Play 2 rounds of turns for initial track building"
    BUILD: US_BUILDING,
    BEGIN: US_BUILDING,                    # "You can always build from a major city milepost"
    RIGHT_OF_WAY: US_BUILDING,             # "Only one track segment can exist between any two mileposts"
    CITY_LIMIT: US_BUILDING,               # "Only 2 players can build into a small city; only 3 into a medium"
    MAJOR_LIMIT: US_SPECIAL_RULES,         # "Two track segments maximum can be built from major city mileposts"
    UPGRADE: US_UPGRADES,
    RUNNING: US_RUNNING,
    PICKUP: US_RUNNING,
    DELIVER: US_RUNNING,
    RENT: US_RENT,
    FLOOD: US_SPECIAL_RULES,               # Flood cards destroy bridges
}

#: For an Empire Express game (``Ruleset.rulebook == "express"``): the Express section that states the rule
#: of each Europe section the engine cites. The Express rulebook is short; what it leaves unsaid (ferries,
#: events, the no-blocking rules) keeps its Empire Builder: Europe citation, the rule that applies.
EXPRESS_CITES: dict[str, str] = {
    HOW_TO_PLAY: EXPRESS_TURN,             # build, then move; discard one; draw to three
    HOW_TO_WIN: EXPRESS_END,               # "$150 million or more on their turn"; the most money wins
    ENDING: EXPRESS_END,                   # "finish the current round"
    SETUP: EXPRESS_SETUP,
    STARTING: EXPRESS_SETUP,
    START_TRAIN: EXPRESS_SETUP,            # "Place your train piece in the city shown below"
    NO_CREDIT: EXPRESS_SETUP,              # "You receive NO money at the beginning of the game"
    BUILD: EXPRESS_BUILD,
    BEGIN: EXPRESS_BUILD,                  # "You must connect to (or from) a milepost you are already connected to"
    RIGHT_OF_WAY: EXPRESS_BUILD,           # "You cannot draw over another player's track"
    MAJOR_ENTRY: EXPRESS_BUILD,            # "You never draw track inside major cities"
    # (no CITY_LIMIT: "Any number of players may connect to a city", so the only city limit an Express game
    # can break is the three tracks a player, Europe's rule kept -- Ruleset.fallbacks -- cited as Europe's)
    RUNNING: EXPRESS_MOVE,                 # "up to 12 spaces"
    UPGRADE: EXPRESS_MOVE,                 # no upgrades: "up to 12 spaces", "never hold more than two tokens"
    RENT: EXPRESS_MOVE,                    # "you pay that player $4 million for any turn"
    PICKUP: EXPRESS_MOVE,                  # "one or two load tokens"
    DELIVER: EXPRESS_CARDS,                # "you may only use ONE of the two deliveries listed on the card"
}

#: The section maps of the rulebooks other than Europe's, by ``Ruleset.rulebook``.
CITES: dict[str, dict[str, str]] = {"us": US_CITES, "express": EXPRESS_CITES}


class Kept(str):
    """A Europe section naming a rule the other rulebooks do not state, though their sections of the same
    name state others: :func:`cite` leaves it as it is under every rulebook (made by :func:`kept`)."""

    __slots__ = ()


def kept(section: str) -> str:
    """``section`` cited as the Europe rule in every game: for a rule of a section that the US overview or
    the Express rulebook speaks to without stating this rule (reversing only in a city is Running the Train's,
    which the overview's "Running Your Train" never mentions). Equal to ``section`` as a string.

    >>> cite(RUNNING, "us"), cite(kept(RUNNING), "us"), kept(RUNNING) == RUNNING
    ('US overview > Actions > Running Your Train', 'Operations Phase Rules > Running the Train', True)
    """
    return Kept(section)


def cite(section: str, rulebook: str = "europe") -> str:
    """The section of ``rulebook`` that states the rule of the Europe ``section`` (itself when that rulebook
    is Europe's or is silent on it, so the Europe standard rule applies; and for a :func:`kept` section).

    >>> cite(RIGHT_OF_WAY, "us"), cite(NO_CREDIT, "us"), cite(RIGHT_OF_WAY)
    ('US overview > Actions > Building Track', 'Build Phase Rules > No Credit/No Loans', 'Build Phase Rules > Right of Way')
    >>> cite(RENT, "express"), cite(FERRY_MOVE, "express")
    ('Empire Express > Move Your Train', 'Operations Phase Rules > Movement Using a Ferry')
    """
    if isinstance(section, Kept):
        return str(section)
    return CITES.get(rulebook, {}).get(section, section)
