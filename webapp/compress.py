"""The page's own files go gzipped to a browser that accepts it.

A Mini App opens on a phone, often on a slow network: its first load (the page, its scripts
and styles, the game's drawing) should stay well under 100 KB (bench.miniapp). Text
compresses to about a third. Only the app's static text files are compressed, each once per
version (their ETag) and kept; API answers are small and change with every call, and the
replay compresses its own.
"""

from __future__ import annotations

import gzip
from functools import lru_cache

from flask import Flask, Request, Response, request

COMPRESSED_TYPES = frozenset({"text/css", "text/javascript", "application/javascript"})
MIN_BYTES = 1024  # below this, gzip's own header and table cost more than they save
KEPT = 64  # compressed files kept per process (the page has about twenty)


def install(app: Flask) -> None:
    app.after_request(_compressed)


def _accepts_gzip(incoming: Request) -> bool:
    return "gzip" in incoming.headers.get("Accept-Encoding", "").lower()


def _compressed(response: Response) -> Response:
    if (
        response.status_code != 200
        or response.mimetype not in COMPRESSED_TYPES
        or "Content-Encoding" in response.headers
        or not _accepts_gzip(request)
    ):
        return response
    etag, weak = response.get_etag()
    tag = etag + "-gz" if etag else None  # another body than the plain file's: another tag
    response.vary.add("Accept-Encoding")
    if tag and request.if_none_match.contains(tag):
        response.direct_passthrough = False
        response.set_data(b"")
        response.status_code = 304  # the browser's copy is this version: nothing to send
        return response
    response.direct_passthrough = False
    body = response.get_data()
    if len(body) < MIN_BYTES:
        return response
    response.set_data(_gzipped(request.path, etag or "", body))
    response.headers["Content-Encoding"] = "gzip"
    if tag:
        response.set_etag(tag, weak=weak)
    return response


@lru_cache(maxsize=KEPT)
def _gzipped(path: str, etag: str, body: bytes) -> bytes:
    """One file's compressed body (``path`` and ``etag`` name the version it is)."""
    return gzip.compress(body, compresslevel=9, mtime=0)
