"""The one small interface every game implements.

Tables, the bot and the web app talk to games only through :class:`Game`, so adding Mino Dice
or Myllymatti later means writing a new module, not touching those layers.

Conventions shared by all games:

* A seat is an index ``0 .. seats-1`` in turn order.
* An action is a short string (``"challenge"``, ``"claim:53"``): it travels unchanged in
  callback data, JSON bodies and logs, and ``legal_actions`` lists exactly the allowed ones.
* State is a game-specific dataclass; ``dump``/``load`` turn it into plain JSON data and back,
  which is what the table layer stores.
* Events are plain dicts with a ``type`` and only public information. Hidden values never
  appear in an event until the rules reveal them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from games.rng import Rng


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


class Game(Protocol):
    """What every game module offers (see module docstring for the conventions)."""

    name: str
    title: str
    min_seats: int
    max_seats: int
    settings_specs: tuple[SettingSpec, ...]
    presets: dict[str, JSON]
    default_preset: str
    event_fields: dict[str, tuple[str, ...]]  # compact storage of events, see tables.codec

    def normalize_settings(self, settings: JSON) -> JSON:
        """Complete and validate settings; raise ``InvalidSettings`` on a bad value."""
        ...

    def preset_of(self, settings: JSON) -> str | None:
        """The preset these settings equal, or None when changed from every preset."""
        ...

    def new_game(
        self, settings: JSON, seats: int, rng: Rng, game_id: str = ""
    ) -> tuple[Any, list[Event]]: ...

    def dump(self, state: Any) -> JSON: ...

    def load(self, data: JSON) -> Any: ...

    def to_act(self, state: Any) -> list[int]:
        """Seats the game is waiting for (empty when over)."""
        ...

    def legal_actions(self, state: Any, seat: int) -> list[Action]: ...

    def apply(self, state: Any, seat: int, action: Action, rng: Rng) -> tuple[Any, list[Event]]:
        """Apply a legal action; raise a ``GameError`` otherwise. Never mutates ``state``."""
        ...

    def timeout(self, state: Any, seat: int, rng: Rng) -> tuple[Any, list[Event]]:
        """What happens when ``seat`` lets its turn timer run out."""
        ...

    def resign(self, state: Any, seat: int, rng: Rng) -> tuple[Any, list[Event]]:
        """``seat`` leaves a running game; the game goes on without it."""
        ...

    def view(self, state: Any, seat: int) -> JSON:
        """Everything ``seat`` may know: the public view plus that seat's own secrets."""
        ...

    def public_view(self, state: Any) -> JSON:
        """What anyone watching the table may know."""
        ...

    def is_over(self, state: Any) -> bool: ...

    def ranking(self, state: Any) -> list[int]:
        """Seats from first to last place (complete only when the game is over)."""
        ...

    def final_stats(self, state: Any) -> list[dict[str, int]]:
        """Per seat counters for player statistics, read when the game is over."""
        ...

    def cpu_action(self, view: JSON, level: str, rng: Rng) -> Action:
        """A CPU player's choice, from that seat's view only (so a CPU cannot cheat)."""
        ...

    # Presentation: words and button layout shared by every front door.

    def action_label(self, action: Action) -> Text:
        """The button caption for a game action."""
        ...

    def action_rows(self, actions: list[Action]) -> list[list[Action]]:
        """Legal actions arranged in rows of buttons."""
        ...

    def private_actions(self, view: JSON) -> list[Action]:
        """Actions that only reveal something to their seat (e.g. "look" at own dice)."""
        ...

    def describe_private(self, view: JSON) -> Text | None:
        """What a private action shows its seat (e.g. "Your dice: ⚄ ⚂ = 53")."""
        ...

    def describe_table(self, view: JSON, names: list[str]) -> list[Text]:
        """The table's public status, line by line."""
        ...

    def describe_round(self, view: JSON, names: list[str]) -> list[Text]:
        """The current round without the seat list (a page shows seats on its own)."""
        ...

    def seat_summaries(self, view: JSON) -> list[JSON]:
        """Per seat: ``badge`` (short status, e.g. lives), ``out`` and ``acting`` flags."""
        ...

    def describe_secret(self, view: JSON) -> JSON | None:
        """This seat's hidden value for a page: ``symbols``, a ``caption`` Text, and an ``id``
        that changes when the secret does (so a page covers it again)."""
        ...

    def describe_events(self, events: list[Event], names: list[str]) -> list[Text]:
        """The story lines worth a message of their own (reveals, results, the winner)."""
        ...

    def describe_log(self, events: list[Event], names: list[str]) -> list[Text]:
        """Every public step of a game, for its written log."""
        ...

    def describe_hint(self, view: JSON, names: list[str]) -> Text | None:
        """A tip for this seat at its own decision (guided tutorial games)."""
        ...

    def describe_rules(self, settings: JSON) -> list[Text]:
        """The rules in brief for these settings (what /rules shows)."""
        ...
