import { LockOutlined } from "@ant-design/icons";
import type { HerdDataset } from "@nadoy/contract/herd";
import { type HerdSpreadsheetKind, herdSpreadsheetKindSchema } from "@nadoy/contract/herd-spreadsheet";
import { Alert, Button, Card, Flex, Result, Typography } from "antd";
import { useState } from "react";
import { useLocation, useParams, useSearchParams } from "react-router";
import { useUserData } from "../../../shared/hooks/use-user-data.ts";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { href } from "../../../shared/routes/href.ts";
import { BreadcrumbName } from "../../../shared/ui/BreadcrumbName.tsx";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { RouterButtonLink } from "../../../shared/ui/RouterButtonLink.tsx";
import { useHerdDatasets } from "../api.ts";
import { FileDropZone } from "../components/FileDropZone.tsx";
import { SendingCard } from "../components/SendingCard.tsx";
import { SpreadsheetHelp } from "../components/SpreadsheetHelp.tsx";
import { SpreadsheetKindPicker } from "../components/SpreadsheetKindPicker.tsx";
import { SpreadsheetPreview } from "../components/SpreadsheetPreview.tsx";
import { UploadDone } from "../components/UploadDone.tsx";
import { UploadHistoryDrawer } from "../components/UploadHistoryDrawer.tsx";
import { firstStep } from "../lib/herd-rerun.ts";
import { useHerdUpload } from "../lib/use-herd-upload.ts";

const SECTION = { title: "Загрузки Excel", href: href.excelInfo() };

/**
 * /user-pages/BSupload/:uuid (?kind=animals|events|test_days) — a spreadsheet of animals, events
 * or test days into one herd database: sent and checked (bytes, then the server's phases), its
 * columns' mapping shown and changed until it reads right, then written on request.
 */
export function SpreadsheetUploadPage() {
  const { uuid = "" } = useParams();
  const datasets = useHerdDatasets();
  const dataset = datasets.data?.find((d) => d.uuid === uuid);
  const given = useUserData().data?.user_databases.find((db) => db.uuid === uuid);
  const name = dataset?.name ?? given?.name;

  return (
    <Flex vertical gap="middle">
      {name ? <BreadcrumbName name={name} section={SECTION} /> : null}
      <Typography.Title level={2} style={{ margin: 0 }}>
        {name ? `Загрузка таблицы: ${name}` : "Загрузка таблицы"}
      </Typography.Title>
      {datasets.isPending ? <PageSpinner text="Загрузка…" /> : null}
      {datasets.isError ? <Alert type="error" showIcon title={errorMessage(datasets.error)} /> : null}
      {datasets.isSuccess && !dataset ? (
        <Result
          status="404"
          title="База стада не найдена"
          subTitle="Этой базы нет среди выданных вам баз стада. Попросите администратора выдать её или выберите другую."
          extra={<RouterButtonLink to={href.datasets()}>Наборы данных</RouterButtonLink>}
        />
      ) : null}
      {dataset && !dataset.can_upload ? <ReadOnly dataset={dataset} /> : null}
      {dataset?.can_upload ? <UploadFlow dbUuid={dataset.uuid} /> : null}
    </Flex>
  );
}

/** Viewers and clients read a database's data and its uploads, but send nothing. */
function ReadOnly({ dataset }: { dataset: HerdDataset }) {
  const [history, setHistory] = useState(false);
  return (
    <>
      <Result
        icon={<LockOutlined />}
        title="Загрузка данных вам недоступна"
        subTitle="Вам открыт только просмотр этой базы. Загружать таблицы могут зоотехники и администраторы."
        extra={[
          <RouterButtonLink key="animals" type="primary" to={href.herdAnimals({ uuid: dataset.uuid })}>
            Животные
          </RouterButtonLink>,
          <Button key="history" onClick={() => setHistory(true)}>
            История загрузок
          </Button>,
        ]}
      />
      <UploadHistoryDrawer db={history ? dataset : null} onClose={() => setHistory(false)} />
    </>
  );
}

function UploadFlow({ dbUuid }: { dbUuid: string }) {
  const [params, setParams] = useSearchParams();
  const parsed = herdSpreadsheetKindSchema.safeParse(params.get("kind"));
  const kind = parsed.success ? parsed.data : undefined;
  // A kept table checked again on the files page arrives with its preview.
  const upload = useHerdUpload(dbUuid, kind, firstStep(useLocation().state));
  const { state } = upload;

  return (
    <Flex vertical gap="middle">
      <SpreadsheetKindPicker
        kind={kind}
        disabled={state.step !== "choose"}
        onChange={(next: HerdSpreadsheetKind) => setParams({ kind: next }, { replace: true })}
      />
      {upload.notice ? <Alert type={upload.notice.type} showIcon title={upload.notice.text} /> : null}
      {state.step === "choose" ? (
        <Card size="small">
          <Flex vertical gap="middle">
            <SpreadsheetHelp />
            <FileDropZone
              disabled={!kind}
              accept=".csv,.xlsx,.CSV,.XLSX"
              label="Файл таблицы"
              hint="CSV (через «;», «,» или табуляцию) или XLSX — читается первый лист"
              // Never without a kind: the file would go as a DC305 export.
              onFile={(file) => {
                if (kind) void upload.send(file);
              }}
            />
            {kind ? null : <Typography.Text type="secondary">Сначала выберите, что в таблице.</Typography.Text>}
          </Flex>
        </Card>
      ) : null}
      {state.step === "sending" ? (
        <SendingCard file={state.file} share={state.share} progressId={upload.progressId} onCancel={upload.cancel} />
      ) : null}
      {(state.step === "preview" || state.step === "rechecking") && kind ? (
        <SpreadsheetPreview
          file={state.file}
          kind={kind}
          created={state.created}
          busy={state.step === "rechecking"}
          onRemap={(mapping) => void upload.remap(mapping)}
          onCommit={() => void upload.commit()}
          onAnother={upload.reset}
        />
      ) : null}
      {state.step === "committing" ? (
        <SendingCard file={state.file} share={null} progressId={upload.progressId} />
      ) : null}
      {state.step === "done" ? <UploadDone done={state} dbUuid={dbUuid} onAnother={upload.reset} /> : null}
    </Flex>
  );
}
