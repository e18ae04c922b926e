// The line of play on the felt: lays out the tiles the server says are down, doubles across, turning at the
// edge of the table so the line fits (a phone in portrait gets shorter rows). No rules: the server sends the
// arms (tiles from the centre outwards, as [inner, outer]), the open ends and where the spinner lies.

import { el, tileGroup } from "./tiles.js";

const S = 10; // one half of a tile, in SVG units

/** Lay one horizontal arm out from (x, y) going `dx`; returns the placed tiles and where the next one would go. */
function walkArm(arm, x, y, dx, limit, turnDy, rowGap) {
  const placed = [];
  let afterTurn = false;
  for (const [inner, outer] of arm) {
    const double = inner === outer;
    if (!double && (dx > 0 ? x + 2 * S > limit : x - 2 * S < -limit)) {
      // Turn the corner: one tile stands up beside the end, and the line comes back the other way.
      const cx = dx > 0 ? x : x - S;
      const top = turnDy > 0 ? y - S / 2 : y + S / 2 - 2 * S;
      const [a, b] = turnDy > 0 ? [inner, outer] : [outer, inner];
      placed.push({ a, b, x: cx, y: top, vertical: true, outer: { x: cx + S / 2, y: turnDy > 0 ? top + 1.5 * S : top + S / 2 } });
      y += turnDy * rowGap;
      x = dx > 0 ? x + S : x - S;
      dx = -dx;
      afterTurn = true;
      continue;
    }
    if (double && !afterTurn) {
      const cx = dx > 0 ? x : x - S;
      placed.push({ a: inner, b: outer, x: cx, y: y - S, vertical: true, outer: { x: cx + S / 2, y } });
      x += dx * S;
    } else {
      const left = dx > 0 ? x : x - 2 * S;
      const [a, b] = dx > 0 ? [inner, outer] : [outer, inner];
      placed.push({ a, b, x: left, y: y - S / 2, vertical: false,
                    outer: { x: dx > 0 ? left + 1.5 * S : left + S / 2, y } });
      x += dx * 2 * S;
    }
    afterTurn = false;
  }
  return { placed, next: { x: x + dx * 0.8 * S, y } };
}

/** Lay a short end of the spinner out from (x, y) going `dy` (up -1, down +1). */
function walkColumn(arm, x, y, dy) {
  const placed = [];
  for (const [inner, outer] of arm) {
    const double = inner === outer;
    if (double) {
      const top = dy > 0 ? y : y - S;
      placed.push({ a: inner, b: outer, x: x - S, y: top, vertical: false, outer: { x, y: top + S / 2 } });
      y += dy * S;
    } else {
      const top = dy > 0 ? y : y - 2 * S;
      const [a, b] = dy > 0 ? [inner, outer] : [outer, inner];
      placed.push({ a, b, x: x - S / 2, y: top, vertical: true, outer: { x, y: dy > 0 ? top + 1.5 * S : top + S / 2 } });
      y += dy * 2 * S;
    }
  }
  return { placed, next: { x, y: y + dy * 0.8 * S } };
}

/**
 * Positions of every tile, of each open end's outer half, and of the spot a new tile would take at each end.
 * `limit` is how far (in units) a row may reach either side of the centre.
 */
export function layout(view, limit) {
  const out = { tiles: [], ends: {}, next: {} };
  if (!view.center) return out;
  const [hi, lo] = view.center;
  const centerDouble = hi === lo;
  const arms = view.arms;
  const sp = view.spinner;
  const colDepth = (name) => (arms[name] || []).reduce((d, [i, o]) => d + (i === o ? S : 2 * S), 0);
  const downGap = Math.max(2 * S, S + colDepth("D") + 1.5 * S);
  const upGap = Math.max(2 * S, S + colDepth("U") + 1.5 * S);
  let centre;
  if (centerDouble) {
    centre = { a: hi, b: lo, x: -S / 2, y: -S, vertical: true, outer: { x: 0, y: 0 } };
  } else {
    centre = { a: hi, b: lo, x: -S, y: -S / 2, vertical: false, outer: { x: 0, y: 0 } };
  }
  out.tiles.push(centre);
  const startR = centerDouble ? S / 2 : S;
  const r = walkArm(arms.R || [], startR, 0, 1, limit, 1, downGap);
  const l = walkArm(arms.L || [], -startR, 0, -1, limit, -1, upGap);
  r.placed.forEach((t, i) => { t.arm = "R"; t.index = i; });
  l.placed.forEach((t, i) => { t.arm = "L"; t.index = i; });
  centre.arm = "C";
  out.tiles.push(...r.placed, ...l.placed);
  out.next.R = r.next;
  out.next.L = l.next;
  const lastOuter = (placed, fallback) => {
    const t = placed.length ? placed[placed.length - 1] : null;
    return t ? { ...t.outer, tile: t } : fallback;
  };
  out.ends.R = lastOuter(r.placed, centerDouble ? { x: 0, y: 0, tile: centre } : { x: S / 2, y: 0 });
  out.ends.L = lastOuter(l.placed, centerDouble ? { x: 0, y: 0, tile: centre } : { x: -S / 2, y: 0 });
  // The spinner's short ends grow up and down from it.
  let spinnerTile = null;
  if (sp) {
    if (sp.arm === "C") spinnerTile = centre;
    else {
      const placed = sp.arm === "R" ? r.placed : l.placed;
      spinnerTile = placed[sp.index] || null;
    }
  }
  if (spinnerTile) {
    const cx = spinnerTile.x + (spinnerTile.vertical ? S / 2 : S);
    const top = spinnerTile.y;
    const bottom = spinnerTile.y + (spinnerTile.vertical ? 2 * S : S);
    const u = walkColumn(arms.U || [], cx, top, -1);
    const d = walkColumn(arms.D || [], cx, bottom, 1);
    u.placed.forEach((t, i) => { t.arm = "U"; t.index = i; });
    d.placed.forEach((t, i) => { t.arm = "D"; t.index = i; });
    out.tiles.push(...u.placed, ...d.placed);
    out.next.U = u.next;
    out.next.D = d.next;
    out.ends.U = lastOuter(u.placed, { x: cx, y: top + S / 2 });
    out.ends.D = lastOuter(d.placed, { x: cx, y: bottom - S / 2 });
    spinnerTile.spinner = true;
  }
  if (!arms.L?.length && !arms.R?.length) {
    out.next.L = { x: -startR - 0.8 * S, y: 0 };
    out.next.R = { x: startR + 0.8 * S, y: 0 };
  }
  return out;
}

