import { DownloadOutlined } from "@ant-design/icons";
import { HERD_REFUSED_FILE_FORMATS } from "@nadoy/contract/herd";
import { Button, Flex, Typography } from "antd";
import { useApiErrorToast } from "../../../shared/hooks/use-api-error-toast.ts";
import { useDownloadRefusedRows } from "../api.ts";

export interface RefusedRowsFile {
  uploadUuid: string;
  /** The uploaded file's name: the download is named after it. */
  fileName: string;
}

/** «Скачать все строки с ошибками: CSV · XLSX» — every refused row, not only those on screen. */
export function RefusedRowsDownload({ uploadUuid, fileName }: RefusedRowsFile) {
  const download = useDownloadRefusedRows();
  const toast = useApiErrorToast();
  const pending = download.isPending ? download.variables?.format : undefined;
  return (
    <Flex gap={4} align="center" wrap>
      <Typography.Text>Скачать все строки с ошибками:</Typography.Text>
      {HERD_REFUSED_FILE_FORMATS.map((format) => (
        <Button
          key={format}
          type="link"
          size="small"
          icon={<DownloadOutlined />}
          loading={pending === format}
          disabled={download.isPending && pending !== format}
          aria-label={`Скачать все строки с ошибками в ${format.toUpperCase()}`}
          onClick={() => download.mutate({ uploadUuid, fileName, format }, { onError: toast })}
        >
          {format.toUpperCase()}
        </Button>
      ))}
    </Flex>
  );
}
