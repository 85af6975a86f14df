// Floris on the served game page: the tally. Bouquets are typed as `floris bouquet` reads
// them ("rose:3 lily:3", "r3 l3"); Check asks the server's checker (the engine's judge and
// smallest fix, the words `floris bouquet` prints), Present plays the bouquet as a step,
// and the engine refuses what is no bouquet. The end-of-game entry is one more step. The
// form is built once, so a state arriving from another phone never wipes what is typed.
import { el, lang, refusalText } from "../common.js";

/** @typedef {import("../types/floris").PageState} PageState */

// a bouquet or a verdict in the page's language (the game's words, sent for en/de/fr)
/** @param {{said?: {[lang: string]: {flowers: string, label: string}}}} x */
const said = (x) => (x.said && x.said[lang]) || null;
/** @param {import("../types/floris").FlBouquet} b */
const bouquetText = (b) => {
  const w = said(b);
  return w ? `${w.flowers} – ${w.label}` : `${b.spec} – ${b.label}`;
};

let form = null;   // the persistent form elements
let redraw = () => {}; // draws the last state again
let forName = null; // whom the form enters for (the host may choose)

function field(id, labelText, input) {
  input.id = id;
  return [el("label", { for: id, id: `${id}-l`, text: labelText }), input];
}

function build(ctx) {
  const t = ctx.t;
  const spec = el("input", { type: "text", autocomplete: "off", autocapitalize: "none", spellcheck: "false" });
  const verdict = el("div", { id: "fl-verdict", class: "fl-verdict", "aria-live": "polite" });
  const check = el("button", { type: "button", id: "fl-check" });
  const present = el("button", { type: "button", id: "fl-present", class: "primary" });
  const who = el("div", { class: "moves", id: "fl-who" });
  const play = el("section", { id: "fl-play" }, el("h2", { id: "fl-for" }), who,
    ...field("fl-spec", "", spec), el("div", { class: "fl-row" }, check, present), verdict);
  const final = el("input", { type: "text", autocomplete: "off", autocapitalize: "none", spellcheck: "false" });
  const number = () => el("input", { type: "number", min: "0", max: "45", value: "0", inputmode: "numeric" });
  const hand = number(), discarded = number(), reserve = number();
  const enter = el("button", { type: "button", id: "fl-enter" });
  // the three counts side by side (each a label over its field), so the whole entry and
  // Enter fit the thumb zone of a phone
  const counts = el("div", { class: "fl-counts" }, el("div", {}, ...field("fl-hand", "", hand)),
    el("div", {}, ...field("fl-discarded", "", discarded)), el("div", {}, ...field("fl-reserve", "", reserve)));
  const end = el("details", { id: "fl-end" }, el("summary", { id: "fl-end-h" }),
    ...field("fl-final", "", final), counts, el("div", { class: "fl-row" }, enter));
  const tally = el("section", { id: "fl-tally" });
  // on a player's phone the bouquet field (or, opened, the end's entry) stands in the
  // thumb zone (body.fl-play, floris.css)
  const thumb = el("div", { id: "fl-thumb" }, play, end);
  form = { spec, verdict, check, present, who, play, final, hand, discarded, reserve, enter, end, tally, thumb,
    root: el("div", { class: "fl" }, tally, thumb) };
  // the end's entry opened or closed: the bouquet field gives it the thumb zone or gets it back
  end.addEventListener("toggle", () => redraw());

  const judge = async () => {
    const [ok, body] = await ctx.check(spec.value);
    verdict.replaceChildren();
    if (!ok) { verdict.className = "fl-verdict bad"; verdict.textContent = refusalText(body); return; }
    verdict.className = `fl-verdict ${body.valid ? "ok" : "bad"}`;
    verdict.append(el("strong", { text: `${body.valid ? "✓" : "✗"} ${t(body.valid ? "fl_valid" : "fl_invalid")}` }));
    for (const line of said(body) || body.lines) verdict.append(el("div", { class: "fl-line", text: line }));
  };
  check.addEventListener("click", judge);
  present.addEventListener("click", async () => {
    if (await ctx.step(forName, spec.value)) { spec.value = ""; verdict.replaceChildren(); }
    // refused: the engine's reason comes in the page's language; the checker's verdict
    // lines say it beside the buttons too
    else if (lang !== "en") await judge();
  });
  enter.addEventListener("click", async () => {
    const move = { final: final.value, left_in_hand: Number(hand.value), discarded: Number(discarded.value),
      left_in_reserve: Number(reserve.value) };
    if (await ctx.step(forName, move)) { final.value = ""; }
  });
}

