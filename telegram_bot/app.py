"""Builds the python-telegram-bot Application: handlers, rate limiter, background loops."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket

from telegram import BotCommand, BotCommandScopeAllGroupChats, BotCommandScopeAllPrivateChats
from telegram.ext import AIORateLimiter, Application, CallbackQueryHandler, CommandHandler, filters

from tables.store import TableStore
from telegram_bot import extra_commands, handlers, language
from telegram_bot.chat_budget import ChatBudget
from telegram_bot.config import BotConfig
from telegram_bot.handlers import answers_refusals as guard
from telegram_bot.notifier import Notifier
from telegram_bot.services import Services
from telegram_bot.sweeper import Sweeper
from translations import SUPPORTED_LANGUAGES, tr

log = logging.getLogger(__name__)


def build_application(config: BotConfig, store: TableStore) -> Application:
    services = Services(config=config, store=store)
    application = (
        Application.builder()
        .token(config.token)
        .base_url(config.api_base_url)
        .rate_limiter(
            AIORateLimiter(group_max_rate=config.group_messages_per_minute, max_retries=5)
        )
        .concurrent_updates(True)
        .post_init(_post_init)
        .post_stop(_post_stop)
        .build()
    )
    application.bot_data["services"] = services
    groups = filters.ChatType.GROUPS
    application.add_handler(CommandHandler(["start", "help"], guard(handlers.start_or_help)))
    application.add_handler(CommandHandler("rules", guard(handlers.rules)))
    application.add_handler(CommandHandler("mia", guard(handlers.open_table), filters=groups))
    application.add_handler(
        CommandHandler("mia", guard(extra_commands.solo_lobby), filters=filters.ChatType.PRIVATE)
    )
    application.add_handler(CommandHandler("cancel", guard(handlers.cancel_table)))
    application.add_handler(CommandHandler("stats", guard(extra_commands.show_stats)))
    application.add_handler(CommandHandler("top", guard(extra_commands.show_top), filters=groups))
    application.add_handler(CommandHandler("verify", guard(extra_commands.verify)))
    application.add_handler(CommandHandler("log", guard(extra_commands.send_log)))
    application.add_handler(CommandHandler("tutorial", guard(extra_commands.start_tutorial)))
    application.add_handler(CommandHandler("language", guard(language.choose)))
    application.add_handler(
        CallbackQueryHandler(language.chosen, pattern=f"^{language.CALLBACK_PREFIX}")
    )
    application.add_handler(CallbackQueryHandler(handlers.button))
    application.add_error_handler(_log_error)
    return application


def miniapp_link(services: Services, table_id: str) -> str | None:
    """The Mini App's direct link for a table (groups cannot have web_app buttons)."""
    short_name = services.config.miniapp_short_name
    if not short_name or not services.bot_username:
        return None
    return f"https://t.me/{services.bot_username}/{short_name}?startapp={table_id}"


def consumer_name() -> str:
    return f"{socket.gethostname()}-{os.getpid()}"


async def start_background(application: Application) -> None:
    await _post_init(application)


async def stop_background(application: Application) -> None:
    await _post_stop(application)


async def _post_init(application: Application) -> None:
    services: Services = application.bot_data["services"]
    me = await application.bot.get_me()
    services.bot_username = me.username or ""
    services.notifier = Notifier(
        application.bot,
        services.store,
        consumer_name(),
        edit_interval=services.config.table_edit_interval,
        miniapp_link=lambda table: miniapp_link(services, table.id),
        budget=ChatBudget(
            services.store.redis,
            # Kept a little under the limits Telegram enforces.
            per_second=0.95 * services.config.chat_messages_per_second,
            group_per_minute=max(1.0, services.config.group_messages_per_minute - 1),
        ),
    )
    await _set_commands(application)
    services.tasks = [
        asyncio.create_task(services.notifier.run(), name="notifier"),
        asyncio.create_task(Sweeper(services.store, services.notifier).run(), name="sweeper"),
    ]
    log.info("bot @%s is up", services.bot_username)


async def _post_stop(application: Application) -> None:
    services: Services = application.bot_data["services"]
    for task in services.tasks:
        task.cancel()
    for task in services.tasks:
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task
    if services.notifier is not None:
        await services.notifier.close()


async def _set_commands(application: Application) -> None:
    """The command menu, in each language we speak (Telegram picks the user's)."""
    for code in SUPPORTED_LANGUAGES:
        group, private = _commands(code)
        language_code = "" if code == "en" else code
        await application.bot.set_my_commands(
            group, scope=BotCommandScopeAllGroupChats(), language_code=language_code
        )
        await application.bot.set_my_commands(
            private, scope=BotCommandScopeAllPrivateChats(), language_code=language_code
        )


def _commands(language: str) -> tuple[list[BotCommand], list[BotCommand]]:
    group = [
        BotCommand("mia", tr(language, "Open a Mia table in this group")),
        BotCommand("cancel", tr(language, "Close the open table")),
        BotCommand("top", tr(language, "This chat's best players")),
        BotCommand("stats", tr(language, "Your statistics")),
        BotCommand("log", tr(language, "The last game, step by step")),
        BotCommand("verify", tr(language, "How to check the dice are fair")),
        BotCommand("language", tr(language, "The group's language")),
        BotCommand("rules", tr(language, "Rules and rank order")),
        BotCommand("help", tr(language, "How to play")),
    ]
    private = [
        BotCommand("start", tr(language, "Welcome and how to play")),
        BotCommand("tutorial", tr(language, "Learn by playing, with tips")),
        BotCommand("mia", tr(language, "Practice against CPUs")),
        BotCommand("stats", tr(language, "Your statistics")),
        BotCommand("verify", tr(language, "How to check the dice are fair")),
        BotCommand("language", tr(language, "Your language")),
        BotCommand("rules", tr(language, "Rules and rank order")),
        BotCommand("help", tr(language, "How to play")),
    ]
    return group, private


async def _log_error(update: object, context) -> None:  # type: ignore[no-untyped-def]
    log.error("unhandled error in an update handler", exc_info=context.error)
