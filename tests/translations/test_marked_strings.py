"""Every word a person reads is marked for translation.

Scans the code people's words come from (the bot, the web app, the games' words, the tables'
lobby) for string literals that read like English — two words or more — and are neither
marked (``tr``/``trn``/``N_``/``T_``/``NT_``) nor plainly for developers (docstrings, log
lines, exception texts for logs, asserts, Lua scripts, command-line output).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ["telegram_bot", "webapp", "games", "tables", "translations"]
NOT_FOR_PEOPLE = {
    "__main__.py",
    "wsgi.py",
    "fastlink.py",
    "redis_server.py",
    "connection.py",
}
MARKERS = {"tr", "trn", "N_", "T_", "NT_", "V_"}
DEVELOPER_CALLS = {
    "debug",
    "info",
    "warning",
    "error",
    "exception",
    "critical",
    "print",
    "add_argument",
    "ArgumentParser",
    "register_script",
    "getLogger",
    "__init__",  # exception texts, for logs
}
WORDS = re.compile(r"[A-Za-z]{2,}[,.!?]? +[A-Za-z]{2,}")
# Names that are the same in every language (each language's own name for itself).
SAME_EVERYWHERE = {"Bahasa Melayu"}


def _call_name(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def unmarked(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    allowed: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                allowed.add(id(value))  # a docstring
        if isinstance(node, ast.Call):
            name = _call_name(node)
            if name in MARKERS or name in DEVELOPER_CALLS:
                for child in ast.walk(node):
                    allowed.add(id(child))
        if isinstance(node, ast.Raise | ast.Assert | ast.Compare):
            for child in ast.walk(node):
                allowed.add(id(child))  # for logs, or matching someone else's words
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Subscript) and getattr(t.value, "attr", "") == "headers"
            for t in node.targets
        ):
            for child in ast.walk(node):
                allowed.add(id(child))  # HTTP headers
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            continue
        if id(node) in allowed or "redis.call" in node.value or not WORDS.search(node.value):
            continue
        if node.value in SAME_EVERYWHERE:
            continue
        found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value[:60]!r}")
    return found


def test_every_sentence_people_read_is_marked_for_translation():
    problems = []
    for package in SCANNED:
        for path in sorted((ROOT / package).rglob("*.py")):
            if path.name not in NOT_FOR_PEOPLE:
                problems += unmarked(path)
    assert not problems, "unmarked words:\n" + "\n".join(problems)
