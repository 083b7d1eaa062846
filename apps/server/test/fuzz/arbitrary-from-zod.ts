import fc from "fast-check";
import {
  deepArray,
  deepObject,
  HOSTILE_NUMBERS,
  HUGE_STRING_LENGTH,
  INJECTION_STRINGS,
  UNICODE_STRINGS,
  WRONG_TYPES,
} from "./payloads.ts";

// zod 4 schema → fast-check arbitrary, read from the schema's own definition (`schema._zod.def`):
// values that mostly pass the schema (so that requests reach the handlers, carrying injection and
// unicode strings inside valid shapes), and, with `mutate`, hostile values at any depth: wrong
// types, missing and unknown keys, strings and arrays past their limits, numbers past theirs.

/** Values taken from the seeded database, so that ids and uuids name rows that exist. */
export interface Pools {
  uuids: readonly string[];
  ids: readonly number[];
  /** Names of things (list columns, usernames, tags): strings a handler may look up. */
  names: readonly string[];
}

interface Def {
  type: string;
  [key: string]: unknown;
}

interface ZodLike {
  _zod: { def: Def; optin?: "optional" };
}

interface Build {
  pools: Pools;
  mutate: boolean;
  /** Largest string a hostile value may be (query strings and paths take less than bodies). */
  hugeLength: number;
}

const MAX_DEPTH = 8;

const defOf = (schema: unknown): Def => (schema as ZodLike)._zod.def;
const checkDefs = (def: Def): Def[] => ((def.checks as ZodLike[] | undefined) ?? []).map((c) => c._zod.def);

/** Hostile values of any type: wrong types, boundary numbers, injections, unicode, huge strings, deep nesting. */
export function hostileValue(hugeLength = HUGE_STRING_LENGTH): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...WRONG_TYPES) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
    { weight: 3, arbitrary: fc.constantFrom(...INJECTION_STRINGS, ...UNICODE_STRINGS) },
    { weight: 2, arbitrary: hugeString(hugeLength) },
    { weight: 1, arbitrary: fc.integer({ min: 50, max: 3000 }).map((n) => (n % 2 ? deepArray(n) : deepObject(n))) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

/** A string of `hugeLength`-ish characters, ASCII, Cyrillic, emoji or NUL-laden. */
export function hugeString(hugeLength = HUGE_STRING_LENGTH): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom("a", "ж", "😀", "\u0000x", "'", "<b>"), fc.integer({ min: hugeLength / 2, max: hugeLength }))
    .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));
}

/** An arbitrary for `schema`: valid-ish values, or with `mutate` valid-ish values with hostile parts. */
export function arbitraryFor(
  schema: unknown,
  pools: Pools,
  options: { mutate?: boolean; hugeLength?: number } = {},
): fc.Arbitrary<unknown> {
  return build(
    schema,
    { pools, mutate: options.mutate ?? false, hugeLength: options.hugeLength ?? HUGE_STRING_LENGTH },
    0,
  );
}

function build(schema: unknown, b: Build, depth: number): fc.Arbitrary<unknown> {
  const base = buildBase(schema, b, depth);
  if (!b.mutate) return base;
  // One node in ~9 turns hostile: most requests stay close enough to valid to pass the other fields.
  return fc.oneof({ weight: 8, arbitrary: base }, { weight: 1, arbitrary: hostileValue(b.hugeLength) });
}

function buildBase(schema: unknown, b: Build, depth: number): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.jsonValue({ maxDepth: 1 });
  const def = defOf(schema);
  switch (def.type) {
    case "string":
      return stringArbitrary(def, b);
    case "number":
      return numberArbitrary(def, b);
    case "bigint":
      return fc.bigInt().map(String);
    case "boolean":
      return fc.boolean();
    case "literal":
      return fc.constantFrom(...(def.values as unknown[]));
    case "enum":
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case "null":
      return fc.constant(null);
    case "void":
    case "undefined":
      return fc.constant(undefined);
    case "object":
      return objectArbitrary(def, b, depth);
    case "array":
      return arrayArbitrary(def, b, depth);
    case "tuple":
      return fc.tuple(...(def.items as unknown[]).map((item) => build(item, b, depth + 1)));
    case "record":
      return fc.dictionary(keyArbitrary(def.keyType, b), build(def.valueType, b, depth + 1) as fc.Arbitrary<unknown>, {
        maxKeys: 6,
      });
    case "union":
      return fc.oneof(...(def.options as unknown[]).map((option) => build(option, b, depth + 1)));
    case "intersection":
      return fc
        .tuple(build(def.left, b, depth + 1), build(def.right, b, depth + 1))
        .map(([left, right]) => (isPlainObject(left) && isPlainObject(right) ? { ...left, ...right } : left));
    case "optional":
      return fc.option(build(def.innerType, b, depth + 1), { nil: undefined, freq: 4 });
    case "nullable":
      return fc.option(build(def.innerType, b, depth + 1), { nil: null, freq: 4 });
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
    case "success":
      return buildBase(def.innerType, b, depth);
    case "lazy":
      return buildBase((def.getter as () => unknown)(), b, depth + 1);
    case "pipe": {
      // The input side is what the client sends; the output side often says more (z.url() after
      // a trim), and what passes it usually passes the input too.
      const output = defOf(def.out);
      const input = buildBase(def.in, b, depth);
      return output.type === "transform" ? input : fc.oneof(input, buildBase(def.out, b, depth));
    }
    default:
      // unknown, any, transform, custom, template literals ...: any JSON.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function keyArbitrary(keyType: unknown, b: Build): fc.Arbitrary<string> {
  const def = defOf(keyType);
  if (def.type === "string") return stringArbitrary(def, { ...b, mutate: false }) as fc.Arbitrary<string>;
  if (def.type === "enum") return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
  return fc.string({ maxLength: 20 });
}

