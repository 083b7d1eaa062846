import {
  BOARD_GROUPS_MAX,
  type BoardGroup,
  type BoardGroupHead,
  type BoardHead,
  type BoardProject,
  type BoardState,
  type projectInputSchema,
  TASK_DESCRIPTION_MAX,
  TASK_DUE_REMINDER_HOURS,
  type TaskCard,
  type TaskComment,
  type TaskDetail,
  type taskPatchSchema,
  type Workspace,
} from "@nadoy/contract/boards";
import { boardGroupFullText, ErrorCode, ErrorText } from "@nadoy/contract/errors";
import type { BoardChange } from "@nadoy/contract/realtime";
import type { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import type { Db } from "../../db/client.ts";
import {
  attachmentsOfTasks,
  claimForTask,
  deleteTaskAttachment,
} from "../../platform/attachments/attachments.repository.ts";
import type { AuthUser } from "../../platform/auth/guard.ts";
import { ApiError, validationError } from "../../platform/errors.ts";
import { companyTopic } from "../../platform/realtime/channels.ts";
import { currentSeq, type EventDraft, recordEvents } from "../../platform/realtime/event-log.ts";
import {
  assertMayDeleteComment,
  assertMayEditTasks,
  assertMayManage,
  assertVisible,
  boardNotFound,
  canSee,
  mayEditTasks,
  mayManage,
} from "./board-access.ts";
import {
  boardHead,
  boardUser,
  byName,
  byTitle,
  groupHead,
  maybeUser,
  project,
  projectList,
  taskCard,
  taskComment,
} from "./board-dto.ts";
import * as repo from "./boards.repository.ts";
import { sanitizeTaskHtml } from "./task-html.ts";

// Board rules and transactions (contract boards.ts). Every write to a board locks the board row
// first (`FOR UPDATE`), then writes, then records its numbered board events in the same
// transaction; after the commit it publishes them, and the main-socket hints (BRD_TASK_*) to every
// member of the board's company.

/** The groups a new board starts with. */
export const DEFAULT_BOARD_GROUPS = ["К выполнению", "В работе", "Готово"] as const;

/** What a write changes on its board, in order: `update` events, or a task's deletion. */
type Change = BoardChange | { kind: "task_delete"; taskId: number };

interface Written<T> {
  result: T;
  changes: Change[];
}

/** Who may make a write: task editors, board managers, or whoever `work` itself checks. */
type Rule = "tasks" | "manage" | "own";

type TaskPatch = Partial<z.infer<typeof taskPatchSchema>>;
type TaskCreate = TaskPatch & { group_uuid: string; title: string };
type ProjectInput = z.infer<typeof projectInputSchema>;

const unchanged = <T>(result: T): Written<T> => ({ result, changes: [] });

/** The board, when the caller may see it: what the board socket needs to accept a connection. */
export async function boardForSocket(
  db: Db,
  caller: AuthUser,
  boardUuid: string,
): Promise<{ id: number; uuid: string; companyId: number } | undefined> {
  const board = await repo.findBoard(db, { boardUuid }, caller.id);
  if (!board || !canSee(caller, board)) return undefined;
  return { id: board.id, uuid: board.uuid, companyId: board.companyId };
}

export function createBoardsService(deps: AppDeps) {
  const { db, realtime } = deps;

  /**
   * One write to a board: lock it (404 when the caller may not see it), check the rule (403), do
   * the work, record its events; after the commit publish them and the company's task hints.
   */
  async function write<T>(
    caller: AuthUser,
    by: repo.BoardLookup,
    rule: Rule,
    work: (tx: Db, board: repo.BoardRow) => Promise<Written<T>>,
  ): Promise<T> {
    const { result, changes, board, recorded } = await db.transaction(async (tx) => {
      const board = assertVisible(caller, await repo.lockBoard(tx, by, caller.id));
      if (rule === "tasks") assertMayEditTasks(caller);
      if (rule === "manage") assertMayManage(caller);
      const { result, changes } = await work(tx, board);
      const drafts = changes.map(
        (change): EventDraft<"board"> => ({
          channel: "board",
          key: board.uuid,
          message:
            change.kind === "task_delete"
              ? { type: "task_delete_request", board_id: board.uuid, user_id: caller.id, task_id: change.taskId }
              : { type: "update", board_id: board.uuid, user_id: caller.id, change },
        }),
      );
      return { result, changes, board, recorded: await recordEvents(tx, drafts) };
    });
    await realtime.publishRecorded(recorded);
    await publishHints(caller, board, changes);
    return result;
  }

  /** BRD_TASK_UPDATED / BRD_TASK_DELETED to the main sockets of the board's company (not numbered). */
  async function publishHints(caller: AuthUser, board: repo.BoardRow, changes: readonly Change[]): Promise<void> {
    const topic = companyTopic(board.companyId, "boards");
    for (const change of changes) {
      const hint =
        change.kind === "task"
          ? ({ msg_type: "BRD_TASK_UPDATED", user_id: caller.id, board: board.uuid, task: change.task } as const)
          : change.kind === "task_delete"
            ? ({ msg_type: "BRD_TASK_DELETED", user_id: caller.id, board: board.uuid, task_id: change.taskId } as const)
            : undefined;
      // A hint is only a hint: the change stands, and a page refetches or its board socket catches up.
      if (hint) await realtime.publish("main", hint, topic).catch(() => undefined);
    }
  }

  async function cardOf(q: Db, boardId: number, taskId: number): Promise<TaskCard> {
    const [row] = await repo.taskCards(q, boardId, [taskId]);
    if (!row) throw boardNotFound();
    return taskCard(row);
  }

  /** A group of this board named in a body (400 on `field` otherwise). */
  async function groupOnBoard(q: Db, boardId: number, uuid: string, field: string): Promise<repo.GroupRow> {
    const group = await repo.findGroup(q, { uuid });
    if (!group || group.boardId !== boardId) throw validationError({ [field]: ErrorText.boardGroupMissing });
    return group;
  }

  async function assertRoomIn(q: Db, board: repo.BoardRow, group: repo.GroupRow): Promise<void> {
    if ((await repo.countTasksInGroup(q, group.id)) >= board.capacity) {
      throw new ApiError(409, ErrorCode.boardGroupFull, boardGroupFullText(group.name, board.capacity));
    }
  }

  /** The stored values of a task patch: sanitised HTML, a project of this board, members as assignees. */
  async function taskValues(
    q: Db,
    board: repo.BoardRow,
    patch: TaskPatch,
  ): Promise<{ values: repo.TaskValues; assignees: number[] | undefined }> {
    const values: repo.TaskValues = {};
    if (patch.title !== undefined) values.title = patch.title;
    if (patch.description !== undefined) {
      values.description = sanitizeTaskHtml(patch.description);
      if (values.description.length > TASK_DESCRIPTION_MAX) {
        throw validationError({ description: ErrorText.boardDescriptionTooLong });
      }
    }
    if (patch.project_uuid !== undefined) {
      if (patch.project_uuid === null) values.projectId = null;
      else {
        const found = await repo.findProject(q, patch.project_uuid);
        if (!found || found.boardId !== board.id)
          throw validationError({ project_uuid: ErrorText.boardProjectMissing });
        values.projectId = found.id;
      }
    }
    if (patch.due_date !== undefined) values.dueDate = patch.due_date;
    if (patch.tags !== undefined) values.tags = patch.tags;
    if (patch.checklist !== undefined) values.checklist = patch.checklist;
    let assignees: number[] | undefined;
    if (patch.assignee_ids !== undefined) {
      assignees = [...new Set(patch.assignee_ids)];
      const members = await repo.membersAmong(q, board.companyId, assignees);
      if (members.length !== assignees.length) {
        throw validationError({ assignee_ids: ErrorText.boardAssigneeNotMember });
      }
    }
    return { values, assignees };
  }

  /** The task page's view of a task. */
  async function taskDetail(q: Db, caller: AuthUser, board: repo.BoardRow, taskId: number): Promise<TaskDetail> {
    const task = await repo.findTask(q, { id: taskId });
    if (!task) throw boardNotFound();
    const card = await cardOf(q, board.id, task.id);
    const group = await repo.findGroup(q, { id: task.groupId });
    const comments = await repo.commentsOf(q, task.id);
    const files = await attachmentsOfTasks(q, [task.id]);
    return {
      task: card,
      board: boardHead(board),
      group_name: group?.name ?? "",
      description: task.description,
      checklist: task.checklist,
      comments: comments.map(taskComment),
      attachments: files.get(task.id) ?? [],
      created_by: maybeUser(task.creatorId, task.creatorUsername, task.creatorFirstName, task.creatorLastName),
      created_at: task.createdAt.toISOString(),
      can_edit: mayEditTasks(caller),
    };
  }

  /** A task of the locked board, as it is under the lock. */
  async function lockedTask(tx: Db, board: repo.BoardRow, by: { uuid: string } | { id: number }) {
    const task = await repo.findTask(tx, by);
    if (!task || task.boardId !== board.id) throw boardNotFound();
    return task;
  }

  async function workspacesView(rows: repo.WorkspaceRow[]): Promise<Workspace[]> {
    const summaries = await repo.boardSummaries(
      db,
      rows.map((r) => r.id),
    );
    return rows
      .map(
        (w): Workspace => ({
          uuid: w.uuid,
          name: w.name,
          company: { uuid: w.companyUuid, name: w.companyName },
          boards: summaries
            .filter((b) => b.workspaceId === w.id)
            .sort(byTitle)
            .map((b) => ({ uuid: b.uuid, name: b.name, capacity: b.capacity, tasks_count: b.tasksCount })),
        }),
      )
      .sort(byTitle);
  }

  async function visibleWorkspace(caller: AuthUser, uuid: string): Promise<repo.WorkspaceRow> {
    return assertVisible(caller, await repo.findWorkspace(db, uuid, caller.id));
  }

  async function oneWorkspace(caller: AuthUser, uuid: string): Promise<Workspace> {
    const [workspace] = await workspacesView([await visibleWorkspace(caller, uuid)]);
    if (!workspace) throw boardNotFound();
    return workspace;
  }

  async function getBoardState(caller: AuthUser, uuid: string): Promise<BoardState> {
    // The channel's number before the state: events above it may already be in it (harmless).
    const seq = await currentSeq(db, "board", uuid);
    const board = assertVisible(caller, await repo.findBoard(db, { boardUuid: uuid }, caller.id));
    const groups = await repo.groupsOf(db, board.id);
    const cards = await repo.taskCards(db, board.id);
    const projects = await repo.projectsOf(db, board.id);
    const members = await repo.companyMembers(db, board.companyId);
    const byGroup = new Map<number, TaskCard[]>(groups.map((g) => [g.id, []]));
    // Cards come in `order`, then id: each group's list keeps that order.
    for (const row of cards) byGroup.get(row.groupId)?.push(taskCard(row));
    return {
      seq,
      board: boardHead(board),
      workspace: { uuid: board.workspaceUuid, name: board.workspaceName },
      company: { uuid: board.companyUuid, name: board.companyName },
      groups: groups.map((g): BoardGroup => ({ ...groupHead(g), tasks: byGroup.get(g.id) ?? [] })),
      projects: projectList(projects),
      members: members.map(boardUser).sort(byName),
      can_edit_tasks: mayEditTasks(caller),
      can_manage: mayManage(caller),
    };
  }

  async function deleteTaskWhere(caller: AuthUser, by: repo.BoardLookup, task: { uuid: string } | { id: number }) {
    await write(caller, by, "tasks", async (tx, board) => {
      const found = await lockedTask(tx, board, task);
      await repo.deleteTask(tx, found.id);
      return { result: undefined, changes: [{ kind: "task_delete", taskId: found.id }] };
    });
  }

  return {
    getBoardState,

    // ---- workspaces ----

    async listWorkspaces(caller: AuthUser): Promise<Workspace[]> {
      if (!caller.isSuperuser && !caller.modules.boards) return [];
      return workspacesView(await repo.workspacesFor(db, caller));
    },

    async createWorkspace(caller: AuthUser, companyUuid: string, name: string): Promise<Workspace> {
      const company = assertVisible(caller, await repo.findCompany(db, companyUuid, caller.id));
      assertMayManage(caller);
      const uuid = await repo.insertWorkspace(db, company.id, name);
      return oneWorkspace(caller, uuid);
    },

    async renameWorkspace(caller: AuthUser, uuid: string, name: string): Promise<Workspace> {
      const workspace = await visibleWorkspace(caller, uuid);
      assertMayManage(caller);
      await repo.renameWorkspace(db, workspace.id, name);
      return oneWorkspace(caller, uuid);
    },

    /** Deletes the workspace with its boards: each board's sockets hear `board_deleted`. */
    async deleteWorkspace(caller: AuthUser, uuid: string): Promise<void> {
      const workspace = await visibleWorkspace(caller, uuid);
      assertMayManage(caller);
      const recorded = await db.transaction(async (tx) => {
        const locked = await repo.lockBoardsOfWorkspace(tx, workspace.id);
        const events = await recordEvents(
          tx,
          locked.map(
            (b): EventDraft<"board"> => ({
              channel: "board",
              key: b.uuid,
              message: { type: "update", board_id: b.uuid, user_id: caller.id, change: { kind: "board_deleted" } },
            }),
          ),
        );
        await repo.deleteWorkspace(
          tx,
          workspace.id,
          locked.map((b) => b.id),
        );
        return events;
      });
      await realtime.publishRecorded(recorded);
    },

    // ---- boards ----

    async createBoard(caller: AuthUser, workspaceUuid: string, name: string, capacity: number): Promise<BoardHead> {
      const workspace = await visibleWorkspace(caller, workspaceUuid);
      assertMayManage(caller);
      const board = await db.transaction((tx) =>
        repo.insertBoard(tx, { workspaceId: workspace.id, name, capacity, groups: DEFAULT_BOARD_GROUPS }),
      );
      return boardHead(board);
    },

    updateBoard(caller: AuthUser, uuid: string, patch: { name?: string; capacity?: number }): Promise<BoardHead> {
      return write(caller, { boardUuid: uuid }, "manage", async (tx, board) => {
        if (patch.name === undefined && patch.capacity === undefined) return unchanged(boardHead(board));
        // A lower capacity than a group's fill is allowed: those groups just show as over it.
        const head = boardHead(await repo.updateBoard(tx, board.id, patch));
        return { result: head, changes: [{ kind: "board", board: head }] };
      });
    },

    deleteBoard(caller: AuthUser, uuid: string): Promise<void> {
      return write(caller, { boardUuid: uuid }, "manage", async (tx, board) => {
        await repo.deleteBoard(tx, board.id);
        return { result: undefined, changes: [{ kind: "board_deleted" }] };
      });
    },

    // ---- groups ----

    createGroup(caller: AuthUser, boardUuid: string, name: string, beforeId: number | null): Promise<BoardGroupHead> {
      return write(caller, { boardUuid }, "manage", async (tx, board) => {
        if ((await repo.countGroups(tx, board.id)) >= BOARD_GROUPS_MAX) {
          throw new ApiError(409, ErrorCode.boardGroupsLimit, ErrorText.boardGroupsLimit);
        }
        const order =
          beforeId === null
            ? await repo.groupOrderAtEnd(tx, board.id, null)
            : await repo.groupOrderBefore(tx, board.id, beforeId, null);
        if (order === undefined) throw validationError({ before_id: ErrorText.boardGroupMissing });
        const group = groupHead(await repo.insertGroup(tx, { boardId: board.id, name, order }));
        return { result: group, changes: [{ kind: "group", group }] };
      });
    },

    renameGroup(caller: AuthUser, uuid: string, name: string): Promise<BoardGroupHead> {
      return write(caller, { groupUuid: uuid }, "manage", async (tx, board) => {
        const found = await repo.findGroup(tx, { uuid });
        if (!found || found.boardId !== board.id) throw boardNotFound();
        const group = groupHead(await repo.updateGroup(tx, found.id, { name }));
        return { result: group, changes: [{ kind: "group", group }] };
      });
    },

    moveGroup(caller: AuthUser, uuid: string, beforeId: number | null): Promise<BoardGroupHead> {
      return write(caller, { groupUuid: uuid }, "manage", async (tx, board) => {
        const found = await repo.findGroup(tx, { uuid });
        if (!found || found.boardId !== board.id) throw boardNotFound();
        if (beforeId === found.id) return unchanged(groupHead(found));
        const order =
          beforeId === null
            ? await repo.groupOrderAtEnd(tx, board.id, found.id)
            : await repo.groupOrderBefore(tx, board.id, beforeId, found.id);
        if (order === undefined) throw validationError({ before_id: ErrorText.boardGroupMissing });
        const group = groupHead(await repo.updateGroup(tx, found.id, { order }));
        return { result: group, changes: [{ kind: "group", group }] };
      });
    },

    deleteGroup(caller: AuthUser, uuid: string): Promise<void> {
      return write(caller, { groupUuid: uuid }, "manage", async (tx, board) => {
        const found = await repo.findGroup(tx, { uuid });
        if (!found || found.boardId !== board.id) throw boardNotFound();
        if ((await repo.countTasksInGroup(tx, found.id)) > 0) {
          throw new ApiError(409, ErrorCode.boardGroupNotEmpty, ErrorText.boardGroupNotEmpty);
        }
        await repo.deleteGroup(tx, found.id);
        return { result: undefined, changes: [{ kind: "group_deleted", group_id: found.id }] };
      });
    },

    // ---- projects ----

    createProject(caller: AuthUser, boardUuid: string, input: ProjectInput): Promise<BoardProject> {
      return write(caller, { boardUuid }, "manage", async (tx, board) => {
        const created = project(await repo.insertProject(tx, { boardId: board.id, ...input }));
        return { result: created, changes: [{ kind: "project", project: created }] };
      });
    },

    updateProject(caller: AuthUser, uuid: string, patch: Partial<ProjectInput>): Promise<BoardProject> {
      return write(caller, { projectUuid: uuid }, "manage", async (tx, board) => {
        const found = await repo.findProject(tx, uuid);
        if (!found || found.boardId !== board.id) throw boardNotFound();
        if (patch.name === undefined && patch.color === undefined) return unchanged(project(found));
        const updated = project(await repo.updateProject(tx, found.id, patch));
        return { result: updated, changes: [{ kind: "project", project: updated }] };
      });
    },

    deleteProject(caller: AuthUser, uuid: string): Promise<void> {
      return write(caller, { projectUuid: uuid }, "manage", async (tx, board) => {
        const found = await repo.findProject(tx, uuid);
        if (!found || found.boardId !== board.id) throw boardNotFound();
        await repo.deleteProject(tx, found.id);
        return { result: undefined, changes: [{ kind: "project_deleted", project: found.uuid }] };
      });
    },

    // ---- tasks ----

    createTask(caller: AuthUser, boardUuid: string, input: TaskCreate): Promise<TaskCard> {
      return write(caller, { boardUuid }, "tasks", async (tx, board) => {
        const { group_uuid, ...patch } = input;
        const group = await groupOnBoard(tx, board.id, group_uuid, "group_uuid");
        const { values, assignees } = await taskValues(tx, board, patch);
        await assertRoomIn(tx, board, group);
        const order = await repo.taskOrderAtEnd(tx, group.id, null);
        const id = await repo.insertTask(tx, {
          ...values,
          title: patch.title,
          boardId: board.id,
          groupId: group.id,
          order,
          createdBy: caller.id,
        });
        if (assignees) await repo.setAssignees(tx, id, assignees);
        const card = await cardOf(tx, board.id, id);
        return { result: card, changes: [{ kind: "task", task: card }] };
      });
    },

    async getTask(caller: AuthUser, uuid: string): Promise<TaskDetail> {
      const board = assertVisible(caller, await repo.findBoard(db, { taskUuid: uuid }, caller.id));
      const task = await repo.findTask(db, { uuid });
      if (!task || task.boardId !== board.id) throw boardNotFound();
      return taskDetail(db, caller, board, task.id);
    },

    updateTask(caller: AuthUser, uuid: string, patch: TaskPatch): Promise<TaskDetail> {
      return write(caller, { taskUuid: uuid }, "tasks", async (tx, board) => {
        const task = await lockedTask(tx, board, { uuid });
        const { values, assignees } = await taskValues(tx, board, patch);
        if (Object.keys(values).length === 0 && assignees === undefined) {
          return unchanged(await taskDetail(tx, caller, board, task.id));
        }
        await repo.updateTask(tx, task.id, values);
        if (assignees) await repo.setAssignees(tx, task.id, assignees);
        const detail = await taskDetail(tx, caller, board, task.id);
        return { result: detail, changes: [{ kind: "task", task: detail.task }] };
      });
    },

    /** To the group `groupUuid`, right before the task `beforeId` of it (null: at its end). */
    moveTask(caller: AuthUser, uuid: string, groupUuid: string, beforeId: number | null): Promise<TaskCard> {
      return write(caller, { taskUuid: uuid }, "tasks", async (tx, board) => {
        const task = await lockedTask(tx, board, { uuid });
        const group = await groupOnBoard(tx, board.id, groupUuid, "group_uuid");
        if (beforeId === task.id) return unchanged(await cardOf(tx, board.id, task.id));
        // Within its own group a task always moves; into another one only while it has room.
        if (group.id !== task.groupId) await assertRoomIn(tx, board, group);
        const order =
          beforeId === null
            ? await repo.taskOrderAtEnd(tx, group.id, task.id)
            : await repo.taskOrderBefore(tx, group.id, beforeId, task.id);
        if (order === undefined) throw validationError({ before_id: ErrorText.boardTaskMissing });
        await repo.updateTask(tx, task.id, { groupId: group.id, order });
        const card = await cardOf(tx, board.id, task.id);
        return { result: card, changes: [{ kind: "task", task: card }] };
      });
    },

    deleteTask(caller: AuthUser, uuid: string): Promise<void> {
      return deleteTaskWhere(caller, { taskUuid: uuid }, { uuid });
    },

    /**
     * Deletes the task `taskId` of the board `boardUuid` like DELETE /api/tasks/:uuid/ (same rules,
     * events and hints): false when there is no such task on that board (or the caller may not see
     * it); throws ApiError 403 when the caller may not delete tasks.
     */
    async deleteTaskOnBoard(caller: AuthUser, boardUuid: string, taskId: number): Promise<boolean> {
      try {
        await deleteTaskWhere(caller, { taskId, boardUuid }, { id: taskId });
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return false;
        throw error;
      }
    },

    /** True when the task is on the board (board socket commands about other tasks are refused). */
    async taskOnBoard(boardId: number, taskId: number): Promise<boolean> {
      const task = await repo.findTask(db, { id: taskId });
      return task?.boardId === boardId;
    },

    // ---- attachments ----

    /** Files the caller uploaded go onto the task, after its own (contract boards.ts): a new version. */
    addAttachments(caller: AuthUser, uuid: string, attachmentUuids: readonly string[]): Promise<TaskDetail> {
      return write(caller, { taskUuid: uuid }, "tasks", async (tx, board) => {
        const task = await lockedTask(tx, board, { uuid });
        await claimForTask(tx, caller.id, task.id, attachmentUuids);
        await repo.updateTask(tx, task.id, {});
        const detail = await taskDetail(tx, caller, board, task.id);
        return { result: detail, changes: [{ kind: "task", task: detail.task }] };
      });
    },

    /** Removes a file from the task and deletes it: a new version; 404 when the task has no such file. */
    deleteAttachment(caller: AuthUser, uuid: string, attachmentUuid: string): Promise<TaskDetail> {
      return write(caller, { taskUuid: uuid }, "tasks", async (tx, board) => {
        const task = await lockedTask(tx, board, { uuid });
        if (!(await deleteTaskAttachment(tx, task.id, attachmentUuid))) throw boardNotFound();
        await repo.updateTask(tx, task.id, {});
        const detail = await taskDetail(tx, caller, board, task.id);
        return { result: detail, changes: [{ kind: "task", task: detail.task }] };
      });
    },

    // ---- comments ----

    addComment(caller: AuthUser, taskUuid: string, content: string): Promise<TaskComment> {
      return write(caller, { taskUuid }, "tasks", async (tx, board) => {
        const task = await lockedTask(tx, board, { uuid: taskUuid });
        const comment = taskComment(await repo.insertComment(tx, { taskId: task.id, authorId: caller.id, content }));
        await repo.updateTask(tx, task.id, {});
        const card = await cardOf(tx, board.id, task.id);
        return { result: comment, changes: [{ kind: "task", task: card }] };
      });
    },

    deleteComment(caller: AuthUser, id: number): Promise<void> {
      return write(caller, { commentId: id }, "own", async (tx, board) => {
        const comment = await repo.findComment(tx, id);
        if (!comment) throw boardNotFound();
        assertMayDeleteComment(caller, comment.authorId);
        await repo.deleteComment(tx, id);
        await repo.updateTask(tx, comment.taskId, {});
        const card = await cardOf(tx, board.id, comment.taskId);
        return { result: undefined, changes: [{ kind: "task", task: card }] };
      });
    },

    /** The display name of a user (for the board socket's force-close message). */
    async nameOf(userId: number): Promise<string> {
      const found = await repo.findPerson(db, userId);
      return found ? boardUser(found).name : "";
    },
  };
}
export type BoardsService = ReturnType<typeof createBoardsService>;

/**
 * What the board socket (board-socket.ts `BoardSocketServices`) needs, with the REST routes' rules:
 * `registerBoardSocket(app, deps, boardSocketServices(deps, boards))`.
 */
export function boardSocketServices(deps: AppDeps, boards: BoardsService = createBoardsService(deps)) {
  return {
    boardFor: (caller: AuthUser, boardUuid: string) => boardForSocket(deps.db, caller, boardUuid),
    taskOnBoard: (boardId: number, taskId: number) => boards.taskOnBoard(boardId, taskId),
    boardState: (caller: AuthUser, boardUuid: string) => boards.getBoardState(caller, boardUuid),
    async deleteTask(caller: AuthUser, boardUuid: string, taskId: number): Promise<void> {
      if (!(await boards.deleteTaskOnBoard(caller, boardUuid, taskId))) throw boardNotFound();
    },
    nameOf: (userId: number) => boards.nameOf(userId),
  };
}

// ---- due-date reminders ----

/** How often the reminder job looks for tasks coming due. */
export const TASK_REMINDER_INTERVAL_MS = 5 * 60_000;
export const TASK_REMINDER_TITLE = "Срок задачи";

const ruDate = (iso: string) => iso.split("-").reverse().join(".");

/**
 * One run of the due-date reminders: every task due within TASK_DUE_REMINDER_HOURS (or overdue)
 * whose reminder has not gone out gets one notification per assignee, once. Answers how many
 * notifications it wrote.
 */
export async function runTaskReminders(db: Db, now: Date = new Date()): Promise<number> {
  const until = new Date(now.getTime() + TASK_DUE_REMINDER_HOURS * 3600_000);
  return db.transaction(async (tx) => {
    const due = await repo.claimDueTasks(tx, until);
    const rows = due.flatMap((task) =>
      task.assigneeIds.map((userId) => ({
        userId,
        title: TASK_REMINDER_TITLE,
        msg: `Задача «${task.title}»: срок — ${ruDate(task.dueDate ?? "")}.`,
        link: `/tasks/${task.uuid}`,
      })),
    );
    await repo.insertNotifications(tx, rows);
    return rows.length;
  });
}
