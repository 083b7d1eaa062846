import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pageSection, usageQuerySchema } from "./usage.ts";

describe("pageSection", () => {
  it.each([
    ["/", "/"],
    ["", "/"],
    ["//", "/"],
    ["/lists", "/lists"],
    ["/lists/", "/lists"],
    ["/lists/7f1c/rows", "/lists"],
    ["//lists//x", "/lists"],
    ["/services/report/1/7f1c", "/services"],
    ["/user-pages/notifications", "/user-pages"],
    ["/admin/audit", "/admin"],
    ["/reset-password/:token", "/reset-password"],
    ["/reports?tab=2", "/reports"],
    ["/reports#top", "/reports"],
    ["/?utm=1", "/"],
    ["/#x", "/"],
    ["/a?b/c", "/a"],
    ["lists/x", "/lists"],
    ["/Новости/1", "/Новости"],
  ])("%j → %j", (path, section) => {
    expect(pageSection(path)).toBe(section);
  });

  it("gives one segment, with a leading slash and no query or hash", () => {
    fc.assert(
      fc.property(fc.string(), (path) => {
        const section = pageSection(path);
        expect(section.startsWith("/")).toBe(true);
        expect(section.slice(1)).not.toMatch(/[/?#]/);
      }),
    );
  });

  it("is the same for every page under a section", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z_-]{1,12}$/),
        fc.array(fc.stringMatching(/^[a-z0-9]{0,8}$/)),
        (first, rest) => {
          expect(pageSection(`/${[first, ...rest].join("/")}`)).toBe(`/${first}`);
        },
      ),
    );
  });
});

describe("usageQuerySchema", () => {
  it("takes calendar days, an optional user and section", () => {
    expect(usageQuerySchema.parse({ from: "2026-11-01", to: "2026-11-25", user_id: "7", section: " /lists " })).toEqual(
      {
        from: "2026-11-01",
        to: "2026-11-25",
        user_id: 7,
        section: "/lists",
      },
    );
  });

  it.each([
    [{ from: "2026-02-30", to: "2026-03-01" }],
    [{ from: "01.11.2026", to: "2026-11-25" }],
    [{ from: "2026-11-01" }],
    [{ from: "2026-11-01", to: "2026-11-25", user_id: "0" }],
    [{ from: "2026-11-01", to: "2026-11-25", extra: "1" }],
  ])("refuses %j", (query) => {
    expect(usageQuerySchema.safeParse(query).success).toBe(false);
  });
});
