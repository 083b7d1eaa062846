import { z } from "zod";

// ---- A herd segment's rule (issue 18): conditions over animal items in AND/OR groups ----
//
// The same rule has two faces, and typing either updates the other:
// - the builder's tree (SegmentRule, stored as JSON);
// - DC305-style text, as zootechnicians type after FOR in DairyComp: `LACT=1 DIM<100`.
// Text grammar (keywords and items case-insensitive):
//   rule      := or?
//   or        := and ("OR" and)*
//   and       := term (("AND")? term)*          — conditions side by side mean AND, as in DC305
//   term      := "(" or ")" | condition
//   condition := ITEM op value ("," value)*     — a list only with = and <> (PEN=1,2,5: any of them)
//   op        := "=" | "<>" | "<" | "<=" | ">" | ">="
//   value     := a number (a decimal dot; a decimal comma too for MILK and SCC, where no list is
//                meant), a word, or "text in double quotes"
// formatSegmentRule writes the canonical text; parseSegmentText(formatSegmentRule(r)) gives r back
// for a normalised rule (normalizeSegmentRule), and formatting a parsed text is stable.

/** The items a rule may test, with what their values are. */
export const SEGMENT_ITEMS = {
  LACT: { label: "Лактация", type: "integer" },
  DIM: { label: "Дни лактации", type: "integer" },
  PEN: { label: "Группа", type: "text" },
  STATUS: { label: "Статус (MILKING, DRY, HEIFER, SOLD, DIED)", type: "status" },
  RC: { label: "Репродуктивный код (0–7)", type: "integer" },
  DCC: { label: "Дни стельности", type: "integer" },
  MILK: { label: "Удой последней контрольной дойки, кг", type: "decimal" },
  SCC: { label: "СКС последней контрольной дойки, тыс./мл", type: "decimal" },
  BREED: { label: "Порода", type: "text" },
  AGE: { label: "Возраст, мес.", type: "integer" },
  EVENT: { label: "Было событие за период (код)", type: "event" },
} as const satisfies Record<string, { label: string; type: "integer" | "decimal" | "text" | "status" | "event" }>;
export type SegmentItem = keyof typeof SEGMENT_ITEMS;
export const SEGMENT_ITEM_NAMES = Object.keys(SEGMENT_ITEMS) as SegmentItem[];

export const SEGMENT_STATUSES = ["MILKING", "DRY", "HEIFER", "SOLD", "DIED"] as const;

export const SEGMENT_OPS = ["=", "<>", "<", "<=", ">", ">="] as const;
export type SegmentOp = (typeof SEGMENT_OPS)[number];

