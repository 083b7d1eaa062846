import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { accessTokenFor } from "../../../test/callers.ts";
import type { TestApp } from "../../../test/test-app.ts";
import { herdAnimals, userDatabaseAccess, userDatabases } from "../../db/schema/index.ts";
import { seedCompany } from "../../db/seed/companies.ts";
import { seedUser } from "../../db/seed/users.ts";
import { herdToday } from "./herd-today.ts";

// What the herd read tests share: a company with a herd database (and a monitoring one), callers
// given both, animals inserted as rows, and days counted back from today (DIM depends on it).

/** YYYY-MM-DD `n` days before today (Moscow), as the server counts DIM. */
export function daysAgo(n: number): string {
  const today = new Date(`${herdToday()}T00:00:00Z`);
  return new Date(today.getTime() - n * 86_400_000).toISOString().slice(0, 10);
}

export function ok<T>(res: LightMyRequestResponse, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

/**
 * Company «Заря» with the herd database «Стадо» and the monitoring database «Датчики»; a
 * zootechnician (role 3) and a viewer (role 6) of «Заря» given both; a zootechnician of «Восход»
 * given «Стадо» too (no member of «Заря»: it stays invisible to them).
 */
export async function seedHerdWorld(t: TestApp) {
  const db = t.database.db;
  const zarya = await seedCompany(db, { name: "Заря", farms: [{ name: "МТФ-1" }] });
  const voskhod = await seedCompany(db, { name: "Восход" });
  const [herd, monitoring] = await db
    .insert(userDatabases)
    .values([
      { companyId: zarya.company.id, farmId: zarya.farms[0]?.id, name: "Стадо", server: "s", dbName: "herd" },
      { companyId: zarya.company.id, name: "Датчики", server: "s", dbName: "sensors", kind: "monitoring" },
    ])
    .returning();
  if (!herd || !monitoring) throw new Error("databases inserted");
  const user = async (username: string, roles: number[], companyId: number, firstName = "", lastName = "") => {
    const u = await seedUser(db, {
      username,
      email: `${username}@example.com`,
      roles,
      companyIds: [companyId],
      firstName,
      lastName,
    });
    await db.insert(userDatabaseAccess).values([
      { userId: u.id, databaseId: herd.id },
      { userId: u.id, databaseId: monitoring.id },
    ]);
    return { id: u.id, token: await accessTokenFor(t, u.id) };
  };
  const zoo = await user("zoo", [3], zarya.company.id, "Анна", "Петрова");
  const viewer = await user("viewer", [6], zarya.company.id);
  const other = await user("other", [3], voskhod.company.id);
  return { zarya, herd, monitoring, zoo, viewer, other };
}

export type AnimalInput = typeof herdAnimals.$inferInsert;

/** Inserts animals of `databaseId` and answers them by barn number plus birth date («33/2015-05-05»). */
export async function seedAnimals(t: TestApp, databaseId: number, animals: Omit<AnimalInput, "databaseId">[]) {
  const rows = await t.database.db
    .insert(herdAnimals)
    .values(animals.map((a) => ({ ...a, databaseId })))
    .returning({
      id: herdAnimals.id,
      uuid: herdAnimals.uuid,
      barn: herdAnimals.barnNumber,
      birth: herdAnimals.birthDate,
    });
  return Object.fromEntries(rows.map((r) => [`${r.barn}/${r.birth ?? ""}`, { id: r.id, uuid: r.uuid }]));
}

export function herdApi(t: TestApp, token: string | undefined, dbUuid: string) {
  const get = (url: string, query?: Record<string, string>) =>
    t.request({ method: "GET", url, token, ...(query && { query }) });
  return {
    animals: (query: Record<string, string> = {}) => get(`/api/herd/${dbUuid}/animals/`, query),
    animal: (uuid: string) => get(`/api/herd/${dbUuid}/animals/${uuid}/`),
    events: (query: Record<string, string> = {}) => get(`/api/herd/${dbUuid}/events/`, query),
    uploads: () => get(`/api/herd/${dbUuid}/uploads/`),
    datasets: () => get("/api/herd/datasets/"),
  };
}
