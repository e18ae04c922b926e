// The line of play on the felt: lays out the tiles the server says are down, doubles across (or the tiles the
// server names in `across`: Matadore's trumps, where doubles lie along the line), turning at the
// edge of the table so the line fits (a phone in portrait gets shorter rows). No rules: the server sends the
// arms (tiles from where each grows outwards, as [inner, outer]), where each arm grows from (`roots`), the open
// ends and where the first spinner lies. The line's two arms snake in rows; a spinner's arms (every double's, in
// Five Up) grow from its short sides and turn wherever the way ahead is taken.

import { el, tileGroup } from "./tiles.js";

const S = 10; // one half of a tile, in SVG units

// Which tiles lie across the line: the view's `across` ([high, low] pairs), else the doubles. Set for each layout.
let crosswise = (inner, outer) => inner === outer;
function setAcross(view) {
  if (!Array.isArray(view.across)) { crosswise = (inner, outer) => inner === outer; return; }
  const keys = new Set(view.across.map(([a, b]) => `${Math.max(a, b)}-${Math.min(a, b)}`));
  crosswise = (inner, outer) => keys.has(`${Math.max(inner, outer)}-${Math.min(inner, outer)}`);
}

const DIRS = { E: [1, 0], W: [-1, 0], S: [0, 1], N: [0, -1] };
const perp = (d) => (d === "E" || d === "W" ? ["N", "S"] : ["W", "E"]);
const LEFT = { E: "N", N: "W", W: "S", S: "E" };
const RIGHT = { E: "S", S: "W", W: "N", N: "E" };

/**
 * One tile laid in direction `d` with its inner edge centred on point `p`: its rectangle, which half is where,
 * and the point its outer edge leaves for the next tile. A double (or a tile the view names in `across`) lies across
 * the direction of play; a tile across with two numbers leaves its outer half on the top or left.
 */
function place(inner, outer, p, d) {
  const [dx, dy] = DIRS[d];
  const double = crosswise(inner, outer);
  const along = double ? S : 2 * S;
  const across = double ? 2 * S : S;
  const horizontal = dx !== 0;
  const w = horizontal ? along : across;
  const h = horizontal ? across : along;
  const x = dx > 0 ? p.x : dx < 0 ? p.x - w : p.x - w / 2;
  const y = dy > 0 ? p.y : dy < 0 ? p.y - h : p.y - h / 2;
  // tileGroup draws `a` on the left or top half: put the inner half on the side it came from
  const [a, b] = double ? [outer, inner] : dx < 0 || dy < 0 ? [outer, inner] : [inner, outer];
  const tile = { a, b, x, y, vertical: h > w, dir: d, double };
  // the outer half's centre (a double across counts whole: its centre; a tile across with two numbers: the half
  // drawn first, top or left)
  tile.outer = double && inner === outer ? { x: x + w / 2, y: y + h / 2 }
    : double ? { x: x + S / 2, y: y + S / 2 }
      : { x: p.x + dx * 1.5 * S, y: p.y + dy * 1.5 * S };
  const next = { x: p.x + dx * along, y: p.y + dy * along };
  return { tile, next };
}

/** The tile that turns a corner: from the end `p` of a tile heading `h`, the next one heads `t`. */
function corner(inner, outer, p, h, t) {
  const [hx, hy] = DIRS[h];
  const [tx, ty] = DIRS[t];
  return place(inner, outer, { x: p.x + hx * S / 2 - tx * S / 2, y: p.y + hy * S / 2 - ty * S / 2 }, t);
}

/**
 * Lay an arm out from `p` heading `d`. Horizontal rows reach at most `limit` either side of the centre; at the
 * edge the line turns `turn` (down or up) and comes back, after dropping below `clear` (a y it must get past,
 * so a row never runs into the spinner's column) and `gap` more past the row before (room for spinners' arms).
 */
