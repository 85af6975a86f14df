"""The printable Mille Fiori score aids: a player aid, a scoring table and tracker pages.

* **player aid** — per area: where you may place, how it scores (with a small worked
  example diagram), what gives a bonus card, the 20/15/10/5 condition; the ship track.
* **scoring table** — trade (diamonds on a good → points each), harbor row payouts,
  pyramid values, workshop groups, the residences line, the ship track and the fields.
* **tracker** — one page per player to tick the five fields' conditions and markers,
  score-track laps, bonus cards and the 27 diamonds.

The worked examples are played by the rules engine (:func:`examples`), and every number
printed comes from the board data and the ruleset options, so the aid cannot disagree
with ``scorepad mf score``. The words live in :data:`WORDS` (en/de/fr).
"""

from __future__ import annotations

from math import sqrt
from typing import Any

from scorepad.rules.mille_fiori.board import (
    AREAS,
    POPULI,
    RESIDENCES,
    TRADE,
    WORKSHOPS,
    Board,
    board,
)
from scorepad.rules.mille_fiori.engine import arrange, preview, setup
from scorepad.rules.mille_fiori.options import Options, default_options

from .draw import (
    BLACK,
    WHITE,
    Circle,
    Group,
    Line,
    Page,
    Polyline,
    Rect,
    Text,
    bbox,
    filled,
    paper_size,
    pt,
    stroke,
    text_width,
    tint,
    wrap,
)

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

MARGIN = 12.0
TITLE = pt(15)
HEAD = pt(9.5)
TEXT = pt(7.4)
SMALL = pt(6.4)
GREY = "#5a5a5a"
RULE = "#9a9a9a"
YOU = "#262626"      # your diamonds: dark
OTHER = "#bdbdbd"    # other players' diamonds: light grey with an outline
AREA_COLORS = {"workshops": "#8c5a2b", "residences": "#a8322b", "townspeople": "#1f7a7a",
               "trade": "#b8860b", "harbor": "#2c5aa0", "ship": "#2c5aa0"}


def word(key: str, lang: str, **fields: object) -> str:
    """A printed word in ``lang``, with fields filled in."""
    text = WORDS[key][lang]
    return text.format(**fields) if fields else text


# ------------------------------------------------------------------- worked examples
def examples(options: Options | None = None) -> dict[str, Any]:
    """The aid's worked examples, played by the engine: positions and what they score."""
    b = board()
    you, other, other2 = 0, 1, 2
    base = setup(["you", "other", "other2"], options)

    def sp(text: str) -> int:
        return b.space(text)

    def run(owners: dict[str, int], card: str, space: str, **kw: Any) -> dict[str, Any]:
        state = arrange(base, {sp(k): v for k, v in owners.items()}, **kw)
        events, bonus = preview(state, you, b.card(card), sp(space))
        got: dict[int, int] = {}
        for e in events:
            if e.player >= 0 and e.kind in AREAS:
                got[e.player] = got.get(e.player, 0) + e.points
        return {"owners": owners, "new": space, "events": events, "bonus": bool(bonus),
                "you": got.get(you, 0), "others": got.get(other, 0) + got.get(other2, 0),
                "per_event": [(e.player, e.points, e.why) for e in events if e.kind in AREAS]}

    ws = run({"workshops/7": you, "workshops/8": you, "workshops/1": other},
             "workshops/pigments/1", "workshops/0")
    res = run({"residences/0": you, "residences/1": you}, "residences/-/1", "residences/2")
    tp = run({"populi/7": other, "populi/8": other2, "populi/9": you, "populi/3": you,
              "populi/4": other}, "populi/shell/1", "populi/0")
    tr = run({"trade/0/goblet": other, "trade/1/goblet": other}, "trade/goblet/1",
             "trade/2/goblet")
    hb = run({"harbor/1/0": other, "harbor/1/1": other2, "trade/1/goblet": other,
              "trade/1/swan": you}, "harbor/-/1", "harbor/1/2", ships=[20, 0, 0])
    return {"workshops": ws, "residences": res, "townspeople": tp, "trade": tr, "harbor": hb}


# ------------------------------------------------------------------------- shapes
def _diamond(cx: float, cy: float, r: float, who: str) -> Group:
    """A diamond: ``you`` dark, ``other`` light grey, ``new`` dark with a ring around it."""
    points = ((cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy))
    fill = OTHER if who == "other" else YOU
    items: list[Any] = [Polyline(points, filled(fill, stroke=BLACK, width=0.2), closed=True)]
    if who == "new":
        items.append(Circle(cx, cy, r * 1.42, stroke(BLACK, 0.35, dash=(0.8, 0.5))))
    return Group(items, tag=f"diamond {who}")


def _owner_of(space: int, owners: dict[int, int], new: int) -> str | None:
    if space == new:
        return "new"
    if space in owners:
        return "you" if owners[space] == 0 else "other"
    return None


