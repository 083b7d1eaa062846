import {
  HERD_FIELD_TYPE_LABELS,
  HERD_SPREADSHEET_FIELDS,
  HERD_SPREADSHEET_KIND_LABELS,
  type HerdSpreadsheetField,
  type HerdSpreadsheetKind,
} from "@nadoy/contract/herd-spreadsheet";
import { Card, Table, Tag } from "antd";
import { TemplateDownloadButton } from "./TemplateDownloadButton.tsx";

/** One kind of table: its columns as the template has them, and the template to download. */
export function SpreadsheetFieldsTable({ kind }: { kind: HerdSpreadsheetKind }) {
  const title = HERD_SPREADSHEET_KIND_LABELS[kind];
  return (
    <Card size="small" title={title} extra={<TemplateDownloadButton kind={kind} />}>
      <section aria-label={`Столбцы: ${title}`}>
        <Table<HerdSpreadsheetField>
          size="small"
          rowKey="key"
          pagination={false}
          scroll={{ x: true }}
          dataSource={[...HERD_SPREADSHEET_FIELDS[kind]]}
          columns={[
            { key: "label", title: "Столбец", dataIndex: "label" },
            {
              key: "required",
              title: "Обязательный",
              render: (_, field) => (field.required ? <Tag color="orange">обязательный</Tag> : "нет"),
            },
            { key: "type", title: "Формат", render: (_, field) => HERD_FIELD_TYPE_LABELS[field.type] },
            { key: "hint", title: "Пояснение", dataIndex: "hint" },
          ]}
        />
      </section>
    </Card>
  );
}
