"""The ``mf`` commands: deal, simulate and the table-side scorekeeper ``play`` (scripted
through stdin, as at a table with a pipe)."""

from __future__ import annotations

import json
from collections import Counter

import yaml

from scorepad.main import root
from scorepad.mf.shorthand import card_words, parse_cards
from scorepad.play.mille_fiori.bots import greedy_bot, random_bot
from scorepad.play.mille_fiori.simulate import play_game
from scorepad.rules.mille_fiori.board import board
from scorepad.rules.mille_fiori.game import GAME
from scorepad.rules.mille_fiori.log import read_turn

B = board()


def test_help_of_every_command_ends_with_an_example(runner):
    for command in ("aid", "deal", "play", "check", "score", "simulate"):
        result = runner.invoke(root, ["mf", command, "--help"])
        assert result.exit_code == 0, command
        assert "Example" in result.output and "scorepad mf" in result.output, command


# ---------------------------------------------------------------------------- deal
def test_deal_is_reproducible_and_deals_the_whole_deck(runner):
    first = runner.invoke(root, ["mf", "deal", "--players", "3", "--seed", "table-7", "--json"])
    again = runner.invoke(root, ["mf", "deal", "--players", "3", "--seed", "table-7", "--json"])
    other = runner.invoke(root, ["mf", "deal", "--players", "3", "--seed", "table-8", "--json"])
    assert first.exit_code == 0 and first.output == again.output != other.output
    data = json.loads(first.output)
    assert data["seed"] == "table-7" and data["players"] == 3
    assert len(data["display"]) == 4 and len(data["rounds"]) == 7
    assert all(len(r["hands"]) == 3 and all(len(h) == 5 for h in r["hands"])
               for r in data["rounds"])
    everything = data["display"] + data["rest"] + [
        c for r in data["rounds"] for h in r["hands"] for c in h]
    assert Counter(everything) == Counter(B.cards[k].id for k in B.deck)


def test_deal_without_a_seed_prints_one_that_reproduces_it(runner):
    result = runner.invoke(root, ["mf", "deal", "-p", "4"])
    assert result.exit_code == 0
    seed = result.output.split("seed ")[1].split(",")[0]
    again = runner.invoke(root, ["mf", "deal", "-p", "4", "--seed", seed])
    assert again.output == result.output
    assert "Display (9 cards face up)" in result.output and "Round 5" in result.output
    assert runner.invoke(root, ["mf", "deal", "-p", "5"]).exit_code == 2


# ------------------------------------------------------------------------ simulate
def test_simulate_json_is_reproducible(runner, tmp_path):
    args = ["mf", "simulate", "--players", "3", "--games", "4", "--seed", "s", "--json"]
    first = runner.invoke(root, args)
    assert first.exit_code == 0, first.output
    assert first.output == runner.invoke(root, args).output
    data = json.loads(first.output)
    for key in ("players", "games", "bot", "mean", "median", "p10", "p90", "areas", "ended_by"):
        assert key in data
    assert data["games"] == 4 and sum(data["ended_by"].values()) == 4
    assert data["p10"] <= data["median"] <= data["p90"]


def test_simulate_writes_logs_that_replay_to_its_scores(runner, tmp_path):
    result = runner.invoke(root, ["mf", "simulate", "-p", "2", "-n", "2", "--seed", "w",
                                  "--bot", "greedy,random", "--logs", str(tmp_path)])
    assert result.exit_code == 0
    for i in (1, 2):
        game = play_game(2, f"w-{i}", [greedy_bot, random_bot])
        scored = runner.invoke(root, ["mf", "score", "--json", str(tmp_path / f"game-{i}.yaml")])
        assert scored.exit_code == 0, scored.stderr
        data = json.loads(scored.output)
        assert data["finished"] is True
        assert [p["total"] for p in data["players"]] == [game.state.total(0),
                                                          game.state.total(1)]
    assert runner.invoke(root, ["mf", "simulate", "--bot", "clever"]).exit_code == 2


