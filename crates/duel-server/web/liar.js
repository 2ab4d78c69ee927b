// The liar game's page: the person as Paul, asking against the adversary (/api/liar/paul),
// and as Carole, thinking of a number and answering duel's questions with at most e lies
// (/api/liar/carole). Each keeps its setup and the questions or answers so far.
import { drawMoveList, readHash, writeHash } from "./movelist.js";
import { $, checked, onSubmit, send, wholeNumber } from "./shared.js";

// The two games, exported for the browser tests: each the request of the game shown and its
// answer, and the numbers Paul selected. A request replaces the game only once answered.
// `line`: every question (Paul) or answer (Carole) of the person's, those undone included;
// the request holds the first of them.
export const liar = { request: null, answer: null, line: [], selection: new Set() };
export const carole = { request: null, answer: null, line: [] };

// Whether both games of the address were read: till then none is written over it.
let restored = false;

// Both games in the address, each with the position shown when it is back in its line.
function saveHash() {
  if (!restored) return;
  const p = new URLSearchParams();
  for (const [name, game, key] of [["paul", liar, "asked"], ["carole", carole, "answers"]]) {
    if (!game.request) continue;
    p.set(name, JSON.stringify({ ...game.request, [key]: game.line }));
    if (game.request[key].length < game.line.length) p.set(name + "-at", String(game.request[key].length));
  }
  writeHash("liar", p);
}
export { saveHash };

// The request of the game `name` in the address and its line of `key`, or null.
function fromHash(name, key) {
  const { page, params } = readHash();
  if (page !== "liar" || !params.has(name)) return null;
  try {
    const r = JSON.parse(params.get(name));
    if (!Array.isArray(r[key])) return null;
    const line = r[key];
    const at = params.has(name + "-at") ? Math.min(Number(params.get(name + "-at")) || 0, line.length) : line.length;
    return { request: { ...r, [key]: line.slice(0, at) }, line };
  } catch (e) {
    return null;
  }
}

// A question as the move list shows it: its numbers, the first few of a long one.
const questionText = (q) => "{" + (q.length <= 5 ? q.join(", ") : q.slice(0, 3).join(", ") + ", … " + q[q.length - 1]) + "}";

// The largest game of a page (the server's bounds): n, lies, questions.
const MAX_N = 1024, MAX_LIES = 3, MAX_QUESTIONS = 60;

// The Berlekamp volume against 2^q (q as a superscript), and how many numbers have been
// charged each count of lies.
function volumeText(v, a) {
  v.textContent = `Berlekamp volume ${a.volume} vs 2`;
  const q = document.createElement("sup");
  q.textContent = String(a.questions_left);
  v.appendChild(q);
  v.append(` = ${a.bound}; numbers by lies charged: ${a.counts.join(", ")}`);
}

// A number's class: ruled out, charged `c` lies, or none; and whether it is `marked`.
const chargeClass = (c, lies, marked) => (c > lies ? "out" : c > 0 ? "lie" + c : "") + (marked ? " selected" : "");

// A number as shown: a prime for each lie charged (the colour is not the only cue; a number
// ruled out is struck through), and its name for a screen reader.
const chargeMarks = (c, lies) => (c > lies ? "" : "\u2032".repeat(c));
const chargeLabel = (x, c, lies) => `${x}, ` + (c > lies ? "ruled out" : c === 1 ? "1 lie charged" : `${c} lies charged`);

// The legend of the numbers' marks.
function drawLegend(id, lies) {
  const parts = ["7: no lie charged"];
  for (let c = 1; c <= lies; c++) parts.push(`7${"\u2032".repeat(c)}: ${c} ${c === 1 ? "lie" : "lies"} charged`);
  parts.push("struck through: ruled out (more than " + lies + (lies === 1 ? " lie" : " lies") + ")");
  $(id).textContent = "Marks: " + parts.join("; ") + ".";
}

function drawVolume(id, a) {
  const v = $(id);
  v.dataset.volume = a.volume;
  v.dataset.bound = a.bound;
  volumeText(v, a);
}

// ---------- The person as Paul ----------

