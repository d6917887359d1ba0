"""mia.md as executable examples: one test per rule, named after the rule it checks."""

from __future__ import annotations

import json

import pytest

from games.errors import GameOver, IllegalAction, InvalidSettings, NotYourTurn, SeatOut
from games.mia import GAME
from games.mia.actions import ACCEPT, CHALLENGE, FOLD, PASS, legal_actions
from games.mia.errors import ClaimTooLow
from games.mia.fairness import verify
from games.mia.state import PHASE_CLAIM, PHASE_OVER, PHASE_RESPOND, MiaState
from games.rng import DeterministicRng
from tests.games.mia.scripted import ScriptedRng


def start(seats: int = 3, starter: int = 0, rolls: tuple[str, ...] = (), **settings):
    rng = ScriptedRng(starter, rolls)
    state, _ = GAME.rules.new_game(settings, seats, rng, "game-1")
    return state, rng


def play(state: MiaState, rng, seat: int, action: str):
    return GAME.rules.apply(state, seat, action, rng)


def event(events, kind):
    matches = [e for e in events if e["type"] == kind]
    assert matches, f"no {kind} event in {events}"
    return matches[0]


# --- seats, lives, winner ----------------------------------------------------------------


def test_every_seat_starts_with_the_same_lives_default_three():
    state, _ = start(seats=4)
    assert state.lives == [3, 3, 3, 3]


def test_classic_preset_gives_six_lives():
    state, _ = start(seats=2, **GAME.rules.presets["classic"])
    assert state.lives == [6, 6]


@pytest.mark.parametrize("seats", [1, 11])
def test_a_game_needs_two_to_ten_seats(seats):
    with pytest.raises(InvalidSettings):
        GAME.rules.new_game({}, seats, DeterministicRng(1))


def test_first_starter_is_chosen_at_random():
    starters = {GAME.rules.new_game({}, 4, DeterministicRng(seed))[0].to_act for seed in range(60)}
    assert starters == {0, 1, 2, 3}


def test_starter_has_rolled_and_must_announce():
    state, _ = start(starter=2, rolls=("53",))
    assert state.phase == PHASE_CLAIM and state.to_act == 2
    assert state.dice == [5, 3]


def test_a_seat_at_zero_lives_is_out_and_play_skips_it():
    state, rng = start(seats=3, rolls=("31", "65"), lives=2)
    state.lives = [2, 0, 2]
    state.out_order = [1]
    state, _ = play(state, rng, 0, "claim:42")
    assert state.to_act == 2  # seat 1 is skipped
    with pytest.raises(SeatOut):
        play(state, rng, 1, CHALLENGE)


def test_last_seat_with_lives_wins_and_the_first_out_is_last():
    state, rng = start(seats=3, rolls=("31", "31", "31"), lives=2)
    state.lives = [1, 1, 1]
    state, _ = play(state, rng, 0, "claim:65")  # bluff
    state, events = play(state, rng, 1, CHALLENGE)  # seat 0 out
    assert event(events, "eliminated")["seat"] == 0
    starter = state.to_act  # loser is out: next seat with lives after it starts, seat 1
    assert starter == 1
    state, _ = play(state, rng, 1, "claim:65")
    state, events = play(state, rng, 2, CHALLENGE)  # dice 31: seat 1 out
    assert state.phase == PHASE_OVER
    assert GAME.rules.ranking(state) == [2, 1, 0]
    assert event(events, "game_over")["ranking"] == [2, 1, 0]
    with pytest.raises(GameOver):
        play(state, rng, 2, "claim:31")


# --- a round -----------------------------------------------------------------------------


def test_in_a_new_round_there_is_no_minimum_claim():
    state, _ = start()
    assert len(legal_actions(state, 0)) == 21


def test_only_the_roller_sees_the_dice():
    state, _ = start(rolls=("53",))
    assert GAME.rules.view(state, 0)["dice"] == [5, 3]
    assert GAME.rules.view(state, 1)["dice"] is None
    assert "salt" not in json.dumps(GAME.rules.public_view(state))


