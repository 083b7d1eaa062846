import { EMBED_TTL_SECONDS } from "@nadoy/contract/reports";

/** A signed URL is fetched again this long before it expires. */
export const EMBED_REFRESH_AHEAD_MS = 30_000;
/** Never sooner than this (a clock far off, or a failed refresh, must not spin). */
export const EMBED_REFRESH_MIN_MS = 10_000;

/**
 * When to fetch a new signed URL: `EMBED_REFRESH_AHEAD_MS` before `expiresAt`, kept between
 * `EMBED_REFRESH_MIN_MS` and the token's lifetime (so a browser clock that is off cannot make it
 * refresh in a loop or wait past the expiry by much).
 */
export function embedRefreshDelay(expiresAt: string, now: number): number {
  const wanted = Date.parse(expiresAt) - now - EMBED_REFRESH_AHEAD_MS;
  const longest = EMBED_TTL_SECONDS * 1000 - EMBED_REFRESH_AHEAD_MS;
  if (Number.isNaN(wanted)) return EMBED_REFRESH_MIN_MS;
  return Math.min(Math.max(wanted, EMBED_REFRESH_MIN_MS), longest);
}
