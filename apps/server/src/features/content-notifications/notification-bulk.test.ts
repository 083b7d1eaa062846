import { Role } from "@nadoy/contract/roles";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accessTokenFor } from "../../../test/callers.ts";
import { contentEditorsApi, newEditor, newPerson, statementsThatWroteSend } from "../../../test/content-editors.ts";
import { connectUser, socketBase } from "../../../test/sockets.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { notifications, users } from "../../db/schema/index.ts";
import { PER_USER_HINTS_MAX } from "../../platform/realtime/notification-hints.ts";

let t: TestApp;
let api: ReturnType<typeof contentEditorsApi>;

beforeAll(async () => {
  t = await startTestApp();
  api = contentEditorsApi(t);
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const BULK = 10_000;

/** BULK clients (role 7) in two statements, without argon2 or a round trip per user. */
async function seedClients(count: number): Promise<void> {
  await t.database.db.execute(
    sql`insert into users (username, email_confirmed_at) select 'client' || g, now() from generate_series(1, ${count}::int) g`,
  );
  await t.database.db.execute(
    sql`insert into user_groups (user_id, group_id, position)
      select id, ${Role.client}::int, 0 from users where username like 'client%'`,
  );
}

describe("a notification to a very large audience", () => {
  it(`writes ${BULK.toLocaleString("en")} rows in one statement, and tells everyone's sockets once`, async () => {
    const editor = await newEditor(t);
    await seedClients(BULK);
    const outsider = await newPerson(t, "outsider", { roles: [Role.agronomist] });
    const [someClient] = await t.database.db.select().from(users).where(eq(users.username, "client777"));
    const clientToken = await accessTokenFor(t, someClient?.id ?? 0);
    const base = await socketBase(t);
    // Over PER_USER_HINTS_MAX recipients the hint goes once to every main socket, recipient or not.
    const outsiderSocket = await connectUser(base, outsider.token, outsider.id);

    const res = await api.send(editor.token, {
      title: "Всем клиентам",
      msg: "Плановые работы в субботу",
      audience: { kind: "roles", roles: [Role.client] },
    });

    expect(res.statusCode).toBe(201);
    const { id, recipients } = res.json();
    expect(recipients).toBe(BULK);
    expect(BULK).toBeGreaterThan(PER_USER_HINTS_MAX);
    const [written] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(eq(notifications.sendId, id));
    expect(Number(written?.n)).toBe(BULK);
    expect(await statementsThatWroteSend(t, id)).toBe(1);
    expect((await api.bell(clientToken)).map((n) => n.title)).toEqual(["Всем клиентам"]);
    expect(await api.bell(outsider.token)).toEqual([]);
    await outsiderSocket.next((m) => m.msg_type === "NOTIFICATIONS_CHANGED", "the broadcast hint");
    const [listed] = await api.sentList(editor.token);
    expect(listed).toMatchObject({ id, recipients: BULK, read_count: 0, audience_text: "Роли: Клиент" });
    await outsiderSocket.close();
  }, 30_000);
});
