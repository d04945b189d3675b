// Computer players end to end in Chromium against a real carcassonne-server:
//
// 1. Ann alone on a 390x844 phone creates a room of three, adds a hard computer player and
//    removes it again, then fills both free seats with easy ones from the lobby (the second
//    seat's menu shows the level she chose for the first), starts and plays a whole game by
//    clicking; the room list of another page counts the two computers, the players' card and
//    the final table mark their seats.
// 2. Ann and Bob start a game (the form's default: a computer plays for whoever is away). Bob
//    closes his page mid-game for longer than the grace period (--grace-period 1): Ann's
//    players' card says a computer is playing for Bob, and the game goes on with Bob's turns
//    played for him. Bob opens the invite link again in the same browser (the resume token is
//    in its localStorage), gets his seat back (the mark goes), and they finish the game.
//
// Screenshots in CARC_E2E_OUT: computer-add.png (the phone lobby's free seats with their
// "Add computer player"), computer-lobby.png (the phone lobby with two computer players),
// computer-game.png, computer-final.png, stand-in.png (Ann's page while a computer plays for Bob).

import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  DESKTOP,
  PHONE,
  auditScreens,
  createRoomFromForm,
  finalTotals,
  gameDeadline,
  inviteLink,
  isOver,
  joinRoom,
  openAdvancedRules,
  openAs,
  outDir,
  phoneLayout,
  playTileOrFollower,
  readyUp,
  roomOptionsSummary,
  sleep,
  startGame,
  useHarness,
  waitConnected,
} from "./harness";

/** Why recent clicks missed, for the message of a game that does not end. */
const misses: string[] = [];

/** Does what the page offers this player, if anything; a click that missed counts as not acting. */
async function act(page: Page, turn: number): Promise<boolean> {
  try {
    return await playTileOrFollower(page, turn + misses.length);
  } catch (e) {
    misses.push(String(e).split("\n").slice(0, 4).join(" / "));
    return false;
  }
}

function missReport(): string {
  return `${misses.length} missed clicks, the last: ${misses.slice(-3).join(" | ")}`;
}

async function createRoom(page: Page, base: string, name: string, seats: string): Promise<string> {
  await openAs(page, `${base}/`, name);
  await page.getByLabel("Seats", { exact: true }).selectOption(seats);
  // Listed, so that another visitor's room list shows its computer players (rooms are private
  // unless the host says so).
  await openAdvancedRules(page);
  await page.getByLabel("Public room (listed for everyone)").check();
  return createRoomFromForm(page);
}

/** The host's "Add computer player" of free seat `n` (1-based) at `level`. */
async function addComputer(page: Page, n: number, level: "easy" | "medium" | "hard"): Promise<void> {
  await page.getByLabel(`Level of the computer player for seat ${n}`).selectOption(level);
  await page.getByRole("button", { name: `Add computer player to seat ${n}` }).click();
}

/** The text of the computer badge of seat `n`'s line in the lobby (1-based), once there is one. */
async function seatBadge(page: Page, n: number): Promise<string> {
  const badge = page.locator(`li.seat[data-seat="${n - 1}"] .badge.computer`);
  await badge.waitFor({ timeout: 15_000 });
  return (await badge.textContent()) ?? "";
}

/** The tiles on the board of a page. */
async function tilesOnBoard(page: Page): Promise<number> {
  return page.locator("svg.board-svg g.tile").count();
}

