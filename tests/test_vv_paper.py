"""Paper sheets (``scorepad/vv-sheet@1``): station lists with ranges, the checks of one
sheet and of the sheets of one game, scoring with ranks, and every bad entry's message
and exit code. Worked examples on tests/data/tiny.yaml:

    line A: 1 2 3 4  (2 windows, bonus 5/3)      lines through a station:
    line B: 5 2 6 4  (2 windows, bonus 4/2)      2, 4, 6: two lines; all others: one
    ring R: 7 8 6 9  (1 window,  bonus 3/1)
"""

from __future__ import annotations

import json

import pytest
import yaml
from vv_helpers import TINY, tiny

from scorepad.main import root
from scorepad.rules.common.errors import ContentError, InputError, RuleViolation
from scorepad.rules.voll_verplant.paper import (
    PaperEntry,
    SheetErrors,
    check_sheet,
    combine_sheets,
    compress_ranges,
    parse_entries_text,
    parse_line_list,
    parse_sheet,
    parse_station_list,
    parse_transfer_text,
    plus_problems,
    window_values,
)
from scorepad.rules.voll_verplant.ruleset import default_rules

# Ann: only station 9 empty; A and B complete and claimed first; a transfer on station 5
# (on B only: number 1). 5 + 4 + 2 x 1 - 1/2 = 10.5.
ANN = {"format": "scorepad/vv-sheet@1", "map": str(TINY), "player": "Ann", "empty": [9],
       "transfers": {5: 1}, "first": ["A", "B"]}
# Bob: stations 1, 2, 5, 7 marked (1 holds a transfer number 1): no line complete.
# 2 x 1 - 5/2 = -0.5.
BOB = {"format": "scorepad/vv-sheet@1", "map": str(TINY), "player": "Bob",
       "empty": "3-4, 6, 8-9", "transfers": {1: 1}}
# Cid: everything marked, transfers on 2 and 6 (2 lines each); claims R first, so A and B
# (claimed by Ann) are later: 3 + 2 + 3 + 2 x 4 - 0 = 16.
CID = {"format": "scorepad/vv-sheet@1", "map": str(TINY), "player": "Cid", "empty": [],
       "transfers": {2: 2, 6: 2}, "first": ["R"]}


def write(tmp_path, data, name):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else yaml.safe_dump(data, sort_keys=False))
    return str(path)


def score_json(runner, *paths, extra=()):
    result = runner.invoke(root, ["vv", "score", *paths, "--json", *extra])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout), result


def game_of(*sheets, rules=None):
    net, rules = tiny(), rules or default_rules()
    entries = [PaperEntry(f"{s['player']}.yaml", net, rules,
                          check_sheet(parse_sheet(s), net, rules))
               for s in sheets]
    return combine_sheets(entries)


# --- notations -----------------------------------------------------------------------

@pytest.mark.parametrize(("value", "ids"), [
    ("12-15, 40", [12, 13, 14, 15, 40]),
    ([12, "15-18", 40], [12, 15, 16, 17, 18, 40]),
    ("12 - 14 40;41", [12, 13, 14, 40, 41]),
    ("3\u20135", [3, 4, 5]),          # an en dash, as word processors write it
    (7, [7]),
    ("7-7", [7]),
    (["1-2, 5"], [1, 2, 5]),
    (None, []), ("-", []), ("none", []), ([], []), ("", []),
])
def test_station_lists_take_numbers_and_ranges(value, ids):
    assert parse_station_list(value) == ids


