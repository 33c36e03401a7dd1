"""Configuration of the Europe board (``generate.py --board europe``): every hand-picked number and place
in one readable file.

Coordinates are (lat, lon) in degrees (WGS84) unless a comment says otherwise. Nothing here is copied from
another project: anchor points are well-known towns on each river, boxes are drawn around the mountain
ranges as named on any atlas, thresholds were tuned by looking at the rendered board (see README.md).
"""

# ----------------------------------------------------------------------------- the board
NAME = "europe"                                     # data/boards/<NAME>.json, data/geo/<NAME>/
TITLE = "Empire Builder: Europe"
GAME = "europe"
FACTS = "data/sources/europe_facts.json"
NOTES = ("Generated from real geography by tools/mapgen/generate.py (see data/README.md, 'The Europe "
         "board'): a triangular lattice at %g km on an equal-area projection; y grows to the north. "
         "Not the printed board: counts and shapes are close to it, not identical.")
SOURCES = "data/geo/ (see data/README.md, 'Sources and licences') and data/sources/europe_facts.json"
LATTICE = "east-west"                               # straight lines of mileposts run east-west (rows)
SEA_NAMES = ["Atlantic", "Northern Seas", "Mediterranean"]
SEA_DEFAULT = "Northern Seas"                       # open water that matches no SEA_RULES polygon
LAKE_DROP_MIN_KM2 = None                            # lakes this large block every edge (None: none do)
BARRIERS = None                                     # Empire Express heavy black lines (None: none)

# ----------------------------------------------------------------------------- extract window
# The extracts in data/geo/ cover this lon/lat box (a margin around the playing area).
EXTRACT_BBOX = (-11.5, 35.5, 25.0, 62.5)          # lon_min, lat_min, lon_max, lat_max
LANDMASK_STEP_DEG = 1 / 60                          # 1 arc-minute (~1.9 km N-S); GLOBE mask is 30"
ELEV_STEP_DEG = 1 / 12                              # the pvlib Altitude.h5 grid (5 arc-minutes)
LAKE_MIN_KM2 = 300                                  # lakes that remove mileposts and tag edges
LAKE_SIMPLIFY_DEG = 0.01
COAST_MIN_KM2 = 40                                  # land polygons kept for drawing
COAST_SIMPLIFY_DEG = 0.02
RIVER_SIMPLIFY_DEG = 0.004

# ----------------------------------------------------------------------------- lattice
SPACING_KM = 44.0                                   # distance between neighbouring mileposts
PROJ_CENTER = (50.0, 8.0)                           # Lambert azimuthal equal-area projection centre (lat, lon)

# Playing area (lon, lat polygon, counter-clockwise): Ireland/Portugal to Warszawa/Beograd, Sevilla/Napoli
# to Aberdeen/Oslo/Stockholm.  Finland, the Baltics east of Kaliningrad, Greece and Sicily are outside.
PLAY_AREA = [
    (-10.8, 35.95), (-5.2, 35.95), (-1.5, 36.6), (11.0, 36.6), (11.0, 38.25), (16.5, 38.25),
    (19.3, 40.2), (19.3, 42.0), (24.0, 42.0), (24.0, 54.25), (22.9, 54.25), (22.9, 55.25),
    (21.0, 55.25), (20.4, 59.2), (19.4, 60.5), (14.0, 61.4), (4.0, 61.4), (-2.0, 59.4), (-10.8, 59.4),
]
# Land masses dropped although partly inside the polygon (a point on each: lat, lon).  Islands and other
# pieces of land with no city on them and no ferry to them (Corsica, Sardinia, the Balearics, ...) are
# dropped by the generator too.
DROP_LANDMASSES = {"Sicily": (37.5, 14.0), "Morocco": (35.7, -5.6), "Algeria": (36.6, 3.0), "Tunisia": (37.0, 9.9)}
# Land masses that only ferries and the Chunnel may join (a point on each: lat, lon).
SEPARATE_LANDMASSES = {"Great Britain": (52.5, -1.5), "Ireland": (53.3, -7.7), "Continent": (48.9, 2.4)}
INLET_MAX_SEA_FRACTION = 0.5                        # drop an edge whose middle is mostly open sea
INLET_MIN_SEA_SAMPLES = 2                           # of 19 samples along an edge: >= this many sea -> inlet
EDGE_SAMPLES = 19
# Straits wider than that rule allows which the printed board crosses with an inlet bridge (a point in
# the strait, lat/lon): the one dropped edge nearest to it is kept.
STRAITS = {"Great Belt (Storebælt)": (55.38, 10.95)}
RED_AREA_FORCE_PENALTY = 0.6                       # a red area may move this far to avoid one point in water
PORT_FORCE_PENALTY = 0.35                           # prefer a land milepost to switching on one off the coast
PORT_FORCE_MAX_DIST = 0.8                           # ... and switch on only lattice points this close to the port

