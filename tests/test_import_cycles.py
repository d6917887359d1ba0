"""No import circles among the project's modules.

A circle (rules → CPU → views → rules) means two modules cannot be read, tested or moved one
without the other, and it is usually hidden by an import inside a function or under
``TYPE_CHECKING``: so every import counts here, wherever it is written. ``from a.b import c``
is an edge to ``a.b.c`` when that is a module, else to ``a.b``; a package's ``__init__`` is
not implied (importing ``a.b`` runs it, but it is no part of what ``a.b`` needs).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("games", "tables", "telegram_bot", "webapp", "ops", "translations", "bench", "tests")

Graph = dict[str, set[str]]


def module_files(root: Path, packages: Iterable[str]) -> dict[str, Path]:
    """Dotted module name → file, for every ``.py`` file of the packages."""
    modules = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return modules


def import_graph(modules: dict[str, Path]) -> Graph:
    """Each module → the project modules it imports (anywhere in its text)."""

    def known(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: Graph = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            targets: list[str | None] = []
            if isinstance(node, ast.Import):
                targets = [known(alias.name) for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package
                    for _ in range(node.level - 1):
                        anchor = anchor.rpartition(".")[0]
                    base = f"{anchor}.{base}" if base else anchor
                for alias in node.names:
                    full = f"{base}.{alias.name}"
                    targets.append(full if full in modules else known(base))
            graph[name].update(t for t in targets if t and t != name)
    return graph


def circles(graph: Graph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_module_imports_itself_round_a_circle():
    graph = import_graph(module_files(ROOT, PACKAGES))
    assert len(graph) > 300  # every package was read
    assert circles(graph) == []


def test_a_circle_is_found_wherever_its_imports_hide(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("from pkg import rules\n")
    (package / "rules.py").write_text("def timeout():\n    from pkg import cpu\n")
    (package / "cpu.py").write_text("from . import views\n")
    (package / "views.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.rules import timeout\n"
    )
    (package / "alone.py").write_text("import pkg.cpu\n")
    graph = import_graph(module_files(tmp_path, ["pkg"]))
    assert circles(graph) == [["pkg.cpu", "pkg.rules", "pkg.views"]]
