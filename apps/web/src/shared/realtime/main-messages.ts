import type { MainServerMessage } from "@nadoy/contract/realtime";

type Listener = (message: MainServerMessage) => void;
const listeners = new Set<Listener>();

/** A numbered main-socket message (contract realtime.ts, "sequence numbers"). */
export type NumberedMainMessage = Exclude<Extract<MainServerMessage, { seq: number }>, { msg_type: "SYNC" }>;

/** How many recent numbered messages are kept for a fetch that resolves after some arrived. */
export const NUMBERED_BUFFER_SIZE = 500;

/**
 * The recent numbered messages of this tab's main socket, and from which number on the tab has
 * every one of them: `coveredAfter` is null until the first SYNC; after it, every message numbered
 * above `coveredAfter` that the server has sent is in `buffer` (in order), unless it fell out of
 * the buffer, in which case `coveredAfter` moved up with it.
 */
let buffer: NumberedMainMessage[] = [];
let coveredAfter: number | null = null;
let lastSeq: number | null = null;

export function isNumbered(message: MainServerMessage): message is NumberedMainMessage {
  return "seq" in message && message.msg_type !== "SYNC";
}

function record(message: MainServerMessage): void {
  if (message.msg_type === "SYNC") {
    // A reconnect with `since` that was served has just been sent everything in between: the
    // stream goes on without a gap. Otherwise (first connect, or `resync`) it starts afresh here.
    if (message.resync || lastSeq !== message.seq) {
      buffer = [];
      coveredAfter = message.seq;
    }
    lastSeq = message.seq;
    return;
  }
  if (!isNumbered(message)) return;
  if (lastSeq !== null && message.seq <= lastSeq) return;
  lastSeq = message.seq;
  buffer.push(message);
  if (buffer.length > NUMBERED_BUFFER_SIZE) {
    const dropped = buffer.splice(0, buffer.length - NUMBERED_BUFFER_SIZE);
    const last = dropped.at(-1);
    if (last && coveredAfter !== null) coveredAfter = Math.max(coveredAfter, last.seq);
  }
}

/**
 * The numbered messages this tab received after `seq` (a fetch's number), in order, for the state
 * of that fetch to catch up with. `[]` while the socket has not synced yet (its SYNC will tell
 * whether the fetch is behind). Undefined when the tab cannot vouch for them: some were never
 * received (the socket's stream starts after `seq`) or fell out of the buffer. Refetch then.
 */
export function numberedMessagesAfter(seq: number): NumberedMainMessage[] | undefined {
  if (coveredAfter === null) return [];
  if (coveredAfter > seq) return undefined;
  return buffer.filter((message) => message.seq > seq);
}

/** The number of the last numbered message (or SYNC) received; null before the first. */
export function lastMainSeq(): number | null {
  return lastSeq;
}

/**
 * Messages of the main socket meant for features (chat, boards …), as the main socket hands them
 * on: presence has also been applied to the online list. Numbered messages come whoever caused
 * them, the user included (their other tabs must show their own message); features apply spec §4
 * "messages from the user's own id are ignored" to what notifies (toasts, sounds, the typing
 * indicator, board hints), not to their state.
 */
export function subscribeToMainMessages(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function publishMainMessage(message: MainServerMessage): void {
  record(message);
  for (const listener of listeners) listener(message);
}

/** Signed out (or another user): nothing received so far concerns the next socket. */
export function resetMainMessages(): void {
  buffer = [];
  coveredAfter = null;
  lastSeq = null;
}
