import type { Attachment } from "@nadoy/contract/attachments";
import { applyBoardEvent } from "@nadoy/contract/board-state";
import type {
  BoardGroupHead,
  BoardHead,
  BoardProject,
  BoardState,
  TaskCard,
  TaskComment,
  TaskDetail,
  Workspace,
} from "@nadoy/contract/boards";
import { type BoardEvent, boardEventSchema } from "@nadoy/contract/realtime";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { SAMPLE_FILES, uploadFile } from "../../../test/files.ts";
import { createCompanyCallers } from "../../../test/lists.ts";
import type { TestApp } from "../../../test/test-app.ts";
import { databaseEventLog } from "../../platform/realtime/event-log.ts";

// Test support for the board tests: the board routes with a caller's token, and a company with
// one caller per role, a workspace and a board.

/** The body of a response that must have this status. */
export function ok<T>(res: LightMyRequestResponse, status: number): T {
  expect(res.statusCode, res.body).toBe(status);
  return (res.body ? res.json() : undefined) as T;
}

type Method = "GET" | "POST" | "PATCH" | "DELETE";

/** JSON calls of the board routes with a caller's token (undefined = anonymous). */
export function boardApi(t: TestApp, token: string | undefined) {
  const call = (method: Method, url: string, payload?: unknown) =>
    t.request({ method, url, token, ...(payload !== undefined && { payload: payload as object }) });
  return {
    call,
    workspaces: () => call("GET", "/api/workspaces/"),
    createWorkspace: (company_uuid: string, name: string) => call("POST", "/api/workspaces/", { company_uuid, name }),
    updateWorkspace: (uuid: string, name: string) => call("PATCH", `/api/workspaces/${uuid}/`, { name }),
    deleteWorkspace: (uuid: string) => call("DELETE", `/api/workspaces/${uuid}/`),
    createBoard: (workspace_uuid: string, name: string, extra: object = {}) =>
      call("POST", "/api/boards/", { workspace_uuid, name, ...extra }),
    board: (uuid: string) => call("GET", `/api/boards/${uuid}/`),
    updateBoard: (uuid: string, body: object) => call("PATCH", `/api/boards/${uuid}/`, body),
    deleteBoard: (uuid: string) => call("DELETE", `/api/boards/${uuid}/`),
    createGroup: (board: string, name: string, before_id: number | null = null) =>
      call("POST", `/api/boards/${board}/groups/`, { name, before_id }),
    renameGroup: (uuid: string, name: string) => call("PATCH", `/api/board-groups/${uuid}/`, { name }),
    moveGroup: (uuid: string, before_id: number | null) =>
      call("POST", `/api/board-groups/${uuid}/move/`, { before_id }),
    deleteGroup: (uuid: string) => call("DELETE", `/api/board-groups/${uuid}/`),
    createProject: (board: string, name: string, color = "#2f9e44") =>
      call("POST", `/api/boards/${board}/projects/`, { name, color }),
    updateProject: (uuid: string, body: object) => call("PATCH", `/api/board-projects/${uuid}/`, body),
    deleteProject: (uuid: string) => call("DELETE", `/api/board-projects/${uuid}/`),
    createTask: (board: string, group_uuid: string, title: string, extra: object = {}) =>
      call("POST", `/api/boards/${board}/tasks/`, { group_uuid, title, ...extra }),
    task: (uuid: string) => call("GET", `/api/tasks/${uuid}/`),
    updateTask: (uuid: string, body: object) => call("PATCH", `/api/tasks/${uuid}/`, body),
    moveTask: (uuid: string, group_uuid: string, before_id: number | null) =>
      call("POST", `/api/tasks/${uuid}/move/`, { group_uuid, before_id }),
    deleteTask: (uuid: string) => call("DELETE", `/api/tasks/${uuid}/`),
    comment: (uuid: string, content: string) => call("POST", `/api/tasks/${uuid}/comments/`, { content }),
    deleteComment: (id: number) => call("DELETE", `/api/task-comments/${id}/`),
    upload: (name: string, body: Buffer = SAMPLE_FILES.pdf) => uploadFile(t, token, name, body),
    attach: (uuid: string, attachmentUuids: string[]) =>
      call("POST", `/api/tasks/${uuid}/attachments/`, { attachment_uuids: attachmentUuids }),
    detach: (uuid: string, attachmentUuid: string) =>
      call("DELETE", `/api/tasks/${uuid}/attachments/${attachmentUuid}/`),

    // Shortcuts that expect success and answer the body.
    async state(uuid: string): Promise<BoardState> {
      return ok<BoardState>(await call("GET", `/api/boards/${uuid}/`), 200);
    },
    async detail(uuid: string): Promise<TaskDetail> {
      return ok<TaskDetail>(await call("GET", `/api/tasks/${uuid}/`), 200);
    },
    async newWorkspace(companyUuid: string, name: string): Promise<Workspace> {
      return ok<Workspace>(await call("POST", "/api/workspaces/", { company_uuid: companyUuid, name }), 201);
    },
    async newBoard(workspaceUuid: string, name: string, extra: object = {}): Promise<BoardHead> {
      return ok<BoardHead>(await call("POST", "/api/boards/", { workspace_uuid: workspaceUuid, name, ...extra }), 201);
    },
    async newGroup(board: string, name: string, beforeId: number | null = null): Promise<BoardGroupHead> {
      return ok<BoardGroupHead>(await call("POST", `/api/boards/${board}/groups/`, { name, before_id: beforeId }), 201);
    },
    async newProject(board: string, name: string, color = "#2f9e44"): Promise<BoardProject> {
      return ok<BoardProject>(await call("POST", `/api/boards/${board}/projects/`, { name, color }), 201);
    },
    async newTask(board: string, groupUuid: string, title: string, extra: object = {}): Promise<TaskCard> {
      return ok<TaskCard>(
        await call("POST", `/api/boards/${board}/tasks/`, { group_uuid: groupUuid, title, ...extra }),
        201,
      );
    },
    async move(uuid: string, groupUuid: string, beforeId: number | null): Promise<TaskCard> {
      return ok<TaskCard>(
        await call("POST", `/api/tasks/${uuid}/move/`, { group_uuid: groupUuid, before_id: beforeId }),
        200,
      );
    },
    /** Uploads a file and attaches it to the task; answers the task's page after it. */
    async attachNew(uuid: string, name: string, body: Buffer = SAMPLE_FILES.pdf): Promise<TaskDetail> {
      const file = ok<Attachment>(await uploadFile(t, token, name, body), 201);
      return ok<TaskDetail>(await this.attach(uuid, [file.uuid]), 200);
    },
    async newComment(uuid: string, content: string): Promise<TaskComment> {
      return ok<TaskComment>(await call("POST", `/api/tasks/${uuid}/comments/`, { content }), 201);
    },
  };
}
export type BoardApi = ReturnType<typeof boardApi>;