# ----------------------------------------------------------------------------- terrain
# Samples per milepost cell: the centre, 6 at radius 0.25 and 12 at radius 0.45 spacing.
# Each region is a lon/lat box; the first region containing a milepost decides.  A milepost is
#   alpine   if z_high >= alpine_z and relief >= alpine_relief,
#   mountain if z_high >= mountain_z and relief >= mountain_relief,
# where z_high = 3rd highest sample, relief = highest - lowest sample (metres).  Outside all regions
# everything is clear (the printed board has mountains only in named ranges).
#   name                   lon_min lat_min lon_max lat_max  mtn_z  mtn_relief  alp_z  alp_relief
TERRAIN_REGIONS = [
    ("Black Forest",         7.5,  47.55,  9.0,  49.2,   600,   250,      None,  None),
    ("Alps",                 5.0,  43.7,  16.5,  48.2,   700,   350,      2000,   800),
    ("Pyrenees",            -2.0,  42.0,   3.3,  43.4,   700,   400,      None,  None),
    ("Cantabrian range",    -9.0,  42.3,  -2.0,  43.5,   650,   350,      None,  None),
    ("Massif Central",       1.5,  44.0,   4.8,  46.2,   650,   300,      None,  None),
    ("Apennines",            9.0,  38.2,  17.0,  44.6,   600,   400,      None,  None),
    ("Dinaric Alps",        14.5,  41.8,  21.0,  46.0,   600,   400,      None,  None),
    ("Carpathians",         17.0,  47.5,  24.0,  50.2,   500,   300,      None,  None),
    ("Sudetes and Bohemia", 12.0,  48.5,  17.5,  51.2,   550,   250,      None,  None),
    ("Scandinavian mountains", 4.5, 58.0, 16.5,  61.5,   500,   350,      None,  None),
    ("Scottish Highlands",  -8.0,  56.2,  -2.0,  59.0,   300,   250,      None,  None),
    ("Iberian sierras",     -8.0,  36.5,  -0.5,  42.4,   900,   400,      None,  None),
]

# ----------------------------------------------------------------------------- seas
# Which sea each open-water lattice point belongs to (for gales / strikes), decided by the two boundary
# flags of the facts file.  The first matching rule wins; water matching none is "Northern Seas"
# (North Sea, English Channel east of the flag northwest of Nantes, Skagerrak, Kattegat, Baltic).
#   sea, lon/lat polygon
SEA_RULES = [
    # Atlantic west of Land's End / Ushant (and the Minch), and north of Scotland west of Dunnet Head
    ("Atlantic", [(-20, 30), (-5.7, 30), (-5.7, 65), (-20, 65)]),
    ("Atlantic", [(-5.7, 58.4), (-3.4, 58.4), (-3.4, 65), (-5.7, 65)]),
    # Bay of Biscay, south of the flag northwest of Nantes (47.6 N, 3.2 W)
    ("Atlantic", [(-5.7, 42.0), (1.0, 42.0), (1.0, 47.62), (-5.7, 47.62)]),
    # Celtic and Irish seas, Bristol Channel, Firth of Clyde (north of the Cornwall-Devon spine)
    ("Atlantic", [(-5.7, 50.05), (-5.3, 50.2), (-4.8, 50.45), (-4.2, 50.8), (-3.5, 51.0), (-2.3, 51.3),
                  (-2.3, 55.0), (-4.2, 55.0), (-4.2, 56.6), (-5.7, 56.6)]),
    # Gulf of Cadiz and the Iberian west coast, west of the flag southeast of Sevilla (36.2 N, 5.4 W)
    ("Atlantic", [(-5.7, 30), (-5.4, 30), (-5.4, 42.0), (-5.7, 42.0)]),
    ("Mediterranean", [(-5.4, 30), (25, 30), (25, 46.5), (-5.4, 46.5)]),
]
SEA_FAR = 99   # distance recorded for mileposts that cannot reach that sea's coast over land edges

