"""The words printed on sheets and shown, in English, German and French: one table for all
games, one lookup (:func:`label`).

``WORDS`` maps a label id to its text per language; ids are prefixed by the game
(``vv.``, ``mf.``, ``floris.``), ``common.`` or ``web.`` (the browser pages,
``scorepad serve`` and ``vv flip --html``: :mod:`scorepad.web.words` serves them). Add a label by
adding one entry with all three
languages (a test checks that none is missing). Texts may hold ``str.format`` fields:
``label("vv.windows_of", "de", n=3)``.

Typography: French texts get a narrow no-break space (U+202F) before ``:``, ``;``, ``!`` and
``?`` (:func:`french_spacing`, applied by :func:`label`); a negative number prints with a real
minus sign (U+2212, :data:`MINUS`), never a hyphen or an en dash.
"""

from __future__ import annotations

import re

from scorepad.rules.common.words import LANGS as LANGS

WORDS: dict[str, dict[str, str]] = {
    # ---- shared
    "common.player": {"en": "Player", "de": "Spieler", "fr": "Joueur"},
    "common.total": {"en": "Total", "de": "Summe", "fr": "Total"},
    "common.score": {"en": "Score", "de": "Punkte", "fr": "Points"},
    # ---- Voll verplant. German in the published game's words ("Waggon", "Waggonfenster" as
    # German reviews of the game write them, "Siegpunkte" with "Punkte für den 1." and "für
    # alle Anderen", "Endstation", "Umsteigestation", "Schlusswertung", "leere Stationen").
    "vv.line": {"en": "Line", "de": "Linie", "fr": "Ligne"},
    "vv.wagon": {"en": "Wagon windows", "de": "Waggonfenster", "fr": "Fenêtres du wagon"},
    "vv.bonus": {"en": "Bonus", "de": "Siegpunkte", "fr": "Points"},
    "vv.first": {"en": "first", "de": "der 1.", "fr": "le 1er"},
    "vv.later": {"en": "later", "de": "andere", "fr": "les autres"},
    "vv.score_title": {"en": "Final score", "de": "Schlusswertung", "fr": "Décompte final"},
    "vv.line_points": {"en": "Line points", "de": "Linienpunkte", "fr": "Points des lignes"},
    "vv.transfers": {"en": "Transfers", "de": "Umstiege", "fr": "Correspondances"},
    "vv.empty": {"en": "Empty stations", "de": "Leere Stationen", "fr": "Stations vides"},
    "vv.legend_start": {"en": "line's start (wagon)", "de": "Linienstart (Waggon)",
                        "fr": "départ de ligne (wagon)"},
    "vv.legend_end_badge": {"en": "line's end", "de": "Linienende", "fr": "fin de ligne"},
    "vv.legend_number": {"en": "station number", "de": "Stationsnummer",
                         "fr": "numéro de station"},
    "vv.legend_upright": {"en": "name upright", "de": "Name hochkant", "fr": "nom vertical"},
    "vv.legend_leader": {"en": "name on a leader", "de": "Name an Strich",
                         "fr": "nom sur un trait"},
    "vv.legend_stub": {"en": "badge on a stub: the station at its end",
                       "de": "Buchstabe an Strich: Station an dessen Ende",
                       "fr": "lettre sur un trait : station au bout du trait"},
    "vv.legend_end": {"en": "end station", "de": "Endstation", "fr": "terminus"},
    "vv.legend_interchange": {"en": "interchange", "de": "Umsteigestation",
                              "fr": "correspondance"},
    "vv.legend_special": {
        "en": "Special station: write the same value in another free window and play it",
        "de": "Sonderstation: denselben Wert in ein weiteres freies Fenster schreiben und "
              "ausführen",
        "fr": "Station spéciale : inscrire la même valeur dans une autre fenêtre libre et la jouer",
    },
    "vv.legend_ring": {
        "en": "Ring line: letter at its first station; from there choose a direction every time",
        "de": "Ringlinie: Buchstabe an der ersten Station; ab dort Richtung jedes Mal neu wählen",
        "fr": "Ligne circulaire : lettre à la 1re station ; de là, choisir le sens à chaque fois",
    },
    "vv.legend_windows": {
        "en": "Windows: 3–6, E2/E3 express, + transfer",
        "de": "Fenster: 3–6, E2/E3 Express, + Umstieg",
        "fr": "Fenêtres : 3–6, E2/E3 express, + correspondance",
    },
    # ---- Mille Fiori (the score aids)
    "mf.title_aid": {"en": "Mille Fiori – player aid", "de": "Mille Fiori – Spielhilfe",
                  "fr": "Mille Fiori – aide de jeu"},
    "mf.title_table": {"en": "Mille Fiori – scoring table", "de": "Mille Fiori – Wertungstabelle",
                    "fr": "Mille Fiori – tableau des points"},
    "mf.title_tracker": {"en": "Mille Fiori – tracker", "de": "Mille Fiori – Merkblatt",
                      "fr": "Mille Fiori – fiche de suivi"},
    "mf.ruleset": {"en": "ruleset {id}", "de": "Regelsatz {id}", "fr": "règles {id}"},
    # areas
    "mf.workshops": {"en": "Workshops", "de": "Werkstätten", "fr": "Ateliers"},
    "mf.residences": {"en": "Residences", "de": "Wohnhäuser", "fr": "Résidences"},
    "mf.townspeople": {"en": "Townspeople: nobili and populi", "de": "Bürger: Nobili und Populi",
                    "fr": "Citadins : nobili et populi"},
    "mf.nobili": {"en": "Nobili", "de": "Nobili", "fr": "Nobili"},
    "mf.populi": {"en": "Populi", "de": "Populi", "fr": "Populi"},
    "mf.trade": {"en": "Trade", "de": "Handel", "fr": "Commerce"},
    "mf.harbor": {"en": "Harbor", "de": "Hafen", "fr": "Port"},
    "mf.ship": {"en": "Ship track and bonus cards", "de": "Schiffsleiste und Bonuskarten",
             "fr": "Piste du navire et cartes bonus"},
    # symbols
    "mf.quartz": {"en": "quartz", "de": "Quarz", "fr": "quartz"},
    "mf.lime": {"en": "lime", "de": "Kalk", "fr": "chaux"},
    "mf.ash": {"en": "ash", "de": "Asche", "fr": "cendre"},
    "mf.pigments": {"en": "pigments", "de": "Pigmente", "fr": "pigments"},
    "mf.coin": {"en": "coin", "de": "Münze", "fr": "pièce"},
    "mf.lion": {"en": "lion", "de": "Löwe", "fr": "lion"},
    "mf.cross": {"en": "cross", "de": "Kreuz", "fr": "croix"},
    "mf.shell": {"en": "shell", "de": "Muschel", "fr": "coquillage"},
    "mf.fish": {"en": "fish", "de": "Fisch", "fr": "poisson"},
    "mf.crab": {"en": "crab", "de": "Krebs", "fr": "crabe"},
    "mf.goblet": {"en": "goblet", "de": "Pokal", "fr": "gobelet"},
    "mf.carafe": {"en": "carafe", "de": "Karaffe", "fr": "carafe"},
    "mf.earrings": {"en": "earrings", "de": "Ohrringe", "fr": "boucles"},
    "mf.swan": {"en": "swan", "de": "Schwan", "fr": "cygne"},
    # row labels of a block
    "mf.place": {"en": "Place", "de": "Legen", "fr": "Poser"},
    "mf.score": {"en": "Score", "de": "Wertung", "fr": "Points"},
    "mf.bonus": {"en": "Bonus card", "de": "Bonuskarte", "fr": "Carte bonus"},
    "mf.field": {"en": "20/15/10/5", "de": "20/15/10/5", "fr": "20/15/10/5"},
    "mf.example": {"en": "Example", "de": "Beispiel", "fr": "Exemple"},
    "mf.you": {"en": "you", "de": "du", "fr": "vous"},
    "mf.other": {"en": "others", "de": "andere", "fr": "autres"},
    "mf.new": {"en": "new diamond", "de": "neuer Diamant", "fr": "nouveau diamant"},
    # workshops
    "mf.ws_place": {"en": "a free space of the card's material ({materials}).",
                 "de": "auf ein freies Feld mit dem Material der Karte ({materials}).",
                 "fr": "sur une case libre de la matière de la carte ({materials})."},
    "mf.ws_score": {
        "en": "1 per own diamond in the connected group now holding the new one; ×2 if the "
              "new diamond is on {double}.",
        "de": "1 je eigenem Diamanten der zusammenhängenden Gruppe mit dem neuen; ×2, wenn "
              "der neue auf {double} liegt.",
        "fr": "1 par diamant à vous dans le groupe relié au nouveau ; ×2 si le nouveau est "
              "sur {double}."},
    "mf.ws_bonus": {"en": "your diamond fills the third space of a bonus triangle (any owners).",
                 "de": "dein Diamant füllt das dritte Feld eines Bonus-Dreiecks (egal wessen).",
                 "fr": "votre diamant remplit la 3e case d'un triangle bonus (à quiconque)."},
    "mf.ws_field": {"en": "own diamonds on all 4 materials.",
                 "de": "eigene Diamanten auf allen 4 Materialien.",
                 "fr": "vos diamants sur les 4 matières."},
    "mf.ws_example": {
        "en": "group of {n} on {double}: {n} × 2 = {points}; triangle full: bonus card",
        "de": "Gruppe aus {n} auf {double}: {n} × 2 = {points}; Dreieck voll: Bonuskarte",
        "fr": "groupe de {n} sur {double} : {n} × 2 = {points} ; triangle plein : carte bonus"},
    # residences
    "mf.res_place": {"en": "the next free house in line order.",
                  "de": "auf das nächste freie Haus der Reihe.",
                  "fr": "sur la prochaine maison libre, dans l'ordre."},
    "mf.res_score": {"en": "the house's value plus the houses directly before it, going back "
                        "while they are yours.",
                  "de": "Wert des Hauses plus die Häuser direkt davor, solange sie dir gehören.",
                  "fr": "la valeur de la maison plus celles juste avant, tant qu'elles sont "
                        "à vous."},
    "mf.res_bonus": {"en": "when you own houses of {a} different values, and again at {b}.",
                  "de": "sobald du Häuser mit {a} verschiedenen Werten hast, und wieder bei {b}.",
                  "fr": "quand vous avez des maisons de {a} valeurs différentes, puis à {b}."},
    "mf.res_field": {"en": "houses of {n} different values.",
                  "de": "Häuser mit {n} verschiedenen Werten.",
                  "fr": "des maisons de {n} valeurs différentes."},
    "mf.res_example": {"en": "{sum} = {points}", "de": "{sum} = {points}",
                       "fr": "{sum} = {points}"},
    # townspeople
    "mf.tp_place": {
        "en": "any free space whose supports are filled: bottom always, middle on 2 filled "
              "bottoms, top on 2 filled middles (by anyone).",
        "de": "auf ein freies Feld mit gefüllter Unterlage: unten immer, Mitte auf 2 vollen "
              "unteren, oben auf 2 vollen mittleren (egal wessen).",
        "fr": "sur une case libre bien soutenue : en bas toujours, au milieu sur 2 cases du "
              "bas remplies, en haut sur 2 du milieu (à quiconque)."},
    "mf.tp_score": {
        "en": "{bottom} / {middle} / {top} (bottom / middle / top), ×2 if the space shows the "
              "card's symbol. Supporters score again for their owners: a middle pays "
              "{bottom} to its 2 bottoms; a top pays {middle} to its 2 middles and {bottom} "
              "to the 3 bottoms of its pyramid.",
        "de": "{bottom} / {middle} / {top} (unten / Mitte / oben), ×2 bei gleichem Symbol von "
              "Feld und Karte. Die Unterlage punktet erneut für ihre Besitzer: Mitte zahlt "
              "{bottom} an ihre 2 unteren; oben zahlt {middle} an die 2 mittleren und {bottom} "
              "an die 3 unteren ihrer Pyramide.",
        "fr": "{bottom} / {middle} / {top} (bas / milieu / haut), ×2 si la case montre le "
              "symbole de la carte. Les supports marquent à nouveau pour leurs propriétaires : "
              "le milieu paie {bottom} à ses 2 cases du bas ; le haut paie {middle} aux 2 du "
              "milieu et {bottom} aux 3 du bas de sa pyramide."},
    "mf.tp_bonus": {"en": "placing on a top space.", "de": "Diamant auf ein oberes Feld.",
                 "fr": "poser sur une case du haut."},
    "mf.tp_field": {"en": "(each area) your diamonds on spaces showing all 3 symbols.",
                 "de": "(je Bereich) deine Diamanten auf Feldern mit allen 3 Symbolen.",
                 "fr": "(chaque zone) vos diamants sur des cases des 3 symboles."},
    "mf.tp_example": {
        "en": "top, symbol matches: {top} × 2 = {points}; supporters +{middle} / +{bottom}",
        "de": "oben, gleiches Symbol: {top} × 2 = {points}; Unterlage +{middle} / +{bottom}",
        "fr": "haut, même symbole : {top} × 2 = {points} ; supports +{middle} / +{bottom}"},
    # trade
    "mf.tr_place": {"en": "any free space of the card's good ({goods}).",
                 "de": "auf ein freies Feld der Ware der Karte ({goods}).",
                 "fr": "sur une case libre de la marchandise de la carte ({goods})."},
    "mf.tr_score": {"en": "every diamond on that good's column scores, for its owner, the number "
                       "of diamonds now on the column.",
                 "de": "jeder Diamant in der Spalte dieser Ware zählt für seinen Besitzer so "
                       "viel, wie jetzt Diamanten in der Spalte liegen.",
                 "fr": "chaque diamant de la colonne de cette marchandise rapporte à son "
                       "propriétaire le nombre de diamants de la colonne."},
    "mf.tr_bonus": {"en": "this scoring gives another player more points than you.",
                 "de": "diese Wertung bringt jemand anderem mehr Punkte als dir.",
                 "fr": "ce décompte rapporte plus à un autre joueur qu'à vous."},
    "mf.tr_field": {"en": "all 4 goods.", "de": "alle 4 Waren.", "fr": "les 4 marchandises."},
    "mf.tr_example": {"en": "{n} on the column: you {mine}, others {theirs}: bonus card",
                   "de": "{n} in der Spalte: du {mine}, andere {theirs}: Bonuskarte",
                   "fr": "{n} dans la colonne : vous {mine}, autres {theirs} : carte bonus"},
    # harbor
    "mf.hb_place": {"en": "any free ship space in any row; the card also moves your ship by "
                       "its number (that scores first).",
                 "de": "auf ein freies Schiffsfeld einer beliebigen Reihe; die Karte zieht "
                       "auch dein Schiff um ihre Zahl (das wird zuerst gewertet).",
                 "fr": "sur une case de navire libre de n'importe quelle rangée ; la carte "
                       "avance aussi votre navire de son nombre (compté d'abord)."},
    "mf.hb_score": {"en": "when a row's third space fills, each of its 3 diamonds scores "
                       "{payout} for 1 / 2 / 3 / 4 occupied spaces of the trade row beside it.",
                 "de": "wird das dritte Feld einer Reihe gefüllt, zählt jeder ihrer 3 Diamanten "
                       "{payout} für 1 / 2 / 3 / 4 besetzte Felder der Handelsreihe daneben.",
                 "fr": "quand la 3e case d'une rangée est remplie, chacun de ses 3 diamants "
                       "rapporte {payout} pour 1 / 2 / 3 / 4 cases occupées de la rangée de "
                       "commerce voisine."},
    "mf.hb_bonus": {"en": "only from the ship's landing (played after the row paid).",
                 "de": "nur durch die Landung des Schiffs (nach der Reihenwertung).",
                 "fr": "seulement par l'arrivée du navire (après le paiement de la rangée)."},
    "mf.hb_field": {"en": "none for the harbor.", "de": "keines für den Hafen.",
                 "fr": "aucun pour le port."},
    "mf.hb_example": {"en": "row full, {goods} goods beside it: {pay} for each diamond",
                   "de": "Reihe voll, {goods} Waren daneben: {pay} für jeden Diamanten",
                   "fr": "rangée pleine, {goods} marchandises à côté : {pay} par diamant"},
    # ship and bonus cards
    "mf.sh_move": {"en": "Any card may move your ship forward by its ship number instead; score "
                      "the landing space. B: a bonus card. Past 20 ends on 20; from 20 nothing.",
                "de": "Jede Karte kann stattdessen dein Schiff um ihre Schiffszahl ziehen; das "
                      "Zielfeld zählt. B: eine Bonuskarte. Über 20 endet auf 20; ab 20 nichts.",
                "fr": "Toute carte peut plutôt avancer votre navire de son nombre ; la case "
                      "d'arrivée compte. B : une carte bonus. Au-delà de 20 : arrêt sur 20 ; "
                      "depuis 20 : rien."},
    "mf.sh_bonus": {"en": "Bonus card: take any card from the display and play it (place or ship); "
                       "it can earn another. Display empty: {points} points instead.",
                 "de": "Bonuskarte: eine beliebige Karte der Auslage nehmen und spielen (legen "
                       "oder Schiff); sie kann weitere bringen. Auslage leer: {points} Punkte.",
                 "fr": "Carte bonus : prendre une carte de l'étalage et la jouer (poser ou "
                       "navire) ; elle peut en rapporter une autre. Étalage vide : {points} "
                       "points."},
    "mf.sh_fields": {"en": "20/15/10/5: each player, the first time they meet a condition, puts "
                        "a diamond of their {n} on the highest value still free.",
                  "de": "20/15/10/5: wer eine Bedingung zum ersten Mal erfüllt, setzt einen "
                        "Diamanten seiner {n} auf den höchsten noch freien Wert.",
                  "fr": "20/15/10/5 : chaque joueur qui remplit une condition pour la 1re fois "
                        "pose un de ses {n} diamants sur la plus haute valeur encore libre."},
    "mf.sh_end": {"en": "End: the deck cannot deal {hand} cards to everyone, or a player placed "
                     "their last diamond (after that turn).",
               "de": "Ende: der Stapel reicht nicht für {hand} Karten je Person, oder jemand hat "
                     "den letzten Diamanten gelegt (nach diesem Zug).",
               "fr": "Fin : la pioche ne donne plus {hand} cartes à chacun, ou un joueur a posé "
                     "son dernier diamant (après ce tour)."},
    # scoring table
    "mf.t_trade": {"en": "Trade: your diamonds on the column × diamonds on the column",
                "de": "Handel: deine Diamanten in der Spalte × Diamanten in der Spalte",
                "fr": "Commerce : vos diamants dans la colonne × diamants de la colonne"},
    "mf.t_on_column": {"en": "on the column", "de": "in der Spalte", "fr": "dans la colonne"},
    "mf.t_yours": {"en": "yours", "de": "deine", "fr": "à vous"},
    "mf.t_harbor": {"en": "Harbor: a full row pays each of its diamonds",
                 "de": "Hafen: eine volle Reihe zahlt jedem ihrer Diamanten",
                 "fr": "Port : une rangée pleine paie chacun de ses diamants"},
    "mf.t_goods_beside": {"en": "trade spaces occupied beside it",
                          "de": "besetzte Handelsfelder daneben",
                       "fr": "cases de commerce occupées à côté"},
    "mf.t_each": {"en": "each diamond", "de": "je Diamant", "fr": "par diamant"},
    "mf.t_pyramid": {"en": "Townspeople (nobili, populi)", "de": "Bürger (Nobili, Populi)",
                  "fr": "Citadins (nobili, populi)"},
    "mf.t_level": {"en": "space", "de": "Feld", "fr": "case"},
    "mf.t_points": {"en": "points", "de": "Punkte", "fr": "points"},
    "mf.t_match": {"en": "symbol ×2", "de": "Symbol ×2", "fr": "symbole ×2"},
    "mf.t_pays": {"en": "pays its supporters", "de": "zahlt der Unterlage",
               "fr": "paie ses supports"},
    "mf.bottom": {"en": "bottom", "de": "unten", "fr": "bas"},
    "mf.middle": {"en": "middle", "de": "Mitte", "fr": "milieu"},
    "mf.top": {"en": "top", "de": "oben", "fr": "haut"},
    "mf.t_pays_middle": {"en": "{b} to each of 2 bottoms", "de": "{b} an 2 untere",
                      "fr": "{b} à 2 du bas"},
    "mf.t_pays_top": {"en": "{m} to 2 middles, {b} to 3 bottoms",
                      "de": "{m} an 2 mittlere, {b} an 3 untere",
                   "fr": "{m} à 2 du milieu, {b} à 3 du bas"},
    "mf.t_workshops": {"en": "Workshops: own connected group", "de": "Werkstätten: eigene Gruppe",
                    "fr": "Ateliers : groupe relié"},
    "mf.t_group": {"en": "group", "de": "Gruppe", "fr": "groupe"},
    "mf.t_residences": {"en": "Residences: house values in line order",
                     "de": "Wohnhäuser: Werte in der Reihenfolge",
                     "fr": "Résidences : valeurs dans l'ordre"},
    "mf.t_residences_note": {
        "en": "Different values {values}: bonus card at {a} and {b}, the field at {n}.",
        "de": "Verschiedene Werte {values}: Bonuskarte bei {a} und {b}, das Feld bei {n}.",
        "fr": "Valeurs différentes {values} : carte bonus à {a} et {b}, le champ à {n}."},
    "mf.t_ship": {"en": "Ship track", "de": "Schiffsleiste", "fr": "Piste du navire"},
    "mf.t_fields": {"en": "20/15/10/5 fields: each player who meets a condition takes the "
                       "highest value still free",
                 "de": "20/15/10/5-Felder: wer eine Bedingung erfüllt, nimmt den höchsten noch "
                       "freien Wert",
                 "fr": "Champs 20/15/10/5 : chaque joueur qui remplit une condition prend la "
                       "plus haute valeur encore libre"},
    "mf.c_workshops": {"en": "all 4 materials", "de": "alle 4 Materialien", "fr": "les 4 matières"},
    "mf.c_residences": {"en": "{n} different house values", "de": "{n} verschiedene Hauswerte",
                     "fr": "{n} valeurs de maisons différentes"},
    "mf.c_townspeople": {"en": "all 3 symbols", "de": "alle 3 Symbole", "fr": "les 3 symboles"},
    "mf.c_trade": {"en": "all 4 goods", "de": "alle 4 Waren", "fr": "les 4 marchandises"},
    "mf.t_other": {"en": "Also", "de": "Außerdem", "fr": "Aussi"},
    "mf.t_other_text": {
        "en": "Each player has {n} diamonds; field markers use them too. A bonus card comes "
              "from the display; an empty display pays {points}. Equal totals: {ties}.",
        "de": "Jede Person hat {n} Diamanten; auch Feldmarker verbrauchen sie. Bonuskarten "
              "kommen aus der Auslage; leere Auslage: {points} Punkte. Gleichstand: {ties}.",
        "fr": "Chacun a {n} diamants ; les marqueurs de champ en utilisent aussi. Une carte "
              "bonus vient de l'étalage ; étalage vide : {points} points. Égalité : {ties}."},
    "mf.ties_shared": {"en": "shared", "de": "geteilt", "fr": "partagée"},
    "mf.ties_ship": {"en": "the ship further along wins", "de": "das weitere Schiff gewinnt",
                  "fr": "le navire le plus avancé gagne"},
    # tracker
    "mf.name": {"en": "Name", "de": "Name", "fr": "Nom"},
    "mf.k_fields": {"en": "20/15/10/5 fields: tick what you have, circle the value you took",
                 "de": "20/15/10/5-Felder: Erreichtes abhaken, genommenen Wert einkreisen",
                 "fr": "Champs 20/15/10/5 : cochez ce que vous avez, entourez la valeur prise"},
    "mf.k_laps": {"en": "Score track: tick each lap past 100",
               "de": "Zählleiste: jede Runde über 100 abhaken",
               "fr": "Piste de score : cochez chaque tour au-delà de 100"},
    "mf.k_bonus": {"en": "Bonus cards taken", "de": "Genommene Bonuskarten",
                "fr": "Cartes bonus prises"},
    "mf.k_diamonds": {"en": "Diamonds: tick each one placed (the game ends after the turn of "
                         "the last)",
                   "de": "Diamanten: jeden gelegten abhaken (nach dem Zug des letzten endet "
                         "das Spiel)",
                   "fr": "Diamants : cochez chaque diamant posé (la partie finit après le tour "
                         "du dernier)"},
    "mf.k_rounds": {"en": "Score after each round", "de": "Punkte nach jeder Runde",
                 "fr": "Points après chaque manche"},
    "mf.round": {"en": "round", "de": "Runde", "fr": "manche"},
    "mf.k_house_values": {"en": "house values", "de": "Hauswerte", "fr": "valeurs"},
    "mf.k_res_note": {"en": "field at {n} different", "de": "Feld bei {n} verschiedenen",
                   "fr": "champ à {n} différentes"},
    "mf.k_bonus_at": {"en": "bonus card at {a} and {b} different",
                   "de": "Bonuskarte bei {a} und {b} verschiedenen",
                   "fr": "carte bonus à {a} et {b} différentes"},
    "mf.k_this_round": {"en": "this round", "de": "diese Runde", "fr": "cette manche"},
    "mf.k_total": {"en": "total", "de": "Summe", "fr": "total"},
    "mf.t_game": {"en": "Rounds", "de": "Runden", "fr": "Manches"},
    "mf.t_players": {"en": "players", "de": "Personen", "fr": "joueurs"},
    "mf.t_display": {"en": "display at setup", "de": "Auslage zu Beginn",
                  "fr": "étalage au départ"},
    "mf.t_hand": {"en": "hand", "de": "Handkarten", "fr": "main"},
    "mf.t_plays": {"en": "cards played each", "de": "gespielte Karten je Person",
                "fr": "cartes jouées chacun"},
    "mf.t_rounds": {"en": "rounds (deck)", "de": "Runden (Stapel)", "fr": "manches (pioche)"},
    "mf.t_flow": {"en": "Pick a card, pass the rest to the left; then from the start player on, "
                     "everyone plays the picked card. Leftovers go to the display; the start "
                     "player passes to the left.",
               "de": "Eine Karte wählen, den Rest nach links geben; dann spielt ab der "
                     "Startperson jede ihre Karte. Übrige Karten kommen in die Auslage; die "
                     "Startperson wechselt nach links.",
               "fr": "Choisir une carte, passer le reste à gauche ; puis, depuis le premier "
                     "joueur, chacun joue sa carte. Les restes vont à l'étalage ; le premier "
                     "joueur passe à gauche."},
    "mf.t_who": {"en": "condition (write who took each value)",
              "de": "Bedingung (eintragen, wer welchen Wert nahm)",
              "fr": "condition (notez qui a pris chaque valeur)"},
    # ---- Floris (the score pad)
    "floris.title": {"en": "Floris – score pad", "de": "Floris – Punkteblock",
              "fr": "Floris – feuille de score"},
    "floris.ruleset": {"en": "ruleset {id}", "de": "Regelsatz {id}", "fr": "règles {id}"},
    "floris.name": {"en": "Name", "de": "Name", "fr": "Nom"},
    "floris.bouquet": {"en": "Bouquet", "de": "Strauß", "fr": "Bouquet"},
    "floris.final": {"en": "Final bouquet", "de": "Letzter Strauß", "fr": "Dernier bouquet"},
    "floris.penalty": {"en": "Penalty ({n}/card)", "de": "Strafe ({n}/Karte)",
                "fr": "Pénalité ({n}/carte)"},
    "floris.total": {"en": "Total", "de": "Summe", "fr": "Total"},
    "floris.rules_heading": {"en": "A bouquet", "de": "Ein Strauß", "fr": "Un bouquet"},
    "floris.intro": {
        "en": "All the cards in your hand, at least {n} flowers, and one of:",
        "de": "Alle Karten der Hand, mindestens {n} Blumen, und eines davon:",
        "fr": "Toutes les cartes de la main, au moins {n} fleurs, et l'une des formes :",
    },
    "floris.same": {"en": "1. All flowers of one type", "de": "1. Alle Blumen einer Sorte",
             "fr": "1. Toutes les fleurs d'une même sorte"},
    "floris.equal": {
        "en": "2. Every type the same count (3 + 3; one of each of the five)",
        "de": "2. Jede Sorte gleich oft (3 + 3; von allen fünf je eine)",
        "fr": "2. Chaque sorte en même nombre (3 + 3 ; une de chacune des cinq)",
    },
    "floris.run_from_one": {
        "en": "3. At least 3 types counting 1-2-3… (1-2-3, 1-2-3-4, 1-2-3-4-5)",
        "de": "3. Mindestens 3 Sorten mit 1-2-3… (1-2-3, 1-2-3-4, 1-2-3-4-5)",
        "fr": "3. Au moins 3 sortes comptant 1-2-3… (1-2-3, 1-2-3-4, 1-2-3-4-5)",
    },
    "floris.run_free": {
        "en": "3. At least 3 types with consecutive counts (1-2-3, 2-3-4, 1-2-3-4…)",
        "de": "3. Mindestens 3 Sorten mit lückenlosen Anzahlen (1-2-3, 2-3-4, 1-2-3-4…)",
        "fr": "3. Au moins 3 sortes aux nombres consécutifs (1-2-3, 2-3-4, 1-2-3-4…)",
    },
    "floris.any_step": {"en": "Any type may take any step.",
                        "de": "Jede Sorte darf jede Stufe sein.",
                 "fr": "N'importe quelle sorte peut occuper chaque rang."},
    "floris.points": {
        "en": "1 point per flower; from {n} flowers on a bonus:",
        "de": "1 Punkt je Blume; ab {n} Blumen gibt es einen Bonus:",
        "fr": "1 point par fleur ; à partir de {n} fleurs, un bonus :",
    },
    "floris.points_no_bonus": {"en": "1 point per flower.", "de": "1 Punkt je Blume.",
                        "fr": "1 point par fleur."},
    "floris.point": {"en": "point", "de": "Punkt", "fr": "point"},
    "floris.points_word": {"en": "points", "de": "Punkte", "fr": "points"},
    "floris.flowers": {"en": "Flowers", "de": "Blumen", "fr": "Fleurs"},
    "floris.score": {"en": "Points", "de": "Punkte", "fr": "Points"},
    "floris.end_subset": {
        "en": "End: everyone scores one final bouquet, any valid part of the hand.",
        "de": "Ende: jede Person wertet einen letzten Strauß, ein beliebiger gültiger Teil der "
              "Hand.",
        "fr": "Fin : chacun marque un dernier bouquet, toute partie valide de sa main.",
    },
    "floris.end_whole": {
        "en": "End: everyone scores one final bouquet, made of the whole hand.",
        "de": "Ende: jede Person wertet einen letzten Strauß aus der ganzen Hand.",
        "fr": "Fin : chacun marque un dernier bouquet fait de toute sa main.",
    },
    "floris.penalty_rule": {
        "en": "Each card left in hand and each discarded card: {lost}.",
        "de": "Jede Karte, die auf der Hand bleibt oder abgeworfen wurde: {lost}.",
        "fr": "Chaque carte restée en main et chaque carte défaussée : {lost}.",
    },
    "floris.ties_shared": {"en": "Highest total wins; a tie is shared.",
                    "de": "Die höchste Summe gewinnt; bei Gleichstand teilen sich alle den Sieg.",
                    "fr": "Le plus haut total gagne ; les ex æquo partagent la victoire."},
    "floris.ties_fewer_penalty_cards": {
        "en": "Highest total wins; on a tie, fewer cards in hand and discarded.",
        "de": "Die höchste Summe gewinnt; bei Gleichstand weniger Strafkarten.",
        "fr": "Le plus haut total gagne ; en cas d'égalité, le moins de cartes pénalisées."},
    "floris.ties_more_bouquets": {
        "en": "Highest total wins; on a tie, more bouquets presented.",
        "de": "Die höchste Summe gewinnt; bei Gleichstand mehr gewertete Sträuße.",
        "fr": "Le plus haut total gagne ; en cas d'égalité, le plus de bouquets."},
    # the five types, in the order of rules/floris/data/flowers.yaml
    "floris.daisy": {"en": "daisy", "de": "Gänseblümchen", "fr": "marguerite"},
    "floris.cornflower": {"en": "cornflower", "de": "Kornblume", "fr": "bleuet"},
    "floris.rose": {"en": "rose", "de": "Rose", "fr": "rose"},
    "floris.sunflower": {"en": "sunflower", "de": "Sonnenblume", "fr": "tournesol"},
    "floris.lily": {"en": "lily", "de": "Lilie", "fr": "lys"},
    # ---- the browser pages (scorepad serve, vv flip --html): keys web.*
    "web.lang": {"en": "Language", "de": "Sprache", "fr": "Langue"},
    "web.undo": {"en": "Undo", "de": "Zurück", "fr": "Annuler"},
    "web.round": {"en": "Round {n}", "de": "Runde {n}", "fr": "Manche {n}"},
    "web.seed": {"en": "seed {seed}", "de": "Startwert {seed}", "fr": "graine {seed}"},
    "web.history": {"en": "History", "de": "Verlauf", "fr": "Historique"},
    "web.error": {"en": "Not allowed", "de": "Nicht erlaubt", "fr": "Non autorisé"},
    "web.offline": {"en": "Connection lost: reconnecting…", "de": "Verbindung weg: verbinde neu…",
                    "fr": "Connexion perdue : reconnexion…"},
    # ---- the flipper
    "web.flip_title": {"en": "Voll verplant – cards", "de": "Voll verplant – Karten",
                       "fr": "Voll verplant – cartes"},
    "web.next": {"en": "Next card", "de": "Nächste Karte", "fr": "Carte suivante"},
    "web.restart": {"en": "Start over", "de": "Neu beginnen", "fr": "Recommencer"},
    "web.restart_ask": {"en": "Take back every card and start again?",
                        "de": "Alle Karten zurücknehmen und neu beginnen?",
                        "fr": "Reprendre toutes les cartes et recommencer ?"},
    "web.press_next": {"en": "Tap “Next card” to reveal the first card.",
                       "de": "„Nächste Karte“ tippen, um die erste Karte aufzudecken.",
                       "fr": "Touchez « Carte suivante » pour révéler la première carte."},
    "web.pile": {"en": "Still in the pile: {n}", "de": "Noch im Stapel: {n}",
                 "fr": "Encore dans la pile : {n}"},
    "web.pile_of": {"en": "{left} of {all}", "de": "{left} von {all}", "fr": "{left} sur {all}"},
    "web.reshuffle": {
        "en": "Reshuffle: after this round all {n} cards are shuffled into a new pile.",
        "de": "Neu mischen: nach dieser Runde werden alle {n} Karten neu gemischt.",
        "fr": "Mélange : après cette manche, les {n} cartes sont mélangées à nouveau."},
    "web.shuffle_icon": {"en": "shuffle", "de": "mischen", "fr": "mélanger"},
    "web.windows_left": {"en": "{n} windows left, at least {n} rounds",
                         "de": "{n} Fenster frei, mindestens {n} Runden",
                         "fr": "{n} fenêtres libres, au moins {n} manches"},
    "web.windows_special": {"en": "(special stations: players may fill up sooner)",
                            "de": "(Sonderstationen: es kann schneller gehen)",
                            "fr": "(stations spéciales : cela peut aller plus vite)"},
    "web.over": {"en": "Game over: every wagon window is filled.",
                 "de": "Spielende: alle Wagenfenster sind gefüllt.",
                 "fr": "Fin de partie : toutes les fenêtres sont remplies."},
    "web.over_any_map": {"en": "No more cards: on every map the game is over by now.",
                         "de": "Keine Karten mehr: auf jedem Plan ist das Spiel jetzt zu Ende.",
                         "fr": "Plus de cartes : sur tous les plans, la partie est finie."},
    "web.number": {"en": "Number {v}", "de": "Zahl {v}", "fr": "Nombre {v}"},
    "web.number_do": {"en": "up to {v} crosses in a row", "de": "bis zu {v} Kreuze in Folge",
                      "fr": "jusqu’à {v} croix à la suite"},
    "web.express": {"en": "Express {v}", "de": "Express {v}", "fr": "Express {v}"},
    "web.express_do": {"en": "up to {v} crosses, jump marked stations",
                       "de": "bis zu {v} Kreuze, markierte Stationen überspringen",
                       "fr": "jusqu’à {v} croix, en sautant les stations marquées"},
    "web.transfer": {"en": "Transfer", "de": "Umstieg", "fr": "Correspondance"},
    "web.transfer_do": {"en": "write the number of lines at the first free station",
                        "de": "Anzahl der Linien an die erste freie Station schreiben",
                        "fr": "inscrire le nombre de lignes à la première station libre"},
    "web.free": {"en": "Free ride", "de": "Freifahrt", "fr": "Trajet libre"},
    "web.free_do": {"en": "cross any one free station, no window",
                    "de": "eine beliebige freie Station ankreuzen, kein Fenster",
                    "fr": "cocher une station libre au choix, sans fenêtre"},
    # ---- the served pages
    "web.start_title": {"en": "scorepad – new game", "de": "scorepad – neues Spiel",
                        "fr": "scorepad – nouvelle partie"},
    "web.game": {"en": "Game", "de": "Spiel", "fr": "Jeu"},
    "web.players": {"en": "Players (one name a line)", "de": "Spieler (ein Name pro Zeile)",
                    "fr": "Joueurs (un nom par ligne)"},
    "web.seed_label": {"en": "Seed (empty: a fresh one)", "de": "Startwert (leer: ein neuer)",
                       "fr": "Graine (vide : une nouvelle)"},
    "web.rules_label": {"en": "Ruleset options (JSON)", "de": "Regeloptionen (JSON)",
                        "fr": "Options de règles (JSON)"},
    "web.create": {"en": "Start the game", "de": "Spiel starten", "fr": "Lancer la partie"},
    "web.no_games": {"en": "No game is installed.", "de": "Kein Spiel installiert.",
                     "fr": "Aucun jeu installé."},
    "web.join": {"en": "Join links", "de": "Links zum Mitspielen", "fr": "Liens pour rejoindre"},
    "web.host_link": {"en": "Host (flips, undoes, ends)",
                      "de": "Gastgeber (aufdecken, zurück, beenden)",
                      "fr": "Hôte (révèle, annule, termine)"},
    "web.watch_link": {"en": "Watch (sees everything, moves nothing)",
                       "de": "Zuschauen (sieht alles, zieht nicht)",
                       "fr": "Regarder (voit tout, ne joue pas)"},
    "web.you_watch": {"en": "Watching", "de": "Zuschauer", "fr": "Spectateur"},
    "web.your_games": {"en": "Your games (on this device)", "de": "Deine Spiele (auf diesem Gerät)",
                       "fr": "Vos parties (sur cet appareil)"},
    "web.open": {"en": "Open", "de": "Öffnen", "fr": "Ouvrir"},
    "web.to_move": {"en": "To move: {names}", "de": "Am Zug: {names}", "fr": "À jouer : {names}"},
    "web.chance": {"en": "Next: a card or a deal", "de": "Als Nächstes: Karte oder Verteilen",
                   "fr": "Ensuite : une carte ou une donne"},
    "web.reveal": {"en": "Reveal", "de": "Aufdecken", "fr": "Révéler"},
    "web.end": {"en": "End the game", "de": "Spiel beenden", "fr": "Terminer la partie"},
    "web.end_ask": {"en": "End this game for everyone?", "de": "Dieses Spiel für alle beenden?",
                    "fr": "Terminer cette partie pour tous ?"},
    "web.game_over": {"en": "Game over", "de": "Spiel vorbei", "fr": "Partie terminée"},
    "web.ended": {"en": "The game has ended.", "de": "Das Spiel ist zu Ende.",
                  "fr": "La partie est terminée."},
    "web.your_moves": {"en": "Your moves ({name})", "de": "Deine Züge ({name})",
                       "fr": "Vos coups ({name})"},
    "web.moves_for": {"en": "Moves for {name}", "de": "Züge für {name}", "fr": "Coups pour {name}"},
    "web.waiting": {"en": "Waiting for the others…", "de": "Warte auf die anderen…",
                    "fr": "En attente des autres…"},
    "web.moves_elsewhere": {"en": "{name} moves on their own page: only it shows their hand",
                            "de": "{name} zieht auf der eigenen Seite: nur sie zeigt die Hand",
                            "fr": "{name} joue sur sa propre page : elle seule montre sa main"},
    "web.open_page": {"en": "Open {name}'s page", "de": "Seite von {name} öffnen",
                      "fr": "Ouvrir la page de {name}"},
    "web.you_are": {"en": "You are {name}", "de": "Du bist {name}", "fr": "Vous êtes {name}"},
    "web.you_host": {"en": "You are the host", "de": "Du bist Gastgeber", "fr": "Vous êtes l’hôte"},
    "web.score": {"en": "Score", "de": "Punkte", "fr": "Points"},
    "web.rank": {"en": "rank {n}", "de": "Platz {n}", "fr": "rang {n}"},
    "web.log": {"en": "Log", "de": "Protokoll", "fr": "Journal"},
    "web.steps": {"en": "{n} steps", "de": "{n} Schritte", "fr": "{n} étapes"},
    "web.step_one": {"en": "1 step", "de": "1 Schritt", "fr": "1 étape"},
    "web.deal_label": {"en": "Cards", "de": "Karten", "fr": "Cartes"},
    "web.deal_seed": {"en": "dealt from the seed (hands on the phones)",
                      "de": "aus dem Startwert verteilt (Hände auf den Handys)",
                      "fr": "distribuées par la graine (mains sur les téléphones)"},
    "web.deal_table": {"en": "dealt at the table (scorekeeper only)",
                       "de": "am Tisch verteilt (nur Punkte zählen)",
                       "fr": "distribuées à la table (marque seulement)"},
    # ---- the Mille Fiori page
    "web.mf_round": {"en": "Round {n} of {of}", "de": "Runde {n} von {of}",
                     "fr": "Manche {n} sur {of}"},
    "web.mf_tap": {"en": "Tap a space (or Ship), then a card.",
                   "de": "Erst ein Feld (oder Schiff) tippen, dann eine Karte.",
                   "fr": "Touchez une case (ou Navire), puis une carte."},
    "web.mf_cards_for": {"en": "Cards for {space}", "de": "Karten für {space}",
                         "fr": "Cartes pour {space}"},
    "web.mf_ship": {"en": "Ship", "de": "Schiff", "fr": "Navire"},
    "web.mf_empty": {"en": "The display is empty", "de": "Die Auslage ist leer",
                     "fr": "L’étalage est vide"},
    "web.mf_owes": {"en": "{name} takes a bonus card: {why}",
                    "de": "{name} nimmt eine Bonuskarte: {why}",
                    "fr": "{name} prend une carte bonus : {why}"},
    "web.mf_hand": {"en": "Hand of {name}", "de": "Hand von {name}", "fr": "Main de {name}"},
    "web.mf_display": {"en": "Display", "de": "Auslage", "fr": "Étalage"},
    "web.mf_recent": {"en": "Last steps", "de": "Letzte Schritte", "fr": "Derniers coups"},
    "web.mf_fields": {"en": "20/15/10/5 fields", "de": "Felder 20/15/10/5",
                      "fr": "Cases 20/15/10/5"},
    "web.mf_taken_by": {"en": "taken: {who}", "de": "genommen: {who}", "fr": "prises : {who}"},
    "web.mf_nobody": {"en": "none taken yet", "de": "noch keines genommen",
                      "fr": "aucune prise"},
    "web.mf_lap": {"en": "{track} on the track, lap {lap}",
                   "de": "{track} auf der Leiste, Runde {lap}",
                   "fr": "{track} sur la piste, tour {lap}"},
    "web.mf_ship_at": {"en": "ship {n}/{of}", "de": "Schiff {n}/{of}", "fr": "navire {n}/{of}"},
    "web.mf_diamonds": {"en": "{n} diamonds", "de": "{n} Diamanten", "fr": "{n} diamants"},
    "web.mf_bonus_cards": {"en": "{n} bonus cards", "de": "{n} Bonuskarten",
                           "fr": "{n} cartes bonus"},
    "web.mf_deal": {"en": "the hands are dealt", "de": "die Hände sind verteilt",
                    "fr": "les mains sont distribuées"},
    "web.mf_leftover": {"en": "the leftover cards go to the display",
                        "de": "die übrigen Karten kommen in die Auslage",
                        "fr": "les cartes restantes vont à l’étalage"},
    "web.mf_to_ship": {"en": "{card} → ship", "de": "{card} → Schiff", "fr": "{card} → navire"},
    "web.mf_k_ship": {"en": "ship", "de": "Schiff", "fr": "navire"},
    "web.mf_k_bonus_fields": {"en": "field", "de": "Feld", "fr": "case"},
    "web.mf_k_empty_display": {"en": "empty display", "de": "leere Auslage",
                               "fr": "étalage vide"},
    "web.mf_k_bonus": {"en": "bonus card", "de": "Bonuskarte", "fr": "carte bonus"},
    "web.mf_k_field": {"en": "field", "de": "Feld", "fr": "case"},
    "web.mf_k_end": {"en": "end", "de": "Ende", "fr": "fin"},
    "web.mf_end_diamonds": {"en": "Game over: a player has placed their last diamond.",
                            "de": "Spielende: jemand hat den letzten Diamanten gesetzt.",
                            "fr": "Fin de partie : un joueur a posé son dernier diamant."},
    "web.mf_end_deck": {"en": "Game over: the deck cannot deal another round.",
                        "de": "Spielende: der Stapel reicht für keine weitere Runde.",
                        "fr": "Fin de partie : la pioche ne suffit plus pour une manche."},
    # ---- the Floris page
    "web.fl_spec": {"en": "Bouquet, e.g. rose:3 lily:3", "de": "Strauß, z. B. rosen:3 lilien:3",
                    "fr": "Bouquet, p. ex. roses:3 lys:3"},
    "web.fl_check": {"en": "Check", "de": "Prüfen", "fr": "Vérifier"},
    "web.fl_present": {"en": "Present", "de": "Werten", "fr": "Présenter"},
    "web.fl_for": {"en": "Enter for {name}", "de": "Eintragen für {name}",
                   "fr": "Saisir pour {name}"},
    "web.fl_end_h": {"en": "End of the game", "de": "Spielende", "fr": "Fin de partie"},
    "web.fl_final": {"en": "Final bouquet (empty: none)", "de": "Letzter Strauß (leer: keiner)",
                     "fr": "Dernier bouquet (vide : aucun)"},
    "web.fl_left_in_hand": {"en": "Cards left in hand", "de": "Karten auf der Hand",
                            "fr": "Cartes restées en main"},
    "web.fl_discarded": {"en": "Cards discarded", "de": "Abgeworfene Karten",
                         "fr": "Cartes défaussées"},
    "web.fl_left_in_reserve": {"en": "Cards left in the reserve", "de": "Karten im Vorrat",
                               "fr": "Cartes restées en réserve"},
    "web.fl_enter": {"en": "Enter the end", "de": "Ende eintragen", "fr": "Saisir la fin"},
    "web.fl_entered": {"en": "end entered", "de": "Ende eingetragen", "fr": "fin saisie"},
    "web.fl_bouquets": {"en": "{n} bouquets", "de": "{n} Sträuße", "fr": "{n} bouquets"},
    "web.fl_bouquet_one": {"en": "1 bouquet", "de": "1 Strauß", "fr": "1 bouquet"},
    "web.fl_final_bouquet": {"en": "Final bouquet", "de": "Letzter Strauß",
                             "fr": "Dernier bouquet"},
    "web.fl_points": {"en": "{n} points", "de": "{n} Punkte", "fr": "{n} points"},
    "web.fl_penalties": {"en": "penalty −{n}", "de": "Strafe −{n}", "fr": "pénalité −{n}"},
    "web.fl_final_round": {"en": "Final round: no more bouquets, each player enters the end.",
                           "de": "Schlussrunde: keine Sträuße mehr, jede Person trägt das Ende "
                                 "ein.",
                           "fr": "Dernier tour : plus de bouquets, chacun saisit sa fin."},
    "web.fl_winners": {"en": "Winner: {names}", "de": "Gewonnen: {names}",
                       "fr": "Gagnant : {names}"},
    "web.fl_valid": {"en": "valid", "de": "gültig", "fr": "valide"},
    "web.fl_invalid": {"en": "not a bouquet", "de": "kein Strauß", "fr": "pas un bouquet"},
    # ---- the served Voll verplant table page
    "web.vv_your_move": {"en": "Your move", "de": "Dein Zug", "fr": "Votre coup"},
    "web.vv_move_for": {"en": "Move for {name}", "de": "Zug für {name}", "fr": "Coup pour {name}"},
    "web.vv_pick_line": {"en": "Choose a line", "de": "Linie wählen", "fr": "Choisissez une ligne"},
    "web.vv_line": {"en": "line {id}", "de": "Linie {id}", "fr": "ligne {id}"},
    "web.vv_windows": {"en": "{used} of {all} windows", "de": "{used} von {all} Fenstern",
                       "fr": "{used} sur {all} fenêtres"},
    "web.vv_direction": {"en": "Which way round?", "de": "In welche Richtung?",
                         "fr": "Dans quel sens ?"},
    "web.vv_cw": {"en": "↻ clockwise", "de": "↻ im Uhrzeigersinn", "fr": "↻ sens horaire"},
    "web.vv_ccw": {"en": "↺ anticlockwise", "de": "↺ gegen den Uhrzeigersinn",
                   "fr": "↺ sens antihoraire"},
    "web.vv_crosses": {"en": "How many to cross?", "de": "Wie viele ankreuzen?",
                       "fr": "Combien de croix ?"},
    "web.vv_cross_n": {"en": "{n} ✕", "de": "{n} ✕", "fr": "{n} ✕"},
    "web.vv_back": {"en": "◀ other line", "de": "◀ andere Linie", "fr": "◀ autre ligne"},
    "web.vv_station": {"en": "Which station? (the numbers on the sheet)",
                       "de": "Welche Station? (die Nummern auf dem Blatt)",
                       "fr": "Quelle station ? (les numéros de la feuille)"},
    "web.vv_decline": {"en": "No free ride", "de": "Keine Freifahrt", "fr": "Pas de trajet libre"},
    "web.vv_pass": {"en": "No free window: pass", "de": "Kein Fenster frei: passen",
                    "fr": "Aucune fenêtre libre : passer"},
    "web.vv_follow": {
        "en": "★ Special station {id}{name}: play the card again in another window",
        "de": "★ Sonderstation {id}{name}: die Karte noch einmal in ein anderes Fenster",
        "fr": "★ Station spéciale {id}{name} : rejouez la carte dans une autre fenêtre"},
    "web.vv_moved": {"en": "✓ moved", "de": "✓ gezogen", "fr": "✓ a joué"},
    "web.vv_owes": {"en": "★ follow-up at {id}", "de": "★ Folgezug bei {id}",
                    "fr": "★ coup de suite à {id}"},
    "web.vv_thinking": {"en": "… to move", "de": "… am Zug", "fr": "… doit jouer"},
    "web.vv_free": {"en": "{n} windows free", "de": "{n} Fenster frei",
                    "fr": "{n} fenêtres libres"},
    "web.vv_players": {"en": "At the table", "de": "Am Tisch", "fr": "À la table"},
    "web.vv_sheet": {"en": "Sheet of {name}", "de": "Blatt von {name}", "fr": "Feuille de {name}"},
    "web.vv_zoom": {"en": "Zoom", "de": "Zoom", "fr": "Zoom"},
    "web.vv_done": {
        "en": "Round {round}: line {line} completed by {player} – {bonus} bonus, {points} points",
        "de": "Runde {round}: Linie {line} abgeschlossen von {player} – Bonus {bonus}, {points} "
              "Punkte",
        "fr": "Manche {round} : ligne {line} complétée par {player} – bonus {bonus}, {points} "
              "points"},
    "web.vv_first": {"en": "first", "de": "Erster", "fr": "premier"},
    "web.vv_later": {"en": "later", "de": "Später", "fr": "suivant"},
    "web.vv_completed": {"en": "Lines completed", "de": "Abgeschlossene Linien",
                         "fr": "Lignes complétées"},
    "web.vv_breakdown": {
        "en": "{name}: lines {lines} + 2 × transfers {transfers} − empty {empty} = {total}",
        "de": "{name}: Linien {lines} + 2 × Umstiege {transfers} − leer {empty} = {total}",
        "fr": "{name} : lignes {lines} + 2 × correspondances {transfers} − vides {empty} = "
              "{total}"},
}


