// How a Voll verplant card looks and reads (shared by the offline and the served flipper).
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
  return { describe, fill, pickLang };
})();
