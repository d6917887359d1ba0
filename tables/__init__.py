"""Tables held in Redis, in three rooms over one engine.

- ``tables.table``: what a table is and does (model, lobby, moves, deadlines, store, story).
- ``tables.profiles``: a person's record across tables (ratings, seasons, stats, prefs).
- ``tables.fairness``: what makes a game checkable (the seal, salts, replays, who sees a seat).
- ``tables.engine``: the Redis engine, which knows nothing of tables.

Knows Redis and the game interface; knows nothing of Telegram or Flask (tests/test_arrows.py).
"""
