"""``scorepad floris tally``: keep score during a game, one presented bouquet at a time.

Reads one line per prompt, so it works at a terminal and with piped input alike. With
``--log FILE`` the game file is rewritten atomically after every entry; an interrupted
game continues with ``--resume FILE``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from scorepad.floris.common import number_word, rules_option
from scorepad.options import log_option, players_option, resume_option

MAX_PLAYERS = 5  # as scorepad.rules.floris.engine.MAX_PLAYERS; --help imports no rules

if TYPE_CHECKING:
    from scorepad.rules.floris.engine import FlorisState
    from scorepad.rules.floris.ruleset import FlorisRules

HELP = ('Enter each bouquet as "NAME SPEC" (e.g. "ann rose:3 lily:3"). '
        "u = undo, t = totals, end = final bouquets and penalties, q = quit.")


@click.command(name="tally")
@players_option(2, MAX_PLAYERS, dest="names")
@log_option("Save the game file (scorepad/floris-game@1) here after every entry.")
@resume_option("Continue the unfinished game in FILE (saved back to it unless --log).")
@rules_option
def tally_cmd(names: list[str] | None, log_path: str | None, resume_path: str | None,
              rules_file: str | None) -> None:
    """Keep score during a game of Floris.

    Type who presented which bouquet; scorepad checks it, shows its points and the
    running totals. "end" asks each player's final bouquet, the cards left in hand and
    the cards discarded, then prints the final table. One line per prompt, so input
    may be piped.

    \b
    Example:
      scorepad floris tally --players Ann,Bob,Cid --log output/floris.yaml
      > ann rose:3 lily:3
      > bob d1 r2 l3
      > end
    """
    from scorepad.floris.common import load_rules, read_game
    from scorepad.io import display_name
    from scorepad.rules.common.errors import ContentError, InputError, ScorepadError
    from scorepad.rules.floris.engine import new_game
    from scorepad.rules.floris.game import log_steps, replay

    if resume_path:
        if names:
            raise InputError("give either --players or --resume, not both")
        log = read_game(resume_path)
        source = display_name(resume_path)
        if log.finished:
            raise ContentError(f"{source}: this game is finished already")
        rules = load_rules(rules_file, log.rules, source)
        try:
            state = replay(log_steps(log), new_game(list(log.players), rules))
        except ScorepadError as err:
            raise err.in_file(source) from None
        log_path = log_path or resume_path
    elif names:
        rules = load_rules(rules_file)
        try:
            state = new_game(names, rules)
        except ContentError as err:      # the engine knows how many players Floris allows
            raise InputError(f"--players: {err.message}") from None
    else:
        raise InputError("name the players: --players Ann,Bob (or continue a game with --resume FILE)")
    Tally(state, log_path).run()


def match_player(line: str, names: list[str]) -> tuple[str, str]:
    """Split ``"ann r3 l3"`` into the player it names and the rest of the line.

    A line starts with a whole name (any case), or with a word that begins only one name.
    """
    from scorepad.rules.common.errors import InputError
    from scorepad.rules.floris.flowers import fold

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


def canonical(spec: str) -> str:
    """A spec as the log writes it: ``rose:3 lily:3`` (InputError when it cannot be read)."""
    from scorepad.rules.floris.flowers import format_spec
    from scorepad.rules.floris.spec import parse_spec

    return format_spec(parse_spec(spec))


class Tally:
    """One tally at the table: the engine state, the earlier states (undo) and the log file."""

    def __init__(self, state: FlorisState, log_path: str | None) -> None:
        self.state = state
        self.log_path = log_path
        self.history: list[FlorisState] = []      # earlier states, for undo

    @property
    def names(self) -> list[str]:
        return self.state.names

    @property
    def rules(self) -> FlorisRules:
        return self.state.rules

    def save(self) -> None:
        """Rewrite the log file (atomically) when there is one."""
        from scorepad.io import atomic_write, dump_yaml
        from scorepad.rules.floris.game import to_log

        if self.log_path:
            atomic_write(self.log_path, dump_yaml(to_log(self.state)))

    def run(self) -> None:
        """The prompt loop: bouquets until ``end`` (then the final round) or ``q``/end of input."""
        click.echo(f"Floris tally: {', '.join(self.names)} (ruleset {self.rules.ruleset})")
        click.echo(HELP)
        self.save()
        if self.state.phase == "final":      # resumed during the final round: finish it
            if not self._final_round():
                self._stopped()
            return
        while True:
            line = _ask("")
            if line is None or line.lower() in ("q", "quit"):
                self._stopped()
                return
            command = line.lower()
            if not line:
                continue
            if command in ("h", "help", "?"):
                click.echo(HELP)
            elif command in ("t", "totals"):
                click.echo(self._table())
            elif command in ("u", "undo"):
                self._undo()
            elif command == "end":
                if self._final_round():
                    return
                self._stopped()
                return
            else:
                self._bouquet(line)

    def _bouquet(self, line: str) -> None:
        from scorepad.rules.common.errors import ScorepadError
        from scorepad.rules.floris.engine import apply

        try:
            player, spec = match_player(line, self.names)
            # the engine judges what was typed (so a refusal quotes it); the log gets the
            # canonical spec of the same flowers
            apply(self.state, player, spec)
            state = apply(self.state, player, canonical(spec))
        except ScorepadError as err:
            click.echo(_refusal(err))
            return
        self.history.append(self.state)
        self.state = state
        self.save()
        verdict = state.seat(player)[1].bouquets[-1].verdict
        bonus = f" + {verdict.bonus} bonus" if verdict.bonus else ""
        click.echo(f"{player}: {verdict.label}, {number_word(verdict.flowers, 'flower')}{bonus}"
                   f" = {number_word(verdict.points, 'point')}")
        click.echo(self._totals())

    def _undo(self) -> None:
        if not self.history:
            click.echo("nothing to undo")
            return
        before = self.history.pop()
        taken = next(new for old, new in zip(before.seats, self.state.seats, strict=True)
                     if len(old.bouquets) != len(new.bouquets))
        click.echo(f"undone: {taken.name}'s bouquet {taken.bouquets[-1].spec}")
        self.state = before
        self.save()
        click.echo(self._totals())

    def _final_round(self) -> bool:
        """Ask each remaining player's final bouquet and cards left; False when input ended."""
        from scorepad.rules.common.errors import ScorepadError
        from scorepad.rules.floris.engine import apply, judged, to_move

        click.echo("Final bouquets and penalty cards.")
        for player in to_move(self.state):
            while True:
                final = _ask(f"{player}, final bouquet (empty for none)")
                if final is None:
                    return False
                try:
                    # asked first, so a bad final bouquet is asked again at once
                    if final.strip():
                        judged(final, self.rules, (player, "final bouquet"))
                        final = canonical(final)
                except ScorepadError as err:
                    click.echo(_refusal(err))
                    continue
                counts = self._cards(player, whole=self.rules.final_bouquet == "whole_hand"
                                     and bool(final.strip()))
                if counts is None:
                    return False
                try:
                    state = apply(self.state, player, {"final": final, **counts})
                except ScorepadError as err:
                    click.echo(_refusal(err))
                    continue
                break
            self.state = state
            self.save()
            end = state.seat(player)[1].end
            if end and end.final:
                click.echo(f"{player}: final {end.final.verdict.label}, "
                           f"{number_word(end.final.points, 'point')}")
        click.echo(self._table())
        return True

    def _cards(self, player: str, *, whole: bool) -> dict[str, int] | None:
        """The cards left over: in hand (not asked when the final bouquet is the whole hand),
        discarded, and in the reserve (asked only when the ruleset makes them cost)."""
        counts = {"left_in_hand": 0, "discarded": 0, "left_in_reserve": 0}
        questions = [("left_in_hand", "cards left in hand")] if not whole else []
        questions.append(("discarded", "cards discarded"))
        if self.rules.reserve_penalty:
            questions.append(("left_in_reserve", "cards left in reserve"))
        for key, text in questions:
            answer = _ask_number(f"{player}, {text}")
            if answer is None:
                return None
            counts[key] = answer
        return counts

    def _totals(self) -> str:
        from scorepad.rules.floris.scoring import score

        return "totals: " + ", ".join(f"{p['name']} {p['total']}"
                                      for p in score(self.state)["players"])

    def _table(self) -> str:
        from scorepad.floris.game import result_table
        from scorepad.rules.floris.scoring import score

        return result_table(score(self.state))

    def _stopped(self) -> None:
        if self.log_path:
            click.echo(f"game saved unfinished to {self.log_path} "
                       f"(continue with: scorepad floris tally --resume {self.log_path})")
        else:
            click.echo("game stopped (not saved: use --log FILE to keep it)")
        click.echo(self._totals())


def _ask(text: str) -> str | None:
    """One line of input (stripped), or None at the end of input."""
    try:
        return click.prompt(text, default="", show_default=False,
                            prompt_suffix=": " if text else "> ").strip()
    except click.Abort:
        click.echo()
        return None


def _ask_number(text: str) -> int | None:
    """A card count 0-45, asked again until it is one; None at the end of input."""
    while True:
        answer = _ask(f"{text} [0]")
        if answer is None:
            return None
        if not answer:
            return 0
        if answer.isdigit() and int(answer) <= 45:
            return int(answer)
        click.echo("a number of cards, 0 to 45")


def _refusal(err: Exception) -> str:
    """What the table is told when an entry is refused: a rule's own words, else the place too."""
    from scorepad.rules.common.errors import RuleViolation

    return f"not recorded: {err.message if isinstance(err, RuleViolation) else err}"
