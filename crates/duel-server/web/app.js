// duel's web app over the JSON API (docs/api.md): one module a page (board.js, guesswho.js,
// liar.js, bidding.js, explorer.js), what they share in shared.js, and this one, which switches
// the tabs and starts each page. The pages keep the game (setup and moves) and send all of it
// with each request; the server answers what to show. The body's `data-ready`,
// `data-carole-ready` and `data-bidding-ready` say when the first games are shown.
import * as bidding from "./bidding.js";
import * as board from "./board.js";
import * as explorer from "./explorer.js";
import * as guesswho from "./guesswho.js";
import * as liar from "./liar.js";
import { readHash } from "./movelist.js";

const PAGES = ["board", "guesswho", "liar", "bidding", "explorer"];

function showPage(name) {
  for (const p of document.querySelectorAll(".page")) p.classList.toggle("active", p.id === "page-" + name);
  for (const t of document.querySelectorAll(".tab")) {
    const on = t.dataset.page === name;
    t.classList.toggle("active", on);
    t.setAttribute("aria-selected", on ? "true" : "false");
    t.tabIndex = on ? 0 : -1;
  }
  // The board's game stays in the address while its page is shown.
  if (readHash().page !== name) history.replaceState(null, "", "#" + name);
  if (name === "board") board.saveHash();
  if (name === "guesswho" && guesswho.gw.request) guesswho.saveHash();
  if (name === "liar") liar.saveHash();
  if (name === "bidding") bidding.saveHash();
}

// The tabs: a click or Enter shows a page; the left and right arrows move between tabs.
const tabs = [...document.querySelectorAll(".tab")];
tabs.forEach((t, i) => {
  t.addEventListener("click", () => showPage(t.dataset.page));
  t.addEventListener("keydown", (e) => {
    const step = { ArrowLeft: -1, ArrowRight: 1 }[e.key];
    if (step === undefined) return;
    const next = tabs[(i + step + tabs.length) % tabs.length];
    showPage(next.dataset.page);
    next.focus();
  });
});
for (const page of [board, guesswho, liar, bidding, explorer]) page.wire();
const features = guesswho.loadFeatures();
// Carole's game and the bidding page load beside the others.
liar.restoreCarole().then(() => { document.body.dataset.caroleReady = "1"; });
bidding.restore().then(explorer.drawTable).then(() => { document.body.dataset.biddingReady = "1"; });
await features;
const asked = readHash().page;
showPage(PAGES.includes(asked) ? asked : "board");
await board.restore();
await guesswho.restore();
await liar.restorePaul();
await explorer.drawHeatmap();
document.body.dataset.ready = "1";