def test_the_receiver_sees_only_the_claim_never_the_dice():
    state, rng = start(rolls=("53",))
    state, _ = play(state, rng, 0, "claim:54")
    view = GAME.rules.view(state, 1)
    assert view["claim"] == "54" and view["dice"] is None
    assert GAME.rules.view(state, 0)["dice"] == [5, 3]  # the claimant still knows what it rolled


def test_a_bluff_may_claim_more_than_the_roll():
    state, rng = start(rolls=("31",))
    state, _ = play(state, rng, 0, "claim:66")
    assert state.claim == "66"


def test_understating_is_allowed_and_the_understated_claim_holds():
    state, rng = start(rolls=("66",))
    state, _ = play(state, rng, 0, "claim:41")
    state, events = play(state, rng, 1, CHALLENGE)
    assert event(events, "challenged")["holds"] is True
    assert event(events, "lost_lives")["seat"] == 1


def test_example_dice_55_claim_44_holds_and_the_challenger_loses():
    state, rng = start(rolls=("55",))
    state, _ = play(state, rng, 0, "claim:44")
    state, events = play(state, rng, 1, CHALLENGE)
    assert event(events, "challenged")["holds"] is True
    assert state.lives == [3, 2, 3]


def test_example_dice_33_claim_55_fails_and_the_claimant_loses():
    state, rng = start(rolls=("33",))
    state, _ = play(state, rng, 0, "claim:55")
    state, events = play(state, rng, 1, CHALLENGE)
    assert event(events, "challenged")["holds"] is False
    assert state.lives == [2, 3, 3]


def test_dice_exactly_equal_to_the_claim_hold():
    state, rng = start(rolls=("62",))
    state, _ = play(state, rng, 0, "claim:62")
    state, events = play(state, rng, 1, CHALLENGE)
    assert event(events, "challenged")["holds"] is True


def test_a_challenge_reveals_only_the_newest_pair():
    state, rng = start(rolls=("31", "64"))
    state, _ = play(state, rng, 0, "claim:43")
    state, _ = play(state, rng, 1, ACCEPT)
    state, _ = play(state, rng, 1, "claim:62")
    state, events = play(state, rng, 2, CHALLENGE)
    reveal = event(events, "challenged")
    assert reveal["dice"] == [6, 4] and reveal["claimant"] == 1 and reveal["holds"] is True
    assert all(e.get("dice") in (None, [6, 4]) for e in events)


def test_accepting_discards_the_old_dice_and_rolls_new_ones():
    state, rng = start(rolls=("31", "54"))
    state, _ = play(state, rng, 0, "claim:43")
    state, events = play(state, rng, 1, ACCEPT)
    assert state.phase == PHASE_CLAIM and state.to_act == 1
    assert state.dice == [5, 4]
    assert GAME.rules.view(state, 0)["dice"] is None  # seat 0's pair is gone
    assert "dice" not in event(events, "rolled")


def test_after_accepting_the_claim_must_be_strictly_higher():
    state, rng = start(rolls=("31", "31"))
    state, _ = play(state, rng, 0, "claim:53")
    state, _ = play(state, rng, 1, ACCEPT)
    with pytest.raises(ClaimTooLow):
        play(state, rng, 1, "claim:53")  # repeating is never allowed
    with pytest.raises(ClaimTooLow):
        play(state, rng, 1, "claim:52")
    assert legal_actions(state, 1)[0] == "claim:54"


def test_once_accepted_and_rolled_the_receiver_cannot_challenge():
    state, rng = start(rolls=("31", "31"))
    state, _ = play(state, rng, 0, "claim:53")
    state, _ = play(state, rng, 1, ACCEPT)
    assert CHALLENGE not in legal_actions(state, 1)
    with pytest.raises(IllegalAction):
        play(state, rng, 1, CHALLENGE)


def test_the_receiver_becomes_claimant_and_the_next_live_seat_receives():
    state, rng = start(seats=3, rolls=("31", "31"))
    state, _ = play(state, rng, 0, "claim:41")
    state, _ = play(state, rng, 1, ACCEPT)
    state, _ = play(state, rng, 1, "claim:42")
    assert state.claimant == 1 and state.to_act == 2
    assert state.history == [{"seat": 0, "claim": "41"}, {"seat": 1, "claim": "42"}]