# ----------------------------------------------------------------------------- countries
# Country of a milepost = country of the nearest seed (the 60 cities plus these places), in the plane.
COUNTRY_SEEDS = [
    ("SK", 48.15, 17.11), ("SK", 48.72, 21.26), ("SK", 49.06, 19.3), ("SI", 46.06, 14.51),
    ("ME", 42.44, 19.26), ("RS", 43.32, 21.9), ("BG", 42.7, 23.32), ("BG", 43.85, 23.2), ("RO", 45.75, 21.23),
    ("RO", 46.77, 23.59), ("RO", 47.66, 23.58), ("UA", 48.62, 22.3), ("UA", 49.84, 24.0),
    ("BY", 52.1, 23.7), ("LT", 54.9, 23.9), ("HU", 47.53, 21.63), ("HU", 46.25, 20.15),
    ("HR", 43.51, 16.44), ("HR", 45.33, 14.44), ("BA", 44.77, 17.19), ("AT", 47.27, 11.4),
    ("AT", 47.07, 15.44), ("CH", 46.52, 6.63), ("CH", 46.0, 8.95), ("IT", 46.5, 11.35), ("IT", 45.65, 13.78),
    ("IT", 44.49, 11.34), ("IT", 43.77, 11.25), ("IT", 42.35, 13.4), ("IT", 41.12, 16.87), ("IT", 40.0, 15.8),
    ("IT", 39.3, 16.25), ("FR", 45.76, 4.84), ("FR", 48.58, 7.75), ("FR", 48.39, -4.49), ("FR", 43.3, -0.37),
    ("FR", 42.7, 2.9), ("FR", 49.49, 0.11), ("FR", 44.93, 4.89), ("FR", 43.7, 7.27), ("ES", 42.88, -8.54),
    ("ES", 43.36, -5.85), ("ES", 42.8, -1.64), ("ES", 41.65, -0.88), ("ES", 37.18, -3.6), ("ES", 38.35, -0.48),
    ("ES", 39.47, -6.37), ("ES", 42.34, -3.7), ("ES", 41.62, 0.62), ("PT", 40.2, -8.41), ("PT", 37.02, -7.93),
    ("PT", 38.57, -7.91), ("PT", 41.8, -6.76), ("DE", 48.78, 9.18), ("DE", 49.45, 11.08), ("DE", 54.32, 10.13),
    ("DE", 50.98, 11.03), ("DE", 47.7, 10.3), ("DE", 54.09, 12.1), ("PL", 54.35, 18.65), ("PL", 53.13, 23.16),
    ("PL", 51.25, 22.57), ("PL", 53.0, 16.5), ("CZ", 49.2, 16.6), ("CZ", 49.75, 13.38), ("NL", 53.22, 6.57),
    ("NL", 51.44, 5.48), ("BE", 50.41, 4.44), ("BE", 51.05, 3.72), ("DK", 55.4, 10.39), ("DK", 57.05, 9.92),
    ("DK", 55.47, 8.45), ("NO", 60.39, 5.32), ("NO", 58.15, 8.0), ("NO", 61.1, 10.47), ("NO", 59.27, 10.41),
    ("SE", 55.6, 13.0), ("SE", 56.88, 14.8), ("SE", 60.67, 17.14), ("SE", 59.38, 13.5), ("SE", 61.2, 13.0),
    ("SE", 58.6, 16.2), ("GB", 50.37, -4.14), ("GB", 51.48, -3.18), ("GB", 53.41, -2.99), ("GB", 54.6, -5.93),
    ("GB", 57.48, -4.22), ("GB", 52.63, 1.3), ("IE", 53.27, -9.05), ("IE", 52.26, -7.11), ("IE", 54.27, -8.47),
    ("IE", 54.95, -7.73), ("GB", 54.6, -7.3), ("GB", 55.0, -7.32), ("RU", 54.71, 20.51), ("LU", 49.61, 6.13),
    ("FR", 51.03, 2.37), ("FR", 50.95, 1.86), ("FR", 50.63, 3.06), ("FR", 49.64, -1.62),
    ("FR", 49.12, 6.18), ("FR", 48.69, 6.18), ("FR", 49.26, 4.03), ("FR", 49.77, 4.72), ("FR", 47.24, 6.02),
    ("FR", 45.9, 6.13), ("FR", 47.32, 5.04), ("FR", 48.08, 7.36), ("DE", 49.75, 6.64), ("DE", 49.23, 7.0),
    ("DE", 50.36, 7.6), ("DE", 47.99, 7.85), ("DE", 50.78, 6.08), ("DE", 47.66, 9.17), ("BE", 50.63, 5.57),
    ("BE", 50.0, 5.72), ("AT", 47.5, 9.75), ("IT", 45.74, 7.32), ("IT", 45.81, 9.08), ("IT", 46.14, 9.5),
    ("CH", 46.85, 9.53), ("CH", 46.29, 7.53),
]

