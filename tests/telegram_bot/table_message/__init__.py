"""Tests of telegram_bot/table_message/."""
