import { Alert, Button, Flex, Skeleton, Typography } from "antd";
import { Link, useParams } from "react-router";
import { useUserData } from "../../../shared/hooks/use-user-data.ts";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { href } from "../../../shared/routes/href.ts";
import { BreadcrumbName } from "../../../shared/ui/BreadcrumbName.tsx";
import { useHerdSegments } from "../api.ts";
import { SegmentAnimals } from "../components/SegmentAnimals.tsx";
import { builderHref, SegmentsList } from "../components/SegmentsList.tsx";

/**
 * /services/custom_segmentation/:uuid/:segment? — the saved segments of one herd database; the
 * chosen one's figures and animals.
 */
export function SegmentsPage() {
  const { uuid = "", segment: chosen } = useParams();
  const segments = useHerdSegments(uuid);
  const database = useUserData().data?.database_segmentation.find((db) => db.uuid === uuid);
  const segment = segments.data?.find((s) => s.uuid === chosen);

  return (
    <Flex vertical gap="middle">
      {database ? (
        <BreadcrumbName
          name={segment ? `${database.name}: ${segment.name}` : database.name}
          section={{ title: "Сегментация", href: href.customSegmentation({ uuid }) }}
        />
      ) : null}
      <Flex justify="space-between" align="center" gap="small" wrap>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {database ? `Сегменты: ${database.name}` : "Сегменты"}
        </Typography.Title>
        <Link to={builderHref(uuid)}>
          <Button type="primary">Новый сегмент</Button>
        </Link>
      </Flex>
      {segments.isError ? <Alert type="error" showIcon title={errorMessage(segments.error)} /> : null}
      {segments.isPending ? <Skeleton active /> : null}
      {segments.data ? <SegmentsList dbUuid={uuid} segments={segments.data} chosen={chosen} /> : null}
      {chosen && segments.isSuccess && !segment ? (
        <Alert
          type="warning"
          showIcon
          title="Сегмент не найден: он удалён или вам недоступен"
          action={
            <Link to={href.customSegmentation({ uuid })}>
              <Button size="small">Убрать из ссылки</Button>
            </Link>
          }
        />
      ) : null}
      {segment ? <SegmentAnimals key={segment.uuid} dbUuid={uuid} segment={segment} /> : null}
    </Flex>
  );
}
