// What every served page shares: words, the caller's token, JSON calls, the screen kept awake.
// Needs flipcard.js (the global ScorepadCards: fill, pickLang) loaded before it.
const { fill, pickLang } = ScorepadCards; // a global of the classic script
export const WORDS = JSON.parse(document.getElementById("words").textContent);
const LANG_KEY = "scorepad-lang";
export let lang = pickLang(Object.keys(WORDS), localStorage.getItem(LANG_KEY));
export const t = (key, fields = {}) => fill(WORDS[lang][key] ?? key, fields);
/** @type {(id: string) => any} an element of the page, whichever kind the caller knows it is */
export const $ = (id) => document.getElementById(id);

// An element with attributes ("class", "text" for its text) and children.
export const el = (tag, attrs = {}, ...children) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v; else if (k === "text") e.textContent = v; else e.setAttribute(k, v);
  }
  e.append(...children);
  return e;
};

export function langButtons(root, onChange) {
  root.replaceChildren();
  for (const l of Object.keys(WORDS)) {
    const b = document.createElement("button");
    b.type = "button"; b.textContent = l.toUpperCase();
    b.setAttribute("aria-pressed", String(l === lang));
    b.setAttribute("aria-label", `${WORDS[l].lang}: ${l}`);
    b.addEventListener("click", () => { lang = l; localStorage.setItem(LANG_KEY, l); document.documentElement.lang = l; onChange(); });
    root.append(b);
  }
  document.documentElement.lang = lang;
}

// A JSON call; resolves to [ok, body]. Errors are shown by the caller (body.error): in
// the page's language (the kind of refusal by its status; the server's own sentence, in
// the page's language where the server has it, in body.detail). The server learns the
// page's language from Accept-Language.
export async function call(method, path, body) {
  const options = { method, headers: { "Content-Type": "application/json", "Accept-Language": lang } };
  if (body !== undefined) options.body = JSON.stringify(body);
  try {
    const response = await fetch(path, options);
    const answer = await response.json();
    if (!response.ok) {
      answer.detail = answer.error; answer.status = response.status;
      answer.error = errorText(response.status, answer.error, answer.code, answer.fields);
    }
    return [response.ok, answer];
  } catch (err) {
    return [false, { error: t("err_network") }];
  }
}

// A refusal as the page says it (text, never a tooltip): the kind in the page's words and
// the server's or engine's own sentence after it where that says more.
export const refusalText = (answer) => (answer.detail && answer.detail !== answer.error
  ? `${answer.error}: ${answer.detail}` : answer.error);

export function errorText(status, detail, code, fields) {
  if (code && WORDS[lang][`err_${code}`]) return t(`err_${code}`, fields || {}); // said in words
  if (lang === "en" && detail) return detail;
  const key = `err_${status}`;
  const kind = WORDS[lang][key] ? key : status >= 500 ? "err_503" : "err_400";
  return t(kind);
}

// Keep the screen on while a game runs (Wake Lock API where the browser has it). One
// lock at most: a request still on its way counts, so two quick calls take one lock.
let wakeLock = null;
let asking = null;
export async function keepAwake(on) {
  if (!("wakeLock" in navigator)) return;
  try {
    if (asking) await asking;
    if (on && !wakeLock && document.visibilityState === "visible") {
      asking = navigator.wakeLock.request("screen");
      const lock = await asking;
      asking = null;
      wakeLock = lock;
      lock.addEventListener("release", () => { if (wakeLock === lock) wakeLock = null; });
    } else if (!on && wakeLock) { const lock = wakeLock; wakeLock = null; await lock.release(); }
  } catch { asking = null; /* refused (battery saver, no user gesture yet): the page still works */ }
}

// One join link as a list item: who it is for, the link and its QR code.
export function linkItem(title, link, className = "") {
  const li = document.createElement("li");
  const h = document.createElement("strong"); h.textContent = title;
  // the QR code is the link too: a big target, and the phone that scans needs no tap
  const a = document.createElement("a"); a.href = link.url; a.className = className;
  const img = document.createElement("img"); img.src = link.qr; img.alt = `QR: ${title}`;
  const open = document.createElement("span"); open.textContent = t("open");
  a.append(img, open);
  li.append(h, a);
  return li;
}
