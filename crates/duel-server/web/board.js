// The Connect-K and tic-tac-toe page: the person against an agent (/api/play/turn), with on
// demand the solver's value of each move (/api/play/values) and, under Connect Four rules,
// the exact score of each column (/api/connect/scores).
import { focusedKey, keyboardGrid, refocus } from "./keys.js";
import { drawMoveList, readHash, writeHash } from "./movelist.js";
import { $, api, checked, el, onSubmit, pending, send, wholeNumber } from "./shared.js";

// The page's game, exported for the browser tests. `setup`: the game and the person's side,
// taken from the controls when a game starts (changing them mid-game waits for the next);
// `line`: every move of the game, those undone included (for redo); `moves`: the first of
// them, up to the position shown; `scores`: the answer of /api/connect/scores for the
// position shown, or null while it is computed; only for Connect Four rules (connect:WxH:4).
export const board = {
  setup: null, line: [], moves: [], answer: null, values: null, scores: null, busy: false,
};

// The side to move after `k` moves (the players alternate, the first moves first).
const sideAfter = (k) => (k % 2 === 0 ? "first" : "second");
// Whether the position shown is one back in the line (browsing, duel does not reply).
const browsing = () => board.moves.length < board.line.length;
const exactRules = (game) => /^connect:\d+x\d+:4$/.test(game);

// The budget of each kind of agent: the solver's is a time limit (it proves what it can
// within it, else plays MCTS's best found and the answer says `unproven`), the others' a
// number of iterations. Each keeps the value last typed for it.
const BUDGETS = {
  solver: { label: "Time limit (ms)", max: 10000, value: "2000", field: "millis" },
  search: { label: "Budget (iterations)", max: 10000000, value: "100000", field: "iterations" },
};
const budgetKind = () => ($("board-agent").value === "solver" ? "solver" : "search");
let shownBudget = "solver";

function showBudget() {
  BUDGETS[shownBudget].value = $("board-budget").value;
  shownBudget = budgetKind();
  const b = BUDGETS[shownBudget];
  $("board-budget-label").textContent = b.label;
  $("board-budget").max = String(b.max);
  $("board-budget").value = b.value;
}

// The request of the game so far, or an Error saying what to correct in the budget.
function turnRequest() {
  const b = BUDGETS[budgetKind()];
  const n = wholeNumber("board-budget", b.label, 1, b.max);
  return {
    game: board.setup.game,
    moves: board.moves.join(","),
    agent: $("board-agent").value,
    // Back in the line the person takes the side to move, so that duel shows the position
    // without replying.
    human: browsing() ? sideAfter(board.moves.length) : board.setup.human,
    iterations: b.field === "iterations" ? n : null,
    millis: b.field === "millis" ? n : null,
    seed: 0,
  };
}

// Sends the game: duel's reply, then the values and scores asked for.
export async function turn() {
  board.busy = true;
  const status = $("board-status");
  const body = checked(status, turnRequest);
  if (body === null) {
    board.busy = false;
    return false;
  }
  pending(status, "duel is thinking…");
  const ok = await send({ path: "/api/play/turn", body, status, show: showTurn });
  board.busy = false;
  return ok;
}

// Shows the answer `a` and the values asked for; nothing changes unless all arrive.
async function showTurn(a) {
  const moves = a.agent_move ? [...board.moves, a.agent_move.notation] : board.moves.slice();
  const position = moves.join(",");
  const wanted = $("board-scores").checked && a.outcome === null;
  const values = wanted ? await api("/api/play/values", { game: a.game, moves: position }) : null;
  board.moves = moves;
  if (a.agent_move) board.line = moves.slice();
  board.answer = a;
  board.values = values;
  board.scores = null;
  draw();
  board.busy = false;
  // The exact scores follow the win/draw/loss (they may take seconds); the answer is kept
  // only while the position is still the one shown.
  if (wanted && exactRules(a.game)) {
    const s = await api("/api/connect/scores", { game: a.game, moves: position });
    if (board.answer === a && board.moves.join(",") === position) {
      board.scores = s;
      draw();
    }
  }
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
  } else if (!s.exact && s.scores.every((x) => x === null)) {
    note.textContent = "Exact scores: not yet \u2014 " + s.reason +
      "; win/draw/loss shown. They appear later in the game.";
  } else if (!s.exact) {
    note.textContent = "Exact scores, as Pons's solver gives them, for you (to move), where found: " +
      "+n wins with your n-th-to-last stone, 0 draws, \u2212n loses; " + s.reason +
      ", so win/draw/loss is shown there.";
  } else {
    note.textContent = "Exact scores, as Pons's solver gives them, for you (to move): " +
      "+n: playing there wins with your n-th-to-last stone (the larger, the sooner); " +
      "0: a draw; \u2212n: you lose, to duel's n-th-to-last stone. Best: column " +
      s.best.join(", ") + ".";
  }
  note.dataset.exact = s !== null && s.exact ? "1" : "0";
  note.dataset.solved = s === null ? "0" : String(s.scores.filter((x) => x !== null).length);
  area.appendChild(note);
}

