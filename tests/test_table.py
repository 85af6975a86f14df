"""The terminal table loop (scorepad.table), driven through scripted standard input.

The game is the toy of tests/toy_game.py (two players count to ten with a seeded or
unseeded die), so the loop is tested apart from any real game.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from toy_game import TOY, toy_root

from scorepad import store
from scorepad.rules.session import Session
from scorepad.table import Console
from scorepad.table.adapter import score_lines

root = toy_root()  # the toy is never added to GAMES nor to the real root


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    """Run in the test's folder, so the paths in messages are short ones."""
    monkeypatch.chdir(tmp_path)


def toy(runner, tmp_path: Path, *args: str, input: str = ""):
    return runner.invoke(root, ["toy", "--folder", "out", *args], input=input)


def steps_of(path: Path) -> list:
    return list(store.load(path, TOY).steps)


def test_enter_plays_the_suggestions_to_the_end(runner, tmp_path):
    log = Path("g.yaml")
    result = toy(runner, tmp_path, "--log", str(log), input="\n" * 30)
    assert result.exit_code == 0, result.output
    assert "The game is over." in result.output
    assert "--resume" not in result.output  # a finished game is not resumed
    session = store.load(log, TOY)
    assert session.is_over()
    (winner,) = session.score()["winners"]
    assert f"Winner: {winner}" in result.output
    assert max(session.state.counts) == session.state.counts[session.players.index(winner)]


def test_end_of_input_saves_and_prints_the_exact_resume_command(runner, tmp_path):
    log = Path("g.yaml")
    result = toy(runner, tmp_path, "--log", str(log), input="\n\n\n")
    assert result.exit_code == 130
    last = result.output.strip().splitlines()[-2:]
    assert last == [f"Stopped; saved in {log}. Continue:", f"scorepad toy --resume {log}"]
    # 3 moves answered, each after its roll, and the next roll already made
    assert [p for p, _ in steps_of(log)] == [None, "Ann", None, "Bob", None, "Ann", None]


def test_resume_continues_exactly_where_it_stopped(runner, tmp_path):
    whole, part = Path("whole.yaml"), Path("part.yaml")
    answers = ["", "#1", "pass", "", "u", "+1", "", "", "", "", "", "", "", "", "", ""]
    result = toy(runner, tmp_path, "--log", str(whole), input="\n".join(answers) + "\n")
    assert result.exit_code == 0
    first = toy(runner, tmp_path, "--log", str(part), input="\n".join(answers[:5]) + "\n")
    assert first.exit_code == 130
    rest = toy(runner, tmp_path, "--resume", str(part), input="\n".join(answers[5:]) + "\n")
    assert rest.exit_code == 0, rest.output
    assert "Resumed after" in rest.output
    assert part.read_text() == whole.read_text()


def test_an_existing_log_is_refused_and_left_byte_identical(runner, tmp_path):
    log = Path("g.yaml")
    log.write_bytes(b"format: something else\r\nkept: [1, 2]\n")
    before = log.read_bytes()
    result = toy(runner, tmp_path, "--log", str(log), input="\n")
    assert result.exit_code == 2
    assert log.read_bytes() == before
    assert f"scorepad toy --resume {log}" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_without_log_the_game_gets_a_new_name_and_says_where(runner, tmp_path):
    names = []
    for _ in range(2):
        result = toy(runner, tmp_path, input="q\n")
        assert result.exit_code == 0
        line = next(x for x in result.output.splitlines() if x.startswith("Saved after"))
        names.append(Path(line.rsplit(" ", 1)[1]))
    assert names[0] != names[1]
    assert all(p.parent == Path("out") and p.exists() for p in names)


def test_quit_saves_and_names_the_resume_command(runner, tmp_path):
    log = Path("g.yaml")
    result = toy(runner, tmp_path, "--log", str(log), input="\nq\n")
    assert result.exit_code == 0
    assert result.output.strip().endswith(f"Continue:\nscorepad toy --resume {log}")
    assert [p for p, _ in steps_of(log)] == [None, "Ann", None]


