import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import { type DatabaseKind, wrongDatabaseKindText } from "@nadoy/contract/users";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { userDatabases } from "../../db/schema/index.ts";
import { type AccessCaller, databaseVisibleTo } from "../../platform/access/farms-databases.ts";
import { ApiError } from "../../platform/errors.ts";

// Who may read and who may upload herd data (contract herd.ts):
// - a database the caller may not see (not given, another company's, inactive, unknown): 404, as
//   if it did not exist, so nothing tells another company's database apart from a missing one;
// - a database the caller may see but of another kind (monitoring, accounting): 409 with the
//   contract's kind text («Эта база — мониторинг оборудования: …»): the caller knows it exists,
//   so saying why is more useful than pretending it is missing;
// - reading: every caller who sees the database; uploading: platform/access/herd-upload.ts.

export const notFound = () => new ApiError(404, ErrorCode.notFound, ErrorText.notFound);

export interface HerdDatabase {
  id: number;
  uuid: string;
  name: string;
}

/** The herd database `uuid` if the caller may read it; else the 404 or 409 above. One query. */
export async function herdDatabaseFor(db: Db, caller: AccessCaller, uuid: string): Promise<HerdDatabase> {
  const [row] = await db
    .select({ id: userDatabases.id, uuid: userDatabases.uuid, name: userDatabases.name, kind: userDatabases.kind })
    .from(userDatabases)
    .where(and(eq(userDatabases.uuid, uuid), databaseVisibleTo(caller)));
  if (!row) throw notFound();
  if (row.kind !== "herd") throw wrongKind(row.kind);
  return { id: row.id, uuid: row.uuid, name: row.name };
}

const wrongKind = (kind: DatabaseKind) => new ApiError(409, ErrorCode.conflict, wrongDatabaseKindText(kind, "herd"));
