"""Event cards: the registry of effects, the hooks the engine consults, and each deck's event kinds.

* :mod:`eb_core.events.registry` -- :class:`EventEffect`, :data:`EFFECTS`, :func:`register`,
  :func:`resolve` (the engine calls it for every event drawn), the flood hooks
  (:func:`rebuild_reserved`, :func:`turn_ended`, :func:`final_rebuild`) and helpers for people
  (:func:`play_event`, :func:`affected`, :func:`set_load_policy`, :func:`build_blockers`);
* :mod:`eb_core.events.areas` -- areas of effect, counted as the rulebook says (Counting Mileposts);
* :mod:`eb_core.events.europe` -- the Empire Builder: Europe deck's kinds (importing the package
  registers them). The US and Express decks add their own modules beside it;
* :mod:`eb_core.events.north_america` -- the Empire Builder (US) deck's cards as adaptations of the
  Europe kinds (all generic, so it registers no new kind).

Nothing here imports the engine at run time: the engine imports events, never the reverse.

>>> from eb_core import events
>>> sorted(events.EFFECTS)[:3]
['derailment', 'flood', 'fog']
"""
from __future__ import annotations

from . import areas, europe, north_america, registry
from .europe import *  # noqa: F401,F403 -- the Europe kinds, registered on import
from .europe import __all__ as _europe_all
from .registry import *  # noqa: F401,F403
from .registry import __all__ as _registry_all

__all__ = ["areas", "europe", "north_america", "registry", *_registry_all, *_europe_all]