def test_undo_takes_back_the_move_and_the_automatic_roll_after_it(runner, tmp_path):
    log = Path("g.yaml")
    result = toy(runner, tmp_path, "--log", str(log), input="\nu\nu\nq\n")
    assert "Took back Ann's move: +2" in result.output
    assert "Nothing to undo." in result.output
    assert [p for p, _ in steps_of(log)] == [None]  # the first roll stays: it comes again


def test_numbered_choices_and_typed_moves(runner, tmp_path):
    log = Path("g.yaml")
    result = toy(runner, tmp_path, "--log", str(log), input="?\n#1\n3\n+7\n#9\npass\nq\n")
    out = result.output
    assert "  1. +1\n  2. +2\n  3. pass" in out
    assert "Not read: cannot read '3': type +N or pass" in out  # bare numbers are moves here
    assert "Not allowed:" in out  # +7 with a roll of 3
    assert "There are choices 1 to" in out
    assert [m for p, m in steps_of(log) if p] == [{"add": 1}, "pass"]


def test_sheet_scores_and_help_at_the_prompt(runner, tmp_path):
    result = toy(runner, tmp_path,
                 input="\nsheet ANN\nsheet b\nsheet zed\nsheet Anne\ns\nhelp\nq\n")
    out = result.output
    assert "Ann: 2 of 10" in out and "Bob: 0 of 10" in out
    assert "no player 'zed' (players: Ann, Bob)" in out
    assert "no player 'Anne' (players: Ann, Bob; did you mean 'Ann'?)" in out
    assert " 1. Ann  2\n 2. Bob  0" in out
    assert "+N     add N (up to the roll)" in out and "u       undo the last move" in out


def test_an_unseeded_chance_step_is_asked(runner, tmp_path):
    log = Path("g.yaml")
    result = toy(runner, tmp_path, "--seed", "", "--log", str(log), input="?\n\n7\n2\n\nq\n")
    out = result.output
    assert "roll> " in out
    assert "  1. roll 1\n  2. roll 2\n  3. roll 3" in out
    assert "Type a move (? lists them, help explains)." in out
    assert "Not allowed: 7 is not allowed now" in out
    assert steps_of(log)[:2] == [(None, 2), ("Ann", {"add": 2})]


def test_resuming_a_finished_game_says_it_is_over(runner, tmp_path):
    log = Path("g.yaml")
    toy(runner, tmp_path, "--log", str(log), input="\n" * 30)
    before = log.read_bytes()
    result = toy(runner, tmp_path, "--resume", str(log))
    assert result.exit_code == 0
    assert "The game is over." in result.output and "--resume" not in result.output
    assert log.read_bytes() == before


def test_resume_into_a_new_log_copies_and_never_overwrites(runner, tmp_path):
    log, copy, taken = Path("g.yaml"), tmp_path / "copy.yaml", tmp_path / "taken.yaml"
    toy(runner, tmp_path, "--log", str(log), input="\n")
    taken.write_text("mine\n")
    refused = toy(runner, tmp_path, "--resume", str(log), "--log", str(taken))
    assert refused.exit_code == 2 and taken.read_text() == "mine\n"
    result = toy(runner, tmp_path, "--resume", str(log), "--log", str(copy), input="\n")
    assert result.exit_code == 130
    assert len(steps_of(copy)) == len(steps_of(log)) + 2


def test_an_internal_error_saves_the_log_and_exits_70(runner, tmp_path):
    log = Path("g.yaml")
    result = toy(runner, tmp_path, "--log", str(log), "--crash-after", "4", input="\n\n\n")
    assert result.exit_code == 70
    lines = result.stderr.strip().splitlines()
    assert lines[0] == f"saved in {log}; continue: scorepad toy --resume {log}"
    assert lines[1].startswith("scorepad toy: internal error (ZeroDivisionError: the toy")
    assert "--debug" in lines[1] and "Traceback" not in result.stderr
    assert len(steps_of(log)) == 4  # the step that failed to show is kept too
    debug = runner.invoke(root, ["--debug", "toy", "--log", str(tmp_path / "d.yaml"),
                                 "--crash-after", "2"], input="\n\n")
    assert debug.exit_code == 70
    assert "Traceback (most recent call last)" in debug.stderr


