// The table page: draws what the server sends and reports taps. It holds no rules: which tiles fit which
// ends, why a tile does not fit, whose turn it is and what every move means all come from the server.

import { api } from "./api.js";
import { gameOver, midName, openRules, openSettings, recordChips, recordText, renderVariations, subject, wireSettings } from "./dialogs.js";
import { click, showPoints, slide, wakeSound } from "./effects.js";
import { drawLine, leftToRight } from "./line.js";
import { describeStar, drawStar } from "./star.js";
import { backSVG, faceSVG, halves, speakable, spoken, spokenTiles, TILE_NAME, tileSVG } from "./tiles.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const FORCED_PACE = params.has("pace") ? Number(params.get("pace")) : null; // ?pace=MS (tests and demos)
const SHORTCUT_KEYS = { boneyard: "d", hint: "h", undo: "u", new: "n", rules: "r", help: "?", claim: "c", muggins: "m", ask: "a" };

const ui = {
  handKey: null, // what the hand was last drawn from (renderHand keeps it while that is unchanged)
  state: null, // the last full state from the server
  view: null, // the view on the table now (during an animation, a frame's view)
  pending: null, // a tile waiting for its end to be chosen
  hint: null, // {tile, end} suggested by Hint
  fresh: null, // the end (or "C") where the tile just laid lies, to draw it arriving
  pop: null, // {end, text}: the points the last tile scored, in chalk beside it
  revealed: null, // at the end of a round: every hand left, face up, by seat
  busy: false, // frames are being animated, or a move's answer is awaited
  sending: false, // a move's answer is awaited (the table answers at once, or with the computers' moves)
  deferred: null, // "Show moves" chosen while the computers moved: sent once their moves are shown (`sendDeferred`)
  log: [], // the moves of the round listed under the table
  continueRound: null, // resolves when the round-end box is dismissed
  incoming: null, // while frames play: the state they lead to
  claim: null, // where scores are claimed: the points armed for the next tile laid
  claimOpen: false, // the amounts to claim are on show
  face: null, // {tile, end, outs}: a tile that can lie either way round, waiting for the half to face out
  settingsFrom: null, // the game on the table when Settings was opened
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Milliseconds between the computer's moves: the browser's setting, unless the address says ?pace=MS. */
function pace() {
  if (FORCED_PACE !== null && !Number.isNaN(FORCED_PACE)) return FORCED_PACE;
  const s = ui.state;
  return (s && s.paces && s.paces[s.settings.pace]) || 700;
}

/** `text` shown in `node`, each tile's name ("2-2") kept whole on one line: a phone broke "2-" from "2". */
function showText(node, text) {
  const parts = [];
  let at = 0;
  for (const m of (text || "").matchAll(TILE_NAME)) {
    if (m.index > at) parts.push(text.slice(at, m.index));
    const name = document.createElement("span");
    name.className = "tile-name";
    name.textContent = m[0];
    parts.push(name);
    at = m.index + m[0].length;
  }
  parts.push((text || "").slice(at));
  node.replaceChildren(...parts);
}

/** Show `text` in the caption (and, while the round-end box is up, in the box), and speak it: a refusal or a
 * confirmation shown and not spoken left a screen reader's player to guess why nothing happened. `speak` false:
 * the text is the table's state told again, already heard. */
function say(text, speak = true) {
  showText($("say"), text);
  // while the round-end box covers the caption, what a control says is shown in the box
  if (!$("round-end").hidden) showText($("round-end-note"), text);
  if (speak && text) speakNow(text);
}

function announce(text, show = true) {
  if (!text) return;
  if (show) say(text, false);
  speakNow(text);
}

let toSpeak = null; // the texts to be spoken in the next instant, together: [{text, passing}]

/** Speak `text` in the live region. Texts spoken in the same instant (a
 * move and the round's end it makes) are joined: each replaced the one before, and the move was never heard. A
 * `passing` text ("Thinking about a hint…") is dropped if another comes in the same instant. */
function speakNow(text, { passing = false } = {}) {
  const item = { text, passing };
  if (toSpeak) {
    toSpeak.push(item);
    return;
  }
  toSpeak = [item];
  const live = $("live");
  live.textContent = "";
  // A fresh text node each time so screen readers announce repeats too.
  setTimeout(() => {
    const kept = (toSpeak.length > 1 ? toSpeak.filter((t) => !t.passing) : toSpeak).map((t) => t.text)
      .filter((t, i, all) => t !== all[i - 1]); // a refusal said again as the table is fetched anew: once
    live.textContent = speakable(kept.join(" "));
    toSpeak = null;
  }, 30);
}

function flash(node) {
  node.classList.remove("flash");
  void node.offsetWidth; // restart the animation
  node.classList.add("flash");
}

function gameBody(extra = {}) {
  const s = ui.state;
  return { game: s.game, id: s.id, n: s.n, seen: s.seen, ...extra };
}

const two = () => ui.state?.opponent === "two";
const shortcutsOn = () => ui.state?.settings.shortcuts !== false;

// ----- drawing ---------------------------------------------------------------------------------------------

function renderPanel(state) {
  const gameSel = $("game");
  if (!gameSel.options.length) {
    for (const g of state.games) gameSel.add(new Option(g.name, g.id));
    for (const o of state.opponents) $("opponent").add(new Option(o.name, o.id));
  }
  gameSel.value = state.game;
  $("opponent").value = state.settings.opponent;
  // The games that seat 2, 3 or 4: the other seats are computers of the chosen level.
  const counts = seatCounts(state);
  const playersSel = $("players");
  $("players-field").hidden = counts.length < 2;
  if (playersSel.dataset.game !== state.game) {
    playersSel.replaceChildren(...counts.map((n) => new Option(`${n} players`, String(n))));
    playersSel.dataset.game = state.game;
  }
  playersSel.value = String(state.players);
  const together = state.settings.opponent === "two";
  playersSel.disabled = together;
  playersSel.title = together ? "Two people share the table: two players" : "";
  // two people share the table only in games for two: the others are greyed out in the menu, not refused once chosen
  for (const option of gameSel.options) {
    const game = state.games.find((g) => g.id === option.value);
    option.disabled = together && !!game && !game.players.includes(2);
  }
  const forTwo = state.games.find((g) => g.id === state.game)?.players.includes(2);
  for (const option of $("opponent").options) if (option.value === "two") option.disabled = !forTwo;
  // Where the level chosen does not play this game, or is not the one playing the game on the table, it says so.
  const notes = [state.stand_in, state.opponent_note].filter(Boolean).join(" ");
  $("stand-in").hidden = !notes;
  $("stand-in").textContent = notes;
  $("show-moves").checked = ui.deferred ? ui.deferred.show_moves : !!state.settings.show_moves;
  undoOff(!state.can_undo);
  // Single-key shortcuts are announced only while they are on (Settings turns them off).
  for (const [id, key] of Object.entries(SHORTCUT_KEYS)) {
    const node = $(id);
    if (!node) continue;
    if (shortcutsOn()) node.setAttribute("aria-keyshortcuts", key);
    else node.removeAttribute("aria-keyshortcuts");
  }
  $("help-shortcuts").textContent = shortcutsOn()
    ? "The single keys can be turned off in Settings."
    : "The single keys are off (Settings turns them on); Tab, the arrows, Enter and Esc always work.";
  renderRecord(state);
}

/** The name of the game on the table ("All Fives"). */
function gameName(state) {
  return state.games.find((g) => g.id === state.game)?.name || state.game;
}

/** The numbers of players the game on the table seats ([2, 3, 4]); each number keeps its own record. */
function seatCounts(state) {
  return state.games.find((g) => g.id === state.game)?.players || [2];
}

/** The game whose record is kept, in the middle of a sentence: the number of players said where the game seats
 * more than one number ("Draw Dominoes for 6 players"; a name with a comma closes it: "Block, playing on, for 3
 * players"). */
function recordName(state) {
  return seatCounts(state).length > 1 ? `${subject(gameName(state))} for ${state.players} players` : gameName(state);
}

/** The record under the table (each game and number of players its own), as `state` has it. */
function renderRecord(state) {
  const rec = state.record;
  const name = gameName(state);
  $("record-title").textContent = seatCounts(state).length > 1 ? `${name}, ${state.players} players` : name;
  recordChips($("record-strip"), rec.counted ? rec.games : []);
  $("record-text").textContent = recordText(rec);
  $("record-note").hidden = !rec.counted; // what the chips' colours mean: nothing between two people
}

function renderView(view) {
  ui.view = view;
  const names = view.names;
  $("round").textContent = `${dealWord()} ${view.round}`;
  // Every seat's score, in seat order; the one to move is marked.
  // Partners share one score: a side's names together ("You & Computer 2"); chips: each seat's, and the pool.
  const sides = view.sides || names.map((_, seat) => [seat]);
  const scoreSpans = sides.map((side) => {
    const span = document.createElement("span");
    span.className = "score" + (side.includes(view.current_seat) && !view.game_over ? " to-move" : "");
    const b = document.createElement("b");
    b.textContent = view.scores[side[0]];
    span.append(`${side.map((seat) => names[seat]).join(" & ")} `, b);
    return span;
  });
  if (view.pool !== null) {
    const span = document.createElement("span");
    span.className = "score pool";
    const b = document.createElement("b");
    b.textContent = view.pool;
    span.append("Pool ", b);
    span.title = "Chips in the pool: domino takes it, else the fewest dots (ties divide)";
    scoreSpans.push(span);
  }
  if (view.chips) {
    const label = document.createElement("span");
    label.className = "score-label quiet-text";
    label.textContent = "Chips:";
    scoreSpans.unshift(label);
  }
  $("scores").replaceChildren(...scoreSpans);
  $("target").textContent = view.goal;
  renderOthers(view);
  // The boneyard.
  const stack = $("bone-stack");
  stack.replaceChildren(...Array.from({ length: Math.min(view.boneyard_count, 4) }, () => backSVG()));
  $("bone-count").textContent = view.boneyard_count;
  const bone = $("boneyard");
  // where nobody draws, the tiles left out of the deal are set aside face down (none: no pile at all)
  bone.hidden = !view.draws_allowed && view.boneyard_count === 0;
  bone.classList.toggle("aside", !view.draws_allowed);
  bone.title = view.draws_allowed ? "" : `${view.boneyard_count} tiles set aside: nobody draws in this game`;
  bone.classList.toggle("can-draw", view.must === "draw" && !ui.busy);
  // Where drawing is at will, the boneyard may be tapped beside a tile that fits.
  bone.classList.toggle("may-draw", view.must !== "draw" && !!view.may_draw && !ui.busy);
  bone.setAttribute("aria-label", view.draws_allowed ? `Boneyard: ${view.boneyard_count} tiles` +
    (view.must === "draw" ? ". Nothing fits: draw a tile" : view.may_draw ? ". You may draw a tile" : "")
    : bone.title);
  // The sum of the ends, in chalk by the line.
  const sum = $("end-sum");
  sum.hidden = !(view.scoring_ends && view.end_sum !== null && view.end_sum !== undefined);
  sum.textContent = sum.hidden ? "" : `ends ${view.end_sum}`;
  sum.setAttribute("aria-label", sum.hidden ? "" : `The open ends add up to ${view.end_sum}`);
  renderCut(view);
  renderLine();
  renderHand(view);
  renderMoves(view);
  // Whose turn, said at the hand; the rule that applies, below the table.
  showText($("status"), view.status);
  $("rule").textContent = ui.face
    ? `Choose the half of ${ui.face.tile} to leave facing out on the ${view.end_words[ui.face.end] || "line"} (Esc puts it back).`
    : ui.pending
      ? `Choose a chalk dot: the end for ${ui.pending} (Esc puts it back).`
      : ui.claim
        ? `Your next tile claims ${ui.claim}: lay it (Claim again takes the claim back). ${view.rule}`
        : view.rule;
}

const tilesDown = (view) => (view.center ? 1 + Object.values(view.arms).reduce((n, a) => n + a.length, 0) : 0);
// The cut for the first set is on show at the start of a game: until every other seat has laid its first tile.
const cutOnShow = (view) => !!view.cut && tilesDown(view) <= Math.max(1, (view.players || 2) - 1);

/** The tiles the players cut for the first set, face up by the boneyard, each with its player's name. */
function renderCut(view) {
  const box = $("cut");
  const tiles = cutOnShow(view) ? view.cut.tiles : [];
  box.hidden = tiles.length < 2; // two, or one a seat at a table of three to six
  if (box.hidden) return;
  const head = document.createElement("span");
  head.className = "cut-head";
  head.textContent = "The cut";
  box.replaceChildren(head, ...tiles.map((t, seat) => {
    const f = document.createElement("span");
    f.className = "cut-tile";
    const name = document.createElement("span");
    name.className = "cut-name";
    name.textContent = view.names[seat];
    f.append(faceSVG(...halves(t)), name);
    return f;
  }));
  box.setAttribute("aria-label", view.cut.text);
}

/** What a frame says, with the cut before it while the cut is on show (the first tiles of a game). */
function withCut(view, text) {
  return view && cutOnShow(view) && text && !text.startsWith(view.cut.text) ? `${view.cut.text} ${text}` : text;
}

/** What a frame says aloud: the cut before it the first time in a game, not again (a screen reader heard the cut
 * before every move until each seat had laid). */
function heardWithCut(view, text) {
  if (!view || !view.cut || !text) return text;
  const game = (ui.incoming || ui.state)?.id;
  if (text.includes(view.cut.text)) ui.cutSpoken = game; // a deal's own words may tell it
  const full = withCut(view, text);
  if (full === text || ui.cutSpoken === game) return text;
  ui.cutSpoken = game;
  return full;
}

// Claim and Muggins! where scores count only when claimed; Shut the game after the other side's "go"; Pass where the
// table does not pass for you; and which half of a tile faces out where it can lie either way round. The page never
// knows what a play makes: it sends the claim the player chose, and the server says whether it was right.
function renderMoves(view) {
  const mine = view.your_turn && !ui.busy;
  const claims = !!view.claims && !view.game_over;
  if (!claims) { ui.claim = null; ui.claimOpen = false; }
  const claim = $("claim");
  claim.hidden = !claims;
  claim.disabled = !mine;
  claim.textContent = ui.claim ? `Claiming ${ui.claim}` : "Claim";
  claim.setAttribute("aria-pressed", ui.claim ? "true" : "false");
  claim.setAttribute("aria-expanded", ui.claimOpen ? "true" : "false");
  claim.setAttribute("aria-label", ui.claim ? `Claiming ${ui.claim} for your next tile: press to take the claim back` : "Claim points for your next tile");
  const amounts = $("claim-amounts");
  amounts.hidden = !(claims && ui.claimOpen && mine);
  if (!amounts.hidden && amounts.dataset.for !== String(view.claim_amounts)) {
    amounts.replaceChildren(...view.claim_amounts.map((n) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "amount";
      b.dataset.amount = n;
      b.textContent = n;
      b.setAttribute("aria-label", `Claim ${n}`);
      b.addEventListener("click", () => armClaim(n));
      return b;
    }));
    amounts.dataset.for = String(view.claim_amounts);
  }
  $("muggins").hidden = !claims;
  $("muggins").disabled = !mine;
  $("shut").hidden = !(view.may_shut && mine);
  $("pass").hidden = !(view.must === "pass" && mine);
  $("ask").hidden = !(view.must === "ask" && mine);
  const face = $("face-choice");
  face.hidden = !(ui.face && mine);
  if (!face.hidden) {
    $("face-text").textContent = `${ui.face.tile} on the ${view.end_words[ui.face.end] || "line"}: leave`;
    $("face-buttons").replaceChildren(...ui.face.outs.map((o) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "call face";
      b.dataset.out = o;
      b.textContent = `${o} out`;
      b.setAttribute("aria-label", `Leave ${o} facing out`);
      b.addEventListener("click", () => { const f = ui.face; ui.face = null; playTile(f.tile, f.end, o); });
      return b;
    }));
  }
  $("moves").hidden = claim.hidden && $("shut").hidden && $("pass").hidden && $("ask").hidden && face.hidden;
  document.querySelector(".near").classList.toggle("with-moves", !$("moves").hidden);
}

