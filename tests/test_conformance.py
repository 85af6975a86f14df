"""One conformance test for every game in GAMES (pgx's api_test, OpenSpiel's random_sim_test).

For several seeds and player counts a game is played by random legal moves to its end.
At every step: the log replays to an equal state; the listed moves are accepted and
``describe`` words them in every language; moves mutated out of the list are refused
with a RuleViolation naming its rule; a player who is not to move is refused; earlier
states never change; events and views are JSON; no view holds another player's hand or,
while a game with hidden information runs, its seed. At the end the score equals its
breakdown, the points of all events add up to each total, and the score is what the
command line's ``score --json`` prints for the log. A new game in GAMES is tested here
without a line added; so is the toy of tests/toy_game.py (a fourth game, registered
nowhere, with no command line), which docs/adding-a-game.md walks through. A game played on
paper (Voll verplant's sheets, read into one log document) is held to the same protocol.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from toy_game import TOY

from scorepad.main import root
from scorepad.rules.common.errors import RuleViolation, ScorepadError
from scorepad.rules.game import GAMES, LANGS, Game, visible_moves
from scorepad.rules.session import Session

SEEDS = (1, 2, 3)
MAX_STEPS = 2_000
ALL_MOVES_CHECKED = 40  # steps at which every listed move is tried (the rest: a sample)


def _player_counts(game: Game) -> list[int]:
    counts = {game.min_players, game.max_players, (game.min_players + game.max_players) // 2}
    return sorted(c for c in counts if c >= 0)


#: The games held to the protocol: every registered one and the toy.
ALL: dict[str, Game] = {**{gid: GAMES[gid] for gid in GAMES}, TOY.id: TOY}


def _cases() -> list[tuple[str, int, int]]:
    return [(gid, n, seed) for gid in ALL for n in _player_counts(ALL[gid]) for seed in SEEDS]


def _names(n: int) -> list[str]:
    return ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"][:n] or []


def _mutations(move: Any, rng: random.Random, others: list[Any]) -> list[Any]:
    """Moves near ``move`` that are probably not legal: changed, dropped and added fields."""
    out: list[Any] = []
    if isinstance(move, dict):
        for key in move:
            for bogus in ("zz-no-such", 10_000, -7):
                changed = dict(move)
                changed[key] = bogus
                out.append(changed)
            dropped = {k: v for k, v in move.items() if k != key}
            out.append(dropped)
        extra = dict(move)
        extra["zz_no_such_field"] = 1
        out.append(extra)
    elif isinstance(move, str):
        out += [move + "-zz", "zz-no-such"]
    elif isinstance(move, int) and not isinstance(move, bool):
        out += [move + 10_000, -7]
    out.append(None if move is not None else "zz-no-such")
    rng.shuffle(out)
    return [m for m in out if m not in others][:6]


def _refused(game: Game, state: Any, player: str | None, move: Any) -> None:
    before = json.dumps(game.to_log(state), sort_keys=True, default=str)
    with pytest.raises(ScorepadError) as info:
        game.apply(state, player, move)
    err = info.value
    assert isinstance(err, RuleViolation), (player, move, err)
    assert err.rule, (player, move, err)
    assert str(err)
    assert json.dumps(game.to_log(state), sort_keys=True, default=str) == before


def _check_events(game: Game, state: Any, points: dict[str, float]) -> None:
    """The last step's events are JSON with a type and a player, worded in every language;
    their points (each with a why) are added to ``points``."""
    events = game.events(state)
    assert json.loads(json.dumps(events)) == events
    for ev in events:
        assert ev["type"] and "player" in ev, ev
        if "points" in ev:
            assert ev["why"], ev
            points[ev["player"]] = points.get(ev["player"], 0) + ev["points"]
        for lang in LANGS:
            assert game.explain(ev, lang).strip(), (ev, lang)


def _check_views(game: Game, state: Any, players: list[str], seed: str) -> None:
    """Every view is JSON; none holds another player's hand, or the seed of a running game
    with hidden information; a watcher's view holds no hand at all."""
    views = {viewer: game.view(state, viewer) for viewer in [None, *players]}
    text = {viewer: json.dumps(view) for viewer, view in views.items()}
    assert views[None].get("hand") is None
    for viewer, view in views.items():
        assert json.loads(text[viewer]) == view
        assert not {"deck", "dealt", "hands"} & set(view), sorted(view)
        if game.info.hidden_information and not game.is_over(state):
            assert seed not in text[viewer]
        for other in players:
            hand = views[other].get("hand")
            if other != viewer and hand and hand != view.get("hand"):
                assert json.dumps(hand) not in text[viewer], (viewer, other)
    if game.info.hidden_information:
        _check_host_sees_no_hand(game, state, players, views, text)


