// @vitest-environment happy-dom

// A game's fieldset of the create-room form built from its served option table (the golden one):
// a control of the option's type for each option, at the table's default, with the words of the
// game's tables (or the table's own English for an option without them), and the options message
// from what the controls hold.

import { beforeEach, describe, expect, it } from "vitest";
import { setLanguage } from "../src/i18n";
import type { GameTable } from "../src/net/game_types";
import { OptionForm } from "../src/ui/option_form";
import { goldenGame } from "./game_table";

beforeEach(() => {
  setLanguage("en", undefined);
  document.body.replaceChildren();
});

function rendered(form: OptionForm): HTMLElement {
  const el = form.render();
  document.body.append(el);
  return el;
}

const field = (el: HTMLElement, name: string) => el.querySelector<HTMLElement>(`[data-option="${name}"]`)!;
const control = <T extends HTMLElement>(el: HTMLElement, name: string) => el.querySelector<T>(`[name="${name}"]`)!;
// The option drawn selected (happy-dom's select.value does not follow an option selected before
// it was inserted; browsers' does).
const selected = (select: HTMLElement) => select.querySelector("option[selected]")?.getAttribute("value");

function change(input: HTMLInputElement | HTMLSelectElement, value: string | boolean): void {
  if (typeof value === "boolean" && input instanceof HTMLInputElement) input.checked = value;
  else input.value = String(value);
  input.dispatchEvent(new Event(input instanceof HTMLInputElement && input.type === "number" ? "input" : "change"));
}

describe("the base game's fieldset", () => {
  it("has a control of its type for every option of the table, at the table's default", () => {
    const game = goldenGame("base");
    const el = rendered(new OptionForm(game));
    expect(el.getAttribute("data-options")).toBe("base");
    expect(el.querySelector("legend")?.textContent).toBe("Game options");
    for (const option of game.table.options) {
      expect(field(el, option.name).textContent, option.name).toContain(`Rule ${option.rule}:`);
      const input = control<HTMLInputElement | HTMLSelectElement>(el, option.name);
      switch (option.type) {
        case "bool":
        case "size":
          expect((input as HTMLInputElement).type, option.name).toBe("checkbox");
          expect((input as HTMLInputElement).checked, option.name).toBe(option.default === "true");
          break;
        case "choice":
          expect(input.tagName, option.name).toBe("SELECT");
          expect([...(input as HTMLSelectElement).options].map((o) => o.value)).toEqual(option.choices);
          expect(selected(input), option.name).toBe(option.default);
          break;
        case "int":
          expect(input.tagName, option.name).toBe("SELECT");
          expect(selected(input), option.name).toBe(option.default);
          break;
      }
    }
    expect([...control<HTMLSelectElement>(el, "followers").options].map((o) => o.value)).toEqual(["1", "2", "3", "4", "5", "6", "7"]);
    expect([...control<HTMLSelectElement>(el, "hand_size").options].map((o) => o.value)).toEqual(["0", "1", "2", "3"]);
  });

  it("words the options, their rules and their choices from the game's tables", () => {
    const el = rendered(new OptionForm(goldenGame("base")));
    expect(field(el, "hand_size").querySelector("label")?.textContent).toBe("Tiles in hand");
    expect(field(el, "count_move").querySelector(".help")?.textContent).toBe(
      "Rule C-3: with the Count: where he goes when a follower enters the city.",
    );
    expect([...control<HTMLSelectElement>(el, "start_player").options].map((o) => o.textContent)).toEqual(["Random", "The host", "Seat 1"]);
    setLanguage("de", undefined);
    const de = rendered(new OptionForm(goldenGame("base")));
    expect(field(de, "farmers").querySelector("label")?.textContent).toBe("Bauern");
  });

  it("gives the table size as a checkbox and two boxes within the table's range", () => {
    const el = rendered(new OptionForm(goldenGame("base")));
    const boxes = [...field(el, "board_limit").querySelectorAll<HTMLInputElement>('input[type="number"]')];
    expect(boxes.map((b) => [b.min, b.max, b.value, b.disabled])).toEqual([
      ["1", "145", "15", true],
      ["1", "145", "15", true],
    ]);
    expect(field(el, "board_limit").textContent).toContain("Table width (tiles)");
    // Not the game board's class, whose 55vh green box it took once a game's styles were in.
    expect([...field(el, "board_limit").classList]).toEqual(["field", "size"]);
  });

  it("sends a bool, an int, a choice and a size as the controls set them", () => {
    const form = new OptionForm(goldenGame("base"));
    const el = rendered(form);
    change(control<HTMLInputElement>(el, "farmers"), false);
    change(control<HTMLSelectElement>(el, "followers"), "4");
    change(control<HTMLSelectElement>(el, "start_player"), "host");
    const limit = control<HTMLInputElement>(el, "board_limit");
    change(limit, true);
    const [width, height] = [...field(el, "board_limit").querySelectorAll<HTMLInputElement>('input[type="number"]')];
    expect(width!.disabled).toBe(false);
    change(width!, "9");
    change(height!, "11");
    change(control<HTMLInputElement>(el, "edge_closes_features"), true);
    const built = form.build();
    expect(built).toMatchObject({
      ok: true,
      value: { case: "base", value: { farmers: false, followers: 4, startPlayer: "host", boardLimit: "9x11", edgeClosesFeatures: true } },
    });
    // Turned off again, the limit is "off" whatever the boxes hold.
    change(control<HTMLInputElement>(el, "edge_closes_features"), false);
    change(limit, false);
    expect(form.build()).toMatchObject({ ok: true, value: { value: { boardLimit: "off" } } });
  });

  it("says which value is refused, in words", () => {
    const form = new OptionForm(goldenGame("base"));
    form.values.hand_size = "4";
    expect(form.build()).toEqual({ ok: false, message: "The value of option Tiles in hand is not allowed." });
    form.values.hand_size = "0";
    form.values.board_limit = "0x5";
    expect(form.build()).toEqual({ ok: false, message: "The table size is two whole numbers from 1 to 145." });
    form.values.board_limit = "146x5";
    expect(form.build()).toMatchObject({ ok: false });
  });

  it("keeps the rules between options that the table does not carry (the game's check)", () => {
    const form = new OptionForm(goldenGame("base"));
    form.values.edge_closes_features = "true";
    expect(form.build()).toEqual({ ok: false, message: "“The table edge closes features” needs a table limit." });
    form.values.board_limit = "8x8";
    expect(form.build().ok).toBe(true);
    form.values.count = "true";
    form.values.board_limit = "4x9";
    expect(form.build()).toEqual({ ok: false, message: "The Count's city needs a table limit of at least 5 × 3." });
    form.values.board_limit = "5x3";
    expect(form.build()).toMatchObject({ ok: true, value: { value: { count: true, boardLimit: "5x3" } } });
  });
});