const CLAIM_PUT_AWAY = "No claim: your next tile claims nothing.";

function toggleClaims() {
  const view = ui.view;
  if (ui.busy || !view) return say(waitText());
  if (!view.claims) return say(`Nobody claims in ${midName(view.name)}: every score counts by itself.`);
  if (!view.your_turn) return say(view.status);
  if (ui.claim) {
    ui.claim = null;
    ui.claimOpen = false;
    renderView(view);
    return say(CLAIM_PUT_AWAY);
  }
  ui.claimOpen = !ui.claimOpen;
  renderView(view);
  if (ui.claimOpen) {
    say("How many points does your next tile make? Choose them, then lay the tile.");
    $("claim-amounts").querySelector("button")?.focus();
  } else say(CLAIM_PUT_AWAY); // closed with nothing chosen: the question is not left standing
}

function armClaim(n) {
  ui.claim = n;
  ui.claimOpen = false;
  renderView(ui.view);
  say(`Your next tile claims ${n}: lay it.`);
  focusHand();
}

async function muggins() {
  const view = ui.view;
  if (ui.busy || !view) return say(waitText());
  if (!view.claims) return say(`Nobody says muggins in ${midName(view.name)}: every score counts by itself.`);
  if (!view.your_turn) return say(view.status);
  await send(api.action, gameBody({ action: "muggins" }));
}