def test_the_cup_goes_round_the_seats_back_to_the_first():
    state, rng = start(seats=2, rolls=("31", "31", "31"))
    state, _ = play(state, rng, 0, "claim:41")
    state, _ = play(state, rng, 1, ACCEPT)
    state, _ = play(state, rng, 1, "claim:42")
    assert state.to_act == 0


def test_a_claimant_may_announce_without_looking():
    # Looking is a choice of the front door; the rules never require it.
    state, rng = start(rolls=("43",))
    state, _ = play(state, rng, 0, "claim:43")
    assert state.phase == PHASE_RESPOND


def test_only_the_seat_to_act_may_move():
    state, rng = start()
    with pytest.raises(NotYourTurn):
        play(state, rng, 1, "claim:43")


def test_responding_moves_are_refused_while_a_claim_is_due():
    state, rng = start()
    for action in (CHALLENGE, ACCEPT, FOLD, PASS, "nonsense", "claim:35", "claim:77"):
        with pytest.raises(IllegalAction):
            play(state, rng, 0, action)


def test_a_move_never_changes_the_state_it_was_given():
    state, rng = start(rolls=("53",))
    before = json.dumps(state.to_dict())
    play(state, rng, 0, "claim:53")
    assert json.dumps(state.to_dict()) == before


# --- Mia ---------------------------------------------------------------------------------


def test_a_mia_claim_cannot_be_accepted():
    state, rng = start(rolls=("43",))
    state, _ = play(state, rng, 0, "claim:21")
    assert ACCEPT not in legal_actions(state, 1)
    with pytest.raises(IllegalAction):
        play(state, rng, 1, ACCEPT)


def test_a_mia_bluff_is_allowed_and_costs_the_claimant_one_life_by_default():
    state, rng = start(rolls=("43",))
    state, _ = play(state, rng, 0, "claim:21")
    state, events = play(state, rng, 1, CHALLENGE)
    assert event(events, "challenged")["holds"] is False
    assert state.lives == [2, 3, 3]


def test_a_true_mia_costs_the_challenger_one_life_by_default():
    state, rng = start(rolls=("21",))
    state, _ = play(state, rng, 0, "claim:21")
    state, _ = play(state, rng, 1, CHALLENGE)
    assert state.lives == [3, 2, 3]


def test_folding_is_not_allowed_by_default():
    state, rng = start(rolls=("21",))
    state, _ = play(state, rng, 0, "claim:21")
    assert legal_actions(state, 1) == [CHALLENGE]
    with pytest.raises(IllegalAction):
        play(state, rng, 1, FOLD)


def test_fold_on_mia_gives_up_unseen_for_one_life():
    state, rng = start(rolls=("43",), fold_on_mia=True, mia_penalty=2)
    state, _ = play(state, rng, 0, "claim:21")
    assert FOLD in legal_actions(state, 1)
    state, events = play(state, rng, 1, FOLD)
    assert state.lives == [3, 2, 3]
    assert not any("dice" in e for e in events)  # never shown
    assert state.last_result["kind"] == "fold" and "dice" not in state.last_result


def test_fold_is_only_offered_against_mia():
    state, rng = start(rolls=("43",), fold_on_mia=True)
    state, _ = play(state, rng, 0, "claim:66")
    assert FOLD not in legal_actions(state, 1)


def test_classic_true_mia_costs_the_looker_two_lives():
    state, rng = start(rolls=("21",), **GAME.rules.presets["classic"])
    state, _ = play(state, rng, 0, "claim:21")
    state, _ = play(state, rng, 1, CHALLENGE)
    assert state.lives == [6, 4, 6]


def test_classic_false_mia_costs_the_claimant_one_life_as_usual():
    state, rng = start(rolls=("65",), **GAME.rules.presets["classic"])
    state, _ = play(state, rng, 0, "claim:21")
    state, _ = play(state, rng, 1, CHALLENGE)
    assert state.lives == [5, 6, 6]


