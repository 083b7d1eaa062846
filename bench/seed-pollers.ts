// Seeds the users of the notification-poll benchmark straight into the app's database before the app
// starts (PGlite allows one process at a time): migrations, the role groups, the demo data (the app
// seeds it only into an empty database, as at its first start), then in a few set-based
// statements N viewers, one open session (refresh-token family) each and 5 notifications each
// (2 unread). Returns each user's id and session, for signAccessToken.
import { Role } from "@nadoy/contract/roles";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows } from "../apps/server/src/db/client.ts";
import { seedDemo } from "../apps/server/src/db/seed/demo.ts";
import { ensureReferenceData } from "../apps/server/src/db/seed/reference.ts";

export interface Poller {
  userId: number;
  sessionId: string;
}

export async function seedPollers(target: { databaseUrl: string | undefined; dataDir: string }, count: number) {
  const database = await openDatabase({
    ...(target.databaseUrl && { databaseUrl: target.databaseUrl }),
    dataDir: target.dataDir,
  });
  try {
    await database.migrate();
    await ensureReferenceData(database.db);
    await seedDemo(database.db);
    const db = database.db;
    await db.execute(sql`insert into users (username, email_confirmed_at)
      select 'poll' || g, now() from generate_series(1, ${count}::int) g`);
    await db.execute(sql`insert into user_groups (user_id, group_id, position)
      select id, ${Role.viewer}::int, 0 from users where username like 'poll%'`);
    await db.execute(sql`insert into notifications (user_id, title, msg, dt, read)
      select u.id, 'Уведомление ' || k, 'Текст уведомления для нагрузочной проверки', now() - k * interval '1 hour', k > 2
      from users u cross join generate_series(1, 5) k where u.username like 'poll%'`);
    const rows = await queryRows<{ id: string; user_id: number }>(
      db,
      sql`insert into refresh_token_families (user_id) select id from users where username like 'poll%'
        returning id, user_id`,
    );
    return rows.map((row): Poller => ({ userId: Number(row.user_id), sessionId: row.id }));
  } finally {
    await database.close();
  }
}
