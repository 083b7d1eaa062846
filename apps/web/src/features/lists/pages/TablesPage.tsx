import { Typography } from "antd";
import { FeatureGate } from "../components/FeatureGate.tsx";
import { ListsCatalogue } from "../components/ListsCatalogue.tsx";

/** /services/tables — the user's tables, datasets for reports (module flag tables_enabled). */
export function TablesPage() {
  return (
    <>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        Таблицы
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Таблицы служат наборами данных для отчётов: задайте столбцы и загрузите строки из CSV или XLSX.
      </Typography.Paragraph>
      <FeatureGate module="tables">{(user) => <ListsCatalogue kind="table" user={user} />}</FeatureGate>
    </>
  );
}
