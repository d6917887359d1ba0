"""A lean connection for the hot path of a move: one packed write, then the replies.

redis-py spends several times Redis' own round trip in Python per command (connection pool,
retries, observability hooks). A move is a handful of commands that always go together, so
this sends them in one write on a per-thread socket and parses the replies with hiredis.
Anything unusual (TLS, unix sockets, errors on the wire) is left to redis-py: callers fall
back to the ordinary client, which also brings the retries.
"""

from __future__ import annotations

import socket
import threading
from typing import Any

import hiredis
import redis


class FastLinkUnavailable(Exception):
    pass


class FastLink:
    def __init__(self, client: redis.Redis) -> None:
        kwargs = client.connection_pool.connection_kwargs
        self._usable = "host" in kwargs and not kwargs.get("ssl") and "path" not in kwargs
        self._host = kwargs.get("host", "localhost")
        self._port = int(kwargs.get("port", 6379))
        self._db = int(kwargs.get("db", 0) or 0)
        self._username = kwargs.get("username")
        self._password = kwargs.get("password")
        self._timeout = kwargs.get("socket_timeout") or 5.0
        self._local = threading.local()

    def execute(self, commands: list[tuple[Any, ...]]) -> list[Any]:
        """Send ``commands`` at once; their replies (ResponseErrors as values)."""
        if not self._usable:
            raise FastLinkUnavailable("not a plain TCP connection")
        link = getattr(self._local, "link", None)
        if link is None:
            link = self._local.link = self._connect()
        sock, reader = link
        try:
            sock.sendall(b"".join(map(hiredis.pack_command, commands)))
            replies = []
            while len(replies) < len(commands):
                reply = reader.gets()
                if reply is False:
                    data = sock.recv(65536)
                    if not data:
                        raise ConnectionError("connection closed by Redis")
                    reader.feed(data)
                    continue
                replies.append(reply)
            return replies
        except (OSError, hiredis.ProtocolError) as error:
            self.close()
            raise FastLinkUnavailable(str(error)) from error

    def close(self) -> None:
        link = getattr(self._local, "link", None)
        self._local.link = None
        if link is not None:
            link[0].close()

    def _connect(self) -> tuple[socket.socket, hiredis.Reader]:
        try:
            sock = socket.create_connection((self._host, self._port), timeout=self._timeout)
        except OSError as error:
            raise FastLinkUnavailable(str(error)) from error
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        reader = hiredis.Reader(replyError=redis.ResponseError)
        hello: list[tuple[Any, ...]] = []
        if self._password:
            hello.append(("AUTH", *([self._username] if self._username else []), self._password))
        if self._db:
            hello.append(("SELECT", self._db))
        if hello:
            sock.sendall(b"".join(map(hiredis.pack_command, hello)))
            for _ in hello:
                while (reply := reader.gets()) is False:
                    reader.feed(sock.recv(65536))
                if isinstance(reply, Exception):
                    sock.close()
                    raise FastLinkUnavailable(str(reply))
        return sock, reader
