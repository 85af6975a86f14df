"""Round trip: a simulated game, turned into the paper sheets its players would type in,
scores exactly as its game log does (totals, every line's bonus, ranks, winners), and
the sheets' checks never refuse what real play produces (the windows included)."""

from __future__ import annotations

import json

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from vv_helpers import TINY, tiny

from scorepad.io import dump_yaml
from scorepad.main import root
from scorepad.play.voll_verplant.simulate import play_game
from scorepad.rules.voll_verplant.maps import load_map_data
from scorepad.rules.voll_verplant.paper import (
    PaperEntry,
    check_sheet,
    combine_sheets,
    parse_sheet,
    sheet_data,
)
from scorepad.rules.voll_verplant.replay import marked_sheets
from scorepad.rules.voll_verplant.ruleset import default_rules

# A middle-sized map: five lines, a ring, two special stations, stations on up to 3 lines.
MEDIUM = {
    "format": "scorepad/vv-map@1", "id": "medium", "name": "Medium",
    "stations": [{"id": i, "x": i % 5, "y": i // 5, **({"special": True} if i in (7, 13) else {})}
                 for i in range(1, 17)],
    "lines": [
        {"id": "A", "color": "#e3000f", "windows": 3, "bonus": [6, 3], "stations": [1, 2, 3, 4, 5]},
        {"id": "B", "color": "#0066b3", "windows": 2, "bonus": [4, 2], "stations": [6, 2, 7, 8]},
        {"id": "C", "color": "#00963f", "windows": 3, "bonus": [5, 3],
         "stations": [9, 7, 3, 10, 11]},
        {"id": "D", "color": "#ffcc00", "windows": 2, "bonus": [4, 2],
         "stations": [12, 8, 13, 10, 14], "ring": True},
        {"id": "E", "color": "#8b4513", "windows": 2, "bonus": [3, 1],
         "stations": [15, 13, 4, 16, 3]},
    ],
}


def medium():
    return load_map_data(MEDIUM)


def paper_data(network, sheet, map_ref, kind="empty", windows=True):
    """What the player of an engine sheet types in: the paper, nothing of the play."""
    all_ids = set(network.station_index)
    ids = sorted(all_ids - sheet.marked) if kind == "empty" else sorted(sheet.marked)
    first = [k for k, v in sheet.bonuses.items() if v == "first"]
    return sheet_data(map_ref, sheet.player, (kind, ids), sheet.transfers, first,
                      dict(sheet.windows) if windows else None)


def paper_game(network, sheets, **kw):
    rules = default_rules()
    entries = []
    for sheet in sheets:
        spec = parse_sheet(paper_data(network, sheet, network.id, **kw))
        entries.append(PaperEntry(sheet.player, network, rules, check_sheet(spec, network, rules)))
    return combine_sheets(entries)


def assert_same(engine, paper):
    for a, b in zip(engine, paper, strict=True):
        assert (a.player, a.marked, dict(a.transfers)) == (b.player, b.marked, dict(b.transfers))
        assert dict(a.bonuses) == dict(b.bonuses)
        assert a.struck == b.struck
        assert a.score == b.score
        assert dict(a.windows) == dict(b.windows)


@settings(max_examples=40, deadline=None)
@given(seed=st.text(min_size=1, max_size=8), players=st.integers(1, 4),
       bot=st.sampled_from(["random", "greedy"]), big=st.booleans(),
       kind=st.sampled_from(["empty", "marked"]))
def test_paper_sheets_of_a_simulated_game_score_as_its_log(seed, players, bot, big, kind):
    network = medium() if big else tiny()
    names = [f"P{i}" for i in range(players)]
    game = play_game(network, default_rules(), names, bot, seed)
    engine = marked_sheets(game.state)
    result = paper_game(network, engine, kind=kind)
    assert_same(engine, result.sheets)
    # Every line completed on some sheet has a first claimant (all players are here).
    assert result.warnings == []


@pytest.mark.parametrize("seed", ["table-1", "table-2", "table-3"])
def test_round_trip_through_the_command_line(runner, tmp_path, seed):
    names = ["Ann", "Bob", "Cid"]
    game = play_game(tiny(), default_rules(), names, "greedy", seed, record=True)
    log = game.log.to_data()
    log["map"] = str(TINY)
    log_path = tmp_path / "game.yaml"
    log_path.write_text(dump_yaml(log))
    papers = []
    for sheet in marked_sheets(game.state):
        path = tmp_path / f"{sheet.player}.yaml"
        path.write_text(dump_yaml(paper_data(tiny(), sheet, str(TINY))))
        papers.append(str(path))
    from_log = runner.invoke(root, ["vv", "score", str(log_path), "--json"])
    from_paper = runner.invoke(root, ["vv", "score", *papers, "--json"])
    assert from_log.exit_code == 0 and from_paper.exit_code == 0, from_paper.output
    a, b = json.loads(from_log.stdout), json.loads(from_paper.stdout)
    assert a["finished"] is True and b["finished"] is True
    assert a["players"] == b["players"] and a["winners"] == b["winners"]
    # The written sheets are plain contract YAML.
    first = yaml.safe_load((tmp_path / "Ann.yaml").read_text())
    assert list(first)[:6] == ["format", "map", "player", "empty", "transfers", "first"]


def test_worked_log_of_the_cli_tests_equals_its_paper_sheets(runner, tmp_path):
    # The 3-round log of test_vv_cli_game, and Ann's and Bob's sheets typed in after it.
    from test_vv_cli_game import GAME
    from test_vv_paper import ANN, BOB

    (tmp_path / "game.yaml").write_text(yaml.safe_dump(GAME))
    for data in (ANN, BOB):
        (tmp_path / f"{data['player']}.yaml").write_text(yaml.safe_dump(data))
    log = runner.invoke(root, ["vv", "score", "--json", str(tmp_path / "game.yaml")])
    paper = runner.invoke(root, ["vv", "score", "--json", str(tmp_path / "Ann.yaml"),
                                 str(tmp_path / "Bob.yaml")])
    assert log.exit_code == 0 and paper.exit_code == 0, paper.output
    players = json.loads(paper.stdout)["players"]
    assert players == json.loads(log.stdout)["players"]
    assert [(p["name"], p["total"]) for p in players] == [("Ann", 10.5), ("Bob", -0.5)]
