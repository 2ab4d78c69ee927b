// duel's web app: plain JavaScript over the JSON API (docs/api.md). The pages keep the game
// (setup and moves) and send all of it with each request; the server answers what to show.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

async function api(path, body) {
  const r = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await r.json();
  if (!r.ok) throw new Error(data.error || r.statusText);
  return data;
}

function showPage(name) {
  for (const p of document.querySelectorAll(".page")) p.classList.toggle("active", p.id === "page-" + name);
  for (const t of document.querySelectorAll(".tab")) t.classList.toggle("active", t.dataset.page === name);
  location.hash = name;
}

// ---------- Connect-K and tic-tac-toe ----------

// `scores`: the answer of /api/connect/scores for the position shown, or null while it is
// computed; only for Connect Four rules (connect:WxH:4).
const board = { moves: [], answer: null, values: null, scores: null, busy: false };
const exactRules = (game) => /^connect:\d+x\d+:4$/.test(game);

function boardRequest() {
  const it = parseInt($("board-iterations").value, 10);
  return {
    game: $("board-game").value,
    moves: board.moves.join(","),
    agent: $("board-agent").value,
    human: $("board-human").value,
    iterations: Number.isFinite(it) ? it : null,
    millis: null,
    seed: 0,
  };
}

async function boardTurn() {
  board.busy = true;
  $("board-status").textContent = "duel is thinking…";
  $("board-status").classList.remove("error");
  try {
    const a = await api("/api/play/turn", boardRequest());
    if (a.agent_move) board.moves.push(a.agent_move.notation);
    board.answer = a;
    board.values = null;
    board.scores = null;
    const position = board.moves.join(",");
    const wanted = $("board-scores").checked && a.outcome === null;
    if (wanted) board.values = await api("/api/play/values", { game: a.game, moves: position });
    drawBoard();
    board.busy = false;
    // The exact scores follow the win/draw/loss (they may take seconds); the answer is kept
    // only while the position is still the one shown.
    if (wanted && exactRules(a.game)) {
      const s = await api("/api/connect/scores", { game: a.game, moves: position });
      if (board.answer === a && board.moves.join(",") === position) {
        board.scores = s;
        drawBoard();
      }
    }
  } catch (e) {
    $("board-status").textContent = e.message;
    $("board-status").classList.add("error");
  }
  board.busy = false;
}

// A score as Pons's solver writes it: +n, 0 or −n.
const scoreText = (n) => (n > 0 ? "+" + n : n < 0 ? "\u2212" + -n : "0");

function drawScoreNote(a, area) {
  if (!$("board-scores").checked || a.outcome !== null || !exactRules(a.game)) return;
  const note = document.createElement("p");
  note.id = "board-score-note";
  note.className = "small";
  const s = board.scores;
  if (s === null) {
    note.textContent = "Exact scores: computing\u2026 (win/draw/loss shown meanwhile)";
  } else if (!s.exact) {
    note.textContent = "Exact scores: not yet \u2014 " + s.reason +
      "; win/draw/loss shown. They appear later in the game.";
  } else {
    note.textContent = "Exact scores, as Pons's solver gives them, for you (to move): " +
      "+n: playing there wins with your n-th-to-last stone (the larger, the sooner); " +
      "0: a draw; \u2212n: you lose, to duel's n-th-to-last stone. Best: column " +
      s.best.join(", ") + ".";
  }
  note.dataset.exact = s !== null && s.exact ? "1" : "0";
  area.appendChild(note);
}

function boardStatus(a) {
  if (a.outcome === "draw") return "Draw.";
  if (a.winner === "human") return "You win!";
  if (a.winner === "agent") return "duel wins.";
  const mark = a.to_move === "first" ? "X" : "O";
  return "Your move (" + mark + ").";
}

function moveAt(a, row, col) {
  if (a.game === "tictactoe") return String(row * 3 + col + 1);
  return String(col + 1);
}

