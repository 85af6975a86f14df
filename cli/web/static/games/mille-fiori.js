// Mille Fiori on the served game page: the scorekeeper. The board's areas come as SVG
// from the server (scorepad.web.mf.mf_view, drawn by the sheets layer), each space with
// its id in data-space; the legal spaces and cards are the engine's legal moves
// (state.legal). A tap on a space (or Ship) chooses where, then a card button plays
// {card, action}; nothing here knows a rule. The page lists what each step scored, and
// why, as the engine's events say.
import { el, lang } from "../common.js";

/** @typedef {import("../types/mille-fiori").PageState} PageState */
/** @typedef {import("../types/mille-fiori").MfPageView} MfPageView */

let chosen = null; // {player, target} where target is a space id or "ship"
let redraw = () => {}; // draws the last state again (after a tap that only chooses)

// The module's style sheet; false until it has loaded (the layout is measured with it,
// so the page is drawn again then by `then`).
let cssLoaded = false;
function styles(then) {
  if (!document.getElementById("mf-css")) {
    const link = el("link", { id: "mf-css", rel: "stylesheet", href: "/static/games/mille-fiori.css" });
// @ts-expect-error: a property of the function (tsc knows only those set outside it)
    link.addEventListener("load", () => { cssLoaded = true; styles.then?.(); });
    document.head.append(link);
  }
// @ts-expect-error: as above
  styles.then = then;
  return cssLoaded;
}

// A card says its number is the ship's, a space its number with "#", so a card and the
// space it goes to are never mixed up:
// "workshops/quartz/3" → "quartz (ship 3)"; "residences/-/3" → "Residences (ship 3)";
// "residences/2" → "Residences #2"
export function cardName(id, t) {
  const [area, symbol, number] = id.split("/");
  return `${symbol === "-" ? t(`mf.${area}`) : t(`mf.${symbol}`)} (${t("mf_k_ship")} ${number})`;
}

function spaceName(id, t) {
  if (id === "ship") return t("mf_ship");
  const [area, ...rest] = id.split("/");
  return `${t(`mf.${area}`)} ${rest.map((r) => (/^\d+$/.test(r) ? `#${r}` : t(`mf.${r}`))).join(" ")}`;
}

// the legal moves of one player, by target: space id (or "ship") → [move]
function byTarget(moves) {
  const out = new Map();
  for (const m of moves) {
    if (m.empty_display) continue;
    const target = m.action.ship ? "ship" : m.action.place;
    if (!out.has(target)) out.set(target, []);
    out.get(target).push(m);
  }
  return out;
}

function kindName(kind, t) {
  return ["ship", "bonus_fields", "empty_display", "bonus", "field", "end"].includes(kind)
    ? t(`mf_k_${kind}`) : t(`mf.${kind}`);
}

/** @param {import("../types/mille-fiori").MfStep} step */
function stepLine(step, t) {
  if (step.player === null) return t(step.chance === "deal" ? "mf_deal" : "mf_leftover");
  if (step.empty_display) return `${step.player}: ${t("mf_empty")}`;
  const card = cardName(step.card, t);
  return `${step.player}: ${step.ship ? t("mf_to_ship", { card }) : `${card} → ${spaceName(step.place, t)}`}`;
}

/** @param {MfPageView} v */
function players(v, t) {
  const table = el("table", { class: "mf-totals", id: "mf-totals" });
  for (const p of v.players) {
    const tr = table.insertRow();
    tr.dataset.player = p.name;
    const who = tr.insertCell();
    who.append(el("span", { class: "mf-chip", text: p.initial }), ` ${p.name}`);
    who.firstChild.style.setProperty("--c", p.color);
    const total = tr.insertCell(); total.className = "mf-total"; total.textContent = String(p.total);
    const info = tr.insertCell();
    const bits = [t("mf_ship_at", { n: p.ship_position, of: v.ship_track }), t("mf_diamonds", { n: p.diamonds_left }),
      t("mf_bonus_cards", { n: p.bonus_cards })];
    if (p.laps) bits.unshift(t("mf_lap", { track: p.track, lap: p.laps + 1 }));
    info.textContent = bits.join(" · ");
  }
  return table;
}

