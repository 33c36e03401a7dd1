"""Who owns which track, pinned where a mutation audit of ``eb_core/track.py`` found the rest of the suite
silent (rulebook: Build Phase Rules > Right of Way, Building the Chunnel).

Each test fixes one thing a player meets at the table: the Chunnel a player has bought is part of their
network end to end, and a segment drawn in one player's crayon cannot be drawn again in another's.
"""
import pytest

from support import EUROPE

import eb_core as eb
from eb_core.actions import Build

TUTORIAL = eb.load_board("tutorial")


def test_the_chunnel_bought_from_folkestone_is_on_the_builders_network_through_to_calais():
    """Building the Chunnel: "You pay 17 million to build to either side, then the entire Chunnel is now part
    of your network" -- and Movement Using the Chunnel: "All three Chunnel mileposts are counted for normal
    movement". Jeff builds London -> Folkestone (the rulebook's example): Calais and the Chunnel's three
    underground mileposts are then on his network, not only the two ports."""
    g = eb.Game.new(eb.ruleset("europe-standard"), board=TUTORIAL, players=["Jeff", "Ed"], seed=1)
    g.state.current = 0
    chunnel = TUTORIAL.crossing("Chunnel")
    assert not set(chunnel.mileposts) & g.network(0)
    g.apply(Build(TUTORIAL.meta["examples"]["london_folkestone"]["path"]))
    net = g.network(0)
    assert len(chunnel.mileposts) == 3
    assert set(chunnel.ports) <= net, "both Folkestone and Calais"
    assert set(chunnel.mileposts) <= net, "the Chunnel's own mileposts, under the Channel"
    assert not set(chunnel.mileposts) & g.network(1), "Ed has not bought the Chunnel"


def test_a_segment_in_anns_crayon_cannot_be_given_to_ben_too():
    """Right of Way: "Only one section of track may be built between any two mileposts". Ann's segment out
    of Dublin stays Ann's when something tries to record Ben's track on it (either way round)."""
    dublin = EUROPE.city("Dublin").center
    nxt = min(EUROPE.neighbors(dublin))
    t = eb.Track.of([(dublin, nxt, 0)])
    with pytest.raises(ValueError, match="already belongs to player 0"):
        t.add_segment(1, nxt, dublin)
    assert t.owner(dublin, nxt) == 0 and t.segments_of(1) == []
    with pytest.raises(ValueError):
        eb.Track.of([(dublin, nxt, 0), (nxt, dublin, 1)])
