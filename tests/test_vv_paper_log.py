"""Paper sheets as a game log: the reader (``paper.paper_log``) makes the sheets of one game
ONE ``scorepad/vv-game@1`` document with the ``sheets`` extension (each player's end
position, no rounds), ``GAME.from_log`` builds the end state with the engine's end-position
constructor, and ``GAME.score`` scores it. The state is a paper end position: over, no
card, no step to replay, undo or make. Worked examples on tests/data/tiny.yaml (see
test_vv_paper.py for the sheets ANN, BOB, CID)."""

from __future__ import annotations

import json

import pytest
import yaml
from test_vv_paper import ANN, BOB, CID, write
from vv_helpers import TINY, tiny

from scorepad.main import root
from scorepad.rules.common.errors import ContentError, RuleViolation
from scorepad.rules.game import LANGS
from scorepad.rules.voll_verplant.game import GAME
from scorepad.rules.voll_verplant.log import parse_game_log
from scorepad.rules.voll_verplant.paper import (
    PaperEntry,
    check_sheet,
    combine_sheets,
    paper_log,
    parse_sheet,
)
from scorepad.rules.voll_verplant.ruleset import default_rules


def entries(*sheets, rules=None):
    net, rules = tiny(), rules or default_rules()
    return [PaperEntry(f"{s['player'].lower()}.yaml", net, rules,
                       check_sheet(parse_sheet(s), net, rules), str(TINY)) for s in sheets]


def test_the_reader_writes_one_log_document_with_the_end_positions():
    doc = paper_log(entries(ANN, BOB))
    assert doc == {
        "format": "scorepad/vv-game@1", "map": str(TINY), "rules": {},
        "players": ["Ann", "Bob"], "rounds": [],
        "sheets": {"Ann": {"marked": [1, 2, 3, 4, 5, 6, 7, 8], "transfers": {5: 1},
                           "first": ["A", "B"]},
                   "Bob": {"marked": [1, 2, 5, 7], "transfers": {1: 1}, "first": []}}}
    assert parse_game_log(doc).sheets is not None  # the log's own schema reads it


def test_from_log_gives_a_finished_paper_state_that_takes_no_step():
    state = GAME.from_log(paper_log(entries(ANN, BOB, CID)), network=tiny())
    assert state.paper and GAME.is_over(state) and state.cards == () and state.steps == ()
    assert GAME.to_move(state) == [] and GAME.legal_moves(state, None) == []
    assert all(GAME.legal_moves(state, p) == [] for p in ("Ann", "Bob", "Cid"))
    for player, move in ((None, 4), ("Ann", {"line": "A"}), ("Zed", {})):
        with pytest.raises(RuleViolation) as refused:
            GAME.apply(state, player, move)
        assert refused.value.rule == "paper-end-position"
    with pytest.raises(ContentError, match="played on paper"):
        GAME.log_steps(GAME.to_log(state))
    view = GAME.view(state, None)
    assert view["paper"] is True and view["over"] is True and view["round"] == 1
    assert json.loads(json.dumps(view)) == view
    assert view["sheets"]["Cid"]["bonuses"] == {"A": "later", "B": "later", "R": "first"}


def test_score_is_the_combined_sheets_and_the_log_round_trips():
    game = combine_sheets(entries(ANN, BOB, CID))
    score = GAME.score(game.state)
    assert [(p["name"], p["total"], p["rank"]) for p in score["players"]] == [
        ("Ann", 10.5, 2), ("Bob", -0.5, 3), ("Cid", 16, 1)]
    assert score["finished"] is True and score["winners"] == ["Cid"]
    doc = GAME.to_log(game.state)
    assert doc["rounds"] == [] and set(doc["sheets"]) == {"Ann", "Bob", "Cid"}
    assert doc["sheets"]["Cid"] == {"empty": [], "transfers": {2: 2, 6: 2}, "first": ["R"]}
    again = GAME.from_log(json.loads(json.dumps(doc)), network=tiny())
    assert again == game.state and GAME.score(again) == score


