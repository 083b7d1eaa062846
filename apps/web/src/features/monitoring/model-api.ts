import {
  createMonitoringDevice,
  createMonitoringSeries,
  createMonitoringSite,
  createMonitoringSubstation,
  deleteMonitoringDevice,
  deleteMonitoringSeries,
  deleteMonitoringSite,
  deleteMonitoringSubstation,
  getMonitoringModel,
  type MonitoringDeleted,
  type MonitoringDeviceInput,
  type MonitoringSeriesInput,
  type MonitoringSiteInput,
  type MonitoringSubstationInput,
  updateMonitoringDevice,
  updateMonitoringSeries,
  updateMonitoringSite,
  updateMonitoringSubstation,
} from "@nadoy/contract/monitoring-model";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../shared/lib/api-client.ts";

// The routes of contract monitoring-model.ts: the «Схема площадки» drawer. Every change refetches
// everything of the database (["monitoring", uuid]: the model, the catalog, charts, power), so
// a new series shows on the pages at once and a deleted one leaves them.

export const monitoringDatabaseKey = (dbUuid: string) => ["monitoring", dbUuid] as const;

export function useMonitoringModel(dbUuid: string, enabled: boolean) {
  return useQuery({
    queryKey: [...monitoringDatabaseKey(dbUuid), "model"],
    queryFn: () => callApi(getMonitoringModel, { params: { db_uuid: dbUuid } }),
    enabled,
  });
}

export type ModelPart = "site" | "device" | "substation" | "series";

const at = (dbUuid: string, id: number) => ({ db_uuid: dbUuid, id });

/** Creates a site (no id) or changes one. */
export const saveSite = (dbUuid: string, id: number | null, body: MonitoringSiteInput) =>
  id === null
    ? callApi(createMonitoringSite, { params: { db_uuid: dbUuid }, body })
    : callApi(updateMonitoringSite, { params: at(dbUuid, id), body });

export const saveDevice = (dbUuid: string, id: number | null, body: MonitoringDeviceInput) =>
  id === null
    ? callApi(createMonitoringDevice, { params: { db_uuid: dbUuid }, body })
    : callApi(updateMonitoringDevice, { params: at(dbUuid, id), body });

export const saveSubstation = (dbUuid: string, id: number | null, body: MonitoringSubstationInput) =>
  id === null
    ? callApi(createMonitoringSubstation, { params: { db_uuid: dbUuid }, body })
    : callApi(updateMonitoringSubstation, { params: at(dbUuid, id), body });

export const saveSeries = (dbUuid: string, id: number | null, body: MonitoringSeriesInput) =>
  id === null
    ? callApi(createMonitoringSeries, { params: { db_uuid: dbUuid }, body })
    : callApi(updateMonitoringSeries, { params: at(dbUuid, id), body });

const DELETE_ROUTES = {
  site: deleteMonitoringSite,
  device: deleteMonitoringDevice,
  substation: deleteMonitoringSubstation,
  series: deleteMonitoringSeries,
} as const;

/** Deletes a part with what hangs on it; the answer counts what went. */
export function deleteModelPart(dbUuid: string, part: ModelPart, id: number): Promise<MonitoringDeleted> {
  return callApi(DELETE_ROUTES[part], { params: at(dbUuid, id) });
}

/** A mutation that refetches the database's queries when it succeeds. */
export function useModelMutation<V, R>(dbUuid: string, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: monitoringDatabaseKey(dbUuid) }),
  });
}
