// The start page: choose the game, the players, the seed and the set-up; get the join links.
import { $, WORDS, call, el, lang, langButtons, linkItem, t } from "./common.js";

let kinds = [];
let made = null;
// the start page's token (from the link `scorepad serve` printed): creating a game needs it
const startToken = new URLSearchParams(location.search).get("t") || "";
let busy = false;
// The games started here, so the host can go back to them (their links are the only key).
const MINE = "scorepad-games";
const mine = () => { try { return JSON.parse(localStorage.getItem(MINE) || "[]"); } catch { return []; } };

function showMine() {
  const list = $("mine-list"); list.replaceChildren();
  for (const g of mine()) {
    const li = document.createElement("li");
    const a = document.createElement("a"); a.href = g.url; a.textContent = `${t("open")}: ${t(`game_${g.game}`)} – ${g.players.join(", ") || g.seed}`;
    li.append(a); list.append(li);
  }
  $("mine-h").textContent = t("your_games");
  $("mine").hidden = !list.children.length || made !== null; // the new links come alone
}

// what the server says of itself: a loopback-only server names the command for phones
const SERVER = (() => { try { return JSON.parse($("server").textContent) || {}; } catch { return {}; } })();

function label() {
  $("title").textContent = t("start_title"); document.title = t("start_title");
  $("loopback").hidden = !SERVER.lan;
  if (SERVER.lan) $("loopback").textContent = t("loopback", { command: SERVER.lan });
  $("kind-l").textContent = t("game"); $("players-l").textContent = t("players");
  $("seed-l").textContent = t("seed_label"); $("rules-h").textContent = t("rules_h");
  $("create").textContent = t("create"); $("join-h").textContent = t("join");
  if ($("deal")) {
    $("deal-l").textContent = t("deal_label");
    $("deal").options[0].text = t("deal_seed"); $("deal").options[1].text = t("deal_table");
  }
  for (const o of $("kind").options) o.text = t(`game_${o.value}`);
  langButtons($("langs"), () => { label(); setupFields(); optionFields(); flipperNames(); showLinks(); showMine(); });
}

// The game's ruleset options (GameInfo.options) as controls: a choice among the values it
// lists, a number where it takes any; the default preselected and marked. An option of
// another shape (a deck, a count per player number) keeps its default.
const optionText = (value) => t(`optv_${value}`);
function optionFields() {
  const kind = kinds.find((k) => k.id === $("kind").value);
  const root = $("options");
  const kept = Object.fromEntries([...root.querySelectorAll("[data-option]")].map((e) => [e.id, e.value]));
  root.replaceChildren();
  for (const [name, { default: standard, values }] of Object.entries(kind?.options || {})) {
    const id = `opt-${name}`;
    let control;
    if (values.length) {
      control = document.createElement("select");
      values.forEach((v, i) => {
        const text = optionText(v);
        control.append(new Option(v === standard ? t("opt_default", { value: text }) : text, String(i)));
      });
      control.value = String(values.findIndex((v) => v === standard));
    } else if (Number.isInteger(standard)) {
      control = document.createElement("input");
      control.type = "number"; control.min = "0"; control.step = "1"; control.inputMode = "numeric";
      control.value = String(standard);
    } else continue;
    control.id = id; control.dataset.option = name;
    if (kept[id] !== undefined) control.value = kept[id];
    const l = document.createElement("label"); l.htmlFor = id; l.textContent = t(`opt_${name}`);
    root.append(l, control);
  }
}

// The options set away from their defaults, as the ruleset's JSON takes them.
function chosenRules(kind) {
  const rules = {};
  for (const e of $("options").querySelectorAll("[data-option]")) {
    const { default: standard, values } = kind.options[e.dataset.option];
    const value = values.length ? values[Number(e.value)] : Number(e.value);
    if (value !== standard) rules[e.dataset.option] = value;
  }
  return rules;
}

function setupFields() {
  const kind = kinds.find((k) => k.id === $("kind").value);
  const root = $("setup");
  const kept = Object.fromEntries([...root.querySelectorAll("select")].map((s) => [s.id, s.value]));
  root.replaceChildren();
  for (const [key, choices] of Object.entries(kind?.setup || {})) {
    if (choices.length < 2) continue; // nothing to choose
    const l = document.createElement("label"); l.htmlFor = `setup-${key}`; l.textContent = WORDS[lang][`setup_${key}`] ?? key;
    const s = document.createElement("select"); s.id = `setup-${key}`; s.dataset.key = key;
    // a value as players know it (a map's name), else the value itself
    const named = kind.setup_names?.[key] || [];
    choices.forEach((c, i) => { const o = new Option(c === null ? t(`${key}_none`) : named[i] ?? String(c), String(i)); s.append(o); });
    // a game of no players on no map is a card flipper: the names are not asked then
    s.addEventListener("change", flipperNames);
    if (kept[s.id] !== undefined) s.value = kept[s.id];
    root.append(l, s);
  }
  if (kind?.scorekeeper) { // the table may deal its own cards: the server only keeps score
    const l = document.createElement("label"); l.htmlFor = "deal"; l.id = "deal-l"; l.textContent = t("deal_label");
    const s = document.createElement("select"); s.id = "deal";
    s.append(new Option(t("deal_seed"), "seed"), new Option(t("deal_table"), "table"));
    if (kept[s.id] !== undefined) s.value = kept[s.id];
    root.append(l, s);
  }
}

