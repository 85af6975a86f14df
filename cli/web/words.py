"""The words of the browser pages (the served pages and the offline flipper), en/de/fr.

They live in the one words table of every game, :data:`scorepad.sheets.labels.WORDS`:
the pages' own words under ``web.*``, beside the games' words (``mf.*``, ``floris.*`` ...)
that pages show too (a flower, a material). Pages get them as JSON and pick the language
(``?lang=``, the saved choice, or the browser's); a page asks for ``web.`` words without
the prefix (``t("undo")``) and for the others by their full id (``t("mf.quartz")``).
"""

from __future__ import annotations

from scorepad.rules.registry import abouts

# LANGS re-exported: the game modules of the web take the pages' languages from here
from scorepad.sheets.labels import LANGS as LANGS
from scorepad.sheets.labels import WORDS

PREFIX = "web."

#: Words of the served pages added with the phone table (issue 23), in the same shape as
#: :data:`WORDS`: kept here while the sheets layer's table is being rewritten; they
#: belong beside the other ``web.*`` entries there, where a merge may move them.
PAGE_WORDS: dict[str, dict[str, str]] = {
    # (each registered game's name, "web.game_<id>", is the game's own: GAME_NAMES below)
    "web.game_toy": {"en": "Toy", "de": "Spielzeug", "fr": "Jouet"},
    "web.setup_map": {"en": "Map", "de": "Netzplan", "fr": "Plan"},
    "web.map_none": {"en": "none: a card flipper for any map",
                     "de": "keiner: Kartenstapel für jeden Plan",
                     "fr": "aucun : cartes pour tout plan"},
    "web.no_start_token": {
        "en": "Open the start link that scorepad serve printed (with ?t=…) to start a game.",
        "de": "Öffne den Start-Link, den scorepad serve ausgegeben hat (mit "
              "?t=…), um ein Spiel zu starten.",
        "fr": "Ouvrez le lien de départ affiché par scorepad serve (avec ?t=…) "
              "pour lancer une partie."},
    "web.undo_of": {"en": "Undo: {name}", "de": "Zurück: {name}", "fr": "Annuler : {name}"},
    "web.undo_card": {"en": "Undo: the card", "de": "Zurück: Karte", "fr": "Annuler : carte"},
    "web.undone": {"en": "Taken back: step {n} ({name})",
                   "de": "Zurückgenommen: Schritt {n} ({name})",
                   "fr": "Annulé : coup {n} ({name})"},
    "web.undone_card": {"en": "Taken back: step {n} (a card)",
                        "de": "Zurückgenommen: Schritt {n} (eine Karte)",
                        "fr": "Annulé : coup {n} (une carte)"},
    "web.retract": {"en": "Change my move", "de": "Meinen Zug ändern", "fr": "Changer mon coup"},
    "web.retract_for": {"en": "Change {name}’s move", "de": "Zug von {name} ändern",
                        "fr": "Changer le coup de {name}"},
    "web.winner": {"en": "{names} won", "de": "{names} hat gewonnen", "fr": "{names} a gagné"},
    "web.winners": {"en": "{names} won together", "de": "{names} haben gemeinsam gewonnen",
                    "fr": "{names} ont gagné ensemble"},
    "web.points": {"en": "{n} points", "de": "{n} Punkte", "fr": "{n} points"},
    "web.breakdown": {"en": "Breakdown", "de": "Aufschlüsselung", "fr": "Détail"},
    "web.bgstats": {"en": "Record in BG Stats", "de": "In BG Stats eintragen",
                    "fr": "Enregistrer dans BG Stats"},
    "web.err_network": {"en": "No connection to the server", "de": "Keine Verbindung zum Server",
                        "fr": "Pas de connexion au serveur"},
    "web.err_400": {"en": "The request was not understood",
                    "de": "Die Anfrage wurde nicht verstanden",
                    "fr": "La requête n’a pas été comprise"},
    "web.err_403": {"en": "This link may not do that", "de": "Dieser Link darf das nicht",
                    "fr": "Ce lien ne peut pas faire cela"},
    "web.err_404": {"en": "No such game", "de": "Kein solches Spiel", "fr": "Partie introuvable"},
    "web.err_409": {"en": "The game moved on: look again, then try once more",
                    "de": "Das Spiel ist weiter: schau nochmal und versuche es erneut",
                    "fr": "La partie a avancé : regardez à nouveau puis réessayez"},
    "web.err_422": {"en": "Not allowed by the rules", "de": "Nach den Regeln nicht erlaubt",
                    "fr": "Interdit par les règles"},
    "web.err_429": {"en": "Too many at once: wait a little",
                    "de": "Zu viele auf einmal: kurz warten",
                    "fr": "Trop à la fois : patientez un peu"},
    "web.err_503": {"en": "The game could not be saved, so the step was not played",
                    "de": "Das Spiel konnte nicht gespeichert werden, der Schritt zählt nicht",
                    "fr": "La partie n’a pas pu être enregistrée, le coup n’est pas joué"},
    "web.another": {"en": "Another game", "de": "Noch ein Spiel", "fr": "Une autre partie"},
    # the end screen's breakdown: the fields of each game's score --json players
    "web.part_line_points": {"en": "line points", "de": "Linienpunkte", "fr": "points de lignes"},
    "web.part_transfer_sum": {"en": "transfer numbers", "de": "Umstiegszahlen",
                              "fr": "nombres de correspondance"},
    "web.part_transfer_points": {"en": "transfers × 2", "de": "Umstiege × 2",
                                 "fr": "correspondances × 2"},
    "web.part_empty_stations": {"en": "empty stations", "de": "leere Stationen",
                                "fr": "stations vides"},
    "web.part_empty_penalty": {"en": "empty ÷ 2", "de": "leer ÷ 2", "fr": "vides ÷ 2"},
    "web.part_ship": {"en": "ship", "de": "Schiff", "fr": "navire"},
    "web.part_bonus_fields": {"en": "bonus fields", "de": "Bonusfelder", "fr": "cases bonus"},
    "web.part_empty_display": {"en": "empty display", "de": "leere Auslage", "fr": "étalage vide"},
    "web.part_ship_position": {"en": "ship position", "de": "Schiffsposition",
                               "fr": "position du navire"},
    "web.part_diamonds_left": {"en": "diamonds left", "de": "Diamanten übrig",
                               "fr": "diamants restants"},
    "web.part_bonus_cards": {"en": "bonus cards", "de": "Bonuskarten", "fr": "cartes bonus"},
    "web.part_laps": {"en": "laps", "de": "Runden", "fr": "tours"},
    "web.part_bouquet_points": {"en": "bouquet points", "de": "Strauß-Punkte",
                                "fr": "points de bouquets"},
    "web.part_final_points": {"en": "final bouquet", "de": "letzter Strauß",
                              "fr": "dernier bouquet"},
    "web.part_left_in_hand": {"en": "left in hand", "de": "auf der Hand", "fr": "en main"},
    "web.part_discarded": {"en": "discarded", "de": "abgeworfen", "fr": "défaussées"},
    "web.part_left_in_reserve": {"en": "left in the reserve", "de": "im Vorrat",
                                 "fr": "dans la réserve"},
    "web.part_penalty_cards": {"en": "penalty cards", "de": "Strafkarten",
                               "fr": "cartes de pénalité"},
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
    "web.err_invisible": {"en": "The name “{name}” holds an invisible character",
                          "de": "Der Name „{name}“ enthält ein unsichtbares Zeichen",
                          "fr": "Le nom « {name} » contient un caractère invisible"},
    "web.err_twice": {"en": "“{name}” is named twice (names are matched ignoring case)",
                      "de": "„{name}“ kommt zweimal vor (Groß-/Kleinschreibung zählt nicht)",
                      "fr": "« {name} » figure deux fois (sans distinction de casse)"},
    "web.vv_zoom_in": {"en": "Zoom in", "de": "Vergrößern", "fr": "Agrandir"},
    "web.vv_zoom_out": {"en": "Zoom out", "de": "Verkleinern", "fr": "Réduire"},
    "web.confirm": {"en": "Confirm", "de": "Bestätigen", "fr": "Confirmer"},
    "web.cancel": {"en": "Cancel", "de": "Abbrechen", "fr": "Annuler"},
    # the phone layout (issue 32)
    "web.vv_tap_station": {"en": "Tap a station on the sheet",
                           "de": "Tippe eine Station auf dem Blatt an",
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
              "um deinen Link: seine Seite zeigt unter „Links zum Mitspielen“ den QR-Code jedes "
              "Spielers.",
        "fr": "Son code est faux ou vient d’une ancienne partie. Redemandez votre lien à l’hôte : "
              "sa page montre le code QR de chaque joueur sous « Liens pour rejoindre »."},
    "web.bad_link_404": {
        "en": "This server has no such game: the link may be from another evening, or the "
              "server was started with another folder. Ask the host for a new link.",
        "de": "Diesen Server kennt kein solches Spiel: der Link ist vielleicht von einem anderen "
              "Abend, oder der Server läuft mit einem anderen Ordner. Bitte den Gastgeber um einen "
              "neuen Link.",
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
    # the start page's ruleset options (GameInfo.options), one control each
    "web.opt_free_ride_may_decline": {"en": "A free ride may be declined",
                                      "de": "Eine Freifahrt darf ausgelassen werden",
                                      "fr": "Un trajet gratuit peut être refusé"},
    "web.opt_special_on_free_ride": {
        "en": "Special stations count on a free ride",
        "de": "Sonderstationen zählen bei einer Freifahrt",
        "fr": "Les stations spéciales comptent lors d’un trajet gratuit"},
    "web.opt_special_chains": {
        "en": "A follow-up’s special stations ask for more follow-ups",
        "de": "Sonderstationen eines Folgezugs verlangen weitere Folgezüge",
        "fr": "Les stations spéciales d’un coup de suite en demandent d’autres"},
    "web.opt_game_end": {"en": "The game ends when", "de": "Das Spiel endet, wenn",
                         "fr": "La partie se termine quand"},
    "web.opt_empty_rounding": {"en": "Empty stations ÷ 2, rounded",
                               "de": "Leere Stationen ÷ 2, gerundet",
                               "fr": "Stations vides ÷ 2, arrondi"},
    "web.opt_diamonds": {"en": "Diamonds per player", "de": "Diamanten je Spieler",
                         "fr": "Diamants par joueur"},
    "web.opt_hand_size": {"en": "Cards in a hand", "de": "Karten auf der Hand",
                          "fr": "Cartes en main"},
    "web.opt_empty_display_points": {"en": "Points for emptying the display",
                                     "de": "Punkte für eine leere Auslage",
                                     "fr": "Points pour vider l’étalage"},
    "web.opt_harbor_order": {"en": "In the harbor, first", "de": "Im Hafen zuerst",
                             "fr": "Au port, d’abord"},
    "web.opt_landing_bonus": {"en": "A landing’s bonus card is played",
                              "de": "Die Bonuskarte einer Landung wird gespielt",
                              "fr": "La carte bonus d’un accostage est jouée"},
    "web.opt_field_timing": {"en": "A 20/15/10/5 field is taken",
                             "de": "Ein 20/15/10/5-Feld wird genommen",
                             "fr": "Une case 20/15/10/5 est prise"},
    "web.opt_field_marker_diamond": {"en": "Taking a field costs a diamond",
                                     "de": "Ein Feld kostet einen Diamanten",
                                     "fr": "Prendre une case coûte un diamant"},
    "web.opt_field_without_diamond": {"en": "A field counts with no diamond left",
                                      "de": "Ein Feld zählt auch ohne Diamanten",
                                      "fr": "Une case compte même sans diamant"},
    "web.opt_last_diamond_end": {"en": "After the last diamond the game ends",
                                 "de": "Nach dem letzten Diamanten endet das Spiel",
                                 "fr": "Après le dernier diamant, la partie se termine"},
    "web.opt_reserve_diamonds": {"en": "Reserve diamonds per player",
                                 "de": "Reserve-Diamanten je Spieler",
                                 "fr": "Diamants de réserve par joueur"},
    "web.opt_townspeople_top": {"en": "A top space of the pyramids needs",
                                "de": "Ein oberes Feld der Pyramiden braucht",
                                "fr": "Une case du haut des pyramides demande"},
    "web.opt_ties": {"en": "Ties", "de": "Gleichstand", "fr": "Égalité"},
    "web.opt_min_flowers": {"en": "Flowers in a bouquet, at least",
                            "de": "Blumen in einem Strauß, mindestens",
                            "fr": "Fleurs par bouquet, au moins"},
    "web.opt_run_starts_at_one": {"en": "A run starts at 1", "de": "Eine Reihe beginnt bei 1",
                                  "fr": "Une suite commence à 1"},
    "web.opt_bonus_from": {"en": "Bonus from this many flowers", "de": "Bonus ab so vielen Blumen",
                           "fr": "Bonus à partir de tant de fleurs"},
    "web.opt_bonus_per_flower": {"en": "Bonus per flower", "de": "Bonus je Blume",
                                 "fr": "Bonus par fleur"},
    "web.opt_final_bouquet": {"en": "The last bouquet is made of",
                              "de": "Der letzte Strauß besteht aus",
                              "fr": "Le dernier bouquet est fait"},
    "web.opt_penalty_per_card": {"en": "Penalty per card left", "de": "Strafe je übrige Karte",
                                 "fr": "Pénalité par carte restante"},
    "web.opt_reserve_penalty": {"en": "Cards left in the reserve count as penalty",
                                "de": "Karten im Vorrat zählen als Strafe",
                                "fr": "Les cartes de la réserve comptent en pénalité"},
    "web.optv_true": {"en": "yes", "de": "ja", "fr": "oui"},
    "web.optv_false": {"en": "no", "de": "nein", "fr": "non"},
    "web.optv_all_full": {"en": "every sheet is full", "de": "jedes Blatt voll ist",
                          "fr": "toutes les feuilles sont pleines"},
    "web.optv_any_full": {"en": "one sheet is full", "de": "ein Blatt voll ist",
                          "fr": "une feuille est pleine"},
    "web.optv_exact": {"en": "not rounded (halves)", "de": "nicht gerundet (Hälften)",
                       "fr": "sans arrondi (demis)"},
    "web.optv_down": {"en": "down", "de": "abgerundet", "fr": "vers le bas"},
    "web.optv_up": {"en": "up", "de": "aufgerundet", "fr": "vers le haut"},
    "web.optv_ship_first": {"en": "the ship moves, then the diamond",
                            "de": "das Schiff zieht, dann der Diamant",
                            "fr": "le navire avance, puis le diamant"},
    "web.optv_diamond_first": {"en": "the diamond, then the ship moves",
                               "de": "der Diamant, dann zieht das Schiff",
                               "fr": "le diamant, puis le navire avance"},
    "web.optv_after_action": {"en": "after the whole action", "de": "nach der ganzen Aktion",
                              "fr": "après toute l’action"},
    "web.optv_at_landing": {"en": "at once, on landing", "de": "sofort bei der Landung",
                            "fr": "aussitôt, à l’accostage"},
    "web.optv_action": {"en": "at once", "de": "sofort", "fr": "aussitôt"},
    "web.optv_turn_end": {"en": "at the end of the turn", "de": "am Ende des Zuges",
                          "fr": "à la fin du tour"},
    "web.optv_turn": {"en": "after that player’s turn", "de": "nach dem Zug dieses Spielers",
                      "fr": "après le tour de ce joueur"},
    "web.optv_round": {"en": "after the round", "de": "nach der Runde", "fr": "après la manche"},
    "web.optv_middles_below": {"en": "the two middle spaces below it filled",
                               "de": "die zwei mittleren Felder darunter belegt",
                               "fr": "les deux cases du milieu en dessous remplies"},
    "web.optv_middle_row": {"en": "the whole middle row filled",
                            "de": "die ganze mittlere Reihe belegt",
                            "fr": "toute la rangée du milieu remplie"},
    "web.optv_shared": {"en": "shared", "de": "geteilt", "fr": "partagée"},
    "web.optv_ship": {"en": "the ship further ahead wins", "de": "das weitere Schiff gewinnt",
                      "fr": "le navire le plus avancé gagne"},
    "web.optv_fewer_penalty_cards": {"en": "fewer penalty cards win",
                                     "de": "weniger Strafkarten gewinnen",
                                     "fr": "moins de cartes de pénalité gagne"},
    "web.optv_more_bouquets": {"en": "more bouquets win", "de": "mehr Sträuße gewinnen",
                               "fr": "plus de bouquets gagne"},
    "web.optv_any_subset": {"en": "any cards of the hand", "de": "beliebigen Karten der Hand",
                            "fr": "de n’importe quelles cartes de la main"},
    "web.optv_whole_hand": {"en": "the whole hand", "de": "der ganzen Hand",
                            "fr": "de toute la main"},
    "web.rules_h": {"en": "Ruleset options", "de": "Regeloptionen", "fr": "Options de règles"},
    "web.opt_default": {"en": "{value} (standard)", "de": "{value} (Standard)",
                        "fr": "{value} (standard)"},
    "web.photo": {"en": "Photograph my sheet", "de": "Meinen Bogen fotografieren",
                  "fr": "Photographier ma feuille"},
    # the start page's chips of the join links (issue 32): short, a thumb's target each
    "web.host_short": {"en": "Host", "de": "Gastgeber", "fr": "Hôte"},
    "web.watch_short": {"en": "Watch", "de": "Zuschauen", "fr": "Regarder"},
}


#: Each registered game's name in every language, as the game declares it (``About.names``).
GAME_NAMES: dict[str, dict[str, str]] = {f"{PREFIX}game_{game_id}": dict(about.names)
                                         for game_id, about in abouts().items()}


def words_for(lang: str) -> dict[str, str]:
    """Every word in ``lang``: ``web.`` words by their short key, the others by their id."""
    return {key.removeprefix(PREFIX): texts[lang]
            for key, texts in (WORDS | PAGE_WORDS | GAME_NAMES).items()}


def all_words() -> dict[str, dict[str, str]]:
    """``{lang: {key: text}}`` for every language, as pages embed it."""
    return {lang: words_for(lang) for lang in LANGS}
