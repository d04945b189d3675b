// End to end in Chromium against a real carcassonne-server (issue 5's browser tests):
//
// 1. Two friends: Ann on a desktop window creates a room, Bob joins from the invite link on a
//    390x844 phone window; they play a complete game to the final table only by clicking
//    highlighted cells, the confirm button, follower spots and skip. At the start of each of
//    Bob's turns every square a tile may go to is in his board's view, clear of the zoom
//    buttons and the bar of turn controls (issue: the table, round three, point 1), and every
//    follower on his board is at least 20 px on its narrower side (issue 37). Bob reloads his page
//    mid-game and gets his seat back; Cleo watches as a spectator. The final table agrees on
//    every page and with the server's archive; the record downloads, the replay viewer steps to
//    the same end, and both players move on to a rematch room.
// 2. A new user against a bot program: Ann creates a room, runs the `carcassonne bot` command
//    the lobby shows her, starts and plays to the end; the bot's final scores equal her table.
//
// Screenshots in CARC_E2E_OUT: lobby, phone lobby, mid-game board, phone game, spectator,
// final table (desktop and phone), replay, and the game against the bot.

import { spawn } from "node:child_process";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, TABLET, cliPath, createRoomFromForm, finalTotals, gameDeadline, inviteLink, isOver, joinRoom, openAs, outDir, phoneLayout, candidateSquares, drawnFollowers, playTileOrFollower, readyUp, sleep, startGame, useHarness, waitConnected, auditScreens, finalScreen, smallerSides } from "./harness";

/** Why recent clicks missed, for the message of a game that does not end. */
const misses: string[] = [];

/**
 * Does what the page offers this player, if anything (playTileOrFollower). Returns whether it
 * acted. Clicks that miss because the page moved on count as not acting; the next try picks
 * another cell or spot, so one unclickable choice cannot stall the game until the turn clock
 * runs out.
 */
async function act(page: Page, turnArg: number): Promise<boolean> {
  try {
    return await playTileOrFollower(page, turnArg + misses.length);
  } catch (e) {
    misses.push(String(e).split("\n").slice(0, 8).join(" / "));
    return false;
  }
}

/** Sends a chat line from the chat card beside the game. */
async function say(page: Page, text: string): Promise<void> {
  await page.locator("#chat-input").fill(text);
  // Sent with Enter, as from a phone's keyboard: on the phone the fixed bar of turn controls may
  // lie over the Send button wherever the page happens to be scrolled.
  await page.locator("#chat-input").press("Enter");
}

/** What a page shows of the game so far: the log, the chat and the players' scores. */
async function pastOf(page: Page): Promise<{ log: string; chat: string[]; players: string[] }> {
  return {
    log: (await page.locator(".card.log").textContent()) ?? "",
    chat: await page.locator(".chat-list li").allTextContents(),
    players: await page.locator("ol.players li").allTextContents(),
  };
}

function missReport(): string {
  return `${misses.length} missed clicks, the last: ${misses.slice(-3).join(" | ")}`;
}

async function createRoom(page: Page, base: string, name: string): Promise<string> {
  await openAs(page, `${base}/`, name);
  await page.getByLabel("Seats", { exact: true }).selectOption("2");
  const code = await createRoomFromForm(page);
  expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
  return code;
}

