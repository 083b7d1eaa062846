import {
  SENT_NOTIFICATIONS_PAGE_SIZE,
  type SentNotification,
  type sendNotificationBodySchema,
} from "@nadoy/contract/content";
import { displayName } from "@nadoy/contract/users";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { audit } from "../../platform/audit.ts";
import type { AuthUser } from "../../platform/auth/guard.ts";
import { validationError } from "../../platform/errors.ts";
import type { RealtimeHub } from "../../platform/realtime/hub.ts";
import { hintRecipients } from "../../platform/realtime/notification-hints.ts";
import { audienceText, parseStoredAudience } from "./audience-text.ts";
import * as repo from "./notification-sends.repository.ts";

type SendBody = z.infer<typeof sendNotificationBodySchema>;

const RECIPIENT_SEARCH_MAX = 20;

const unknownCompany = () => validationError({ audience: "Нет такой компании" });
const nobodyMatches = () => validationError({ audience: "Нет ни одного активного получателя" });

export function createNotificationSendsService(deps: { db: Db; realtime: RealtimeHub; log: FastifyBaseLogger }) {
  const { db, realtime, log } = deps;

  return {
    /**
     * The send row, one notification per active recipient (one INSERT … SELECT) and the audit entry,
     * all in one transaction: nobody matching rolls it all back with 400. The recipients' sockets
     * are told after the commit.
     */
    async send(caller: AuthUser, body: SendBody, ip: string): Promise<{ id: number; recipients: number }> {
      const { audience } = body;
      const result = await db.transaction(async (tx) => {
        let companyIds: number[] = [];
        if (audience.kind === "companies") {
          const wanted = new Set(audience.company_uuids);
          const found = await repo.findCompaniesByUuid(tx, [...wanted]);
          if (found.length !== wanted.size) throw unknownCompany();
          companyIds = found.map((company) => company.id);
        }
        const id = await repo.insertSend(tx, {
          title: body.title,
          msg: body.msg,
          link: body.link,
          audience: JSON.stringify(audience),
          createdBy: caller.id,
        });
        const userIds = await repo.insertRecipientRows(
          tx,
          { id, title: body.title, msg: body.msg, link: body.link },
          audience,
          companyIds,
        );
        if (userIds.length === 0) throw nobodyMatches();
        await repo.setRecipientCount(tx, id, userIds.length);
        await audit(tx, {
          action: "notification_sent",
          userId: caller.id,
          ip,
          details: { id, recipients: userIds.length, title: body.title },
        });
        return { id, userIds };
      });
      await hintRecipients(realtime, log, result.userIds);
      return { id: result.id, recipients: result.userIds.length };
    },

    /** A page of sends, newest first, with read counts: four queries however many sends there are. */
    async list(page: number) {
      const size = SENT_NOTIFICATIONS_PAGE_SIZE;
      const [sends, total] = await Promise.all([
        repo.findSends(db, { limit: size, offset: (page - 1) * size }),
        repo.countSends(db),
      ]);
      const audiences = sends.map((send) => parseStoredAudience(send.audience));
      const companyUuids = audiences.flatMap((a) => (a?.kind === "companies" ? a.company_uuids : []));
      const [readCounts, companies] = await Promise.all([
        repo.readCounts(
          db,
          sends.map((send) => send.id),
        ),
        repo.findCompaniesByUuid(db, [...new Set(companyUuids)]),
      ]);
      const companyNames = new Map(companies.map((company) => [company.uuid, company.name]));
      const items = sends.map(
        (send, i): SentNotification => ({
          id: send.id,
          title: send.title,
          msg: send.msg,
          link: send.link,
          audience_text: audienceText(audiences[i], companyNames),
          recipients: send.recipients,
          read_count: readCounts.get(send.id) ?? 0,
          created_by:
            send.creatorId === null
              ? null
              : {
                  id: send.creatorId,
                  name: displayName({
                    username: send.creatorUsername ?? "",
                    first_name: send.creatorFirstName ?? "",
                    last_name: send.creatorLastName ?? "",
                  }),
                },
          created_at: send.createdAt.toISOString(),
        }),
      );
      return { items, total, page, page_size: size };
    },

    /** Up to 20 active users matching `q` in their username or names, and every company. */
    async recipients(q: string) {
      const [users, companies] = await Promise.all([
        repo.searchActiveUsers(db, q, RECIPIENT_SEARCH_MAX),
        repo.allCompanies(db),
      ]);
      return {
        users: users.map((user) => ({
          id: user.id,
          username: user.username,
          name: displayName({ username: user.username, first_name: user.firstName, last_name: user.lastName }),
        })),
        companies,
      };
    },
  };
}
