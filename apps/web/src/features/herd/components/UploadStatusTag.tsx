import { HERD_UPLOAD_STATUS_LABELS, type HerdUploadStatus } from "@nadoy/contract/herd";
import { Tag } from "antd";

const STATUS_COLORS: Record<HerdUploadStatus, string> = {
  staged: "default",
  committed: "green",
  failed: "red",
  cancelled: "default",
};

/** How an upload ended: «Записан» in green, «Ошибка» in red, the others plain. */
export function UploadStatusTag({ status }: { status: HerdUploadStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{HERD_UPLOAD_STATUS_LABELS[status]}</Tag>;
}
