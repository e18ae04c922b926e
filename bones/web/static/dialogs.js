// The table's dialogs: the Rules of the game at hand (words from the server), Settings, and the end of a game.
// They only show what the server sent and report choices back through the callbacks they are given.

import { api } from "./api.js";
import { speakable } from "./tiles.js";

const $ = (id) => document.getElementById(id);
const rulesCache = new Map();

/** The Rules panel for `game` with `players` at the table and the variations `options`, as the server words it. */
export async function openRules(game, players, options = {}) {
  const key = `${game}/${players}/${JSON.stringify(options)}`;
  const dlg = $("rules-dialog");
  if (!rulesCache.has(key)) {
    $("rules-title").textContent = "Rules";
    $("rules-summary").textContent = "Fetching the rules…";
    $("rules-body").replaceChildren();
    if (!dlg.open) dlg.showModal();
    try {
      rulesCache.set(key, await api.rules(game, players, options));
    } catch (e) {
      $("rules-summary").textContent = e.message;
      return;
    }
  }
  const r = rulesCache.get(key);
  // the number at the table, unless the name says it ("Four-handed Block")
  const many = r.players > 2 && !r.name_says_players;
  // a name with a comma closes it before the number ("Rules of Honest John, version 2, for 6 players")
  $("rules-title").textContent = `Rules of ${many ? subject(midName(r.name)) : midName(r.name)}` + (many ? ` for ${r.players} players` : "");
  $("rules-summary").textContent = r.summary;
  $("rules-body").replaceChildren(...r.sections.map((s) => {
    const sec = document.createElement("section");
    const h = document.createElement("h3");
    h.textContent = s.title;
    sec.appendChild(h);
    for (const line of s.lines) {
      const p = document.createElement("p");
      p.textContent = line;
      sec.appendChild(p);
    }
    return sec;
  }));
  if (!dlg.open) dlg.showModal();
  dlg.scrollTop = 0; // the box itself scrolls: it opens at the title, not where it was left (at Close, say)
}

/** Settings: the variations of the game on the table, the computer's pace, sound, single-key shortcuts, as this
 * browser keeps them (`state`: the table's state). */
export function openSettings(state) {
  const settings = state.settings;
  for (const radio of document.querySelectorAll('input[name="pace"]')) radio.checked = radio.value === settings.pace;
  $("sound").checked = !!settings.sound;
  $("shortcuts").checked = settings.shortcuts !== false;
  renderVariations(state);
  $("settings-dialog").showModal();
  $("settings-dialog").scrollTop = 0; // at the top, not where it was left (at Close, on a phone)
}

/** The variations of the game on the table, each a choice worded by the server, showing the game's own values. */
export function renderVariations(state) {
  const body = $("variations-body");
  const list = state.variations || [];
  const name = state.games.find((g) => g.id === state.game)?.name || state.game;
  $("variations-title").textContent = `Variations of ${midName(name)}`;
  $("variations-note").hidden = !list.length;
  const shape = `${state.game}:${list.map((v) => v.key).join(",")}`;
  if (body.dataset.shape !== shape) {
    body.replaceChildren();
    if (!list.length) {
      const p = document.createElement("p");
      p.className = "quiet-text";
      p.textContent = `${subject(name)} is played one way here: it has no variations.`;
      body.appendChild(p);
    }
    for (const v of list) {
      // each variation a group of choices, every label whole (a phone would cut a select's short)
      const group = document.createElement("fieldset");
      group.className = "variation";
      const legend = document.createElement("legend");
      legend.className = "variation-title";
      legend.textContent = v.title;
      group.appendChild(legend);
      for (const c of v.choices) {
        const label = document.createElement("label");
        const input = document.createElement("input");
        input.type = "radio";
        input.name = `variation-${v.key}`;
        input.dataset.key = v.key;
        input.value = JSON.stringify(c.value);
        label.append(input, ` ${c.label}`);
        group.appendChild(label);
      }
      body.appendChild(group);
    }
    body.dataset.shape = shape;
  }
  for (const v of list) {
    for (const input of body.querySelectorAll(`input[data-key="${v.key}"]`)) {
      input.checked = input.value === JSON.stringify(v.value);
    }
  }
}

