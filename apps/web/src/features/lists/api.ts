import type { StoredValue } from "@nadoy/contract/form-values";
import type { ListView } from "@nadoy/contract/list-view";
import {
  type ColumnInput,
  type CreateListBody,
  type CsvDialect,
  createColumnRoute,
  createListRoute,
  createRowRoute,
  deleteColumnRoute,
  deleteListRoute,
  deleteRowsRoute,
  exportListRoute,
  importListRoute,
  LIST_FILE_TYPES,
  LIST_REFETCH_MS,
  type ListColumn,
  type ListDetail,
  type ListFileFormat,
  type ListKind,
  type ListRow,
  type ListSummary,
  listRoute,
  listsRoute,
  moveRowRoute,
  reorderColumnsRoute,
  type updateColumnBodySchema,
  updateColumnRoute,
  updateListRoute,
  updateRowRoute,
} from "@nadoy/contract/lists";
import { useMutation, useMutationState, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { z } from "zod";
import { callApi } from "../../shared/lib/api-client.ts";
import { isUnauthorized } from "../../shared/lib/api-error.ts";
import { downloadFile, saveBlob, uploadFile } from "../../shared/lib/api-file.ts";
import { readUserId } from "../../shared/lib/browser-storage.ts";
import { subscribeToMainMessages } from "../../shared/realtime/main-messages.ts";

export const listsQueryKey = (kind: ListKind) => ["tableLists", "lists", kind] as const;
export const listQueryKey = (uuid: string) => ["tableLists", "list", uuid] as const;
const updateRowKey = (listUuid: string) => ["tableLists", "updateRow", listUuid] as const;

// ---- catalogue ----

export function useLists(kind: ListKind) {
  return useQuery({
    queryKey: listsQueryKey(kind),
    queryFn: () => callApi(listsRoute, { query: { kind } }),
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

export function useCreateList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateListBody) => callApi(createListRoute, { body }),
    onSuccess: (list) => {
      queryClient.setQueryData(listQueryKey(list.uuid), list);
      void queryClient.invalidateQueries({ queryKey: listsQueryKey(list.kind) });
    },
  });
}

export function useRenameList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, name }: { uuid: string; name: string }) =>
      callApi(updateListRoute, { params: { uuid }, body: { name } }),
    onSuccess: (summary) => {
      queryClient.setQueryData<ListDetail>(listQueryKey(summary.uuid), (list) =>
        list ? { ...list, name: summary.name, updated_at: summary.updated_at } : list,
      );
      queryClient.setQueryData<ListSummary[]>(listsQueryKey(summary.kind), (lists) =>
        lists?.map((l) => (l.uuid === summary.uuid ? summary : l)),
      );
    },
  });
}

export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid }: { uuid: string; kind: ListKind }) => callApi(deleteListRoute, { params: { uuid } }),
    onSuccess: (_answer, { uuid, kind }) => {
      queryClient.setQueryData<ListSummary[]>(listsQueryKey(kind), (lists) => lists?.filter((l) => l.uuid !== uuid));
      queryClient.removeQueries({ queryKey: listQueryKey(uuid) });
    },
  });
}

// ---- one list ----

/**
 * GET the list with its columns and rows. Other users' changes arrive as LIST_CHANGED on the main
 * socket and refetch it at once (useListChangeRefetch); it also refetches after a reconnect (the
 * hints sent meanwhile are lost), on window focus and every LIST_REFETCH_MS while the tab is
 * visible. A cell being edited keeps its draft in the editor, and cells with a PATCH in flight
 * show the pending value (usePendingCells), so a refetch never overwrites what the user is typing.
 */
export function useList(uuid: string) {
  useListChangeRefetch(uuid);
  return useQuery({
    queryKey: listQueryKey(uuid),
    queryFn: () => callApi(listRoute, { params: { uuid } }),
    refetchOnWindowFocus: true,
    refetchInterval: (query) => (isUnauthorized(query.state.error) ? false : LIST_REFETCH_MS),
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}

/** Spec §4: the user's own changes (their own id) are ignored; their tab has the answer already. */
function useListChangeRefetch(uuid: string) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeToMainMessages((message) => {
        const othersChange =
          message.msg_type === "LIST_CHANGED" && message.list === uuid && message.user_id !== readUserId();
        if (othersChange || message.msg_type === "SYNC") {
          void queryClient.invalidateQueries({ queryKey: listQueryKey(uuid) });
        }
      }),
    [queryClient, uuid],
  );
}