def _legend(x: float, y: float, lang: str) -> Group:
    """The three diamond styles, ending at ``x``."""
    group = Group(tag="legend")
    labels = [(who, word(key, lang)) for who, key in (("you", "you"), ("other", "other"),
                                                     ("new", "new"))]
    width = sum(5.0 + text_width(label, SMALL) + 5 for _, label in labels) - 5
    x -= width
    for who, label in labels:
        group.add(_diamond(x + 2.0, y, 1.4, who))
        group.add(Text(x + 5.0, y, label, size=SMALL, valign="middle"))
        x += 5.0 + text_width(label, SMALL) + 5
    return group


def _hexagon(cx: float, cy: float, r: float, fill: str) -> Polyline:
    pts = tuple((cx + r * sqrt(3) / 2 * dx, cy + r * dy) for dx, dy in
                ((0, -1), (1, -0.5), (1, 0.5), (0, 1), (-1, 0.5), (-1, -0.5)))
    return Polyline(pts, filled(fill, stroke=BLACK, width=0.25), closed=True)


def _points_label(x: float, y: float, points: int, u: float, anchor: str = "start") -> Text:
    return Text(x, y, f"+{points}", size=max(pt(6), 0.3 * u), bold=True, anchor=anchor,
                valign="middle", tag="points")


# ----------------------------------------------------------------- example diagrams
# Each draws at the origin with a unit ``u`` (mm) and returns (group, width, height);
# :func:`_fit` picks the unit that fills the room a block leaves.
def _ws_diagram(ex: dict[str, Any], b: Board, lang: str, u: float) -> tuple[Group, float, float]:
    """A corner of the workshop grid: your group joined by a diamond on pigments, which also
    fills bonus triangle 0-7-8 (the small triangle)."""
    group = Group(tag="example workshops")
    shown = [0, 1, 2, 7, 8, 9, 15, 16]
    owners = {b.space(k): v for k, v in ex["owners"].items()}
    new = b.space(ex["new"])
    step = u * sqrt(3) / 2
    centres = {}
    for s in shown:
        row, col = b.ws_grid[s]
        cx, cy = step + col * step, 1.45 * u + row * 1.5 * u  # room above for the points
        centres[s] = (cx, cy)
        double = b.space_symbol[s] == b.ws_double
        group.add(_hexagon(cx, cy, u, "#dedede" if double else WHITE))
        name = word(b.symbols[WORKSHOPS][b.space_symbol[s]], lang)[:3]
        group.add(Text(cx, cy + 0.6 * u, name + (" ×2" if double else ""), size=0.24 * u,
                       color=GREY, anchor="middle", valign="middle", tag="material"))
        who = _owner_of(s, owners, new)
        if who:
            group.add(_diamond(cx, cy - 0.08 * u, 0.34 * u, who))
    tri = b.ws_triangle[new]
    tx = sum(centres[t][0] for t in tri) / 3
    ty = sum(centres[t][1] for t in tri) / 3
    t = 0.2 * u
    group.add(Polyline(((tx, ty - t), (tx + t, ty + 0.7 * t), (tx - t, ty + 0.7 * t)),
                       filled(WHITE, stroke=BLACK, width=0.3), closed=True, tag="triangle"))
    cx, cy = centres[new]
    group.add(_points_label(cx, cy - 1.22 * u, ex["you"], u, anchor="middle"))
    width = (max(b.ws_grid[s][1] for s in shown) + 2) * step
    return group, width, 5.45 * u


def _res_diagram(ex: dict[str, Any], b: Board, lang: str, u: float) -> tuple[Group, float, float]:
    """The first houses of the line: your two houses, the new third one, and what counts."""
    group = Group(tag="example residences")
    owners = {b.space_local[b.space(k)]: v for k, v in ex["owners"].items()}
    new = b.space_local[b.space(ex["new"])]
    w, gap, h = u, 0.22 * u, 1.15 * u
    for i in range(6):
        x = i * (w + gap)
        roof = ((x, 0.35 * u), (x + w / 2, 0), (x + w, 0.35 * u), (x + w, h), (x, h))
        group.add(Polyline(roof, filled(WHITE, stroke=BLACK, width=0.3), closed=True))
        group.add(Text(x + w / 2, 0.75 * u, str(b.res_values[i]), size=0.4 * u, bold=True,
                       anchor="middle", valign="middle", tag="house-value"))
        who = _owner_of(i, owners, new)
        if who:
            group.add(_diamond(x + w / 2, h + 0.42 * u, 0.28 * u, who))
    # a bracket under the houses that score
    y = h + 0.9 * u
    x1 = new * (w + gap) + w
    group.add(Polyline(((0.1 * u, y - 0.12 * u), (0.1 * u, y), (x1 - 0.1 * u, y),
                        (x1 - 0.1 * u, y - 0.12 * u)), stroke(BLACK, 0.35)))
    group.add(_points_label(x1 + 0.15 * u, y, ex["you"], u))
    return group, 6 * w + 5 * gap, y + 0.2 * u