# ---------------------------------------------------------------------------- play
def test_play_a_short_session_with_bonus_undo_and_prompts(runner, tmp_path):
    log = tmp_path / "game.yaml"
    lines = [
        "w7 quartz 3",        # Ann +1
        "bob w8 lime 1",      # Bob +1
        "ann w0 pig 1",       # Ann group {0, 7} on pigments: +4, triangle 0-7-8 → bonus
        "none",               #   the display is empty: +5
        "t0 goblet 1",        # Bob +1 ...
        "u",                  #   ... taken back
        "t0 goblet 2",        # Bob +1
        "ann w9 quartz",      # Ann +1, asked for the ship number:
        "2",
        "ship",               # Bob moves his ship: which card? which number?
        "swan",
        "4",                  #   0 → 4: +3
        "coin 1",             # round 2, Bob: where can a coin go? → the list
        "1",                  #   nobili/7 (a cross space): +1
        "q",
    ]
    result = runner.invoke(root, ["mf", "play", "--players", "Ann,Bob", "--log", str(log)],
                           input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Ann +4 workshops (group of 2, ×2 on pigments)" in out
    assert "Ann: bonus triangle 0-7-8 complete: bonus card earned" in out
    assert "Ann +5 empty display" in out
    assert "Took back Bob's move: t0 goblet 1" in out  # the loop's words (was: took back ...)
    assert "Ship number on the card? (1/2/3/4/5)" in out
    assert "Round 2 of 10: Bob starts" in out
    assert "coin 1 can go:" in out and "1) n7" in out  # the words mf play reads
    assert "Totals: Ann 11 · Bob 6" in out
    data = yaml.safe_load(log.read_text())
    assert [r["start"] for r in data["rounds"]] == ["Ann", "Bob"]
    assert data["rounds"][0]["turns"][5] == {"player": "Bob", "card": "trade/swan/4",
                                             "action": {"ship": True}}
    scored = runner.invoke(root, ["mf", "score", "--json", str(log)])
    assert [p["total"] for p in json.loads(scored.output)["players"]] == [11, 6]
    # resume: Ann's harbor card in row 2 moves her ship 0 → 5 (+1); the input then ends:
    # saved, exit 130 (the shared interrupt policy; it was 0)
    result = runner.invoke(root, ["mf", "play", "--resume", str(log)], input="h2 5\n")
    assert result.exit_code == 130 and "Resumed after turn 7." in result.output
    assert " ".join(result.output.split()).endswith(f"Continue: scorepad mf play --resume {log}")
    assert "Ann +1 ship (ship 0→5)" in result.output
    scored = runner.invoke(root, ["mf", "score", "--json", str(log)])
    assert [p["total"] for p in json.loads(scored.output)["players"]] == [12, 6]


def test_play_refuses_bad_input_and_keeps_asking(runner, tmp_path):
    log = tmp_path / "game.yaml"
    lines = ["bob w7 quartz 1", "ann w8 quartz 1", "ann w7 quarts 1", "ann n2 coin 1",
             "ann zz", "w7 quartz 1"]
    result = runner.invoke(root, ["mf", "play", "--players", "Ann,Bob", "--log", str(log)],
                           input="\n".join(lines) + "\n")
    out = result.output
    assert "It is Ann's turn" in out
    assert "workshops/8 is lime; a quartz card needs a space of its material" in out
    assert "nobili/2 needs both middle spaces below it filled" in out
    assert "cannot read 'zz'" in out
    assert "Ann +1 workshops" in out
    assert len(yaml.safe_load(log.read_text())["rounds"][0]["turns"]) == 1
    assert runner.invoke(root, ["mf", "play", "--players", "Ann"]).exit_code == 2


def _input_lines(log: dict) -> list[str]:
    """What a table would type for a logged game (full ids), found by replaying it with an
    untracked display: a bonus card the display could not give is answered 'none'."""
    names = list(log["players"])
    state = GAME.new(names, start=log["rounds"][0]["start"])
    lines = []
    for rnd in log["rounds"]:
        for data in rnd["turns"]:
            turn = read_turn(data)
            lines.append(_say(turn.player, turn.card, turn.action))
            state = GAME.apply(state, turn.player, {"card": turn.card,
                                                    "action": turn.action.to_data()})
            for b in turn.bonus:
                lines.append(_say(turn.player, b.card, b.action))
                state = GAME.apply(state, turn.player, {"card": b.card,
                                                        "action": b.action.to_data()})
            if GAME.to_move(state) == [turn.player] and {"empty_display": True} in \
                    GAME.legal_moves(state, turn.player):
                lines.append("none")
                state = GAME.apply(state, turn.player, {"empty_display": True})
    return lines


def _say(player: str, card: str, action) -> str:
    return f"{player} {card} {'ship' if action.ship else action.place}"


def test_play_a_whole_bot_game_to_the_final_table(runner, tmp_path):
    game = play_game(2, "table", [random_bot, random_bot], record=True, names=["Ann", "Bob"])
    lines = _input_lines(game.log)
    log = tmp_path / "game.yaml"
    result = runner.invoke(root, ["mf", "play", "--players", "Ann,Bob", "--log", str(log)],
                           input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output[-2000:]
    # the end said once, with its reason (the step's own "game over" notice is left out)
    assert result.output.count("The game is over: the deck cannot deal another round.") == 1
    assert "! game over" not in result.output
    assert any(line.startswith("Winner") for line in result.output.splitlines()[-6:])
    scored = json.loads(runner.invoke(root, ["mf", "score", "--json", str(log)]).output)
    assert scored["finished"] is True
    assert [p["total"] for p in scored["players"]] == [game.state.total(0), game.state.total(1)]


# ---------------------------------------------------------------------------- play --display

DISPLAY = ("goblet 1, goblet 2, carafe 3, earrings 1, house 1, harbor 1, shell 1, ash 1, "
           "lion 1")


def test_play_tracking_the_display_checks_bonus_cards_and_records_leftovers(runner, tmp_path):
    log = tmp_path / "game.yaml"
    lines = [
        "goblet 1, gobblet 2",     # a typo: asked again
        DISPLAY,
        "w7 quartz 3",             # Ann +1
        "bob w8 lime 1",           # Bob +1
        "ann w0 pig 1",            # Ann: triangle 0-7-8 → a bonus card from the display
        "none",                    #   refused: the display holds 9 cards
        "t0 carafe 1",             #   refused: not on the display
        "t0 goblet 1",             #   taken from the display
        "d",                       # the display, goblet 1 gone
        "ship swan 4",             # Bob
        "w9 quartz 2",             # Ann
        "ship coin 5",             # Bob: the round's 6th turn
        "u",                       # at the leftover prompt: takes Bob's turn back
        "ship coin 5",
        "house 2, house 3, harbor 2, goblet 3",   # the 4 leftovers go to the display
        "q",
    ]
    result = runner.invoke(root, ["mf", "play", "--players", "Ann,Bob", "--log", str(log),
                                  "--display"], input="\n".join(lines) + "\n",
                           env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    out = result.output
    assert "no card 'gobblet'" in out
    assert "Display (9 face-up cards" in out
    assert "the display holds 9 cards: the owed bonus card must be taken from it" in out
    assert "trade/carafe/1 is not on the display" in out
    assert "Ann +1 trade (1 diamond × 1 on goblet)" in out
    # 'd' after the bonus: goblet 1 has left the display (shown in the board's card order)
    assert "Display: ash 1, house 1, lion 1, shell 1, goblet 2, carafe 3, earrings 1, harbor 1\n" \
        in out
    assert "Totals: Ann 7 · Bob 9" in out
    assert "Round 1 is over: which 4 leftover hand cards go to the display?" in out
    assert "Took back Bob's move: ship coin 5" in out  # the loop's words
    assert "Round 2 of 10: Bob starts" in out
    data = yaml.safe_load(log.read_text())
    assert len(data["display"]) == 9 and "trade/goblet/1" in data["display"]
    assert data["rounds"][0]["turns"][2]["bonus"] == [
        {"card": "trade/goblet/1", "action": {"place": "trade/0/goblet"}}]
    assert data["rounds"][0]["leftover"] == ["residences/-/2", "residences/-/3", "harbor/-/2",
                                             "trade/goblet/3"]
    checked = runner.invoke(root, ["mf", "check", str(log)])
    assert checked.exit_code == 0, checked.output
    # Resumed, the game still tracks the display; an untracked log cannot start tracking.
    again = runner.invoke(root, ["mf", "play", "--resume", str(log)], input="d\nq\n",
                          env={"COLUMNS": "100"})
    assert again.exit_code == 0 and "Display: " in again.output
    assert "house 2, house 3" in again.output and "goblet 3" in again.output


def test_play_display_cannot_be_added_to_an_untracked_game(runner, tmp_path):
    log = tmp_path / "game.yaml"
    runner.invoke(root, ["mf", "play", "--players", "Ann,Bob", "--log", str(log)],
                  input="w7 quartz 3\nq\n")
    result = runner.invoke(root, ["mf", "play", "--resume", str(log), "--display"], input="q\n")
    assert result.exit_code == 2
    assert "does not track the display" in result.output


def test_play_a_whole_bot_game_tracking_the_display(runner, tmp_path):
    # The bot game's log records the display and every round's leftovers: typed into the
    # scorekeeper (display, turns with their bonus cards, leftovers), it is the same game.
    game = play_game(2, "tracked", [random_bot, random_bot], record=True,
                     names=["Ann", "Bob"])
    logged = game.log
    lines = [" ".join(logged["display"])]
    for rnd in logged["rounds"]:
        for data in rnd["turns"]:
            turn = read_turn(data)
            lines.append(_say(turn.player, turn.card, turn.action))
            lines += [_say(turn.player, b.card, b.action) for b in turn.bonus]
        if rnd.get("leftover") is not None:
            lines.append(" ".join(rnd["leftover"]))
    log = tmp_path / "game.yaml"
    result = runner.invoke(root, ["mf", "play", "--players", "Ann,Bob", "--start",
                                  logged["rounds"][0]["start"], "--display", "--log", str(log)],
                           input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output[-2000:]
    assert "The game is over: " in result.output
    saved = yaml.safe_load(log.read_text())
    assert saved["display"] == logged["display"]
    assert [r["turns"] for r in saved["rounds"]] == [r["turns"] for r in logged["rounds"]]
    # every round's leftovers, the last one's too (the protocol asks for them: the log
    # then records where every card went)
    assert [r.get("leftover") for r in saved["rounds"]] == \
        [r.get("leftover") for r in logged["rounds"]]
    assert saved["rounds"][-1].get("leftover") is not None
    scored = json.loads(runner.invoke(root, ["mf", "score", "--json", str(log)]).output)
    assert [p["total"] for p in scored["players"]] == [game.state.total(0), game.state.total(1)]


def test_card_lists_read_back_what_they_write():
    every = list(range(len(B.cards)))
    assert parse_cards(card_words(B, every), B) == every
    assert card_words(B, parse_cards("Goblet 4, house 2 harbor 5 trade/swan/1", B)) == \
        "goblet 4, house 2, harbor 5, swan 1"
