import type pg from "pg";

/**
 * A database of `kind` in the first company of `username`, given to them: where a benchmark loads
 * its big data and reads it back through the API as that user.
 */
export async function databaseGivenTo(
  client: pg.Client,
  username: string,
  database: { name: string; dbName: string; kind: "herd" | "monitoring" },
): Promise<{ id: number; uuid: string }> {
  const { rows } = await client.query<{ id: number; uuid: string; user_id: number }>(
    `insert into user_databases (company_id, name, server, db_name, kind)
     select m.company_id, $2, 'bench.nadoy.local', $3 || '_' || m.company_id, $4
     from company_memberships m join users u on u.id = m.user_id where u.username = $1
     order by m.company_id limit 1
     returning id, uuid, (select id from users where username = $1) as user_id`,
    [username, database.name, database.dbName, database.kind],
  );
  const row = rows[0];
  if (!row) throw new Error(`${username} is in no company`);
  await client.query("insert into user_database_access (user_id, database_id) values ($1, $2)", [row.user_id, row.id]);
  return { id: row.id, uuid: row.uuid };
}