interface Bounds {
  min: number;
  max: number;
  format: string | undefined;
  pattern: RegExp | undefined;
}

function stringBounds(def: Def): Bounds {
  const bounds: Bounds = {
    min: 0,
    max: Number.POSITIVE_INFINITY,
    format: def.format as string | undefined,
    pattern: def.format === "regex" ? (def.pattern as RegExp) : undefined,
  };
  for (const check of checkDefs(def)) {
    if (check.check === "min_length") bounds.min = Math.max(bounds.min, check.minimum as number);
    if (check.check === "max_length") bounds.max = Math.min(bounds.max, check.maximum as number);
    if (check.check === "length_equals") bounds.min = bounds.max = check.length as number;
    if (check.check === "string_format") {
      bounds.format = check.format as string;
      if (check.format === "regex") bounds.pattern = check.pattern as RegExp;
    }
  }
  return bounds;
}

function fitted(value: string, bounds: Bounds): string {
  let text = Number.isFinite(bounds.max) ? value.slice(0, bounds.max) : value;
  if (text.length < bounds.min) text += "ж".repeat(bounds.min - text.length);
  return text;
}

function stringArbitrary(def: Def, b: Build): fc.Arbitrary<unknown> {
  const bounds = stringBounds(def);
  const { pools } = b;
  const choices: fc.WeightedArbitrary<string>[] = [];
  const add = (weight: number, arbitrary: fc.Arbitrary<string>) => choices.push({ weight, arbitrary });
  switch (bounds.format) {
    case "uuid":
    case "guid":
      if (pools.uuids.length > 0) add(6, fc.constantFrom(...pools.uuids));
      add(2, fc.uuid({ version: 4 }));
      break;
    case "email":
      add(4, fc.emailAddress());
      add(1, fc.constantFrom("a@b.co", "ЖЖ@пример.рф", "x+tag@example.com", "'or'1'='1@example.com"));
      break;
    case "url":
      add(4, fc.webUrl({ validSchemes: ["https"] }));
      add(1, fc.constantFrom("http://example.com/", "javascript:alert(1)", "https://ex.com/<script>", "file:///etc"));
      break;
    case "datetime":
      add(
        5,
        isoDate().map((d) => d.toISOString()),
      );
      break;
    case "date":
      add(
        5,
        isoDate().map((d) => d.toISOString().slice(0, 10)),
      );
      break;
    case "regex": {
      const matching = patternArbitrary(bounds.pattern);
      if (matching) add(5, matching);
      add(1, plainString(bounds));
      break;
    }
    default:
      add(4, plainString(bounds));
      add(2, fc.constantFrom(...INJECTION_STRINGS, ...UNICODE_STRINGS));
      if (pools.names.length > 0) add(2, fc.constantFrom(...pools.names));
      if (Number.isFinite(bounds.max) && bounds.max <= HUGE_STRING_LENGTH) {
        add(
          1,
          fc.constantFrom("ж", "😀", "a", "'").map((unit) => unit.repeat(bounds.max)),
        );
      }
  }
  return fc.oneof(...choices).map((value) => fitted(value, bounds));
}

function plainString(bounds: Bounds): fc.Arbitrary<string> {
  const maxLength = Math.min(bounds.max, Math.max(bounds.min, 40));
  return fc.oneof(
    fc.string({ minLength: bounds.min, maxLength }),
    fc.string({ minLength: bounds.min, maxLength, unit: "grapheme" }),
    fc.string({ minLength: bounds.min, maxLength, unit: "binary" }),
  );
}

function isoDate(): fc.Arbitrary<Date> {
  return fc.date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2200-12-31T00:00:00Z"), noInvalidDate: true });
}

