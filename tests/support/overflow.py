"""How far a page sticks out past the right edge of the screen, over a whole scripted game.

``worst(page)`` is the page's largest horizontal overflow: the document's scroll width past
the window's, and every element's right edge past it (0 when everything fits). A
:class:`Watch` opens the local page of one person at one width in several languages, follows a
:class:`tests.support.scenes.Script` change by change (the pages follow on their own, as a
player's would) and keeps the worst overflow seen, and where.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from tests.support.scenes import Script
from webapp.init_data import sign_user

WORST_JS = """() => {
  const width = window.innerWidth;
  let px = document.documentElement.scrollWidth - width, where = "document";
  for (const el of document.querySelectorAll("body *")) {
    const box = el.getBoundingClientRect();
    if ((box.width || box.height) && box.right - width > px) {
      px = box.right - width;
      const classes = typeof el.className === "string" ? el.className.split(" ").join(".") : "";
      where = el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
        (classes ? "." + classes : "") + " " + JSON.stringify((el.textContent || "").slice(0, 40));
    }
  }
  return { px: Math.max(0, Math.floor(px)), where: where };
}"""
SESSION_SCRIPT = "sessionStorage.setItem('tables.session', %r);"
DEADLINE = 30.0  # seconds a page may take to show a change (generous: a loaded machine)


def worst(page: Any) -> dict[str, Any]:
    return page.evaluate(WORST_JS)


def wait_for(page: Any, selector: str, deadline: float = DEADLINE) -> None:
    page.wait_for_selector(selector, timeout=deadline * 1000)


def drawn(page: Any, version: int) -> None:
    """Wait until the page shows ``version`` of its table, drawn by the game's renderer."""
    wait_for(page, f'#table[data-version="{version}"][data-drawn="game"]')


@dataclass
class Watch:
    browser: Any
    base_url: str
    secret: str
    width: int = 320
    languages: tuple[str, ...] = ("en",)
    dark: bool = False
    pages: dict[str, Any] = field(default_factory=dict)
    worst_px: int = 0
    worst_where: str = ""
    checks: int = 0
    problems: list[str] = field(default_factory=list)

    def open(self, script: Script | None) -> None:
        """One page per language: the setup form without a script, else its first person's
        view of the script's table."""
        for language in self.languages:
            context = self.browser.new_context(
                viewport={"width": self.width, "height": 740},
                color_scheme="dark" if self.dark else "light",
                locale=language,
                extra_http_headers={"Accept-Language": language},
            )
            page = context.new_page()
            page.on("pageerror", lambda error: self.problems.append(str(error)))
            query = ""
            if script is not None:
                user = dict(script.users[0], language_code=language)
                page.add_init_script(SESSION_SCRIPT % sign_user(self.secret, user))
                query = "?table=" + script.table_id
            page.goto(self.base_url + "/" + query)
            self.pages[language] = page

    def check(self, script: Script | None, label: str) -> None:
        """Wait for every page to show the script's table as it is now, then measure."""
        version = script.table.version if script else None
        for language, page in self.pages.items():
            if version is None:
                wait_for(page, "#setup:not([hidden]) #cpus")
            else:
                drawn(page, version)
                if page.query_selector("#private.covered"):
                    self._measure(page, language, label + " (covered)")
                    page.click("#private.covered")
                    wait_for(page, "#private:not(.covered)")
            self._measure(page, language, label)

    def _measure(self, page: Any, language: str, label: str) -> None:
        found = worst(page)
        self.checks += 1
        if found["px"] > self.worst_px or not self.worst_where:
            self.worst_px = max(self.worst_px, found["px"])
            if found["px"]:
                self.worst_where = f"{label} [{language}] {found['where']}"

    def close(self) -> None:
        for page in self.pages.values():
            page.context.close()
        self.pages.clear()


def watch_game(watch: Watch, script: Script, max_seconds: float = 600.0) -> Watch:
    """The lobby, then every change until the game is over, measured in every language."""
    started = time.monotonic()
    watch.open(script)
    try:
        watch.check(script, "lobby")
        script.start()
        step = 0
        while True:
            watch.check(script, f"change {step}")
            if not script.step():
                break
            step += 1
            if time.monotonic() - started > max_seconds:
                raise AssertionError(f"the game took more than {max_seconds}s")
        watch.check(script, "over")
    finally:
        watch.close()
    return watch
