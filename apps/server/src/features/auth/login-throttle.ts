import {
  ACCOUNT_LOGIN_DELAY_MAX_SECONDS,
  ACCOUNT_LOGIN_FREE_FAILURES,
  ACCOUNT_LOGIN_WINDOW_MINUTES,
} from "@nadoy/contract/constants";
import { sha256 } from "../../platform/auth/opaque-token.ts";
import type { FailureCounter } from "../../platform/limits/failure-counter.ts";

/** The window the account counter needs (its FailureCounter is built with it). */
export const ACCOUNT_WINDOW_MS = ACCOUNT_LOGIN_WINDOW_MINUTES * 60_000;

/**
 * How long the account's next attempt must wait after the attempt that made `failures`: nothing
 * within the free failures, then 1 s, 2 s, 4 s … capped.
 */
export function accountDelayMs(failures: number): number {
  const over = failures - ACCOUNT_LOGIN_FREE_FAILURES;
  if (over <= 0) return 0;
  return Math.min(1000 * 2 ** Math.min(over - 1, 30), ACCOUNT_LOGIN_DELAY_MAX_SECONDS * 1000);
}

/**
 * The per-account slow-down of sign-in guesses spread over many addresses (the per-address limit
 * cannot see them). Why a slow-down and not a lockout: a lockout would let anyone lock any user
 * out by guessing wrong on purpose. And why keyed by the name typed, not the account found: an
 * unknown name is slowed exactly like a real one, so the 429 tells nothing about who exists.
 * The browser that proves it has signed into the account before (device-cookie.ts) skips this.
 */
export function loginThrottle(counter: FailureCounter) {
  const keys = (username: string) => {
    const id = sha256(username.toLowerCase()); // the lookup ignores case; no names in Redis
    return { failures: `failures:${id}`, slot: `slot:${id}` };
  };
  return {
    /**
     * Counts this attempt up front (parallel guesses cannot slip past uncounted) and answers the
     * milliseconds it must wait instead of being checked, or 0. Past the free failures each
     * attempt takes the account's next slot, held for the growing delay, so only one guess per
     * delay is checked; a refused attempt checks no password and is not counted.
     */
    async admit(username: string): Promise<number> {
      const { failures, slot } = keys(username);
      const count = await counter.hit(failures);
      const delayMs = accountDelayMs(count);
      if (delayMs === 0) return 0;
      const waitMs = await counter.claim(slot, delayMs);
      if (waitMs > 0) await counter.forgive(failures);
      return waitMs;
    },

    /** The right password, checked through admit(): the run of failures is over. */
    async succeeded(username: string): Promise<void> {
      const { failures, slot } = keys(username);
      await Promise.all([counter.reset(failures), counter.reset(slot)]);
    },
  };
}

export type LoginThrottle = ReturnType<typeof loginThrottle>;
