"""Every example of every ``--help`` and of the README's shell blocks runs, on the bundled
maps, in a folder holding the files it names (a game log, paper sheets, a flipper's log
of the same cards, a map file of one's own): exit 0, or 130 for an interactive tool that
reaches the end of its input. What cannot run here says why (a server, a cluster, photos)."""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import click
import pytest

from scorepad.io import dump_yaml
from scorepad.main import root

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).parent / "data"
SEED = "table-42"
FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")

#: Examples that cannot run in a test, and why (each is run elsewhere in the suite).
NOT_HERE = {
    "serve": "a server that runs until Ctrl-C (tests/test_web_host.py serves for real)",
    "--cluster": "needs a Dask scheduler at that address (tests/test_simulate_cluster.py)",
    "scan": "needs photos of printed sheets (tests/test_vv_scan.py makes synthetic ones)",
}
#: Tools that wait for the table's answers: the end of input stops them (exit 130; `vv
#: enter`, which writes nothing unfinished, with exit 2).
INTERACTIVE = {("voll-verplant", "flip"): 130, ("voll-verplant", "play"): 130,
               ("voll-verplant", "enter"): 2, ("mille-fiori", "play"): 130,
               ("floris", "tally"): 130}
#: Examples that show a refusal: their exit code.
REFUSALS = {"scorepad floris bouquet d1 r2 l4 --json": 1}  # not a bouquet (and the fix)
#: Examples that take long (a search bot's games): run with the slow tests.
SLOW = {"--bot search"}
GROUPS = {"vv": "voll-verplant", "mf": "mille-fiori"}


def _help_examples() -> list[str]:
    found: list[str] = []

    def walk(group: click.Group, path: list[str]) -> None:
        for name in group.list_commands(click.Context(group)):
            cmd = group.get_command(click.Context(group), name)
            assert cmd is not None
            if isinstance(cmd, click.Group):
                walk(cmd, [*path, name])
            text = (cmd.help or "").split("Example", 1)
            if len(text) == 2:
                found.extend(line.strip() for line in text[1].splitlines()
                             if line.strip().startswith("scorepad "))

    walk(root, [])
    return found


def _markdown_examples() -> list[str]:
    """The commands of the shell blocks (```sh) of the README and the docs."""
    lines = []
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = path.read_text(encoding="utf-8")
        for block in re.findall(r"^```sh\n(.*?)^```", text, re.M | re.S):
            lines += [line.split("  #")[0].strip() for line in block.splitlines()]
    return [line.replace(".venv/bin/scorepad", "scorepad") for line in lines
            if line.startswith(("scorepad ", ".venv/bin/scorepad "))]


EXAMPLES = sorted(set(_help_examples()) | set(_markdown_examples()))


def test_the_examples_are_found():
    assert "scorepad vv sheet berlin" in " ".join(EXAMPLES)
    assert any(e.startswith("scorepad floris bouquet") for e in EXAMPLES)
    assert len(EXAMPLES) > 40


def _command(args: list[str]) -> tuple[str, str]:
    group = GROUPS.get(args[0], args[0])
    return group, (args[1] if len(args) > 1 else "")


def _params():
    for example in EXAMPLES:
        marks = []
        why = next((why for word, why in NOT_HERE.items() if word in example.split()), None)
        if why:
            marks.append(pytest.mark.skip(reason=why))
        if any(word in example for word in SLOW):
            marks.append(pytest.mark.slow)
        yield pytest.param(example, marks=marks, id=example)


# --- the files the examples name ------------------------------------------------------------

