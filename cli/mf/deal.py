"""``mf deal``: the seeded shuffle and deal (setup display and each round's hands)."""

from __future__ import annotations

import click

from scorepad.options import json_option, player_count_option, seed_option

from .common import rules_option


@click.command(name="deal")
@player_count_option(2, 4, default=None, help="Number of players (2-4).")
@seed_option("Any string; the same seed deals the same cards. Default: a fresh random "
             "seed, shown.")
@json_option("Print the deal as JSON.")
@rules_option
def deal_cmd(players: int, seed: str | None, as_json: bool, rules_file: str | None) -> None:
    """Shuffle the 109 cards with a seed and deal the setup display and every round's hands.

    The same seed always deals the same cards, on any machine. Without --seed a fresh
    seed is drawn and printed. Hands are listed by seat; each round deals 5 cards to
    every player while the deck lasts.

    \b
    Example:
      scorepad mf deal --players 3 --seed table-7
    """
    from scorepad.io import emit_json
    from scorepad.mf.shorthand import card_words
    from scorepad.rules.common.shuffle import fresh_seed
    from scorepad.rules.mille_fiori.board import board
    from scorepad.rules.mille_fiori.deal import deal

    from .common import load_rules

    seed = seed if seed is not None else fresh_seed()
    b = board()
    dealt = deal(players, seed, load_rules(rules_file), b)

    def ids(kinds: tuple[int, ...]) -> list[str]:
        return [b.cards[k].id for k in kinds]

    if as_json:
        click.echo(emit_json({
            "seed": dealt.seed, "players": players, "display": ids(dealt.display),
            "rounds": [{"hands": [ids(h) for h in hands]} for hands in dealt.rounds],
            "rest": ids(dealt.rest)}))
        return
    # in the words `mf play` reads (goblet 4, house 2): the deal can be typed in as it is
    lines = [f"Mille Fiori deal: seed {dealt.seed}, {players} players, "
             f"{len(dealt.rounds)} rounds", "",
             f"Display ({len(dealt.display)} cards face up): " + card_words(b, dealt.display)]
    for r, hands in enumerate(dealt.rounds, start=1):
        lines += ["", f"Round {r}"]
        lines += [f"  seat {i}: " + card_words(b, h) for i, h in enumerate(hands, start=1)]
    if dealt.rest:
        lines += ["", f"Not dealt ({len(dealt.rest)}): " + card_words(b, dealt.rest)]
    click.echo("\n".join(lines))
