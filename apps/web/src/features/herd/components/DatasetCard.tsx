import { HERD_UPLOAD_STATUS_LABELS, type HerdDataset } from "@nadoy/contract/herd";
import { Button, Card, Descriptions, Flex, Tooltip, Typography } from "antd";
import { formatDay, formatNumber } from "../../../shared/herd/herd-format.ts";
import { href } from "../../../shared/routes/href.ts";
import { RouterButtonLink } from "../../../shared/ui/RouterButtonLink.tsx";
import { formatMoment, updatedAgo } from "../lib/freshness.ts";
import { StatusBar } from "./StatusBar.tsx";

type Range = HerdDataset["events"];

/** «1 234, с 01.02.2025 по 25.11.2026», or «нет». */
function rangeText(range: Range): string {
  if (range.count === 0) return "нет";
  return `${formatNumber(range.count)}, с ${formatDay(range.from)} по ${formatDay(range.to)}`;
}

function LastUpload({ dataset }: { dataset: HerdDataset }) {
  const last = dataset.last_upload;
  if (!last) return <Typography.Text type="secondary">Данные ещё не загружались</Typography.Text>;
  const at = last.committed_at ?? last.created_at;
  return (
    <Tooltip title={formatMoment(at)}>
      <span>
        {updatedAgo(at)} · {last.file_name} · {HERD_UPLOAD_STATUS_LABELS[last.status]}
      </span>
    </Tooltip>
  );
}

/** One herd database: what it holds, how fresh, and where to go from here. */
export function DatasetCard({ dataset, onHistory }: { dataset: HerdDataset; onHistory: () => void }) {
  const owner = dataset.farm ? `${dataset.company.name}, ${dataset.farm.name}` : dataset.company.name;
  return (
    <Card
      size="small"
      title={dataset.name}
      extra={
        dataset.can_upload ? (
          <RouterButtonLink type="primary" size="small" to={`${href.dc305Upload()}?db=${dataset.uuid}`}>
            Загрузить данные
          </RouterButtonLink>
        ) : null
      }
    >
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">{owner}</Typography.Text>
        <StatusBar byStatus={dataset.animals_by_status} />
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: "events", label: "События", children: rangeText(dataset.events) },
            { key: "tests", label: "Контрольные дойки", children: rangeText(dataset.test_days) },
            { key: "last", label: "Последняя загрузка", children: <LastUpload dataset={dataset} /> },
          ]}
        />
        <Flex gap="small" wrap>
          <RouterButtonLink to={href.herdAnimals({ uuid: dataset.uuid })}>Животные</RouterButtonLink>
          {dataset.can_upload ? (
            <RouterButtonLink to={href.bsUpload({ uuid: dataset.uuid })}>Загрузить таблицу</RouterButtonLink>
          ) : null}
          <Button onClick={onHistory}>История загрузок</Button>
        </Flex>
      </Flex>
    </Card>
  );
}
