"""The engines' refusals in the page's language: a RuleViolation carries its catalogue key and
values, its English message is the command line's, and the server answers a refused step in
the language the page asks for (Accept-Language), in the same `error` field."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient
from web_server import START

from scorepad.rules.common.catalogue import LANGS, table
from scorepad.rules.common.errors import REFUSALS, RuleViolation, Term
from scorepad.web.app import create_app

#: Words each language's refusals use, as a check that the answer is in that language.
SAYS = {"de": ("Linie", "Strauß", "Zug", "nichts", "Karte"),
        "fr": ("ligne", "bouquet", "tour", "rien", "carte")}


def tok(link: dict) -> str:
    return link["url"].rsplit("t=", 1)[1]


class Table:
    """One game on a TestClient: the host's and the players' calls."""

    def __init__(self, folder, game: str, players: list[str], **more) -> None:
        self.client = TestClient(create_app(folder=folder, start_token=START),
                                 raise_server_exceptions=False)
        made = self.client.post(f"/api/games?t={START}",
                                json={"game": game, "players": players, **more})
        assert made.status_code == 201, made.text
        self.made = made.json()
        self.id = self.made["id"]

    def post(self, what: str, body: dict | None = None, lang: str | None = None,
             link: dict | None = None):
        headers = {"Accept-Language": lang} if lang else {}
        token = tok(link or self.made["host"])
        return self.client.post(f"/api/games/{self.id}/{what}?t={token}", json=body or {},
                                headers=headers)


def said_in_every_language(table: Table, what: str, body: dict | None = None,
                           link: dict | None = None) -> dict[str, str]:
    """The refusal of a step asked in English (no header), German and French."""
    out = {}
    for lang in (None, "de-DE,de;q=0.9,en;q=0.8", "fr"):
        answer = table.post(what, body, lang, link)
        assert answer.status_code == 422, answer.text
        out[(lang or "en")[:2]] = answer.json()["error"]
    return out


def assert_translated(said: dict[str, str], english: str) -> None:
    assert english in said["en"]
    for lang in ("de", "fr"):
        assert said[lang] != said["en"], lang
        assert any(word in said[lang] for word in SAYS[lang]), (lang, said[lang])


def test_a_refused_voll_verplant_move_is_said_in_the_pages_language(tmp_path):
    game = Table(tmp_path, "voll-verplant", ["Ann", "Bob"], seed="a", setup={"map": "berlin"})
    assert game.post("step", {"reveal": True}).status_code == 200
    said = said_in_every_language(game, "step", {"player": "Ann",
                                                 "move": {"line": "A", "crosses": 9}})
    assert_translated(said, "not 9")
    assert "Linie A" in said["de"] and "ligne A" in said["fr"]
    assert said["de"].startswith("round 1, Ann: ")  # the places stay as the log names them


def test_a_refused_mille_fiori_move_is_said_in_the_pages_language(tmp_path):
    game = Table(tmp_path, "mille-fiori", ["Ann", "Bob"], seed="m")
    assert game.post("step", {"reveal": True}).status_code == 200
    host = game.client.get(f"/api/games/{game.id}?t={tok(game.made['host'])}").json()
    mover = host["to_move"][0]
    seat = ["Ann", "Bob"].index(mover)
    mine = game.client.get(f"/api/games/{game.id}?t={tok(game.made['players'][seat])}").json()
    card = mine["legal"][mover][0]["card"]
    other = ["Ann", "Bob"][1 - seat]
    said = said_in_every_language(game, "step", {"player": other, "move": {
        "card": card, "action": {"ship": True}}})
    assert_translated(said, f"it is {mover}'s turn, not {other}'s (play goes round the table "
                            "from the start player)")
    assert f"{mover} ist am Zug, nicht {other}" in said["de"]
    assert f"c'est au tour de {mover}, pas de {other}" in said["fr"]


def test_a_refused_bouquet_is_said_in_the_pages_language_with_its_fix(tmp_path):
    game = Table(tmp_path, "floris", ["Ann", "Bob"])
    ann = game.made["players"][0]
    said = said_in_every_language(game, "step", {"player": "Ann", "move": "rose:2 lily:1"},
                                  link=ann)
    assert_translated(said, "is not a bouquet")
    assert "kein Strauß" in said["de"] and "kleinste Änderung" in said["de"]
    assert "Rose" in said["de"] and "Lilie" in said["de"]  # the flowers named in German
    assert "n’est pas un bouquet" in said["fr"] or "n'est pas un bouquet" in said["fr"]


def test_nothing_to_undo_is_said_in_the_pages_language(tmp_path):
    game = Table(tmp_path, "floris", ["Ann", "Bob"])
    said = said_in_every_language(game, "undo")
    assert said == {"en": "nothing to undo", "de": "nichts zurückzunehmen",
                    "fr": "rien à annuler"}


@pytest.mark.parametrize(("header", "lang"), [
    ("de", "de"), ("fr-CH, fr;q=0.9", "fr"), ("es, de;q=0.5", "de"),
    ("en;q=0.1, fr;q=0.8", "fr"), ("xx", "en"), ("de;q=bad, fr", "fr"), ("", "en")])
def test_the_answers_language_is_the_first_scorepad_speaks_by_weight(header, lang):
    from starlette.requests import Request

    from scorepad.web.lang import page_lang

    scope = {"type": "http", "headers": [(b"accept-language", header.encode())]}
    assert page_lang(Request(scope)) == lang


def test_every_refusal_reads_in_every_language_and_english_is_the_message():
    refusals = table(REFUSALS)
    assert len(refusals) > 40
    for key, texts in refusals.items():
        fields = dict.fromkeys(("rounds", "free", "used", "windows", "most", "value", "crosses",
                                "round", "cards", "left", "next"), 2)
        words = {"s": "s", "es": "es", "e": "e", "n": "n", "g_are": "s are", "g_ist": "sind"}
        values = dict.fromkeys(("line", "station", "card", "code", "player", "field", "expected",
                                "pending", "space", "owner", "area", "has", "lower", "shown",
                                "held", "spec", "reason", "fix", "players", "why", "word",
                                "options", "close", "ids", "token", "digits", "count", "flower"),
                               "X")
        refusal = RuleViolation.of(key.removeprefix(REFUSALS), rule="r",
                                   **{**values, **fields, **words})
        assert refusal.message == refusal.said("en") == refusal.said("xx")
        assert refusal.message == texts["en"].format(**values, **fields, **words)
        for lang in LANGS[1:]:
            assert refusal.said(lang) == texts[lang].format(**values, **fields, **words)


def test_a_term_is_english_in_the_message_and_the_languages_own_word_elsewhere():
    refusal = RuleViolation.of("mf.support", space="nobili/5", rule="townspeople-support",
                               lower=Term.of("bottom", "rules.mf.name.bottom"))
    assert refusal.message == "nobili/5 needs both bottom spaces below it filled"
    assert "unten" in refusal.said("de") and "du bas" in refusal.said("fr")
    moved = RuleViolation.of("vv.moved", rule="one-move-per-round").at("round 2", "Ann")
    assert str(moved) == "round 2, Ann: has already moved this round"
    assert moved.said("de") == "hat in dieser Runde schon gezogen"
    plain = RuleViolation("spoken by no catalogue", rule="x")
    assert plain.said("de") == plain.message and plain.key is None


def test_an_end_of_game_entry_out_of_range_is_said_in_the_pages_language(tmp_path):
    game = Table(tmp_path, "floris", ["Ann", "Bob"])
    entry = {"final": "", "left_in_hand": 50, "discarded": 0, "left_in_reserve": 0}
    said = said_in_every_language(game, "step", {"player": "Ann", "move": entry},
                                  link=game.made["players"][0])
    assert said["en"] == "Ann, left_in_hand: left_in_hand is a number of cards, 0 to 45, not 50"
    assert said["de"].endswith("ist eine Anzahl Karten, 0 bis 45, nicht 50")
    assert said["fr"].endswith("est un nombre de cartes, de 0 à 45, pas 50")


def test_a_long_value_is_cut_as_the_english_message_always_was():
    from scorepad.rules.floris.engine import MAX_CARDS, entry
    from scorepad.rules.floris.ruleset import default_rules

    class Seat:
        name = "Ann"

    value = "x" * 500
    with pytest.raises(RuleViolation) as refused:
        entry(default_rules(), Seat(), {"final": "", "left_in_hand": value, "discarded": 0,
                                        "left_in_reserve": 0})
    was = f"left_in_hand is a number of cards, 0 to {MAX_CARDS}, not {value!r}"[:200]
    assert refused.value.message == was and len(was) == 200


def test_a_refused_voll_verplant_preview_is_said_in_the_pages_language(tmp_path):
    game = Table(tmp_path, "voll-verplant", ["Ann", "Bob"], seed="a", setup={"map": "berlin"})
    assert game.post("step", {"reveal": True}).status_code == 200
    query = {"move": {"player": "Ann", "move": {"line": "A", "crosses": 9}}}
    answers = {lang: game.post("check", query, lang, game.made["players"][0]).json()
               for lang in ("en", "de", "fr")}
    assert not any(answer["ok"] for answer in answers.values())
    assert answers["en"]["error"].endswith("(the card allows 3), not 9")
    assert answers["de"]["error"].endswith("(die Karte erlaubt 3), nicht 9")
    assert answers["fr"]["error"].endswith("(la carte en permet 3), pas 9")


def test_a_bouquet_that_cannot_be_read_is_said_in_the_pages_language(tmp_path):
    game = Table(tmp_path, "floris", ["Ann", "Bob"])
    ann = game.made["players"][0]
    said = said_in_every_language(game, "step", {"player": "Ann", "move": "rose:3 tulpe:3"},
                                  link=ann)
    assert said["en"] == ("Ann, bouquet 1: cannot read bouquet 'rose:3 tulpe:3': unknown flower "
                          "'tulpe' (expected daisy, cornflower, rose, sunflower, lily)")
    assert "unbekannte Blume 'tulpe'" in said["de"] and "nicht lesbar" in said["de"]
    assert "fleur inconnue 'tulpe'" in said["fr"] and "impossible de lire" in said["fr"]
    checked = game.post("check", {"move": "rose:60 rose:60"}, link=ann).json()
    assert checked["readable"] is False
    assert checked["lines"] == ["cannot read bouquet 'rose:60 rose:60': more than 99 rose "
                                "flowers"]
    assert checked["said"]["de"][0].endswith("Rosen") and "roses" in checked["said"]["fr"][0]
