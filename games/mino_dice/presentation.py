"""How Mino Dice looks and reads: buttons and status in looks.py, the story in story.py, the
dice's names and the rules in words.py, the Mini App renderer in web/."""

from __future__ import annotations

from pathlib import Path

from games.base import JSON, N_, Action, Event, PrivateInfo, SeatBadge, Text
from games.mino_dice import looks, story, views, words
from games.mino_dice.errors import ERROR_TEXTS
from games.mino_dice.settings import PRESET_DESCRIPTIONS, PRESET_LABELS
from games.presentation_protocol import Names, Presentation


class MinoPresentation(Presentation):
    """Bids as buttons, dice rolled from a private cup, a score sheet on the page."""

    title = N_("Mino Dice")
    summary = N_(
        "Mino Dice: bid your tricks, then roll your dice to win exactly that many. 2–6 players."
    )
    preset_labels = PRESET_LABELS
    preset_descriptions = PRESET_DESCRIPTIONS
    error_texts = ERROR_TEXTS
    open_label = N_("📱 Open my cup")
    private_label = N_("👀 Look at my dice")
    play_label = N_("🎲 Roll a die")
    hand_play_message = N_("🎲 I roll one of my dice.")
    legend = looks.LEGEND
    story_breaks = frozenset({"hand_scored"})  # a hand's scores end a chapter
    web_assets = Path(__file__).resolve().parent / "web"
    page_history = frozenset({"hand_scored"})  # the score sheet, hand by hand
    web_strings = looks.WEB_STRINGS

    def action_label(self, action: Action) -> Text:
        return looks.action_label(action)

    def action_rows(self, actions: list[Action]) -> list[list[Action]]:
        return looks.action_rows(actions)

    def action_done(self, action: Action) -> Text | None:
        return looks.action_done(action)

    def action_style(self, action: Action) -> str:
        return looks.action_style(action)

    def private_info(self, view: JSON) -> PrivateInfo | None:
        return looks.private_info(view)

    def plays_privately(self, public_view: JSON, seat: int) -> bool:
        return views.plays_privately(public_view, seat)

    def describe_private_play(self, public_view: JSON, seat: int, names: Names) -> Text:
        return looks.describe_private_play(public_view, seat, names)

    def shows_legend(self, public_view: JSON) -> bool:
        return looks.shows_legend(public_view)

    def seat_badges(self, public_view: JSON) -> list[SeatBadge]:
        return looks.seat_badges(public_view)

    def describe_status(self, public_view: JSON, names: Names) -> list[Text]:
        return looks.describe_status(public_view, names)

    def describe_hint(self, view: JSON, names: Names) -> Text | None:
        return looks.describe_hint(view, names)

    def describe_events(self, events: list[Event], names: Names) -> list[Text]:
        return story.describe_events(events, names)

    def describe_log(self, events: list[Event], names: Names) -> list[Text]:
        return story.describe_log(events, names)

    def commitments(self, events: list[Event], names: Names) -> list[Text]:
        return story.commitments(events, names)

    def proofs(self, events: list[Event]) -> list[tuple[str, str]]:
        return story.proofs(events)

    def describe_rules(self, settings: JSON) -> list[Text]:
        return words.describe_rules(settings)

    def describe_fairness(self) -> list[Text]:
        return words.describe_fairness()
