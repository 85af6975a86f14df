"""``scorepad vv play``: the digital table, where the engine keeps every player's sheet.

A thin command on the shared table loop (:mod:`scorepad.table`): the loop asks, undoes,
saves after every step, resumes and stops; this module adds what Voll verplant needs
there, its :class:`PlayAdapter`: the compact move syntax
(:func:`scorepad.vv.notation.read_move`), the prompt with the card, and
the display: the round's card, what each step did, a one-line summary per player at a
round's end and the full sheet on demand (``sheet NAME``). The cards are the seed's
chance steps, so ``vv flip`` and ``vv play`` reveal the same cards for a seed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from scorepad.options import (
    log_option,
    players_option,
    resume_option,
    rules_option,
    seed_option,
)
from scorepad.vv.completion import complete_map

if TYPE_CHECKING:
    from collections.abc import Callable

    from scorepad.rules.session import Session
    from scorepad.rules.voll_verplant.cards import Card
    from scorepad.rules.voll_verplant.engine import GameState
    from scorepad.table import Adapter, View

MAX_PLAYERS = 6


def _adapter_class() -> type:
    """The adapter, built on first use (the loop is imported only when a game runs)."""
    from scorepad.rules.common.errors import InputError, ScorepadError
    from scorepad.rules.voll_verplant import engine
    from scorepad.rules.voll_verplant.cards import FREE
    from scorepad.rules.voll_verplant.game import GAME
    from scorepad.rules.voll_verplant.replay import marked_sheets, since_shuffle, step_from_data
    from scorepad.table import Adapter
    from scorepad.table.console import cut
    from scorepad.vv import notation as words

    def core(session: Session) -> GameState:
        state: GameState | None = session.state.core
        assert state is not None
        return state

    def card_of(session: Session) -> Card:
        card = core(session).card
        assert card is not None
        return card

    class PlayAdapter(Adapter):
        """Voll verplant at the terminal (see the module's notes)."""

        game = GAME
        command = "scorepad vv play"
        help_text = "Type a move, or Enter for the suggestion in [ ]:\n" + words.SYNTAX_HELP
        bare_numbers_pick = False  # a bare number is a free ride's station

        def __init__(self) -> None:
            self._round_shown: int | None = None

        # --- input ------------------------------------------------------------------

        def parse(self, session: Session, player: str | None, line: str) -> Any:
            if player is None:
                raise InputError("the card comes from the seed")
            data = words.read_move(line, card_of(session))
            try:
                return words.explicit(core(session), session.players.index(player), data)
            except ScorepadError as err:  # an unknown line or station, a field too many
                raise InputError(str(err)) from None

        def describe(self, session: Session, player: str | None, move: Any) -> str:
            if player is None:
                return f"card {move}"
            return words.move_text(core(session).network, card_of(session), move)

        def suggest(self, session: Session, player: str | None) -> Any:
            if player is None:
                return None
            state = core(session)
            step = words.suggestion(state, session.players.index(player))
            return None if step is None else words.move_data(state.network, card_of(session),
                                                             step)

        def choices(self, session: Session, player: str | None) -> list[tuple[Any, str]]:
            if player is None:
                return []
            state = core(session)
            card = card_of(session)
            opts = words.options(state, session.players.index(player))
            pad = max((len(o.text) for o in opts), default=0)
            return [(words.move_data(state.network, card, o.move), f"{o.text:<{pad}}  {o.effect}")
                    for o in opts]

        def forced(self, session: Session, player: str) -> Any:
            moves = session.legal_moves(player)
            return moves[0] if moves in ([{}], [{"station": None}]) else None

        def claims(self, session: Session, player: str | None, line: str) -> bool:
            return player is not None and line.strip().upper() in core(session).network.line_index

        def prompt(self, session: Session, player: str | None) -> str:
            if player is None:
                return "card"
            state = core(session)
            code = card_of(session).code
            station = engine.asking(state, session.players.index(player))
            if station is None:
                return f"{player} (card {code})"
            return f"{player} (follow-up {state.network.stations[station].id}, card {code})"

        # --- display ----------------------------------------------------------------

        def status(self, session: Session, view: View) -> list[str]:
            state = core(session)
            number = len(session.state.cards)
            if state.card is None or number == self._round_shown:
                return []
            self._round_shown = number
            from scorepad.vv.flip import card_meaning

            title, meaning = card_meaning(state.card)
            lines = ["", view.paint(f"== Round {number}: {title} ==", bold=True), f"  {meaning}"]
            if since_shuffle(session.state.cards, session.state.rules)[1]:
                lines.append(f"  shuffle: all {len(state.rules.deck)} cards are reshuffled "
                             "after this round")
            return lines

        def after_step(self, before: Session, after: Session, player: str | None, move: Any,
                       view: View) -> list[str]:
            if player is None:
                return []
            state, card = core(before), card_of(before)
            network, p = state.network, before.players.index(player)
            if self.forced(before, player) is not None:
                why = "no free station" if card.kind == FREE else "no free window"
                lines = [f"  {player}: {why}, nothing to do this round"]
            else:
                step = step_from_data(network, card, move)
                effect = words.step_effect(network, state.rules, state.sheets[p], card, step)
                lines = [f"  {player}: {words.move_text(network, card, move)}: {effect}"]
            events = after.events()   # what the step did, as the game says
            for ev in events:
                if ev["type"] == "lapsed":
                    index = network.station(ev['station']).index
                    lines.append(f"  {words.station_name(network, index)}"
                                 ": the follow-up lapses (no free window left)")
            asked = engine.asking(core(after), p)
            if asked is not None:
                lines.append(f"  {words.station_name(network, asked)} is special: one more "
                             f"{card.describe()}")
            report = words.round_report(network, before.players, events)
            if report is not None:  # this step closed the round
                lines += [f"-- after round {report.round} --",
                          *words.round_lines(network, before.players, report, view.width),
                          *words.summary_lines(network, marked_sheets(core(after)), view.width,
                                               cut)]
            return lines

        def sheet(self, session: Session, player: str, view: View) -> list[str]:
            state = core(session)
            return words.sheet_view(state.network,
                                    marked_sheets(state)[session.players.index(player)],
                                    view.width)

        def over(self, session: Session) -> str:
            state = core(session)
            why = ("a player has no wagon window left" if state.rules.game_end == "any_full"
                   else "no wagon window is left")
            return f"The game is over after round {state.rounds}: {why}."

        def final(self, session: Session, view: View) -> list[str]:
            state = core(session)
            lines = [""]
            sheets = marked_sheets(state)
            score = session.score()
            ranked = sorted(zip(score["players"], sheets, strict=True),
                            key=lambda pair: pair[0]["rank"])  # seat order within a rank
            for entry, sheet in ranked:
                lines += [f"{entry['name']}: {words.number_text(entry['total'])} points "
                          f"(rank {entry['rank']})", f"  {words.score_line(sheet)}"]
            winners = score["winners"]
            if len(sheets) == 1:
                lines.append(f"Score: {words.number_text(score['players'][0]['total'])}")
            else:
                label = "Winner" if len(winners) == 1 else "Shared victory"
                lines.append(f"{label}: {', '.join(winners)}")
            return lines

    return PlayAdapter


def play_adapter() -> Adapter:
    """A fresh :class:`PlayAdapter` (the terminal face of ``vv play``)."""
    adapter: Adapter = _adapter_class()()
    return adapter


def _accept(map_ref: str | None, players: list[str] | None
            ) -> Callable[[Any, Any], None]:
    """The conditions ``vv play --resume`` adds to ``vv check``'s (InputError, exit 2)."""
    def accept(log: Any, base: Any) -> None:
        from scorepad.app.vv_files import resolve_map_ref
        from scorepad.vv.tablelog import refuse

        if log.map is None or not log.players:
            raise refuse("a flipper's log has no players to play: start a game with "
                         "scorepad vv play MAP --players NAMES", "players")
        if players is not None and [p.lower() for p in players] != \
                [p.lower() for p in log.players]:
            raise refuse(f"--players {','.join(players)} differs from the log's players "
                         f"{','.join(log.players)}")
        if map_ref is not None and resolve_map_ref(map_ref) != resolve_map_ref(log.map, base):
            raise refuse(f"map {map_ref!r} differs from the log's map {log.map!r}")
        return None

    return accept


def intro(session: Session, fresh: bool) -> list[str]:
    """The opening lines: seed (to share), map, players."""
    network = session.state.core.network
    note = " (fresh: share it to play the same cards)" if fresh else ""
    return [f"seed: {session.state.seed}{note}",
            f"map: {network.name}, {network.total_windows} windows per sheet",
            f"players: {', '.join(session.players)}"]


@click.command(name="play")
@click.argument("map_ref", metavar="[MAP]", required=False, shell_complete=complete_map)
@players_option(1, MAX_PLAYERS)
@seed_option("Any string; the same seed gives the same cards (as vv deck and vv flip "
             "show). Default: a fresh random seed, shown at the start.")
@log_option("Where to save the game log (default: a new output/play-<seed>-N.yaml); an "
            "existing file is never overwritten.")
@resume_option("Continue a saved game log: map, players, seed and rules come from it.")
@rules_option(dest="rules_path")
def play_cmd(map_ref: str | None, players: list[str] | None, seed: str | None,
             log_path: str | None, resume_path: str | None, rules_path: str | None) -> None:
    """Play at a digital table: the engine keeps every sheet and checks every move.

    Each round shows the card; each player then types a move: A 3 (line A, 3 crosses),
    A (the most), J ccw 4 (a ring: J on Berlin), B (a transfer on B), 17 (free ride to station 17),
    - (decline the free ride). Enter takes the suggestion shown in [ ]; ? lists the
    choices (#N plays one), help explains, sheet NAME shows a sheet, s the scores, u
    undoes the last move, q saves and quits. Illegal moves are refused with the rule's
    reason. Special stations ask for their follow-up. After each round: completions
    and one line per player. The log is saved after every move; Ctrl-C or the end of
    input stop with exit 130 and print the --resume command, which continues exactly
    where the game stopped, with the same cards.

    \b
    Example:
      scorepad vv play berlin --players Ann,Bob --seed table-42
      scorepad vv play --resume output/play-table-42-1.yaml
    """
    from scorepad.vv.tablelog import play_at_the_table

    if resume_path is None:
        if map_ref is None:
            raise click.UsageError("give the MAP (a bundled id or a map file), or --resume LOG")
        if players is None:
            raise click.UsageError("give the players: --players Ann,Bob")
    play_at_the_table(play_adapter(), players=list(players or []), seed=seed, map_ref=map_ref,
                      log_path=log_path, resume_path=resume_path, rules_path=rules_path,
                      tool="play", accept=_accept(map_ref, players), intro=intro)
