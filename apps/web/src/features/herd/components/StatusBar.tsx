import { HERD_ANIMAL_STATUS_LABELS, HERD_ANIMAL_STATUSES, type HerdDataset } from "@nadoy/contract/herd";
import { Flex, Tag, theme } from "antd";
import { HERD_STATUS_COLORS } from "../../../shared/herd/HerdStatusTag.tsx";

type ByStatus = HerdDataset["animals_by_status"];

/** antd's preset colour names as the theme's colours, for the bar's segments. */
function segmentColor(token: ReturnType<typeof theme.useToken>["token"], name: string): string {
  const colors: Record<string, string> = {
    blue: token.blue,
    gold: token.gold,
    green: token.green,
    red: token.red,
    default: token.colorTextQuaternary,
  };
  return colors[name] ?? token.colorTextQuaternary;
}

/** The animals of a database by status: a thin bar of their shares and a tag with each count. */
export function StatusBar({ byStatus }: { byStatus: ByStatus }) {
  const { token } = theme.useToken();
  const present = HERD_ANIMAL_STATUSES.filter((status) => (byStatus[status] ?? 0) > 0);
  const total = present.reduce((sum, status) => sum + (byStatus[status] ?? 0), 0);
  if (total === 0) return <Tag>Животных нет</Tag>;
  return (
    <Flex vertical gap={6}>
      <div aria-hidden style={{ display: "flex", height: 8, borderRadius: 4, overflow: "hidden" }}>
        {present.map((status) => (
          <div
            key={status}
            style={{
              flexGrow: byStatus[status] ?? 0,
              background: segmentColor(token, HERD_STATUS_COLORS[status]),
            }}
          />
        ))}
      </div>
      <Flex wrap gap={4}>
        {present.map((status) => (
          <Tag key={status} color={HERD_STATUS_COLORS[status]}>
            {HERD_ANIMAL_STATUS_LABELS[status]}: {(byStatus[status] ?? 0).toLocaleString("ru-RU")}
          </Tag>
        ))}
      </Flex>
    </Flex>
  );
}
