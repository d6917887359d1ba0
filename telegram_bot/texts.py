"""The bot's own words: error answers by error code, and the help."""

from __future__ import annotations

from translations import tr
from translations.errors import ERROR_TEXTS


def error_text(code: str, language: str) -> str:
    return tr(language, ERROR_TEXTS.get(code, ERROR_TEXTS["error"]))


def help_text(language: str, bot_username: str) -> str:
    return "\n".join(
        [
            tr(language, "🎲 I host Mia, the two-dice bluffing game, in your group chats."),
            "",
            tr(language, "How to play:"),
            tr(language, "1. Add me to a group with your friends."),
            tr(language, "2. Send /mia there: a table opens. Everyone taps Join."),
            tr(language, "3. The creator taps Start. I keep the table in one message."),
            tr(
                language,
                "4. On your turn, tap My dice to peek, then announce a claim — or challenge, "
                "or accept and roll.",
            ),
            "",
            tr(language, "Commands:"),
            tr(language, "/mia — open a table in this group"),
            tr(language, "/cancel — close the open table (creator or admin)"),
            tr(language, "/rules — the rules and the rank order"),
            tr(language, "/tutorial — learn by playing, with tips (private chat)"),
            tr(language, "/stats, /top — your numbers and the chat's best"),
            tr(language, "/language — your language (in a group: the group's, for admins)"),
            tr(language, "/help — this help"),
            "",
            tr(language, "Add me to a group: https://t.me/{bot}?startgroup=mia", bot=bot_username),
        ]
    )
