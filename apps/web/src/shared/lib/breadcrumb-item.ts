import { useEffect, useSyncExternalStore } from "react";
import { useLocation } from "react-router";

// Issue 16 item 11: breadcrumbs name the item a page shows («Главная / Списки / Надои по фермам»).
// The page names it here once it has loaded it; the shell's breadcrumbs read it for that path only,
// so a name never lingers on the next page.

export interface BreadcrumbItem {
  /** The item's own name: the last crumb. */
  name: string;
  /** The section the item belongs to, linked before it. */
  section?: { title: string; href: string };
  /** The path it was named on. */
  path: string;
}

let current: BreadcrumbItem | null = null;
const listeners = new Set<() => void>();

function set(item: BreadcrumbItem | null): void {
  current = item;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Names the page's item in the breadcrumbs while the page shows it (nothing while `name` is undefined). */
export function useBreadcrumbItem(name: string | undefined, section?: { title: string; href: string }): void {
  const { pathname } = useLocation();
  const title = section?.title;
  const href = section?.href;
  useEffect(() => {
    if (!name) return;
    const item = { name, path: pathname, ...(title && href ? { section: { title, href } } : {}) };
    set(item);
    return () => {
      if (current === item) set(null);
    };
  }, [name, pathname, title, href]);
}

/** The item named for `pathname`, if its page named one. */
export function useCurrentBreadcrumbItem(pathname: string): BreadcrumbItem | undefined {
  const item = useSyncExternalStore(subscribe, () => current);
  return item?.path === pathname ? item : undefined;
}
