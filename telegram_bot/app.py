"""Builds the python-telegram-bot Application: handlers, rate limiter, background loops."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket

from telegram import (
    BotCommand,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
    Update,
)
from telegram.ext import (
    AIORateLimiter,
    Application,
    CallbackQueryHandler,
    ChosenInlineResultHandler,
    CommandHandler,
    InlineQueryHandler,
    TypeHandler,
    filters,
)

from games.base import Text
from games.game import Game
from games.registry import GAMES
from tables.table.model import Table
from tables.table.store import TableStore
from telegram_bot import language, links
from telegram_bot.buttons import presses as buttons
from telegram_bot.chat_messages import ChatMessages
from telegram_bot.commands import fairness as fairness_commands
from telegram_bot.commands import my_games as my_games_commands
from telegram_bot.commands import practice
from telegram_bot.commands import seasons as season_commands
from telegram_bot.commands import stats as stats_commands
from telegram_bot.commands import table_commands as commands
from telegram_bot.commands.status import owners_only, show_status
from telegram_bot.config import BotConfig
from telegram_bot.ephemeral_api import EphemeralApi
from telegram_bot.panels.keeper import PanelKeeper
from telegram_bot.panels.records import PanelBudget
from telegram_bot.people import answers_refusals as guard
from telegram_bot.private import inline, reminders
from telegram_bot.services import Services
from telegram_bot.serving.api_metrics import CountingRequest, count_update
from telegram_bot.table_message import chat_watch
from telegram_bot.table_message.budget import ChatBudget
from telegram_bot.table_message.notifier import Notifier
from telegram_bot.table_message.sweeper import Sweeper
from translations import SUPPORTED_LANGUAGES, render, tr

log = logging.getLogger(__name__)


def build_application(config: BotConfig, store: TableStore) -> Application:
    services = Services(config=config, store=store)
    application = (
        Application.builder()
        .token(config.token)
        .base_url(config.api_base_url)
        .request(CountingRequest(connection_pool_size=256))  # PTB's sizes, every call counted
        .get_updates_request(CountingRequest(connection_pool_size=1))
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
    add = application.add_handler
    # Each group below runs before the handlers (one handler per group answers an update).
    add(TypeHandler(Update, count_update), group=-3)  # every update counted, then handled
    # What a chat saw: a private chat opened (reminders, refusals), messages below a table.
    add(TypeHandler(Update, chat_watch.notice), group=-2)
    add(CommandHandler(["start", "help"], guard(commands.start_or_help)))
    add(CommandHandler("play", guard(commands.play_menu)))
    for game in GAMES.values():  # each game's own command, from the registry
        add(CommandHandler(game.command, guard(commands.open_command(game))))
    add(CommandHandler("rules", guard(commands.rules)))
    add(CommandHandler("cancel", guard(commands.cancel_table)))
    add(CommandHandler("stats", guard(stats_commands.show_stats)))
    add(CommandHandler("top", guard(stats_commands.show_top), filters=groups))
    add(CommandHandler("season", guard(season_commands.season)))
    add(CommandHandler("mygames", guard(my_games_commands.show_my_games)))
    add(CommandHandler("reminders", guard(my_games_commands.reminders)))
    add(CommandHandler("verify", guard(fairness_commands.verify)))
    add(CommandHandler("log", guard(fairness_commands.send_log)))
    add(CommandHandler("tutorial", guard(practice.start_tutorial)))
    add(CommandHandler("language", guard(language.choose)))
    if config.owner_ids:  # only they, only in private; anyone else gets no answer at all
        add(CommandHandler("status", guard(show_status), filters=owners_only(config)))
    add(CallbackQueryHandler(language.chosen, pattern=f"^{language.CALLBACK_PREFIX}"))
    add(CallbackQueryHandler(commands.play_chosen, pattern=f"^{commands.PLAY_PREFIX}"))
    prefix = season_commands.CALLBACK_PREFIX
    add(CallbackQueryHandler(guard(season_commands.season_chosen), pattern=f"^{prefix}"))
    prefix = reminders.CALLBACK_PREFIX
    add(CallbackQueryHandler(guard(my_games_commands.reminders_chosen), pattern=f"^{prefix}"))
    add(CallbackQueryHandler(buttons.button))
    add(InlineQueryHandler(inline.hand_query))
    add(ChosenInlineResultHandler(inline.hand_chosen))
    application.add_error_handler(_log_error)
    return application


def miniapp_link(services: Services, table_id: str) -> str | None:
    """The Mini App's direct link for a table (groups cannot have web_app buttons)."""
    return links.miniapp_link(services, table_id)


