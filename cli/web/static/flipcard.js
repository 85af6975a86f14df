// The Voll verplant card flipper as the table sees it: the big card, the reshuffle, the pile
// by kind, the windows left and the history. Shared by the offline page (inlined there) and
// the served game page; it only shows what scorepad computed (no rule is decided here).
// Classic script: it defines one global, ScorepadCards, so it can be inlined into a file.
const ScorepadCards = (() => {
  const fill = (text, fields) => text.replace(/\{(\w+)\}/g, (_, k) => String(fields[k] ?? ""));
  // kind is the engine's name for the card's kind: number, express, transfer, free
  function describe(code, kind, words) {
    const value = String(code).replace(/^E/, "");
    if (kind === "number") return { face: String(code), name: fill(words.number, { v: value }), does: fill(words.number_do, { v: value }) };
    if (kind === "express") return { face: String(code), name: fill(words.express, { v: value }), does: fill(words.express_do, { v: value }) };
    if (kind === "transfer") return { face: "+", name: words.transfer, does: words.transfer_do };
    return { face: "★", name: words.free, does: words.free_do };
  }
  function pickLang(available, saved) {
    const asked = new URLSearchParams(location.search).get("lang");
    for (const lang of [asked, saved, ...(navigator.languages || [navigator.language])]) {
      const short = String(lang || "").slice(0, 2).toLowerCase();
      if (available.includes(short)) return short;
    }
    return "en";
  }

  const markup = `
    <header class="bar"><strong data-part="round"></strong><span data-part="seed"></span></header>
    <section class="card" data-part="card" aria-live="polite">
      <div class="face" data-part="face"></div><div class="name" data-part="name"></div>
      <div class="does" data-part="does"></div><div class="icon" data-part="icon" hidden></div>
    </section>
    <div class="banner" data-part="banner" role="status" hidden></div>
    <p class="note" data-part="windows"></p>
    <div data-part="actions"></div>
    <section><h2 data-part="pile-h"></h2><ul class="pile" data-part="pile"></ul></section>
    <section><h2 data-part="hist-h"></h2><ol class="history" data-part="history" reversed></ol></section>`;

  // info: kinds, kind_names, deck_counts, deck_size, specials, windows, any_map, seed, map,
  // position (cards revealed), entry ([code, reshuffle_after, shuffle_icon, pile_left,
  // windows_left] of the last card, or null), history ([code, reshuffle_after] of the last cards, up to position),
  // last (no card can come after this one).
  function draw(root, info, W) {
    if (!root.querySelector("[data-part=card]")) root.innerHTML = markup;
    const part = (name) => root.querySelector(`[data-part=${name}]`);
    const kindOf = (code) => info.kind_names[info.kinds.findIndex((k) => String(k) === String(code))];
    // a running served game keeps its seed (the next cards, the hands) from the phones
    part("seed").textContent = [info.seed != null ? fill(W.seed, { seed: info.seed }) : "", info.map || ""].filter(Boolean).join(" · ");
    part("round").textContent = fill(W.round, { n: info.position });
    part("hist-h").textContent = W.history;
    const card = part("card"), last = info.entry;
    card.className = "card";
    part("icon").hidden = true;
    part("banner").hidden = !(last && last[1]);
    if (!last) {
      card.classList.add("empty");
      part("face").textContent = "?"; part("name").textContent = ""; part("does").textContent = W.press_next;
    } else {
      const [code, reshuffle, icon] = last;
      const kind = kindOf(code), d = describe(code, kind, W);
      card.classList.add(`k-${kind}`);
      part("face").textContent = d.face; part("name").textContent = d.name; part("does").textContent = d.does;
      if (icon) { part("icon").hidden = false; part("icon").textContent = `⟲ ${W.shuffle_icon}`; }
      if (reshuffle) part("banner").textContent = fill(W.reshuffle, { n: info.deck_size });
    }
    // the pile by kind: what is still face down (after the reshuffle: the whole deck again)
    const counts = info.kinds.map((_, i) => (!last || last[1] ? info.deck_counts[i] : last[3][i]));
    part("pile-h").textContent = fill(W.pile, { n: counts.reduce((a, b) => a + b, 0) });
    const pile = part("pile"); pile.replaceChildren();
    info.kinds.forEach((code, i) => {
      const d = describe(code, info.kind_names[i], W), li = document.createElement("li");
      li.className = counts[i] === 0 ? "gone" : "";
      li.title = d.name;
      const b = document.createElement("b"); b.textContent = d.face;
      const span = document.createElement("span"); span.textContent = fill(W.pile_of, { left: counts[i], all: info.deck_counts[i] });
      li.append(b, span); pile.append(li);
    });
    let note = "";
    if (last && last[4] !== null) note = last[4] === 0 ? W.over : `${fill(W.windows_left, { n: last[4] })}${info.specials ? " " + W.windows_special : ""}`;
    else if (!last && info.windows !== null) note = fill(W.windows_left, { n: info.windows });
    if (info.last && info.any_map) note = W.over_any_map;
    part("windows").textContent = note;
    part("windows").className = info.last ? "note status" : "note";
    const hist = part("history"); hist.replaceChildren();
    for (let i = info.history.length - 1; i >= 0; i--) {
      const [code, reshuffle] = info.history[i], d = describe(code, kindOf(code), W);
      const li = document.createElement("li");
      li.value = info.position - info.history.length + i + 1; li.textContent = `${d.face} – ${d.name}`;
      if (reshuffle) li.className = "shuffle";
      hist.append(li);
    }
    return part("actions");
  }
  return { describe, fill, pickLang, draw };
})();
