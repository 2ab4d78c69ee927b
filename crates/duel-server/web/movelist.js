// The history of a game as a person browses it: a numbered move list whose moves show the
// position after them, and the game in the address (the hash), so that a reload or a shared
// link restores it.

// Draws in the list `list` the moves of `line` in numbered turns of `per` moves (2: turn t
// holds the first player's move 2t − 1 and the second's 2t), each a button that calls
// `pick(k)` to show the position after its k moves, the one of the position shown (`shown`
// moves) marked as current; `name(i, mv)` is what move i says to a screen reader, `text(mv)`
// what it shows (the move itself by default).
export function drawMoveList(list, line, shown, name, pick, per = 2, text = String) {
  list.textContent = "";
  for (let t = 0; per * t < line.length; t++) {
    const li = document.createElement("li");
    const number = document.createElement("span");
    number.className = "turn";
    number.textContent = t + 1 + ".";
    li.appendChild(number);
    for (let i = per * t; i < per * (t + 1); i++) {
      if (i >= line.length) break;
      const b = document.createElement("button");
      b.type = "button";
      b.className = "move" + (i === shown - 1 ? " current" : "") + (i >= shown ? " ahead" : "");
      b.id = list.id + "-" + i;
      b.textContent = text(line[i]);
      b.setAttribute("aria-label", name(i, line[i]));
      if (i === shown - 1) b.setAttribute("aria-current", "step");
      b.addEventListener("click", () => pick(i + 1));
      li.appendChild(b);
    }
    list.appendChild(li);
  }
}

// The page named by the address's hash and its parameters (`#board?game=…&moves=…`).
export function readHash() {
  const [page, query] = location.hash.slice(1).split("?");
  return { page, params: new URLSearchParams(query || "") };
}

// Puts `params` in the address as the game of `page`, if `page` is the one shown, without a
// new entry in the browser's history.
export function writeHash(page, params) {
  if (readHash().page !== page) return;
  history.replaceState(null, "", "#" + page + "?" + params.toString());
}
