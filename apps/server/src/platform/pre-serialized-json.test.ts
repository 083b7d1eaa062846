import { describe, expect, it } from "vitest";
import { z } from "zod";
import { JSON_TEXT_PLACEHOLDER, withJsonTexts } from "./pre-serialized-json.ts";

const route = {
  method: "GET",
  path: "/t",
  response: z.object({
    rows: z.array(z.object({ name: z.string(), values: z.array(z.number()) })),
  }),
};

describe("withJsonTexts", () => {
  it("writes each placeholder as its JSON text, in order, the rest checked and written as any response", () => {
    const answer = withJsonTexts(
      route,
      {
        rows: [
          { name: "Ввод", values: JSON_TEXT_PLACEHOLDER, secret: "не уходит" },
          { name: "Фидер", values: JSON_TEXT_PLACEHOLDER },
        ],
      },
      ["[1.5,0,2]", "[]"],
    );
    expect(answer.text).toBe('{"rows":[{"name":"Ввод","values":[1.5,0,2]},{"name":"Фидер","values":[]}]}');
    expect(JSON.parse(answer.text).rows[0].values).toEqual([1.5, 0, 2]);
  });

  it("refuses a payload that does not fit the schema, a count of texts that does not match, and a text that is not an array", () => {
    expect(() => withJsonTexts(route, { rows: [{ name: 1, values: JSON_TEXT_PLACEHOLDER }] }, ["[1]"])).toThrow();
    expect(() => withJsonTexts(route, { rows: [{ name: "a", values: JSON_TEXT_PLACEHOLDER }] }, [])).toThrow(
      "1 placeholders for 0 JSON texts",
    );
    expect(() => withJsonTexts(route, { rows: [{ name: "a", values: JSON_TEXT_PLACEHOLDER }] }, ['{"a":1}'])).toThrow(
      "not a JSON array",
    );
  });
});
