import { describe, expect, it } from "vitest";
import { previousDays, previousRange } from "./previous-range.ts";
import { durationText, figure, quickDays, quickRange, siteDateTime } from "./site-time.ts";

describe("site time", () => {
  const now = Date.parse("2026-03-10T03:30:00Z"); // 10:30 in Novosibirsk (UTC+7)

  it("starts «today» at the site's local midnight, not the browser's", () => {
    expect(quickRange("today", "Asia/Novosibirsk", now)).toEqual({
      from: "2026-03-09T17:00:00.000Z",
      to: "2026-03-10T03:30:00.000Z",
    });
    expect(quickRange("today", "Europe/Moscow", now).from).toBe("2026-03-09T21:00:00.000Z");
  });

  it("counts 24 hours, 7 and 30 days back from now", () => {
    expect(quickRange("24h", "Asia/Novosibirsk", now).from).toBe("2026-03-09T03:30:00.000Z");
    expect(quickRange("7d", "Asia/Novosibirsk", now).from).toBe("2026-03-03T03:30:00.000Z");
    expect(quickRange("30d", "Asia/Novosibirsk", now).from).toBe("2026-02-08T03:30:00.000Z");
    expect(quickRange("90d", "Asia/Novosibirsk", now).from).toBe("2025-12-10T03:30:00.000Z");
    expect(quickRange("365d", "Asia/Novosibirsk", now).from).toBe("2025-03-10T03:30:00.000Z");
  });

  it("starts a day page's quick range at a local midnight: «7 дней» is 7 local days ending today", () => {
    // Now 10.03 10:30 local: 7 days are 04.03 00:00 (03.03 17:00Z) to now, 30 days from 09.02.
    expect(quickDays("7d", "Asia/Novosibirsk", now)).toEqual({
      from: "2026-03-03T17:00:00.000Z",
      to: "2026-03-10T03:30:00.000Z",
    });
    expect(quickDays("today", "Asia/Novosibirsk", now).from).toBe("2026-03-09T17:00:00.000Z");
    expect(quickDays("30d", "Asia/Novosibirsk", now).from).toBe("2026-02-08T17:00:00.000Z");
    // The previous period: the 7 whole days 25.02–03.03, ending where the range starts.
    expect(previousDays(quickDays("7d", "Asia/Novosibirsk", now), "Asia/Novosibirsk")).toEqual({
      from: "2026-02-24T17:00:00.000Z",
      to: "2026-03-03T17:00:00.000Z",
    });
    // A custom range of whole days 10.03–11.03 (to the next midnight) is 2 days: before it 08.03–09.03.
    expect(
      previousDays({ from: "2026-03-09T17:00:00.000Z", to: "2026-03-11T17:00:00.000Z" }, "Asia/Novosibirsk"),
    ).toEqual({ from: "2026-03-07T17:00:00.000Z", to: "2026-03-09T17:00:00.000Z" });
  });

  it("compares a range with the equal one before it, and a range under a day with its hours a day earlier", () => {
    // «7 дней» as 7 × 24 h: the 7 × 24 h before.
    expect(previousRange({ from: "2026-03-03T03:30:00.000Z", to: "2026-03-10T03:30:00.000Z" })).toEqual({
      from: "2026-02-24T03:30:00.000Z",
      to: "2026-03-03T03:30:00.000Z",
    });
    // «Сегодня» in Novosibirsk until 10:30: yesterday until 10:30, not yesterday evening.
    expect(previousRange({ from: "2026-03-09T17:00:00.000Z", to: "2026-03-10T03:30:00.000Z" })).toEqual({
      from: "2026-03-08T17:00:00.000Z",
      to: "2026-03-09T03:30:00.000Z",
    });
  });

  it("shows instants on the site's wall clock", () => {
    expect(siteDateTime("2026-03-09T17:00:00.000Z", "Asia/Novosibirsk")).toBe("10.03.2026 00:00");
  });

  it("says durations and figures in Russian", () => {
    expect(durationText(7200)).toBe("2 ч 00 мин");
    expect(durationText(45 * 60)).toBe("45 мин");
    expect(durationText(3 * 86_400 + 4 * 3600)).toBe("3 д 4 ч");
    expect(durationText(12)).toBe("12 с");
    expect(figure(1234.5, "кВт·ч")).toBe("1\u00a0234,5 кВт·ч");
    expect(figure(null)).toBe("—");
  });
});