def test_app_penalty_two_makes_whoever_loses_a_challenged_mia_lose_two():
    state, rng = start(rolls=("65", "21"), mia_penalty=2, false_mia_penalty=2)
    state, _ = play(state, rng, 0, "claim:21")
    state, _ = play(state, rng, 1, CHALLENGE)
    assert state.lives == [1, 3, 3]
    starter = state.to_act
    state, _ = play(state, rng, starter, "claim:21")
    state, _ = play(state, rng, state.to_act, CHALLENGE)
    assert sorted(state.lives) == [1, 1, 3]


def test_mia_dice_under_a_lower_claim_are_an_ordinary_holding_claim():
    # Rules choice: the 21 penalties belong to a claim of 21, not to dice that happen to be 21.
    state, rng = start(rolls=("21",), mia_penalty=2)
    state, _ = play(state, rng, 0, "claim:65")
    state, _ = play(state, rng, 1, CHALLENGE)
    assert state.lives == [3, 2, 3]


def test_lives_never_drop_below_zero():
    state, rng = start(seats=3, rolls=("21",), mia_penalty=2)
    state.lives = [3, 1, 3]
    state, events = play(state, rng, 0, "claim:21")
    state, events = play(state, rng, 1, CHALLENGE)
    assert state.lives[1] == 0 and event(events, "lost_lives")["lost"] == 1


# --- who starts next ---------------------------------------------------------------------


def test_loser_rule_the_seat_that_lost_starts_the_next_round():
    state, rng = start(seats=3, rolls=("55",))
    state, _ = play(state, rng, 0, "claim:44")
    state, _ = play(state, rng, 1, CHALLENGE)
    assert state.round == 2 and state.to_act == 1 and state.phase == PHASE_CLAIM


def test_loser_rule_an_eliminated_loser_passes_the_start_to_the_next_seat_with_lives():
    state, rng = start(seats=4, rolls=("55",))
    state.lives = [3, 1, 0, 3]
    state.out_order = [2]
    state, _ = play(state, rng, 0, "claim:44")
    state, _ = play(state, rng, 1, CHALLENGE)  # seat 1 out; seat 2 already out
    assert state.to_act == 3


def test_classic_rule_a_failed_claim_lets_the_challenger_start():
    state, rng = start(seats=3, rolls=("33",), next_starter="classic")
    state, _ = play(state, rng, 0, "claim:55")
    state, _ = play(state, rng, 1, CHALLENGE)
    assert state.to_act == 1


def test_classic_rule_a_held_claim_lets_the_seat_after_the_challenger_start():
    state, rng = start(seats=3, rolls=("55",), next_starter="classic")
    state, _ = play(state, rng, 0, "claim:44")
    state, _ = play(state, rng, 1, CHALLENGE)
    assert state.to_act == 2


def test_a_fold_counts_as_a_challenge_the_folder_lost():
    state, rng = start(seats=3, rolls=("43",), **GAME.rules.presets["classic"])
    state, _ = play(state, rng, 0, "claim:21")
    state, _ = play(state, rng, 1, FOLD)
    assert state.to_act == 2  # classic: claim held, so the seat after the folder starts
    state, rng = start(seats=3, rolls=("43",), fold_on_mia=True)
    state, _ = play(state, rng, 0, "claim:21")
    state, _ = play(state, rng, 1, FOLD)
    assert state.to_act == 1  # loser rule: the folder starts


def test_a_timeout_counts_as_a_fold():
    state, rng = start(seats=3, rolls=("43",))
    state, _ = play(state, rng, 0, "claim:54")
    state, events = GAME.rules.timeout(state, 1, rng)
    assert state.lives == [3, 2, 3]
    assert event(events, "timed_out")["seat"] == 1
    assert not any("dice" in e for e in events)
    assert state.to_act == 1 and state.round == 2


def test_a_timeout_is_only_for_the_seat_to_act():
    state, rng = start()
    with pytest.raises(NotYourTurn):
        GAME.rules.timeout(state, 1, rng)


# --- pass on unseen ----------------------------------------------------------------------


