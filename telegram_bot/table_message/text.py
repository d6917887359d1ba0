"""The words of the table message: the lobby, a running game, a closed table.

Game-specific words come from the game (its status lines and seat badges); this module lays
out what every game shares: the seats and who is to act, settings, timers, stand-ins, tips.

The chat reads as the story of the game: a commitment (a 64-hex SHA-256) is never spelled
out in it — the table shows one short mark, "🔐 sealed · /verify", and /verify and /log hold
the hashes and their proofs. A finished game's last message names how it ended (the winner;
or, in a game with only a loser, the loser and the order the others went out).
"""

from __future__ import annotations

import re
from typing import Any

from games.base import N_, Text
from games.game import Game
from tables.table import story
from tables.table.deadlines import acting_seats, is_reminded
from tables.table.model import CANCELLED, EXPIRED, FINISHED, Table
from tables.table.options import OPTION_SPECS
from telegram_bot.table_message.rating_text import rating_line
from telegram_bot.texts import preset_name, setting_label
from translations import render, tr

MAX_TEXT = 4096
COMMITMENT = re.compile(r"\b[0-9a-f]{64}\b")
CPU_LEVEL_NAMES = {
    "easy": N_("easy"),
    "normal": N_("normal"),
    "hard": N_("hard"),
    "expert": N_("expert"),
}
SEALED = N_("🔐 sealed · /verify")  # the chat's one mark for every commitment in force


def sealed(lines: list[str], language: str) -> list[str]:
    """Lines for the chat: each holding a commitment gives way to the one short mark (once)."""
    kept: list[str] = []
    mark = tr(language, SEALED)
    for line in lines:
        if COMMITMENT.search(line):
            line = mark
            if mark in kept:
                continue
        kept.append(line)
    return kept


def fit(text: str) -> str:
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…"


def title_of(game: Game, language: str) -> str:
    return render(Text(game.presentation.title), language)


def closed_text(table: Table) -> str:
    """A table closed before its game began."""
    title = title_of(table.match().game, table.language)
    if table.status == CANCELLED:
        return tr(table.language, "🚫 The {game} table was cancelled.", game=title)
    return tr(
        table.language, "⌛ The {game} table was closed: nobody played for a while.", game=title
    )


def lobby_text(table: Table) -> str:
    game = table.match().game
    language = table.language
    title = title_of(game, language)
    heading = (
        tr(language, "🎓 {game} tutorial", game=title)
        if table.tutorial
        else f"{game.presentation.icon} " + tr(language, "{game}: a new table is open!", game=title)
    )
    lines = [heading, tr(language, game.presentation.summary), ""]
    lines.append(
        tr(language, "Players ({count}/{max}):", count=len(table.seats), max=game.rules.max_seats)
    )
    names = table.display_names()
    for index, seat in enumerate(table.seats):
        crown = " 👑" if seat.user_id == table.creator_id else ""
        level = f" ({tr(language, CPU_LEVEL_NAMES[seat.cpu])})" if seat.cpu else ""
        lines.append(f"{index + 1}. {names[index]}{level}{crown}")
    lines.append("")
    lines.extend(settings_lines(table, game))
    lines.append("")
    if len(table.seats) < game.rules.min_seats:
        lines.append(
            tr(
                language,
                "Tap Join to take a seat (or add a CPU in Settings). At least {n} players "
                "are needed.",
                n=game.rules.min_seats,
            )
        )
    else:
        lines.append(tr(language, "Tap Join to take a seat. The creator starts the game."))
    return fit("\n".join(lines))


def game_text(table: Table, shown: frozenset[str] = frozenset()) -> str:
    """A running (or finished) game: the game's header, every seat, the game's status, and
    while the game's counters are new to the players, what its signs mean. A status line
    holding a commitment shows the one short mark instead (``/verify`` shows the hashes;
    ``shown`` is kept for the chat's bookkeeping). A finished game's status ends with how
    it ended (the winner, or the loser), and shows no mark (its secrets are out)."""
    game = table.match().game
    language = table.language
    state = table.match().state
    public = game.rules.public_view(state)
    names = table.display_names()
    status = sealed(
        [render(line, language) for line in game.presentation.describe_status(public, names)],
        language,
    )
    if table.status == FINISHED:  # the verdict last; nothing is sealed any more
        status = [line for line in status if line != tr(language, SEALED)]
        status += final_lines(table, game, state, names)
    acting = set(game.rules.to_act(state))
    lines = status[:1]
    for seat, badge in enumerate(game.presentation.seat_badges(public)):
        shown = render(badge.badge, language)
        marker = "▪️" if badge.out else "▶️" if seat in acting else "▫️"
        lines.append(f"{marker} {names[seat]} {shown}".rstrip())
    lines += ["", *status[1:]]
    if game.presentation.legend and game.presentation.shows_legend(public):
        lines.append(legend_line(game, language))
    lines += turn_notes(table, game, state, names)
    if table.status == CANCELLED:
        lines.append(tr(language, "🚫 This game was cancelled."))
    elif table.status == EXPIRED:
        lines.append(tr(language, "⌛ This game was closed: nobody played for a day."))
    elif table.status == FINISHED:
        lines += [line for line in [rating_line(table)] if line]
        lines.append(tr(language, "📜 /log sends the whole game; 🔁 Rematch plays again."))
    return fit("\n".join(lines))


def final_lines(table: Table, game: Game, state: Any, names: list[str]) -> list[str]:
    """How the game ended, in its own words: the winner (or the one who lost)."""
    ranking, places = game.rules.ranking(state), game.rules.places(state)
    if not ranking:
        return []
    own = game.presentation.describe_final(ranking, places, names)
    lines = own if own is not None else story.final_ranking(ranking, places, names)[:1]
    return [render(line, table.language) for line in lines]


def legend_line(game: Game, language: str) -> str:
    """ "ℹ️ 🎯 tricks won / bid · 📊 points": what the table's signs mean."""
    signs = " · ".join(
        f"{sign} {tr(language, meaning)}" for sign, meaning in game.presentation.legend
    )
    return f"ℹ️ {signs}"


def commitments_in(text: str) -> set[str]:
    return set(COMMITMENT.findall(text))


def turn_notes(table: Table, game: Game, state: Any, names: list[str]) -> list[str]:
    """Table-level notes under the game's own lines: stand-ins, reminders, tutorial tips."""
    language = table.language
    notes = [
        tr(language, "🤖 A CPU plays for {name} until they are back.", name=names[seat])
        for seat in table.autopilot
    ]
    for seat in acting_seats(table):
        if table.played_by_cpu(seat):
            continue
        if is_reminded(table, seat):
            left = float(table.option("turn_timer")) / 2
            notes.append(
                tr(
                    language,
                    "⏳ {name}, your time is running out: {left} left!",
                    name=names[seat],
                    left=duration(left, language),
                )
            )
        if table.tutorial:
            hint = game.presentation.describe_hint(game.rules.view(state, seat), names)
            if hint is not None:
                notes.append(render(hint, language))
    return notes


def settings_lines(table: Table, game: Game) -> list[str]:
    language = table.language
    lines = [tr(language, "⚙️ Rules: {preset}", preset=preset_name(table, game))]
    lines.append(" · ".join(setting_label(table, spec) for spec in game.rules.settings_specs))
    lines.append(" · ".join(setting_label(table, spec) for spec in OPTION_SPECS))
    return lines


def duration(seconds: float, language: str) -> str:
    if seconds >= 120:
        return tr(language, "{n} min", n=round(seconds / 60))
    return tr(language, "{n} s", n=round(seconds))
