// The bidding page: a discrete bidding game against the optimal bidder over /api/bidding/
// (view, bid, move). The page keeps the state the server returns and sends it back.
import { drawMoveList, readHash, writeHash } from "./movelist.js";
import { $, api, checked, onSubmit, send, wholeNumber } from "./shared.js";

// The page's game, exported for the browser tests: the view shown; `line`: every view of the
// game with the sentence of the round that led to it (none for the first), those undone
// included; `at`: the index of the view shown.
export const bidding = { view: null, busy: false, line: [], at: 0 };

// The most chips in all (both sides together) the server takes: under the advantage the
// thresholds are exact for any total up to MAX_CHIPS; the other tie rules are searched, for
// totals up to MAX_SEARCH_CHIPS, and Connect 3 on 4×4 (88,528 positions, the server's bound
// on the bids weighed) up to MAX_CONNECT_SEARCH_CHIPS.
const MAX_CHIPS = 1000;
const MAX_SEARCH_CHIPS = 64;
const MAX_CONNECT_SEARCH_CHIPS = 32;
const maxTotal = () => ($("bid-rule").value === "advantage" ? MAX_CHIPS
  : $("bid-game").value === "connect:4x4:3" ? MAX_CONNECT_SEARCH_CHIPS : MAX_SEARCH_CHIPS);

function setupState() {
  const most = maxTotal();
  const alice = wholeNumber("bid-alice", "Alice's chips", 0, most);
  const bob = wholeNumber("bid-bob", "Bob's chips", 0, most);
  if (alice + bob > most) {
    throw new Error(`Alice's and Bob's chips must add up to at most ${most} in this game under this tie rule ` +
      `(not ${alice + bob}).`);
  }
  return {
    game: $("bid-game").value,
    position: null,
    alice,
    bob,
    tie: $("bid-tie").value,
    tie_rule: $("bid-rule").value,
    user: $("bid-user").value,
    to_move: null,
    may_pass: false,
  };
}

// Sends `body` to `path` unless a request is out; the answer's view is the page's, after the
// view shown in the line (`log` says the round in a sentence), or the first of a new line
// when `log` is null.
async function call(path, body, log) {
  if (bidding.busy) return;
  bidding.busy = true;
  const status = $("bid-status");
  status.classList.remove("error");
  await send({
    path,
    body,
    status,
    show: (a) => {
      const v = a.view || a;
      const entry = { view: v, text: log ? log(a) : null };
      bidding.line = log ? [...bidding.line.slice(0, bidding.at + 1), entry] : [entry];
      bidding.at = bidding.line.length - 1;
      bidding.view = v;
      draw();
    },
  });
  bidding.busy = false;
}

// A new game; the game shown (and its log) stays until it is answered.
export function newGame() {
  const state = checked($("bid-status"), setupState);
  if (state === null) return Promise.resolve();
  return call("/api/bidding/view", { state }, null);
}

// The game of the address (every round of its line and the view shown: a reload, a shared
// link), else a new game of the fields. Each state is viewed again by the server, which checks
// it; a line that cannot be read is dropped for a new game.
export async function restore() {
  const { page, params } = readHash();
  if (page === "bidding" && params.has("line")) {
    bidding.busy = true;
    try {
      const saved = JSON.parse(params.get("line"));
      const views = await Promise.all(saved.map((e) => api("/api/bidding/view", { state: e.state })));
      bidding.line = views.map((v, i) => ({ view: v, text: i === 0 ? null : String(saved[i].text) }));
      const at = Number(params.get("at"));
      bidding.at = Number.isInteger(at) && at >= 0 && at < views.length ? at : views.length - 1;
      bidding.view = bidding.line[bidding.at].view;
    } catch (e) {
      bidding.line = [];
      bidding.view = null;
    }
    bidding.busy = false;
    if (bidding.view !== null) draw();
  }
  if (bidding.view === null) await newGame();
}

// Shows the view `k` of the line again (undo, redo, a round of the list).
function goTo(k) {
  if (bidding.busy || k < 0 || k >= bidding.line.length) return;
  bidding.at = k;
  bidding.view = bidding.line[k].view;
  draw();
}

// The rounds up to the view shown, each a button back to the view after it; the state in the
// address.
function drawHistory() {
  const rounds = bidding.line.slice(1).map((e) => e.text);
  drawMoveList($("bid-log"), rounds, bidding.at, (i, t) => `Round ${i + 1}: ${t}`, goTo, 1);
  $("bid-undo").disabled = bidding.at === 0;
  $("bid-redo").disabled = bidding.at >= bidding.line.length - 1;
  saveHash();
}

