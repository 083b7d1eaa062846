import { Result } from "antd";
import { useParams } from "react-router";
import { REPORT_NOT_FOUND, ReportEmbedFrame } from "../components/ReportEmbedFrame.tsx";
import { isReportUuid } from "../lib/report-uuid.ts";

/** /report/:id — one report of the portal, embedded. */
export function ReportPage() {
  const { id } = useParams();
  if (!isReportUuid(id)) return <Result status="404" title={REPORT_NOT_FOUND} />;
  return <ReportEmbedFrame key={id} uuid={id} />;
}