def test_no_escape_codes_for_non_terminals(runner, tmp_path):
    result = toy(runner, tmp_path, input="\n?\nhelp\n+9\n")
    assert "\x1b" not in result.output


def test_colour_is_off_with_no_color(monkeypatch):
    class Tty:
        def isatty(self):
            return True

    from scorepad.table.console import wants_colour

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert wants_colour(Tty())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not wants_colour(Tty())


def test_output_fits_40_columns(runner, tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "40")
    long_names = "Annabelle Montgomery-Smythe,Bob"
    result = toy(runner, tmp_path, "--players", long_names, input="\n?\nhelp\ns\nsheet bob\n"
                 + "\n" * 30)
    assert result.exit_code == 0
    assert max(len(line) for line in result.output.splitlines()) <= 40
    # a score row is never broken: each player's row holds the name's start and the total
    rows = [line for line in result.output.splitlines() if line.startswith((" 1. ", " 2. "))]
    assert rows and all(line.split()[-1].isdigit() for line in rows)


@pytest.mark.parametrize("width", [20, 40, 100])
def test_console_fit_wraps_at_words(width):
    from scorepad.table.console import fit

    text = "word " * 50
    lines = fit([text.strip()], width)
    assert all(len(line) <= width for line in lines)
    assert " ".join(" ".join(lines).split()) == text.strip()


def test_score_lines_fit_and_keep_ranks():
    class View:
        width = 24

        def paint(self, text, fg=None, *, bold=False):
            return text

    session = Session.start(TOY, ["A very long player name indeed", "Bo"], seed="x")
    rows = score_lines(session.score(), View())
    assert all(len(r) <= 24 for r in rows)
    assert [r.split()[-1] for r in rows] == ["0", "0"]


def test_console_reads_answers_and_echoes_them_when_piped(monkeypatch, capsys):
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.StringIO("  +2  \n"))
    console = Console(width=40, colour=False)
    assert console.ask("Ann> ") == "+2"
    assert capsys.readouterr().out == "Ann>   +2  \n"
    with pytest.raises(EOFError):
        console.ask("Ann> ")


def play_adapter(adapter, log: str, input: str):
    """Run the loop with ``adapter`` on a seeded toy game saved in ``log``: the session
    it started from and the result."""
    import click
    from click.testing import CliRunner

    from scorepad.table import open_session, run

    session, path = open_session(adapter, log=log, resume=None,
                                 start=lambda: Session.start(TOY, ["Ann", "Bob"], seed="toy"))

    @click.command()
    def play():
        run(adapter, session, path)

    return session, CliRunner().invoke(play, input=input)


def test_a_flipper_waits_for_enter_at_chance_and_undo_takes_back_the_card(tmp_path):
    from toy_game import ToyAdapter

    class Flipper(ToyAdapter):
        confirm_chance = True

    session, result = play_adapter(Flipper(), "f.yaml", "\nu\n\nq\n")
    out = result.output
    roll = TOY.legal_moves(session.state, None)[0]
    assert f"roll [roll {roll}]> " in out  # the card waits for Enter
    assert f"Took back: roll {roll}" in out
    assert [p for p, _ in steps_of(Path("f.yaml"))] == [None]


def test_resuming_another_games_log_names_the_file(runner, tmp_path):
    Path("other.yaml").write_text("format: scorepad/vv-game@1\nplayers: [Ann]\n")
    result = toy(runner, tmp_path, "--resume", "other.yaml")
    assert result.exit_code == 2
    assert result.stderr.strip() == "other.yaml: not a toy game log"
    stdin = toy(runner, tmp_path, "--log", "-")
    assert stdin.exit_code == 2 and "need a file name, not -" in stdin.stderr


def test_cut_marks_what_it_shortened_in_the_terminal_encoding(monkeypatch):
    import io
    import sys

    from scorepad.table.console import cut

    assert cut("Annabelle", 20) == "Annabelle"
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))
    assert cut("Annabelle", 5) == "Anna…"
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(io.BytesIO(), encoding="ascii"))
    assert cut("Annabelle", 5) == "An..."


