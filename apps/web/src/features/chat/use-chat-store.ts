import { useEffect, useSyncExternalStore } from "react";
import { acquireChatStore, type ChatStore, type ChatStoreState, chatStoreFor } from "./chat-store.ts";

/** The signed-in user's chat store, held (and so kept current) while the component is mounted. */
export function useChatStore(userId: number): { store: ChatStore; state: ChatStoreState } {
  const store = chatStoreFor(userId);
  useEffect(() => acquireChatStore(store), [store]);
  const state = useSyncExternalStore(store.subscribe, store.getState);
  return { store, state };
}
