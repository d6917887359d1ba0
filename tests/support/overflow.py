"""How the page holds up over a whole scripted game: nothing wider than the screen, no text
cut short, and no serious accessibility fault (axe-core), in every language.

``worst(page)`` is the page's largest horizontal overflow: the document's scroll width past
the window's, and every element's right edge past it (0 when everything fits). ``cut(page)``
lists the text the page shows cut short: an element whose text is wider or taller than its
box while the box hides the rest (an ellipsis, a clip), and a choice in a ``<select>`` wider
than the box shows. A :class:`Watch` opens the local page of one person at one width in
several languages, follows a :class:`tests.support.scenes.Script` change by change (the pages
follow on their own, as a player's would), measures both at every change, and runs axe (every
rule, then the colour rules in the other theme) the first time each kind of state shows (the
lobby, your turn, the cup on your dice, each kind of reveal or result, out, the end).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from tests.support.axe import audit
from tests.support.scenes import Script, concerns_you, you_are_out, your_turn
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

# Text cut short: boxes that hide what does not fit (overflow hidden or clip, an ellipsis, a
# line clamp) while their text does not fit; and a select whose chosen option is wider than
# the select shows (measured with the select's own font). Screen-reader-only text (a 1 px
# clipped box) is meant to be unseen.
CUT_JS = """() => {
  const found = [];
  const canvas = document.createElement("canvas").getContext("2d");
  const label = (el) => {
    const classes = typeof el.className === "string" ? el.className.split(" ").join(".") : "";
    return el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + (classes ? "." + classes : "");
  };
  for (const el of document.querySelectorAll("body *")) {
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1 || !el.textContent.trim()) continue;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden" || style.clip !== "auto") continue;  // sr-only text
    if (el.tagName === "SELECT") {
      const option = el.options[el.selectedIndex];
      if (!option) continue;
      canvas.font = style.font;
      const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      const room = el.clientWidth - padding - 16;  // 16: the arrow
      const need = canvas.measureText(option.text).width;
      if (need > room + 1) found.push(label(el) + " " + JSON.stringify(option.text));
      continue;
    }
    const hiding = ["hidden", "clip"];
    const hidesX = hiding.includes(style.overflowX) || style.textOverflow === "ellipsis";
    const hidesY = hiding.includes(style.overflowY) || style.webkitLineClamp !== "none";
    const wide = hidesX && el.scrollWidth > el.clientWidth + 1;
    const tall = hidesY && el.scrollHeight > el.clientHeight + 1;
    const text = JSON.stringify(el.textContent.trim().slice(0, 40));
    if (wide || tall) found.push(label(el) + " " + text);
  }
  return found;
}"""
# Motion played to its end (a fading banner is not a contrast fault; what stays on screen is).
SETTLE_JS = """() => document.getAnimations().forEach((animation) => {
  if (animation.effect.getComputedTiming().iterations !== Infinity) animation.finish();
})"""
THEMED = ["color-contrast", "link-in-text-block"]  # the rules a colour scheme can change
SESSION_SCRIPT = "sessionStorage.setItem('tables.session', %r);"
DEADLINE = 30.0  # seconds a page may take to show a change (generous: a loaded machine)


BOTH_JS = f"() => [({WORST_JS})(), ({CUT_JS})()]"


def worst(page: Any) -> dict[str, Any]:
    return page.evaluate(WORST_JS)


def cut(page: Any) -> list[str]:
    return page.evaluate(CUT_JS)


def wait_for(page: Any, selector: str, deadline: float = DEADLINE) -> None:
    page.wait_for_selector(selector, timeout=deadline * 1000)


def drawn(page: Any, version: int) -> None:
    """Wait until the page shows ``version`` of its table, drawn by the game's renderer."""
    wait_for(page, f'#table[data-version="{version}"][data-drawn="game"]')


