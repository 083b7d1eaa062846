import type { QueryClient } from "@tanstack/react-query";
import { href } from "../routes/href.ts";
import { browserLocation } from "./browser-location.ts";
import { clearLocalData } from "./clear-local-data.ts";

/** Clears everything this browser keeps for the user and loads the sign-in page afresh. */
export async function signOutLocally(queryClient?: QueryClient): Promise<void> {
  await clearLocalData(queryClient);
  browserLocation.assign(href.login());
}
