import { type FormSubmitBody, formSubmitRoute } from "@nadoy/contract/table-lists";
import { isApiRequestError } from "../../shared/lib/api-error.ts";
import { sendRequest } from "../../shared/lib/api-request.ts";

/**
 * The feedback form's outbox: a submission is kept in localStorage before it is sent, so a
 * visitor offline, or a server that fails, loses nothing (spec §4 sends without waiting; the
 * thank-you shows at once). Each submission has a client id of its own:
 * - stored first, then sent;
 * - removed on 201 (written) or on a definitive refusal (400, 404, 413 and the other 4xx but
 *   408 and 429: sending it again would be refused again);
 * - kept on a network error, a 5xx, 408 or 429, and sent again later with a growing delay, on the
 *   next load of any /form/ page and when the browser comes back `online`.
 * One tab sends at a time (Web Locks where there are), re-reading the outbox under the lock, so
 * two tabs never send the same submission together. An entry leaves only after the server's
 * answer; an answer lost on the way back means one more send of that submission, which the server
 * recognises by its `client_id` and does not write twice.
 */

export interface OutboxEntry {
  id: string;
  body: FormSubmitBody;
  /** Failed attempts so far. */
  attempts: number;
  /** Not sent again before this time (ms since the epoch). */
  next_at: number;
  created_at: number;
}

export type SendOutcome = "sent" | "refused" | "retry";

export interface OutboxOptions {
  storage?: Storage;
  /** Sends one submission and says what became of it. */
  send?: (body: FormSubmitBody) => Promise<SendOutcome>;
  now?: () => number;
  /** Runs `task` alone across the tabs of this origin. */
  exclusive?: <T>(task: () => Promise<T>) => Promise<T>;
  newId?: () => string;
}

export const OUTBOX_KEY = "nadoy.form_outbox";
const LOCK_NAME = "nadoy-form-outbox";
/** Delays before the next attempt: 5 s doubling up to 10 minutes. */
export const RETRY_BASE_MS = 5_000;
export const RETRY_MAX_MS = 10 * 60_000;
/** At most this many waiting submissions are kept (the oldest go first beyond it). */
export const OUTBOX_MAX = 50;

export function retryDelay(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

/** What an answer means for a submission (see above). */
export function outcomeOfStatus(status: number): SendOutcome {
  if (status === 201) return "sent";
  if (status === 0 || status === 408 || status === 429 || status >= 500) return "retry";
  if (status >= 400) return "refused";
  return "retry";
}

/** POST tableLists/link_uuid_form/ (public, no token). */
export async function sendSubmission(body: FormSubmitBody): Promise<SendOutcome> {
  try {
    await sendRequest(formSubmitRoute, { body }, null);
    return "sent";
  } catch (error) {
    return isApiRequestError(error) ? outcomeOfStatus(error.status) : "retry";
  }
}

function webLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  return locks ? locks.request(LOCK_NAME, task) : task();
}

/** A uuid v4: also the submission's `client_id`. randomUUID exists only on HTTPS and localhost. */
function randomId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function isEntry(value: unknown): value is OutboxEntry {
  if (typeof value !== "object" || value === null) return false;
  const entry = value as Partial<OutboxEntry>;
  return (
    typeof entry.id === "string" &&
    typeof entry.body === "object" &&
    entry.body !== null &&
    typeof entry.attempts === "number" &&
    typeof entry.next_at === "number"
  );
}

export function createOutbox(options: OutboxOptions = {}) {
  const storage = options.storage ?? window.localStorage;
  const send = options.send ?? sendSubmission;
  const now = options.now ?? Date.now;
  const exclusive = options.exclusive ?? webLock;
  const newId = options.newId ?? randomId;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let flushing: Promise<void> | null = null;
  /** A flush asked for while one runs: run once more after it (forced if any asker forced). */
  let again: { force: boolean } | null = null;

  function read(): OutboxEntry[] {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(OUTBOX_KEY) ?? "[]");
      return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
    } catch {
      return [];
    }
  }

  function write(entries: OutboxEntry[]): void {
    try {
      if (entries.length === 0) storage.removeItem(OUTBOX_KEY);
      else storage.setItem(OUTBOX_KEY, JSON.stringify(entries));
    } catch {
      // Storage full or denied: the submission is still sent once, just not kept for a retry.
    }
  }

  /** Changes one entry (if it is still there) in the stored list, read afresh. */
  function update(id: string, change: (entry: OutboxEntry) => OutboxEntry | null): void {
    const entries = read();
    const next: OutboxEntry[] = [];
    for (const entry of entries) {
      if (entry.id !== id) next.push(entry);
      else {
        const changed = change(entry);
        if (changed) next.push(changed);
      }
    }
    write(next);
  }

  function schedule(): void {
    clearTimeout(timer);
    timer = undefined;
    const entries = read();
    if (entries.length === 0) return;
    const soonest = Math.min(...entries.map((entry) => entry.next_at));
    timer = setTimeout(() => void flush(), Math.max(0, soonest - now()));
  }

  /** Sends every due submission (all of them with `force`), one after another. */
  async function flushOnce(force: boolean): Promise<void> {
    await exclusive(async () => {
      for (const entry of read()) {
        if (!force && entry.next_at > now()) continue;
        // Another tab may have sent it while this one waited for the lock.
        if (!read().some((stored) => stored.id === entry.id)) continue;
        const outcome = await send(entry.body);
        if (outcome === "retry") {
          update(entry.id, (stored) => {
            const attempts = stored.attempts + 1;
            return { ...stored, attempts, next_at: now() + retryDelay(attempts) };
          });
        } else {
          update(entry.id, () => null);
        }
      }
    });
    schedule();
  }

  /**
   * Sends what is due. Calls while a flush runs are folded into one more run after it, so a
   * submission is never sent twice at the same time by this tab.
   */
  function flush(force = false): Promise<void> {
    if (flushing) {
      again = { force: force || (again?.force ?? false) };
      return flushing;
    }
    flushing = (async () => {
      try {
        await flushOnce(force);
        while (again) {
          const next: { force: boolean } = again;
          again = null;
          await flushOnce(next.force);
        }
      } finally {
        flushing = null;
      }
    })();
    return flushing;
  }

  /** Keeps a submission, then sends it (and anything else due). Resolves when that attempt is over. */
  function submit(body: FormSubmitBody): Promise<void> {
    const entries = read();
    const id = newId();
    // The id goes with the body: a resend after a lost answer adds no second row on the server.
    entries.push({ id, body: { ...body, client_id: id }, attempts: 0, next_at: now(), created_at: now() });
    write(entries.slice(-OUTBOX_MAX));
    return flush();
  }

  /**
   * A page load: sends everything that waits at once (a new visit does not wait out the last
   * one's delay), then again whenever the browser is back online. Returns the undo.
   */
  function start(): () => void {
    const onOnline = () => void flush(true);
    window.addEventListener("online", onOnline);
    void flush(true);
    return () => {
      window.removeEventListener("online", onOnline);
      clearTimeout(timer);
    };
  }

  return { submit, flush, start, pending: read };
}

export type Outbox = ReturnType<typeof createOutbox>;

let shared: Outbox | null = null;

/** The page's outbox over localStorage. */
export function formOutbox(): Outbox {
  shared ??= createOutbox();
  return shared;
}
