import { getHerdSettings, type HerdSettingsInput, updateHerdSettings } from "@nadoy/contract/herd-settings";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../shared/lib/api-client.ts";

// A herd database's settings (contract herd-settings.ts): the VWP report 4 counts its cycles from.

const settingsKey = (dbUuid: string) => ["herd", dbUuid, "settings"] as const;

export function useHerdSettings(dbUuid: string, enabled: boolean) {
  return useQuery({
    queryKey: settingsKey(dbUuid),
    queryFn: () => callApi(getHerdSettings, { params: { db_uuid: dbUuid } }),
    enabled,
  });
}

/** Saves the settings; the database's reports are counted again with them. */
export function useSaveHerdSettings(dbUuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: HerdSettingsInput) => callApi(updateHerdSettings, { params: { db_uuid: dbUuid }, body: input }),
    onSuccess: (saved) => {
      client.setQueryData(settingsKey(dbUuid), saved);
      void client.invalidateQueries({ queryKey: ["herd", "reports", dbUuid] });
    },
  });
}
