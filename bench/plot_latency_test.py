#!/usr/bin/env python3
"""Tests for bench/plot_latency.py; runs the script as a subprocess on temp files.

  python3 bench/plot_latency_test.py
"""
import json
import os
import random
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "plot_latency.py")
NS = "{http://www.w3.org/2000/svg}"


def report(target, offered, p99, p50=1.0):
    return {"target": target, "offered_per_s": offered, "commands_per_s": offered * 0.99,
            "latency_ms": {"p50": p50, "p99": p99, "max": p99 * 2}, "ignored": [1, 2]}


def two_series():
    rows = [report("carcassonne-server", r, p) for r, p in
            [(100, 2.0), (200, 3.5), (400, 8.0), (800, 120.0)]]
    rows += [report("ws relay", r, p) for r, p in [(100, 0.8), (300, 1.5), (900, 40.0)]]
    return rows


class PlotLatencyTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)

    def write(self, text, name="in.jsonl"):
        path = os.path.join(self.tmp.name, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return path

    def run_script(self, text, *extra, out="out.svg"):
        src = self.write(text)
        dst = os.path.join(self.tmp.name, out)
        proc = subprocess.run([sys.executable, SCRIPT, src, dst, *extra],
                              capture_output=True, text=True)
        return proc, dst

    def plot(self, rows, *extra, out="out.svg"):
        text = "\n".join(json.dumps(r) for r in rows) + "\n\n"
        proc, dst = self.run_script(text, *extra, out=out)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertNotIn("Traceback", proc.stderr)
        with open(dst, "rb") as f:
            data = f.read()
        return proc, data, ET.fromstring(data)

    @staticmethod
    def series(root):
        """Per series group: (polyline points as (x, y), markers)."""
        out = []
        for g in root.iter(NS + "g"):
            if g.get("class") == "series":
                line = g.find(NS + "polyline")
                pts = [tuple(map(float, p.split(","))) for p in line.get("points").split()]
                out.append((pts, [m for m in g if m.get("class") == "marker"]))
        return out

    def test_two_series(self):
        proc, _, root = self.plot(two_series(), "--title", "Load & latency")
        self.assertEqual(root.tag, NS + "svg")
        self.assertEqual(len(list(root.iter(NS + "polyline"))), 2)
        markers = [m for m in root.iter() if m.get("class") == "marker"]
        self.assertEqual(len(markers), 7)
        for m in markers:
            self.assertIsNotNone(m.find(NS + "title"))
        self.assertEqual([len(ms) for _, ms in self.series(root)], [4, 3])
        legend = next(g for g in root.iter(NS + "g") if g.get("class") == "legend")
        texts = [t.text for t in legend.iter(NS + "text")]
        self.assertEqual(texts, ["carcassonne-server", "ws relay"])
        all_text = [t.text for t in root.iter(NS + "text")]
        self.assertIn("Load & latency", all_text)
        self.assertIn("offered commands/s", all_text)
        self.assertEqual(proc.stdout.strip(),
                         f"plot_latency: wrote {os.path.join(self.tmp.name, 'out.svg')}"
                         " (7 points, 2 series)")

    def test_shuffled_input_sorted_by_x(self):
        rows = two_series()
        random.Random(7).shuffle(rows)
        _, _, root = self.plot(rows)
        for pts, _ in self.series(root):
            xs = [x for x, _ in pts]
            self.assertEqual(xs, sorted(xs))
            self.assertEqual(len(set(xs)), len(xs))

    def test_larger_p99_is_higher(self):
        _, _, root = self.plot(two_series())
        pts, _ = self.series(root)[0]  # carcassonne-server: p99 rises with rate
        ys = [y for _, y in pts]
        self.assertEqual(ys, sorted(ys, reverse=True))
        self.assertGreater(ys[0], ys[-1])

    def test_deterministic(self):
        rows = two_series()
        _, a, _ = self.plot(rows, "--title", "t", out="a.svg")
        _, b, _ = self.plot(rows, "--title", "t", out="b.svg")
        self.assertEqual(a, b)

    def test_zero_p99_clamped_and_flagged(self):
        _, _, root = self.plot([report("a", 10, 0.0), report("a", 20, 5.0)])
        pts, markers = self.series(root)[0]
        self.assertIn("axis floor", markers[0].find(NS + "title").text)
        self.assertNotIn("axis floor", markers[1].find(NS + "title").text)
        self.assertGreater(pts[0][1], pts[1][1])

    def assert_fails(self, text, *needles):
        proc, dst = self.run_script(text)
        self.assertEqual(proc.returncode, 2, proc.stderr)
        self.assertTrue(proc.stderr.startswith("plot_latency: "), proc.stderr)
        self.assertEqual(len(proc.stderr.strip().splitlines()), 1, proc.stderr)
        self.assertNotIn("Traceback", proc.stderr)
        for needle in needles:
            self.assertIn(needle, proc.stderr)
        self.assertFalse(os.path.exists(dst))

    def test_bad_json_line(self):
        good = json.dumps(report("a", 10, 1.0))
        self.assert_fails(f"{good}\n\n{{not json\n", "in.jsonl:3", "bad JSON")

    def test_missing_latency(self):
        row = report("a", 10, 1.0)
        del row["latency_ms"]
        self.assert_fails(json.dumps(report("a", 5, 1.0)) + "\n" + json.dumps(row) + "\n",
                          "in.jsonl:2", "latency_ms")

    def test_missing_p99(self):
        row = report("a", 10, 1.0)
        del row["latency_ms"]["p99"]
        self.assert_fails(json.dumps(row) + "\n", "in.jsonl:1", "latency_ms.p99")

    def test_empty_file(self):
        self.assert_fails("", "no points")
        self.assert_fails("\n  \n", "no points")

    def test_missing_file(self):
        dst = os.path.join(self.tmp.name, "out.svg")
        proc = subprocess.run([sys.executable, SCRIPT, os.path.join(self.tmp.name, "nope"), dst],
                              capture_output=True, text=True)
        self.assertEqual(proc.returncode, 2)
        self.assertTrue(proc.stderr.startswith("plot_latency: "), proc.stderr)
        self.assertNotIn("Traceback", proc.stderr)

    def test_escaped_target(self):
        _, data, root = self.plot([report("a<&>b", 10, 1.0), report("a<&>b", 20, 3.0)],
                                  "--title", "<&>")
        self.assertIn(b"a&lt;&amp;&gt;b", data)
        self.assertNotIn(b"a<&>b", data)
        legend = next(g for g in root.iter(NS + "g") if g.get("class") == "legend")
        self.assertEqual([t.text for t in legend.iter(NS + "text")], ["a<&>b"])


if __name__ == "__main__":
    unittest.main()
