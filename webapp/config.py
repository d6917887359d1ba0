"""Web app configuration, from the environment (docs/configuration.md lists every variable)."""

from __future__ import annotations

import os
from dataclasses import dataclass

from ops.redact import BOT_TOKEN_FORMAT, looks_like_bot_token
from tables.engine.connection import RedisConfigError, configured_pool_size, configured_timeout
from tables.fairness.replay_keys import ReplayConfigError, replay_ttl_from_env
from webapp.request_limits import DEFAULT_BURST, DEFAULT_RATE
from webapp.wait_limits import DEFAULT_PER_ADDRESS, DEFAULT_PER_PERSON

DEFAULT_TELEGRAM_JS = "https://telegram.org/js/telegram-web-app.js"
DEFAULT_API_BASE_URL = "https://api.telegram.org/bot"


class ConfigError(RuntimeError):
    pass


@dataclass(frozen=True)
class WebConfig:
    bot_token: str
    redis_url: str | None = None
    host: str = "127.0.0.1"
    port: int = 8080
    init_data_max_age: int = 86400
    telegram_js_url: str = DEFAULT_TELEGRAM_JS
    long_poll_seconds: float = 25.0
    wait_limit_per_person: int = DEFAULT_PER_PERSON
    wait_limit_per_address: int = DEFAULT_PER_ADDRESS
    request_rate_per_person: float = DEFAULT_RATE  # requests a second, per web worker
    request_burst_per_person: int = DEFAULT_BURST
    trusted_proxies: int = 0  # proxies in front that append the client to X-Forwarded-For
    api_base_url: str = DEFAULT_API_BASE_URL  # the Bot API, asked who is in a table's group

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None, *, local: bool = False) -> WebConfig:
        """The configuration from ``env``; ``local`` (``python -m webapp --local``) needs no
        bot token and ignores one: local mode signs initData with a secret of its own."""
        env = dict(os.environ if env is None else env)
        token = "" if local else env.get("TELEGRAM_BOT_TOKEN", "").strip()
        if not token and not local:
            raise ConfigError("TELEGRAM_BOT_TOKEN is required: it signs the Mini App's initData")
        if token and not looks_like_bot_token(token):
            raise ConfigError(BOT_TOKEN_FORMAT)
        try:
            port = int(env.get("WEBAPP_PORT", "8080"))
            max_age = int(env.get("INIT_DATA_MAX_AGE", "86400"))
        except ValueError as error:
            raise ConfigError("WEBAPP_PORT and INIT_DATA_MAX_AGE must be whole numbers") from error
        if not 0 < port < 65536 or max_age <= 0:
            raise ConfigError("WEBAPP_PORT must be a port, INIT_DATA_MAX_AGE positive")
        per_person = _count(env, "WAIT_LIMIT_PER_PERSON", DEFAULT_PER_PERSON, low=1)
        per_address = _count(env, "WAIT_LIMIT_PER_ADDRESS", DEFAULT_PER_ADDRESS, low=1)
        rate = _count(env, "REQUEST_RATE_PER_PERSON", int(DEFAULT_RATE), low=1)
        burst = _count(env, "REQUEST_BURST_PER_PERSON", DEFAULT_BURST, low=1)
        trusted_proxies = 0 if local else _count(env, "WEBAPP_TRUSTED_PROXIES", 0, low=0)
        try:  # read when connecting; checked here, so a typo is one line at start-up
            configured_pool_size(env)
            configured_timeout(env)
            replay_ttl_from_env(env)
        except (RedisConfigError, ReplayConfigError) as error:
            raise ConfigError(str(error)) from None
        if local:  # loopback unless the command line says otherwise; no Telegram script
            host, telegram_js_url = "127.0.0.1", ""
        else:
            host = env.get("WEBAPP_HOST", "127.0.0.1")
            telegram_js_url = env.get("TELEGRAM_WEB_APP_JS_URL") or DEFAULT_TELEGRAM_JS
        return cls(
            bot_token=token,
            redis_url=env.get("REDIS_URL") or None,
            host=host,
            port=port,
            init_data_max_age=max_age,
            telegram_js_url=telegram_js_url,
            wait_limit_per_person=per_person,
            wait_limit_per_address=per_address,
            request_rate_per_person=rate,
            request_burst_per_person=burst,
            trusted_proxies=trusted_proxies,
            api_base_url=env.get("TELEGRAM_API_BASE_URL") or DEFAULT_API_BASE_URL,
        )


def _count(env: dict[str, str], name: str, default: int, *, low: int) -> int:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    if not raw.isascii() or not raw.isdigit() or int(raw) < low:
        raise ConfigError(f"{name} must be a whole number, at least {low}")
    return int(raw)
