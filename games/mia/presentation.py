"""How Mia looks and reads: the words and buttons live in looks.py, drawn by web/ in the page."""

from __future__ import annotations

from pathlib import Path

from games.base import JSON, N_, Action, Event, PrivateInfo, SeatBadge, Text
from games.mia import looks
from games.mia.errors import ERROR_TEXTS
from games.mia.settings import PRESET_DESCRIPTIONS, PRESET_LABELS
from games.presentation_protocol import Names, Presentation


class MiaPresentation(Presentation):
    """A cup to peek under, claims as buttons, lives as hearts."""

    title = N_("Mia")
    summary = N_("Mia: roll two dice in secret, claim, bluff, challenge. 2–10 players.")
    preset_labels = PRESET_LABELS
    preset_descriptions = PRESET_DESCRIPTIONS
    error_texts = ERROR_TEXTS
    open_label = N_("📱 Open my cup")
    private_label = N_("👀 My dice")
    legend = looks.LEGEND
    story_breaks = frozenset({"challenged", "folded"})  # each round's result
    web_assets = Path(__file__).resolve().parent / "web"
    web_strings = looks.WEB_STRINGS

    def action_label(self, action: Action) -> Text:
        return looks.action_label(action)

    def action_rows(self, actions: list[Action]) -> list[list[Action]]:
        return looks.action_rows(actions)

    def action_style(self, action: Action) -> str:
        return looks.action_style(action)

    def private_info(self, view: JSON) -> PrivateInfo | None:
        return looks.private_info(view)

    def shows_legend(self, public_view: JSON) -> bool:
        return looks.shows_legend(public_view)

    def seat_badges(self, public_view: JSON) -> list[SeatBadge]:
        return looks.seat_badges(public_view)

    def describe_status(self, public_view: JSON, names: Names) -> list[Text]:
        return looks.describe_status(public_view, names)

    def describe_events(self, events: list[Event], names: Names) -> list[Text]:
        return looks.describe_events(events, names)

    def describe_log(self, events: list[Event], names: Names) -> list[Text]:
        return looks.describe_log(events, names)

    def proofs(self, events: list[Event]) -> list[tuple[str, str]]:
        return looks.proofs(events)

    def describe_hint(self, view: JSON, names: Names) -> Text | None:
        return looks.describe_hint(view, names)

    def describe_rules(self, settings: JSON) -> list[Text]:
        return looks.describe_rules(settings)

    def describe_fairness(self) -> list[Text]:
        return looks.describe_fairness()
