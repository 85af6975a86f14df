// Voll verplant on the served game page (the view hook is scorepad.web.vv.vv_view).
//
// Every phone shows the flipper (the big card, the pile by kind, windows left, history,
// the reshuffle), drawn by flipcard.js from view.flip; the host's Reveal and Undo are the
// generic page's. A game with players adds the table: the moves of the player(s) this
// phone moves for, picked in taps (line, ring direction, how many to cross; or a station
// for a free ride) among the engine's legal moves (state.legal: nothing here decides what
// is legal, the taps only choose one of them), the owed special-station follow-up, the
// completions announced to all, everyone's progress and the sheets as the server draws
// them (the blank sheet of the map under the player's pen marks, both SVG from the
// sheets layer).
import { newView, panZoom } from "../panzoom.js";

const LANGS = ["en", "de", "fr"];
let pick = {}; // player -> {line, direction}: the taps so far, while their choices stay
const pickFor = {}; // player -> the legal moves the taps were made among
let shownSheet = null; // the host's or watcher's chosen sheet
const views = {}; // sheet's player -> its zoom and pan ({scale, x, y}), kept across redraws
// player -> {move, preview}: a move tapped but not played yet (confirm plays it)
const pending = {};
const svgText = new Map(); // blank sheet URL -> its SVG text (the phone fetches it once)
let tapped = ""; // the station named by the last tap on the sheet

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v; else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else e.setAttribute(k, v);
  }
  e.append(...children);
  return e;
}

function styleSheet() {
  if (document.getElementById("vv-css")) return;
  document.head.append(el("link", { id: "vv-css", rel: "stylesheet", href: "/static/games/voll-verplant.css" }));
}

// A line's badge: its colour, and always its letter (colour is never the only cue).
function badge(line) {
  const b = el("span", { class: "vv-badge", text: line.id });
  b.style.background = line.color;
  b.style.color = inkOn(line.color);
  return b;
}

