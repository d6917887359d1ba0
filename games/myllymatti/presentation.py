"""How Myllymatti looks and reads: buttons and the hand in looks.py, the status in status.py,
the story in story.py, the rules in rules_text.py, the Mini App renderer in web/."""

from __future__ import annotations

from pathlib import Path

from games.base import JSON, N_, Action, Event, PrivateInfo, SeatBadge, Text
from games.myllymatti import looks, rules_text, status, story
from games.myllymatti.errors import ERROR_TEXTS
from games.myllymatti.settings import PRESET_DESCRIPTIONS, PRESET_LABELS
from games.presentation_protocol import Names, Presentation


class MyllyPresentation(Presentation):
    """Cards played from a private hand; the end told by its loser."""

    title = N_("Myllymatti")
    summary = N_(
        "Myllymatti: collect cards in two-card tricks, then shed them all. The last one "
        "holding cards loses. 2–4 players."
    )
    preset_labels = PRESET_LABELS
    preset_descriptions = PRESET_DESCRIPTIONS
    error_texts = ERROR_TEXTS
    open_label = N_("📱 Open my hand")
    private_label = N_("🃏 My hand")
    play_label = N_("🃏 Play a card")
    hand_play_message = N_("🃏 I play a card from my hand.")
    icon = "🃏"
    legend = looks.LEGEND
    story_breaks = frozenset({"phase_two", "went_out"})  # phase 1 told, then each one out
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
        return status.describe_status(public_view, names)

    def describe_private_play(self, public_view: JSON, seat: int, names: Names) -> Text:
        return status.describe_private_play(public_view, seat, names)

    def describe_hint(self, view: JSON, names: Names) -> Text | None:
        return status.describe_hint(view, names)

    def describe_events(self, events: list[Event], names: Names) -> list[Text]:
        return story.describe_events(events, names)

    def describe_log(self, events: list[Event], names: Names) -> list[Text]:
        return story.describe_log(events, names)

    def describe_final(
        self, ranking: list[int], places: list[int], names: Names
    ) -> list[Text] | None:
        return story.describe_final(ranking, places, names)

    def commitments(self, events: list[Event], names: Names) -> list[Text]:
        return story.commitments(events, names)

    def proofs(self, events: list[Event]) -> list[tuple[str, str]]:
        return story.proofs(events)

    def page_moment(self, event: Event) -> bool:
        return story.page_moment(event)

    def describe_rules(self, settings: JSON) -> list[Text]:
        return rules_text.describe_rules(settings)

    def describe_fairness(self) -> list[Text]:
        return rules_text.describe_fairness()
