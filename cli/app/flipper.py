"""The offline flipper page: one self-contained HTML file with a seed's cards in it.

``scorepad vv flip --html FILE`` writes it (:func:`offline_flipper`); the web's Voll verplant
page shows the same rounds (:func:`deck_summary`, :func:`round_entry`). The cards are the chance
steps of the Voll
verplant game itself (a flipper's game, with no players, as ``vv flip`` plays it), so they
are those of ``vv deck`` and ``vv flip``: Python computes every round's card, reshuffle,
pile by kind and windows left, the page only shows them. No rule is written twice in
JavaScript.

How many cards: every card except the free ride makes every player fill one wagon
window (a player must fill one even when nothing can be marked), and the game is over
once no player has a free window. So a game on a map with ``W`` windows ends by the
card at which the ``W``-th window-filling card has come, whatever the players do
(special stations only fill windows faster). With ``--map`` the page holds exactly
those cards (the game says when it is over); without, it holds them for the largest map
the map validator admits (:func:`max_windows_any_map`: 26 lines of 4 windows), so it
covers every map.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from importlib import resources
from typing import TYPE_CHECKING, Any, NamedTuple

from scorepad.rules.common.errors import InputError

if TYPE_CHECKING:
    from scorepad.rules.voll_verplant.cards import Card
    from scorepad.rules.voll_verplant.maps import Network
    from scorepad.rules.voll_verplant.ruleset import VVRules

#: A deck whose cards never fill a window would give an endless game; stop there.
MAX_CARDS = 20_000


def max_windows_any_map() -> int:
    """The most wagon windows a valid map can have: the validator's line and window limits."""
    from annotated_types import Le

    from scorepad.rules.voll_verplant.map_spec import MAX_LINES, LineSpec

    per_line = [m.le for m in LineSpec.model_fields["windows"].metadata if isinstance(m, Le)]
    # Le(4): an int, which annotated_types types as a protocol int() has no overload for
    most: int = int(per_line[0])  # type: ignore[call-overload]
    return MAX_LINES * most


def deck_summary(seed: str | None, rules: VVRules, network: Network | None) -> dict[str, Any]:
    """What the pages show of a flipper that does not change with the rounds."""
    from scorepad.rules.voll_verplant.cards import parse_card

    cards = [parse_card(c) for c in rules.deck]
    kinds = list(dict.fromkeys(cards))
    return {"seed": seed, "map": network.name if network else None, "any_map": network is None,
            "specials": bool(network.special_mask) if network else False,
            "deck_size": len(cards), "kinds": [k.code for k in kinds],
            "kind_names": [k.kind for k in kinds], "deck_counts": [cards.count(k) for k in kinds],
            "windows": network.total_windows if network else None,
            "shuffle_cards": [parse_card(c).code for c in rules.shuffle_cards]}


def round_entry(cards: Sequence[Card], rules: VVRules, summary: dict[str, Any]
                ) -> list[Any] | None:
    """The last of ``cards`` as the pages show it: ``[code, reshuffle_after, shuffle_icon,
    pile_left_by_kind, windows_left]`` (None before the first card)."""
    from scorepad.rules.voll_verplant.cards import windows_filled
    from scorepad.rules.voll_verplant.replay import since_shuffle

    if not cards:
        return None
    return _entry(cards[-1], *since_shuffle(cards, rules), windows_filled(cards), summary)


def _entry(last: Card, since: Sequence[Card], reshuffle: bool, filled: int,
           summary: dict[str, Any]) -> list[Any]:
    codes = [card.code for card in since]
    left = [n - codes.count(code) for code, n in zip(summary["kinds"], summary["deck_counts"],
                                                    strict=True)]
    windows = None if summary["any_map"] else max(summary["windows"] - filled, 0)
    return [last.code, reshuffle, last.code in summary["shuffle_cards"], left, windows]


