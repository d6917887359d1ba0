"""Test support code: a fake Telegram Bot API server and its helpers."""

from tests.support.bot_api_server import FakeBotApi, FloodLimits, UploadedFile

__all__ = ["FakeBotApi", "FloodLimits", "UploadedFile"]
