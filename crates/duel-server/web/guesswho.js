// The Guess Who page: the person against duel on a board of generated faces
// (/api/guesswho/play), a question asked as a feature or as sets of faces, a guess, a hint.
import { focusedKey, keyboardGrid, refocus } from "./keys.js";
import { drawMoveList, readHash, writeHash } from "./movelist.js";
import { $, checked, el, get, moveText, onSubmit, send, wholeNumber } from "./shared.js";

const HAIR = { black: "#222", brown: "#7a4a21", blond: "#e8c55a", red: "#c4471c", white: "#ddd" };
const SKIN = { light: "#f6d7bd", tan: "#e0b48a", brown: "#a86b42", dark: "#6b4026" };
const EYES = { brown: "#5a3310", blue: "#2d6fd6", green: "#2f8f3a" };

// The page's game, exported for the browser tests: the request (setup and actions) of the game
// shown, its answer, the faces selected (id → set 0 or 1) and those the hint marks; `line`:
// every action of the person's, those undone included (the request holds the first of them);
// `busy` while a request is out.
export const gw = { request: null, answer: null, line: [], selection: new Map(), hint: [], busy: false };

function drawHair(g, f, cx, cy) {
  const hair = HAIR[f.hair];
  if (f.bald) {
    el("rect", { x: cx - 24, y: cy - 8, width: 6, height: 14, fill: hair }, g);
    el("rect", { x: cx + 18, y: cy - 8, width: 6, height: 14, fill: hair }, g);
  } else if (!f.hat) {
    el("path", { d: `M${cx - 23} ${cy - 4} Q${cx} ${cy - 44} ${cx + 23} ${cy - 4} Q${cx} ${cy - 20} ${cx - 23} ${cy - 4}`, fill: hair }, g);
  }
  if (f.hat) {
    el("rect", { x: cx - 30, y: cy - 20, width: 60, height: 6, fill: "#333" }, g);
    el("rect", { x: cx - 18, y: cy - 40, width: 36, height: 22, fill: "#444" }, g);
  }
}

function drawEyes(g, f, cx, cy) {
  for (const dx of [-8, 8]) el("circle", { cx: cx + dx, cy: cy - 3, r: 3, fill: EYES[f.eyes] }, g);
  if (f.glasses) {
    for (const dx of [-8, 8]) el("circle", { cx: cx + dx, cy: cy - 3, r: 6.5, fill: "none", stroke: "#111", "stroke-width": 1.5 }, g);
    el("line", { x1: cx - 1.5, y1: cy - 3, x2: cx + 1.5, y2: cy - 3, stroke: "#111", "stroke-width": 1.5 }, g);
  }
}

function drawFace(g, f, x, y) {
  const cx = x + 40, cy = y + 42;
  if (f.long_hair) el("rect", { x: cx - 26, y: cy - 20, width: 52, height: 46, rx: 12, fill: HAIR[f.hair] }, g);
  el("ellipse", { cx: cx, cy: cy, rx: 22, ry: 26, fill: SKIN[f.skin] }, g);
  drawHair(g, f, cx, cy);
  drawEyes(g, f, cx, cy);
  if (f.beard) el("path", { d: `M${cx - 18} ${cy + 8} Q${cx} ${cy + 40} ${cx + 18} ${cy + 8} Q${cx} ${cy + 20} ${cx - 18} ${cy + 8}`, fill: HAIR[f.hair] }, g);
  const mouth = f.smiling ? `M${cx - 8} ${cy + 11} Q${cx} ${cy + 18} ${cx + 8} ${cy + 11}` : `M${cx - 7} ${cy + 13} L${cx + 7} ${cy + 13}`;
  el("path", { d: mouth, stroke: "#802020", "stroke-width": 2, fill: "none" }, g);
  const t = el("text", { class: "name", x: cx, y: y + 96 }, g);
  t.textContent = f.name;
}

