import { pluralRu } from "@nadoy/contract/plural";
import { Role } from "@nadoy/contract/roles";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client.ts";

// Silent sources (contract keys.ts): a key with an expected interval that sends nothing for longer
// (since its last transfer, or its creation) is reported to its company's staff once — a bell
// notification linking to its DTM entry (the key generator if it has no DTM code) — and once more
// when it sends again. The mark (api_keys.silent_since) is set and cleared by a conditional UPDATE,
// so that two instances, or two batches at once, notify once. Shared by the job (app.ts, every
// SILENT_CHECK_MS) and the transfer log (transfer-log.ts), whichever feature took the batch.

export const SILENT_CHECK_MS = 5 * 60 * 1000;

/** The staff told: members of the company whose role (first group, spec §6) is 1–5. */
const STAFF_ROLES = [Role.admin, Role.contentEditor, Role.zootechnician, Role.agronomist, Role.farmManager];

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

interface MarkedKey {
  id: number;
  name: string;
  dtm_code: string | null;
  expected_interval_min: number;
  company_id: number;
  workspace_uuid: string;
  dtm_uuid: string | null;
  last_at: Date | string | null;
}

/** Where the notification leads: the key's DTM entry, or its company's key generator. */
const linkOf = (key: MarkedKey) =>
  key.dtm_uuid ? `/services/dtm_module/${key.dtm_uuid}` : `/services/key_generator/${key.workspace_uuid}`;

const moscowTime = new Intl.DateTimeFormat("ru-RU", {
  timeZone: "Europe/Moscow",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** «45 минут», «90 минут», «3 часов» (after «дольше»): whole hours from two hours up. */
export function intervalText(minutes: number): string {
  if (minutes < 120 || minutes % 60 !== 0) return `${minutes} ${pluralRu(minutes, ["минуты", "минут", "минут"])}`;
  const hours = minutes / 60;
  return `${hours} ${pluralRu(hours, ["часа", "часов", "часов"])}`;
}

const keyLabel = (key: Pick<MarkedKey, "name" | "dtm_code">) =>
  key.dtm_code ? `Ключ «${key.name}» (код DTM ${key.dtm_code})` : `Ключ «${key.name}»`;

/** Bell notifications for the company's staff; answers who got one. */
async function notifyStaff(
  tx: Db | Tx,
  companyId: number,
  note: { title: string; msg: string; link: string },
): Promise<number[]> {
  const rows = await queryRows<{ user_id: number }>(
    tx,
    sql`insert into notifications (user_id, title, msg, link)
        select cm.user_id, ${note.title}, ${note.msg}, ${note.link}
        from company_memberships cm
        join users u on u.id = cm.user_id and u.is_active
        where cm.company_id = ${companyId}
          and (select ug.group_id from user_groups ug where ug.user_id = cm.user_id
               order by ug.position, ug.group_id limit 1) in (${sql.join(
                 STAFF_ROLES.map((r) => sql`${r}`),
                 sql`, `,
               )})
        returning user_id`,
  );
  return rows.map((r) => Number(r.user_id));
}

/** The company, workspace and DTM entry of the keys `marked` (a CTE of api_keys rows) . */
const withPlaces = (marked: string) =>
  sql.raw(`select m.id, m.name, m.dtm_code, m.expected_interval_min, m.last_at, w.company_id, w.uuid as workspace_uuid,
      e.uuid as dtm_uuid
    from ${marked} m
    join keygen_workspaces w on w.id = m.workspace_id
    left join dtm_entries e on e.company_id = w.company_id and e.company_code = m.dtm_code`);

/**
 * Marks silent every valid key (not revoked, not expired at `now`) with an expected interval whose
 * last transfer (or creation) is older than it and that is not marked yet, and tells each one's
 * company staff. Answers the users notified (for the realtime hint).
 */
export async function checkSilentSources(db: Db, now: Date): Promise<number[]> {
  return db.transaction(async (tx) => {
    const at = now.toISOString();
    const keys = await queryRows<MarkedKey>(
      tx,
      sql`with last as (
            select k.id, (select max(t.at) from data_transfers t where t.key_id = k.id) as sent_at
            from api_keys k
            where k.expected_interval_min is not null and k.revoked_at is null and k.silent_since is null
              and (k.expires_at is null or k.expires_at > ${at}::timestamptz)
          ), marked as (
            update api_keys k set silent_since = ${at}::timestamptz
            from last
            where k.id = last.id and k.silent_since is null
              and coalesce(last.sent_at, k.created_at) < ${at}::timestamptz - make_interval(mins => k.expected_interval_min)
            returning k.id, k.name, k.dtm_code, k.expected_interval_min, k.workspace_id, last.sent_at as last_at
          )
          ${withPlaces("marked")}
          order by m.id`,
    );
    const notified: number[] = [];
    for (const key of keys) {
      const since = key.last_at
        ? `последняя передача — ${moscowTime.format(new Date(key.last_at))} (МСК)`
        : "с момента создания он не передал ничего";
      notified.push(
        ...(await notifyStaff(tx, key.company_id, {
          title: "Источник данных молчит",
          msg: `${keyLabel(key)} не передаёт данные дольше ${intervalText(key.expected_interval_min)}: ${since}. Проверьте программу или устройство на ферме.`,
          link: linkOf(key),
        })),
      );
    }
    return [...new Set(notified)];
  });
}

/**
 * A transfer came from key `keyId`: if it was marked silent, clears the mark and tells its staff
 * it is back — once. Answers the users notified. Every batch runs this: one UPDATE by primary key
 * that finds nothing unless the key was silent; no transaction around it for that common case.
 */
export async function sourceIsBack(db: Db, keyId: number): Promise<number[]> {
  const [key] = await queryRows<MarkedKey>(
    db,
    sql`with marked as (
            update api_keys set silent_since = null
            where id = ${keyId} and silent_since is not null
            returning id, name, dtm_code, expected_interval_min, workspace_id, null::timestamptz as last_at
          )
          ${withPlaces("marked")}`,
  );
  if (!key) return [];
  return notifyStaff(db, key.company_id, {
    title: "Источник данных снова на связи",
    msg: `${keyLabel(key)} снова передаёт данные.`,
    link: linkOf(key),
  });
}
