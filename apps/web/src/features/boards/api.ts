import {
  addTaskAttachments,
  addTaskComment,
  type BoardState,
  createBoard,
  createGroup,
  createProject,
  createTask,
  createWorkspace,
  deleteBoard,
  deleteGroup,
  deleteProject,
  deleteTask,
  deleteTaskAttachment,
  deleteTaskComment,
  deleteWorkspace,
  getBoard,
  getTask,
  listWorkspaces,
  moveGroup,
  moveTask,
  type projectInputSchema,
  type TaskCard,
  type TaskDetail,
  type taskPatchSchema,
  updateBoard,
  updateGroup,
  updateProject,
  updateTask,
  updateWorkspace,
  type Workspace,
} from "@nadoy/contract/boards";
import type { BoardChange } from "@nadoy/contract/realtime";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { callApi } from "../../shared/lib/api-client.ts";
import type { BoardJournal } from "./board-journal.ts";
import { applyChangeLocally } from "./board-view.ts";

export const workspacesQueryKey = ["boards", "workspaces"] as const;
/** The live board state (GET board + every board-socket event); only useBoardLive fetches it. */
export const boardQueryKey = (uuid: string) => ["boards", "board", uuid] as const;
/** The board as the task page reads it (projects, members), without a socket. */
export const boardInfoQueryKey = (uuid: string) => ["boards", "boardInfo", uuid] as const;
export const taskQueryKey = (uuid: string) => ["boards", "task", uuid] as const;
export const moveTaskKey = (boardUuid: string) => ["boards", "moveTask", boardUuid] as const;
export const moveGroupKey = (boardUuid: string) => ["boards", "moveGroup", boardUuid] as const;

type QueryClient = ReturnType<typeof useQueryClient>;

// ---- workspaces and boards (/boards, /workspace/:uuid?) ----

export function useWorkspaces() {
  return useQuery({ queryKey: workspacesQueryKey, queryFn: () => callApi(listWorkspaces) });
}

function patchWorkspaces(queryClient: QueryClient, change: (list: Workspace[]) => Workspace[]) {
  queryClient.setQueryData<Workspace[]>(workspacesQueryKey, (list) => (list ? change(list) : list));
}

export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { company_uuid: string; name: string }) => callApi(createWorkspace, { body }),
    onSuccess: (workspace) => {
      patchWorkspaces(queryClient, (list) => [...list, workspace].sort((a, b) => a.name.localeCompare(b.name, "ru")));
      void queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
    },
  });
}

export function useRenameWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, name }: { uuid: string; name: string }) =>
      callApi(updateWorkspace, { params: { uuid }, body: { name } }),
    onSuccess: (workspace) =>
      patchWorkspaces(queryClient, (list) => list.map((w) => (w.uuid === workspace.uuid ? workspace : w))),
  });
}

export function useDeleteWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => callApi(deleteWorkspace, { params: { uuid } }),
    onSuccess: (_answer, uuid) => patchWorkspaces(queryClient, (list) => list.filter((w) => w.uuid !== uuid)),
  });
}

export function useCreateBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { workspace_uuid: string; name: string; capacity?: number }) => callApi(createBoard, { body }),
    onSuccess: (board, { workspace_uuid }) => {
      patchWorkspaces(queryClient, (list) =>
        list.map((w) =>
          w.uuid === workspace_uuid ? { ...w, boards: [...w.boards, { ...board, tasks_count: 0 }] } : w,
        ),
      );
      void queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
    },
  });
}

export function useUpdateBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, ...body }: { uuid: string; name?: string; capacity?: number }) =>
      callApi(updateBoard, { params: { uuid }, body }),
    onSuccess: (board) => {
      patchWorkspaces(queryClient, (list) =>
        list.map((w) => ({ ...w, boards: w.boards.map((b) => (b.uuid === board.uuid ? { ...b, ...board } : b)) })),
      );
      patchBoard(queryClient, board.uuid, { kind: "board", board });
    },
  });
}

export function useDeleteBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => callApi(deleteBoard, { params: { uuid } }),
    onSuccess: (_answer, uuid) =>
      patchWorkspaces(queryClient, (list) =>
        list.map((w) => ({ ...w, boards: w.boards.filter((b) => b.uuid !== uuid) })),
      ),
  });
}

// ---- one board ----

/**
 * GET the board. Events received while the request is in flight are re-applied to its answer
 * (the journal), so a refetch never loses what the socket said meanwhile.
 */
export async function fetchBoard(uuid: string, journal: BoardJournal): Promise<BoardState> {
  const mark = journal.begin();
  try {
    return journal.replay(mark, await callApi(getBoard, { params: { uuid } }));
  } finally {
    journal.end();
  }
}

/** Applies the answer of one of the user's own calls to the live board, as its event would. */
export function patchBoard(queryClient: QueryClient, boardUuid: string, change: BoardChange) {
  queryClient.setQueryData<BoardState>(boardQueryKey(boardUuid), (state) =>
    state ? applyChangeLocally(state, change) : state,
  );
}

export interface TaskMove {
  task: TaskCard;
  groupId: number;
  groupUuid: string;
  beforeId: number | null;
}

/**
 * Moves a card. Optimistic without touching the cache: while the call is in flight the board
 * shows the card at its new place (usePendingMoves in board-view.ts overlays pending moves on the
 * server's state); on success the answer goes into the state, on failure the overlay simply goes
 * away and the card is back where the server has it, whatever arrived meanwhile.
 */
