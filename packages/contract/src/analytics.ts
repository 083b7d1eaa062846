import { z } from "zod";
import { PAGE_HIT_PATH_MAX, PAGE_HITS_PER_MINUTE } from "./constants.ts";
import { defineRoute } from "./http.ts";

/**
 * A route of the app as the router shows it: starts with "/", no control characters. The server
 * keeps only the pathname: a query string or hash is accepted and dropped (they may carry codes),
 * and the token segment of /reset-password/…, /registration-confirm/… and /email-confirm/… is stored
 * as ":token".
 */
export const pageHitPathSchema = z
  .string()
  .max(PAGE_HIT_PATH_MAX, `Не более ${PAGE_HIT_PATH_MAX} символов`)
  .regex(/^\/[^\p{Cc}]*$/u, "Путь должен начинаться с /");

/** Routes whose last segment is a mailed secret (spec §2). */
const SECRET_SEGMENT_ROUTES = /^\/(reset-password|registration-confirm|email-confirm)\/[^/]+/;

/**
 * What of a path may be stored or sent to a counter: the pathname only (a query or hash may carry
 * codes, e.g. Yandex's ?code=…&state=…), with secret segments replaced by ":token".
 */
export function shareablePath(path: string): string {
  const pathname = path.split(/[?#]/, 1)[0] || "/";
  return pathname.replace(SECRET_SEGMENT_ROUTES, "/$1/:token");
}

export const pageHitBodySchema = z.strictObject({ path: pageHitPathSchema });
export type PageHitBody = z.infer<typeof pageHitBodySchema>;

/**
 * Spec §7: each route change of a signed-in user posts a hit (path, user, time) for the admin
 * area's usage reports. Answers 204 with no body. Limited to PAGE_HITS_PER_MINUTE (120) per user
 * per minute: beyond that 429 `too_many_requests` — the client should drop the hit, not retry.
 */
export const pageHitRoute = defineRoute({
  method: "POST",
  path: "/api/analytics/page_hit/",
  auth: "user",
  status: 204,
  body: pageHitBodySchema,
  response: z.null(),
  rateLimit: { max: PAGE_HITS_PER_MINUTE, timeWindowMs: 60_000 },
  summary: "Просмотр страницы приложения (для отчётов об использовании)",
});
