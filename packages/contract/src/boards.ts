import { z } from "zod";
import { attachmentSchema, attachmentUuids } from "./attachments.ts";
import { BOARD_SIZE_CAPACITY_DEFAULT } from "./constants.ts";
import { TAG_COLOR_MAX, TAG_NAME_MAX } from "./form-values.ts";
import { defineRoute } from "./http.ts";

// ---- task boards: /boards, /workspace/:uuid?, /tasks/:uuid (spec §3 "Task-board state") ----
//
// A workspace belongs to one company and holds boards; a board has groups (its columns) and
// projects (coloured labels a task may belong to); a group holds tasks. Groups and tasks carry a
// decimal `order` (a string, e.g. "1.5"): a move names the item it goes before (`before_id`, null
// = to the end) and the server gives the moved item an order between its new neighbours, so a
// move never renumbers the rest (Baserow). Every route is for signed-in users:
// - a workspace, board, group, task or comment of a company the caller is not a member of answers
//   404, exactly like a missing one (superusers see every company's);
// - reading: any member;
// - tasks (create, edit, move, delete, comment): members except viewers (role 6) → otherwise 403;
// - workspaces, boards, groups and projects: roles 1–5 and superusers → 403;
// - deleting a comment: its author, or roles 1–5 and superusers.
// A group holds at most its board's `capacity` tasks (default BOARD_SIZE_CAPACITY_DEFAULT, spec §9):
// adding or moving a task into a full group is refused with 409 `board_group_full`; the board shows
// a warning on groups at or near it.
// Realtime: every change is an event on the board channel (contract realtime.ts), numbered per
// board; applyBoardEvent (board-state.ts) applies it to the state of GET /api/boards/:uuid/.

export const BOARD_NAME_MAX = 120;
export const BOARD_GROUP_NAME_MAX = 120;
export const TASK_TITLE_MAX = 500;
/** Sanitised HTML, as stored. */
export const TASK_DESCRIPTION_MAX = 50_000;
/** Tags a task description keeps besides content.ts RICH_TEXT_BASE_TAGS (server sanitiser and the web editor). */
export const TASK_DESCRIPTION_EXTRA_TAGS = ["del", "code", "pre", "h1", "hr"] as const;
export const TASK_TAGS_MAX = 20;
export const TASK_ASSIGNEES_MAX = 20;
export const TASK_CHECKLIST_MAX = 100;
export const TASK_CHECKLIST_ITEM_MAX = 300;
export const TASK_COMMENT_MAX = 4000;
export const BOARD_GROUPS_MAX = 50;
export const BOARD_CAPACITY_MAX = 1000;
/** A group at this share of its capacity or more shows the warning. */
export const BOARD_CAPACITY_WARNING_SHARE = 0.9;
/** Due-date reminders are sent this long before the due date (and once when it passes). */
export const TASK_DUE_REMINDER_HOURS = 24;

const id = z.number().int();
const isoDate = z.iso.datetime();
/** A decimal order, as text so that no precision is lost ("1", "1.5", "1.25" ...). */
export const boardOrderSchema = z.string().regex(/^-?\d+(\.\d+)?$/);

export const boardTagSchema = z.object({
  name: z.string().trim().min(1).max(TAG_NAME_MAX),
  color: z.string().max(TAG_COLOR_MAX),
});
export type BoardTag = z.infer<typeof boardTagSchema>;

export const checklistItemSchema = z.object({
  text: z.string().trim().min(1).max(TASK_CHECKLIST_ITEM_MAX),
  done: z.boolean(),
});

export const boardUserSchema = z.object({ id, username: z.string(), name: z.string() });
export type BoardUser = z.infer<typeof boardUserSchema>;

/** A task as its card shows it (spec §3: id, uuid, order, group). */
export const taskCardSchema = z.object({
  id,
  uuid: z.uuid(),
  /** Id of its group. */
  group: id,
  order: boardOrderSchema,
  title: z.string(),
  /** Uuid of its project, or null. */
  project: z.uuid().nullable(),
  assignee_ids: z.array(id),
  /** YYYY-MM-DD, or null. */
  due_date: z.iso.date().nullable(),
  tags: z.array(boardTagSchema),
  checklist_done: z.number().int().min(0),
  checklist_total: z.number().int().min(0),
  comments_count: z.number().int().min(0),
  attachments_count: z.number().int().min(0),
  /** Goes up by one with every change of the task: an older copy never replaces a newer one. */
  version: z.number().int().min(1),
  updated_at: isoDate,
});
export type TaskCard = z.infer<typeof taskCardSchema>;

