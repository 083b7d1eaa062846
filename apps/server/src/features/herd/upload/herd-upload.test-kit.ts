import { HERD_UPLOAD_NO_COUNTS, type HerdUploadCounts } from "@nadoy/contract/herd";
import { eq, sql } from "drizzle-orm";
import type { TestApp } from "../../../../test/test-app.ts";
import { type Db, queryRows } from "../../../db/client.ts";
import { users } from "../../../db/schema/index.ts";
import { seedHerdWorld } from "../herd.test-kit.ts";

// What the upload tests share: the herd world with the DC305 flag given, calls of the upload
// routes, and the herd's contents read back as plain rows.

export async function seedUploadWorld(t: TestApp) {
  const w = await seedHerdWorld(t);
  await t.database.db.update(users).set({ dc305: true }).where(sql`${users.id} in (${w.zoo.id}, ${w.other.id})`);
  return w;
}

export const setDc305 = (db: Db, userId: number, on: boolean) =>
  db.update(users).set({ dc305: on }).where(eq(users.id, userId));

export function uploadApi(t: TestApp, token: string | undefined, dbUuid: string) {
  return {
    upload: (text: string | Buffer, name = "events.csv", query: Record<string, string> = {}) =>
      t.request({
        method: "POST",
        url: `/api/herd/${dbUuid}/uploads/`,
        token,
        query: { format: "dc305", name, ...query },
        headers: { "content-type": "text/csv" },
        payload: typeof text === "string" ? Buffer.from(text) : text,
      }),
    commit: (uploadUuid: string, query: Record<string, string> = {}) =>
      t.request({ method: "POST", url: `/api/herd/uploads/${uploadUuid}/commit/`, token, query }),
    history: () => t.request({ method: "GET", url: `/api/herd/${dbUuid}/uploads/`, token }),
    progress: (id: string) => t.request({ method: "GET", url: `/api/herd/uploads/progress/${id}/`, token }),
  };
}

/** A preview's or commit's counts with only the given ones non-zero. */
export const counts = (given: Partial<HerdUploadCounts>): HerdUploadCounts => ({ ...HERD_UPLOAD_NO_COUNTS, ...given });

export interface AnimalRow {
  barn_number: string;
  ear_tag: string | null;
  birth_date: string | null;
  lact: number;
  pen: string | null;
  status: string;
  fresh_date: string | null;
  dry_date: string | null;
  exit_date: string | null;
  rc: number | null;
}

/** The herd's animals, by barn number and birth date. */
export const animalsOf = (db: Db, databaseId: number) =>
  queryRows<AnimalRow>(
    db,
    sql`select barn_number, ear_tag, birth_date::text as birth_date, lact, pen, status, fresh_date::text as fresh_date,
          dry_date::text as dry_date, exit_date::text as exit_date, rc
        from herd_animals where database_id = ${databaseId} order by barn_number, birth_date`,
  );

/** The herd's events as «barn date CODE remark|protocol|technician». */
export async function eventsOf(db: Db, databaseId: number): Promise<string[]> {
  const rows = await queryRows<{ e: string }>(
    db,
    sql`select a.barn_number || ' ' || e.event_date::text || ' ' || e.code || ' ' || e.remark || '|' || e.protocol
          || '|' || e.technician as e
        from herd_events e join herd_animals a on a.database_id = e.database_id and a.id = e.animal_id
        where e.database_id = ${databaseId} order by a.barn_number, e.event_date, e.code, e.remark`,
  );
  return rows.map((r) => r.e);
}

/**
 * Row counts of every herd table and of the staging table's lines still to be committed (nothing
 * changed = the same numbers; a committed upload keeps only its refused lines, for their download).
 */
export async function herdTableCounts(db: Db): Promise<Record<string, number>> {
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql`select (select count(*)::int from herd_animals) as animals, (select count(*)::int from herd_events) as events,
          (select count(*)::int from herd_test_days) as test_days, (select count(*)::int from herd_lactations) as lactations,
          (select count(*)::int from herd_pens) as pens, (select count(*)::int from herd_upload_rows r join herd_uploads u
            on u.database_id = r.database_id and u.id = r.upload_id and u.status <> 'committed') as staged`,
  );
  return row ?? {};
}
