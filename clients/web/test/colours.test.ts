// The seats' colours as colour-blind players see them: each pair must stay apart under full
// protanopia, deuteranopia and tritanopia (the Machado, Oliveira and Fernandes 2009 simulation
// matrices, severity 1, applied in linear RGB), measured as the CIE 1976 distance in L*a*b*. The
// former red and green (#c62828, #2e7d32) were 15.8 apart for a deuteranope: this test refused
// them. Also: the shape on each swatch reads against its fill (WCAG contrast 4.5) and no two
// seats share a shape, the second cue besides colour.

import { describe, expect, it } from "vitest";
import { COLOURS } from "../src/ui/colours";

type Rgb = [number, number, number];
type Matrix = [Rgb, Rgb, Rgb];

const VISION: Record<string, Matrix> = {
  typical: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

/** At least this far apart (CIE76): about twice what the eye needs to tell two swatches apart at a glance. */
const MIN_DISTANCE = 25;

function linear(hex: string): Rgb {
  const c = (i: number) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return [c(1), c(3), c(5)];
}

function seen(hex: string, m: Matrix): Rgb {
  const rgb = linear(hex);
  const row = (r: Rgb) => Math.min(1, Math.max(0, r[0] * rgb[0] + r[1] * rgb[1] + r[2] * rgb[2]));
  return [row(m[0]), row(m[1]), row(m[2])];
}

function lab([r, g, b]: Rgb): Rgb {
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

function distance(a: string, b: string, m: Matrix): number {
  const [p, q] = [lab(seen(a, m)), lab(seen(b, m))];
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

function luminance(hex: string): number {
  const [r, g, b] = linear(hex);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe("seat colours (B-2)", () => {
  it.each(Object.keys(VISION))("every two stay apart with %s", (vision) => {
    const m = VISION[vision]!;
    const close: string[] = [];
    for (let i = 0; i < COLOURS.length; i++) {
      for (let j = i + 1; j < COLOURS.length; j++) {
        const d = distance(COLOURS[i]!.fill, COLOURS[j]!.fill, m);
        if (d < MIN_DISTANCE) close.push(`${COLOURS[i]!.name}/${COLOURS[j]!.name} ${d.toFixed(1)}`);
      }
    }
    expect(close).toEqual([]);
  });

  it("refuses the former red and green for a deuteranope", () => {
    expect(distance("#c62828", "#2e7d32", VISION.deuteranopia!)).toBeLessThan(MIN_DISTANCE);
  });

  it("draws each seat's shape readably on its colour, and no two seats share a shape", () => {
    for (const c of COLOURS) {
      const [hi, lo] = [luminance(c.fill), luminance(c.ink)].sort((a, b) => b - a) as [number, number];
      expect((hi + 0.05) / (lo + 0.05), c.name).toBeGreaterThanOrEqual(4.5);
    }
    expect(new Set(COLOURS.map((c) => c.shape)).size).toBe(COLOURS.length);
  });
});