function patchList(
  queryClient: ReturnType<typeof useQueryClient>,
  uuid: string,
  change: (list: ListDetail) => ListDetail,
) {
  queryClient.setQueryData<ListDetail>(listQueryKey(uuid), (list) => (list ? change(list) : list));
}

const replaceRow = (rows: ListRow[], row: ListRow) => rows.map((r) => (r.uuid === row.uuid ? row : r));

export interface RowEdit {
  rowUuid: string;
  /** Checked by validateCellValues: stored form. */
  values: Record<string, StoredValue>;
}

/**
 * PATCH cells of a row. Optimistic: while the call is in flight the grid shows the new values
 * (usePendingCells); on success the server's row replaces the old one, on failure the pending
 * values simply disappear (the old ones show again) and the caller shows a toast.
 */
export function useUpdateRow(listUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateRowKey(listUuid),
    mutationFn: ({ rowUuid, values }: RowEdit) =>
      callApi(updateRowRoute, { params: { uuid: rowUuid }, body: { values } }),
    onMutate: () => queryClient.cancelQueries({ queryKey: listQueryKey(listUuid) }),
    onSuccess: (row) => patchList(queryClient, listUuid, (list) => ({ ...list, rows: replaceRow(list.rows, row) })),
  });
}

/** Row uuid → column uuid → value of every PATCH of this list still in flight. */
export function usePendingCells(listUuid: string): Map<string, Record<string, StoredValue>> {
  const edits = useMutationState({
    filters: { mutationKey: updateRowKey(listUuid), status: "pending" },
    select: (mutation) => mutation.state.variables as RowEdit | undefined,
  });
  const pending = new Map<string, Record<string, StoredValue>>();
  for (const edit of edits) {
    if (!edit) continue;
    pending.set(edit.rowUuid, { ...pending.get(edit.rowUuid), ...edit.values });
  }
  return pending;
}

export function useCreateRow(listUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ afterUuid, values = {} }: { afterUuid: string | null; values?: Record<string, unknown> }) =>
      callApi(createRowRoute, { params: { uuid: listUuid }, body: { values, after_uuid: afterUuid } }),
    onSuccess: (row, { afterUuid }) =>
      patchList(queryClient, listUuid, (list) => {
        const at = afterUuid === null ? -1 : list.rows.findIndex((r) => r.uuid === afterUuid);
        const rows = list.rows.filter((r) => r.uuid !== row.uuid);
        if (at < 0) rows.push(row);
        else rows.splice(at + 1, 0, row);
        return { ...list, rows, row_count: rows.length };
      }),
  });
}

export function useDeleteRows(listUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuids: string[]) => callApi(deleteRowsRoute, { params: { uuid: listUuid }, body: { uuids } }),
    onSuccess: (_answer, uuids) =>
      patchList(queryClient, listUuid, (list) => {
        const gone = new Set(uuids);
        const rows = list.rows.filter((r) => !gone.has(r.uuid));
        return { ...list, rows, row_count: rows.length };
      }),
  });
}

/** Rows with `uuid` taken out and put right after `afterUuid` (first when null). */
export function placeRow(rows: readonly ListRow[], uuid: string, afterUuid: string | null): ListRow[] {
  const row = rows.find((r) => r.uuid === uuid);
  if (!row) return [...rows];
  const rest = rows.filter((r) => r.uuid !== uuid);
  const at = afterUuid === null ? 0 : rest.findIndex((r) => r.uuid === afterUuid) + 1;
  rest.splice(at, 0, row);
  return rest;
}

/** Moves a row at once in the grid; puts it back where it was if the server refuses. */
export function useMoveRow(listUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rowUuid, afterUuid }: { rowUuid: string; afterUuid: string | null }) =>
      callApi(moveRowRoute, { params: { uuid: rowUuid }, body: { after_uuid: afterUuid } }),
    onMutate: async ({ rowUuid, afterUuid }) => {
      await queryClient.cancelQueries({ queryKey: listQueryKey(listUuid) });
      const rows = queryClient.getQueryData<ListDetail>(listQueryKey(listUuid))?.rows ?? [];
      const index = rows.findIndex((r) => r.uuid === rowUuid);
      const previous = index > 0 ? (rows[index - 1]?.uuid ?? null) : null;
      patchList(queryClient, listUuid, (list) => ({ ...list, rows: placeRow(list.rows, rowUuid, afterUuid) }));
      return { previous };
    },
    onError: (_error, { rowUuid }, context) => {
      if (!context) return;
      patchList(queryClient, listUuid, (list) => ({ ...list, rows: placeRow(list.rows, rowUuid, context.previous) }));
    },
    onSuccess: (row) => patchList(queryClient, listUuid, (list) => ({ ...list, rows: replaceRow(list.rows, row) })),
  });
}

