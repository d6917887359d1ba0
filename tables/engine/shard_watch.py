"""Table change notices from a Redis Cluster: sharded pub/sub, one channel per table.

A commit ``SPUBLISH``es on ``table:{T}:changed``, which lives in the table's slot: only the
node serving that slot (and its replicas) carries it, so notices scale with the nodes instead
of every node repeating every notice. A web process subscribes (``SSUBSCRIBE``) to the tables
someone there waits for, on one lean connection per node, and keeps a subscription a while
after its last waiter left (a page's next long poll follows at once).

The cluster moves channels with their slots: after a resharding the old owner says
``sunsubscribe`` on its own, a dead node's connection breaks, a subscription sent to the
wrong node is answered ``MOVED``. Each time the slot map is read again and the channel
subscribed on its current owner; meanwhile waiters re-read versions after their short waits.
"""

from __future__ import annotations

import contextlib
import logging
import socket
import threading
import time
from typing import Any

import hiredis
import redis

from tables.engine.keys import CLUSTERED
from tables.engine.watch_registry import TableWatch, Watchers, deliver

log = logging.getLogger(__name__)
LINGER_SECONDS = 30.0  # a subscription outlives its last waiter this long
READ_TIMEOUT = 1.0


class _NodeSubscriber:
    """One node's sharded pub/sub connection, read by a thread (or greenlet) of its own."""

    def __init__(self, owner: ShardedChangeWatcher, host: str, port: int) -> None:
        self.owner = owner
        self.address = (host, port)
        self.channels: set[str] = set()  # confirmed here
        self.closed = False
        self._send_lock = threading.Lock()
        self._sock = socket.create_connection(self.address, timeout=READ_TIMEOUT)
        self._sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._reader = hiredis.Reader(replyError=redis.ResponseError)
        self._pending: list[str] = []  # channels whose SSUBSCRIBE/SUNSUBSCRIBE awaits a reply
        threading.Thread(target=self._read_loop, name=f"shard-watch-{port}", daemon=True).start()

    def send(self, command: str, channel: str) -> None:
        with self._send_lock:
            self._pending.append(channel)
            self._sock.sendall(hiredis.pack_command((command, channel)))

    def close(self) -> None:
        self.closed = True
        with contextlib.suppress(OSError):
            self._sock.close()

    def _read_loop(self) -> None:
        try:
            while not self.closed and not self.owner.stopped:
                try:
                    data = self._sock.recv(65536)
                except TimeoutError:
                    continue
                if not data:
                    raise ConnectionError("connection closed")
                self._reader.feed(data)
                while (reply := self._reader.gets()) is not False:
                    self._handle(reply)
        except (OSError, hiredis.ProtocolError) as error:
            if not self.closed and not self.owner.stopped:
                log.info("shard watch %s:%s lost (%s)", *self.address, error)
        self.close()
        self.owner._lost(self)

    def _handle(self, reply: Any) -> None:
        if isinstance(reply, redis.ResponseError):
            channel = self._pending.pop(0) if self._pending else None
            if channel is not None:  # MOVED, or a slot not served: look it up again
                self.owner._reroute(channel, str(reply))
            return
        kind = reply[0]
        if kind == b"smessage":
            deliver(self.owner, reply[2])
            return
        channel = reply[1].decode()
        if kind == b"ssubscribe":
            self._pop(channel)
            self.channels.add(channel)
            self.owner._confirmed(channel)
        elif kind == b"sunsubscribe":
            ours = self._pop(channel)
            self.channels.discard(channel)
            if not ours:  # the slot moved away: the cluster unsubscribed us
                self.owner._reroute(channel, "slot_moved")

    def _pop(self, channel: str) -> bool:
        with contextlib.suppress(ValueError):
            self._pending.remove(channel)
            return True
        return False


class ShardedChangeWatcher(Watchers):
    """Notices of the tables waited for here, by sharded pub/sub on their nodes."""

    def __init__(self, client: Any) -> None:
        super().__init__()
        self.client = client  # a redis.cluster.RedisCluster
        self.stopped = False
        self._nodes: dict[tuple[str, int], _NodeSubscriber] = {}
        self._nodes_lock = threading.Lock()
        self._reroutes: list[str] = []
        self._wake = threading.Event()

    def start(self) -> ShardedChangeWatcher:
        threading.Thread(target=self._housekeeping, name="shard-watch", daemon=True).start()
        return self

    def stop(self) -> None:
        self.stopped = True
        self._wake.set()
        with self._nodes_lock:
            for node in self._nodes.values():
                node.close()

    # --- subscriptions ---------------------------------------------------------------

    def _start_watching(self, watch: TableWatch) -> None:
        self._subscribe(CLUSTERED.changes_channel(watch.table_id))

    def _subscribe(self, channel: str) -> None:
        try:
            self._node_for(channel).send("SSUBSCRIBE", channel)
        except (OSError, redis.RedisError) as error:
            self._reroute(channel, str(error))

    def _node_for(self, channel: str) -> _NodeSubscriber:
        node = self.client.get_node_from_key(channel)
        address = (node.host, int(node.port))
        with self._nodes_lock:
            found = self._nodes.get(address)
            if found is None or found.closed:
                found = self._nodes[address] = _NodeSubscriber(self, *address)
            return found

    def _confirmed(self, channel: str) -> None:
        watch = self._tables.get(_table_of(channel))
        if watch is not None:
            watch.ready.set()

    def _reroute(self, channel: str, why: str) -> None:
        """Subscribe ``channel`` again on whichever node serves it now (soon, from the
        housekeeping thread: the slot map may need a moment to settle)."""
        watch = self._tables.get(_table_of(channel))
        if watch is None:
            return
        watch.ready.clear()
        log.debug("re-subscribing %s (%s)", channel, why)
        with self._lock:
            self._reroutes.append(channel)
        self._wake.set()

    def _lost(self, node: _NodeSubscriber) -> None:
        with self._nodes_lock:
            if self._nodes.get(node.address) is node:
                del self._nodes[node.address]
        for channel in list(node.channels) + list(node._pending):
            self._reroute(channel, "node_lost")

    # --- housekeeping: re-routes and lingering subscriptions -------------------------

    def _housekeeping(self) -> None:
        while not self.stopped:
            self._wake.wait(1.0)
            self._wake.clear()
            if self.stopped:
                return
            with self._lock:
                channels, self._reroutes = list(dict.fromkeys(self._reroutes)), []
            if channels:
                with contextlib.suppress(redis.RedisError):
                    self.client.nodes_manager.initialize()
                for channel in channels:
                    if _table_of(channel) in self._tables:
                        self._subscribe(channel)
                time.sleep(0.05)  # a cluster still electing answers MOVED: pace the retries
            for watch in self._forget_idle(LINGER_SECONDS):
                channel = CLUSTERED.changes_channel(watch.table_id)
                with self._nodes_lock:
                    holders = [n for n in self._nodes.values() if channel in n.channels]
                for node in holders:
                    with contextlib.suppress(OSError):
                        node.send("SUNSUBSCRIBE", channel)


def _table_of(channel: str) -> str:
    """``table:{T}:changed`` -> ``T``."""
    return channel[channel.index("{") + 1 : channel.index("}")]
