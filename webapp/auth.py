"""Who is asking: the user from ``Authorization: tma <initData>``, validated on every call."""

from __future__ import annotations

import logging

from flask import current_app, g, request

from webapp.errors import ApiError
from webapp.init_data import InitData, InvalidInitData, validate

log = logging.getLogger(__name__)
SCHEME = "tma "


def authenticate() -> InitData:
    """The person making this request (validated once per request)."""
    known = g.get("init_data")
    if known is not None:
        return known
    header = request.headers.get("Authorization", "")
    if not header.startswith(SCHEME):
        raise ApiError("unauthorized")
    settings = current_app.extensions["webapp"]
    try:
        init_data = validate(
            header[len(SCHEME) :].strip(),
            settings.bot_token,
            max_age=settings.init_data_max_age,
            now=settings.clock(),
        )
    except InvalidInitData as error:
        log.info("refused initData: %s", error.reason)  # the reason, never the data
        raise ApiError("unauthorized") from None
    g.init_data = init_data
    return init_data


def current() -> InitData:
    return g.init_data
