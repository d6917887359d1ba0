"""Every label value goes through ops.labels: ids, names, tokens and paths come out as
"other", and what the code itself spells goes through."""

from __future__ import annotations

import pytest

from ops import labels

HOSTILE = [
    "123456789:AAH-test_token-for-the-fake-bot-api",  # a bot token
    "-1001234567890",  # a chat id
    "7710001",  # a user id
    "Zelda Quux",  # a name
    "k3xq9pz2ab",  # looks like nothing, but is not code's
    "/api/tables/k3xq9pz2ab/moves",  # a path, not a rule
    "",
    "a" * 200,
    "sendMessage\nx",
]


@pytest.mark.parametrize("value", HOSTILE)
def test_what_is_not_the_codes_own_becomes_other(value):
    assert labels.game(value) == "other"
    assert labels.cpu_level(value) == "other"
    assert labels.update_kind(value) == "other"
    assert labels.http_method(value) == "other"
    if not value.isdigit() and value != "k3xq9pz2ab":
        assert labels.code(value) == "other"
    if not value.startswith("/"):
        assert labels.route(value) == "other"


def test_codes_method_names_and_rules_pass():
    assert labels.game("mia") == "mia"
    assert labels.code("not_your_turn") == "not_your_turn"
    assert labels.api_method("sendMessage") == "sendMessage"
    assert labels.route("/api/tables/<table_id>/moves") == "/api/tables/<table_id>/moves"
    assert labels.route(None) == "unmatched"
    assert labels.status(503) == "503" and labels.status(9999) == "other"


def test_a_token_or_an_id_is_never_a_method_name():
    assert labels.api_method("123456789:AAH-test_token") == "other"
    assert labels.api_method("7710001") == "other"


def test_bot_api_outcomes_are_a_small_set():
    outcomes = {labels.api_outcome(status) for status in range(100, 600)}
    assert outcomes == {"ok", "bad_request", "unauthorized", "forbidden", "not_found",
                        "conflict", "flood", "server_error", "other"}  # fmt: skip
