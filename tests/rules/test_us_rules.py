"""Empire Builder (US): the ruleset's numbers, every rule that differs from Europe (each with an accepted and
a refused action), the victory conditions, the events on the North America board, JSON round trips.

Specification: ``rules/empire_builder_us_overview.txt`` (cited "US overview > Heading"); where the overview
is silent the Europe standard rules apply (``eb.ruleset("us").fallbacks``).
"""
from __future__ import annotations

import itertools
import re
from collections import deque
from pathlib import Path

import pytest

from support import lay_track, place, rejects

import eb_core as eb
from eb_core import rulebook as R
from eb_core import rules as rules_mod
from eb_core.actions import Build, Discard, EndTurn, PlaceTrain
from eb_core.board import CitySize, Terrain
from eb_core.cards import Deck
from eb_core.costs import segment_cost
from eb_core.events import play_event
from eb_core.events.areas import river_edges, sea_area
from eb_core.events.north_america import ADAPTATIONS, adaptation_rows

US = eb.ruleset("us")
NA = eb.load_board("north_america")
NA_DECK = eb.load_deck("north_america")
EUROPE = eb.load_board("europe")
OVERVIEW = Path(__file__).resolve().parents[3] / "shared" / "rules" / "empire_builder_us_overview.txt"
MAJORS = ("Seattle", "Los Angeles", "Kansas City", "Chicago", "Atlanta", "New York")


# ------------------------------------------------------------------------------------------- helpers
def us_ops_game(players=("Ann", "Ben"), *, seed: int = 3, rules=US, board=NA, at: str = "Chicago") -> eb.Game:
    """A game in round 1, seat 0's operations phase, every train placed at ``at``, three cards each and a
    draw pile of demand cards only (nothing random happens unless a test plays an event)."""
    g = eb.Game.new(rules, board=board, players=list(players), seed=seed)
    st = g.state
    st.special_round, st.round, st.phase = 0, 1, "operations"
    st.first_player = st.current = 0
    for p in st.players:
        st.discard_pile.extend(p.hand[3:])
        p.hand = p.hand[:3]
    evs = [c for c in st.draw_pile if not hasattr(g.deck.card(c), "demands")]
    st.draw_pile = [c for c in st.draw_pile if c not in evs]
    st.discard_pile.extend(evs)
    for seat in range(len(st.players)):
        place(g, seat, board.city(at).center)
    return g


def plain(board, m: int) -> bool:
    return board.city_at(m) is None and board.mileposts[m].terrain is Terrain.CLEAR


def clear_walk(board, start: int, steps: int, avoid=frozenset()) -> list[int]:
    """A path of ``steps`` segments from ``start`` over clear, city-free mileposts and water-free edges
    (each costs 1M), first found depth-first, the lowest milepost ids first."""
    def go(path):
        if len(path) == steps + 1:
            return path
        for b in sorted(board.neighbors(path[-1])):
            e = board.edge(path[-1], b)
            if b not in path and b not in avoid and plain(board, b) and not (e.rivers or e.lake or e.inlet):
                got = go(path + [b])
                if got:
                    return got
        return None

    got = go([start])
    assert got, (start, steps)
    return got


def exit_of(board, city: str) -> int:
    """A milepost of ``city`` with a clear, water-free neighbour outside every city."""
    for m in board.city(city).mileposts:
        if any(plain(board, b) and not board.edge(m, b).rivers for b in board.neighbors(m)):
            return m
    raise AssertionError(city)


def path_between(board, a: str, b: str, avoid_cities=()) -> list[int]:
    """Fewest-mileposts path from ``a``'s centre to ``b``'s over the lattice, through no milepost of
    ``avoid_cities``."""
    banned = {m for c in avoid_cities for m in board.city(c).mileposts}
    start, goal = board.city(a).center, set(board.city(b).mileposts)
    prev = {start: None}
    q = deque([start])
    while q:
        m = q.popleft()
        if m in goal:
            out = [m]
            while prev[out[-1]] is not None:
                out.append(prev[out[-1]])
            return out[::-1]
        for n in board.neighbors(m):
            if n not in prev and n not in banned:
                prev[n] = m
                q.append(n)
    raise AssertionError((a, b))