async function shut() {
  if (ui.busy || !ui.view?.may_shut) return say(waitText());
  await send(api.action, gameBody({ action: "shut" }));
}

async function pass() {
  if (ui.busy || ui.view?.must !== "pass") return say(waitText());
  await send(api.action, gameBody({ action: "pass" }));
}

/** Honest John: nothing of yours fits your line, so ask round the table for a tile. */
async function ask() {
  const view = ui.view;
  if (ui.busy || !view) return say(waitText());
  if (view.must !== "ask") return say(view.star ? view.rule : `Nobody asks for tiles in ${midName(view.name)}.`);
  if (!two()) $("status").textContent = "Asking round the table…";
  await send(api.action, gameBody({ action: "ask" }));
}

// The other hands round the far edge, face down (face up once a round is over), each with its name and its count
// in chalk: in seat order, which is the order of play.
const WIDE = window.matchMedia("(min-width: 700px)");

function seatBox(o, view, many, sideways) {
  const g = document.createElement("div");
  const shown = ui.revealed && ui.revealed[o.seat];
  g.className = "seat" + (o.to_move && !view.game_over && !view.round_over ? " to-move" : "") + (shown ? " shown" : "")
    + (o.closed ? " closed" : "") + (o.asker ? " asker" : "");
  g.dataset.seat = o.seat;
  g.setAttribute("role", "group");
  const what = shown ? `${shown.length ? shown.map(spoken).join(", ") : "no tiles"}, face up` : `${o.count} ${o.count === 1 ? "tile" : "tiles"}`;
  const doing = o.asker ? ", asking for a tile" : o.to_move && !view.round_over ? (view.asker !== null && view.asker !== undefined ? ", asked for a tile" : ", to move") : "";
  g.setAttribute("aria-label", `${o.name}: ${what}${o.closed ? ", line closed" : ""}${doing}`);
  const name = document.createElement("span");
  name.className = "seat-name";
  const partner = view.sides && view.sides.some((side) => side.includes(view.seat) && side.includes(o.seat));
  name.textContent = o.name;
  if (partner) { // on a narrow screen "(partner)" may go under the name, the name itself never breaks
    const tagged = document.createElement("span");
    tagged.className = "partner-tag";
    tagged.textContent = " (partner)";
    name.append(tagged);
  }
  name.setAttribute("aria-hidden", "true");
  g.appendChild(name);
  const row = document.createElement("span");
  row.className = "far-tiles";
  row.setAttribute("aria-hidden", "true");
  row.replaceChildren(...(shown
    ? shown.map((t) => faceSVG(...halves(t), sideways))
    : Array.from({ length: o.count }, () => backSVG(sideways))));
  const count = document.createElement("span");
  count.className = "chalk count";
  count.textContent = shown ? shown.length : o.count;
  count.setAttribute("aria-hidden", "true");
  g.append(row, count);
  return g;
}

function renderOthers(view) {
  if (view.star) { // each seat's row of the star tells its hand: the far edge stays clear
    $("others").replaceChildren();
    $("others").removeAttribute("aria-label"); // not a region named "The other hands" with nothing in it
    $("west").hidden = true;
    $("east").hidden = true;
    return;
  }
  const others = view.others;
  $("others").setAttribute("aria-label", "The other hands");
  const many = others.length > 1;
  // Where each seat sits: on a wide screen the seats on your left and right take the sides of the table
  // (three at the table: left and right; four: left, across, right); on a phone they all sit along the far edge.
  const sides = many && WIDE.matches && !view.star; // the star's rows want the felt's whole width
  const place = others.map((_, i) => (!sides ? "far" : i === 0 ? "west" : i === others.length - 1 ? "east" : "far"));
  const far = $("others");
  far.classList.toggle("many", many);
  far.classList.toggle("crowd", others.length > 3);  // five or more at the table: the far edge wraps
  far.classList.toggle("star-seats", !!view.star);
  for (const id of ["others", "west", "east"]) {
    const box = id === "others" ? far : $(id);
    const mine = others.filter((_, i) => place[i] === (id === "others" ? "far" : id));
    box.replaceChildren(...mine.map((o) => seatBox(o, view, many, id !== "others")));
    if (id !== "others") box.hidden = mine.length === 0;
  }
}

function renderLine() {
  const view = ui.view;
  if (!view) return;
  const areaNode = $("line-area");
  const star = $("star");
  areaNode.classList.toggle("star-area", !!view.star);
  document.querySelector(".felt").classList.toggle("star-felt", !!view.star);
  star.hidden = !view.star;
  $("line").style.display = view.star ? "none" : "";
  if (view.star) {
    // the star keeps near the line's usual height: 44% of the window (36% on a phone), growing only when it must
    const height = window.innerHeight * (WIDE.matches ? 0.5 : 0.46);
    drawStar(star, view, { height, fresh: ui.fresh, hintEnd: ui.hint && !ui.pending ? ui.hint.end : null, revealed: ui.revealed });
    showPoints(areaNode, null, null);
    star.setAttribute("aria-label", describeStar(view, ui.revealed));
    return;
  }
  const area = areaNode.getBoundingClientRect();
  const choices = [];
  if (ui.pending && view.fits[ui.pending]) {
    for (const end of view.fits[ui.pending]) {
      choices.push({ end, label: `Lay ${spoken(ui.pending)} on the ${view.end_words[end]}, which shows ${view.ends[end].pip}` });
    }
  }
  drawLine($("line"), view, {
    width: area.width, height: area.height, choices,
    onChoose: (end) => playTile(ui.pending, end),
    hintEnd: ui.hint && !ui.pending ? ui.hint.end : null,
    fresh: ui.fresh,
  });
  showPoints(areaNode, ui.pop ? document.querySelector(`#line-area [data-last="${ui.pop.end}"]`) : null, ui.pop?.text);
  $("line").setAttribute("aria-label", describeLine(view));
  if (choices.length) {
    const dot = document.querySelector("#line .chalk-dot");
    if (dot) dot.focus({ preventScroll: true }); // the keyboard starts on the first dot; the page stays put
  }
}

