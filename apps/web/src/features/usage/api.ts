import { getAdminUser, listAdminUsers } from "@nadoy/contract/admin-users";
import { exportUsageReport, getDatabaseAnalytics, getUsageReport, type UsageQuery } from "@nadoy/contract/usage";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { callApi } from "../../shared/lib/api-client.ts";
import { downloadFile, saveBlob } from "../../shared/lib/api-file.ts";

// The routes of contract usage.ts (usage report, its XLSX, user databases' uploads), and the
// admins' user search for the user filter.

/** GET admin/usage/: the previous figures stay on screen while new filters load. */
export function useUsageReport(query: UsageQuery) {
  return useQuery({
    queryKey: ["usage", "report", query],
    queryFn: () => callApi(getUsageReport, { query }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET admin/usage/export/ with the report's filters, saved as «Посещаемость <from> — <to>.xlsx». */
export function useExportUsage() {
  return useMutation({
    mutationFn: async (query: UsageQuery) => {
      const blob = await downloadFile(exportUsageReport, { params: undefined, query });
      saveBlob(blob, `Посещаемость ${query.from} — ${query.to}.xlsx`);
    },
  });
}

export function useDatabaseAnalytics() {
  return useQuery({ queryKey: ["usage", "databases"], queryFn: () => callApi(getDatabaseAnalytics) });
}

/** The user filter's search: the first page of GET admin/users/?q=. */
export function useUserSearch(q: string, enabled: boolean) {
  return useQuery({
    queryKey: ["usage", "users", q],
    queryFn: () => callApi(listAdminUsers, { query: { q } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The user of a filter opened from a link (only its id is in the URL): for its name. */
export function useFilterUser(id: number | undefined) {
  return useQuery({
    queryKey: ["usage", "user", id],
    queryFn: () => callApi(getAdminUser, { params: { id: id ?? 0 } }),
    enabled: id !== undefined,
    retry: false,
  });
}
