"""A local stand-in for ``telegram-web-app.js``: what Telegram's script gives a Mini App.

Served over HTTP so the page loads it exactly like the real script. It supplies initData
signed with the bot token for a user the test chooses (``set_user``), the Telegram theme as
``--tg-theme-*`` CSS variables, and records ``ready``/``expand``/HapticFeedback calls in
``window.__telegramCalls`` so tests can check the page used them.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from webapp.init_data import sign_user

THEME = {
    "bg_color": "#ffffff",
    "text_color": "#000000",
    "hint_color": "#707579",
    "link_color": "#3390ec",
    "button_color": "#3390ec",
    "button_text_color": "#ffffff",
    "secondary_bg_color": "#f4f4f5",
}

SCRIPT = """
(function () {
  var calls = window.__telegramCalls = [];
  function record(name) { return function () {
    calls.push([name].concat(Array.prototype.slice.call(arguments))); }; }
  var theme = %(theme)s;
  Object.keys(theme).forEach(function (key) {
    document.documentElement.style.setProperty("--tg-theme-" + key.replace(/_/g, "-"), theme[key]);
  });
  window.Telegram = { WebApp: {
    initData: %(init_data)s,
    initDataUnsafe: %(unsafe)s,
    version: "8.0", platform: "tdesktop", colorScheme: "light", themeParams: theme,
    isExpanded: false, viewportHeight: 640,
    ready: record("ready"), expand: record("expand"), close: record("close"),
    onEvent: record("onEvent"), offEvent: record("offEvent"),
    HapticFeedback: { impactOccurred: record("impactOccurred"),
      notificationOccurred: record("notificationOccurred"),
      selectionChanged: record("selectionChanged") },
    MainButton: { show: record("MainButton.show"), hide: record("MainButton.hide"),
      setText: record("MainButton.setText"), onClick: record("MainButton.onClick") }
  } };
})();
"""


class TelegramWebAppStub:
    def __init__(self, bot_token: str) -> None:
        self.bot_token = bot_token
        self.user: dict[str, Any] | None = None
        self.start_param: str | None = None
        self.auth_date: int | None = None  # None: now
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                body = stub.script().encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/javascript; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/js/telegram-web-app.js"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def set_user(
        self,
        user: dict[str, Any] | None,
        start_param: str | None = None,
        auth_date: int | None = None,
    ) -> None:
        self.user, self.start_param, self.auth_date = user, start_param, auth_date

    def script(self) -> str:
        init_data, unsafe = "", {}
        if self.user is not None:
            init_data = sign_user(
                self.bot_token, self.user, start_param=self.start_param, auth_date=self.auth_date
            )
            unsafe = {"user": self.user, "start_param": self.start_param}
        return SCRIPT % {
            "theme": json.dumps(THEME),
            "init_data": json.dumps(init_data),
            "unsafe": json.dumps(unsafe),
        }

    def start(self) -> TelegramWebAppStub:
        self._thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def __enter__(self) -> TelegramWebAppStub:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
