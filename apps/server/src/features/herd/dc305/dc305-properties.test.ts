import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INVALID, isMissing, latestYear, parseDate } from "./parse-values.ts";
import { chunks, collect, errorsOf, rowsOf, TODAY } from "./test-fixtures.ts";

// Whatever DC305 (or a spreadsheet after it) writes — any column order, padding, trailing comma,
// CRLF or LF, UTF-8 (with or without BOM) or Windows-1252, commas in the remark — reads back to
// the values written, however the bytes are cut into chunks; and dates survive the century pivot.

const LATEST = latestYear(TODAY); // 2027: two-digit years cover 1928–2027

const isoDay = fc
  .date({ min: new Date("1928-01-01T00:00:00Z"), max: new Date("2027-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

/** The ways DC305 and spreadsheets write a day. */
const DATE_FORMS = ["MM/DD/YY", "M/D/YY", "MM/DD/YYYY", "M/D/YYYY"] as const;
function writeDate(iso: string, form: (typeof DATE_FORMS)[number]): string {
  const [y, m, d] = iso.split("-") as [string, string, string];
  const short = form.startsWith("M/D");
  const month = short ? String(Number(m)) : m;
  const day = short ? String(Number(d)) : d;
  return `${month}/${day}/${form.endsWith("YYYY") ? y : y.slice(2)}`;
}

const text = (units: string, maxLength: number) =>
  fc
    .string({ unit: fc.constantFrom(...units), maxLength })
    .map((s) => s.trim())
    .filter((s) => !isMissing(s));

const eventRecord = fc.record({
  id: fc.integer({ min: 1, max: 9_999_999 }).map(String),
  bdat: fc.option(isoDay, { nil: null }),
  lact: fc.integer({ min: 0, max: 15 }),
  breed: fc.constantFrom("H", "J", "X", "BS"),
  code: fc.constantFrom("LAME", "FOOTRIM", "BRED", "DRY", "SOLD", "XRAY"),
  dim: fc.integer({ min: -300, max: 3000 }),
  date: isoDay,
  // Commas in the remark are not quoted, as DC305 writes them.
  remark: text("ABCxyz09./ ,#&é", 20),
  protocol: text("ABCxyz/ &é", 16),
  tech: text("ABCxyz", 8),
});
type EventRecord = typeof eventRecord extends fc.Arbitrary<infer T> ? T : never;

const COLUMNS = ["ID", "BDAT", "LACT", "CBRD", "Event", "DIM", "Date", "Remark", "Protocols", "Technician"] as const;
type Column = (typeof COLUMNS)[number];

/** How one file is written. */
const layout = fc.record({
  order: fc.shuffledSubarray([...COLUMNS], { minLength: COLUMNS.length }),
  dateForm: fc.constantFrom(...DATE_FORMS),
  missingDate: fc.constantFrom("00000000", "00000000 ", "", "-", "NA"),
  pad: fc.integer({ min: 0, max: 12 }),
  encoding: fc.constantFrom("utf8", "utf8-bom", "latin1"),
  crlf: fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
  cuts: fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 30 }),
});
type Layout = typeof layout extends fc.Arbitrary<infer T> ? T : never;

function cell(r: EventRecord, column: Column, l: Layout): string {
  const day = (iso: string | null) => (iso === null ? l.missingDate : writeDate(iso, l.dateForm));
  const values: Record<Column, string> = {
    ID: r.id,
    BDAT: day(r.bdat),
    LACT: String(r.lact),
    CBRD: r.breed,
    Event: r.code,
    DIM: String(r.dim),
    Date: day(r.date),
    Remark: r.remark,
    Protocols: r.protocol,
    Technician: r.tech,
  };
  const value = values[column];
  // Numbers right-aligned, text left-aligned, both padded with spaces as DC305 does.
  return /^-?\d+$/.test(value) ? `${" ".repeat(l.pad)}${value} ` : `${value}${" ".repeat(l.pad)}`;
}

function writeFile(records: EventRecord[], l: Layout): Buffer {
  const lines = [
    `${l.order.map((c) => `"${c}"`).join(",")},`,
    ...records.map((r) => `${l.order.map((c) => cell(r, c, l)).join(",")},`),
  ];
  const body = lines.map((line, i) => `${line}${l.crlf[i % l.crlf.length] ? "\r\n" : "\n"}`).join("");
  if (l.encoding === "latin1") return Buffer.from(body, "latin1");
  const bytes = Buffer.from(body, "utf8");
  return l.encoding === "utf8-bom" ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]) : bytes;
}

describe("DC305 parser properties", () => {
  it("reads back any table of events as written", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(eventRecord, { maxLength: 12 }), layout, async (records, l) => {
        const parsed = await collect(chunks(writeFile(records, l), l.cuts));
        expect(parsed[0]).toMatchObject({ type: "header", kind: "events", kept: [] });
        expect(errorsOf(parsed)).toEqual([]);
        const rows = rowsOf(parsed);
        expect(rows.map((row) => row.line)).toEqual(records.map((_, i) => i + 2));
        expect(
          rows.map(({ animal, event }) => ({
            id: animal.barn_number,
            bdat: animal.birth_date,
            lact: animal.lact,
            breed: animal.breed,
            code: event?.code,
            dim: event?.dim,
            date: event?.date,
            remark: event?.remark,
            protocol: event?.protocol,
            tech: event?.technician,
          })),
        ).toEqual(records);
      }),
      { numRuns: 300 },
    );
  });

  it("reads any day 1928–2027 back from every date form (today 2026)", () => {
    fc.assert(
      fc.property(isoDay, fc.constantFrom(...DATE_FORMS), (iso, form) => {
        expect(parseDate(writeDate(iso, form), LATEST)).toBe(iso);
      }),
    );
  });

  it("puts a two-digit year in the hundred years ending next year, whatever today is", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1990, max: 2150 }), (yy, year) => {
        const latest = latestYear(new Date(Date.UTC(year, 5, 1)));
        const iso = parseDate(`01/15/${String(yy).padStart(2, "0")}`, latest);
        expect(iso).not.toBe(INVALID);
        const parsedYear = Number(String(iso).slice(0, 4));
        expect(parsedYear % 100).toBe(yy);
        expect(parsedYear).toBeLessThanOrEqual(year + 1);
        expect(parsedYear).toBeGreaterThan(year + 1 - 100);
      }),
    );
  });

  it("accepts a month/day/year exactly when that day exists", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 14 }),
        fc.integer({ min: 0, max: 33 }),
        fc.integer({ min: 1900, max: 2100 }),
        (m, d, y) => {
          const probe = new Date(Date.UTC(y, m - 1, d));
          const exists = m >= 1 && m <= 12 && d >= 1 && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
          const parsed = parseDate(`${m}/${d}/${y}`, LATEST);
          expect(parsed).toBe(exists ? probe.toISOString().slice(0, 10) : INVALID);
        },
      ),
    );
  });
});
