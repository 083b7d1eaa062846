import type { TagOption } from "@nadoy/contract/form-values";
import type { ListKind } from "@nadoy/contract/lists";
import { type AnyColumn, and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Db, queryRows } from "../../db/client.ts";
import { companies, listColumns, listForms, listRows, lists, users } from "../../db/schema/index.ts";

// All SQL of lists, their columns and rows. A transaction is a Db too (drizzle's PgTransaction).

const creator = alias(users, "creator");
const updater = alias(users, "updater");

/** A user's display name: "First Last", or the username when both are empty. */
function personName(u: { firstName: AnyColumn; lastName: AnyColumn; username: AnyColumn }): SQL<string> {
  return sql<string>`coalesce(nullif(trim(${u.firstName} || ' ' || ${u.lastName}), ''), ${u.username})`;
}

// Subqueries name their tables in full: drizzle leaves columns unqualified in single-table queries.
const LIST_ID = sql.raw(`"lists"."id"`);
const formLink = sql<
  string | null
>`(select f.uuid_link from list_forms f where f.list_id = ${LIST_ID} and f.published)`;
const rowCount = sql<number>`(select count(*)::int from list_rows r where r.list_id = ${LIST_ID})`;
const columnCount = sql<number>`(select count(*)::int from list_columns c where c.list_id = ${LIST_ID})`;
const memberOf = (userId: number, companyId: SQL) =>
  sql<boolean>`exists (select 1 from company_memberships m where m.user_id = ${userId} and m.company_id = ${companyId})`;

// ---- lists ----

/** The catalogue: every list of one kind in the user's companies (all companies for superusers). */
export async function findListSummaries(db: Db, user: { id: number; isSuperuser: boolean }, kind: ListKind) {
  const member = memberOf(user.id, sql.raw(`"lists"."company_id"`));
  return db
    .select({
      uuid: lists.uuid,
      name: lists.name,
      kind: lists.kind,
      companyUuid: companies.uuid,
      companyName: companies.name,
      rowCount,
      columnCount,
      formLink,
      createdBy: sql<string | null>`${personName(creator)}`,
      updatedAt: lists.updatedAt,
    })
    .from(lists)
    .innerJoin(companies, eq(companies.id, lists.companyId))
    .leftJoin(creator, eq(creator.id, lists.createdBy))
    .where(user.isSuperuser ? eq(lists.kind, kind) : and(eq(lists.kind, kind), member));
}

export type ListLookup = { listUuid: string } | { columnUuid: string } | { rowUuid: string };

function lookupCondition(by: ListLookup): SQL {
  if ("listUuid" in by) return eq(lists.uuid, by.listUuid);
  if ("columnUuid" in by)
    return sql`${LIST_ID} = (select c.list_id from list_columns c where c.uuid = ${by.columnUuid})`;
  return sql`${LIST_ID} = (select r.list_id from list_rows r where r.uuid = ${by.rowUuid})`;
}

/** A list (by its uuid, or by one of its columns or rows) with its company and whether the user is a member. */
export async function findListRef(db: Db, userId: number, by: ListLookup) {
  const [row] = await db
    .select({
      id: lists.id,
      uuid: lists.uuid,
      name: lists.name,
      kind: lists.kind,
      companyId: lists.companyId,
      companyUuid: companies.uuid,
      companyName: companies.name,
      createdById: lists.createdBy,
      createdBy: sql<string | null>`${personName(creator)}`,
      updatedAt: lists.updatedAt,
      member: memberOf(userId, sql.raw(`"lists"."company_id"`)),
    })
    .from(lists)
    .innerJoin(companies, eq(companies.id, lists.companyId))
    .leftJoin(creator, eq(creator.id, lists.createdBy))
    .where(lookupCondition(by))
    .limit(1);
  return row;
}
export type ListRef = NonNullable<Awaited<ReturnType<typeof findListRef>>>;

/** A list's row and column counts, its published form's link (or null) and its last change. */
export async function findListFigures(db: Db, listId: number) {
  const [row] = await db
    .select({
      rowCount,
      columnCount,
      formLink,
      name: lists.name,
      updatedAt: lists.updatedAt,
    })
    .from(lists)
    .where(eq(lists.id, listId));
  if (!row) throw new Error("list figures of a missing list");
  return row;
}

