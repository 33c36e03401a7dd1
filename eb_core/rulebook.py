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

# -- Solo & Variant Rules
SOLO = "Solo & Variant Rules"
SOLO_CHART = "Solo & Variant Rules > Chart of Success for Solo Play"
SOLO_WINLOSS = "Solo & Variant Rules > Simulated Win / Loss"

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

#: The section maps of the rulebooks other than Europe's, by ``Ruleset.rulebook``.
CITES: dict[str, dict[str, str]] = {"us": US_CITES}


def cite(section: str, rulebook: str = "europe") -> str:
    """The section of ``rulebook`` that states the rule of the Europe ``section`` (itself when that rulebook
    is Europe's or is silent on it, so the Europe standard rule applies).

    >>> cite(RIGHT_OF_WAY, "us"), cite(NO_CREDIT, "us"), cite(RIGHT_OF_WAY)
    ('US overview > Actions > Building Track', 'Build Phase Rules > No Credit/No Loans', 'Build Phase Rules > Right of Way')
    """
    return CITES.get(rulebook, {}).get(section, section)