def _tp_diagram(ex: dict[str, Any], b: Board, lang: str, u: float) -> tuple[Group, float, float]:
    """The populi pyramids with a top placement and what each supporter receives."""
    group = Group(tag="example townspeople")
    owners = {b.space_local[b.space(k)]: v for k, v in ex["owners"].items()}
    new = b.space_local[b.space(ex["new"])]
    gap = 0.14 * u
    paid: dict[int, int] = {}
    for _player, points, why in ex["per_event"]:
        if " supports " in why:
            paid[int(why.split("/")[1].split()[0])] = points
    levels = [(0, [i for i in range(12) if b.tp_level[i] == "top"]),
              (1, [i for i in range(12) if b.tp_level[i] == "middle"]),
              (2, [i for i in range(12) if b.tp_level[i] == "bottom"])]
    for level, ids in levels:
        shift = (2 - level) * (u + gap) / 2
        for j, i in enumerate(ids):
            x, y = shift + j * (u + gap), 0.42 * u + level * (u + gap)
            group.add(Rect(x, y, u, u, filled(WHITE, stroke=BLACK, width=0.25), radius=0.1 * u))
            symbol = b.symbols[POPULI][b.space_symbol[b.area_start[POPULI] + i]]
            group.add(Text(x + 0.08 * u, y + 0.08 * u, word(symbol, lang)[:3], size=0.22 * u,
                           color=GREY, valign="top", tag="symbol"))
            who = _owner_of(i, owners, new)
            if who:
                group.add(_diamond(x + 0.34 * u, y + 0.6 * u, 0.22 * u, who))
            if i in paid:
                group.add(_points_label(x + 0.95 * u, y + 0.62 * u, paid[i], u * 0.9,
                                        anchor="end"))
            if i == new:  # what the placement itself scores (its supporters are paid apart)
                own = ex["you"] - sum(p for s, p in paid.items() if owners.get(s) == 0)
                group.add(_points_label(x + u / 2, y - 0.2 * u, own, u * 0.9, anchor="middle"))
    return group, 5 * u + 4 * gap, 3.42 * u + 2 * gap


def _trade_diagram(ex: dict[str, Any], b: Board, lang: str,
                   u: float) -> tuple[Group, float, float]:
    """The trade board with three diamonds on the goblet column, each scoring 3."""
    group = Group(tag="example trade")
    owners = {b.space(k): v for k, v in ex["owners"].items()}
    new = b.space(ex["new"])
    cw, ch, head = u, 0.5 * u, 0.42 * u
    column = [s for s in b.trade_column[b.space_symbol[new]] if s in owners or s == new]
    for g, good in enumerate(b.goods):
        name = word(good, lang)
        size = min(0.24 * u, 0.24 * u * 0.92 * cw / max(0.1, text_width(name, 0.24 * u)))
        group.add(Text(g * cw + cw / 2, head / 2, name, size=size, anchor="middle",
                       valign="middle", color=GREY, tag="good"))
    for r in range(b.trade_rows):
        for g in range(len(b.goods)):
            s = b.trade_row[r][g]
            top = head + r * ch
            group.add(Rect(g * cw, top, cw, ch, filled(WHITE, stroke=RULE, width=0.25)))
            who = _owner_of(s, owners, new)
            if who:
                group.add(_diamond(g * cw + 0.3 * cw, top + ch / 2, 0.19 * u, who))
                group.add(_points_label(g * cw + 0.93 * cw, top + ch / 2, len(column), u * 0.8,
                                        anchor="end"))
    return group, len(b.goods) * cw, head + b.trade_rows * ch


def _harbor_diagram(ex: dict[str, Any], b: Board, lang: str,
                    u: float) -> tuple[Group, float, float]:
    """A trade row with two goods and the harbor row beside it, just filled."""
    group = Group(tag="example harbor")
    owners = {b.space(k): v for k, v in ex["owners"].items()}
    new = b.space(ex["new"])
    row = b.space_local[new] // len(b.harbor_row[0])
    goods = sum(1 for s in b.trade_row[row] if s in owners)
    pay = b.harbor_payout[goods]
    cw, ch = u, 0.8 * u
    for g, s in enumerate(b.trade_row[row]):
        group.add(Rect(g * cw, 0, cw, ch, filled(WHITE, stroke=RULE, width=0.25)))
        group.add(Text(g * cw + 0.08 * u, 0.06 * u, word(b.goods[g], lang)[:3],
                       size=0.22 * u, color=GREY, valign="top", tag="good"))
        who = _owner_of(s, owners, -1)
        if who:
            group.add(_diamond(g * cw + cw / 2, ch / 2 + 0.1 * u, 0.22 * u, who))
    hx = len(b.goods) * cw + 0.5 * u
    for k, s in enumerate(b.harbor_row[row]):
        cx = hx + k * 1.1 * u + 0.5 * u
        hull = ((cx - 0.5 * u, 0.15 * u), (cx + 0.5 * u, 0.15 * u), (cx + 0.34 * u, ch),
                (cx - 0.34 * u, ch))
        group.add(Polyline(hull, filled(WHITE, stroke=BLACK, width=0.3), closed=True))
        who = _owner_of(s, owners, new)
        if who:
            group.add(_diamond(cx, ch / 2 + 0.07 * u, 0.22 * u, who))
        group.add(_points_label(cx, ch + 0.3 * u, pay, u * 0.9, anchor="middle"))
    return group, hx + 3.3 * u, ch + 0.5 * u


