"""Files met by a command (issue 34): nothing a file holds is echoed, names compare in NFC
with invisible characters refused (one rule for the command line, the browser and the
logs), links that lead nowhere are never written through, a file made by another process
meanwhile is not replaced, a full output and a folder as -o are one line, and large
photos are decoded reduced."""

from __future__ import annotations

import importlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from test_vv_paper_enter import ANN_DIALOGUE
from vv_helpers import TINY
from web_server import START

from scorepad.io import NameTaken, atomic_write, expect_new
from scorepad.main import root
from scorepad.rules.common.errors import InputError
from scorepad.rules.common.names import check_players

SCOREPAD = str(Path(sys.executable).with_name("scorepad"))


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(root, list(args), input=input)


# ---------------------------------------------------------------- nothing echoed

KEYS = st.text(st.characters(exclude_categories=("Cs", "Cc")), min_size=4, max_size=300)


@settings(max_examples=40, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.dictionaries(KEYS, KEYS | st.integers(-10**18, 10**18), min_size=1, max_size=4),
       command=st.sampled_from([["vv", "deck"], ["mf", "deal", "-p", "3"],
                                ["floris", "bouquet", "rose:3"]]))
def test_a_file_of_arbitrary_keys_given_as_rules_never_has_a_key_or_value_echoed(
        tmp_path_factory, data, command):
    path = tmp_path_factory.mktemp("rules") / "c.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True))
    result = run(*command, "--rules", str(path))
    options = {"deck", "shuffle_cards", "empty_rounding", "free_ride_may_decline"}
    if set(data) & options or "ruleset" in data:
        return  # a ruleset file after all (a key that is an option): named, cut
    assert result.exit_code == 2
    said = result.stderr.removeprefix(f"{path}: ")
    assert re.fullmatch(r"not a ruleset file: it names none of the options of \w+-\d\n", said)
    for text in [*data, *map(str, data.values())]:
        assert len(text.strip()) < 4 or text.strip() not in said or text.strip() in \
            "not a ruleset file: it names none of the options of"


def test_an_unknown_key_of_a_ruleset_file_is_named_cut_like_a_value(tmp_path):
    path = tmp_path / "r.yaml"
    path.write_text("ruleset: vv-1\n" + "k" * 300 + ": 1\n")
    result = run("vv", "deck", "--rules", str(path))
    assert result.exit_code == 2
    line = result.stderr.strip()
    assert line.startswith(f"{path}: rules.kkk") and line.endswith("…: unknown key")
    assert len(line) < len(str(path)) + 80


# ---------------------------------------------------------------- names

@pytest.mark.parametrize(("names", "code"), [
    (["Zo\u00e9", "Zoe\u0301"], "twice"),      # NFC and NFD: one player
    (["Ann", "Ann\u200b"], "invisible"),       # a zero-width space
    (["An\u00adn", "Bob"], "invisible"),       # a soft hyphen
    (["\u202eAnn", "Bob"], "invisible"),       # a direction override
    (["A\u2028nn", "Bob"], "control"),         # a line separator
])
def test_names_are_compared_in_nfc_and_invisible_characters_are_refused(names, code, tmp_path):
    with pytest.raises(InputError) as refused:
        check_players(names)
    assert refused.value.code == code
    result = run("mf", "play", "-p", ",".join(names), "--log", str(tmp_path / "g.yaml"))
    assert result.exit_code == 2 and refused.value.message in result.stderr  # --players' words
    from scorepad.web.app import create_app

    page = TestClient(create_app(folder=tmp_path, start_token=START))
    r = page.post(f"/api/games?t={START}", json={"game": "mille-fiori", "players": names})
    assert r.status_code == 400 and r.json().get("code") in (code, None)
    assert not (tmp_path / "g.yaml").exists()


def test_a_name_typed_in_nfd_is_kept_in_nfc():
    assert check_players(["Zoe\u0301", "Bob"]) == ["Zo\u00e9", "Bob"]


