// "Photograph my sheet" (Voll verplant on paper): the phone sends a photo of the finished
// sheet, the server reads it (as `scorepad vv scan` does) and answers every cell with where
// it is on the photo; the page draws what was read over the photo, a tap on a cell changes
// it, and "confirm" sends the sheet; the table's scores and winner then show on every phone.
import { $, el, lang } from "./common.js";

const WORDS = {
  en: { title: "Photograph my sheet", name: "Whose sheet?", take: "Take or choose a photo of the finished sheet",
        reading: "Reading the photo…", check: "Check what was read: tap a cell to change it. Red cells are in doubt.",
        confirm: "Confirm my sheet", scores: "Scores of the sheets photographed", winner: "Winner",
        player: "Player", total: "Total", rank: "Rank", changed: "changed to be possible", done: "Sheet confirmed." },
  de: { title: "Meinen Bogen fotografieren", name: "Wessen Bogen?", take: "Foto des fertigen Bogens aufnehmen oder wählen",
        reading: "Foto wird gelesen…", check: "Prüfe das Gelesene: tippe ein Feld an, um es zu ändern. Rote Felder sind unsicher.",
        confirm: "Bogen bestätigen", scores: "Punkte der fotografierten Bögen", winner: "Sieger",
        player: "Spieler", total: "Summe", rank: "Rang", changed: "geändert, damit es möglich ist", done: "Bogen bestätigt." },
  fr: { title: "Photographier ma feuille", name: "La feuille de qui ?", take: "Prendre ou choisir une photo de la feuille finie",
        reading: "Lecture de la photo…", check: "Vérifiez la lecture : touchez une case pour la changer. Les cases rouges sont incertaines.",
        confirm: "Confirmer ma feuille", scores: "Points des feuilles photographiées", winner: "Gagnant",
        player: "Joueur", total: "Total", rank: "Rang", changed: "modifié pour être possible", done: "Feuille confirmée." },
};
const w = (key) => (WORDS[lang] || WORDS.en)[key];
const SYMBOL = { empty: "", cross: "✗", number: "#", blank: "", ticked: "✓", filled: "■" };

const gameId = decodeURIComponent(location.pathname.split("/").pop());
const token = new URLSearchParams(location.search).get("t") || "";
const api = (what, extra = "") =>
  `/api/games/${encodeURIComponent(gameId)}${what}?t=${encodeURIComponent(token)}${extra}`;

let reading = null;      // the server's answer for the last photo
let values = {};         // cell → value, as the player corrected it

async function json(response) {
  try { return await response.json(); } catch { return { error: `HTTP ${response.status}` }; }
}

async function start() {
  const response = await reach(api(""));
  if (!response.ok) return;
  const state = await response.json();
  if (!state.game.scan || state.you.watch && state.game.players.length) return;
  document.head.append(el("link", { rel: "stylesheet", href: "/static/scan.css" }));
  const mine = state.you.player;
  const nameInput = el("input", { id: "scan-name", type: "text", maxlength: "40", autocomplete: "off" });
  if (!mine && state.game.players.length) {
    nameInput.setAttribute("list", "scan-players");
  }
  const file = el("input", { id: "scan-file", type: "file", accept: "image/*", capture: "environment" });
  const section = el("section", { id: "scansec", class: "scan" },
    mine ? "" : el("label", { for: "scan-name", text: w("name") }), mine ? "" : nameInput,
    el("label", { for: "scan-file", class: "scan-take", text: w("take") }), file,
    el("p", { id: "scan-status", class: "status", "aria-live": "polite" }),
    el("p", { id: "scan-error", class: "error", role: "alert", hidden: "" }),
    el("div", { id: "scan-view", class: "scan-view", hidden: "" }),
    el("button", { id: "scan-confirm", type: "button", class: "primary", hidden: "", text: w("confirm") }),
    el("div", { id: "scan-scores" }));
  // a menu below the board, never above the card: it opens by itself once the game is
  // over, a photo is on its way or the table has scores of photographed sheets
  const menu = el("details", { id: "scanmenu", class: "scan-menu" }, el("summary", { text: w("title") }), section);
  $("joinsec").before(menu);
  document.addEventListener("scorepad:state", (e) => { if (e.detail.over || e.detail.ended) openMenu(); });
  if (state.over || state.ended) openMenu();
  file.addEventListener("change", () => { openMenu(); if (file.files[0]) send(file.files[0], mine || nameInput.value.trim()); });
  $("scan-confirm").addEventListener("click", () => confirm(mine || nameInput.value.trim()));
  refreshScores();
  setInterval(refreshScores, 5000);
}

let opened = false;
function openMenu() { // once: the player may close it again
  if (!opened && $("scanmenu")) { opened = true; $("scanmenu").open = true; }
}