/** The published form's link of a list, or null. */
export async function findFormLink(db: Db, listId: number): Promise<string | null> {
  const [row] = await db
    .select({ link: listForms.uuidLink })
    .from(listForms)
    .where(and(eq(listForms.listId, listId), eq(listForms.published, true)))
    .limit(1);
  return row?.link ?? null;
}

/** A company the user may create lists in (a member's, or any for superusers). */
export async function findCompanyForUser(db: Db, user: { id: number; isSuperuser: boolean }, companyUuid: string) {
  const member = memberOf(user.id, sql.raw(`"companies"."id"`));
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(user.isSuperuser ? eq(companies.uuid, companyUuid) : and(eq(companies.uuid, companyUuid), member))
    .limit(1);
  return row;
}

export async function insertList(tx: Db, input: { companyId: number; name: string; kind: ListKind; userId: number }) {
  const [row] = await tx
    .insert(lists)
    .values({ companyId: input.companyId, name: input.name, kind: input.kind, createdBy: input.userId })
    .returning({ id: lists.id, uuid: lists.uuid });
  if (!row) throw new Error("list insert returned nothing");
  return row;
}

/**
 * Locks the list's row until the transaction ends: writers that compute row or column orders, or
 * rewrite a column's cells, take their turns.
 */
export async function lockList(tx: Db, listId: number): Promise<void> {
  await tx.select({ id: lists.id }).from(lists).where(eq(lists.id, listId)).for("update");
}

/** Marks the list changed (its rows, columns or name). */
export async function touchList(tx: Db, listId: number, name?: string): Promise<void> {
  await tx
    .update(lists)
    .set({ updatedAt: sql`now()`, ...(name !== undefined && { name }) })
    .where(eq(lists.id, listId));
}

export async function deleteList(db: Db, listId: number): Promise<void> {
  await db.delete(lists).where(eq(lists.id, listId));
}

// ---- columns ----

const columnFields = {
  id: listColumns.id,
  uuid: listColumns.uuid,
  listId: listColumns.listId,
  name: listColumns.name,
  type: listColumns.type,
  order: listColumns.order,
  options: listColumns.options,
  percentOver100: listColumns.percentOver100,
};

export async function findColumns(db: Db, listId: number) {
  return db
    .select(columnFields)
    .from(listColumns)
    .where(eq(listColumns.listId, listId))
    .orderBy(asc(listColumns.order), asc(listColumns.id));
}
export type ColumnRecord = Awaited<ReturnType<typeof findColumns>>[number];

export async function findColumn(db: Db, uuid: string): Promise<ColumnRecord | undefined> {
  const [row] = await db.select(columnFields).from(listColumns).where(eq(listColumns.uuid, uuid)).limit(1);
  return row;
}

/** Adds columns after the list's last one, in the order given. */
export async function insertColumns(
  tx: Db,
  listId: number,
  columns: { name: string; type: ColumnRecord["type"]; options: TagOption[]; percentOver100: boolean }[],
): Promise<ColumnRecord[]> {
  if (columns.length === 0) return [];
  const [last] = await tx
    .select({ max: sql<number | null>`max(${listColumns.order})` })
    .from(listColumns)
    .where(eq(listColumns.listId, listId));
  const start = Number(last?.max ?? 0) + 1;
  return tx
    .insert(listColumns)
    .values(
      columns.map((c, i) => ({
        listId,
        name: c.name,
        type: c.type,
        options: c.options,
        percentOver100: c.percentOver100,
        order: start + i,
      })),
    )
    .returning(columnFields);
}

export async function countColumns(tx: Db, listId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(listColumns)
    .where(eq(listColumns.listId, listId));
  return Number(row?.n ?? 0);
}

export async function updateColumn(
  tx: Db,
  columnId: number,
  set: Partial<{ name: string; type: ColumnRecord["type"]; options: TagOption[]; percentOver100: boolean }>,
): Promise<ColumnRecord> {
  const [row] = await tx.update(listColumns).set(set).where(eq(listColumns.id, columnId)).returning(columnFields);
  if (!row) throw new Error("column update returned nothing");
  return row;
}