// a list of cards, the same card once with its count: "quartz 3, Harbor 1 ×3"
function cards(title, ids, t) {
  const counts = new Map();
  for (const c of ids) counts.set(c, (counts.get(c) || 0) + 1);
  const text = [...counts].map(([c, n]) => `${cardName(c, t)}${n > 1 ? ` ×${n}` : ""}`).join(", ");
  return el("p", { class: "mf-cards" }, el("strong", { text: `${title}: ` }), text || "–");
}

/** @param {MfPageView} v */
function recent(v, t) {
  const list = el("ol", { class: "mf-recent", id: "mf-recent" });
  for (const step of v.recent) {
    const li = el("li", { value: String(step.number) }, el("span", { text: stepLine(step, t) }));
    const events = el("ul");
    for (const e of step.events) {
      const pts = e.points ? `${e.player}: +${e.points} ${kindName(e.kind, t)}` : `${kindName(e.kind, t)}`;
      // why, in the page's language (the engine's reason worded by the game's words table)
      const why = (e.whys && e.whys[lang]) || e.why;
      events.append(el("li", { class: `mf-ev mf-ev-${e.kind}`, text: `${pts} – ${why}` }));
    }
    li.append(events);
    list.append(li);
  }
  return list;
}

/** @param {MfPageView} v */
function fields(v, t) {
  const table = el("table", { class: "mf-fields" });
  for (const f of v.fields) {
    const tr = table.insertRow();
    tr.insertCell().textContent = t(`mf.${f.area}`);
    const values = tr.insertCell();
    f.values.forEach((n, i) => values.append(el(i < f.taken ? "s" : "span", { text: String(n) }), " "));
    const who = v.players.filter((p) => p.fields.includes(f.area)).map((p) => p.name);
    tr.insertCell().textContent = who.length ? t("mf_taken_by", { who: who.join(", ") }) : t("mf_nobody");
  }
  return table;
}

// why a bonus card is owed, in the page's language (the engine's keyed reason, worded by
// the game's words table, as the events' whys)
/** @param {import("../types/mille-fiori").MfBonusOwed} owed */
const owedWhy = (owed) => (owed.whys && owed.whys[lang]) || owed.why;

// where to play (spaces marked on the board) and the cards for the chosen target
/** @param {PageState} state */
function picker(state, ctx, legal) {
  const t = ctx.t;
  const [player] = Object.keys(state.legal);
  const box = el("section", { class: "mf-pick", id: "mf-pick" });
  // the bonus card owed is said where the player looks: in the sticky picker
  const owed = state.view.bonus_owed;
  if (owed) box.append(el("p", { class: "mf-owed", id: "mf-owed-pick", text: ctx.t("mf_owes", { name: owed.player, why: owedWhy(owed) }) }));
  if (!player) return box;
  const moves = state.legal[player];
  if (chosen && (chosen.player !== player || !legal.has(chosen.target))) chosen = null;
  box.append(el("p", { text: `${player}: ${t("mf_tap")}` }));
  const row = el("div", { class: "moves" });
  if (legal.has("ship")) {
    const ship = el("button", { type: "button", id: "mf-ship", "aria-pressed": String(chosen?.target === "ship"), text: t("mf_ship") });
    ship.addEventListener("click", () => { chosen = { player, target: "ship" }; redraw(); });
    row.append(ship);
  }
  const empty = moves.find((m) => m.empty_display);
  if (empty) {
    const b = el("button", { type: "button", id: "mf-empty", text: t("mf_empty") });
    b.addEventListener("click", () => ctx.step(player, empty));
    row.append(b);
  }
  box.append(row);
  if (chosen) {
    box.append(el("h3", { text: t("mf_cards_for", { space: spaceName(chosen.target, t) }) }));
    const list = el("div", { class: "moves mf-cardlist" });
    for (const m of legal.get(chosen.target)) {
      const b = el("button", { type: "button", class: "mf-card", "data-card": m.card, text: cardName(m.card, t) });
      b.addEventListener("click", () => { chosen = null; ctx.step(player, m); });
      list.append(b);
    }
    box.append(list);
  }
  return box;
}

