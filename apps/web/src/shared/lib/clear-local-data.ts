import type { QueryClient } from "@tanstack/react-query";
import { clearBrowserStorage } from "./browser-storage.ts";

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    // Another tab holds it open: the deletion finishes when that tab lets go; do not wait for it.
    request.onblocked = () => resolve();
  });
}

/** Deletes every IndexedDB database of this origin (where the browser can list them). */
async function deleteAllDatabases(): Promise<void> {
  if (typeof indexedDB === "undefined" || typeof indexedDB.databases !== "function") return;
  try {
    const databases = await indexedDB.databases();
    await Promise.all(databases.flatMap((db) => (db.name ? [deleteDatabase(db.name)] : [])));
  } catch {
    // Private modes may refuse to list databases; nothing else can be done about it here.
  }
}

/** Spec §4: the local database, local storage and the in-memory query cache go away. */
export async function clearLocalData(queryClient?: QueryClient): Promise<void> {
  clearBrowserStorage();
  queryClient?.clear();
  await deleteAllDatabases();
}
