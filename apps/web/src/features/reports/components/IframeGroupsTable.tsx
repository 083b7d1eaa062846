import type { AdminIframeGroup } from "@nadoy/contract/reports";
import { Button, Switch, Table, type TableColumnsType, Typography } from "antd";
import { useFailureToast } from "../../../shared/hooks/use-error-toast.ts";
import { useDeleteIframeGroup, useUpdateIframeGroup } from "../api.ts";
import { RowActions } from "./RowActions.tsx";

function ActiveCell({ group }: { group: AdminIframeGroup }) {
  const update = useUpdateIframeGroup();
  const failed = useFailureToast();
  return (
    <Switch
      size="small"
      checked={group.active}
      loading={update.isPending}
      aria-label={`Активна: ${group.title}`}
      onChange={(active) => update.mutateAsync({ pk: group.pk, body: { active } }).catch(failed)}
    />
  );
}

function Actions({ group, onEdit }: { group: AdminIframeGroup; onEdit: (group: AdminIframeGroup) => void }) {
  const remove = useDeleteIframeGroup();
  const failed = useFailureToast();
  return (
    <RowActions
      title={group.title}
      confirm={{
        title: `Удалить группу «${group.title}»?`,
        description: "Её отчёты останутся, но пользователи группы перестанут их видеть через неё.",
      }}
      onEdit={() => onEdit(group)}
      onDelete={() => remove.mutateAsync(group.pk).catch(failed)}
    />
  );
}

/** The iframe groups for admins. */
export function IframeGroupsTable({
  groups,
  loading,
  onEdit,
}: {
  groups: AdminIframeGroup[];
  loading: boolean;
  onEdit: (group: AdminIframeGroup) => void;
}) {
  const columns: TableColumnsType<AdminIframeGroup> = [
    {
      key: "title",
      title: "Название",
      render: (_, group) => (
        <Button type="link" size="small" style={{ padding: 0, height: "auto" }} onClick={() => onEdit(group)}>
          {group.title}
        </Button>
      ),
    },
    {
      key: "img",
      title: "Картинка",
      width: 110,
      render: (_, group) =>
        group.img ? (
          <img src={group.img} alt="" style={{ width: 80, height: 48, objectFit: "cover", borderRadius: 4 }} />
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      key: "reports",
      title: "Отчёты",
      render: (_, group) =>
        group.reports.length === 0 ? (
          <Typography.Text type="secondary">Нет отчётов</Typography.Text>
        ) : (
          <ol style={{ margin: 0, paddingInlineStart: 20 }}>
            {group.reports.map((report) => (
              <li key={report.uuid}>
                <Typography.Text type={report.active ? undefined : "secondary"}>
                  {report.active ? report.title : `${report.title} (отключён)`}
                </Typography.Text>
              </li>
            ))}
          </ol>
        ),
    },
    { key: "active", title: "Активна", width: 90, render: (_, group) => <ActiveCell group={group} /> },
    { key: "users", title: "Пользователей", width: 120, align: "right", dataIndex: "users_count" },
    { key: "actions", title: "Действия", width: 100, render: (_, group) => <Actions group={group} onEdit={onEdit} /> },
  ];
  return (
    <Table<AdminIframeGroup>
      rowKey="pk"
      size="small"
      columns={columns}
      dataSource={groups}
      loading={loading}
      pagination={{ pageSize: 25, hideOnSinglePage: true, showSizeChanger: false }}
      locale={{ emptyText: "Групп пока нет" }}
      scroll={{ x: true }}
    />
  );
}
