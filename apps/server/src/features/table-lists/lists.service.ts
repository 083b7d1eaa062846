import { ErrorCode } from "@nadoy/contract/errors";
import { validateCellValues } from "@nadoy/contract/form-values";
import {
  type createListBodySchema,
  LIST_ROWS_MAX,
  type ListDetail,
  type ListKind,
  type ListRow,
  type ListSummary,
} from "@nadoy/contract/lists";
import { isClient } from "@nadoy/contract/roles";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { AuthUser } from "../../platform/auth/guard.ts";
import { ApiError, validationError } from "../../platform/errors.ts";
import {
  assertMayEditRows,
  assertMayManage,
  assertVisible,
  listNotFound,
  mayEditRows,
  mayManage,
  moduleOn,
} from "./list-access.ts";
import { normalizeOptions } from "./list-columns.ts";
import { cellRule, columnDto, rowDto } from "./list-dto.ts";
import type { ListChanged } from "./list-hints.ts";
import * as repo from "./lists.repository.ts";

export const tooManyRows = () =>
  new ApiError(409, ErrorCode.conflict, `В списке может быть не больше ${LIST_ROWS_MAX.toLocaleString("ru-RU")} строк`);

/** Grid values: "" (an empty cell) is never stored, so that a cleared cell and a missing one are the same. */
export function splitCells(values: Record<string, unknown>) {
  const set: Record<string, unknown> = {};
  const clear: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (value === "") clear.push(key);
    else set[key] = value;
  }
  return { set, clear };
}

type CreateList = z.output<typeof createListBodySchema>;

