from __future__ import annotations

import pytest

from telegram_bot.config import DEFAULT_API_BASE_URL, BotConfig, ConfigError


def test_the_token_is_required():
    with pytest.raises(ConfigError):
        BotConfig.from_env({})


def test_defaults_and_overrides():
    config = BotConfig.from_env({"TELEGRAM_BOT_TOKEN": "1:abc"})
    assert config.api_base_url == DEFAULT_API_BASE_URL and config.redis_url is None
    config = BotConfig.from_env(
        {"TELEGRAM_BOT_TOKEN": "1:abc", "REDIS_URL": "redis://r:6379/0",
         "TELEGRAM_API_BASE_URL": "http://127.0.0.1:8081/bot"}
    )  # fmt: skip
    assert config.redis_url == "redis://r:6379/0"
    assert config.api_base_url == "http://127.0.0.1:8081/bot"


def test_a_bad_interval_is_a_configuration_error():
    with pytest.raises(ConfigError):
        BotConfig.from_env({"TELEGRAM_BOT_TOKEN": "1:abc", "TABLE_EDIT_INTERVAL": "soon"})
