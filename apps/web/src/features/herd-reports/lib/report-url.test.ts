import dayjs from "dayjs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { periodPresets, reportParamsOf, reportQueryOf, withQuickFilter, withSegment } from "./report-url.ts";

const SEG = "8b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9";

describe("the report's view in the URL", () => {
  it("reads what the link says and drops what is not valid", () => {
    const query = reportQueryOf(
      new URLSearchParams("from=2026-01-01&to=2026-03-31&compare=last_year&lact_group=3%2B&pen=5&segment=nope"),
    );
    expect(query).toEqual({ from: "2026-01-01", to: "2026-03-31", compare: "last_year", lact_group: "3+", pen: "5" });
    expect(reportQueryOf(new URLSearchParams("compare=always&from=31.12.2026"))).toEqual({ compare: "previous" });
  });

  it("writes only what differs from the defaults, and reads it back the same", () => {
    const query = { compare: "previous" as const, from: "2026-01-01", to: "2026-03-31", segment: SEG };
    expect(reportParamsOf(query)).toEqual({ from: "2026-01-01", to: "2026-03-31", segment: SEG });
    expect(reportQueryOf(new URLSearchParams(reportParamsOf(query)))).toEqual(query);
  });

  it("takes a saved segment or quick filters, never both", () => {
    const quick = { compare: "none" as const, lact_group: "1" as const, pen: "7" };
    expect(withSegment(quick, SEG)).toEqual({ compare: "none", segment: SEG });
    expect(withQuickFilter({ compare: "none", segment: SEG }, { lact_group: "2", pen: undefined })).toEqual({
      compare: "none",
      lact_group: "2",
    });
  });

  it("counts the presets back from today", () => {
    const presets = periodPresets(dayjs("2026-11-26"));
    const days = Object.fromEntries(
      presets.map((p) => [p.label, p.value.map((d) => d.format("YYYY-MM-DD")).join(" — ")]),
    );
    expect(days).toEqual({
      "Последние 30 дней": "2026-10-28 — 2026-11-26",
      "3 месяца": "2026-08-27 — 2026-11-26",
      "12 месяцев": "2025-11-27 — 2026-11-26",
      "С начала года": "2026-01-01 — 2026-11-26",
      "Прошлый год": "2025-01-01 — 2025-12-31",
    });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("ends the presets on Moscow's today, as the server counts the herd's day (a browser on UTC after 21:00)", () => {
    vi.useFakeTimers({ now: Date.parse("2026-11-27T21:30:00Z") });
    const last = periodPresets().find((p) => p.label === "Последние 30 дней")?.value;
    expect(last?.map((d) => d.format("YYYY-MM-DD"))).toEqual(["2026-10-30", "2026-11-28"]);
  });
});
