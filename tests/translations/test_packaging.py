"""The wheel carries the compiled catalogs and the Mini App's files, the games' renderers
among them: an install needs no build step to speak every language or draw every game."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from games.registry import BUILT_IN
from translations import SUPPORTED_LANGUAGES

ROOT = Path(__file__).resolve().parents[2]


def test_the_wheel_ships_every_compiled_catalog_and_the_page(tmp_path):
    # Built from a copy, so nothing else using the checkout sees build files appear.
    source = tmp_path / "source"
    shutil.copytree(
        ROOT,
        source,
        ignore=shutil.ignore_patterns(
            ".git", "build", "*.egg-info", ".local", "test-artifacts", "__pycache__", ".*cache"
        ),
    )
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--quiet",
            "-w",
            str(tmp_path),
            str(source),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for language in SUPPORTED_LANGUAGES:
        if language != "en":
            assert f"translations/locale/{language}/LC_MESSAGES/messages.mo" in names
    assert {"webapp/templates/index.html", "webapp/static/app.js", "webapp/static/app.css"} <= names
    for game in BUILT_IN:  # each game's renderer, a folder without __init__.py (§7 of the guide)
        if game.presentation.web_assets is not None:
            folder = game.presentation.web_assets.relative_to(ROOT).as_posix()
            assert f"{folder}/render.js" in names, game.name
