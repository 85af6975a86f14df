"""A whole fourth game by its folders and one registry line (docs/adding-a-game.md).

The game is Pig (``tests/fourth_game/``: a dice race to 20 for 2-4 players), laid out as a
game's folders are in the repository: its rules (``rules/pig_dice/``), its command line
(``cli/pig/``, the terminal table and the pad command), its browser module and page
(``cli/web/pig.py``, ``cli/web/static/games/pig-dice.js``) and its printed pad
(``sheets/pig_dice/``). A temporary package tree is the installed ``scorepad`` as links to
this checkout (as ``make typecheck`` builds it), with the game's files added and a copy of
``rules/registry.py`` holding one more line; nothing else differs. Run with that tree on
PYTHONPATH, in subprocesses: the command line lists the game and prints its pad, the
terminal table plays it through in a real pty to a saved log that its ``score`` replays,
and the server offers it with its page, its view hook and its moves.
"""

from __future__ import annotations

import difflib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pty_table import spawn

ROOT = Path(__file__).parent.parent
FIXTURE = Path(__file__).parent / "fourth_game"
#: Where each folder of the repository lies in the installed package (pyproject.toml's
#: package-dir).
PACKAGE_DIRS = {"cli": "scorepad", "rules": "scorepad/rules", "play": "scorepad/play",
                "sheets": "scorepad/sheets"}
#: The one line a new game adds to the registry.
REGISTRY_LINE = '    "pig-dice": "scorepad.rules.pig_dice",\n'


def _unfold(folder: Path) -> None:
    """Make ``folder`` (a link to a folder of the checkout) a real folder of links to what it
    holds, so that a file can be added beside them without touching the checkout."""
    source = folder.resolve()
    folder.unlink()
    folder.mkdir()
    for child in source.iterdir():
        if child.name == "__pycache__":
            continue
        if "static" in folder.parts and child.is_file():
            # copied: the server's static files are not served through a link out of them
            shutil.copyfile(child, folder / child.name)
        else:
            (folder / child.name).symlink_to(child)


def _place(tree: Path, relative: Path, source: Path) -> Path:
    """Copy ``source`` to ``relative`` (a path of the repository) in the package tree."""
    head, *rest = relative.parts
    target = tree.joinpath(PACKAGE_DIRS[head], *rest)
    for parent in reversed(target.parents):  # from the top: each link met is unfolded
        if parent.is_symlink():
            _unfold(parent)
    assert not target.exists(), f"{relative}: a new game changes no file of the checkout"
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)
    return target


def build_tree(tree: Path) -> Path:
    """The package tree with Pig added; returns its root (for PYTHONPATH)."""
    package = tree / "scorepad"
    package.mkdir(parents=True)
    for child in (ROOT / "cli").iterdir():
        if child.name != "__pycache__":
            (package / child.name).symlink_to(child)
    for root in ("rules", "play", "sheets"):
        (package / root).symlink_to(ROOT / root)
    for source in sorted(FIXTURE.rglob("*")):
        if source.is_file() and "__pycache__" not in source.parts:
            _place(tree, source.relative_to(FIXTURE), source)
    registry = package / "rules" / "registry.py"
    if registry.parent.is_symlink():  # (the game's rules folder unfolded it already)
        _unfold(registry.parent)
    text = registry.read_text(encoding="utf-8")
    opening = "PACKAGES: dict[str, str] = {\n"
    registry.unlink()
    registry.write_text(text.replace(opening, opening + REGISTRY_LINE), encoding="utf-8")
    return tree


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tree(tmp_path_factory.mktemp("fourth-game") / "site")


