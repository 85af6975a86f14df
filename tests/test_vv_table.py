"""The digital table's words (cli/vv/notation.py) on the tiny map: the
notation reader and the views; legality is the engine's (judged here through it).

    line A: 1 2 3 4 (2 windows, 5/3)   line B: 5 2 6 4 (2 windows, 4/2)
    ring R: 7 8 6 9 (1 window, 3/1), cw in that order, ccw 7 9 6 8; station 8 is special.
    Interchanges: 2 (A, B), 4 (A, B), 6 (B, R).

Every expected move, option and view below is worked out by hand from the rules.
"""

from __future__ import annotations

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from vv_helpers import game, mv, play_round

from scorepad.rules.common.errors import ContentError, InputError, RuleViolation
from scorepad.rules.voll_verplant.cards import parse_card
from scorepad.rules.voll_verplant.engine import (
    Move,
    apply,
    asking,
    end_round,
    legal_next,
    legal_steps,
    owes,
    play_step,
    play_turn,
    reveal,
)
from scorepad.rules.voll_verplant.maps import load_map_data
from scorepad.rules.voll_verplant.replay import marked_sheets, step_from_data
from scorepad.rules.voll_verplant.ruleset import default_rules
from scorepad.vv.notation import (
    explicit,
    move_data,
    move_text,
    options,
    read_move,
    round_lines,
    sheet_view,
    step_effect,
    suggestion,
    summary_lines,
)

A, B, R = 0, 1, 2


def revealed(state, card, rules=None):
    state = state._replace(rules=rules) if rules is not None else state
    return reveal(state, parse_card(card)) if state.card is None else state


def parse(state, text, card, player=0, rules=None):
    """An answer read and written out as vv play logs it, back as an engine step."""
    s = revealed(state, card, rules)
    data = explicit(s, player, read_move(text, parse_card(card)))
    return step_from_data(s.network, s.card, data)


def judge(state, text, card, player=0, rules=None):
    """An answer read, then played by the engine (which refuses what the rules forbid)."""
    s = revealed(state, card, rules)
    return play_step(s, player, parse(s, text, card, player)).state


def idx(state, station_id):
    return state.network.station_index[station_id]


# --- the syntax -----------------------------------------------------------------------

@pytest.mark.parametrize(("text", "move"), [
    ("A 3", Move(line=A, crosses=3)),
    ("a 3", Move(line=A, crosses=3)),
    ("A3", Move(line=A, crosses=3)),
    ("  B 0 ", Move(line=B, crosses=0)),
    ("A", Move(line=A, crosses=4)),          # the most: the end station stops at 4
    ("R ccw 2", Move(line=R, crosses=2, direction="ccw")),
    ("R 2 ccw", Move(line=R, crosses=2, direction="ccw")),
    ("r", Move(line=R, crosses=4, direction="cw")),
    ("R cw 1", Move(line=R, crosses=1, direction="cw")),
])
def test_line_moves_for_a_number_card(text, move):
    assert parse(game(), text, 5) == move


def test_the_most_crosses_are_counted_where_a_marked_station_stops_them():
    s = game()
    s = play_round(s, "F", mv(s, station=2))
    assert parse(s, "A", 4) == Move(line=A, crosses=1)        # 1, then 2 is marked
    assert parse(s, "B", 4) == Move(line=B, crosses=1)        # 5, then 2 is marked
    assert parse(s, "A", "E3") == Move(line=A, crosses=3)     # express: 1, jump 2, 3, 4


@pytest.mark.parametrize(("text", "error", "words"), [
    ("A 5", RuleViolation, "line A: at most 4 crosses possible (a marked station or the end "
                           "of the line stops the crosses), not 5"),
    ("Z 2", ContentError, "line Z: no such line (the map has A, B, R)"),
    ("A ccw 2", RuleViolation, "line A is not a ring"),
    ("17", InputError, "played on a line"),
    ("-", RuleViolation, "a line must be chosen: 5 wagon windows are still free"),
    ("A 2 3", InputError, "cannot read '3'"),
    ("A left", InputError, "cannot read 'left'"),
    ("+", InputError, "type a line letter"),
])
def test_illegal_or_unreadable_answers_give_the_reason(text, error, words):
    s = game()
    s = play_round(s, "F", mv(s, station=9))  # so no line is untouched by chance
    with pytest.raises(error) as info:
        judge(s, text, 6)
    assert words in str(info.value)


