import type { SegmentGroup } from "@nadoy/contract/herd-segment-rule";
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../../db/client.ts";

// Saved segments of one database: the caller's own and those shared (contract herd-segments.ts).

export interface SegmentRow {
  id: number;
  uuid: string;
  name: string;
  rule: SegmentGroup;
  shared: boolean;
  active: boolean;
  owner_id: number | null;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  created_at: string | Date;
  updated_at: string | Date;
}

const columns = sql`s.id, s.uuid, s.name, s.rule, s.shared, s.active, s.owner_id, u.username, u.first_name,
  u.last_name, s.created_at, s.updated_at`;

/** What the caller sees: their own, and the shared ones. */
const visible = (databaseId: number, userId: number): SQL =>
  sql`s.database_id = ${databaseId} and (s.owner_id = ${userId} or s.shared)`;

export function listSegments(db: Db, databaseId: number, userId: number): Promise<SegmentRow[]> {
  return queryRows<SegmentRow>(
    db,
    sql`select ${columns} from herd_segments s left join users u on u.id = s.owner_id
        where ${visible(databaseId, userId)} order by lower(s.name), s.id`,
  );
}

export async function findSegment(
  db: Db,
  databaseId: number,
  userId: number,
  uuid: string,
): Promise<SegmentRow | undefined> {
  const [row] = await queryRows<SegmentRow>(
    db,
    sql`select ${columns} from herd_segments s left join users u on u.id = s.owner_id
        where ${visible(databaseId, userId)} and s.uuid = ${uuid}`,
  );
  return row;
}

export interface SegmentValues {
  name: string;
  rule: SegmentGroup;
  shared: boolean;
  active: boolean;
}

export async function insertSegment(
  db: Db,
  databaseId: number,
  ownerId: number,
  values: SegmentValues,
): Promise<string> {
  const [row] = await queryRows<{ uuid: string }>(
    db,
    sql`insert into herd_segments (database_id, name, rule, owner_id, shared, active)
        values (${databaseId}, ${values.name}, ${JSON.stringify(values.rule)}::jsonb, ${ownerId}, ${values.shared}, ${values.active})
        returning uuid`,
  );
  if (!row) throw new Error("segment inserted");
  return row.uuid;
}

export async function updateSegment(db: Db, databaseId: number, id: number, values: SegmentValues): Promise<void> {
  await db.execute(
    sql`update herd_segments set name = ${values.name}, rule = ${JSON.stringify(values.rule)}::jsonb,
          shared = ${values.shared}, active = ${values.active}, updated_at = now()
        where database_id = ${databaseId} and id = ${id}`,
  );
}

export async function deleteSegment(db: Db, databaseId: number, id: number): Promise<void> {
  await db.execute(sql`delete from herd_segments where database_id = ${databaseId} and id = ${id}`);
}
