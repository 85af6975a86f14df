"""Post-game analysis as plain data (what ``vv analyse --json`` prints).

On the game's own cards (:mod:`.search`): the best total the search finds for a player
beside the one they scored, and the player's steps that cost most against the best
continuation of the search, with the step that would have been better. Moves are in the
log's notation (:func:`.replay.step_data`), rounds 1-based.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from scorepad.rules.game import step_events
from scorepad.rules.voll_verplant.cards import FREE, TRANSFER, Card
from scorepad.rules.voll_verplant.engine import GameState, Move, final_total, new_game
from scorepad.rules.voll_verplant.maps import Network
from scorepad.rules.voll_verplant.replay import step_data, step_from_data
from scorepad.rules.voll_verplant.ruleset import VVRules
from scorepad.rules.voll_verplant.scoring import whole

if TYPE_CHECKING:
    from .optimum import Proof
from .search import Decision, Found, analyse_player, best_play

#: How many of the costliest steps a report lists.
TOP = 5


def logged_moves(network: Network, cards: Sequence[Card],
                 steps: Sequence[Sequence[Sequence[tuple[tuple[str, Any], ...]]]]
                 ) -> list[list[Move | None]]:
    """The protocol state's recorded steps (per round, per seat, each frozen log data) as
    whole engine moves with their follow-ups; None where a seat wrote nothing."""
    out: list[list[Move | None]] = []
    for card, seats in zip(cards, steps, strict=True):
        row: list[Move | None] = []
        for mine in seats:
            if not mine:
                row.append(None)
                continue
            parts = [step_from_data(network, card, dict(frozen)) for frozen in mine]
            row.append(parts[0]._replace(then=tuple(parts[1:])))
        out.append(row)
    return out


def move_text(network: Network, card: Card, move: Move) -> str:
    """A step as a player says it: ``B 3``, ``K 2 ccw``, ``B`` (transfer), ``station 17``,
    ``decline``, ``nothing`` (no free window)."""
    data = step_data(network, card, move._replace(then=()))
    if card.kind == FREE:
        return "decline" if data["station"] is None else f"station {data['station']}"
    if "line" not in data:
        return "nothing"
    text: str = data["line"]
    if card.kind != TRANSFER:
        text += f" {data.get('crosses', move.crosses)}"
    if data.get("direction") == "ccw":
        text += " ccw"
    return text


def play_text(network: Network, card_code: int | str, data: dict[str, Any]) -> str:
    """A planned move in the log's notation (``{"line": "B", "crosses": 3, "then": [...]}``)
    as a player says it, follow-ups after ``then``: ``B 3, then C 3``."""
    from scorepad.rules.voll_verplant.cards import parse_card

    card = parse_card(card_code)
    parts = [dict(data)] + list(data.get("then", []))
    parts[0].pop("then", None)
    words = [move_text(network, card, step_from_data(network, card, part)) for part in parts]
    return words[0] + "".join(f", then {w}" for w in words[1:])


def _whole_moves(steps: Sequence[tuple[int, Card, Move]]) -> list[tuple[int, Card, Move]]:
    """Single steps (and whole moves) of one player, joined into one move per round."""
    rounds: list[tuple[int, Card, list[Move]]] = []
    for index, card, move in steps:
        parts = [move._replace(then=())] + list(move.then)
        if rounds and rounds[-1][0] == index:
            rounds[-1][2].extend(parts)
        else:
            rounds.append((index, card, parts))
    return [(index, card, parts[0]._replace(then=tuple(parts[1:])))
            for index, card, parts in rounds]


def play_data(network: Network, found: Found) -> list[dict[str, Any]]:
    """The search's best line: per round the card and the move in the log's notation."""
    from scorepad.rules.voll_verplant.replay import from_move

    return [{"round": index + 1, "card": card.code,
             "move": from_move(network, card, move).to_data()}
            for index, card, move in _whole_moves(found.steps)]


def decision_data(network: Network, decision: Decision) -> dict[str, Any]:
    """One judged step: where, what was played and what the search found instead."""
    return {"round": decision.round, "follow_up": decision.step, "card": decision.card.code,
            "played": step_data(network, decision.card, decision.played),
            "played_text": move_text(network, decision.card, decision.played),
            "played_total": whole(decision.played_total),
            "best": step_data(network, decision.card, decision.best),
            "best_text": move_text(network, decision.card, decision.best),
            "best_total": whole(decision.best_total), "cost": whole(decision.cost)}


def analyse(network: Network, rules: VVRules, players: Sequence[str], player: str | None,
            cards: Sequence[Card], seed: str | int | None, rollouts: int, *,
            moves: Sequence[Sequence[Move | None]] = (), own_total: float | None = None,
            tick: Callable[[], None] | None = None, deadline: float | None = None,
            solve_seconds: float | None = None, map_ref: str | None = None,
            proof: list[Proof] | None = None) -> dict[str, Any]:
    """The report on ``player`` (None: no player, only the best score for the cards).

    With ``moves`` (a game log) each of the player's steps is judged and their total is
    the log's; ``own_total`` is a total known otherwise (a paper sheet). The best line is
    searched from the start with the other players repeating their logged moves.
    ``solve_seconds``: then the solver looks for the best plan too (:mod:`.optimum`),
    starting from the search's, and ``optimum``/``bound``/``proven`` say what it proved
    (``proof``, a list: the :class:`.optimum.Proof` is appended to it, for ``--log``).
    """
    names = list(players) or ["solo"]
    seat = names.index(player) if player is not None and player in names else 0
    start: GameState = new_game(network, rules, names)
    decisions: list[Decision] = []
    if moves:
        decisions = analyse_player(start, seat, cards, moves, seed, rollouts, tick=tick,
                                   deadline=deadline)
        own_total = _replayed_total(start, seat, cards, moves)
    found = best_play(start, seat, cards, seed, rollouts, fixed=moves, tick=tick,
                      deadline=deadline)
    if decisions:  # a rollout after a judged step may have found more than the line did
        top = max(decisions, key=lambda d: (d.best_total, -d.round, -d.step))
        if top.best_total > found.total:
            found = Found(top.best_total, top.line)
    best = found.total
    costly = sorted((d for d in decisions if d.cost > 0),
                    key=lambda d: (-d.cost, d.round, d.step))[:TOP]
    data = {"map": network.id, "player": player, "seed": seed, "rollouts": rollouts,
            "score": whole(own_total) if own_total is not None else None,
            "best": whole(best),
            "gain": whole(best - own_total) if own_total is not None else None,
            "judged": bool(moves),
            "costliest": [decision_data(network, d) for d in costly],
            "best_play": play_data(network, found),
            "optimum": None, "bound": None, "proven": False, "optimum_play": [],
            "solver": None}
    if solve_seconds is not None:
        data.update(_optimum(network, rules, names, seat, cards, seed, map_ref, moves, found,
                             solve_seconds, proof))
    return data


def _optimum(network: Network, rules: VVRules, names: Sequence[str], seat: int,
             cards: Sequence[Card], seed: str | int | None, map_ref: str | None,
             moves: Sequence[Sequence[Move | None]], found: Found, seconds: float,
             proof: list[Proof] | None) -> dict[str, Any]:
    """The report's ``optimum``, ``bound``, ``proven`` and ``optimum_play``; ``solver``
    says why they are missing (the extra is not installed, a game the model does not
    cover)."""
    from itertools import islice

    from .optimum import MissingSolver, NotModelled, Proof, plan_data, prove, replay_plan
    from .search import MAX_ROUNDS, known_cards

    dealt = list(islice(known_cards(cards, 0, rules, seed, "analyse/tail"), MAX_ROUNDS))
    known: list[tuple[Card, Move]] = [(card, Move()) for card in dealt]
    for index, card, move in _whole_moves(found.steps):
        known[index] = (card, move)
    length = 1 + max((index for index, _, _ in _whole_moves(found.steps)), default=-1)
    plan = known[:length]
    try:
        got = prove(network, rules, names, seat, dealt.__getitem__, seed, map_ref, seconds,
                    cards=cards, moves=moves, known=plan)
    except (MissingSolver, NotModelled) as err:
        if proof is not None:  # the search's best game is still a game to write
            state = replay_plan(network, rules, names, seat, seed, map_ref,
                                dealt.__getitem__, plan, moves)
            assert state.core is not None
            proof.append(Proof(tuple(plan), final_total(network, rules,
                                                        state.core.sheets[seat]),
                               None, False, state))
        return {"solver": "missing" if isinstance(err, MissingSolver)
                else f"not modelled: {err}"}
    if proof is not None:
        proof.append(got)
    return {"optimum": whole(got.optimum),
            "bound": whole(got.bound) if got.bound is not None else None,
            "proven": got.proven, "optimum_play": plan_data(network, got.rounds),
            "solver": "proven" if got.proven else "budget"}


def points_data(state: Any, player: str) -> list[dict[str, Any]]:
    """Where ``player``'s points came from in a played game (a protocol state): each event
    of theirs that changed points, with its round, in play order (:meth:`.game.events`)."""
    from scorepad.rules.voll_verplant.game import GAME

    setup, steps = GAME.log_steps(GAME.to_log(state))
    setup.update(map=state.core.network, map_ref=state.map, rules=state.rules)
    start = GAME.new(setup.pop("players"), **setup)
    out = []
    number = 0
    for events in step_events(GAME, start, steps):
        for ev in events:
            if ev["type"] == "card":
                number = ev["round"]
            elif ev["player"] == player and "points" in ev:
                out.append({"round": number, **ev})
    return out


def _replayed_total(start: GameState, seat: int, cards: Sequence[Card],
                    moves: Sequence[Sequence[Move | None]]) -> float:
    """The player's total in the logged game (every logged move replayed)."""
    from scorepad.rules.voll_verplant.engine import end_round, round_done
    from scorepad.rules.voll_verplant.replay import play_logged

    state = start
    for card, row in zip(cards, moves, strict=False):
        if state.over:
            break
        state = play_logged(state, card, row)
        if round_done(state):
            state = end_round(state)[0]
    return final_total(state.network, state.rules, state.sheets[seat])
