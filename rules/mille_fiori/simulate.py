"""Whole bot games: the seeded deal, the draft (pick, pass left, resolve in turn order),
bonus chains from the display, and optionally the game log they make.

A game is reproducible from its seed: the deal uses ``seed`` and the bots draw from a
separate generator seeded ``"<seed>/bots"``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from scorepad.rules.common.shuffle import seeded_rng

from .board import Board, board
from .bots import Bot
from .deal import deal, pass_left
from .engine import BONUS, OVER, SHIP, EndRound, Play, State, apply, setup
from .log import GAME_FORMAT
from .ruleset import MFRules


class GameResult(NamedTuple):
    """A finished bot game: its seed, final state and (when recorded) its log data."""

    seed: str
    state: State
    log: dict[str, Any] | None


def _action(b: Board, space: int) -> dict[str, Any]:
    return {"ship": True} if space == SHIP else {"place": b.space_ids[space]}


def play_game(players: int, seed: object, bots: Sequence[Bot], rules: MFRules | None = None,
              *, record: bool = False, names: Sequence[str] | None = None) -> GameResult:
    """Play one game between ``bots`` (one per seat) and return the final state.

    With ``record`` the result carries a ``scorepad/mf-game@1`` log that records the
    seed, the display and every round's leftovers, so its replay checks every bonus card
    and that every card came from its player's hand.
    """
    b = board()
    names = list(names or [f"P{i + 1}" for i in range(players)])
    dealt = deal(players, seed, rules, b)
    rng = seeded_rng(f"{seed}/bots")
    state = setup(names, rules, display=dealt.display, start=0, game_board=b)
    cfg = state.cfg
    n = players
    rounds: list[dict[str, Any]] = []
    for dealt_hands in dealt.rounds:
        if state.phase == OVER or state.finished:
            break
        hands = [list(h) for h in dealt_hands]
        turns: list[dict[str, Any]] = []
        if record:
            rounds.append({"start": names[state.start], "turns": turns})
        unplayed: list[int] = []
        for _ in range(cfg.plays):
            chosen = []
            for p in range(n):  # everyone keeps a card (the draft), then hands pass left
                card, _ = bots[p](state, p, hands[p], rng)
                hands[p].remove(card)
                chosen.append(card)
            hands = list(pass_left(hands))
            order = [(state.start + j) % n for j in range(n)]
            for j, p in enumerate(order):
                card = chosen[p]
                _, space = bots[p](state, p, (card,), rng)
                state = apply(state, Play(p, card, space))
                chain = []
                while state.phase == BONUS:
                    bcard, bspace = bots[p](state, p, state.display or (), rng)
                    state = apply(state, Play(p, bcard, bspace))
                    if record:
                        chain.append({"card": b.cards[bcard].id, "action": _action(b, bspace)})
                if record:
                    entry: dict[str, Any] = {"player": names[p], "card": b.cards[card].id,
                                             "action": _action(b, space)}
                    if chain:
                        entry["bonus"] = chain
                    turns.append(entry)
                if state.phase == OVER:
                    unplayed = [chosen[q] for q in order[j + 1:]]
                    break
            if state.phase == OVER:
                break
        leftover = tuple(unplayed + [c for hand in hands for c in hand])
        state = apply(state, EndRound(leftover))
        if record:
            rounds[-1] = {"start": rounds[-1]["start"],
                          "leftover": [b.cards[k].id for k in leftover], "turns": turns}
    log: dict[str, Any] | None = None
    if record:
        log = {"format": GAME_FORMAT}
        if rules is not None:
            from .ruleset import default_rules

            changed = rules.changed_from(default_rules())
            if changed:
                log["rules"] = changed
        # the seed lets a replay check the deal: each card played from its player's hand
        # (as the protocol passes them), the leftovers the cards left in the hands
        log.update({"seed": str(seed), "players": names,
                    "display": [b.cards[k].id for k in dealt.display], "rounds": rounds})
    return GameResult(str(seed), state, log)
