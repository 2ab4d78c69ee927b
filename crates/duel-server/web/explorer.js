// The explorer page: the Guess Who heatmap of P(n, m), each square's exact value and optimal
// moves on hover (/api/guesswho/heatmap), and the bidding chip tables f(G, k) with their
// periods (/api/bidding/table).
import { $, checked, el, moveText, onSubmit, pending, send, wholeNumber } from "./shared.js";

// Blue (0) to red (1), through white (1/2).
function heatColour(t) {
  const r = Math.round(255 * Math.min(1, 2 * t)), b = Math.round(255 * Math.min(1, 2 - 2 * t));
  const g = Math.round(255 * (1 - Math.abs(2 * t - 1)));
  return `rgb(${r},${g},${b})`;
}

function drawHeatCell(svg, info, c, i, j, { max, size, left, top }) {
  const cell = el("rect", {
    id: `ex-cell-${i + 1}-${j + 1}`,
    x: left + j * size, y: top + (max - 1 - i) * size, width: size, height: size,
    fill: heatColour(c.p_float), "data-n": i + 1, "data-m": j + 1, "data-p": c.p, class: "ex-cell",
    role: "gridcell",
  }, svg);
  const text = `P(${i + 1}, ${j + 1}) = ${c.p} ≈ ${c.p_float.toFixed(4)}; optimal: ` +
    c.best.map(moveText).join(", ") + (c.best_count > c.best.length ? ` … (${c.best_count} in all)` : "");
  el("title", {}, cell).textContent = text;
  // Hover, or a tap on a phone, shows the square's value, and the square is outlined.
  const show = () => {
    info.textContent = text;
    info.dataset.p = c.p;
    const mark = svg.ownerSVGElement ? svg.ownerSVGElement.querySelector("#ex-shown") : null;
    if (mark) {
      for (const k of ["x", "y", "width", "height"]) mark.setAttribute(k, cell.getAttribute(k));
      mark.setAttribute("data-n", i + 1);
      mark.setAttribute("data-m", j + 1);
      mark.removeAttribute("visibility");
    }
  };
  cell.addEventListener("mouseenter", show);
  cell.addEventListener("click", show);
  cell.addEventListener("focus", show);
}

function drawHeatmapOf(h, info) {
  const area = $("ex-map");
  area.textContent = "";
  // The squares as large as the page's width allows (a phone's too, where a map scaled down
  // would shrink its labels past reading), at most 640 px in all and 8 px each.
  const main = document.querySelector("main");
  const pad = parseFloat(getComputedStyle(main).paddingLeft) + parseFloat(getComputedStyle(main).paddingRight);
  const room = Math.min(640, main.clientWidth - pad - 40);
  const g = { max: h.max, size: Math.max(8, Math.floor(room / h.max)), left: 30, top: 10 };
  const { size, left, top } = g;
  const w = left + h.max * size + 10, ht = top + h.max * size + 42;
  // Scaled to the width it is given (a phone's), never wider than drawn.
  const svg = el("svg", { id: "ex-svg", class: "board", viewBox: `0 0 ${w} ${ht}`, width: w }, area);
  // The squares are the gridcells of the heatmap's grid, a row of it for each n.
  h.cells.forEach((row, i) => {
    if (!row.some((c) => c)) return;
    const rowG = el("g", { role: "row" }, svg);
    row.forEach((c, j) => {
      if (c) drawHeatCell(rowG, info, c, i, j, g);
    });
  });
  // The outline of the square shown, above the squares; hidden until one is.
  el("rect", { id: "ex-shown", class: "ex-shown", x: 0, y: 0, width: size, height: size, visibility: "hidden",
    "aria-hidden": "true" }, svg);
  drawLegend(area);
  keyboardCursor(svg, h.max);
  drawTicks(svg, g);
  const lx = el("text", { x: left + (h.max * size) / 2, y: top + h.max * size + 34, "text-anchor": "middle" }, svg);
  lx.textContent = "m (opponent's candidates) →";
  const ly = el("text", { x: 12, y: top + (h.max * size) / 2, transform: `rotate(-90 12 ${top + (h.max * size) / 2})`, "text-anchor": "middle" }, svg);
  ly.textContent = "n (yours) →";
}

