"""Tests of telegram_bot/buttons/."""