// The whole line in the address: each view's state and the sentence of its round, and the
// index of the view shown.
export function saveHash() {
  if (!bidding.view) return;
  const line = bidding.line.map((e) => ({ state: e.view.state, text: e.text }));
  writeHash("bidding", new URLSearchParams({ line: JSON.stringify(line), at: String(bidding.at) }));
}

const tieText = (bid) => (bid.use_tie ? " (using the advantage on a tie)" : "");

function submit() {
  const v = bidding.view;
  if (!v || bidding.busy) return;
  const chips = checked($("bid-status"), () => wholeNumber("bid-chips", "Your bid", 0, v.max_bid));
  if (chips === null) return;
  // The advantage is sent only where it can be used (its box is disabled otherwise).
  const useTie = !$("bid-use-tie").disabled && $("bid-use-tie").checked;
  const bid = { chips, use_tie: useTie };
  return call("/api/bidding/bid", { state: v.state, bid }, (a) => {
    const r = a.round;
    // Whether a bid would use the advantage is said only where the bids tied.
    const tie = (b) => (r.tied ? tieText(b) : "");
    let t = "You bid " + r.user_bid.chips + tie(r.user_bid) +
      ", duel bid " + r.opponent_bid.chips + tie(r.opponent_bid) +
      ": " + (r.winner === a.view.state.user ? "you win" : "duel wins") + " the bid" +
      (r.tied ? " on the tie" : "") + " and pays " + r.paid + ".";
    if (r.opponent_moves.length) t += " duel " + movesText(v, r.opponent_moves) + ".";
    return t;
  });
}

