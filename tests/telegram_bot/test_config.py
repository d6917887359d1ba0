from __future__ import annotations

import pytest

from telegram_bot.config import DEFAULT_API_BASE_URL, BotConfig, ConfigError

TOKEN = "110201543:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"  # the shape of BotFather's tokens


def test_the_token_is_required():
    with pytest.raises(ConfigError):
        BotConfig.from_env({})


def test_defaults_and_overrides():
    config = BotConfig.from_env({"TELEGRAM_BOT_TOKEN": TOKEN})
    assert config.api_base_url == DEFAULT_API_BASE_URL and config.redis_url is None
    config = BotConfig.from_env(
        {"TELEGRAM_BOT_TOKEN": TOKEN, "REDIS_URL": "redis://r:6379/0",
         "TELEGRAM_API_BASE_URL": "http://127.0.0.1:8081/bot"}
    )  # fmt: skip
    assert config.redis_url == "redis://r:6379/0"
    assert config.api_base_url == "http://127.0.0.1:8081/bot"


def test_a_bad_interval_is_a_configuration_error():
    with pytest.raises(ConfigError):
        BotConfig.from_env({"TELEGRAM_BOT_TOKEN": TOKEN, "TABLE_EDIT_INTERVAL": "soon"})


@pytest.mark.parametrize(
    "token",
    ["1:abc", "110201543", "110201543:", ":AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw",
     "bot110201543:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw", "110201543:AAHdqTcvCH1vGWJxfSeof SAs0K5",
     "110201543:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw\nX",
     "١١٠٢٠١٥٤٣:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw",
     "110201543:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsa€"],
)  # fmt: skip
def test_a_malformed_token_is_refused_without_being_repeated(token):
    with pytest.raises(ConfigError) as refused:
        BotConfig.from_env({"TELEGRAM_BOT_TOKEN": token})
    assert "does not look like a bot token" in str(refused.value)
    assert token.split(":")[-1] not in str(refused.value) or not token.split(":")[-1]


@pytest.mark.parametrize(
    ("name", "value"),
    [("REDIS_POOL_SIZE", "0"), ("REDIS_POOL_SIZE", "lots"), ("REDIS_TIMEOUT", "-1"),
     ("REDIS_TIMEOUT", "soon")],
)  # fmt: skip
def test_bad_redis_settings_are_a_configuration_error(name, value):
    with pytest.raises(ConfigError, match=name):
        BotConfig.from_env({"TELEGRAM_BOT_TOKEN": TOKEN, name: value})


def test_owners_and_the_operator_port():
    config = BotConfig.from_env({"TELEGRAM_BOT_TOKEN": TOKEN})
    assert config.owner_ids == frozenset() and config.ops_bind is None
    config = BotConfig.from_env(
        {"TELEGRAM_BOT_TOKEN": TOKEN, "OWNER_IDS": "42, 7710001 99", "OPS_BIND": "0.0.0.0:9100"}
    )
    assert config.owner_ids == {42, 7710001, 99} and config.ops_bind == ("0.0.0.0", 9100)


@pytest.mark.parametrize(
    ("name", "value"),
    [("OWNER_IDS", "alice"), ("OWNER_IDS", "-5"), ("OWNER_IDS", "٤٢"), ("OPS_BIND", "9100"),
     ("OPS_BIND", "host:99999")],
)  # fmt: skip
def test_bad_owner_ids_or_operator_port_are_one_line_at_start(name, value):
    with pytest.raises(ConfigError, match=name):
        BotConfig.from_env({"TELEGRAM_BOT_TOKEN": TOKEN, name: value})


@pytest.mark.parametrize("days", ["soon", "0", "400", "nan"])
def test_a_bad_replay_lifetime_is_a_configuration_error(days):
    with pytest.raises(ConfigError, match="REPLAY_DAYS"):
        BotConfig.from_env({"TELEGRAM_BOT_TOKEN": TOKEN, "REPLAY_DAYS": days})


def test_replays_are_kept_30_days_unless_set():
    from tables.fairness.replay_keys import replay_ttl_from_env

    assert replay_ttl_from_env({}) == 30 * 86400
    assert replay_ttl_from_env({"REPLAY_DAYS": "7"}) == 7 * 86400


def test_ephemeral_panels_are_on_unless_switched_off():
    assert BotConfig.from_env({"TELEGRAM_BOT_TOKEN": TOKEN}).ephemeral_panels is True
    off = BotConfig.from_env({"TELEGRAM_BOT_TOKEN": TOKEN, "EPHEMERAL_PANELS": "off"})
    assert off.ephemeral_panels is False
    rate = {"TELEGRAM_BOT_TOKEN": TOKEN, "EPHEMERAL_MESSAGES_PER_SECOND": "0.5"}
    assert BotConfig.from_env(rate).ephemeral_per_second == 0.5
    with pytest.raises(ConfigError, match="EPHEMERAL_PANELS must be on or off"):
        BotConfig.from_env({"TELEGRAM_BOT_TOKEN": TOKEN, "EPHEMERAL_PANELS": "maybe"})
