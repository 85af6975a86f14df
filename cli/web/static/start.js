// The start page: choose the game, the players, the seed and the set-up; get the join links.
import { $, call, langButtons, linkItem, t } from "./common.js";

let kinds = [];
let made = null;
// The games started here, so the host can go back to them (their links are the only key).
const MINE = "scorepad-games";
const mine = () => { try { return JSON.parse(localStorage.getItem(MINE) || "[]"); } catch { return []; } };

function showMine() {
  const list = $("mine-list"); list.replaceChildren();
  for (const g of mine()) {
    const li = document.createElement("li");
    const a = document.createElement("a"); a.href = g.url; a.textContent = `${t("open")}: ${g.game} – ${g.players.join(", ") || g.seed}`;
    li.append(a); list.append(li);
  }
  $("mine-h").textContent = t("your_games");
  $("mine").hidden = !list.children.length;
}

function label() {
  $("title").textContent = t("start_title"); document.title = t("start_title");
  $("kind-l").textContent = t("game"); $("players-l").textContent = t("players");
  $("seed-l").textContent = t("seed_label"); $("rules-l").textContent = t("rules_label");
  $("create").textContent = t("create"); $("join-h").textContent = t("join");
  if ($("deal")) {
    $("deal-l").textContent = t("deal_label");
    $("deal").options[0].text = t("deal_seed"); $("deal").options[1].text = t("deal_table");
  }
  langButtons($("langs"), () => { label(); showLinks(); showMine(); });
}

function setupFields() {
  const kind = kinds.find((k) => k.id === $("kind").value);
  const root = $("setup"); root.replaceChildren();
  for (const [key, choices] of Object.entries(kind?.setup || {})) {
    if (choices.length < 2) continue; // nothing to choose
    const l = document.createElement("label"); l.htmlFor = `setup-${key}`; l.textContent = key;
    const s = document.createElement("select"); s.id = `setup-${key}`; s.dataset.key = key;
    choices.forEach((c, i) => { const o = new Option(c === null ? "–" : String(c), String(i)); s.append(o); });
    root.append(l, s);
  }
  if (kind?.scorekeeper) { // the table may deal its own cards: the server only keeps score
    const l = document.createElement("label"); l.htmlFor = "deal"; l.id = "deal-l"; l.textContent = t("deal_label");
    const s = document.createElement("select"); s.id = "deal";
    s.append(new Option(t("deal_seed"), "seed"), new Option(t("deal_table"), "table"));
    root.append(l, s);
  }
}

function showLinks() {
  if (!made) return;
  const list = $("links"); list.replaceChildren();
  const add = (title, link) => list.append(linkItem(title, link, "join"));
  add(t("host_link"), made.host);
  add(t("watch_link"), made.watch);
  for (const p of made.players) add(p.name, p);
  $("made").hidden = false;
}

$("kind").addEventListener("change", setupFields);
$("new").addEventListener("submit", async (event) => {
  event.preventDefault();
  $("error").hidden = true;
  const kind = kinds.find((k) => k.id === $("kind").value);
  let rules;
  try { rules = JSON.parse($("rules").value || "{}"); } catch { rules = null; }
  if (rules === null || typeof rules !== "object" || Array.isArray(rules)) {
    $("error").textContent = t("rules_label"); $("error").hidden = false; return;
  }
  const setup = {};
  for (const s of $("setup").querySelectorAll("select[data-key]")) setup[s.dataset.key] = kind.setup[s.dataset.key][Number(s.value)];
  const players = $("players").value.split("\n").map((s) => s.trim()).filter(Boolean);
  const deal = $("deal")?.value !== "table";
  const [ok, body] = await call("POST", "/api/games", { game: kind.id, players, seed: deal ? $("seed").value.trim() || null : null, rules, setup, deal });
  if (!ok) { $("error").textContent = body.error; $("error").hidden = false; return; }
  made = body; showLinks();
  const keep = [{ url: body.host.url, game: body.game, seed: body.seed, players }, ...mine()].slice(0, 20);
  localStorage.setItem(MINE, JSON.stringify(keep)); showMine();
});

const [ok, body] = await call("GET", "/api/kinds");
kinds = ok ? body : [];
for (const k of kinds) $("kind").append(new Option(k.id, k.id));
if (!kinds.length) { $("error").textContent = t("no_games"); $("error").hidden = false; $("create").disabled = true; }
label(); setupFields(); showMine();
