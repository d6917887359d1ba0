"""High Card, a toy game for tests only: simultaneous hidden bids, then cards from a hidden hand.

Each seat gets three cards (1–9, from a shuffled deck of two of each). Everyone bids at once
how many of the three tricks they will win (the bids stay hidden until all are in). Then the
seats play a card each, in turn from the leader; the highest card wins the trick (the first
of equal cards wins) and leads the next. An exact bid scores 10 plus the bid; a miss loses
the difference. After three tricks the highest score wins (ties share the place).

With the ``calls`` preset, the hidden bid is a call instead, "at least Q of all the cards
dealt are R or higher": 108 calls, more than one keyboard holds, offered in two steps
(tests/support/toy_calls.py). A hidden call is never narrowed on the group's keyboard: its
steps open only in the caller's own inline results or page. With ``open_calls`` the seats
call in turn, in the open, and the steps open on the group's keyboard.

It is the smallest game that needs everything the platform offers: several seats deciding at
once, public buttons (the bids) and private choices (the cards), a secret per seat that the
group, the log and every other seat must never see, and a choice too large for one keyboard.
The shared layers must carry it with no special case: the bot plays it through
``EXTRA_GAMES=tests.support.toy_game``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.base import (
    N_,
    NOT_YOUR_TURN,
    PRIVATE,
    PUBLIC,
    SIMULTANEOUS,
    STYLE_CHOICE,
    T_,
    V_,
    Action,
    Event,
    HandItem,
    PrivateInfo,
    SeatBadge,
    SettingSpec,
    Text,
)
from games.errors import GameOver, IllegalAction, NotYourTurn
from games.game import Game
from games.presentation_protocol import Presentation
from games.rng import Rng
from games.rules_protocol import Rules
from tests.support import toy_calls

CARDS_EACH = 3


@dataclass
class ToyState:
    hands: list[list[int]]  # hidden: each seat sees only its own
    bids: list[int | None]  # hidden until everyone has bid
    won: list[int]
    scores: list[int]
    leader: int = 0
    to_play: int | None = None  # None while bidding
    trick: list[list[int]] = field(default_factory=list)  # [seat, card] in play order
    step: int = 0
    over: bool = False
    calls: bool = False  # the calls preset: a bid is a call, Q * 10 + R
    played: list[int] = field(default_factory=list)  # every card played, in the open
    open: bool = False  # the open_calls preset: bids in turn, each shown as it is made

    def copy(self) -> ToyState:
        return ToyState(
            [list(h) for h in self.hands], list(self.bids), list(self.won), list(self.scores),
            self.leader, self.to_play, [list(p) for p in self.trick], self.step, self.over,
            self.calls, list(self.played), self.open,
        )  # fmt: skip


PRESETS = {
    "standard": {"calls": False, "open": False},
    "calls": {"calls": True, "open": False},
    "open_calls": {"calls": True, "open": True},
}
PRESET_LABELS = {
    "standard": N_("standard"),
    "calls": N_("calls"),
    "open_calls": N_("open calls"),
}
EVENT_FIELDS = {"played": ("tp", "seat", "card"), "bids": ("tb", "bids")}


class ToyRules(Rules):
    """High Card's rules: the toy overrides what a game must, and a few defaults."""

    min_seats = 2
    max_seats = 4
    dynamics = SIMULTANEOUS  # everyone bids at once
    presets = PRESETS
    settings_specs = (
        SettingSpec("calls", N_("Calls"), (False, True), (N_("off"), N_("on"))),
        SettingSpec("open", N_("In the open"), (False, True), (N_("off"), N_("on"))),
    )
    event_fields = EVENT_FIELDS

    def new_game(
        self, settings: dict[str, Any], seats: int, rng: Rng, game_id: str = ""
    ) -> tuple[ToyState, list[Event]]:
        deck = [n for n in range(1, 10) for _ in range(2)]
        hands = [
            [deck.pop(rng.randbelow(len(deck))) for _ in range(CARDS_EACH)] for _ in range(seats)
        ]
        state = ToyState(hands, [None] * seats, [0] * seats, [0] * seats)
        state.calls = bool(settings.get("calls", False))
        state.open = bool(settings.get("open", False))
        return state, [{"type": "dealt", "seats": seats}]

    def dump(self, state: ToyState) -> dict[str, Any]:
        return dict(state.__dict__)

    def load(self, data: dict[str, Any]) -> ToyState:
        return ToyState(**data)

    def to_act(self, state: ToyState) -> list[int]:
        if state.over:
            return []
        if state.to_play is None:
            waiting = [seat for seat, bid in enumerate(state.bids) if bid is None]
            return waiting[:1] if state.open else waiting  # in the open: one at a time, in order
        return [state.to_play]

    def decision(self, state: ToyState, seat: int) -> int:
        return state.step  # bids do not move it: all bidders answer the same question

    def legal_actions(self, state: ToyState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state.to_play is None:
            return toy_calls.bids_offered(state.calls)
        return [f"play:{index}" for index in range(len(state.hands[seat]))]

    def action_scope(self, action: Action) -> str:
        return PRIVATE if action.startswith("play:") else PUBLIC

    def public_actions(self, public_view: dict[str, Any], seat: int) -> list[Action]:
        bidding = public_view["to_play"] is None and not public_view["over"]
        waiting = [other for other, done in enumerate(public_view["has_bid"]) if not done]
        in_turn = not public_view["open"] or waiting[:1] == [seat]  # in the open: in turn
        if bidding and seat in waiting and in_turn:
            return toy_calls.bids_offered(public_view.get("calls", False))
        return []

    def apply(
        self, state: ToyState, seat: int, action: Action, rng: Rng
    ) -> tuple[ToyState, list[Event]]:
        if state.over:
            raise GameOver("the game is over")
        if action not in self.legal_actions(state, seat):
            if seat not in self.to_act(state):
                raise NotYourTurn("not this seat's turn")
            raise IllegalAction(f"{action!r} is not possible now")
        state = state.copy()
        events: list[Event] = []
        verb, argument = action.split(":", 1)
        if verb in ("bid", "call"):
            state.bids[seat] = toy_calls.call_value(action) if verb == "call" else int(argument)
            events.append({"type": "bid_placed", "seat": seat})
            state.step += state.open  # in the open, each bid moves the decision on
            if all(bid is not None for bid in state.bids):
                state.to_play = state.leader
                state.step += 1
                events.append({"type": "bids", "bids": list(state.bids)})
            return state, events
        card = state.hands[seat].pop(int(argument))
        state.trick.append([seat, card])
        state.played.append(card)
        state.step += 1
        events.append({"type": "played", "seat": seat, "card": card})
        if len(state.trick) < len(state.hands):
            state.to_play = (seat + 1) % len(state.hands)
            return state, events
        winner = max(state.trick, key=lambda play: (play[1], -state.trick.index(play)))[0]
        state.won[winner] += 1
        state.trick, state.leader, state.to_play = [], winner, winner
        events.append({"type": "trick_won", "seat": winner})
        if not state.hands[winner]:
            self._score(state, events)
        return state, events

    def _score(self, state: ToyState, events: list[Event]) -> None:
        for seat, bid in enumerate(state.bids):
            assert bid is not None
            if state.calls:
                state.scores[seat] = toy_calls.call_score(bid, state.won[seat], state.played)
            else:
                won = state.won[seat]
                state.scores[seat] = 10 + bid if won == bid else -abs(won - bid)
        state.over, state.to_play = True, None
        events.append(
            {"type": "game_over", "ranking": self.ranking(state), "places": self.places(state)}
        )

    def timeout(self, state: ToyState, seat: int, rng: Rng) -> tuple[ToyState, list[Event]]:
        return self.apply(state, seat, self.legal_actions(state, seat)[0], rng)

    def resign(self, state: ToyState, seat: int, rng: Rng) -> tuple[ToyState, list[Event]]:
        if state.over:
            raise GameOver("the game is over")
        return state.copy(), [{"type": "resigned", "seat": seat}]  # a CPU plays on for it

    def public_view(self, state: ToyState) -> dict[str, Any]:
        revealed = state.to_play is not None or state.over or state.open
        return {
            "to_play": state.to_play,
            "has_bid": [bid is not None for bid in state.bids],
            "bids": list(state.bids) if revealed else None,
            "cards_left": [len(hand) for hand in state.hands],
            "trick": [list(play) for play in state.trick],
            "won": list(state.won),
            "scores": list(state.scores),
            "over": state.over,
            "calls": state.calls,
            "open": state.open,
        }

    def choice_hidden(self, public_view: dict[str, Any]) -> bool:
        """Bids (or calls) stay hidden until all are in, unless made in the open."""
        return (
            public_view["to_play"] is None and not public_view["over"] and not public_view["open"]
        )

    def secrets(self, state: ToyState, seat: int) -> dict[str, Any]:
        """The seat's own hand and bid: the view adds them to the public view."""
        return {"hand": list(state.hands[seat]), "my_bid": state.bids[seat]}

    def ranking(self, state: ToyState) -> list[int]:
        return sorted(range(len(state.scores)), key=lambda seat: (-state.scores[seat], seat))

    def places(self, state: ToyState) -> list[int]:
        order = self.ranking(state)
        return [
            1 + sum(state.scores[other] > state.scores[seat] for other in order) for seat in order
        ]

    def cpu_action(self, view: dict[str, Any], level: str, rng: Rng) -> Action:
        legal = view["legal_actions"]
        if view["to_play"] is None and view["calls"]:
            return toy_calls.cpu_call(view["hand"])
        if view["to_play"] is None:
            return f"bid:{sum(card >= 7 for card in view['hand'])}"
        return legal[rng.randbelow(len(legal))]


class ToyPresentation(Presentation):
    """High Card's looks: its calls are offered in two steps (tests/support/toy_calls.py)."""

    title = N_("Toy")
    summary = N_("Toy: bid, then play high cards. 2–4 players.")
    preset_labels = PRESET_LABELS
    private_label = N_("🃏 My hand")  # the group's button to look at your hand
    play_label = N_("🃏 Play a card")  # the group's button to play from it (inline mode)
    hand_play_message = N_("🃏 I play a card from my hand.")  # never names the card

    def action_rows(self, actions: list[Action]) -> list[list[Action]]:
        return toy_calls.call_rows(actions)

    def action_steps(self, action: Action) -> tuple[str, ...]:
        """A call is chosen in two steps: its quantity, then its rank."""
        verb, *arguments = action.split(":")
        return (arguments[0],) if verb == "call" else ()

    def step_label(self, path: tuple[str, ...]) -> Text:
        return V_("{q} × …", q=path[0])

    def plays_privately(self, public_view: dict[str, Any], seat: int) -> bool:
        return public_view["to_play"] == seat

    def action_label(self, action: Action) -> Text:
        verb, argument = action.split(":", 1)
        if verb == "call":
            return toy_calls.call_label(action)
        return T_("Bid {n}", n=argument) if verb == "bid" else V_("{card}", card=argument)

    def action_style(self, action: Action) -> str:
        return STYLE_CHOICE

    def private_info(self, view: dict[str, Any]) -> PrivateInfo | None:
        hand = view["hand"]
        if not hand:
            return None
        playing = view["to_play"] == view["seat"]
        items = tuple(
            HandItem(
                id=f"c{index}-{card}",
                kind="card",
                label=V_("{card}", card=card),
                action=f"play:{index}",
                selectable=playing,
                reason=None if playing else NOT_YOUR_TURN,
                attrs=(("rank", str(card)),),
            )
            for index, card in enumerate(hand)
        )
        return PrivateInfo(key=",".join(map(str, hand)), title=T_("Your hand"), items=items)

    def seat_badges(self, public_view: dict[str, Any]) -> list[SeatBadge]:
        badges = []
        for seat, has_bid in enumerate(public_view["has_bid"]):
            calling = public_view.get("calls", False)
            shown = public_view["bids"]
            if shown and shown[seat] is not None:
                bid = toy_calls.shown_bid(shown[seat], calling)
            else:
                bid = "✓" if has_bid else "…"
            badges.append(
                SeatBadge(
                    V_(
                        "🃏{cards} · {bid} · {won} · {score}",
                        cards=public_view["cards_left"][seat],
                        bid=bid,
                        won=public_view["won"][seat],
                        score=public_view["scores"][seat],
                    )
                )
            )
        return badges

    def describe_status(self, public_view: dict[str, Any], names: list[str]) -> list[Text]:
        lines: list[Text] = [T_("🃏 Toy")]
        if public_view["trick"]:
            plays = " ".join(f"{names[seat]} {card}" for seat, card in public_view["trick"])
            lines.append(V_("{plays}", plays=plays))
        if public_view["over"]:
            lines.append(T_("The game is over."))
        elif public_view["to_play"] is None and public_view.get("open"):
            waiting = public_view["has_bid"].index(False)
            lines.append(V_("📣 {name}", name=names[waiting]))
        elif public_view["to_play"] is None and public_view.get("calls"):
            lines.append(T_("Everyone calls at once."))
        elif public_view["to_play"] is None:
            lines.append(T_("Everyone bids at once."))
        else:
            lines.append(V_("▶️ {name}", name=names[public_view["to_play"]]))
        return lines

    def describe_events(self, events: list[Event], names: list[str]) -> list[Text]:
        lines: list[Text] = []
        for event in events:
            if event["type"] == "bids":
                calling = any(bid >= 10 for bid in event["bids"])  # every call is 11 or more
                said = [toy_calls.shown_bid(bid, calling) for bid in event["bids"]]
                shown = ", ".join(f"{names[s]} {b}" for s, b in enumerate(said))
                lines.append(V_("{bids}", bids=shown))
            elif event["type"] == "trick_won":
                lines.append(V_("✔️ {name}", name=names[event["seat"]]))
        return lines

    def describe_rules(self, settings: dict[str, Any]) -> list[Text]:
        return [T_("Toy: bid, then play high cards. 2–4 players.")]


GAME = Game(name="toy", command="toy", rules=ToyRules(), presentation=ToyPresentation())