function frac(p) {
  const [n, d] = p.split("/").map(Number);
  return d ? `${p} ≈ ${(n / d).toFixed(4)}` : p;
}

// The faces of `ids` by name.
const names = (ids, a) => ids.map((id) => a.faces[id].name).join(", ");

// A question as asked: the feature, the faces of a yes/no question, or the three sets (the
// last, set C, the faces left out of A and B).
function questionText(t, a) {
  if (t.feature) return `“${t.feature}?”`;
  if (t.parts.length === 2) return `“is it one of ${names(t.parts[0], a)}?”`;
  return "“which set is it in: " + t.parts.map((p, k) => `set ${"ABC"[k]} (${names(p, a)})`).join(", ") + "?”";
}

function answerText(t, a) {
  if (t.feature || t.parts.length === 2) return t.answer === 0 ? "yes" : "no";
  return `set ${"ABC"[t.answer]}` + (t.answer === 2 ? " (none of the faces selected)" : "");
}

function describeTurn(t, a) {
  const who = t.by === "human" ? "You" : "duel";
  const sizes = moveText(t.move);
  let what;
  if (t.guess) {
    const name = a.faces[t.guess[0]].name;
    what = `${who} guessed ${name}: ${t.guess[1] ? "right" : "wrong"}`;
  } else {
    what = `${who} asked ${questionText(t, a)} (split ${sizes}); answer: ${answerText(t, a)}`;
  }
  const optimal = t.optimal.map(moveText).join(", ");
  return `${what}. P(win) before ${t.p_before}, the move keeps ${t.p_move}, after the answer ${t.p_after}` +
    ` (position ${t.position[0]} vs ${t.position[1]}; optimal: ${optimal})${t.was_optimal ? "" : " — not optimal"}`;
}

function drawStatus(a) {
  const status = $("gw-status");
  status.classList.remove("error");
  status.dataset.winner = a.winner || "";
  status.textContent = a.winner === "human" ? "You win!" : a.winner === "duel" ? "duel wins." :
    `Your turn: ${a.candidates.length} candidates left to you, ${a.opponent_candidates.length} to duel.`;
  const p = $("gw-probability");
  p.dataset.p = a.p;
  p.textContent = `Your probability of winning with optimal play: ${frac(a.p)}`;
}

// The faces in a row: as many as fit, so that they wrap on a phone.
function facesPerRow(area) {
  const cards = area.children;
  if (cards.length === 0) return 1;
  const top = cards[0].offsetTop;
  let n = 0;
  while (n < cards.length && cards[n].offsetTop === top) n++;
  return Math.max(n, 1);
}

// What a face says beside its picture: ruled out or not, the set it is selected into, a hint.
function faceLabel(f, alive, sel, hinted) {
  return f.name + (alive ? "" : ", ruled out") + (sel === undefined ? "" : ", in set " + "AB"[sel]) +
    (hinted ? ", in the hint's question" : "");
}

function drawFaces(a) {
  const area = $("gw-board");
  const focused = focusedKey(area);
  area.textContent = "";
  const alive = new Set(a.candidates);
  const cards = [];
  for (const f of a.faces) {
    const svg = el("svg", { class: "gw-card", viewBox: "0 0 84 104", width: 84, height: 104, id: "face-" + f.id, "data-key": "face-" + f.id }, area);
    const g = el("g", { class: alive.has(f.id) ? "face" : "face out", "data-id": f.id }, svg);
    const sel = gw.selection.get(f.id);
    const hinted = gw.hint.includes(f.id);
    const cls = "card" + (sel === 0 ? " selA" : sel === 1 ? " selB" : "") + (hinted ? " hint" : "");
    el("rect", { class: cls, x: 2, y: 2, width: 80, height: 100, rx: 6 }, g);
    drawFace(g, f, 2, 2);
    // The set a face is selected into has its shape on the card (set A a disc, set B a
    // diamond): the colour is not the only cue.
    if (sel === 0) el("circle", { class: "set-mark", cx: 13, cy: 13, r: 6 }, svg);
    if (sel === 1) el("path", { class: "set-mark", d: "M13 5 L21 13 L13 21 L5 13 Z" }, svg);
    if (!alive.has(f.id)) el("path", { class: "out-mark", d: "M8 8 L76 96 M76 8 L8 96" }, svg);
    svg.setAttribute("aria-pressed", sel === undefined ? "false" : "true");
    svg.addEventListener("click", () => toggleFace(f.id));
    cards.push({ svg, label: faceLabel(f, alive.has(f.id), sel, hinted), id: f.id });
  }
  keyboardGrid(cards.map((c) => c.svg), () => facesPerRow(area), (i) => cards[i].label, (i) => toggleFace(cards[i].id));
  refocus(area, focused);
}