function patternArbitrary(pattern: RegExp | undefined): fc.Arbitrary<string> | undefined {
  if (!pattern) return undefined;
  try {
    const arbitrary = fc.stringMatching(pattern);
    fc.sample(arbitrary, 1);
    return arbitrary;
  } catch {
    // A pattern fast-check cannot generate from (\p{...}): plain words usually match such patterns.
    return fc.oneof(fc.stringMatching(/^[a-z0-9_]{1,20}$/), fc.constantFrom("Иван", "user.name", "a@b", "имя_1"));
  }
}

function numberArbitrary(def: Def, b: Build): fc.Arbitrary<unknown> {
  let min = -Number.MAX_SAFE_INTEGER;
  let max = Number.MAX_SAFE_INTEGER;
  let minExclusive = false;
  let maxExclusive = false;
  let integer = false;
  for (const check of checkDefs(def)) {
    if (check.check === "greater_than" && (check.value as number) >= min) {
      min = check.value as number;
      minExclusive = !check.inclusive;
    }
    if (check.check === "less_than" && (check.value as number) <= max) {
      max = check.value as number;
      maxExclusive = !check.inclusive;
    }
    if (check.check === "number_format" && String(check.format).includes("int")) integer = true;
    if (check.check === "multiple_of" && check.value === 1) integer = true;
  }
  if (integer) {
    const low = Math.ceil(minExclusive ? min + 1 : min);
    const high = Math.floor(maxExclusive ? max - 1 : max);
    if (low > high) return fc.constant(low);
    const ids = b.pools.ids.filter((id) => id >= low && id <= high);
    const choices: fc.WeightedArbitrary<number>[] = [
      { weight: 3, arbitrary: fc.integer({ min: low, max: Math.min(high, low + 1000) }) },
      { weight: 2, arbitrary: fc.integer({ min: low, max: high }) },
      { weight: 1, arbitrary: fc.constantFrom(low, high) },
    ];
    if (ids.length > 0) choices.push({ weight: 4, arbitrary: fc.constantFrom(...ids) });
    return fc.oneof(...choices);
  }
  return fc.double({
    min,
    max,
    minExcluded: minExclusive,
    maxExcluded: maxExclusive,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

function objectArbitrary(def: Def, b: Build, depth: number): fc.Arbitrary<unknown> {
  const shape = def.shape as Record<string, ZodLike>;
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredKeys: string[] = [];
  for (const [key, field] of Object.entries(shape)) {
    model[key] = build(field, b, depth + 1);
    if (field._zod.optin !== "optional") requiredKeys.push(key);
  }
  const base = fc.record(model, { requiredKeys });
  if (!b.mutate) return base;
  const keys = Object.keys(shape);
  return fc.oneof(
    { weight: 6, arbitrary: base },
    // A required key missing.
    {
      weight: 1,
      arbitrary: fc.tuple(base, fc.nat()).map(([value, n]) => {
        const copy: Record<string, unknown> = { ...value };
        if (keys.length > 0) delete copy[keys[n % keys.length] as string];
        return copy;
      }),
    },
    // A key the schema does not know, some of them names a handler might trust.
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          base,
          fc.constantFrom("id", "is_superuser", "user_id", "company_id", "role", "groups", "extra", "constructor", ""),
          hostileValue(b.hugeLength),
        )
        .map(([value, key, extra]) => ({ ...value, [key]: extra })),
    },
  );
}

function arrayArbitrary(def: Def, b: Build, depth: number): fc.Arbitrary<unknown> {
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  for (const check of checkDefs(def)) {
    if (check.check === "min_length") min = check.minimum as number;
    if (check.check === "max_length") max = check.maximum as number;
    if (check.check === "length_equals") min = max = check.length as number;
  }
  const element = build(def.element, b, depth + 1);
  const base = fc.array(element, { minLength: min, maxLength: Math.min(max, Math.max(min, 5)) });
  const choices: fc.WeightedArbitrary<unknown>[] = [{ weight: 8, arbitrary: base }];
  if (Number.isFinite(max) && max <= 500) {
    choices.push({ weight: 1, arbitrary: fc.array(element, { minLength: max, maxLength: max }) });
  }
  if (b.mutate) {
    // Past the limit, and a lot of small elements.
    const over = Number.isFinite(max) ? Math.min(max + 1, 5000) : 5000;
    choices.push({
      weight: 1,
      arbitrary: fc.array(element, { minLength: Math.min(over, 20), maxLength: Math.min(over, 20) }),
    });
    choices.push({ weight: 1, arbitrary: fc.constantFrom(Array.from({ length: over }, (_, i) => i + 1)) });
  }
  return fc.oneof(...choices);
}
