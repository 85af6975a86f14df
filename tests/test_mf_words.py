"""Mille Fiori's events in words: every reason is data in the event, worded in en/de/fr
from the catalogue (rules/mille_fiori/words.py reads it), with no English left in de and fr."""

from __future__ import annotations

import random
import re
import string

import pytest

from scorepad.rules.common.catalogue import table
from scorepad.rules.mille_fiori import words
from scorepad.rules.mille_fiori.game import GAME

DISPLAY = ["trade/goblet/1", "trade/goblet/2", "trade/carafe/3", "trade/earrings/1",
           "residences/-/1", "harbor/-/1", "trade/swan/1", "workshops/ash/1", "nobili/lion/1"]

#: English words the engine's reasons and the event texts use: none may appear in de/fr
ENGLISH = {"points", "group", "of", "on", "house", "houses", "value", "own", "before", "it",
           "space", "supports", "top", "middle", "bottom", "diamond", "diamonds", "scoring",
           "gave", "another", "player", "more", "harbor", "row", "full", "trade", "good",
           "goods", "beside", "field", "not", "claimed", "no", "left", "the", "display",
           "is", "empty", "bonus", "card", "earned", "game", "over", "after", "this",
           "round", "turn", "last", "placed", "ends", "now", "everyone", "takes", "their",
           "reserve", "to", "finish", "a", "has", "deck", "cannot", "deal", "ship", "already",
           "scores", "nothing", "lands", "triangle", "complete", "workshops", "residences",
           "plays", "hands", "are", "dealt", "leftover", "cards", "lime", "ash", "coin",
           "cross", "shell", "fish", "crab", "goblet", "earrings", "swan"}
#: words French writes the same way
FRENCH_TOO = {"bonus", "triangle", "points", "a"}


def english_in(text: str, lang: str) -> set[str]:
    """The English words of ``text`` in ``lang``, ids (``populi/8``) left out."""
    kept = " ".join(w for w in text.split() if "/" not in w)
    same = FRENCH_TOO if lang == "fr" else set()
    return {w for w in re.findall(r"[A-Za-z]+", kept) if w.lower() in ENGLISH - same}


def played_events(seed: int) -> list[dict]:
    s = GAME.new(["Ann", "Bob", "Cid"], seed=str(seed))
    pick = random.Random(seed)
    out = []
    while not GAME.is_over(s):
        movers = GAME.to_move(s)
        player = movers[0] if movers else None
        s = GAME.apply(s, player, pick.choice(GAME.legal_moves(s, player)))
        out.extend(GAME.events(s))
    return out


def test_every_reason_is_worded_in_every_language_without_english_in_de_and_fr():
    reasons = {key.removeprefix(words.REASONS): texts
               for key, texts in table(words.REASONS).items()}
    fill = {name: 3 for key in reasons for _, name, _, _ in
            string.Formatter().parse(reasons[key]["en"]) if name}
    for key, templates in reasons.items():
        assert set(templates) == {"en", "de", "fr"}, key
        args = dict(fill, trigger={"key": "display-empty"}, symbol="quartz", good="swan",
                    level="top", when="round", area="trade")
        for lang in ("de", "fr"):
            text = words.word({"key": key, **args}, lang)
            assert not english_in(text, lang), (key, lang, text)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_played_games_events_carry_their_reason_as_data_and_read_without_english(seed):
    events = played_events(seed)
    scoring = [e for e in events if "points" in e]
    assert scoring and all("reason" in e for e in scoring)
    for ev in events:
        if "reason" in ev:
            assert words.word(ev["reason"], "en") == ev["why"]  # the English is the reason's
        for lang in ("de", "fr"):
            text = GAME.explain(ev, lang)
            assert text and not english_in(text, lang), (ev, lang, text)


def test_the_german_words_of_a_workshop_group():
    ev = {"type": "workshops", "player": "Cid", "points": 2, "why": "group of 1, ×2 on pigments",
          "reason": {"key": "group-double", "size": 1, "symbol": "pigments"}}
    assert GAME.explain(ev, "de") == "Cid: 2 Punkte (Werkstätten: Gruppe aus 1, ×2 auf Pigmente)"
    assert GAME.explain(ev, "fr") == "Cid : 2 points (ateliers : groupe de 1, ×2 sur pigments)"
    assert GAME.explain(ev, "en") == "Cid: 2 points (group of 1, ×2 on pigments)"


def test_the_set_up_display_of_a_tracked_game_is_worded_too():
    s = GAME.new(["Ann", "Bob"], track_display=True)
    s = GAME.apply(s, None, {"display": DISPLAY})
    (ev,) = GAME.events(s)
    assert ev["type"] == "display"
    assert GAME.explain(ev, "de").startswith("die Auslage liegt aus: ")
    assert not english_in(GAME.explain(ev, "fr").split(":")[0], "fr")
