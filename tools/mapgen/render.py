"""Render a board JSON to a PNG with matplotlib, for checking the generator by eye (not committed).

    python tools/mapgen/render.py [data/boards/europe.json] [out.png] [--crop x0 x1 y0 y1]
"""
from __future__ import annotations

import argparse
import json

import numpy as np


def main(argv=None):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.collections import LineCollection

    ap = argparse.ArgumentParser()
    ap.add_argument("board", nargs="?", default="data/boards/europe.json")
    ap.add_argument("out", nargs="?", default="/tmp/europe.png")
    ap.add_argument("--crop", nargs=4, type=float)
    ap.add_argument("--width", type=float, default=18)
    ap.add_argument("--dpi", type=int, default=100)
    a = ap.parse_args(argv)
    b = json.load(open(a.board, encoding="utf-8"))
    mp = b["mileposts"]
    xy = np.array([(m["x"], m["y"]) for m in mp])
    ter = np.array([m["terrain"] for m in mp])
    ug = np.array([bool(m.get("underground")) for m in mp])
    x0, x1, y0, y1 = a.crop or (xy[:, 0].min() - 1, xy[:, 0].max() + 1, xy[:, 1].min() - 1, xy[:, 1].max() + 1)
    fig, ax = plt.subplots(figsize=(a.width, a.width * (y1 - y0) / (x1 - x0)))
    ax.set_facecolor("#cfe6f3")
    d = b.get("drawing", {})
    for ring in d.get("land", []):
        r = np.array(ring)
        ax.fill(r[:, 0], r[:, 1], color="#f3efe2", ec="#888", lw=0.4, zorder=1)
    for ring in d.get("lakes", []):
        r = np.array(ring)
        ax.fill(r[:, 0], r[:, 1], color="#9fd0ea", ec="#5aa", lw=0.3, zorder=2)
    for nm, lines in d.get("rivers", {}).items():
        for ln in lines:
            ln = np.array(ln)
            ax.plot(ln[:, 0], ln[:, 1], color="#1f6fd1", lw=1.2, zorder=3)
        if lines:
            ln = np.array(lines[0])
            k = len(ln) // 2
            ax.text(ln[k, 0], ln[k, 1], nm, fontsize=7, color="#124", style="italic", zorder=9, clip_on=True)
    E = b["edges"]
    seg = np.array([[xy[e["a"]], xy[e["b"]]] for e in E])
    riv = np.array([bool(e.get("rivers")) for e in E])
    inl = np.array([bool(e.get("inlet")) for e in E])
    lak = np.array([bool(e.get("lake")) for e in E])
    plain = ~riv & ~inl & ~lak
    ax.add_collection(LineCollection(seg[plain], colors="#bbb", lw=0.3, zorder=2.5))
    ax.add_collection(LineCollection(seg[riv], colors="#0a3cff", lw=0.9, zorder=4))
    ax.add_collection(LineCollection(seg[inl], colors="#00a0a0", lw=1.0, linestyles="--", zorder=4))
    ax.add_collection(LineCollection(seg[lak], colors="#ff00ff", lw=0.9, zorder=4))
    bar = np.array([bool(e.get("barrier")) for e in E])
    if bar.any():
        ax.add_collection(LineCollection(seg[bar], colors="k", lw=2.2, zorder=4.5))
    tcol = {"orange": "#ff8c00", "red": "#e00000", "blue": "#0050ff", "green": "#00a000"}
    for colour, pairs in b.get("starting_track", {}).items():
        ts = np.array([[xy[a], xy[bb]] for a, bb in pairs])
        if len(ts):
            ax.add_collection(LineCollection(ts, colors=tcol.get(colour, "m"), lw=3, alpha=0.8, zorder=6.5))
    for f in b.get("ferries", []) + b.get("tunnels", []):
        p = xy[f["ports"]]
        ax.plot(p[:, 0], p[:, 1], color="#a00", lw=1.5, ls=":", zorder=5)
        ax.text(p[:, 0].mean(), p[:, 1].mean(), f"{f['name']} {f['cost']}", fontsize=6, color="#a00", zorder=9, clip_on=True)
    m = (ter == "clear") & ~ug
    ax.plot(xy[m, 0], xy[m, 1], ".", color="k", ms=2.5, zorder=5)
    m = ter == "mountain"
    ax.plot(xy[m, 0], xy[m, 1], "^", color="#8b5a2b", ms=4, zorder=5)
    m = ter == "alpine"
    ax.plot(xy[m, 0], xy[m, 1], "^", color="#d00000", ms=5, zorder=6)
    ax.plot(xy[ug, 0], xy[ug, 1], "o", mfc="none", mec="#a00", ms=4, zorder=6)
    col = {"major": "#d00000", "key": "#ff6000", "medium": "#ff9f00", "small": "#ffd000"}
    for c in b["cities"]:
        p = xy[c["mileposts"]]
        ax.plot(p[:, 0], p[:, 1], "h" if len(p) > 1 else "s", color=col[c["size"]], mec="k", mew=0.4,
                ms=7 if len(p) > 1 else 6, zorder=7)
        ax.text(xy[c["center"], 0] + 0.3, xy[c["center"], 1] + 0.25, c["name"], fontsize=7, zorder=9,
                weight="bold" if c["size"] in ("major", "key") else None, clip_on=True)
    for fl in d.get("flags", []):
        ax.plot(fl["x"], fl["y"], "P", color="#e0c000", mec="k", ms=10, zorder=8)
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    cnt = {t: int((ter == t).sum()) for t in ("clear", "mountain", "alpine")}
    ax.set_title(f"{b['title']}: {int((~ug).sum())} land mileposts {cnt}; blue=river, teal dashed=inlet, "
                 f"magenta=lake, red dotted=ferry/Chunnel, thick black=barrier, thick colours=starting track", fontsize=9)
    plt.tight_layout()
    plt.savefig(a.out, dpi=a.dpi)
    print("wrote", a.out)


if __name__ == "__main__":
    main()
