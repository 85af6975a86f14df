// The game page: one front-end of the server's table session. It shows the state the
// server sends (on load and after every change, by server-sent events) and turns taps
// into steps; the engine on the server accepts or refuses them.
//
// A game may bring its own page module (state.game.page, under /static/games/): an ES
// module exporting render(root, state, ctx). It draws into root (the #board element)
// and returns {generic: false} to hide the generic move buttons. ctx offers
// step(player, move), reveal(), undo(), check(move) (the game's verdict on a move, nothing
// played: resolves to [ok, body]), t(key, fields), lang and words (the raw table of the
// language, placeholders kept): the same calls as below.
import { $, WORDS, call, keepAwake, langButtons, lang, linkItem, refusalText, t } from "./common.js";

const gameId = decodeURIComponent(location.pathname.split("/").pop());
const token = new URLSearchParams(location.search).get("t") || "";
const api = (what = "") => `/api/games/${encodeURIComponent(gameId)}${what}?t=${encodeURIComponent(token)}`;
let state = null;
let module = null;

const ctx = {
  step: (player, move) => send("/step", { player, move }),
  reveal: () => send("/step", { reveal: true }),
  undo: () => send("/undo", { steps: state.steps }),
  retract: (player) => send("/retract", player ? { player } : {}),
  check: (move) => call("POST", api("/check"), { move }),
  t, get lang() { return lang; }, get words() { return WORDS[lang]; },
};

async function send(path, body) {
  $("error").hidden = true;
  for (const e of document.querySelectorAll(".refusal")) e.remove();
  const near = lastControl; // the control the finger is on
  const [ok, answer] = await call("POST", api(path), body);
  if (!ok) { refuse(answer, near); return false; }
  show(answer);
  return true;
}

// The control tapped last: a refusal is shown beside it, where the finger is.
let lastControl = null;
document.addEventListener("click", (e) => {
// @ts-expect-error: the target of a click is an element (tsc knows only an EventTarget)
  const c = e.target.closest && e.target.closest("button, input, select, textarea, summary");
  if (c) lastControl = c;
}, true);

// A refusal in words next to the control that caused it (below its row of buttons), in the
// page's language, the server's or engine's own sentence beneath when the page's words
// are not English (it is; no tooltip, which a touch screen cannot open).
function refuse(answer, near) {
  const text = refusalText(answer);
  const row = near && near.isConnected ? near.parentElement : null;
  if (!row || row.id === "board" || row.tagName === "MAIN" || row.tagName === "BODY") {
    $("error").textContent = text; $("error").hidden = false;
    return;
  }
  const p = document.createElement("p");
  p.className = "error refusal"; p.setAttribute("role", "alert"); p.textContent = text;
  // a bar fixed in the thumb zone (the host's Reveal and Undo) says it inside, above its
  // buttons: after it in the page's flow would be a screen away from the finger
  if (getComputedStyle(row).position === "fixed") row.prepend(p); else row.after(p);
}

