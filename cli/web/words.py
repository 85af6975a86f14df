"""The words of the browser pages (the served pages and the offline flipper), en/de/fr.

They live in the one words table of every game, :data:`scorepad.sheets.labels.WORDS`:
the pages' own words under ``web.*``, beside the games' words (``mf.*``, ``floris.*`` ...)
that pages show too (a flower, a material). Pages get them as JSON and pick the language
(``?lang=``, the saved choice, or the browser's); a page asks for ``web.`` words without
the prefix (``t("undo")``) and for the others by their full id (``t("mf.quartz")``).
"""

from __future__ import annotations

from scorepad.sheets.labels import LANGS, WORDS

PREFIX = "web."

#: Words of the served pages added with the phone table (issue 23), in the same shape as
#: :data:`WORDS`: kept here while the sheets layer's table is being rewritten; they
#: belong beside the other ``web.*`` entries there, where a merge may move them.
PAGE_WORDS: dict[str, dict[str, str]] = {
    "web.game_voll-verplant": {"en": "Voll verplant", "de": "Voll verplant", "fr": "Voll verplant"},
    "web.game_mille-fiori": {"en": "Mille Fiori", "de": "Mille Fiori", "fr": "Mille Fiori"},
    "web.game_floris": {"en": "Floris", "de": "Floris", "fr": "Floris"},
    "web.game_toy": {"en": "Toy", "de": "Spielzeug", "fr": "Jouet"},
    "web.setup_map": {"en": "Map", "de": "Netzplan", "fr": "Plan"},
    "web.map_none": {"en": "none: a card flipper for any map", "de": "keiner: Kartenstapel für jeden Plan",
                     "fr": "aucun : cartes pour tout plan"},
    "web.rules_bad": {"en": "The ruleset options are not JSON: {why}",
                      "de": "Die Regeloptionen sind kein JSON: {why}",
                      "fr": "Les options de règles ne sont pas du JSON : {why}"},
    "web.rules_not_object": {"en": "The ruleset options must be a JSON object, e.g. {\"option\": 1}",
                             "de": "Die Regeloptionen müssen ein JSON-Objekt sein, z. B. {\"option\": 1}",
                             "fr": "Les options de règles doivent être un objet JSON, p. ex. {\"option\": 1}"},
    "web.no_start_token": {"en": "Open the start link that scorepad serve printed (with ?t=…) to start a game.",
                           "de": "Öffne den Start-Link, den scorepad serve ausgegeben hat (mit ?t=…), um ein Spiel zu starten.",
                           "fr": "Ouvrez le lien de départ affiché par scorepad serve (avec ?t=…) pour lancer une partie."},
    "web.undo_of": {"en": "Undo: {name}", "de": "Zurück: {name}", "fr": "Annuler : {name}"},
    "web.undo_card": {"en": "Undo: the card", "de": "Zurück: Karte", "fr": "Annuler : carte"},
    "web.undone": {"en": "Taken back: step {n} ({name})", "de": "Zurückgenommen: Schritt {n} ({name})",
                   "fr": "Annulé : coup {n} ({name})"},
    "web.undone_card": {"en": "Taken back: step {n} (a card)", "de": "Zurückgenommen: Schritt {n} (eine Karte)",
                        "fr": "Annulé : coup {n} (une carte)"},
    "web.retract": {"en": "Change my move", "de": "Meinen Zug ändern", "fr": "Changer mon coup"},
    "web.retract_for": {"en": "Change {name}’s move", "de": "Zug von {name} ändern",
                        "fr": "Changer le coup de {name}"},
    "web.winner": {"en": "{names} won", "de": "{names} hat gewonnen", "fr": "{names} a gagné"},
    "web.winners": {"en": "{names} won together", "de": "{names} haben gemeinsam gewonnen",
                    "fr": "{names} ont gagné ensemble"},
    "web.points": {"en": "{n} points", "de": "{n} Punkte", "fr": "{n} points"},
    "web.breakdown": {"en": "Breakdown", "de": "Aufschlüsselung", "fr": "Détail"},
    "web.bgstats": {"en": "Record in BG Stats", "de": "In BG Stats eintragen", "fr": "Enregistrer dans BG Stats"},
    "web.err_network": {"en": "No connection to the server", "de": "Keine Verbindung zum Server",
                        "fr": "Pas de connexion au serveur"},
    "web.err_400": {"en": "The request was not understood", "de": "Die Anfrage wurde nicht verstanden",
                    "fr": "La requête n’a pas été comprise"},
    "web.err_403": {"en": "This link may not do that", "de": "Dieser Link darf das nicht",
                    "fr": "Ce lien ne peut pas faire cela"},
    "web.err_404": {"en": "No such game", "de": "Kein solches Spiel", "fr": "Partie introuvable"},
    "web.err_409": {"en": "The game moved on: look again, then try once more",
                    "de": "Das Spiel ist weiter: schau nochmal und versuche es erneut",
                    "fr": "La partie a avancé : regardez à nouveau puis réessayez"},
    "web.err_422": {"en": "Not allowed by the rules", "de": "Nach den Regeln nicht erlaubt",
                    "fr": "Interdit par les règles"},
    "web.err_429": {"en": "Too many at once: wait a little", "de": "Zu viele auf einmal: kurz warten",
                    "fr": "Trop à la fois : patientez un peu"},
    "web.err_503": {"en": "The game could not be saved, so the step was not played",
                    "de": "Das Spiel konnte nicht gespeichert werden, der Schritt zählt nicht",
                    "fr": "La partie n’a pas pu être enregistrée, le coup n’est pas joué"},
    "web.another": {"en": "Another game", "de": "Noch ein Spiel", "fr": "Une autre partie"},
    # the end screen's breakdown: the fields of each game's score --json players
    "web.part_line_points": {"en": "line points", "de": "Linienpunkte", "fr": "points de lignes"},
    "web.part_transfer_sum": {"en": "transfer numbers", "de": "Umstiegszahlen", "fr": "nombres de correspondance"},
    "web.part_transfer_points": {"en": "transfers × 2", "de": "Umstiege × 2", "fr": "correspondances × 2"},
    "web.part_empty_stations": {"en": "empty stations", "de": "leere Stationen", "fr": "stations vides"},
    "web.part_empty_penalty": {"en": "empty ÷ 2", "de": "leer ÷ 2", "fr": "vides ÷ 2"},
    "web.part_ship": {"en": "ship", "de": "Schiff", "fr": "navire"},
    "web.part_bonus_fields": {"en": "bonus fields", "de": "Bonusfelder", "fr": "cases bonus"},
    "web.part_empty_display": {"en": "empty display", "de": "leere Auslage", "fr": "étalage vide"},
    "web.part_ship_position": {"en": "ship position", "de": "Schiffsposition", "fr": "position du navire"},
    "web.part_diamonds_left": {"en": "diamonds left", "de": "Diamanten übrig", "fr": "diamants restants"},
    "web.part_bonus_cards": {"en": "bonus cards", "de": "Bonuskarten", "fr": "cartes bonus"},
    "web.part_laps": {"en": "laps", "de": "Runden", "fr": "tours"},
    "web.part_bouquet_points": {"en": "bouquet points", "de": "Strauß-Punkte", "fr": "points de bouquets"},
    "web.part_final_points": {"en": "final bouquet", "de": "letzter Strauß", "fr": "dernier bouquet"},
    "web.part_left_in_hand": {"en": "left in hand", "de": "auf der Hand", "fr": "en main"},
    "web.part_discarded": {"en": "discarded", "de": "abgeworfen", "fr": "défaussées"},
    "web.part_left_in_reserve": {"en": "left in the reserve", "de": "im Vorrat", "fr": "dans la réserve"},
    "web.part_penalty_cards": {"en": "penalty cards", "de": "Strafkarten", "fr": "cartes de pénalité"},
    "web.part_penalties": {"en": "penalties", "de": "Strafen", "fr": "pénalités"},
    # names refused as --players refuses them (rules/common/names.py's codes)
    "web.err_empty": {"en": "An empty name: every player needs a name",
                      "de": "Ein leerer Name: jeder Spieler braucht einen Namen",
                      "fr": "Un nom vide : chaque joueur a besoin d’un nom"},
    "web.err_count": {"en": "{n} players: the game takes {min} to {max}",
                      "de": "{n} Spieler: das Spiel ist für {min} bis {max}",
                      "fr": "{n} joueurs : le jeu se joue de {min} à {max}"},
    "web.err_long": {"en": "The name “{name}…” is longer than {max} characters",
                     "de": "Der Name „{name}…“ ist länger als {max} Zeichen",
                     "fr": "Le nom « {name}… » dépasse {max} caractères"},
    "web.err_control": {"en": "The name “{name}” holds a control character",
                        "de": "Der Name „{name}“ enthält ein Steuerzeichen",
                        "fr": "Le nom « {name} » contient un caractère de contrôle"},
    "web.err_twice": {"en": "“{name}” is named twice (names are matched ignoring case)",
                      "de": "„{name}“ kommt zweimal vor (Groß-/Kleinschreibung zählt nicht)",
                      "fr": "« {name} » figure deux fois (sans distinction de casse)"},
    "web.vv_zoom_in": {"en": "Zoom in", "de": "Vergrößern", "fr": "Agrandir"},
    "web.vv_zoom_out": {"en": "Zoom out", "de": "Verkleinern", "fr": "Réduire"},
    "web.confirm": {"en": "Confirm", "de": "Bestätigen", "fr": "Confirmer"},
    "web.cancel": {"en": "Cancel", "de": "Abbrechen", "fr": "Annuler"},
    # the phone layout (issue 32)
    "web.vv_tap_station": {"en": "Tap a station on the sheet", "de": "Tippe eine Station auf dem Blatt an",
                           "fr": "Touchez une station sur la feuille"},
    "web.vv_cw_short": {"en": "↻", "de": "↻", "fr": "↻"},
    "web.vv_ccw_short": {"en": "↺", "de": "↺", "fr": "↺"},
    "web.vv_stations_list": {"en": "Stations as a list", "de": "Stationen als Liste",
                             "fr": "Stations en liste"},
    "web.more": {"en": "More", "de": "Mehr", "fr": "Plus"},
    "web.bad_link": {"en": "This link opens no game", "de": "Dieser Link öffnet kein Spiel",
                     "fr": "Ce lien n’ouvre aucune partie"},
    "web.bad_link_403": {
        "en": "Its code is wrong or from an older game. Ask the host for your link again: "
              "the host’s page shows every player’s QR code under “Join links”.",
        "de": "Sein Code ist falsch oder von einem älteren Spiel. Bitte den Gastgeber noch einmal "
              "um deinen Link: seine Seite zeigt unter „Links zum Mitspielen“ den QR-Code jedes Spielers.",
        "fr": "Son code est faux ou vient d’une ancienne partie. Redemandez votre lien à l’hôte : "
              "sa page montre le code QR de chaque joueur sous « Liens pour rejoindre »."},
    "web.bad_link_404": {
        "en": "This server has no such game: the link may be from another evening, or the "
              "server was started with another folder. Ask the host for a new link.",
        "de": "Diesen Server kennt kein solches Spiel: der Link ist vielleicht von einem anderen "
              "Abend, oder der Server läuft mit einem anderen Ordner. Bitte den Gastgeber um einen neuen Link.",
        "fr": "Ce serveur n’a pas cette partie : le lien date peut-être d’une autre soirée, ou le "
              "serveur utilise un autre dossier. Demandez un nouveau lien à l’hôte."},
    "web.loopback": {
        "en": "Phones cannot open these links: this server listens only on this computer. "
              "Restart it with: {command}",
        "de": "Telefone können diese Links nicht öffnen: der Server hört nur auf diesem Rechner. "
              "Neu starten mit: {command}",
        "fr": "Les téléphones ne peuvent pas ouvrir ces liens : ce serveur n’écoute que sur cet "
              "ordinateur. Relancez-le avec : {command}"},
    "web.press_reveal": {"en": "Tap “Reveal” to show the first card.",
                         "de": "„Aufdecken“ tippen, um die erste Karte zu zeigen.",
                         "fr": "Touchez « Révéler » pour montrer la première carte."},
    "web.wait_first_card": {"en": "The host reveals the first card.",
                            "de": "Der Gastgeber deckt die erste Karte auf.",
                            "fr": "L’hôte révèle la première carte."},
    "web.photo": {"en": "Photograph my sheet", "de": "Meinen Bogen fotografieren",
                  "fr": "Photographier ma feuille"},
}


def words_for(lang: str) -> dict[str, str]:
    """Every word in ``lang``: ``web.`` words by their short key, the others by their id."""
    return {key.removeprefix(PREFIX): texts[lang]
            for key, texts in (WORDS | PAGE_WORDS).items()}


def all_words() -> dict[str, dict[str, str]]:
    """``{lang: {key: text}}`` for every language, as pages embed it."""
    return {lang: words_for(lang) for lang in LANGS}
