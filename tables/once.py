"""Writes that must happen once even when they are sent twice (a lost reply is sent again by
the retry that follows it): a batch of commands on keys of one hash slot, run by a script
only if its guard key was not yet set. For counters (HINCRBY, ZINCRBY), where a second
application would count a game twice.
"""

from __future__ import annotations

from typing import Any

Command = tuple[Any, ...]

GUARD_SECONDS = 86400  # a retry comes within seconds; the guard is kept a day

# KEYS[1]: the guard; KEYS[2..]: the keys written. ARGV[1]: the guard's lifetime; then each
# command as: name, the index of its key in KEYS, how many arguments follow, the arguments.
_ONCE = """
if not redis.call('SET', KEYS[1], '1', 'NX', 'EX', ARGV[1]) then return 0 end
local i = 2
while i <= #ARGV do
  local count = tonumber(ARGV[i + 2])
  local args = {}
  for j = 1, count do args[j] = ARGV[i + 2 + j] end
  redis.call(ARGV[i], KEYS[tonumber(ARGV[i + 1])], unpack(args))
  i = i + 3 + count
end
return 1
"""


def once(guard: str, commands: list[Command]) -> Command:
    """One EVAL that runs ``commands`` (each ``(name, key, *args)``, every key in the guard's
    hash slot) the first time it is sent, and does nothing after."""
    keys: list[str] = []
    flat: list[Any] = []
    for name, key, *args in commands:
        if key not in keys:
            keys.append(key)
        flat += [name, keys.index(key) + 2, len(args), *args]
    return ("EVAL", _ONCE, 1 + len(keys), guard, *keys, GUARD_SECONDS, *flat)