def test_a_line_with_no_free_window_is_refused_with_the_rule():
    s = game()
    s = play_round(s, 3, mv(s, "R", 1))
    with pytest.raises(RuleViolation, match=r"line R has no free wagon window \(1 of 1 used\)"):
        judge(s, "R 2", 4)


def test_transfer_takes_only_a_line():
    s = game()
    assert parse(s, "B", "T") == Move(line=B, crosses=0)
    assert parse(s, "R ccw", "T") == Move(line=R, crosses=0, direction="ccw")
    with pytest.raises(InputError, match=r"^line B takes no number of crosses on a transfer "
                       "card: type B$"):
        parse(s, "B 1", "T")


def test_free_ride_takes_a_station_number_or_a_dash():
    s = game()
    assert parse(s, "6", "F") == Move(station=idx(s, 6))
    assert parse(s, "-", "F") == Move()
    with pytest.raises(ContentError, match="station 99: no such station"):
        parse(s, "99", "F")
    with pytest.raises(InputError, match="type its number"):
        parse(s, "A 3", "F")
    s = play_round(s, "F", mv(s, station=6))
    with pytest.raises(RuleViolation, match="station 6 is already marked"):
        judge(s, "6", "F")
    strict = default_rules().with_overrides({"free_ride_may_decline": False})
    with pytest.raises(RuleViolation, match="must be taken"):
        judge(s, "-", "F", rules=strict)


def test_the_log_gets_explicit_moves():
    s = reveal(game(), parse_card(5))
    assert explicit(s, 0, read_move("A", parse_card(5))) == {"line": "A", "crosses": 4}
    assert explicit(s, 0, read_move("r2", parse_card(5))) == {
        "line": "R", "crosses": 2, "direction": "cw"}
    # a line without a legal step stays as typed: the engine then gives the reason
    s = play_round(game(), 3, mv(game(), "R", 0))
    assert explicit(reveal(s, parse_card(4)), 0, {"line": "R"}) == {"line": "R"}


# --- defaults and options -------------------------------------------------------------

def test_default_number_card_is_the_most_crosses_first_line_first():
    s = game()
    assert suggestion(reveal(s, parse_card(5)), 0) == Move(line=A, crosses=4)
    s = play_round(s, 3, mv(s, "A", 2))  # 1 2 marked: A reaches 3 4, B only 5, R all four
    assert suggestion(revealed(s, 4), 0) == Move(line=R, crosses=4, direction="cw")


def test_default_transfer_writes_the_highest_number():
    s = game()
    s = play_round(s, "F", mv(s, station=5))
    # A's first free station is 1 (on A only: 1); B's is 2 (on A and B: 2); R's is 7 (1).
    assert suggestion(revealed(s, "T"), 0) == Move(line=B, crosses=0)


def test_default_free_ride_is_on_the_line_nearest_completion():
    s = game()
    # Every line has 4 free stations: the station on most lines, the lowest number: 2.
    assert suggestion(revealed(s, "F"), 0) == Move(station=idx(s, 2))
    s = play_round(s, 3, mv(s, "A", 3))  # only 4 is left on A
    assert suggestion(revealed(s, "F"), 0) == Move(station=idx(s, 4))


def test_options_list_the_most_crosses_per_line_and_what_they_reach():
    s = game()
    s = play_round(s, 3, mv(s, "A", 2))  # 1 2 marked
    opts = options(reveal(s, parse_card(4)), 0)
    assert [o.text for o in opts] == ["A 2", "B 1", "R cw 4", "R ccw 4"]
    assert [o.effect for o in opts] == ["crosses 3 4", "crosses 5",
                                        "crosses 7 8 6 9; special 8",
                                        "crosses 7 9 6 8; special 8"]


