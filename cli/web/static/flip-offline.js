// The offline flipper: DATA holds every round's card (computed by scorepad), this only shows
// them. Progress (the position) and the language are kept in localStorage under DATA.key.
(() => {
  const $ = (id) => document.getElementById(id);
  const { describe, fill, pickLang } = ScorepadCards;
  const store = (() => { try { return window.localStorage; } catch { return null; } })();
  const saved = (() => { try { return JSON.parse(store?.getItem(DATA.key) || "{}"); } catch { return {}; } })();
  let position = Math.max(0, Math.min(Number(saved.position) || 0, DATA.rounds.length));
  let lang = pickLang(Object.keys(WORDS), saved.lang);
  const kindOf = (code) => DATA.kind_names[DATA.kinds.findIndex((k) => String(k) === String(code))];

  function save() { try { store?.setItem(DATA.key, JSON.stringify({ position, lang })); } catch { /* private mode */ } }

  function render() {
    const W = WORDS[lang];
    document.documentElement.lang = lang;
    document.title = W.flip_title;
    $("seed").textContent = fill(W.seed, { seed: DATA.seed }) + (DATA.map ? ` · ${DATA.map}` : "");
    $("next").textContent = W.next; $("undo").textContent = W.undo; $("restart").textContent = W.restart;
    $("hist-h").textContent = W.history;
    const last = position > 0 ? DATA.rounds[position - 1] : null;
    const card = $("card");
    card.className = "card";
    $("icon").hidden = true;
    if (!last) {
      $("round").textContent = fill(W.round, { n: 0 });
      card.classList.add("empty");
      $("face").textContent = "?"; $("name").textContent = ""; $("does").textContent = W.press_next;
    } else {
      const [code, reshuffle, icon] = last;
      const kind = kindOf(code);
      const d = describe(code, kind, W);
      $("round").textContent = fill(W.round, { n: position });
      card.classList.add(`k-${kind}`);
      $("face").textContent = d.face; $("name").textContent = d.name; $("does").textContent = d.does;
      if (icon) { $("icon").hidden = false; $("icon").textContent = `⟲ ${W.shuffle_icon}`; }
      $("banner").hidden = !reshuffle;
      $("banner").textContent = fill(W.reshuffle, { n: DATA.deck_size });
    }
    if (!last) $("banner").hidden = true;
    // the pile by kind: what is still face down since the last shuffle
    const left = last ? last[3] : DATA.deck_counts;
    const reshuffled = last && last[1];
    const counts = DATA.kinds.map((_, i) => (reshuffled ? DATA.deck_counts[i] : left[i]));
    $("pile-h").textContent = fill(W.pile, { n: counts.reduce((a, b) => a + b, 0) });
    const pile = $("pile"); pile.replaceChildren();
    DATA.kinds.forEach((code, i) => {
      const n = counts[i];
      const li = document.createElement("li");
      li.className = n === 0 ? "gone" : "";
      const face = describe(code, DATA.kind_names[i], W).face;
      li.innerHTML = "<b></b><span></span>";
      li.querySelector("b").textContent = face;
      li.querySelector("span").textContent = fill(W.pile_of, { left: n, all: DATA.deck_counts[i] });
      li.title = describe(code, DATA.kind_names[i], W).name;
      pile.append(li);
    });
    const over = position >= DATA.rounds.length;
    let note = "";
    if (last && last[4] !== null) note = last[4] === 0 ? W.over : `${fill(W.windows_left, { n: last[4] })}${DATA.specials ? " " + W.windows_special : ""}`;
    else if (!last && DATA.windows !== null) note = fill(W.windows_left, { n: DATA.windows });
    if (over && DATA.any_map) note = W.over_any_map;
    $("windows").textContent = note;
    $("windows").className = over ? "note status" : "note";
    const hist = $("history"); hist.replaceChildren();
    for (let i = position - 1; i >= 0; i--) {
      const [code, reshuffle] = DATA.rounds[i];
      const li = document.createElement("li");
      li.value = i + 1;
      li.textContent = `${describe(code, kindOf(code), W).face} – ${describe(code, kindOf(code), W).name}`;
      if (reshuffle) li.className = "shuffle";
      hist.append(li);
    }
    $("next").disabled = over;
    $("undo").disabled = position === 0;
    $("restart").disabled = position === 0;
    const langs = $("langs"); langs.replaceChildren();
    for (const l of Object.keys(WORDS)) {
      const b = document.createElement("button");
      b.type = "button"; b.textContent = l.toUpperCase(); b.setAttribute("aria-pressed", String(l === lang));
      b.setAttribute("aria-label", `${WORDS[l].lang}: ${l}`);
      b.addEventListener("click", () => { lang = l; save(); render(); });
      langs.append(b);
    }
  }

  $("next").addEventListener("click", () => { if (position < DATA.rounds.length) { position++; save(); render(); } });
  $("undo").addEventListener("click", () => { if (position > 0) { position--; save(); render(); } });
  $("restart").addEventListener("click", () => { if (confirm(WORDS[lang].restart_ask)) { position = 0; save(); render(); } });
  document.addEventListener("keydown", (e) => {
    if (e.key === " " || e.key === "Enter") { if (e.target === document.body) { e.preventDefault(); $("next").click(); } }
    else if (e.key === "u") $("undo").click();
  });
  render();
})();
