import type { HerdReportTable } from "@nadoy/contract/herd-reports";
import { Button, Table, Typography } from "antd";
import { countsAnimals, formatFigure, type ReportDrill, rowLabel } from "../lib/report-format.ts";

type Row = HerdReportTable["rows"][number];

/** One table of the report; every number with animals behind it is a button opening them. */
export function ReportTableView({ table, onDrill }: { table: HerdReportTable; onDrill: (drill: ReportDrill) => void }) {
  return (
    <section aria-label={table.title}>
      <Typography.Title level={4}>{table.title}</Typography.Title>
      <Table<Row>
        size="small"
        rowKey="key"
        pagination={false}
        scroll={{ x: true }}
        dataSource={table.rows}
        columns={[
          { key: "label", title: "", render: (_, row) => rowLabel(row.label) },
          ...table.columns.map((column) => ({
            key: column.key,
            title: column.unit ? `${column.label}, ${column.unit}` : column.label,
            align: "right" as const,
            render: (_: unknown, row: Row) => {
              const cell = row.cells[column.key];
              const text = formatFigure(column.key, cell?.value);
              if (!cell) return text;
              const drill = cell.drill;
              if (!drill) return text;
              return (
                <Button
                  type="link"
                  size="small"
                  style={{ padding: 0 }}
                  aria-label={`${rowLabel(row.label)}, ${column.label}: ${text}`}
                  onClick={() =>
                    onDrill({
                      drill,
                      label: `${rowLabel(row.label)} — ${column.label}`,
                      value: cell.value,
                      animals: countsAnimals(column.unit),
                    })
                  }
                >
                  {text}
                </Button>
              );
            },
          })),
        ]}
      />
    </section>
  );
}