def _fit(build: Any, ex: dict[str, Any], b: Board, lang: str, room_w: float, room_h: float,
         most: float) -> tuple[Group, float, float]:
    """Build a diagram with the largest unit (at most ``most`` mm) that fits the room."""
    _, w, h = build(ex, b, lang, 1.0)
    u = min(most, room_w / w, room_h / h)
    return build(ex, b, lang, u)


def _ship_track(b: Board, x: float, y: float, w: float, lang: str, cell_h: float = 6.0) -> Group:
    """The 20 ship spaces in two rows of 10: space number, points, B for a bonus card."""
    group = Group(tag="ship-track")
    per_row = 10
    cw = w / per_row
    for i in range(1, len(b.ship_points)):
        r, c = divmod(i - 1, per_row)
        cx, top = x + c * cw, y + r * cell_h
        bonus = b.ship_bonus[i]
        group.add(Rect(cx, top, cw, cell_h, filled("#dedede" if bonus else WHITE,
                                                      stroke=BLACK, width=0.25)))
        group.add(Text(cx + 0.6, top + 0.5, str(i), size=min(SMALL * 0.75, cell_h * 0.3),
                       color=GREY, valign="top"))
        points = b.ship_points[i]
        label = ("B" if not points else f"{points}+B") if bonus else str(points)
        group.add(Text(cx + cw / 2 + 0.6, top + cell_h / 2 + 0.6, label,
                       size=min(pt(8), cell_h * 0.42), bold=True, anchor="middle",
                       valign="middle", tag="ship-points"))
    return group


# ------------------------------------------------------------------------- page 1
def _rows_text(rows: list[tuple[str, str]], x: float, y: float, w: float, size: float,
               lang: str) -> tuple[Group, float]:
    """Label/text rows (label bold on the left), wrapped; returns the group and its height."""
    group = Group()
    label_w = max(text_width(word(k, lang), size, True) for k, _ in rows) + 2
    line = size * 1.3
    cy = y
    for key, text in rows:
        group.add(Text(x, cy + size * 0.75, word(key, lang), size=size, bold=True, tag="label"))
        for part in wrap(text, w - label_w, size):
            group.add(Text(x + label_w, cy + size * 0.75, part, size=size, tag="rule"))
            cy += line
        cy += 0.7
    return group, cy - y


def _band(group: Group, key: str, x: float, y: float, w: float, h: float, lang: str) -> float:
    """A block's frame and heading band; returns the band's height."""
    color = AREA_COLORS[key]
    band = 6.4
    group.add(Rect(x, y, w, h, stroke(BLACK, 0.35), radius=1.5))
    group.add(Rect(x, y, w, band, filled(tint(color, 0.72)), radius=1.5))
    group.add(Rect(x, y, 3.0, band, filled(color)))
    group.add(Text(x + 5, y + band / 2, word(key, lang), size=HEAD, bold=True, valign="middle",
                   tag="heading"))
    return band


def _block(key: str, x: float, y: float, w: float, h: float, rows: list[tuple[str, str]],
           build: Any, ex: dict[str, Any], b: Board, caption: str, lang: str,
           most: float) -> Group:
    """One area of the player aid: heading band, rule rows, the worked example and its
    caption. The text takes what it needs (shrinking if it must); the example the rest."""
    group = Group(tag=f"area {key}")
    band = _band(group, key, x, y, w, h, lang)
    cap_h = 5.0
    size = TEXT
    while True:
        text, height = _rows_text(rows, x + 2.5, y + band + 1.8, w - 5, size, lang)
        if height <= (h - band - cap_h) * 0.62 or size < pt(5.5):
            break
        size *= 0.95
    group.add(text)
    top = y + band + 1.8 + height + 1.5
    room_h = y + h - cap_h - top - 1
    diagram, dw, dh = _fit(build, ex, b, lang, w - 12, room_h, most)
    diagram.dx, diagram.dy = x + (w - dw) / 2, top + (room_h - dh) / 2
    group.add(diagram)
    cap = min(SMALL, SMALL * (w - 5) / max(1.0, text_width(caption, SMALL)))
    group.add(Text(x + w / 2, y + h - 2.4, caption, size=cap, anchor="middle", italic=True,
                   tag="caption"))
    return group


