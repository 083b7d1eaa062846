import { randomUUID } from "node:crypto";
import { ROLE_IDS } from "@nadoy/contract/roles";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import {
  dtmEntries,
  herdAnimals,
  keygenWorkspaces,
  monitoringSeries,
  monitoringSites,
  userDatabaseAccess,
  userDatabases,
  userDtmAccess,
  userIframeGroups,
  users,
} from "../../src/db/schema/index.ts";
import { seedCompany } from "../../src/db/seed/companies.ts";
import { solidPng } from "../../src/db/seed/png.ts";
import { seedFeedbackList, seedListRows } from "../../src/db/seed/table-lists.ts";
import { seedUser } from "../../src/db/seed/users.ts";
import { accessTokenFor } from "../callers.ts";
import { SAMPLE_FILES, uploadFile } from "../files.ts";
import type { TestApp } from "../test-app.ts";
import { WHO, type Who } from "./types.ts";

// The seeded world every row is called against, made once: company A (callers' company) and
// company B (the other-company caller's), with one of each kind of thing the routes name. Built
// through the API as the superuser where it can be (so it is what users would have made), with
// the seed helpers for what has no route (users, companies, a published form).

export interface MatrixFixture {
  t: TestApp;
  tokens: Record<Who, string | undefined>;
  ids: Record<Exclude<Who, "anonymous">, number>;
  companyA: { id: number; uuid: string };
  companyB: { id: number; uuid: string };
  farmA: { uuid: string };
  list: {
    uuid: string;
    name: string;
    formLink: string;
    columnUuid: string;
    columnName: string;
    tagColumnUuid: string;
    rowUuid: string;
  };
  board: {
    workspaceUuid: string;
    boardUuid: string;
    groupUuid: string;
    groupId: number;
    groupName: string;
    projectUuid: string;
    taskUuid: string;
    taskAttachmentUuid: string;
    /** A second board for tasks created and deleted by the delete rows, so the fixture's groups stay as they are. */
    scratchBoardUuid: string;
    scratchGroupUuid: string;
  };
  chat: { uuid: string; messageId: number };
  newsId: number;
  instructionUuid: string;
  report: { uuid: string; groupPk: number };
  databaseUuid: string;
  /** An animal of the herd database, which every caller is given (the other company's user too: still 404). */
  herdAnimalUuid: string;
  /** Company A's monitoring database, given to every caller as the herd one is, with a site, a sensor and a state channel. */
  monitoring: { uuid: string; siteId: number; sensorId: number; stateId: number };
  dtmUuid: string;
  /** Company A's keygen workspace (made with the company). */
  keygenWorkspaceUuid: string;
  contentImageUuid: string;
  /** The superuser's JSON call; fails unless the status is `status`. Used to seed and to make fresh resources. */
  su<T = Record<string, unknown>>(method: string, url: string, body: unknown, status: number): Promise<T>;
}

function expectStatus(res: LightMyRequestResponse, status: number, what: string): void {
  if (res.statusCode !== status) throw new Error(`${what}: expected ${status}, got ${res.statusCode}: ${res.body}`);
}

