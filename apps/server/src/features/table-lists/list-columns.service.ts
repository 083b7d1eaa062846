import { ErrorCode } from "@nadoy/contract/errors";
import type { ColumnType } from "@nadoy/contract/form-values";
import { LIST_COLUMNS_MAX, type ListColumn } from "@nadoy/contract/lists";
import { pluralRu } from "@nadoy/contract/plural";
import type { Db } from "../../db/client.ts";
import type { AuthUser } from "../../platform/auth/guard.ts";
import { ApiError, validationError } from "../../platform/errors.ts";
import { assertMayManage, listNotFound } from "./list-access.ts";
import {
  type ColumnShape,
  convertCell,
  hasOptions,
  normalizeOptions,
  type OptionInput,
  optionMapping,
} from "./list-columns.ts";
import { columnDto } from "./list-dto.ts";
import * as repo from "./lists.repository.ts";
import type { ListsService } from "./lists.service.ts";

const tooManyColumns = () =>
  new ApiError(409, ErrorCode.conflict, `В списке может быть не больше ${LIST_COLUMNS_MAX} столбцов`);

const cellsDoNotFit = (n: number) =>
  new ApiError(
    409,
    ErrorCode.conflict,
    `Значения ${n} ${pluralRu(n, ["строки", "строк", "строк"])} не подходят к новому типу столбца. Исправьте или очистите их.`,
  );

export interface ColumnPatch {
  name?: string | undefined;
  type?: ColumnType | undefined;
  options?: OptionInput[] | undefined;
  percent_over_100?: boolean | undefined;
}

function optionsOrThrow(type: ColumnType, inputs: readonly OptionInput[]) {
  const { options, errors } = normalizeOptions(type, inputs);
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return options;
}

/** Columns: add, change (with their cells following in the same transaction), delete, reorder. */
export function createListColumnsService(db: Db, lists: ListsService) {
  return {
    async create(
      caller: AuthUser,
      listUuid: string,
      input: { name: string; type: ColumnType; options: OptionInput[]; percent_over_100: boolean },
    ): Promise<ListColumn> {
      const ref = await lists.visibleList(caller, { listUuid });
      assertMayManage(caller);
      const options = optionsOrThrow(input.type, input.options);
      const column = await db.transaction(async (tx) => {
        await repo.lockList(tx, ref.id);
        if ((await repo.countColumns(tx, ref.id)) >= LIST_COLUMNS_MAX) throw tooManyColumns();
        // Only a percent column keeps the flag, so a later change to percent starts at ≤ 100.
        const percentOver100 = input.type === "percent" && input.percent_over_100;
        const [created] = await repo.insertColumns(tx, ref.id, [
          { name: input.name, type: input.type, options, percentOver100 },
        ]);
        if (!created) throw new Error("column insert returned nothing");
        await repo.touchList(tx, ref.id);
        return created;
      });
      lists.changed(ref, caller.id);
      return columnDto(column);
    },

    /**
     * Name, type and options. Cells follow: renamed or recoloured options are rewritten, removed
     * ones taken out, and on a type change every filled cell is read back through its text; when
     * some do not fit → 409 and nothing changes.
     */
    async update(caller: AuthUser, columnUuid: string, patch: ColumnPatch): Promise<ListColumn> {
      const ref = await lists.visibleList(caller, { columnUuid });
      assertMayManage(caller);
      const column = await db.transaction(async (tx) => {
        await repo.lockList(tx, ref.id);
        const current = await repo.findColumn(tx, columnUuid);
        if (!current) throw listNotFound();
        const type = patch.type ?? current.type;
        const before: ColumnShape = { type: current.type, options: current.options };
        const mapping =
          patch.options !== undefined && hasOptions(current.type)
            ? optionMapping(current.options, patch.options)
            : undefined;
        const after: ColumnShape = {
          type,
          options:
            patch.options !== undefined ? optionsOrThrow(type, patch.options) : hasOptions(type) ? current.options : [],
          // Turning it off keeps cells already above 100: only new values are checked.
          percent_over_100: type === "percent" && (patch.percent_over_100 ?? current.percentOver100),
        };
        const cellsChange = type !== current.type || mapping !== undefined;
        if (cellsChange) {
          const cells = await repo.lockColumnCells(tx, ref.id, columnUuid);
          const rewritten: { id: number; value: unknown | null }[] = [];
          let misfits = 0;
          for (const cell of cells) {
            const converted = convertCell(before, after, cell.value, mapping);
            if (!converted.ok) misfits += 1;
            else if (JSON.stringify(converted.value) !== JSON.stringify(cell.value)) {
              rewritten.push({ id: cell.id, value: converted.value });
            }
          }
          if (misfits > 0) throw cellsDoNotFit(misfits);
          await repo.writeColumnCells(tx, columnUuid, rewritten);
        }
        const updated = await repo.updateColumn(tx, current.id, {
          ...(patch.name !== undefined && { name: patch.name }),
          type,
          options: [...after.options],
          percentOver100: after.percent_over_100 === true,
        });
        await repo.touchList(tx, ref.id);
        return updated;
      });
      lists.changed(ref, caller.id);
      return columnDto(column);
    },

    /** Its cells leave every row; its form elements go with it (foreign key). */
    async remove(caller: AuthUser, columnUuid: string): Promise<void> {
      const ref = await lists.visibleList(caller, { columnUuid });
      assertMayManage(caller);
      await db.transaction(async (tx) => {
        await repo.lockList(tx, ref.id);
        const column = await repo.findColumn(tx, columnUuid);
        if (!column) throw listNotFound();
        await repo.deleteColumn(tx, column);
        await repo.touchList(tx, ref.id);
      });
      lists.changed(ref, caller.id);
    },

    /** Every column of the list exactly once, in the new order; otherwise 400. */
    async reorder(caller: AuthUser, listUuid: string, uuids: string[]): Promise<ListColumn[]> {
      const ref = await lists.visibleList(caller, { listUuid });
      assertMayManage(caller);
      const columns = await db.transaction(async (tx) => {
        await repo.lockList(tx, ref.id);
        const current = await repo.findColumns(tx, ref.id);
        const known = new Set(current.map((c) => c.uuid));
        const given = new Set(uuids);
        if (given.size !== uuids.length || given.size !== known.size || uuids.some((u) => !known.has(u))) {
          throw validationError(
            { _: "Укажите каждый столбец списка ровно один раз" },
            "Укажите каждый столбец списка ровно один раз",
          );
        }
        await repo.setColumnOrder(tx, ref.id, uuids);
        await repo.touchList(tx, ref.id);
        return repo.findColumns(tx, ref.id);
      });
      lists.changed(ref, caller.id);
      return columns.map(columnDto);
    },
  };
}
