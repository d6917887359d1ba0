"""Opening the page in Chromium for tests: as a local person (signed with the server's local
secret) or in Telegram (the Web App stub), with generous deadlines and no fixed sleeps."""

from __future__ import annotations

import time
from typing import Any

from webapp.init_data import sign_user

DEADLINE = 30.0
SESSION_SCRIPT = "sessionStorage.setItem('tables.session', %r);"


def new_page(
    browser: Any,
    *,
    width: int = 360,
    height: int = 740,
    dark: bool = False,
    reduced: bool = False,
    language: str = "en",
    problems: list[str] | None = None,
) -> Any:
    context = browser.new_context(
        viewport={"width": width, "height": height},
        color_scheme="dark" if dark else "light",
        reduced_motion="reduce" if reduced else "no-preference",
        locale=language,
        extra_http_headers={"Accept-Language": language},
    )
    page = context.new_page()
    if problems is not None:
        page.on("pageerror", lambda error: problems.append(str(error)))
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    return page


def open_as(
    page: Any,
    base_url: str,
    secret: str,
    user: dict[str, Any],
    table_id: str = "",
    auth_date: int | None = None,
) -> Any:
    """The local page of ``table_id`` as ``user``, signed in the way a tab keeps its person."""
    page.add_init_script(SESSION_SCRIPT % sign_user(secret, user, auth_date=auth_date))
    page.goto(base_url + "/" + (f"?table={table_id}" if table_id else ""))
    return page


def drawn(page: Any, version: int | None = None) -> None:
    """Wait until the page shows ``version`` (any, if None), drawn whole: by the game's
    renderer, or by the shell alone for a game without one."""
    selector = f'[data-version="{version}"]' if version is not None else "[data-version]"
    done = ':is([data-drawn="game"], [data-drawn="shell"])'
    page.wait_for_selector(f"#table{selector}{done}", timeout=DEADLINE * 1000)


def wait_js(page: Any, expression: str, timeout: float = DEADLINE) -> None:
    """Poll a JS expression from Python: the page's CSP (rightly) forbids eval-based waits."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise AssertionError(f"not true within {timeout}s: {expression}")
        time.sleep(0.05)


def wait_until(check: Any, timeout: float = DEADLINE, what: str = "") -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"not true within {timeout}s: {what or check}")
        time.sleep(0.05)
