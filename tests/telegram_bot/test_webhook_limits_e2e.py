"""The webhook server refuses a large body before reading it: unauthenticated posts of 90 MB
no longer make the bot read them into memory."""

from __future__ import annotations

import contextlib
import socket
import threading
from pathlib import Path

import httpx
import pytest

from tables.engine.redis_server import free_port
from tests.support.bot_process import BotProcess, bot_env
from tests.telegram_bot.group_chat import GroupChat

BODY = 90 * 1024 * 1024
CHUNK = 1024 * 1024
SENDERS = 8
GROUP = -100611


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def wait_listening(url: str, process: BotProcess) -> None:
    """Ready when the webhook server answers (403: no secret), never after a fixed time."""
    deadline = threading.Event()
    for _ in range(600):
        try:
            if httpx.post(url, json={}, timeout=2).status_code == 403:
                return
        except httpx.HTTPError:
            pass
        deadline.wait(0.05)
    raise AssertionError(process.log)


@pytest.fixture
def webhook_bot(bot_api, redis_server, redis_client, tmp_path):
    port = free_port()
    url = f"http://127.0.0.1:{port}/telegram"
    env = bot_env(
        bot_api, redis_server.url, WEBHOOK_URL=url, WEBHOOK_LISTEN="127.0.0.1",
        WEBHOOK_PORT=str(port),
    )  # fmt: skip
    process = BotProcess(env, tmp_path / "bot.log").start()
    try:
        wait_listening(url, process)
        yield process, port, url
    finally:
        process.stop()
    assert "Traceback" not in process.log, process.log


def send_large(port: int, chunked: bool) -> tuple[int, bytes]:
    """Posts a 90 MB body without the secret; how much went out before the server stopped
    it, and what it answered."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    framing = "Transfer-Encoding: chunked" if chunked else f"Content-Length: {BODY}"
    head = (
        f"POST /telegram HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n{framing}\r\n\r\n"
    )
    sent = 0
    block = b"[" * CHUNK
    try:
        sock.sendall(head.encode())
        while sent < BODY:
            sock.sendall(b"%x\r\n" % CHUNK + block + b"\r\n" if chunked else block)
            sent += CHUNK
    except OSError:
        pass  # reset or broken pipe: the server has stopped reading
    answer = b""
    with contextlib.suppress(OSError):
        answer = sock.recv(200)
    sock.close()
    return sent, answer


@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
def test_large_unauthenticated_bodies_are_refused_before_being_read(webhook_bot, chunked):
    process, port, _url = webhook_bot
    assert process.process is not None
    before = rss_mb(process.process.pid)
    results: list[tuple[int, bytes]] = []
    senders = [
        threading.Thread(target=lambda: results.append(send_large(port, chunked)))
        for _ in range(SENDERS)
    ]
    for sender in senders:
        sender.start()
    for sender in senders:
        sender.join(timeout=120)
    after = rss_mb(process.process.pid)
    print(f"bot RSS {before:.0f} MB -> {after:.0f} MB; sent before refusal: "
          f"{[sent // CHUNK for sent, _ in results]} MB")  # fmt: skip
    assert len(results) == SENDERS
    for sent, answer in results:
        assert sent < BODY, "the whole body went in"
        assert answer == b"" or answer.startswith((b"HTTP/1.1 400", b"HTTP/1.1 413")), answer
    assert after - before < 100, (before, after)  # not the 90 MB bodies


def test_a_small_update_with_the_secret_still_works(webhook_bot, bot_api):
    _process, port, _url = webhook_bot
    bot_api.add_user(1, "Alice")
    bot_api.add_chat(GROUP, members=[1])
    send_large(port, chunked=False)  # refused first; the server carries on
    bot_api.send_message(1, GROUP, "/mia")
    bot_api.wait_for(lambda: bot_api.deliver_via_webhook() or not bot_api.pending_updates())
    GroupChat(bot_api, GROUP).wait_table(lambda m: "a new table is open" in m["text"])
