import {
  type AdminUser,
  createAdminUser,
  getAdminUser,
  listAdminRoles,
  listAdminUsers,
  listAudit,
  resetAdminUserPassword,
  updateAdminUser,
} from "@nadoy/contract/admin-users";
import { getBusiness } from "@nadoy/contract/business";
import { listAdminIframeGroups, listAdminReports } from "@nadoy/contract/reports";
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { type CallOptions, callApi } from "../../shared/lib/api-client.ts";

// The administration routes of contract admin-users.ts: users, roles, the audit log.

export type UsersQuery = CallOptions<typeof listAdminUsers>["query"];
export type AuditQuery = CallOptions<typeof listAudit>["query"];
export type CreateUserBody = CallOptions<typeof createAdminUser>["body"];
export type UpdateUserBody = CallOptions<typeof updateAdminUser>["body"];

const usersKey = ["admin", "users"] as const;
const userKey = (id: number) => ["admin", "user", id] as const;

/** GET admin/users/: one page; the previous page stays on screen while the next one loads. */
export function useAdminUsers(query: UsersQuery) {
  return useQuery({
    queryKey: [...usersKey, query],
    queryFn: () => callApi(listAdminUsers, { query }),
    placeholderData: keepPreviousData,
  });
}

/** GET admin/users/:id/ — the whole user (names, modules) for the edit drawer. */
export function useAdminUser(id: number | null) {
  return useQuery({
    queryKey: userKey(id ?? 0),
    queryFn: () => callApi(getAdminUser, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    retry: false,
  });
}

/** After a save the answer is the user; the lists (and the roles' counts) are stale. */
function useStoreUser() {
  const queryClient = useQueryClient();
  return (user: AdminUser) => {
    queryClient.setQueryData(userKey(user.id), user);
    void queryClient.invalidateQueries({ queryKey: usersKey });
    void queryClient.invalidateQueries({ queryKey: rolesKey });
  };
}

export function useCreateAdminUser() {
  const store = useStoreUser();
  return useMutation({
    mutationFn: (body: CreateUserBody) => callApi(createAdminUser, { body }),
    onSuccess: store,
  });
}

export function useUpdateAdminUser() {
  const store = useStoreUser();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateUserBody }) =>
      callApi(updateAdminUser, { params: { id }, body }),
    onSuccess: store,
  });
}

export function useResetAdminUserPassword() {
  return useMutation({ mutationFn: (id: number) => callApi(resetAdminUserPassword, { params: { id } }) });
}

const rolesKey = ["admin", "roles"] as const;

export function useAdminRoles() {
  return useQuery({ queryKey: rolesKey, queryFn: () => callApi(listAdminRoles) });
}

export function useAudit(query: AuditQuery) {
  return useQuery({
    queryKey: ["admin", "audit", query],
    queryFn: () => callApi(listAudit, { query }),
    placeholderData: keepPreviousData,
  });
}

/** The users search of the audit filter: the first page of GET admin/users/?q=. */
export function useUserSearch(q: string, enabled: boolean) {
  return useQuery({
    queryKey: [...usersKey, "search", q],
    queryFn: () => callApi(listAdminUsers, { query: { q } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

// ---- what the user drawer offers under «Доступ» ----

/** GET admin/businesses/:uuid/ for each company picked in the form: their farms and databases. */
export function useCompaniesOf(uuids: readonly string[]) {
  return useQueries({
    queries: uuids.map((uuid) => ({
      queryKey: ["admin", "business", uuid] as const,
      queryFn: () => callApi(getBusiness, { params: { uuid } }),
      retry: false,
    })),
  });
}

/** GET admin/reports/: every report, for the reports the user is given. */
export function useReportOptions() {
  return useQuery({ queryKey: ["admin", "reports"], queryFn: () => callApi(listAdminReports) });
}

/** GET admin/iframe-groups/: every report group, for the groups the user is given. */
export function useIframeGroupOptions() {
  return useQuery({ queryKey: ["admin", "iframe-groups"], queryFn: () => callApi(listAdminIframeGroups) });
}
