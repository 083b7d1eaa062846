import type { ChatList, ChatMessage, ChatSummary } from "@nadoy/contract/chat";
import { applyChatEvent, type ChatState } from "@nadoy/contract/chat-state";
import type { MainServerMessage } from "@nadoy/contract/realtime";
import { Role } from "@nadoy/contract/roles";
import { expect } from "vitest";
import { accessTokenFor } from "../../../test/callers.ts";
import type { TestSocket } from "../../../test/sockets.ts";
import type { TestApp } from "../../../test/test-app.ts";
import { seedCompany } from "../../db/seed/companies.ts";
import { seedUser } from "../../db/seed/users.ts";
import { currentSeq } from "../../platform/realtime/event-log.ts";

// Test support for the chat tests: people in companies, and the chat routes with a caller's token.

export interface Person {
  id: number;
  username: string;
  token: string;
  api: ChatApi;
}

/** JSON calls of the chat routes with a caller's token (undefined = anonymous). */
export function chatApi(t: TestApp, token: string | undefined) {
  const call = (method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", url: string, payload?: unknown) =>
    t.request({ method, url: `/api/chat${url}`, token, ...(payload !== undefined && { payload: payload as object }) });
  return {
    call,
    chats: () => call("GET", "/chats/"),
    contacts: () => call("GET", "/contacts/"),
    create: (body: object) => call("POST", "/chats/", body),
    update: (uuid: string, body: object) => call("PATCH", `/chats/${uuid}/`, body),
    history: (uuid: string, query = "") => call("GET", `/chats/${uuid}/messages/${query}`),
    search: (uuid: string, q: string) => call("GET", `/chats/${uuid}/search/?q=${encodeURIComponent(q)}`),
    send: (uuid: string, body: object) => call("POST", `/chats/${uuid}/messages/`, body),
    edit: (id: number, content: string) => call("PATCH", `/messages/${id}/`, { content }),
    remove: (id: number) => call("DELETE", `/messages/${id}/`),
    pin: (id: number, pinned: boolean) => call("PUT", `/messages/${id}/pin/`, { pinned }),
    read: (uuid: string, lastReadId: number) => call("POST", `/chats/${uuid}/read/`, { last_read_id: lastReadId }),
    typing: (uuid: string) => call("POST", `/chats/${uuid}/typing/`),

    // Shortcuts that expect success and answer the body.
    async list(): Promise<ChatList> {
      return ok<ChatList>(await call("GET", "/chats/"), 200);
    },
    async group(title: string, memberIds: number[]): Promise<ChatSummary> {
      return ok<ChatSummary>(await call("POST", "/chats/", { kind: "group", title, member_ids: memberIds }), 201);
    },
    async direct(userId: number): Promise<ChatSummary> {
      return ok<ChatSummary>(await call("POST", "/chats/", { kind: "direct", user_id: userId }), 201);
    },
    async say(uuid: string, content: string, extra: object = {}): Promise<ChatMessage> {
      return ok<ChatMessage>(await call("POST", `/chats/${uuid}/messages/`, { content, ...extra }), 201);
    },
    async messages(uuid: string, query = ""): Promise<{ messages: ChatMessage[]; has_more: boolean }> {
      return ok(await call("GET", `/chats/${uuid}/messages/${query}`), 200);
    },
    async summary(uuid: string): Promise<ChatSummary> {
      const chat = (await this.list()).chats.find((c) => c.uuid === uuid);
      if (!chat) throw new Error(`chat ${uuid} is not in the list`);
      return chat;
    },
  };
}
export type ChatApi = ReturnType<typeof chatApi>;

/** The body of an answer with the expected status; fails with the server's answer otherwise. */
export function ok<T>(res: { statusCode: number; body: string; json: <J>() => J }, status: number): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}

export async function person(
  t: TestApp,
  input: {
    username: string;
    firstName?: string;
    lastName?: string;
    role?: number;
    companyIds?: number[];
    isSuperuser?: boolean;
    isActive?: boolean;
  },
): Promise<Person> {
  const user = await seedUser(t.database.db, {
    username: input.username,
    email: `${input.username}@example.com`,
    firstName: input.firstName ?? "",
    lastName: input.lastName ?? "",
    roles: input.role === undefined ? [] : [input.role],
    companyIds: input.companyIds ?? [],
    isSuperuser: input.isSuperuser ?? false,
    isActive: input.isActive ?? true,
  });
  const token = await accessTokenFor(t, user.id);
  return { id: user.id, username: user.username, token, api: chatApi(t, token) };
}

/** Another sign-in (session) of the same person: a second tab or device. */
export async function secondSession(t: TestApp, who: Person): Promise<Person> {
  const token = await accessTokenFor(t, who.id);
  return { ...who, token, api: chatApi(t, token) };
}

/**
 * A farm company with a zootechnician (Анна), a viewer (Борис), an admin (Вера, role 1) and a
 * client (Глеб); another company with its own zootechnician (Дмитрий); a superuser in none.
 */
