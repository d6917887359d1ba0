"""The bot's own words: error answers by error code, the help, and a table's settings as
labels (the lobby keyboard and the table message both show them)."""

from __future__ import annotations

from games.base import SettingSpec, Text
from games.game import Game
from games.registry import GAMES
from tables.table.model import Table
from translations import render, tr
from translations.errors import refusal_msgid


def error_text(code: str, language: str, game: Game | None = None) -> str:
    """The refusal for an error ``code``: the game's own words first (its error codes), then
    the shared ones (the same lookup as the Mini App's errors: translations.errors)."""
    return tr(language, refusal_msgid(code, game))


def game_title(game: Game, language: str) -> str:
    return render(Text(game.presentation.title), language)


def help_text(language: str, bot_username: str) -> str:
    games = list(GAMES.values())
    lines = [tr(language, "🎲 I host table games with hidden hands in your group chats:"), ""]
    lines += [f"/{game.command} — {tr(language, game.presentation.summary)}" for game in games]
    lines += [
        "",
        tr(language, "How to play:"),
        tr(language, "1. Add me to a group with your friends."),
        tr(
            language,
            "2. Send /play there (or a game's command): a table opens. Everyone taps Join.",
        ),
        tr(language, "3. The creator taps Start. I keep the table in one message."),
        tr(
            language,
            "4. On your turn, tap a button on the table. Only you see your own secrets: the "
            "table's buttons show them to you alone, or open the Mini App.",
        ),
        "",
        tr(language, "Commands:"),
        tr(language, "/play — choose a game and open a table in this group"),
        tr(language, "/cancel — close the open table (creator or admin)"),
        tr(language, "/rules — the rules of the table's game"),
        tr(language, "/tutorial — learn by playing, with tips (private chat)"),
        tr(language, "/stats, /top — your numbers and rating, and the chat's best"),
        tr(language, "/season — the group's rating seasons (an admin starts a new one)"),
        tr(language, "/mygames — every table you sit at, and whose turn it is (private chat)"),
        tr(language, "/reminders — turn private reminders of your turn on or off"),
        tr(language, "/verify — how to check that the game was fair"),
        tr(language, "/language — your language (in a group: the group's, for admins)"),
        tr(language, "/help — this help"),
        "",
        tr(
            language,
            "📊 Ratings: every finished game between people moves each player's rating in "
            "that game, by the place they finished (shared places count as ties). It starts "
            "at 1,500 and is a careful estimate: the skill you have shown for sure, so it "
            "rises as your games show more. The first 5 games are provisional. CPUs, "
            "tutorials and solo practice never count.",
        ),
        tr(
            language,
            "Not rated: a game over in fewer than 4 moves, or one in which someone never "
            "made a move themselves (whoever leaves before their first move is left out of "
            "it). Games of the same people on one day count less and less for their ratings "
            "everywhere, each half as much as the one before; the group's standings count "
            "them all.",
        ),
        tr(language, "What the signs on a table mean:"),
        *legend_lines(language),
        "",
        tr(language, "Add me to a group: https://t.me/{bot}?startgroup=play", bot=bot_username),
    ]
    return "\n".join(lines)


def legend_lines(language: str) -> list[str]:
    """Per game, its signs and what they mean (the same on every table of the game)."""
    shared = [("▶️", tr(language, "to act")), ("🔒", tr(language, "a commitment (see /verify)"))]
    lines = [" · ".join(f"{sign} {meaning}" for sign, meaning in shared)]
    for game in GAMES.values():
        if game.presentation.legend:
            signs = " · ".join(
                f"{sign} {tr(language, meaning)}" for sign, meaning in game.presentation.legend
            )
            lines.append(f"{game.presentation.icon} {game_title(game, language)}: {signs}")
    return lines


def preset_name(table: Table, game: Game) -> str:
    preset = game.rules.preset_of(table.settings)
    if preset is None:
        return tr(table.language, "custom")
    return tr(table.language, game.presentation.preset_labels.get(preset, preset))


def setting_label(table: Table, spec: SettingSpec) -> str:
    """ "Lives: 3" in the table's language (a game setting or a table option)."""
    current = table.settings.get(spec.key, table.options.get(spec.key))
    if current is None:
        current = table.option(spec.key)
    value = spec.label_of(current)
    return f"{tr(table.language, spec.label)}: {tr(table.language, value)}"
