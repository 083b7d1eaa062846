import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { boardWorld, ok } from "../features/boards/boards.test-kit.ts";
import { parseWellFormedJson, wellFormed } from "./well-formed-json.ts";

// A lone surrogate escape in JSON ("\ud800") is text no column can hold as sent: jsonb refused it
// with a 500 (the fuzzer's counterexample on task tags). Now every JSON body is made well-formed
// at the door, and the same U+FFFD lands in jsonb and text columns alike.

describe("well-formed JSON", () => {
  it("replaces lone surrogates in strings and keys, and keeps pairs, numbers and nesting", () => {
    const parsed = parseWellFormedJson('{"a\\udc00":["x\\ud800y","\\ud83d\\udc04",1,null,{"b":"\\udfff"}]}');
    expect(parsed).toEqual({ "a\uFFFD": ["x\uFFFDy", "🐄", 1, null, { b: "\uFFFD" }] });
  });

  it("keeps a __proto__ key a plain key instead of a prototype", () => {
    const value = wellFormed(JSON.parse('{"__proto__":{"polluted":"\\ud800"}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("returns text without surrogate escapes as JSON.parse does", () => {
    const text = '{"name":"Коровник №2","n":[1,2]}';
    expect(parseWellFormedJson(text)).toEqual(JSON.parse(text));
  });
});

describe("a lone surrogate in a request body", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("is saved as U+FFFD in a task's tags (jsonb) and title (text), not a 500", async () => {
    const w = await boardWorld(t);
    const task = await w.maker.newTask(w.board.uuid, w.todo.uuid, "Осмотр");
    const res = await t.request({
      method: "PATCH",
      url: `/api/tasks/${task.uuid}/`,
      token: w.byLabel("role 3").token,
      headers: { "content-type": "application/json" },
      payload: '{"title":"Осмотр \\ud800","tags":[{"name":"\\udc00 корма","color":""},{"name":"🐄","color":""}]}',
    });
    ok(res, 200);
    const saved = ok<{ task: { title: string; tags: { name: string }[] } }>(await w.maker.task(task.uuid), 200);
    expect(saved.task.title).toBe("Осмотр \uFFFD");
    expect(saved.task.tags.map((tag) => tag.name)).toEqual(["\uFFFD корма", "🐄"]);
  });

  it("still answers 400 to broken JSON and to a prototype-poisoning body", async () => {
    const w = await boardWorld(t, "Второе хозяйство");
    const task = await w.maker.newTask(w.board.uuid, w.todo.uuid, "Осмотр");
    for (const payload of ['{"title":"\\ud800"', '{"__proto__":{"x":1},"title":"a"}']) {
      const res = await t.request({
        method: "PATCH",
        url: `/api/tasks/${task.uuid}/`,
        token: w.byLabel("role 3").token,
        headers: { "content-type": "application/json" },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });
});