def state_kind(script: Script | None) -> str:
    """What kind of state a player looks at now: axe runs once per kind (and language)."""
    if script is None:
        return "setup"
    table = script.table
    if table.status == "lobby":
        return "lobby"
    if table.status != "playing":
        return "over"
    if you_are_out(script):
        return "out"
    moment = script.moment()
    if moment is not None and (moment["version"] == table.version or concerns_you(script)):
        return "moment " + moment["events"][-1]["type"]  # a reveal, a trick, a hand's end…
    return "turn" if your_turn(script) else "waiting"


@dataclass
class Watch:
    browser: Any
    base_url: str
    secret: str
    width: int = 320
    languages: tuple[str, ...] = ("en",)
    dark: bool = False
    accessibility: bool = True
    pages: dict[str, Any] = field(default_factory=dict)
    worst_px: int = 0
    worst_where: str = ""
    checks: int = 0
    cut: list[str] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    audited: set[tuple[str, str]] = field(default_factory=set)
    problems: list[str] = field(default_factory=list)

    def open(self, script: Script | None) -> None:
        """One page per language: the setup form without a script, else its first person's
        view of the script's table (a page already open moves to it)."""
        for language in self.languages:
            page = self.pages.get(language)
            if page is None:
                context = self.browser.new_context(
                    viewport={"width": self.width, "height": 740},
                    color_scheme="dark" if self.dark else "light",
                    locale=language,
                    extra_http_headers={"Accept-Language": language},
                )
                page = self.pages[language] = context.new_page()
                page.on("pageerror", lambda error: self.problems.append(str(error)))
            query = ""
            if script is not None:
                user = dict(script.users[0], language_code=language)
                page.add_init_script(SESSION_SCRIPT % sign_user(self.secret, user))
                query = "?table=" + script.table_id
            page.goto(self.base_url + "/" + query)

    def check(self, script: Script | None, label: str) -> None:
        """Wait for every page to show the script's table as it is now, then measure."""
        version = script.table.version if script else None
        kind = state_kind(script)
        for language, page in self.pages.items():
            if version is None:
                wait_for(page, "#setup:not([hidden]) #cpus")
            else:
                drawn(page, version)
                if page.query_selector("#private.covered"):
                    self._measure(page, language, label + " (covered)", kind + " covered")
                    page.click("#private .cover-button")
                    wait_for(page, "#private:not(.covered)")
            self._measure(page, language, label, kind)

    def _measure(self, page: Any, language: str, label: str, kind: str) -> None:
        found, clipped = page.evaluate(BOTH_JS)  # one look: overflow and cut text
        self.checks += 1
        if found["px"] > self.worst_px or not self.worst_where:
            self.worst_px = max(self.worst_px, found["px"])
            if found["px"]:
                self.worst_where = f"{label} [{language}] {found['where']}"
        self.cut += [f"{label} [{language}] {text}" for text in clipped if text not in self.cut]
        if self.accessibility and (kind, language) not in self.audited and kind != "waiting":
            self.audited.add((kind, language))
            page.evaluate(SETTLE_JS)
            # Every rule in the page's theme; in the other, what a theme changes: colours.
            themes = ("dark", "light") if self.dark else ("light", "dark")
            found = [f"{kind} [{language} {themes[0]}] {v}" for v in audit(page)]
            page.emulate_media(color_scheme=themes[1])
            found += [f"{kind} [{language} {themes[1]}] {v}" for v in audit(page, THEMED)]
            page.emulate_media(color_scheme=themes[0])
            self.violations += found

    def close(self) -> None:
        for page in self.pages.values():
            page.context.close()
        self.pages.clear()


def watch_game(
    watch: Watch, script: Script, then: list[Script] | None = None, max_seconds: float = 600.0
) -> Watch:
    """The lobby, then every change until the game is over, measured in every language; then
    the tables in ``then`` as they are (say, a game the person is out of)."""
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
        for index, other in enumerate(then or []):
            watch.open(other)
            watch.check(other, f"then {index}")
    finally:
        watch.close()
    return watch
