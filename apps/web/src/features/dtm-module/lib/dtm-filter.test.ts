import { describe, expect, it } from "vitest";
import { isoDay } from "../../../shared/lib/iso-day.ts";
import { moscowToday } from "../../../shared/lib/moscow-today.ts";
import { defaultFilter } from "./dtm-filter.ts";

describe("the DTM log's days", () => {
  it("are Moscow days, as the server counts them, whatever the browser's zone", () => {
    // 21:30 UTC on 27 November is 00:30 on the 28th in Moscow: a transfer made now is in the 28th.
    const now = Date.parse("2026-11-27T21:30:00Z");
    expect(isoDay(moscowToday(now))).toBe("2026-11-28");
    expect(defaultFilter(moscowToday(now))).toEqual({ from: "2026-11-15", to: "2026-11-28" });
    expect(isoDay(moscowToday(Date.parse("2026-11-27T20:59:00Z")))).toBe("2026-11-27");
  });
});
