"""Floris at the terminal table: what ``floris tally`` adds to the shared loop
(:mod:`scorepad.table`): its move syntax and its display.

* During play anyone may present a bouquet at any time, so a line names the player and
  the bouquet, ``ann rose:3 lily:3`` (:func:`match_player`); the engine judges it, and a
  refusal quotes what was typed with the bouquet checker's smallest fix.
* ``end`` starts the final round: each player still to enter is asked the final bouquet
  (empty for none), then the cards left in hand (not asked when the final bouquet must
  be the whole hand), discarded and, when the ruleset counts them, left in the reserve;
  Enter is 0. The answers are one end-of-game entry of the engine, made when the last one
  is given (until then the adapter keeps them: :class:`scorepad.table.Pending`).
* ``t`` (or ``s``) shows the table of points, fitted to the terminal's width.

Nothing here knows a rule: validity, points, the smallest fix and penalties are the
engine's (:mod:`scorepad.rules.floris`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scorepad.floris.common import number_word
from scorepad.floris.game import result_table
from scorepad.rules.common.errors import InputError
from scorepad.rules.floris.bouquet import judge
from scorepad.rules.floris.engine import ENTRY_KEYS, MAX_CARDS, judged
from scorepad.rules.floris.flowers import fold, format_spec
from scorepad.rules.floris.game import GAME
from scorepad.rules.floris.ruleset import FlorisRules, default_rules
from scorepad.rules.floris.spec import parse_spec
from scorepad.rules.session import Session
from scorepad.table import Adapter, Pending, Played, View
from scorepad.table.adapter import Command
from scorepad.table.console import cut, terminal_width
from scorepad.table.loop import ANSWER_ROOM

HELP = """\
NAME SPEC  a bouquet, e.g. ann rose:3 lily:3
           (a name in any case, or the start
           of one; specs as floris bouquet)"""

#: The questions of an end-of-game entry: its key, the words asked (long, short).
FINAL = ("final", "final bouquet (empty for none)", "final bouquet")
IN_HAND = ("left_in_hand", "cards left in hand", "in hand")
DISCARDED = ("discarded", "cards discarded", "discarded")
IN_RESERVE = ("left_in_reserve", "cards left in reserve", "in reserve")


def match_player(line: str, names: list[str]) -> tuple[str, str]:
    """Split ``"ann r3 l3"`` into the player it names and the rest of the line.

    A line starts with a whole name (any case), or with a word that begins only one name.
    """
    folded = fold(line)
    for name in sorted(names, key=len, reverse=True):
        key = fold(name)
        if folded.startswith(key) and (len(line) == len(name) or line[len(name)] in " \t:"):
            return name, line[len(name):].lstrip(" \t:")
    word, _, rest = line.replace(":", " ", 1).partition(" ")
    hits = [n for n in names if fold(n).startswith(fold(word))]
    if len(hits) == 1:
        return hits[0], rest.strip()
    if hits:
        raise InputError(f"{word!r} could be {' or '.join(hits)}: write more of the name")
    raise InputError(f"no player {word!r} (players: {', '.join(names)})")


@dataclass
class _Draft:
    """The answers of one player's end-of-game entry so far, for the session they began in."""

    player: str
    steps: tuple[Any, ...]
    answers: dict[str, Any] = field(default_factory=dict)