/** Send each choice made in Settings to the server as `change(body)`. */
export function wireSettings(change) {
  for (const radio of document.querySelectorAll('input[name="pace"]')) {
    radio.addEventListener("change", () => { if (radio.checked) change({ pace: radio.value }); });
  }
  $("variations-body").addEventListener("change", (e) => {
    const key = e.target?.dataset?.key;
    if (key && e.target.checked) change({ options: { [key]: JSON.parse(e.target.value) } });
  });
  $("sound").addEventListener("change", (e) => change({ sound: e.target.checked }));
  $("shortcuts").addEventListener("change", (e) => change({ shortcuts: e.target.checked }));
  $("settings-close").addEventListener("click", () => $("settings-dialog").close());
}

/** The record as chips: red for a game won, dark for one lost, half and half for a tie for first, crossed when it
 * was left unfinished. */
export function recordChips(strip, games) {
  strip.replaceChildren(...games.map((g, i) => {
    const chip = document.createElement("span");
    chip.className = `chip ${g.won ? "won" : g.tied ? "tied" : "lost"}${g.abandoned ? " left" : ""}`;
    chip.setAttribute("role", "listitem");
    const said = `Game ${i + 1}: ${g.won ? "won" : g.tied ? "tied for first" : g.abandoned ? "left unfinished, lost" : "lost"}`;
    chip.setAttribute("aria-label", said);
    chip.title = said;  // a pointer resting on a chip reads it too: a chip's colour alone says little
    return chip;
  }));
}

/** The record in one line: "3 won, 1 tied, 2 lost (1 left unfinished). Hints used: 4." (a tie for the most
 * chips or points is neither won nor lost) */
export function recordText(rec) {
  const hints = rec.hints ? ` Hints used: ${rec.hints}.` : "";
  if (!rec.counted) return "Games between two people are not recorded.";
  if (!rec.games.length) return `No games played yet.${hints}`;
  const left = rec.left ? ` (${rec.left} left unfinished)` : "";
  const tied = rec.tied ? ` ${rec.tied} tied,` : "";
  return `${rec.won} won,${tied} ${rec.lost} lost${left}.${hints}`;
}

/** A game's name in the middle of a sentence: "the Block Game", "Matadore". */
export function midName(name) {
  return name.startsWith("The ") ? `the${name.slice(3)}` : name;
}

/** A game's name as the subject of a sentence: a name with a comma in it closes it with another ("Block, playing
 * on, is played one way here"). */
export function subject(name) {
  return name.includes(", ") ? `${name},` : name;
}

/** A column head's short form: "Computer 3" → "C3", "Player 2" → "P2", "The computer" → "Comp."; "You" stays. */
function shortName(name) {
  if (name.includes(" & ")) return name.split(" & ").map(shortName).join(" & "); // partners: "You & C2"
  const numbered = /^(\S)\S* (\d+)$/.exec(name);
  if (numbered) return numbered[1] + numbered[2];
  return name === "The computer" ? "Comp." : name;
}

/** A row of the game-over table: its first cell heads the row. */
function summaryRow(cells) {
  const tr = document.createElement("tr");
  cells.forEach((t, i) => {
    const td = document.createElement(i ? "td" : "th");
    if (!i) td.scope = "row";
    td.textContent = t;
    tr.appendChild(td);
  });
  return tr;
}

/** The players' column heads in `head` (the summary's first row) put short, each whole name kept as its title. */
function shortHeads(head, names) {
  names.forEach((name, i) => {
    const th = head.children[i + 1];
    const short = shortName(name);
    if (short === name) return;
    const abbr = document.createElement("abbr");
    abbr.title = name;
    abbr.textContent = short;
    th.replaceChildren(abbr);
    th.setAttribute("aria-label", name);
  });
}