@pytest.mark.parametrize(("value", "message"), [
    ("12-x", "'12-x' is not a station number or a range such as 12-15"),
    ("15-12", "the range 15-12 runs backwards (write 12-15)"),
    (0, "0 is not a station number (1-999)"),
    ([3, -1], "-1 is not a station number (1-999)"),
    ("1-1000", "the range 1-1000 goes beyond the station numbers 1-999"),
    ([1.5], "1.5 is not a station number"),
    (True, "expected station numbers, not true/false"),
    ({"a": 1}, "expected a list of station numbers and ranges"),
])
def test_bad_station_lists_are_explained(value, message):
    with pytest.raises(ValueError, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        parse_station_list(value)


def test_other_notations():
    assert parse_line_list("a, C") == ["A", "C"] and parse_line_list(["B"]) == ["B"]
    assert parse_line_list(None) == [] and parse_line_list("-") == []
    with pytest.raises(ValueError, match="'AB' is not a line letter"):
        parse_line_list("AB")
    assert parse_transfer_text("8:3 22:4") == {8: 3, 22: 4}
    assert parse_transfer_text("8 = 3, 22 : 4") == {8: 3, 22: 4}
    assert parse_transfer_text("-") == {} and parse_transfer_text("") == {}
    with pytest.raises(ValueError, match="station 8 is given twice"):
        parse_transfer_text("8:3 8:3")
    with pytest.raises(ValueError, match="'22' is not station:number"):
        parse_transfer_text("8:3, 22")
    assert parse_entries_text("4 e2, +") == ["4", "E2", "+"] and parse_entries_text("-") == []
    assert compress_ranges([9, 1, 2, 3, 7, 10]) == "1-3, 7, 9-10"


def test_window_values_follow_the_ruleset_deck():
    assert window_values(default_rules()) == {
        "3": "number", "4": "number", "5": "number", "6": "number", "E2": "express",
        "2": "express", "E3": "express", "+": "transfer"}
    no_transfer = default_rules().with_overrides({"deck": [3, 4, "F"]})
    assert set(window_values(no_transfer)) == {"3", "4"}


# --- worked examples: one sheet -----------------------------------------------------

def test_one_sheet_scored_by_hand():
    sheet = game_of(ANN).sheets[0]
    assert sheet.marked == frozenset(range(1, 9)) and sheet.transfers == {5: 1}
    assert sheet.bonuses == {"A": "first", "B": "first"}
    score = sheet.score
    assert (score.line_points, score.transfer_sum, score.transfer_points) == (9, 1, 2)
    assert (score.empty_stations, score.empty_penalty, score.total) == (1, 0.5, 10.5)
    assert score.lines["R"].complete is False and score.lines["R"].points == 0


def test_marked_list_gives_the_same_sheet_and_transfer_stations_count_as_marked():
    # Station 5 holds Ann's transfer number: it is marked even when `marked` omits it.
    as_marked = dict(ANN, player="Ann", marked="1-4, 6-8")
    del as_marked["empty"]
    a, b = game_of(ANN).sheets[0], game_of(as_marked).sheets[0]
    assert a.marked == b.marked and a.score == b.score


def test_complete_line_not_claimed_first_scores_later_and_is_struck():
    # Cid alone: R claimed first (3); A and B complete but not claimed: later (3 + 2).
    sheet = game_of(CID).sheets[0]
    assert sheet.bonuses == {"A": "later", "B": "later", "R": "first"}
    assert sheet.struck == {"A", "B"}
    assert sheet.score.total == 16  # 3 + 2 + 3 + 2 x (2 + 2)


@pytest.mark.parametrize(("rounding", "total"), [("exact", -0.5), ("down", 0), ("up", -1)])
def test_rounding_of_the_empty_penalty_from_the_sheet_rules(runner, tmp_path, rounding, total):
    # Bob: 2 points for the transfer, 5 empty stations: 2.5 exact, 2 down, 3 up.
    data, _ = score_json(runner, write(tmp_path, dict(BOB, rules={"empty_rounding": rounding}),
                                       "bob.yaml"))
    assert data["players"][0]["total"] == total


def test_rounding_from_a_rules_file(runner, tmp_path):
    rules = tmp_path / "rules.yaml"
    rules.write_text("empty_rounding: down\n")
    data, _ = score_json(runner, write(tmp_path, BOB, "bob.yaml"), extra=["--rules", str(rules)])
    assert data["players"][0]["total"] == 0 and data["players"][0]["empty_penalty"] == 2


# --- worked examples: the sheets of one game ----------------------------------------

def test_three_sheets_rank_and_strike(runner, tmp_path):
    paths = [write(tmp_path, s, f"{s['player'].lower()}.yaml") for s in (ANN, BOB, CID)]
    data, result = score_json(runner, *paths)
    assert result.stderr == ""  # every complete line has a claimant: no warning
    assert data["map"] == "tiny" and data["finished"] is True
    assert [(p["name"], p["total"], p["rank"]) for p in data["players"]] == [
        ("Ann", 10.5, 2), ("Bob", -0.5, 3), ("Cid", 16, 1)]
    assert data["winners"] == ["Cid"]
    cid = data["players"][2]
    assert cid["lines"]["A"] == {"complete": True, "bonus": "later", "points": 3}
    assert cid["lines"]["R"] == {"complete": True, "bonus": "first", "points": 3}
    assert (cid["line_points"], cid["transfer_sum"], cid["transfer_points"]) == (8, 4, 8)
    assert (cid["empty_stations"], cid["empty_penalty"]) == (0, 0)
    ann, bob, cid_sheet = game_of(ANN, BOB, CID).sheets
    assert ann.struck == {"R"} and bob.struck == {"A", "B", "R"} and cid_sheet.struck == {"A", "B"}


def test_tie_break_fewer_empty_stations_then_shared(runner, tmp_path):
    # Dee and Fay: B and R complete and claimed first (same round: both score first),
    # stations 1 and 3 empty: 4 + 3 - 1 = 6. Eve: transfers on 2 and 4 (2 lines each),
    # 1 3 5 7 empty, nothing complete: 8 - 2 = 6, but more empty stations.
    dee = {"format": "scorepad/vv-sheet@1", "map": str(TINY), "player": "Dee",
           "empty": [1, 3], "first": ["B", "R"]}
    eve = {"format": "scorepad/vv-sheet@1", "map": str(TINY), "player": "Eve",
           "empty": [1, 3, 5, 7], "transfers": {2: 2, 4: 2}}
    fay = dict(dee, player="Fay")
    paths = [write(tmp_path, s, f"{s['player']}.yaml") for s in (dee, eve, fay)]
    data, _ = score_json(runner, *paths)
    assert [(p["total"], p["empty_stations"], p["rank"]) for p in data["players"]] == [
        (6, 2, 1), (6, 4, 3), (6, 2, 1)]
    assert data["winners"] == ["Dee", "Fay"]
    text = runner.invoke(root, ["vv", "score", *paths])
    assert text.exit_code == 0 and "Shared victory: Dee, Fay" in text.stdout


def test_check_summary_of_a_paper_game(runner, tmp_path):
    a, b = write(tmp_path, ANN, "ann.yaml"), write(tmp_path, BOB, "bob.yaml")
    result = runner.invoke(root, ["vv", "check", a, b])
    assert result.exit_code == 0
    assert result.stdout.strip() == f"{a}, {b}: ok: Tiny, 2 players, finished"


def test_unclaimed_complete_line_warns_but_scores(runner, tmp_path):
    # Eve completes B and R (1 empty) and Ann completes A and B; nobody claims R or
    # (without Ann's claim) B: warnings, scored as later.
    eve = {"format": "scorepad/vv-sheet@1", "map": str(TINY), "player": "Eve", "empty": [1]}
    ann = dict(ANN, first=["A"])
    data, result = score_json(runner, write(tmp_path, ann, "ann.yaml"),
                              write(tmp_path, eve, "eve.yaml"))
    warnings = result.stderr.strip().splitlines()
    assert len(warnings) == 2
    assert warnings[0].endswith("warning: line B is complete on the sheets of Ann and Eve, but no "
                                "sheet claims its first bonus: scored as later (did a player "
                                "whose sheet is not here take it?)")
    assert "warning: line R is complete on the sheet of Eve," in warnings[1]
    assert data["players"][1]["lines"]["R"] == {"complete": True, "bonus": "later", "points": 1}
    # One sheet alone: completing a line later is the usual case, no warning.
    _, alone = score_json(runner, write(tmp_path, eve, "eve.yaml"))
    assert alone.stderr == ""


def test_paper_sheet_from_stdin_and_in_json(runner, tmp_path):
    result = runner.invoke(root, ["vv", "score", "-", "--json"], input=json.dumps(ANN))
    assert result.exit_code == 0 and json.loads(result.stdout)["players"][0]["total"] == 10.5
    path = tmp_path / "ann.json"
    path.write_text(json.dumps(ANN))  # JSON object keys are strings: "5": 1
    data, _ = score_json(runner, str(path))
    assert data["players"][0]["transfer_sum"] == 1


def test_map_path_is_relative_to_the_sheet(runner, tmp_path):
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "tiny.yaml").write_text(TINY.read_text())
    (tmp_path / "sheets").mkdir()
    path = write(tmp_path / "sheets", dict(ANN, map="../maps/tiny.yaml"), "ann.yaml")
    data, _ = score_json(runner, path)
    assert data["players"][0]["total"] == 10.5


