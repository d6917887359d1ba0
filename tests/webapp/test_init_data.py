"""initData validation exactly as Telegram specifies, against strings signed in the tests."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from urllib.parse import parse_qsl, quote, urlencode

import pytest

from webapp.init_data import InvalidInitData, sign, sign_user, validate

TOKEN = "123456789:AAF-test-token"
ALICE = {"id": 42, "first_name": "Alice", "language_code": "de", "username": "alice"}
DAY = 86400


def reference_hash(fields: dict[str, str], token: str) -> str:
    """Telegram's algorithm, written out independently of the code under test."""
    check = "\n".join(f"{k}={v}" for k, v in sorted(fields.items()))
    secret = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
    return hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()


def fields_of(init_data: str) -> dict[str, str]:
    return dict(parse_qsl(init_data, keep_blank_values=True))


def test_a_validly_signed_string_gives_its_user_and_start_param():
    data = sign_user(TOKEN, ALICE, start_param="abcdefghij")
    result = validate(data, TOKEN, max_age=DAY)
    assert result.user.id == 42 and result.user.first_name == "Alice"
    assert result.user.language_code == "de" and result.start_param == "abcdefghij"


def test_the_signature_matches_telegrams_algorithm_written_out():
    fields = {"auth_date": str(int(time.time())), "user": json.dumps(ALICE), "query_id": "Q1"}
    data = urlencode({**fields, "hash": reference_hash(fields, TOKEN)})
    assert validate(data, TOKEN, max_age=DAY).user.id == 42
    assert fields_of(sign(fields, TOKEN))["hash"] == reference_hash(fields, TOKEN)


def test_values_are_url_decoded_before_checking():
    user = {**ALICE, "first_name": "Zoë & Co = ok?"}
    fields = {"auth_date": str(int(time.time())), "user": json.dumps(user, ensure_ascii=False)}
    encoded = "&".join(f"{k}={quote(v, safe='')}" for k, v in fields.items())
    data = f"{encoded}&hash={reference_hash(fields, TOKEN)}"
    assert validate(data, TOKEN, max_age=DAY).user.first_name == "Zoë & Co = ok?"


def test_re_ordered_fields_still_validate_because_the_check_string_is_sorted():
    pairs = list(fields_of(sign_user(TOKEN, ALICE, start_param="t1")).items())
    assert validate(urlencode(list(reversed(pairs))), TOKEN, max_age=DAY).user.id == 42


def test_a_tampered_value_is_refused():
    fields = fields_of(sign_user(TOKEN, ALICE))
    fields["user"] = fields["user"].replace('"id":42', '"id":43')
    with pytest.raises(InvalidInitData, match="hash mismatch"):
        validate(urlencode(fields), TOKEN, max_age=DAY)


def test_an_added_field_is_refused():
    data = sign_user(TOKEN, ALICE) + "&start_param=someoneelsestable"
    with pytest.raises(InvalidInitData):
        validate(data, TOKEN, max_age=DAY)


def test_a_missing_hash_is_refused():
    fields = fields_of(sign_user(TOKEN, ALICE))
    del fields["hash"]
    with pytest.raises(InvalidInitData, match="missing hash"):
        validate(urlencode(fields), TOKEN, max_age=DAY)


def test_an_expired_auth_date_is_refused():
    old = int(time.time()) - DAY - 5
    with pytest.raises(InvalidInitData, match="expired"):
        validate(sign_user(TOKEN, ALICE, auth_date=old), TOKEN, max_age=DAY)
    assert validate(sign_user(TOKEN, ALICE, auth_date=old), TOKEN, max_age=2 * DAY)


def test_an_auth_date_far_in_the_future_is_refused():
    with pytest.raises(InvalidInitData):
        validate(sign_user(TOKEN, ALICE, auth_date=int(time.time()) + 3600), TOKEN, max_age=DAY)


def test_data_signed_for_another_bot_is_refused():
    with pytest.raises(InvalidInitData, match="hash mismatch"):
        validate(sign_user("987654321:OTHER-bot", ALICE), TOKEN, max_age=DAY)


@pytest.mark.parametrize(
    "data",
    ["", "hash", "a=1&&b=2", "%zz", "user=%E9&hash=" + "0" * 64, "x" * 9000,
     "auth_date=1&auth_date=2&hash=" + "0" * 64],
)  # fmt: skip
def test_malformed_strings_are_refused(data):
    with pytest.raises(InvalidInitData):
        validate(data, TOKEN, max_age=DAY)


@pytest.mark.parametrize(
    "user", ["not json", '{"first_name":"x"}', '{"id":"42"}', '{"id":0}', "[]"]
)
def test_a_signed_string_without_a_usable_user_is_refused(user):
    fields = {"auth_date": str(int(time.time())), "user": user}
    with pytest.raises(InvalidInitData, match="no usable user"):
        validate(sign(fields, TOKEN), TOKEN, max_age=DAY)
