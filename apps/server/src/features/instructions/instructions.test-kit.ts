import type {
  InstructionDetail,
  InstructionInput,
  InstructionItem,
  ManagedInstruction,
} from "@nadoy/contract/instructions";
import { desc, like } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { TestApp } from "../../../test/test-app.ts";
import { auditLog } from "../../db/schema/index.ts";

// What the instructions tests share: calls of every route as one caller, and the audit entries.

export function ok<T>(res: LightMyRequestResponse, status: number): T {
  expect(res.statusCode, res.body).toBe(status);
  return (res.body ? res.json() : undefined) as T;
}

export type InstructionPatch = Partial<Omit<InstructionInput, "title">> & { title?: string };

export function instructionsApi(t: TestApp, token: string | undefined) {
  const call = (method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", url: string, payload?: object) =>
    t.request({ method, url, token, ...(payload && { payload }) });
  const api = {
    list: (q?: string) =>
      t.request({ method: "GET", url: "/api/instructions/", token, ...(q !== undefined && { query: { q } }) }),
    read: (uuid: string) => call("GET", `/api/instructions/${uuid}/`),
    manageList: () => call("GET", "/api/manage/instructions/"),
    create: (input: InstructionInput | Record<string, unknown>) => call("POST", "/api/manage/instructions/", input),
    get: (uuid: string) => call("GET", `/api/manage/instructions/${uuid}/`),
    update: (uuid: string, patch: InstructionPatch | Record<string, unknown>) =>
      call("PATCH", `/api/manage/instructions/${uuid}/`, patch),
    remove: (uuid: string) => call("DELETE", `/api/manage/instructions/${uuid}/`),
    reorder: (uuids: string[]) => call("PUT", "/api/manage/instructions/order/", { uuids }),

    /** Creates an article (201 expected). */
    created: async (input: InstructionInput) => ok<ManagedInstruction>(await api.create(input), 201),
    /** Creates a published article. */
    published: (input: InstructionInput) => api.created({ published: true, ...input }),
    /** The readers' list (200 expected). */
    items: async (q?: string) => ok<InstructionItem[]>(await api.list(q), 200),
    titles: async (q?: string) => (await api.items(q)).map((item) => item.title),
    article: async (uuid: string) => ok<InstructionDetail>(await api.read(uuid), 200),
    managed: async () => ok<Omit<ManagedInstruction, "body" | "attachments">[]>(await api.manageList(), 200),
  };
  return api;
}
export type InstructionsApi = ReturnType<typeof instructionsApi>;

/** The audit entries of instructions, oldest first, with their details parsed. */
export async function instructionsAudit(t: TestApp) {
  const rows = await t.database.db
    .select()
    .from(auditLog)
    .where(like(auditLog.action, "instruction%"))
    .orderBy(desc(auditLog.id));
  return rows.reverse().map((r) => ({
    action: r.action,
    userId: r.userId,
    details:
      r.details === null ? null : (JSON.parse(r.details) as { id: number | null; before: unknown; after: unknown }),
  }));
}