function drawPaul() {
  const a = liar.answer;
  const status = $("liar-status");
  status.classList.remove("error");
  status.dataset.verdict = a.verdict;
  status.textContent = a.verdict === "paul" ? "You win: one number is left." :
    a.verdict === "carole" ? (a.questions_left === 0 ? "duel wins: more than one number is left." :
      "duel wins: the volume is above its bound, no strategy can find the number now.") :
    `${a.questions_left} questions left: the volume bound does not rule you out.`;
  drawVolume("liar-volume", a);
  drawLegend("liar-legend", a.lies);
  $("liar-ask").disabled = paulOver(a);
  const box = $("liar-numbers");
  box.textContent = "";
  a.charged.forEach((c, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.id = "num-" + (i + 1);
    b.textContent = String(i + 1) + chargeMarks(c, a.lies);
    b.className = chargeClass(c, a.lies, liar.selection.has(i + 1));
    b.setAttribute("aria-label", chargeLabel(i + 1, c, a.lies));
    b.setAttribute("aria-pressed", liar.selection.has(i + 1) ? "true" : "false");
    b.addEventListener("click", () => {
      if (liar.selection.has(i + 1)) liar.selection.delete(i + 1); else liar.selection.add(i + 1);
      drawPaul();
    });
    box.appendChild(b);
  });
  const k = liar.request.asked.length;
  drawMoveList($("liar-history"), liar.line, k, (i, q) => `Question ${i + 1}: ${questionText(q)}, ${q.length} numbers`, paulGoTo, 1, questionText);
  $("liar-undo").disabled = k === 0;
  $("liar-redo").disabled = k >= liar.line.length;
  saveHash();
  const log = $("liar-log");
  log.textContent = "";
  for (const r of a.rounds) {
    const li = document.createElement("li");
    li.textContent = `Is it in {${r.question.join(", ")}}? duel: ${r.answer}. Volume ${r.volume} vs ${r.bound}.`;
    li.dataset.volume = r.volume;
    log.appendChild(li);
  }
}

// Sends `request`; once answered it is the game shown (and `line`, when given, its line).
function sendPaul(request, line) {
  return send({
    path: "/api/liar/paul",
    body: request,
    status: $("liar-status"),
    show: (a) => {
      liar.request = request;
      if (line) liar.line = line;
      liar.answer = a;
      liar.selection.clear();
      drawPaul();
    },
  });
}

export async function newPaul() {
  const request = checked($("liar-status"), () => ({
    n: wholeNumber("liar-n", "n", 1, MAX_N),
    lies: wholeNumber("liar-lies", "The lies", 0, MAX_LIES),
    questions: wholeNumber("liar-questions", "The questions", 1, MAX_QUESTIONS),
    asked: [],
  }));
  if (request !== null) await sendPaul(request, []);
}

// Paul's game of the address, else a new one of the fields.
export async function restorePaul() {
  const h = fromHash("paul", "asked");
  if (h === null || !(await sendPaul(h.request, h.line))) await newPaul();
  restored = true;
  saveHash();
}

// Paul's game after the first `k` questions of the line.
function paulGoTo(k) {
  if (k < 0 || k > liar.line.length) return;
  return sendPaul({ ...liar.request, asked: liar.line.slice(0, k) });
}

// Whether Paul's game is over: the number found, or no question left.
const paulOver = (a) => a.verdict === "paul" || a.questions_left === 0;

async function ask() {
  if (!liar.answer || paulOver(liar.answer)) return;
  const status = $("liar-status");
  if (liar.selection.size === 0) {
    status.textContent = "Select the numbers of the question first (click them, or a range).";
    status.classList.add("error");
    return;
  }
  const question = [...liar.selection].sort((x, y) => x - y);
  const asked = [...liar.request.asked, question];
  await sendPaul({ ...liar.request, asked }, asked);
}

// Adds the numbers from "Select from" to "to" to Paul's selection (n = 1024 is not 1024 clicks).
function selectRange() {
  if (!liar.answer) return;
  const n = liar.answer.charged.length;
  const range = checked($("liar-status"), () => {
    const from = wholeNumber("liar-from", "Select from", 1, n);
    return [from, wholeNumber("liar-to", "to", from, n)];
  });
  if (range === null) return;
  for (let x = range[0]; x <= range[1]; x++) liar.selection.add(x);
  drawPaul();
}

// ---------- The person as Carole ----------