/**
 * The end of a game: the last round's arithmetic, who won, every round's points, and the record as it now
 * stands, and a link to save the game's record (`recordUrl`), after the move that ended it (`lastMove`, if the page
 * saw it). Resolves "again" (Play again) or "close".
 */
export function gameOver(roundText, summary, record, title, recordUrl, lastMove = "") {
  const dlg = $("game-over");
  // the move that ended the game, told here: the box covers the table and shuts out the live region that told it.
  // A screen reader hears it, the result and the last round's count with the tiles in words ("six–blank")
  $("game-over-move").textContent = lastMove;
  $("game-over-move").hidden = !lastMove;
  $("game-over-said").textContent = speakable([lastMove, summary.text, roundText].filter(Boolean).join(" "));
  // the finished game as a record to keep (docs/record.md): `bones replay` plays it back
  $("game-over-save").href = recordUrl;
  $("game-over-save").setAttribute("aria-label", "Save this game's record, a file bones replay plays back");
  // as wide as a column of points for each player (partners share one, under both their names)
  dlg.style.setProperty("--columns", String(summary.names.reduce((n, name) => n + name.split(" & ").length, 0)));
  $("game-over-round").textContent = roundText || "";
  $("game-over-round").hidden = !roundText;
  $("game-over-text").textContent = summary.text;
  const table = $("game-over-table");
  const head = document.createElement("tr");
  head.append(...[summary.deal_word || "Round", ...summary.names, "How it ended"].map((t) => {
    const th = document.createElement("th");
    th.textContent = t;
    th.scope = "col";
    return th;
  }));
  const signed = (p) => (p > 0 ? `+${p}` : String(p));
  const rows = summary.rounds.map((r) => summaryRow([String(r.round), ...r.points.map(signed), r.how]));
  // chips: what each held before the first hand, so each column adds up to its total
  if (summary.start) rows.unshift(summaryRow(["Start", ...summary.start.map(String), ""]));
  const total = summaryRow(["Total", ...summary.scores.map(String), ""]);
  total.className = "total";
  table.replaceChildren(head, ...rows, total);
  table.classList.toggle("many", summary.names.length > 4);
  table.classList.toggle("closer", summary.rounds.length > 7); // rows set closer: ten rounds in sight at 1280 × 800
  $("game-over-record").textContent = record.counted ? `Your record at ${midName(title)}: ${recordText(record)}` : recordText(record);
  recordChips($("game-over-strip"), record.counted ? record.games : []);
  // the marks alone read as a stray glyph in the box (QA): what they mean, under them
  $("game-over-legend").hidden = !(record.counted && record.games.length);
  dlg.showModal();
  // Wider than its box (a phone, five or six seats): the players' columns take short heads ("C3", the whole name
  // its title), so every column of points is in sight and only the words of how each round ended scroll sideways
  table.classList.remove("tight");
  if (table.parentElement.scrollWidth > table.parentElement.clientWidth + 1) shortHeads(head, summary.names);
  // still past the box's edge (seven or eight seats, or scores of three figures): the columns closer and smaller
  const edge = table.parentElement.getBoundingClientRect().right + 1;
  if (head.children[summary.names.length].getBoundingClientRect().right > edge) table.classList.add("tight");
  // more rounds than the box shows: said above it (rows slid under the pinned Total, and the totals looked wrong
  // for the rows in sight)
  const box = table.parentElement;
  const more = $("game-over-more");
  more.hidden = true; // measured without the last game's note taking its room
  const word = (summary.deal_word || "Round").toLowerCase();
  more.textContent = `${summary.rounds.length} ${word}${summary.rounds.length === 1 ? "" : "s"}: scroll the table to see them all.`;
  more.hidden = box.scrollHeight <= box.clientHeight + 1;
  $("play-again").focus();
  return new Promise((resolve) => {
    const done = (how) => () => {
      $("play-again").onclick = null;
      $("game-over-close").onclick = null;
      dlg.onclose = null;
      if (dlg.open) dlg.close();
      resolve(how);
    };
    $("play-again").onclick = done("again");
    $("game-over-close").onclick = done("close");
    dlg.onclose = done("close");
  });
}