/** @param {MfPageView} v */
function board(v, ctx, legal, player) {
  const t = ctx.t;
  const wrap = el("div", { class: "mf-board", id: "mf-board" });
  for (const area of v.areas) {
    const title = area.id === "trade" ? `${t("mf.trade")} · ${t("mf.harbor")}` : t(`mf.${area.id}`);
    const box = el("div", { class: "mf-area", "data-area": area.id });
    box.innerHTML = area.svg; // the server's SVG (sheets layer): no script, only shapes and text
    wrap.append(el("h3", { text: title }), box);
  }
  for (const g of wrap.querySelectorAll("[data-word]")) {
    const text = g.querySelector("text");
    text.textContent = t(g.dataset.word); text.removeAttribute("textLength");
  }
  for (const g of wrap.querySelectorAll("[data-space]")) {
    const id = g.dataset.space;
    if (legal.has(id)) {
      g.classList.add("legal");
      g.setAttribute("role", "button");
      g.setAttribute("aria-label", spaceName(id, t));
      if (chosen && chosen.target === id) g.classList.add("chosen");
    }
  }
  wrap.addEventListener("click", (e) => {
    const g = e.target.closest("[data-space]");
    if (!g || !legal.has(g.dataset.space)) return;
    chosen = { player, target: g.dataset.space };
    redraw();
  });
  return wrap;
}

// Handles (a thumb's target) of the legal spaces: a transparent box over each, at least
// 44×44 CSS px at the board's size (the space's own shape where it is larger), so a finger
// hits the space and no neighbour's box covers its middle.
const HANDLE = 46;
function sizeHandles(wrap) {
  for (const svg of wrap.querySelectorAll(".mf-area svg")) {
    const px = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    if (!(px > 0)) continue;
    for (const g of svg.querySelectorAll("[data-space].legal")) {
      let hit = g.querySelector("rect[data-hit]");
      if (!hit) {
        hit = document.createElementNS("http://www.w3.org/2000/svg", "rect");
        hit.setAttribute("data-hit", ""); hit.setAttribute("class", "mf-hit");
        const shape = g.querySelector(".shape") || g;
        const b = shape.getBBox();
        hit.dataset.box = [b.x, b.y, b.width, b.height].join(" ");
        g.append(hit);
      }
      const [x, y, w, h] = hit.dataset.box.split(" ").map(Number);
      const side = HANDLE / px;
      const W = Math.max(w, side), H = Math.max(h, side);
      hit.setAttribute("x", (x + w / 2 - W / 2).toFixed(2)); hit.setAttribute("y", (y + h / 2 - H / 2).toFixed(2));
      hit.setAttribute("width", W.toFixed(2)); hit.setAttribute("height", H.toFixed(2));
    }
  }
}

let framedFor = null; // the legal moves the board was last scrolled to
/** @type {ResizeObserver | null} the bar's size watched, so the board's frame fits above it */
let layoutWatch = null;
/** @type {(() => void) | null} the watchers' frame fitted again (a phone turned sideways) */
let watchFit = null;

// The board's frame takes the screen from where it starts down to the `below` CSS px that a
// bar at the bottom covers (the board scrolls inside its frame, the page does not).
function fitAbove(frame, below) {
  const top = frame.getBoundingClientRect().top + window.scrollY;
  frame.style.height = `${Math.max(160, Math.floor(window.innerHeight - top - below - 4))}px`;
}

