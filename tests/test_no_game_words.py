"""The shared layers know no game: a game's words appear only under games/<name>/.

If this fails, something game-specific leaked into tables/, telegram_bot/ or webapp/: move it
into the game (its presentation, its error texts, its Mini App renderer) and have the shared
layer ask the game through games.game.Game (its rules and its presentation).
"""

from __future__ import annotations

import ast
import importlib.util
import re
from pathlib import Path

from games.game import Game
from games.registry import BUILT_IN
from translations.errors import ERROR_TEXTS

ROOT = Path(__file__).resolve().parent.parent
SHARED = ("tables", "telegram_bot", "webapp", "ops")


def own_words(game: Game) -> tuple[str, ...]:
    """A game's name and command, and the words of its things.

    The things' words come from its tests' ``words.py`` (``WORDS``, patterns), when it has one.
    """
    words = (re.escape(game.name), re.escape(game.command))
    if importlib.util.find_spec(f"tests.games.{game.name}.words") is None:
        return words
    return words + tuple(importlib.import_module(f"tests.games.{game.name}.words").WORDS)


# Every registered game's own words: the registry says which games there are.
GAME_WORDS = re.compile(
    r"\b(" + "|".join(word for game in BUILT_IN for word in own_words(game)) + r")\b",
    re.IGNORECASE,
)


def shared_files() -> list[Path]:
    return [
        path
        for folder in SHARED
        for path in (ROOT / folder).rglob("*")
        if path.suffix in (".py", ".js", ".css", ".html") and path.is_file()
    ]


def test_the_shared_layers_never_name_a_game_or_its_things():
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in shared_files()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if GAME_WORDS.search(line)
    ]
    assert not found, "\n".join(found)


def game_codes() -> re.Pattern[str]:
    """Each game's own error codes (a shared layer looks them up in the presentation's
    ``error_texts``)."""
    codes = {
        code
        for game in BUILT_IN
        for code in game.presentation.error_texts
        if code not in ERROR_TEXTS
    }
    return re.compile(r"\b(" + "|".join(sorted(map(re.escape, codes))) + r")\b")


def test_the_shared_layers_never_name_a_games_own_error_code():
    codes = game_codes()
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in shared_files()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if codes.search(line)
    ]
    assert not found, "\n".join(found)
    assert codes.search('"claim_too_low": 422,') and codes.search("raise MustFollow  # must_follow")


def test_the_check_would_see_a_game_word():
    assert GAME_WORDS.search("def render_cup(dice):")
    assert not GAME_WORDS.search("a network hiccup; a worker that dies")


def test_every_registered_game_brings_its_own_words():
    for game in BUILT_IN:
        assert GAME_WORDS.search(f"the {game.name} table"), game.name
        assert len(own_words(game)) > 2, f"tests/games/{game.name}/words.py names no thing"


# Words of games with hands of cards, which a shared layer must leave to the game (its
# presentation's open_label, play_label...): "📱 Open my hand" reads wrong for a
# game of dice under a cup.
CARD_WORDS = re.compile(r"\b(my|your|the) hands?\b|\bcards?\b|🃏", re.IGNORECASE)
MARKERS = {"tr", "trn", "N_", "T_", "NT_"}


def marked_words(path: Path) -> list[tuple[int, str]]:
    """The msgids a file marks for translation (what its readers will read)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", "")
        if name not in MARKERS:
            continue
        for argument in node.args:
            if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                found.append((node.lineno, argument.value))
    return found


def test_the_shared_layers_word_nobody_s_hand_of_cards():
    found = [
        f"{path.relative_to(ROOT)}:{number}: {words}"
        for path in shared_files()
        if path.suffix == ".py"
        for number, words in marked_words(path)
        if CARD_WORDS.search(words)
    ]
    assert not found, "\n".join(found)
    assert CARD_WORDS.search("📱 Open my hand") and CARD_WORDS.search("play a card")
    assert not CARD_WORDS.search("🎲 I host table games with hidden hands in your group chats:")
