import {
  exportMonitoringPoints,
  getMonitoringCatalog,
  getMonitoringPoints,
  getMonitoringStates,
  getPowerEnergy,
  getPowerOverview,
  type PowerEnergyQuery,
} from "@nadoy/contract/monitoring";
import {
  getPowerDays,
  getPowerPeriod,
  getPowerProfile,
  type PowerAveragesQuery,
} from "@nadoy/contract/monitoring-averages";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { callApi } from "../../shared/lib/api-client.ts";
import { downloadFile, saveBlob } from "../../shared/lib/api-file.ts";

// The routes of contract monitoring.ts the monitoring pages call.

const KEY = ["monitoring"] as const;

export interface RangeRequest {
  series: number[];
  from: string;
  to: string;
  width: number;
}

export function useMonitoringCatalog(dbUuid: string, enabled = true) {
  return useQuery({
    queryKey: [...KEY, dbUuid, "catalog"],
    queryFn: () => callApi(getMonitoringCatalog, { params: { db_uuid: dbUuid } }),
    enabled,
  });
}

const rangeQuery = (r: RangeRequest) => ({ series: r.series.join(","), from: r.from, to: r.to, width: r.width });

/** Chart points of the chosen series; nothing is asked while none is chosen. */
export function useMonitoringPoints(dbUuid: string, request: RangeRequest) {
  return useQuery({
    queryKey: [...KEY, dbUuid, "points", request],
    queryFn: () => callApi(getMonitoringPoints, { params: { db_uuid: dbUuid }, query: rangeQuery(request) }),
    placeholderData: keepPreviousData,
    enabled: request.series.length > 0,
  });
}

export function useMonitoringStates(dbUuid: string, request: RangeRequest) {
  return useQuery({
    queryKey: [...KEY, dbUuid, "states", request],
    queryFn: () => callApi(getMonitoringStates, { params: { db_uuid: dbUuid }, query: rangeQuery(request) }),
    placeholderData: keepPreviousData,
    enabled: request.series.length > 0,
  });
}

export function usePowerOverview(dbUuid: string) {
  return useQuery({
    queryKey: [...KEY, dbUuid, "power"],
    queryFn: () => callApi(getPowerOverview, { params: { db_uuid: dbUuid } }),
  });
}

export function usePowerEnergy(dbUuid: string, query: PowerEnergyQuery) {
  return useQuery({
    queryKey: [...KEY, dbUuid, "energy", query],
    queryFn: () => callApi(getPowerEnergy, { params: { db_uuid: dbUuid }, query }),
    placeholderData: keepPreviousData,
  });
}

/** Mean hourly kWh by local hour, weekdays and weekends apart. */
export function usePowerProfile(dbUuid: string, query: PowerAveragesQuery) {
  return useQuery({
    queryKey: [...KEY, dbUuid, "profile", query],
    queryFn: () => callApi(getPowerProfile, { params: { db_uuid: dbUuid }, query }),
    placeholderData: keepPreviousData,
  });
}

/** Mean daily kWh by weekday and by day of month. */
export function usePowerDays(dbUuid: string, query: PowerAveragesQuery) {
  return useQuery({
    queryKey: [...KEY, dbUuid, "days", query],
    queryFn: () => callApi(getPowerDays, { params: { db_uuid: dbUuid }, query }),
    placeholderData: keepPreviousData,
  });
}

/** kWh of the period and the previous one, with the company's cows. */
export function usePowerPeriod(dbUuid: string, query: PowerAveragesQuery) {
  return useQuery({
    queryKey: [...KEY, dbUuid, "period", query],
    queryFn: () => callApi(getPowerPeriod, { params: { db_uuid: dbUuid }, query }),
    placeholderData: keepPreviousData,
  });
}

/** GET …/points/export/ with the chart's request, saved as `fileName`. */
export function useExportMonitoringPoints(dbUuid: string) {
  return useMutation({
    mutationFn: async ({ request, fileName }: { request: RangeRequest; fileName: string }) => {
      const blob = await downloadFile(exportMonitoringPoints, {
        params: { db_uuid: dbUuid },
        query: rangeQuery(request),
      });
      saveBlob(blob, fileName);
    },
  });
}
