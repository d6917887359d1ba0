"""The directory where gunicorn's workers write their metrics (``PROMETHEUS_MULTIPROC_DIR``).

Standard library only, on purpose: prometheus_client decides at import whether it counts in
memory or in these files, so the directory is set up before anything imports it (at the top
of webapp/gunicorn_config.py, in the master, before a worker is forked).
"""

from __future__ import annotations

import os
import shutil
import tempfile

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
OWN_PREFIX = "cupclaim-metrics-"


def multiprocess_dir() -> str | None:
    return os.environ.get(MULTIPROC_ENV) or None


def fresh_multiprocess_dir() -> str:
    """Set ``PROMETHEUS_MULTIPROC_DIR`` for this process and its children: the directory
    given there, emptied of an earlier run's files, or a new private one."""
    given = multiprocess_dir()
    if given is None:
        given = tempfile.mkdtemp(prefix=OWN_PREFIX)
    else:
        os.makedirs(given, mode=0o700, exist_ok=True)
        for name in os.listdir(given):
            if name.endswith(".db"):
                os.unlink(os.path.join(given, name))
    os.environ[MULTIPROC_ENV] = given
    return given


def remove_multiprocess_dir(path: str) -> None:
    """At the server's exit, a directory we made ourselves goes (one given stays)."""
    if os.path.basename(path).startswith(OWN_PREFIX):
        shutil.rmtree(path, ignore_errors=True)
