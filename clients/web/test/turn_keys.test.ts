// @vitest-environment happy-dom
// The turn's keys: Enter confirms, also on the board's square already chosen (README: "Enter
// confirms"), but not on another square, a button or in a field.

import { describe, expect, it } from "vitest";
import { listenTurnKeys } from "../src/ui/turn_keys";

function press(target: Element, key: string): void {
  target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
}

describe("turn keys", () => {
  it("confirms on Enter anywhere but a control, and on the chosen square", () => {
    document.body.innerHTML = `
      <p id="text">x</p><button id="b">b</button><input id="i" />
      <svg><rect id="chosen" data-cell="1,0" aria-pressed="true" tabindex="0"></rect>
      <rect id="other" data-cell="2,0" aria-pressed="false" tabindex="0"></rect></svg>`;
    const calls: string[] = [];
    const stop = listenTurnKeys(
      document,
      { rotate: (s) => calls.push(`rotate ${s}`), confirm: () => calls.push("confirm"), skip: () => calls.push("skip") },
      { active: () => true, boardControls: "[data-cell]" },
    );
    press(document.getElementById("text")!, "Enter");
    press(document.getElementById("chosen")!, "Enter");
    press(document.getElementById("other")!, "Enter");
    press(document.getElementById("b")!, "Enter");
    press(document.getElementById("i")!, "Enter");
    press(document.getElementById("text")!, "R");
    press(document.getElementById("text")!, "s");
    expect(calls).toEqual(["confirm", "confirm", "rotate 1", "skip"]);
    stop();
    press(document.getElementById("text")!, "Enter");
    expect(calls).toHaveLength(4);
  });
});
