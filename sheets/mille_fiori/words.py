"""The printed words of the Mille Fiori score aids, in en/de/fr.

:data:`WORDS` maps a key to its text per language (some texts hold ``{fields}``);
:func:`word` looks one up and fills the fields in. :data:`LANGS` lists the languages.
"""

from __future__ import annotations

LANGS = ("en", "de", "fr")

WORDS: dict[str, dict[str, str]] = {
    "title_aid": {"en": "Mille Fiori – player aid", "de": "Mille Fiori – Spielhilfe",
                  "fr": "Mille Fiori – aide de jeu"},
    "title_table": {"en": "Mille Fiori – scoring table", "de": "Mille Fiori – Wertungstabelle",
                    "fr": "Mille Fiori – tableau des points"},
    "title_tracker": {"en": "Mille Fiori – tracker", "de": "Mille Fiori – Merkblatt",
                      "fr": "Mille Fiori – fiche de suivi"},
    "ruleset": {"en": "ruleset {id}", "de": "Regelsatz {id}", "fr": "règles {id}"},
    # areas
    "workshops": {"en": "Workshops", "de": "Werkstätten", "fr": "Ateliers"},
    "residences": {"en": "Residences", "de": "Wohnhäuser", "fr": "Résidences"},
    "townspeople": {"en": "Townspeople: nobili and populi", "de": "Bürger: Nobili und Populi",
                    "fr": "Citadins : nobili et populi"},
    "nobili": {"en": "Nobili", "de": "Nobili", "fr": "Nobili"},
    "populi": {"en": "Populi", "de": "Populi", "fr": "Populi"},
    "trade": {"en": "Trade", "de": "Handel", "fr": "Commerce"},
    "harbor": {"en": "Harbor", "de": "Hafen", "fr": "Port"},
    "ship": {"en": "Ship track and bonus cards", "de": "Schiffsleiste und Bonuskarten",
             "fr": "Piste du navire et cartes bonus"},
    # symbols
    "quartz": {"en": "quartz", "de": "Quarz", "fr": "quartz"},
    "lime": {"en": "lime", "de": "Kalk", "fr": "chaux"},
    "ash": {"en": "ash", "de": "Asche", "fr": "cendre"},
    "pigments": {"en": "pigments", "de": "Pigmente", "fr": "pigments"},
    "coin": {"en": "coin", "de": "Münze", "fr": "pièce"},
    "lion": {"en": "lion", "de": "Löwe", "fr": "lion"},
    "cross": {"en": "cross", "de": "Kreuz", "fr": "croix"},
    "shell": {"en": "shell", "de": "Muschel", "fr": "coquillage"},
    "fish": {"en": "fish", "de": "Fisch", "fr": "poisson"},
    "crab": {"en": "crab", "de": "Krebs", "fr": "crabe"},
    "goblet": {"en": "goblet", "de": "Pokal", "fr": "gobelet"},
    "carafe": {"en": "carafe", "de": "Karaffe", "fr": "carafe"},
    "earrings": {"en": "earrings", "de": "Ohrringe", "fr": "boucles"},
    "swan": {"en": "swan", "de": "Schwan", "fr": "cygne"},
    # row labels of a block
    "place": {"en": "Place", "de": "Legen", "fr": "Poser"},
    "score": {"en": "Score", "de": "Wertung", "fr": "Points"},
    "bonus": {"en": "Bonus card", "de": "Bonuskarte", "fr": "Carte bonus"},
    "field": {"en": "20/15/10/5", "de": "20/15/10/5", "fr": "20/15/10/5"},
    "example": {"en": "Example", "de": "Beispiel", "fr": "Exemple"},
    "you": {"en": "you", "de": "du", "fr": "vous"},
    "other": {"en": "others", "de": "andere", "fr": "autres"},
    "new": {"en": "new diamond", "de": "neuer Diamant", "fr": "nouveau diamant"},
    # workshops
    "ws_place": {"en": "a free space of the card's material ({materials}).",
                 "de": "auf ein freies Feld mit dem Material der Karte ({materials}).",
                 "fr": "sur une case libre de la matière de la carte ({materials})."},
    "ws_score": {
        "en": "1 per own diamond in the connected group now holding the new one; ×2 if the "
              "new diamond is on {double}.",
        "de": "1 je eigenem Diamanten der zusammenhängenden Gruppe mit dem neuen; ×2, wenn "
              "der neue auf {double} liegt.",
        "fr": "1 par diamant à vous dans le groupe relié au nouveau ; ×2 si le nouveau est "
              "sur {double}."},
    "ws_bonus": {"en": "your diamond fills the third space of a bonus triangle (any owners).",
                 "de": "dein Diamant füllt das dritte Feld eines Bonus-Dreiecks (egal wessen).",
                 "fr": "votre diamant remplit la 3e case d'un triangle bonus (à quiconque)."},
    "ws_field": {"en": "own diamonds on all 4 materials.",
                 "de": "eigene Diamanten auf allen 4 Materialien.",
                 "fr": "vos diamants sur les 4 matières."},
    "ws_example": {"en": "group of {n} on {double}: {n} × 2 = {points}; triangle full: bonus card",
                   "de": "Gruppe aus {n} auf {double}: {n} × 2 = {points}; Dreieck voll: Bonuskarte",
                   "fr": "groupe de {n} sur {double} : {n} × 2 = {points} ; triangle plein : "
                         "carte bonus"},
    # residences
    "res_place": {"en": "the next free house in line order.",
                  "de": "auf das nächste freie Haus der Reihe.",
                  "fr": "sur la prochaine maison libre, dans l'ordre."},
    "res_score": {"en": "the house's value plus the houses directly before it, going back "
                        "while they are yours.",
                  "de": "Wert des Hauses plus die Häuser direkt davor, solange sie dir gehören.",
                  "fr": "la valeur de la maison plus celles juste avant, tant qu'elles sont "
                        "à vous."},
    "res_bonus": {"en": "when you own houses of {a} different values, and again at {b}.",
                  "de": "sobald du Häuser mit {a} verschiedenen Werten hast, und wieder bei {b}.",
                  "fr": "quand vous avez des maisons de {a} valeurs différentes, puis à {b}."},
    "res_field": {"en": "houses of {n} different values.",
                  "de": "Häuser mit {n} verschiedenen Werten.",
                  "fr": "des maisons de {n} valeurs différentes."},
    "res_example": {"en": "{sum} = {points}", "de": "{sum} = {points}", "fr": "{sum} = {points}"},
    # townspeople
    "tp_place": {
        "en": "any free space whose supports are filled: bottom always, middle on 2 filled "
              "bottoms, top on 2 filled middles (by anyone).",
        "de": "auf ein freies Feld mit gefüllter Unterlage: unten immer, Mitte auf 2 vollen "
              "unteren, oben auf 2 vollen mittleren (egal wessen).",
        "fr": "sur une case libre bien soutenue : en bas toujours, au milieu sur 2 cases du "
              "bas remplies, en haut sur 2 du milieu (à quiconque)."},
    "tp_score": {
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
    "tp_bonus": {"en": "placing on a top space.", "de": "Diamant auf ein oberes Feld.",
                 "fr": "poser sur une case du haut."},
    "tp_field": {"en": "(each area) your diamonds on spaces showing all 3 symbols.",
                 "de": "(je Bereich) deine Diamanten auf Feldern mit allen 3 Symbolen.",
                 "fr": "(chaque zone) vos diamants sur des cases des 3 symboles."},
    "tp_example": {"en": "top, symbol matches: {top} × 2 = {points}; supporters +{middle} / +{bottom}",
                   "de": "oben, gleiches Symbol: {top} × 2 = {points}; Unterlage +{middle} / +{bottom}",
                   "fr": "haut, même symbole : {top} × 2 = {points} ; supports +{middle} / +{bottom}"},
    # trade
    "tr_place": {"en": "any free space of the card's good ({goods}).",
                 "de": "auf ein freies Feld der Ware der Karte ({goods}).",
                 "fr": "sur une case libre de la marchandise de la carte ({goods})."},
    "tr_score": {"en": "every diamond on that good's column scores, for its owner, the number "
                       "of diamonds now on the column.",
                 "de": "jeder Diamant in der Spalte dieser Ware zählt für seinen Besitzer so "
                       "viel, wie jetzt Diamanten in der Spalte liegen.",
                 "fr": "chaque diamant de la colonne de cette marchandise rapporte à son "
                       "propriétaire le nombre de diamants de la colonne."},
    "tr_bonus": {"en": "this scoring gives another player more points than you.",
                 "de": "diese Wertung bringt jemand anderem mehr Punkte als dir.",
                 "fr": "ce décompte rapporte plus à un autre joueur qu'à vous."},
    "tr_field": {"en": "all 4 goods.", "de": "alle 4 Waren.", "fr": "les 4 marchandises."},
    "tr_example": {"en": "{n} on the column: you {mine}, others {theirs}: bonus card",
                   "de": "{n} in der Spalte: du {mine}, andere {theirs}: Bonuskarte",
                   "fr": "{n} dans la colonne : vous {mine}, autres {theirs} : carte bonus"},
    # harbor
    "hb_place": {"en": "any free ship space in any row; the card also moves your ship by "
                       "its number (that scores first).",
                 "de": "auf ein freies Schiffsfeld einer beliebigen Reihe; die Karte zieht "
                       "auch dein Schiff um ihre Zahl (das wird zuerst gewertet).",
                 "fr": "sur une case de navire libre de n'importe quelle rangée ; la carte "
                       "avance aussi votre navire de son nombre (compté d'abord)."},
    "hb_score": {"en": "when a row's third space fills, each of its 3 diamonds scores "
                       "{payout} for 1 / 2 / 3 / 4 occupied spaces of the trade row beside it.",
                 "de": "wird das dritte Feld einer Reihe gefüllt, zählt jeder ihrer 3 Diamanten "
                       "{payout} für 1 / 2 / 3 / 4 besetzte Felder der Handelsreihe daneben.",
                 "fr": "quand la 3e case d'une rangée est remplie, chacun de ses 3 diamants "
                       "rapporte {payout} pour 1 / 2 / 3 / 4 cases occupées de la rangée de "
                       "commerce voisine."},
    "hb_bonus": {"en": "only from the ship's landing (played after the row paid).",
                 "de": "nur durch die Landung des Schiffs (nach der Reihenwertung).",
                 "fr": "seulement par l'arrivée du navire (après le paiement de la rangée)."},
    "hb_field": {"en": "none for the harbor.", "de": "keines für den Hafen.",
                 "fr": "aucun pour le port."},
    "hb_example": {"en": "row full, {goods} goods beside it: {pay} for each diamond",
                   "de": "Reihe voll, {goods} Waren daneben: {pay} für jeden Diamanten",
                   "fr": "rangée pleine, {goods} marchandises à côté : {pay} par diamant"},
    # ship and bonus cards
    "sh_move": {"en": "Any card may move your ship forward by its ship number instead; score "
                      "the landing space. B: a bonus card. Past 20 ends on 20; from 20 nothing.",
                "de": "Jede Karte kann stattdessen dein Schiff um ihre Schiffszahl ziehen; das "
                      "Zielfeld zählt. B: eine Bonuskarte. Über 20 endet auf 20; ab 20 nichts.",
                "fr": "Toute carte peut plutôt avancer votre navire de son nombre ; la case "
                      "d'arrivée compte. B : une carte bonus. Au-delà de 20 : arrêt sur 20 ; "
                      "depuis 20 : rien."},
    "sh_bonus": {"en": "Bonus card: take any card from the display and play it (place or ship); "
                       "it can earn another. Display empty: {points} points instead.",
                 "de": "Bonuskarte: eine beliebige Karte der Auslage nehmen und spielen (legen "
                       "oder Schiff); sie kann weitere bringen. Auslage leer: {points} Punkte.",
                 "fr": "Carte bonus : prendre une carte de l'étalage et la jouer (poser ou "
                       "navire) ; elle peut en rapporter une autre. Étalage vide : {points} points."},
    "sh_fields": {"en": "20/15/10/5: the first time you meet a condition, a diamond of your {n} "
                        "takes the highest free value.",
                  "de": "20/15/10/5: erfüllst du eine Bedingung zum ersten Mal, nimmt ein "
                        "Diamant deiner {n} den höchsten freien Wert.",
                  "fr": "20/15/10/5 : la 1re fois qu'une condition est remplie, un de vos {n} "
                        "diamants prend la plus haute valeur libre."},
    "sh_end": {"en": "End: the deck cannot deal {hand} cards to everyone, or a player placed "
                     "their last diamond (after that turn).",
               "de": "Ende: der Stapel reicht nicht für {hand} Karten je Person, oder jemand hat "
                     "den letzten Diamanten gelegt (nach diesem Zug).",
               "fr": "Fin : la pioche ne donne plus {hand} cartes à chacun, ou un joueur a posé "
                     "son dernier diamant (après ce tour)."},
    # scoring table
    "t_trade": {"en": "Trade: your diamonds on the column × diamonds on the column",
                "de": "Handel: deine Diamanten in der Spalte × Diamanten in der Spalte",
                "fr": "Commerce : vos diamants dans la colonne × diamants de la colonne"},
    "t_on_column": {"en": "on the column", "de": "in der Spalte", "fr": "dans la colonne"},
    "t_yours": {"en": "yours", "de": "deine", "fr": "à vous"},
    "t_harbor": {"en": "Harbor: a full row pays each of its diamonds",
                 "de": "Hafen: eine volle Reihe zahlt jedem ihrer Diamanten",
                 "fr": "Port : une rangée pleine paie chacun de ses diamants"},
    "t_goods_beside": {"en": "trade spaces occupied beside it", "de": "besetzte Handelsfelder daneben",
                       "fr": "cases de commerce occupées à côté"},
    "t_each": {"en": "each diamond", "de": "je Diamant", "fr": "par diamant"},
    "t_pyramid": {"en": "Townspeople (nobili, populi)", "de": "Bürger (Nobili, Populi)",
                  "fr": "Citadins (nobili, populi)"},
    "t_level": {"en": "space", "de": "Feld", "fr": "case"},
    "t_points": {"en": "points", "de": "Punkte", "fr": "points"},
    "t_match": {"en": "symbol ×2", "de": "Symbol ×2", "fr": "symbole ×2"},
    "t_pays": {"en": "pays its supporters", "de": "zahlt der Unterlage",
               "fr": "paie ses supports"},
    "bottom": {"en": "bottom", "de": "unten", "fr": "bas"},
    "middle": {"en": "middle", "de": "Mitte", "fr": "milieu"},
    "top": {"en": "top", "de": "oben", "fr": "haut"},
    "t_pays_middle": {"en": "{b} to each of 2 bottoms", "de": "{b} an 2 untere",
                      "fr": "{b} à 2 du bas"},
    "t_pays_top": {"en": "{m} to 2 middles, {b} to 3 bottoms", "de": "{m} an 2 mittlere, {b} an 3 untere",
                   "fr": "{m} à 2 du milieu, {b} à 3 du bas"},
    "t_workshops": {"en": "Workshops: own connected group", "de": "Werkstätten: eigene Gruppe",
                    "fr": "Ateliers : groupe relié"},
    "t_group": {"en": "group", "de": "Gruppe", "fr": "groupe"},
    "t_residences": {"en": "Residences: house values in line order",
                     "de": "Wohnhäuser: Werte in der Reihenfolge",
                     "fr": "Résidences : valeurs dans l'ordre"},
    "t_residences_note": {
        "en": "Different values {values}: bonus card at {a} and {b}, the field at {n}.",
        "de": "Verschiedene Werte {values}: Bonuskarte bei {a} und {b}, das Feld bei {n}.",
        "fr": "Valeurs différentes {values} : carte bonus à {a} et {b}, le champ à {n}."},
    "t_ship": {"en": "Ship track", "de": "Schiffsleiste", "fr": "Piste du navire"},
    "t_fields": {"en": "20/15/10/5 fields: first to meet a condition takes the highest free value",
                 "de": "20/15/10/5-Felder: wer eine Bedingung zuerst erfüllt, nimmt den höchsten "
                       "freien Wert",
                 "fr": "Champs 20/15/10/5 : le premier à remplir une condition prend la plus "
                       "haute valeur libre"},
    "c_workshops": {"en": "all 4 materials", "de": "alle 4 Materialien", "fr": "les 4 matières"},
    "c_residences": {"en": "{n} different house values", "de": "{n} verschiedene Hauswerte",
                     "fr": "{n} valeurs de maisons différentes"},
    "c_townspeople": {"en": "all 3 symbols", "de": "alle 3 Symbole", "fr": "les 3 symboles"},
    "c_trade": {"en": "all 4 goods", "de": "alle 4 Waren", "fr": "les 4 marchandises"},
    "t_other": {"en": "Also", "de": "Außerdem", "fr": "Aussi"},
    "t_other_text": {
        "en": "Each player has {n} diamonds; field markers use them too. A bonus card comes "
              "from the display; an empty display pays {points}. Equal totals: {ties}.",
        "de": "Jede Person hat {n} Diamanten; auch Feldmarker verbrauchen sie. Bonuskarten "
              "kommen aus der Auslage; leere Auslage: {points} Punkte. Gleichstand: {ties}.",
        "fr": "Chacun a {n} diamants ; les marqueurs de champ en utilisent aussi. Une carte "
              "bonus vient de l'étalage ; étalage vide : {points} points. Égalité : {ties}."},
    "ties_shared": {"en": "shared", "de": "geteilt", "fr": "partagée"},
    "ties_ship": {"en": "the ship further along wins", "de": "das weitere Schiff gewinnt",
                  "fr": "le navire le plus avancé gagne"},
    # tracker
    "name": {"en": "Name", "de": "Name", "fr": "Nom"},
    "k_fields": {"en": "20/15/10/5 fields: tick what you have, circle the value you took",
                 "de": "20/15/10/5-Felder: Erreichtes abhaken, genommenen Wert einkreisen",
                 "fr": "Champs 20/15/10/5 : cochez ce que vous avez, entourez la valeur prise"},
    "k_laps": {"en": "Score track: tick each lap past 100",
               "de": "Zählleiste: jede Runde über 100 abhaken",
               "fr": "Piste de score : cochez chaque tour au-delà de 100"},
    "k_bonus": {"en": "Bonus cards taken", "de": "Genommene Bonuskarten",
                "fr": "Cartes bonus prises"},
    "k_diamonds": {"en": "Diamonds: tick each one placed (the game ends after the turn of "
                         "the last)",
                   "de": "Diamanten: jeden gelegten abhaken (nach dem Zug des letzten endet "
                         "das Spiel)",
                   "fr": "Diamants : cochez chaque diamant posé (la partie finit après le tour "
                         "du dernier)"},
    "k_rounds": {"en": "Score after each round", "de": "Punkte nach jeder Runde",
                 "fr": "Points après chaque manche"},
    "round": {"en": "round", "de": "Runde", "fr": "manche"},
    "k_house_values": {"en": "house values", "de": "Hauswerte", "fr": "valeurs"},
    "k_res_note": {"en": "field at {n} different", "de": "Feld bei {n} verschiedenen",
                   "fr": "champ à {n} différentes"},
    "k_bonus_at": {"en": "bonus card at {a} and {b} different",
                   "de": "Bonuskarte bei {a} und {b} verschiedenen",
                   "fr": "carte bonus à {a} et {b} différentes"},
    "k_this_round": {"en": "this round", "de": "diese Runde", "fr": "cette manche"},
    "k_total": {"en": "total", "de": "Summe", "fr": "total"},
    "t_game": {"en": "Rounds", "de": "Runden", "fr": "Manches"},
    "t_players": {"en": "players", "de": "Personen", "fr": "joueurs"},
    "t_display": {"en": "display at setup", "de": "Auslage zu Beginn",
                  "fr": "étalage au départ"},
    "t_hand": {"en": "hand", "de": "Handkarten", "fr": "main"},
    "t_plays": {"en": "cards played each", "de": "gespielte Karten je Person",
                "fr": "cartes jouées chacun"},
    "t_rounds": {"en": "rounds (deck)", "de": "Runden (Stapel)", "fr": "manches (pioche)"},
    "t_flow": {"en": "Pick a card, pass the rest to the left; then from the start player on, "
                     "everyone plays the picked card. Leftovers go to the display; the start "
                     "player passes to the left.",
               "de": "Eine Karte wählen, den Rest nach links geben; dann spielt ab der "
                     "Startperson jede ihre Karte. Übrige Karten kommen in die Auslage; die "
                     "Startperson wechselt nach links.",
               "fr": "Choisir une carte, passer le reste à gauche ; puis, depuis le premier "
                     "joueur, chacun joue sa carte. Les restes vont à l'étalage ; le premier "
                     "joueur passe à gauche."},
    "t_who": {"en": "condition (write who took each value)",
              "de": "Bedingung (eintragen, wer welchen Wert nahm)",
              "fr": "condition (notez qui a pris chaque valeur)"},
}


def word(key: str, lang: str, **fields: object) -> str:
    """A printed word in ``lang``, with fields filled in."""
    text = WORDS[key][lang]
    return text.format(**fields) if fields else text