def player_aid_page(options: Options | None = None, *, paper: str = "a4",
                    lang: str = "en") -> Page:
    """Page 1: per area where to place, how it scores, bonus cards, the field; the ship."""
    opts = options or default_options()
    b = board()
    ex = examples(opts)
    width, height = paper_size(paper)
    page = Page(width, height)
    _title(page, word("title_aid", lang), opts, lang)
    page.add(_legend(width - MARGIN, MARGIN + 10.8, lang))
    top = MARGIN + 14
    gap = 3.5
    cols, rows = 2, 3
    bw = (width - 2 * MARGIN - gap) / cols
    bh = (height - MARGIN - top - gap * (rows - 1)) / rows

    def at(i: int) -> tuple[float, float]:
        r, c = divmod(i, cols)
        return MARGIN + c * (bw + gap), top + r * (bh + gap)

    def names(area: int) -> str:
        return ", ".join(word(s, lang) for s in b.symbols[area])

    double = word(b.symbols[WORKSHOPS][b.ws_double], lang)
    tp_points = {lv: b.tp_points[b.tp_level.index(lv)] for lv in ("top", "middle", "bottom")}
    payout = " / ".join(str(p) for p in b.harbor_payout[1:])
    bonus_at = sorted(b.res_bonus_at)
    e = ex["workshops"]
    page.add(_block("workshops", *at(0), bw, bh, [
        ("place", word("ws_place", lang, materials=names(WORKSHOPS))),
        ("score", word("ws_score", lang, double=double)),
        ("bonus", word("ws_bonus", lang)), ("field", word("ws_field", lang))],
        _ws_diagram, e, b, word("ws_example", lang, n=e["you"] // 2, double=double,
                                points=e["you"]), lang, most=9.0))
    e = ex["residences"]
    values = [b.res_values[i] for i in (2, 1, 0)]
    page.add(_block("residences", *at(1), bw, bh, [
        ("place", word("res_place", lang)), ("score", word("res_score", lang)),
        ("bonus", word("res_bonus", lang, a=bonus_at[0], b=bonus_at[-1])),
        ("field", word("res_field", lang, n=b.res_field_at))],
        _res_diagram, e, b, word("res_example", lang, sum=" + ".join(map(str, values)),
                                 points=e["you"]), lang, most=12.0))
    e = ex["townspeople"]
    page.add(_block("townspeople", *at(2), bw, bh, [
        ("place", word("tp_place", lang)), ("score", word("tp_score", lang, **tp_points)),
        ("bonus", word("tp_bonus", lang)), ("field", word("tp_field", lang))],
        _tp_diagram, e, b, word("tp_example", lang, points=tp_points["top"] * 2, **tp_points),
        lang, most=10.0))
    e = ex["trade"]
    page.add(_block("trade", *at(3), bw, bh, [
        ("place", word("tr_place", lang, goods=names(TRADE))), ("score", word("tr_score", lang)),
        ("bonus", word("tr_bonus", lang)), ("field", word("tr_field", lang))],
        _trade_diagram, e, b, word("tr_example", lang, n=len(e["owners"]) + 1, mine=e["you"],
                                   theirs=e["others"]), lang, most=14.0))
    e = ex["harbor"]
    goods = sum(1 for k in e["owners"] if k.startswith("trade/"))
    page.add(_block("harbor", *at(4), bw, bh, [
        ("place", word("hb_place", lang)), ("score", word("hb_score", lang, payout=payout)),
        ("bonus", word("hb_bonus", lang)), ("field", word("hb_field", lang))],
        _harbor_diagram, e, b, word("hb_example", lang, goods=goods,
                                    pay=b.harbor_payout[goods]), lang, most=10.0))
    page.add(_ship_block(opts, b, *at(5), bw, bh, lang))
    return page


def _ship_block(opts: Options, b: Board, x: float, y: float, w: float, h: float,
                lang: str) -> Group:
    """The ship track, bonus cards, the fields' markers and the game end."""
    group = Group(tag="area ship")
    band = _band(group, "ship", x, y, w, h, lang)
    group.add(_ship_track(b, x + 2.5, y + band + 2.5, w - 5, lang, cell_h=7.5))
    texts = [word("sh_move", lang), word("sh_bonus", lang, points=opts.empty_display_points),
             word("sh_fields", lang, n=opts.diamonds), word("sh_end", lang, hand=opts.hand_size)]
    top = y + band + 2.5 + 15 + 3
    size = TEXT
    while True:
        lines = [wrap(t, w - 5, size) for t in texts]
        needed = sum(len(part) for part in lines) * size * 1.3 + len(texts) * 1.2
        if needed <= y + h - 2 - top or size < pt(5.5):
            break
        size *= 0.95
    cy = top
    for part in lines:
        for line in part:
            group.add(Text(x + 2.5, cy + size * 0.75, line, size=size, tag="rule"))
            cy += size * 1.3
        cy += 1.2
    return group


def _title(page: Page | Group, text: str, opts: Options, lang: str,
           width: float | None = None) -> None:
    right = (width if width is not None else page.width) - MARGIN  # type: ignore[union-attr]
    page.add(Text(MARGIN, MARGIN + TITLE * 0.75, text, size=TITLE, bold=True, tag="title"))
    page.add(Text(right, MARGIN + TITLE * 0.75,
                  word("ruleset", lang, id=opts.ruleset), size=SMALL, color=GREY, anchor="end",
                  tag="ruleset"))


# ------------------------------------------------------------------------- page 2
ROW = 6.2      # table row height on the scoring table
CELL = pt(7.8)  # table text