function describeLine(view) {
  if (!view.center) return "The table is empty.";
  const count = 1 + Object.values(view.arms).reduce((n, a) => n + a.length, 0);
  // an arm of Sebastopol's cross takes nothing more until all four are begun: "waits" alone said not for what
  const ends = Object.entries(view.ends).map(([n, e]) =>
    `${view.end_words[n]} shows ${e.pip}${e.waits ? " (waits until all four arms are begun)" : ""}`);
  const sum = view.scoring_ends && view.end_sum !== null ? ` The ends add up to ${view.end_sum}.` : "";
  return `The line, ${count} ${count === 1 ? "tile" : "tiles"}: ${lineTiles(view)} Open ends: ${ends.join(", ")}.${sum}`;
}

const ARM_WORDS = { L: "left", R: "right", U: "top", D: "bottom" };

/** An arm's name in words: "top", "bottom of the 5-5" (an arm grown from a spinner on the line). */
function armWords(name) {
  const m = /^([UD])(\d+)$/.exec(name);
  return m ? `${ARM_WORDS[m[1]]} of the ${spoken(`${m[2]}-${m[2]}`)}` : ARM_WORDS[name] || name;
}

/** The tiles laid, read as a player would see them: the line from its left end to its right, then each other arm
 * from where it grows outwards. A screen reader heard only the count and the open ends. */
function lineTiles(view) {
  const arms = Object.keys(view.arms).filter((n) => n !== "L" && n !== "R" && view.arms[n].length);
  return [`from the left, ${spokenTiles(leftToRight(view))}.`,
    ...arms.map((n) => `The ${armWords(n)} arm, outwards: ${spokenTiles(view.arms[n])}.`)].join(" ");
}

function renderHand(view) {
  const hand = $("hand");
  const hadFocus = hand.contains(document.activeElement) ? document.activeElement?.dataset.tile : null;
  const lid = $("lid");
  const shown = view.hand === null && ui.revealed ? ui.revealed[view.seat] : null;
  if (view.hand === null) {
    hand.replaceChildren();
    ui.handKey = null;
  }
  if (shown) { // two players at a round's end: the near side's hand is turned up with every other
    for (const t of shown) {
      const [a, b] = halves(t);
      const s = document.createElement("span");
      s.className = "tile-btn face-up";
      s.dataset.tile = t;
      s.appendChild(tileSVG(a, b));
      hand.appendChild(s);
    }
    lid.hidden = true;
    hand.setAttribute("aria-label", `${view.names[view.seat]}'s tiles, face up: ${shown.map(spoken).join(", ") || "none"}`);
    return;
  }
  if (view.hand === null) {
    for (let i = 0; i < view.hand_count; i++) {
      const b = document.createElement("span");
      b.className = "tile-btn face-down";
      b.appendChild(backSVG());
      hand.appendChild(b);
    }
    lid.hidden = view.game_over || view.current_seat === null;
    lid.textContent = `${view.names[view.seat]}: turn your tiles face up`;
    hand.setAttribute("aria-label", `${view.names[view.seat]}'s tiles, face down`);
    if (hadFocus && !lid.hidden) lid.focus(); // the tile focused is gone face down: the lid, not the page
    return;
  }
  lid.hidden = true;
  hand.setAttribute("aria-label", two() ? `${view.names[view.seat]}'s tiles` : "Your tiles");
  const show = ui.state?.settings.show_moves;
  // the same hand drawn the same way (another seat moved): kept, so the tile focused is not focused again and read
  // out again after every computer's move
  const marked = show || view.answer ? Object.keys(view.fits).filter((t) => view.fits[t]) : null; // as drawn
  const key = JSON.stringify([view.hand, marked, view.drawn, view.answer, ui.pending, ui.hint?.tile, show, two() && view.seat]);
  if (key === ui.handKey && hand.children.length === view.hand.length) return;
  ui.handKey = key;
  hand.replaceChildren();
  for (const t of view.hand) {
    const [a, b] = halves(t);
    const btn = document.createElement("button");
    btn.type = "button";
    btn.className = "tile-btn";
    btn.dataset.tile = t;
    const fits = !!view.fits[t];
    if ((show || view.answer) && fits) btn.classList.add("fits"); // asked for a tile: the ones you may hand over
    if (view.drawn.includes(t)) btn.classList.add("drawn");
    if (ui.pending === t) btn.classList.add("selected");
    const hinted = !!ui.hint && ui.hint.tile === t; // marked for the eye, and for the ear
    if (hinted) btn.classList.add("hinted");
    const fitWord = view.answer ? `, ${view.answer} it` : ", fits";
    btn.setAttribute("aria-label", `${spoken(t)}${(show || view.answer) && fits ? fitWord : ""}`
      + `${view.drawn.includes(t) ? ", drawn" : ""}${hinted ? ", the hint's tile" : ""}`);
    btn.appendChild(tileSVG(a, b));
    btn.addEventListener("click", () => tapTile(t));
    hand.appendChild(btn);
  }
  if (hadFocus) {
    const again = hand.querySelector(`[data-tile="${hadFocus}"]`) || hand.querySelector(".tile-btn");
    if (again && !ui.pending) again.focus();
  }
}

/** Focus where play goes on: the first tile of the hand, the lid, or the hand itself. */
function focusHand() {
  const target = (!$("lid").hidden && $("lid")) || document.querySelector("#hand .tile-btn[data-tile]") || $("hand");
  target.focus();
}

function applyState(state) {
  const before = ui.state;
  const another = !before || state.id !== before.id || state.game !== before.game;
  if (before && another) {
    ui.claim = null;
    ui.claimOpen = false;
    ui.revealed = null; // the hands of a game over stay face up until another game is on the table
  }
  // a game over shows every hand it left, face up, also after a reload or coming back to it
  if (state.view.game_over && state.view.ended && !ui.revealed) ui.revealed = state.view.ended.shown;
  ui.state = state;
  ui.pending = null;
  ui.face = null;
  renderPanel(state);
  renderView(state.view);
  if ($("settings-dialog").open) renderVariations(state);
  const v = state.view;
  renderLog(v);
  if (v.game_over && v.result) say(v.result, false);
  else if (v.last_round && !$("say").textContent) say(lastRound(v), false);
  else if (state.last && !$("say").textContent) say(withCut(v, state.last.text), false);
  else if (v.cut && !v.center && !$("say").textContent) say(v.cut.text, false); // who sets first, and why
  // your turn has come with the page opened, reloaded or dealt anew, not only after a computer's move
  if (v.your_turn && (another || !before.view.your_turn)) requestAnimationFrame(handInSight);
}

/** Under the table, every move of the round so far, the latest last (folded until opened): at a table of eight
 * your own move's words were gone after the next seven, and only the scores told what it had made. */
function renderLog(v) {
  ui.log = [...(v.this_round || [])];
  drawLog(v);
}

/** A move shown (a frame) goes on the list as it is made, and a deal starts it afresh: the moves that end a round
 * stay listed while the round's box is up. */
function logFrame(ev, v) {
  if (ev.kind === "deal") ui.log = [];
  else if (ev.text) ui.log.push(ev.text);
  drawLog(v);
}

