import { compareProjects } from "@nadoy/contract/board-state";
import type { BoardGroupHead, BoardHead, BoardProject, BoardUser, TaskCard, TaskComment } from "@nadoy/contract/boards";
import { displayName } from "@nadoy/contract/users";
import type { BoardRow, CardRow, CommentRow, PersonRow } from "./boards.repository.ts";

// Rows → the contract's board objects. One place, so that a fetch and an event show a task alike.

/** The author of a comment (or a task's creator) whose account is gone. */
const GONE: BoardUser = { id: 0, username: "", name: "Пользователь удалён" };

const collator = new Intl.Collator("ru");

export function boardUser(row: PersonRow): BoardUser {
  return {
    id: row.id,
    username: row.username,
    name: displayName({ username: row.username, first_name: row.firstName, last_name: row.lastName }),
  };
}

/** People by name, then id. */
export function byName(a: BoardUser, b: BoardUser): number {
  return collator.compare(a.name, b.name) || a.id - b.id;
}

/** Things named by people (workspaces, boards), by name then uuid. */
export function byTitle(a: { name: string; uuid: string }, b: { name: string; uuid: string }): number {
  return collator.compare(a.name, b.name) || (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0);
}

/** A person's columns that may all be null (a left join on a deleted account). */
export function maybeUser(
  id: number | null,
  username: string | null,
  firstName: string | null,
  lastName: string | null,
): BoardUser | null {
  if (id === null || username === null) return null;
  return boardUser({ id, username, firstName: firstName ?? "", lastName: lastName ?? "" });
}

export function boardHead(row: Pick<BoardRow, "uuid" | "name" | "capacity">): BoardHead {
  return { uuid: row.uuid, name: row.name, capacity: row.capacity };
}

export function groupHead(row: { id: number; uuid: string; name: string; order: string }): BoardGroupHead {
  return { id: row.id, uuid: row.uuid, name: row.name, order: row.order };
}

export function project(row: { uuid: string; name: string; color: string }): BoardProject {
  return { uuid: row.uuid, name: row.name, color: row.color };
}

export function projectList(rows: readonly { uuid: string; name: string; color: string }[]): BoardProject[] {
  return rows.map(project).sort(compareProjects);
}

export function taskCard(row: CardRow): TaskCard {
  return {
    id: row.id,
    uuid: row.uuid,
    group: row.groupId,
    order: row.order,
    title: row.title,
    project: row.projectUuid,
    assignee_ids: row.assigneeIds,
    due_date: row.dueDate,
    tags: row.tags,
    checklist_done: row.checklistDone,
    checklist_total: row.checklistTotal,
    comments_count: row.commentsCount,
    attachments_count: row.attachmentsCount,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
  };
}

export function taskComment(row: CommentRow): TaskComment {
  return {
    id: row.id,
    author: maybeUser(row.authorId, row.authorUsername, row.authorFirstName, row.authorLastName) ?? GONE,
    content: row.content,
    date: row.createdAt.toISOString(),
  };
}
