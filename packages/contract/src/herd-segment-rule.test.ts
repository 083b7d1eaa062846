import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatSegmentRule,
  normalizeSegmentRule,
  parseSegmentText,
  SEGMENT_ITEMS,
  SEGMENT_OPS,
  SEGMENT_STATUSES,
  type SegmentCondition,
  type SegmentGroup,
  type SegmentItem,
  SegmentTextError,
  segmentGroupSchema,
  segmentRuleProblem,
} from "./herd-segment-rule.ts";

const errorOf = (text: string) => {
  try {
    parseSegmentText(text);
  } catch (error) {
    if (error instanceof SegmentTextError) return { position: error.position, message: error.message };
    throw error;
  }
  throw new Error(`«${text}» parsed`);
};

describe("segment text as zootechnicians type it", () => {
  it("reads conditions side by side as AND, the DC305 way", () => {
    expect(parseSegmentText("LACT=1 DIM<100")).toEqual({
      join: "and",
      items: [
        { item: "LACT", op: "=", values: [1] },
        { item: "DIM", op: "<", values: [100] },
      ],
    });
    expect(parseSegmentText("lact = 1 and dim<100")).toEqual(parseSegmentText("LACT=1 DIM<100"));
  });

  it("binds AND tighter than OR, and brackets group", () => {
    expect(formatSegmentRule(parseSegmentText("LACT=1 DIM<100 OR LACT>1 DIM<60"))).toBe(
      "LACT=1 DIM<100 OR LACT>1 DIM<60",
    );
    expect(parseSegmentText("(PEN=1,2 OR LACT>2) DIM>=60")).toEqual({
      join: "and",
      items: [
        {
          join: "or",
          items: [
            { item: "PEN", op: "=", values: ["1", "2"] },
            { item: "LACT", op: ">", values: [2] },
          ],
        },
        { item: "DIM", op: ">=", values: [60] },
      ],
    });
  });

  it("reads decimal commas, statuses and event codes in any case, quoted text with spaces", () => {
    expect(parseSegmentText('MILK>=32,5 status=dry event=mast PEN="Сухостой 2" BREED<>Джерси')).toEqual({
      join: "and",
      items: [
        { item: "MILK", op: ">=", values: [32.5] },
        { item: "STATUS", op: "=", values: ["DRY"] },
        { item: "EVENT", op: "=", values: ["MAST"] },
        { item: "PEN", op: "=", values: ["Сухостой 2"] },
        { item: "BREED", op: "<>", values: ["Джерси"] },
      ],
    });
  });

  it("reads a decimal comma for milk and SCC only; elsewhere a comma lists values", () => {
    expect(parseSegmentText("MILK=32,5").items).toEqual([{ item: "MILK", op: "=", values: [32.5] }]);
    expect(parseSegmentText("SCC=100, 200").items).toEqual([{ item: "SCC", op: "=", values: [100, 200] }]);
    expect(parseSegmentText("PEN=32,5").items).toEqual([{ item: "PEN", op: "=", values: ["32", "5"] }]);
    expect(formatSegmentRule(parseSegmentText("MILK>=32,5"))).toBe("MILK>=32.5");
  });

  it("takes an empty text as every animal", () => {
    expect(parseSegmentText("  ")).toEqual({ join: "and", items: [] });
    expect(formatSegmentRule({ join: "and", items: [] })).toBe("");
  });

  it("points at the place of each mistake, in Russian", () => {
    expect(errorOf("LACT=1 FOO>3")).toEqual({
      position: 7,
      message: expect.stringContaining("Неизвестный показатель «FOO»"),
    });
    expect(errorOf("LACT=")).toEqual({ position: 5, message: "Ожидалось значение для LACT" });
    expect(errorOf("LACT 1")).toEqual({ position: 5, message: "После LACT ожидался знак: = <> < <= > >=" });
    expect(errorOf("DIM<abc")).toEqual({ position: 4, message: "DIM: ожидалось целое число" });
    expect(errorOf("LACT=1.5")).toEqual({ position: 5, message: "LACT: ожидалось целое число" });
    expect(errorOf("(LACT=1 OR DIM<5")).toEqual({ position: 16, message: "Не хватает закрывающей скобки «)»" });
    expect(errorOf("LACT=1)")).toEqual({ position: 6, message: "Лишняя закрывающая скобка «)»" });
    expect(errorOf("DIM<5,6")).toEqual({
      position: 5,
      message: "Список значений через запятую — только со знаками = и <>",
    });
    expect(errorOf('PEN="5')).toEqual({ position: 4, message: "Кавычка не закрыта" });
    expect(errorOf("STATUS=OPEN")).toEqual({ position: 7, message: expect.stringContaining("STATUS: одно из") });
    expect(errorOf("LACT=1 OR")).toEqual({ position: 9, message: "Ожидалось условие, например LACT=1" });
    expect(errorOf("PEN<5")).toEqual({ position: 3, message: "PEN: только знаки = и <>" });
  });

  it("checks a rule sent as JSON the way it checks text", () => {
    const rule = (item: string, op: string, values: (number | string)[]) =>
      ({ join: "and", items: [{ item, op, values }] }) as SegmentGroup;
    expect(segmentRuleProblem(rule("LACT", ">", [1]))).toBeNull();
    expect(segmentRuleProblem(rule("PEN", "=", ["5", "Сухостой"]))).toBeNull();
    expect(segmentRuleProblem(rule("PEN", "<", ["5"]))).toBe("PEN: только знаки = и <>");
    expect(segmentRuleProblem(rule("LACT", "=", ["один"]))).toBe("LACT: ожидалось целое число");
    expect(segmentRuleProblem(rule("LACT", "=", [1.5]))).toBe("LACT: ожидалось целое число");
    expect(segmentRuleProblem(rule("STATUS", "=", ["open"]))).toContain("STATUS: одно из");
    expect(segmentRuleProblem(rule("DIM", "<", [1, 2]))).toBe(
      "Список значений через запятую — только со знаками = и <>",
    );
  });
});