def connect(g: eb.Game, seat: int, chain, *, leave_last: bool = False) -> tuple[int, int] | None:
    """Lay ``seat``'s track along ``chain`` of major cities (avoiding the other majors); with ``leave_last``
    the final segment is left unbuilt and returned."""
    others = [c for c in MAJORS if c not in chain]
    last = None
    for a, b in itertools.pairwise(chain):
        path = path_between(g.board, a, b, others)
        lay_track(g, seat, path)
        if leave_last and b == chain[-1]:
            k = next((x, y) for x, y in reversed(list(itertools.pairwise(path))) if not g.board.is_red_area(x, y))
            del g.state.track.segments[(min(k), max(k))]
            last = k
    return last


# ------------------------------------------------------------------------------------------- numbers
def test_the_ruleset_has_every_number_of_the_overview():
    r = US
    assert (r.name, r.game, r.board, r.deck, r.rulebook) == ("us", "us", "north_america", "north_america", "us")
    # Setup; Player Reference
    assert r.start_cash == 40 and r.opening_hand == 3 and r.hand_size == 3 and r.special_build_turns == 2
    # Running Your Train; Train Upgrades (Fast, Heavy and Super Freight at 20M)
    assert r.start_train == eb.Train(9, 2)
    assert set(r.upgrade_options(eb.Train(9, 2))) == {eb.Train(12, 2), eb.Train(9, 3)}
    assert r.final_train == eb.Train(12, 3) and r.upgrade_cost == 20
    # Building Track; Turn Structure; Special Rules & Edge Cases
    assert r.build_limit == 20
    assert (r.terrain_cost["clear"], r.terrain_cost["mountain"]) == (1, 2)
    assert (r.city_cost["small"], r.city_cost["medium"], r.city_cost["major"]) == (3, 3, 5)
    assert r.water_cost["river"] == 2 and r.water_cost["inlet"] > 0
    assert dict(r.city_max_players) == {"small": 2, "medium": 3}
    assert r.builds_out_of_major_per_turn == 2
    # Using Other Players' Track; Scoring / Victory Conditions
    assert r.rent == 4
    assert (r.victory_cash, r.victory_majors, r.victory_at_once) == (250, 5, True)
    assert r.events and not r.starter_cards


def test_every_us_section_cited_is_a_heading_of_the_overview():
    if not OVERVIEW.exists():
        pytest.skip("the rulebooks are not next to the repository (../shared/rules)")
    lines = {ln.strip() for ln in OVERVIEW.read_text(encoding="utf-8").splitlines()}
    us = {k: v for k, v in R.SECTIONS.items() if k.startswith("US_") and k != "US_OVERVIEW"}
    assert len(us) >= 8
    for name, section in us.items():
        parts = section.split(" > ")[1:]
        for part in parts:
            assert part.replace("'", "’") in lines or part in lines, (name, part)
    assert set(R.US_CITES.values()) <= set(us.values())
    assert all(k in R.SECTIONS.values() for k in R.US_CITES)


def test_every_fallback_names_the_europe_rule_that_applies():
    europe = set(R.SECTIONS.values()) | {s.split(" > ")[0] for s in R.SECTIONS.values()}
    assert len(US.fallbacks) >= 8
    for line in US.fallbacks:
        cited = re.findall(r"\(([^()]*)\)\s*$", line)
        assert cited, line
        assert any(part.strip() in europe for part in re.split(r";|,", cited[0])), line
    assert eb.ruleset("europe-standard").fallbacks == ()


