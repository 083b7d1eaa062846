import type { SendNotificationBody, SentNotification } from "@nadoy/contract/content";
import { Role } from "@nadoy/contract/roles";
import { sql } from "drizzle-orm";
import { queryRows } from "../src/db/client.ts";
import { seedUser } from "../src/db/seed/users.ts";
import { accessTokenFor } from "./callers.ts";
import type { TestApp } from "./test-app.ts";

/** A signed-in user: id and access token. */
export interface Person {
  id: number;
  token: string;
}

/** A content editor (role 2), signed in. */
export async function newEditor(t: TestApp, username = "editor"): Promise<Person> {
  const user = await seedUser(t.database.db, {
    username,
    firstName: "Елена",
    lastName: "Редакторова",
    roles: [Role.contentEditor],
  });
  return { id: user.id, token: await accessTokenFor(t, user.id) };
}

/** A user with these roles (first = role), companies and activity, signed in unless inactive. */
export async function newPerson(
  t: TestApp,
  username: string,
  options: {
    roles?: number[];
    companyIds?: number[];
    isActive?: boolean;
    isSuperuser?: boolean;
    firstName?: string;
    lastName?: string;
  } = {},
): Promise<Person> {
  const user = await seedUser(t.database.db, { username, ...options });
  return { id: user.id, token: options.isActive === false ? "" : await accessTokenFor(t, user.id) };
}

/** The editors' notification and announcement routes, and the recipients' bell, over HTTP. */
export function contentEditorsApi(t: TestApp) {
  async function sentPage(
    token: string,
    page = 1,
  ): Promise<{ items: SentNotification[]; total: number; page: number; page_size: number }> {
    const res = await t.request({
      method: "GET",
      url: "/api/manage/notifications/",
      token,
      query: { page: String(page) },
    });
    if (res.statusCode !== 200) throw new Error(`GET sends answered ${res.statusCode}: ${res.body}`);
    return res.json();
  }
  return {
    send: (token: string | undefined, body: SendNotificationBody | Record<string, unknown>) =>
      t.request({ method: "POST", url: "/api/manage/notifications/", token, payload: body }),
    sent: (token: string | undefined) => t.request({ method: "GET", url: "/api/manage/notifications/", token }),
    /** The first page's sends (or `page`). */
    async sentList(token: string, page = 1): Promise<SentNotification[]> {
      return (await sentPage(token, page)).items;
    },
    sentPage,
    recipients: (token: string | undefined, q?: string) =>
      t.request({ method: "GET", url: "/api/manage/recipients/", token, ...(q !== undefined && { query: { q } }) }),
    announcement: (token: string | undefined) => t.request({ method: "GET", url: "/api/manage/announcement/", token }),
    setAnnouncement: (token: string | undefined, text: string | null) =>
      t.request({ method: "PUT", url: "/api/manage/announcement/", token, payload: { text } }),
    /** The titles in a user's bell (POST /api/news/user_notifications/). */
    async bell(token: string): Promise<{ pk: number; title: string; read: boolean }[]> {
      const res = await t.request({ method: "POST", url: "/api/news/user_notifications/", token, payload: {} });
      if (res.statusCode !== 200) throw new Error(`the poll answered ${res.statusCode}: ${res.body}`);
      return res.json().map((n: { pk: number; fields: { title: string; read: boolean } }) => ({
        pk: n.pk,
        title: n.fields.title,
        read: n.fields.read,
      }));
    },
    dismiss: (token: string, pks: number[]) =>
      t.request({ method: "PUT", url: "/api/news/user_notifications/", token, payload: pks }),
    userData: (token: string) => t.request({ method: "GET", url: "/api/users/data/", token }),
  };
}

/**
 * How many SQL statements wrote a send's notification rows. Every row remembers the transaction
 * (`xmin`) and the command within it (`cmin`) that inserted it, so one INSERT … SELECT leaves one
 * distinct value however many rows it wrote, while a loop or batches would leave several.
 */
export async function statementsThatWroteSend(t: TestApp, sendId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(distinct (xmin::text || ':' || cmin::text))::int as n from notifications where send_id = ${sendId}`,
  );
  return Number(row?.n ?? 0);
}
