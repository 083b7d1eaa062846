import type { ListColumn, ListRow } from "@nadoy/contract/lists";
import type { ColumnRecord, RowRecord } from "./lists.repository.ts";

// ---- database records → the contract's shapes ----

/** Numeric orders come back as text; an integral one may carry no decimals ("3", not "3.0"). */
export function rowDto(row: RowRecord): ListRow {
  return {
    uuid: row.uuid,
    order: row.order,
    values: row.values as ListRow["values"],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    created_by: row.createdBy,
    updated_by: row.updatedBy,
  };
}

export function columnDto(column: ColumnRecord): ListColumn {
  return {
    uuid: column.uuid,
    name: column.name,
    type: column.type,
    order: column.order,
    options: column.options.map((o) => ({ name: o.name, color: o.color })),
    percent_over_100: column.percentOver100,
  };
}

/** What cell rules (form-values.ts, list-cells.ts) need of a column. */
export function cellRule(column: ColumnRecord) {
  return {
    column_uuid: column.uuid,
    type: column.type,
    options: column.options,
    percent_over_100: column.percentOver100,
  };
}
