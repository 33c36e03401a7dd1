"""The Admin phase, victory, the end of a round, final scoring and the Sudden Death Tiebreaker: behaviour
pinned by a mutation audit of ``eb_core/engine/admin.py`` (rulebook: Admin Phase; How to Win; Ending the
Game > Standard Game: Final Scoring Phase; How to Win > Sudden Death Tiebreaker; Empire Express: Game End).

Each test fixes one thing the players meet at the end of a game that no other test held in place: what the
final scoring says, who plays on in a tiebreak and when its cash is counted, what a flood's end says when
the tiebreak discards it, and which major cities count as connected.
"""
import eb_core as eb
from eb_core import events
from eb_core.actions import Build, EndTurn
from mini_board import MINI as m, mini_board, mini_deck
from support import EUROPE, ops_game, place

BOARD = mini_board()
RACE = eb.ruleset("europe-standard").with_(victory_cash=60, victory_majors=2)
ALPHA_TO_BETA = {0: (4, range(4, 7)), 1: (5, range(3, 7)), 2: (3, range(3, 7))}   # seat: row, columns


def race(cash, *, rules=RACE, connect=(0,), players=("Ann", "Ben")) -> eb.Game:
    """A mini-board game in round 1, Ann to play, every train at (3, 4) beside Alpha, ``cash`` per seat; the
    seats in ``connect`` each have their own line from Alpha (column 3-4) to Beta (column 7-8)."""
    g = eb.Game.new(rules, board=BOARD, players=list(players), seed=1, deck=mini_deck())
    st = g.state
    st.special_round, st.round, st.phase, st.current, st.first_player = 0, 1, "operations", 0, 0
    for p, c in zip(st.players, cash):
        p.hand, p.position, p.cash = p.hand[:3], m(3, 4), c
    for seat in connect:
        row, cols = ALPHA_TO_BETA[seat]
        for c in cols:
            st.track.add_segment(seat, m(c, row), m(c + 1, row))
    return g


def end_round(g: eb.Game) -> None:
    """Every player still playing ends a turn (one round)."""
    first = g.state.round
    while g.state.round == first and not g.over:
        g.apply(EndTurn())


# ------------------------------------------------------------------------------------ final scoring
def test_final_scoring_names_the_winner_and_the_cash():
    """Ending the Game > Standard Game: Final Scoring Phase, "the player with the most cash ... wins" -- Ann
    met the victory conditions with 70M: the log says that she wins, with her 70M (she does not "share" it)."""
    g = race((70, 40))
    end_round(g)
    assert g.over and g.winners == [0]
    assert g.state.log[-1] == ("Final scoring: Ann wins with the most cash among the players who met the "
                               "victory conditions (70M).")


def test_basic_game_final_scoring_says_the_tied_players_share_the_win():
    """How to Win > Basic Game Victory Conditions: "In the event of a tie, the players share the win" --
    Ann and Ben both met the conditions with 70M."""
    g = race((70, 70), rules=eb.ruleset("europe-basic").with_(victory_cash=60, victory_majors=2), connect=(0, 1))
    end_round(g)
    assert g.winners == [0, 1]
    assert g.state.log[-1] == ("Final scoring: Ann and Ben share the win with the most cash among the players who "
                               "met the victory conditions (70M).")


def test_express_announcement_says_the_round_is_finished_and_the_most_money_wins():
    """Empire Express, Game End: "If a player has $150 million or more on their turn, finish the current round
    ... The player with the most money at the end of the game is the winner!" -- no major cities to count."""
    g = eb.Game.new("express", board="eastern_us", setup="demo", players=["Orange", "Red"], seed=1)
    g.player().cash = 150
    g.apply(EndTurn())
    assert g.state.players[0].announced and not g.over
    assert ("Orange has 150M (at least 150M): the current round is finished so that everyone has had the same "
            "number of turns, and the most money wins.") in g.state.log
    g.apply(EndTurn())                     # Red ends the round
    assert g.over and g.winners == [0]
    assert g.state.log[-1] == "Final scoring: Orange wins with the most money of all the players (150M)."


def test_a_solo_game_final_scoring_says_you_met_the_conditions_and_win():
    """Solo Play Scenarios > 1. Basic Solo Play: "Track the number of turns it takes you to reach victory
    conditions" -- alone at the table there is nobody to have more cash than; the log says you win."""
    g = race((70,), players=("Solo",))
    end_round(g)
    assert g.over and g.winners == [0]
    assert g.state.log[-1] == "Final scoring: Solo meets the victory conditions and wins (70M)."


