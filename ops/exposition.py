"""What a scrape of ``/metrics`` answers, in one process or across gunicorn's workers.

A single process (the bot, ``python -m webapp``) serves its own default registry, with the
process collectors (CPU, memory, open files). Under gunicorn every worker is a process of
its own: with ``PROMETHEUS_MULTIPROC_DIR`` set before prometheus_client is imported, each
writes its numbers to files there, and the master's ops port reads them all at each scrape
(``MultiProcessCollector``). The directory must be empty when the server starts (numbers
of an earlier run would be added in) and a dead worker's live gauges must go
(``worker_exited``): webapp/gunicorn_config.py does both, with ops.multiproc.
"""

from __future__ import annotations

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    generate_latest,
    multiprocess,
)

from ops.multiproc import multiprocess_dir


def worker_exited(pid: int) -> None:
    """A worker is gone: its live gauges (open long polls, …) no longer count."""
    if multiprocess_dir() is not None:
        multiprocess.mark_process_dead(pid)


def scrape() -> tuple[bytes, str]:
    """The text exposition of every metric of this process (or of all the workers)."""
    if multiprocess_dir() is None:
        return generate_latest(REGISTRY), CONTENT_TYPE_LATEST
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry)
    return generate_latest(registry), CONTENT_TYPE_LATEST