def test_options_skip_full_lines_and_show_transfer_numbers():
    s = game()
    s = play_round(s, 3, mv(s, "R", 0))  # R's only window is used
    opts = options(reveal(s, parse_card("T")), 0)
    assert [o.text for o in opts] == ["A", "B"]
    assert opts[0].effect == "writes 1 at station 1"


def test_free_ride_options_list_free_stations_and_decline():
    s = game()
    s = play_round(s, 3, mv(s, "A", 3))
    opts = options(reveal(s, parse_card("F")), 0)
    assert [o.text for o in opts] == ["4", "5", "6", "7", "8", "9", "-"]
    strict = default_rules().with_overrides({"free_ride_may_decline": False})
    assert [o.text for o in options(reveal(s._replace(rules=strict), parse_card("F")), 0)] \
        == ["4", "5", "6", "7", "8", "9"]


def test_effects_in_words():
    s = game()
    s = play_round(s, "F", mv(s, station=2))
    net, rules, sheet = s.network, s.rules, s.sheets[0]
    assert step_effect(net, rules, sheet, parse_card("E3"), Move(line=A, crosses=3)) == \
        "crosses 1 3 4"
    assert step_effect(net, rules, sheet, parse_card("T"), Move(line=A)) == \
        "writes 1 at station 1"
    assert step_effect(net, rules, sheet, parse_card(3), Move(line=A, crosses=0)) == \
        "fills a window, crosses nothing"
    assert step_effect(net, rules, sheet, parse_card("F"), Move()) == "declines"


# --- the syntax round trip over random games -------------------------------------------

def _random_state(picks):
    """A solo game on the tiny map after some rounds of legal moves chosen by ``picks``."""
    s = game()
    cards = ["4", "T", "E2", "F", "3", "6", "E3", "5"]
    for n, pick in enumerate(picks):
        if s.over:
            break
        card = parse_card(cards[n % len(cards)])
        s = reveal(s, card)
        while owes(s, 0):
            steps = legal_next(s, 0)
            s = play_step(s, 0, steps[pick % len(steps)]).state
        s, _ = end_round(s)
    return s


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 50), max_size=8))
def test_every_legal_step_reads_back_from_its_text(picks):
    s = _random_state(picks)
    if s.over:
        return  # no card comes after the end
    for code in ["3", "5", "E2", "E3", "T", "F"]:
        card = parse_card(code)
        for step in legal_steps(s.network, s.sheets[0], card, s.rules):
            if card.kind != "free" and step.line < 0:
                continue  # a full sheet's empty move is never typed
            text = move_text(s.network, card, move_data(s.network, card, step))
            assert parse(s, text, code) == step


# --- turns with follow-ups (the engine keeps what is owed; the table words it) -----------

class Turn:
    """A player's move typed step by step on the engine's state, as ``vv play`` does."""

    def __init__(self, state, card, player=0):
        self.state = reveal(state, card) if state.card is None else state
        self.card, self.player, self.steps, self.lapsed = card, player, [], ()

    @property
    def asking(self):
        return asking(self.state, self.player)

    @property
    def done(self):
        return not owes(self.state, self.player)

    @property
    def move(self):
        return self.steps[0]._replace(then=tuple(self.steps[1:]))

    def parse(self, text):
        s = self.state
        data = explicit(s, self.player, read_move(text, self.card))
        return step_from_data(s.network, self.card, data)

    def play(self, move):
        step = play_step(self.state, self.player, move)
        self.state, self.lapsed = step.state, self.lapsed + step.lapsed
        self.steps.append(move)
        return self


def test_a_special_station_asks_for_a_follow_up_and_the_engine_accepts_the_move():
    s = game()
    card = parse_card(4)
    turn = Turn(s, card)
    assert turn.asking is None and not turn.done
    turn = turn.play(turn.parse("R 2"))          # 7 8: station 8 is special
    assert turn.asking == idx(s, 8) and not turn.done
    with pytest.raises(RuleViolation, match="must fill a wagon window"):
        turn.play(turn.parse("-"))
    turn = turn.play(turn.parse("A"))            # the follow-up is a 4 as well
    assert turn.done
    assert turn.move == Move(line=R, crosses=2, then=(Move(line=A, crosses=4),))
    s = apply(reveal(s, card), 0, turn.move)     # the engine checks `then` the same way
    assert s == turn.state
    s, report = end_round(s)
    assert report.completions == ((A, (0,), True),)


