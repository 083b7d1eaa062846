import { createHmac } from "node:crypto";

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

/**
 * An access token as the server signs it (HS256, claims sub/sid/typ), for seeded sessions: the
 * benchmark gives the app its JWT_SECRET, so 20,000 users need no 20,000 sign-ins (argon2id).
 */
export function signAccessToken(secret: string, userId: number, sessionId: string, ttlSeconds = 3600): string {
  const now = Math.floor(Date.now() / 1000);
  const head = part({ alg: "HS256", typ: "JWT" });
  const body = part({ sub: String(userId), sid: sessionId, typ: "access", iat: now, exp: now + ttlSeconds });
  const signature = createHmac("sha256", secret).update(`${head}.${body}`).digest("base64url");
  return `${head}.${body}.${signature}`;
}
