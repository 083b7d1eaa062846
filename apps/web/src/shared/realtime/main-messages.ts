import type { MainServerMessage } from "@nadoy/contract/realtime";

type Listener = (message: MainServerMessage) => void;
const listeners = new Set<Listener>();

/**
 * Messages of the main socket meant for features (chat, boards …), as the main socket hands them
 * on: presence is already applied to the online list, and spec §4 "messages from the user's own
 * id are ignored" has been applied.
 */
export function subscribeToMainMessages(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function publishMainMessage(message: MainServerMessage): void {
  for (const listener of listeners) listener(message);
}