def test_a_follow_up_lapses_without_a_free_window():
    s = game()
    for card, line in [(3, "A"), (3, "A"), (3, "B"), (3, "B")]:
        s = play_round(s, card, mv(s, line, 0))
    turn = Turn(s, parse_card(3))
    turn = turn.play(turn.parse("R 2"))          # reaches 8, but no window is left
    assert turn.done and turn.lapsed == (idx(s, 8),)
    assert turn.move == Move(line=R, crosses=2)


CHAIN_MAP = """\
format: scorepad/vv-map@1
id: chain
name: Chain
stations:
  - {id: 1, x: 0, y: 0}
  - {id: 2, x: 1, y: 0, special: true}
  - {id: 3, x: 2, y: 0, special: true}
  - {id: 4, x: 0, y: 1}
  - {id: 5, x: 1, y: 1, special: true}
lines:
  - {id: A, color: "#e3000f", windows: 3, bonus: [3, 1], stations: [1, 2, 3]}
  - {id: B, color: "#0066b3", windows: 2, bonus: [2, 1], stations: [4, 5]}
"""


@pytest.mark.parametrize(("chains", "asked"), [(True, [2, 3, 5]), (False, [2, 3])])
def test_follow_ups_are_asked_in_the_order_reached_and_chain(chains, asked):
    network = load_map_data(yaml.safe_load(CHAIN_MAP))
    rules = default_rules().with_overrides({"special_chains": chains})
    s = game(network=network, rules=rules)
    card = parse_card(3)
    turn = Turn(s, card)
    turn = turn.play(turn.parse("A 3"))          # 1 2 3: specials 2 then 3
    seen = []
    answers = iter(["B 2", "A", "B"])            # 2 → B 4 5 (special 5); 3 → A; 5 → B
    while not turn.done:
        seen.append(network.stations[turn.asking].id)
        turn = turn.play(turn.parse(next(answers)))
    assert seen == asked
    s = apply(reveal(s, card), 0, turn.move)     # accepted by the engine as written
    # A: the step and the follow-up of 3; B: the follow-up of 2 (and of 5 when chained).
    assert s.sheets[0].used == ((2, 2) if chains else (2, 1))


def test_a_free_ride_to_a_special_station_may_ask_for_another_free_ride():
    rules = default_rules().with_overrides({"special_on_free_ride": True})
    s = game(rules=rules)
    card = parse_card("F")
    turn = Turn(s, card)
    turn = turn.play(turn.parse("8"))
    assert turn.asking == idx(s, 8)
    turn = turn.play(turn.parse("-"))            # the follow-up free ride may be declined
    assert turn.move == Move(station=idx(s, 8), then=(Move(),))
    apply(reveal(s, card), 0, turn.move)         # the engine agrees
    s = game()
    turn = Turn(s, card)
    assert turn.play(turn.parse("8")).done       # by default a free ride triggers nothing


def test_a_player_without_a_free_window_moves_automatically():
    s = game(players=("Ann", "Bob"))             # Ann's special station costs her a window
    s = play_round(s, 3, mv(s, "R", 2, then=(mv(s, "A", 0),)), mv(s, "A", 0))
    for line in ("A", "B", "B"):
        s = play_round(s, 3, mv(s, line, 0), mv(s, line, 0))
    revealed = reveal(s, parse_card(5))
    assert legal_next(revealed, 0) == [Move()]   # automatic: the only step is the empty move
    s2, move = play_turn(revealed, 0, lambda state: legal_next(state, 0)[0])
    assert move == Move() and not owes(s2, 0)
    revealed = reveal(s, parse_card("F"))
    assert legal_next(revealed, 0) != [Move()]   # free rides need no window


# --- views -----------------------------------------------------------------------------

