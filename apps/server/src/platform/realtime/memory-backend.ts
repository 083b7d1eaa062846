import type { Envelope, RealtimeBackend } from "./backend.ts";

/** One instance, no Redis: presence and fan-out stay in this process. */
export function memoryBackend(): RealtimeBackend {
  const counts = new Map<number, number>();
  let receive: (envelope: Envelope) => void = () => undefined;
  const online = () => [...counts.keys()].sort((a, b) => a - b);

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
      receive = () => undefined;
    },
  };
}
