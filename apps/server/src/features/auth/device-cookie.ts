import { createHmac, timingSafeEqual } from "node:crypto";
import { loginRoute } from "@nadoy/contract/users";

// OWASP's "device cookie": a browser that has signed into an account gets a signed, httpOnly
// cookie bound to that account, and is exempt from the account's slow-down of sign-in guesses
// (login-throttle.ts). An attacker guessing from elsewhere slows only the strangers; the owner's
// own browser signs in at once. The cookie proves a past sign-in only: it never signs anyone in.

const NAME_PREFIX = "nadoy_device_";
const LIFETIME_S = 365 * 24 * 3600;

export interface DeviceCookies {
  /** The Set-Cookie value for a browser that has just signed into this account. */
  issue(userId: number): string;
  /** Whether the request's cookies prove an earlier sign-in into this account, still valid. */
  proves(cookieHeader: string | undefined, userId: number): boolean;
}

/**
 * One cookie per account (a shared computer may know several), named by the user id, valued
 * `<expiry in s>.<HMAC of id and expiry>`, sent only to the sign-in route.
 */
export function deviceCookies(key: Buffer, secure: boolean, now: () => number = Date.now): DeviceCookies {
  const sign = (userId: number, expires: number) =>
    createHmac("sha256", key).update(`device:${userId}:${expires}`).digest();
  return {
    issue(userId) {
      const expires = Math.floor(now() / 1000) + LIFETIME_S;
      const value = `${expires}.${sign(userId, expires).toString("base64url")}`;
      return [
        `${NAME_PREFIX}${userId}=${value}`,
        `Path=${loginRoute.path}`,
        `Max-Age=${LIFETIME_S}`,
        "HttpOnly",
        "SameSite=Strict",
        ...(secure ? ["Secure"] : []),
      ].join("; ");
    },
    proves(cookieHeader, userId) {
      const value = cookieValue(cookieHeader, `${NAME_PREFIX}${userId}`);
      const [expiresText, signature] = value?.split(".") ?? [];
      const expires = Number(expiresText);
      if (!signature || !Number.isSafeInteger(expires) || expires * 1000 <= now()) return false;
      const given = Buffer.from(signature, "base64url");
      const expected = sign(userId, expires);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(";") ?? []) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