def _env(tree: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
    env.update(PYTHONPATH=str(tree), PYTHONDONTWRITEBYTECODE="1", PYTHONIOENCODING="utf-8")
    return env


def scorepad(tree: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m scorepad ARGS`` with the tree on PYTHONPATH."""
    return subprocess.run([sys.executable, "-m", "scorepad", *args], cwd=cwd, env=_env(tree),
                          capture_output=True, text=True, timeout=120, check=False)


def test_the_tree_differs_from_the_checkout_by_the_games_files_and_one_registry_line(tree):
    added, changed = [], []
    for path in sorted((tree / "scorepad").rglob("*")):
        if path.is_symlink() or path.is_dir():
            continue
        relative = path.relative_to(tree / "scorepad")
        head = {"rules": "rules", "play": "play", "sheets": "sheets"}.get(relative.parts[0])
        original = ROOT / head / Path(*relative.parts[1:]) if head else ROOT / "cli" / relative
        if not original.exists():
            added.append(str(relative))
        elif original.read_bytes() != path.read_bytes():
            changed.append(str(relative))
    assert changed == ["rules/registry.py"]
    assert sorted(added) == sorted(
        str(Path(PACKAGE_DIRS[p.relative_to(FIXTURE).parts[0]], *p.relative_to(FIXTURE).parts[1:])
            .relative_to("scorepad"))
        for p in FIXTURE.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    before = (ROOT / "rules" / "registry.py").read_text(encoding="utf-8").splitlines(True)
    after = (tree / "scorepad" / "rules" / "registry.py").read_text(encoding="utf-8")
    diff = [line for line in difflib.ndiff(before, after.splitlines(True))
            if line[:1] in "+-"]
    assert diff == ["+ " + REGISTRY_LINE]


def test_the_command_line_offers_the_game_and_prints_its_pad(tree, tmp_path):
    listed = scorepad(tree, tmp_path, "--help")
    assert listed.returncode == 0, listed.stderr
    assert "pig-dice|pig" in listed.stdout and "dice race" in listed.stdout
    helped = scorepad(tree, tmp_path, "pig", "--help")
    assert helped.returncode == 0 and "Example" in helped.stdout
    for command in ("play", "pad", "score"):
        assert command in helped.stdout
    printed = scorepad(tree, tmp_path, "pig", "pad", "--players", "3", "--lang", "de")
    assert printed.returncode == 0, printed.stderr
    assert printed.stdout.strip() == f"wrote {Path('output', 'pig-pad.pdf')}"
    from pypdf import PdfReader

    pdf = PdfReader(tmp_path / "output" / "pig-pad.pdf")
    text = pdf.pages[0].extract_text()
    assert len(pdf.pages) == 1 and pdf.metadata is not None
    assert pdf.metadata.title == "Schweinerei"
    for words in ("Schweinerei", "wer zuerst 20 hat, gewinnt", "Spieler 1", "Spieler 3",
                  "Zug 1"):
        assert words in text
    assert "Spieler 4" not in text


def test_the_terminal_table_plays_the_game_to_a_saved_log(tree, tmp_path):
    table = spawn(["-m", "scorepad", "pig", "play", "--players", "Ann,Bob", "--seed", "7",
                   "--log", "game.yaml"], tmp_path, PYTHONPATH=str(tree),
                  PYTHONDONTWRITEBYTECODE="1")
    table.expect("Pig: Ann, Bob, to 20")
    answers = 0
    while table.expect([r"(Ann|Bob) \(turn: \d+\)", "Winner: (Ann|Bob)"]) == 0:
        table.send("h\r" if answers % 3 == 2 else "\r")  # Enter takes the suggestion
        answers += 1
        assert answers < 200, "the game does not end"
    winner = table.match.group(1)
    table.expect(pytest.importorskip("pexpect").EOF)
    table.close()
    assert table.exitstatus == 0
    scored = scorepad(tree, tmp_path, "pig", "score", "game.yaml", "--json")
    assert scored.returncode == 0, scored.stderr
    score = json.loads(scored.stdout)
    assert score["game"] == "pig-dice" and score["finished"] and score["winners"] == [winner]
    totals = {p["name"]: p["total"] for p in score["players"]}
    assert totals[winner] >= 20 > max(t for n, t in totals.items() if n != winner)
    bgstats = json.loads(scorepad(tree, tmp_path, "pig", "score", "game.yaml", "--format",
                                  "bgstats").stdout)
    assert bgstats["game"]["name"] == "Pig"  # the name the game declares, in English


#: The server side, run with the tree on PYTHONPATH: what it offers and serves, as JSON.
SERVER = """
import json, sys
from starlette.testclient import TestClient
from scorepad.web.app import create_app

app = create_app(folder=__import__("pathlib").Path(sys.argv[1]), start_token="s" * 20)
client = TestClient(app)
kinds = {k["id"]: k for k in client.get("/api/kinds").json()}
game = client.post("/api/games?t=" + "s" * 20,
                   json={"game": "pig-dice", "players": ["Ann", "Bob"], "seed": "7"}).json()
host = game["host"]["url"].split("?t=")[1]
api = f"/api/games/{game['id']}"
page = client.get(f"/g/{game['id']}?t={host}")
module = client.get("/static/games/pig-dice.js")
client.post(f"{api}/step?t={host}", json={"reveal": True})
state = client.get(f"{api}?t={host}").json()
mover = state["to_move"][0]
step = client.post(f"{api}/step?t={host}", json={"player": mover, "move": "hold"})
after = client.get(f"{api}?t={host}").json()
print(json.dumps({"kinds": kinds, "page": [page.status_code, page.text],
                  "module": [module.status_code, module.text], "state": state,
                  "step": step.status_code, "after": after}))
"""


def test_the_server_offers_the_game_with_its_page_and_view(tree, tmp_path):
    run = subprocess.run([sys.executable, "-c", SERVER, str(tmp_path)], cwd=tmp_path,
                         env=_env(tree), capture_output=True, text=True, timeout=120,
                         check=False)
    assert run.returncode == 0, run.stderr
    got = json.loads(run.stdout.splitlines()[-1])
    assert got["kinds"]["pig-dice"]["min_players"] == 2
    assert got["kinds"]["pig-dice"]["max_players"] == 4
    status, html = got["page"]
    assert status == 200 and '"game_pig-dice": "Pig"' in html
    status, module = got["module"]
    assert status == 200 and "export function render" in module
    state = got["state"]
    assert state["game"]["page"] == "pig-dice.js"
    assert state["legal"] == {state["to_move"][0]: ["roll", "hold"]}
    view = state["view"]
    assert view["pot"] > 0 and view["banked"] == [0, 0]
    assert view["said"]["de"][0].endswith(f"würfelt {view['pot']}")
    assert got["step"] == 200
    assert got["after"]["view"]["banked"][view["players"].index(view["turn"])] == view["pot"]


@pytest.mark.slow  # a second pytest run: tens of seconds on a loaded machine
def test_the_game_is_held_to_the_protocol_and_its_facts_like_the_others(tree, tmp_path):
    # the conformance test and the game-facts test, run over the tree: every registered game,
    # so Pig too, without a line of either test changed
    tests = [str(ROOT / "tests" / name) for name in ("test_conformance.py",
                                                      "test_game_facts.py")]
    run = subprocess.run([sys.executable, "-m", "pytest", "-n", "0", "-p", "no:cacheprovider",
                          "-p", "no:randomly", "-o", "addopts=", "-v",
                          "-k", "pig-dice or command_line or server",
                          *tests], cwd=ROOT, env=_env(tree), capture_output=True, text=True,
                         timeout=300, check=False)
    assert run.returncode == 0, run.stdout[-3000:]
    ran = [line for line in run.stdout.splitlines() if "[pig-dice" in line]
    assert len(ran) >= 10 and all("PASSED" in line for line in ran), run.stdout[-3000:]
