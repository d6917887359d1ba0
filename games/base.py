"""The one interface every game implements (taught step by step in docs/adding-a-game.md).

Tables, the bot and the web app talk to games only through :class:`Game`, so a new game is a
folder under ``games/`` plus one line in :mod:`games.registry`; nothing else changes.

Conventions shared by all games:

* A seat is an index ``0 .. seats-1`` in turn order.
* **Who acts.** ``to_act(state)`` lists every seat the game waits for. A game declares its
  ``dynamics``: ``SEQUENTIAL`` (one seat at a time) or ``SIMULTANEOUS`` (several seats may
  decide at once, like hidden bids). Every seat in ``to_act`` may act, in any order.
* **Decision tokens.** ``decision(state, seat)`` is a number that changes whenever *that
  seat's* decision moves on (its turn passed, a new bid round began). A move carries the
  token its player saw; the table refuses it as stale only when the token has changed, so two
  bids made at the same moment both apply, while a double tap or an old button applies at
  most once. Seats deciding the same question at once share a token (the group's buttons
  carry one).
* **Actions** are short strings (``"challenge"``, ``"bid:3"``, ``"play:qh"``; lower-case
  letters, digits and ``_:,.-``, at most :data:`MAX_ACTION_LENGTH`) that travel unchanged in
  callback data, JSON bodies and logs; ``legal_actions`` lists exactly the allowed ones.
  Each action has a **scope**: ``PUBLIC`` actions are the same buttons for everyone and go on
  the group message; ``PRIVATE`` ones (playing a card from a hidden hand) appear only in their
  owner's view (the Mini App, inline mode). ``public_actions(public_view, seat)`` must equal
  the public part of ``legal_actions``: what the group sees is computed from public
  information alone, so it cannot depend on a hidden value (the contract test checks this).
* State is a game-specific dataclass; ``dump``/``load`` turn it into plain JSON data and back,
  which is what the table layer stores.
* Events are plain dicts with a ``type`` and only public information. Hidden values never
  appear in an event until the rules reveal them. Three event types are shared by every game
  and worded once outside ``games/``: ``{"type": "timed_out", "seat"}``,
  ``{"type": "resigned", "seat"}`` and ``{"type": "game_over", "ranking", "places"}``.
* Private information reaches its owner as one typed :class:`PrivateInfo` (items with an id,
  a kind, a label, whether they can be played now and why not, attributes such as colour or
  suit), which every front door draws: the group's alert, inline results, the Mini App.
* Every word is a :class:`Text` (an English msgid and parameters) that front doors translate
  for their reader.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from games.errors import InvalidSettings
from games.rng import Rng

SEQUENTIAL = "sequential"
SIMULTANEOUS = "simultaneous"
PUBLIC = "public"
PRIVATE = "private"
CPU_LEVELS = ("easy", "normal", "hard")
MAX_ACTION_LENGTH = 64

# How a page or keyboard styles an action, by its meaning (see Game.action_style).
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


class Game:
    """What every game offers. Subclass it, fill in the declarations (class attributes),
    implement the methods. Methods marked *optional* have a sensible default here; the rest
    raise until implemented. One instance per game lives in :mod:`games.registry`.
    """

    # --- declarations --------------------------------------------------------------------
    name: str = ""  # registry key, stored in tables: never change it
    command: str = ""  # the bot command that opens a table (a-z, 0-9, _)
    title: str = ""  # msgid: "Mia"
    icon: str = "🎲"  # the game's sign: the lobby's heading, /play's button
    summary: str = ""  # msgid: one line for /play, /help and the local page
    min_seats: int = 2
    max_seats: int = 2
    dynamics: str = SEQUENTIAL
    settings_specs: tuple[SettingSpec, ...] = ()
    presets: ClassVar[dict[str, JSON]] = {}  # name -> settings; the first is the default
    preset_labels: ClassVar[dict[str, str]] = {}  # name -> msgid ("standard")
    preset_descriptions: ClassVar[dict[str, str]] = {}  # name -> msgid: what it means
    event_fields: ClassVar[dict[str, tuple[str, ...]]] = {}  # compact log, see tables.codec
    unlogged_events: frozenset[str] = frozenset()  # events the log never keeps
    stats_counters: tuple[StatCounter, ...] = ()
    error_texts: ClassVar[dict[str, str]] = {}  # msgid per code of the game's own GameErrors
    private_label: str = ""  # msgid of the button that shows a seat its PrivateInfo
    play_label: str = ""  # msgid of the button that opens a hand to play from (inline mode)
    hand_play_message: str = ""  # msgid of the chat line an inline play leaves (no secret!)
    # What the signs on the table mean, (sign, msgid) each: /help lists them, and the table
    # shows them while ``shows_legend`` says the counters are new to the players.
    legend: tuple[tuple[str, str], ...] = ()
    # Event types that close a chapter of the story (a round's result, a hand's scores): a
    # good moment for the group chat to keep what happened as a message of its own.
    story_breaks: frozenset[str] = frozenset()
    web_assets: Path | None = None  # folder with render.js (and render.css) for the Mini App
    # Words the renderer draws itself, by key: a msgid, or NT_(singular, plural, n) for a
    # sentence with plural forms. The page gets them as strings "<game>.<key>" (and
    # "<game>.<key>.n", the plural form, with {n} left to fill).
    web_strings: ClassVar[dict[str, Any]] = {}
    # Event types of the whole game that the page's renderer gets as ``history`` (public
    # events from the log, e.g. each hand's scores for a score sheet).
    page_history: frozenset[str] = frozenset()

    def page_moment(self, event: Event) -> bool:
        """Whether this event is a moment of its own on a player's page although the group's
        story does not tell it (a chance taken): the page shows what the log says of it,
        before the story's lines. *Optional*: by default only the story's events are."""
        return False

    # --- settings ------------------------------------------------------------------------

    @property
    def default_preset(self) -> str:
        return next(iter(self.presets))

    def normalize_settings(self, settings: JSON) -> JSON:
        """Defaults filled in from the default (first) preset; every value checked against
        its choices. Raises ``InvalidSettings`` on an unknown key or a value not offered."""
        known = {spec.key: spec for spec in self.settings_specs}
        unknown = set(settings) - set(known)
        if unknown:
            raise InvalidSettings(f"unknown settings: {sorted(unknown)}")
        result = dict(self.presets[self.default_preset])
        for key, value in settings.items():
            # bool is an int in Python; keep True from passing as 1 (and 1 as True).
            if not any(value == c and type(value) is type(c) for c in known[key].choices):
                raise InvalidSettings(f"{key}={value!r} is not one of {known[key].choices}")
            result[key] = value
        return result

    def preset_of(self, settings: JSON) -> str | None:
        """The preset these settings equal, or None when changed from every preset."""
        normalized = self.normalize_settings(settings)
        for name, preset in self.presets.items():
            if self.normalize_settings(preset) == normalized:
                return name
        return None

    # --- rules ---------------------------------------------------------------------------

    def new_game(
        self, settings: JSON, seats: int, rng: Rng, game_id: str = ""
    ) -> tuple[Any, list[Event]]:
        raise NotImplementedError

    def dump(self, state: Any) -> JSON:
        raise NotImplementedError

    def load(self, data: JSON) -> Any:
        raise NotImplementedError

    def to_act(self, state: Any) -> list[int]:
        """Seats the game is waiting for (empty when over). Every one of them may act."""
        raise NotImplementedError

    def decision(self, state: Any, seat: int) -> int:
        """A number that changes whenever ``seat``'s decision moves on (see the module
        docstring); seats deciding the same question at once share it."""
        raise NotImplementedError

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """Exactly the actions ``seat`` may take now (empty when not in ``to_act``)."""
        raise NotImplementedError

    def action_scope(self, action: Action) -> str:
        """``PUBLIC`` (a group button) or ``PRIVATE`` (only in its owner's view). *Optional.*"""
        return PUBLIC

    def public_actions(self, public_view: JSON, seat: int) -> list[Action]:
        """The public part of ``legal_actions``, computed from the public view alone."""
        raise NotImplementedError

    def plays_privately(self, public_view: JSON, seat: int) -> bool:
        """Whether ``seat``'s decision now may include private actions, from public information
        (the group then offers the button that opens a hand). *Optional*: whenever the game
        has a ``play_label``."""
        return bool(self.play_label)

    def apply(self, state: Any, seat: int, action: Action, rng: Rng) -> tuple[Any, list[Event]]:
        """Apply a legal action; raise a ``GameError`` otherwise. Never mutates ``state``."""
        raise NotImplementedError

    def timeout(self, state: Any, seat: int, rng: Rng) -> tuple[Any, list[Event]]:
        """What happens when ``seat`` lets its turn timer run out."""
        raise NotImplementedError

    def resign(self, state: Any, seat: int, rng: Rng) -> tuple[Any, list[Event]]:
        """``seat`` leaves a running game; the game goes on without it."""
        raise NotImplementedError

    def view(self, state: Any, seat: int) -> JSON:
        """Everything ``seat`` may know: the public view plus that seat's own secrets, with
        ``seat`` and ``legal_actions`` filled in."""
        raise NotImplementedError

    def public_view(self, state: Any) -> JSON:
        """What anyone watching the table may know."""
        raise NotImplementedError

    def is_over(self, state: Any) -> bool:
        raise NotImplementedError

    def ranking(self, state: Any) -> list[int]:
        """Seats from first to last place (complete only when the game is over)."""
        raise NotImplementedError

    def places(self, state: Any) -> list[int]:
        """The place (1 = first) of each seat in ``ranking`` order; equal places share a
        rank. *Optional*: by default nobody ties."""
        return list(range(1, len(self.ranking(state)) + 1))

    def final_stats(self, state: Any) -> list[dict[str, int]]:
        """Per seat, the game's own ``stats_counters``, read when the game is over.
        *Optional.*"""
        return [{} for _ in self.ranking(state)]

    def cpu_action(self, view: JSON, level: str, rng: Rng) -> Action:
        """A CPU player's choice, from that seat's view only (so a CPU cannot cheat)."""
        raise NotImplementedError

    # --- presentation: words and buttons for every front door -----------------------------

    def action_label(self, action: Action) -> Text:
        """The caption of an action's button."""
        raise NotImplementedError

    def action_rows(self, actions: list[Action]) -> list[list[Action]]:
        """Public actions arranged in rows of buttons. *Optional*: four to a row."""
        return [actions[i : i + 4] for i in range(0, len(actions), 4)]

    def action_done(self, action: Action) -> Text | None:
        """The short toast its presser sees when the action was taken (None: "✓ <label>").
        *Optional.*"""
        return None

    def action_style(self, action: Action) -> str:
        """How a button looks by meaning (``STYLE_*``). *Optional.*"""
        return STYLE_PRIMARY

    def private_info(self, view: JSON) -> PrivateInfo | None:
        """What this seat alone may see right now (None when nothing is hidden for it)."""
        raise NotImplementedError

    def seat_badges(self, public_view: JSON) -> list[SeatBadge]:
        """Per seat: a short public status and whether it is out of the game."""
        raise NotImplementedError

    def describe_status(self, public_view: JSON, names: list[str]) -> list[Text]:
        """The game's public status: a header line ("🎲 Mia · round 3"), then the rest (what
        happened this round, whose move it is). Front doors add the seats between them."""
        raise NotImplementedError

    def describe_events(self, events: list[Event], names: list[str]) -> list[Text]:
        """Story lines worth a message of their own (reveals, results, scores). The shared
        events (timed out, resigned, game over) are worded by the front doors."""
        raise NotImplementedError

    def describe_final(
        self, ranking: list[int], places: list[int], names: list[str]
    ) -> list[Text] | None:
        """How the game's end is told, from its ranking (``places`` 1 = first, in ranking
        order). *Optional*: None tells it as every game does (the winner, then the places);
        a game that has a loser rather than a winner words it itself."""
        return None

    def describe_private_play(self, public_view: JSON, seat: int, names: list[str]) -> Text:
        """The line a private choice made in inline mode leaves in the group chat. It is
        posted before the move is judged, so it names only what stays public even if the move
        is refused (the trick it is for, the card it must beat), never the item. *Optional*:
        the ``hand_play_message``."""
        return Text(self.hand_play_message) if self.hand_play_message else Text("▶️", verbatim=True)

    def shows_legend(self, public_view: JSON) -> bool:
        """Whether the table explains its signs now (the first time its counters appear).
        *Optional.*"""
        return False

    def commitments(self, events: list[Event], names: list[str]) -> list[Text]:
        """The commitments (🔒) these events published, for ``/verify`` during a game.
        *Optional.*"""
        return []

    def describe_log(self, events: list[Event], names: list[str]) -> list[Text]:
        """Every public step of a game, for its written log. *Optional*: the story lines."""
        return self.describe_events(events, names)

    def proofs(self, events: list[Event]) -> list[tuple[str, str]]:
        """``(preimage, commitment)`` of each hidden value these events reveal: anyone can
        check that SHA-256 of the preimage is the commitment published before. *Optional.*"""
        return []

    def sealed_proofs(self, state: Any) -> list[tuple[str, str]]:
        """``(preimage, commitment)`` of every hidden value the table shows a commitment to
        right now, revealed or not (Mia's dice under the cup, each seat's dealt dice, the
        deck). Never shown while the game runs: a replay of a finished game shows each one
        at the moment it was decided, and the page checks it. *Optional.*"""
        return []

    def describe_hint(self, view: JSON, names: list[str]) -> Text | None:
        """A tip for this seat at its own decision (guided tutorial games). *Optional.*"""
        return None

    def describe_rules(self, settings: JSON) -> list[Text]:
        """The rules in brief for these settings (/rules, the page's "How to play")."""
        raise NotImplementedError

    def describe_fairness(self) -> list[Text]:
        """How its commitments can be checked (/verify, the log's header). *Optional.*"""
        return []