function caroleStatus(a) {
  const asked = a.rounds.length;
  return a.verdict === "found" ? `Your number is ${a.number} (found in ${asked} questions).` :
    a.verdict === "inconsistent" ? `No number from 1 to ${a.n} fits these answers with at most ${a.lies} lies.` :
    a.verdict === "undecided" ? "Several numbers are left and no question is." :
    `Question ${asked + 1} (at most ${a.questions}${a.certified ? ", the fewest possible" : ""}): is your number in {${a.next_text}}?`;
}

function drawCarole() {
  const a = carole.answer;
  const status = $("carole-status");
  status.classList.remove("error");
  status.dataset.verdict = a.verdict;
  status.textContent = caroleStatus(a);
  if (a.verdict === "found") status.dataset.number = String(a.number);
  drawVolume("carole-volume", a);
  drawLegend("carole-legend", a.lies);
  const asking = a.verdict === "asking";
  $("carole-yes").disabled = !asking;
  $("carole-no").disabled = !asking;
  $("carole-undo").disabled = a.rounds.length === 0;
  $("carole-redo").disabled = carole.request.answers.length >= carole.line.length;
  drawMoveList($("carole-history"), carole.line, carole.request.answers.length,
    (i, r) => `Answer ${i + 1}: ${r}`, caroleGoTo, 1);
  saveHash();
  const inside = new Set(a.next || []);
  const box = $("carole-numbers");
  box.textContent = "";
  a.charged.forEach((c, i) => {
    const b = document.createElement("span");
    b.id = "cnum-" + (i + 1);
    b.textContent = String(i + 1) + chargeMarks(c, a.lies);
    b.setAttribute("aria-label", chargeLabel(i + 1, c, a.lies) + (inside.has(i + 1) ? ", in the question" : ""));
    b.className = chargeClass(c, a.lies, inside.has(i + 1));
    box.appendChild(b);
  });
  const log = $("carole-log");
  log.textContent = "";
  for (const r of a.rounds) {
    const li = document.createElement("li");
    li.textContent = `Is it in {${r.text}}? You: ${r.answer}. Volume ${r.volume} vs ${r.bound}.`;
    log.appendChild(li);
  }
}

function sendCarole(request, line) {
  return send({
    path: "/api/liar/carole",
    body: request,
    status: $("carole-status"),
    show: (a) => {
      carole.request = request;
      if (line) carole.line = line;
      carole.answer = a;
      drawCarole();
    },
  });
}

export async function newCarole() {
  const request = checked($("carole-status"), () => ({
    n: wholeNumber("carole-n", "n", 1, MAX_N),
    lies: wholeNumber("carole-lies", "The lies", 0, MAX_LIES),
    answers: [],
  }));
  if (request !== null) await sendCarole(request, []);
}

// Carole's game of the address, else a new one of the fields.
export async function restoreCarole() {
  const h = fromHash("carole", "answers");
  if (h === null || !(await sendCarole(h.request, h.line))) await newCarole();
}

// Carole's game after the first `k` answers of the line.
function caroleGoTo(k) {
  if (!carole.request || k < 0 || k > carole.line.length) return;
  return sendCarole({ ...carole.request, answers: carole.line.slice(0, k) });
}

async function answer(reply) {
  if (!carole.answer || carole.answer.verdict !== "asking") return;
  const answers = [...carole.request.answers, reply];
  await sendCarole({ ...carole.request, answers }, answers);
}

export function wire() {
  onSubmit($("liar-setup"));
  onSubmit($("liar-range-form"), selectRange);
  onSubmit($("carole-setup"));
  $("liar-new").addEventListener("click", newPaul);
  $("liar-ask").addEventListener("click", ask);
  $("liar-clear").addEventListener("click", () => { liar.selection.clear(); drawPaul(); });
  $("carole-new").addEventListener("click", newCarole);
  $("carole-yes").addEventListener("click", () => answer("yes"));
  $("carole-no").addEventListener("click", () => answer("no"));
  $("carole-undo").addEventListener("click", () => caroleGoTo(carole.request.answers.length - 1));
  $("carole-redo").addEventListener("click", () => caroleGoTo(carole.request.answers.length + 1));
  $("liar-undo").addEventListener("click", () => paulGoTo(liar.request.asked.length - 1));
  $("liar-redo").addEventListener("click", () => paulGoTo(liar.request.asked.length + 1));
}
