import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import { type Envelope, envelopeSchema, type RealtimeBackend, roomViewersSchema } from "./backend.ts";

/**
 * Keys, all under the app's Redis prefix + "rt:":
 * - `online`          hash user id → open sockets on all live instances (the presence list)
 * - `conns:<id>`      hash user id → open sockets on instance <id>
 * - `alive:<id>`      set with a TTL that each heartbeat renews; gone = the instance died
 * - `instances`       set of instance ids, so that dead ones can be found and swept
 * - `bus`             the pub/sub channel every instance subscribes to
 * - `room:<room>`     hash user id → "<instance>|<connection>|<open task id or empty>" (board viewers)
 * - `rooms:<id>`      set of the rooms instance <id> has entries in, swept with the instance
 *
 * Every presence change runs as one Lua script that also PUBLISHes the presence envelope, so
 * transitions are decided atomically across instances and reach subscribers in the order they
 * happened. (The scripts touch keys they do not declare: fine on one Redis, not on Redis Cluster.)
 */
export function presenceKeys(prefix: string, instanceId: string) {
  return {
    online: `${prefix}online`,
    conns: `${prefix}conns:${instanceId}`,
    alive: `${prefix}alive:${instanceId}`,
    instances: `${prefix}instances`,
    bus: `${prefix}bus`,
  };
}

const LUA_COMMON = `
local P = ARGV[1]

local function online_list()
  local ids = redis.call('HKEYS', P .. 'online')
  local list = {}
  for i, id in ipairs(ids) do list[i] = tonumber(id) end
  table.sort(list)
  return list
end

-- One envelope per transition; all of them carry the list as it is after this script's changes.
local function publish_presence(events)
  if #events == 0 then return end
  local list = table.concat(online_list(), ',')
  for _, e in ipairs(events) do
    redis.call('PUBLISH', P .. 'bus',
      '{"t":"presence","event":"' .. e[1] .. '","user_id":' .. e[2] .. ',"users_online":[' .. list .. ']}')
  end
end

-- Adds delta to a user's sockets on an instance (never below zero there) and to the total;
-- returns the transition, if the user came online or went offline.
local function change(inst, user, delta)
  local key = P .. 'conns:' .. inst
  local cur = tonumber(redis.call('HGET', key, user) or '0')
  if cur + delta < 0 then delta = -cur end
  if delta == 0 then return nil end
  if redis.call('HINCRBY', key, user, delta) <= 0 then redis.call('HDEL', key, user) end
  local total = redis.call('HINCRBY', P .. 'online', user, delta)
  if total <= 0 then
    redis.call('HDEL', P .. 'online', user)
    if delta < 0 then return {'offline', user} end
  elseif total == delta then
    return {'online', user}
  end
  return nil
end

local function room_viewers(room)
  local flat = redis.call('HGETALL', P .. 'room:' .. room)
  local list = {}
  for i = 1, #flat, 2 do
    local task = string.match(flat[i + 1], '^[^|]*|[^|]*|(.*)$')
    table.insert(list, {tonumber(flat[i]), task})
  end
  table.sort(list, function(a, b) return a[1] < b[1] end)
  local parts = {}
  for i, e in ipairs(list) do
    local task = (e[2] == nil or e[2] == '') and 'null' or e[2]
    parts[i] = '{"user_id":' .. e[1] .. ',"open_task_id":' .. task .. '}'
  end
  return '[' .. table.concat(parts, ',') .. ']'
end

local function json_or_null(value)
  if value == nil or value == '' then return 'null' end
  return value
end

-- One room envelope, with the viewers as they are after this script's change.
local function publish_room(room, event, user, task, previous, replaced, conn)
  redis.call('PUBLISH', P .. 'bus', '{"t":"room","room":' .. cjson.encode(room) .. ',"event":"' .. event ..
    '","user_id":' .. user .. ',"task_id":' .. json_or_null(task) .. ',"previous_task_id":' ..
    json_or_null(previous) .. ',"replaced":' .. (replaced and cjson.encode(replaced) or 'null') ..
    (conn and (',"connId":' .. cjson.encode(conn)) or '') .. ',"viewers":' .. room_viewers(room) .. '}')
end

-- Removes an instance's room entries (it died or stopped): each one leaves its room.
local function drop_rooms(inst)
  local prefix = inst .. '|'
  for _, room in ipairs(redis.call('SMEMBERS', P .. 'rooms:' .. inst)) do
    local key = P .. 'room:' .. room
    local flat = redis.call('HGETALL', key)
    for i = 1, #flat, 2 do
      if string.sub(flat[i + 1], 1, #prefix) == prefix then
        redis.call('HDEL', key, flat[i])
        publish_room(room, 'left', flat[i], nil, string.match(flat[i + 1], '^[^|]*|[^|]*|(.*)$'), nil)
      end
    end
  end
  redis.call('DEL', P .. 'rooms:' .. inst)
end

local function touch(inst, ttl)
  redis.call('SADD', P .. 'instances', inst)
  redis.call('SET', P .. 'alive:' .. inst, '1', 'PX', ttl)
end

-- Removes an instance with all its sockets.
local function drop(inst, events)
  local flat = redis.call('HGETALL', P .. 'conns:' .. inst)
  for i = 1, #flat, 2 do
    local e = change(inst, flat[i], -tonumber(flat[i + 1]))
    if e then table.insert(events, e) end
  end
  redis.call('DEL', P .. 'conns:' .. inst, P .. 'alive:' .. inst)
  redis.call('SREM', P .. 'instances', inst)
end
`;

