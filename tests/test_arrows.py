"""No arrow up the house: a layer imports only what lies below it.

The house, from the ground up: games/ (pure rules) → tables/ (tables in Redis; its engine,
tables/engine/, knows Redis and nothing of tables) → the two front doors, telegram_bot/ and
webapp/, which know nothing of each other. ops/ (metrics, health, logs) sits beside them all
and below tables: a hook's caller says what happened. In the bot, a table's message shows the
group's buttons (table_message → buttons), so the buttons never reach back into the message.

Every import counts, wherever it is written (inside a function, under ``TYPE_CHECKING``), as
in tests/test_import_cycles.py, whose import graph this reads.
"""

from __future__ import annotations

import pytest

from tests.test_import_cycles import PACKAGES, ROOT, import_graph, module_files

# (a layer, what it may import of the project); a module belongs to its longest layer.
ALLOWED = {
    "games": ("games",),
    "tables.engine": ("games", "ops", "tables.engine"),
    "tables": ("games", "ops", "tables", "translations"),
    "ops": ("games", "ops"),
    "telegram_bot": ("games", "ops", "tables", "telegram_bot", "translations"),
    "webapp": ("games", "ops", "tables", "translations", "webapp"),
}
# What a layer may not import although its package allows it.
DENIED = {"telegram_bot.buttons": ("telegram_bot.table_message",)}


def _inside(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def layer_of(module: str) -> str | None:
    """The most specific layer a module belongs to (None: not a layer with rules)."""
    layers = [layer for layer in ALLOWED | DENIED if _inside(module, layer)]
    return max(layers, key=len) if layers else None


def allowed(module: str, target: str) -> bool:
    """May the module import the target? (Its layer allows it, and does not deny it.)"""
    layer = layer_of(module)
    if layer is None:
        return True
    if any(_inside(target, no) for no in DENIED.get(layer, ())):
        return False
    package = layer_of(layer.rpartition(".")[0]) if layer in DENIED else layer
    assert package is not None
    return any(_inside(target, ok) for ok in ALLOWED[package])


def arrows_up() -> list[str]:
    """Every import a module's layer does not allow, as "module → imported"."""
    graph = import_graph(module_files(ROOT, PACKAGES))
    wrong = []
    for module, imported in sorted(graph.items()):
        wrong += [
            f"{module} → {target}" for target in sorted(imported) if not allowed(module, target)
        ]
    return wrong


def test_no_arrow_up_the_house() -> None:
    assert arrows_up() == []


@pytest.mark.parametrize(
    ("module", "target", "ok"),
    [
        ("tables.table.store", "tables.engine.keys", True),
        ("tables.engine.hints", "tables.table.model", False),
        ("ops.metrics", "tables.table.model", False),
        ("games.mia.rules", "tables.table.model", False),
        ("tables.table.store", "telegram_bot.services", False),
        ("telegram_bot.table_message.render", "telegram_bot.buttons.keyboards", True),
        ("telegram_bot.buttons.keyboards", "telegram_bot.table_message.text", False),
        ("webapp.api", "telegram_bot.services", False),
        ("telegram_bot.app", "webapp.api", False),
    ],
)
def test_the_rules_say_what_they_mean(module: str, target: str, ok: bool) -> None:
    """The rules themselves, on arrows that exist or once did (so the test is not empty)."""
    assert layer_of(module) is not None
    assert allowed(module, target) is ok


def test_the_graph_sees_the_arrows_that_are_there() -> None:
    """The parser finds real imports: an empty graph would pass the first test by chance."""
    graph = import_graph(module_files(ROOT, PACKAGES))
    assert "tables.engine.keys" in graph["tables.table.store"]
    assert "telegram_bot.buttons.keyboards" in graph["telegram_bot.table_message.render"]
