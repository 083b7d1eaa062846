import { once } from "node:events";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { Db, DbKind } from "../../../db/client.ts";
import { STAGED_COLUMNS } from "../../../db/schema/index.ts";

// ---- Writing staged lines into herd_upload_rows with COPY, on either driver ----
//
// PostgreSQL: one COPY … FROM STDIN for the whole file on a connection of its own, fed batch by
// batch with backpressure (the file is never held); its rows appear only when it ends, so an
// aborted upload leaves none. PGlite (embedded, one connection): a COPY … FROM '/dev/blob' per
// batch; an aborted upload's rows are deleted by the caller.

const COPY_SQL = `copy herd_upload_rows (${STAGED_COLUMNS.join(", ")}) from stdin`;
const BLOB_SQL = `copy herd_upload_rows (${STAGED_COLUMNS.join(", ")}) from '/dev/blob'`;

export interface StagingWriter {
  /** COPY text of whole lines, each ending in a newline. */
  writeText(text: string): Promise<void>;
  /** Ends the COPY: the rows are in the table. */
  finish(): Promise<void>;
  /** Drops what was not finished; never throws. */
  abort(): Promise<void>;
}

export async function openStagingWriter(db: Db, kind: DbKind): Promise<StagingWriter> {
  return kind === "postgres" ? postgresWriter((db as unknown as { $client: pg.Pool }).$client) : pgliteWriter(db);
}

async function postgresWriter(pool: pg.Pool): Promise<StagingWriter> {
  const client = await pool.connect();
  const stream = client.query(copyFrom(COPY_SQL));
  let failure: Error | undefined;
  stream.on("error", (error: Error) => {
    failure ??= error;
  });
  const finished = once(stream, "finish");
  finished.catch(() => undefined);
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    // A connection whose COPY broke off is not handed to the next request.
    client.release(error);
  };
  const writeText = async (text: string) => {
    if (failure) throw failure;
    if (text.length === 0) return;
    if (!stream.write(text)) await once(stream, "drain");
  };
  return {
    writeText,
    async finish() {
      try {
        stream.end();
        await finished;
        if (failure) throw failure;
        release();
      } catch (error) {
        release(error as Error);
        throw error;
      }
    },
    async abort() {
      if (released) return;
      const error = new Error("upload cancelled");
      stream.destroy(error);
      release(error);
    },
  };
}

function pgliteWriter(db: Db): StagingWriter {
  const client = (db as unknown as { $client: PGlite }).$client;
  const writeText = async (text: string) => {
    if (text.length === 0) return;
    await client.query(BLOB_SQL, [], { blob: new Blob([text]) });
  };
  return {
    writeText,
    async finish() {},
    async abort() {},
  };
}
