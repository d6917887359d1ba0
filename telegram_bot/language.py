"""Who reads in which language, and /language to choose.

What only one person sees (alerts, the private chat, the Mini App) is in that person's
language: the one they chose with /language, else their Telegram language when we have it,
else English. Group messages are in the group's language: chosen by an admin with /language,
else the language of whoever opened the group's first table.
"""

from __future__ import annotations

import asyncio

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update, User
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from tables.profiles import prefs
from tables.table.model import ChatRef
from telegram_bot.chat_admins import is_chat_admin
from telegram_bot.services import services
from translations import LANGUAGE_NAMES, SUPPORTED_LANGUAGES, best_language, tr

CALLBACK_PREFIX = "lang:"


async def person_language(context: ContextTypes.DEFAULT_TYPE, user: User | None) -> str:
    if user is None:
        return best_language(None)
    chosen = await asyncio.to_thread(prefs.user_language, services(context).store.redis, user.id)
    return chosen if chosen in SUPPORTED_LANGUAGES else best_language(user.language_code)


async def reader_language(update: Update, context: ContextTypes.DEFAULT_TYPE) -> str:
    """The language of a reply in this chat: the person's in private, the group's in groups."""
    chat = update.effective_chat
    if chat is not None and chat.type != ChatType.PRIVATE:
        chosen = await asyncio.to_thread(
            prefs.chat_language, services(context).store.redis, chat.id
        )
        if chosen in SUPPORTED_LANGUAGES:
            return chosen
    return await person_language(context, update.effective_user)


async def table_language(update: Update, context: ContextTypes.DEFAULT_TYPE) -> str:
    """A new table's language: the group's, or (its first table) the opener's, kept."""
    opener = await person_language(context, update.effective_user)
    chat = update.effective_chat
    if chat is None or chat.type == ChatType.PRIVATE:
        return opener
    client = services(context).store.redis
    return await asyncio.to_thread(prefs.claim_chat_language, client, chat.id, opener)


def _keyboard(scope: str) -> InlineKeyboardMarkup:
    buttons = [
        InlineKeyboardButton(LANGUAGE_NAMES[code], callback_data=f"{CALLBACK_PREFIX}{scope}:{code}")
        for code in SUPPORTED_LANGUAGES
    ]
    return InlineKeyboardMarkup([buttons[i : i + 2] for i in range(0, len(buttons), 2)])


async def choose(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/language: buttons for each language (your own in private, the group's in a group)."""
    message, chat = update.effective_message, update.effective_chat
    if message is None or chat is None:
        return
    language = await reader_language(update, context)
    if chat.type == ChatType.PRIVATE:
        text = tr(language, "Choose your language:")
        scope = "u"
    else:
        text = tr(language, "Choose this group's language (chat admins):")
        scope = "c"
    await message.reply_text(text, reply_markup=_keyboard(scope))


async def chosen(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A language button: set it, say so in that language."""
    query = update.callback_query
    if query is None or query.data is None:
        return
    parts = query.data.split(":")
    user = query.from_user
    if len(parts) != 3 or parts[1] not in ("u", "c") or parts[2] not in SUPPORTED_LANGUAGES:
        await query.answer(
            tr(await person_language(context, user), "This button is not valid."), show_alert=True
        )
        return
    scope, code = parts[1], parts[2]
    client = services(context).store.redis
    if scope == "u":
        await asyncio.to_thread(prefs.set_user_language, client, user.id, code)
        await query.answer(tr(code, "Language: {name}", name=LANGUAGE_NAMES[code]))
        return
    chat = query.message.chat if query.message is not None else None
    if chat is None or not await is_chat_admin(chat, user.id):
        await query.answer(
            tr(await person_language(context, user), "Only a chat admin can change this."),
            show_alert=True,
        )
        return
    await asyncio.to_thread(prefs.set_chat_language, client, chat.id, code)
    await _retitle_open_tables(context, chat.id, code)
    await query.answer(tr(code, "Language: {name}", name=LANGUAGE_NAMES[code]))
    if query.message is not None:
        await context.bot.send_message(
            chat.id,
            tr(code, "This group now plays in {name}.", name=LANGUAGE_NAMES[code]),
            message_thread_id=query.message.message_thread_id
            if query.message.is_topic_message
            else None,
        )


async def _retitle_open_tables(context: ContextTypes.DEFAULT_TYPE, chat_id: int, code: str) -> None:
    """An open table in the group switches language too (the notifier redraws it)."""
    store = services(context).store

    def switch() -> None:
        table = store.find_open(ChatRef(chat_id))
        if table is not None:

            def relabel(t):  # type: ignore[no-untyped-def]
                t.language = code
                return []

            store.change(table.id, relabel)

    await asyncio.to_thread(switch)
