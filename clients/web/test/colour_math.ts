// Colour arithmetic for the accessibility checks of the seat colours and the board (unit tests
// and the browser test share it): WCAG 2 relative luminance and contrast ratio, the Machado,
// Oliveira and Fernandes 2009 colour-vision-deficiency simulation (severity 1, applied to linear
// sRGB), CIELAB (D65) and the CIEDE2000 colour difference (Sharma, Wu and Dalal 2005, whose test
// pairs test/colours.test.ts checks it against).

export type Rgb = [number, number, number];
type Matrix = [Rgb, Rgb, Rgb];

export const VISION: Record<"typical" | "protanopia" | "deuteranopia" | "tritanopia", Matrix> = {
  typical: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};
export type Vision = keyof typeof VISION;

/** "#rrggbb" or "rgb(r, g, b)" (as getComputedStyle reports it) to 0..255 channels. */
export function parseColour(css: string): Rgb {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(css.trim());
  if (hex) return [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16), parseInt(hex[3]!, 16)];
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(css.trim());
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  throw new Error(`not a colour: ${css}`);
}

/** "#rrggbb" of a colour parseColour reads. */
export function hexOf(css: string): string {
  return `#${parseColour(css).map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

function linear(css: string): Rgb {
  const c = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = parseColour(css);
  return [c(r), c(g), c(b)];
}

/** WCAG 2 relative luminance. */
export function luminance(css: string): number {
  const [r, g, b] = linear(css);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Linear sRGB as seen with `vision`. */
function seen(css: string, vision: Vision): Rgb {
  const rgb = linear(css);
  const row = (r: Rgb) => Math.min(1, Math.max(0, r[0] * rgb[0] + r[1] * rgb[1] + r[2] * rgb[2]));
  const m = VISION[vision];
  return [row(m[0]), row(m[1]), row(m[2])];
}

/** CIELAB (D65) of linear sRGB. */
function labOfLinear([r, g, b]: Rgb): Rgb {
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** CIELAB of a colour as seen with `vision`. */
export function lab(css: string, vision: Vision = "typical"): Rgb {
  return labOfLinear(seen(css, vision));
}

const deg = Math.PI / 180;

/** CIEDE2000 between two CIELAB colours (kL = kC = kH = 1). */
export function ciede2000([L1, a1, b1]: Rgb, [L2, a2, b2]: Rgb): number {
  const C1 = Math.hypot(a1, b1);
  const C2 = Math.hypot(a2, b2);
  const Cm = (C1 + C2) / 2;
  const G = 0.5 * (1 - Math.sqrt(Cm ** 7 / (Cm ** 7 + 25 ** 7)));
  const a1p = (1 + G) * a1;
  const a2p = (1 + G) * a2;
  const C1p = Math.hypot(a1p, b1);
  const C2p = Math.hypot(a2p, b2);
  const hue = (b: number, a: number) => (b === 0 && a === 0 ? 0 : (Math.atan2(b, a) / deg + 360) % 360);
  const h1p = hue(b1, a1p);
  const h2p = hue(b2, a2p);
  const dLp = L2 - L1;
  const dCp = C2p - C1p;
  let dhp = 0;
  if (C1p * C2p !== 0) {
    dhp = h2p - h1p;
    if (dhp > 180) dhp -= 360;
    else if (dhp < -180) dhp += 360;
  }
  const dHp = 2 * Math.sqrt(C1p * C2p) * Math.sin((dhp / 2) * deg);
  const Lpm = (L1 + L2) / 2;
  const Cpm = (C1p + C2p) / 2;
  let hpm = h1p + h2p;
  if (C1p * C2p !== 0) {
    if (Math.abs(h1p - h2p) <= 180) hpm = (h1p + h2p) / 2;
    else hpm = h1p + h2p < 360 ? (h1p + h2p + 360) / 2 : (h1p + h2p - 360) / 2;
  }
  const T =
    1 -
    0.17 * Math.cos((hpm - 30) * deg) +
    0.24 * Math.cos(2 * hpm * deg) +
    0.32 * Math.cos((3 * hpm + 6) * deg) -
    0.2 * Math.cos((4 * hpm - 63) * deg);
  const dTheta = 30 * Math.exp(-(((hpm - 275) / 25) ** 2));
  const Rc = 2 * Math.sqrt(Cpm ** 7 / (Cpm ** 7 + 25 ** 7));
  const SL = 1 + (0.015 * (Lpm - 50) ** 2) / Math.sqrt(20 + (Lpm - 50) ** 2);
  const SC = 1 + 0.045 * Cpm;
  const SH = 1 + 0.015 * Cpm * T;
  const RT = -Math.sin(2 * dTheta * deg) * Rc;
  const l = dLp / SL;
  const c = dCp / SC;
  const h = dHp / SH;
  return Math.sqrt(l * l + c * c + h * h + RT * c * h);
}

/** CIEDE2000 between two colours as seen with `vision`. */
export function difference(a: string, b: string, vision: Vision): number {
  return ciede2000(lab(a, vision), lab(b, vision));
}