function drawLog(a) {
  const log = $("gw-log");
  log.textContent = "";
  for (const t of a.log) {
    const li = document.createElement("li");
    li.textContent = describeTurn(t, a);
    li.dataset.pBefore = t.p_before;
    li.dataset.pAfter = t.p_after;
    if (t.by === "duel" && t.bold) {
      const b = document.createElement("span");
      b.className = "bold";
      b.textContent = " bold play";
      li.appendChild(b);
    }
    log.appendChild(li);
  }
  if (a.winner) {
    const li = document.createElement("li");
    li.textContent = `duel's secret was ${a.faces[a.duel_secret].name}.`;
    log.appendChild(li);
  }
}

function draw() {
  const a = gw.answer;
  drawStatus(a);
  drawFaces(a);
  const secret = $("gw-secret");
  secret.textContent = "";
  const s = el("svg", { width: 84, height: 104 }, secret);
  drawFace(el("g", {}, s), a.faces[a.secret], 2, 2);
  drawLog(a);
  drawHistory();
  $("gw-part").disabled = a.questions !== 3;
  $("gw-three-way").hidden = a.questions !== 3;
  const theirs = a.opponent_candidates;
  $("gw-duel-candidates").textContent = `${theirs.length} ${theirs.length === 1 ? "face" : "faces"}: ${names(theirs, a)}.`;
}

// Sends `request`: once answered, it and its answer are the page's game (and `line`, when
// given, its line of actions); refused, the game shown stays as it was.
async function sendGame(request, line) {
  if (gw.busy) return;
  gw.busy = true;
  await send({
    path: "/api/guesswho/play",
    body: request,
    status: $("gw-status"),
    show: (a) => {
      gw.request = request;
      if (line) gw.line = line;
      gw.answer = a;
      gw.selection.clear();
      gw.hint = [];
      $("gw-hint-text").textContent = "";
      draw();
    },
  });
  gw.busy = false;
}

function toggleFace(id) {
  const part = gw.answer && gw.answer.questions === 3 ? parseInt($("gw-part").value, 10) : 0;
  if (gw.selection.get(id) === part) gw.selection.delete(id);
  else gw.selection.set(id, part);
  draw();
}

// The person's action; back in the line it starts a new one.
async function act(action) {
  if (!gw.answer || gw.answer.winner) return;
  const actions = [...gw.request.actions, action];
  await sendGame({ ...gw.request, actions }, actions);
}

// Shows the game after the person's first `k` actions of the line (duel's replies follow).
function goTo(k) {
  if (k < 0 || k > gw.line.length) return;
  return sendGame({ ...gw.request, actions: gw.line.slice(0, k) });
}

// An action as the list of moves shows it.
function actionText(x) {
  if (x.guess) return "guess " + gw.answer.faces[x.guess.id].name;
  if (x.feature) return x.feature.feature + "?";
  const sizes = x.ask.parts.map((p) => p.length);
  return "ask " + sizes.join("+") + (sizes.length === 1 && sizes[0] === 1 ? " face" : " faces");
}

