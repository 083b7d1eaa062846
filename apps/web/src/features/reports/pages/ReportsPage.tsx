import { type PortalReport, type ReportsPortal, reportTagName } from "@nadoy/contract/reports";
import { isClient } from "@nadoy/contract/roles";
import { Flex, Input, Table, type TableColumnsType, Typography } from "antd";
import { type ReactNode, useMemo, useState } from "react";
import { useUserData } from "../../../shared/hooks/use-user-data.ts";
import { href } from "../../../shared/routes/href.ts";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";
import { useReportsPortal } from "../api.ts";
import { LoadFailed } from "../components/LoadFailed.tsx";
import { CardGrid, GroupCard, NoReports, ReportCard } from "../components/PortalCards.tsx";

/** The tags of `reports` in the order they first appear, each with its reports. */
function byTag(reports: PortalReport[]): [string, PortalReport[]][] {
  const tags = new Map<string, PortalReport[]>();
  for (const report of reports) tags.set(report.tag, [...(tags.get(report.tag) ?? []), report]);
  return [...tags];
}

/** Role 7: the caller's groups as cards, then their reports by tag. */
function ClientReports({ portal }: { portal: ReportsPortal }) {
  return (
    <Flex vertical gap="large">
      {portal.groups.length > 0 ? (
        <section aria-label="Группы отчётов">
          <Typography.Title level={4}>Группы отчётов</Typography.Title>
          <CardGrid label="Группы отчётов">
            {portal.groups.map((group) => (
              <GroupCard key={group.pk} group={group} />
            ))}
          </CardGrid>
        </section>
      ) : null}
      {byTag(portal.reports).map(([tag, reports]) => (
        <section key={tag} aria-label={reportTagName(tag)}>
          <Typography.Title level={4}>{reportTagName(tag)}</Typography.Title>
          <CardGrid label={reportTagName(tag)}>
            {reports.map((report) => (
              <ReportCard key={report.uuid} report={report} />
            ))}
          </CardGrid>
        </section>
      ))}
    </Flex>
  );
}

const columns: TableColumnsType<PortalReport> = [
  {
    key: "title",
    title: "Отчёт",
    render: (_, report) => <RouterLink to={href.report({ id: report.uuid })}>{report.title}</RouterLink>,
  },
  { key: "tag", title: "Тег", width: 260, render: (_, report) => reportTagName(report.tag) },
];

/** Everyone else: one searchable table of the reports. */
function ReportsList({ reports }: { reports: PortalReport[] }) {
  const [search, setSearch] = useState("");
  const shown = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase("ru");
    if (!needle) return reports;
    return reports.filter((report) =>
      `${report.title} ${reportTagName(report.tag)}`.toLocaleLowerCase("ru").includes(needle),
    );
  }, [reports, search]);
  return (
    <Flex vertical gap="middle">
      <Input.Search
        aria-label="Поиск"
        placeholder="Название или тег"
        allowClear
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        style={{ maxWidth: 360 }}
      />
      <Table<PortalReport>
        rowKey="uuid"
        size="small"
        columns={columns}
        dataSource={shown}
        pagination={{ pageSize: 25, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: "Ничего не найдено" }}
        scroll={{ x: true }}
      />
    </Flex>
  );
}

/** /reports — the reports the user may open: by groups and tags for clients, a table for others. */
export function ReportsPage() {
  const user = useUserData().data;
  const portal = useReportsPortal();
  let content: ReactNode;
  if (portal.isError) {
    content = <LoadFailed what="Отчёты не загрузились." onRetry={() => void portal.refetch()} />;
  } else if (!user || portal.isPending) {
    content = <PageSpinner text="Загрузка…" />;
  } else if (portal.data.reports.length === 0 && portal.data.groups.length === 0) {
    content = <NoReports />;
  } else if (isClient(user)) {
    content = <ClientReports portal={portal.data} />;
  } else {
    content = <ReportsList reports={portal.data.reports} />;
  }
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={2} style={{ margin: 0 }}>
        Отчёты
      </Typography.Title>
      {content}
    </Flex>
  );
}
