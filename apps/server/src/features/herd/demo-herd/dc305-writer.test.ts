import { describe, expect, it } from "vitest";
import { dc305EventsLines, writeDc305Events, writeDc305List, writeDc305TestDays } from "./dc305-writer.ts";
import type { DemoHerd } from "./demo-herd-types.ts";
import { generateDemoHerd } from "./generate-demo-herd.ts";

/** Two animals sharing barn number 7 (the first sold, the second a heifer), written by hand. */
const HERD: DemoHerd = {
  animals: [
    {
      key: 1,
      barnNumber: "7",
      earTag: "RU5400000001",
      birthDate: "2019-03-05",
      breed: "H",
      sire: "7HO13250",
      dam: null,
      pen: "3",
      exitDate: "2025-02-10",
      exitCode: "SOLD",
      exitReason: "Бесплодие",
    },
    {
      key: 2,
      barnNumber: "7",
      earTag: "RU5400000002",
      birthDate: "2025-06-01",
      breed: "X",
      sire: "29HO18140",
      dam: "1234",
      pen: "10",
      exitDate: null,
      exitCode: null,
      exitReason: null,
    },
  ],
  lactations: [{ animalKey: 1, lact: 3, freshDate: "2024-10-01", dryDate: null }],
  events: [
    {
      animalKey: 1,
      date: "2024-10-01",
      code: "FRESH",
      lact: 3,
      dim: 0,
      remark: "БЫЧОК",
      protocol: "",
      technician: "",
      pen: "1",
    },
    {
      animalKey: 1,
      date: "2024-11-25",
      code: "BRED",
      lact: 3,
      dim: 55,
      remark: "7HO13250",
      protocol: "OVSYNCH",
      technician: "Петров",
      pen: "3",
    },
    {
      animalKey: 1,
      date: "2025-02-10",
      code: "SOLD",
      lact: 3,
      dim: 132,
      remark: "БЕСПЛОДИЕ",
      protocol: "",
      technician: "",
      pen: "3",
    },
    {
      animalKey: 2,
      date: "2025-06-20",
      code: "SCOUR",
      lact: 0,
      dim: 19,
      remark: "",
      protocol: "РЕГИДРАТАЦИЯ",
      technician: "Смирнова",
      pen: "10",
    },
  ],
  testDays: [
    { animalKey: 1, date: "2024-10-15", lact: 3, dim: 14, milkKg: 38.4, fatPct: 4.1, proteinPct: 3.05, scc: 1250 },
  ],
};

describe("DC305 writer", () => {
  it("writes EVENTS in the real layout: quoted header, padded values, trailing commas, 00000000 for a missing date", () => {
    expect(writeDc305Events(HERD)).toBe(
      [
        `"ID","PEN","BDAT","LACT","CBRD","FDAT","Event","DIM","Date","Remark","Protocols","Technician",`,
        "         7 ,     1 ,03/05/19,   3 ,H    ,10/01/24,FRESH      ,   0 ,10/01/24,БЫЧОК           ,                ,,",
        "         7 ,     3 ,03/05/19,   3 ,H    ,10/01/24,BRED       ,  55 ,11/25/24,7HO13250        ,OVSYNCH         ,Петров,",
        "         7 ,     3 ,03/05/19,   3 ,H    ,10/01/24,SOLD       , 132 ,02/10/25,БЕСПЛОДИЕ       ,                ,,",
        "         7 ,    10 ,06/01/25,   0 ,X    ,00000000 ,SCOUR      ,  19 ,06/20/25,                ,РЕГИДРАТАЦИЯ    ,Смирнова,",
        "",
      ].join("\n"),
    );
  });

  it("writes LIST with the items now: RC 7 and ARDAT for the sold cow, blanks for the heifer", () => {
    expect(writeDc305List(HERD, "2026-01-15")).toBe(
      [
        `"ID","EID","BDAT","LACT","PEN","RC","FDAT","DDAT","ARDAT","SID","DID","CBRD",`,
        "         7 ,RU5400000001   ,03/05/19,   3 ,     3 ,  7 ,10/01/24,00000000 ,02/10/25,7HO13250    ,           ,H    ,",
        "         7 ,RU5400000002   ,06/01/25,   0 ,    10 ,  0 ,00000000 ,00000000 ,00000000 ,29HO18140   ,      1234 ,X    ,",
        "",
      ].join("\n"),
    );
  });

  it("writes test days as a LIST-style file, SCC in thousands (a wide value overflows its column)", () => {
    expect(writeDc305TestDays(HERD)).toBe(
      [
        `"ID","BDAT","LACT","FDAT","TDAT","DIM","MILK","PCTF","PCTP","SCC",`,
        "         7 ,03/05/19,   3 ,10/01/24,10/15/24,  14 ,  38.4 , 4.10 , 3.05 ,  1250 ,",
        "",
      ].join("\n"),
    );
  });

  it("streams the same lines it joins into a string", () => {
    const records = [
      {
        animal: HERD.animals[1] as DemoHerd["animals"][number],
        lactations: [],
        events: HERD.events.slice(3),
        testDays: [],
      },
    ];
    const lines = [...dc305EventsLines(records)];
    expect(lines).toHaveLength(2);
    expect(lines.every((l) => l.endsWith(",\n"))).toBe(true);
  });
});

describe("DC305 files of a generated herd", () => {
  const today = "2026-11-26";
  const herd = generateDemoHerd({ seed: 9, today, scale: 0.1, years: 2 });
  /** The century rule a reader applies: 20YY unless more than a year after the latest date, else 19YY. */
  const readDate = (text: string, latest: string) => {
    const [mm, dd, yy] = text.split("/");
    let year = 2000 + Number(yy);
    if (year > Number(latest.slice(0, 4)) + 1) year -= 100;
    return `${year}-${mm}-${dd}`;
  };

  it("splits every line into the header's columns, dates as MM/DD/YY or 00000000, read back to the same day", () => {
    const isoDates = new Set([
      ...herd.animals.map((a) => a.birthDate),
      ...herd.events.map((e) => e.date),
      ...herd.testDays.map((t) => t.date),
    ]);
    for (const text of [writeDc305Events(herd), writeDc305List(herd, today), writeDc305TestDays(herd)]) {
      const [header = "", ...lines] = text.split("\n");
      expect(lines.pop()).toBe("");
      const columns = header.split(",");
      const bad: string[] = [];
      for (const line of lines) {
        const fields = line.split(",");
        if (fields.length !== columns.length || fields[fields.length - 1] !== "") bad.push(line);
        for (const [i, name] of columns.entries()) {
          if (!/DAT|"Date"/.test(name)) continue;
          const value = fields[i] ?? "";
          if (value === "00000000 ") continue;
          if (!/^\d\d\/\d\d\/\d\d$/.test(value)) bad.push(line);
          else if (name.includes("BDAT") || name === '"Date"' || name.includes("TDAT")) {
            if (!isoDates.has(readDate(value, today))) bad.push(line);
          }
        }
      }
      expect(bad).toEqual([]);
      expect(lines.length).toBeGreaterThan(100);
    }
  });
});
