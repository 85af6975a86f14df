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

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"width": 360, "height": 640}


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
