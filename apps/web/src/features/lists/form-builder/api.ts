import { type FormDefinition, listFormRoute, publishFormRoute, saveFormRoute } from "@nadoy/contract/lists";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../../shared/lib/api-client.ts";
import type { FormDraftBody } from "./draft.ts";

export const listFormQueryKey = (listUuid: string) => ["tableLists", "lists", listUuid, "form"] as const;

/** GET tableLists/lists/:uuid/form/ — the list's form (an empty unpublished one at first). */
export function useListForm(listUuid: string) {
  return useQuery({
    queryKey: listFormQueryKey(listUuid),
    queryFn: () => callApi(listFormRoute, { params: { uuid: listUuid } }),
  });
}

/** PUT tableLists/lists/:uuid/form/ — header, conclusion and every element at once. */
export function useSaveForm(listUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FormDraftBody) => callApi(saveFormRoute, { params: { uuid: listUuid }, body }),
    onSuccess: (form: FormDefinition) => queryClient.setQueryData(listFormQueryKey(listUuid), form),
  });
}

/** POST tableLists/lists/:uuid/form/publish/ — publish or take down (the link stays the same). */
export function usePublishForm(listUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (published: boolean) => callApi(publishFormRoute, { params: { uuid: listUuid }, body: { published } }),
    onSuccess: (form: FormDefinition) => queryClient.setQueryData(listFormQueryKey(listUuid), form),
  });
}
