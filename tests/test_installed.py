"""A few runs of the installed command itself (entry point, ``python -m``, exit codes)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scorepad import __version__

SCOREPAD = shutil.which("scorepad", path=str(Path(sys.executable).parent))


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    assert SCOREPAD, "the scorepad console script is installed next to the test Python"
    return subprocess.run([SCOREPAD, *args], input=stdin, capture_output=True, text=True,
                          timeout=60)


def test_version():
    result = run("--version")
    assert result.returncode == 0 and result.stdout.strip() == f"scorepad, version {__version__}"


def test_python_dash_m():
    result = subprocess.run([sys.executable, "-m", "scorepad", "--help"], capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0
    assert "voll-verplant|vv" in result.stdout and "mille-fiori|mf" in result.stdout


@pytest.mark.parametrize("group", ["vv", "voll-verplant", "mf", "mille-fiori", "floris"])
def test_every_group_has_help_with_an_example(group):
    result = run(group, "--help")
    assert result.returncode == 0 and "Example:" in result.stdout


def test_every_command_help_ends_with_an_example(runner):
    from scorepad.main import root

    for group in ("vv", "mf", "floris"):
        ctx_group = root.get_command(None, group)
        for name in ctx_group.list_commands(None):
            result = runner.invoke(root, [group, name, "--help"])
            assert result.exit_code == 0, (group, name, result.output)
            text = result.output.rstrip()
            assert "Example" in text, (group, name)
            assert text.rsplit("Example", 1)[1].count("scorepad") >= 1, (group, name)


def test_bad_input_from_stdin_is_one_line_without_traceback():
    result = run("vv", "score", "-", stdin="format: scorepad/vv-game@1\nmap: [\n")
    assert result.returncode == 2
    assert result.stderr.startswith("<stdin>: line ") and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_unknown_command_is_a_usage_error():
    result = run("vv", "fly")
    assert result.returncode == 2 and "No such command" in result.stderr


def test_every_command_of_the_contract_is_there():
    from scorepad.floris import COMMANDS as FLORIS
    from scorepad.main import root
    from scorepad.mf import COMMANDS as MF
    from scorepad.vv import COMMANDS as VV

    for group, commands in (("vv", VV), ("mf", MF), ("floris", FLORIS)):
        listed = root.get_command(None, group).list_commands(None)
        assert sorted(listed) == sorted(commands), group


def _setup_py():
    """The checkout's setup.py as a module (its ``setup()`` runs only as a script)."""
    import runpy

    return runpy.run_path(str(Path(__file__).resolve().parent.parent / "setup.py"))


def test_every_package_folder_is_in_the_package_list():
    """setup.py lists the packages from the folders (discovery cannot add the mapping's
    prefix): every game's packages, as the registry names them, and nothing missing."""
    tomllib = pytest.importorskip("tomllib")
    from scorepad.rules.registry import PACKAGES, abouts

    root = Path(__file__).resolve().parent.parent
    setup = _setup_py()
    config = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert "packages" not in config and config["package-dir"] == setup["ROOTS"]
    listed = setup["packages"]()
    for game_id, facts in abouts().items():
        assert PACKAGES[game_id] in listed and f"scorepad.{facts.short}" in listed
    assert {"scorepad.web", "scorepad.table", "scorepad.app", "scorepad.rules.common",
            "scorepad.sheets"} <= set(listed)


def test_a_new_games_folders_are_packages_without_a_line_added(tmp_path):
    for folder in ("cli/web", "cli/pig", "rules/pig_dice", "sheets/pig_dice",
                   "rules/pig_dice/__pycache__"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "__init__.py").write_text("")
    (tmp_path / "rules" / "pig_dice" / "data").mkdir()  # not a package: no __init__.py
    assert _setup_py()["packages"](tmp_path) == [
        "scorepad.pig", "scorepad.rules.pig_dice",
        "scorepad.sheets.pig_dice", "scorepad.web"]


def test_the_message_catalogues_are_package_data():
    """Every language's catalogue is installed with the package (rules/ reads them as it
    reads its YAML), by a package-data glob of pyproject.toml."""
    from scorepad.rules.common.catalogue import FOLDER, LANGS

    tomllib = pytest.importorskip("tomllib")
    root = Path(__file__).resolve().parent.parent
    config = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]
    globs = config["package-data"]["scorepad.rules.common"]
    shipped = {path.name for pattern in globs for path in FOLDER.parent.glob(pattern)}
    assert shipped == {f"{lang}.po" for lang in LANGS}


def test_no_help_page_shows_markup_of_the_docstrings(runner):
    """`--help` is read by people: no reStructuredText (``x``, :func:) leaks into it."""
    import re

    from scorepad.main import root

    pages = [["--help"], ["serve", "--help"], ["vv", "map", "check", "--help"]]
    for group in ("vv", "mf", "floris"):
        pages.append([group, "--help"])
        pages += [[group, name, "--help"]
                  for name in root.get_command(None, group).list_commands(None)]
    for args in pages:
        text = runner.invoke(root, args).output
        assert not re.search(r"``|:(func|class|mod|data|meth):`", text), (args, text)
