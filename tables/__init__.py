"""Tables held in Redis: lobby, seats, atomic moves, deadlines, event stream.

Knows Redis and the game interface; knows nothing of Telegram or Flask.
"""
