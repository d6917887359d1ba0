"""The page's own words (the buttons and labels of the Mini App), in the reader's language."""

from __future__ import annotations

from games.base import N_, Text
from games.registry import GAMES
from translations import template, tr
from webapp.history_strings import HISTORY_STRINGS

PAGE_STRINGS = {
    "look": N_("Tap to look"),
    "why": N_("Why:"),
    "all_rules": N_("All the rules and settings"),
    "cover": N_("Tap to cover"),
    "your_turn": N_("Your turn"),
    "waiting_for": N_("Waiting for {name}"),
    "you_are_out": N_("You are out of this game."),
    "you_left": N_("You left this game."),
    "game_over": N_("The game is over: {name} wins!"),
    "spectator": N_("You are watching this table."),
    "lobby": N_("The table is open. The game starts soon."),
    "join": N_("Join"),
    "leave": N_("Leave"),
    "start": N_("Start"),
    "closed": N_("This table is closed."),
    "no_table": N_("Open this from a table message in your group."),
    "connecting": N_("Connecting…"),
    "reconnecting": N_("Connection lost. Reconnecting…"),
    "sent": N_("Sent!"),
    "verify": N_("Verify"),
    "games_won": N_("Your games: {games} · wins: {wins}"),
    "you": N_("You"),
    "how_to_play": N_("How to play"),
    "rules_of": N_("Rules: {preset}"),
    "custom_rules": N_("Rules: your own settings"),
    "verify_about": N_(
        "Each secret is fixed when it is dealt, and its SHA-256 commitment is shown at once. "
        "When it is revealed, hash the text and compare."
    ),
    "now_committed": N_("Committed now"),
    "copy": N_("Copy"),
    "copied": N_("Copied!"),
    "you_win": N_("You win! 🎉"),
    "you_share_win": N_("You share the win! 🎉"),
    "winner_is": N_("🏆 {name} wins!"),
    "rematch": N_("🔁 Rematch"),
    "close": N_("Close"),
    "leave_game": N_("🚪 Leave the game"),
    "leave_confirm": N_("Tap again to leave the game"),
    "tutorial": N_("🎓 Tutorial"),
    "tutorial_progress": N_("games finished: {completed} · won: {won}"),
    "expired": N_("This page is out of date: close it and open it again from your group."),
    "reload": N_("Reload"),
}


def page_strings(language: str) -> dict[str, str]:
    """The page's own words, and each game's renderer words as "<game>.<key>"."""
    strings = {key: tr(language, text) for key, text in {**PAGE_STRINGS, **HISTORY_STRINGS}.items()}
    for game in GAMES.values():
        for key, text in game.presentation.web_strings.items():
            name = f"{game.name}.{key}"
            if isinstance(text, Text) and text.plural is not None:
                strings[name] = template(language, text.msgid, text.plural, 1)
                strings[name + ".n"] = template(language, text.msgid, text.plural, 2)
            else:
                strings[name] = template(language, text.msgid if isinstance(text, Text) else text)
    return strings
