import { readdirSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { FIELD_LABELS, fieldLabel } from "./field-labels.ts";
import type { RouteDef } from "./http.ts";
import { applyRussianValidationMessages } from "./locale.ts";
import { russianIssueMessage } from "./validation-messages.ts";

// Issue 16 item 9: no zod jargon reaches a person. Every field of every route's body gets the
// typical bad values a form or a hand-made request sends; each message must be Russian, free of
// schema words, and name the field by its label (or be one of the few self-explanatory ones).

type Schema = z.core.$ZodType;
const def = (schema: Schema) => schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;

const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional"]);

function unwrap(schema: Schema): Schema {
  let at = schema;
  for (;;) {
    const d = def(at);
    if (WRAPPERS.has(d.type)) at = d.innerType as Schema;
    else if (d.type === "pipe") at = d.in as Schema;
    else if (d.type === "lazy") at = (d.getter as () => Schema)();
    else return at;
  }
}

/** Values a person (or a careless client) sends where this kind of value belongs. */
function badValues(schema: Schema): unknown[] {
  switch (def(unwrap(schema)).type) {
    case "string":
      return ["", " ", "x".repeat(100_001), 42, null];
    case "number":
    case "int":
      return ["abc", -1e15, 1e15, 0.5, null];
    case "boolean":
      return ["да", 1];
    case "array":
      return ["x", Array.from({ length: 10_001 }, () => "x")];
    case "enum":
    case "literal":
      return ["нет такого", 7];
    default:
      return ["x", 42];
  }
}

interface Probe {
  route: string;
  schema: z.ZodType;
  path: string[];
  body: unknown;
}

/** A body holding `bad` at the end of `path` (objects as objects, list elements as one-item lists). */
function probesOf(
  route: Omit<Probe, "path" | "body">,
  schema: Schema,
  path: string[] = [],
  wrap = (v: unknown) => v,
  depth = 0,
): Probe[] {
  const inner = unwrap(schema);
  const d = def(inner);
  if (depth > 4) return [];
  if (d.type === "object") {
    return Object.entries(d.shape as Record<string, Schema>).flatMap(([key, field]) => [
      ...badValues(field).map((bad) => ({ ...route, path: [...path, key], body: wrap({ [key]: bad }) })),
      ...probesOf(route, field, [...path, key], (v) => wrap({ [key]: v }), depth + 1),
    ]);
  }
  if (d.type === "array") return probesOf(route, d.element as Schema, path, (v) => wrap([v]), depth + 1);
  if (d.type === "union") {
    return (d.options as Schema[]).flatMap((option) => probesOf(route, option, path, wrap, depth + 1));
  }
  return [];
}

async function contractRoutes(): Promise<RouteDef[]> {
  const dir = new URL(".", import.meta.url).pathname;
  const files = readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
  const modules = await Promise.all(
    files.map((f) => import(/* @vite-ignore */ `./${f}`) as Promise<Record<string, unknown>>),
  );
  return modules.flatMap((m) =>
    Object.values(m).filter(
      (v): v is RouteDef =>
        typeof v === "object" && v !== null && typeof (v as RouteDef).path === "string" && "method" in v,
    ),
  );
}

const JARGON =
  /string|number|boolean|array|object|undefined|null|NaN|>=|<=|ожидалось|regex|invalid|expected|received|\/\^|\{|\}/i;
const CYRILLIC = /[а-яё]/i;
/** Messages that need no field name: they are shown at the field, or name what went wrong. */
const SELF_EXPLANATORY = /^(Неизвестное поле|Введите адрес электронной почты)$/;

/**
 * Whether the schema wrote this message itself ({ error } / .refine(…, text)): such a text is
 * made for its field («Введите пароль», «Нет такой роли»), and the server puts the field's label
 * before it in a 400's message. Only the generated messages must carry the label themselves.
 */
const writtenOnSchema = (issue: z.core.$ZodIssue) =>
  issue.message !== russianIssueMessage({ ...issue, input: (issue as { input?: unknown }).input } as never);

let probes: Probe[] = [];

beforeAll(async () => {
  applyRussianValidationMessages();
  const routes = await contractRoutes();
  probes = routes.flatMap((r) =>
    r.body ? probesOf({ route: `${r.method} ${r.path}`, schema: r.body as z.ZodType }, r.body as Schema) : [],
  );
});

describe("validation messages of every route's body", () => {
  it("has a Russian label for every field a body carries", () => {
    expect(probes.length).toBeGreaterThan(300);
    const unlabelled = [...new Set(probes.map((p) => p.path.at(-1) as string))].filter((k) => !(k in FIELD_LABELS));
    expect(unlabelled).toEqual([]);
  });

  it("answers every typical bad value in Russian, without schema jargon, naming the field", () => {
    const bad = new Set<string>();
    for (const { route, schema, body } of probes) {
      const parsed = schema.safeParse(body);
      if (parsed.success) continue;
      for (const issue of parsed.error.issues) {
        const label = fieldLabel(issue.path);
        const message = issue.message;
        const named =
          label === undefined ||
          message.includes(`«${label}»`) ||
          SELF_EXPLANATORY.test(message) ||
          writtenOnSchema(issue);
        if (!CYRILLIC.test(message) || JARGON.test(message) || !named) {
          bad.add(`${route} ${issue.path.join(".")}: ${message}`);
        }
      }
    }
    expect([...bad]).toEqual([]);
  });
});
