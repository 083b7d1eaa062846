import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import type { RouteAuth } from "@nadoy/contract/http";
import { hasRoleOrSuperuser } from "@nadoy/contract/roles";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { forbidden, unauthorized } from "../errors.ts";
import type { CallerCache } from "./caller-cache.ts";
import { type CallerModules, findSession } from "./session.repository.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Callers of authenticated requests per access token, forgotten on every change (buildApp sets it). */
    callers: CallerCache;
  }
}

/** The caller of an authenticated route, as the handlers see it. */
export interface AuthUser {
  id: number;
  isSuperuser: boolean;
  groups: number[];
  /** The refresh-token family (one sign-in) the access token belongs to. */
  sessionId: string;
  /** The module switches an admin may turn off (boards, lists, tables): off takes the module away. */
  modules: CallerModules;
}

export const accessClaimsSchema = z.object({
  sub: z.string().regex(/^\d+$/),
  sid: z.uuid(),
  typ: z.literal("access"),
  exp: z.number(),
});

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(" ");
  return scheme?.toLowerCase() === "bearer" && token ? token : undefined;
}

/** The user and session an access token names, when its signature, expiry and claims are right. */
export function verifyAccessToken(
  app: FastifyInstance,
  token: string,
): { userId: number; sessionId: string; expiresAt: number } | undefined {
  try {
    const claims = accessClaimsSchema.parse(app.jwt.verify(token));
    return { userId: Number(claims.sub), sessionId: claims.sid, expiresAt: claims.exp * 1000 };
  } catch {
    return undefined;
  }
}

/** The caller an access token's claims name, when its session is still open and its user active. */
export async function loadCaller(db: Db, claims: { userId: number; sessionId: string }): Promise<AuthUser | undefined> {
  const session = await findSession(db, claims.userId, claims.sessionId);
  if (!session || session.revokedAt || !session.isActive) return undefined;
  return {
    id: session.userId,
    isSuperuser: session.isSuperuser,
    groups: session.groups,
    sessionId: claims.sessionId,
    modules: session.modules,
  };
}

/** The caller of a bearer token the cache still holds: the fast path, with no await at all. */
export function cachedCaller(app: FastifyInstance, request: FastifyRequest): AuthUser | undefined {
  const token = bearerToken(request);
  return token && app.hasDecorator("callers") ? app.callers.get(token) : undefined;
}

/**
 * Verifies the bearer token and that its session is still open and its user still active. The
 * main socket checks its query token with the same two steps (platform/realtime/main-socket.ts).
 */
export async function authenticate(app: FastifyInstance, db: Db, request: FastifyRequest): Promise<AuthUser> {
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  // cache.load looks the token up first: a caller cached since cachedCaller missed is found there.
  const cache = app.hasDecorator("callers") ? app.callers : undefined;
  const claims = verifyAccessToken(app, token);
  const caller =
    claims &&
    (cache ? await cache.load(token, claims.expiresAt, () => loadCaller(db, claims)) : await loadCaller(db, claims));
  if (!caller) throw unauthorized(ErrorText.unauthorized, ErrorCode.tokenNotValid);
  return caller;
}

export function authorize(rule: RouteAuth, user: AuthUser): void {
  if (rule === "public" || rule === "user") return;
  if (rule === "superuser") {
    if (!user.isSuperuser) throw forbidden();
    return;
  }
  // A key route admits keys, not sessions (platform/routes.ts checks the key instead).
  if ("key" in rule) throw forbidden();
  // The role is the first group (spec §6), the same rule the menus use.
  if (!hasRoleOrSuperuser({ is_superuser: user.isSuperuser, groups: user.groups }, rule.roles)) throw forbidden();
}