// The keyboard's way through the heatmap: Tab enters it at (1, 2), the arrow keys move
// (right: m + 1, up: n + 1), each square shown as on hover.
function keyboardCursor(svg, max) {
  const cells = svg.querySelectorAll("rect.ex-cell");
  for (const c of cells) c.setAttribute("tabindex", "-1");
  const first = svg.querySelector("#ex-cell-1-2");
  if (first) first.setAttribute("tabindex", "0");
  svg.setAttribute("role", "grid");
  svg.setAttribute("aria-label", "P(n, m) for n, m up to " + max + ": the arrow keys move between squares");
  svg.addEventListener("keydown", (e) => {
    const step = { ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowUp: [1, 0], ArrowDown: [-1, 0] }[e.key];
    const at = document.activeElement;
    if (!step || !at.dataset.n) return;
    e.preventDefault();
    const next = svg.querySelector(`#ex-cell-${Number(at.dataset.n) + step[0]}-${Number(at.dataset.m) + step[1]}`);
    if (next) {
      at.setAttribute("tabindex", "-1");
      next.setAttribute("tabindex", "0");
      next.focus();
    }
  });
}

// Ticks on both axes: 1 and every multiple of a step that leaves room for the labels.
function drawTicks(svg, { max, size, left, top }) {
  const step = max <= 10 ? 1 : max <= 32 ? 4 : 8;
  for (let v = 1; v <= max; v++) {
    if (v !== 1 && v % step !== 0) continue;
    const x = left + (v - 0.5) * size, y = top + (max - v + 0.5) * size;
    el("text", { class: "tick", x, y: top + max * size + 14, "text-anchor": "middle" }, svg).textContent = String(v);
    el("text", { class: "tick", x: left - 4, y: y + 4, "text-anchor": "end" }, svg).textContent = String(v);
  }
}

// The legend of the colours: P(n, m) from 0 (blue) through 1/2 (white) to 1 (red).
function drawLegend(area) {
  const svg = el("svg", { id: "ex-legend", class: "board", viewBox: "0 0 260 34", width: 260, role: "img",
    "aria-label": "Colour legend: blue is a probability of 0, white 1/2, red 1" }, area);
  for (let i = 0; i < 20; i++) {
    el("rect", { x: 10 + i * 12, y: 2, width: 12, height: 12, fill: heatColour(i / 19) }, svg);
  }
  for (const [t, text] of [[0, "0"], [0.5, "1/2"], [1, "1"]]) {
    el("text", { class: "tick", x: 10 + t * 240, y: 28, "text-anchor": "middle" }, svg).textContent = text;
  }
}

export function drawHeatmap() {
  const info = $("ex-info");
  const body = checked(info, () => ({
    max: wholeNumber("ex-max", "Up to", 2, 64),
    rules: $("ex-rules").value,
    questions: parseInt($("ex-questions").value, 10),
  }));
  if (body === null) return Promise.resolve();
  return send({
    path: "/api/guesswho/heatmap",
    body,
    status: info,
    show: (h) => drawHeatmapOf(h, info),
  });
}

function drawTableOf(t, info) {
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
  // The graph's period note says the period with its M, m and m̄: the period is said once.
  const graph = t.notes.find((n) => n.startsWith("f(k + "));
  const period = graph || (p ? "f(k + " + p.period + ") = f(k) + " + p.shift + " for k ≥ " + p.offset : null);
  info.textContent = t.game + ": " + (period ? "period " + p.period + ", " + period : "no period verified within these totals") + ".";
  // How the table was computed (its layers, the memory of its rows) is for the curious.
  const rest = t.notes.filter((n) => n !== graph);
  if (rest.length) {
    const d = document.createElement("details");
    const s = document.createElement("summary");
    s.textContent = "How it was computed";
    d.append(s, rest.join(" "));
    info.appendChild(d);
  }
}

export function drawTable() {
  const info = $("bt-info");
  const body = checked(info, () => ({ game: $("bt-game").value, max_chips: wholeNumber("bt-max", "Totals up to", 0, 64) }));
  if (body === null) return Promise.resolve();
  pending(info, "computing…");
  return send({
    path: "/api/bidding/table",
    body,
    status: info,
    show: (t) => drawTableOf(t, info),
  });
}

export function wire() {
  // Enter in "Up to" or "Totals up to" draws.
  onSubmit($("ex-setup"), drawHeatmap);
  onSubmit($("bt-setup"), drawTable);
  $("ex-draw").addEventListener("click", drawHeatmap);
  $("bt-draw").addEventListener("click", drawTable);
}
