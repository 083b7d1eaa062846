import { and, eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { boardGroups, boardProjects, boards, taskAssignees, taskComments, tasks, workspaces } from "../schema/index.ts";

export const DEMO_WORKSPACE_NAME = "Ферма «Заря»";
export const DEMO_BOARD_NAME = "Посевная 2026";

/** The demo users who work on the board (ids by demo username). */
export interface DemoBoardPeople {
  admin: number;
  zootech: number;
  viewer: number;
  client: number;
}
type Who = keyof DemoBoardPeople;

const GROUPS = ["К выполнению", "В работе", "На проверке", "Готово"] as const;
type Group = (typeof GROUPS)[number];
const PROJECTS = { feed: { name: "Корма", color: "#f08c00" }, repair: { name: "Ремонт техники", color: "#1c7ed6" } };
type Project = keyof typeof PROJECTS;

interface SeedTask {
  group: Group;
  title: string;
  description?: string;
  project?: Project;
  assignees?: Who[];
  /** Days from today; negative = overdue. */
  dueInDays?: number;
  tags?: { name: string; color: string }[];
  checklist?: { text: string; done: boolean }[];
  comment?: { from: Who; text: string };
}

const URGENT = { name: "срочно", color: "red" };
const FIELD = { name: "поле", color: "green" };
const HERD = { name: "стадо", color: "blue" };

const TASKS: SeedTask[] = [
  {
    group: "К выполнению",
    title: "Закупить семена ячменя «Владимир» — 18 т",
    description: "<p>Посев на полях №3 и №5, норма <b>200 кг/га</b>. Нужны сертификаты качества.</p>",
    assignees: ["admin"],
    dueInDays: 5,
    tags: [FIELD, URGENT],
  },
  {
    group: "К выполнению",
    title: "Заготовить сенаж из люцерны: первый укос",
    project: "feed",
    assignees: ["zootech"],
    dueInDays: 21,
    tags: [FIELD],
    checklist: [
      { text: "Проверить плёнку для упаковки рулонов", done: false },
      { text: "Договориться о пресс-подборщике", done: false },
    ],
  },
  {
    group: "К выполнению",
    title: "Провести ТО кормосмесителя Siloking",
    project: "repair",
    assignees: ["zootech"],
    dueInDays: 3,
    checklist: [
      { text: "Заменить ножи шнека", done: false },
      { text: "Проверить весовую систему", done: false },
      { text: "Смазать подшипники", done: false },
    ],
  },
  {
    group: "К выполнению",
    title: "Внести минеральные удобрения под яровые",
    assignees: ["admin", "client"],
    dueInDays: 9,
    tags: [FIELD],
  },
  {
    group: "В работе",
    title: "Подготовить сеялку Amazone к посевной",
    description:
      '<p>Откалибровать высев по <a href="https://www.amazone.de">инструкции производителя</a>.</p><ul><li>Сошники</li><li>Дозаторы</li></ul>',
    project: "repair",
    assignees: ["client"],
    dueInDays: 2,
    tags: [FIELD, URGENT],
    checklist: [
      { text: "Заменить изношенные сошники", done: true },
      { text: "Откалибровать дозаторы", done: false },
      { text: "Проверить маркёры", done: false },
    ],
    comment: { from: "zootech", text: "Сошники привезли, ставим завтра утром." },
  },
  {
    group: "В работе",
    title: "Пересчитать рацион дойного стада на весенний период",
    project: "feed",
    assignees: ["zootech"],
    dueInDays: 1,
    tags: [HERD],
    checklist: [
      { text: "Анализ силоса из траншеи №2", done: true },
      { text: "Баланс по обменной энергии", done: true },
      { text: "Согласовать с ветврачом", done: false },
    ],
  },
  {
    group: "В работе",
    title: "Отремонтировать гидравлику трактора МТЗ-1221",
    project: "repair",
    assignees: ["admin"],
    dueInDays: -1,
    tags: [URGENT],
  },
  {
    group: "В работе",
    title: "Вакцинация телят против ИРТ и ПГ-3",
    assignees: ["zootech"],
    dueInDays: 4,
    tags: [HERD],
  },
  {
    group: "На проверке",
    title: "Отбор проб почвы на полях №1–№6",
    assignees: ["client"],
    tags: [FIELD],
    checklist: [
      { text: "Поля №1–№3", done: true },
      { text: "Поля №4–№6", done: true },
    ],
  },
  {
    group: "На проверке",
    title: "Заключить договор на поставку жмыха подсолнечного",
    project: "feed",
    assignees: ["admin"],
    dueInDays: 6,
  },
  {
    group: "Готово",
    title: "Провести инвентаризацию кормов на складе",
    project: "feed",
    assignees: ["zootech", "viewer"],
    tags: [HERD],
  },
  {
    group: "Готово",
    title: "Заменить доильные стаканы в зале «Ёлочка»",
    project: "repair",
    assignees: ["zootech"],
  },
];

const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The demo task board: workspace «Ферма «Заря»» with the board «Посевная 2026» of four groups, its
 * projects «Корма» and «Ремонт техники», and a spring's tasks. Idempotent: nothing when the
 * company already has that workspace. Answers the board's uuid.
 */
export async function seedDemoBoards(db: Db, companyId: number, people: DemoBoardPeople): Promise<string> {
  const [existing] = await db
    .select({ uuid: boards.uuid })
    .from(workspaces)
    .innerJoin(boards, eq(boards.workspaceId, workspaces.id))
    .where(and(eq(workspaces.companyId, companyId), eq(workspaces.name, DEMO_WORKSPACE_NAME)))
    .limit(1);
  if (existing) return existing.uuid;
  return db.transaction(async (tx) => {
    const [workspace] = await tx
      .insert(workspaces)
      .values({ companyId, name: DEMO_WORKSPACE_NAME })
      .returning({ id: workspaces.id });
    if (!workspace) throw new Error("workspace insert returned nothing");
    const [board] = await tx
      .insert(boards)
      .values({ workspaceId: workspace.id, name: DEMO_BOARD_NAME, capacity: 20 })
      .returning({ id: boards.id, uuid: boards.uuid });
    if (!board) throw new Error("board insert returned nothing");
    const groups = await tx
      .insert(boardGroups)
      .values(GROUPS.map((name, i) => ({ boardId: board.id, name, order: String(i + 1) })))
      .returning({ id: boardGroups.id, name: boardGroups.name });
    const projects = await tx
      .insert(boardProjects)
      .values(Object.values(PROJECTS).map((p) => ({ boardId: board.id, ...p })))
      .returning({ id: boardProjects.id, name: boardProjects.name });
    const groupId = (name: Group) => groups.find((g) => g.name === name)?.id ?? 0;
    const projectId = (key: Project | undefined) =>
      key === undefined ? null : (projects.find((p) => p.name === PROJECTS[key].name)?.id ?? null);
    const perGroup = new Map<Group, number>();
    for (const seed of TASKS) {
      const order = (perGroup.get(seed.group) ?? 0) + 1;
      perGroup.set(seed.group, order);
      const [task] = await tx
        .insert(tasks)
        .values({
          boardId: board.id,
          groupId: groupId(seed.group),
          projectId: projectId(seed.project),
          order: String(order),
          title: seed.title,
          description: seed.description ?? "",
          dueDate: seed.dueInDays === undefined ? null : dayFromToday(seed.dueInDays),
          tags: seed.tags ?? [],
          checklist: seed.checklist ?? [],
          createdBy: people.zootech,
        })
        .returning({ id: tasks.id });
      if (!task) throw new Error("task insert returned nothing");
      const assignees = [...new Set((seed.assignees ?? []).map((who) => people[who]))];
      if (assignees.length > 0) {
        await tx.insert(taskAssignees).values(assignees.map((userId) => ({ taskId: task.id, userId })));
      }
      if (seed.comment) {
        await tx
          .insert(taskComments)
          .values({ taskId: task.id, authorId: people[seed.comment.from], content: seed.comment.text });
      }
    }
    return board.uuid;
  });
}
