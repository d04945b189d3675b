// A small helper to build DOM elements: h("button", { type: "button", onclick: f }, "Text").

export type Child = Node | string | number | null | undefined | false | readonly Child[];
export type AttrValue = string | number | boolean | null | undefined | ((ev: Event) => void);
export type Attrs = Record<string, AttrValue>;

// Set as properties, not attributes: the live state of form controls.
const PROPERTIES = new Set(["value", "checked", "disabled", "selected"]);

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) {
      if (PROPERTIES.has(key)) (el as unknown as Record<string, unknown>)[key] = false;
      continue;
    }
    if (typeof value === "function") {
      el.addEventListener(key.replace(/^on/, ""), value);
    } else if (PROPERTIES.has(key)) {
      (el as unknown as Record<string, unknown>)[key] = value;
      if (key !== "value" && value === true) el.setAttribute(key, "");
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}

export function append(parent: Node, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(parent, child);
    else if (typeof child === "string" || typeof child === "number") {
      parent.appendChild(document.createTextNode(String(child)));
    } else parent.appendChild(child as Node);
  }
}

let nextId = 0;

/** A fresh id for label/for and aria-describedby pairs. */
export function uid(prefix: string): string {
  nextId += 1;
  return `${prefix}-${nextId}`;
}

/** Restarts the ids: a screen rendered again gets the same ids, so focus can be restored. */
export function resetUids(): void {
  nextId = 0;
}
