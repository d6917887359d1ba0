"""How Mino Dice looks and reads: buttons, badges and status here; the story in story.py,
the dice's names and the rules in words.py, the Mini App renderer in web/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from games.analysis import Judgement
from games.base import (
    JSON,
    N_,
    NT_,
    STYLE_CHOICE,
    STYLE_PRIMARY,
    T_,
    V_,
    Action,
    Event,
    HandItem,
    PrivateInfo,
    SeatBadge,
    Text,
    joined,
)
from games.mino_dice import analysis, cpu, looks, story, tips, words
from games.mino_dice.actions import BID_PREFIX, ROLL_PREFIX
from games.mino_dice.dice import CREATURES, HOUSE, faces_of, kind_of, parse_die_id
from games.mino_dice.errors import ERROR_TEXTS
from games.mino_dice.looks import BIDS_PER_ROW, reason
from games.mino_dice.settings import PRESET_DESCRIPTIONS, PRESET_LABELS
from games.mino_dice.state import PHASE_BID, PHASE_TRICK
from games.mino_dice.words import SYMBOLS, die_label, kind_text, roll_text
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
        if action.startswith(BID_PREFIX):
            return V_("{bid}", bid=action.removeprefix(BID_PREFIX))
        die = parse_die_id(action.removeprefix(ROLL_PREFIX))
        if action.startswith(ROLL_PREFIX) and die is not None:
            return V_("🎲 {die}", die=die_label(kind_of(die)))
        return V_("{action}", action=action)

    def action_rows(self, actions: list[Action]) -> list[list[Action]]:
        """Bids 0..n in rows of five (at most 9 buttons: two rows); anything else one a row."""
        bids = [action for action in actions if action.startswith(BID_PREFIX)]
        others = [[action] for action in actions if not action.startswith(BID_PREFIX)]
        return [bids[i : i + BIDS_PER_ROW] for i in range(0, len(bids), BIDS_PER_ROW)] + others

    def action_done(self, action: Action) -> Text | None:
        """A bid's toast says it stays secret until every bid is in."""
        if action.startswith(BID_PREFIX):
            return T_(
                "✓ You bid {bid}. Nobody sees it until everyone has bid.",
                bid=action.removeprefix(BID_PREFIX),
            )
        return None

    def action_style(self, action: Action) -> str:
        return STYLE_CHOICE if action.startswith(BID_PREFIX) else STYLE_PRIMARY

    def private_info(self, view: dict[str, Any]) -> PrivateInfo | None:
        """The dice this seat holds (kinds only: no face is known before its roll), each with the
        action that rolls it, greyed with the reason when it cannot be rolled now."""
        dice = view.get("dice")
        if not dice:
            return None
        legal = set(view["legal_actions"])
        table = view.get("settings", {}).get("faces", HOUSE)  # the faces a die of a kind shows
        bidding = view["phase"] == PHASE_BID
        items = []
        for die in dice:
            action = ROLL_PREFIX + die["id"]
            kind = die["kind"]
            attribute = "creature" if kind in CREATURES else "colour"
            items.append(
                HandItem(
                    id=die["id"],
                    kind="die",
                    label=die_label(kind),
                    symbol=SYMBOLS[kind],
                    action=action,
                    selectable=action in legal,
                    reason=None if action in legal else reason(view),
                    attrs=(
                        (attribute, kind),
                        ("sides", " ".join(faces_of(kind, table))),  # the kind's six, all public
                        *((("waiting", "bids"),) if bidding else ()),  # held, not barred
                    ),
                )
            )
        caption = None
        if view.get("bid") is not None:
            caption = T_(
                "Your bid: {bid} · won so far: {won}",
                bid=view["bid"],
                won=view["won"][view["seat"]],
            )
        return PrivateInfo(
            key=f"{view['hand']}.{'.'.join(die['id'] for die in dice)}",
            title=T_("Your dice"),
            items=tuple(items),
            caption=caption,
        )

    def plays_privately(self, view: dict[str, Any], seat: int) -> bool:
        """Only a roll is private (which of your dice); a bid is a public button."""
        return view["phase"] == PHASE_TRICK and view["turn"] == seat

    def describe_private_play(self, view: dict[str, Any], seat: int, names: list[str]) -> Text:
        """The line a roll chosen in inline mode leaves in the chat: which trick, and what it
        follows. Only what everyone already knows: never the die."""
        if view["phase"] != PHASE_TRICK or view["turn"] != seat:
            return T_("🎲 I roll one of my dice.")
        if view["follow"]:
            return T_(
                "🎲 I roll for trick {trick} (colour to follow: {colour}).",
                trick=view["trick_no"],
                colour=die_label(view["follow"]),
            )
        if view["trick"]:
            return T_("🎲 I roll for trick {trick}.", trick=view["trick_no"])
        return T_("🎲 I lead trick {trick}.", trick=view["trick_no"])

    def shows_legend(self, view: dict[str, Any]) -> bool:
        """The counters are explained on the table through the first hand."""
        return view["hand"] == 1 and not view["over"]

    def seat_badges(self, view: dict[str, Any]) -> list[SeatBadge]:
        """Per seat: while bidding "has bid" or "…", then tricks won / bid; and the points."""
        badges = []
        for seat in range(view["seats"]):
            score = view["scores"][seat]
            if view["over"]:
                badge = V_("📊 {score}", score=score)
            else:
                if view["phase"] == PHASE_BID:
                    status: Text = T_("has bid") if view["has_bid"][seat] else V_("…")
                else:
                    status = V_("🎯 {won}/{bid}", won=view["won"][seat], bid=view["bids"][seat])
                badge = V_("{status} · 📊 {score}", status=status, score=score)
            badges.append(SeatBadge(badge, out=seat in view["resigned"]))
        return badges

    def describe_status(self, view: dict[str, Any], names: list[str]) -> list[Text]:
        """The header, then the trick so far in order (die, face, who), then whose move it is.
        A finished trick is told by the story (with its winner), not here."""
        lines: list[Text] = [
            T_("🎲 Mino Dice · hand {hand} of {hands}", hand=view["hand"], hands=view["hands"])
        ]
        if view["over"]:
            lines.append(T_("The game is over."))
            return lines
        if view["phase"] == PHASE_BID:
            lines.append(
                NT_(
                    "🎯 Everyone holds {n} die: bid how many tricks you will win, 0 to {n}.",
                    "🎯 Everyone holds {n} dice: bid how many tricks you will win, 0 to {n}.",
                    view["hand"],
                )
            )
            return lines
        trick = view["trick"]
        if trick:
            rolls = [
                V_(
                    "{roll} ({name})",
                    roll=roll_text(roll["kind"], roll["face"]),
                    name=names[roll["seat"]],
                )
                for roll in trick
            ]
            lines.append(
                T_(
                    "Trick {trick} of {tricks}: {rolls}",
                    trick=view["trick_no"],
                    tricks=view["hand"],
                    rolls=joined(rolls, " → "),
                )
            )
        actor = names[view["turn"]]
        if not trick:
            lines.append(T_("🎲 {name} leads trick {trick}.", name=actor, trick=view["trick_no"]))
        elif view["follow"]:
            lines.append(
                T_(
                    "🎲 {name} rolls next. Colour to follow: {colour}.",
                    name=actor,
                    colour=die_label(view["follow"]),
                )
            )
        else:
            lines.append(T_("🎲 {name} rolls next.", name=actor))
        return lines

    def describe_hint(self, view: dict[str, Any], names: list[str]) -> Text | None:
        """A tip for this seat at its own decision: how many tricks its dice look good for when
        bidding; at a roll, what it still needs and which dice it may roll."""
        legal = view.get("legal_actions") or []
        if view.get("over") or not legal:
            return None
        if view["phase"] == PHASE_BID:
            expected = cpu.expected_tricks(view)
            return T_(
                "💡 Bid {bid}: by the odds your dice take about {tricks} tricks (creatures win "
                "most, then black and blue dice; yellow often shows a flag).",
                bid=min(view["hand"], round(expected)),
                tricks=round(expected, 1),
            )
        hint = tips.roll_tip(view)
        if view["follow"] and len(legal) < len(view["dice"]):
            follow = T_("Colour to follow: {colour}.", colour=kind_text(view["follow"]))
            return V_("{hint} {follow}", hint=hint, follow=follow)
        return hint

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

    def describe_analysis(self, judgements: list[Judgement]) -> Text:
        return analysis.summary(judgements)