function walk(arm, p, d, limit, turn, clear, straight = false, holdUntil = -1, gap = 0, spinners = new Set(),
  reach = null, firstRow = null) {
  const placed = [];
  let heading = d;
  // the way the next row runs (`firstRow`: the first row of an arm that leaves the line up or down)
  let back = firstRow ? (firstRow === "E" ? "W" : "E") : d === "E" ? "W" : "E";
  let pos = { ...p };
  // the far side of the row being laid (doubles stick out S); an arm that leaves up or down goes `reach` out first
  let rowEdge = reach !== null ? (turn === "S" ? reach : -reach) : turn === "S" ? S : -S;
  for (const [i, [inner, outer]] of arm.entries()) {
    const double = crosswise(inner, outer);
    const [dx, dy] = DIRS[heading];
    // The first spinner and the tile after it stay on the first row, so its columns have room; no row turns on a
    // later spinner or the tile after it either (its arms need the room).
    const turnable = i > holdUntil && !spinners.has(i) && !spinners.has(i - 1);
    if (!straight && turnable && dy === 0 && !double && Math.abs(pos.x + dx * 2 * S) > limit + 0.01) {
      // The corner: the tile's inner half lies just beyond the end, the tile itself points `turn`.
      const r = corner(inner, outer, pos, heading, turn);
      r.tile.corner = true;
      placed.push(r.tile);
      pos = r.next;
      const next = heading;
      heading = turn;
      back = next;
      rowEdge = turn === "S" ? Math.max(rowEdge, clear) : Math.min(rowEdge, clear);
      continue;
    }
    if (!straight && dx === 0) {
      // Going down (or up) the side of the table until the next row clears everything above it.
      const need = turn === "S" ? pos.y - S / 2 < rowEdge + gap - 0.01 : pos.y + S / 2 > rowEdge - gap + 0.01;
      if (!need && !double) {
        const target = back === "E" ? "W" : "E";
        const r = corner(inner, outer, pos, heading, target);
        r.tile.corner = true;
        placed.push(r.tile);
        pos = r.next;
        heading = target;
        rowEdge = turn === "S" ? pos.y + S : pos.y - S;
        continue;
      }
    }
    const r = place(inner, outer, pos, heading);
    placed.push(r.tile);
    pos = r.next;
    if (DIRS[heading][1] === 0) {
      const far = turn === "S" ? r.tile.y + (r.tile.vertical ? 2 * S : S) : r.tile.y;
      rowEdge = turn === "S" ? Math.max(rowEdge, far) : Math.min(rowEdge, far);
    }
  }
  return { placed, end: pos, dir: heading };
}

const size = (t) => (t.spot ? [S, S] : t.vertical ? [S, 2 * S] : [2 * S, S]);
// The room a chalk dot needs where a tile would go next at an open end: no tile of another arm may take it.
const spotBox = (p) => ({ x: p.x - S / 2, y: p.y - S / 2, spot: true });

// Tiles that touch in the line (one laid against the other) may touch; any other two must not even touch.
const overlaps = (a, b, linked) => {
  const [aw, ah] = size(a);
  const [bw, bh] = size(b);
  const gapX = Math.max(b.x - (a.x + aw), a.x - (b.x + bw));
  const gapY = Math.max(b.y - (a.y + ah), a.y - (b.y + bh));
  if (linked) return gapX < -0.05 && gapY < -0.05;
  // side by side along an edge is crowding; meeting at a corner point is not
  return (gapX < -0.05 && gapY < 0.05) || (gapY < -0.05 && gapX < 0.05);
};

// Whether two placed tiles lie against each other: neighbours in an arm, or an arm's first tile and the tile
// it grows from.
function linked(a, b) {
  if (a.arm === b.arm) return Math.abs(a.index - b.index) === 1;
  const grows = (t, from) => t.index === 0 && t.root && t.root[0] === from.arm && (from.arm === "C" || t.root[1] === from.index);
  return grows(a, b) || grows(b, a);
}

/**
 * A spinner's arm: it leaves the spinner's short side heading `d` and goes straight while the way is free,
 * else turns (the side with more room first), never onto a tile already down.
 */
function branch(arm, p, d, others, root) {
  const placed = [];
  let heading = d;
  let pos = { ...p };
  let lean = 0; // which way the arm turned last (+1 left, -1 right): it turns back the other way next
  const free = (t, last) => !others.some((o) => o !== last && overlaps(t, o, false))
    && !placed.some((o) => o !== last && overlaps(t, o, false));
  for (const [inner, outer] of arm) {
    const last = placed.length ? placed[placed.length - 1] : root;
    const ahead = place(inner, outer, pos, heading);
    let r = ahead;
    if (!free(ahead.tile, last)) {
      const turns = lean > 0 ? [RIGHT[heading], LEFT[heading]] : [LEFT[heading], RIGHT[heading]];
      const options = turns.map((t) => ({ t, r: corner(inner, outer, pos, heading, t) })).filter((o) => free(o.r.tile, last));
      if (options.length) {
        const o = options[0];
        lean = o.t === LEFT[heading] ? 1 : -1;
        heading = o.t;
        r = o.r;
        r.tile.corner = true;
      }
    }
    placed.push(r.tile);
    pos = r.next;
  }
  return { placed, end: pos, dir: heading };
}