def test_compare_lines_up_europe_and_us():
    table = rules_mod.compare("europe-standard", "us")
    assert list(table.columns) == ["europe-standard", "us"]
    assert table.loc["start_cash"].tolist() == ["50", "40"]
    assert table.loc["city_max_players"].tolist() == ["medium 3, small 2"] * 2
    diff = rules_mod.compare(eb.ruleset("europe-standard"), US, differences_only=True)
    assert set(diff.index) == {"title", "game", "board", "deck", "rulebook", "start_cash", "opening_hand",
                               "victory_majors", "victory_at_once", "water_cost", "fallbacks"}
    assert diff.loc["water_cost"].tolist() == ["river 2, lake 3, inlet 3", "river 2, lake 2, inlet 3"]
    assert diff.loc["fallbacks"].tolist() == ["0", str(len(US.fallbacks))]
    three = rules_mod.compare("europe-basic", "europe-standard", "us")
    assert three.shape[1] == 3 and three.loc["victory_cash"].tolist() == ["200", "250", "250"]


def test_json_round_trips():
    assert eb.Ruleset.from_dict(US.to_dict()) == US
    g = eb.Game.new("us", players=["Ann", "Ben", "Cid"], seed=11)
    assert g.board.name == "north_america" and g.deck.name == "north_america"
    path = clear_walk(g.board, exit_of(g.board, "Chicago"), 4)
    g.apply(Build(path))
    text = g.to_json()
    back = eb.Game.from_json(text)
    assert back.to_json() == text and back.rules == US
    g.apply(EndTurn())
    back.apply(EndTurn())
    assert back.to_json() == g.to_json()


# ------------------------------------------------------------------------------------------- the board
def test_the_board_has_the_six_majors_and_no_alpine_ferries_or_key_cities():
    majors = sorted(c.name for c in NA.cities if c.size is CitySize.MAJOR)
    assert majors == sorted(MAJORS)
    assert all(len(NA.city(c).mileposts) == 7 for c in MAJORS)
    assert not any(m.terrain is Terrain.ALPINE for m in NA.mileposts)
    assert not NA.crossings and not any(c.size is CitySize.KEY for c in NA.cities)
    assert NA.lattice_orientation == "north-south"


# ------------------------------------------------------------------------------------------- differences
def spend_special_turns(g: eb.Game) -> dict[int, list[int]]:
    """Every player builds 20M of clear track in each of the two special build turns."""
    chains: dict[int, list[int]] = {}
    used: set[int] = set()
    while g.state.special_round:
        seat = g.current_player
        if seat not in chains:
            city = sorted(c.name for c in g.board.cities if c.has_red_area)[seat]
            chains[seat] = [exit_of(g.board, city)]
        path = clear_walk(g.board, chains[seat][-1], 20, frozenset(used))
        used |= set(path)
        g.apply(Build(path))
        chains[seat] += path[1:]
        g.apply(EndTurn())
    return chains


def test_start_cash_40_not_50():
    us, europe = eb.Game.new("us", seed=1), eb.Game.new("europe-standard", seed=1)
    assert [p.cash for p in us.state.players] == [40, 40]
    assert [p.cash for p in europe.state.players] == [50, 50]
    for g in (us, europe):
        spend_special_turns(g)
    # after two 20M special build turns: US players have nothing left, Europe players 10M
    assert [p.cash for p in us.state.players] == [0, 0]
    assert [p.cash for p in europe.state.players] == [10, 10]


def test_no_credit_after_spending_the_40M():
    for name, ok in (("europe-standard", True), ("us", False)):
        g = eb.Game.new(name, seed=1)
        chains = spend_special_turns(g)
        seat = g.current_player
        p = g.player()
        while len(p.hand) > g.rules.hand_size:
            g.apply(Discard(p.hand[-1]))
        g.apply(PlaceTrain(g.board.city_at(chains[seat][0]).name))
        g.apply(eb.EndOperations())
        extra = Build(clear_walk(g.board, chains[seat][-1], 1, frozenset(m for c in chains.values() for m in c)))
        if ok:
            g.apply(extra)
            assert p.cash == 9
        else:
            err = rejects(g, extra, R.NO_CREDIT)       # the overview is silent: Europe's rule applies
            assert "0M" in err.reason


