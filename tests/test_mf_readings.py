"""Rules readings the sources leave open (issue 15), each a ruleset option: a worked example
per setting through ``mf check`` / ``mf score``."""

from __future__ import annotations

import json

import pytest
import yaml

from scorepad.main import root


def log(turns: list[tuple[str, str, str]], rules: dict | None = None) -> dict:
    """A 2-player log of one round (Ann starts) from (player, card, space) triples."""
    doc: dict = {"format": "scorepad/mf-game@1", "players": ["Ann", "Bob"]}
    if rules:
        doc["rules"] = rules
    doc["rounds"] = [{"start": "Ann", "turns": [
        {"player": p, "card": c, "action": {"ship": True} if s == "ship" else {"place": s}}
        for p, c, s in turns]}]
    return doc


def run(runner, tmp_path, doc: dict, command: str = "score"):
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    args = ["mf", command, str(path)] + (["--json"] if command == "score" else [])
    return runner.invoke(root, args)


# A pyramid of nobili: bottoms 7 8 9, middles 3 4, then Bob on the top space 0 above them.
PYRAMID = [("Ann", "nobili/cross/1", "nobili/7"),   # Ann: bottom ×2 (cross) = 2
           ("Bob", "nobili/coin/1", "nobili/8"),    # Bob 2
           ("Ann", "nobili/lion/1", "nobili/9"),    # Ann 4
           ("Bob", "nobili/lion/2", "nobili/3"),    # Bob middle ×2 = 6, supporters 7, 8: +1 each
           ("Ann", "nobili/cross/2", "nobili/4"),   # Ann 6, supporters 8, 9: +1 each
           ("Bob", "nobili/coin/2", "nobili/0")]    # top ×2 = 12; middles +3, bottoms +1 each


def test_a_top_space_on_its_two_middles_by_default(runner, tmp_path):
    result = run(runner, tmp_path, log(PYRAMID))
    assert result.exit_code == 0, result.stderr
    ann, bob = json.loads(result.output)["players"]
    # Ann 2 + 2 + 1 + 6 + 1, then 3 (middle 4) + 1 (bottom 7) + 1 (bottom 9) = 17;
    # Bob 2 + 6 + 1 + 1, then 12 + 3 (middle 3) + 1 (bottom 8), and the top's bonus card
    # with no entry in an untracked log: the empty display's 5 = 31
    assert (ann["total"], bob["total"]) == (17, 31)
    assert bob["areas"]["nobili"] == 26 and bob["empty_display"] == 5


def test_a_top_space_needs_the_whole_middle_row_when_the_ruleset_says_so(runner, tmp_path):
    result = run(runner, tmp_path, log(PYRAMID, {"townspeople_top": "middle_row"}), "check")
    assert result.exit_code == 1
    assert "turn 6, Bob: nobili/0 needs the whole middle row filled" in result.stderr
    # without the top space the game is the same under both readings
    result = run(runner, tmp_path, log(PYRAMID[:5], {"townspeople_top": "middle_row"}))
    assert result.exit_code == 0
    assert [p["total"] for p in json.loads(result.output)["players"]] == [12, 10]


# Two diamonds each; Ann places her last one in turn 3, Bob his in turn 4.
TRADE = [("Ann", "trade/swan/1", "trade/0/swan"),        # Ann 1
         ("Bob", "trade/swan/2", "trade/1/swan"),        # 2 on the column: Ann +2, Bob +2
         ("Ann", "trade/goblet/1", "trade/0/goblet"),    # Ann 1: her last supply diamond
         ("Bob", "trade/goblet/2", "trade/1/goblet"),    # Ann +2, Bob +2
         ("Ann", "trade/carafe/1", "trade/0/carafe"),    # Ann 1 (a reserve diamond)
         ("Bob", "trade/carafe/2", "trade/1/carafe")]    # Ann +2, Bob +2


def test_without_the_reserve_a_player_out_of_diamonds_can_only_ship(runner, tmp_path):
    rules = {"diamonds": 2, "last_diamond_end": "round"}
    result = run(runner, tmp_path, log(TRADE, rules), "check")
    assert result.exit_code == 1
    assert "turn 5, Ann: Ann has no diamond left: only a ship move is possible" in result.stderr
    shipped = TRADE[:4] + [("Ann", "trade/carafe/1", "ship"), ("Bob", "trade/carafe/2", "ship")]
    data = json.loads(run(runner, tmp_path, log(shipped, rules)).output)
    assert data["finished"] is True and data["end"] == "diamonds"
    assert [p["areas"]["trade"] for p in data["players"]] == [6, 4]


