"""Bot configuration, from the environment (docs/configuration.md lists every variable)."""

from __future__ import annotations

import hashlib
import hmac
import os
import re
from dataclasses import dataclass

from ops.health import parse_bind
from ops.redact import BOT_TOKEN_FORMAT, looks_like_bot_token
from tables.engine.connection import RedisConfigError, configured_pool_size, configured_timeout
from tables.fairness.replay_keys import ReplayConfigError, replay_ttl_from_env

DEFAULT_API_BASE_URL = "https://api.telegram.org/bot"
ROLES = ("polling", "webhook", "worker")
SECRET_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,256}$")


class ConfigError(RuntimeError):
    pass


@dataclass(frozen=True)
class BotConfig:
    token: str
    redis_url: str | None = None
    api_base_url: str = DEFAULT_API_BASE_URL
    miniapp_short_name: str | None = None
    webapp_url: str | None = None
    table_edit_interval: float = 1.0
    group_messages_per_minute: float = 20.0
    chat_messages_per_second: float = 1.0
    log_level: str = "INFO"
    role: str = "polling"  # polling | webhook | worker (background loops only)
    webhook_url: str | None = None
    webhook_listen: str = "0.0.0.0"
    webhook_port: int = 8443
    webhook_secret: str = ""
    ops_bind: tuple[str, int] | None = None  # the operator's port: /metrics, /healthz, /readyz
    owner_ids: frozenset[int] = frozenset()  # who may send /status (in private)
    ephemeral_panels: bool = True  # players' panels as ephemeral messages (Bot API 10.2+)
    ephemeral_per_second: float = 1.0  # panel sends and edits per receiver (Telegram: unsaid)

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> BotConfig:
        env = dict(os.environ if env is None else env)
        token = env.get("TELEGRAM_BOT_TOKEN", "").strip()
        if not token:
            raise ConfigError("TELEGRAM_BOT_TOKEN is required (get one from @BotFather)")
        if not looks_like_bot_token(token):
            raise ConfigError(BOT_TOKEN_FORMAT)  # never the token itself: it may be nearly right
        interval = _number(env, "TABLE_EDIT_INTERVAL", 1.0)
        group_rate = _number(env, "GROUP_MESSAGES_PER_MINUTE", 20.0)
        chat_rate = _number(env, "CHAT_MESSAGES_PER_SECOND", 1.0)
        panel_rate = _number(env, "EPHEMERAL_MESSAGES_PER_SECOND", 1.0)
        webapp_url = env.get("WEBAPP_URL") or None
        if webapp_url and not webapp_url.startswith("https://"):
            raise ConfigError("WEBAPP_URL must be an https:// address (Telegram requires it)")
        webhook_url = env.get("WEBHOOK_URL") or None
        role = env.get("BOT_ROLE", "webhook" if webhook_url else "polling").strip().lower()
        if role not in ROLES:
            raise ConfigError(f"BOT_ROLE must be one of {', '.join(ROLES)}")
        if role == "webhook" and not webhook_url:
            raise ConfigError("BOT_ROLE=webhook needs WEBHOOK_URL")
        try:  # read when connecting; checked here, so a typo is one line at start-up
            configured_pool_size(env)
            configured_timeout(env)
            replay_ttl_from_env(env)
        except (RedisConfigError, ReplayConfigError) as error:
            raise ConfigError(str(error)) from None
        secret = env.get("WEBHOOK_SECRET") or derived_webhook_secret(token)
        if not SECRET_PATTERN.match(secret):
            raise ConfigError("WEBHOOK_SECRET may use only A-Z, a-z, 0-9, _ and -, up to 256")
        try:
            ops_bind = parse_bind(env["OPS_BIND"]) if env.get("OPS_BIND", "").strip() else None
        except ValueError as error:
            raise ConfigError(str(error)) from None
        return cls(
            token=token,
            ops_bind=ops_bind,
            owner_ids=_owner_ids(env.get("OWNER_IDS", "")),
            role=role,
            webhook_url=webhook_url,
            webhook_listen=env.get("WEBHOOK_LISTEN", "0.0.0.0"),
            webhook_port=int(_number(env, "WEBHOOK_PORT", 8443)),
            webhook_secret=secret,
            redis_url=env.get("REDIS_URL") or None,
            api_base_url=env.get("TELEGRAM_API_BASE_URL") or DEFAULT_API_BASE_URL,
            miniapp_short_name=env.get("MINIAPP_SHORT_NAME") or None,
            webapp_url=webapp_url,
            table_edit_interval=max(0.0, interval),
            group_messages_per_minute=max(1.0, group_rate),
            chat_messages_per_second=max(0.1, chat_rate),
            log_level=env.get("LOG_LEVEL", "INFO").upper(),
            ephemeral_panels=_switch(env, "EPHEMERAL_PANELS", True),
            ephemeral_per_second=max(0.1, panel_rate),
        )


def _owner_ids(raw: str) -> frozenset[int]:
    """``OWNER_IDS``: Telegram user ids, separated by commas or spaces."""
    parts = raw.replace(",", " ").split()
    if not all(part.isascii() and part.isdigit() and 0 < int(part) < 2**53 for part in parts):
        raise ConfigError("OWNER_IDS must be Telegram user ids (numbers), separated by commas")
    return frozenset(int(part) for part in parts)


def _switch(env: dict[str, str], name: str, default: bool) -> bool:
    """An on/off setting: on, off, true, false, yes, no, 1, 0."""
    raw = env.get(name, "").strip().lower()
    if not raw:
        return default
    if raw in ("on", "true", "yes", "1"):
        return True
    if raw in ("off", "false", "no", "0"):
        return False
    raise ConfigError(f"{name} must be on or off")


def _number(env: dict[str, str], name: str, default: float) -> float:
    try:
        return float(env.get(name, default))
    except ValueError as error:
        raise ConfigError(f"{name} must be a number") from error


def derived_webhook_secret(token: str) -> str:
    """The same secret in every worker without one more setting: derived from the token."""
    return hmac.new(token.encode(), b"webhook-secret", hashlib.sha256).hexdigest()
