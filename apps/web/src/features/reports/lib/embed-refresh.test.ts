import { EMBED_TTL_SECONDS } from "@nadoy/contract/reports";
import { describe, expect, it } from "vitest";
import { EMBED_REFRESH_MIN_MS, embedRefreshDelay } from "./embed-refresh.ts";

const NOW = Date.parse("2026-03-05T12:00:00.000Z");
const at = (ms: number) => new Date(NOW + ms).toISOString();

describe("embedRefreshDelay", () => {
  it("refreshes 30 s before the signed URL expires", () => {
    expect(embedRefreshDelay(at(600_000), NOW)).toBe(570_000);
    expect(embedRefreshDelay(at(120_000), NOW)).toBe(90_000);
  });

  it("never spins on an expired URL or a clock that is off, nor waits past a token's lifetime", () => {
    expect(embedRefreshDelay(at(-3_600_000), NOW)).toBe(EMBED_REFRESH_MIN_MS);
    expect(embedRefreshDelay(at(20_000), NOW)).toBe(EMBED_REFRESH_MIN_MS);
    expect(embedRefreshDelay(at(86_400_000), NOW)).toBe(EMBED_TTL_SECONDS * 1000 - 30_000);
    expect(embedRefreshDelay("not a date", NOW)).toBe(EMBED_REFRESH_MIN_MS);
  });
});
