import { UserDeleteOutlined } from "@ant-design/icons";
import type { Business, BusinessUserRef } from "@nadoy/contract/business";
import { Button, Flex, Popconfirm, Table, type TableColumnsType } from "antd";
import { useState } from "react";
import { useApiErrorToast } from "../../../shared/hooks/use-api-error-toast.ts";
import { useSuccessToast } from "../../../shared/hooks/use-success-toast.ts";
import { BusyButton } from "../../../shared/ui/BusyButton.tsx";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";
import { useUpdateBusiness } from "../api.ts";
import { manageUserHref, type PickedUser, roleName } from "../lib/users.ts";
import { UserSearchSelect } from "./UserSearchSelect.tsx";

/** The «Пользователи» tab: the company's members; add found users, remove one (PATCH user_ids). */
export function MembersTab({ business }: { business: Business }) {
  const update = useUpdateBusiness();
  const done = useSuccessToast();
  const failed = useApiErrorToast();
  const [picked, setPicked] = useState<PickedUser[]>([]);
  const memberIds = business.users.map((user) => user.id);

  /** PATCH the whole member list; true when it was saved. */
  const setMembers = (userIds: number[], success: string) =>
    update.mutateAsync({ uuid: business.uuid, body: { user_ids: userIds } }).then(
      () => {
        done(success);
        return true;
      },
      (error: unknown) => {
        failed(error);
        return false;
      },
    );

  const add = async () => {
    if (picked.length === 0) return;
    if (await setMembers([...memberIds, ...picked.map((user) => user.value)], "Пользователи добавлены")) setPicked([]);
  };

  const columns: TableColumnsType<BusinessUserRef> = [
    { key: "name", title: "Имя", render: (_, user) => <RouterLink to={manageUserHref(user)}>{user.name}</RouterLink> },
    { key: "username", title: "Логин", dataIndex: "username" },
    { key: "role", title: "Роль", render: (_, user) => roleName(user.role) },
    {
      key: "actions",
      title: "Действия",
      render: (_, user) => (
        <Popconfirm
          title={`Убрать «${user.name}» из компании?`}
          description="Он перестанет видеть её фермы и базы данных."
          okText="Убрать"
          okButtonProps={{ danger: true }}
          cancelText="Отмена"
          onConfirm={() =>
            setMembers(
              memberIds.filter((id) => id !== user.id),
              "Пользователь убран из компании",
            )
          }
        >
          <Button
            size="small"
            type="link"
            danger
            icon={<UserDeleteOutlined />}
            aria-label={`Убрать «${user.name}» из компании`}
          />
        </Popconfirm>
      ),
    },
  ];

  return (
    <Flex vertical gap="middle">
      <Flex gap="small" wrap align="center">
        <div style={{ flex: 1, minWidth: 280, maxWidth: 560 }}>
          <UserSearchSelect
            value={picked}
            onChange={setPicked}
            exclude={memberIds}
            aria-label="Добавить пользователей"
            placeholder="Найти пользователей, чтобы добавить"
          />
        </div>
        <BusyButton type="primary" busy={update.isPending} disabled={picked.length === 0} onClick={() => void add()}>
          Добавить
        </BusyButton>
      </Flex>
      <Table<BusinessUserRef>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={business.users}
        pagination={{ pageSize: 25, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: "В компании пока нет пользователей" }}
        scroll={{ x: true }}
      />
    </Flex>
  );
}