// A move from position `from` to `to` as the rounds say it: on a board the cell taken (its
// row from the top and its column; Connect-K's column), elsewhere the position reached.
function moveText(v, from, to) {
  if (!v.board || from === null) return "moves to " + to;
  const a = from.replace(/\//g, ""), b = to.replace(/\//g, "");
  const width = from.split("/")[0].length;
  const i = [...b].findIndex((c, k) => c !== a[k]);
  if (i < 0) return "moves to " + to;
  if (/^connect/.test(v.state.game)) return `takes column ${(i % width) + 1}`;
  return `takes row ${Math.floor(i / width) + 1}, column ${(i % width) + 1}`;
}

// The moves of `moves`, one after the other from the position of `v`.
function movesText(v, moves) {
  let at = v.position;
  return moves.map((m) => {
    const t = moveText(v, at, m);
    at = m;
    return t;
  }).join(", then ");
}

function move(body) {
  const v = bidding.view;
  return call("/api/bidding/move", Object.assign({ state: v.state }, body), (a) =>
    body.pass ? "You make duel move: it " + movesText(v, a.opponent_moves) + "."
      : "You " + moveText(v, v.position, body.move).replace(/^takes/, "take").replace(/^moves/, "move") + ".");
}

function cellsOf(position) {
  return position.split("/").map((row) => row.split(""));
}

// Whether ties go by the advantage (rather than another rule of the appendix).
const byAdvantage = (s) => !s.tie_rule || s.tie_rule === "advantage";

function drawChips(v) {
  const s = v.state;
  const you = s.user;
  const other = you === "alice" ? "bob" : "alice";
  const chipsOf = (p) => s[p] + (s.tie === p ? "*" : "");
  $("bid-chips-line").textContent = "Chips — you (" + you + "): " + chipsOf(you) + ", duel (" + other + "): " +
    chipsOf(other) + ". Total " + v.total + "; * marks " + (byAdvantage(s) ? "the tie-breaking advantage"
      : "who wins the next tie (" + s.tie_rule + ")") + ".";
}

function statusText(v) {
  const s = v.state;
  if (v.outcome) return v.outcome === "draw" ? "Draw." : v.outcome === s.user ? "You win!" : "duel wins.";
  if (s.to_move) return s.may_pass ? "You won the bid: move (or make duel move)." : "duel makes you move.";
  return "Bid (0 to " + v.max_bid + "): your bid is sealed before duel's is computed.";
}

// The threshold against the chips, who wins with perfect play, the critical bid, the best move.
function drawAdvice(v) {
  $("bid-threshold").textContent = v.user_threshold !== null ? v.user_threshold
    : v.outcome ? "—" : "none (chip counts are not ordered under this rule)";
  $("bid-your-chips").textContent = v.user_chips;
  $("bid-verdict").textContent = v.perfect_play;
  $("bid-critical").textContent = v.critical_bid === null ? "—"
    : v.critical_bid + (v.critical_use_tie ? " and use the advantage on a tie" : "") + " (" + v.critical_bidder + "'s)";
  // On a board the best move is the cell marked ★ (drawGrid); elsewhere its position.
  const best = v.best_move === null ? "—" : v.board ? "the cell marked \u2605" : v.best_move;
  $("bid-best").textContent = best + (v.best_is_pass ? " (better still: make duel move)" : "");
}

function drawControls(v) {
  const s = v.state;
  $("bid-chips").max = String(v.max_bid);
  $("bid-use-tie").disabled = !byAdvantage(s) || s.tie !== s.user;
  if ($("bid-use-tie").disabled) $("bid-use-tie").checked = false;
  const biddingNow = !v.outcome && !s.to_move;
  $("bid-submit").disabled = !biddingNow;
  $("bid-pass").style.display = s.to_move && s.may_pass && !v.outcome ? "" : "none";
}

// A board game's cells, the open ones a move.
function drawGrid(v, area) {
  const rows = cellsOf(v.position);
  // The cell the best move (when the user wins the bid) takes.
  const best = v.best_move === null ? null : v.best_move.replace(/\//g, "");
  const width = rows[0].length;
  // Hex is a rhombus: each row half a cell to the right of the one above, Alice's sides (top
  // and bottom) and Bob's (left and right) drawn in their colours and said in words.
  const hex = /^hex:/.test(v.state.game);
  const grid = document.createElement("div");
  grid.className = hex ? "bid-grid hex" : "bid-grid";
  if (hex) {
    const note = document.createElement("p");
    note.id = "bid-hex-sides";
    note.className = "small";
    note.textContent = "Alice (A) joins the top and bottom rows (red edges); Bob (B) joins the left and right sides (blue edges).";
    area.appendChild(note);
  } else {
    grid.style.gridTemplateColumns = "repeat(" + width + ", max-content)";
  }
  let row = null;
  rows.flat().forEach((c, i) => {
    if (hex && i % width === 0) {
      row = document.createElement("div");
      row.className = "hex-row";
      row.style.marginLeft = (i / width) * 1.6 + "em";
      grid.appendChild(row);
    }
    const b = document.createElement("button");
    b.type = "button";
    b.id = "bid-cell-" + i;
    b.className = "bid-cell " + (c === "A" ? "alice" : c === "B" ? "bob" : "");
    b.textContent = c === "A" ? "A" : c === "B" ? "B" : "";
    b.setAttribute("aria-label", `Row ${Math.floor(i / width) + 1} column ${(i % width) + 1}, ` +
      (c === "A" ? "Alice's" : c === "B" ? "Bob's" : "empty"));
    const target = v.user_moves.find((m) => m.replace(/\//g, "")[i] !== c);
    if (best !== null && best[i] !== c) {
      b.classList.add("best");
      b.textContent = "\u2605";
      b.setAttribute("aria-label", b.getAttribute("aria-label") + ", the best move");
    }
    if (target) {
      b.classList.add("open");
      b.addEventListener("click", () => move({ move: target }));
    } else {
      b.disabled = true;
    }
    (hex ? row : grid).appendChild(b);
  });
  area.appendChild(grid);
}

// Another game's position, and a button for each move.
function drawMoves(v, area) {
  const p = document.createElement("p");
  p.textContent = "Position: " + v.position;
  area.appendChild(p);
  for (const [i, m] of [...new Set(v.user_moves)].entries()) {
    const b = document.createElement("button");
    b.type = "button";
    b.id = "bid-move-" + i;
    b.textContent = "move to " + m;
    b.addEventListener("click", () => move({ move: m }));
    area.appendChild(b);
  }
}

function draw() {
  const v = bidding.view;
  drawChips(v);
  $("bid-status").textContent = statusText(v);
  drawAdvice(v);
  drawControls(v);
  const area = $("bid-board");
  area.textContent = "";
  if (v.board) drawGrid(v, area);
  else drawMoves(v, area);
  drawHistory();
}

export function wire() {
  onSubmit($("bid-setup"));
  // Enter in the bid bids.
  onSubmit($("bid-form"), submit);
  $("bid-new").addEventListener("click", newGame);
  $("bid-undo").addEventListener("click", () => goTo(bidding.at - 1));
  $("bid-redo").addEventListener("click", () => goTo(bidding.at + 1));
  // Under ladies first Alice wins every tie.
  const showMax = () => { for (const id of ["bid-alice", "bid-bob"]) $(id).max = String(maxTotal()); };
  $("bid-game").addEventListener("change", showMax);
  $("bid-rule").addEventListener("change", () => {
    showMax();
    const lf = $("bid-rule").value === "ladies-first";
    if (lf) $("bid-tie").value = "alice";
    $("bid-tie").disabled = lf;
  });
  $("bid-submit").addEventListener("click", submit);
  $("bid-pass").addEventListener("click", () => move({ pass: true }));
}
