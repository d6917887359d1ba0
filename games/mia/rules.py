"""Mia's rules as the tables play them: each move here, its steps (a round's end, the next
round) in actions.py.

Who may know what (mia.md, "Fairness and privacy"): the dice under the cup and their salt are
the only secrets. They leave the state through ``secrets`` for their roller alone; the public
view never holds them.
"""

from __future__ import annotations

from typing import Any

from games.analysis import Judgement
from games.base import JSON, N_, Action, Event, StatCounter
from games.errors import GameOver, IllegalAction, SeatOut
from games.mia import actions, analysis, cpu, expert
from games.mia.actions import (
    ACCEPT,
    CHALLENGE,
    CLAIM_PREFIX,
    FOLD,
    PASS,
    TALLY_COUNTERS,
    legal_actions,
    ranking,
)
from games.mia.fairness import preimage
from games.mia.settings import PRESETS, SETTINGS_SPECS, normalize_settings
from games.mia.state import PHASE_OVER, PHASE_RESPOND, MiaState
from games.rng import Rng
from games.rules_protocol import Rules
from games.think import Budget

# What the log keeps of each event: a short code, then the fields its readers need, in
# order (see tables.engine.codec). Codes are stored data: never reuse one.
EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "game_started": ("g", "seats", "starter"),
    "round_started": ("r", "round", "starter"),
    "claimed": ("c", "seat", "claim"),
    "accepted": ("a", "seat"),
    "passed": ("p", "seat", "to"),
    "challenged": (
        "x",
        *("seat", "claimant", "claim", "dice", "roll", "holds"),
        *("game_id", "round", "turn", "salt"),
    ),
    "folded": ("f", "seat", "claimant", "claim"),
    "timed_out": ("t", "seat"),
    "resigned": ("q", "seat"),
    "lost_lives": ("l", "seat", "lost", "lives"),
    "eliminated": ("e", "seat"),
    "game_over": ("o", "ranking"),
}