/** A group (column) with its tasks in `order` (spec §3: uuid, id, order, tasks). */
export const boardGroupSchema = z.object({
  id,
  uuid: z.uuid(),
  name: z.string(),
  order: boardOrderSchema,
  tasks: z.array(taskCardSchema),
});
export type BoardGroup = z.infer<typeof boardGroupSchema>;
/** A group without its tasks, as events carry it. */
export const boardGroupHeadSchema = boardGroupSchema.omit({ tasks: true });
export type BoardGroupHead = z.infer<typeof boardGroupHeadSchema>;

export const boardProjectSchema = z.object({
  uuid: z.uuid(),
  name: z.string().trim().min(1).max(BOARD_NAME_MAX),
  color: z.string().max(TAG_COLOR_MAX),
});
export type BoardProject = z.infer<typeof boardProjectSchema>;

const companyRef = z.object({ uuid: z.uuid(), name: z.string() });
const workspaceRef = z.object({ uuid: z.uuid(), name: z.string() });

/** The board itself, without groups. */
export const boardHeadSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  capacity: z.number().int().min(1),
});
export type BoardHead = z.infer<typeof boardHeadSchema>;

/**
 * GET /api/boards/:uuid/ (spec §3 "board (groups, projects)"). `seq` is the board channel's
 * sequence number read before the state: events numbered above it may already be in it (applying
 * them again changes nothing), so a client connects with `since=seq`.
 */
export const boardStateSchema = z.object({
  seq: z.number().int().min(0),
  board: boardHeadSchema,
  workspace: workspaceRef,
  company: companyRef,
  /** Groups in `order`, each with its tasks in `order`. */
  groups: z.array(boardGroupSchema),
  projects: z.array(boardProjectSchema),
  /** People who may be assigned: the company's members, by name. */
  members: z.array(boardUserSchema),
  /** What the caller may do here. */
  can_edit_tasks: z.boolean(),
  can_manage: z.boolean(),
});
export type BoardState = z.infer<typeof boardStateSchema>;

export const boardSummarySchema = boardHeadSchema.extend({ tasks_count: z.number().int().min(0) });
export const workspaceSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  company: companyRef,
  boards: z.array(boardSummarySchema),
});
export type Workspace = z.infer<typeof workspaceSchema>;

export const taskCommentSchema = z.object({
  id,
  author: boardUserSchema,
  content: z.string(),
  date: isoDate,
});
export type TaskComment = z.infer<typeof taskCommentSchema>;

/** /tasks/:uuid: the card plus what only the task page shows. */
export const taskDetailSchema = z.object({
  task: taskCardSchema,
  board: boardHeadSchema,
  group_name: z.string(),
  /** Sanitised HTML. */
  description: z.string(),
  checklist: z.array(checklistItemSchema),
  comments: z.array(taskCommentSchema),
  /** Files attached to the task, oldest first (attachments.ts). */
  attachments: z.array(attachmentSchema),
  created_by: boardUserSchema.nullable(),
  created_at: isoDate,
  can_edit: z.boolean(),
});
export type TaskDetail = z.infer<typeof taskDetailSchema>;

const uuidParams = z.object({ uuid: z.uuid() });
const boardName = z.string().trim().min(1).max(BOARD_NAME_MAX);

export const listWorkspaces = defineRoute({
  method: "GET",
  path: "/api/workspaces/",
  auth: "user",
  summary: "The caller's companies' workspaces with their boards, by name",
  response: z.array(workspaceSchema),
});

export const createWorkspace = defineRoute({
  method: "POST",
  path: "/api/workspaces/",
  auth: "user",
  status: 201,
  body: z.object({ company_uuid: z.uuid(), name: boardName }),
  response: workspaceSchema,
  summary: "Создать рабочее пространство компании",
});