function endOf(w, fallback) {
  const t = w.placed.length ? w.placed[w.placed.length - 1] : null;
  const [dx, dy] = DIRS[w.dir];
  return { ring: t ? { ...t.outer, tile: t } : fallback,
           next: { x: w.end.x + dx * 1.1 * S, y: w.end.y + dy * 1.1 * S }, dir: w.dir };
}

function layoutOnce(view, limit, flip = false, gap = 0, reach = Infinity) {
  const out = { tiles: [], ends: {}, next: {} };
  if (!view.center) return out;
  setAcross(view);
  const [hi, lo] = view.center;
  const centerDouble = crosswise(hi, lo);
  const arms = view.arms;
  const roots = view.roots || {};
  const sp = view.spinner;
  // How far the first spinner's columns reach above and below the line (when it lies on the first row).
  const colDepth = (name) => (arms[name] || []).reduce((d, [i, o]) => d + (crosswise(i, o) ? S : 2 * S), 0);
  // (an open U or D end also needs room for the tile it takes next, or a row turning back would cover its spot)
  const spot = (name) => (name in (view.ends || {}) ? 2 * S : 0);
  const below = sp ? S + colDepth("D") + spot("D") : S;
  const above = sp ? -(S + colDepth("U") + spot("U")) : -S;
  const centre = centerDouble
    ? { a: hi, b: lo, x: -S / 2, y: -S, vertical: true, dir: "E", double: true, outer: { x: 0, y: 0 } }
    : { a: hi, b: lo, x: -S, y: -S / 2, vertical: false, dir: "E", double: false, outer: { x: 0, y: 0 } };
  centre.arm = "C";
  centre.index = 0;
  out.tiles.push(centre);
  const startR = centerDouble ? S / 2 : S;
  const hold = (name) => (sp && sp.arm === name ? sp.index + 1 : -1);
  const spinnersIn = (name) => new Set(Object.values(roots).filter(([a]) => a === name).map(([, i]) => i));
  const r = walk(arms.R || [], { x: startR, y: 0 }, "E", limit, "S", below, false, hold("R"), gap, spinnersIn("R"));
  const l = walk(arms.L || [], { x: -startR, y: 0 }, "W", limit, "N", above, false, hold("L"), gap, spinnersIn("L"));
  const laid = { C: [centre], L: l.placed, R: r.placed };
  r.placed.forEach((t, i) => { t.arm = "R"; t.index = i; t.root = ["C", 0]; });
  l.placed.forEach((t, i) => { t.arm = "L"; t.index = i; t.root = ["C", 0]; });
  out.tiles.push(...r.placed, ...l.placed);
  // a lone first tile: a double across is ringed whole; a tile across with two numbers shows L on top, R below
  const half = centerDouble && hi === lo ? { x: 0, y: 0, tile: centre } : null;
  const across2 = centerDouble && hi !== lo;
  const eR = endOf(r, half || (across2 ? { x: 0, y: S / 2, tile: centre, halfOnly: true }
    : { x: S / 2, y: 0, tile: centre, halfOnly: true }));
  const eL = endOf(l, half || (across2 ? { x: 0, y: -S / 2, tile: centre, halfOnly: true }
    : { x: -S / 2, y: 0, tile: centre, halfOnly: true }));
  out.ends.R = eR.ring; out.next.R = eR.next;
  out.ends.L = eL.ring; out.next.L = eL.next;
  // Every other arm grows from a spinner's short side, across the arm the spinner lies in: the first spinner's
  // U and D, then (Five Up) each later spinner's, once the arm it lies in is laid, keeping clear of the tiles and
  // of the spots where tiles would go next at the ends already placed. `flip` sends later spinners' U arms to
  // the other side.
  const open = view.ends || {};
  const obstacles = () => [...out.tiles, ...Object.entries(out.next).filter(([n]) => n in open).map(([, p]) => spotBox(p))];
  let pending = Object.keys(arms).filter((n) => n !== "L" && n !== "R");
  for (let guard = 0; pending.length && guard < 40; guard++) {
    const later = [];
    // the empty arms first: their spots are fixed by their spinner alone, and the arms with tiles keep clear
    pending.sort((a, b) => (arms[a].length > 0) - (arms[b].length > 0));
    for (const name of pending) {
      const [rootArm, rootIndex] = roots[name] || ["C", 0];
      const spinnerTile = rootArm === "C" ? centre : (laid[rootArm] || [])[rootIndex];
      if (!spinnerTile) { later.push(name); continue; }
      spinnerTile.spinner = true;
      const [w, h] = size(spinnerTile);
      const cx = spinnerTile.x + w / 2, cy = spinnerTile.y + h / 2;
      const [first, second] = perp(spinnerTile.dir === "S" || spinnerTile.dir === "N" ? "S" : "E");
      const flipped = flip && name !== "U" && name !== "D";
      const d = name.startsWith("U") !== flipped ? first : second;
      const [dx, dy] = DIRS[d];
      const start = { x: cx + dx * w / 2, y: cy + dy * h / 2 };
      // the first spinner's U and D go straight out up to `reach` from the line, then run in rows like the line's
      // own arms, stacked away from it (U's first row to the right, D's to the left: the other way from L and R)
      const c = name === "U" || name === "D"
        ? walk(arms[name], start, d, limit, d, 0, false, -1, 0, new Set(), Math.max(reach, Math.abs(start.y) + 2 * S),
          name === "U" ? "E" : "W")
        : branch(arms[name], start, d, obstacles(), spinnerTile);
      c.placed.forEach((t, i) => { t.arm = name; t.index = i; t.root = [rootArm, rootIndex]; });
      if ((name === "U" || name === "D") && c.placed.some((t) => t.corner)) out.turned = true;
      laid[name] = c.placed;
      out.tiles.push(...c.placed);
      const e = endOf(c, { x: start.x, y: start.y, cap: true, tile: spinnerTile });
      out.ends[name] = e.ring;
      out.next[name] = e.next;
    }
    pending = later;
  }
  if (!arms.L?.length && !arms.R?.length) {
    out.next.L = { x: -startR - 1.1 * S, y: 0 };
    out.next.R = { x: startR + 1.1 * S, y: 0 };
  }
  return out;
}

