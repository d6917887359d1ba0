"""The operator's port (``OPS_BIND``): ``/metrics``, ``/healthz`` and ``/readyz``.

A port of its own, apart from the one players reach, so the metrics never face the
internet: docker-compose publishes neither, and nginx refuses ``/metrics`` on the public
port as well (deploy/nginx.conf). A small threaded HTTP server in a daemon thread, as
prometheus_client's own ``start_http_server`` is; it serves the bot (beside its event loop)
and gunicorn's master (beside its workers).
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Callable, Iterable
from socketserver import ThreadingMixIn
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from ops.exposition import scrape
from ops.health import Probe, Verdict

StartResponse = Callable[..., Any]
JSON = "application/json"


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # scrapes every few seconds
        pass


class _Server(ThreadingMixIn, WSGIServer):
    daemon_threads = True
    allow_reuse_address = True


class _Server6(_Server):
    address_family = socket.AF_INET6


class OpsServer:
    """Serves the three paths on ``bind`` until :meth:`stop`. A port already taken is an
    error at :meth:`start` (``OSError``), never a silent move to another port."""

    def __init__(self, bind: tuple[str, int], *, live: Probe, ready: Probe) -> None:
        self.bind = bind
        self.live = live
        self.ready = ready
        self._server: _Server | None = None

    @property
    def port(self) -> int:
        assert self._server is not None
        return self._server.server_port

    def start(self) -> OpsServer:
        host, port = self.bind
        server_class = _Server6 if ":" in host else _Server
        self._server = make_server(
            host, port, self.app, server_class=server_class, handler_class=_QuietHandler
        )  # type: ignore[assignment]
        thread = threading.Thread(target=self._server.serve_forever, name="ops-port", daemon=True)
        thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()

    def close_in_child(self) -> None:
        """In a forked child (a gunicorn worker): close the inherited listening socket, which
        only the parent's thread serves, so the port dies with the parent."""
        if self._server is not None:
            self._server.socket.close()

    def app(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        if environ.get("REQUEST_METHOD") not in ("GET", "HEAD"):
            return _answer(start_response, 405, b'{"error": "method_not_allowed"}', JSON)
        if path == "/metrics":
            body, content_type = scrape()
            return _answer(start_response, 200, body, content_type)
        if path in ("/healthz", "/readyz"):
            verdict = _safely(self.live if path == "/healthz" else self.ready)
            return _answer(start_response, verdict.status, verdict.body(), JSON)
        return _answer(start_response, 404, b'{"error": "not_found"}', JSON)


def _safely(probe: Probe) -> Verdict:
    try:
        verdict = probe()
    except Exception as error:  # a probe that breaks says so, as a 503
        return Verdict({"probe": type(error).__name__})
    return verdict if isinstance(verdict, Verdict) else Verdict({"probe": "no_answer"})


def _answer(
    start_response: StartResponse, status: int, body: bytes, content_type: str
) -> list[bytes]:
    reason = {200: "OK", 404: "Not Found", 405: "Method Not Allowed", 503: "Unavailable"}
    headers = [("Content-Type", content_type), ("Content-Length", str(len(body))),
               ("Cache-Control", "no-store")]  # fmt: skip
    start_response(f"{status} {reason.get(status, 'Error')}", headers)
    return [body]
