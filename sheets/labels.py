"""The words printed on sheets, in English, German and French.

``WORDS`` maps a label id to its text per language; ids are prefixed by the game
(``vv.``, ``mf.``, ``floris.``) or ``common.``. Add a label by adding one entry with all three
languages (a test checks that none is missing). Texts may hold ``str.format`` fields:
``label("vv.windows_of", "de", n=3)``.

Only characters of the standard PDF fonts (WinAnsi: German and French letters, ``×``, ``÷``,
``–``) print; ``sheets.draw.printable`` replaces anything else.
"""

from __future__ import annotations

LANGS = ("en", "de", "fr")

WORDS: dict[str, dict[str, str]] = {
    # ---- shared
    "common.player": {"en": "Player", "de": "Spieler", "fr": "Joueur"},
    "common.total": {"en": "Total", "de": "Summe", "fr": "Total"},
    "common.score": {"en": "Score", "de": "Punkte", "fr": "Points"},
    # ---- Voll verplant
    "vv.line": {"en": "Line", "de": "Linie", "fr": "Ligne"},
    "vv.wagon": {"en": "Wagon windows", "de": "Wagenfenster", "fr": "Fenêtres du wagon"},
    "vv.bonus": {"en": "Bonus", "de": "Bonus", "fr": "Bonus"},
    "vv.first": {"en": "first", "de": "zuerst", "fr": "premier"},
    "vv.later": {"en": "later", "de": "später", "fr": "ensuite"},
    "vv.score_title": {"en": "Final score", "de": "Endwertung", "fr": "Décompte final"},
    "vv.line_points": {"en": "Line points", "de": "Linienpunkte", "fr": "Points des lignes"},
    "vv.transfers": {"en": "Transfers", "de": "Umstiege", "fr": "Correspondances"},
    "vv.empty": {"en": "Empty stations", "de": "Leere Stationen", "fr": "Stations vides"},
    "vv.legend_start": {"en": "start (wagon)", "de": "Start (Wagen)", "fr": "départ (wagon)"},
    "vv.legend_end": {"en": "end station", "de": "Endstation", "fr": "terminus"},
    "vv.legend_interchange": {"en": "interchange", "de": "Umsteigestation",
                              "fr": "correspondance"},
    "vv.legend_special": {
        "en": "Special station: write the same value in another free window and play it",
        "de": "Sonderstation: denselben Wert in ein weiteres freies Fenster schreiben und ausführen",
        "fr": "Station spéciale : inscrire la même valeur dans une autre fenêtre libre et la jouer",
    },
    "vv.legend_ring": {
        "en": "Ring line: from the first station, choose a direction every time",
        "de": "Ringlinie: ab der ersten Station, Richtung jedes Mal neu wählen",
        "fr": "Ligne circulaire : depuis la 1re station, choisir le sens à chaque fois",
    },
    "vv.legend_windows": {
        "en": "Windows: 3–6, E2/E3 express, + transfer",
        "de": "Fenster: 3–6, E2/E3 Express, + Umstieg",
        "fr": "Fenêtres : 3–6, E2/E3 express, + correspondance",
    },
}


def label(key: str, lang: str, **fields: object) -> str:
    """The text of label ``key`` in ``lang`` (``en``/``de``/``fr``), with ``fields`` filled in.

    An unknown key or language is a programming error (KeyError): the CLI only offers the
    languages in ``LANGS``.
    """
    text = WORDS[key][lang]
    return text.format(**fields) if fields else text


def format_number(value: float, lang: str) -> str:
    """A score as people write it: ``3``, ``-2.5`` in English, ``-2,5`` in German and French."""
    if float(value).is_integer():
        return str(int(value))
    text = f"{value:g}"
    return text.replace(".", ",") if lang in ("de", "fr") else text
