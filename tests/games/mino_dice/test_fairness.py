"""Provably fair dice: faces fixed and committed to at the deal, proved at the end of the hand."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from games.fairness import verify_text
from games.mino_dice import GAME
from games.mino_dice.fairness import commitment, preimage, verify
from tests.games.mino_dice.scripted import bid_all, play_to_hand, roll, start

SALT = st.text("0123456789abcdef", min_size=32, max_size=32)
FACES = ["flag", "1", "3", "7", "minotaur"]


def test_the_preimage_names_game_hand_seat_dice_with_faces_and_salt():
    faces = [None] * 36
    faces[5], faces[17], faces[30] = "flag", "6", "minotaur"
    text = preimage("t1.2", 3, 0, [30, 5, 17], faces, "ab" * 16)
    assert text == "t1.2|3|0|d5=flag,d17=6,d30=minotaur|" + "ab" * 16


@given(face=st.sampled_from(FACES), other=st.sampled_from(FACES), salt=SALT)
def test_a_changed_face_never_verifies(face, other, salt):
    faces, changed = [None] * 36, [None] * 36
    faces[3], changed[3] = face, other
    committed = commitment("t", 1, 0, [3], faces, salt)
    assert verify(committed, preimage("t", 1, 0, [3], faces, salt))
    assert verify(committed, preimage("t", 1, 0, [3], changed, salt)) == (face == other)


def test_every_hand_publishes_one_commitment_per_seat_before_the_bids():
    state, _ = start([["red"], ["blue"], ["black"]], game_id="t9.1")
    public = GAME.rules.public_view(state)
    assert len(public["commitments"]) == 3 and len(set(public["commitments"])) == 3
    assert public["commitments"] == state.commitments()


def test_the_end_of_a_hand_reveals_preimages_that_match_the_published_commitments():
    state, rng = start([["red:4"], ["blue:6"]], game_id="t9.1")
    published = GAME.rules.public_view(state)["commitments"]
    state, _ = bid_all(state, rng, 0, 1)
    state, _ = roll(state, rng, 0, "d9")
    state, events = roll(state, rng, 1, "d17")
    proofs = GAME.presentation.proofs(events)
    assert [hashed for _, hashed in proofs] == published
    assert proofs[0][0].startswith("t9.1|1|0|d9=4|")
    assert proofs[1][0].startswith("t9.1|1|1|d17=6|")
    for text, hashed in proofs:
        assert verify_text(hashed, text)


def test_every_face_rolled_in_a_hand_is_the_face_committed_to():
    state, rng = start([["red"], ["blue"]], game_id="t9.2")
    state = play_to_hand(state, rng, 3, [["red", "yellow", "mermaid"], ["black"] * 3])
    committed = state.commitments()
    state, _ = bid_all(state, rng, 1, 1)
    rolled, events = {}, []
    while state.hand == 3:
        seat = state.turn
        state, events = roll(state, rng, seat, GAME.rules.legal_actions(state, seat)[0][5:])
        rolled.update({e["die"]: e["face"] for e in events if e["type"] == "rolled"})
    texts = [text for text, _ in GAME.presentation.proofs(events)]
    assert [hashed for _, hashed in GAME.presentation.proofs(events)] == committed
    revealed = dict(pair.split("=") for text in texts for pair in text.split("|")[3].split(","))
    assert revealed == rolled


def test_a_reveal_happens_only_when_the_hand_is_over():
    state, rng = start([["red"], ["blue"]])
    state, events = bid_all(state, rng, 0, 1)
    state, more = roll(state, rng, 0, "d9")
    assert GAME.presentation.proofs(events + more) == []