function drawLog(v) {
  $("log").hidden = !ui.log.length;
  $("log-title").textContent = `Moves this ${v.deal_word.toLowerCase()} (${ui.log.length})`;
  const list = $("log-moves");
  list.replaceChildren(...ui.log.map((text) => Object.assign(document.createElement("li"), { textContent: text })));
  if ($("log").open) list.scrollTop = list.scrollHeight; // the latest in sight
}

/** The moves a caption tells after New game or a reload between rounds: the first (who set, and why), any of
 * yours (a "go" said for you), and the last three, the others left out where an ellipsis stands. At a table of
 * eight every computer's move since the deal made a paragraph of eighteen lines on a phone. */
function fewMoves(texts, last = 3) {
  if (texts.length <= last + 2) return texts;
  const out = [];
  texts.forEach((t, i) => {
    if (i === 0 || i >= texts.length - last || t.startsWith("You ")) out.push(t);
    else if (out[out.length - 1] !== "…") out.push("…");
  });
  return out;
}

/** The last round's result and every move since ("… → +4. Round 2: Computer 3 led 4-1. …"), told until you move
 * in the new round: a reload while the round-end box was up lost both. */
function lastRound(v, every = false) {
  const since = every ? v.this_round || [] : fewMoves(v.this_round || []);
  return since.length ? `${v.last_round} ${v.deal_word} ${v.round}: ${since.join(" ")}` : v.last_round;
}

// ----- animation -------------------------------------------------------------------------------------------

/** The pause before a frame: a deal half the pace; a draw straight after a draw by the same seat a quarter (at a
 * table of eight a seat may draw half a dozen tiles, and each at full pace kept the table waiting seconds); the
 * rest the whole pace. */
function pauseBefore(ev, previous) {
  if (ev.kind === "deal") return pace() / 2;
  if (ev.kind === "draw" && previous && previous.kind === "draw" && previous.seat === ev.seat) return pace() / 4;
  return pace();
}

/** A seat's next play told after its earlier ones in the turn, the closing sentence they share ("Computer 1 plays
 * on, following suit.") said once, at the end. */
function joinTurn(before, text) {
  const cut = before.lastIndexOf(". ");
  const last = cut >= 0 ? before.slice(cut + 2) : "";
  return last && text.endsWith(last) ? `${before.slice(0, cut + 1)} ${text}` : `${before} ${text}`;
}

async function playFrames(frames, state) {
  const together = state.opponent === "two";
  ui.busy = true;
  ui.incoming = state; // the state these frames lead to (ui.state stays the one before them until they end)
  ui.hint = null;
  ui.pop = null;
  let focus = false;
  let turnText = ""; // the plays of one seat's turn so far: where it plays on (a double, Block playing on) its
  // first tiles were gone from the caption before they could be read
  try {
    for (let i = 0; i < frames.length; i++) {
      const f = frames[i];
      const ev = f.event || {};
      const mine = (together || ev.seat === 0) && !ev.auto && ev.kind !== "deal";
      if (i > 0 || !mine) await sleep(pauseBefore(ev, i > 0 ? frames[i - 1].event : null));
      ui.pending = null;
      const play = ev.kind === "play";
      const lays = play || ev.kind === "sell" || ev.kind === "give"; // a tile sold or given goes on the asker's line
      // A computer's tile leaves its hand: where from, before the hand is drawn one tile shorter.
      const source = lays && !together && ev.seat !== 0
        ? document.querySelector(`.seat[data-seat="${ev.seat}"] .far-tiles, .star-line[data-seat="${ev.seat}"] .star-name`)
          ?.getBoundingClientRect() : null;
      ui.fresh = lays ? ev.end : null;
      if (ev.kind !== "deal") ui.pop = play && ev.scored ? { end: ev.end, text: `+${ev.scored}` } : null;
      if (f.round_end) ui.revealed = f.round_end.shown;
      renderView(f.view);
      logFrame(ev, f.view);
      if (lays && state.settings.sound) click();
      if (source) await slide(document.querySelector(`#line-area [data-last="${ev.end}"]`), source, Math.min(420, pace() * 0.6));
      if (ev.kind === "draw") flash($("boneyard"));
      if (ev.kind === "pass" || ev.kind === "ask") flash(ev.seat === f.view.seat ? $("hand") : (document.querySelector(`.seat[data-seat="${ev.seat}"], .star-line[data-seat="${ev.seat}"]`) || $("others")));
      const ends = f.round_end && f.round_end.game_over;
      const before = i > 0 ? frames[i - 1] : null;
      const playsOn = play && before && !before.round_end && before.event?.kind === "play" && before.event.seat === ev.seat;
      turnText = playsOn ? joinTurn(turnText, ev.text) : ev.text;
      say(ev.kind === "deal" ? ev.text : withCut(f.view, turnText), false);
      // the move that ends the game is told in the game-over box: the live region is shut out while it is open;
      // after the last move heard, whose turn it is now (at a table of eight the last of many moves was all a
      // screen reader's player heard, and had to guess that the turn had come)
      const turn = i === frames.length - 1 && !f.round_end ? ` ${state.view.status}` : "";
      if (!ends) speakNow(`${heardWithCut(f.view, ev.text)}${turn}`);
      if (f.round_end) {
        if (ends) {
          ui.fresh = null;
          const name = recordName(state);
          // the record under the box already counts this game, and Undo has nothing left to take back
          renderRecord(state);
          undoOff(!state.can_undo);
          const again = await gameOver(f.round_end.round_text, f.round_end.summary, state.record, name, recordUrl(state),
            ev.kind === "deal" ? "" : ev.text);
          if (again === "again") { ui.busy = false; ui.revealed = null; applyState(state); return startOver(); }
          // closed: the last round's hands stay face up on the table behind it (nothing is hidden any more)
        } else {
          undoOff(!state.can_undo); // every hand is face up: the finished round is not taken back
          await roundEnd(f.round_end);
          ui.revealed = null;
        }
        ui.pop = null;
        focus = true;
      }
    }
  } finally {
    ui.busy = false;
    ui.incoming = null;
  }
  ui.fresh = null; // the last tile has arrived: drawing the table again must not lay it a second time
  applyState(state);
  if (focus) focusHand();
  else if (state.view.your_turn) requestAnimationFrame(handInSight); // once the table is laid out anew
  sendDeferred();
}

/** On a small screen a crowded table can leave the hand below the fold when your turn comes (a seller asked for a
    tile at eight seats on a phone): the page scrolls just enough to show it. */
function handInSight() {
  const box = $("hand").getBoundingClientRect();
  if (box.bottom <= window.innerHeight || box.height >= window.innerHeight) return;
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  $("hand").scrollIntoView({ block: "end", behavior: still ? "auto" : "smooth" });
}

/** What one deal is called in this game: "Round", or "Hand" in Domino Pool. */
function dealWord() {
  return ui.view?.deal_word || "Round";
}

function roundEnd(info) {
  const box = $("round-end");
  showText($("round-end-text"), info.text);
  $("round-end-ok").textContent = `Next ${dealWord().toLowerCase()}`;
  $("round-end-note").textContent = "";
  $("caption").hidden = true;
  box.hidden = false;
  announce(info.text, false);
  $("round-end-ok").focus();
  return new Promise((resolve) => {
    ui.continueRound = () => {
      $("hand").focus(); // focus stays at the table while the next round is dealt
      box.hidden = true;
      $("caption").hidden = false;
      ui.continueRound = null;
      resolve();
    };
  });
}

/** A page opened between rounds, before you moved in the new one (a reload while the round's box was up): the
 * table as that round left it, every hand face up, under its box again; then the table as it is now, and the
 * moves made since. */