describe("a game in the browser", () => {
  const harness = useHarness();
  const audit = auditScreens();

  it("two players play a whole game by clicking; a reload resumes the seat; a spectator watches", async () => {
    const base = harness.base;
    const ann = await harness.newPage(DESKTOP);
    const code = await createRoom(ann, base, "Ann");
    const invite = await inviteLink(ann, base, code);

    const bob = await harness.newPage(PHONE);
    await openAs(bob, invite, "Bob");
    expect(await bob.getByLabel("Room code").inputValue()).toBe(code);
    await joinRoom(bob, code);
    await readyUp(ann, bob, "Bob");
    await ann.screenshot({ path: join(outDir, "lobby.png"), fullPage: true });
    await audit.check(ann, "lobby");
    await bob.screenshot({ path: join(outDir, "phone-lobby.png") });
    await audit.check(bob, "phone-lobby");
    await startGame(ann);
    for (const page of [ann, bob]) {
      await page.locator("svg.board-svg g.tile").first().waitFor({ timeout: 15_000 });
      await expect.poll(() => page.locator("ol.players li").count()).toBe(2);
    }

    const cleo = await harness.newPage(DESKTOP);
    await openAs(cleo, `${base}/`, "Cleo");
    await cleo.locator("#create-heading").waitFor();
    await audit.check(cleo, "home-with-rooms");
    await cleo.getByLabel("Room code").fill(code);
    await cleo.getByLabel("Watch only (spectator)").check();
    await cleo.getByRole("button", { name: "Join", exact: true }).click();
    await cleo.locator("#prompt", { hasText: "You are watching" }).waitFor({ timeout: 15_000 });
    expect(await cleo.locator("[data-cell]").count()).toBe(0);

    let turns = 0;
    let phoneChecked = false;
    let spotsChecked = false;
    let tabletChecked = false;
    // The squares Bob's phone offered at each of his turns' starts: the smallest seen, and any
    // outside the view or under a control.
    let smallestSquare = Infinity;
    // The followers on Bob's board at those turn starts, in the view the phone fits: the
    // smallest side seen (issue 37: at least 20 px however large the board grows).
    let smallestFollower = Infinity;
    let followersSeen = 0;
    let turnsChecked = 0;
    const squaresHidden: string[] = [];
    let squaresSeenAt = -1;
    let reloaded = false;
    let midGameShot = false;
    // The edge markers for squares out of view after Bob drags the board away (once).
    let markersChecked = false;
    // Ann's follower spots with a mouse, at every follower step of the game: the smallest side.
    let smallestMouseSpot = Infinity;
    const overdue = gameDeadline();
    while (!(await isOver(ann))) {
      overdue(() => `${turns} actions; ${missReport()}`);
      let acted = false;
      for (const page of [ann, bob]) {
        if (page === bob && !phoneChecked && turns >= 6 && (await bob.locator("#confirm").count()) > 0) {
          // Bob's turn to place a tile, on a 390x844 phone: every control a finger can hit, the
          // confirm button and the scores, without scrolling.
          const layout = await phoneLayout(bob, ["#confirm", ".scorebar", "#prompt"]);
          await bob.screenshot({ path: join(outDir, "phone-turn.png") });
          await audit.check(bob, "phone-turn");
          expect(layout.measured).toBeGreaterThan(8);
          expect(layout.small).toEqual([]);
          expect(layout.inView).toEqual({ "#confirm": true, ".scorebar": true, "#prompt": true });
          // The tab's title tells of the turn (seen from another tab), and only this seat's.
          expect(await bob.title()).toBe("● Your turn · Carcassonne");
          expect(await ann.title()).toBe("Carcassonne");
          phoneChecked = true;
        }
        if (page === ann && !tabletChecked && turns >= 12 && (await ann.locator("#confirm").count()) > 0) {
          // One of Ann's turns on an upright tablet (768x1024), then back to the desktop.
          const desktop = ann.viewportSize();
          await ann.setViewportSize(TABLET);
          const layout = await phoneLayout(ann, ["#confirm", ".scorebar", "#prompt"]);
          await ann.screenshot({ path: join(outDir, "tablet-turn.png") });
          expect(layout.small).toEqual([]);
          expect(layout.inView).toEqual({ "#confirm": true, ".scorebar": true, "#prompt": true });
          expect((await candidateSquares(ann)).smallest).toBeGreaterThanOrEqual(44);
          if (desktop) await ann.setViewportSize(desktop);
          tabletChecked = true;
        }
        if (page === bob && squaresSeenAt !== turns && (await bob.locator("[data-preview]").count()) === 0) {
          // The start of one of Bob's turns: every square a tile may go to in view, none under
          // a control (once the view has settled: it is fitted again after the page's layout).
          await sleep(100);
          const squares = await candidateSquares(bob);
          if (squares.count > 0) {
            if (!markersChecked && turns >= 10 && squares.outside === 0 && squares.covered === 0) {
              // Bob drags the board far to the right: the squares are beyond its right edge,
              // a marker there says how many, and choosing it brings them all back.
              const box = (await bob.locator(".board").boundingBox())!;
              await bob.mouse.move(box.x + 20, box.y + box.height / 2);
              await bob.mouse.down();
              await bob.mouse.move(box.x + box.width - 10, box.y + box.height / 2, { steps: 4 });
              await bob.mouse.up();
              const counts = await bob.locator(".edge-marker").evaluateAll((els) => els.map((e) => [e.getAttribute("data-edge"), Number(e.getAttribute("data-count"))]));
              const dragged = await candidateSquares(bob);
              expect(counts.length).toBeGreaterThan(0);
              // A square still inside the board's box but under a control counts as beyond too.
              const marked = counts.reduce((n, [, c]) => n + Number(c), 0);
              expect(marked).toBeGreaterThanOrEqual(dragged.outside);
              expect(marked).toBeLessThanOrEqual(dragged.outside + dragged.covered);
              expect(marked).toBeGreaterThan(0);
              await bob.locator(".edge-marker").first().click();
              expect(await bob.locator(".edge-marker").count()).toBe(0);
              expect((await candidateSquares(bob)).outside).toBe(0);
              markersChecked = true;
            }
            squaresSeenAt = turns;
            turnsChecked++;
            smallestSquare = Math.min(smallestSquare, squares.smallest);
            const followers = await drawnFollowers(bob, "svg.board-svg");
            followersSeen = Math.max(followersSeen, followers.length);
            for (const f of followers) smallestFollower = Math.min(smallestFollower, f.width, f.height);
            if (squares.outside > 0 || squares.covered > 0) squaresHidden.push(`action ${turns}: ${squares.outside} outside, ${squares.covered} covered of ${squares.count}`);
          }
        }
        if (page === bob && !spotsChecked && (await bob.locator("[data-spot]").count()) > 0) {
          // The follower spots on the phone: the view zooms to the tile, each spot a finger's size.
          const spots = await bob.locator("[data-spot]").evaluateAll((els) =>
            els.map((e) => {
              const b = e.getBoundingClientRect();
              return Math.round(Math.min(b.width, b.height));
            }),
          );
          expect(Math.min(...spots)).toBeGreaterThanOrEqual(44);
          await bob.screenshot({ path: join(outDir, "phone-follower.png") });
          spotsChecked = true;
        }
        if (page === ann && (await ann.locator("[data-spot]").count()) > 0) {
          const spots = await smallerSides(ann, "[data-spot]");
          smallestMouseSpot = Math.min(smallestMouseSpot, ...spots);
        }
        if (await act(page, turns)) {
          acted = true;
          turns++;
        }
      }
      if (!acted) await sleep(25);
      if (!reloaded && turns >= 20) {
        // Chat beside the game, from both seats.
        await say(ann, "good luck");
        await say(bob, "thanks, you too");
        await expect.poll(() => bob.locator(".chat-list li").count()).toBe(2);
        const before = await pastOf(bob);
        expect(before.log).not.toBe("");
        // A reload mid-game: the resume token in localStorage takes the seat back, and the
        // server's History brings back the log and the chat: the page looks as it did.
        await bob.reload();
        await waitConnected(bob);
        await bob.locator("svg.board-svg g.tile").first().waitFor({ timeout: 15_000 });
        await expect.poll(() => bob.locator("ol.players li", { hasText: "Bob (you)" }).count()).toBe(1);
        await expect.poll(() => pastOf(bob), { timeout: 10_000 }).toEqual(before);
        reloaded = true;
      }
      if (!midGameShot && turns >= 60) {
        await ann.screenshot({ path: join(outDir, "board-midgame.png") });
        await audit.check(ann, "board-midgame");
        // The log names tiles in words, never by letter or square numbers; a line shows its tile.
        const log = (await ann.locator(".card.log").textContent()) ?? "";
        expect(log).not.toMatch(/\(-?\d+, -?\d+\)|\btile [A-X]\b/);
        const line = ann.locator("button.log-line[data-log-cells]").first();
        const cells = (await line.getAttribute("data-log-cells"))!.split(" ");
        await line.click();
        await expect.poll(() => ann.locator("[data-pointed]").evaluateAll((els) => els.map((e) => e.getAttribute("data-pointed")))).toEqual(cells);
        await bob.screenshot({ path: join(outDir, "phone-game.png") });
        await audit.check(bob, "phone-game");
        await cleo.screenshot({ path: join(outDir, "spectator.png") });
        await audit.check(cleo, "spectator");
        midGameShot = true;
      }
    }
    console.log(`two players: ${turns} actions, ${missReport()}`);
    expect(reloaded).toBe(true);
    expect(phoneChecked).toBe(true);
    expect(spotsChecked).toBe(true);
    expect(midGameShot).toBe(true);
    // Every drawn tile was placed or put aside: 71 after the start tile, at least one action each.
    expect(turns).toBeGreaterThanOrEqual(71);
    // At the start of every one of Bob's turns on the phone, every square a tile may go to was in
    // the board's view and clear of every control (the late board's squares are small then: he
    // zooms to choose, and a square reached by Tab brings the view along).
    console.log(`phone squares: ${turnsChecked} turn starts checked, smallest ${smallestSquare.toFixed(1)} px; hidden: ${squaresHidden.join("; ") || "none"}`);
    expect(turnsChecked).toBeGreaterThan(20);
    expect(squaresHidden).toEqual([]);
    expect(markersChecked).toBe(true);
    // With a mouse too a spot is a target of at least 24 px (WCAG 2.5.8), late in the game as well.
    console.log(`desktop follower spots: smallest ${smallestMouseSpot.toFixed(1)} px`);
    expect(smallestMouseSpot).toBeGreaterThanOrEqual(24);
    console.log(`phone followers: up to ${followersSeen} on the board at those turn starts, smallest side ${smallestFollower.toFixed(1)} px (squares ${smallestSquare.toFixed(1)} px)`);
    expect(followersSeen).toBeGreaterThan(0);
    expect(smallestFollower).toBeGreaterThanOrEqual(20);
    expect(tabletChecked).toBe(true);

    for (const page of [ann, bob, cleo]) await page.locator("table.final-table").waitFor({ timeout: 15_000 });
    const totals = await finalTotals(ann);
    expect(Object.keys(totals)).toHaveLength(2);
    expect(await finalTotals(bob)).toEqual(totals);
    expect(await finalTotals(cleo)).toEqual(totals);
    await ann.locator("#download-record").waitFor({ timeout: 15_000 });
    await expect.poll(() => ann.locator("svg.score-chart polyline").count()).toBe(2);
    await ann.screenshot({ path: join(outDir, "final-table.png"), fullPage: true });
    await audit.check(ann, "final-table");
    // The final screen on Bob's phone (he reloaded mid-game: his tally came from the History):
    // the categories add up to the totals, the chart fits the width without overprinted labels,
    // the table's columns all in its width, and Rematch at most one screen's scroll below the top.
    await bob.locator("#final .score-chart-figure").waitFor({ timeout: 15_000 });
    await bob.evaluate(() => window.scrollTo(0, 0));
    const phoneFinal = await finalScreen(bob);
    console.log(`final screen (phone): ${JSON.stringify(phoneFinal)}`);
    for (const [seat, row] of Object.entries(phoneFinal.rows)) {
      expect(row.categories).toBe(totals[seat]);
      expect(row.during + row.end).toBe(row.categories);
    }
    expect(phoneFinal.tableFits).toBe(true);
    expect(phoneFinal.overlaps).toEqual([]);
    expect(phoneFinal.chart!.left).toBeGreaterThanOrEqual(0);
    expect(phoneFinal.chart!.right).toBeLessThanOrEqual(phoneFinal.chart!.viewport);
    expect(phoneFinal.rematch!.bottom).toBeLessThanOrEqual(2 * phoneFinal.rematch!.viewport);
    await bob.screenshot({ path: join(outDir, "phone-final.png"), fullPage: true });
    await audit.check(bob, "phone-final");

    // The archive agrees, and the record the page links to is the game's.
    const list = (await (await fetch(`${base}/api/games?player=Ann`)).json()) as { games: { id: number; players: { name: string; score: number }[] }[] };
    expect(list.games).toHaveLength(1);
    expect(list.games[0]!.players.map((p) => p.score)).toEqual([totals["0"], totals["1"]]);
    const href = await ann.locator("#download-record").getAttribute("href");
    expect(href).toBe(`/api/games/${list.games[0]!.id}/record`);
    const record = (await (await fetch(`${base}${href}`)).json()) as { format: string; scores: { final: number[]; after_turn: number[][] } };
    expect(record.format).toBe("carcassonne-record/1");
    expect(record.scores.final).toEqual([totals["0"], totals["1"]]);
    // What Bob's table counts as scored during the game is what stood before the end-game
    // scoring, by the record. (A game whose every point came at the end is rare but possible:
    // the tiles are shuffled anew each run, so the table is checked against the game itself.)
    const beforeEnd = record.scores.after_turn.at(-1);
    console.log(`scored during the game: ${JSON.stringify(beforeEnd)}`);
    expect([phoneFinal.rows["0"]!.during, phoneFinal.rows["1"]!.during]).toEqual(beforeEnd);

    // The replay viewer steps to the same end.
    await ann.locator("#open-replay").click();
    await ann.locator("#replay-step").waitFor({ timeout: 15_000 });
    await ann.locator("#replay-forward").click();
    await expect.poll(() => ann.locator("#replay-step").textContent()).toMatch(/^Move 1 of \d+$/);
    await ann.locator("#replay-last").click();
    await ann.locator("table.final-table").waitFor();
    expect(await finalTotals(ann)).toEqual(totals);
    await ann.screenshot({ path: join(outDir, "replay.png"), fullPage: true });
    await audit.check(ann, "replay");
    await ann.locator("#close-replay").click();

    // A rematch: a new room for the same players, which each of them joins with one click.
    await ann.locator("#rematch").click();
    for (const page of [ann, bob]) {
      await page.locator("#join-rematch").click({ timeout: 15_000 });
      const heading = page.getByRole("heading", { name: /^Room [A-Z2-9]{8}$/ });
      await heading.waitFor({ timeout: 15_000 });
      expect(await heading.textContent()).not.toBe(`Room ${code}`);
    }
    await expect.poll(() => bob.locator("li.seat", { hasText: "Ann" }).count()).toBe(1);

    expect(harness.pageErrors).toEqual([]);
    for (const page of [ann, bob, cleo]) expect(await page.locator(".banner").count()).toBe(0);
  });

  it("a new user plays against the bot the lobby tells her how to start", async () => {
    if (cliPath === "") throw new Error("CARC_CLI_PATH is not set (the carcassonne tool)");
    const ann = await harness.newPage(DESKTOP);
    const code = await createRoom(ann, harness.base, "Ann");
    await ann.locator("summary", { hasText: "Connect a bot program" }).click();
    const command = await ann.locator("input.bot-command").inputValue();
    const args = command.split(" ");
    expect(args.slice(0, 2)).toEqual(["carcassonne", "bot"]);
    expect(command).toContain(`--room ${code}`);
    const bot = spawn(cliPath, args.slice(1), { stdio: ["ignore", "pipe", "pipe"] });
    let botOut = "";
    let botErr = "";
    bot.stdout?.on("data", (c: Buffer) => (botOut += c.toString()));
    bot.stderr?.on("data", (c: Buffer) => (botErr += c.toString()));
    const exited = new Promise<number | null>((r) => bot.once("exit", (status) => r(status)));

    await ann.locator("li.seat", { hasText: "✓ Ready" }).waitFor({ timeout: 15_000 });
    await ann.getByRole("button", { name: "Start the game" }).click();
    let turns = 0;
    const overdue = gameDeadline();
    while (!(await isOver(ann))) {
      overdue(() => `${turns} actions; ${missReport()}; bot: ${botErr}`);
      if (await act(ann, turns)) turns++;
      else await sleep(25);
    }
    const totals = await finalTotals(ann);
    expect(await exited).toBe(0);
    const result = JSON.parse(botOut.trim().split("\n").pop() ?? "{}") as { final?: number[]; seats?: { hash_mismatches: number }[] };
    expect(result.final).toEqual([totals["0"], totals["1"]]);
    expect(result.seats?.[0]?.hash_mismatches).toBe(0);
    await ann.screenshot({ path: join(outDir, "against-bot.png"), fullPage: true });
    await audit.check(ann, "against-bot");
    expect(harness.pageErrors).toEqual([]);
  });
});