// ---- properties ----

const word = fc.stringMatching(/^[A-Za-zА-Яа-я0-9_][A-Za-zА-Яа-я0-9_.\- ]{0,10}$/).filter((s) => s.trim() === s);
const valueFor = (item: SegmentItem): fc.Arbitrary<number | string> => {
  switch (SEGMENT_ITEMS[item].type) {
    case "integer":
      return fc.integer({ min: -500, max: 5000 });
    case "decimal":
      return fc.integer({ min: 0, max: 99_999 }).map((n) => n / 100);
    case "status":
      return fc.constantFrom(...SEGMENT_STATUSES);
    case "event":
      return fc.stringMatching(/^[A-Z][A-Z0-9]{0,7}$/);
    default:
      return word;
  }
};
const numeric = (item: SegmentItem) => ["integer", "decimal"].includes(SEGMENT_ITEMS[item].type);
const condition: fc.Arbitrary<SegmentCondition> = fc
  .constantFrom(...(Object.keys(SEGMENT_ITEMS) as SegmentItem[]))
  .chain((item) =>
    fc
      .constantFrom(...(numeric(item) ? SEGMENT_OPS : (["=", "<>"] as const)))
      .chain((op) =>
        fc
          .array(valueFor(item), { minLength: 1, maxLength: op === "=" || op === "<>" ? 3 : 1 })
          .map((values) => ({ item, op, values })),
      ),
  );
const { group } = fc.letrec<{ group: SegmentGroup; node: SegmentGroup | SegmentCondition }>((tie) => ({
  group: fc.record({
    join: fc.constantFrom("and" as const, "or" as const),
    items: fc.array(tie("node"), { maxLength: 4 }),
  }),
  node: fc.oneof({ depthSize: "small", withCrossShrink: true }, condition, tie("group")),
}));

describe("segment text and rule, both ways", () => {
  it("gives a normalised rule back from its text", () => {
    fc.assert(
      fc.property(group, (rule) => {
        const normal = normalizeSegmentRule(rule);
        expect(segmentGroupSchema.safeParse(normal).success).toBe(true);
        expect(segmentRuleProblem(normal)).toBeNull();
        expect(parseSegmentText(formatSegmentRule(normal))).toEqual(normal);
      }),
      { numRuns: 500 },
    );
  });

  it("keeps a text stable once formatted: text → rule → text → rule", () => {
    fc.assert(
      fc.property(group, fc.constantFrom(" ", "  ", " AND ", " and "), (rule, glue) => {
        // The same rule typed another way: other spacing and explicit ANDs.
        const typed = formatSegmentRule(rule).replaceAll(" ", glue).replaceAll(`${glue}OR${glue}`, " or ");
        const once = formatSegmentRule(parseSegmentText(formatSegmentRule(rule)));
        expect(formatSegmentRule(parseSegmentText(once))).toBe(once);
        if (!/"/.test(typed)) expect(formatSegmentRule(parseSegmentText(typed))).toBe(once);
      }),
      { numRuns: 300 },
    );
  });

  it("answers any text either with a rule or with an error inside the text", () => {
    const pieces = fc.constantFrom(
      "LACT",
      "DIM",
      "PEN",
      "=",
      "<>",
      "<",
      ">=",
      "(",
      ")",
      ",",
      "OR",
      "AND",
      "1",
      "x",
      '"',
      " ",
      "STATUS",
      "dry",
    );
    fc.assert(
      fc.property(
        fc.array(pieces, { maxLength: 12 }).map((p) => p.join("")),
        (text) => {
          try {
            const rule = parseSegmentText(text);
            expect(parseSegmentText(formatSegmentRule(rule))).toEqual(rule);
          } catch (error) {
            expect(error).toBeInstanceOf(SegmentTextError);
            const { position } = error as SegmentTextError;
            expect(position).toBeGreaterThanOrEqual(0);
            expect(position).toBeLessThanOrEqual(text.length);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
