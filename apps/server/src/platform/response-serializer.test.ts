import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { safeEncode, safeParse } from "zod/v4/core";
import { arbitraryFor } from "../../test/fuzz/arbitrary-from-zod.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { isDirectionFree, responseSerializerCompiler } from "./response-serializer.ts";
import { routeTable } from "./route-table.ts";

const serialize = (schema: z.ZodType, data: unknown) =>
  responseSerializerCompiler({ schema, method: "GET", url: "/t", httpStatus: "200" })(data);

describe("responseSerializerCompiler", () => {
  it("sends only the fields the schema names", () => {
    const schema = z.object({ id: z.number(), name: z.string() });

    expect(serialize(schema, { id: 1, name: "Зорька", password_hash: "secret" })).toBe('{"id":1,"name":"Зорька"}');
  });

  it("refuses data that does not fit the schema instead of sending it", () => {
    expect(() => serialize(z.object({ id: z.number() }), { id: "1" })).toThrow();
  });

  it("tells direction-free schemas from those whose encoding differs from parsing", () => {
    expect(isDirectionFree(z.object({ a: z.array(z.string().nullable()), b: z.enum(["x"]).optional() }))).toBe(true);
    expect(isDirectionFree(z.object({ at: z.string().transform((s) => s.length) }))).toBe(false);
    expect(isDirectionFree(z.object({ n: z.number().default(0) }))).toBe(false);
    expect(
      isDirectionFree(
        z.array(z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() })),
      ),
    ).toBe(false);
  });
});

describe("every contract response", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("serialises exactly as zod's encode would, on generated values", () => {
    const pools = { uuids: ["11111111-1111-4111-8111-111111111111"], ids: [1, 2], names: ["Зорька"] };
    const schemas = routeTable(t.app)
      .map((entry) => entry.contract?.response)
      .filter((schema): schema is z.ZodType => schema instanceof z.ZodType);
    expect(schemas.length).toBeGreaterThan(100);
    // The fast path is the rule, not the exception (users/data, the poll, lists are all plain).
    expect(schemas.filter((schema) => !isDirectionFree(schema)).length).toBeLessThan(schemas.length / 10);
    for (const schema of schemas) {
      fc.assert(
        fc.property(arbitraryFor(schema, pools), (value) => {
          const parsed = safeParse(schema, value);
          const encoded = safeEncode(schema, value);
          expect(parsed.success).toBe(encoded.success);
          if (encoded.success) expect(serialize(schema, value)).toBe(JSON.stringify(encoded.data));
        }),
        { numRuns: 10, seed: 7 },
      );
    }
  });
});
