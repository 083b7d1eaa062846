import { ApartmentOutlined } from "@ant-design/icons";
import { MONITORING_DEMO, type MonitoringCatalog } from "@nadoy/contract/monitoring";
import { canEditMonitoringModel } from "@nadoy/contract/monitoring-model";
import { Button, Flex, Result, Spin, Typography } from "antd";
import { type ReactNode, useState } from "react";
import { useLocation, useParams } from "react-router";
import { useUserData } from "../../../shared/hooks/use-user-data.ts";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { useMonitoringCatalog } from "../api.ts";
import { MonitoringEmpty } from "./MonitoringEmpty.tsx";
import { ModelDrawer } from "./model/ModelDrawer.tsx";
import { isPowerPage, PowerTabs } from "./PowerTabs.tsx";

const DEFAULT_ZONE = "Europe/Moscow";

export interface FrameData {
  dbUuid: string;
  catalog: MonitoringCatalog;
  /** The zone of the database's first site (the pages show one site's time). */
  timeZone: string;
}

/**
 * A monitoring page of one database: its title, then the page once the database's catalog is
 * in; a database the user may not open says so (the server's Russian message). Those who may
 * edit the database's model (contract monitoring-model.ts) get «Схема площадки» beside the title;
 * a database with no site yet says what to do instead of showing an empty page. The power pages
 * get links to each other under the title (PowerTabs).
 */
export function MonitoringFrame({ title, children }: { title: string; children: (data: FrameData) => ReactNode }) {
  const { uuid = "" } = useParams();
  // `demo` (MONITORING_DEMO) is the staff's demo site: the server answers it as a database of its own.
  const catalog = useMonitoringCatalog(uuid);
  const user = useUserData().data;
  const [modelOpen, setModelOpen] = useState(false);
  const power = isPowerPage(useLocation().pathname);
  if (catalog.isPending) return <Spin style={{ display: "block", margin: "64px auto" }} />;
  if (catalog.isError) {
    return <Result status="warning" title="Мониторинг недоступен" subTitle={errorMessage(catalog.error)} />;
  }
  const data = catalog.data;
  const editor = uuid !== MONITORING_DEMO && user !== undefined && canEditMonitoringModel(user);
  return (
    <Flex vertical gap="middle">
      <Flex align="center" justify="space-between" gap="small" wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}: {data.database.name}
        </Typography.Title>
        {editor && (
          <Button icon={<ApartmentOutlined />} onClick={() => setModelOpen(true)}>
            Схема площадки
          </Button>
        )}
      </Flex>
      {power && <PowerTabs dbUuid={uuid} />}
      {data.sites.length === 0 ? (
        <MonitoringEmpty
          title="В этой базе ещё не описана ни одна площадка."
          hint={
            editor ? (
              <>
                Откройте «Схема площадки» и добавьте площадку, её устройства и ряды (датчики, каналы состояний,
                счётчики). Затем создайте ключ в «Генераторе ключей» и настройте отправку показаний с номерами рядов.
                <br />
                <Button type="primary" style={{ marginTop: 12 }} onClick={() => setModelOpen(true)}>
                  Открыть «Схему площадки»
                </Button>
              </>
            ) : (
              "Попросите сотрудника компании описать площадку в «Схеме площадки» и выдать устройству ключ в «Генераторе ключей»."
            )
          }
        />
      ) : (
        children({ dbUuid: uuid, catalog: data, timeZone: data.sites[0]?.time_zone ?? DEFAULT_ZONE })
      )}
      {editor && <ModelDrawer dbUuid={uuid} open={modelOpen} onClose={() => setModelOpen(false)} />}
    </Flex>
  );
}
