"""What operators see: Prometheus metrics, health and readiness, machine-readable logs.

Shared by the bot and the web app, below both: it knows Redis errors and the tables' statuses
but no Telegram and no Flask (their hooks live in telegram_bot/ and webapp/).
"""