// The person's actions in the move list, Undo and Redo, and the game in the address.
function drawHistory() {
  const k = gw.request.actions.length;
  drawMoveList($("gw-history"), gw.line, k, (i, x) => `Your action ${i + 1}: ${actionText(x)}`, goTo, 1, actionText);
  $("gw-undo").disabled = k === 0;
  $("gw-redo").disabled = k >= gw.line.length;
  const p = new URLSearchParams({ game: JSON.stringify({ ...gw.request, actions: gw.line }) });
  if (k < gw.line.length) p.set("at", String(k));
  writeHash("guesswho", p);
}
export { drawHistory as saveHash };

// The game of the address (a reload, a shared link), else a new game of the fields.
export async function restore() {
  const { page, params } = readHash();
  let request = null;
  try {
    request = page === "guesswho" && params.has("game") ? JSON.parse(params.get("game")) : null;
  } catch (e) {
    request = null;
  }
  if (request === null || !Array.isArray(request.actions)) return newGame();
  const line = request.actions;
  const at = params.has("at") ? Math.min(Number(params.get("at")) || 0, line.length) : line.length;
  await sendGame({ ...request, actions: line.slice(0, at) }, line);
  if (gw.answer === null) await newGame();
}

function ask() {
  const parts = [[], []];
  for (const [id, part] of gw.selection) parts[part].push(id);
  act({ ask: { parts: parts.filter((p) => p.length > 0) } });
}

function guess() {
  const ids = [...gw.selection.keys()];
  if (ids.length !== 1) {
    $("gw-status").textContent = "Select exactly one face to guess.";
    return;
  }
  act({ guess: { id: ids[0] } });
}

function hint() {
  const a = gw.answer;
  if (!a || a.winner) return;
  const moves = a.hint.map((m) => (m === "guess" ? "guess" : "split " + m.split.join("+"))).join(", ");
  $("gw-hint-text").textContent = `Optimal moves: ${moves}. The marked faces are one optimal question.`;
  gw.hint = a.hint_parts.length ? a.hint_parts[0] : [];
  draw();
}

// The request of a new game from the fields, or an Error saying which to correct.
function newRequest() {
  const rules = $("gw-rules").value;
  // Race rules start from two candidates each: with one the game is already won.
  const low = rules === "race" ? 2 : 1;
  const pool = wholeNumber("gw-pool", "Your pool", low, 64);
  const opp = wholeNumber("gw-opponent-pool", "duel's pool", low, 64);
  const seed = wholeNumber("gw-seed", "The seed", 0, 4294967295);
  return {
    rules,
    questions: parseInt($("gw-questions").value, 10),
    pool,
    opponent_pool: opp,
    seed,
    secret: (seed * 7 + 3) % opp,
    human_first: $("gw-first").value === "human",
    actions: [],
  };
}

// A new game; the game shown stays until it is answered.
export async function newGame() {
  const request = checked($("gw-status"), newRequest);
  if (request !== null) await sendGame(request, []);
}

// The features a question may name, into their menu.
export async function loadFeatures() {
  const f = await get("/api/guesswho/features");
  for (const name of f.features) {
    const o = document.createElement("option");
    o.value = name;
    o.textContent = name + "?";
    $("gw-feature").appendChild(o);
  }
}

export function wire() {
  onSubmit($("gw-setup"));
  $("gw-new").addEventListener("click", newGame);
  $("gw-undo").addEventListener("click", () => goTo(gw.request.actions.length - 1));
  $("gw-redo").addEventListener("click", () => goTo(gw.request.actions.length + 1));
  $("gw-ask").addEventListener("click", ask);
  $("gw-ask-feature").addEventListener("click", () => act({ feature: { feature: $("gw-feature").value } }));
  $("gw-guess").addEventListener("click", guess);
  $("gw-hint").addEventListener("click", hint);
  $("gw-clear").addEventListener("click", () => { gw.selection.clear(); gw.hint = []; draw(); });
}
