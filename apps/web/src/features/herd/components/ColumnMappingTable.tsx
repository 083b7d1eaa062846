import type { HerdSpreadsheetPreview } from "@nadoy/contract/herd";
import {
  HERD_SPREADSHEET_FIELDS,
  type HerdColumnMapping,
  type HerdSpreadsheetKind,
} from "@nadoy/contract/herd-spreadsheet";
import { Flex, Select, Table, Typography } from "antd";
import type { ReactNode } from "react";

type Column = HerdSpreadsheetPreview["columns"][number];

/** The Select's value of a column kept as a free attribute (a field key is never empty). */
const KEEP = "";
export const KEEP_LABEL = "Сохранить как атрибут";

/** A field's option text: its label, and whether the file must have it. */
export function fieldOptionLabel(field: { label: string; required: boolean }): string {
  return field.required ? `${field.label} (обязательно)` : field.label;
}

interface ColumnMappingTableProps {
  kind: HerdSpreadsheetKind;
  columns: readonly Column[];
  mapping: HerdColumnMapping;
  disabled: boolean;
  /** Said under the title: where the mapping came from, what is missing. */
  children?: ReactNode;
  onChange: (mapping: HerdColumnMapping) => void;
}

/**
 * Each column of the file with its first value and the field it is read into; a field taken by one
 * column is not offered to the others, and any column may be kept as a free attribute instead.
 */
export function ColumnMappingTable({ kind, columns, mapping, disabled, children, onChange }: ColumnMappingTableProps) {
  const fields = HERD_SPREADSHEET_FIELDS[kind];
  const takenBy = new Map(Object.entries(mapping).flatMap(([column, field]) => (field ? [[field, column]] : [])));
  return (
    <section aria-label="Сопоставление столбцов">
      <Typography.Title level={5}>Сопоставление столбцов</Typography.Title>
      <Flex vertical gap="small" style={{ marginBottom: 8 }}>
        {children}
      </Flex>
      <Table<Column>
        size="small"
        rowKey="column"
        pagination={false}
        dataSource={[...columns]}
        scroll={{ x: true }}
        columns={[
          { key: "column", title: "Столбец в файле", dataIndex: "column" },
          {
            key: "sample",
            title: "Первое значение",
            render: (_, row) => (row.sample ? row.sample : <Typography.Text type="secondary">пусто</Typography.Text>),
          },
          {
            key: "field",
            title: "Поле портала",
            render: (_, row) => (
              <Select<string>
                aria-label={`Поле для столбца «${row.column}»`}
                style={{ minWidth: 160, width: "100%" }}
                popupMatchSelectWidth={false}
                disabled={disabled}
                value={mapping[row.column] ?? KEEP}
                options={[
                  { value: KEEP, label: KEEP_LABEL },
                  ...fields.map((field) => {
                    const owner = takenBy.get(field.key);
                    return {
                      value: field.key,
                      label: fieldOptionLabel(field),
                      disabled: owner !== undefined && owner !== row.column,
                    };
                  }),
                ]}
                onChange={(value) => onChange({ ...mapping, [row.column]: value === KEEP ? null : value })}
              />
            ),
          },
        ]}
      />
    </section>
  );
}
