// Keyboard play of a board: its targets (cells, columns, faces) take the focus in turn with
// Tab, the arrow keys move between them as they are laid out, Enter or Space activates the
// focused one; after a redraw the focus goes back to the target of the same key.

// Makes each of `targets` (in reading order, `cols()` of them a row) a focusable `role`
// (a button, or a gridcell of a grid whose rows hold the targets) named `label(i)` and
// activated by `act(i)`; each target's `data-key` names it across redraws.
export function keyboardGrid(targets, cols, label, act, role = "button") {
  targets.forEach((t, i) => {
    t.setAttribute("tabindex", "0");
    t.setAttribute("role", role);
    t.setAttribute("aria-label", label(i));
    t.addEventListener("keydown", (e) => {
      const n = cols();
      const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -n, ArrowDown: n }[e.key];
      if (step !== undefined) {
        e.preventDefault();
        const j = i + step;
        const sameRow = Math.floor(j / n) === Math.floor(i / n);
        if (targets[j] && (Math.abs(step) === n || sameRow)) targets[j].focus();
      } else if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        act(i);
      }
    });
  });
}

// The key of the target focused inside `area`, or null.
export function focusedKey(area) {
  const f = document.activeElement;
  return f && area.contains(f) && f.dataset ? f.dataset.key || null : null;
}

// Focuses the target of `key` inside `area` again, if there is one.
export function refocus(area, key) {
  if (key === null) return;
  const t = area.querySelector(`[data-key="${key}"]`);
  if (t) t.focus();
}
