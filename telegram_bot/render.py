"""The table message (text and buttons) and the story messages, for any game.

Game-specific words and layouts come from the game's presentation methods; this module only
knows tables: lobbies, seats, settings and options, CPUs, timers, who may press what.
"""

from __future__ import annotations

from typing import Any

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from games.base import N_, Event, Game, SettingSpec, Text
from games.registry import get_game
from tables.deadlines import acting_seat
from tables.lobby import CPU_LEVELS
from tables.model import CANCELLED, EXPIRED, FINISHED, LOBBY, PLAYING, Table
from tables.options import OPTION_SPECS
from telegram_bot.callback_data import GAME, PRIVATE, Button
from telegram_bot.callback_data import LOBBY as LOBBY_KIND
from translations import render as render_text
from translations import tr

MAX_TEXT = 4096
PANEL_SETTINGS = "settings"
BANNER_LINES = 8
CPU_LEVEL_LABELS = {"easy": N_("🤖 + easy"), "normal": N_("🤖 + normal"), "hard": N_("🤖 + hard")}
CPU_LEVEL_NAMES = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}


def table_message(
    table: Table, miniapp_link: str | None = None
) -> tuple[str, InlineKeyboardMarkup | None]:
    """The one message that shows a table, edited as the game goes."""
    game = get_game(table.game)
    language = table.language
    if table.status == LOBBY:
        return _lobby_text(table, game), _lobby_keyboard(table, game)
    title = render_text(Text(game.title), language)
    if table.status in (CANCELLED, EXPIRED) and table.state is None:
        closed = (
            tr(language, "🚫 The {game} table was cancelled.", game=title)
            if table.status == CANCELLED
            else tr(
                language, "⌛ The {game} table was closed: nobody played for a while.", game=title
            )
        )
        return closed, None
    assert table.state is not None
    state = game.load(table.state)
    names = table.display_names()
    lines = [render_text(t, language) for t in game.describe_table(game.public_view(state), names)]
    lines.extend(_turn_notes(table, game, state, names))
    if table.status == CANCELLED:
        lines.append(tr(language, "🚫 This game was cancelled."))
    elif table.status == EXPIRED:
        lines.append(tr(language, "⌛ This game was closed: nobody played for a day."))
    elif table.status == FINISHED:
        lines.append(tr(language, "📜 /log sends the whole game; 🔁 Rematch plays again."))
    text = _fit("\n".join(lines))
    if table.status == FINISHED:
        return text, _finished_keyboard(table)
    if table.status != PLAYING:
        return text, None
    return text, _game_keyboard(table, game, state, miniapp_link)


def _turn_notes(table: Table, game: Game, state: Any, names: list[str]) -> list[str]:
    """Table-level notes under the game's own lines: stand-ins, the reminder, tutorial tips."""
    language = table.language
    notes = [
        tr(language, "🤖 A CPU plays for {name} until they are back.", name=names[seat])
        for seat in table.autopilot
    ]
    seat = acting_seat(table)
    if seat is None:
        return notes
    if table.reminded and not table.seats[seat].is_cpu and seat not in table.autopilot:
        left = float(table.option("turn_timer")) / 2
        notes.append(
            tr(
                language,
                "⏳ {name}, your time is running out: {left} left!",
                name=names[seat],
                left=_duration(left, language),
            )
        )
    if table.tutorial and not table.seats[seat].is_cpu:
        hint = game.describe_hint(game.view(state, seat), names)
        if hint is not None:
            notes.append(render_text(hint, language))
    return notes


def story_lines(table: Table, events: list[Event]) -> list[str]:
    """The chat's story for these events: reveals, results, eliminations, the winner."""
    game = get_game(table.game)
    language = table.language
    names = table.display_names()
    lines = [render_text(t, language) for t in game.describe_events(events, names)]
    for event in events:
        if event["type"] == "expired":
            lines.append(tr(language, "⌛ The table was closed because nobody played for a while."))
        elif event["type"] == "autopilot" and event["on"]:
            lines.append(
                tr(
                    language,
                    "🤖 {name} missed two turns: a CPU plays for them until they are back "
                    "(any button brings them back).",
                    name=names[event["seat"]],
                )
            )
        elif event["type"] == "rematch":
            lines.append(tr(language, "🔁 Rematch! Same seats, same rules."))
    return lines


def story_messages(lines: list[str]) -> list[str]:
    """Story lines packed into as few messages as Telegram's 4096 characters allow."""
    return _chunks(lines) if lines else []


def with_banner(text: str, lines: list[str], language: str) -> str:
    """The table message with the latest story on top, while a busy chat has no room for a
    message of its own (the lines are posted later, batched)."""
    recent = lines[-BANNER_LINES:]
    banner = "\n".join([tr(language, "📣 Latest:"), *recent])
    return _fit(f"{banner}\n\n{text}")


def _lobby_text(table: Table, game: Game) -> str:
    language = table.language
    title = render_text(Text(game.title), language)
    heading = (
        tr(language, "🎓 {game} tutorial", game=title)
        if table.tutorial
        else tr(language, "🎲 {game}: a new table is open!", game=title)
    )
    lines = [heading, ""]
    lines.append(
        tr(language, "Players ({count}/{max}):", count=len(table.seats), max=game.max_seats)
    )
    names = table.display_names()
    for index, seat in enumerate(table.seats):
        crown = " 👑" if seat.user_id == table.creator_id else ""
        level = f" ({tr(language, CPU_LEVEL_NAMES[seat.cpu])})" if seat.cpu else ""
        lines.append(f"{index + 1}. {names[index]}{level}{crown}")
    lines.append("")
    lines.extend(settings_lines(table, game))
    lines.append("")
    if len(table.seats) < game.min_seats:
        lines.append(
            tr(
                language,
                "Tap Join to take a seat (or add a CPU in Settings). At least {n} players "
                "are needed.",
                n=game.min_seats,
            )
        )
    else:
        lines.append(tr(language, "Tap Join to take a seat. The creator starts the game."))
    return _fit("\n".join(lines))


