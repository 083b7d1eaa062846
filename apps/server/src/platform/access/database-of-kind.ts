import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import { type DatabaseKind, wrongDatabaseKindText } from "@nadoy/contract/users";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { perDatabase } from "../../db/per-database.ts";
import { userDatabases } from "../../db/schema/index.ts";
import { ApiError } from "../errors.ts";
import { type AccessCaller, databaseVisibleTo } from "./farms-databases.ts";

// A page of one user database of one kind (herd data, monitoring):
// - a database the caller may not see (not given, another company's, inactive, unknown): 404, as
//   if it did not exist, so nothing tells another company's database apart from a missing one;
// - a database the caller may see but of another kind: 409 with the contract's kind text
//   («Эта база — мониторинг оборудования: …»): the caller knows it exists, so saying why is more
//   useful than pretending it is missing.

export const notFound = () => new ApiError(404, ErrorCode.notFound, ErrorText.notFound);

export interface KindDatabase {
  id: number;
  uuid: string;
  name: string;
}

// Every herd and monitoring request starts here: prepared once per database (the caller's id and
// the uuid placeholders), one variant for members and one for superusers, so it is never planned
// again (planning was three quarters of its cost on PostgreSQL).
function prepare(db: Db) {
  const one = (isSuperuser: boolean, name: string) =>
    db
      .select({ id: userDatabases.id, uuid: userDatabases.uuid, name: userDatabases.name, kind: userDatabases.kind })
      .from(userDatabases)
      .where(
        and(
          eq(userDatabases.uuid, sql.placeholder("uuid")),
          databaseVisibleTo({ id: sql.placeholder("userId") as unknown as number, isSuperuser }),
        ),
      )
      .prepare(name);
  return { member: one(false, "database_of_kind_member"), all: one(true, "database_of_kind_all") };
}

const prepared = perDatabase(prepare);

/** The database `uuid` of `kind` if the caller may use it; else the 404 or 409 above. One query. */
export async function databaseOfKindFor(
  db: Db,
  caller: AccessCaller,
  uuid: string,
  kind: DatabaseKind,
): Promise<KindDatabase> {
  const p = prepared(db);
  const [row] = caller.isSuperuser
    ? await p.all.execute({ uuid })
    : await p.member.execute({ uuid, userId: caller.id });
  if (!row) throw notFound();
  if (row.kind !== kind) throw new ApiError(409, ErrorCode.conflict, wrongDatabaseKindText(row.kind, kind));
  return { id: row.id, uuid: row.uuid, name: row.name };
}
