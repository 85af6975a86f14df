"""The repository is self-contained: every link of every Markdown file points at a file of
the repository (and, with ``#anchor``, at one of its headings); no link leaves it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: Folders that are not the project's own text: virtual environments, caches, build output.
SKIP = {"build", "dist", "output", "node_modules"}


def markdown_files() -> list[Path]:
    return sorted(p for p in ROOT.rglob("*.md")
                  if not any(part.startswith(".") or part in SKIP or part.endswith(".egg-info")
                             for part in p.relative_to(ROOT).parts[:-1]))


FENCE = re.compile(r"^ {0,3}(```|~~~).*?^ {0,3}\1", re.M | re.S)
CODE = re.compile(r"(`+).+?\1", re.S)
INLINE = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s.*)?$", re.M)
BARE = re.compile(r"\b(?:https?|ftp)://[^\s)>\]]+|<(?:https?|mailto):[^>]+>|\bwww\.\S+")


def prose(text: str) -> str:
    """``text`` without code blocks and code spans (a URL there is an example, not a link)."""
    return CODE.sub("", FENCE.sub("", text))


def links(text: str) -> list[str]:
    body = prose(text)
    return [*INLINE.findall(body), *REFERENCE.findall(body)]


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces as dashes."""
    text = re.sub(r"`", "", heading.strip().lower())
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    found = set()
    for line in FENCE.sub("", path.read_text(encoding="utf-8")).splitlines():
        match = re.match(r"^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$", line)
        if match:
            base = slug(match.group(1))
            n = seen.get(base, 0)
            seen[base] = n + 1
            found.add(base if n == 0 else f"{base}-{n}")
    return found


FILES = markdown_files()


def test_the_markdown_files_are_found():
    names = {p.relative_to(ROOT).as_posix() for p in FILES}
    assert {"README.md", "docs/design.md", "docs/mf-rules.md", "docs/vv-rules.md"} <= names


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_link_stays_in_the_repository_and_resolves(path):
    text = path.read_text(encoding="utf-8")
    problems = [f"leaves the repository: {url}" for url in BARE.findall(prose(text))]
    for target in links(text):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I) or target.startswith("//"):
            problems.append(f"leaves the repository: {target}")
            continue
        file, _, anchor = target.partition("#")
        dest = (path.parent / file).resolve() if file else path
        if not dest.is_relative_to(ROOT):
            problems.append(f"leaves the repository: {target}")
        elif not dest.exists():
            problems.append(f"no such file: {target}")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            problems.append(f"no heading #{anchor} in {dest.relative_to(ROOT)}")
    assert not problems, problems


@pytest.mark.parametrize(("text", "found"), [
    ("see [the rules](docs/vv-rules.md#the-game-log) here", ["docs/vv-rules.md#the-game-log"]),
    ("[x](https://example.org) and `[y](z.md)`", ["https://example.org"]),
    ("[ref]: ../shared/rules/x.md\n", ["../shared/rules/x.md"]),
    ("```\n[a](b.md)\n```\n", []),
])
def test_links_are_read_from_prose(text, found):
    assert links(text) == found


@pytest.mark.parametrize(("heading", "anchor"), [
    ("Reading files", "reading-files"),
    ("Ruleset `mf-1`", "ruleset-mf-1"),
    ("The deck: 109 cards", "the-deck-109-cards"),
    ("`floris check FILE...` and `floris score FILE...`",
     "floris-check-file-and-floris-score-file"),
])
def test_anchors_are_githubs(heading, anchor):
    assert slug(heading) == anchor
