"""The scripts that write a game's rating outcome (tables.profiles.ratings) to a person's key and to
a chat's, each applying a game once (the ids a key remembers), and adding its change to what
the key holds when the rating moved since it was read (another table finished meanwhile).
"""

from __future__ import annotations

# Shared by both scripts: the new (mu, sigma) given the rating before (ARGV before_mu,
# before_sigma as read, '' when unrated) and after. When the key still holds what was read,
# the computed rating is written as it is; otherwise this game's change is added to what
# the key holds now (another game of this person finished in between).
_MOVE = """
local function moved(cur_mu, cur_sigma, before_mu, before_sigma, after_mu, after_sigma)
  if (cur_mu or '') == before_mu and (cur_sigma or '') == before_sigma then
    return after_mu, after_sigma
  end
  local base_mu = tonumber(cur_mu) or tonumber(ARGV[2])
  local base_sigma = tonumber(cur_sigma) or tonumber(ARGV[3])
  local old_mu = tonumber(before_mu) or tonumber(ARGV[2])
  local old_sigma = tonumber(before_sigma) or tonumber(ARGV[3])
  local mu = base_mu + (tonumber(after_mu) - old_mu)
  local sigma = base_sigma * tonumber(after_sigma) / old_sigma
  return string.format('%.17g', mu), string.format('%.17g', sigma)
end
local function points(mu, sigma)
  return math.floor(ARGV[4] + ARGV[5] * (tonumber(mu) - 3 * tonumber(sigma)) + 0.5)
end
local function applied(key, id)
  local ids = redis.call('HGET', key, 'ids') or ''
  return string.find(ids .. ' ', ' ' .. id .. ' ', 1, true) ~= nil, ids
end
local function remember(ids, id, kept)
  local list = ' ' .. id .. ids
  local count, cut = 0, #list
  for position in string.gmatch(list, '() ') do
    count = count + 1
    if count > kept then cut = position - 1 break end
  end
  return string.sub(list, 1, cut)
end
"""

# KEYS[1] rating:{U}:<game>. ARGV: game id, default mu, default sigma, base points, points
# per unit, before mu, before sigma, after mu, after sigma, history kept, ids kept.
APPLY_PERSON = (
    _MOVE
    + """
local done, ids = applied(KEYS[1], ARGV[1])
if done then return 0 end
local cur = redis.call('HMGET', KEYS[1], 'mu', 'sigma', 'n', 'h')
local mu, sigma = moved(cur[1], cur[2], ARGV[6], ARGV[7], ARGV[8], ARGV[9])
local history = (cur[4] or '') .. ' ' .. points(mu, sigma)
local _, spaces = string.gsub(history, ' ', '')
while spaces > tonumber(ARGV[10]) do
  history = string.sub(history, string.find(history, ' ', 2, true))
  spaces = spaces - 1
end
redis.call('HSET', KEYS[1], 'mu', mu, 'sigma', sigma, 'n', (tonumber(cur[3]) or 0) + 1,
  'h', history, 'ids', remember(ids, ARGV[1], tonumber(ARGV[11])))
return 1
"""
)

# KEYS[1] rating:chat:{C}:<game>, KEYS[2] its :top. ARGV: game id, default mu, default sigma,
# base points, points per unit, ids kept, then per person: user, before mu, before sigma,
# after mu, after sigma.
APPLY_CHAT = (
    _MOVE
    + """
local done, ids = applied(KEYS[1], ARGV[1])
if done then return 0 end
for i = 7, #ARGV, 5 do
  local user = ARGV[i]
  local mu0, sigma0, n = '', '', 0
  local held = redis.call('HGET', KEYS[1], user)
  if held then
    local a, b, c = string.match(held, '^(%S+) (%S+) (%S+)$')
    mu0, sigma0, n = a, b, tonumber(c)
  end
  local mu, sigma = moved(held and mu0, held and sigma0, ARGV[i + 1], ARGV[i + 2],
    ARGV[i + 3], ARGV[i + 4])
  redis.call('HSET', KEYS[1], user, mu .. ' ' .. sigma .. ' ' .. (n + 1))
  redis.call('ZADD', KEYS[2], points(mu, sigma), user)
end
redis.call('HSET', KEYS[1], 'ids', remember(ids, ARGV[1], tonumber(ARGV[6])))
return 1
"""
)
