// What the pages share: the element of an id, SVG elements, the API's requests, and the cycle
// of each request (send, show the answer, or take the action back and say why).

const SVG = "http://www.w3.org/2000/svg";

export const $ = (id) => document.getElementById(id);

// An SVG element `name` with `attrs`, appended to `parent` when given.
export function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// POSTs `body` as JSON to `path`: the answer, or an Error with the API's `{"error"}`.
export async function api(path, body) {
  const r = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await r.json();
  if (!r.ok) throw new Error(data.error || r.statusText);
  return data;
}

// GETs `path`: its JSON answer.
export async function get(path) {
  return (await fetch(path)).json();
}

// `status` says `text` while a request is out.
export function pending(status, text) {
  status.textContent = text;
  status.classList.remove("error");
}

// `status` says why a request failed, as an error.
export function failed(status, e) {
  status.textContent = e.message;
  status.classList.add("error");
}

// One request: sends `body` to `path` and shows the answer with `show` (which may ask more);
// when the API refuses, or `show` fails, `undo` (if given) takes back the action sent and
// `status` says why. Whether the answer was shown.
export async function send({ path, body, status, show, undo }) {
  try {
    const answer = await api(path, body);
    status.classList.remove("error");
    await show(answer);
    return true;
  } catch (e) {
    if (undo) undo();
    failed(status, e);
    return false;
  }
}

// Enter in `form` runs `action` (if given) instead of sending the form, which would reload the
// page and lose the game.
export function onSubmit(form, action) {
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    if (action) action();
  });
}

// The whole number in the field `id`: an Error saying what `label` must be when it is not one
// from `min` to `max` (never a number silently put in its place).
export function wholeNumber(id, label, min, max) {
  const text = $(id).value.trim();
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max) {
    throw new Error(`${label} must be a whole number from ${min} to ${max}` +
      (text === "" ? "." : ` (not ${text}).`));
  }
  return n;
}

// The request `build` makes from the fields, or null after `status` says what to correct.
export function checked(status, build) {
  try {
    return build();
  } catch (e) {
    failed(status, e);
    return null;
  }
}

// A Guess Who move as the pages write it: "guess", or the sizes of a split ("12+12").
export const moveText = (m) => (m === "guess" ? "guess" : m.split.join("+"));
