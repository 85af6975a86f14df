"""``scorepad vv flip`` driven with scripted input, and the flipper's game behind it
(Voll verplant with no players in the game protocol, on the shared table loop).

Seed ``table-42`` with the default deck gives (pinned in test_vv_deck.py):
round 1..8: 5 3 T 4 4 F T 6 | 9..17: F 3 5 3 T E3 4 3 6 | 18..: 4 E2 T
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.io import read_mapping
from scorepad.main import root
from scorepad.rules.common.errors import RuleViolation
from scorepad.rules.session import Session
from scorepad.rules.voll_verplant.cards import Card, deal, parse_card
from scorepad.rules.voll_verplant.game import GAME
from scorepad.rules.voll_verplant.log import parse_game_log
from scorepad.rules.voll_verplant.ruleset import default_rules
from scorepad.vv import flip as flip_cli

#: Seeds as typed: any text but control characters and line breaks (refused up front).
PLAIN = st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"))  # text a person types

TABLE_42 = [5, 3, "T", 4, 4, "F", "T", 6, "F", 3, 5, 3, "T", "E3", 4, 3, 6, 4, "E2", "T"]

# Two lines of 3 windows, no special stations: the game ends with the 6th card that is
# not a free ride (for table-42 that is the T of round 7; round 6 is a free ride).
PLAIN_MAP = """\
format: scorepad/vv-map@1
id: plain
name: Plain
stations:
  - {id: 1, x: 0, y: 0}
  - {id: 2, x: 1, y: 0}
  - {id: 3, x: 2, y: 0}
  - {id: 4, x: 1, y: 1}
lines:
  - {id: A, color: "#e3000f", windows: 3, bonus: [3, 1], stations: [1, 2, 3]}
  - {id: B, color: "#0066b3", windows: 3, bonus: [2, 1], stations: [4, 2]}
"""


def plain_network():
    """PLAIN_MAP compiled for the engine."""
    import yaml

    from scorepad.rules.voll_verplant.maps import load_map_data

    return load_map_data(yaml.safe_load(PLAIN_MAP))


@pytest.fixture
def plain_map(tmp_path: Path) -> Path:
    path = tmp_path / "maps" / "plain.yaml"
    path.parent.mkdir()
    path.write_text(PLAIN_MAP)
    return path


def flip(runner, *args: str, keys: str = "", env: dict | None = None):
    """Run ``vv flip`` with lines of input (standard output no terminal: one line names
    each card). The input ending while the game goes on is a stop: exit 130."""
    return runner.invoke(root, ["vv", "flip", *args], input=keys, env=env)


def flat(text: str) -> str:
    """The output with the console's line wrapping undone (long paths wrap)."""
    return " ".join(text.split())


def block(output: str, number: int) -> str:
    """What was shown for round ``number``'s card (up to the next prompt)."""
    return output.split(f"\nround {number}: ", 1)[1].split("> ", 1)[0]


def rounds_shown(output: str) -> list[tuple[int, str]]:
    """The ``round N: CARD`` lines the flipper printed."""
    return [(int(n), code) for n, code in re.findall(r"^round (\d+): (\S+)", output, re.M)]


def log_cards(path: Path) -> list:
    """The cards of a written log, after checking it parses and matches its seed."""
    log = parse_game_log(read_mapping(path))
    assert log.players == [] and all(not r.moves for r in log.rounds)
    rules = default_rules().with_overrides(log.rules)
    cards = [r.card for r in log.rounds]
    expected = [card.code for card, _ in deal(log.seed, len(cards), rules.deck,
                                               rules.shuffle_cards)]
    assert cards == expected
    return cards


def vv_check(runner, path: Path) -> None:
    """``vv check`` accepts the log (when that command exists yet)."""
    if importlib.util.find_spec("scorepad.vv.game") is None:
        return
    result = runner.invoke(root, ["vv", "check", str(path)])
    assert result.exit_code == 0, result.output


# -- a whole game ----------------------------------------------------------------------

