import type { RouteDef } from "@nadoy/contract/http";
import { Role } from "@nadoy/contract/roles";
import { and, eq, inArray, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { queryRows } from "../../src/db/client.ts";
import { companies, companyMemberships, refreshTokenFamilies, userGroups, users } from "../../src/db/schema/index.ts";
import { seedDemo } from "../../src/db/seed/demo.ts";
import { seedUser } from "../../src/db/seed/users.ts";
import { runTaskReminders } from "../../src/features/boards/boards.service.ts";
import { findSession } from "../../src/platform/auth/session.repository.ts";
import { type FakeYandex, startFakeYandex } from "../fake-yandex.ts";
import { tableFingerprints } from "../row-counts.ts";
import { startTestApp, type TestApp } from "../test-app.ts";
import type { Pools } from "./arbitrary-from-zod.ts";
import { INJECTION_STRINGS, UNICODE_STRINGS } from "./payloads.ts";
import type { CallerKind, FuzzCase } from "./request-case.ts";

// The app the fuzzer attacks: the demo data (a company with farms, lists, boards, chats, news,
// reports), a superuser and a role-7 client of that company. Whatever a 2xx changed for the two
// callers (a logout, a deactivation, a new role) is put back before the next case, so that inputs
// keep reaching validation and handlers.

interface CallerState {
  kind: CallerKind;
  userId: number;
  sessionId: string;
  token: string;
  role: number;
  isSuperuser: boolean;
  companyIds: number[];
  /** Requests per rate-limited route (signed-in limits count per user). */
  limited: Map<string, number>;
}

/**
 * Refusals that write on purpose: failed sign-ins, failed password changes, email changes with a
 * wrong password and a replayed refresh token are audited (features/auth/auth.service.ts). A herd
 * file refused (empty, not DC305, too large) stays in the upload history as failed with its reason
 * (features/herd/upload/stage-upload.ts; the «Файлы» page lists it), whoever sent it. Nothing else
 * may change on a 4xx.
 */
const AUDITED_REFUSALS: Record<string, readonly string[]> = {
  "POST /api/users/token/": ["audit_log"],
  "POST /api/users/change_password/": ["audit_log"],
  "POST /api/users/change_email/": ["audit_log"],
  "POST /api/users/token/refresh/": ["audit_log"],
  "POST /api/herd/:db_uuid/uploads/": ["herd_uploads"],
};

/**
 * Tables a background job of the app updates on its own: only their row counts must stay put
 * (the mail dispatcher marks mails sent after an earlier case's 201 registration).
 */
const BACKGROUND_UPDATED = ["mail_outbox"] as const;

/** Statuses and body kinds seen on one route: printed when the route fails. */
export class RouteStats {
  private readonly seen = new Map<string, number>();

  record(status: number, kind: string): void {
    const key = `${status} ${kind}`;
    this.seen.set(key, (this.seen.get(key) ?? 0) + 1);
  }

  /** Every status answered, once each. */
  statuses(): number[] {
    return [...new Set([...this.seen.keys()].map((key) => Number(key.split(" ")[0])))].sort();
  }

  summary(): string {
    return [...this.seen.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, n]) => `  ${key}: ${n}`)
      .join("\n");
  }
}

export class FuzzTarget {
  private clones = 0;
  /** Table fingerprints (rows and contents) as the last refused case left them; dropped whenever anything may have written since. */
  private counts: Record<string, string> | undefined;

  private constructor(
    readonly t: TestApp,
    private readonly yandex: FakeYandex,
    private readonly callers: Record<CallerKind, CallerState>,
    readonly files: readonly Buffer[],
    private readonly idColumns: { table: string; column: string; uuid: boolean }[],
  ) {}

  static async start(): Promise<FuzzTarget> {
    // Yandex ID configured (on loopback), so that its routes validate and refuse instead of a 503.
    const yandex = await startFakeYandex();
    const t = await startTestApp(yandex.env);
    const { db } = t.database;
    await seedDemo(db);
    const demo = await db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(inArray(users.username, ["admin", "client"]));
    const idOf = (name: string) => {
      const user = demo.find((u) => u.username === name);
      if (!user) throw new Error(`demo user ${name} missing`);
      return user.id;
    };
    const memberships = await db
      .select()
      .from(companyMemberships)
      .where(eq(companyMemberships.userId, idOf("client")));
    const companyIds = memberships.map((m) => m.companyId);
    const state = async (
      kind: CallerKind,
      userId: number,
      role: number,
      isSuperuser: boolean,
    ): Promise<CallerState> => ({
      kind,
      userId,
      role,
      isSuperuser,
      companyIds,
      limited: new Map(),
      ...(await mint(t, userId)),
    });
    const callers = {
      superuser: await state("superuser", idOf("admin"), Role.admin, true),
      client: await state("client", idOf("client"), Role.client, false),
    };
    const idColumns = (
      await queryRows<{ table_name: string; column_name: string; data_type: string }>(
        db,
        sql`select table_name, column_name, data_type from information_schema.columns
            where table_schema = 'public'
              and (data_type = 'uuid' or (column_name = 'id' and data_type in ('integer', 'bigint')))`,
      )
    ).map((c) => ({ table: c.table_name, column: c.column_name, uuid: c.data_type === "uuid" }));
    return new FuzzTarget(t, yandex, callers, await spreadsheets(t), idColumns);
  }

