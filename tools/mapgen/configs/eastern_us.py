"""Configuration of the Empire Express board, the eastern United States from Chicago to Boston and south to
Charlotte and Knoxville (``generate.py --board eastern_us``): every hand-picked number and place in one
readable file.

Coordinates are (lat, lon) in degrees (WGS84) unless a comment says otherwise.  Rules:
shared/rules/empire_express_rulebook.txt ("Mileposts connect vertically, or diagonally (never
horizontally)"; "You cannot cross any heavy black lines (such as those along the Atlantic coast or the
Great Lakes)"; the track symbols of the Demo Set Up).
"""

# ----------------------------------------------------------------------------- the board
NAME = "eastern_us"
TITLE = "Empire Express: Eastern United States"
GAME = "express"
FACTS = "data/sources/eastern_us_facts.json"
NOTES = ("Generated from real geography by tools/mapgen/generate.py (see data/README.md, 'The Empire Express "
         "board'): a triangular lattice at %g km on an equal-area projection, turned so that mileposts connect "
         "vertically or diagonally, never horizontally; y grows to the north. Edges over the Atlantic coast's "
         "inlets and the Great Lakes carry 'barrier' (the heavy black lines). Not the printed board.")
SOURCES = "data/geo/eastern_us/ (see data/README.md, 'Sources and licences') and data/sources/eastern_us_facts.json"
LATTICE = "north-south"
SEA_NAMES = ["Atlantic"]
SEA_DEFAULT = "Atlantic"
LAKE_DROP_MIN_KM2 = None           # edges over the Great Lakes are kept, marked as barriers
# The heavy black lines of the printed board, read as: every edge over an ocean inlet (the Atlantic coast:
# Long Island Sound, the Delaware and Chesapeake bays, Hampton Roads, the sounds of North Carolina ...) and
# every edge over one of the Great Lakes.  Edges inside one major city's red area are never barriers.
# An edge is across a lake's line when it runs at least lake_min_units (a fifth of a milepost, ~6 km) over
# the water: a shore milepost's edge that only nicks the simplified outline is not (Buffalo, Toledo).
BARRIERS = {"inlet": "Atlantic coast", "lake_min_units": 0.2}
LAKE_NAMES = {"Lake Michigan": (43.5, -87.3), "Lake Huron": (44.5, -82.4), "Lake Erie": (42.2, -81.2),
              "Lake Ontario": (43.6, -77.8), "Lake St. Clair": (42.45, -82.7)}
DRAW_SIMPLIFY = 0.05
CITY_MIN_GAP = 2                   # no two cities' mileposts are neighbours (as on the Europe board)

# ----------------------------------------------------------------------------- extract window
EXTRACT_BBOX = (-90.5, 33.0, -68.0, 45.8)
LANDMASK_STEP_DEG = 1 / 60
ELEV_STEP_DEG = 1 / 12
LAKE_MIN_KM2 = 100
LAKE_SIMPLIFY_DEG = 0.01
COAST_MIN_KM2 = 40
COAST_SIMPLIFY_DEG = 0.02
RIVER_SIMPLIFY_DEG = 0.005

# ----------------------------------------------------------------------------- lattice
# The scale: the payouts the rulebook names (Pittsburgh steel to Boston 33, New York passengers to Boston 9,
# Hartford machinery to Boston 7, Chicago passengers to Charleston 20, tires and steel to New York 48
# together, New York passengers to Akron 18, New York tobacco 28, Knoxville chemicals 12) fitted to the
# Europe deck's payout model (1.1 x distance + 1.5) by least squares over the straight-line distances
# give 30.9 km per milepost; see data/README.md for the fit on the generated board.
SPACING_KM = 31.0
PROJ_CENTER = (39.5, -79.0)

# Playing area (lon, lat, counter-clockwise): Chicago and Milwaukee to Boston and Portland (Maine), south to
# Charlotte, Knoxville and Chattanooga; the Canadian shore is left out (the border runs through the St.
# Clair and Detroit rivers, Lake Erie, the Niagara, Lake Ontario and the St. Lawrence).
PLAY_AREA = [
    (-88.6, 34.3), (-75.0, 34.3), (-69.8, 40.5), (-69.8, 44.8), (-74.7, 44.8), (-74.7, 45.0), (-76.4, 44.1),
    (-77.5, 43.62), (-79.05, 43.3), (-79.05, 42.85), (-81.0, 42.3), (-82.5, 41.8), (-83.1, 42.05),
    (-82.95, 42.35), (-82.7, 42.5), (-82.42, 42.98), (-82.6, 44.0), (-82.8, 44.8), (-88.6, 44.8),
]
DROP_LANDMASSES: dict = {}
SEPARATE_LANDMASSES: dict = {}
INLET_MAX_SEA_FRACTION = 0.5
INLET_MIN_SEA_SAMPLES = 2
EDGE_SAMPLES = 19
STRAITS: dict = {}
RED_AREA_FORCE_PENALTY = 0.6
PORT_FORCE_PENALTY = 0.35
PORT_FORCE_MAX_DIST = 0.8

