// Prepares the e2e data folder before the server starts (see start-server.mjs), with the server's
// own code: migrations, reference and demo data, then the accounts of e2e-users.ts. The server
// then finds its demo data in place and does not seed again.
//   node --import tsx seed-fixtures.ts <data dir>
import { openDatabase } from "../apps/server/src/db/client.ts";
import { seedCompany } from "../apps/server/src/db/seed/companies.ts";
import { DEMO_PASSWORD, seedDemo } from "../apps/server/src/db/seed/demo.ts";
import { seedNotifications } from "../apps/server/src/db/seed/news.ts";
import { ensureReferenceData } from "../apps/server/src/db/seed/reference.ts";
import { seedUser } from "../apps/server/src/db/seed/users.ts";
import { BELL_NOTIFICATIONS, E2E_USERS } from "./e2e-users.ts";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: seed-fixtures.ts <data dir>");

const database = await openDatabase({ dataDir });
try {
  await database.migrate();
  await ensureReferenceData(database.db);
  await seedDemo(database.db);

  const ids: Record<string, number> = {};
  const companyIds = new Map<string, number>();
  for (const [key, account] of Object.entries(E2E_USERS)) {
    const companyName = "company" in account ? account.company : undefined;
    if (companyName && !companyIds.has(companyName)) {
      companyIds.set(companyName, (await seedCompany(database.db, { name: companyName })).company.id);
    }
    const companyId = companyName ? companyIds.get(companyName) : undefined;
    const user = await seedUser(database.db, {
      username: account.username,
      password: DEMO_PASSWORD,
      email: `${account.username}@e2e.nadoy.local`,
      firstName: "Тест",
      lastName: key,
      roles: [account.role],
      readStatus: account.readStatus,
      companyIds: companyId === undefined ? [] : [companyId],
    });
    ids[key] = user.id;
  }

  const bellId = ids.bell;
  if (bellId === undefined) throw new Error("the bell account was not created");
  const now = Date.now();
  await seedNotifications(
    database.db,
    bellId,
    Array.from({ length: BELL_NOTIFICATIONS }, (_, i) => ({
      title: `Событие на ферме №${i + 1}`,
      msg: `Проверочное уведомление ${i + 1} из ${BELL_NOTIFICATIONS}.`,
      dt: new Date(now - i * 60_000),
      link: i === 0 ? "/reports" : null,
    })),
  );
} finally {
  await database.close();
}