function showError(message) {
  $("scan-error").textContent = message;
  $("scan-error").hidden = !message;
}

async function send(photo, name) {
  showError("");
  $("scan-status").textContent = w("reading");
  const response = await reach(api("/scan", `&name=${encodeURIComponent(name)}`),
    { method: "POST", body: photo, headers: { "Content-Type": photo.type || "application/octet-stream" } });
  const body = await json(response);
  $("scan-status").textContent = "";
  if (!response.ok) { showError(body.error); return; }
  reading = body;
  values = Object.fromEntries(body.cells.map((c) => [c.cell, c.value]));
  const url = await new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);  // a data: URL (the page allows no blob:)
    reader.readAsDataURL(photo);
  });
  draw(url);
}

function draw(url) {
  // the photo at a size where the cells can be told apart and tapped; the view scrolls
  const view = $("scan-view");
  const img = el("img", { src: url, alt: w("title") });
  const zoom = el("div", { class: "scan-zoom" }, img);
  view.replaceChildren(zoom);
  view.hidden = false;
  $("scan-status").textContent = w("check") + (reading.changed.length ? ` (${reading.changed.length} ${w("changed")})` : "");
  const place = () => {
    const scale = img.clientWidth / reading.photo[0];
    for (const marker of zoom.querySelectorAll(".cell")) marker.remove();
    for (const c of reading.cells) {
      const b = el("button", { type: "button", class: `cell v-${values[c.cell]}${c.uncertain ? " doubt" : ""}`,
                               "data-cell": c.cell, "aria-label": `${c.cell}: ${values[c.cell]}`,
                               text: SYMBOL[values[c.cell]] ?? "" });
      b.style.left = `${c.x * scale}px`;
      b.style.top = `${c.y * scale}px`;
      b.addEventListener("click", () => {
        const options = c.options;
        values[c.cell] = options[(options.indexOf(values[c.cell]) + 1) % options.length];
        b.className = `cell v-${values[c.cell]} changed`;
        b.textContent = SYMBOL[values[c.cell]] ?? "";
        b.setAttribute("aria-label", `${c.cell}: ${values[c.cell]}`);
      });
      zoom.append(b);
    }
  };
  const centre = () => {  // open on the middle of the sheet, not the table around it
    const scale = img.clientWidth / reading.photo[0];
    const xs = reading.cells.map((c) => c.x * scale), ys = reading.cells.map((c) => c.y * scale);
    view.scrollLeft = (Math.min(...xs) + Math.max(...xs)) / 2 - view.clientWidth / 2;
    view.scrollTop = (Math.min(...ys) + Math.max(...ys)) / 2 - view.clientHeight / 2;
  };
  if (img.complete) { place(); centre(); } else img.addEventListener("load", () => { place(); centre(); });
  window.addEventListener("resize", place);
  $("scan-confirm").hidden = false;
}

async function confirm(name) {
  showError("");
  const changed = Object.fromEntries(Object.entries(values).filter(([k, v]) =>
    reading.cells.find((c) => c.cell === k).value !== v));
  const response = await reach(api("/scan/confirm", `&name=${encodeURIComponent(name)}`),
    { method: "POST", body: JSON.stringify({ values: changed }), headers: { "Content-Type": "application/json" } });
  const body = await json(response);
  if (!response.ok) { showError(body.error); return; }
  $("scan-status").textContent = w("done");
  $("scan-view").hidden = true;
  $("scan-confirm").hidden = true;
  showScores(body);
}

async function refreshScores() {
  try {  // the server may be restarting: the next poll tries again
    const response = await fetch(api("/scan/scores"));
    if (response.ok) showScores(await response.json());
  } catch { /* offline for now */ }
}

// fetch that answers a lost connection like a refused request, with an error to show
async function reach(path, options) {
  try { return await fetch(path, options); } catch {
    return new Response(JSON.stringify({ error: "offline" }), { status: 503 });
  }
}

function showScores(result) {
  const root = $("scan-scores");
  if (!result.players || !result.players.length) { root.replaceChildren(); return; }
  openMenu();
  const rows = [...result.players].sort((a, b) => a.rank - b.rank).map((p) =>
    el("tr", {}, el("td", { text: String(p.rank) }), el("td", { text: p.name }), el("td", { text: String(p.total) })));
  root.replaceChildren(
    el("h3", { text: w("scores") }),
    el("table", { class: "score", id: "scan-table" },
      el("tr", {}, el("th", { text: w("rank") }), el("th", { text: w("player") }), el("th", { text: w("total") })), ...rows),
    el("p", { id: "scan-winner", text: `${w("winner")}: ${result.winners.join(", ")}` }));
}

start();
