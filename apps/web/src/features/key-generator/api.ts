import { type CreateKeyInput, createKey, getKeygenWorkspace, revokeKey } from "@nadoy/contract/keys";
import { useQuery } from "@tanstack/react-query";
import { callApi } from "../../shared/lib/api-client.ts";

// The routes of contract keys.ts the key generator page calls.

export const keygenQueryKey = (uuid: string) => ["keys", "workspace", uuid] as const;

export function useKeygenWorkspace(uuid: string | undefined) {
  return useQuery({
    queryKey: keygenQueryKey(uuid ?? ""),
    queryFn: () => callApi(getKeygenWorkspace, { params: { uuid: uuid ?? "" } }),
    enabled: Boolean(uuid),
  });
}

export function createApiKey(workspaceUuid: string, body: CreateKeyInput) {
  return callApi(createKey, { params: { uuid: workspaceUuid }, body });
}

export function revokeApiKey(keyUuid: string) {
  return callApi(revokeKey, { params: { uuid: keyUuid } });
}