def _grid_table(x: float, y: float, head: list[str], rows: list[list[str]], widths: list[float],
                row_h: float = ROW, tag: str = "table") -> Group:
    """A ruled table: a shaded header row, then rows whose first cell is a label."""
    group = Group(tag=tag)
    total_w = sum(widths)
    n = len(rows) + 1
    group.add(Rect(x, y, total_w, row_h, filled("#e4e4e4")))
    group.add(Rect(x, y + row_h, widths[0], row_h * len(rows), filled("#f2f2f2")))
    for r, cells in enumerate([head, *rows]):
        cx = x
        for c, cell in enumerate(cells):
            fit = min(CELL, CELL * (widths[c] - 1.6) / max(0.1, text_width(cell, CELL, True)))
            if c == 0:
                group.add(Text(cx + 1.0, y + r * row_h + row_h / 2, cell, size=fit, bold=True,
                               valign="middle", tag="cell"))
            else:
                group.add(Text(cx + widths[c] / 2, y + r * row_h + row_h / 2, cell, size=fit,
                               bold=r == 0, anchor="middle", valign="middle", tag="cell"))
            cx += widths[c]
    thin = stroke(RULE, 0.25)
    for r in range(n + 1):
        group.add(Line(x, y + r * row_h, x + total_w, y + r * row_h,
                       stroke(BLACK, 0.4) if r in (0, 1, n) else thin))
    cx = x
    for c in range(len(widths) + 1):
        group.add(Line(cx, y, cx, y + n * row_h,
                       stroke(BLACK, 0.4) if c in (0, 1, len(widths)) else thin))
        if c < len(widths):
            cx += widths[c]
    return group


def _heading(x: float, y: float, text: str, w: float) -> Text:
    size = min(HEAD, HEAD * w / max(0.1, text_width(text, HEAD, True)))
    return Text(x, y, text, size=size, bold=True, tag="heading")


def scoring_table_page(options: Options | None = None, *, paper: str = "a4",
                       lang: str = "en") -> Page:
    """Page 2: trade, harbor, pyramid, workshop, residence, ship, field and round tables."""
    opts = options or default_options()
    gap = 10.0
    page, bottom = _table_page(opts, paper, lang, gap)
    if bottom > page.height - MARGIN:  # a shorter paper: close the gaps between sections
        page, _ = _table_page(opts, paper, lang, gap - (bottom - page.height + MARGIN) / 5)
    return page


