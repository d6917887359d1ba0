"""How Mia looks and reads: its buttons, cup, status and story (shared wording helpers and
the rules in brief in looks.py; web/ draws the page)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from games.analysis import Judgement
from games.base import (
    JSON,
    N_,
    NT_,
    STYLE_CHOICE,
    STYLE_DANGER,
    STYLE_PRIMARY,
    STYLE_SPECIAL,
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
from games.fairness import sha256_hex
from games.mia import analysis, looks, tips
from games.mia.actions import ACCEPT, CHALLENGE, CLAIM_PREFIX, FOLD, PASS
from games.mia.errors import ERROR_TEXTS
from games.mia.fairness import preimage
from games.mia.looks import CLAIMS_PER_ROW, DIE_FACES, HEART, claim_text, prompt, reveal, roll_word
from games.mia.ranks import MIA
from games.mia.settings import PRESET_DESCRIPTIONS, PRESET_LABELS
from games.presentation_protocol import Presentation


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
    page_history = frozenset({"challenged", "folded"})  # the page's "📜 Earlier rounds"
    web_assets = Path(__file__).resolve().parent / "web"
    web_strings = looks.WEB_STRINGS

    def action_label(self, action: Action) -> Text:
        if action.startswith(CLAIM_PREFIX):
            return claim_text(action.removeprefix(CLAIM_PREFIX))
        labels = {
            CHALLENGE: T_("❗ Challenge"),
            ACCEPT: T_("🎲 Accept & roll"),
            FOLD: T_("🙈 Fold"),
            PASS: T_("➡️ Pass on"),
        }
        return labels.get(action, V_("{action}", action=action))

    def action_rows(self, actions: list[Action]) -> list[list[Action]]:
        claims = [a for a in actions if a.startswith(CLAIM_PREFIX)]
        others = [a for a in actions if not a.startswith(CLAIM_PREFIX)]
        rows: list[list[Action]] = []
        if others:
            rows.append([a for a in others if a in (CHALLENGE, ACCEPT)])
            rows.append([a for a in others if a in (FOLD, PASS)])
        rows += [claims[i : i + CLAIMS_PER_ROW] for i in range(0, len(claims), CLAIMS_PER_ROW)]
        return [row for row in rows if row]

    def action_style(self, action: Action) -> str:
        if action == CLAIM_PREFIX + MIA:
            return STYLE_SPECIAL
        if action.startswith(CLAIM_PREFIX):
            return STYLE_CHOICE
        if action in (CHALLENGE, FOLD):
            return STYLE_DANGER
        return STYLE_PRIMARY

    def private_info(self, view: dict[str, Any]) -> PrivateInfo | None:
        """The two dice under this seat's cup, concealed until its owner lifts the cup."""
        dice = view.get("dice")
        if not dice:
            return None
        items = tuple(
            HandItem(
                id=f"die{index}",
                kind="die",
                label=V_("{face}", face=DIE_FACES[value - 1]),
                symbol=DIE_FACES[value - 1],
                attrs=(("face", str(value)),),
            )
            for index, value in enumerate(dice)
        )
        return PrivateInfo(
            key=f"{view['round']}.{view['turn']}",
            title=T_("Your dice"),
            items=items,
            caption=roll_word(f"{dice[0]}{dice[1]}"),
            conceal=True,
        )

    def shows_legend(self, view: dict[str, Any]) -> bool:
        """The hearts are explained on the table through the first round."""
        return view["round"] == 1 and not view["over"]

    def seat_badges(self, view: dict[str, Any]) -> list[SeatBadge]:
        """Per seat: its lives as hearts (a skull once out)."""
        return [
            SeatBadge(V_("{hearts}", hearts=HEART * lives if lives > 0 else "💀"), out=lives == 0)
            for lives in view["lives"]
        ]

    def describe_status(self, view: dict[str, Any], names: list[str]) -> list[Text]:
        """The round in words: its number, the claims so far, whose move it is, the commitment."""
        lines: list[Text] = [T_("🎲 Mia · round {round}", round=view["round"])]
        history = view["history"]
        if history:
            steps = [
                T_("{name} passed", name=names[entry["seat"]])
                if entry.get("pass")
                else V_(
                    "{name} {claim}", name=names[entry["seat"]], claim=claim_text(entry["claim"])
                )
                for entry in history
            ]
            lines.append(T_("Claims: {steps}", steps=joined(steps, " → ")))
        lines.append(prompt(view, names))
        if view.get("commitment"):
            lines.append(T_("🔒 Dice commitment: {hash}", hash=view["commitment"]))
        return lines

    def describe_events(self, events: list[Event], names: list[str]) -> list[Text]:
        lines: list[Text] = []
        for event in events:
            kind = event["type"]
            if kind == "challenged":
                lines.append(reveal(event, names))
            elif kind == "folded":
                lines.append(
                    T_(
                        "🙈 {name} folds against {claimant}'s Mia, unseen.",
                        name=names[event["seat"]],
                        claimant=names[event["claimant"]],
                    )
                )
            elif kind == "lost_lives" and event["lost"] > 0:
                lines.append(
                    NT_(
                        "💔 {name} loses {n} life ({left} left).",
                        "💔 {name} loses {n} lives ({left} left).",
                        event["lost"],
                        name=names[event["seat"]],
                        left=event["lives"],
                    )
                )
            elif kind == "eliminated":
                lines.append(T_("💀 {name} is out!", name=names[event["seat"]]))
        return lines

    def describe_log(self, events: list[Event], names: list[str]) -> list[Text]:
        """Every step of a game for its written log: claims, accepts, passes, reveals with their
        proof, results."""
        lines: list[Text] = []
        for event in events:
            kind = event["type"]
            if kind == "game_started":
                lines.append(T_("A new game: {name} starts.", name=names[event["starter"]]))
            elif kind == "round_started":
                lines.append(
                    T_(
                        "Round {round} ({name} starts)",
                        round=event["round"],
                        name=names[event["starter"]],
                    )
                )
            elif kind == "claimed":
                lines.append(
                    T_(
                        "  {name} claims {claim}.",
                        name=names[event["seat"]],
                        claim=claim_text(event["claim"]),
                    )
                )
            elif kind == "accepted":
                lines.append(T_("  {name} accepts and rolls.", name=names[event["seat"]]))
            elif kind == "passed":
                lines.append(
                    T_(
                        "  {name} passes the cup on unseen to {next}.",
                        name=names[event["seat"]],
                        next=names[event["to"]],
                    )
                )
            else:
                lines.extend(
                    V_("  {line}", line=line) for line in self.describe_events([event], names)
                )
        return lines

    def proofs(self, events: list[Event]) -> list[tuple[str, str]]:
        """(preimage, commitment) of every roll these events reveal: its SHA-256 is the
        commitment shown when the dice were rolled."""
        found = []
        for event in events:
            if event["type"] == "challenged":
                text = preimage(
                    event["game_id"], event["round"], event["turn"], event["dice"], event["salt"]
                )
                found.append((text, sha256_hex(text)))
        return found

    def describe_hint(self, view: dict[str, Any], names: list[str]) -> Text | None:
        """A tip for the seat whose view this is, at its own decision (tutorial games): one
        move, and why (games.mia.tips)."""
        return tips.tip(view, names)

    def describe_rules(self, settings: JSON) -> list[Text]:
        return looks.describe_rules(settings)

    def describe_fairness(self) -> list[Text]:
        """How anyone can check that the dice revealed are the dice rolled (/verify, the log)."""
        return [
            T_("🔒 Provably fair dice"),
            T_(
                "When dice are rolled, the table shows a commitment: the SHA-256 of "
                '"table.game|round|turn|dice|salt", with a secret random salt.'
            ),
            T_(
                "When a challenge reveals the dice, the story shows that very text "
                "(🔐 SHA-256(…) = …). Anyone can hash it and compare with the commitment "
                "shown before the reveal: a changed die or salt never matches."
            ),
        ]

    def describe_analysis(self, judgements: list[Judgement]) -> Text:
        return analysis.summary(judgements)
