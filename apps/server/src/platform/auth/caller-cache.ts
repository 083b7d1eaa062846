import type { CallerChange } from "../realtime/backend.ts";
import type { AuthUser } from "./guard.ts";

/**
 * How long an instance trusts a caller it loaded (user, role, module switches, session open) before
 * it asks the database again. Changes reach the cache at once through `forget` on every instance
 * (the realtime backend carries them); the TTL only bounds a change whose message was lost.
 * Longer than the notification poll (15 s), so that a polling tab costs one query, not two.
 */
export const CALLER_CACHE_TTL_MS = 60_000;
/** At most this many access tokens are kept (~500 bytes each with the token): the oldest go first. */
export const CALLER_CACHE_MAX = 50_000;

interface Entry {
  caller: AuthUser;
  expiresAt: number;
}

/**
 * The callers of authenticated requests, per access token: a token seen before costs neither its
 * signature check nor the auth guard's session query, once per token per minute at most. Only
 * open sessions of active users are kept; a refusal is never cached; an entry never outlives its
 * token's expiry.
 */
export class CallerCache {
  private readonly byToken = new Map<string, Entry>();
  /** Bumped by every `forget`: a load that began before it must not store what it read. */
  private generation = 0;

  constructor(
    private readonly ttlMs = CALLER_CACHE_TTL_MS,
    private readonly max = CALLER_CACHE_MAX,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get size(): number {
    return this.byToken.size;
  }

  /** The cached caller of this access token, while fresh. */
  get(token: string): AuthUser | undefined {
    const entry = this.byToken.get(token);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.byToken.delete(token);
      return undefined;
    }
    return entry.caller;
  }

  /**
   * Loads the caller of a verified token with `load` unless it is cached, and keeps it until the
   * TTL or `tokenExpiresAt` (ms), whichever comes first. What the load read is stored only when no
   * `forget` came in the meantime: a revocation that committed while it ran must win.
   */
  async load(
    token: string,
    tokenExpiresAt: number,
    load: () => Promise<AuthUser | undefined>,
  ): Promise<AuthUser | undefined> {
    const cached = this.get(token);
    if (cached) return cached;
    const generation = this.generation;
    const caller = await load();
    if (caller && generation === this.generation) {
      this.store(token, { caller, expiresAt: Math.min(this.now() + this.ttlMs, tokenExpiresAt) });
    }
    return caller;
  }

  /** Drops the tokens of ended sessions, or of every session of some users (changed role or switches). */
  forget(filter: CallerChange): void {
    this.generation += 1;
    const matches = callerMatcher(filter);
    // A full pass: these changes are rare (sign-outs, admin edits), the reads are not.
    for (const [token, entry] of this.byToken) {
      if (matches(entry.caller)) this.byToken.delete(token);
    }
  }

  private store(token: string, entry: Entry): void {
    this.byToken.delete(token);
    if (this.byToken.size >= this.max) {
      const oldest = this.byToken.keys().next();
      if (!oldest.done) this.byToken.delete(oldest.value);
    }
    this.byToken.set(token, entry);
  }
}

function callerMatcher(filter: CallerChange): (caller: AuthUser) => boolean {
  if ("sessionIds" in filter) {
    const sessions = new Set(filter.sessionIds);
    return (caller) => sessions.has(caller.sessionId);
  }
  if ("userIds" in filter) {
    const users = new Set(filter.userIds);
    return (caller) => users.has(caller.id);
  }
  // Ending a user's other sessions (password change) drops the kept one too: it is simply reloaded.
  return (caller) => caller.id === filter.userId;
}
