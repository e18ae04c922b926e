// Honest John's star: the centre double once, and every seat's own line as a row growing out of it, labelled with
// the seat's name, its tiles in order from the centre, its open end marked in chalk. On a narrow screen (or at a
// small table) the centre double stands in a column on the left and the lines fan out to the right; on a wide
// screen with five or more at the table it stands in the middle and the lines grow out both ways, like a star.
// The rows go in seat order from the seat after yours, your own line last (nearest your hand). No rules here: the
// server sends each line's tiles from the centre out, what its end takes, and whether it is closed, to move,
// asking or asked. A closed line shows its last tile face down.

import { el, spoken, spokenTiles, tileGroup } from "./tiles.js";

const U = 10; // one half of a tile, in SVG units

/**
 * One tile as a small SVG, along the line or (a double) across it; `west`: the line grows leftwards, so the half
 * towards the centre is drawn on the right. `end` marks a line's last tile (where a new one arrives).
 */
function tileSVG(inner, outer, across, { end = null, back = false, fresh = false, west = false } = {}) {
  const [w, h] = across ? [U, 2 * U] : [2 * U, U];
  const svg = el("svg", { viewBox: `0 0 ${w} ${h}`, class: `star-tile${across ? " across" : ""}`, "aria-hidden": "true" });
  let g;
  if (back) {
    g = el("g", { class: "tile-face back-tile" });
    g.appendChild(el("rect", { x: 0.4, y: 0.4, width: w - 0.8, height: h - 0.8, rx: U * 0.14, class: "face back-face" }));
    g.appendChild(el("circle", { cx: w / 2, cy: h / 2, r: U * 0.16, class: "back-stud" }));
  } else {
    g = west ? tileGroup(outer, inner, 0, 0, U, across) : tileGroup(inner, outer, 0, 0, U, across);
  }
  if (end) g.setAttribute("data-last", end);
  if (fresh) g.classList.add("fresh");
  svg.appendChild(g);
  return svg;
}

/** The chalk mark at a line's open end: what it takes ("6", or "6-6" where it waits for the double). */
function endMark(line, hinted) {
  const mark = document.createElement("span");
  mark.className = "star-end chalk" + (hinted ? " hinted" : "");
  mark.dataset.end = line.end;
  mark.textContent = line.takes.startsWith("the double") ? `${line.pip}-${line.pip}` : String(line.pip);
  mark.title = `Takes ${line.takes}`;
  return mark;
}

function tag(text, kind) {
  const t = document.createElement("span");
  t.className = `star-tag ${kind}`;
  t.textContent = text;
  return t;
}

/** The name column of a row: the seat's name, the tiles in its hand, and what it is doing. */
function label(line, view, shown) {
  const box = document.createElement("span");
  box.className = "star-name";
  const name = document.createElement("span");
  name.className = "star-who";
  name.textContent = line.name;
  const count = document.createElement("span");
  count.className = "star-count";
  count.textContent = shown ? "" : `${line.count} ${line.count === 1 ? "tile" : "tiles"}`;
  box.append(name, count);
  if (line.closed) box.append(tag("closed", "closed"));
  else if (line.asker) box.append(tag("asks", "asks"));
  else if (line.asked) box.append(tag(view.star.sells ? "selling" : "giving", "asked"));
  else if (line.to_move && !view.round_over) box.append(tag("to move", "turn"));
  return box;
}

/** One seat's row: its label, then its tiles from the centre out and its open end; at the end of a round, the
 * hand it was left with, face up. */
function lineRow(line, view, { fresh, hintEnd, revealed, west }) {
  const row = document.createElement("div");
  row.className = "star-line" + (line.seat === view.seat ? " mine" : "") + (line.closed ? " closed" : "")
    + (line.to_move && !view.round_over ? " to-move" : "") + (line.asker ? " asker" : "") + (line.asked ? " asked" : "");
  row.dataset.seat = line.seat;
  row.dataset.end = line.end;
  const shown = revealed && revealed[line.seat];
  const tiles = document.createElement("span");
  tiles.className = "star-tiles";
  line.tiles.forEach(([inner, outer], i) => {
    const last = i === line.tiles.length - 1;
    tiles.appendChild(tileSVG(inner, outer, inner === outer, {
      end: last ? line.end : null, back: last && line.closed, fresh: last && fresh === line.end, west,
    }));
  });
  // closed before its first tile: nothing to turn face down, and an empty row looked like a line not yet begun
  if (line.closed && !line.tiles.length) tiles.appendChild(tag("closed before its first tile", "out"));
  // a finished round's or game's lines take nothing more: their ends are left unmarked
  if (!line.closed && line.pip !== null && !view.game_over && !view.round_over) tiles.appendChild(endMark(line, hintEnd === line.end));
  if (shown) {
    const hand = document.createElement("span");
    hand.className = "star-hand";
    hand.title = "The tiles left in this hand";
    hand.append(...(shown.length
      ? shown.map((t) => { const [a, b] = t.split("-").map(Number); return tileSVG(a, b, false); })
      : [tag("no tiles left", "out")]));
    tiles.appendChild(hand);
  }
  row.append(label(line, view, shown), tiles);
  row.setAttribute("role", "listitem");
  row.setAttribute("aria-label", describeRow(line, view, shown));
  return row;
}

