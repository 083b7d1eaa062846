import {
  HERD_FIELD_TYPE_LABELS,
  HERD_SPREADSHEET_FIELDS,
  HERD_SPREADSHEET_KIND_LABELS,
  type HerdSpreadsheetField,
  type HerdSpreadsheetKind,
} from "@nadoy/contract/herd-spreadsheet";
import { Card, Flex, Grid, List, Table, Tag, Typography } from "antd";
import { TemplateDownloadButton } from "./TemplateDownloadButton.tsx";

const RequiredTag = () => <Tag color="orange">обязательный</Tag>;

/** On a phone: a column a line, its format and hint under its name (a table's hint column would be a sliver). */
function FieldsList({ fields }: { fields: readonly HerdSpreadsheetField[] }) {
  return (
    <List
      size="small"
      dataSource={[...fields]}
      renderItem={(field) => (
        <List.Item>
          <Flex vertical gap={2}>
            <Flex gap="small" wrap align="center">
              <Typography.Text strong>{field.label}</Typography.Text>
              {field.required ? <RequiredTag /> : null}
            </Flex>
            <Typography.Text type="secondary">{HERD_FIELD_TYPE_LABELS[field.type]}</Typography.Text>
            <Typography.Text>{field.hint}</Typography.Text>
          </Flex>
        </List.Item>
      )}
    />
  );
}

/** One kind of table: its columns as the template has them, and the template to download. */
export function SpreadsheetFieldsTable({ kind }: { kind: HerdSpreadsheetKind }) {
  const phone = Grid.useBreakpoint().xs === true;
  const title = HERD_SPREADSHEET_KIND_LABELS[kind];
  const fields = HERD_SPREADSHEET_FIELDS[kind];
  return (
    <Card size="small" title={title} extra={<TemplateDownloadButton kind={kind} />}>
      <section aria-label={`Столбцы: ${title}`}>
        {phone ? (
          <FieldsList fields={fields} />
        ) : (
          <Table<HerdSpreadsheetField>
            size="small"
            rowKey="key"
            pagination={false}
            scroll={{ x: true }}
            dataSource={[...fields]}
            columns={[
              { key: "label", title: "Столбец", dataIndex: "label" },
              {
                key: "required",
                title: "Обязательный",
                render: (_, field) => (field.required ? <RequiredTag /> : "нет"),
              },
              { key: "type", title: "Формат", render: (_, field) => HERD_FIELD_TYPE_LABELS[field.type] },
              { key: "hint", title: "Пояснение", dataIndex: "hint" },
            ]}
          />
        )}
      </section>
    </Card>
  );
}
