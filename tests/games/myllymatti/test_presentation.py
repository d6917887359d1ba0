"""Words and buttons: the private hand, badges, status, story, hints, rules."""

from __future__ import annotations

from games.base import STYLE_DANGER, Text
from games.myllymatti import GAME
from games.myllymatti.actions import CHANCE, PICKUP
from games.myllymatti.state import PHASE_COLLECT
from games.rng import DeterministicRng
from tests.games.myllymatti.scripted import position

NAMES = ["Ann", "Bo", "Cy", "Di"]


def flat(text: Text) -> str:
    """A Text rendered in English (nested parameters and plural forms included)."""
    params = {key: flat(value) if isinstance(value, Text) else value for key, value in text.params}
    msgid = text.plural if text.plural and text.n != 1 else text.msgid
    return msgid.format(**params)


def lines(texts: list[Text]) -> list[str]:
    return [flat(text) for text in texts]


def test_the_hand_is_sorted_by_suit_and_rank_with_the_trump_suit_marked_and_last():
    state = position([["qh", "2s", "th", "ac", "5h"], ["9d"]], to_act=0, trump="h")
    info = GAME.presentation.private_info(GAME.rules.view(state, 0))
    assert [item.id for item in info.items] == ["ac", "2s", "5h", "th", "qh"]
    queen = info.item("qh")
    assert (queen.kind, flat(queen.label), queen.symbol) == ("card", "Q♥", "♥")
    assert queen.attributes["trump"] == "1" and queen.attributes["rank"] == "Q"
    assert info.item("ac").attributes == {
        "suit": "c",
        "rank": "A",
        "colour": "black",
        "trump": "0",
    }
    assert flat(info.item("th").label) == "10♥"
    assert all(item.selectable and item.action == f"play:{item.id}" for item in info.items)


def test_cards_that_do_not_beat_are_greyed_with_the_reason():
    state = position([["5h"], ["th", "8h", "2c"], ["4d"]], to_act=1, trump="s", trick=[(0, "qh")])
    info = GAME.presentation.private_info(GAME.rules.view(state, 1))
    assert not info.item("th").selectable
    assert flat(info.item("th").reason) == "Does not beat the Q♥ on top."
    state = position([["5h"], ["ts", "2s"], ["4d"]], to_act=1, trump="s", trick=[(0, "qs")])
    info = GAME.presentation.private_info(GAME.rules.view(state, 1))
    assert flat(info.item("ts").reason) == "Only a higher trump beats the Q♠ on top."


def test_cards_are_greyed_when_it_is_not_your_turn():
    state, _ = GAME.rules.new_game({}, 3, DeterministicRng(1))
    waiting = (state.to_act + 1) % 3
    info = GAME.presentation.private_info(GAME.rules.view(state, waiting))
    assert all(not item.selectable for item in info.items)
    assert {flat(item.reason) for item in info.items} == {"Not your turn."}


def test_the_public_view_has_no_private_info():
    state, _ = GAME.rules.new_game({}, 3, DeterministicRng(1))
    assert GAME.presentation.private_info(GAME.rules.public_view(state)) is None


def test_pick_up_is_styled_as_danger_and_cards_are_labelled_by_sign():
    assert GAME.presentation.action_style(PICKUP) == STYLE_DANGER
    assert flat(GAME.presentation.action_label("play:th")) == "10♥"
    assert flat(GAME.presentation.action_label(PICKUP)) == "⬆️ Pick up"
    assert flat(GAME.presentation.action_label(CHANCE)) == "🍀 Take a chance"
    assert GAME.presentation.action_rows(["play:2c", CHANCE]) == [["play:2c"], [CHANCE]]


def test_the_inline_play_message_does_not_name_a_card():
    assert "{" not in GAME.presentation.hand_play_message
    assert not any(sign in GAME.presentation.hand_play_message for sign in "♠♥♦♣")


def test_badges_show_card_counts_and_places():
    state = position([["5h"], ["9h", "2c"], [], ["3d"]], to_act=0, out=[[2]])
    badges = GAME.presentation.seat_badges(GAME.rules.public_view(state))
    assert [flat(badge.badge) for badge in badges] == ["🃏1", "🃏2", "🏁 out, #1", "🃏1"]
    assert [badge.out for badge in badges] == [False, False, True, False]
    state = position(
        [["5h"], ["9h"]], phase=PHASE_COLLECT, to_act=0, won=[["2c", "3c"], []], face_up=(1, "qs")
    )
    badges = GAME.presentation.seat_badges(GAME.rules.public_view(state))
    assert [flat(badge.badge) for badge in badges] == ["🃏1 📥2", "🃏1 📥0 ⭐Q♠"]


def test_the_status_starts_with_the_phase_and_says_whose_move_it_is():
    state, _ = GAME.rules.new_game({}, 3, DeterministicRng(2), "t.2")
    text = lines(GAME.presentation.describe_status(GAME.rules.public_view(state), NAMES))
    assert text[0] == "🃏 Myllymatti · phase 1"
    assert text[1] == "🂠 Stock: 43 cards"
    leader, opponent = NAMES[state.leader], NAMES[state.opponent]
    assert f"{leader} leads against {opponent}: play a card or take a chance." in text
    assert text[-1] == f"🔒 Deck commitment: {state.commitment}"


def test_the_status_in_phase_2_shows_trump_the_trick_and_the_choice():
    state = position([["5h"], ["th", "2c"], ["4d"]], to_act=1, trump="s", trick=[(0, "9h")])
    text = lines(GAME.presentation.describe_status(GAME.rules.public_view(state), NAMES))
    assert text[:3] == ["🃏 Myllymatti · phase 2", "Trump: ♠", "Trick (1 of 3): 9♥"]
    assert "Bo must beat 9♥ or pick it up." in text