# ----------------------------------------------------------------------------- rivers
# Named rivers: WDBII river lines are unnamed, so each river is the shortest path along the river network
# through these anchor points (lat, lon), upstream to downstream; ends lie on the river, not in estuaries.
RIVER_ANCHORS = {
    "Rhein": [(47.66, 8.86), (47.56, 7.60), (48.58, 7.80), (49.49, 8.46), (50.00, 8.27), (50.36, 7.60),
              (50.94, 6.96), (51.23, 6.77), (51.83, 6.25), (51.85, 5.87), (51.83, 4.97)],
    "Donau": [(47.95, 8.50), (48.40, 9.99), (49.02, 12.10), (48.57, 13.46), (48.31, 14.29), (48.21, 16.37),
              (48.14, 17.11), (47.50, 19.05), (45.99, 18.68), (45.25, 19.85), (44.82, 20.46), (44.63, 22.66),
              (43.99, 22.88), (43.83, 23.24)],
    "Elbe": [(50.04, 15.77), (50.35, 14.47), (50.78, 14.21), (51.05, 13.74), (52.13, 11.64), (53.00, 11.75),
             (53.54, 9.98)],
    "Oder": [(49.84, 18.29), (50.67, 17.93), (51.11, 17.04), (51.66, 16.08), (52.35, 14.55), (53.43, 14.56)],
    "Wisła": [(50.05, 19.94), (50.68, 21.75), (52.23, 21.02), (52.55, 19.70), (53.01, 18.60), (53.49, 18.75),
              (54.09, 18.79)],
    "Seine": [(48.30, 4.08), (48.54, 2.66), (48.86, 2.35), (49.44, 1.10), (49.43, 0.75)],
    "Loire": [(46.04, 4.07), (46.99, 3.16), (47.90, 1.90), (47.39, 0.69), (47.43, -0.53), (47.21, -1.55)],
    "Rhône": [(46.20, 6.14), (45.96, 5.83), (45.76, 4.83), (44.93, 4.89), (43.95, 4.81), (43.68, 4.63)],
    "Garonne": [(43.60, 1.44), (44.20, 0.62), (44.84, -0.57), (45.00, -0.60)],
    "Po": [(45.07, 7.69), (45.19, 7.89), (45.05, 9.70), (45.13, 10.02), (45.06, 11.13), (44.95, 12.10)],
    "Ebro": [(42.69, -2.95), (42.47, -2.45), (41.65, -0.88), (40.81, 0.52)],
    "Tajo": [(40.03, -3.60), (39.86, -4.02), (39.96, -4.83), (39.72, -6.89), (39.46, -8.20), (39.24, -8.69)],
    "Duero": [(41.77, -2.47), (41.67, -3.69), (41.50, -5.00), (41.50, -5.75), (41.16, -7.79), (41.14, -8.62)],
    "Guadalquivir": [(38.04, -4.05), (37.88, -4.78), (37.39, -5.99), (37.10, -6.05)],
    "Thames": [(51.75, -1.26), (51.46, -0.97), (51.48, -0.61), (51.51, -0.12)],
    "Severn": [(52.66, -3.15), (52.71, -2.75), (52.19, -2.22), (51.86, -2.25)],
    "Trent": [(53.00, -2.18), (52.80, -1.63), (52.94, -1.13), (53.08, -0.81), (53.40, -0.78)],
    "Shannon": [(53.95, -8.09), (53.42, -7.94), (52.66, -8.63)],
    "Maas": [(48.36, 5.70), (49.16, 5.38), (49.70, 4.94), (50.47, 4.87), (50.63, 5.57), (50.85, 5.69),
             (51.37, 6.17), (51.76, 5.50)],
    "Sava": [(46.07, 14.55), (45.79, 15.97), (45.48, 16.37), (45.15, 18.00), (44.82, 20.45)],
    "Tevere": [(43.10, 12.40), (42.46, 12.39), (41.89, 12.47), (41.75, 12.25)],
}
RIVER_ALIASES = {"Maas": ["Meuse"], "Rhein": ["Rhine"], "Donau": ["Danube"], "Wisła": ["Vistula"],
                 "Tajo": ["Tagus", "Tejo"], "Duero": ["Douro"], "Tevere": ["Tiber"], "Rhône": ["Rhone"]}
RIVER_SNAP_DEG = 0.25        # an anchor must lie this close to a WDBII river vertex
RIVER_GAP_DEG = 0.2          # bridge gaps between river pieces (lakes, data gaps) up to this size
RIVER_GAP_PENALTY = 4.0      # ... at this many times their length