def _check_host_sees_no_hand(game: Game, state: Any, players: list[str],
                             views: dict[str | None, dict], text: dict[str | None, str]) -> None:
    """What the host or a watcher is shown (the view for None and the moves it may make,
    ``visible_moves``) holds no player's hand in any form: no hand, no card of one that
    lies nowhere in the open (a card another player's view shows, not from their own hand,
    is open: a display, a card just played), and no move of a player holding a hand."""
    moves = visible_moves(game, state, None)
    host = text[None] + json.dumps(moves)
    for player in players:
        hand = views[player].get("hand")
        if not hand:
            continue
        assert game.info.hands, f"{player}'s view holds a hand, but info.hands is False"
        assert player not in moves, f"the host may see {player}'s moves, made from a hand"
        assert json.dumps(hand) not in host
        open_ = [text[q].replace(json.dumps(views[q].get("hand")), "")
                 for q in players if q != player]
        for card in hand:
            token = json.dumps(card)
            if not any(token in seen for seen in open_):
                assert token not in host, (player, card)


@pytest.mark.parametrize(("game_id", "n_players", "seed"), _cases())
def test_random_play_conforms(game_id: str, n_players: int, seed: int, runner) -> None:
    game = ALL[game_id]
    assert isinstance(game, Game)
    assert game.id == game_id
    rng = random.Random(f"{game_id}/{n_players}/{seed}")
    players = _names(n_players)
    state = game.new(players, seed=f"conformance-{seed}", rules={}, **dict(game.example_setup))
    assert json.loads(json.dumps(game.info.data()))["id"] == game_id
    assert game.info.min_players == game.min_players
    assert game.info.max_players == game.max_players
    history: list[tuple[Any, str]] = []
    points: dict[str, float] = {}
    for step in range(MAX_STEPS):
        log = game.to_log(state)
        frozen = json.dumps(log, sort_keys=True, default=str)
        history.append((state, frozen))
        replayed = game.from_log(copy.deepcopy(log))
        assert replayed == state, f"step {step}: the log does not replay to the same state"
        _check_events(game, state, points)
        _check_views(game, state, players, f"conformance-{seed}")
        if game.is_over(state):
            assert game.to_move(state) == []
            break
        movers = game.to_move(state)
        assert movers == [p for p in players if p in movers], "to_move keeps seat order"
        if not movers:
            outcomes = game.legal_moves(state, None)
            assert len(outcomes) == 1, "a seeded game has one chance outcome"
            player, move = None, outcomes[0]
        else:
            player = rng.choice(movers)
            moves = game.legal_moves(state, player)
            assert moves, f"step {step}: {player} is to move but has no legal move"
            tried = moves if step < ALL_MOVES_CHECKED else rng.sample(moves, min(4, len(moves)))
            for candidate in tried:
                game.apply(state, player, copy.deepcopy(candidate))
                for lang in LANGS:
                    assert game.describe(copy.deepcopy(candidate), lang).strip()
            for bad in _mutations(rng.choice(moves), rng, moves):
                _refused(game, state, player, bad)
            idle = [p for p in players if p not in movers]
            if idle:
                _refused(game, state, rng.choice(idle), moves[0])
            move = rng.choice(moves)
        state = game.apply(state, player, copy.deepcopy(move))
    else:
        pytest.fail(f"no end after {MAX_STEPS} steps")

    for old, frozen in history:
        assert json.dumps(game.to_log(old), sort_keys=True, default=str) == frozen

    score = game.score(state)
    assert score["game"] == game_id
    for entry in score["players"]:
        assert entry["total"] == pytest.approx(game.breakdown_total(entry))
        assert points.get(entry["name"], 0) == pytest.approx(entry["total"]), entry["name"]
    if game_id not in GAMES:
        return  # no command line (the toy)
    doc = game.to_log(state)
    result = runner.invoke(root, [game_id, "score", "--json", "-"], input=json.dumps(doc))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == json.loads(json.dumps(score))


