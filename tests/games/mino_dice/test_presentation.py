"""Mino Dice in words and buttons: private dice, badges, status, story, log, rules, hints."""

from __future__ import annotations

import re

from games.base import STYLE_CHOICE, Text
from games.mino_dice import GAME
from games.mino_dice.words import MUST_FOLLOW
from games.rng import DeterministicRng
from tests.games.mino_dice.scripted import bid_all, play_to_hand, roll, start
from translations import render

NAMES = ["Ann", "Bob", "Cy"]


def english(texts) -> list[str]:
    return [render(text, "en") for text in texts]


def msgids(texts) -> list[str]:
    return [text.msgid for text in texts]


def hand_three():
    """Hand 3, three seats, seat 2 leads; bids 1, 0, 2."""
    state, rng = start([["yellow"], ["yellow"], ["yellow"]])
    dice = [["red", "blue", "minotaur"], ["red", "black", "yellow"], ["red:4", "blue", "mermaid"]]
    state = play_to_hand(state, rng, 3, dice)
    state, events = bid_all(state, rng, 1, 0, 2)
    return state, rng, events


# --- the private view --------------------------------------------------------------------


def test_the_private_info_lists_the_seats_dice_with_the_roll_that_plays_each():
    state, _rng, _ = hand_three()
    info = GAME.presentation.private_info(GAME.rules.view(state, 2))
    assert [item.id for item in info.items] == ["d11", "d18", "d34"]
    assert english(item.label for item in info.items) == ["🔴 red", "🔵 blue", "🧜 Mermaid"]
    assert [item.attributes for item in info.items] == [
        {"colour": "red", "sides": "3 3 4 4 5 5"},
        {"colour": "blue", "sides": "5 5 5 6 6 6"},
        {"creature": "mermaid", "sides": "mermaid mermaid mermaid mermaid flag flag"},
    ]
    assert all(item.kind == "die" and item.selectable for item in info.items)  # it leads
    assert [item.action for item in info.items] == ["roll:d11", "roll:d18", "roll:d34"]
    assert english([info.title]) == ["Your dice"] and not info.conceal


def test_a_die_that_must_not_be_rolled_is_greyed_with_the_reason():
    state, rng, _ = hand_three()
    state, _ = roll(state, rng, 2, "d11")  # red led
    info = GAME.presentation.private_info(GAME.rules.view(state, 0))
    selectable = {item.id: item.selectable for item in info.items}
    assert selectable == {"d9": True, "d17": False, "d30": True}
    assert info.item("d17").reason == Text(MUST_FOLLOW["red"])
    assert english([info.item("d17").reason]) == ["You must roll a red die (or a creature)."]
    waiting = GAME.presentation.private_info(GAME.rules.view(state, 1))
    assert english([waiting.items[0].reason]) == ["Not your turn."]


def test_while_bidding_the_dice_are_shown_greyed_until_the_bids_are_in():
    state, _ = start([["red"], ["blue"]])
    info = GAME.presentation.private_info(GAME.rules.view(state, 0))
    assert not info.items[0].selectable
    assert english([info.items[0].reason]) == ["Everyone bids first; then the dice are rolled."]


def test_the_private_key_changes_when_the_dice_change():
    state, rng, _ = hand_three()
    before = GAME.presentation.private_info(GAME.rules.view(state, 2)).key
    state, _ = roll(state, rng, 2, "d11")
    assert GAME.presentation.private_info(GAME.rules.view(state, 2)).key != before


# --- buttons and badges ------------------------------------------------------------------


def test_bids_are_buttons_in_rows_of_five():
    actions = [f"bid:{n}" for n in range(9)]
    assert GAME.presentation.action_rows(actions) == [actions[:5], actions[5:]]
    assert english([GAME.presentation.action_label("bid:0")]) == ["0"]
    assert GAME.presentation.action_style("bid:3") == STYLE_CHOICE
    assert english([GAME.presentation.action_label("roll:d30")]) == ["🎲 🐂 Minotaur"]