def label(key: str, lang: str, **fields: object) -> str:
    """The text of label ``key`` in ``lang`` (``en``/``de``/``fr``), with ``fields`` filled in.

    An unknown key or language is a programming error (KeyError): the CLI only offers the
    languages in ``LANGS``.
    """
    text = WORDS[key][lang]
    text = text.format(**fields) if fields else text
    return french_spacing(text) if lang == "fr" else text


#: The minus sign negative numbers print with.
MINUS = "\u2212"
_FRENCH_PUNCT = re.compile(r"[ \u00a0\u202f]?([:;!?])(?=\s|$)")


def french_spacing(text: str) -> str:
    """``text`` with French spacing: a narrow no-break space before ``:``, ``;``, ``!``,
    ``?`` that end a word (``Nom :``; not in ``3:2`` or ``https://``)."""
    return _FRENCH_PUNCT.sub("\u202f\\1", text)


def colon(text: str, lang: str) -> str:
    """``text`` followed by a colon, as ``lang`` writes it (``Name:``, ``Nom :``)."""
    return french_spacing(text + ":") if lang == "fr" else text + ":"


def format_number(value: float, lang: str) -> str:
    """A score as people write it: ``3``, ``−2.5`` in English, ``−2,5`` in German and French
    (a real minus sign)."""
    if float(value).is_integer():
        return str(int(value)).replace("-", MINUS)
    text = f"{value:g}".replace("-", MINUS)
    return text.replace(".", ",") if lang in ("de", "fr") else text
