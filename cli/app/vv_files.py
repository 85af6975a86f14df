"""Voll verplant's files, read the same way by the `vv` commands and the web: finding a map,
reading a ruleset, a game log or paper sheets."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from scorepad.io import display_name, read_mapping
from scorepad.rules.common.errors import ContentError, InputError, ScorepadError, raise_all
from scorepad.rules.voll_verplant.maps import BUNDLED_MAPS, Network, bundled_map, load_map_data

if TYPE_CHECKING:  # rulesets and replays are imported by the commands that use them, not `vv sheet`
    from scorepad.rules.voll_verplant.game import VVState
    from scorepad.rules.voll_verplant.log import GameLog
    from scorepad.rules.voll_verplant.ruleset import VVRules
    from scorepad.rules.voll_verplant.view import MarkedSheet


def bundled_id(ref: str, base: Path | None = None) -> str | None:
    """The bundled map ``ref`` names: its id, or the id in another case (``Berlin``) when
    no file has that name; ``None`` for a path."""
    if ref in BUNDLED_MAPS:
        return ref
    path = Path(ref) if base is None or Path(ref).is_absolute() else base / ref
    folded = [m for m in BUNDLED_MAPS if m.lower() == ref.lower()]
    return folded[0] if folded and not file_exists(path) else None


def load_network(ref: str, base: Path | None = None, named_in: str | None = None) -> Network:
    """A map by bundled id (in any case) or by path; a relative path is taken from ``base``
    (the folder of the file that names the map) when given. Errors name the map file, and for
    a map named inside a file (``named_in``: a log, a paper sheet) both:
    ``game.yaml: map 'x.yaml': ...``."""
    from scorepad.rules.common.errors import shown

    bundled = bundled_id(ref, base)
    if bundled is not None:
        return bundled_map(bundled)
    path = Path(ref)
    try:
        if base is not None and not path.is_absolute():
            path = base / path
        if (not file_exists(path) and not ref.endswith((".yaml", ".yml", ".json"))
                and "/" not in ref):
            from scorepad.options import did_you_mean

            raise ContentError(f"unknown map {shown(ref)}{did_you_mean(ref, BUNDLED_MAPS)} "
                               f"(bundled: {', '.join(BUNDLED_MAPS)}, or a path to a map file)")
        data = read_mapping(path)
        try:
            return load_map_data(data)
        except ScorepadError as err:
            raise err.in_file(display_name(path)) from None
    except ScorepadError as err:
        if named_in is None or (isinstance(err, ContentError) and err.source is None):
            raise
        raise err.named_in(named_in, f"map {shown(ref)}") from None


def file_exists(path: Path) -> bool:
    """Whether a file is there; a name no file can have (a NUL, too long) is not there."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def load_rules(path: str | None, overrides: dict[str, Any] | None = None) -> VVRules:
    """The bundled ruleset, changed by a ``--rules FILE`` and then by a log's ``rules:``."""
    from scorepad.rules.voll_verplant.ruleset import default_rules
    from scorepad.rulesets import layered_rules

    return layered_rules(default_rules(), path, overrides)


class LoadedGame(NamedTuple):
    """A checked and scored game: from one game log, or from the paper sheets of one game."""

    source: str
    network: Network | None  # None for a flipper's log (cards only)
    rules: VVRules
    sheets: list[MarkedSheet]
    finished: bool
    rounds: int
    warnings: list[str]
    state: VVState  # the protocol's state (of the log, or of the paper sheets' log document)

    def score(self) -> dict[str, Any]:
        """The ``score --json`` object: the game's own (``GAME.score``), for a log and for
        the paper sheets of a game alike (read into one log document first)."""
        from scorepad.rules.voll_verplant.game import GAME

        return GAME.score(self.state)


class Document(NamedTuple):
    """A file read once: its display name, parsed data, and the folder relative paths in it
    are taken from (None for standard input)."""

    name: str
    data: dict[str, Any]
    base: Path | None


def read_doc(path: str) -> Document:
    """Read a YAML/JSON mapping (``-``: standard input, read once)."""
    return Document(display_name(path), read_mapping(path),
                    None if path == "-" else Path(path).parent)


def load_game_log(doc: Document, rules_file: str | None = None) -> LoadedGame:
    """Replay a game log through the game protocol and score it. Errors name the file and
    place."""
    from scorepad.rules.voll_verplant.game import GAME
    from scorepad.rules.voll_verplant.log import parse_game_log
    from scorepad.rules.voll_verplant.replay import marked_sheets

    try:
        log = parse_game_log(doc.data)
        if log.map is None:
            if log.players:
                raise InputError("missing key: a game with players needs `map`", where=("map",))
            network = None
        else:
            network = load_network(log.map, doc.base, doc.name)
        load_rules(rules_file, log.rules)  # the options' problems, named as they are
        state = GAME.from_log(doc.data, rules=load_rules(rules_file), network=network)
        rules = state.rules
    except ScorepadError as err:
        raise err.in_file(doc.name) from None
    if network is None or state.core is None or not log.players:
        # a flipper's log: only its cards can be checked
        return LoadedGame(doc.name, None, rules, [], False, len(log.rounds), [], state)
    return LoadedGame(doc.name, network, rules, marked_sheets(state.core), state.core.over,
                      len(log.rounds), [], state)


