"""Writes that must happen once even when they are sent twice (a lost reply is sent again by
the retry that follows it; the notifier settles a finished game again): a batch of commands
on keys of one hash slot, run by a script only if its id is not among the last ids the
guard hash remembers (field ``once``). For counters (HINCRBY, ZINCRBY), where a second
application would count a game twice. Like the ratings' scripts, a guard remembers the last
``IDS_KEPT`` batches: far more than arrive twice in the time a retry or a settle takes.
"""

from __future__ import annotations

from typing import Any

Command = tuple[Any, ...]

IDS_KEPT = 32

# KEYS[1]: the guard (a hash, also written by the batch or not); KEYS[2..]: the keys written.
# ARGV[1]: the batch's id; ARGV[2]: ids kept; then each command as: name, the index of its
# key in KEYS, how many arguments follow, the arguments.
_ONCE = """
local ids = redis.call('HGET', KEYS[1], 'once') or ''
if string.find(ids .. ' ', ' ' .. ARGV[1] .. ' ', 1, true) then return 0 end
local i = 3
while i <= #ARGV do
  local count = tonumber(ARGV[i + 2])
  local args = {}
  for j = 1, count do args[j] = ARGV[i + 2 + j] end
  redis.call(ARGV[i], KEYS[tonumber(ARGV[i + 1])], unpack(args))
  i = i + 3 + count
end
local list, count, cut = ' ' .. ARGV[1] .. ids, 0, nil
for position in string.gmatch(list, '() ') do
  count = count + 1
  if count > tonumber(ARGV[2]) then cut = position - 1 break end
end
redis.call('HSET', KEYS[1], 'once', cut and string.sub(list, 1, cut) or list)
return 1
"""


def once(guard: str, batch_id: str, commands: list[Command]) -> Command:
    """One EVAL that runs ``commands`` (each ``(name, key, *args)``, every key in the slot of
    the hash ``guard``) the first time it is sent, and does nothing after."""
    keys: list[str] = [guard]
    flat: list[Any] = []
    for name, key, *args in commands:
        if key not in keys:
            keys.append(key)
        flat += [name, keys.index(key) + 1, len(args), *args]
    return ("EVAL", _ONCE, len(keys), *keys, batch_id, IDS_KEPT, *flat)
