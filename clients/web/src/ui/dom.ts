// A small helper to build DOM elements: h("button", { type: "button", onclick: f }, "Text").
// Handlers are kept per element and reached through one listener per event type (on), so that
// patch (ui/patch.ts) can hand a freshly built element's handlers to the element already on the
// page that it updates in place. A handler must therefore act on the event's currentTarget or
// on the app's state, never on an element captured when it was built: that one is not the page's.

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
      on(el, key.replace(/^on/, ""), value);
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

type Handlers = Record<string, ((ev: Event) => void) | undefined>;
const handlers = new WeakMap<EventTarget, Handlers>();

function dispatch(ev: Event): void {
  if (ev.currentTarget) handlers.get(ev.currentTarget)?.[ev.type]?.(ev);
}

/** Sets the element's one handler for events of `type` (replacing an earlier one). */
export function on(el: EventTarget, type: string, handler: (ev: Event) => void): void {
  let mine = handlers.get(el);
  if (!mine) handlers.set(el, (mine = {}));
  if (!(type in mine)) el.addEventListener(type, dispatch);
  mine[type] = handler;
}

/** Gives `live` the handlers of `built`, which it is being updated to look like (patch). */
export function adoptHandlers(live: EventTarget, built: EventTarget): void {
  const next = handlers.get(built);
  const mine = handlers.get(live);
  if (!next && !mine) return;
  const kept: Handlers = {};
  for (const type of Object.keys(mine ?? {})) kept[type] = undefined;
  for (const [type, handler] of Object.entries(next ?? {})) {
    if (!mine || !(type in mine)) live.addEventListener(type, dispatch);
    kept[type] = handler;
  }
  handlers.set(live, kept);
}

/** The element a handler was called for: the page's own, which a captured element may not be. */
export function self<T extends Element>(ev: Event): T {
  return ev.currentTarget as T;
}

/** The element with this id in the tree of the element an event reached (the page, usually). */
export function onPage<T extends Element>(ev: Event, id: string): T | null {
  const root = (ev.currentTarget as Element | null)?.getRootNode();
  if (!root) return null;
  if (root instanceof Element && root.id === id) return root as unknown as T;
  return (root as Document | Element).querySelector<T>(`[id="${id}"]`);
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
