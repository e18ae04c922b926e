// Effects that only decorate the table: a computer's tile sliding from its hand to the line, the points a tile
// scored written in chalk beside it, and a soft synthesized click when a tile is laid. No rules here.

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * Slide the tile just drawn on the line (`group`, an SVG <g>) from the rectangle `from` (the hand it left), taking
 * `ms` milliseconds; the tile on the line is hidden until the copy lands on it. Resolves when it has landed.
 */
export function slide(group, from, ms) {
  const face = group && group.querySelector("rect.face");
  if (!face || !from || ms < 30 || reducedMotion()) return Promise.resolve();
  const to = face.getBoundingClientRect();
  if (!to.width || !to.height) return Promise.resolve();
  const box = face.getBBox();
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", `${box.x} ${box.y} ${box.width} ${box.height}`);
  svg.setAttribute("class", "flying");
  svg.setAttribute("aria-hidden", "true");
  const copy = group.cloneNode(true);
  copy.removeAttribute("class");
  copy.setAttribute("class", "tile-face");
  svg.appendChild(copy);
  Object.assign(svg.style, { left: `${to.left}px`, top: `${to.top}px`, width: `${to.width}px`, height: `${to.height}px` });
  document.body.appendChild(svg);
  group.style.visibility = "hidden";
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  const anim = svg.animate(
    [{ transform: `translate(${dx}px, ${dy}px) rotate(-8deg)`, opacity: 0.85 }, { transform: "none", opacity: 1 }],
    { duration: ms, easing: "cubic-bezier(.2,.7,.3,1)" },
  );
  const land = () => { svg.remove(); group.style.visibility = ""; };
  return anim.finished.then(land, land);
}

/** The points a tile scored, in chalk beside it (`group`: the tile on the line), inside `area`. */
export function showPoints(area, group, text) {
  for (const old of area.querySelectorAll(".score-pop")) old.remove();
  if (!group || !text) return;
  const tile = group.getBoundingClientRect();
  const box = area.getBoundingClientRect();
  const pop = document.createElement("span");
  pop.className = "chalk score-pop";
  pop.textContent = text;
  pop.setAttribute("aria-hidden", "true");
  area.appendChild(pop);
  const w = pop.offsetWidth, h = pop.offsetHeight;
  // above the tile, kept inside the felt
  const x = Math.min(Math.max(tile.left - box.left + tile.width / 2 - w / 2, 2), box.width - w - 2);
  const y = Math.max(tile.top - box.top - h - 2, 2);
  Object.assign(pop.style, { left: `${x}px`, top: `${y}px` });
}

let audio = null;

/** Make the sound ready (browsers allow audio to start only from a tap or a key). */
export function wakeSound() {
  try {
    audio = audio || new AudioContext();
    if (audio.state === "suspended") audio.resume();
  } catch (e) {
    audio = null;
  }
}

/** A soft click, as a tile meets the table: a few milliseconds of filtered noise, fading fast. */
export function click() {
  document.body.dataset.clicks = String(Number(document.body.dataset.clicks || 0) + 1);
  wakeSound();
  if (!audio) return;
  const n = Math.floor(audio.sampleRate * 0.035);
  const buf = audio.createBuffer(1, n, audio.sampleRate);
  const d = buf.getChannelData(0);
  for (let i = 0; i < n; i++) d[i] = (Math.random() * 2 - 1) * (1 - i / n) ** 5;
  const src = audio.createBufferSource();
  src.buffer = buf;
  const band = audio.createBiquadFilter();
  band.type = "bandpass";
  band.frequency.value = 1900;
  band.Q.value = 1.4;
  const gain = audio.createGain();
  gain.gain.value = 0.3;
  src.connect(band).connect(gain).connect(audio.destination);
  src.start();
}