def test_the_status_shows_tied_cards_lying_there():
    state = position(
        [["5h"], ["9h"]], phase=PHASE_COLLECT, to_act=0, trump=None, tied=[(0, "7d"), (1, "7c")]
    )
    text = lines(GAME.presentation.describe_status(GAME.rules.public_view(state), NAMES))
    assert "🤝 Tied cards lying there: 7♦ 7♣" in text


def test_every_won_trick_is_told_with_the_winners_card_first_in_the_story_and_the_log():
    state = position([["2c"], ["kh"], ["5d"]], phase=PHASE_COLLECT, to_act=0, opponent=1)
    state, _ = GAME.rules.apply(state, 0, "play:2c", None)
    _, events = GAME.rules.apply(state, 1, "play:kh", None)
    assert "  🃏 Bo beats Ann (K♥ – 2♣)." in lines(GAME.presentation.describe_log(events, NAMES))
    # The table shows the trick being played; once decided, the story tells who took it.
    assert "🃏 Bo beats Ann (K♥ – 2♣)." in lines(GAME.presentation.describe_events(events, NAMES))


def test_the_story_tells_tricks_the_switch_going_out_and_the_loser():
    state = position(
        [["ad"], ["9c"], ["3d"]], phase=PHASE_COLLECT, to_act=1, opponent=2, face_up=(0, "qs")
    )
    state, _ = GAME.rules.apply(state, 1, "play:9c", None)
    state, events = GAME.rules.apply(state, 2, "play:3d", None)
    story = lines(GAME.presentation.describe_events(events, NAMES))
    assert "  🃏 Bo beats Cy (9♣ – 3♦)." in lines(GAME.presentation.describe_log(events, NAMES))
    # The last trick of phase 1 is told too, before the switch.
    assert story[0] == "🃏 Bo beats Cy (9♣ – 3♦)."
    assert "2️⃣ Phase 2! The stock is empty and the hands are shown. Trump: ♠" in story
    assert "Ann kept A♦." in story
    assert "🏁 Cy has no cards for phase 2: out, and safe!" in story
    assert "Ann: 2 cards · Bo: 2 cards · Cy: 0 cards" in story


def test_phase_2_tells_each_trick_set_aside_and_each_pick_up():
    state = position(
        [["5h", "ks"], ["th", "2c"], ["4d", "jh"]], to_act=1, trump="s", trick=[(0, "9h")]
    )
    state, events = GAME.rules.apply(state, 1, "play:th", None)
    assert (
        lines(GAME.presentation.describe_events(events, NAMES)) == []
    )  # the table shows the trick
    state, events = GAME.rules.apply(state, 2, "pickup", None)
    assert lines(GAME.presentation.describe_events(events, NAMES)) == ["⬆️ Cy picks up 10♥."]


def test_the_end_names_the_myllymatti_and_the_order_the_others_went_out():
    final = GAME.presentation.describe_final([2, 0, 1], [1, 2, 3], NAMES)
    assert lines(final) == [
        "😵 Bo is the Myllymatti: the last one holding cards.",
        "🏁 Out, in order: 1. Cy · 2. Ann",
    ]
    shared = GAME.presentation.describe_final([2, 0, 1], [1, 1, 3], NAMES)
    assert lines(shared)[1] == "🏁 Out, in order: 1. Cy, Ann"
    assert GAME.presentation.describe_final([0, 1], [1, 1], NAMES) is None  # nobody last alone


def test_the_card_line_names_what_it_answers_never_the_card():
    state = position([["2c"], ["kh"], ["5d"]], phase=PHASE_COLLECT, to_act=0, opponent=1)
    assert flat(
        GAME.presentation.describe_private_play(GAME.rules.public_view(state), 0, NAMES)
    ) == ("🃏 I lead a card against Bo.")
    state, _ = GAME.rules.apply(state, 0, "play:2c", None)
    assert flat(
        GAME.presentation.describe_private_play(GAME.rules.public_view(state), 1, NAMES)
    ) == ("🃏 I answer Ann's 2♣.")


def test_shared_events_are_left_to_the_front_doors():
    events = [
        {"type": "timed_out", "seat": 0},
        {"type": "resigned", "seat": 1},
        {"type": "game_over", "ranking": [0, 1], "places": [1, 2]},
    ]
    assert GAME.presentation.describe_events(events, NAMES) == []


def test_a_hint_is_given_at_each_decision_and_only_to_the_player_to_act():
    state, _ = GAME.rules.new_game({}, 3, DeterministicRng(3))
    assert GAME.presentation.describe_hint(GAME.rules.view(state, state.to_act), NAMES) is not None
    assert (
        GAME.presentation.describe_hint(GAME.rules.view(state, (state.to_act + 1) % 3), NAMES)
        is None
    )
    state = position([["5h"], ["8h", "2c"], ["4d"]], to_act=1, trump="s", trick=[(0, "9h")])
    hint = flat(GAME.presentation.describe_hint(GAME.rules.view(state, 1), NAMES))
    assert hint == "💡 Pick up 9♥: nothing in your hand beats it."


def test_the_rules_follow_the_settings():
    standard = " ".join(lines(GAME.presentation.describe_rules(GAME.rules.normalize_settings({}))))
    harsh = " ".join(
        lines(
            GAME.presentation.describe_rules(
                GAME.rules.normalize_settings(GAME.rules.presets["harsh"])
            )
        )
    )
    assert "either player of a trick may take a chance" in standard
    assert "the leader may take a chance" in harsh
    assert "takes the top card only" in standard and "takes the whole trick" in harsh
    assert "go back to who played them" in standard and "last trick's winner" in harsh
    assert GAME.presentation.describe_fairness()
