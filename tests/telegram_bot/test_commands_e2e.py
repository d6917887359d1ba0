"""Commands through the real bot: private help and rules, the classic preset, /cancel,
and running with no Redis configured at all."""

from __future__ import annotations

from games.base import Text
from games.registry import BUILT_IN
from tests.support.bot_process import BotProcess, bot_env
from tests.telegram_bot.group_chat import GroupChat, acting_name, labels
from translations import render

ALICE, BOB, CAROL = 1, 2, 3
GROUP = -100777


def wait_reply(api, chat_id: int, contains: str) -> str:
    def found():
        for message in api.messages(chat_id):
            if not message["deleted"] and contains in message["text"]:
                return message["text"]
        return None

    return api.wait_for(found)


def test_private_chat_start_help_and_rules(bot, bot_api):
    bot_api.add_user(ALICE, "Alice")
    bot_api.send_message(ALICE, ALICE, "/start")
    assert "/mia" in wait_reply(bot_api, ALICE, "I host table games")
    bot_api.send_message(ALICE, ALICE, "/rules mia")
    rules = wait_reply(bot_api, ALICE, "Rank order")
    assert "31 < 32 < 41" in rules and "< 11 < 22 < 33 < 44 < 55 < 66 < 21" in rules
    bot_api.send_message(ALICE, ALICE, "/mia")
    assert "add me to a group" in wait_reply(bot_api, ALICE, "Solo practice")
    commands = {c["command"] for c in bot_api.commands({"type": "all_group_chats"})}
    assert {"play", "mia", "cancel", "rules", "help"} <= commands


def test_classic_preset_offers_fold_against_mia_and_cancel_closes_the_table(bot, bot_api):
    for user, name in ((ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol")):
        bot_api.add_user(user, name)
    bot_api.add_chat(GROUP, admins=[CAROL], members=[ALICE, BOB])
    chat = GroupChat(bot_api, GROUP)
    bot_api.send_message(ALICE, GROUP, "/mia")
    chat.wait_table(lambda m: "a new table is open" in m["text"])
    chat.press(BOB, "✋ Join")
    chat.wait_table(lambda m: "2. Bob" in m["text"])
    chat.press(ALICE, "⚙️ Settings")
    chat.wait_table(lambda m: "Rules: standard" in labels(m))
    chat.press(ALICE, "Rules: standard")
    settings = chat.wait_table(lambda m: "Rules: classic" in labels(m))
    assert {"Lives: 6", "Doubles: 11 high", "Fold on Mia: yes", "True Mia costs: 2"} <= set(
        labels(settings)
    )
    chat.press(ALICE, "⬅️ Back")
    chat.wait_table(lambda m: "▶️ Start" in labels(m))
    bot_api.send_message(ALICE, GROUP, "/rules")
    assert "< 66 < 55 < 44 < 33 < 22 < 11 < 21" in wait_reply(bot_api, GROUP, "Rank order")
    chat.press(ALICE, "▶️ Start")
    table = chat.wait_table(lambda m: "round 1" in m["text"])
    assert table["text"].count("❤️" * 6) == 2
    claimant = {"Alice": ALICE, "Bob": BOB}[acting_name(table)]
    chat.press(claimant, "Mia", table)
    facing = chat.wait_table(lambda m: "claims Mia! Challenge or fold?" in m["text"])
    assert labels(facing)[-2:] == ["❗ Challenge", "🙈 Fold"]
    receiver = {"Alice": ALICE, "Bob": BOB}[acting_name(facing)]
    chat.press(receiver, "🙈 Fold", facing)
    assert "folds against" in wait_reply(bot_api, GROUP, "folds against")
    chat.wait_table(lambda m: "❤️" * 5 in m["text"])

    bot_api.send_message(BOB, GROUP, "/cancel")  # neither creator nor admin
    assert wait_reply(bot_api, GROUP, "Only the table's creator")
    bot_api.send_message(CAROL, GROUP, "/cancel")  # a chat admin may
    cancelled = lambda: any(  # noqa: E731
        "cancelled" in m["text"] for m in bot_api.messages(GROUP) if not m["deleted"]
    )
    bot_api.wait_for(cancelled)
    assert chat.table_message() is None
    bot_api.send_message(BOB, GROUP, "/mia")  # the chat is free for a new table
    chat.wait_table(lambda m: "1. Bob 👑" in m["text"])


def test_without_redis_url_the_bot_starts_an_embedded_redis_and_says_so(bot_api, tmp_path):
    env = bot_env(bot_api, "", EMBEDDED_REDIS_DIR=str(tmp_path / "redis"))
    env.pop("REDIS_URL")
    process = BotProcess(env, tmp_path / "bot.log").start()
    try:
        bot_api.wait_for(lambda: bot_api.is_polling, timeout=60)
        bot_api.add_user(ALICE, "Alice")
        bot_api.add_chat(GROUP)
        bot_api.send_message(ALICE, GROUP, "/mia")
        GroupChat(bot_api, GROUP).wait_table(lambda m: "a new table is open" in m["text"])
    finally:
        process.stop()
    assert "started an embedded redis-server" in process.log
    assert (tmp_path / "redis" / "redis.log").exists()
    bot_api.assert_clean()


def test_play_offers_every_game_and_opens_the_chosen_one(bot, bot_api):
    bot_api.add_user(ALICE, "Alice")
    bot_api.add_chat(GROUP, members=[ALICE])
    chat = GroupChat(bot_api, GROUP)
    bot_api.send_message(ALICE, GROUP, "/play")
    menu = bot_api.wait_for(
        lambda: next(
            (m for m in bot_api.messages(GROUP) if "Which game" in (m["text"] or "")), None
        )
    )
    # The registry's games, in its order: a new game is one line there, and nothing here.
    titles = [render(Text(game.presentation.title), "en") for game in BUILT_IN]
    icons = [game.presentation.icon for game in BUILT_IN]
    assert labels(menu) == [f"{icon} {title}" for icon, title in zip(icons, titles, strict=True)]
    for game in BUILT_IN:  # summaries, not commands, in the menu
        assert f"/{game.command}" not in menu["text"]
    forged = chat.press_data(ALICE, menu["message_id"], "play:chess", check=False)
    assert forged["text"] == "This button is not valid."
    chat.press(ALICE, f"{icons[1]} {titles[1]}", menu)  # not the first: the press picks
    lobby = chat.wait_table(lambda m: f"{titles[1]}: a new table is open" in m["text"])
    assert "1. Alice 👑" in lobby["text"]
    bot_api.wait_for(lambda: not bot_api.message(GROUP, menu["message_id"]).get("reply_markup"))
    commands = {c["command"] for c in bot_api.commands({"type": "all_group_chats"})}
    assert {"play", *(game.command for game in BUILT_IN)} <= commands