# ----------------------------------------------------------------------------- terrain
#   name                        lon_min lat_min lon_max lat_max  mtn_z  mtn_relief  alp_z  alp_relief
TERRAIN_REGIONS = [
    ("Appalachians",              -85.8,  34.3,  -73.6,  43.0,   450,   230,      None,  None),
    ("Adirondacks",               -75.6,  43.0,  -73.4,  44.8,   450,   250,      None,  None),
    ("New England mountains",     -73.6,  41.5,  -69.8,  44.8,   400,   250,      None,  None),
]

# ----------------------------------------------------------------------------- seas
SEA_RULES: list = []
SEA_FAR = 99

# ----------------------------------------------------------------------------- countries
COUNTRY_SEEDS: list = []

# ----------------------------------------------------------------------------- rivers
RIVER_ANCHORS = {
    "Ohio": [(40.44, -80.01), (40.07, -80.72), (38.42, -82.45), (39.09, -84.51), (38.26, -85.76),
             (37.97, -87.57), (37.09, -88.60)],
    "Allegheny": [(42.08, -78.43), (41.84, -79.14), (41.40, -79.83), (40.82, -79.52), (40.44, -80.00)],
    "Monongahela": [(39.48, -80.14), (39.63, -79.96), (40.44, -80.00)],
    "Kanawha": [(38.17, -81.19), (38.35, -81.63), (38.84, -82.14)],
    "Susquehanna": [(42.10, -75.91), (41.25, -75.88), (40.86, -76.79), (40.26, -76.89), (39.60, -76.14)],
    "Delaware": [(41.95, -75.28), (41.37, -74.69), (40.69, -75.21), (40.22, -74.76), (39.95, -75.13)],
    "Potomac": [(39.65, -78.76), (39.70, -78.18), (39.32, -77.73), (38.93, -77.12)],
    "Hudson": [(43.30, -73.64), (42.65, -73.75), (41.70, -73.94), (41.28, -73.96)],
    "Mohawk": [(43.21, -75.46), (43.10, -75.23), (42.81, -73.94), (42.77, -73.70)],
    "Connecticut": [(42.85, -72.55), (42.10, -72.59), (41.77, -72.67), (41.56, -72.65)],
    "James": [(37.41, -79.14), (37.53, -77.43)],
    "Tennessee": [(35.96, -83.92), (35.05, -85.31), (34.36, -86.29), (34.61, -86.98), (34.80, -87.68),
                  (37.07, -88.56)],
    "Wabash": [(40.42, -86.89), (39.47, -87.41), (38.68, -87.53), (37.80, -88.03)],
}
RIVER_ALIASES: dict = {}
RIVER_SNAP_DEG = 0.25
RIVER_GAP_DEG = 0.2
RIVER_GAP_PENALTY = 4.0

# ----------------------------------------------------------------------------- Empire Express track symbols
# Demo Set Up: "Find your track symbol on the board; these symbols appear between two mileposts".  The
# rulebook gives no map here, so this is a reading: each colour's symbols join the route its introductory
# strategy runs on (you start with no money: the first delivery must be possible on the starting track).
# Per colour, legs of waypoints (a city name or lat/lon); the generator lays the cheapest track through
# them (never over a barrier or inside a major city, never on another colour's segment).
STARTING_TRACK = {
    # Orange: Pittsburgh - New York - Hartford - Boston (steel to Boston, passengers New York -> Boston,
    # machinery Hartford -> Boston, electronics back to Pittsburgh)
    "orange": [["Pittsburgh", (40.52, -78.40), (40.60, -75.47), "New York"],
               ["New York", (41.31, -72.92), "Hartford", (42.26, -71.80), "Boston"]],
    # Red: Charleston - Columbus - Chicago (coal, Columbus swine, passengers back to Charleston)
    "red": [["Charleston", "Columbus", (40.78, -84.10), (41.08, -85.14), "Chicago"]],
    # Blue: Knoxville - Roanoke - Washington (marble, Roanoke wood; Charlotte is a detour to build)
    "blue": [["Knoxville", (36.60, -82.19), (37.13, -80.41), "Roanoke", (38.03, -78.48), "Washington"]],
    # Green: Akron - Youngstown - northern Pennsylvania - New York, with a spur to Pittsburgh (tires and
    # steel to New York; Harrisburg is a short build away)
    "green": [["Akron", (41.10, -80.65), (41.21, -79.39), (41.24, -77.00), (40.99, -75.19), "New York"],
              [(41.10, -80.65), "Pittsburgh"]],
}