// WCAG's relative luminance of a #rrggbb colour (linearised sRGB).
export function luminance(hex) {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex || "");
  if (!m) return 1;
  const [r, g, b] = m.slice(1).map((x) => parseInt(x, 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

// Black or white, whichever contrasts more with the background: at least 4.5:1 on any colour.
export function inkOn(hex) {
  const l = luminance(hex);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? "#000000" : "#ffffff";
}

// The legal moves of one player, grouped for tapping: line -> direction -> moves. A move
// without `crosses` next to ones with it is the log's short form of "as far as the card
// goes", the same as the largest count: it is left out of the taps.
function grouped(moves) {
  const lines = new Map();
  const stations = [];
  let pass = null, decline = null;
  for (const m of moves) {
    if ("station" in m) { if (m.station === null) decline = m; else stations.push(m); continue; }
    if (!("line" in m)) { pass = m; continue; }
    const dirs = lines.get(m.line) ?? new Map();
    lines.set(m.line, dirs);
    const dir = m.direction ?? "cw";
    dirs.set(dir, [...(dirs.get(dir) ?? []), m]);
  }
  for (const dirs of lines.values()) {
    for (const [dir, list] of dirs) {
      const counted = list.filter((m) => "crosses" in m);
      dirs.set(dir, (counted.length ? counted : list).sort((a, b) => (a.crosses ?? 0) - (b.crosses ?? 0)));
    }
  }
  return { lines, stations, pass, decline };
}

function picker(name, moves, table, state, ctx) {
  const me = table.players.find((p) => p.name === name);
  const box = el("section", { class: "vv-pick", "data-player": name });
  box.append(el("h2", { text: state.you.host ? ctx.t("vv_move_for", { name }) : ctx.t("vv_your_move") }));
  if (me.asking) {
    const where = me.asking.name ? ` (${me.asking.name})` : "";
    box.append(el("p", { class: "vv-follow", role: "status", text: ctx.t("vv_follow", { id: me.asking.id, name: where }) }));
  }
  const g = grouped(moves);
  const row = el("div", { class: "moves" });
  const go = (move) => choose(name, move, ctx);
  const tap = (text, move, attrs = {}) => el("button", { type: "button", onclick: () => go(move), ...attrs }, text);
  if (g.pass) row.append(tap(ctx.t("vv_pass"), g.pass, { class: "vv-pass" }));
  if (g.stations.length || g.decline) {
    box.append(el("p", { text: ctx.t("vv_station") }));
    for (const m of g.stations) {
      const title = table.stations[String(m.station)] || "";
      row.append(tap(String(m.station), m, { class: "vv-station", title, "aria-label": `${m.station} ${title}`.trim() }));
    }
    if (g.decline) row.append(tap(ctx.t("vv_decline"), g.decline, { class: "vv-decline" }));
  }
  const chosen = pick[name] ?? {};
  if (g.lines.size) {
    const lineOf = (id) => table.lines.find((l) => l.id === id);
    const index = (id) => table.lines.findIndex((l) => l.id === id);
    if (chosen.line === undefined || !g.lines.has(chosen.line)) {
      box.append(el("p", { text: ctx.t("vv_pick_line") }));
      for (const [id, dirs] of g.lines) {
        const line = lineOf(id);
        const only = dirs.size === 1 ? [...dirs.values()][0] : null;
        const label = el("span", { class: "vv-wins", text: ctx.t("vv_windows", { used: me.used[index(id)], all: line.windows }) });
        row.append(el("button", {
          type: "button", class: "vv-line", "data-line": id, "aria-label": ctx.t("vv_line", { id }),
          onclick: () => {
            if (only && only.length === 1) return go(only[0]); // a transfer: nothing more to choose
            pick[name] = { line: id, direction: only ? [...dirs.keys()][0] : undefined };
            ctx.rerender();
          },
        }, badge(line), label));
      }
    } else {
      const dirs = g.lines.get(chosen.line);
      const line = lineOf(chosen.line);
      box.append(el("p", { class: "vv-chosen" }, badge(line), ` ${ctx.t("vv_line", { id: line.id })}`));
      if (chosen.direction === undefined || !dirs.has(chosen.direction)) {
        box.append(el("p", { text: ctx.t("vv_direction") }));
        for (const dir of dirs.keys()) {
          const list = dirs.get(dir);
          row.append(el("button", {
            type: "button", class: "vv-dir", "data-dir": dir,
            onclick: () => { if (list.length === 1) return go(list[0]); pick[name] = { ...chosen, direction: dir }; ctx.rerender(); },
          }, ctx.t(`vv_${dir}`)));
        }
      } else {
        box.append(el("p", { text: ctx.t("vv_crosses") }));
        for (const m of dirs.get(chosen.direction)) row.append(tap(ctx.t("vv_cross_n", { n: m.crosses ?? "" }), m, { class: "vv-cross", "data-crosses": String(m.crosses) }));
      }
      row.append(el("button", { type: "button", class: "vv-back", onclick: () => { pick[name] = {}; ctx.rerender(); } }, ctx.t("vv_back")));
    }
  }
  box.append(row);
  const chosenMove = pending[name];
  if (chosenMove) box.append(confirmBar(name, chosenMove, ctx));
  return box;
}

// A move tapped (on the sheet or in the list): the engine says what it would write
// (the check hook), the sheet previews it, and Confirm plays it.
async function choose(name, move, ctx) {
  pending[name] = { move, preview: null };
  ctx.rerender();
  const [ok, answer] = await ctx.check({ player: name, move });
  if (pending[name]?.move !== move) return; // another tap came first
  pending[name] = { move, preview: ok && answer.ok ? answer : null, error: ok && !answer.ok ? answer.error : null };
  ctx.rerender();
}

function confirmBar(name, chosen, ctx) {
  const bar = el("div", { class: "vv-confirm-bar", role: "group" });
  const what = chosen.preview ? describeMove(chosen.move, chosen.preview, ctx) : "";
  if (what) bar.append(el("p", { class: "vv-preview-text", text: what }));
  if (chosen.error) bar.append(el("p", { class: "error", text: chosen.error }));
  bar.append(el("div", { class: "moves" },
    el("button", { type: "button", class: "primary", id: "vv-confirm", "data-player": name,
      onclick: async () => { const move = chosen.move; delete pending[name]; pick[name] = {}; await ctx.step(name, move); } }, ctx.t("confirm")),
    el("button", { type: "button", class: "vv-cancel", onclick: () => { delete pending[name]; pick[name] = {}; ctx.rerender(); } }, ctx.t("cancel"))));
  return bar;
}

function describeMove(move, preview, ctx) {
  const parts = [];
  if ("line" in move) parts.push(ctx.t("vv_line", { id: move.line }));
  if (preview.stations.length) parts.push(preview.stations.map((id) => `✕${id}`).join(" "));
  for (const [id, n] of Object.entries(preview.transfers)) parts.push(`${id}: ${n}`);
  if ("station" in move && move.station !== null) parts.push(`✕${move.station}`);
  return parts.join(" · ");
}

// The legal targets of the moves: lines (at their wagon and on the map), stations.
function targets(moves) {
  const lines = new Set(), stations = new Set();
  for (const m of moves || []) {
    if ("line" in m) lines.add(String(m.line));
    if ("station" in m && m.station !== null) stations.add(String(m.station));
  }
  return { lines, stations };
}

// The blank sheet drawn inline (its stations and lines are elements to tap), marked with
// the legal targets (class "legal") and the chosen move's preview (class "preview").
function boardSheet(holder, url, name, state, table, ctx) {
  const draw = () => {
    const svg = holder.querySelector("svg");
    if (!svg) return;
    for (const e of svg.querySelectorAll(".legal, .preview")) e.classList.remove("legal", "preview");
    for (const e of svg.querySelectorAll(".vv-x")) e.remove();
    const moves = state.legal[name];
    const { lines, stations } = targets(moves);
    for (const e of svg.querySelectorAll("[data-line]")) if (lines.has(e.dataset.line)) e.classList.add("legal");
    for (const e of svg.querySelectorAll("[data-station]")) if (stations.has(e.dataset.station)) e.classList.add("legal");
    const chosen = pending[name];
    const crossed = new Set([...(chosen?.preview?.stations || []).map(String), ...Object.keys(chosen?.preview?.transfers || {})]);
    if (chosen && "station" in chosen.move && chosen.move.station !== null) crossed.add(String(chosen.move.station));
    for (const e of svg.querySelectorAll("[data-station]")) {
      if (!crossed.has(e.dataset.station)) continue;
      e.classList.add("preview");
      const c = e.querySelector("circle:last-of-type");
      if (!c) continue;
      const [x, y, r] = ["cx", "cy", "r"].map((k) => Number(c.getAttribute(k)));
      for (const [a, b] of [[-1, -1], [-1, 1]]) {
        const l = document.createElementNS("http://www.w3.org/2000/svg", "line");
        l.setAttribute("x1", x + a * r); l.setAttribute("y1", y + b * r);
        l.setAttribute("x2", x - a * r); l.setAttribute("y2", y - b * r);
        l.setAttribute("class", "vv-x"); e.append(l);
      }
    }
    if (chosen && "line" in chosen.move) {
      for (const e of svg.querySelectorAll(`[data-line="${CSS.escape(String(chosen.move.line))}"]`)) e.classList.add("preview");
    }
  };
  const known = svgText.get(url);
  if (known) { holder.innerHTML = known; draw(); }
  else {
    fetch(url).then((r) => (r.ok ? r.text() : "")).then((text) => {
      if (!text.startsWith("<svg")) return;
      svgText.set(url, text); holder.innerHTML = text; draw();
    });
  }
  holder.onclick = (event) => {
    const hit = event.target.closest("[data-station], [data-line]");
    if (!hit) return;
    const moves = state.legal[name] || [];
    if (hit.dataset.station !== undefined) {
      const id = hit.dataset.station;
      tapped = `${id}${table.stations[id] ? ` · ${table.stations[id]}` : ""}`; // names on tap
      const move = moves.find((m) => "station" in m && String(m.station) === id);
      if (move) return choose(name, move, ctx);
      ctx.rerender(); return;
    }
    const id = hit.dataset.line;
    const list = moves.filter((m) => "line" in m && String(m.line) === id);
    if (!list.length) return;
    const dirs = grouped(list).lines.get(list[0].line);
    const only = dirs.size === 1 ? [...dirs.values()][0] : null;
    if (only && only.length === 1) return choose(name, only[0], ctx);
    pick[name] = { line: list[0].line, direction: only ? [...dirs.keys()][0] : undefined };
    delete pending[name];
    ctx.rerender();
  };
}

function sheetOf(table, name, state, ctx) {
  const sheet = table.sheets.find((s) => s.player === name) ?? table.sheets[0];
  const fig = el("figure", { class: "vv-sheet", "data-player": sheet.player });
  const view = (views[sheet.player] ??= newView());
  const zoomOut = el("button", { type: "button", class: "vv-zoom", id: "vv-zoom-out", "aria-label": ctx.t("vv_zoom_out"), title: ctx.t("vv_zoom_out") }, "−");
  const zoomIn = el("button", { type: "button", class: "vv-zoom", id: "vv-zoom-in", "aria-label": ctx.t("vv_zoom_in"), title: ctx.t("vv_zoom_in") }, "+");
  const head = el("figcaption", {}, el("span", { text: ctx.t("vv_sheet", { name: sheet.player }) }),
    el("span", { class: "vv-zooms" }, zoomOut, zoomIn));
  const token = encodeURIComponent(new URLSearchParams(location.search).get("t") || "");
  const lang = LANGS.includes(ctx.lang) ? ctx.lang : "en";
  const file = (name) => `/api/games/${encodeURIComponent(state.game.id)}/asset/${name}.svg?t=${token}`;
  // the sheet is the board: drawn inline, its legal targets marked, taps turned into moves
  const base = el("div", { class: "vv-base", role: "img", "aria-label": ctx.t("vv_sheet", { name: sheet.player }) });
  boardSheet(base, file(`sheet-${lang}`), sheet.player, state, table, ctx);
  // the player's pen marks over it, in the same viewBox (a new key when they change)
  const marks = el("img", { class: "vv-marks", alt: "", src: file(`marks-${sheet.seat}-${lang}-${sheet.marks}`) });
  const paper = el("div", { class: "vv-paper" }, base, marks);
  // pinch and drag the sheet (the buttons and a double tap too); taps still choose targets
  const frame = el("div", { class: "vv-scroll" }, paper);
  const zoom = panZoom(frame, paper, view, (v) => { zoomOut.disabled = v.scale <= 1; });
  zoomIn.onclick = zoom.zoomIn;
  zoomOut.onclick = zoom.zoomOut;
  fig.append(head, frame);
  if (tapped) fig.append(el("p", { class: "vv-tapped", role: "status", text: tapped }));
  return fig;
}

function progress(table, ctx) {
  const list = el("ul", { class: "vv-players" });
  for (const p of table.players) {
    const what = p.asking ? ctx.t("vv_owes", { id: p.asking.id }) : p.to_move ? ctx.t("vv_thinking") : p.moved ? ctx.t("vv_moved") : "";
    list.append(el("li", { "data-player": p.name }, el("strong", { text: p.name }), ` ${what} · ${ctx.t("vv_free", { n: p.free })}`));
  }
  return el("section", {}, el("h2", { text: ctx.t("vv_players") }), list);
}

// Completions of one line in one round with one bonus, as one sentence (several players
// may complete a line in the same round: they all score first).
function doneTexts(list, ctx) {
  const groups = new Map();
  for (const c of list) {
    const key = `${c.round}|${c.line}|${c.bonus}`;
    if (!groups.has(key)) groups.set(key, { ...c, players: [] });
    groups.get(key).players.push(c.player);
  }
  return [...groups.values()].map((c) => ctx.t("vv_done", { ...c, player: c.players.join(", "), bonus: ctx.t(`vv_${c.bonus}`) }));
}

function drawTable(root, state, ctx) {
  const table = state.view.table;
  for (const [name, moves] of Object.entries(state.legal)) {
    const key = JSON.stringify(moves); // another player's step keeps this player's taps
    if (pickFor[name] !== key) { pick[name] = {}; delete pending[name]; pickFor[name] = key; }
  }
  root.replaceChildren();
  if (table.news.length) {
    root.append(el("div", { class: "vv-news", role: "status", "aria-live": "polite" },
      ...doneTexts(table.news, ctx).map((text) => el("p", { text }))));
  }
  const mine = state.you.player;
  if (mine) root.append(sheetOf(table, mine, state, ctx)); // a player's page: the sheet first
  for (const [name, moves] of Object.entries(state.legal)) root.append(picker(name, moves, table, state, ctx));
  if (state.you.player !== null && !state.legal[state.you.player] && !state.over && !state.ended) {
    root.append(el("p", { class: "vv-wait status", text: state.at_chance ? ctx.t("chance") : ctx.t("waiting") }));
  }
  if (state.score) {
    const sum = el("section", { class: "vv-breakdown" });
    for (const p of state.score.players) {
      sum.append(el("p", { text: ctx.t("vv_breakdown", { name: p.name, lines: p.line_points, transfers: p.transfer_sum, empty: p.empty_penalty, total: p.total }) }));
    }
    root.append(sum);
  }
  if (!mine && table.sheets.length > 1) {
    const tabs = el("div", { class: "moves vv-tabs" });
    shownSheet = table.sheets.some((s) => s.player === shownSheet) ? shownSheet : table.sheets[0].player;
    for (const s of table.sheets) {
      tabs.append(el("button", { type: "button", "aria-pressed": String(s.player === shownSheet), onclick: () => { shownSheet = s.player; ctx.rerender(); } }, s.player));
    }
    root.append(tabs);
  }
  if (!mine) root.append(sheetOf(table, shownSheet ?? table.sheets[0].player, state, ctx));
  root.append(progress(table, ctx));
  if (table.completions.length) {
    root.append(el("section", {}, el("h2", { text: ctx.t("vv_completed") }),
      el("ul", { class: "vv-done" }, ...doneTexts(table.completions, ctx).map((text) => el("li", { text })))));
  }
}

export function render(root, state, ctx) {
  styleSheet();
  if (!root.querySelector(".vv-flip")) {
    root.replaceChildren(el("div", { class: "vv-flip" }));
  }
  const flip = root.querySelector(".vv-flip");
  const actions = ScorepadCards.draw(flip, state.view.flip, ctx.words);
  const table = state.view.table;
  flip.classList.toggle("vv-with-table", Boolean(table));
  if (!table) { actions.replaceChildren(); return { generic: true }; }
  const rerender = () => drawTable(actions, state, { ...ctx, rerender, t: ctx.t, lang: ctx.lang });
  rerender();
  return { generic: false };
}
