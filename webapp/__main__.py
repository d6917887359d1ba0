"""``python -m webapp``: serve the Mini App with a threaded server (docs/miniapp.md for gunicorn).

``python -m webapp --local``: play in your own browser, no Telegram and no bot token. The
real game engine and tables (on the embedded redis-server when ``REDIS_URL`` is not set),
the real page, CPU opponents moved by a ticker thread; listening on loopback only.
"""

from __future__ import annotations

import argparse
import errno
import logging
import os
import signal
import socket
import sys
import threading
import webbrowser
from dataclasses import replace
from pathlib import Path
from typing import Any

from werkzeug.serving import BaseWSGIServer, make_server

from ops.redact import configure_logging, redis_password
from tables.table.ticker import run_in_thread
from webapp.app import create_app
from webapp.config import ConfigError, WebConfig
from webapp.local_host import (
    DataDirBusy,
    DataDirLock,
    LocalMode,
    NotLoopback,
    loopback_address,
)
from webapp.ops import ops_bind, serve_ops_port
from webapp.runtime import serving_store

log = logging.getLogger("webapp")
LOCAL_DATA_DIR = ".local"
# Local games keep their own embedded Redis data, apart from a bot's (which would otherwise
# try to show local tables in chats that do not exist).
LOCAL_REDIS_SUBDIR = "redis-local"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m webapp",
        description="Serve the Mini App; with --local, play in your browser against CPUs.",
    )
    parser.add_argument(
        "--local",
        action="store_true",
        help="play in a normal browser without Telegram or a bot token (loopback only)",
    )
    parser.add_argument(
        "--host", help="address to listen on (default: 127.0.0.1; $WEBAPP_HOST without --local)"
    )
    parser.add_argument(
        "--port",
        type=_port,
        help="port to listen on (default: $WEBAPP_PORT or 8080; 0 picks a free one)",
    )
    parser.add_argument(
        "--open", action="store_true", help="with --local: also open the page in your browser"
    )
    parser.add_argument(
        "--data-dir",
        default=LOCAL_DATA_DIR,
        help="with --local: where its key, lock and games are kept (default: .local)",
    )
    return parser.parse_args(argv)


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= port < 65536:
        raise argparse.ArgumentTypeError(f"{port} is not a port number")
    return port


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    secrets = [os.environ.get("TELEGRAM_BOT_TOKEN"), redis_password(os.environ.get("REDIS_URL"))]
    configure_logging(logging.INFO, secrets=secrets)
    # A plain `kill` stops us like Ctrl+C does, so an embedded redis-server stops too.
    signal.signal(signal.SIGTERM, _exit_on_signal)
    try:
        config = WebConfig.from_env(local=args.local)
    except ConfigError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.local:
        try:
            return run_local(config, args)
        except KeyboardInterrupt:  # Ctrl+C while still starting
            _stopping()
            return 130
    config = replace(
        config,
        host=args.host or config.host,
        port=config.port if args.port is None else args.port,
    )
    try:
        bind = ops_bind()  # OPS_BIND: /metrics, /healthz, /readyz
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    store = serving_store(config.redis_url)
    try:
        serve_ops_port(store, bind)
    except OSError as error:
        print(f"error: cannot listen on OPS_BIND: {error.strerror or error}", file=sys.stderr)
        return 1
    app = create_app(store, config)
    app.run(host=config.host, port=config.port, threaded=True)
    return 0


def run_local(config: WebConfig, args: argparse.Namespace) -> int:
    host = args.host if args.host is not None else config.host
    try:
        address = loopback_address(host)
    except NotLoopback as error:
        print(f"error: refusing --host {host}: {error}", file=sys.stderr)
        return 2
    data_dir = Path(args.data_dir)
    try:
        lock = DataDirLock(data_dir).acquire()
    except DataDirBusy:
        print(
            f"error: another `python -m webapp --local` is already running on {data_dir}/: "
            "open the address it printed, or stop it first (or pick another --data-dir)",
            file=sys.stderr,
        )
        return 1
    except OSError as error:
        print(f"error: cannot use {data_dir}/: {error}", file=sys.stderr)
        return 1
    try:
        return _serve_local(config, args, address, data_dir)
    finally:
        lock.release()


def _serve_local(config: WebConfig, args: argparse.Namespace, address: str, data_dir: Path) -> int:
    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # no line per request
    if not config.redis_url:
        os.environ.setdefault("EMBEDDED_REDIS_DIR", str(data_dir / LOCAL_REDIS_SUBDIR))
    port = config.port if args.port is None else args.port
    try:  # bind first: a taken port is said at once, before anything starts
        server_socket = _bind(address, port)
    except OSError as error:
        taken = " (another program is using it: pick another with --port N)"
        reason = taken if error.errno == errno.EADDRINUSE else f": {error}"
        print(f"error: cannot listen on {address} port {port}{reason}", file=sys.stderr)
        return 1
    with server_socket:
        store = serving_store(config.redis_url, local=True)
        app = create_app(store, config, local=LocalMode.kept_in(data_dir))
        server = _serve(server_socket, address, app)
        stop = threading.Event()
        ticker = threading.Thread(
            target=run_in_thread, args=(store, stop), name="ticker", daemon=True
        )
        host_part = f"[{address}]" if ":" in address else address
        url = f"http://{host_part}:{server.port}/"
        try:
            ticker.start()  # CPU moves and other deadlines (in Telegram mode the bot does this)
            print(f"Open {url} in your browser to play (Ctrl+C stops).", flush=True)
            if args.open:
                webbrowser.open(url)
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            _stopping()
            stop.set()
            server.server_close()
            if ticker.is_alive():
                ticker.join(timeout=2)
    return 0


def _bind(address: str, port: int) -> socket.socket:
    """A listening socket on ``address``; binding errors raise (werkzeug would exit)."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((address, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    return sock


def _serve(sock: socket.socket, address: str, app: Any) -> BaseWSGIServer:
    """A threaded werkzeug server on a duplicate of ``sock``'s descriptor."""
    return make_server(address, sock.getsockname()[1], app, threaded=True, fd=sock.fileno())


def _exit_on_signal(signum: int, frame: object) -> None:
    _stopping()
    raise SystemExit(0)


def _stopping() -> None:
    """Once stopping, let the shutdown finish (an embedded redis-server stops at exit): a
    repeated Ctrl+C or kill would leave it running behind us."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


if __name__ == "__main__":
    sys.exit(main())