def test_three_cards_dealt_no_discard_to_three():
    us, europe = eb.Game.new("us", seed=2), eb.Game.new("europe-standard", seed=2)
    assert all(len(p.hand) == 3 for p in us.state.players)
    assert all(len(p.hand) == 4 for p in europe.state.players)
    for g in (us, europe):
        while g.state.special_round:
            g.apply(EndTurn())
    # Europe: the first operations turn starts by discarding down to three; placing the train first is refused
    rejects(europe, PlaceTrain("Berlin"), R.START_TRAIN)
    europe.apply(Discard(europe.player().hand[0]))
    europe.apply(PlaceTrain("Berlin"))
    # US: three cards already; the train is placed at once and a discard is refused
    rejects(us, Discard(us.player().hand[0]), R.START_TRAIN)
    us.apply(PlaceTrain("Chicago"))
    assert us.player().position == NA.city("Chicago").center


def test_victory_needs_five_of_six_majors_not_seven():
    chain = ("Seattle", "Los Angeles", "Kansas City", "Chicago", "New York")
    g = us_ops_game()
    connect(g, 0, chain)
    assert g.connected_majors(0) == sorted(chain)
    europe_rules = eb.ruleset("europe-standard").with_(board="north_america", deck="north_america")
    e = us_ops_game(rules=europe_rules)
    connect(e, 0, chain)
    for game in (g, e):
        game.state.players[0].cash = 250
        game.apply(EndTurn())
    assert g.over and g.winners == [0]                      # US: 5 of 6
    assert not e.over and not e.state.players[0].announced  # Europe: 7 needed
    assert "first to connect 5 major cities" in g.state.log[-1]


def test_four_majors_or_less_cash_do_not_win():
    four = us_ops_game()
    connect(four, 0, ("Seattle", "Los Angeles", "Kansas City", "Chicago"))
    poor = us_ops_game()
    connect(poor, 0, ("Seattle", "Los Angeles", "Kansas City", "Chicago", "New York"))
    for g, cash in ((four, 400), (poor, 249)):
        g.state.players[0].cash = cash
        g.apply(EndTurn())
        assert not g.over and not any(p.announced for p in g.state.players)
        g.apply(EndTurn())                                   # Ben's turn: the round goes on
        assert not g.over and g.current_player == 0


def test_both_conditions_at_the_same_time_win_when_the_fifth_city_is_joined():
    g = us_ops_game()
    last = connect(g, 0, ("Seattle", "Los Angeles", "Kansas City", "Chicago", "New York"), leave_last=True)
    g.state.players[0].cash = 260
    assert len(g.connected_majors(0)) == 4 and not g.meets_victory(0)
    g.apply(EndTurn())
    assert not g.over                                        # 260M but four majors
    g.apply(EndTurn())
    g.apply(eb.EndOperations())
    g.apply(Build(list(last)))
    assert g.player().cash >= 250 and len(g.connected_majors(0)) == 5
    g.apply(EndTurn())
    assert g.over and g.winners == [0]


def test_the_first_to_meet_the_conditions_wins_at_once_europe_finishes_the_round():
    chain = ("Seattle", "Los Angeles", "Kansas City", "Chicago", "New York")
    europe_rules = eb.ruleset("europe-standard").with_(board="north_america", deck="north_america", victory_majors=5)
    games = {}
    for name, rules in (("us", US), ("europe", europe_rules)):
        g = us_ops_game(rules=rules)
        connect(g, 0, chain)
        g.state.players[0].cash = 250
        g.apply(EndTurn())
        games[name] = g
    us, europe = games["us"], games["europe"]
    # US: the game is over after the winner's turn; Ben may not play
    rejects(us, EndTurn(), R.US_VICTORY)
    # Europe: Ann announces, Ben still plays the round out, then the most cash among announcers wins
    assert europe.state.players[0].announced and not europe.over
    europe.apply(EndTurn())
    assert europe.over and europe.winners == [0]


