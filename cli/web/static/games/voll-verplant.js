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
//
// On a player's phone while the game runs (body.vv-play) the page is laid out for one
// thumb: the card strip on top, the sheet filling the screen (framed on each card's legal
// targets, handles of a thumb's size), the bar in the thumb zone (line chips, the ring
// direction and count, the preview in the game's words, Confirm beside Cancel or "Change
// my move"); the rest lies below the fold.
import { refusalText } from "../common.js";
import { newView, panZoom } from "../panzoom.js";

/** @typedef {import("../types/voll-verplant").PageState} PageState */
/** @typedef {import("../types/voll-verplant").VvTable} VvTable */

const LANGS = ["en", "de", "fr"];
const pickFor = {}; // player -> the legal moves a chosen move was made among
let shownSheet = null; // the host's or watcher's chosen sheet
const views = {}; // sheet's player -> its zoom and pan ({scale, x, y}), kept across redraws
// player -> {move, preview}: a move tapped but not played yet (confirm plays it)
const pending = {};
const svgText = new Map(); // blank sheet URL -> its SVG element (fetched and parsed once)
/** @type {Map<string, Promise<string>>} a blank sheet being fetched (one fetch a URL) */
const svgLoads = new Map();
/** @type {WeakMap<Element, () => void>} a sheet holder -> the draw of the newest state */
const lastDraw = new WeakMap();
let tapped = ""; // the station named by the last tap on the sheet
const framedFor = {}; // sheet's player -> the legal moves (and version) the view was framed for

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v; else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else e.setAttribute(k, v);
  }
  e.append(...children);
  return e;
}

// The module's style sheet; false until it has loaded (then `then` is called: the layout
// is measured from it, so the page is drawn again then).
let cssLoaded = false;
function styleSheet(then) {
  const link = document.getElementById("vv-css");
  if (!link) {
    const made = el("link", { id: "vv-css", rel: "stylesheet", href: "/static/games/voll-verplant.css" });
// @ts-expect-error: a property of the function (tsc knows only those set outside it)
    made.addEventListener("load", () => { cssLoaded = true; styleSheet.then?.(); });
    document.head.append(made);
  }
// @ts-expect-error: as above
  styleSheet.then = then;
  return cssLoaded;
}

// A line's badge: its colour, and always its letter (colour is never the only cue).
/** @param {import("../types/voll-verplant").VvLine} line */
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

// The move a tap on a line chooses at once: the first way round the engine offers and
// as far as the card goes (the largest count); the bar then offers the other ways and
// counts. `grouped` has kept only the engine's legal moves, so this decides no rule.
function lineMove(dirs, direction) {
  const list = dirs.get(direction) ?? [...dirs.values()][0];
  return list[list.length - 1];
}

// The bar in the thumb zone (a player's phone: fixed at the bottom; the host's page: in
// the flow): what to do now, the legal lines as chips (every one in view at once: the
// sheet cannot give each a thumb-sized place), the ring direction and the count where
// the card leaves a choice, the preview in words, and Confirm beside Cancel (before) or
// "Change my move" (after, until the round closes).
/**
 * @param {VvTable} table
 * @param {PageState} state
 */
