import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The JWT signing secret: JWT_SECRET when given, else one generated on first start and kept in
 * DATA_DIR (several instances behind a load balancer must be given the same JWT_SECRET).
 */
export function loadSigningSecret(given: string | undefined, dataDir: string): string {
  if (given) return given;
  const file = join(dataDir, "jwt-secret");
  try {
    const kept = readFileSync(file, "utf8").trim();
    if (kept.length >= 32) return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
