"""mia.md, "Rolls and their names"."""

from __future__ import annotations

import pytest

from games.mia.ranks import (
    DOUBLES_11_HIGH,
    DOUBLES_66_HIGH,
    MIA,
    claim_order,
    claims_above,
    faces,
    probability,
    rank,
    roll_name,
)


def test_roll_is_named_higher_die_first_never_summed():
    assert roll_name(5, 3) == "53"
    assert roll_name(3, 5) == "53"
    assert roll_name(2, 1) == MIA


def test_rank_order_with_66_high_is_the_default_order_of_the_rules():
    assert claim_order(DOUBLES_66_HIGH) == (
        "31", "32", "41", "42", "43", "51", "52", "53", "54", "61", "62", "63", "64", "65",
        "11", "22", "33", "44", "55", "66", "21",
    )  # fmt: skip


def test_with_11_high_doubles_run_from_66_up_to_11_then_mia():
    assert claim_order(DOUBLES_11_HIGH)[14:] == ("66", "55", "44", "33", "22", "11", "21")


@pytest.mark.parametrize("doubles", [DOUBLES_66_HIGH, DOUBLES_11_HIGH])
def test_there_are_21_distinct_claims_and_mia_is_highest(doubles):
    order = claim_order(doubles)
    assert len(set(order)) == 21
    assert order[-1] == MIA
    assert all(rank(name, doubles) < rank(MIA, doubles) for name in order[:-1])


@pytest.mark.parametrize("doubles", [DOUBLES_66_HIGH, DOUBLES_11_HIGH])
def test_every_double_beats_65_and_loses_to_mia(doubles):
    for double in ("11", "22", "33", "44", "55", "66"):
        assert rank("65", doubles) < rank(double, doubles) < rank(MIA, doubles)


def test_names_are_pairs_not_points():
    # 53 sums to 8 and 62 to 8 too, yet 62 ranks higher; 43 (7) ranks below 51 (6).
    assert rank("53", DOUBLES_66_HIGH) < rank("62", DOUBLES_66_HIGH)
    assert rank("43", DOUBLES_66_HIGH) < rank("51", DOUBLES_66_HIGH)


def test_claims_above_is_strict_and_open_in_a_new_round():
    assert claims_above(None, DOUBLES_66_HIGH) == claim_order(DOUBLES_66_HIGH)
    assert claims_above("66", DOUBLES_66_HIGH) == (MIA,)
    assert claims_above(MIA, DOUBLES_66_HIGH) == ()
    assert "53" not in claims_above("53", DOUBLES_66_HIGH)


def test_probabilities_of_all_claims_sum_to_one():
    assert sum(probability(name) for name in claim_order(DOUBLES_66_HIGH)) == pytest.approx(1)
    assert probability(MIA) == pytest.approx(2 / 36)
    assert probability("55") == pytest.approx(1 / 36)


def test_faces_show_higher_die_first():
    assert faces([3, 5]) == "⚄ ⚂"
