"""The words and shapes every game shares: the vocabulary of the game contract.

A game is its rules (:mod:`games.rules_protocol`) and its presentation
(:mod:`games.presentation_protocol`), put together as a :class:`games.game.Game`; both speak
in the terms defined here. Every word is a :class:`Text` (an English msgid and parameters)
that front doors translate for their reader; a seat's secrets reach it as one typed
:class:`PrivateInfo`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SEQUENTIAL = "sequential"
SIMULTANEOUS = "simultaneous"
PUBLIC = "public"
PRIVATE = "private"
HARD = "hard"
EXPERT = "expert"  # thinks within a budget (games.think); see Rules.cpu_expert
CPU_LEVELS = ("easy", "normal", HARD, EXPERT)
MAX_ACTION_LENGTH = 64

# How a page or keyboard styles an action, by its meaning (see Presentation.action_style).
STYLE_PRIMARY = "primary"  # the usual next step (accept, start the trick)
STYLE_DANGER = "danger"  # a risky or final step (challenge, fold, pick up)
STYLE_CHOICE = "choice"  # one of many alike (a claim, a bid)
STYLE_SPECIAL = "special"  # a choice that stands out (Mia)


def N_(msgid: str) -> str:
    """Mark an English msgid for extraction; front doors translate it in the reader's language."""
    return msgid


Action = str
Event = dict[str, Any]
JSON = dict[str, Any]


def check_declared(part: object, base: type) -> None:
    """Refuse a game's part that leaves out a class attribute its base declares without a
    default, as Python refuses one that leaves out an abstract method."""
    missing = [name for name in base.__annotations__ if not hasattr(part, name)]
    if missing:
        raise TypeError(f"{type(part).__name__} does not declare {', '.join(missing)}")


@dataclass(frozen=True)
class Text:
    """Words for a person, not yet translated: an English msgid and its parameters.

    Games describe tables and events as ``Text`` so that the bot and the Mini App render the
    same sentences, each in its reader's language. A parameter may itself be a ``Text``.
    """

    msgid: str
    params: tuple[tuple[str, Any], ...] = ()
    plural: str | None = None
    n: int | None = None
    verbatim: bool = False  # layout only ("{name} {hearts}"): formatted, never translated

    @property
    def kwargs(self) -> dict[str, Any]:
        return dict(self.params)


def T_(msgid: str, **params: Any) -> Text:
    """A translatable sentence with ``{name}`` placeholders."""
    return Text(msgid, tuple(params.items()))


def V_(template: str, **params: Any) -> Text:
    """Layout without words (placeholders, emoji, digits): formatted but not translated."""
    return Text(template, tuple(params.items()), verbatim=True)


def NT_(singular: str, plural: str, n: int, **params: Any) -> Text:
    """A sentence with plural forms chosen by ``n`` (also available as ``{n}``)."""
    return Text(singular, tuple({"n": n, **params}.items()), plural, n)


# Why a seat's items wait while another seat moves: one sentence in every game, so that a
# panel says it once, in the same words and under the same sign ("⏸ Not your turn.").
NOT_YOUR_TURN = T_("Not your turn.")


def joined(parts: list[Text], separator: str) -> Text:
    """Parts joined by a separator, as one Text whose params are the parts."""
    template = separator.join("{" + f"p{i}" + "}" for i in range(len(parts)))
    return V_(template, **{f"p{i}": part for i, part in enumerate(parts)})


@dataclass(frozen=True)
class SettingSpec:
    """One lobby setting: its key, the values a table may choose, and how to label them.

    ``label`` and the value labels are English msgids; front doors translate them.
    """

    key: str
    label: str
    choices: tuple[Any, ...]
    value_labels: tuple[str, ...] = ()

    def label_of(self, value: Any) -> str:
        """The msgid naming ``value`` (falls back to the value itself)."""
        if self.value_labels and value in self.choices:
            return self.value_labels[self.choices.index(value)]
        return str(value)

    def next_value(self, value: Any) -> Any:
        """The choice after ``value``, wrapping round: one button cycles a setting."""
        if value not in self.choices:
            return self.choices[0]
        return self.choices[(self.choices.index(value) + 1) % len(self.choices)]


@dataclass(frozen=True)
class StatCounter:
    """A per-person statistic a game keeps (``games`` and ``wins`` are kept for every game)."""

    key: str
    label: str  # msgid, e.g. N_("bluffs caught")


@dataclass(frozen=True)
class SeatBadge:
    """A seat's public status at a glance: ``badge`` (lives, cards, score), ``out``."""

    badge: Text
    out: bool = False


@dataclass(frozen=True)
class HandItem:
    """One private thing a seat holds: a die under the cup, a card in the hand.

    ``id`` is stable while the item is held (``[a-z0-9_-]``, at most 24 characters).
    ``action`` is the action that plays it; ``selectable`` says whether that is legal now,
    and ``reason`` why not (shown greyed). ``attrs`` carry what a renderer needs to draw it
    (``colour``, ``suit``, ``rank``, ``face``...).
    """

    id: str
    kind: str
    label: Text
    symbol: str = ""
    action: Action | None = None
    selectable: bool = False
    reason: Text | None = None
    attrs: tuple[tuple[str, str], ...] = ()

    @property
    def attributes(self) -> dict[str, str]:
        return dict(self.attrs)


@dataclass(frozen=True)
class PrivateInfo:
    """Everything one seat may see and others may not, as one typed payload.

    ``key`` changes whenever the hidden contents change (a page covers a concealed secret
    again). ``conceal``: show it under a cover until its owner looks (Mia's cup). ``caption``
    sums it up ("53"), ``title`` names it ("Your dice").
    """

    key: str
    title: Text
    items: tuple[HandItem, ...] = ()
    caption: Text | None = None
    conceal: bool = False

    def item(self, item_id: str) -> HandItem | None:
        return next((item for item in self.items if item.id == item_id), None)
