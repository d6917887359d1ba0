"""Ratings in words for the chat: the final message's one line, /stats' rating and trend,
and a group's standings per game (/top, /season)."""

from __future__ import annotations

from games.registry import get_game
from tables.profiles import ratings
from tables.profiles.standings import RatedStanding, Rating
from tables.table.model import Table
from telegram_bot.texts import game_title
from translations import tr, trn

# Thousands separators of the languages we speak ("1,512" / "1.512").
THOUSANDS = {"nl": ".", "de": "."}


def points_text(points: int, language: str) -> str:
    return f"{points:,}".replace(",", THOUSANDS.get(language, ","))


def delta_text(delta: int) -> str:
    """ "▲19", "▼12" or "±0"."""
    if delta > 0:
        return f"▲{delta}"
    if delta < 0:
        return f"▼{-delta}"
    return "±0"


def rating_line(table: Table) -> str | None:
    """One line for the group's final message: each person's rating before and after
    ("📈 Ratings: Alice 1,512 → 1,531 ▲19 · Bob …"), in the order they finished."""
    changes = ratings.changes(table)
    if not changes:
        return None
    language = table.language
    names = table.display_names()
    parts = [
        f"{names[c.seat]} {points_text(c.before_points, language)} → "
        f"{points_text(c.after_points, language)} {delta_text(c.delta)}"
        for c in changes
    ]
    return tr(language, "📈 Ratings: {changes}", changes=" · ".join(parts))


def rating_text(rating: Rating, language: str) -> str:
    """ "📊 rating 1,531 · ▲19 over the last 5 games" (or provisional, with the count)."""
    text = tr(language, "📊 rating {points}", points=points_text(rating.points, language))
    if rating.provisional:
        return (
            text
            + " · "
            + tr(
                language,
                "provisional ({games} of {needed} games)",
                games=rating.games,
                needed=ratings.PROVISIONAL_GAMES,
            )
        )
    games = len(rating.history) - 1
    if games >= 1:
        text += " · " + trn(
            language,
            "{delta} over the last game",
            "{delta} over the last {n} games",
            games,
            delta=delta_text(rating.trend),
        )
    return text


def standings_lines(game_name: str, standings: list[RatedStanding], language: str) -> list[str]:
    """A game's standings: its title, then "1. Alice — 1,612 · 23 games" per person."""
    lines = [f"🏆 {game_title(get_game(game_name), language)}"]
    for place, standing in enumerate(standings, start=1):
        rating = standing.rating
        points = points_text(rating.points, language)
        if rating.provisional:
            line = tr(
                language,
                "{place}. {name} — {points} (provisional)",
                place=place,
                name=standing.name,
                points=points,
            )
        else:
            line = tr(
                language,
                "{place}. {name} — {points}",
                place=place,
                name=standing.name,
                points=points,
            )
        lines.append(line + " " + trn(language, "· {n} game", "· {n} games", rating.games))
    return lines