# ------------------------------------------------------------------------------------------- citations
def test_us_refusals_cite_the_overview_where_it_states_the_rule():
    g = us_ops_game(("Ann", "Ben", "Cid"))
    g.apply(eb.EndOperations())
    start = exit_of(g.board, "Chicago")
    # at most 20M of track a turn (Turn Structure)
    long = clear_walk(g.board, start, 21)
    rejects(g, Build(long), R.US_TURN)
    g.apply(Build(long[:3]))
    # only one track between two mileposts (Building Track)
    g.state.current = 1
    g.state.phase = "build"
    rejects(g, Build(long[:2]), R.US_BUILDING)
    # at most two segments a turn out of major cities (Special Rules & Edge Cases)
    outs = [m for m in g.board.city("Kansas City").mileposts
            if any(plain(g.board, b) and not g.board.edge(m, b).rivers for b in g.board.neighbors(m))]
    steps = []
    for m in outs:
        b = next(b for b in sorted(g.board.neighbors(m)) if plain(g.board, b) and not g.board.edge(m, b).rivers
                 and all(b not in s for s in steps))
        steps.append([m, b])
    g.apply(Build(steps[0]))
    g.apply(Build(steps[1]))
    rejects(g, Build(steps[2]), R.US_SPECIAL_RULES)


def test_rules_the_overview_does_not_state_cite_europes_section():
    """"Running Your Train" says nothing of reversing, and Turn Structure lists building and moving without
    fixing an order: a train going straight back at a clear milepost, or moving after the build, is refused
    citing the Europe rule the engine keeps (Running the Train; How to Play), each listed as a fallback."""
    g = us_ops_game(("Ann", "Ben"))
    line = clear_walk(g.board, exit_of(g.board, "Omaha"), 3)
    lay_track(g, 0, line)
    place(g, 0, line[0])
    g.apply(eb.Move(line[1:3]))
    err = rejects(g, eb.Move([line[1]]), R.RUNNING)
    assert "in a city" in err.reason and "ferry" not in err.reason          # no ferries in North America
    g.apply(eb.EndOperations())
    rejects(g, eb.Move([line[1]]), R.HOW_TO_PLAY)
    for section in (R.RUNNING, R.HOW_TO_PLAY):
        assert any(f"({section})" in f for f in US.fallbacks), section


def test_a_lake_channel_is_bridged_as_a_river():
    """The printed board's river and lake-channel crossings cost +2M (the overview: "River: $2 million
    extra"); Europe's lakes cost +3M."""
    a, b = next((e.a, e.b) for e in NA.edges if e.lake and not e.rivers and not e.inlet and not e.impassable
                and not NA.is_red_area(e.a, e.b))
    assert segment_cost(NA, US, a, b).water == 2
    assert segment_cost(NA, eb.ruleset("europe-standard"), a, b).water == 3


def test_a_third_player_into_a_small_city_is_refused_citing_building_track():
    g = us_ops_game(("Ann", "Ben", "Cid"))
    small = next(c for c in sorted(NA.cities, key=lambda c: c.name) if c.size is CitySize.SMALL
                 and sum(plain(NA, b) and not NA.edge(c.center, b).rivers for b in NA.neighbors(c.center)) >= 3)
    ways = [b for b in sorted(NA.neighbors(small.center)) if plain(NA, b) and not NA.edge(small.center, b).rivers]
    for seat, b in zip(range(2), ways):
        g.state.track.segments[(min(b, small.center), max(b, small.center))] = seat
    g.state.phase, g.state.current = "build", 2
    lay_track(g, 2, [ways[2], next(n for n in NA.neighbors(ways[2]) if plain(NA, n) and n not in ways)])
    err = rejects(g, Build([ways[2], small.center]), R.US_BUILDING)
    assert "2 players" in err.reason