def test_whole_game_on_a_map_ends_after_the_last_window(runner, tmp_path, plain_map):
    log = tmp_path / "game.yaml"
    result = flip(runner, "--seed", "table-42", "--map", str(plain_map), "--log", str(log),
                  keys="\n" * 12)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "seed: table-42"
    # 6 windows: rounds 1-5 fill 5, the free ride of round 6 none, round 7 the last one
    assert rounds_shown(result.stdout) == [(i + 1, str(c)) for i, c in enumerate(TABLE_42[:7])]
    assert "5 windows left, at least 5 rounds left" in block(result.stdout, 1)
    assert "1 window left, at least 1 round left" in block(result.stdout, 5)
    assert "1 window left, at least 1 round left" in block(result.stdout, 6)  # a free ride
    assert "The game is over after round 7" in result.stdout
    assert "--resume" not in result.stdout.split("The game is over")[1]  # a finished game
    assert "may fill up sooner" not in result.stdout  # no special stations on this map
    assert log_cards(log) == TABLE_42[:7]
    assert read_mapping(log)["map"] == "maps/plain.yaml"  # relative to the log's folder
    vv_check(runner, log)


def test_reshuffle_is_announced_after_the_6_and_counting_restarts(runner, tmp_path):
    log = tmp_path / "game.yaml"
    result = flip(runner, "--seed", "table-42", "--log", str(log), keys="\n" * 9 + "q\n",
                  env={"COLUMNS": "100"})
    lines = result.stdout.splitlines()
    at = next(i for i, text in enumerate(lines) if text.startswith("round 8:"))
    assert "(number 6, shuffle)" in lines[at]
    assert lines[at + 1] == "Since the shuffle (8): 5 3 T 4 4 F T 6"
    assert "RESHUFFLE" in lines[at + 2] and "all 14 cards" in lines[at + 2]
    nine = lines.index("round 9: F (free ride)")
    assert lines[nine + 1:nine + 3] == ["Since the shuffle (1): F",
                                        "In the pile (13): 3 3 3 4 4 4 5 5 6 E2 E3 T T"]
    assert sum("RESHUFFLE" in text for text in lines) == 1
    # the pile by kind: what is left of the 14 since the shuffle
    assert "In the pile (7): 3 3 4 5 6 E2 E3" in block(result.stdout, 7)
    assert log_cards(log) == TABLE_42[:9]


def test_special_stations_make_the_end_a_latest_end(runner, tmp_path, tiny_map_path):
    result = flip(runner, "--seed", "table-42", "--map", str(tiny_map_path), "--log",
                  str(tmp_path / "g.yaml"), keys="\n" * 9)
    # tiny: 5 windows and a special station; rounds 1-5 are five window cards
    assert [n for n, _ in rounds_shown(result.stdout)] == [1, 2, 3, 4, 5]
    assert "may fill up sooner" in flat(result.stdout)
    assert "The game is over after round 5 at the latest" in flat(result.stdout)


# -- undo, help, bad input -------------------------------------------------------------

def test_undo_brings_the_same_card_again(runner, tmp_path):
    log = tmp_path / "game.yaml"
    result = flip(runner, "--seed", "table-42", "--log", str(log),
                  keys="u\n\n\n\nu\n\nq\n")
    assert "Nothing to undo." in result.stdout  # the loop's words (was "nothing to take back")
    assert "Took back: round 3's card T; the same card comes next" in result.stdout
    assert rounds_shown(result.stdout) == [(1, "5"), (2, "3"), (3, "T"), (3, "T")]
    assert log_cards(log) == [5, 3, "T"]


def test_undo_across_a_reshuffle(runner, tmp_path):
    log = tmp_path / "game.yaml"
    result = flip(runner, "--seed", "table-42", "--log", str(log),
                  keys="\n" * 9 + "u\nu\n\n\n")
    shown = rounds_shown(result.stdout)
    assert shown[-2:] == [(8, "6"), (9, "F")]
    # the 6 revealed twice, and shown again when the undo went back to it
    assert sum("RESHUFFLE" in text for text in result.stdout.splitlines()) == 3
    assert "now at round 8: 6 (number 6, shuffle)" in result.stdout
    assert log_cards(log) == TABLE_42[:9]


def test_illegal_input_is_asked_again(runner, tmp_path):
    log = tmp_path / "game.yaml"
    result = flip(runner, "--seed", "table-42", "--log", str(log), keys="x\nflop\n\nh\ns\n\n")
    assert result.exit_code == 130  # the input ended while the game goes on
    assert "unknown input 'x'" in result.stdout and "unknown input 'flop'" in result.stdout
    # its help lists no `s`: a flipper keeps no scores, and says so as of any unknown key
    assert "unknown input 's': press Enter for the next card" in result.stdout
    assert "scores" not in result.stdout
    assert "take back the last card" in result.stdout  # the help
    assert rounds_shown(result.stdout) == [(1, "5"), (2, "3")]
    assert log_cards(log) == [5, 3]


