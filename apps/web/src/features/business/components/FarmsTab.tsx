import { DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import type { Business, BusinessFarm } from "@nadoy/contract/business";
import { Button, Flex, Popconfirm, Table, type TableColumnsType, Tag, Typography } from "antd";
import { useApiErrorToast } from "../../../shared/hooks/use-api-error-toast.ts";
import { useSuccessToast } from "../../../shared/hooks/use-success-toast.ts";
import { href } from "../../../shared/routes/href.ts";
import { RouterButtonLink } from "../../../shared/ui/RouterButtonLink.tsx";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";
import { useDeleteFarm } from "../api.ts";
import { timezoneName } from "../lib/timezones.ts";
import { userLabel } from "../lib/users.ts";

/** A new farm of the company: the farm page with ?company=. */
export const newFarmHref = (companyUuid: string) =>
  `${href.businessUserFarm()}?${new URLSearchParams({ company: companyUuid })}`;

function FarmActions({ farm, companyUuid }: { farm: BusinessFarm; companyUuid: string }) {
  const remove = useDeleteFarm();
  const done = useSuccessToast();
  const failed = useApiErrorToast();
  return (
    <Flex gap={0} align="center">
      <RouterButtonLink
        size="small"
        type="link"
        icon={<EditOutlined />}
        to={href.businessUserFarm({ uuid: farm.uuid })}
        aria-label={`Изменить ферму «${farm.name}»`}
      />
      <Popconfirm
        title={`Удалить ферму «${farm.name}»?`}
        description="Пользователи, закреплённые за ней, снова увидят все фермы компании."
        okText="Удалить"
        okButtonProps={{ danger: true }}
        cancelText="Отмена"
        onConfirm={() => remove.mutateAsync({ uuid: farm.uuid, companyUuid }).then(() => done("Ферма удалена"), failed)}
      >
        <Button size="small" type="link" danger icon={<DeleteOutlined />} aria-label={`Удалить ферму «${farm.name}»`} />
      </Popconfirm>
    </Flex>
  );
}

/** The «Фермы» tab: the company's farms, who is limited to each, add / edit / delete. */
export function FarmsTab({ business }: { business: Business }) {
  const columns: TableColumnsType<BusinessFarm> = [
    {
      key: "name",
      title: "Название",
      render: (_, farm) => <RouterLink to={href.businessUserFarm({ uuid: farm.uuid })}>{farm.name}</RouterLink>,
    },
    {
      key: "genetic",
      title: "Генетика",
      render: (_, farm) => (farm.use_genetic ? <Tag color="green">Да</Tag> : <Tag>Нет</Tag>),
    },
    { key: "timezone", title: "Часовой пояс", render: (_, farm) => timezoneName(farm.timezone) },
    {
      key: "users",
      title: "Закреплённые пользователи",
      render: (_, farm) =>
        farm.users.length > 0 ? (
          farm.users.map(userLabel).join(", ")
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    { key: "actions", title: "Действия", render: (_, farm) => <FarmActions farm={farm} companyUuid={business.uuid} /> },
  ];

  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Text type="secondary">
          Пользователь, закреплённый за фермами, видит только их; остальные видят все фермы компании.
        </Typography.Text>
        <RouterButtonLink type="primary" icon={<PlusOutlined />} to={newFarmHref(business.uuid)}>
          Добавить ферму
        </RouterButtonLink>
      </Flex>
      <Table<BusinessFarm>
        rowKey="uuid"
        size="small"
        columns={columns}
        dataSource={business.farms}
        pagination={{ pageSize: 25, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: "Ферм пока нет" }}
        scroll={{ x: true }}
      />
    </Flex>
  );
}
