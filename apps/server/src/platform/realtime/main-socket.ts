import { MAIN_SOCKET_PATH, mainSocketQuerySchema, SocketCloseCode, SocketCloseReason } from "@nadoy/contract/realtime";
import { isClient, seesMonitoringDemo } from "@nadoy/contract/roles";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { companies, companyMemberships } from "../../db/schema/index.ts";
import { type AuthUser, loadCaller, verifyAccessToken } from "../auth/guard.ts";
import { type CompanyArea, companyTopic, DEMO_MONITORING_TOPIC, serialiseMessage, topicOf } from "./channels.ts";
import type { PresenceScope } from "./company-directory.ts";
import type { RealtimeHub, RightsCheck } from "./hub.ts";
import { socketRoute } from "./socket-route.ts";

/**
 * `/ws/main/?token=<access>` (spec §4 "Main socket", contract realtime.ts). The token is checked
 * like a bearer token (platform/auth/guard.ts): signature and expiry at once, then the session and
 * the user in one query. A refused socket is upgraded and closed with 4401, which a browser can
 * read, rather than refused with an HTTP status, which it cannot. When an admin changes the user,
 * the hub asks again (`recheck`): the socket's topics and presence scope follow the user's rights.
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
      /** What the user may hear of now: topics and presence scope, or the session is gone. */
      const rightsNow = async (): Promise<RightsCheck> => {
        const caller = await loadCaller(db, claims);
        if (!caller) return { close: { code: SocketCloseCode.unauthorized, reason: SocketCloseReason.sessionEnded } };
        const companyIds = await companyIdsOf(db, caller.id, caller.isSuperuser);
        return { topics: mainTopics(caller, companyIds), presence: presenceScope(caller, companyIds) };
      };
      rightsNow()
        .then(async (first) => {
          if ("close" in first) {
            hub.close(conn, SocketCloseCode.unauthorized, SocketCloseReason.tokenNotValid);
            return;
          }
          await hub.open(
            conn,
            first.topics,
            [
              {
                topic: topicOf("main", claims.userId),
                since: query.data?.since,
                syncFrame: (seq, resync) => serialiseMessage("main", { msg_type: "SYNC", seq, resync }),
              },
            ],
            { presence: first.presence, recheck: rightsNow },
          );
        })
        .catch((error: unknown) => {
          request.log.error({ err: error }, "main socket: could not open");
          hub.close(conn, SocketCloseCode.internalError, "server_error");
        });
    },
  });
}

/**
 * The unnumbered topics of a user's main socket: presence, and per company (a superuser: every
 * company) the hints of each module the user has — board tasks, lists, tables (not for clients) —
 * and of new monitoring readings; for staff, the demo monitoring pages' readings too.
 */
export function mainTopics(caller: AuthUser, companyIds: readonly number[]): string[] {
  const areas: CompanyArea[] = [];
  if (caller.isSuperuser || caller.modules.boards) areas.push("boards");
  if (caller.isSuperuser || caller.modules.tableLists) areas.push("list");
  if (caller.isSuperuser || (caller.modules.tables && !isClient({ groups: caller.groups }))) areas.push("table");
  areas.push("monitoring");
  const demo = caller.isSuperuser || seesMonitoringDemo({ groups: caller.groups }) ? [DEMO_MONITORING_TOPIC] : [];
  return [topicOf("main"), ...demo, ...companyIds.flatMap((id) => areas.map((area) => companyTopic(id, area)))];
}

/** A user learns the presence of their companies' members (a superuser: of everyone). */
function presenceScope(caller: AuthUser, companyIds: readonly number[]): PresenceScope {
  return { userId: caller.id, all: caller.isSuperuser, companyIds: new Set(caller.isSuperuser ? [] : companyIds) };
}

/** The companies whose hints a user's main socket gets: theirs; a superuser's: all. */
async function companyIdsOf(db: Db, userId: number, isSuperuser: boolean): Promise<number[]> {
  const rows = isSuperuser
    ? await db.select({ id: companies.id }).from(companies)
    : await db
        .select({ id: companyMemberships.companyId })
        .from(companyMemberships)
        .where(eq(companyMemberships.userId, userId));
  return rows.map((r) => r.id);
}
