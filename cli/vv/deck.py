"""``scorepad vv deck``: the card sequence a seed gives, with its reshuffles."""

from __future__ import annotations

import click

from scorepad.options import json_option, rules_option, seed_option

MAX_COUNT = 10_000


@click.command(name="deck")
@seed_option("Any string; the same seed always gives the same cards. "
             "Default: a fresh random seed, shown.")
@click.option("--count", type=click.IntRange(1, MAX_COUNT), default=28, show_default=True,
              help="How many cards to show.")
@rules_option("A ruleset file changing the deck or the shuffle cards.", dest="rules_path")
@json_option('Print {"seed": S, "cards": [...]} in the log\'s card notation.')
def deck_cmd(seed: str | None, count: int, rules_path: str | None, as_json: bool) -> None:
    """Show the cards a seed reveals, marking every reshuffle.

    After the round with the 6 (the card with the shuffle icon) all cards are shuffled
    into a new pile, so a reshuffle follows every 6. Cards are written as in game logs:
    3-6 numbers, E2/E3 express, T transfer, F free ride.

    \b
    Example:
      scorepad vv deck --seed table-42 --count 20
      scorepad vv deck --seed table-42 --json
    """
    from scorepad.app.vv_files import load_rules
    from scorepad.io import emit_json
    from scorepad.rules.common.shuffle import fresh_seed
    from scorepad.rules.voll_verplant.cards import deal

    fresh = seed is None
    seed = fresh_seed() if seed is None else seed
    rules = load_rules(rules_path)
    dealt = deal(seed, count, rules.deck, rules.shuffle_cards)
    if as_json:
        click.echo(emit_json({"seed": seed, "cards": [card.code for card, _ in dealt]}))
        return
    note = f"  (fresh; replay with --seed {seed})" if fresh else ""
    click.echo(f"seed: {seed}{note}")
    width = len(str(count))
    for number, (card, reshuffle) in enumerate(dealt, start=1):
        click.echo(f"{number:>{width}}  {card.code!s:<3} {card.describe()}")
        if reshuffle:
            click.echo(f"{'':>{width}}  — reshuffle —")
