-- Compare-and-append of one command's events to a game's stream.
-- KEYS[1] the game's event stream   game:{<id>}:events
-- KEYS[2] the game's idempotency hash  game:{<id>}:idem
-- KEYS[3] the game's replaced seat tokens  game:{<id>}:seats  (seat -> hash of the seat's current token)
-- ARGV[1] expected version (events already in the stream)
-- ARGV[2] idempotency key, "" for none
-- ARGV[3] fingerprint of the request the key guards ("" for none)
-- ARGV[4] the seat and the hash of the seat token that asks, "<seat>:<hash>"; "" when no seat token asks
-- ARGV[5] the game's live channel, "" for none: the appended entries are published there, so that the processes
--         following the game (events/redis_live.py) learn of them without a blocking read each
-- ARGV[6..] the events in order, two arguments each: the entry's field (its layout, see events/layout.py) and value
-- Returns {1, new_version}                 appended
--         {0, current_version}             version conflict: nothing appended
--         {2, first, last, fingerprint}    the key was seen: nothing appended, the first result returned
--         {3}                              the seat's token was replaced: nothing appended
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
-- Checked here, not by the caller, so that a token replaced in another process is refused without a read
-- on every command: a seat whose token was never replaced has no entry.
if ARGV[4] ~= "" then
  local seat, token = string.match(ARGV[4], "^(%d+):(.*)$")
  local current = redis.call("HGET", KEYS[3], seat)
  if current and current ~= token then
    return {3}
  end
end
local version = redis.call("XLEN", KEYS[1])
if version ~= tonumber(ARGV[1]) then
  return {0, version}
end
for i = 6, #ARGV, 2 do
  version = version + 1
  redis.call("XADD", KEYS[1], "0-" .. version, ARGV[i], ARGV[i + 1])
end
if key ~= "" then
  redis.call("HSET", KEYS[2], key, (tonumber(ARGV[1]) + 1) .. ":" .. version .. ":" .. ARGV[3])
end
-- Only when some process listens (the message is built for nobody otherwise: 2-3 us of Redis's CPU an append).
-- Asked inside the script, so no subscription can come between the question and the publishing.
local listening = ARGV[5] ~= "" and #ARGV >= 6 and redis.pcall("PUBSUB", "NUMSUB", ARGV[5])
if listening and (type(listening) ~= "table" or tonumber(listening[2]) ~= 0) then
  -- "<first version>\n" then each field and value as "<length>:<bytes>" (binary-safe; events/redis_live.py parses it)
  local parts = {(tonumber(ARGV[1]) + 1) .. "\n"}
  for i = 6, #ARGV do
    parts[#parts + 1] = #ARGV[i] .. ":" .. ARGV[i]
  end
  -- pcall: the events are appended by now, and a script's writes are not undone by its error. A publish refused
  -- (an ACL without the channels) must not turn an append into an error; the feeds read the log then.
  redis.pcall("PUBLISH", ARGV[5], table.concat(parts))
end
return {1, version}
