"""The web app as production runs it: gunicorn with ``webapp.gunicorn_config``, and nginx
with ``deploy/nginx.conf`` in front (its upstreams and port swapped for local ones)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tables.engine.redis_server import free_port, stop_process
from tests.support.bot_process import ROOT, TOKEN

NGINX_CONF = ROOT / "deploy" / "nginx.conf"


def wait_healthy(url: str, process: subprocess.Popen[bytes], log: Path, timeout: float = 60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"exited with {process.returncode}:\n{log.read_text()}")
        try:
            if httpx.get(url + "/healthz", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.05)
    raise AssertionError(f"not healthy within {timeout} s:\n{log.read_text()}")


class Gunicorn:
    """``gunicorn -c python:webapp.gunicorn_config webapp.wsgi:application``, as compose runs it."""

    def __init__(self, redis_url: str, log_path: Path, **env: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = log_path
        self.env = {
            k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "REDIS_", "WEB"))
        }
        self.env.update(
            TELEGRAM_BOT_TOKEN=TOKEN,
            REDIS_URL=redis_url,
            WEB_BIND=f"127.0.0.1:{self.port}",
            PYTHONUNBUFFERED="1",
            **env,
        )
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Gunicorn:
        command = [sys.executable, "-m", "gunicorn", "-c", "python:webapp.gunicorn_config",
                   "webapp.wsgi:application"]  # fmt: skip
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=self.env, stdout=self.log_path.open("ab"),
            stderr=subprocess.STDOUT,
        )  # fmt: skip
        wait_healthy(self.url, self.process, self.log_path)
        return self

    def stop(self) -> None:
        stop_process(self.process, 30)

    @property
    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


def nginx_binary() -> str:
    found = shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if os.access(p, os.X_OK)), None
    )
    if found is None:
        raise AssertionError("nginx is needed for this test: `bash .ci/run` installs it")
    return found


def site_config(web_port: int, listen_port: int, bot_port: int) -> str:
    """deploy/nginx.conf with local addresses; fails if the file no longer has what it swaps."""
    text = NGINX_CONF.read_text()
    swaps = {
        "resolver 127.0.0.11 valid=10s;": "",
        "server bot:8443;": f"server 127.0.0.1:{bot_port};",
        "server webapp:8080;": f"server 127.0.0.1:{web_port};",
        "listen 80;": f"listen 127.0.0.1:{listen_port};",
    }
    for old, new in swaps.items():
        assert text.count(old) == 1, f"deploy/nginx.conf no longer has {old!r}"
        text = text.replace(old, new)
    return text


class Nginx:
    """nginx in the foreground with deploy/nginx.conf, in front of ``web_port``."""

    def __init__(self, web_port: int, workdir: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.workdir = workdir
        workdir.mkdir(parents=True, exist_ok=True)
        (workdir / "site.conf").write_text(site_config(web_port, self.port, free_port()))
        user = "user root;\n" if os.geteuid() == 0 else ""  # workers write our temp folder
        temp = " ".join(
            f"{kind}_temp_path {workdir / kind};"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        (workdir / "nginx.conf").write_text(
            f"{user}worker_processes 1;\npid {workdir / 'nginx.pid'};\n"
            f"error_log {workdir / 'error.log'} warn;\n"
            "events { worker_connections 4096; }\n"
            f"http {{ access_log off; {temp}\n include {workdir / 'site.conf'}; }}\n"
        )
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Nginx:
        conf = str(self.workdir / "nginx.conf")
        binary = nginx_binary()
        errors = str(self.workdir / "error.log")
        check = subprocess.run(
            [binary, "-t", "-p", str(self.workdir), "-e", errors, "-c", conf],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        assert check.returncode == 0, check.stderr
        log = self.workdir / "stderr.log"
        self.process = subprocess.Popen(
            [binary, "-p", str(self.workdir), "-e", errors, "-c", conf, "-g", "daemon off;"],
            stdout=log.open("ab"), stderr=subprocess.STDOUT,
        )  # fmt: skip
        wait_healthy(self.url, self.process, log)
        return self

    def stop(self) -> None:
        stop_process(self.process, 15)
