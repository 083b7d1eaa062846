import { MAIN_SOCKET_PATH, mainSocketQuerySchema, SocketCloseCode, SocketCloseReason } from "@nadoy/contract/realtime";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { companies, companyMemberships } from "../../db/schema/index.ts";
import { loadCaller, verifyAccessToken } from "../auth/guard.ts";
import { serialiseMessage, topicOf } from "./channels.ts";
import type { RealtimeHub } from "./hub.ts";
import { socketRoute } from "./socket-route.ts";

/**
 * `/ws/main/?token=<access>` (spec §4 "Main socket", contract realtime.ts). The token is checked
 * like a bearer token (platform/auth/guard.ts): signature and expiry at once, then the session and
 * the user in one query. A refused socket is upgraded and closed with 4401, which a browser can
 * read, rather than refused with an HTTP status, which it cannot.
 */
export function registerMainSocket(app: FastifyInstance, db: Db, hub: RealtimeHub): void {
  app.route({
    ...socketRoute(MAIN_SOCKET_PATH),
    wsHandler: (socket, request) => {
      const query = mainSocketQuerySchema.safeParse(request.query);
      const claims = query.success ? verifyAccessToken(app, query.data.token) : undefined;
      if (!claims) {
        socket.close(SocketCloseCode.unauthorized, SocketCloseReason.tokenNotValid);
        return;
      }
      // Registered before the session query, so that a logout committing meanwhile still closes it.
      const conn = hub.accept(socket, claims);
      loadCaller(db, claims)
        .then(async (caller) => {
          if (!caller) {
            hub.close(conn, SocketCloseCode.unauthorized, SocketCloseReason.tokenNotValid);
            return;
          }
          const companies = await companyIdsOf(db, caller.id, caller.isSuperuser);
          await hub.open(
            conn,
            [topicOf("main"), ...companies.map((id) => topicOf("company", id))],
            [
              {
                topic: topicOf("main", caller.id),
                since: query.data?.since,
                syncFrame: (seq, resync) => serialiseMessage("main", { msg_type: "SYNC", seq, resync }),
              },
            ],
          );
        })
        .catch((error: unknown) => {
          request.log.error({ err: error }, "main socket: could not open");
          hub.close(conn, SocketCloseCode.internalError, "server_error");
        });
    },
  });
}

/** The companies whose board hints (BRD_TASK_*) a user's main socket gets: theirs; a superuser's: all. */
async function companyIdsOf(db: Db, userId: number, isSuperuser: boolean): Promise<number[]> {
  const rows = isSuperuser
    ? await db.select({ id: companies.id }).from(companies)
    : await db
        .select({ id: companyMemberships.companyId })
        .from(companyMemberships)
        .where(eq(companyMemberships.userId, userId));
  return rows.map((r) => r.id);
}
