// The liar game with the person as Carole: she thinks of a number and answers duel's
// questions, lying at most e times; duel asks the fewest questions that always find it.
// The page keeps the setup and her answers and sends them with each request (docs/api.md).
"use strict";

const carole = { request: null, answer: null };

function caroleDraw() {
  const a = carole.answer;
  const status = $("carole-status");
  status.classList.remove("error");
  status.dataset.verdict = a.verdict;
  const asked = a.rounds.length;
  status.textContent =
    a.verdict === "found" ? `Your number is ${a.number} (found in ${asked} questions).` :
    a.verdict === "inconsistent" ? `No number from 1 to ${a.n} fits these answers with at most ${a.lies} lies.` :
    a.verdict === "undecided" ? "Several numbers are left and no question is." :
    `Question ${asked + 1} (at most ${a.questions}${a.certified ? ", the fewest possible" : ""}): is your number in {${a.next_text}}?`;
  if (a.verdict === "found") status.dataset.number = String(a.number);
  const v = $("carole-volume");
  v.dataset.volume = a.volume;
  v.dataset.bound = a.bound;
  v.textContent = `Berlekamp volume ${a.volume} vs 2^${a.questions_left} = ${a.bound}; numbers by lies charged: ${a.counts.join(", ")}`;
  const asking = a.verdict === "asking";
  $("carole-yes").disabled = !asking;
  $("carole-no").disabled = !asking;
  $("carole-undo").disabled = asked === 0;
  const inside = new Set(a.next || []);
  const box = $("carole-numbers");
  box.textContent = "";
  a.charged.forEach((c, i) => {
    const b = document.createElement("span");
    b.id = "cnum-" + (i + 1);
    b.textContent = String(i + 1);
    b.className = (c > a.lies ? "out" : c > 0 ? "lie" + c : "") + (inside.has(i + 1) ? " selected" : "");
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

async function caroleSend() {
  try {
    carole.answer = await api("/api/liar/carole", carole.request);
    caroleDraw();
  } catch (e) {
    if (carole.request.answers.length) carole.request.answers.pop();
    $("carole-status").textContent = e.message;
    $("carole-status").classList.add("error");
  }
}

async function caroleNew() {
  carole.request = {
    n: parseInt($("carole-n").value, 10) || 100,
    lies: parseInt($("carole-lies").value, 10) || 0,
    answers: [],
  };
  await caroleSend();
}

async function caroleAnswer(answer) {
  if (!carole.answer || carole.answer.verdict !== "asking") return;
  carole.request.answers.push(answer);
  await caroleSend();
}

async function caroleUndo() {
  if (!carole.request || carole.request.answers.length === 0) return;
  carole.request.answers.pop();
  await caroleSend();
}

async function caroleInit() {
  $("carole-new").addEventListener("click", caroleNew);
  $("carole-yes").addEventListener("click", () => caroleAnswer("yes"));
  $("carole-no").addEventListener("click", () => caroleAnswer("no"));
  $("carole-undo").addEventListener("click", caroleUndo);
  await caroleNew();
  document.body.dataset.caroleReady = "1";
}

caroleInit();