export const updateWorkspace = defineRoute({
  method: "PATCH",
  path: "/api/workspaces/:uuid/",
  auth: "user",
  params: uuidParams,
  body: z.object({ name: boardName }),
  response: workspaceSchema,
  summary: "Переименовать рабочее пространство",
});

/** Deletes the workspace with its boards and their tasks. */
export const deleteWorkspace = defineRoute({
  method: "DELETE",
  path: "/api/workspaces/:uuid/",
  auth: "user",
  status: 204,
  params: uuidParams,
  response: z.void(),
  summary: "Удалить рабочее пространство",
});

/** A new board gets three groups: «К выполнению», «В работе», «Готово». */
export const createBoard = defineRoute({
  method: "POST",
  path: "/api/boards/",
  auth: "user",
  status: 201,
  body: z.object({
    workspace_uuid: z.uuid(),
    name: boardName,
    capacity: z.number().int().min(1).max(BOARD_CAPACITY_MAX).default(BOARD_SIZE_CAPACITY_DEFAULT),
  }),
  response: boardHeadSchema,
  summary: "Создать доску",
});

export const getBoard = defineRoute({
  method: "GET",
  path: "/api/boards/:uuid/",
  auth: "user",
  params: uuidParams,
  response: boardStateSchema,
  summary: "Доска: колонки, проекты, задачи",
});

export const updateBoard = defineRoute({
  method: "PATCH",
  path: "/api/boards/:uuid/",
  auth: "user",
  params: uuidParams,
  body: z.object({
    name: boardName.optional(),
    capacity: z.number().int().min(1).max(BOARD_CAPACITY_MAX).optional(),
  }),
  response: boardHeadSchema,
  summary: "Изменить доску",
});

export const deleteBoard = defineRoute({
  method: "DELETE",
  path: "/api/boards/:uuid/",
  auth: "user",
  status: 204,
  params: uuidParams,
  response: z.void(),
  summary: "Удалить доску",
});

/** `before_id`: the group (or task) the moved one goes before; null = at the end. */
const beforeId = z.number().int().nullable();

export const createGroup = defineRoute({
  method: "POST",
  path: "/api/boards/:uuid/groups/",
  auth: "user",
  status: 201,
  params: uuidParams,
  body: z.object({ name: z.string().trim().min(1).max(BOARD_GROUP_NAME_MAX), before_id: beforeId.default(null) }),
  response: boardGroupHeadSchema,
  summary: "Добавить колонку",
});

export const updateGroup = defineRoute({
  method: "PATCH",
  path: "/api/board-groups/:uuid/",
  auth: "user",
  params: uuidParams,
  body: z.object({ name: z.string().trim().min(1).max(BOARD_GROUP_NAME_MAX) }),
  response: boardGroupHeadSchema,
  summary: "Изменить колонку",
});

export const moveGroup = defineRoute({
  method: "POST",
  path: "/api/board-groups/:uuid/move/",
  auth: "user",
  params: uuidParams,
  body: z.object({ before_id: beforeId }),
  response: boardGroupHeadSchema,
  summary: "Переставить колонку",
});

/** Only an empty group may be deleted (409 board_group_not_empty otherwise). */
export const deleteGroup = defineRoute({
  method: "DELETE",
  path: "/api/board-groups/:uuid/",
  auth: "user",
  status: 204,
  params: uuidParams,
  response: z.void(),
  summary: "Удалить колонку",
});

export const projectInputSchema = z.object({
  name: z.string().trim().min(1).max(BOARD_NAME_MAX),
  color: z.string().max(TAG_COLOR_MAX),
});

export const createProject = defineRoute({
  method: "POST",
  path: "/api/boards/:uuid/projects/",
  auth: "user",
  status: 201,
  params: uuidParams,
  body: projectInputSchema,
  response: boardProjectSchema,
  summary: "Добавить проект",
});

export const updateProject = defineRoute({
  method: "PATCH",
  path: "/api/board-projects/:uuid/",
  auth: "user",
  params: uuidParams,
  body: projectInputSchema.partial(),
  response: boardProjectSchema,
  summary: "Изменить проект",
});