export async function chatWorld(t: TestApp) {
  const { company } = await seedCompany(t.database.db, { name: "Агрохолдинг Заря" });
  const { company: other } = await seedCompany(t.database.db, { name: "Колхоз «Восход»" });
  const farm = [company.id];
  const anna = await person(t, {
    username: "anna",
    firstName: "Анна",
    lastName: "Зоотехникова",
    role: Role.zootechnician,
    companyIds: farm,
  });
  const boris = await person(t, {
    username: "boris",
    firstName: "Борис",
    lastName: "Наблюдаев",
    role: Role.viewer,
    companyIds: farm,
  });
  const vera = await person(t, {
    username: "vera",
    firstName: "Вера",
    lastName: "Админова",
    role: Role.admin,
    companyIds: farm,
  });
  const gleb = await person(t, { username: "gleb", role: Role.client, companyIds: farm });
  const dmitry = await person(t, {
    username: "dmitry",
    firstName: "Дмитрий",
    lastName: "Чужой",
    role: Role.zootechnician,
    companyIds: [other.id],
  });
  const root = await person(t, { username: "root", firstName: "Рут", isSuperuser: true });
  return { company, other, anna, boris, vera, gleb, dmitry, root };
}

export const numbered = (m: MainServerMessage): m is Extract<MainServerMessage, { seq: number }> =>
  "seq" in m && m.msg_type !== "SYNC";

/** The last ≤50 messages of a chat, ascending, as the chat page holds them. */
export async function historyOf(who: Person, uuid: string): Promise<ChatMessage[]> {
  return (await who.api.messages(uuid)).messages.reverse();
}

/**
 * A browser tab as the chat page runs it: a main socket, the state built from the first fetch plus
 * every event received (applyChatEvent, the browser's own reducer), and the chats it has opened.
 */
export class ChatClient {
  state: ChatState = { seq: 0, chats: [], histories: {} };
  /** How many of the socket's messages are in the state. */
  private applied = 0;

  constructor(
    private readonly t: TestApp,
    readonly who: Person,
    public socket: TestSocket,
  ) {}

  /** The first fetch: the list, then the history of every chat in it. */
  async load(): Promise<void> {
    const list = await this.who.api.list();
    // What arrived before the fetch: numbered events may be newer than it; presence is not.
    const early = this.socket.received.filter(numbered);
    this.applied = this.socket.received.length;
    this.state = { seq: list.seq, chats: list.chats, histories: {} };
    for (const chat of list.chats) this.state.histories[chat.uuid] = await historyOf(this.who, chat.uuid);
    for (const m of early) this.state = applyChatEvent(this.state, m, this.who.id);
  }

  /** Opens a chat that appeared after the first fetch: its history joins the state. */
  async open(uuid: string): Promise<void> {
    const history = await historyOf(this.who, uuid);
    this.state = { ...this.state, histories: { ...this.state.histories, [uuid]: history } };
  }

  /** Carries on with a new socket (a reconnect): its messages are applied from the first. */
  replaceSocket(socket: TestSocket): void {
    this.socket = socket;
    this.applied = 0;
  }

  /** Waits until the socket has every event of the user's channel so far, and applies what came. */
  async settle(): Promise<void> {
    const last = await currentSeq(this.t.database.db, "main", String(this.who.id));
    if (last > 0 && !this.socket.received.some((m) => numbered(m) && m.seq === last)) {
      await this.socket.next((m) => numbered(m) && m.seq === last, `event ${last} for ${this.who.username}`);
    }
    const received = this.socket.received;
    for (let i = this.applied; i < received.length; i++) {
      const m = received[i];
      if (!m) continue;
      this.state = applyChatEvent(this.state, m, this.who.id);
      // A reconnect replays chats as they were (CHAT_UPDATED with the presence of its time) after
      // the socket's presence snapshot: once the replay is over (SYNC), the latest list applies again.
      if (m.msg_type === "SYNC") {
        const presence = received.slice(0, i).findLast((x) => x.msg_type.startsWith("SITE_"));
        if (presence) this.state = applyChatEvent(this.state, presence, this.who.id);
      }
    }
    this.applied = received.length;
  }

  /** What a fresh page load would show, for the chats this client has opened. */
  async fresh(): Promise<Omit<ChatState, "seq">> {
    const list = await this.who.api.list();
    const histories: Record<string, ChatMessage[]> = {};
    for (const uuid of Object.keys(this.state.histories)) histories[uuid] = await historyOf(this.who, uuid);
    return { chats: list.chats, histories };
  }

  /** The state without its number, to compare with `fresh()`. */
  built(): Omit<ChatState, "seq"> {
    const { seq: _seq, ...rest } = this.state;
    return rest;
  }

  /** The numbers of the events the current socket received, and the SYNC's number they follow. */
  sequence(): { from: number; seqs: number[] } {
    const sync = this.socket.received.find((m) => m.msg_type === "SYNC");
    return {
      from: sync?.msg_type === "SYNC" ? sync.seq : -1,
      seqs: this.socket.received.filter(numbered).map((m) => m.seq),
    };
  }
}
