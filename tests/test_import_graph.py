"""The package's import graph, read from the source (function-local imports included, so
an import hidden in a function to dodge a cycle is still seen): no module cycle, the
layers point one way (``rules`` imports only ``rules``; ``play`` only ``play`` and
``rules``; ``sheets`` only ``sheets`` and ``rules``), and the two front-ends meet only in
the application layer ``scorepad.app``: the web imports no terminal command module, the
terminal no web module, and the application layer neither."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYERS = {"cli": "scorepad", "rules": "scorepad.rules", "play": "scorepad.play",
          "sheets": "scorepad.sheets"}


def _modules() -> dict[str, Path]:
    out = {}
    for folder, package in LAYERS.items():
        for path in (ROOT / folder).rglob("*.py"):
            parts = list(path.relative_to(ROOT / folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join([package, *parts])] = path
    return out


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        base = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                target = node.module or ""
                if node.level:
                    package = base
                    for _ in range(node.level - 1):
                        package = package.rpartition(".")[0]
                    target = package + ("." + target if target else "")
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    found.add(sub if sub in modules else target)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
        graph[name] = {m for m in found if m in modules and m != name}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


#: No cycle is left (the search bot joins the simple ones in ``simulate.BOTS``).
KNOWN: list[list[str]] = []


def test_the_graph_is_read():
    graph = _graph()
    assert "scorepad.play.voll_verplant.bots" in graph["scorepad.play.voll_verplant.simulate"]
    assert "scorepad.rules.voll_verplant.map_spec" in graph["scorepad.rules.voll_verplant.maps"]
    assert "scorepad.app.photo_scan" in graph["scorepad.web.scan"]  # a function-local import


def test_no_module_imports_itself_round_a_cycle():
    assert _cycles(_graph()) == KNOWN


def test_a_cycle_would_be_found():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def _in(module: str, *layers: str) -> bool:
    return any(module == layer or module.startswith(layer + ".") for layer in layers)


def test_the_layers_point_down():
    for name, imports in _graph().items():
        if _in(name, "scorepad.rules"):
            assert all(_in(m, "scorepad.rules") for m in imports), (name, imports)
        elif _in(name, "scorepad.play"):
            assert all(_in(m, "scorepad.play", "scorepad.rules") for m in imports), \
                (name, imports)
        elif _in(name, "scorepad.sheets"):
            assert all(_in(m, "scorepad.sheets", "scorepad.rules") for m in imports), \
                (name, imports)


#: The terminal's command packages, and the browser's.
TERMINAL = ("scorepad.vv", "scorepad.mf", "scorepad.floris", "scorepad.table")
WEB = ("scorepad.web",)


def _crossings(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Every import from one front-end into the other, or from the application layer into
    either (the pages' words come from the catalogue, :mod:`scorepad.app.words`)."""
    out = []
    for name, imports in graph.items():
        for target in sorted(imports):
            if ((_in(name, *WEB) and _in(target, *TERMINAL))
                    or (_in(name, *TERMINAL) and _in(target, *WEB))
                    or (_in(name, "scorepad.app") and _in(target, *TERMINAL))
                    or (_in(name, "scorepad.app") and _in(target, *WEB))):
                out.append((name, target))
    return out


def test_the_front_ends_meet_only_in_the_application_layer():
    assert _crossings(_graph()) == []


def test_a_crossing_would_be_found():
    graph = {"scorepad.web.scan": {"scorepad.vv.scan", "scorepad.app.photo_scan"},
             "scorepad.vv.flip": {"scorepad.web.flip_page", "scorepad.app.flipper"},
             "scorepad.table.loop": {"scorepad.web"},
             "scorepad.app.flipper": {"scorepad.web.words", "scorepad.web.vv"},
             "scorepad.app.bouquet": {"scorepad.floris.common"},
             "scorepad.vvx": {"scorepad.webx"}}
    assert _crossings(graph) == [("scorepad.web.scan", "scorepad.vv.scan"),
                                 ("scorepad.vv.flip", "scorepad.web.flip_page"),
                                 ("scorepad.table.loop", "scorepad.web"),
                                 ("scorepad.app.flipper", "scorepad.web.vv"),
                                 ("scorepad.app.flipper", "scorepad.web.words"),
                                 ("scorepad.app.bouquet", "scorepad.floris.common")]