  /** Ids, uuids and names that exist now: the arbitraries mostly aim at real rows. */
  async pools(): Promise<Pools> {
    const { db } = this.t.database;
    const union = this.idColumns
      .map(
        ({ table, column, uuid }) =>
          `(select ${uuid ? "'u'" : "'i'"} as k, "${column}"::text as v from "${table}" where "${column}" is not null order by random() limit 25)`,
      )
      .join(" union all ");
    const rows = await queryRows<{ k: string; v: string }>(db, sql.raw(union));
    const names = await queryRows<{ name: string }>(
      db,
      sql`(select name from list_columns order by random() limit 30) union all (select username from users limit 10)`,
    );
    return {
      uuids: [...new Set(rows.filter((r) => r.k === "u").map((r) => r.v))],
      ids: [...new Set(rows.filter((r) => r.k === "i").map((r) => Number(r.v)))],
      names: names.map((n) => n.name),
    };
  }

  /** The caller's token, once its user and session are as the fuzzer needs them. */
  private async tokenFor(kind: CallerKind, route: RouteDef): Promise<string> {
    let caller = this.callers[kind];
    // A signed-in route's limit counts per user: past it, a fresh user of the same kind goes on.
    if (route.rateLimit && route.auth !== "public") {
      const key = `${route.method} ${route.path}`;
      const used = caller.limited.get(key) ?? 0;
      if (used >= route.rateLimit.max) {
        caller = await this.cloneOf(caller);
        this.callers[kind] = caller;
        this.counts = undefined;
      }
      caller.limited.set(key, (caller.limited.get(key) ?? 0) + 1);
    }
    const healthy = await this.repair(caller);
    if (!healthy) this.counts = undefined;
    return caller.token;
  }

  private async cloneOf(caller: CallerState): Promise<CallerState> {
    this.clones += 1;
    const user = await seedUser(this.t.database.db, {
      username: `fuzz-${caller.kind}-${this.clones}`,
      roles: [caller.role],
      isSuperuser: caller.isSuperuser,
      companyIds: await this.existingCompanies(caller.companyIds),
    });
    return { ...caller, userId: user.id, limited: new Map(), ...(await mint(this.t, user.id)) };
  }

  private async existingCompanies(ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.t.database.db
      .select({ id: companies.id })
      .from(companies)
      .where(inArray(companies.id, ids));
    return rows.map((r) => r.id);
  }