@pytest.mark.parametrize("link", ["player", "host"])
def test_a_web_step_for_a_name_typed_in_nfd_is_that_nfc_players(tmp_path, link):
    from scorepad import store
    from scorepad.web.app import create_app

    page = TestClient(create_app(folder=tmp_path, start_token=START))
    game = page.post(f"/api/games?t={START}",
                     json={"game": "floris", "players": ["Zo\u00e9", "Bob"]}).json()
    url = game["host"] if link == "host" else game["players"][0]
    r = page.post(url["url"].replace("/g/", "/api/games/").replace("?t=", "/step?t="),
                  json={"player": "Zoe\u0301", "move": "rose:3 lily:3"})
    assert r.status_code == 200, r.text
    assert store.load(tmp_path / game["log"], "floris").steps[-1][0] == "Zo\u00e9"


@pytest.mark.parametrize("odd", ["\u2028", "\u200b", "\ufeff"])
@pytest.mark.parametrize("command", ["vv", "mf", "floris"])
def test_check_refuses_every_name_resume_refuses(tmp_path, odd, command):
    log = tmp_path / "g.yaml"
    name = json.dumps(f"A{odd}nn")  # quoted, the character escaped (YAML reads JSON's)
    if command == "vv":
        log.write_text(f'format: scorepad/vv-game@1\nmap: berlin\nseed: "1"\nplayers: [{name}]\n'
                       "rounds: []\n")
    elif command == "mf":
        log.write_text(f'format: scorepad/mf-game@1\nplayers: [{name}, Bob]\nrounds: []\n')
    else:
        log.write_text(f'format: scorepad/floris-game@1\nplayers:\n  {name}: {{bouquets: []}}\n'
                       "  Bob: {bouquets: []}\n")
    checked = run(command, "check", str(log))
    assert checked.exit_code == 2, checked.output
    assert "name cannot hold" in checked.stderr and str(log) in checked.stderr
    resumed = run(command, {"vv": "play", "mf": "play", "floris": "tally"}[command],
                  "--resume", str(log), input="q\n")
    assert resumed.exit_code == 2, resumed.output


# ---------------------------------------------------------------- outputs

def test_a_default_name_that_is_a_link_to_nothing_is_passed_over(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "output").mkdir()
    (tmp_path / "output" / "berlin.pdf").symlink_to(tmp_path / "nowhere.pdf")
    result = run("vv", "sheet", "berlin")
    assert result.exit_code == 0 and "wrote output/berlin-2.pdf" in result.stdout
    assert not (tmp_path / "nowhere.pdf").exists()
    assert (tmp_path / "output" / "berlin.pdf").is_symlink()


@pytest.mark.parametrize("args", [["vv", "sheet", "berlin", "-o", "{}"],
                                  ["mf", "play", "-p", "Ann,Bob", "--log", "{}"]])
def test_an_explicit_output_that_is_a_link_to_nothing_is_refused(tmp_path, args):
    link = tmp_path / "out.pdf"
    link.symlink_to(tmp_path / "nowhere.pdf")
    result = run(*[a.replace("{}", str(link)) for a in args], input="q\n")
    assert result.exit_code == 2
    assert result.stderr == f"{link}: is a link to a file that does not exist; not replaced" + \
        (" (remove the link or choose another name)\n" if "sheet" in args else "\n")
    assert link.is_symlink() and not (tmp_path / "nowhere.pdf").exists()


def test_an_output_made_by_another_process_meanwhile_is_not_replaced(tmp_path):
    target = tmp_path / "new.pdf"
    expect_new(target)
    target.write_text("another process's file")
    with pytest.raises(NameTaken, match="made by another process meanwhile"):
        atomic_write(target, b"ours")
    assert target.read_text() == "another process's file"
    assert [p.name for p in tmp_path.iterdir()] == ["new.pdf"]  # no temporary left


@pytest.mark.parametrize(("args", "module", "step", "given"), [
    (["vv", "template", "berlin", "-o", "{}"], "scorepad.vv.paper", "template_text", None),
    (["vv", "enter", str(TINY), "-o", "{}"], "scorepad.vv.paper", "_dialogue", ANN_DIALOGUE),
    (["vv", "flip", "--html", "{}", "--seed", "1"], "scorepad.app.flipper", "offline_page",
     None)], ids=["template", "enter", "flip-html"])