/**
 * How badly a layout crowds itself: tiles that overlap or touch without being laid against each other, and
 * spots where a tile would go next at an open end (a chalk dot) that lie on a tile or on each other's spot.
 */
export function clashes(lay, openEnds) {
  const t = lay.tiles;
  let n = 0;
  for (let i = 0; i < t.length; i++) {
    for (let j = i + 1; j < t.length; j++) if (overlaps(t[i], t[j], linked(t[i], t[j]))) n++;
  }
  const spots = openEnds.filter((e) => lay.next[e]).map((e) => lay.next[e]);
  for (let i = 0; i < spots.length; i++) {
    const a = spots[i];
    for (const o of t) {
      const [w, h] = size(o);
      if (a.x > o.x - S / 2 && a.x < o.x + w + S / 2 && a.y > o.y - S / 2 && a.y < o.y + h + S / 2) n++;
    }
    for (let j = i + 1; j < spots.length; j++) {
      if (Math.hypot(a.x - spots[j].x, a.y - spots[j].y) < 1.4 * S) n++;
    }
  }
  return n;
}

/**
 * Positions of every tile, of each open end's ring, and of the spot a new tile would take at each end.
 * `limit` is how far (in units) a row may reach either side of the centre; when the rows would run into each
 * other (or the spinners' arms), or a spot for a new tile would lie on a tile or another spot, the rows are set
 * further apart (room for spinners' arms between them) or made longer; if nothing is clear, the least crowded
 * layout is taken.
 */