def test_pass_on_is_off_by_default():
    state, rng = start(seats=4, rolls=("43",))
    state, _ = play(state, rng, 0, "claim:43")
    assert PASS not in legal_actions(state, 1)


def test_the_first_receiver_may_pass_and_the_next_seat_faces_the_original_claim():
    state, rng = start(seats=4, rolls=("33",), pass_on=True)
    state, _ = play(state, rng, 0, "claim:55")
    state, events = play(state, rng, 1, PASS)
    assert state.to_act == 2 and state.claim == "55" and state.claimant == 0
    assert state.dice == [3, 3]  # same dice, no roll
    assert event(events, "passed")["to"] == 2
    state, events = play(state, rng, 2, CHALLENGE)  # settled between seat 2 and seat 0
    assert state.lives == [2, 3, 3, 3]


def test_a_pass_happens_only_once_per_round():
    state, rng = start(seats=4, rolls=("33",), pass_on=True)
    state, _ = play(state, rng, 0, "claim:55")
    state, _ = play(state, rng, 1, PASS)
    assert PASS not in legal_actions(state, 2)


def test_only_the_first_receiver_of_a_round_may_pass():
    state, rng = start(seats=4, rolls=("31", "31"), pass_on=True)
    state, _ = play(state, rng, 0, "claim:41")
    state, _ = play(state, rng, 1, ACCEPT)
    state, _ = play(state, rng, 1, "claim:42")
    assert PASS not in legal_actions(state, 2)


def test_no_pass_when_the_cup_would_return_to_the_claimant():
    state, rng = start(seats=2, rolls=("31",), pass_on=True)
    state, _ = play(state, rng, 0, "claim:41")
    assert PASS not in legal_actions(state, 1)
    with pytest.raises(IllegalAction):
        play(state, rng, 1, PASS)


# --- presets and settings ----------------------------------------------------------------


def test_presets_match_the_rules_table():
    assert GAME.rules.presets["standard"] == {
        "lives": 3, "doubles": "66-high", "fold_on_mia": False, "mia_penalty": 1,
        "false_mia_penalty": 1, "next_starter": "loser", "pass_on": False,
    }  # fmt: skip
    assert GAME.rules.presets["classic"] == {
        "lives": 6, "doubles": "11-high", "fold_on_mia": True, "mia_penalty": 2,
        "false_mia_penalty": 1, "next_starter": "classic", "pass_on": False,
    }  # fmt: skip


def test_a_table_may_change_any_single_setting_of_a_preset():
    settings = GAME.rules.normalize_settings({**GAME.rules.presets["classic"], "lives": 3})
    assert GAME.rules.preset_of(settings) is None
    assert GAME.rules.preset_of(GAME.rules.presets["classic"]) == "classic"
    assert GAME.rules.preset_of({}) == "standard"


@pytest.mark.parametrize(
    "bad", [{"lives": 0}, {"lives": "3"}, {"doubles": "22-high"}, {"fold_on_mia": 1},
            {"mia_penalty": 3}, {"colour": "red"}]
)  # fmt: skip
def test_bad_settings_are_refused(bad):
    with pytest.raises(InvalidSettings):
        GAME.rules.normalize_settings(bad)


def test_11_high_doubles_change_what_beats_what():
    state, rng = start(rolls=("22",), doubles="11-high")
    state, _ = play(state, rng, 0, "claim:33")  # understated: 22 beats 33 here
    state, events = play(state, rng, 1, CHALLENGE)
    assert event(events, "challenged")["holds"] is True


# --- leaving a running game --------------------------------------------------------------


def test_a_seat_that_resigns_is_out_and_ranked_by_when_it_left():
    state, rng = start(seats=3)
    state, _ = GAME.rules.resign(state, 2, rng)
    assert state.lives[2] == 0 and state.out_order == [2]
    assert state.to_act == 0  # not involved: the round goes on


def test_a_resigning_claimant_voids_the_round():
    state, rng = start(seats=3, rolls=("31", "55"))
    state, _ = play(state, rng, 0, "claim:43")
    state, _ = GAME.rules.resign(state, 0, rng)
    assert state.round == 2 and state.to_act == 1 and state.claim is None


