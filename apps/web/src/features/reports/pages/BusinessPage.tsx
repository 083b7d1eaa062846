import type { PortalGroup } from "@nadoy/contract/reports";
import { Flex, Menu, type MenuProps, Result, Typography } from "antd";
import { useEffect } from "react";
import { useNavigate, useParams } from "react-router";
import { href } from "../../../shared/routes/href.ts";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { useReportsPortal } from "../api.ts";
import { LoadFailed } from "../components/LoadFailed.tsx";
import { NoReports } from "../components/PortalCards.tsx";
import { REPORT_NOT_FOUND, ReportEmbedFrame } from "../components/ReportEmbedFrame.tsx";
import { isReportUuid } from "../lib/report-uuid.ts";

/** A report may sit in several groups: its menu key names both. */
const itemKey = (group: PortalGroup, uuid: string) => `${group.pk}:${uuid}`;

function menuItems(groups: PortalGroup[]): MenuProps["items"] {
  return groups
    .filter((group) => group.iframegroup.length > 0)
    .map((group) => ({
      type: "group" as const,
      key: `group-${group.pk}`,
      label: group.title,
      children: group.iframegroup.map((report) => ({ key: itemKey(group, report.uuid), label: report.title })),
    }));
}

/**
 * /business-page/:iframe? — the caller's report groups in a menu on the left, the chosen report
 * (`:iframe`, a report uuid) embedded on the right; without one, the first report of the first
 * group is opened (the URL is replaced).
 */
export function BusinessPage() {
  const { iframe } = useParams();
  const navigate = useNavigate();
  const portal = useReportsPortal();
  const groups = portal.data?.groups ?? [];
  const first = groups.flatMap((group) => group.iframegroup)[0]?.uuid;

  useEffect(() => {
    if (!iframe && first) void navigate(href.businessPage({ iframe: first }), { replace: true });
  }, [iframe, first, navigate]);

  if (portal.isError) return <LoadFailed what="Отчёты не загрузились." onRetry={() => void portal.refetch()} />;
  if (portal.isPending) return <PageSpinner text="Загрузка…" />;
  if (!first) {
    return (
      <Flex vertical gap="middle">
        <Typography.Title level={2} style={{ margin: 0 }}>
          Бизнес-отчёты
        </Typography.Title>
        <NoReports />
      </Flex>
    );
  }

  const selected = groups.flatMap((group) =>
    group.iframegroup.filter((report) => report.uuid === iframe).map((report) => itemKey(group, report.uuid)),
  );
  return (
    <Flex gap="middle" align="start" wrap>
      <nav aria-label="Группы отчётов" style={{ flex: "0 0 260px", maxWidth: "100%" }}>
        <Menu
          mode="inline"
          items={menuItems(groups)}
          selectedKeys={selected}
          onClick={({ key }) => void navigate(href.businessPage({ iframe: key.slice(key.indexOf(":") + 1) }))}
          style={{ borderInlineEnd: 0 }}
        />
      </nav>
      <div style={{ flex: "1 1 480px", minWidth: 0 }}>
        {!iframe ? (
          <PageSpinner text="Загрузка…" />
        ) : isReportUuid(iframe) ? (
          <ReportEmbedFrame key={iframe} uuid={iframe} />
        ) : (
          <Result status="404" title={REPORT_NOT_FOUND} />
        )}
      </div>
    </Flex>
  );
}
