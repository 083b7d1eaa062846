import { Button, Flex, Result } from "antd";
import { href } from "../../../shared/routes/href.ts";
import { RouterButtonLink } from "../../../shared/ui/RouterButtonLink.tsx";
import type { HerdUploadStep } from "../lib/use-herd-upload.ts";
import { UploadCounts } from "./UploadCounts.tsx";
import { UploadErrorsTable } from "./UploadErrorsTable.tsx";

type Done = Extract<HerdUploadStep, { step: "done" }>;

/** The file is written: the final counts, and where to look at the animals. */
export function UploadDone({ done, dbUuid, onAnother }: { done: Done; dbUuid: string; onAnother: () => void }) {
  return (
    <Flex vertical gap="large">
      <Result
        status="success"
        title="Данные записаны в базу"
        subTitle={done.file.name}
        extra={[
          <RouterButtonLink key="animals" type="primary" to={href.herdAnimals({ uuid: dbUuid })}>
            К списку животных
          </RouterButtonLink>,
          <Button key="another" onClick={onAnother}>
            Загрузить ещё файл
          </Button>,
        ]}
      />
      <UploadCounts counts={done.result} />
      <UploadErrorsTable
        errors={done.result.errors}
        total={done.result.rows_refused}
        download={{ uploadUuid: done.created.upload_uuid, fileName: done.file.name }}
      />
    </Flex>
  );
}