def _table_page(opts: Options, paper: str, lang: str, gap: float) -> tuple[Page, float]:
    """The scoring table with ``gap`` mm between sections, and how low its ink reaches."""
    from scorepad.rules.mille_fiori.engine import make_config

    b = board()
    width, height = paper_size(paper)
    page = Page(width, height)
    _title(page, word("title_table", lang), opts, lang)
    full = width - 2 * MARGIN
    half = (full - 8) / 2
    left, right = MARGIN, MARGIN + half + 8
    y = MARGIN + 17
    # trade: k of your diamonds among n on the column → k × n
    most = b.trade_rows
    page.add(_heading(left, y, word("t_trade", lang), half))
    head = [f"{word('t_on_column', lang)} / {word('t_yours', lang)}",
            *[str(k) for k in range(1, most + 1)]]
    rows = [[str(n), *[str(k * n) if k <= n else "" for k in range(1, most + 1)]]
            for n in range(1, most + 1)]
    page.add(_grid_table(left, y + 2.5, head, rows, [half - most * 10.0] + [10.0] * most,
                         tag="table trade"))
    # harbor payouts and the pyramid, on the right
    page.add(_heading(right, y, word("t_harbor", lang), half))
    head = [word("t_goods_beside", lang), *[str(i) for i in range(len(b.harbor_payout))]]
    rows = [[word("t_each", lang), *[str(p) for p in b.harbor_payout]]]
    k = len(b.harbor_payout)
    page.add(_grid_table(right, y + 2.5, head, rows, [half - 9.0 * k] + [9.0] * k,
                         tag="table harbor"))
    py = y + 2.5 + 2 * ROW + gap
    page.add(_heading(right, py, word("t_pyramid", lang), half))
    pts = {lv: b.tp_points[b.tp_level.index(lv)] for lv in ("top", "middle", "bottom")}
    head = [word("t_level", lang), word("t_points", lang), word("t_match", lang),
            word("t_pays", lang)]
    rows = [[word("bottom", lang), str(pts["bottom"]), str(2 * pts["bottom"]), "–"],
            [word("middle", lang), str(pts["middle"]), str(2 * pts["middle"]),
             word("t_pays_middle", lang, b=pts["bottom"])],
            [word("top", lang), str(pts["top"]), str(2 * pts["top"]),
             word("t_pays_top", lang, m=pts["middle"], b=pts["bottom"])]]
    page.add(_grid_table(right, py + 2.5, head, rows, [15.0, 13.0, 16.0, half - 44.0],
                         tag="table pyramid"))
    # workshops: group size → points, ×2 on pigments (below both columns)
    y = max(y + 2.5 + (most + 1) * ROW, py + 2.5 + 4 * ROW) + gap
    page.add(_heading(left, y, word("t_workshops", lang), full))
    sizes = list(range(1, 16))
    double = word(b.symbols[WORKSHOPS][b.ws_double], lang)
    head = [word("t_group", lang), *[str(n) for n in sizes]]
    rows = [[word("t_points", lang), *[str(n) for n in sizes]],
            [f"{double} ×2", *[str(2 * n) for n in sizes]]]
    cell = (full - 28) / len(sizes)
    page.add(_grid_table(left, y + 2.5, head, rows, [28.0] + [cell] * len(sizes),
                         tag="table workshops"))
    # residences: the line of houses
    y += 2.5 + 3 * ROW + gap
    page.add(_heading(left, y, word("t_residences", lang), full))
    per = len(b.res_values) // 2
    cell = full / per
    house_h = 8.0
    for i, value in enumerate(b.res_values):
        r, c = divmod(i, per)
        top = y + 2.5 + r * house_h
        page.add(Rect(left + c * cell, top, cell, house_h,
                      filled(WHITE, stroke=BLACK, width=0.25)))
        page.add(Text(left + c * cell + 0.8, top + 0.5, str(i), size=SMALL * 0.75, color=GREY,
                      valign="top"))
        page.add(Text(left + c * cell + cell / 2, top + house_h / 2 + 0.5, str(value),
                      size=pt(9), bold=True, anchor="middle", valign="middle",
                      tag="house-value"))
    bonus_at = sorted(b.res_bonus_at)
    note = word("t_residences_note", lang, values=" ".join(map(str, b.res_distinct)),
                a=bonus_at[0], b=bonus_at[-1], n=b.res_field_at)
    page.add(Text(left, y + 2.5 + 2 * house_h + 4.5, note, size=min(TEXT, TEXT * full / max(
        0.1, text_width(note, TEXT))), tag="rule"))
    # ship track
    y += 2.5 + 2 * house_h + 6 + gap
    page.add(_heading(left, y, word("t_ship", lang), full))
    page.add(_ship_track(b, left, y + 2.5, full, lang, cell_h=8.0))
    # fields
    y += 2.5 + 16 + gap
    page.add(_heading(left, y, word("t_fields", lang), full))
    conditions = {"workshops": word("c_workshops", lang),
                  "residences": word("c_residences", lang, n=b.res_field_at),
                  "nobili": word("c_townspeople", lang), "populi": word("c_townspeople", lang),
                  "trade": word("c_trade", lang)}
    head = [word("t_who", lang), *[str(v) for v in b.field_values]]
    rows = [[f"{word(AREAS[a], lang)}: {conditions[AREAS[a]]}", "", "", "", ""]
            for a in b.field_areas]
    value_w = 16.0
    page.add(_grid_table(left, y + 2.5, head, rows,
                         [full - value_w * len(b.field_values)] + [value_w] *
                         len(b.field_values), row_h=7.0, tag="table fields"))
    # rounds by player count, and the flow of a round
    y += 2.5 + 6 * 7.0 + gap
    page.add(_heading(left, y, word("t_game", lang), full))
    counts = (2, 3, 4)
    configs = [make_config(n, opts) for n in counts]
    head = [word("t_players", lang), *[str(n) for n in counts]]
    rows = [[word("t_display", lang), *[str(c.display_size) for c in configs]],
            [word("t_hand", lang), *[str(c.hand) for c in configs]],
            [word("t_plays", lang), *[str(c.plays) for c in configs]],
            [word("t_rounds", lang), *[str(c.rounds) for c in configs]]]
    page.add(_grid_table(left, y + 2.5, head, rows, [half - 3 * 14.0] + [14.0] * 3,
                         tag="table rounds"))
    lines = wrap(word("t_flow", lang), half, TEXT)
    for i, line in enumerate(lines):
        page.add(Text(right, y + 2.5 + TEXT + i * TEXT * 1.35, line, size=TEXT, tag="rule"))
    ty = y + 2.5 + TEXT + len(lines) * TEXT * 1.35 + 2
    text = word("t_other_text", lang, n=opts.diamonds, points=opts.empty_display_points,
                ties=word(f"ties_{opts.ties}", lang))
    for i, line in enumerate(wrap(text, half, TEXT)):
        page.add(Text(right, ty + TEXT + i * TEXT * 1.35, line, size=TEXT, tag="rule"))
    bottom = max(box[3] for box in (bbox(item) for item in page.items) if box is not None)
    return page, bottom


# ------------------------------------------------------------------------- page 3+
def _tick(x: float, y: float, size: float = 4.2) -> Rect:
    return Rect(x, y, size, size, stroke(BLACK, 0.3), radius=0.5, tag="tick")


def tracker_page(options: Options | None = None, *, paper: str = "a4", lang: str = "en",
                 player: int = 1, body: Group | None = None) -> Page:
    """A tracker for one player: field conditions and markers, laps, bonus cards, diamonds,
    the score after each round. Pages given the same ``body`` share it (the PDF then
    draws it once)."""
    opts = options or default_options()
    width, height = paper_size(paper)
    page = Page(width, height)
    page.add(body if body is not None else tracker_body(opts, paper=paper, lang=lang))
    y = MARGIN + 19
    page.add(Text(width - MARGIN, y, f"#{player}", size=pt(11), color=GREY, anchor="end",
                  tag="player-number"))
    return page


