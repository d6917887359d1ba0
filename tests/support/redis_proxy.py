"""A TCP proxy in front of Redis that can lose a reply, the way a broken connection does.

Armed with :meth:`RedisProxy.lose_next_reply`, it passes the next request that contains the
marker (say ``b"EVALSHA"``) on to Redis, waits for Redis' answer (so the command ran), and then
cuts the client's connection instead of passing the answer back.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from urllib.parse import urlsplit, urlunsplit


class RedisProxy:
    def __init__(self, target_url: str) -> None:
        parts = urlsplit(target_url)
        self.target = (parts.hostname or "127.0.0.1", parts.port or 6379)
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self._listener.getsockname()[1])
        netloc = parts.netloc.rsplit("@", 1)
        auth = netloc[0] + "@" if len(netloc) == 2 else ""
        self.url = urlunsplit(parts._replace(netloc=f"{auth}127.0.0.1:{self.port}"))
        self._marker: bytes | None = None
        self._lock = threading.Lock()
        self.lost = 0  # replies lost so far
        self._sockets: list[socket.socket] = []
        self._closed = False

    def start(self) -> RedisProxy:
        threading.Thread(target=self._accept, name="redis-proxy", daemon=True).start()
        return self

    def lose_next_reply(self, marker: bytes) -> None:
        with self._lock:
            self._marker = marker

    def close(self) -> None:
        self._closed = True
        self._listener.close()
        for sock in list(self._sockets):
            with contextlib.suppress(OSError):
                sock.close()

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            server = socket.create_connection(self.target)
            self._sockets += [client, server]
            doomed = threading.Event()
            threading.Thread(
                target=self._requests, args=(client, server, doomed), daemon=True
            ).start()
            threading.Thread(
                target=self._replies, args=(server, client, doomed), daemon=True
            ).start()

    def _requests(
        self, client: socket.socket, server: socket.socket, doomed: threading.Event
    ) -> None:
        with contextlib.suppress(OSError):
            while data := client.recv(65536):
                with self._lock:
                    if self._marker is not None and self._marker in data:
                        self._marker = None
                        doomed.set()
                server.sendall(data)
        with contextlib.suppress(OSError):
            server.shutdown(socket.SHUT_WR)

    def _replies(
        self, server: socket.socket, client: socket.socket, doomed: threading.Event
    ) -> None:
        with contextlib.suppress(OSError):
            while data := server.recv(65536):
                if doomed.is_set():  # Redis has answered, so the command ran: lose the answer
                    with self._lock:
                        self.lost += 1
                    break
                client.sendall(data)
        for sock in (client, server):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()
