-- Compare-and-append of one command's events to a game's stream.
-- KEYS[1] the game's event stream   game:{<id>}:events
-- KEYS[2] the game's idempotency hash  game:{<id>}:idem
-- ARGV[1] expected version (events already in the stream)
-- ARGV[2] idempotency key, "" for none
-- ARGV[3] fingerprint of the request the key guards ("" for none)
-- ARGV[4..] the events in order, two arguments each: the entry's field (its layout, see events/layout.py) and value
-- Returns {1, new_version}                 appended
--         {0, current_version}             version conflict: nothing appended
--         {2, first, last, fingerprint}    the key was seen: nothing appended, the first result returned
-- Entry ids are 0-<version> so ids and versions coincide and XLEN is the version (events are never
-- trimmed or deleted: an undo is itself an event).
local key = ARGV[2]
if key ~= "" then
  local seen = redis.call("HGET", KEYS[2], key)
  if seen then
    local first, last, fingerprint = string.match(seen, "^(%d+):(%d+):(.*)$")
    return {2, tonumber(first), tonumber(last), fingerprint}
  end
end
local version = redis.call("XLEN", KEYS[1])
if version ~= tonumber(ARGV[1]) then
  return {0, version}
end
for i = 4, #ARGV, 2 do
  version = version + 1
  redis.call("XADD", KEYS[1], "0-" .. version, ARGV[i], ARGV[i + 1])
end
if key ~= "" then
  redis.call("HSET", KEYS[2], key, (tonumber(ARGV[1]) + 1) .. ":" .. version .. ":" .. ARGV[3])
end
return {1, version}