def _vv_game(folder: Path) -> None:
    """A finished Berlin game of Ann, Bob and Cid (game.yaml), their paper sheets
    (ann.yaml, bob.yaml, cid.yaml) and a flipper's log of the same cards (flip.yaml)."""
    from scorepad.play.voll_verplant.simulate import play_game
    from scorepad.rules.voll_verplant.maps import bundled_map
    from scorepad.rules.voll_verplant.paper import sheet_data
    from scorepad.rules.voll_verplant.replay import marked_sheets
    from scorepad.rules.voll_verplant.ruleset import default_rules

    network = bundled_map("berlin")
    game = play_game(network, default_rules(), ["Ann", "Bob", "Cid"], "greedy", SEED,
                     record=True)
    assert game.log is not None
    (folder / "game.yaml").write_text(dump_yaml(game.log.to_data()))
    for sheet in marked_sheets(game.state):
        empty = sorted(set(network.station_index) - sheet.marked)
        first = [k for k, v in sheet.bonuses.items() if v == "first"]
        data = sheet_data("berlin", sheet.player, ("empty", empty), sheet.transfers, first,
                          dict(sheet.windows))
        (folder / f"{sheet.player.lower()}.yaml").write_text(dump_yaml(data))
    flip = dict(game.log.to_data())
    flip["players"] = []
    flip["rounds"] = [{"card": r["card"]} for r in flip["rounds"]]
    (folder / "flip.yaml").write_text(dump_yaml(flip))


def _workspace(folder: Path, runner, args: list[str]) -> None:
    """The files ``args`` reads, made in ``folder`` (what it writes is left absent)."""
    group, command = _command(args)
    outputs = {args[i + 1] for i, a in enumerate(args[:-1])
               if a in ("-o", "--output", "--log", "--logs", "--html")}
    inputs = [a for a in args if re.search(r"\.(yaml|ttf)$", a) and a not in outputs]
    if "<" in args:  # standard input from a file
        inputs.append(args[args.index("<") + 1])
    if group == "voll-verplant" and any(a in inputs for a in ("game.yaml", "ann.yaml")):
        _vv_game(folder)
    if group == "voll-verplant" and command == "flip" and "--resume" in args:
        (folder / "game.yaml").unlink(missing_ok=True)
        runner.invoke(root, ["vv", "flip", "--seed", SEED, "--log", "game.yaml"], input="\n\n")
    if group == "voll-verplant" and command == "play" and "--resume" in args:
        runner.invoke(root, ["vv", "play", "berlin", "--players", "Ann,Bob", "--seed", SEED])
    for name in inputs:
        if name.endswith(".ttf"):
            font = Path(name) if name.startswith("/") else FONT
            if not font.exists():
                pytest.skip(f"no {font} here (make install brings it)")
            if font != Path(name):
                shutil.copy(font, folder / name)
        elif group == "voll-verplant" and re.search(r"city|map", name):  # a map of one's own
            shutil.copy(ROOT / "rules/voll_verplant/data/maps/berlin.json", folder / name)
        elif group == "voll-verplant" and not (folder / name).exists():  # another sheet
            if not (folder / "ann.yaml").exists():
                _vv_game(folder)
            shutil.copy(folder / "ann.yaml", folder / name)
        elif group == "mille-fiori":
            shutil.copy(DATA / "mf_short.yaml", folder / name)
        elif group == "floris":  # several files are one game: a player each
            import yaml

            game = yaml.safe_load((DATA / "floris_game.yaml").read_text())
            if len(inputs) > 1:
                player = list(game["players"])[inputs.index(name)]
                game["players"] = {player: game["players"][player]}
            (folder / name).write_text(dump_yaml(game))
    for name in outputs:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)


@pytest.mark.parametrize("example", list(_params()))
def test_every_example_runs(example, runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    args = shlex.split(example, comments=True)[1:]
    _workspace(tmp_path, runner, args)
    stdin = ""
    if "<" in args:
        stdin = Path(args[args.index("<") + 1]).read_text()
        args = args[:args.index("<")]
    result = runner.invoke(root, args, input=stdin)
    allowed = {0, INTERACTIVE.get(_command(args), 0), REFUSALS.get(example, 0)}
    assert result.exit_code in allowed, (example, result.output[-800:])
    assert "Traceback" not in result.output
