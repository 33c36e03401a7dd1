"""Configuration of the Empire Builder (US) board, the United States and southern Canada
(``generate.py --board north_america``): every hand-picked number and place in one readable file.

Coordinates are (lat, lon) in degrees (WGS84) unless a comment says otherwise.  Anchor points are
well-known towns on each river, boxes are drawn around the mountain ranges as named on any atlas,
thresholds were tuned by looking at the rendered board (see README.md).  Scale and counts follow the
printed board as summarised in shared/reference/game_facts.md ("Empire Builder, US").
"""

# ----------------------------------------------------------------------------- the board
NAME = "north_america"
TITLE = "Empire Builder: North America"
GAME = "us"
FACTS = "data/sources/north_america_facts.json"
NOTES = ("Generated from real geography by tools/mapgen/generate.py (see data/README.md, 'The North America "
         "board'): a triangular lattice at %g km on an equal-area projection, turned so that straight lines of "
         "mileposts run north-south; y grows to the north. Not the printed board: counts and shapes are close "
         "to it, not identical.")
SOURCES = ("data/geo/north_america/ (see data/README.md, 'Sources and licences') and "
           "data/sources/north_america_facts.json")
LATTICE = "north-south"                             # the printed US board: no east-west lines of mileposts
SEA_NAMES = ["Atlantic", "Gulf", "Pacific"]
SEA_DEFAULT = "Atlantic"
# The Great Lakes (and Lake Winnipeg) are impassable: no edge crosses a lake this large.
LAKE_DROP_MIN_KM2 = 15000
BARRIERS = None
DRAW_SIMPLIFY = 0.03

# ----------------------------------------------------------------------------- extract window
EXTRACT_BBOX = (-126.0, 24.0, -65.0, 53.5)          # lon_min, lat_min, lon_max, lat_max
LANDMASK_STEP_DEG = 1 / 30                          # 2 arc-minutes (~3.7 km N-S; edges are 85 km)
ELEV_STEP_DEG = 1 / 12                              # the pvlib Altitude.h5 grid (5 arc-minutes)
LAKE_MIN_KM2 = 500                                  # lakes that remove mileposts and tag edges
LAKE_SIMPLIFY_DEG = 0.03
COAST_MIN_KM2 = 400                                 # land polygons kept for drawing
COAST_SIMPLIFY_DEG = 0.05
RIVER_SIMPLIFY_DEG = 0.01

# ----------------------------------------------------------------------------- lattice
# The scale.  game_facts.md gives "about 85 km per milepost" and "about 2,140 land mileposts" for the printed
# board; over the real area (the US and southern Canada, ~9 million km2 of land) the two do not agree: at
# 85 km this generator lays 1,430 land mileposts, and the deck's candidate payouts (0.96 x distance + 1.6)
# have quartiles 11 / 17 / 23 instead of the printed deck's 14 / 20.5 / 28.  At 70 km both agree with the
# printed board and deck: ~2,100 land mileposts and candidate payout quartiles 13 / 20 / 28.  The milepost
# count and the deck's distances are what the game plays on, so the board is laid at 70 km.
SPACING_KM = 70.0
PROJ_CENTER = (40.0, -96.0)                         # Lambert azimuthal equal-area projection centre (lat, lon)