export function layout(view, limit, reach = Infinity) {
  // The limit asked for, then the nearest ones either side (narrower first), then ever longer rows; near the
  // limit asked for, rows further apart come before longer ones.
  const near = [limit];
  for (let k = 1; k <= 4; k++) near.push(limit - k * S / 2, limit + k * S / 2);
  const far = [];
  for (let lim = limit * 1.3; lim < 60 * S; lim *= 1.3) far.push(lim);
  far.push(Infinity);
  const branches = Object.keys(view.arms || {}).some((n) => n !== "L" && n !== "R" && n !== "U" && n !== "D");
  const gaps = branches ? [0, 3 * S, 6 * S] : [0];
  const tries = [];
  for (const gap of gaps) for (const lim of near) tries.push([lim, gap]);
  for (const lim of far) for (const gap of gaps) tries.push([lim, gap]);
  const openEnds = Object.keys(view.ends || {});
  let best = null;
  let fewest = Infinity;
  let turned = false; // whether a U or D arm turned at `reach` in any layout tried: else straight ones are the same
  for (const far of reach === Infinity ? [Infinity] : [reach, Infinity]) {
    if (far === Infinity && reach !== Infinity && !turned) break;
    for (const [lim, gap] of tries) {
      if (lim < 3.5 * S) continue;
      for (const flip of [false, true]) {
        const lay = layoutOnce(view, lim, flip, gap, far);
        turned ||= !!lay.turned;
        const n = clashes(lay, openEnds);
        if (n === 0) return lay;
        if (n < fewest) { best = lay; fewest = n; }
      }
    }
  }
  return best || layoutOnce(view, Infinity);
}

/**
 * The same line seen from its first spinner, where that lies out along the L or R arm: the spinner becomes the
 * first tile, the part of its arm beyond it one arm, and the tiles back from it through the first tile to the
 * other end the other. The first spinner stays on the first row (its four ends need the room), so a spinner laid
 * far out holds a long row; laid out from the spinner, the rest of the line can turn. Null where there is nothing
 * to change. Each end keeps its name.
 */
export function fromSpinner(view) {
  const sp = view.spinner;
  if (!sp || (sp.arm !== "L" && sp.arm !== "R") || !view.center) return null;
  const side = sp.arm;
  const other = side === "L" ? "R" : "L";
  const k = sp.index;
  const arm = view.arms[side] || [];
  const otherArm = view.arms[other] || [];
  if (k >= arm.length) return null;
  const [hi, lo] = view.center;
  const near = arm[0][0]; // the first tile's number on the spinner's side
  const centreTile = [near, otherArm.length ? otherArm[0][0] : hi === near ? lo : hi];
  const back = arm.slice(0, k).reverse().map(([inner, outer]) => [outer, inner]);
  const where = ([a, i]) => { // where a tile of the line lies in the new arms
    if (a === "C") return [other, k];
    if (a === side) return i === k ? ["C", 0] : i > k ? [side, i - k - 1] : [other, k - 1 - i];
    if (a === other) return [other, k + 1 + i];
    return [a, i];
  };
  const roots = Object.fromEntries(Object.entries(view.roots || {}).map(([n, r]) => [n, where(r)]));
  roots.L = ["C", 0];
  roots.R = ["C", 0];
  return {
    ...view,
    center: arm[k],
    arms: { ...view.arms, [side]: arm.slice(k + 1), [other]: [...back, centreTile, ...otherArm] },
    roots,
    spinner: { arm: "C" },
    fromSpinner: side, // the end whose last tile is the spinner while nothing lies beyond it
  };
}

/**
 * Lay the line out for a felt of `width` × `height` pixels: its layout, the box it is drawn in (SVG units) and
 * the pixels a unit gets. Where the first spinner lies out along an arm, the line is also laid out from the
 * spinner (`fromSpinner`), and that is taken when it draws the tiles clearly larger.
 */
