// The bidding page and the explorer's chip tables: plain JavaScript over /api/bidding/ (docs/api.md).
// Uses `$` and `api` from app.js. The page keeps the state the server returns and sends it back.
"use strict";

const bidding = { view: null, busy: false };

function bidSetupState() {
  return {
    game: $("bid-game").value,
    position: null,
    alice: parseInt($("bid-alice").value, 10),
    bob: parseInt($("bid-bob").value, 10),
    tie: $("bid-tie").value,
    tie_rule: $("bid-rule").value,
    user: $("bid-user").value,
    to_move: null,
    may_pass: false,
  };
}

function bidError(e) {
  $("bid-status").textContent = e.message;
  $("bid-status").classList.add("error");
}

async function bidCall(path, body, log) {
  if (bidding.busy) return;
  bidding.busy = true;
  $("bid-status").classList.remove("error");
  try {
    const a = await api(path, body);
    const v = a.view || a;
    if (log) log(a);
    bidding.view = v;
    drawBidding();
  } catch (e) {
    bidError(e);
  }
  bidding.busy = false;
}

function bidNew() {
  $("bid-log").textContent = "";
  return bidCall("/api/bidding/view", { state: bidSetupState() });
}

function bidLog(text) {
  const li = document.createElement("li");
  li.textContent = text;
  $("bid-log").appendChild(li);
}

function bidSubmit() {
  const v = bidding.view;
  if (!v) return;
  const chips = parseInt($("bid-chips").value, 10);
  const bid = { chips: Number.isFinite(chips) ? chips : -1, use_tie: $("bid-use-tie").checked };
  return bidCall("/api/bidding/bid", { state: v.state, bid }, (a) => {
    const r = a.round;
    let t = "You bid " + r.user_bid.chips + (r.user_bid.use_tie ? " (using the advantage on a tie)" : "") +
      ", duel bid " + r.opponent_bid.chips + (r.opponent_bid.use_tie ? " (using the advantage on a tie)" : "") +
      ": " + (r.winner === a.view.state.user ? "you win" : "duel wins") + " the bid" +
      (r.tied ? " on the tie" : "") + " and pays " + r.paid + ".";
    if (r.opponent_moves.length) t += " duel moves to " + r.opponent_moves.join(", ") + ".";
    bidLog(t);
  });
}

function bidMove(body) {
  const v = bidding.view;
  return bidCall("/api/bidding/move", Object.assign({ state: v.state }, body), (a) => {
    bidLog(body.pass ? "You make duel move: it moves to " + a.opponent_moves.join(", ") + "."
      : "You move to " + body.move + ".");
  });
}

function cellsOf(position) {
  return position.split("/").map((row) => row.split(""));
}

