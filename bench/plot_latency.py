#!/usr/bin/env python3
"""Plot p99 latency against offered load, one line per target, as a standalone SVG.

Input is JSON Lines from the load generator: one report object per line, blank lines
ignored, extra keys ignored. Each report needs
  "target":         series name (string, 1..40 characters)
  "offered_per_s":  command rate the generator aimed at (number > 0)
  "commands_per_s": rate achieved (number >= 0)
  "latency_ms":     {"p50": n, "p99": n, "max": n}
The x axis is offered commands/s (linear, from 0); the y axis is p99 latency in ms on a
log10 scale, because latency near saturation spans orders of magnitude. Hovering a marker
shows its figures. Python 3 standard library only; same input gives byte-identical output.

  python3 bench/plot_latency.py IN.jsonl OUT.svg [--title TEXT]
"""
import argparse
import json
import math
import sys
from xml.sax.saxutils import escape

W, H = 720, 420
LEFT, RIGHT, BOTTOM = 70, 20, 48
# Okabe-Ito, minus yellow (unreadable on white); dashes and shapes keep series apart in greyscale.
COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"]
DASHES = ["", "7 4", "2 3", "9 3 2 3", "4 2", "1 4", "12 4"]
SHAPES = ["circle", "square", "triangle", "diamond"]
Y_LABEL = "p99 latency, ms (command sent -> its events at every seat)"


class InputError(Exception):
    pass


def number(obj, key, where, name=None):
    name = name or key
    if key not in obj:
        raise InputError(f"{where}: missing key '{name}'")
    v = obj[key]
    # bool is an int subclass, and json accepts NaN/Infinity; neither is a measurement.
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        raise InputError(f"{where}: key '{name}' must be a finite number")
    return float(v)


def read_points(path):
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.readlines()
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(f"cannot read {path}: {e}")
    points = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        where = f"{path}:{n}"
        try:
            obj = json.loads(line)
        except ValueError as e:
            raise InputError(f"{where}: bad JSON: {e}")
        if not isinstance(obj, dict):
            raise InputError(f"{where}: expected a JSON object")
        target = obj.get("target")
        if "target" not in obj:
            raise InputError(f"{where}: missing key 'target'")
        if not isinstance(target, str) or not 1 <= len(target) <= 40:
            raise InputError(f"{where}: key 'target' must be a string of 1..40 characters")
        offered = number(obj, "offered_per_s", where)
        achieved = number(obj, "commands_per_s", where)
        if offered <= 0:
            raise InputError(f"{where}: key 'offered_per_s' must be > 0")
        if achieved < 0:
            raise InputError(f"{where}: key 'commands_per_s' must be >= 0")
        if "latency_ms" not in obj:
            raise InputError(f"{where}: missing key 'latency_ms'")
        lat = obj["latency_ms"]
        if not isinstance(lat, dict):
            raise InputError(f"{where}: key 'latency_ms' must be an object")
        p50, p99, _ = (number(lat, k, where, f"latency_ms.{k}") for k in ("p50", "p99", "max"))
        points.append((target, offered, achieved, p50, p99))
    if not points:
        raise InputError(f"{path}: no points")
    return points


def fmt(v):
    return f"{v:,.0f}" if v >= 1 and v == int(v) else f"{v:g}"


def nice_step(span, count=5):
    raw = span / count
    mag = 10 ** math.floor(math.log10(raw))
    return next(m * mag for m in (1, 2, 5, 10) if m * mag >= raw * (1 - 1e-9))


def marker(shape, x, y, colour, cls, title=""):
    r = 4
    if shape == "circle":
        tag, geom = "circle", f'cx="{x:.1f}" cy="{y:.1f}" r="{r}"'
    elif shape == "square":
        tag, geom = "rect", f'x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r}" height="{2 * r}"'
    else:
        pts = ([(0, -r - 1), (r + 1, r), (-r - 1, r)] if shape == "triangle"
               else [(0, -r - 1), (r + 1, 0), (0, r + 1), (-r - 1, 0)])
        tag = "polygon"
        geom = 'points="%s"' % " ".join(f"{x + dx:.1f},{y + dy:.1f}" for dx, dy in pts)
    head = f'<{tag} {geom} class="{cls}" fill="{colour}" stroke="#fff" stroke-width="1"'
    return f"{head}><title>{escape(title)}</title></{tag}>" if title else head + "/>"