/**
 * Draw the line into `svg`: tiles, chalk rings on the open ends, and chalk dots for `choices`
 * ([{end, label}]) that call `onChoose(end)`; `hintEnd` marks the end a hint suggests.
 */
export function drawLine(svg, view, { width, height, choices = [], onChoose = null, hintEnd = null, fresh = null }) {
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  const aspect = Math.max(0.45, Math.min(3, width / Math.max(1, height)));
  const limit = Math.max(4.5 * S, Math.min(16 * S, 5 * S * aspect + S));
  const lay = layout(view, limit);
  let minX = -4 * S, maxX = 4 * S, minY = -3 * S, maxY = 3 * S;
  const grow = (x, y) => { minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y); };
  for (const t of lay.tiles) {
    grow(t.x, t.y);
    grow(t.x + (t.vertical ? S : 2 * S), t.y + (t.vertical ? 2 * S : S));
  }
  for (const p of Object.values(lay.next)) grow(p.x, p.y);
  const pad = S * 1.2;
  minX -= pad; minY -= pad; maxX += pad; maxY += pad;
  // Keep tiles from growing huge on an empty table.
  const minW = 9 * S * Math.max(1, aspect * 0.75), minH = minW / aspect;
  if (maxX - minX < minW) { const c = (maxX + minX) / 2; minX = c - minW / 2; maxX = c + minW / 2; }
  if (maxY - minY < minH) { const c = (maxY + minY) / 2; minY = c - minH / 2; maxY = c + minH / 2; }
  svg.setAttribute("viewBox", `${minX} ${minY} ${maxX - minX} ${maxY - minY}`);
  for (const t of lay.tiles) {
    const g = tileGroup(t.a, t.b, t.x, t.y, S, t.vertical);
    if (t.spinner) g.classList.add("spinner");
    if (fresh && t.arm === fresh && (fresh === "C" || t.index === (view.arms[fresh] || []).length - 1)) {
      g.classList.add("fresh");
    }
    svg.appendChild(g);
  }
  const ringed = new Set();
  for (const name of Object.keys(view.ends || {})) {
    const p = lay.ends[name];
    if (!p) continue;
    const t = p.tile;
    if (t && t.a === t.b) {
      // A double at an end counts whole: the chalk goes round all of it.
      const w = t.vertical ? S : 2 * S, h = t.vertical ? 2 * S : S;
      const key = `${t.x},${t.y}`;
      if (ringed.has(key)) continue;
      ringed.add(key);
      svg.appendChild(el("ellipse", { cx: t.x + w / 2, cy: t.y + h / 2, rx: w * 0.5 + S * 0.35, ry: h * 0.5 + S * 0.35,
                                      class: "chalk-ring", "data-end": name }));
    } else {
      svg.appendChild(el("circle", { cx: p.x, cy: p.y, r: S * 0.62, class: "chalk-ring", "data-end": name }));
    }
  }
  if (hintEnd && lay.next[hintEnd]) {
    const p = lay.next[hintEnd];
    svg.appendChild(el("circle", { cx: p.x, cy: p.y, r: S * 0.55, class: "hint-mark" }));
  }
  for (const c of choices) {
    const p = lay.next[c.end];
    if (!p) continue;
    const g = el("g", { class: "chalk-dot", tabindex: 0, role: "button", "aria-label": c.label, "data-end": c.end });
    g.appendChild(el("circle", { cx: p.x, cy: p.y, r: S * 0.9, class: "dot-target" }));
    g.appendChild(el("circle", { cx: p.x, cy: p.y, r: S * 0.42, class: "dot" }));
    const choose = (ev) => { ev.preventDefault(); ev.stopPropagation(); if (onChoose) onChoose(c.end); };
    g.addEventListener("click", choose);
    g.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") choose(ev); });
    svg.appendChild(g);
  }
}
