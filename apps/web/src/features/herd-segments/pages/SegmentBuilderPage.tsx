import { Alert, Button, Empty, Flex, Select, Skeleton, Typography } from "antd";
import { useSearchParams } from "react-router";
import { useUserData } from "../../../shared/hooks/use-user-data.ts";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { href } from "../../../shared/routes/href.ts";
import { BreadcrumbName } from "../../../shared/ui/BreadcrumbName.tsx";
import { useHerdSegments } from "../api.ts";
import { SegmentEditor } from "../components/SegmentEditor.tsx";
import { canSaveSegments } from "../lib/can-save-segments.ts";
import { segmentDatabases } from "../lib/segment-databases.ts";

/**
 * /services/custom_segmentation_edit?db=<uuid>&segment=<uuid> — the segment builder: the database
 * (the first one by default), and a new rule or the saved segment named in the URL.
 */
export function SegmentBuilderPage() {
  const [params, setParams] = useSearchParams();
  const user = useUserData().data;
  const databases = segmentDatabases(user);
  const dbUuid = params.get("db") ?? databases[0]?.uuid;
  const segmentUuid = params.get("segment");
  const segments = useHerdSegments(segmentUuid ? dbUuid : undefined);
  const segment = segmentUuid ? segments.data?.find((s) => s.uuid === segmentUuid) : undefined;
  const database = databases.find((db) => db.uuid === dbUuid);

  if (!user) return <Skeleton active />;
  return (
    <Flex vertical gap="middle">
      {database ? (
        <BreadcrumbName
          name={segment?.name ?? database.name}
          section={{ title: "Сегментация", href: href.customSegmentation({ uuid: database.uuid }) }}
        />
      ) : null}
      <Typography.Title level={2} style={{ margin: 0 }}>
        {segment ? `Сегмент: ${segment.name}` : "Новый сегмент"}
      </Typography.Title>
      {databases.length === 0 ? (
        <Empty description="Нет баз стада, для которых можно составить сегмент" />
      ) : (
        <Select
          value={dbUuid}
          options={databases.map((db) => ({ value: db.uuid, label: db.name }))}
          onChange={(db: string) => setParams({ db })}
          aria-label="База стада"
          style={{ width: 320, maxWidth: "100%" }}
        />
      )}
      {segments.isError ? <Alert type="error" showIcon title={errorMessage(segments.error)} /> : null}
      {segmentUuid && segments.isSuccess && !segment && dbUuid ? (
        <Alert
          type="warning"
          showIcon
          title="Сегмент не найден: он удалён или вам недоступен"
          action={
            <Button size="small" onClick={() => setParams({ db: dbUuid })}>
              Убрать из ссылки
            </Button>
          }
        />
      ) : null}
      {dbUuid && (!segmentUuid || segments.isSuccess) ? (
        <SegmentEditor
          key={`${dbUuid}:${segment?.uuid ?? "new"}`}
          dbUuid={dbUuid}
          segment={segment ?? null}
          canSave={canSaveSegments(user)}
        />
      ) : segmentUuid && segments.isPending ? (
        <Skeleton active />
      ) : null}
    </Flex>
  );
}
