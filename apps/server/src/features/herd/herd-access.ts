import type { Db } from "../../db/client.ts";
import { databaseOfKindFor, type KindDatabase } from "../../platform/access/database-of-kind.ts";
import type { AccessCaller } from "../../platform/access/farms-databases.ts";

// Who may read and who may upload herd data (contract herd.ts):
// - reading: every caller who sees the database, of kind herd (platform/access/database-of-kind.ts:
//   404 for a database they may not see, 409 for one of another kind);
// - uploading: platform/access/herd-upload.ts.

export { notFound } from "../../platform/access/database-of-kind.ts";

export type HerdDatabase = KindDatabase;

/** The herd database `uuid` if the caller may read it; else the 404 or 409. One query. */
export function herdDatabaseFor(db: Db, caller: AccessCaller, uuid: string): Promise<HerdDatabase> {
  return databaseOfKindFor(db, caller, uuid, "herd");
}
