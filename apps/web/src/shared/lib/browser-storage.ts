import { THEMES, type Theme } from "@nadoy/contract/constants";
import { CSV_DIALECTS, type CsvDialect } from "@nadoy/contract/lists";
import type { TokenPair } from "@nadoy/contract/users";

/**
 * The localStorage keys of spec §3 "User (browser storage)", exactly as named there, plus the
 * last-read announcement of spec §4 (its copy on the server, last_read_announcement, makes it hold
 * across devices and sign-outs), and the CSV kind last picked for exports.
 */
export const StorageKey = {
  theme: "theme",
  access: "access",
  refresh: "refresh",
  username: "username",
  userId: "user_id",
  announcement: "announcement",
  /** "1" while the side menu is pinned open on wide screens (not in the spec: a comfort of ours). */
  sideMenuPinned: "side_menu_pinned",
  csvDialect: "csv_dialect",
} as const;

type Listener = () => void;
const listeners = new Set<Listener>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** Called after every write made through this module (and on `storage` events from other tabs). */
export function subscribeToStorage(listener: Listener): () => void {
  listeners.add(listener);
  const onOtherTab = () => listener();
  window.addEventListener("storage", onOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onOtherTab);
  };
}

export function readAccessToken(): string | null {
  return localStorage.getItem(StorageKey.access);
}

export function readRefreshToken(): string | null {
  return localStorage.getItem(StorageKey.refresh);
}

export function readUsername(): string | null {
  return localStorage.getItem(StorageKey.username);
}

export function readUserId(): number | null {
  const raw = localStorage.getItem(StorageKey.userId);
  const id = raw === null ? Number.NaN : Number(raw);
  return Number.isInteger(id) ? id : null;
}

export function readStoredTheme(): Theme | null {
  const raw = localStorage.getItem(StorageKey.theme);
  return THEMES.find((theme) => theme === raw) ?? null;
}

/** The announcement text the user last closed on this browser (spec §4), or null. */
export function readLastReadAnnouncement(): string | null {
  return localStorage.getItem(StorageKey.announcement);
}

export function saveLastReadAnnouncement(text: string): void {
  localStorage.setItem(StorageKey.announcement, text);
  changed();
}

/** The CSV kind last picked for an export on this browser, or null (then «CSV для Excel (;)»). */
export function readCsvDialect(): CsvDialect | null {
  const raw = localStorage.getItem(StorageKey.csvDialect);
  return CSV_DIALECTS.find((dialect) => dialect === raw) ?? null;
}

export function saveCsvDialect(dialect: CsvDialect): void {
  localStorage.setItem(StorageKey.csvDialect, dialect);
  changed();
}

export function saveTokens(pair: TokenPair): void {
  localStorage.setItem(StorageKey.access, pair.access);
  localStorage.setItem(StorageKey.refresh, pair.refresh);
  changed();
}

export function saveUser(user: { username?: string; userId?: number }): void {
  if (user.username !== undefined) localStorage.setItem(StorageKey.username, user.username);
  if (user.userId !== undefined) localStorage.setItem(StorageKey.userId, String(user.userId));
  changed();
}

export function readSideMenuPinned(): boolean {
  return localStorage.getItem(StorageKey.sideMenuPinned) === "1";
}

export function saveSideMenuPinned(pinned: boolean): void {
  if (pinned) localStorage.setItem(StorageKey.sideMenuPinned, "1");
  else localStorage.removeItem(StorageKey.sideMenuPinned);
  changed();
}

export function saveTheme(theme: Theme): void {
  localStorage.setItem(StorageKey.theme, theme);
  changed();
}

/** Spec §4 logout and failed refresh: local storage is cleared as a whole. */
export function clearBrowserStorage(): void {
  localStorage.clear();
  changed();
}
