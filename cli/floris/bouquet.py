"""``scorepad floris bouquet SPEC``: is this hand a bouquet, and what is it worth?"""

from __future__ import annotations

import click

from scorepad.app.bouquet import verdict_json
from scorepad.floris.common import load_rules, rules_option
from scorepad.options import json_option


@click.command(name="bouquet")
@click.argument("spec", nargs=-1, required=True)
@json_option("Print the verdict as JSON.")
@rules_option
@click.pass_context
def bouquet_cmd(ctx: click.Context, spec: tuple[str, ...], as_json: bool,
                rules_file: str | None) -> None:
    """Say whether SPEC (the whole hand) is a valid bouquet, its pattern and its points.

    SPEC lists flowers with counts: "rose:3 lily:3", "3 rose, 3 lily", "r3 l3"
    (a name or any unambiguous prefix; counts before or after). When the hand is no
    bouquet, the reason and the smallest change that would make it one are printed.
    Exit status: 0 valid, 1 not a bouquet, 2 a spec that cannot be read.

    \b
    Examples:
      scorepad floris bouquet "rose:3 lily:3"
      scorepad floris bouquet d1 r2 l4 --json
    """
    from scorepad.io import emit_json
    from scorepad.rules.floris.bouquet import judge
    from scorepad.rules.floris.fix import smallest_fix
    from scorepad.rules.floris.spec import parse_spec
    from scorepad.rules.floris.words import verdict_lines

    rules = load_rules(rules_file)
    text = " ".join(spec)
    verdict = judge(parse_spec(text), rules)
    fix = smallest_fix(verdict.counts, rules)
    if as_json:
        data = verdict_json(verdict)
        out = {key: data[key] for key in ("valid", "pattern", "flowers", "points")}
        out.update(reason=verdict.reason, fix=fix.text if fix else None,
                   bonus=data["bonus"], counts=data["counts"], ruleset=rules.ruleset)
        click.echo(emit_json(out))
    else:
        for line in verdict_lines(verdict, fix):
            click.echo(line)
    if not verdict.valid:
        ctx.exit(1)
