import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Db, queryRows } from "../../db/client.ts";
import {
  boardGroups,
  boardProjects,
  boards,
  companies,
  companyMemberships,
  notifications,
  taskAssignees,
  taskComments,
  tasks,
  users,
  workspaces,
} from "../../db/schema/index.ts";
import { taskAttachmentsCount } from "../../platform/attachments/attachments.repository.ts";

// All SQL of workspaces, boards, groups, projects, tasks and comments. A transaction is a Db too.
// Orders are PostgreSQL numerics: a new position is the exact midpoint of its neighbours (one more
// decimal, never rounded), min − 1 at the start, max + 1 at the end; nothing else is renumbered.

// Subqueries name their tables in full: drizzle leaves columns unqualified in single-table queries.
const COMPANY_ID = sql.raw(`"companies"."id"`);
const memberOf = (userId: number, companyId: SQL) =>
  sql<boolean>`exists (select 1 from company_memberships m where m.user_id = ${userId} and m.company_id = ${companyId})`;

// ---- companies and people ----

export async function findCompany(db: Db, uuid: string, callerId: number) {
  const [row] = await db
    .select({ id: companies.id, uuid: companies.uuid, name: companies.name, member: memberOf(callerId, COMPANY_ID) })
    .from(companies)
    .where(eq(companies.uuid, uuid))
    .limit(1);
  return row;
}

export interface PersonRow {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
}

const person = { id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName };

/** Every member of the company (who may be assigned its tasks). */
export async function companyMembers(db: Db, companyId: number): Promise<PersonRow[]> {
  return db
    .select(person)
    .from(companyMemberships)
    .innerJoin(users, eq(users.id, companyMemberships.userId))
    .where(eq(companyMemberships.companyId, companyId));
}

/** The ids among `ids` that are members of the company. */
export async function membersAmong(db: Db, companyId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: companyMemberships.userId })
    .from(companyMemberships)
    .where(and(eq(companyMemberships.companyId, companyId), inArray(companyMemberships.userId, [...ids])));
  return rows.map((r) => r.id);
}