class MiaRules(Rules):
    """Two dice under a cup: claim, bluff, challenge; the last seat with lives wins."""

    min_seats = actions.MIN_SEATS
    max_seats = actions.MAX_SEATS
    presets = PRESETS
    settings_specs = SETTINGS_SPECS
    state_class = MiaState
    event_fields = EVENT_FIELDS
    unlogged_events = frozenset({"rolled"})  # a roll says nothing the commitment does not
    stats_counters = (
        StatCounter("lives_lost", N_("lives lost")),
        StatCounter("bluffs_caught", N_("bluffs caught")),
        StatCounter("bluffs_through", N_("bluffs that got through")),
        StatCounter("wrong_challenges", N_("wrong challenges")),
    )

    def new_game(
        self, settings: dict[str, Any], seats: int, rng: Rng, game_id: str = ""
    ) -> tuple[MiaState, list[Event]]:
        """Everyone gets the same lives; a random seat starts and rolls (mia.md, "Seats")."""
        settings = normalize_settings(settings)
        self.check_seats(seats)
        state = MiaState(settings=settings, lives=[settings["lives"]] * seats, game_id=game_id)
        state.tally = {counter: [0] * seats for counter in TALLY_COUNTERS}
        state.shown = {"held": [0] * seats, "caught": [0] * seats}
        starter = rng.randbelow(seats)
        events: list[Event] = [{"type": "game_started", "seats": seats, "starter": starter}]
        actions.start_round(state, starter, rng, events)
        return state, events

    def to_act(self, state: MiaState) -> list[int]:
        """The one seat to move (nobody once the game is over)."""
        return [] if state.phase == PHASE_OVER else [state.to_act]

    def decision(self, state: MiaState, seat: int) -> int:
        """Every move moves the decision on: only one seat decides at a time."""
        return state.step

    def legal_actions(self, state: MiaState, seat: int) -> list[Action]:
        return actions.legal_actions(state, seat)

    def public_actions(self, view: dict[str, Any], seat: int) -> list[str]:
        """The seat's legal actions from the public view alone: every Mia action is public, and
        none depends on the dice (so the group's buttons cannot give the dice away)."""
        if view["over"]:
            return []
        state = MiaState(
            settings=view["settings"],
            lives=list(view["lives"]),
            phase=view["phase"],
            to_act=view["to_act"],
            claimant=view["claimant"],
            claim=view["claim"],
            history=view["history"],
            passed=view["passed"],
        )
        return legal_actions(state, seat)

    def apply(
        self, state: MiaState, seat: int, action: Action, rng: Rng
    ) -> tuple[MiaState, list[Event]]:
        actions.check_turn(state, seat)
        state = state.copy()
        state.step += 1
        events: list[Event] = []
        if action.startswith(CLAIM_PREFIX):
            actions.announce(state, seat, action.removeprefix(CLAIM_PREFIX), events)
        elif state.phase != PHASE_RESPOND:
            raise IllegalAction(f"{action!r} is not possible now: announce a claim")
        elif action == CHALLENGE:
            actions.challenge(state, seat, events)
            actions.after_round(state, rng, events)
        elif action == ACCEPT:
            actions.accept(state, seat, rng, events)
        elif action == FOLD:
            actions.fold(state, seat, events)
            actions.after_round(state, rng, events)
        elif action == PASS:
            actions.pass_on(state, seat, events)
        else:
            raise IllegalAction(f"unknown action {action!r}")
        return state, events

    def timeout(self, state: MiaState, seat: int, rng: Rng) -> tuple[MiaState, list[Event]]:
        """A timeout counts as a fold: the absent seat loses a life, the dice stay hidden."""
        actions.check_turn(state, seat)
        state = state.copy()
        state.step += 1
        events: list[Event] = [{"type": "timed_out", "seat": seat}]
        if state.phase == PHASE_RESPOND:
            actions.count_unseen_bluff(state)  # the claim stands unchallenged
        actions.end_round(
            state, seat, 1, claim_held=True, challenger=seat, kind="timeout", events=events
        )
        actions.after_round(state, rng, events)
        return state, events

    def resign(self, state: MiaState, seat: int, rng: Rng) -> tuple[MiaState, list[Event]]:
        """A seat leaves a running game: it is out now. A round it was part of starts over."""
        if state.phase == PHASE_OVER:
            raise GameOver("the game is over")
        if not state.alive(seat):
            raise SeatOut("this seat is already out")
        state = state.copy()
        state.step += 1
        involved = seat == state.to_act or (state.phase == PHASE_RESPOND and seat == state.claimant)
        state.lives[seat] = 0
        state.out_order.append(seat)
        events: list[Event] = [
            {"type": "resigned", "seat": seat},
            {"type": "eliminated", "seat": seat},
        ]
        if len(state.live_seats()) == 1:
            actions.finish(state, events)
        elif involved:
            state.last_result = {"kind": "resign", "seat": seat}
            actions.start_round(state, state.next_live_seat(seat), rng, events)
        return state, events

    def public_view(self, state: MiaState) -> dict[str, Any]:
        over = state.phase == PHASE_OVER
        return {
            "game": "mia",
            "phase": state.phase,
            "round": state.round,
            "turn": state.turn,
            "seats": state.seats,
            "to_act": None if over else state.to_act,
            "claimant": state.claimant,
            "claim": state.claim,
            "lives": list(state.lives),
            "out_order": list(state.out_order),
            "history": [dict(entry) for entry in state.history],
            "settings": dict(state.settings),
            "commitment": state.commitment,
            "dice_owner": state.dice_owner,
            "last_result": dict(state.last_result) if state.last_result else None,
            "passed": state.passed,
            "shown": {counter: list(values) for counter, values in state.shown.items()},
            "step": state.step,
            "over": over,
            "ranking": ranking(state) if over else None,
        }

    def secrets(self, state: MiaState, seat: int) -> JSON:
        """The seat's own dice, when it rolled the pair under the cup."""
        own = state.dice_owner == seat and state.dice is not None
        return {"dice": list(state.dice) if own else None}

    def ranking(self, state: MiaState) -> list[int]:
        return actions.ranking(state)

    def final_stats(self, state: MiaState) -> list[dict[str, int]]:
        """Per seat: lives lost, bluffs caught, bluffs that got through, wrong challenges."""
        return [
            {
                counter: state.tally.get(counter, [0] * state.seats)[seat]
                for counter in TALLY_COUNTERS
            }
            for seat in range(state.seats)
        ]

    def sealed_proofs(self, state: MiaState) -> list[tuple[str, str]]:
        """The dice under the cup and their commitment, while there are any."""
        if state.dice is None or state.salt is None or state.commitment is None:
            return []
        text = preimage(state.game_id, state.round, state.turn, state.dice, state.salt)
        return [(text, state.commitment)]

    def cpu_action(self, view: JSON, level: str, rng: Rng) -> Action:
        return cpu.choose(view, level, rng)

    def cpu_expert(self, view: JSON, rng: Rng, budget: Budget) -> Action:
        return expert.choose(view, rng, budget)

    def analyse(self, view: JSON, action: Action, rng: Rng) -> Judgement | None:
        return analysis.analyse(view, action)
