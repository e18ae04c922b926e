// The table page: draws what the server sends and reports taps. It holds no rules: which tiles fit which
// ends, why a tile does not fit, whose turn it is and what every move means all come from the server.

import { api } from "./api.js";
import { drawLine } from "./line.js";
import { backSVG, halves, spoken, tileSVG } from "./tiles.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const PACE = Number(params.get("pace") || localStorage.getItem("bones.pace") || 700);

const ui = {
  state: null, // the last full state from the server
  view: null, // the view on the table now (during an animation, a frame's view)
  pending: null, // a tile waiting for its end to be chosen
  hint: null, // {tile, end} suggested by Hint
  fresh: null, // the end (or "C") where the tile just laid lies, to draw it arriving
  busy: false, // frames are being animated
  continueRound: null, // resolves when the round-end box is dismissed
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function say(text) {
  $("say").textContent = text || "";
}

function announce(text, show = true) {
  if (!text) return;
  if (show) say(text);
  const live = $("live");
  live.textContent = "";
  // A fresh text node each time so screen readers announce repeats too.
  setTimeout(() => { live.textContent = text; }, 30);
}

function flash(node) {
  node.classList.remove("flash");
  void node.offsetWidth; // restart the animation
  node.classList.add("flash");
}

function gameBody(extra = {}) {
  const s = ui.state;
  return { game: s.game, id: s.id, n: s.n, ...extra };
}

// ----- drawing ---------------------------------------------------------------------------------------------

function renderPanel(state) {
  const gameSel = $("game");
  if (!gameSel.options.length) {
    for (const g of state.games) gameSel.add(new Option(g.name, g.id));
    for (const o of state.opponents) $("opponent").add(new Option(o.name, o.id));
  }
  gameSel.value = state.game;
  $("opponent").value = state.settings.opponent;
  // Draw Dominoes and Muggins seat 2, 3 or 4: the other seats are computers of the chosen level.
  const counts = state.games.find((g) => g.id === state.game)?.players || [2];
  const playersSel = $("players");
  $("players-field").hidden = counts.length < 2;
  if (playersSel.dataset.game !== state.game) {
    playersSel.replaceChildren(...counts.map((n) => new Option(`${n}`, String(n))));
    playersSel.dataset.game = state.game;
  }
  playersSel.value = String(state.players);
  const two = state.settings.opponent === "two";
  playersSel.disabled = two;
  playersSel.title = two ? "Two people share the table: two players" : "";
  // Where the level chosen does not play this game, the table says which level plays in its place.
  $("stand-in").hidden = !state.stand_in;
  $("stand-in").textContent = state.stand_in || "";
  $("show-moves").checked = !!state.settings.show_moves;
  $("undo").disabled = !state.can_undo;
  const rec = state.record;
  const name = state.games.find((g) => g.id === state.game)?.name || state.game;
  $("record-title").textContent = name;
  const strip = $("record-strip");
  strip.replaceChildren();
  rec.games.forEach((g, i) => {
    const chip = document.createElement("span");
    chip.className = `chip ${g.won ? "won" : "lost"}`;
    chip.setAttribute("role", "listitem");
    chip.setAttribute("aria-label", `Game ${i + 1}: ${g.won ? "won" : "lost"}`);
    strip.appendChild(chip);
  });
  const hints = rec.hints ? ` Hints used: ${rec.hints}.` : "";
  $("record-text").textContent = rec.games.length
    ? `${rec.won} won, ${rec.lost} lost.${hints}`
    : `No games played yet.${hints}`;
}

function renderView(view) {
  ui.view = view;
  const two = ui.state?.settings.opponent === "two";
  const names = view.names;
  $("round").textContent = `Round ${view.round}`;
  // Every seat's score, in seat order; the one to move is marked.
  $("scores").replaceChildren(...names.map((name, seat) => {
    const span = document.createElement("span");
    span.className = "score" + (view.current_seat === seat && !view.game_over ? " to-move" : "");
    const b = document.createElement("b");
    b.textContent = view.scores[seat];
    span.append(`${name} `, b);
    return span;
  }));
  $("target").textContent = `to ${view.target}`;
  renderOthers(view);
  // The boneyard.
  const stack = $("bone-stack");
  stack.replaceChildren(...Array.from({ length: Math.min(view.boneyard_count, 4) }, () => backSVG()));
  $("bone-count").textContent = view.boneyard_count;
  const bone = $("boneyard");
  bone.classList.toggle("can-draw", view.must === "draw" && !ui.busy);
  bone.setAttribute("aria-label", `Boneyard: ${view.boneyard_count} tiles` +
    (view.must === "draw" ? ". Nothing fits: draw a tile" : view.draws_allowed ? "" : ". Nobody draws in this game"));
  // The sum of the ends, in chalk by the line.
  const sum = $("end-sum");
  sum.hidden = !(view.scoring_ends && view.end_sum !== null && view.end_sum !== undefined);
  sum.textContent = sum.hidden ? "" : `ends ${view.end_sum}`;
  sum.setAttribute("aria-label", sum.hidden ? "" : `The open ends add up to ${view.end_sum}`);
  renderLine();
  renderHand(view, two);
  // Status and the rule that applies.
  $("status").textContent = view.status;
  $("rule").textContent = ui.pending
    ? `Tap a chalk dot to choose the end for ${ui.pending} (Esc puts it back).`
    : view.rule;
}

// The other hands round the far edge, face down, each with its count in chalk: in seat order, which is the
// order of play (with three or four at the table, left to right is the way the turn goes round).
const WIDE = window.matchMedia("(min-width: 700px)");

function seatBox(o, view, many, sideways) {
  const g = document.createElement("div");
  g.className = "seat" + (o.to_move && !view.game_over ? " to-move" : "");
  g.dataset.seat = o.seat;
  g.setAttribute("role", "group");
  g.setAttribute("aria-label", `${o.name}: ${o.count} ${o.count === 1 ? "tile" : "tiles"}${o.to_move ? ", to move" : ""}`);
  if (many) {
    const name = document.createElement("span");
    name.className = "seat-name";
    name.textContent = o.name;
    name.setAttribute("aria-hidden", "true");
    g.appendChild(name);
  }
  const row = document.createElement("span");
  row.className = "far-tiles";
  row.setAttribute("aria-hidden", "true");
  row.replaceChildren(...Array.from({ length: o.count }, () => backSVG(sideways)));
  const count = document.createElement("span");
  count.className = "chalk count";
  count.textContent = o.count;
  count.setAttribute("aria-hidden", "true");
  g.append(row, count);
  return g;
}

function renderOthers(view) {
  const others = view.others;
  const many = others.length > 1;
  // Where each seat sits: on a wide screen the seats on your left and right take the sides of the table
  // (three at the table: left and right; four: left, across, right); on a phone they all sit along the far edge.
  const sides = many && WIDE.matches;
  const place = others.map((_, i) => (!sides ? "far" : i === 0 ? "west" : i === others.length - 1 ? "east" : "far"));
  const far = $("others");
  far.classList.toggle("many", many);
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
  const area = $("line-area").getBoundingClientRect();
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
  const label = describeLine(view);
  $("line").setAttribute("aria-label", label);
  if (choices.length) {
    const dot = document.querySelector("#line .chalk-dot");
    if (dot) dot.focus();
  }
}

function describeLine(view) {
  if (!view.center) return "The table is empty.";
  const count = 1 + Object.values(view.arms).reduce((n, a) => n + a.length, 0);
  const ends = Object.entries(view.ends).map(([n, e]) => `${view.end_words[n]} shows ${e.pip}`);
  const sum = view.scoring_ends && view.end_sum !== null ? ` The ends add up to ${view.end_sum}.` : "";
  return `The line, ${count} ${count === 1 ? "tile" : "tiles"}. Open ends: ${ends.join(", ")}.${sum}`;
}

function renderHand(view, two) {
  const hand = $("hand");
  const hadFocus = hand.contains(document.activeElement) ? document.activeElement?.dataset.tile : null;
  hand.replaceChildren();
  const lid = $("lid");
  if (view.hand === null) {
    for (let i = 0; i < view.hand_count; i++) {
      const b = document.createElement("span");
      b.className = "tile-btn face-down";
      b.appendChild(backSVG());
      hand.appendChild(b);
    }
    lid.hidden = view.game_over || view.current_seat === null;
    lid.textContent = `${view.names[view.seat]}: tap to turn your tiles face up`;
    hand.setAttribute("aria-label", `${view.names[view.seat]}'s tiles, face down`);
    return;
  }
  lid.hidden = true;
  hand.setAttribute("aria-label", two ? `${view.names[view.seat]}'s tiles` : "Your tiles");
  const show = ui.state?.settings.show_moves;
  for (const t of view.hand) {
    const [a, b] = halves(t);
    const btn = document.createElement("button");
    btn.type = "button";
    btn.className = "tile-btn";
    btn.dataset.tile = t;
    const fits = !!view.fits[t];
    if (show && fits) btn.classList.add("fits");
    if (view.drawn.includes(t)) btn.classList.add("drawn");
    if (ui.pending === t) btn.classList.add("selected");
    if (ui.hint && ui.hint.tile === t) btn.classList.add("hinted");
    btn.setAttribute("aria-label", `${spoken(t)}${show && fits ? ", fits" : ""}${view.drawn.includes(t) ? ", drawn" : ""}`);
    btn.appendChild(tileSVG(a, b));
    btn.addEventListener("click", () => tapTile(t));
    hand.appendChild(btn);
  }
  if (hadFocus) {
    const again = hand.querySelector(`[data-tile="${hadFocus}"]`) || hand.querySelector(".tile-btn");
    if (again && !ui.pending) again.focus();
  }
}

function applyState(state) {
  ui.state = state;
  ui.pending = null;
  renderPanel(state);
  renderView(state.view);
  const v = state.view;
  if (v.game_over && v.result) say(v.result);
  else if (v.last_round && !$("say").textContent) say(v.last_round);
}

// ----- animation -------------------------------------------------------------------------------------------

async function playFrames(frames, state) {
  const two = state.settings.opponent === "two";
  ui.busy = true;
  ui.hint = null;
  try {
    for (let i = 0; i < frames.length; i++) {
      const f = frames[i];
      const ev = f.event || {};
      const mine = (two || ev.seat === 0) && !ev.auto && ev.kind !== "deal";
      if (i > 0 || !mine) await sleep(ev.kind === "deal" ? PACE / 2 : PACE);
      ui.pending = null;
      ui.fresh = ev.kind === "play" ? (ev.action.split(" ")[1] || "C") : null;
      renderView(f.view);
      if (ev.kind === "draw") flash($("boneyard"));
      if (ev.kind === "pass") flash(ev.seat === f.view.seat ? $("hand") : (document.querySelector(`.seat[data-seat="${ev.seat}"]`) || $("others")));
      announce(ev.text);
      if (f.round_end) {
        await roundEnd(f.round_end);
      }
    }
  } finally {
    ui.busy = false;
  }
  applyState(state);
}

function roundEnd(info) {
  const box = $("round-end");
  $("round-end-text").textContent = info.text;
  $("round-end-ok").textContent = info.game_over ? "OK" : "Next round";
  box.hidden = false;
  announce(info.text, false);
  $("round-end-ok").focus();
  return new Promise((resolve) => {
    ui.continueRound = () => {
      box.hidden = true;
      ui.continueRound = null;
      resolve();
    };
  });
}

// ----- acting ----------------------------------------------------------------------------------------------

async function send(call, body) {
  document.body.dataset.busy = "1";
  ui.fresh = null;
  try {
    const data = await call(body);
    if (data.frames && data.frames.length) await playFrames(data.frames, data.state);
    else applyState(data.state);
    return data;
  } catch (e) {
    say(e.message);
    if (e.status === 409) {
      try { applyState((await api.state(ui.state?.game)).state); say(e.message); } catch (_) { /* shown */ }
    }
    return null;
  } finally {
    document.body.dataset.busy = "0";
  }
}

function waitText() {
  return ui.busy ? "Wait: the computer is moving." : ui.view?.status || "";
}

function tapTile(tile) {
  const view = ui.view;
  if (ui.busy || !view) return say(waitText());
  if (!view.your_turn) return say(view.why_not[tile] || view.status);
  const ends = view.fits[tile];
  if (!ends) return say(view.why_not[tile] || `${tile} cannot be laid now.`);
  if (ends.length === 1) return playTile(tile, ends[0]);
  ui.pending = tile;
  ui.hint = null;
  ui.fresh = null;
  renderView(view);
  say(`${tile} fits ${ends.length} ends: tap a chalk dot.`);
}

async function playTile(tile, end) {
  if (!tile || ui.busy) return;
  ui.pending = null;
  ui.hint = null;
  const btn = document.querySelector(`#hand [data-tile="${tile}"]`);
  if (btn) btn.classList.add("sending");
  if (ui.state?.settings.opponent !== "two") {
    $("status").textContent = (ui.view?.others.length > 1) ? "The computers are thinking…" : "The computer is thinking…";
  }
  await send(api.action, gameBody({ action: end ? `${tile} ${end}` : tile }));
}

async function draw() {
  const view = ui.view;
  if (ui.busy || !view) return say(waitText());
  if (view.must === "draw") return send(api.action, gameBody({ action: "draw" }));
  if (!view.draws_allowed) return say(`Nobody draws in ${view.name}: the boneyard sits out the round.`);
  if (!view.your_turn) return say(view.status);
  if (view.must === "play") return say("You hold a tile that fits, and it has to be played: draw only when nothing fits.");
  return say(view.rule);
}

async function hint() {
  if (ui.busy || !ui.state) return say(waitText());
  const btn = $("hint");
  if (btn.getAttribute("aria-busy") === "true") return;
  say("Thinking about a hint…");
  ui.fresh = null;
  document.body.dataset.busy = "1";
  // Expert thinks for up to 0.7 s (longer on a busy machine): the button says so meanwhile.
  btn.setAttribute("aria-busy", "true");
  btn.classList.add("thinking");
  btn.textContent = "Thinking…";
  try {
    const data = await api.hint(gameBody());
    ui.hint = { tile: data.hint.tile, end: data.hint.end };
    applyState(data.state);
    ui.hint = { tile: data.hint.tile, end: data.hint.end };
    renderView(ui.view);
    announce(data.hint.say);
  } catch (e) {
    say(e.message);
  } finally {
    btn.removeAttribute("aria-busy");
    btn.classList.remove("thinking");
    btn.textContent = "Hint";
    document.body.dataset.busy = "0";
  }
}

async function undo() {
  if (ui.busy || !ui.state) return say(waitText());
  const data = await send(api.undo, gameBody());
  if (data) announce("Your last tile and the answer to it are taken back.");
}

function newGame() {
  if (ui.busy || !ui.state) return say(waitText());
  const v = ui.state.view;
  if (v.game_over || ui.state.n === 0) return startOver();
  const dlg = $("confirm");
  dlg.showModal();
  $("confirm-no").focus();
}

async function startOver() {
  $("confirm").close();
  say("");
  const data = await send(api.newGame, { game: ui.state.game });
  if (data) announce(`A new game of ${data.state.view.name} is dealt. ${data.state.view.status}`);
}

async function openLid() {
  if (ui.busy || !ui.state) return;
  await send(api.lid, gameBody());
}

async function changeSetting(body) {
  if (ui.busy) { applyState(ui.state); return say(waitText()); }
  say("");
  await send(api.settings, body);
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
  if (ev.key === "Escape" && ui.pending) {
    const t = ui.pending;
    ui.pending = null;
    renderView(ui.view);
    document.querySelector(`#hand [data-tile="${t}"]`)?.focus();
    say(`${t} is back in your hand.`);
    return;
  }
  if (tag === "SELECT" || tag === "INPUT") return;
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
  const key = ev.key.toLowerCase();
  if (!ui.continueRound) {
    if (key === "d") draw();
    else if (key === "h") hint();
    else if (key === "u") undo();
    else if (key === "n") newGame();
    else if (key === "l" && !$("lid").hidden) openLid();
    else if (key === "s") { $("show-moves").checked = !$("show-moves").checked; changeSetting({ show_moves: $("show-moves").checked }); }
    else if (key === "?") $("help-dialog").showModal();
  }
}

async function start() {
  $("boneyard").addEventListener("click", draw);
  $("hint").addEventListener("click", hint);
  $("undo").addEventListener("click", undo);
  $("new").addEventListener("click", newGame);
  $("lid").addEventListener("click", openLid);
  $("help").addEventListener("click", () => $("help-dialog").showModal());
  $("help-close").addEventListener("click", () => $("help-dialog").close());
  $("confirm-yes").addEventListener("click", startOver);
  $("confirm-no").addEventListener("click", () => $("confirm").close());
  $("round-end-ok").addEventListener("click", () => ui.continueRound && ui.continueRound());
  $("game").addEventListener("change", (e) => changeSetting({ game: e.target.value }));
  $("opponent").addEventListener("change", (e) => changeSetting({ opponent: e.target.value }));
  $("players").addEventListener("change", (e) => changeSetting({ players: Number(e.target.value) }));
  $("show-moves").addEventListener("change", (e) => changeSetting({ show_moves: e.target.checked }));
  document.addEventListener("keydown", onKey);
  let resizeTimer = 0;
  window.addEventListener("resize", () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => { if (ui.view) renderOthers(ui.view); renderLine(); }, 80);
  });
  try {
    const data = await api.state();
    if (data.frames && data.frames.length) await playFrames(data.frames, data.state);
    else applyState(data.state);
    document.body.dataset.ready = "1";
    document.body.dataset.busy = "0";
  } catch (e) {
    $("status").textContent = e.message;
  }
}

start();