def tracker_body(options: Options | None = None, *, paper: str = "a4",
                 lang: str = "en") -> Group:
    """Everything on a tracker page but the player's number."""
    from scorepad.rules.mille_fiori.engine import make_config

    opts = options or default_options()
    b = board()
    width, height = paper_size(paper)
    page = Group(tag="tracker")
    _title(page, word("title_tracker", lang), opts, lang, width)
    full = width - 2 * MARGIN
    y = MARGIN + 19
    page.add(Text(MARGIN, y, f"{word('name', lang)}:", size=pt(11), bold=True, tag="name"))
    page.add(Line(MARGIN + 18, y + 1, MARGIN + 120, y + 1, stroke(BLACK, 0.3)))
    # fields: one row per field area with tick boxes for its condition and the values
    y += 10
    page.add(_heading(MARGIN, y, word("k_fields", lang), full))
    y += 3
    row_h = 17.0
    bonus_at = sorted(b.res_bonus_at)
    for a in b.field_areas:
        area = AREAS[a]
        page.add(Rect(MARGIN, y, full, row_h, stroke(RULE, 0.3), radius=1, tag=f"field {area}"))
        page.add(Text(MARGIN + 2.5, y + row_h / 2, word(area, lang), size=pt(9), bold=True,
                      valign="middle"))
        items = ([str(v) for v in b.res_distinct] if a == RESIDENCES
                 else [word(s, lang) for s in b.symbols[a]])
        x = MARGIN + 32
        cy = y + row_h / 2 - (2.0 if a == RESIDENCES else 0)
        for item in items:
            page.add(_tick(x, cy - 2.1))
            page.add(Text(x + 5.4, cy, item, size=TEXT, valign="middle"))
            x += 5.4 + text_width(item, TEXT) + 5
        if a == RESIDENCES:
            note = (word("k_bonus_at", lang, a=bonus_at[0], b=bonus_at[-1]) + " · " +
                    word("k_res_note", lang, n=b.res_field_at))
            page.add(Text(MARGIN + 32, y + row_h - 3.2, note, size=SMALL, color=GREY,
                          valign="middle"))
        vx = MARGIN + full - len(b.field_values) * 11.5 - 1
        for v in b.field_values:
            page.add(Circle(vx + 5, y + row_h / 2, 4.4, stroke(BLACK, 0.35), tag="value"))
            page.add(Text(vx + 5, y + row_h / 2, str(v), size=pt(9), bold=True,
                          anchor="middle", valign="middle"))
            vx += 11.5
        y += row_h + 2.5
    # laps
    y += 7
    page.add(_heading(MARGIN, y, word("k_laps", lang), full))
    x = MARGIN
    for lap in range(1, 7):
        page.add(_tick(x, y + 3.5, 5.5))
        page.add(Text(x + 7.5, y + 6.25, f"{lap * 100}", size=pt(9), valign="middle"))
        x += 26
    # bonus cards
    y += 18
    page.add(_heading(MARGIN, y, word("k_bonus", lang), full))
    count = 24
    for i in range(count):
        page.add(_tick(MARGIN + i * (full / count), y + 3.5, 5.0))
    # diamonds
    y += 18
    page.add(_heading(MARGIN, y, word("k_diamonds", lang), full))
    step = full / opts.diamonds
    for i in range(opts.diamonds):
        page.add(_outline_diamond(MARGIN + i * step + step / 2, y + 8, min(3.4, step * 0.45)))
    # rounds
    y += 22
    page.add(_heading(MARGIN, y, word("k_rounds", lang), full))
    rounds = max(make_config(n, opts).rounds for n in (2, 3, 4))
    label_w = 24.0
    cell = (full - label_w) / rounds
    for r, key in enumerate(("k_this_round", "k_total")):
        top = y + 3 + 6 + r * 13
        page.add(Text(MARGIN, top + 6.5, word(key, lang), size=TEXT, bold=True,
                      valign="middle"))
        for i in range(rounds):
            page.add(Rect(MARGIN + label_w + i * cell, top, cell, 13, stroke(BLACK, 0.3)))
    for i in range(rounds):
        page.add(Text(MARGIN + label_w + i * cell + cell / 2, y + 3 + 3.5,
                      f"{word('round', lang)} {i + 1}", size=SMALL, color=GREY,
                      anchor="middle", valign="middle"))
    return page


def _outline_diamond(cx: float, cy: float, r: float) -> Polyline:
    return Polyline(((cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)),
                    stroke(BLACK, 0.3), closed=True, tag="supply")


# -------------------------------------------------------------------------- all
def aid_pages(options: Options | None = None, *, paper: str = "a4", lang: str = "en",
              players: int = 4) -> list[tuple[str, Page]]:
    """All pages of the score aid, named: ``player``, ``table``, ``tracker-1`` ..."""
    pages = [("player", player_aid_page(options, paper=paper, lang=lang)),
             ("table", scoring_table_page(options, paper=paper, lang=lang))]
    body = tracker_body(options, paper=paper, lang=lang)
    pages += [(f"tracker-{i}", tracker_page(options, paper=paper, lang=lang, player=i,
                                            body=body)) for i in range(1, players + 1)]
    return pages