def test_paper_sheets_and_a_game_log_together(runner, tmp_path):
    log = {"format": "scorepad/vv-game@1", "map": str(TINY), "players": ["Zoe"],
           "rounds": [{"card": 4, "moves": {"Zoe": {"line": "A", "crosses": 4}}}]}
    result = runner.invoke(root, ["vv", "score", "--json", write(tmp_path, log, "log.yaml"),
                                  write(tmp_path, ANN, "ann.yaml")])
    assert result.exit_code == 0, result.output
    games = json.loads(result.stdout)
    assert [g["players"][0]["name"] for g in games] == ["Zoe", "Ann"]


def test_render_helper_reads_a_paper_sheet(tmp_path):
    from scorepad.app.vv_files import load_marked_sheets

    network, sheets = load_marked_sheets(write(tmp_path, ANN, "ann.yaml"))
    assert network.id == "tiny" and sheets[0].player == "Ann" and sheets[0].score.total == 10.5


# --- the "+" in the wagon windows ------------------------------------------------------

def _plus(windows, marked, transfers):
    return [str(p) for p in plus_problems(windows, tiny(), marked, transfers)]


def test_plus_matching_accepts_what_play_can_produce():
    every = set(range(1, 10))
    # A transfer on station 2 (lines A and B) may come from a "+" on either line.
    assert _plus({"A": ["+"]}, every - {9}, {2: 2}) == []
    assert _plus({"B": ["+"]}, every - {9}, {2: 2}) == []
    # A "+" on a line that was full writes nothing: fine when the line is complete (A).
    assert _plus({"A": ["+", "+"]}, every - {9}, {2: 2}) == []
    # Two transfers sharing line B; the "+" on A can only serve station 2: 4 takes B's.
    assert _plus({"A": ["+"], "B": ["+"]}, {1, 2, 3, 5, 6, 4}, {2: 2, 4: 2}) == []


