"""The page's scripts and styles go gzipped to a browser that accepts it (webapp.compress):
the same bytes once unpacked, their own ETag, a 304 for the copy the browser holds, and the
plain file to a client that does not accept gzip."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "webapp" / "static"


@pytest.mark.parametrize("name", ["app.js", "app.css", "draw.js"])
def test_a_script_or_style_goes_gzipped_and_unpacks_to_the_file(http, name):
    plain = (STATIC / name).read_bytes()
    response = http.get(f"/static/{name}", headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200
    assert response.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response.headers["Vary"]
    assert response.content == plain  # httpx unpacks it
    assert int(response.headers["Content-Length"]) < len(plain) / 2
    etag = response.headers["ETag"]
    assert etag.endswith('-gz"')
    again = http.get(f"/static/{name}", headers={"Accept-Encoding": "gzip", "If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""


def test_a_client_without_gzip_gets_the_plain_file(http):
    plain = (STATIC / "app.js").read_bytes()
    response = http.get("/static/app.js", headers={"Accept-Encoding": "identity"})
    assert response.status_code == 200 and "Content-Encoding" not in response.headers
    assert response.content == plain and not response.headers["ETag"].endswith('-gz"')
    cached = http.get(
        "/static/app.js",
        headers={"Accept-Encoding": "identity", "If-None-Match": response.headers["ETag"]},
    )
    assert cached.status_code == 304


def test_a_game_drawing_goes_gzipped_too_and_raw_gzip_is_valid(http):
    response = http.get("/games/mia/render.js", headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200 and response.headers["Content-Encoding"] == "gzip"
    with http.stream("GET", "/games/mia/render.js", headers={"Accept-Encoding": "gzip"}) as raw:
        packed = b"".join(raw.iter_raw())
    assert gzip.decompress(packed) == response.content


def test_an_api_answer_is_not_touched(http):
    response = http.get("/healthz", headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in response.headers
