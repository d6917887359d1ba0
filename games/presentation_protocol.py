"""The presentation protocol: a game's words, buttons and drawings, for every front door.

The tables play a game through its :class:`games.rules_protocol.Rules`; the bot, the Mini App
and the local page also ask its :class:`Presentation` how to show it. Everything here works
from public views and events (or from one seat's own view, for that seat's eyes only), and
every word is a :class:`games.base.Text` (an English msgid and its parameters) or a msgid
marked with ``N_``, translated by the front doors for their reader. What every game shares
(the seat list and who is to act, the shared events, the final ranking, timers, CPUs, the
lobby) is worded once outside ``games/``: a game describes only itself.

Private information reaches its owner as one typed :class:`games.base.PrivateInfo` (items with
an id, a kind, a label, whether they can be played now and why not, attributes such as colour
or suit), which every front door draws: the group's alert, inline results, the Mini App.

**A large choice, in steps.** Every public action is a button, and a keyboard holds about a
hundred (:data:`games.steps.MAX_CHOICES` a step, for the game's own buttons). A game with more
(a bid of quantity × face) puts them behind steps: ``action_steps`` maps an action to its
*path*, a tuple of step keys (``[a-z0-9_]``, at most 40 characters joined), and
``step_label`` names the button that opens a path. ``"bid:5:3"`` with path ``("5",)`` sits
behind a button "5 × …" on the first step, among the other quantities; pressing it shows the
faces of 5 and a Back button; pressing a face makes the move as any button does. A longer
path is one more step, and a page of a long list is a path too (``("p2",)``). The group's
keyboard and the page draw the same steps (:func:`games.steps.level`); opening a step is
no move, but only a seat that may act opens one, on the decision it was drawn for. The
default (every path empty) keeps one step: the keyboard exactly as ``action_rows`` lays it
out. The contract test checks every step against Telegram's limits.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games import steps
from games.base import (
    JSON,
    STYLE_PRIMARY,
    V_,
    Action,
    Event,
    PrivateInfo,
    SeatBadge,
    Text,
)

Names = list[str]  # seat names, by seat


def four_to_a_row(actions: list[Action]) -> list[list[Action]]:
    """The default layout of public actions: rows of four buttons."""
    return [actions[i : i + 4] for i in range(0, len(actions), 4)]


def no_steps(action: Action) -> steps.Path:
    """The default: every public action is a button of the first (and only) step."""
    return ()


def key_as_label(path: steps.Path) -> Text:
    """A step's caption when a game names none (the contract test asks a game with steps to
    name them)."""
    return V_("{key} …", key=path[-1])


def label_is_enough(action: Action) -> Text | None:
    """The default toast for a taken action: none of its own ("✓ <label>")."""
    return None


def primary(action: Action) -> str:
    """The default look of a button: the usual next step."""
    return STYLE_PRIMARY


def no_proofs(events: list[Event]) -> list[tuple[str, str]]:
    return []


def no_hint(view: JSON, names: Names) -> Text | None:
    return None


def no_fairness() -> list[Text]:
    return []


def only_the_story(event: Event) -> bool:
    """By default only the events the story tells are moments on a player's page."""
    return False


def every_game_alike(ranking: list[int], places: list[int], names: Names) -> list[Text] | None:
    """By default the end is told as every game's is (the winner, then the places)."""
    return None


def never(public_view: JSON) -> bool:
    return False


def no_commitments(events: list[Event], names: Names) -> list[Text]:
    return []