// ---- columns ----

function useColumnsChanged(listUuid: string) {
  const queryClient = useQueryClient();
  return (change: (columns: ListColumn[]) => ListColumn[]) => {
    patchList(queryClient, listUuid, (list) => {
      const columns = change(list.columns);
      return { ...list, columns, column_count: columns.length };
    });
    // Values may have changed with the schema (type conversion, renamed or removed options).
    void queryClient.invalidateQueries({ queryKey: listQueryKey(listUuid) });
  };
}

export function useCreateColumn(listUuid: string) {
  const changed = useColumnsChanged(listUuid);
  return useMutation({
    mutationFn: (body: ColumnInput) => callApi(createColumnRoute, { params: { uuid: listUuid }, body }),
    onSuccess: (column) => changed((columns) => [...columns, column]),
  });
}

export type ColumnUpdate = z.input<typeof updateColumnBodySchema>;

export function useUpdateColumn(listUuid: string) {
  const changed = useColumnsChanged(listUuid);
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid: string; body: ColumnUpdate }) =>
      callApi(updateColumnRoute, { params: { uuid }, body }),
    onSuccess: (column) => changed((columns) => columns.map((c) => (c.uuid === column.uuid ? column : c))),
  });
}

export function useDeleteColumn(listUuid: string) {
  const changed = useColumnsChanged(listUuid);
  return useMutation({
    mutationFn: (uuid: string) => callApi(deleteColumnRoute, { params: { uuid } }),
    onSuccess: (_answer, uuid) => changed((columns) => columns.filter((c) => c.uuid !== uuid)),
  });
}

export function useReorderColumns(listUuid: string) {
  const changed = useColumnsChanged(listUuid);
  return useMutation({
    mutationFn: (order: string[]) => callApi(reorderColumnsRoute, { params: { uuid: listUuid }, body: order }),
    onSuccess: (columns) => changed(() => columns),
  });
}

// ---- files ----

/** «.csv» or «.xlsx» by the file's name (then by its type); undefined for anything else. */
export function fileFormatOf(file: { name: string; type: string }): ListFileFormat | undefined {
  const name = file.name.toLowerCase();
  if (name.endsWith(".csv")) return "csv";
  if (name.endsWith(".xlsx")) return "xlsx";
  if (file.type === LIST_FILE_TYPES.csv) return "csv";
  if (file.type === LIST_FILE_TYPES.xlsx) return "xlsx";
  return undefined;
}

/** A file name without characters that file systems refuse. */
export function safeFileName(name: string): string {
  return name.replace(/[\\/:*?"<>|]+/g, "_").trim() || "список";
}

export function useExportList(list: Pick<ListDetail, "uuid" | "name">) {
  return useMutation({
    mutationFn: async ({ format, view, csv }: { format: ListFileFormat; view: ListView; csv?: CsvDialect }) => {
      const blob = await downloadFile(exportListRoute, {
        params: { uuid: list.uuid },
        query: { format, view: JSON.stringify(view), ...(format === "csv" && csv && { csv }) },
      });
      saveBlob(blob, `${safeFileName(list.name)}.${format}`);
    },
  });
}

export interface ImportCall {
  file: File;
  format: ListFileFormat;
  mode: "preview" | "append" | "replace";
  skipInvalid: boolean;
}

export function useImportList(listUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, format, mode, skipInvalid }: ImportCall) =>
      uploadFile(importListRoute, {
        params: { uuid: listUuid },
        query: { format, mode, skip_invalid: skipInvalid ? "true" : "false" },
        file,
        contentType: LIST_FILE_TYPES[format],
      }),
    onSuccess: (_result, { mode }) => {
      if (mode !== "preview") void queryClient.invalidateQueries({ queryKey: listQueryKey(listUuid) });
    },
  });
}