/**
 * @param {import("../types/floris").FlorisPageView} v
 * @param {PageState} state
 */
function tally(v, state, t) {
  const box = form.tally; box.replaceChildren();
  if (v.phase === "final") box.append(el("p", { class: "fl-note", id: "fl-phase", text: t("fl_final_round") }));
  if (v.phase === "over") box.append(el("p", { class: "fl-note", id: "fl-phase", text: t("fl_winners", { names: v.winners.join(", ") }) }));
  const table = el("table", { class: "fl-tally", id: "fl-totals" });
  for (const p of v.players) {
    const tr = table.insertRow(); tr.dataset.player = p.name;
    tr.insertCell().append(el("strong", { text: p.name }), el("br"),
      el("small", { text: [(p.bouquets.length === 1 ? t("fl_bouquet_one") : t("fl_bouquets", { n: p.bouquets.length })), p.entered ? t("fl_entered") : null].filter(Boolean).join(" · ") }));
    const total = tr.insertCell(); total.className = "fl-total"; total.textContent = String(p.total);
    tr.insertCell().textContent = v.phase === "over" ? t("rank", { n: p.rank }) : "";
  }
  box.append(table);
  for (const p of v.players) {
    const list = el("ul", { class: "fl-bouquets", "data-player": p.name });
    for (const b of p.bouquets) list.append(el("li", { text: `${bouquetText(b)}: ${t("fl_points", { n: b.points })}` }));
    if (p.final) list.append(el("li", { class: "fl-finalb", text: `${t("fl_final_bouquet")}: ${bouquetText(p.final)}: ${t("fl_points", { n: p.final.points })}` }));
    if (p.penalties) list.append(el("li", { text: t("fl_penalties", { n: p.penalties }) }));
    if (list.children.length) box.append(el("h3", { text: p.name }), list);
  }
}

/**
 * @param {HTMLElement} root
 * @param {PageState} state the state the server sends (types/floris.d.ts, made by
 *   scorepad.web.schema from the Python types: tests/test_page_types.py checks this file)
 */
export function render(root, state, ctx) {
  if (!document.getElementById("fl-css")) {
    document.head.append(el("link", { id: "fl-css", rel: "stylesheet", href: "/static/games/floris.css" }));
  }
  const t = ctx.t;
  const v = state.view;
  redraw = () => render(root, state, ctx);
  if (!form) build(ctx);
  if (form.root.parentNode !== root) root.replaceChildren(form.root);
  tally(v, state, t);
  const movers = Object.keys(state.legal);
  if (!movers.includes(forName)) forName = movers[0] ?? null;
  form.who.replaceChildren();
  if (state.you.host && movers.length > 1) {
    for (const name of movers) {
      const b = el("button", { type: "button", "aria-pressed": String(name === forName), text: name });
      b.addEventListener("click", () => { forName = name; render(root, state, ctx); });
      form.who.append(b);
    }
  }
  form.end.hidden = !forName;
  form.play.hidden = !forName || v.phase !== "play" || form.end.open; // one at a time
  document.getElementById("fl-for").textContent = forName ? t("fl_for", { name: forName }) : "";
  form.check.textContent = t("fl_check"); form.present.textContent = t("fl_present");
  form.enter.textContent = t("fl_enter");
  document.getElementById("fl-end-h").textContent = `${t("fl_end_h")}${forName ? ` – ${forName}` : ""}`;
  for (const [id, key] of [["fl-spec", "fl_spec"], ["fl-final", "fl_final"], ["fl-hand", "fl_left_in_hand"],
    ["fl-discarded", "fl_discarded"], ["fl-reserve", "fl_left_in_reserve"]]) {
    document.getElementById(`${id}-l`).textContent = t(key);
  }
  if (v.phase === "final") form.end.open = true;
  // a player's phone while bouquets are presented: the bouquet field with Check and
  // Present fixed in the thumb zone (the tally above scrolls under it)
  const play = Boolean(state.you.player) && !state.over && !state.ended && !(form.play.hidden && form.end.hidden);
  document.body.classList.toggle("fl-play", play);
  const main = document.querySelector("main");
  main.style.paddingBottom = play ? `${form.thumb.offsetHeight + 8}px` : "";
  if (play) {
    flWatch?.disconnect();
    flWatch = new ResizeObserver(() => {
      if (document.body.classList.contains("fl-play")) main.style.paddingBottom = `${form.thumb.offsetHeight + 8}px`;
    });
    flWatch.observe(form.thumb);
  }
  return { generic: false };
}
let flWatch = null;
