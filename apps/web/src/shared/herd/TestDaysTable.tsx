import type { HerdTestDay } from "@nadoy/contract/herd";
import { Table } from "antd";
import { formatDay, formatNumber } from "./herd-format.ts";

/**
 * The animal's test days, newest first, each measure as given: the curve draws only those with a
 * DIM (a known fresh date), this lists them all.
 */
export function TestDaysTable({ testDays }: { testDays: readonly HerdTestDay[] }) {
  return (
    <Table<HerdTestDay>
      size="small"
      rowKey={(row) => `${row.date}:${row.lact}`}
      dataSource={[...testDays].reverse()}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      scroll={{ x: true }}
      columns={[
        { key: "date", title: "Дата", render: (_, row) => formatDay(row.date) },
        { key: "lact", title: "Лактация", align: "right", dataIndex: "lact" },
        { key: "dim", title: "ДИМ", align: "right", render: (_, row) => formatNumber(row.dim) },
        { key: "milk", title: "Удой, кг", align: "right", render: (_, row) => formatNumber(row.milk_kg, 1) },
        { key: "fat", title: "Жир, %", align: "right", render: (_, row) => formatNumber(row.fat_pct, 2) },
        { key: "protein", title: "Белок, %", align: "right", render: (_, row) => formatNumber(row.protein_pct, 2) },
        { key: "scc", title: "СКС, тыс./мл", align: "right", render: (_, row) => formatNumber(row.scc) },
      ]}
    />
  );
}
