import { pluralRu } from "@nadoy/contract/plural";
import { type PortalGroup, type PortalReport, reportTagName } from "@nadoy/contract/reports";
import { Card, Empty, Flex, Typography } from "antd";
import type { ReactNode } from "react";
import { href } from "../../../shared/routes/href.ts";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";

const COVER_STYLE = { width: "100%", height: 140, objectFit: "cover" } as const;

export const NO_REPORTS_TEXT = "Вам пока не открыт ни один отчёт — обратитесь к администратору";

/** The portal's empty state. */
export function NoReports({ text = NO_REPORTS_TEXT }: { text?: string }) {
  return <Empty description={text} />;
}

/** Cards side by side, as many as fit. */
export function CardGrid({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <ul
      aria-label={label}
      style={{
        display: "grid",
        gap: 16,
        gridTemplateColumns: "repeat(auto-fill, minmax(240px, 1fr))",
        margin: 0,
        padding: 0,
        listStyle: "none",
      }}
    >
      {children}
    </ul>
  );
}

export const reportsCount = (n: number) => `${n} ${pluralRu(n, ["отчёт", "отчёта", "отчётов"])}`;

const cover = (img: string | null) => (img ? <img src={img} alt="" loading="lazy" style={COVER_STYLE} /> : undefined);

/** A report as a card: its picture, its title linking to /report/:uuid, its tag. */
export function ReportCard({ report }: { report: PortalReport }) {
  return (
    <li aria-label={report.title}>
      <Card size="small" cover={cover(report.img)} style={{ height: "100%" }}>
        <Flex vertical gap={4}>
          <Typography.Text strong>
            <RouterLink to={href.report({ id: report.uuid })}>{report.title}</RouterLink>
          </Typography.Text>
          <Typography.Text type="secondary">{reportTagName(report.tag)}</Typography.Text>
        </Flex>
      </Card>
    </li>
  );
}

/**
 * A group as a card: its picture and title (a link when `to` is given) and, unless `hideReports`,
 * links to its reports in the group's order.
 */
export function GroupCard({
  group,
  to,
  hideReports = false,
}: {
  group: PortalGroup;
  to?: string;
  hideReports?: boolean;
}) {
  return (
    <li aria-label={group.title}>
      <Card size="small" cover={cover(group.img)} style={{ height: "100%" }}>
        <Flex vertical gap={4}>
          <Typography.Text strong>{to ? <RouterLink to={to}>{group.title}</RouterLink> : group.title}</Typography.Text>
          {hideReports ? (
            <Typography.Text type="secondary">{reportsCount(group.iframegroup.length)}</Typography.Text>
          ) : group.iframegroup.length === 0 ? (
            <Typography.Text type="secondary">Отчётов пока нет</Typography.Text>
          ) : (
            <Flex vertical gap={2} component="ul" style={{ margin: 0, paddingInlineStart: 18 }}>
              {group.iframegroup.map((report) => (
                <li key={report.uuid}>
                  <RouterLink to={href.report({ id: report.uuid })}>{report.title}</RouterLink>
                </li>
              ))}
            </Flex>
          )}
        </Flex>
      </Card>
    </li>
  );
}
