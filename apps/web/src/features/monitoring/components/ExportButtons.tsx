import { DownloadOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useState } from "react";
import { useApiErrorToast } from "../../../shared/hooks/use-api-error-toast.ts";
import { saveBlob } from "../../../shared/lib/api-file.ts";
import { type Cell, saveCsv } from "../lib/csv.ts";
import { toXlsx, XLSX_TYPE } from "../lib/xlsx.ts";

interface ExportButtonsProps {
  /** The table on screen, its header first; read on click, so a page builds it only when asked. */
  rows: () => Cell[][];
  /** Without extension (lib/csv.ts exportFileName). */
  fileName: string;
  disabled?: boolean;
  /**
   * A workbook the server builds with more than the table (several sheets): the XLSX button asks
   * for it instead of writing the rows.
   */
  serverXlsx?: { onClick: () => void; loading: boolean };
}

/** «CSV» and «XLSX» of what a monitoring page shows: the one way every monitoring page exports. */
export function ExportButtons({ rows, fileName, disabled, serverXlsx }: ExportButtonsProps) {
  const [writing, setWriting] = useState(false);
  const showFailure = useApiErrorToast();
  const writeXlsx = async () => {
    setWriting(true);
    try {
      saveBlob(new Blob([await toXlsx(rows())], { type: XLSX_TYPE }), `${fileName}.xlsx`);
    } catch (error) {
      showFailure(error);
    } finally {
      setWriting(false);
    }
  };
  return (
    <>
      <Button icon={<DownloadOutlined />} disabled={disabled} onClick={() => saveCsv(rows(), `${fileName}.csv`)}>
        CSV
      </Button>
      <Button
        icon={<DownloadOutlined />}
        disabled={disabled}
        loading={serverXlsx ? serverXlsx.loading : writing}
        onClick={serverXlsx ? serverXlsx.onClick : writeXlsx}
      >
        XLSX
      </Button>
    </>
  );
}
