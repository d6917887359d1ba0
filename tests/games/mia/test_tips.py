"""Mia's guided-game tips are right against the guided game's CPUs (easy ones, who bluff
little): the claims a tip says to challenge are mostly bluffs, the ones it says to accept
mostly true; an opening claim is accepted; the tip names the claimant's record once a
challenge has shown it; and the tips vary with what the seat sees."""

from __future__ import annotations

import collections

from games.mia import GAME
from games.mia.ranks import claim_order
from games.mia.tips import tip
from games.rng import DeterministicRng
from translations import render

NAMES = ["Ann", "Grace", "Cy"]


def answers(seeds: range):
    """(tip, the claim was true) at each answer a seat gave, over seeded games of easy CPUs."""
    for seed in seeds:
        rng = DeterministicRng(f"mia-tips-{seed}".encode())
        state, _ = GAME.rules.new_game({}, 3, rng, f"t{seed}")
        while not GAME.rules.is_over(state):
            seat = GAME.rules.to_act(state)[0]
            view = GAME.rules.view(state, seat)
            text = render(tip(view, NAMES), "en")
            if view["phase"] == "respond" and state.dice:
                roll = f"{state.dice[0]}{state.dice[1]}"
                order = claim_order(state.settings["doubles"])
                yield view, text, order.index(roll) >= order.index(state.claim)
            elif view["phase"] == "claim":
                yield view, text, None
            action = GAME.rules.cpu_action(view, "easy", rng)
            state, _ = GAME.rules.apply(state, seat, action, rng)


def test_against_easy_cpus_a_challenge_tip_is_mostly_right_and_an_accept_tip_too():
    told = collections.defaultdict(lambda: [0, 0])  # move: [true claims, all]
    for _view, text, true in answers(range(40)):
        if true is None or "Mia" in text:
            continue
        move = "challenge" if text.startswith("💡 Challenge") else "accept"
        told[move][0] += true
        told[move][1] += 1
    accepted, challenged = told["accept"], told["challenge"]
    assert accepted[1] > 50 and challenged[1] > 20, dict(told)
    assert accepted[0] / accepted[1] > 0.75, dict(told)  # accepted claims are mostly true
    # What a challenge tip names is a bluff more often than the claims the tips let stand.
    assert challenged[0] / challenged[1] < 0.6, dict(told)


def test_an_opening_claim_is_accepted_and_the_claimants_record_is_named():
    opening = recorded = 0
    for view, text, true in answers(range(12)):
        if true is None or view["claim"] in ("21", "31"):
            continue
        shown = view["shown"]
        count = shown["held"][view["claimant"]] + shown["caught"][view["claimant"]]
        if len(view["history"]) == 1 and not count:
            opening += 1
            assert text.startswith("💡 Accept and roll"), text
        if count:
            recorded += 1
            named = f"{count} challenged claim{'s' if count > 1 else ''} w" in text
            assert named or "may" in text, text
    assert opening > 5 and recorded > 5


def test_the_lowest_claim_is_never_worth_a_challenge():
    for view, text, true in answers(range(12)):
        if true is not None and view["claim"] == "31":
            assert text.startswith("💡 Accept and roll: 31 is the lowest claim"), text
            assert true


def test_the_tips_vary_with_what_the_seat_sees():
    texts = [text for _view, text, _true in answers(range(6)) if text]
    common = collections.Counter(texts).most_common(1)[0][1]
    assert len(set(texts)) > len(texts) / 3 and common < len(texts) / 8
