"""How Myllymatti looks and reads: buttons, the hand and the badges here; the status in
status.py, the story in story.py, the rules in rules_text.py, the Mini App renderer in web/."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from games.base import (
    JSON,
    N_,
    NT_,
    STYLE_CHOICE,
    STYLE_DANGER,
    STYLE_SPECIAL,
    T_,
    V_,
    Action,
    Event,
    HandItem,
    PrivateInfo,
    SeatBadge,
    Text,
)
from games.myllymatti import cards, looks, rules_text, status, story, tips
from games.myllymatti.actions import CHANCE, PICKUP, PLAY_PREFIX, play_action
from games.myllymatti.errors import ERROR_TEXTS
from games.myllymatti.looks import CARDS_PER_ROW, card_text, reason, seat_places, suit_text
from games.myllymatti.settings import PRESET_DESCRIPTIONS, PRESET_LABELS
from games.myllymatti.state import PHASE_COLLECT
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
        if action.startswith(PLAY_PREFIX):
            card = action.removeprefix(PLAY_PREFIX)
            if cards.is_card(card):
                return card_text(card)
        labels = {CHANCE: T_("🍀 Take a chance"), PICKUP: T_("⬆️ Pick up")}
        return labels.get(action, V_("{action}", action=action))

    def action_rows(self, actions: list[Action]) -> list[list[Action]]:
        """Cards four to a row, then taking a chance or picking up on a row of its own."""
        plays = [a for a in actions if a.startswith(PLAY_PREFIX)]
        others = [a for a in actions if not a.startswith(PLAY_PREFIX)]
        rows = [plays[i : i + CARDS_PER_ROW] for i in range(0, len(plays), CARDS_PER_ROW)]
        return [*rows, others] if others else rows

    def action_style(self, action: Action) -> str:
        if action == PICKUP:
            return STYLE_DANGER
        if action == CHANCE:
            return STYLE_SPECIAL  # drawn smaller than a move by the game's page (render.css)
        return STYLE_CHOICE

    def private_info(self, view: dict[str, Any]) -> PrivateInfo | None:
        """This seat's hand, by suit (trump last) and rank, each card playable now or greyed with
        the reason why not. None in a view without a hand (the public view)."""
        hand = view.get("hand")
        if hand is None:
            return None
        trump = view["trump"]
        legal = set(view["legal_actions"])
        items = []
        for card in hand:
            action = play_action(card)
            selectable = action in legal
            items.append(
                HandItem(
                    id=card,
                    kind="card",
                    label=card_text(card),
                    symbol=cards.suit_symbol(card[1]),
                    action=action,
                    selectable=selectable,
                    reason=None if selectable else reason(view, card),
                    attrs=(
                        ("suit", card[1]),
                        ("rank", cards.RANK_LABELS.get(card[0], card[0])),
                        ("colour", "red" if card[1] in "dh" else "black"),
                        ("trump", "1" if card[1] == trump else "0"),
                    ),
                )
            )
        count = NT_("{n} card", "{n} cards", len(hand))
        caption = count
        if trump is not None:
            caption = V_(
                "{count} · {trump}", count=count, trump=T_("trump {suit}", suit=suit_text(trump))
            )
        digest = hashlib.sha256(",".join(hand).encode()).hexdigest()[:12]
        return PrivateInfo(
            key=f"{view['phase']}.{digest}",
            title=T_("Your hand"),
            items=tuple(items),
            caption=caption,
        )

    def shows_legend(self, view: dict[str, Any]) -> bool:
        """The counters (🃏 in hand, 📥 won, ⭐ the face-up card) are explained all of phase 1,
        while the seats show them."""
        return view["phase"] == PHASE_COLLECT

    def seat_badges(self, view: dict[str, Any]) -> list[SeatBadge]:
        """Per seat: cards in hand (and won, and the face-up card, in phase 1), or its place."""
        places = seat_places(view)
        badges = []
        for seat in range(view["seats"]):
            if seat == view["loser"]:
                badges.append(SeatBadge(T_("😵 Myllymatti")))
            elif seat in places:
                badges.append(SeatBadge(T_("🏁 out, #{place}", place=places[seat]), out=True))
            elif view["phase"] == PHASE_COLLECT:
                badge = V_(
                    "🃏{n} 📥{won}", n=view["hand_counts"][seat], won=view["won_counts"][seat]
                )
                if view["face_up_seat"] == seat:
                    badge = V_("{badge} ⭐{card}", badge=badge, card=cards.label(view["face_up"]))
                badges.append(SeatBadge(badge))
            else:
                badges.append(SeatBadge(V_("🃏{n}", n=view["hand_counts"][seat])))
        return badges

    def describe_status(self, public_view: JSON, names: Names) -> list[Text]:
        return status.describe_status(public_view, names)

    def describe_private_play(self, public_view: JSON, seat: int, names: Names) -> Text:
        return status.describe_private_play(public_view, seat, names)

    def describe_hint(self, view: JSON, names: Names) -> Text | None:
        return tips.tip(view)

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
