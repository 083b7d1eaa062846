import type { Envelope, RealtimeBackend, RoomEnvelope, RoomViewer } from "./backend.ts";

/** One instance, no Redis: presence and fan-out stay in this process. */
export function memoryBackend(): RealtimeBackend {
  const counts = new Map<number, number>();
  let receive: (envelope: Envelope) => void = () => undefined;
  const online = () => [...counts.keys()].sort((a, b) => a - b);
  const rooms = new Map<string, Map<number, { conn: string; task: number | null }>>();
  const viewers = (room: string): RoomViewer[] =>
    [...(rooms.get(room) ?? [])]
      .map(([user_id, entry]) => ({ user_id, open_task_id: entry.task }))
      .sort((a, b) => a.user_id - b.user_id);
  const roomEvent = (room: string, fields: Omit<RoomEnvelope, "t" | "room" | "viewers">) =>
    receive({ t: "room", room, ...fields, viewers: viewers(room) });

  return {
    kind: "memory",
    instanceId: "local",
    async start(receiver) {
      receive = receiver;
    },
    async broadcast(envelope) {
      receive(envelope);
    },
    async join(userId) {
      const n = (counts.get(userId) ?? 0) + 1;
      counts.set(userId, n);
      if (n === 1) receive({ t: "presence", event: "online", user_id: userId, users_online: online() });
    },
    async leave(userId) {
      const n = (counts.get(userId) ?? 0) - 1;
      if (n > 0) {
        counts.set(userId, n);
      } else if (counts.delete(userId)) {
        receive({ t: "presence", event: "offline", user_id: userId, users_online: online() });
      }
    },
    async online() {
      return online();
    },
    async heartbeat() {},
    async stop() {
      counts.clear();
      rooms.clear();
      receive = () => undefined;
    },
    async roomJoin(room, userId, connId) {
      let entries = rooms.get(room);
      if (!entries) {
        entries = new Map();
        rooms.set(room, entries);
      }
      const previous = entries.get(userId);
      entries.set(userId, { conn: connId, task: null });
      roomEvent(room, {
        event: "joined",
        user_id: userId,
        task_id: null,
        previous_task_id: previous?.task ?? null,
        replaced: previous?.conn ?? null,
        connId,
      });
    },
    async roomLeave(room, userId, connId) {
      const entries = rooms.get(room);
      const entry = entries?.get(userId);
      if (!entries || entry?.conn !== connId) return;
      entries.delete(userId);
      if (entries.size === 0) rooms.delete(room);
      roomEvent(room, { event: "left", user_id: userId, task_id: null, previous_task_id: entry.task, replaced: null });
    },
    async roomSetTask(room, userId, connId, taskId) {
      const entry = rooms.get(room)?.get(userId);
      if (!entry || (connId !== undefined && entry.conn !== connId) || entry.task === taskId) return false;
      const previous = entry.task;
      entry.task = taskId;
      roomEvent(room, { event: "task", user_id: userId, task_id: taskId, previous_task_id: previous, replaced: null });
      return true;
    },
    async roomViewers(room) {
      return viewers(room);
    },
  };
}
