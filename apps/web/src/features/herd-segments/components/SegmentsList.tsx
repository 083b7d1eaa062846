import type { HerdSegment } from "@nadoy/contract/herd-segments";
import { Flex, List, Tag, Typography } from "antd";
import { Link } from "react-router";
import { animalsCount } from "../../../shared/herd/animals-count.ts";
import { href } from "../../../shared/routes/href.ts";

interface SegmentsListProps {
  dbUuid: string;
  segments: HerdSegment[];
  chosen: string | undefined;
}

/** The database's segments: name (opens its animals), its animals today, rule text, owner, shared and active tags. */
export function SegmentsList({ dbUuid, segments, chosen }: SegmentsListProps) {
  return (
    <List
      size="small"
      bordered
      dataSource={segments}
      locale={{ emptyText: "Сегментов пока нет" }}
      renderItem={(segment) => (
        <List.Item
          style={segment.uuid === chosen ? { background: "var(--nadoy-color-primary-bg)" } : undefined}
          actions={[
            <Link key="edit" to={builderHref(dbUuid, segment.uuid)}>
              {segment.editable ? "Изменить" : "Открыть в редакторе"}
            </Link>,
          ]}
        >
          <Flex vertical gap={2}>
            <Flex gap="small" wrap align="center">
              <Link to={href.customSegmentation({ uuid: dbUuid, segment: segment.uuid })}>
                <Typography.Text strong>{segment.name}</Typography.Text>
              </Link>
              {segment.count !== undefined ? (
                <Typography.Text type="secondary">{animalsCount(segment.count)}</Typography.Text>
              ) : null}
              {segment.shared ? <Tag color="blue">Общий</Tag> : <Tag>Личный</Tag>}
              {segment.active ? null : <Tag color="default">Неактивен</Tag>}
            </Flex>
            <Typography.Text code>{segment.text || "все животные"}</Typography.Text>
            {segment.owner ? <Typography.Text type="secondary">Автор: {segment.owner.name}</Typography.Text> : null}
          </Flex>
        </List.Item>
      )}
    />
  );
}

/** The builder for a database (and a segment to edit). */
export function builderHref(dbUuid: string, segmentUuid?: string): string {
  const query = new URLSearchParams({ db: dbUuid, ...(segmentUuid ? { segment: segmentUuid } : {}) });
  return `${href.customSegmentationEdit()}?${query}`;
}
