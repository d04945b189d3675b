// Followers readable by everyone, measured in Chromium on a 390x844 phone against a real
// carcassonne-server (docs/accessibility.md quotes what this prints): Ann creates a room of six,
// fills the five free seats with easy computer players and plays until followers of all six
// seats stand on the board. At the start of her next turn, in the view the phone fits to the
// board, the test reads from the page what the browser drew: each follower's fill, outline and
// on-screen box, and the fills of every field and city. It asserts each outline at 3:1 or more
// against field and city, each follower at least 20 px on its narrower side, every two seats'
// fills at least 15 apart (CIEDE2000) with typical vision and under the protanopia,
// deuteranopia and tritanopia simulations, field and city as far apart with masonry on every
// city, and axe-core finds nothing on the screen.
//
// Screenshot in CARC_E2E_OUT: followers-phone.png.

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { VISION, contrast, difference, hexOf as hex, type Vision } from "../test/colour_math";
import {
  PHONE,
  auditScreens,
  createRoomFromForm,
  drawnFollowers,
  gameDeadline,
  openAs,
  outDir,
  playTileOrFollower,
  renderedFills,
  sleep,
  startGame,
  useHarness,
  type DrawnFollower,
} from "./harness";

const SEATS = 6;
const BOARD = "svg.board-svg";

describe("followers on a phone", () => {
  const harness = useHarness();
  const audit = auditScreens();

  it("six seats' followers stand out from field and city, large enough, told apart in every vision", async () => {
    const ann = await harness.newPage(PHONE);
    await openAs(ann, `${harness.base}/`, "Ann");
    await ann.getByLabel("Seats", { exact: true }).selectOption(String(SEATS));
    await createRoomFromForm(ann);
    for (let n = 2; n <= SEATS; n++) {
      await ann.getByRole("button", { name: `Add computer player to seat ${n}` }).click();
      await ann.locator(`li.seat[data-seat="${n - 1}"] .badge.computer`).waitFor({ timeout: 15_000 });
    }
    await startGame(ann);
    await ann.locator(`${BOARD} g.tile`).first().waitFor({ timeout: 15_000 });

    // Ann's turns until every seat has a follower out, then the start of her next turn: the
    // whole board in view, as the phone fits it.
    const overdue = gameDeadline();
    let actions = 0;
    let followers: DrawnFollower[] = [];
    for (;;) {
      overdue(() => `${actions} actions, followers of seats ${[...new Set(followers.map((f) => f.seat))].join(",")}`);
      const turnStart = (await ann.locator("[data-cell]").count()) > 0 && (await ann.locator("[data-preview]").count()) === 0;
      if (turnStart) {
        await sleep(150);
        followers = await drawnFollowers(ann, BOARD);
        if (new Set(followers.map((f) => f.seat)).size === SEATS) break;
      }
      try {
        if (await playTileOrFollower(ann, actions)) actions++;
        else await sleep(50);
      } catch {
        // A click that missed: the next try picks another square or spot.
      }
    }
    await ann.screenshot({ path: join(outDir, "followers-phone.png") });
    await audit.check(ann, "followers-phone");

    const fields = await renderedFills(ann, `${BOARD} g.tile [data-kind="field"] path`);
    const cities = await renderedFills(ann, `${BOARD} g.tile [data-kind="city"] polygon`);
    expect(fields).toHaveLength(1);
    expect(cities).toHaveLength(1);
    const field = hex(fields[0]!);
    const city = hex(cities[0]!);
    // Field and city apart in every vision, and every city drawn with its masonry.
    const apart = (Object.keys(VISION) as Vision[]).map((vision) => ({ vision, d: difference(field, city, vision) }));
    const cityAreas = await ann.locator(`${BOARD} g.tile [data-kind="city"]`).count();
    const masoned = await ann.locator(`${BOARD} g.tile [data-kind="city"]:has([data-part="masonry"])`).count();

    const seats = [...new Set(followers.map((f) => f.seat))].sort((a, b) => a - b);
    const lines = [`followers on the phone (390x844), ${followers.length} on the board after ${actions} of Ann's actions; field ${field}, city ${city}:`];
    const fills: string[] = [];
    let smallest = Infinity;
    for (const seat of seats) {
      const own = followers.filter((f) => f.seat === seat);
      const fill = hex(own[0]!.fill);
      const outline = hex(own[0]!.outline);
      expect(new Set(own.map((f) => hex(f.fill))), `seat ${seat}`).toEqual(new Set([fill]));
      const side = Math.min(...own.map((f) => Math.min(f.width, f.height)));
      smallest = Math.min(smallest, side);
      fills.push(fill);
      lines.push(
        `  seat ${seat} fill ${fill}: fill/field ${contrast(fill, field).toFixed(2)} fill/city ${contrast(fill, city).toFixed(2)}` +
          ` | outline ${outline}: outline/field ${contrast(outline, field).toFixed(2)} outline/city ${contrast(outline, city).toFixed(2)}` +
          ` | smallest side ${side.toFixed(1)} px`,
      );
      expect(contrast(outline, field), `seat ${seat} outline/field`).toBeGreaterThanOrEqual(3);
      expect(contrast(outline, city), `seat ${seat} outline/city`).toBeGreaterThanOrEqual(3);
    }
    const closest = (Object.keys(VISION) as Vision[]).map((vision) => {
      let min = Infinity;
      for (let i = 0; i < fills.length; i++) for (let j = i + 1; j < fills.length; j++) min = Math.min(min, difference(fills[i]!, fills[j]!, vision));
      return { vision, min };
    });
    lines.push(`  closest two seats (CIEDE2000): ${closest.map((c) => `${c.vision} ${c.min.toFixed(1)}`).join(", ")}`);
    const shape = Math.min(...followers.map((f) => f.shape));
    lines.push(`  smallest follower side ${smallest.toFixed(1)} px, the seat's shape on it at least ${shape.toFixed(1)} px high (text box)`);
    lines.push(`  field/city: contrast ${contrast(field, city).toFixed(2)}, CIEDE2000 ${apart.map((a) => `${a.vision} ${a.d.toFixed(1)}`).join(", ")}; masonry on ${masoned} of ${cityAreas} city areas`);
    console.log(lines.join("\n"));

    expect(seats).toHaveLength(SEATS);
    expect(smallest).toBeGreaterThanOrEqual(20);
    for (const c of closest) expect(c.min, c.vision).toBeGreaterThanOrEqual(15);
    for (const a of apart) expect(a.d, `field/city ${a.vision}`).toBeGreaterThanOrEqual(15);
    expect(cityAreas).toBeGreaterThan(0);
    expect(masoned).toBe(cityAreas);
    expect(harness.pageErrors).toEqual([]);
  });
});
