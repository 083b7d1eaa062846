import dayjs from "dayjs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isoDay } from "../../../shared/lib/iso-day.ts";
import { lastDays, moscowToday } from "../../../shared/lib/moscow-today.ts";
import { filterOf, paramsOf, queryOf } from "./usage-url.ts";

const today = dayjs("2026-11-25T12:00:00");
const params = (search: string) => new URLSearchParams(search);

describe("the usage filter in the URL", () => {
  it("is the last 30 days, everyone, every section without parameters", () => {
    expect(filterOf(params(""), today)).toEqual({
      from: "2026-10-27",
      to: "2026-11-25",
      userId: undefined,
      section: undefined,
    });
  });

  it("reads a period, a user and a section", () => {
    expect(filterOf(params("from=2026-11-01&to=2026-11-10&user_id=12&section=%2Flists"), today)).toEqual({
      from: "2026-11-01",
      to: "2026-11-10",
      userId: 12,
      section: "/lists",
    });
  });

  it.each([
    ["a reversed period", "from=2026-11-10&to=2026-11-01"],
    ["a period too long", "from=2025-01-01&to=2026-01-03"],
    ["a day that does not exist", "from=2026-02-30&to=2026-03-01"],
    ["another format", "from=01.11.2026&to=10.11.2026"],
    ["one end only", "from=2026-11-01"],
  ])("takes the default period for %s", (_name, search) => {
    expect(filterOf(params(search), today)).toMatchObject({ from: "2026-10-27", to: "2026-11-25" });
  });

  it("ignores an odd user id and an empty section", () => {
    expect(filterOf(params("user_id=abc&section=%20"), today)).toMatchObject({ userId: undefined, section: undefined });
    expect(filterOf(params("user_id=-3"), today).userId).toBeUndefined();
  });

  it("writes only what differs from the defaults, and reads back what it wrote", () => {
    const filter = { from: "2026-11-01", to: "2026-11-10", userId: 12, section: "/lists" };
    expect(paramsOf(filter, today)).toEqual({ from: "2026-11-01", to: "2026-11-10", user_id: "12", section: "/lists" });
    expect(filterOf(params(new URLSearchParams(paramsOf(filter, today)).toString()), today)).toEqual(filter);
    expect(paramsOf({ ...filter, from: "2026-10-27", to: "2026-11-25", userId: undefined }, today)).toEqual({
      section: "/lists",
    });
  });

  it("asks the API with the same filter", () => {
    expect(queryOf({ from: "2026-11-01", to: "2026-11-10", userId: undefined, section: "/lists" })).toEqual({
      from: "2026-11-01",
      to: "2026-11-10",
      section: "/lists",
    });
  });

  it("counts both ends of a period of the last days", () => {
    const [from, to] = lastDays(7, today);
    expect([from.format("YYYY-MM-DD"), to.format("YYYY-MM-DD")]).toEqual(["2026-11-19", "2026-11-25"]);
  });

  it("ends the default period on Moscow's today, as the server counts hits, whatever the browser's zone", () => {
    // 21:30 UTC on the 27th is 00:30 on the 28th in Moscow: the 28th's first hits are in the period.
    const late = moscowToday(Date.parse("2026-11-27T21:30:00Z"));
    expect(filterOf(params(""), late)).toMatchObject({ from: "2026-10-30", to: "2026-11-28" });
    expect(paramsOf(filterOf(params(""), late), late)).toEqual({});
    expect(filterOf(params(""), moscowToday(Date.parse("2026-11-27T20:59:00Z"))).to).toBe("2026-11-27");
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("counts from Moscow's today when the page gives no day (a browser on UTC after 21:00)", () => {
    vi.useFakeTimers({ now: Date.parse("2026-11-27T21:30:00Z") });
    expect(filterOf(params(""))).toMatchObject({ from: "2026-10-30", to: "2026-11-28" });
    expect(isoDay(lastDays(7)[1])).toBe("2026-11-28");
  });
});
