import { asc, eq, inArray, sql } from "drizzle-orm";
import { arrayLiteral } from "../../db/array-literal.ts";
import type { Db } from "../../db/client.ts";
import { instructionRoles, instructions, users } from "../../db/schema/index.ts";

// The editors' SQL: every article whatever its status or audience, its audience roles, the order,
// and the name of who last changed it.

const managedColumns = {
  id: instructions.id,
  uuid: instructions.uuid,
  title: instructions.title,
  body: instructions.body,
  position: instructions.position,
  published: instructions.published,
  audience: instructions.audience,
  createdAt: instructions.createdAt,
  updatedAt: instructions.updatedAt,
  updaterId: users.id,
  updaterUsername: users.username,
  updaterFirstName: users.firstName,
  updaterLastName: users.lastName,
};

function managedQuery(db: Db) {
  return db.select(managedColumns).from(instructions).leftJoin(users, eq(users.id, instructions.updatedBy));
}

export type ManagedRow = Awaited<ReturnType<ReturnType<typeof managedQuery>["execute"]>>[number];

/** Every article in the editors' order (instructions_position_idx). */
export function allInstructions(db: Db): Promise<ManagedRow[]> {
  return managedQuery(db).orderBy(asc(instructions.position), asc(instructions.id));
}

export async function findInstruction(db: Db, id: number): Promise<ManagedRow | undefined> {
  const [row] = await managedQuery(db).where(eq(instructions.id, id)).limit(1);
  return row;
}

/** The article's id, or undefined when no article has this uuid. */
export async function instructionId(db: Db, uuid: string): Promise<number | undefined> {
  const [row] = await db.select({ id: instructions.id }).from(instructions).where(eq(instructions.uuid, uuid));
  return row?.id;
}

/** Locks the article for the rest of the transaction (concurrent edits audit in turn); its id, or undefined. */
export async function lockInstruction(db: Db, uuid: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: instructions.id })
    .from(instructions)
    .where(eq(instructions.uuid, uuid))
    .for("update");
  return row?.id;
}

/**
 * Holds the order for the rest of the transaction: creates (which take the next position) and
 * reorders run one at a time, and no article is added or removed while a reorder checks its list.
 * Readers are not blocked.
 */
export async function lockOrder(db: Db): Promise<void> {
  await db.execute(sql`lock table instructions in share row exclusive mode`);
}

/** The audience roles of these articles, by article id. */
export async function audienceRoles(db: Db, ids: number[]): Promise<Map<number, number[]>> {
  const result = new Map<number, number[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return result;
  const rows = await db
    .select({ instructionId: instructionRoles.instructionId, roleId: instructionRoles.roleId })
    .from(instructionRoles)
    .where(inArray(instructionRoles.instructionId, ids))
    .orderBy(instructionRoles.roleId);
  for (const row of rows) result.get(row.instructionId)?.push(row.roleId);
  return result;
}

export interface InstructionValues {
  title?: string;
  body?: string;
  plainText?: string;
  published?: boolean;
  audience?: "all" | "roles";
}

/** A new article after the last one; its id. Call with the order locked. */
export async function insertInstruction(
  db: Db,
  values: InstructionValues & { title: string },
  editorId: number,
): Promise<number> {
  const [row] = await db
    .insert(instructions)
    .values({
      ...values,
      position: sql`(select coalesce(max(${instructions.position}), -1) + 1 from ${instructions})`,
      createdBy: editorId,
      updatedBy: editorId,
    })
    .returning({ id: instructions.id });
  if (!row) throw new Error("instruction insert returned nothing");
  return row.id;
}

/** Changes the article and marks it as changed now by this editor. */
export async function updateInstruction(db: Db, id: number, values: InstructionValues, editorId: number) {
  await db
    .update(instructions)
    .set({ ...values, updatedBy: editorId, updatedAt: sql`now()` })
    .where(eq(instructions.id, id));
}

/** Deletes the article; its roles and files go with it (foreign keys cascade). */
export async function deleteInstruction(db: Db, id: number): Promise<void> {
  await db.delete(instructions).where(eq(instructions.id, id));
}

/** Replaces the article's audience roles (none for "all"). */
export async function replaceRoles(db: Db, id: number, roles: readonly number[]): Promise<void> {
  await db.delete(instructionRoles).where(eq(instructionRoles.instructionId, id));
  if (roles.length > 0) {
    await db.insert(instructionRoles).values(roles.map((roleId) => ({ instructionId: id, roleId })));
  }
}

/** Every article's id, uuid and title in the current order. */
export function orderRows(db: Db): Promise<{ id: number; uuid: string; title: string }[]> {
  return db
    .select({ id: instructions.id, uuid: instructions.uuid, title: instructions.title })
    .from(instructions)
    .orderBy(asc(instructions.position), asc(instructions.id));
}

/** Positions 0, 1, 2 … in the order of these ids, in one statement. */
export async function setOrder(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`update instructions set position = o.ord - 1
    from unnest(${arrayLiteral(ids.map((id) => Math.trunc(id)))}::int[]) with ordinality as o(id, ord)
    where instructions.id = o.id`);
}
