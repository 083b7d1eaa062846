import { useSyncExternalStore } from "react";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

const query = () => window.matchMedia?.(REDUCED_MOTION);

function subscribe(listener: () => void): () => void {
  const media = query();
  media?.addEventListener?.("change", listener);
  return () => media?.removeEventListener?.("change", listener);
}

/**
 * The user asked the system for less motion (prefers-reduced-motion: reduce). antd 6 does not
 * read it by itself: AppProviders turns antd's motion off with it (dialogs, drawers and menus
 * appear at once). The end-to-end browser asks for it too (e2e/playwright.config.ts), so that no
 * click lands on a menu still sliding in.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => query()?.matches ?? false);
}
