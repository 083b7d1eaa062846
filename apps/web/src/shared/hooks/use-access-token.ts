import { useSyncExternalStore } from "react";
import { readAccessToken, subscribeToStorage } from "../lib/browser-storage.ts";

/** The stored access token, re-read whenever storage changes. */
export function useAccessToken(): string | null {
  return useSyncExternalStore(subscribeToStorage, readAccessToken);
}
