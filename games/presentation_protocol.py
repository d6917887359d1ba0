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

from abc import ABC, abstractmethod
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar

from games import steps
from games.analysis import COSTLY, DUBIOUS, GOOD, MARKS, Judgement
from games.base import (
    JSON,
    NT_,
    STYLE_PRIMARY,
    V_,
    Action,
    Event,
    PrivateInfo,
    SeatBadge,
    Text,
    check_declared,
)

Names = list[str]  # seat names, by seat
NONE: Mapping[str, Any] = MappingProxyType({})


def four_to_a_row(actions: list[Action]) -> list[list[Action]]:
    """The default layout of public actions: rows of four buttons."""
    return [actions[i : i + 4] for i in range(0, len(actions), 4)]


class Presentation(ABC):
    """How a game looks and reads.

    Each method is pure; ``names`` are the seats' names. A game declares its title, summary
    and preset labels, and overrides the abstract methods; the rest it overrides to differ.
    """

    title: ClassVar[str]  # msgid: "Mia"
    summary: ClassVar[str]  # msgid: one line for /play, /help and the local page
    preset_labels: ClassVar[Mapping[str, str]]  # preset name -> msgid ("standard")
    icon: ClassVar[str] = "🎲"  # the game's sign: the lobby's heading, /play's button
    preset_descriptions: ClassVar[Mapping[str, str]] = NONE  # name -> msgid
    error_texts: ClassVar[Mapping[str, str]] = NONE  # own GameError code -> msgid
    private_label: ClassVar[str] = ""  # msgid of the button that shows a seat its PrivateInfo
    play_label: ClassVar[str] = ""  # msgid of the button that opens a hand (inline mode)
    hand_play_message: ClassVar[str] = ""  # msgid of the line an inline play leaves: no secret
    # The group's button that opens the Mini App ("📱 Open my hand"); "": the platform's words.
    open_label: ClassVar[str] = ""
    # What the signs on the table mean, (sign, msgid) each: /help lists them, and the table
    # shows them while ``shows_legend`` says the counters are new to the players.
    legend: ClassVar[tuple[tuple[str, str], ...]] = ()
    # Event types that close a chapter of the story (a round's result, a hand's scores): a
    # good moment for the group chat to keep what happened as a message of its own.
    story_breaks: ClassVar[frozenset[str]] = frozenset()
    # The Mini App renderer: a folder with render.js (and optionally render.css).
    web_assets: ClassVar[Path | None] = None
    # Words the renderer draws itself, by key: a msgid, or NT_(singular, plural, n) for a
    # sentence with plural forms. The page gets them as strings "<game>.<key>" (and
    # "<game>.<key>.n", the plural form, with {n} left to fill).
    web_strings: ClassVar[Mapping[str, Any]] = NONE
    # Event types of the whole game that the page's renderer gets as ``history`` (public
    # events from the log, e.g. each hand's scores for a score sheet).
    page_history: ClassVar[frozenset[str]] = frozenset()

    def __init__(self) -> None:
        check_declared(self, Presentation)

    # --- what every game writes ----------------------------------------------------------

    @abstractmethod
    def action_label(self, action: Action) -> Text:
        """The caption of the action's button."""

    @abstractmethod
    def seat_badges(self, public_view: JSON) -> list[SeatBadge]:
        """Per seat, a short public status and whether it is out of the game."""

    @abstractmethod
    def describe_status(self, public_view: JSON, names: Names) -> list[Text]:
        """A header line ("🎲 Mia · round 3"), then the rest (this round, whose move it is).

        Front doors add the seats between them.
        """

    @abstractmethod
    def describe_rules(self, settings: JSON) -> list[Text]:
        """The rules in brief (/rules, "How to play"); settings have every key filled in."""

    # --- defaults a game overrides to differ ---------------------------------------------

    def private_info(self, view: JSON) -> PrivateInfo | None:
        """What the seat of this view alone may see right now (None: nothing hidden)."""
        return None

    def describe_events(self, events: list[Event], names: Names) -> list[Text]:
        """Story lines worth a message of their own (reveals, results, scores).

        The shared events (timed out, resigned, game over) are worded elsewhere.
        """
        return []

    def describe_log(self, events: list[Event], names: Names) -> list[Text]:
        """Every public step, for the written log. Default: the story lines."""
        return self.describe_events(events, names)

    def describe_final(
        self, ranking: list[int], places: list[int], names: Names
    ) -> list[Text] | None:
        """How the game's end is told; None tells it as every game's is.

        A game that has a loser rather than a winner words it.
        """
        return None

    def describe_private_play(self, public_view: JSON, seat: int, names: Names) -> Text:
        """The line a private choice made in inline mode leaves in the group chat.

        It is posted before the move is judged. So it names only what stays public even if
        the move is refused, never the item. Default: the ``hand_play_message``.
        """
        if self.hand_play_message:
            return Text(self.hand_play_message)
        return Text("▶️", verbatim=True)

    def describe_hint(self, view: JSON, names: Names) -> Text | None:
        """A tip at the seat's own decision (guided tutorial games)."""
        return None

    def describe_analysis(self, judgements: list[Judgement]) -> Text:
        """One player's game as the engine saw it, in one line (after "🧠 Ann: ").

        Default: how many decisions, and how many of them the engine found good, dubious
        and costly. A game words its own (calls and bluffs, bids and tricks).
        """
        counts = {mark: sum(1 for j in judgements if j.mark == mark) for mark in MARKS}
        return NT_(
            "{n} decision: {good} good · {dubious} dubious · {costly} costly",
            "{n} decisions: {good} good · {dubious} dubious · {costly} costly",
            len(judgements),
            good=counts[GOOD],
            dubious=counts[DUBIOUS],
            costly=counts[COSTLY],
        )

    def describe_fairness(self) -> list[Text]:
        """How its commitments can be checked (/verify, the log's header)."""
        return []

    def commitments(self, events: list[Event], names: Names) -> list[Text]:
        """The commitments (🔒) these events published, for /verify."""
        return []

    def proofs(self, events: list[Event]) -> list[tuple[str, str]]:
        """``(preimage, commitment)`` of each hidden value these events reveal.

        Anyone can check that SHA-256 of the preimage is the commitment published before.
        """
        return []

    def shows_legend(self, public_view: JSON) -> bool:
        """Whether the table explains its signs now (the first time its counters appear)."""
        return False

    def plays_privately(self, public_view: JSON, seat: int) -> bool:
        """Whether the seat's decision may include private actions (then the group offers
        the play_label button). Default: whenever there is a play_label."""
        return bool(self.play_label)

    def action_rows(self, actions: list[Action]) -> list[list[Action]]:
        """Public actions laid out as rows of buttons."""
        return four_to_a_row(actions)

    def action_steps(self, action: Action) -> steps.Path:
        """The path of steps the action's button sits behind (see the module docstring).

        () puts it on the first step, the default: one keyboard as ``action_rows`` lays out.
        """
        return ()

    def step_label(self, path: steps.Path) -> Text:
        """The caption of the button that opens the step ("5 × …"), also its name while open.

        A game with steps names them (the contract test checks).
        """
        return V_("{key} …", key=path[-1])

    def action_done(self, action: Action) -> Text | None:
        """The short toast its presser sees when it was taken (None: "✓ <label>")."""
        return None

    def action_style(self, action: Action) -> str:
        """How its button looks, by meaning (games.base.STYLE_*)."""
        return STYLE_PRIMARY

    def page_moment(self, event: Event) -> bool:
        """Whether the event is a moment of its own on a player's page (a chance taken).

        By default only the events the group's story tells are.
        """
        return False

    # --- what the platform derives -------------------------------------------------------

    @property
    def has_steps(self) -> bool:
        """Whether the game offers any choice in steps (else one keyboard, as always)."""
        return type(self).action_steps is not Presentation.action_steps

    @property
    def names_its_steps(self) -> bool:
        """Whether the game names its steps (a game with steps must)."""
        return type(self).step_label is not Presentation.step_label

    def level(self, actions: list[Action], path: steps.Path = ()) -> list[list[steps.Item]]:
        """The rows of buttons the step at ``path`` shows of these public actions."""
        return steps.level(self.action_steps, self.action_rows, actions, path)