function drawBoard() {
  const a = board.answer;
  const area = $("board-area");
  area.textContent = "";
  $("board-status").textContent = boardStatus(a);
  $("board-status").dataset.outcome = a.outcome || "";
  $("board-status").dataset.winner = a.winner || "";
  $("board-moves").textContent = "Moves: " + (board.moves.join(" ") || "none");
  const rows = a.board.length, cols = rows ? a.board[0].length : 0;
  const ttt = a.game === "tictactoe";
  const size = ttt ? 90 : 64, top = 24;
  const svg = el("svg", { id: "board-svg", width: cols * size + 8, height: rows * size + top + 8 }, area);
  const values = {};
  if (board.values) for (const m of board.values.moves) values[m.move] = m.value;
  if (!ttt) el("rect", { class: "cell", x: 4, y: top, width: cols * size, height: rows * size, rx: 10 }, svg);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = 4 + c * size, y = top + r * size, cx = x + size / 2, cy = y + size / 2;
      const mark = a.board[r][c];
      if (ttt) {
        el("rect", { class: "ttt-bg", x: x, y: y, width: size, height: size }, svg);
        if (mark === "X") {
          el("path", { class: "mark-X", d: `M${x + 20} ${y + 20} L${x + size - 20} ${y + size - 20} M${x + size - 20} ${y + 20} L${x + 20} ${y + size - 20}` }, svg);
        } else if (mark === "O") {
          el("circle", { class: "mark-O", cx: cx, cy: cy, r: size / 2 - 20 }, svg);
        } else if (values[moveAt(a, r, c)]) {
          const v = values[moveAt(a, r, c)];
          const t = el("text", { class: "value " + v, x: cx, y: cy + 5, "data-move": moveAt(a, r, c) }, svg);
          t.textContent = v;
        }
      } else {
        el("circle", { class: mark === "X" ? "X" : mark === "O" ? "O" : "hole", cx: cx, cy: cy, r: size / 2 - 6 }, svg);
      }
      if (a.last && a.last[0] === r && a.last[1] === c) {
        el("circle", { class: "last", id: "board-last", cx: cx, cy: cy, r: size / 2 - 3 }, svg);
      }
    }
  }
  if (!ttt) {
    const exact = board.scores && board.scores.exact ? board.scores.scores : null;
    for (let c = 0; c < cols; c++) {
      const v = values[String(c + 1)];
      if (!v) continue;
      const t = el("text", { class: "value " + v, x: 4 + c * size + size / 2, y: 17, "data-move": String(c + 1) }, svg);
      t.textContent = v;
      if (exact && exact[c] !== null) {
        t.textContent = scoreText(exact[c]);
        t.dataset.score = String(exact[c]);
      }
    }
  }
  if (a.line.length > 1) {
    const p = (cell) => [4 + cell[1] * size + size / 2, top + cell[0] * size + size / 2];
    const [x1, y1] = p(a.line[0]), [x2, y2] = p(a.line[a.line.length - 1]);
    el("line", { class: "line", id: "board-line", x1: x1, y1: y1, x2: x2, y2: y2 }, svg);
  }
  // Click targets: a cell in tic-tac-toe, a column in Connect-K.
  for (let c = 0; c < cols; c++) {
    for (let r = 0; r < (ttt ? rows : 1); r++) {
      const mv = moveAt(a, r, c);
      const target = el("rect", {
        class: "click", "data-move": mv,
        x: 4 + c * size, y: ttt ? top + r * size : top, width: size, height: ttt ? size : rows * size,
      }, svg);
      target.addEventListener("click", () => playMove(mv));
    }
  }
  drawScoreNote(a, area);
}

async function playMove(mv) {
  const a = board.answer;
  if (board.busy || !a || a.outcome !== null || !a.legal.includes(mv)) return;
  board.moves.push(mv);
  await boardTurn();
}

async function boardNew() {
  board.moves = [];
  await boardTurn();
}

async function boardUndo() {
  if (board.busy) return;
  // Back to the person's previous turn: the agent's reply and the person's move.
  const human = $("board-human").value === "first" ? 0 : 1;
  do {
    board.moves.pop();
  } while (board.moves.length > 0 && board.moves.length % 2 !== human);
  await boardTurn();
}

// ---------- Guess Who ----------

const HAIR = { black: "#222", brown: "#7a4a21", blond: "#e8c55a", red: "#c4471c", white: "#ddd" };
const SKIN = { light: "#f6d7bd", tan: "#e0b48a", brown: "#a86b42", dark: "#6b4026" };
const EYES = { brown: "#5a3310", blue: "#2d6fd6", green: "#2f8f3a" };
const gw = { request: null, answer: null, selection: new Map(), hint: [] };