def test_the_reserve_diamonds_finish_the_round(runner, tmp_path):
    rules = {"diamonds": 2, "last_diamond_end": "round", "reserve_diamonds": 3}
    result = run(runner, tmp_path, log(TRADE, rules))
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.output)
    assert data["finished"] is True and data["end"] == "diamonds"
    ann, bob = data["players"]
    assert (ann["total"], bob["total"]) == (1 + 2 + 1 + 2 + 1 + 2, 2 + 2 + 2)
    assert (ann["diamonds_left"], bob["diamonds_left"]) == (2, 2)  # of the 3 reserve each
    assert data["rules"] == rules


@pytest.mark.parametrize("end", ["turn", "action"])
def test_the_reserve_needs_the_round_to_be_finished(runner, tmp_path, end):
    rules = {"diamonds": 2, "last_diamond_end": end, "reserve_diamonds": 3}
    result = run(runner, tmp_path, log(TRADE, rules), "check")
    assert result.exit_code == 2
    assert "reserve_diamonds" in result.stderr and "last_diamond_end: round" in result.stderr


# Ann's harbor card fills harbor row 0 and her ship lands on the bonus space 7; the bonus
# card puts a goblet in trade row 0, beside that harbor row.
HARBOR = [("Ann", "trade/swan/2", "ship"),                # ship 0→2
          ("Bob", "harbor/-/1", "harbor/0/0"),            # ship 0→1
          ("Ann", "harbor/-/1", "harbor/0/1"),            # ship 2→3
          ("Bob", "trade/swan/3", "ship"),                # ship 1→4
          ("Ann", "harbor/-/4", "harbor/0/2")]            # ship 3→7: a bonus card
GOBLET = {"card": "trade/goblet/1", "action": {"place": "trade/0/goblet"}}


def harbor_log(rules: dict | None = None, bonus: dict = GOBLET) -> dict:
    doc = log(HARBOR, rules)
    doc["rounds"][0]["turns"][-1]["bonus"] = [bonus]
    return doc


def test_a_landing_bonus_is_played_after_the_harbor_row_paid_by_default(runner, tmp_path):
    data = json.loads(run(runner, tmp_path, harbor_log()).output)
    ann, bob = data["players"]
    # the row filled with no good beside it: 0 each; then the goblet: Ann +1 trade
    assert (ann["areas"]["harbor"], bob["areas"]["harbor"]) == (0, 0)
    assert ann["areas"]["trade"] == 1


def test_a_landing_bonus_at_landing_comes_before_the_diamond(runner, tmp_path):
    result = run(runner, tmp_path, harbor_log({"landing_bonus": "at_landing"}))
    assert result.exit_code == 0, result.stderr
    ann, bob = json.loads(result.output)["players"]
    # the goblet is in trade row 0 when the diamond fills harbor row 0: 1 good, 1 each
    assert (ann["areas"]["harbor"], bob["areas"]["harbor"]) == (2, 1)
    assert ann["areas"]["trade"] == 1
    # and the waiting diamond's space is not free for the bonus card
    taken = {"card": "harbor/-/5", "action": {"place": "harbor/0/2"}}
    result = run(runner, tmp_path, harbor_log({"landing_bonus": "at_landing"}, taken), "check")
    assert result.exit_code == 1
    assert "turn 5, Ann, bonus 1: harbor/0/2 is taken (the harbor diamond waiting" in \
        result.stderr


def test_a_landing_bonus_that_lands_again_places_both_waiting_diamonds():
    """landing_bonus: at_landing, a harbor card landing on 16 whose bonus card is another
    harbor card landing on 20: each diamond waits for its own landing's bonus card, and
    both are on the board at the end of the turn (none taken from the supply and lost)."""
    from scorepad.rules.game import GAMES

    ships = [("Ann", "trade/swan/5", "ship"), ("Bob", "nobili/coin/1", "ship"),      # 0→5
             ("Ann", "trade/goblet/4", "ship"), ("Bob", "nobili/lion/1", "ship"),    # 5→9
             ("Ann", "trade/swan/2", "ship"), ("Bob", "nobili/cross/1", "ship")]     # 9→11
    doc = log(ships, {"landing_bonus": "at_landing"})
    doc["rounds"].append({"start": "Bob", "turns": [
        {"player": "Bob", "card": "nobili/coin/2", "action": {"ship": True}},
        {"player": "Ann", "card": "harbor/-/5", "action": {"place": "harbor/0/0"},   # 11→16
         "bonus": [{"card": "harbor/-/4", "action": {"place": "harbor/0/1"}},      # 16→20
                   {"card": "trade/goblet/1", "action": {"place": "trade/0/goblet"}}]}]})
    state = GAMES["mille-fiori"].from_log(doc)
    g = state.g
    b = g.cfg.board
    ann = {b.space_ids[i] for i in range(len(b.space_ids)) if g.mine[0] >> i & 1}
    assert ann == {"harbor/0/0", "harbor/0/1", "trade/0/goblet"}
    assert g.deferred == -1
    assert g.diamonds[0] + len(ann) == g.diamonds[1]   # Bob placed none: the same start
