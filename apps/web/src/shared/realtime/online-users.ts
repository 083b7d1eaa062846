import { useSyncExternalStore } from "react";

/**
 * Who is online (spec §4 "Main socket"): the ids of users with an open main socket, as the server
 * last told them, and whether this tab's own socket is open. The main socket writes it; anything
 * in the shell may read it with useOnlineUsers().
 */
export interface OnlineUsersState {
  /** Sorted user ids; null until users/data or the socket has said anything. */
  ids: readonly number[] | null;
  /** True while this tab's main socket is open (false while away after the idle time-out). */
  connected: boolean;
  /** Where `ids` came from: the users/data snapshot at start, or the socket (always newer). */
  source: "user-data" | "socket" | null;
}

const INITIAL: OnlineUsersState = { ids: null, connected: false, source: null };

let state: OnlineUsersState = INITIAL;
const listeners = new Set<() => void>();

function update(next: Partial<OnlineUsersState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function subscribeToOnlineUsers(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getOnlineUsers(): OnlineUsersState {
  return state;
}

/** The users/data list at start: used only until the socket has sent its own. */
export function seedOnlineUsers(ids: readonly number[]): void {
  if (state.source === "socket") return;
  update({ ids: [...ids], source: "user-data" });
}

/** A SITE_CONNECTED or SITE_DISCONNECTED: the whole list, which replaces ours. */
export function replaceOnlineUsers(ids: readonly number[]): void {
  update({ ids: [...ids], source: "socket" });
}

export function setSocketConnected(connected: boolean): void {
  if (state.connected !== connected) update({ connected });
}

/** Signed out (the main socket is gone): nothing is known any more. */
export function resetOnlineUsers(): void {
  update(INITIAL);
}

export function useOnlineUsers(): OnlineUsersState {
  return useSyncExternalStore(subscribeToOnlineUsers, getOnlineUsers);
}