/** A text value cannot hold a double quote: the text form quotes with them. */
export const segmentValueSchema = z.union([
  z.number(),
  z
    .string()
    .min(1)
    .max(100)
    .regex(/^[^"]*$/, 'Значение без кавычек «"»'),
]);
export const segmentConditionSchema = z.object({
  item: z.enum(SEGMENT_ITEM_NAMES as [SegmentItem, ...SegmentItem[]]),
  op: z.enum(SEGMENT_OPS),
  /** One value; several only with = and <> (any of them / none of them). */
  values: z.array(segmentValueSchema).min(1).max(50),
});
export type SegmentCondition = z.infer<typeof segmentConditionSchema>;

export interface SegmentGroup {
  join: "and" | "or";
  items: (SegmentGroup | SegmentCondition)[];
}
export const segmentGroupSchema: z.ZodType<SegmentGroup> = z.lazy(() =>
  z.object({
    join: z.enum(["and", "or"]),
    items: z.array(z.union([segmentConditionSchema, segmentGroupSchema])).max(100),
  }),
);
/** A whole rule is a group; the empty AND group selects every animal. */
export type SegmentRule = SegmentGroup;

export const isSegmentGroup = (node: SegmentGroup | SegmentCondition): node is SegmentGroup => "join" in node;

/** A text that does not parse: where (0-based offset into the text) and why, in Russian. */
export class SegmentTextError extends Error {
  constructor(
    readonly position: number,
    message: string,
  ) {
    super(message);
  }
}

// ---- text → rule ----

type Token =
  | { kind: "word"; text: string; at: number; quoted: boolean }
  | { kind: "op"; op: SegmentOp; at: number }
  | { kind: "comma" | "open" | "close"; at: number };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text.charAt(i);
    if (/\s/.test(c)) {
      i++;
    } else if (c === "(" || c === ")") {
      tokens.push({ kind: c === "(" ? "open" : "close", at: i });
      i++;
    } else if (c === ",") {
      tokens.push({ kind: "comma", at: i });
      i++;
    } else if (c === "<" || c === ">" || c === "=") {
      const two = text.slice(i, i + 2);
      const op = (["<>", "<=", ">="] as const).find((o) => o === two) ?? (c as SegmentOp);
      tokens.push({ kind: "op", op, at: i });
      i += op.length;
    } else if (c === '"') {
      const end = text.indexOf('"', i + 1);
      if (end < 0) throw new SegmentTextError(i, "Кавычка не закрыта");
      tokens.push({ kind: "word", text: text.slice(i + 1, end), at: i, quoted: true });
      i = end + 1;
    } else {
      const start = i;
      while (i < text.length && !/[\s(),<>="]/.test(text.charAt(i))) i++;
      tokens.push({ kind: "word", text: text.slice(start, i), at: start, quoted: false });
    }
  }
  return tokens;
}

const keyword = (token: Token | undefined, word: "AND" | "OR"): boolean =>
  token?.kind === "word" && !token.quoted && token.text.toUpperCase() === word;

/** Parses DC305-style text into a normalised rule; throws SegmentTextError with the position. */
export function parseSegmentText(text: string): SegmentRule {
  const tokens = tokenize(text);
  let next = 0;
  const peek = () => tokens[next];
  const endAt = text.length;
  const at = (token: Token | undefined) => token?.at ?? endAt;

  function parseOr(): SegmentGroup {
    const items = [parseAnd()];
    while (keyword(peek(), "OR")) {
      next++;
      items.push(parseAnd());
    }
    return { join: "or", items };
  }

  function parseAnd(): SegmentGroup {
    const items = [parseTerm()];
    for (;;) {
      const token = peek();
      if (token === undefined || token.kind === "close" || keyword(token, "OR")) break;
      if (keyword(token, "AND")) next++;
      items.push(parseTerm());
    }
    return { join: "and", items };
  }

  function parseTerm(): SegmentGroup | SegmentCondition {
    const token = peek();
    if (token?.kind === "open") {
      next++;
      const inner = parseOr();
      const close = peek();
      if (close?.kind !== "close") throw new SegmentTextError(at(close), "Не хватает закрывающей скобки «)»");
      next++;
      return inner;
    }
    return parseCondition();
  }

  function parseCondition(): SegmentCondition {
    const name = peek();
    if (name === undefined) throw new SegmentTextError(endAt, "Ожидалось условие, например LACT=1");
    if (name.kind !== "word" || name.quoted || keyword(name, "AND") || keyword(name, "OR")) {
      throw new SegmentTextError(name.at, "Ожидалось условие, например LACT=1");
    }
    const item = name.text.toUpperCase() as SegmentItem;
    if (!(item in SEGMENT_ITEMS)) {
      throw new SegmentTextError(name.at, `Неизвестный показатель «${name.text}»: ${SEGMENT_ITEM_NAMES.join(", ")}`);
    }
    next++;
    const opToken = peek();
    if (opToken?.kind !== "op") throw new SegmentTextError(at(opToken), `После ${item} ожидался знак: = <> < <= > >=`);
    if (!opAllowed(item, opToken.op)) throw new SegmentTextError(opToken.at, onlyEqualText(item));
    next++;
    const values = [readValue(item)];
    while (peek()?.kind === "comma") {
      const comma = peek() as Token;
      if (opToken.op !== "=" && opToken.op !== "<>") {
        throw new SegmentTextError(comma.at, "Список значений через запятую — только со знаками = и <>");
      }
      next++;
      values.push(readValue(item));
    }
    return { item, op: opToken.op, values };
  }

  function readValue(item: SegmentItem): number | string {
    const token = peek();
    if (token?.kind !== "word" || (!token.quoted && (keyword(token, "AND") || keyword(token, "OR")))) {
      throw new SegmentTextError(at(token), `Ожидалось значение для ${item}`);
    }
    next++;
    // A decimal comma (MILK>=32,5): digits, a comma and digits with no space, for decimal items only
    // — elsewhere a comma separates a list (PEN=1,2).
    const comma = tokens[next];
    const fraction = tokens[next + 1];
    if (
      SEGMENT_ITEMS[item].type === "decimal" &&
      !token.quoted &&
      /^-?\d+$/.test(token.text) &&
      comma?.kind === "comma" &&
      comma.at === token.at + token.text.length &&
      fraction?.kind === "word" &&
      !fraction.quoted &&
      fraction.at === comma.at + 1 &&
      /^\d+$/.test(fraction.text)
    ) {
      next += 2;
      return segmentValue(item, `${token.text}.${fraction.text}`, token.at);
    }
    return segmentValue(item, token.text, token.at);
  }

  const root = tokens.length === 0 ? { join: "and" as const, items: [] } : parseOr();
  const rest = peek();
  if (rest !== undefined) {
    throw new SegmentTextError(rest.at, rest.kind === "close" ? "Лишняя закрывающая скобка «)»" : "Непонятный текст");
  }
  return normalizeSegmentRule(root);
}

/** Text, status and event items compare by = and <> only (PEN<5 has no meaning). */
const opAllowed = (item: SegmentItem, op: SegmentOp) => {
  const { type } = SEGMENT_ITEMS[item];
  return type === "integer" || type === "decimal" || op === "=" || op === "<>";
};
const onlyEqualText = (item: SegmentItem) => `${item}: только знаки = и <>`;

/**
 * What is wrong with a rule sent as JSON (the builder's), in the words the text parser would use,
 * or null: each condition's sign and values must suit its item.
 */
export function segmentRuleProblem(rule: SegmentGroup): string | null {
  for (const node of rule.items) {
    if (isSegmentGroup(node)) {
      const inner = segmentRuleProblem(node);
      if (inner) return inner;
      continue;
    }
    if (!opAllowed(node.item, node.op)) return onlyEqualText(node.item);
    if (node.values.length > 1 && node.op !== "=" && node.op !== "<>") {
      return "Список значений через запятую — только со знаками = и <>";
    }
    for (const value of node.values) {
      try {
        const read = segmentValue(node.item, String(value), 0);
        if (typeof read !== typeof value)
          throw new SegmentTextError(0, `${node.item}: значение «${value}» не подходит`);
      } catch (error) {
        if (error instanceof SegmentTextError) return error.message;
        throw error;
      }
    }
  }
  return null;
}

/** A value as the item wants it: numbers for numeric items, upper-case codes, text as typed. */
function segmentValue(item: SegmentItem, raw: string, position: number): number | string {
  const { type } = SEGMENT_ITEMS[item];
  if (type === "integer" || type === "decimal") {
    const number = /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isFinite(number) || (type === "integer" && !Number.isInteger(number))) {
      throw new SegmentTextError(position, `${item}: ожидалось ${type === "integer" ? "целое число" : "число"}`);
    }
    return number;
  }
  if (raw === "") throw new SegmentTextError(position, `Ожидалось значение для ${item}`);
  if (type === "status") {
    const status = raw.toUpperCase();
    if (!(SEGMENT_STATUSES as readonly string[]).includes(status)) {
      throw new SegmentTextError(position, `STATUS: одно из ${SEGMENT_STATUSES.join(", ")}`);
    }
    return status;
  }
  if (type === "event") return raw.toUpperCase();
  return raw;
}

/**
 * The one shape of a rule: a group inside a group of the same join is merged into it, a group of
 * one is replaced by its item (the root stays a group), an empty inner group is dropped.
 */
export function normalizeSegmentRule(rule: SegmentGroup): SegmentRule {
  const flat = flatten(rule);
  return isSegmentGroup(flat) ? flat : { join: "and", items: [flat] };
}

function flatten(group: SegmentGroup): SegmentGroup | SegmentCondition {
  const items: (SegmentGroup | SegmentCondition)[] = [];
  for (const item of group.items) {
    const node = isSegmentGroup(item) ? flatten(item) : item;
    if (isSegmentGroup(node) && node.items.length === 0) continue;
    if (isSegmentGroup(node) && node.join === group.join) items.push(...node.items);
    else items.push(node);
  }
  if (items.length === 1) return items[0] as SegmentGroup | SegmentCondition;
  return { join: items.length === 0 ? "and" : group.join, items };
}

// ---- rule → text ----

const BARE = /^[\p{L}\p{N}_.\-+/]+$/u;

function formatValue(value: number | string): string {
  if (typeof value === "number") return String(value);
  const reserved = ["AND", "OR"].includes(value.toUpperCase());
  return BARE.test(value) && !reserved ? value : `"${value}"`;
}

function formatNode(node: SegmentGroup | SegmentCondition, parent: "and" | "or" | null): string {
  if (!isSegmentGroup(node)) return `${node.item}${node.op}${node.values.map(formatValue).join(",")}`;
  const text = node.items.map((item) => formatNode(item, node.join)).join(node.join === "or" ? " OR " : " ");
  return parent === "and" && node.join === "or" ? `(${text})` : text;
}

/** The canonical text of a rule: `LACT=1 DIM<100`, `(PEN=1,2 OR LACT>2) DIM>=60`. */
export function formatSegmentRule(rule: SegmentRule): string {
  return formatNode(normalizeSegmentRule(rule), null);
}
