import { useEffect, useSyncExternalStore } from "react";

// The name of the item a page shows (a list, a task, a report), for the breadcrumbs: the page
// knows it once loaded; the shell draws it instead of a generic «Список» or «Отчёт».

let current: string | undefined;
const listeners = new Set<() => void>();

function set(title: string | undefined): void {
  if (title === current) return;
  current = title;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The shown item's name, undefined while no page has given one. */
export function usePageItemTitle(): string | undefined {
  return useSyncExternalStore(subscribe, () => current);
}

/** A page names its item (undefined while loading); the name goes when the page does. */
export function useNamePageItem(title: string | undefined): void {
  useEffect(() => {
    set(title);
    return () => set(undefined);
  }, [title]);
}
