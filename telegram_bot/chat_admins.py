"""Whether a person administers a chat (admins may cancel tables, kick, choose languages)."""

from __future__ import annotations

from telegram import Chat
from telegram.constants import ChatMemberStatus, ChatType
from telegram.error import TelegramError


async def is_chat_admin(chat: Chat, user_id: int) -> bool:
    if chat.type == ChatType.PRIVATE:
        return False
    try:
        member = await chat.get_member(user_id)
    except TelegramError:
        return False
    return member.status in (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)
