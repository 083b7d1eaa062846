import { listBusinesses } from "@nadoy/contract/business";
import {
  type AdminIframeGroup,
  type AdminReport,
  createIframeGroup,
  createReport,
  deleteIframeGroup,
  deleteReport,
  getReportEmbed,
  getReportsPortal,
  getUserReportGroups,
  listAdminIframeGroups,
  listAdminReports,
  updateIframeGroup,
  updateReport,
} from "@nadoy/contract/reports";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type CallOptions, callApi } from "../../shared/lib/api-client.ts";

// The routes of contract reports.ts: the reports portal (readers), embeds, and the admins'
// catalogue of reports and iframe groups.

export type CreateReportBody = CallOptions<typeof createReport>["body"];
export type UpdateReportBody = CallOptions<typeof updateReport>["body"];
export type CreateIframeGroupBody = CallOptions<typeof createIframeGroup>["body"];
export type UpdateIframeGroupBody = CallOptions<typeof updateIframeGroup>["body"];

const reportsKey = ["reports"] as const;
const portalKey = [...reportsKey, "portal"] as const;
const embedKey = (uuid: string) => [...reportsKey, "embed", uuid] as const;
const adminReportsKey = [...reportsKey, "admin", "reports"] as const;
const adminGroupsKey = [...reportsKey, "admin", "groups"] as const;

/** GET /api/reports/ — the reports the caller may open and their groups. */
export function useReportsPortal() {
  return useQuery({ queryKey: portalKey, queryFn: () => callApi(getReportsPortal) });
}

/**
 * GET /api/reports/:uuid/embed/ — what the iframe opens. Never served from an old cache: a signed
 * URL expires, so a page opened again asks for a fresh one (ReportEmbedFrame refetches it before
 * `expires_at` while the page stays open).
 */
export function useReportEmbed(uuid: string) {
  return useQuery({
    queryKey: embedKey(uuid),
    queryFn: () => callApi(getReportEmbed, { params: { uuid } }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** GET /api/reports/users/:id/groups/ — a user's report groups (the user themselves or an admin). */
export function useUserReportGroups(id: number | null) {
  return useQuery({
    queryKey: [...reportsKey, "user-groups", id ?? 0],
    queryFn: () => callApi(getUserReportGroups, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}

// ---- admins ----

/** Every change to the catalogue: the admin lists, the portal and the open embeds are stale. */
function useInvalidateReports() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: reportsKey });
}

export function useAdminReports() {
  return useQuery({ queryKey: adminReportsKey, queryFn: () => callApi(listAdminReports) });
}

export function useCreateReport() {
  const invalidate = useInvalidateReports();
  return useMutation({
    mutationFn: (body: CreateReportBody) => callApi(createReport, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateReport() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateReports();
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid: string; body: UpdateReportBody }) =>
      callApi(updateReport, { params: { uuid }, body }),
    onSuccess: (report: AdminReport) => {
      queryClient.setQueryData<AdminReport[]>(adminReportsKey, (list) =>
        list?.map((item) => (item.uuid === report.uuid ? report : item)),
      );
      invalidate();
    },
  });
}

export function useDeleteReport() {
  const invalidate = useInvalidateReports();
  return useMutation({
    mutationFn: (uuid: string) => callApi(deleteReport, { params: { uuid } }),
    onSuccess: invalidate,
  });
}

export function useAdminIframeGroups() {
  return useQuery({ queryKey: adminGroupsKey, queryFn: () => callApi(listAdminIframeGroups) });
}

export function useCreateIframeGroup() {
  const invalidate = useInvalidateReports();
  return useMutation({
    mutationFn: (body: CreateIframeGroupBody) => callApi(createIframeGroup, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateIframeGroup() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateReports();
  return useMutation({
    mutationFn: ({ pk, body }: { pk: number; body: UpdateIframeGroupBody }) =>
      callApi(updateIframeGroup, { params: { pk }, body }),
    onSuccess: (group: AdminIframeGroup) => {
      queryClient.setQueryData<AdminIframeGroup[]>(adminGroupsKey, (list) =>
        list?.map((item) => (item.pk === group.pk ? group : item)),
      );
      invalidate();
    },
  });
}

export function useDeleteIframeGroup() {
  const invalidate = useInvalidateReports();
  return useMutation({
    mutationFn: (pk: number) => callApi(deleteIframeGroup, { params: { pk } }),
    onSuccess: invalidate,
  });
}

/** The companies a superuser may tie a report to: GET admin/businesses/?q= (first page). */
export function useBusinessSearch(q: string) {
  return useQuery({
    queryKey: ["report-companies", q],
    queryFn: () => callApi(listBusinesses, { query: { q } }),
    placeholderData: keepPreviousData,
  });
}
