"""How Mino Dice names its dice and faces, and its rules in brief (every word a ``Text``).

Colours and creatures are single words translated once each; a die is drawn as its symbol
and its name ("🔴 red", "🐂 Minotaur"), a roll as the die's symbol and the face that came up
("🔴 4", "🟡 flag", "🐂 Minotaur").
"""

from __future__ import annotations

from typing import Any

from games.base import N_, T_, V_, Text
from games.mino_dice.dice import (
    BLACK,
    BLUE,
    COLOURS,
    FLAG,
    GRIFFIN,
    HOUSE,
    MERMAID,
    MINOTAUR,
    RED,
    YELLOW,
    faces_of,
)
from games.mino_dice.settings import (
    BONUS_TRICK,
    FLAGS_LEADER,
    LEAD_RANDOM,
    LEAD_ROTATE,
    THREE_MERMAID,
    hands_for,
)

SYMBOLS = {
    YELLOW: "🟡",
    RED: "🔴",
    BLUE: "🔵",
    BLACK: "⚫\ufe0f",  # emoji style: without it some fonts draw a small text dot
    MINOTAUR: "🐂",
    GRIFFIN: "🦅",
    MERMAID: "🧜",
    FLAG: "🏳️",
}
NAMES = {
    YELLOW: N_("yellow"),
    RED: N_("red"),
    BLUE: N_("blue"),
    BLACK: N_("black"),
    MINOTAUR: N_("Minotaur"),
    GRIFFIN: N_("Griffin"),
    MERMAID: N_("Mermaid"),
    FLAG: N_("flag"),
}
# Whole sentences per colour: "a red die" is declined differently from language to language.
MUST_FOLLOW = {
    YELLOW: N_("You must roll a yellow die (or a creature)."),
    RED: N_("You must roll a red die (or a creature)."),
    BLUE: N_("You must roll a blue die (or a creature)."),
    BLACK: N_("You must roll a black die (or a creature)."),
}


def kind_text(kind: str) -> Text:
    """The word for a colour, a creature or a flag."""
    return Text(NAMES[kind])


def die_label(kind: str) -> Text:
    """A die by its kind: "🔴 red", "🐂 Minotaur"."""
    return V_("{symbol} {name}", symbol=SYMBOLS[kind], name=kind_text(kind))


def face_text(face: str) -> Text:
    return V_("{face}", face=face) if face.isdigit() else kind_text(face)


def roll_text(kind: str, face: str) -> Text:
    """A die as it came up: "🔴 4", "🟡 flag", "🐂 Minotaur"."""
    return V_("{symbol} {face}", symbol=SYMBOLS[kind], face=face_text(face))


def faces_line(kind: str, table: str) -> Text:
    shown = [face_text(face) for face in faces_of(kind, table)]
    template = " ".join("{" + f"f{i}" + "}" for i in range(len(shown)))
    faces = V_(template, **{f"f{i}": face for i, face in enumerate(shown)})
    return V_("{die}: {faces}", die=die_label(kind), faces=faces)


def describe_rules(settings: dict[str, Any]) -> list[Text]:
    """The rules in brief for these settings (what /rules shows)."""
    lines = [
        T_(
            "🎲 Mino Dice: a trick-taking game with dice. Bid how many tricks you will win; "
            "exact bids score."
        ),
        T_(
            "Hand 1: everyone draws 1 die from the bag, hand 2: 2 dice, and so on. Only you "
            "see your dice, and nobody knows a face before it is rolled."
        ),
        T_("Everyone bids at once, 0 up to the number of dice; bids are shown when all are in."),
        T_(
            "A trick: the leader rolls one die, then each player in turn. Once a number die "
            "is rolled, you must roll that colour if you have it, or a creature die."
        ),
        T_(
            "🐂 Minotaur beats 🦅 Griffin, 🦅 Griffin beats 🧜 Mermaid, 🧜 Mermaid beats "
            "🐂 Minotaur; every creature beats every number. Otherwise the highest number "
            "wins. Equal: the die rolled last wins. 🏳️ Flags count nothing."
        ),
        T_("All three creatures: the Mermaid wins.")
        if settings["three_creatures"] == THREE_MERMAID
        else T_("All three creatures: the one rolled last wins."),
        T_("Only flags: the leader takes the trick.")
        if settings["all_flags"] == FLAGS_LEADER
        else T_("Only flags: nobody takes the trick, and the leader leads again."),
        T_("The winner of a trick leads the next one."),
        T_(
            "Scoring: exact bid b: +20 × b; missed: −10 per trick off. Bid 0: +10 per die in "
            "the hand if you win nothing, −10 per die if you win any."
        ),
        T_(
            "Bonuses with an exact bid: +50 per Minotaur your Mermaid takes, +30 per Griffin "
            "your Minotaur takes, in a trick with no flag."
        )
        if settings["bonus_flags"] == BONUS_TRICK
        else T_(
            "Bonuses with an exact bid: +50 per Minotaur your Mermaid takes, +30 per Griffin "
            "your Minotaur takes, unless you took a flag in any trick of the hand."
        ),
        _leader_line(settings),
        T_(
            "Hands: {two_to_four} with 2–4 players, {five} with 5, {six} with 6. "
            "The highest total wins.",
            two_to_four=hands_for(4, settings["length"]),
            five=hands_for(5, settings["length"]),
            six=hands_for(6, settings["length"]),
        ),
        T_("The dice (36 in the bag):"),
        T_(
            "🐂 🦅 🧜 2 dice of each creature: 4 faces show the creature, 2 a flag. Number dice, "
            "weakest colour first:"
        ),
    ]
    table = settings.get("faces", HOUSE)
    lines += [faces_line(colour, table) for colour in COLOURS]
    return lines


def _leader_line(settings: dict[str, Any]) -> Text:
    rule = settings["first_leader"]
    if rule == LEAD_ROTATE:
        return T_("The first leader of a hand: random in hand 1, then the next seat each hand.")
    if rule == LEAD_RANDOM:
        return T_("The first leader of a hand: a random player each hand.")
    return T_("The first leader of a hand: random in hand 1, then the last trick's winner.")


def describe_fairness() -> list[Text]:
    """How anyone can check that no die was changed after it was drawn (/verify, the log)."""
    return [
        T_("🔒 Provably fair dice"),
        T_(
            "When a hand is dealt, the face each die will show is fixed at once, before "
            "anyone bids. For each player the table publishes a commitment: the SHA-256 of "
            '"table.game|hand|seat|dice=faces|salt", with a secret random salt.'
        ),
        T_(
            "When the hand is over, the story shows that very text for every player "
            "(🔐 SHA-256(…) = …). Anyone can hash it and compare: a changed die, face or "
            "salt never matches."
        ),
    ]
