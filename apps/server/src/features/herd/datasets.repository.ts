import type { HerdAnimalStatus } from "@nadoy/contract/herd";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import { type AccessCaller, databaseVisibleTo } from "../../platform/access/farms-databases.ts";
import { parsedJson, type UploadJsonRow, uploadJson } from "./uploads.repository.ts";

// What each herd database the caller may see holds: one statement, each figure a sub-select
// aggregated in PostgreSQL over that database's (database_id, …) indexes.

export interface DatasetRow {
  uuid: string;
  name: string;
  company_uuid: string;
  company_name: string;
  farm_uuid: string | null;
  farm_name: string | null;
  animals_by_status: Partial<Record<HerdAnimalStatus, number>>;
  events: { count: number; from: string | null; to: string | null };
  test_days: { count: number; from: string | null; to: string | null };
  /** The newest committed upload (what the data is as fresh as), or null. */
  last_upload: UploadJsonRow | null;
}

export async function listDatasets(db: Db, caller: AccessCaller): Promise<DatasetRow[]> {
  const rows = await queryRows<DatasetRow>(
    db,
    sql`select "user_databases".uuid, "user_databases".name, c.uuid as company_uuid, c.name as company_name,
          f.uuid as farm_uuid, f.name as farm_name,
          (select coalesce(json_object_agg(s.status, s.n), '{}'::json)
             from (select a.status, count(*)::int as n from herd_animals a
                   where a.database_id = "user_databases".id group by a.status) s) as animals_by_status,
          (select json_build_object('count', count(*)::int, 'from', to_char(min(e.event_date), 'YYYY-MM-DD'),
                    'to', to_char(max(e.event_date), 'YYYY-MM-DD'))
             from herd_events e where e.database_id = "user_databases".id) as events,
          (select json_build_object('count', count(*)::int, 'from', to_char(min(t.test_date), 'YYYY-MM-DD'),
                    'to', to_char(max(t.test_date), 'YYYY-MM-DD'))
             from herd_test_days t where t.database_id = "user_databases".id) as test_days,
          (select ${uploadJson}
             from herd_uploads u join user_databases d on d.id = u.database_id left join users usr on usr.id = u.user_id
             where u.database_id = "user_databases".id and u.status = 'committed'
             order by u.committed_at desc nulls last, u.id desc limit 1) as last_upload
        from "user_databases"
        join companies c on c.id = "user_databases".company_id
        left join farms f on f.id = "user_databases".farm_id
        where "user_databases".kind = 'herd' and ${databaseVisibleTo(caller)}
        order by c.name, c.id, "user_databases".name, "user_databases".id`,
  );
  return rows.map((r) => ({
    ...r,
    animals_by_status: parsedJson(r.animals_by_status),
    events: parsedJson(r.events),
    test_days: parsedJson(r.test_days),
    last_upload: r.last_upload === null ? null : parsedJson(r.last_upload),
  }));
}
