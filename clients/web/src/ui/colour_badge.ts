// A seat's colour as every screen shows it: the colour and its shape, with the colour's name for
// screen readers, so that colour is never the only difference between seats.

import { t } from "../i18n";
import { colourInfo } from "./colours";
import { h } from "./dom";

/** A colour swatch: the colour and its shape, with the colour's name for screen readers. */
export function colourBadge(colour: string): HTMLElement {
  const info = colourInfo(colour);
  if (!info) return h("span", { class: "swatch none", role: "img", "aria-label": t("colour.none") }, "–");
  return h(
    "span",
    {
      class: "swatch",
      role: "img",
      "aria-label": t(info.label),
      title: t(info.label),
      style: `background:${info.fill};color:${info.ink}`,
      "data-colour": info.name,
    },
    info.shape,
  );
}
