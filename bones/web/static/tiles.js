// Tiles drawn as SVG: ivory faces with pips, or wooden backs. No rules here: only pictures.

const NS = "http://www.w3.org/2000/svg";

// Pip positions on one square half (0..1), per number of pips.
const PIPS = {
  0: [],
  1: [[0.5, 0.5]],
  2: [[0.27, 0.27], [0.73, 0.73]],
  3: [[0.27, 0.27], [0.5, 0.5], [0.73, 0.73]],
  4: [[0.27, 0.27], [0.73, 0.27], [0.27, 0.73], [0.73, 0.73]],
  5: [[0.27, 0.27], [0.73, 0.27], [0.5, 0.5], [0.27, 0.73], [0.73, 0.73]],
  6: [[0.27, 0.25], [0.73, 0.25], [0.27, 0.5], [0.73, 0.5], [0.27, 0.75], [0.73, 0.75]],
  // the double-nine set (Draw Dominoes for five or more): three columns
  7: [[0.22, 0.22], [0.78, 0.22], [0.22, 0.5], [0.5, 0.5], [0.78, 0.5], [0.22, 0.78], [0.78, 0.78]],
  8: [[0.22, 0.22], [0.5, 0.22], [0.78, 0.22], [0.22, 0.5], [0.78, 0.5], [0.22, 0.78], [0.5, 0.78], [0.78, 0.78]],
  9: [[0.22, 0.22], [0.5, 0.22], [0.78, 0.22], [0.22, 0.5], [0.5, 0.5], [0.78, 0.5], [0.22, 0.78], [0.5, 0.78],
    [0.78, 0.78]],
  // the double-twelve set (Honest John for six or more): two columns of five; four, three and four; three of four
  10: [0.14, 0.32, 0.5, 0.68, 0.86].flatMap((v) => [[0.27, v], [0.73, v]]),
  11: [[0.2, 0.17], [0.2, 0.39], [0.2, 0.61], [0.2, 0.83], [0.5, 0.28], [0.5, 0.5], [0.5, 0.72], [0.8, 0.17],
    [0.8, 0.39], [0.8, 0.61], [0.8, 0.83]],
  12: [0.17, 0.39, 0.61, 0.83].flatMap((v) => [[0.2, v], [0.5, v], [0.8, v]]),
};

export function el(name, attrs = {}) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/** Pips of one half drawn into group `g`, the half being the square (x, y, s); `rotate` turns sixes sideways. The
 * numbers past six (the larger sets) each have a colour of their own, as on a real double-twelve set: ten, eleven and
 * twelve pips on a small tile of the star were hard to tell apart by count alone. */
function half(g, n, x, y, s, rotate) {
  for (const [px, py] of PIPS[n] || []) {
    const [u, v] = rotate ? [py, px] : [px, py];
    const r = s * (n > 9 ? 0.078 : 0.095);
    g.appendChild(el("circle", { cx: x + u * s, cy: y + v * s, r, class: n > 6 ? `pip n${n}` : "pip" }));
  }
}

/**
 * A tile face as an SVG group at (x, y): `a` on the first half (left or top), `b` on the second.
 * `vertical` stands it up (width s, height 2s).
 */
export function tileGroup(a, b, x, y, s, vertical) {
  const g = el("g", { class: "tile-face" });
  const w = vertical ? s : 2 * s;
  const h = vertical ? 2 * s : s;
  g.appendChild(el("rect", { x: x + 0.4, y: y + 0.4, width: w - 0.8, height: h - 0.8, rx: s * 0.14, class: "face" }));
  if (vertical) {
    g.appendChild(el("line", { x1: x + s * 0.15, y1: y + s, x2: x + s * 0.85, y2: y + s, class: "divider" }));
    half(g, a, x, y, s, false);
    half(g, b, x, y + s, s, false);
  } else {
    g.appendChild(el("line", { x1: x + s, y1: y + s * 0.15, x2: x + s, y2: y + s * 0.85, class: "divider" }));
    half(g, a, x, y, s, true);
    half(g, b, x + s, y, s, true);
  }
  return g;
}

/** A standalone SVG of one tile standing up (for the hand). */
export function tileSVG(a, b) {
  const svg = el("svg", { viewBox: "0 0 50 100", class: "tile-svg", "aria-hidden": "true", focusable: "false" });
  svg.appendChild(tileGroup(a, b, 0, 0, 50, true));
  return svg;
}

/** A tile face up outside the line (a hand shown at the end of a round): standing, or lying `sideways`. */
export function faceSVG(a, b, sideways = false) {
  const [w, h] = sideways ? [100, 50] : [50, 100];
  const svg = el("svg", { viewBox: `0 0 ${w} ${h}`, class: "tile-svg face-up", "aria-hidden": "true", focusable: "false" });
  svg.appendChild(tileGroup(a, b, 0, 0, 50, !sideways));
  return svg;
}

/** A tile lying face down (for the computer's hand, the boneyard, and a hand under the lid). */
export function backSVG(sideways = false) {
  const [w, h] = sideways ? [100, 50] : [50, 100];
  const svg = el("svg", { viewBox: `0 0 ${w} ${h}`, class: "tile-svg back", "aria-hidden": "true", focusable: "false" });
  svg.appendChild(el("rect", { x: 1, y: 1, width: w - 2, height: h - 2, rx: 7, class: "back-face" }));
  svg.appendChild(el("circle", { cx: w / 2, cy: h / 2, r: 5, class: "back-stud" }));
  return svg;
}

/** "6-4" -> [6, 4] */
export function halves(text) {
  const [a, b] = text.split("-").map(Number);
  return [a, b];
}

// A tile's name in the table's words ("6-4", "10-2"), not part of a longer run of digits and hyphens.
export const TILE_NAME = /(?<![\d-])(\d{1,2})-(\d{1,2})(?![\d-])/g;

/** `text` with each tile read aloud as words ("six–four"), as the tile buttons are labelled, not as "6-4". */
export const speakable = (text) => text.replace(TILE_NAME, (m) => spoken(m));

const WORDS = ["blank", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];

/** A tile read aloud: "six-four", "double five". */
export function spoken(text) {
  const [a, b] = halves(text);
  return a === b ? `double ${WORDS[a] || a}` : `${WORDS[a] || a}–${WORDS[b] || b}`;
}

/** Tiles given as [a, b] pairs, read aloud in a list: "six–four, double four". */
export const spokenTiles = (pairs) => pairs.map(([a, b]) => spoken(`${a}-${b}`)).join(", ");
