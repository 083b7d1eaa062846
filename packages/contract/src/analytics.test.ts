import { describe, expect, it } from "vitest";
import { pageHitBodySchema, pageHitRoute } from "./analytics.ts";
import { PAGE_HIT_PATH_MAX, PAGE_HITS_PER_MINUTE } from "./constants.ts";

describe("page hit schema", () => {
  it.each(["/", "/reports", "/services/report/2/abc?x=1#top", "/чат/1"])("accepts %s", (path) => {
    expect(pageHitBodySchema.parse({ path })).toEqual({ path });
  });

  it.each([
    ["no leading slash", "reports"],
    ["an absolute URL", "https://example.com/"],
    ["empty", ""],
    ["a newline", "/a\nb"],
    ["too long", `/${"a".repeat(PAGE_HIT_PATH_MAX)}`],
  ])("refuses a path that is %s", (_name, path) => {
    expect(pageHitBodySchema.safeParse({ path }).success).toBe(false);
  });

  it("refuses unknown fields and answers 204 under a per-minute limit", () => {
    expect(pageHitBodySchema.safeParse({ path: "/", at: "now" }).success).toBe(false);
    expect(pageHitRoute.status).toBe(204);
    expect(pageHitRoute.rateLimit).toEqual({ max: PAGE_HITS_PER_MINUTE, timeWindowMs: 60_000 });
  });
});
