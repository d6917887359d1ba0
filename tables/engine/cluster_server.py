"""Start a private Redis Cluster on loopback: 3 masters and 3 replicas, for tests and benches.

Each node is a ``redis-server --cluster-enabled yes`` child process (Redis 7 or newer: the
cluster mode of this project relies on sharded pub/sub); ``redis-cli --cluster create`` joins
them. ``start()`` returns once every node reports ``cluster_state:ok`` with all 16384 slots
covered and every master has its replica: it waits for readiness, never for a fixed time.
"""

from __future__ import annotations

import re
import secrets
import shutil
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

import redis

from tables.engine.redis_server import RedisServerError, find_redis_server, loopback_server_args

SLOTS = 16384
MIN_VERSION = (7, 0)


def cluster_port(taken: set[int]) -> int:
    """A free port whose cluster bus port (+10000) is free too (so at most 55535)."""
    for _ in range(1000):
        port = 20000 + secrets.randbelow(55535 - 20000 + 1)
        if port in taken or port + 10000 in taken:
            continue
        if all(_bindable(p) for p in (port, port + 10000)):
            return port
    raise RedisServerError("no free port pair for a cluster node")


def _bindable(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def server_version(binary: str) -> tuple[int, ...]:
    out = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout
    found = re.search(r"v=(\d+)\.(\d+)\.(\d+)", out)
    return tuple(int(part) for part in found.groups()) if found else (0,)


def find_cluster_binaries() -> tuple[str, str]:
    """(redis-server, redis-cli) of Redis 7 or newer: the usual one, else Debian's."""
    candidates = [find_redis_server(), "/usr/bin/redis-server", "/usr/local/bin/redis-server"]
    for server in dict.fromkeys(candidates):
        usable = Path(server).exists() or shutil.which(server)
        if usable and server_version(server) >= MIN_VERSION:
            cli = str(Path(server).with_name("redis-cli"))
            return server, cli if Path(cli).exists() else (shutil.which("redis-cli") or cli)
    raise RedisServerError("Redis Cluster mode needs redis-server 7 or newer")


@dataclass
class ClusterNode:
    port: int
    data_dir: Path
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}"

    def client(self, **kwargs: object) -> redis.Redis:
        return redis.Redis(port=self.port, socket_connect_timeout=0.5, **kwargs)  # type: ignore[arg-type]

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None