function picker(name, moves, table, state, ctx, titled = Boolean(state.you.host)) {
  const me = table.players.find((p) => p.name === name);
  const box = el("section", { class: "vv-pick", "data-player": name });
  if (titled) box.append(el("h2", { text: ctx.t("vv_move_for", { name }) }));
  const g = grouped(moves);
  const chosen = pending[name];
  const go = (move) => choose(name, move, ctx);
  let prompt = chosen ? "" : g.stations.length ? ctx.t("vv_tap_station")
    : g.lines.size ? ctx.t("vv_pick_line") : "";
  if (me.asking) {
    const where = me.asking.name ? ` (${me.asking.name})` : "";
    box.append(el("p", { class: "vv-follow", role: "status", text: ctx.t("vv_follow", { id: me.asking.id, name: where }) }));
  }
  const what = chosen ? (chosen.preview ? previewText(chosen.preview, ctx) : chosen.error ? "" : "…") : prompt;
  const head = el("div", { class: "vv-head" }, el("p", { class: chosen?.preview ? "vv-preview-text" : "vv-prompt", text: what }));
  box.append(head);
  if (chosen?.error) box.append(el("p", { class: "error vv-refused", role: "alert", text: chosen.error }));
  const chips = el("div", { class: "vv-chips" });
  const lineOf = (id) => table.lines.find((l) => l.id === id);
  const index = (id) => table.lines.findIndex((l) => l.id === id);
  for (const [id, dirs] of g.lines) {
    const line = lineOf(id);
    const on = chosen && "line" in chosen.move && chosen.move.line === id;
    const chip = el("button", {
      type: "button", class: "vv-chip vv-line legal", "data-line": id, "data-hit": "", "aria-pressed": String(Boolean(on)),
      "aria-label": `${ctx.t("vv_line", { id })}, ${ctx.t("vv_windows", { used: me.used[index(id)], all: line.windows })}`,
      onclick: () => go(lineMove(dirs)),
    }, el("b", { text: id }), el("small", { text: `${me.used[index(id)]}/${line.windows}` }));
    chip.style.background = line.color;
    chip.style.color = inkOn(line.color);
    chips.append(chip);
  }
  if (g.pass) chips.append(el("button", { type: "button", class: "vv-pass", onclick: () => go(g.pass) }, ctx.t("vv_pass")));
  if (g.decline) chips.append(el("button", { type: "button", class: "vv-decline", onclick: () => go(g.decline) }, ctx.t("vv_decline")));
  if (chips.children.length) box.append(chips);
  // the other ways round and counts of the chosen line (the engine's legal ones)
  if (chosen && "line" in chosen.move && g.lines.has(chosen.move.line)) {
    const dirs = g.lines.get(chosen.move.line);
    const dir = chosen.move.direction ?? "cw";
    const row = el("div", { class: "vv-adjust" });
    if (dirs.size > 1) {
      for (const d of dirs.keys()) {
        row.append(el("button", { type: "button", class: "vv-dir", "data-dir": d, "aria-pressed": String(d === dir),
          onclick: () => go(lineMove(dirs, d)) }, ctx.t(`vv_${d}_short`)));
      }
    }
    const counts = dirs.get(dir) ?? [];
    if (counts.length > 1) {
      for (const m of counts) {
        row.append(el("button", { type: "button", class: "vv-cross", "data-crosses": String(m.crosses),
          "aria-pressed": String(m === chosen.move || m.crosses === chosen.move.crosses),
          "aria-label": ctx.t("vv_cross_n", { n: m.crosses ?? "" }), onclick: () => go(m) }, String(m.crosses ?? "")));
      }
    }
    if (row.children.length) box.append(row);
  }
  box.append(actionRow(name, chosen, state, ctx));
  return box;
}

// Confirm, and beside it Cancel (a move chosen) or "Change my move" (moved, until the
// round closes): the same place for the thumb from the tap to the saved move.
/** @param {PageState} state */
function actionRow(name, chosen, state, ctx) {
  const row = el("div", { class: "vv-actions" });
  row.append(el("button", {
    type: "button", class: "primary", id: "vv-confirm", "data-player": name, ...(chosen ? {} : { disabled: "" }),
    // saved: the next state redraws the bar; refused: the page says why beside it
    onclick: async () => { if (await ctx.step(name, chosen.move)) delete pending[name]; },
  }, ctx.t("confirm")));
  if (chosen) {
    row.append(el("button", { type: "button", class: "vv-cancel", onclick: () => { delete pending[name]; ctx.rerender(); } }, ctx.t("cancel")));
  } else if ((state.can_retract || []).includes(name)) {
    row.append(retractButton(name, state, ctx));
  }
  return row;
}

/** @param {PageState} state */
function retractButton(name, state, ctx) {
  return el("button", { type: "button", class: "vv-retract", onclick: () => ctx.retract(state.you.host ? name : null) },
    state.you.host ? ctx.t("retract_for", { name }) : ctx.t("retract"));
}

// A move tapped (on the sheet or in the bar): the engine says what it would write
// (the check hook), the sheet previews it, and Confirm plays it.
async function choose(name, move, ctx) {
  pending[name] = { move, preview: null };
  ctx.rerender();
  const [ok, answer] = await ctx.check({ player: name, move });
  if (pending[name]?.move !== move) return; // another tap came first
  pending[name] = { move, preview: ok && answer.ok ? answer : null,
    error: !ok ? refusalText(answer) : !answer.ok ? answer.error : null };
  ctx.rerender();
}