export async function findPerson(db: Db, id: number): Promise<PersonRow | undefined> {
  const [row] = await db.select(person).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

// ---- workspaces ----

const workspaceFields = (callerId: number) => ({
  id: workspaces.id,
  uuid: workspaces.uuid,
  name: workspaces.name,
  companyId: companies.id,
  companyUuid: companies.uuid,
  companyName: companies.name,
  member: memberOf(callerId, COMPANY_ID),
});
export type WorkspaceRow = NonNullable<Awaited<ReturnType<typeof findWorkspace>>>;

export async function findWorkspace(db: Db, uuid: string, callerId: number) {
  const [row] = await db
    .select(workspaceFields(callerId))
    .from(workspaces)
    .innerJoin(companies, eq(companies.id, workspaces.companyId))
    .where(eq(workspaces.uuid, uuid))
    .limit(1);
  return row;
}

/** The workspaces of the caller's companies (every company's for superusers). */
export async function workspacesFor(db: Db, caller: { id: number; isSuperuser: boolean }) {
  return db
    .select(workspaceFields(caller.id))
    .from(workspaces)
    .innerJoin(companies, eq(companies.id, workspaces.companyId))
    .where(caller.isSuperuser ? undefined : memberOf(caller.id, COMPANY_ID));
}

const TASKS_OF_BOARD = sql<number>`(select count(*)::int from tasks t where t.board_id = ${sql.raw(`"boards"."id"`)})`;

/** The boards of these workspaces with their task counts. */
export async function boardSummaries(db: Db, workspaceIds: readonly number[]) {
  if (workspaceIds.length === 0) return [];
  return db
    .select({
      workspaceId: boards.workspaceId,
      uuid: boards.uuid,
      name: boards.name,
      capacity: boards.capacity,
      tasksCount: TASKS_OF_BOARD.mapWith(Number),
    })
    .from(boards)
    .where(inArray(boards.workspaceId, [...workspaceIds]));
}

export async function insertWorkspace(tx: Db, companyId: number, name: string): Promise<string> {
  const [row] = await tx.insert(workspaces).values({ companyId, name }).returning({ uuid: workspaces.uuid });
  if (!row) throw new Error("workspace insert returned nothing");
  return row.uuid;
}

export async function renameWorkspace(tx: Db, id: number, name: string): Promise<void> {
  await tx.update(workspaces).set({ name }).where(eq(workspaces.id, id));
}

/** Deletes the workspace with its boards (their tasks first: a task's group reference is `restrict`). */
export async function deleteWorkspace(tx: Db, id: number, boardIds: readonly number[]): Promise<void> {
  if (boardIds.length > 0) await tx.delete(tasks).where(inArray(tasks.boardId, [...boardIds]));
  await tx.delete(workspaces).where(eq(workspaces.id, id));
}

/** Locks the workspace's boards (in id order, like every other writer locks one board). */
export async function lockBoardsOfWorkspace(tx: Db, workspaceId: number): Promise<{ id: number; uuid: string }[]> {
  return tx
    .select({ id: boards.id, uuid: boards.uuid })
    .from(boards)
    .where(eq(boards.workspaceId, workspaceId))
    .orderBy(asc(boards.id))
    .for("update");
}

// ---- boards ----

/** What locates a board: itself, or something on it. */
export type BoardLookup =
  | { boardUuid: string }
  | { boardId: number }
  | { groupUuid: string }
  | { projectUuid: string }
  | { taskUuid: string }
  | { taskId: number; boardUuid?: string }
  | { commentId: number };

const BOARD_ID = sql.raw(`"boards"."id"`);

function lookupCondition(by: BoardLookup): SQL {
  if ("boardUuid" in by && !("taskId" in by)) return eq(boards.uuid, by.boardUuid);
  if ("boardId" in by) return eq(boards.id, by.boardId);
  if ("groupUuid" in by)
    return sql`${BOARD_ID} = (select g.board_id from board_groups g where g.uuid = ${by.groupUuid})`;
  if ("projectUuid" in by) {
    return sql`${BOARD_ID} = (select p.board_id from board_projects p where p.uuid = ${by.projectUuid})`;
  }
  if ("taskUuid" in by) return sql`${BOARD_ID} = (select t.board_id from tasks t where t.uuid = ${by.taskUuid})`;
  if ("taskId" in by) {
    const onBoard = sql`${BOARD_ID} = (select t.board_id from tasks t where t.id = ${by.taskId})`;
    return by.boardUuid === undefined ? onBoard : (and(onBoard, eq(boards.uuid, by.boardUuid)) ?? onBoard);
  }
  return sql`${BOARD_ID} = (select t.board_id from task_comments c join tasks t on t.id = c.task_id where c.id = ${by.commentId})`;
}

const boardFields = (callerId: number) => ({
  id: boards.id,
  uuid: boards.uuid,
  name: boards.name,
  capacity: boards.capacity,
  workspaceUuid: workspaces.uuid,
  workspaceName: workspaces.name,
  companyId: companies.id,
  companyUuid: companies.uuid,
  companyName: companies.name,
  member: memberOf(callerId, COMPANY_ID),
});

export interface BoardRow {
  id: number;
  uuid: string;
  name: string;
  capacity: number;
  workspaceUuid: string;
  workspaceName: string;
  companyId: number;
  companyUuid: string;
  companyName: string;
  member: boolean;
}

function selectBoard(db: Db, by: BoardLookup, callerId: number) {
  return db
    .select(boardFields(callerId))
    .from(boards)
    .innerJoin(workspaces, eq(workspaces.id, boards.workspaceId))
    .innerJoin(companies, eq(companies.id, workspaces.companyId))
    .where(lookupCondition(by))
    .limit(1);
}

export async function findBoard(db: Db, by: BoardLookup, callerId: number): Promise<BoardRow | undefined> {
  const [row] = await selectBoard(db, by, callerId);
  return row;
}

/** Finds and locks the board row (`FOR UPDATE`): every write to a board takes this lock first. */
export async function lockBoard(tx: Db, by: BoardLookup, callerId: number): Promise<BoardRow | undefined> {
  const [row] = await selectBoard(tx, by, callerId).for("update", { of: boards });
  return row;
}

export async function insertBoard(
  tx: Db,
  input: { workspaceId: number; name: string; capacity: number; groups: readonly string[] },
) {
  const [board] = await tx
    .insert(boards)
    .values({ workspaceId: input.workspaceId, name: input.name, capacity: input.capacity })
    .returning({ id: boards.id, uuid: boards.uuid, name: boards.name, capacity: boards.capacity });
  if (!board) throw new Error("board insert returned nothing");
  if (input.groups.length > 0) {
    await tx
      .insert(boardGroups)
      .values(input.groups.map((name, i) => ({ boardId: board.id, name, order: String(i + 1) })));
  }
  return board;
}

export async function updateBoard(tx: Db, id: number, patch: { name?: string; capacity?: number }) {
  const [row] = await tx
    .update(boards)
    .set(patch)
    .where(eq(boards.id, id))
    .returning({ uuid: boards.uuid, name: boards.name, capacity: boards.capacity });
  if (!row) throw new Error("board update returned nothing");
  return row;
}

export async function deleteBoard(tx: Db, id: number): Promise<void> {
  // Tasks first: their group reference is `restrict`, the board's cascade would meet it.
  await tx.delete(tasks).where(eq(tasks.boardId, id));
  await tx.delete(boards).where(eq(boards.id, id));
}

// ---- groups ----

const groupHead = { id: boardGroups.id, uuid: boardGroups.uuid, name: boardGroups.name, order: boardGroups.order };
export type GroupRow = { id: number; uuid: string; name: string; order: string; boardId: number };

/** The board's groups in `order`, then id (the board's order, contract board-state.ts byOrder). */
export async function groupsOf(db: Db, boardId: number) {
  return db
    .select(groupHead)
    .from(boardGroups)
    .where(eq(boardGroups.boardId, boardId))
    .orderBy(asc(boardGroups.order), asc(boardGroups.id));
}

export async function findGroup(db: Db, by: { uuid: string } | { id: number }): Promise<GroupRow | undefined> {
  const [row] = await db
    .select({ ...groupHead, boardId: boardGroups.boardId })
    .from(boardGroups)
    .where("uuid" in by ? eq(boardGroups.uuid, by.uuid) : eq(boardGroups.id, by.id))
    .limit(1);
  return row;
}

export async function countGroups(tx: Db, boardId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(boardGroups).where(eq(boardGroups.boardId, boardId));
  return Number(row?.n ?? 0);
}

export async function countTasksInGroup(tx: Db, groupId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(tasks).where(eq(tasks.groupId, groupId));
  return Number(row?.n ?? 0);
}

/**
 * Rows kept in a decimal `order` within a scope: groups within their board, tasks within their
 * group. A move computes one new value and changes no other row.
 */
type OrderedRows = { table: typeof boardGroups | typeof tasks; scope: "board_id" | "group_id" };
const GROUPS: OrderedRows = { table: boardGroups, scope: "board_id" };
const TASKS: OrderedRows = { table: tasks, scope: "group_id" };

/** After the scope's last row other than `exceptId` (max + 1; 1 for none). Call with the board locked. */
async function orderAtEnd(tx: Db, { table, scope }: OrderedRows, scopeId: number, exceptId: number | null) {
  const [row] = await queryRows<{ o: string }>(
    tx,
    sql`select trim_scale(coalesce(max("order") + 1, 1))::text as o from ${table}
        where ${sql.identifier(scope)} = ${scopeId} and id <> ${exceptId ?? 0}`,
  );
  return row?.o ?? "1";
}

/**
 * Right before the row `beforeId` of the scope: the midpoint between it and the row before it
 * other than `exceptId` (exact in numeric), or it − 1 when it is the first. Undefined when
 * `beforeId` is not in the scope.
 */
async function orderBefore(
  tx: Db,
  { table, scope }: OrderedRows,
  scopeId: number,
  beforeId: number,
  exceptId: number | null,
): Promise<string | undefined> {
  const column = sql.identifier(scope);
  const [row] = await queryRows<{ o: string }>(
    tx,
    sql`
    select trim_scale(case when p.prev is null then b."order" - 1 else (p.prev + b."order") * 0.5 end)::text as o
    from ${table} b,
      lateral (select max(x."order") as prev from ${table} x
               where x.${column} = b.${column} and x."order" < b."order" and x.id <> ${exceptId ?? 0}) p
    where b.id = ${beforeId} and b.${column} = ${scopeId}`,
  );
  return row?.o;
}

/** After the board's last group. Call with the board locked. */
export const groupOrderAtEnd = (tx: Db, boardId: number, exceptId: number | null) =>
  orderAtEnd(tx, GROUPS, boardId, exceptId);

/** Right before the group `beforeId` of the board (see orderBefore). */
export const groupOrderBefore = (tx: Db, boardId: number, beforeId: number, exceptId: number | null) =>
  orderBefore(tx, GROUPS, boardId, beforeId, exceptId);

export async function insertGroup(tx: Db, input: { boardId: number; name: string; order: string }) {
  const [row] = await tx.insert(boardGroups).values(input).returning(groupHead);
  if (!row) throw new Error("group insert returned nothing");
  return row;
}

export async function updateGroup(tx: Db, id: number, patch: { name?: string; order?: string }) {
  const [row] = await tx.update(boardGroups).set(patch).where(eq(boardGroups.id, id)).returning(groupHead);
  if (!row) throw new Error("group update returned nothing");
  return row;
}

export async function deleteGroup(tx: Db, id: number): Promise<void> {
  await tx.delete(boardGroups).where(eq(boardGroups.id, id));
}

// ---- projects ----

const projectFields = {
  id: boardProjects.id,
  uuid: boardProjects.uuid,
  name: boardProjects.name,
  color: boardProjects.color,
};

export async function projectsOf(db: Db, boardId: number) {
  return db.select(projectFields).from(boardProjects).where(eq(boardProjects.boardId, boardId));
}

export async function findProject(db: Db, uuid: string) {
  const [row] = await db
    .select({ ...projectFields, boardId: boardProjects.boardId })
    .from(boardProjects)
    .where(eq(boardProjects.uuid, uuid))
    .limit(1);
  return row;
}

export async function insertProject(tx: Db, input: { boardId: number; name: string; color: string }) {
  const [row] = await tx.insert(boardProjects).values(input).returning(projectFields);
  if (!row) throw new Error("project insert returned nothing");
  return row;
}

export async function updateProject(tx: Db, id: number, patch: { name?: string; color?: string }) {
  const [row] = await tx.update(boardProjects).set(patch).where(eq(boardProjects.id, id)).returning(projectFields);
  if (!row) throw new Error("project update returned nothing");
  return row;
}

/** Its tasks keep going without a project (the foreign key sets theirs to null; no new version). */
export async function deleteProject(tx: Db, id: number): Promise<void> {
  await tx.delete(boardProjects).where(eq(boardProjects.id, id));
}

// ---- tasks ----

const TASK_ID = sql.raw(`"tasks"."id"`);
const TASK_CHECKLIST = sql.raw(`"tasks"."checklist"`);

/** A task's card, as GET board lists it and every event carries it (one query for any number). */
const cardFields = {
  id: tasks.id,
  uuid: tasks.uuid,
  groupId: tasks.groupId,
  order: tasks.order,
  title: tasks.title,
  projectUuid: boardProjects.uuid,
  assigneeIds: sql<
    number[]
  >`coalesce((select array_agg(a.user_id order by a.user_id) from task_assignees a where a.task_id = ${TASK_ID}), '{}')`,
  dueDate: tasks.dueDate,
  tags: tasks.tags,
  checklistDone: sql<number>`(select count(*)::int from jsonb_array_elements(${TASK_CHECKLIST}) e
    where e->>'done' = 'true')`.mapWith(Number),
  checklistTotal: sql<number>`jsonb_array_length(${TASK_CHECKLIST})`.mapWith(Number),
  commentsCount: sql<number>`(select count(*)::int from task_comments c where c.task_id = ${TASK_ID})`.mapWith(Number),
  attachmentsCount: taskAttachmentsCount(TASK_ID),
  version: tasks.version,
  updatedAt: tasks.updatedAt,
};

export interface CardRow {
  id: number;
  uuid: string;
  groupId: number;
  order: string;
  title: string;
  projectUuid: string | null;
  assigneeIds: number[];
  dueDate: string | null;
  tags: { name: string; color: string }[];
  checklistDone: number;
  checklistTotal: number;
  commentsCount: number;
  attachmentsCount: number;
  version: number;
  updatedAt: Date;
}

/** Cards of the board's tasks (or only of `taskIds`), in `order`, then id. */
export async function taskCards(db: Db, boardId: number, taskIds?: readonly number[]): Promise<CardRow[]> {
  if (taskIds?.length === 0) return [];
  const rows = await db
    .select(cardFields)
    .from(tasks)
    .leftJoin(boardProjects, eq(boardProjects.id, tasks.projectId))
    .where(and(eq(tasks.boardId, boardId), taskIds ? inArray(tasks.id, [...taskIds]) : undefined))
    .orderBy(asc(tasks.order), asc(tasks.id));
  return rows.map((r) => ({ ...r, assigneeIds: r.assigneeIds.map(Number) }));
}

const creator = alias(users, "creator");

export async function findTask(db: Db, by: { uuid: string } | { id: number }) {
  const [row] = await db
    .select({
      id: tasks.id,
      uuid: tasks.uuid,
      boardId: tasks.boardId,
      groupId: tasks.groupId,
      order: tasks.order,
      description: tasks.description,
      checklist: tasks.checklist,
      dueDate: tasks.dueDate,
      createdAt: tasks.createdAt,
      creatorId: creator.id,
      creatorUsername: creator.username,
      creatorFirstName: creator.firstName,
      creatorLastName: creator.lastName,
    })
    .from(tasks)
    .leftJoin(creator, eq(creator.id, tasks.createdBy))
    .where("uuid" in by ? eq(tasks.uuid, by.uuid) : eq(tasks.id, by.id))
    .limit(1);
  return row;
}
export type TaskRow = NonNullable<Awaited<ReturnType<typeof findTask>>>;

/** The task `id` in the group, or undefined. */
export async function taskInGroup(db: Db, groupId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.groupId, groupId), eq(tasks.id, id)))
    .limit(1);
  return row !== undefined;
}