def test_the_flippers_help_lists_only_what_it_accepts(runner, tmp_path):
    log = tmp_path / "game.yaml"
    result = flip(runner, "--seed", "table-42", "--log", str(log), keys="help\nq\n")
    out = result.stdout
    assert "Press Enter to reveal the first card (type help for the other keys)." in out
    help_text = out.split("> help\n", 1)[1].split("Enter: next card>", 1)[0]
    assert "reveal the next card" in help_text and "take back the last card" in help_text
    for word in ("the scores", "sheet", "legal moves", "play choice", "suggestion"):
        assert word not in help_text, word  # the table's words a flipper refuses


def test_end_of_input_stops_with_the_log_saved_and_exit_130(runner, tmp_path):
    log = tmp_path / "game.yaml"
    result = flip(runner, "--seed", "table-42", "--log", str(log), keys="\n\n")
    assert result.exit_code == 130  # was 0 before the shared loop (#12)
    assert flat(result.stdout).endswith(
        f"Stopped; saved in {log}. Continue: scorepad vv flip --resume {log}")
    assert log_cards(log) == [5, 3]


def test_q_quits_with_exit_0_and_the_resume_command(runner, tmp_path):
    log = tmp_path / "game.yaml"
    result = flip(runner, "--seed", "table-42", "--log", str(log), keys="\nq\n")
    assert result.exit_code == 0
    assert flat(result.stdout).endswith(f"Continue: scorepad vv flip --resume {log}")
    assert log_cards(log) == [5]


# -- saving and resuming ---------------------------------------------------------------

def test_resume_continues_with_the_same_upcoming_cards(runner, tmp_path, plain_map):
    log = tmp_path / "game.yaml"
    flip(runner, "--seed", "table-42", "--map", str(plain_map), "--log", str(log),
         keys="\n\n\n\n")  # interrupted after round 4
    assert log_cards(log) == TABLE_42[:4]
    result = flip(runner, "--resume", str(log), keys="\n\n\n\n\n")
    assert result.exit_code == 0, result.output
    assert "Resumed after 4 steps." in result.stdout
    # the same map came back from the log: the game still ends after round 7
    assert rounds_shown(result.stdout) == [(5, "4"), (6, "F"), (7, "T")]
    assert "The game is over after round 7" in result.stdout
    assert log_cards(log) == TABLE_42[:7]
    vv_check(runner, log)


def test_resume_from_another_folder_finds_the_map(runner, tmp_path, plain_map, monkeypatch):
    log = tmp_path / "logs" / "game.yaml"
    flip(runner, "--seed", "table-42", "--map", str(plain_map), "--log", str(log), keys="\n")
    assert read_mapping(log)["map"] == "../maps/plain.yaml"
    monkeypatch.chdir(plain_map.parent)
    result = flip(runner, "--resume", str(log), keys="q\n")
    assert result.exit_code == 0, result.output
    assert "map: Plain, 6 windows" in result.stdout


def test_resume_to_another_log_leaves_the_first_untouched(runner, tmp_path):
    first, second = tmp_path / "a.yaml", tmp_path / "b.yaml"
    flip(runner, "--seed", "table-42", "--log", str(first), keys="\n\n")
    before = first.read_bytes()
    result = flip(runner, "--resume", str(first), "--log", str(second), keys="\nq\n")
    assert result.exit_code == 0, result.output
    assert first.read_bytes() == before
    assert log_cards(second) == TABLE_42[:3]


def test_a_finished_game_is_not_continued(runner, tmp_path, plain_map):
    log = tmp_path / "game.yaml"
    flip(runner, "--seed", "table-42", "--map", str(plain_map), "--log", str(log),
         keys="\n" * 7)
    result = flip(runner, "--resume", str(log), keys="\n\n")
    assert result.exit_code == 0
    assert rounds_shown(result.stdout) == [] and "The game is over after round 7" in result.stdout
    assert log_cards(log) == TABLE_42[:7]