  /**
   * Puts back what a 2xx changed about the caller: session, activity, superuser flag, role,
   * modules, company. False when it had to write.
   */
  private async repair(caller: CallerState): Promise<boolean> {
    const { db } = this.t.database;
    const session = await findSession(db, caller.userId, caller.sessionId);
    if (!session) {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, caller.userId));
      if (!user) {
        Object.assign(caller, await this.cloneOf(caller));
        return false;
      }
    }
    if (
      session?.isActive &&
      session.isSuperuser === caller.isSuperuser &&
      session.groups[0] === caller.role &&
      session.modules.boards &&
      session.modules.tableLists &&
      session.modules.tables &&
      (caller.isSuperuser || (await this.isMember(caller)))
    ) {
      if (!session.revokedAt) return true;
    } else {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({
            isActive: true,
            isSuperuser: caller.isSuperuser,
            boardsEnabled: true,
            tableListsEnabled: true,
            tablesEnabled: true,
          })
          .where(eq(users.id, caller.userId));
        await tx.delete(userGroups).where(eq(userGroups.userId, caller.userId));
        await tx.insert(userGroups).values({ userId: caller.userId, groupId: caller.role, position: 0 });
        const existing = await this.existingCompanies(caller.companyIds);
        if (existing.length > 0) {
          await tx
            .insert(companyMemberships)
            .values(existing.map((companyId) => ({ userId: caller.userId, companyId })))
            .onConflictDoNothing();
        }
      });
    }
    Object.assign(caller, await mint(this.t, caller.userId));
    return false;
  }

  private async isMember(caller: CallerState): Promise<boolean> {
    if (caller.companyIds.length === 0) return true;
    const rows = await this.t.database.db
      .select({ id: companyMemberships.companyId })
      .from(companyMemberships)
      .where(
        and(eq(companyMemberships.userId, caller.userId), inArray(companyMemberships.companyId, caller.companyIds)),
      );
    return rows.length > 0 || (await this.existingCompanies(caller.companyIds)).length === 0;
  }

  /**
   * Sends one case and checks what must hold for any input: no 5xx, every error `{code, message}`
   * JSON, and a 4xx changes no table's row count. Throws with the details otherwise.
   */
  async check(route: RouteDef, c: FuzzCase, stats: RouteStats): Promise<void> {
    const token = await this.tokenFor(c.caller, route);
    const { db } = this.t.database;
    // The due-date reminders (features/boards) write notifications on a timer of their own: run
    // them now, so that they have nothing left to write while this case runs.
    if ((await runTaskReminders(db)) > 0) this.counts = undefined;
    const before = this.counts ?? (await tableFingerprints(db, { countOnly: BACKGROUND_UPDATED }));
    this.counts = undefined;
    const response = await this.t.request({
      method: c.method as "GET",
      url: c.url,
      token,
      ...(c.payload !== undefined && { payload: c.payload }),
      ...(c.contentType !== undefined && { headers: { "content-type": c.contentType } }),
    });
    // What the route does after answering (a reset letter) belongs to this case, not the next one.
    await this.t.app.afterAnswer.settled();
    const status = response.statusCode;
    stats.record(status, c.kind);
    const excerpt = () => response.body.slice(0, 400);
    if (status >= 500) throw new Error(`${status} from ${c.method} ${c.url.slice(0, 300)}: ${excerpt()}`);
    if (status < 400) return;
    let body: unknown;
    try {
      body = response.json();
    } catch {
      throw new Error(`${status} with a body that is not JSON: ${excerpt()}`);
    }
    const { code, message } = (body ?? {}) as { code?: unknown; message?: unknown };
    if (typeof code !== "string" || typeof message !== "string") {
      throw new Error(`${status} body is not {code, message}: ${excerpt()}`);
    }
    const after = await tableFingerprints(db, { countOnly: BACKGROUND_UPDATED });
    this.counts = after;
    const allowed = AUDITED_REFUSALS[`${route.method} ${route.path}`] ?? [];
    const changed = Object.keys({ ...before, ...after }).filter(
      (table) => before[table] !== after[table] && !allowed.includes(table),
    );
    if (changed.length > 0) {
      const diff = changed.map((table) => `${table} ${before[table]} → ${after[table]}`).join(", ");
      throw new Error(`${status} ${code} but tables changed: ${diff}`);
    }
  }

  async close(): Promise<void> {
    await this.t.close();
    await this.yandex.close();
  }
}

/** An access token of a new session of this user (test/callers.ts accessTokenFor, with the session id). */
async function mint(t: TestApp, userId: number): Promise<{ token: string; sessionId: string }> {
  const [family] = await t.database.db.insert(refreshTokenFamilies).values({ userId }).returning();
  if (!family) throw new Error("family insert returned nothing");
  const token = t.app.jwt.sign({ sub: String(userId), sid: family.id, typ: "access" }, { expiresIn: 3600 });
  return { token, sessionId: family.id };
}

/** Real XLSX files for the import route: the demo lists' column names over hostile cells. */
async function spreadsheets(t: TestApp): Promise<Buffer[]> {
  const names = await queryRows<{ name: string }>(t.database.db, sql`select distinct name from list_columns limit 20`);
  const header = names.map((n) => n.name);
  const hostile = [...INJECTION_STRINGS, ...UNICODE_STRINGS.filter((s) => !s.includes("\u0000"))];
  const files: Buffer[] = [];
  for (let variant = 0; variant < 3; variant += 1) {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Лист1");
    sheet.addRow(variant === 2 ? hostile.slice(0, 5) : header);
    for (let row = 0; row < 10; row += 1) {
      sheet.addRow(header.map((_, i) => (variant === 0 ? hostile[(row + i) % hostile.length] : row * 1e15 - i)));
    }
    files.push(Buffer.from(await workbook.xlsx.writeBuffer()));
  }
  return files;
}