describe("a table the page has fewer words for", () => {
  it("shows an option without words by its name, the table's summary and its raw choices", () => {
    const base = goldenGame("base");
    const speechless = { ...base, module: { ...base.module, messages: { en: {}, nl: {}, de: {}, sv: {} } } };
    const el = rendered(new OptionForm(speechless));
    expect(field(el, "count_move").querySelector("label")?.textContent).toBe("count_move");
    expect(field(el, "count_move").querySelector(".help")?.textContent).toBe(
      "Rule C-3: With the Count: where he moves when a follower enters the city",
    );
    expect([...control<HTMLSelectElement>(el, "count_move").options].map((o) => o.textContent)).toEqual(["free", "clockwise", "follow"]);
    expect(field(el, "board_limit").textContent).toContain("Width");
  });

  it("gives an int with a long range a number box within it", () => {
    const base = goldenGame("base");
    const options = base.table.options.map((o) => (o.name === "followers" && o.type === "int" ? { ...o, max: 99 } : o));
    const table: GameTable = { ...base.table, options };
    const form = new OptionForm({ ...base, table });
    const el = rendered(form);
    const followers = control<HTMLInputElement>(el, "followers");
    expect([followers.tagName, followers.type, followers.min, followers.max, followers.value]).toEqual(["INPUT", "number", "1", "99", "7"]);
    change(followers, "50");
    expect(form.build()).toMatchObject({ ok: true, value: { value: { followers: 50 } } });
    change(followers, "100");
    expect(form.build()).toEqual({ ok: false, message: "The value of option Followers is not allowed." });
  });
});