/** After the group's last task other than `exceptId`. Call with the board locked. */
export const taskOrderAtEnd = (tx: Db, groupId: number, exceptId: number | null) =>
  orderAtEnd(tx, TASKS, groupId, exceptId);

/** Right before the task `beforeId` of the group (see orderBefore). */
export const taskOrderBefore = (tx: Db, groupId: number, beforeId: number, exceptId: number | null) =>
  orderBefore(tx, TASKS, groupId, beforeId, exceptId);

export interface TaskValues {
  title?: string;
  description?: string;
  projectId?: number | null;
  dueDate?: string | null;
  tags?: { name: string; color: string }[];
  checklist?: { text: string; done: boolean }[];
  groupId?: number;
  order?: string;
}

export async function insertTask(
  tx: Db,
  input: TaskValues & { boardId: number; groupId: number; order: string; title: string; createdBy: number },
): Promise<number> {
  const [row] = await tx.insert(tasks).values(input).returning({ id: tasks.id });
  if (!row) throw new Error("task insert returned nothing");
  return row.id;
}

/** Changes a task and gives it a new version (also with no field changed: a comment, assignees). */
export async function updateTask(tx: Db, id: number, values: TaskValues): Promise<void> {
  await tx
    .update(tasks)
    .set({
      ...values,
      // A new due date deserves a reminder of its own.
      ...(values.dueDate !== undefined && { reminderSentAt: null }),
      version: sql`${tasks.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(tasks.id, id));
}

export async function setAssignees(tx: Db, taskId: number, userIds: readonly number[]): Promise<void> {
  await tx.delete(taskAssignees).where(eq(taskAssignees.taskId, taskId));
  if (userIds.length > 0) await tx.insert(taskAssignees).values(userIds.map((userId) => ({ taskId, userId })));
}

export async function deleteTask(tx: Db, id: number): Promise<void> {
  await tx.delete(tasks).where(eq(tasks.id, id));
}

// ---- comments ----

const author = alias(users, "author");

const commentFields = {
  id: taskComments.id,
  content: taskComments.content,
  createdAt: taskComments.createdAt,
  authorId: author.id,
  authorUsername: author.username,
  authorFirstName: author.firstName,
  authorLastName: author.lastName,
};
export type CommentRow = Awaited<ReturnType<typeof commentsOf>>[number];

/** A task's comments, oldest first. */
export async function commentsOf(db: Db, taskId: number) {
  return db
    .select(commentFields)
    .from(taskComments)
    .leftJoin(author, eq(author.id, taskComments.authorId))
    .where(eq(taskComments.taskId, taskId))
    .orderBy(asc(taskComments.id));
}

export async function insertComment(tx: Db, input: { taskId: number; authorId: number; content: string }) {
  const [inserted] = await tx.insert(taskComments).values(input).returning({ id: taskComments.id });
  if (!inserted) throw new Error("comment insert returned nothing");
  const [row] = await tx
    .select(commentFields)
    .from(taskComments)
    .leftJoin(author, eq(author.id, taskComments.authorId))
    .where(eq(taskComments.id, inserted.id));
  if (!row) throw new Error("comment vanished");
  return row;
}

export async function findComment(db: Db, id: number) {
  const [row] = await db
    .select({ id: taskComments.id, taskId: taskComments.taskId, authorId: taskComments.authorId })
    .from(taskComments)
    .where(eq(taskComments.id, id))
    .limit(1);
  return row;
}

export async function deleteComment(tx: Db, id: number): Promise<void> {
  await tx.delete(taskComments).where(eq(taskComments.id, id));
}

// ---- due-date reminders ----

/**
 * Marks every task due before `until` whose reminder has not gone out and answers them with their
 * assignees. One statement: of two instances running the job at once, only one claims a task.
 */
export async function claimDueTasks(tx: Db, until: Date) {
  const claimed = await tx
    .update(tasks)
    .set({ reminderSentAt: sql`now()` })
    .where(
      and(
        sql`${tasks.reminderSentAt} is null`,
        sql`${tasks.dueDate} is not null`,
        // A task is due at the start of its day, Moscow time (spec §9: the farms' clock).
        sql`(${tasks.dueDate}::timestamp at time zone 'Europe/Moscow') <= ${until.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: tasks.id, uuid: tasks.uuid, title: tasks.title, dueDate: tasks.dueDate });
  if (claimed.length === 0) return [];
  const assignees = await tx
    .select({ taskId: taskAssignees.taskId, userId: taskAssignees.userId })
    .from(taskAssignees)
    .where(
      inArray(
        taskAssignees.taskId,
        claimed.map((t) => t.id),
      ),
    );
  return claimed.map((task) => ({
    ...task,
    assigneeIds: assignees.filter((a) => a.taskId === task.id).map((a) => a.userId),
  }));
}

export async function insertNotifications(
  tx: Db,
  rows: readonly { userId: number; title: string; msg: string; link: string }[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(notifications).values([...rows]);
}