async function roundLeft(state) {
  const end = state.view.last_round_end;
  renderPanel(state);
  ui.busy = true;
  ui.incoming = state;
  try {
    ui.revealed = end.shown;
    renderView(end.view);
    await roundEnd(end);
  } finally {
    ui.revealed = null;
    ui.busy = false;
    ui.incoming = null;
  }
  applyState(state);
  const v = state.view;
  const since = v.this_round || [];
  speakNow([since.length ? `${v.deal_word} ${v.round}: ${since.join(" ")}` : "", v.status].filter(Boolean).join(" "));
  if (v.your_turn) requestAnimationFrame(handInSight);
}

// ----- acting ----------------------------------------------------------------------------------------------

const BEHIND = "This page was behind the table (another tab moved the game on): it now shows the table as it is.";

/** `call` with `body`, then the moves it brings played out; `arrived(data)` runs once the answer is in, before them. */
async function send(call, body, arrived = null) {
  document.body.dataset.busy = "1";
  ui.fresh = null;
  // A move's answer awaited: a second tap or key is told to wait, not sent beside the first (a double tap on a
  // phone sent the move twice, and the second's refusal said another tab had moved the game on). Settings are
  // not held up so: each change in the dialog is sent as it is made.
  const moves = call !== api.settings;
  ui.busy = ui.sending = moves;
  try {
    const data = await call(body);
    if (moves) ui.busy = ui.sending = false;
    if (arrived) arrived(data);
    if (data.frames && data.frames.length) await playFrames(data.frames, data.state);
    else { ui.pop = null; applyState(data.state); }
    return data;
  } catch (e) {
    if (moves) ui.busy = ui.sending = false;
    if (ui.view) renderView(ui.view); // the tile goes back to the hand, and no chalk dot is left waiting
    await refused(e);
    sendDeferred();
    return null;
  } finally {
    document.body.dataset.busy = "0";
  }
}

/** A refusal said; where the table has moved on (409: another tab, the game over), the table as it is fetched and
 * shown under it. */
async function refused(e) {
  say(e.message);
  if (e.status !== 409) return;
  try {
    applyState((await api.state(ui.state?.game)).state);
    // shown again over the table fetched anew; spoken again only if it says something new (a refusal was heard
    // twice where the fetch took longer than an instant)
    if (e.code === "stale") say(BEHIND);
    else say(e.message, false);
  } catch (_) { /* the refusal is shown */ }
}

/** A page that may be behind the table (another tab moved on) fetches it, and shows it if it moved: what a
 * refused request does, for a refusal the page made itself from what it last saw. */
async function catchUp() {
  try {
    const fresh = (await api.state(ui.state?.game)).state;
    if (fresh.id === ui.state?.id && fresh.n === ui.state?.n) return;
    applyState(fresh);
    say(BEHIND);
  } catch (_) { /* the reason is shown */ }
}

/** Where the finished game's record is fetched from (a file to keep; the server gives it only once it is over). */
function recordUrl(state) {
  return `/api/record?game=${encodeURIComponent(state.game)}&id=${encodeURIComponent(state.id)}`;
}

function waitText() {
  if (ui.continueRound) {
    const word = dealWord().toLowerCase();
    return `The ${word} is over: press Next ${word} first.`;
  }
  if (ui.sending) return "Wait: your last move is on its way to the table.";
  if (!ui.busy) return ui.view?.status || "";
  if (ui.state?.opponent === "two") return "Wait: the last move is still being shown.";
  // at a table of three to eight several computers move in turn
  return (ui.view?.names.length || 2) > 2 ? "Wait: the computers are moving." : "Wait: the computer is moving.";
}

/** "Show moves" chosen while the computers moved, sent once their moves are shown: it marks tiles and changes no
 * move, so it is kept rather than refused (at a table of eight the computers are moving most of the time). */
function sendDeferred() {
  const body = ui.deferred;
  ui.deferred = null;
  if (body && !ui.busy) changeSetting(body);
}

function tapTile(tile) {
  const view = ui.view;
  if (ui.state?.settings.sound) wakeSound();
  if (ui.busy || !view) return say(waitText());
  if (!view.your_turn) return say(view.why_not[tile] || view.status);
  const ends = view.fits[tile];
  if (!ends) return say(view.why_not[tile] || `${tile} cannot be laid now.`);
  ui.face = null;
  if (ends.length === 1) return playTile(tile, ends[0]);
  ui.pending = tile;
  ui.hint = null;
  ui.fresh = null;
  renderView(view);
  say(`${tile} fits ${ends.length} ends: choose a chalk dot.`);
}

async function playTile(tile, end, out = null) {
  if (!tile || ui.busy) return;
  const outs = ui.view?.faces?.[tile]?.[end || ""];
  if (out === null && outs && outs.length > 1) {
    // it can lie either way round here (a trump in Matadore): the player says which half faces out
    ui.pending = null;
    ui.face = { tile, end, outs };
    renderView(ui.view);
    say(`${tile} can lie either way round: which half faces out?`);
    document.querySelector("#face-buttons button")?.focus();
    return;
  }
  ui.pending = null;
  ui.hint = null;
  ui.face = null;
  // chosen on a chalk dot (or a half to face out), which goes with the move: the focus comes back to the hand
  const fromLine = !!document.activeElement?.closest?.("#line, #face-buttons");
  const btn = document.querySelector(`#hand [data-tile="${tile}"]`);
  if (btn) btn.classList.add("sending");
  if (!two()) {
    $("status").textContent = (ui.view?.others.length > 1) ? "The computers are thinking…" : "The computer is thinking…";
  }
  let action = end ? `${tile} ${end}` : tile;
  if (out !== null) action += `:${out}`;
  if (ui.view?.answer) action = `${ui.view.answer} ${action}`; // asked for a tile: it is sold or given
  if (ui.claim) action += ` +${ui.claim}`;
  ui.claim = null; // a claim goes with one tile
  ui.claimOpen = false;
  await send(api.action, gameBody({ action }));
  if (fromLine && (!document.activeElement || document.activeElement === document.body)) focusHand();
}

async function draw() {
  const view = ui.view;
  if (ui.busy || !view) return say(waitText());
  if (view.must === "draw" || (view.may_draw && view.your_turn)) return send(api.action, gameBody({ action: "draw" }));
  if (!view.draws_allowed) return say(`Nobody draws in ${midName(view.name)}: the boneyard sits out the ${dealWord().toLowerCase()}.`);
  if (!view.your_turn) return say(view.status);
  if (view.must === "play") return say("You hold a tile that fits, and it has to be played: draw only when nothing fits.");
  return say(view.rule);
}

const HINT_WAIT_AFTER_MS = 4000;
const HINT_WAIT = "Still thinking about a hint: on a machine new to bones, the first hint waits a few minutes while "
  + "the computer's search is prepared (once; later hints take a moment).";

async function hint() {
  if (ui.busy || !ui.state) return say(waitText());
  const btn = $("hint");
  if (btn.getAttribute("aria-busy") === "true") return;
  say("Thinking about a hint…", false);
  speakNow("Thinking about a hint…", { passing: true }); // a quick hint is heard alone
  ui.fresh = null;
  document.body.dataset.busy = "1";
  // Expert thinks for up to 0.7 s (longer on a busy machine): the button says so meanwhile.
  btn.setAttribute("aria-busy", "true");
  btn.classList.add("thinking");
  btn.textContent = "Thinking…";
  // Expert's search is compiled once per machine, in the background as the server starts: a hint asked for in
  // those first minutes waits for it, and the page says why rather than "Thinking…" alone for minutes
  const slow = setTimeout(() => say(HINT_WAIT, false), HINT_WAIT_AFTER_MS);
  try {
    const data = await api.hint(gameBody());
    ui.hint = { tile: data.hint.tile, end: data.hint.end };
    applyState(data.state);
    ui.hint = { tile: data.hint.tile, end: data.hint.end };
    renderView(ui.view);
    announce(data.hint.say);
  } catch (e) {
    await refused(e); // a tab behind another catches up, as after a refused move
  } finally {
    clearTimeout(slow);
    btn.removeAttribute("aria-busy");
    btn.classList.remove("thinking");
    btn.textContent = "Hint";
    document.body.dataset.busy = "0";
  }
}