@pytest.mark.parametrize("text, message", [
    ("format: scorepad/vv-game@1\nseed: s\nrounds: [{card: 5}\n", "invalid YAML"),
    ("format: scorepad/vv-game@1\nseed: s\nrounds: 5\n", "rounds"),
    ("format: scorepad/vv-map@1\nseed: s\n", "format"),
    ("format: scorepad/vv-game@1\nrounds: [{card: 5}]\n", "no seed"),
    ("format: scorepad/vv-game@1\nmap: x.yaml\nseed: s\nplayers: [Ann]\nrounds: []\n",
     "players"),
])
def test_a_corrupt_log_is_exit_2_and_left_untouched(runner, tmp_path, text, message):
    log = tmp_path / "game.yaml"
    log.write_text(text)
    result = flip(runner, "--resume", str(log), keys="\n\n")
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(f"{log}: ") and message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert log.read_text() == text
    assert [p.name for p in tmp_path.iterdir()] == ["game.yaml"]


def test_a_log_whose_cards_are_not_the_seeds_is_exit_1(runner, tmp_path):
    log = tmp_path / "game.yaml"
    text = ("format: scorepad/vv-game@1\nseed: table-42\nplayers: []\n"
            "rounds: [{card: 5}, {card: 4}]\n")
    log.write_text(text)
    result = flip(runner, "--resume", str(log), keys="\n")
    assert result.exit_code == 1
    # the message of `vv check`, which a resumed log passes first
    assert f"{log}: round 2: card 4 does not follow from seed 'table-42' (the seed gives 3)" \
        in result.stderr
    assert log.read_text() == text


def test_missing_resume_file_and_conflicting_seed_are_exit_2(runner, tmp_path):
    assert flip(runner, "--resume", str(tmp_path / "none.yaml")).exit_code == 2
    assert flip(runner, "--resume", "-", keys="format: scorepad/vv-game@1\n").exit_code == 2
    log = tmp_path / "game.yaml"
    flip(runner, "--seed", "table-42", "--log", str(log), keys="\n")
    result = flip(runner, "--resume", str(log), "--seed", "other")
    assert result.exit_code == 2 and "differs" in result.stderr


def test_an_existing_log_is_not_overwritten_by_a_new_game(runner, tmp_path):
    log = tmp_path / "game.yaml"
    flip(runner, "--seed", "table-42", "--log", str(log), keys="\n\n")
    before = log.read_bytes()
    result = flip(runner, "--seed", "table-42", "--log", str(log), keys="\n")
    assert result.exit_code == 2
    assert result.stderr.strip() == (f"{log}: already exists and is never overwritten; "
                                     f"continue it with `scorepad vv flip --resume {log}` or "
                                     "choose another --log")
    assert log.read_bytes() == before