export function fit(view, width, height) {
  const aspect = Math.max(0.45, Math.min(3, width / Math.max(1, height)));
  const limit = Math.max(3.5 * S, Math.min(16 * S, 5 * S * aspect));
  const one = (v, rowLimit, reach) => {
    const lay = layout(v, rowLimit, reach);
    let minX = -4 * S, maxX = 4 * S, minY = -3 * S, maxY = 3 * S;
    const grow = (x, y) => { minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y); };
    for (const t of lay.tiles) {
      const [w, h] = size(t);
      grow(t.x, t.y);
      grow(t.x + w, t.y + h);
    }
    for (const p of Object.values(lay.next)) grow(p.x, p.y);
    const pad = S * 1.2;
    minX -= pad; minY -= pad; maxX += pad; maxY += pad;
    // Keep tiles from growing huge on an empty table, and the line in the middle of the felt.
    const minW = 9 * S * Math.max(1, aspect * 0.75), minH = minW / aspect;
    if (maxX - minX < minW) { const c = (maxX + minX) / 2; minX = c - minW / 2; maxX = c + minW / 2; }
    if (maxY - minY < minH) { const c = (maxY + minY) / 2; minY = c - minH / 2; maxY = c + minH / 2; }
    const box = { x: minX, y: minY, w: maxX - minX, h: maxY - minY };
    return { view: v, lay, box, unit: Math.min(width / box.w, height / box.h) || 1 };
  };
  // how far the U and D arms may go from the line before they turn: about what the felt's height gives; where a
  // cross's arms reach up and down (Sebastopol, a spinner), turning them sooner and the rows later can draw the
  // tiles larger on a wide felt (taken only when clearly larger)
  const reach = Math.max(4 * S, limit / aspect);
  const best = (v) => {
    let chosen = one(v, limit, reach);
    if (!Object.keys(v.arms || {}).some((n) => n === "U" || n === "D")) return chosen;
    for (const [rowLimit, armReach] of [[limit * 1.5, reach], [limit * 1.5, Math.max(3 * S, reach / 2)],
                                        [limit * 2, Math.max(3 * S, reach / 2)]]) {
      const other = one(v, rowLimit, armReach);
      if (other.unit > chosen.unit * 1.15) chosen = other;
    }
    return chosen;
  };
  const plain = best(view);
  const middle = fromMiddle(view);
  if (middle) { // a one-sided line laid out from its middle tile: taken where it turns fewer corners, the tiles as large
    const corners = (f) => f.lay.tiles.filter((t) => t.corner).length;
    const even = best(middle);
    return corners(even) < corners(plain) && even.unit >= plain.unit * 0.95 ? even : plain;
  }
  const turned = fromSpinner(view);
  if (!turned) return plain;
  const other = best(turned);
  return other.unit > plain.unit * 1.15 ? other : plain;
}

/**
 * The line from its left end to its right, each tile as it lies ([left half, right half]): the first tile as it is
 * drawn, [high, low] (in Matadore no half matches the next, so the halves are not read from the neighbours).
 */
export function leftToRight(view) {
  const left = view.arms.L || [];
  return [...[...left].reverse().map(([inner, outer]) => [outer, inner]), view.center, ...(view.arms.R || [])];
}

/**
 * A line without spinners or other arms seen from its middle tile: laid out from the first tile, a line played
 * mostly to one end turned corners on that side while the felt stood empty on the other (four-handed Block on a
 * phone). The tiles keep their places along the line, and each end its name. Null where the arms are even, or
 * the line has other arms.
 */
export function fromMiddle(view) {
  if (!view.center || view.spinner || Object.keys(view.arms || {}).some((n) => n !== "L" && n !== "R")) return null;
  if (Math.abs((view.arms.L || []).length - (view.arms.R || []).length) <= 1) return null;
  const row = leftToRight(view);
  const m = Math.floor(row.length / 2);
  return {
    ...view,
    center: row[m],
    arms: { L: row.slice(0, m).reverse().map(([a, b]) => [b, a]), R: row.slice(m + 1) },
    roots: { L: ["C", 0], R: ["C", 0] },
  };
}

/**
 * Draw the line into `svg`: tiles, chalk rings on the open ends, and chalk dots for `choices`
 * ([{end, label}]) that call `onChoose(end)`; `hintEnd` marks the end a hint suggests.
 */