def test_plus_matching_refuses_impossible_windows():
    every = set(range(1, 10))
    # A transfer number with no "+" on its lines at all.
    assert _plus({"A": ["4"]}, every, {5: 1}) == [
        'transfers, station 5: a transfer number needs its own "+" in a wagon window of a '
        "line through it (B), and none is left for it"]
    # Two transfers on B-only reachable stations but one "+".
    assert _plus({"B": ["+"]}, every, {5: 1, 6: 2}) != []
    # A "+" on line B, which is not complete (6 empty), with no transfer number on B.
    assert _plus({"B": ["+"]}, every - {6}, {}) == [
        'windows, line B: "+" written 1 time, but no transfer number is on the line; the line '
        "is not complete, so every transfer played on it wrote a number on it"]
    # A and B both incomplete (3 and 6 empty), one "+" on each, one transfer number (on 2,
    # shared by A and B): one "+" wrote nothing, which only a full line allows.
    assert _plus({"A": ["+"], "B": ["+"]}, every - {3, 6}, {2: 2}) == [
        'windows, line B: a "+" here has no transfer number left: those on the line (station '
        '2) belong to "+" on other lines; the line is not complete, so every transfer played '
        "on it wrote a number on it"]


# --- bad entries: message and exit code --------------------------------------------------

def _without(data, *keys):
    return {k: v for k, v in data.items() if k not in keys}