// `fit` again whenever `bar` changes size (it grows with what it offers); one watch a page.
function refitOnResize(fit, bar) {
  layoutWatch?.disconnect();
  layoutWatch = new ResizeObserver(fit);
  if (bar) layoutWatch.observe(bar);
}

// A player's phone while the game runs: a strip on top (round, own total, the bonus owed,
// the hand), the board filling the screen (it scrolls inside its frame, the page does
// not), the picker fixed in the thumb zone; the rest below the fold.
/**
 * @param {PageState} state
 * @param {MfPageView} v
 */
function playLayout(root, state, ctx, v, legal, player) {
  const t = ctx.t;
  const me = v.players.find((p) => p.name === state.you.player);
  const strip = el("div", { class: "mf-strip" },
    el("p", { class: "mf-round", id: "mf-round", text: t("mf_round", { n: v.round, of: v.rounds }) }),
    el("p", { class: "mf-me", text: me ? `${me.name}: ${t("points", { n: me.total })}` : "" }));
  const parts = [strip];
  if (v.end) parts.push(el("p", { class: "mf-owed", id: "mf-end", text: t(`mf_end_${v.end}`) }));
  if (v.bonus_owed) parts.push(el("p", { class: "mf-owed", id: "mf-owed", text: t("mf_owes", { name: v.bonus_owed.player, why: owedWhy(v.bonus_owed) }) }));
  for (const [name, hand] of Object.entries(v.hands)) parts.push(cards(t("mf_hand", { name }), hand, t));
  const wrap = board(v, ctx, legal, player);
  const frame = el("div", { class: "mf-frame" }, wrap);
  const bar = el("div", { class: "mf-thumb" }, picker(state, ctx, legal));
  parts.push(frame, bar);
  parts.push(players(v, t));
  if (v.display) parts.push(cards(t("mf_display"), v.display, t));
  if (v.recent.length) parts.push(el("h3", { text: t("mf_recent") }), recent(v, t));
  parts.push(el("h3", { text: t("mf_fields") }), fields(v, t));
  const keepScroll = root.querySelector(".mf-frame")?.scrollTop ?? 0;
  root.replaceChildren(...parts);
  const fit = () => {
    if (!frame.isConnected) return;
    fitAbove(frame, bar.offsetHeight);
    document.querySelector("main").style.paddingBottom = `${bar.offsetHeight + 8}px`;
    sizeHandles(wrap);
  };
  fit();
  refitOnResize(fit, bar);
  // after each change of the legal moves the board shows the first legal space by itself
  const key = JSON.stringify(state.legal);
  const first = wrap.querySelector("[data-space].legal");
  if (key !== framedFor && first) {
    framedFor = key;
    const f = frame.getBoundingClientRect(), r = first.getBoundingClientRect();
    frame.scrollTop = Math.max(0, r.top - f.top - 40);
  } else frame.scrollTop = keepScroll;
}
// The watch link's and the host's phone while the game runs (they hold no hand): the
// round and each player's total in a strip on top, the bonus owed and the display, the
// board filling the screen down to the host's Reveal and Undo (or the bottom) and
// scrolling inside its frame; who has what (ship, diamonds), the last steps and the
// fields below the fold.
function watchLayout(root, ctx, v, legal, player) {
  const t = ctx.t;
  const scores = el("p", { class: "mf-scores", id: "mf-scores" });
  for (const p of v.players) {
    const chip = el("span", { class: "mf-chip", text: p.initial });
    chip.style.setProperty("--c", p.color);
    scores.append(el("span", { class: "mf-score", "data-player": p.name }, chip, ` ${p.name} `, el("b", { text: String(p.total) })));
  }
  const parts = [el("p", { class: "mf-round", id: "mf-round", text: t("mf_round", { n: v.round, of: v.rounds }) }), scores];
  if (v.end) parts.push(el("p", { class: "mf-owed", id: "mf-end", text: t(`mf_end_${v.end}`) }));
  if (v.bonus_owed) parts.push(el("p", { class: "mf-owed", id: "mf-owed", text: t("mf_owes", { name: v.bonus_owed.player, why: owedWhy(v.bonus_owed) }) }));
  if (v.display) parts.push(cards(t("mf_display"), v.display, t));
  const wrap = board(v, ctx, legal, player);
  const frame = el("div", { class: "mf-frame" }, wrap);
  parts.push(frame, players(v, t));
  if (v.recent.length) parts.push(el("h3", { text: t("mf_recent") }), recent(v, t));
  parts.push(el("h3", { text: t("mf_fields") }), fields(v, t));
  const keepScroll = root.querySelector(".mf-frame")?.scrollTop ?? 0;
  root.replaceChildren(...parts);
  const fit = () => {
    if (!frame.isConnected) return;
    const hostbar = document.getElementById("hostbar");
    // the host's bar across the bottom (not at the side of a phone held sideways: style.css)
    const bar = hostbar && !hostbar.hidden && getComputedStyle(hostbar).position === "fixed" ? hostbar.getBoundingClientRect() : null;
    fitAbove(frame, bar && bar.width > window.innerWidth / 2 ? bar.height : 0);
  };
  fit();
  watchFit = fit; // a phone turned sideways: the frame fits the screen again
  refitOnResize(fit, document.getElementById("hostbar"));
  frame.scrollTop = keepScroll;
}
window.addEventListener("resize", () => {
  const w = document.querySelector("#mf-board"); if (w) sizeHandles(w);
  if (document.body.classList.contains("mf-watch")) watchFit?.();
});

