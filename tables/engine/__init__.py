"""The Redis engine under the tables: how to reach Redis (one server, an embedded one, or a
Cluster), the commit of a change in one round trip, the lean sockets of the hot path, key
names and hash tags, compact event storage, the indexes beside the tables, and the notices
that wake whoever waits for a table.

It knows Redis and nothing of the rules: the table domain (``tables.table``) decides what a
table is and how it changes, and asks the engine to store it. Nothing here imports the rest of
``tables/``: where the engine reads a table, it says what it reads in a Protocol of its own.
"""
