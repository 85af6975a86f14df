"""Shell completion for a ``MAP`` argument: the bundled map ids, and map files."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import click
    from click.shell_completion import CompletionItem


def complete_map(ctx: click.Context, param: click.Parameter,
                 incomplete: str) -> list[CompletionItem]:
    """The bundled map ids that start with ``incomplete``, with file names as the fallback."""
    from click.shell_completion import CompletionItem

    from scorepad.rules.voll_verplant.maps import BUNDLED_MAPS

    # The file item comes first: bash's completion script clears its list at a file item and
    # offers file names only when no id was added after it.
    return [CompletionItem(incomplete, type="file"),
            *(CompletionItem(m, help="bundled map") for m in BUNDLED_MAPS
              if m.startswith(incomplete))]
