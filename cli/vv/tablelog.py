"""Starting and resuming the table session of ``vv flip`` and ``vv play``.

Both commands play :data:`scorepad.rules.voll_verplant.game.GAME` through the shared
table loop (:mod:`scorepad.table`); what they share is here: where a new game is saved,
how a map file is named in the log (relative to the log's folder, as every path inside
a file is), and resuming a log, which first passes exactly the validation of
``vv check`` (:func:`scorepad.app.vv_files.load_game_log`) before play continues.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorepad import store
from scorepad.rules.common.errors import InputError, ScorepadError
from scorepad.rules.session import Session

if TYPE_CHECKING:
    from scorepad.rules.voll_verplant.log import GameLog
    from scorepad.rules.voll_verplant.maps import Network
    from scorepad.rules.voll_verplant.ruleset import VVRules


def log_target(log_path: str | None, resume_path: str | None, stem: str) -> Path:
    """The file the game will be saved in: ``--log``, else the resumed log, else a new
    name under ``output/`` (``flip-<seed>-1.yaml`` ...) that no file has yet."""
    from scorepad.rules.voll_verplant.game import GAME

    if log_path is not None:
        return Path(log_path)
    if resume_path is not None:
        return Path(resume_path)
    return store.new_log_path(GAME.id, stem=stem)


def _changed(rules: VVRules) -> dict[str, Any]:
    """The ruleset options a game changes (what a session's set-up and its log record)."""
    from scorepad.rules.voll_verplant.ruleset import default_rules

    return rules.changed_from(default_rules())


def new_session(players: list[str], seed: str, map_ref: str | None, rules_path: str | None,
                target: Path) -> Session:
    """A fresh game (``players=[]``: a flipper's) on a bundled map or a map file."""
    from scorepad.app.start import start_game
    from scorepad.app.vv_files import load_network, load_rules, map_entry, resolve_map_ref
    from scorepad.rules.voll_verplant.game import GAME

    rules = load_rules(rules_path)
    network = load_network(map_ref) if map_ref else None
    ref = map_entry(resolve_map_ref(map_ref), target) if map_ref else None
    return start_game(GAME, players, seed=seed, rules=_changed(rules),
                      setup={"map": network, "map_ref": ref}, no_players=True)


def resumed_session(path: str, target: Path, *, seed: str | None, rules_path: str | None,
                    accept: Callable[[GameLog, Path | None], str | None]) -> Session:
    """The session a saved log stopped at, every step undoable; the file is only read.

    The log needs a seed (its upcoming cards) agreeing with ``--seed``;
    ``accept(log, folder)`` adds the command's own conditions (InputError) and may name
    a map to play on when the log has none (``vv flip --map``). Then the log passes
    exactly ``vv check``'s validation (bad shape: exit 2; moves or cards the rules
    refuse: exit 1) before the session replays it. Errors name the file.
    """
    from scorepad.app.vv_files import (
        load_game_log,
        load_network,
        map_entry,
        read_doc,
        resolve_map_ref,
        resumable_log,
    )
    from scorepad.rules.voll_verplant.game import GAME

    doc = read_doc(path)
    try:
        log = resumable_log(doc.data, seed)
        given = accept(log, doc.base)
        checked = load_game_log(doc, rules_path)  # exactly what `vv check` validates
        core = checked.state.core if checked.state is not None else None
        network: Network | None = core.network if core is not None else None
        ref = None
        if given is not None:
            network, ref = load_network(given), map_entry(resolve_map_ref(given), target)
        elif log.map is not None:
            ref = map_entry(resolve_map_ref(log.map, doc.base), target)
        # a log's seed may be a number: the shuffle reads any seed as its text (normal_seed)
        session = Session.start(GAME, list(log.players),
                                seed=log.seed,  # type: ignore[arg-type]
                                rules=_changed(checked.rules),
                                map=network, map_ref=ref)
        for player, move in GAME.log_steps(doc.data)[1]:
            session = session.step(player, move)
    except ScorepadError as err:
        raise err.in_file(doc.name) from None
    return session


def play_at_the_table(adapter: Any, *, players: list[str], seed: str | None,
                      map_ref: str | None, log_path: str | None, resume_path: str | None,
                      rules_path: str | None, tool: str,
                      accept: Callable[[GameLog, Path | None], str | None],
                      intro: Callable[[Session, bool], list[str]]) -> None:
    """Open a new game (a fresh seed when none is given) or resume one, and run the
    table loop on it with ``adapter``; ``tool`` names new logs (``flip-<seed>-1.yaml``)."""
    from scorepad.rules.common.shuffle import fresh_seed
    from scorepad.table import open_session, run

    fresh = seed is None and resume_path is None
    seed = fresh_seed() if fresh else seed
    target = log_target(log_path, resume_path, f"{tool}-{seed}")
    session, path = open_session(
        adapter, log=str(target) if resume_path is None else log_path, resume=resume_path,
        start=lambda: new_session(players, str(seed), map_ref, rules_path, target),
        load=lambda path: resumed_session(path, target, seed=seed, rules_path=rules_path,
                                          accept=accept))
    run(adapter, session, path, intro=intro(session, fresh))


def refuse(message: str, field: str | None = None) -> InputError:
    """A log the command cannot continue (exit 2)."""
    return InputError(message, where=(field,) if field else ())