describe("computer players in the browser", () => {
  // A dropped seat is the computer's after one second, and a computer standing in plays at once.
  const harness = useHarness(["--grace-period", "1", "--absent-level", "easy"]);
  const audit = auditScreens();

  it("one person adds two computer players in the lobby and plays a whole game against them", async () => {
    const base = harness.base;
    const ann = await harness.newPage(PHONE);
    const code = await createRoom(ann, base, "Ann", "3");
    // Each free seat offers the host a level and "Add computer player", finger-sized.
    expect(await ann.locator(".add-computer").count()).toBe(2);
    expect((await phoneLayout(ann, [])).small).toEqual([]);
    await ann.screenshot({ path: join(outDir, "computer-add.png"), fullPage: true });
    await audit.check(ann, "computer-add");

    // A hard one, removed again before the start.
    await addComputer(ann, 2, "hard");
    expect(await seatBadge(ann, 2)).toBe("Computer · Hard");
    await ann.getByRole("button", { name: "Remove Computer 2" }).click();
    await ann.locator('li.seat.free[data-seat="1"]').waitFor({ timeout: 15_000 });

    await addComputer(ann, 2, "easy");
    expect(await seatBadge(ann, 2)).toBe("Computer · Easy");
    // The other free seat's menu shows the level chosen last.
    const third = ann.getByLabel("Level of the computer player for seat 3");
    expect(await third.inputValue()).toBe("easy");
    await ann.getByRole("button", { name: "Add computer player to seat 3" }).click();
    expect(await seatBadge(ann, 3)).toBe("Computer · Easy");
    for (const n of [2, 3]) {
      const line = ann.locator(`li.seat[data-seat="${n - 1}"]`);
      expect(await line.textContent()).toContain("✓ Ready");
      // A computer is never "offline".
      expect(await line.locator(".badge.offline, .badge.online").count()).toBe(0);
    }
    expect(await ann.locator(".add-computer").count()).toBe(0);
    const layout = await phoneLayout(ann, []);
    expect(layout.small).toEqual([]);
    await ann.screenshot({ path: join(outDir, "computer-lobby.png"), fullPage: true });
    await audit.check(ann, "computer-lobby");

    // Another visitor's room list counts the computers.
    const cleo = await harness.newPage(DESKTOP);
    await openAs(cleo, `${base}/`, "Cleo");
    const listed = cleo.locator("li.room", { hasText: code });
    await listed.waitFor({ timeout: 15_000 });
    expect(await listed.textContent()).toContain("Ann · 3/3 players · waiting · 2 computer players");

    await startGame(ann);
    await ann.locator("svg.board-svg g.tile").first().waitFor({ timeout: 15_000 });
    await expect.poll(() => ann.locator("ol.players .badge.computer").allTextContents()).toEqual(["Computer · Easy", "Computer · Easy"]);

    let turns = 0;
    let shot = false;
    const overdue = gameDeadline();
    while (!(await isOver(ann))) {
      overdue(() => `${turns} actions; ${missReport()}`);
      if (await act(ann, turns)) turns++;
      else await sleep(25);
      if (!shot && turns >= 10) {
        await ann.screenshot({ path: join(outDir, "computer-game.png") });
        await audit.check(ann, "computer-game");
        shot = true;
      }
    }
    console.log(`against two computers: ${turns} actions, ${missReport()}`);
    // About a third of the 71 tiles are Ann's.
    expect(turns).toBeGreaterThanOrEqual(15);

    await ann.locator("table.final-table").waitFor({ timeout: 15_000 });
    expect(Object.keys(await finalTotals(ann))).toHaveLength(3);
    const rowBadge = (seat: number) => ann.locator(`table.final-table tr[data-seat="${seat}"] th .badge.computer`);
    expect(await rowBadge(0).count()).toBe(0);
    expect(await rowBadge(1).textContent()).toBe("Computer · Easy");
    expect(await rowBadge(2).textContent()).toBe("Computer · Easy");
    await ann.screenshot({ path: join(outDir, "computer-final.png"), fullPage: true });
    await audit.check(ann, "computer-final");
    expect(harness.pageErrors).toEqual([]);
    expect(await ann.locator(".banner").count()).toBe(0);
  });

  it("a computer plays for a player who left until they come back", async () => {
    const base = harness.base;
    const ann = await harness.newPage(DESKTOP);
    const code = await createRoom(ann, base, "Ann", "2");
    expect(await roomOptionsSummary(ann)).toContain("When a player stays awayA computer plays for them");
    const invite = await inviteLink(ann, base, code);
    const bob = await harness.newPage(DESKTOP);
    await openAs(bob, invite, "Bob");
    await joinRoom(bob, code);
    await readyUp(ann, bob, "Bob");
    await startGame(ann);
    for (const page of [ann, bob]) await page.locator("svg.board-svg g.tile").first().waitFor({ timeout: 15_000 });

    const overdue = gameDeadline();
    const standIn = ann.locator('ol.players li[data-seat="1"] .badge.stand-in');
    let turns = 0;
    let players: Page[] = [ann, bob];
    const play = async (until: () => Promise<boolean>, what: string) => {
      while (!(await until())) {
        overdue(() => `${what}: ${turns} actions; ${missReport()}`);
        if (await isOver(ann)) throw new Error(`the game ended before ${what}`);
        let acted = false;
        for (const page of players) {
          if (await act(page, turns)) {
            acted = true;
            turns++;
          }
        }
        if (!acted) await sleep(25);
      }
    };

    await play(async () => turns >= 8, "Bob leaves");
    const bobContext = bob.context();
    await bob.close();
    players = [ann];

    // Past the grace period a computer takes Bob's seat over, and Ann's page says so.
    await play(async () => (await standIn.count()) > 0, "the computer stands in");
    expect(await standIn.textContent()).toBe("Computer playing for Bob");
    expect(await ann.locator('ol.players li[data-seat="1"] .badge.offline').count()).toBe(0);
    await ann.screenshot({ path: join(outDir, "stand-in.png") });
    await audit.check(ann, "stand-in");
    // The game goes on: Bob's turns are played for him (a tile each), not waited for.
    const tilesThen = await tilesOnBoard(ann);
    await play(async () => (await tilesOnBoard(ann)) >= tilesThen + 4, "Bob's turns are played");
    expect(await standIn.count()).toBe(1);

    // Bob opens the invite link again in the same browser: the resume token takes his seat back.
    const back = await bobContext.newPage();
    back.on("pageerror", (e) => harness.pageErrors.push(e.message));
    await back.goto(invite);
    await waitConnected(back);
    await back.locator("svg.board-svg g.tile").first().waitFor({ timeout: 15_000 });
    await expect.poll(() => back.locator("ol.players li", { hasText: "Bob (you)" }).count()).toBe(1);
    await expect.poll(() => standIn.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => ann.locator('ol.players li[data-seat="1"] .badge.online').count()).toBe(1);

    // Both finish the game; Bob moves himself again.
    players = [ann, back];
    let bobActs = 0;
    while (!(await isOver(ann))) {
      overdue(() => `after Bob came back: ${turns} actions; ${missReport()}`);
      let acted = false;
      for (const page of players) {
        if (await act(page, turns)) {
          acted = true;
          turns++;
          if (page === back) bobActs++;
        }
      }
      if (!acted) await sleep(25);
    }
    console.log(`stand-in game: ${turns} actions by the two people, ${bobActs} by Bob after his return; ${missReport()}`);
    expect(bobActs).toBeGreaterThan(0);
    await back.locator("table.final-table").waitFor({ timeout: 15_000 });
    expect(await finalTotals(back)).toEqual(await finalTotals(ann));
    // Nobody in this game was a computer player: the final table marks none.
    expect(await ann.locator("table.final-table .badge.computer").count()).toBe(0);
    expect(harness.pageErrors).toEqual([]);
  });
});