/** Undo greyed out when there is nothing it may take back, but still answering a tap or a click with why (between
 * two people, a tile laid stands once the tiles are face down), which a disabled button could not. */
function undoOff(off) {
  const btn = $("undo");
  btn.setAttribute("aria-disabled", String(off));
  btn.classList.toggle("off", off);
}

async function undo() {
  if (ui.busy || !ui.state) return say(waitText());
  // greyed out: the state says why, so the server is asked nothing that it would refuse (a 409 in the console)
  if (!ui.state.can_undo && ui.state.undo_refusal) {
    say(ui.state.undo_refusal);
    return catchUp();
  }
  say("");
  const data = await send(api.undo, gameBody());
  if (data) announce(data.said || "Your last tile is taken back."); // the server says what it took back
  // the Undo button pressed is now disabled (nothing more to take back), and the focus would fall to the page
  if (data && (!document.activeElement || document.activeElement === document.body || document.activeElement === $("undo"))) focusHand();
}

function newGame() {
  if (ui.busy || !ui.state) return say(waitText());
  if (!ui.state.in_progress) return startOver();
  $("confirm-text").textContent = two()
    ? "The game on the table is dropped and a new one is dealt (games between two people are not recorded)."
    : "The game in progress is left unfinished: it counts as a loss in your record, and a new one is dealt.";
  $("confirm-yes").textContent = two() ? "Start over" : "Start over (a loss)";
  $("confirm").showModal();
  $("confirm-no").focus();
}

async function startOver() {
  if ($("confirm").open) $("confirm").close();
  say("");
  let dealt = "";
  // the deal is said first, then the computers' moves as they are made (it came after them)
  // the game this page saw is named: a tab behind another is told so, not let to forfeit a game it never saw
  const data = await send(api.newGame, gameBody(), (d) => {
    dealt = `A new game of ${subject(midName(d.state.view.name))} is dealt.`;
    speakNow(dealt);
  });
  if (!data) return;
  const v = data.state.view;
  const cut = cutOnShow(v) ? `${v.cut.text} ` : ""; // who sets first, and why (and at four, who are partners)
  // the caption keeps the moves made before yours (the first, a "go" made for you, the last three), as a reload does
  const moves = fewMoves((data.frames || []).filter((f) => f.event && f.event.kind !== "deal" && f.event.text)
    .map((f) => f.event.text)).join(" ");
  say(`${dealt} ${cut}${moves}`.trim(), false); // whose turn it is, the status line says
  // the cut once; whose turn it is, unless the computers' moves just said it after the last of them
  const turn = data.frames && data.frames.length ? "" : v.status;
  const told = `${ui.cutSpoken === data.state.id ? "" : cut}${turn}`.trim();
  if (told) speakNow(told);
  if (cut) ui.cutSpoken = data.state.id;
}

async function openLid() {
  if (ui.busy || !ui.state) return;
  const data = await send(api.lid, gameBody());
  if (data) {
    announce(`${data.state.view.names[data.state.view.seat]}'s tiles are face up.`);
    focusHand(); // the lid is gone from under the focus: it goes to the tiles just turned up
  }
}

/** The panel's menus: the setting each sends, and its value in a table's state. */
const MENUS = {
  game: { setting: (v) => ({ game: v }), current: (s) => s.game },
  opponent: { setting: (v) => ({ opponent: v }), current: (s) => s.settings.opponent },
  players: { setting: (v) => ({ players: Number(v) }), current: (s) => String(s.players) },
};

async function changeSetting(body) {
  if (ui.busy && Object.keys(body).length === 1 && "show_moves" in body) {
    ui.deferred = body;
    $("show-moves").checked = body.show_moves;
    return say(`Show moves ${body.show_moves ? "on" : "off"}: from the end of the computers' moves.`);
  }
  if (ui.busy) {
    // the selectors go back to the game on the table; the table itself is not drawn again (the state held is
    // the one from before the moves still being shown)
    const held = ui.incoming || ui.state;
    for (const [id, { current }] of Object.entries(MENUS)) $(id).value = current(held);
    $("show-moves").checked = !!held.settings.show_moves;
    return say(waitText());
  }
  say("");
  if (body.sound) wakeSound();
  const shown = ui.state?.id;
  // the menus of the game chosen at once: its computers may end its first round before you move, and the round's
  // box waited under the last game's menus
  const data = await send(api.settings, body, (d) => renderPanel(d.state));
  if (!data && ui.state) {
    // refused (Two players chosen for a game of four, say): the menus and Settings show the table as it is again
    renderPanel(ui.state);
    if ($("settings-dialog").open) renderVariations(ui.state);
    return;
  }
  if (data && data.state.opponent_note && "opponent" in body) say(data.state.opponent_note);
  // a finished game switched to (not one whose end the frames just showed)
  return data && !(data.frames && data.frames.length) && data.state.id !== shown && data.state.view.game_over
    ? data.state : null;
}

/** A dialog that its × and a tap outside it close, as its Close button does (Escape already does). */
function closesOutside(dialog) {
  dialog.querySelector(".dialog-x").addEventListener("click", () => dialog.close());
  const outside = (e) => { // the backdrop is the dialog too, as is its padding: measure
    if (e.target !== dialog) return false;
    const r = dialog.getBoundingClientRect();
    return e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom;
  };
  let pressedOutside = false; // a drag begun inside (selecting words, a slip off a label) does not close it
  dialog.addEventListener("pointerdown", (e) => { pressedOutside = outside(e); });
  dialog.addEventListener("click", (e) => {
    if (pressedOutside && outside(e)) dialog.close();
    pressedOutside = false;
  });
}

/** The game-over box for a game that ended before the page showed it (a reload, a game switched back to). */
async function showEnded(s) {
  if (!s.view.game_over || !s.summary) return;
  const ended = s.view.ended || {};
  if (await gameOver(ended.round_text || "", s.summary, s.record, recordName(s), recordUrl(s), ended.move || "") === "again") {
    startOver();
  }
}

function rules() {
  if (!ui.state) return;
  if ($("help-dialog").open) $("help-dialog").close();
  openRules(ui.state.game, ui.state.players, ui.state.options);
}

// ----- wiring ----------------------------------------------------------------------------------------------

function moveFocus(step) {
  const tiles = Array.from(document.querySelectorAll("#hand .tile-btn[data-tile]"));
  if (!tiles.length) return;
  const i = tiles.indexOf(document.activeElement);
  const next = tiles[(i + step + tiles.length) % tiles.length];
  next.focus();
}

