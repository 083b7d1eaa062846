import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { newestChangelogEntry, REPOSITORY_ROOT, readBuildInfo } from "../build-info.ts";

const changelog = readFileSync(resolve(REPOSITORY_ROOT, "CHANGELOG.md"), "utf8");

describe("build info (About dialog)", () => {
  it("the newest CHANGELOG.md entry is the version in the root package.json", () => {
    const pkg = JSON.parse(readFileSync(resolve(REPOSITORY_ROOT, "package.json"), "utf8"));
    expect(newestChangelogEntry(changelog).version).toBe(pkg.version);
    expect(readBuildInfo()).toEqual({ version: pkg.version, releaseDate: newestChangelogEntry(changelog).date });
  });

  it("is what the build injected", () => {
    expect(__APP_VERSION__).toBe(readBuildInfo().version);
    expect(__APP_RELEASE_DATE__).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("reads the first entry heading", () => {
    expect(newestChangelogEntry("# История\n\n## 1.2.0 — 2027-03-01\n\n## 1.1.0 — 2027-01-10\n")).toEqual({
      version: "1.2.0",
      date: "2027-03-01",
    });
    expect(() => newestChangelogEntry("# Пусто")).toThrow();
  });
});