def test_badges_say_who_has_bid_then_tricks_won_of_the_bid_and_the_total():
    state, rng = start([["red"], ["blue"], ["black"]])
    state, _ = GAME.rules.apply(state, 1, "bid:1", rng)
    badges = GAME.presentation.seat_badges(GAME.rules.public_view(state))
    assert english(b.badge for b in badges) == ["… · 📊 0", "has bid · 📊 0", "… · 📊 0"]
    state, _ = GAME.rules.apply(state, 0, "bid:0", rng)
    state, _ = GAME.rules.apply(state, 2, "bid:1", rng)
    badges = GAME.presentation.seat_badges(GAME.rules.public_view(state))
    assert english(b.badge for b in badges) == ["🎯 0/0 · 📊 0", "🎯 0/1 · 📊 0", "🎯 0/1 · 📊 0"]


def test_the_labels_never_name_a_die():
    assert GAME.presentation.private_label == "👀 Look at my dice"
    assert GAME.presentation.play_label == "🎲 Roll a die"
    assert GAME.presentation.hand_play_message == "🎲 I roll one of my dice."


# --- status, story, log ------------------------------------------------------------------


def test_the_status_shows_the_hand_then_the_trick_in_order_then_whose_move_it_is():
    state, rng, _ = hand_three()
    state, _ = roll(state, rng, 2, "d34")  # the Mermaid... (its face decided at the deal)
    state, _ = roll(state, rng, 0, "d9")
    lines = english(GAME.presentation.describe_status(GAME.rules.public_view(state), NAMES))
    face = state.trick[0]["face"]
    shown = "Mermaid" if face == "mermaid" else "flag"
    assert lines[0] == "🎲 Mino Dice · hand 3 of 8"
    assert lines[1] == f"Trick 1 of 3: 🧜 {shown} (Cy) → 🔴 3 (Ann)"
    assert lines[2] == "🎲 Bob rolls next. Colour to follow: 🔴 red."


def test_the_status_while_bidding_asks_for_bids():
    state, _ = start([["red"], ["blue"]])
    lines = english(GAME.presentation.describe_status(GAME.rules.public_view(state), NAMES))
    assert lines[1] == "🎯 Everyone holds 1 die: bid how many tricks you will win, 0 to 1."


def test_the_story_reveals_all_bids_at_once():
    _, _, events = hand_three()
    assert english(GAME.presentation.describe_events(events, NAMES)) == [
        "🎯 The bids: Ann 1, Bob 0, Cy 2"
    ]


def test_the_story_names_exact_bids_misses_zero_bids_and_bonuses():
    state, rng = start([["mermaid"], ["minotaur"], ["red:3"]])
    state, _ = bid_all(state, rng, 1, 0, 1)
    events = []
    for seat, die in ((0, "d34"), (1, "d30"), (2, "d9")):
        state, more = roll(state, rng, seat, die)
        events += more
    lines = english(GAME.presentation.describe_events(events, NAMES))
    assert lines == [
        "🎲 Trick 1 to Ann: 🧜 Mermaid (Ann) → 🐂 Minotaur (Bob) → 🔴 3 (Cy). +50 bonus if the "
        "bid comes true.",
        "📊 Hand 1 is over:",
        "✅ Ann bid 1 and won exactly that: +20, and a bonus of +50.",
        "✅ Bob bid 0 and won no trick: +10.",
        "❌ Cy bid 1 but won 0 tricks: \u221210.",
    ]  # the next hand shows on the table itself


def test_every_trick_is_told_with_its_dice_and_who_took_it_even_the_last_of_a_hand():
    state, rng = start([["red:4"], ["blue"]])
    state, _ = bid_all(state, rng, 1, 0)
    told = []
    while state.hand == 1:
        seat = state.turn
        die = f"d{sorted(state.held[seat])[0]}"
        state, events = roll(state, rng, seat, die)
        told += english(GAME.presentation.describe_events(events, NAMES))
    tricks = [line for line in told if line.startswith("🎲 Trick")]
    assert len(tricks) == 1 and " to " in tricks[0] and tricks[0].count("(") == 2
    assert told.index(tricks[0]) < told.index("📊 Hand 1 is over:")