@pytest.mark.parametrize("game_id", list(ALL))
def test_session_undo_and_resume_agree_with_replay(game_id: str) -> None:
    game = ALL[game_id]
    players = _names(max(game.min_players, 2) if game.max_players >= 2 else game.min_players)
    session = Session.start(game, players, seed="conformance-undo", **dict(game.example_setup))
    rng = random.Random(game_id)
    for _ in range(60):
        if session.is_over():
            break
        if session.at_chance():
            session = session.reveal()
        else:
            player = session.to_move()[0]
            session = session.step(player, rng.choice(session.legal_moves(player)))
    resumed = Session.resume(game, copy.deepcopy(session.to_log()))
    assert resumed.state == session.state
    assert resumed.steps == session.steps
    assert session.events() == game.events(session.state) == session.events(-1)
    assert session.events(0) == game.events(session.states[1])
    assert session.view(None) == game.view(session.state, None)
    shorter = session.undo()
    assert shorter.state == game.from_log(copy.deepcopy(shorter.to_log()))
    assert shorter.to_log() != session.to_log()


@pytest.mark.parametrize(("n_players", "seed"), [(1, 1), (3, 2), (6, 3)])
def test_a_game_played_on_paper_conforms(n_players: int, seed: int, runner) -> None:
    """A game played on paper is a game too: its sheets, read into one log document,
    become through ``from_log`` a finished state whose events' points add up to the totals,
    whose score is the played game's, whose views are JSON, which refuses every step with a
    RuleViolation and whose log replays to it and scores the same on the command line."""
    from scorepad.rules.voll_verplant.paper import (
        PaperEntry,
        check_sheet,
        combine_sheets,
        parse_sheet,
        sheet_data,
    )
    from scorepad.rules.voll_verplant.replay import marked_sheets

    game = GAMES["voll-verplant"]
    rng = random.Random(f"paper/{n_players}/{seed}")
    players = _names(n_players)
    state = game.new(players, seed=f"paper-{seed}", rules={}, **dict(game.example_setup))
    while not game.is_over(state):
        movers = game.to_move(state)
        player = rng.choice(movers) if movers else None
        state = game.apply(state, player, rng.choice(game.legal_moves(state, player)))
    network, rules = state.core.network, state.rules
    entries = []
    for sheet in marked_sheets(state.core):  # what each player types in from the paper
        data = sheet_data(network.id, sheet.player,
                          ("empty", sorted(set(network.station_index) - sheet.marked)),
                          sheet.transfers, [k for k, v in sheet.bonuses.items() if v == "first"],
                          dict(sheet.windows))
        entries.append(PaperEntry(f"{sheet.player}.yaml", network, rules,
                                  check_sheet(parse_sheet(data), network, rules)))
    paper = combine_sheets(entries).state
    assert game.is_over(paper) and game.to_move(paper) == []
    assert game.legal_moves(paper, None) == [] and game.legal_moves(paper, players[0]) == []
    points: dict[str, float] = {}
    _check_events(game, paper, points)
    _check_views(game, paper, players, f"paper-{seed}")
    score = game.score(paper)
    played = game.score(state)
    assert (score["players"], score["winners"]) == (played["players"], played["winners"])
    for entry in score["players"]:
        assert entry["total"] == pytest.approx(game.breakdown_total(entry))
        assert points.get(entry["name"], 0) == pytest.approx(entry["total"]), entry["name"]
    for player, move in [(None, game.to_log(state)["rounds"][0]["card"]),
                         (players[0], {"line": "A"})]:
        _refused(game, paper, player, move)
    doc = game.to_log(paper)
    assert game.from_log(copy.deepcopy(doc)) == paper
    result = runner.invoke(root, ["vv", "score", "--json", "-"], input=json.dumps(doc))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == json.loads(json.dumps(score))