/**
 * @param {HTMLElement} root
 * @param {PageState} state the state the server sends (types/mille-fiori.d.ts, made by
 *   scorepad.web.schema from the Python types: tests/test_page_types.py checks this file)
 */
export function render(root, state, ctx) {
  if (!styles(() => render(root, state, ctx))) return { generic: false };
  const v = state.view;
  const t = ctx.t;
  redraw = () => render(root, state, ctx);
  const [player] = Object.keys(state.legal);
  const legal = byTarget(player ? state.legal[player] : []);
  const play = Boolean(state.you.player) && !state.over && !state.ended;
  // the watch link's and the host's phone while the game runs: the board fills the screen
  const watch = !state.you.player && !state.over && !state.ended;
  document.body.classList.toggle("mf-play", play);
  document.body.classList.toggle("mf-watch", watch);
  if (play) { playLayout(root, state, ctx, v, legal, player); return { generic: false }; }
  if (watch) { watchLayout(root, ctx, v, legal, player); return { generic: false }; }
  document.querySelector("main").style.paddingBottom = "";
  const parts = [el("p", { class: "mf-round", id: "mf-round", text: t("mf_round", { n: v.round, of: v.rounds }) })];
  if (v.end) parts.push(el("p", { class: "mf-owed", id: "mf-end", text: t(`mf_end_${v.end}`) }));
  if (v.bonus_owed) parts.push(el("p", { class: "mf-owed", id: "mf-owed", text: t("mf_owes", { name: v.bonus_owed.player, why: owedWhy(v.bonus_owed) }) }));
  parts.push(players(v, t));
  for (const [name, hand] of Object.entries(v.hands)) parts.push(cards(t("mf_hand", { name }), hand, t));
  if (v.display) parts.push(cards(t("mf_display"), v.display, t));
  parts.push(board(v, ctx, legal, player));
  parts.push(picker(state, ctx, legal));
  if (v.recent.length) parts.push(el("h3", { text: t("mf_recent") }), recent(v, t));
  parts.push(el("h3", { text: t("mf_fields") }), fields(v, t));
  root.replaceChildren(...parts);
  return { generic: false };
}