export async function seedMatrixFixture(t: TestApp): Promise<MatrixFixture> {
  const db = t.database.db;
  const a = await seedCompany(db, { name: "Агрохолдинг Заря", farms: [{ name: "МТФ «Заря-1»" }] });
  const b = await seedCompany(db, { name: "Колхоз «Восход»", farms: [{ name: "МТФ «Восход»" }] });
  const farm = a.farms[0];
  if (!farm) throw new Error("company A has a farm");

  const tokens = { anonymous: undefined } as Record<Who, string | undefined>;
  const ids = {} as Record<Exclude<Who, "anonymous">, number>;
  const add = async (who: Exclude<Who, "anonymous">, input: Parameters<typeof seedUser>[1]) => {
    const user = await seedUser(db, { email: `${input.username}@example.com`, ...input });
    ids[who] = user.id;
    tokens[who] = await accessTokenFor(t, user.id);
  };
  for (const role of ROLE_IDS) {
    await add(`role ${role}` as Exclude<Who, "anonymous">, {
      username: `matrix_role${role}`,
      firstName: "Роль",
      lastName: String(role),
      roles: [role],
      companyIds: [a.company.id],
    });
  }
  await add("superuser", { username: "matrix_super", isSuperuser: true });
  await add("other company", { username: "matrix_other", roles: [3], companyIds: [b.company.id] });

  const su = async <T = Record<string, unknown>>(method: string, url: string, body: unknown, status: number) => {
    const res = await t.request({
      method: method as "GET",
      url,
      token: tokens.superuser,
      ...(body !== undefined && { payload: body as object }),
    });
    expectStatus(res, status, `${method} ${url}`);
    return (res.body ? res.json() : undefined) as T;
  };

  // A list with a published form, a column and a row.
  const feedback = await seedFeedbackList(db, a.company.id, ids["role 3"], { uuidLink: randomUUID() });
  await seedListRows(db, feedback.list.id, ids["role 3"], [{}]);
  const listState = await su<{ rows: { uuid: string }[]; columns: { uuid: string; name: string }[] }>(
    "GET",
    `/api/tableLists/lists/${feedback.list.uuid}/`,
    undefined,
    200,
  );
  const rowUuid = listState.rows[0]?.uuid;
  const columnUuid = listState.columns[0]?.uuid;
  const columnName = listState.columns[0]?.name ?? "";
  if (!rowUuid || !columnUuid) throw new Error("the list has a row and a column");

  // A workspace, a board with its default groups, a project, a task with a comment and a file.
  const workspace = await su<{ uuid: string }>(
    "POST",
    "/api/workspaces/",
    { company_uuid: a.company.uuid, name: "Ферма" },
    201,
  );
  const board = await su<{ uuid: string }>(
    "POST",
    "/api/boards/",
    { workspace_uuid: workspace.uuid, name: "Посевная" },
    201,
  );
  const scratch = await su<{ uuid: string }>(
    "POST",
    "/api/boards/",
    { workspace_uuid: workspace.uuid, name: "Черновик" },
    201,
  );
  const groupsOf = async (uuid: string) =>
    (await su<{ groups: { uuid: string; id: number; name: string }[] }>("GET", `/api/boards/${uuid}/`, undefined, 200))
      .groups;
  const [group] = await groupsOf(board.uuid);
  const [scratchGroup] = await groupsOf(scratch.uuid);
  if (!group || !scratchGroup) throw new Error("a new board has groups");
  const project = await su<{ uuid: string }>(
    "POST",
    `/api/boards/${board.uuid}/projects/`,
    { name: "Корма", color: "#2f9e44" },
    201,
  );
  const task = await su<{ uuid: string }>(
    "POST",
    `/api/boards/${board.uuid}/tasks/`,
    { group_uuid: group.uuid, title: "Заготовить силос" },
    201,
  );
  const upload = await uploadFile(t, tokens.superuser, "акт.pdf", SAMPLE_FILES.pdf);
  expectStatus(upload, 201, "upload");
  const taskFile = upload.json<{ uuid: string }>();
  await su("POST", `/api/tasks/${task.uuid}/attachments/`, { attachment_uuids: [taskFile.uuid] }, 200);

  // A group chat of company A's callers (the superuser, who made it, is a member too) with a message.
  const memberIds = ROLE_IDS.map((role) => ids[`role ${role}` as Exclude<Who, "anonymous">]);
  const chat = await su<{ uuid: string }>(
    "POST",
    "/api/chat/chats/",
    { kind: "group", title: "Дойка", member_ids: memberIds },
    201,
  );
  const message = await su<{ id: number }>(
    "POST",
    `/api/chat/chats/${chat.uuid}/messages/`,
    { content: "Привет" },
    201,
  );

  // A news item for company A, a published instruction for everyone, a content image.
  const news = await su<{ id: number }>(
    "POST",
    "/api/manage/news/",
    { title: "Для Зари", audience: { kind: "companies", company_uuids: [a.company.uuid] } },
    201,
  );
  await su(
    "POST",
    `/api/manage/news/${news.id}/publish/`,
    { publish_at: new Date(Date.now() - 3600_000).toISOString() },
    200,
  );
  const instruction = await su<{ uuid: string }>(
    "POST",
    "/api/manage/instructions/",
    { title: "Как доить корову", body: "<p>Тихо.</p>", published: true },
    201,
  );
  const image = await t.request({
    method: "POST",
    url: "/api/content/images/?name=cover.png",
    token: tokens.superuser,
    headers: { "content-type": "application/octet-stream" },
    payload: solidPng(2, 2, [255, 255, 255]),
  });
  expectStatus(image, 201, "content image");

  // A report of company A in a group given to every signed-in caller (the other company's too:
  // a report tied to a company is still shown only to its members).
  const report = await su<{ uuid: string }>(
    "POST",
    "/api/admin/reports/",
    { title: "Надои", tag: "custom_reports", url: "https://bi.example/r", company_uuid: a.company.uuid },
    201,
  );
  const reportGroup = await su<{ pk: number }>(
    "POST",
    "/api/admin/iframe-groups/",
    { title: "Молоко", report_uuids: [report.uuid] },
    201,
  );
  await db
    .insert(userIframeGroups)
    .values(WHO.filter((w) => w !== "anonymous").map((w) => ({ userId: ids[w], groupId: reportGroup.pk })));

  const database = await su<{ uuid: string }>(
    "POST",
    `/api/admin/businesses/${a.company.uuid}/databases/`,
    { name: "Стадо", server: "dc305.test", db_name: "herd_main", kind: "herd" },
    201,
  );
  // The herd database is given to every caller; the other company's user is not a member of
  // company A, so it stays invisible to them all the same (404).
  const [herdDatabase] = await db
    .select({ id: userDatabases.id })
    .from(userDatabases)
    .where(eq(userDatabases.uuid, database.uuid));
  if (!herdDatabase) throw new Error("the herd database exists");
  await db
    .insert(userDatabaseAccess)
    .values(WHO.filter((w) => w !== "anonymous").map((w) => ({ userId: ids[w], databaseId: herdDatabase.id })));
  // Every caller may upload DC305 files as far as the flag goes: the herd upload rows test the roles.
  await db.update(users).set({ dc305: true });
  const [animal] = await db
    .insert(herdAnimals)
    .values({ databaseId: herdDatabase.id, barnNumber: "33", birthDate: "2020-10-23", status: "milking", lact: 3 })
    .returning({ uuid: herdAnimals.uuid });
  if (!animal) throw new Error("the animal exists");
  const monitoring = await su<{ uuid: string }>(
    "POST",
    `/api/admin/businesses/${a.company.uuid}/databases/`,
    { name: "Датчики", server: "sensors.test", db_name: "sensors_main", kind: "monitoring" },
    201,
  );
  const [monitoringDatabase] = await db
    .select({ id: userDatabases.id })
    .from(userDatabases)
    .where(eq(userDatabases.uuid, monitoring.uuid));
  if (!monitoringDatabase) throw new Error("the monitoring database exists");
  await db
    .insert(userDatabaseAccess)
    .values(WHO.filter((w) => w !== "anonymous").map((w) => ({ userId: ids[w], databaseId: monitoringDatabase.id })));
  const [site] = await db
    .insert(monitoringSites)
    .values({ databaseId: monitoringDatabase.id, name: "МТФ «Заря-1»", timeZone: "Europe/Moscow" })
    .returning();
  if (!site) throw new Error("the site exists");
  const [sensor, stateChannel] = await db
    .insert(monitoringSeries)
    .values([
      { databaseId: monitoringDatabase.id, siteId: site.id, kind: "sensor", name: "Температура", unit: "°C" },
      { databaseId: monitoringDatabase.id, siteId: site.id, kind: "state", name: "Компрессор" },
    ])
    .returning({ id: monitoringSeries.id });
  if (!sensor || !stateChannel) throw new Error("the series exist");
  const dtm = await su<{ uuid: string }>(
    "POST",
    `/api/admin/businesses/${a.company.uuid}/dtm/`,
    { company_code: "ZR-001" },
    201,
  );
  // Given to every caller: the members of company A see it, the other company's user does not.
  const [dtmEntry] = await db.select({ id: dtmEntries.id }).from(dtmEntries).where(eq(dtmEntries.uuid, dtm.uuid));
  if (!dtmEntry) throw new Error("the DTM entry exists");
  await db
    .insert(userDtmAccess)
    .values(WHO.filter((w) => w !== "anonymous").map((w) => ({ userId: ids[w], dtmEntryId: dtmEntry.id })));
  const [keygen] = await db
    .select({ uuid: keygenWorkspaces.uuid })
    .from(keygenWorkspaces)
    .where(eq(keygenWorkspaces.companyId, a.company.id));
  if (!keygen) throw new Error("company A has its keygen workspace");

  return {
    t,
    tokens,
    ids,
    companyA: a.company,
    companyB: b.company,
    farmA: farm,
    list: {
      uuid: feedback.list.uuid,
      name: feedback.list.name,
      formLink: feedback.form.uuidLink,
      columnUuid,
      columnName,
      tagColumnUuid: feedback.columns.topics ?? "",
      rowUuid,
    },
    board: {
      workspaceUuid: workspace.uuid,
      boardUuid: board.uuid,
      groupUuid: group.uuid,
      groupId: group.id,
      groupName: group.name,
      projectUuid: project.uuid,
      taskUuid: task.uuid,
      taskAttachmentUuid: taskFile.uuid,
      scratchBoardUuid: scratch.uuid,
      scratchGroupUuid: scratchGroup.uuid,
    },
    chat: { uuid: chat.uuid, messageId: message.id },
    newsId: news.id,
    instructionUuid: instruction.uuid,
    report: { uuid: report.uuid, groupPk: reportGroup.pk },
    databaseUuid: database.uuid,
    herdAnimalUuid: animal.uuid,
    monitoring: { uuid: monitoring.uuid, siteId: site.id, sensorId: sensor.id, stateId: stateChannel.id },
    dtmUuid: dtm.uuid,
    keygenWorkspaceUuid: keygen.uuid,
    contentImageUuid: image.json<{ uuid: string }>().uuid,
    su,
  };
}
