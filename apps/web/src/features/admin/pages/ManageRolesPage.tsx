import { Button, Flex, Typography } from "antd";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { useAdminRoles } from "../api.ts";
import { AdminGate } from "../components/AdminGate.tsx";
import { RoleCards } from "../components/RoleCards.tsx";

function ManageRoles() {
  const roles = useAdminRoles();
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={2} style={{ margin: 0 }}>
        Роли
      </Typography.Title>
      <Typography.Text type="secondary">
        Роль пользователя — его первая группа; она решает, какие разделы он видит. Суперпользователь видит всё.
      </Typography.Text>
      {roles.isPending ? <PageSpinner text="Загрузка ролей…" /> : null}
      {roles.isError ? (
        <Flex gap="small" align="center">
          <Typography.Text type="secondary">Роли не загрузились.</Typography.Text>
          <Button size="small" onClick={() => void roles.refetch()}>
            Повторить
          </Button>
        </Flex>
      ) : null}
      {roles.data ? <RoleCards roles={roles.data} /> : null}
    </Flex>
  );
}

/** /manage-roles and /admin/manage_roles — roles 1–7 (superusers and role 1). */
export function ManageRolesPage() {
  return <AdminGate>{() => <ManageRoles />}</AdminGate>;
}
