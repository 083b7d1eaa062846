import { listAdminUsers } from "@nadoy/contract/admin-users";
import {
  type Business,
  createBusiness,
  createDatabase,
  createDtmEntry,
  createFarm,
  deleteBusiness,
  deleteDtmEntry,
  deleteFarm,
  type FarmWithCompany,
  getBusiness,
  getFarm,
  listBusinesses,
  listBusinessUsers,
  updateBusiness,
  updateDatabase,
  updateFarm,
} from "@nadoy/contract/business";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type CallOptions, callApi } from "../../shared/lib/api-client.ts";

// The business routes of contract business.ts (companies, farms, user databases, DTM codes,
// business users) and the users search of admin-users.ts for picking members.

export type BusinessesQuery = CallOptions<typeof listBusinesses>["query"];
export type BusinessUsersQuery = CallOptions<typeof listBusinessUsers>["query"];
export type UpdateBusinessBody = CallOptions<typeof updateBusiness>["body"];
export type CreateFarmBody = CallOptions<typeof createFarm>["body"];
export type UpdateFarmBody = CallOptions<typeof updateFarm>["body"];
export type CreateDatabaseBody = CallOptions<typeof createDatabase>["body"];
export type UpdateDatabaseBody = CallOptions<typeof updateDatabase>["body"];

const root = ["business"] as const;
const listKey = [...root, "list"] as const;
const businessKey = (uuid: string) => [...root, "company", uuid] as const;
const farmKey = (uuid: string) => [...root, "farm", uuid] as const;
const usersKey = [...root, "users"] as const;

/** GET admin/businesses/: one page of companies with their counts. */
export function useBusinesses(query: BusinessesQuery) {
  return useQuery({
    queryKey: [...listKey, query],
    queryFn: () => callApi(listBusinesses, { query }),
    placeholderData: keepPreviousData,
  });
}

/** GET admin/businesses/:uuid/: the company with its farms, members, databases and DTM codes. */
export function useBusiness(uuid: string | undefined) {
  return useQuery({
    queryKey: businessKey(uuid ?? ""),
    queryFn: () => callApi(getBusiness, { params: { uuid: uuid ?? "" } }),
    enabled: uuid !== undefined,
    retry: false,
  });
}

/** GET admin/farms/:uuid/. */
export function useFarm(uuid: string | undefined) {
  return useQuery({
    queryKey: farmKey(uuid ?? ""),
    queryFn: () => callApi(getFarm, { params: { uuid: uuid ?? "" } }),
    enabled: uuid !== undefined,
    retry: false,
  });
}

/** GET admin/business-users/: one page of business users. */
export function useBusinessUsers(query: BusinessUsersQuery) {
  return useQuery({
    queryKey: [...usersKey, query],
    queryFn: () => callApi(listBusinessUsers, { query }),
    placeholderData: keepPreviousData,
  });
}

/** Users to pick as members: the first page of GET admin/users/?q=. */
export function useUserSearch(q: string, enabled: boolean) {
  return useQuery({
    queryKey: [...root, "user-search", q],
    queryFn: () => callApi(listAdminUsers, { query: { q } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Companies to pick in a filter: the first page of GET admin/businesses/?q=. */
export function useCompanySearch(q: string) {
  return useQuery({
    queryKey: [...listKey, "search", q],
    queryFn: () => callApi(listBusinesses, { query: { q } }),
    placeholderData: keepPreviousData,
  });
}

/** A changed company: keep its answer, and every list (counts, business users) is stale. */
function useStoreBusiness() {
  const queryClient = useQueryClient();
  return (business: Business) => {
    queryClient.setQueryData(businessKey(business.uuid), business);
    void queryClient.invalidateQueries({ queryKey: listKey });
    void queryClient.invalidateQueries({ queryKey: usersKey });
  };
}

/** A changed farm, database or DTM code: its company (and the lists) are refetched. */
function useRefreshCompany() {
  const queryClient = useQueryClient();
  return (companyUuid: string) => {
    void queryClient.invalidateQueries({ queryKey: businessKey(companyUuid) });
    void queryClient.invalidateQueries({ queryKey: listKey });
    void queryClient.invalidateQueries({ queryKey: usersKey });
  };
}

export function useCreateBusiness() {
  const store = useStoreBusiness();
  return useMutation({
    mutationFn: (name: string) => callApi(createBusiness, { body: { name } }),
    onSuccess: store,
  });
}

export function useUpdateBusiness() {
  const store = useStoreBusiness();
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid: string; body: UpdateBusinessBody }) =>
      callApi(updateBusiness, { params: { uuid }, body }),
    onSuccess: store,
  });
}

export function useDeleteBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => callApi(deleteBusiness, { params: { uuid } }),
    onSuccess: (_, uuid) => {
      queryClient.removeQueries({ queryKey: businessKey(uuid) });
      void queryClient.invalidateQueries({ queryKey: listKey });
      void queryClient.invalidateQueries({ queryKey: usersKey });
    },
  });
}

function useStoreFarm() {
  const queryClient = useQueryClient();
  const refresh = useRefreshCompany();
  return (farm: FarmWithCompany) => {
    queryClient.setQueryData(farmKey(farm.uuid), farm);
    refresh(farm.company.uuid);
  };
}

export function useCreateFarm() {
  const store = useStoreFarm();
  return useMutation({
    mutationFn: ({ companyUuid, body }: { companyUuid: string; body: CreateFarmBody }) =>
      callApi(createFarm, { params: { uuid: companyUuid }, body }),
    onSuccess: store,
  });
}

export function useUpdateFarm() {
  const store = useStoreFarm();
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid: string; body: UpdateFarmBody }) =>
      callApi(updateFarm, { params: { uuid }, body }),
    onSuccess: store,
  });
}

export function useDeleteFarm() {
  const queryClient = useQueryClient();
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: ({ uuid }: { uuid: string; companyUuid: string }) => callApi(deleteFarm, { params: { uuid } }),
    onSuccess: (_, { uuid, companyUuid }) => {
      queryClient.removeQueries({ queryKey: farmKey(uuid) });
      refresh(companyUuid);
    },
  });
}

export function useCreateDatabase() {
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: ({ companyUuid, body }: { companyUuid: string; body: CreateDatabaseBody }) =>
      callApi(createDatabase, { params: { uuid: companyUuid }, body }),
    onSuccess: (_, { companyUuid }) => refresh(companyUuid),
  });
}

export function useUpdateDatabase() {
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid: string; companyUuid: string; body: UpdateDatabaseBody }) =>
      callApi(updateDatabase, { params: { uuid }, body }),
    onSuccess: (_, { companyUuid }) => refresh(companyUuid),
  });
}

export function useCreateDtm() {
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: ({ companyUuid, companyCode }: { companyUuid: string; companyCode: string }) =>
      callApi(createDtmEntry, { params: { uuid: companyUuid }, body: { company_code: companyCode } }),
    onSuccess: (_, { companyUuid }) => refresh(companyUuid),
  });
}

export function useDeleteDtm() {
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: ({ uuid }: { uuid: string; companyUuid: string }) => callApi(deleteDtmEntry, { params: { uuid } }),
    onSuccess: (_, { companyUuid }) => refresh(companyUuid),
  });
}