def load_paper_games(papers: Sequence[Document], rules_file: str | None) -> list[LoadedGame]:
    """The paper sheets given together, as ONE checked and scored game: the reader makes
    them one log document, which goes through ``GAME.from_log`` and ``GAME.score`` as any
    log does (:func:`scorepad.rules.voll_verplant.paper.combine_sheets`).

    Every sheet is checked on its own first and all problems of all sheets are reported
    at once (file by file, whether or not the other files could be read); then the sheets
    are checked together (one map, one ruleset, distinct players). Warnings (first bonuses
    nobody claims) go into the game's ``warnings``.
    """
    from scorepad.rules.voll_verplant.paper import (
        PaperEntry,
        check_sheet,
        combine_sheets,
        parse_sheet,
    )

    entries: list[PaperEntry] = []
    errors: list[ScorepadError] = []
    seen: set[str] = set()
    maps: dict[tuple[str, Path | None], Network] = {}  # the sheets of a game share a map file
    for doc in papers:
        try:
            spec = parse_sheet(doc.data)
            key = (spec.map, doc.base.resolve() if doc.base is not None else None)
            if key not in maps:
                maps[key] = load_network(spec.map, doc.base, doc.name)
            network = maps[key]
            rules = load_rules(rules_file, spec.rules)
            entries.append(PaperEntry(doc.name, network, rules, check_sheet(spec, network, rules),
                                      spec.map))
        except ScorepadError as err:
            err.in_file(doc.name)
            if str(err) not in seen:  # a bad --rules file or map would repeat per sheet
                seen.add(str(err))
                errors.append(err)
    raise_all(errors)
    game = combine_sheets(entries)
    source = ", ".join(doc.name for doc in papers)
    return [LoadedGame(source, game.network, game.rules, game.sheets, True, 0, game.warnings,
                       game.state)]


# --- vv template ------------------------------------------------------------------------

def load_marked_sheets(path: str) -> tuple[Network, list[MarkedSheet]]:
    """The sheets a file describes (a game log, or a typed-in paper sheet), scored."""
    doc = read_doc(path)
    if doc.data.get("format") == "scorepad/vv-sheet@1":
        games = load_paper_games([doc], None)
        return games[0].network, games[0].sheets  # type: ignore[return-value]
    game = load_game_log(doc)
    if game.network is None:
        raise InputError("a flipper's log has no sheets to draw", source=game.source)
    return game.network, game.sheets


def unused_output_path(stem: str, fallback: str = "game") -> Path:
    """``output/<stem>.yaml`` with characters unsafe in a file name replaced; an existing
    file is never overwritten: ``-2``, ``-3`` ... is added instead. The name is claimed
    for this process (:func:`scorepad.io.free_name`)."""
    from scorepad.io import free_name

    safe = re.sub(r"[^\w.-]+", "_", stem).strip("._")[:80] or fallback
    first = Path("output") / f"{safe}.yaml"
    return free_name(first if n == 1 else first.with_name(f"{first.stem}-{n}{first.suffix}")
                     for n in range(1, 100_000))


def map_entry(map_ref: str | None, written_to: Path | None) -> str | None:
    """How a written file names its map: a bundled id as is; a path relative to the folder
    of the file written (paths inside a file are relative to it). Unknown folder (standard
    output) or no relative path (another drive): the path as given."""
    if map_ref is None or map_ref in BUNDLED_MAPS or written_to is None:
        return map_ref
    try:
        return Path(os.path.relpath(Path(map_ref).resolve(),
                                    Path(written_to).resolve().parent)).as_posix()
    except ValueError:
        return map_ref


def resolve_map_ref(ref: str, base: Path | None = None) -> str:
    """A map reference made independent of the working folder (bundled id or absolute path)."""
    bundled = bundled_id(ref, base)
    if bundled is not None:
        return bundled
    path = Path(ref)
    if base is not None and not path.is_absolute():
        path = base / path
    return str(path.resolve())


def resumable_log(data: dict[str, Any], seed: str | None) -> GameLog:
    """A saved game log to continue: its shape checked, a seed present (without one the
    upcoming cards are unknown) and agreeing with ``--seed`` when given (InputError)."""
    from scorepad.rules.voll_verplant.log import parse_game_log

    log = parse_game_log(data)
    if log.seed is None:
        raise InputError("the log has no seed, so its upcoming cards are unknown and it "
                         "cannot be resumed", where=("seed",))
    from scorepad.rules.common.shuffle import normal_seed

    if seed is not None and normal_seed(seed) != normal_seed(log.seed):
        raise InputError(f"--seed {seed!r} differs from the log's seed {str(log.seed)!r}")
    return log
