import { and, eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { chatMembers, chatMessages, chats } from "../schema/index.ts";

export const DEMO_GROUP_CHAT_TITLE = "Ферма «Заря» — дойка";
export const DEMO_CHAT_APPLICATION = "1С:Предприятие";

/** The demo users who chat (ids by demo username). */
export interface DemoChatPeople {
  admin: number;
  zootech: number;
  viewer: number;
  client: number;
}

type Who = keyof DemoChatPeople;

interface SeedMessage {
  from: Who;
  text: string;
  hoursAgo: number;
  /** Index (in this list) of the message it answers. */
  replyTo?: number;
  application?: string;
  pinned?: boolean;
}

const GROUP_MESSAGES: SeedMessage[] = [
  {
    from: "zootech",
    text: "Доброе утро! Утренняя дойка на МТФ «Заря-1» закончена, надоено 4 120 кг.",
    hoursAgo: 5,
  },
  { from: "admin", text: "Спасибо. Сколько коров в группе 3 на лечении?", hoursAgo: 4.8 },
  {
    from: "zootech",
    text: "Шесть коров с маститом, их молоко собираем отдельно и не сдаём.",
    hoursAgo: 4.5,
    replyTo: 1,
  },
  {
    from: "admin",
    text: "Сдача молока за 25 ноября: 3 980 кг, сорт высший, жир 3,8 %, белок 3,2 %.",
    hoursAgo: 4,
    application: DEMO_CHAT_APPLICATION,
  },
  { from: "viewer", text: "Танк охладили до 4 °C, машина с молокозавода будет в 14:00.", hoursAgo: 3 },
  {
    from: "admin",
    text: "С понедельника вечерняя дойка начинается в 17:30. Операторам быть к 17:15.",
    hoursAgo: 2,
    pinned: true,
  },
  { from: "client", text: "Хороший надой, спасибо всей смене!", hoursAgo: 1 },
  { from: "zootech", text: "Вечернюю дойку сегодня начинаем уже по новому графику.", hoursAgo: 0.5 },
];

const DIRECT_MESSAGES: SeedMessage[] = [
  { from: "admin", text: "Иван, подготовь, пожалуйста, отчёт по отёлам за неделю.", hoursAgo: 26 },
  { from: "zootech", text: "Хорошо, к пятнице будет.", hoursAgo: 25 },
  {
    from: "zootech",
    text: "Отчёт готов: 12 отёлов, из них 7 тёлочек. Выложил в раздел «Отчёты».",
    hoursAgo: 3,
    replyTo: 0,
  },
];

/** How far each member has read, as an index into the chat's messages. */
type ReadMarks = Partial<Record<Who, number>>;

interface NewChat {
  chatId: number;
  messages: SeedMessage[];
  marks: ReadMarks;
}

/**
 * The histories of new chats, written in time order across chats: message ids then follow time,
 * as they do when people write (the chat list is ordered by the newest message id).
 */
async function insertHistories(tx: Db, people: DemoChatPeople, created: NewChat[]): Promise<void> {
  const ids = new Map<NewChat, number[]>(created.map((c) => [c, []]));
  const timeline = created
    .flatMap((chat) => chat.messages.map((message, index) => ({ chat, message, index })))
    .sort((a, b) => b.message.hoursAgo - a.message.hoursAgo);
  for (const { chat, message: m } of timeline) {
    const chatIds = ids.get(chat) ?? [];
    const at = new Date(Date.now() - m.hoursAgo * 3600_000);
    const [row] = await tx
      .insert(chatMessages)
      .values({
        chatId: chat.chatId,
        senderId: people[m.from],
        content: m.text,
        replyToId: m.replyTo === undefined ? null : (chatIds[m.replyTo] ?? null),
        application: m.application ?? null,
        createdAt: at,
        pinnedAt: m.pinned ? at : null,
      })
      .returning({ id: chatMessages.id });
    if (!row) throw new Error("chat message insert returned nothing");
    chatIds.push(row.id);
  }
  for (const chat of created) {
    for (const [who, index] of Object.entries(chat.marks) as [Who, number][]) {
      await tx
        .update(chatMembers)
        .set({ lastReadId: ids.get(chat)?.[index] ?? 0 })
        .where(and(eq(chatMembers.chatId, chat.chatId), eq(chatMembers.userId, people[who])));
    }
  }
}

/**
 * Two demo chats with history: the farm's milking group (tied to the 1C application, with a reply,
 * a pinned message and a message posted by 1C) and a direct chat between the zootechnician and the
 * admin. Idempotent: a chat that is already there is left as it is.
 */
export async function seedDemoChats(db: Db, people: DemoChatPeople): Promise<void> {
  await db.transaction(async (tx) => {
    const created: NewChat[] = [];
    const [group] = await tx
      .select({ id: chats.id })
      .from(chats)
      .where(and(eq(chats.kind, "group"), eq(chats.title, DEMO_GROUP_CHAT_TITLE)));
    if (!group) {
      const [chat] = await tx
        .insert(chats)
        .values({
          kind: "group",
          title: DEMO_GROUP_CHAT_TITLE,
          application: DEMO_CHAT_APPLICATION,
          createdBy: people.admin,
        })
        .returning({ id: chats.id });
      if (!chat) throw new Error("chat insert returned nothing");
      const members: Who[] = ["admin", "zootech", "viewer", "client"];
      await tx.insert(chatMembers).values(members.map((who) => ({ chatId: chat.id, userId: people[who] })));
      // The zootechnician has read everything; the others are behind by a message or a few.
      created.push({
        chatId: chat.id,
        messages: GROUP_MESSAGES,
        marks: { admin: 5, zootech: 7, viewer: 4, client: 6 },
      });
    }

    const { admin, zootech } = people;
    const directKey = admin < zootech ? `${admin}:${zootech}` : `${zootech}:${admin}`;
    const [direct] = await tx.select({ id: chats.id }).from(chats).where(eq(chats.directKey, directKey));
    if (!direct) {
      const [chat] = await tx
        .insert(chats)
        .values({ kind: "direct", directKey, createdBy: admin })
        .returning({ id: chats.id });
      if (!chat) throw new Error("chat insert returned nothing");
      await tx.insert(chatMembers).values([
        { chatId: chat.id, userId: admin },
        { chatId: chat.id, userId: zootech },
      ]);
      // The admin has not read the finished report yet.
      created.push({ chatId: chat.id, messages: DIRECT_MESSAGES, marks: { admin: 1, zootech: 2 } });
    }
    await insertHistories(tx, people, created);
  });
}
