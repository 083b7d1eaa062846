import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadSigningSecret } from "./secret.ts";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "nadoy-secret-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("JWT signing secret", () => {
  it("is generated on first start, kept in DATA_DIR with owner-only access and reused", () => {
    const dataDir = join(tempDir(), "nested", "data");
    const first = loadSigningSecret(undefined, dataDir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, "jwt-secret"), "utf8").trim()).toBe(first);
    expect(statSync(join(dataDir, "jwt-secret")).mode & 0o777).toBe(0o600);
    expect(loadSigningSecret(undefined, dataDir)).toBe(first);
  });

  it("differs between two fresh data folders (no constant in the code)", () => {
    expect(loadSigningSecret(undefined, tempDir())).not.toBe(loadSigningSecret(undefined, tempDir()));
  });

  it("is JWT_SECRET when given, and then nothing is written", () => {
    const dataDir = tempDir();
    const given = "x".repeat(40);
    expect(loadSigningSecret(given, dataDir)).toBe(given);
    expect(() => statSync(join(dataDir, "jwt-secret"))).toThrow();
  });
});