/** Removes the column, its cells from every row (jsonb `-`) and, by foreign key, its form elements. */
export async function deleteColumn(tx: Db, column: { id: number; uuid: string; listId: number }): Promise<void> {
  await tx
    .update(listRows)
    .set({ values: sql`${listRows.values} - ${column.uuid}::text` })
    .where(and(eq(listRows.listId, column.listId), sql`${listRows.values} ? ${column.uuid}::text`));
  await tx.delete(listColumns).where(eq(listColumns.id, column.id));
}

/** Sets every column's order to its index in `uuids` + 1, in one statement. */
export async function setColumnOrder(tx: Db, listId: number, uuids: string[]): Promise<void> {
  await tx.execute(sql`
    update ${listColumns} set "order" = t.ord
    from jsonb_array_elements_text(${JSON.stringify(uuids)}::jsonb) with ordinality as t(uuid, ord)
    where ${listColumns.listId} = ${listId} and ${listColumns.uuid} = t.uuid::uuid`);
}

/** The filled cells of one column, rows locked for the rewrite that follows. */
export async function lockColumnCells(tx: Db, listId: number, columnUuid: string) {
  return tx
    .select({ id: listRows.id, value: sql<unknown>`${listRows.values} -> ${columnUuid}::text` })
    .from(listRows)
    .where(and(eq(listRows.listId, listId), sql`${listRows.values} ? ${columnUuid}::text`))
    .for("update");
}

/** Writes one column's cell in many rows in one statement; a null value removes the cell. */
export async function writeColumnCells(
  tx: Db,
  columnUuid: string,
  cells: { id: number; value: unknown | null }[],
): Promise<void> {
  if (cells.length === 0) return;
  const payload = JSON.stringify(cells.map((c) => ({ id: c.id, value: c.value ?? null })));
  await tx.execute(sql`
    update ${listRows} set "values" = case
        when t.value is null or t.value = 'null'::jsonb then ${listRows.values} - ${columnUuid}::text
        else ${listRows.values} || jsonb_build_object(${columnUuid}::text, t.value)
      end
    from jsonb_to_recordset(${payload}::jsonb) as t(id int, value jsonb)
    where ${listRows.id} = t.id`);
}

// ---- rows ----

const rowFields = {
  id: listRows.id,
  uuid: listRows.uuid,
  listId: listRows.listId,
  order: listRows.order,
  values: listRows.values,
  createdAt: listRows.createdAt,
  updatedAt: listRows.updatedAt,
  createdBy: sql<string | null>`case when ${creator.id} is null then null else ${personName(creator)} end`,
  updatedBy: sql<string | null>`case when ${updater.id} is null then null else ${personName(updater)} end`,
};

function selectRows(db: Db) {
  return db
    .select(rowFields)
    .from(listRows)
    .leftJoin(creator, eq(creator.id, listRows.createdBy))
    .leftJoin(updater, eq(updater.id, listRows.updatedBy));
}

/** Every row of the list by order, with its author's and last editor's names: one query. */
export async function findRows(db: Db, listId: number) {
  return selectRows(db).where(eq(listRows.listId, listId)).orderBy(asc(listRows.order));
}
export type RowRecord = Awaited<ReturnType<typeof findRows>>[number];

export async function findRowById(db: Db, id: number): Promise<RowRecord | undefined> {
  const [row] = await selectRows(db).where(eq(listRows.id, id)).limit(1);
  return row;
}

export async function findRowBrief(db: Db, uuid: string) {
  const [row] = await db
    .select({ id: listRows.id, listId: listRows.listId, order: listRows.order })
    .from(listRows)
    .where(eq(listRows.uuid, uuid))
    .limit(1);
  return row;
}

export async function countRows(tx: Db, listId: number): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(listRows).where(eq(listRows.listId, listId));
  return Number(row?.n ?? 0);
}

/** After the list's last row (max + 1; 1 for an empty list). Call with the list locked. */
export async function orderAtEnd(tx: Db, listId: number): Promise<string> {
  const [row] = await queryRows<{ o: string }>(
    tx,
    sql`select (coalesce(max("order"), 0) + 1)::text as o from ${listRows} where ${listRows.listId} = ${listId}`,
  );
  return row?.o ?? "1";
}