@dataclass
class LocalCluster:
    """``masters`` masters with ``replicas`` replicas each, on free loopback ports."""

    data_dir: Path
    masters: int = 3
    replicas: int = 1
    node_timeout_ms: int = 1000
    appendonly: bool = True
    nodes: list[ClusterNode] = field(default_factory=list)

    @property
    def url(self) -> str:
        """Any node will do: the cluster client discovers the others."""
        return self.nodes[0].url

    @property
    def urls(self) -> list[str]:
        return [node.url for node in self.nodes]

    def start(self, timeout: float = 60.0) -> LocalCluster:
        server, cli = find_cluster_binaries()
        count = self.masters * (1 + self.replicas)
        self.nodes = []
        taken: set[int] = set()
        for _ in range(count):
            port = cluster_port(taken)
            taken |= {port, port + 10000}
            node = ClusterNode(port, self.data_dir / f"node-{port}")
            self.nodes.append(node)
            self._launch(server, node)
        deadline = time.monotonic() + timeout
        for node in self.nodes:
            self._wait_for_ping(node, deadline)
        subprocess.run(
            [cli, "--cluster", "create", *(f"127.0.0.1:{n.port}" for n in self.nodes),
             "--cluster-replicas", str(self.replicas), "--cluster-yes"],
            check=True, capture_output=True, timeout=max(5.0, deadline - time.monotonic()),
        )  # fmt: skip
        self.wait_ready(deadline - time.monotonic())
        return self

    def _launch(self, server: str, node: ClusterNode) -> None:
        node.data_dir.mkdir(parents=True, exist_ok=True)
        command = [
            server,
            *loopback_server_args(node.port, node.data_dir, appendonly=self.appendonly),
            "--cluster-enabled", "yes",
            "--cluster-config-file", "nodes.conf",
            "--cluster-node-timeout", str(self.node_timeout_ms),
        ]  # fmt: skip
        node.process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
        )

    def _wait_for_ping(self, node: ClusterNode, deadline: float) -> None:
        client = node.client()
        try:
            while True:
                if not node.alive:
                    raise RedisServerError(f"cluster node {node.port} exited")
                try:
                    if client.ping():
                        return
                except (redis.ConnectionError, redis.BusyLoadingError):
                    pass
                if time.monotonic() > deadline:
                    raise RedisServerError(f"cluster node {node.port} did not answer in time")
                time.sleep(0.02)
        finally:
            client.close()

    def wait_ready(self, timeout: float = 30.0) -> None:
        """Until every live node sees cluster_state:ok, all slots served, and every master
        that should have a replica has one online."""
        deadline = time.monotonic() + timeout
        while not self.is_ready():
            if time.monotonic() > deadline:
                raise RedisServerError("the cluster did not become ready in time")
            time.sleep(0.05)

    def is_ready(self) -> bool:
        try:
            for node in self.nodes:
                if not node.alive:
                    continue
                with node.client() as client:
                    info = client.cluster("info")
                    if info.get("cluster_state") != "ok":
                        return False
                    if int(info.get("cluster_slots_ok", 0)) != SLOTS:
                        return False
            return self._replicas_online()
        except redis.RedisError:
            return False

    def _replicas_online(self) -> bool:
        live = [node for node in self.nodes if node.alive]
        masters = self.master_nodes()
        if len(live) < len(self.nodes):
            return bool(masters)  # after a kill: the survivors serve every slot
        for node in masters:
            with node.client() as client:
                info = client.info("replication")
            online = [
                value
                for key, value in info.items()
                if key.startswith("slave") and isinstance(value, dict)
                and value.get("state") == "online"
            ]  # fmt: skip
            if len(online) < self.replicas:
                return False
        return True

    def master_nodes(self) -> list[ClusterNode]:
        found = []
        for node in self.nodes:
            if not node.alive:
                continue
            with node.client() as client:
                if client.info("replication").get("role") == "master":
                    found.append(node)
        return found

    def node_for_slot(self, slot: int) -> ClusterNode:
        """The live master serving ``slot``, as the live nodes see it."""
        for node in self.nodes:
            if not node.alive:
                continue
            with node.client() as client:
                for start, end, master, *_ in client.execute_command("CLUSTER", "SLOTS"):
                    if int(start) <= slot <= int(end):
                        port = int(master[1])
                        return next(n for n in self.nodes if n.port == port)
        raise RedisServerError(f"no live node serves slot {slot}")

    def node_by_port(self, port: int) -> ClusterNode:
        return next(node for node in self.nodes if node.port == port)

    def node_id(self, node: ClusterNode) -> str:
        with node.client() as client:
            return str(client.execute_command("CLUSTER", "MYID").decode())

    def migrate_slot(self, slot: int, target: ClusterNode, pause: float = 0.0) -> None:
        """Move ``slot`` to ``target`` the way ``redis-cli --cluster reshard`` does: mark it
        importing/migrating, MIGRATE its keys one by one (``pause`` between steps, so clients
        meet the half-way states: ASK, TRYAGAIN), then give it to the target everywhere."""
        source = self.node_for_slot(slot)
        if source.port == target.port:
            return
        source_id, target_id = self.node_id(source), self.node_id(target)
        with source.client() as src, target.client() as dst:
            dst.execute_command("CLUSTER", "SETSLOT", slot, "IMPORTING", source_id)
            src.execute_command("CLUSTER", "SETSLOT", slot, "MIGRATING", target_id)
            while keys := src.execute_command("CLUSTER", "GETKEYSINSLOT", slot, 10):
                for key in keys:
                    time.sleep(pause)
                    src.execute_command("MIGRATE", "127.0.0.1", target.port, key, 0, 5000)
            time.sleep(pause)
            dst.execute_command("CLUSTER", "SETSLOT", slot, "NODE", target_id)
            src.execute_command("CLUSTER", "SETSLOT", slot, "NODE", target_id)
        for node in self.master_nodes():
            with node.client() as client:
                client.execute_command("CLUSTER", "SETSLOT", slot, "NODE", target_id)

    def stop(self) -> None:
        for node in self.nodes:
            if node.process is None or node.process.poll() is not None:
                continue
            node.process.terminate()
        for node in self.nodes:
            if node.process is None:
                continue
            try:
                node.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                node.process.kill()
                node.process.wait()

    def kill(self, node: ClusterNode) -> None:
        """``kill -9`` one node."""
        assert node.process is not None
        node.process.kill()
        node.process.wait()

    def __enter__(self) -> LocalCluster:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