export function createListsService(db: Db, changed: ListChanged) {
  /** The list (by itself, a column or a row) when the caller may see it; 404 otherwise. */
  async function visibleList(caller: AuthUser, by: repo.ListLookup): Promise<repo.ListRef> {
    return assertVisible(caller, await repo.findListRef(db, caller.id, by));
  }

  async function summary(ref: repo.ListRef): Promise<ListSummary> {
    const figures = await repo.findListFigures(db, ref.id);
    return {
      uuid: ref.uuid,
      name: figures.name,
      kind: ref.kind,
      company: { uuid: ref.companyUuid, name: ref.companyName },
      row_count: figures.rowCount,
      column_count: figures.columnCount,
      form_link: figures.formLink,
      created_by: ref.createdBy,
      updated_at: figures.updatedAt.toISOString(),
    };
  }

  async function detail(caller: AuthUser, ref: repo.ListRef): Promise<ListDetail> {
    const [columns, rows, formLink] = await Promise.all([
      repo.findColumns(db, ref.id),
      repo.findRows(db, ref.id),
      repo.findFormLink(db, ref.id),
    ]);
    return {
      uuid: ref.uuid,
      name: ref.name,
      kind: ref.kind,
      company: { uuid: ref.companyUuid, name: ref.companyName },
      row_count: rows.length,
      column_count: columns.length,
      form_link: formLink,
      created_by: ref.createdBy,
      updated_at: ref.updatedAt.toISOString(),
      can_edit_rows: mayEditRows(caller),
      can_manage: mayManage(caller),
      columns: columns.map(columnDto),
      rows: rows.map(rowDto),
    };
  }

  async function rowOf(id: number): Promise<ListRow> {
    const row = await repo.findRowById(db, id);
    if (!row) throw listNotFound();
    return rowDto(row);
  }

  /** Checks grid values against the list's columns (read with the list locked): 400 keyed by column uuid. */
  async function checkedCells(tx: Db, listId: number, values: Record<string, unknown>) {
    const columns = await repo.findColumns(tx, listId);
    const result = validateCellValues(columns.map(cellRule), values);
    if (!result.ok) throw validationError(result.errors);
    return splitCells(result.values);
  }

  return {
    visibleList,
    /** Tells the grids showing the list (list-hints.ts); every write calls it after its commit. */
    changed,

    /** The caller's companies' lists of one kind, by name; tables are never listed for clients. */
    async catalogue(caller: AuthUser, kind: ListKind): Promise<ListSummary[]> {
      if (kind === "table" && !caller.isSuperuser && isClient({ groups: caller.groups })) return [];
      if (!moduleOn(caller, kind)) return [];
      const rows = await repo.findListSummaries(db, caller, kind);
      return rows
        .map((r) => ({
          uuid: r.uuid,
          name: r.name,
          kind: r.kind,
          company: { uuid: r.companyUuid, name: r.companyName },
          row_count: Number(r.rowCount),
          column_count: Number(r.columnCount),
          form_link: r.formLink,
          created_by: r.createdBy,
          updated_at: r.updatedAt.toISOString(),
        }))
        .sort((a, b) => a.name.localeCompare(b.name, "ru") || a.uuid.localeCompare(b.uuid));
    },

    async create(caller: AuthUser, input: CreateList): Promise<ListDetail> {
      const company = await repo.findCompanyForUser(db, caller, input.company_uuid);
      if (!company || !moduleOn(caller, input.kind)) throw listNotFound();
      assertMayManage(caller);
      const errors: Record<string, string> = {};
      const columns = input.columns.map((c, i) => {
        const options = normalizeOptions(c.type, c.options);
        for (const [key, message] of Object.entries(options.errors)) errors[`columns.${i}.${key}`] = message;
        return {
          name: c.name,
          type: c.type,
          options: options.options,
          percentOver100: c.type === "percent" && c.percent_over_100,
        };
      });
      if (Object.keys(errors).length > 0) throw validationError(errors);
      const created = await db.transaction(async (tx) => {
        const list = await repo.insertList(tx, {
          companyId: company.id,
          name: input.name,
          kind: input.kind,
          userId: caller.id,
        });
        await repo.insertColumns(tx, list.id, columns);
        return list;
      });
      return detail(caller, await visibleList(caller, { listUuid: created.uuid }));
    },

    async get(caller: AuthUser, uuid: string): Promise<ListDetail> {
      return detail(caller, await visibleList(caller, { listUuid: uuid }));
    },

    async rename(caller: AuthUser, uuid: string, name: string): Promise<ListSummary> {
      const ref = await visibleList(caller, { listUuid: uuid });
      assertMayManage(caller);
      await repo.touchList(db, ref.id, name);
      changed(ref, caller.id);
      return summary(ref);
    },

    async remove(caller: AuthUser, uuid: string): Promise<void> {
      const ref = await visibleList(caller, { listUuid: uuid });
      assertMayManage(caller);
      await repo.deleteList(db, ref.id);
      changed(ref, caller.id);
    },

    /** A new row at the end, or right after `after_uuid`; 409 when the list is full. */
    async createRow(
      caller: AuthUser,
      uuid: string,
      body: { values: Record<string, unknown>; after_uuid?: string | null | undefined },
    ): Promise<ListRow> {
      const ref = await visibleList(caller, { listUuid: uuid });
      assertMayEditRows(caller);
      const id = await db.transaction(async (tx) => {
        await repo.lockList(tx, ref.id);
        const { set } = await checkedCells(tx, ref.id, body.values);
        if ((await repo.countRows(tx, ref.id)) >= LIST_ROWS_MAX) throw tooManyRows();
        let order: string;
        if (body.after_uuid) {
          const afterId = await repo.findRowIdInList(tx, ref.id, body.after_uuid);
          if (afterId === undefined) throw validationError({ after_uuid: "Строка не найдена в этом списке" });
          order = (await repo.orderAfter(tx, ref.id, afterId, null)) ?? (await repo.orderAtEnd(tx, ref.id));
        } else {
          order = await repo.orderAtEnd(tx, ref.id);
        }
        const rowId = await repo.insertRow(tx, { listId: ref.id, order, values: set, userId: caller.id });
        await repo.touchList(tx, ref.id);
        return rowId;
      });
      changed(ref, caller.id);
      return rowOf(id);
    },

    /** Only the cells given change; "" clears one. */
    async updateRow(caller: AuthUser, rowUuid: string, values: Record<string, unknown>): Promise<ListRow> {
      const ref = await visibleList(caller, { rowUuid });
      assertMayEditRows(caller);
      const id = await db.transaction(async (tx) => {
        await repo.lockList(tx, ref.id);
        const row = await repo.findRowBrief(tx, rowUuid);
        if (!row) throw listNotFound();
        const { set, clear } = await checkedCells(tx, ref.id, values);
        await repo.patchRowValues(tx, row.id, set, clear, caller.id);
        await repo.touchList(tx, ref.id);
        return row.id;
      });
      changed(ref, caller.id);
      return rowOf(id);
    },

    /** Only this row's order changes: the midpoint between its new neighbours (first: min − 1). */
    async moveRow(caller: AuthUser, rowUuid: string, afterUuid: string | null): Promise<ListRow> {
      const ref = await visibleList(caller, { rowUuid });
      assertMayEditRows(caller);
      const id = await db.transaction(async (tx) => {
        await repo.lockList(tx, ref.id);
        const row = await repo.findRowBrief(tx, rowUuid);
        if (!row) throw listNotFound();
        if (afterUuid === rowUuid) return row.id;
        let order: string | undefined;
        if (afterUuid === null) {
          order = await repo.orderAtStart(tx, ref.id, row.id);
        } else {
          const afterId = await repo.findRowIdInList(tx, ref.id, afterUuid);
          order = afterId === undefined ? undefined : await repo.orderAfter(tx, ref.id, afterId, row.id);
          if (order === undefined) throw validationError({ after_uuid: "Строка не найдена в этом списке" });
        }
        await repo.setRowOrder(tx, row.id, order, caller.id);
        await repo.touchList(tx, ref.id);
        return row.id;
      });
      changed(ref, caller.id);
      return rowOf(id);
    },

    /** Deletes those of the given rows that belong to this list. */
    async deleteRows(caller: AuthUser, uuid: string, uuids: string[]): Promise<{ deleted: number }> {
      const ref = await visibleList(caller, { listUuid: uuid });
      assertMayEditRows(caller);
      const deleted = await db.transaction(async (tx) => {
        await repo.lockList(tx, ref.id);
        const n = await repo.deleteRows(tx, ref.id, [...new Set(uuids)]);
        if (n > 0) await repo.touchList(tx, ref.id);
        return n;
      });
      if (deleted > 0) changed(ref, caller.id);
      return { deleted };
    },
  };
}

export type ListsService = ReturnType<typeof createListsService>;