def render(points, title):
    top = 40 if title else 20
    pw, ph = W - LEFT - RIGHT, H - top - BOTTOM
    series = {}
    for p in points:
        series.setdefault(p[0], []).append(p)
    names = sorted(series)  # by name, so colours do not depend on input line order
    for name in names:
        series[name].sort(key=lambda p: (p[1], p[4], p[2], p[3]))

    xstep = nice_step(max(p[1] for p in points))
    xmax = math.ceil(max(p[1] for p in points) / xstep - 1e-9) * xstep
    positive = [p[4] for p in points if p[4] > 0]
    lo = math.floor(math.log10(min(positive))) if positive else 0
    hi = math.ceil(math.log10(max(positive))) if positive else 1
    hi = max(hi, lo + 1)
    floor = 10.0 ** lo

    def sx(v):
        return LEFT + pw * v / xmax

    def sy(v):
        return top + ph * (hi - math.log10(max(v, floor))) / (hi - lo)

    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{W}" height="{H}" '
           f'viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="11">',
           f'<rect width="{W}" height="{H}" fill="#fff"/>']
    if title:
        out.append(f'<text x="{W / 2:.1f}" y="24" text-anchor="middle" font-size="14" '
                   f'font-weight="bold">{escape(title)}</text>')
    out.append('<g class="grid" stroke="#ddd" stroke-width="1">')
    xticks = [i * xstep for i in range(round(xmax / xstep) + 1)]
    # 2x and 5x ticks only help when few decades are shown; beyond that they crowd the axis.
    mults = (1, 2, 5) if hi - lo <= 2 else (1,)
    yticks = [m * 10.0 ** e for e in range(lo, hi + 1) for m in mults if e < hi or m == 1]
    labels = []
    for t in xticks:
        x = sx(t)
        out.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{top + ph}"/>')
        labels.append(f'<text x="{x:.1f}" y="{top + ph + 16}" text-anchor="middle">{fmt(t)}</text>')
    for t in yticks:
        y = sy(t)
        out.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + pw}" y2="{y:.1f}"/>')
        labels.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{fmt(t)}</text>')
    out.append("</g>")
    out.append(f'<rect x="{LEFT}" y="{top}" width="{pw}" height="{ph}" fill="none" stroke="#333"/>')
    out += labels
    out.append(f'<text x="{LEFT + pw / 2:.1f}" y="{H - 10}" '
               'text-anchor="middle">offered commands/s</text>')
    out.append(f'<text x="16" y="{H / 2:.1f}" text-anchor="middle" '
               f'transform="rotate(-90 16 {H / 2:.1f})">{escape(Y_LABEL)}</text>')

    for i, name in enumerate(names):
        colour, dash, shape = (COLOURS[i % len(COLOURS)], DASHES[i % len(DASHES)],
                               SHAPES[i % len(SHAPES)])
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        coords = " ".join(f"{sx(p[1]):.1f},{sy(p[4]):.1f}" for p in series[name])
        out.append('<g class="series">')
        out.append(f'<polyline points="{coords}" fill="none" stroke="{colour}" '
                   f'stroke-width="2"{dash_attr}/>')
        for _, offered, achieved, p50, p99 in series[name]:
            tip = (f"{name}\noffered {fmt(offered)}/s, achieved {achieved:g}/s\n"
                   f"p50 {p50:g} ms, p99 {p99:g} ms")
            if p99 <= 0:
                tip += f"\np99 <= 0: drawn at the axis floor ({floor:g} ms)"
            out.append(marker(shape, sx(offered), sy(p99), colour, "marker", tip))
        out.append("</g>")

    # Top left of the plot: latency climbs to the right, so that corner is usually empty.
    lw = 44 + 6.5 * max(len(n) for n in names)
    out.append(f'<g class="legend"><rect x="{LEFT + 8}" y="{top + 8}" width="{lw:.1f}" '
               f'height="{8 + 16 * len(names)}" fill="#fff" fill-opacity="0.85" stroke="#999"/>')
    for i, name in enumerate(names):
        colour, dash = COLOURS[i % len(COLOURS)], DASHES[i % len(DASHES)]
        y = top + 20 + 16 * i
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<line x1="{LEFT + 14}" y1="{y}" x2="{LEFT + 42}" y2="{y}" stroke="{colour}" '
                   f'stroke-width="2"{dash_attr}/>')
        out.append(marker(SHAPES[i % len(SHAPES)], LEFT + 28, y, colour, "legend-marker"))
        out.append(f'<text x="{LEFT + 48}" y="{y + 4}">{escape(name)}</text>')
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(prog="plot_latency", description=__doc__.split("\n")[0])
    ap.add_argument("input", help="JSON Lines load-test reports")
    ap.add_argument("output", help="SVG file to write")
    ap.add_argument("--title", default="", help="chart title")
    args = ap.parse_args(argv)
    try:
        points = read_points(args.input)
        svg = render(points, args.title)
        with open(args.output, "w", encoding="utf-8", newline="\n") as f:
            f.write(svg)
    except InputError as e:
        print(f"plot_latency: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"plot_latency: cannot write {args.output}: {e}", file=sys.stderr)
        return 2
    nseries = len({p[0] for p in points})
    print(f"plot_latency: wrote {args.output} ({len(points)} points, {nseries} series)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