# Playing area (lon, lat polygon, counter-clockwise): the US-Mexico border (Tijuana, the Arizona and New
# Mexico line, the Rio Grande from El Paso to Brownsville), the Gulf and the Atlantic to Maine and New
# Brunswick, north through Quebec and Ontario to Manitoba, Saskatchewan, Alberta and British Columbia.
PLAY_AREA = [
    (-117.12, 32.53), (-114.72, 32.72), (-111.07, 31.33), (-108.21, 31.33), (-108.21, 31.78),
    (-106.53, 31.78), (-106.2, 31.45), (-104.5, 29.62), (-103.2, 28.97), (-102.4, 29.78), (-101.4, 29.77),
    (-100.3, 28.3), (-99.5, 27.5), (-99.1, 26.45), (-97.15, 25.9), (-96.9, 24.0), (-80.0, 24.0),
    (-66.8, 30.0), (-66.8, 47.7), (-72.0, 47.7), (-80.0, 47.7), (-90.0, 49.7), (-100.0, 51.5),
    (-115.0, 52.5), (-124.2, 51.5), (-123.6, 49.6), (-123.3, 49.1), (-123.2, 48.33), (-125.8, 48.33),
    (-125.8, 32.0),
]
# Vancouver Island is outside the playing area's western edge (it runs down the Strait of Georgia and
# through the Strait of Juan de Fuca); islands without a city are dropped by the generator.
DROP_LANDMASSES: dict = {}
SEPARATE_LANDMASSES: dict = {}                      # no ferries: nothing is joined only by sea
INLET_MAX_SEA_FRACTION = 0.5
INLET_MIN_SEA_SAMPLES = 2
EDGE_SAMPLES = 19
STRAITS: dict = {}
# At 85 km, Philadelphia is 1.6 mileposts from New York's centre and Montreal-Toronto-Detroit-Buffalo are
# close together: cities may touch (neighbouring mileposts of two cities), never share a milepost.
# (Europe: CITY_MIN_GAP = 2, no two cities' mileposts are neighbours.)
CITY_MIN_GAP = 1
RED_AREA_FORCE_PENALTY = 0.25                      # keep coastal majors (Los Angeles, New York) on the coast
PORT_FORCE_PENALTY = 0.35
PORT_FORCE_MAX_DIST = 0.8

# ----------------------------------------------------------------------------- terrain
# As for Europe: mountain if z_high >= mtn_z and relief >= mtn_relief (metres; z_high = 3rd highest of 19
# samples in the milepost's cell, relief = highest - lowest).  No alpine class on this board.  The first box
# containing a milepost decides; outside every box the board is clear (the Great Plains, the Midwest, the
# coastal plains).
#   name                        lon_min lat_min lon_max lat_max  mtn_z  mtn_relief  alp_z  alp_relief
TERRAIN_REGIONS = [
    ("Coast Ranges",              -125.8,  32.3, -121.9,  51.0,   350,   450,      None,  None),
    ("Cascades and Sierra Nevada", -121.9, 34.6, -117.6,  51.0,   900,   650,      None,  None),
    ("Southern California ranges", -121.9, 32.3, -115.8,  34.6,   700,   700,      None,  None),
    ("Rocky Mountains",           -117.6,  31.3, -104.6,  53.0,  1400,   550,      None,  None),
    ("Appalachians",               -86.0,  33.4,  -66.8,  48.0,   320,   250,      None,  None),
]

# ----------------------------------------------------------------------------- seas
# Which sea each open-water lattice point belongs to (gales, coastal strikes).  The Gulf of Mexico is
# split from the Atlantic at the Florida Keys; the Pacific is everything west of the continent.  Water
# matching no rule is the Atlantic (the east coast, the Gulf of St. Lawrence, the Bay of Fundy).
SEA_RULES = [
    ("Pacific", [(-140, 20), (-105, 20), (-105, 60), (-140, 60)]),
    ("Gulf", [(-100, 15), (-80.6, 15), (-80.6, 24.7), (-81.8, 25.4), (-82.6, 31.5), (-100, 31.5)]),
]
SEA_FAR = 99

