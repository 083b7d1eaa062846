import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import { type DatabaseKind, wrongDatabaseKindText } from "@nadoy/contract/users";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
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

/** The database `uuid` of `kind` if the caller may use it; else the 404 or 409 above. One query. */
export async function databaseOfKindFor(
  db: Db,
  caller: AccessCaller,
  uuid: string,
  kind: DatabaseKind,
): Promise<KindDatabase> {
  const [row] = await db
    .select({ id: userDatabases.id, uuid: userDatabases.uuid, name: userDatabases.name, kind: userDatabases.kind })
    .from(userDatabases)
    .where(and(eq(userDatabases.uuid, uuid), databaseVisibleTo(caller)));
  if (!row) throw notFound();
  if (row.kind !== kind) throw new ApiError(409, ErrorCode.conflict, wrongDatabaseKindText(row.kind, kind));
  return { id: row.id, uuid: row.uuid, name: row.name };
}
