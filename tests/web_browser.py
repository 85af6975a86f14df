"""Headless Chromium for the page tests: Debian's ``chromium`` driven by Playwright.

``playwright install`` is never run (it downloads browsers); ``make install`` apt-installs
``chromium`` and Playwright launches that binary. Every launch gets a fresh user-data
directory: Playwright's ``launch`` makes a new temporary profile each time (and refuses a
``--user-data-dir`` flag), and every ``new_context()`` has its own storage on top.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"width": 360, "height": 640}
SHOTS = Path(__file__).parent.parent / "output" / "screenshots"


@contextmanager
def chromium() -> Iterator[Browser]:
    """A launched Playwright ``Browser`` (Debian's chromium, a fresh temporary profile)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield browser
        finally:
            browser.close()


def small_targets(page: Page) -> list[str]:
    """Visible buttons, links and inputs smaller than 44×44 CSS pixels (touch targets)."""
    value: list[str] = page.evaluate("""() => [...document.querySelectorAll(
        'button, a, input, select, textarea, summary')]
      .filter(e => e.offsetParent !== null)
      .map(e => [e, e.getBoundingClientRect()])
      .filter(([e, r]) => r.width < 44 || r.height < 44)
      .map(([e, r]) => `${e.tagName} ${e.id || e.textContent.trim().slice(0, 20)}`
        + ` ${r.width}x${r.height}`)""")
    return value


def horizontal_overflow(page: Page) -> int:
    """How many CSS pixels the page is wider than the viewport (0: nothing to scroll)."""
    value: int = page.evaluate("() => document.documentElement.scrollWidth - innerWidth")
    return value


def phone(browser: Browser, url: str, errors: list[str], **context: Any) -> Page:
    """A page at phone size in a context of its own (``context``: Playwright's context
    options, the viewport by default :data:`PHONE`), open at ``url`` once the game's status
    shows; page errors and console errors are appended to ``errors``."""
    page = browser.new_context(**{"viewport": PHONE, **context}).new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    # console errors include what the Content-Security-Policy refused; failed requests
    # (a refused token, a server stopped on purpose) are the tests' own doing
    page.on("console", lambda m: errors.append(m.text) if m.type == "error"
            and not m.text.startswith("Failed to load resource") else None)
    page.goto(url)
    page.wait_for_selector("#status:not(:empty)")
    return page


def shot(page: Page, name: str, full_page: bool = True) -> None:
    """A screenshot of ``page`` as ``output/screenshots/NAME.png`` (to look at)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


#: The phones every phone-layout test runs on (portrait, CSS pixels).
PHONES = [{"width": 360, "height": 640}, {"width": 390, "height": 844}]


def size_id(size: dict[str, int]) -> str:
    """A screen's size as a test's id: 360x640."""
    return f"{size['width']}x{size['height']}"


def touch_phone(browser: Browser, url: str, errors: list[str],
                size: dict[str, int] | None = None) -> Page:
    """``phone`` as a phone is: touch, device scale 2, ``size`` (default 360×640)."""
    return phone(browser, url, errors, viewport=size or PHONE, has_touch=True, is_mobile=True,
                 device_scale_factor=2)


def handles(page: Page, selector: str = "[data-hit]") -> list[dict[str, Any]]:
    """The tap handles (``selector``) whose centre is on the screen: inside the viewport and
    inside the frame that clips them (the sheet's), each with its target (the ``.legal``
    element with ``data-line``/``data-station`` it is or lies in), its box (CSS px) and
    whether the browser finds the handle itself at its centre (``elementFromPoint``: no
    line, station, label or other handle above it)."""
    value: list[dict[str, Any]] = page.evaluate("""(selector) => [
      ...document.querySelectorAll(selector)].map((h) => {
        const r = h.getBoundingClientRect(), x = r.x + r.width / 2, y = r.y + r.height / 2;
        const clip = h.closest('.vv-scroll, .mf-frame');
        const c = clip ? clip.getBoundingClientRect()
          : {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
        const on = x >= Math.max(0, c.left) && x <= Math.min(innerWidth, c.right)
          && y >= Math.max(0, c.top) && y <= Math.min(innerHeight, c.bottom) && r.width > 0;
        const target = h.closest(
          '.legal[data-line], .legal[data-station], .legal[data-space], .legal[data-target]');
        const found = on ? document.elementFromPoint(x, y) : null;
        return {on, x, y, w: r.width, h: r.height, found: Boolean(found && h.contains(found)),
                line: target?.dataset.line ?? null, station: target?.dataset.station ?? null,
                target: target ? (target.dataset.line ?? target.dataset.station
                                  ?? target.dataset.space ?? target.dataset.target) : null,
                what: found ? found.tagName + '.' + found.getAttribute('class') : null};
      }).filter((h) => h.on)""", selector)
    return value


def thumb_sized(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The handles of ``handles`` that are not a thumb's target: under 44×44 CSS px, not
    the element at their own centre or not inside a legal target."""
    return [h for h in found
            if h["w"] < 44 or h["h"] < 44 or not h["found"] or h["target"] is None]


def centre_of(page: Page, selector: str) -> tuple[float, float, bool]:
    """The centre of the first ``selector`` (CSS px) and whether it is on the screen and the
    element the browser finds there (so a finger tapping there taps it)."""
    value: tuple[float, float, bool] = page.evaluate("""(s) => {
        const e = document.querySelector(s), r = e.getBoundingClientRect();
        const x = r.x + r.width / 2, y = r.y + r.height / 2;
        const on = x >= 0 && y >= 0 && x <= innerWidth && y <= innerHeight;
        const f = on ? document.elementFromPoint(x, y) : null;
        return [x, y, Boolean(f && e.contains(f)) && r.width >= 44 && r.height >= 44]; }""",
                                                     selector)
    return value


def tap_at(page: Page, selector: str) -> None:
    """A finger's tap on ``selector`` where the phone shows it (no scrolling to it first):
    it must be on the screen, at least 44×44, and the element under the finger."""
    x, y, ok = centre_of(page, selector)
    assert ok, f"{selector} is not a thumb's target on the screen"
    page.touchscreen.tap(x, y)


def small_text(page: Page, least: float = 12) -> list[str]:
    """Text on the screen set smaller than ``least`` CSS px (readable without zooming): the
    visible elements outside a drawing (a sheet or board is zoomed or scrolled) with text
    of their own whose box is at least partly in the viewport."""
    value: list[str] = page.evaluate("""(least) => [...document.querySelectorAll('body *')]
      .filter((e) => !e.closest('svg') && e.offsetParent !== null
        && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
      .filter((e) => { const r = e.getBoundingClientRect();
        return r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth; })
      .filter((e) => parseFloat(getComputedStyle(e).fontSize) < least)
      .map((e) => `${e.tagName}.${e.className} ${getComputedStyle(e).fontSize}`
        + ` ${e.textContent.trim().slice(0, 20)}`)""", least)
    return value


def box(page: Page, selector: str) -> dict[str, float]:
    """The first ``selector``'s box on the screen (CSS px: x, y, width, height, bottom)."""
    value: dict[str, float] = page.evaluate("""(s) => {
        const r = document.querySelector(s).getBoundingClientRect();
        return {x: r.x, y: r.y, width: r.width, height: r.height, bottom: r.bottom,
                right: r.right}; }""", selector)
    return value
