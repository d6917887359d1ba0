"""A lean connection for the hot path of a move: one packed write, then the replies.

redis-py spends several times Redis' own round trip in Python per command (connection pool,
retries, observability hooks). A move is a handful of commands that always go together, so
this sends them in one write and parses the replies with hiredis. Sockets are pooled (a
thread or a gevent greenlet borrows one for one exchange), so thousands of greenlets share
a few connections. Anything unusual (TLS, unix sockets, errors on the wire) is left to
redis-py: callers fall back to the ordinary client, which also brings the retries.

:class:`ClusterLink` does the same against a Redis Cluster: commands are grouped by the node
that serves their slot (redis-py's slot map), every node's group is written before any reply
is read, so a commit touching three nodes still costs one round trip.
"""

from __future__ import annotations

import contextlib
import functools
import socket
from collections.abc import Sequence
from typing import Any

import hiredis
import redis
from redis.crc import key_slot

MAX_IDLE = 64  # idle sockets kept per node


@functools.lru_cache(maxsize=8192)
def _slot_of(key: str) -> int:
    """A key's hash slot. A move routes the same few keys several times (its table, log and
    partition keys): CRC16 in Python is worth remembering for the busiest ones."""
    return key_slot(key.encode())


class FastLinkUnavailable(Exception):
    pass


class _Socket:
    """One connection and its reply parser."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.reader = hiredis.Reader(replyError=redis.ResponseError)

    def send(self, commands: Sequence[tuple[Any, ...]]) -> None:
        self.sock.sendall(b"".join(map(hiredis.pack_command, commands)))

    def receive(self, count: int) -> list[Any]:
        replies = []
        while len(replies) < count:
            reply = self.reader.gets()
            if reply is False:
                data = self.sock.recv(65536)
                if not data:
                    raise ConnectionError("connection closed by Redis")
                self.reader.feed(data)
                continue
            replies.append(reply)
        return replies

    def close(self) -> None:
        self.sock.close()


class FastLink:
    """Pooled lean sockets to one Redis server."""

    def __init__(
        self,
        host: str,
        port: int,
        *,
        db: int = 0,
        username: str | None = None,
        password: str | None = None,
        timeout: float = 5.0,
        usable: bool = True,
    ) -> None:
        self._usable = usable
        self._host, self._port, self._db = host, port, db
        self._username, self._password = username, password
        self._timeout = timeout
        self._idle: list[_Socket] = []

    @classmethod
    def for_client(cls, client: redis.Redis) -> FastLink:
        kwargs = client.connection_pool.connection_kwargs
        return cls(
            kwargs.get("host", "localhost"),
            int(kwargs.get("port", 6379)),
            db=int(kwargs.get("db", 0) or 0),
            username=kwargs.get("username"),
            password=kwargs.get("password"),
            timeout=kwargs.get("socket_timeout") or 5.0,
            usable="host" in kwargs and not kwargs.get("ssl") and "path" not in kwargs,
        )

    def execute(self, commands: Sequence[tuple[Any, ...]]) -> list[Any]:
        """Send ``commands`` at once; their replies (ResponseErrors as values)."""
        link = self.borrow()
        try:
            link.send(commands)
            replies = link.receive(len(commands))
        except TimeoutError as error:
            # Redis took longer than the timeout: asking again through redis-py would only
            # wait as long once more (a frozen Redis must give a 503 in one timeout).
            link.close()
            raise redis.TimeoutError(f"Redis did not answer in time: {error}") from error
        except (OSError, hiredis.ProtocolError) as error:
            link.close()
            raise FastLinkUnavailable(str(error)) from error
        self.give_back(link)
        return replies

    def borrow(self) -> _Socket:
        if not self._usable:
            raise FastLinkUnavailable("not a plain TCP connection")
        try:
            return self._idle.pop()
        except IndexError:
            return self._connect()

    def give_back(self, link: _Socket) -> None:
        if len(self._idle) < MAX_IDLE:
            self._idle.append(link)
        else:
            link.close()

    def close(self) -> None:
        while self._idle:
            self._idle.pop().close()

    def _connect(self) -> _Socket:
        try:
            sock = socket.create_connection((self._host, self._port), timeout=self._timeout)
        except OSError as error:
            raise FastLinkUnavailable(str(error)) from error
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        link = _Socket(sock)
        hello: list[tuple[Any, ...]] = []
        if self._password:
            hello.append(("AUTH", *([self._username] if self._username else []), self._password))
        if self._db:
            hello.append(("SELECT", self._db))
        if hello:
            try:
                link.send(hello)
                replies = link.receive(len(hello))
            except (OSError, hiredis.ProtocolError) as error:
                link.close()
                raise FastLinkUnavailable(str(error)) from error
            if any(isinstance(reply, Exception) for reply in replies):
                link.close()
                raise FastLinkUnavailable("AUTH or SELECT refused")
        return link


class ClusterLink:
    """Lean sockets to every node of a Redis Cluster, routed by redis-py's slot map."""

    def __init__(self, client: Any) -> None:
        self.client = client  # a redis.cluster.RedisCluster
        self._links: dict[tuple[str, int], FastLink] = {}
        self._slots: dict[int, tuple[str, int]] = {}
        kwargs = client.nodes_manager.connection_kwargs
        self._auth = {
            "username": kwargs.get("username"),
            "password": kwargs.get("password"),
            "timeout": kwargs.get("socket_timeout") or 5.0,
            "usable": not kwargs.get("ssl"),
        }

    def node_for(self, key: str) -> tuple[str, int]:
        """The address of the master serving ``key``'s slot (cached until a refresh)."""
        slot = _slot_of(key)
        found = self._slots.get(slot)
        if found is None:
            node = self.client.nodes_manager.get_node_from_slot(slot)
            found = self._slots[slot] = (node.host, int(node.port))
        return found

    def link(self, address: tuple[str, int]) -> FastLink:
        found = self._links.get(address)
        if found is None:
            found = self._links[address] = FastLink(address[0], address[1], **self._auth)
        return found

    def execute_groups(
        self, groups: Sequence[tuple[tuple[str, int], Sequence[tuple[Any, ...]]]]
    ) -> list[list[Any] | Exception]:
        """Each (node address, commands) group on its node: every group is written before
        any reply is read. A group's replies, or the connection error it met."""
        sent: list[tuple[FastLink, _Socket] | Exception] = []
        for address, commands in groups:
            link = self.link(address)
            try:
                sock = link.borrow()
            except FastLinkUnavailable as error:
                sent.append(error)
                continue
            try:
                sock.send(commands)
            except OSError as error:
                sock.close()
                sent.append(FastLinkUnavailable(str(error)))
                continue
            sent.append((link, sock))
        results: list[list[Any] | Exception] = []
        for (_address, commands), entry in zip(groups, sent, strict=True):
            if isinstance(entry, Exception):
                results.append(entry)
                continue
            link, sock = entry
            try:
                results.append(sock.receive(len(commands)))
            except (OSError, hiredis.ProtocolError) as error:
                sock.close()
                results.append(FastLinkUnavailable(str(error)))
                continue
            link.give_back(sock)
        return results

    def refresh(self) -> None:
        """Ask the cluster for its slot map again (after MOVED, or a node going away)."""
        self._slots = {}
        with contextlib.suppress(redis.RedisError):
            self.client.nodes_manager.initialize()

    def close(self) -> None:
        for link in self._links.values():
            link.close()