@dataclass(frozen=True, eq=False, repr=False)
class Presentation:
    """How a game looks and reads. Each function is pure; ``names`` are the seats' names."""

    title: str  # msgid: "Mia"
    summary: str  # msgid: one line for /play, /help and the local page
    preset_labels: Mapping[str, str]  # preset name -> msgid ("standard")
    # action -> the caption of its button
    action_label: Callable[[Action], Text]
    # the seat's own view -> what it alone may see right now (None: nothing hidden for it)
    private_info: Callable[[JSON], PrivateInfo | None]
    # public view -> per seat, a short public status and whether it is out of the game
    seat_badges: Callable[[JSON], list[SeatBadge]]
    # (public view, names) -> a header line ("🎲 Mia · round 3"), then the rest (what
    # happened this round, whose move it is); front doors add the seats between them
    describe_status: Callable[[JSON, Names], list[Text]]
    # (events, names) -> story lines worth a message of their own (reveals, results,
    # scores); the shared events (timed out, resigned, game over) are worded elsewhere
    describe_events: Callable[[list[Event], Names], list[Text]]
    # settings (normalized: every key filled in) -> the rules in brief (/rules, "How to play")
    describe_rules: Callable[[JSON], list[Text]]

    icon: str = "🎲"  # the game's sign: the lobby's heading, /play's button
    preset_descriptions: Mapping[str, str] = field(default_factory=dict)  # name -> msgid
    error_texts: Mapping[str, str] = field(default_factory=dict)  # own GameError code -> msgid
    private_label: str = ""  # msgid of the button that shows a seat its PrivateInfo
    play_label: str = ""  # msgid of the button that opens a hand to play from (inline mode)
    hand_play_message: str = ""  # msgid of the chat line an inline play leaves (no secret!)
    # What the signs on the table mean, (sign, msgid) each: /help lists them, and the table
    # shows them while ``shows_legend`` says the counters are new to the players.
    legend: tuple[tuple[str, str], ...] = ()
    # public view -> whether the table explains its signs now (the first time its counters
    # appear)
    shows_legend: Callable[[JSON], bool] = never
    # Event types that close a chapter of the story (a round's result, a hand's scores): a
    # good moment for the group chat to keep what happened as a message of its own.
    story_breaks: frozenset[str] = frozenset()
    # (ranking, places (1 = first, in ranking order), names) -> how the game's end is told;
    # None tells it as every game does. A game that has a loser rather than a winner words it.
    describe_final: Callable[[list[int], list[int], Names], list[Text] | None] = every_game_alike
    # (public view, seat, names) -> the line a private choice made in inline mode leaves in
    # the group chat. It is posted before the move is judged, so it names only what stays
    # public even if the move is refused (the trick it is for, the card it must beat), never
    # the item. Default: the ``hand_play_message``.
    describe_private_play: Callable[[JSON, int, Names], Text] = None  # type: ignore[assignment]
    # (events, names) -> the commitments (🔒) these events published, for /verify
    commitments: Callable[[list[Event], Names], list[Text]] = no_commitments
    # msgid of the group's button that opens the Mini App at the table ("📱 Open my hand").
    # Default: the platform's own words for any game.
    open_label: str = ""
    # (public view, seat) -> whether the seat's decision now may include private actions
    # (the group then offers the play_label button). Default: whenever there is a play_label.
    plays_privately: Callable[[JSON, int], bool] = None  # type: ignore[assignment]
    # public actions -> rows of buttons
    action_rows: Callable[[list[Action]], list[list[Action]]] = four_to_a_row
    # public action -> the path of steps its button sits behind (see the module docstring);
    # () puts it on the first step
    action_steps: Callable[[Action], steps.Path] = no_steps
    # path -> the caption of the button that opens that step ("5 × …"), also the page's name
    # for the step while it is open
    step_label: Callable[[steps.Path], Text] = key_as_label
    # action -> the short toast its presser sees when it was taken (None: "✓ <label>")
    action_done: Callable[[Action], Text | None] = label_is_enough
    # action -> how its button looks, by meaning (games.base.STYLE_*)
    action_style: Callable[[Action], str] = primary
    # (events, names) -> every public step, for the written log. Default: the story lines.
    describe_log: Callable[[list[Event], Names], list[Text]] = None  # type: ignore[assignment]
    # events -> ``(preimage, commitment)`` of each hidden value they reveal: anyone can check
    # that SHA-256 of the preimage is the commitment published before
    proofs: Callable[[list[Event]], list[tuple[str, str]]] = no_proofs
    # (the seat's own view, names) -> a tip at its own decision (guided tutorial games)
    describe_hint: Callable[[JSON, Names], Text | None] = no_hint
    # how its commitments can be checked (/verify, the log's header)
    describe_fairness: Callable[[], list[Text]] = no_fairness
    # The Mini App renderer: a folder with render.js (and optionally render.css).
    web_assets: Path | None = None
    # Words the renderer draws itself, by key: a msgid, or NT_(singular, plural, n) for a
    # sentence with plural forms. The page gets them as strings "<game>.<key>" (and
    # "<game>.<key>.n", the plural form, with {n} left to fill).
    web_strings: Mapping[str, Any] = field(default_factory=dict)
    # Event types of the whole game that the page's renderer gets as ``history`` (public
    # events from the log, e.g. each hand's scores for a score sheet).
    page_history: frozenset[str] = frozenset()
    # event -> whether it is a moment of its own on a player's page although the group's
    # story does not tell it (a chance taken): the page shows what the log says of it first
    page_moment: Callable[[Event], bool] = only_the_story

    def __post_init__(self) -> None:
        if self.plays_privately is None:
            object.__setattr__(self, "plays_privately", self._when_there_is_a_play_label)
        if self.describe_log is None:
            object.__setattr__(self, "describe_log", self.describe_events)
        if self.describe_private_play is None:
            object.__setattr__(self, "describe_private_play", self._the_hand_play_message)

    @property
    def has_steps(self) -> bool:
        """Whether the game offers any choice in steps (else one keyboard, as always)."""
        return self.action_steps is not no_steps

    def level(self, actions: list[Action], path: steps.Path = ()) -> list[list[steps.Item]]:
        """The rows of buttons the step at ``path`` shows of these public actions."""
        return steps.level(self.action_steps, self.action_rows, actions, path)

    def _when_there_is_a_play_label(self, public_view: JSON, seat: int) -> bool:
        return bool(self.play_label)

    def _the_hand_play_message(self, public_view: JSON, seat: int, names: Names) -> Text:
        if self.hand_play_message:
            return Text(self.hand_play_message)
        return Text("▶️", verbatim=True)