BAD = [
    # shape: exit 2
    (dict(ANN, empty="9-x"), 2, "empty: '9-x' is not a station number or a range such as 12-15"),
    (dict(ANN, empty="9-1"), 2, "empty: the range 9-1 runs backwards (write 1-9)"),
    (dict(ANN, marked=[1]), 2, "give either `empty` or `marked`, not both"),
    (_without(ANN, "empty"), 2,
     "missing key: give `empty` (the stations left empty) or `marked`"),
    (dict(ANN, player=" "), 2, "player: a player name is needed"),
    (_without(ANN, "player"), 2, "player: missing key"),
    (dict(ANN, transfers={"x": 1}), 2, "transfers, station x: input should be a valid integer"),
    (dict(ANN, transfers=[5]), 2, "transfers: input should be a valid dictionary"),
    (dict(ANN, first="A1"), 2, "first: 'A1' is not a line letter"),
    (dict(ANN, windows={"a": [4]}), 2, "windows, line a: string should match pattern"),
    (dict(ANN, windows={"A": [[4]]}), 2, "windows, line A, entry 1: [4] is not a card value"),
    (dict(ANN, colour="red"), 2, "colour: unknown key"),
    (dict(ANN, format="scorepad/vv-sheet@1", rules={"empty_rounding": "sideways"}), 2,
     "rules.empty_rounding: input should be 'exact', 'down' or 'up'"),
    ("format: scorepad/vv-sheet@1\nempty: [1, 2\n", 2, "line 3, column 1: invalid YAML"),
    # content: exit 1
    (dict(ANN, map="atlantis"), 1, "unknown map 'atlantis'"),
    (dict(ANN, empty=[9, 99]), 1, "empty, station 99: no such station (the map has 1-9)"),
    (dict(ANN, empty="9, 9"), 1, "empty, station 9: listed twice"),
    (_without(dict(ANN, marked=[1, 1, "2-8"]), "empty"), 1, "marked, station 1: listed twice"),
    (dict(ANN, transfers={5: 2}), 1,
     "transfers, station 5: 2 written, but 1 line (B) passes through it"),
    (dict(ANN, transfers={5: 1, 2: 3}), 1,
     "transfers, station 2: 3 written, but 2 lines (A, B) pass through it"),
    (dict(ANN, transfers={42: 1}), 1, "transfers, station 42: no such station"),
    (dict(ANN, empty=[5, 9]), 1,
     "empty, station 5: holds a transfer number, so it is not empty: take it out of `empty`"),
    (dict(ANN, first=["A", "R"]), 1,
     "first, line R: the first bonus needs a complete line, but station 9 is empty"),
    (dict(ANN, empty=[3, 9], first=["A"]), 1,
     "first, line A: the first bonus needs a complete line, but station 3 is empty"),
    (dict(ANN, first=["A", "A"]), 1, "first, line A: listed twice"),
    (dict(ANN, first=["Z"]), 1, "first, line Z: no such line (the map has A, B, R)"),
    (dict(ANN, windows={"A": [3, 4, 5], "B": ["+"]}), 1,
     "windows, line A: 3 entries written, but the line has 2 wagon windows"),
    (dict(ANN, windows={"R": [7], "B": ["+"]}), 1,
     "windows, line R, entry 1: 7 is not a card value (write one of 2, 3, 4, 5, 6, +, E2, E3)"),
    (dict(ANN, windows={"R": ["T"], "B": ["+"]}), 1,
     'windows, line R, entry 1: a transfer is written as "+"'),
    (dict(ANN, windows={"R": ["F"], "B": ["+"]}), 1,
     "windows, line R, entry 1: the free ride fills no wagon window"),
    (dict(ANN, windows={"Q": [4], "B": ["+"]}), 1,
     "windows, line Q: no such line (the map has A, B, R)"),
    (dict(ANN, windows={"A": [4]}), 1,
     'transfers, station 5: a transfer number needs its own "+" in a wagon window of a line '
     "through it (B), and none is left for it"),
    (dict(ANN, windows={"B": ["+"], "R": ["+"]}), 1,
     'windows, line R: "+" written 1 time, but no transfer number is on the line'),
]


@pytest.mark.parametrize(("sheet", "code", "message"), BAD)
def test_bad_entries_give_a_placed_message_and_the_exit_code(runner, tmp_path, sheet, code,
                                                              message):
    path = write(tmp_path, sheet, "ann.yaml")
    result = runner.invoke(root, ["vv", "score", path])
    assert result.exit_code == code, result.output
    assert result.stderr.startswith(f"{path}: {message}"), result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output
    check = runner.invoke(root, ["vv", "check", path])
    assert check.exit_code == code and check.stderr == result.stderr


