import { DownloadOutlined } from "@ant-design/icons";
import { HERD_SPREADSHEET_KIND_LABELS, type HerdSpreadsheetKind } from "@nadoy/contract/herd-spreadsheet";
import { Button } from "antd";
import { useApiErrorToast } from "../../../shared/hooks/use-api-error-toast.ts";
import { useDownloadHerdTemplate } from "../api.ts";

/** «Скачать шаблон»: the kind's XLSX template (its second sheet explains each column). */
export function TemplateDownloadButton({ kind, type }: { kind: HerdSpreadsheetKind; type?: "link" | "default" }) {
  const download = useDownloadHerdTemplate();
  const toast = useApiErrorToast();
  return (
    <Button
      type={type}
      icon={<DownloadOutlined />}
      loading={download.isPending}
      aria-label={`Скачать шаблон «${HERD_SPREADSHEET_KIND_LABELS[kind]}»`}
      onClick={() => download.mutate(kind, { onError: toast })}
    >
      Скачать шаблон
    </Button>
  );
}