/** One row in words: whose line, its tiles from the centre out (a screen reader heard only how many), what it
 * takes, and at a round's end the hand it was left with (`shown`). */
function describeRow(line, view, shown) {
  const whose = line.seat === view.seat ? "Your line" : `${line.name}'s line`;
  const count = `${line.tiles.length} ${line.tiles.length === 1 ? "tile" : "tiles"}`;
  const laid = line.tiles.length ? ` from the centre, ${spokenTiles(line.tiles)}` : "";
  const over = view.round_over || view.game_over; // nothing more is laid: what a line takes goes unsaid
  // "the double 0" read as the tiles are ("the double blank")
  const takes = line.takes.replace(/double (\d+)$/, (m, n) => spoken(`${n}-${n}`));
  // a line closed before its first tile has no last tile to turn face down
  const shut = line.tiles.length ? "closed, its last tile face down" : "closed before its first tile";
  const state = line.closed ? shut : line.pip === null || over ? "" : `takes ${takes}`;
  const held = shown ? `, left holding ${shown.length ? shown.map(spoken).join(", ") : "no tiles"}`
    : line.seat === view.seat ? "" : `; ${line.count} ${line.count === 1 ? "tile" : "tiles"} in hand`;
  const asked = `, asked to ${view.star.sells ? "sell" : "give"} a tile`; // "asked for a tile" sounded like asking
  const doing = over ? "" : line.asker ? ", asking for a tile" : line.asked ? asked : line.to_move ? ", to move" : "";
  return `${whose}: ${count}${laid}${state ? `; ${state}` : ""}${held}${doing}`;
}

/** The star in words, for the felt's label; `revealed`: the hands left at a round's end, by seat. */
export function describeStar(view, revealed = null) {
  if (!view.center) return "The table is empty: the round starts with the centre double.";
  const [a, b] = view.center;
  return `The star: ${spoken(`${a}-${b}`)} in the centre. `
    + view.star.lines.map((l) => describeRow(l, view, revealed && revealed[l.seat])).join(". ") + ".";
}

/** The rows in the order drawn: from the seat after yours round the table, your own last. */
function ordered(view) {
  const lines = view.star.lines;
  const n = lines.length;
  return Array.from({ length: n }, (_, k) => lines[(view.seat + 1 + k) % n]);
}

function column(lines, view, opts, west) {
  const box = document.createElement("div");
  box.className = "star-lines" + (west ? " west" : "");
  box.setAttribute("role", "list");
  for (const line of lines) box.appendChild(lineRow(line, view, { ...opts, west }));
  return box;
}

/**
 * Draw the star into `box` (a div on the felt), keeping it to about `height` pixels: the largest tiles for which
 * every line fits (a long line wraps within its row); where even the smallest readable tiles do not, the felt grows
 * to hold it.
 */
export function drawStar(box, view, { height, fresh = null, hintEnd = null, revealed = null }) {
  box.replaceChildren();
  if (!view.center) {
    const empty = document.createElement("p");
    empty.className = "star-empty chalk";
    empty.textContent = "The centre double starts the star.";
    box.appendChild(empty);
    return;
  }
  const hub = document.createElement("div");
  hub.className = "star-hub";
  const [a, b] = view.center;
  hub.appendChild(tileSVG(a, b, true, { end: "C", fresh: fresh === "C" }));
  const rows = ordered(view);
  const wide = box.clientWidth > 560;
  const both = box.clientWidth >= 860 && rows.length >= 5; // lines both ways from the centre
  box.classList.toggle("both", both);
  const opts = { fresh, hintEnd, revealed };
  const half = Math.ceil(rows.length / 2);
  const columns = both
    ? [column(rows.slice(0, half), view, opts, true), column(rows.slice(half), view, opts, false)]
    : [column(rows, view, opts, false)];
  box.append(...(both ? [columns[0], hub, columns[1]] : [hub, columns[0]]));
  // the largest tiles that keep to `height`: up to 30 px a half on a roomy desktop; never under 16, where a half of
  // 12 px left the pips of a long line unreadable on a phone, and a page zoomed to 200 % (a short window, in CSS
  // pixels) drew the star smaller on the screen than unzoomed (the felt grows instead, and the page scrolls)
  const tallest = () => Math.max(...columns.map((c) => c.scrollHeight));
  for (let u = wide ? 30 : 24; u >= 16; u--) {
    box.style.setProperty("--u", `${u}px`);
    if (tallest() <= Math.max(height, 160) + 1) break;
  }
}
