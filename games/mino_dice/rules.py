"""Mino Dice's rules as the tables play them: each move here, its steps in actions.py and
hands.py, the privacy notes and a roll's public form in views.py."""

from __future__ import annotations

from typing import Any

from games.analysis import Judgement
from games.base import JSON, N_, PRIVATE, PUBLIC, SIMULTANEOUS, Action, Event, StatCounter
from games.errors import GameOver, IllegalAction, SeatOut
from games.mino_dice import actions, analysis, cpu, expert, hands
from games.mino_dice.actions import (
    BID_PREFIX,
    ROLL_PREFIX,
    bid,
    bid_action,
    roll,
    roll_action,
    to_act,
)
from games.mino_dice.dice import die_id, kind_of
from games.mino_dice.fairness import preimage
from games.mino_dice.hands import finish, places, ranking, reveal, start_hand
from games.mino_dice.settings import PRESETS, SETTINGS_SPECS, hands_for, normalize_settings
from games.mino_dice.state import PHASE_BID, PHASE_OVER, PHASE_TRICK, TALLY_COUNTERS, MinoState
from games.mino_dice.tricks import colour_to_follow, playable
from games.mino_dice.views import roll_view
from games.rng import Rng
from games.rules_protocol import Rules
from games.think import Budget

# What the log keeps of each event: a short code, then the fields its readers need, in order
# (see tables.engine.codec). Codes are stored data: never reuse one for another meaning.
EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "game_started": ("g", "seats", "hands"),
    "hand_started": ("h", "hand", "hands", "leader", "commitments"),
    "bid_made": ("b", "seat"),
    "bids_revealed": ("v", "hand", "bids"),
    "rolled": ("r", "seat", "die", "kind", "face", "trick"),
    "trick_won": (
        "w",
        *("hand", "trick", "winner", "leader", "die", "kind", "face", "bonus", "rolls"),
    ),
    "hand_scored": ("s", "hand", "results"),
    "hand_revealed": ("x", "game_id", "hand", "reveals"),
    "timed_out": ("t", "seat"),
    "resigned": ("q", "seat"),
    "game_over": ("o", "ranking", "places"),
}


