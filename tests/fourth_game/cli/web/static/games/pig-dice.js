// Pig on the served game page: each player's banked total, the turn's points and what the
// last step did (in the page's language, worded by the server). The generic move buttons
// stay: roll again or hold.
import { el, lang } from "../common.js";

export function render(root, state) {
  const view = state.view || {};
  const rows = (view.players || []).map((name, i) =>
    el("li", { class: name === view.turn ? "pig-turn" : "", text: `${name}: ${view.banked[i]}` }));
  const said = (view.said && (view.said[lang] || view.said.en)) || [];
  root.replaceChildren(el("section", { id: "pig" },
    el("ol", { id: "pig-banked" }, ...rows),
    el("p", { id: "pig-pot", text: `${view.turn}: +${view.pot} / ${view.goal}` }),
    ...said.map((line) => el("p", { class: "pig-said", text: line }))));
  return { generic: true };
}
