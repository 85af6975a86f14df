"""A game declares itself once: its names, short name, BoardGameGeek id, file prefix, page
and what the browser offers are its ``About`` (``rules/<game>/about.py``, also its
``GameInfo.about``), and nothing outside the game's own folders and files names a game id:
the command line's groups, the store's file names, BG Stats, the server's pages and the
pages' words all read the registry."""

from __future__ import annotations

import ast
import re
from datetime import datetime
from pathlib import Path

import pytest

from scorepad.app.export import bgstats_record
from scorepad.app.words import all_words
from scorepad.main import root
from scorepad.rules.game import GAMES
from scorepad.rules.registry import PACKAGES, About, about, abouts
from scorepad.store import new_log_path
from scorepad.web.games import default_games

ROOT = Path(__file__).parent.parent


def own_files(game_id: str) -> list[Path]:
    """The folders and files that are the game's own: its rules, command line, printing and
    browser parts (named by its package's last part, its short name or its id)."""
    folder, short = PACKAGES[game_id].rsplit(".", 1)[1], about(game_id).short
    return [ROOT / "rules" / folder, ROOT / "play" / folder, ROOT / "sheets" / folder,
            ROOT / "cli" / short,
            ROOT / "cli" / "web" / f"{short}.py", ROOT / "cli" / "web" / "static" / "games"]


def named(text: str) -> set[str]:
    """The game ids ``text`` names as a whole word (``floris`` but not ``floris.title``)."""
    return {game_id for game_id in PACKAGES
            if re.search(rf"(?<![\w.-]){re.escape(game_id)}(?![\w.-])", text)}


def code_strings(path: Path) -> list[tuple[int, str]]:
    """The string constants of a Python file's code (docstrings are documentation)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef
                          | ast.AsyncFunctionDef)
            and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docs]


def test_no_game_id_is_named_outside_the_games_own_files():
    found = []
    for path in [path for layer in ("cli", "rules", "play", "sheets")
                 for path in sorted((ROOT / layer).rglob("*"))]:
        if "__pycache__" in path.parts or not path.is_file():
            continue
        if path.suffix == ".py":
            strings = code_strings(path)
        elif path.suffix in (".js", ".html", ".css"):
            strings = list(enumerate(path.read_text(encoding="utf-8").splitlines(), 1))
        else:
            continue
        for line, text in strings:
            for game_id in named(text):
                if path.name == "registry.py" and path.parent.name == "rules":
                    continue  # the registry: one line a game
                if not any(path.is_relative_to(own) for own in own_files(game_id)):
                    found.append(f"{path.relative_to(ROOT)}:{line}: {game_id}")
    assert not found, "\n".join(found)


def literals(path: Path) -> list[tuple[int, str]]:
    """The string constants of a Python file's code, or the quoted strings of a page's
    JavaScript, HTML or CSS, by line."""
    if path.suffix == ".py":
        return code_strings(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    return [(n, m.group(2)) for n, line in enumerate(lines, 1)
            for m in re.finditer(r"([\"'`])([^\"'`\n]*)\1", line)]


def test_no_short_name_or_file_prefix_is_used_as_an_id_outside_the_games_own_files():
    # "vv", "mf" as a whole string ({"vv": ...}, kind === "mf") stand for a game as its id
    # does; a command in words ("scorepad vv scan") or a words key ("vv.line") does not
    found = []
    for path in [path for layer in ("cli", "rules", "play", "sheets")
                 for path in sorted((ROOT / layer).rglob("*"))]:
        if "__pycache__" in path.parts or path.suffix not in (".py", ".js", ".html", ".css"):
            continue
        if path == ROOT / "rules" / "registry.py":  # the registry: one line a game
            continue
        for line, text in literals(path):
            for game_id, facts in abouts().items():
                if text.strip() in {facts.short, facts.file_prefix} and not any(
                        path.is_relative_to(own) for own in own_files(game_id)):
                    found.append(f"{path.relative_to(ROOT)}:{line}: {text!r}")
    assert not found, "\n".join(found)


def test_the_check_finds_a_short_name_in_a_page(tmp_path):
    page = tmp_path / "x.js"
    page.write_text('if (kind === "mf") draw();\nconst help = "scorepad vv scan";\n')
    assert [text for _, text in literals(page)] == ["mf", "scorepad vv scan"]


def test_the_check_finds_a_game_id_in_code_and_not_in_a_docstring(tmp_path):
    # the check can fail: the dicts this replaced would be found
    source = tmp_path / "x.py"
    source.write_text('"""About ``floris``."""\nPREFIX = {"voll-verplant": "vv"}\n'
                      'KEY = "floris.title"\n')
    found = [named(text) for _, text in code_strings(source)]
    assert sorted(map(sorted, found)) == [[], [], ["voll-verplant"]]


@pytest.mark.parametrize("game_id", list(PACKAGES))
def test_each_game_declares_itself_once(game_id):
    facts = about(game_id)
    assert isinstance(facts, About) and facts.id == game_id
    assert GAMES[game_id].info.about is facts  # the GameInfo carries the same declaration
    assert set(facts.names) == {"en", "de", "fr"} and all(facts.names.values())
    assert facts.short and facts.file_prefix


def test_the_command_line_finds_each_games_group_by_its_short_name(runner):
    for game_id, facts in abouts().items():
        assert root.lazy[game_id] == f"scorepad.{facts.short}:group"
        if facts.short != game_id:
            assert root.aliases[facts.short] == game_id
        result = runner.invoke(root, [facts.short, "--help"])
        assert result.exit_code == 0 and "Example" in result.output


def test_the_store_names_files_by_the_games_prefix(tmp_path):
    for game_id, facts in abouts().items():
        assert new_log_path(game_id, tmp_path).name.startswith(f"{facts.file_prefix}-")
    assert new_log_path("toy", tmp_path).name.startswith("toy-")  # a game registered nowhere


def test_bg_stats_gets_the_games_name_and_bgg_id():
    score = {"game": "x", "finished": True, "players": [{"name": "Ann", "total": 3, "rank": 1}],
             "winners": ["Ann"]}
    for game_id, facts in abouts().items():
        game = bgstats_record(game_id, score, datetime(2026, 12, 7))["game"]
        assert game["name"] == facts.names["en"]
        assert game.get("bggId") == facts.bgg_id
    assert bgstats_record("toy", score, datetime(2026, 12, 7))["game"]["name"] == "toy"


def test_the_server_offers_each_game_as_it_declares_itself():
    games = default_games()
    words = all_words()
    for game_id, facts in abouts().items():
        web = games[game_id]
        assert web.page == facts.page and web.scan == facts.scans
        assert web.flipper == ("flipper" in facts.pages)
        assert web.scorekeeper == ("scorekeeper" in facts.pages)
        assert web.view is not None  # its browser module's hooks
        for lang in ("en", "de", "fr"):
            assert words[lang][f"game_{game_id}"] == facts.names[lang]