const moveText = (move) => (move !== null && typeof move === "object"
  ? JSON.stringify(move).replace(/[{}"]/g, "").replace(/:/g, ": ").replace(/,/g, ", ")
  : String(move));

function button(text, onClick, primary = false) {
  const b = document.createElement("button");
  b.type = "button"; b.textContent = text; if (primary) b.className = "primary";
  b.addEventListener("click", onClick);
  return b;
}

async function show(next) {
  if (state && next.version < state.version) return; // an older answer arriving late
  state = next;
  const g = state.game;
  const gameName = t(`game_${g.kind}`);
  document.title = `scorepad – ${gameName}`;
  $("title").textContent = gameName;
  $("who").textContent = state.you.host ? t("you_host")
    : state.you.watch ? t("you_watch") : t("you_are", { name: state.you.player });
  const names = state.to_move.join(", ");
  const undone = state.undone ? (state.undone.player === null ? t("undone_card", { n: state.undone.number })
    : t("undone", { n: state.undone.number, name: state.undone.player })) : "";
  $("status").textContent = (state.ended ? t("ended")
    : state.over ? t("game_over") : state.at_chance ? t("chance") : t("to_move", { names }))
    + (undone ? ` · ${undone}` : "");
  let generic = true;
  if (g.page) {
    module ??= await import(`/static/games/${g.page}`);
    const result = module.render($("board"), state, ctx);
    generic = !(result && result.generic === false);
  }
  const moves = $("moves"); moves.replaceChildren();
  if (generic) {
    for (const [player, list] of Object.entries(state.legal)) {
      const h = document.createElement("h2"); h.textContent = t(state.you.host ? "moves_for" : "your_moves", { name: player });
      const row = document.createElement("div"); row.className = "moves";
      for (const move of list) row.append(button(moveText(move), () => ctx.step(player, move)));
      moves.append(h, row);
    }
    if (state.chance_outcomes.length) {
      const row = document.createElement("div"); row.className = "moves";
      for (const outcome of state.chance_outcomes) row.append(button(moveText(outcome), () => ctx.step(null, outcome)));
      moves.append(row);
    }
    if (state.you.player !== null && !Object.keys(state.legal).length && !state.over && !state.ended) {
      const p = document.createElement("p"); p.textContent = t("waiting"); moves.append(p);
    }
  }
  // the host moves for no one holding a hand (every page, a game's own too): that
  // player's own page does; its link opens it here, for a player without a phone
  for (const name of state.moves_elsewhere || []) {
    const p = document.createElement("p"); p.className = "elsewhere"; p.textContent = t("moves_elsewhere", { name });
    moves.append(p, button(t("open_page", { name }), () => openPage(name)));
  }
  const host = state.you.host;
  $("hostbar").hidden = !host || state.ended;
  // the host's Reveal and Undo sit in the thumb zone, at the bottom of the screen
  document.body.classList.toggle("host-play", host && !state.ended && !state.over);
  // undo says whose step it takes back
  const last = state.last_step;
  $("reveal").textContent = t("reveal"); $("end").textContent = t("end");
  $("undo").textContent = !last ? t("undo") : last.player === null ? t("undo_card") : t("undo_of", { name: last.player });
  const retract = $("retract"); retract.replaceChildren();
  for (const name of state.can_retract || []) {
    retract.append(button(state.you.host ? t("retract_for", { name }) : t("retract"), () => ctx.retract(state.you.host ? name : null)));
  }
  $("reveal").disabled = !(state.at_chance && !state.chance_outcomes.length);
  $("undo").disabled = !state.can_undo;
  $("end").hidden = !host || state.ended;
  $("joinsec").hidden = !host; $("join-h").textContent = t("join");
  $("score-h").textContent = t("score"); $("log-h").textContent = `${t("log")} · ${state.steps === 1 ? t("step_one") : t("steps", { n: state.steps })}`;
  $("scoresec").hidden = !state.score;
  if (state.score) showScore(state.score, state.bgstats);
  // the log comes only once the game is over or ended (for checking); while it runs
  // the page shows views and events (the summary keeps the number of steps)
  $("log").hidden = !state.log;
  $("log").textContent = state.log ? JSON.stringify(state.log, null, 1) : "";
  keepAwake(!state.over && !state.ended);
  document.dispatchEvent(new CustomEvent("scorepad:state", { detail: state })); // scan.js
  // the end screen opens with the winner
  if ((state.over || state.ended) && !shownEnd) { shownEnd = true; $("scoresec").scrollIntoView({ block: "start" }); }
  langButtons($("langs"), () => show(state));
}

let shownEnd = false;
// the fields of `score --json` that its total subtracts: shown as negative numbers
const SUBTRACTED = ["empty_penalty", "penalties"];

// A link that opens no game (a wrong or old token, a game this server does not have):
// said in words, with what to do, in the page's language.
function refused(answer) {
  $("error").textContent = refusalText(answer);
  $("error").hidden = false;
  const why = answer.status === 404 ? "bad_link_404" : answer.status === 403 ? "bad_link_403" : null;
  $("status").textContent = why ? t(why) : "";
  $("title").textContent = t("bad_link");
  langButtons($("langs"), () => refused(answer));
}

// The end screen: the winner and the ranks first, then each player's breakdown (as
// score --json gives it), then a BG Stats link (and its QR code) when the server has one.
function showScore(score, bgstats) {
  const players = [...score.players].sort((a, b) => a.rank - b.rank);
  const winners = score.winners || players.filter((p) => p.rank === 1).map((p) => p.name);
  $("winner").textContent = winners.length > 1 ? t("winners", { names: winners.join(", ") }) : t("winner", { names: winners.join(", ") });
  const table = $("score"); table.replaceChildren();
  for (const p of players) {
    const tr = table.insertRow();
    tr.insertCell().textContent = t("rank", { n: p.rank });
    tr.insertCell().textContent = p.name;
    tr.insertCell().textContent = t("points", { n: p.total });
  }
  const parts = $("breakdown"); parts.replaceChildren();
  for (const p of players) {
    const d = document.createElement("details");
    const s = document.createElement("summary"); s.textContent = `${p.name} · ${t("points", { n: p.total })}`;
    const pre = document.createElement("dl");
    for (const [key, value] of Object.entries(p)) {
      if (["name", "total", "rank"].includes(key) || value === null || typeof value === "object") continue;
      const dt = document.createElement("dt"); dt.textContent = WORDS[lang][`part_${key}`] ?? key.replace(/_/g, " ");
      const dd = document.createElement("dd");
      dd.textContent = SUBTRACTED.includes(key) && typeof value === "number" && value > 0 ? `−${value}` : String(value);
      pre.append(dt, dd);
    }
    d.append(s, pre); parts.append(d);
  }
  $("breakdown-h").textContent = t("breakdown");
  const bg = $("bgstats"); bg.replaceChildren();
  if (bgstats) bg.append(linkItem(t("bgstats"), bgstats));
}

// a player's own page, from the host's join links
async function openPage(name) {
  const [ok, body] = await call("GET", api("/links"));
  const link = ok && body.players.find((p) => p.name === name);
  if (link) window.open(link.url, "_blank", "noopener");
}

// the host can show the join links (and QR codes) again, at the table
$("joinsec").addEventListener("toggle", async () => {
  if (!$("joinsec").open || $("links").children.length) return;
  const [ok, body] = await call("GET", api("/links"));
  if (!ok) return;
  for (const [title, link] of [[t("watch_link"), body.watch], ...body.players.map((p) => [p.name, p])]) {
    $("links").append(linkItem(title, link));
  }
});
$("reveal").addEventListener("click", () => ctx.reveal());
$("undo").addEventListener("click", () => ctx.undo());
$("end").addEventListener("click", () => { if (confirm(t("end_ask"))) send("/end"); });
document.addEventListener("visibilitychange", () => keepAwake(state && !state.over && !state.ended));

// The stream sends the whole state at once on (re)connect, so a phone that slept, lost
// the network or reloaded comes back to where the game is.
const events = new EventSource(api("/events"));
events.addEventListener("state", (e) => { $("conn").hidden = true; show(JSON.parse(e.data)); });
events.addEventListener("error", () => {
  if (events.readyState === EventSource.CLOSED) return;
  $("conn").textContent = t("offline"); $("conn").hidden = false;
});
const [ok, first] = await call("GET", api());
if (ok) show(first); else { refused(first); events.close(); }
