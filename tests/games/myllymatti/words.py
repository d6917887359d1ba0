"""Myllymatti's own words, which no shared layer may use (tests/test_no_game_words.py)."""

WORDS = ("myllymatti", "trumps?", "stock")
