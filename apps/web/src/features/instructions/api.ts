import {
  createInstruction,
  deleteInstruction,
  getInstruction,
  type InstructionInput,
  listInstructions,
  type ManagedInstruction,
  manageInstruction,
  manageInstructionsList,
  reorderInstructions,
  updateInstruction,
} from "@nadoy/contract/instructions";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../shared/lib/api-client.ts";

// Every route of contract instructions.ts: the readers' list and article, the editors' list,
// article, create, update, delete and order.

export type ManagedInstructionRow = Omit<ManagedInstruction, "body" | "attachments">;

const readersKey = ["instructions", "read"] as const;
const readersListKey = (q: string) => [...readersKey, "list", q] as const;
const readerKey = (uuid: string) => [...readersKey, "item", uuid] as const;
const managedListKey = ["instructions", "manage"] as const;
const managedKey = (uuid: string) => [...managedListKey, uuid] as const;
const reorderKey = ["instructions", "reorder"] as const;

/** GET /api/instructions/?q= — the caller's articles in the editors' order (best matches first with `q`). */
export function useInstructions(q: string, enabled = true) {
  const query = q.trim();
  return useQuery({
    queryKey: readersListKey(query),
    queryFn: () => callApi(listInstructions, { query: { q: query } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/instructions/:uuid/ — one article with its files (404 outside the caller's audience). */
export function useInstruction(uuid: string | null) {
  return useQuery({
    queryKey: readerKey(uuid ?? ""),
    queryFn: () => callApi(getInstruction, { params: { uuid: uuid ?? "" } }),
    enabled: uuid !== null,
    retry: false,
  });
}

/** GET /api/manage/instructions/ — every article (drafts too) in order, without bodies. */
export function useManagedInstructions() {
  return useQuery({ queryKey: managedListKey, queryFn: () => callApi(manageInstructionsList) });
}

/** GET /api/manage/instructions/:uuid/ — one article with its body, audience and files, for the form. */
export function useManagedInstruction(uuid: string) {
  return useQuery({
    queryKey: managedKey(uuid),
    queryFn: () => callApi(manageInstruction, { params: { uuid } }),
    retry: false,
  });
}

/** After any change the editors' list and every reader's copy are refetched. */
function useRefetchAfterChange() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: managedListKey, exact: true });
    void queryClient.invalidateQueries({ queryKey: readersKey });
  };
}

function useStoreManaged() {
  const queryClient = useQueryClient();
  const refetch = useRefetchAfterChange();
  return (item: ManagedInstruction) => {
    queryClient.setQueryData(managedKey(item.uuid), item);
    refetch();
  };
}

export function useCreateInstruction() {
  const store = useStoreManaged();
  return useMutation({
    mutationFn: (body: InstructionInput) => callApi(createInstruction, { body }),
    onSuccess: store,
  });
}

export function useUpdateInstruction() {
  const store = useStoreManaged();
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid: string; body: Partial<InstructionInput> }) =>
      callApi(updateInstruction, { params: { uuid }, body }),
    onSuccess: store,
  });
}

export function useDeleteInstruction() {
  const queryClient = useQueryClient();
  const refetch = useRefetchAfterChange();
  return useMutation({
    mutationFn: (uuid: string) => callApi(deleteInstruction, { params: { uuid } }),
    onSuccess: (_answer, uuid) => {
      queryClient.setQueryData<ManagedInstructionRow[]>(managedListKey, (list) =>
        list?.filter((item) => item.uuid !== uuid),
      );
      queryClient.removeQueries({ queryKey: managedKey(uuid) });
      refetch();
    },
  });
}

/**
 * PUT /api/manage/instructions/order/ with every article's uuid in the new order. The table shows
 * the new order at once and goes back to the old one if the server refuses; the list is refetched
 * once the last of several quick moves has been answered.
 */
export function useReorderInstructions() {
  const queryClient = useQueryClient();
  const refetch = useRefetchAfterChange();
  return useMutation({
    mutationKey: reorderKey,
    mutationFn: (order: ManagedInstructionRow[]) =>
      callApi(reorderInstructions, { body: { uuids: order.map((item) => item.uuid) } }),
    onMutate: async (order) => {
      await queryClient.cancelQueries({ queryKey: managedListKey, exact: true });
      const before = queryClient.getQueryData<ManagedInstructionRow[]>(managedListKey);
      queryClient.setQueryData(managedListKey, order);
      return { before };
    },
    onError: (_error, _order, context) => {
      if (context?.before) queryClient.setQueryData(managedListKey, context.before);
    },
    onSettled: () => {
      // This mutation still counts itself while it settles.
      if (queryClient.isMutating({ mutationKey: reorderKey }) <= 1) refetch();
    },
  });
}
