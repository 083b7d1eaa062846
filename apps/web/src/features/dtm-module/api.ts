import { type DtmExportQuery, type DtmTransfersQuery, exportDtmTransfers, getDtmTransfers } from "@nadoy/contract/dtm";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { callApi } from "../../shared/lib/api-client.ts";
import { downloadFile, saveBlob } from "../../shared/lib/api-file.ts";

// The routes of contract dtm.ts the DTM module page calls.

/** An entry's transfers for the filter: the previous page stays on screen while the next loads. */
export function useDtmTransfers(uuid: string | undefined, query: DtmTransfersQuery) {
  return useQuery({
    queryKey: ["dtm", uuid, query],
    queryFn: () => callApi(getDtmTransfers, { params: { uuid: uuid ?? "" }, query }),
    enabled: Boolean(uuid),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The filtered transfers as XLSX, saved as «Передачи <код> <from> — <to>.xlsx». */
export function useExportDtm(uuid: string, code: string) {
  return useMutation({
    mutationFn: async (query: DtmExportQuery) => {
      const blob = await downloadFile(exportDtmTransfers, { params: { uuid }, query });
      saveBlob(blob, `Передачи ${code} ${query.from} — ${query.to}.xlsx`);
    },
  });
}