function onKey(ev) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const tag = (ev.target && ev.target.tagName) || "";
  if (document.querySelector("dialog[open]")) return;
  if (ev.key === "Escape" && (ui.face || ui.claimOpen)) {
    const t = ui.face?.tile;
    ui.face = null;
    ui.claimOpen = false;
    renderView(ui.view);
    if (t) { document.querySelector(`#hand [data-tile="${t}"]`)?.focus(); say(`${t} is back in your hand.`); }
    else { focusHand(); say(CLAIM_PUT_AWAY); }
    return;
  }
  if (ev.key === "Escape" && ui.pending) {
    const t = ui.pending;
    ui.pending = null;
    renderView(ui.view);
    document.querySelector(`#hand [data-tile="${t}"]`)?.focus();
    say(`${t} is back in your hand.`);
    return;
  }
  // a menu takes letters to choose an option; a tick box (Show moves) only Space, so the single keys still work there
  const box = tag === "INPUT" && ev.target.type === "checkbox";
  if (tag === "SELECT" || (tag === "INPUT" && !(box && ev.key.length === 1 && ev.key !== " "))) return;
  if (ev.key === "ArrowRight" || ev.key === "ArrowLeft") {
    if ($("hand").contains(document.activeElement) || !document.activeElement || document.activeElement === document.body) {
      ev.preventDefault();
      moveFocus(ev.key === "ArrowRight" ? 1 : -1);
    } else if (document.activeElement?.classList?.contains("chalk-dot")) {
      ev.preventDefault();
      const dots = Array.from(document.querySelectorAll("#line .chalk-dot"));
      const i = dots.indexOf(document.activeElement);
      dots[(i + (ev.key === "ArrowRight" ? 1 : dots.length - 1)) % dots.length].focus();
    }
    return;
  }
  // Single-key shortcuts, unless they are turned off in Settings (WCAG 2.1.4).
  if (!shortcutsOn()) return;
  const key = ev.key.toLowerCase();
  // while the round-end box is up the keys answer as their buttons do ("press Next round first"; Rules and Help
  // open), but Show moves waits: the table is drawn again once the box is dismissed
  if (ui.continueRound && key === "s") return say(waitText());
  if (key === "d") draw();
  else if (key === "h") hint();
  else if (key === "u") undo();
  else if (key === "n") newGame();
  else if (key === "r") rules();
  else if (key === "c" && ui.view?.claims) toggleClaims();
  else if (key === "m" && ui.view?.claims) muggins();
  else if (key === "a" && ui.view?.star) ask();
  else if (key === "l" && !$("lid").hidden) openLid();
  else if (key === "s") { $("show-moves").checked = !$("show-moves").checked; changeSetting({ show_moves: $("show-moves").checked }); }
  else if (key === "?") $("help-dialog").showModal();
}

async function start() {
  $("boneyard").addEventListener("click", draw);
  $("hint").addEventListener("click", hint);
  $("undo").addEventListener("click", undo);
  $("new").addEventListener("click", newGame);
  $("rules").addEventListener("click", rules);
  $("settings").addEventListener("click", () => {
    if (!ui.state) return;
    ui.settingsFrom = ui.state.id;
    openSettings(ui.state);
  });
  // a variation chosen deals a new game behind the dialog, and what the computer did then went to a live region
  // the dialog shuts out: closed, it says what is on the table now
  $("settings-dialog").addEventListener("close", () => {
    const s = ui.state;
    if (!s || s.id === ui.settingsFrom) return;
    // each set of variations keeps its own game: the one now on the table may be new, or one left earlier
    const last = s.last && !s.view.game_over ? `${s.last.text} ` : "";
    speakNow(`${subject(midName(s.view.name))} is on the table. ${last}${s.view.status}`);
  });
  $("claim").addEventListener("click", toggleClaims);
  $("log").addEventListener("toggle", () => { if ($("log").open) $("log-moves").scrollTop = $("log-moves").scrollHeight; });
  $("muggins").addEventListener("click", muggins);
  $("shut").addEventListener("click", shut);
  $("pass").addEventListener("click", pass);
  $("ask").addEventListener("click", ask);
  $("lid").addEventListener("click", openLid);
  $("help").addEventListener("click", () => $("help-dialog").showModal());
  $("help-close").addEventListener("click", () => $("help-dialog").close());
  $("help-rules").addEventListener("click", rules);
  $("rules-close").addEventListener("click", () => $("rules-dialog").close());
  for (const id of ["rules-dialog", "settings-dialog", "help-dialog"]) closesOutside($(id));
  $("confirm-yes").addEventListener("click", startOver);
  $("confirm-no").addEventListener("click", () => $("confirm").close());
  $("round-end-ok").addEventListener("click", () => ui.continueRound && ui.continueRound());
  // A menu chosen from with the mouse or a finger hands the focus back to the hand, so the single keys work again
  // (a menu keeps letters to itself: "h" in the Game menu would choose Honest John); chosen with the keys, it keeps it.
  // Stepped through with the arrow keys (or a letter) while closed, a menu changes at each step: each step would
  // open or deal a game and play the computer's moves, so the choice waits for Enter or for the focus to leave.
  const STEPS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"]);
  const menu = (id, { setting, current }) => {
    const sel = $(id);
    const named = () => sel.selectedOptions[0]?.text || sel.value;
    let pointed = false;
    let stepped = false; // the key being pressed steps the closed menu to another choice
    let waiting = false; // a choice stepped to and not yet made
    const choose = async (was) => {
      waiting = false;
      if (ui.state && !ui.busy && sel.value === current(ui.state)) return; // back where it was: nothing to do
      const ended = await changeSetting(setting(sel.value));
      // a finished game chosen shows how it ended, as a reload does; chosen from the keys it is only said, so the
      // box does not take the focus from the menu
      if (ended && was) await showEnded(ended);
      else if (ended) say(ended.view.result || "Game over.");
      if (was && document.activeElement === sel) focusHand();
    };
    sel.addEventListener("pointerdown", () => { pointed = true; });
    sel.addEventListener("keydown", (e) => {
      pointed = false;
      const key = e.key || "";
      // a closed menu changes while its key is handled; a key that opens the list (where that is how the system
      // works) is over before the list's own choice comes, so it counts for this key only
      stepped = (STEPS.has(key) && !e.altKey) || (key.length === 1 && key !== " " && !e.ctrlKey && !e.metaKey);
      setTimeout(() => { stepped = false; }, 0);
      if (key === "Enter" && waiting) {
        e.preventDefault();
        choose(false);
      } else if (key === "Escape" && waiting && ui.state) {
        e.stopPropagation(); // Esc takes the step back, and nothing else
        waiting = false;
        sel.value = current(ui.state);
        say(`${named()} stays.`);
      }
    });
    sel.addEventListener("blur", () => { if (waiting) choose(false); });
    sel.addEventListener("change", () => {
      const was = pointed;
      const step = stepped && !was && !ui.busy; // while the computer moves, a step is put back at once, as before
      pointed = false;
      stepped = false;
      if (step) {
        waiting = true;
        return say(`${named()}: press Enter to choose it.`);
      }
      choose(was);
    });
  };
  for (const [id, sets] of Object.entries(MENUS)) menu(id, sets);
  $("show-moves").addEventListener("change", (e) => changeSetting({ show_moves: e.target.checked }));
  wireSettings(changeSetting);
  document.addEventListener("keydown", onKey);
  let resizeTimer = 0;
  window.addEventListener("resize", () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => { if (ui.view) renderOthers(ui.view); renderLine(); }, 80);
  });
  try {
    const data = await api.open({});
    const moves = data.frames && data.frames.length;
    document.body.dataset.ready = "1";
    if (moves) {
      // the computers' moves since the page was last open play out at a table whose menus, settings and record are
      // already those of this game (a round they end waits for "Next round" under them, not under empty menus)
      document.body.dataset.busy = "1";
      renderPanel(data.state);
      await playFrames(data.frames, data.state);
    } else if (data.state.view.last_round_end) {
      document.body.dataset.busy = "1";
      await roundLeft(data.state);
    } else {
      applyState(data.state);
      // what was never heard (a reload cut it off), and whose turn it is: a page opened says so once
      const v = data.state.view;
      speakNow([v.last_round ? lastRound(v, true) : "", v.game_over ? "" : v.status].filter(Boolean).join(" "));
    }
    document.body.dataset.busy = "0";
    if (!moves) await showEnded(ui.state); // over before the page opened (the frames show their own end)
  } catch (e) {
    $("status").textContent = e.message;
  }
}

start();
