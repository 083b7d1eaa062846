import { HERD_UPLOAD_KIND_LABELS } from "@nadoy/contract/herd";
import { canUploadDc305 } from "@nadoy/contract/roles";
import { Alert, Card, Empty, Flex, Form, Result, Select, Typography } from "antd";
import { useLocation, useSearchParams } from "react-router";
import { useUserData } from "../../../shared/hooks/use-user-data.ts";
import { href } from "../../../shared/routes/href.ts";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { RouterButtonLink } from "../../../shared/ui/RouterButtonLink.tsx";
import { FileDropZone } from "../components/FileDropZone.tsx";
import { SendingCard } from "../components/SendingCard.tsx";
import { UploadDone } from "../components/UploadDone.tsx";
import { UploadHelp } from "../components/UploadHelp.tsx";
import { UploadItems } from "../components/UploadItems.tsx";
import { UploadPreview } from "../components/UploadPreview.tsx";
import { herdDatabases } from "../lib/herd-databases.ts";
import { firstStep } from "../lib/herd-rerun.ts";
import { useHerdUpload } from "../lib/use-herd-upload.ts";

const TITLE = "Загрузка DairyComp 305";

/**
 * /services/dc305_upload (?db=<uuid>): a DC305 export to one of the user's herd databases — sent
 * and checked first (bytes, then the server's phases), its preview shown, then written on request.
 */
export function Dc305UploadPage() {
  const user = useUserData().data;
  const [params, setParams] = useSearchParams();
  const databases = user ? herdDatabases(user) : [];
  const only = databases.length === 1 ? databases[0]?.uuid : undefined;
  const dbUuid = databases.find((db) => db.uuid === params.get("db"))?.uuid ?? only;
  // A kept file checked again on the files page arrives with its preview.
  const upload = useHerdUpload(dbUuid, undefined, firstStep(useLocation().state));
  const { state } = upload;

  if (!user) return <PageSpinner text="Загрузка…" />;

  const heading = (
    <Typography.Title level={2} style={{ marginTop: 0 }}>
      {TITLE}
    </Typography.Title>
  );
  if (!canUploadDc305(user)) {
    return (
      <>
        {heading}
        <Result
          status="info"
          title="Загрузка DairyComp 305 не подключена"
          subTitle="Попросите администратора портала включить вам модуль DC305."
        />
      </>
    );
  }
  if (databases.length === 0) {
    return (
      <>
        {heading}
        <Empty description="Вам не выдана ни одна база стада. Попросите администратора выдать базу, в которую загружать данные." />
      </>
    );
  }

  const busy = state.step === "sending" || state.step === "committing";
  return (
    <Flex vertical gap="middle">
      {heading}
      <Form layout="vertical" style={{ maxWidth: 480 }}>
        <Form.Item label="База стада" htmlFor="herd-db" style={{ marginBottom: 0 }}>
          <Select
            id="herd-db"
            placeholder="Выберите базу"
            value={dbUuid}
            disabled={busy || state.step === "preview"}
            options={databases.map((db) => ({ value: db.uuid, label: db.name }))}
            onChange={(uuid: string) => setParams({ db: uuid }, { replace: true })}
          />
        </Form.Item>
      </Form>
      {upload.notice ? <Alert type={upload.notice.type} showIcon title={upload.notice.text} /> : null}
      {state.step === "choose" ? (
        <Card size="small">
          <Flex vertical gap="middle">
            <UploadHelp />
            <FileDropZone disabled={!dbUuid} onFile={(file) => void upload.send(file)} />
            {dbUuid ? null : <Typography.Text type="secondary">Сначала выберите базу стада.</Typography.Text>}
          </Flex>
        </Card>
      ) : null}
      {state.step === "sending" ? (
        <SendingCard file={state.file} share={state.share} progressId={upload.progressId} onCancel={upload.cancel} />
      ) : null}
      {state.step === "preview" ? (
        <UploadPreview
          file={state.file}
          uploadUuid={state.created.upload_uuid}
          kind={HERD_UPLOAD_KIND_LABELS[state.created.kind]}
          preview={state.created.preview}
          onCommit={() => void upload.commit()}
          onAnother={upload.reset}
        >
          <UploadItems items={state.created.preview.items} />
        </UploadPreview>
      ) : null}
      {state.step === "committing" ? (
        <SendingCard file={state.file} share={null} progressId={upload.progressId} />
      ) : null}
      {state.step === "done" && dbUuid ? <UploadDone done={state} dbUuid={dbUuid} onAnother={upload.reset} /> : null}
      <div>
        <RouterButtonLink to={href.datasets()}>Наборы данных</RouterButtonLink>
      </div>
    </Flex>
  );
}
