import type { Theme } from "@nadoy/contract/constants";
import { readStoredTheme, saveTheme, subscribeToStorage } from "./browser-storage.ts";

const DARK_QUERY = "(prefers-color-scheme: dark)";

function systemTheme(): Theme {
  return window.matchMedia?.(DARK_QUERY).matches ? "black" : "default";
}

/** Spec §4 Theme: the stored one, else the system's dark-mode preference. */
export function currentTheme(): Theme {
  return readStoredTheme() ?? systemTheme();
}

export function setTheme(theme: Theme): void {
  saveTheme(theme);
}

export function subscribeToTheme(listener: () => void): () => void {
  const unsubscribe = subscribeToStorage(listener);
  const media = window.matchMedia?.(DARK_QUERY);
  media?.addEventListener?.("change", listener);
  return () => {
    unsubscribe();
    media?.removeEventListener?.("change", listener);
  };
}
