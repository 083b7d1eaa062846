import { type AdminReport, REPORT_PROVIDER_NAMES, reportTagName } from "@nadoy/contract/reports";
import { Button, Flex, Switch, Table, type TableColumnsType, Tag, Typography } from "antd";
import { useFailureToast } from "../../../shared/hooks/use-error-toast.ts";
import { useDeleteReport, useUpdateReport } from "../api.ts";
import { RowActions } from "./RowActions.tsx";

function ActiveCell({ report }: { report: AdminReport }) {
  const update = useUpdateReport();
  const failed = useFailureToast();
  return (
    <Switch
      size="small"
      checked={report.active}
      loading={update.isPending}
      aria-label={`Активен: ${report.title}`}
      onChange={(active) => update.mutateAsync({ uuid: report.uuid, body: { active } }).catch(failed)}
    />
  );
}

function Actions({ report, onEdit }: { report: AdminReport; onEdit: (report: AdminReport) => void }) {
  const remove = useDeleteReport();
  const failed = useFailureToast();
  return (
    <RowActions
      title={report.title}
      confirm={{
        title: `Удалить отчёт «${report.title}»?`,
        description: "Пользователи и группы его больше не увидят.",
      }}
      onEdit={() => onEdit(report)}
      onDelete={() => remove.mutateAsync(report.uuid).catch(failed)}
    />
  );
}

/** The catalogue of reports for admins. */
export function ReportsAdminTable({
  reports,
  loading,
  onEdit,
}: {
  reports: AdminReport[];
  loading: boolean;
  onEdit: (report: AdminReport) => void;
}) {
  const columns: TableColumnsType<AdminReport> = [
    {
      key: "title",
      title: "Название",
      render: (_, report) => (
        <Button type="link" size="small" style={{ padding: 0, height: "auto" }} onClick={() => onEdit(report)}>
          {report.title}
        </Button>
      ),
    },
    { key: "tag", title: "Тег", render: (_, report) => reportTagName(report.tag) },
    { key: "provider", title: "Поставщик", render: (_, report) => REPORT_PROVIDER_NAMES[report.provider] },
    {
      key: "company",
      title: "Компания",
      render: (_, report) =>
        report.company ? report.company.name : <Typography.Text type="secondary">Все компании</Typography.Text>,
    },
    {
      key: "groups",
      title: "Группы",
      render: (_, report) => (
        <Flex gap={4} wrap>
          {report.groups.map((group) => (
            <Tag key={group.pk}>{group.title}</Tag>
          ))}
        </Flex>
      ),
    },
    { key: "active", title: "Активен", width: 90, render: (_, report) => <ActiveCell report={report} /> },
    { key: "users", title: "Пользователей", width: 120, align: "right", dataIndex: "users_count" },
    {
      key: "actions",
      title: "Действия",
      width: 100,
      render: (_, report) => <Actions report={report} onEdit={onEdit} />,
    },
  ];
  return (
    <Table<AdminReport>
      rowKey="uuid"
      size="small"
      columns={columns}
      dataSource={reports}
      loading={loading}
      pagination={{ pageSize: 25, hideOnSinglePage: true, showSizeChanger: false }}
      locale={{ emptyText: "Отчётов пока нет" }}
      scroll={{ x: true }}
    />
  );
}
