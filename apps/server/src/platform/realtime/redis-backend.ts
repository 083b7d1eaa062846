import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import { type Envelope, envelopeSchema, type RealtimeBackend } from "./backend.ts";

/**
 * Keys, all under the app's Redis prefix + "rt:":
 * - `online`          hash user id → open sockets on all live instances (the presence list)
 * - `conns:<id>`      hash user id → open sockets on instance <id>
 * - `alive:<id>`      set with a TTL that each heartbeat renews; gone = the instance died
 * - `instances`       set of instance ids, so that dead ones can be found and swept
 * - `bus`             the pub/sub channel every instance subscribes to
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
  if other ~= inst and redis.call('EXISTS', P .. 'alive:' .. other) == 0 then drop(other, events) end
end
publish_presence(events)
return #events
`;

/** ARGV: prefix, instance. */
const LUA_DROP = `${LUA_COMMON}
local events = {}
drop(ARGV[2], events)
publish_presence(events)
return #events
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
  } as const;
  const sources: Record<keyof typeof scripts, string> = {
    change: LUA_CHANGE,
    heartbeat: LUA_HEARTBEAT,
    drop: LUA_DROP,
    online: LUA_ONLINE,
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
    async stop() {
      try {
        await run("drop", instanceId);
      } finally {
        subscriber.disconnect();
      }
    },
  };
}