def test_default_log_path_and_fresh_seed(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = flip(runner, keys="\nq\n")
    assert result.exit_code == 0, result.output
    seed = re.match(r"seed: (\S+) \(fresh", result.stdout).group(1)
    path = Path("output") / f"flip-{seed}-1.yaml"
    assert f"Saved after every move in {path}" in result.stdout
    assert read_mapping(path)["seed"] == seed
    # the same seed again does not overwrite the first game's log
    again = flip(runner, "--seed", seed, keys="\nq\n")
    assert f"Saved after every move in {path.with_name(f'flip-{seed}-2.yaml')}" in again.stdout
    assert log_cards(path) == log_cards(path.with_name(f"flip-{seed}-2.yaml"))
    # a seed with characters unsafe in a file name still gets a plain file name
    odd = flip(runner, "--seed", "a b/c", keys="q\n")
    assert "Saved after every move in output/flip-a-b-c-1.yaml" in odd.stdout
    assert read_mapping("output/flip-a-b-c-1.yaml")["seed"] == "a b/c"


def test_changed_rules_are_written_and_used_on_resume(runner, tmp_path):
    rules = tmp_path / "rules.yaml"
    rules.write_text("ruleset: vv-1\ndeck: [3, 4, 6]\nempty_rounding: down\n")
    log = tmp_path / "game.yaml"
    result = flip(runner, "--seed", "s", "--rules", str(rules), "--log", str(log),
                  keys="\n\n\n")
    assert result.exit_code == 130, result.output
    data = read_mapping(log)
    assert data["rules"] == {"deck": [3, 4, 6], "empty_rounding": "down"}
    cards = [r["card"] for r in data["rounds"]]
    assert set(cards) <= {3, 4, 6}
    # every 6 is announced as the reshuffle of this ruleset's 3 cards
    assert result.stdout.count("all 3 cards are shuffled") == cards.count(6)
    flip(runner, "--resume", str(log), keys="\n\n")
    assert log_cards(log) == [card.code for card, _ in deal("s", 5, [3, 4, 6], [6])]


# -- the big card (standard output a terminal) -------------------------------------------

def test_in_a_terminal_the_card_is_drawn_large(runner, tmp_path, monkeypatch):
    monkeypatch.setattr(flip_cli, "stdout_is_terminal", lambda: True)
    monkeypatch.setattr(flip_cli, "pick_glyphs", lambda: flip_cli.UNICODE)
    log = tmp_path / "game.yaml"
    result = flip(runner, "--seed", "table-42", "--log", str(log), env={"COLUMNS": "30"},
                  keys="\n" * 8 + "z\nhelp\nu\nq\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "ROUND 1" in out and "NUMBER 5" in out and "TRANSFER" in out and "FREE RIDE" in out
    # the 6: its digit drawn 5 lines high, the shuffle icon and the reshuffle banner
    six = flip_cli.big_text("6", flip_cli.UNICODE.ink)
    assert all(row.strip() in out for row in six)
    assert "⟲ SHUFFLE ⟲" in out and "RESHUFFLE" in out
    assert "Since the shuffle (8): 5 3 T 4 4 F T 6" in " ".join(out.split())
    assert "unknown input 'z'" in " ".join(out.split())
    assert "Took back: round 8's card 6" in " ".join(out.split())
    # a 30-column terminal: the card's frame whole, nothing wider (but the log's path)
    frames = [line for line in out.splitlines() if line.startswith(("╭", "│", "╰"))]
    assert frames and {len(line) for line in frames} == {30}
    assert max(len(line) for line in out.splitlines() if str(log) not in line) <= 30
    assert "\x1b[" not in out  # no colour: the runner's output is no terminal
    assert log_cards(log) == TABLE_42[:7]


@pytest.mark.parametrize("code", [3, 4, 5, 6, "E2", "E3", "T", "F"])
@pytest.mark.parametrize("glyphs", [flip_cli.UNICODE, flip_cli.ASCII])
def test_every_card_fits_a_phone_and_says_what_it_means(code, glyphs):
    card = parse_card(code)
    art = flip_cli.draw_card(card, code == 6, glyphs, PlainView())
    assert len({len(line) for line in art}) == 1 and len(art[0]) == 30
    body = "\n".join(art)
    title = {"T": "TRANSFER", "F": "FREE RIDE"}.get(str(code), "")
    assert title in body and (("SHUFFLE" in body) == (code == 6))
    assert ("EXPRESS" in body) == str(code).startswith("E")


def test_big_font_glyphs_are_five_rows_of_five():
    for char, rows in flip_cli.FONT.items():
        assert len(rows) == 5 and {len(r) for r in rows} == {5}, char
    assert flip_cli.big_text("E3", "#")[0] == "##### #####"


class PlainView:
    width = 40

    def paint(self, text, fg=None, *, bold=False):
        return text


def flipper(network=None) -> Session:
    """A flipper's game (no players) on the seed table-42."""
    return Session.start(GAME, [], seed="table-42", map=network)


# -- the flipper's game (the protocol, formerly its own Flipper session) ----------------------

def test_the_game_counts_windows_and_ends():
    session = flipper(plain_network())
    assert flip_cli.windows_text(session) == "6 windows left, at least 6 rounds left"
    for _ in range(6):
        session = session.reveal()
    assert flip_cli.windows_text(session).startswith("1 window left")  # one was a free ride
    session = session.reveal()
    assert session.is_over() and flip_cli.windows_text(session) == "no windows left"
    with pytest.raises(RuleViolation):
        session.step(None, TABLE_42[7])
    assert flip_cli.windows_text(session.undo()).startswith("1 window left")


def test_without_a_map_the_game_never_ends():
    session = flipper()
    for _ in range(40):
        session = session.reveal()
    assert flip_cli.windows_text(session) is None and not session.is_over()


def test_a_log_with_cards_after_the_end_is_refused():
    doc = {"format": "scorepad/vv-game@1", "map": "amsterdam", "seed": "table-42",
           "players": [], "rounds": [{"card": c} for c in TABLE_42[:7]]}
    log = parse_game_log(doc)
    from scorepad.rules.voll_verplant.game import replay

    state = replay(log, plain_network(), default_rules())
    assert GAME.is_over(state)
    with pytest.raises(RuleViolation, match="ended after round 7") as info:
        GAME.apply(state, None, TABLE_42[7])
    assert info.value.where == ("round 8",)


@settings(max_examples=60, deadline=None)
@given(seed=st.text(PLAIN, min_size=1, max_size=10),
       moves=st.lists(st.sampled_from(["flip", "flip", "undo"]), max_size=40))
def test_any_flips_and_undos_follow_the_seed(seed, moves):
    from scorepad.rules.voll_verplant.replay import since_shuffle

    rules = default_rules()
    session = Session.start(GAME, [], seed=seed)
    for move in moves:
        if move == "flip":
            session = session.reveal()
        elif session.can_undo():
            session = session.undo()
    cards = session.state.cards
    dealt = deal(seed, len(cards) + 1, rules.deck, rules.shuffle_cards)
    assert [c.code for c in cards] == [card.code for card, _ in dealt[:-1]]
    assert session.legal_moves(None) == [dealt[-1][0].code]
    # resuming from the log gives the same place and the same upcoming cards
    again = Session.resume(GAME, session.to_log())
    assert again.state.cards == cards and again.legal_moves(None) == session.legal_moves(None)
    if cards:
        since, reshuffle = since_shuffle(cards, rules)
        assert since[-1] == cards[-1]
        assert all(card != Card("number", 6) for card in since[:-1])
        assert reshuffle == dealt[len(cards) - 1][1]


# -- resume = check, and what the other commands make of a flipper's log -------------------

@pytest.mark.parametrize("fmt", [[], ["--json"], ["--format", "bgstats"]])
def test_vv_score_on_the_log_of_flip_map_paris_is_one_line_not_a_traceback(runner, tmp_path,
                                                                         fmt):
    log = tmp_path / "paris.yaml"
    result = flip(runner, "--seed", "table-42", "--map", "paris", "--log", str(log),
                  keys="\n" * 30)
    assert result.exit_code == 0 and "The game is over after round" in result.stdout
    vv_check(runner, log)
    score = runner.invoke(root, ["vv", "score", str(log), *fmt])
    assert score.exit_code == 1
    assert score.stderr == f"{log}: a flipper's log has cards but no players to score\n"
    assert "Traceback" not in score.output and score.stdout == ""


def test_whatever_flip_writes_vv_check_accepts(runner, tmp_path, tiny_map_path):
    log = tmp_path / "g.yaml"
    for keys in ["", "\n", "\n\nu\n", "\n" * 4 + "q\n", "\n" * 9]:
        log.unlink(missing_ok=True)
        flip(runner, "--seed", "table-42", "--map", str(tiny_map_path), "--log", str(log),
             keys=keys)
        vv_check(runner, log)


def test_resume_refuses_what_vv_check_refuses_with_the_same_message(runner, tmp_path):
    log = tmp_path / "game.yaml"
    log.write_text("format: scorepad/vv-game@1\nmap: amsterdam\nseed: table-42\nplayers: []\n"
                   "rounds: [{card: 5}, {card: 3}, {card: 7}]\n")
    before = log.read_bytes()
    check = runner.invoke(root, ["vv", "check", str(log)])
    result = flip(runner, "--resume", str(log), keys="\n")
    assert check.exit_code == result.exit_code
    assert check.exit_code != 0 and result.stderr == check.stderr
    assert log.read_bytes() == before


def test_a_map_given_on_resume_counts_the_windows_from_then_on(runner, tmp_path, plain_map):
    log = tmp_path / "game.yaml"
    flip(runner, "--seed", "table-42", "--log", str(log), keys="\n\n\n\n")
    result = flip(runner, "--resume", str(log), "--map", str(plain_map), keys="\n\n\n\n")
    assert result.exit_code == 0, result.output
    assert "The game is over after round 7" in flat(result.stdout)
    assert read_mapping(log)["map"] == "maps/plain.yaml"
    vv_check(runner, log)
    other = flip(runner, "--resume", str(log), "--map", "berlin")
    assert other.exit_code == 2 and "differs from the log's map" in other.stderr


def test_the_flipper_speaks_of_cards_not_of_the_tables_choices_and_sheets(runner, tmp_path,
                                                                           monkeypatch):
    """#N, sheet and help at the flipper: no "choices 1 to 0", no "Whose sheet?", and its
    help fits 80 columns without a sentence broken over three lines."""
    monkeypatch.chdir(tmp_path)
    result = flip(runner, "--seed", "s", "--log", "f.yaml",
                  keys="#1\nsheet\nhelp\nq\n", env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    out = result.output
    assert "choices 1 to 0" not in out and "Whose sheet?" not in out
    assert "The next one is face down: Enter reveals it." in out
    assert "This game has no players, so no sheets." in out
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "q: quit (the log is saved after every card;" in out.splitlines()
