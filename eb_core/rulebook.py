"""Every rulebook section cited by the rules core, named once.

Errors (:class:`~eb_core.errors.IllegalAction` ``.rule``), log notes and docs cite the Empire Builder:
Europe rulebook (``rules/empire_builder_europe_rulebook.txt``) by its section names, ``"Chapter >
Section"``; the Empire Express rulebook (``rules/empire_express_rulebook.txt``) as ``"Empire Express >
Section"``. Import the module and use the names::

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