# ------------------------------------------------------------------------------------------- events
def test_every_event_card_of_the_deck_plays_on_the_board():
    rows = adaptation_rows(NA, NA_DECK)
    assert {r["kind"] for r in rows} == set(ADAPTATIONS)
    base = us_ops_game(("Ann", "Ben", "Cid"))
    for seat, city in enumerate(("Winnipeg", "Denver", "Houston")):
        place(base, seat, NA.city(city).center, ["Cattle"] if seat == 0 else [])
    for card in NA_DECK.event_cards:
        g = base.clone()
        play_event(g, card.id)
        text = g.to_json()
        assert eb.Game.from_json(text).to_json() == text
    strike = base.clone()
    play_event(strike, "Canadian Rail Strike")
    assert [p.lost_turns for p in strike.state.players] == [1, 0, 0]   # Winnipeg is in Canada


def test_a_mississippi_flood_destroys_the_bridge_and_it_is_rebuilt_for_3M_or_more():
    g = us_ops_game()
    bridge = min(k for k in river_edges(NA, "Mississippi") if NA.city_at(k[0]) is None and NA.city_at(k[1]) is None)
    land = next(n for n in sorted(NA.neighbors(bridge[0])) if "Mississippi" not in NA.edge(bridge[0], n).rivers
                and NA.city_at(n) is None)
    lay_track(g, 0, [land, *bridge])
    play_event(g, "Flood: Mississippi")
    assert bridge not in g.state.track.segments
    g.state.phase = "build"
    rejects(g, Build(list(bridge)), "Event Card Effects")
    g.state.active_events.clear()
    assert g.plan_build(list(bridge)).cost >= 3


def test_a_pacific_gale_stops_building_on_the_coast():
    g = us_ops_game()
    g.state.phase = "build"
    la = NA.city("Los Angeles")
    m = next(m for m in la.mileposts if any(plain(NA, b) for b in NA.neighbors(m)))
    b = next(b for b in sorted(NA.neighbors(m)) if plain(NA, b))
    assert b in sea_area(NA, "Pacific", 4)
    g2 = g.clone()
    g2.apply(Build([m, b]))
    play_event(g, "Gales: Pacific")
    rejects(g, Build([m, b]), "Event Card Effects")


def test_a_gale_must_name_a_sea_of_the_board():
    d = NA_DECK.to_dict()
    gale = next(e for e in d["event_cards"] if e["kind"] == "gale")
    gale["params"]["sea"] = "Mediterranean"
    probs = Deck.from_dict(d, "<test>").problems(NA)
    assert any("Mediterranean" in p for _, p in probs)
    assert NA_DECK.problems(NA) == []


def test_out_of_a_major_city_costs_1_to_3_by_the_milepost_built_toward_and_into_one_always_5():
    seen = set()
    for name in MAJORS:
        city = NA.city(name)
        for m in city.mileposts:
            for b in NA.neighbors(m):
                if b in city.mileposts:
                    continue
                out, into = segment_cost(NA, US, m, b), segment_cost(NA, US, b, m)
                other = NA.city_at(b)
                want = US.city_cost[other.size.value] if other else US.terrain_cost[NA.mileposts[b].terrain.value]
                assert out.base == want and 1 <= out.base <= 3, (name, b, out)
                assert into.base == 5, (name, b, into)                      # always 5M into a major city
                assert out.water == into.water and (out.water >= 2 if NA.edge(m, b).rivers else True)
                seen.add(out.base)
    assert {1, 2} <= seen


def test_a_deck_made_for_another_board_is_refused_when_the_game_is_set_up():
    """The Europe deck on the North America board names cities the board has not (Aberdeen, ...): the game
    is refused when it is set up, naming the deck, not many turns later when a card is played."""
    with pytest.raises(eb.InvalidAction, match=r"deck 'europe' names cities board 'north_america' does not have"):
        eb.Game.new("us", deck="europe")
    assert eb.Game.new("us").deck.name == "north_america"
