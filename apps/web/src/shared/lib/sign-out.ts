import type { QueryClient } from "@tanstack/react-query";
import { browserLocation } from "./browser-location.ts";
import { clearLocalData } from "./clear-local-data.ts";
import { paths } from "./paths.ts";

/** Clears everything this browser keeps for the user and loads the sign-in page afresh. */
export async function signOutLocally(queryClient?: QueryClient): Promise<void> {
  await clearLocalData(queryClient);
  browserLocation.assign(paths.login);
}
