// The seats' colours and the board as everyone sees them (docs/accessibility.md quotes the
// tables this prints):
// - every two seat colours at least 15 apart (CIEDE2000) with typical vision and under full
//   protanopia, deuteranopia and tritanopia (Machado, Oliveira and Fernandes 2009, severity 1);
//   the palette players reported (red #d21114 and green #3ea859, 13.4 apart for a deuteranope;
//   yellow and green, 13.5 for a protanope) is refused;
// - field and city at least 15 apart in each of those four visions as well (the former ones,
//   #8dbb5a and #d6ad72, were 3.6 apart for a deuteranope);
// - each follower's outline at least 3:1 (WCAG contrast) against field and city, the boundary
//   that carries the follower's contrast (WCAG 1.4.11); the fills' own contrast is printed;
// - the shape on each swatch reads against its fill (4.5:1) and no two seats share a shape.

import { describe, expect, it } from "vitest";
import { FOLLOWER_OUTLINE } from "../src/board/meeple";
import { TILE_COLOURS } from "../src/games/base/board/tile_svg";
import { COLOURS } from "../src/ui/colours";
import { VISION, ciede2000, contrast, difference, type Vision } from "./colour_math";

const MIN_DIFFERENCE = 15;
const MIN_GRAPHIC_CONTRAST = 3;
const VISIONS = Object.keys(VISION) as Vision[];

/** The pairs of `colours` closer than MIN_DIFFERENCE with `vision`, and the table of all pairs. */
function pairs(colours: readonly { name: string; fill: string }[], vision: Vision): { close: string[]; min: number } {
  const close: string[] = [];
  let min = Infinity;
  for (let i = 0; i < colours.length; i++) {
    for (let j = i + 1; j < colours.length; j++) {
      const [a, b] = [colours[i]!, colours[j]!];
      const d = difference(a.fill, b.fill, vision);
      min = Math.min(min, d);
      if (d < MIN_DIFFERENCE) close.push(`${a.name}/${b.name} ${d.toFixed(1)}`);
    }
  }
  return { close, min };
}

describe("CIEDE2000", () => {
  // Sharma, Wu and Dalal (2005), "The CIEDE2000 color-difference formula: implementation notes,
  // supplementary test data, and mathematical observations", table 1: pairs 1, 2, 7, 17-20, 25, 34.
  it.each([
    [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
    [[50, 3.1571, -77.2803], [50, 0, -82.7485], 2.8615],
    [[50, 0, 0], [50, -1, 2], 2.3669],
    [[50, 2.5, 0], [73, 25, -18], 27.1492],
    [[50, 2.5, 0], [61, -5, 29], 22.8977],
    [[50, 2.5, 0], [56, -27, -3], 31.903],
    [[50, 2.5, 0], [58, 24, 15], 19.4535],
    [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
    [[2.0776, 0.0795, -1.135], [0.9033, -0.0636, -0.5514], 0.9082],
  ] as [[number, number, number], [number, number, number], number][])("%j to %j is %f", (a, b, expected) => {
    expect(ciede2000(a, b)).toBeCloseTo(expected, 3);
    expect(ciede2000(b, a)).toBeCloseTo(expected, 3);
  });
});

describe("seat colours (B-2)", () => {
  it("every two are at least 15 apart with each kind of vision", () => {
    const table = VISIONS.map((vision) => ({ vision, ...pairs(COLOURS, vision) }));
    const lines = [`seat colours, CIEDE2000 of the closest pair (at least ${MIN_DIFFERENCE}):`];
    for (const vision of VISIONS) {
      const row = COLOURS.map((a) => COLOURS.map((b) => (a === b ? "  -  " : difference(a.fill, b.fill, vision).toFixed(1).padStart(5))).join(" "));
      lines.push(`  ${vision}: closest ${table.find((t) => t.vision === vision)!.min.toFixed(1)}`);
      lines.push(`    ${COLOURS.map((c) => c.name.padStart(5).slice(0, 5)).join(" ")}`);
      COLOURS.forEach((c, i) => lines.push(`    ${row[i]}  ${c.name}`));
    }
    console.log(lines.join("\n"));
    expect(Object.fromEntries(table.map((t) => [t.vision, t.close]))).toEqual(Object.fromEntries(VISIONS.map((v) => [v, []])));
  });

  it("refuses the palette players reported", () => {
    const reported = [
      { name: "yellow", fill: "#f4bf45" },
      { name: "red", fill: "#d21114" },
      { name: "green", fill: "#3ea859" },
      { name: "grey", fill: "#a7a7a7" },
    ];
    expect(pairs(reported, "deuteranopia").close).toEqual(["red/green 13.4"]);
    expect(pairs(reported, "protanopia").close).toEqual(["yellow/green 13.5"]);
  });

  it("draws each seat's shape readably on its colour, and no two seats share a shape", () => {
    for (const c of COLOURS) expect(contrast(c.fill, c.ink), c.name).toBeGreaterThanOrEqual(4.5);
    expect(new Set(COLOURS.map((c) => c.shape)).size).toBe(COLOURS.length);
  });
});

describe("followers on the board", () => {
  const field = TILE_COLOURS.field;
  const city = TILE_COLOURS.city;

  it("are outlined at 3:1 or more against field and city; the fills' contrast is printed", () => {
    const lines = [`follower contrast (WCAG), field ${field}, city ${city}, outline ${FOLLOWER_OUTLINE}:`];
    for (const c of COLOURS) {
      lines.push(`  ${c.name.padEnd(6)} ${c.fill}  fill/field ${contrast(c.fill, field).toFixed(2)}  fill/city ${contrast(c.fill, city).toFixed(2)}  shape/fill ${contrast(c.ink, c.fill).toFixed(2)}`);
    }
    // Where else a follower stands: a road, a cloister's roof.
    const under = { field, city, road: TILE_COLOURS.road, roof: TILE_COLOURS.roof };
    lines.push(`  ${Object.entries(under).map(([name, c]) => `outline/${name} ${contrast(FOLLOWER_OUTLINE, c).toFixed(2)}`).join("  ")}`);
    console.log(lines.join("\n"));
    for (const [name, c] of Object.entries(under)) expect(contrast(FOLLOWER_OUTLINE, c), name).toBeGreaterThanOrEqual(MIN_GRAPHIC_CONTRAST);
  });

  it("stand on a field and a city that stay apart with each kind of vision; the former ones did not", () => {
    const figures = (f: string, c: string) => `contrast ${contrast(f, c).toFixed(2)}, CIEDE2000 ${VISIONS.map((v) => `${v} ${difference(f, c, v).toFixed(1)}`).join(", ")}`;
    console.log(`field/city ${field}/${city}: ${figures(field, city)}\nformer field/city #8dbb5a/#d6ad72: ${figures("#8dbb5a", "#d6ad72")}`);
    for (const v of VISIONS) expect(difference(field, city, v), v).toBeGreaterThanOrEqual(MIN_DIFFERENCE);
    expect(difference("#8dbb5a", "#d6ad72", "deuteranopia")).toBeLessThan(MIN_DIFFERENCE);
  });
});