/** Before the first row other than `exceptId` (min − 1). */
export async function orderAtStart(tx: Db, listId: number, exceptId: number | null): Promise<string> {
  const [row] = await queryRows<{ o: string }>(
    tx,
    sql`select coalesce(trim_scale(min("order") - 1), 1)::text as o from ${listRows}
        where ${listRows.listId} = ${listId} and ${listRows.id} <> ${exceptId ?? 0}`,
  );
  return row?.o ?? "1";
}

/**
 * Right after the row `afterId`: the midpoint between it and the next row other than `exceptId`
 * (exact in numeric: (a + b) × 0.5 has one more decimal, never a rounding), or after it + 1 when
 * it is the last. Undefined when `afterId` is not a row of the list.
 */
export async function orderAfter(
  tx: Db,
  listId: number,
  afterId: number,
  exceptId: number | null,
): Promise<string | undefined> {
  const [row] = await queryRows<{ o: string }>(
    tx,
    sql`
    select trim_scale(case when n.next is null then a."order" + 1 else (a."order" + n.next) * 0.5 end)::text as o
    from ${listRows} a,
      lateral (select min(b."order") as next from ${listRows} b
               where b.list_id = a.list_id and b."order" > a."order" and b.id <> ${exceptId ?? 0}) n
    where a.id = ${afterId} and a.list_id = ${listId}`,
  );
  return row?.o;
}

export async function findRowIdInList(tx: Db, listId: number, uuid: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: listRows.id })
    .from(listRows)
    .where(and(eq(listRows.listId, listId), eq(listRows.uuid, uuid)))
    .limit(1);
  return row?.id;
}

export async function insertRow(
  tx: Db,
  input: { listId: number; order: string; values: Record<string, unknown>; userId: number | null },
): Promise<number> {
  const [row] = await tx
    .insert(listRows)
    .values({
      listId: input.listId,
      order: input.order,
      values: input.values,
      createdBy: input.userId,
      updatedBy: input.userId,
    })
    .returning({ id: listRows.id });
  if (!row) throw new Error("row insert returned nothing");
  return row.id;
}

/**
 * Adds many rows after the list's last one, in the order given, in one statement (the values
 * travel as one jsonb array). Call with the list locked.
 */
export async function insertRowsAtEnd(
  tx: Db,
  listId: number,
  rows: Record<string, unknown>[],
  userId: number,
): Promise<void> {
  if (rows.length === 0) return;
  const base = await orderAtEnd(tx, listId);
  await tx.execute(sql`
    insert into ${listRows} (list_id, "order", "values", created_by, updated_by)
    select ${listId}, ${base}::numeric + t.ord - 1, t.value, ${userId}, ${userId}
    from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as t(value, ord)`);
}

/** Sets the given cells and removes the cleared ones in one statement (other cells stay as they are). */
export async function patchRowValues(
  tx: Db,
  rowId: number,
  set: Record<string, unknown>,
  remove: string[],
  userId: number,
): Promise<void> {
  const removed = remove.reduce<SQL>((acc, key) => sql`(${acc} - ${key}::text)`, sql`${listRows.values}`);
  await tx
    .update(listRows)
    .set({
      values: sql`${removed} || ${JSON.stringify(set)}::jsonb`,
      updatedAt: sql`now()`,
      updatedBy: userId,
    })
    .where(eq(listRows.id, rowId));
}

export async function setRowOrder(tx: Db, rowId: number, order: string, userId: number): Promise<void> {
  await tx.update(listRows).set({ order, updatedAt: sql`now()`, updatedBy: userId }).where(eq(listRows.id, rowId));
}

export async function deleteRows(tx: Db, listId: number, uuids: string[]): Promise<number> {
  const deleted = await tx
    .delete(listRows)
    .where(and(eq(listRows.listId, listId), inArray(listRows.uuid, uuids)))
    .returning({ id: listRows.id });
  return deleted.length;
}

export async function deleteAllRows(tx: Db, listId: number): Promise<void> {
  await tx.delete(listRows).where(eq(listRows.listId, listId));
}