function statusText(a) {
  if (browsing()) {
    const k = board.moves.length, n = board.line.length;
    return `Move ${k} of ${n}. ` + (personToMove(a) ? "A move here starts a new line; Redo goes on."
      : "duel is to move here: Redo or pick a later move.");
  }
  if (a.outcome === "draw") return "Draw.";
  if (a.winner === "human") return "You win!";
  if (a.winner === "agent") return "duel wins.";
  const mark = a.to_move === "first" ? "X" : "O";
  const unproven = a.unproven ? " duel proved no move in time and played the best it found." : "";
  return "Your move (" + mark + ")." + unproven;
}

function moveAt(a, row, col) {
  if (a.game === "tictactoe") return String(row * 3 + col + 1);
  return String(col + 1);
}

// The geometry of the board drawn: cells of `size` pixels below a strip of `top` for the
// values of the columns.
function layout(a) {
  const rows = a.board.length, cols = rows ? a.board[0].length : 0;
  const ttt = a.game === "tictactoe";
  return { rows, cols, ttt, size: ttt ? 90 : 64, top: 24 };
}

function drawTicTacToeCell(svg, a, values, { size }, r, c, x, y) {
  const cx = x + size / 2, cy = y + size / 2;
  const mark = a.board[r][c];
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
}

function drawCells(svg, a, values, g) {
  const { rows, cols, ttt, size, top } = g;
  if (!ttt) el("rect", { class: "cell", x: 4, y: top, width: cols * size, height: rows * size, rx: 10 }, svg);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = 4 + c * size, y = top + r * size, cx = x + size / 2, cy = y + size / 2;
      const mark = a.board[r][c];
      if (ttt) {
        drawTicTacToeCell(svg, a, values, g, r, c, x, y);
      } else {
        el("circle", { class: mark === "X" ? "X" : mark === "O" ? "O" : "hole", cx: cx, cy: cy, r: size / 2 - 6 }, svg);
        // The first player's discs carry a ring: the colour is not the only cue.
        if (mark === "X") el("circle", { class: "ring", cx: cx, cy: cy, r: size / 4 }, svg);
      }
      if (a.last && a.last[0] === r && a.last[1] === c) {
        el("circle", { class: "last", id: "board-last", cx: cx, cy: cy, r: size / 2 - 3 }, svg);
      }
    }
  }
}