def test_when_all_but_one_resign_the_last_one_wins():
    state, rng = start(seats=2)
    state, _ = GAME.rules.resign(state, 0, rng)
    assert state.phase == PHASE_OVER and GAME.rules.ranking(state) == [1, 0]


# --- provably fair dice ------------------------------------------------------------------


def test_each_roll_publishes_a_commitment_that_the_reveal_verifies():
    state, rng = start(rolls=("64",))
    committed = state.commitment
    state, _ = play(state, rng, 0, "claim:64")
    state, events = play(state, rng, 1, CHALLENGE)
    reveal = event(events, "challenged")
    args = ("game-1", reveal["round"], reveal["turn"])
    assert verify(committed, *args, reveal["dice"], reveal["salt"])
    assert not verify(committed, *args, [6, 3], reveal["salt"])
    assert not verify(committed, *args, reveal["dice"], "0" + reveal["salt"][1:])


def test_state_survives_a_json_round_trip():
    state, rng = start(rolls=("64",))
    state, _ = play(state, rng, 0, "claim:64")
    assert GAME.rules.load(json.loads(json.dumps(GAME.rules.dump(state)))) == state


# --- statistics --------------------------------------------------------------------------


def stats(state, seat):
    return GAME.rules.final_stats(state)[seat]


def test_an_accepted_bluff_counts_as_a_bluff_that_got_through():
    state, rng = start(rolls=("31", "31"))
    state, _ = play(state, rng, 0, "claim:54")
    state, _ = play(state, rng, 1, ACCEPT)
    assert stats(state, 0)["bluffs_through"] == 1
    state, rng = start(rolls=("65", "31"))
    state, _ = play(state, rng, 0, "claim:54")  # true (understated): not a bluff
    state, _ = play(state, rng, 1, ACCEPT)
    assert stats(state, 0)["bluffs_through"] == 0


def test_a_caught_bluff_and_a_wrong_challenge_are_counted():
    state, rng = start(rolls=("31", "55"))
    state, _ = play(state, rng, 0, "claim:54")
    state, _ = play(state, rng, 1, CHALLENGE)
    assert stats(state, 0)["bluffs_caught"] == 1 and stats(state, 0)["lives_lost"] == 1
    starter = state.to_act
    state, _ = play(state, rng, starter, "claim:44")
    state, _ = play(state, rng, state.to_act, CHALLENGE)
    assert sum(s["wrong_challenges"] for s in GAME.rules.final_stats(state)) == 1


def test_a_folded_mia_bluff_got_through():
    state, rng = start(rolls=("43",), fold_on_mia=True)
    state, _ = play(state, rng, 0, "claim:21")
    state, _ = play(state, rng, 1, FOLD)
    assert stats(state, 0)["bluffs_through"] == 1 and stats(state, 1)["lives_lost"] == 1


def test_the_tally_is_never_in_a_view():
    state, rng = start(rolls=("31", "31"))
    state, _ = play(state, rng, 0, "claim:54")
    state, _ = play(state, rng, 1, ACCEPT)
    for seat in range(3):
        assert "tally" not in GAME.rules.view(state, seat) and "bluffs" not in json.dumps(
            GAME.rules.view(state, seat)
        )


def test_what_everyone_knows_of_a_claimant_is_its_challenged_claims_held_and_caught():
    state, rng = start(rolls=("55", "33"))
    state, _ = play(state, rng, 0, "claim:44")
    state, _ = play(state, rng, 1, CHALLENGE)  # held: seat 1 loses and starts
    state, _ = play(state, rng, 1, "claim:55")
    state, _ = play(state, rng, 2, CHALLENGE)  # caught
    view = GAME.rules.public_view(state)
    assert view["shown"] == {"held": [1, 0, 0], "caught": [0, 1, 0]}


def test_a_claim_of_31_may_still_be_challenged_and_always_holds():
    state, rng = start(rolls=("31",))
    state, _ = play(state, rng, 0, "claim:31")
    assert CHALLENGE in legal_actions(state, 1)
    state, events = play(state, rng, 1, CHALLENGE)
    assert event(events, "challenged")["holds"] is True
