import { PlusOutlined } from "@ant-design/icons";
import type { UserData } from "@nadoy/contract/users";
import { Button, Flex, Typography } from "antd";
import { useCallback, useState } from "react";
import { useSearchParams } from "react-router";
import { useAdminUsers } from "../api.ts";
import { AdminGate } from "../components/AdminGate.tsx";
import { type DrawerTarget, UserDrawer } from "../components/UserDrawer.tsx";
import { UsersFilters } from "../components/UsersFilters.tsx";
import { UsersTable } from "../components/UsersTable.tsx";
import { DEFAULT_PAGE_SIZE, filterOf, paramsOf, type UsersFilter } from "../lib/users-url.ts";

function ManageUsers({ me }: { me: UserData }) {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const users = useAdminUsers({ q: filter.q, role: filter.role, active: filter.active, page: filter.page });
  const [target, setTarget] = useState<DrawerTarget>(null);
  const setFilter = useCallback((next: UsersFilter) => setParams(paramsOf(next), { replace: true }), [setParams]);

  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={2} style={{ margin: 0 }}>
          Пользователи
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget("new")}>
          Добавить пользователя
        </Button>
      </Flex>
      <UsersFilters filter={filter} onChange={setFilter} />
      {users.isError ? (
        <Flex gap="small" align="center">
          <Typography.Text type="secondary">Список пользователей не загрузился.</Typography.Text>
          <Button size="small" onClick={() => void users.refetch()}>
            Повторить
          </Button>
        </Flex>
      ) : (
        <UsersTable
          items={users.data?.items ?? []}
          loading={users.isFetching}
          page={filter.page}
          pageSize={users.data?.page_size ?? DEFAULT_PAGE_SIZE}
          total={users.data?.total ?? 0}
          onPage={(page) => setParams(paramsOf({ ...filter, page }))}
          onOpen={setTarget}
        />
      )}
      <UserDrawer me={me} target={target} onClose={() => setTarget(null)} />
    </Flex>
  );
}

/** /manage-users and /admin/manage_user — search, create and edit users (superusers and role 1). */
export function ManageUsersPage() {
  return <AdminGate>{(me) => <ManageUsers me={me} />}</AdminGate>;
}