def test_the_roll_line_names_the_trick_and_what_to_follow_never_the_die():
    state, rng, _ = hand_three()
    seat = state.turn
    view = GAME.rules.public_view(state)
    assert english([GAME.presentation.describe_private_play(view, seat, NAMES)]) == [
        "🎲 I lead trick 1."
    ]
    state, _ = roll(state, rng, seat, f"d{state.held[seat][0]}")
    view = GAME.rules.public_view(state)
    line = english([GAME.presentation.describe_private_play(view, state.turn, NAMES)])[0]
    assert line.startswith("🎲 I roll for trick 1")


def test_the_legend_shows_through_the_first_hand_only():
    state, rng = start([["red"], ["blue"]])
    assert GAME.presentation.shows_legend(GAME.rules.public_view(state))
    assert dict(GAME.presentation.legend) == {"🎯": "tricks won / bid", "📊": "points"}
    state, _ = bid_all(state, rng, 0, 0)
    state, _ = roll(state, rng, state.turn, f"d{state.held[state.turn][0]}")
    state, _ = roll(state, rng, state.turn, f"d{state.held[state.turn][0]}")
    assert state.hand == 2 and not GAME.presentation.shows_legend(GAME.rules.public_view(state))


def test_the_shared_events_are_left_to_the_front_doors():
    events = [
        {"type": "timed_out", "seat": 0},
        {"type": "resigned", "seat": 1},
        {"type": "game_over", "ranking": [0, 1], "places": [1, 2]},
    ]
    assert GAME.presentation.describe_events(events, NAMES) == []


def test_the_log_keeps_commitments_rolls_and_the_reveal():
    state, rng = start([["red:4"], ["blue:6"]])
    _, events = GAME.rules.new_game({}, 2, DeterministicRng(1), "t")
    lines = english(GAME.presentation.describe_log(events, NAMES))
    assert lines[0] == "A new game of 8 hands."
    assert lines[2] == "  Ann leads." or lines[2] == "  Bob leads."
    assert lines[3].startswith("  🔒 Ann's dice: ")
    state, _ = bid_all(state, rng, 0, 1)
    state, events = roll(state, rng, 0, "d9")
    assert english(GAME.presentation.describe_log(events, NAMES)) == ["  Ann rolls 🔴 4."]
    state, events = roll(state, rng, 1, "d17")
    assert "🔓 The dice of hand 1 are revealed." in english(
        GAME.presentation.describe_log(events, NAMES)
    )


# --- rules, fairness, hints --------------------------------------------------------------


def test_the_rules_follow_the_settings():
    standard = english(GAME.presentation.describe_rules(GAME.rules.normalize_settings({})))
    variant = english(
        GAME.presentation.describe_rules(
            GAME.rules.normalize_settings(GAME.rules.presets["variant"])
        )
    )
    assert "All three creatures: the Mermaid wins." in standard
    assert "All three creatures: the one rolled last wins." in variant
    assert "🟡 yellow: flag flag 1 2 3 7" in standard
    assert "🟡 yellow: flag flag 1 2 3 3" in english(
        GAME.presentation.describe_rules(GAME.rules.normalize_settings({"faces": "tame"}))
    )
    assert english(GAME.presentation.describe_fairness())[0] == "🔒 Provably fair dice"


def test_a_hint_at_the_bid_and_at_each_roll():
    state, rng, _ = hand_three()
    leader_hint = english([GAME.presentation.describe_hint(GAME.rules.view(state, 2), NAMES)])[0]
    assert re.fullmatch(r"💡 Roll your \S+ \w+: it takes this trick \d+% of the time, and you "
                        r"still need 2 tricks\.", leader_hint)  # fmt: skip
    state, _ = roll(state, rng, 2, "d11")
    follow_hint = english([GAME.presentation.describe_hint(GAME.rules.view(state, 0), NAMES)])[0]
    assert follow_hint.endswith("Colour to follow: red.")
    fresh, _ = start([["red"], ["blue"]])
    assert english([GAME.presentation.describe_hint(GAME.rules.view(fresh, 0), NAMES)])[
        0
    ].startswith("💡 Bid ")
    assert (
        GAME.presentation.describe_hint(GAME.rules.view(state, 1), NAMES) is None
    )  # not its decision