class MinoRules(Rules):
    """Everyone bids their tricks at once, in secret; then the dice are rolled trick by trick.

    A timeout plays what a ``normal`` CPU would play for that seat (the default): a bid of its
    dice's expected tricks, or the die that best keeps to its bid. Nothing is lost for the
    timeout itself; the table layer hands a seat that keeps timing out to its autopilot.
    """

    min_seats = actions.MIN_SEATS
    max_seats = actions.MAX_SEATS
    dynamics = SIMULTANEOUS
    presets = PRESETS
    settings_specs = SETTINGS_SPECS
    state_class = MinoState
    event_fields = EVENT_FIELDS
    unlogged_events = frozenset({"bid_made"})  # who bid is in the view; the values come later
    stats_counters = (
        StatCounter("exact_bids", N_("exact bids")),
        StatCounter("zero_bids", N_("zero bids made")),
        StatCounter("bonus_points", N_("bonus points")),
        StatCounter("tricks_won", N_("tricks won")),
    )

    def new_game(
        self, settings: dict[str, Any], seats: int, rng: Rng, game_id: str = ""
    ) -> tuple[MinoState, list[Event]]:
        """Scores at 0; a random seat leads the first trick of the first hand; hand 1 is dealt."""
        settings = normalize_settings(settings)
        self.check_seats(seats)
        state = MinoState(
            settings=settings,
            scores=[0] * seats,
            game_id=game_id,
            hands=hands_for(seats, settings["length"]),
        )
        state.tally = {counter: [0] * seats for counter in TALLY_COUNTERS}
        events: list[Event] = [{"type": "game_started", "seats": seats, "hands": state.hands}]
        start_hand(state, rng.randbelow(seats), rng, events)
        return state, events

    def to_act(self, state: MinoState) -> list[int]:
        return actions.to_act(state)

    def decision(self, state: MinoState, seat: int) -> int:
        """Bidders share the hand's token, unchanged by each bid; it moves on when the bidding
        ends and after every roll."""
        return state.step

    def legal_actions(self, state: MinoState, seat: int) -> list[Action]:
        if state.phase == PHASE_OVER or not 0 <= seat < state.seats:
            return []
        if state.phase == PHASE_BID:
            if state.bids[seat] is not None:
                return []
            return [bid_action(bid) for bid in range(state.hand + 1)]
        if seat != state.turn:
            return []
        colour = colour_to_follow(roll["die"] for roll in state.trick)
        return [roll_action(die) for die in playable(state.held[seat], colour)]

    def action_scope(self, action: Action) -> str:
        """Bids are group buttons; rolling a die names a die only its owner knows."""
        return PRIVATE if action.startswith(ROLL_PREFIX) else PUBLIC

    def public_actions(self, view: dict[str, Any], seat: int) -> list[str]:
        """The group's buttons for ``seat``, from the public view alone: the bids 0..n while it
        has not bid. Rolling a die is private (only its owner knows its dice)."""
        if view["over"] or view["phase"] != PHASE_BID or view["has_bid"][seat]:
            return []
        return [bid_action(bid) for bid in range(view["hand"] + 1)]

    def choice_hidden(self, view: dict[str, Any]) -> bool:
        """The bids stay hidden until every seat has bid."""
        return not view["over"] and view["phase"] == PHASE_BID

    def apply(
        self, state: MinoState, seat: int, action: Action, rng: Rng
    ) -> tuple[MinoState, list[Event]]:
        if state.phase == PHASE_OVER:
            raise GameOver("the game is over")
        if not 0 <= seat < state.seats:
            raise SeatOut("no such seat")
        if action.startswith(BID_PREFIX):
            return bid(state, seat, action.removeprefix(BID_PREFIX))
        if action.startswith(ROLL_PREFIX):
            return roll(state, seat, action.removeprefix(ROLL_PREFIX), rng)
        raise IllegalAction(f"unknown action {action!r}")

    def resign(self, state: MinoState, seat: int, rng: Rng) -> tuple[MinoState, list[Event]]:
        """The seat leaves the ranking (ranked after everyone still in it) but its dice stay in
        play: it keeps bidding and rolling when its turn comes, played for it by the table (a
        CPU, or the turn timer). With one seat left in the ranking the game ends at once."""
        if state.phase == PHASE_OVER:
            raise GameOver("the game is over")
        if not 0 <= seat < state.seats or seat in state.resigned:
            raise SeatOut("this seat has already left")
        state = state.copy()
        state.resigned.append(seat)
        events: list[Event] = [{"type": "resigned", "seat": seat}]
        if state.seats - len(state.resigned) <= 1:
            state.step += 1
            reveal(state, events)
            finish(state, events)
        return state, events

    def public_view(self, state: MinoState) -> dict[str, Any]:
        over = state.phase == PHASE_OVER
        bids_open = state.all_bid
        return {
            "game": "mino_dice",
            "phase": state.phase,
            "hand": state.hand,
            "hands": state.hands,
            "seats": state.seats,
            "to_act": to_act(state),
            "turn": state.turn if state.phase == PHASE_TRICK else None,
            "first_leader": state.first_leader,
            "leader": state.leader,
            "trick_no": state.trick_no,
            "dice_left": [len(dice) for dice in state.held],
            "has_bid": [bid is not None for bid in state.bids],
            "bids": list(state.bids) if bids_open else None,
            "won": list(state.won),
            "scores": list(state.scores),
            "trick": [roll_view(roll) for roll in state.trick],
            "follow": colour_to_follow(roll["die"] for roll in state.trick),
            "tricks": [
                {
                    "leader": trick["leader"],
                    "winner": trick["winner"],
                    "bonus": trick["bonus"],
                    "rolls": [roll_view(roll) for roll in trick["rolls"]],
                }
                for trick in state.tricks
            ],
            "resigned": list(state.resigned),
            "last_hand": state.last_hand,
            "settings": dict(state.settings),
            "commitments": state.commitments() if not over else None,
            "step": state.step,
            "over": over,
            "ranking": ranking(state) if over else None,
            "places": places(state) if over else None,
        }

    def secrets(self, state: MinoState, seat: int) -> JSON:
        """The seat's own dice (ids and kinds, never a face) and bid."""
        if not 0 <= seat < state.seats:
            return {"dice": [], "bid": None}
        dice = [{"id": die_id(die), "kind": kind_of(die)} for die in state.held[seat]]
        return {"dice": dice, "bid": state.bids[seat] if state.bids else None}

    def ranking(self, state: MinoState) -> list[int]:
        return hands.ranking(state)

    def places(self, state: MinoState) -> list[int]:
        return hands.places(state)

    def final_stats(self, state: MinoState) -> list[dict[str, int]]:
        return hands.final_stats(state)

    def sealed_proofs(self, state: MinoState) -> list[tuple[str, str]]:
        """Each seat's dealt dice and their faces this hand, with the commitments shown."""
        if state.phase == PHASE_OVER:
            return []
        texts = [
            preimage(state.game_id, state.hand, seat, dice, state.faces, state.salts[seat])
            for seat, dice in enumerate(state.dealt)
        ]
        return list(zip(texts, state.commitments(), strict=True))

    def cpu_action(self, view: JSON, level: str, rng: Rng) -> Action:
        return cpu.choose(view, level, rng)

    def cpu_expert(self, view: JSON, rng: Rng, budget: Budget) -> Action:
        return expert.choose(view, rng, budget)

    def analyse(self, view: JSON, action: Action, rng: Rng) -> Judgement | None:
        return analysis.analyse(view, action, rng)