# ----------------------------------------------------------------------------- countries
COUNTRY_SEEDS = [
    ("CA", 49.0, -123.0), ("CA", 50.5, -120.0), ("CA", 49.5, -117.0), ("CA", 49.6, -112.0), ("CA", 49.6, -108.0),
    ("CA", 49.6, -102.0), ("CA", 49.5, -97.0), ("CA", 49.3, -94.5), ("CA", 48.6, -89.5), ("CA", 48.0, -84.0),
    ("CA", 45.3, -75.7), ("CA", 45.4, -72.0), ("CA", 46.8, -71.2), ("CA", 45.9, -66.6), ("CA", 44.2, -76.5),
    ("CA", 42.3, -83.0), ("CA", 43.0, -81.2), ("CA", 47.4, -68.3),
    ("US", 48.4, -122.4), ("US", 48.4, -117.4), ("US", 48.4, -112.0), ("US", 48.4, -106.0), ("US", 48.4, -100.0),
    ("US", 48.4, -95.0), ("US", 47.4, -92.0), ("US", 46.5, -84.4), ("US", 44.8, -75.0), ("US", 44.8, -72.0),
    ("US", 46.7, -68.0), ("US", 45.2, -67.3), ("US", 42.6, -82.7), ("US", 43.1, -76.1),
]

# ----------------------------------------------------------------------------- rivers
# Named rivers routed along the unnamed WDBII lines through these anchor points (lat, lon), upstream to
# downstream; ends lie on the river, not in estuaries.
RIVER_ANCHORS = {
    "Mississippi": [(47.47, -94.88), (45.56, -94.16), (44.98, -93.26), (43.80, -91.25), (42.50, -90.66),
                    (41.52, -90.58), (38.63, -90.18), (37.00, -89.18), (35.15, -90.06), (32.35, -90.88),
                    (30.45, -91.19), (29.95, -90.07), (29.28, -89.36)],
    "Missouri": [(45.92, -111.50), (47.50, -111.30), (46.81, -100.78), (44.37, -100.35), (42.49, -96.40),
                 (41.26, -95.92), (39.11, -94.59), (38.58, -92.17), (38.80, -90.48)],
    "Ohio": [(40.44, -80.01), (40.07, -80.72), (38.42, -82.45), (39.09, -84.51), (38.26, -85.76), (37.97, -87.57),
             (37.09, -88.60), (37.00, -89.17)],
    "Arkansas": [(39.25, -106.29), (38.44, -105.24), (38.27, -104.61), (37.75, -100.02), (37.69, -97.34),
                 (36.15, -95.99), (35.39, -94.43), (34.75, -92.27), (34.23, -92.00)],
    "Red": [(34.38, -99.30), (33.87, -97.95), (33.82, -96.57), (33.55, -94.04), (32.52, -93.75), (31.31, -92.44)],
    "Platte": [(42.85, -106.32), (41.87, -103.66), (41.12, -100.77), (40.68, -99.08), (41.43, -97.36),
               (41.43, -96.50), (41.02, -95.88)],
    "Tennessee": [(35.96, -83.92), (35.05, -85.31), (34.36, -86.29), (34.61, -86.98), (34.80, -87.68),
                  (37.07, -88.56)],
    "Columbia": [(49.32, -117.66), (48.70, -118.10), (47.42, -120.31), (46.23, -119.10), (45.61, -121.18),
                 (45.60, -122.68), (46.11, -122.95)],
    "Snake": [(43.49, -112.04), (42.60, -114.46), (44.02, -116.96), (46.42, -117.03), (46.24, -119.03)],
    "Colorado": [(39.55, -107.32), (39.06, -108.55), (38.60, -109.57), (36.93, -111.48), (36.10, -112.10), (35.15, -114.57),
                 (34.84, -114.61), (32.72, -114.62)],
    "Rio Grande": [(37.68, -106.35), (35.08, -106.65), (34.06, -106.89), (32.31, -106.78), (31.76, -106.45),
                   (29.56, -104.37), (27.50, -99.51), (25.90, -97.50)],
    "Hudson": [(43.30, -73.64), (42.65, -73.75), (41.70, -73.94), (41.28, -73.96)],
    "St. Lawrence": [(44.20, -76.40), (45.00, -74.73), (45.50, -73.55), (46.35, -72.55)],
}
RIVER_ALIASES = {"Red": ["Red River"], "St. Lawrence": ["Saint Lawrence"]}
RIVER_SNAP_DEG = 0.3
RIVER_GAP_DEG = 0.3
RIVER_GAP_PENALTY = 4.0