def flip_data(seed: str, rules: VVRules, network: Network | None) -> dict[str, Any]:
    """Everything the offline page shows, round by round: :func:`deck_summary` and
    ``rounds``, one :func:`round_entry` after each card of the flipper's game."""
    from scorepad.rules.voll_verplant.cards import parse_card, windows_filled
    from scorepad.rules.voll_verplant.game import GAME
    from scorepad.rules.voll_verplant.replay import since_shuffle_each
    from scorepad.rules.voll_verplant.ruleset import default_rules

    body = deck_summary(seed, rules, network)
    if not windows_filled([parse_card(c) for c in rules.deck]):
        raise InputError("the deck gives no end of game (does any card fill a window? "
                         "none of its cards does)")
    state = GAME.new([], seed=seed, rules=rules.changed_from(default_rules()), map=network)
    bound = max_windows_any_map() if network is None else None
    # Counted as the cards come, and the rounds made in one pass at the end: each
    # round from the whole history again would be quadratic in a long game.
    filled, counts = 0, list[int]()
    while not GAME.is_over(state) and (bound is None or filled < bound):
        if len(counts) >= MAX_CARDS:
            raise InputError(f"the deck gives no end of game within {MAX_CARDS} cards "
                             "(does any card fill a window?)")
        state = GAME.apply(state, None, GAME.legal_moves(state, None)[0])
        filled += windows_filled(state.cards[-1:])
        counts.append(filled)
    rounds = [_entry(card, since, reshuffle, n, body) for card, (since, reshuffle), n
              in zip(state.cards, since_shuffle_each(state.cards, rules), counts, strict=True)]
    body["rounds"] = rounds
    # Progress is kept per seed and cards: another ruleset or map with the same seed
    # gets its own place in the browser's storage.
    digest = hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()[:12]
    body["key"] = f"scorepad-flip:{seed}:{digest}"
    return body


def _static(name: str) -> str:
    static = resources.files("scorepad.web").joinpath("static")
    return static.joinpath(name).read_text(encoding="utf-8")


def _script_json(data: object) -> str:
    """JSON safe inside a ``<script>`` element (no ``</script>`` can close it early)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _installable() -> str:
    """The offline page's manifest and icons, inline as data URLs (the file needs nothing
    beside it): added to a phone's home screen it opens as its own app."""
    import base64

    def data(name: str, media: str) -> str:
        raw = resources.files("scorepad.web").joinpath("static").joinpath(name).read_bytes()
        return f"data:{media};base64,{base64.b64encode(raw).decode()}"

    icons = [{"src": data("icon.svg", "image/svg+xml"), "sizes": "any", "type": "image/svg+xml"},
             {"src": data("icon-192.png", "image/png"), "sizes": "192x192", "type": "image/png"},
             {"src": data("icon-512.png", "image/png"), "sizes": "512x512", "type": "image/png"}]
    manifest = {**json.loads(_static("manifest.webmanifest")), "name": "Voll verplant",
                "short_name": "Voll verplant", "icons": icons}
    text = base64.b64encode(json.dumps(manifest).encode()).decode()
    return (f'<link rel="manifest" href="data:application/manifest+json;base64,{text}">\n'
            f'<meta name="theme-color" content="#111111">\n'
            f'<link rel="icon" href="{icons[0]["src"]}" type="image/svg+xml">\n'
            f'<link rel="apple-touch-icon" href="{icons[1]["src"]}">')


def offline_page(data: dict[str, Any]) -> str:
    """The whole page: inline CSS and script, the cards and the words as JSON, no links
    (the manifest and icons inline too)."""
    from .words import all_words  # the pages' words (one catalogue for all pages)

    # the data goes in last: a seed is free text and may look like a placeholder
    return (_static("flip.html")
            .replace("<!--MANIFEST-->", _installable())
            .replace("/*CSS*/", _static("style.css"))
            .replace("/*CARD-JS*/", _static("flipcard.js"))
            .replace("/*PAGE-JS*/", _static("flip-offline.js"))
            .replace('"/*WORDS*/"', _script_json(all_words()))
            .replace('"/*DATA*/"', _script_json(data)))


class OfflineFlipper(NamedTuple):
    """A written-out flipper: its seed (``fresh`` when none was given), its page, its cards."""

    seed: str
    fresh: bool
    html: str
    cards: int


def offline_flipper(seed: str | None, map_ref: str | None, rules_path: str | None
                    ) -> OfflineFlipper:
    """The offline page for ``seed`` (a fresh one when None) with ``--map``'s windows and
    ``--rules``'s ruleset."""
    from scorepad.app.vv_files import load_network, load_rules
    from scorepad.rules.common.shuffle import fresh_seed, normal_seed

    text = fresh_seed() if seed is None else normal_seed(seed)
    rules = load_rules(rules_path)
    network = load_network(map_ref) if map_ref else None
    data = flip_data(text, rules, network)
    return OfflineFlipper(text, seed is None, offline_page(data), len(data["rounds"]))
