import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import type { RouteAuth } from "@nadoy/contract/http";
import { hasAnyRole } from "@nadoy/contract/roles";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { forbidden, unauthorized } from "../errors.ts";
import { findSession } from "./session.repository.ts";

/** The caller of an authenticated route, as the handlers see it. */
export interface AuthUser {
  id: number;
  isSuperuser: boolean;
  groups: number[];
  /** The refresh-token family (one sign-in) the access token belongs to. */
  sessionId: string;
}

export const accessClaimsSchema = z.object({ sub: z.string().regex(/^\d+$/), sid: z.uuid(), typ: z.literal("access") });

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(" ");
  return scheme?.toLowerCase() === "bearer" && token ? token : undefined;
}

/** Verifies the bearer token and that its session is still open and its user still active. */
export async function authenticate(app: FastifyInstance, db: Db, request: FastifyRequest): Promise<AuthUser> {
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  let claims: z.infer<typeof accessClaimsSchema>;
  try {
    claims = accessClaimsSchema.parse(app.jwt.verify(token));
  } catch {
    throw unauthorized(ErrorText.unauthorized, ErrorCode.tokenNotValid);
  }
  const session = await findSession(db, Number(claims.sub), claims.sid);
  if (!session || session.revokedAt || !session.isActive)
    throw unauthorized(ErrorText.unauthorized, ErrorCode.tokenNotValid);
  return { id: session.userId, isSuperuser: session.isSuperuser, groups: session.groups, sessionId: claims.sid };
}

export function authorize(rule: RouteAuth, user: AuthUser): void {
  if (rule === "public" || rule === "user") return;
  if (rule === "superuser") {
    if (!user.isSuperuser) throw forbidden();
    return;
  }
  if (!hasAnyRole({ is_superuser: user.isSuperuser, groups: user.groups }, rule.roles)) throw forbidden();
}
