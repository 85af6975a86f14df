// Pinch-zoom and drag-pan of a drawing inside a frame (the sheet on a phone), by pointer
// events: two fingers pinch (zoom about their midpoint, and move it), one finger drags
// once zoomed, a double tap zooms in (or back out), the page's + and − buttons zoom about
// the middle, ctrl + wheel (a trackpad's pinch) zooms on a desktop. A tap that does not
// move still reaches what it hits (a legal target is still chosen); a drag or a pinch
// swallows the click that follows it. The frame's `touch-action` leaves the browser only
// vertical page scrolling while the drawing is at its width (`pan-y`) and nothing once
// zoomed (`none`), so the browser never takes the gestures for its own page zoom.
//
// The view ({scale, x, y}) lives in an object the caller keeps, so a page that redraws
// its frame on every state keeps the zoom where the player left it.

export const MIN = 1;
// the most a sheet is enlarged: stations about 9 mm apart on an A4 sheet 360 px wide are
// 44 px apart at about 4× (a thumb's target each), and a little more is still useful
export const MAX = 6;
const SLOP = 8; // px a finger may move and still tap
const DOUBLE_MS = 300;

export function newView() {
  return { scale: 1, x: 0, y: 0, lastTap: { t: 0, x: 0, y: 0 } };
}

