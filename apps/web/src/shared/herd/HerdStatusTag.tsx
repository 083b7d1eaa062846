import { HERD_ANIMAL_STATUS_LABELS, type HerdAnimalStatus } from "@nadoy/contract/herd";
import { Tag } from "antd";

/** One colour per status, the same on every herd page. */
export const HERD_STATUS_COLORS: Record<HerdAnimalStatus, string> = {
  milking: "blue",
  dry: "gold",
  heifer: "green",
  sold: "default",
  died: "red",
};

export function HerdStatusTag({ status }: { status: HerdAnimalStatus }) {
  return <Tag color={HERD_STATUS_COLORS[status]}>{HERD_ANIMAL_STATUS_LABELS[status]}</Tag>;
}
