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

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"width": 360, "height": 640}
SHOTS = Path(__file__).parent.parent / "output" / "screenshots"


@contextmanager
def chromium() -> Iterator[object]:
    """A launched Playwright ``Browser`` (Debian's chromium, a fresh temporary profile)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield browser
        finally:
            browser.close()


def small_targets(page) -> list[str]:
    """Visible buttons, links and inputs smaller than 44×44 CSS pixels (touch targets)."""
    return page.evaluate("""() => [...document.querySelectorAll('button, a, input, select, textarea, summary')]
      .filter(e => e.offsetParent !== null)
      .map(e => [e, e.getBoundingClientRect()])
      .filter(([e, r]) => r.width < 44 || r.height < 44)
      .map(([e, r]) => `${e.tagName} ${e.id || e.textContent.trim().slice(0, 20)} ${r.width}x${r.height}`)""")


def horizontal_overflow(page) -> int:
    """How many CSS pixels the page is wider than the viewport (0: nothing to scroll)."""
    return page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")


def phone(browser, url: str, errors: list[str]):
    """A page at phone size in a context of its own, open at ``url`` once the game's status
    shows; page errors and console errors are appended to ``errors``."""
    page = browser.new_context(viewport=PHONE).new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    # console errors include what the Content-Security-Policy refused; failed requests
    # (a refused token, a server stopped on purpose) are the tests' own doing
    page.on("console", lambda m: errors.append(m.text) if m.type == "error"
            and not m.text.startswith("Failed to load resource") else None)
    page.goto(url)
    page.wait_for_selector("#status:not(:empty)")
    return page


def shot(page, name: str, full_page: bool = True) -> None:
    """A screenshot of ``page`` as ``output/screenshots/NAME.png`` (to look at)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)