/**
 * A company with a caller per role (and a superuser who is not a member), a workspace and a board
 * made by the zootechnician (role 3) with its three default groups.
 */
export async function boardWorld(t: TestApp, companyName?: string) {
  const company = await createCompanyCallers(t, companyName);
  const apiOf = (label: Parameters<typeof company.byLabel>[0]) => boardApi(t, company.byLabel(label).token);
  const maker = apiOf("role 3");
  const workspace = await maker.newWorkspace(company.company.uuid, "Ферма «Заря»");
  const board = await maker.newBoard(workspace.uuid, "Посевная");
  const state = await maker.state(board.uuid);
  const [todo, doing, done] = state.groups;
  if (!todo || !doing || !done) throw new Error("a new board has three groups");
  const idOf = (label: Parameters<typeof company.byLabel>[0]) => company.byLabel(label).userId as number;
  return { ...company, apiOf, idOf, maker, workspace, board, todo, doing, done };
}
export type BoardWorld = Awaited<ReturnType<typeof boardWorld>>;

/** The numbered events of a board's channel after `seq`, as a socket would get them. */
export async function boardEventsAfter(t: TestApp, boardUuid: string, seq: number): Promise<BoardEvent[]> {
  const events = await databaseEventLog(t.database.db).range(`board:${boardUuid}`, seq, undefined, 1000);
  return events.map((e) => boardEventSchema.parse(JSON.parse(e.data)));
}

/** The state after applying these events, in order. */
export function replay(state: BoardState, events: readonly BoardEvent[]): BoardState {
  return events.reduce(applyBoardEvent, state);
}

/** Task titles per group name, in the board's order. */
export function layout(state: BoardState): Record<string, string[]> {
  return Object.fromEntries(state.groups.map((g) => [g.name, g.tasks.map((t) => t.title)]));
}
