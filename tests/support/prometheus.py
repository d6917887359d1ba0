"""Debian's ``prometheus`` as a child process, scraping given targets every second."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import httpx

from tables.engine.redis_server import free_port, stop_process

SCRAPE_SECONDS = 1


def prometheus_binary() -> str:
    found = shutil.which("prometheus")
    assert found, "prometheus is needed for this test: `bash .ci/run` installs Debian's package"
    return found


class Prometheus:
    """A private Prometheus: ``jobs`` maps a job name to its targets (``host:port``), and
    ``rule_files`` are evaluated every second too."""

    def __init__(self, workdir: Path, jobs: dict[str, list[str]], rule_files: list[Path]) -> None:
        self.workdir = workdir
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        workdir.mkdir(parents=True, exist_ok=True)
        lines = [
            f"global: {{scrape_interval: {SCRAPE_SECONDS}s, evaluation_interval: 1s}}",
            "rule_files: [" + ", ".join(f'"{path}"' for path in rule_files) + "]",
            "scrape_configs:",
        ]
        for job, targets in jobs.items():
            quoted = ", ".join(f'"{target}"' for target in targets)
            lines += [f"  - job_name: {job}", f"    static_configs: [{{targets: [{quoted}]}}]"]
        (workdir / "prometheus.yml").write_text("\n".join(lines) + "\n")
        self.log = workdir / "prometheus.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 60) -> Prometheus:
        self.process = subprocess.Popen(
            [prometheus_binary(), f"--config.file={self.workdir / 'prometheus.yml'}",
             f"--storage.tsdb.path={self.workdir / 'data'}",
             f"--web.listen-address=127.0.0.1:{self.port}"],
            stdout=self.log.open("ab"), stderr=subprocess.STDOUT,
        )  # fmt: skip
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.log.read_text()
            try:
                if httpx.get(self.url + "/-/ready", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise AssertionError(f"prometheus not ready within {timeout} s:\n{self.log.read_text()}")

    def stop(self) -> None:
        stop_process(self.process, 20)

    def api(self, path: str, **params: str) -> Any:
        """``/api/v1/<path>``'s data; fails the test on an error answer."""
        response = httpx.get(f"{self.url}/api/v1/{path}", params=params, timeout=10)
        body = response.json()
        assert body["status"] == "success", (path, params, body)
        return body["data"]

    def query(self, expr: str) -> list[dict[str, Any]]:
        return self.api("query", query=expr)["result"]

    def value(self, expr: str) -> float | None:
        """The single value of ``expr`` now, or None when it has none."""
        result = self.query(expr)
        return float(result[0]["value"][1]) if result else None

    def wait_for(self, expr: str, wanted: float, timeout: float = 60) -> float | None:
        deadline = time.monotonic() + timeout
        seen = None
        while time.monotonic() < deadline:
            seen = self.value(expr)
            if seen == wanted:
                return seen
            time.sleep(0.2)
        return seen
