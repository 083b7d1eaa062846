import type { MainServerMessage } from "@nadoy/contract/realtime";
import { Role } from "@nadoy/contract/roles";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { contentEditorsApi, newEditor, newPerson } from "../../../test/content-editors.ts";
import { connected, connectUser, socketBase } from "../../../test/sockets.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { seedCompany } from "../../db/seed/companies.ts";

let t: TestApp;
let api: ReturnType<typeof contentEditorsApi>;

beforeAll(async () => {
  t = await startTestApp();
  api = contentEditorsApi(t);
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const changed = (m: MainServerMessage) => m.msg_type === "NOTIFICATIONS_CHANGED";

describe("NOTIFICATIONS_CHANGED on the main socket", () => {
  it("reaches a connected recipient at once, and not a connected non-recipient", async () => {
    const editor = await newEditor(t);
    const anna = await newPerson(t, "anna", { roles: [Role.client] });
    // Борис and the latecomer share a company, so that Борис is told when the latecomer comes.
    const { company } = await seedCompany(t.database.db, { name: "Заря" });
    const boris = await newPerson(t, "boris", { roles: [Role.zootechnician], companyIds: [company.id] });
    const late = await newPerson(t, "late", { roles: [Role.viewer], companyIds: [company.id] });
    const base = await socketBase(t);
    const annaSocket = await connectUser(base, anna.token, anna.id);
    const borisSocket = await connectUser(base, boris.token, boris.id);

    const res = await api.send(editor.token, {
      title: "Отчёт готов",
      msg: "…",
      audience: { kind: "users", user_ids: [anna.id] },
    });

    expect(res.statusCode).toBe(201);
    await annaSocket.next(changed, "Анна's NOTIFICATIONS_CHANGED");
    // A later message on the same socket: had Борис been told, it would have come first.
    const lateSocket = await connectUser(base, late.token, late.id);
    await borisSocket.next(connected(late.id), "the later presence message");
    expect(borisSocket.received.filter(changed)).toEqual([]);
    expect((await api.bell(anna.token)).map((n) => n.title)).toEqual(["Отчёт готов"]);
    await Promise.all([annaSocket.close(), borisSocket.close(), lateSocket.close()]);
  });

  it("does not fail the send when the socket message cannot be published", async () => {
    const editor = await newEditor(t);
    const anna = await newPerson(t, "anna", { roles: [Role.client] });
    const publish = vi.spyOn(t.app.realtime, "publish").mockRejectedValue(new Error("redis is down"));
    try {
      const res = await api.send(editor.token, { title: "Всё равно", msg: "…", audience: { kind: "all" } });

      expect(res.statusCode).toBe(201);
      expect(publish).toHaveBeenCalled();
      expect((await api.bell(anna.token)).map((n) => n.title)).toEqual(["Всё равно"]);
    } finally {
      publish.mockRestore();
    }
  });
});
