"""What operators see: Prometheus metrics, health and readiness, machine-readable logs.

Shared by the tables, the bot and the web app, below all three: it knows Redis errors, but
nothing of tables (a hook's caller says what happened), Telegram or Flask (their hooks live in
telegram_bot/ and webapp/). And it keeps secrets out of logs (ops.redact).
"""
