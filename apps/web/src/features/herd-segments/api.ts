import { type HerdAnimalsQuery, listHerdAnimals } from "@nadoy/contract/herd";
import {
  countHerdSegment,
  createHerdSegment,
  deleteHerdSegment,
  type HerdSegmentInput,
  listHerdSegments,
  updateHerdSegment,
} from "@nadoy/contract/herd-segments";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../shared/lib/api-client.ts";

// The routes of contract herd-segments.ts (and the animal list's segment filter) the pages call.
// Keys start with "herd" like the herd feature's: a herd upload's commit forgets them too.

const segmentsKey = (dbUuid: string) => ["herd", dbUuid, "segments"] as const;

export function useHerdSegments(dbUuid: string | undefined) {
  return useQuery({
    queryKey: segmentsKey(dbUuid ?? ""),
    queryFn: () => callApi(listHerdSegments, { params: { db_uuid: dbUuid ?? "" } }),
    enabled: Boolean(dbUuid),
  });
}

/** How many animals a rule's canonical text selects; the last answer stays while the next loads. */
export function useSegmentCount(dbUuid: string | undefined, text: string | null) {
  return useQuery({
    queryKey: [...segmentsKey(dbUuid ?? ""), "count", text],
    queryFn: () => callApi(countHerdSegment, { params: { db_uuid: dbUuid ?? "" }, body: { text: text ?? "" } }),
    enabled: Boolean(dbUuid) && text !== null,
    placeholderData: keepPreviousData,
  });
}

/** Several counts at once (a segment's figures): `texts` by name → count by name. */
export function useSegmentCounts(dbUuid: string, texts: Record<string, string> | null) {
  return useQuery({
    queryKey: [...segmentsKey(dbUuid), "counts", texts],
    queryFn: async () => {
      const entries = await Promise.all(
        Object.entries(texts ?? {}).map(async ([name, text]) => {
          const answer = await callApi(countHerdSegment, { params: { db_uuid: dbUuid }, body: { text } });
          return [name, answer.count] as const;
        }),
      );
      return Object.fromEntries(entries) as Record<string, number>;
    },
    enabled: texts !== null,
  });
}

/** One page of the animals of a saved segment (or a typed rule), as the herd animal list gives them. */
export function useSegmentAnimals(dbUuid: string, query: HerdAnimalsQuery, enabled: boolean) {
  return useQuery({
    queryKey: ["herd", dbUuid, "animals", query],
    queryFn: () => callApi(listHerdAnimals, { params: { db_uuid: dbUuid }, query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Saves a new segment (no `segmentUuid`) or changes one; the lists show it after. */
export function useSaveSegment(dbUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ segmentUuid, input }: { segmentUuid: string | null; input: HerdSegmentInput }) =>
      segmentUuid
        ? callApi(updateHerdSegment, { params: { db_uuid: dbUuid, segment_uuid: segmentUuid }, body: input })
        : callApi(createHerdSegment, { params: { db_uuid: dbUuid }, body: input }),
    onSuccess: () => forget(queryClient, dbUuid),
  });
}

export function useDeleteSegment(dbUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (segmentUuid: string) =>
      callApi(deleteHerdSegment, { params: { db_uuid: dbUuid, segment_uuid: segmentUuid } }),
    onSuccess: () => forget(queryClient, dbUuid),
  });
}

// users/data lists the segments too (custom_segmentation).
function forget(queryClient: ReturnType<typeof useQueryClient>, dbUuid: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: segmentsKey(dbUuid) }),
    queryClient.invalidateQueries({ queryKey: ["users", "data"] }),
  ]);
}
