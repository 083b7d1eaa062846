import { PlusOutlined } from "@ant-design/icons";
import { Button, Flex, Typography } from "antd";
import { useState } from "react";
import { useAdminReports } from "../api.ts";
import { LoadFailed } from "../components/LoadFailed.tsx";
import { ReportDrawer, type ReportDrawerTarget } from "../components/ReportDrawer.tsx";
import { ReportsAdminGate } from "../components/ReportsAdminGate.tsx";
import { ReportsAdminTable } from "../components/ReportsAdminTable.tsx";

function ReportsAdmin() {
  const reports = useAdminReports();
  const [target, setTarget] = useState<ReportDrawerTarget>(null);
  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={2} style={{ margin: 0 }}>
          Отчёты
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget("new")}>
          Добавить отчёт
        </Button>
      </Flex>
      {reports.isError ? (
        <LoadFailed what="Список отчётов не загрузился." onRetry={() => void reports.refetch()} />
      ) : (
        <ReportsAdminTable reports={reports.data ?? []} loading={reports.isPending} onEdit={setTarget} />
      )}
      <ReportDrawer target={target} onClose={() => setTarget(null)} />
    </Flex>
  );
}

/** /admin/reports — the catalogue of iframe reports (superusers and role 1). */
export function ReportsAdminPage() {
  return <ReportsAdminGate>{() => <ReportsAdmin />}</ReportsAdminGate>;
}
