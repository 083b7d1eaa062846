import { EditOutlined, PlusOutlined } from "@ant-design/icons";
import type { Business, BusinessDatabase } from "@nadoy/contract/business";
import { DATABASE_KIND_LABELS } from "@nadoy/contract/users";
import { Button, Flex, Switch, Table, type TableColumnsType, Typography } from "antd";
import { useState } from "react";
import { useApiErrorToast } from "../../../shared/hooks/use-api-error-toast.ts";
import { useUpdateDatabase } from "../api.ts";
import { userLabel } from "../lib/users.ts";
import { DatabaseModal } from "./DatabaseModal.tsx";

function ActiveCell({ database, companyUuid }: { database: BusinessDatabase; companyUuid: string }) {
  const update = useUpdateDatabase();
  const failed = useApiErrorToast();
  return (
    <Switch
      size="small"
      checked={database.active}
      loading={update.isPending}
      aria-label={`База «${database.name}» включена`}
      onChange={(active) => update.mutateAsync({ uuid: database.uuid, companyUuid, body: { active } }).catch(failed)}
    />
  );
}

/** Which database the modal edits: "new", one of them, or none (closed). */
type Target = "new" | BusinessDatabase | null;

/** The «Базы данных» tab: the company's user databases, who each is given to; add, edit, switch off. */
export function DatabasesTab({ business }: { business: Business }) {
  const [target, setTarget] = useState<Target>(null);
  const farmName = (uuid: string | null) =>
    uuid === null ? "Вся компания" : (business.farms.find((farm) => farm.uuid === uuid)?.name ?? "—");

  const columns: TableColumnsType<BusinessDatabase> = [
    {
      key: "name",
      title: "Название",
      render: (_, database) => <Typography.Link onClick={() => setTarget(database)}>{database.name}</Typography.Link>,
    },
    { key: "server", title: "Сервер", dataIndex: "server" },
    { key: "db_name", title: "Имя базы", dataIndex: "db_name" },
    { key: "kind", title: "Что хранит", render: (_, database) => DATABASE_KIND_LABELS[database.kind] },
    { key: "farm", title: "Ферма", render: (_, database) => farmName(database.farm_uuid) },
    {
      key: "active",
      title: "Включена",
      render: (_, database) => <ActiveCell database={database} companyUuid={business.uuid} />,
    },
    {
      key: "users",
      title: "Пользователи",
      render: (_, database) =>
        database.users.length > 0 ? (
          database.users.map(userLabel).join(", ")
        ) : (
          <Typography.Text type="secondary">Никому не выдана</Typography.Text>
        ),
    },
    {
      key: "actions",
      title: "Действия",
      render: (_, database) => (
        <Button
          size="small"
          type="link"
          icon={<EditOutlined />}
          aria-label={`Изменить базу «${database.name}»`}
          onClick={() => setTarget(database)}
        />
      ),
    },
  ];

  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Text type="secondary">
          Удалить базу нельзя: отключите её, и пользователи перестанут её видеть.
        </Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget("new")}>
          Добавить базу данных
        </Button>
      </Flex>
      <Table<BusinessDatabase>
        rowKey="uuid"
        size="small"
        columns={columns}
        dataSource={business.databases}
        pagination={{ pageSize: 25, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: "Баз данных пока нет" }}
        scroll={{ x: true }}
      />
      {target !== null ? (
        <DatabaseModal
          key={target === "new" ? "new" : target.uuid}
          business={business}
          database={target === "new" ? undefined : target}
          open
          onClose={() => setTarget(null)}
        />
      ) : null}
    </Flex>
  );
}
