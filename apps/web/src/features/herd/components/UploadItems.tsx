import type { HerdUploadPreview } from "@nadoy/contract/herd";
import { Flex, Table, Tag, Typography } from "antd";

type Mapped = HerdUploadPreview["items"]["mapped"][number];

/** The file's columns: those read into the portal's fields, and those kept as free attributes. */
export function UploadItems({ items }: { items: HerdUploadPreview["items"] }) {
  return (
    <Flex vertical gap="small">
      <section aria-label="Распознанные показатели">
        <Typography.Title level={5}>Распознанные показатели</Typography.Title>
        <Table<Mapped>
          size="small"
          rowKey="item"
          pagination={false}
          dataSource={[...items.mapped]}
          locale={{ emptyText: "Нет" }}
          columns={[
            { key: "item", title: "Показатель в файле", dataIndex: "item" },
            { key: "field", title: "Поле портала", dataIndex: "field" },
          ]}
        />
      </section>
      <section aria-label="Сохраняются как атрибуты">
        <Typography.Title level={5}>Сохраняются как атрибуты</Typography.Title>
        {items.kept.length > 0 ? (
          <Flex wrap gap={4}>
            {items.kept.map((item) => (
              <Tag key={item}>{item}</Tag>
            ))}
          </Flex>
        ) : (
          <Typography.Text type="secondary">Нет</Typography.Text>
        )}
      </section>
    </Flex>
  );
}