// frame: the clipping element (overflow hidden); content: the drawing, transformed
/** @param {(view: any) => void} [onChange] */
export function panZoom(frame, content, view, onChange = () => {}) {
  const pointers = new Map(); // pointerId -> {x, y} (client coordinates)
  let gesture = null; // {kind: "drag"|"pinch", ...} once a finger moved past the slop
  let start = null; // the first finger down: {x, y, id}
  let swallow = false; // a drag or pinch happened: the click after it is not a tap
  // the last tap, kept in the view: a tap may redraw the frame before the second one
  view.lastTap ??= { t: 0, x: 0, y: 0 };

  content.style.transformOrigin = "0 0";
  // w: the drawing's width at 1× (the frame's), h: its height; H: the frame's height, which
  // may be taller than the drawing (a phone's sheet fills the screen): then it is centred
  const size = () => ({ w: frame.clientWidth, h: content.offsetHeight || frame.clientHeight,
    H: frame.clientHeight || content.offsetHeight });
  const clamp = (at, inner, outer) => (inner <= outer ? (outer - inner) / 2
    : Math.min(0, Math.max(outer - inner, at)));
  const apply = () => {
    const { w, h, H } = size();
    view.scale = Math.min(MAX, Math.max(MIN, view.scale));
    if (w > 0 && h > 0) { // a frame not laid out yet (being redrawn) keeps the view as it was
      view.x = clamp(view.x, w * view.scale, w);
      view.y = clamp(view.y, h * view.scale, H);
    }
    content.style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
    frame.style.touchAction = view.scale > 1 ? "none" : "pan-y";
    frame.dataset.scale = view.scale.toFixed(2);
    onChange(view);
  };
  // zoom to `scale` keeping the point (px, py) of the frame (client coordinates) still
  const zoomAt = (scale, px, py) => {
    const r = frame.getBoundingClientRect();
    const fx = px - r.left, fy = py - r.top;
    const next = Math.min(MAX, Math.max(MIN, scale));
    view.x = fx - ((fx - view.x) * next) / view.scale;
    view.y = fy - ((fy - view.y) * next) / view.scale;
    view.scale = next;
    apply();
  };
  const middle = () => {
    const r = frame.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  };
  const two = () => {
    const [a, b] = [...pointers.values()];
    return { d: Math.hypot(a.x - b.x, a.y - b.y) || 1, mx: (a.x + b.x) / 2, my: (a.y + b.y) / 2 };
  };

  frame.addEventListener("pointerdown", (e) => {
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size === 1) { start = { x: e.clientX, y: e.clientY, id: e.pointerId }; swallow = false; gesture = null; }
    if (pointers.size === 2) {
      const p = two();
      gesture = { kind: "pinch", d: p.d, mx: p.mx, my: p.my, scale: view.scale, x: view.x, y: view.y };
      swallow = true;
      for (const id of pointers.keys()) { try { frame.setPointerCapture(id); } catch { /* gone */ } }
    }
  });
  frame.addEventListener("pointermove", (e) => {
    if (!pointers.has(e.pointerId)) return;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (gesture?.kind === "pinch" && pointers.size >= 2) {
      const p = two();
      const r = frame.getBoundingClientRect();
      // the content point under the first midpoint follows the midpoint, scaled by the spread
      const scale = Math.min(MAX, Math.max(MIN, gesture.scale * (p.d / gesture.d)));
      const cx = (gesture.mx - r.left - gesture.x) / gesture.scale;
      const cy = (gesture.my - r.top - gesture.y) / gesture.scale;
      view.scale = scale;
      view.x = p.mx - r.left - cx * scale;
      view.y = p.my - r.top - cy * scale;
      apply();
      return;
    }
    if (pointers.size !== 1 || !start) return;
    const dx = e.clientX - start.x, dy = e.clientY - start.y;
    if (!gesture && view.scale > 1 && Math.hypot(dx, dy) > SLOP) {
      gesture = { kind: "drag", x: view.x, y: view.y };
      swallow = true;
      try { frame.setPointerCapture(e.pointerId); } catch { /* gone */ }
    }
    if (gesture?.kind === "drag") {
      view.x = gesture.x + dx; view.y = gesture.y + dy;
      apply();
    }
  });
  const up = (e) => {
    if (!pointers.delete(e.pointerId)) return;
    if (e.type === "pointerup" && !swallow && pointers.size === 0 && start
        && Math.hypot(e.clientX - start.x, e.clientY - start.y) <= SLOP) {
      const now = performance.now();
      const last = view.lastTap;
      if (now - last.t < DOUBLE_MS && Math.hypot(e.clientX - last.x, e.clientY - last.y) < 30) {
        zoomAt(view.scale > 1 ? 1 : 2.5, e.clientX, e.clientY);
        view.lastTap = { t: 0, x: 0, y: 0 };
      } else view.lastTap = { t: now, x: e.clientX, y: e.clientY };
    }
    if (pointers.size === 1 && gesture?.kind === "pinch") {
      // one finger stays: it drags on from where it is
      const [[id, p]] = [...pointers.entries()];
      start = { x: p.x, y: p.y, id };
      gesture = view.scale > 1 ? { kind: "drag", x: view.x, y: view.y } : null;
    }
    if (pointers.size === 0) { gesture = null; start = null; }
  };
  frame.addEventListener("pointerup", up);
  frame.addEventListener("pointercancel", up);
  // the click after a drag or a pinch is not a tap on what lies under the finger
  frame.addEventListener("click", (e) => {
    if (swallow) { e.stopPropagation(); e.preventDefault(); swallow = false; }
  }, true);
  frame.addEventListener("wheel", (e) => {
    if (!e.ctrlKey) return; // a plain wheel scrolls the page
    e.preventDefault();
    zoomAt(view.scale * Math.exp(-e.deltaY / 200), e.clientX, e.clientY);
  }, { passive: false });
  // the drawing's height is known once its SVG has come: apply again then (and let go of
  // a frame the page has redrawn)
  const watch = new ResizeObserver(() => { if (content.isConnected) apply(); else watch.disconnect(); });
  watch.observe(content);
  watch.observe(frame); // a frame that fills the screen is sized after it is made
  apply();
  return {
    // the part (x, y, w, h) of the drawing at 1× (CSS px) in the middle of the frame, as
    // large as fits (at least `least`×, where the targets shown need it)
    frameTo: (box, least = MIN) => {
      const { w, H } = size();
      if (!(w > 0 && H > 0 && box.w >= 0 && box.h >= 0)) return;
      const fit = Math.min(w / Math.max(box.w, 1), H / Math.max(box.h, 1)) * 0.92;
      view.scale = Math.min(MAX, Math.max(MIN, least, Math.min(fit, MAX)));
      view.x = w / 2 - (box.x + box.w / 2) * view.scale;
      view.y = H / 2 - (box.y + box.h / 2) * view.scale;
      apply();
    },
    // a frame put back in the page (kept across redraws): watched and laid out again
    refresh: () => { watch.observe(content); watch.observe(frame); apply(); },
    zoomIn: () => zoomAt(view.scale * 1.5, ...middle()),
    zoomOut: () => zoomAt(view.scale / 1.5, ...middle()),
    reset: () => { view.scale = 1; view.x = 0; view.y = 0; apply(); },
  };
}