function drawFace(g, f, x, y) {
  const cx = x + 40, cy = y + 42;
  const hair = HAIR[f.hair];
  if (f.long_hair) el("rect", { x: cx - 26, y: cy - 20, width: 52, height: 46, rx: 12, fill: hair }, g);
  el("ellipse", { cx: cx, cy: cy, rx: 22, ry: 26, fill: SKIN[f.skin] }, g);
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
  for (const dx of [-8, 8]) el("circle", { cx: cx + dx, cy: cy - 3, r: 3, fill: EYES[f.eyes] }, g);
  if (f.glasses) {
    for (const dx of [-8, 8]) el("circle", { cx: cx + dx, cy: cy - 3, r: 6.5, fill: "none", stroke: "#111", "stroke-width": 1.5 }, g);
    el("line", { x1: cx - 1.5, y1: cy - 3, x2: cx + 1.5, y2: cy - 3, stroke: "#111", "stroke-width": 1.5 }, g);
  }
  if (f.beard) el("path", { d: `M${cx - 18} ${cy + 8} Q${cx} ${cy + 40} ${cx + 18} ${cy + 8} Q${cx} ${cy + 20} ${cx - 18} ${cy + 8}`, fill: hair }, g);
  const mouth = f.smiling ? `M${cx - 8} ${cy + 11} Q${cx} ${cy + 18} ${cx + 8} ${cy + 11}` : `M${cx - 7} ${cy + 13} L${cx + 7} ${cy + 13}`;
  el("path", { d: mouth, stroke: "#802020", "stroke-width": 2, fill: "none" }, g);
  const t = el("text", { class: "name", x: cx, y: y + 96 }, g);
  t.textContent = f.name;
}

function frac(p) {
  const [n, d] = p.split("/").map(Number);
  return d ? `${p} ≈ ${(n / d).toFixed(4)}` : p;
}

function describeTurn(t, a) {
  const who = t.by === "human" ? "You" : "duel";
  const sizes = t.move === "guess" ? "guess" : t.move.split.join("+");
  let what;
  if (t.guess) {
    const name = a.faces[t.guess[0]].name;
    what = `${who} guessed ${name}: ${t.guess[1] ? "right" : "wrong"}`;
  } else {
    const q = t.feature ? `“${t.feature}?”` : `one of ${t.parts.length} sets`;
    what = `${who} asked ${q} (split ${sizes}); answer: ${t.feature ? (t.answer === 0 ? "yes" : "no") : "set " + "ABC"[t.answer]}`;
  }
  const optimal = t.optimal.map((m) => (m === "guess" ? "guess" : m.split.join("+"))).join(", ");
  return `${what}. P(win) before ${t.p_before}, the move keeps ${t.p_move}, after the answer ${t.p_after}` +
    ` (position ${t.position[0]} vs ${t.position[1]}; optimal: ${optimal})${t.was_optimal ? "" : " — not optimal"}`;
}

function drawGuessWho() {
  const a = gw.answer;
  const status = $("gw-status");
  status.classList.remove("error");
  status.dataset.winner = a.winner || "";
  status.textContent = a.winner === "human" ? "You win!" : a.winner === "duel" ? "duel wins." :
    `Your turn: ${a.candidates.length} candidates left to you, ${a.opponent_candidates.length} to duel.`;
  const p = $("gw-probability");
  p.dataset.p = a.p;
  p.textContent = `Your probability of winning with optimal play: ${frac(a.p)}`;
  const area = $("gw-board");
  area.textContent = "";
  const per = 8, n = a.faces.length;
  const svg = el("svg", { id: "gw-svg", width: per * 84, height: Math.ceil(n / per) * 104 }, area);
  const alive = new Set(a.candidates);
  for (const f of a.faces) {
    const x = (f.id % per) * 84, y = Math.floor(f.id / per) * 104;
    const g = el("g", { class: alive.has(f.id) ? "face" : "face out", "data-id": f.id, id: "face-" + f.id }, svg);
    const sel = gw.selection.get(f.id);
    const cls = "card" + (sel === 0 ? " selA" : sel === 1 ? " selB" : "") + (gw.hint.includes(f.id) ? " hint" : "");
    el("rect", { class: cls, x: x + 2, y: y + 2, width: 80, height: 100, rx: 6 }, g);
    drawFace(g, f, x + 2, y + 2);
    g.addEventListener("click", () => toggleFace(f.id));
  }
  const secret = $("gw-secret");
  secret.textContent = "";
  const s = el("svg", { width: 84, height: 104 }, secret);
  drawFace(el("g", {}, s), a.faces[a.secret], 2, 2);
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
  $("gw-part").disabled = a.questions !== 3;
}