def table_link(services: Services, table: Table) -> str | None:
    """Where a private message sends someone to play: the Mini App, else the table message."""
    found = miniapp_link(services, table.id)
    if found is None:
        message_id = ChatMessages(services.store.redis).message_id(table.id)
        found = links.message_link(table.chat_id, message_id)
    return found


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
    services.inline_mode = bool(me.supports_inline_queries)
    if not services.inline_mode and any(game.presentation.play_label for game in GAMES.values()):
        log.warning(
            "inline mode is off for @%s: in groups without the Mini App, players cannot play "
            "from a hidden hand (enable it in @BotFather: /setinline and /setinlinefeedback)",
            services.bot_username,
        )
    budget = ChatBudget(
        services.store.redis,
        # Kept a little under the limits Telegram enforces.
        per_second=0.95 * services.config.chat_messages_per_second,
        group_per_minute=max(1.0, services.config.group_messages_per_minute - 1),
    )
    services.panels = await _panels(services)
    services.notifier = Notifier(
        application.bot,
        services.store,
        consumer_name(),
        edit_interval=services.config.table_edit_interval,
        miniapp_link=lambda table: miniapp_link(services, table.id),
        budget=budget,
        inline_mode=services.inline_mode,
        reminders=reminders.Reminders(
            application.bot, services.store, budget, lambda table: table_link(services, table)
        ),
        panels=services.panels,
    )
    await _set_commands(application)
    services.tasks = [
        asyncio.create_task(services.notifier.run(), name="notifier"),
        asyncio.create_task(Sweeper(services.store, services.notifier).run(), name="sweeper"),
    ]
    if services.ops is not None:  # the heartbeat behind /healthz and /readyz
        services.tasks.append(asyncio.create_task(services.ops.run(), name="ops"))
    log.info("bot @%s is up", services.bot_username)


async def _panels(services: Services) -> PanelKeeper | None:
    """Players' panels, where the setting and the Bot API server allow them (one log line
    when they do not)."""
    config = services.config
    if not config.ephemeral_panels:
        log.info("EPHEMERAL_PANELS=off: hands open through inline mode and the Mini App")
        return None
    api = EphemeralApi(config.token, config.api_base_url)
    if not await api.probe():
        log.warning(
            "the Bot API server does not know ephemeral messages (Bot API 10.2): players' "
            "panels are off; hands open through inline mode and the Mini App"
        )
        return None
    budget = PanelBudget(services.store.redis, per_second=0.95 * config.ephemeral_per_second)
    return PanelKeeper(api, services.store, budget)


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
    group = [BotCommand("play", tr(language, "Choose a game and open a table"))]
    group += [
        BotCommand(game.command, tr(language, "Open a {game} table here", game=title))
        for game, title in _titles(language)
    ]
    group += [
        BotCommand("cancel", tr(language, "Close the open table")),
        BotCommand("top", tr(language, "This chat's best players")),
        BotCommand("season", tr(language, "Rating seasons of this group")),
        BotCommand("stats", tr(language, "Your statistics")),
        BotCommand("log", tr(language, "The last game, step by step")),
        BotCommand("verify", tr(language, "How to check a game was fair")),
        BotCommand("language", tr(language, "The group's language")),
        BotCommand("rules", tr(language, "The rules of the table's game")),
        BotCommand("help", tr(language, "How to play")),
    ]
    private = [
        BotCommand("start", tr(language, "Welcome and how to play")),
        BotCommand("tutorial", tr(language, "Learn by playing, with tips")),
        BotCommand("mygames", tr(language, "Every table you sit at, and whose turn it is")),
        BotCommand("reminders", tr(language, "Private reminders of your turn, on or off")),
    ]
    private += [
        BotCommand(game.command, tr(language, "Practice {game} against CPUs", game=title))
        for game, title in _titles(language)
    ]
    private += [
        BotCommand("stats", tr(language, "Your statistics")),
        BotCommand("verify", tr(language, "How to check a game was fair")),
        BotCommand("language", tr(language, "Your language")),
        BotCommand("rules", tr(language, "The rules of a game")),
        BotCommand("help", tr(language, "How to play")),
    ]
    return group, private


def _titles(language: str) -> list[tuple[Game, str]]:
    return [(game, render(Text(game.presentation.title), language)) for game in GAMES.values()]


async def _log_error(update: object, context) -> None:  # type: ignore[no-untyped-def]
    log.error("unhandled error in an update handler", exc_info=context.error)
