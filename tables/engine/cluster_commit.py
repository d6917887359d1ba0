"""A move's commit against a Redis Cluster, in one round trip when nothing moves.

The check-and-set script (and the WAIT that makes it durable, tables.engine.durability) goes to the
node serving the table's slot; each index hint goes to the node serving its partition's
slot; all are written before any reply is read (tables.engine.fastlink.ClusterLink). What the
cluster may answer instead of a result is followed here:

- ``MOVED``: the slot lives elsewhere now (a resharding finished, a failover): the slot map
  is read again and the script sent to the new owner.
- ``ASK``: the slot is being migrated and the table's keys already left: ``ASKING`` + the
  script on the target node, once.
- ``TRYAGAIN`` (the keys are split mid-migration), ``CLUSTERDOWN`` (a failover is under
  way), a connection that breaks: wait a little and try again, for as long as a failover
  takes.
- ``NOSCRIPT``: a node that never saw the script (a new master): load it there.

A connection that broke after the script was sent leaves it unknown whether the script ran.
A retry then finds the version moved on (``-2``); if the table now holds exactly the document
this commit wrote, it was this commit, and it counts as made.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from typing import Any

import redis
from redis.backoff import ExponentialBackoff

from ops import metrics
from tables.engine.cluster import FAILOVER_PATIENCE
from tables.engine.durability import Durability, connected_replicas, parse_info
from tables.engine.fastlink import ClusterLink, FastLinkUnavailable

log = logging.getLogger(__name__)
_BACKOFF = ExponentialBackoff(cap=0.5, base=0.02)  # between tries of one commit

Command = tuple[Any, ...]


class ClusterCommitter:
    def __init__(self, client: Any, script_source: str, durability: Durability) -> None:
        self.client = client
        self.source = script_source
        self.durability = durability
        self.link = ClusterLink(client)
        self.patience = FAILOVER_PATIENCE

    def commit(
        self,
        sha: str,
        script_keys: Sequence[str],
        script_args: Sequence[Any],
        hints: Sequence[Command],
        doc: bytes,
    ) -> int:
        """Run the check-and-set on the table's node and the hints on theirs; the script's
        result (new version, -1 no table, -2 moved on)."""
        table_key = script_keys[0]
        expected = int(script_args[0])
        evalsha: Command = ("EVALSHA", sha, len(script_keys), *script_keys, *script_args)
        wait = self.durability.wait_command()
        script = [evalsha, *([wait] if wait else [])]
        deadline = 0.0  # set at the first failure
        pending_hints = list(hints)
        ask: tuple[str, int] | None = None
        unsure = False  # a send broke after the script may have run
        failures = 0
        while True:
            address = ask or self.link.node_for(table_key)
            main: list[Command] = [("ASKING",), *script] if ask else script
            outcome = self._send(address, main, pending_hints)
            pending_hints = []
            asked, ask = ask is not None, None
            retry_reason: str | None = None
            if isinstance(outcome, Exception):
                unsure = True
                retry_reason = str(outcome)
                self.link.refresh()
            else:
                replies = outcome[1:] if asked else outcome
                first = replies[0]
                if isinstance(first, redis.ResponseError):
                    step = self._redirected(first, address)
                    if step is None or isinstance(step, tuple):
                        ask = step
                        continue
                    retry_reason = step
                else:
                    result = int(first)
                    if result == -2 and unsure and self._is_ours(table_key, expected, doc):
                        result = expected + 1  # the reply lost was this very commit's
                        metrics.lost_reply(result)
                    elif result > 0 and self.durability.replicas:
                        self._check_durable(address, replies[1])
                    if failures and result > 0:
                        self._announce_again(hints)
                    return result
            failures += 1
            deadline = deadline or time.monotonic() + self.patience
            _pause(failures, retry_reason, deadline)

    def _send(self, address: tuple[str, int], main: list[Command], hints: Sequence[Command]) -> Any:
        """One try: the script to the table's node, each hint to its own node. The replies
        to ``main``, or the exception that broke the table's send."""
        hint_groups = self._group(list(hints))
        # Hints for the table's own node ride in its write, after the script.
        local = next((cmds for addr, cmds in hint_groups if addr == address), [])
        others = [(addr, cmds) for addr, cmds in hint_groups if addr != address]
        results = self.link.execute_groups([(address, [*main, *local]), *others])
        outcome = results[0]
        if not isinstance(outcome, Exception) and local:
            outcome, local_replies = outcome[: len(main)], outcome[len(main) :]
            self._settle_hints([(address, local)], [local_replies])
        elif local:
            self._settle_hints([(address, local)], [outcome])
        if others:
            self._settle_hints(others, results[1:])
        return outcome

    def _redirected(
        self, error: redis.ResponseError, address: tuple[str, int]
    ) -> tuple[str, int] | str | None:
        """What the cluster's refusal of the script asks for: one node to ask next (ASK), a
        retry after a pause (its reason), or a retry at once (None: the script is loaded)."""
        text = str(error)
        kind = text.split(" ", 1)[0]
        if kind == "MOVED":
            self.link.refresh()
            return text
        if kind == "ASK":
            host, port = text.split(" ")[2].rsplit(":", 1)
            metrics.cluster_retry(kind)
            return (host, int(port))
        if kind in ("TRYAGAIN", "CLUSTERDOWN"):
            return text
        if kind == "NOSCRIPT":
            self._load_script(address)
            return None
        raise error

    def _announce_again(self, hints: Sequence[Command]) -> None:
        """The update notice went out with the first try, possibly before the commit landed
        (its node answered first): once more, so a notifier that looked too early looks
        again (showing a version twice is harmless, the render claims each once)."""
        for command in hints:
            if command[0] == "XADD":
                self.client.execute_command(*command)

    def run_on_key(self, key: str, commands: Sequence[Command]) -> list[Any]:
        """Commands of one slot, followed by the durability WAIT, on the key's node (a new
        table's first write). Redirections and failovers are followed like a commit's."""
        wait = self.durability.wait_command()
        batch = [*commands, *([wait] if wait else [])]
        backoff = ExponentialBackoff(cap=0.5, base=0.02)
        deadline = time.monotonic() + self.patience
        failures = 0
        while True:
            address = self.link.node_for(key)
            (outcome,) = self.link.execute_groups([(address, batch)])
            if not isinstance(outcome, Exception):
                errors = [r for r in outcome if isinstance(r, redis.ResponseError)]
                if not errors:
                    if wait:
                        self._check_durable(address, outcome[-1])
                    return outcome[: len(commands)]
                if not str(errors[0]).startswith(("MOVED", "ASK", "TRYAGAIN", "CLUSTERDOWN")):
                    raise errors[0]
            self.link.refresh()
            failures += 1
            if time.monotonic() >= deadline:
                raise redis.ConnectionError("could not write to the cluster")
            time.sleep(backoff.compute(failures))

    def run(self, commands: Sequence[Command]) -> list[Any]:
        """Commands of any slots, their replies in order: each node's share in one packed
        write; a redirected command, or a node's share whose connection failed, goes again
        through redis-py (which follows the cluster and rides out a failover)."""
        by_node: dict[tuple[str, int], list[int]] = {}
        for index, command in enumerate(commands):
            by_node.setdefault(self.link.node_for(_routing_key(command)), []).append(index)
        nodes = list(by_node.items())
        results = self.link.execute_groups(
            [(address, [commands[i] for i in indexes]) for address, indexes in nodes]
        )
        replies: list[Any] = [None] * len(commands)
        stale = False  # the slot map sent something to the wrong node, or to a lost one
        for (_address, indexes), outcome in zip(nodes, results, strict=True):
            for position, index in enumerate(indexes):
                reply = outcome if isinstance(outcome, Exception) else outcome[position]
                if isinstance(outcome, Exception) or _redirected(reply):
                    stale = stale or isinstance(outcome, Exception) or _moved(reply)
                    reply = self.client.execute_command(*commands[index])
                replies[index] = reply
        if stale:
            self.link.refresh()  # else every later read of those slots would go twice
        return replies

    def _group(self, commands: Sequence[Command]) -> list[tuple[tuple[str, int], list[Command]]]:
        by_node: dict[tuple[str, int], list[Command]] = {}
        for command in commands:
            by_node.setdefault(self.link.node_for(_routing_key(command)), []).append(command)
        return list(by_node.items())

    def _settle_hints(
        self,
        groups: Sequence[tuple[tuple[str, int], Sequence[Command]]],
        results: Sequence[list[Any] | Exception],
    ) -> None:
        """Hints that did not land on the fast path go through redis-py (which follows
        redirections and rides out a failover). A hint refused for another reason is a bug.
        A MOVED or a lost node means the slot map is old: it is read again, or every later
        change would send its hints to the wrong node first."""
        stale = False
        for (_address, commands), outcome in zip(groups, results, strict=True):
            if isinstance(outcome, FastLinkUnavailable | Exception):
                redo = list(commands)
                stale = True
            else:
                redo = [c for c, r in zip(commands, outcome, strict=True) if _redirected(r)]
                refused = [r for r in outcome if isinstance(r, redis.ResponseError)]
                if len(refused) > len(redo):
                    raise next(r for r in refused if not _redirected(r))
                stale = stale or any(_moved(r) for r in outcome)
            for command in redo:
                self.client.execute_command(*command)
        if stale:
            self.link.refresh()

    def _load_script(self, address: tuple[str, int]) -> None:
        try:
            self.link.link(address).execute([("SCRIPT", "LOAD", self.source)])
        except FastLinkUnavailable:
            self.link.refresh()

    def _is_ours(self, table_key: str, expected: int, written: bytes) -> bool:
        version, doc = self.client.hmget(table_key, "v", "doc")
        return version is not None and int(version) == expected + 1 and doc == written

    def _check_durable(self, address: tuple[str, int], acknowledged: Any) -> None:
        count = int(acknowledged) if not isinstance(acknowledged, Exception) else 0
        if count >= self.durability.replicas:
            return
        try:
            (raw,) = self.link.link(address).execute([("INFO", "replication")])
            connected = connected_replicas(parse_info(raw))
        except FastLinkUnavailable:
            connected = self.durability.replicas  # unknown: assume they are there
        self.durability.check(count, connected)


def _routing_key(command: Command) -> str:
    """The key that places a command: its first key (a script's come after its count)."""
    return command[3] if command[0] in ("EVAL", "EVALSHA") else command[1]


def _moved(reply: Any) -> bool:
    return isinstance(reply, redis.ResponseError) and str(reply).startswith("MOVED")


def _redirected(reply: Any) -> bool:
    return isinstance(reply, redis.ResponseError) and str(reply).startswith(
        ("MOVED", "ASK", "TRYAGAIN", "CLUSTERDOWN")
    )


def _pause(failures: int, reason: str | None, deadline: float) -> None:
    """Before the next try: counted, logged at the first, given up past the deadline."""
    metrics.cluster_retry(reason or "")
    if time.monotonic() >= deadline:
        raise redis.ConnectionError(f"could not commit to the cluster: {reason}")
    if failures == 1:
        log.info("commit retried: %s", reason)
    time.sleep(_BACKOFF.compute(failures))