async function gwSend() {
  try {
    gw.answer = await api("/api/guesswho/play", gw.request);
    gw.selection.clear();
    gw.hint = [];
    $("gw-hint-text").textContent = "";
    drawGuessWho();
  } catch (e) {
    gw.request.actions.pop();
    $("gw-status").textContent = e.message;
    $("gw-status").classList.add("error");
  }
}

function toggleFace(id) {
  const part = gw.answer && gw.answer.questions === 3 ? parseInt($("gw-part").value, 10) : 0;
  if (gw.selection.get(id) === part) gw.selection.delete(id);
  else gw.selection.set(id, part);
  drawGuessWho();
}

async function gwAct(action) {
  if (!gw.answer || gw.answer.winner) return;
  gw.request.actions.push(action);
  await gwSend();
}

function gwAsk() {
  const parts = [[], []];
  for (const [id, part] of gw.selection) parts[part].push(id);
  gwAct({ ask: { parts: parts.filter((p) => p.length > 0) } });
}

function gwGuess() {
  const ids = [...gw.selection.keys()];
  if (ids.length !== 1) {
    $("gw-status").textContent = "Select exactly one face to guess.";
    return;
  }
  gwAct({ guess: { id: ids[0] } });
}

function gwHint() {
  const a = gw.answer;
  if (!a || a.winner) return;
  const moves = a.hint.map((m) => (m === "guess" ? "guess" : "split " + m.split.join("+"))).join(", ");
  $("gw-hint-text").textContent = `Optimal moves: ${moves}. The marked faces are one optimal question.`;
  gw.hint = a.hint_parts.length ? a.hint_parts[0] : [];
  drawGuessWho();
}

async function gwNew() {
  const opp = parseInt($("gw-opponent-pool").value, 10) || 24;
  const seed = parseInt($("gw-seed").value, 10) || 0;
  gw.request = {
    rules: $("gw-rules").value,
    questions: parseInt($("gw-questions").value, 10),
    pool: parseInt($("gw-pool").value, 10) || 24,
    opponent_pool: opp,
    seed: seed,
    secret: (seed * 7 + 3) % Math.max(opp, 1),
    human_first: $("gw-first").value === "human",
    actions: [],
  };
  gw.answer = null;
  await gwSend();
}

// ---------- Liar game, the person as Paul ----------

const liar = { request: null, answer: null, selection: new Set() };

function drawLiar() {
  const a = liar.answer;
  const status = $("liar-status");
  status.classList.remove("error");
  status.dataset.verdict = a.verdict;
  status.textContent = a.verdict === "paul" ? "You win: one number is left." :
    a.verdict === "carole" ? (a.questions_left === 0 ? "duel wins: more than one number is left." :
      "duel wins: the volume is above 2^q, no strategy can find the number now.") :
    `${a.questions_left} questions left: the volume bound does not rule you out.`;
  const v = $("liar-volume");
  v.dataset.volume = a.volume;
  v.dataset.bound = a.bound;
  v.textContent = `Berlekamp volume ${a.volume} vs 2^${a.questions_left} = ${a.bound}; numbers by lies charged: ${a.counts.join(", ")}`;
  const box = $("liar-numbers");
  box.textContent = "";
  a.charged.forEach((c, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.id = "num-" + (i + 1);
    b.textContent = String(i + 1);
    b.className = (c > a.lies ? "out" : c > 0 ? "lie" + c : "") + (liar.selection.has(i + 1) ? " selected" : "");
    b.addEventListener("click", () => {
      if (liar.selection.has(i + 1)) liar.selection.delete(i + 1); else liar.selection.add(i + 1);
      drawLiar();
    });
    box.appendChild(b);
  });
  const log = $("liar-log");
  log.textContent = "";
  for (const r of a.rounds) {
    const li = document.createElement("li");
    li.textContent = `Is it in {${r.question.join(", ")}}? duel: ${r.answer}. Volume ${r.volume} vs ${r.bound}.`;
    li.dataset.volume = r.volume;
    log.appendChild(li);
  }
}

async function liarSend() {
  try {
    liar.answer = await api("/api/liar/paul", liar.request);
    liar.selection.clear();
    drawLiar();
  } catch (e) {
    if (liar.request.asked.length) liar.request.asked.pop();
    $("liar-status").textContent = e.message;
    $("liar-status").classList.add("error");
  }
}

