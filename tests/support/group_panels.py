"""Moves made from players' panels, for :class:`tests.support.group_play.GroupTable`.

A person without a panel taps the table message's 👀/hand button (a press, answered by the
panel); with one, they press the button of their move on it once it shows it.
"""

from __future__ import annotations

import json
import time
from typing import Any

from tests.support.bot_api_server import FakeBotApi


def panel_content(api: FakeBotApi, chat_id: int, user: int) -> str:
    """What the person's live panel shows ("" when they have none)."""
    live = api.ephemeral_messages(chat_id, user)
    if not live:
        return ""
    return json.dumps([live[-1]["text"], live[-1]["reply_markup"]], ensure_ascii=False)


def _buttons(record: dict[str, Any]) -> list[dict[str, Any]]:
    return [b for row in (record.get("reply_markup") or {}).get("inline_keyboard", []) for b in row]


def panel_move(
    table: Any,  # a tests.support.group_play.GroupTable (it imports this module)
    person: Any,  # its Person
    message: dict[str, Any],
    action: str,
    token: int,
    version: int,
) -> bool:
    """Make the move from the panel; False when there is no panel showing it yet (asked for,
    or still on its way): the person looks again on the next step."""
    api, chat_id = table.api, table.chat_id
    if person.user in table._panel_pending:
        return False  # their last press is not shown on the panel yet
    live = api.ephemeral_messages(chat_id, person.user)
    if not live:  # the tap that opens it counts as a press shown once the panel is there
        look = [b for b in _buttons(message) if ":p:" in b.get("callback_data", "")]
        if look:
            api.press(person.user, message["message_id"], chat_id, look[0]["callback_data"])
            table._panel_pending[person.user] = (time.monotonic(), "")
        return False
    wanted = f":{token}:g:{action}"
    found = [b for b in _buttons(live[-1]) if b.get("callback_data", "").endswith(wanted)]
    if not found:
        return False
    before = panel_content(api, chat_id, person.user)
    api.press_ephemeral(
        person.user, chat_id, live[-1]["ephemeral_message_id"], found[0]["callback_data"]
    )
    now = time.monotonic()
    table._panel_pending[person.user] = (now, before)
    table._pending.append((now, version + 1))
    table.moves += 1
    return True