function drawBidding() {
  const v = bidding.view;
  const s = v.state;
  const you = s.user;
  const other = you === "alice" ? "bob" : "alice";
  const chipsOf = (p) => s[p] + (s.tie === p ? "*" : "");
  const advantage = !s.tie_rule || s.tie_rule === "advantage";
  $("bid-chips-line").textContent = "Chips — you (" + you + "): " + chipsOf(you) + ", duel (" + other + "): " +
    chipsOf(other) + ". Total " + v.total + "; * marks " + (advantage ? "the tie-breaking advantage"
      : "who wins the next tie (" + s.tie_rule + ")") + ".";
  if (v.outcome) {
    const end = v.outcome === "draw" ? "Draw." : v.outcome === you ? "You win!" : "duel wins.";
    $("bid-status").textContent = end;
  } else if (s.to_move) {
    $("bid-status").textContent = s.may_pass ? "You won the bid: move (or make duel move)." : "duel makes you move.";
  } else {
    $("bid-status").textContent = "Bid (0 to " + v.max_bid + "): your bid is sealed before duel's is computed.";
  }
  $("bid-threshold").textContent = v.user_threshold !== null ? v.user_threshold
    : v.outcome ? "—" : "none (chip counts are not ordered under this rule)";
  $("bid-your-chips").textContent = v.user_chips;
  $("bid-verdict").textContent = v.perfect_play;
  $("bid-critical").textContent = v.critical_bid === null ? "—"
    : v.critical_bid + (v.critical_use_tie ? " and use the advantage on a tie" : "") + " (" + v.critical_bidder + "'s)";
  $("bid-best").textContent = v.best_move === null ? "—" : v.best_move + (v.best_is_pass ? " (better still: make duel move)" : "");
  $("bid-chips").max = String(v.max_bid);
  $("bid-use-tie").disabled = !advantage || s.tie !== you;
  const bidding_now = !v.outcome && !s.to_move;
  $("bid-submit").disabled = !bidding_now;
  $("bid-pass").style.display = s.to_move && s.may_pass && !v.outcome ? "" : "none";
  const area = $("bid-board");
  area.textContent = "";
  const moves = new Set(v.user_moves);
  if (v.board) {
    const rows = cellsOf(v.position);
    const grid = document.createElement("div");
    grid.className = "bid-grid";
    grid.style.gridTemplateColumns = "repeat(" + rows[0].length + ", 3em)";
    const flat = rows.flat();
    flat.forEach((c, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.id = "bid-cell-" + i;
      b.className = "bid-cell " + (c === "A" ? "alice" : c === "B" ? "bob" : "");
      b.textContent = c === "A" ? "A" : c === "B" ? "B" : "";
      const target = v.user_moves.find((m) => m.replace(/\//g, "")[i] !== c);
      if (target) {
        b.classList.add("open");
        b.addEventListener("click", () => bidMove({ move: target }));
      } else {
        b.disabled = true;
      }
      grid.appendChild(b);
    });
    area.appendChild(grid);
  } else {
    const p = document.createElement("p");
    p.textContent = "Position: " + v.position;
    area.appendChild(p);
    for (const [i, m] of [...moves].entries()) {
      const b = document.createElement("button");
      b.type = "button";
      b.id = "bid-move-" + i;
      b.textContent = "move to " + m;
      b.addEventListener("click", () => bidMove({ move: m }));
      area.appendChild(b);
    }
  }
}

// ---------- Explorer: the chip tables f(G, k) and their periods ----------

async function btDraw() {
  $("bt-info").classList.remove("error");
  $("bt-info").textContent = "computing…";
  try {
    const t = await api("/api/bidding/table", { game: $("bt-game").value, max_chips: parseInt($("bt-max").value, 10) });
    const table = $("bt-table");
    table.textContent = "";
    const head = table.insertRow();
    head.insertCell().textContent = "k";
    head.insertCell().textContent = "f(G, k)";
    t.values.forEach((f, k) => {
      const row = table.insertRow();
      row.insertCell().textContent = k;
      row.insertCell().textContent = f;
    });
    const p = t.verified_period;
    $("bt-info").textContent = t.game + ": " + (p ? "period " + p.period + ", f(k + " + p.period + ") = f(k) + " + p.shift +
      " for k ≥ " + p.offset : "no period verified within these totals") + ". " + t.notes.join(" ");
  } catch (e) {
    $("bt-info").textContent = e.message;
    $("bt-info").classList.add("error");
  }
}

async function biddingInit() {
  $("bid-new").addEventListener("click", bidNew);
  // Under ladies first Alice wins every tie.
  $("bid-rule").addEventListener("change", () => {
    const lf = $("bid-rule").value === "ladies-first";
    if (lf) $("bid-tie").value = "alice";
    $("bid-tie").disabled = lf;
  });
  $("bid-submit").addEventListener("click", bidSubmit);
  $("bid-pass").addEventListener("click", () => bidMove({ pass: true }));
  $("bt-draw").addEventListener("click", btDraw);
  await bidNew();
  await btDraw();
  document.body.dataset.biddingReady = "1";
}

biddingInit();