async function liarNew() {
  liar.request = {
    n: parseInt($("liar-n").value, 10) || 16,
    lies: parseInt($("liar-lies").value, 10) || 0,
    questions: parseInt($("liar-questions").value, 10) || 1,
    asked: [],
  };
  await liarSend();
}

async function liarAsk() {
  if (!liar.answer || liar.answer.questions_left === 0) return;
  liar.request.asked.push([...liar.selection].sort((x, y) => x - y));
  await liarSend();
}

// ---------- Explorer: Guess Who heatmaps ----------

function moveText(m) {
  return m === "guess" ? "guess" : m.split.join("+");
}

async function exDraw() {
  const info = $("ex-info");
  try {
    const h = await api("/api/guesswho/heatmap", {
      max: parseInt($("ex-max").value, 10) || 32,
      rules: $("ex-rules").value,
      questions: parseInt($("ex-questions").value, 10),
    });
    const area = $("ex-map");
    area.textContent = "";
    const size = Math.max(8, Math.floor(640 / h.max)), left = 30, top = 10;
    const svg = el("svg", { id: "ex-svg", width: left + h.max * size + 10, height: top + h.max * size + 30 }, area);
    h.cells.forEach((row, i) => row.forEach((c, j) => {
      if (!c) return;
      // Blue (0) to red (1), through white (1/2).
      const t = c.p_float, r = Math.round(255 * Math.min(1, 2 * t)), b = Math.round(255 * Math.min(1, 2 - 2 * t));
      const g = Math.round(255 * (1 - Math.abs(2 * t - 1)));
      const cell = el("rect", {
        x: left + j * size, y: top + (h.max - 1 - i) * size, width: size, height: size,
        fill: `rgb(${r},${g},${b})`, "data-n": i + 1, "data-m": j + 1, "data-p": c.p, class: "ex-cell",
      }, svg);
      const text = `P(${i + 1}, ${j + 1}) = ${c.p} ≈ ${c.p_float.toFixed(4)}; optimal: ` +
        c.best.map(moveText).join(", ") + (c.best_count > c.best.length ? ` … (${c.best_count} in all)` : "");
      el("title", {}, cell).textContent = text;
      cell.addEventListener("mouseenter", () => { info.textContent = text; info.dataset.p = c.p; });
    }));
    const lx = el("text", { x: left + (h.max * size) / 2, y: top + h.max * size + 22, "text-anchor": "middle" }, svg);
    lx.textContent = "m (opponent's candidates) →";
    const ly = el("text", { x: 12, y: top + (h.max * size) / 2, transform: `rotate(-90 12 ${top + (h.max * size) / 2})`, "text-anchor": "middle" }, svg);
    ly.textContent = "n (yours) →";
    info.classList.remove("error");
  } catch (e) {
    info.textContent = e.message;
    info.classList.add("error");
  }
}

async function init() {
  for (const t of document.querySelectorAll(".tab")) t.addEventListener("click", () => showPage(t.dataset.page));
  $("board-new").addEventListener("click", boardNew);
  $("board-undo").addEventListener("click", boardUndo);
  $("board-scores").addEventListener("change", boardTurn);
  $("gw-new").addEventListener("click", gwNew);
  $("gw-ask").addEventListener("click", gwAsk);
  $("gw-ask-feature").addEventListener("click", () => gwAct({ feature: { feature: $("gw-feature").value } }));
  $("gw-guess").addEventListener("click", gwGuess);
  $("gw-hint").addEventListener("click", gwHint);
  $("gw-clear").addEventListener("click", () => { gw.selection.clear(); gw.hint = []; drawGuessWho(); });
  const f = await (await fetch("/api/guesswho/features")).json();
  for (const name of f.features) {
    const o = document.createElement("option");
    o.value = name;
    o.textContent = name + "?";
    $("gw-feature").appendChild(o);
  }
  $("liar-new").addEventListener("click", liarNew);
  $("ex-draw").addEventListener("click", exDraw);
  $("liar-ask").addEventListener("click", liarAsk);
  $("liar-clear").addEventListener("click", () => { liar.selection.clear(); drawLiar(); });
  const page = location.hash.slice(1);
  showPage(["guesswho", "liar", "bidding", "explorer"].includes(page) ? page : "board");
  await boardNew();
  await gwNew();
  await liarNew();
  await exDraw();
  document.body.dataset.ready = "1";
}

init();