def test_sheet_view_shows_windows_marks_bonus_and_score():
    s = game(("Ann", "Bob"))
    s = play_round(s, 4, mv(s, "A", 4), mv(s, "B", 1))
    s = play_round(s, "T", mv(s, "B"), mv(s, "A"))
    ann, bob = marked_sheets(s)
    view = sheet_view(s.network, ann)
    # Ann: A 1 2 3 4 (first, 5); + on B writes 1 at 5; empty 6 7 8 9 → 5 + 2 - 2 = 5.
    assert view[0] == "Ann: 5 points, 3 of 5 windows free"
    assert "lines 5 + transfers 1x2 - 4 empty/2 = 5" in view[1]
    rows = {row.split()[0]: row for row in view[2:]}
    assert "[4 _]" in rows["A"] and "4/4" in rows["A"] and rows["A"].endswith("done, first +5")
    assert "[+ _]" in rows["B"] and "3/4" in rows["B"] and rows["B"].endswith("empty 6")
    assert "[_]" in rows["R"] and "0/4" in rows["R"] and rows["R"].endswith("empty 7 8 6 9")
    bob_rows = {row.split()[0]: row for row in sheet_view(s.network, bob)[2:]}
    assert bob_rows["A"].endswith("empty 2 3 4, first gone")


def test_long_lines_are_cut_to_a_phone_width():
    stations = [{"id": i, "x": i, "y": 0} for i in range(101, 131)]
    network = load_map_data({
        "format": "scorepad/vv-map@1", "id": "long", "name": "Long", "stations": stations,
        "lines": [{"id": "A", "color": "#123456", "windows": 4, "bonus": [9, 5],
                   "stations": [st["id"] for st in stations]}]})
    s = game(network=network)
    s = play_round(s, "E3", mv(s, "A", 3))
    view = sheet_view(network, marked_sheets(s)[0])
    assert all(len(line) <= 60 for line in view)
    row = view[2]
    assert row.split()[:7] == ["A", "[E3", "_", "_", "_]", "3/30", "empty"]
    assert "empty 104 105 106 " in row
    shown, _, rest = row.partition(" empty ")[2].partition(" ... +")
    assert len(shown.split()) + int(rest) == 27  # the 27 empty stations, some not shown


def test_round_lines_name_completions_and_shared_first_bonuses():
    s = game(("Ann", "Bob", "Cid"))
    s = reveal(s, parse_card(4))
    s = apply(s, 0, mv(s, "A", 4))
    s = apply(s, 1, mv(s, "A", 4))
    s = apply(s, 2, mv(s, "B", 2))               # Cid: 5 2
    s, report = end_round(s)
    assert round_lines(s.network, s.players, report) == [
        "Line A complete: Ann, Bob (first bonus +5 each)"]
    s = reveal(s, parse_card("E3"))
    s = apply(s, 0, mv(s, "B", 2))               # Ann: 5, jump 2, 6, then 4 is marked
    s = apply(s, 1, mv(s, "R", 0))
    s = apply(s, 2, mv(s, "A", 3))               # Cid: 1, jump 2, 3, 4: A complete
    s, report = end_round(s)
    assert round_lines(s.network, s.players, report) == [
        "Line A complete: Cid (later bonus +3)",
        "Line B complete: Ann (first bonus +4)"]


def test_one_summary_line_per_player_fits_the_width():
    s = game(("Annabelle Montgomery-Smythe", "Bob"))
    s = play_round(s, 4, mv(s, "A", 4), mv(s, "B", 1))
    rows = summary_lines(s.network, marked_sheets(s), 30)
    assert len(rows) == 2 and all(len(r) <= 30 for r in rows)
    # Annabelle: A 1 2 3 4 done (first, 5), 5 empty: 2.5; Bob: 5 crossed, 8 empty: -4
    assert rows[0].split()[-5:] == ["2.5", "4", "free", "done", "A"]
    assert rows[1].split() == ["Bob", "-4", "4", "free"]


def test_round_lines_without_completions():
    s = game()
    s = reveal(s, parse_card(3))
    s = apply(s, 0, mv(s, "A", 1))
    s, report = end_round(s)
    assert round_lines(s.network, s.players, report) == ["No line completed this round."]
