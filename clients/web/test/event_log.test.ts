// @vitest-environment happy-dom

// The log card's numbers (ui/event_log.ts): each line keeps its number in the whole log, in the
// game and at every step of a replay, however many lines the card shows.

import { describe, expect, it } from "vitest";
import { renderLogCard } from "../src/ui/event_log";

const card = (n: number, skip = -1) =>
  renderLogCard(
    Array.from({ length: n }, (_, i) => ({ event: i })),
    (i) => (i === skip ? undefined : `line ${i}`),
    () => false,
  );

describe("log card", () => {
  it("numbers the newest line with the count of lines so far", () => {
    const ol = card(5).querySelector("ol")!;
    expect(ol.getAttribute("start")).toBe("5");
    expect(ol.hasAttribute("reversed")).toBe(true);
    expect([...ol.querySelectorAll("li")].map((li) => li.textContent)).toEqual(["line 4", "line 3", "line 2", "line 1", "line 0"]);
  });

  it("keeps the numbers of a long log whose oldest lines are not shown", () => {
    const ol = card(75).querySelector("ol")!;
    expect(ol.querySelectorAll("li")).toHaveLength(60);
    expect(ol.getAttribute("start")).toBe("75");
    expect(ol.querySelector("li")?.textContent).toBe("line 74");
  });

  it("counts only the events that get a line", () => {
    expect(card(5, 2).querySelector("ol")!.getAttribute("start")).toBe("4");
  });

  it("makes a line about squares a button that shows them on the board", () => {
    const shown: string[] = [];
    const el = renderLogCard(
      [{ event: 0 }, { event: 1 }],
      (i) => (i === 0 ? { text: "Ann placed a tile with a road.", cells: [{ x: 2, y: -1 }] } : "Bob did not enter the city."),
      () => false,
      (cells) => shown.push(cells.map((c) => `${c.x},${c.y}`).join(" ")),
    );
    const buttons = el.querySelectorAll<HTMLButtonElement>("button.log-line");
    expect(buttons).toHaveLength(1);
    expect(buttons[0]!.textContent).toBe("Ann placed a tile with a road.");
    expect(buttons[0]!.title).toBe("Show on the board");
    buttons[0]!.click();
    expect(shown).toEqual(["2,-1"]);
    // Without a board to show them on (a game that does not ask), lines stay words.
    expect(renderLogCard([{ event: 0 }], () => ({ text: "x", cells: [{ x: 0, y: 0 }] }), () => false).querySelector("button")).toBeNull();
  });
});
