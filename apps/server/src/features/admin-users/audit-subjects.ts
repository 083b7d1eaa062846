import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { companies, farms, userDatabases, users } from "../../db/schema/index.ts";
import { displayName } from "./admin-user-dto.ts";

// ---- what an audit entry is about, by name: the user, company, farm or database it changed ----
// Entries keep the subject's id ({id, before, after}); an update keeps only what changed, so
// without a name a reader cannot tell whose role moved. Resolved for the whole page at once: one
// query per kind present on the page (at most four), never one per entry.

type SubjectKind = "user" | "business" | "farm" | "database";

const KIND_OF_PREFIX: [string, SubjectKind][] = [
  ["user_", "user"],
  ["business_", "business"],
  ["farm_", "farm"],
  ["database_", "database"],
];

function subjectOf(action: string, details: unknown): { kind: SubjectKind; id: number } | undefined {
  const kind = KIND_OF_PREFIX.find(([prefix]) => action.startsWith(prefix))?.[1];
  const id = typeof details === "object" && details !== null ? (details as { id?: unknown }).id : undefined;
  return kind && typeof id === "number" && Number.isInteger(id) ? { kind, id } : undefined;
}

async function namesOf(db: Db, kind: SubjectKind, ids: number[]): Promise<Map<number, string>> {
  switch (kind) {
    case "user": {
      const rows = await db
        .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, ids));
      return new Map(
        rows.map((u) => [u.id, displayName({ ...u, firstName: u.firstName ?? "", lastName: u.lastName ?? "" })]),
      );
    }
    case "business": {
      const rows = await db
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(inArray(companies.id, ids));
      return new Map(rows.map((r) => [r.id, r.name]));
    }
    case "farm": {
      const rows = await db.select({ id: farms.id, name: farms.name }).from(farms).where(inArray(farms.id, ids));
      return new Map(rows.map((r) => [r.id, r.name]));
    }
    case "database": {
      const rows = await db
        .select({ id: userDatabases.id, name: userDatabases.name })
        .from(userDatabases)
        .where(inArray(userDatabases.id, ids));
      return new Map(rows.map((r) => [r.id, r.name]));
    }
  }
}

/** A name from the entry's own snapshot (a deleted company keeps its name there). */
function snapshotName(details: unknown): string | undefined {
  const { before, after } = (details ?? {}) as { before?: unknown; after?: unknown };
  for (const side of [after, before]) {
    const name = typeof side === "object" && side !== null ? (side as { name?: unknown }).name : undefined;
    if (typeof name === "string" && name !== "") return name;
  }
  return undefined;
}

/** The subject's name of each entry (null when it has none), in the entries' order. */
export async function auditSubjects(
  db: Db,
  entries: { action: string; details: unknown }[],
): Promise<(string | null)[]> {
  const subjects = entries.map((entry) => subjectOf(entry.action, entry.details));
  const kinds = [...new Set(subjects.flatMap((s) => (s ? [s.kind] : [])))];
  const names = new Map(
    await Promise.all(
      kinds.map(async (kind) => {
        const ids = [...new Set(subjects.flatMap((s) => (s?.kind === kind ? [s.id] : [])))];
        return [kind, await namesOf(db, kind, ids)] as const;
      }),
    ),
  );
  return entries.map((entry, at) => {
    const subject = subjects[at];
    const current = subject ? names.get(subject.kind)?.get(subject.id) : undefined;
    return current ?? (subject ? (snapshotName(entry.details) ?? null) : null);
  });
}