// The move in the game's own words (the check's `said`: describe and explain of the
// engine, in the page's language).
function previewText(preview, ctx) {
  return (preview.said && (preview.said[ctx.lang] ?? preview.said.en)) || "";
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

const SVG = "http://www.w3.org/2000/svg";
const svgEl = (tag, attrs) => {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
};
const centre = (g) => {
  const c = g.querySelector("circle:last-of-type");
  return c ? ["cx", "cy", "r"].map((k) => Number(c.getAttribute(k))) : null;
};
// the sheet's units → CSS px at 1× (the sheet drawn at its frame's width)
const unitPx = (svg) => svg.getBoundingClientRect().width / svg.viewBox.baseVal.width
  / (Number(svg.closest(".vv-scroll")?.dataset.scale) || 1);

// Handles (a thumb's target) of the legal stations and the legal lines' tracks: sized in
// CSS px whatever the zoom, as large as a thumb where the stations are far enough apart
// on the screen (else half their distance, so each keeps its own centre), and the tracks
// a finger's width. Called again whenever the zoom changes.
function sizeHandles(svg, scale) {
  const px = unitPx(svg) * scale; // CSS px a sheet unit
  if (!(px > 0)) return;
  const apart = Number(svg.dataset.apart || 0);
  for (const h of svg.querySelectorAll("circle[data-hit]")) {
    const r = Math.max(Number(h.dataset.r), Math.min(HANDLE / 2, apart * px / 2) / px);
    h.setAttribute("r", r.toFixed(3));
  }
  for (const t of svg.querySelectorAll(".vv-track")) t.setAttribute("stroke-width", (TRACK / px).toFixed(3));
}
const HANDLE = 46; // CSS px: a station's handle across (44 at least, a little to spare)
const TRACK = 18; // CSS px: the width a legal line's drawn track takes taps in

// The blank sheet drawn inline (its stations and lines are elements to tap), marked with
// the legal targets (class "legal", stations with a handle, lines' tracks widened for a
// finger) and the chosen move's preview (class "preview": the crosses, transfer numbers).
// `framed(svg)` is called once the sheet is drawn.
/**
 * @param {PageState} state
 * @param {VvTable} table
 */
function boardSheet(holder, url, name, state, table, ctx, framed) {
  const draw = () => {
    const svg = holder.querySelector("svg");
    if (!svg) return;
    for (const e of svg.querySelectorAll(".legal, .preview")) e.classList.remove("legal", "preview");
    for (const e of svg.querySelectorAll(".vv-x, [data-hit], .vv-track, .vv-n")) e.remove();
    const moves = state.legal[name];
    const { lines, stations } = targets(moves);
    for (const e of svg.querySelectorAll("[data-line]")) if (lines.has(e.dataset.line)) e.classList.add("legal");
    const legal = [];
    for (const e of svg.querySelectorAll("[data-station]")) {
      if (!stations.has(e.dataset.station)) continue;
      e.classList.add("legal");
      const c = centre(e);
      if (!c) continue;
      legal.push(c);
      e.append(svgEl("circle", { cx: c[0], cy: c[1], r: c[2], "data-r": c[2], "data-hit": "", class: "vv-hit" }));
    }
    // how far apart the nearest two legal stations are (sheet units): a handle keeps its
    // own centre when it is no wider than that
    let apart = Infinity;
    for (let i = 0; i < legal.length; i++) {
      for (let j = i + 1; j < legal.length; j++) apart = Math.min(apart, Math.hypot(legal[i][0] - legal[j][0], legal[i][1] - legal[j][1]));
    }
    svg.dataset.apart = Number.isFinite(apart) ? String(apart) : "1000";
    for (const g of svg.querySelectorAll(".map [data-line].legal")) {
      for (const p of g.querySelectorAll("polyline")) {
        g.append(svgEl("polyline", { points: p.getAttribute("points"), class: "vv-track", fill: "none" }));
      }
    }
    const chosen = pending[name];
    const crossed = new Set((chosen?.preview?.stations || []).map(String));
    if (chosen && "station" in chosen.move && chosen.move.station !== null) crossed.add(String(chosen.move.station));
    const numbers = chosen?.preview?.transfers || {};
    for (const e of svg.querySelectorAll("[data-station]")) {
      const id = e.dataset.station;
      if (!crossed.has(id) && !(id in numbers)) continue;
      e.classList.add("preview");
      const c = centre(e);
      if (!c) continue;
      const [x, y, r] = c;
      if (id in numbers) { // a transfer number, as the pen writes it
        const n = svgEl("text", { x, y: y + r * 0.45, "text-anchor": "middle", "font-size": r * 1.3, class: "vv-n" });
        n.textContent = String(numbers[id]);
        e.append(n);
        continue;
      }
      for (const [a, b] of [[-1, -1], [-1, 1]]) {
        e.append(svgEl("line", { x1: x + a * r, y1: y + b * r, x2: x - a * r, y2: y - b * r, class: "vv-x" }));
      }
    }
    if (chosen && "line" in chosen.move) {
      for (const e of svg.querySelectorAll(`[data-line="${CSS.escape(String(chosen.move.line))}"]`)) e.classList.add("preview");
    }
    framed(svg);
  };
  // the sheet is parsed once and its element moved into each redrawn frame (parsing
  // 90 kB of SVG on every tap is what a cheap phone is slow at)
  // A state that comes while the sheet is still on its way (the first card revealed as the
  // page opens) must be the one drawn: the holder remembers its newest draw, and whichever
  // call's fetch ends, the newest draw marks the sheet.
  lastDraw.set(holder, draw);
  const known = svgText.get(url);
  if (known) { holder.append(known); draw(); }
  else {
    if (!svgLoads.has(url)) svgLoads.set(url, fetch(url).then((r) => (r.ok ? r.text() : "")));
    svgLoads.get(url)?.then((text) => {
      if (!holder.isConnected || lastDraw.get(holder) !== draw) return; // a newer draw will
      let svg = svgText.get(url);
      if (!svg) {
        svgLoads.delete(url); // (a failed fetch is tried again by the next redraw)
        if (!text.startsWith("<svg")) return;
        holder.innerHTML = text;
        svg = holder.querySelector("svg");
        if (!svg) return;
        svgText.set(url, svg);
      } else if (svg.parentNode !== holder) holder.append(svg);
      draw();
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
    choose(name, lineMove(grouped(list).lines.get(list[0].line)), ctx);
  };
}

// The part of the sheet (units) the legal targets take: the stations, or the legal
// lines' tracks on the map (their wagons in the lines table are not framed).
function targetBox(svg) {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  const add = (x, y) => { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); };
  for (const g of svg.querySelectorAll("[data-station].legal")) { const c = centre(g); if (c) { add(c[0] - c[2], c[1] - c[2]); add(c[0] + c[2], c[1] + c[2]); } }
  for (const p of svg.querySelectorAll(".map [data-line].legal polyline:not(.vv-track)")) {
    for (const pt of p.getAttribute("points").trim().split(/\s+/)) { const [x, y] = pt.split(",").map(Number); add(x, y); }
  }
  return x1 >= x0 ? { x: x0, y: y0, w: x1 - x0, h: y1 - y0 } : null;
}

// The player's own sheet on a phone, kept across redraws while its marks and language
// stay (its frame, pan-zoom and parsed drawing): a tap redraws the marks on it, not it.
let playSheet = null;

/**
 * @param {VvTable} table
 * @param {PageState} state
 */
function sheetOf(table, name, state, ctx, play) {
  const sheet = table.sheets.find((s) => s.player === name) ?? table.sheets[0];
  const token = encodeURIComponent(new URLSearchParams(location.search).get("t") || "");
  const lang = LANGS.includes(ctx.lang) ? ctx.lang : "en";
  const file = (name) => `/api/games/${encodeURIComponent(state.game.id)}/asset/${name}.svg?t=${token}`;
  const key = [state.game.id, sheet.player, lang, sheet.marks].join("|");
  let parts = play && playSheet?.key === key ? playSheet : null;
  if (!parts) {
    const fig = el("figure", { class: "vv-sheet", "data-player": sheet.player });
    const view = (views[sheet.player] ??= newView());
    const zoomOut = el("button", { type: "button", class: "vv-zoom", id: "vv-zoom-out", "aria-label": ctx.t("vv_zoom_out"), title: ctx.t("vv_zoom_out") }, "−");
    const zoomIn = el("button", { type: "button", class: "vv-zoom", id: "vv-zoom-in", "aria-label": ctx.t("vv_zoom_in"), title: ctx.t("vv_zoom_in") }, "+");
    const zooms = el("span", { class: "vv-zooms" }, zoomOut, zoomIn);
    // the sheet is the board: drawn inline, its legal targets marked, taps turned into moves
    const base = el("div", { class: "vv-base", role: "img", "aria-label": ctx.t("vv_sheet", { name: sheet.player }) });
    // the player's pen marks over it, in the same viewBox (a new key when they change)
    const marks = el("img", { class: "vv-marks", alt: "", src: file(`marks-${sheet.seat}-${lang}-${sheet.marks}`) });
    const paper = el("div", { class: "vv-paper" }, base, marks);
    // pinch and drag the sheet (the buttons and a double tap too); taps still choose targets
    const frame = el("div", { class: "vv-scroll" }, paper);
    parts = { key, fig, frame, zooms, base, view, svg: null };
    const made = parts;
    parts.zoom = panZoom(frame, paper, view, (v) => {
      zoomOut.disabled = v.scale <= 1;
      if (made.svg) sizeHandles(made.svg, v.scale);
    });
    zoomIn.onclick = parts.zoom.zoomIn;
    zoomOut.onclick = parts.zoom.zoomOut;
    if (!play) fig.append(el("figcaption", {}, el("span", { text: ctx.t("vv_sheet", { name: sheet.player }) }), zooms));
    fig.append(frame);
    if (play) playSheet = parts;
  }
  const { frame, zoom, view } = parts;
  const legalKey = JSON.stringify(state.legal[sheet.player] ?? null) + state.version;
  const drawn = (svg) => {
    parts.svg = svg;
    // after each card (new legal targets) the view frames them by itself: the stations of
    // a free ride large enough for a thumb each, the legal lines as large as fit
    // (a sheet already parsed is drawn before its frame is back in the page: framed in
    // the next frame then, once it has its size)
    if (play && !frame.isConnected) {
      requestAnimationFrame(() => frame.isConnected && drawn(svg));
      return;
    }
    // the game over, the sheet is shown whole once (the player zooms in from there)
    if ((state.over || state.ended) && framedFor[sheet.player] !== "over") {
      zoom.reset();
      framedFor[sheet.player] = "over";
    }
    if (play && framedFor[sheet.player] !== legalKey && state.legal[sheet.player]) {
      const box = targetBox(svg);
      const px = frame.clientWidth / svg.viewBox.baseVal.width;
      if (box && px > 0) {
        const apart = Number(svg.dataset.apart);
        const least = svg.querySelector("circle[data-hit]") && apart < 1000 ? (HANDLE + 2) / (apart * px) : 1;
        zoom.frameTo({ x: box.x * px, y: box.y * px, w: box.w * px, h: box.h * px }, least);
        framedFor[sheet.player] = legalKey;
      }
    }
    sizeHandles(svg, view.scale);
  };
  boardSheet(parts.base, file(`sheet-${lang}`), sheet.player, state, table, ctx, drawn);
  if (tapped && !play) parts.fig.append(el("p", { class: "vv-tapped", role: "status", text: tapped }));
  return parts;
}

/** @param {VvTable} table */
function progress(table, ctx) {
  const list = el("ul", { class: "vv-players" });
  for (const p of table.players) {
    const what = doing(p, ctx);
    list.append(el("li", { "data-player": p.name }, el("strong", { text: p.name }), ` ${what} · ${ctx.t("vv_free", { n: p.free })}`));
  }
  return el("section", {}, el("h2", { text: ctx.t("vv_players") }), list);
}

// Completions of one line in one round with one bonus, as one sentence (several players
// may complete a line in the same round: they all score first).
/** @param {import("../types/voll-verplant").VvCompletion[]} list */
function doneTexts(list, ctx) {
  const groups = new Map();
  for (const c of list) {
    const key = `${c.round}|${c.line}|${c.bonus}`;
    if (!groups.has(key)) groups.set(key, { ...c, players: [] });
    groups.get(key).players.push(c.player);
  }
  return [...groups.values()].map((c) => ctx.t("vv_done", { ...c, player: c.players.join(", "), bonus: ctx.t(`vv_${c.bonus}`) }));
}

/** @param {PageState} state */
function drawTable(root, state, ctx) {
  const table = state.view.table;
  for (const [name, moves] of Object.entries(state.legal)) {
    const key = JSON.stringify(moves); // another player's step keeps this player's taps
    if (pickFor[name] !== key) { delete pending[name]; pickFor[name] = key; }
  }
  const mine = state.you.player;
  // a player's phone during the game: the card strip on top, the sheet filling the
  // screen, the bar in the thumb zone (the rest of the page below the fold)
  const play = Boolean(mine) && !state.over && !state.ended;
  // the watch link while the game runs: the same strip and sheet, a bar of the players
  const watch = state.you.watch && !state.over && !state.ended;
  document.body.classList.toggle("vv-play", play);
  document.body.classList.toggle("vv-watch", watch);
  // the host's page of a table while the game runs: the same strip, the shown player's
  // sheet filling the screen, their picker and a chip a player in the thumb zone
  const host = Boolean(state.you.host) && !mine && !state.over && !state.ended;
  document.body.classList.toggle("vv-host", host);
  if (!play && !watch && !host) document.querySelector("main").style.paddingBottom = "";
  root.replaceChildren();
  if (table.news.length) {
    root.append(el("div", { class: "vv-news", role: "status", "aria-live": "polite" },
      ...doneTexts(table.news, ctx).map((text) => el("p", { text }))));
  }
  if (play) {
    const { fig, frame, zooms, zoom } = sheetOf(table, mine, state, ctx, true);
    const bar = el("div", { class: "vv-thumb" });
    if (state.legal[mine]) bar.append(picker(mine, state.legal[mine], table, state, ctx));
    else {
      const wait = state.at_chance ? ctx.t("chance") : ctx.t("waiting");
      bar.append(el("section", { class: "vv-waiting" },
        el("div", { class: "vv-head" }, el("p", { class: "vv-wait status", text: wait })),
        actionRow(mine, null, state, ctx)));
    }
    const head = bar.querySelector(".vv-head");
    if (tapped) head.append(el("p", { class: "vv-tapped", role: "status", text: tapped }));
    head.append(zooms);
    root.append(fig, bar);
    fitFrame(frame, bar, zoom.refresh);
    // below the fold: the free ride's stations as a list, the accessible alternative
    const stations = grouped(state.legal[mine] || []).stations;
    if (stations.length) {
      const row = el("div", { class: "moves" });
      for (const m of stations) {
        const title = table.stations[String(m.station)] || "";
        row.append(el("button", { type: "button", class: "vv-station", title, "aria-label": `${m.station} ${title}`.trim(),
          onclick: () => choose(mine, m, { ...ctx }) }, String(m.station)));
      }
      root.append(el("section", { class: "vv-list" }, el("h2", { text: ctx.t("vv_stations_list") }), row));
    }
  } else if (watch) {
    watchLayout(root, table, state, ctx);
  } else if (host) {
    hostLayout(root, table, state, ctx);
  } else {
    for (const [name, moves] of Object.entries(state.legal)) root.append(picker(name, moves, table, state, ctx));
    if (mine && !state.legal[mine] && !state.over && !state.ended) {
      root.append(el("p", { class: "vv-wait status", text: state.at_chance ? ctx.t("chance") : ctx.t("waiting") }));
    }
  }
  if (state.score) {
    const sum = el("section", { class: "vv-breakdown" });
    for (const p of state.score.players) {
      sum.append(el("p", { text: ctx.t("vv_breakdown", { name: p.name, lines: p.line_points, transfers: p.transfer_sum, empty: p.empty_penalty, total: p.total }) }));
    }
    root.append(sum);
  }
  if (!mine && !watch && !host && table.sheets.length > 1) {
    const tabs = el("div", { class: "moves vv-tabs" });
    shownSheet = table.sheets.some((s) => s.player === shownSheet) ? shownSheet : table.sheets[0].player;
    for (const s of table.sheets) {
      tabs.append(el("button", { type: "button", "aria-pressed": String(s.player === shownSheet), onclick: () => { shownSheet = s.player; ctx.rerender(); } }, s.player));
    }
    root.append(tabs);
  }
  if (!play && !watch && !host) {
    const who = mine ?? shownSheet ?? table.sheets[0].player;
    root.append(sheetOf(table, who, state, ctx, false).fig);
  }
  root.append(progress(table, ctx));
  if (table.completions.length) {
    root.append(el("section", {}, el("h2", { text: ctx.t("vv_completed") }),
      el("ul", { class: "vv-done" }, ...doneTexts(table.completions, ctx).map((text) => el("li", { text })))));
  }
}

// What a player is doing this round, in a few words (the same as the progress list's).
const doing = (p, ctx) => (p.asking ? ctx.t("vv_owes", { id: p.asking.id }) : p.to_move ? ctx.t("vv_thinking")
  : p.moved ? ctx.t("vv_moved") : "");

// The watch link's phone while the game runs (a screen in the middle of the table, a
// phone with no sheet): the card strip on top, the chosen player's sheet filling the
// screen, and in the thumb zone one chip a player (the name, what they are doing this
// round) that shows their sheet; the rest below the fold. It moves nothing.
function watchLayout(root, table, state, ctx) {
  shownSheet = table.sheets.some((s) => s.player === shownSheet) ? shownSheet : table.sheets[0]?.player;
  if (!shownSheet) return;
  const { fig, frame, zooms, zoom } = sheetOf(table, shownSheet, state, ctx, true);
  const chips = el("div", { class: "vv-chips vv-tabs" });
  for (const p of table.players) {
    const what = doing(p, ctx);
    chips.append(el("button", { type: "button", class: "vv-who", "data-player": p.name, "aria-pressed": String(p.name === shownSheet),
      onclick: () => { shownSheet = p.name; ctx.rerender(); } }, el("b", { text: p.name }), el("small", { text: what || "\u00a0" })));
  }
  const head = el("div", { class: "vv-head" }, el("p", { class: "vv-prompt", text: ctx.t("vv_sheet", { name: shownSheet }) }));
  if (tapped) head.append(el("p", { class: "vv-tapped", role: "status", text: tapped }));
  head.append(zooms);
  const bar = el("div", { class: "vv-thumb vv-watchbar" }, head, chips);
  root.append(fig, bar);
  fitFrame(frame, bar, zoom.refresh);
}

// The host's page while the game runs (a phone at the table, moving for the players
// without one): the card strip on top, the shown player's sheet filling the screen, and in
// the thumb zone, above the host's Reveal and Undo (game.js), that player's move picker
// (the same as a player's: line chips, Confirm) and a chip a player to show another.
// The sheet shown is the host's choice, else the first player the host moves for now.
let hostChose = false;
function hostLayout(root, table, state, ctx) {
  const names = table.sheets.map((s) => s.player);
  if (state.at_chance) hostChose = false; // a new card shows the first player to move again
  if (!hostChose || !names.includes(shownSheet)) {
    shownSheet = names.find((n) => state.legal[n])
      ?? (names.includes(shownSheet) ? shownSheet : names[0]);
  }
  if (!shownSheet) return;
  const { fig, frame, zooms, zoom } = sheetOf(table, shownSheet, state, ctx, true);
  const chips = el("div", { class: "vv-chips vv-tabs" });
  for (const p of table.players) {
    const show = () => { shownSheet = p.name; hostChose = true; ctx.rerender(); };
    // the players to move now (the host may move for them) are marked: a pen
    const mine = state.legal[p.name] ? " vv-mine" : "";
    chips.append(el("button", { type: "button", class: `vv-who${mine}`, "data-player": p.name,
      "aria-pressed": String(p.name === shownSheet), onclick: show },
    el("b", { text: p.name }), el("small", { text: doing(p, ctx) || "\u00a0" })));
  }
  const bar = el("div", { class: "vv-thumb vv-hostbar" });
  const legal = state.legal[shownSheet];
  if (legal) bar.append(picker(shownSheet, legal, table, state, ctx, false));
  else {
    const p = table.players.find((q) => q.name === shownSheet);
    const what = state.at_chance ? ctx.t("chance")
      : (p && doing(p, ctx)) || ctx.t("vv_sheet", { name: shownSheet });
    bar.append(el("div", { class: "vv-head" },
      el("p", { class: "vv-prompt", text: `${shownSheet}: ${what}` })));
    if ((state.can_retract || []).includes(shownSheet)) {
      bar.append(el("div", { class: "vv-actions" }, retractButton(shownSheet, state, ctx)));
    }
  }
  const head = bar.querySelector(".vv-head");
  if (tapped) head.append(el("p", { class: "vv-tapped", role: "status", text: tapped }));
  // the zoom buttons beside the players' chips: the words above them take one short row
  // (the bar stands on Reveal and Undo, and the sheet keeps the most of the screen)
  chips.append(zooms);
  bar.append(chips);
  root.append(fig, bar);
  fitFrame(frame, bar, zoom.refresh);
}

/** @type {ResizeObserver | null} the bar's (and host bar's) size watched, so the sheet's frame fits */
let frameWatch = null;
/** @type {(() => void) | null} the last frame fitted, fitted again on a resize */
let lastFit = null;
// The sheet's frame takes the screen from where it starts down to the thumb bar (the
// page itself does not scroll for anything a round needs).
function fitFrame(frame, bar, refresh) {
  const fit = () => {
    const body = document.body.classList;
    const laid = ["vv-play", "vv-watch", "vv-host"].some((c) => body.contains(c));
    if (!frame.isConnected || !laid) return;
    const top = frame.getBoundingClientRect().top + window.scrollY;
    // the host's Reveal and Undo (game.js) lie under the bar: it stands on them
    const hostbar = document.getElementById("hostbar");
    const under = body.contains("vv-host") && hostbar && !hostbar.hidden ? hostbar.offsetHeight : 0;
    document.body.style.setProperty("--vv-under", `${under}px`);
    // the bar at the bottom, or at the side of a phone held sideways (voll-verplant.css)
    const side = matchMedia(SIDEWAYS).matches;
    const below = side ? 0 : bar.offsetHeight + under;
    // (at least a strip of sheet; the host's bar, on Reveal and Undo, leaves it less)
    const least = side || body.contains("vv-host") ? 120 : 160;
    const height = Math.max(least, window.innerHeight - top - below - 4);
    frame.style.height = `${Math.floor(height)}px`;
    // what lies below the fold can still be scrolled to from under the bar
    document.querySelector("main").style.paddingBottom = side ? "" : `${below + 8}px`;
    refresh(); // the view kept in bounds of the frame as it is now
  };
  fit();
  lastFit = fit;
  frameWatch?.disconnect();
  frameWatch = new ResizeObserver(fit); // the bar grows with what it offers
  frameWatch.observe(bar);
  const hostbar = document.getElementById("hostbar");
  if (hostbar) frameWatch.observe(hostbar);
}
window.addEventListener("resize", () => lastFit?.());
// a phone held sideways: the bar stands at the right (the same query as voll-verplant.css)
const SIDEWAYS = "(orientation: landscape) and (max-height: 520px)";

/**
 * @param {HTMLElement} root
 * @param {PageState} state the state the server sends (types/voll-verplant.d.ts, made by
 *   scorepad.web.schema from the Python types: tests/test_page_types.py checks this file)
 */
export function render(root, state, ctx) {
  if (!styleSheet(() => render(root, state, ctx))) return { generic: !state.view.table };
  if (!root.querySelector(".vv-flip")) {
    root.replaceChildren(el("div", { class: "vv-flip" }));
  }
  const flip = root.querySelector(".vv-flip");
  // before the first card: the served page's button is "Reveal" (the host's), or none
  const first = state.you.host ? ctx.t("press_reveal") : ctx.t("wait_first_card");
  const actions = ScorepadCards.draw(flip, state.view.flip, { ...ctx.words, press_next: first });
  const table = state.view.table;
  flip.classList.toggle("vv-with-table", Boolean(table));
  if (!table) { actions.replaceChildren(); document.body.classList.remove("vv-play", "vv-watch", "vv-host");
    return { generic: true };
  }
  const rerender = () => drawTable(actions, state, { ...ctx, rerender, t: ctx.t, lang: ctx.lang });
  rerender();
  return { generic: false };
}