# ------------------------------------------------------------------------------------ sudden death
def test_a_tiebreak_round_with_a_delivery_drops_the_poorer_and_the_richest_tied_play_on():
    """How to Win > Sudden Death Tiebreaker: "Cash is counted at the end of every round during which at least
    one player has made a delivery, and the tiebreak winner is the player with the most cash at that point"
    -- Ann, Ben and Cy tie at 70M; after a delivery round Ann and Ben have 75M, Cy 70M: Cy is out, and Ann and
    Ben alone play on."""
    g = race((70, 70, 70), connect=(0, 1, 2), players=("Ann", "Ben", "Cy"))
    st = g.state
    end_round(g)
    assert st.sudden_death == [0, 1, 2] and not g.over
    st.players[0].cash += 5                              # Ann and Ben each deliver a 5M load
    st.players[1].cash += 5
    st.round_deliveries = True
    end_round(g)
    assert not g.over and st.sudden_death == [0, 1]
    seats = []
    for _ in range(2):
        seats.append(g.current_player)
        g.apply(EndTurn())
    assert seats == [0, 1] and st.players[2].turns == 2


def test_a_tiebreak_round_without_a_delivery_after_one_with_decides_nothing():
    """How to Win > Sudden Death Tiebreaker: cash is counted only at the end of a round "during which at
    least one player has made a delivery" -- both tied players deliver 5M in one round (still tied); in the
    next nobody delivers and Ann builds 1M of track: Ben is richer, but that round is not counted."""
    g = race((70, 70), connect=(0, 1))
    st = g.state
    end_round(g)
    assert st.sudden_death == [0, 1]
    for p in st.players:                                 # each delivers a 5M load
        p.cash += 5
    st.round_deliveries = True
    end_round(g)
    assert not g.over and st.sudden_death == [0, 1]
    g.apply(Build([m(2, 4), m(1, 4)]))                   # Ann: 1M out of Alpha
    end_round(g)
    assert [p.cash for p in st.players] == [74, 75]
    assert not g.over and st.sudden_death == [0, 1]


def test_a_player_outside_the_tiebreak_does_not_announce_during_it():
    """How to Win > Sudden Death Tiebreaker: "the tied players continue in a sudden-death format" -- the
    game's end is decided: Ben, who was below 60M when the round ended and is not in the tiebreak, reaches
    80M (rent Ann and Cy paid him) while connecting Alpha and Beta, and does not announce victory."""
    g = race((70, 40, 70), connect=(0, 1, 2), players=("Ann", "Ben", "Cy"))
    st = g.state
    end_round(g)
    assert st.sudden_death == [0, 2]
    n = len(st.log)
    st.players[1].cash = 80
    assert g.meets_victory(1)
    g.apply(EndTurn())                                   # Ann's tiebreak turn ends
    assert not st.players[1].announced
    assert not any("Ben announces" in line for line in st.log[n:])


def test_the_tiebreak_discards_a_flood_and_says_the_city_bridges_are_rebuilt():
    """How to Win > Sudden Death Tiebreaker: "Events that are not lasting or permanent are discarded", and a
    flood's city bridges come back when its card is discarded (Admin Phase, 2.) -- Ann's Rhein flood (a
    one-round event that would last through her next turn) is discarded as the tiebreak starts, and the log
    says the Ruhr's city bridges are rebuilt."""
    g = ops_game()
    st = g.state
    place(g, 0, EUROPE.city("Wien").center)
    place(g, 1, EUROPE.city("Madrid").center)
    events.play_event(g, "Flood: Rhein", drawer=0)
    flood = st.active_events[0]["card"]
    for p in st.players:                                 # both announced victory with 260M
        p.cash, p.announced = 260, True
    st.victory_announced = True
    g.apply(EndTurn())
    g.apply(EndTurn())                                   # the round ends: a tie at 260M
    assert st.sudden_death == [0, 1] and st.active_events == [] and flood in st.discard_pile
    assert "The flood is over: the city bridges of Ruhr are rebuilt." in st.log


# ------------------------------------------------------------------------------------ connected majors
def test_track_that_reaches_no_major_city_connects_none():
    """How to Win ("Major Cities connected") with a one-major condition: Ann's 70M and her line near Alpha
    that stops short of it connect no major city; one more segment into Alpha connects it, and she
    announces with 1 major city connected."""
    g = race((70, 40), rules=eb.ruleset("europe-standard").with_(victory_cash=60, victory_majors=1), connect=())
    st = g.state
    for c in (0, 1):                                     # (0, 6)-(1, 6)-(2, 6): no city
        st.track.add_segment(0, m(c, 6), m(c + 1, 6))
    assert g.connected_majors(0) == [] and g.meets_victory(0) is False
    g.apply(EndTurn())
    assert not st.players[0].announced
    end_round(g)
    st.track.add_segment(0, m(2, 6), m(3, 5))            # into Alpha
    assert g.connected_majors(0) == ["Alpha"] and g.meets_victory(0)
    g.apply(EndTurn())
    assert st.players[0].announced
    assert "Ann announces victory conditions: 70M and 1 major cities connected. The game ends with this round." \
        in st.log