/** Its tasks keep going, without a project. */
export const deleteProject = defineRoute({
  method: "DELETE",
  path: "/api/board-projects/:uuid/",
  auth: "user",
  status: 204,
  params: uuidParams,
  response: z.void(),
  summary: "Удалить проект",
});

export const taskPatchSchema = z.object({
  title: z.string().trim().min(1).max(TASK_TITLE_MAX),
  /** HTML; sanitised by the server before it is stored. */
  description: z.string().max(TASK_DESCRIPTION_MAX),
  project_uuid: z.uuid().nullable(),
  /** Members of the board's company. */
  assignee_ids: z.array(id).max(TASK_ASSIGNEES_MAX),
  due_date: z.iso.date().nullable(),
  tags: z.array(boardTagSchema).max(TASK_TAGS_MAX),
  checklist: z.array(checklistItemSchema).max(TASK_CHECKLIST_MAX),
});

export const createTask = defineRoute({
  method: "POST",
  path: "/api/boards/:uuid/tasks/",
  auth: "user",
  status: 201,
  params: uuidParams,
  /** Added at the end of the group. */
  body: taskPatchSchema.partial().extend({ group_uuid: z.uuid(), title: taskPatchSchema.shape.title }),
  response: taskCardSchema,
  summary: "Создать задачу",
});

export const getTask = defineRoute({
  method: "GET",
  path: "/api/tasks/:uuid/",
  auth: "user",
  params: uuidParams,
  response: taskDetailSchema,
  summary: "Задача с комментариями и файлами",
});

export const updateTask = defineRoute({
  method: "PATCH",
  path: "/api/tasks/:uuid/",
  auth: "user",
  params: uuidParams,
  body: taskPatchSchema.partial(),
  response: taskDetailSchema,
  summary: "Изменить задачу",
});

/** `before_id`: a task of the target group; null = at its end. */
export const moveTask = defineRoute({
  method: "POST",
  path: "/api/tasks/:uuid/move/",
  auth: "user",
  params: uuidParams,
  body: z.object({ group_uuid: z.uuid(), before_id: beforeId }),
  response: taskCardSchema,
  summary: "Переместить задачу",
});

export const deleteTask = defineRoute({
  method: "DELETE",
  path: "/api/tasks/:uuid/",
  auth: "user",
  status: 204,
  params: uuidParams,
  response: z.void(),
  summary: "Удалить задачу",
});

export const addTaskComment = defineRoute({
  method: "POST",
  path: "/api/tasks/:uuid/comments/",
  auth: "user",
  status: 201,
  params: uuidParams,
  body: z.object({ content: z.string().trim().min(1).max(TASK_COMMENT_MAX) }),
  response: taskCommentSchema,
  summary: "Комментарий к задаче",
});

export const deleteTaskComment = defineRoute({
  method: "DELETE",
  path: "/api/task-comments/:id/",
  auth: "user",
  status: 204,
  params: z.object({ id: z.coerce.number().int().positive() }),
  response: z.void(),
  summary: "Удалить комментарий",
});

/**
 * Attaches files the caller uploaded and has not attached yet (attachments.ts) to the task, after
 * the ones it has; at most ATTACHMENTS_PER_ITEM_MAX in all (400 beyond, or for anyone else's file,
 * with fields.attachment_uuids). Who may: those who may edit the task. A new task version.
 */
export const addTaskAttachments = defineRoute({
  method: "POST",
  path: "/api/tasks/:uuid/attachments/",
  auth: "user",
  params: uuidParams,
  body: z.strictObject({ attachment_uuids: attachmentUuids.min(1) }),
  response: taskDetailSchema,
  summary: "Прикрепить файлы к задаче",
});

/** Removes a file from the task and deletes it (those who may edit the task). A new task version. */
export const deleteTaskAttachment = defineRoute({
  method: "DELETE",
  path: "/api/tasks/:uuid/attachments/:attachment_uuid/",
  auth: "user",
  params: z.object({ uuid: z.uuid(), attachment_uuid: z.uuid() }),
  response: taskDetailSchema,
  summary: "Удалить файл задачи",
});

/** True when a group with `count` tasks should show the capacity warning. */
export function isNearCapacity(count: number, capacity: number): boolean {
  return count >= Math.ceil(capacity * BOARD_CAPACITY_WARNING_SHARE);
}
