"""The Flask application. For now it only proves it is alive; the Mini App comes next."""

from __future__ import annotations

from flask import Flask, jsonify

from tables.store import TableStore


def create_app(store: TableStore) -> Flask:
    app = Flask(__name__)
    app.extensions["store"] = store

    @app.get("/healthz")
    def healthz():  # type: ignore[no-untyped-def]
        store.redis.ping()
        return jsonify(ok=True)

    return app
