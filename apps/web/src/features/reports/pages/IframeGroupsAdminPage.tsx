import { PlusOutlined } from "@ant-design/icons";
import type { AdminIframeGroup } from "@nadoy/contract/reports";
import { Button, Drawer, Flex, Typography } from "antd";
import { useState } from "react";
import { useAdminIframeGroups } from "../api.ts";
import { IframeGroupForm } from "../components/IframeGroupForm.tsx";
import { IframeGroupsTable } from "../components/IframeGroupsTable.tsx";
import { LoadFailed } from "../components/LoadFailed.tsx";
import { ReportsAdminGate } from "../components/ReportsAdminGate.tsx";

type Target = "new" | AdminIframeGroup | null;

function IframeGroupsAdmin() {
  const groups = useAdminIframeGroups();
  const [target, setTarget] = useState<Target>(null);
  const close = () => setTarget(null);
  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={2} style={{ margin: 0 }}>
          Группы отчётов
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget("new")}>
          Создать группу
        </Button>
      </Flex>
      {groups.isError ? (
        <LoadFailed what="Список групп не загрузился." onRetry={() => void groups.refetch()} />
      ) : (
        <IframeGroupsTable groups={groups.data ?? []} loading={groups.isPending} onEdit={setTarget} />
      )}
      <Drawer
        open={target !== null}
        onClose={close}
        size="large"
        title={target === "new" ? "Новая группа отчётов" : "Группа отчётов"}
        destroyOnHidden
      >
        {target === "new" ? <IframeGroupForm onDone={close} /> : null}
        {target !== null && target !== "new" ? <IframeGroupForm key={target.pk} group={target} onDone={close} /> : null}
      </Drawer>
    </Flex>
  );
}

/** /admin/iframe_groups — report groups: their reports in order, picture, active (superusers and role 1). */
export function IframeGroupsAdminPage() {
  return <ReportsAdminGate>{() => <IframeGroupsAdmin />}</ReportsAdminGate>;
}