/** ARGV: prefix, instance, ttl ms, user id, delta (+1 or -1). */
const LUA_CHANGE = `${LUA_COMMON}
touch(ARGV[2], ARGV[3])
local e = change(ARGV[2], ARGV[4], tonumber(ARGV[5]))
if e then publish_presence({e}) end
return e and 1 or 0
`;

/** ARGV: prefix, instance, ttl ms, then user id and count pairs of this instance's sockets. */
const LUA_HEARTBEAT = `${LUA_COMMON}
local inst = ARGV[2]
touch(inst, ARGV[3])
local events = {}
local want = {}
for i = 4, #ARGV, 2 do want[ARGV[i]] = tonumber(ARGV[i + 1]) end
local flat = redis.call('HGETALL', P .. 'conns:' .. inst)
local have = {}
for i = 1, #flat, 2 do have[flat[i]] = tonumber(flat[i + 1]) end
for user, n in pairs(want) do
  local e = change(inst, user, n - (have[user] or 0))
  if e then table.insert(events, e) end
end
for user, n in pairs(have) do
  if want[user] == nil then
    local e = change(inst, user, -n)
    if e then table.insert(events, e) end
  end
end
for _, other in ipairs(redis.call('SMEMBERS', P .. 'instances')) do
  if other ~= inst and redis.call('EXISTS', P .. 'alive:' .. other) == 0 then
    drop(other, events)
    drop_rooms(other)
  end
end
publish_presence(events)
return #events
`;

/** ARGV: prefix, instance. */
const LUA_DROP = `${LUA_COMMON}
local events = {}
drop(ARGV[2], events)
publish_presence(events)
drop_rooms(ARGV[2])
return #events
`;

/** ARGV: prefix, instance, ttl ms, room, user id, connection id. */
const LUA_ROOM_JOIN = `${LUA_COMMON}
local inst, room, user, conn = ARGV[2], ARGV[4], ARGV[5], ARGV[6]
touch(inst, ARGV[3])
local key = P .. 'room:' .. room
local prev = redis.call('HGET', key, user)
local replaced, previous = nil, nil
if prev then
  local _, pconn, ptask = string.match(prev, '^([^|]*)|([^|]*)|(.*)$')
  replaced = pconn
  previous = ptask
end
redis.call('HSET', key, user, inst .. '|' .. conn .. '|')
redis.call('SADD', P .. 'rooms:' .. inst, room)
publish_room(room, 'joined', user, nil, previous, replaced, conn)
return 1
`;

/** ARGV: prefix, room, user id, connection id. */
const LUA_ROOM_LEAVE = `${LUA_COMMON}
local room, user, conn = ARGV[2], ARGV[3], ARGV[4]
local key = P .. 'room:' .. room
local cur = redis.call('HGET', key, user)
if not cur then return 0 end
local _, cconn, ctask = string.match(cur, '^([^|]*)|([^|]*)|(.*)$')
if cconn ~= conn then return 0 end
redis.call('HDEL', key, user)
publish_room(room, 'left', user, nil, ctask, nil)
return 1
`;

/** ARGV: prefix, room, user id, connection id ('' = any), task id ('' = none). */
const LUA_ROOM_TASK = `${LUA_COMMON}
local room, user, conn, task = ARGV[2], ARGV[3], ARGV[4], ARGV[5]
local key = P .. 'room:' .. room
local cur = redis.call('HGET', key, user)
if not cur then return 0 end
local cinst, cconn, ctask = string.match(cur, '^([^|]*)|([^|]*)|(.*)$')
if (conn ~= '' and cconn ~= conn) or ctask == task then return 0 end
redis.call('HSET', key, user, cinst .. '|' .. cconn .. '|' .. task)
publish_room(room, 'task', user, task, ctask, nil)
return 1
`;