export function drawLine(svg, view, { width, height, choices = [], onChoose = null, hintEnd = null, fresh = null }) {
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  const fitted = fit(view, width, height);
  const { lay, box: vb } = fitted;
  const drawn = fitted.view;
  svg.setAttribute("viewBox", `${vb.x} ${vb.y} ${vb.w} ${vb.h}`);
  for (const t of lay.tiles) {
    const g = tileGroup(t.a, t.b, t.x, t.y, S, t.vertical);
    if (t.spinner) g.classList.add("spinner");
    // the outermost tile of each arm (and the first tile, "C"): where a tile laid at that end lies
    let last = t.arm !== "C" && t.index === (drawn.arms[t.arm] || []).length - 1 ? t.arm : null;
    if (t.arm === "C") last = drawn.fromSpinner && !drawn.arms[drawn.fromSpinner].length ? drawn.fromSpinner : "C";
    if (last) g.setAttribute("data-last", last);
    if (fresh && last === fresh) g.classList.add("fresh");
    svg.appendChild(g);
  }
  // Chalk rings round the open ends. Each is masked by every other tile, so no ring ever crosses a tile it does
  // not mark; an empty short end of a spinner gets a chalk cap just outside it; an end that waits for the other
  // arms (Sebastopol) gets a faint, sparse ring, not the ring of an end that takes a tile now. A finished round or
  // game has no ends to play to: its table is left unmarked.
  const defs = el("defs");
  svg.appendChild(defs);
  const ringed = new Set();
  for (const name of view.game_over || view.round_over ? [] : Object.keys(view.ends || {})) {
    const p = lay.ends[name];
    if (!p) continue;
    const t = p.tile;
    const whole = t && t.a === t.b && t.double && !p.cap; // a double across counts whole
    const key = whole ? `${t.x},${t.y}` : `${name}`;
    if (ringed.has(key)) continue;
    ringed.add(key);
    const mask = el("mask", { id: `ring-${name}`, maskUnits: "userSpaceOnUse", x: vb.x, y: vb.y, width: vb.w, height: vb.h });
    mask.appendChild(el("rect", { x: vb.x, y: vb.y, width: vb.w, height: vb.h, fill: "white" }));
    for (const o of lay.tiles) {
      if (o === t && !p.cap) continue;
      const [w, h] = size(o);
      mask.appendChild(el("rect", { x: o.x - 0.3, y: o.y - 0.3, width: w + 0.6, height: h + 0.6, fill: "black" }));
    }
    defs.appendChild(mask);
    let ring;
    if (whole) {
      // A double at an end counts whole: the chalk goes round all of it.
      const [w, h] = size(t);
      ring = el("ellipse", { cx: t.x + w / 2, cy: t.y + h / 2, rx: w * 0.5 + S * 0.35, ry: h * 0.5 + S * 0.35 });
    } else {
      ring = el("circle", { cx: p.x, cy: p.y, r: p.cap ? S * 0.55 : S * 0.62 });
    }
    ring.setAttribute("class", "chalk-ring" + (p.cap ? " cap" : "") + (view.ends[name].waits ? " waits" : ""));
    ring.setAttribute("data-end", name);
    ring.setAttribute("mask", `url(#ring-${name})`);
    svg.appendChild(ring);
  }
  if (hintEnd && lay.next[hintEnd]) {
    const p = lay.next[hintEnd];
    svg.appendChild(el("circle", { cx: p.x, cy: p.y, r: S * 0.55, class: "hint-mark" }));
  }
  // A chalk dot's tap target is at least 44 px across, however small the tiles are drawn, unless another dot is
  // nearer than that: then the two targets meet halfway, so a tap always chooses the dot it lands nearest.
  const unitPx = Math.min(width / vb.w, height / vb.h) || 1;
  const spots = choices.map((c) => lay.next[c.end]).filter(Boolean);
  for (const c of choices) {
    const p = lay.next[c.end];
    if (!p) continue;
    let targetR = Math.max(S * 0.9, 22 / unitPx);
    for (const q of spots) {
      if (q !== p) targetR = Math.min(targetR, Math.hypot(p.x - q.x, p.y - q.y) / 2 - 0.1);
    }
    const g = el("g", { class: "chalk-dot", tabindex: 0, role: "button", "aria-label": c.label, "data-end": c.end });
    g.appendChild(el("circle", { cx: p.x, cy: p.y, r: targetR, class: "dot-target" }));
    g.appendChild(el("circle", { cx: p.x, cy: p.y, r: Math.min(S * 0.66, targetR), class: "dot-focus" }));
    g.appendChild(el("circle", { cx: p.x, cy: p.y, r: Math.min(S * 0.42, targetR), class: "dot" }));
    const choose = (ev) => { ev.preventDefault(); ev.stopPropagation(); if (onChoose) onChoose(c.end); };
    g.addEventListener("click", choose);
    g.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") choose(ev); });
    svg.appendChild(g);
  }
}
