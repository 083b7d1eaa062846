import { describe, expect, it } from "vitest";
import { z } from "zod";
import { JsonTexts } from "./pre-serialized-json.ts";

const route = {
  method: "GET",
  path: "/t",
  response: z.object({
    rows: z.array(z.object({ name: z.string(), values: z.array(z.number()) })),
  }),
};

describe("JsonTexts", () => {
  it("writes each placeholder as its JSON text, in order, the rest checked and written as any response", () => {
    const texts = new JsonTexts();
    const answer = texts.write(route, {
      rows: [
        { name: "Ввод", values: texts.slot("[1.5,0,2]"), secret: "не уходит" },
        { name: "Фидер", values: texts.slot("[]") },
      ],
    });
    expect(answer.text).toBe('{"rows":[{"name":"Ввод","values":[1.5,0,2]},{"name":"Фидер","values":[]}]}');
    expect(JSON.parse(answer.text).rows[0].values).toEqual([1.5, 0, 2]);
  });

  it("refuses a payload that does not fit the schema, a count of texts that does not match, and a text that is not an array", () => {
    const texts = new JsonTexts();
    expect(() => texts.write(route, { rows: [{ name: 1, values: texts.slot("[1]") }] })).toThrow();
    expect(() => new JsonTexts().write(route, { rows: [{ name: "a", values: [Number.MIN_SAFE_INTEGER] }] })).toThrow(
      "1 placeholders for 0 JSON texts",
    );
    expect(() => new JsonTexts().slot('{"a":1}')).toThrow("not a JSON array");
  });
});
