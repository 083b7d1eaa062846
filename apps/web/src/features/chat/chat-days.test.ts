import { describe, expect, it } from "vitest";
import { messageDayLabel, startsDay } from "./chat-days.ts";

describe("chat day separators", () => {
  const now = new Date("2026-11-26T15:00:00");

  it("names today, yesterday, a day this year and a day of another year", () => {
    expect(messageDayLabel("2026-11-26T08:00:00", now)).toBe("Сегодня");
    expect(messageDayLabel("2026-11-25T23:59:00", now)).toBe("Вчера");
    expect(messageDayLabel("2026-11-24T10:00:00", now)).toBe("24 ноября");
    expect(messageDayLabel("2026-03-01T10:00:00", now)).toBe("1 марта");
    expect(messageDayLabel("2025-11-25T10:00:00", now)).toBe("25 ноября 2025");
  });

  it("starts a day at the first message and at each change of date", () => {
    expect(startsDay("2026-11-26T08:00:00", undefined)).toBe(true);
    expect(startsDay("2026-11-26T08:00:00", "2026-11-26T07:00:00")).toBe(false);
    expect(startsDay("2026-11-26T00:01:00", "2026-11-25T23:59:00")).toBe(true);
  });
});
