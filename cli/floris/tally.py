"""``scorepad floris tally``: keep score during a game, one presented bouquet at a time.

Reads one line per prompt, so it works at a terminal and with piped input alike. With
``--log FILE`` the game file is rewritten atomically after every entry; an interrupted
game continues with ``--resume FILE``.
"""

from __future__ import annotations

import click

from scorepad.floris.common import number_word, rules_option
from scorepad.options import log_option, players_option, resume_option

MAX_PLAYERS = 4  # as scorepad.rules.floris.scoring.MAX_PLAYERS; --help imports no rules

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
    from scorepad.rules.common.errors import ContentError, InputError
    from scorepad.rules.floris.tally import new_game

    if resume_path:
        if names:
            raise InputError("give either --players or --resume, not both")
        game = read_game(resume_path)
        if game.finished:
            raise ContentError(f"{display_name(resume_path)}: this game is finished already")
        rules = load_rules(rules_file, game.rules, display_name(resume_path))
        log_path = log_path or resume_path
    elif names:
        rules = load_rules(rules_file)
        game = new_game(names, rules)
    else:
        raise InputError("name the players: --players Ann,Bob (or continue a game with --resume FILE)")
    Session(game, rules, log_path).run()


class Session:
    """One tally at the table: the game so far, the undo stack and the log file."""

    def __init__(self, game, rules, log_path: str | None) -> None:
        self.game = game
        self.rules = rules
        self.log_path = log_path
        self.history: list = []      # earlier games, for undo

    @property
    def names(self) -> list[str]:
        return list(self.game.players)

    def save(self) -> None:
        """Rewrite the log file (atomically) when there is one."""
        from scorepad.io import atomic_write, dump_yaml

        if self.log_path:
            atomic_write(self.log_path, dump_yaml(self.game.to_data()))

    def run(self) -> None:
        """The prompt loop: bouquets until ``end`` (then the final round) or ``q``/end of input."""
        click.echo(f"Floris tally: {', '.join(self.names)} (ruleset {self.rules.ruleset})")
        click.echo(HELP)
        self.save()
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
        from scorepad.rules.floris.tally import add_bouquet, match_player

        try:
            player, spec = match_player(line, self.names)
            game, verdict = add_bouquet(self.game, player, spec, self.rules)
        except ScorepadError as err:
            click.echo(_refusal(err))
            return
        self.history.append(self.game)
        self.game = game
        self.save()
        bonus = f" + {verdict.bonus} bonus" if verdict.bonus else ""
        click.echo(f"{player}: {verdict.label}, {number_word(verdict.flowers, 'flower')}{bonus}"
                   f" = {number_word(verdict.points, 'point')}")
        click.echo(self._totals())

    def _undo(self) -> None:
        if not self.history:
            click.echo("nothing to undo")
            return
        before = self.history.pop()
        taken = next(n for n in self.names
                     if len(before.players[n].bouquets) != len(self.game.players[n].bouquets))
        click.echo(f"undone: {taken}'s bouquet {self.game.players[taken].bouquets[-1]}")
        self.game = before
        self.save()
        click.echo(self._totals())

    def _final_round(self) -> bool:
        """Ask every player's final bouquet and penalty cards; False when input ended early."""
        from scorepad.rules.common.errors import ScorepadError
        from scorepad.rules.floris.tally import check_final, finish_player, mark_finished

        click.echo("Final bouquets and penalty cards.")
        for player in self.names:
            while True:
                final = _ask(f"{player}, final bouquet (empty for none)")
                if final is None:
                    return False
                try:
                    check_final(final, self.rules)
                except ScorepadError as err:
                    click.echo(_refusal(err))
                    continue
                left = 0
                whole = self.rules.final_bouquet == "whole_hand" and final.strip()
                if not whole:
                    left = _ask_number(f"{player}, cards left in hand")
                    if left is None:
                        return False
                discarded = _ask_number(f"{player}, cards discarded")
                if discarded is None:
                    return False
                try:
                    self.game, verdict = finish_player(self.game, player, final, left,
                                                       discarded, self.rules)
                except ScorepadError as err:
                    click.echo(_refusal(err))
                    continue
                break
            self.save()
            if verdict:
                click.echo(f"{player}: final {verdict.label}, "
                           f"{number_word(verdict.points, 'point')}")
        self.game = mark_finished(self.game)
        self.save()
        click.echo(self._table())
        return True

    def _totals(self) -> str:
        from scorepad.rules.floris.scoring import score_game

        result = score_game(self.game, self.rules)
        return "totals: " + ", ".join(f"{p.name} {p.total}" for p in result.players)

    def _table(self) -> str:
        from scorepad.floris.game import result_table
        from scorepad.rules.floris.scoring import score_game

        return result_table(score_game(self.game, self.rules))

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
