import { listHerdDatasets } from "@nadoy/contract/herd";
import {
  exportHerdReport,
  getHerdReport,
  type HerdReportNumber,
  type HerdReportQuery,
  listHerdReportAnimals,
} from "@nadoy/contract/herd-reports";
import { listHerdSegments } from "@nadoy/contract/herd-segments";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { callApi } from "../../shared/lib/api-client.ts";
import { downloadFile, saveBlob } from "../../shared/lib/api-file.ts";

// The routes of contract herd-reports.ts the report page calls, and the database's saved segments.

const REPORTS = ["herd", "reports"] as const;

/** One report with its filters; the previous figures stay on screen while new filters load. */
export function useHerdReport(dbUuid: string, n: HerdReportNumber, query: HerdReportQuery, enabled: boolean) {
  return useQuery({
    queryKey: [...REPORTS, dbUuid, n, query],
    queryFn: () => callApi(getHerdReport, { params: { db_uuid: dbUuid, n }, query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One page of the animals behind a number; nothing is asked while no number is chosen. */
export function useHerdReportAnimals(dbUuid: string, n: HerdReportNumber, drill: string | null, page: number) {
  return useQuery({
    queryKey: [...REPORTS, dbUuid, n, "animals", drill, page],
    queryFn: () =>
      callApi(listHerdReportAnimals, { params: { db_uuid: dbUuid, n }, query: { drill: drill ?? "", page } }),
    placeholderData: keepPreviousData,
    enabled: drill !== null,
  });
}

export function useHerdSegments(dbUuid: string, enabled: boolean) {
  return useQuery({
    queryKey: ["herd", dbUuid, "segments"],
    queryFn: () => callApi(listHerdSegments, { params: { db_uuid: dbUuid } }),
    enabled,
  });
}

/** GET …/reports/{n}/export/ with the report's query, saved under the page's name (exportFileName). */
export function useExportHerdReport(dbUuid: string, n: HerdReportNumber) {
  return useMutation({
    mutationFn: async ({ query, fileName }: { query: HerdReportQuery; fileName: string }) => {
      const blob = await downloadFile(exportHerdReport, { params: { db_uuid: dbUuid, n }, query });
      saveBlob(blob, fileName);
    },
  });
}

/** The user's herd databases with their animal counts: whether this one has any animals yet. */
export function useHerdDatasetCounts(enabled: boolean) {
  return useQuery({ queryKey: ["herd", "datasets"], queryFn: () => callApi(listHerdDatasets), enabled });
}