// Above each column of Connect-K, its value, or its exact score once known (all columns, or
// those solved within the server's limit).
function drawColumnValues(svg, values, { cols, size }) {
  const exact = board.scores ? board.scores.scores : null;
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

function drawLine(svg, a, { size, top }) {
  if (a.line.length <= 1) return;
  const p = (cell) => [4 + cell[1] * size + size / 2, top + cell[0] * size + size / 2];
  const [x1, y1] = p(a.line[0]), [x2, y2] = p(a.line[a.line.length - 1]);
  el("line", { class: "line", id: "board-line", x1: x1, y1: y1, x2: x2, y2: y2 }, svg);
}

const MARK_NAMES = { X: "X", O: "O", ".": "empty" };

// What a target says to a screen reader: the cell and its mark, or the column and whether it
// is full; and the value shown there, if any.
function targetLabel(a, values, r, c, ttt) {
  const mv = moveAt(a, r, c);
  const value = values[mv] ? ": " + values[mv] : "";
  if (ttt) return `Cell ${mv}, row ${r + 1} column ${c + 1}, ${MARK_NAMES[a.board[r][c]]}${value}`;
  return `Column ${mv}${a.legal.includes(mv) ? "" : ", full"}${value}`;
}

// Targets for the mouse and the keyboard: a cell in tic-tac-toe, a column in Connect-K;
// gridcells of the board's grid, in one row of the grid for each row of targets.
function drawTargets(svg, a, values, { rows, cols, ttt, size, top }) {
  const targets = [], moves = [], labels = [];
  for (let r = 0; r < (ttt ? rows : 1); r++) {
    const row = el("g", { role: "row" }, svg);
    for (let c = 0; c < cols; c++) {
      const mv = moveAt(a, r, c);
      const target = el("rect", {
        class: "click", "data-move": mv, "data-key": mv,
        x: 4 + c * size, y: ttt ? top + r * size : top, width: size, height: ttt ? size : rows * size,
      }, row);
      target.addEventListener("click", () => play(mv));
      targets.push(target);
      moves.push(mv);
      labels.push(targetLabel(a, values, r, c, ttt));
    }
  }
  keyboardGrid(targets, () => cols, (i) => labels[i], (i) => play(moves[i]), "gridcell");
}

function draw() {
  const a = board.answer;
  const area = $("board-area");
  const focused = focusedKey(area);
  area.textContent = "";
  $("board-status").textContent = statusText(a);
  $("board-status").dataset.outcome = a.outcome || "";
  $("board-status").dataset.winner = a.winner || "";
  $("board-status").dataset.unproven = a.unproven ? "1" : "";
  drawMoveList($("board-movelist"), board.line, board.moves.length, moveName, goTo);
  $("board-undo").disabled = board.moves.length === 0;
  $("board-redo").disabled = !browsing();
  saveHash();
  const g = layout(a);
  const w = g.cols * g.size + 8, h = g.rows * g.size + g.top + 8;
  // Scaled to the width it is given (a phone's), never wider than drawn.
  const svg = el("svg", {
    id: "board-svg", viewBox: `0 0 ${w} ${h}`, width: w, class: "board",
    role: "grid", "aria-label": (g.ttt ? "Tic-tac-toe board" : "Board, one cell a column") +
      "; arrow keys move, Enter plays" + (g.ttt ? "" : ", or type the column's digit"),
  }, area);
  const values = {};
  if (board.values) for (const m of board.values.moves) values[m.move] = m.value;
  drawCells(svg, a, values, g);
  if (!g.ttt) drawColumnValues(svg, values, g);
  drawLine(svg, a, g);
  drawTargets(svg, a, values, g);
  drawScoreNote(a, area);
  refocus(area, focused);
}

// Whether the position shown waits for the person's move.
const personToMove = (a) => a !== null && a.outcome === null && a.to_move === board.setup.human;

// What move `i` of the list says to a screen reader.
function moveName(i, mv) {
  const who = sideAfter(i) === board.setup.human ? "you" : "duel";
  const where = board.setup.game === "tictactoe" ? "cell " + mv : "column " + mv;
  return `Move ${i + 1}, ${who}: ${where}`;
}

// The game in the address: its setup, its line and, back in the line, the moves shown.
function saveHash() {
  if (!board.setup) return;
  const p = new URLSearchParams({ game: board.setup.game, side: board.setup.human, moves: board.line.join(",") });
  if (browsing()) p.set("at", String(board.moves.length));
  writeHash("board", p);
}
export { saveHash };

// The person plays `mv` when it is their turn (never duel's, even after a failed turn); back
// in the line the move starts a new one. A turn that fails takes the move back.
async function play(mv) {
  const a = board.answer;
  if (board.busy || !personToMove(a) || !a.legal.includes(mv)) return;
  const before = { moves: board.moves, line: board.line };
  board.moves = [...board.moves, mv];
  board.line = board.moves.slice();
  if (!(await turn())) Object.assign(board, before);
}

// Shows the position after the first `k` moves of the line; it stays as it was if that fails.
async function goTo(k) {
  if (board.busy || k < 0 || k > board.line.length) return;
  const before = board.moves;
  board.moves = board.line.slice(0, k);
  if (!(await turn())) board.moves = before;
}

// Starts the game of the controls (or `setup`) from the line `moves`, showing the first `at`
// of them (all by default); the game shown is replaced only when the server answers, else it
// stays as it was. Whether it was replaced.
export async function start(moves, setup, at) {
  if (board.busy) return false;
  const before = { setup: board.setup, moves: board.moves, line: board.line };
  board.setup = setup || { game: $("board-game").value, human: $("board-human").value };
  board.line = moves.slice();
  board.moves = moves.slice(0, at === undefined ? moves.length : at);
  const ok = await turn();
  if (!ok) Object.assign(board, before);
  return ok;
}

export const newGame = () => start([]);

// The game of the address (a reload, a shared link), else a new game of the controls.
export async function restore() {
  const { page, params } = readHash();
  const game = params.get("game"), side = params.get("side");
  const known = (id, v) => [...$(id).options].some((o) => o.value === v);
  if (page !== "board" || !known("board-game", game) || !known("board-human", side)) return newGame();
  $("board-game").value = game;
  $("board-human").value = side;
  const line = params.get("moves") ? params.get("moves").split(",") : [];
  const at = params.has("at") ? Math.min(Number(params.get("at")) || 0, line.length) : undefined;
  if (await start(line, { game, human: side }, at)) return true;
  return newGame();
}

// Back to the person's previous turn: the agent's reply and the person's move.
function undo() {
  const human = board.setup.human === "first" ? 0 : 1;
  let k = board.moves.length;
  do {
    k--;
  } while (k > 0 && k % 2 !== human);
  return goTo(Math.max(k, 0));
}

// On to the person's next turn in the line, or its end.
function redo() {
  const human = board.setup.human === "first" ? 0 : 1;
  let k = board.moves.length + 1;
  while (k < board.line.length && k % 2 !== human) k++;
  return goTo(Math.min(k, board.line.length));
}

export function wire() {
  // Enter in the budget applies it from the next turn.
  onSubmit($("board-setup"));
  $("board-new").addEventListener("click", newGame);
  $("board-undo").addEventListener("click", undo);
  $("board-redo").addEventListener("click", redo);
  $("board-scores").addEventListener("change", turn);
  $("board-agent").addEventListener("change", showBudget);
  // A digit plays that column (Connect-K) or cell (tic-tac-toe, 1-9 in reading order), but
  // not while a field takes the digit.
  $("page-board").addEventListener("keydown", (e) => {
    if (!/^[1-9]$/.test(e.key) || e.target.closest("input, select")) return;
    e.preventDefault();
    play(e.key);
  });
}
