import type { HerdLactation } from "@nadoy/contract/herd";
import { Table } from "antd";
import { formatDay, formatNumber } from "./herd-format.ts";

/** The animal's lactations: when each began, went dry and ended, and its milk. */
export function LactationsTable({ lactations }: { lactations: readonly HerdLactation[] }) {
  return (
    <Table<HerdLactation>
      size="small"
      rowKey="lact"
      pagination={false}
      dataSource={[...lactations]}
      locale={{ emptyText: "Лактаций нет" }}
      columns={[
        { key: "lact", title: "№", dataIndex: "lact" },
        { key: "fresh", title: "Отёл", render: (_, row) => formatDay(row.fresh_date) },
        { key: "dry", title: "Запуск", render: (_, row) => formatDay(row.dry_date) },
        { key: "end", title: "Окончание", render: (_, row) => (row.end_date ? formatDay(row.end_date) : "идёт") },
        { key: "milk", title: "Молоко, кг", align: "right", render: (_, row) => formatNumber(row.milk_kg) },
      ]}
    />
  );
}
