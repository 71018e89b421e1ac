-- Create a game atomically: its fixed facts and its first events, or nothing.
-- KEYS[1] the game's meta hash     game:{game:<id>}:meta
-- KEYS[2] the game's event stream  game:{game:<id>}:events
-- ARGV[1] the meta fields as one JSON object of strings
-- ARGV[2..] the first events, numbered from 1, two arguments each: the entry's field (its layout, see
--           events/layout.py) and value
-- Returns {1, version} created; {0, 0} the id is taken (nothing written).
-- One script, because a failure between two writes once left a meta record without its game, which
-- stopped the service from starting.
if redis.call("EXISTS", KEYS[1]) == 1 or redis.call("XLEN", KEYS[2]) > 0 then
  return {0, 0}
end
local fields = {}
for name, value in pairs(cjson.decode(ARGV[1])) do
  fields[#fields + 1] = name
  fields[#fields + 1] = value
end
redis.call("HSET", KEYS[1], unpack(fields))
local version = 0
for i = 2, #ARGV, 2 do
  version = version + 1
  redis.call("XADD", KEYS[2], "0-" .. version, ARGV[i], ARGV[i + 1])
end
return {1, version}
