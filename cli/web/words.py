"""The words of the browser pages (the served pages and the offline flipper), en/de/fr.

One small table for everything a page writes; pages get it as JSON and pick the
language (``?lang=``, the saved choice, or the browser's). The printed sheets keep
their own words in :mod:`scorepad.sheets.labels`; the languages are the same.
"""

from __future__ import annotations

from scorepad.sheets.labels import LANGS

WORDS: dict[str, dict[str, str]] = {
    # ---- shared
    "lang": {"en": "Language", "de": "Sprache", "fr": "Langue"},
    "undo": {"en": "Undo", "de": "Zurück", "fr": "Annuler"},
    "round": {"en": "Round {n}", "de": "Runde {n}", "fr": "Manche {n}"},
    "seed": {"en": "seed {seed}", "de": "Startwert {seed}", "fr": "graine {seed}"},
    "history": {"en": "History", "de": "Verlauf", "fr": "Historique"},
    "error": {"en": "Not allowed", "de": "Nicht erlaubt", "fr": "Non autorisé"},
    "offline": {"en": "Connection lost: reconnecting…", "de": "Verbindung weg: verbinde neu…",
                "fr": "Connexion perdue : reconnexion…"},
    # ---- the flipper
    "flip_title": {"en": "Voll verplant – cards", "de": "Voll verplant – Karten",
                   "fr": "Voll verplant – cartes"},
    "next": {"en": "Next card", "de": "Nächste Karte", "fr": "Carte suivante"},
    "restart": {"en": "Start over", "de": "Neu beginnen", "fr": "Recommencer"},
    "restart_ask": {"en": "Take back every card and start again?",
                    "de": "Alle Karten zurücknehmen und neu beginnen?",
                    "fr": "Reprendre toutes les cartes et recommencer ?"},
    "press_next": {"en": "Tap “Next card” to reveal the first card.",
                   "de": "„Nächste Karte“ tippen, um die erste Karte aufzudecken.",
                   "fr": "Touchez « Carte suivante » pour révéler la première carte."},
    "pile": {"en": "Still in the pile: {n}", "de": "Noch im Stapel: {n}",
             "fr": "Encore dans la pile : {n}"},
    "pile_of": {"en": "{left} of {all}", "de": "{left} von {all}", "fr": "{left} sur {all}"},
    "reshuffle": {"en": "Reshuffle: after this round all {n} cards are shuffled into a new pile.",
                  "de": "Neu mischen: nach dieser Runde werden alle {n} Karten neu gemischt.",
                  "fr": "Mélange : après cette manche, les {n} cartes sont mélangées à nouveau."},
    "shuffle_icon": {"en": "shuffle", "de": "mischen", "fr": "mélanger"},
    "windows_left": {"en": "{n} windows left, at least {n} rounds",
                     "de": "{n} Fenster frei, mindestens {n} Runden",
                     "fr": "{n} fenêtres libres, au moins {n} manches"},
    "windows_special": {"en": "(special stations: players may fill up sooner)",
                        "de": "(Sonderstationen: es kann schneller gehen)",
                        "fr": "(stations spéciales : cela peut aller plus vite)"},
    "over": {"en": "Game over: every wagon window is filled.",
             "de": "Spielende: alle Wagenfenster sind gefüllt.",
             "fr": "Fin de partie : toutes les fenêtres sont remplies."},
    "over_any_map": {"en": "No more cards: on every map the game is over by now.",
                     "de": "Keine Karten mehr: auf jedem Plan ist das Spiel jetzt zu Ende.",
                     "fr": "Plus de cartes : sur tous les plans, la partie est finie."},
    "number": {"en": "Number {v}", "de": "Zahl {v}", "fr": "Nombre {v}"},
    "number_do": {"en": "up to {v} crosses in a row", "de": "bis zu {v} Kreuze in Folge",
                  "fr": "jusqu’à {v} croix à la suite"},
    "express": {"en": "Express {v}", "de": "Express {v}", "fr": "Express {v}"},
    "express_do": {"en": "up to {v} crosses, jump marked stations",
                   "de": "bis zu {v} Kreuze, markierte Stationen überspringen",
                   "fr": "jusqu’à {v} croix, en sautant les stations marquées"},
    "transfer": {"en": "Transfer", "de": "Umstieg", "fr": "Correspondance"},
    "transfer_do": {"en": "write the number of lines at the first free station",
                    "de": "Anzahl der Linien an die erste freie Station schreiben",
                    "fr": "inscrire le nombre de lignes à la première station libre"},
    "free": {"en": "Free ride", "de": "Freifahrt", "fr": "Trajet libre"},
    "free_do": {"en": "cross any one free station, no window",
                "de": "eine beliebige freie Station ankreuzen, kein Fenster",
                "fr": "cocher une station libre au choix, sans fenêtre"},
    # ---- the served pages
    "start_title": {"en": "scorepad – new game", "de": "scorepad – neues Spiel",
                    "fr": "scorepad – nouvelle partie"},
    "game": {"en": "Game", "de": "Spiel", "fr": "Jeu"},
    "players": {"en": "Players (one name a line)", "de": "Spieler (ein Name pro Zeile)",
                "fr": "Joueurs (un nom par ligne)"},
    "seed_label": {"en": "Seed (empty: a fresh one)", "de": "Startwert (leer: ein neuer)",
                   "fr": "Graine (vide : une nouvelle)"},
    "rules_label": {"en": "Ruleset options (JSON)", "de": "Regeloptionen (JSON)",
                    "fr": "Options de règles (JSON)"},
    "create": {"en": "Start the game", "de": "Spiel starten", "fr": "Lancer la partie"},
    "no_games": {"en": "No game is installed.", "de": "Kein Spiel installiert.",
                 "fr": "Aucun jeu installé."},
    "join": {"en": "Join links", "de": "Links zum Mitspielen", "fr": "Liens pour rejoindre"},
    "host_link": {"en": "Host (flips, undoes, ends)", "de": "Gastgeber (aufdecken, zurück, beenden)",
                  "fr": "Hôte (révèle, annule, termine)"},
    "watch_link": {"en": "Watch (sees everything, moves nothing)",
                   "de": "Zuschauen (sieht alles, zieht nicht)",
                   "fr": "Regarder (voit tout, ne joue pas)"},
    "you_watch": {"en": "Watching", "de": "Zuschauer", "fr": "Spectateur"},
    "your_games": {"en": "Your games (on this device)", "de": "Deine Spiele (auf diesem Gerät)",
                   "fr": "Vos parties (sur cet appareil)"},
    "open": {"en": "Open", "de": "Öffnen", "fr": "Ouvrir"},
    "to_move": {"en": "To move: {names}", "de": "Am Zug: {names}", "fr": "À jouer : {names}"},
    "chance": {"en": "Next: a card or a deal", "de": "Als Nächstes: Karte oder Verteilen",
               "fr": "Ensuite : une carte ou une donne"},
    "reveal": {"en": "Reveal", "de": "Aufdecken", "fr": "Révéler"},
    "end": {"en": "End the game", "de": "Spiel beenden", "fr": "Terminer la partie"},
    "end_ask": {"en": "End this game for everyone?", "de": "Dieses Spiel für alle beenden?",
                "fr": "Terminer cette partie pour tous ?"},
    "game_over": {"en": "Game over", "de": "Spiel vorbei", "fr": "Partie terminée"},
    "ended": {"en": "The game has ended.", "de": "Das Spiel ist zu Ende.",
              "fr": "La partie est terminée."},
    "your_moves": {"en": "Your moves ({name})", "de": "Deine Züge ({name})",
                   "fr": "Vos coups ({name})"},
    "moves_for": {"en": "Moves for {name}", "de": "Züge für {name}", "fr": "Coups pour {name}"},
    "waiting": {"en": "Waiting for the others…", "de": "Warte auf die anderen…",
                "fr": "En attente des autres…"},
    "you_are": {"en": "You are {name}", "de": "Du bist {name}", "fr": "Vous êtes {name}"},
    "you_host": {"en": "You are the host", "de": "Du bist Gastgeber", "fr": "Vous êtes l’hôte"},
    "score": {"en": "Score", "de": "Punkte", "fr": "Points"},
    "rank": {"en": "rank {n}", "de": "Platz {n}", "fr": "rang {n}"},
    "log": {"en": "Log", "de": "Protokoll", "fr": "Journal"},
    "steps": {"en": "{n} steps", "de": "{n} Schritte", "fr": "{n} étapes"},
    # ---- the Voll verplant table (static/games/voll-verplant.js)
    "vv_your_move": {"en": "Your move", "de": "Dein Zug", "fr": "Votre coup"},
    "vv_move_for": {"en": "Move for {name}", "de": "Zug für {name}", "fr": "Coup pour {name}"},
    "vv_pick_line": {"en": "Choose a line", "de": "Linie wählen", "fr": "Choisissez une ligne"},
    "vv_line": {"en": "line {id}", "de": "Linie {id}", "fr": "ligne {id}"},
    "vv_windows": {"en": "{used} of {all} windows", "de": "{used} von {all} Fenstern",
                   "fr": "{used} sur {all} fenêtres"},
    "vv_direction": {"en": "Which way round?", "de": "In welche Richtung?",
                     "fr": "Dans quel sens ?"},
    "vv_cw": {"en": "↻ clockwise", "de": "↻ im Uhrzeigersinn", "fr": "↻ sens horaire"},
    "vv_ccw": {"en": "↺ anticlockwise", "de": "↺ gegen den Uhrzeigersinn",
               "fr": "↺ sens antihoraire"},
    "vv_crosses": {"en": "How many to cross?", "de": "Wie viele ankreuzen?",
                   "fr": "Combien de croix ?"},
    "vv_cross_n": {"en": "{n} ✕", "de": "{n} ✕", "fr": "{n} ✕"},
    "vv_back": {"en": "◀ other line", "de": "◀ andere Linie", "fr": "◀ autre ligne"},
    "vv_station": {"en": "Which station? (the numbers on the sheet)",
                   "de": "Welche Station? (die Nummern auf dem Blatt)",
                   "fr": "Quelle station ? (les numéros de la feuille)"},
    "vv_decline": {"en": "No free ride", "de": "Keine Freifahrt", "fr": "Pas de trajet libre"},
    "vv_pass": {"en": "No free window: pass", "de": "Kein Fenster frei: passen",
                "fr": "Aucune fenêtre libre : passer"},
    "vv_follow": {"en": "★ Special station {id}{name}: play the card again in another window",
                  "de": "★ Sonderstation {id}{name}: die Karte noch einmal in ein anderes "
                        "Fenster", "fr": "★ Station spéciale {id}{name} : rejouez la carte "
                                         "dans une autre fenêtre"},
    "vv_moved": {"en": "✓ moved", "de": "✓ gezogen", "fr": "✓ a joué"},
    "vv_owes": {"en": "★ follow-up at {id}", "de": "★ Folgezug bei {id}",
                "fr": "★ coup de suite à {id}"},
    "vv_thinking": {"en": "… to move", "de": "… am Zug", "fr": "… doit jouer"},
    "vv_free": {"en": "{n} windows free", "de": "{n} Fenster frei", "fr": "{n} fenêtres libres"},
    "vv_players": {"en": "At the table", "de": "Am Tisch", "fr": "À la table"},
    "vv_sheet": {"en": "Sheet of {name}", "de": "Blatt von {name}", "fr": "Feuille de {name}"},
    "vv_zoom": {"en": "Zoom", "de": "Zoom", "fr": "Zoom"},
    "vv_done": {"en": "Round {round}: line {line} completed by {player} – {bonus} bonus, "
                      "{points} points",
                "de": "Runde {round}: Linie {line} abgeschlossen von {player} – Bonus {bonus}, "
                      "{points} Punkte",
                "fr": "Manche {round} : ligne {line} complétée par {player} – bonus {bonus}, "
                      "{points} points"},
    "vv_first": {"en": "first", "de": "Erster", "fr": "premier"},
    "vv_later": {"en": "later", "de": "Später", "fr": "suivant"},
    "vv_completed": {"en": "Lines completed", "de": "Abgeschlossene Linien",
                     "fr": "Lignes complétées"},
    "vv_breakdown": {"en": "{name}: lines {lines} + 2 × transfers {transfers} − empty "
                           "{empty} = {total}",
                     "de": "{name}: Linien {lines} + 2 × Umstiege {transfers} − leer "
                           "{empty} = {total}",
                     "fr": "{name} : lignes {lines} + 2 × correspondances {transfers} − vides "
                           "{empty} = {total}"},
}


def words_for(lang: str) -> dict[str, str]:
    """Every word in ``lang`` (a key missing there falls back to English)."""
    return {key: texts.get(lang, texts["en"]) for key, texts in WORDS.items()}


def all_words() -> dict[str, dict[str, str]]:
    """``{lang: {key: text}}`` for every language, as pages embed it."""
    return {lang: words_for(lang) for lang in LANGS}
