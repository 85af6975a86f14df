// The offline flipper: DATA holds every round's card (computed by scorepad), this only moves
// a position through them. Progress (the position) and the language are kept in
// localStorage under DATA.key.
(() => {
  const { draw, pickLang } = ScorepadCards;
  const store = (() => { try { return window.localStorage; } catch { return null; } })();
  const saved = (() => { try { return JSON.parse(store?.getItem(DATA.key) || "{}"); } catch { return {}; } })();
  let position = Math.max(0, Math.min(Number(saved.position) || 0, DATA.rounds.length));
  let lang = pickLang(Object.keys(WORDS), saved.lang);
  const root = document.getElementById("flip");
  const save = () => { try { store?.setItem(DATA.key, JSON.stringify({ position, lang })); } catch { /* private mode */ } };
  const move = (to) => { position = to; save(); render(); };

  const next = document.createElement("button"), undo = document.createElement("button");
  next.id = "next"; next.className = "primary"; undo.id = "undo";
  for (const b of [next, undo]) b.type = "button";
  next.addEventListener("click", () => { if (position < DATA.rounds.length) move(position + 1); });
  undo.addEventListener("click", () => { if (position > 0) move(position - 1); });

  function render() {
    const W = WORDS[lang];
    document.documentElement.lang = lang;
    document.title = W.flip_title;
    const actions = draw(root, {
      ...DATA, position, entry: position > 0 ? DATA.rounds[position - 1] : null,
      history: DATA.rounds.slice(0, position), last: position >= DATA.rounds.length,
    }, W);
    if (!actions.children.length) { actions.className = "actions"; actions.append(next, undo); }
    next.textContent = W.next; undo.textContent = W.undo;
    next.disabled = position >= DATA.rounds.length;
    undo.disabled = position === 0;
    const restart = document.getElementById("restart");
    restart.textContent = W.restart; restart.disabled = position === 0;
    const langs = document.getElementById("langs"); langs.replaceChildren();
    for (const l of Object.keys(WORDS)) {
      const b = document.createElement("button");
      b.type = "button"; b.textContent = l.toUpperCase(); b.setAttribute("aria-pressed", String(l === lang));
      b.setAttribute("aria-label", `${WORDS[l].lang}: ${l}`);
      b.addEventListener("click", () => { lang = l; save(); render(); });
      langs.append(b);
    }
  }

  document.getElementById("restart").addEventListener("click", () => { if (confirm(WORDS[lang].restart_ask)) move(0); });
  document.addEventListener("keydown", (e) => {
    if ((e.key === " " || e.key === "Enter") && e.target === document.body) { e.preventDefault(); next.click(); }
    else if (e.key === "u") undo.click();
  });
  render();
})();
