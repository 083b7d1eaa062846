import {
  addTaskAttachments,
  addTaskComment,
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
  updateBoard,
  updateGroup,
  updateProject,
  updateTask,
  updateWorkspace,
} from "@nadoy/contract/boards";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { registerRoute } from "../../platform/routes.ts";
import {
  type BoardsService,
  createBoardsService,
  runTaskReminders,
  TASK_REMINDER_INTERVAL_MS,
} from "./boards.service.ts";

/** Task boards (contract boards.ts): workspaces, boards, groups, projects, tasks, comments; due-date reminders. */
export function boardsRoutes(app: FastifyInstance, deps: AppDeps): BoardsService {
  const { db } = deps;
  const boards = createBoardsService(deps);

  registerRoute(app, db, listWorkspaces, ({ user }) => boards.listWorkspaces(user));
  registerRoute(app, db, createWorkspace, ({ user, body }) =>
    boards.createWorkspace(user, body.company_uuid, body.name),
  );
  registerRoute(app, db, updateWorkspace, ({ user, params, body }) =>
    boards.renameWorkspace(user, params.uuid, body.name),
  );
  registerRoute(app, db, deleteWorkspace, ({ user, params }) => boards.deleteWorkspace(user, params.uuid));

  registerRoute(app, db, createBoard, ({ user, body }) =>
    boards.createBoard(user, body.workspace_uuid, body.name, body.capacity),
  );
  registerRoute(app, db, getBoard, ({ user, params }) => boards.getBoardState(user, params.uuid));
  registerRoute(app, db, updateBoard, ({ user, params, body }) => boards.updateBoard(user, params.uuid, body));
  registerRoute(app, db, deleteBoard, ({ user, params }) => boards.deleteBoard(user, params.uuid));

  registerRoute(app, db, createGroup, ({ user, params, body }) =>
    boards.createGroup(user, params.uuid, body.name, body.before_id),
  );
  registerRoute(app, db, updateGroup, ({ user, params, body }) => boards.renameGroup(user, params.uuid, body.name));
  registerRoute(app, db, moveGroup, ({ user, params, body }) => boards.moveGroup(user, params.uuid, body.before_id));
  registerRoute(app, db, deleteGroup, ({ user, params }) => boards.deleteGroup(user, params.uuid));

  registerRoute(app, db, createProject, ({ user, params, body }) => boards.createProject(user, params.uuid, body));
  registerRoute(app, db, updateProject, ({ user, params, body }) => boards.updateProject(user, params.uuid, body));
  registerRoute(app, db, deleteProject, ({ user, params }) => boards.deleteProject(user, params.uuid));

  registerRoute(app, db, createTask, ({ user, params, body }) => boards.createTask(user, params.uuid, body));
  registerRoute(app, db, getTask, ({ user, params }) => boards.getTask(user, params.uuid));
  registerRoute(app, db, updateTask, ({ user, params, body }) => boards.updateTask(user, params.uuid, body));
  registerRoute(app, db, moveTask, ({ user, params, body }) =>
    boards.moveTask(user, params.uuid, body.group_uuid, body.before_id),
  );
  registerRoute(app, db, deleteTask, ({ user, params }) => boards.deleteTask(user, params.uuid));

  registerRoute(app, db, addTaskComment, ({ user, params, body }) =>
    boards.addComment(user, params.uuid, body.content),
  );
  registerRoute(app, db, addTaskAttachments, ({ user, params, body }) =>
    boards.addAttachments(user, params.uuid, body.attachment_uuids),
  );
  registerRoute(app, db, deleteTaskAttachment, ({ user, params }) =>
    boards.deleteAttachment(user, params.uuid, params.attachment_uuid),
  );
  registerRoute(app, db, deleteTaskComment, ({ user, params }) => boards.deleteComment(user, params.id));

  // Due-date reminders: any instance may run them (a task is claimed by one statement, once).
  const reminders = setInterval(() => {
    runTaskReminders(db).catch((error: unknown) => app.log.warn({ err: error }, "boards: due-date reminders failed"));
  }, TASK_REMINDER_INTERVAL_MS);
  reminders.unref();
  app.addHook("onClose", async () => clearInterval(reminders));
  return boards;
}
