import { HERD_PAGE_SIZE, type HerdAnimalRow, type HerdAnimalsPage } from "@nadoy/contract/herd";
import { Button, Table } from "antd";
import { HerdStatusTag } from "./HerdStatusTag.tsx";
import { formatDay, formatNumber, NONE } from "./herd-format.ts";

interface AnimalsTableProps {
  page: HerdAnimalsPage | undefined;
  loading: boolean;
  onPage: (page: number) => void;
  onOpen: (animal: HerdAnimalRow) => void;
}

/** One server page of animals; a row opens the animal's card. */
export function AnimalsTable({ page, loading, onPage, onOpen }: AnimalsTableProps) {
  return (
    <Table<HerdAnimalRow>
      size="small"
      rowKey="uuid"
      loading={loading}
      dataSource={page?.items ?? []}
      locale={{ emptyText: "Животных с такими условиями нет" }}
      scroll={{ x: true }}
      onRow={(animal) => ({ onClick: () => onOpen(animal), style: { cursor: "pointer" } })}
      pagination={{
        current: page?.page ?? 1,
        pageSize: page?.page_size ?? HERD_PAGE_SIZE,
        total: page?.total ?? 0,
        showSizeChanger: false,
        showTotal: (total) => `Всего: ${total.toLocaleString("ru-RU")}`,
        onChange: onPage,
      }}
      columns={[
        {
          key: "number",
          title: "Номер",
          // A button too, so that the card opens from the keyboard as well.
          render: (_, row) => (
            <Button
              type="link"
              size="small"
              style={{ padding: 0 }}
              onClick={(event) => {
                event.stopPropagation();
                onOpen(row);
              }}
            >
              {row.barn_number}
            </Button>
          ),
        },
        { key: "tag", title: "Ушная бирка", render: (_, row) => row.ear_tag ?? NONE },
        { key: "status", title: "Статус", render: (_, row) => <HerdStatusTag status={row.status} /> },
        { key: "lact", title: "Лактация", align: "right", render: (_, row) => formatNumber(row.lact) },
        { key: "pen", title: "Группа", render: (_, row) => row.pen ?? NONE },
        {
          key: "dim",
          title: <abbr title="Дни доения">ДИМ</abbr>,
          align: "right",
          render: (_, row) => formatNumber(row.dim),
        },
        { key: "fresh", title: "Дата отёла", render: (_, row) => formatDay(row.fresh_date) },
        { key: "birth", title: "Дата рождения", render: (_, row) => formatDay(row.birth_date) },
      ]}
    />
  );
}