def test_a_named_output_another_process_makes_meanwhile_is_refused(
        tmp_path, monkeypatch, args, module, step, given):
    target = tmp_path / "new.file"
    original = getattr(importlib.import_module(module), step)

    def and_another_process_writes(*a, **k):  # between the command's check and its write
        done = original(*a, **k)
        target.write_text("another process's file")
        return done

    monkeypatch.setattr(f"{module}.{step}", and_another_process_writes)
    result = run(*[a.replace("{}", str(target)) for a in args], input=given)
    assert result.exit_code == 2, result.output
    assert result.stderr.endswith(f"{target}: was made by another process meanwhile; not "
                                  "replaced (run again, or choose another name)\n")
    assert target.read_text() == "another process's file"
    assert [p.name for p in tmp_path.iterdir()] == ["new.file"]  # no temporary left


@pytest.mark.parametrize("args", [["vv", "sheet", "berlin", "-o", "{}"],
                                  ["vv", "enter", "berlin", "-o", "{}"],
                                  ["mf", "play", "-p", "Ann,Bob", "--log", "{}"]])
def test_a_folder_as_output_is_one_line(tmp_path, args):
    result = run(*[a.replace("{}", str(tmp_path)) for a in args], input="q\n")
    assert result.exit_code == 2, result.output
    assert len(result.stderr.strip().splitlines()) == 1 and "Usage" not in result.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_a_full_output_names_it_in_one_line():
    with Path("/dev/full").open("w") as full:
        done = subprocess.run([SCOREPAD, "vv", "deck", "--seed", "1"], stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr == "<stdout>: No space left on device\n"


# ---------------------------------------------------------------- photos

def test_a_large_photo_is_decoded_reduced_to_what_the_reader_needs():
    cv2 = pytest.importorskip("cv2")
    import numpy as np

    from scorepad.sheets.voll_verplant.scan_photo import READ_SIDE, decode_photo

    # (width, height, the width read): 49 MP is read halved, a 12000-wide panorama
    # quartered, a phone's 12 MP and anything under twice READ_SIDE as it is
    for side, high, reduced in ((7000, 7000, 3500), (12000, 4000, 3000), (4000, 3000, 4000),
                                (5999, 4000, 5999)):
        image = np.full((high, side), 200, np.uint8)
        cv2.rectangle(image, (side // 4, high // 4), (side // 2, high // 2), 0, -1)
        _ok, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 50])
        grey = decode_photo(jpeg.tobytes())
        assert grey.shape[1] == reduced and max(grey.shape) >= READ_SIDE
        # the dark rectangle is where it was, at the reduced scale
        scale = grey.shape[1] / side
        assert grey[int(high * 3 / 8 * scale), int(side * 3 / 8 * scale)] < 60
        assert grey[2, 2] > 150


@pytest.mark.parametrize("command", ["vv", "mf"])
def test_check_refuses_a_seed_resume_refuses(tmp_path, command):
    log = tmp_path / "g.yaml"
    if command == "vv":
        log.write_text('format: scorepad/vv-game@1\nmap: berlin\nseed: "a\\tb"\nplayers: [Ann]\n'
                       "rounds: []\n")
    else:
        log.write_text('format: scorepad/mf-game@1\nseed: "a\\tb"\nplayers: [Ann, Bob]\n'
                       "rounds: []\n")
    checked = run(command, "check", str(log))
    assert checked.exit_code == 2 and "seed cannot hold a control character" in checked.stderr
    assert run(command, "play", "--resume", str(log), input="q\n").exit_code == 2


@pytest.mark.parametrize("odd", ["\t", "\n", "\u2028"])
def test_check_refuses_a_floris_bouquet_resume_refuses(tmp_path, odd):
    log = tmp_path / "g.yaml"
    log.write_text("format: scorepad/floris-game@1\nplayers:\n"
                   f"  Ann: {{bouquets: [{json.dumps('rose:3' + odd + 'lily:3')}]}}\n"
                   "  Bob: {bouquets: []}\n")
    checked = run("floris", "check", str(log))
    assert checked.exit_code == 2 and "cannot hold a control character" in checked.stderr
    assert run("floris", "tally", "--resume", str(log), input="q\n").exit_code == 2