def test_events_are_the_scoring_of_each_sheet_and_add_up_to_the_totals():
    state = combine_sheets(entries(ANN, BOB, CID)).state
    events = GAME.events(state)
    assert json.loads(json.dumps(events)) == events
    assert [(e["type"], e.get("line"), e["points"]) for e in events if e["player"] == "Ann"] == [
        ("transfer", None, 2), ("line", "A", 5), ("line", "B", 4), ("empty", None, -0.5)]
    totals: dict[str, float] = {}
    for event in events:
        assert event["why"]
        assert all(GAME.explain(event, lang).strip() for lang in LANGS)
        totals[event["player"]] = totals.get(event["player"], 0) + event["points"]
    assert totals == {p["name"]: p["total"] for p in GAME.score(state)["players"]}


def test_windows_survive_the_log_and_a_sheet_without_windows_stays_without():
    with_windows = dict(ANN, windows={"A": [4, "E2"], "B": ["+"]})
    state = combine_sheets(entries(with_windows, BOB)).state
    doc = GAME.to_log(state)
    assert doc["sheets"]["Ann"]["windows"] == {"A": [4, "E2"], "B": ["+"]}
    assert "windows" not in doc["sheets"]["Bob"]  # Bob's transfer needs no "+" then
    assert GAME.from_log(doc, network=tiny()) == state


def _log(**sheets):
    return {"format": "scorepad/vv-game@1", "map": str(TINY), "players": list(sheets),
            "rounds": [], "sheets": sheets}


def test_a_paper_log_file_checks_and_scores_like_its_sheets(runner, tmp_path):
    log = write(tmp_path, _log(Ann={"empty": [9], "transfers": {5: 1}, "first": ["A", "B"]},
                               Bob={"marked": [1, 2, 5, 7], "transfers": {1: 1}}),
                "game.yaml")
    sheets = [write(tmp_path, ANN, "ann.yaml"), write(tmp_path, BOB, "bob.yaml")]
    from_log = runner.invoke(root, ["vv", "score", "--json", log])
    from_sheets = runner.invoke(root, ["vv", "score", "--json", *sheets])
    assert from_log.exit_code == 0 and from_sheets.exit_code == 0, from_log.output
    assert json.loads(from_log.stdout) == json.loads(from_sheets.stdout)
    check = runner.invoke(root, ["vv", "check", log])
    assert check.exit_code == 0 and check.stdout.strip() == f"{log}: ok: Tiny, 2 players, finished"


@pytest.mark.parametrize(("sheets", "extra", "code", "message"), [
    ({"Ann": {"empty": [9, 99]}}, {}, 1,
     "sheets, Ann, empty, station 99: no such station (the map has 1-9)"),
    ({"Ann": {"empty": [9], "first": ["R"]}}, {}, 1,
     "sheets, Ann, first, line R: the first bonus needs a complete line, but station 9 is empty"),
    ({"Ann": {"empty": [9], "marked": [1]}}, {}, 2, "give either `empty` or `marked`, not both"),
    ({"Ann": {"empty": [9]}}, {"rounds": [{"card": 4}]}, 2,
     "a game played on paper gives `sheets`, the end positions, and no `rounds`"),
    ({"Ann": {"empty": [9]}}, {"players": ["Ann", "Bob"]}, 2, "sheets: no sheet for Bob"),
    ({}, {"players": [], "map": None}, 2, "a game played on paper needs its `map` and its "
                                          "`players`"),
])
def test_a_bad_paper_log_is_placed_at_its_sheet(runner, tmp_path, sheets, extra, code, message):
    path = write(tmp_path, yaml.safe_dump({**_log(**sheets), **extra}), "game.yaml")
    result = runner.invoke(root, ["vv", "check", path])
    assert result.exit_code == code, result.output
    assert message in result.stderr and "Traceback" not in result.output
    assert result.stderr.startswith(f"{path}: ")