def test_parse_may_name_the_player_take_a_part_and_read_enter(tmp_path):
    """Played (a line naming who moves), Pending (one part of a move asked over several
    prompts) and takes_empty (Enter as an answer), as floris tally uses them."""
    from toy_game import ToyAdapter

    from scorepad.table import Pending, Played

    class Named(ToyAdapter):
        parts: list[str] = []

        def parse(self, session, player, line):
            name, _, rest = line.partition(" ")
            if name == "part":
                self.parts.append(rest)
                return Pending((f"part {len(self.parts)} kept",))
            if not line:                              # Enter: the parts make the move
                return {"add": len(self.parts)}
            return Played(name.capitalize(), super().parse(session, player, rest))

        def suggest(self, session, player):
            return None if player else super().suggest(session, player)

        def takes_empty(self, session, player):
            return player is not None

    _, result = play_adapter(Named(), "n.yaml", "bob +1\nann pass\npart a\npart b\n\nq\n")
    out = result.output
    assert "Not allowed: Bob cannot move now" in out
    assert "part 1 kept" in out and "part 2 kept" in out
    assert [m for p, m in steps_of(Path("n.yaml")) if p] == ["pass", {"add": 2}]


def _run_adapter(adapter, keys: str, seed: str = "toy"):
    """Run the loop with ``adapter`` on a new toy game saved in f.yaml (cwd: tmp_path)."""
    import click
    from click.testing import CliRunner

    from scorepad.table import open_session, run

    session, path = open_session(adapter, log="f.yaml", resume=None,
                                 start=lambda: Session.start(TOY, ["Ann", "Bob"], seed=seed))

    @click.command()
    def table():
        run(adapter, session, path)

    return CliRunner().invoke(table, input=keys)


def test_hooks_choices_forced_moves_and_words_a_game_claims(tmp_path):
    from toy_game import ToyAdapter

    class Hooked(ToyAdapter):
        def choices(self, session, player):  # listed once each, in the game's own order
            return [(m, f"take {self.describe(session, player, m)}")
                    for m in reversed(session.legal_moves(player))]

        def forced(self, session, player):  # Bob never has a choice here
            return "pass" if player == "Bob" else None

        def claims(self, session, player, line):  # "s" is a move (+1), not the scores
            return line == "s"

        def parse(self, session, player, line):
            return {"add": 1} if line == "s" else super().parse(session, player, line)

    result = _run_adapter(Hooked(), "?\n#1\ns\nu\nscore\nq\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "  1. take pass\n  2. take +2\n  3. take +1" in out
    assert out.count("Bob: pass") == 2  # played for Bob, never asked
    assert "Bob (rolled" not in out
    assert "Ann: +1" in out  # the claimed "s"
    # undo passes over Bob's forced move (and the rolls) back to Ann's own
    assert "Took back Ann's move: +1" in out
    assert " 1. Ann  0" in out or " 1. Bob  0" in out  # "score" is still the scores
    moves = [(p, m) for p, m in steps_of(Path("f.yaml")) if p]
    assert moves == [("Ann", "pass"), ("Bob", "pass")]


def test_a_face_down_chance_step_waits_for_enter_and_is_not_listed(tmp_path):
    from toy_game import ToyAdapter

    class Flipper(ToyAdapter):
        confirm_chance = True

        def suggest(self, session, player):
            return None if player is None else super().suggest(session, player)

    result = _run_adapter(Flipper(), "?\n#1\n\nq\n")
    out = result.output
    roll = TOY.legal_moves(Session.start(TOY, ["Ann", "Bob"], seed="toy").state, None)[0]
    assert "roll> " in out and f"[roll {roll}]" not in out  # no hint shows the outcome
    # #N cannot pick it either: it says why, never "choices 1 to 0"
    assert out.count("The next one is face down: Enter reveals it.") == 2
    assert "choices 1 to 0" not in out
    assert [p for p, _ in steps_of(Path("f.yaml"))] == [None]