/** ARGV: prefix, room. */
const LUA_ROOM_VIEWERS = `${LUA_COMMON}
return room_viewers(ARGV[2])
`;

/** ARGV: prefix. */
const LUA_ONLINE = `${LUA_COMMON}
return online_list()
`;

type ScriptRunner = (...args: (string | number)[]) => Promise<unknown>;

export interface RedisBackendOptions {
  /** Key prefix, e.g. "nadoy:rt:". */
  prefix: string;
  /** An instance whose heartbeat is older than this is taken for dead. */
  instanceTtlMs: number;
  log: FastifyBaseLogger;
  instanceId?: string;
}

/** Presence and fan-out shared by every instance through one Redis. */
export function redisBackend(redis: Redis, options: RedisBackendOptions): RealtimeBackend {
  const { prefix, instanceTtlMs, log } = options;
  const instanceId = options.instanceId ?? randomUUID();
  const keys = presenceKeys(prefix, instanceId);
  const subscriber = redis.duplicate();
  subscriber.on("error", (error: Error) => log.warn({ err: error }, "realtime: Redis subscriber error"));

  const scripts = {
    change: "nadoyPresenceChange",
    heartbeat: "nadoyPresenceHeartbeat",
    drop: "nadoyPresenceDrop",
    online: "nadoyPresenceOnline",
    roomJoin: "nadoyRoomJoin",
    roomLeave: "nadoyRoomLeave",
    roomTask: "nadoyRoomTask",
    roomViewers: "nadoyRoomViewers",
  } as const;
  const sources: Record<keyof typeof scripts, string> = {
    change: LUA_CHANGE,
    heartbeat: LUA_HEARTBEAT,
    drop: LUA_DROP,
    online: LUA_ONLINE,
    roomJoin: LUA_ROOM_JOIN,
    roomLeave: LUA_ROOM_LEAVE,
    roomTask: LUA_ROOM_TASK,
    roomViewers: LUA_ROOM_VIEWERS,
  };
  const commands = redis as unknown as Record<string, ScriptRunner | undefined>;
  for (const [name, command] of Object.entries(scripts) as [keyof typeof scripts, string][]) {
    // EVALSHA with the script loaded on first use; defined once per connection.
    if (!commands[command]) redis.defineCommand(command, { numberOfKeys: 0, lua: sources[name] });
  }
  const run = (name: keyof typeof scripts, ...args: (string | number)[]) => {
    const runner = commands[scripts[name]];
    if (!runner) throw new Error(`Redis script ${name} is not defined`);
    return runner.call(redis, prefix, ...args);
  };

  return {
    kind: "redis",
    instanceId,
    async start(receive) {
      subscriber.on("message", (_channel: string, message: string) => {
        let envelope: Envelope;
        try {
          envelope = envelopeSchema.parse(JSON.parse(message));
        } catch (error) {
          log.warn({ err: error }, "realtime: unreadable envelope ignored");
          return;
        }
        receive(envelope);
      });
      await subscriber.subscribe(keys.bus);
      await run("heartbeat", instanceId, instanceTtlMs);
    },
    async broadcast(envelope) {
      await redis.publish(keys.bus, JSON.stringify(envelope));
    },
    async join(userId) {
      await run("change", instanceId, instanceTtlMs, userId, 1);
    },
    async leave(userId) {
      await run("change", instanceId, instanceTtlMs, userId, -1);
    },
    async online() {
      const list = (await run("online")) as number[];
      return list.map(Number);
    },
    async heartbeat(localCounts) {
      const pairs = [...localCounts].flat();
      await run("heartbeat", instanceId, instanceTtlMs, ...pairs);
    },
    async roomJoin(room, userId, connId) {
      await run("roomJoin", instanceId, instanceTtlMs, room, userId, connId);
    },
    async roomLeave(room, userId, connId) {
      await run("roomLeave", room, userId, connId);
    },
    async roomSetTask(room, userId, connId, taskId) {
      return (await run("roomTask", room, userId, connId ?? "", taskId ?? "")) === 1;
    },
    async roomViewers(room) {
      return roomViewersSchema.parse(JSON.parse((await run("roomViewers", room)) as string));
    },
    async stop() {
      try {
        await run("drop", instanceId);
      } finally {
        subscriber.disconnect();
      }
    },
  };
}