// A flipper (a set-up value of none, where the game offers a flipper) has no players.
function isFlipper() {
  const kind = kinds.find((k) => k.id === $("kind").value);
  if (!kind?.flipper) return false;
  return [...$("setup").querySelectorAll("select[data-key]")].some((s) => kind.setup[s.dataset.key][Number(s.value)] === null);
}
function flipperNames() {
  const off = isFlipper();
  $("players").disabled = off; $("players-l").classList.toggle("off", off);
}

// The join links of a new game: a row of chips (the host, the watchers, each player), each
// at least a thumb wide, and under them the chosen one's QR code and link, at its own size
// (3 CSS px a module). Seven QR codes never fit one phone screen (nor five with the
// loopback hint above them); chips for up to eight links and one code always do, and the
// phone is handed round the table one player at a time anyway.
let shownLink = 0; // the chip chosen: 0 the host's
function showLinks() {
  if (!made) return;
  const list = $("links"); list.replaceChildren();
  const links = [[t("host_short"), t("host_link"), made.host], [t("watch_short"), t("watch_link"), made.watch],
    ...made.players.map((p) => [p.name, p.name, p])];
  if (shownLink >= links.length) shownLink = 0;
  links.forEach(([short, title, link], i) => {
    const item = linkItem(title, link, "join");
    const chip = el("button", { type: "button", class: "chip", "aria-pressed": String(i === shownLink), text: short });
    chip.addEventListener("click", () => { shownLink = i; showLinks(); });
    item.prepend(chip);
    item.classList.toggle("on", i === shownLink);
    list.append(item);
  });
  $("made").hidden = false;
  $("again").textContent = t("another");
}

$("again").addEventListener("click", () => { made = null; $("made").hidden = true; $("new").hidden = false; showMine(); });

$("kind").addEventListener("change", () => { setupFields(); optionFields(); flipperNames(); });
$("new").addEventListener("submit", async (event) => {
  event.preventDefault();
  if (busy) return; // a second tap while the first is on its way makes no second game
  $("error").hidden = true;
  const kind = kinds.find((k) => k.id === $("kind").value);
  const fail = (text) => { $("error").textContent = text; $("error").hidden = false; };
  const rules = chosenRules(kind);
  const setup = {};
  for (const s of $("setup").querySelectorAll("select[data-key]")) setup[s.dataset.key] = kind.setup[s.dataset.key][Number(s.value)];
  const players = isFlipper() ? [] : $("players").value.split("\n").map((s) => s.trim()).filter(Boolean);
  const deal = $("deal")?.value !== "table";
  busy = true; $("create").disabled = true;
  const request = $("new").dataset.request ||= crypto.getRandomValues(new Uint32Array(4)).join("-");
  const [ok, body] = await call("POST", `/api/games?t=${encodeURIComponent(startToken)}`, { game: kind.id, players, seed: deal ? $("seed").value.trim() || null : null, rules, setup, deal, request });
  busy = false; $("create").disabled = false;
  if (!ok) { fail(body.error); return; }
  delete $("new").dataset.request; // the next tap on Start is a new game
  made = body; shownLink = 0; showLinks();
  // the links and QR codes take the form's place: all of them on one screen
  $("new").hidden = true; $("mine").hidden = true;
  window.scrollTo(0, 0);
  const keep = [{ url: body.host.url, game: body.game, seed: body.seed, players }, ...mine()].slice(0, 20);
  localStorage.setItem(MINE, JSON.stringify(keep)); // listed again on "Another game"
});

const [ok, body] = await call("GET", "/api/kinds");
kinds = ok ? body : [];
for (const k of kinds) $("kind").append(new Option(t(`game_${k.id}`), k.id));
if (!kinds.length) { $("error").textContent = t("no_games"); $("error").hidden = false; $("create").disabled = true; }
if (!startToken) { $("error").textContent = t("no_start_token"); $("error").hidden = false; $("create").disabled = true; }
label(); setupFields(); optionFields(); showMine();
