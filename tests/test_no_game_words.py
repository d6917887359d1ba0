"""The shared layers know no game: a game's words appear only under games/<name>/.

If this fails, something game-specific leaked into tables/, telegram_bot/ or webapp/: move it
into the game (its presentation, its error texts, its Mini App renderer) and have the shared
layer ask the game through games.game.Game (its rules and its presentation).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from games.registry import BUILT_IN
from translations.errors import ERROR_TEXTS

ROOT = Path(__file__).resolve().parent.parent
SHARED = ("tables", "telegram_bot", "webapp", "ops")
# Each game's own words (its name and its things); a new game adds its own here.
GAME_WORDS = re.compile(
    r"\b(mia|cups?|dice|die|bluff\w*"  # Mia
    r"|mino\w*|minotaurs?|griffins?|mermaids?"  # Mino Dice
    r"|myllymatti|trumps?|stock)\b",  # Myllymatti
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