def settings_lines(table: Table, game: Game) -> list[str]:
    language = table.language
    preset = game.preset_of(table.settings)
    preset_name = tr(language, preset) if preset else tr(language, "custom")
    lines = [tr(language, "⚙️ Rules: {preset}", preset=preset_name)]
    lines.append(" · ".join(setting_label(table, spec) for spec in game.settings_specs))
    lines.append(" · ".join(setting_label(table, spec) for spec in OPTION_SPECS))
    return lines


def setting_label(table: Table, spec: SettingSpec) -> str:
    """ "Lives: 3" in the table's language (a game setting or a table option)."""
    current = table.settings.get(spec.key, table.options.get(spec.key))
    if current is None:
        current = table.option(spec.key)
    value = spec.label_of(current)
    return f"{tr(table.language, spec.label)}: {tr(table.language, value)}"


def _button(table: Table, label: str, kind: str, payload: str) -> InlineKeyboardButton:
    data = Button(table.id, table.version, kind, payload).encode()
    return InlineKeyboardButton(label, callback_data=data)


def _lobby_keyboard(table: Table, game: Game) -> InlineKeyboardMarkup:
    language = table.language
    if table.panel == PANEL_SETTINGS:
        preset = game.preset_of(table.settings)
        preset_name = tr(language, preset) if preset else tr(language, "custom")
        rows = [
            [
                _button(
                    table, tr(language, "Rules: {preset}", preset=preset_name), LOBBY_KIND, "preset"
                )
            ]
        ]
        setting_buttons = [
            _button(table, setting_label(table, spec), LOBBY_KIND, f"set:{spec.key}")
            for spec in (*game.settings_specs, *OPTION_SPECS)
        ]
        rows += [setting_buttons[i : i + 2] for i in range(0, len(setting_buttons), 2)]
        rows.append(
            [
                _button(table, tr(language, CPU_LEVEL_LABELS[level]), LOBBY_KIND, f"cpu:{level}")
                for level in CPU_LEVELS
            ]
        )
        kicks = [
            _button(table, tr(language, "✖ {name}", name=seat.name), LOBBY_KIND, f"kick:{index}")
            for index, seat in enumerate(table.seats)
            if seat.user_id != table.creator_id
        ]
        rows += [kicks[i : i + 3] for i in range(0, len(kicks), 3)]
        rows.append(
            [
                _button(table, tr(language, "🚫 Cancel table"), LOBBY_KIND, "cancel"),
                _button(table, tr(language, "⬅️ Back"), LOBBY_KIND, "panel:main"),
            ]
        )
        return InlineKeyboardMarkup(rows)
    return InlineKeyboardMarkup(
        [
            [
                _button(table, tr(language, "✋ Join"), LOBBY_KIND, "join"),
                _button(table, tr(language, "🚪 Leave"), LOBBY_KIND, "leave"),
            ],
            [
                _button(table, tr(language, "⚙️ Settings"), LOBBY_KIND, "panel:settings"),
                _button(table, tr(language, "▶️ Start"), LOBBY_KIND, "start"),
            ],
        ]
    )


def _game_keyboard(
    table: Table, game: Game, state: Any, miniapp_link: str | None
) -> InlineKeyboardMarkup:
    language = table.language
    rows: list[list[InlineKeyboardButton]] = []
    private: list[str] = []
    for seat in range(len(table.seats)):
        for action in game.private_actions(game.view(state, seat)):
            if action not in private:
                private.append(action)
    if private:
        rows.append(
            [
                _button(table, render_text(game.action_label(a), language), PRIVATE, a)
                for a in private
            ]
        )
    for seat in game.to_act(state):
        if table.seats[seat].is_cpu:
            continue  # a CPU's turn: nobody has anything to press
        for row in game.action_rows(game.legal_actions(state, seat)):
            rows.append(
                [_button(table, render_text(game.action_label(a), language), GAME, a) for a in row]
            )
    if miniapp_link:
        rows.append([InlineKeyboardButton(tr(language, "📱 Open my hand"), url=miniapp_link)])
    return InlineKeyboardMarkup(rows)


def _finished_keyboard(table: Table) -> InlineKeyboardMarkup | None:
    if not any(seat.user_id is not None for seat in table.seats):
        return None
    label = tr(table.language, "🔁 Rematch")
    return InlineKeyboardMarkup([[_button(table, label, LOBBY_KIND, "rematch")]])


def _duration(seconds: float, language: str) -> str:
    if seconds >= 120:
        return tr(language, "{n} min", n=round(seconds / 60))
    return tr(language, "{n} s", n=round(seconds))


def _fit(text: str) -> str:
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…"


def _chunks(lines: list[str]) -> list[str]:
    """Lines packed into as few messages as Telegram's 4096 characters allow."""
    messages: list[str] = []
    current = ""
    for line in lines:
        line = _fit(line)
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > MAX_TEXT:
            messages.append(current)
            current = line
        else:
            current = candidate
    if current:
        messages.append(current)
    return messages
