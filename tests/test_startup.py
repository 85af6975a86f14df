"""What a command imports: the libraries it does not need stay out of its start-up.

Printing a sheet is measured against importing its libraries (README › Performance) and
scoring a log is run table-side; a library imported on the way that the command does not use
costs tens of milliseconds. Every file is read by its pydantic model, so pydantic (and what it
loads) is part of reading a map or a log; printing uses reportlab by design (its canvas for
PDF, its TrueType reader for the font's widths in both formats). How long that takes is
measured by the benchmarks (``make bench``), not asserted here. These tests run the command in
a fresh interpreter and look at what it loaded.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from scorepad.io import dump_yaml
from scorepad.play.voll_verplant.simulate import play_game
from scorepad.rules.common.catalogue import LANGS, messages
from scorepad.rules.voll_verplant.maps import bundled_map
from scorepad.rules.voll_verplant.ruleset import default_rules


@pytest.fixture(autouse=True, scope="module")
def _words_kept() -> None:
    """The catalogues read and kept in the run's cache folder, as they are for every command
    after the first one of an installed (or edited) catalogue: the commands below start as
    they usually do (the first reading is test_a_catalogue_is_read_with_babel_only_once)."""
    for lang in LANGS:
        messages.__wrapped__(lang)


def modules_after(args: list[str]) -> set[str]:
    """The modules loaded by ``scorepad ARGS`` run in a new interpreter (it must succeed)."""
    code = ("import sys\nfrom scorepad.main import root\n"
            f"try:\n    root.main({args!r})\n"
            "except SystemExit as e:\n    assert not e.code, e.code\n"
            "print('-- modules --')\nprint('\\n'.join(sorted(sys.modules)))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    return set(result.stdout.split("-- modules --\n", 1)[1].split())


def after_command(args: list[str], report: str, env: dict[str, str] | None = None) -> str:
    """What ``report`` (Python code printing something) prints after ``scorepad ARGS`` ran
    through the console entry point (``scorepad.main:main``) in a new interpreter (with
    ``env`` as its environment, else this one's); the report runs at exit, after everything
    the entry point does."""
    code = ("import atexit, sys\n"
            f"atexit.register(lambda: exec({report!r}, {{}}))\n"
            f"sys.argv = ['scorepad', *{args!r}]\n"
            "from scorepad.main import main\nmain()\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=60, env=env)
    assert result.returncode == 0, result.stderr
    return result.stdout.rsplit("-- report --\n", 1)[1]


def pydantic_baseline() -> set[str]:
    """The modules pydantic loads to validate one model (what every file read costs)."""
    code = ("import sys, pydantic\nclass M(pydantic.BaseModel):\n    x: int\n"
            "M.model_validate({'x': 1})\nprint('\\n'.join(sorted(sys.modules)))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=60, check=True)
    return set(result.stdout.split())


def loaded(modules: set[str], *packages: str) -> list[str]:
    """Which of ``packages`` (or their submodules) are among ``modules``."""
    return sorted(p for p in packages
                  if p in modules or any(m.startswith(p + ".") for m in modules))


@pytest.mark.parametrize("fmt", ["pdf", "svg"])
def test_printing_a_bundled_sheet_loads_no_parser_or_engine(tmp_path, fmt):
    modules = modules_after(["vv", "sheet", "madrid", "-o", str(tmp_path / f"madrid.{fmt}")])
    assert (tmp_path / f"madrid.{fmt}").stat().st_size > 0
    assert "pydantic" in modules  # the bundled map is read by its model, like any map
    own = modules - pydantic_baseline()
    assert loaded(own, "yaml", "json", "importlib.resources",
                  "scorepad.rules.voll_verplant.engine",
                  "scorepad.rules.voll_verplant.ruleset") == []
    # An SVG embeds a subset of its font, cut by fontTools; a PDF's is reportlab's.
    assert bool(loaded(own, "fontTools")) == (fmt == "svg")
    # A bundled sheet's QR code was made by segno ahead of time (scan_qr.BUNDLED)
    assert loaded(own, "segno") == []
    # The font is read by reportlab in both formats; only the PDF needs its canvas.
    assert "reportlab.pdfbase.ttfonts" in modules
    assert ("reportlab.pdfgen.canvas" in modules) == (fmt == "pdf")


def test_scoring_a_log_loads_no_drawing_or_self_play(tmp_path):
    game = play_game(bundled_map("berlin"), default_rules(), ["Ann", "Bob"], "greedy", "p",
                     record=True)
    log = tmp_path / "game.yaml"
    log.write_text(dump_yaml(game.log.to_data()))
    modules = modules_after(["vv", "score", str(log), "--json"])
    assert "yaml" in modules and "scorepad.rules.voll_verplant.engine" in modules  # not vacuous
    assert loaded(modules, "reportlab", "scorepad.sheets", "scorepad.play.voll_verplant.bots",
                  "scorepad.play.voll_verplant.simulate", "scorepad.rules.voll_verplant.paper"
                  ) == []
    # the text table needs no JSON, and no name was mistyped
    assert loaded(modules_after(["vv", "score", str(log)]), "json", "difflib") == []


def test_a_command_builds_only_the_validators_of_the_models_it_validates(tmp_path):
    # StrictModel defers building: a nested model (a move, a station) is validated inside
    # its document's validator and builds none of its own
    game = play_game(bundled_map("berlin"), default_rules(), ["Ann", "Bob"], "greedy", "p",
                     record=True)
    log = tmp_path / "game.yaml"
    log.write_text(dump_yaml(game.log.to_data()))
    report = ("from scorepad.rules.common.models import StrictModel\n"
              "def subclasses(cls):\n"
              "    for sub in cls.__subclasses__():\n"
              "        yield sub\n"
              "        yield from subclasses(sub)\n"
              "print('-- report --')\n"
              "print(' '.join(sorted(c.__name__ for c in subclasses(StrictModel)\n"
              "                      if c.__pydantic_complete__)))\n"
              "print(' '.join(sorted(c.__name__ for c in subclasses(StrictModel))))")
    built, defined = after_command(["vv", "score", str(log)], report).splitlines()
    assert {"MoveSpec", "RoundSpec", "StationSpec", "LineSpec"} <= set(defined.split())
    # StepSpec: the replay's apply reads each step against its card (log.read_step)
    assert built.split() == ["GameLog", "MapSpec", "StepSpec", "VVRules"]


def test_the_entry_point_spares_the_collector(tmp_path):
    # fewer collections while a command starts, none of what it built walked at exit
    report = ("import gc\nprint('-- report --')\n"
              "print(gc.get_threshold()[0], gc.get_freeze_count() > 1000)")
    assert after_command(["--version"], report).split() == ["100000", "True"]


def test_the_entry_point_spares_pydantic_the_plugin_search(tmp_path):
    # pydantic reads every installed distribution's entry points to find plugins when it
    # builds its first validator: the entry point turns that off, unless the user chose
    report = ("import os, sys\nprint('-- report --')\n"
              "loader = sys.modules.get('pydantic.plugin._loader')\n"
              "print(repr(os.environ.get('PYDANTIC_DISABLE_PLUGINS')),\n"
              "      'unsearched' if loader is None or loader._plugins is None else 'searched')")
    args = ["vv", "sheet", "berlin", "-o", str(tmp_path / "berlin.pdf")]
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    assert after_command(args, report, env).split() == ["'__all__'", "unsearched"]
    # a user's own setting stands: "" disables no plugin, so pydantic looks for them
    env["PYDANTIC_DISABLE_PLUGINS"] = ""
    assert after_command(args, report, env).split() == ["''", "searched"]


def test_checking_a_bouquet_loads_no_game_replay():
    # pydantic reads the ruleset and the flower table now (one schema per format, issue 11);
    # what a bouquet check still leaves out is everything about whole games
    modules = modules_after(["floris", "bouquet", "rose:3 lily:3", "--json"])
    assert "scorepad.rules.floris.fix" in modules  # the verdict was worked out
    assert loaded(modules, "scorepad.rules.floris.engine", "scorepad.rules.floris.log",
                  "scorepad.rules.floris.game", "scorepad.rules.game") == []


def test_printing_the_floris_pad_loads_no_bouquet_checking_or_game_replay(tmp_path):
    modules = modules_after(["floris", "pad", "-o", str(tmp_path / "pad.pdf")])
    assert (tmp_path / "pad.pdf").stat().st_size > 0
    assert "scorepad.rules.floris.ruleset" in modules  # the pad prints the ruleset's rules
    assert loaded(modules, "scorepad.rules.floris.spec", "scorepad.rules.floris.fix",
                  "scorepad.rules.floris.engine", "scorepad.rules.floris.log") == []


def test_a_catalogue_is_read_with_babel_only_once(tmp_path):
    # a command's first words after the catalogue changed read it with Babel and keep the
    # reading; the next command reads what was kept, without Babel
    report = ("import sys\nprint('-- report --')\n"
              "print(any(m == 'babel' or m.startswith('babel.') for m in sys.modules))")
    env = {**os.environ, "SCOREPAD_CACHE": str(tmp_path)}
    args = ["floris", "bouquet", "rose:3 lily:3"]
    assert after_command(args, report, env).split() == ["True"]
    assert after_command(args, report, env).split() == ["False"]
