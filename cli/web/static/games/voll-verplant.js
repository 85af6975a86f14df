// Voll verplant on the served game page: the flipper every phone shows (the big card, the
// pile by kind, windows left, history, the reshuffle), drawn by flipcard.js from the
// view hook's "flip" (scorepad.web.vv.flipper_view). The host's Reveal and Undo are the
// generic page's; the players' moves stay generic until the table page lands.
export function render(root, state, ctx) {
  ScorepadCards.draw(root, state.view.flip, ctx.words);
  return { generic: true };
}
