import type { BusinessRow } from "@nadoy/contract/business";
import { Table, type TableColumnsType } from "antd";
import { href } from "../../../shared/routes/href.ts";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";

const count = (n: number) => n.toLocaleString("ru-RU");

const columns: TableColumnsType<BusinessRow> = [
  {
    key: "name",
    title: "Компания",
    render: (_, row) => <RouterLink to={href.editBusiness({ id: row.uuid })}>{row.name}</RouterLink>,
  },
  { key: "farms", title: "Фермы", align: "right", render: (_, row) => count(row.farms_count) },
  { key: "users", title: "Пользователи", align: "right", render: (_, row) => count(row.users_count) },
  { key: "databases", title: "Базы данных", align: "right", render: (_, row) => count(row.databases_count) },
];

interface CompaniesTableProps {
  items: BusinessRow[];
  loading: boolean;
  page: number;
  pageSize: number;
  total: number;
  searching: boolean;
  onPage: (page: number) => void;
}

/** One page of companies with their counts; the name opens the company. */
export function CompaniesTable({ items, loading, page, pageSize, total, searching, onPage }: CompaniesTableProps) {
  return (
    <Table<BusinessRow>
      rowKey="uuid"
      size="small"
      columns={columns}
      dataSource={items}
      loading={loading}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: false,
        hideOnSinglePage: true,
        onChange: onPage,
        showTotal: (n) => `Всего: ${count(n)}`,
      }}
      locale={{ emptyText: searching ? "Ничего не найдено" : "Компаний пока нет" }}
      scroll={{ x: true }}
    />
  );
}