class FlorisAdapter(Adapter):
    """The terminal face of ``floris tally`` (see the module's notes)."""

    game = GAME
    command = "scorepad floris tally"
    help_text = HELP
    bare_numbers_pick = False   # "2" answers "cards left in hand", it never picks choice 2
    # bouquets are typed, never picked from a numbered list: no ? and #N in its help
    loop_words = frozenset({"suggestion", "undo", "scores", "sheet", "help", "quit"})

    def __init__(self) -> None:
        self._ending_at: tuple[Any, ...] | None = None   # the steps "end" was typed after
        self._draft: _Draft | None = None

    # --- the final round's questions ------------------------------------------------------

    def _entering(self, session: Session) -> bool:
        """Whether the final round is asked: once an entry is in, or when ``end`` was typed
        after the last bouquet (undoing every entry comes back to that moment; one more
        undo takes back a bouquet, and the tally is in play again)."""
        if session.state.phase == "final":
            first = next(i for i, (_, move) in enumerate(session.steps)
                         if not isinstance(move, str))
            self._ending_at = session.steps[:first]
            return True
        return session.steps == self._ending_at and not session.is_over()

    def _draft_of(self, session: Session, player: str) -> _Draft:
        """The entry being asked of ``player``: a new one after any step or undo."""
        draft = self._draft
        if draft is None or draft.player != player or draft.steps != session.steps:
            draft = self._draft = _Draft(player, session.steps)
        return draft

    @staticmethod
    def _questions(rules: FlorisRules, answers: Mapping[str, Any]) -> list[tuple[str, str, str]]:
        asked = [FINAL]
        if not (rules.final_bouquet == "whole_hand" and answers.get("final")):
            asked.append(IN_HAND)      # a whole-hand final bouquet leaves no card in hand
        asked.append(DISCARDED)
        if rules.reserve_penalty:
            asked.append(IN_RESERVE)
        return asked

    def _next(self, session: Session, player: str) -> tuple[_Draft, tuple[str, str, str]]:
        draft = self._draft_of(session, player)
        asked = self._questions(session.state.rules, draft.answers)
        return draft, next(q for q in asked if q[0] not in draft.answers)

    def _answer(self, session: Session, player: str, line: str) -> Any:
        draft, (key, _, _) = self._next(session, player)
        rules = session.state.rules
        if key == "final":
            counts = parse_spec(line)         # unreadable: InputError ("Not read")
            if line.strip():                  # invalid: the engine says why ("Not allowed")
                judged(line, rules, (player, "final bouquet"))
            draft.answers[key] = format_spec(counts)
        else:
            text = line.strip() or "0"
            if not text.isdigit() or int(text) > MAX_CARDS:
                raise InputError(f"a number of cards, 0 to {MAX_CARDS}")
            draft.answers[key] = int(text)
        if any(q[0] not in draft.answers for q in self._questions(rules, draft.answers)):
            return Pending()
        self._draft = None                    # the whole entry: the engine's move
        return {"final": draft.answers["final"],
                **{key: draft.answers.get(key, 0) for key in ENTRY_KEYS[1:]}}

    # --- input ----------------------------------------------------------------------------

    def parse(self, session: Session, player: str | None, line: str) -> Any:
        if player is not None and self._entering(session):
            return self._answer(session, player, line)
        name, spec = match_player(line, session.players)
        if not spec.strip():
            raise InputError(f"write the bouquet after the name, e.g. {name.lower()} rose:3 lily:3")
        counts = parse_spec(spec)
        # the log gets the canonical spec; an invalid bouquet goes to the engine as typed,
        # so its refusal quotes what the table wrote
        return Played(name, format_spec(counts) if judge(counts, session.state.rules).valid
                      else spec)

    no_choices = ("Bouquets are typed, not picked from a list: NAME SPEC, e.g. "
                  "ann rose:3 lily:3")

    def choices(self, session: Session, player: str | None) -> list[tuple[Any, str]]:
        """Nothing to pick from a list: a bouquet is typed, with the name of who presents
        it (the engine's legal moves are every valid bouquet of the deck: hundreds)."""
        return []

    def takes_empty(self, session: Session, player: str | None) -> bool:
        return player is not None and self._entering(session)

    def describe(self, session: Session, player: str | None, move: Any) -> str:
        if isinstance(move, str):
            return f"bouquet {move}"
        final = f"final {move['final']}" if move.get("final") else "no final bouquet"
        cards = [f"{move[key]} {words}" for key, _, words in (IN_HAND, DISCARDED, IN_RESERVE)
                 if move.get(key)]
        return f"{final}, {', '.join(cards) or 'no cards left'}"

    def suggest(self, session: Session, player: str | None) -> Any:
        return None     # bouquets are typed; the final round's defaults are in its prompts

    def prompt(self, session: Session, player: str | None) -> str:
        if player is None or not self._entering(session):
            return ""
        _, (key, long, short) = self._next(session, player)
        default = "" if key == "final" else " [0]"
        # the same words for every question of a player: the long ones when they all fit
        room = max(terminal_width() - 2 - ANSWER_ROOM, 8)
        if len(f"{player}, {FINAL[1]}") <= room:
            return f"{player}, {long}{default}"
        widest = max(len(q[2]) for q in (FINAL, IN_HAND, DISCARDED, IN_RESERVE)) + len(" [0]")
        return f"{cut(player, max(room - 2 - widest, 4))}, {short}{default}"

    def commands(self, session: Session) -> Mapping[str, Command]:
        table: Command = ("the table of points", self.scores)
        return {"t": table, "totals": table,
                "end": ("final bouquets and cards left", self._end)}

    def _end(self, session: Session, view: View) -> list[str]:
        if session.is_over():
            return ["The game is over."]
        self._ending_at = session.steps
        return final_round_intro(session)

    # --- display --------------------------------------------------------------------------

    def status(self, session: Session, view: View) -> list[str]:
        return [totals(session)]

    def after_step(self, before: Session, after: Session, player: str | None,
                   move: Any, view: View) -> list[str]:
        # what the step did, as the game says it (GAME.events, GAME.explain), as mf play
        told = [GAME.explain(e) for e in after.events() if e["type"] != "game-over"]
        return told or [f"{player}: no final bouquet, no penalty"]

    def sheet(self, session: Session, player: str, view: View) -> list[str]:
        entry = next(p for p in session.score()["players"] if p["name"] == player)
        lines = [f"{player}: {number_word(entry['total'], 'point')}"]
        for n, b in enumerate(entry["bouquets"], start=1):
            lines.append(f"  {n}. {b['spec']}: {b['points']}")
        if entry["final"]:
            lines.append(f"  final {entry['final']['spec']}: {entry['final_points']}")
        if entry["penalties"]:
            lines.append(f"  {number_word(entry['penalty_cards'], 'card')} left: "
                         f"-{entry['penalties']}")
        return lines

    def scores(self, session: Session, view: View) -> list[str]:
        return result_table(session.score(), view.width).splitlines()

    def final(self, session: Session, view: View) -> list[str]:
        return self.scores(session, view)

    # --- the start --------------------------------------------------------------------------

    def intro(self, session: Session) -> list[str]:
        """The lines shown when the tally starts or resumes."""
        rules = session.state.rules
        changed = rules.changed_from(default_rules())
        options = "".join(f", {key}: {value}" for key, value in changed.items())
        lines = [f"Floris tally: {', '.join(session.players)} (ruleset {rules.ruleset}{options})",
                 "Type a bouquet as NAME SPEC (ann rose:3 lily:3); t totals, u undo, end final "
                 "bouquets, help all words, q quit."]
        if session.state.phase == "final":
            lines += final_round_intro(session)
        return lines


def final_round_intro(session: Session) -> list[str]:
    """What the final round asks, said once when it begins."""
    reserve = ", left in reserve" if session.state.rules.reserve_penalty else ""
    return [f"Final bouquets and penalty cards: {', '.join(session.to_move())}. "
            f"Each is asked the final bouquet (empty for none), then the cards left in "
            f"hand, discarded{reserve} (Enter: 0)."]


def totals(session: Session) -> str:
    """``totals: Ann 6, Bob 18`` in seat order."""
    return "totals: " + ", ".join(f"{p['name']} {p['total']}" for p in session.score()["players"])