export function useMoveTask(boardUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: moveTaskKey(boardUuid),
    mutationFn: ({ task, groupUuid, beforeId }: TaskMove) =>
      callApi(moveTask, { params: { uuid: task.uuid }, body: { group_uuid: groupUuid, before_id: beforeId } }),
    onSuccess: (task) => patchBoard(queryClient, boardUuid, { kind: "task", task }),
  });
}

export interface GroupMove {
  groupId: number;
  groupUuid: string;
  beforeId: number | null;
}

/** Moves a group (column), optimistic like useMoveTask. */
export function useMoveGroup(boardUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: moveGroupKey(boardUuid),
    mutationFn: ({ groupUuid, beforeId }: GroupMove) =>
      callApi(moveGroup, { params: { uuid: groupUuid }, body: { before_id: beforeId } }),
    onSuccess: (group) => patchBoard(queryClient, boardUuid, { kind: "group", group }),
  });
}

export function useCreateTask(boardUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { group_uuid: string; title: string }) =>
      callApi(createTask, { params: { uuid: boardUuid }, body }),
    onSuccess: (task) => patchBoard(queryClient, boardUuid, { kind: "task", task }),
  });
}

export function useCreateGroup(boardUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callApi(createGroup, { params: { uuid: boardUuid }, body: { name } }),
    onSuccess: (group) => patchBoard(queryClient, boardUuid, { kind: "group", group }),
  });
}

export function useRenameGroup(boardUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, name }: { uuid: string; name: string }) =>
      callApi(updateGroup, { params: { uuid }, body: { name } }),
    onSuccess: (group) => patchBoard(queryClient, boardUuid, { kind: "group", group }),
  });
}

export function useDeleteGroup(boardUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid }: { uuid: string; id: number }) => callApi(deleteGroup, { params: { uuid } }),
    onSuccess: (_answer, { id }) => patchBoard(queryClient, boardUuid, { kind: "group_deleted", group_id: id }),
  });
}

export type ProjectInput = z.infer<typeof projectInputSchema>;

export function useCreateProject(boardUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectInput) => callApi(createProject, { params: { uuid: boardUuid }, body }),
    onSuccess: (project) => patchBoard(queryClient, boardUuid, { kind: "project", project }),
  });
}

export function useUpdateProject(boardUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, ...body }: Partial<ProjectInput> & { uuid: string }) =>
      callApi(updateProject, { params: { uuid }, body }),
    onSuccess: (project) => patchBoard(queryClient, boardUuid, { kind: "project", project }),
  });
}

export function useDeleteProject(boardUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => callApi(deleteProject, { params: { uuid } }),
    onSuccess: (_answer, uuid) => patchBoard(queryClient, boardUuid, { kind: "project_deleted", project: uuid }),
  });
}

// ---- one task (/tasks/:uuid and the board's drawer) ----

export function useTask(uuid: string) {
  return useQuery({ queryKey: taskQueryKey(uuid), queryFn: () => callApi(getTask, { params: { uuid } }) });
}

/** The board's projects and members for the task page (no socket: main-socket hints keep the task fresh). */
export function useBoardInfo(boardUuid: string | undefined) {
  return useQuery({
    queryKey: boardInfoQueryKey(boardUuid ?? ""),
    queryFn: () => callApi(getBoard, { params: { uuid: boardUuid ?? "" } }),
    enabled: boardUuid !== undefined,
    staleTime: 60_000,
  });
}

export type TaskPatch = Partial<z.input<typeof taskPatchSchema>>;

function taskChanged(queryClient: QueryClient, detail: TaskDetail) {
  queryClient.setQueryData(taskQueryKey(detail.task.uuid), detail);
  patchBoard(queryClient, detail.board.uuid, { kind: "task", task: detail.task });
}

export function useUpdateTask(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TaskPatch) => callApi(updateTask, { params: { uuid }, body }),
    onSuccess: (detail) => taskChanged(queryClient, detail),
  });
}

export function useDeleteTaskByApi() {
  return useMutation({ mutationFn: (uuid: string) => callApi(deleteTask, { params: { uuid } }) });
}

export function useAddComment(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => callApi(addTaskComment, { params: { uuid }, body: { content } }),
    onSuccess: (comment) => {
      queryClient.setQueryData<TaskDetail>(taskQueryKey(uuid), (detail) =>
        detail
          ? {
              ...detail,
              comments: [...detail.comments.filter((c) => c.id !== comment.id), comment],
              task: { ...detail.task, comments_count: detail.task.comments_count + 1 },
            }
          : detail,
      );
      void queryClient.invalidateQueries({ queryKey: taskQueryKey(uuid) });
    },
  });
}

export function useDeleteComment(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(deleteTaskComment, { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<TaskDetail>(taskQueryKey(uuid), (detail) =>
        detail
          ? {
              ...detail,
              comments: detail.comments.filter((c) => c.id !== id),
              task: { ...detail.task, comments_count: Math.max(0, detail.task.comments_count - 1) },
            }
          : detail,
      );
      void queryClient.invalidateQueries({ queryKey: taskQueryKey(uuid) });
    },
  });
}

/** Attaches uploaded files (shared/attachments) to the task; the answer is the task as it is now. */
export function useAddTaskAttachments(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachmentUuids: string[]) =>
      callApi(addTaskAttachments, { params: { uuid }, body: { attachment_uuids: attachmentUuids } }),
    onSuccess: (detail) => taskChanged(queryClient, detail),
  });
}

export function useDeleteTaskAttachment(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachmentUuid: string) =>
      callApi(deleteTaskAttachment, { params: { uuid, attachment_uuid: attachmentUuid } }),
    onSuccess: (detail) => taskChanged(queryClient, detail),
  });
}
