import type { Theme } from "@nadoy/contract/constants";
import { useSyncExternalStore } from "react";
import { currentTheme, subscribeToTheme } from "../lib/theme.ts";

/** The theme in effect; follows storage writes, other tabs and the system preference. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribeToTheme, currentTheme);
}
