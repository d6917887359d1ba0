"""``python -m bench.screenshots``: each game's page as players see it, to look at.

Plays each game (tests.support.scenes) up to every state a player looks at (the local setup
form, the lobby, your turn, a reveal, out, game over) and shoots the page at 320 and 390 px and
on a desktop, in every language, in the page's own light and dark theme and in Telegram's.
Writes ``test-artifacts/screens/<game>/<scene>-<theme>-<width>-<language>.png`` and, per game,
scene, theme and width, one contact sheet with every language side by side
(``test-artifacts/screens/sheets/``). The last line says how many it wrote.
"""

from __future__ import annotations

import argparse
import base64
import dataclasses
import logging
import tempfile
from pathlib import Path
from typing import Any

import redis

from games.registry import BUILT_IN
from tables.engine.redis_server import RedisServer
from tables.table.store import TableStore
from tests.support.browser import chromium
from tests.support.clock import Clock
from tests.support.scenes import SCENES, Script, person, scene
from tests.support.telegram_web_app_stub import TelegramWebAppStub
from tests.webapp.conftest import WebServer
from translations import SUPPORTED_LANGUAGES
from webapp.app import create_app
from webapp.config import WebConfig
from webapp.init_data import sign_user
from webapp.local import LocalMode

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "test-artifacts" / "screens"
TOKEN = "123456789:SCREENS-token"
WIDTHS = (320, 390, 1280)
THEMES = ("light", "dark", "telegram")
GAMES = tuple(game.name for game in BUILT_IN)  # every registered game, in its order
SESSION_SCRIPT = "sessionStorage.setItem('tables.session', %r);"


@dataclasses.dataclass
class Servers:
    store: TableStore
    clock: Clock
    local: WebServer
    telegram: WebServer
    stub: TelegramWebAppStub
    secret: str


def new_context(browser: Any, servers: Servers, theme: str, width: int, language: str) -> Any:
    """One browser tab per theme, width and language; signed in as the scenes' first person
    (the same in every scene), so it only moves from table to table."""
    context = browser.new_context(
        viewport={"width": width, "height": 900 if width >= 1000 else 700},
        device_scale_factor=1,
        color_scheme="dark" if theme == "dark" else "light",
        locale=language,
        extra_http_headers={"Accept-Language": language},
    )
    page = context.new_page()
    if theme != "telegram":
        page.add_init_script(SESSION_SCRIPT % sign_user(servers.secret, person(0, language)))
    return page


def shoot(
    servers: Servers,
    page: Any,
    script: Script | None,
    name: str,
    theme: str,
    language: str,
    path: Path,
) -> None:
    if theme == "telegram" and script:
        servers.stub.set_user(person(0, language), start_param=script.table_id)
        page.goto(servers.telegram.url + "/")
    else:
        page.goto(servers.local.url + "/" + (f"?table={script.table_id}" if script else ""))
    if script:
        version = script.table.version
        page.wait_for_selector(f'#table[data-version="{version}"][data-drawn="game"]')
        if name == "turn-lifted":
            page.click("#private.covered")
            page.wait_for_selector("#private:not(.covered) .item")
    else:
        page.wait_for_selector("#setup:not([hidden]) #cpus")
    page.evaluate("document.fonts.ready.then(() => true)")
    page.wait_for_timeout(60)  # let the first frame settle
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), full_page=True)


def contact_sheet(browser: Any, images: list[tuple[str, Path]], path: Path, width: int) -> None:
    """Every language's shot side by side, as one picture to look at."""
    shown = min(width, 400)
    cells = "".join(
        f'<figure><figcaption>{label}</figcaption><img style="width:{shown}px" '
        f'src="data:image/png;base64,{base64.b64encode(image.read_bytes()).decode()}"></figure>'
        for label, image in images
    )
    html = (
        "<html><body style='margin:0;background:#888;display:flex;gap:8px;padding:8px;"
        "align-items:flex-start'><style>figure{margin:0}figcaption{font:bold 14px sans-serif;"
        f"color:#fff}}</style>{cells}</body></html>"
    )
    context = browser.new_context(viewport={"width": (shown + 8) * len(images) + 8, "height": 400})
    page = context.new_page()
    page.set_content(html)
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), full_page=True)
    context.close()


def run(args: argparse.Namespace) -> int:
    count = 0
    with tempfile.TemporaryDirectory() as data, RedisServer(Path(data)) as server:
        clock = Clock()
        store = TableStore(redis.Redis.from_url(server.url), clock=clock)
        mode = LocalMode.new()
        local_config = dataclasses.replace(WebConfig.from_env({}, local=True), long_poll_seconds=2)
        with TelegramWebAppStub(TOKEN) as stub:
            tg_config = WebConfig(bot_token=TOKEN, telegram_js_url=stub.url, long_poll_seconds=2)
            servers = Servers(
                store,
                clock,
                WebServer(create_app(store, local_config, local=mode)).start(),
                WebServer(create_app(store, tg_config)).start(),
                stub,
                mode.secret,
            )
            try:
                with chromium() as browser:
                    count = shoot_all(servers, browser, args)
            finally:
                servers.local.stop()
                servers.telegram.stop()
    return count


def shoot_all(servers: Servers, browser: Any, args: argparse.Namespace) -> int:
    scripts: dict[tuple[str, str], Script | None] = {}
    for game in args.games:
        for name in args.scenes:
            if name == "setup" and game != args.games[0]:
                continue  # one setup form serves every game
            if name == "turn-lifted" and game != "mia":
                continue
            base = "turn" if name == "turn-lifted" else name
            scripts[game, name] = (
                None if name == "setup" else scene(servers.store, servers.clock, game, base)
            )
    shots: dict[tuple[str, str, str, int], list[tuple[str, Path]]] = {}
    for theme in args.themes:
        for width in args.widths:
            for language in args.languages:
                page = new_context(browser, servers, theme, width, language)
                for (game, name), script in scripts.items():
                    if theme == "telegram" and script is None:
                        continue
                    path = OUT / game / f"{name}-{theme}-{width}-{language}.png"
                    shoot(servers, page, script, name, theme, language, path)
                    shots.setdefault((game, name, theme, width), []).append((language, path))
                page.context.close()
    if args.sheets:
        for (game, name, theme, width), images in shots.items():
            sheet = OUT / "sheets" / f"{game}-{name}-{theme}-{width}.png"
            contact_sheet(browser, images, sheet, width)
    return sum(len(images) for images in shots.values())


def main() -> None:
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    scenes = ["setup", *SCENES[:2], "turn-lifted", *SCENES[2:]]
    parser.add_argument("--scenes", nargs="+", default=scenes, choices=scenes)
    parser.add_argument("--languages", nargs="+", default=list(SUPPORTED_LANGUAGES))
    parser.add_argument("--widths", nargs="+", type=int, default=list(WIDTHS))
    parser.add_argument("--themes", nargs="+", default=list(THEMES), choices=THEMES)
    parser.add_argument("--no-sheets", dest="sheets", action="store_false")
    count = run(parser.parse_args())
    print(f"screenshots={count} in {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
