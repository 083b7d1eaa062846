import type { MonitoringCatalog } from "@nadoy/contract/monitoring";
import { Flex, Result, Spin, Typography } from "antd";
import type { ReactNode } from "react";
import { useParams } from "react-router";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { useMonitoringCatalog } from "../api.ts";

const DEFAULT_ZONE = "Europe/Moscow";

export interface FrameData {
  dbUuid: string;
  catalog: MonitoringCatalog;
  /** The zone of the database's first site (the pages show one site's time). */
  timeZone: string;
}

/**
 * A monitoring page of one database: its title, then the page once the database's catalog is
 * in; a database the user may not open says so (the server's Russian message).
 */
export function MonitoringFrame({ title, children }: { title: string; children: (data: FrameData) => ReactNode }) {
  const { uuid = "" } = useParams();
  // `demo` (MONITORING_DEMO) is the staff's demo site: the server answers it as a database of its own.
  const catalog = useMonitoringCatalog(uuid);
  if (catalog.isPending) return <Spin style={{ display: "block", margin: "64px auto" }} />;
  if (catalog.isError) {
    return <Result status="warning" title="Мониторинг недоступен" subTitle={errorMessage(catalog.error)} />;
  }
  const data = catalog.data;
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}: {data.database.name}
      </Typography.Title>
      {children({ dbUuid: uuid, catalog: data, timeZone: data.sites[0]?.time_zone ?? DEFAULT_ZONE })}
    </Flex>
  );
}