def test_every_problem_of_a_sheet_is_reported_at_once(runner, tmp_path):
    sheet = dict(ANN, empty=[9, 99], transfers={5: 2}, first=["Z"])
    path = write(tmp_path, sheet, "ann.yaml")
    result = runner.invoke(root, ["vv", "check", path])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{path}: empty, station 99: no such station (the map has 1-9)",
        f"{path}: transfers, station 5: 2 written, but 1 line (B) passes through it",
        f"{path}: first, line Z: no such line (the map has A, B, R)"]


def test_problems_of_several_sheets_are_reported_together(runner, tmp_path):
    bad_bob = write(tmp_path, dict(BOB, transfers={1: 2}), "bob.yaml")
    bad_cid = write(tmp_path, dict(CID, player=""), "cid.yaml")
    result = runner.invoke(root, ["vv", "score", write(tmp_path, ANN, "ann.yaml"), bad_bob,
                                  bad_cid])
    assert result.exit_code == 2  # the worst of 1 (Bob's number) and 2 (Cid's shape)
    assert result.stderr.splitlines() == [
        f"{bad_bob}: transfers, station 1: 2 written, but 1 line (A) passes through it",
        f"{bad_cid}: player: a player name is needed"]
    assert result.stdout.strip() == ""  # no score printed


def test_sheets_of_one_game_share_map_and_rules_and_have_distinct_names(runner, tmp_path):
    other_map = tmp_path / "other.yaml"
    other_map.write_text(TINY.read_text().replace("id: tiny", "id: other"))
    ann = write(tmp_path, ANN, "ann.yaml")
    twin = write(tmp_path, dict(BOB, player="Ann"), "twin.yaml")
    elsewhere = write(tmp_path, dict(CID, map=str(other_map)), "cid.yaml")
    down = write(tmp_path, dict(BOB, rules={"empty_rounding": "down"}), "bob.yaml")
    result = runner.invoke(root, ["vv", "score", ann, twin, elsewhere, down])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{twin}: player: Ann is also the player of {ann}: each sheet needs its own name",
        f"{elsewhere}: map: other, but {ann} is on tiny: the sheets of one game share one map",
        f"{down}: rules: other options than {ann} (empty_rounding): the sheets of one game "
        "share one ruleset"]


def test_errors_are_values_with_places():
    net, rules = tiny(), default_rules()
    with pytest.raises(InputError):
        parse_sheet(dict(ANN, marked=[]))
    with pytest.raises(ContentError) as one:
        check_sheet(parse_sheet(dict(ANN, empty=[99, 9])), net, rules)
    assert one.value.where == ("empty", "station 99")
    with pytest.raises(RuleViolation) as rule:
        check_sheet(parse_sheet(dict(ANN, transfers={5: 3})), net, rules)
    assert rule.value.rule == "transfer-number"
    with pytest.raises(SheetErrors) as many:
        check_sheet(parse_sheet(dict(ANN, empty=[99, 9], transfers={5: 3})), net, rules)
    assert many.value.exit_code == 1 and len(many.value.errors) == 2


def test_hand_typed_yaml_forms(runner, tmp_path):
    # Unquoted ranges, an unquoted "+", a lone line letter, express written as E3 or 3.
    text = (f"format: scorepad/vv-sheet@1\nmap: {TINY}\nplayer: Ann\n"
            "empty: 9\ntransfers: {5: 1}\nfirst: A, b\n"
            "windows: {A: [4], B: [+, 3], R: []}\n")
    path = write(tmp_path, text, "ann.yaml")
    data, _ = score_json(runner, path)
    assert data["players"][0]["total"] == 10.5
    marked = runner.invoke(root, ["vv", "score", "--json", write(
        tmp_path, text.replace("empty: 9", "marked: 1-4, 6-8"), "ann2.yaml")])
    assert json.loads(marked.stdout)["players"][0]["total"] == 10.5


def test_render_command_draws_a_typed_in_sheet(runner, tmp_path):
    from pypdf import PdfReader

    out = tmp_path / "ann.pdf"
    result = runner.invoke(root, ["vv", "render", write(tmp_path, ANN, "ann.yaml"), "-o",
                                  str(out)])
    assert result.exit_code == 0, result.output
    reader = PdfReader(out)
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    assert "Ann" in text and "10.5" in text  # the player and the total filled in
