import type { HerdDataset } from "@nadoy/contract/herd";
import { Alert, Col, Empty, Flex, Row, Spin } from "antd";
import { useState } from "react";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { href } from "../../../shared/routes/href.ts";
import { RouterButtonLink } from "../../../shared/ui/RouterButtonLink.tsx";
import { useHerdDatasets } from "../api.ts";
import { DatasetCard } from "./DatasetCard.tsx";
import { UploadHistoryDrawer } from "./UploadHistoryDrawer.tsx";

/** The user's herd databases as cards (the datasets page and the profile tab both show it). */
export function DatasetsView() {
  const datasets = useHerdDatasets();
  const [history, setHistory] = useState<HerdDataset | null>(null);

  if (datasets.isPending) return <Spin description="Загрузка…" />;
  if (datasets.isError) return <Alert type="error" showIcon title={errorMessage(datasets.error)} />;
  if (datasets.data.length === 0) {
    return (
      <Empty description="У вас нет баз стада. Когда администратор выдаст вам базу, здесь появится, что в ней есть." />
    );
  }
  return (
    <>
      <Flex justify="flex-end" style={{ marginBottom: 16 }}>
        {/* The uploaded files themselves: their room on the server, download and delete. */}
        <RouterButtonLink to={href.cloudStorage()}>Файлы</RouterButtonLink>
      </Flex>
      <Row gutter={[16, 16]}>
        {datasets.data.map((dataset) => (
          <Col key={dataset.uuid} xs={24} lg={12}>
            <DatasetCard dataset={dataset} onHistory={() => setHistory(dataset)} />
          </Col>
        ))}
      </Row>
      <UploadHistoryDrawer db={history} onClose={() => setHistory(null)} />
    </>
  );
}
